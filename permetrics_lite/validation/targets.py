"""``y_true`` and ``y_pred`` checked together: class labels of one kind, or
multilabel indicator arrays of one shape."""

from dataclasses import dataclass
from typing import Optional

import numpy as np
import pandas as pd

from ..core import encode as _encode
from .arrays import check_aligned, default_names, order_by_name, plain, preview, to_column
from .errors import Arg, InputError, Phrase
from .labels import check_label_values, check_labels, common_labels, first_missing


@dataclass(frozen=True)
class Targets:
    """Validated targets: label arrays of one kind, ready to be encoded."""

    true: np.ndarray  # 1-D labels, or 2-D bool indicators when multilabel
    pred: np.ndarray
    classes: Optional[np.ndarray]  # fixed class order, or None for the sorted union
    index: Optional[pd.Index]  # pandas index of the inputs, to check weights against
    is_multilabel: bool


def check_targets(y_true, y_pred, labels=None):
    """Validate the targets; return :class:`Targets` or raise."""
    if labels is None and _plain_integers(y_true, y_pred):
        return Targets(y_true, y_pred, None, None, is_multilabel=False)
    true, pred = to_column(y_true, "y_true", coded=True), to_column(y_pred, "y_pred", coded=True)
    if len(true.values) != len(pred.values):
        raise InputError(
            "{y_true} and {y_pred} have different lengths: {n_true} and {n_pred}; they must "
            "hold one label per sample each.", "y_true", "y_pred", n_true=len(true.values),
            n_pred=len(pred.values)
        )
    check_aligned([("y_true", true.index), ("y_pred", pred.index)])
    index = true.index if true.index is not None else pred.index
    if true.values.ndim != pred.values.ndim:
        two, one = ("y_true", "y_pred") if true.values.ndim == 2 else ("y_pred", "y_true")
        shapes = {"y_true": true.values.shape, "y_pred": pred.values.shape}
        raise InputError(
            "{0} is 2-D with shape {two_shape} (multilabel indicators) but {1} is 1-D with "
            "shape {one_shape}; pass both as (n_samples, n_labels) 0/1 arrays, or both as 1-D "
            "class labels (e.g. scores.argmax(axis=1)).", two, one, two_shape=shapes[two],
            one_shape=shapes[one]
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
                categories = Phrase("the categories of {0}", name)
                named[categories] = check_label_values(column.categories, categories)
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
    """:func:`check_label_values` of labels, coded ones by their distinct values;
    coded labels these refuse are checked again as plain ones, for the exact message."""
    if isinstance(values, _encode.Coded):
        try:
            if (not len(values) or values.codes.min() >= 0) and not pd.isna(
                    values.uniques).any():
                return values.with_uniques(check_label_values(values.uniques, name))
        except (TypeError, ValueError):
            pass
        values = values.values()
    return check_label_values(values, name)


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
        first_missing(values, name)
    is_binary = np.isin(values, (0, 1)) if values.dtype.kind in "iufO" else None
    if is_binary is None or not is_binary.all():
        row, col = (0, 0) if is_binary is None else np.argwhere(~is_binary)[0]
        raise InputError(
            "{0} is a multilabel indicator array and must hold only 0 and 1; found {found!r} at "
            "row {row}, column {col}.", name, found=plain(values[row, col]), row=row, col=col
        )
    return values.astype(bool)


def _check_multilabel(true, pred, labels, index):
    if true.values.shape != pred.values.shape:
        raise InputError(
            "{y_true} and {y_pred} are multilabel indicator arrays of different shapes: "
            "{true_shape} and {pred_shape}; they must match.", "y_true", "y_pred",
            true_shape=true.values.shape, pred_shape=pred.values.shape
        )
    n_labels = true.values.shape[1]
    if n_labels == 0:
        raise InputError(
            "{y_true} and {y_pred} are multilabel indicator arrays with no columns (shape "
            "{shape}): there is no label to evaluate; give one column per label.", "y_true",
            "y_pred", shape=true.values.shape
        )
    for column, name in ((true, "y_true"), (pred, "y_pred")):
        if column.columns is not None and column.columns.has_duplicates:
            raise InputError(
                "{0} is a DataFrame with duplicate column names {duplicates}; each label must "
                "name one column.", name,
                duplicates=preview(column.columns[column.columns.duplicated()].unique())
            )
    if true.columns is not None and pred.columns is not None:
        if not true.columns.equals(pred.columns):
            raise InputError(
                "{y_true} and {y_pred} are DataFrames with different columns ({true_columns} "
                "and {pred_columns}); put the labels in the same order.", "y_true", "y_pred",
                true_columns=preview(true.columns), pred_columns=preview(pred.columns)
            )
    names = check_labels(labels)
    framed = "y_true" if true.columns is not None else "y_pred"
    columns = true.columns if true.columns is not None else pred.columns
    if names is None:
        names = np.asarray(columns) if columns is not None else np.arange(n_labels)
    if len(names) != n_labels:
        raise InputError(
            "{labels} has {count} names but the multilabel arrays have {n_labels} columns; "
            "give one name per column.", "labels", count=len(names), n_labels=n_labels
        )
    order = slice(None)
    if columns is not None and not default_names(columns):  # the columns name the labels
        order = order_by_name(columns, names)
        if order is None:
            raise InputError(
                "{0} and the columns of {1} ({columns}) name different labels; the column names "
                "say which label each column is, and {labels} give their order: name the same "
                "labels.", Arg("labels", shown=preview(names)), framed, "labels",
                columns=preview(columns)
            )
    t = _check_indicators(true.values[:, order], "y_true")
    p = _check_indicators(pred.values[:, order], "y_pred")
    return Targets(t, p, names, index, is_multilabel=True)


def multilabel_unsupported(metric, alternative):
    """``alternative``: a :class:`.errors.Phrase` (``Phrase("{0} (per-label accuracy)",
    Term("PCA"))``)."""
    return InputError("{metric} is not defined for multilabel targets; use {alternative} "
                      "instead.", metric=metric, alternative=alternative)
