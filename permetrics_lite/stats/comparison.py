"""Paired comparison of two models on the same samples: McNemar's test.

The test needs only the 2 x 2 table of which model is right on each sample;
its exact form is a binomial test of the b discordant samples one way
against the c the other way.
"""

import math
from typing import NamedTuple

import numpy as np

from .. import validation as _validation
from ..core import tally as _tally

METHODS = ("exact", "asymptotic", "mid-p")


class McNemarResult(NamedTuple):
    """McNemar's test: its statistic, its p-value, and the 2 x 2 table it tested.

    ``table`` is ``[[both right, a right b wrong], [a wrong b right, both wrong]]``.

    Examples
    --------
    >>> from permetrics_lite import mcnemar
    >>> statistic, pvalue, table = mcnemar([0, 1, 1, 0], [0, 1, 1, 1], [1, 0, 1, 0])
    >>> statistic, pvalue, table.tolist()
    (1.0, 1.0, [[1, 2], [1, 0]])
    """

    statistic: float
    pvalue: float
    table: np.ndarray


def mcnemar(y_true, y_pred_a, y_pred_b, *, method="exact", correction=True):
    """McNemar's test of two models' predictions of the same samples.

    A sample is right for a model when its prediction equals the true label
    (multilabel: when every label is right), for any number of classes. The
    test asks whether the ``b`` samples only model a gets right and the ``c``
    only model b gets right could come from one coin: the samples both
    models get right, or both wrong, say nothing about which is better.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,) or (n_samples, n_labels)
        True labels, as for :class:`ClassificationMetric`.
    y_pred_a, y_pred_b : array-like of the same shape
        The two models' predictions of the same samples.
    method : {"exact", "asymptotic", "mid-p"}, default="exact"
        ``"exact"``: the two-sided binomial test, statistic ``min(b, c)``,
        statsmodels' ``mcnemar(table, exact=True)``. ``"asymptotic"``: the
        chi-square statistic ``(|b - c| - 1)^2 / (b + c)`` (without the 1
        when ``correction=False``), statsmodels' ``mcnemar(table,
        exact=False, correction=...)``. ``"mid-p"``: the exact p-value minus
        the probability of ``min(b, c)`` itself (Fagerland, Lydersen and
        Laake 2013), less conservative than the exact test.
    correction : bool, default=True
        The continuity correction of ``"asymptotic"`` (subtract 1 from
        ``|b - c|``). ``"exact"`` and ``"mid-p"`` have none and ignore it,
        whichever value is given, as statsmodels' ``mcnemar(table,
        exact=True, correction=...)`` does: one call can try every method
        with the same options.

    Returns
    -------
    McNemarResult
        ``(statistic, pvalue, table)``; ``table`` is ``[[both right, a right
        b wrong], [a wrong b right, both wrong]]`` (ints).

    Raises
    ------
    ValueError
        For labels the constructor refuses, predictions of different
        lengths, pandas inputs whose indexes differ (their samples would
        pair up by position; align them, as the constructor asks), an
        unknown ``method``, or a ``correction`` that is not True or False.

    Notes
    -----
    When the models never disagree (b = c = 0) the p-value is 1.0 and the
    statistic 0.0 for every method (statsmodels' asymptotic test divides by
    b + c = 0 there: a p-value of 0.0 with the correction, nan without). The test counts samples:
    there is no ``sample_weight``. ``"exact"`` and ``"mid-p"`` need scipy's
    binomial distribution (``pip install "permetrics_lite[stats]"``).

    Examples
    --------
    >>> from permetrics_lite import mcnemar
    >>> y_true = [0, 1, 1, 0, 1, 0, 1, 1, 0, 1]
    >>> model_a = [0, 1, 1, 0, 1, 0, 1, 1, 1, 1]
    >>> model_b = [0, 0, 1, 1, 0, 0, 1, 0, 1, 1]
    >>> result = mcnemar(y_true, model_a, model_b)
    >>> result.table.tolist()
    [[5, 4], [0, 1]]
    >>> result.statistic, round(result.pvalue, 4)
    (0.0, 0.125)

    The continuity correction is the asymptotic test's; the exact test ignores it:

    >>> [mcnemar(y_true, model_a, model_b, method="asymptotic", correction=correction).statistic
    ...  for correction in (True, False)]
    [2.25, 4.0]
    >>> mcnemar(y_true, model_a, model_b, correction=False).pvalue == result.pvalue
    True
    """
    method = _validation.check_option("method", method, METHODS)
    correction = _validation.check_bool("correction", correction)
    right_a, index_a = _right(y_true, y_pred_a, "y_pred_a")
    right_b, index_b = _right(y_true, y_pred_b, "y_pred_b")
    # the two models' predictions pair up by sample, as y_true and y_pred do
    _validation.check_aligned([("y_pred_a", index_a), ("y_pred_b", index_b)])
    # rows: a right, a wrong; columns: b right, b wrong
    table = np.bincount(2 * ~right_a + ~right_b, minlength=4).reshape(2, 2)
    b, c = int(table[0, 1]), int(table[1, 0])
    if b + c == 0:  # the models never disagree: no evidence either way
        return McNemarResult(0.0, 1.0, table)
    if method == "asymptotic":
        statistic = (abs(b - c) - int(correction)) ** 2 / (b + c)
        return McNemarResult(statistic, math.erfc(math.sqrt(statistic / 2)), table)  # chi2(1)
    binom = _binomial()
    smaller = min(b, c)
    pvalue = 2 * binom.cdf(smaller, b + c, 0.5)
    if method == "mid-p":
        pvalue -= binom.pmf(smaller, b + c, 0.5)
    return McNemarResult(float(smaller), float(min(pvalue, 1.0)), table)


def _right(y_true, y_pred, name):
    """Whether each prediction is right, the labels validated as the constructor does;
    and the pandas index of the samples (None for other inputs)."""
    try:
        targets = _validation.check_targets(y_true, y_pred)
    except _validation.Worded as error:  # name the model the message is about
        raise error.renamed({"y_pred": name}) from None
    if targets.is_multilabel:
        return (targets.true == targets.pred).all(axis=1), targets.index
    _, true, pred, _ = _tally.encode(targets.true, targets.pred, targets.classes)
    return true == pred, targets.index


def _binomial():
    try:
        from scipy import stats
    except ImportError:  # pragma: no cover - scipy is in the test extra
        raise _validation.missing_extra("The exact McNemar test", "scipy", "stats") from None
    return stats.binom
