"""The plots render to PNG with the Agg backend and carry the right labels."""

import sys

import matplotlib
import numpy as np
import pytest
from matplotlib import image
from matplotlib import pyplot as plt

from permetrics_lite import ClassificationMetric

matplotlib.use("Agg")  # no display: render to files

Y_TRUE = ["cat", "dog", "dog", "bird", "cat", "dog"]
Y_PRED = ["cat", "cat", "dog", "bird", "dog", "dog"]


@pytest.fixture(autouse=True)
def close_figures():
    yield
    plt.close("all")


def rendered(ax, tmp_path):
    """Save the figure as PNG; return its pixels (RGBA, floats in [0, 1])."""
    path = tmp_path / "plot.png"
    ax.figure.savefig(path)
    assert path.stat().st_size > 1000
    pixels = image.imread(path)
    assert pixels.std() > 0.01  # not a blank canvas
    return pixels


def texts(labels):
    return [label.get_text() for label in labels]


def test_confusion_matrix_heat_map(tmp_path):
    cm = ClassificationMetric(Y_TRUE, Y_PRED)
    ax = cm.plot_confusion_matrix()
    rendered(ax, tmp_path)
    assert ax.get_xlabel() == "Predicted label" and ax.get_ylabel() == "True label"
    assert texts(ax.get_xticklabels()) == texts(ax.get_yticklabels()) == ["bird", "cat", "dog"]
    assert [int(t.get_text()) for t in ax.texts] == cm.CM().ravel().tolist()
    assert np.array_equal(ax.images[0].get_array(), cm.CM())


def test_normalized_confusion_matrix_on_given_axes(tmp_path):
    cm = ClassificationMetric(Y_TRUE, Y_PRED)
    figure, axes = plt.subplots(1, 2)
    ax = cm.plot_confusion_matrix(normalize="true", ax=axes[1])
    assert ax is axes[1] and not axes[0].images
    rendered(ax, tmp_path)
    assert ax.get_title() == "Confusion matrix (normalized: true)"
    assert [t.get_text() for t in ax.texts] == [f"{v:.2f}" for v in cm.CM(normalize="true").ravel()]


def test_per_class_bars_and_macro_lines(tmp_path):
    cm = ClassificationMetric(Y_TRUE, Y_PRED)
    ax = cm.plot_per_class(("accuracy", "recall", "f1"))
    rendered(ax, tmp_path)
    assert texts(ax.get_xticklabels()) == ["bird", "cat", "dog"]
    assert ax.get_ylabel() == "Score" and ax.get_xlabel() == "Class"
    heights = [[bar.get_height() for bar in bars] for bars in ax.containers]
    assert heights == [list(cm.PCA().values()), list(cm.RS(average=None).values()),
                       list(cm.F1S(average=None).values())]
    macro = {line.get_label(): line.get_ydata()[0] for line in ax.lines}
    assert macro == {f"accuracy macro = {cm.PCA(average='macro'):.3f}": cm.PCA(average="macro"),
                     f"recall macro = {cm.RS(average='macro'):.3f}": cm.RS(average="macro"),
                     f"f1 macro = {cm.F1S(average='macro'):.3f}": cm.F1S(average="macro")}


def test_per_class_of_multilabel_input_has_one_group_per_label(tmp_path):
    cm = ClassificationMetric([[0, 1], [1, 1], [0, 0]], [[0, 1], [0, 1], [1, 0]],
                              labels=["spam", "urgent"])
    ax = cm.plot_per_class("recall")
    rendered(ax, tmp_path)
    assert texts(ax.get_xticklabels()) == ["spam", "urgent"] and ax.get_xlabel() == "Label"
    with pytest.raises(ValueError, match=r"plot_confusion_matrix is not defined for multilabel"):
        cm.plot_confusion_matrix()


def test_threshold_curve_marks_the_best_and_the_decision_threshold(tmp_path):
    cm = ClassificationMetric.from_scores([0, 0, 1, 1, 0, 1], [0.1, 0.4, 0.35, 0.8, 0.6, 0.7])
    ax = cm.plot_threshold_curve("F1S")
    rendered(ax, tmp_path)
    assert ax.get_xlabel() == "Threshold" and ax.get_ylabel() == "f1"
    curve, (best, value) = cm.threshold_curve(), cm.best_threshold("F1S")
    step = ax.lines[0]
    assert step.get_drawstyle() == "steps-pre"
    assert np.array_equal(step.get_xdata(), curve["threshold"])
    assert np.array_equal(step.get_ydata(), curve["f1"])
    marked = [line.get_xdata()[0] for line in ax.lines[1:] if line.get_linestyle() != "None"]
    assert best in marked and 0.5 in marked
    assert texts(ax.get_legend().get_texts()) == [
        "f1", f"best: {best:.3g} (f1 {value:.3f})", "decision threshold: 0.5"]


def test_plot_options_are_checked():
    cm = ClassificationMetric(Y_TRUE, Y_PRED)
    with pytest.raises(ValueError, match=r"metrics must be one of .*got 'recal'. Did you mean 'recall'"):
        cm.plot_per_class(["recal"])
    with pytest.raises(ValueError, match=r"metrics is empty"):
        cm.plot_per_class([])
    with pytest.raises(ValueError, match=r"normalize must be one of"):
        cm.plot_confusion_matrix(normalize="rows")
    with pytest.raises(ValueError, match=r"threshold_curve needs 1-D binary scores"):
        cm.plot_threshold_curve()


def test_missing_matplotlib_names_the_extra(monkeypatch):
    monkeypatch.setitem(sys.modules, "matplotlib.pyplot", None)  # import now raises ImportError
    with pytest.raises(ImportError, match=r"Plotting needs the optional dependency matplotlib; "
                                          r"install it with pip install 'permetrics_lite\[plot\]'"):
        ClassificationMetric(Y_TRUE, Y_PRED).plot_confusion_matrix()


def test_confusion_matrix_annotations_follow_the_values_and_stop_at_30_classes():
    weighted = ClassificationMetric(Y_TRUE, Y_PRED, sample_weight=[0.5, 1, 1, 2, 1, 1.25])
    ax = weighted.plot_confusion_matrix()
    assert [t.get_text() for t in ax.texts] == [f"{v:.3g}" for v in weighted.CM().ravel()]
    codes = np.arange(31)
    many = ClassificationMetric(codes, np.roll(codes, 1))
    ax = many.plot_confusion_matrix()
    assert not ax.texts and len(ax.get_xticklabels()) == 31
