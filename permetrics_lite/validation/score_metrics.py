"""The options and errors of the metrics of scores (``metrics.score_metrics``):
probabilities, ROC AUC's ``max_fpr``, calibration bins, binary curves."""

import numpy as np

from .options import check_integer_from


class NotProbabilities(ValueError):
    """Scores given where a metric needs probabilities."""


def not_probabilities(query, problem):
    return NotProbabilities(
        f"{query} needs probabilities, and y_score {problem}. Pass predict_proba output "
        "(1-D: the positive class's probability; a matrix: rows summing to 1)."
    )


def check_max_fpr(max_fpr):
    """ROC AUC's max_fpr: a real number in (0, 1]."""
    if isinstance(max_fpr, (bool, np.bool_)) or not isinstance(
            max_fpr, (int, float, np.integer, np.floating)):
        raise TypeError(f"max_fpr must be a real number in (0, 1]; got {max_fpr!r}.")
    if not 0 < max_fpr <= 1:
        raise ValueError(f"max_fpr must be in (0, 1]; got {max_fpr!r}.")
    return float(max_fpr)


def multiclass_max_fpr(max_fpr):
    return ValueError(
        f"max_fpr={max_fpr!r} applies to binary problems; a multiclass score matrix has "
        "no partial AUC. Drop max_fpr."
    )


def ovo_per_class():
    return ValueError(
        'average=None needs multi_class="ovr": one-vs-one AUCs belong to pairs of '
        'classes, not to classes. Pass average="macro" or "weighted".'
    )


def check_n_bins(n_bins):
    """Calibration's n_bins: an integer >= 1."""
    return check_integer_from("n_bins", n_bins, 1)


def weighted_quantile_bins(query):
    return ValueError(
        f'{query}: strategy="quantile" bins at the quantiles of the samples, which sample '
        'weights leave undefined; pass strategy="uniform", or build the evaluation '
        "without sample_weight."
    )


def binary_curve_only(query, n_classes):
    return ValueError(
        f"{query} is the curve of a binary problem, and this evaluation's score matrix has "
        f"{n_classes} classes. Build one evaluation per class with from_scores(y_true == "
        "label, y_score[:, column]), or use roc_auc_score / average_precision_score, "
        "which average over classes."
    )


def one_class_curve(query):
    return ValueError(
        f"{query} is undefined: y_true has samples of one class only (weight on one side), "
        "and the curve needs both."
    )
