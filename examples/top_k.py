"""Top-k accuracy of a 10-class image classifier from its score matrix.

2,000 images of ten classes; the classifier gives every image one
probability per class (a softmax over noisy logits). Accuracy counts only
the best-scored class; top-k accuracy counts a hit when the true class is
among the k best, which is what a "suggest five labels" interface shows.
The evaluation ranks each image's true class once, so every k is free.

Run: python examples/top_k.py
"""

import numpy as np

from permetrics_lite import ClassificationMetric

CLASSES = ["airplane", "automobile", "bird", "cat", "deer",
           "dog", "frog", "horse", "ship", "truck"]

rng = np.random.default_rng(11)
y_true = rng.integers(0, len(CLASSES), size=2_000)
logits = rng.normal(scale=1.5, size=(len(y_true), len(CLASSES)))
logits[np.arange(len(y_true)), y_true] += 2.0  # the true class stands out, some of the time
probabilities = np.exp(logits) / np.exp(logits).sum(axis=1, keepdims=True)

cm = ClassificationMetric.from_scores(np.array(CLASSES)[y_true], probabilities, labels=CLASSES)
accuracy = cm.AS()
top_k = {k: cm.TKA(k) for k in (1, 2, 3, 5, 10)}
per_class_recall = cm.RS(average=None)  # top-1 recall of each class

if __name__ == "__main__":
    print(f"accuracy: {accuracy:.4f} (top-1 accuracy is accuracy: {top_k[1]:.4f})")
    for k, value in top_k.items():
        print(f"top-{k:<2d} accuracy: {value:.4f}")
    worst = min(per_class_recall, key=per_class_recall.get)
    print(f"hardest class: {worst} (recall {per_class_recall[worst]:.3f})")
