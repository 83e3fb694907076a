"""Is model A better than model B on the same samples? McNemar's test.

Model A is the bundled support tickets' classifier; model B a simpler one
that never answers "other" (it sends those tickets to "technical"). Both
predict the same 600 tickets, so the test is paired: only the tickets where
exactly one of them is right count.

Run: python examples/comparison.py
"""

import numpy as np

from permetrics_lite import ClassificationMetric, load_demo, mcnemar

tickets = load_demo()
model_a = tickets["pred"].to_numpy()
model_b = np.where(model_a == "other", "technical", model_a)

accuracy_a = ClassificationMetric(tickets["true"], model_a).AS()
accuracy_b = ClassificationMetric(tickets["true"], model_b).AS()
exact = mcnemar(tickets["true"], model_a, model_b)
mid_p = mcnemar(tickets["true"], model_a, model_b, method="mid-p")

if __name__ == "__main__":
    print(f"accuracy of A: {accuracy_a:.4f}, of B: {accuracy_b:.4f}")
    (both, only_a), (only_b, neither) = exact.table.tolist()
    print(f"both right {both}, only A {only_a}, only B {only_b}, neither {neither}")
    print(f"exact McNemar p-value: {exact.pvalue:.4g}")
    print(f"mid-p McNemar p-value: {mid_p.pvalue:.4g}")
