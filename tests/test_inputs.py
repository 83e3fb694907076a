"""Every input container and label kind gives the same answers."""

import numpy as np
import pandas as pd
import pyarrow as pa
import pytest
from sklearn import metrics as skm

from permetrics_lite import ClassificationMetric

Y_TRUE = [0, 2, 1, 3, 0, 2]
Y_PRED = [0, 1, 2, 3, 0, 2]
CONTAINERS = {
    "list": lambda y: list(y),
    "tuple": lambda y: tuple(y),
    "numpy int8": lambda y: np.asarray(y, dtype=np.int8),
    "numpy uint64": lambda y: np.asarray(y, dtype=np.uint64),
    "integral floats": lambda y: np.asarray(y, dtype=np.float32),
    "column vector": lambda y: np.asarray(y).reshape(-1, 1),
    "Series": lambda y: pd.Series(y),
    "nullable Int64": lambda y: pd.Series(y, dtype="Int64"),
    "Index": lambda y: pd.Index(y),
    "one-column DataFrame": lambda y: pd.DataFrame({"label": y}),
    "object array": lambda y: np.asarray(y, dtype=object),
    "pyarrow": lambda y: pa.array(y),
}


@pytest.mark.parametrize("container", CONTAINERS.values(), ids=CONTAINERS.keys())
def test_every_container_gives_the_same_answers(container):
    cm = ClassificationMetric(container(Y_TRUE), container(Y_PRED))
    assert cm.labels.tolist() == [0, 1, 2, 3]
    assert all(type(label) is int for label in cm.PCA())
    assert cm.AS() == pytest.approx(4 / 6)
    np.testing.assert_array_equal(cm.CM(), skm.confusion_matrix(Y_TRUE, Y_PRED))


STRING_CONTAINERS = {
    "list": list,
    "numpy unicode": np.array,
    "object array": lambda y: np.array(y, dtype=object),
    "Series": pd.Series,
    "StringDtype": lambda y: pd.Series(y, dtype="string"),
    "pyarrow": pa.array,
}


@pytest.mark.parametrize("container", STRING_CONTAINERS.values(), ids=STRING_CONTAINERS.keys())
def test_string_labels_in_every_container(container):
    y_true, y_pred = ["cat", "dog", "cat", "bird"], ["cat", "cat", "cat", "bird"]
    cm = ClassificationMetric(container(y_true), container(y_pred))
    assert cm.labels.tolist() == ["bird", "cat", "dog"]
    assert cm.PCA() == {"bird": 1.0, "cat": 0.75, "dog": 0.75}
    assert all(type(label) is str for label in cm.PCA())


def test_booleans_are_labels():
    cm = ClassificationMetric([True, False, True], [True, True, True])
    assert cm.labels.tolist() == [False, True]
    assert cm.PCA(pos_label=True) == pytest.approx(2 / 3)
    assert list(cm.PCA()) == [False, True]


def test_integral_floats_become_integer_labels():
    cm = ClassificationMetric([1.0, 2.0, 2.0], [1, 2, 1])
    assert cm.labels.dtype.kind == "i" and cm.labels.tolist() == [1, 2]


def test_booleans_and_integers_share_the_number_kind():
    cm = ClassificationMetric(np.array([True, False]), np.array([1, 0]))
    assert cm.labels.tolist() == [0, 1] and cm.AS() == 1.0
    with_labels = ClassificationMetric([True, False], [True, True], labels=[1, 0])
    assert with_labels.labels.tolist() == [1, 0] and with_labels.PCA() == {1: 0.5, 0: 0.5}
    bool_labels = ClassificationMetric([1, 0], [1, 1], labels=[True, False])
    assert bool_labels.CM().tolist() == [[1, 0], [1, 0]]


def test_categorical_fixes_the_class_order_including_unused_categories():
    y_true = pd.Categorical(["low", "high", "mid"], categories=["low", "mid", "high", "extreme"])
    cm = ClassificationMetric(y_true, ["low", "high", "high"])
    assert cm.labels.tolist() == ["low", "mid", "high", "extreme"]
    assert cm.CM()[1].tolist() == [0, 0, 1, 0]  # the mid row, predicted high


def test_categorical_series_puts_other_labels_after_its_categories():
    y_true = pd.Series(pd.Categorical(["b", "a"], categories=["b", "a"]))
    cm = ClassificationMetric(y_true, pd.Series(["b", "z"]))
    assert cm.labels.tolist() == ["b", "a", "z"]


def test_labels_fix_order_and_add_absent_classes():
    cm = ClassificationMetric(["b", "a"], ["b", "b"], labels=["c", "b", "a"])
    assert cm.labels.tolist() == ["c", "b", "a"]
    assert cm.CM().tolist() == [[0, 0, 0], [0, 1, 0], [0, 1, 0]]
    assert cm.PCA() == {"c": 1.0, "b": 0.5, "a": 0.5}


def test_large_integer_labels_take_the_hashing_path():
    y = np.array([10**15, -(10**15), 7])
    cm = ClassificationMetric(y, y[::-1])
    assert cm.labels.tolist() == [-(10**15), 7, 10**15]
    assert cm.AS(normalize=False) == 1


def test_multilabel_dataframe_column_names_become_labels():
    y_true = pd.DataFrame({"spam": [1, 0, 1], "urgent": [0, 0, 1]})
    y_pred = pd.DataFrame({"spam": [1, 1, 1], "urgent": [0, 0, 1]})
    cm = ClassificationMetric(y_true, y_pred)
    assert cm.is_multilabel and cm.labels.tolist() == ["spam", "urgent"]
    assert cm.PCA() == pytest.approx({"spam": 2 / 3, "urgent": 1.0})
    # labels order the columns by their names; names of other labels are refused
    ordered = ClassificationMetric(y_true, y_pred, labels=["urgent", "spam"])
    assert ordered.PCA() == pytest.approx({"urgent": 1.0, "spam": 2 / 3})
    assert list(ordered.PCA()) == ["urgent", "spam"]
    with pytest.raises(ValueError, match=r"^labels=\['s', 'u'\] and the columns of y_true "):
        ClassificationMetric(y_true, y_pred, labels=["s", "u"])
    renamed = ClassificationMetric(y_true.to_numpy(), y_pred.to_numpy(), labels=["s", "u"])
    assert renamed.PCA() == pytest.approx({"s": 2 / 3, "u": 1.0})


def test_multilabel_numpy_labels_are_column_numbers():
    cm = ClassificationMetric(np.eye(3, dtype=int), np.eye(3, dtype=bool))
    assert cm.labels.tolist() == [0, 1, 2] and cm.AS() == 1.0


def test_one_sample_one_class():
    cm = ClassificationMetric(["only"], ["only"])
    assert (cm.AS(), cm.BAS(), cm.PCA()) == (1.0, 1.0, {"only": 1.0})
    assert cm.CM().tolist() == [[1]]


def test_code_dtype_is_the_smallest_that_holds_k():
    small = ClassificationMetric(np.arange(256), np.arange(256))
    large = ClassificationMetric(np.arange(300), np.arange(300))
    assert small.state.samples.true.dtype == np.uint8 and large.state.samples.true.dtype == np.uint16
