"""What a metric offers its confidence intervals beyond the bootstrap: registry rows
hold these as ``proportion`` (the (count, nobs) of a count-over-count metric, for
the binomial proportion intervals), ``analytic`` (a closed-form standard error) and
``ranked`` (the standard error of a ROC AUC from its ranking). Each is a function of
the state and the metric's options, as its query is."""

import inspect
import math
from fractions import Fraction

import numpy as np

from .. import validation as _validation
from ..core.options import Default
from . import (formulas as _formulas, label_metrics as _label_metrics, ranking as _ranking,
               score_metrics as _score_metrics)


# --- proportions ---

_NOT_NORMALIZED = _validation.Phrase("with {0}", _validation.Arg("normalize", False))


def accuracy_counts(state, row, method, params):
    """(count, nobs) of accuracy: the samples entirely right, of all samples."""
    if not params.get("normalize", True):
        raise _validation.interval_unsupported(method, row.alias, _NOT_NORMALIZED)
    return state.tallies.correct, state.tallies.total


def most_common_counts(state, row, method, params):
    """(count, nobs) of the no-information rate: the samples of the most common true
    class, of all samples."""
    return np.max(state.tallies.support), state.tallies.total


def top_k_counts(state, row, method, params):
    """(count, nobs) of top-k accuracy: the samples whose true class is among the k best."""
    if not params.get("normalize", True):
        raise _validation.interval_unsupported(method, row.alias, _NOT_NORMALIZED)
    hits = _label_metrics.top_k_accuracy_score(state, params.get("k", 1), normalize=False)
    return hits, state.tallies.total


def class_proportion(state, row, method, params):
    """(count, nobs) of a count-over-count class metric (its formula's numerator and
    denominator), its options resolved as its method resolves them."""
    defaults = inspect.signature(row.query or _label_metrics.one_vs_rest(row)).parameters
    average, counts = _label_metrics.class_counts(
        state, row, params.get("average", defaults["average"].default),
        params.get("pos_label", defaults["pos_label"].default), None,
        any_problem=True)  # the method itself refuses a binary query it cannot answer
    if average in ("macro", "weighted"):
        raise _validation.interval_unsupported(method, row.alias, _validation.Phrase(
            "with {0} (a mean of ratios)", _validation.Arg("average", average)))
    if average == "micro":
        if not _pools_samples_once(row, state.n_classes, state.is_multilabel):
            raise _pairs_not_samples(method, row.alias, state.n_classes,
                                     state.is_multilabel)
        counts = _formulas.Counts.pooled(counts)
    return row.formula(counts)


def _pools_samples_once(row, n_classes, multilabel):
    """Whether the micro average of a one-vs-rest formula counts each sample at most
    once in its denominator, so that it is a proportion of independent samples.

    Pooled over K classes, a sample of a single-label problem holds one role per
    class: predicted right, it is the TP of its class and a TN of the K - 1 others;
    wrong, the FN of its true class, the FP of its predicted one and a TN of the
    K - 2 others. In a multilabel problem it holds any role in each of the L labels:
    the denominator, a sum of roles, is largest with all L of one role."""
    if multilabel:
        roles = [_formulas.Counts(*(n_classes * (i == j) for j in range(4))) for i in range(4)]
    else:
        roles = [_formulas.Counts(1, 0, 0, n_classes - 1)]
        if n_classes > 1:
            roles.append(_formulas.Counts(0, 1, 1, n_classes - 2))
    return all(row.formula(one)[1] <= 1 for one in roles)


def _pairs_not_samples(method, alias, n_classes, multilabel):
    """The refusal of a proportion interval for a micro average of (sample, class)
    pairs: their count is not a count of independent samples."""
    kind, kinds = ("label", "labels") if multilabel else ("class", "classes")
    instead = (_validation.Phrase("use {0} for an interval of each label (a multilabel "
                                  "evaluation cannot be resampled)",
                                  _validation.Arg("average", None)) if multilabel else
               _validation.Phrase("use {0} or 'bca', which resample samples",
                                  _validation.Arg("method", "bootstrap")))
    return _validation.MethodNotApplicable(
        "{0} does not apply to {alias} with {1} (it pools the one-vs-rest counts of "
        "{n_classes} {kinds}, which count each sample more than once: (sample, {kind}) pairs "
        "are not independent samples); {instead}.", _validation.Arg("method", method),
        _validation.Arg("average", "micro"), alias=alias, n_classes=n_classes, kinds=kinds,
        kind=kind, instead=instead)


# --- closed forms ---


def kappa_standard_error(state, metric, *, weights=None, average=Default("multiclass"),
                         pos_label=Default(1), zero_division=None):
    """Cohen's kappa's large-sample standard error (Fleiss, Cohen and Everitt 1969),
    statsmodels' ``cohens_kappa(table).std_kappa``; weighted kappa with the
    agreement weights 1 - |i - j| / (K - 1) (or its square), as its ``wt``.

    The variance is a difference of nearly equal sums, so it is computed on
    exact integers (Python ints) and rounded once: with counts C, row and column
    sums r and c, integer agreement weights W = D * w, S = sum W_ij r_i c_j,
    A = n sum W C - S, B = D n^2 - S (kappa = A / B), U = W c and V = r W:
    variance = (n sum C_ij (n B W_ij - (U_i + V_j)(B - A))^2
                - (A D n^2 - S (B - A))^2) / (n B^4).
    """
    average = state.averaging(average, pos_label, metric.averages)[0]
    if average != "multiclass":
        raise _validation.interval_unsupported("analytic", "CKS", _validation.Phrase(
            "with {0} (the closed form is of the whole matrix)",
            _validation.Arg("average", average)))
    counts = np.asarray(state.matrix(None)[0]).astype(object)
    classes = np.arange(len(counts))
    distance = np.abs(classes[:, None] - classes) ** (2 if weights == "quadratic" else 1)
    scale = int(distance.max()) if weights is not None and len(counts) > 1 else 1
    agreement = (scale - distance if weights is not None else np.eye(len(counts), dtype=int))
    agreement = agreement.astype(object)
    n = counts.sum()
    rows, columns = counts.sum(axis=1), counts.sum(axis=0)
    chance = (agreement * np.outer(rows, columns)).sum()
    a = n * (agreement * counts).sum() - chance
    b = scale * n * n - chance
    if b == 0:  # kappa is undefined
        return float("nan")
    u, v = agreement.dot(columns), rows.dot(agreement)
    spread = (counts * (n * b * agreement - np.add.outer(u, v) * (b - a)) ** 2).sum()
    numerator = n * spread - (a * scale * n * n - chance * (b - a)) ** 2
    return math.sqrt(Fraction(int(numerator), int(n * b**4)))


def balanced_accuracy_standard_error(state, metric, *, adjusted=False, zero_division=None):
    """sqrt(sum r_k (1 - r_k) / n_k) / K over the recalls r_k of the K classes in y_true
    (supports n_k), divided by 1 - 1/K when adjusted (nan for one class)."""
    t = state.tallies
    present = t.support > 0
    support = t.support[present].astype(np.float64)
    recall = t.tp[present] / support
    classes = present.sum()
    error = np.sqrt((recall * (1 - recall) / support).sum()) / classes
    if adjusted:  # one class: the adjusted score is 0/0, its error undefined
        error = error / (1 - 1 / classes) if classes > 1 else np.nan
    return float(error)


# --- areas under the ROC curve ---

def auc_standard_error(state, row, method, params):
    """The standard error of a binary ROC AUC: DeLong's, from the placement values of
    the cached ranking (``"delong"``), or Hanley and McNeil's, from the area and the
    class counts (``"hanley-mcneil"``); nan where the area is undefined, or DeLong's
    variance with fewer than two samples of a class."""
    if not _score_metrics.is_binary(state, "roc_auc_score (AUC)"):
        raise _validation.interval_unsupported(method, row.alias, _validation.Phrase(
            "of a multiclass problem (it is of one binary ranking)"),
            _validation.Phrase("evaluate one class's scores against the rest with "
                               "from_scores"))
    max_fpr = params.get("max_fpr")
    if max_fpr is not None and _validation.check_max_fpr(max_fpr) != 1:
        raise _validation.interval_unsupported(method, row.alias, _validation.Phrase(
            "with {0} (a partial area)", _validation.Arg("max_fpr", params["max_fpr"])),
            _validation.Phrase("leave {0} out for the whole area", _validation.Arg("max_fpr")))
    ranking = _score_metrics.positive_ranking(state)
    error = ranking_standard_error(ranking, method)
    if method == "delong" and _ranking.has_both(ranking) and math.isnan(error):
        _score_metrics.undefined(_validation.Phrase(
            "DeLong's variance of the ROC AUC with fewer than two samples of a class in "
            "{y_true}, and so its interval,", "y_true"))
    return error


def ranking_standard_error(ranking, method):
    """The standard error of the ROC AUC of one ranking by ``method`` (``"delong"`` or
    ``"hanley-mcneil"``); nan where the area is undefined, or DeLong's variance with
    fewer than two samples of a class."""
    if not _ranking.has_both(ranking):
        return float("nan")
    if method == "delong":
        return math.sqrt(_ranking.delong_variance(ranking))
    n1, n0 = float(ranking.pos.sum()), float(ranking.neg.sum())
    return math.sqrt(_ranking.hanley_mcneil_variance(_ranking.roc_auc(ranking), n1, n0))
