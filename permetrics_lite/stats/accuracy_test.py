"""The binomial test of accuracy against the no-information rate: is the model
right more often than always predicting the most common class would be?

The samples right are ``k`` of ``n`` independent trials; under the null
hypothesis each is right with the no-information rate's probability. The tally
holds both numbers, so the test costs nothing beyond the binomial distribution.
"""

from typing import NamedTuple

from .. import validation as _validation
from ..metrics import formulas as _formulas, label_metrics as _label_metrics
from . import intervals as _intervals

ALTERNATIVES = ("greater", "two-sided", "less")


class AccuracyTestResult(NamedTuple):
    """The binomial test of accuracy against the no-information rate.

    Examples
    --------
    >>> from permetrics_lite import ClassificationMetric
    >>> result = ClassificationMetric([0, 0, 0, 1, 1, 2], [0, 0, 0, 1, 1, 1]).accuracy_test()
    >>> result.correct, result.n_samples, result.no_information_rate
    (5, 6, 0.5)
    """

    accuracy: float
    no_information_rate: float
    pvalue: float
    correct: int
    n_samples: int


def accuracy_test(state, *, alternative="greater"):
    """Binomial test of accuracy against the no-information rate (NIR).

    Under the null hypothesis the samples are right, independently, with the
    probability of the largest class share of ``y_true``: the accuracy of a
    model that always predicts the most common class. A small p-value says the
    model is right more often than that (caret's ``confusionMatrix`` "P-Value
    [Acc > NIR]").

    Parameters
    ----------
    alternative : {"greater", "two-sided", "less"}, default="greater"
        The alternative hypothesis: accuracy above the NIR (one-sided, as caret
        tests), different from it, or below it.

    Returns
    -------
    AccuracyTestResult
        ``(accuracy, no_information_rate, pvalue, correct, n_samples)``: the
        p-value of ``correct`` right samples of ``n_samples``, equal to
        ``scipy.stats.binomtest(correct, n_samples, no_information_rate,
        alternative=alternative).pvalue``.

    Raises
    ------
    ValueError
        For an unknown ``alternative``, multilabel input (no single
        no-information rate), or a weighted evaluation (its weights are not
        counts of samples; ``from_counts`` evaluates counted samples).
    ImportError
        If scipy (the extra ``stats``) is not installed.

    See Also
    --------
    no_information_rate : The rate tested against.
    confidence_interval : ``CI("AS", method="clopper-pearson")``, the exact
        interval of the accuracy.

    Examples
    --------
    >>> from permetrics_lite import ClassificationMetric
    >>> y_true = ["cat"] * 6 + ["dog"] * 3 + ["fox"]
    >>> y_pred = ["cat"] * 6 + ["dog"] * 3 + ["dog"]
    >>> result = ClassificationMetric(y_true, y_pred).accuracy_test()
    >>> result.accuracy, result.no_information_rate, round(result.pvalue, 4)
    (0.9, 0.6, 0.0464)
    """
    alternative = _validation.check_option("alternative", alternative, ALTERNATIVES)
    if state.is_multilabel:
        raise _validation.multilabel_unsupported(
            "accuracy_test", _validation.Phrase(
                "{0}, each label's accuracy with its interval,",
                _validation.Term("CI('PCA', average=None)")))
    tallies = state.tallies
    if _intervals.is_weighted(state):
        raise _validation.weighted_test("accuracy_test")
    correct, total = int(tallies.correct), int(tallies.total)
    rate = _label_metrics.no_information_rate(state)
    pvalue = binomial_test(correct, total, rate, alternative)
    return AccuracyTestResult(_formulas.accuracy(tallies), rate, pvalue, correct, total)


def binomial_test(count, nobs, probability, alternative):
    """The p-value of ``count`` successes of ``nobs`` trials of success
    ``probability``: ``scipy.stats.binomtest``'s."""
    try:
        from scipy import stats
    except ImportError:  # pragma: no cover - scipy is in the test extra
        raise _validation.missing_extra("The binomial test", "scipy", "stats") from None
    return float(stats.binomtest(count, nobs, probability, alternative=alternative).pvalue)
