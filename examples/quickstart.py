"""Quickstart: evaluate a support-ticket router on the bundled demo data.

Run: python examples/quickstart.py
"""

from permetrics_lite import ClassificationMetric, load_demo

tickets = load_demo()  # 600 tickets: true and predicted queue
cm = ClassificationMetric(tickets["true"], tickets["pred"])

description = cm.describe()  # what to read: matrix, statistics with intervals, by class
report = cm.report()         # the same numbers as tables, to compute with
summary = cm.summary()["value"]
test = cm.accuracy_test()    # better than always predicting the most common queue?

if __name__ == "__main__":
    print(description)
    print()
    print(f"accuracy {test.accuracy:.3f} against a no-information rate of "
          f"{test.no_information_rate:.3f}: p = {test.pvalue:.1e}")
