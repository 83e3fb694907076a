"""Scores: the input of ``from_scores`` (labels and finite numeric scores, the
class of each column, the positive class of 1-D scores), its decision
threshold, and the error for a query of scores an evaluation does not have."""

import decimal
from dataclasses import dataclass
from typing import Optional

import numpy as np
import pandas as pd

from .arrays import (check_aligned, default_names, frame_columns, order_by_name, plain,
                     preview, sequence_to_array, to_column)
from .errors import Arg, InputError, InputTypeError, Phrase, Term
from .labels import check_label_values, check_labels, common_labels, label_position

_NUMBERS = ("integer", "floating", "mixed-integer-float", "decimal", "boolean")
_NUMBER_TYPES = (bool, int, float, np.number, np.bool_, decimal.Decimal)
EXACT_INTEGERS = 2**53  # float64 holds every integer up to this, and not every one above


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
    if isinstance(frame, pd.DataFrame):
        columns = frame.columns
    else:
        found = frame_columns(frame)
        if found is None:
            return None
        columns = pd.Index(found[0])
    return None if default_names(columns) else columns


def _series_name(scores):
    """The name of a pandas or polars Series (None for none: pandas' None, polars' "")."""
    if isinstance(scores, pd.Series):
        return scores.name
    if type(scores).__module__.split(".")[0] == "polars" and hasattr(scores, "name"):
        return scores.name or None
    return None


def check_scores(y_true, y_score, labels, pos_label=None):
    """Validate ``from_scores`` input; return :class:`ScoreTargets` or raise.

    ``pos_label`` (None when not given) names the class of 1-D scores.
    """
    names, series_name = _named_columns(y_score), _series_name(y_score)
    true, score = to_column(y_true, "y_true"), to_column(y_score, "y_score")
    if true.values.ndim != 1:
        raise InputError(
            "{y_true} has shape {shape}; from_scores takes 1-D class labels (multilabel scores "
            "are not supported).", "y_true", shape=true.values.shape
        )
    if len(true.values) != len(score.values):
        raise InputError(
            "{y_true} and {y_score} have different lengths: {n_true} and {n_score}; they must "
            "hold one label and one score (row) per sample.", "y_true", "y_score",
            n_true=len(true.values), n_score=len(score.values)
        )
    check_aligned([("y_true", true.index), ("y_score", score.index)])
    scores, dtype = check_score_values(score.values)
    named = {"y_true": check_label_values(true.values, "y_true")}
    labels = check_labels(labels)
    if labels is not None:
        named["labels"] = labels
    if names is not None and scores.ndim == 2:  # a DataFrame's columns name the classes
        columns = Phrase("the columns of {y_score}", "y_score")
        named[columns] = check_labels(np.asarray(names), columns)
    elif labels is None and true.categories is not None:
        categories = Phrase("the categories of {y_true}", "y_true")
        named[categories] = check_labels(true.categories, categories)
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
                raise InputError("{0} is not a label of this problem; its labels are {valid}: "
                                 "name the positive class with {pos_label}.",
                                 Arg("pos_label", pos_label), "pos_label",
                                 valid=preview(columns))
    else:
        claims = {} if pos_label is None else {Arg("pos_label", pos_label): pos_label}
        if names is not None:
            claims[Phrase("the column name of {y_score} ({name!r})", "y_score",
                          name=names[0])] = names[0]
        named_by = ({} if series_name is None else  # a Series named after a class: its scores
                    {Phrase("the name of {y_score} ({name!r})", "y_score",
                            name=plain(series_name)): series_name})
        classes, positive = _binary_classes(values, classes, labels is not None, claims,
                                            named_by)
        columns, positive = classes[[1 - positive, positive]], 1
    return ScoreTargets(values, scores, columns, classes,
                        true.index if true.index is not None else score.index, positive, dtype)


def _binary_classes(values, classes, given, claims, named_by=None):
    """The two classes of 1-D scores and the position of the positive one.

    ``classes``: the user's labels (``given``), a Categorical's categories, or
    None for the sorted classes of ``values``. ``claims``: other arguments that
    name the positive class; they must agree with each other and with labels.
    ``named_by``: names that claim it only when they are a class (a Series' name,
    which may as well name the scores themselves: "score", "proba").
    """
    if classes is None:
        classes = np.sort(pd.unique(values))
    if len(classes) == 1 and not given:
        for value in claims.values():  # the other class, named by pos_label
            if label_position(value, classes) == -1:
                other = check_label_values(sequence_to_array([value]), "pos_label")
                pair = np.sort(np.concatenate(common_labels({"y_true": classes,
                                                             "pos_label": other})))
                if len(pd.unique(pair)) == 2:  # True beside 1 is no second class
                    classes = pair
                break
    if len(classes) == 1 and not given:
        classes = _implied_pair(values, classes, next(iter(claims), None))
    _check_score_columns(np.empty(0), classes)
    claims = {**claims, **{source: value for source, value in (named_by or {}).items()
                           if label_position(value, classes) not in (None, -1)}}
    positions = {} if not given else {Arg("labels", shown=preview(classes)): 1}
    for source, value in claims.items():
        position = label_position(value, classes)
        if position is None or position < 0:
            raise InputError("{0} is not a label of this problem; its labels are {valid}: name "
                             "the positive class with {pos_label}.", source, "pos_label",
                             valid=preview(classes))
        positions[source] = position
    if len(set(positions.values())) > 1:
        first, at = next(iter(positions.items()))
        second, other = next((s, p) for s, p in positions.items() if p != at)
        raise InputError(
            "{0} and {1} disagree on the positive class of 1-D {y_score} ({one!r} against "
            "{another!r}); 1-D scores are the scores of the positive class: name it once "
            "({pos_label}, or {4}).", first, second, "y_score", "pos_label",
            Arg("labels", shown="[negative, positive]"), one=plain(classes[at]),
            another=plain(classes[other])
        )
    if positions:
        return classes, next(iter(positions.values()))
    second = np.sort(classes)[1]  # scikit-learn's classes_[1]
    return classes, int(np.flatnonzero(classes == second)[0])


def _implied_pair(values, found, claim=None):
    """One class in y_true still names the pair when it is boolean or in {0, 1}
    or {-1, 1}, as scikit-learn assumes. ``claim``: the argument that named the
    positive class and so could not name the other (None when none did)."""
    for pair in ((False, True), (0, 1), (-1, 1)):
        if (values.dtype.kind == "b") == isinstance(pair[0], bool) and found[0] in pair:
            return np.array(pair, dtype=values.dtype)
    labels = Arg("labels", shown="[negative, positive]")
    if claim is not None:
        raise InputError(
            "{y_true} holds one class ({found!r}) and {y_score} is 1-D, and {2} names no other "
            "class, so the other class is unknown; pass {3}.", "y_true", "y_score", claim,
            labels, found=plain(found[0])
        )
    raise InputError(
        "{y_true} holds one class ({found!r}) and {y_score} is 1-D, so the other class is "
        "unknown; pass {2} or {pos_label}.", "y_true", "y_score", labels, "pos_label",
        found=plain(found[0])
    )


def check_score_values(values):
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
                raise InputTypeError(
                    "{y_score} must hold numbers (probabilities, scores or decision values); "
                    "got {type} values such as {first!r}. Convert them to numbers first (e.g. "
                    "pandas.to_numeric); for predicted labels use {1}.", "y_score",
                    Term("ClassificationMetric(y_true, y_pred)"), type=type(first).__name__,
                    first=first
                )
        if kind not in ("floating", "boolean"):  # ints and Decimals of any size, not cast yet
            _check_exact_integers(np.array([int(v) if _is_integral(v) else 0 for v in flat],
                                           dtype=object).reshape(values.shape))
        values = values.astype(np.float64)
    if values.dtype.kind not in "biuf":
        raise InputTypeError(
            "{y_score} must hold numbers (probabilities, scores or decision values); got dtype "
            "{dtype}. For predicted labels use {1}.", "y_score",
            Term("ClassificationMetric(y_true, y_pred)"), dtype=values.dtype
        )
    if values.dtype.kind in "iu":
        _check_exact_integers(values)
    if values.dtype.kind == "f":
        not_finite = ~np.isfinite(values)
        if not_finite.any():
            _raise_not_finite(not_finite, "NaN or infinite")
    if values.ndim == 2 and values.shape[1] == 0:
        raise InputError("{y_score} has no columns; give one column of scores per class.",
                         "y_score")
    dtype = values.dtype if values.dtype.kind == "f" else np.dtype(np.float64)
    return (values.astype(np.float64) if values.ndim == 1 else values), dtype


def _is_integral(value):
    """An int (not a bool) or a whole Decimal: exact beyond float64's integers."""
    if isinstance(value, decimal.Decimal):
        return value.is_finite() and value == value.to_integral_value()
    return isinstance(value, (int, np.integer)) and not isinstance(value, (bool, np.bool_))


def _check_exact_integers(values):
    """Integer scores are compared as float64: refuse those it cannot hold exactly,
    where neighbours would tie."""
    if -EXACT_INTEGERS <= values.min() and values.max() <= EXACT_INTEGERS:
        return
    beyond = (values < -EXACT_INTEGERS) | (values > EXACT_INTEGERS)
    first = tuple(np.argwhere(beyond)[0])
    where = f"position {first[0]}" if beyond.ndim == 1 else f"row {first[0]}, column {first[1]}"
    raise InputError(
        "{y_score} holds {count} integer(s) beyond +-2**53, the first {value} at {where}; "
        "float64 does not hold every such integer, so neighbouring scores would tie. Pass "
        "their ranks instead (scipy.stats.rankdata keeps their order and ties) or shift them "
        "into +-2**53.", "y_score", count=int(np.count_nonzero(beyond)),
        value=int(values[first]), where=where
    )


def _raise_not_finite(bad, problem):
    first = np.argwhere(bad)[0]
    where = (f"position {first[0]}" if bad.ndim == 1
             else f"row {first[0]}, column {first[1]}")
    raise InputError(
        "{y_score} contains {count} {problem} value(s), the first at {where}; scores must be "
        "finite numbers.", "y_score", count=int(np.count_nonzero(bad)), problem=problem,
        where=where
    )


def _check_same_classes(labels, columns):
    """``labels`` order the classes that a frame's column names name: the same ones."""
    if order_by_name(columns, labels) is None:
        raise InputError(
            "{0} and the columns of {y_score} ({columns}) name different classes; the column "
            "names say which class each column's scores are of, and {labels} give the "
            "classes' order: name the same classes.", Arg("labels", shown=preview(labels)),
            "y_score", "labels", columns=preview(columns)
        )


def _check_score_columns(scores, classes):
    """Two classes for 1-D scores, one per column for a matrix."""
    if scores.ndim == 1 and len(classes) != 2:
        raise InputError(
            "{y_score} is 1-D: binary scores, one per sample, for two classes (negative, "
            "positive); but there are {count}: {classes}. Pass an (n_samples, n_classes) score "
            "matrix, or {1}.", "y_score", Arg("labels", shown="[negative, positive]"),
            count=len(classes), classes=preview(classes)
        )
    if scores.ndim == 2 and scores.shape[1] != len(classes):
        raise InputError(
            "{y_score} has {n_columns} columns but there are {count} classes {classes}; pass "
            "{labels} naming the class of each column.", "y_score", "labels",
            n_columns=scores.shape[1], count=len(classes), classes=preview(classes)
        )


def check_threshold(threshold):
    """A finite real number."""
    if isinstance(threshold, (bool, np.bool_)) or not isinstance(
            threshold, (int, float, np.integer, np.floating)):
        raise InputTypeError("{threshold} must be a real number; got {got!r}.", "threshold",
                             got=threshold)
    if not np.isfinite(threshold):
        raise InputError("{threshold} must be finite; got {got!r}.", "threshold",
                         got=threshold)
    return float(threshold)


def threshold_for_matrix(threshold):
    return InputError(
        "{0} applies to 1-D binary scores; an (n_samples, n_classes) score matrix predicts the "
        "class of its highest score (argmax). Drop {threshold}, or pass the positive class's "
        "scores as 1-D {y_score}.", Arg("threshold", threshold), "threshold", "y_score"
    )


def scores_needed(query, binary):
    """The error for a score query on an evaluation without the scores it needs."""
    needs, matrix = ("1-D binary scores", ", or from a score matrix") if binary else ("scores", "")
    return InputError(
        "{query} needs {needs}, and this evaluation has none: it was built from labels, from "
        "tallies (from_confusion_matrix, from_counts, from_batches or from_dask of labels, a + "
        "b of evaluations not all of scores of the same classes, a group of by_group){matrix}. "
        "Build it with {0} (or from_batches and from_dask with scores=True).",
        Term("ClassificationMetric.from_scores(y_true, y_score)"), query=query,
        needs=needs, matrix=matrix
    )
