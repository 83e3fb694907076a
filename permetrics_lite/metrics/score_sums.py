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
    return _scores.Kept(rankings, confidence, _score_metrics.probability_check(state),
                        _score_metrics.whole_weights(state))


def unmergeable(state, other):
    """Why two score evaluations' scores cannot add up (None when they can): they
    must be of the same classes, in any order, both 1-D scores of one positive
    class or both matrices."""
    a, b = state.scored, other.scored
    if a.vector != b.vector:
        return "one holds 1-D scores, the other a score matrix"
    classes = [s.labels.tolist() for s in (state, other)]
    if len(classes[0]) != len(classes[1]) or set(classes[0]) != set(classes[1]):
        return f"their classes differ ({classes[0]} and {classes[1]})"
    if a.vector and classes[0][a.positive] != classes[1][b.positive]:
        return (f"their 1-D scores are of different positive classes "
                f"({classes[0][a.positive]!r} and {classes[1][b.positive]!r})")
    return None


def added(state, other, state_at, other_at, tallies):
    """The :class:`~permetrics_lite.core.scores.Scored` of the sum of two score
    evaluations that add up (:func:`unmergeable`), their classes at ``state_at`` and
    ``other_at`` among the sum's, whose tallies are ``tallies``: each part's rankings
    and rank counts brought to that unit and added, class by class."""
    first, second = kept(state), kept(other)
    units = [s.tallies.unit / tallies.unit for s in (state, other)]

    def merged(a, b):
        return _ranking.combined([_in_unit(a, units[0]), _in_unit(b, units[1])])

    a, b = state.scored, other.scored
    if a.vector:
        rankings = (merged(first.rankings[0], second.rankings[0]),)
    else:  # the classes in the sum's order
        in_first, in_second = np.argsort(state_at), np.argsort(other_at)
        rankings = tuple(merged(first.rankings[i], second.rankings[j])
                         for i, j in zip(in_first.tolist(), in_second.tolist()))
    confidence = (None if first.confidence is None
                  else merged(first.confidence, second.confidence))
    checked = _score_metrics.added_checks(first.checked, second.checked, state.n_samples or 0)
    rank_counts = (_counted(a.rank_counts, units[0])
                   + _counted(b.rank_counts, units[1]))  # of ranks, not of classes
    # the scores of the concatenation are of the finer type of the two
    return _scores.Scored(None, rank_counts, None,
                          a.threshold if a.threshold == b.threshold else None,
                          int(state_at[a.positive]) if a.vector or len(state_at) == 2 else 1,
                          None, min(a.eps, b.eps),
                          _scores.Kept(rankings, confidence, checked,
                                       first.whole and second.whole))


def _counted(counts, factor):
    """Counts in another unit (``factor``: their unit over it, a power of two)."""
    return counts if factor == 1 else counts * factor


def _in_unit(ranking, factor):
    return ranking._replace(pos=_counted(ranking.pos, factor), neg=_counted(ranking.neg, factor))
