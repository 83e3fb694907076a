"""The bounds of an interval: of a binomial proportion (Wilson, Clopper-Pearson,
Agresti-Coull, Jeffreys, normal), the normal quantile of a confidence, and the
percentile and BCa bounds of resampled values."""

import math
from statistics import NormalDist

import numpy as np

from .. import validation as _validation

_NORMAL = NormalDist()


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
    tail = (1 - confidence) / 2  # exact for confidence >= 0.5
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
            z = normal_quantile(confidence)
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


def normal_quantile(confidence):
    """z with P(-z < Z < z) = ``confidence`` for a standard normal Z, to full precision
    at both ends of (0, 1).

    Near 1, ``1 - tail`` rounds (to 1.0 for ``np.nextafter(1, 0)``): z is
    ``-inv_cdf(tail)``, of the tail ``(1 - confidence) / 2``, exact for a
    confidence of 0.5 or more. Below 0.5 the tail has lost the digits of a small
    confidence (``1 - 1e-15`` keeps one), so z solves ``erf(z / sqrt(2)) =
    confidence`` by Newton's method from there."""
    z = -_NORMAL.inv_cdf((1 - confidence) / 2)
    if confidence >= 0.5:
        return z
    for _ in range(8):
        step = (math.erf(z / math.sqrt(2)) - confidence) / (
            math.sqrt(2 / math.pi) * math.exp(-z * z / 2))
        z -= step
        if abs(step) <= 1e-17 * z:
            break
    return z


def _wilson(count, nobs, z):
    """Wilson's interval, center -+ half. With a = q + z^2/(2n) and b the square root
    term, the bounds are (a -+ b) / (1 + z^2/n); (a - b) cancels near no successes,
    so the lower bound is computed as q^2 / (a + b) (as (a - b)(a + b) = q^2 (1 + z^2/n)):
    exact 0 at no successes (even where z^2 underflows and a + b is 0), full precision
    near it; the upper bound is 1 at all."""
    q = count / nobs
    outer = q + z**2 / (2 * nobs) + z * np.sqrt(q * (1 - q) / nobs + z**2 / (4 * nobs**2))
    return (np.where(count == 0, 0.0, q**2 / outer),
            np.where(count == nobs, 1.0, np.minimum(outer / (1 + z**2 / nobs), 1)))


def acceleration(values, counts):
    """BCa's acceleration from jackknife ``values`` (one row per cell) weighted by the
    cells' ``counts``: as a per-sample jackknife, where each cell's samples repeat it."""
    counts = counts.reshape((-1,) + (1,) * (values.ndim - 1))
    deviation = (counts * values).sum(axis=0) / counts.sum() - values
    with np.errstate(divide="ignore", invalid="ignore"):
        return (counts * deviation**3).sum(axis=0) / (
            6 * ((counts * deviation**2).sum(axis=0)) ** 1.5)


def bootstrap_interval(values, estimate, confidence, acceleration=None, center=None):
    """The percentile interval of resampled ``values`` (one row per resample), or with
    an ``acceleration`` the BCa interval (Efron 1987) as ``scipy.stats.bootstrap``
    computes it.

    BCa, as scipy's ``_bca_interval``: the estimate's percentile among the
    resamples counts those equal to it half (``percentileofscore``'s
    ``kind="mean"``); ``z0 = ndtri(percentile)``; with ``z = ndtri(tail)``, the
    bounds are the ``ndtr(z0 + (z0 -+ z) / (1 - a (z0 -+ z)))`` quantiles of the
    values (``numpy.quantile``, linear). Where every resample equals the estimate
    the interval is that point; where the estimate lies strictly below or above
    every resample, or the acceleration is not finite, BCa is undefined: nan.

    ``center`` is the estimate computed as the ``values`` were (a batched
    form's value on the evaluation's own matrix; by default the estimate): the
    resamples are compared with it, so that a resample equal to the evaluation
    counts as equal to the estimate, whatever the rounding of two computations.
    """
    tail = (1 - confidence) / 2
    if acceleration is None:
        return tuple(np.percentile(values, [100 * tail, 100 * (1 - tail)], axis=0))
    scalar, shape = np.ndim(estimate) == 0, np.shape(estimate)
    values = values.reshape(len(values), -1)
    estimate = np.ravel(estimate)
    center = estimate if center is None else np.ravel(center)
    acceleration = np.broadcast_to(np.ravel(acceleration), estimate.shape)
    low, high = np.full(values.shape[1], np.nan), np.full(values.shape[1], np.nan)
    z = _NORMAL.inv_cdf(tail)
    for k in range(values.shape[1]):
        column = values[:, k]
        if (column == center[k]).all():  # no spread: the interval is the point
            low[k] = high[k] = estimate[k]
            continue
        below = (np.count_nonzero(column < center[k])
                 + np.count_nonzero(column <= center[k])) / (2 * len(column))
        if not 0 < below < 1 or not np.isfinite(acceleration[k]):
            continue  # BCa is undefined; nan
        bias = _NORMAL.inv_cdf(below)
        quantiles = [_bca_level(bias, float(acceleration[k]), bias + side)
                     for side in (z, -z)]
        low[k], high[k] = np.quantile(column, quantiles)
    return (low[0], high[0]) if scalar else (low.reshape(shape), high.reshape(shape))


def _bca_level(bias, acceleration, shifted):
    """ndtr(z0 + s / (1 - a s)) of BCa, with s = z0 + z; where 1 - a s is 0, the
    quotient is infinite (of the sign of s), as in floating point."""
    denominator = 1 - acceleration * shifted
    if denominator == 0:
        return 1.0 if shifted > 0 else 0.0
    return _NORMAL.cdf(bias + shifted / denominator)
