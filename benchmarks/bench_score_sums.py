"""Score evaluations that add up: ``from_batches(scores=True)`` beside ``from_scores`` on
the concatenation, and the command line's peak memory on a file of scores.

- ``batches``: ``--batches`` batches of ``--batch-size`` binary float64 scores
  (``bench_score_metrics.binary_problem``: almost all distinct). Ours:
  ``from_batches`` of the batches with ``scores=True`` (each batch ranked, the
  rankings merged), then ``AUC``, ``APS``, ``LL``; against ``from_scores`` of
  the concatenated arrays, then the same three (the concatenation untimed).
  Both give the same numbers, checked first. Interleaved rounds, medians.
- ``memory``: a CSV of ``--rows`` rows of a text label (``ham``/``spam``) and
  a score with 6 decimals, and of twice as many; ``python -m permetrics_lite score
  FILE AUC LL --true label --scores p`` in a child process (peak RSS of that child,
  the kernel's ``ru_maxrss`` from ``os.wait4``, as ``bench_cli.py`` measures it),
  with and without ``--score-decimals 3``, above the same command on a file of
  1,000 rows (the interpreter and its imports); and the growth of the peak per
  row from N to 2N rows: a chunk's memory is the same for both, so the growth is
  what the command keeps of the rows (the distinct scores).

Prints markdown and the targets with PASS or FAIL. Run
``python benchmarks/bench_score_sums.py --help`` for the options.
"""

import argparse
import platform
import sys
import tempfile
from pathlib import Path

import numpy as np
import pandas as pd

import permetrics_lite
from bench_cli import measured  # beside this script
from bench_score_metrics import binary_problem
from harness import interleaved, median, ratio
from page import fmt_n, fmt_spread, fmt_time, table
from permetrics_lite import ClassificationMetric

BATCHES_RATIO = 2.0  # from_batches(scores=True) within this many times from_scores
QUICK = ["--batches", "4", "--batch-size", "1000", "--rows", "5000", "--repeat", "1"]


def queried(cm):
    return cm.AUC(), cm.APS(), cm.LL()


def batches(n_batches, batch_size, repeat):
    y_true, y_score = binary_problem(n_batches * batch_size)
    parts = [(y_true[i:i + batch_size], y_score[i:i + batch_size])
             for i in range(0, len(y_true), batch_size)]
    ours = queried(ClassificationMetric.from_batches(parts, scores=True))
    whole = queried(ClassificationMetric.from_scores(y_true, y_score))
    assert np.allclose(ours, whole, rtol=1e-12, atol=0), (ours, whole)
    return interleaved({
        "batches": lambda: queried(ClassificationMetric.from_batches(parts, scores=True)),
        "whole": lambda: queried(ClassificationMetric.from_scores(y_true, y_score)),
    }, repeat)


def scores_file(path, rows, seed=0):
    """A CSV of text labels and 6-decimal scores, written in chunks."""
    rng = np.random.default_rng(seed)
    with open(path, "w") as out:
        out.write("label,p\n")
        for start in range(0, rows, 10**6):
            size = min(10**6, rows - start)
            y_true, y_score = binary_problem(size, seed=int(rng.integers(2**31)))
            frame = pd.DataFrame({"label": np.where(y_true == 1, "spam", "ham"),
                                  "p": np.round(y_score, 6)})
            frame.to_csv(out, header=False, index=False)


def memory(rows):
    """{command: (extra peak of ``rows``, of twice as many)} above a file of 1,000 rows."""
    with tempfile.TemporaryDirectory(prefix="bench-scores-") as folder:
        files = {size: Path(folder) / f"{size}.csv" for size in (1000, rows, 2 * rows)}
        for size, path in files.items():
            scores_file(path, size)
        command = [sys.executable, "-m", "permetrics_lite", "score"]

        def peak(path, *flags):
            return measured(command + [str(path), "AUC", "LL", "--true", "label", "--scores",
                                       "p", "--quiet", *flags]).peak_bytes

        found = {}
        for name, flags in (("distinct scores", ()), ("--score-decimals 3",
                                                      ("--score-decimals", "3"))):
            base = peak(files[1000], *flags)
            found[name] = tuple(peak(files[size], *flags) - base for size in (rows, 2 * rows))
        return found


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--batches", type=int, default=100, help="number of batches")
    parser.add_argument("--batch-size", type=int, default=10**5, help="samples per batch")
    parser.add_argument("--rows", default="3e6", help="rows of the smaller file of scores")
    parser.add_argument("--repeat", type=int, default=5, help="median of this many rounds")
    parser.add_argument("--quick", action="store_true", help="tiny sizes: " + " ".join(QUICK))
    argv = sys.argv[1:] if argv is None else argv
    args = parser.parse_args(QUICK + argv if "--quick" in argv else argv)
    rows = int(float(args.rows))
    print(f"permetrics_lite {permetrics_lite.__version__}, numpy {np.__version__}, pandas "
          f"{pd.__version__}, Python {platform.python_version()}\n")

    runs = batches(args.batches, args.batch_size, args.repeat)
    cost = ratio(runs["batches"], runs["whole"])
    n = args.batches * args.batch_size
    print(f"## from_batches(scores=True): {args.batches} batches of {args.batch_size:,} "
          f"(N = {fmt_n(n)}), then AUC, APS, LL\n")
    print(table(["computation", "time", "ratio to from_scores"], [
        ["from_scores of the concatenation", fmt_time(median(runs["whole"])), "1"],
        ["from_batches(scores=True)", fmt_time(median(runs["batches"])),
         fmt_spread(cost, digits=2)],
    ]))

    peaks = memory(rows)
    print(f"\n## Command line on files of text labels and 6-decimal scores: peak memory "
          "above a file of 1,000 rows, and its growth per row from N to 2N rows\n")
    print(table(["command", f"N = {rows:,}", f"2N = {2 * rows:,}", "growth per row"], [
        [name, f"{small / 1e6:,.1f} MB", f"{large / 1e6:,.1f} MB",
         f"{(large - small) / rows:.1f} B"] for name, (small, large) in peaks.items()]))

    print("\n## Targets\n")
    print(f"- {'PASS' if cost[0] <= BATCHES_RATIO else 'FAIL'}: from_batches(scores=True) of "
          f"{args.batches} batches takes {cost[0]:.2f}× from_scores of the concatenation "
          f"(≤ {BATCHES_RATIO:g}×)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
