"""Groups of samples (``by_group``, ``from_counts(group=...)``): one group per
sample, or a frame of grouping columns."""

import numpy as np
import pandas as pd

from .arrays import check_aligned, frame_columns, plain, to_column
from .errors import InputError, InputTypeError, Phrase


def check_groups(groups, n_samples, index=None):
    """Group codes 0..G-1 (one per sample), the groups in order (tuples for several
    grouping columns; sorted when their values can be, else in order of appearance),
    and the names of the grouping columns."""
    named = frame_columns(groups)
    if named is not None and len(named[1]) > 1:  # a polars DataFrame or pyarrow Table:
        frame = pd.concat([pd.Series(np.asarray(column), name=name)  # as pandas', its
                           for name, column in zip(*named)], axis=1)  # rows the samples'
        groups = frame if index is None or len(frame) != len(index) else frame.set_axis(index)
    if isinstance(groups, pd.DataFrame) and groups.shape[1] > 1:
        check_aligned([("y_true", index), ("groups", groups.index)])
        _check_group_count(len(groups), n_samples)
        for name in groups.columns:
            _check_no_missing(groups[name].to_numpy(),
                              Phrase("{groups} column {name!r}", "groups", name=name))
        names = [str(name) for name in groups.columns]
        values = pd.MultiIndex.from_frame(groups)
    else:
        column = to_column(groups, "groups")
        if column.index is not None:
            check_aligned([("y_true", index), ("groups", column.index)])
        if column.values.ndim != 1:
            raise InputError(
                "{groups} has shape {shape}; pass one group per sample, or a DataFrame with "
                "one column per grouping.", "groups", shape=column.values.shape
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
        raise InputTypeError("{groups} must hold hashable values (numbers, strings, tuples "
                             "...); {error}.", "groups", error=error) from None
    if isinstance(keys, pd.MultiIndex):
        return codes, [tuple(plain(v) for v in key) for key in keys], names
    return codes, [plain(key) for key in keys], names


def _check_group_count(count, n_samples):
    if count != n_samples:
        raise InputError(
            "{groups} has {count} values; expected one group per sample ({n_samples}).",
            "groups", count=count, n_samples=n_samples
        )


def _check_no_missing(values, name):
    missing = pd.isna(values)
    if missing.any():
        raise InputError(
            "{0} has {count} missing value(s) (NaN, None or NA), the first at position "
            "{first}; give those samples a group of their own.", name,
            count=int(missing.sum()), first=int(np.argmax(missing))
        )


def weightless_group(group):
    return InputError(
        "every sample of group {group!r} weighs zero ({sample_weight}), so each of its "
        "metrics would be 0/0; give its samples weight or leave them out.", "sample_weight",
        group=group
    )
