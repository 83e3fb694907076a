"""``sample_weight``: finite, non-negative real numbers, one per sample."""

import decimal
import math
import numbers

import numpy as np
import pandas as pd

from .arrays import check_aligned, plain, to_column
from .errors import InputError, InputTypeError

_WEIGHT_CHUNK = 2**16  # weights copied and checked per step: 512 KiB stays in cache
# the Python and numpy numbers that float64 holds exactly, or rounds as numpy does
_FLOAT_TYPES = (int, float, bool, np.integer, np.floating, np.bool_)
_NUMBER_TYPES = (numbers.Number, decimal.Decimal)  # numbers of any kind, complex included


def check_sample_weight(sample_weight, n_samples, index=None, positive_sum=True,
                        name="sample_weight"):
    """Finite, non-negative weights, one per sample, with a positive sum.

    One batch of many may weigh zero in all (``positive_sum=False``): only the
    total of all of them must be positive (:func:`.tallies.check_total`).
    """
    if sample_weight is None:
        return None
    column = to_column(sample_weight, name)
    if column.index is not None:  # a Series, or a one-column DataFrame
        check_aligned([("y_true", index), (name, column.index)])
    values = _real_numbers(column.values, name)
    if values.ndim != 1 or len(values) != n_samples:
        raise InputError(
            "{0} has shape {shape}; expected one weight per sample, shape ({n_samples},).",
            name, shape=values.shape, n_samples=n_samples
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
        raise InputError("{0} is all zero; at least one weight must be positive.", name)
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
    """Weights as numbers: numeric arrays as they are; of objects, only Python and numpy
    integers, floats and booleans (True being 1), converted to float64."""
    if values.dtype.kind == "O":
        missing = pd.isna(values)
        if missing.any():
            _raise_bad_weights(missing, "missing (NaN, None or NA)", name)
        kind = pd.api.types.infer_dtype(values, skipna=False)
        if kind in ("integer", "floating", "mixed-integer-float", "boolean"):
            return as_floats(values, name)
        # booleans beside numbers are "mixed-integer" or "mixed", as text beside ints
        # is: only a look at each value tells them apart
        if kind in ("mixed-integer", "mixed") and all(
                isinstance(value, _FLOAT_TYPES) for value in values.ravel()):
            return as_floats(values, name)
    elif values.dtype.kind in "biuf":
        return values
    flat = values.ravel()
    # the first value that is no number (text), else of another type (a Decimal)
    example = next((value for value in flat if not isinstance(value, _NUMBER_TYPES)),
                   next((value for value in flat if not isinstance(value, _FLOAT_TYPES)),
                        flat[0]))
    raise InputTypeError(
        "{0} must be numeric (real numbers); got dtype {dtype} (e.g. {example!r}). Convert "
        "text with pd.to_numeric; complex numbers, dates and durations are not weights.", name,
        dtype=values.dtype, example=plain(example)
    )


def _raise_bad_weights(bad, problem, name="sample_weight"):
    raise InputError(
        "{0} contains {count} {problem} value(s), the first at position {first}; weights must "
        "be finite and non-negative.", name, count=int(np.count_nonzero(bad)), problem=problem,
        first=int(np.flatnonzero(bad)[0])
    )


def as_floats(values, name="sample_weight"):
    """Numbers held as objects (Python ints and floats, decimals), as float64; refused
    where float64 cannot hold one: a positive decimal below about 5e-324 would weigh
    0, a decimal or a Python int beyond about 1.8e308 would be infinite."""
    try:
        floats = values.astype(np.float64)
    except OverflowError:  # a Python int beyond float64: found below
        floats = np.array([_float_or_infinity(value) for value in values])
    # only the few weights that came out 0 or infinite are looked at again
    lost = [i for i in np.flatnonzero((floats == 0) | np.isinf(floats))
            if _finite_nonzero(values[i])]
    if lost:
        raise InputError(
            "{0} has {n} value(s) beyond the range of float64 weights (e.g. {example:.3g} at "
            "position {first}, which would weigh {became}); scale every weight by one power "
            "of ten (no ratio changes).", name, n=len(lost),
            example=decimal.Decimal(values[lost[0]]), first=int(lost[0]),
            became=floats[lost[0]].item())
    return floats


def _float_or_infinity(value):
    try:
        return float(value)
    except OverflowError:
        return math.inf


def _finite_nonzero(value):
    """Whether a number is finite and not 0 (which float64 may not hold)."""
    if isinstance(value, decimal.Decimal):
        return value.is_finite() and value != 0
    if isinstance(value, numbers.Integral):  # of any size: math.isfinite would overflow
        return value != 0
    return math.isfinite(value) and value != 0
