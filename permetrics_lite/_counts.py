"""Evaluations of aggregated rows: (true, predicted, count) tables from a database.

A SQL engine (DuckDB, Spark, BigQuery ...) does the heavy pass over the
samples with ``GROUP BY y_true, y_pred``; :func:`from_counts` finishes the
evaluation from its result, exactly as if each row were its count of samples.
"""

from typing import NamedTuple

import numpy as np

from . import _confusion, _validation
from ._docstrings import share
from ._options import NOT_GIVEN


class CountedGroups(NamedTuple):
    """The groups of aggregated rows: what ``by_group()`` of such an evaluation needs."""

    names: tuple     # the grouping column(s)
    keys: list       # the groups, in order
    tallies: list    # each group's tallies
    sizes: list      # each group's number of samples


@share
def from_counts(cls, frame, *, true="y_true", pred="y_pred", count=None, weight=None,
                group=None, labels=None, average=NOT_GIVEN, pos_label=NOT_GIVEN,
                zero_division=NOT_GIVEN):
    """Build an evaluation from aggregated rows: one row per (true, predicted) pair.

    The result equals the evaluation of the samples the rows stand for (each
    row repeated ``count`` times), for every metric; with ``group``, so do
    the evaluations of ``by_group()``. Duplicate pairs are added up.

    Parameters
    ----------
    frame : DataFrame, pyarrow Table or RecordBatchReader, or polars DataFrame
        The aggregated rows (polars and pyarrow are read through pyarrow).
    true, pred : str, default="y_true", "y_pred"
        The columns of true and predicted labels.
    count : str, default=None
        An integer column: the number of samples of each row (default: each
        row is one sample).
    weight : str, default=None
        A column of summed sample weights: the evaluation is weighted.
    group : str, default=None
        A grouping column: ``by_group()`` (without arguments) then gives an
        evaluation per group.
    labels : array-like, default=None
        The classes and their order, as for the constructor. By default the
        sorted labels of the rows that count a sample.
    {{query_defaults}}

    Returns
    -------
    ClassificationMetric
        It keeps tallies only: queries refuse their own ``sample_weight``.
        ``n_samples`` is the sum of ``count``.

    Raises
    ------
    ValueError
        For a column that is not in the frame, negative or all-zero counts,
        and every problem of the labels or weights the constructor refuses.
    TypeError
        For a frame of another type, or counts that are not integers.

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
    """
    columns = {"true": true, "pred": pred, "count": count, "weight": weight, "group": group}
    data = _validation.counts_frame(frame, columns)
    targets = _validation.check_targets(data[true], data[pred], labels)
    classes, t, p, _ = _confusion.encode(targets.true, targets.pred, targets.classes)
    if count is None:
        samples, n_samples = np.ones(len(data), dtype=np.int64), len(data)
    else:
        samples, n_samples = _validation.check_counts(data[count].to_numpy(), count)
    weights = _validation.check_sample_weight(
        None if weight is None else data[weight], len(data), data.index,
        name=f"weight={weight!r}")
    rows = samples > 0  # a row of no samples adds no sample, no class and no group
    if labels is None:
        present = np.zeros(len(classes), dtype=bool)
        present[t[rows]] = present[p[rows]] = True
        lookup = np.cumsum(present) - 1
        classes, t, p = classes[present], lookup[t], lookup[p]
    k = len(classes)
    index, samples = t[rows].astype(np.int64) * k + p[rows], samples[rows]
    weights = None if weights is None else weights[rows]
    groups = None
    if group is not None:
        codes, keys, names = _validation.check_groups(data[group][rows], len(index),
                                                      data.index[rows])
        parts = [codes == code for code in range(len(keys))]
        tallies = [_tallies(index[r], samples[r], None if weights is None else weights[r], k)
                   for r in parts]
        for key, part in zip(keys, tallies):
            if not part.total:
                raise _validation.weightless_group(key)
        groups = CountedGroups(tuple(names), keys, tallies,
                               [_validation.exact_total(samples[r]) for r in parts])
    return cls._from_tallies(np.array(classes), _tallies(index, samples, weights, k), n_samples,
                             False, (average, pos_label, zero_division), groups=groups)


def _tallies(index, samples, weights, n_classes):
    """The tallies of rows at flat cell positions: their counts, or their weights."""
    if weights is None:
        return _confusion.from_cells(_confusion.summed_cells(index, samples), n_classes)
    weights, unit = _confusion.in_units(weights)
    cells = _confusion.summed_cells(index, weights)
    return _confusion.from_cells(cells, n_classes)._replace(unit=unit)
