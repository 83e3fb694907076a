"""Tests of the stratified bootstrap of scores (``stats.score_bootstrap``), the paired
bootstrap of two models (``stats.paired_bootstrap``) and the sums of score evaluations
(``metrics.score_sums``), pinned by mutation testing (.ci/mutation): the exact words of
their refusals, and values derived here, by scikit-learn on the drawn samples, by a
leave-one-out loop or by counting by hand."""

import warnings
from fractions import Fraction

import numpy as np
import pandas as pd
import pytest
from sklearn import metrics as skm

from permetrics_lite import ClassificationMetric as CM, bootstrap_test
from permetrics_lite.stats import score_bootstrap


def _jackknife_acceleration(y_true, statistic):
    """BCa's acceleration by the multi-sample jackknife, one sample of one class left out
    at a time (``statistic`` of the kept samples' mask), each class's U = (n - 1)(mean -
    value): a = sum U^3 / n^3 / (6 (sum U^2 / n^2)^1.5), elementwise."""
    cubes = squares = 0.0
    for label in np.unique(y_true):
        members = np.flatnonzero(y_true == label)
        values = np.array([statistic(np.arange(len(y_true)) != left) for left in members],
                          dtype=float)
        n = len(members)
        u = (n - 1) * (values.mean(axis=0) - values)
        cubes = cubes + (u**3).sum(axis=0) / n**3
        squares = squares + (u**2).sum(axis=0) / n**2
    return cubes / (6 * squares**1.5)


def _pairwise_auc(positive, score, weight=None):
    """The AUC by every (positive, negative) pair, ties half, each pair weighing the
    product of its samples' weights."""
    weight = np.ones(len(score)) if weight is None else np.asarray(weight, dtype=float)
    pos, neg = positive & (weight > 0), ~positive & (weight > 0)
    above = (score[pos][:, None] > score[neg][None, :]) + 0.5 * (
        score[pos][:, None] == score[neg][None, :])
    pairs = weight[pos][:, None] * weight[neg][None, :]
    return (above * pairs).sum() / pairs.sum()


# ------------------------------------------------------------------ score_bootstrap.py

def test_the_acceleration_of_per_class_values_is_each_class_s_jackknife():
    # a statistic giving an array (the per-class AUC): each component's acceleration is
    # the jackknife's of that component, not of the values summed over the classes
    rng = np.random.default_rng(3)
    y_true = np.repeat([0, 1, 2], [5, 6, 4])
    matrix = rng.dirichlet(np.ones(3), len(y_true))
    cm = CM.from_scores(y_true, matrix)
    stratified = score_bootstrap.Stratified(cm.state, np.random.default_rng(0), 1)
    found = stratified.acceleration(
        lambda s: np.array(list(CM.from_state(s).AUC(average=None).values())))

    def per_class_auc(kept):
        return [_pairwise_auc(y_true[kept] == k, matrix[kept, k]) for k in range(3)]

    expected = _jackknife_acceleration(y_true, per_class_auc)
    assert np.shape(found) == (3,)
    assert found == pytest.approx(expected, rel=1e-9, abs=1e-12)


def test_an_empty_positive_class_leaves_the_negatives_jackknife():
    # labels=[0, 1] and negatives only: the positives' stratum comes first and is empty;
    # the acceleration is the negatives' jackknife of the log loss
    y_true = np.zeros(8, int)
    p = np.array([0.1, 0.35, 0.2, 0.6, 0.05, 0.3, 0.45, 0.15])
    cm = CM.from_scores(y_true, p, labels=[0, 1])
    resampler = score_bootstrap.Resampler(cm.state)
    assert [len(c) for c in resampler.strata.counts] == [0, 8]
    found = score_bootstrap.Stratified(cm.state, np.random.default_rng(0), 1).acceleration(
        lambda s: CM.from_state(s).LL())
    expected = _jackknife_acceleration(
        y_true, lambda kept: skm.log_loss(y_true[kept], p[kept], labels=[0, 1]))
    assert np.isfinite(expected)
    assert found == pytest.approx(expected, rel=1e-9)


def test_bca_of_a_statistic_without_spread_is_its_value_silently():
    # perfectly separated classes: every resample and every jackknife value is 1, the
    # acceleration 0/0; the interval is the point, with no warning
    cm = CM.from_scores([0, 0, 0, 1, 1, 1], [0.1, 0.2, 0.3, 0.7, 0.8, 0.9])
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        ci = cm.CI("AUC", method="bca", n_resamples=20, random_state=0)
    assert (ci.estimate, ci.low, ci.high) == (1.0, 1.0, 1.0)
    assert [str(w.message) for w in caught] == []


def test_the_refusal_to_resample_a_sum_of_matrices_names_the_method_given():
    rng = np.random.default_rng(0)
    y_true, matrix = rng.integers(0, 3, 12), rng.dirichlet(np.ones(3), 12)
    total = (CM.from_scores(y_true[:6], matrix[:6], labels=[0, 1, 2])
             + CM.from_scores(y_true[6:], matrix[6:], labels=[0, 1, 2]))
    with pytest.raises(ValueError, match=r"^method='bca' resamples the samples of a score "
                                         r"matrix or of weighted scores, and this evaluation "
                                         r"keeps their rankings only \(a sum of score "
                                         r"evaluations: a \+ b, from_batches or from_dask\); "
                                         r"build it with from_scores on all the samples to "
                                         r"resample them\.$"):
        total.CI("AUC", method="bca", n_resamples=10)


def test_many_distinct_scores_of_one_sample_each_are_drawn_as_counts():
    # 300 distinct scores of each class, one sample each: the units are drawn by the
    # sampler of many small cells; each resample is the pairwise AUC of the drawn samples
    rng = np.random.default_rng(6)
    y_true = np.repeat([1, 0], 300)
    score = rng.permutation(600) / 600 + 0.4 * y_true
    cm = CM.from_scores(y_true, score)
    resampler = score_bootstrap.Resampler(cm.state)
    assert [len(c) for c in resampler.strata.counts] == [300, 300]
    thresholds = resampler.ranking.thresholds
    values = []
    for positives, negatives in resampler.chunks(np.random.default_rng(1), 5):
        for counts in zip(positives, negatives):
            drawn = np.concatenate([thresholds[units] for units in resampler.units])
            values.append(_pairwise_auc(np.repeat([True, False], 300), drawn,
                                        np.concatenate(counts)))
    ci = cm.CI("AUC", method="bootstrap", n_resamples=5, random_state=1)
    assert (ci.low, ci.high) == pytest.approx(tuple(np.percentile(values, [2.5, 97.5])),
                                              rel=1e-12)


def test_samples_of_zero_weight_are_never_drawn():
    # weighted scores: the units are the samples of nonzero weight of each class, so the
    # interval is that of the evaluation without the samples of zero weight
    rng = np.random.default_rng(7)
    y_true, score = rng.integers(0, 2, 30), rng.random(30)
    weight = rng.uniform(0.5, 2.0, 30)
    weight[::4] = 0.0
    cm = CM.from_scores(y_true, score, sample_weight=weight)
    resampler = score_bootstrap.Resampler(cm.state)
    kept = weight > 0
    assert [u.tolist() for u in resampler.units] == [
        np.flatnonzero(kept & (y_true == k)).tolist() for k in (1, 0)]
    without = CM.from_scores(y_true[kept], score[kept], sample_weight=weight[kept])
    for metric in ("AUC", "LL"):
        found, expected = (e.CI(metric, method="bootstrap", n_resamples=20, random_state=3)
                           for e in (cm, without))
        assert (found.low, found.high) == pytest.approx((expected.low, expected.high),
                                                        rel=1e-12)


def test_weights_of_one_draw_the_samples_as_the_unweighted_draw_their_scores():
    # distinct 1-D scores given in descending order: the units of the unweighted
    # evaluation (its distinct scores) and of the weighted one (its samples) are the
    # same, the positive class's first; so are the draws of a seed, and the intervals
    rng = np.random.default_rng(9)
    score = np.sort(rng.random(24))[::-1]
    y_true = (rng.random(24) < score).astype(int)
    y_true[:2], y_true[-2:] = 1, 0
    plain = CM.from_scores(y_true, score)
    ones = CM.from_scores(y_true, score, sample_weight=np.ones(24))
    for metric in ("AUC", "LL"):
        found, expected = (e.CI(metric, method="bootstrap", n_resamples=20, random_state=5)
                           for e in (ones, plain))
        assert (found.low, found.high) == pytest.approx((expected.low, expected.high),
                                                        rel=1e-12)


# 1-D scores counted by the hundred million (from_counts): twice a resample's AUC
# numerator is an exact integer near 10^18, beyond float64's exact integers
LARGE_COUNTS = pd.DataFrame({
    "y_true": [1, 1, 1, 0, 0, 0, 1, 0],
    "score": [0.9, 0.7, 0.4, 0.8, 0.3, 0.1, 0.3, 0.7],
    "count": [310_000_007, 220_000_013, 150_000_001, 90_000_011, 270_000_003, 330_000_017,
              123_456_789, 98_765_431]})


def _doubled_area(pos, neg):
    """Twice the AUC's numerator and its denominator 2 P N, of counts at descending
    scores (ties half), as exact integers."""
    pos, neg = [int(p) for p in pos], [int(n) for n in neg]
    above = np.cumsum([0] + pos)[:-1].tolist()
    return (sum(n * (2 * a + p) for n, a, p in zip(neg, above, pos)),
            2 * sum(pos) * sum(neg))


def test_a_resample_of_large_counts_has_the_exactly_rounded_auc():
    cm = CM.from_counts(LARGE_COUNTS, score="score", count="count")
    resampler = score_bootstrap.Resampler(cm.state)
    assert resampler.by_score
    rng = np.random.default_rng(1)
    for _ in range(5):
        counts = [rng.multinomial(int(c.sum()), c / c.sum()) for c in resampler.strata.counts]
        pos = np.zeros(6, np.int64)
        neg = np.zeros(6, np.int64)
        pos[resampler.units[0]], neg[resampler.units[1]] = counts
        assert CM.from_state(resampler.resample(counts)).AUC() == float(
            Fraction(*_doubled_area(pos, neg)))


def test_the_bootstrap_of_large_counts_rounds_each_resample_s_auc_once():
    # the resamples' AUCs, each twice its exact integer numerator over 2 P N, each
    # converted to float64 once; three resamples a seed, so each moves the interval
    cm = CM.from_counts(LARGE_COUNTS, score="score", count="count")
    resampler = score_bootstrap.Resampler(cm.state)
    for seed in range(10):
        values = []
        for positives, negatives in resampler.chunks(np.random.default_rng(seed), 3):
            for counts in zip(positives, negatives):
                pos = np.zeros(6, np.int64)
                neg = np.zeros(6, np.int64)
                pos[resampler.units[0]], neg[resampler.units[1]] = counts
                doubled, denominator = _doubled_area(pos, neg)
                values.append(float(doubled) / float(denominator))
        ci = cm.CI("AUC", method="bootstrap", n_resamples=3, random_state=seed)
        assert (ci.low, ci.high) == tuple(np.percentile(values, [2.5, 97.5])), seed


def test_the_auc_of_billions_of_samples_of_each_class_is_exact():
    # about 7e9 samples of each class: twice the AUC's numerator passes 2^63, so it
    # cannot be an int64; the AUC, and each resample's, is still the exact ratio rounded
    # once (it was an overflow: a negative AUC)
    counts = pd.DataFrame({"y_true": [1, 1, 1, 0, 0, 0], "score": [0.9, 0.7, 0.4, 0.8, 0.3, 0.1],
                           "count": [3_100_000_007, 2_200_000_013, 1_500_000_001,
                                     900_000_011, 2_700_000_003, 3_300_000_017]})
    cm = CM.from_counts(counts, score="score", count="count")
    order = np.argsort(-counts["score"].to_numpy(), kind="stable")
    pos = np.where(counts["y_true"].to_numpy() == 1, counts["count"].to_numpy(), 0)[order]
    neg = np.where(counts["y_true"].to_numpy() == 0, counts["count"].to_numpy(), 0)[order]
    assert cm.AUC() == float(Fraction(*_doubled_area(pos, neg)))
    assert cm.AUC() == pytest.approx(skm.roc_auc_score(counts["y_true"], counts["score"],
                                                       sample_weight=counts["count"]), rel=1e-12)
    resampler = score_bootstrap.Resampler(cm.state)
    values = []
    for positives, negatives in resampler.chunks(np.random.default_rng(0), 3):
        for drawn in zip(positives, negatives):
            pos, neg = np.zeros(6, np.int64), np.zeros(6, np.int64)
            pos[resampler.units[0]], neg[resampler.units[1]] = drawn
            values.append(float(Fraction(*_doubled_area(pos, neg))))
    ci = cm.CI("AUC", method="bootstrap", n_resamples=3, random_state=0)
    assert (ci.low, ci.high) == tuple(np.percentile(values, [2.5, 97.5]))


# ----------------------------------------------------------------- paired_bootstrap.py

def test_a_1d_model_and_a_matrix_model_are_refused_in_words():
    rng = np.random.default_rng(0)
    y_true, p = rng.integers(0, 2, 20), rng.random(20)
    with pytest.raises(ValueError, match=r"^bootstrap_test compares the scores of the same "
                                         r"classes, and one holds 1-D scores, the other a "
                                         r"score matrix\.$"):
        bootstrap_test(y_true, p, np.column_stack([1 - p, p]), "AUC", n_resamples=10)


def test_labels_name_the_positive_class_of_both_models_1d_scores():
    # 1-D scores are of the last class labels declares: labels=[1, 0] makes them scores
    # of class 0, for both estimates
    rng = np.random.default_rng(2)
    y_true = rng.integers(0, 2, 30)
    score_a, score_b = np.clip(0.4 * y_true + 0.6 * rng.random(30), 0, 1), rng.random(30)
    result = bootstrap_test(y_true, score_a, score_b, "AUC", labels=[1, 0], n_resamples=10,
                            random_state=0)
    expected = [skm.roc_auc_score(y_true == 0, s) for s in (score_a, score_b)]
    assert (result.estimate_a, result.estimate_b) == pytest.approx(expected, rel=1e-12)


def test_a_metric_of_scores_giving_one_value_per_class_is_refused_in_words():
    rng = np.random.default_rng(1)
    y_true = rng.integers(0, 3, 30)
    a, b = rng.dirichlet(np.ones(3), 30), rng.dirichlet(np.ones(3), 30)
    with pytest.raises(ValueError, match=r"^bootstrap_test compares one number per model, and "
                                         r"AUC with these options gives 3 \(per class, or a "
                                         r"matrix\); pass an average that gives one number\.$"):
        bootstrap_test(y_true, a, b, "AUC", average=None, n_resamples=10)


def test_the_options_of_a_metric_of_scores_reach_every_resample():
    # the weighted one-vs-rest AUC of three classes on every resample (the macro AUC
    # differs), both models' samples drawn by the same counts
    rng = np.random.default_rng(9)
    y_true = np.repeat([0, 1, 2], [10, 6, 4])
    a, b = rng.dirichlet(np.ones(3), 20), rng.dirichlet(np.ones(3), 20)
    a[np.arange(20), y_true] += 0.5
    a /= a.sum(axis=1, keepdims=True)
    result = bootstrap_test(y_true, a, b, "AUC", average="weighted", n_resamples=8,
                            random_state=4)
    state = CM.from_scores(y_true, a).state
    resampler = score_bootstrap.Resampler(state, by_sample=True)

    def auc(scores, weight=np.ones(20)):  # one-vs-rest, weighted by each class's weight
        support = [weight[y_true == k].sum() for k in range(3)]
        return np.average([_pairwise_auc(y_true == k, scores[:, k], weight)
                           for k in range(3)], weights=support)
    values = []
    for chunk in resampler.chunks(np.random.default_rng(4), 8):
        for counts in zip(*chunk):
            weight = np.zeros(20)
            for units, drawn in zip(resampler.units, counts):
                weight[units] = drawn
            values.append(auc(a, weight) - auc(b, weight))
    assert result.difference == pytest.approx(auc(a) - auc(b), rel=1e-12)
    assert (result.low, result.high) == pytest.approx(
        tuple(np.percentile(values, [2.5, 97.5])), rel=1e-9)


def test_a_class_only_one_model_predicts_is_a_class_of_both():
    # "cat" is only in y_b: both models are evaluated over the three classes
    y_true = ["ant", "bee", "ant", "bee", "ant", "bee", "ant", "bee"]
    pred_a = ["ant", "bee", "bee", "bee", "ant", "ant", "ant", "bee"]
    pred_b = ["ant", "cat", "ant", "bee", "cat", "bee", "bee", "bee"]
    labels = ["ant", "bee", "cat"]
    with warnings.catch_warnings():  # cat's precision and recall are 0/0 or 0
        warnings.simplefilter("ignore")
        result = bootstrap_test(y_true, pred_a, pred_b, "F1S", average="macro",
                                zero_division=0.0, n_resamples=20, random_state=0)
    expected = [skm.f1_score(y_true, p, labels=labels, average="macro", zero_division=0)
                for p in (pred_a, pred_b)]
    assert (result.estimate_a, result.estimate_b) == pytest.approx(expected, rel=1e-12)


def test_multilabel_input_is_refused_in_words():
    with pytest.raises(ValueError, match=r"^bootstrap_test resamples the joint tally of the "
                                         r"labels and both models' predictions, which "
                                         r"multilabel y_true does not have \(its tallies do "
                                         r"not keep which labels occur together\); compare "
                                         r"each label's column on its own\.$"):
        bootstrap_test([[0, 1], [1, 1]], [[0, 1], [1, 0]], [[1, 1], [1, 1]], n_resamples=10)


@pytest.mark.parametrize("model", ["y_a", "y_b"])
def test_a_model_s_bad_prediction_is_named_in_words(model):
    good, bad = [0, 1, 1, 0], [0, 1, np.nan, 0]
    y_a, y_b = (bad, good) if model == "y_a" else (good, bad)
    with pytest.raises(ValueError, match=rf"^{model} contains 1 missing label\(s\) \(NaN, None "
                                         rf"or NA\), the first at position 2; drop or fill them "
                                         rf"before evaluating\.$"):
        bootstrap_test([0, 1, 1, 0], y_a, y_b, n_resamples=10)


def test_models_of_other_pandas_indexes_are_refused_in_words():
    with pytest.raises(ValueError, match=r"^y_a and y_b are pandas objects with different "
                                         r"indexes, so their rows would be paired by position, "
                                         r"not by index\. Align them \(e\.g\. "
                                         r"y_b\.reindex\(y_a\.index\)\) or pass "
                                         r"\.to_numpy\(\)\.$"):
        bootstrap_test([0, 1, 1], pd.Series([0, 1, 1], index=[0, 1, 2]),
                       pd.Series([0, 1, 0], index=[5, 6, 7]), n_resamples=10)


def test_a_metric_s_warning_raised_as_an_error_names_the_model():
    # warnings as errors: the metric's warning about y_pred is about y_a here
    from permetrics_lite.validation import InputWarning

    with warnings.catch_warnings():
        warnings.simplefilter("error", InputWarning)
        with pytest.raises(InputWarning, match=r"^y_a contains classes not in y_true: \[2\]; "
                                               r"balanced accuracy leaves them out of the "
                                               r"mean\.$"):
            bootstrap_test([0, 1, 0, 1], [0, 1, 2, 1], [0, 1, 0, 1], "BAS", n_resamples=10)


def _joint_draws(seed, y_true, pred_a, pred_b, weight, n_resamples):
    """The resamples of the paired bootstrap of labels, drawn here: the distinct
    (joint cell, weight) pairs of the samples of nonzero weight, sorted, and the
    multinomial draws of their samples over them (numpy's, from ``seed``)."""
    cells = (np.asarray(y_true) * 3 + pred_a) * 3 + pred_b
    kept = weight > 0
    pairs = sorted(set(zip(cells[kept].tolist(), weight[kept].tolist())))
    count = np.array([np.sum((cells[kept] == c) & (weight[kept] == w)) for c, w in pairs])
    draws = np.random.default_rng(seed).multinomial(int(count.sum()), count / count.sum(),
                                                    size=n_resamples)
    return [c for c, _ in pairs], np.array([w for _, w in pairs]), draws


@pytest.mark.parametrize("scale", [None, 1.0, 2.0**600], ids=["unweighted", "weighted",
                                                               "weights of 2^600"])
def test_counts_of_correct_predictions_are_compared_in_the_weights_given(scale):
    # accuracy as a count (normalize=False): each resample's number, or weight, of the
    # samples each model predicts right, in the user's weights, however large
    rng = np.random.default_rng(14)
    y_true, pred_a, pred_b = (rng.integers(0, 3, 30) for _ in range(3))
    pred_a[:20] = y_true[:20]
    weight = np.ones(30) if scale is None else rng.integers(0, 5, 30) / 2 * scale
    result = bootstrap_test(y_true, pred_a, pred_b, "AS", normalize=False,
                            sample_weight=None if scale is None else weight, n_resamples=40,
                            random_state=5)
    cells, weights, draws = _joint_draws(5, y_true, pred_a, pred_b, weight, 40)
    right_a = np.array([c // 9 == c // 3 % 3 for c in cells])
    right_b = np.array([c // 9 == c % 3 for c in cells])
    values = [np.sum(d * weights * right_a) - np.sum(d * weights * right_b) for d in draws]
    difference = (weight * (y_true == pred_a)).sum() - (weight * (y_true == pred_b)).sum()
    assert result.difference == difference
    assert (result.low, result.high) == pytest.approx(
        tuple(np.percentile(values, [2.5, 97.5])), rel=1e-12)


# ---------------------------------------------------------------------- score_sums.py

@pytest.mark.parametrize("scale", [1.0, 2.0**600])
def test_weighted_and_unweighted_batches_of_1d_scores_add_up_to_the_whole(scale):
    # a weighted part (quarters, or quarters of 2^600: counted in a unit of their own)
    # then two unweighted parts, ranked together: their counts are brought to the sum's
    # unit, and the weighted part's kept ranking merges with theirs
    rng = np.random.default_rng(12)
    sizes = [9, 7, 8]
    y_true = rng.integers(0, 2, sum(sizes))
    y_true[:4] = [0, 1, 0, 1]
    score = np.round(rng.random(sum(sizes)), 1)
    weight = np.ones(sum(sizes))
    weight[:sizes[0]] = rng.integers(1, 8, sizes[0]) / 4 * scale
    cuts = np.cumsum(sizes)[:-1]
    batches = [(t, s, w) if i == 0 else (t, s) for i, (t, s, w) in enumerate(zip(
        *(np.split(a, cuts) for a in (y_true, score, weight))))]
    cm = CM.from_batches(batches, scores=True)
    assert cm.AUC() == pytest.approx(skm.roc_auc_score(y_true, score, sample_weight=weight),
                                     rel=1e-12)
    assert cm.APS() == pytest.approx(
        skm.average_precision_score(y_true, score, sample_weight=weight), rel=1e-12)
    assert cm.BSL() == pytest.approx(
        skm.brier_score_loss(y_true, score, sample_weight=weight), rel=1e-12)
    # and the calibration bins, by hand: the positives' weight in each bin, an edge in
    # the bin below it (as scikit-learn's calibration_curve bins)
    prob_true, prob_pred = cm.calibration_curve(n_bins=2)
    low = score <= 0.5
    expected_true = [np.average(y_true[m], weights=weight[m]) for m in (low, ~low)]
    expected_pred = [np.average(score[m], weights=weight[m]) for m in (low, ~low)]
    assert list(prob_true) == pytest.approx(expected_true, rel=1e-12)
    assert list(prob_pred) == pytest.approx(expected_pred, rel=1e-12)


def test_a_sum_of_unweighted_1d_scores_counts_samples_in_integers():
    # two parts of 1-D scores, ranked at once: the threshold table's counts are whole
    # numbers of samples, counted here at each distinct score
    y_true = np.array([0, 1, 0, 1, 1, 0, 1])
    score = np.array([0.1, 0.8, 0.3, 0.6, 0.3, 0.2, 0.9])
    table = (CM.from_scores(y_true[:4], score[:4]) + CM.from_scores(y_true[4:], score[4:])
             ).threshold_curve()
    thresholds = np.unique(score)
    assert list(table["threshold"]) == list(thresholds)
    above = score[None, :] >= thresholds[:, None]
    expected = {"tp": (above & (y_true == 1)).sum(axis=1),
                "fp": (above & (y_true == 0)).sum(axis=1),
                "fn": (~above & (y_true == 1)).sum(axis=1),
                "tn": (~above & (y_true == 0)).sum(axis=1)}
    for column, counts in expected.items():
        assert table[column].dtype == np.int64, column
        assert list(table[column]) == list(counts), column


@pytest.mark.parametrize("shape", ["1-D", "two columns"])
def test_a_sum_keeps_the_positive_class_pos_label_names_first(shape):
    # pos_label names the first class: a sum's binary metrics are of it
    rng = np.random.default_rng(8)
    y_true = rng.choice(["ham", "spam"], 24)
    y_true[:2] = ["ham", "spam"]
    y_true[12:14] = ["ham", "spam"]
    p_ham = np.round(np.clip(0.4 * (y_true == "ham") + 0.6 * rng.random(24), 0, 1), 2)
    scores = p_ham if shape == "1-D" else np.column_stack([p_ham, 1 - p_ham])
    total = CM.from_batches([(y_true[:12], scores[:12]), (y_true[12:], scores[12:])],
                            scores=True, pos_label="ham")
    assert total.APS() == pytest.approx(skm.average_precision_score(y_true == "ham", p_ham),
                                        rel=1e-12)
    assert total.AUC() == pytest.approx(skm.roc_auc_score(y_true == "ham", p_ham), rel=1e-12)


def test_a_sum_keeps_its_parts_threshold_when_they_share_one():
    y_true, score = [0, 1, 0, 1], [0.1, 0.8, 0.3, 0.6]
    assert (CM.from_scores(y_true, score) + CM.from_scores(y_true, score)).threshold == 0.5
    assert CM.from_batches([(y_true, score), (y_true, score)], scores=True,
                           threshold=0.3).threshold == 0.3
    # parts of other thresholds: the sum has none
    assert (CM.from_scores(y_true, score) + CM.from_scores(y_true, score, threshold=0.3)
            ).threshold is None


GOOD_ROWS = np.array([[0.5, 0.3, 0.2], [0.2, 0.5, 0.3], [0.3, 0.3, 0.4], [0.1, 0.1, 0.8]])


@pytest.mark.parametrize("bad_part, bad_row, first_row", [(1, 2, 6), (2, 1, 8)])
def test_a_sum_names_the_first_row_not_summing_to_one_by_its_place_in_the_whole(
        bad_part, bad_row, first_row):
    # parts of 4, 3 and 3 rows of a 3-class matrix; one row of one part sums to 1.1:
    # it is the row of all the samples that it is, counted across the parts before it
    parts = [GOOD_ROWS.copy(), GOOD_ROWS[:3].copy(), GOOD_ROWS[1:].copy()]
    parts[bad_part][bad_row] = [0.4, 0.4, 0.3]
    y_true = [[0, 1, 2, 2], [0, 1, 2], [1, 2, 2]]
    total = CM.from_batches(list(zip(y_true, parts)), scores=True, labels=[0, 1, 2])
    with pytest.raises(ValueError, match=rf"^log_loss \(LL\) needs probabilities, and y_score "
                                         rf"has 1 row\(s\) that do not sum to 1 \(within "
                                         rf"1e-05\), the first row {first_row} summing to "
                                         rf"1\.1"):
        total.LL()
