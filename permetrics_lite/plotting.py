"""Plots of an evaluation, drawn from the same numbers the metrics give.

Needs the optional extra ``plot`` (matplotlib), imported only when a plot is
drawn. Each function takes a :class:`~permetrics_lite.ClassificationMetric`
and draws on ``ax`` (or on a new figure) and returns the Axes. The methods
``plot_confusion_matrix``, ``plot_per_class``, ``plot_threshold_curve``,
``plot_roc_curve``, ``plot_precision_recall_curve`` and ``plot_calibration``
of the evaluation call them.
"""

import numpy as np

from . import _ranking, _registry, _score_metrics, _scores, _validation

ANNOTATED_CLASSES = 30  # above this many classes the cells are too small to label
PER_CLASS_COLUMNS = _registry.REPORT_COLUMNS  # the score columns of report()


def _pyplot():
    try:
        import matplotlib.pyplot as plt
    except ImportError:
        raise _validation.missing_extra("Plotting", "matplotlib", "plot") from None
    return plt


def _axes(ax, size=(6.4, 4.8)):
    return _pyplot().subplots(figsize=size)[1] if ax is None else ax


def _tick_labels(evaluation):
    return [str(label) for label in evaluation.labels.tolist()]


def confusion_matrix(evaluation, normalize=None, ax=None):
    """An annotated heat map of the confusion matrix, rows true and columns predicted.

    ``evaluation.plot_confusion_matrix(normalize, ax)`` calls this; see
    :meth:`~permetrics_lite.ClassificationMetric.plot_confusion_matrix`.

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> from permetrics_lite import ClassificationMetric, plotting
    >>> cm = ClassificationMetric(["cat", "dog", "dog"], ["cat", "cat", "dog"])
    >>> ax = plotting.confusion_matrix(cm)
    >>> ax.get_xlabel(), ax.get_ylabel(), [t.get_text() for t in ax.texts]
    ('Predicted label', 'True label', ['1', '0', '1', '1'])
    """
    if evaluation.is_multilabel:
        raise _validation.multilabel_unsupported(
            "plot_confusion_matrix", "plot_per_class (one bar per label)")
    matrix = evaluation.CM(normalize=normalize)
    ax = _axes(ax)
    image = ax.imshow(matrix, cmap="Blues")
    ax.figure.colorbar(image, ax=ax)
    ticks, names = np.arange(evaluation.n_classes), _tick_labels(evaluation)
    ax.set_xticks(ticks, names, rotation=45 if evaluation.n_classes > 6 else 0)
    ax.set_yticks(ticks, names)
    ax.set_xlabel("Predicted label")
    ax.set_ylabel("True label")
    ax.set_title("Confusion matrix" + (f" (normalized: {normalize})" if normalize else ""))
    if evaluation.n_classes <= ANNOTATED_CLASSES:
        middle = (matrix.max() + matrix.min()) / 2  # white text on dark cells
        text = "{:d}" if matrix.dtype.kind == "i" else "{:.2f}" if normalize else "{:.3g}"
        for (row, column), value in np.ndenumerate(matrix):
            ax.text(column, row, text.format(value), ha="center", va="center",
                    color="white" if value > middle else "black")
    return ax


def per_class(evaluation, metrics=("accuracy", "recall"), ax=None):
    """Grouped bars of per-class scores, with each score's macro average as a line.

    ``evaluation.plot_per_class(metrics, ax)`` calls this; see
    :meth:`~permetrics_lite.ClassificationMetric.plot_per_class`.

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> from permetrics_lite import ClassificationMetric, plotting
    >>> cm = ClassificationMetric(["cat", "dog", "dog"], ["cat", "cat", "dog"])
    >>> ax = plotting.per_class(cm)
    >>> sorted(ax.get_legend_handles_labels()[1])
    ['accuracy', 'accuracy macro = 0.667', 'recall', 'recall macro = 0.750']
    """
    if isinstance(metrics, str):
        metrics = (metrics,)
    metrics = [_validation.check_option("metrics", name, PER_CLASS_COLUMNS) for name in metrics]
    if not metrics:
        raise ValueError(f"metrics is empty; name at least one of {list(PER_CLASS_COLUMNS)}.")
    report = evaluation.report()
    ax = _axes(ax, (max(6.4, 0.5 * evaluation.n_classes * len(metrics)), 4.8))
    positions, width = np.arange(evaluation.n_classes), 0.8 / len(metrics)
    colors = []
    for number, name in enumerate(metrics):
        offset = (number - (len(metrics) - 1) / 2) * width
        bars = ax.bar(positions + offset, report[name].to_numpy(), width, label=name)
        colors.append(bars.patches[0].get_facecolor())
    for name, color in zip(metrics, colors):
        macro = report[name].mean()  # the macro average: the mean over classes
        ax.axhline(macro, color=color, linestyle="--", label=f"{name} macro = {macro:.3f}")
    ax.set_xticks(positions, _tick_labels(evaluation),
                  rotation=45 if evaluation.n_classes > 6 else 0)
    ax.set_xlabel("Label" if evaluation.is_multilabel else "Class")
    ax.set_ylabel("Score")
    # headroom above 1.0 keeps the legend off the bars
    ax.set_ylim(min(0.0, float(report[metrics].min().min()) * 1.05), 1.3)
    ax.set_title("Per-class scores")
    ax.legend(loc="upper center", ncol=2, fontsize="small")
    return ax


def threshold_curve(evaluation, metric="AS", ax=None):
    """A metric against the decision threshold of binary scores, best and current marked.

    ``evaluation.plot_threshold_curve(metric, ax)`` calls this; see
    :meth:`~permetrics_lite.ClassificationMetric.plot_threshold_curve`.

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> from permetrics_lite import ClassificationMetric, plotting
    >>> cm = ClassificationMetric.from_scores([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    >>> ax = plotting.threshold_curve(cm)
    >>> ax.get_xlabel(), ax.get_ylabel()
    ('Threshold', 'accuracy')
    >>> ax.get_legend_handles_labels()[1]
    ['accuracy', 'best: 0.35 (accuracy 0.750)', 'decision threshold: 0.5']
    """
    column = _scores.curve_column(metric, _registry.CURVE)
    curve = evaluation.threshold_curve()
    best, value = evaluation.best_threshold(column)
    ax = _axes(ax)
    # a threshold between two scores decides as the next score up: a step
    ax.plot(curve["threshold"], curve[column], drawstyle="steps-pre", label=column)
    ax.axvline(best, color="tab:green", linestyle="--",
               label=f"best: {best:.3g} ({column} {value:.3f})")
    ax.plot([best], [value], "o", color="tab:green")
    ax.axvline(evaluation.threshold, color="tab:red", linestyle=":",
               label=f"decision threshold: {evaluation.threshold:.3g}")
    ax.set_xlabel("Threshold")
    ax.set_ylabel(column)
    ax.set_title(f"{column} by decision threshold")
    ax.legend(loc="best", fontsize="small")
    return ax


def _positive_label(evaluation):
    """The class whose scores rank a binary problem: 1-D scores' positive class, or
    the second column's."""
    return evaluation.labels.tolist()[evaluation._scored.positive]


def _per_class(evaluation, curve, summary):
    """``(label, curve, summary)`` of each class of a score matrix, its column against
    the rest, from the rankings the metrics cache."""
    return [(label, curve(ranking), summary(ranking, f"Class {label!r}"))
            for ranking, label in zip(_score_metrics.class_rankings(evaluation),
                                      evaluation.labels.tolist())]


def _unit_square(ax, title, xlabel, ylabel, legend, legend_title=None):
    """The common frame of the curves: the unit square, labelled, with a legend."""
    ax.set(xlim=(-0.01, 1.01), ylim=(-0.01, 1.01), aspect="equal", title=title,
           xlabel=xlabel, ylabel=ylabel)
    ax.legend(loc=legend, fontsize="small", title=legend_title, title_fontsize="small")
    return ax


def roc_curve(evaluation, ax=None):
    """ROC curves: true against false positive rate, each labelled with its AUC.

    A binary problem (1-D scores, or a two-column matrix ranked by its second
    column) has one curve, ``roc_curve()``, labelled with ``roc_auc_score()``;
    a matrix of three or more classes one per class, its column against the
    rest (one-vs-rest), labelled with the class and its AUC. A dashed
    diagonal marks chance (AUC 0.5). The curves need no probabilities: any
    scores or decision values rank.
    ``evaluation.plot_roc_curve(ax)`` calls this; see
    :meth:`~permetrics_lite.ClassificationMetric.plot_roc_curve`.

    Parameters
    ----------
    evaluation : ClassificationMetric
        Built by ``from_scores``.
    ax : matplotlib Axes, default=None
        Where to draw; a new figure when None.

    Returns
    -------
    matplotlib Axes
        The curves are its first lines, in class order; the diagonal is the last.

    Raises
    ------
    ValueError
        For an evaluation without scores.

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> from permetrics_lite import ClassificationMetric, plotting
    >>> cm = ClassificationMetric.from_scores([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    >>> ax = plotting.roc_curve(cm)
    >>> ax.get_xlabel(), ax.get_ylabel()
    ('False positive rate', 'True positive rate')
    >>> ax.get_legend_handles_labels()[1]
    ['AUC = 0.750', 'Chance (AUC = 0.5)']
    >>> ax.lines[0].get_xydata().tolist()
    [[0.0, 0.0], [0.0, 0.5], [0.5, 0.5], [0.5, 1.0], [1.0, 1.0]]
    """
    if _score_metrics.is_binary(evaluation, "plot_roc_curve"):
        fpr, tpr, _ = evaluation.roc_curve()
        auc = evaluation.roc_auc_score()
        ax = _axes(ax)
        ax.plot(fpr, tpr, label=f"AUC = {auc:.3f}")
        title = f"ROC curve (positive: {_positive_label(evaluation)})"
    else:
        curves = _per_class(evaluation, _ranking.roc_curve,
                            lambda ranking, what: _score_metrics.binary_auc(ranking, None, what))
        ax = _axes(ax)
        for label, (fpr, tpr, _), auc in curves:
            ax.plot(fpr, tpr, label=f"{label} (AUC = {auc:.3f})")
        title = "ROC curves (one-vs-rest)"
    ax.plot([0, 1], [0, 1], color="gray", linestyle="--", label="Chance (AUC = 0.5)")
    return _unit_square(ax, title, "False positive rate", "True positive rate", "lower right")


def precision_recall_curve(evaluation, ax=None):
    """Precision-recall curves, drawn as steps, each labelled with its average precision.

    A binary problem has one curve, ``precision_recall_curve()``, labelled
    with ``average_precision_score()`` (AP); a matrix of three or more
    classes one per class, its column against the rest, labelled with the
    class and its AP. As scikit-learn's ``PrecisionRecallDisplay``, each is
    a step plot (``drawstyle="steps-post"``): AP is the area under those
    steps, not under straight lines between the points.
    ``evaluation.plot_precision_recall_curve(ax)`` calls this; see
    :meth:`~permetrics_lite.ClassificationMetric.plot_precision_recall_curve`.

    Parameters
    ----------
    evaluation : ClassificationMetric
        Built by ``from_scores``.
    ax : matplotlib Axes, default=None
        Where to draw; a new figure when None.

    Returns
    -------
    matplotlib Axes
        The curves are its lines, in class order.

    Raises
    ------
    ValueError
        For an evaluation without scores.

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> from permetrics_lite import ClassificationMetric, plotting
    >>> cm = ClassificationMetric.from_scores([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    >>> ax = plotting.precision_recall_curve(cm)
    >>> ax.get_xlabel(), ax.get_ylabel(), ax.get_legend_handles_labels()[1]
    ('Recall', 'Precision', ['AP = 0.833'])
    >>> ax.lines[0].get_drawstyle()
    'steps-post'
    """
    if _score_metrics.is_binary(evaluation, "plot_precision_recall_curve"):
        precision, recall, _ = evaluation.precision_recall_curve()
        ap = evaluation.average_precision_score()
        ax = _axes(ax)
        ax.plot(recall, precision, drawstyle="steps-post", label=f"AP = {ap:.3f}")
        title = f"Precision-recall curve (positive: {_positive_label(evaluation)})"
    else:
        curves = _per_class(evaluation, _ranking.precision_recall_curve,
                            _score_metrics.binary_ap)
        ax = _axes(ax)
        for label, (precision, recall, _), ap in curves:
            ax.plot(recall, precision, drawstyle="steps-post", label=f"{label} (AP = {ap:.3f})")
        title = "Precision-recall curves (one-vs-rest)"
    return _unit_square(ax, title, "Recall", "Precision", "lower left")


def calibration(evaluation, n_bins=10, strategy="uniform", ax=None):
    """Reliability diagram: the fraction of positives against the mean probability per bin.

    A binary problem has one curve, ``calibration_curve(n_bins, strategy)``,
    labelled with ``expected_calibration_error(n_bins, strategy)`` (ECE); a
    matrix of three or more classes one curve per class, its column against
    the rest, labelled with the class and the ECE of that curve (the
    bin-weighted mean distance of its points from the diagonal; the
    multiclass ``ECE()`` is instead the top-class confidence's). Each bin is
    a marker joined by lines; a dashed diagonal marks perfect calibration.
    ``evaluation.plot_calibration(n_bins, strategy, ax)`` calls this; see
    :meth:`~permetrics_lite.ClassificationMetric.plot_calibration`.

    Parameters
    ----------
    evaluation : ClassificationMetric
        Built by ``from_scores`` with probabilities.
    n_bins : int, default=10
        Number of bins of [0, 1].
    strategy : {"uniform", "quantile"}, default="uniform"
        ``"uniform"``: bins of equal width; ``"quantile"``: bins of about
        equal numbers of samples (unweighted evaluations only).
    ax : matplotlib Axes, default=None
        Where to draw; a new figure when None.

    Returns
    -------
    matplotlib Axes
        The curves are its first lines, in class order; the diagonal is the last.

    Raises
    ------
    ValueError
        For an evaluation without scores, scores that are not probabilities,
        ``n_bins`` < 1, an unknown ``strategy``, or ``"quantile"`` with
        sample weights.
    TypeError
        For an ``n_bins`` that is not an integer.

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> from permetrics_lite import ClassificationMetric, plotting
    >>> cm = ClassificationMetric.from_scores([0, 0, 1, 1], [0.1, 0.3, 0.7, 0.6])
    >>> ax = plotting.calibration(cm, n_bins=2)
    >>> ax.get_xlabel(), ax.get_ylabel()
    ('Mean predicted probability', 'Fraction of positives')
    >>> ax.get_legend_handles_labels()[1]
    ['ECE = 0.275', 'Perfectly calibrated']
    >>> ax.lines[0].get_xydata().round(4).tolist()
    [[0.2, 0.0], [0.65, 1.0]]
    """
    query = "plot_calibration"
    n_bins, strategy = _score_metrics.check_calibration(evaluation, query, n_bins, strategy)
    if _score_metrics.is_binary(evaluation, query):
        prob_true, prob_pred = evaluation.calibration_curve(n_bins=n_bins, strategy=strategy)
        ece = evaluation.expected_calibration_error(n_bins=n_bins, strategy=strategy)
        ax = _axes(ax)
        ax.plot(prob_pred, prob_true, "s-", label=f"ECE = {ece:.3f}")
        title = f"Calibration (positive: {_positive_label(evaluation)})"
    else:
        curves = _per_class(
            evaluation, lambda ranking: _ranking.calibration_bins(ranking, n_bins, strategy),
            lambda ranking, what: _ranking.calibration_error(ranking, n_bins, strategy))
        ax = _axes(ax)
        for label, (prob_true, prob_pred, _), ece in curves:
            ax.plot(prob_pred, prob_true, "s-", label=f"{label} (ECE = {ece:.3f})")
        title = "Calibration (one-vs-rest)"
    ax.plot([0, 1], [0, 1], color="gray", linestyle="--", label="Perfectly calibrated")
    return _unit_square(ax, title, "Mean predicted probability", "Fraction of positives",
                        "upper left", f"{n_bins} {strategy} bins")
