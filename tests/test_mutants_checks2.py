"""Tests written for the surviving mutants (.ci/mutation) of the checks that read the
names of rows, columns and Series: ``check_confusion_matrix`` (validation/tallies.py),
``check_scores`` and ``_binary_classes`` (validation/scores.py), ``default_names`` and
``order_by_name`` (validation/arrays.py), and of ``positive_class``,
``_binary_unsupported`` and ``refuse_multilabel`` (metrics/label_metrics.py). Each
expected value is built by hand, counted in the test or taken from scikit-learn.

This module imports neither polars nor DuckDB, so its cases run under mutmut
(tests/conftest.py leaves out the modules that import them)."""

import numpy as np
import pandas as pd
import pytest

from permetrics_lite import ClassificationMetric

CM = ClassificationMetric


def refused(call, error=ValueError):
    """The message of the InputError (or InputTypeError) that ``call`` raises."""
    with pytest.raises(error) as raised:
        call()
    assert type(raised.value).__name__ in ("InputError", "InputTypeError")
    return str(raised.value)


# check_confusion_matrix -------------------------------------------------------------------

MATRIX = np.array([[5, 1, 0], [2, 7, 1], [0, 1, 3]])


@pytest.mark.parametrize("axis, names, frame", [
    ("index", "[0, 1, 2]", pd.DataFrame(MATRIX, columns=["cat", "dog", "emu"])),
    ("columns", "[0, 1, 2]", pd.DataFrame(MATRIX, index=["cat", "dog", "emu"])),
])
def test_a_matrix_frame_named_on_one_axis_only_is_refused_with_labels(axis, names, frame):
    # the default names of the other axis name no class, so labels cannot order it by name
    message = refused(lambda: CM.from_confusion_matrix(frame, labels=["cat", "dog", "emu"]))
    assert message == (
        f"labels=['cat', 'dog', 'emu'] and the {axis} of matrix ({names}) name different "
        "classes; the names of its rows (true) and columns (predicted) say which class each "
        "is, and labels give the classes' order: name the same classes.")


# _binary_classes --------------------------------------------------------------------------

def _not_a_label(source, valid):
    return (f"{source} is not a label of this problem; its labels are {valid}: name the "
            "positive class with pos_label.")


@pytest.mark.parametrize("true, positive, negative", [("a", "b", "a"), ("b", "a", "b")])
def test_pos_label_names_the_other_class_of_one_class_of_strings(true, positive, negative):
    # y_true holds one class; pos_label names the second, after or before it in sorted order
    scores = np.array([0.2, 0.7, 0.4, 0.5])
    cm = CM.from_scores([true] * 4, scores, pos_label=positive)
    assert cm.labels.tolist() == ["a", "b"]
    predicted = np.where(scores >= 0.5, positive, negative)  # threshold 0.5, by hand
    expected = [[sum((t == row) & (p == column) for t, p in zip([true] * 4, predicted))
                 for column in ("a", "b")] for row in ("a", "b")]
    assert cm.CM().tolist() == expected
    assert expected == ([[2, 2], [0, 0]] if true == "a" else [[0, 0], [2, 2]])


@pytest.mark.parametrize("true", [[1, 1, 1], [0, 1, 1]])
def test_pos_label_true_beside_the_integers_0_and_1_is_no_class(true):
    # True is not 1 as a label: it names no second class beside 1 either
    message = refused(lambda: CM.from_scores(true, [0.2, 0.7, 0.4], pos_label=True))
    assert message == _not_a_label("pos_label=True", "[0, 1]")


def test_labels_of_one_class_for_1d_scores_are_refused_whatever_pos_label_names():
    message = refused(lambda: CM.from_scores(["a", "a"], [0.2, 0.7], labels=["a"],
                                             pos_label="b"))
    assert message == (
        "y_score is 1-D: binary scores, one per sample, for two classes (negative, "
        "positive); but there are 1: ['a']. Pass an (n_samples, n_classes) score matrix, or "
        "labels=[negative, positive].")


# check_scores -----------------------------------------------------------------------------

OTHER_INDEX = pd.Series([1.0, 2.0, 3.0], index=[0, 1, 2])
SAME_INDEX = pd.Series([1.0, 2.0, 3.0], index=[5, 6, 7])
MISALIGNED = ("y_true and sample_weight are pandas objects with different indexes, so their "
              "rows would be paired by position, not by index. Align them (e.g. "
              "sample_weight.reindex(y_true.index)) or pass .to_numpy().")


@pytest.mark.parametrize("framed", ["y_true", "y_score"])
def test_the_index_of_a_pandas_argument_of_scores_aligns_the_weights(framed):
    # the index of y_true, else of y_score, is the samples' index
    true, scores = np.array(["a", "b", "b"]), np.array([0.2, 0.7, 0.4])
    if framed == "y_true":
        true = pd.Series(true, index=[5, 6, 7])
    else:
        scores = pd.Series(scores, index=[5, 6, 7])
    assert refused(lambda: CM.from_scores(true, scores, sample_weight=OTHER_INDEX)) == MISALIGNED
    cm = CM.from_scores(true, scores)
    assert refused(lambda: cm.RS(sample_weight=OTHER_INDEX)) == MISALIGNED
    # weights 1, 2, 3: "b" (weights 2 + 3) is predicted at 0.7 only, so its recall is 2 / 5
    assert cm.RS(sample_weight=SAME_INDEX) == 2 / 5
    assert CM.from_scores(true, scores, sample_weight=SAME_INDEX).RS() == 2 / 5


def test_pos_label_of_a_named_frame_of_three_classes_is_refused_in_the_order_of_labels():
    frame = pd.DataFrame(np.eye(3)[[0, 1, 2, 1]], columns=["a", "b", "c"])
    message = refused(lambda: CM.from_scores(["a", "b", "c", "b"], frame, labels=["c", "a", "b"],
                                             pos_label="zzz"))
    assert message == _not_a_label("pos_label='zzz'", "['c', 'a', 'b']")


@pytest.mark.parametrize("labels", [["a", "b", "c"], ["b", "a"], ["d", "b", "a", "c"]])
def test_labels_that_name_other_classes_than_a_score_frame_are_refused(labels):
    frame = pd.DataFrame(np.eye(3)[[0, 1, 2, 1]], columns=["a", "b", "d"])
    message = refused(lambda: CM.from_scores(["a", "b", "a", "b"], frame, labels=labels))
    assert message == (
        f"labels={labels} and the columns of y_score (['a', 'b', 'd']) name different "
        "classes; the column names say which class each column's scores are of, and labels "
        "give the classes' order: name the same classes.")


def test_labels_order_the_classes_a_score_frame_names():
    # one-hot rows: the predictions are a, b, c, b; the matrix is in the order of labels
    frame = pd.DataFrame(np.eye(3)[[0, 1, 2, 1]], columns=["a", "b", "c"])
    cm = CM.from_scores(["a", "b", "c", "c"], frame, labels=["c", "a", "b"])
    assert cm.labels.tolist() == ["c", "a", "b"]
    assert cm.CM().tolist() == [[1, 0, 1], [0, 1, 0], [0, 0, 1]]


@pytest.mark.parametrize("scores", [[0.2, 0.7, 0.4], np.eye(3)[[0, 1, 1]]])
def test_categories_of_mixed_kinds_are_refused_by_name(scores):
    true = pd.Categorical(["a", "b", "b"], categories=["a", "b", 1])
    message = refused(lambda: CM.from_scores(true, scores), TypeError)
    assert message == ("the categories of y_true mixes string labels (e.g. 'a') with other "
                       "labels (e.g. 1); use one kind of label (convert with .astype(str) if "
                       "needed).")


def test_the_categories_of_one_observed_class_name_both_classes_of_1d_scores():
    # categories [b, a]: the classes in that order; the scores are of the second sorted, b
    true = pd.Categorical(["a", "a", "a"], categories=["b", "a"])
    cm = CM.from_scores(true, [0.2, 0.7, 0.4])
    assert cm.labels.tolist() == ["b", "a"]
    assert cm.CM().tolist() == [[0, 0], [1, 2]]  # b predicted at 0.7 only


def test_a_score_matrix_of_a_categorical_has_its_columns_in_sorted_order():
    # columns a, b, c (sorted), the evaluation in the categories' order c, b, a
    true = pd.Categorical(["a", "c", "c"], categories=["c", "b", "a"])
    cm = CM.from_scores(true, np.eye(3))  # predictions a, b, c
    assert cm.labels.tolist() == ["c", "b", "a"]
    assert cm.CM().tolist() == [[1, 1, 0], [0, 0, 0], [0, 0, 1]]


@pytest.mark.parametrize("pos_label, shown", [("q", "'q'"), (1, "1")])
def test_pos_label_that_is_no_class_of_a_binary_score_matrix_is_refused(pos_label, shown):
    message = refused(lambda: CM.from_scores(["a", "b", "b"], np.eye(2)[[0, 1, 0]],
                                             pos_label=pos_label))
    assert message == _not_a_label(f"pos_label={shown}", "['a', 'b']")


def test_the_threshold_of_float32_scores_is_compared_in_float32():
    # float32(0.7) is below the float 0.7, but a score written as the threshold is at it
    scores = np.array([0.2, 0.7, 0.9, 0.1], dtype=np.float32)
    assert float(scores[1]) < 0.7
    cm = CM.from_scores([0, 1, 1, 0], scores, threshold=0.7)
    assert cm.CM().tolist() == [[2, 0], [0, 2]]  # 0.7 and 0.9 predicted 1, by hand
    assert cm.RS() == 1.0


# Scores held as Python objects (check_score_values).
def test_object_scores_of_decimals_and_floats_are_numbers():
    # pandas calls them "mixed": no value is text, so they are read as numbers
    import decimal

    from sklearn.metrics import roc_auc_score

    scores = np.array([decimal.Decimal("0.5"), 0.25, decimal.Decimal("0.75"), 0.125],
                      dtype=object)
    cm = ClassificationMetric.from_scores([0, 1, 1, 0], scores)
    assert cm.AUC() == roc_auc_score([0, 1, 1, 0], [0.5, 0.25, 0.75, 0.125])


def test_object_integers_beyond_float64_s_are_refused():
    # Python ints held as objects are checked exactly before they become floats
    scores = np.array([2**53 + 1, 0, 3], dtype=object)
    with pytest.raises(ValueError, match=r"y_score holds 1 integer\(s\) beyond \+-2\*\*53, the "
                                         r"first 9007199254740993 at position 0"):
        ClassificationMetric.from_scores([0, 1, 1], scores)


def test_object_integers_beyond_float64_s_are_named_by_row_and_column_in_a_matrix():
    scores = np.array([[0.5, 0.5], [1, 2**53 + 1], [1, 0]], dtype=object)
    with pytest.raises(ValueError, match=r"y_score holds 1 integer\(s\) beyond \+-2\*\*53, the "
                                         r"first 9007199254740993 at row 1, column 1;"):
        ClassificationMetric.from_scores([0, 1, 1], scores)


def test_object_floats_beside_integers_are_not_checked_as_integers():
    # a float beyond 2**53 is a float: only integers are checked for exactness
    from sklearn.metrics import roc_auc_score

    scores = np.array([1, 1e20, 0.5, -3e30], dtype=object)
    cm = ClassificationMetric.from_scores([0, 1, 1, 0], scores)
    assert cm.AUC() == roc_auc_score([0, 1, 1, 0], [1.0, 1e20, 0.5, -3e30])
