"""The options of confidence intervals (``stats.intervals``), and the errors of
a method that cannot give an interval."""

import numpy as np

from .errors import Arg, InputError, InputTypeError, Phrase


def _is_real(value):
    return isinstance(value, (int, float, np.integer, np.floating)) and not isinstance(
        value, (bool, np.bool_))


def check_confidence(confidence):
    """The confidence level: a number strictly between 0 and 1."""
    if not _is_real(confidence) or not 0 < confidence < 1:
        raise InputError(
            "{confidence} must be a number strictly between 0 and 1 (0.95 for a 95% "
            "interval); got {got!r}.", "confidence", got=confidence
        )
    return float(confidence)


def _is_integer(value):
    return isinstance(value, (int, np.integer)) and not isinstance(value, (bool, np.bool_))


def check_n_resamples(n_resamples):
    if not _is_integer(n_resamples) or n_resamples < 1:
        raise InputError("{n_resamples} must be a positive integer; got {got!r}.",
                         "n_resamples", got=n_resamples)
    return int(n_resamples)


def check_random_state(random_state):
    """A numpy Generator from None (fresh entropy), a seed >= 0, or a Generator."""
    if random_state is None or isinstance(random_state, np.random.Generator):
        return np.random.default_rng(random_state)
    if _is_integer(random_state):
        if random_state < 0:
            raise InputError("{random_state} must be a seed >= 0; got {got!r}.",
                             "random_state", got=random_state)
        return np.random.default_rng(random_state)
    raise InputTypeError(
        "{random_state} must be None, an integer seed or a numpy.random.Generator; got "
        "{type}.", "random_state", type=type(random_state).__name__
    )


def resampling_only(name, method):
    return InputError("{0} applies to {1} or 'bca' only; {2} does not resample.", name,
                      Arg("method", "bootstrap"), Arg("method", method))


class MethodNotApplicable(InputError):
    """An interval method that cannot give a metric's interval (the summary and the
    report show nan bounds for those rows)."""


def interval_unsupported(method, metric, why, instead=None):
    """``why`` and ``instead``: :class:`.errors.Phrase` objects, that mark the
    parameters they name (``Phrase("with {0}", Arg("normalize", False))``)."""
    instead = instead or Phrase("use {0} or 'bca', which apply to every metric of labels",
                                Arg("method", "bootstrap"))
    return MethodNotApplicable("{0} does not apply to {metric} {why}; {instead}.",
                               Arg("method", method), metric=metric, why=why, instead=instead)


def weighted_test(test):
    """The refusal of a test that counts samples, for a weighted evaluation."""
    return MethodNotApplicable(
        "{test} counts samples, and this evaluation is weighted (its sample weights, integral "
        "ones too, are not counts of samples). If each weight counts identical samples, "
        "evaluate them as counts: ClassificationMetric.from_counts(frame, count=...).",
        test=test)


def weighted_ranking_interval(method):
    """The refusal of DeLong's or Hanley and McNeil's interval for weighted scores."""
    return InputError(
        "{0} needs counts of samples, and this evaluation is weighted (its sample weights, "
        "integral ones too, are not counts of samples): no interval of the ROC AUC applies "
        "to weighted scores. If each weight counts identical samples, repeat them "
        "(numpy.repeat) and evaluate the unweighted scores.", Arg("method", method))


def weighted_interval(method, weights_kept=True):
    """The refusal of a method that counts samples, for a weighted evaluation (integral
    weights too: a weight is no count of samples)."""
    bootstrap = Arg("method", "bootstrap")
    instead = (Phrase("use {0}, which resamples the samples with their weights", bootstrap)
               if weights_kept else
               Phrase("it keeps no per-sample weights (a sum, grouped or aggregated tallies), "
                      "so no interval method applies; evaluate the samples with their weights "
                      "and use {0}", bootstrap))
    return InputError(
        "{0} needs counts of samples, and this evaluation is weighted (its sample weights, "
        "integral ones too, are not counts of samples); {1}. If each weight counts identical "
        "samples, evaluate them as counts: ClassificationMetric.from_counts(frame, "
        "count=...).", Arg("method", method), instead
    )


def multilabel_resampling(method):
    return InputError(
        "{0} resamples the confusion matrix, which a multilabel evaluation does not have (its "
        "tallies do not keep which labels occur together); use a proportion method such as "
        "{1}.", Arg("method", method), Arg("method", "wilson")
    )


def resampling_needs_count(method):
    return InputError(
        "{0} draws as many samples as the evaluation has, and an evaluation built from a "
        "matrix of weights does not know that number; build it from counts.",
        Arg("method", method)
    )
