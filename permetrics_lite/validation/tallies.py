"""Evaluations built from tallies: confusion matrices, exact totals of counts,
merges (``a + b``), batches (``from_batches``) and Dask blocks (``from_dask``),
and the pickled state's version."""

import numpy as np
import pandas as pd

from .arrays import default_names, frame_columns, order_by_name, preview
from .errors import Arg, InputError, InputTypeError, Phrase, Worded
from .labels import KIND_NAMES, check_labels, label_kind

INT64_MAX = np.iinfo(np.int64).max


def check_confusion_matrix(matrix, labels=None):
    """A square matrix of finite, non-negative counts (or weights) and its labels.

    A DataFrame's index names the classes when ``labels`` is None; a polars
    DataFrame's or an Arrow table's column names do, its rows in the same order
    (a table has no row names). Integral values become exact int64 counts.
    """
    named = None  # the classes a table's columns name, in their order
    table = frame_columns(matrix)
    if table is not None:
        names, columns = table
        matrix = np.column_stack([np.asarray(c) for c in columns]) if columns else np.empty(0)
        named = None if default_names(names) else names
    if isinstance(matrix, pd.DataFrame):
        if labels is None and not matrix.index.equals(matrix.columns):
            raise InputError(
                "{matrix} is a DataFrame whose index and columns differ; the rows (true) and "
                "columns (predicted) must list the same classes in the same order.", "matrix"
            )
        if labels is None:
            labels = matrix.index
        elif not (default_names(matrix.index) and default_names(matrix.columns)):
            matrix, labels = _by_name(matrix, labels)
    values = np.asarray(matrix)
    if values.ndim != 2 or values.shape[0] != values.shape[1] or values.size == 0:
        raise InputError(
            "{matrix} must be a non-empty square K x K confusion matrix (rows true, columns "
            "predicted); got shape {shape}.", "matrix", shape=values.shape
        )
    if values.dtype.kind not in "iuf":
        raise InputTypeError("{matrix} must hold numbers (counts or weights); got dtype "
                             "{dtype}.", "matrix", dtype=values.dtype)
    for bad, problem in ((~np.isfinite(values), "NaN or infinite"), (values < 0, "negative")):
        if bad.any():
            row, column = np.argwhere(bad)[0]
            raise InputError(
                "{matrix} contains {count} {problem} value(s), the first at row {row}, column "
                "{column}; counts must be finite and non-negative.", "matrix",
                count=int(np.count_nonzero(bad)), problem=problem, row=row, column=column
            )
    if not values.any():
        raise InputError("{matrix} is all zero; at least one sample must be counted.", "matrix")
    integral = values.dtype.kind in "iu" or (values == np.round(values)).all()
    if integral and values.dtype.kind in "iu":
        check_count_total(exact_total(values), "matrix")
    elif integral and exact_total(values) > INT64_MAX:
        integral = False  # too large to count exactly: kept as weights
    values = np.array(values, dtype=np.int64 if integral else np.float64)
    if named is not None:
        values, labels = _by_column_name(values, named, labels)
    n_classes = len(values)
    labels = np.arange(n_classes) if labels is None else check_labels(labels)
    if len(labels) != n_classes:
        raise InputError(
            "{labels} has {count} names but {matrix} is {n} x {n}; give one label per row.",
            "labels", "matrix", count=len(labels), n=n_classes
        )
    return values, labels


def _by_name(frame, labels):
    """A DataFrame whose index and columns name its classes, in the order of ``labels``
    (the same classes): its rows and columns are taken by name, not by position."""
    labels = check_labels(labels)
    for axis, name in ((frame.index, "index"), (frame.columns, "columns")):
        check_labels(np.asarray(axis), Phrase("the {axis} of {matrix}", "matrix", axis=name))
        if order_by_name(axis, labels) is None:
            raise _other_classes(labels, name, axis)
    return frame.loc[labels, labels], labels


def _by_column_name(values, names, labels):
    """A table's matrix whose column names (distinct) name its classes, its rows in the
    same order: the classes themselves, or their rows and columns in the order of
    ``labels`` (the same classes)."""
    names = check_labels(names, Phrase("the {axis} of {matrix}", "matrix", axis="columns"))
    if labels is None:
        return values, names
    labels = check_labels(labels)
    order = order_by_name(names, labels)
    if order is None:
        raise _other_classes(labels, "columns", names)
    return values[np.ix_(order, order)], labels


def _other_classes(labels, axis, names):
    return InputError(
        "{0} and the {axis} of {matrix} ({names}) name different classes; the names of its "
        "rows (true) and columns (predicted) say which class each is, and {labels} give "
        "the classes' order: name the same classes.",
        Arg("labels", shown=preview(labels)), "matrix", "labels", axis=axis,
        names=preview(names)
    )


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
    return InputError(
        "{sample_weight} cannot be given to a query of an evaluation built from tallies "
        "(from_confusion_matrix, a + b, from_batches, from_dask): it keeps no per-sample "
        "labels to weight. Pass the weights when building it.", "sample_weight"
    )


def check_mergeable(first, second):
    """Two evaluations (labels, is_multilabel) that can be added up."""
    (first_labels, first_multilabel), (second_labels, second_multilabel) = first, second
    if first_multilabel != second_multilabel:
        raise InputError(Phrase(
            "cannot add a multilabel evaluation to a single-label one; both sides must have "
            "the same kind of targets."
        ))
    kinds = label_kind(first_labels), label_kind(second_labels)
    if kinds[0] != kinds[1]:
        raise InputTypeError(
            "cannot add evaluations with {kind_a} labels and {kind_b} labels ({first} and "
            "{second}); use one kind.", kind_a=KIND_NAMES[kinds[0]], kind_b=KIND_NAMES[kinds[1]],
            first=preview(first_labels), second=preview(second_labels)
        )
    if first_multilabel and not np.array_equal(first_labels, second_labels):
        raise InputError(
            "cannot add multilabel evaluations with different labels ({first} and {second}); "
            "the indicator columns must be the same, in the same order.",
            first=preview(first_labels), second=preview(second_labels)
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
        raise InputError(
            "cannot add evaluations built with different {0} ({first!r} and {second!r}); build "
            "both with the same options.", name, first=values[0], second=values[1]
        )
    merged = dict(first, **second)
    for name, value in first.items():  # True met 1: the labels of the sum are integers
        if isinstance(second[name], (bool, np.bool_)) and not isinstance(value, (bool, np.bool_)):
            merged[name] = value
    return merged


def unknown_state_version(version, library, current, known):
    return InputError(
        "cannot load this ClassificationMetric: it was pickled with state version {version!r} "
        "(permetrics_lite {library}), and this permetrics_lite ({current}) reads versions 0 to "
        "{known}; upgrade permetrics_lite to load it.", version=version, library=library,
        current=current, known=known
    )


def check_batch(batch, number, scores=None):
    """One item of ``from_batches``: (y_true, y_pred) or (y_true, y_pred, sample_weight);
    with ``scores`` (given), y_score in place of y_pred."""
    if not isinstance(batch, (tuple, list)) or len(batch) not in (2, 3):
        raise InputTypeError(
            "batch {number} must be a tuple ({y_true}, {0}) or ({y_true}, {0}, "
            "{sample_weight}); got {type}{length}.", "y_pred" if scores is None else "y_score",
            "y_true", "sample_weight", number=number, type=type(batch).__name__,
            length=f" of length {len(batch)}" if isinstance(batch, (tuple, list)) else ""
        )
    return tuple(batch) + (None,) * (3 - len(batch))


def check_total(total, parts):
    """The summed weight of all batches (or blocks) must be positive."""
    if not total:
        raise InputError("{sample_weight} is all zero in every one of the {parts}; at least "
                         "one weight must be positive.", "sample_weight", parts=parts)


def no_batches():
    return InputError("from_batches got no batches; at least one ({y_true}, {y_pred}) is "
                      "needed.", "y_true", "y_pred")


def in_part(error, part, number):
    """``error`` raised by one batch (or block) of many, with its number."""
    if isinstance(error, Worded):
        return type(error)("{part} {number}: {0}", error, part=part, number=number)
    return type(error)(f"{part} {number}: {error}")


def not_dask(name, value):
    return InputTypeError(
        "from_dask takes dask arrays or dask Series; {0} is a {type}. For data in memory use "
        "ClassificationMetric(y_true, y_pred).", name, type=type(value).__name__
    )


def check_dask_shapes(shapes):
    """Dask inputs must hold the same number of samples; ``shapes`` by argument name."""
    (first, first_shape), *others = shapes.items()
    for name, shape in others:
        if shape[0] != first_shape[0]:
            raise InputError(
                "{0} and {1} have different lengths: {first_length} and {length}; they must "
                "hold one value per sample each.", first, name, first_length=first_shape[0],
                length=shape[0]
            )
