"""Evaluations of aggregated rows: (true, predicted, count) tables from a database.

A SQL engine (DuckDB, Spark, BigQuery ...) does the heavy pass over the
samples with ``GROUP BY y_true, y_pred``; :func:`from_counts` finishes the
evaluation from its result, exactly as if each row were its count of samples.
The label columns are read as the constructor reads them (a pandas column, an
Arrow column or a polars column each by its own path), so the classes and
their order are those of the samples; the count and weight columns are read
as exact numbers whatever their type.
"""

import math
import numbers
from decimal import Decimal

import numpy as np
import pandas as pd

from .. import validation as _validation
from ..core import (build as _build, encode as _encode, scores as _scores, state as _state,
                    tally as _tally)
from ..metrics import ranking as _ranking, score_metrics as _score_metrics
from ..metrics.docstrings import share
from ..core.options import NOT_GIVEN, Default

# the largest integer a float64 holds with both its neighbours: from 2**53 on, a
# float count may be the rounding of another integer (2**53 + 1 reads as 2**53)
SAFE_FLOAT_COUNT = 2**53 - 1


@share
def from_counts(frame, *, true="y_true", pred=None, score=None, count=None, weight=None,
                group=None, labels=None, threshold=Default(0.5), average=NOT_GIVEN,
                pos_label=NOT_GIVEN, zero_division=NOT_GIVEN):
    """Build an evaluation from aggregated rows: one row per (true, predicted) pair.

    The result equals the evaluation of the samples the rows stand for (each
    row repeated ``count`` times, in the frame's own column types), for
    every metric, the classes and their order included; with ``group``, so
    do the evaluations of ``by_group()``. Duplicate pairs are added up.
    With ``score``, the rows are (true, score) pairs of binary scores, as a
    SQL ``GROUP BY label, round(score, 3)`` gives them: the result equals
    ``from_scores`` on the samples they stand for, every metric, curve and
    interval of scores included (exactly: of the scores as the rows hold
    them, rounded or not).

    Parameters
    ----------
    frame : pandas, pyarrow or polars frame
        The aggregated rows: a pandas DataFrame, a pyarrow Table, RecordBatch
        or RecordBatchReader (what DuckDB's ``.arrow()`` returns), or a polars
        DataFrame or LazyFrame. A LazyFrame is collected, its needed columns
        only.
    true, pred : str, default="y_true", "y_pred"
        The columns of true and predicted labels. They are read as the
        constructor reads the same column: a pandas Categorical's categories
        are the classes, in their order (unused ones included), as for
        ``ClassificationMetric(y_true, y_pred)``; Arrow and polars columns
        (dictionary, Categorical and Enum ones included) give the sorted
        labels of their samples.
    score : str, default=None
        Instead of ``pred``: a column of the positive class's scores of a
        binary problem, read as ``from_scores`` reads 1-D scores (its
        positive class from ``pos_label``, ``labels=[negative, positive]``,
        or the second of the sorted classes); predictions are
        ``score >= threshold``.
    count : str, default=None
        A column of the number of samples of each row (default: each row is
        one sample): whole numbers >= 0 of any numeric type, read exactly:
        integers (signed, unsigned, pandas' nullable ones without missing
        values), decimals (Arrow ``decimal128`` and ``decimal256``, polars
        ``Decimal``, Python ``Decimal`` objects) and floats up to
        ``2**53 - 1`` (DuckDB's ``sum()`` is a ``HUGEINT``: a decimal
        through ``.arrow()`` and ``.pl()``, a float through ``.df()``).
    weight : str, default=None
        A column of summed sample weights (numbers of any type, decimals
        included), held as float64: a decimal that float64 cannot hold (a
        positive one below about 5e-324, or beyond about 1.8e308) is refused,
        never rounded to 0 or infinity. The evaluation is weighted. With
        ``count``, a row of no samples must weigh 0.
    group : str, default=None
        A grouping column: ``by_group()`` (without arguments) then gives an
        evaluation per group.
    labels : array-like, default=None
        The classes and their order, as for the constructor. By default the
        classes of the samples (the rows that count one).
    threshold : float, default=0.5
        With ``score``: the lowest score predicted positive, as for
        ``from_scores``.
    {{query_defaults}}

    Returns
    -------
    ClassificationMetric
        It keeps tallies only: queries refuse their own ``sample_weight``.
        ``n_samples`` is the sum of ``count``.

    Raises
    ------
    ValueError
        For a column that is not in the frame (or that names several), a
        count that is missing, fractional, negative or a float beyond
        ``2**53 - 1``, all-zero counts, a positive weight on a row of no
        samples, and every problem of the labels or weights the constructor
        refuses (in any row, those of no samples included).
    TypeError
        For a frame of another type, or a count column that does not hold numbers.
    OverflowError
        For counts whose total exceeds int64.

    Examples
    --------
    >>> import pandas as pd
    >>> from permetrics_lite import ClassificationMetric
    >>> rows = pd.DataFrame({"y_true": ["cat", "cat", "dog", "dog"],
    ...                      "y_pred": ["cat", "dog", "dog", "cat"],
    ...                      "n": [40, 10, 45, 5]})
    >>> cm = ClassificationMetric.from_counts(rows, count="n")
    >>> cm.n_samples, cm.AS(), cm.CM().tolist()
    (100, 0.85, [[40, 10], [5, 45]])

    Counts summed by a database may come as floats or decimals; whole ones
    are counts:

    >>> from decimal import Decimal
    >>> rows["n"] = [Decimal(40), Decimal(10), Decimal(45), Decimal(5)]
    >>> ClassificationMetric.from_counts(rows, count="n").n_samples
    100

    A Categorical's categories are the classes, as for the constructor:

    >>> rows["y_true"] = pd.Categorical(rows["y_true"], categories=["dog", "cat", "fox"])
    >>> ClassificationMetric.from_counts(rows, count="n").labels.tolist()
    ['dog', 'cat', 'fox']

    Binned scores, one row per (label, score) with its count:

    >>> binned = pd.DataFrame({"y_true": [0, 0, 1, 1, 1], "p": [0.1, 0.6, 0.6, 0.8, 0.9],
    ...                        "n": [30, 10, 5, 20, 35]})
    >>> scored = ClassificationMetric.from_counts(binned, score="p", count="n")
    >>> scored.n_samples, round(scored.AUC(), 4), scored.AS()
    (100, 0.9896, 0.9)
    """
    if score is not None:
        for name, given in (("pred", pred), ("group", group)):
            if given is not None:
                raise _validation.InputError(
                    "{0} and {1} do not go together: the rows hold scores, of which the "
                    "threshold makes the predictions{extra}.", _validation.Arg("score", score),
                    _validation.Arg(name, given), extra="" if name == "pred" else
                    "; evaluate each group's rows on their own")
    elif not isinstance(threshold, Default):
        raise _validation.InputError("{0} applies with {score} only: the rows hold "
                                     "predictions.", _validation.Arg("threshold", threshold),
                                     "score")
    pred = "y_pred" if pred is None and score is None else pred
    columns = {"true": true, "pred": pred, "score": score, "count": count, "weight": weight,
               "group": group}
    rows = _Rows.of(frame, columns)
    if count is None:
        samples, n_samples = np.ones(rows.n, dtype=np.int64), rows.n
    else:
        samples, n_samples = check_counts(_numbers(rows.column(count), exact=True), count,
                                          rows.dtype(count))
    weights = None
    if weight is not None:
        weights = _validation.check_sample_weight(_weight_values(rows.column(weight), weight),
                                                  rows.n, name=_validation.Arg("weight", weight))
        if count is not None:
            _check_weights_of_no_samples(samples, weights, count, weight)
    if score is not None:
        return _scored_rows(rows, true, score, samples, n_samples, weights, labels, threshold,
                            (average, pos_label, zero_division), count is not None)
    # every row's labels are checked; the classes are those of the samples, read
    # from the rows that count one, as the constructor reads the samples
    targets = _validation.check_targets(rows.column(true), rows.column(pred), labels)
    kept = samples > 0
    if not kept.all():
        if labels is not None:  # a row of no samples has labels of labels too
            _tally.encode(targets.true, targets.pred, targets.classes)
        rows, samples = rows.subset(kept), samples[kept]
        weights = None if weights is None else weights[kept]
        targets = _validation.check_targets(rows.column(true), rows.column(pred), labels)
    classes, t, p, complete = _tally.encode(targets.true, targets.pred, targets.classes)
    if not complete:  # a range of integers, or unused dictionary entries: as build() drops them
        present = np.zeros(len(classes), dtype=bool)
        present[t] = present[p] = True
        lookup = np.cumsum(present) - 1
        classes, t, p = classes[present], lookup[t], lookup[p]
    k = len(classes)
    index = t.astype(np.int64) * k + p
    groups = None
    if group is not None:
        codes, keys, names = _validation.check_groups(rows.groups(group), len(index))
        parts = [codes == code for code in range(len(keys))]
        tallies = [_tallies(index[r], samples[r], None if weights is None else weights[r], k)
                   for r in parts]
        for key, part in zip(keys, tallies):
            if not part.total:
                raise _validation.weightless_group(key)
        groups = _state.Groups(tuple(names), keys, tallies,
                               [_validation.exact_total(samples[r]) for r in parts])
    return _state.of(np.array(classes), _tallies(index, samples, weights, k), n_samples, False,
                     (average, pos_label, zero_division), groups=groups)


def _scored_rows(rows, true, score, samples, n_samples, weights, labels, threshold, options,
                 counted):
    """The evaluation of (true, score) rows, each standing for its ``samples`` (and
    their summed ``weights``; ``counted``: whether a count column was given): the rows
    are read and checked as ``from_scores`` reads samples (every row, those of no
    samples included); the tallies and the ranking are of the rows that count a
    sample, each weighing its count (or weight)."""
    positive_label = {} if options[1] is NOT_GIVEN else {"pos_label": options[1]}
    kept = samples > 0
    if not kept.all():  # the classes are those of the samples, as for labels
        # every row's labels and scores are checked, those of no samples included
        targets = _validation.check_targets(rows.column(true), rows.column(true), labels)
        if labels is not None:  # a row of no samples has labels of labels too
            _tally.encode(targets.true, targets.pred, targets.classes)
        _validation.check_score_values(_numbers(rows.column(score), exact=False))
        rows, samples = rows.subset(kept), samples[kept]
        weights = None if weights is None else weights[kept]
    read = _build.from_scores(rows.column(true), rows.column(score), labels=labels,
                              threshold=threshold, **positive_label)
    true_codes, pred = read.samples.true, read.samples.pred
    k = read.n_classes
    tallies = _tallies(true_codes.astype(np.int64) * k + pred, samples, weights, k)
    scored = read.scored
    order = _ranking.order_of(scored.scores)
    if weights is None:  # counts: exact integers
        is_positive = true_codes[order.order] == scored.positive
        counted = samples[order.order]
        ranking = _ranking.Ranking(
            order.thresholds, np.add.reduceat(np.where(is_positive, counted, 0), order.first),
            np.add.reduceat(np.where(is_positive, 0, counted), order.first))
    else:
        ranking = _ranking.weighted(order, true_codes == scored.positive,
                                    _tally.in_units(weights)[0])
    rank_counts = np.array([tallies.correct, tallies.total - tallies.correct])
    # with counts, a row's weight is its samples' sum: whether each is whole is unknown;
    # without, each row is a sample
    whole = weights is None or (not counted and bool(np.array_equal(weights,
                                                                     np.floor(weights))))
    kept_scores = _scores.Kept((ranking,), None, _score_metrics.probability_check(read),
                               whole=whole)
    scored = scored._replace(ranks=None, rank_counts=rank_counts, scores=None, kept=kept_scores)
    return _state.of(read.labels, tallies, n_samples, False, options, scored=scored)


def _tallies(index, samples, weights, n_classes):
    """The tallies of rows at flat cell positions: their counts, or their weights."""
    if weights is None:
        return _tally.from_cells(_tally.summed_cells(index, samples), n_classes)
    weights, unit = _tally.in_units(weights)
    cells = _tally.summed_cells(index, weights)
    return _tally.from_cells(cells, n_classes)._replace(unit=unit)


# --------------------------------------------------------------------------
# The frame: its rows, column by column, in its own types
# --------------------------------------------------------------------------


class _Rows:
    """The rows of a pandas, Arrow or polars frame (its needed columns): each column
    as the frame holds it (a pandas Series, an Arrow ChunkedArray, a polars Series),
    which is what the constructor would be given."""

    def __init__(self, frame, kind):
        self.frame, self.kind = frame, kind
        self.n = frame.num_rows if kind == "pyarrow" else len(frame)

    @classmethod
    def of(cls, frame, columns):
        """The frame's rows, or an error naming what is wrong with it."""
        kind = type(frame).__module__.split(".")[0]
        wanted = list(dict.fromkeys(name for name in columns.values() if name is not None))
        if kind == "pyarrow" and hasattr(frame, "read_all"):  # a RecordBatchReader
            frame = frame.read_all()
        if kind == "pyarrow" and hasattr(frame, "column_names"):  # a Table or RecordBatch
            _check_count_columns(columns, list(frame.column_names))
            import pyarrow as pa

            frame = frame.select(wanted)
            if isinstance(frame, pa.RecordBatch):
                frame = pa.Table.from_batches([frame])
        elif kind == "polars" and hasattr(frame, "collect"):  # a LazyFrame: its columns only
            _check_count_columns(columns, list(frame.collect_schema().names()))
            frame = frame.select(wanted).collect()
        elif kind == "polars" and hasattr(frame, "get_column"):
            _check_count_columns(columns, list(frame.columns))
            frame = frame.select(wanted)
        elif isinstance(frame, pd.DataFrame):
            _check_count_columns(columns, list(frame.columns))
            kind = "pandas"
        else:
            raise _validation.InputTypeError(
                "from_counts takes a pandas DataFrame, a pyarrow Table, RecordBatch or "
                "RecordBatchReader, or a polars DataFrame or LazyFrame of aggregated rows; got "
                "{type}.", type=type(frame).__name__
            )
        rows = cls(frame, kind)
        if rows.n == 0:
            raise _validation.InputError("from_counts got a {frame} without rows; at least one "
                                         "is needed.", "frame")
        return rows

    def column(self, name):
        if self.kind == "pyarrow":
            return self.frame.column(name)
        if self.kind == "polars":
            return self.frame.get_column(name)
        return self.frame[name]

    def dtype(self, name):
        """The type of a column, as the frame names it (for messages)."""
        return self.frame.schema.field(name).type if self.kind == "pyarrow" else (
            self.column(name).dtype)

    def subset(self, mask):
        """The rows where ``mask`` is True (a Categorical keeps its categories, an
        Arrow dictionary its dictionary)."""
        return _Rows(self.frame.filter(mask) if self.kind != "pandas" else self.frame.loc[mask],
                     self.kind)

    def groups(self, name):
        """A grouping column as a pandas Series named after it."""
        column = self.column(name)
        if self.kind == "pandas":
            return column.reset_index(drop=True)
        column = column if isinstance(column, pd.Series) else column.to_pandas()
        return column.rename(name)


def _check_count_columns(columns, found):
    """Each argument of from_counts names one column of the frame. ``columns``:
    {argument: column name or None}; ``found``: the frame's column names."""
    text = [str(c) for c in found]
    for argument, name in columns.items():
        if name is not None and name not in found:
            raise _validation.InputError(
                "{0} names no column of the {frame}; its columns are {columns}.{hint}",
                _validation.Arg(argument, name), "frame", columns=text,
                hint=_validation.closest(name, text, n=1)
            )
        if name is not None and found.count(name) > 1:
            raise _validation.InputError(
                "{0} names {count} columns of the {frame}; rename them so that each name is "
                "one column.", _validation.Arg(argument, name), "frame", count=found.count(name)
            )


# --------------------------------------------------------------------------
# Counts and weights: numbers of any type, read exactly
# --------------------------------------------------------------------------


def _numbers(column, exact):
    """A count or weight column as a numpy array: integers or floats, or objects
    (Python ``Decimal``, ``int``, missing values) for what these cannot hold exactly.
    ``exact``: decimals become int64 when they are whole and fit it (counts), else
    float64 (weights)."""
    arrow = _encode.arrow_of(column)
    if arrow is None:
        # pandas: nullable integers give int64 (float with NaN when missing), Arrow-less
        # objects stay objects
        return column.to_numpy() if isinstance(column, pd.Series) else np.asarray(column)
    import pyarrow as pa

    if pa.types.is_decimal(arrow.type) and not arrow.null_count:
        try:
            return arrow.cast(pa.int64() if exact else pa.float64()).to_numpy()
        except (pa.ArrowInvalid, pa.ArrowNotImplementedError):  # a fraction, or beyond
            pass  # int64: the value-by-value checks find and name it
    if isinstance(arrow, pa.ChunkedArray):
        return arrow.to_numpy()
    return arrow.to_numpy(zero_copy_only=False)


def check_counts(values, column, dtype=None):
    """Whole numbers of samples >= 0, exact, as int64; and their total (a Python int).

    Every numeric type is read exactly: integers as they are, Python ``Decimal``
    objects of any scale when whole, floats when whole and at most 2**53 - 1.
    ``dtype``: the column's own type, for messages (default: that of ``values``).
    """
    kind = values.dtype.kind
    dtype = values.dtype if dtype is None else dtype
    count = _validation.Arg("count", column)
    if kind not in "iufO":
        raise _not_numbers(values, column, dtype)
    missing = pd.isna(values)
    if missing.any():
        raise _validation.InputError(
            "{0} has {n} missing value(s) (null, NaN or NA), the first at row {row}; each row "
            "needs its number of samples (fill in or drop those rows).", count,
            n=int(missing.sum()), row=int(np.argmax(missing))
        )
    if kind == "O":
        for value in values:
            if isinstance(value, (bool, np.bool_)) or not isinstance(
                    value, (numbers.Real, Decimal)):
                raise _not_numbers(values, column, dtype, value)
    if kind in "fO":
        whole = (np.isfinite(values) & (values == np.floor(values)) if kind == "f" else
                 np.array([_is_whole(value) for value in values], dtype=bool))
        if not whole.all():
            first = int(np.argmin(whole))
            raise _validation.InputError(
                "{0} has {n} value(s) that are not whole numbers (e.g. {example!r} at row "
                "{row}); a count is a whole number of samples.", count,
                n=int(np.count_nonzero(~whole)), example=_plain(values[first]), row=first
            )
    negative = np.asarray(values < 0, dtype=bool)
    if negative.any():
        raise _validation.InputError(
            "{0} has {n} negative value(s), the first at row {row}; counts of samples are >= 0.",
            count, n=int(negative.sum()), row=int(np.argmax(negative))
        )
    if kind in "fO":
        unsafe = (values > SAFE_FLOAT_COUNT if kind == "f" else np.array(
            [isinstance(value, (float, np.floating)) and value > SAFE_FLOAT_COUNT
             for value in values], dtype=bool))
        if unsafe.any():
            first = int(np.argmax(unsafe))
            raise _validation.InputError(
                "{0} has {n} float value(s) beyond 2**53 - 1 (e.g. {example!r} at row {row}), "
                "where a float may be the rounding of another integer; pass the counts as "
                "integers or decimals (e.g. CAST(n AS BIGINT) in SQL, or DuckDB's .arrow() "
                "rather than .df()).", count, n=int(unsafe.sum()),
                example=_plain(values[first]), row=first
            )
        values = values.astype(np.int64) if kind == "f" else _integers(values)
    total = _validation.exact_total(values)
    if total > _validation.INT64_MAX:
        raise OverflowError(
            f"count={column!r} counts {total} samples in all, more than the 2**63 - 1 that "
            "int64 counts hold; divide the counts (every ratio metric is unchanged)."
        )
    if total == 0:
        raise _validation.InputError("{0} is all zero; at least one row must count a sample.",
                                     count)
    return values.astype(np.int64), total


def _is_whole(value):
    """Whether a number (not missing) is a whole number."""
    if isinstance(value, numbers.Integral):
        return True
    if isinstance(value, Decimal):
        return value.is_finite() and value == value.to_integral_value()
    return math.isfinite(value) and value == math.floor(value)


def _integers(values):
    """Whole numbers held as objects, as int64, or as Python ints beyond it (which the
    check of the total then refuses)."""
    integers = [int(value) for value in values]
    try:
        return np.array(integers, dtype=np.int64)
    except OverflowError:
        counts = np.empty(len(integers), dtype=object)
        counts[:] = integers
        return counts


def _plain(value):
    """A numpy scalar as the Python value it stands for (a Decimal as it is)."""
    return value.item() if isinstance(value, np.generic) else value


def _not_numbers(values, column, dtype, example=None):
    example = values[0] if example is None else example
    return _validation.InputTypeError(
        "{0} must hold numbers of samples (whole numbers of any numeric type); got dtype "
        "{dtype} (e.g. {example!r}).", _validation.Arg("count", column), dtype=dtype,
        example=_plain(example)
    )


def _weight_values(column, weight):
    """A weight column as numbers the weight checks take: decimals (a database's sum)
    as float64, refused where float64 cannot hold them; missing values and other
    objects stay as they are, for the checks to name them."""
    values = _numbers(column, exact=False)
    if values.dtype.kind != "O" or pd.isna(values).any():
        return values
    kind = pd.api.types.infer_dtype(values, skipna=False)
    # pandas' "mixed" kinds may hold text: then each value is looked at
    if kind == "decimal" or kind in ("mixed", "mixed-integer") and all(
            isinstance(value, (numbers.Real, Decimal)) for value in values):
        return _validation.as_floats(values, _validation.Arg("weight", weight))
    return values


def _check_weights_of_no_samples(samples, weights, count, weight):
    """A positive weight on a row of no samples weighs samples that do not exist."""
    contradictory = (samples == 0) & (weights > 0)
    if contradictory.any():
        first = int(np.argmax(contradictory))
        raise _validation.InputError(
            "{0} is positive on {n} row(s) where {1} is 0, the first at row {row} (weight "
            "{value!r}); a row of no samples has no weight: fix its count, or give it weight 0.",
            _validation.Arg("weight", weight), _validation.Arg("count", count),
            n=int(contradictory.sum()), row=first, value=float(weights[first])
        )
