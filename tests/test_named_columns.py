"""Names of rows and columns that say which class or label each one is: a confusion
matrix DataFrame's index and columns, a multilabel DataFrame's (pandas, polars) or
Arrow table's columns. ``labels`` then orders them by name, never relabels them by
position, and must name the same ones; the default names of unnamed columns
(pandas' 0..K-1, polars' column_0, ...) name nothing, and ``labels`` names them in
order. Oracles: scikit-learn on the samples, with the same ``labels``."""

import numpy as np
import pandas as pd
import pytest
from sklearn import metrics as skm

from permetrics_lite import ClassificationMetric

# --- a confusion matrix of named rows and columns ---

TRUE = np.array(["cat"] * 6 + ["dog"] * 10 + ["emu"] * 4)
PRED = np.array(["cat"] * 5 + ["dog"] + ["cat"] * 2 + ["dog"] * 7 + ["emu"] + ["emu"] * 3 + ["dog"])
CLASSES = ["cat", "dog", "emu"]


def _frame(order_rows=CLASSES, order_columns=CLASSES):
    matrix = skm.confusion_matrix(TRUE, PRED, labels=CLASSES)
    frame = pd.DataFrame(matrix, index=CLASSES, columns=CLASSES)
    return frame.loc[order_rows, order_columns]


@pytest.mark.parametrize("rows, columns", [
    (CLASSES, CLASSES), (["emu", "cat", "dog"], CLASSES), (CLASSES, ["dog", "emu", "cat"]),
    (["dog", "emu", "cat"], ["emu", "dog", "cat"]),
])
@pytest.mark.parametrize("labels", [["dog", "cat", "emu"], ["emu", "dog", "cat"]])
def test_labels_order_the_classes_a_matrix_frame_names(rows, columns, labels):
    cm = ClassificationMetric.from_confusion_matrix(_frame(rows, columns), labels=labels)
    assert cm.labels.tolist() == labels
    assert cm.CM().tolist() == skm.confusion_matrix(TRUE, PRED, labels=labels).tolist()
    recall = skm.recall_score(TRUE, PRED, labels=labels, average=None)
    assert list(cm.RS(average=None).values()) == pytest.approx(recall, rel=1e-15)
    assert cm.AS() == skm.accuracy_score(TRUE, PRED)


def test_a_matrix_frame_of_default_names_is_named_by_labels_in_order():
    matrix = skm.confusion_matrix(TRUE, PRED, labels=CLASSES)
    cm = ClassificationMetric.from_confusion_matrix(pd.DataFrame(matrix), labels=CLASSES)
    assert cm.CM().tolist() == matrix.tolist()
    assert cm.labels.tolist() == CLASSES


@pytest.mark.parametrize("labels, axis, names", [
    (["cat", "dog", "cow"], "index", CLASSES),
    (["cat", "dog"], "index", CLASSES),
    (["cat", "dog", "emu", "cow"], "index", CLASSES),
])
def test_labels_that_name_other_classes_than_a_matrix_frame_are_refused(labels, axis, names):
    with pytest.raises(ValueError) as raised:
        ClassificationMetric.from_confusion_matrix(_frame(), labels=labels)
    assert type(raised.value).__name__ == "InputError"
    assert str(raised.value) == (
        f"labels={labels} and the {axis} of matrix ({names}) name different classes; the "
        "names of its rows (true) and columns (predicted) say which class each is, and "
        "labels give the classes' order: name the same classes.")


def test_columns_that_name_other_classes_than_the_index_are_refused_with_labels():
    frame = _frame().rename(columns={"emu": "owl"})
    with pytest.raises(ValueError) as raised:
        ClassificationMetric.from_confusion_matrix(frame, labels=CLASSES)
    assert str(raised.value).startswith(
        "labels=['cat', 'dog', 'emu'] and the columns of matrix (['cat', 'dog', 'owl']) name "
        "different classes;")


def test_duplicate_names_of_a_matrix_frame_are_refused_with_labels():
    frame = pd.DataFrame(np.eye(2, dtype=int), index=["a", "a"], columns=["a", "b"])
    with pytest.raises(ValueError) as raised:
        ClassificationMetric.from_confusion_matrix(frame, labels=["a", "b"])
    assert str(raised.value) == ("the index of matrix contains duplicates: ['a']; each class "
                                 "may appear only once.")


# --- multilabel frames ---

Y = np.array([[1, 0, 0, 1], [0, 1, 0, 1], [1, 1, 0, 0], [0, 0, 1, 1], [1, 0, 1, 0]])
P = np.array([[1, 0, 0, 0], [0, 0, 0, 1], [1, 0, 1, 0], [0, 1, 1, 1], [0, 0, 1, 0]])
NAMES = ["a", "b", "c", "d"]


def _multilabel(kind, values, names):
    frame = pd.DataFrame(values, columns=names)
    if kind == "polars":
        import polars as pl

        return pl.from_pandas(frame)
    if kind == "pyarrow":
        import pyarrow as pa

        return pa.Table.from_pandas(frame, preserve_index=False)
    return frame


@pytest.mark.parametrize("kind", ["pandas", "polars", "pyarrow"])
@pytest.mark.parametrize("labels", [["c", "a", "d", "b"], ["d", "c", "b", "a"]])
@pytest.mark.parametrize("pred_framed", [True, False])
def test_labels_order_the_labels_a_multilabel_frame_names(kind, labels, pred_framed):
    # each label's column is found by its name; a plain array beside a frame has the
    # frame's columns (in the frame's order)
    order = [NAMES.index(name) for name in labels]
    pred = _multilabel(kind, P, NAMES) if pred_framed else P
    cm = ClassificationMetric(_multilabel(kind, Y, NAMES), pred, labels=labels)
    assert cm.labels.tolist() == labels
    recall = skm.recall_score(Y[:, order], P[:, order], average=None, zero_division=0)
    assert list(cm.RS(average=None, zero_division=0.0).values()) == pytest.approx(recall,
                                                                                 rel=1e-15)
    f1 = skm.f1_score(Y[:, order], P[:, order], average=None, zero_division=0)
    assert list(cm.F1S(average=None, zero_division=0.0).values()) == pytest.approx(f1, rel=1e-15)
    assert cm.HML() == skm.hamming_loss(Y, P)


@pytest.mark.parametrize("kind", ["pandas", "polars"])
def test_labels_name_the_default_columns_of_a_multilabel_frame_in_order(kind):
    default = None if kind == "pandas" else [f"column_{i}" for i in range(4)]
    frame = pd.DataFrame(Y) if default is None else _multilabel(kind, Y, default)
    cm = ClassificationMetric(frame, P, labels=["w", "x", "y", "z"])
    recall = skm.recall_score(Y, P, average=None, zero_division=0)
    assert list(cm.RS(average=None, zero_division=0.0).values()) == pytest.approx(recall)
    assert cm.labels.tolist() == ["w", "x", "y", "z"]


def test_labels_that_name_other_labels_than_a_multilabel_frame_are_refused():
    with pytest.raises(ValueError) as raised:
        ClassificationMetric(P, pd.DataFrame(Y, columns=NAMES), labels=["a", "b", "c", "e"])
    assert type(raised.value).__name__ == "InputError"
    assert str(raised.value) == (
        "labels=['a', 'b', 'c', 'e'] and the columns of y_pred (['a', 'b', 'c', 'd']) name "
        "different labels; the column names say which label each column is, and labels give "
        "their order: name the same labels.")
