"""Evaluate predictions that arrive in chunks, add evaluations up, and rebuild one from a matrix.

The tallies behind every metric are sums, so evaluations of parts add up to
the evaluation of the whole, exactly. Nothing here holds more than one chunk of
labels in memory.
"""

import numpy as np

from permetrics_lite import ClassificationMetric

CLASSES = np.array(["bus", "car", "truck"])


def one_day(day, n_samples=10_000):
    """A day of a traffic camera's labels and its model's predictions (80% right)."""
    rng = np.random.default_rng(day)
    true = rng.choice(3, n_samples, p=[0.2, 0.7, 0.1])
    pred = np.where(rng.random(n_samples) < 0.8, true, rng.integers(0, 3, n_samples))
    return CLASSES[true], CLASSES[pred]


def chunks(days, size=2_500):
    """The week as the camera sends it: small chunks, one at a time."""
    for day in days:
        true, pred = one_day(day)
        for start in range(0, len(true), size):
            yield true[start:start + size], pred[start:start + size]


# 1. A stream of chunks: memory bounded by one chunk plus the tallies.
week = ClassificationMetric.from_batches(chunks(range(7)))
print(f"week:  {week.n_samples} samples, accuracy {week.AS():.4f}, "
      f"balanced accuracy {week.BAS():.4f}")

# The same as evaluating all seven days at once, to the last bit.
everything = ClassificationMetric(*map(np.concatenate, zip(*map(one_day, range(7)))))
assert week.AS() == everything.AS() and week.BAS() == everything.BAS()

# 2. Evaluations add up: weekdays + weekend is the week.
weekdays = ClassificationMetric.from_batches(chunks(range(5)))
weekend = ClassificationMetric.from_batches(chunks(range(5, 7)))
assert (weekdays + weekend).CM().tolist() == week.CM().tolist()
truck_recall = week.RS(average=None)["truck"]
print(f"truck recall over the week: {truck_recall:.4f}")

# 3. A confusion matrix published without the samples behind it.
published = ClassificationMetric.from_confusion_matrix([[50, 10], [5, 35]], ["healthy", "sick"])
paper_accuracy = published.AS()
paper_sensitivity = published.RS(pos_label="sick")
print(f"paper: accuracy {paper_accuracy:.3f}, sensitivity {paper_sensitivity:.3f}")
