"""Tests of the resampling intervals of ``stats.intervals`` (an :class:`Intervals`'
stratified bootstrap of scores with BCa, the intervals of ROC AUCs by their standard
error, the values and shapes of the bootstrap's bounds), pinned by mutation testing
(.ci/mutation): each expectation is scipy's (``scipy.stats.bootstrap`` given the same
resamples), a per-sample loop or arithmetic written in the test."""

from types import SimpleNamespace

import numpy as np
import pytest
from scipy import stats

from permetrics_lite import ClassificationMetric
from permetrics_lite.stats import intervals as _intervals, score_bootstrap as _score_bootstrap


def _pair_aucs(positives, negatives, pos_counts, neg_counts):
    """The ROC AUC of each row of counts of the positives against a row of counts of
    the negatives, over every pair (ties half): exact whole numbers, one division."""
    doubled = (2 * (positives[:, None] > negatives[None, :])
               + (positives[:, None] == negatives[None, :])).astype(np.int64)
    numerators = np.einsum("bi,ij,bj->b", pos_counts, doubled, neg_counts).tolist()
    return np.array([d / (2 * len(positives) * len(negatives)) for d in numerators])


def _scipy_pair_auc(positives, negatives, axis=-1):
    x = np.moveaxis(positives, axis, -1)[..., :, None]
    y = np.moveaxis(negatives, axis, -1)[..., None, :]
    return ((x > y) + 0.5 * (x == y)).mean(axis=(-2, -1))


# --- Intervals.stratified: BCa of a metric of scores ---

@pytest.mark.parametrize("confidence", [0.8, 0.95])
def test_bca_of_scores_equals_scipys_two_sample_bca_on_the_same_resamples(confidence):
    # 1-D binary scores of distinct values: each resample is a multinomial draw of
    # the positives' scores, then one of the negatives' (one chunk, drawn by the
    # caller's generator); scipy's BCa of the two samples, given those resamples'
    # areas, jackknifes each sample
    rng = np.random.default_rng(3)
    positives = np.round(rng.normal(1.5, 1, 25), 3)
    negatives = np.round(rng.normal(0, 1, 20), 3)
    assert len(set(positives) | set(negatives)) == 45
    cm = ClassificationMetric.from_scores(np.r_[np.ones(25), np.zeros(20)],
                                          np.r_[positives, negatives])
    ci = cm.CI("AUC", method="bca", n_resamples=300, random_state=4, confidence=confidence)
    resampler = _score_bootstrap.Resampler(cm.state)
    pos_scores, neg_scores = (resampler.ranking.thresholds[u] for u in resampler.units)
    assert sorted(pos_scores) == sorted(positives) and sorted(neg_scores) == sorted(negatives)
    draws = np.random.default_rng(4)
    pos_counts = draws.multinomial(25, np.full(25, 1 / 25), size=300)
    neg_counts = draws.multinomial(20, np.full(20, 1 / 20), size=300)
    values = _pair_aucs(pos_scores, neg_scores, pos_counts, neg_counts)
    theirs = stats.bootstrap((positives, negatives), _scipy_pair_auc, n_resamples=0,
                             method="BCa", confidence_level=confidence, vectorized=True,
                             bootstrap_result=SimpleNamespace(bootstrap_distribution=values))
    assert ci.estimate == _pair_aucs(positives, negatives, np.ones((1, 25), int),
                                      np.ones((1, 20), int))[0]
    np.testing.assert_allclose([ci.low, ci.high], tuple(theirs.confidence_interval),
                               rtol=1e-12)
    percentile = np.percentile(values, [50 * (1 - confidence), 50 * (1 + confidence)])
    assert not np.allclose([ci.low, ci.high], percentile)


# --- Intervals.class_ranked: each class's ROC AUC by its standard error ---

def test_class_ranked_intervals_of_a_class_without_samples_are_nan():
    # labels name a class that no sample has: its area against the rest is 0/0, nan,
    # the others' areas keep their intervals
    y = [0, 1, 0, 1, 1, 0]
    scores = np.array([[.6, .3, .1], [.2, .7, .1], [.5, .4, .1], [.3, .4, .3],
                       [.1, .8, .1], [.7, .2, .1]])
    cm = ClassificationMetric.from_scores(y, scores, labels=[0, 1, 2])
    for method in ("delong", "hanley-mcneil"):
        report = cm.report(ci=method, zero_division=0.0)
        assert np.isnan(report.loc[2, ["auc", "auc_low", "auc_high"]].to_numpy(float)).all()
        assert np.isfinite(report.loc[[0, 1], ["auc_low", "auc_high"]].to_numpy(float)).all()


def test_class_ranked_intervals_of_weighted_scores_are_nan():
    # scores sampled with weights, whose tallies are counted: no standard error of
    # a weighted area, each class's bounds nan
    y, s = [0, 1, 0, 1, 1, 0], [0.1, 0.8, 0.4, 0.35, 0.9, 0.2]
    weighted = ClassificationMetric.from_scores(y, s, sample_weight=[1, 2, 1, 1, 3, 1])
    counted = ClassificationMetric.from_scores(y, s)
    intervals = _intervals.Intervals(counted.state, "delong", 0.95, sampled=weighted.state)
    bounds = intervals.class_ranked("delong")
    assert isinstance(bounds, tuple) and len(bounds) == 2
    for bound in bounds:
        assert bound.shape == (2,) and bound.dtype == np.float64 and np.isnan(bound).all()


# --- _clipped: the bounds of one area are floats ---

@pytest.mark.parametrize("method", ["delong", "hanley-mcneil"])
def test_the_bounds_of_one_area_by_its_standard_error_are_python_floats(method):
    # 3 positives and 2 negatives, 5 of 6 pairs ordered: AUC 5/6, its bound clipped at 1
    cm = ClassificationMetric.from_scores([0, 1, 0, 1, 1], [0.1, 0.8, 0.4, 0.3, 0.9])
    ci = cm.CI("AUC", method=method)
    assert ci.estimate == 5 / 6 and ci.high == 1.0 and 0 < ci.low < 5 / 6
    assert type(ci.low) is float and type(ci.high) is float
    assert "np.float64" not in repr(ci)


# --- values_of and bootstrap_interval: a metric's array as floats, of its shape ---

@pytest.mark.parametrize("method", ["bootstrap", "bca"])
def test_the_interval_of_the_confusion_matrix_is_of_floats(method):
    # the matrix's counts, by a loop over the samples, as float64 like its bounds, and
    # BCa's bounds of the matrix's shape as the percentile interval's are
    y_true, y_pred = [0, 1, 2, 1, 0, 2, 2], [0, 1, 1, 1, 0, 1, 0]
    matrix = np.zeros((3, 3))
    for t, p in zip(y_true, y_pred):
        matrix[t, p] += 1
    ci = ClassificationMetric(y_true, y_pred).CI("CM", method=method, n_resamples=20,
                                                   random_state=0)
    for field in ci:
        assert isinstance(field, np.ndarray) and field.dtype == np.float64
        assert field.shape == (3, 3)
    np.testing.assert_array_equal(ci.estimate, matrix)
    # each bound at its cell: an empty cell is empty in every resample, its bounds 0
    assert (ci.low[matrix == 0] == 0).all() and (ci.high[matrix == 0] == 0).all()
    assert (ci.high[matrix > 0] > 0).all()
