"""The stratified bootstrap of metrics of scores: each class keeps its number of
samples in every resample, as pROC's default bootstrap does, so a resample always
ranks both classes of a binary problem and a class's support never changes.

A resample is the evaluation under whole-number weights, each sample weighing
how often it was drawn; within a class, samples that no metric of scores tells
apart are one unit, drawn as many times as it holds samples:

* unweighted 1-D binary scores: a unit is a distinct score of one class, and a
  resample is the ranking's counts redrawn (a multinomial over the D distinct
  scores of each class), so a resample costs O(D) whatever the number of samples;
* a score matrix, or weighted scores: a unit is a sample (of nonzero weight; its
  weight travels with it), and a resample's rankings are tallied from the
  evaluation's one sort of each column (``metrics.score_metrics``): O(N K), no
  sort; Hand and Till's one-vs-one AUC sorts each class's scores again.

BCa's acceleration comes from the jackknife of each class (a multi-sample
jackknife, as ``scipy.stats.bootstrap`` computes it for several samples): the
evaluation without one sample of each unit, the value of each counted as
often as its unit holds samples.
"""

import copy
import warnings
from typing import List, NamedTuple

import numpy as np

from .. import validation as _validation
from ..metrics import ranking as _ranking, score_metrics as _score_metrics
from . import bootstrap as _bootstrap

# what a resample shares with its evaluation: the sorts of its scores, and whether
# they are probabilities (a resample holds the same scores)
_SHARED = ("orders", "probability_check")


class Strata(NamedTuple):
    """The units of each class: how many samples each holds."""

    counts: List[np.ndarray]

    def sizes(self):
        """Each class's number of samples: what each of its resamples draws."""
        return [int(c.sum()) for c in self.counts]


class Resampler:
    """The resamples of one score evaluation: its units, and the state of any counts."""

    def __init__(self, state, method="bootstrap", by_sample=False):
        """``by_sample``: units of samples whatever the scores (the paired bootstrap
        draws the same samples for two models)."""
        self.state = state
        state.cached("orders", dict)  # shared with every resample
        unweighted = np.asarray(state.tallies.tp).dtype.kind in "iu"
        if unweighted and state.scored.vector and not by_sample:
            ranking = _score_metrics.positive_ranking(state)
            self.ranking = ranking
            self.units = [np.flatnonzero(ranking.pos), np.flatnonzero(ranking.neg)]
            self.strata = Strata([ranking.pos[self.units[0]].astype(np.int64),
                                  ranking.neg[self.units[1]].astype(np.int64)])
        else:
            if state.samples is None:  # a sum of score evaluations: rankings only
                raise _validation.samples_of_scores_not_kept(method)
            self.ranking = None
            weight = state.samples.weight
            kept = np.ones(state.n_samples, dtype=bool) if unweighted else weight > 0
            true = state.samples.true
            # 1-D scores: the positive class first, as the distinct scores' units are,
            # whatever the order of the labels
            classes = (range(state.n_classes) if state.scored.scores is None else
                       (state.scored.positive, 1 - state.scored.positive))
            self.units = [np.flatnonzero(kept & (true == k)) for k in classes]
            self.units = [u for u in self.units if len(u)]
            self.strata = Strata([np.ones(len(u), dtype=np.int64) for u in self.units])

    @property
    def by_score(self):
        """Whether the units are distinct scores (else samples)."""
        return self.ranking is not None

    def resample(self, counts):
        """The state of the units drawn ``counts`` times (one array per class)."""
        state = self.state
        cache = {key: state.cache[key] for key in _SHARED if key in state.cache}
        if self.ranking is not None:
            pos, neg = (np.zeros(len(self.ranking.pos), dtype=np.int64) for _ in range(2))
            pos[self.units[0]], neg[self.units[1]] = counts
            cache["positive"] = _ranking.Ranking(self.ranking.thresholds, pos, neg)
            return state._replace(cache=cache)
        drawn = np.zeros(state.n_samples)
        for units, count in zip(self.units, counts):
            drawn[units] = count
        if state.samples.weight is not None:
            drawn *= state.samples.weight
        return state._replace(samples=state.samples._replace(weight=drawn), cache=cache)

    def chunks(self, rng, n_resamples):
        """The resamples' counts in chunks: per class, a multinomial draw of its samples
        over its units, (B, units) each."""
        width = sum(len(c) for c in self.strata.counts)
        per_class = [_bootstrap.multinomial(rng, size, count, n_resamples, width) if size
                     else _none_drawn(n_resamples, width)
                     for size, count in zip(self.strata.sizes(), self.strata.counts)]
        return zip(*per_class)

    def ranked(self, chunk):
        """The rankings of a chunk of resamples of binary scores' units, (B, D) counts
        on the evaluation's D distinct scores."""
        pos, neg = (np.zeros((len(chunk[0]), len(self.ranking.pos)), dtype=np.int64)
                    for _ in range(2))
        pos[:, self.units[0]], neg[:, self.units[1]] = chunk
        return _ranking.Ranking(self.ranking.thresholds, pos, neg)

    def jackknife(self):
        """The evaluations without one sample of each unit, class by class: per class,
        the states (made one at a time) and the units' counts."""
        for k, count in enumerate(self.strata.counts):
            yield self._left_out(k), count

    def _left_out(self, k):
        for unit in range(len(self.strata.counts[k])):
            counts = list(self.strata.counts)
            counts[k] = counts[k].copy()
            counts[k][unit] -= 1
            yield self.resample(counts)


class Stratified:
    """The stratified bootstrap of one score evaluation: the same resamples for every
    statistic, drawn from ``rng`` first (advancing it), then again from a copy of its
    starting state."""

    def __init__(self, state, rng, n_resamples, method="bootstrap"):
        self._resampler = Resampler(state, method)
        self._start, self._rng = copy.deepcopy(rng), rng
        self.n_resamples = n_resamples

    def values(self, statistic, batched=None):
        """``statistic`` (a function of a state, giving a float or an array) on every
        resample, silently; and on the evaluation's own units, computed the same way
        (the center that BCa compares them with). ``batched``: the same statistic of a
        :class:`~permetrics_lite.metrics.ranking.Ranking` of (B, D) counts, which the
        resamples of distinct scores use, a chunk at a time."""
        rng = self._rng if self._rng is not None else copy.deepcopy(self._start)
        self._rng = None  # the first draw advances the caller's random source
        resampler = self._resampler
        if not resampler.by_score:
            batched = None
        parts = []
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            for chunk in resampler.chunks(rng, self.n_resamples):
                if batched is not None:
                    parts.append(batched(resampler.ranked(chunk)))
                else:
                    parts.append(np.array([statistic(resampler.resample(counts))
                                           for counts in zip(*chunk)]))
            own = [c[None] for c in resampler.strata.counts]
            center = (statistic(resampler.resample(resampler.strata.counts)) if batched is None
                      else batched(resampler.ranked(own))[0])
        return np.concatenate(parts), center

    def acceleration(self, statistic):
        """BCa's acceleration by the jackknife of each class (``scipy.stats.bootstrap``'s
        for several samples): U = (n - 1)(mean - value) per class, and
        a = sum U^3 / n^3 / (6 (sum U^2 / n^2)^1.5) over the classes."""
        cubes = squares = 0.0
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            for states, count in self._resampler.jackknife():
                if not len(count):  # a class without samples: nothing to leave out
                    continue
                values = np.array([statistic(s) for s in states])
                weights = count.reshape((-1,) + (1,) * (values.ndim - 1)).astype(np.float64)
                n = weights.sum()
                u = (n - 1) * ((weights * values).sum(axis=0) / n - values)
                cubes = cubes + (weights * u**3).sum(axis=0) / n**3
                squares = squares + (weights * u**2).sum(axis=0) / n**2
        with np.errstate(divide="ignore", invalid="ignore"):
            return cubes / (6 * squares**1.5)


def _none_drawn(n_resamples, width):
    """The draws of a class without samples (binary scores of one class), in the
    chunks of the others'."""
    for size in _bootstrap.chunk_sizes(width, n_resamples):
        yield np.zeros((size, 0), dtype=np.int64)
