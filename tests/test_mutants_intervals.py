"""Tests written for the surviving mutants of metrics/interval_forms.py and
stats/intervals.py (.ci/mutation): each checks against an independent oracle
(statsmodels, scipy, a count or a rational computed here) or a value derived by hand."""

from fractions import Fraction
from statistics import NormalDist

import numpy as np
import pytest
from statsmodels.stats.proportion import proportion_confint

from permetrics_lite import ClassificationMetric
from permetrics_lite.metrics import interval_forms as _interval_forms, registry as _registry
from permetrics_lite.stats import bounds as _bounds, intervals as _intervals


def assert_close(actual, expected):
    np.testing.assert_allclose(actual, expected, rtol=1e-12, atol=1e-15)


def statsmodels_interval(count, nobs, confidence, method):
    names = {"clopper-pearson": "beta", "agresti-coull": "agresti_coull"}
    return proportion_confint(count, nobs, alpha=1 - confidence, method=names.get(method, method))


# --- metrics/interval_forms.py ---

BOOTSTRAP_INSTEAD = "use method='bootstrap' or 'bca', which apply to every metric of labels."


@pytest.mark.parametrize("method", ["wilson", "jeffreys"])
def test_unnormalized_accuracy_refusal_in_full(method):
    cm = ClassificationMetric([0, 1, 1, 0], [0, 1, 0, 0])
    with pytest.raises(ValueError) as raised:
        cm.CI("AS", method=method, normalize=False)
    assert str(raised.value) == (f"method={method!r} does not apply to AS with normalize=False; "
                                 + BOOTSTRAP_INSTEAD)


SCORES = [[0.5, 0.3, 0.2], [0.1, 0.3, 0.6], [0.2, 0.5, 0.3], [0.6, 0.3, 0.1], [0.3, 0.3, 0.4],
          [0.2, 0.7, 0.1]]
SCORED_TRUE = [0, 1, 1, 2, 2, 0]


def test_unnormalized_top_k_refusal_in_full():
    cm = ClassificationMetric.from_scores(SCORED_TRUE, SCORES)
    with pytest.raises(ValueError) as raised:
        cm.CI("TKA", method="normal", k=2, normalize=False)
    assert str(raised.value) == ("method='normal' does not apply to TKA with normalize=False; "
                                 + BOOTSTRAP_INSTEAD)


def test_top_k_interval_defaults_to_k_1():
    cm = ClassificationMetric.from_scores(SCORED_TRUE, SCORES)
    # ranks of the true class (ties by column): 1, 2, 1, 3, 1, 2 -> 3 hits at k=1, 5 at k=2
    ci = cm.CI("TKA", method="wilson")
    assert ci.estimate == 3 / 6
    assert_close([ci.low, ci.high], statsmodels_interval(3, 6, 0.95, "wilson"))
    ci2 = cm.CI("TKA", method="wilson", k=2)
    assert_close([ci2.low, ci2.high], statsmodels_interval(5, 6, 0.95, "wilson"))


@pytest.mark.parametrize("average", [None, "binary"])
def test_per_class_accuracy_of_one_class_of_a_multiclass_problem(average):
    # PCA takes pos_label on any problem: the one-vs-rest accuracy of that class
    true, pred = [0, 1, 2, 2, 1, 0, 2, 1], [0, 2, 2, 1, 1, 0, 0, 1]
    right = sum((t == 2) == (p == 2) for t, p in zip(true, pred))  # tp + tn of class 2: 5
    assert right == 5
    options = {"pos_label": 2} if average is None else {"pos_label": 2, "average": average}
    ci = ClassificationMetric(true, pred).CI("PCA", method="agresti-coull", **options)
    assert ci.estimate == right / len(true)
    assert_close([ci.low, ci.high], statsmodels_interval(right, len(true), 0.95, "agresti-coull"))


def test_kappa_closed_form_refuses_averages_in_full():
    cm = ClassificationMetric([0, 1, 1, 0, 2], [0, 1, 0, 0, 2])
    with pytest.raises(ValueError) as raised:
        cm.CI("CKS", method="analytic", average=None)
    assert str(raised.value) == (
        "method='analytic' does not apply to CKS with average=None (the closed form is of "
        "the whole matrix); " + BOOTSTRAP_INSTEAD)


def fleiss_variance(table):
    """Var(kappa) of Fleiss, Cohen and Everitt (1969), unweighted, in exact rationals."""
    k = len(table)
    n = sum(sum(row) for row in table)
    p = [[Fraction(x, n) for x in row] for row in table]
    rows = [sum(p[i]) for i in range(k)]
    columns = [sum(p[i][j] for i in range(k)) for j in range(k)]
    observed = sum(p[i][i] for i in range(k))
    chance = sum(rows[i] * columns[i] for i in range(k))
    kappa = (observed - chance) / (1 - chance)
    spread = sum(p[i][j] * ((i == j) - (rows[j] + columns[i]) * (1 - kappa)) ** 2
                 for i in range(k) for j in range(k))
    return (spread - (kappa - chance * (1 - kappa)) ** 2) / ((1 - chance) ** 2 * n)


@pytest.mark.parametrize("table", [
    [[10**10 + 7, 3, 1], [2, 10**10 + 1, 5], [1, 4, 10**10 - 3]],
    [[10**18, 3], [5, 10**18]],
], ids=["3x3", "2x2"])
def test_kappa_standard_error_is_exact_for_large_counts(table):
    # kappa near 1 on ~1e10 to 1e18 samples: the variance is a difference of sums of
    # order n**5 that nearly cancel; floats would lose its digits (all of them for the
    # 2x2 table), the closed form keeps exact integers. The interval's bounds round it
    # away next to an estimate of ~1, so the standard error is read from the form itself.
    cm = ClassificationMetric.from_confusion_matrix(table)
    error = _interval_forms.kappa_standard_error(cm.state, _registry.lookup("CKS"))
    np.testing.assert_allclose(error, float(fleiss_variance(table)) ** 0.5, rtol=1e-12, atol=0)


# --- stats/intervals.py ---


def test_replace_keeps_the_method_and_confidence():
    ci = ClassificationMetric([0, 1, 1, 0], [0, 1, 0, 0]).CI("AS", method="normal",
                                                             confidence=0.9)
    changed = ci._replace(low=0.125)
    assert tuple(changed) == (0.75, 0.125, ci.high)
    assert (changed.method, changed.confidence) == ("normal", 0.9)
    assert changed._replace(confidence=0.5).confidence == 0.5


@pytest.mark.parametrize("method", ["clopper-pearson", "jeffreys"])
def test_beta_intervals_without_scipy_name_the_extra(method, monkeypatch):
    import sys

    monkeypatch.setitem(sys.modules, "scipy", None)  # "from scipy import stats" fails
    with pytest.raises(ImportError) as raised:
        _bounds.proportion_interval(3, 7, 0.95, method)
    assert str(raised.value) == (
        "Clopper-Pearson and Jeffreys intervals needs the optional dependency scipy; install "
        "it with pip install 'permetrics_lite[stats]'.")


def test_wilson_upper_bound_is_at_most_1_where_floats_round_above_it():
    # one failure in ~7.9e15 trials: the exact upper bound is 1 - O(1e-16 / 1e15), whose
    # nearest float is 1.0; the unclipped float formula rounds to 1 + 2**-52
    count, nobs = 7917096940350942, 7917096940350943
    z = NormalDist().inv_cdf(0.975)
    q = np.float64(count) / nobs
    unclipped = (q + z**2 / (2 * nobs) + z * np.sqrt(q * (1 - q) / nobs + z**2 / (4 * nobs**2))
                 ) / (1 + z**2 / nobs)
    assert unclipped > 1.0  # the rounding the bound guards against
    low, high = _bounds.proportion_interval(count, nobs, 0.95, "wilson")
    assert high == 1.0
    assert 0.999 < low < 1.0


def test_jackknife_of_one_sample_leaves_nothing():
    cm = ClassificationMetric.from_confusion_matrix([[1, 0], [0, 0]])
    evaluations, counts = _intervals.Intervals(cm.state, "bca", 0.95).jackknife()
    assert evaluations == []
    assert counts.shape == (0,)


def test_jackknife_of_two_samples_leaves_out_each_cell():
    # cells (0, 0) and (1, 0), one sample each: without one, the other alone
    cm = ClassificationMetric.from_confusion_matrix([[1, 0], [1, 0]])
    evaluations, counts = _intervals.Intervals(cm.state, "bca", 0.95).jackknife()
    assert counts.tolist() == [1.0, 1.0]
    assert [np.asarray(e.matrix(None)[0]).tolist() for e in evaluations] == [
        [[0, 0], [1, 0]], [[1, 0], [0, 0]]]


def _balanced_accuracy(matrix):
    """The mean recall of the classes in y_true, exact."""
    recalls = [Fraction(int(matrix[i][i]), int(sum(matrix[i]))) for i in range(len(matrix))
               if sum(matrix[i])]
    return sum(recalls) / len(recalls)


def bca_reference(matrix, statistic, seed, n_resamples, confidence):
    """scipy's BCa interval (percentile of the estimate counting ties half, acceleration
    from the per-sample jackknife) of an exact ``statistic`` of the matrix, over the
    documented resamples: multinomial draws of the samples over the matrix's cells."""
    matrix = np.asarray(matrix)
    k, n = len(matrix), int(matrix.sum())
    draws = np.random.default_rng(seed).multinomial(n, (matrix / n).ravel(), size=n_resamples)
    values = [statistic(d.reshape(k, k)) for d in draws]
    estimate = statistic(matrix)
    equal = sum(v == estimate for v in values)
    below = (2 * sum(v < estimate for v in values) + equal) / (2 * n_resamples)
    samples = [(i, j) for i in range(k) for j in range(k) for _ in range(matrix[i, j])]
    jackknife = []
    for left_out in range(n):
        kept = np.zeros((k, k), dtype=int)
        for s, (i, j) in enumerate(samples):
            kept[i, j] += s != left_out
        jackknife.append(Fraction(statistic(kept)))
    mean = sum(jackknife) / n
    deviation = [mean - v for v in jackknife]
    acceleration = float(sum(d**3 for d in deviation)) / (
        6 * float(sum(d**2 for d in deviation)) ** 1.5)
    normal = NormalDist()
    bias, z = normal.inv_cdf(below), normal.inv_cdf((1 - confidence) / 2)
    levels = [normal.cdf(bias + (bias + s) / (1 - acceleration * (bias + s))) for s in (z, -z)]
    return estimate, equal, np.quantile([float(v) for v in values], levels)


def test_bca_counts_resamples_equal_to_the_evaluation_half_whatever_the_rounding():
    # BAS = (1 + 1/3 + 1) / 3 = 7/9: the estimate (exact, rounded once) and the batched
    # form's float sum of the same matrix round 7/9 to neighbouring floats; the many
    # resamples of value 7/9 must count as equal to the estimate (half below), as the
    # exact values here count them
    matrix = [[1, 0, 0], [0, 1, 2], [0, 0, 1]]
    estimate, equal, expected = bca_reference(matrix, _balanced_accuracy, 3, 2000, 0.9)
    assert equal > 100  # the case that matters
    ci = ClassificationMetric.from_confusion_matrix(matrix).CI(
        "BAS", method="bca", n_resamples=2000, random_state=3, confidence=0.9)
    assert ci.estimate == float(estimate)
    np.testing.assert_allclose([ci.low, ci.high], expected, rtol=1e-12)


def test_bca_of_the_number_of_correct_samples():
    matrix = [[3, 1, 0], [1, 2, 1], [0, 2, 4]]
    estimate, _, expected = bca_reference(matrix, lambda m: int(np.trace(m)), 11, 1000, 0.95)
    ci = ClassificationMetric.from_confusion_matrix(matrix).CI(
        "AS", method="bca", normalize=False, n_resamples=1000, random_state=11)
    assert ci.estimate == estimate == 9
    np.testing.assert_allclose([ci.low, ci.high], expected, rtol=1e-12)


# 0.5 from the tail, below 0.5 by Newton's method: within an ulp of the exact quantile
# (libm's erf may differ by an ulp from one platform to another)
@pytest.mark.parametrize("confidence", [0.5, 1e-8, 0.018099, 0.45725, 0.367453, 0.477749,
                                        0.490786])
def test_normal_quantile_is_within_an_ulp(confidence):
    mpmath = pytest.importorskip("mpmath")
    with mpmath.workdps(60):
        exact = float(mpmath.sqrt(2) * mpmath.erfinv(mpmath.mpf(confidence)))
    assert abs(_bounds.normal_quantile(confidence) - exact) <= np.spacing(exact)


@pytest.mark.parametrize("confidence", [0.9, 0.5])  # z = 1.64 and 0.67
@pytest.mark.parametrize("side", [1, -1], ids=["high", "low"])
def test_bca_level_where_the_acceleration_makes_the_denominator_zero(side, confidence):
    # the estimate in the middle of the resamples: z0 = ndtri(1/2) = 0, so the levels are
    # ndtr(s / (1 - a s)) at s = -+z; a = 1 / s makes 1 - a s zero: that bound's level is
    # 1 for s > 0 (the largest resample) and 0 for s < 0 (the smallest)
    values = np.array([0.0, 1.0, 2.0, 3.0, 4.0])
    z = -NormalDist().inv_cdf((1 - confidence) / 2)  # the high side's s; the low side's -z
    shifted = side * z
    acceleration = 1 / shifted
    assert 1 - acceleration * shifted == 0  # exactly, in floats
    other = -shifted  # the other side: 1 - a s = 2
    other_level = NormalDist().cdf(other / 2)
    low, high = _bounds.bootstrap_interval(values, 2.0, confidence, acceleration)
    if side == 1:
        assert (low, high) == (np.quantile(values, other_level), 4.0)
    else:
        assert (low, high) == (0.0, np.quantile(values, other_level))


def test_bca_bounds_of_each_class_after_a_point_and_an_undefined_one():
    spread = np.arange(5.0)
    values = np.column_stack([np.full(5, 2.0), spread, spread, spread, spread])
    low, high = _bounds.bootstrap_interval(
        values, np.array([2.0, 2.0, -1.0, 9.0, 2.0]), 0.9, np.array([0.0, np.nan, 0, 0, 0]))
    # class 0: every resample is the estimate, the point; classes 1-3 undefined: a
    # non-finite acceleration, an estimate below every resample, above every one;
    # class 4: z0 = 0, a = 0: the percentile interval, levels ndtr(-+z) = the tails
    tail = NormalDist().cdf(NormalDist().inv_cdf((1 - 0.9) / 2))
    assert (low[0], high[0]) == (2.0, 2.0)
    assert np.isnan(low[1:4]).all() and np.isnan(high[1:4]).all()
    np.testing.assert_allclose([low[4], high[4]], np.quantile(spread, [tail, 1 - tail]),
                               rtol=1e-14)
