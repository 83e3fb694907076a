"""Scores: from_scores, top-k accuracy and threshold curves against oracles.

The oracles: a per-sample loop for argmax and ranks (earlier column first on
ties), scikit-learn's top_k_accuracy_score on tie-free scores, and a loop over
every threshold that scores the thresholded labels with scikit-learn.
"""

import pickle
import warnings
from dataclasses import dataclass
from typing import Optional

import numpy as np
import pandas as pd
import pytest
from hypothesis import assume, given
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from sklearn import metrics as sklearn_metrics

from permetrics_lite import ClassificationMetric, top_k_accuracy_score
from tests.helpers import SCORE_COLUMNS, SCORE_ROWS, answers, exact_weights
from tests.strategies import LABEL_KINDS


@dataclass
class Scores:
    y_true: np.ndarray
    y_score: np.ndarray
    columns: np.ndarray  # the class of each column (1-D scores: negative, positive)
    labels: Optional[np.ndarray]  # what is passed as labels= (None: inferred)
    weight: Optional[np.ndarray]


@st.composite
def score_problems(draw, binary=False, ties=True, sorted_columns=False, weighted=None):
    """Random scores: a matrix with K in 2..12 columns, or 1-D binary scores.

    ``ties``: scores on a coarse grid, so that rows hold equal scores; else
    continuous scores, tie-free in practice.
    """
    kind = draw(st.sampled_from(["bool"] if binary and draw(st.booleans()) else
                                ["int", "str", "unicode", "float"]))
    n_classes = 2 if binary else draw(st.sampled_from([2, 3, 5, 12]))
    n = draw(st.integers(1, 120))
    codes = draw(hnp.arrays(np.int64, n, elements=st.integers(0, n_classes - 1)))
    shape = n if binary else (n, n_classes)
    if ties:
        scores = draw(hnp.arrays(np.float64, shape, elements=st.sampled_from(
            [-1.5, 0.0, 0.25, 0.5, 0.75, 1.0, 3.0])))
    else:
        scores = np.random.default_rng(draw(st.integers(0, 2**32))).normal(size=shape)
    order = np.arange(n_classes)
    if not binary and not sorted_columns:
        order = np.asarray(draw(st.permutations(order.tolist())))
    columns = LABEL_KINDS[kind](order)
    inferred = (not binary and len(np.unique(codes)) == n_classes and draw(st.booleans()))
    if inferred:  # labels=None: the columns are the sorted classes of y_true
        columns = np.sort(columns)
    weight = None
    if weighted if weighted is not None else draw(st.booleans()):
        weight = exact_weights(draw(hnp.arrays(np.float64, n, elements=st.floats(0, 4))))
        weight[draw(st.integers(0, n - 1))] += 1.0  # a positive sum
    return Scores(columns[codes], scores, columns, None if inferred else columns, weight)


def argmax_first(row):
    """The column of the highest score, the first of equal ones: a plain loop."""
    best = 0
    for column, value in enumerate(row):
        if value > row[best]:
            best = column
    return best


def rank_of(row, column):
    """How many columns come before ``column``: higher scores, then earlier equal ones."""
    return sum(1 for j, value in enumerate(row)
               if value > row[column] or (value == row[column] and j < column))


def true_columns(problem):
    position = {label: j for j, label in enumerate(problem.columns.tolist())}
    return [position[label] for label in problem.y_true.tolist()]


def build(problem, **options):
    return ClassificationMetric.from_scores(problem.y_true, problem.y_score, labels=problem.labels,
                                            sample_weight=problem.weight, **options)


# ---------------------------------------------------------------------------
# from_scores: the decision, and every metric of it
# ---------------------------------------------------------------------------


@given(score_problems())
def test_score_matrix_predicts_the_first_highest_column(problem):
    y_pred = problem.columns[[argmax_first(row) for row in problem.y_score]]
    expected = ClassificationMetric(problem.y_true, y_pred, labels=problem.columns,
                                    sample_weight=problem.weight)
    cm = build(problem)
    np.testing.assert_equal(answers(cm), answers(expected))
    assert cm.labels.tolist() == problem.columns.tolist() and cm.threshold is None


@given(score_problems(binary=True), st.sampled_from([0.5, 0.0, 0.25, 3.0, -2.0]))
def test_binary_scores_predict_the_second_label_at_or_above_the_threshold(problem, threshold):
    negative, positive = problem.columns
    y_pred = np.array([positive if s >= threshold else negative for s in problem.y_score.tolist()],
                      dtype=problem.columns.dtype)
    expected = ClassificationMetric(problem.y_true, y_pred, labels=problem.columns,
                                    sample_weight=problem.weight)
    cm = build(problem, threshold=threshold)
    np.testing.assert_equal(answers(cm), answers(expected))
    assert cm.threshold == threshold


def test_every_metric_and_option_works_on_an_evaluation_of_scores():
    y_true = ["ham", "spam", "spam", "ham", "spam", "ham"]
    scores = [0.2, 0.9, 0.4, 0.6, 0.7, 0.1]
    cm = ClassificationMetric.from_scores(y_true, scores, average="binary", pos_label="spam")
    labels = ClassificationMetric(y_true, ["ham", "spam", "ham", "spam", "spam", "ham"],
                                  average="binary", pos_label="spam")
    for alias in ("AS", "BAS", "PCA", "PS", "RS", "SS", "NPV", "F1S", "F2S", "JSI", "GMS",
                  "LS", "MCC", "CKS", "HML"):
        assert getattr(cm, alias)() == getattr(labels, alias)(), alias
    assert np.array_equal(cm.CM(), labels.CM())
    assert cm.report().drop(columns=SCORE_COLUMNS).equals(labels.report())
    assert cm.summary().drop(sorted(SCORE_ROWS)).equals(labels.summary())
    weight = [1, 2, 3, 1, 2, 3]
    assert cm.AS(sample_weight=weight) == labels.AS(sample_weight=weight)
    assert cm.get_metrics_by_list_names(["TKA", "AS"]) == {"TKA": cm.AS(), "AS": cm.AS()}


def test_decision_values_outside_0_1_and_integer_scores_are_scores():
    cm = ClassificationMetric.from_scores([-1, 1, 1, -1], [-2.5, 3.0, 0.1, -0.1], threshold=0.0)
    assert cm.labels.tolist() == [-1, 1] and cm.AS() == 1.0
    counts = ClassificationMetric.from_scores([0, 1, 2], [[3, 1, 0], [0, 5, 5], [1, 2, 9]])
    assert counts.CM().tolist() == [[1, 0, 0], [0, 1, 0], [0, 0, 1]]


def test_one_class_in_y_true_names_the_binary_pair_as_scikit_learn():
    assert ClassificationMetric.from_scores([1, 1], [0.2, 0.9]).labels.tolist() == [0, 1]
    assert ClassificationMetric.from_scores([-1], [0.2]).labels.tolist() == [-1, 1]
    assert ClassificationMetric.from_scores([True], [0.2]).labels.tolist() == [False, True]
    assert ClassificationMetric.from_scores(["b"], [0.7], labels=["a", "b"]).AS() == 1.0


def test_pandas_scores_name_and_align_their_classes():
    frame = pd.DataFrame({"cat": [0.9, 0.2, 0.3], "dog": [0.1, 0.8, 0.3]}, index=[10, 11, 12])
    y_true = pd.Series(["cat", "dog", "dog"], index=[10, 11, 12])
    cm = ClassificationMetric.from_scores(y_true, frame)
    assert cm.labels.tolist() == ["cat", "dog"] and cm.AS() == pytest.approx(2 / 3)
    assert cm.TKA(2) == 1.0
    categories = pd.Categorical(["a", "a"], categories=["b", "a", "c"])
    by_category = ClassificationMetric.from_scores(categories, [[0.1, 0.8, 0.1], [0.5, 0.2, 0.3]])
    assert by_category.labels.tolist() == ["b", "a", "c"] and by_category.AS() == 0.5
    with pytest.raises(ValueError, match=r"y_true and y_score are pandas objects with different "
                                         r"indexes"):
        ClassificationMetric.from_scores(y_true.reset_index(drop=True), frame)


def test_evaluations_of_scores_pickle_and_are_read_only():
    cm = ClassificationMetric.from_scores([0, 1, 2, 1], np.eye(3)[[0, 1, 1, 2]] + 0.1,
                                          sample_weight=[1, 2, 3, 4])
    clone = pickle.loads(pickle.dumps(cm))
    assert [clone.TKA(k) for k in (1, 2, 3)] == [cm.TKA(k) for k in (1, 2, 3)]
    np.testing.assert_equal(answers(clone), answers(cm))
    binary = ClassificationMetric.from_scores([0, 1, 1], [0.3, 0.6, 0.2])
    assert pickle.loads(pickle.dumps(binary)).threshold_curve().equals(binary.threshold_curve())
    with pytest.raises(ValueError, match="read-only"):
        binary.state.scored.scores[0] = 1.0


# ---------------------------------------------------------------------------
# Top-k accuracy
# ---------------------------------------------------------------------------


@given(score_problems())
def test_top_k_accuracy_counts_ranks_as_a_per_sample_loop(problem):
    cm = build(problem)
    ranks = [rank_of(row, column) for row, column in zip(problem.y_score, true_columns(problem))]
    weight = np.ones(len(ranks)) if problem.weight is None else problem.weight
    n_classes = len(problem.columns)
    for k in range(1, n_classes + 2):
        hits = sum(w for rank, w in zip(ranks, weight) if rank < k)
        assert cm.TKA(k, normalize=False) == pytest.approx(hits, rel=1e-12)
        assert cm.TKA(k) == pytest.approx(hits / weight.sum(), rel=1e-12)
    assert cm.TKA(1) == cm.AS() and cm.TKA(1, normalize=False) == cm.AS(normalize=False)
    total = len(ranks) if problem.weight is None else problem.weight.sum()  # exact: quarter steps
    assert cm.TKA(n_classes) == 1.0 and cm.TKA(n_classes + 5, normalize=False) == total
    values = [cm.TKA(k) for k in range(1, n_classes + 1)]
    assert values == sorted(values)


@given(score_problems(ties=False, sorted_columns=True))
def test_top_k_accuracy_equals_scikit_learn_without_ties(problem):
    assume(len(problem.columns) >= 3)  # scikit-learn reads two columns as a binary problem
    cm = build(problem)
    for k in range(1, len(problem.columns) + 1):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # k >= n_classes: "meaningless", says scikit-learn
            expected = sklearn_metrics.top_k_accuracy_score(
                problem.y_true, problem.y_score, k=k, labels=problem.columns,
                sample_weight=problem.weight)
        assert cm.TKA(k) == pytest.approx(expected, rel=1e-12)


@given(score_problems(weighted=False), st.data())
def test_top_k_accuracy_with_its_own_weights_is_one_pass_over_the_cached_ranks(problem, data):
    n = len(problem.y_true)
    weight = exact_weights(data.draw(hnp.arrays(np.float64, n, elements=st.floats(0, 4))))
    weight[0] += 1.0
    cm = build(problem)
    weighted = ClassificationMetric.from_scores(problem.y_true, problem.y_score,
                                                labels=problem.labels, sample_weight=weight)
    for k in range(1, len(problem.columns) + 1):
        assert cm.TKA(k, sample_weight=weight) == weighted.TKA(k)
    assert cm.TKA(1, sample_weight=weight) == cm.AS(sample_weight=weight)


def test_ties_rank_the_earlier_column_first_unlike_scikit_learn():
    scores = [[0.4, 0.4, 0.2], [0.1, 0.45, 0.45], [0.2, 0.3, 0.5]]
    cm = ClassificationMetric.from_scores([1, 1, 0], scores, labels=[0, 1, 2])
    assert cm.TKA(1) == cm.AS() == pytest.approx(1 / 3)  # only row 1: column 1 is first of its tie
    # scikit-learn puts the later of equal columns first: row 0 is its hit, row 1 a miss
    hits = [sklearn_metrics.top_k_accuracy_score([1, 1, 0], scores, k=1, labels=[0, 1, 2],
                                                 sample_weight=np.eye(3)[row]) for row in range(3)]
    assert hits == [1.0, 0.0, 0.0]
    assert cm.TKA(2) == pytest.approx(2 / 3)


def test_functional_top_k_accuracy_equals_the_method():
    y_true, scores = ["a", "c", "b"], [[0.5, 0.3, 0.2], [0.1, 0.6, 0.3], [0.2, 0.2, 0.6]]
    cm = ClassificationMetric.from_scores(y_true, scores, labels=["a", "b", "c"])
    for k in (1, 2, 3):
        assert top_k_accuracy_score(y_true, scores, k, labels=["a", "b", "c"]) == cm.TKA(k)
    assert top_k_accuracy_score(y_true, scores, k=2, labels=["a", "b", "c"],
                                sample_weight=[1, 2, 3], normalize=False) == 3.0  # ranks 0, 1, 2


# ---------------------------------------------------------------------------
# Threshold curve
# ---------------------------------------------------------------------------

CURVE_COLUMNS = ["threshold", "tp", "fp", "fn", "tn", "accuracy", "balanced_accuracy",
                 "recall", "specificity", "precision", "f1"]


def curve_thresholds(problem):
    """The distinct scores of samples of nonzero weight: a sample of zero weight is
    no sample, and its score no threshold."""
    kept = problem.y_score if problem.weight is None else problem.y_score[problem.weight > 0]
    return sorted(set(kept.tolist()))


def curve_by_loop(problem):
    """Every threshold, each scored by scikit-learn on the labels it gives."""
    negative, positive = problem.columns.tolist()
    rows = []
    for threshold in curve_thresholds(problem):
        y_pred = np.where(problem.y_score >= threshold, positive, negative).astype(
            problem.columns.dtype)
        common = dict(sample_weight=problem.weight)
        both = dict(common, labels=[negative, positive], zero_division=np.nan)
        tn, fp, fn, tp = sklearn_metrics.confusion_matrix(
            problem.y_true, y_pred, labels=[negative, positive], **common).ravel()
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # classes only in y_pred: as BAS, left out
            balanced = sklearn_metrics.balanced_accuracy_score(problem.y_true, y_pred, **common)
        rows.append([
            threshold, tp, fp, fn, tn,
            sklearn_metrics.accuracy_score(problem.y_true, y_pred, **common), balanced,
            sklearn_metrics.recall_score(problem.y_true, y_pred, pos_label=positive, **both),
            sklearn_metrics.recall_score(problem.y_true, y_pred, pos_label=negative, **both),
            sklearn_metrics.precision_score(problem.y_true, y_pred, pos_label=positive, **both),
            sklearn_metrics.f1_score(problem.y_true, y_pred, pos_label=positive, **both),
        ])
    return pd.DataFrame(rows, columns=CURVE_COLUMNS)


@given(score_problems(binary=True))
def test_threshold_curve_equals_a_loop_over_thresholds(problem):
    curve = build(problem).threshold_curve(zero_division=np.nan)
    expected = curve_by_loop(problem)
    assert list(curve.columns) == CURVE_COLUMNS
    counts = ["threshold", "tp", "fp", "fn", "tn"]
    assert np.array_equal(curve[counts].to_numpy(), expected[counts].to_numpy())  # exact
    kind = "i" if problem.weight is None else "f"  # counts, or weight sums
    assert all(curve[c].dtype.kind == kind for c in counts[1:])
    scores = curve.columns[5:]
    assert np.allclose(curve[scores].to_numpy(), expected[scores].to_numpy().astype(float),
                       rtol=1e-12, atol=0, equal_nan=True)


@given(score_problems(binary=True), st.data())
def test_curve_row_at_a_threshold_is_the_evaluation_at_that_threshold(problem, data):
    threshold = data.draw(st.sampled_from(curve_thresholds(problem)))
    cm = build(problem, threshold=threshold)
    row = cm.threshold_curve(zero_division=np.nan).set_index("threshold").loc[threshold]
    t = cm.report(zero_division=np.nan).iloc[1]  # the positive class
    assert [row[c] for c in ("tp", "fp", "fn", "tn")] == [t["tp"], t["fp"], t["fn"], t["tn"]]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        assert row["balanced_accuracy"] == pytest.approx(cm.BAS(), rel=1e-12)
    assert row["accuracy"] == pytest.approx(cm.AS(), rel=1e-12)


@given(score_problems(binary=True), st.sampled_from(
    ["AS", "BAS", "RS", "SS", "PS", "F1S", "f1_score", "balanced_accuracy", "precision"]))
def test_best_threshold_is_the_lowest_threshold_with_the_highest_value(problem, metric):
    curve = curve_by_loop(problem)
    column = {"AS": "accuracy", "BAS": "balanced_accuracy", "RS": "recall", "SS": "specificity",
              "PS": "precision", "F1S": "f1", "f1_score": "f1"}.get(metric, metric)
    values = curve[column].astype(float).fillna(0.0)  # zero_division=0.0 below
    best = values.max()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        threshold, value = build(problem).best_threshold(metric, zero_division=0.0)
    assert value == pytest.approx(best, rel=1e-12)
    assert threshold == curve["threshold"][np.isclose(values, best, rtol=1e-12, atol=0)].min()


def test_threshold_curve_with_query_weights_equals_construction_weights():
    y_true, scores, weight = [0, 1, 1, 0, 1], [0.3, 0.8, 0.3, 0.5, 0.9], [0.5, 2, 1, 3, 0.25]
    plain = ClassificationMetric.from_scores(y_true, scores)
    weighted = ClassificationMetric.from_scores(y_true, scores, sample_weight=weight)
    assert plain.threshold_curve(sample_weight=weight).equals(weighted.threshold_curve())
    assert plain.best_threshold("BAS", sample_weight=weight) == weighted.best_threshold("BAS")


def test_curve_warns_for_undefined_values_as_the_metrics_do():
    cm = ClassificationMetric.from_scores([0, 0], [0.2, 0.7], labels=[0, 1])
    with pytest.warns(UserWarning, match="Recall is undefined"):
        curve = cm.threshold_curve()
    assert curve["recall"].tolist() == [0.0, 0.0]
    assert cm.threshold_curve(zero_division=np.nan)["recall"].isna().all()
    with pytest.raises(ValueError, match=r"recall is undefined \(nan\) at every threshold"):
        cm.best_threshold("RS", zero_division=np.nan)


# ---------------------------------------------------------------------------
# Bad input gets a clear error
# ---------------------------------------------------------------------------

BAD_SCORES = [
    ("NaN score", [0, 1], [0.2, np.nan], {}, ValueError,
     r"y_score contains 1 NaN or infinite value\(s\), the first at position 1"),
    ("inf in a matrix", [0, 1, 2], [[0, 1, 2], [1, np.inf, 0], [0, 0, 1]], {}, ValueError,
     r"y_score contains 1 NaN or infinite value\(s\), the first at row 1, column 1"),
    ("None score", [0, 1], np.array([0.2, None]), {}, ValueError,
     r"y_score contains 1 missing \(NaN, None or NA\) value\(s\)"),
    ("string scores", [0, 1], ["a", "b"], {}, TypeError, r"y_score must hold numbers.*dtype <U1"),
    ("object scores", [0, 1], np.array([0.1, "x"], dtype=object), {}, TypeError,
     r"y_score must hold numbers .* got str values such as .x."),
    ("3-D scores", [0, 1], np.zeros((2, 2, 2)), {}, ValueError, r"y_score has 3 dimensions"),
    ("lengths differ", [0, 1, 1], [0.1, 0.2], {}, ValueError,
     r"y_true and y_score have different lengths: 3 and 2"),
    ("empty", [], [], {}, ValueError, r"y_true is empty"),
    ("2-D y_true", [[0, 1], [1, 0]], [0.2, 0.3], {}, ValueError,
     r"y_true has shape \(2, 2\); from_scores takes 1-D class labels"),
    ("probabilities as y_true", [0.2, 0.7], [0.2, 0.7], {}, ValueError,
     r"y_true contains non-integral values"),
    ("columns and classes differ", [0, 1, 1], np.zeros((3, 3)), {}, ValueError,
     r"y_score has 3 columns but there are 2 classes \[0, 1\]; pass labels naming"),
    ("labels and columns differ", [0, 1], np.zeros((2, 3)), {"labels": [0, 1]}, ValueError,
     r"y_score has 3 columns but there are 2 classes"),
    ("1-D scores, three classes", [0, 1, 2], [0.1, 0.5, 0.9], {}, ValueError,
     r"y_score is 1-D: binary scores.*but there are 3: \[0, 1, 2\]"),
    ("1-D scores, three labels", [0, 1], [0.1, 0.5], {"labels": [0, 1, 2]}, ValueError,
     r"y_score is 1-D: binary scores.*but there are 3"),
    ("1-D scores, one unknown class", ["spam", "spam"], [0.1, 0.5], {}, ValueError,
     r"y_true holds one class \('spam'\) and y_score is 1-D.*pass labels=\[negative, positive\]"),
    ("label outside labels", [0, 5], [[0.1, 0.9], [0.5, 0.5]], {"labels": [0, 1]}, ValueError,
     r"y_true contains label\(s\) missing from labels: \[5\]"),
    ("strings against numeric labels", ["a", "b"], [0.1, 0.9], {"labels": [0, 1]}, TypeError,
     r"y_true has string labels"),
    ("threshold with a matrix", [0, 1], [[0.1, 0.9], [0.5, 0.5]], {"threshold": 0.3}, ValueError,
     r"threshold=0.3 applies to 1-D binary scores; an \(n_samples, n_classes\) score matrix"),
    ("threshold not a number", [0, 1], [0.1, 0.9], {"threshold": "0.5"}, TypeError,
     r"threshold must be a real number; got '0.5'"),
    ("threshold bool", [0, 1], [0.1, 0.9], {"threshold": True}, TypeError,
     r"threshold must be a real number"),
    ("threshold NaN", [0, 1], [0.1, 0.9], {"threshold": np.nan}, ValueError,
     r"threshold must be finite; got nan"),
    ("weights", [0, 1], [0.1, 0.9], {"sample_weight": [1, -1]}, ValueError,
     r"sample_weight contains 1 negative value\(s\)"),
    ("no columns", [0, 1], np.zeros((2, 0)), {}, ValueError, r"y_score has no columns"),
    ("scores None", [0, 1], None, {}, TypeError, r"y_score is None"),
]


@pytest.mark.parametrize("y_true, y_score, options, error, message",
                         [case[1:] for case in BAD_SCORES], ids=[case[0] for case in BAD_SCORES])
def test_bad_scores_raise_with_a_clear_message(y_true, y_score, options, error, message):
    with pytest.raises(error, match=message):
        ClassificationMetric.from_scores(y_true, y_score, **options)


def test_score_queries_refuse_evaluations_without_scores():
    labels = ClassificationMetric([0, 1, 1], [0, 1, 0])
    matrix = ClassificationMetric.from_scores([0, 1, 2], np.eye(3))
    binary = ClassificationMetric.from_scores([0, 1, 1], [0.2, 0.7, 0.4])
    for evaluation in (labels, binary + labels, ClassificationMetric.from_confusion_matrix([[1]])):
        with pytest.raises(ValueError, match=r"top_k_accuracy_score \(TKA\) needs scores, and "
                                             r"this evaluation has none: it was built from labels"):
            evaluation.TKA(2)
    for evaluation in (labels, matrix):
        with pytest.raises(ValueError, match=r"threshold_curve needs 1-D binary scores.*or from "
                                             r"a score matrix. Build it with .*from_scores"):
            evaluation.threshold_curve()
        with pytest.raises(ValueError, match=r"best_threshold needs 1-D binary scores"):
            evaluation.best_threshold()


@pytest.mark.parametrize("k, error, message", [
    (0, ValueError, r"k must be >= 1; got 0"), (1.5, TypeError, r"k must be an integer >= 1"),
    (True, TypeError, r"k must be an integer"), ("2", TypeError, r"got '2'")])
def test_bad_k_is_refused(k, error, message):
    cm = ClassificationMetric.from_scores([0, 1, 2], np.eye(3))
    with pytest.raises(error, match=message):
        cm.TKA(k)


def test_unknown_curve_metric_suggests_the_closest():
    cm = ClassificationMetric.from_scores([0, 1, 1], [0.2, 0.7, 0.4])
    with pytest.raises(ValueError, match=r"metric must name a column of the threshold curve.*"
                                         r"got 'acuracy'. Did you mean 'accuracy'"):
        cm.best_threshold("acuracy")
    with pytest.raises(ValueError, match=r"got 'MCC'"):
        cm.best_threshold("MCC")
