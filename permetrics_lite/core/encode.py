"""Labels as codes into their distinct values: the fast form of text labels.

A pandas Categorical already is codes and categories; Arrow strings (pandas'
``str`` and ``string[pyarrow]``, ``pd.ArrowDtype``, pyarrow arrays, polars
Series) are dictionary-encoded by Arrow; numpy object arrays are factorized by
object identity (equal strings are most often one object), and their few
distinct objects, which may hold equal values, are looked up by value among the
classes. The checks of labels then look at the distinct values instead of the
N samples, and encoding maps codes through a lookup of that size. Inputs these
paths cannot take as they are (nulls, for one) go the general way, which gives
the exact message.
"""

import ctypes

import numpy as np
import pandas as pd

_ARROW_TEXT = ("string", "large_string", "string_view", "binary", "large_binary")


class Coded:
    """``uniques[codes]``, without building it: 1-D labels of N samples."""

    ndim = 1

    def __init__(self, codes, uniques, materialize, exact=True):
        self.codes = codes  # int array; negative: missing
        # the labels of the codes (a Categorical: every category; an object array: its
        # distinct objects, so two of them may be equal values)
        self.uniques = uniques
        self._materialize = materialize
        # False: ``uniques`` may hold values no sample has (unused categories or
        # dictionary entries); the tallies, or ``used``, tell them apart
        self.exact = exact

    def __len__(self):
        return len(self.codes)

    @property
    def shape(self):
        return (len(self.codes),)

    def values(self):
        """The labels as a numpy array, as the general path sees them."""
        return self._materialize()

    def with_uniques(self, uniques):
        return Coded(self.codes, uniques, self._materialize, self.exact)

    def used(self):
        """Which of ``uniques`` some sample has (one pass over the codes)."""
        if self.exact:
            return np.ones(len(self.uniques), dtype=bool)
        used = np.zeros(len(self.uniques), dtype=bool)
        used[self.codes] = True
        return used


def of_categorical(values):
    """A pandas Categorical (or Series or Index of one) as codes and categories."""
    categorical = values.array if isinstance(values, (pd.Series, pd.Index)) else values
    return Coded(np.asarray(categorical.codes), np.asarray(categorical.categories),
                 lambda: np.asarray(categorical), exact=False)


def of_arrow(array, materialize):
    """Arrow text (an Array or ChunkedArray) dictionary-encoded by Arrow; None when it
    holds nulls or is not text."""
    import pyarrow as pa

    if isinstance(array, pa.ChunkedArray):
        kind = array.type
    else:
        array = pa.chunked_array([array])
        kind = array.type
    if pa.types.is_dictionary(kind):
        value_type = kind.value_type
    else:
        value_type = kind
    if str(value_type) not in _ARROW_TEXT or array.null_count:
        return None
    if not pa.types.is_dictionary(kind):
        array = array.dictionary_encode()
    array = array.unify_dictionaries()
    chunks = array.chunks
    dictionary = (chunks[0].dictionary if chunks else pa.array([], value_type)).to_numpy(
        zero_copy_only=False)
    codes = (np.concatenate([chunk.indices.to_numpy() for chunk in chunks]) if chunks
             else np.empty(0, np.int32))
    return Coded(codes, dictionary.astype(object), materialize, exact=False)


def arrow_of(values):
    """The Arrow array behind a pandas or polars column, or a pyarrow array; else None
    (a polars DataFrame, whose ``to_arrow`` is a Table, is not a column)."""
    kind = type(values).__module__.split(".")[0]
    if kind == "pyarrow" and hasattr(values, "type"):
        return values
    if kind == "polars" and hasattr(values, "to_arrow") and hasattr(values, "dtype"):
        return values.to_arrow()
    if isinstance(values, (pd.Series, pd.Index)):
        dtype = values.dtype
        if isinstance(dtype, pd.ArrowDtype) or getattr(dtype, "storage", None) == "pyarrow":
            array = values.array
            return getattr(array, "_pa_array", None)
    return None


def of_objects(values):
    """A numpy object array factorized by object identity; None when a value
    cannot be hashed (not a label: the general checks name it).

    The pointers of the objects are integers that hash fast. The distinct
    objects (few, when equal strings are shared) are the uniques: equal
    values that are different objects meet when the uniques are looked up
    among the classes. Mostly distinct objects are factorized by value.
    """
    values = np.ascontiguousarray(values)
    pointers = np.frombuffer((ctypes.c_void_p * len(values)).from_address(values.ctypes.data),
                             dtype=np.uintp) if len(values) else np.empty(0, np.uintp)
    codes, distinct = pd.factorize(pointers)
    if len(distinct) > max(64, len(values) // 8):
        try:
            codes, uniques = pd.factorize(values, use_na_sentinel=False)
        except TypeError:
            return None
        return Coded(codes, np.asarray(uniques, dtype=object), lambda: values)
    return Coded(codes, values[_first_samples(codes, len(distinct))], lambda: values)


def _first_samples(codes, n_distinct):
    """A sample of each code of ``pd.factorize``, which numbers codes in order of
    first appearance: prefixes of doubling length are read until the last code
    is met, so few distinct codes cost a short read, not a pass."""
    sample = np.full(n_distinct, -1, dtype=np.intp)
    start, size = 0, 1024
    while n_distinct and sample[-1] < 0:
        stop = min(start + size, len(codes))
        sample[codes[start:stop]] = np.arange(start, stop)
        start, size = stop, 2 * size
    return sample
