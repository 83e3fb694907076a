"""The accuracy paradox: 99.9 % accuracy from a model that never finds an attack.

10,000 network packets, 10 of them attacks; the "model" always says normal.

Run: python examples/accuracy_paradox.py
"""

import numpy as np

from permetrics_lite import ClassificationMetric

y_true = np.array(["normal"] * 9_990 + ["attack"] * 10)
y_pred = np.full(y_true.shape, "normal")

cm = ClassificationMetric(y_true, y_pred)
accuracy = cm.AS()
balanced = cm.BAS()
attack_accuracy = cm.PCA(pos_label="attack")  # one-vs-rest: still 0.999
# "attack" is never predicted, so its precision is 0/0: say which value to use
attack_recall = cm.report(zero_division=0.0).loc["attack", "recall"]  # the telling number

if __name__ == "__main__":
    print(f"accuracy:                       {accuracy:.4f}")
    print(f"balanced accuracy:              {balanced:.4f}")
    print(f"one-vs-rest accuracy of attack: {attack_accuracy:.4f}")
    print(f"attacks found (recall):         {attack_recall:.4f}")
    print(cm.CM(as_frame=True).to_string())
