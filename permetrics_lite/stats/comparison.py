"""Paired comparison of two models on the same samples: McNemar's test of their
predictions, DeLong's test of their ROC AUCs.

McNemar's test needs only the 2 x 2 table of which model is right on each
sample; its exact form is a binomial test of the b discordant samples one way
against the c the other way. DeLong's test needs each sample's placement value
under each model: the AUCs' variances and covariance are those of the placements.
"""

import math
from typing import NamedTuple

import numpy as np

from .. import validation as _validation
from ..core import build as _build, tally as _tally
from ..metrics import ranking as _ranking, score_metrics as _score_metrics
from . import bounds as _bounds

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


class DeLongResult(NamedTuple):
    """DeLong's test of two ROC AUCs of the same samples: the z statistic of their
    difference, its two-sided p-value, the two AUCs, their difference ``auc_a -
    auc_b`` and its confidence interval (``low``, ``high``).

    Examples
    --------
    >>> from permetrics_lite import delong_test
    >>> result = delong_test([0, 0, 1, 1, 0, 1], [0.1, 0.4, 0.35, 0.8, 0.2, 0.7],
    ...                      [0.2, 0.3, 0.6, 0.4, 0.5, 0.1])
    >>> round(result.auc_a, 4), round(result.auc_b, 4), round(result.pvalue, 4)
    (0.8889, 0.5556, 0.4386)
    """

    statistic: float
    pvalue: float
    auc_a: float
    auc_b: float
    difference: float
    low: float
    high: float


def delong_test(y_true, y_score_a, y_score_b, *, pos_label=None, confidence=0.95):
    """DeLong's test of two models' ROC AUCs on the same samples.

    The two AUCs of one set of samples are correlated: a sample that is hard
    for one model is often hard for the other. DeLong, DeLong and
    Clarke-Pearson (1988) estimate the variance of their difference from each
    sample's placement value under each model (the share of the other class
    it outscores, a tie counting half), covariance included, and test the
    difference against 0 with a normal z statistic.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True labels of two classes, as for
        :meth:`ClassificationMetric.from_scores`.
    y_score_a, y_score_b : array-like of shape (n_samples,) or (n_samples, 2)
        The two models' scores of the same samples: the positive class's
        score, or two columns ranked by the positive class's.
    pos_label : label, default=None
        The positive class; by default the one ``from_scores`` takes for
        each model's scores (the greater label, or the class a DataFrame's
        column names), which must be the same for both.
    confidence : float, default=0.95
        The confidence level of the interval of ``auc_a - auc_b``, strictly
        between 0 and 1.

    Returns
    -------
    DeLongResult
        ``(statistic, pvalue, auc_a, auc_b, difference, low, high)``: z,
        its two-sided p-value, the two AUCs, ``auc_a - auc_b`` and the
        bounds of its interval ``difference ± z_c * se``.

    Raises
    ------
    ValueError
        For labels or scores ``from_scores`` refuses (named ``y_score_a`` or
        ``y_score_b``), more than two classes, fewer than two samples of a
        class in y_true, pandas inputs whose indexes differ, scores ranking
        different positive classes, or a bad ``confidence``.

    See Also
    --------
    mcnemar : The paired test of two models' predicted labels.
    ClassificationMetric.CI : ``CI("AUC", method="delong")``, one model's
        interval.

    Notes
    -----
    With placements ``V10`` of the ``n1`` positives and ``V01`` of the ``n0``
    negatives under each model, ``S = cov(V10) / n1 + cov(V01) / n0`` (2 x 2,
    sample covariances) is the covariance of the two AUCs, and ``z =
    (auc_a - auc_b) / sqrt(S_aa + S_bb - 2 S_ab)``: pROC's ``roc.test(method =
    "delong", paired = TRUE)`` of curves of one direction (``direction =
    "<"``; pROC's ``"auto"`` reverses a curve below 0.5). O(N log N): one sort
    of each model's scores per class. When the variance of the difference is
    0, identical rankings give the statistic 0 and the p-value 1, and rankings
    each without spread (one perfect, one reversed) give ``±inf`` and 0: the
    samples cannot say how uncertain that difference is. The test counts
    samples: there is no ``sample_weight``.

    Use it to compare how two models rank; :func:`mcnemar` compares their
    predictions at one threshold.

    Examples
    --------
    >>> from permetrics_lite import delong_test
    >>> y_true = [0, 0, 1, 1, 0, 1, 1, 0]
    >>> model_a = [0.1, 0.4, 0.35, 0.8, 0.2, 0.7, 0.9, 0.3]
    >>> model_b = [0.3, 0.2, 0.6, 0.4, 0.5, 0.1, 0.8, 0.7]
    >>> result = delong_test(y_true, model_a, model_b)
    >>> round(result.difference, 4), round(result.statistic, 4), round(result.pvalue, 4)
    (0.375, 1.299, 0.1939)
    >>> round(result.low, 4), round(result.high, 4)
    (-0.1908, 0.9408)
    >>> delong_test(y_true, model_a, model_a).pvalue
    1.0
    """
    confidence = _validation.check_confidence(confidence)
    (auc_a, placed_a, index_a, positive), (auc_b, placed_b, index_b, positive_b) = (
        _placed(y_true, scores, pos_label, name)
        for scores, name in ((y_score_a, "y_score_a"), (y_score_b, "y_score_b")))
    _validation.check_aligned([("y_score_a", index_a), ("y_score_b", index_b)])
    if positive_b != positive:  # a frame's columns may name another positive class
        raise _validation.InputError(
            "{y_score_a} ranks class {a!r} as positive and {y_score_b} class {b!r}; pass "
            "{pos_label}, or scores of the same class.", "y_score_a", "y_score_b",
            "pos_label", a=positive, b=positive_b)
    (positive_a, negative_a), (positive_b, negative_b) = placed_a, placed_b
    covariance = (np.cov(positive_a, positive_b) / len(positive_a)
                  + np.cov(negative_a, negative_b) / len(negative_a))
    difference = auc_a - auc_b
    spread = math.sqrt(max(covariance[0, 0] + covariance[1, 1] - 2 * covariance[0, 1], 0.0))
    if spread == 0:  # rankings that move together exactly: no variance to test against
        statistic = 0.0 if difference == 0 else math.copysign(math.inf, difference)
    else:
        statistic = difference / spread
    z = _bounds.normal_quantile(confidence)
    return DeLongResult(statistic, math.erfc(abs(statistic) / math.sqrt(2)), auc_a, auc_b,
                        difference, difference - z * spread, difference + z * spread)


def _placed(y_true, y_score, pos_label, name):
    """One model's AUC (as its evaluation's ``AUC()``), the placement values of the
    positives and of the negatives under its scores, validated as ``from_scores``
    validates them, the samples' pandas index and the positive class."""
    options = {} if pos_label is None else {"pos_label": pos_label}
    try:
        state = _build.from_scores(y_true, y_score, **options)
    except _validation.Worded as error:  # name the model the message is about
        raise error.renamed({"y_score": name}) from None
    if not state.is_scored_binary():
        raise _validation.InputError(
            "delong_test compares the ROC AUCs of binary scores, and {0} has {n} classes; "
            "compare one class's scores against the rest.", name, n=state.n_classes)
    scored, true = state.scored, state.samples.true
    scores = scored.scores if scored.scores is not None else scored.matrix[:, scored.positive]
    positive = true == scored.positive
    counts = int(positive.sum()), int((~positive).sum())
    if min(counts) < 2:
        raise _validation.InputError(
            "delong_test needs at least two samples of each class in {y_true}; it has "
            "{n1} positive(s) and {n0} negative(s).", "y_true", n1=counts[0], n0=counts[1])
    area = _ranking.roc_auc(_score_metrics.positive_ranking(state))
    return (area, _ranking.sample_placements(scores, positive), state.samples.index,
            state.labels[[scored.positive]].tolist()[0])
