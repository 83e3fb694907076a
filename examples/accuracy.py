"""Standard, raw-count and sample-weighted accuracy from one evaluation.

Run: python examples/accuracy.py
"""

from permetrics_lite import ClassificationMetric

y_true = [0, 2, 1, 3, 0, 2]
y_pred = [0, 1, 2, 3, 0, 2]
weights = [1, 10, 1, 1, 1, 1]  # the second sample matters ten times as much

cm = ClassificationMetric(y_true, y_pred)  # encode and tally once

accuracy = cm.AS()  # fraction correct
n_correct = cm.AS(normalize=False)  # number correct, an int
weighted_accuracy = cm.AS(sample_weight=weights)  # the heavy sample is wrong

if __name__ == "__main__":
    print(f"accuracy:          {accuracy:.4f}")
    print(f"correct samples:   {n_correct} of {cm.n_samples}")
    print(f"weighted accuracy: {weighted_accuracy:.4f}")
