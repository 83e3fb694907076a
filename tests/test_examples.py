"""Every script in examples/ runs, prints, and gives the numbers its docs promise."""

import runpy
import warnings
from pathlib import Path

import numpy as np
import pytest
from scipy import stats
from matplotlib import image
from sklearn import metrics as sklearn_metrics

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
STATIC = EXAMPLES.parent / "docs" / "_static"


def run(name, capsys):
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # an example must not leave a warning to its reader
        namespace = runpy.run_path(str(EXAMPLES / name), run_name="__main__")
    return namespace, capsys.readouterr().out


def test_every_example_is_tested():
    tested = {"accuracy.py", "per_class_accuracy.py", "accuracy_paradox.py",
              "multilabel.py", "quickstart.py", "spam_filter.py", "streaming.py",
              "threshold_choice.py", "top_k.py", "plots.py", "intervals.py", "groups.py", "comparison.py",
              "score_metrics.py", "auc_uncertainty.py"}
    assert {path.name for path in EXAMPLES.glob("*.py")} == tested


def test_accuracy(capsys):
    ns, out = run("accuracy.py", capsys)
    assert ns["accuracy"] == pytest.approx(4 / 6)
    assert ns["n_correct"] == 4 and type(ns["n_correct"]) is int
    assert ns["weighted_accuracy"] == pytest.approx(4 / 15)
    assert "accuracy:          0.6667" in out
    assert "correct samples:   4 of 6" in out
    assert "weighted accuracy: 0.2667" in out


def test_per_class_accuracy(capsys):
    ns, out = run("per_class_accuracy.py", capsys)
    assert ns["accuracy"] == pytest.approx(3 / 9)
    assert ns["class_1_accuracy"] == pytest.approx(5 / 9)
    assert ns["average_per_class"] == pytest.approx(5 / 9)
    assert ns["balanced"] == pytest.approx((2 / 5 + 1 / 3 + 0) / 3)
    assert "accuracy (AS):                   0.3333" in out
    assert "class 1: 0.5556" in out
    assert "average per-class accuracy (PCA): 0.5556" in out
    assert "balanced accuracy (BAS):          0.2444" in out


def test_accuracy_paradox(capsys):
    ns, out = run("accuracy_paradox.py", capsys)
    assert ns["accuracy"] == pytest.approx(0.999)
    assert ns["balanced"] == 0.5
    assert ns["attack_accuracy"] == pytest.approx(0.999)
    assert ns["attack_recall"] == 0.0
    assert "accuracy:                       0.9990" in out
    assert "balanced accuracy:              0.5000" in out


def test_multilabel(capsys):
    ns, out = run("multilabel.py", capsys)
    assert ns["subset_accuracy"] == 0.5
    assert ns["per_label"] == pytest.approx({"spam": 5 / 6, "urgent": 5 / 6, "invoice": 5 / 6})
    assert ns["mean_label_accuracy"] == pytest.approx(5 / 6)
    assert "subset accuracy:                0.5000" in out


def test_quickstart(capsys):
    ns, out = run("quickstart.py", capsys)
    assert ns["cm"].n_samples == 600 and ns["cm"].n_classes == 5
    assert ns["summary"]["AS"] == pytest.approx(0.825)
    assert ns["report"].loc["other", "recall"] == pytest.approx(7 / 27)
    counts = ns["report"]["support"]
    assert ns["test"].no_information_rate == counts.max() / 600 == 166 / 600
    assert ns["test"].pvalue == pytest.approx(
        stats.binomtest(495, 600, 166 / 600, alternative="greater").pvalue, rel=1e-12)
    assert out.startswith("Classification of 600 samples in 5 classes\n")
    assert "Accuracy : 0.8250     95% CI (0.7922, 0.8546), Clopper-Pearson" in out
    assert "accuracy 0.825 against a no-information rate of 0.277: p = 3.2e-172" in out


def test_spam_filter(capsys):
    ns, out = run("spam_filter.py", capsys)
    tp, fn, fp, tn = 6, 2, 1, 11
    assert ns["scores"] == pytest.approx({
        "PS": tp / (tp + fp), "RS": tp / (tp + fn), "F1S": 2 * tp / (2 * tp + fn + fp),
        "F2S": 5 * tp / (5 * tp + 4 * fn + fp), "SS": tn / (tn + fp), "NPV": tn / (tn + fn),
        "MCC": (tp * tn - fp * fn) / ((tp + fp) * (tp + fn) * (tn + fp) * (tn + fn)) ** 0.5,
        "CKS": (17 / 20 - 0.53) / (1 - 0.53),  # observed 17/20, chance (7*8 + 13*12) / 400
    })
    assert ns["ham_recall"] == pytest.approx(tn / (tn + fp))
    assert "PS   0.8571" in out and "MCC  0.6847" in out
    assert "recall of ham: 0.9167" in out


def test_streaming(capsys):
    ns, out = run("streaming.py", capsys)
    true, pred = map(np.concatenate, zip(*map(ns["one_day"], range(7))))
    accuracy = np.mean(true == pred)  # brute force over the 70,000 samples
    assert ns["week"].n_samples == 70_000 and ns["week"].AS() == pytest.approx(accuracy)
    assert ns["truck_recall"] == pytest.approx(np.mean(pred[true == "truck"] == "truck"))
    assert ns["paper_accuracy"] == 0.85 and ns["paper_sensitivity"] == 0.875
    assert f"accuracy {accuracy:.4f}" in out
    assert "paper: accuracy 0.850, sensitivity 0.875" in out



def test_threshold_choice(capsys):
    ns, out = run("threshold_choice.py", capsys)
    weights, bias = ns["weights"], ns["bias"]
    # the model is fitted: the log loss gradient vanishes at its weights
    x, is_fraud = ns["x_train"], ns["y_train"] == "fraud"
    error = ns["predict_proba"](x, weights, bias) - is_fraud
    assert np.abs(x.T @ error / len(error)).max() < 1e-3 and abs(error.mean()) < 1e-3
    # brute force on validation: balanced accuracy at every distinct score
    scores, fraud = ns["predict_proba"](ns["x_valid"], weights, bias), ns["y_valid"] == "fraud"
    balanced = {t: ((scores >= t)[fraud].mean() + (scores < t)[~fraud].mean()) / 2
                for t in np.unique(scores)}
    best = max(balanced.values())
    assert ns["valid_balanced"] == pytest.approx(best)
    assert ns["threshold"] == min(t for t, value in balanced.items() if value == pytest.approx(best))
    # test set: the recall each threshold gives, counted directly
    test_scores, test_fraud = ns["test_scores"], ns["y_test"] == "fraud"
    assert ns["default_recall"] == pytest.approx((test_scores >= 0.5)[test_fraud].mean())
    assert ns["chosen_recall"] == pytest.approx((test_scores >= ns["threshold"])[test_fraud].mean())
    assert ns["chosen_recall"] > ns["default_recall"] + 0.3
    assert ns["chosen_balanced"] > ns["default_balanced"] + 0.1
    assert (f"best balanced accuracy {ns['valid_balanced']:.3f} at threshold "
            f"{ns['threshold']:.3f}") in out
    assert f"{ns['chosen_recall']:12.3f}" in out


def test_top_k(capsys):
    ns, out = run("top_k.py", capsys)
    probabilities, y_true = ns["probabilities"], ns["y_true"]
    own = probabilities[np.arange(len(y_true)), y_true]
    ranks = (probabilities > own[:, None]).sum(axis=1)  # continuous scores: no ties
    for k, value in ns["top_k"].items():
        assert value == pytest.approx(np.mean(ranks < k))
        assert f"top-{k:<2d} accuracy: {value:.4f}" in out
    assert ns["accuracy"] == ns["top_k"][1] == pytest.approx(np.mean(probabilities.argmax(1) == y_true))
    assert ns["top_k"][10] == 1.0
    assert ns["top_k"][5] == pytest.approx(sklearn_metrics.top_k_accuracy_score(y_true, probabilities, k=5))


def test_plots(tmp_path):
    ns = runpy.run_path(str(EXAMPLES / "plots.py"), run_name="example")
    paths = ns["save_plots"](tmp_path)
    assert [path.name for path in paths] == ["confusion_matrix.png", "per_class.png",
                                            "threshold_curve.png"]
    for path in paths:
        pixels = image.imread(path)
        assert pixels.std() > 0.01  # drawn, not blank
        # the docs show these pictures: the committed copies have the same size
        assert image.imread(STATIC / path.name).shape == pixels.shape


def test_intervals(capsys):
    from statsmodels.stats.proportion import proportion_confint

    ns, out = run("intervals.py", capsys)
    assert list(ns["small_ci"][1:]) == pytest.approx(proportion_confint(180, 200, method="wilson"),
                                                     rel=1e-12)
    assert list(ns["large_ci"][1:]) == pytest.approx(
        proportion_confint(18000, 20000, method="wilson"), rel=1e-12)
    assert "   200 samples: [0.8506, 0.9343]" in out
    assert "20,000 samples: [0.8958, 0.9041]" in out
    tickets = ns["tickets"]
    right = int((tickets["true"] == tickets["pred"]).sum())
    assert right == 495
    assert list(ns["accuracy"][1:]) == pytest.approx(
        proportion_confint(right, 600, method="beta"), rel=1e-12)
    assert "accuracy  0.8250  [0.7922, 0.8546]  Clopper-Pearson" in out
    other = tickets[tickets["true"] == "other"]
    assert (other["pred"] == "other").sum() == 7 and len(other) == 27
    assert "recall of other      0.2593  [0.1317, 0.4468]  Wilson" in out
    mcc = ns["mcc"]
    assert mcc.estimate == pytest.approx(sklearn_metrics.matthews_corrcoef(
        tickets["true"], tickets["pred"]), rel=1e-12)
    assert mcc.low < mcc.estimate < mcc.high and mcc.high - mcc.low < 0.1
    assert "MCC       0.7720  [0.7322, 0.8101]  bootstrap" in out
    assert "macro F1  0.7337  [0.6939, 0.7794]  BCa" in out


def test_groups(capsys):
    import functools

    from fairlearn.metrics import MetricFrame

    ns, out = run("groups.py", capsys)
    tickets, channel = ns["tickets"], ns["channel"]
    reference = MetricFrame(
        metrics={"AS": sklearn_metrics.accuracy_score,
                 "BAS": sklearn_metrics.balanced_accuracy_score,
                 "F1S": functools.partial(sklearn_metrics.f1_score, average="macro")},
        y_true=tickets["true"], y_pred=tickets["pred"], sensitive_features=channel)
    np.testing.assert_allclose(ns["table"].to_numpy(), reference.by_group.to_numpy(dtype=float),
                               rtol=1e-12)
    np.testing.assert_allclose(ns["gaps"].to_numpy(),
                               reference.difference().to_numpy(dtype=float), rtol=1e-12)
    np.testing.assert_allclose(ns["ratios"].to_numpy(), reference.ratio().to_numpy(dtype=float),
                               rtol=1e-12)
    assert "email  0.8233  0.7174  0.7186" in out
    assert "phone  0.8267  0.7461  0.7448" in out
    assert "BAS    0.0287" in out and "BAS    0.9616" in out


def test_comparison(capsys):
    from statsmodels.stats.contingency_tables import mcnemar

    ns, out = run("comparison.py", capsys)
    true = ns["tickets"]["true"].to_numpy()
    a, b = ns["model_a"], ns["model_b"]
    table = [[int(((a == true) & (b == true)).sum()), int(((a == true) & (b != true)).sum())],
             [int(((a != true) & (b == true)).sum()), int(((a != true) & (b != true)).sum())]]
    assert ns["exact"].table.tolist() == table == [[488, 7], [3, 102]]
    assert ns["exact"].pvalue == pytest.approx(mcnemar(table, exact=True).pvalue, rel=1e-12)
    # 2 P(X <= 3) - P(X = 3) for X ~ B(10, 1/2): (2 * 176 - 120) / 1024
    assert ns["mid_p"].pvalue == pytest.approx((2 * 176 - 120) / 1024, rel=1e-12)
    assert "accuracy of A: 0.8250, of B: 0.8183" in out
    assert "both right 488, only A 7, only B 3, neither 102" in out
    assert "exact McNemar p-value: 0.3438" in out and "mid-p McNemar p-value: 0.2266" in out


def expected_calibration_error(correct, confidence, n_bins=10):
    """Brute force: the sample-weighted mean |accuracy - mean confidence| over the uniform
    bins of sklearn.calibration.calibration_curve (right-closed, the first from 0)."""
    bins = np.digitize(confidence, np.linspace(0, 1, n_bins + 1)[1:-1], right=True)
    return sum(np.mean(bins == b) * abs(correct[bins == b].mean() - confidence[bins == b].mean())
               for b in np.unique(bins))


def test_score_metrics(capsys, monkeypatch, tmp_path):
    from matplotlib import pyplot as plt
    from sklearn.preprocessing import label_binarize

    monkeypatch.setattr("sys.argv", ["score_metrics.py", str(tmp_path)])
    ns, out = run("score_metrics.py", capsys)
    # binary: the probability of "malignant", predict_proba's second column
    y, scores = ns["cancer_y"], ns["cancer_scores"]
    assert list(ns["cancer_model"].classes_) == ["benign", "malignant"]
    assert ns["positive"] == "malignant" and len(y) == 171
    malignant = y == "malignant"
    assert np.array_equal(scores, ns["cancer_model"].predict_proba(ns["cancer_x"])[:, 1])
    binary = {
        "AUC": sklearn_metrics.roc_auc_score(malignant, scores),
        "APS": sklearn_metrics.average_precision_score(malignant, scores),
        "LL": sklearn_metrics.log_loss(malignant, scores),
        "BSL": sklearn_metrics.brier_score_loss(malignant, scores),
        "ECE": expected_calibration_error(malignant, scores),
    }
    assert ns["binary"] == pytest.approx(binary, rel=1e-9)
    for name, value in binary.items():
        assert f"  {name:<8} {value:.4f}" in out
    recall = sklearn_metrics.recall_score(malignant, scores >= 0.5)
    assert f"recall of malignant at threshold 0.5: {recall:.4f}" in out
    # multiclass: the probability matrix, columns in the model's class order
    y, matrix, classes = ns["digits_y"], ns["digits_scores"], ns["digits_model"].classes_
    assert list(classes) == list(range(10)) and matrix.shape == (540, 10)
    predicted = classes[matrix.argmax(axis=1)]
    multiclass = {
        "AUC ovr": sklearn_metrics.roc_auc_score(y, matrix, multi_class="ovr", labels=classes),
        "AUC ovo": sklearn_metrics.roc_auc_score(y, matrix, multi_class="ovo", labels=classes),
        "APS": sklearn_metrics.average_precision_score(label_binarize(y, classes=classes), matrix),
        "LL": sklearn_metrics.log_loss(y, matrix, labels=classes),
        "BSL": sklearn_metrics.brier_score_loss(y, matrix, labels=classes),
        "ECE": expected_calibration_error(predicted == y, matrix.max(axis=1)),
    }
    assert ns["multiclass"] == pytest.approx(multiclass, rel=1e-9)
    for name, value in multiclass.items():
        assert f"  {name:<8} {value:.4f}" in out
    accuracy = sklearn_metrics.accuracy_score(y, predicted)
    assert f"accuracy {accuracy:.4f}" in out
    summary = ns["summary"]
    assert summary["AS"] == pytest.approx(accuracy)
    assert summary["AUC"] == pytest.approx(multiclass["AUC ovr"], rel=1e-9)
    assert summary["LL"] == pytest.approx(multiclass["LL"], rel=1e-9)
    assert summary["F1S_macro"] == pytest.approx(
        sklearn_metrics.f1_score(y, predicted, average="macro"), rel=1e-9)
    # the plots: saved in the directory given, and drawn from the same curves
    path = tmp_path / "score_plots.png"
    assert f"saved {path}" in out and image.imread(path).std() > 0.01
    figure = ns["draw_plots"]()
    try:
        roc, pr, calibration = figure.axes[:3]
        fpr, tpr, _ = sklearn_metrics.roc_curve(malignant, scores)
        np.testing.assert_allclose(roc.lines[0].get_xydata(), np.column_stack([fpr, tpr]),
                                   rtol=1e-12)
        assert roc.lines[0].get_label() == f"AUC = {binary['AUC']:.3f}"
        assert pr.lines[0].get_label() == f"AP = {binary['APS']:.3f}"
        assert calibration.lines[0].get_label() == f"ECE = {binary['ECE']:.3f}"
        digits_roc = figure.axes[3]
        assert len(digits_roc.lines) == 11  # ten classes and the chance diagonal
        fpr, tpr, _ = sklearn_metrics.roc_curve(y == 7, matrix[:, 7])
        np.testing.assert_allclose(digits_roc.lines[7].get_xydata(), np.column_stack([fpr, tpr]),
                                   rtol=1e-12)
    finally:
        plt.close(figure)


def test_auc_uncertainty(capsys):
    from statistics import NormalDist

    from tests.oracles import delong_placements

    ns, out = run("auc_uncertainty.py", capsys)
    y = ns["y_test"].tolist()
    assert (y.count(1), y.count(0)) == (106, 179)  # the 285 test tumours, 106 malignant
    # each interval and the paired test from every (malignant, benign) pair of scores
    (pa, na), (pb, nb) = (delong_placements(y, ns[name].tolist())
                          for name in ("all_features", "five_features"))
    z95 = NormalDist().inv_cdf(0.975)
    for name, (v10, v01), ci in (("all_features", (pa, na), ns["full"]),
                                 ("five_features", (pb, nb), ns["small"])):
        assert ci.estimate == pytest.approx(sklearn_metrics.roc_auc_score(y, ns[name]), rel=1e-12)
        error = np.sqrt(np.var(v10, ddof=1) / len(v10) + np.var(v01, ddof=1) / len(v01))
        assert (ci.low, ci.high) == pytest.approx(
            (ci.estimate - z95 * error, min(1.0, ci.estimate + z95 * error)), rel=1e-12)
    difference = np.mean(pa) - np.mean(pb)
    variance = (np.var(np.subtract(pa, pb), ddof=1) / len(pa)
                + np.var(np.subtract(na, nb), ddof=1) / len(na))
    z = difference / np.sqrt(variance)
    test = ns["test"]
    assert test.difference == pytest.approx(difference, rel=1e-12)
    assert test.statistic == pytest.approx(z, rel=1e-9)
    assert test.pvalue == pytest.approx(2 * (1 - NormalDist().cdf(abs(z))), rel=1e-9)
    assert "AUC, 30 features: 0.9915 (95% CI 0.9840 to 0.9989)" in out
    assert "AUC,  5 features: 0.9747 (95% CI 0.9602 to 0.9892)" in out
    assert "difference: 0.0168 (95% CI 0.0061 to 0.0274), z = 3.09, p = 0.00197" in out
