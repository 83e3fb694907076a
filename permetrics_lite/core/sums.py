"""Evaluations added up: ``a + b``, chunks of samples and Dask blocks.

Each part is validated and tallied as the constructor would; the parts'
tallies are merged over the union of their classes, so the sum equals one
evaluation of all the samples. A sum keeps tallies only.
"""

import functools

import numpy as np
import pandas as pd

from .. import validation as _validation
from . import build as _build, options as _options, state as _state, tally as _tally
from ..metrics import score_sums as _score_sums
from ..metrics.docstrings import share
from .options import NOT_GIVEN, Default


@share
def from_batches(batches, *, scores=False, labels=None, threshold=Default(0.5),
                 average=NOT_GIVEN, pos_label=NOT_GIVEN, zero_division=NOT_GIVEN):
    """Build an evaluation from chunks of samples, in memory bounded by one chunk.

    Each chunk is validated and tallied as the constructor would, then
    added to the running total (``a + b``), so the result equals one
    evaluation of all the samples and never holds more than one chunk of
    labels. It keeps tallies only: queries refuse their own ``sample_weight``.
    With ``scores=True`` each chunk is evaluated as ``from_scores`` would,
    and the sum also keeps the rankings of the scores (the distinct scores
    and each class's weight at each), so that every metric and curve of
    scores equals ``from_scores`` on all the samples, in memory of the
    distinct scores.

    Parameters
    ----------
    batches : iterable of tuples
        ``(y_true, y_pred)`` or ``(y_true, y_pred, sample_weight)``; a chunk
        without weights weighs 1 per sample. With ``scores=True``,
        ``(y_true, y_score)`` or ``(y_true, y_score, sample_weight)``, the
        scores as ``from_scores`` takes them.
    scores : bool, default=False
        Whether the chunks hold scores (1-D binary scores, or a matrix of
        one column per class) instead of predicted labels.
    labels : array-like of shape (n_classes,), default=None
        The classes and their order, for every chunk. By default the sorted
        union of all the labels seen; with scores, each chunk's own classes
        as ``from_scores`` finds them (pass ``labels`` when a chunk may lack
        a class).
    threshold : float, default=0.5
        With ``scores=True``: the lowest 1-D score predicted positive, as for
        ``from_scores`` (its ``pos_label`` names the class of 1-D scores).
    {{query_defaults}}

    Returns
    -------
    ClassificationMetric

    Raises
    ------
    ValueError, TypeError
        As the constructor, for the first bad chunk, with its number
        (from 0) in the message; ValueError when there is no chunk.

    Examples
    --------
    >>> from permetrics_lite import ClassificationMetric
    >>> chunks = [(["a", "b"], ["a", "a"]), (["c", "b"], ["c", "b"])]
    >>> cm = ClassificationMetric.from_batches(chunks)
    >>> cm.n_samples, cm.labels.tolist(), cm.AS()
    (4, ['a', 'b', 'c'], 0.75)
    >>> scored = [([0, 1, 1], [0.2, 0.9, 0.4]), ([0, 1, 0], [0.4, 0.7, 0.1])]
    >>> ClassificationMetric.from_batches(scored, scores=True).AUC()
    0.9444444444444444
    """
    scoring = _scoring(scores, threshold, pos_label)
    running = RunningSum(scored=scoring is not None)
    for number, batch in enumerate(batches):
        running.add(tallied_part("batch", number, *_validation.check_batch(batch, number,
                                                                             scoring),
                                 labels=labels, scores=scoring), number)
    if running.empty:
        raise _validation.no_batches()
    return with_options(running.total(), "batches", average, pos_label, zero_division)


class RunningSum:
    """Parts added up in order. Tallies are added as each part comes; parts of scores
    wait (up to ``PENDING`` of them, and ``PENDING_SAMPLES`` samples of unweighted 1-D
    scores, kept unranked), then are merged at once: the waiting samples ranked in one
    sort and the other rankings' sorted runs merged with them, so that scores, whose
    rankings grow with their distinct values, are not sorted again for every part."""

    PENDING = 1024  # parts waiting at most
    PENDING_SAMPLES = 2**23  # samples of unranked parts waiting at most (9 bytes each)

    def __init__(self, scored=False):
        self._scored = scored
        self._sum = None
        self._pending = []  # parts of scores not merged yet
        self._numbers = []

    @property
    def empty(self):
        return self._sum is None and not self._pending

    def add(self, part, number=None):
        """Add the next part (``number``: the batch it is, named in errors)."""
        if not self._scored:
            self._sum = part if self._sum is None else add(self._sum, part)
            return
        before = self._sum if self._sum is not None else (
            self._pending[0] if self._pending else None)
        if before is not None:
            _check_scores_add_up(before, part, number)
        self._pending.append(part)
        waiting = sum(p.n_samples for p in self._pending if p.samples is not None)
        if len(self._pending) >= self.PENDING or waiting >= self.PENDING_SAMPLES:
            self._merge()

    def total(self):
        """The sum of every part, in their order."""
        if self._pending:
            self._merge()
        return self._sum

    def _merge(self):
        parts = ([] if self._sum is None else [self._sum]) + self._pending
        self._sum, self._pending = add_all(parts), []


def add_all(states):
    """The sum of score evaluations that add up, in order: the tallies added one by
    one, the scores' rankings merged at once."""
    bare = [s._replace(scored=None) for s in states]
    total = functools.reduce(add, bare)
    index = pd.Index(total.labels)
    positions = [index.get_indexer(s.labels) for s in states]
    return total._replace(scored=_state.read_only(
        _score_sums.added(states, positions, total.tallies)))


def _check_scores_add_up(state, other, number=None):
    """Refuse a part of scores that cannot add up to those before, saying why (and
    naming the batch)."""
    reason = _score_sums.unmergeable(state, other)
    if reason is not None:
        error = _validation.InputError("the scores do not add up to those before: {reason}; "
                                       "pass labels (and pos_label) so that every part has "
                                       "the same classes.", reason=reason)
        raise error if number is None else _validation.in_part(error, "batch", number)


@share
def from_dask(y_true, y_pred, sample_weight=None, *, scores=False, labels=None,
              threshold=Default(0.5), average=NOT_GIVEN, pos_label=NOT_GIVEN,
              zero_division=NOT_GIVEN):
    """Build an evaluation from Dask collections, as a map-reduce on the Dask graph.

    Each block is validated and tallied where it lives (label discovery
    included); the small per-block evaluations are added up in a tree
    (``a + b``). It runs on whatever scheduler is active: threads by
    default, or a ``distributed`` cluster when a ``Client`` is connected.
    Needs the optional extra ``dask``.

    Parameters
    ----------
    y_true, y_pred : dask Array or dask Series of shape (n_samples,)
        Class labels, as for the constructor (or dask arrays of shape
        (n_samples, n_labels) for multilabel indicators). Dask Series of one DataFrame
        (same partitions) are paired partition by partition; anything else
        is rechunked like ``y_true``.
    sample_weight : dask Array or dask Series, default=None
        Weights, as for the constructor.
    scores : bool, default=False
        Whether ``y_pred`` holds scores, as ``from_scores`` takes them: a
        dask Array of shape (n_samples,) or (n_samples, n_classes), a dask
        Series, or a dask DataFrame of one column per class (named after
        its class). Each block is evaluated as ``from_scores`` would, and
        the sum keeps the rankings of the scores (see ``from_batches``).
    labels : array-like of shape (n_classes,), default=None
        The classes and their order. By default the sorted union of the
        labels of every block (with scores: each block's classes, as
        ``from_scores`` finds them).
    threshold : float, default=0.5
        With ``scores=True``: as for ``from_batches``.
    {{query_defaults}}

    Returns
    -------
    ClassificationMetric
        Tallies only: queries refuse their own ``sample_weight``.

    Raises
    ------
    ImportError
        If dask is not installed.
    ValueError, TypeError
        As the constructor, for the first bad block (its number in the
        message); or when the inputs are not dask collections of equal length.

    Examples
    --------
    >>> import dask.array as da
    >>> from permetrics_lite import ClassificationMetric
    >>> y_true = da.from_array([0, 1, 1, 2, 2, 2], chunks=2)
    >>> y_pred = da.from_array([0, 1, 2, 2, 2, 1], chunks=3)
    >>> cm = ClassificationMetric.from_dask(y_true, y_pred)
    >>> cm.n_samples, cm.AS()
    (6, 0.6666666666666666)
    >>> y_score = da.from_array([0.1, 0.8, 0.4, 0.9, 0.7, 0.3], chunks=3)
    >>> ClassificationMetric.from_dask(y_true == 2, y_score, scores=True).AUC()
    0.6666666666666666
    """
    from . import dask_blocks as _dask_blocks

    scoring = _scoring(scores, threshold, pos_label)
    tally_block = functools.partial(tallied_part, "block", labels=labels, scores=scoring)
    total = _dask_blocks.evaluate(tally_block, scored_add if scoring else add, y_true, y_pred,
                                  sample_weight)
    return with_options(total, "blocks", average, pos_label, zero_division)

def _scoring(scores, threshold, pos_label):
    """The options of the parts' scores (None: the parts hold predictions)."""
    if not _validation.check_bool("scores", scores):
        if not isinstance(threshold, Default):
            raise _validation.InputError("{0} applies with {1} only: the parts hold "
                                         "predictions.", _validation.Arg("threshold", threshold),
                                         _validation.Arg("scores", True))
        return None
    return {"pos_label": pos_label, "threshold": threshold}


def tallied_part(part, number, y_true, y_pred, sample_weight, *, labels, scores=None):
    """One batch (or block) of many as a state of tallies only, or with ``scores`` (the
    options of :func:`ranked`) of tallies and rankings; errors name it."""
    try:
        if scores is not None:
            return ranked(y_true, y_pred, sample_weight, labels=labels, **scores)
        return tallied(y_true, y_pred, sample_weight, labels=labels)
    except (TypeError, ValueError) as error:
        raise _validation.in_part(error, part, number) from error


def tallied(y_true, y_pred, sample_weight, *, labels):
    """Samples as a state of tallies only, to be added to others (``a + b``)."""
    # a part may weigh zero in all; the sum of the parts may not
    state = _build.from_samples(y_true, y_pred, labels, sample_weight, positive_sum=False)
    return _state.of(state.labels, state.tallies_with_matrix(), state.n_samples,
                     state.is_multilabel)


def ranked(y_true, y_score, sample_weight, *, labels, pos_label=NOT_GIVEN,
           threshold=Default(0.5)):
    """Samples and their scores as a state of tallies and rankings only, to be added
    to others; ``pos_label`` names the class of 1-D scores, as for ``from_scores``."""
    # a part may weigh zero in all; the sum of the parts may not
    state = _build.scored_samples(y_true, y_score, threshold, labels, sample_weight,
                                  (NOT_GIVEN, pos_label, NOT_GIVEN), positive_sum=False)
    if state.scored.vector and state.samples.weight is None:
        return state  # unweighted 1-D scores: ranked with the other parts', at once
    scored = state.scored._replace(ranks=None, scores=None, matrix=None,
                                   kept=_score_sums.kept(state))
    return _state.of(state.labels, state.tallies_with_matrix(), state.n_samples, False,
                     scored=scored)


def widened(state, labels):
    """This state over ``labels``, which hold its own classes (as ``by_group`` gives
    every group the classes of all the samples)."""
    at = pd.Index(labels).get_indexer(state.labels)
    tallies = _tally.merge(state.tallies_with_matrix(), at, _tally.NO_TALLIES,
                           np.empty(0, dtype=np.intp), len(labels))
    return state.derived(tallies, labels=np.asarray(labels))


def with_options(state, parts, *options):
    """This sum of ``parts`` ("batches" or "blocks"), with the constructor options."""
    _validation.check_total(state.tallies.total, parts)
    return _state.of(state.labels, state.tallies, state.n_samples, state.is_multilabel,
                     options, scored=state.scored)


def scored_add(state, other):
    """``a + b`` of parts of scores (Dask blocks), which must add up: else an error that
    says why."""
    _check_scores_add_up(state, other)
    return add(state, other)


def add(state, other):
    """``a + b`` of two states: classes unioned, tallies added, options merged."""
    _validation.check_mergeable((state.labels, state.is_multilabel),
                                (other.labels, other.is_multilabel))
    # the positive class that binary scores imply counts as their pos_label: a sum
    # (which keeps no scores) keeps it, and sums of sums agree with it. A state of
    # which 1 is no class has no default positive class to disagree with: it takes
    # the other's.
    defaults = [dict(s.query_defaults()) for s in (state, other)]
    stated = [d["pos_label"] for d in defaults if "pos_label" in d]
    for d, s in zip(defaults, (state, other)):
        found = _validation.label_position(1, s.labels)
        if stated and "pos_label" not in d and (found is None or found < 0):
            d["pos_label"] = stated[0]
    options = _validation.merged_options(*defaults)
    labels, state_at, other_at = _tally.union(state.labels, other.labels)
    tallies = _tally.merge(state.tallies_with_matrix(), state_at,
                           other.tallies_with_matrix(), other_at, len(labels))
    n_samples = (None if state.n_samples is None or other.n_samples is None
                 else state.n_samples + other.n_samples)
    scored = None
    if state.has_scores() and other.has_scores() and not _score_sums.unmergeable(state, other):
        scored = _score_sums.added([state, other], [state_at, other_at], tallies)
    return _state.of(labels, tallies, n_samples, state.is_multilabel,
                     _options.as_tuple(options), scored=scored)
