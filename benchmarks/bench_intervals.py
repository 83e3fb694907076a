"""Confidence intervals: the bootstrap's cost against N and K, and the coverage of 95% intervals.

Four measurements:

- ``cost``: the bootstrap interval of MCC (9999 resamples) of evaluations of
  N = 10^3 ... 10^7 samples. It resamples the K x K confusion matrix, never
  the samples, so its time should not grow with N (target: the largest N
  within 1.5x of the smallest; construction, which is O(N), is not timed).
- ``summary``: ``ClassificationMetric(y_true, y_pred).summary(ci="bootstrap")``
  of K = 3 classes and N = 72 samples, construction included: 12 rows of
  intervals of one draw of 9999 resamples (target: 0.3 s).
- ``large``: the bootstrap intervals of macro F1 and MCC (9999 resamples) at
  K = 100 and N = 10^5, of a classifier 80% right whose errors go to 1 to 3
  neighbouring classes of each class (a few hundred occupied cells) and of
  one whose errors go to any class (the matrix nearly dense); time, and the
  peak of the memory traced by ``tracemalloc`` in another run (targets: 0.3 s
  and 200 MB). The draw costs a binomial draw per occupied cell and
  resample (numpy's multinomial), or a random byte and a table lookup per small
  cell of a dense matrix (``stats.small_cells``), on up to four cores.
- ``coverage``: 1,000 data sets of N = 500 samples drawn from one known
  population (a 3-class confusion matrix of probabilities); the share of
  95% intervals that contain the population's value of AS, BAS, macro F1
  and MCC (target: within 2 points of 95%). The population values are the
  metrics of the probability matrix itself (every metric is a ratio of its
  cells). AS is also measured with Wilson's interval.

It prints markdown tables and the targets with PASS or FAIL. Needs scikit-learn
for nothing: ours only. Run ``python benchmarks/bench_intervals.py --help``.
"""

import argparse
import sys
import time
import tracemalloc

import numpy as np

from bench import fmt_time, integers, table  # the script's own directory
from permetrics_lite import ClassificationMetric

# the population: class priors 0.5, 0.3, 0.2, recalls 0.8, 0.73, 0.75
POPULATION = np.array([[0.40, 0.06, 0.04],
                       [0.05, 0.22, 0.03],
                       [0.02, 0.03, 0.15]])
METRICS = {"AS": {}, "BAS": {}, "F1S macro": {"average": "macro"}, "MCC": {}}
COVERAGE_TOLERANCE = 0.02
COST_RATIO = 1.5
SUMMARY_SECONDS = 0.3
LARGE_SECONDS = 0.3
LARGE_MEGABYTES = 200
LARGE_QUERIES = {"F1S macro": {"average": "macro"}, "MCC": {}}
ERRORS = ("neighbours", "uniform")


def cost(sizes, n_resamples, repeat, seed=0):
    """Median time of the bootstrap interval of MCC at each N (construction untimed)."""
    rng = np.random.default_rng(seed)
    times = {}
    for n in sizes:
        true = rng.choice(3, size=n, p=POPULATION.sum(axis=1))
        pred = np.where(rng.random(n) < 0.8, true, rng.integers(0, 3, n))
        cm = ClassificationMetric(true, pred)
        runs = []
        for _ in range(repeat):
            start = time.perf_counter()
            cm.CI("MCC", method="bootstrap", n_resamples=n_resamples, random_state=seed)
            runs.append(time.perf_counter() - start)
        times[n] = float(np.median(runs))
    return times


def classifier(n_classes, n_samples, errors, seed=0):
    """True and predicted classes of a classifier 80% right. Its errors go to 1, 2 or 3
    neighbouring classes of each true class (``"neighbours"``), or to any class
    (``"uniform"``)."""
    rng = np.random.default_rng(seed)
    true = rng.integers(0, n_classes, n_samples)
    if errors == "neighbours":
        reach = rng.integers(1, 4, n_classes)  # how many neighbours each class errs to
        shift = np.array([1, -1, 2])[(rng.random(n_samples) * reach[true]).astype(int)]
        wrong = (true + shift) % n_classes
    else:
        wrong = rng.integers(0, n_classes, n_samples)
    return true, np.where(rng.random(n_samples) < 0.8, true, wrong)


def timed(call, repeat):
    """The median time of ``repeat`` calls, and the peak traced memory of one more (MB)."""
    runs = []
    for _ in range(repeat):
        start = time.perf_counter()
        call()
        runs.append(time.perf_counter() - start)
    tracemalloc.start()
    try:
        call()
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    return float(np.median(runs)), peak / 2**20


def summary_cost(n_samples, n_resamples, repeat, seed=0):
    """Time and peak memory of the summary with bootstrap intervals of K = 3 classes,
    construction included."""
    true, pred = classifier(3, n_samples, "uniform", seed)
    return timed(lambda: ClassificationMetric(true, pred).summary(
        ci="bootstrap", n_resamples=n_resamples, random_state=seed), repeat)


def large(n_classes, n_samples, n_resamples, repeat, seed=0):
    """Time and peak memory of the bootstrap intervals of macro F1 and MCC of K classes
    (construction untimed), for each kind of errors; with the occupied cells."""
    rows = []
    for errors in ERRORS:
        cm = ClassificationMetric(*classifier(n_classes, n_samples, errors, seed))
        cells = int(np.count_nonzero(cm.CM()))
        for name, options in LARGE_QUERIES.items():
            seconds, megabytes = timed(lambda: cm.CI(
                name.split()[0], method="bootstrap", n_resamples=n_resamples,
                random_state=seed, **options), repeat)
            rows.append((errors, cells, name, seconds, megabytes))
    return rows


def coverage(n_datasets, n_samples, n_resamples, seed=0):
    """The share of 95% intervals containing the population value, per metric and method."""
    population = ClassificationMetric.from_confusion_matrix(POPULATION)
    truth = {name: _metric(population, name, options) for name, options in METRICS.items()}
    rng = np.random.default_rng(seed)
    hits = {(name, "bootstrap"): 0 for name in METRICS}
    hits[("AS", "wilson")] = 0
    for _ in range(n_datasets):
        counts = rng.multinomial(n_samples, POPULATION.ravel()).reshape(POPULATION.shape)
        cm = ClassificationMetric.from_confusion_matrix(counts, zero_division=0.0)
        for name, method in hits:
            options = dict(METRICS[name])
            if method == "bootstrap":
                options.update(n_resamples=n_resamples, random_state=rng)
            _, low, high = cm.CI(name.split()[0], method=method, **options)
            hits[(name, method)] += low <= truth[name] <= high
    return {key: count / n_datasets for key, count in hits.items()}, truth


def _metric(cm, name, options):
    return getattr(cm, name.split()[0])(**options)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="1e3,1e5,1e7", help="values of N of the cost table")
    parser.add_argument("--resamples", type=int, default=9999, help="bootstrap resamples")
    parser.add_argument("--repeat", type=int, default=5, help="median of this many runs")
    parser.add_argument("--classes", type=int, default=100, help="K of the large table")
    parser.add_argument("--large-samples", default="1e5", help="N of the large table")
    parser.add_argument("--summary-samples", type=int, default=72,
                        help="N of the summary (K = 3)")
    parser.add_argument("--datasets", type=int, default=1000,
                        help="data sets of the coverage (0: leave the coverage out)")
    parser.add_argument("--samples", type=int, default=500, help="samples per data set")
    parser.add_argument("--coverage-resamples", type=int, default=999,
                        help="bootstrap resamples of each coverage interval")
    args = parser.parse_args(argv)
    sizes = integers(args.sizes)

    print(f"## Cost of the bootstrap interval of MCC ({args.resamples} resamples, K = 3, "
          f"median of {args.repeat})\n")
    times = cost(sizes, args.resamples, args.repeat)
    print(table(["N", "time"], [[f"{n:.0e}", fmt_time(t)] for n, t in times.items()]))

    print(f"\n## Summary with bootstrap intervals (K = 3, N = {args.summary_samples}, "
          f"{args.resamples} resamples, median of {args.repeat})\n")
    summary_time, summary_memory = summary_cost(args.summary_samples, args.resamples,
                                                args.repeat)
    print(table(["call", "time", "peak memory"],
                [["summary(ci='bootstrap')", fmt_time(summary_time),
                  f"{summary_memory:.1f} MB"]]))

    large_samples = integers(args.large_samples)[0]
    print(f"\n## Bootstrap intervals at K = {args.classes}, N = {large_samples:.0e} "
          f"({args.resamples} resamples, median of {args.repeat})\n")
    rows = large(args.classes, large_samples, args.resamples, args.repeat)
    print(table(["errors", "occupied cells", "metric", "time", "peak memory"],
                [[errors, f"{cells:,}", name, fmt_time(seconds), f"{megabytes:.1f} MB"]
                 for errors, cells, name, seconds, megabytes in rows]))

    shares = {}
    if args.datasets:
        print(f"\n## Coverage of 95% intervals ({args.datasets} data sets of "
              f"N = {args.samples}, {args.coverage_resamples} resamples each)\n")
        start = time.perf_counter()
        shares, truth = coverage(args.datasets, args.samples, args.coverage_resamples)
        print(table(["metric", "method", "population value", "coverage"],
                    [[name, method, f"{truth[name]:.4f}", f"{share:.1%}"]
                     for (name, method), share in shares.items()]))
        print(f"\n({time.perf_counter() - start:.0f} s)")

    ratio = times[sizes[-1]] / times[sizes[0]]
    targets = [(f"bootstrap time at N = {sizes[-1]:.0e} / at N = {sizes[0]:.0e}: {ratio:.2f} "
                f"(≤ {COST_RATIO})", ratio <= COST_RATIO),
               (f"summary(ci='bootstrap') at K = 3, N = {args.summary_samples}: "
                f"{fmt_time(summary_time)} (≤ {SUMMARY_SECONDS} s)",
                summary_time <= SUMMARY_SECONDS)]
    for errors, _, name, seconds, megabytes in rows:
        targets.append((f"{name} at K = {args.classes}, N = {large_samples:.0e}, {errors} "
                        f"errors: {fmt_time(seconds)} (≤ {LARGE_SECONDS} s), "
                        f"{megabytes:.0f} MB (≤ {LARGE_MEGABYTES} MB)",
                        seconds <= LARGE_SECONDS and megabytes <= LARGE_MEGABYTES))
    for (name, method), share in shares.items():
        targets.append((f"coverage of {name} ({method}): {share:.1%} (95% ± "
                        f"{COVERAGE_TOLERANCE:.0%})", abs(share - 0.95) <= COVERAGE_TOLERANCE))
    print("\n## Targets\n")
    for text, passed in targets:
        print(f"- {'PASS' if passed else 'FAIL'}: {text}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
