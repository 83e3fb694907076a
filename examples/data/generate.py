"""Writes the data files of the command-line guide (docs/cli.rst).

Run from the repository root: ``python examples/data/generate.py``.

* ``tickets.csv``: the bundled support-ticket predictions with the
  ``channel`` each ticket came through (email, chat or phone).
* ``spam.csv``: a spam filter's probability of spam for 500 messages.
* ``flowers.csv``: a logistic regression's class probabilities for the iris
  flowers (test half), one column per species.
"""

from pathlib import Path

import numpy as np
import pandas as pd
from sklearn.datasets import load_iris
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import train_test_split

from permetrics_lite import load_demo

HERE = Path(__file__).resolve().parent

rng = np.random.default_rng(2026)
tickets = load_demo()
tickets["channel"] = rng.choice(["email", "chat", "phone"], size=len(tickets), p=[0.5, 0.3, 0.2])
tickets.to_csv(HERE / "tickets.csv", index=False)

spam = rng.random(500) < 0.3
score = np.clip(np.where(spam, rng.normal(0.75, 0.2, 500), rng.normal(0.25, 0.2, 500)), 0, 1)
pd.DataFrame({"label": np.where(spam, "spam", "ham"), "p_spam": score.round(3)}).to_csv(
    HERE / "spam.csv", index=False)

iris = load_iris()
x_train, x_test, y_train, y_test = train_test_split(iris.data, iris.target, test_size=0.5,
                                                    random_state=0, stratify=iris.target)
model = LogisticRegression(max_iter=1000).fit(x_train, y_train)
probabilities = model.predict_proba(x_test).round(6)
probabilities[:, -1] = 1 - probabilities[:, :-1].sum(axis=1)  # rows still sum to 1
flowers = pd.DataFrame(probabilities, columns=iris.target_names)
flowers.insert(0, "species", iris.target_names[y_test])
flowers.to_csv(HERE / "flowers.csv", index=False, float_format="%.6f")
