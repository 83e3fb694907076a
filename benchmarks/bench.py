"""permetrics_lite against its peers, side by side in one process.

Every library gets the same arrays for each workload:

- ``accuracy``: one accuracy from fresh arrays;
- ``ten``: ten metrics after one evaluation (accuracy, correct count, balanced
  accuracy, one-vs-rest accuracy per class and its macro mean, the confusion
  matrix, macro precision, recall and F1, MCC);
- ``weighted``: one sample-weighted accuracy from fresh arrays;
- ``report``: the per-class report.

It prints markdown: the two performance floors beside our construction, a table
of times and ratios per workload, peak extra memory per library (each measured
in a separate process), the performance targets, and the many-classes check.

Run ``python benchmarks/bench.py --help`` for the options; the docs'
performance page gives the command behind its numbers. Needs the ``bench``
extra.
"""

import argparse
import gc
import json
import platform
import re
import signal
import subprocess
import sys
import time
import warnings

import numpy as np
import pandas as pd

import permetrics_lite
from permetrics_lite import ClassificationMetric

PEERS = ("scikit-learn", "mlxtend", "pycm", "permetrics")
LIBRARIES = ("permetrics_lite",) + PEERS
WORKLOADS = {
    "accuracy": "one accuracy from fresh arrays",
    "ten": "construct + ten metrics",
    "weighted": "one sample-weighted accuracy from fresh arrays",
    "report": "the per-class report",
}


# --------------------------------------------------------------------------
# Workloads: one function per (library, workload); None where a library has none
# --------------------------------------------------------------------------


def ours(workload, t, p, w):
    if workload == "accuracy":
        return ClassificationMetric(t, p).AS()
    if workload == "weighted":
        return ClassificationMetric(t, p, sample_weight=w).AS()
    cm = ClassificationMetric(t, p)
    if workload == "report":
        return cm.report()
    return (cm.AS(), cm.AS(normalize=False), cm.BAS(), cm.PCA(), cm.PCA(average="macro"),
            cm.CM(), cm.PS(average="macro"), cm.RS(average="macro"), cm.F1S(average="macro"),
            cm.MCC())


def sklearn(workload, t, p, w):
    from sklearn import metrics

    if workload == "accuracy":
        return metrics.accuracy_score(t, p)
    if workload == "weighted":
        return metrics.accuracy_score(t, p, sample_weight=w)
    if workload == "report":
        return metrics.classification_report(t, p, output_dict=True, zero_division=0)
    per_class = metrics.multilabel_confusion_matrix(t, p)
    one_vs_rest = (per_class[:, 0, 0] + per_class[:, 1, 1]) / len(t)
    return (metrics.accuracy_score(t, p), metrics.accuracy_score(t, p, normalize=False),
            metrics.balanced_accuracy_score(t, p), one_vs_rest, one_vs_rest.mean(),
            metrics.confusion_matrix(t, p),
            metrics.precision_score(t, p, average="macro", zero_division=0),
            metrics.recall_score(t, p, average="macro", zero_division=0),
            metrics.f1_score(t, p, average="macro", zero_division=0),
            metrics.matthews_corrcoef(t, p))


def mlxtend(workload, t, p, w):
    from mlxtend.evaluate import accuracy_score

    return accuracy_score(t, p)


def pycm(workload, t, p, w):
    from pycm import ConfusionMatrix

    if workload == "weighted":
        return ConfusionMatrix(actual_vector=t, predict_vector=p, sample_weight=w).Overall_ACC
    cm = ConfusionMatrix(actual_vector=t, predict_vector=p)
    if workload == "accuracy":
        return cm.Overall_ACC
    if workload == "report":
        return cm.class_stat
    return (cm.Overall_ACC, sum(cm.TP.values()), cm.TPR_Macro, cm.ACC, cm.ACC_Macro,
            cm.to_array(), cm.PPV_Macro, cm.TPR_Macro, cm.F1_Macro, cm.Overall_MCC)


def permetrics(workload, t, p, w):
    from permetrics import ClassificationMetric as Permetrics

    if workload == "accuracy":
        return Permetrics(t, p).accuracy_score()
    if workload == "weighted":
        return Permetrics(t, p).accuracy_score(sample_weight=w)
    cm = Permetrics(t, p)
    if workload == "report":
        return (cm.precision_score(average=None), cm.recall_score(average=None),
                cm.f1_score(average=None), cm.confusion_matrix())
    # no balanced or per-class accuracy: macro recall, and one-vs-rest from its matrix
    matrix = cm.confusion_matrix()[0]
    n, diagonal = matrix.sum(), np.diagonal(matrix)
    one_vs_rest = (n - matrix.sum(0) - matrix.sum(1) + 2 * diagonal) / n
    return (cm.accuracy_score(), cm.accuracy_score(normalize=False),
            cm.recall_score(average="macro"), one_vs_rest, one_vs_rest.mean(), matrix,
            cm.precision_score(average="macro"), cm.recall_score(average="macro"),
            cm.f1_score(average="macro"), cm.matthews_correlation_coefficient(average="macro"))


RUNNERS = dict(zip(LIBRARIES, (ours, sklearn, mlxtend, pycm, permetrics)))
# permetrics takes no object arrays: its string labels come as numpy str, converted untimed
ADAPT = {"permetrics": lambda a: a.astype(str) if a.dtype == object else a}
# mlxtend has no sample weights, no multiclass precision, recall or MCC, and no report
OFFERS = {library: tuple(WORKLOADS) for library in LIBRARIES} | {"mlxtend": ("accuracy",)}


def problem(n_samples, n_classes, kind, seed=0):
    """The same arrays for every library: 70% right, errors uniform over the classes."""
    rng = np.random.default_rng(seed)
    true = rng.integers(0, n_classes, n_samples)
    pred = np.where(rng.random(n_samples) < 0.7, true, rng.integers(0, n_classes, n_samples))
    weight = rng.random(n_samples)
    if kind == "str":
        names = np.array([f"class_{i}" for i in range(n_classes)], dtype=object)
        true, pred = names[true], names[pred]
    return true, pred, weight


# --------------------------------------------------------------------------
# Timing: best of ``repeat`` runs, cut off after ``budget`` seconds
# --------------------------------------------------------------------------


class OverBudget(Exception):
    pass


def _alarm(signum, frame):
    raise OverBudget


def timed(function, repeat, budget):
    """Best time of ``repeat`` runs (one when a run takes over a second), or None."""
    signal.signal(signal.SIGALRM, _alarm)
    best = None
    for _ in range(repeat):
        gc.collect()
        signal.setitimer(signal.ITIMER_REAL, budget)
        start = time.perf_counter()
        try:
            function()
        except OverBudget:
            return None
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
        elapsed = time.perf_counter() - start
        best = elapsed if best is None else min(best, elapsed)
        if elapsed > 1.0:
            break
    return best


def warm_up(args):
    """Import every library and run each workload once on a few samples, untimed."""
    for kind in args.kinds:
        arrays = problem(20, 2, kind)
        for library in args.libraries:
            t, p, w = (ADAPT.get(library, lambda a: a)(a) for a in arrays)
            for workload in OFFERS[library]:
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore")
                    try:
                        RUNNERS[library](workload, t, p, w)
                    except Exception:  # reported when timed
                        pass


def run_grid(args, spec_sizes):
    """{(workload, kind, N, K): {library: seconds, None when over budget, or why it fails}}.

    A library that takes over a tenth of the budget skips the larger N of that
    row, except at the targets' own sizes (``spec_sizes``: (kind, N, K) triples),
    which always run until the budget cuts them off.
    """
    warm_up(args)
    results, over = {}, set()
    for kind in args.kinds:
        for n_classes in args.classes:
            for n_samples in args.sizes:
                arrays = problem(n_samples, n_classes, kind)
                for workload in args.workloads:
                    row = results.setdefault((workload, kind, n_samples, n_classes), {})
                    for library in (lib for lib in args.libraries if workload in OFFERS[lib]):
                        key = (workload, kind, n_classes, library)
                        if key in over and (kind, n_samples, n_classes) not in spec_sizes:
                            row[library] = None
                            continue
                        t, p, w = (ADAPT.get(library, lambda a: a)(a) for a in arrays)
                        try:
                            with warnings.catch_warnings():
                                warnings.simplefilter("ignore")
                                seconds = timed(lambda: RUNNERS[library](workload, t, p, w),
                                                args.repeat, args.budget)
                        except Exception as error:  # a peer's limit, reported in the table
                            seconds = f"fails: {type(error).__name__}"
                        row[library] = seconds
                        if not isinstance(seconds, float) or seconds * 10 > args.budget:
                            over.add(key)
                    print(f"  {workload:8} {kind} N={n_samples:.0e} K={n_classes}: "
                          + ", ".join(f"{lib}={fmt_time(s)}" for lib, s in row.items()),
                          file=sys.stderr, flush=True)
    return results


def floors(args):
    """The two performance floors beside our construction, integer labels."""
    rows = []
    for n_classes in args.classes:
        for n_samples in args.sizes:
            t, p, _ = problem(n_samples, n_classes, "int")
            equal = timed(lambda: np.count_nonzero(t == p), args.repeat, args.budget)
            tally = timed(lambda: np.bincount(t * n_classes + p, minlength=n_classes ** 2),
                          args.repeat, args.budget)
            build = timed(lambda: ClassificationMetric(t, p), args.repeat, args.budget)
            rows.append((n_samples, n_classes, equal, tally, build))
    return rows


# --------------------------------------------------------------------------
# Peak memory: one process per library, so that nothing is shared or cached
# --------------------------------------------------------------------------


def _status(field):
    return int(re.search(rf"{field}:\s+(\d+) kB", open("/proc/self/status").read()).group(1))


def measure_memory(library, workload, n_samples, n_classes, kind):
    """Peak resident memory above the inputs while the workload runs, in bytes."""
    t, p, w = problem(n_samples, n_classes, kind)
    RUNNERS[library](workload, t[:10], p[:10], w[:10])  # imports and warm-up outside
    gc.collect()
    before = _status("VmRSS")
    with open("/proc/self/clear_refs", "w") as clear:
        clear.write("5")  # reset the peak (VmHWM) to the current size
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        RUNNERS[library](workload, t, p, w)
    return (_status("VmHWM") - before) * 1024


def memory_table(args, libraries, workload, n_samples, n_classes, kind):
    rows = {}
    for library in libraries:
        command = [sys.executable, __file__, "--memory-of", library, "--workload-of", workload,
                   "--size-of", str(n_samples), "--classes-of", str(n_classes), "--kind-of", kind]
        try:
            done = subprocess.run(command, capture_output=True, text=True, timeout=args.budget * 4)
            rows[library] = json.loads(done.stdout.strip().splitlines()[-1]) if done.returncode == 0 \
                else None
        except (subprocess.TimeoutExpired, IndexError):
            rows[library] = None
    return rows


def many_classes(n_samples, n_classes):
    """The last performance target: AS, BAS, PCA and report with K classes, in O(N + K)."""
    t, p, _ = problem(n_samples, n_classes, "int")
    gc.collect()
    before = _status("VmRSS")
    with open("/proc/self/clear_refs", "w") as clear:
        clear.write("5")
    start = time.perf_counter()
    cm = ClassificationMetric(t, p)
    built = time.perf_counter() - start
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        cm.AS(), cm.BAS(), cm.PCA(), cm.PCA(average="macro"), cm.report()
    return {"classes": cm.n_classes, "construct": built,
            "total": time.perf_counter() - start,
            "peak": (_status("VmHWM") - before) * 1024}


# --------------------------------------------------------------------------
# Markdown
# --------------------------------------------------------------------------


def fmt_time(seconds):
    if seconds is None:
        return "over budget"
    if isinstance(seconds, str):
        return seconds
    if seconds >= 1:
        return f"{seconds:.2f} s"
    return f"{seconds * 1e3:.3g} ms"


def fmt_ratio(peer, own):
    numbers = all(isinstance(v, float) for v in (peer, own))
    return f"{peer / own:,.1f}×" if numbers else "—"


def table(header, rows):
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    return "\n".join(lines + ["| " + " | ".join(map(str, row)) + " |" for row in rows])


def versions():
    from importlib import metadata

    found = {"python": platform.python_version(), "numpy": np.__version__,
             "pandas": pd.__version__, "permetrics_lite": permetrics_lite.__version__}
    for name in PEERS:
        try:
            found[name] = metadata.version(name)
        except metadata.PackageNotFoundError:
            found[name] = "not installed"
    return ", ".join(f"{name} {version}" for name, version in found.items())


def targets(results, floor_rows, memory, main, budget):
    """The targets' ratios at their own sizes, when this run measured them."""
    n_main, n_str, k = main
    lines = []

    def row(target, measured, goal, met):
        lines.append((target, measured, goal, "yes" if met else "**no**"))

    for n_samples, n_classes, _, tally, build in floor_rows:
        if (n_samples, n_classes) == (n_main, k) and tally and build:
            row("construction / bincount floor", f"{build / tally:.2f}", "≤ 1.5", build / tally <= 1.5)
    accuracy = results.get(("accuracy", "int", n_main, k), {})
    own = accuracy.get("permetrics_lite")
    if own:
        fastest = min((s, lib) for lib, s in accuracy.items()
                      if lib != "permetrics_lite" and isinstance(s, float))
        row(f"one accuracy: fastest peer ({fastest[1]}) / ours", fmt_ratio(fastest[0], own),
            "> 1", fastest[0] > own)
        if isinstance(accuracy.get("scikit-learn"), float):
            ratio = accuracy["scikit-learn"] / own
            row("one accuracy: scikit-learn / ours", fmt_ratio(accuracy["scikit-learn"], own),
                "≥ 5×", ratio >= 5)
    for kind, n_samples, goals in (("int", n_main, {"pycm": 30, "scikit-learn": 100,
                                                     "permetrics": 300}),
                                   ("str", n_str, {"pycm": 2.5, "scikit-learn": 100})):
        ten = results.get(("ten", kind, n_samples, k), {})
        own = ten.get("permetrics_lite")
        for peer, goal in goals.items():
            if own and peer in ten:
                peer_time = ten[peer]
                if isinstance(peer_time, float):
                    met, measured = peer_time / own >= goal, fmt_ratio(peer_time, own)
                else:  # cut off by the budget: slower still
                    met, measured = budget / own >= goal, f"> {budget / own:,.0f}× (over budget)"
                row(f"ten metrics, {kind} labels, N={n_samples:.0e}: {peer} / ours", measured,
                    f"≥ {goal}×", met)
    if memory and memory.get("permetrics_lite"):
        per_sample = memory["permetrics_lite"] / n_main
        row("peak extra memory, construct + ten (bytes per sample)", f"{per_sample:.2f}",
            "≤ 8", per_sample <= 8)
    return lines


def integers(text):
    """"1e4,1e5" -> [10000, 100000]."""
    return [int(float(value)) for value in text.split(",")]


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="1e4,1e5,1e6,1e7", help="values of N")
    parser.add_argument("--classes", default="2,10,100,10000", help="values of K")
    parser.add_argument("--kinds", default="int,str", help="label kinds: int, str")
    parser.add_argument("--workloads", default=",".join(WORKLOADS))
    parser.add_argument("--libraries", default=",".join(LIBRARIES))
    parser.add_argument("--repeat", type=int, default=3, help="best of this many runs")
    parser.add_argument("--budget", type=float, default=30.0,
                        help="seconds a run may take; a library over a tenth of it skips larger N")
    parser.add_argument("--string-size", default="1e6", help="N of the string-label target")
    parser.add_argument("--many-classes", default="1e7:1e6", help="N:K of the many-classes check")
    parser.add_argument("--no-memory", action="store_true", help="skip the memory processes")
    for name in ("memory-of", "workload-of", "size-of", "classes-of", "kind-of"):
        parser.add_argument(f"--{name}", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.memory_of:  # a child process of memory_table()
        print(json.dumps(measure_memory(args.memory_of, args.workload_of, int(args.size_of),
                                        int(args.classes_of), args.kind_of)))
        return
    args.sizes, args.classes = integers(args.sizes), integers(args.classes)
    args.kinds, args.workloads = args.kinds.split(","), args.workloads.split(",")
    args.libraries = args.libraries.split(",")
    main_n, main_k, string_n = max(args.sizes), 10 if 10 in args.classes else args.classes[0], \
        int(float(args.string_size))

    print("# permetrics_lite benchmark\n")
    print(f"- command: `python benchmarks/{' '.join(['bench.py'] + (argv or sys.argv[1:]))}`")
    print(f"- versions: {versions()}")
    print(f"- machine: {platform.machine()} {platform.system()}; every library runs single-threaded, "
          "one after the other, in this one process\n")

    floor_rows = floors(args)
    print("## Construction beside the performance floors (int labels)\n")
    print(table(["N", "K", "count_nonzero(a == b)", "bincount(a*K + b)", "construct",
                 "construct / bincount"],
                [(f"{n:.0e}", k, fmt_time(e), fmt_time(b), fmt_time(c), f"{c / b:.2f}")
                 for n, k, e, b, c in floor_rows]))

    results = run_grid(args, {("int", main_n, main_k), ("str", string_n, main_k)})
    for workload, title in WORKLOADS.items():
        if workload not in args.workloads:
            continue
        peers = [lib for lib in args.libraries if lib != "permetrics_lite"
                 and any(lib in row for key, row in results.items() if key[0] == workload)]
        print(f"\n## {title} (`{workload}`)\n")
        rows = []
        for (name, kind, n, k), row in results.items():
            if name != workload:
                continue
            own = row.get("permetrics_lite")
            rows.append([kind, f"{n:.0e}", k, fmt_time(own)]
                        + [fmt_time(row[lib]) if lib in row else "n/a" for lib in peers]
                        + [fmt_ratio(row.get(lib), own) for lib in peers])
        print(table(["labels", "N", "K", "ours"] + peers + [f"{lib} / ours" for lib in peers],
                    rows))

    memory = None
    if not args.no_memory:
        libraries = [lib for lib in args.libraries if "ten" in OFFERS[lib]]
        memory = memory_table(args, libraries, "ten", main_n, main_k, "int")
        print(f"\n## Peak extra memory, construct + ten metrics (N={main_n:.0e}, K={main_k}, "
              "int labels; one process each)\n")
        inputs = 2 * 8 * main_n
        print(table(["library", "peak extra", "bytes per sample", "× the two int64 inputs"],
                    [(lib, "failed or over budget" if b is None else f"{b / 2**20:,.1f} MiB",
                      "—" if b is None else f"{b / main_n:.2f}",
                      "—" if b is None else f"{b / inputs:.2f}") for lib, b in memory.items()]))

    n_many, k_many = (int(float(v)) for v in args.many_classes.split(":"))
    many = many_classes(n_many, k_many)
    print(f"\n## Many classes (N={n_many:.0e}, K={many['classes']:,})\n")
    print(table(["construct", "construct + AS, BAS, PCA, PCA macro, report", "peak extra memory"],
                [(fmt_time(many["construct"]), fmt_time(many["total"]),
                  f"{many['peak'] / 2**20:,.1f} MiB ({many['peak'] / n_many:.1f} bytes per sample)")]))

    print(f"\n## Performance targets (N={main_n:.0e}, K={main_k}; strings at N={string_n:.0e})\n")
    lines = targets(results, floor_rows, memory, (main_n, string_n, main_k), args.budget)
    print(table(["target", "measured", "goal", "met"], lines) if lines
          else "Not measured: this run does not include the targets' sizes.")


if __name__ == "__main__":
    main()
