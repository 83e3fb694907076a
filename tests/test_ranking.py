"""Unit tests of permetrics_lite.metrics.ranking against scikit-learn, exact fractions and
per-sample loops."""

import re
from fractions import Fraction

import numpy as np
import pytest
import sklearn.metrics as skm

from permetrics_lite.metrics import formulas as _formulas, ranking as _ranking
from permetrics_lite.metrics.ranking import Ranking

UndefinedMetricWarning = _formulas.UndefinedMetricWarning


def tied_sample(seed, n=200, levels=7):
    """Scores with many ties, labels of both classes."""
    rng = np.random.default_rng(seed)
    scores = rng.integers(0, levels, n) / levels
    positive = rng.random(n) < 0.4
    positive[:2] = True, False
    return scores, positive


def brute_ranking(scores, positive, weight=None):
    """The ranking by a loop over the distinct scores, highest first."""
    weight = np.ones(len(scores)) if weight is None else weight
    values = sorted(set(scores.tolist()), reverse=True)
    pos = [sum(w for s, p, w in zip(scores, positive, weight) if s == v and p) for v in values]
    neg = [sum(w for s, p, w in zip(scores, positive, weight) if s == v and not p)
           for v in values]
    return np.array(values), np.array(pos), np.array(neg)


@pytest.mark.parametrize("n", [10, 100, 1000])
def test_rank_counts_are_uint32_below_2_to_32_samples(n):
    scores, positive = tied_sample(n, n=n)
    ranking = _ranking.rank(scores, positive)
    values, pos, neg = brute_ranking(scores, positive)
    np.testing.assert_array_equal(ranking.thresholds, values)
    np.testing.assert_array_equal(ranking.pos, pos)
    np.testing.assert_array_equal(ranking.neg, neg)
    # 8 bytes of score and 4 + 4 of counts per distinct score
    assert ranking.pos.dtype == np.uint32 and ranking.neg.dtype == np.uint32


def test_combined_sums_integer_counts_as_int64():
    rankings = [_ranking.rank(*tied_sample(seed)) for seed in range(3)]
    ranking = _ranking.combined(rankings)
    assert ranking.pos.dtype == np.int64 and ranking.neg.dtype == np.int64
    values = sorted({v for r in rankings for v in r.thresholds.tolist()}, reverse=True)
    np.testing.assert_array_equal(ranking.thresholds, values)
    for part in ("pos", "neg"):
        expected = [sum(int(c) for r in rankings for t, c in zip(r.thresholds, getattr(r, part))
                        if t == v) for v in values]
        np.testing.assert_array_equal(getattr(ranking, part), expected)


@pytest.mark.parametrize("seed", range(3))
def test_flipped_is_the_ranking_of_the_other_class_by_negated_scores(seed):
    scores, positive = tied_sample(seed, levels=5)
    scores = scores + 0.5  # no zero: -0.0 and 0.0 are alike here anyway
    flipped = _ranking.flipped(_ranking.rank(scores, positive))
    values, pos, neg = brute_ranking(-scores, ~positive)
    np.testing.assert_array_equal(flipped.thresholds, values)
    np.testing.assert_array_equal(flipped.pos, pos)
    np.testing.assert_array_equal(flipped.neg, neg)


@pytest.mark.parametrize("weighted", [False, True])
def test_at_thresholds_is_sklearns_confusion_matrix_at_thresholds(weighted):
    scores, positive = tied_sample(4)
    weight = np.random.default_rng(5).random(len(scores)) if weighted else None
    if weighted:
        weight[:20] = 0.0
    fps, tps, thresholds = _ranking.at_thresholds(_ranking.rank(scores, positive, weight))
    _, sk_fps, _, sk_tps, sk_thresholds = skm.confusion_matrix_at_thresholds(
        positive, scores, sample_weight=weight)
    assert fps.dtype == sk_fps.dtype == np.float64 and tps.dtype == sk_tps.dtype == np.float64
    np.testing.assert_allclose(fps, sk_fps, rtol=1e-12)
    np.testing.assert_allclose(tps, sk_tps, rtol=1e-12)
    np.testing.assert_array_equal(thresholds, sk_thresholds)


@pytest.mark.parametrize("what, positive", [("negative", True), ("positive", False)])
def test_roc_curve_warns_of_a_missing_class_by_name(what, positive):
    ranking = _ranking.rank(np.array([0.2, 0.5, 0.9]), np.full(3, positive))
    message = f"No {what} samples in y_true: the {what} rate is undefined (nan)."
    with pytest.warns(UndefinedMetricWarning, match="^" + re.escape(message) + "$"):
        rates = _ranking.roc_curve(ranking)
    assert np.isnan(rates[0 if what == "negative" else 1]).all()


def test_precision_recall_curve_warns_without_positives():
    ranking = _ranking.rank(np.array([0.2, 0.5, 0.9]), np.zeros(3, dtype=bool))
    message = ("No positive samples in y_true: recall is set to 1 at every threshold, "
               "as scikit-learn does.")
    with pytest.warns(UndefinedMetricWarning, match="^" + re.escape(message) + "$"):
        _, recall, _ = _ranking.precision_recall_curve(ranking)
    np.testing.assert_array_equal(recall, [1, 1, 1, 0])


def assert_curves_equal(ours, theirs):
    assert len(ours) == len(theirs)
    for a, b in zip(ours, theirs):
        assert a.shape == b.shape
        np.testing.assert_allclose(a, b, rtol=1e-12, atol=1e-15)


# positives at the top and the bottom, negatives between: collinear and flat stretches
CURVE_SCORES = np.array([0.9, 0.8, 0.7, 0.6, 0.5, 0.4, 0.3, 0.2, 0.1, 0.05])
CURVE_POSITIVE = np.array([1, 1, 1, 0, 0, 0, 0, 1, 1, 0], dtype=bool)


def test_curve_defaults_are_sklearns():
    ranking = _ranking.rank(CURVE_SCORES, CURVE_POSITIVE)
    assert_curves_equal(_ranking.roc_curve(ranking), skm.roc_curve(CURVE_POSITIVE, CURVE_SCORES))
    assert_curves_equal(_ranking.precision_recall_curve(ranking),
                        skm.precision_recall_curve(CURVE_POSITIVE, CURVE_SCORES))
    assert_curves_equal(_ranking.det_curve(ranking), skm.det_curve(CURVE_POSITIVE, CURVE_SCORES))


@pytest.mark.parametrize("drop_intermediate", [False, True])
@pytest.mark.parametrize("positive", [[1, 0, 0], [0, 0, 1], [1, 0, 1], [0, 1, 0]])
def test_precision_recall_curve_of_three_scores(positive, drop_intermediate):
    scores, positive = np.array([0.7, 0.4, 0.1]), np.array(positive, dtype=bool)
    assert_curves_equal(
        _ranking.precision_recall_curve(_ranking.rank(scores, positive), drop_intermediate),
        skm.precision_recall_curve(positive, scores, drop_intermediate=drop_intermediate))


# twice the area's numerator exceeds 2^53: only an exact integer ratio rounds it once
LARGE = Ranking(np.array([3.0, 2.0, 1.0]),
                np.array([270382671, 325685102, 521163592], dtype=np.uint32),
                np.array([391645483, 339447799, 291856444], dtype=np.uint32))


def exact_auc(ranking):
    numerator, above = 0, 0
    for p, n in zip(ranking.pos.tolist(), ranking.neg.tolist()):
        numerator += Fraction(n) * (above + Fraction(p, 2))
        above += p
    return numerator / (sum(ranking.pos.tolist()) * sum(ranking.neg.tolist()))


def test_roc_auc_of_large_counts_is_the_exact_ratio_rounded_once():
    expected = float(exact_auc(LARGE))
    assert _ranking.roc_auc(LARGE) == expected
    assert _ranking.roc_auc(LARGE, max_fpr=1) == expected


@pytest.mark.parametrize("seed", range(5))
def test_roc_auc_of_counts_is_exact(seed):
    scores, positive = tied_sample(seed)
    ranking = _ranking.rank(scores, positive)
    assert _ranking.roc_auc(ranking) == float(exact_auc(ranking))
    assert _ranking.roc_auc(ranking, max_fpr=1) == float(exact_auc(ranking))
    assert _ranking.roc_auc(ranking) == pytest.approx(skm.roc_auc_score(positive, scores),
                                                      rel=1e-12)


@pytest.mark.parametrize("score", [0.1, 0.3, 0.7, 0.35])
@pytest.mark.parametrize("positive", [False, True])
def test_squared_error_sum_of_the_complement_rounds_as_sklearn(score, positive):
    ranking = _ranking.rank(np.array([score]), np.array([positive]))
    # scikit-learn's binary Brier score: half the squared error of both columns
    assert (_ranking.squared_error_sum(ranking, complement=True) / 2
            == skm.brier_score_loss([int(positive)], [score]))
