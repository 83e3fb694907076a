"""Per-group evaluation: is the classifier as good for every group?

The bundled support tickets, split by the channel they came in on (here the
parity of the ticket id stands in for a real channel column): one pass over
the cached codes gives an evaluation per channel, a table of metrics by
channel, and how far apart the channels are.

Run: python examples/groups.py
"""

import numpy as np

from permetrics_lite import ClassificationMetric, load_demo

tickets = load_demo()
channel = np.where(tickets["ticket_id"] % 2 == 0, "email", "phone")

cm = ClassificationMetric(tickets["true"], tickets["pred"])
grouped = cm.by_group(channel)
metrics = {"AS": None, "BAS": None, "F1S": {"average": "macro"}}
table = grouped.frame(metrics)
gaps = grouped.difference(metrics)
ratios = grouped.ratio(metrics)

if __name__ == "__main__":
    print(table.round(4))
    print()
    print("largest difference between channels")
    print(gaps.round(4).to_string())
    print()
    print("smallest ratio between channels")
    print(ratios.round(4).to_string())
