"""The math: pure numpy functions of the tallies.

Count-based formulas take :class:`~permetrics_lite.core.tally.Tallies` and
return a ``(numerator, denominator)`` pair vectorised over classes, so that one
:func:`safe_divide` applies the zero-division rule and micro
averaging can sum the counts before dividing once.

Every function here also takes the tallies of many matrices at once (the
bootstrap's resamples, ``stats.bootstrap.Resampled``): per-class arrays with a
leading axis, (B, K), and totals of shape (B,). Classes are then the last axis,
and a whole-matrix score is an array of B values instead of a float.
"""

import math
from fractions import Fraction
from typing import Any, NamedTuple

import numpy as np

from .. import validation as _validation
from ..core import user_warnings as _user_warnings


class UndefinedMetricWarning(_validation.Worded, UserWarning):
    """A metric was 0/0 and has been set to the ``zero_division`` value (a
    ``UserWarning`` whose message names its parameters, as ``InputError``'s does)."""


def safe_divide(numerator, denominator, zero_division="warn", what="metric"):
    """Elementwise ``numerator / denominator`` with the zero-division rule.

    Where the denominator is 0 the result is ``zero_division`` (0.0 for
    ``"warn"``, which also emits an :class:`UndefinedMetricWarning`).
    """
    result, undefined = divide(numerator, denominator, zero_division)
    if undefined and zero_division == "warn":
        warn_undefined(what, undefined, np.size(result) if np.ndim(result) else None)
    return result


def divide(numerator, denominator, zero_division="warn"):
    """:func:`safe_divide` without its warning: the result, and how many values were 0/0."""
    numerator, denominator = np.asarray(numerator), np.asarray(denominator)
    undefined = np.asarray(denominator == 0, dtype=bool)
    if numerator.dtype == object or denominator.dtype == object:
        # Python ints: their true division rounds once, whatever their size
        pairs = np.broadcast_arrays(numerator, np.where(undefined, 1, denominator))
        result = np.array([n / d for n, d in zip(*(p.ravel().tolist() for p in pairs))],
                          dtype=np.float64).reshape(pairs[0].shape)
    elif not undefined.any():  # the common case, one pass (a curve has a value per threshold)
        with np.errstate(invalid="ignore"):  # inf / inf: nan
            return np.true_divide(numerator, denominator, dtype=np.float64), 0
    else:
        numerator = numerator.astype(np.float64)
        with np.errstate(divide="ignore", invalid="ignore"):
            result = numerator / np.where(undefined, 1.0, denominator)
    if not undefined.any():
        return result, 0
    value = 0.0 if zero_division == "warn" else zero_division
    return np.where(undefined, value, result), int(np.count_nonzero(undefined))


# the undefined cases whose title names parameters
_SINGLE_CLASS = _validation.Phrase("Adjusted balanced accuracy with a single class in {y_true}",
                                   "y_true")
_CONSTANT = _validation.Phrase("Matthews correlation with a constant {y_true} or {y_pred}",
                               "y_true", "y_pred")
_NO_CHANCE = _validation.Phrase("Cohen's kappa with no chance disagreement (one class in {y_true} "
                                "and {y_pred})", "y_true", "y_pred")


def warn_undefined(what, undefined, size=None):
    """The warning of ``undefined`` 0/0 values (of ``size``; None for one value).
    ``what``: the metric's title, or a :class:`~permetrics_lite.validation.Phrase`
    that names parameters (``Matthews correlation with a constant y_true``)."""
    where = f" for {undefined} of {size} values" if size is not None else ""
    _user_warnings.warn(UndefinedMetricWarning(
        "{what} is undefined (0/0){where} and is set to 0.0; pass {0} to choose the value and "
        "silence this warning.", _validation.Term("zero_division (0.0, 1.0 or nan)"),
        what=what, where=where))


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
        """The counts of all classes summed: micro averaging's sufficient statistics
        (of each matrix, for tallies of many)."""
        # K classes pool K times the total in tn: Python ints where int64 would
        # overflow; weights divided by a power of two above K (no ratio changes)
        counts = (t.tp, t.fp, t.fn, t.tn)
        n_classes = np.shape(t.tp)[-1]
        if np.asarray(t.tp).dtype.kind == "f" and np.max(t.total) * n_classes > 2.0**1000:
            shift = -math.ceil(math.log2(n_classes))
            counts = [np.ldexp(np.asarray(c, dtype=np.float64), shift) for c in counts]
        return cls(*(_exact_sum(c) for c in counts))

    @classmethod
    def of_class(cls, t, index):
        """The counts of one class; ``index`` None is a class absent from the problem."""
        if index is None:
            return cls(0, 0, 0, t.total)
        return cls(t.tp[..., index], t.fp[..., index], t.fn[..., index], t.tn[..., index])


# --- exact arithmetic: integer numerators and denominators, rounded once ---
#
# Formulas that subtract products (MCC, kappa) lose every digit to cancellation
# when a class dominates, and products of counts overflow int64 long before N
# does. So they are computed on exact integers: int64 while every product of
# two counts fits, Python ints beyond; float (weighted) counts are first
# scaled by one power of two into integers, which leaves every ratio unchanged.
# Only the final division (and square root) rounds.

_INT64_LIMIT = 2**62  # bound on the magnitudes an int64 formula may reach


def _exact_sum(counts):
    """The sum of int counts as an exact int (float counts: numpy's sum); of the
    last axis, for the counts of many matrices."""
    counts = np.asarray(counts)
    if counts.ndim > 1:
        return _exact_sums(counts)
    if counts.dtype.kind in "iu" and counts.size:
        bound = int(counts.max()) * counts.size
        return int(counts.sum()) if bound < _INT64_LIMIT else sum(counts.tolist())
    return counts.sum().item() if counts.dtype != object else counts.sum()


def _exact_sums(counts):
    """Exact sums over the last axis: int64 where they fit, else Python ints."""
    if counts.dtype.kind in "iu" and counts.size:
        bound = int(np.abs(counts).max()) * counts.shape[-1]
        return counts.sum(axis=-1) if bound < _INT64_LIMIT else counts.astype(object).sum(axis=-1)
    return counts.sum(axis=-1)


def _dot(a, b):
    """Exact products of integer counts summed over classes (the last axis): ``a @ b``
    of each matrix."""
    return (a * b).sum(axis=-1)


def _value(result):
    """One matrix's score as a float; the scores of many as an array."""
    return float(result) if np.ndim(result) == 0 else np.asarray(result, dtype=np.float64)


def exact(*counts, factor=1):
    """``counts`` as exact integer arrays with one common scale.

    The first argument bounds the others (a total). The result is int64 when
    every product of two sums of counts, times ``factor``, stays below 2**62;
    otherwise object arrays of Python ints.
    """
    arrays = [np.asarray(c) for c in counts]
    if any(a.dtype.kind == "f" for a in arrays):
        arrays = _scaled_integers(arrays)
    if arrays[0].dtype != object:
        # at least 1: a zero total still multiplies its counts by factor
        bound = 16 * max(int(np.max(np.abs(arrays[0]))), 1) ** 2 * factor
        if bound < _INT64_LIMIT:
            return [a.astype(np.int64, copy=False) for a in arrays]
    return [a.astype(object) if a.dtype != object else a for a in arrays]


def _scaled_integers(arrays):
    """Finite float arrays as exact integers ``value / 2**e`` for one common e."""
    sizes = np.cumsum([a.size for a in arrays])[:-1]
    values = np.concatenate([a.ravel().astype(np.float64) for a in arrays])
    if (values == np.round(values)).all() and np.abs(values).max() < 2.0**53:
        flat = values.astype(np.int64)  # integral weights: the integers themselves
    else:
        mantissa, exponent = np.frexp(values)
        mantissa = (mantissa * 2.0**53).astype(np.int64)  # exact: 53 bits
        exponent = exponent - 53
        nonzero = mantissa != 0
        lowest = exponent[nonzero].min() if nonzero.any() else 0
        shift = np.where(nonzero, exponent - lowest, 0)
        flat = mantissa.astype(object) << shift.astype(object)
    return [part.reshape(a.shape) for part, a in zip(np.split(flat, sizes), arrays)]


def _to_float(values):
    """Exact integers (int64 or Python ints) rounded once to float64."""
    return np.asarray(values, dtype=np.float64)


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
    """(1 + b^2) TP / ((1 + b^2) TP + b^2 FN + FP): undefined only when TP+FP+FN = 0.

    With integer counts, b^2 = m / d exactly and the ratio is
    (d + m) TP / ((d + m) TP + m FN + d FP) in integers. Float counts weigh
    FN and FP by b^2 / (1 + b^2) and 1 / (1 + b^2), computed without
    overflow for any finite beta.
    """
    tp, fp, fn = (np.asarray(c) for c in (t.tp, t.fp, t.fn))
    if all(c.dtype.kind in "iuO" for c in (tp, fp, fn)):
        m, d = (Fraction(beta) ** 2).as_integer_ratio()
        total, tp, fp, fn = exact(tp + fp + fn, tp, fp, fn, factor=d + m)
        return (d + m) * tp, (d + m) * tp + m * fn + d * fp
    # a power of two scales the counts near 1: products neither underflow nor overflow
    exponent = np.frexp(np.max([tp.max(initial=0), fp.max(initial=0), fn.max(initial=0)]))[1]
    tp, fp, fn = (np.ldexp(c, -exponent) for c in (tp, fp, fn))
    small = beta if beta <= 1 else 1 / beta  # b^2 or 1 / b^2, never overflowing
    w_small = small * small / (1 + small * small)
    w_large = 1 / (1 + small * small)
    w_fn, w_fp = (w_small, w_large) if beta <= 1 else (w_large, w_small)
    return tp, tp + w_fn * fn + w_fp * fp


def jaccard(t):
    return t.tp, t.tp + t.fp + t.fn


def g_mean(t):
    """sqrt(recall * specificity), written as one ratio so one rule covers 0/0."""
    _, tp, fp, fn, tn = exact(t.tp + t.fp + t.fn + t.tn, t.tp, t.fp, t.fn, t.tn)
    return np.sqrt(_to_float(tp * tn)), np.sqrt(_to_float((tp + fn) * (tn + fp)))


def lift(t):
    """precision / prevalence = TP N / ((TP + FP)(TP + FN))."""
    n, tp, fp, fn, tn = exact(t.tp + t.fp + t.fn + t.tn, t.tp, t.fp, t.fn, t.tn)
    return tp * n, (tp + fp) * (tp + fn)


def informedness(t):
    """recall + specificity - 1, as one ratio: (TP TN - FP FN) / ((TP + FN)(TN + FP))."""
    _, tp, fp, fn, tn = exact(t.tp + t.fp + t.fn + t.tn, t.tp, t.fp, t.fn, t.tn)
    return tp * tn - fp * fn, (tp + fn) * (tn + fp)


def markedness(t):
    """precision + NPV - 1, as one ratio: (TP TN - FP FN) / ((TP + FP)(TN + FN))."""
    _, tp, fp, fn, tn = exact(t.tp + t.fp + t.fn + t.tn, t.tp, t.fp, t.fn, t.tn)
    return tp * tn - fp * fn, (tp + fp) * (tn + fn)


def one_vs_rest_mcc(t):
    """The binary Matthews correlation of each class against the rest."""
    _, tp, fp, fn, tn = exact(t.tp + t.fp + t.fn + t.tn, t.tp, t.fp, t.fn, t.tn)
    spread = _to_float((tp + fp) * (tp + fn)) * _to_float((tn + fp) * (tn + fn))
    return tp * tn - fp * fn, np.sqrt(spread)


def one_vs_rest_kappa(t):
    """The binary Cohen's kappa of each class against the rest."""
    _, tp, fp, fn, tn = exact(t.tp + t.fp + t.fn + t.tn, t.tp, t.fp, t.fn, t.tn)
    return 2 * (tp * tn - fp * fn), (tp + fp) * (fp + tn) + (tp + fn) * (fn + tn)


def per_class(formula, t, zero_division="warn", what="metric"):
    """The formula for every class (or for the one class of picked counts); ``what``
    names the metric in the zero-division warning."""
    return safe_divide(*formula(t), zero_division, what)


def average(formula, t, average, zero_division="warn", what="metric"):
    """Apply ``formula`` and reduce over classes as scikit-learn does.

    ``None`` gives the per-class array; ``"micro"`` applies the formula once to
    the pooled counts; ``"macro"`` is the unweighted mean and ``"weighted"``
    the mean weighted by support. Like scikit-learn, the means skip classes
    whose value is nan (``zero_division=nan``), and a weighted mean whose
    weights are all zero falls back to the plain mean. (``"binary"`` is
    :meth:`Counts.of_class` followed by ``None``.)
    """
    if average == "micro":
        return _value(per_class(formula, Counts.pooled(t), zero_division, what))
    values = per_class(formula, t, zero_division, what)
    if average is None:
        return values
    weights = np.asarray(t.tp + t.fn, dtype=np.float64) if average == "weighted" else None
    return nan_average(values, weights)


def nan_average(values, weights=None):
    """Mean ignoring nan; zero total weight falls back to the plain mean. Of each row,
    for the values of many matrices (B, K)."""
    if np.ndim(values) > 1:
        return _nan_averages(values, weights)
    keep = ~np.isnan(values)
    if not keep.any():
        return float("nan")
    kept = values[keep].tolist()
    if weights is None or not weights[keep].any():
        return math.fsum(kept) / len(kept)
    weights = weights[keep] / weights[keep].max()  # tiny weights lose no digits in products
    return math.fsum((values[keep] * weights).tolist()) / math.fsum(weights.tolist())


def _nan_averages(values, weights=None):
    """:func:`nan_average` of each row (a float sum: to rounding)."""
    keep = ~np.isnan(values)
    kept = keep.sum(axis=-1)
    filled = np.where(keep, values, 0.0)
    with np.errstate(invalid="ignore", divide="ignore"):  # a row of nan only: nan
        mean = filled.sum(axis=-1) / kept
        if weights is None:
            return mean
        weights = np.where(keep, weights, 0.0)
        largest = weights.max(axis=-1, keepdims=True)
        weights = weights / np.where(largest > 0, largest, 1.0)
        total = weights.sum(axis=-1)
        weighted = (filled * weights).sum(axis=-1) / total
    return np.where(total > 0, weighted, mean)


# --- matrix-level: whole-problem scores ---


def accuracy(tallies):
    """Fraction of samples entirely right."""
    return _value(tallies.correct / tallies.total)


def no_information_rate(tallies):
    """The largest class share of the true labels: the accuracy of always predicting
    the most common class (of each matrix, for tallies of many)."""
    return _value(np.max(tallies.support, axis=-1) / tallies.total)


def binary_balanced_accuracy(counts):
    """Balanced accuracy of binary counts, vectorised (over thresholds): the mean of
    specificity (the negative class's recall) and recall, over the classes present.
    As a (value, 1) pair, like the count formulas: never undefined, as N > 0."""
    # (right, support) of the negative and the positive class; support is the
    # same at every threshold, and a class without it is left out, as in BAS
    classes = ((counts.tn, counts.tn + counts.fp), (counts.tp, counts.tp + counts.fn))
    recalls = [right / support for right, support in classes if support[0] > 0]
    return sum(recalls) / len(recalls), 1


def balanced_accuracy(tallies, adjusted=False, zero_division="warn"):
    """Mean recall over the classes present in y_true; optionally chance-corrected.

    Adjusted: (score - 1/n) / (1 - 1/n) with n classes present, as scikit-learn,
    computed as (sum of recalls - 1) / (n - 1) from each recall and its exact
    remainder, so that a score near chance keeps its digits. With a single
    class present that is undefined and follows ``zero_division``.
    """
    if np.ndim(tallies.tp) > 1:
        return _balanced_accuracies(tallies, adjusted, zero_division)
    present = tallies.support > 0
    right, support = tallies.tp[present], tallies.support[present]
    n_present = len(support)
    recalls = right / support
    if not adjusted:
        return math.fsum(recalls.tolist()) / n_present
    return float(safe_divide(_recall_excess(right, support, recalls), n_present - 1,
                             zero_division, _SINGLE_CLASS))


def _balanced_accuracies(tallies, adjusted, zero_division):
    """:func:`balanced_accuracy` of many matrices (rows), in float sums: to rounding."""
    present = tallies.support > 0
    recalls = np.where(present, tallies.tp / np.where(present, tallies.support, 1), 0.0)
    n_present, total = present.sum(axis=-1), recalls.sum(axis=-1)
    if not adjusted:
        return total / n_present
    return safe_divide(total - 1, n_present - 1, zero_division, _SINGLE_CLASS)


def _recall_excess(right, support, recalls):
    """``sum(right / support) - 1``, rounded once.

    Each recall's remainder ``right - q support`` is an exact float (Dekker's
    product gives ``q support`` exactly), so the recalls and their corrections
    sum to twice the working precision; when even that could be short of a
    result near 0, the sum is taken in exact rationals.
    """
    exact_floats = right.dtype.kind == "f" or max(right.max(), support.max()) < 2**53
    if exact_floats:
        # scaled near 1 by a power of two per class (exact): Dekker's split cannot overflow
        exponent = np.frexp(support.astype(np.float64))[1]
        a, b = (np.ldexp(x.astype(np.float64), -exponent) for x in (right, support))
        high, low = _two_product(recalls, b)
        corrections = ((a - high) - low) / b
        terms = recalls.tolist() + corrections.tolist() + [-1.0]
        excess = math.fsum(terms)
        # the terms are short of the true sum by at most K * 2**-105 (each correction's
        # rounding): the rounded sum is the true sum's unless that is near 0 or near a
        # tie between two floats, where only the rationals can tell
        left_out = abs(math.fsum(terms + [-excess]))
        near_tie = abs(left_out - math.ulp(excess) / 2) <= len(recalls) * 2.0**-104
        if abs(excess) > len(recalls) * 2.0**-50 * (1.0 + abs(excess)) and not near_tie:
            return excess
    exact_sum = sum(Fraction(r) / Fraction(s) for r, s in zip(right.tolist(), support.tolist()))
    return float(exact_sum - 1)


def _two_product(a, b):
    """``a * b`` as an exact sum ``high + low`` of two floats (Dekker, vectorised)."""
    high = a * b
    a_high, a_low = _split(a)
    b_high, b_low = _split(b)
    low = ((a_high * b_high - high) + a_high * b_low + a_low * b_high) + a_low * b_low
    return high, low


def _split(x):
    """Dekker's split of doubles into two halves of 26 bits."""
    scaled = 134217729.0 * x  # 2**27 + 1
    high = scaled - (scaled - x)
    return high, x - high


def hamming_loss(t, multilabel):
    """Fraction of wrong labels: 1 - accuracy, or wrong cells over N x L for multilabel."""
    if multilabel:
        return float((t.fp.sum() + t.fn.sum()) / (t.total * len(t.tp)))
    return _value((t.total - t.correct) / t.total)


def matthews_corrcoef(t, zero_division="warn"):
    """The multiclass Matthews correlation R_K (Gorodkin 2004) from the marginals.

    cov(y, p) / sqrt(cov(y, y) cov(p, p)) with the covariances of the one-hot
    class indicators, as ``sklearn.metrics.matthews_corrcoef``; each covariance
    (times N^2) is an exact integer: N c - s.p, N^2 - s.s and N^2 - p.p.
    """
    correct, support, predicted = _whole_matrix(t)
    # equal, but for float rounding
    n, n_predicted = support.sum(axis=-1), predicted.sum(axis=-1)
    cov_tp = n * correct - _dot(support, predicted)
    cov_tt = n * n - _dot(support, support)
    cov_pp = n_predicted * n_predicted - _dot(predicted, predicted)
    spread = np.sqrt(_to_float(cov_tt) * _to_float(cov_pp))
    return _value(safe_divide(cov_tp, spread, zero_division, _CONSTANT))


def _whole_matrix(t, matrix=None, factor=1):
    """Exact (correct, support, predicted[, matrix]) of single-label tallies,
    correct summed exactly from the diagonal."""
    given = (t.tp, t.support, t.predicted) + (() if matrix is None else (matrix,))
    _, tp, support, predicted, *rest = exact(t.total, *given, factor=factor)
    return (tp.sum(axis=-1), support, predicted, *rest)


def cohen_kappa(t, weights=None, matrix=None, zero_division="warn"):
    """Cohen's kappa: 1 - observed / chance disagreement, as scikit-learn.

    Unweighted, it comes from the tallies in O(K): (N c - s.p) / (N^2 - s.p),
    both terms exact integers (scaled by N) so that one class gives an exact
    0/0. ``"linear"`` or ``"quadratic"`` weights charge |i - j| or (i - j)^2
    for confusing classes i and j, and need the dense ``matrix``.
    """
    if weights is None:
        correct, support, predicted = _whole_matrix(t)
        # N^2 as (sum of support)(sum of predicted): one class is then exactly 0/0
        expected = _dot(support, predicted)
        agreement = support.sum(axis=-1) * correct - expected
        chance = support.sum(axis=-1) * predicted.sum(axis=-1) - expected
    else:
        positions = np.arange(np.shape(t.support)[-1])
        cost = np.abs(np.subtract.outer(positions, positions)) ** (1 if weights == "linear" else 2)
        factor = int(cost.max()) if cost.size else 1
        _, support, predicted, matrix = _whole_matrix(t, matrix, factor)
        chance = _dot(support @ cost.astype(support.dtype), predicted)
        disagreement = (cost.astype(matrix.dtype) * matrix).sum(axis=(-2, -1))
        agreement = chance - support.sum(axis=-1) * disagreement
    return _value(safe_divide(agreement, chance, zero_division, _NO_CHANCE))


def normalize_matrix(matrix, normalize, zero_division="warn"):
    """Divide a confusion matrix (or a stack of them) by its row, column or grand sums."""
    if normalize is None:
        return matrix
    axis = {"true": -1, "pred": -2, "all": (-2, -1)}[normalize]
    sums = matrix.sum(axis=axis, keepdims=True)
    what = f"Confusion matrix normalized over '{normalize}'"
    return safe_divide(matrix, np.broadcast_to(sums, matrix.shape), zero_division, what)
