"""Scores: permetrics_lite beside scikit-learn on the same score arrays, in one process.

Two workloads:

- ``top-k``: an (N, K) score matrix, top-k accuracy for k = 1..5. Ours builds
  one evaluation (``from_scores``) and asks ``TKA(k)`` five times; scikit-learn
  calls ``top_k_accuracy_score`` once per k.
- ``thresholds``: 1-D binary scores, the counts and scores at every distinct
  threshold. Ours is ``from_scores(...).threshold_curve()`` (accuracy,
  balanced accuracy, recall, specificity, precision and F1 per threshold);
  scikit-learn's nearest is ``roc_curve(drop_intermediate=False)`` plus
  ``precision_recall_curve``, which give fewer columns.

It prints markdown tables of the best times and their ratios. Needs the
``bench`` extra. Run ``python benchmarks/bench_scores.py --help`` for the options.
"""

import argparse
import sys
import time
import warnings

import numpy as np

from bench import fmt_ratio, fmt_time, integers, table  # the script's own directory
from permetrics_lite import ClassificationMetric

K_RANGE = range(1, 6)  # the k of the top-k workload


def best_time(function, repeat):
    best = None
    for _ in range(repeat):
        start = time.perf_counter()
        function()
        elapsed = time.perf_counter() - start
        best = elapsed if best is None else min(best, elapsed)
    return best


def top_k(n_samples, n_classes, repeat, seed=0):
    from sklearn.metrics import top_k_accuracy_score

    rng = np.random.default_rng(seed)
    y_true = rng.integers(0, n_classes, n_samples)
    scores = rng.random((n_samples, n_classes)).astype(np.float32)
    scores[np.arange(n_samples), y_true] += 0.3  # a classifier better than chance
    labels = np.arange(n_classes)

    def ours():
        cm = ClassificationMetric.from_scores(y_true, scores, labels=labels)
        return [cm.TKA(k) for k in K_RANGE]

    def sklearn():
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # k >= K is "meaningless" to scikit-learn
            return [top_k_accuracy_score(y_true, scores, k=k, labels=labels) for k in K_RANGE]

    # continuous scores: no ties, so both rank the same way
    assert np.allclose(ours(), sklearn(), rtol=1e-12)
    return best_time(ours, repeat), best_time(sklearn, repeat)


def thresholds(n_samples, repeat, seed=0):
    from sklearn.metrics import precision_recall_curve, roc_curve

    rng = np.random.default_rng(seed)
    y_true = rng.integers(0, 2, n_samples)
    scores = rng.random(n_samples) + 0.3 * y_true

    def ours():
        return ClassificationMetric.from_scores(y_true, scores).threshold_curve()

    def sklearn():
        return (roc_curve(y_true, scores, drop_intermediate=False),
                precision_recall_curve(y_true, scores))

    curve, ((fpr, tpr, _), (precision, _, _)) = ours(), sklearn()
    # scikit-learn's ROC runs from the highest threshold down, after a leading inf
    assert np.allclose(curve["recall"].to_numpy()[::-1], tpr[1:], rtol=1e-12)
    assert np.allclose(curve["precision"].to_numpy(), precision[:-1], rtol=1e-12)
    return best_time(ours, repeat), best_time(sklearn, repeat)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="1e4,1e5,1e6,1e7", help="values of N (thresholds)")
    parser.add_argument("--top-k-sizes", default="1e4,1e5,1e6", help="values of N (top-k)")
    parser.add_argument("--classes", default="10,100", help="values of K (top-k)")
    parser.add_argument("--repeat", type=int, default=3, help="best of this many runs")
    args = parser.parse_args(argv)

    rows = []
    for n_samples in integers(args.top_k_sizes):
        for n_classes in integers(args.classes):
            own, peer = top_k(n_samples, n_classes, args.repeat)
            rows.append([f"{n_samples:.0e}", n_classes, fmt_time(own), fmt_time(peer),
                         fmt_ratio(peer, own)])
    print("## Top-k accuracy, k = 1..5, from an (N, K) float32 score matrix\n")
    print(table(["N", "K", "permetrics_lite", "scikit-learn", "scikit-learn / ours"], rows))

    rows = []
    for n_samples in integers(args.sizes):
        own, peer = thresholds(n_samples, args.repeat)
        rows.append([f"{n_samples:.0e}", fmt_time(own), fmt_time(peer), fmt_ratio(peer, own)])
    print("\n## Every threshold of N distinct binary scores\n")
    print(table(["N", "permetrics_lite (curve, 6 metrics)",
                 "scikit-learn (roc_curve + precision_recall_curve)", "scikit-learn / ours"],
                rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
