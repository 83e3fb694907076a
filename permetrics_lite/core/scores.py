"""From scores to decisions: predictions, the true class's rank, threshold sweeps.

An (N, K) score matrix predicts its argmax, ties going to the first column;
1-D binary scores predict the second class where ``score >= threshold``. The
rank of the true class orders the columns by the same rule (higher score
first, then earlier column), so rank 0 is exactly "the prediction is right"
and top-1 accuracy is accuracy.
"""

from typing import Any, NamedTuple, Optional

import numpy as np
import pandas as pd

from .. import validation as _validation
from . import tally as _tally
from ..metrics import formulas as _formulas

SCORE_CELLS = 2**18  # cells of a score matrix compared per step of a chunked pass
CURVE_ROWS = 2**16  # thresholds per step of the threshold curve's formulas


class Kept(NamedTuple):
    """The rankings of a sum of score evaluations (``a + b``, ``from_batches``), kept in
    place of their scores: every metric of scores but the one-vs-one AUC is a function
    of them (``metrics.ranking``), in memory of the distinct scores. Weighted counts
    are in the unit of the state's tallies."""

    rankings: tuple  # 1-D scores: the positive class's; a matrix: each column's against its class
    confidence: Any  # a matrix of 3+ classes: the top-class confidence against being right
    checked: tuple  # whether the scores are probabilities (score_metrics.probability_check)
    whole: bool = True  # whether every sample's weight is a whole number (quantile bins)


class Scored(NamedTuple):
    """What an evaluation built from scores keeps beside its tallies."""

    ranks: Optional[np.ndarray]  # rank of the true class of each sample: 0 when predicted
    rank_counts: np.ndarray  # histogram of the ranks under the default weights
    scores: Optional[np.ndarray]  # the 1-D binary scores, for threshold sweeps; None for a matrix
    threshold: Optional[float]  # the decision threshold of 1-D scores
    positive: int = 1  # the code of the positive class of binary scores
    matrix: Optional[np.ndarray] = None  # a score matrix, its columns in class order
    eps: float = float(np.finfo(np.float64).eps)  # the epsilon of the scores' own type
    kept: Optional[Kept] = None  # a sum's rankings, in place of the per-sample fields

    @property
    def vector(self):
        """Whether the scores are 1-D (binary), kept or ranked."""
        return self.scores is not None or (self.kept is not None
                                           and len(self.kept.rankings) == 1)


def in_precision(threshold, dtype):
    """The threshold rounded to the scores' own precision, where they are compared:
    as NumPy compares a float32 array with a Python float, so a float32 score
    written as the threshold (0.7) is at it, not below it."""
    with np.errstate(over="ignore"):
        return float(np.asarray(threshold, dtype=dtype))


def row_tolerances(eps):
    """How far from 1 the sum of a row of probabilities (of a type of epsilon ``eps``)
    may be, and how far before the losses warn.

    scikit-learn's rules: its AUC takes rows within ``np.allclose(row_sum, 1)``
    (1e-5, and 1e-8 more), so probabilities written with 6 decimals pass; its
    log loss and Brier score warn beyond the square root of the type's epsilon
    (and 1e-8): 1.5e-8 for float64, 3.5e-4 for float32, 0.031 for float16, which
    is also the tolerance of the narrow types.
    """
    warn = 1e-8 + float(np.sqrt(eps))
    return max(1e-8 + 1e-5, warn), warn


def decide(true, scores, threshold):
    """The predicted codes and the rank of the true class of each sample."""
    if scores.ndim == 1:
        pred = (scores >= threshold).view(np.uint8)
        return pred, (pred != true).view(np.uint8)
    n_samples, n_classes = scores.shape
    dtype = _tally.code_dtype(n_classes)
    pred, ranks = np.empty(n_samples, dtype), np.empty(n_samples, dtype)
    columns = np.arange(n_classes)
    rows = max(1, SCORE_CELLS // n_classes)
    for start in range(0, n_samples, rows):
        step = slice(start, start + rows)
        block, t = scores[step], true[step]
        own = block[np.arange(len(t)), t][:, None]
        ahead = (block > own) | ((block == own) & (columns < t[:, None]))
        ranks[step] = np.count_nonzero(ahead, axis=1)
        pred[step] = block.argmax(axis=1)  # the first of equal maxima
    return pred, ranks


def in_class_order(columns, classes, *codes):
    """Codes of ``columns`` (the classes of the score columns) turned into codes of
    ``classes`` (the same classes in the evaluation's order); and the lookup used."""
    lookup = pd.Index(classes).get_indexer(columns).astype(_tally.code_dtype(len(classes)))
    return tuple(lookup[c] for c in codes), lookup


def in_class_columns(matrix, lookup):
    """A float64 copy of a score matrix with its columns in class order (``lookup``:
    the class of each column), kept for the score metrics."""
    return np.asarray(matrix, dtype=np.float64)[:, np.argsort(lookup)]


def top_k(rank_counts, tallies, k):
    """The number (or weight) of samples whose true class is among the first k.

    Rank 0 is a right prediction, so its count is taken from the tallies: top-1
    is then exactly the accuracy's numerator, rounded the same way.
    """
    if k >= len(rank_counts):
        return tallies.total
    return min(tallies.correct + rank_counts[1:k].sum().item(), tallies.total)


def sweep(ranking):
    """Thresholds (each distinct score, ascending) and the counts each one gives,
    from a :class:`~permetrics_lite.metrics.ranking.Ranking`: cumulative sums from the top,
    since a threshold predicts positive every score at or above it."""
    dtype = np.int64 if ranking.pos.dtype.kind in "iu" else np.float64
    tp, fp = (np.ascontiguousarray(np.cumsum(counts, dtype=dtype)[::-1])
              for counts in (ranking.pos, ranking.neg))
    # the lowest threshold predicts every sample positive
    return ranking.thresholds[::-1].copy(), _formulas.Counts(tp, fp, tp[0] - tp, fp[0] - fp)


def curve_column(metric, metrics):
    """The column of ``metrics`` (registry rows of the curve) that a column name,
    alias or long name stands for."""
    by_name = {}
    for row in metrics:
        by_name.update({row.column: row.column, row.alias: row.column, row.name: row.column})
    if isinstance(metric, str) and metric in by_name:
        return by_name[metric]
    raise _unknown_curve_metric(metric, list(by_name))


def _unknown_curve_metric(metric, names):
    return _validation.InputError(
        "{metric} must name a column of the threshold curve (by column, alias or long name): "
        "one of {names}; got {got!r}.{hint}", "metric", names=list(names), got=metric,
        hint=_validation.closest(metric, names, n=2)
    )


def curve(thresholds, counts, zero_division, metrics, unit=1.0):
    """The threshold curve's columns: counts (times their ``unit``), then the
    binary-count formula of each of ``metrics`` (registry rows) for the positive class.

    The formulas run on steps of rows, so that their temporaries stay small
    (a curve of 10^7 thresholds would otherwise allocate a dozen arrays of
    10^7); each 0/0 warns once, for the whole curve.
    """
    columns = {"threshold": thresholds}
    columns.update({name: _tally.counted(getattr(counts, name), unit)
                    for name in ("tp", "fp", "fn", "tn")})
    # as floats: every sum of a few counts is then exact, so each formula rounds
    # once, as on integers
    exact_as_floats = counts.tp.dtype.kind == "i" and counts.tp[0] + counts.fp[0] < 2**50
    values = {row.column: np.empty(len(thresholds)) for row in metrics}
    undefined = dict.fromkeys(values, 0)
    for start in range(0, len(thresholds), CURVE_ROWS):
        step = slice(start, start + CURVE_ROWS)
        part = _formulas.Counts(*(c[step].astype(np.float64) if exact_as_floats else c[step]
                                  for c in counts))
        for row in metrics:
            values[row.column][step], missing = _formulas.divide(*row.formula(part),
                                                                 zero_division)
            undefined[row.column] += missing
    for row in metrics:
        if undefined[row.column] and zero_division == "warn":
            _formulas.warn_undefined(row.title, undefined[row.column], len(thresholds))
    columns.update(values)
    return columns
