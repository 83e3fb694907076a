"""Tests written for the mutants of metrics/score_metrics.py and metrics/score_curves.py
that the other tests let survive: the exact text of their warnings and errors, and
values counted by hand or checked against scikit-learn here."""

import warnings

import numpy as np
import pytest

from permetrics_lite import ClassificationMetric as CM

# four samples of classes a and b, scored over a, b and c: c has no sample
PROBABILITIES = np.array([[0.7, 0.2, 0.1], [0.2, 0.7, 0.1], [0.6, 0.3, 0.1], [0.3, 0.6, 0.1]])


def _warned(call):
    """call()'s value and the messages of the warnings it gave."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        value = call()
    return value, [str(w.message) for w in caught]


# ------------------------------------------------------------------ score_metrics.py

def test_a_class_without_samples_is_named_in_its_per_class_warning():
    cm = CM.from_scores(["a", "b", "a", "b"], PROBABILITIES, labels=["a", "b", "c"])
    aucs, messages = _warned(lambda: cm.AUC(average=None))
    assert aucs["a"] == aucs["b"] == 1.0 and np.isnan(aucs["c"])
    assert messages == ["Class 'c': y_true has samples of one side only, and ROC AUC is "
                        "undefined (nan)."]
    precisions, messages = _warned(lambda: cm.APS(average=None))
    assert precisions == {"a": 1.0, "b": 1.0, "c": 0.0}
    assert messages == ["Class 'c' has no samples in y_true: its average precision is "
                        "undefined and set to 0.0."]


def test_one_vs_one_auc_of_one_class_in_y_true_warns_in_words():
    cm = CM.from_scores(["a", "a", "a", "a"], PROBABILITIES, labels=["a", "b", "c"])
    value, messages = _warned(lambda: cm.AUC(multi_class="ovo"))
    assert np.isnan(value)
    assert messages == ["One-vs-one ROC AUC with fewer than two classes in y_true is "
                        "undefined (nan)."]


def test_weighted_averages_leave_out_the_classes_without_samples():
    # AUC and AP of a and b weighted by their support, c (nan AUC) counting nothing
    from sklearn.metrics import roc_auc_score

    y_true = ["a", "b", "a", "b", "b"]
    scores = np.vstack([PROBABILITIES, [[0.5, 0.4, 0.1]]])
    cm = CM.from_scores(y_true, scores, labels=["a", "b", "c"])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        per_class = cm.AUC(average=None)
        weighted = cm.AUC(average="weighted")
    assert weighted == pytest.approx((2 * per_class["a"] + 3 * per_class["b"]) / 5)
    codes = np.array([0, 1, 0, 1, 1])
    assert per_class["a"] == roc_auc_score(codes == 0, scores[:, 0])


def test_scores_above_one_are_not_probabilities():
    with pytest.raises(ValueError, match=r"^log_loss \(LL\) needs probabilities, and y_score "
                                         r"holds values outside \[0, 1\] \(from 0\.2 to 1\.5\)"):
        CM.from_scores([0, 1, 0, 1], [0.2, 1.5, 0.3, 0.9]).LL()


def test_the_first_row_not_summing_to_one_is_named():
    rows = np.array([[0.5, 0.3, 0.2], [0.2, 0.5, 0.3], [0.3, 0.3, 0.5], [0.1, 0.1, 0.8]])
    with pytest.raises(ValueError, match=r"y_score has 1 row\(s\) that do not sum to 1 "
                                         r"\(within 1e-05\), the first row 2 summing to 1\.1"):
        CM.from_scores([0, 1, 2, 2], rows).LL()


def test_rounded_rows_warn_in_the_losses_only_naming_the_first():
    rows = np.array([[0.5, 0.3, 0.2], [0.2, 0.5, 0.300001], [0.3, 0.3, 0.4], [0.1, 0.1, 0.8]])
    cm = CM.from_scores([0, 1, 2, 2], rows)
    for query in (cm.AUC, cm.APS, cm.ECE):  # probabilities within the tolerance: no word
        assert _warned(query)[1] == []
    _, messages = _warned(cm.LL)
    assert messages == ["log_loss (LL): 1 row(s) of y_score do not sum to 1 within 2.49e-08 "
                        "(the first is row 1): probabilities rounded to a few decimals? The "
                        "loss is of the rows as they are; normalise them to silence this."]


# ------------------------------------------------------------------ DeLong

def test_each_sample_s_placement_is_the_pairwise_one():
    from permetrics_lite.metrics import ranking as _ranking
    from tests.oracles import delong_placements

    y_true = [1, 0, 1, 1, 0, 0, 1, 0]
    scores = [0.5, 0.5, 0.9, 0.2, 0.1, 0.7, 0.5, 0.2]
    positive = np.array(y_true) == 1
    placed = _ranking.sample_placements(np.array(scores), positive)
    expected = delong_placements(y_true, scores)
    for got, want in zip(placed, expected):
        assert got.tolist() == pytest.approx(want, abs=1e-15)


def test_opposite_perfect_rankings_differ_without_variance():
    from permetrics_lite import delong_test

    better = delong_test([0, 0, 1, 1], [0.1, 0.2, 0.8, 0.9], [0.9, 0.8, 0.2, 0.1])
    assert better == (np.inf, 0.0, 1.0, 0.0, 1.0, 1.0, 1.0)
    worse = delong_test([0, 0, 1, 1], [0.9, 0.8, 0.2, 0.1], [0.1, 0.2, 0.8, 0.9])
    assert worse == (-np.inf, 0.0, 0.0, 1.0, -1.0, -1.0, -1.0)


def test_delong_test_of_multiclass_scores_says_what_to_do():
    from permetrics_lite import delong_test

    with pytest.raises(ValueError) as raised:
        delong_test([0, 1, 2, 1], np.full((4, 3), 1 / 3), np.full((4, 3), 1 / 3))
    assert str(raised.value) == ("delong_test compares the ROC AUCs of binary scores, and "
                                 "y_score_a has 3 classes; compare one class's scores against "
                                 "the rest.")


# ------------------------------------------------------------------ stats/intervals.py

def test_the_refusals_of_resampling_options_name_the_method_given():
    with pytest.raises(ValueError) as raised:
        CM([0, 1, 1], [0, 1, 0]).CI("AS", method="wilson", random_state=0)
    assert str(raised.value) == ("random_state applies to method='bootstrap' or 'bca' only; "
                                 "method='wilson' does not resample.")
    weights = CM.from_confusion_matrix([[1.5, 0.5], [0.25, 2.0]])
    with pytest.raises(ValueError) as raised:
        weights.CI("AS", method="bootstrap")
    assert str(raised.value) == (
        "method='bootstrap' draws as many samples as the evaluation has, and an evaluation "
        "built from a matrix of weights does not know that number; build it from counts.")


def test_intervals_of_a_state_alone_rank_its_own_scores():
    from permetrics_lite.metrics import registry as _registry
    from permetrics_lite.stats.intervals import Intervals

    cm = CM.from_scores([0, 0, 1, 1, 0, 1], [0.1, 0.4, 0.35, 0.8, 0.2, 0.7])
    alone = Intervals(cm.state, "delong", 0.95).interval(_registry.lookup("AUC"), {})
    assert alone == tuple(cm.CI("AUC", method="delong"))[:3]
