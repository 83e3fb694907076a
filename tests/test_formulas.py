"""The formulas of permetrics_lite.metrics.formulas, one function at a time.

Oracles: a 3-class matrix worked by hand (the arithmetic is in the comments,
cross-checked against scikit-learn), exact rationals (fractions.Fraction)
written here from the textbook definitions, and scikit-learn. The tallies fed
to the formulas are built in this file from the cells of a matrix, not by the
library's tallying code.
"""

import math
import os
import warnings
from fractions import Fraction
from functools import partial

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp
from sklearn import metrics as skm

from permetrics_lite import ClassificationMetric, UndefinedMetricWarning
from permetrics_lite.metrics import registry as _registry
from permetrics_lite.metrics import formulas as F
from permetrics_lite.core.tally import Tallies

# Rows true, columns predicted; N = 20. Worked by hand:
#   tp = diag = [5, 3, 6]   support = row sums = [6, 6, 8]   predicted = column sums = [7, 6, 7]
#   fp = predicted - tp = [2, 3, 1]   fn = support - tp = [1, 3, 2]
#   tn = N - tp - fp - fn = [20 - 8, 20 - 9, 20 - 9] = [12, 11, 11]
HAND = np.array([[5, 1, 0],
                 [2, 3, 1],
                 [0, 2, 6]])


def tallies_of(matrix):
    """Tallies from the cells: diagonal, row sums, column sums (not the library's tally)."""
    matrix = np.asarray(matrix)
    tp = np.array([matrix[k, k] for k in range(len(matrix))], dtype=matrix.dtype)
    return Tallies(tp, matrix.sum(axis=1), matrix.sum(axis=0), matrix.sum().item(),
                   tp.sum().item(), matrix)


def ratio(pair):
    """A (numerator, denominator) pair of a count formula as floats."""
    numerator, denominator = pair
    return np.asarray(numerator, dtype=np.float64) / np.asarray(denominator, dtype=np.float64)


def quiet(function, *args, **kwargs):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UndefinedMetricWarning)
        return function(*args, **kwargs)


# --------------------------------------------------------------------------
# The hand-worked matrix
# --------------------------------------------------------------------------


def test_hand_matrix_one_vs_rest_counts():
    t = tallies_of(HAND)
    assert t.fp.tolist() == [2, 3, 1]
    assert t.fn.tolist() == [1, 3, 2]
    assert t.tn.tolist() == [12, 11, 11]


@pytest.mark.parametrize("formula, expected", [
    (F.one_vs_rest_accuracy, [(5 + 12) / 20, (3 + 11) / 20, (6 + 11) / 20]),
    (F.precision, [5 / 7, 3 / 6, 6 / 7]),  # tp / (tp + fp)
    (F.recall, [5 / 6, 3 / 6, 6 / 8]),  # tp / (tp + fn)
    (F.specificity, [12 / 14, 11 / 14, 11 / 12]),  # tn / (tn + fp)
    (F.negative_predictive_value, [12 / 13, 11 / 14, 11 / 13]),  # tn / (tn + fn)
    (F.fbeta, [10 / 13, 6 / 12, 12 / 15]),  # 2 tp / (2 tp + fn + fp)
    (F.jaccard, [5 / 8, 3 / 9, 6 / 9]),  # tp / (tp + fp + fn)
    # sqrt(tp tn / ((tp + fn)(tn + fp))): 5*12/(6*14), 3*11/(6*14), 6*11/(8*12)
    (F.g_mean, [math.sqrt(60 / 84), math.sqrt(33 / 84), math.sqrt(66 / 96)]),
    # tp N / ((tp + fp)(tp + fn)): 5*20/(7*6), 3*20/(6*6), 6*20/(7*8)
    (F.lift, [100 / 42, 60 / 36, 120 / 56]),
    # (tp tn - fp fn) / sqrt((tp+fp)(tp+fn)(tn+fp)(tn+fn)):
    #   (60 - 2)/sqrt(7*6*14*13), (33 - 9)/sqrt(6*6*14*14), (66 - 2)/sqrt(7*8*12*13)
    (F.one_vs_rest_mcc, [58 / math.sqrt(7644), 24 / math.sqrt(7056), 64 / math.sqrt(8736)]),
    # 2 (tp tn - fp fn) / ((tp+fp)(fp+tn) + (tp+fn)(fn+tn)):
    #   116/(7*14 + 6*13), 48/(6*14 + 6*14), 128/(7*12 + 8*13)
    (F.one_vs_rest_kappa, [116 / 176, 48 / 168, 128 / 188]),
])
def test_hand_matrix_count_formulas(formula, expected):
    np.testing.assert_allclose(ratio(formula(tallies_of(HAND))), expected, rtol=1e-15)


def test_hand_matrix_count_formulas_agree_with_sklearn():
    y_true = np.repeat(np.repeat([0, 1, 2], 3), HAND.ravel())
    y_pred = np.repeat(np.tile([0, 1, 2], 3), HAND.ravel())
    t = tallies_of(HAND)
    np.testing.assert_allclose(ratio(F.precision(t)), skm.precision_score(y_true, y_pred, average=None))
    np.testing.assert_allclose(ratio(F.fbeta(t, 2.0)), skm.fbeta_score(y_true, y_pred, beta=2.0, average=None))
    np.testing.assert_allclose(ratio(F.jaccard(t)), skm.jaccard_score(y_true, y_pred, average=None))


def test_hand_matrix_whole_problem_scores():
    t = tallies_of(HAND)
    assert F.accuracy(t) == 14 / 20
    # mean recall: (5/6 + 3/6 + 6/8) / 3
    assert F.balanced_accuracy(t) == pytest.approx((5 / 6 + 3 / 6 + 6 / 8) / 3, rel=1e-15)
    # adjusted: (sum of recalls - 1) / (3 - 1) = (25/12 - 1) / 2 = 13/24
    assert F.balanced_accuracy(t, adjusted=True) == pytest.approx(13 / 24, rel=1e-15)
    # N c - s.p = 20*14 - (6*7 + 6*6 + 8*7) = 280 - 134 = 146
    # N^2 - s.s = 400 - 136 = 264; N^2 - p.p = 400 - 134 = 266
    assert F.matthews_corrcoef(t) == pytest.approx(146 / math.sqrt(264 * 266), rel=1e-15)
    # kappa: (N c - s.p) / (N^2 - s.p) = 146 / 266
    assert F.cohen_kappa(t) == pytest.approx(146 / 266, rel=1e-15)
    # linear: cost |i - j|; observed sum(cost C) = 1 + 2 + 1 + 2 = 6 (cells (0,1),(1,0),(1,2),(2,1))
    # chance s.cost.p = 6*(6 + 14) + 6*(7 + 7) + 8*(14 + 6) = 120 + 84 + 160 = 364
    # kappa = 1 - N * 6 / 364 = 1 - 120/364 = 244/364
    assert F.cohen_kappa(t, "linear", HAND) == pytest.approx(244 / 364, rel=1e-15)
    # quadratic: cost (i - j)^2, the same observed cells cost 6 again;
    # chance = 6*(6 + 4*7) + 6*(7 + 7) + 8*(4*7 + 6) = 204 + 84 + 272 = 560
    assert F.cohen_kappa(t, "quadratic", HAND) == pytest.approx(1 - 120 / 560, rel=1e-15)
    # hamming: wrong samples / N = 6 / 20
    assert F.hamming_loss(t, multilabel=False) == 6 / 20


def test_hand_matrix_whole_problem_scores_agree_with_sklearn():
    y_true = np.repeat(np.repeat([0, 1, 2], 3), HAND.ravel())
    y_pred = np.repeat(np.tile([0, 1, 2], 3), HAND.ravel())
    t = tallies_of(HAND)
    assert F.matthews_corrcoef(t) == pytest.approx(skm.matthews_corrcoef(y_true, y_pred), rel=1e-14)
    for weights in (None, "linear", "quadratic"):
        expected = skm.cohen_kappa_score(y_true, y_pred, weights=weights)
        assert F.cohen_kappa(t, weights, HAND) == pytest.approx(expected, rel=1e-14)
    assert F.balanced_accuracy(t, adjusted=True) == pytest.approx(
        skm.balanced_accuracy_score(y_true, y_pred, adjusted=True), rel=1e-14)


# --------------------------------------------------------------------------
# safe_divide
# --------------------------------------------------------------------------


def test_safe_divide_divides_and_sets_the_undefined_values():
    result = F.safe_divide([1, 3, 0], [2, 0, 0], 1.0)
    assert result.dtype == np.float64
    assert result.tolist() == [0.5, 1.0, 1.0]
    assert np.isnan(F.safe_divide([0], [0], np.nan)[0])
    assert F.safe_divide(7, 4, 0.0) == 1.75
    assert F.safe_divide(np.array(3), np.array(0), 1.0) == 1.0


def test_safe_divide_warns_once_with_the_count_of_undefined_values():
    with pytest.warns(UndefinedMetricWarning) as record:
        result = F.safe_divide([1, 0, 0], [2, 0, 0], what="Thing")
    assert result.tolist() == [0.5, 0.0, 0.0]
    assert len(record) == 1
    assert str(record[0].message) == (
        "Thing is undefined (0/0) for 2 of 3 values and is set to 0.0; pass zero_division "
        "(0.0, 1.0 or nan) to choose the value and silence this warning."
    )


def test_safe_divide_scalar_warning_names_no_count_and_defaults_to_metric():
    with pytest.warns(UndefinedMetricWarning) as record:
        assert F.safe_divide(0, 0) == 0.0
    assert str(record[0].message).startswith("metric is undefined (0/0) and is set to 0.0;")


def test_safe_divide_is_silent_when_defined():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert F.safe_divide([1], [4]).tolist() == [0.25]


def test_safe_divide_python_ints_round_once():
    # 10**30 + 1 over 3 * 10**30: both beyond float precision, the ratio rounded once
    numerator = np.array([[10**30 + 1, 0], [2**70, 5]], dtype=object)
    denominator = np.array([[3 * 10**30, 0], [3, 10**40]], dtype=object)
    result = F.safe_divide(numerator, denominator, 1.0)
    assert result.dtype == np.float64 and result.shape == (2, 2)
    expected = [[float(Fraction(10**30 + 1, 3 * 10**30)), 1.0], [float(Fraction(2**70, 3)), 5e-40]]
    assert result.tolist() == expected


def test_safe_divide_python_ints_broadcast_against_a_scalar():
    result = F.safe_divide(np.array([10**20, 3 * 10**20], dtype=object), 10**20, 0.0)
    assert result.tolist() == [1.0, 3.0]


def test_safe_divide_python_int_numerators_over_int64_denominators():
    # numerators beyond float range: only an exact division can return them
    numerator = np.array([2**1030, 3 * 2**1000], dtype=object)
    result = F.safe_divide(numerator, np.array([2**20, 2**10]), 0.0)
    assert result.tolist() == [2.0**1010, 3 * 2.0**990]


def test_safe_divide_rounds_exact_rationals_to_floats():
    numerator = np.array([Fraction(1, 3), Fraction(2)], dtype=object)
    result = F.safe_divide(numerator, np.array([Fraction(1), Fraction(0)], dtype=object), 1.0)
    assert result.dtype == np.float64
    assert result.tolist() == [1 / 3, 1.0]


def test_safe_divide_of_infinite_counts_is_nan_without_a_warning():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        result = F.safe_divide(np.array([np.inf, 1.0]), np.array([np.inf, 2.0]), 0.0)
    assert math.isnan(result[0]) and result[1] == 0.5


# --------------------------------------------------------------------------
# Counts and exact integers
# --------------------------------------------------------------------------


def test_counts_pooled_and_of_class():
    t = tallies_of(HAND)
    pooled = F.Counts.pooled(t)
    assert tuple(pooled) == (14, 6, 6, 34)  # sums of tp, fp, fn, tn
    assert all(type(c) is int for c in pooled)
    assert tuple(F.Counts.of_class(t, 1)) == (3, 3, 3, 11)
    assert tuple(F.Counts.of_class(t, None)) == (0, 0, 0, 20)


def test_counts_pooled_beyond_int64_are_exact_python_ints():
    big = 2**61
    t = F.Counts(np.array([big, big, 3]), np.array([0, 1, 0]), np.array([1, 0, 0]),
                 np.array([big, big, big]))
    pooled = F.Counts.pooled(t)
    assert pooled.tp == 2 * big + 3 and pooled.tn == 3 * big
    assert (pooled.fp, pooled.fn) == (1, 1)


def test_counts_pooled_float_counts_are_divided_by_a_power_of_two_only_beyond_2_1000():
    # two classes, cells powers of two: every sum is exact. K N = 2**1000: plain sums
    matrix = np.array([[2.0**998, 2.0**997], [2.0**996, 2.0**996]])
    sums = (2.0**998 + 2.0**996, 2.0**997 + 2.0**996, 2.0**997 + 2.0**996, 2.0**998 + 2.0**996)
    assert tuple(F.Counts.pooled(tallies_of(matrix))) == sums
    # K N = 2**1001: divided by 2**ceil(log2 K) = 2
    assert tuple(F.Counts.pooled(tallies_of(2 * matrix))) == sums
    # K N = 3 * 2000: far below, plain sums
    assert tuple(F.Counts.pooled(tallies_of(100.0 * HAND))) == (1400.0, 600.0, 600.0, 3400.0)


def test_exact_sum():
    assert F._exact_sum(np.array([1, 2, 3])) == 6
    assert type(F._exact_sum(np.array([1, 2, 3]))) is int
    # the bound max * size reaches 2**62: summed as Python ints, no wrap-around
    assert F._exact_sum(np.array([2**62, 2**62, 2**62])) == 3 * 2**62
    assert F._exact_sum(np.array([2**61, 2**61])) == 2**62  # bound 2**62: Python ints
    assert F._exact_sum(np.array([2**60, 1])) == 2**60 + 1  # bound 2**61: int64
    assert F._exact_sum(np.array([0.5, 0.25])) == 0.75
    assert type(F._exact_sum(np.array([0.5, 0.25]))) is float
    assert F._exact_sum(np.array([10**30, 1], dtype=object)) == 10**30 + 1
    assert F._exact_sum(np.array([], dtype=np.int64)) == 0


def test_exact_keeps_int64_while_products_fit():
    total, part = F.exact(np.array([2**29 - 1]), np.array([5]))
    assert total.dtype == np.int64 and part.dtype == np.int64
    # 16 * (2**29)**2 = 2**62: no longer below the limit
    total, part = F.exact(np.array([2**29]), np.array([5]))
    assert total.dtype == object and part.tolist() == [5]
    # the factor counts: 16 * (2**28)**2 * 4 = 2**62
    assert F.exact(np.array([2**28]), factor=3)[0].dtype == np.int64
    assert F.exact(np.array([2**28]), factor=4)[0].dtype == object
    # negative values bound by their magnitude
    assert F.exact(np.array([-(2**29)]))[0].dtype == object
    # object input stays object
    assert F.exact(np.array([3], dtype=object))[0].dtype == object


def test_exact_bounds_a_zero_or_unit_total_by_one():
    # 16 * 1**2 * 2**57 = 2**61: still int64
    assert F.exact(np.array([1]), factor=2**57)[0].dtype == np.int64
    assert F.exact(np.array([0]), np.array([0]), factor=2**57)[1].dtype == np.int64
    # single-label tallies: factor 1, 16 * (2**29 - 1)**2 < 2**62
    _, support, predicted = F._whole_matrix(tallies_of(np.array([[2**29 - 1]])))
    assert support.dtype == np.int64 and predicted.tolist() == [2**29 - 1]


def test_informedness_of_large_integral_weights_is_exact():
    # (2**31 + 1)**2 - 2**31 (2**31 + 2) = 1: the products need 63 bits, floats keep 53
    t = F.Counts(np.array([2.0**31 + 1]), np.array([2.0**31]), np.array([2.0**31 + 2]),
                 np.array([2.0**31 + 1]))
    expected = Fraction(1, (2**32 + 3) * (2**32 + 1))
    assert F.per_class(F.informedness, t).tolist() == [float(expected)]


def test_exact_scales_floats_by_one_power_of_two():
    total, a, b = F.exact(np.array([1.75]), np.array([0.5, 0.25]), np.array([1.0]))
    scale = Fraction(int(total[0])) / Fraction(1.75)
    assert scale.denominator == 1 and scale.numerator & (scale.numerator - 1) == 0  # a power of 2
    assert [Fraction(int(v)) / scale for v in a.tolist()] == [Fraction(1, 2), Fraction(1, 4)]
    assert Fraction(int(b[0])) / scale == 1


@given(hnp.arrays(np.float64, st.integers(1, 6),
                  elements=st.one_of(st.just(0.0), st.floats(1e-300, 1e300), st.integers(0, 2**60).map(float))))
def test_scaled_integers_keep_every_ratio(values):
    first, second = values[:1], values[1:]
    scaled = F._scaled_integers([first, second])
    flat = [int(v) for part in scaled for v in part.ravel().tolist()]
    assert [part.shape for part in scaled] == [first.shape, second.shape]
    originals = [Fraction(v) for v in values.tolist()]
    nonzero = [i for i, v in enumerate(originals) if v != 0]
    assert all(flat[i] == 0 for i in range(len(flat)) if i not in nonzero)
    if nonzero:  # one common scale: every value times the same number
        scale = Fraction(flat[nonzero[0]]) / originals[nonzero[0]]
        assert all(Fraction(flat[i]) == originals[i] * scale for i in nonzero)


def test_scaled_integers_of_integral_floats_are_the_integers():
    scaled = F._scaled_integers([np.array([3.0, 0.0]), np.array([[2.0**52]])])
    assert scaled[0].tolist() == [3, 0] and scaled[1].tolist() == [[2**52]]
    # 2**53 and beyond: mantissas and exponents, still one common scale
    huge = F._scaled_integers([np.array([2.0**60, 1.0])])[0].tolist()
    assert Fraction(int(huge[0]), int(huge[1])) == 2**60


def test_scaled_integers_of_zeros_only():
    assert F._scaled_integers([np.array([0.0, 0.0]), np.array([0.0])])[0].tolist() == [0, 0]
    assert F._scaled_integers([np.array([0.0, 0.5])])[0].tolist()[0] == 0


# --------------------------------------------------------------------------
# Count formulas against exact rationals
# --------------------------------------------------------------------------

COUNTS = st.integers(0, 2**40)


def _frac(numerator, denominator):
    return None if denominator == 0 else numerator / denominator


def _sqrt_ratio(numerator, denominator):
    return None if denominator == 0 else math.sqrt(Fraction(numerator) / Fraction(denominator))


ORACLES = {  # (tp, fp, fn, tn) -> exact value, None when 0/0
    F.one_vs_rest_accuracy: lambda tp, fp, fn, tn: _frac(Fraction(tp + tn), tp + fp + fn + tn),
    F.precision: lambda tp, fp, fn, tn: _frac(Fraction(tp), tp + fp),
    F.recall: lambda tp, fp, fn, tn: _frac(Fraction(tp), tp + fn),
    F.specificity: lambda tp, fp, fn, tn: _frac(Fraction(tn), tn + fp),
    F.negative_predictive_value: lambda tp, fp, fn, tn: _frac(Fraction(tn), tn + fn),
    F.fbeta: lambda tp, fp, fn, tn: _frac(Fraction(2 * tp), 2 * tp + fn + fp),
    F.jaccard: lambda tp, fp, fn, tn: _frac(Fraction(tp), tp + fp + fn),
    F.g_mean: lambda tp, fp, fn, tn: _sqrt_ratio(tp * tn, (tp + fn) * (tn + fp)),
    F.lift: lambda tp, fp, fn, tn: _frac(Fraction(tp * (tp + fp + fn + tn)), (tp + fp) * (tp + fn)),
    F.one_vs_rest_kappa: lambda tp, fp, fn, tn: _frac(
        Fraction(2 * (tp * tn - fp * fn)), (tp + fp) * (fp + tn) + (tp + fn) * (fn + tn)),
}


@pytest.mark.parametrize("formula", list(ORACLES), ids=lambda f: f.__name__)
@given(counts=st.lists(st.tuples(COUNTS, COUNTS, COUNTS, COUNTS), min_size=1, max_size=4))
def test_count_formulas_match_exact_rationals(formula, counts):
    t = F.Counts(*(np.array(c, dtype=np.int64) for c in zip(*counts)))
    result = F.per_class(formula, t, zero_division=np.nan)
    for value, cells in zip(result.tolist(), counts):
        expected = ORACLES[formula](*cells)
        if expected is None:
            assert math.isnan(value)
        else:
            assert value == pytest.approx(float(expected), rel=1e-15, abs=1e-300)


@given(counts=st.lists(st.tuples(COUNTS, COUNTS, COUNTS, COUNTS), min_size=1, max_size=4))
def test_one_vs_rest_mcc_matches_exact_rationals(counts):
    t = F.Counts(*(np.array(c, dtype=np.int64) for c in zip(*counts)))
    result = F.per_class(F.one_vs_rest_mcc, t, zero_division=np.nan)
    for value, (tp, fp, fn, tn) in zip(result.tolist(), counts):
        spread = (tp + fp) * (tp + fn) * (tn + fp) * (tn + fn)
        if spread == 0:
            assert math.isnan(value)
        else:
            expected = (tp * tn - fp * fn) / math.sqrt(Fraction(spread))
            assert value == pytest.approx(expected, rel=1e-14)


BETAS = st.sampled_from([0.5, 1.0, 2.0, 0.1, 3.0, 1e-3, 1e3])


@pytest.mark.parametrize("beta", [0.1, 1e-3, 1e3])
def test_fbeta_of_zero_counts_is_undefined_whatever_beta(beta):
    # beta**2 = m / d with m + d beyond int64: zero counts must not multiply as int64
    zero = F.Counts(np.array([0]), np.array([0]), np.array([0]), np.array([0]))
    assert np.isnan(F.per_class(partial(F.fbeta, beta=beta), zero, zero_division=np.nan)[0])
    cm = ClassificationMetric([0, 0], [0, 0], labels=[0, 1])
    result = cm.FBS(beta, average=None, zero_division=np.nan)
    assert result[0] == 1.0 and np.isnan(result[1])


@given(counts=st.tuples(COUNTS, COUNTS, COUNTS), beta=BETAS, weighted=st.booleans(),
       magnitude=st.sampled_from([1.0, 2.0**-1000, 2.0**900]))
def test_fbeta_matches_its_definition(counts, beta, weighted, magnitude):
    tp, fp, fn = counts
    b2 = Fraction(beta) ** 2
    denominator = (1 + b2) * tp + b2 * fn + fp
    scale = magnitude if weighted else 1
    t = F.Counts(*(np.array([c * scale if weighted else c]) for c in (tp, fp, fn, 0)))
    value = F.per_class(partial(F.fbeta, beta=beta), t, zero_division=np.nan)[0]
    if denominator == 0:
        assert math.isnan(value)
    else:
        assert value == pytest.approx(float((1 + b2) * tp / denominator), rel=1e-13)


def test_fbeta_weighted_by_hand():
    # beta = 2: (1 + 4) tp / (5 tp + 4 fn + fp) = 5*1.5 / (7.5 + 4*0.5 + 0.25) = 7.5 / 9.75
    t = F.Counts(np.array([1.5]), np.array([0.25]), np.array([0.5]), np.array([0.0]))
    assert ratio(F.fbeta(t, 2.0))[0] == pytest.approx(7.5 / 9.75, rel=1e-15)
    # beta = 0.5: 1.25 tp / (1.25 tp + 0.25 fn + fp) = 1.875 / (1.875 + 0.125 + 0.25)
    assert ratio(F.fbeta(t, 0.5))[0] == pytest.approx(1.875 / 2.25, rel=1e-15)
    # empty float arrays: nothing to scale
    empty = F.Counts(*(np.array([], dtype=np.float64) for _ in range(4)))
    assert [len(part) for part in F.fbeta(empty, 2.0)] == [0, 0]


def test_fbeta_integer_counts_with_a_rational_beta():
    # beta = 1/2, b^2 = 1/4 = m/d with m = 1, d = 4: (d + m) tp / ((d + m) tp + m fn + d fp)
    t = F.Counts(np.array([3]), np.array([2]), np.array([5]), np.array([0]))
    numerator, denominator = F.fbeta(t, 0.5)
    assert Fraction(int(numerator[0]), int(denominator[0])) == Fraction(15, 15 + 5 + 8)


def test_fbeta_integer_counts_beyond_int64_products():
    big = 2**40
    t = F.Counts(np.array([big]), np.array([big]), np.array([1]), np.array([0]))
    numerator, denominator = F.fbeta(t, 1e-3)  # b^2 as a ratio of two large integers
    m, d = (Fraction(1e-3) ** 2).as_integer_ratio()
    assert Fraction(int(numerator[0]), int(denominator[0])) == Fraction((d + m) * big,
                                                                        (d + m) * big + m + d * big)


def test_fbeta_of_python_int_counts_beyond_int64():
    tp, fp, fn = [2**70, 3], [1, 2**65], [2**66, 0]
    t = F.Counts(*(np.array(c, dtype=object) for c in (tp, fp, fn, [0, 0])))
    # beta = 2: 5 tp / (5 tp + 4 fn + fp)
    expected = [float(Fraction(5 * p, 5 * p + 4 * n + f)) for p, f, n in zip(tp, fp, fn)]
    assert F.per_class(partial(F.fbeta, beta=2.0), t).tolist() == expected


def test_g_mean_lift_mcc_kappa_beyond_int64():
    # products of counts near 2**61 overflow int64: exact Python ints instead
    big = 2**61
    t = F.Counts(np.array([big]), np.array([3]), np.array([5]), np.array([big]))
    n = 2 * big + 8
    assert ratio(F.lift(t))[0] == pytest.approx(float(Fraction(big * n, (big + 3) * (big + 5))), rel=1e-15)
    assert ratio(F.g_mean(t))[0] == pytest.approx(
        math.sqrt(Fraction(big * big, (big + 5) * (big + 3))), rel=1e-15)
    expected = Fraction(2 * (big * big - 15), (big + 3) * (3 + big) + (big + 5) * (5 + big))
    assert ratio(F.one_vs_rest_kappa(t))[0] == pytest.approx(float(expected), rel=1e-15)
    spread = (big + 3) * (big + 5) * (big + 3) * (big + 5)
    assert ratio(F.one_vs_rest_mcc(t))[0] == pytest.approx(
        (big * big - 15) / math.sqrt(Fraction(spread)), rel=1e-14)


# --------------------------------------------------------------------------
# per_class and average
# --------------------------------------------------------------------------


@pytest.mark.parametrize("alias, formula, name", [
    ("PCA", F.one_vs_rest_accuracy, "Accuracy"), ("PS", F.precision, "Precision"),
    ("RS", F.recall, "Recall"), ("SS", F.specificity, "Specificity"),
    ("NPV", F.negative_predictive_value, "Negative predictive value"),
    ("FBS", F.fbeta, "F-score"), ("F2S", partial(F.fbeta, beta=2.0), "F-score"),
    ("JSI", F.jaccard, "Jaccard"), ("GMS", F.g_mean, "G-mean"), ("LS", F.lift, "Lift"),
    ("BM", F.informedness, "Informedness"), ("MK", F.markedness, "Markedness"),
    ("MCC", F.one_vs_rest_mcc, "Matthews correlation"),
    ("CKS", F.one_vs_rest_kappa, "Cohen's kappa"),
])
def test_per_class_names_the_formula_in_its_warning(alias, formula, name):
    metric = _registry.lookup(alias)
    assert metric.title == name
    assert getattr(metric.formula, "func", metric.formula) is getattr(formula, "func", formula)
    empty = F.Counts(np.array([0]), np.array([0]), np.array([0]), np.array([0]))
    with pytest.warns(UndefinedMetricWarning) as record:
        assert F.per_class(formula, empty, "warn", metric.title).tolist() == [0.0]
    assert str(record[0].message).startswith(f"{name} is undefined (0/0) for 1 of 1 values")


def test_report_columns_and_their_formulas():
    assert [m.column for m in _registry.REPORT] == [
        "accuracy", "recall", "precision", "specificity", "npv", "f1", "jaccard", "mcc"]
    assert [getattr(m.formula, "func", m.formula).__name__ for m in _registry.REPORT] == [
        "one_vs_rest_accuracy", "recall", "precision", "specificity",
        "negative_predictive_value", "fbeta", "jaccard", "one_vs_rest_mcc"]


def test_per_class_warns_by_default_and_names_the_metric():
    counts = F.Counts(np.array([0, 1]), np.array([0, 1]), np.array([0, 0]), np.array([2, 0]))
    with pytest.warns(UndefinedMetricWarning) as record:
        assert F.per_class(F.precision, counts).tolist() == [0.0, 0.5]
    assert str(record[0].message).startswith("metric is undefined (0/0) for 1 of 2 values")


@pytest.mark.parametrize("average", ["micro", "macro", None], ids=["micro", "macro", "none"])
def test_average_warns_by_default_and_names_the_metric(average):
    zeros = F.Counts(*(np.array([0, 0]) for _ in range(4)))
    with pytest.warns(UndefinedMetricWarning) as record:
        assert np.all(F.average(F.precision, zeros, average) == 0.0)
    assert str(record[0].message).startswith("metric is undefined (0/0)")
    with pytest.warns(UndefinedMetricWarning) as record:
        F.average(F.precision, zeros, average, what="Precision")
    assert str(record[0].message).startswith("Precision is undefined (0/0)")


def test_average_each_way_on_the_hand_matrix():
    t = tallies_of(HAND)
    recalls = [5 / 6, 3 / 6, 6 / 8]
    assert F.average(F.recall, t, None).tolist() == pytest.approx(recalls, rel=1e-15)
    assert F.average(F.recall, t, "macro") == pytest.approx(sum(recalls) / 3, rel=1e-15)
    # weighted by support [6, 6, 8]: (5 + 3 + 6) / 20
    assert F.average(F.recall, t, "weighted") == pytest.approx(14 / 20, rel=1e-15)
    # micro: pooled tp 14 over pooled tp + fp 20
    micro = F.average(F.precision, t, "micro")
    assert micro == 14 / 20 and type(micro) is float
    # weighted precision: supports weigh precisions 5/7, 3/6, 6/7
    expected = (6 * 5 / 7 + 6 * 3 / 6 + 8 * 6 / 7) / 20
    assert F.average(F.precision, t, "weighted") == pytest.approx(expected, rel=1e-15)


def test_average_skips_nan_values_and_zero_weights():
    # class 1 has no predictions (precision 0/0 -> nan) and class 2 no support
    t = tallies_of(np.array([[2, 0, 1], [1, 0, 0], [0, 0, 0]]))
    assert np.isnan(F.average(F.precision, t, None, np.nan)).tolist() == [False, True, False]
    # precisions 2/3 and 0/1: nan skipped
    assert F.average(F.precision, t, "macro", np.nan) == pytest.approx(1 / 3, rel=1e-15)
    # weights 3 and 0 (class 2 has no support): (3 * 2/3 + 0 * 0) / 3
    assert F.average(F.precision, t, "weighted", np.nan) == pytest.approx(2 / 3, rel=1e-15)


def test_nan_average():
    assert math.isnan(F.nan_average(np.array([np.nan, np.nan])))
    assert F.nan_average(np.array([0.5, np.nan, 1.0])) == 0.75
    # zero total weight among the kept values falls back to the plain mean
    assert F.nan_average(np.array([0.5, 1.0, np.nan]), np.array([0.0, 0.0, 4.0])) == 0.75
    assert F.nan_average(np.array([0.5, 1.0]), np.array([3.0, 1.0])) == 0.625
    # weights too small to multiply exactly are scaled by the largest first
    tiny = np.array([3e-320, 1e-320])
    assert F.nan_average(np.array([0.5, 1.0]), tiny) == pytest.approx(0.625, rel=1e-12)
    assert type(F.nan_average(np.array([0.5]), np.array([2.0]))) is float


# --------------------------------------------------------------------------
# Whole-problem scores
# --------------------------------------------------------------------------


def test_accuracy_is_a_float():
    assert F.accuracy(tallies_of(np.array([[1, 1], [0, 1]]))) == 2 / 3
    assert type(F.accuracy(tallies_of(np.array([[1, 1], [0, 1]])))) is float


def test_binary_balanced_accuracy_over_thresholds():
    # two thresholds; negatives 4 (tn + fp), positives 2 (tp + fn)
    counts = F.Counts(np.array([2, 1]), np.array([3, 0]), np.array([0, 1]), np.array([1, 4]))
    # (tn/4 + tp/2) / 2 at each threshold: (1/4 + 1) / 2, (1 + 1/2) / 2
    assert ratio(F.binary_balanced_accuracy(counts)).tolist() == [0.625, 0.75]
    # no positive sample: only specificity counts
    counts = F.Counts(np.array([0, 0]), np.array([3, 1]), np.array([0, 0]), np.array([1, 3]))
    assert ratio(F.binary_balanced_accuracy(counts)).tolist() == [0.25, 0.75]
    # no negative sample: only recall counts
    counts = F.Counts(np.array([2, 1]), np.array([0, 0]), np.array([0, 1]), np.array([0, 0]))
    assert ratio(F.binary_balanced_accuracy(counts)).tolist() == [1.0, 0.5]


def test_balanced_accuracy_leaves_out_classes_without_support():
    # class 2 only predicted: recalls 1/2 and 2/2 over the two present classes
    t = tallies_of(np.array([[1, 0, 1], [0, 2, 0], [0, 0, 0]]))
    assert F.balanced_accuracy(t) == 0.75
    assert F.balanced_accuracy(t, adjusted=True) == 0.5  # (1/2 + 1 - 1) / (2 - 1)


def test_adjusted_balanced_accuracy_with_one_class_follows_zero_division():
    t = tallies_of(np.array([[2, 1], [0, 0]]))
    assert F.balanced_accuracy(t, adjusted=True, zero_division=1.0) == 1.0
    assert math.isnan(F.balanced_accuracy(t, adjusted=True, zero_division=np.nan))
    with pytest.warns(UndefinedMetricWarning, match="Adjusted balanced accuracy with a single class"):
        assert F.balanced_accuracy(t, adjusted=True) == 0.0
    assert F.balanced_accuracy(t) == 2 / 3


@given(st.lists(st.tuples(st.integers(1, 2**52), st.integers(0, 2**52)), min_size=2, max_size=6))
def test_recall_excess_is_the_exact_sum_rounded_once(pairs):
    support = np.array([s for s, _ in pairs], dtype=np.int64)
    right = np.array([min(r, s) for s, r in pairs], dtype=np.int64)
    exact = sum(Fraction(int(r), int(s)) for r, s in zip(right, support)) - 1
    assert F._recall_excess(right, support, right / support) == float(exact)


@pytest.mark.parametrize("dtype", [np.int64, np.float64])
def test_recall_excess_near_chance_keeps_its_digits(dtype):
    # recalls 1/3 and 2/3 up to 3 * 10**15 samples: their sum is 1 within rounding
    support = np.array([3 * 10**15, 3 * 10**15 + 3], dtype=dtype)
    right = np.array([10**15, 2 * 10**15 + 3], dtype=dtype)
    # 1/3 + (2 * 10**15 + 3) / (3 * 10**15 + 3) - 1 = 2 / (3 * (3 * 10**15 + 3)) after cancellation
    exact = Fraction(10**15, 3 * 10**15) + Fraction(2 * 10**15 + 3, 3 * 10**15 + 3) - 1
    assert F._recall_excess(right, support, right / support) == float(exact)


def test_recall_excess_beyond_2_53_counts_uses_rationals():
    support = np.array([2**60 + 3, 2**60 + 7], dtype=np.int64)
    right = np.array([2**59 + 1, 2**59 + 5], dtype=np.int64)
    exact = Fraction(2**59 + 1, 2**60 + 3) + Fraction(2**59 + 5, 2**60 + 7) - 1
    assert F._recall_excess(right, support, right / support) == float(exact)


def test_recall_excess_beyond_2_53_counts_away_from_chance():
    # 2**53 + 1 and 2**53 + 3 are no floats: the counts must not be rounded
    support = np.array([2**53 + 3, 2], dtype=np.int64)
    right = np.array([2**53 + 1, 1], dtype=np.int64)
    exact = Fraction(2**53 + 1, 2**53 + 3) + Fraction(1, 2) - 1
    assert F._recall_excess(right, support, right / support) == float(exact)


# two recalls whose sum exceeds 1 by about 2**-59.4, 2**-49.1, and 2**-49 plus
# 0.06 and 0.94 times 2**-98: below or within 2**-98 of the bound 2 * 2**-50 (1 + excess)
# under which the float sum (twice the working precision) is not trusted; in
# floats each of these sums rounds to the wrong neighbour
NEAR_CHANCE = [
    ((549756611050, 2**40 + 1), (549755016728, 2**40 + 3)),
    ((5339270567029449, 6018359145752410), (498678975722172, 4419495877806991)),
    ((1232207206270004, 6018359145752410), (3514642156580043, 4419495877806991)),
    ((4788015635439387, 6537092746998210), (2082126165684221, 7781847790517881)),
]


@pytest.mark.parametrize("pairs", NEAR_CHANCE, ids=["2 59", "2 49 1", "2 49 a", "2 49 b"])
def test_recall_excess_just_above_chance_is_rounded_once(pairs):
    right = np.array([r for r, _ in pairs], dtype=np.int64)
    support = np.array([s for _, s in pairs], dtype=np.int64)
    exact = sum(Fraction(r, s) for r, s in pairs) - 1
    assert 0 < exact < Fraction(2, 2**49)
    assert F._recall_excess(right, support, right / support) == float(exact)


@pytest.mark.parametrize("dtype", [np.int64, np.float64])
def test_recall_excess_exactly_at_chance_is_zero(dtype):
    support, right = np.array([4, 8], dtype=dtype), np.array([1, 6], dtype=dtype)
    assert F._recall_excess(right, support, right / support) == 0.0  # 1/4 + 3/4 - 1


# the domain _recall_excess uses: recalls in [0, 1] times supports scaled into [0.5, 1)
# (Dekker's product is exact while a * b does not underflow)
@given(st.one_of(st.just(0.0), st.floats(2.0**-900, 1)), st.floats(0.5, 1, exclude_max=True))
def test_two_product_is_exact(a, b):
    high, low = F._two_product(np.array([a]), np.array([b]))
    assert high[0] == a * b
    assert Fraction(high[0]) + Fraction(low[0]) == Fraction(a) * Fraction(b)


@given(st.floats(-1e300, 1e300))
def test_split_halves_have_26_bits(x):
    high, low = F._split(np.array([x]))
    assert Fraction(high[0]) + Fraction(low[0]) == Fraction(x)
    for half in (high[0], low[0]):
        mantissa = Fraction(half)
        if mantissa:
            while mantissa.denominator != 1:
                mantissa *= 2
            numerator = abs(mantissa.numerator)
            while numerator % 2 == 0:
                numerator //= 2
            assert numerator < 2**27


def test_split_rounds_a_tie_to_the_even_half():
    # 1 + 2**-26 is halfway between the 26-bit values 1 and 1 + 2**-25,
    # 1 + 3 * 2**-26 halfway between 1 + 2**-25 and 1 + 2**-24
    high, low = F._split(np.array([1 + 2.0**-26, 1 + 3 * 2.0**-26]))
    assert high.tolist() == [1.0, 1 + 2.0**-24]
    assert low.tolist() == [2.0**-26, -(2.0**-26)]


def test_hamming_loss_multilabel_counts_wrong_cells():
    # 2 labels, 3 samples; fp = [1, 0], fn = [0, 2]: 3 wrong cells of 6
    t = Tallies(np.array([1, 0]), np.array([1, 2]), np.array([2, 0]), 3, 1)
    assert F.hamming_loss(t, multilabel=True) == 0.5
    assert F.hamming_loss(t, multilabel=False) == 2 / 3  # (3 - 1) / 3


def test_matthews_of_a_constant_prediction_follows_zero_division():
    t = tallies_of(np.array([[3, 0], [2, 0]]))
    assert F.matthews_corrcoef(t, zero_division=1.0) == 1.0
    with pytest.warns(UndefinedMetricWarning) as record:
        assert F.matthews_corrcoef(t) == 0.0
    assert str(record[0].message).startswith(
        "Matthews correlation with a constant y_true or y_pred is undefined (0/0) and is set to 0.0")


def test_matthews_and_kappa_weighted_against_sklearn():
    rng = np.random.default_rng(5)
    y_true, y_pred = rng.integers(0, 4, 60), rng.integers(0, 4, 60)
    weight = rng.random(60)
    matrix = skm.confusion_matrix(y_true, y_pred, sample_weight=weight)
    t = tallies_of(matrix)
    assert F.matthews_corrcoef(t) == pytest.approx(
        skm.matthews_corrcoef(y_true, y_pred, sample_weight=weight), rel=1e-12)
    for weights in (None, "linear", "quadratic"):
        expected = skm.cohen_kappa_score(y_true, y_pred, weights=weights, sample_weight=weight)
        assert F.cohen_kappa(t, weights, matrix) == pytest.approx(expected, rel=1e-12)


def test_kappa_with_one_class_follows_zero_division():
    t = tallies_of(np.array([[4]]))
    assert F.cohen_kappa(t, zero_division=np.nan) != F.cohen_kappa(t, zero_division=np.nan)
    assert F.cohen_kappa(t, "linear", np.array([[4]]), zero_division=1.0) == 1.0
    with pytest.warns(UndefinedMetricWarning) as record:
        assert F.cohen_kappa(t, "quadratic", np.array([[4]])) == 0.0
    assert str(record[0].message).startswith("Cohen's kappa with no chance disagreement "
                                             "(one class in y_true and y_pred) is undefined (0/0)")


def test_weighted_kappa_uses_the_weights_given():
    # 3 classes: linear and quadratic costs differ only for cells two classes apart
    matrix = np.array([[3, 0, 2], [0, 3, 0], [1, 0, 3]])
    t = tallies_of(matrix)
    y_true = np.repeat(np.repeat([0, 1, 2], 3), matrix.ravel())
    y_pred = np.repeat(np.tile([0, 1, 2], 3), matrix.ravel())
    linear = F.cohen_kappa(t, "linear", matrix)
    quadratic = F.cohen_kappa(t, "quadratic", matrix)
    assert linear == pytest.approx(skm.cohen_kappa_score(y_true, y_pred, weights="linear"), rel=1e-14)
    assert quadratic == pytest.approx(skm.cohen_kappa_score(y_true, y_pred, weights="quadratic"), rel=1e-14)
    assert linear != quadratic


def test_weighted_kappa_of_large_counts_is_exact():
    # cells near 2**40: products of sums beyond int64, kept exact
    big = 2**40
    matrix = np.array([[big, 1, 0], [2, big, 3], [0, 5, big]])
    t = tallies_of(matrix)
    support, predicted = matrix.sum(1).tolist(), matrix.sum(0).tolist()
    n = sum(support)
    for power, weights in ((1, "linear"), (2, "quadratic")):
        cost = [[abs(i - j) ** power for j in range(3)] for i in range(3)]
        observed = sum(cost[i][j] * int(matrix[i, j]) for i in range(3) for j in range(3))
        chance = sum(support[i] * cost[i][j] * predicted[j] for i in range(3) for j in range(3))
        expected = Fraction(chance - n * observed, chance)
        assert F.cohen_kappa(t, weights, matrix) == pytest.approx(float(expected), rel=1e-15)


def test_quadratic_kappa_of_seven_classes_near_2_29_is_exact():
    # costs up to 6**2 = 36: chance near 36 N**2 > 2**63 with N = 2**29 - 1
    n = 2**29 - 1
    matrix = np.zeros((7, 7), dtype=np.int64)
    matrix[0, 6], matrix[6, 0] = n - 1, 1
    # observed cost 36 N; chance 36 ((N - 1)**2 + 1)
    chance = 36 * ((n - 1) ** 2 + 1)
    expected = Fraction(chance - n * 36 * n, chance)
    assert F.cohen_kappa(tallies_of(matrix), "quadratic", matrix) == float(expected)


def test_weighted_kappa_without_classes_follows_zero_division():
    matrix = np.zeros((0, 0), dtype=np.int64)
    assert math.isnan(F.cohen_kappa(tallies_of(matrix), "linear", matrix, zero_division=np.nan))


# --------------------------------------------------------------------------
# normalize_matrix
# --------------------------------------------------------------------------


def test_normalize_matrix_each_way():
    assert F.normalize_matrix(HAND, None) is HAND
    np.testing.assert_array_equal(F.normalize_matrix(HAND, "true"), HAND / HAND.sum(1, keepdims=True))
    np.testing.assert_array_equal(F.normalize_matrix(HAND, "pred"), HAND / HAND.sum(0, keepdims=True))
    np.testing.assert_array_equal(F.normalize_matrix(HAND, "all"), HAND / 20)


def test_normalize_matrix_of_a_stack_normalizes_each_matrix():
    stack = np.array([[[1, 3], [0, 2]], [[2, 2], [4, 0]]])
    np.testing.assert_array_equal(F.normalize_matrix(stack, "true")[1], [[0.5, 0.5], [1.0, 0.0]])
    np.testing.assert_array_equal(F.normalize_matrix(stack, "pred")[0], [[1.0, 0.6], [0.0, 0.4]])
    np.testing.assert_array_equal(F.normalize_matrix(stack, "all")[0], [[1 / 6, 0.5], [0.0, 1 / 3]])


def test_normalize_matrix_empty_row_follows_zero_division():
    matrix = np.array([[2, 2], [0, 0]])
    assert F.normalize_matrix(matrix, "true", 1.0).tolist() == [[0.5, 0.5], [1.0, 1.0]]
    with pytest.warns(UndefinedMetricWarning) as record:
        F.normalize_matrix(matrix, "true")
    assert str(record[0].message).startswith(
        "Confusion matrix normalized over 'true' is undefined (0/0) for 2 of 4 values")


# --------------------------------------------------------------------------
# Warnings point at the caller's line
# --------------------------------------------------------------------------

# mutmut (.ci/mutation) calls each function through a trampoline: extra stack frames
under_mutmut = pytest.mark.skipif("MUTANT_UNDER_TEST" in os.environ,
                                  reason="mutation testing adds stack frames")


@under_mutmut
@pytest.mark.parametrize("query", [
    lambda: ClassificationMetric([0, 0], [0, 0]).MCC(),
    lambda: ClassificationMetric([0, 0], [0, 0]).CKS(),
    lambda: ClassificationMetric([0, 0], [0, 0]).CKS(weights="linear"),
    lambda: ClassificationMetric([0, 1], [0, 0]).CM(normalize="pred"),
], ids=["MCC", "CKS", "CKS linear", "CM"])
def test_undefined_metric_warning_points_at_the_caller(query):
    with pytest.warns(UndefinedMetricWarning) as record:
        query()
    assert record[0].filename == __file__


@under_mutmut
@pytest.mark.parametrize("average", ["binary", "macro"])
def test_undefined_per_class_warning_points_at_the_caller(average):
    with pytest.warns(UndefinedMetricWarning) as record:
        ClassificationMetric([0, 1], [0, 0]).PS(average=average)
    assert record[0].filename == __file__


def test_recall_excess_is_rounded_correctly_at_a_tie():
    # 3 / 2**52 + 1/3 + 2/3 + 1 + 1 - 1 lies next to a tie between two floats near 2:
    # a sum in twice the working precision alone rounds it the wrong way
    support = np.array([2**52, 3, 3, 1, 1], dtype=np.int64)
    right = np.array([3, 1, 2, 1, 1], dtype=np.int64)
    exact = Fraction(3, 2**52) + Fraction(1, 3) + Fraction(2, 3) + 1 + 1 - 1
    assert F._recall_excess(right, support, right / support) == float(exact)
    assert float(exact) == 2.000000000000001
