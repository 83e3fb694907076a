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


def _unranked(state):
    """Whether a part holds its unweighted 1-D scores, not yet ranked."""
    scored = state.scored
    return bool(scored.kept is None and scored.vector and state.samples is not None
                and state.samples.weight is None and "positive" not in state.cache)


def _facts(state):
    """What a sum keeps of a part but its rankings: whether its scores are
    probabilities, and whether its weights are whole."""
    return _scores.Kept((), None, _score_metrics.probability_check(state),
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


def added(states, positions, tallies):
    """The :class:`~permetrics_lite.core.scores.Scored` of the sum of score evaluations
    that add up (:func:`unmergeable`), in order, the classes of each at its
    ``positions`` among the sum's, whose tallies are ``tallies``: every part's
    rankings and rank counts brought to that unit and merged at once, class by class
    (one sort of the parts' sorted runs, whatever their number)."""
    units = [s.tallies.unit / tallies.unit for s in states]

    def merged(rankings):
        return _ranking.combined([_in_unit(r, u) for r, u in zip(rankings, units)])

    first = states[0].scored
    raw = [first.vector and _unranked(s) for s in states]
    if sum(raw) < 2:  # ranking one part's samples alone saves nothing
        raw = [False] * len(states)
    parts = [_facts(s) if r else kept(s) for s, r in zip(states, raw)]
    if first.vector:
        runs = [_in_unit(p.rankings[0], u) for p, u, r in zip(parts, units, raw) if not r]
        if any(raw):  # the unranked parts' samples ranked at once: one sort, not one each
            runs.append(_in_unit(_ranking.rank(
                np.concatenate([s.scored.scores for s, r in zip(states, raw) if r]),
                np.concatenate([s.samples.true == s.scored.positive
                                for s, r in zip(states, raw) if r])), 1 / tallies.unit))
        rankings = (runs[0] if len(runs) == 1 else _ranking.combined(runs),)
    else:  # the classes in the sum's order
        order = [np.argsort(at) for at in positions]
        rankings = tuple(merged([p.rankings[o[k]] for p, o in zip(parts, order)])
                         for k in range(len(positions[0])))
    confidence = None if parts[0].confidence is None else merged([p.confidence for p in parts])
    checked, rows = parts[0].checked, states[0].n_samples or 0
    for part, state in zip(parts[1:], states[1:]):
        checked = _score_metrics.added_checks(checked, part.checked, rows)
        rows += state.n_samples or 0
    rank_counts = sum(_counted(s.scored.rank_counts, u) for s, u in zip(states, units))
    thresholds = {s.scored.threshold for s in states}
    positive = (int(positions[0][first.positive]) if first.vector or len(positions[0]) == 2
                else 1)
    # the scores of the concatenation are of the finest type of them
    return _scores.Scored(None, rank_counts, None,
                          thresholds.pop() if len(thresholds) == 1 else None, positive, None,
                          min(s.scored.eps for s in states),
                          _scores.Kept(rankings, confidence, checked,
                                       all(p.whole for p in parts)))


def _counted(counts, factor):
    """Counts in another unit (``factor``: their unit over it, a power of two)."""
    return counts if factor == 1 else counts * factor


def _in_unit(ranking, factor):
    return ranking._replace(pos=_counted(ranking.pos, factor), neg=_counted(ranking.neg, factor))
