"""The math: pure numpy functions of the tallies (SPEC §4).

Count-based formulas take :class:`~permetrics_lite._confusion.Tallies` and
return a ``(numerator, denominator)`` pair vectorised over classes, so that one
:func:`safe_divide` applies the zero-division rule (SPEC §4.1) and micro
averaging can sum the counts before dividing once.
"""

from typing import Any, NamedTuple

import numpy as np

from . import _warnings


class UndefinedMetricWarning(UserWarning):
    """A metric was 0/0 and has been set to the ``zero_division`` value."""


def safe_divide(numerator, denominator, zero_division="warn", what="metric"):
    """Elementwise ``numerator / denominator`` with the zero-division rule.

    Where the denominator is 0 the result is ``zero_division`` (0.0 for
    ``"warn"``, which also emits an :class:`UndefinedMetricWarning`).
    """
    numerator = np.asarray(numerator, dtype=np.float64)
    denominator = np.asarray(denominator, dtype=np.float64)
    undefined = denominator == 0
    with np.errstate(divide="ignore", invalid="ignore"):
        result = numerator / np.where(undefined, 1.0, denominator)
    if undefined.any():
        result = np.where(undefined, 0.0 if zero_division == "warn" else zero_division, result)
        if zero_division == "warn":
            where = f" for {int(undefined.sum())} of {undefined.size} values" if undefined.ndim else ""
            _warnings.warn(
                f"{what} is undefined (0/0){where} and is set to 0.0; pass zero_division "
                "(0.0, 1.0 or nan) to choose the value and silence this warning.",
                UndefinedMetricWarning,
            )
    return result


# --- count-based: counts -> (numerator, denominator), vectorised over classes ---
#
# ``t`` is anything with per-class ``tp``, ``fp``, ``fn`` and ``tn``: the cached
# Tallies, or Counts pooled (micro) or picked (binary) from them.


class Counts(NamedTuple):
    """One-vs-rest counts: arrays over classes, or scalars for one class."""

    tp: Any
    fp: Any
    fn: Any
    tn: Any

    @classmethod
    def pooled(cls, t):
        """The counts of all classes summed: micro averaging's sufficient statistics."""
        return cls(t.tp.sum(), t.fp.sum(), t.fn.sum(), t.tn.sum())

    @classmethod
    def of_class(cls, t, index):
        """The counts of one class; ``index`` None is a class absent from the problem."""
        if index is None:
            return cls(0, 0, 0, t.total)
        return cls(t.tp[index], t.fp[index], t.fn[index], t.tn[index])


def _floats(*counts):
    # products of counts overflow int64 long before N does
    return [np.asarray(c, dtype=np.float64) for c in counts]


def _float_counts(t):
    return _floats(t.tp, t.fp, t.fn, t.tn)


def one_vs_rest_accuracy(t):
    """(TP + TN) / N of each class against the rest."""
    return t.tp + t.tn, t.tp + t.fp + t.fn + t.tn


def precision(t):
    return t.tp, t.tp + t.fp


def recall(t):
    return t.tp, t.tp + t.fn


def specificity(t):
    return t.tn, t.tn + t.fp


def negative_predictive_value(t):
    return t.tn, t.tn + t.fn


def fbeta(t, beta=1.0):
    """(1 + b^2) TP / ((1 + b^2) TP + b^2 FN + FP): undefined only when TP+FP+FN = 0."""
    b2 = beta * beta
    return (1 + b2) * t.tp, (1 + b2) * t.tp + b2 * t.fn + t.fp


def jaccard(t):
    return t.tp, t.tp + t.fp + t.fn


def g_mean(t):
    """sqrt(recall * specificity), written as one ratio so one rule covers 0/0."""
    tp, fp, fn, tn = _float_counts(t)
    return np.sqrt(tp * tn), np.sqrt((tp + fn) * (tn + fp))


def lift(t):
    """precision / prevalence = TP N / ((TP + FP)(TP + FN))."""
    tp, fp, fn, tn = _float_counts(t)
    return tp * (tp + fp + fn + tn), (tp + fp) * (tp + fn)


def one_vs_rest_mcc(t):
    """The binary Matthews correlation of each class against the rest."""
    tp, fp, fn, tn = _float_counts(t)
    return tp * tn - fp * fn, np.sqrt((tp + fp) * (tp + fn) * (tn + fp) * (tn + fn))


def one_vs_rest_kappa(t):
    """The binary Cohen's kappa of each class against the rest."""
    tp, fp, fn, tn = _float_counts(t)
    return 2 * (tp * tn - fp * fn), (tp + fp) * (fp + tn) + (tp + fn) * (fn + tn)


COUNT_FORMULAS = {  # the report() columns, in order
    "accuracy": one_vs_rest_accuracy,
    "recall": recall,
    "precision": precision,
    "specificity": specificity,
    "npv": negative_predictive_value,
    "f1": fbeta,
    "jaccard": jaccard,
    "mcc": one_vs_rest_mcc,
}

NAMES = {  # each count formula as the zero-division warning names it
    one_vs_rest_accuracy: "Accuracy", precision: "Precision", recall: "Recall",
    specificity: "Specificity", negative_predictive_value: "Negative predictive value",
    fbeta: "F-score", jaccard: "Jaccard", g_mean: "G-mean", lift: "Lift",
    one_vs_rest_mcc: "Matthews correlation", one_vs_rest_kappa: "Cohen's kappa",
}


def per_class(formula, t, zero_division="warn"):
    """The formula for every class (or for the one class of picked counts)."""
    name = NAMES[getattr(formula, "func", formula)]  # a partial (F-beta) names its function
    return safe_divide(*formula(t), zero_division, name)


def average(formula, t, average, zero_division="warn"):
    """Apply ``formula`` and reduce over classes as scikit-learn does.

    ``None`` gives the per-class array; ``"micro"`` applies the formula once to
    the pooled counts; ``"macro"`` is the unweighted mean and ``"weighted"``
    the mean weighted by support. Like scikit-learn, the means skip classes
    whose value is nan (``zero_division=nan``), and a weighted mean whose
    weights are all zero falls back to the plain mean. (``"binary"`` is
    :meth:`Counts.of_class` followed by ``None``.)
    """
    if average == "micro":
        return float(per_class(formula, Counts.pooled(t), zero_division))
    values = per_class(formula, t, zero_division)
    if average is None:
        return values
    weights = np.asarray(t.tp + t.fn, dtype=np.float64) if average == "weighted" else None
    return nan_average(values, weights)


def nan_average(values, weights=None):
    """Mean ignoring nan; zero total weight falls back to the plain mean."""
    keep = ~np.isnan(values)
    if not keep.any():
        return float("nan")
    if weights is None or not weights[keep].any():
        return float(values[keep].mean())
    return float(np.average(values[keep], weights=weights[keep]))


# --- matrix-level: whole-problem scores ---


def accuracy(tallies):
    """Fraction of samples entirely right."""
    return float(tallies.correct / tallies.total)


def binary_balanced_accuracy(counts):
    """Balanced accuracy of binary counts, vectorised (over thresholds): the mean of
    specificity (the negative class's recall) and recall, over the classes present."""
    # (right, support) of the negative and the positive class; support is the
    # same at every threshold, and a class without it is left out, as in BAS
    classes = ((counts.tn, counts.tn + counts.fp), (counts.tp, counts.tp + counts.fn))
    return np.mean([right / support for right, support in classes if support[0] > 0], axis=0)


def balanced_accuracy(tallies, adjusted=False, zero_division="warn"):
    """Mean recall over the classes present in y_true; optionally chance-corrected.

    Adjusted: (score - 1/n) / (1 - 1/n) with n classes present, as scikit-learn;
    with a single class present that is undefined and follows ``zero_division``.
    """
    present = tallies.support > 0
    score = float(np.mean(tallies.tp[present] / tallies.support[present]))
    if not adjusted:
        return score
    chance = 1.0 / np.count_nonzero(present)
    what = "Adjusted balanced accuracy with a single class in y_true"
    return float(safe_divide(score - chance, 1.0 - chance, zero_division, what))


def hamming_loss(t, multilabel):
    """Fraction of wrong labels: 1 - accuracy, or wrong cells over N x L for multilabel."""
    if multilabel:
        return float((t.fp.sum() + t.fn.sum()) / (t.total * len(t.tp)))
    return float((t.total - t.correct) / t.total)


def matthews_corrcoef(t, zero_division="warn"):
    """The multiclass Matthews correlation R_K (Gorodkin 2004) from the marginals.

    cov(y, p) / sqrt(cov(y, y) cov(p, p)) with the covariances of the one-hot
    class indicators, as ``sklearn.metrics.matthews_corrcoef``.
    """
    support, predicted = _floats(t.support, t.predicted)
    n = float(t.total)
    cov_tp = float(t.correct) * n - support @ predicted
    # sum_i x_i (sum(x) - x_i): exactly 0 for one class, never negative through rounding
    cov_pp = predicted @ (predicted.sum() - predicted)
    cov_tt = support @ (support.sum() - support)
    what = "Matthews correlation with a constant y_true or y_pred"
    return float(safe_divide(cov_tp, np.sqrt(cov_tt * cov_pp), zero_division, what))


def cohen_kappa(t, weights=None, matrix=None, zero_division="warn"):
    """Cohen's kappa: 1 - observed / chance disagreement, as scikit-learn.

    Unweighted, it comes from the tallies in O(K): (N c - s.p) / (N^2 - s.p),
    both terms scaled by N so that one class gives an exact 0/0. ``"linear"``
    or ``"quadratic"`` weights charge |i - j| or (i - j)^2 for confusing
    classes i and j, and need the dense ``matrix``.
    """
    support, predicted = _floats(t.support, t.predicted)
    n = float(t.total)
    if weights is None:
        agreement = n * float(t.correct) - support @ predicted
        chance = n * n - support @ predicted
    else:
        positions = np.arange(len(support), dtype=np.float64)
        cost = np.abs(np.subtract.outer(positions, positions)) ** (1 if weights == "linear" else 2)
        chance = support @ cost @ predicted
        agreement = chance - n * float(np.sum(cost * matrix))
    what = "Cohen's kappa with no chance disagreement (one class in y_true and y_pred)"
    return float(safe_divide(agreement, chance, zero_division, what))


def normalize_matrix(matrix, normalize, zero_division="warn"):
    """Divide a confusion matrix (or a stack of them) by its row, column or grand sums."""
    if normalize is None:
        return matrix
    axis = {"true": -1, "pred": -2, "all": (-2, -1)}[normalize]
    sums = matrix.sum(axis=axis, keepdims=True)
    what = f"Confusion matrix normalized over '{normalize}'"
    return safe_divide(matrix, np.broadcast_to(sums, matrix.shape), zero_division, what)
