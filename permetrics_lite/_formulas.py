"""The math: pure numpy functions of the tallies (SPEC §4).

Count-based formulas take :class:`~permetrics_lite._confusion.Tallies` and
return a ``(numerator, denominator)`` pair vectorised over classes, so that one
:func:`safe_divide` applies the zero-division rule (SPEC §4.1) and micro
averaging can sum the counts before dividing once.
"""

import warnings

import numpy as np


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
            warnings.warn(
                f"{what} is undefined (0/0){where} and is set to 0.0; pass zero_division "
                "(0.0, 1.0 or nan) to choose the value and silence this warning.",
                UndefinedMetricWarning,
                stacklevel=4,
            )
    return result


# --- count-based: Tallies -> (numerator, denominator), vectorised over classes ---


def one_vs_rest_accuracy(t):
    """(TP + TN) / N of each class against the rest."""
    return t.tp + t.tn, t.tp + t.fp + t.fn + t.tn


def precision(t):
    return t.tp, t.tp + t.fp


def recall(t):
    return t.tp, t.tp + t.fn


def specificity(t):
    return t.tn, t.tn + t.fp


def fbeta(t, beta=1.0):
    """(1 + b^2) TP / ((1 + b^2) TP + b^2 FN + FP): undefined only when TP+FP+FN = 0."""
    b2 = beta * beta
    return (1 + b2) * t.tp, (1 + b2) * t.tp + b2 * t.fn + t.fp


COUNT_FORMULAS = {
    "accuracy": one_vs_rest_accuracy,
    "recall": recall,
    "precision": precision,
    "specificity": specificity,
    "f1": fbeta,
}


def per_class(formula, tallies, zero_division="warn", what="metric"):
    """The formula for every class."""
    return safe_divide(*formula(tallies), zero_division, what)


def average(formula, tallies, average, pos_index=None, zero_division="warn", what="metric"):
    """Apply ``formula`` and reduce over classes as scikit-learn does.

    ``None`` gives the per-class array; ``"binary"`` the class at ``pos_index``;
    ``"micro"`` divides the summed counts once; ``"macro"`` is the unweighted
    mean and ``"weighted"`` the mean weighted by support. Like scikit-learn,
    the means skip classes whose value is nan (``zero_division=nan``), and a
    weighted mean whose weights are all zero falls back to the plain mean.
    """
    if average == "micro":
        numerator, denominator = formula(tallies)
        return float(safe_divide(numerator.sum(), denominator.sum(), zero_division, what))
    values = per_class(formula, tallies, zero_division, what)
    if average is None:
        return values
    if average == "binary":
        return float(values[pos_index])
    weights = np.asarray(tallies.support, dtype=np.float64) if average == "weighted" else None
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


def normalize_matrix(matrix, normalize, zero_division="warn"):
    """Divide a confusion matrix (or a stack of them) by its row, column or grand sums."""
    if normalize is None:
        return matrix
    axis = {"true": -1, "pred": -2, "all": (-2, -1)}[normalize]
    sums = matrix.sum(axis=axis, keepdims=True)
    what = f"Confusion matrix normalized over '{normalize}'"
    return safe_divide(matrix, np.broadcast_to(sums, matrix.shape), zero_division, what)
