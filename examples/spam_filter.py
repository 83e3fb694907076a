"""A spam filter: precision, recall and friends of one positive class.

Set ``average`` and ``pos_label`` once, in the constructor; every metric then
scores the "spam" class, and the confusion-matrix family is answered from one
tally.

Run: python examples/spam_filter.py
"""

from permetrics_lite import ClassificationMetric

# 20 e-mails: 8 spam, 12 ham. The filter catches 6 of the 8 spams and flags
# one ham by mistake: tp = 6, fn = 2, fp = 1, tn = 11.
y_true = ["spam"] * 8 + ["ham"] * 12
y_pred = ["spam"] * 6 + ["ham"] * 2 + ["spam"] + ["ham"] * 11

cm = ClassificationMetric(y_true, y_pred, average="binary", pos_label="spam")
scores = cm.get_metrics_by_list_names(["PS", "RS", "F1S", "F2S", "SS", "NPV", "MCC", "CKS"])
ham_recall = cm.RS(pos_label="ham")  # a method's own argument wins

if __name__ == "__main__":
    print(cm.CM(as_frame=True))
    print()
    for name, value in scores.items():
        print(f"{name:<4} {value:.4f}")
    print(f"\nrecall of ham: {ham_recall:.4f}")
