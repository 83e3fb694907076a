"""Label values: numbers (int, bool, integral float) or strings, never both.

Labels are checked, never coerced: no rounding, no mixing of kinds, integers
kept exact. Also the user's ``labels``, the position of a label among the
classes, and the error for labels that ``labels`` leaves out.
"""

import numpy as np
import pandas as pd

from .arrays import plain, preview, to_column
from .errors import InputError, InputTypeError, Phrase, Term


def first_missing(values, name):
    """Refuse missing labels (NaN, None or NA), naming the first."""
    missing = pd.isna(values)
    if missing.any():
        count = int(np.count_nonzero(missing))
        first = int(np.flatnonzero(missing)[0])
        raise InputError(
            "{0} contains {count} missing label(s) (NaN, None or NA), the first at position "
            "{first}; drop or fill them before evaluating.", name, count=count, first=first
        )


SUPPORTED_LABELS = ("labels must be integers, booleans, integral floats, strings or bytes "
                    "(convert other values, e.g. dates, with .astype(str))")
KIND_NAMES = {"str": "string", "bytes": "bytes", "number": "numeric"}


def label_kind(values):
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
    return InputError(
        "{0} contains non-integral values (e.g. {value!r} at position {position}); this looks "
        "like scores or probabilities; use {1} or threshold them.", name,
        Term("ClassificationMetric.from_scores"), value=plain(values[position]),
        position=position
    )


def _check_floats(values, name):
    """Integral floats are labels (1.0 -> 1): exact integers, never rounded."""
    first_missing(values, name)
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
    first_missing(values, name)
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
        raise InputTypeError(
            "{0} has labels of unsupported type {type} (e.g. {example!r}); {supported}.", name,
            type=type(example).__name__, example=example, supported=SUPPORTED_LABELS
        )
    for text in (str, bytes):
        if text in types and set(types) != {text}:
            other = next(t for t in types if t is not text)
            raise InputTypeError(
                "{0} mixes {kind} labels (e.g. {text!r}) with other labels (e.g. {other!r}); "
                "use one kind of label (convert with .astype(str) if needed).", name,
                kind=KIND_NAMES[text.__name__], text=uniques[types.index(text)],
                other=uniques[types.index(other)]
            )
    if set(types) <= {str, bytes}:
        return values
    if set(types) == {bool}:
        return values.astype(bool)
    for position, (value, kind) in enumerate(zip(uniques, types)):
        if kind is float and not (np.isfinite(value) and value == np.round(value)):
            raise _not_integral(values, name, int(np.flatnonzero(codes == position)[0]))
    return _python_integers(uniques)[codes]


def check_label_values(values, name):
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
    raise InputTypeError(
        "{0} has dtype {dtype}, which is not a class label type; {supported}.", name,
        dtype=values.dtype, supported=SUPPORTED_LABELS
    )


def _check_same_kind(named):
    """Labels by argument name, all of one kind, or a TypeError naming two of them."""
    (first, first_values), *others = named.items()
    for other, other_values in others:
        pair = [(first, first_values), (other, other_values)]
        kinds = [label_kind(values) for _, values in pair]
        if kinds[0] != kinds[1]:
            if kinds[0] == "number" or kinds[1] == "str":  # the text first
                pair.reverse()
                kinds.reverse()
            (a, a_values), (b, b_values) = pair
            raise InputTypeError(
                "{0} has {kind_a} labels (e.g. {example_a!r}) but {1} has {kind_b} labels "
                "(e.g. {example_b!r}); labels of different kinds never compare equal (and do "
                "not sort together): use one kind of label for both.", a, b,
                kind_a=KIND_NAMES[kinds[0]], example_a=plain(a_values[0]),
                kind_b=KIND_NAMES[kinds[1]], example_b=plain(b_values[0])
            )


def common_labels(named):
    """Labels by argument name, of one kind, as arrays that compare exactly.

    Strings and bytes are kept. Integers and booleans (True is 1, as in numpy)
    get one integer type that holds every value: int64 or uint64, else Python
    ints (object), so no value is rounded to a float or wraps to another.
    """
    _check_same_kind(named)
    arrays = list(named.values())
    if label_kind(arrays[0]) != "number" or all(a.dtype.kind == "b" for a in arrays):
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


def check_labels(labels, name="labels"):
    """The user's ``labels``: a non-empty 1-D sequence without duplicates."""
    if labels is None:
        return None
    column = to_column(labels, name, unit="class")
    if column.values.ndim != 1:
        raise InputError("{0} must be 1-D; got shape {shape}.", name, shape=column.values.shape)
    values = check_label_values(column.values, name)
    duplicated = pd.Index(values).duplicated()
    if duplicated.any():
        raise InputError(
            "{0} contains duplicates: {duplicates}; each class may appear only once.", name,
            duplicates=preview(pd.unique(values[duplicated]))
        )
    return values


def label_position(label, classes):
    """The position of ``label`` among ``classes``; -1 when absent, None when of another kind."""
    kind = {str: "str", bytes: "bytes"}.get(_value_type(label), "number")
    if kind != label_kind(classes):
        return None  # a string never matches a number (and "1" is not 1)
    if classes.dtype.kind == "b" and _value_type(label) is not bool and label in (0, 1):
        label = bool(label)  # 1 is True, as in Python and scikit-learn
    elif _value_type(label) is bool and classes.dtype.kind != "b":
        return -1  # but True is not 1
    found = np.flatnonzero(classes == label)  # classes are distinct; no index to build
    return int(found[0]) if len(found) else -1


def unlisted_labels(found, where="y_true or y_pred", first=None):
    """The error for data labels that ``labels`` leaves out; ``first``: the position of
    the first sample that has one, when known."""
    at = "" if first is None else f", the first at position {first}"
    return InputError(
        "{0} contains label(s) missing from {labels}: {found}{at}; add them to {labels} "
        "(nothing is dropped silently).", _alternatives(where), "labels", found=preview(found),
        at=at
    )


def _alternatives(where):
    """``"y_true or y_pred"`` as the parameters it names; a phrase as it is."""
    if isinstance(where, str):
        names = where.split(" or ")
        if not all(name.isidentifier() for name in names):
            return Term(where)
        return Phrase(" or ".join(f"{{{i}}}" for i in range(len(names))), *names)
    return where
