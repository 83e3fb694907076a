"""The metrics of scores: functions of the state of an evaluation built by
``from_scores`` (its curves are in ``metrics.score_curves``).

Each is answered from rankings (``metrics.ranking``) sorted on first use and kept
in the state's cache: one per class of a score matrix, one for 1-D scores.
Binary problems are 1-D scores and two-column matrices (ranked by the second
column, the second class's); a matrix of three or more columns is multiclass.
"""

import math
from functools import partial
from typing import NamedTuple

import numpy as np

from .. import validation as _validation
from ..core import (options as _options, scores as _scores, tally as _tally,
                    user_warnings as _user_warnings)
from ..core.options import Default
from . import formulas as _formulas, ranking as _ranking
from .docstrings import share
from ..core.state import read_only

AUC_AVERAGES = ("macro", "weighted", None)
APS_AVERAGES = ("macro", "weighted", "micro", None)
MULTI_CLASS = ("ovr", "ovo")
STRATEGIES = ("uniform", "quantile")


def _weight(state):
    return _tally.in_units(state.samples.weight)


def whole_weights(state):
    """Whether every sample weighs a whole number (unweighted: one), as repeated
    samples do: of its weights, or a sum's parts'."""
    if state.scored.kept is not None:
        return state.scored.kept.whole
    weight, unit = _weight(state)
    if weight is None:
        return True
    given = weight * unit  # the weights as given (in_units divided them exactly)
    return bool(np.array_equal(given, np.floor(given)))


def _total_weight(state):
    """The samples' weight (in the tallies' unit; None: unweighted, count them) and
    that unit: of the per-sample weights, or of a sum's kept rankings."""
    kept = state.scored.kept
    if kept is None:
        return _weight(state)
    ranking = kept.rankings[0]  # every ranking holds every sample
    if ranking.pos.dtype.kind in "iu":
        return None, 1.0
    return ranking.pos + ranking.neg, state.tallies.unit


def is_binary(state, query):
    """Whether the state ranks binary scores (1-D, or a two-column matrix), for a query
    that needs scores: refused without them."""
    if not state.has_scores():
        raise _validation.scores_needed(query, False)
    return state.is_scored_binary()


def _ranked(state, key, scores, positive):
    """The ranking of the scores ``scores()`` gives for the samples where ``positive``.

    Weighted, it tallies the evaluation's one sort of those scores (kept under
    ``key`` in the shared ``"orders"`` of the cache, which the evaluation's
    resamples share too: a resample is the evaluation under integer weights, and
    never sorts again); unweighted, two value sorts are faster than an argsort.
    """
    weight = _weight(state)[0]
    if weight is None:
        return _ranking.rank(scores(), positive, None)
    orders = state.cached("orders", dict)
    if key not in orders:
        orders[key] = read_only(_ranking.order_of(scores()))
    return _ranking.weighted(orders[key], positive, weight)


def class_rankings(state):
    """One ranking per class of a score matrix: its column against the rest."""
    matrix, kept = state.scored.matrix, state.scored.kept
    if kept is not None:
        return kept.rankings
    return state.cached("classes", lambda: tuple(
        _ranked(state, ("column", k), lambda: matrix[:, k], state.samples.true == k)
        for k in range(state.n_classes)))


def positive_ranking(state):
    """The ranking of a binary problem: 1-D scores, or the positive class's column
    of a matrix (the second, unless ``pos_label`` named the first)."""
    scored = state.scored
    if not scored.vector:
        return class_rankings(state)[scored.positive]
    if scored.kept is not None:  # (cached too: a resample sets its own)
        return state.cached("positive", lambda: scored.kept.rankings[0])
    return state.cached("positive", lambda: _ranked(
        state, "scores", lambda: scored.scores, state.samples.true == scored.positive))


def check_probabilities(state, query, warn=False):
    """Refuse scores that are not probabilities: values outside [0, 1], or rows of a
    matrix whose sums are not 1 within :func:`~permetrics_lite.core.scores.row_tolerances`.
    ``warn``: as scikit-learn's log loss and Brier score, warn of rows summing to 1
    within that tolerance but not within the narrower one (probabilities rounded
    to a few decimals: the loss is of slightly other numbers)."""
    if not state.has_scores():
        raise _validation.scores_needed(query, False)
    check = probability_check(state)
    if check.low < 0 or check.high > 1:
        raise _validation.not_probabilities(query, _validation.Phrase(
            "holds values outside [0, 1] (from {low!r} to {high!r})", low=check.low,
            high=check.high))
    tolerance, quiet = _scores.row_tolerances(state.scored.eps)
    if check.off:
        raise _validation.not_probabilities(query, _validation.Phrase(
            "has {n} row(s) that do not sum to 1 (within {tolerance:.3g}), the first row "
            "{row} summing to {total!r}", n=check.off, tolerance=tolerance, row=check.off_row,
            total=check.off_total))
    rounded = (check.loose, check.loose_row, quiet) if check.loose else None
    if warn and rounded is not None:
        count, row, quiet = rounded
        _user_warnings.warn(_validation.InputWarning(
            "{query}: {count} row(s) of {y_score} do not sum to 1 within {quiet:.3g} (the first "
            "is row {row}): probabilities rounded to a few decimals? The loss is of the rows as "
            "they are; normalise them to silence this.", "y_score", query=query, count=count,
            quiet=quiet, row=row))


class ProbabilityCheck(NamedTuple):
    """Whether scores are probabilities: their range, and the rows of a matrix whose
    sums are off 1 (beyond the tolerance of ``core.scores.row_tolerances``, ``off``;
    beyond its narrower one, ``loose``), each with its first row (-1: none). Sums add
    them up (:func:`added_checks`)."""

    low: float
    high: float
    off: int = 0
    off_row: int = -1
    off_total: float = 1.0
    loose: int = 0
    loose_row: int = -1


def probability_check(state):
    """The state's :class:`ProbabilityCheck`: of its scores (computed once), or a sum's."""
    scored = state.scored
    if scored.kept is not None:
        return scored.kept.checked

    def compute():
        values = scored.scores if scored.scores is not None else scored.matrix
        low, high = float(values.min()), float(values.max())
        if values.ndim == 1:
            return ProbabilityCheck(low, high)
        gap = np.abs(values.sum(axis=1) - 1)
        tolerance, quiet = _scores.row_tolerances(scored.eps)
        off, loose = gap > tolerance, gap > quiet
        off_row, loose_row = (int(np.argmax(f)) if f.any() else -1 for f in (off, loose))
        return ProbabilityCheck(low, high, int(off.sum()), off_row,
                                # exactly rounded: the same in any order of the columns
                                math.fsum(values[off_row]) if off_row >= 0 else 1.0,
                                int(loose.sum()), loose_row)
    return state.cached("probability_check", compute)


def added_checks(first, second, first_rows):
    """The :class:`ProbabilityCheck` of two parts' scores, the second's rows after the
    ``first_rows`` of the first."""
    def row(a, b, count_a):
        return a if count_a else (b + first_rows if b >= 0 else -1)
    return ProbabilityCheck(
        min(first.low, second.low), max(first.high, second.high), first.off + second.off,
        row(first.off_row, second.off_row, first.off),
        first.off_total if first.off else second.off_total, first.loose + second.loose,
        row(first.loose_row, second.loose_row, first.loose))


def undefined(what):
    """nan, with its warning; ``what``: text, or a phrase that names parameters."""
    _user_warnings.warn(_formulas.UndefinedMetricWarning("{what} is undefined (nan).",
                                                         what=what))
    return float("nan")


def binary_auc(ranking, max_fpr, what):
    if not _ranking.has_both(ranking):
        return undefined(_validation.Phrase(
            "{what}: {y_true} has samples of one side only, and ROC AUC", "y_true", what=what))
    return _ranking.roc_auc(ranking, max_fpr)


def _own_average(average, allowed):
    """A query's own ``average``, checked whatever the problem; a default as it is."""
    return average if isinstance(average, Default) else _validation.check_option(
        "average", average, allowed)


def _class_average_of(state, average, allowed, query):
    """The average over the classes of a multiclass matrix: the query's own, else the
    evaluation's (its constructor's ``average``), else the query's default. A binary
    problem has one curve, which no average changes: it never asks."""
    if not isinstance(average, Default):
        return average
    chosen = _options.given(state.defaults, "average", average)
    try:
        return _validation.check_option("average", chosen, allowed)
    except _validation.InputError:
        raise _validation.evaluation_average(chosen, query, allowed) from None


def _class_average(state, values, average, per_class_support):
    """scikit-learn's average of per-class values: macro, support-weighted (a class
    without support counting 0), or ``None`` for ``{label: value}``."""
    if average is None:
        return state.per_label(values)
    if average == "macro":
        return float(np.mean(values))
    support = np.asarray(per_class_support, dtype=np.float64)  # some weight is positive
    present = support > 0  # a class without support counts 0, even where its value is nan
    return float(np.dot(values[present], support[present]) / support.sum())


def rankings_by_class(state):
    """A ranking of each class against the rest: a matrix's columns; for 1-D scores
    the positive class's, and the reverse order for the other class."""
    if not state.scored.vector:
        return class_rankings(state)
    positive = positive_ranking(state)
    rankings = [_ranking.flipped(positive)] * 2
    rankings[state.scored.positive] = positive
    return rankings


def class_aucs(state):
    """The ROC AUC of each class against the rest, in class order (report())."""
    return np.array([binary_auc(r, None, f"Class {label!r}")
                     for r, label in zip(rankings_by_class(state), state.labels.tolist())])


def class_average_precisions(state):
    """The average precision of each class against the rest, in class order (report())."""
    return np.array([binary_ap(r, f"Class {label!r}")
                     for r, label in zip(rankings_by_class(state), state.labels.tolist())])


def _one_vs_one(state, average):
    """Hand and Till's multiclass AUC: the mean over pairs of classes present."""
    if state.scored.kept is not None:
        raise _validation.one_vs_one_of_a_sum()

    def compute():
        weight = _weight(state)[0]
        return _ranking.one_vs_one(state.scored.matrix, state.samples.true, state.n_classes, weight)
    pairs = state.cached("one_vs_one", compute)
    weight = _weight(state)[0]  # a resample's: its drawn weights, not the tallies'
    support = (np.asarray(state.tallies.support, dtype=np.float64) if weight is None else
               np.bincount(state.samples.true, weights=weight, minlength=state.n_classes))
    present = np.flatnonzero(support > 0)
    if len(present) < 2:
        return undefined(_validation.Phrase(
            "One-vs-one ROC AUC with fewer than two classes in {y_true}", "y_true"))
    a, b = np.triu_indices(len(present), 1)
    a, b = present[a], present[b]
    scores = (pairs[a, b] + pairs[b, a]) / 2
    if average == "macro":
        return float(np.mean(scores))
    prevalence = support[a] + support[b]  # each pair's, up to a factor the mean cancels
    return float(np.dot(scores, prevalence) / prevalence.sum())


@share
def roc_auc_score(state, *, average=Default("macro"), multi_class="ovr", max_fpr=None):
    """Area under the ROC curve: how often a positive outscores a negative.

    For evaluations built by ``from_scores``. Binary problems (1-D scores, or
    a two-column matrix ranked by its second column) have one curve, and
    ``average`` and ``multi_class`` do not change it. A matrix of three or
    more classes is averaged over classes (``"ovr"``) or over pairs of
    classes (``"ovo"``).

    Parameters
    ----------
    average : {"macro", "weighted"} or None, default="macro"
        Multiclass only. ``"macro"``: the unweighted mean; ``"weighted"``:
        weighted by each class's support (``"ovr"``) or each pair's prevalence
        (``"ovo"``); ``None``: ``{label: AUC}`` (``"ovr"`` only). The
        constructor's ``average``, when given, replaces the default (one this
        metric does not have is an error).
    multi_class : {"ovr", "ovo"}, default="ovr"
        ``"ovr"``: each class against the rest, by its column.
        ``"ovo"``: Hand and Till's mean over pairs of the classes in y_true,
        each pair the mean of its two one-against-the-other AUCs.
    max_fpr : float in (0, 1], default=None
        Binary only: the area up to this false positive rate, standardised
        as McClish's (0.5 for a random ranking, 1 for a perfect one).

    Returns
    -------
    float or dict
        In [0, 1]; 0.5 is chance, 1.0 a perfect ranking. nan (with an
        :class:`~permetrics_lite.UndefinedMetricWarning`) where y_true has
        no positives or no negatives of a class.

    Raises
    ------
    ValueError
        For an evaluation without scores, an unknown ``average`` or
        ``multi_class``, ``max_fpr`` outside (0, 1] or with a multiclass
        matrix, ``average=None`` with ``"ovo"``, or a multiclass matrix that
        is not probabilities (rows summing to 1), as scikit-learn requires.

    See Also
    --------
    AUC : Short alias.
    roc_curve : The curve itself.

    Notes
    -----
    :math:`\\mathrm{AUC} = \\frac{1}{PN} \\sum_{i \\in +} \\sum_{j \\in -}
    ([s_i > s_j] + \\tfrac12 [s_i = s_j])`, weighted by the products of the
    sample weights when weighted. It is computed from the cached ranking as
    one exact ratio of counts; ``sklearn.metrics.roc_auc_score`` gives the
    same value by trapezoids. Weighted one-vs-one is Hand and Till's with
    weighted pair AUCs and prevalences (scikit-learn refuses weights there).

    Examples
    --------
    >>> from permetrics_lite import ClassificationMetric
    >>> cm = ClassificationMetric.from_scores([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    >>> cm.AUC()
    0.75
    >>> scores = [[0.6, 0.3, 0.1], [0.2, 0.5, 0.3], [0.1, 0.3, 0.6], [0.3, 0.45, 0.25]]
    >>> three = ClassificationMetric.from_scores(["a", "b", "c", "c"], scores)
    >>> three.AUC(average=None)
    {'a': 1.0, 'b': 1.0, 'c': 0.75}
    >>> three.AUC(multi_class="ovo")
    0.9166666666666666
    """
    average = _own_average(average, AUC_AVERAGES)
    multi_class = _validation.check_option("multi_class", multi_class, MULTI_CLASS)
    if max_fpr is not None:
        max_fpr = _validation.check_max_fpr(max_fpr)
    if is_binary(state, "roc_auc_score (AUC)"):
        return binary_auc(positive_ranking(state), max_fpr, "The positive class")
    if max_fpr is not None:
        raise _validation.multiclass_max_fpr(max_fpr)
    average = _class_average_of(state, average, AUC_AVERAGES, "roc_auc_score (AUC)")
    check_probabilities(state, "roc_auc_score (AUC) of a multiclass problem")
    if multi_class == "ovo":
        if average is None:
            raise _validation.ovo_per_class()
        return _one_vs_one(state, average)
    return _class_average(state, class_aucs(state), average,
                          [r.pos.sum() for r in class_rankings(state)])


@share
def average_precision_score(state, *, average=Default("macro")):
    """Average precision: the precision at each threshold, weighted by the recall it adds.

    For evaluations built by ``from_scores``. A binary problem has one
    curve (``average`` does not change it); a multiclass matrix gives one
    per class, each class against the rest by its column, every class of
    the evaluation counting (scikit-learn's multilabel form).

    Parameters
    ----------
    average : {"macro", "weighted", "micro"} or None, default="macro"
        Multiclass only. ``"macro"``: the unweighted mean over classes;
        ``"weighted"``: weighted by support; ``"micro"``: one curve of every
        (sample, class) score; ``None``: ``{label: AP}``. The constructor's
        ``average``, when given, replaces the default (one this metric does not
        have is an error).

    Returns
    -------
    float or dict
        In [0, 1], best 1.0. A class without samples in y_true has AP 0.0,
        with an :class:`~permetrics_lite.UndefinedMetricWarning` (scikit-learn
        gives 0.0 too, setting its recall to 1).

    Raises
    ------
    ValueError
        For an evaluation without scores, or an unknown ``average``.

    See Also
    --------
    APS : Short alias.
    precision_recall_curve : The curve it summarises.

    Notes
    -----
    :math:`\\mathrm{AP} = \\sum_n (R_n - R_{n-1}) P_n` over the distinct
    scores, highest first, as ``sklearn.metrics.average_precision_score``:
    the step function's area, not the trapezoids' (which overestimate it).

    Examples
    --------
    >>> from permetrics_lite import ClassificationMetric
    >>> cm = ClassificationMetric.from_scores([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    >>> round(cm.APS(), 4)
    0.8333
    """
    average = _own_average(average, APS_AVERAGES)
    if is_binary(state, "average_precision_score (APS)"):
        return binary_ap(positive_ranking(state), "The positive class")
    average = _class_average_of(state, average, APS_AVERAGES, "average_precision_score (APS)")
    rankings = class_rankings(state)
    if average == "micro":
        return binary_ap(state.cached("micro", lambda: _ranking.combined(rankings)),
                          "Micro average precision")
    return _class_average(state, class_average_precisions(state), average,
                          [r.pos.sum() for r in rankings])


def binary_ap(ranking, what):
    if ranking.pos.sum() == 0:
        _user_warnings.warn(_formulas.UndefinedMetricWarning(
            "{what} has no samples in {y_true}: its average precision is undefined and set to "
            "0.0.", "y_true", what=what))
        return 0.0
    return _ranking.average_precision(ranking)


def _probability_sum(state, query, of_ranking):
    """The sum over the samples of a loss's terms, from the rankings."""
    check_probabilities(state, query, warn=True)
    if state.scored.vector:
        return of_ranking(positive_ranking(state), complement=True)
    return sum(of_ranking(r) for r in class_rankings(state))


@share
def log_loss(state, *, normalize=True):
    """Log loss (cross-entropy): the mean of -log of each sample's probability of its class.

    For evaluations built by ``from_scores`` with probabilities: 1-D
    scores in [0, 1] (the positive class's), or rows summing to 1.

    Parameters
    ----------
    normalize : bool, default=True
        ``True``: the (weighted) mean; ``False``: the (weighted) sum.

    Returns
    -------
    float
        In [0, inf), best 0.0. Probabilities are clipped to
        ``[eps, 1 - eps]``, eps of the scores' own type as scikit-learn
        clips (float64: a confident mistake costs about 36, not inf;
        float32: about 15.9).

    Raises
    ------
    ValueError
        For an evaluation without scores, or scores that are not
        probabilities (outside [0, 1], or rows not summing to 1 within 1e-5,
        scikit-learn's ``np.allclose``; within 3.5e-4 for float32 scores).

    Warns
    -----
    UserWarning
        For rows that sum to 1 only within that tolerance (probabilities
        rounded to a few decimals), as scikit-learn's ``log_loss`` does.

    See Also
    --------
    LL : Short alias.
    brier_score_loss : A bounded loss of the same probabilities.

    Notes
    -----
    :math:`\\mathrm{LL} = -\\frac{1}{N} \\sum_i \\log p_{i, y_i}`, as
    ``sklearn.metrics.log_loss``. It is summed over the cached rankings:
    samples of equal probability share one logarithm. scikit-learn only
    warns about rows that do not sum to 1; here rows beyond its ``allclose``
    tolerance are an error.

    Examples
    --------
    >>> from permetrics_lite import ClassificationMetric
    >>> cm = ClassificationMetric.from_scores([0, 1, 1], [0.2, 0.9, 0.6])
    >>> round(cm.LL(), 4)
    0.2798
    """
    normalize = _validation.check_bool("normalize", normalize)
    eps = state.scored.eps if state.has_scores() else _ranking.EPS
    total = _probability_sum(state, "log_loss (LL)", partial(_ranking.log_loss_sum, eps=eps))
    return _per_sample(state, total, normalize)


def _per_sample(state, total, normalize=True):
    weight, unit = _total_weight(state)
    if not normalize:
        return float(total * unit)
    return float(total / (state.n_samples if weight is None else weight.sum()))


@share
def brier_score_loss(state, *, scale_by_half="auto"):
    """Brier score: the mean squared difference between probabilities and outcomes.

    For evaluations built by ``from_scores`` with probabilities, as
    scikit-learn 1.9 defines it for binary and multiclass problems.

    Parameters
    ----------
    scale_by_half : bool or "auto", default="auto"
        Halve the sum over classes: ``"auto"`` does for binary problems (1-D
        scores or two columns), so that it is the mean of :math:`(p - y)^2`
        for the positive class, in [0, 1]; multiclass sums range in [0, 2].

    Returns
    -------
    float
        Best 0.0; at most 1.0 halved, 2.0 not.

    Raises
    ------
    ValueError
        For an evaluation without scores, scores that are not probabilities,
        or a ``scale_by_half`` that is not a bool or "auto".

    See Also
    --------
    BSL : Short alias.
    log_loss : The logarithmic loss of the same probabilities.

    Notes
    -----
    :math:`\\mathrm{BSL} = \\frac{c}{N} \\sum_i \\sum_k (p_{ik} - [y_i = k])^2`
    with :math:`c = 1/2` when halved, as ``sklearn.metrics.brier_score_loss``
    (1-D scores :math:`p` are the columns :math:`(1 - p, p)`).

    Examples
    --------
    >>> from permetrics_lite import ClassificationMetric
    >>> cm = ClassificationMetric.from_scores([0, 1, 1], [0.2, 0.9, 0.6])
    >>> round(cm.BSL(), 4)
    0.07
    >>> round(cm.BSL(scale_by_half=False), 4)
    0.14
    """
    if not (isinstance(scale_by_half, str) and scale_by_half == "auto"):
        scale_by_half = _validation.check_bool("scale_by_half", scale_by_half,
                                               _validation.Phrase(' Or pass "auto".'))
    total = _probability_sum(state, "brier_score_loss (BSL)", _ranking.squared_error_sum)
    if scale_by_half == "auto":
        scale_by_half = state.scored.vector or state.n_classes < 3
    return _per_sample(state, total) * (0.5 if scale_by_half else 1.0)


def calibration_ranking(state):
    """The ranking calibration bins: the positive class's probabilities (binary), or
    the top-class confidence against being right (multiclass); scores checked before."""
    if state.is_scored_binary():
        return positive_ranking(state)
    if state.scored.kept is not None:
        return state.scored.kept.confidence

    def confidence():
        return state.scored.matrix[np.arange(state.n_samples), state.samples.pred]
    return state.cached("confidence", lambda: _ranked(
        state, "confidence", confidence, state.samples.pred == state.samples.true))


def check_calibration(state, query, n_bins, strategy):
    """The bins' options, checked with the probabilities they bin; quantiles of
    samples weighted other than by whole numbers (repeated samples) are refused."""
    n_bins = _validation.check_n_bins(n_bins)
    strategy = _validation.check_option("strategy", strategy, STRATEGIES)
    check_probabilities(state, query)
    if strategy == "quantile" and not whole_weights(state):
        raise _validation.weighted_quantile_bins(query)
    return n_bins, strategy


@share
def expected_calibration_error(state, *, n_bins=10, strategy="uniform"):
    """Expected calibration error: the bin-weighted mean gap between confidence and accuracy.

    For evaluations built by ``from_scores`` with probabilities. Binary:
    the positive class's probability against the fraction of positives in
    each bin (the bins of ``calibration_curve``). Multiclass: the top-class
    confidence (each row's highest probability) against the accuracy of
    those predictions, as Guo et al. (2017) define it.

    Parameters
    ----------
    n_bins : int, default=10
        Number of bins of [0, 1].
    {{strategy}}

    Returns
    -------
    float
        In [0, 1], best 0.0.

    {{calibration_raises}}

    See Also
    --------
    ECE : Short alias.
    calibration_curve : The bins themselves.

    Notes
    -----
    :math:`\\mathrm{ECE} = \\sum_b \\frac{n_b}{N} |\\mathrm{acc}_b -
    \\mathrm{conf}_b|` over the non-empty bins :math:`b` (sums of weights
    when weighted). Guo, Pleiss, Sun and Weinberger, "On Calibration of
    Modern Neural Networks", ICML 2017. The value depends on the bins:
    report ``n_bins`` and ``strategy`` with it.

    Examples
    --------
    >>> from permetrics_lite import ClassificationMetric
    >>> cm = ClassificationMetric.from_scores([0, 0, 1, 1], [0.1, 0.3, 0.7, 0.6])
    >>> round(cm.ECE(n_bins=2), 4)
    0.275
    """
    query = "expected_calibration_error (ECE)"
    n_bins, strategy = check_calibration(state, query, n_bins, strategy)
    ranking = calibration_ranking(state)
    return _ranking.calibration_error(ranking, n_bins, strategy)
