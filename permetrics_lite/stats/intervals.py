"""Confidence intervals of a metric, from the cached tallies alone.

Three kinds, chosen by ``method``:

* binomial proportion intervals (Wilson, Clopper-Pearson, Agresti-Coull,
  Jeffreys, normal) for the metrics that are a count of samples over a count
  of samples (registry rows with ``proportion``), as statsmodels'
  ``proportion_confint`` computes them; a micro average that pools
  (sample, class) pairs, each sample counted more than once, is refused;
* ``"analytic"``: estimate +- z * standard error, for the rows with a
  closed-form standard error (``analytic``);
* the bootstrap, percentile and BCa, for every metric of labels: each resample is one
  multinomial draw of N samples over the D occupied cells of the confusion
  matrix, never a pass over the samples, so the cost is O(B * D) whatever N.
  BCa's acceleration comes from the jackknife by cells: leaving out any one
  sample of a cell gives the same matrix, so D evaluations, each weighted by
  its count, stand for the N of a per-sample jackknife. A weighted
  evaluation's resample draws its N' samples of nonzero weight over the P
  distinct (cell, weight) pairs of its kept codes and weights, each draw
  weighing its pair's weight: the per-sample weighted bootstrap, at O(B * P).

The metrics of scores have the stratified bootstrap of ``stats.score_bootstrap``.
The resamples of the confusion matrix are drawn in chunks and kept (their
per-class tallies, and their cells while those are few), or drawn again from
the same random state for each metric, so the draw is the same for every
metric of one :class:`Intervals` and memory stays bounded. A metric is evaluated on a chunk of resamples at
once, by its formula over a leading resample axis (``stats.bootstrap``); a method
without such a form would be evaluated one resample at a time.
"""

import copy
import functools
import warnings
from typing import Any, NamedTuple

import numpy as np

from .. import validation as _validation
from ..core import options as _options, tally as _tally
from ..metrics import (interval_forms as _interval_forms, ranking as _ranking,
                       registry as _registry, score_metrics as _score_metrics)
from . import (bootstrap as _bootstrap, bounds as _bounds,
               score_bootstrap as _score_bootstrap)
from ..metrics.docstrings import share
from ..core.options import Default

PROPORTION_METHODS = ("wilson", "clopper-pearson", "agresti-coull", "jeffreys", "normal")
RESAMPLING_METHODS = ("bootstrap", "bca")
RANKING_METHODS = ("delong", "hanley-mcneil")  # of a ROC AUC
METHODS = PROPORTION_METHODS + ("analytic",) + RANKING_METHODS + RESAMPLING_METHODS
AUTO = "auto"  # for each metric, the first of its preferred methods that applies
N_RESAMPLES = 9999


class _Interval(NamedTuple):
    estimate: Any
    low: Any
    high: Any


class ConfidenceInterval(_Interval):
    """A metric's estimate and the bounds of its confidence interval.

    A named tuple ``(estimate, low, high)``: floats, or arrays in label order
    for per-class results (``average=None``). ``method`` and ``confidence``
    say how it was computed.

    Examples
    --------
    >>> from permetrics_lite import ClassificationMetric
    >>> ci = ClassificationMetric([0, 1, 1, 0, 1], [0, 1, 0, 0, 1]).CI("AS")
    >>> estimate, low, high = ci
    >>> estimate, round(low, 4), round(high, 4), ci.method, ci.confidence
    (0.8, 0.3755, 0.9638, 'wilson', 0.95)
    """

    def __new__(cls, estimate, low, high, method, confidence):
        interval = super().__new__(cls, estimate, low, high)
        interval.method, interval.confidence = method, confidence
        return interval

    def __getnewargs__(self):
        return (*self, self.method, self.confidence)

    def _replace(self, **changes):
        fields = dict(self._asdict(), method=self.method, confidence=self.confidence)
        return type(self)(**{**fields, **changes})

    def __repr__(self):
        return (f"ConfidenceInterval(estimate={self.estimate!r}, low={self.low!r}, "
                f"high={self.high!r}, method={self.method!r}, "
                f"confidence={self.confidence!r})")


@share
def confidence_interval(state, metric="AS", *, method="wilson", confidence=0.95,
                        n_resamples=Default(N_RESAMPLES), random_state=None,
                        **metric_params):
    """A metric's estimate with its confidence interval, from the cached tallies.

    Parameters
    ----------
    metric : str, default="AS"
        The short alias or long name of a metric.
    method : str, default="wilson"
        ``"wilson"``, ``"clopper-pearson"``, ``"agresti-coull"``,
        ``"jeffreys"`` or ``"normal"``: the binomial proportion intervals,
        for metrics that are a count of samples over a count of samples
        (``AS``, ``TKA``, and ``PCA``, ``PS``, ``RS``, ``SS``, ``NPV`` of
        one class or of every class; micro-averaged only where that counts
        each sample once) of unweighted evaluations. ``"analytic"``: the
        estimate plus or minus z standard errors, where a closed form is
        known (``CKS``, ``BAS``). ``"delong"`` and ``"hanley-mcneil"``: the
        ROC AUC of binary scores plus or minus z standard errors, DeLong's
        from the placement values of the samples or Hanley and McNeil's from
        the area and the class counts, clipped to [0, 1].
        ``"bootstrap"`` (percentile) and ``"bca"`` (bias-corrected and
        accelerated): for every metric of labels, by resampling the
        confusion matrix; and for ``AUC``, ``APS``, ``LL``, ``BSL`` and
        ``ECE`` of scores, by the stratified bootstrap (each class keeps its
        number of samples).
        ``"auto"``: the first method that applies to the metric, its options
        and the evaluation, of Clopper-Pearson (Wilson without scipy) for a
        proportion, ``"analytic"``, ``"delong"``, then ``"bootstrap"``; the
        result's ``method`` says which.
    confidence : float, default=0.95
        The confidence level, strictly between 0 and 1 (any float there,
        however close to 0 or 1).
    n_resamples : int, default=9999
        The number of bootstrap resamples (``"bootstrap"`` and ``"bca"``).
    random_state : None, int or numpy.random.Generator, default=None
        The resamples' random source (``"bootstrap"`` and ``"bca"``): an
        integer seed makes the interval reproducible.
    **metric_params
        The metric's own options (``average``, ``pos_label``, ``weights``,
        ``sample_weight`` ...), as its method takes them.

    Returns
    -------
    ConfidenceInterval or dict
        ``(estimate, low, high)``; for ``average=None``, a dict of them keyed
        by label, as the metric's own ``average=None`` gives its values. Bounds are nan where the metric is undefined
        (0/0), for the percentiles of resamples with nan values and where
        BCa is undefined.

    Raises
    ------
    ValueError
        For an unknown ``method``, a method that does not apply to the
        metric, its options (a micro average of (sample, class) pairs for a
        proportion method) or a weighted state, the bootstrap of a
        weighted evaluation that keeps no per-sample weights, or a bad
        ``confidence``, ``n_resamples`` or ``random_state``.

    See Also
    --------
    CI : Short alias.

    Notes
    -----
    The proportion intervals equal statsmodels'
    ``proportion_confint(count, nobs, alpha=1 - confidence, method=...)``
    (``"clopper-pearson"`` is its ``"beta"``); they need scipy for
    ``"clopper-pearson"`` and ``"jeffreys"`` (the ``stats`` extra). Each
    bootstrap resample draws ``n_samples`` samples from the cells of the
    confusion matrix with their observed frequencies, at a cost that does
    not grow with the number of samples. A weighted evaluation's resample
    draws its samples of nonzero weight, each with its own weight (a zero
    weight is a removed sample), over the distinct (cell, weight) pairs of
    its samples. A resample on which the metric is undefined takes its
    ``zero_division`` value, silently. BCa follows
    ``scipy.stats.bootstrap(method="BCa")``: resamples equal to the
    estimate count half below it; it is undefined (nan) when the estimate
    lies strictly below or above every resample; use ``"bootstrap"`` then.
    DeLong's variance (DeLong, DeLong and Clarke-Pearson 1988) is that of the
    placement values, a tie counting half: pROC's ``ci.auc(method="delong")``;
    it is computed from the evaluation's one sort of the scores, in O(D) for
    D distinct scores, and is undefined (nan bounds) with fewer than two
    samples of a class. Hanley and McNeil's (1982) assumes exponential score
    distributions. Both count samples: weighted scores are refused. The
    stratified bootstrap of scores draws each class's samples from that
    class (unweighted 1-D scores: the counts of its distinct scores, at
    O(D) per resample); see :doc:`/score_uncertainty`. See :doc:`/intervals`.

    Examples
    --------
    >>> from permetrics_lite import ClassificationMetric
    >>> cm = ClassificationMetric([0, 1, 1, 0, 1, 1, 0, 1], [0, 1, 0, 0, 1, 1, 1, 1])
    >>> [round(x, 4) for x in cm.CI("AS")]
    [0.75, 0.4093, 0.9285]
    >>> [round(x, 4) for x in cm.CI("RS", method="clopper-pearson")]
    [0.8, 0.2836, 0.9949]
    >>> [round(x, 4) for x in cm.CI("MCC", method="bootstrap", random_state=0)]
    [0.4667, -0.2928, 1.0]
    >>> cm.CI("RS", average=None)[1].method
    'wilson'
    >>> cm.CI("MCC", method="auto", random_state=0).method
    'bootstrap'
    >>> scored = ClassificationMetric.from_scores([0, 0, 1, 1, 0, 1], [0.1, 0.4, 0.35, 0.8, 0.2, 0.7])
    >>> [round(x, 4) for x in scored.CI("AUC", method="delong")]
    [0.8889, 0.5809, 1.0]
    """
    row = _registry.lookup(metric)
    sample_weight = metric_params.pop("sample_weight", None)
    if method == AUTO:
        intervals = Chosen(_tallied(state, sample_weight), confidence, n_resamples,
                           random_state, sampled=state, sample_weight=sample_weight)
        *interval, method = intervals.chosen(row, metric_params)
    else:
        intervals = Intervals(_tallied(state, sample_weight), method, confidence, n_resamples,
                              random_state, sampled=state, sample_weight=sample_weight)
        interval, method = intervals.interval(row, metric_params), intervals.method
    if np.ndim(interval[0]) == 1:  # one per class, as average=None gives them
        return {label: ConfidenceInterval(*bounds, method, intervals.confidence)
                for label, *bounds in zip(state.labels.tolist(),
                                          *(np.asarray(x).tolist() for x in interval))}
    return ConfidenceInterval(*interval, method, intervals.confidence)


class Intervals:
    """The intervals of one method and confidence on one evaluation's state, for any
    number of metrics: the bootstrap's resamples (and BCa's jackknife) are drawn once.

    ``sampled`` is the state whose kept codes and weights (or the query's own
    ``sample_weight``) a weighted bootstrap resamples, when ``state`` is a state of
    their tallies (by default, ``state`` itself)."""

    def __init__(self, state, method, confidence, n_resamples=Default(N_RESAMPLES),
                 random_state=None, *, sampled=None, sample_weight=None):
        self.method = _validation.check_option("method", method, METHODS)
        self.confidence = _validation.check_confidence(_options.value_of(confidence))
        if self.method in RESAMPLING_METHODS:
            self.n_resamples = _validation.check_n_resamples(_options.value_of(n_resamples))
            self.rng = _validation.check_random_state(random_state)
        elif not isinstance(n_resamples, Default):
            raise _validation.resampling_only("n_resamples", method)
        elif random_state is not None:
            raise _validation.resampling_only("random_state", method)
        if self.method in RESAMPLING_METHODS and state.is_multilabel:
            raise _validation.multilabel_resampling(method)
        if is_weighted(state):
            sampled = state if sampled is None else sampled
            if self.method in RANKING_METHODS:
                raise _validation.weighted_ranking_interval(method)
            if self.method != "bootstrap":  # the others count samples
                raise _validation.weighted_interval(method, sampled.samples is not None)
            if state.n_samples is None:
                raise _validation.resampling_needs_count(method)
            if sampled.samples is None:
                raise _weights_not_kept(method)
        self.state = state
        self._sampled = sampled, sample_weight
        self._scored = state if sampled is None else sampled  # a table's tallies hold no scores
        self._cells = self._start = self._kept = self._stratified = None

    def interval(self, row, params):
        """(estimate, low, high) of a metric with its options; a
        :class:`~permetrics_lite.validation.MethodNotApplicable` error when the
        method cannot give its interval (before the estimate could warn)."""
        method, state = self.method, self.state
        if method in RESAMPLING_METHODS and row.kind == _registry.SCORE and row.proportion is None:
            query = _registry.method(row)
            if self._sampled[1] is not None:  # the query's own weights: not of its scores
                raise _validation.query_weights_of_scores(row.alias)
            whole_area = row.ranked is not None and params.get("max_fpr") in (None, 1)
            return self.stratified(lambda s: values_of(query(s, **params)),
                                   _ranking.roc_auc if whole_area else None)
        if method in RANKING_METHODS and row.ranked is not None:
            return self.ranked(row, params, method)
        if row.kind == _registry.SCORE and row.proportion is None:
            instead = (_validation.Phrase("use {0}, 'hanley-mcneil', 'bootstrap' or 'bca'",
                                          _validation.Arg("method", "delong"))
                       if row.ranked is not None else
                       _validation.Phrase("use {0} or 'bca'",
                                          _validation.Arg("method", "bootstrap")))
            raise _validation.interval_unsupported(
                method, row.alias, _validation.Phrase("(a metric of scores)"), instead)
        if method in RANKING_METHODS:
            raise _validation.interval_unsupported(
                method, row.alias, _validation.Phrase("(it is not a ROC AUC)"))
        if method in PROPORTION_METHODS:
            if row.proportion is None:
                raise _validation.interval_unsupported(
                    method, row.alias, _validation.Phrase("(it is not a count over a count)"))
            count, nobs = row.proportion(state, row, method, params)
            low, high = _bounds.proportion_interval(count, nobs, self.confidence, method)
            return self._estimate(row, params), values_of(low), values_of(high)
        if method == "analytic" and row.analytic is None:
            raise _validation.interval_unsupported(
                method, row.alias, _validation.Phrase("(no closed form is known)"))
        if method in RESAMPLING_METHODS and row.kind == _registry.SCORE:
            raise _validation.interval_unsupported(
                method, row.alias, _validation.Phrase(
                    "(a metric of scores: resampled confusion matrices do not hold them)"),
                _validation.Phrase("use a proportion method such as {0}",
                                   _validation.Arg("method", "wilson")))
        estimate = self._estimate(row, params)
        if method == "analytic":
            error = row.analytic(state, row, **params)
            z = _bounds.normal_quantile(self.confidence)
            return estimate, estimate - z * error, estimate + z * error
        batched = _bootstrap.form(state, row, params)
        if batched is None:  # no batched form: an evaluation per resample
            values = _silent(self.resamples(), row, params)
        else:
            values = _bootstrap.evaluate(batched, self._batches(batched.dense))
        acceleration = center = None
        if method == "bca":
            acceleration, center = self._bca(row, params, batched, estimate)
        low, high = _bounds.bootstrap_interval(values, estimate, self.confidence, acceleration,
                                               center)
        return estimate, values_of(low), values_of(high)

    def ranked(self, row, params, method):
        """(estimate, low, high) of a ROC AUC (a row with ``ranked``) by the standard
        error of ``method`` (DeLong's or Hanley and McNeil's), clipped to [0, 1]."""
        error = row.ranked(self._scored, row, method, params)  # refuses before a warning
        estimate = values_of(_registry.method(row)(self._scored, **params))
        return (estimate, *_clipped(estimate, error, self.confidence))

    def class_ranked(self, method):
        """(low, high) of each class's ROC AUC against the rest by the standard error of
        ``method`` (a weighted evaluation's: nan)."""
        if is_weighted(self._scored):
            return (np.full(self._scored.n_classes, np.nan),) * 2
        rankings = _score_metrics.rankings_by_class(self._scored)
        errors = np.array([_interval_forms.ranking_standard_error(r, method) for r in rankings])
        areas = np.array([_ranking.roc_auc(r) if _ranking.has_both(r) else np.nan
                          for r in rankings])
        return _clipped(areas, errors, self.confidence)

    def stratified(self, statistic, batched=None):
        """(estimate, low, high) of ``statistic`` (a function of a score evaluation's
        state, giving a float or an array) by the stratified bootstrap of the scores:
        the same resamples for every statistic of these intervals. ``batched``: the
        statistic of a ranking of many resamples' counts, where it has that form."""
        scored = self._scored
        estimate = statistic(scored)  # refuses what the metric refuses, warns once
        if self._stratified is None:
            self._stratified = _score_bootstrap.Stratified(scored, self._source(),
                                                           self.n_resamples, self.method)
        values, center = self._stratified.values(statistic, batched)
        acceleration = None
        if self.method == "bca":
            acceleration = self._stratified.acceleration(statistic)
        low, high = _bounds.bootstrap_interval(values, estimate, self.confidence, acceleration,
                                               center)
        return estimate, values_of(low), values_of(high)

    def _estimate(self, row, params):
        return values_of(_registry.method(row)(self.state, **params))

    def _bca(self, row, params, batched, estimate):
        """BCa's acceleration, from the jackknife by cells, and the estimate as the
        batched form computes it (None without one: the estimate)."""
        layout, _, count, unit = self._occupied()
        center = (None if batched is None else
                  _bootstrap.evaluate(batched, [layout.tallies(count[None], unit)])[0])
        if count.sum() <= 1:  # one sample: leaving it out leaves nothing to evaluate
            return np.full(np.shape(estimate), np.nan), center
        if batched is None:
            jackknife = _silent(self.jackknife()[0], row, params)
        else:
            jackknife = _bootstrap.evaluate(batched, self._jackknife_batches())
        return _bounds.acceleration(jackknife, count.astype(np.float64)), center

    def _occupied(self):
        """The occupied cells the resamples are drawn over: their layout, the source of
        the draws (the cells' counts, or a weighted evaluation's (cell, weight)
        pairs), the cells' counts and the unit of the counts."""
        if self._cells is None:
            if is_weighted(self.state):
                pairs = weighted_cells(*self._sampled)
                cells, _, _, unit = pairs
                index = np.unique(cells)  # sorted by cell: each cell's pairs in a run
                count = np.zeros(0)  # no jackknife (BCa counts samples)
            else:
                pairs = None
                index, count, unit = _occupied_cells(self.state)
            self._cells = (_bootstrap.Layout(index, self.state.n_classes), pairs,
                           count, unit)
        return self._cells

    def _batches(self, cells=False):
        """The resamples' tallies chunk by chunk (with their cells' counts if ``cells``),
        the same draw on every call: kept, or drawn again from the same random state.
        The first draw advances the random source as one draw of them all."""
        kept = self._kept
        if kept is not None and (not cells or kept[0].cells is not None):
            return kept
        return self._drawn()

    def _drawn(self):
        """The resamples drawn in chunks, and kept on the first draw where they fit."""
        layout, pairs, count, unit = self._occupied()
        rng = self._source()
        k, b = layout.n_classes, self.n_resamples
        width = max(layout.size, k)
        if pairs is None:
            batches = _bootstrap.resampled(rng, self.state.n_samples, count, b, width,
                                           layout, unit)
        else:  # tallied on the drawing threads
            batches = _bootstrap.weighted(rng, pairs, b, width,
                                          then=functools.partial(layout.tallies, unit=unit))
        tallies_size, cells_size = b * (3 * k + 2) * 8, b * layout.size * 8
        keep_tallies = self._kept is None and tallies_size <= _KEPT_BYTES
        keep_cells = tallies_size + cells_size <= _KEPT_BYTES
        kept = []
        for batch in batches:
            if keep_tallies:
                kept.append(batch if keep_cells else batch._replace(cells=None))
            yield batch
        if keep_tallies:
            self._kept = kept

    def _source(self):
        """The random source of a draw: the caller's on the first draw (which advances
        it), then a copy of its starting state, so that the confusion matrices' and the
        scores' resamples start from the same state."""
        if self._start is None:
            self._start = copy.deepcopy(self.rng)
            return self.rng
        return copy.deepcopy(self._start)

    def _jackknife_batches(self):
        """The jackknife by cells, as :class:`~permetrics_lite.stats.bootstrap.Resampled`
        chunks: the matrix without one sample of each occupied cell (none for an
        evaluation of one sample)."""
        layout, _, count, unit = self._occupied()
        if count.sum() <= 1:  # one sample: leaving it out leaves nothing
            return
        for block in _bootstrap.jackknife(count, max(layout.size, layout.n_classes)):
            yield layout.tallies(block, unit)

    def resamples(self):
        """Evaluations of ``n_resamples`` multinomial resamples of the matrix's cells
        (of a weighted evaluation: of its samples of nonzero weight, with their weights),
        one per resample: the per-resample path of a method without a batched form."""
        return [_of_cells(self.state, batch.layout.index, counts, batch.unit)
                for batch in self._batches(cells=True) for counts in batch.counts]

    def jackknife(self):
        """The jackknife by cells: the evaluations without one sample of each nonzero
        cell, and the cells' counts (the number of samples each stands for); none for
        an evaluation of one sample, which leaves no sample out to evaluate."""
        layout, _, count, unit = self._occupied()
        if count.sum() <= 1:
            return [], np.zeros(0)
        evaluations = [_of_cells(self.state, layout.index, counts, unit)
                       for batch in self._jackknife_batches() for counts in batch.counts]
        return evaluations, count.astype(np.float64)


_KEPT_BYTES = 2**26  # resampled tallies (and cells) kept for the next metric, at most


def _occupied_cells(state):
    """The flat positions (ascending), counts and unit of the nonzero cells of an
    unweighted evaluation's matrix."""
    cells, unit = state.cells()
    return cells.index, cells.count.astype(np.int64), unit


def weighted_cells(state, sample_weight=None):
    """The distinct (cell, weight) pairs of an evaluation's kept codes and weights (or a
    query's own ``sample_weight``), leaving out zero weights: flat cells
    (row * K + column), the weights and the number of samples of each pair, sorted
    by cell, then weight; and the unit the weights are counted in (a power of two
    that keeps their sum in range, as the tallies count them)."""
    weight = state.weight_for(sample_weight)
    kept = np.flatnonzero(weight > 0)  # a zero weight is a sample removed
    cell = state.samples.true[kept].astype(np.int64) * state.n_classes + state.samples.pred[kept]
    weight, unit = _tally.in_units(weight[kept])
    order = np.lexsort((weight, cell))
    cell, weight = cell[order], weight[order]
    first = np.flatnonzero(np.r_[True, (cell[1:] != cell[:-1]) | (weight[1:] != weight[:-1])])
    return cell[first], weight[first], np.diff(np.r_[first, len(cell)]), unit


def preferred_methods(row, resampling=True):
    """The methods ``"auto"`` tries for a registry row, best first: the exact
    (Clopper-Pearson, with scipy) or else Wilson's interval of a proportion, a closed
    form, DeLong's interval of a ROC AUC, then (``resampling``) the bootstrap."""
    methods = []
    if row.proportion is not None:
        methods.append("clopper-pearson" if _has_scipy() else "wilson")
    if row.analytic is not None:
        methods.append("analytic")
    if row.ranked is not None:
        methods.append("delong")
    return methods + ["bootstrap"] * resampling


def _has_scipy():
    try:
        import scipy.stats  # noqa: F401
    except ImportError:  # pragma: no cover - scipy is in the test extra
        return False
    return True


class Chosen:
    """The intervals of ``"auto"``: for each metric, the first of its preferred
    methods that applies to it, with the options of :class:`Intervals` (each
    method's intervals made once, on first use)."""

    method = AUTO

    def __init__(self, state, confidence, n_resamples=Default(N_RESAMPLES), random_state=None,
                 *, sampled=None, sample_weight=None, resampling=True):
        self.confidence = _validation.check_confidence(_options.value_of(confidence))
        self.n_resamples = _validation.check_n_resamples(_options.value_of(n_resamples))
        self.rng = _validation.check_random_state(random_state)
        self.resampling = resampling
        self._options = state, sampled, sample_weight
        self._by_method = {}

    def chosen(self, row, params):
        """(estimate, low, high, method) of a metric by the first method that applies;
        the last method's refusal when none does."""
        refusal = _validation.Phrase("only the bootstrap would, and it is left out")
        for method in preferred_methods(row, self.resampling):
            try:
                return (*self.of(method).interval(row, params), method)
            except _validation.InputError as error:  # a refusal of the method
                refusal = error
        raise _validation.MethodNotApplicable(
            "{0} finds no interval method for {metric} here; the last it tried says: {why}",
            _validation.Arg("method", AUTO), metric=row.alias,
            why=refusal.phrase if isinstance(refusal, _validation.Worded) else refusal)

    def of(self, method):
        """The intervals of one method (an error when it cannot apply to this state)."""
        if method not in self._by_method:
            state, sampled, sample_weight = self._options
            resampling = dict(n_resamples=self.n_resamples, random_state=self.rng) \
                if method in RESAMPLING_METHODS else {}
            try:
                self._by_method[method] = Intervals(state, method, self.confidence,
                                                    sampled=sampled,
                                                    sample_weight=sample_weight, **resampling)
            except _validation.InputError as error:
                self._by_method[method] = error
        intervals = self._by_method[method]
        if isinstance(intervals, Exception):
            raise intervals
        return intervals


def _weights_not_kept(method):
    """The refusal of the bootstrap of a weighted evaluation of tallies only."""
    return _validation.InputError(
        "{0} resamples the samples of a weighted evaluation with their own weights, and this "
        "evaluation keeps no per-sample weights (it was built from tallies: a + b, "
        "from_batches, from_dask, from_counts or by_group); build it from the samples and "
        "their weights to resample it.", _validation.Arg("method", method)
    )


def _silent(states, row, params):
    """A metric's values on resamples (one row each), without their warnings: an
    undefined value takes its zero_division value."""
    query = _registry.method(row)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return np.array([values_of(query(s, **params)) for s in states])


def _clipped(estimate, error, confidence):
    """estimate -+ z standard errors, clipped to [0, 1] where an area lies."""
    z = _bounds.normal_quantile(confidence)
    with np.errstate(invalid="ignore"):
        low, high = (np.clip(b, 0.0, 1.0) for b in (estimate - z * error, estimate + z * error))
    return (float(low), float(high)) if np.ndim(low) == 0 else (low, high)


def _tallied(state, sample_weight):
    """The state whose tallies are resampled: its own, or its tallies of query weights."""
    if sample_weight is None:
        return state
    return state.derived(state.tallies_with_matrix(sample_weight))


def values_of(result):
    """A metric's value as a float, or its per-class dict as an array in label order."""
    if isinstance(result, dict):
        return np.array(list(result.values()), dtype=np.float64)
    return float(result) if np.ndim(result) == 0 else np.asarray(result, dtype=np.float64)


def is_weighted(state):
    return np.asarray(state.tallies.tp).dtype.kind == "f"


# --- the bootstrap ---


def _of_cells(state, index, count, unit):
    """An evaluation of the matrix of these cells (flat positions, ascending), with the
    same labels and options."""
    drawn = count != 0
    tallies = _tally.from_cells(_tally.Cells(index[drawn], count[drawn]), state.n_classes)
    return state.derived(tallies._replace(unit=unit))
