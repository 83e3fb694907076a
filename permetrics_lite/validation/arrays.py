"""One array-like -> numpy.

Lists, tuples, numpy (masked too), pandas, polars and pyarrow objects become
numpy arrays, keeping what pandas knows: the index (inputs must share one), a
Categorical's categories and a frame's columns. Also the short previews of
values that messages show.
"""

from dataclasses import dataclass
from typing import Optional

import numpy as np
import pandas as pd

from ..core import encode as _encode
from .errors import InputError, InputTypeError

_PREVIEW = 10  # how many labels an error message lists before "..."


def preview(values):
    """A short printable list of labels for messages."""
    values = list(values)
    text = ", ".join(repr(plain(v)) for v in values[:_PREVIEW])
    return f"[{text}{', ...' if len(values) > _PREVIEW else ''}]"


def plain(value):
    """A numpy scalar as the Python value it stands for."""
    return value.item() if isinstance(value, np.generic) else value


@dataclass(frozen=True)
class _Column:
    values: np.ndarray
    index: Optional[pd.Index] = None
    categories: Optional[np.ndarray] = None
    columns: Optional[pd.Index] = None


def sequence_to_array(y):
    """``np.asarray``, minus its silent coercions of Python sequences."""
    try:
        values = np.asarray(y)
    except ValueError:  # ragged nesting: keep the elements as they are
        return np.asarray(y, dtype=object)
    # numpy turns ["a", 1] into ["a", "1"], and [-1, 2**63] into floats; keep the
    # objects so that the mix is seen and integers stay exact
    if values.dtype.kind in "USf" and isinstance(y, (list, tuple)) and values.ndim == 1:
        inferred = pd.api.types.infer_dtype(y, skipna=False)
        if values.dtype.kind in "US" and inferred not in ("string", "bytes"):
            return np.asarray(y, dtype=object)
        if values.dtype.kind == "f" and inferred in ("integer", "mixed-integer-float"):
            return np.asarray(y, dtype=object)
    return values


def frame_columns(y):
    """The column names and columns of a polars DataFrame or a pyarrow Table (or
    RecordBatch); None for anything else."""
    kind = type(y).__module__.split(".")[0]
    if kind == "polars" and hasattr(y, "get_columns"):
        return list(y.columns), y.get_columns()
    if kind == "pyarrow" and hasattr(y, "column_names") and hasattr(y, "columns"):
        return list(y.column_names), list(y.columns)
    return None


def default_names(names):
    """Whether these row or column names are the defaults of unnamed ones, which name no
    class: pandas' ``0..K-1`` (a RangeIndex) and polars' ``column_0, column_1, ...``."""
    if isinstance(names, pd.RangeIndex):
        return names.start == 0 and names.step == 1
    return list(names) == [f"column_{i}" for i in range(len(names))]


def order_by_name(names, labels):
    """The positions of ``labels`` among ``names`` (distinct row or column names), or
    None when the two do not name the same classes."""
    order = pd.Index(names).get_indexer(labels)
    return None if len(labels) != len(names) or (order < 0).any() else order


def to_column(y, name, unit="sample", coded=False):
    """Turn any supported array-like (one value per ``unit``) into a numpy array,
    keeping pandas metadata. ``coded``: 1-D text labels may come as
    :class:`_encode.Coded` (Categorical, Arrow and object labels)."""
    if y is None:
        raise InputTypeError("{0} is None; pass an array-like of class labels.", name)
    if isinstance(y, (str, bytes)):
        raise InputTypeError("{0} must be an array-like, one value per {unit}; got the string "
                             "{y!r}.", name, unit=unit, y=y)
    if isinstance(y, np.ma.MaskedArray) and np.ma.getmaskarray(y).any():
        masked = np.ma.getmaskarray(y)
        first = np.argwhere(masked)[0]
        where = f"position {first[0]}" if masked.ndim == 1 else f"row {first[0]}, column {first[1]}"
        raise InputError(
            "{0} is a masked array with {count} masked value(s), the first at {where}; the "
            "mask would be ignored. Drop those samples from every argument (or fill them) "
            "and pass plain arrays.", name, count=int(np.count_nonzero(masked)), where=where
        )
    index = categories = columns = None
    if isinstance(y, pd.DataFrame):
        index = y.index
        if y.shape[1] == 1:  # a one-column frame is a column vector
            y = y.iloc[:, 0]
        else:
            columns = y.columns
            values = y.to_numpy()
    elif frame_columns(y) is not None:  # a polars DataFrame or a pyarrow Table, as pandas'
        names, frame = frame_columns(y)
        if len(frame) == 1:
            y = frame[0]
        else:
            columns = pd.Index(names)
            values = (np.column_stack([np.asarray(column) for column in frame]) if frame
                      else np.empty((len(y), 0)))
    arrow = _encode.arrow_of(y) if coded else None
    if isinstance(y, (pd.Series, pd.Index)):
        if isinstance(y, pd.Series):
            index = y.index
        if isinstance(y.dtype, pd.CategoricalDtype):
            categories = np.asarray(y.dtype.categories)
        values = (_encode.of_categorical(y) if coded and categories is not None
                  else arrow is not None and _encode.of_arrow(arrow, y.to_numpy) or y.to_numpy())
    elif isinstance(y, pd.Categorical):
        categories = np.asarray(y.categories)
        values = _encode.of_categorical(y) if coded else np.asarray(y)
    elif arrow is not None:
        values = _encode.of_arrow(arrow, lambda: sequence_to_array(y)) or sequence_to_array(y)
    elif columns is None:
        values = sequence_to_array(y)
    if coded and isinstance(values, np.ndarray) and values.dtype.kind == "O" and values.ndim == 1:
        values = _encode.of_objects(values) or values
    if values.ndim == 0:
        raise InputTypeError("{0} must be an array-like, one value per {unit}; got the scalar "
                             "{y!r}.", name, unit=unit, y=y)
    if values.ndim == 2 and values.shape[1] == 1:
        values = values[:, 0]
    if values.ndim > 2:
        raise InputError(
            "{0} has {ndim} dimensions (shape {shape}); expected 1-D class labels or a 2-D "
            "(n_samples, n_labels) multilabel indicator array.", name, ndim=values.ndim,
            shape=values.shape
        )
    if values.shape[0] == 0:
        raise InputError("{0} is empty; at least one {unit} is needed.", name, unit=unit)
    return _Column(values, index, categories, columns)


def check_aligned(named_indexes):
    """Pandas inputs must share one index, or rows would pair up by position."""
    named = [(name, index) for name, index in named_indexes if index is not None]
    for name, index in named[1:]:
        if not index.equals(named[0][1]):
            raise InputError(
                "{0} and {1} are pandas objects with different indexes, so their rows would "
                "be paired by position, not by index. Align them (e.g. {1}.reindex({0}.index)) "
                "or pass .to_numpy().", named[0][0], name
            )
