"""The options of confidence intervals (``stats.intervals``), and the errors of
a method that cannot give an interval."""

import numpy as np


def _is_real(value):
    return isinstance(value, (int, float, np.integer, np.floating)) and not isinstance(
        value, (bool, np.bool_))


def check_confidence(confidence):
    """The confidence level: a number strictly between 0 and 1."""
    if not _is_real(confidence) or not 0 < confidence < 1:
        raise ValueError(
            "confidence must be a number strictly between 0 and 1 (0.95 for a 95% "
            f"interval); got {confidence!r}."
        )
    return float(confidence)


def _is_integer(value):
    return isinstance(value, (int, np.integer)) and not isinstance(value, (bool, np.bool_))


def check_n_resamples(n_resamples):
    if not _is_integer(n_resamples) or n_resamples < 1:
        raise ValueError(f"n_resamples must be a positive integer; got {n_resamples!r}.")
    return int(n_resamples)


def check_random_state(random_state):
    """A numpy Generator from None (fresh entropy), a seed >= 0, or a Generator."""
    if random_state is None or isinstance(random_state, np.random.Generator):
        return np.random.default_rng(random_state)
    if _is_integer(random_state):
        if random_state < 0:
            raise ValueError(f"random_state must be a seed >= 0; got {random_state!r}.")
        return np.random.default_rng(random_state)
    raise TypeError(
        "random_state must be None, an integer seed or a numpy.random.Generator; got "
        f"{type(random_state).__name__}."
    )


def resampling_only(name, method):
    return ValueError(
        f"{name} applies to method='bootstrap' or 'bca' only; method={method!r} does not "
        "resample."
    )


class MethodNotApplicable(ValueError):
    """An interval method that cannot give a metric's interval (the summary and the
    report show nan bounds for those rows)."""


def interval_unsupported(method, metric, why, instead=None):
    instead = instead or "use method='bootstrap' or 'bca', which apply to every metric of labels"
    return MethodNotApplicable(f"method={method!r} does not apply to {metric} {why}; {instead}.")


def weighted_interval(method, weights_kept=True):
    """The refusal of a method that counts samples, for a weighted evaluation (integral
    weights too: a weight is no count of samples)."""
    instead = ("use method='bootstrap', which resamples the samples with their weights"
               if weights_kept else
               "it keeps no per-sample weights (a sum, grouped or aggregated tallies), so no "
               "interval method applies; evaluate the samples with their weights and use "
               "method='bootstrap'")
    return ValueError(
        f"method={method!r} needs counts of samples, and this evaluation is weighted (its "
        f"sample weights, integral ones too, are not counts of samples); {instead}. If "
        "each weight counts identical samples, evaluate them as counts: "
        "ClassificationMetric.from_counts(frame, count=...)."
    )


def multilabel_resampling(method):
    return ValueError(
        f"method={method!r} resamples the confusion matrix, which a multilabel evaluation "
        "does not have (its tallies do not keep which labels occur together); use a "
        "proportion method such as method='wilson'."
    )


def resampling_needs_count(method):
    return ValueError(
        f"method={method!r} draws as many samples as the evaluation has, and an evaluation "
        "built from a matrix of weights does not know that number; build it from counts."
    )
