"""permetrics_lite against its peers, and its construction over every input type, in one process.

Every library gets the same arrays for each workload:

- ``accuracy``: one accuracy from fresh arrays;
- ``ten``: ten metrics after one evaluation (accuracy, correct count, balanced
  accuracy, one-vs-rest accuracy per class and its macro mean, the confusion
  matrix, macro precision, recall and F1, MCC);
- ``weighted``: one sample-weighted accuracy from fresh arrays;
- ``report``: the per-class report.

Besides the peers, construction alone (``ClassificationMetric(y_true, y_pred)``)
is measured beside the floors (``np.bincount(t * K + p)``, ``np.count_nonzero(t
== p)``) and beside the int64 construction of the same problem for every other
input type: numpy object strings, pandas Categoricals (the same categories on
both sides, and different ones), Arrow-backed strings (``string[pyarrow]``,
``pd.ArrowDtype(pa.string())``, pandas' default ``str``, a pyarrow array, a
pyarrow dictionary array, a polars Series), float64 sample weights, K = 10^6
classes and small N. Before anything is timed, every one of those inputs is
checked to give the same confusion matrix (the same tallies, for K = 10^6) as
the int64 labels of the same problem: a wrong fast path fails here, loudly.

Timing: the competitors of one measurement run interleaved (each round runs
every one of them once, the order reversed every other round), so that load
from other jobs falls on all of them; a run shorter than 50 ms (``--min-time``)
is repeated in a loop (the mean of the loop is that round's time). Each time is the median of
``--repeat`` rounds; each ratio is the ratio of the medians, with the lowest
and highest ratio of a single round in brackets. Every problem is drawn fresh
for each workload. pyarrow and polars are held to one thread. Peak memory:
tracemalloc (numpy's and pandas' allocations) in this process, and, for the
peers' table, the growth of the peak resident size (``VmHWM``) of one child
process per library.

It prints markdown: the machine, the versions, the date and the command, the
tables, and the performance targets with PASS or FAIL (then a profile of the
construction of each input type that misses its target). Run::

    python benchmarks/bench.py --quick        # tiny sizes: about a minute
    python benchmarks/bench.py                # the full run, about 20 minutes
    python benchmarks/bench.py --write-docs   # also writes docs/benchmark-results.md

``--write-docs`` writes exactly what the run printed to
``docs/benchmark-results.md``, which the performance page includes. Run
``python benchmarks/bench.py --help`` for the options. Needs the ``bench``
extra; the Arrow input types need pyarrow, and polars for its Series (without
them, those rows are left out and their targets not measured).

This file is the command; the rest lives beside it: ``harness.py`` (interleaved
timing, medians, ratios, peaks, profiles), ``peers.py`` (what each library runs,
and its memory in a process of its own), ``problems.py`` (the labels of every
problem and input type, and the checks that they give the same answer),
``construction.py`` and ``grid.py`` (the sections of the page: ours alone; the
peers' tables), ``targets.py`` (the goals, PASS or FAIL), ``page.py`` and
``provenance.py`` (the page's text, and what the run ran on).
"""

import argparse
import datetime
import os
import sys
import time
from pathlib import Path
from types import SimpleNamespace

from construction import (floors, measure_many, measure_small, measure_types,
                          measure_weights, show_floors)
from provenance import machine, optional, revision, versions
from grid import measure_memory_of_peers, measure_peers
from harness import MIN_TIME, traced_peak
from page import fmt_ratio, fmt_time, table
from peers import LIBRARIES, PEERS, WORKLOADS
from targets import show_profiles, show_targets

# the other benchmarks import these from here
__all__ = ["fmt_ratio", "fmt_time", "integers", "machine", "main", "revision", "table",
           "traced_peak"]

DOCS = Path(__file__).resolve().parent.parent / "docs" / "benchmark-results.md"
QUICK = {"sizes": "300,3000", "classes": "2,10", "string_size": "3000",
         "types_size": "3000", "small_size": "1000", "many_classes": "5000:2000"}


def integers(text):
    """"1e4,1e5" -> [10000, 100000]."""
    return [int(float(value)) for value in str(text).split(",")]


def parse(argv):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="1e4,1e5,1e6,1e7",
                        help="values of N of the tables; the largest is the targets' N")
    parser.add_argument("--classes", default="2,10,100,1000,10000",
                        help="values of K; the targets' K is 10 when it is one of them")
    parser.add_argument("--kinds", default="int,str", help="label kinds: int, str")
    parser.add_argument("--workloads", default=",".join(WORKLOADS))
    parser.add_argument("--libraries", default=",".join(LIBRARIES))
    parser.add_argument("--repeat", type=int, default=5,
                        help="interleaved rounds; every time is their median (default: 5)")
    parser.add_argument("--budget", type=float, default=20.0,
                        help="seconds a run may take before it is stopped (default: 20)")
    parser.add_argument("--min-time", type=float, default=MIN_TIME,
                        help="seconds: a shorter run is repeated in a loop, and the loop "
                             f"timed (default: {MIN_TIME:g}; 0 runs every call once)")
    parser.add_argument("--cell-cost", type=float, default=10.0,
                        help="a library skips a cell of the peers' tables whose rounds, "
                             "scaled from its median at the previous N, would take over "
                             "this many seconds (default: 10)")
    parser.add_argument("--string-size", default="1e6", help="N of the string-label target")
    parser.add_argument("--types-size", default=None,
                        help="N of the input-type targets (default: the largest of --sizes)")
    parser.add_argument("--small-size", default="1e4", help="N of the small-input target")
    parser.add_argument("--many-classes", default="1e7:1e6", help="N:K of the many-classes check")
    parser.add_argument("--no-memory", action="store_true",
                        help="skip the peers' memory processes")
    parser.add_argument("--top", type=int, default=8,
                        help="rows of each profile of a target missed")
    parser.add_argument("--quick", action="store_true",
                        help=f"tiny sizes, K = 2 and 10, for trying the script: {QUICK}")
    parser.add_argument("--write-docs", action="store_true",
                        help=f"also write exactly what was printed to docs/{DOCS.name}")
    args = parser.parse_args(argv)
    if args.quick:
        for name, value in QUICK.items():
            setattr(args, name, value)
    if args.repeat < 1:
        parser.error("--repeat must be 1 or more")
    if args.min_time < 0:
        parser.error("--min-time must be 0 or more")
    args.sizes, args.classes = integers(args.sizes), integers(args.classes)
    args.kinds, args.workloads = args.kinds.split(","), args.workloads.split(",")
    args.libraries = args.libraries.split(",")
    return args


def main(argv=None):
    arguments = list(sys.argv[1:] if argv is None else argv)
    args = parse(arguments)
    os.environ["POLARS_MAX_THREADS"] = "1"  # read when polars is first imported
    if optional("pyarrow"):
        optional("pyarrow").set_cpu_count(1)
    started = time.perf_counter()
    n_many, k_many = (int(float(v)) for v in args.many_classes.split(":"))
    m = SimpleNamespace(
        n=max(args.sizes), k=10 if 10 in args.classes else args.classes[0],
        string_n=int(float(args.string_size)), small_n=int(float(args.small_size)),
        types_n=int(float(args.types_size or max(args.sizes))), n_many=n_many,
        k_many=k_many, profiles={}, memory=None)
    lines = []

    def say(text=""):
        print(text, flush=True)
        lines.append(text)

    command = "python benchmarks/bench.py" + "".join(f" {a}" for a in arguments)
    say("# permetrics_lite benchmark\n")
    say(f"- command: `{command}`")
    say(f"- date: {datetime.date.today().isoformat()}")
    say(f"- versions: {versions(PEERS)}")
    say(f"- code: permetrics_lite at {revision()}")
    say(f"- machine: {machine()}, shared with other jobs; every library runs in this one "
        "process, on one core (pyarrow and polars held to one thread)")
    say(f"- timing: each time is the median of {args.repeat} interleaved rounds (every "
        "competitor once a round, the order reversed every other round; a run under "
        f"{args.min_time * 1e3:.0f} ms is repeated in a loop, timed whole); times in brackets "
        "are the fastest and the slowest round; each ratio is the ratio of the medians, "
        "with the lowest and highest ratio of one round in brackets")
    say("- labels: 70% right, errors uniform over the classes; text labels are "
        "`class_0`, `class_1`, ...; every section and every workload draws its own "
        "problem\n")

    m.floors = floors(args)
    show_floors(say, m.floors)
    measure_types(args, say, m)
    measure_weights(args, say, m)
    measure_small(args, say, m)
    measure_many(args, say, m)
    measure_peers(args, say, m)
    if not args.no_memory:
        measure_memory_of_peers(args, say, m)
    show_targets(args, say, m)
    show_profiles(args, say, m)
    say(f"\nRun time: {(time.perf_counter() - started) / 60:.1f} min.")
    if args.write_docs:
        DOCS.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
