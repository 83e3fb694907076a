"""Confidence intervals at their seams: the weighted bootstrap against a per-sample
weighted bootstrap, micro averages that count a sample more than once, BCa against
scipy, and the edges (one sample, confidence next to 0 or 1, one class)."""

import itertools
import warnings
from types import SimpleNamespace

import mpmath
import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from scipy import stats
from sklearn import metrics as skm
from statsmodels.stats.proportion import proportion_confint

from permetrics_lite import ClassificationMetric
from permetrics_lite.metrics import registry as _registry
from permetrics_lite.stats import bounds as _bounds, intervals as _intervals

from .strategies import problems
from tests.helpers import interval_arrays
from tests.strategies import examples

PROPORTION = ("wilson", "clopper-pearson", "agresti-coull", "jeffreys", "normal")
STATSMODELS = {"clopper-pearson": "beta", "agresti-coull": "agresti_coull"}


# --- the weighted bootstrap: samples resampled with their own weights ---

def _weighted_problem(seed, n=80, zeros=0):
    """Three classes, weights in {0.25, 1, 10} (and ``zeros`` more samples of weight 0)."""
    rng = np.random.default_rng(seed)
    true = rng.integers(0, 3, n + zeros)
    pred = np.where(rng.random(n + zeros) < 0.7, true, rng.integers(0, 3, n + zeros))
    weight = np.r_[rng.choice([0.25, 1.0, 10.0], n), np.zeros(zeros)]
    return true, pred, weight


def _matrix_metrics(matrices):
    """Accuracy and multiclass MCC of weighted matrices (..., K, K)."""
    total = matrices.sum(axis=(-2, -1))
    right = np.trace(matrices, axis1=-2, axis2=-1)
    rows, columns = matrices.sum(axis=-1), matrices.sum(axis=-2)
    covariance = right * total - (rows * columns).sum(-1)
    spread = np.sqrt((total**2 - (columns**2).sum(-1)) * (total**2 - (rows**2).sum(-1)))
    with np.errstate(invalid="ignore", divide="ignore"):
        mcc = np.where(spread > 0, covariance / spread, 0.0)
    return {"AS": right / total, "MCC": mcc}


def _per_sample_bootstrap(true, pred, weight, n_resamples, seed, k=3):
    """The weighted bootstrap by its definition: draw the samples of nonzero weight
    one by one, uniformly with replacement, each keeping its weight."""
    kept = weight > 0
    true, pred, weight = true[kept], pred[kept], weight[kept]
    picks = np.random.default_rng(seed).integers(0, len(true), (n_resamples, len(true)))
    flat = np.arange(n_resamples)[:, None] * k * k + true[picks] * k + pred[picks]
    matrices = np.bincount(flat.ravel(), weight[picks].ravel(), n_resamples * k * k)
    return _matrix_metrics(matrices.reshape(n_resamples, k, k))


def _query(state, alias, **options):
    """A metric of a resample's state, as its method would give it."""
    return _registry.method(_registry.lookup(alias))(state, **options)


def _resampled(cm, n_resamples, seed, metrics=("AS", "MCC")):
    """The metrics of the resamples of an evaluation, as its intervals draw them."""
    resamples = _intervals.Intervals(cm.state, "bootstrap", 0.95, n_resamples, seed).resamples()
    return {metric: np.array([_query(s, metric, zero_division=0.0) if metric == "MCC"
                              else _query(s, metric) for s in resamples])
            for metric in metrics}


def test_weighted_resamples_are_distributed_as_a_per_sample_weighted_bootstrap():
    true, pred, weight = _weighted_problem(1, zeros=20)
    cm = ClassificationMetric(true, pred, sample_weight=weight)
    ours = _resampled(cm, 4000, 2)
    reference = _per_sample_bootstrap(true, pred, weight, 4000, 3)
    for metric in ("AS", "MCC"):
        a, b = ours[metric], reference[metric]
        spread = b.std()
        # 4000 of each: the means within 4 standard errors, the spreads within 7%,
        # the 2.5%, 50% and 97.5% quantiles within a quarter of a standard deviation
        assert abs(a.mean() - b.mean()) < 4 * spread * np.sqrt(2 / 4000), metric
        assert abs(a.std() / spread - 1) < 0.07, metric
        np.testing.assert_allclose(np.quantile(a, [0.025, 0.5, 0.975]),
                                   np.quantile(b, [0.025, 0.5, 0.975]), atol=0.25 * spread)


def test_weighted_resamples_have_the_exact_per_sample_distribution():
    # 4 samples of nonzero weight: the per-sample bootstrap's 4**4 equally likely
    # draws give the exact distribution of the resampled accuracy
    true, pred = np.array([0, 0, 1, 1, 0, 1]), np.array([0, 1, 1, 1, 0, 0])
    weight = np.array([1.0, 2.0, 0.5, 3.0, 0.0, 0.0])
    kept = np.flatnonzero(weight)
    exact = {}
    for draw in itertools.product(kept.tolist(), repeat=len(kept)):
        value = round(sum(weight[i] * (true[i] == pred[i]) for i in draw)
                      / sum(weight[i] for i in draw), 12)
        exact[value] = exact.get(value, 0) + 1 / len(kept) ** len(kept)
    n_resamples = 10000
    values = _resampled(ClassificationMetric(true, pred, sample_weight=weight),
                        n_resamples, 0, ["AS"])["AS"].round(12)
    found, counts = np.unique(values, return_counts=True)
    assert set(found.tolist()) <= set(exact)
    for value, probability in exact.items():
        frequency = counts[found == value].sum() / n_resamples
        assert abs(frequency - probability) < 4.5 * np.sqrt(
            probability * (1 - probability) / n_resamples) + 1e-12, value


def test_zero_weight_samples_change_no_interval():
    # 900 samples of weight 0 beside 100: exactly the interval of the 100
    true, pred, weight = _weighted_problem(4, n=100, zeros=900)
    with_zeros = ClassificationMetric(true, pred, sample_weight=weight)
    without = ClassificationMetric(true[:100], pred[:100], sample_weight=weight[:100])
    options = dict(method="bootstrap", n_resamples=300, random_state=5)
    for metric, extra in (("AS", {}), ("MCC", {}), ("F1S", {"average": "macro"})):
        assert interval_arrays(with_zeros.CI(metric, **options, **extra)) == interval_arrays(without.CI(metric, **options,
                                                                       **extra))
    tables = [cm.summary(ci="bootstrap", n_resamples=100, random_state=5)
              for cm in (with_zeros, without)]
    assert tables[0].drop(index="n_samples").equals(tables[1].drop(index="n_samples"))


def test_query_weights_resample_as_the_construction_s_weights():
    true, pred, weight = _weighted_problem(6, zeros=10)
    plain = ClassificationMetric(true, pred)
    weighted = ClassificationMetric(true, pred, sample_weight=weight)
    options = dict(method="bootstrap", n_resamples=200, random_state=8)
    assert interval_arrays(plain.CI("MCC", sample_weight=weight, **options)) == interval_arrays(weighted.CI("MCC", **options))
    # and the construction's weights give way to the query's
    assert interval_arrays(weighted.CI("AS", sample_weight=np.ones(len(true)), **options)) == \
        ClassificationMetric(true, pred, sample_weight=np.ones(len(true))).CI("AS", **options)
    table = dict(ci="bootstrap", n_resamples=100, random_state=8)
    assert plain.summary(sample_weight=weight, **table).equals(weighted.summary(**table))
    assert plain.report(sample_weight=weight, **table).equals(weighted.report(**table))


@settings(max_examples=examples(25))
@given(problem=problems(weighted=True))
def test_query_weights_follow_the_same_rule(problem):
    plain = ClassificationMetric(problem.y_true, problem.y_pred, labels=problem.labels,
                                 zero_division=0.0)
    weighted = ClassificationMetric(problem.y_true, problem.y_pred, labels=problem.labels,
                                    sample_weight=problem.weight, zero_division=0.0)
    options = dict(method="bootstrap", n_resamples=30, random_state=0)
    for metric in ("AS", "MCC"):
        assert interval_arrays(plain.CI(metric, sample_weight=problem.weight, **options)) == \
            interval_arrays(weighted.CI(metric, **options))


def test_constant_weights_resample_as_no_weights():
    # every cell occupied: the pairs are the cells, in the same order, so the draws
    # are the unweighted ones; the weights cancel in every ratio
    true, pred, _ = _weighted_problem(9, n=200)
    plain = ClassificationMetric(true, pred)
    assert (plain.CM() > 0).all()
    options = dict(method="bootstrap", n_resamples=300, random_state=1)
    for constant in (1.0, 0.1, 2.0**40):
        cm = ClassificationMetric(true, pred, sample_weight=np.full(len(true), constant))
        for metric, extra in (("AS", {}), ("MCC", {}), ("RS", {"average": None})):
            for ours, unweighted in zip(interval_arrays(cm.CI(metric, **options, **extra)),
                                        interval_arrays(plain.CI(metric, **options, **extra))):
                np.testing.assert_allclose(ours, unweighted, rtol=1e-12)


def test_integral_weights_are_weights_not_repeated_samples():
    # documented: a sample of weight 4 is one sample that weighs 4, drawn whole. Its
    # estimate is that of 4 repeats of it, but its interval is that of the sample
    # once (the weights cancel), about twice as wide as that of the 4 repeats
    true, pred, _ = _weighted_problem(10, n=200)
    weighted = ClassificationMetric(true, pred, sample_weight=np.full(len(true), 4.0))
    once = ClassificationMetric(true, pred)
    repeated = ClassificationMetric(np.repeat(true, 4), np.repeat(pred, 4))
    options = dict(method="bootstrap", n_resamples=2000, random_state=2)
    ci, ci_once, ci_repeated = (interval_arrays(cm.CI("AS", **options)) for cm in (weighted, once, repeated))
    assert ci.estimate == ci_once.estimate == ci_repeated.estimate
    np.testing.assert_allclose(ci[1:], ci_once[1:], rtol=1e-12)
    width, repeated_width = ci.high - ci.low, ci_repeated.high - ci_repeated.low
    assert 1.8 < width / repeated_width < 2.2


def test_a_weighted_evaluation_of_tallies_refuses_the_bootstrap():
    true, pred, weight = _weighted_problem(12)
    halves = [ClassificationMetric(true[part], pred[part], sample_weight=weight[part])
              for part in (slice(0, 40), slice(40, None))]
    groups = ClassificationMetric(true, pred, sample_weight=weight).by_group(true % 2)
    message = (r"method='bootstrap' resamples the samples of a weighted evaluation with their "
               r"own weights, and this evaluation keeps no per-sample weights \(it was built "
               r"from tallies: a \+ b, from_batches, from_dask, from_counts or by_group\); "
               r"build it from the samples and their weights to resample it.$")
    rows = pd.DataFrame({"y_true": [0, 0, 1, 1], "y_pred": [0, 1, 1, 0], "n": [5, 2, 6, 1],
                         "w": [5.0, 4.0, 6.5, 1.0]})
    counted = ClassificationMetric.from_counts(rows, count="n", weight="w")
    for cm in (halves[0] + halves[1], groups[0], counted):
        with pytest.raises(ValueError, match=message):
            cm.CI("AS", method="bootstrap")
        with pytest.raises(ValueError, match=message):
            cm.summary(ci="bootstrap")
    # unweighted sums and groups count samples: they resample
    plain = ClassificationMetric(true, pred)
    assert np.isfinite((plain + plain).CI("AS", method="bootstrap", n_resamples=50)).all()


# --- micro averages: (sample, class) pairs are not independent samples ---

def test_micro_per_class_accuracy_of_a_binary_problem_is_refused():
    # AS = micro PCA = 0.75, but micro PCA counts each sample twice: Wilson's
    # interval of its pooled counts (30 of 40) would be narrower than AS's (15 of 20)
    cm = ClassificationMetric.from_confusion_matrix([[8, 2], [3, 7]])
    assert cm.AS() == cm.PCA(average="micro") == 0.75
    low, high = cm.CI("AS")[1:]
    assert (round(low, 2), round(high, 2)) == (0.53, 0.89)
    for method in PROPORTION:
        with pytest.raises(ValueError) as raised:
            cm.CI("PCA", method=method, average="micro")
        assert str(raised.value) == (
            f"method={method!r} does not apply to PCA with average='micro' (it pools the "
            "one-vs-rest counts of 2 classes, which count each sample more than once: "
            "(sample, class) pairs are not independent samples); use method='bootstrap' or "
            "'bca', which resample samples.")
    resampled = cm.CI("PCA", average="micro", method="bootstrap", n_resamples=200,
                      random_state=0)
    assert resampled == cm.CI("AS", method="bootstrap", n_resamples=200, random_state=0)


def test_micro_averages_that_count_each_sample_once_keep_their_intervals():
    binary = ClassificationMetric.from_confusion_matrix([[8, 2], [3, 7]])
    three = ClassificationMetric.from_confusion_matrix([[8, 2, 1], [3, 7, 0], [1, 1, 6]])
    for cm in (binary, three):  # single-label micro PS and RS are accuracy
        for metric in ("PS", "RS"):
            assert cm.CI(metric, average="micro") == cm.CI("AS")
    for metric in ("SS", "NPV"):  # of two classes a sample is the negative of one
        assert binary.CI(metric, average="micro") == binary.CI("AS")
        with pytest.raises(ValueError, match=rf"does not apply to {metric} with "
                           r"average='micro' \(it pools the one-vs-rest counts of 3 classes"):
            three.CI(metric, average="micro", method="jeffreys")
    for metric in ("PCA", "SS"):  # per class, each sample once: unchanged
        ci = interval_arrays(three.CI(metric, average=None))
        assert np.isfinite(ci.low).all()
    # one class: every micro average is of the samples
    single = ClassificationMetric([0, 0, 0], [0, 0, 0])
    assert single.CI("PCA", average="micro") == single.CI("AS")


def test_multilabel_micro_averages_are_refused_and_each_label_answered():
    true = np.array([[1, 0, 1], [0, 1, 1], [1, 1, 0], [0, 0, 1]])
    pred = np.array([[1, 0, 1], [0, 1, 0], [1, 0, 0], [0, 0, 1]])
    cm = ClassificationMetric(true, pred)
    for metric in ("PS", "RS", "PCA", "SS", "NPV"):
        with pytest.raises(ValueError) as raised:
            cm.CI(metric, average="micro")
        assert str(raised.value) == (
            f"method='wilson' does not apply to {metric} with average='micro' (it pools the "
            "one-vs-rest counts of 3 labels, which count each sample more than once: "
            "(sample, label) pairs are not independent samples); use average=None for an "
            "interval of each label (a multilabel evaluation cannot be resampled).")
        assert interval_arrays(cm.CI(metric, average=None)).low.shape == (3,)


def test_tables_leave_refused_micro_rows_out_and_keep_the_rest():
    cm = ClassificationMetric([0, 1, 2, 1, 0, 2, 2], [0, 1, 1, 1, 0, 2, 0])
    table = cm.summary(ci="wilson")
    assert table.loc["AS", ["low", "high"]].notna().all()
    report = cm.report(ci="wilson")
    assert report[["accuracy_low", "specificity_high"]].notna().all().all()


# --- BCa: scipy's rule ---

def _scipy_bca(true, pred, metric, values, confidence):
    """scipy.stats.bootstrap's BCa interval of ``values`` (the bootstrap distribution
    it is given), its jackknife over the samples."""
    def statistic(index, axis=-1):
        return np.apply_along_axis(lambda i: metric(true[i], pred[i]), axis, index)

    result = stats.bootstrap((np.arange(len(true)),), statistic, n_resamples=0, method="BCa",
                             confidence_level=confidence, vectorized=True,
                             bootstrap_result=SimpleNamespace(bootstrap_distribution=values))
    return tuple(result.confidence_interval)


@pytest.mark.parametrize("alias, metric, options", [
    ("AS", skm.accuracy_score, {}),
    ("MCC", skm.matthews_corrcoef, {}),
    ("F1S", lambda t, p: skm.f1_score(t, p, average="macro"), {"average": "macro"}),
    ("BAS", skm.balanced_accuracy_score, {}),
], ids=["AS", "MCC", "F1S", "BAS"])
@pytest.mark.parametrize("confidence", [0.8, 0.95])
def test_bca_equals_scipy_on_the_same_resamples(alias, metric, options, confidence):
    rng = np.random.default_rng(5)
    true = rng.integers(0, 3, 60)
    pred = np.where(rng.random(60) < 0.7, true, rng.integers(0, 3, 60))
    cm = ClassificationMetric(true, pred)
    ci = interval_arrays(cm.CI(alias, method="bca", random_state=11, n_resamples=400, confidence=confidence,
               **options))
    resamples = _intervals.Intervals(cm.state, "bca", confidence, 400, 11).resamples()
    values = np.array([_query(s, alias, **options) for s in resamples])
    np.testing.assert_allclose(ci[1:], _scipy_bca(true, pred, metric, values, confidence),
                               rtol=1e-12)


def test_bca_counts_resamples_equal_to_the_estimate_half():
    # 20 samples, 14 right: a tenth of the resampled accuracies equal 0.70. Counted
    # as not below the estimate they moved the interval to (0.40, 0.85)
    cm = ClassificationMetric.from_confusion_matrix([[7, 3], [3, 7]])
    ci = cm.CI("AS", method="bca", random_state=0)
    assert (ci.estimate, round(ci.low, 2), round(ci.high, 2)) == (0.7, 0.45, 0.85)
    true, pred = np.repeat([0, 0, 1, 1], [7, 3, 3, 7]), np.repeat([0, 1, 0, 1], [7, 3, 3, 7])
    values = np.array([_query(s, "AS") for s in _intervals.Intervals(
        cm.state, "bca", 0.95, 9999, 0).resamples()])
    assert (values == 0.7).mean() > 0.1
    np.testing.assert_allclose(ci[1:], _scipy_bca(true, pred, skm.accuracy_score, values, 0.95),
                               rtol=1e-12)


# --- the edges: one sample, one class, confidence next to 0 or 1 ---

def test_bca_of_one_sample_is_the_point():
    cm = ClassificationMetric(["a"], ["a"], zero_division=np.nan)
    for metric, options in (("AS", {}), ("BAS", {}), ("F1S", {"average": "macro"}),
                            ("RS", {"average": None})):
        ci = interval_arrays(cm.CI(metric, method="bca", random_state=0, n_resamples=50, **options))
        assert ci.low == ci.estimate == ci.high
    assert np.isnan(cm.CI("MCC", method="bca", random_state=0, n_resamples=50)).all()
    table = cm.summary(ci="bca", n_resamples=50, random_state=0)
    assert (table.loc["AS", ["estimate", "low", "high"]] == 1.0).all()
    # a group of one sample in a grouped evaluation
    grouped = ClassificationMetric([0, 1, 1, 0, 1], [0, 1, 0, 0, 1]).by_group(
        ["x", "y", "y", "y", "y"])
    with warnings.catch_warnings():  # MCC, CKS and adjusted BAS of one class: 0/0
        warnings.simplefilter("ignore")
        table = grouped["x"].summary(ci="bca", n_resamples=50, random_state=0)
    for row in ("AS", "BAS", "F1S_macro", "MCC"):
        assert table.loc[row, "low"] == table.loc[row, "estimate"] == table.loc[row, "high"]
    two = ClassificationMetric([0, 1], [0, 0]).CI("AS", method="bca", random_state=0,
                                                  n_resamples=200)
    assert two.low <= two.estimate <= two.high


EXTREME = [np.nextafter(1, 0), 1 - 1e-15, 0.999999, np.nextafter(0.5, 0), 0.3, 1e-15, 1e-300]


def _z(confidence):
    """The exact two-sided normal quantile of a (float) confidence, with 60 digits."""
    with mpmath.workdps(60):
        return mpmath.sqrt(2) * mpmath.erfinv(mpmath.mpf(confidence))


def _exact_bounds(count, nobs, confidence, method):
    """Wilson's, Agresti-Coull's and the normal interval in 60-digit arithmetic."""
    with mpmath.workdps(60):
        z, n, x = _z(confidence), mpmath.mpf(nobs), mpmath.mpf(count)
        q = x / n
        if method == "wilson":
            shrink = 1 + z**2 / n
            center = (q + z**2 / (2 * n)) / shrink
            half = z * mpmath.sqrt(q * (1 - q) / n + z**2 / (4 * n**2)) / shrink
        elif method == "agresti-coull":
            n = n + z**2
            center = (x + z**2 / 2) / n
            half = z * mpmath.sqrt(center * (1 - center) / n)
        else:
            center, half = q, z * mpmath.sqrt(q * (1 - q) / n)
        return [float(min(max(bound, 0), 1)) for bound in (center - half, center + half)]


def test_the_normal_quantile_is_exact_at_both_ends():
    for confidence in EXTREME + [0.5, 0.95, 0.999]:
        np.testing.assert_allclose(_bounds.normal_quantile(confidence),
                                   float(_z(confidence)), rtol=1e-15)


@pytest.mark.parametrize("method", PROPORTION)
@pytest.mark.parametrize("confidence", EXTREME, ids=lambda c: repr(float(c)))
@pytest.mark.parametrize("count, nobs", [(0, 10), (3, 7), (10, 10), (1, 10**6),
                                         (10**6 - 1, 10**6), (50, 100)])
def test_proportion_intervals_at_extreme_confidences(method, confidence, count, nobs):
    ci = ClassificationMetric.from_confusion_matrix([[1, 0], [nobs - count, count]]).CI(
        "RS", method=method, confidence=confidence)
    assert 0 <= ci.low <= ci.high <= 1
    with np.errstate(all="ignore"):
        reference = proportion_confint(count, nobs, alpha=1 - confidence,
                                       method=STATSMODELS.get(method, method))
    if method in ("wilson", "agresti-coull", "normal"):
        # statsmodels is given alpha = 1 - confidence, which for a confidence below
        # 0.5 has lost its digits (1 - 1e-15 keeps one), so its z is off by up to 10%;
        # it shows where a bound is of the order of z^2 (at 0 or N successes). The
        # reference is the interval at the exact z, in 60 digits
        np.testing.assert_allclose([ci.low, ci.high],
                                   _exact_bounds(count, nobs, confidence, method),
                                   rtol=1e-9, atol=1e-50)
        if confidence < 0.5 and count in (0, nobs):
            return
    # statsmodels' Wilson lower bound cancels to about 1e-17 (not 0) at no successes
    np.testing.assert_allclose([ci.low, ci.high], reference, rtol=1e-9,
                               atol=1e-15 if method == "wilson" else 0)


@pytest.mark.parametrize("method", ["analytic", "bootstrap", "bca"])
@pytest.mark.parametrize("confidence", EXTREME, ids=lambda c: repr(float(c)))
def test_every_method_has_an_interval_at_extreme_confidences(method, confidence):
    cm = ClassificationMetric.from_confusion_matrix([[20, 3, 1], [4, 15, 2], [0, 3, 12]])
    options = {} if method == "analytic" else dict(n_resamples=200, random_state=0)
    for metric in ("CKS", "BAS"):
        ci = interval_arrays(cm.CI(metric, method=method, confidence=confidence, **options))
        assert np.isfinite(ci).all() and ci.low <= ci.high
        if method == "analytic":
            z = float(_z(confidence))
            error = (ci.high - ci.low) / (2 * z) if z > 0 else 0.0
            assert ci.low <= ci.estimate <= ci.high and 0 <= error < 0.1


def test_adjusted_balanced_accuracy_of_one_class_has_nan_bounds():
    # one class in y_true: the adjusted score is 0/0, and so is its standard error
    cm = ClassificationMetric([0, 0, 0, 0], [0, 0, 1, 0], zero_division=0.0)
    with pytest.warns(UserWarning, match="y_pred contains classes not in y_true"):
        ci = cm.CI("BAS", method="analytic", adjusted=True)
    assert ci.estimate == 0.0 and np.isnan(ci.low) and np.isnan(ci.high)
    with pytest.warns(UserWarning, match="y_pred contains classes not in y_true"):
        plain = cm.CI("BAS", method="analytic")
    assert (plain.estimate, plain.low, plain.high) == (0.75, 0.75 - _bounds.normal_quantile(
        0.95) * np.sqrt(0.75 * 0.25 / 4), 0.75 + _bounds.normal_quantile(0.95) * np.sqrt(
        0.75 * 0.25 / 4))
