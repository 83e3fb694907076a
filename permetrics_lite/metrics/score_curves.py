"""The curves of scores: ROC, precision-recall, DET and calibration, functions of the
state of an evaluation built by ``from_scores``, from the rankings
``metrics.score_metrics`` keeps."""

from .. import validation as _validation
from . import ranking as _ranking, score_metrics as _score_metrics
from .docstrings import share


@share
def calibration_curve(state, *, n_bins=5, strategy="uniform"):
    """The fraction of positives against the mean probability in each bin of probabilities.

    For evaluations built by ``from_scores`` with probabilities. Binary: as
    ``sklearn.calibration.calibration_curve`` of the positive class.
    Multiclass: ``{label: (prob_true, prob_pred)}``, each class against the
    rest by its column.

    Parameters
    ----------
    n_bins : int, default=5
        Number of bins of [0, 1].
    {{strategy}}

    Returns
    -------
    (prob_true, prob_pred) or dict of them
        Two arrays with one value per non-empty bin: the (weighted) fraction
        of positives and the (weighted) mean probability.

    {{calibration_raises}}

    See Also
    --------
    expected_calibration_error : The curve's distance from the diagonal.
    plot_calibration : The curve as a plot.

    Examples
    --------
    >>> from permetrics_lite import ClassificationMetric
    >>> cm = ClassificationMetric.from_scores([0, 0, 1, 1], [0.1, 0.3, 0.7, 0.6])
    >>> prob_true, prob_pred = cm.calibration_curve(n_bins=2)
    >>> prob_true.tolist(), prob_pred.tolist()
    ([0.0, 1.0], [0.2, 0.6499999999999999])
    """
    query = "calibration_curve"
    n_bins, strategy = _score_metrics.check_calibration(state, query, n_bins, strategy)
    if _score_metrics.is_binary(state, query):
        return _ranking.calibration_bins(_score_metrics.positive_ranking(state), n_bins, strategy)[:2]
    return {label: _ranking.calibration_bins(r, n_bins, strategy)[:2]
            for r, label in zip(_score_metrics.class_rankings(state), state.labels.tolist())}


def _binary_curve(state, query):
    if not _score_metrics.is_binary(state, query):
        raise _validation.binary_curve_only(query, state.n_classes)
    return _score_metrics.positive_ranking(state)


@share
def roc_curve(state, *, drop_intermediate=True):
    """The ROC curve of a binary problem: false and true positive rates at each threshold.

    Parameters
    ----------
    drop_intermediate : bool, default=True
        Drop the thresholds whose points lie on a straight line between
        their neighbours (the plot and its area do not change).

    Returns
    -------
    fpr, tpr, thresholds : ndarray
        As ``sklearn.metrics.roc_curve``: thresholds descending, the first
        ``inf`` (nothing predicted positive). A rate of a side without
        samples is nan, with an :class:`~permetrics_lite.UndefinedMetricWarning`.

    Raises
    ------
    ValueError
        For an evaluation without scores, or a multiclass score matrix.

    See Also
    --------
    roc_auc_score : The area under it.
    plot_roc_curve : The curve as a plot.

    Examples
    --------
    >>> from permetrics_lite import ClassificationMetric
    >>> cm = ClassificationMetric.from_scores([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    >>> fpr, tpr, thresholds = cm.roc_curve()
    >>> fpr.tolist(), tpr.tolist(), thresholds.tolist()
    ([0.0, 0.0, 0.5, 0.5, 1.0], [0.0, 0.5, 0.5, 1.0, 1.0], [inf, 0.8, 0.4, 0.35, 0.1])
    """
    drop_intermediate = _validation.check_bool("drop_intermediate", drop_intermediate)
    return _ranking.roc_curve(_binary_curve(state, "roc_curve"), drop_intermediate)


@share
def precision_recall_curve(state, *, drop_intermediate=False):
    """Precision and recall of a binary problem at each threshold.

    Parameters
    ----------
    drop_intermediate : bool, default=False
        Drop the thresholds where recall does not change on either side.

    Returns
    -------
    precision, recall, thresholds : ndarray
        As ``sklearn.metrics.precision_recall_curve``: thresholds
        ascending, and a last point (precision 1, recall 0) without a threshold.

    Raises
    ------
    ValueError
        For an evaluation without scores, or a multiclass score matrix.

    See Also
    --------
    average_precision_score : The curve's summary.
    plot_precision_recall_curve : The curve as a plot.

    Examples
    --------
    >>> from permetrics_lite import ClassificationMetric
    >>> cm = ClassificationMetric.from_scores([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    >>> precision, recall, thresholds = cm.precision_recall_curve()
    >>> precision.round(4).tolist(), recall.tolist(), thresholds.tolist()
    ([0.5, 0.6667, 0.5, 1.0, 1.0], [1.0, 1.0, 0.5, 0.5, 0.0], [0.1, 0.35, 0.4, 0.8])
    """
    drop_intermediate = _validation.check_bool("drop_intermediate", drop_intermediate)
    return _ranking.precision_recall_curve(_binary_curve(state, "precision_recall_curve"),
                                           drop_intermediate)


@share
def det_curve(state, *, drop_intermediate=False):
    """The detection error tradeoff of a binary problem: false positive and false
    negative rates at each threshold.

    Parameters
    ----------
    drop_intermediate : bool, default=False
        Drop the thresholds where the false negative rate does not change
        on either side.

    Returns
    -------
    fpr, fnr, thresholds : ndarray
        As ``sklearn.metrics.det_curve``: thresholds ascending, from the
        last without false positives to the first without false negatives.

    Raises
    ------
    ValueError
        For an evaluation without scores, a multiclass score matrix, or a
        y_true with samples of one class only (the curve is undefined).

    See Also
    --------
    roc_curve : The same tradeoff as true positive rates.

    Examples
    --------
    >>> from permetrics_lite import ClassificationMetric
    >>> cm = ClassificationMetric.from_scores([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    >>> fpr, fnr, thresholds = cm.det_curve()
    >>> fpr.tolist(), fnr.tolist(), thresholds.tolist()
    ([0.5, 0.5, 0.0], [0.0, 0.5, 0.5], [0.35, 0.4, 0.8])
    """
    drop_intermediate = _validation.check_bool("drop_intermediate", drop_intermediate)
    ranking = _binary_curve(state, "det_curve")
    if not _ranking.has_both(ranking):
        raise _validation.one_class_curve("det_curve")
    return _ranking.det_curve(ranking, drop_intermediate)
