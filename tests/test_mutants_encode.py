"""Tests written for the surviving mutants (.ci/mutation) of core/encode.py: labels as
codes into their distinct values (pandas Categoricals, Arrow text, numpy object arrays).

Each coded form is checked against what it must hold by construction: the labels it was
built from, rebuilt sample by sample from its codes and uniques; pandas' own codes and
categories of a Categorical; the positions each code first appears at, found by a loop
in the test. The polars column is a stand-in of the test's own (a class of the
``polars`` module with ``to_arrow`` and ``dtype``), so this module imports neither
polars nor DuckDB and its cases run under mutmut (tests/conftest.py leaves out the
modules that import them)."""

import numpy as np
import pandas as pd
import pyarrow as pa
import pytest

from permetrics_lite import ClassificationMetric
from permetrics_lite.core import encode


def _distinct_objects(texts):
    """An object array of these texts, each sample its own object (equal texts too, but
    for one-letter texts, which Python keeps one object of)."""
    values = np.empty(len(texts), dtype=object)
    for i, text in enumerate(texts):
        values[i] = "".join(list(text))  # a new object, not the interned literal
    return values


def _shared_objects(texts):
    """An object array of these texts where equal texts are one object."""
    objects = {}
    values = np.empty(len(texts), dtype=object)
    for i, text in enumerate(texts):
        values[i] = objects.setdefault(text, "".join(list(text)))
    return values


def _labels_of(coded):
    """The labels a Coded stands for, sample by sample."""
    return [coded.uniques[code] for code in coded.codes]


# --------------------------------------------------------------------------
# Coded
# --------------------------------------------------------------------------


def test_coded_keeps_its_parts_and_takes_new_uniques():
    codes, uniques = np.array([1, 0, 1]), np.array(["a", "b"], dtype=object)
    coded = encode.Coded(codes, uniques, lambda: "the labels", exact=False)
    assert coded.codes is codes and coded.uniques is uniques and coded.exact is False
    assert coded.values() == "the labels"
    assert len(coded) == 3 and coded.shape == (3,) and coded.ndim == 1
    assert encode.Coded(codes, uniques, None).exact is True  # exact by default
    other = np.array(["x", "y", "z"], dtype=object)
    renamed = coded.with_uniques(other)
    assert renamed.codes is codes and renamed.uniques is other
    assert renamed.values() == "the labels" and renamed.exact is False
    assert encode.Coded(codes, uniques, None).with_uniques(other).exact is True


def test_used_marks_the_uniques_some_sample_has():
    uniques = np.array(["a", "b", "c", "d"], dtype=object)
    used = encode.Coded(np.array([2, 0, 2]), uniques, None, exact=False).used()
    assert used.dtype == bool and used.tolist() == [True, False, True, False]
    exact = encode.Coded(np.array([1, 0]), uniques[:2], None).used()
    assert exact.dtype == bool and exact.tolist() == [True, True]


# --------------------------------------------------------------------------
# Categoricals
# --------------------------------------------------------------------------


@pytest.mark.parametrize("wrap", [pd.Categorical, pd.Series, pd.CategoricalIndex])
def test_a_categorical_is_its_codes_and_categories(wrap):
    categorical = pd.Categorical(["b", "a", "b", "c"], categories=["c", "b", "a", "z"])
    values = wrap(categorical) if wrap is not pd.Categorical else categorical
    coded = encode.of_categorical(values)
    assert coded.codes.tolist() == [1, 2, 1, 0]  # positions among the categories
    assert coded.uniques.tolist() == ["c", "b", "a", "z"]
    assert _labels_of(coded) == ["b", "a", "b", "c"]
    assert coded.values().tolist() == ["b", "a", "b", "c"]
    assert isinstance(coded.values(), np.ndarray)
    assert coded.exact is False
    assert coded.used().tolist() == [True, True, True, False]  # "z": no sample


# --------------------------------------------------------------------------
# Arrow
# --------------------------------------------------------------------------


def _arrow_inputs():
    texts = ["b", "a", "b", "c", "a"]
    return {
        "string": pa.array(texts),
        "large_string": pa.array(texts, pa.large_string()),
        "binary": pa.array([t.encode() for t in texts], pa.binary()),
        "dictionary": pa.array(texts).dictionary_encode(),
        "one chunk": pa.chunked_array([pa.array(texts)]),
        "chunks": pa.chunked_array([pa.array(texts[:2]), pa.array(texts[2:])]),
        # each chunk its own dictionary: unified into one
        "dictionary chunks": pa.chunked_array([pa.array(texts[:2]).dictionary_encode(),
                                               pa.array(texts[2:]).dictionary_encode()]),
    }


@pytest.mark.parametrize("kind", list(_arrow_inputs()))
def test_arrow_text_is_coded_into_its_dictionary(kind):
    array = _arrow_inputs()[kind]
    expected = ["b", "a", "b", "c", "a"]
    if kind == "binary":
        expected = [t.encode() for t in expected]
    coded = encode.of_arrow(array, lambda: "the labels")
    assert coded.codes.dtype.kind in "iu" and len(coded.codes) == 5
    assert coded.uniques.dtype == object
    assert sorted(coded.uniques.tolist()) == sorted(set(expected))  # each once
    assert _labels_of(coded) == expected
    assert coded.values() == "the labels" and coded.exact is False


def test_arrow_dictionary_entries_no_sample_has_are_not_used():
    array = pa.DictionaryArray.from_arrays(pa.array([2, 0, 2], pa.int8()),
                                           pa.array(["x", "y", "z"]))
    coded = encode.of_arrow(array, None)
    assert coded.uniques.tolist() == ["x", "y", "z"]
    assert coded.codes.tolist() == [2, 0, 2]
    assert coded.used().tolist() == [True, False, True]


@pytest.mark.parametrize("array", [pa.chunked_array([], pa.string()),
                                   pa.chunked_array([], pa.dictionary(pa.int32(), pa.string()))],
                         ids=["string", "dictionary"])
def test_arrow_text_without_chunks_is_empty(array):
    coded = encode.of_arrow(array, None)
    assert coded.codes.dtype.kind in "iu" and coded.codes.shape == (0,)
    assert coded.uniques.dtype == object and coded.uniques.shape == (0,)


@pytest.mark.parametrize("array", [pa.array(["a", None]), pa.array([1, 2]),
                                   pa.array([1.5]), pa.array([1, 2]).dictionary_encode(),
                                   pa.chunked_array([pa.array(["a"]), pa.array([None], pa.string())])],
                         ids=["null", "ints", "floats", "int dictionary", "null chunk"])
def test_arrow_nulls_or_other_values_are_not_coded(array):
    assert encode.of_arrow(array, None) is None


class _PolarsColumn:
    """A stand-in of a polars Series: a class of the polars module with ``to_arrow``."""

    __module__ = "polars.series.series"
    dtype = "String"

    def __init__(self, array):
        self.array = array

    def to_arrow(self):
        return self.array


class _PolarsFrame:
    """A stand-in of a polars DataFrame: ``to_arrow`` (a Table), no ``dtype``."""

    __module__ = "polars.dataframe.frame"

    def to_arrow(self):
        return pa.table({"a": ["x"]})


class _Typed:
    """Not Arrow, but with a ``type`` and a ``to_arrow``."""

    type = "string"
    dtype = "String"

    def to_arrow(self):
        return pa.array(["x"])


def test_arrow_of_finds_the_arrow_array_of_a_column():
    array, chunked = pa.array(["a", "b"]), pa.chunked_array([["a"], ["b"]])
    assert encode.arrow_of(array) is array
    assert encode.arrow_of(chunked) is chunked
    assert encode.arrow_of(_PolarsColumn(array)) is array
    for dtype in (pd.ArrowDtype(pa.string()), "string[pyarrow]"):
        found = encode.arrow_of(pd.Series(["a", "b"], dtype=dtype))
        assert isinstance(found, pa.ChunkedArray) and found.to_pylist() == ["a", "b"]
        found = encode.arrow_of(pd.Index(["a", "b"], dtype=dtype))
        assert isinstance(found, pa.ChunkedArray) and found.to_pylist() == ["a", "b"]


@pytest.mark.parametrize("values", [
    pa.table({"a": ["x"]}), _PolarsFrame(), _Typed(), np.array(["a", "b"]),
    np.array(["a"], dtype=object), ["a", "b"], pd.Series([1, 2]), pd.Series(["a"], dtype=object),
    pd.Series(["a"], dtype="string[python]"), pd.Series(pd.Categorical(["a"])),
    pd.Index([1, 2])],
    ids=["table", "polars frame", "typed", "numpy", "objects", "list", "ints", "object series",
         "python strings", "categorical", "index"])
def test_arrow_of_other_values_is_none(values):
    assert encode.arrow_of(values) is None


# --------------------------------------------------------------------------
# Object arrays
# --------------------------------------------------------------------------


@pytest.mark.parametrize("texts", [
    ["b", "a", "b", "c"], ["a"], ["a", "a", "a"], ["x", "y"],
    # more distinct objects than 64 and an eighth of the samples: by value
    [f"t{i % 70}" for i in range(140)]])
@pytest.mark.parametrize("make", [_shared_objects, _distinct_objects],
                         ids=["shared", "distinct"])
def test_an_object_array_is_coded_into_its_objects(texts, make):
    values = make(texts)
    coded = encode.of_objects(values)
    assert coded.codes.shape == (len(texts),) and coded.codes.dtype.kind in "iu"
    assert coded.uniques.dtype == object
    assert _labels_of(coded) == texts
    assert coded.values() is values and coded.exact is True
    assert coded.used().all()


def test_an_object_array_is_coded_by_identity_then_by_value():
    few = _distinct_objects(["ab", "ab", "cd"])  # three objects, two values
    coded = encode.of_objects(few)
    assert coded.codes.tolist() == [0, 1, 2]  # by object: each sample its own
    assert [u is v for u, v in zip(coded.uniques, few)] == [True] * 3
    shared = _shared_objects(["ab", "cd", "ab", "ab"])
    coded = encode.of_objects(shared)
    assert coded.codes.tolist() == [0, 1, 0, 0]
    assert coded.uniques[0] is shared[0] and coded.uniques[1] is shared[1]
    many = _distinct_objects([f"t{i % 70}" for i in range(140)])  # 140 objects, 70 values
    coded = encode.of_objects(many)
    assert coded.codes.tolist() == [i % 70 for i in range(140)]  # by value
    assert coded.uniques.tolist() == [f"t{i}" for i in range(70)]


def test_an_empty_object_array_is_coded():
    coded = encode.of_objects(np.empty(0, dtype=object))
    assert coded.codes.shape == (0,) and coded.uniques.shape == (0,)
    assert coded.codes.dtype.kind in "iu"


def test_a_non_contiguous_object_array_is_read_as_its_samples():
    values = _shared_objects(["a", "x", "b", "x", "a", "x"])[::2]
    assert _labels_of(encode.of_objects(values)) == ["a", "b", "a"]


def test_many_distinct_objects_with_an_unhashable_one_are_not_coded():
    values = np.empty(100, dtype=object)
    values[:] = [f"t{i}" for i in range(99)] + [None]
    values[99] = ["a list"]
    assert encode.of_objects(values) is None


@pytest.mark.parametrize("n_samples, new_at", [
    (5, [0, 1, 4]), (1, [0]), (3000, [0]), (3000, [0, 1500]), (5000, [0, 7, 1023, 1024]),
    (5000, [0, 3071]), (5000, [0, 3072]), (5000, [0, 4999])])
def test_first_samples_finds_a_sample_of_every_code(n_samples, new_at):
    """Codes in order of first appearance, a new code at each of ``new_at``; the
    sample found for each code must hold that code."""
    codes = np.zeros(n_samples, dtype=np.intp)
    for code, (start, stop) in enumerate(zip(new_at, new_at[1:] + [n_samples])):
        codes[start:stop] = code
    codes[new_at[-1]:] = np.arange(n_samples - new_at[-1]) % len(new_at)  # all codes again
    codes[new_at] = np.arange(len(new_at))
    sample = encode._first_samples(codes, len(new_at))
    assert sample.shape == (len(new_at),) and sample.dtype.kind == "i"
    assert codes[sample].tolist() == list(range(len(new_at)))
    assert (sample >= 0).all()


def test_first_samples_of_no_code():
    assert encode._first_samples(np.empty(0, dtype=np.intp), 0).shape == (0,)


def test_late_first_samples_of_objects():
    """An object first met after 1024 and after 3072 samples is a unique all the same."""
    texts = ["a"] * 5000
    texts[1500], texts[4000] = "b", "c"
    coded = encode.of_objects(_shared_objects(texts))
    assert _labels_of(coded) == texts


# --------------------------------------------------------------------------
# Through the evaluation: the confusion matrix by hand
# --------------------------------------------------------------------------


@pytest.mark.parametrize("make", [
    lambda t: pd.Categorical(t), lambda t: pd.Series(t, dtype="string[pyarrow]"),
    lambda t: pa.array(t), lambda t: pa.array(t).dictionary_encode(), _shared_objects,
    _distinct_objects, lambda t: pd.Series(t, dtype=pd.ArrowDtype(pa.string()))],
    ids=["categorical", "string[pyarrow]", "arrow", "dictionary", "shared objects",
         "distinct objects", "ArrowDtype"])
def test_coded_labels_evaluate_as_their_values(make):
    true = ["b", "a", "b", "c", "a", "b"]
    pred = ["b", "b", "b", "c", "a", "a"]
    result = ClassificationMetric(make(true), make(pred))
    # classes a, b, c; rows true, columns predicted
    assert result.confusion_matrix().tolist() == [[1, 1, 0], [1, 2, 0], [0, 0, 1]]
    assert result.accuracy_score() == 4 / 6
