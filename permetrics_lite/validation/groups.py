"""Groups of samples (``by_group``, ``from_counts(group=...)``): one group per
sample, or a frame of grouping columns."""

import numpy as np
import pandas as pd

from .arrays import check_aligned, frame_columns, plain, to_column
from .errors import InputError, InputTypeError, Phrase


def check_groups(groups, n_samples, index=None):
    """Group codes 0..G-1 (one per sample), the groups in order (tuples for several
    grouping columns; a pandas Categorical's in the order of its categories, others
    sorted when their values can be, else in order of appearance), and the names of
    the grouping columns."""
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
        columns = [_factorized(_categories_kept(groups[name], groups[name].to_numpy()))
                   for name in groups.columns]
        # the groups in each column's order, the first column first
        rows, codes = np.unique(np.stack([c for c, _ in columns], axis=1), axis=0,
                                return_inverse=True)
        keys = [tuple(plain(k[code]) for (_, k), code in zip(columns, row)) for row in rows]
        return codes.ravel(), keys, [str(name) for name in groups.columns]
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
        groups = groups[name]
    codes, keys = _factorized(_categories_kept(groups, column.values))
    return codes, [plain(key) for key in keys], ["group" if name is None else str(name)]


def _categories_kept(groups, values):
    """A pandas Categorical's values as the Categorical (its categories' order is the
    groups' order, as in pandas' groupby), else ``values``."""
    if isinstance(groups, pd.Categorical):
        return groups
    if isinstance(getattr(groups, "dtype", None), pd.CategoricalDtype):
        return groups.array
    return values


def _factorized(values):
    """Codes 0..G-1 and the groups: a Categorical's in the order of its categories,
    others sorted when they can be, else in the order they appear."""
    try:
        try:
            return pd.factorize(values, sort=True)
        except TypeError:  # values that cannot be ordered: the order they appear in
            return pd.factorize(values)
    except TypeError as error:
        raise InputTypeError("{groups} must hold hashable values (numbers, strings, tuples "
                             "...); {error}.", "groups", error=error) from None


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
