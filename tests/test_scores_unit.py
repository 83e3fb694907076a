"""From scores to decisions (permetrics_lite.core.scores), one function at a time.

Oracles: loops over samples and thresholds written here, and scikit-learn's
top_k_accuracy_score.
"""

import numpy as np
import pytest
from sklearn import metrics as skm

from permetrics_lite import ClassificationMetric, UndefinedMetricWarning
from permetrics_lite.core import scores as _scores
from permetrics_lite.metrics import (
    formulas as _formulas, ranking as _ranking, registry as _registry,
)
from permetrics_lite.core.tally import Tallies


def loop_decide(true, scores):
    """Argmax (first of equal maxima) and the rank of the true class, by loops."""
    pred, ranks = [], []
    for row, t in zip(scores.tolist(), true.tolist()):
        pred.append(max(range(len(row)), key=lambda j: (row[j], -j)))
        ranks.append(sum(1 for j, s in enumerate(row) if s > row[t] or (s == row[t] and j < t)))
    return pred, ranks


def test_decide_one_dimensional_scores_at_the_threshold():
    true = np.array([0, 1, 1, 0], dtype=np.uint8)
    pred, ranks = _scores.decide(true, np.array([0.5, 0.49, 0.9, 0.1]), 0.5)
    assert pred.tolist() == [1, 0, 1, 0]  # score >= threshold predicts the second class
    assert pred.dtype == np.uint8 and ranks.dtype == np.uint8
    assert ranks.tolist() == [1, 1, 0, 0]


def test_decide_matrix_ties_go_to_the_first_column():
    scores = np.array([[0.2, 0.4, 0.4], [0.3, 0.3, 0.3], [0.5, 0.1, 0.4], [0.1, 0.1, 0.8]])
    true = np.array([2, 1, 0, 0], dtype=np.uint8)
    pred, ranks = _scores.decide(true, scores, None)
    # row 0: columns 1 and 2 tie; 1 comes first, so class 2 ranks 1
    # row 1: all tie; class 1 has column 0 ahead of it
    # row 3: class 0 ties with column 1 but comes first; column 2 is ahead
    assert pred.tolist() == [1, 0, 0, 2]
    assert ranks.tolist() == [1, 1, 0, 1]
    assert (pred.tolist(), ranks.tolist()) == loop_decide(true, scores)


def test_decide_in_several_blocks_against_a_loop():
    rng = np.random.default_rng(3)
    n_classes = 300  # codes beyond one byte: uint16
    rows = _scores.SCORE_CELLS // n_classes
    n = 2 * rows + 7  # three blocks, the last one partial
    scores = rng.integers(0, 4, (n, n_classes)).astype(np.float64)  # many ties
    true = rng.integers(0, n_classes, n).astype(np.uint16)
    pred, ranks = _scores.decide(true, scores, None)
    assert pred.dtype == np.uint16 and ranks.dtype == np.uint16
    assert (pred.tolist(), ranks.tolist()) == loop_decide(true, scores)


def test_decide_with_more_classes_than_cells_per_step():
    n_classes = _scores.SCORE_CELLS + 2  # a step of at least one row
    scores = np.zeros((2, n_classes))
    scores[0, -1], scores[1, 3] = 1.0, 2.0
    true = np.array([n_classes - 1, 0], dtype=np.uint32)
    pred, ranks = _scores.decide(true, scores, None)
    assert pred.tolist() == [n_classes - 1, 3] and ranks.tolist() == [0, 1]


def test_top_k_counts_ranks_below_k():
    # 6 samples: 3 right (rank 0), then ranks 1, 1, 2
    t = Tallies(np.array([3]), np.array([6]), np.array([6]), 6, 3)
    rank_counts = np.array([3, 2, 1, 0])
    assert [_scores.top_k(rank_counts, t, k) for k in (1, 2, 3, 4, 5)] == [3, 5, 6, 6, 6]


def test_top_k_of_every_class_is_the_total_exactly():
    # weights 0.1, 0.2, 0.7 at ranks 0, 1, 2: 0.1 + (0.2 + 0.7) rounds to 0.9999999999999999
    t = Tallies(np.array([0.1]), np.array([1.0]), np.array([1.0]), 1.0, 0.1)
    assert _scores.top_k(np.array([0.1, 0.2, 0.7]), t, 3) == 1.0
    assert _scores.top_k(np.array([0.1, 0.2, 0.7]), t, 4) == 1.0
    # never above the total
    assert _scores.top_k(np.array([0.1, 0.2, 0.7, 0.0]), t, 3) <= 1.0


def test_top_k_accuracy_with_weights_against_sklearn():
    rng = np.random.default_rng(8)
    scores = rng.random((50, 4))
    y_true, weight = rng.integers(0, 4, 50), rng.random(50)
    cm = ClassificationMetric.from_scores(y_true, scores, sample_weight=weight)
    for k in (1, 2, 3):  # k = 4 classes is always 1.0 (sklearn warns)
        expected = skm.top_k_accuracy_score(y_true, scores, k=k, sample_weight=weight, labels=range(4))
        assert cm.top_k_accuracy_score(k) == pytest.approx(expected, rel=1e-12)
    assert cm.top_k_accuracy_score(4) == 1.0


def test_sweep_against_a_loop_over_thresholds():
    scores = np.array([0.3, 0.9, 0.3, 0.1, 0.6, 0.9])
    positive = np.array([True, True, False, False, True, False])
    thresholds, counts = _scores.sweep(_ranking.rank(scores, positive))
    assert thresholds.tolist() == [0.1, 0.3, 0.6, 0.9]
    for i, threshold in enumerate(thresholds.tolist()):
        above = scores >= threshold
        assert counts.tp[i] == np.count_nonzero(above & positive)
        assert counts.fp[i] == np.count_nonzero(above & ~positive)
        assert counts.fn[i] == np.count_nonzero(~above & positive)
        assert counts.tn[i] == np.count_nonzero(~above & ~positive)


def test_sweep_with_weights_against_a_loop():
    scores = np.array([0.2, 0.8, 0.2, 0.5])
    positive = np.array([True, False, False, True])
    weight = np.array([0.5, 2.0, 0.25, 1.0])
    thresholds, counts = _scores.sweep(_ranking.rank(scores, positive, weight))
    for i, threshold in enumerate(thresholds.tolist()):
        above = scores >= threshold
        assert counts.tp[i] == weight[above & positive].sum()
        assert counts.fp[i] == weight[above & ~positive].sum()
        assert counts.fn[i] == weight[~above & positive].sum()
        assert counts.tn[i] == weight[~above & ~positive].sum()


def test_curve_column_accepts_columns_aliases_and_long_names():
    assert _scores.curve_column("f1", _registry.CURVE) == "f1"
    assert _scores.curve_column("F1S", _registry.CURVE) == "f1"
    assert _scores.curve_column("f1_score", _registry.CURVE) == "f1"
    assert _scores.curve_column("BAS", _registry.CURVE) == "balanced_accuracy"
    assert _scores.curve_column("specificity_score", _registry.CURVE) == "specificity"
    with pytest.raises(ValueError, match="MCC"):
        _scores.curve_column("MCC", _registry.CURVE)
    with pytest.raises(ValueError):
        _scores.curve_column(["AS"], _registry.CURVE)


def test_curve_columns_from_counts():
    counts = _formulas.Counts(np.array([2, 1, 0]), np.array([2, 0, 0]), np.array([0, 1, 2]),
                              np.array([0, 2, 2]))
    columns = _scores.curve(np.array([0.1, 0.5, 0.9]), counts, zero_division=1.0,
                            metrics=_registry.CURVE)
    assert list(columns) == ["threshold", "tp", "fp", "fn", "tn", "accuracy",
                             "balanced_accuracy", "recall", "specificity", "precision", "f1"]
    assert columns["accuracy"].tolist() == [0.5, 0.75, 0.5]  # (tp + tn) / 4
    assert columns["recall"].tolist() == [1.0, 0.5, 0.0]  # tp / 2
    assert columns["specificity"].tolist() == [0.0, 1.0, 1.0]  # tn / 2
    assert columns["precision"].tolist() == [0.5, 1.0, 1.0]  # the last one is 0/0 -> 1.0
    assert columns["f1"].tolist() == [4 / 6, 2 / 3, 0.0]  # 2 tp / (2 tp + fp + fn)
    assert columns["balanced_accuracy"].tolist() == [0.5, 0.75, 0.5]
    assert columns["tn"].tolist() == [0, 2, 2] and columns["threshold"].tolist() == [0.1, 0.5, 0.9]


def test_a_curve_of_several_steps_equals_counts_by_search_and_warns_once():
    rng = np.random.default_rng(7)
    n = 2 * _scores.CURVE_ROWS + 1000  # formulas run in three steps of rows
    y, scores = rng.random(n) < 0.3, rng.random(n)
    curve = ClassificationMetric.from_scores(y, scores).threshold_curve()
    thresholds = np.unique(scores)  # predicted positive: score >= threshold
    of_positives, of_negatives = np.sort(scores[y]), np.sort(scores[~y])
    tp = len(of_positives) - np.searchsorted(of_positives, thresholds)
    fp = len(of_negatives) - np.searchsorted(of_negatives, thresholds)
    fn, tn = len(of_positives) - tp, len(of_negatives) - fp
    assert curve["threshold"].tolist() == thresholds.tolist()
    np.testing.assert_array_equal(curve["precision"], tp / (tp + fp))
    np.testing.assert_array_equal(curve["recall"], tp / (tp + fn))
    np.testing.assert_array_equal(curve["accuracy"], (tp + tn) / n)
    np.testing.assert_array_equal(curve["f1"], 2 * tp / (2 * tp + fp + fn))
    negatives = ClassificationMetric.from_scores(np.zeros(n, dtype=bool), scores,
                                                 labels=[False, True])
    with pytest.warns(UndefinedMetricWarning) as caught:
        recall = negatives.threshold_curve()["recall"]
    assert [str(w.message) for w in caught] == [
        f"Recall is undefined (0/0) for {n} of {n} values and is set to 0.0; pass "
        "zero_division (0.0, 1.0 or nan) to choose the value and silence this warning."]
    assert (recall == 0.0).all()
