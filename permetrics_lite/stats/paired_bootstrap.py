"""The paired bootstrap of the difference of any metric between two models of the
same samples.

Resampling a sample resamples both models' predictions of it, so their
difference keeps its correlation. For a metric of labels, a sample is one of
the K^3 cells of the joint tally (true label, prediction of a, prediction of
b): a resample is one multinomial draw over the occupied joint cells, summed
into each model's K x K matrix and evaluated by the metric's batched formula
(``stats.bootstrap``): O(B K^3), never a pass over the samples. A weighted
evaluation draws its samples of nonzero weight over the distinct (joint cell,
weight) pairs, each keeping its weight. For a metric of scores, each class keeps
its count (the stratified bootstrap of ``stats.score_bootstrap``), both models'
scores drawn by the same samples.
"""

import warnings
from typing import NamedTuple

import numpy as np

from .. import validation as _validation
from ..core import (build as _build, options as _options, tally as _tally,
                    user_warnings as _user_warnings)
from ..metrics import registry as _registry, score_sums as _score_sums
from . import (bootstrap as _bootstrap, bounds as _bounds, intervals as _intervals,
               score_bootstrap as _score_bootstrap)

TIES = 1e-12  # relative: resampled differences this close to the bound are ties


class BootstrapTestResult(NamedTuple):
    """The paired bootstrap of a metric's difference between two models: the
    difference ``estimate_a - estimate_b``, its confidence interval (``low``,
    ``high``), the two-sided p-value of no difference, and the two estimates.

    Examples
    --------
    >>> from permetrics_lite import bootstrap_test
    >>> result = bootstrap_test([0, 1, 1, 0, 1, 1], [0, 1, 1, 0, 1, 0], [0, 1, 0, 1, 1, 0],
    ...                         "AS", n_resamples=999, random_state=0)
    >>> round(result.difference, 4), round(result.estimate_a, 4), round(result.estimate_b, 4)
    (0.3333, 0.8333, 0.5)
    """

    difference: float
    low: float
    high: float
    pvalue: float
    estimate_a: float
    estimate_b: float


def bootstrap_test(y_true, y_a, y_b, metric="AS", *, sample_weight=None, labels=None,
                   pos_label=None, n_resamples=_intervals.N_RESAMPLES, confidence=0.95,
                   random_state=None, **metric_params):
    """The paired bootstrap of the difference of a metric between two models.

    Both models are evaluated on the same samples; each resample draws the
    samples once, with replacement, and evaluates both models on it, so the
    difference's interval and p-value account for the correlation of the two
    models' errors. Any metric of labels (predictions) or of scores (``AUC``,
    ``APS``, ``LL``, ``BSL``, ``ECE``: each class keeps its count).

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True labels, as for :class:`ClassificationMetric`.
    y_a, y_b : array-like
        The two models' predicted labels of the same samples, or for a metric
        of scores their scores, as :meth:`ClassificationMetric.from_scores`
        takes them.
    metric : str, default="AS"
        The short alias or long name of a metric.
    sample_weight : array-like of shape (n_samples,), default=None
        Weights: a resample draws the samples of nonzero weight, each keeping
        its weight.
    labels : array-like, default=None
        The classes and their order (default: those of the labels and of
        both models' predictions).
    pos_label : label, default=None
        The positive class: of 1-D scores, and of binary metrics.
    n_resamples : int, default=9999
        The number of resamples.
    confidence : float, default=0.95
        The level of the interval of the difference.
    random_state : None, int or numpy.random.Generator, default=None
        The resamples' random source: an integer seed makes the result
        reproducible.
    **metric_params
        The metric's own options (``average``, ``beta`` ...).

    Returns
    -------
    BootstrapTestResult
        ``(difference, low, high, pvalue, estimate_a, estimate_b)``. The
        interval is the percentile interval of the resampled differences; the
        p-value is the share of resampled differences at least as far from
        the difference as the difference is from 0 (the bootstrap
        distribution shifted to no difference), ``(1 + count) / (1 +
        n_resamples)``, so never 0. Identical models give 0, [0, 0] and 1.
        Where the difference, or a resample's (with ``zero_division=nan``),
        is undefined, the bounds and the p-value are nan.

    Raises
    ------
    ValueError, TypeError
        For inputs the constructors refuse (naming ``y_a`` or ``y_b``),
        pandas inputs whose indexes differ, a metric without a paired
        bootstrap (top-k accuracy; multilabel input), or bad
        ``n_resamples``, ``confidence`` or ``random_state``.

    Warns
    -----
    UserWarning
        As the constructors and the metric do for each model (classes
        only predicted, an undefined value), naming ``y_a`` or ``y_b``.

    See Also
    --------
    mcnemar : The exact test of two models' accuracies, from the 2 x 2 table.
    delong_test : The test of two ROC AUCs from the placement values.

    Notes
    -----
    The metric's undefined values (0/0) on a resample take its
    ``zero_division`` value, silently, as for ``CI``. A metric of labels costs
    O(B K^3) whatever the number of samples; a metric of scores evaluates
    both models on each resample of the N samples, O(B N) (seconds per
    thousand resamples of 10^5 samples). Use McNemar's test for
    accuracy (exact, no resampling) and DeLong's for the ROC AUC (pROC's
    reference); the bootstrap answers every other metric, F1 or MCC say.

    Examples
    --------
    >>> from permetrics_lite import bootstrap_test
    >>> y_true = [0, 1, 2, 1, 0, 2, 1, 0, 2, 1]
    >>> a = [0, 1, 2, 1, 0, 2, 1, 0, 1, 1]
    >>> b = [0, 2, 2, 1, 1, 2, 0, 0, 1, 1]
    >>> result = bootstrap_test(y_true, a, b, "F1S", average="macro", random_state=0)
    >>> round(result.difference, 4), round(result.low, 4), round(result.high, 4)
    (0.2852, 0.0, 0.5929)
    """
    row = _registry.lookup(metric)
    confidence = _validation.check_confidence(confidence)
    n_resamples = _validation.check_n_resamples(n_resamples)
    rng = _validation.check_random_state(random_state)
    if row.kind == _registry.SCORE:
        if row.proportion is not None:
            raise _validation.InputError(
                "bootstrap_test has no paired bootstrap of {alias} (top-k accuracy counts "
                "hits of the ranks, which a resample of scores does not keep); compare the "
                "two models' hits with mcnemar.", alias=row.alias)
        values, center, estimates = _of_scores(row, y_true, y_a, y_b, sample_weight, labels,
                                               pos_label, n_resamples, rng, metric_params)
    else:
        values, center, estimates = _of_labels(row, y_true, y_a, y_b, sample_weight, labels,
                                               pos_label, n_resamples, rng, metric_params)
    difference = estimates[0] - estimates[1]
    low, high = _bounds.bootstrap_interval(values, difference, confidence)
    if np.isnan(center) or np.isnan(values).any():  # undefined (zero_division=nan)
        pvalue = float("nan")
    else:
        # a tie (a resample equal to 0 or to twice the difference) counts as beyond, as
        # in exact arithmetic: the rounding of two sums must not decide it
        slack = TIES * (abs(center) + np.abs(values).max())
        beyond = np.count_nonzero(np.abs(values - center) >= abs(center) - slack)
        pvalue = (1 + beyond) / (1 + n_resamples)
    return BootstrapTestResult(difference, float(low), float(high), float(pvalue),
                               *estimates)


def _as_model(name):
    """The constructors' names of a model's predictions, as bootstrap_test's ``name``."""
    return {"y_pred": name, "y_score": name}


def _estimates(row, query, states, params):
    """Each model's value, errors naming the model; refused unless one number each."""
    estimates = []
    for name, state in zip(("y_a", "y_b"), states):
        try:
            with _user_warnings.renamed(_as_model(name)):
                estimates.append(_intervals.values_of(query(state, **params)))
        except _validation.Worded as error:
            raise error.renamed(_as_model(name)) from None
    if np.ndim(estimates[0]):
        raise _validation.InputError(
            "bootstrap_test compares one number per model, and {alias} with these options "
            "gives {size} (per class, or a matrix); pass an average that gives one number.",
            alias=row.alias, size=np.size(estimates[0]))
    return tuple(estimates)


def _states(build, y_a, y_b):
    """Both models' states, errors naming the model; then of the same classes."""
    states = []
    for name, predicted in (("y_a", y_a), ("y_b", y_b)):
        try:
            with _user_warnings.renamed(_as_model(name)):
                states.append(build(predicted, None))
        except _validation.Worded as error:
            raise error.renamed(_as_model(name)) from None
    _validation.check_aligned([("y_a", states[0].samples.index),
                               ("y_b", states[1].samples.index)])
    if not np.array_equal(states[0].labels, states[1].labels):  # the union, for both
        classes = _tally.union(states[0].labels, states[1].labels)[0]
        states = []
        for name, predicted in (("y_a", y_a), ("y_b", y_b)):
            with _user_warnings.renamed(_as_model(name)):
                states.append(build(predicted, classes))
    return states


def _of_labels(row, y_true, y_a, y_b, sample_weight, labels, pos_label, n_resamples, rng,
               params):
    """The resampled differences, their center and the two estimates, of a metric of
    labels: by the joint tally's cells."""
    options = (_options.NOT_GIVEN, _options.NOT_GIVEN if pos_label is None else pos_label,
               _options.NOT_GIVEN)
    states = _states(lambda predicted, classes: _build.from_samples(
        y_true, predicted, labels if classes is None else classes, sample_weight, options),
        y_a, y_b)
    if states[0].is_multilabel:
        raise _validation.InputError(
            "bootstrap_test resamples the joint tally of the labels and both models' "
            "predictions, which multilabel {y_true} does not have (its tallies do not keep "
            "which labels occur together); compare each label's column on its own.", "y_true")
    estimates = _estimates(row, _registry.method(row), states, params)
    forms = [_bootstrap.form(s, row, params) for s in states]  # every metric of labels has one
    k = states[0].n_classes
    true = states[0].samples.true.astype(np.int64)
    joint = (true * k + states[0].samples.pred) * k + states[1].samples.pred
    weight = states[0].samples.weight
    if weight is None:
        cells, count = np.unique(joint, return_counts=True)
        draws = _bootstrap.multinomial(rng, len(joint), count, n_resamples, len(cells))
        unit, own = 1.0, count[None]
    else:
        kept = weight > 0
        cells, weights, count, unit = _weighted_pairs(joint[kept], weight[kept])
        draws = _bootstrap.weighted(rng, (cells, weights, count, unit), n_resamples, len(cells))
        first = np.flatnonzero(np.r_[True, cells[1:] != cells[:-1]])
        cells, own = cells[first], np.add.reduceat(weights * count, first)[None]
    # each model's matrix cell of each joint cell: (true, own prediction)
    marginals = [_Marginal(cells // k, k), _Marginal((cells // (k * k)) * k + cells % k, k)]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        parts = [_differences(forms, marginals, chunk, unit) for chunk in draws]
        center = _differences(forms, marginals, own, unit)[0]
    return np.concatenate(parts), center, estimates


def _weighted_pairs(joint, weight):
    """The distinct (joint cell, weight) pairs, sorted, their counts, and the unit."""
    weight, unit = _tally.in_units(weight)
    order = np.lexsort((weight, joint))
    joint, weight = joint[order], weight[order]
    first = np.flatnonzero(np.r_[True, (joint[1:] != joint[:-1]) | (weight[1:] != weight[:-1])])
    return joint[first], weight[first], np.diff(np.r_[first, len(joint)]), unit


class _Marginal:
    """One model's matrix cells of the joint cells: the sums of a chunk's joint counts
    that make its matrices' cells, and their layout."""

    def __init__(self, cells, n_classes):
        self._order = np.argsort(cells, kind="stable")
        ordered = cells[self._order]
        self._first = np.flatnonzero(np.r_[True, ordered[1:] != ordered[:-1]])
        self.layout = _bootstrap.Layout(ordered[self._first], n_classes)

    def tallies(self, counts, unit):
        return self.layout.tallies(np.add.reduceat(counts[:, self._order], self._first,
                                                   axis=1), unit)


def _differences(forms, marginals, counts, unit):
    """Model a's value minus model b's on each resample (a row of ``counts``)."""
    a, b = (_bootstrap.evaluate(form, [marginal.tallies(counts, unit)])
            for form, marginal in zip(forms, marginals))
    return a - b


def _of_scores(row, y_true, y_a, y_b, sample_weight, labels, pos_label, n_resamples, rng,
               params):
    """The resampled differences, their center and the two estimates, of a metric of
    scores: each class's samples drawn once for both models."""
    options = (_options.NOT_GIVEN, _options.NOT_GIVEN if pos_label is None else pos_label,
               _options.NOT_GIVEN)
    states = _states(lambda scores, classes: _build.scored_samples(
        y_true, scores, _options.Default(0.5), labels if classes is None else classes,
        sample_weight, options), y_a, y_b)
    unmergeable = _score_sums.unmergeable(*states)
    if unmergeable is not None:
        raise _validation.InputError("bootstrap_test compares the scores of the same "
                                     "classes, and {reason}.", reason=unmergeable)
    query = _registry.method(row)

    def statistic(state):
        return _intervals.values_of(query(state, **params))

    estimates = _estimates(row, query, states, params)
    resamplers = [_score_bootstrap.Resampler(s, by_sample=True) for s in states]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        values = [statistic(resamplers[0].resample(counts))
                  - statistic(resamplers[1].resample(counts))
                  for chunk in resamplers[0].chunks(rng, n_resamples)
                  for counts in zip(*chunk)]
    return np.array(values), estimates[0] - estimates[1], estimates

