"""Every check of user input, and every message that rejects it.

This is the only module that looks at raw user input. It hands the rest of the
package plain numpy arrays of one label kind, or raises an error that names the
argument, says what was found and what to do about it.
"""

import decimal
import difflib
from dataclasses import dataclass
from typing import Optional

import numpy as np
import pandas as pd

from ..core import encode as _encode

ZERO_DIVISION_OPTIONS = ("warn", 0.0, 1.0, np.nan)
_PREVIEW = 10  # how many labels an error message lists before "..."
_WEIGHT_CHUNK = 2**16  # weights copied and checked per step: 512 KiB stays in cache


@dataclass(frozen=True)
class Targets:
    """Validated targets: label arrays of one kind, ready to be encoded."""

    true: np.ndarray  # 1-D labels, or 2-D bool indicators when multilabel
    pred: np.ndarray
    classes: Optional[np.ndarray]  # fixed class order, or None for the sorted union
    index: Optional[pd.Index]  # pandas index of the inputs, to check weights against
    is_multilabel: bool


def _preview(values):
    """A short printable list of labels for messages."""
    values = list(values)
    text = ", ".join(repr(_plain(v)) for v in values[:_PREVIEW])
    return f"[{text}{', ...' if len(values) > _PREVIEW else ''}]"


def _plain(value):
    """A numpy scalar as the Python value it stands for."""
    return value.item() if isinstance(value, np.generic) else value


# --------------------------------------------------------------------------
# One array-like -> numpy
# --------------------------------------------------------------------------


@dataclass(frozen=True)
class _Column:
    values: np.ndarray
    index: Optional[pd.Index] = None
    categories: Optional[np.ndarray] = None
    columns: Optional[pd.Index] = None


def _sequence_to_array(y):
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


def _frame_columns(y):
    """The column names and columns of a polars DataFrame or a pyarrow Table (or
    RecordBatch); None for anything else."""
    kind = type(y).__module__.split(".")[0]
    if kind == "polars" and hasattr(y, "get_columns"):
        return list(y.columns), y.get_columns()
    if kind == "pyarrow" and hasattr(y, "column_names") and hasattr(y, "columns"):
        return list(y.column_names), list(y.columns)
    return None


def _to_column(y, name, unit="sample", coded=False):
    """Turn any supported array-like (one value per ``unit``) into a numpy array,
    keeping pandas metadata. ``coded``: 1-D text labels may come as
    :class:`_encode.Coded` (Categorical, Arrow and object labels)."""
    if y is None:
        raise TypeError(f"{name} is None; pass an array-like of class labels.")
    if isinstance(y, (str, bytes)):
        raise TypeError(f"{name} must be an array-like, one value per {unit}; got the string {y!r}.")
    if isinstance(y, np.ma.MaskedArray) and np.ma.getmaskarray(y).any():
        masked = np.ma.getmaskarray(y)
        first = np.argwhere(masked)[0]
        where = f"position {first[0]}" if masked.ndim == 1 else f"row {first[0]}, column {first[1]}"
        raise ValueError(
            f"{name} is a masked array with {int(np.count_nonzero(masked))} masked value(s), "
            f"the first at {where}; the mask would be ignored. Drop those samples from "
            "every argument (or fill them) and pass plain arrays."
        )
    index = categories = columns = None
    if isinstance(y, pd.DataFrame):
        index = y.index
        if y.shape[1] == 1:  # a one-column frame is a column vector
            y = y.iloc[:, 0]
        else:
            columns = y.columns
            values = y.to_numpy()
    elif _frame_columns(y) is not None:  # a polars DataFrame or a pyarrow Table, as pandas'
        names, frame = _frame_columns(y)
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
        values = _encode.of_arrow(arrow, lambda: _sequence_to_array(y)) or _sequence_to_array(y)
    elif columns is None:
        values = _sequence_to_array(y)
    if coded and isinstance(values, np.ndarray) and values.dtype.kind == "O" and values.ndim == 1:
        values = _encode.of_objects(values) or values
    if values.ndim == 0:
        raise TypeError(f"{name} must be an array-like, one value per {unit}; got the scalar {y!r}.")
    if values.ndim == 2 and values.shape[1] == 1:
        values = values[:, 0]
    if values.ndim > 2:
        raise ValueError(
            f"{name} has {values.ndim} dimensions (shape {values.shape}); expected 1-D "
            "class labels or a 2-D (n_samples, n_labels) multilabel indicator array."
        )
    if values.shape[0] == 0:
        raise ValueError(f"{name} is empty; at least one {unit} is needed.")
    return _Column(values, index, categories, columns)


# --------------------------------------------------------------------------
# Label kinds: numbers (int, bool, integral float) or strings, never both
# --------------------------------------------------------------------------


def _first_missing(values, name):
    missing = pd.isna(values)
    if missing.any():
        count = int(np.count_nonzero(missing))
        first = int(np.flatnonzero(missing)[0])
        raise ValueError(
            f"{name} contains {count} missing label(s) (NaN, None or NA), the first at "
            f"position {first}; drop or fill them before evaluating."
        )


SUPPORTED_LABELS = ("labels must be integers, booleans, integral floats, strings or bytes "
                    "(convert other values, e.g. dates, with .astype(str))")
_KIND_NAMES = {"str": "string", "bytes": "bytes", "number": "numeric"}


def _kind(values):
    """'str', 'bytes' or 'number' (bool included) for validated labels of one kind."""
    kind = values.dtype.kind
    if kind == "O" and len(values):
        kind = {str: "U", bytes: "S"}.get(_value_type(values[0]), "i")
    return {"U": "str", "S": "bytes"}.get(kind, "number")


def _value_type(value):
    """The label type of one Python or numpy value: bool, int, float, str, bytes or None."""
    for kind, types in ((bool, (bool, np.bool_)), (int, (int, np.integer)),
                        (float, (float, np.floating)), (str, str), (bytes, bytes)):
        if isinstance(value, types):
            return kind
    return None


def _not_integral(values, name, position):
    return ValueError(
        f"{name} contains non-integral values (e.g. {_plain(values[position])!r} at "
        f"position {position}); this looks like scores or probabilities; use "
        "ClassificationMetric.from_scores or threshold them."
    )


def _check_floats(values, name):
    """Integral floats are labels (1.0 -> 1): exact integers, never rounded."""
    _first_missing(values, name)
    integral = np.isfinite(values) & (values == np.round(values))
    if not integral.all():
        raise _not_integral(values, name, int(np.flatnonzero(~integral)[0]))
    low, high = values.min(), values.max()
    if -(2.0**63) <= low and high < 2.0**63:  # every integral float in range converts exactly
        return values.astype(np.int64)
    if low >= 0 and high < 2.0**64:
        return values.astype(np.uint64)
    codes, uniques = pd.factorize(values)
    return _python_integers(uniques)[codes]


def _python_integers(values):
    """Exact integers of integral numbers (a few: distinct values), in the smallest
    of int64, uint64 or Python ints (object) that holds them all."""
    integers = [int(value) for value in values]
    for dtype in (np.int64, np.uint64):
        try:
            return np.array(integers, dtype=dtype)
        except OverflowError:
            pass
    objects = np.empty(len(integers), dtype=object)
    objects[:] = integers
    return objects


def _check_objects(values, name):
    """Object arrays hold strings, bytes or Python numbers, of one kind; sort them out.

    The type of every distinct value is looked at once (a hash pass finds them):
    numbers become exact integers (Python ints where int64 and uint64 do not reach).
    """
    inferred = pd.api.types.infer_dtype(values, skipna=False)
    if inferred in ("string", "bytes"):  # all of one kind: nothing missing (that would be "mixed")
        return values
    _first_missing(values, name)
    if inferred == "boolean":
        return values.astype(bool)
    if inferred == "floating":
        return _check_floats(values.astype(np.float64), name)
    if inferred == "integer":  # Python or numpy integers: exact, or an OverflowError
        for dtype in (np.int64, np.uint64):
            try:
                return values.astype(dtype)
            except OverflowError:
                pass
    try:
        codes, uniques = pd.factorize(values)
    except TypeError:  # unhashable values, such as lists, are never labels: name the first
        uniques, codes = np.empty(1, dtype=object), None
        uniques[0] = next((v for v in values if _value_type(v) is None), values[0])
    types = [_value_type(value) for value in uniques]
    unsupported = [value for value, kind in zip(uniques, types) if kind is None]
    if unsupported:
        example = unsupported[0]
        raise TypeError(
            f"{name} has labels of unsupported type {type(example).__name__} (e.g. "
            f"{example!r}); {SUPPORTED_LABELS}."
        )
    for text in (str, bytes):
        if text in types and set(types) != {text}:
            other = next(t for t in types if t is not text)
            raise TypeError(
                f"{name} mixes {_KIND_NAMES[text.__name__]} labels (e.g. "
                f"{uniques[types.index(text)]!r}) with other labels (e.g. "
                f"{uniques[types.index(other)]!r}); use one kind of label (convert with "
                ".astype(str) if needed)."
            )
    if set(types) <= {str, bytes}:
        return values
    if set(types) == {bool}:
        return values.astype(bool)
    for position, (value, kind) in enumerate(zip(uniques, types)):
        if kind is float and not (np.isfinite(value) and value == np.round(value)):
            raise _not_integral(values, name, int(np.flatnonzero(codes == position)[0]))
    return _python_integers(uniques)[codes]


def _check_label_values(values, name):
    """Return the labels as a numpy array of one kind, or raise."""
    kind = values.dtype.kind
    if kind in "biuUS":
        return values
    if kind == "f":
        return _check_floats(values, name)
    if kind == "T":  # numpy's variable-width StringDType: Python strings
        return _check_objects(values.astype(object), name)
    if kind == "O":
        return _check_objects(values, name)
    raise TypeError(
        f"{name} has dtype {values.dtype}, which is not a class label type; "
        f"{SUPPORTED_LABELS}."
    )


def _check_same_kind(named):
    """Labels by argument name, all of one kind, or a TypeError naming two of them."""
    (first, first_values), *others = named.items()
    for other, other_values in others:
        pair = [(first, first_values), (other, other_values)]
        kinds = [_kind(values) for _, values in pair]
        if kinds[0] != kinds[1]:
            if kinds[0] == "number" or kinds[1] == "str":  # the text first
                pair.reverse()
                kinds.reverse()
            (a, a_values), (b, b_values) = pair
            raise TypeError(
                f"{a} has {_KIND_NAMES[kinds[0]]} labels (e.g. {_plain(a_values[0])!r}) but "
                f"{b} has {_KIND_NAMES[kinds[1]]} labels (e.g. {_plain(b_values[0])!r}); "
                "labels of different kinds never compare equal (and do not sort "
                "together): use one kind of label for both."
            )


def common_labels(named):
    """Labels by argument name, of one kind, as arrays that compare exactly.

    Strings and bytes are kept. Integers and booleans (True is 1, as in numpy)
    get one integer type that holds every value: int64 or uint64, else Python
    ints (object), so no value is rounded to a float or wraps to another.
    """
    _check_same_kind(named)
    arrays = list(named.values())
    if _kind(arrays[0]) != "number" or all(a.dtype.kind == "b" for a in arrays):
        return arrays
    arrays = [a.view(np.uint8) if a.dtype.kind == "b" else a for a in arrays]
    if any(a.dtype.kind == "O" for a in arrays):
        return [a if a.dtype.kind == "O" else a.astype(object) for a in arrays]
    common = np.result_type(*arrays)
    if common.kind in "iu":  # exact: numpy compares and concatenates these as integers
        return arrays
    # uint64 with signed integers: numpy would compare them as float64
    unsigned = [a for a in arrays if a.dtype == np.uint64]
    if all(a.max() <= np.iinfo(np.int64).max for a in unsigned if len(a)):
        return [a.astype(np.int64) for a in arrays]
    if all(a.min() >= 0 for a in arrays if a.dtype.kind == "i" and len(a)):
        return [a.astype(np.uint64) for a in arrays]
    return [a.astype(object) for a in arrays]


# --------------------------------------------------------------------------
# The public checks
# --------------------------------------------------------------------------


def check_labels(labels, name="labels"):
    """The user's ``labels``: a non-empty 1-D sequence without duplicates."""
    if labels is None:
        return None
    column = _to_column(labels, name, unit="class")
    if column.values.ndim != 1:
        raise ValueError(f"{name} must be 1-D; got shape {column.values.shape}.")
    values = _check_label_values(column.values, name)
    duplicated = pd.Index(values).duplicated()
    if duplicated.any():
        raise ValueError(
            f"{name} contains duplicates: {_preview(pd.unique(values[duplicated]))}; "
            "each class may appear only once."
        )
    return values


def _check_aligned(named_indexes):
    """Pandas inputs must share one index, or rows would pair up by position."""
    named = [(name, index) for name, index in named_indexes if index is not None]
    for name, index in named[1:]:
        if not index.equals(named[0][1]):
            raise ValueError(
                f"{named[0][0]} and {name} are pandas objects with different indexes, "
                "so their rows would be paired by position, not by index. Align them "
                f"(e.g. {name}.reindex({named[0][0]}.index)) or pass .to_numpy()."
            )


def check_targets(y_true, y_pred, labels=None):
    """Validate the targets; return :class:`Targets` or raise."""
    if labels is None and _plain_integers(y_true, y_pred):
        return Targets(y_true, y_pred, None, None, is_multilabel=False)
    true, pred = _to_column(y_true, "y_true", coded=True), _to_column(y_pred, "y_pred", coded=True)
    if len(true.values) != len(pred.values):
        raise ValueError(
            f"y_true and y_pred have different lengths: {len(true.values)} and "
            f"{len(pred.values)}; they must hold one label per sample each."
        )
    _check_aligned([("y_true", true.index), ("y_pred", pred.index)])
    index = true.index if true.index is not None else pred.index
    if true.values.ndim != pred.values.ndim:
        two, one = ("y_true", "y_pred") if true.values.ndim == 2 else ("y_pred", "y_true")
        shapes = {"y_true": true.values.shape, "y_pred": pred.values.shape}
        raise ValueError(
            f"{two} is 2-D with shape {shapes[two]} (multilabel indicators) but {one} is "
            f"1-D with shape {shapes[one]}; pass both as (n_samples, n_labels) 0/1 arrays, "
            "or both as 1-D class labels (e.g. scores.argmax(axis=1))."
        )
    if true.values.ndim == 2:
        return _check_multilabel(true, pred, labels, index)
    named = {"y_true": _checked_labels(true.values, "y_true"),
             "y_pred": _checked_labels(pred.values, "y_pred")}
    labels = check_labels(labels)
    if labels is not None:
        named["labels"] = labels
    else:
        for column, name in ((true, "y_true"), (pred, "y_pred")):
            if column.categories is not None:
                named[f"the categories of {name}"] = _check_label_values(
                    column.categories, f"the categories of {name}")
    try:
        distinct = common_labels({name: _distinct(values) for name, values in named.items()})
    except TypeError:  # kinds that differ: named by the first sample, as for plain arrays
        common_labels({name: _samples(values) for name, values in named.items()})
        raise
    t, p, *categories = [values.with_uniques(common) if isinstance(values, _encode.Coded)
                         else common for values, common in zip(named.values(), distinct)]
    classes = labels if labels is None else categories[0]
    if labels is None and categories:
        classes = _category_order(categories, t, p)
    return Targets(t, p, classes, index, is_multilabel=False)


def _plain_integers(*arrays):
    """Whether these are non-empty numpy integer arrays of one length: labels every
    check would pass as they are, so small inputs skip the checks' fixed cost
    (uint64, which does not mix with signed types, takes the general way)."""
    kinds = [type(a) is np.ndarray and a.ndim == 1 and a.dtype.kind in "iu"
             and a.dtype != np.uint64 for a in arrays]
    return all(kinds) and len(arrays[0]) == len(arrays[1]) > 0


def _checked_labels(values, name):
    """:func:`_check_label_values` of labels, coded ones by their distinct values;
    coded labels these refuse are checked again as plain ones, for the exact message."""
    if isinstance(values, _encode.Coded):
        try:
            if (not len(values) or values.codes.min() >= 0) and not pd.isna(
                    values.uniques).any():
                return values.with_uniques(_check_label_values(values.uniques, name))
        except (TypeError, ValueError):
            pass
        values = values.values()
    return _check_label_values(values, name)


def _distinct(values):
    """The labels of an array, or the distinct labels of coded ones."""
    return values.uniques if isinstance(values, _encode.Coded) else values


def _samples(values):
    """The labels of an array, or of each sample of coded ones."""
    return values.uniques[values.codes] if isinstance(values, _encode.Coded) else values


def _category_order(categories, t, p):
    """A Categorical's categories fix the class order; other labels go after them."""
    known = pd.Index(np.concatenate(categories)).unique()
    extra = []
    for values in (t, p):
        distinct = pd.unique(_distinct(values))
        other = known.get_indexer(distinct) < 0
        if other.any() and isinstance(values, _encode.Coded):
            other &= values.used()  # only then a pass over the codes
        extra.append(distinct[other])
    return np.concatenate([known.to_numpy(), np.sort(pd.unique(np.concatenate(extra)))])


def _check_indicators(values, name):
    values = np.asarray(values)
    if values.dtype.kind == "b":
        return values
    if values.dtype.kind == "O":
        _first_missing(values, name)
    is_binary = np.isin(values, (0, 1)) if values.dtype.kind in "iufO" else None
    if is_binary is None or not is_binary.all():
        row, col = (0, 0) if is_binary is None else np.argwhere(~is_binary)[0]
        raise ValueError(
            f"{name} is a multilabel indicator array and must hold only 0 and 1; found "
            f"{_plain(values[row, col])!r} at row {row}, column {col}."
        )
    return values.astype(bool)


def _check_multilabel(true, pred, labels, index):
    if true.values.shape != pred.values.shape:
        raise ValueError(
            f"y_true and y_pred are multilabel indicator arrays of different shapes: "
            f"{true.values.shape} and {pred.values.shape}; they must match."
        )
    n_labels = true.values.shape[1]
    if n_labels == 0:
        raise ValueError(
            f"y_true and y_pred are multilabel indicator arrays with no columns (shape "
            f"{true.values.shape}): there is no label to evaluate; give one column per label."
        )
    for column, name in ((true, "y_true"), (pred, "y_pred")):
        if column.columns is not None and column.columns.has_duplicates:
            raise ValueError(
                f"{name} is a DataFrame with duplicate column names "
                f"{_preview(column.columns[column.columns.duplicated()].unique())}; each "
                "label must name one column."
            )
    if true.columns is not None and pred.columns is not None:
        if not true.columns.equals(pred.columns):
            raise ValueError(
                "y_true and y_pred are DataFrames with different columns "
                f"({_preview(true.columns)} and {_preview(pred.columns)}); "
                "put the labels in the same order."
            )
    names = check_labels(labels)
    if names is None:
        columns = true.columns if true.columns is not None else pred.columns
        names = np.asarray(columns) if columns is not None else np.arange(n_labels)
    if len(names) != n_labels:
        raise ValueError(
            f"labels has {len(names)} names but the multilabel arrays have {n_labels} "
            "columns; give one name per column."
        )
    t = _check_indicators(true.values, "y_true")
    p = _check_indicators(pred.values, "y_pred")
    return Targets(t, p, names, index, is_multilabel=True)


def check_sample_weight(sample_weight, n_samples, index=None, positive_sum=True,
                        name="sample_weight"):
    """Finite, non-negative weights, one per sample, with a positive sum.

    One batch of many may weigh zero in all (``positive_sum=False``): only the
    total of all of them must be positive (:func:`check_total`).
    """
    if sample_weight is None:
        return None
    column = _to_column(sample_weight, name)
    if column.index is not None:  # a Series, or a one-column DataFrame
        _check_aligned([("y_true", index), (name, column.index)])
    values = _real_numbers(column.values, name)
    if values.ndim != 1 or len(values) != n_samples:
        raise ValueError(
            f"{name} has shape {values.shape}; expected one weight per sample, "
            f"shape ({n_samples},)."
        )
    # A finite sum means no NaN or infinity, and a minimum >= 0 no negative.
    # Otherwise (or when the sum overflows) find the first.
    with np.errstate(over="ignore", invalid="ignore"):  # found below, by position
        weight, total, low = _float_copy(values)
    if not (np.isfinite(total) and low >= 0):
        for bad, problem in ((~np.isfinite(weight), "NaN or infinite"), (weight < 0, "negative")):
            if bad.any():
                _raise_bad_weights(bad, problem, name)
    if positive_sum and total == 0:  # a sum of non-negative weights
        raise ValueError(f"{name} is all zero; at least one weight must be positive.")
    weight.flags.writeable = False
    return weight


def _float_copy(values):
    """A float64 copy of the weights (the kept one: the caller's array may change), with
    its sum and minimum, each chunk reduced as soon as it is copied, while in cache.
    A NaN anywhere makes the sum NaN, whatever the minimum of the chunks says."""
    copy = np.empty(len(values), np.float64)
    total, low = 0.0, np.inf
    for start in range(0, len(values), _WEIGHT_CHUNK):
        chunk = copy[start:start + _WEIGHT_CHUNK]
        np.copyto(chunk, values[start:start + _WEIGHT_CHUNK], casting="unsafe")
        total, low = total + chunk.sum(), min(low, chunk.min())
    return copy, total, low


def _real_numbers(values, name="sample_weight"):
    """Weights as numbers: numeric arrays as they are; of objects, only real numbers
    (and booleans, True being 1), converted to float64."""
    if values.dtype.kind == "O":
        missing = pd.isna(values)
        if missing.any():
            _raise_bad_weights(missing, "missing (NaN, None or NA)", name)
        if pd.api.types.infer_dtype(values, skipna=False) in (
                "integer", "floating", "mixed-integer-float", "boolean"):
            return values.astype(np.float64)
    elif values.dtype.kind in "biuf":
        return values
    example = values.ravel()[0]
    raise TypeError(
        f"{name} must be numeric (real numbers); got dtype {values.dtype} (e.g. "
        f"{_plain(example)!r}). Convert text with pd.to_numeric; complex numbers, dates "
        "and durations are not weights."
    )


def _raise_bad_weights(bad, problem, name="sample_weight"):
    raise ValueError(
        f"{name} contains {int(np.count_nonzero(bad))} {problem} "
        f"value(s), the first at position {int(np.flatnonzero(bad)[0])}; "
        "weights must be finite and non-negative."
    )


def unlisted_labels(found, where="y_true or y_pred"):
    """The error for data labels that ``labels`` leaves out."""
    return ValueError(
        f"{where} contain label(s) missing from labels: {_preview(found)}; "
        "add them to labels (nothing is dropped silently)."
    )


def check_option(name, value, allowed):
    """``value`` must be one of ``allowed``; suggest the closest valid spelling."""
    if any(value is option or (isinstance(value, str) and value == option) for option in allowed):
        return value
    raise _not_one_of(name, value, allowed)


def _not_one_of(name, value, allowed):
    hint = _closest(value, [str(a) for a in allowed], n=2)
    return ValueError(f"{name} must be one of {list(allowed)}; got {value!r}.{hint}")


def _closest(value, candidates, n=3):
    """' Did you mean ...?' with the closest candidates, ignoring case; or ''.

    The same name in another case wins, then names containing the value
    ("kappa" -> "cohen_kappa_score"), then the closest spellings.
    """
    by_lower = {str(c).lower(): c for c in candidates}
    value = str(value).lower()
    containing = [c for c in by_lower if len(value) >= 4 and value in c]
    chosen = ([value] if value in by_lower else containing[:n]
              or difflib.get_close_matches(value, by_lower, n=n, cutoff=0.5))
    return f" Did you mean {' or '.join(repr(by_lower[c]) for c in chosen)}?" if chosen else ""


def unknown_metric(name, aliases, names):
    return ValueError(
        f"unknown metric name {name!r}; use a short alias {aliases} or its long "
        f"name.{_closest(name, names)}"
    )


def check_metric_parameters(metric, params, accepted):
    """``params`` must be a dict (or None) whose keys the metric accepts."""
    if params is None:
        return {}
    if not isinstance(params, dict):
        raise TypeError(
            f"parameters of {metric} must be a dict (or None); got {type(params).__name__}."
        )
    for key in params:
        if key not in accepted:
            raise TypeError(
                f"{metric} has no parameter {key!r}; it takes {list(accepted)}."
                f"{_closest(key, accepted, n=1)}"
            )
    return params


def check_beta(beta):
    """F-beta's beta: a finite number >= 0 (0 gives precision)."""
    is_number = isinstance(beta, (int, float, np.number)) and not isinstance(beta, (bool, np.bool_))
    if not is_number or not np.isfinite(beta) or beta < 0:
        raise ValueError(
            f"beta must be a finite number >= 0 (0 gives precision); got {beta!r}. "
            "For recall (beta -> infinity) use RS."
        )
    return float(beta)


def binary_unsupported(target, n_classes):
    """scikit-learn's error for average='binary' on a problem that is not binary."""
    found = "multilabel-indicator" if target == "multilabel" else f"multiclass ({n_classes} classes)"
    return ValueError(
        f"Target is {found} but average='binary'. Please choose another average setting, "
        "one of [None, 'micro', 'macro', 'weighted']; average=None gives every class."
    )


def pos_label_conflict(pos_label, average):
    return ValueError(
        f"pos_label={pos_label!r} selects one class and cannot be combined with "
        f"average={average!r}; pass one of them."
    )


def check_bool(name, value, hint=""):
    if not isinstance(value, (bool, np.bool_)):
        raise ValueError(f"{name} must be True or False; got {value!r}.{hint}")
    return bool(value)


def check_zero_division(zero_division):
    """'warn', 0, 1 or nan (as scikit-learn)."""
    if isinstance(zero_division, str) and zero_division == "warn":
        return zero_division
    is_number = isinstance(zero_division, (int, float, np.number)) and not isinstance(
        zero_division, (bool, np.bool_)
    )
    if is_number and (np.isnan(zero_division) or zero_division in (0, 1)):
        return float(zero_division)
    raise _not_one_of("zero_division", zero_division, ZERO_DIVISION_OPTIONS)


def check_pos_label(pos_label, classes, allow_absent=False):
    """The position of ``pos_label`` in the class order.

    With ``allow_absent`` (a one-class problem, as scikit-learn allows) a label
    of the right kind that is not a class gives None: a class with no samples.
    """
    position = label_position(pos_label, classes)
    same_kind = position is not None
    position = -1 if position is None else position
    if position < 0 and same_kind and allow_absent:
        return None
    if position < 0:
        raise ValueError(
            f"pos_label={pos_label!r} is not a label of this problem; valid labels are "
            f"{_preview(classes)}."
        )
    return int(position)


def multilabel_unsupported(metric, alternative):
    return ValueError(
        f"{metric} is not defined for multilabel targets; use {alternative} instead."
    )


# --------------------------------------------------------------------------
# Evaluations built from tallies: matrices, merges, batches
# --------------------------------------------------------------------------


def check_confusion_matrix(matrix, labels=None):
    """A square matrix of finite, non-negative counts (or weights) and its labels.

    A DataFrame's index names the classes when ``labels`` is None. Integral
    values become exact int64 counts.
    """
    if isinstance(matrix, pd.DataFrame):
        if labels is None and not matrix.index.equals(matrix.columns):
            raise ValueError(
                "matrix is a DataFrame whose index and columns differ; the rows (true) "
                "and columns (predicted) must list the same classes in the same order."
            )
        labels = matrix.index if labels is None else labels
    values = np.asarray(matrix)
    if values.ndim != 2 or values.shape[0] != values.shape[1] or values.size == 0:
        raise ValueError(
            f"matrix must be a non-empty square K x K confusion matrix (rows true, columns "
            f"predicted); got shape {values.shape}."
        )
    if values.dtype.kind not in "iuf":
        raise TypeError(f"matrix must hold numbers (counts or weights); got dtype {values.dtype}.")
    for bad, problem in ((~np.isfinite(values), "NaN or infinite"), (values < 0, "negative")):
        if bad.any():
            row, column = np.argwhere(bad)[0]
            raise ValueError(
                f"matrix contains {int(np.count_nonzero(bad))} {problem} value(s), the first "
                f"at row {row}, column {column}; counts must be finite and non-negative."
            )
    if not values.any():
        raise ValueError("matrix is all zero; at least one sample must be counted.")
    integral = values.dtype.kind in "iu" or (values == np.round(values)).all()
    if integral and values.dtype.kind in "iu":
        check_count_total(exact_total(values), "matrix")
    elif integral and exact_total(values) > INT64_MAX:
        integral = False  # too large to count exactly: kept as weights
    values = np.array(values, dtype=np.int64 if integral else np.float64)
    n_classes = len(values)
    labels = np.arange(n_classes) if labels is None else check_labels(labels)
    if len(labels) != n_classes:
        raise ValueError(
            f"labels has {len(labels)} names but matrix is {n_classes} x {n_classes}; "
            "give one label per row."
        )
    return values, labels


INT64_MAX = np.iinfo(np.int64).max


def exact_total(values):
    """The sum of non-negative numbers, exact for integers (a Python int)."""
    with np.errstate(over="ignore"):
        estimate = values.sum(dtype=np.float64)
    if estimate < 2.0**62:  # far from int64's limit: sum in int64
        return int(values.sum(dtype=np.int64)) if values.dtype.kind in "iu" else values.sum()
    return sum(int(v) for v in values.ravel().tolist())


def check_count_total(total, what):
    """Counts are int64: a total beyond it would wrap to another number."""
    if total > INT64_MAX:
        raise OverflowError(
            f"{what} counts {total} samples in all, more than the 2**63 - 1 that int64 "
            "counts hold; divide the counts (every ratio metric is unchanged) or pass "
            "them as floats (weights)."
        )


def samples_not_kept():
    """The error for query-time weights on an object that holds tallies only."""
    return ValueError(
        "sample_weight cannot be given to a query of an evaluation built from tallies "
        "(from_confusion_matrix, a + b, from_batches, from_dask): it keeps no per-sample "
        "labels to weight. Pass the weights when building it."
    )


def check_mergeable(first, second):
    """Two evaluations (labels, is_multilabel) that can be added up."""
    (first_labels, first_multilabel), (second_labels, second_multilabel) = first, second
    if first_multilabel != second_multilabel:
        raise ValueError(
            "cannot add a multilabel evaluation to a single-label one; both sides must "
            "have the same kind of targets."
        )
    kinds = _kind(first_labels), _kind(second_labels)
    if kinds[0] != kinds[1]:
        raise TypeError(
            f"cannot add evaluations with {_KIND_NAMES[kinds[0]]} labels and "
            f"{_KIND_NAMES[kinds[1]]} labels ({_preview(first_labels)} and "
            f"{_preview(second_labels)}); use one kind."
        )
    if first_multilabel and not np.array_equal(first_labels, second_labels):
        raise ValueError(
            f"cannot add multilabel evaluations with different labels "
            f"({_preview(first_labels)} and {_preview(second_labels)}); the indicator "
            "columns must be the same, in the same order."
        )


def same_option(first, second):
    """Equal values, as labels compare: 1 == np.int64(1) == 1.0 == True; nan == nan;
    a string equals only a string (1 and "1" differ)."""
    if isinstance(first, (str, bytes)) != isinstance(second, (str, bytes)):
        return False
    first_nan, second_nan = (isinstance(v, (float, np.floating)) and v != v
                             for v in (first, second))
    if first_nan or second_nan:
        return first_nan and second_nan
    try:
        return bool(first == second)
    except (TypeError, ValueError):  # values without a single truth value
        return False


def merged_options(first, second):
    """Constructor options of two evaluations being added: they must agree."""
    for name in sorted(set(first) | set(second)):
        if name in first and name in second and same_option(first[name], second[name]):
            continue
        values = first.get(name, "<not given>"), second.get(name, "<not given>")
        raise ValueError(
            f"cannot add evaluations built with different {name} ({values[0]!r} and "
            f"{values[1]!r}); build both with the same options."
        )
    merged = dict(first, **second)
    for name, value in first.items():  # True met 1: the labels of the sum are integers
        if isinstance(second[name], (bool, np.bool_)) and not isinstance(value, (bool, np.bool_)):
            merged[name] = value
    return merged


def unknown_state_version(version, library, current, known):
    return ValueError(
        f"cannot load this ClassificationMetric: it was pickled with state version {version!r} "
        f"(permetrics_lite {library}), and this permetrics_lite ({current}) reads versions 0 "
        f"to {known}; upgrade permetrics_lite to load it."
    )


def check_batch(batch, number):
    """One item of ``from_batches``: (y_true, y_pred) or (y_true, y_pred, sample_weight)."""
    if not isinstance(batch, (tuple, list)) or len(batch) not in (2, 3):
        raise TypeError(
            f"batch {number} must be a tuple (y_true, y_pred) or (y_true, y_pred, "
            f"sample_weight); got {type(batch).__name__}"
            f"{f' of length {len(batch)}' if isinstance(batch, (tuple, list)) else ''}."
        )
    return tuple(batch) + (None,) * (3 - len(batch))


def check_total(total, parts):
    """The summed weight of all batches (or blocks) must be positive."""
    if not total:
        raise ValueError(f"sample_weight is all zero in every one of the {parts}; at least "
                         "one weight must be positive.")


def no_batches():
    return ValueError("from_batches got no batches; at least one (y_true, y_pred) is needed.")


def missing_extra(feature, module, extra):
    """The error for an optional dependency that is not installed."""
    return ImportError(
        f"{feature} needs the optional dependency {module}; install it with "
        f"pip install 'permetrics_lite[{extra}]'."
    )


def in_part(error, part, number):
    """``error`` raised by one batch (or block) of many, with its number."""
    return type(error)(f"{part} {number}: {error}")


def not_dask(name, value):
    return TypeError(
        f"from_dask takes dask arrays or dask Series; {name} is a {type(value).__name__}. "
        "For data in memory use ClassificationMetric(y_true, y_pred)."
    )


def check_dask_shapes(shapes):
    """Dask inputs must hold the same number of samples; ``shapes`` by argument name."""
    (first, first_shape), *others = shapes.items()
    for name, shape in others:
        if shape[0] != first_shape[0]:
            raise ValueError(
                f"{first} and {name} have different lengths: {first_shape[0]} and "
                f"{shape[0]}; they must hold one value per sample each."
            )


# --------------------------------------------------------------------------
# Scores: from_scores, top-k accuracy, threshold sweeps
# --------------------------------------------------------------------------


@dataclass(frozen=True)
class ScoreTargets:
    """Validated scores: labels of one kind and finite numeric scores."""

    true: np.ndarray  # 1-D labels
    scores: np.ndarray  # (N,) float64 binary scores, or an (N, K) numeric matrix
    columns: np.ndarray  # the class of each column; (negative, positive) for 1-D scores
    classes: np.ndarray  # the same classes in the order of the evaluation
    index: Optional[pd.Index]
    positive: int = 1  # the column of the positive class of binary scores
    dtype: np.dtype = np.dtype(np.float64)  # the scores' own type, before float64


def _named_columns(frame):
    """The column names of a DataFrame (pandas or polars) or a pyarrow Table; None for
    the default names of unnamed columns (pandas' 0..K-1, polars' column_0..), and for
    anything else."""
    if not isinstance(frame, pd.DataFrame):
        found = _frame_columns(frame)
        if found is None or found[0] == [f"column_{i}" for i in range(len(found[0]))]:
            return None  # polars' default names of unnamed columns name no class
        return pd.Index(found[0])
    columns = frame.columns
    unnamed = isinstance(columns, pd.RangeIndex) and columns.start == 0 and columns.step == 1
    return None if unnamed else columns


def check_scores(y_true, y_score, labels, pos_label=None):
    """Validate ``from_scores`` input; return :class:`ScoreTargets` or raise.

    ``pos_label`` (None when not given) names the class of 1-D scores.
    """
    names = _named_columns(y_score)
    true, score = _to_column(y_true, "y_true"), _to_column(y_score, "y_score")
    if true.values.ndim != 1:
        raise ValueError(
            f"y_true has shape {true.values.shape}; from_scores takes 1-D class labels "
            "(multilabel scores are not supported)."
        )
    if len(true.values) != len(score.values):
        raise ValueError(
            f"y_true and y_score have different lengths: {len(true.values)} and "
            f"{len(score.values)}; they must hold one label and one score (row) per sample."
        )
    _check_aligned([("y_true", true.index), ("y_score", score.index)])
    scores, dtype = _check_score_values(score.values)
    named = {"y_true": _check_label_values(true.values, "y_true")}
    labels = check_labels(labels)
    if labels is not None:
        named["labels"] = labels
    if names is not None and scores.ndim == 2:  # a DataFrame's columns name the classes
        named["the columns of y_score"] = check_labels(np.asarray(names), "the columns of y_score")
    elif labels is None and true.categories is not None:
        named["the categories of y_true"] = check_labels(true.categories,
                                                         "the categories of y_true")
    values, *given = common_labels(named)
    classes = given[0] if given else None
    if scores.ndim == 2:
        columns = given[-1] if names is not None else classes
        if columns is None:
            columns = classes = np.sort(pd.unique(values))
        elif labels is None and names is None:  # a Categorical: columns in sorted order
            columns = np.sort(classes)
        _check_score_columns(scores, columns)
        if labels is not None and names is not None:  # classes named, labels their order
            _check_same_classes(classes, columns)
        positive = 1  # the second column (scikit-learn's classes_[1]) ...
        if len(columns) == 2 and pos_label is not None:  # ... unless pos_label names one
            positive = label_position(pos_label, columns)
            if positive is None or positive < 0:
                raise ValueError(f"pos_label={pos_label!r} is not a label of this problem; "
                                 f"valid labels are {_preview(columns)}.")
    else:
        claims = {} if pos_label is None else {f"pos_label={pos_label!r}": pos_label}
        if names is not None:
            claims[f"the column name of y_score ({names[0]!r})"] = names[0]
        classes, positive = _binary_classes(values, classes, labels is not None, claims)
        columns, positive = classes[[1 - positive, positive]], 1
    return ScoreTargets(values, scores, columns, classes,
                        true.index if true.index is not None else score.index, positive, dtype)


def _binary_classes(values, classes, given, claims):
    """The two classes of 1-D scores and the position of the positive one.

    ``classes``: the user's labels (``given``), a Categorical's categories, or
    None for the sorted classes of ``values``. ``claims``: other arguments that
    name the positive class; they must agree with each other and with labels.
    """
    if classes is None:
        classes = np.sort(pd.unique(values))
    if len(classes) == 1 and not given:
        for value in claims.values():  # the other class, named by pos_label
            if label_position(value, classes) == -1:
                other = _check_label_values(_sequence_to_array([value]), "pos_label")
                pair = np.sort(np.concatenate(common_labels({"y_true": classes,
                                                             "pos_label": other})))
                if len(pd.unique(pair)) == 2:  # True beside 1 is no second class
                    classes = pair
                break
    if len(classes) == 1 and not given:
        classes = _implied_pair(values, classes)
    _check_score_columns(np.empty(0), classes)
    positions = {} if not given else {f"labels={_preview(classes)}": 1}
    for source, value in claims.items():
        position = label_position(value, classes)
        if position is None or position < 0:
            raise ValueError(
                f"{source} is not a label of this problem; valid labels are "
                f"{_preview(classes)}."
            )
        positions[source] = position
    if len(set(positions.values())) > 1:
        first, at = next(iter(positions.items()))
        second, other = next((s, p) for s, p in positions.items() if p != at)
        raise ValueError(
            f"{first} and {second} disagree on the positive class of 1-D y_score "
            f"({_plain(classes[at])!r} against {_plain(classes[other])!r}); 1-D scores are "
            "the scores of the positive class: name it once (pos_label, or "
            "labels=[negative, positive])."
        )
    if positions:
        return classes, next(iter(positions.values()))
    second = np.sort(classes)[1]  # scikit-learn's classes_[1]
    return classes, int(np.flatnonzero(classes == second)[0])


def _implied_pair(values, found):
    """One class in y_true still names the pair when it is boolean or in {0, 1}
    or {-1, 1}, as scikit-learn assumes."""
    for pair in ((False, True), (0, 1), (-1, 1)):
        if (values.dtype.kind == "b") == isinstance(pair[0], bool) and found[0] in pair:
            return np.array(pair, dtype=values.dtype)
    raise ValueError(
        f"y_true holds one class ({_plain(found[0])!r}) and y_score is 1-D, so the "
        "other class is unknown; pass labels=[negative, positive] or pos_label."
    )


def label_position(label, classes):
    """The position of ``label`` among ``classes``; -1 when absent, None when of another kind."""
    kind = {str: "str", bytes: "bytes"}.get(_value_type(label), "number")
    if kind != _kind(classes):
        return None  # a string never matches a number (and "1" is not 1)
    if classes.dtype.kind == "b" and _value_type(label) is not bool and label in (0, 1):
        label = bool(label)  # 1 is True, as in Python and scikit-learn
    elif _value_type(label) is bool and classes.dtype.kind != "b":
        return -1  # but True is not 1
    found = np.flatnonzero(classes == label)  # classes are distinct; no index to build
    return int(found[0]) if len(found) else -1


def _check_score_values(values):
    """Finite numbers: float64 for 1-D scores (kept), the matrix as it is (not kept);
    and the scores' own dtype (float64 for integers and Python numbers)."""
    if values.dtype.kind == "O":
        missing = pd.isna(values)
        if missing.any():
            _raise_not_finite(missing, "missing (NaN, None or NA)")
        flat = values.ravel()
        kind = pd.api.types.infer_dtype(flat, skipna=False)
        if kind not in _NUMBERS:
            first = next((v for v in flat if not isinstance(v, _NUMBER_TYPES)), None)
            if first is not None:  # text is never read as a number
                raise TypeError(
                    f"y_score must hold numbers (probabilities, scores or decision values); "
                    f"got {type(first).__name__} values such as {first!r}. Convert them to "
                    "numbers first (e.g. pandas.to_numeric); for predicted labels use "
                    "ClassificationMetric(y_true, y_pred)."
                )
        if kind not in ("floating", "boolean"):  # ints and Decimals of any size, not cast yet
            _check_exact_integers(np.array([int(v) if _is_integral(v) else 0 for v in flat],
                                           dtype=object).reshape(values.shape))
        values = values.astype(np.float64)
    if values.dtype.kind not in "biuf":
        raise TypeError(
            f"y_score must hold numbers (probabilities, scores or decision values); got "
            f"dtype {values.dtype}. For predicted labels use ClassificationMetric(y_true, y_pred)."
        )
    if values.dtype.kind in "iu":
        _check_exact_integers(values)
    if values.dtype.kind == "f":
        not_finite = ~np.isfinite(values)
        if not_finite.any():
            _raise_not_finite(not_finite, "NaN or infinite")
    if values.ndim == 2 and values.shape[1] == 0:
        raise ValueError("y_score has no columns; give one column of scores per class.")
    dtype = values.dtype if values.dtype.kind == "f" else np.dtype(np.float64)
    return (values.astype(np.float64) if values.ndim == 1 else values), dtype


_NUMBERS = ("integer", "floating", "mixed-integer-float", "decimal", "boolean")
_NUMBER_TYPES = (bool, int, float, np.number, np.bool_, decimal.Decimal)


def _is_integral(value):
    """An int (not a bool) or a whole Decimal: exact beyond float64's integers."""
    if isinstance(value, decimal.Decimal):
        return value.is_finite() and value == value.to_integral_value()
    return isinstance(value, (int, np.integer)) and not isinstance(value, (bool, np.bool_))
EXACT_INTEGERS = 2**53  # float64 holds every integer up to this, and not every one above


def _check_exact_integers(values):
    """Integer scores are compared as float64: refuse those it cannot hold exactly,
    where neighbours would tie."""
    if -EXACT_INTEGERS <= values.min() and values.max() <= EXACT_INTEGERS:
        return
    beyond = (values < -EXACT_INTEGERS) | (values > EXACT_INTEGERS)
    first = tuple(np.argwhere(beyond)[0])
    where = f"position {first[0]}" if beyond.ndim == 1 else f"row {first[0]}, column {first[1]}"
    raise ValueError(
        f"y_score holds {int(np.count_nonzero(beyond))} integer(s) beyond +-2**53, the "
        f"first {int(values[first])} at {where}; float64 does not hold every such "
        "integer, so neighbouring scores would tie. Pass their ranks instead "
        "(scipy.stats.rankdata keeps their order and ties) or shift them into +-2**53."
    )


def _raise_not_finite(bad, problem):
    first = np.argwhere(bad)[0]
    where = (f"position {first[0]}" if bad.ndim == 1
             else f"row {first[0]}, column {first[1]}")
    raise ValueError(
        f"y_score contains {int(np.count_nonzero(bad))} {problem} value(s), the first at "
        f"{where}; scores must be finite numbers."
    )


def _check_same_classes(labels, columns):
    """``labels`` order the classes that a frame's column names name: the same ones."""
    missing = pd.Index(columns).get_indexer(labels) < 0
    if len(labels) != len(columns) or missing.any():
        raise ValueError(
            f"labels={_preview(labels)} and the columns of y_score ({_preview(columns)}) "
            "name different classes; the column names say which class each column's "
            "scores are of, and labels give the classes' order: name the same classes."
        )


def _check_score_columns(scores, classes):
    """Two classes for 1-D scores, one per column for a matrix."""
    if scores.ndim == 1 and len(classes) != 2:
        raise ValueError(
            f"y_score is 1-D: binary scores, one per sample, for two classes "
            f"(negative, positive); but there are {len(classes)}: {_preview(classes)}. "
            "Pass an (n_samples, n_classes) score matrix, or labels=[negative, positive]."
        )
    if scores.ndim == 2 and scores.shape[1] != len(classes):
        raise ValueError(
            f"y_score has {scores.shape[1]} columns but there are {len(classes)} classes "
            f"{_preview(classes)}; pass labels naming the class of each column."
        )


def check_threshold(threshold):
    """A finite real number."""
    if isinstance(threshold, (bool, np.bool_)) or not isinstance(
            threshold, (int, float, np.integer, np.floating)):
        raise TypeError(f"threshold must be a real number; got {threshold!r}.")
    if not np.isfinite(threshold):
        raise ValueError(f"threshold must be finite; got {threshold!r}.")
    return float(threshold)


def threshold_for_matrix(threshold):
    return ValueError(
        f"threshold={threshold!r} applies to 1-D binary scores; an (n_samples, n_classes) "
        "score matrix predicts the class of its highest score (argmax). Drop threshold, "
        "or pass the positive class's scores as 1-D y_score."
    )


def check_k(k):
    """Top-k's k: an integer >= 1."""
    return _check_integer_from("k", k, 1)


def _check_integer_from(name, value, low):
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, np.integer)):
        raise TypeError(f"{name} must be an integer >= {low}; got {value!r}.")
    if value < low:
        raise ValueError(f"{name} must be >= {low}; got {value}.")
    return int(value)


def scores_needed(query, binary):
    """The error for a score query on an evaluation without the scores it needs."""
    needs, matrix = ("1-D binary scores", ", or from a score matrix") if binary else ("scores", "")
    return ValueError(
        f"{query} needs {needs}, and this evaluation has none: it was built from labels, "
        f"from tallies (a + b, from_confusion_matrix, from_batches, from_dask){matrix}. "
        "Build it with ClassificationMetric.from_scores(y_true, y_score)."
    )


def unknown_curve_metric(metric, names):
    return ValueError(
        f"metric must name a column of the threshold curve (by column, alias or long "
        f"name): one of {list(names)}; got "
        f"{metric!r}.{_closest(metric, names, n=2)}"
    )


def undefined_everywhere(column):
    return ValueError(
        f"{column} is undefined (nan) at every threshold, so none is best; pass "
        "zero_division=0.0 or 1.0 to give 0/0 a value."
    )


# --------------------------------------------------------------------------
# Confidence intervals
# --------------------------------------------------------------------------


def _is_real(value):
    return isinstance(value, (int, float, np.integer, np.floating)) and not isinstance(
        value, (bool, np.bool_))


def check_confidence(confidence):
    """The confidence level: a number strictly between 0 and 1."""
    if not _is_real(confidence) or not 0 < confidence < 1:
        raise ValueError(
            "confidence must be a number strictly between 0 and 1 (0.95 for a 95% "
            f"interval); got {confidence!r}."
        )
    return float(confidence)


def _is_integer(value):
    return isinstance(value, (int, np.integer)) and not isinstance(value, (bool, np.bool_))


def check_n_resamples(n_resamples):
    if not _is_integer(n_resamples) or n_resamples < 1:
        raise ValueError(f"n_resamples must be a positive integer; got {n_resamples!r}.")
    return int(n_resamples)


def check_random_state(random_state):
    """A numpy Generator from None (fresh entropy), a seed >= 0, or a Generator."""
    if random_state is None or isinstance(random_state, np.random.Generator):
        return np.random.default_rng(random_state)
    if _is_integer(random_state):
        if random_state < 0:
            raise ValueError(f"random_state must be a seed >= 0; got {random_state!r}.")
        return np.random.default_rng(random_state)
    raise TypeError(
        "random_state must be None, an integer seed or a numpy.random.Generator; got "
        f"{type(random_state).__name__}."
    )


def resampling_only(name, method):
    return ValueError(
        f"{name} applies to method='bootstrap' or 'bca' only; method={method!r} does not "
        "resample."
    )


class MethodNotApplicable(ValueError):
    """An interval method that cannot give a metric's interval (the summary and the
    report show nan bounds for those rows)."""


def interval_unsupported(method, metric, why, instead=None):
    instead = instead or "use method='bootstrap' or 'bca', which apply to every metric of labels"
    return MethodNotApplicable(f"method={method!r} does not apply to {metric} {why}; {instead}.")


def weighted_interval(method, weights_kept=True):
    """The refusal of a method that counts samples, for a weighted evaluation (integral
    weights too: a weight is no count of samples)."""
    instead = ("use method='bootstrap', which resamples the samples with their weights"
               if weights_kept else
               "it keeps no per-sample weights (a sum, grouped or aggregated tallies), so no "
               "interval method applies; evaluate the samples with their weights and use "
               "method='bootstrap'")
    return ValueError(
        f"method={method!r} needs counts of samples, and this evaluation is weighted (its "
        f"sample weights, integral ones too, are not counts of samples); {instead}. If "
        "each weight counts identical samples, evaluate them as counts: "
        "ClassificationMetric.from_counts(frame, count=...)."
    )


def multilabel_resampling(method):
    return ValueError(
        f"method={method!r} resamples the confusion matrix, which a multilabel evaluation "
        "does not have (its tallies do not keep which labels occur together); use a "
        "proportion method such as method='wilson'."
    )


def resampling_needs_count(method):
    return ValueError(
        f"method={method!r} draws as many samples as the evaluation has, and an evaluation "
        "built from a matrix of weights does not know that number; build it from counts."
    )


def ci_options_without_ci():
    return ValueError(
        "confidence, n_resamples and random_state apply to intervals; pass ci='wilson', "
        "'bootstrap' or another interval method with them."
    )


# --------------------------------------------------------------------------
# Groups
# --------------------------------------------------------------------------


def check_groups(groups, n_samples, index=None):
    """Group codes 0..G-1 (one per sample), the groups in order (tuples for several
    grouping columns; sorted when their values can be, else in order of appearance),
    and the names of the grouping columns."""
    named = _frame_columns(groups)
    if named is not None and len(named[1]) > 1:  # a polars DataFrame or pyarrow Table:
        frame = pd.concat([pd.Series(np.asarray(column), name=name)  # as pandas', its
                           for name, column in zip(*named)], axis=1)  # rows the samples'
        groups = frame if index is None or len(frame) != len(index) else frame.set_axis(index)
    if isinstance(groups, pd.DataFrame) and groups.shape[1] > 1:
        _check_aligned([("y_true", index), ("groups", groups.index)])
        _check_group_count(len(groups), n_samples)
        for name in groups.columns:
            _check_no_missing(groups[name].to_numpy(), f"groups column {name!r}")
        names = [str(name) for name in groups.columns]
        values = pd.MultiIndex.from_frame(groups)
    else:
        column = _to_column(groups, "groups")
        if column.index is not None:
            _check_aligned([("y_true", index), ("groups", column.index)])
        if column.values.ndim != 1:
            raise ValueError(
                f"groups has shape {column.values.shape}; pass one group per sample, or a "
                "DataFrame with one column per grouping."
            )
        _check_group_count(len(column.values), n_samples)
        _check_no_missing(column.values, "groups")
        name = getattr(groups, "name", None)
        if isinstance(groups, pd.DataFrame):
            name = groups.columns[0]
        names = ["group" if name is None else str(name)]
        values = column.values
    try:
        try:
            codes, keys = pd.factorize(values, sort=True)
        except TypeError:  # values that cannot be ordered: the order they appear in
            codes, keys = pd.factorize(values)
    except TypeError as error:
        raise TypeError(f"groups must hold hashable values (numbers, strings, tuples ...); "
                        f"{error}.") from None
    if isinstance(keys, pd.MultiIndex):
        return codes, [tuple(_plain(v) for v in key) for key in keys], names
    return codes, [_plain(key) for key in keys], names


def _check_group_count(count, n_samples):
    if count != n_samples:
        raise ValueError(
            f"groups has {count} values; expected one group per sample ({n_samples})."
        )


def _check_no_missing(values, name):
    missing = pd.isna(values)
    if missing.any():
        raise ValueError(
            f"{name} has {int(missing.sum())} missing value(s) (NaN, None or NA), the first at "
            f"position {int(np.argmax(missing))}; give those samples a group of their own."
        )


def weightless_group(group):
    return ValueError(
        f"every sample of group {group!r} weighs zero (sample_weight), so each of its "
        "metrics would be 0/0; give its samples weight or leave them out."
    )


def groups_missing():
    return TypeError(
        "by_group needs groups: one per sample (an array-like, or a DataFrame of grouping "
        "columns); only an evaluation built by from_counts with group= has its own."
    )


def groups_need_samples():
    return ValueError(
        "by_group needs each sample's labels, and this evaluation keeps tallies only (built "
        "by from_confusion_matrix, a + b, from_batches or from_dask); evaluate the samples "
        "with ClassificationMetric(y_true, y_pred), or pass a group column to from_counts."
    )


def check_group_metrics(metrics):
    """``frame``'s metrics: a name, a sequence of names or a {name: parameters} dict."""
    if isinstance(metrics, str):
        metrics = (metrics,)
    if isinstance(metrics, dict):
        return dict(metrics)
    try:
        return dict.fromkeys(metrics)
    except TypeError:
        raise TypeError(
            "metrics must be a metric name, a sequence of names or a {name: parameters} "
            f"dict; got {type(metrics).__name__}."
        ) from None


def not_one_number(name, group):
    return ValueError(
        f"{name} gives one value per class for group {group!r}; a table of groups needs "
        f"one number per group: pass its average, e.g. metrics={{{name!r}: "
        "{'average': 'macro'}}."
    )


# --------------------------------------------------------------------------
# Comparing models
# --------------------------------------------------------------------------


def check_paired(named_indexes):
    """The predictions of two models pair up with each other by sample, as ``y_true``
    and ``y_pred`` do: pandas inputs must share one index. ``named_indexes``:
    (argument, pandas index or None) pairs."""
    _check_aligned(named_indexes)


# --------------------------------------------------------------------------
# Aggregated rows (from_counts)
# --------------------------------------------------------------------------


def check_count_columns(columns, found):
    """Each argument of from_counts names one column of the frame. ``columns``:
    {argument: column name or None}; ``found``: the frame's column names."""
    text = [str(c) for c in found]
    for argument, name in columns.items():
        if name is not None and name not in found:
            raise ValueError(
                f"{argument}={name!r} names no column of the frame; its columns are "
                f"{text}.{_closest(name, text, n=1)}"
            )
        if name is not None and found.count(name) > 1:
            raise ValueError(
                f"{argument}={name!r} names {found.count(name)} columns of the frame; "
                "rename them so that each name is one column."
            )


# --- metrics of scores (``metrics.score_metrics``) ---


class NotProbabilities(ValueError):
    """Scores given where a metric needs probabilities."""


def not_probabilities(query, problem):
    return NotProbabilities(
        f"{query} needs probabilities, and y_score {problem}. Pass predict_proba output "
        "(1-D: the positive class's probability; a matrix: rows summing to 1)."
    )


def check_max_fpr(max_fpr):
    """ROC AUC's max_fpr: a real number in (0, 1]."""
    if isinstance(max_fpr, (bool, np.bool_)) or not isinstance(
            max_fpr, (int, float, np.integer, np.floating)):
        raise TypeError(f"max_fpr must be a real number in (0, 1]; got {max_fpr!r}.")
    if not 0 < max_fpr <= 1:
        raise ValueError(f"max_fpr must be in (0, 1]; got {max_fpr!r}.")
    return float(max_fpr)


def multiclass_max_fpr(max_fpr):
    return ValueError(
        f"max_fpr={max_fpr!r} applies to binary problems; a multiclass score matrix has "
        "no partial AUC. Drop max_fpr."
    )


def ovo_per_class():
    return ValueError(
        'average=None needs multi_class="ovr": one-vs-one AUCs belong to pairs of '
        'classes, not to classes. Pass average="macro" or "weighted".'
    )


def check_n_bins(n_bins):
    """Calibration's n_bins: an integer >= 1."""
    return _check_integer_from("n_bins", n_bins, 1)


def weighted_quantile_bins(query):
    return ValueError(
        f'{query}: strategy="quantile" bins at the quantiles of the samples, which sample '
        'weights leave undefined; pass strategy="uniform", or build the evaluation '
        "without sample_weight."
    )


def binary_curve_only(query, n_classes):
    return ValueError(
        f"{query} is the curve of a binary problem, and this evaluation's score matrix has "
        f"{n_classes} classes. Build one evaluation per class with from_scores(y_true == "
        "label, y_score[:, column]), or use roc_auc_score / average_precision_score, "
        "which average over classes."
    )


def one_class_curve(query):
    return ValueError(
        f"{query} is undefined: y_true has samples of one class only (weight on one side), "
        "and the curve needs both."
    )


# --- scikit-learn's classification_report (``metrics.tables``) ---


def check_digits(digits):
    """The report's digits: an integer >= 0."""
    return _check_integer_from("digits", digits, 0)


def check_target_names(target_names, labels):
    """The name of each class's row: the given names, else each label as text."""
    if target_names is None:
        return ["%s" % (label,) for label in labels]
    if isinstance(target_names, (str, bytes)) or not np.iterable(target_names):
        raise TypeError(
            f"target_names must be a sequence of names, one per class; got {target_names!r}."
        )
    names = list(target_names)
    if len(names) != len(labels):
        raise ValueError(
            f"target_names has {len(names)} names but the evaluation has {len(labels)} "
            f"classes ({_preview(labels)}); give one name per class, in the order of labels."
        )
    return names


def samples_average_unavailable():
    return ValueError(
        "classification_report of a multilabel evaluation needs each sample's labels for "
        "its 'samples avg' row, and this evaluation keeps tallies only (a + b, "
        "from_batches, from_dask, by_group). Build it from the indicator arrays: "
        "ClassificationMetric(y_true, y_pred).classification_report()."
    )
