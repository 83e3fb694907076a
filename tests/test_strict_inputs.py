"""Input that was once accepted silently: now a clear error naming the argument, or an exact result.

Refused: multilabel arrays without columns, misaligned one-column DataFrame
weights, weights that are not real numbers, masked arrays with masked values
(their mask would be ignored), multilabel DataFrames with duplicate column
names, and labels of types that are not labels (dates, decimals, intervals).
Evaluated exactly: Python integers beyond int64, numpy's StringDType strings,
and Categoricals mixing booleans with integers (True is 1).
"""

import datetime
import decimal

import numpy as np
import pandas as pd
import pytest

from permetrics_lite import ClassificationMetric

skm = pytest.importorskip("sklearn.metrics")

S = pd.Series
UNSUPPORTED = r"labels must be integers, booleans, integral floats, strings or bytes"

# (id, arguments of ClassificationMetric, exception, message regex)
REFUSED = [
    ("multilabel without columns", (np.zeros((3, 0)), np.zeros((3, 0))), {}, ValueError,
     r"y_true and y_pred are multilabel indicator arrays with no columns \(shape \(3, 0\)\)"),
    ("multilabel frames without columns", (pd.DataFrame(index=[0, 1]), pd.DataFrame(index=[0, 1])),
     {}, ValueError, r"multilabel indicator arrays with no columns \(shape \(2, 0\)\)"),
    ("one-column frame of weights, misaligned", (S([0, 1, 1]), S([0, 1, 0])),
     {"sample_weight": pd.DataFrame({"w": [1.0, 2.0, 3.0]}, index=[5, 6, 7])}, ValueError,
     r"y_true and sample_weight are pandas objects with different indexes"),
    ("weights of strings", ([0, 1], [0, 1]), {"sample_weight": np.array(["1", "2"])}, TypeError,
     r"sample_weight must be numeric \(real numbers\); got dtype <U1 \(e.g. '1'\)"),
    ("weights of Python strings", ([0, 1], [0, 1]), {"sample_weight": S(["1", "2"])}, TypeError,
     r"sample_weight must be numeric \(real numbers\); got dtype object \(e.g. '1'\)"),
    ("weights of datetimes", ([0, 1], [0, 1]),
     {"sample_weight": np.array([1, 2], dtype="datetime64[s]")}, TypeError,
     r"sample_weight must be numeric \(real numbers\); got dtype datetime64\[s\]"),
    ("weights of durations", ([0, 1], [0, 1]),
     {"sample_weight": pd.to_timedelta([1, 2], unit="s")}, TypeError,
     r"sample_weight must be numeric \(real numbers\); got dtype timedelta64"),
    ("weights of complex numbers", ([0, 1], [0, 1]),
     {"sample_weight": np.array([1.0, 2.0 + 1j])}, TypeError,
     r"sample_weight must be numeric \(real numbers\); got dtype complex128"),
    ("weights of decimals", ([0, 1], [0, 1]),
     {"sample_weight": [decimal.Decimal(1), decimal.Decimal(2)]}, TypeError,
     r"sample_weight must be numeric \(real numbers\); got dtype object"),
    ("weights with None", ([0, 1], [0, 1]), {"sample_weight": np.array([1.0, None])},
     ValueError, r"sample_weight contains 1 missing \(NaN, None or NA\) value\(s\), the first "
                 r"at position 1"),
    ("masked weights", ([0, 1, 1], [0, 1, 0]),
     {"sample_weight": np.ma.array([1.0, 2.0, 3.0], mask=[0, 0, 1])}, ValueError,
     r"sample_weight is a masked array with 1 masked value\(s\), the first at position 2; "
     r"the mask would be ignored"),
    ("masked y_true", (np.ma.array([0, 1, 1], mask=[0, 1, 1]), [0, 1, 0]), {}, ValueError,
     r"y_true is a masked array with 2 masked value\(s\), the first at position 1"),
    ("masked y_pred", ([0, 1, 1], np.ma.array([0, 1, 0], mask=[1, 0, 0])), {}, ValueError,
     r"y_pred is a masked array with 1 masked value\(s\), the first at position 0"),
    ("masked labels", ([0, 1], [0, 1]), {"labels": np.ma.array([0, 1, 2], mask=[0, 0, 1])},
     ValueError, r"labels is a masked array with 1 masked value\(s\)"),
    ("masked multilabel", (np.ma.array([[0, 1], [1, 0]], mask=[[0, 0], [0, 1]]), [[0, 1], [1, 1]]),
     {}, ValueError, r"y_true is a masked array with 1 masked value\(s\), the first at row 1, "
                     r"column 1"),
    ("multilabel frame with duplicate columns",
     (pd.DataFrame([[1, 0, 1], [0, 1, 1]], columns=["a", "b", "a"]),
      pd.DataFrame([[1, 0, 1], [0, 1, 0]], columns=["a", "b", "a"])), {}, ValueError,
     r"y_true is a DataFrame with duplicate column names \['a'\]; each label must name one "
     r"column"),
    ("multilabel y_pred frame with duplicate columns",
     (np.array([[1, 0], [0, 1]]), pd.DataFrame([[1, 0], [0, 1]], columns=["x", "x"])), {},
     ValueError, r"y_pred is a DataFrame with duplicate column names \['x'\]"),
    ("dates", ([datetime.date(2024, 1, 1), datetime.date(2024, 1, 2)],
               [datetime.date(2024, 1, 1)] * 2), {}, TypeError,
     r"y_true has labels of unsupported type date \(e.g. datetime.date\(2024, 1, 1\)\); "
     + UNSUPPORTED),
    ("decimals", ([1, 2], [decimal.Decimal("1"), decimal.Decimal("2")]), {}, TypeError,
     r"y_pred has labels of unsupported type Decimal \(e.g. Decimal\('1'\)\); " + UNSUPPORTED),
    ("intervals", (pd.arrays.IntervalArray.from_breaks([0, 1, 2]), [1, 2]), {}, TypeError,
     r"y_true has labels of unsupported type Interval \(e.g. Interval\(0, 1, "
     r"closed='right'\)\); " + UNSUPPORTED),
    ("interval categories", (pd.cut([0.5, 1.5], [0, 1, 2]), pd.cut([0.5, 0.5], [0, 1, 2])), {},
     TypeError, r"y_true has labels of unsupported type Interval"),
    ("datetimes in a numpy array", (np.array(["2024-01-01"], dtype="datetime64[D]"), [1]), {},
     TypeError, r"y_true has dtype datetime64\[D\], which is not a class label type; "
                + UNSUPPORTED),
    ("unhashable labels", ([[1, 2], [3]], [1, 2]), {}, TypeError,
     r"y_true has labels of unsupported type list \(e.g. \[1, 2\]\); " + UNSUPPORTED),
    ("bytes mixed with numbers in one array", (np.array([b"a", 1], dtype=object), [1, 1]), {},
     TypeError, r"y_true mixes bytes labels \(e.g. b'a'\) with other labels \(e.g. 1\)"),
    ("non-integral float among Python integers", ([2**70, 1.5], [1, 1]), {}, ValueError,
     r"y_true contains non-integral values \(e.g. 1.5 at position 1\); this looks like "
     r"scores or probabilities"),
]


@pytest.mark.parametrize("args, kwargs, error, message", [case[1:] for case in REFUSED],
                         ids=[case[0] for case in REFUSED])
def test_refused_with_a_clear_message(args, kwargs, error, message):
    with pytest.raises(error, match=message):
        ClassificationMetric(*args, **kwargs)


def test_masked_scores_are_refused():
    with pytest.raises(ValueError, match=r"y_score is a masked array with 1 masked value\(s\)"):
        ClassificationMetric.from_scores([0, 1], np.ma.array([0.2, 0.7], mask=[0, 1]))


def test_query_weights_are_checked_alike():
    cm = ClassificationMetric([0, 1, 1], [0, 1, 0])
    with pytest.raises(TypeError, match=r"sample_weight must be numeric \(real numbers\)"):
        cm.AS(sample_weight=np.array([1, 2, 3j]))


def test_a_masked_array_without_masked_values_is_its_data():
    y_true = np.ma.array([0, 1, 1, 2], mask=False)
    y_pred, weight = [0, 1, 0, 2], np.ma.array([1.0, 2.0, 3.0, 4.0])
    cm = ClassificationMetric(y_true, y_pred, sample_weight=weight)
    assert cm.AS() == pytest.approx(skm.accuracy_score(y_true.data, y_pred,
                                                       sample_weight=weight.data))


def test_an_aligned_one_column_frame_of_weights_is_used():
    index = [3, 1, 2]
    y_true, y_pred = S([0, 1, 1], index=index), S([0, 1, 0], index=index)
    weight = pd.DataFrame({"w": [1.0, 2.0, 4.0]}, index=index)
    cm = ClassificationMetric(y_true, y_pred, sample_weight=weight)
    assert cm.AS() == pytest.approx(skm.accuracy_score(y_true, y_pred, sample_weight=weight["w"]))


def _brute_force_accuracy(y_true, y_pred):
    right = 0
    for t, p in zip(y_true, y_pred):
        right += t == p
    return right / len(y_true)


class TestEvaluatedExactly:
    def test_python_integers_beyond_int64(self):
        y_true = [2**70, -(2**70), 2**70 + 1, 5]
        y_pred = [2**70, 2**70 + 1, 2**70 + 1, 5]
        cm = ClassificationMetric(y_true, y_pred)
        assert cm.labels.tolist() == sorted(set(y_true + y_pred))
        assert all(type(label) is int for label in cm.labels.tolist())
        assert cm.AS() == _brute_force_accuracy(y_true, y_pred)
        assert cm.RS(average=None) == {-(2**70): 0.0, 5: 1.0, 2**70: 1.0, 2**70 + 1: 1.0}

    def test_string_dtype(self):
        strings = np.dtypes.StringDType()
        y_true, y_pred = ["cat", "dog", "cat", "émeu"], ["cat", "cat", "cat", "émeu"]
        cm = ClassificationMetric(np.array(y_true, dtype=strings), np.array(y_pred, dtype=strings))
        assert cm.labels.tolist() == ["cat", "dog", "émeu"]
        np.testing.assert_array_equal(cm.CM(), skm.confusion_matrix(y_true, y_pred))
        assert cm.F1S(average="macro") == pytest.approx(
            skm.f1_score(y_true, y_pred, average="macro"))

    def test_string_dtype_with_missing_values_is_refused(self):
        strings = np.dtypes.StringDType(na_object=None)
        with pytest.raises(ValueError, match=r"y_true contains 1 missing label\(s\).*position 1"):
            ClassificationMetric(np.array(["a", None], dtype=strings), ["a", "a"])

    def test_string_dtype_against_numbers_is_refused(self):
        with pytest.raises(TypeError, match=r"y_true has string labels \(e.g. 'a'\) but y_pred "
                                            r"has numeric labels"):
            ClassificationMetric(np.array(["a"], dtype=np.dtypes.StringDType()), [1])

    def test_categorical_mixing_booleans_and_integers(self):
        y_true = pd.Categorical([True, 2, 3, 2], categories=[3, True, 2])
        y_pred = pd.Categorical([True, 2, 2, 2], categories=[3, True, 2])
        cm = ClassificationMetric(y_true, y_pred)
        assert cm.labels.tolist() == [3, 1, 2]  # the category order; True is 1
        as_ints = [1, 2, 3, 2], [1, 2, 2, 2]
        np.testing.assert_array_equal(cm.CM(), skm.confusion_matrix(*as_ints, labels=[3, 1, 2]))
        assert cm.AS() == _brute_force_accuracy(*as_ints)
