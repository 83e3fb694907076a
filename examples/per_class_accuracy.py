"""Per-class (one-vs-rest) accuracy, its average, and balanced accuracy side by side.

Three numbers are often all called "per-class accuracy"; they differ:

* PCA(pos_label=c): class c against the rest, (TP + TN) / N;
* PCA(average="macro"): the mean of those, which counts every true negative
  and so is high whenever there are many classes;
* BAS(): the mean recall per class, which ignores true negatives.

Run: python examples/per_class_accuracy.py
"""

from permetrics_lite import ClassificationMetric

y_true = [0, 0, 0, 1, 1, 1, 2, 0, 0]
y_pred = [1, 0, 0, 0, 1, 2, 0, 2, 1]

cm = ClassificationMetric(y_true, y_pred)
accuracy = cm.AS()
per_class = cm.PCA()
class_1_accuracy = cm.PCA(pos_label=1)
average_per_class = cm.PCA(average="macro")
balanced = cm.BAS()

if __name__ == "__main__":
    print(f"accuracy (AS):                   {accuracy:.4f}")
    for label, value in per_class.items():
        print(f"  one-vs-rest accuracy, class {label}: {value:.4f}")
    print(f"average per-class accuracy (PCA): {average_per_class:.4f}")
    print(f"balanced accuracy (BAS):          {balanced:.4f}")
    print(cm.report().round(4).to_string())
