"""Choosing a decision threshold on validation scores, instead of taking 0.5.

A fraud screen: 3,000 transactions with two features, 10 % of them fraud. A
small logistic regression (numpy only, fitted by gradient descent) scores
them; its probabilities are shy of the rare class, so the default threshold
0.5 misses much of the fraud. The threshold curve of the validation scores
shows what every threshold gives, ``best_threshold`` picks the one with the
best balanced accuracy, and the test set tells whether the choice holds up.

Run: python examples/threshold_choice.py
"""

import numpy as np

from permetrics_lite import ClassificationMetric


def transactions(n, rng):
    """Two standardised features; fraud shifted by (1.5, 1.0), 10 % prevalence."""
    fraud = rng.random(n) < 0.10
    features = rng.normal(size=(n, 2)) + np.where(fraud[:, None], [1.5, 1.0], 0.0)
    return features, np.where(fraud, "fraud", "legit")


def fit_logistic(features, is_positive, steps=2_000, learning_rate=0.5):
    """Weights and bias minimising the mean log loss, by plain gradient descent."""
    weights, bias = np.zeros(features.shape[1]), 0.0
    for _ in range(steps):  # each step is one vectorised pass over the samples
        error = predict_proba(features, weights, bias) - is_positive
        weights -= learning_rate * features.T @ error / len(error)
        bias -= learning_rate * error.mean()
    return weights, bias


def predict_proba(features, weights, bias):
    return 1.0 / (1.0 + np.exp(-(features @ weights + bias)))


rng = np.random.default_rng(7)
x_train, y_train = transactions(3_000, rng)
x_valid, y_valid = transactions(1_000, rng)
x_test, y_test = transactions(1_000, rng)
weights, bias = fit_logistic(x_train, y_train == "fraud")

# Validation: the scores' classes are (fraud, legit) in sorted order, so 1-D
# scores must be the probability of the second class, "legit": pass the pair
# explicitly to make "fraud" the positive class instead.
classes = ["legit", "fraud"]
valid = ClassificationMetric.from_scores(y_valid, predict_proba(x_valid, weights, bias),
                                         labels=classes, pos_label="fraud")
curve = valid.threshold_curve()
threshold, valid_balanced = valid.best_threshold("BAS")

# Test: the default threshold against the chosen one, on data not used to choose it
test_scores = predict_proba(x_test, weights, bias)
default = ClassificationMetric.from_scores(y_test, test_scores, labels=classes,
                                           pos_label="fraud")
chosen = ClassificationMetric.from_scores(y_test, test_scores, labels=classes,
                                          threshold=threshold, pos_label="fraud")
default_recall, chosen_recall = default.RS(), chosen.RS()
default_balanced, chosen_balanced = default.BAS(), chosen.BAS()

if __name__ == "__main__":
    print(f"validation: {len(curve)} thresholds; best balanced accuracy "
          f"{valid_balanced:.3f} at threshold {threshold:.3f}")
    # the rows deciding as thresholds 0.05, the best, 0.25 and 0.5 do: the first at or above each
    rows = curve.iloc[np.searchsorted(curve["threshold"], [0.05, threshold, 0.25, 0.5])]
    print(rows.round(3).to_string(index=False))
    print()
    print("test set            threshold  accuracy  balanced  fraud recall  fraud precision")
    for name, cm in (("default", default), ("chosen", chosen)):
        print(f"{name:18s}  {cm.threshold:9.3f}  {cm.AS():8.3f}  {cm.BAS():8.3f}  "
              f"{cm.RS():12.3f}  {cm.PS():15.3f}")
