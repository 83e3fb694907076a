"""Confidence intervals: how sure is "accuracy 0.90"?

The same accuracy measured on 200 and on 20,000 tickets is a different claim.
Wilson's interval says how different; the bootstrap gives an interval for any
metric (here MCC and macro F1), resampling the confusion matrix's cells, so
its cost does not grow with the number of samples.

Run: python examples/intervals.py
"""

from permetrics_lite import ClassificationMetric, load_demo

# the same 9-in-10 accuracy, on 200 and on 20,000 samples (built from counts)
small = ClassificationMetric.from_confusion_matrix([[90, 10], [10, 90]], ["no", "yes"])
large = ClassificationMetric.from_confusion_matrix([[9000, 1000], [1000, 9000]], ["no", "yes"])
small_ci, large_ci = small.CI("AS"), large.CI("AS")

# a real evaluation: the bundled support tickets
tickets = load_demo()
cm = ClassificationMetric(tickets["true"], tickets["pred"])
accuracy = cm.CI("AS", method="clopper-pearson")
recalls = cm.CI("RS", average=None)  # {label: interval}, as RS(average=None) gives values
mcc = cm.CI("MCC", method="bootstrap", random_state=0)
macro_f1 = cm.CI("F1S", method="bca", average="macro", random_state=0)

if __name__ == "__main__":
    print("accuracy 0.90, 95% Wilson interval")
    print(f"   200 samples: [{small_ci.low:.4f}, {small_ci.high:.4f}]")
    print(f"20,000 samples: [{large_ci.low:.4f}, {large_ci.high:.4f}]")
    print()
    print(f"support tickets ({cm.n_samples} samples, {cm.n_classes} classes)")
    print(f"accuracy  {accuracy.estimate:.4f}  [{accuracy.low:.4f}, {accuracy.high:.4f}]"
          "  Clopper-Pearson")
    for label, (value, low, high) in recalls.items():
        print(f"recall of {label:<10} {value:.4f}  [{low:.4f}, {high:.4f}]  Wilson")
    print(f"MCC       {mcc.estimate:.4f}  [{mcc.low:.4f}, {mcc.high:.4f}]  bootstrap")
    print(f"macro F1  {macro_f1.estimate:.4f}  [{macro_f1.low:.4f}, {macro_f1.high:.4f}]"
          "  BCa")
