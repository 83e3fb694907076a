"""The plots render to PNG with the Agg backend and carry the right labels."""

import sys
import warnings

import matplotlib
import numpy as np
import pytest
from matplotlib import image
from matplotlib import pyplot as plt
from sklearn import calibration as sklearn_calibration
from sklearn import metrics as sklearn_metrics

from permetrics_lite import ClassificationMetric, UndefinedMetricWarning
from permetrics_lite.metrics import ranking as _ranking, score_metrics as _score_metrics

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


# ---------------------------------------------------------------------------
# Curves of scores: ROC, precision-recall and calibration
# ---------------------------------------------------------------------------

CLASSES = np.array(["bird", "cat", "dog"])


def binary_scores(n=300, seed=5):
    """String classes, 40 % "spam"; probabilities of "spam" rounded to two decimals (ties)."""
    rng = np.random.default_rng(seed)
    spam = rng.random(n) < 0.4
    scores = 1 / (1 + np.exp(-(rng.normal(size=n) + np.where(spam, 1.0, -0.8))))
    return np.where(spam, "spam", "ham"), scores.round(2)


def matrix_scores(n=300, seed=11):
    """Three classes and softmax probabilities, each row's true class favoured, rows repeated
    (ties)."""
    rng = np.random.default_rng(seed)
    codes = rng.integers(0, 3, n // 2)
    logits = rng.normal(size=(n // 2, 3)) + 1.2 * np.eye(3)[codes]
    probabilities = np.exp(logits) / np.exp(logits).sum(axis=1, keepdims=True)
    return CLASSES[np.tile(codes, 2)], np.tile(probabilities, (2, 1))


def xy(*columns):
    return np.column_stack(columns)


def legend(ax):
    return texts(ax.get_legend().get_texts())


def ece_oracle(is_positive, probability, n_bins):
    """Brute force: the sample-weighted mean |fraction positive - mean probability| of the
    uniform bins of scikit-learn's calibration_curve (right-closed, the first from 0)."""
    bins = np.digitize(probability, np.linspace(0, 1, n_bins + 1)[1:-1], right=True)
    return sum(np.sum(bins == b) / len(bins)
               * abs(is_positive[bins == b].mean() - probability[bins == b].mean())
               for b in np.unique(bins))


def test_roc_curve_of_binary_scores_is_the_curve_labelled_with_its_auc(tmp_path):
    y, scores = binary_scores()
    cm = ClassificationMetric.from_scores(y, scores)
    ax = cm.plot_roc_curve()
    rendered(ax, tmp_path)
    assert (ax.get_xlabel(), ax.get_ylabel()) == ("False positive rate", "True positive rate")
    assert ax.get_title() == "ROC curve (positive: spam)"
    fpr, tpr, _ = cm.roc_curve()
    np.testing.assert_array_equal(ax.lines[0].get_xydata(), xy(fpr, tpr))
    sk_fpr, sk_tpr, _ = sklearn_metrics.roc_curve(y == "spam", scores)
    np.testing.assert_allclose(ax.lines[0].get_xydata(), xy(sk_fpr, sk_tpr), rtol=1e-12)
    auc = sklearn_metrics.roc_auc_score(y == "spam", scores)
    assert cm.AUC() == pytest.approx(auc, rel=1e-12)
    assert legend(ax) == [f"AUC = {auc:.3f}", "Chance (AUC = 0.5)"]
    chance = ax.lines[-1]
    assert len(ax.lines) == 2 and chance.get_linestyle() == "--"
    np.testing.assert_array_equal(chance.get_xydata(), [[0, 0], [1, 1]])


def test_roc_curves_of_a_score_matrix_one_per_class(tmp_path):
    y, scores = matrix_scores()
    cm = ClassificationMetric.from_scores(y, scores)
    ax = cm.plot_roc_curve()
    rendered(ax, tmp_path)
    assert ax.get_title() == "ROC curves (one-vs-rest)" and len(ax.lines) == 4
    rankings, aucs = _score_metrics.class_rankings(cm.state), cm.AUC(average=None)
    labels = []
    for k, label in enumerate(CLASSES):
        fpr, tpr, _ = _ranking.roc_curve(rankings[k])
        np.testing.assert_array_equal(ax.lines[k].get_xydata(), xy(fpr, tpr))
        sk_fpr, sk_tpr, _ = sklearn_metrics.roc_curve(y == label, scores[:, k])
        np.testing.assert_allclose(ax.lines[k].get_xydata(), xy(sk_fpr, sk_tpr), rtol=1e-12)
        auc = sklearn_metrics.roc_auc_score(y == label, scores[:, k])
        assert aucs[label] == pytest.approx(auc, rel=1e-12)
        labels.append(f"{label} (AUC = {auc:.3f})")
    assert legend(ax) == labels + ["Chance (AUC = 0.5)"]


def test_roc_curves_of_decision_values_need_no_probabilities():
    y, scores = matrix_scores()
    decision = np.log(scores) * 3 + 1  # the same ranking of each column, not probabilities
    cm = ClassificationMetric.from_scores(y, decision)
    ax = cm.plot_roc_curve()
    for k, label in enumerate(CLASSES):
        sk_fpr, sk_tpr, _ = sklearn_metrics.roc_curve(y == label, decision[:, k])
        np.testing.assert_allclose(ax.lines[k].get_xydata(), xy(sk_fpr, sk_tpr), rtol=1e-12)
        auc = sklearn_metrics.roc_auc_score(y == label, decision[:, k])
        assert ax.lines[k].get_label() == f"{label} (AUC = {auc:.3f})"
    with pytest.raises(ValueError, match=r"plot_calibration needs probabilities"):
        cm.plot_calibration()


def test_two_column_matrix_is_binary_ranked_by_its_second_column():
    y, scores = binary_scores()
    matrix = ClassificationMetric.from_scores(y, np.column_stack([1 - scores, scores]))
    one_d = ClassificationMetric.from_scores(y, scores)
    for draw in ("plot_roc_curve", "plot_precision_recall_curve", "plot_calibration"):
        ax, reference = getattr(matrix, draw)(), getattr(one_d, draw)()
        assert legend(ax) == legend(reference) and ax.get_title() == reference.get_title()
        np.testing.assert_allclose(ax.lines[0].get_xydata(), reference.lines[0].get_xydata(),
                                   rtol=1e-12)


def test_weighted_roc_curve_is_scikit_learns():
    y, scores = binary_scores()
    weight = np.random.default_rng(2).integers(1, 5, len(y)) / 4
    ax = ClassificationMetric.from_scores(y, scores, sample_weight=weight).plot_roc_curve()
    sk_fpr, sk_tpr, _ = sklearn_metrics.roc_curve(y == "spam", scores, sample_weight=weight)
    np.testing.assert_allclose(ax.lines[0].get_xydata(), xy(sk_fpr, sk_tpr), rtol=1e-12)
    auc = sklearn_metrics.roc_auc_score(y == "spam", scores, sample_weight=weight)
    assert ax.lines[0].get_label() == f"AUC = {auc:.3f}"


def test_precision_recall_curve_of_binary_scores_is_a_step_plot_labelled_with_ap(tmp_path):
    y, scores = binary_scores()
    cm = ClassificationMetric.from_scores(y, 1 - scores, pos_label="ham")  # "ham", not "spam"
    ax = cm.plot_precision_recall_curve()
    rendered(ax, tmp_path)
    assert (ax.get_xlabel(), ax.get_ylabel()) == ("Recall", "Precision")
    assert ax.get_title() == "Precision-recall curve (positive: ham)" and len(ax.lines) == 1
    step = ax.lines[0]
    assert step.get_drawstyle() == "steps-post"
    precision, recall, _ = cm.precision_recall_curve()
    np.testing.assert_array_equal(step.get_xydata(), xy(recall, precision))
    sk_precision, sk_recall, _ = sklearn_metrics.precision_recall_curve(y == "ham", 1 - scores)
    np.testing.assert_allclose(step.get_xydata(), xy(sk_recall, sk_precision), rtol=1e-12)
    ap = sklearn_metrics.average_precision_score(y == "ham", 1 - scores)
    assert cm.APS() == pytest.approx(ap, rel=1e-12)
    assert legend(ax) == [f"AP = {ap:.3f}"]


def test_precision_recall_curves_of_a_score_matrix_one_per_class(tmp_path):
    y, scores = matrix_scores()
    cm = ClassificationMetric.from_scores(y, scores)
    ax = cm.plot_precision_recall_curve()
    rendered(ax, tmp_path)
    assert ax.get_title() == "Precision-recall curves (one-vs-rest)" and len(ax.lines) == 3
    rankings, aps = _score_metrics.class_rankings(cm.state), cm.APS(average=None)
    for k, label in enumerate(CLASSES):
        line = ax.lines[k]
        assert line.get_drawstyle() == "steps-post"
        precision, recall, _ = _ranking.precision_recall_curve(rankings[k])
        np.testing.assert_array_equal(line.get_xydata(), xy(recall, precision))
        sk_precision, sk_recall, _ = sklearn_metrics.precision_recall_curve(y == label,
                                                                            scores[:, k])
        np.testing.assert_allclose(line.get_xydata(), xy(sk_recall, sk_precision), rtol=1e-12)
        ap = sklearn_metrics.average_precision_score(y == label, scores[:, k])
        assert aps[label] == pytest.approx(ap, rel=1e-12)
        assert line.get_label() == f"{label} (AP = {ap:.3f})"


@pytest.mark.parametrize("n_bins, strategy", [(10, "uniform"), (5, "quantile"), (1, "uniform")])
def test_calibration_of_binary_scores_labelled_with_its_ece(tmp_path, n_bins, strategy):
    y, scores = binary_scores()
    cm = ClassificationMetric.from_scores(y, scores)
    ax = cm.plot_calibration(n_bins=n_bins, strategy=strategy)
    rendered(ax, tmp_path)
    assert (ax.get_xlabel(), ax.get_ylabel()) == ("Mean predicted probability",
                                                  "Fraction of positives")
    assert ax.get_title() == "Calibration (positive: spam)"
    assert ax.get_legend().get_title().get_text() == f"{n_bins} {strategy} bins"
    curve = ax.lines[0]
    assert curve.get_marker() == "s" and curve.get_linestyle() == "-"
    prob_true, prob_pred = cm.calibration_curve(n_bins=n_bins, strategy=strategy)
    np.testing.assert_array_equal(curve.get_xydata(), xy(prob_pred, prob_true))
    sk_true, sk_pred = sklearn_calibration.calibration_curve(y == "spam", scores, n_bins=n_bins,
                                                             strategy=strategy)
    np.testing.assert_allclose(curve.get_xydata(), xy(sk_pred, sk_true), rtol=1e-12)
    ece = cm.ECE(n_bins=n_bins, strategy=strategy)
    if strategy == "uniform":
        assert ece == pytest.approx(ece_oracle(y == "spam", scores, n_bins), rel=1e-12)
    assert legend(ax) == [f"ECE = {ece:.3f}", "Perfectly calibrated"]
    diagonal = ax.lines[-1]
    assert len(ax.lines) == 2 and diagonal.get_linestyle() == "--"
    np.testing.assert_array_equal(diagonal.get_xydata(), [[0, 0], [1, 1]])


def test_calibration_of_a_score_matrix_one_curve_per_column(tmp_path):
    y, scores = matrix_scores()
    cm = ClassificationMetric.from_scores(y, scores)
    ax = cm.plot_calibration(n_bins=8)
    rendered(ax, tmp_path)
    assert ax.get_title() == "Calibration (one-vs-rest)" and len(ax.lines) == 4
    curves = cm.calibration_curve(n_bins=8)
    labels = []
    for k, label in enumerate(CLASSES):
        prob_true, prob_pred = curves[label]
        np.testing.assert_array_equal(ax.lines[k].get_xydata(), xy(prob_pred, prob_true))
        sk_true, sk_pred = sklearn_calibration.calibration_curve(y == label, scores[:, k],
                                                                 n_bins=8)
        np.testing.assert_allclose(ax.lines[k].get_xydata(), xy(sk_pred, sk_true), rtol=1e-12)
        labels.append(f"{label} (ECE = {ece_oracle(y == label, scores[:, k], 8):.3f})")
    assert legend(ax) == labels + ["Perfectly calibrated"]


def test_curves_draw_on_the_given_axes():
    y, scores = binary_scores()
    cm = ClassificationMetric.from_scores(y, scores)
    figure, axes = plt.subplots(1, 4)
    assert cm.plot_roc_curve(ax=axes[0]) is axes[0]
    assert cm.plot_precision_recall_curve(ax=axes[1]) is axes[1]
    assert cm.plot_calibration(5, "quantile", ax=axes[2]) is axes[2]
    assert [len(ax.lines) for ax in axes] == [2, 1, 2, 0]
    assert len(plt.get_fignums()) == 1  # no other figure made


def test_class_without_samples_warns_at_the_caller_and_draws_nan():
    y, scores = matrix_scores()
    cm = ClassificationMetric.from_scores(y, np.column_stack([scores, np.zeros(len(y))]),
                                          labels=[*CLASSES, "eel"])
    expected = {  # the curve's warning, then its summary's, as the methods give them
        "plot_roc_curve": ("eel (AUC = nan)",
                           ["No positive samples in y_true: the positive rate is undefined",
                            "Class 'eel': y_true has samples of one side only"]),
        "plot_precision_recall_curve": ("eel (AP = 0.000)",
                                        ["No positive samples in y_true: recall is set to 1",
                                         "Class 'eel' has no samples in y_true"]),
    }
    for draw, (label, messages) in expected.items():
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            ax = getattr(cm, draw)()
        assert [w.category for w in caught] == [UndefinedMetricWarning] * 2
        assert [str(w.message)[:len(m)] for w, m in zip(caught, messages)] == messages
        assert {w.filename for w in caught} == {__file__}
        assert ax.lines[3].get_label() == label
        if draw == "plot_roc_curve":  # no true positive rate without positives
            assert np.isnan(ax.lines[3].get_ydata()).all()
        else:  # recall 1 (as scikit-learn sets it) and precision 0 until the end point
            np.testing.assert_array_equal(ax.lines[3].get_xydata()[[0, -2, -1]],
                                          [[1, 0], [1, 0], [0, 1]])


@pytest.mark.parametrize("draw", ["plot_roc_curve", "plot_precision_recall_curve",
                                  "plot_calibration"])
def test_curves_need_scores_and_name_the_method(draw):
    for evaluation in (ClassificationMetric(Y_TRUE, Y_PRED),
                       ClassificationMetric([[0, 1], [1, 1]], [[0, 1], [0, 1]])):
        with pytest.raises(ValueError, match=rf"^{draw} needs scores, and this evaluation has "
                                             r"none.*from_scores\(y_true, y_score\)"):
            getattr(evaluation, draw)()
    assert not plt.get_fignums()  # refused before drawing


def test_calibration_options_are_checked():
    y, scores = binary_scores()
    cm = ClassificationMetric.from_scores(y, scores)
    with pytest.raises(ValueError, match=r"n_bins must be >= 1; got 0"):
        cm.plot_calibration(n_bins=0)
    with pytest.raises(TypeError, match=r"n_bins must be an integer >= 1; got 2.5"):
        cm.plot_calibration(n_bins=2.5)
    with pytest.raises(ValueError, match=r"strategy must be one of .*got 'quantiles'"):
        cm.plot_calibration(strategy="quantiles")
    weighted = ClassificationMetric.from_scores(y, scores, sample_weight=np.full(len(y), 0.5))
    with pytest.raises(ValueError, match=r'^plot_calibration: strategy="quantile" bins'):
        weighted.plot_calibration(strategy="quantile")
    with pytest.raises(ValueError, match=r"plot_calibration needs probabilities, and y_score "
                                         r"holds values outside \[0, 1\]"):
        ClassificationMetric.from_scores(y, scores * 2 - 0.5).plot_calibration()
    assert not plt.get_fignums()


@pytest.mark.parametrize("draw", ["plot_roc_curve", "plot_precision_recall_curve",
                                  "plot_calibration"])
def test_missing_matplotlib_names_the_extra_for_curves(monkeypatch, draw):
    cm = ClassificationMetric.from_scores(*binary_scores())
    monkeypatch.setitem(sys.modules, "matplotlib.pyplot", None)  # import now raises ImportError
    with pytest.raises(ImportError, match=r"Plotting needs the optional dependency matplotlib"):
        getattr(cm, draw)()


# ---------------------------------------------------------------------------
# Layout: any number of classes, long labels
# ---------------------------------------------------------------------------

def long_labels(k):
    """k distinct class names of 40 characters, wide letters included."""
    names = [f"class {i:03d} WWMM with a long descriptive name"[:40] for i in range(k)]
    assert all(len(name) == 40 for name in names) and len(set(names)) == k
    return names


def long_label_evaluation(k):
    names = np.array(long_labels(k))
    codes = np.arange(3 * k) % k
    return ClassificationMetric(names[codes], names[np.roll(codes, 1)])


def outside(figure, texts):
    """The texts (or legends) drawn on the figure whose extents leave its box by more than a
    pixel."""
    renderer = figure.canvas.get_renderer()
    box = figure.bbox
    far = []
    for text in texts:
        name = text.get_text() if hasattr(text, "get_text") else type(text).__name__
        if not text.get_visible() or not name:
            continue
        extent = text.get_window_extent(renderer)
        if (extent.x0 < box.x0 - 1 or extent.y0 < box.y0 - 1
                or extent.x1 > box.x1 + 1 or extent.y1 > box.y1 + 1):
            far.append((name, extent.bounds))
    return far


def tick_labels(figure):
    """The tick labels drawn on the figure: those of ticks within their axis' view."""
    drawn = []
    for ax in figure.axes:
        for axis in (ax.xaxis, ax.yaxis):
            low, high = sorted(axis.get_view_interval())
            span = 1e-9 * (high - low)
            drawn += [label for location, label in zip(axis.get_majorticklocs(),
                                                       axis.get_majorticklabels())
                      if low - span <= location <= high + span]
    return drawn


@pytest.mark.parametrize("k", [3, 30, 60])  # 60: past the largest matrix side
@pytest.mark.parametrize("draw", ["plot_confusion_matrix", "plot_per_class"])
def test_long_labels_of_any_number_of_classes_stay_inside_the_figure(draw, k):
    cm = long_label_evaluation(k)
    ax = getattr(cm, draw)()
    figure = ax.figure
    assert figure.get_layout_engine() is not None  # constrained: the library made the figure
    figure.draw_without_rendering()  # the layout and every extent, no pixels
    assert texts(ax.get_xticklabels()) == long_labels(k)  # every class named
    assert outside(figure, tick_labels(figure)) == []
    others = [ax.title, ax.xaxis.label, ax.yaxis.label, *ax.texts]
    assert outside(figure, others) == []
    names = ax.get_xticklabels()
    if names[0].get_rotation() == 0:  # side by side and apart, or turned at the tick
        renderer = figure.canvas.get_renderer()
        extents = [name.get_window_extent(renderer) for name in names]
        assert all(left.x1 <= right.x0 for left, right in zip(extents, extents[1:]))
    else:
        assert all((name.get_rotation(), name.get_horizontalalignment(),
                    name.get_rotation_mode()) == (45, "right", "anchor") for name in names)


def long_label_scores(k, seed=7):
    """Probabilities of k classes named by long_labels, each row's true class favoured."""
    rng = np.random.default_rng(seed)
    codes = np.arange(6 * k) % k
    logits = rng.normal(size=(len(codes), k)) + 2 * np.eye(k)[codes]
    scores = np.exp(logits) / np.exp(logits).sum(axis=1, keepdims=True)
    return ClassificationMetric.from_scores(np.array(long_labels(k))[codes], scores)


@pytest.mark.parametrize("k", [2, 3, 40])
@pytest.mark.parametrize("draw", ["plot_roc_curve", "plot_precision_recall_curve",
                                  "plot_calibration"])
def test_curve_legends_of_any_number_of_classes_stay_inside_the_figure(draw, k):
    if k == 2:  # binary: the positive class' long name is in the title
        y, scores = binary_scores()
        names = long_labels(2)
        cm = ClassificationMetric.from_scores(np.where(y == "spam", names[1], names[0]), scores)
    else:
        cm = long_label_scores(k)
    ax = getattr(cm, draw)()
    figure = ax.figure
    figure.draw_without_rendering()  # the layout and every extent, no pixels
    legend = ax.get_legend()
    if k == 2:
        assert ax.get_title().endswith(f"(positive: {long_labels(2)[1]})")
    else:  # every class named, in a legend beside the square, not over the curves
        entries = texts(legend.get_texts())
        assert [entry[:40] for entry in entries[:k]] == long_labels(k)
        renderer = figure.canvas.get_renderer()
        assert legend.get_window_extent(renderer).x0 > ax.get_window_extent(renderer).x1
    assert outside(figure, [ax.title, ax.xaxis.label, ax.yaxis.label, legend,
                            *legend.get_texts(), *tick_labels(figure)]) == []


def test_figures_grow_with_the_classes_up_to_a_cap():
    def drawn(k, draw):
        codes = np.arange(2 * k)
        ax = getattr(ClassificationMetric(codes % k, (codes + 1) % k), draw)()
        size, font = tuple(ax.figure.get_size_inches()), ax.get_xticklabels()[0].get_fontsize()
        plt.close(ax.figure)
        return size, font

    for draw in ("plot_confusion_matrix", "plot_per_class"):
        (few, font), (some, _), (many, _), (more, small) = [drawn(k, draw)
                                                            for k in (3, 30, 60, 120)]
        assert few == pytest.approx((6.4, 4.8))  # matplotlib's default size for few classes
        assert few[0] < some[0] <= many[0]  # wider with more classes, up to a cap
        assert more[0] == pytest.approx(many[0], abs=0.25)  # (the names' margin aside)
        assert small < font == matplotlib.rcParams["font.size"]  # smaller names when crowded


def test_given_axes_keep_their_figure_size_and_layout():
    cm = ClassificationMetric(long_labels(3) * 2, long_labels(3)[::-1] * 2)
    scored = long_label_scores(20)
    for layout in (None, "tight", "constrained"):
        figure, axes = plt.subplots(2, 3, figsize=(9, 6), layout=layout)
        engine = figure.get_layout_engine()
        cm.plot_confusion_matrix(ax=axes[0, 0])
        cm.plot_per_class(ax=axes[0, 1])
        scored.plot_roc_curve(ax=axes[0, 2])
        scored.plot_precision_recall_curve(ax=axes[1, 0])
        scored.plot_calibration(ax=axes[1, 1])
        assert figure.get_layout_engine() is engine
        assert tuple(figure.get_size_inches()) == (9, 6)
        names = axes[0, 0].get_xticklabels()  # class names turned at the tick all the same
        assert [(name.get_rotation(), name.get_horizontalalignment(), name.get_rotation_mode())
                for name in names] == [(45, "right", "anchor")] * 3
        assert len(plt.get_fignums()) == 1  # no other figure made
        plt.close(figure)


def test_per_class_bars_reach_1_with_their_legend_beside_them():
    cm = ClassificationMetric([0, 1, 2, 1, 0, 2], [0, 1, 1, 1, 0, 2])
    ax = cm.plot_per_class(("precision", "recall", "f1"))
    figure = ax.figure
    figure.draw_without_rendering()
    assert ax.get_ylim() == (0.0, 1.0)  # scores end at 1, no headroom
    renderer = figure.canvas.get_renderer()
    legend = ax.get_legend()
    assert legend.get_window_extent(renderer).x0 > ax.get_window_extent(renderer).x1
    assert outside(figure, [legend, *legend.get_texts(), *tick_labels(figure)]) == []
    plt.close(figure)


@pytest.mark.parametrize("draw", ["plot_confusion_matrix", "plot_per_class"])
def test_short_class_names_stay_level_however_many(draw):
    codes = np.arange(40) % 10
    ax = getattr(ClassificationMetric(codes, (codes + 1) % 10), draw)()
    names = ax.get_xticklabels()
    assert texts(names) == [str(k) for k in range(10)]
    assert {name.get_rotation() for name in names} == {0.0}
    figure = ax.figure
    figure.draw_without_rendering()
    renderer = figure.canvas.get_renderer()
    extents = [name.get_window_extent(renderer) for name in names]
    assert all(left.x1 <= right.x0 for left, right in zip(extents, extents[1:]))
    plt.close(figure)


def test_the_calibration_curves_of_each_class_have_their_legend_beside_the_square():
    cm = ClassificationMetric.from_scores(["a", "b", "c"] * 6,
                                          np.eye(3)[[0, 1, 2, 1, 2, 0] * 3] * 0.7 + 0.1)
    ax = cm.plot_calibration(n_bins=4)
    figure = ax.figure
    figure.draw_without_rendering()
    renderer = figure.canvas.get_renderer()
    legend = ax.get_legend()
    assert legend.get_window_extent(renderer).x0 > ax.get_window_extent(renderer).x1
    assert outside(figure, [legend, *legend.get_texts()]) == []
    plt.close(figure)
