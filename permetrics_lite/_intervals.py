"""Confidence intervals of a metric, from the cached tallies alone.

Three kinds, chosen by ``method``:

* binomial proportion intervals (Wilson, Clopper-Pearson, Agresti-Coull,
  Jeffreys, normal) for the metrics that are a count of samples over a count
  of samples (registry rows with ``proportion``), as statsmodels'
  ``proportion_confint`` computes them;
* ``"analytic"``: estimate +- z * standard error, for the rows with a
  closed-form standard error (``analytic``);
* the bootstrap, percentile and BCa, for every metric: each resample is one
  multinomial draw of N samples over the K x K cells of the confusion matrix,
  never a pass over the samples, so the cost is O(B * K^2) whatever N. BCa's
  acceleration comes from the jackknife by cells: leaving out any one sample
  of a cell gives the same matrix, so K^2 evaluations, each weighted by its
  count, stand for the N of a per-sample jackknife.
"""

import inspect
import math
import warnings
from fractions import Fraction
from statistics import NormalDist
from typing import Any, NamedTuple

import numpy as np

from . import _confusion, _formulas, _options, _queries, _validation
from ._docstrings import share
from ._options import Default

PROPORTION_METHODS = ("wilson", "clopper-pearson", "agresti-coull", "jeffreys", "normal")
RESAMPLING_METHODS = ("bootstrap", "bca")
METHODS = PROPORTION_METHODS + ("analytic",) + RESAMPLING_METHODS
N_RESAMPLES = 9999
_NORMAL = NormalDist()


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
def confidence_interval(self, metric="AS", *, method="wilson", confidence=0.95,
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
        for metrics that are a count over a count (``AS``, ``TKA``, and
        ``PCA``, ``PS``, ``RS``, ``SS``, ``NPV`` of one class, of every
        class or micro-averaged) of unweighted evaluations. ``"analytic"``: the
        estimate plus or minus z standard errors, where a closed form is
        known (``CKS``, ``BAS``). ``"bootstrap"`` (percentile) and
        ``"bca"`` (bias-corrected and accelerated): for every metric of
        labels, by resampling the confusion matrix.
    confidence : float, default=0.95
        The confidence level, strictly between 0 and 1.
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
    ConfidenceInterval
        ``(estimate, low, high)``; arrays in label order for
        ``average=None``. Bounds are nan where the metric is undefined
        (0/0) and for the percentiles of resamples with nan values.

    Raises
    ------
    ValueError
        For an unknown ``method``, a method that does not apply to the
        metric, its options or a weighted evaluation, or a bad
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
    not grow with the number of samples; a weighted evaluation's resample
    gives each draw the mean weight of a sample. A resample on which the
    metric is undefined takes its ``zero_division`` value, silently. BCa is
    undefined (nan) when the estimate lies below or above every resample
    that differs from it; use ``"bootstrap"`` then. See
    :doc:`/intervals`.

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
    """
    row = _queries.row(metric)
    evaluation = _tallied(self, metric_params.pop("sample_weight", None))
    intervals = Intervals(evaluation, method, confidence, n_resamples, random_state)
    return ConfidenceInterval(*intervals.interval(row, metric_params), intervals.method,
                              intervals.confidence)


class Intervals:
    """The intervals of one method and confidence on one evaluation, for any number
    of metrics: the bootstrap's resamples (and BCa's jackknife) are drawn once."""

    def __init__(self, evaluation, method, confidence, n_resamples=Default(N_RESAMPLES),
                 random_state=None):
        self.method = _validation.check_option("method", method, METHODS)
        self.confidence = _validation.check_confidence(_options.value_of(confidence))
        if self.method in RESAMPLING_METHODS:
            self.n_resamples = _validation.check_n_resamples(_options.value_of(n_resamples))
            self.rng = _validation.check_random_state(random_state)
        elif not isinstance(n_resamples, Default):
            raise _validation.resampling_only("n_resamples", method)
        elif random_state is not None:
            raise _validation.resampling_only("random_state", method)
        if self.method in RESAMPLING_METHODS and evaluation._is_multilabel:
            raise _validation.multilabel_resampling(method)
        if _weighted(evaluation):
            if self.method != "bootstrap":  # the others count samples
                raise _validation.weighted_interval(method)
            if evaluation.n_samples is None:
                raise _validation.resampling_needs_count(method)
        self.evaluation = evaluation
        self._resamples = self._jackknife = None

    def interval(self, row, params):
        """(estimate, low, high) of a metric with its options; a
        :class:`~permetrics_lite._validation.MethodNotApplicable` error when the
        method cannot give its interval (before the estimate could warn)."""
        method, evaluation = self.method, self.evaluation
        if row.kind == _scores_kind() and row.proportion is None:
            raise _validation.interval_unsupported(
                method, row.alias, "(a metric of scores)", "no interval method applies to it")
        if method in PROPORTION_METHODS:
            if row.proportion is None:
                raise _validation.interval_unsupported(
                    method, row.alias, "(it is not a count over a count)")
            count, nobs = row.proportion(evaluation, row, method, params)
            low, high = proportion_interval(count, nobs, self.confidence, method)
            return self._estimate(row, params), _values(low), _values(high)
        if method == "analytic" and row.analytic is None:
            raise _validation.interval_unsupported(method, row.alias, "(no closed form is known)")
        if method in RESAMPLING_METHODS and row.kind == _scores_kind():
            raise _validation.interval_unsupported(
                method, row.alias, "(a metric of scores: resampled confusion matrices do not "
                "hold them)", "use a proportion method such as method='wilson'")
        estimate = self._estimate(row, params)
        if method == "analytic":
            error = row.analytic(evaluation, **params)
            z = _NORMAL.inv_cdf((1 + self.confidence) / 2)
            return estimate, estimate - z * error, estimate + z * error
        values = np.array([_silent(e, row, params) for e in self.resamples()])
        acceleration = None
        if method == "bca":
            evaluations, counts = self.jackknife()
            acceleration = _acceleration(
                np.array([_silent(e, row, params) for e in evaluations]), counts)
        low, high = bootstrap_interval(values, estimate, self.confidence, acceleration)
        return estimate, _values(low), _values(high)

    def _estimate(self, row, params):
        return _values(getattr(self.evaluation, row.name)(**params))

    def resamples(self):
        """Evaluations of ``n_resamples`` multinomial resamples of the matrix's cells
        (a weighted matrix's draws weigh the mean weight of a sample each)."""
        if self._resamples is None:
            matrix, unit = self.evaluation._matrix(None)
            n, total = self.evaluation.n_samples, matrix.sum()
            draws = self.rng.multinomial(n, (matrix / total).ravel(), size=self.n_resamples)
            cells = draws * (total / n) if matrix.dtype.kind == "f" else draws
            self._resamples = [_of_matrix(self.evaluation, c.reshape(matrix.shape), unit)
                               for c in cells]
        return self._resamples

    def jackknife(self):
        """The jackknife by cells: the evaluations without one sample of each nonzero
        cell, and the cells' counts (the number of samples each stands for)."""
        if self._jackknife is None:
            matrix, unit = self.evaluation._matrix(None)
            occupied = np.flatnonzero(matrix)
            evaluations = []
            for cell in occupied:
                left_out = matrix.copy()
                left_out.flat[cell] -= 1
                evaluations.append(_of_matrix(self.evaluation, left_out, unit))
            self._jackknife = evaluations, matrix.flat[occupied].astype(np.float64)
        return self._jackknife


def _scores_kind():
    from ._registry import SCORE  # the registry imports this module

    return SCORE


def _silent(evaluation, row, params):
    """A metric's value on a resample, without its warnings: an undefined value takes
    its zero_division value."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return _values(getattr(evaluation, row.name)(**params))


def _tallied(self, sample_weight):
    """The evaluation whose tallies are resampled: itself, or its tallies of query weights."""
    if sample_weight is None:
        return self
    return self._from_tallies(self._labels, self._tallies_with_matrix(sample_weight),
                              self.n_samples, self._is_multilabel,
                              _options.as_tuple(self._defaults))


def _values(result):
    """A metric's value as a float, or its per-class dict as an array in label order."""
    if isinstance(result, dict):
        return np.array(list(result.values()), dtype=np.float64)
    return float(result) if np.ndim(result) == 0 else np.asarray(result, dtype=np.float64)


def _weighted(evaluation):
    return np.asarray(evaluation._tallies.tp).dtype.kind == "f"


# --- proportions ---


def accuracy_counts(evaluation, row, method, params):
    """(count, nobs) of accuracy: the samples entirely right, of all samples."""
    if not params.get("normalize", True):
        raise _validation.interval_unsupported(method, row.alias, "with normalize=False")
    return evaluation._tallies.correct, evaluation._tallies.total


def top_k_counts(evaluation, row, method, params):
    """(count, nobs) of top-k accuracy: the samples whose true class is among the k best."""
    if not params.get("normalize", True):
        raise _validation.interval_unsupported(method, row.alias, "with normalize=False")
    hits = evaluation.top_k_accuracy_score(params.get("k", 1), normalize=False)
    return hits, evaluation._tallies.total


def class_proportion(evaluation, row, method, params):
    """(count, nobs) of a count-over-count class metric (its formula's numerator and
    denominator), its options resolved as its method resolves them."""
    defaults = inspect.signature(getattr(evaluation, row.name)).parameters
    average, counts = _queries.class_counts(
        evaluation, row, params.get("average", defaults["average"].default),
        params.get("pos_label", defaults["pos_label"].default), None,
        any_problem=True)  # the method itself refuses a binary query it cannot answer
    if average in ("macro", "weighted"):
        raise _validation.interval_unsupported(
            method, row.alias, f"with average={average!r} (a mean of ratios)")
    if average == "micro":
        counts = _formulas.Counts.pooled(counts)
    return row.formula(counts)


def _beta():
    try:
        from scipy import stats
    except ImportError:  # pragma: no cover - scipy is in the test extra
        raise _validation.missing_extra(
            "Clopper-Pearson and Jeffreys intervals", "scipy", "stats") from None
    return stats.beta


def proportion_interval(count, nobs, confidence, method):
    """The binomial proportion interval of ``count`` successes in ``nobs`` trials
    (arrays or scalars); nan where ``nobs`` is 0."""
    count, nobs = (np.asarray(x, dtype=np.float64) for x in (count, nobs))
    tail = (1 - confidence) / 2
    with np.errstate(divide="ignore", invalid="ignore"):
        q = count / nobs
        if method in ("clopper-pearson", "jeffreys"):
            beta = _beta()
            if method == "jeffreys":
                low = beta.ppf(tail, count + 0.5, nobs - count + 0.5)
                high = beta.isf(tail, count + 0.5, nobs - count + 0.5)
            else:  # the bounds at 0 and N successes are exact
                low = np.where(count == 0, 0.0, beta.ppf(tail, count, nobs - count + 1))
                high = np.where(count == nobs, 1.0, beta.isf(tail, count + 1, nobs - count))
        else:
            z = _NORMAL.inv_cdf(1 - tail)
            if method == "wilson":
                low, high = _wilson(count, nobs, z)
            else:
                if method == "normal":
                    center, half = q, z * np.sqrt(q * (1 - q) / nobs)
                else:  # agresti-coull
                    n = nobs + z**2
                    center = (count + z**2 / 2) / n
                    half = z * np.sqrt(center * (1 - center) / n)
                low, high = np.clip(center - half, 0, 1), np.clip(center + half, 0, 1)
    undefined = nobs == 0
    return np.where(undefined, np.nan, low), np.where(undefined, np.nan, high)


def _wilson(count, nobs, z):
    """Wilson's interval, center -+ half. With a = q + z^2/(2n) and b the square root
    term, the bounds are (a -+ b) / (1 + z^2/n); (a - b) cancels near no successes,
    so the lower bound is computed as q^2 / (a + b) (as (a - b)(a + b) = q^2 (1 + z^2/n)):
    exact 0 at no successes, full precision near it; the upper bound is 1 at all."""
    q = count / nobs
    outer = q + z**2 / (2 * nobs) + z * np.sqrt(q * (1 - q) / nobs + z**2 / (4 * nobs**2))
    return q**2 / outer, np.where(count == nobs, 1.0, np.minimum(outer / (1 + z**2 / nobs), 1))


# --- closed forms ---


def kappa_standard_error(evaluation, *, weights=None, average=Default("multiclass"),
                         pos_label=Default(1), zero_division=None):
    """Cohen's kappa's large-sample standard error (Fleiss, Cohen and Everitt 1969),
    statsmodels' ``cohens_kappa(table).std_kappa``; weighted kappa with the
    agreement weights 1 - |i - j| / (K - 1) (or its square), as its ``wt``.

    The variance is a difference of nearly equal sums, so it is computed on
    exact integers (Python ints) and rounded once: with counts C, row and column
    sums r and c, integer agreement weights W = D * w, S = sum W_ij r_i c_j,
    A = n sum W C - S, B = D n^2 - S (kappa = A / B), U = W c and V = r W:
    variance = (n sum C_ij (n B W_ij - (U_i + V_j)(B - A))^2
                - (A D n^2 - S (B - A))^2) / (n B^4).
    """
    average = evaluation._averaging(average, pos_label, _queries.row("CKS").averages)[0]
    if average != "multiclass":
        raise _validation.interval_unsupported(
            "analytic", "CKS",
            f"with average={average!r} (the closed form is of the whole matrix)")
    counts = np.asarray(evaluation._matrix(None)[0]).astype(object)
    classes = np.arange(len(counts))
    distance = np.abs(classes[:, None] - classes) ** (2 if weights == "quadratic" else 1)
    scale = int(distance.max()) if weights is not None and len(counts) > 1 else 1
    agreement = (scale - distance if weights is not None else np.eye(len(counts), dtype=int))
    agreement = agreement.astype(object)
    n = counts.sum()
    rows, columns = counts.sum(axis=1), counts.sum(axis=0)
    chance = (agreement * np.outer(rows, columns)).sum()
    a = n * (agreement * counts).sum() - chance
    b = scale * n * n - chance
    if b == 0:  # kappa is undefined
        return float("nan")
    u, v = agreement.dot(columns), rows.dot(agreement)
    spread = (counts * (n * b * agreement - np.add.outer(u, v) * (b - a)) ** 2).sum()
    numerator = n * spread - (a * scale * n * n - chance * (b - a)) ** 2
    return math.sqrt(Fraction(int(numerator), int(n * b**4)))


def balanced_accuracy_standard_error(evaluation, *, adjusted=False, zero_division=None):
    """sqrt(sum r_k (1 - r_k) / n_k) / K over the recalls r_k of the K classes in y_true
    (supports n_k), divided by 1 - 1/K when adjusted."""
    t = evaluation._tallies
    present = t.support > 0
    support = t.support[present].astype(np.float64)
    recall = t.tp[present] / support
    classes = present.sum()
    error = np.sqrt((recall * (1 - recall) / support).sum()) / classes
    if adjusted:
        with np.errstate(divide="ignore", invalid="ignore"):
            error = error / np.float64(1 - 1 / classes)
    return float(error)


# --- the bootstrap ---


def _of_matrix(evaluation, matrix, unit):
    """An evaluation of another confusion matrix, with the same labels and options."""
    tallies = _confusion.from_matrix(matrix)._replace(unit=unit)
    return evaluation._from_tallies(evaluation._labels, tallies, evaluation.n_samples, False,
                                    _options.as_tuple(evaluation._defaults))


def _acceleration(values, counts):
    """BCa's acceleration from jackknife ``values`` (one row per cell) weighted by the
    cells' ``counts``: as a per-sample jackknife, where each cell's samples repeat it."""
    counts = counts.reshape((-1,) + (1,) * (values.ndim - 1))
    deviation = (counts * values).sum(axis=0) / counts.sum() - values
    with np.errstate(divide="ignore", invalid="ignore"):
        return (counts * deviation**3).sum(axis=0) / (
            6 * ((counts * deviation**2).sum(axis=0)) ** 1.5)


def bootstrap_interval(values, estimate, confidence, acceleration=None):
    """The percentile interval of resampled ``values`` (one row per resample), or with
    an ``acceleration`` the BCa interval (Efron 1987), as scipy.stats.bootstrap does."""
    tail = (1 - confidence) / 2
    if acceleration is None:
        return tuple(np.percentile(values, [100 * tail, 100 * (1 - tail)], axis=0))
    scalar = np.ndim(estimate) == 0
    values = values.reshape(len(values), -1)
    estimate, acceleration = (np.ravel(x) for x in (estimate, acceleration))
    low, high = np.full(values.shape[1], np.nan), np.full(values.shape[1], np.nan)
    for k in range(values.shape[1]):
        column = values[:, k]
        if (column == estimate[k]).all():  # no spread: the interval is the point
            low[k] = high[k] = estimate[k]
            continue
        below = (column < estimate[k]).mean()
        if not 0 < below < 1 or not np.isfinite(acceleration[k]):
            continue  # BCa is undefined; nan
        bias = _NORMAL.inv_cdf(below)
        quantiles = []
        for z in (_NORMAL.inv_cdf(tail), _NORMAL.inv_cdf(1 - tail)):
            shifted = bias + z
            quantiles.append(_NORMAL.cdf(bias + shifted / (1 - acceleration[k] * shifted)))
        low[k], high[k] = np.percentile(column, [100 * q for q in quantiles])
    return (low[0], high[0]) if scalar else (low, high)
