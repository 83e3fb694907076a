"""Score evaluations added up: their rankings merged.

A metric of scores reads rankings (``metrics.ranking``): the distinct scores and
the weight of each class at each. The ranking of a concatenation is the union of
the parts' distinct scores with their weights summed, so a sum of score
evaluations keeps its parts' rankings merged (a :class:`~permetrics_lite.core.
scores.Kept`) and answers every metric and curve of scores as ``from_scores`` on
all the samples would, in memory of the distinct scores, not of the samples.
Hand and Till's one-vs-one AUC, which pairs each sample's scores of two
columns, is the one metric a sum cannot keep.
"""

import numpy as np

from ..core import scores as _scores
from . import ranking as _ranking, score_metrics as _score_metrics


def kept(state):
    """A score evaluation's rankings, as a sum keeps them (computed from its scores,
    or a sum's own)."""
    scored = state.scored
    if scored.kept is not None:
        return scored.kept
    rankings = ((_score_metrics.positive_ranking(state),) if scored.vector
                else _score_metrics.class_rankings(state))
    confidence = (None if state.n_classes < 3 or scored.vector
                  else _score_metrics.calibration_ranking(state))
    return _scores.Kept(rankings, confidence, _score_metrics.probability_check(state))


def mergeable(state, other):
    """Whether two states' scores add up: both scored, of the same classes in the same
    order, both 1-D (of one positive class) or both matrices."""
    if not (state.has_scores() and other.has_scores()):
        return False
    a, b = state.scored, other.scored
    return (np.array_equal(state.labels, other.labels) and a.vector == b.vector
            and (not a.vector or a.positive == b.positive))


def added(state, other, tallies):
    """The :class:`~permetrics_lite.core.scores.Scored` of the sum of two score
    evaluations (see :func:`mergeable`), whose merged tallies are ``tallies``: each
    part's rankings and rank counts brought to their unit and added."""
    first, second = kept(state), kept(other)
    units = [s.tallies.unit / tallies.unit for s in (state, other)]

    def merged(a, b):
        return _ranking.combined([_in_unit(a, units[0]), _in_unit(b, units[1])])

    rankings = tuple(merged(a, b) for a, b in zip(first.rankings, second.rankings))
    confidence = (None if first.confidence is None
                  else merged(first.confidence, second.confidence))
    checked = _score_metrics.added_checks(first.checked, second.checked, state.n_samples or 0)
    a, b = state.scored, other.scored
    rank_counts = (_counted(a.rank_counts, units[0])
                   + _counted(b.rank_counts, units[1]))
    return _scores.Scored(None, rank_counts, None,
                          a.threshold if a.threshold == b.threshold else None, a.positive,
                          None, max(a.eps, b.eps), _scores.Kept(rankings, confidence, checked))


def _counted(counts, factor):
    """Counts in another unit (``factor``: their unit over it, a power of two)."""
    return counts if factor == 1 else counts * factor


def _in_unit(ranking, factor):
    return ranking._replace(pos=_counted(ranking.pos, factor), neg=_counted(ranking.neg, factor))
