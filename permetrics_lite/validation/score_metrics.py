"""The options and errors of the metrics of scores (``metrics.score_metrics``):
probabilities, ROC AUC's ``max_fpr``, calibration bins, binary curves."""

import numpy as np

from .errors import Arg, Choices, InputError, InputTypeError
from .intervals import MethodNotApplicable
from .options import check_integer_from


class NotProbabilities(InputError):
    """Scores given where a metric needs probabilities."""


def not_probabilities(query, problem):
    """``problem``: what the scores hold, a :class:`.errors.Phrase`."""
    return NotProbabilities(
        "{query} needs probabilities, and {y_score} {problem}. Pass predict_proba output (1-D: "
        "the positive class's probability; a matrix: rows summing to 1).", "y_score",
        query=query, problem=problem
    )


def check_max_fpr(max_fpr):
    """ROC AUC's max_fpr: a real number in (0, 1]."""
    if isinstance(max_fpr, (bool, np.bool_)) or not isinstance(
            max_fpr, (int, float, np.integer, np.floating)):
        raise InputTypeError("{max_fpr} must be a real number in (0, 1]; got {got!r}.",
                             "max_fpr", got=max_fpr)
    if not 0 < max_fpr <= 1:
        raise InputError("{max_fpr} must be in (0, 1]; got {got!r}.", "max_fpr", got=max_fpr)
    return float(max_fpr)


def multiclass_max_fpr(max_fpr):
    return InputError(
        "{0} applies to binary problems; a multiclass score matrix has no partial AUC. Drop "
        "{1}.", Arg("max_fpr", max_fpr), "max_fpr"
    )


def ovo_per_class():
    return InputError(
        "{0} needs {1}: one-vs-one AUCs belong to pairs of classes, not to classes. Pass {2} "
        'or "weighted".', Arg("average", None), Arg("multi_class", shown='"ovr"'),
        Arg("average", shown='"macro"')
    )


def one_vs_one_of_a_sum():
    return InputError(
        "{0} needs each sample's row of scores, and this evaluation keeps each column's "
        "ranking only (a sum of score evaluations: a + b, from_batches or from_dask); use {1}, "
        "or build it with from_scores on all the samples.", Arg("multi_class", shown='"ovo"'),
        Arg("multi_class", shown='"ovr"'))


def evaluation_average(value, query, allowed):
    """The evaluation's default ``average`` (its constructor's) that a metric of scores
    does not have."""
    return InputError(
        "{query} has no {0}, which the evaluation was built with; pass it one of {allowed}.",
        Arg("average", value), query=query, allowed=Choices("average", allowed)
    )


def query_weights_of_scores(alias):
    return InputError(
        "{alias} takes no {sample_weight}: a metric of scores is of the weights the "
        "evaluation was built with; pass them to from_scores.", "sample_weight", alias=alias)


def samples_of_scores_not_kept(method):
    return MethodNotApplicable(
        "{0} resamples the samples of a score matrix or of weighted scores, and this "
        "evaluation keeps their rankings only (a sum of score evaluations: a + b, from_batches "
        "or from_dask); build it with from_scores on all the samples to resample them.",
        Arg("method", method))


def check_n_bins(n_bins):
    """Calibration's n_bins: an integer >= 1."""
    return check_integer_from("n_bins", n_bins, 1)


def weighted_quantile_bins(query):
    return InputError(
        "{query}: {0} bins at the quantiles of the samples, which sample weights that are "
        "not whole numbers leave undefined (a whole number is that many repeated samples); "
        "pass {1}, or build the evaluation without {sample_weight}.",
        Arg("strategy", shown='"quantile"'), Arg("strategy", shown='"uniform"'),
        "sample_weight", query=query
    )


def binary_curve_only(query, n_classes):
    return InputError(
        "{query} is the curve of a binary problem, and this evaluation's score matrix has "
        "{n_classes} classes. Build one evaluation per class with from_scores({y_true} == "
        "label, {y_score}[:, column]), or use roc_auc_score / average_precision_score, "
        "which average over classes.", "y_score", "y_true", query=query, n_classes=n_classes
    )


def one_class_curve(query):
    return InputError(
        "{query} is undefined: {y_true} has samples of one class only (weight on one side), "
        "and the curve needs both.", "y_true", query=query
    )
