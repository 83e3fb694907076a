"""How sure is an AUC, and is one model's better than another's? DeLong's answers.

scikit-learn's breast cancer data (569 tumours, 212 malignant), split 50/50,
with two logistic regressions on standardised features: one on all 30
features, one on the first five only (mean radius, texture, perimeter, area,
smoothness). Both score the same 285 test tumours, so their AUCs are paired.

* ``CI("AUC", method="delong")``: each AUC with its 95% interval;
* ``delong_test``: the difference of the two AUCs, its interval and p-value.

Needs scikit-learn. Run: python examples/auc_uncertainty.py
"""

from sklearn.datasets import load_breast_cancer
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import train_test_split
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler

from permetrics_lite import ClassificationMetric, delong_test

X, y = load_breast_cancer(return_X_y=True)
y = 1 - y  # 1: malignant, the class to find (the data set codes it 0)
X_train, X_test, y_train, y_test = train_test_split(X, y, test_size=0.5, random_state=0,
                                                    stratify=y)


def malignant_probability(columns):
    model = make_pipeline(StandardScaler(), LogisticRegression(max_iter=1000))
    model.fit(X_train[:, columns], y_train)
    return model.predict_proba(X_test[:, columns])[:, 1]


all_features = malignant_probability(slice(None))
five_features = malignant_probability(slice(0, 5))

full = ClassificationMetric.from_scores(y_test, all_features).CI("AUC", method="delong")
small = ClassificationMetric.from_scores(y_test, five_features).CI("AUC", method="delong")
test = delong_test(y_test, all_features, five_features)

if __name__ == "__main__":
    print(f"AUC, 30 features: {full.estimate:.4f} (95% CI {full.low:.4f} to {full.high:.4f})")
    print(f"AUC,  5 features: {small.estimate:.4f} (95% CI {small.low:.4f} to {small.high:.4f})")
    print(f"difference: {test.difference:.4f} (95% CI {test.low:.4f} to {test.high:.4f}), "
          f"z = {test.statistic:.2f}, p = {test.pvalue:.3g}")
