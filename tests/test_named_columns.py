"""Names of rows and columns that say which class or label each one is: a confusion
matrix DataFrame's index and columns, a polars or Arrow table's columns, a multilabel
DataFrame's (pandas, polars) or Arrow table's columns. ``labels`` then orders them by
name, never relabels them by position, and must name the same ones; the default names
of unnamed columns (pandas' 0..K-1, polars' column_0, ...) name nothing, and ``labels``
names them in order. A pandas or polars Series named after a class holds that class's
scores. Each rule holds through every entry point that reads such names (the
constructor, from_batches, a + b, by_group, from_dask; from_scores, from_batches and
from_dask of scores, delong_test), with weights at 2**-1000, 1 and 2**1000. Oracles:
scikit-learn on the samples, with the same ``labels``."""

import numpy as np
import pandas as pd
import pytest
from sklearn import metrics as skm

from permetrics_lite import ClassificationMetric
from tests.helpers import P_SPAM, SPAM, named_series

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


@pytest.mark.parametrize("kind, labels, axis, names", [
    ("pandas", ["cat", "dog", "cow"], "index", CLASSES),
    ("pandas", ["cat", "dog"], "index", CLASSES),
    ("pandas", ["cat", "dog", "emu", "cow"], "index", CLASSES),
    ("polars", ["cat", "dog", "cow"], "columns", CLASSES),  # a table names its columns only
    ("pyarrow", ["cat", "dog", "cow"], "columns", CLASSES),
])
def test_labels_that_name_other_classes_than_a_matrix_frame_are_refused(kind, labels, axis,
                                                                         names):
    matrix = _frame() if kind == "pandas" else _table(kind)
    with pytest.raises(ValueError) as raised:
        ClassificationMetric.from_confusion_matrix(matrix, labels=labels)
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


def _table(kind, order=CLASSES, scale=1):
    """The matrix (times ``scale``) as a polars DataFrame or an Arrow table: columns
    named, rows (which a table cannot name) in the columns' order."""
    frame = _frame(order, order) * scale
    columns = {name: frame[name].tolist() for name in order}
    if kind == "polars":
        import polars as pl

        return pl.DataFrame(columns)
    import pyarrow as pa

    return pa.table(columns)


@pytest.mark.parametrize("kind", ["polars", "pyarrow"])
@pytest.mark.parametrize("order", [CLASSES, ["emu", "cat", "dog"]])
@pytest.mark.parametrize("labels", [None, ["dog", "cat", "emu"], ["emu", "dog", "cat"]])
@pytest.mark.parametrize("k", [None, -1000, 1000])  # counts, or weights of 2**k each
def test_labels_order_the_classes_a_table_s_columns_name(kind, order, labels, k):
    scale = 1 if k is None else 2.0**k
    cm = ClassificationMetric.from_confusion_matrix(_table(kind, order, scale), labels=labels)
    expected = order if labels is None else labels
    assert cm.labels.tolist() == expected
    matrix = skm.confusion_matrix(TRUE, PRED, labels=expected) * scale
    assert cm.CM().tolist() == matrix.tolist()
    recall = skm.recall_score(TRUE, PRED, labels=expected, average=None)
    assert list(cm.RS(average=None).values()) == pytest.approx(recall, rel=1e-15)
    precision = skm.precision_score(TRUE, PRED, labels=expected, average=None)
    assert list(cm.PS(average=None)) == expected
    assert list(cm.PS(average=None).values()) == pytest.approx(precision, rel=1e-15)


def test_a_polars_matrix_of_default_column_names_is_named_by_labels_in_order():
    import polars as pl

    matrix = skm.confusion_matrix(TRUE, PRED, labels=CLASSES)
    table = pl.DataFrame(matrix)
    assert table.columns == ["column_0", "column_1", "column_2"]
    assert ClassificationMetric.from_confusion_matrix(table).labels.tolist() == [0, 1, 2]
    cm = ClassificationMetric.from_confusion_matrix(table, labels=CLASSES)
    assert cm.labels.tolist() == CLASSES and cm.CM().tolist() == matrix.tolist()


def test_an_arrow_matrix_of_default_column_names_is_named_by_labels_in_order():
    # polars' default names, on an Arrow table: they name no class either
    import pyarrow as pa

    matrix = skm.confusion_matrix(TRUE, PRED, labels=CLASSES)
    table = pa.table({f"column_{i}": matrix[:, i] for i in range(3)})
    assert ClassificationMetric.from_confusion_matrix(table).labels.tolist() == [0, 1, 2]
    cm = ClassificationMetric.from_confusion_matrix(table, labels=CLASSES)
    assert cm.labels.tolist() == CLASSES and cm.CM().tolist() == matrix.tolist()


def test_a_table_of_no_columns_is_refused_as_an_empty_matrix():
    import pyarrow as pa

    with pytest.raises(ValueError) as raised:
        ClassificationMetric.from_confusion_matrix(pa.table({}))
    assert type(raised.value).__name__ == "InputError"
    assert str(raised.value) == ("matrix must be a non-empty square K x K confusion matrix "
                                 "(rows true, columns predicted); got shape (0,).")


def test_duplicate_column_names_of_an_arrow_matrix_are_refused():
    import pyarrow as pa

    table = pa.Table.from_arrays([pa.array([1, 0]), pa.array([0, 1])], names=["a", "a"])
    for labels in (None, ["a", "b"]):
        with pytest.raises(ValueError) as raised:
            ClassificationMetric.from_confusion_matrix(table, labels=labels)
        assert str(raised.value) == ("the columns of matrix contains duplicates: ['a']; each "
                                     "class may appear only once.")


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


# --- every entry point, with weights at any scale ---

WEIGHT = np.array([1.0, 3.0, 0.5, 2.0, 1.5])
SCALES = [None, -1000, 0, 1000]  # no weights, or WEIGHT times 2**k


def _weights(k, rows=slice(None)):
    return None if k is None else WEIGHT[rows] * 2.0**k


def _multilabel_entries(kind, labels, k):
    """(what, the evaluation of the samples of ``rows``, rows) of each entry point."""
    true, pred = _multilabel(kind, Y, NAMES), _multilabel(kind, P, NAMES)
    head, tail = slice(0, 2), slice(2, 5)
    frames = pd.DataFrame(Y, columns=NAMES), pd.DataFrame(P, columns=NAMES)
    yield "constructor", ClassificationMetric(true, pred, labels=labels,
                                              sample_weight=_weights(k)), slice(None)
    parts = [(frames[0][r], frames[1][r]) if k is None else
             (frames[0][r], frames[1][r], _weights(k, r)) for r in (head, tail)]
    yield "from_batches", ClassificationMetric.from_batches(parts, labels=labels), slice(None)
    first, second = (ClassificationMetric(frames[0][r], frames[1][r], labels=labels,
                                          sample_weight=_weights(k, r)) for r in (head, tail))
    yield "a + b", first + second, slice(None)
    grouped = ClassificationMetric(true, pred, labels=labels, sample_weight=_weights(k)).by_group(
        np.array(["x", "x", "y", "y", "y"]))
    yield "by_group", grouped["y"], tail
    yield "from_dask", ClassificationMetric.from_dask(
        *(_dask(frame) for frame in frames), None if k is None else _dask(pd.Series(_weights(k))),
        labels=labels), slice(None)


def _dask(frame):
    """A pandas frame or Series as a Dask one of two partitions."""
    import dask.dataframe as dd

    return dd.from_pandas(frame, npartitions=2)


@pytest.mark.parametrize("kind", ["pandas", "polars"])
@pytest.mark.parametrize("k", SCALES)
def test_every_entry_point_orders_a_multilabel_frame_s_columns_by_name(kind, k):
    labels = ["c", "a", "d", "b"]
    order = [NAMES.index(name) for name in labels]
    for what, cm, rows in _multilabel_entries(kind, labels, k):
        weight = None if k is None else WEIGHT[rows]  # the oracle's, unscaled
        for metric, oracle in (("RS", skm.recall_score), ("PS", skm.precision_score)):
            expected = oracle(Y[rows][:, order], P[rows][:, order], average=None,
                              zero_division=0, sample_weight=weight)
            found = getattr(cm, metric)(average=None, zero_division=0.0)
            assert list(found) == labels, what
            assert list(found.values()) == pytest.approx(expected, rel=1e-12), (what, metric)


def _score_entries(kind, name, p, k):
    """(what, AUC) of 1-D scores named ``name`` through each entry point of scores."""
    scores = named_series(kind, p, name)
    weight = None if k is None else np.resize(WEIGHT, len(p)) * 2.0**k
    yield "from_scores", ClassificationMetric.from_scores(SPAM, scores,
                                                          sample_weight=weight).AUC()
    halves = [(SPAM[r], pd.Series(p[r], name=name)) if weight is None else
              (SPAM[r], pd.Series(p[r], name=name), weight[r]) for r in (slice(0, 4), slice(4, 8))]
    yield "from_batches", ClassificationMetric.from_batches(halves, scores=True).AUC()
    yield "from_dask", ClassificationMetric.from_dask(
        _dask(pd.Series(SPAM)), _dask(pd.Series(p, name=name)),
        None if weight is None else _dask(pd.Series(weight)), scores=True).AUC()
    if weight is None:  # DeLong's test counts samples
        from permetrics_lite import delong_test

        yield "delong_test", delong_test(SPAM, scores, scores).auc_a


@pytest.mark.parametrize("kind", ["pandas", "polars"])
@pytest.mark.parametrize("k", SCALES)
def test_every_entry_point_of_scores_reads_a_series_named_after_a_class(kind, k):
    p = 1 - P_SPAM  # ham's scores, in a Series named "ham"
    weight = None if k is None else np.resize(WEIGHT, len(p))
    expected = skm.roc_auc_score(SPAM == "ham", p, sample_weight=weight)
    for what, auc in _score_entries(kind, "ham", p, k):
        assert auc == pytest.approx(expected, rel=1e-12), what
