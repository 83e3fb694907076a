"""The ROC AUC's uncertainty: DeLong's interval and the stratified bootstrap, beside
what Python users write for them.

- ``delong``: N binary float64 probabilities (``bench_score_metrics.binary_problem``:
  almost all distinct). Ours: a fresh ``from_scores`` and ``CI("AUC",
  method="delong")``, against a fresh ``from_scores`` and ``AUC()`` alone (the
  interval reads the ranking the AUC sorts once). The peer: DeLong's variance
  as the gists write it, from ``scipy.stats.rankdata`` midranks of the
  positives, the negatives and all scores (Sun and Xu's three sorts); both
  give the same variance, checked before timing.
- ``bootstrap``: N scores rounded to 3 decimals (at most 1,001 distinct).
  Ours: a fresh ``from_scores`` and ``CI("AUC", method="bootstrap")`` of B
  stratified resamples. The peer: scikit-learn's ``roc_auc_score`` in a Python
  loop over stratified resamples of the samples (each class drawn from itself,
  with replacement), timed on ``--peer-resamples`` of them and scaled to B.
  And ours on the unrounded scores (D about N), per resample.

Competitors run interleaved, each time the median of ``--repeat`` rounds. Prints
markdown and the targets with PASS or FAIL. Needs the ``bench`` extra. Run
``python benchmarks/bench_auc_uncertainty.py --help`` for the options.
"""

import argparse
import platform
import sys

import numpy as np
from scipy import stats
from sklearn.metrics import roc_auc_score

import permetrics_lite
from bench_score_metrics import binary_problem  # beside this script
from harness import interleaved, median, ratio
from page import fmt_n, fmt_spread, fmt_time, table
from permetrics_lite import ClassificationMetric

DELONG_RATIO = 1.5  # DeLong's interval within this many times the AUC alone (cold)
BOOTSTRAP_SECONDS = 2.0  # the stratified bootstrap of N = 1e6, B = 2,000 within this
QUICK = ["--delong-size", "2e3", "--size", "2e3", "--resamples", "50", "--peer-resamples",
         "5", "--raw-resamples", "5", "--repeat", "1"]


def gist_delong(y_true, y_score):
    """(AUC, variance) by DeLong from midranks, as the gists compute them."""
    positives, negatives = y_score[y_true == 1], y_score[y_true == 0]
    m, n = len(positives), len(negatives)
    ranks = stats.rankdata(np.concatenate([positives, negatives]))
    v10 = (ranks[:m] - stats.rankdata(positives)) / n
    v01 = 1 - (ranks[m:] - stats.rankdata(negatives)) / m
    return v10.mean(), v10.var(ddof=1) / m + v01.var(ddof=1) / n


def sklearn_bootstrap(y_true, y_score, n_resamples, seed=0):
    """scikit-learn's AUC of each stratified resample, in a Python loop."""
    rng = np.random.default_rng(seed)
    positives, negatives = np.flatnonzero(y_true == 1), np.flatnonzero(y_true == 0)
    values = []
    for _ in range(n_resamples):
        drawn = np.concatenate([rng.choice(positives, len(positives)),
                                rng.choice(negatives, len(negatives))])
        values.append(roc_auc_score(y_true[drawn], y_score[drawn]))
    return values


def delong(n_samples, repeat):
    y_true, y_score = binary_problem(n_samples)
    ci = ClassificationMetric.from_scores(y_true, y_score).CI("AUC", method="delong")
    area, variance = gist_delong(y_true, y_score)
    half = (ci.high - ci.low) / 2  # unclipped at these areas
    assert np.isclose(ci.estimate, area, rtol=1e-12), (ci.estimate, area)
    assert np.isclose(half / 1.959963984540054, np.sqrt(variance), rtol=1e-9)
    runs = interleaved({
        "interval": lambda: ClassificationMetric.from_scores(y_true, y_score).CI(
            "AUC", method="delong"),
        "area": lambda: ClassificationMetric.from_scores(y_true, y_score).AUC(),
        "gist": lambda: gist_delong(y_true, y_score),
    }, repeat)
    return runs


def bootstrap(n_samples, n_resamples, peer_resamples, raw_resamples, repeat):
    y_true, raw = binary_problem(n_samples)
    rounded = np.round(raw, 3)

    def ours(scores, resamples):
        return lambda: ClassificationMetric.from_scores(y_true, scores).CI(
            "AUC", method="bootstrap", n_resamples=resamples, random_state=0)

    runs = interleaved({
        "ours": ours(rounded, n_resamples),
        "peer": lambda: sklearn_bootstrap(y_true, rounded, peer_resamples),
        "raw": ours(raw, raw_resamples),
    }, repeat)
    runs["peer"] = [t * n_resamples / peer_resamples for t in runs["peer"]]
    return runs


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--delong-size", default="1e7", help="N of the DeLong workload")
    parser.add_argument("--size", default="1e6", help="N of the bootstrap workload")
    parser.add_argument("--resamples", type=int, default=2000, help="B of the bootstrap")
    parser.add_argument("--peer-resamples", type=int, default=20,
                        help="resamples the peer's loop is timed on (scaled to B)")
    parser.add_argument("--raw-resamples", type=int, default=200,
                        help="resamples of the unrounded scores")
    parser.add_argument("--repeat", type=int, default=5, help="median of this many rounds")
    parser.add_argument("--quick", action="store_true", help="tiny sizes: " + " ".join(QUICK))
    argv = sys.argv[1:] if argv is None else argv
    args = parser.parse_args(QUICK + argv if "--quick" in argv else argv)
    delong_size, size = int(float(args.delong_size)), int(float(args.size))
    print(f"permetrics_lite {permetrics_lite.__version__}, numpy {np.__version__}, "
          f"Python {platform.python_version()}\n")

    runs = delong(delong_size, args.repeat)
    cost = ratio(runs["interval"], runs["area"])
    print(f"## DeLong's interval of the ROC AUC (N = {fmt_n(delong_size)}, binary, a fresh "
          "evaluation each)\n")
    print(table(["computation", "time", "ratio to ours"], [
        ["from_scores + CI('AUC', method='delong')", fmt_time(median(runs["interval"])), "1"],
        ["from_scores + AUC()", fmt_time(median(runs["area"])),
         fmt_spread(ratio(runs["area"], runs["interval"]), digits=2)],
        ["NumPy DeLong of the gists (scipy rankdata midranks)", fmt_time(median(runs["gist"])),
         fmt_spread(ratio(runs["gist"], runs["interval"]), digits=2)],
    ]))

    boot = bootstrap(size, args.resamples, args.peer_resamples, args.raw_resamples,
                     args.repeat)
    print(f"\n## Stratified bootstrap of the ROC AUC (N = {fmt_n(size)}, B = {args.resamples:,}, "
          "a fresh evaluation each)\n")
    print(table(["computation", "time", "per resample", "ratio to ours"], [
        ["ours, scores to 3 decimals", fmt_time(median(boot["ours"])),
         fmt_time(median(boot["ours"]) / args.resamples), "1"],
        [f"scikit-learn roc_auc_score in a loop (timed on {args.peer_resamples}, scaled)",
         fmt_time(median(boot["peer"])), fmt_time(median(boot["peer"]) / args.resamples),
         fmt_spread(ratio(boot["peer"], boot["ours"]))],
        [f"ours, unrounded scores (B = {args.raw_resamples})", fmt_time(median(boot["raw"])),
         fmt_time(median(boot["raw"]) / args.raw_resamples), "—"],
    ]))

    seconds = median(boot["ours"])
    print("\n## Targets\n")
    print(f"- {'PASS' if cost[0] <= DELONG_RATIO else 'FAIL'}: DeLong's interval at "
          f"N = {fmt_n(delong_size)} takes {cost[0]:.2f}× the AUC alone (≤ {DELONG_RATIO}×)")
    print(f"- {'PASS' if seconds <= BOOTSTRAP_SECONDS else 'FAIL'}: the stratified bootstrap "
          f"of N = {fmt_n(size)}, B = {args.resamples:,} takes {fmt_time(seconds)} "
          f"(≤ {BOOTSTRAP_SECONDS:g} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
