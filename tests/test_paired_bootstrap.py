"""The paired bootstrap of a metric's difference between two models: its interval
and p-value are those of scikit-learn's metric on each resample of the samples
(drawn here with the same random numbers), two identical models differ by
nothing, the interval covers the true difference in a seeded simulation, and
what it cannot compare is refused in words."""

import warnings

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings, strategies as st
from sklearn import metrics as skm

from permetrics_lite import BootstrapTestResult, bootstrap_test
from permetrics_lite.core import build
from permetrics_lite.metrics import registry as _registry
from permetrics_lite.stats import bootstrap as _bootstrap, score_bootstrap
from tests.strategies import examples

SKLEARN = {  # alias, options -> scikit-learn's function of (y_true, y_pred)
    "AS": lambda t, p, o: skm.accuracy_score(t, p),
    "BAS": lambda t, p, o: skm.balanced_accuracy_score(t, p),
    "MCC": lambda t, p, o: skm.matthews_corrcoef(t, p),
    "CKS": lambda t, p, o: skm.cohen_kappa_score(t, p),
    "F1S": lambda t, p, o: skm.f1_score(t, p, labels=o["labels"], average="macro",
                                        zero_division=0.0),
    "PS": lambda t, p, o: skm.precision_score(t, p, labels=o["labels"], average="micro"),
}
OPTIONS = {"F1S": {"average": "macro"}, "PS": {"average": "micro"}}


def quietly(oracle):
    """scikit-learn's metric without its warnings (a resample may lack a class), an
    undefined value (nan) taking 0.0, as the resamples' zero_division does."""
    def call(*args):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return float(np.nan_to_num(oracle(*args), nan=0.0))
    return call


def expected_test(values, difference, confidence=0.95):
    """The percentile interval and the shifted two-sided p-value of differences."""
    tail = (1 - confidence) / 2
    low, high = np.percentile(values, [100 * tail, 100 * (1 - tail)])
    # |value - difference| = |difference| exactly (a value of 0, or twice the difference)
    # is beyond: counted as ties whatever the rounding of each side's sums
    values = np.asarray(values)
    slack = 1e-9 * (abs(difference) + np.abs(values).max())
    beyond = np.count_nonzero(np.abs(values - difference) >= abs(difference) - slack)
    return low, high, (1 + beyond) / (1 + len(values))


@settings(max_examples=examples(30), deadline=None)
@given(seed=st.integers(0, 2**32 - 1), n=st.integers(5, 60), k=st.integers(2, 4),
       metric=st.sampled_from(sorted(SKLEARN)))
def test_the_test_is_of_the_metric_on_each_resample_of_the_samples(seed, n, k, metric):
    rng = np.random.default_rng(seed)
    classes = np.array(["ant", "bee", "cat", "dog"][:k])
    y_true = rng.choice(classes, n)
    pred_a = np.where(rng.random(n) < 0.7, y_true, rng.choice(classes, n))
    pred_b = np.where(rng.random(n) < 0.5, y_true, rng.choice(classes, n))
    with warnings.catch_warnings():  # the estimates' own (a class only predicted, 0/0)
        warnings.simplefilter("ignore")
        result = bootstrap_test(y_true, pred_a, pred_b, metric, n_resamples=40,
                                random_state=seed, **OPTIONS.get(metric, {}))
    # the draw: one multinomial over the occupied (true, a, b) cells, as the library draws it
    labels = sorted(set(y_true) | set(pred_a) | set(pred_b))
    codes = [np.searchsorted(labels, column) for column in (y_true, pred_a, pred_b)]
    joint = (codes[0] * k + codes[1]) * k + codes[2]
    cells, count = np.unique(joint, return_counts=True)
    options = {"labels": labels}
    oracle = quietly(SKLEARN[metric])
    values = []
    for chunk in _bootstrap.multinomial(np.random.default_rng(seed), n, count, 40, len(cells)):
        for drawn in chunk:
            samples = np.repeat(cells, drawn)
            t, a, b = (np.asarray(labels)[c] for c in (samples // (k * k), samples // k % k,
                                                       samples % k))
            values.append(oracle(t, a, options) - oracle(t, b, options))
    difference = oracle(y_true, pred_a, options) - oracle(y_true, pred_b, options)
    assert result.difference == pytest.approx(difference, abs=1e-12)
    assert result.estimate_a == pytest.approx(oracle(y_true, pred_a, options), abs=1e-12)
    low, high, pvalue = expected_test(values, difference)
    assert (result.low, result.high) == pytest.approx((low, high), abs=1e-12)
    assert result.pvalue == pytest.approx(pvalue, abs=1e-12)


@pytest.mark.parametrize("metric", ["AUC", "APS", "LL", "BSL"])
def test_scores_are_resampled_by_class_for_both_models_at_once(metric):
    rng = np.random.default_rng(7)
    y_true = rng.integers(0, 2, 80)
    score_a = np.clip(0.3 * y_true + 0.7 * rng.random(80), 0, 1)
    score_b = np.clip(0.1 * y_true + 0.9 * rng.random(80), 0, 1)
    result = bootstrap_test(y_true, score_a, score_b, metric, n_resamples=30, random_state=3)
    oracle = {"AUC": skm.roc_auc_score, "APS": skm.average_precision_score,
              "LL": skm.log_loss, "BSL": skm.brier_score_loss}[metric]
    state = build.from_scores(y_true, score_a)
    values = []
    for chunk in score_bootstrap.Resampler(state, by_sample=True).chunks(
            np.random.default_rng(3), 30):
        for counts in zip(*chunk):
            weight = np.zeros(80)
            for units, drawn in zip(score_bootstrap.Resampler(state, by_sample=True).units,
                                    counts):
                weight[units] = drawn
            assert weight[y_true == 1].sum() == (y_true == 1).sum()  # stratified
            values.append(oracle(y_true, score_a, sample_weight=weight)
                          - oracle(y_true, score_b, sample_weight=weight))
    difference = oracle(y_true, score_a) - oracle(y_true, score_b)
    low, high, pvalue = expected_test(values, difference)
    assert (result.low, result.high) == pytest.approx((low, high), rel=1e-9)
    assert result.pvalue == pytest.approx(pvalue)


@pytest.mark.parametrize("metric", [row for row in _registry.METRICS
                                    if row.kind != _registry.SCORE and row.best is not None],
                         ids=lambda row: row.alias)
def test_a_model_compared_with_itself_differs_by_nothing(metric):
    y_true = ["a", "b", "c", "a", "b", "c", "a", "a"]
    pred = ["a", "b", "b", "a", "c", "c", "a", "b"]
    result = bootstrap_test(y_true, pred, pred, metric.alias, n_resamples=50, random_state=1,
                            **({"average": "macro"} if "macro" in metric.averages else {}))
    assert result.difference == 0 and result.low == result.high == 0 and result.pvalue == 1
    assert result.estimate_a == result.estimate_b


def test_the_interval_covers_the_true_difference():
    # a population of (true, a, b): a is right 80% of the time, b 70%, their errors
    # correlated; 95% intervals of 400 seeded data sets of 200 samples cover the true
    # difference of accuracy (0.1) 95% +- 2.5 points
    rng = np.random.default_rng(11)
    covered = 0
    for seed in range(400):
        y_true = rng.integers(0, 3, 200)
        hard = rng.random(200)
        pred_a = np.where(hard < 0.8, y_true, (y_true + 1) % 3)
        pred_b = np.where(hard < 0.7, y_true, (y_true + 2) % 3)
        result = bootstrap_test(y_true, pred_a, pred_b, "AS", n_resamples=400,
                                random_state=seed)
        covered += result.low <= 0.1 <= result.high
    assert abs(covered / 400 - 0.95) <= 0.025


@pytest.mark.parametrize("scale", [2.0**-1000, 2.0**1000])
def test_weights_at_any_scale_give_the_same_test(scale):
    rng = np.random.default_rng(5)
    y_true, pred_a, pred_b = (rng.integers(0, 3, 50) for _ in range(3))
    weight = rng.uniform(0.5, 2, 50)
    results = [bootstrap_test(y_true, pred_a, pred_b, "MCC", sample_weight=w, n_resamples=60,
                              random_state=2) for w in (weight, weight * scale)]
    assert results[0] == results[1]
    assert isinstance(results[0], BootstrapTestResult)


@pytest.mark.parametrize("arguments, error, message", [
    ((["a", "b", "a"], ["a", "b", "a"], ["a", "b"]), ValueError, r"y_b"),
    ((pd.Series([0, 1, 1], index=[0, 1, 2]), pd.Series([0, 1, 1], index=[0, 1, 2]),
      pd.Series([0, 1, 0], index=[2, 1, 0])), ValueError, r"y_b"),
    (([0, 1, 1], [[0.2, 0.8], [0.6, 0.4], [0.3, 0.7]], [0.1, 0.9, 0.6], "TKA"), ValueError,
     r"^bootstrap_test has no paired bootstrap of TKA \(top-k accuracy counts hits of the "
     r"ranks, which a resample of scores does not keep\); compare the two models' hits with "
     r"mcnemar\.$"),
    (([[0, 1], [1, 1]], [[0, 1], [1, 0]], [[1, 1], [1, 1]]), ValueError,
     r"^bootstrap_test resamples the joint tally of the labels and both models' predictions, "
     r"which multilabel y_true does not have"),
    (([0, 1, 1, 0], [0.2, 0.8, 0.6, 0.4], [[0.7, 0.2, 0.1]] * 4, "AUC"), ValueError, r"y_b"),
    (([0, 1, 2], [0, 1, 1], [0, 2, 2], "CM"), ValueError,
     r"^bootstrap_test compares one number per model, and CM with these options gives 9 "
     r"\(per class, or a matrix\); pass an average that gives one number\.$"),
])
def test_what_cannot_be_compared_is_refused_in_words(arguments, error, message):
    with pytest.raises(error, match=message):
        bootstrap_test(*arguments, n_resamples=10)


def test_on_large_samples_it_agrees_with_mcnemar_and_delong():
    from permetrics_lite import delong_test, mcnemar

    rng = np.random.default_rng(0)
    y_true = rng.integers(0, 3, 2000)
    pred_a = np.where(rng.random(2000) < 0.8, y_true, rng.integers(0, 3, 2000))
    pred_b = np.where(rng.random(2000) < 0.75, y_true, rng.integers(0, 3, 2000))
    ours, theirs = (bootstrap_test(y_true, pred_a, pred_b, "AS", random_state=0).pvalue,
                    mcnemar(y_true, pred_a, pred_b).pvalue)
    assert 0.5 < ours / theirs < 2  # both about 4e-4
    binary = rng.integers(0, 2, 2000)
    score_a = np.clip(0.3 * binary + 0.7 * rng.random(2000), 0, 1)
    score_b = np.clip(0.2 * binary + 0.8 * rng.random(2000), 0, 1)
    ours = bootstrap_test(binary, score_a, score_b, "AUC", n_resamples=2000, random_state=0)
    theirs = delong_test(binary, score_a, score_b)
    assert ours.difference == pytest.approx(theirs.difference, rel=1e-12)
    assert (ours.low, ours.high) == pytest.approx((theirs.low, theirs.high), abs=0.006)


def test_an_undefined_difference_has_no_bounds_nor_p_value():
    rng = np.random.default_rng(0)
    score_a, score_b = rng.random(30), rng.random(30)
    with warnings.catch_warnings(record=True):  # the AUC of one class warns
        warnings.simplefilter("always")
        result = bootstrap_test(np.zeros(30, int), score_a, score_b, "AUC", labels=[0, 1],
                                n_resamples=20, random_state=0)
    assert all(np.isnan(value) for value in result)
    # resamples undefined with zero_division=nan: neither bounds nor a p-value
    y_true = [0, 1] * 10
    pred_a = [0, 1] * 8 + [1, 0, 1, 0]
    pred_b = [0] * 20
    pred_b[1] = 1
    result = bootstrap_test(y_true, pred_a, pred_b, "PS", zero_division=np.nan,
                            n_resamples=200, random_state=0)
    assert np.isfinite(result.difference)
    assert np.isnan(result.low) and np.isnan(result.high) and np.isnan(result.pvalue)


def test_a_metric_s_refusal_names_the_model():
    rng = np.random.default_rng(1)
    with pytest.raises(ValueError, match=r"^log_loss \(LL\) needs probabilities, and y_b holds "
                                         r"values outside \[0, 1\]"):
        bootstrap_test([0, 1] * 15, rng.random(30), 3 * rng.random(30), "LL")


def test_weighted_samples_are_drawn_with_their_weights():
    # the per-sample weighted bootstrap: the distinct (true, a, b, weight) samples drawn
    # by their counts, each draw weighing its weight; scikit-learn's weighted metric on
    # each resample, the draws made again here from the same random numbers
    rng = np.random.default_rng(4)
    y_true, pred_a, pred_b = (rng.integers(0, 3, 40) for _ in range(3))
    weight = rng.integers(1, 5, 40) / 2
    weight[:3] = 0.0  # removed samples
    result = bootstrap_test(y_true, pred_a, pred_b, "MCC", sample_weight=weight,
                            n_resamples=30, random_state=6)
    kept = weight > 0
    frame = pd.DataFrame({"cell": (y_true * 3 + pred_a) * 3 + pred_b, "w": weight})[kept]
    pairs = frame.groupby(["cell", "w"]).size().reset_index(name="n")
    cells, weights, counts = (pairs[c].to_numpy() for c in ("cell", "w", "n"))
    values = []
    for chunk in _bootstrap.multinomial(np.random.default_rng(6), int(counts.sum()), counts,
                                        30, len(cells)):
        for drawn in chunk:
            w = drawn * weights
            t, a, b = cells // 9, cells // 3 % 3, cells % 3
            values.append(skm.matthews_corrcoef(t, a, sample_weight=w)
                          - skm.matthews_corrcoef(t, b, sample_weight=w))
    difference = (skm.matthews_corrcoef(y_true, pred_a, sample_weight=weight)
                  - skm.matthews_corrcoef(y_true, pred_b, sample_weight=weight))
    low, high, pvalue = expected_test(values, difference)
    assert result.difference == pytest.approx(difference, rel=1e-12)
    assert (result.low, result.high) == pytest.approx((low, high), rel=1e-9)
    assert result.pvalue == pytest.approx(pvalue)


def test_the_options_reach_both_models():
    rng = np.random.default_rng(21)
    y_true = rng.choice(["ham", "spam"], 60)
    score_a, score_b = rng.random(60), rng.random(60)
    weight = rng.integers(1, 4, 60).astype(float)
    # 1-D scores of the class pos_label names, weighted
    result = bootstrap_test(y_true, score_a, score_b, "AUC", pos_label="ham",
                            sample_weight=weight, n_resamples=10, random_state=0)
    expected = [skm.roc_auc_score(y_true == "ham", s, sample_weight=weight)
                for s in (score_a, score_b)]
    assert (result.estimate_a, result.estimate_b) == pytest.approx(expected, rel=1e-12)
    # predictions: a binary metric of pos_label, and classes that labels declares
    pred_a, pred_b = (np.where(rng.random(60) < p, y_true, "ham") for p in (0.8, 0.6))
    result = bootstrap_test(y_true, pred_a, pred_b, "PS", pos_label="ham", n_resamples=10,
                            random_state=0)
    assert result.estimate_a == pytest.approx(skm.precision_score(y_true, pred_a,
                                                                  pos_label="ham"))
    result = bootstrap_test(y_true, pred_a, pred_b, "RS", average="macro", zero_division=0.0,
                            labels=["ham", "spam", "eggs"], n_resamples=10, random_state=0)
    assert result.estimate_b == pytest.approx(skm.recall_score(
        y_true, pred_b, labels=["ham", "spam", "eggs"], average="macro", zero_division=0))


def test_messages_name_the_model_they_are_about():
    with pytest.raises(ValueError, match=r"y_a"):
        bootstrap_test([0, 1, 1, 0], [0, 1, np.nan, 0], [0, 1, 1, 0], n_resamples=10)
    rng = np.random.default_rng(1)
    with pytest.raises(ValueError, match=r"^log_loss \(LL\) needs probabilities, and y_a holds"):
        bootstrap_test([0, 1] * 15, 3 * rng.random(30), rng.random(30), "LL")
    # the two models' samples pair up by their pandas index, whatever y_true is
    with pytest.raises(ValueError, match=r"y_a.*y_b|y_b.*y_a"):
        bootstrap_test([0, 1, 1], pd.Series([0, 1, 1], index=[0, 1, 2]),
                       pd.Series([0, 1, 0], index=[5, 6, 7]), n_resamples=10)
