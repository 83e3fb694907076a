"""The state of an evaluation: what construction computes once and every query reads.

A :class:`State` is immutable: its arrays are read-only and its fields cannot
be set. Queries are functions of a state and their options; what they compute
on first use (a score sort, a matrix built on request) is kept in
``State.cache``, the one mutable part, never pickled. Evaluations derived from
another (a resample, a group, a sum) are new states built by :func:`of`.
"""

from typing import Any, Dict, NamedTuple, Optional

import numpy as np

from .. import validation as _validation
from . import options as _options, scores as _scores, tally as _tally
from .options import NO_OPTIONS

class Samples(NamedTuple):
    """The per-sample part of a state, for queries with their own weights."""

    true: np.ndarray  # class codes of y_true (multilabel: the indicator array)
    pred: np.ndarray
    weight: Optional[np.ndarray]  # None: every sample weighs 1
    index: Any  # the pandas index of the inputs, which query-time weights must match


class Groups(NamedTuple):
    """The groups of aggregated rows (``from_counts(..., group=...)``), for ``by_group``."""

    names: tuple     # the grouping column(s)
    keys: list       # the groups, in order
    tallies: list    # each group's tallies
    sizes: list      # each group's number of samples


class State(NamedTuple):
    """Everything an evaluation knows; built once, then only read."""

    labels: np.ndarray  # the classes, in order
    tallies: _tally.Tallies
    n_samples: Optional[int]  # None: a matrix of non-integral weights
    is_multilabel: bool
    samples: Optional[Samples]  # None: tallies only (a matrix, a sum, counts)
    scored: Optional[_scores.Scored]  # what only an evaluation of scores has
    groups: Optional[Groups]  # what only an evaluation of grouped counts has
    defaults: Dict[str, Any]  # the constructor's options that were given
    cache: Dict[str, Any]  # computed on first use; never pickled

    @property
    def n_classes(self):
        return len(self.labels)

    def tally(self, weight):
        """One pass over the codes with other weights."""
        true, pred = self.samples.true, self.samples.pred
        if self.is_multilabel:
            return _tally.tally_multilabel(true, pred, weight)
        return _tally.tally(true, pred, self.n_classes, weight)

    def weight_for(self, sample_weight):
        """A query's own weights, checked; the state's when it has none."""
        if sample_weight is None:
            return None if self.samples is None else self.samples.weight
        if self.samples is None:
            raise _validation.samples_not_kept()
        return _validation.check_sample_weight(sample_weight, self.n_samples,
                                               self.samples.index)

    def query(self, sample_weight):
        """The cached tallies, or one pass over the codes for a query's own weights."""
        if sample_weight is None:
            return self.tallies
        return self.tally(self.weight_for(sample_weight))

    def tallies_with_matrix(self, sample_weight=None):
        """The tallies (of a query's own weights) holding the matrix, dense or as cells:
        what a state without codes (a sum, a resample) needs to build it."""
        if self.is_multilabel or self.samples is None:
            return self.query(sample_weight)
        weight = self.weight_for(sample_weight)
        tallies = self.tallies if sample_weight is None else self.tally(weight)
        return _tally.with_matrix(tallies, self.samples.true, self.samples.pred,
                                  self.n_classes, weight)

    def matrix(self, sample_weight):
        """The dense matrix and its unit: tallied at construction, kept as cells, or
        built from the codes (on the first request, and kept, unless for a query's
        own weights)."""
        if sample_weight is not None:  # a state without codes refuses it here
            return self.built_matrix(sample_weight)
        if self.tallies.matrix is not None:
            return self.tallies.matrix, self.tallies.unit
        if self.samples is None:
            return _tally.materialise(self.tallies.cells, self.n_classes), self.tallies.unit
        return self.cached("matrix", self.built_matrix)

    def cells(self):
        """The occupied cells of the matrix (flat positions, ascending, and their
        counts) and their unit: kept sparse, or read off the dense matrix."""
        if self.tallies.cells is not None:
            return self.tallies.cells, self.tallies.unit
        matrix, unit = self.matrix(None)
        index = np.flatnonzero(matrix)
        return _tally.Cells(index, matrix.ravel()[index]), unit

    def built_matrix(self, sample_weight=None):
        weight, unit = _tally.in_units(self.weight_for(sample_weight))
        matrix = _tally.confusion_matrix(self.samples.true, self.samples.pred,
                                         self.n_classes, weight)
        return matrix, unit

    def cached(self, key, compute):
        """A value computed on first use and kept (read-only)."""
        if key not in self.cache:
            self.cache[key] = read_only(compute())
        return self.cache[key]

    def per_label(self, values):
        return dict(zip(self.labels.tolist(), values.tolist()))

    # The constructor's options as defaults: a method's own argument wins, then the
    # constructor's, then the method's Default.

    def zero_division(self, zero_division):
        return _options.zero_division(self.defaults, zero_division)

    def has_scores(self):
        """Whether the state keeps its scores (an evaluation of a score matrix pickled
        by release 0.1.0 kept its predictions only)."""
        scored = self.scored
        return scored is not None and (scored.scores is not None or scored.matrix is not None
                                       or scored.kept is not None)

    def is_scored_binary(self):
        """Whether the state ranks binary scores: 1-D, or a two-column matrix."""
        return self.has_scores() and (self.scored.vector or self.n_classes == 2)

    def scored_for(self, query, binary=False):
        """The score state a query needs, or a clear refusal."""
        if self.scored is None or (binary and not self.scored.vector):
            raise _validation.scores_needed(query, binary)
        return self.scored

    def query_defaults(self):
        """The options a query resolves its defaults with: the constructor's, and the
        positive class of binary scores (however it was named) as ``pos_label`` where
        it is not the default's 1."""
        defaults = self.defaults
        if "pos_label" not in defaults and self.is_scored_binary():
            positive = self.scored.positive
            if _validation.label_position(1, self.labels) != positive:
                defaults = dict(defaults, pos_label=self.labels[[positive]].tolist()[0])
        return defaults

    def derived_options(self):
        """The constructor options of a state derived from this one's tallies (a
        resample, a group), which keeps no scores to know their positive class."""
        return _options.as_tuple(self.query_defaults())

    def averaging(self, average, pos_label, allowed=_options.AVERAGES, one_class=("binary",)):
        return _options.averaging(self.query_defaults(), average, pos_label, allowed,
                                  one_class)

    def derived(self, tallies, n_samples=None, labels=None):
        """A state of other tallies (a resample, a group, a widening) with this one's
        options and kind, keeping no samples."""
        return of(self.labels if labels is None else labels, tallies,
                  self.n_samples if n_samples is None else n_samples, self.is_multilabel,
                  self.derived_options())


def read_only(value):
    """Make an array (or every array of a tuple, at any depth) read-only."""
    items = [value]
    while items:  # a loop, not recursion: it runs on every construction
        item = items.pop()
        if isinstance(item, np.ndarray):
            item.setflags(write=False)
        elif isinstance(item, tuple):
            items.extend(item)
    return value


def of(labels, tallies, n_samples, is_multilabel, options=NO_OPTIONS, samples=None,
       scored=None, groups=None):
    """A state, its arrays made read-only and the constructor's options checked."""
    labels = np.asarray(labels)
    defaults = _options.check_defaults(*options, labels)
    state = State(labels, tallies, n_samples, is_multilabel,
                  None if samples is None else Samples(*samples), scored, groups,
                  defaults, {})
    read_only(state[:-2])  # the defaults and the cache are dicts
    return state


# Pickles: the fields under the names of release 0.1.0's attributes, the tallies
# (and the score state, the groups) as plain dicts, read back in any field order.

def _tallies_dict(tallies):
    return dict(tallies._asdict(), cells=(
        None if tallies.cells is None else tallies.cells._asdict()))


def _tallies_read(fields):
    fields = dict(fields)
    cells = fields.pop("cells")
    return _tally.Tallies(**fields, cells=None if cells is None else _tally.Cells(**cells))


def pickled(state):
    """The state as a pickle holds it: the fields under release 0.1.0's attribute names."""
    samples = state.samples or Samples(None, None, None, None)
    return {
        "_labels": state.labels, "_tallies": _tallies_dict(state.tallies),
        "_n_samples": state.n_samples, "_is_multilabel": state.is_multilabel,
        "_true": samples.true, "_pred": samples.pred, "_weight": samples.weight,
        "_index": samples.index,
        "_scored": None if state.scored is None else state.scored._asdict(),
        "_groups": None if state.groups is None else state.groups._replace(
            tallies=[_tallies_dict(t) for t in state.groups.tallies])._asdict(),
        "_defaults": state.defaults,
    }


def unpickled(fields, version):
    """The state of a pickle's fields of ``version`` (0: release 0.1.0's attributes,
    which also knew no groups)."""
    fields = dict(fields)
    if version > 0:
        fields["_tallies"] = _tallies_read(fields["_tallies"])
        if fields["_scored"] is not None:
            fields["_scored"] = _scores.Scored(**fields["_scored"])
        if fields.get("_groups") is not None:
            groups = Groups(**fields["_groups"])
            fields["_groups"] = groups._replace(
                tallies=[_tallies_read(t) for t in groups.tallies])
    kept = fields["_true"] is not None
    state = State(fields["_labels"], fields["_tallies"], fields["_n_samples"],
                  fields["_is_multilabel"],
                  Samples(fields["_true"], fields["_pred"], fields["_weight"],
                          fields["_index"]) if kept else None,
                  fields["_scored"], fields.get("_groups"), fields["_defaults"], {})
    read_only(state[:-2])
    return state
