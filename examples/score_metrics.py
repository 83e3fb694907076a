"""Scores of real classifiers: ranking, probability and calibration metrics, and their plots.

Two scikit-learn data sets, each split 70/30 and fitted with a logistic
regression on standardised features:

* breast cancer (binary): the 1-D probability of "malignant", the second of
  the sorted classes (``model.classes_[1]``, the second column of
  ``predict_proba``), passed as ``pos_label``;
* handwritten digits (ten classes): the whole ``predict_proba`` matrix, its
  columns in the order of ``model.classes_``.

``from_scores`` keeps the scores, so one evaluation answers the label metrics
(from the predictions its scores make) and the score metrics: ROC AUC,
average precision, log loss, Brier score and expected calibration error.
Needs scikit-learn, and matplotlib (the extra ``plot``) for the plots.

Run: python examples/score_metrics.py [OUTPUT_DIRECTORY]
(with a directory, the six plots are saved there as score_plots.png)
"""

import sys
from pathlib import Path

import matplotlib

matplotlib.use("Agg")  # files only, no window
import matplotlib.pyplot as plt  # noqa: E402 - after choosing the backend
from sklearn.datasets import load_breast_cancer, load_digits  # noqa: E402
from sklearn.linear_model import LogisticRegression  # noqa: E402
from sklearn.model_selection import train_test_split  # noqa: E402
from sklearn.pipeline import make_pipeline  # noqa: E402
from sklearn.preprocessing import StandardScaler  # noqa: E402

from permetrics_lite import ClassificationMetric  # noqa: E402


def fitted(load):
    """A fitted model and its test set: class names as labels, 30 % held out."""
    data = load()
    y = data.target_names[data.target]  # names, not codes: "malignant", "benign"
    x_train, x_test, y_train, y_test = train_test_split(
        data.data, y, test_size=0.3, stratify=y, random_state=0)
    model = make_pipeline(StandardScaler(), LogisticRegression()).fit(x_train, y_train)
    return model, x_test, y_test


# Binary: the probability of "malignant", the second column of predict_proba
cancer_model, cancer_x, cancer_y = fitted(load_breast_cancer)
positive = str(cancer_model.classes_[1])  # "malignant": classes_ are sorted
cancer_scores = cancer_model.predict_proba(cancer_x)[:, 1]
cancer = ClassificationMetric.from_scores(cancer_y, cancer_scores, pos_label=positive)
binary = {"AUC": cancer.AUC(), "APS": cancer.APS(), "LL": cancer.LL(), "BSL": cancer.BSL(),
          "ECE": cancer.ECE()}
print(f"breast cancer, {cancer.n_samples} test samples, positive class {positive!r}")
for name, value in binary.items():
    print(f"  {name:<8} {value:.4f}")
print(f"  recall of {positive} at threshold 0.5: {cancer.RS():.4f}")

# Multiclass: the whole probability matrix, columns in the model's class order
digits_model, digits_x, digits_y = fitted(load_digits)
digits_scores = digits_model.predict_proba(digits_x)
digits = ClassificationMetric.from_scores(digits_y, digits_scores, labels=digits_model.classes_)
multiclass = {"AUC ovr": digits.AUC(), "AUC ovo": digits.AUC(multi_class="ovo"),
              "APS": digits.APS(), "LL": digits.LL(), "BSL": digits.BSL(), "ECE": digits.ECE()}
print(f"digits, {digits.n_samples} test samples, {digits.n_classes} classes")
for name, value in multiclass.items():
    print(f"  {name:<8} {value:.4f}")
print(f"  accuracy {digits.AS():.4f}")

# summary(): the label metrics and, for scores, AUC, APS, LL and BSL, in one table
summary = digits.summary()["value"]
print(summary.to_string())


def draw_plots():
    """The three plots of each evaluation: binary on top, multiclass below."""
    figure, axes = plt.subplots(2, 3, figsize=(16, 10), layout="constrained")
    for row, evaluation in zip(axes, (cancer, digits)):
        evaluation.plot_roc_curve(ax=row[0])
        evaluation.plot_precision_recall_curve(ax=row[1])
        evaluation.plot_calibration(n_bins=10, ax=row[2])
    return figure


if __name__ == "__main__":
    figure = draw_plots()
    if len(sys.argv) > 1:
        path = Path(sys.argv[1]) / "score_plots.png"
        path.parent.mkdir(parents=True, exist_ok=True)
        figure.savefig(path, dpi=70)
        print(f"saved {path}")
    plt.close(figure)
