"""Multilabel: strict subset accuracy against forgiving per-label accuracy.

Each e-mail may carry several tags. Subset accuracy (AS) counts an e-mail only
when all its tags are right; per-label accuracy (PCA) scores each tag alone,
and its mean is 1 - Hamming loss.

Run: python examples/multilabel.py
"""

import pandas as pd

from permetrics_lite import ClassificationMetric

y_true = pd.DataFrame({
    "spam":     [1, 0, 0, 1, 0, 0],
    "urgent":   [0, 1, 0, 0, 1, 0],
    "invoice":  [0, 0, 1, 0, 1, 1],
})
y_pred = pd.DataFrame({
    "spam":     [1, 0, 0, 0, 0, 0],
    "urgent":   [0, 1, 1, 0, 1, 0],
    "invoice":  [0, 0, 1, 0, 0, 1],
})

cm = ClassificationMetric(y_true, y_pred)  # column names become the labels
subset_accuracy = cm.AS()
per_label = cm.PCA()
mean_label_accuracy = cm.PCA(average="macro")

if __name__ == "__main__":
    print(f"subset accuracy:                {subset_accuracy:.4f}")
    for label, value in per_label.items():
        print(f"  accuracy of {label:<8}          {value:.4f}")
    print(f"mean per-label accuracy:        {mean_label_accuracy:.4f}")
