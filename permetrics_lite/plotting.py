"""Plots of an evaluation, drawn from the same numbers the metrics give.

Needs the optional extra ``plot`` (matplotlib), imported only when a plot is
drawn. Each function takes a :class:`~permetrics_lite.ClassificationMetric`
and draws on ``ax`` (or on a new figure) and returns the Axes. The methods
``plot_confusion_matrix``, ``plot_per_class``, ``plot_threshold_curve``,
``plot_roc_curve``, ``plot_precision_recall_curve`` and ``plot_calibration``
of the evaluation call them.

Layout: a figure the library makes uses constrained layout and is sized from
what it shows, the number of classes and the widest name (the confusion
matrix grows with the classes up to a cap, its names and annotations
shrinking when the cells are small; the per-class bars widen up to a cap);
class names under an x axis stay level when they fit side by side, else turn
45 degrees, anchored at their tick; the legend of the per-class bars, of a curve
per class and of many entries or wide names goes right of the plot, off the bars
and curves. Given ``ax``,
a plot keeps its figure's size and layout engine.
"""

import math

import numpy as np

from . import validation as _validation
from .core import scores as _scores
from .metrics import ranking as _ranking, registry as _registry, score_metrics as _score_metrics
from .metrics.docstrings import share

ANNOTATED_CLASSES = 30  # above this many classes the cells are too small to label
PER_CLASS_COLUMNS = _registry.REPORT_COLUMNS  # the score columns of report()

# Layout. A figure the library makes uses constrained layout and is sized from what it
# shows (a given ``ax`` keeps its figure's size and layout engine); sizes are in inches.
FIGURE_SIZE = (6.4, 4.8)  # the smallest figure made (matplotlib's default size)
LEVEL_SLOT = 0.85  # class names under an x axis stay level while this share of a slot holds them
MATRIX_SIDE = (3.5, 12.0)  # the confusion matrix's side: at least, at most
CELL_SIDE = 0.3  # a cell's side, while the matrix is between those bounds
BAR_WIDTH = 0.5  # a bar's width, while all the bars are narrower than BARS_WIDTH
BARS_WIDTH = 16.0  # at most the width of the per-class bars (more classes: thinner bars)
LEGEND_INSIDE = (12, 2.0)  # a legend goes right of its axes above this many entries or width
LEGEND_ROWS = 30  # at most this many rows in each column of a legend right of its axes
SMALLEST_FONT = 4.0  # points: tick labels and annotations shrink no further
ROTATED = {"rotation": 45, "ha": "right", "rotation_mode": "anchor"}
_DIAGONAL = math.sqrt(0.5)  # a 45-degree label of width w, height h spans (w + h) / sqrt(2)


def _pyplot():
    try:
        import matplotlib.pyplot as plt
    except ImportError:
        raise _validation.missing_extra("Plotting", "matplotlib", "plot") from None
    return plt


def _axes(ax, size=FIGURE_SIZE, title=""):
    """The given Axes as they are, or those of a new constrained-layout figure of ``size``
    (at least ``FIGURE_SIZE``, and wide enough for ``title``)."""
    if ax is not None:
        return ax
    plt = _pyplot()
    title = _text_size([title], plt.rcParams["axes.titlesize"])[0]
    size = (max(size[0], FIGURE_SIZE[0], title + 0.5), max(size[1], FIGURE_SIZE[1]))
    return plt.subplots(figsize=size, layout="constrained")[1]


def _points(size):
    """A matplotlib font size (points, or a name such as ``"small"``) in points."""
    from matplotlib.font_manager import FontProperties

    return FontProperties(size=size).get_size_in_points()


def _text_size(texts, size):
    """Width and height in inches of the widest and the tallest of ``texts`` at ``size``:
    the width measured of the 16 lines of most characters (measuring is slow)."""
    from matplotlib.font_manager import FontProperties
    from matplotlib.textpath import text_to_path

    font, points = FontProperties(size=size), _points(size)
    texts = [text.split("\n") for text in texts]
    lines = sorted((line for text in texts for line in text), key=len)[-16:]
    width = max((text_to_path.get_text_width_height_descent(line, font, ismath=False)[0]
                 for line in lines), default=0.0)
    return width / 72, max((len(text) for text in texts), default=1) * 1.2 * points / 72


def _tick_font(pitch):
    """Tick label size in points of classes ``pitch`` inches apart: the default, smaller
    when they are crowded."""
    default = _points(_pyplot().rcParams["xtick.labelsize"])
    return max(SMALLEST_FONT, min(default, 0.6 * 72 * pitch))


def _class_labels(names, font, pitch):
    """How class names under an x axis are drawn at ``font`` size, ticks ``pitch`` inches
    apart: ``(rotate, across, down, width)``; turned 45 degrees when the widest does not
    fit its slot with a gap (short names stay level, however many); the inches they take
    across and down (turned: from the tick), and the widest's width."""
    width, height = _text_size(names, font)
    if width > LEVEL_SLOT * pitch:
        across = (width + height) * _DIAGONAL
        return True, across, across, width
    return False, width, height, width


def _set_class_ticks(axis, names, font, rotate=False):
    """Name the classes along ``axis`` (``ax.xaxis`` or ``ax.yaxis``)."""
    axis.set_ticks(np.arange(len(names)), names, fontsize=font, **(ROTATED if rotate else {}))


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
        raise _validation.multilabel_unsupported("plot_confusion_matrix", _validation.Phrase(
            "{0} (one bar per label)", _validation.Term("plot_per_class")))
    matrix = evaluation.CM(normalize=normalize)
    names = _tick_labels(evaluation)
    k = len(names)
    side = min(max(CELL_SIDE * k, MATRIX_SIDE[0]), MATRIX_SIDE[1])
    font = _tick_font(side / k)
    rotate, _, down, left = _class_labels(names, font, side / k)
    title = "Confusion matrix" + (f" (normalized: {normalize})" if normalize else "")
    # around the matrix: the names of the rows at its left (as wide as the widest), of the
    # columns below it; the axis labels, the title and the colour bar
    ax = _axes(ax, (left + side + 2.0, down + side + 1.1), title)
    image = ax.imshow(matrix, cmap="Blues")
    ax.figure.colorbar(image, ax=ax)
    _set_class_ticks(ax.xaxis, names, font, rotate)
    _set_class_ticks(ax.yaxis, names, font)
    ax.set_xlabel("Predicted label")
    ax.set_ylabel("True label")
    ax.set_title(title)
    if k <= ANNOTATED_CLASSES:
        middle = (matrix.max() + matrix.min()) / 2  # white text on dark cells
        text = "{:d}" if matrix.dtype.kind == "i" else "{:.2f}" if normalize else "{:.3g}"
        cells = [(row, column, value, text.format(value))
                 for (row, column), value in np.ndenumerate(matrix)]
        # the widest number fills at most 85 % of its cell
        size = _points(_pyplot().rcParams["font.size"])
        width = _text_size([cell[3] for cell in cells], size)[0]
        size = max(SMALLEST_FONT, min(size, size * 0.85 * side / k / max(width, 1e-9)))
        for row, column, value, label in cells:
            ax.text(column, row, label, ha="center", va="center", fontsize=size,
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
        raise _validation.InputError("{metrics} is empty; name at least one of {columns}.",
                                     "metrics", columns=list(PER_CLASS_COLUMNS))
    report = evaluation.report()
    names = _tick_labels(evaluation)
    k = len(names)
    # the legend right of the bars: its entries' width, its frame and gap
    legend = _text_size([f"{name} macro = 0.000" for name in metrics], "small")[0] + 0.6
    span = min(max(BAR_WIDTH * len(metrics) * k, FIGURE_SIZE[0] - 1.1 - legend), BARS_WIDTH)
    font = _tick_font(span / k)
    rotate, across, down, _ = _class_labels(names, font, span / k)
    # the first name, turned, reaches left of the axes by its extent less about half a slot
    left = max(0.8, across - 0.45 * span / k + 0.1)
    title = "Per-class scores"
    ax = _axes(ax, (left + span + 0.3 + legend, 4.3 + down), title)
    positions, width = np.arange(evaluation.n_classes), 0.8 / len(metrics)
    colors = []
    for number, name in enumerate(metrics):
        offset = (number - (len(metrics) - 1) / 2) * width
        bars = ax.bar(positions + offset, report[name].to_numpy(), width, label=name)
        colors.append(bars.patches[0].get_facecolor())
    for name, color in zip(metrics, colors):
        macro = report[name].mean()  # the macro average: the mean over classes
        ax.axhline(macro, color=color, linestyle="--", label=f"{name} macro = {macro:.3f}")
    _set_class_ticks(ax.xaxis, names, font, rotate)
    ax.set_xlabel("Label" if evaluation.is_multilabel else "Class")
    ax.set_ylabel("Score")
    ax.set_ylim(min(0.0, float(report[metrics].min().min()) * 1.05), 1.0)  # scores to 1
    ax.set_title(title)
    ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1), borderaxespad=0, fontsize="small")
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
    title = f"{column} by decision threshold"
    ax = _axes(ax, title=title)
    # a threshold between two scores decides as the next score up: a step
    ax.plot(curve["threshold"], curve[column], drawstyle="steps-pre", label=column)
    ax.axvline(best, color="tab:green", linestyle="--",
               label=f"best: {best:.3g} ({column} {value:.3f})")
    ax.plot([best], [value], "o", color="tab:green")
    if evaluation.threshold is not None:  # a sum of parts of other thresholds has none
        ax.axvline(evaluation.threshold, color="tab:red", linestyle=":",
                   label=f"decision threshold: {evaluation.threshold:.3g}")
    ax.set_xlabel("Threshold")
    ax.set_ylabel(column)
    ax.set_title(title)
    ax.legend(loc="best", fontsize="small")
    return ax


def _positive_label(evaluation):
    """The class whose scores rank a binary problem: 1-D scores' positive class, or
    the second column's."""
    return evaluation.labels.tolist()[evaluation.state.scored.positive]


def _per_class(evaluation, curve, summary):
    """``(label, curve, summary)`` of each class of a score matrix, its column against
    the rest, from the rankings the metrics cache."""
    return [(label, curve(ranking), summary(ranking, f"Class {label!r}"))
            for ranking, label in zip(_score_metrics.class_rankings(evaluation.state),
                                      evaluation.labels.tolist())]


def _legend_outside(labels):
    """Whether a legend of ``labels`` goes right of its axes: more than LEGEND_INSIDE[0]
    entries, or one wider than LEGEND_INSIDE[1] inches."""
    return len(labels) > LEGEND_INSIDE[0] or _text_size(labels, "small")[0] > LEGEND_INSIDE[1]


def _unit_square(ax, made, title, xlabel, ylabel, legend, legend_title=None, beside=False):
    """The common frame of the curves: the unit square, labelled, with a legend inside at
    ``legend``, or at the square's right when it is long or wide (or ``beside``), in
    columns of at most LEGEND_ROWS entries; then the figure the library ``made`` is
    sized to hold it."""
    ax.set(xlim=(-0.01, 1.01), ylim=(-0.01, 1.01), aspect="equal", title=title,
           xlabel=xlabel, ylabel=ylabel)
    labels = ax.get_legend_handles_labels()[1]
    font = {"fontsize": "small", "title": legend_title, "title_fontsize": "small"}
    if not beside and not _legend_outside(labels):
        ax.legend(loc=legend, **font)
        return ax
    ax.set_anchor("W")  # the square at the left of its space, the legend beside it
    box = ax.legend(loc="upper left", bbox_to_anchor=(1.02, 1), borderaxespad=0,
                    ncol=math.ceil(len(labels) / LEGEND_ROWS), **font)
    if made:
        # constrained layout makes no room for the legend of a square (whose space is wider
        # than itself): the square is at most as tall as the figure less 0.7 inch (title,
        # ticks, axis label), with 0.7 inch at its left for its ticks and axis label
        figure = ax.figure
        width, height = box.get_window_extent().size / figure.dpi
        height = max(FIGURE_SIZE[1], height + 0.5)
        width = 0.7 + 1.02 * (height - 0.7) + width + 0.2
        figure.set_size_inches(max(figure.get_figwidth(), width), height)
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
    if _score_metrics.is_binary(evaluation.state, "plot_roc_curve"):
        fpr, tpr, _ = evaluation.roc_curve()
        curves = [(f"AUC = {evaluation.roc_auc_score():.3f}", fpr, tpr)]
        title = f"ROC curve (positive: {_positive_label(evaluation)})"
    else:
        classes = _per_class(evaluation, _ranking.roc_curve,
                             lambda ranking, what: _score_metrics.binary_auc(ranking, None, what))
        curves = [(f"{label} (AUC = {auc:.3f})", fpr, tpr)
                  for label, (fpr, tpr, _), auc in classes]
        title = "ROC curves (one-vs-rest)"
    chance = "Chance (AUC = 0.5)"
    made, ax = ax is None, _axes(ax, title=title)
    for label, fpr, tpr in curves:
        ax.plot(fpr, tpr, label=label)
    ax.plot([0, 1], [0, 1], color="gray", linestyle="--", label=chance)
    return _unit_square(ax, made, title, "False positive rate", "True positive rate",
                        "lower right")


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
    if _score_metrics.is_binary(evaluation.state, "plot_precision_recall_curve"):
        precision, recall, _ = evaluation.precision_recall_curve()
        curves = [(f"AP = {evaluation.average_precision_score():.3f}", precision, recall)]
        title = f"Precision-recall curve (positive: {_positive_label(evaluation)})"
    else:
        classes = _per_class(evaluation, _ranking.precision_recall_curve,
                             _score_metrics.binary_ap)
        curves = [(f"{label} (AP = {ap:.3f})", precision, recall)
                  for label, (precision, recall, _), ap in classes]
        title = "Precision-recall curves (one-vs-rest)"
    made, ax = ax is None, _axes(ax, title=title)
    for label, precision, recall in curves:
        ax.plot(recall, precision, drawstyle="steps-post", label=label)
    return _unit_square(ax, made, title, "Recall", "Precision", "lower left")


@share
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
    {{strategy}}
    ax : matplotlib Axes, default=None
        Where to draw; a new figure when None.

    Returns
    -------
    matplotlib Axes
        The curves are its first lines, in class order; the diagonal is the last.

    {{calibration_raises}}

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
    n_bins, strategy = _score_metrics.check_calibration(evaluation.state, query, n_bins, strategy)
    if _score_metrics.is_binary(evaluation.state, query):
        prob_true, prob_pred = evaluation.calibration_curve(n_bins=n_bins, strategy=strategy)
        ece = evaluation.expected_calibration_error(n_bins=n_bins, strategy=strategy)
        curves = [(f"ECE = {ece:.3f}", prob_true, prob_pred)]
        title = f"Calibration (positive: {_positive_label(evaluation)})"
    else:
        classes = _per_class(
            evaluation, lambda ranking: _ranking.calibration_bins(ranking, n_bins, strategy),
            lambda ranking, what: _ranking.calibration_error(ranking, n_bins, strategy))
        curves = [(f"{label} (ECE = {ece:.3f})", prob_true, prob_pred)
                  for label, (prob_true, prob_pred, _), ece in classes]
        title = "Calibration (one-vs-rest)"
    perfect, bins = "Perfectly calibrated", f"{n_bins} {strategy} bins"
    made, ax = ax is None, _axes(ax, title=title)
    for label, prob_true, prob_pred in curves:
        ax.plot(prob_pred, prob_true, "s-", label=label)
    ax.plot([0, 1], [0, 1], color="gray", linestyle="--", label=perfect)
    # curves per class cross the diagonal everywhere: their legend goes beside the square
    return _unit_square(ax, made, title, "Mean predicted probability", "Fraction of positives",
                        "upper left", bins, beside=len(curves) > 1)
