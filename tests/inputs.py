"""The containers a user may pass labels and scores in: one row each.

A label container turns a numpy array of labels of one kind (``"int"``,
``"str"`` or ``"bool"``) into that container. It also gets ``universe``, every
label of the problem (sorted), so that a pandas Categorical can name the same
categories whatever part of the samples it holds (a batch, a block). A row
whose container fixes the class order (a pandas Categorical: all its
categories, used or not, in their order, as ``docs/inputs.rst`` says) gives
that order as ``categories``.

A score container turns 1-D scores, or a score matrix and the class of each of
its columns, into that container. A container that names its columns (a data
frame) gives the order of the columns it names, shuffled: only the names tell
which class a column scores.

Adding an input type is one row here; ``tests/test_seams_inputs.py`` runs it
through every entry point.
"""

from typing import Callable, NamedTuple, Optional

import numpy as np
import pandas as pd
import polars as pl
import pyarrow as pa

KINDS = ("int", "str", "bool")


class LabelInput(NamedTuple):
    name: str
    convert: Callable  # (labels: numpy array of one kind, universe) -> the container
    kinds: tuple = KINDS  # the label kinds it holds
    categories: Optional[Callable] = None  # universe -> the classes it fixes, in order


def unused_label(universe):
    """A label of the universe's kind that no sample has (None for two booleans)."""
    if universe.dtype.kind == "b":
        missing = [value for value in (False, True) if value not in universe.tolist()]
        return missing[0] if missing else None
    if universe.dtype.kind in "iu":
        return int(universe.max()) + 100
    return "zz unused"


def reversed_with_unused(universe):
    """Categories in an order that is not sorted, with one that no sample has."""
    extra = unused_label(universe)
    return universe[::-1].tolist() + ([] if extra is None else [extra])


def reversed_order(universe):
    return universe[::-1].tolist()


def _chunked(values, _):
    """Three chunks, one of them empty."""
    cut = len(values) // 2
    return pa.chunked_array([values[:cut], values[:0], values[cut:]],
                            type=pa.array(values[:1]).type)


def _chunked_dictionaries(values, _):
    """Chunks dictionary-encoded one by one: each has its own dictionary."""
    cut = len(values) // 2
    return pa.chunked_array([pa.array(part).dictionary_encode()
                             for part in (values[:cut], values[cut:]) if len(part)])


def _sliced(values, _):
    """An Arrow array with an offset into its buffers."""
    return pa.array(np.concatenate([values[::-1], values])).slice(len(values))


def _polars_chunks(values, _):
    cut = len(values) // 2
    return pl.concat([pl.Series(values[:cut]), pl.Series(values[cut:])], rechunk=False)


def _arrow_dtype(values, _):
    kind = {"i": pa.int64(), "U": pa.string(), "b": pa.bool_()}[values.dtype.kind]
    return pd.Series(values, dtype=pd.ArrowDtype(kind))


def _nullable(values, _):
    dtype = {"i": "Int64", "U": "string[python]", "b": "boolean"}[values.dtype.kind]
    return pd.Series(values, dtype=dtype)


def _categorical(ordered, categories):
    return lambda values, universe: pd.Categorical(values, categories=categories(universe),
                                                   ordered=ordered)


LABEL_INPUTS = (
    LabelInput("list", lambda v, _: v.tolist()),
    LabelInput("numpy", lambda v, _: np.asarray(v)),
    LabelInput("numpy int8", lambda v, _: v.astype(np.int8), kinds=("int",)),
    LabelInput("numpy integral float", lambda v, _: v.astype(np.float64), kinds=("int",)),
    LabelInput("numpy object", lambda v, _: v.astype(object)),
    LabelInput("numpy StringDType", lambda v, _: v.astype(np.dtypes.StringDType()),
               kinds=("str",)),
    LabelInput("pandas Series", lambda v, _: pd.Series(v)),
    LabelInput("pandas Series of objects", lambda v, _: pd.Series(v, dtype=object)),
    LabelInput("pandas nullable dtype", _nullable),
    LabelInput("pandas string[pyarrow]", lambda v, _: pd.Series(v, dtype="string[pyarrow]"),
               kinds=("str",)),
    LabelInput("pandas ArrowDtype", _arrow_dtype),
    LabelInput("pandas ArrowDtype large_string",
               lambda v, _: pd.Series(v, dtype=pd.ArrowDtype(pa.large_string())),
               kinds=("str",)),
    LabelInput("pandas ArrowDtype dictionary",
               lambda v, _: pd.Series(pd.arrays.ArrowExtensionArray(
                   pa.array(v).dictionary_encode())), kinds=("str",)),
    LabelInput("pandas Index", lambda v, _: pd.Index(v)),
    LabelInput("pandas Categorical", _categorical(False, reversed_with_unused),
               categories=reversed_with_unused),
    LabelInput("pandas Categorical ordered", _categorical(True, reversed_with_unused),
               categories=reversed_with_unused),
    LabelInput("pandas Series of a Categorical, every category used",
               lambda v, u: pd.Series(_categorical(False, reversed_order)(v, u)),
               categories=reversed_order),
    LabelInput("pyarrow", lambda v, _: pa.array(v)),
    LabelInput("pyarrow large_string", lambda v, _: pa.array(v, pa.large_string()),
               kinds=("str",)),
    LabelInput("pyarrow string_view", lambda v, _: pa.array(v, pa.string_view()),
               kinds=("str",)),
    LabelInput("pyarrow dictionary", lambda v, _: pa.array(v).dictionary_encode(),
               kinds=("int", "str")),
    LabelInput("pyarrow sliced", _sliced),
    LabelInput("pyarrow ChunkedArray", _chunked),
    LabelInput("pyarrow ChunkedArray of dictionaries", _chunked_dictionaries,
               kinds=("str",)),
    LabelInput("polars", lambda v, _: pl.Series(v)),
    LabelInput("polars Int8", lambda v, _: pl.Series(v, dtype=pl.Int8), kinds=("int",)),
    LabelInput("polars in chunks", _polars_chunks),
    LabelInput("polars Categorical", lambda v, _: pl.Series(v, dtype=pl.Categorical),
               kinds=("str",)),
    LabelInput("polars DataFrame of one column", lambda v, _: pl.DataFrame({"label": v})),
    LabelInput("pyarrow Table of one column", lambda v, _: pa.table({"label": v})),
    LabelInput("pandas DataFrame of one column", lambda v, _: pd.DataFrame({"label": v})),
    # an Enum is an Arrow dictionary: its unused entries are no classes (docs/inputs.rst)
    LabelInput("polars Enum",
               lambda v, u: pl.Series(v, dtype=pl.Enum(reversed_with_unused(u))),
               kinds=("str",)),
)


class ScoreInput(NamedTuple):
    """1-D scores: ``convert(scores, positive)``, ``positive`` the class they score.
    A matrix: ``convert(matrix, columns)`` -> (container, the classes of its
    columns in the container's order, or None when it names none)."""

    name: str
    convert: Callable
    kinds: tuple = KINDS  # the label kinds whose classes it can name
    dtype: type = np.float64  # the scores' type: the reference's too (log loss clips at its eps)


def _shuffled(columns):
    """A fixed order of the columns that differs from theirs (for two or more)."""
    order = np.roll(np.arange(len(columns)), 1)[::-1]
    return [columns[i] for i in order]


def _frame(build, names=lambda columns: list(columns)):
    """A data frame of the matrix's columns, named by their classes, shuffled."""
    def convert(matrix, columns):
        shuffled = _shuffled(columns)
        where = [columns.index(c) for c in shuffled]
        return build(matrix[:, where], names(shuffled)), shuffled
    return convert


SCORE_VECTORS = (
    ScoreInput("list", lambda s, _: s.tolist()),
    ScoreInput("numpy", lambda s, _: np.asarray(s)),
    ScoreInput("numpy float32", lambda s, _: s.astype(np.float32),  # the scores are exact
               dtype=np.float32),
    ScoreInput("numpy column", lambda s, _: s.reshape(-1, 1)),
    ScoreInput("pandas Series", lambda s, _: pd.Series(s)),
    ScoreInput("pyarrow", lambda s, _: pa.array(s)),
    ScoreInput("pyarrow ChunkedArray", lambda s, _: _chunked(s, None)),
    ScoreInput("polars", lambda s, _: pl.Series(s)),
    ScoreInput("pandas DataFrame named by the positive class",
               lambda s, positive: pd.DataFrame({positive: s})),
    ScoreInput("polars DataFrame named by the positive class",
               lambda s, positive: pl.DataFrame({positive: s}), kinds=("str",)),
    ScoreInput("pyarrow Table named by the positive class",
               lambda s, positive: pa.table({positive: s}), kinds=("str",)),
)

SCORE_MATRICES = (
    ScoreInput("numpy", lambda m, _: (np.asarray(m), None)),
    ScoreInput("numpy float32", lambda m, _: (m.astype(np.float32), None), dtype=np.float32),
    ScoreInput("list of rows", lambda m, _: (m.tolist(), None)),
    ScoreInput("pandas DataFrame of unnamed columns", lambda m, _: (pd.DataFrame(m), None)),
    ScoreInput("pandas DataFrame, named columns shuffled",
               _frame(lambda m, names: pd.DataFrame(m, columns=names))),
    ScoreInput("polars DataFrame, named columns shuffled",
               _frame(lambda m, names: pl.DataFrame(dict(zip(names, m.T)))), kinds=("str",)),
    ScoreInput("pyarrow Table, named columns shuffled",
               _frame(lambda m, names: pa.table(dict(zip(names, m.T)))), kinds=("str",)),
)
