"""Quickstart: evaluate a support-ticket router on the bundled demo data.

Run: python examples/quickstart.py
"""

from permetrics_lite import ClassificationMetric, load_demo

tickets = load_demo()  # 600 tickets: true and predicted queue
cm = ClassificationMetric(tickets["true"], tickets["pred"])

report = cm.report()
summary = cm.summary()

if __name__ == "__main__":
    print(cm)
    print()
    print(report.round(4).to_string())
    print()
    print(summary.to_string())
