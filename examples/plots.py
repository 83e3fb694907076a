"""Three pictures of an evaluation, saved as PNG: confusion matrix, per-class bars, threshold curve.

The support-ticket demo data gives the first two; scores of a binary
screen (positives score higher on average) give the threshold curve.
Needs the extra ``plot``: pip install 'permetrics_lite[plot]'.

Run: python examples/plots.py [OUTPUT_DIRECTORY]   (default: the current directory)
"""

import sys
from pathlib import Path

import matplotlib

matplotlib.use("Agg")  # files only, no window
import matplotlib.pyplot as plt  # noqa: E402 - after choosing the backend
import numpy as np  # noqa: E402

from permetrics_lite import ClassificationMetric, load_demo  # noqa: E402


def screen_scores(n=400, seed=3):
    """Labels and scores of a binary screen: 30 % positive, overlapping score ranges."""
    rng = np.random.default_rng(seed)
    positive = rng.random(n) < 0.3
    scores = 1 / (1 + np.exp(-(rng.normal(size=n) + np.where(positive, 1.2, -1.0))))
    return np.where(positive, "positive", "negative"), scores


def save_plots(directory):
    """Draw the three plots and save them in ``directory``; return the saved paths."""
    directory = Path(directory)
    directory.mkdir(parents=True, exist_ok=True)
    tickets = load_demo()
    tickets_cm = ClassificationMetric(tickets["true"], tickets["pred"])
    screen = ClassificationMetric.from_scores(*screen_scores())
    drawings = {
        "confusion_matrix.png": lambda ax: tickets_cm.plot_confusion_matrix(ax=ax),
        "per_class.png": lambda ax: tickets_cm.plot_per_class(("accuracy", "recall", "precision"),
                                                              ax=ax),
        "threshold_curve.png": lambda ax: screen.plot_threshold_curve("BAS", ax=ax),
    }
    paths = []
    for name, draw in drawings.items():
        figure, ax = plt.subplots(figsize=(7, 5), layout="constrained")
        draw(ax)
        figure.savefig(directory / name, dpi=80)
        plt.close(figure)
        paths.append(directory / name)
    return paths


if __name__ == "__main__":
    for path in save_plots(sys.argv[1] if len(sys.argv) > 1 else "."):
        print(f"saved {path}")
