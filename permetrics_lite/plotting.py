"""Plots of an evaluation, drawn from the same numbers the metrics give.

Needs the optional extra ``plot`` (matplotlib), imported only when a plot is
drawn. Each function takes a :class:`~permetrics_lite.ClassificationMetric`
and draws on ``ax`` (or on a new figure) and returns the Axes. The methods
``plot_confusion_matrix``, ``plot_per_class`` and ``plot_threshold_curve`` of
the evaluation call them.
"""

import numpy as np

from . import _registry, _scores, _validation

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
