"""Confidence intervals: each method against its reference (statsmodels, scipy, or a
per-sample computation written here), on random problems and at the edges."""

import pickle
import warnings
from fractions import Fraction
from decimal import Decimal, getcontext
from statistics import NormalDist

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy import stats
from sklearn import metrics as skm
from statsmodels.stats.inter_rater import cohens_kappa
from statsmodels.stats.proportion import proportion_confint

from permetrics_lite import ClassificationMetric, ConfidenceInterval, InputError
from permetrics_lite.metrics import registry as _registry

from .strategies import problems
from tests.helpers import interval_arrays
from tests.strategies import examples

PROPORTION = ("wilson", "clopper-pearson", "agresti-coull", "jeffreys", "normal")
STATSMODELS = {"clopper-pearson": "beta", "agresti-coull": "agresti_coull"}
CONFIDENCES = st.sampled_from([0.5, 0.9, 0.95, 0.999]) | st.floats(0.01, 0.999)


def statsmodels_interval(count, nobs, confidence, method):
    """statsmodels' interval; nan bounds where nobs is 0 (where it divides by zero)."""
    with np.errstate(invalid="ignore", divide="ignore"):
        low, high = proportion_confint(count, nobs, alpha=1 - confidence,
                                       method=STATSMODELS.get(method, method))
    undefined = np.asarray(nobs) == 0
    return np.where(undefined, np.nan, low), np.where(undefined, np.nan, high)


def assert_close(actual, expected):
    # 1e-12 relative; 1e-15 absolute for bounds that are rounding noise around 0 or 1
    np.testing.assert_allclose(actual, expected, rtol=1e-12, atol=1e-15)


# --- (count, nobs) of each proportion metric, counted sample by sample ---

def _counted(true, pred, k):
    """(count, nobs) of each count-over-count metric of class k, by a loop over samples."""
    pairs = list(zip(true.tolist(), pred.tolist()))
    tp = sum(t == k and p == k for t, p in pairs)
    fp = sum(t != k and p == k for t, p in pairs)
    fn = sum(t == k and p != k for t, p in pairs)
    tn = len(pairs) - tp - fp - fn
    return {"PCA": (tp + tn, len(pairs)), "PS": (tp, tp + fp), "RS": (tp, tp + fn),
            "SS": (tn, tn + fp), "NPV": (tn, tn + fn)}


CLASS_PROPORTIONS = ("PCA", "PS", "RS", "SS", "NPV")

# whether a sample (t, p) is in the denominator of a metric of class k
IN_DENOMINATOR = {"PCA": lambda t, p, k: True, "PS": lambda t, p, k: p == k,
                  "RS": lambda t, p, k: t == k, "SS": lambda t, p, k: t != k,
                  "NPV": lambda t, p, k: p != k}


def _most_counted(true, pred, labels, metric):
    """The most times a sample is counted in the denominator of a micro average (the
    counts of every class pooled): 1 or less for a proportion of samples."""
    return max(sum(IN_DENOMINATOR[metric](t, p, k) for k in labels)
               for t, p in zip(true.tolist(), pred.tolist()))


def test_the_proportion_metrics_are_the_registry_rows():
    assert {m.alias for m in _registry.ALL_METRICS if m.proportion} == {"AS", "TKA", "NIR",
                                                                        *CLASS_PROPORTIONS}


@settings(max_examples=examples(60))
@given(problem=problems(weighted=False, with_labels=False), method=st.sampled_from(PROPORTION),
       confidence=CONFIDENCES)
def test_accuracy_interval_equals_statsmodels(problem, method, confidence):
    cm = ClassificationMetric(problem.y_true, problem.y_pred)
    right = sum(t == p for t, p in zip(problem.y_true.tolist(), problem.y_pred.tolist()))
    ci = cm.CI("AS", method=method, confidence=confidence)
    assert ci.estimate == right / len(problem.y_true)
    assert_close([ci.low, ci.high],
                 statsmodels_interval(right, len(problem.y_true), confidence, method))
    assert (ci.method, ci.confidence) == (method, confidence)


@settings(max_examples=examples(60))
@given(problem=problems(weighted=False, with_labels=False), method=st.sampled_from(PROPORTION),
       confidence=CONFIDENCES, metric=st.sampled_from(CLASS_PROPORTIONS))
def test_per_class_and_micro_intervals_equal_statsmodels(problem, method, confidence, metric):
    cm = ClassificationMetric(problem.y_true, problem.y_pred, zero_division=np.nan)
    counted = [_counted(problem.y_true, problem.y_pred, k)[metric] for k in cm.labels.tolist()]
    count, nobs = np.array(counted).T
    per_class = interval_arrays(cm.CI(metric, method=method, confidence=confidence, average=None))
    assert_close(per_class.estimate, count / np.where(nobs == 0, np.nan, nobs))
    assert_close([per_class.low, per_class.high],
                 statsmodels_interval(count, nobs, confidence, method))

    # micro: a proportion of samples only where it counts each sample at most once
    if _most_counted(problem.y_true, problem.y_pred, cm.labels.tolist(), metric) <= 1:
        micro = cm.CI(metric, method=method, confidence=confidence, average="micro")
        assert_close([micro.low, micro.high],
                     statsmodels_interval(count.sum(), nobs.sum(), confidence, method))
    else:
        with pytest.raises(ValueError, match=rf"method='{method}' does not apply to {metric} "
                           r"with average='micro' \(.* count each sample more than once"):
            cm.CI(metric, method=method, confidence=confidence, average="micro")


@pytest.mark.parametrize("method", PROPORTION)
@pytest.mark.parametrize("count, nobs", [(0, 1), (1, 1), (0, 7), (7, 7), (3, 7), (0, 10**6),
                                         (10**6, 10**6), (1, 10**12)])
@pytest.mark.parametrize("confidence", [0.5, 0.95, 0.999])
def test_edges_of_the_proportion_intervals(method, count, nobs, confidence):
    # binary recall of class 1 with count right of nobs
    matrix = [[1, 0], [nobs - count, count]]
    ci = ClassificationMetric.from_confusion_matrix(matrix).CI(
        "RS", method=method, confidence=confidence)
    assert ci.estimate == count / nobs
    assert_close([ci.low, ci.high], statsmodels_interval(count, nobs, confidence, method))
    assert 0 <= ci.low <= ci.high <= 1
    # documented: Jeffreys (as statsmodels computes it) excludes 0 and N successes
    if_contained = method != "jeffreys" or 0 < count < nobs
    assert (ci.low <= ci.estimate <= ci.high) == if_contained


@pytest.mark.parametrize("count, nobs", [(0, 10**6), (1, 10**12), (2, 10**9), (5, 17),
                                         (10**9 - 1, 10**9), (10**6, 10**6)])
def test_wilson_is_exact_at_and_near_the_ends(count, nobs):
    # statsmodels' center - half cancels near 0 (4e-22 for 0 of 10**6); compare
    # with 100 digits, using the same normal quantile
    getcontext().prec = 100
    z = Decimal(NormalDist().inv_cdf(0.975))
    n, q = Decimal(nobs), Decimal(count) / Decimal(nobs)
    root = z * (q * (1 - q) / n + z**2 / (4 * n**2)).sqrt()
    shrink = 1 + z**2 / n
    exact = [float((q + z**2 / (2 * n) - sign * root) / shrink) for sign in (1, -1)]
    ci = ClassificationMetric.from_confusion_matrix([[1, 0], [nobs - count, count]]).CI("RS")
    np.testing.assert_allclose([ci.low, ci.high], exact, rtol=4e-16, atol=1e-80)


def test_binary_and_per_class_intervals_agree():
    cm = ClassificationMetric(["a", "b", "b", "a", "b"], ["a", "b", "a", "a", "a"])
    per_class = interval_arrays(cm.CI("PS", average=None))
    binary = cm.CI("PS", pos_label="a")
    assert (binary.estimate, binary.low, binary.high) == (
        per_class.estimate[0], per_class.low[0], per_class.high[0])
    one = cm.CI("PCA", pos_label="b", method="jeffreys")
    assert_close([one.low, one.high], statsmodels_interval(3, 5, 0.95, "jeffreys"))


def test_an_undefined_proportion_has_nan_bounds():
    cm = ClassificationMetric([0, 0, 0], [0, 0, 0], labels=[0, 1], zero_division=0.0)
    ci = interval_arrays(cm.CI("PS", average=None))
    assert ci.estimate.tolist() == [1.0, 0.0]
    assert_close(ci.low[0], statsmodels_interval(3, 3, 0.95, "wilson")[0])
    assert np.isnan(ci.low[1]) and np.isnan(ci.high[1])


def test_multilabel_proportions_are_of_samples_and_labels():
    true = np.array([[1, 0, 1], [0, 1, 1], [1, 1, 0], [0, 0, 1]])
    pred = np.array([[1, 0, 1], [0, 1, 0], [1, 0, 0], [0, 0, 1]])
    cm = ClassificationMetric(true, pred)
    assert_close(cm.CI("AS")[1:], statsmodels_interval(2, 4, 0.95, "wilson"))  # exact matches
    ci = interval_arrays(cm.CI("RS", average=None, method="normal"))
    assert_close([ci.low, ci.high], statsmodels_interval(
        np.array([2, 1, 2]), np.array([2, 2, 3]), 0.95, "normal"))


# --- closed forms ---

def exact_kappa_variance(table, weights):
    """statsmodels' variance of kappa (Fleiss, Cohen and Everitt), in exact rationals;
    None where kappa is undefined."""
    n, k = int(table.sum()), len(table)
    p = [[Fraction(int(x), n) for x in row] for row in table]
    rows = [sum(p[i]) for i in range(k)]
    columns = [sum(p[i][j] for i in range(k)) for j in range(k)]
    power = 2 if weights == "quadratic" else 1
    most = max((k - 1) ** power, 1)
    w = [[Fraction(int(i == j)) if weights is None else 1 - Fraction(abs(i - j) ** power, most)
          for j in range(k)] for i in range(k)]
    agreement = sum(w[i][j] * p[i][j] for i in range(k) for j in range(k))
    chance = sum(w[i][j] * rows[i] * columns[j] for i in range(k) for j in range(k))
    if chance == 1:
        return None
    kappa = (agreement - chance) / (1 - chance)
    w_row = [sum(columns[j] * w[i][j] for j in range(k)) for i in range(k)]
    w_column = [sum(rows[i] * w[i][j] for i in range(k)) for j in range(k)]
    spread = sum(p[i][j] * (w[i][j] - (w_column[j] + w_row[i]) * (1 - kappa)) ** 2
                 for i in range(k) for j in range(k))
    return (spread - (kappa - chance * (1 - kappa)) ** 2) / ((1 - chance) ** 2 * n)


@settings(max_examples=examples(60))
@given(problem=problems(weighted=False, kinds=("int",)), confidence=CONFIDENCES,
       weights=st.sampled_from([None, "linear", "quadratic"]))
def test_kappa_standard_error_is_exact_and_statsmodels(problem, confidence, weights):
    cm = ClassificationMetric(problem.y_true, problem.y_pred, labels=problem.labels)
    position = {label: i for i, label in enumerate(cm.labels.tolist())}
    table = np.zeros((cm.n_classes, cm.n_classes), dtype=np.int64)
    for t, p in zip(problem.y_true.tolist(), problem.y_pred.tolist()):
        table[position[t], position[p]] += 1
    variance = exact_kappa_variance(table, weights)
    ci = cm.CI("CKS", method="analytic", confidence=confidence, weights=weights,
               zero_division=np.nan)
    z = stats.norm.isf((1 - confidence) / 2)
    if variance is None:  # kappa undefined
        assert np.isnan(ci.low) and np.isnan(ci.high)
    else:
        error = np.sqrt(float(variance))
        np.testing.assert_allclose([ci.low, ci.high], [ci.estimate - z * error,
                                                       ci.estimate + z * error], rtol=1e-12, atol=1e-14)
        with np.errstate(all="ignore"):  # its z test divides by zero on some tables
            reference = cohens_kappa(table, wt=weights, return_results=True)
        # statsmodels' float sums cancel (its variance can be -1e-16, a nan error, or
        # 1e-14 where the exact one is 0): its variance is within 1e-12 of the exact one
        np.testing.assert_allclose(np.nan_to_num(reference.var_kappa), float(variance),
                                   rtol=1e-9, atol=1e-12)


def test_kappa_interval_at_95_percent_is_statsmodels():
    table = np.array([[50, 3, 2], [4, 30, 6], [1, 5, 20]])
    reference = cohens_kappa(table)
    ci = ClassificationMetric.from_confusion_matrix(table).CI("CKS", method="analytic")
    assert_close([ci.low, ci.high], [reference.kappa_low, reference.kappa_upp])


@settings(max_examples=examples(60))
@given(problem=problems(weighted=False), confidence=CONFIDENCES, adjusted=st.booleans())
def test_balanced_accuracy_standard_error(problem, confidence, adjusted):
    cm = ClassificationMetric(problem.y_true, problem.y_pred, labels=problem.labels)
    pairs = list(zip(problem.y_true.tolist(), problem.y_pred.tolist()))
    variance, recalls = 0.0, []
    for k in set(problem.y_true.tolist()):
        n_k = sum(t == k for t, _ in pairs)
        r = sum(t == k and p == k for t, p in pairs) / n_k
        recalls.append(r)
        variance += r * (1 - r) / n_k
    classes = len(recalls)
    error = np.sqrt(variance) / classes
    estimate = np.mean(recalls)
    z = stats.norm.isf((1 - confidence) / 2)
    with np.errstate(invalid="ignore", divide="ignore"), warnings.catch_warnings():
        # adjusted with one class is nan; classes only predicted are left out, with a warning
        warnings.filterwarnings("ignore", "y_pred contains classes not in y_true", UserWarning)
        if adjusted:
            scale = np.float64(1 - 1 / classes)
            # one class: adjusted balanced accuracy is 0/0, here zero_division=nan
            error, estimate = error / scale, (estimate - 1 / classes) / scale if classes > 1 \
                else np.nan
        ci = cm.CI("BAS", method="analytic", confidence=confidence, adjusted=adjusted,
                   zero_division=np.nan)
    assert_close([ci.estimate, ci.low, ci.high], [estimate, estimate - z * error,
                                                  estimate + z * error])


def test_analytic_bounds_are_not_clipped():
    ci = ClassificationMetric([0, 0, 1, 1], [0, 0, 1, 0]).CI("BAS", method="analytic")
    assert ci.high > 1.0  # documented: a normal interval, not clipped


# --- the bootstrap ---

def _resampled_reference(matrix, metric, seed, n_resamples, confidence, labels):
    """The percentile interval of the metric of scikit-learn on samples expanded from
    each multinomial resample of the matrix's cells (the documented scheme)."""
    matrix = np.asarray(matrix)
    k = len(matrix)
    rng = np.random.default_rng(seed)
    draws = rng.multinomial(matrix.sum(), (matrix / matrix.sum()).ravel(), size=n_resamples)
    values = []
    for counts in draws:
        true = np.repeat(np.repeat(np.arange(k), k), counts)
        pred = np.repeat(np.tile(np.arange(k), k), counts)
        values.append(metric(labels[true], labels[pred]))
    tail = (1 - confidence) / 2
    return np.percentile(values, [100 * tail, 100 * (1 - tail)])


@pytest.mark.parametrize("alias, reference, options", [
    ("MCC", skm.matthews_corrcoef, {}),
    ("F1S", lambda t, p: skm.f1_score(t, p, average="macro", zero_division=0.0),
     {"average": "macro"}),
    ("BAS", skm.balanced_accuracy_score, {}),
    ("CKS", lambda t, p: skm.cohen_kappa_score(t, p, weights="quadratic"),
     {"weights": "quadratic"}),
], ids=["MCC", "F1S", "BAS", "CKS"])
def test_bootstrap_is_the_percentile_interval_of_resampled_cells(alias, reference, options):
    matrix = [[20, 3, 1], [4, 15, 2], [0, 3, 12]]
    labels = np.array(["x", "y", "z"])
    cm = ClassificationMetric.from_confusion_matrix(matrix, labels, zero_division=0.0)
    ci = cm.CI(alias, method="bootstrap", n_resamples=200, random_state=7,
               confidence=0.9, **options)
    with np.errstate(invalid="ignore", divide="ignore"):
        expected = _resampled_reference(matrix, reference, 7, 200, 0.9, labels)
    assert_close([ci.low, ci.high], expected)


def test_bootstrap_is_reproducible_and_takes_a_generator():
    cm = ClassificationMetric([0, 1, 2, 2, 1, 0, 1], [0, 2, 2, 2, 1, 1, 1])
    first = cm.CI("F1S", method="bootstrap", average="macro", random_state=3, n_resamples=99)
    again = cm.CI("F1S", method="bootstrap", average="macro",
                  random_state=np.random.default_rng(3), n_resamples=99)
    assert first == again
    other = cm.CI("F1S", method="bootstrap", average="macro", random_state=4, n_resamples=99)
    assert other != first


def test_per_class_bootstrap_is_in_label_order():
    cm = ClassificationMetric(["b", "a", "a", "c", "b", "a"], ["b", "a", "c", "c", "a", "a"])
    ci = interval_arrays(cm.CI("RS", method="bootstrap", average=None, random_state=0, n_resamples=300))
    assert ci.estimate.tolist() == list(cm.RS(average=None).values())
    assert ci.low.shape == ci.high.shape == (3,)
    assert (ci.low <= ci.estimate).all() and (ci.estimate <= ci.high).all()


def test_bootstrap_of_weighted_samples_draws_the_distinct_cell_weight_pairs():
    # the documented scheme: the samples of nonzero weight, grouped by (cell, weight)
    # in the order of the flat cell, then the weight; a multinomial draw of their
    # number over the pairs; each draw weighs its pair's weight
    true, pred = [0, 0, 1, 1, 1, 0, 1], [0, 1, 1, 1, 0, 0, 1]
    weight = [1.0, 2.0, 0.5, 0.5, 3.0, 0.0, 2.0]
    cm = ClassificationMetric(true, pred, sample_weight=weight)
    ci = cm.CI("AS", method="bootstrap", random_state=1, n_resamples=50)
    # pairs: (cell 0, 1.0), (cell 1, 2.0), (cell 2, 3.0), (cell 3, 0.5) x 2, (cell 3, 2.0)
    pair_weight = np.array([1.0, 2.0, 3.0, 0.5, 2.0])
    right = np.array([True, False, False, True, True])
    draws = np.random.default_rng(1).multinomial(6, np.array([1, 1, 1, 2, 1]) / 6, size=50)
    values = (draws * pair_weight)[:, right].sum(axis=1) / (draws * pair_weight).sum(axis=1)
    assert_close([ci.low, ci.high], np.percentile(values, [2.5, 97.5]))


def test_bootstrap_cost_does_not_depend_on_the_number_of_samples():
    small = ClassificationMetric.from_confusion_matrix([[3, 1], [1, 3]])
    large = ClassificationMetric.from_confusion_matrix([[3 * 10**9, 10**9], [10**9, 3 * 10**9]])
    ci = large.CI("AS", method="bootstrap", random_state=0, n_resamples=100)
    assert ci.low < 0.75 < ci.high and ci.high - ci.low < 1e-4
    assert small.CI("AS", method="bootstrap", random_state=0, n_resamples=100).high > 0.9


def _per_sample_bca(true, pred, metric, values, confidence):
    """BCa from the bootstrap values and a jackknife over the samples (Efron 1987)."""
    estimate = metric(true, pred)
    keep = np.ones(len(true), dtype=bool)
    jackknife = []
    for i in range(len(true)):
        keep[i] = False
        jackknife.append(metric(true[keep], pred[keep]))
        keep[i] = True
    jackknife = np.array(jackknife)
    deviation = jackknife.mean() - jackknife
    acceleration = (deviation**3).sum() / (6 * ((deviation**2).sum()) ** 1.5)
    # scipy's rule: resamples equal to the estimate count half below it
    values = np.asarray(values)
    bias = stats.norm.ppf(((values < estimate).mean() + (values <= estimate).mean()) / 2)
    tail = (1 - confidence) / 2
    quantiles = [stats.norm.cdf(bias + (bias + z) / (1 - acceleration * (bias + z)))
                 for z in stats.norm.ppf([tail, 1 - tail])]
    return np.quantile(values, quantiles)


@pytest.mark.parametrize("alias, metric", [
    ("MCC", skm.matthews_corrcoef), ("AS", skm.accuracy_score),
    ("CKS", skm.cohen_kappa_score)], ids=["MCC", "AS", "CKS"])
def test_bca_equals_a_per_sample_jackknife(alias, metric):
    rng = np.random.default_rng(5)
    true = rng.integers(0, 3, 60)
    pred = np.where(rng.random(60) < 0.7, true, rng.integers(0, 3, 60))
    cm = ClassificationMetric(true, pred)
    ci = cm.CI(alias, method="bca", random_state=11, n_resamples=400)
    values = [getattr(c, alias)() for c in _resampled_evaluations(cm, 11, 400)]
    assert_close([ci.low, ci.high], _per_sample_bca(true, pred, metric, values, 0.95))


def _resampled_evaluations(cm, seed, n_resamples):
    matrix = cm.CM()
    draws = np.random.default_rng(seed).multinomial(
        matrix.sum(), (matrix / matrix.sum()).ravel(), size=n_resamples)
    return [ClassificationMetric.from_confusion_matrix(d.reshape(matrix.shape)) for d in draws]


def test_bca_of_a_perfect_classifier_is_the_point():
    ci = ClassificationMetric([0, 1, 1, 0], [0, 1, 1, 0]).CI("AS", method="bca", random_state=0)
    assert (ci.estimate, ci.low, ci.high) == (1.0, 1.0, 1.0)


# --- the result ---

def test_the_result_is_a_named_tuple_with_its_method():
    ci = ClassificationMetric([0, 1, 1], [0, 1, 0]).CI("AS", confidence=0.9)
    assert isinstance(ci, ConfidenceInterval) and isinstance(ci, tuple)
    assert ci._fields == ("estimate", "low", "high")
    again = pickle.loads(pickle.dumps(ci))
    assert again == ci and (again.method, again.confidence) == ("wilson", 0.9)
    moved = ci._replace(low=0.0)
    assert moved.low == 0.0 and moved.method == "wilson"
    assert repr(ci).startswith("ConfidenceInterval(estimate=0.6666666666666666, low=")
    assert repr(ci).endswith("method='wilson', confidence=0.9)")
    assert ClassificationMetric.CI is ClassificationMetric.confidence_interval


def test_query_weights_are_the_interval_s_weights():
    cm = ClassificationMetric([0, 1, 1, 0], [0, 1, 0, 0])
    weighted = cm.CI("AS", method="bootstrap", sample_weight=[1, 1, 1, 5], random_state=0,
                     n_resamples=100)
    assert weighted.estimate == cm.AS(sample_weight=[1, 1, 1, 5]) == 7 / 8
    with pytest.raises(ValueError, match="this evaluation is weighted"):
        cm.CI("AS", sample_weight=[2, 2, 2, 2])  # weights are not counts, even integral ones


# --- refusals ---

REFUSALS = [
    ({"metric": "F1S", "method": "wilson"}, ValueError,
     r"method='wilson' does not apply to F1S \(it is not a count over a count\); "
     r"use method='bootstrap'"),
    ({"metric": "PS", "method": "jeffreys", "average": "macro"}, ValueError,
     r"method='jeffreys' does not apply to PS with average='macro' \(a mean of ratios\)"),
    ({"metric": "AS", "method": "normal", "normalize": False}, ValueError,
     r"does not apply to AS with normalize=False"),
    ({"metric": "MCC", "method": "analytic"}, ValueError,
     r"method='analytic' does not apply to MCC \(no closed form is known\)"),
    ({"metric": "CKS", "method": "analytic", "average": "macro"}, ValueError,
     r"does not apply to CKS with average='macro'"),
    ({"method": "wald"}, ValueError, r"method must be one of \['wilson'"),
    ({"confidence": 95}, ValueError, r"confidence must be a number strictly between 0 and 1"),
    ({"confidence": True}, ValueError, r"confidence must be a number"),
    ({"confidence": 1.0}, ValueError, r"confidence must be"),
    ({"method": "bootstrap", "n_resamples": 0}, ValueError,
     r"n_resamples must be a positive integer; got 0"),
    ({"method": "bootstrap", "n_resamples": 10.0}, ValueError, r"n_resamples must be"),
    ({"method": "bootstrap", "random_state": -1}, ValueError, r"random_state must be a seed"),
    ({"method": "bootstrap", "random_state": "seed"}, TypeError,
     r"random_state must be None, an integer seed or a numpy.random.Generator; got str"),
    ({"method": "bootstrap", "random_state": True}, TypeError, r"random_state must be"),
    ({"n_resamples": 99}, ValueError,
     r"n_resamples applies to method='bootstrap' or 'bca' only; method='wilson'"),
    ({"method": "analytic", "metric": "CKS", "random_state": 0}, ValueError,
     r"random_state applies to method='bootstrap' or 'bca' only"),
    ({"metric": "XYZ"}, ValueError, r"unknown metric name 'XYZ'"),
]


@pytest.mark.parametrize("arguments, error, message", REFUSALS,
                         ids=[str(i) for i in range(len(REFUSALS))])
def test_refusals_name_the_argument(arguments, error, message):
    cm = ClassificationMetric([0, 1, 2, 1], [0, 1, 1, 1])
    with pytest.raises(error, match=message):
        cm.CI(**arguments)


def test_weighted_evaluations_refuse_count_methods():
    cm = ClassificationMetric([0, 1, 1], [0, 1, 0], sample_weight=[0.5, 1.0, 2.0])
    for method in ("wilson", "clopper-pearson"):
        with pytest.raises(ValueError, match=rf"method='{method}' needs counts of samples, and "
                           r"this evaluation is weighted .* use method='bootstrap'"):
            cm.CI("AS", method=method)
    with pytest.raises(ValueError, match=r"method='analytic' needs counts"):
        cm.CI("BAS", method="analytic")
    with pytest.raises(ValueError, match=r"method='bca' needs counts"):
        cm.CI("AS", method="bca")


def test_multilabel_refuses_resampling():
    cm = ClassificationMetric([[1, 0], [0, 1]], [[1, 0], [1, 1]])
    with pytest.raises(ValueError, match=r"method='bootstrap' resamples the confusion matrix, "
                       r"which a multilabel evaluation does not have"):
        cm.CI("AS", method="bootstrap")


def test_a_matrix_of_weights_cannot_be_resampled():
    cm = ClassificationMetric.from_confusion_matrix([[1.5, 0.5], [0.25, 2.0]])
    with pytest.raises(ValueError, match=r"an evaluation built from a matrix of weights does "
                       r"not know that number; build it from counts"):
        cm.CI("AS", method="bootstrap")


# --- tables ---

def test_summary_with_intervals_is_a_frame_of_the_method_s_intervals():
    cm = ClassificationMetric([0, 1, 2, 1, 0, 2, 2], [0, 1, 1, 1, 0, 2, 0])
    table = cm.summary(ci="wilson", confidence=0.9)
    assert list(table.columns) == ["estimate", "low", "high", "method"]
    assert list(table.index) == list(cm.summary().index)
    assert table.loc["AS"].tolist() == [*cm.CI("AS", confidence=0.9), "wilson"]
    assert table.loc["AS", "estimate"] == cm.summary().loc["AS", "value"]
    proportions = ["AS", "NIR"]
    assert table[["low", "high"]].drop(index=proportions).isna().all().all()
    assert table["method"].drop(index=proportions).isna().all()
    assert [str(dtype) for dtype in table.dtypes[:3]] == ["float64"] * 3


def test_summary_with_auto_intervals_gives_every_metric_the_first_method_that_applies():
    cm = ClassificationMetric([0, 1, 2, 1, 0, 2, 2, 1, 0, 0], [0, 1, 1, 1, 0, 2, 0, 1, 2, 0])
    table = cm.summary(ci="auto", random_state=0, n_resamples=199)
    metrics = table.drop(index=["n_samples", "n_classes"])
    assert metrics[["low", "high"]].notna().all().all()  # no metric without bounds
    assert metrics["method"].to_dict() == {
        row: ("clopper-pearson" if row in ("AS", "NIR") else
              "analytic" if row.startswith(("BAS", "CKS")) else "bootstrap")
        for row in metrics.index}
    for row in ("AS", "BAS", "CKS", "MCC", "F1S_macro"):
        alias, _, average = row.partition("_")
        options = {"average": average} if average else {}
        method = table.loc[row, "method"]
        resampling = dict(random_state=0, n_resamples=199) if method == "bootstrap" else {}
        expected = cm.CI(alias, method=method, **resampling, **options)
        if method == "bootstrap":  # one draw serves every row: compare the distribution
            assert table.loc[row, "low"] <= expected.estimate <= table.loc[row, "high"]
        else:
            assert table.loc[row, ["estimate", "low", "high"]].tolist() == list(expected)


def test_ci_auto_names_the_method_it_chose_and_per_class_intervals_are_keyed_by_label():
    cm = ClassificationMetric(["b", "a", "a", "c", "b", "a"], ["b", "a", "c", "c", "a", "a"])
    assert cm.CI("AS", method="auto").method == "clopper-pearson"
    assert cm.CI("CKS", method="auto").method == "analytic"
    chosen = cm.CI("MCC", method="auto", random_state=5, n_resamples=99)
    assert chosen == cm.CI("MCC", method="bootstrap", random_state=5, n_resamples=99)
    assert chosen.method == "bootstrap"
    per_class = cm.CI("RS", average=None, method="wilson")
    assert list(per_class) == ["a", "b", "c"]
    assert {label: ci.estimate for label, ci in per_class.items()} == cm.RS(average=None)
    for (label, ci), (right, support) in zip(per_class.items(), [(2, 3), (1, 2), (1, 1)]):
        assert ci[1:] == pytest.approx(proportion_confint(right, support, method="wilson"))
        assert (ci.method, ci.confidence) == ("wilson", 0.95)
    weighted = ClassificationMetric([0, 1, 1, 0], [0, 1, 0, 0], sample_weight=[1, 2, 1, 1])
    assert weighted.CI("AS", method="auto", random_state=0).method == "bootstrap"

    resampled = cm.summary(ci="bootstrap", n_resamples=200, random_state=2)
    for row in ("AS", "MCC", "F1S_macro"):  # one set of resamples, as CI draws them
        options = {"F1S_macro": {"average": "macro"}}.get(row, {})
        metric = row.split("_")[0]
        ci = cm.CI(metric, method="bootstrap", n_resamples=200, random_state=2, **options)
        assert resampled.loc[row].tolist() == [*ci, "bootstrap"]


def test_report_with_intervals_follows_each_column_with_its_bounds():
    cm = ClassificationMetric(["a", "b", "b", "c", "a", "b"], ["a", "b", "c", "c", "b", "b"])
    table = cm.report(ci="jeffreys")
    plain = cm.report()
    assert list(table.columns[:7]) == list(plain.columns[:7])  # counts, accuracy
    assert list(table.columns[7:10]) == ["accuracy_low", "accuracy_high", "recall"]
    ci = interval_arrays(cm.CI("RS", method="jeffreys", average=None))
    assert table["recall_low"].tolist() == ci.low.tolist()
    assert table["recall_high"].tolist() == ci.high.tolist()
    assert table[["f1_low", "mcc_high"]].isna().all().all()
    assert (table[plain.columns] == plain).all().all()


def test_table_interval_options_need_ci():
    cm = ClassificationMetric([0, 1], [0, 1])
    for options in ({"confidence": 0.9}, {"n_resamples": 10}, {"random_state": 0}):
        with pytest.raises(ValueError, match=r"confidence, n_resamples and random_state apply "
                           r"to intervals; pass ci='wilson'"):
            cm.summary(**options)
        with pytest.raises(ValueError, match="apply to intervals"):
            cm.report(**options)
    with pytest.raises(ValueError, match=r"method must be one of"):
        cm.report(ci="wald")


def test_top_k_accuracy_is_a_proportion_of_samples():
    scores = [[0.5, 0.3, 0.2], [0.1, 0.3, 0.6], [0.2, 0.5, 0.3], [0.6, 0.3, 0.1],
              [0.3, 0.3, 0.4]]
    cm = ClassificationMetric.from_scores([0, 1, 1, 2, 2], scores)
    ci = cm.CI("TKA", k=2, method="clopper-pearson")
    assert ci.estimate == 4 / 5  # ranks of the true class: 1, 2, 1, 3, 1
    assert_close([ci.low, ci.high], statsmodels_interval(4, 5, 0.95, "clopper-pearson"))
    with pytest.raises(ValueError, match=r"method='bootstrap' does not apply to TKA \(a metric "
                       r"of scores: resampled confusion matrices do not hold them"):
        cm.CI("TKA", method="bootstrap")
    with pytest.raises(ValueError, match=r"does not apply to TKA with normalize=False"):
        cm.CI("TKA", normalize=False)


FULL_MESSAGES = [
    ({"metric": "MCC", "method": "wilson"},
     "method='wilson' does not apply to MCC (it is not a count over a count); use "
     "method='bootstrap' or 'bca', which apply to every metric of labels."),
    ({"metric": "AUC", "method": "bootstrap"},
     "roc_auc_score (AUC) needs scores, and this evaluation has none: it was built from "
     "labels, from tallies (from_confusion_matrix, from_counts, from_batches or from_dask of "
     "labels, a + b of evaluations not all of scores of the same classes, a group of "
     "by_group). Build it with "
     "ClassificationMetric.from_scores(y_true, y_score) (or from_batches and from_dask with "
     "scores=True)."),
    ({"metric": "APS", "method": "wilson"},
     "method='wilson' does not apply to APS (a metric of scores); use method='bootstrap' or "
     "'bca'."),
    ({"metric": "AUC", "method": "delong"},
     "roc_auc_score (AUC) needs scores, and this evaluation has none: it was built from "
     "labels, from tallies (from_confusion_matrix, from_counts, from_batches or from_dask of "
     "labels, a + b of evaluations not all of scores of the same classes, a group of "
     "by_group). Build it with "
     "ClassificationMetric.from_scores(y_true, y_score) (or from_batches and from_dask with "
     "scores=True)."),
    ({"n_resamples": 5},
     "n_resamples applies to method='bootstrap' or 'bca' only; method='wilson' does not "
     "resample."),
    ({"method": "bootstrap", "n_resamples": -2}, "n_resamples must be a positive integer; got -2."),
    ({"method": "bootstrap", "n_resamples": True},
     "n_resamples must be a positive integer; got True."),
]


@pytest.mark.parametrize("arguments, message", FULL_MESSAGES,
                         ids=[str(i) for i in range(len(FULL_MESSAGES))])
def test_interval_messages_in_full(arguments, message):
    with pytest.raises(ValueError) as raised:
        ClassificationMetric([0, 1, 1], [0, 1, 0]).CI(**arguments)
    assert str(raised.value) == message


def test_evaluation_refusals_in_full():
    for weights in ([1.0, 2.0, 0.5], [1, 2, 3]):  # integral weights are no counts either
        weighted = ClassificationMetric([0, 1, 1], [0, 1, 0], sample_weight=weights)
        with pytest.raises(ValueError) as raised:
            weighted.CI("AS", method="jeffreys")
        assert str(raised.value) == (
            "method='jeffreys' needs counts of samples, and this evaluation is weighted (its "
            "sample weights, integral ones too, are not counts of samples); use "
            "method='bootstrap', which resamples the samples with their weights. If each "
            "weight counts identical samples, evaluate them as counts: "
            "ClassificationMetric.from_counts(frame, count=...).")
    summed = weighted + weighted  # tallies only: no weights to resample either
    with pytest.raises(ValueError) as raised:
        summed.CI("AS", method="wilson")
    assert str(raised.value) == (
        "method='wilson' needs counts of samples, and this evaluation is weighted (its "
        "sample weights, integral ones too, are not counts of samples); it keeps no "
        "per-sample weights (a sum, grouped or aggregated tallies), so no interval method "
        "applies; evaluate the samples with their weights and use method='bootstrap'. If "
        "each weight counts identical samples, evaluate them as counts: "
        "ClassificationMetric.from_counts(frame, count=...).")
    multilabel = ClassificationMetric([[1, 0], [0, 1]], [[1, 0], [1, 1]])
    with pytest.raises(ValueError) as raised:
        multilabel.CI("AS", method="bca")
    assert str(raised.value) == (
        "method='bca' resamples the confusion matrix, which a multilabel evaluation does not "
        "have (its tallies do not keep which labels occur together); use a proportion method "
        "such as method='wilson'.")
    with pytest.raises(ValueError) as raised:
        ClassificationMetric([0, 1], [0, 1]).summary(random_state=1)
    assert str(raised.value) == (
        "confidence, n_resamples and random_state apply to intervals; pass ci='wilson', "
        "'bootstrap' or another interval method with them.")


def test_confidence_bounds_are_excluded():
    cm = ClassificationMetric([0, 1, 1], [0, 1, 0])
    for confidence in (0, 0.0, 1, -0.5, 1.5):
        with pytest.raises(ValueError) as raised:
            cm.CI("AS", confidence=confidence)
        assert str(raised.value) == ("confidence must be a number strictly between 0 and 1 "
                                     f"(0.95 for a 95% interval); got {confidence!r}.")


def test_auto_leaves_a_row_without_a_method_without_bounds_rather_than_failing():
    multilabel = ClassificationMetric(np.array([[1, 0, 1], [0, 1, 1], [1, 1, 0], [0, 0, 1]]),
                                      np.array([[1, 0, 0], [0, 1, 1], [1, 0, 0], [0, 1, 1]]))
    table = multilabel.summary(ci="auto")
    assert table.loc["AS", "method"] == "clopper-pearson"
    assert table.drop(index=["n_samples", "n_classes", "AS"])[["low", "high"]].isna().all().all()
    assert multilabel.report(ci="auto")["accuracy_low"].notna().all()
    weighted = ClassificationMetric.from_scores(
        [0, 1, 1, 0, 1, 0, 1, 0], [0.1, 0.9, 0.4, 0.3, 0.8, 0.6, 0.7, 0.2],
        sample_weight=[1, 2, 1, 1, 1, 0.5, 1, 2])
    report = weighted.report(ci="auto", random_state=0, n_resamples=99)
    assert report["auc_low"].isna().all()  # DeLong's counts samples: no bound, no error
    summed = (ClassificationMetric([0, 1], [0, 1], sample_weight=[1.0, 2.0])
              + ClassificationMetric([0], [1], sample_weight=[0.5]))  # weights, no samples
    with pytest.raises(InputError, match=r"method='auto' finds no interval method for AS "
                                         r"here; the last it tried says: method='bootstrap'"):
        summed.CI("AS", method="auto")


def test_the_no_information_rate_has_the_exact_interval_of_the_most_common_class_share():
    rng = np.random.default_rng(0)
    y_true = np.repeat([0, 1, 2], [120, 100, 80])
    y_pred = np.where(rng.random(300) < 0.8, y_true, rng.integers(0, 3, 300))
    cm = ClassificationMetric(y_true, y_pred)
    ci = cm.CI("NIR", method="auto")
    assert ci.method == "clopper-pearson" and ci.estimate == 120 / 300
    assert (ci.low, ci.high) == pytest.approx(proportion_confint(120, 300, method="beta"),
                                              rel=1e-12)
    assert ci.low < ci.estimate < ci.high
