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
from other jobs falls on all of them; a run shorter than 50 ms is repeated in
a loop (the mean of the loop is that round's time). Each time is the median of
``--repeat`` rounds; each ratio is the ratio of the medians, with the lowest
and highest ratio of a single round in brackets. Every problem is drawn fresh
for each workload. pyarrow and polars are held to one thread. Peak memory:
tracemalloc (numpy's and pandas' allocations) in this process, and, for the
peers' table, the growth of the peak resident size (``VmHWM``) of one child
process per library.

It prints markdown: the machine, the versions, the date and the command, the
tables, and the performance targets with PASS or FAIL (then a profile of the
construction of each input type that misses its target). Run::

    python benchmarks/bench.py --quick        # tiny sizes: two minutes
    python benchmarks/bench.py                # the full run, about 20 minutes
    python benchmarks/bench.py --write-docs   # also writes docs/benchmark-results.md

``--write-docs`` writes exactly what the run printed to
``docs/benchmark-results.md``, which the performance page includes. Run
``python benchmarks/bench.py --help`` for the options. Needs the ``bench``
extra; the Arrow input types need pyarrow, and polars for its Series (without
them, those rows are left out and their targets not measured).
"""

import argparse
import cProfile
import datetime
import gc
import importlib
import json
import math
import os
import platform
import pstats
import re
import signal
import subprocess
import sys
import time
import tracemalloc
import warnings
from pathlib import Path
from types import SimpleNamespace

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
DOCS = Path(__file__).resolve().parent.parent / "docs" / "benchmark-results.md"
MIN_TIME = 0.05  # seconds: a shorter run is repeated in a loop, and the loop timed
OURS_COST = 3  # ours skips a cell of the peers' tables at this many times --cell-cost
SEEDS = {"floors": 0, "types": 1, "weights": 2, "small": 3, "many": 4, "few": 5, "peers": 10}
QUICK = {"sizes": "300,3000", "classes": "2,10", "string_size": "3000",
         "types_size": "3000", "small_size": "1000", "many_classes": "5000:2000"}

# The targets: ratios of median times (peer / ours: at least; ours / reference: at most),
# and extra peak memory in bytes per sample (at most).
TARGETS = {
    "strings_pycm": 10.0,       # 1. ten, object strings, N = 10^6: pycm / ours >=
    "strings_sklearn": 300.0,   # 1. ... scikit-learn / ours >=
    "categorical": 1.2,         # 2. Categorical construction / int64 construction <=
    "arrow": 2.0,               # 3. Arrow-backed strings / int64 construction <=
    "weighted": 2.0,            # 4. weighted / unweighted construction <=
    "many_memory": 8.0,         # 5. K = 10^6: bytes per sample <=
    "many_time": 1.5,           # 5. K = 10^6 / K = 10 construction <=
    "small": 3.0,               # 6. N = 10^4: construction / bincount <=
    "floor": 1.5,               # 7. N = 10^7: int construction / bincount <=
    "int_memory": 4.0,          # 7. ... bytes per sample <=
}
# The targets of earlier versions of this page, int labels at the largest N, K = 10
EARLIER = {"pycm": 30.0, "scikit-learn": 100.0, "permetrics": 300.0, "one_sklearn": 5.0,
           "ten_memory": 8.0}


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


def codes(n_samples, n_classes, seed=0):
    """Integer labels 0..K-1: 70% right, errors uniform over the classes; and weights."""
    rng = np.random.default_rng(seed)
    true = rng.integers(0, n_classes, n_samples)
    pred = np.where(rng.random(n_samples) < 0.7, true, rng.integers(0, n_classes, n_samples))
    return true, pred, rng.random(n_samples)


def names_of(n_classes):
    return np.array([f"class_{i}" for i in range(n_classes)], dtype=object)


def problem(n_samples, n_classes, kind, seed=0):
    """The same arrays for every library: int64 labels, or object strings ``class_i``."""
    true, pred, weight = codes(n_samples, n_classes, seed)
    if kind == "str":
        names = names_of(n_classes)
        true, pred = names[true], names[pred]
    return true, pred, weight


# --------------------------------------------------------------------------
# The same answer: every input type's tallies against the int64 labels' tallies
# --------------------------------------------------------------------------


def assert_same(cm, reference, what):
    """``cm`` (text labels ``class_i``, maybe with extra classes that never occur) has
    the tallies and confusion matrix of ``reference`` (int labels i)."""
    labels, ref = cm.labels, reference.labels
    assert cm.n_samples == reference.n_samples, (what, cm.n_samples, reference.n_samples)
    as_int = np.array([label if isinstance(label, (int, np.integer))
                       else int(label[6:]) if re.fullmatch(r"class_\d+", str(label)) else -1
                       for label in labels.tolist()], dtype=np.int64)
    known = np.isin(as_int, ref)
    where = np.searchsorted(ref, as_int[known])
    mine, theirs = cm._tallies, reference._tallies
    for field in ("tp", "support", "predicted"):
        values = getattr(mine, field)
        assert np.array_equal(values[known], getattr(theirs, field)[where]), (what, field)
        assert not values[~known].any(), (what, field, "an absent class counted")
    assert known.sum() == len(ref), (what, "classes", labels, ref)
    if mine.matrix is not None and theirs.matrix is not None:
        matrix = cm.CM()
        assert np.array_equal(matrix[np.ix_(known, known)], reference.CM()[np.ix_(where, where)]), \
            (what, "confusion matrix")
        assert matrix.sum() == cm.n_samples, (what, "cells outside the known classes")


def assert_weighted(cm, true, pred, weight, n_classes, what):
    expected = np.bincount(true * n_classes + pred, weights=weight,
                           minlength=n_classes ** 2).reshape(n_classes, n_classes)
    assert np.allclose(cm.CM(), expected, rtol=1e-12, atol=0.0), what


# --------------------------------------------------------------------------
# Timing: interleaved rounds, medians; a run over ``budget`` seconds is cut off
# --------------------------------------------------------------------------


class OverBudget(Exception):
    pass


def _alarm(signum, frame):
    raise OverBudget


def _run(function, number, budget):
    """Seconds per call of ``number`` calls in a loop, cut off after ``budget`` a call."""
    gc.collect()
    signal.setitimer(signal.ITIMER_REAL, budget * number)
    try:
        start = time.perf_counter()
        for _ in range(number):
            function()
        return (time.perf_counter() - start) / number
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)


def interleaved(competitors, rounds, budget=float("inf")):
    """{name: [seconds of each round]}, or for a competitor dropped on its way None (a
    run over the budget) or "fails: Error". Each round runs every competitor once, the
    order reversed every other round. A competitor whose first call takes under
    MIN_TIME is timed in loops of enough calls for MIN_TIME from then on (that first
    call untimed)."""
    signal.signal(signal.SIGALRM, _alarm)
    times = {name: [] for name in competitors}
    number = {}
    for round_ in range(rounds):
        names = list(competitors) if round_ % 2 == 0 else list(competitors)[::-1]
        for name in names:
            if not isinstance(times[name], list):
                continue
            try:
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore")
                    if name not in number:
                        first = _run(competitors[name], 1, budget)
                        number[name] = 1 if first >= MIN_TIME else \
                            math.ceil(MIN_TIME / max(first, 1e-7))
                        if number[name] == 1:
                            times[name].append(first)
                            continue
                    times[name].append(_run(competitors[name], number[name], budget))
            except OverBudget:
                times[name] = None
            except Exception as error:  # a peer's limit, reported in the table
                times[name] = f"fails: {type(error).__name__}"
    return times


def median(runs):
    return float(np.median(runs)) if isinstance(runs, list) else runs


def ratio(peer_runs, own_runs):
    """The ratio of the medians and the range of the ratios of single rounds; None
    when either side has no times."""
    if not (isinstance(peer_runs, list) and isinstance(own_runs, list)):
        return None
    rounds = [p / o for p, o in zip(peer_runs, own_runs)]
    return median(peer_runs) / median(own_runs), min(rounds), max(rounds)


def traced_peak(function):
    """The peak of the memory traced (numpy's and pandas' allocations) while
    ``function`` runs, above what was allocated before; and its result."""
    gc.collect()
    tracemalloc.start()
    try:
        tracemalloc.reset_peak()
        before = tracemalloc.get_traced_memory()[0]
        result = function()
        peak = tracemalloc.get_traced_memory()[1] - before
    finally:
        tracemalloc.stop()
    return peak, result


def profile(function, top):
    """The functions of most own time in one run of ``function``, as table rows."""
    profiler = cProfile.Profile()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        profiler.runcall(function)
    stats = pstats.Stats(profiler).stats
    rows = sorted(stats.items(), key=lambda item: item[1][2], reverse=True)[:top]

    def name(key):
        path, line, function = key
        if path == "~":
            return function
        path = path.split("site-packages/")[-1]
        if "permetrics_lite/" in path:
            path = path[path.rindex("permetrics_lite/"):]
        return f"{path}:{line} {function}"

    return [[name(key), calls, f"{own * 1e3:,.1f} ms", f"{cumulative * 1e3:,.1f} ms"]
            for key, (calls, _, own, cumulative, _) in rows]


# --------------------------------------------------------------------------
# Formatting
# --------------------------------------------------------------------------


def fmt_time(seconds):
    if seconds is None:
        return "over budget"
    if isinstance(seconds, str):
        return seconds
    if seconds >= 1:
        return f"{seconds:.2f} s"
    return f"{seconds * 1e3:.3g} ms"


def fmt_runs(runs):
    """The median and, in brackets, the fastest and slowest round."""
    if not isinstance(runs, list):
        return fmt_time(runs)
    return f"{fmt_time(median(runs))} ({fmt_time(min(runs))} – {fmt_time(max(runs))})"


def fmt_spread(value, digits=1):
    """A ratio of medians and, in brackets, the lowest and highest ratio of one round."""
    if value is None:
        return "—"
    middle, low, high = value
    return f"{middle:,.{digits}f}× ({low:,.{digits}f}–{high:,.{digits}f})"


def fmt_ratio(peer, own):
    """peer / own of two times (the other benchmarks' tables)."""
    numbers = all(isinstance(v, float) for v in (peer, own))
    return f"{peer / own:,.1f}×" if numbers else "—"


def table(header, rows):
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    return "\n".join(lines + ["| " + " | ".join(map(str, row)) + " |" for row in rows])


def fmt_n(n):
    return f"{n:.0e}"


def versions():
    from importlib import metadata

    found = {"python": platform.python_version(), "numpy": np.__version__,
             "pandas": pd.__version__}
    for name in ("pyarrow", "polars"):
        module = optional(name)
        found[name] = module.__version__ if module else "not installed"
    found["permetrics_lite"] = permetrics_lite.__version__
    for name in PEERS:
        try:
            found[name] = metadata.version(name)
        except metadata.PackageNotFoundError:
            found[name] = "not installed"
    return ", ".join(f"{name} {version}" for name, version in found.items())


def revision():
    """The commit of the package measured, and whether its files differ from it."""
    package = Path(permetrics_lite.__file__).resolve().parent

    def git(*arguments):
        return subprocess.run(["git", "-C", str(package), *arguments], capture_output=True,
                              text=True, check=True).stdout.strip()

    try:
        commit, changed = git("rev-parse", "--short", "HEAD"), git("status", "--porcelain", ".")
    except (OSError, subprocess.CalledProcessError):
        return "not from a git checkout"
    return f"commit {commit}" + (", with uncommitted changes to the package" if changed else "")


def machine():
    model = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo") as info:
            model = next(line.split(":", 1)[1].strip() for line in info
                         if line.startswith("model name"))
    except (OSError, StopIteration):
        pass
    memory = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    return (f"{platform.machine()} {platform.system()}, {model}, {os.cpu_count()} cores, "
            f"{memory / 2**30:.0f} GiB of memory")


# --------------------------------------------------------------------------
# The floors, and construction over the input types
# --------------------------------------------------------------------------


def floors(args):
    """Construction beside the two floors, int labels: {(N, K): {name: runs}}."""
    rows = {}
    for n_classes in args.classes:
        for n_samples in args.sizes:
            t, p, _ = codes(n_samples, n_classes, SEEDS["floors"])
            rows[n_samples, n_classes] = interleaved({
                "equal": lambda: np.count_nonzero(t == p),
                "tally": lambda: np.bincount(t * n_classes + p, minlength=n_classes ** 2),
                "construct": lambda: ClassificationMetric(t, p),
            }, args.repeat, args.budget)
            progress(f"floors N={fmt_n(n_samples)} K={n_classes}")
    return rows


def optional(name):
    """A module, or None when it is not installed."""
    try:
        return importlib.import_module(name)
    except ImportError:
        return None


def input_types(n_samples, n_classes):
    """{name: (how, y_true, y_pred)}: the labels of one problem in every input type
    (without the Arrow ones when pyarrow is not installed, nor polars without it)."""
    pa, pl = optional("pyarrow"), optional("polars")
    t, p, _ = codes(n_samples, n_classes, SEEDS["types"])
    names = names_of(n_classes)
    categories = list(names)
    other = categories[::-1] + ["class_unused"]  # reordered, and one more that never occurs
    objects = names[t], names[p]
    found = {
        "int64": ("numpy int64", t, p),
        "object": ("numpy object array of str", *objects),
        "categorical": ("pd.Categorical, the same categories",
                        pd.Categorical.from_codes(t, categories),
                        pd.Categorical.from_codes(p, categories)),
        "categorical, different": ("pd.Categorical; y_pred's categories reordered, one more",
                                   pd.Categorical.from_codes(t, categories),
                                   pd.Categorical(objects[1], categories=other)),
    }
    if pa is None:
        return found, (t, p)
    arrow = [pa.array(side, type=pa.string()) for side in objects]
    dictionary = pa.array(categories, type=pa.string())
    found |= {
        "string[pyarrow]": ('pd.Series(..., dtype="string[pyarrow]")',
                            *(pd.Series(side, dtype="string[pyarrow]") for side in objects)),
        "ArrowDtype": ("pd.Series(..., dtype=pd.ArrowDtype(pa.string()))",
                       *(pd.Series(side, dtype=pd.ArrowDtype(pa.string())) for side in arrow)),
        "pandas str": ('pd.Series(..., dtype="str") (pandas\' default strings)',
                       *(pd.Series(side, dtype="str") for side in objects)),
        "pyarrow": ("pa.array(..., pa.string())", *arrow),
        "dictionary": ("pa.DictionaryArray (int32 indices, string values)",
                       *(pa.DictionaryArray.from_arrays(pa.array(side.astype(np.int32)),
                                                        dictionary) for side in (t, p))),
    }
    if pl is not None:
        found["polars"] = ("pl.Series of str", *(pl.Series(side) for side in arrow))
    return found, (t, p)


ENCODE_ALONE = "Arrow's dictionary_encode() of both sides alone"
ARROW_TYPES = ("string[pyarrow]", "ArrowDtype", "pyarrow", "dictionary", "polars")
CATEGORICAL_TYPES = ("categorical", "categorical, different")
TARGET_OF = {**{name: TARGETS["categorical"] for name in CATEGORICAL_TYPES},
             **{name: TARGETS["arrow"] for name in ARROW_TYPES}}


def dtype_seen(values):
    if isinstance(values, np.ndarray):
        return str(values.dtype)
    return str(getattr(values, "dtype", getattr(values, "type", type(values).__name__)))


# --------------------------------------------------------------------------
# The peers' grid
# --------------------------------------------------------------------------


def progress(text):
    print(f"  {text}", file=sys.stderr, flush=True)


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
    """{(workload, kind, N, K): {library: runs, None (over budget), "skipped" or "fails: ..."}}.

    Each cell draws a fresh problem and runs its libraries interleaved. A library
    skips a cell (``skipped``) when its median at the row's previous N, scaled
    to this N, times the rounds, comes to over ``--cell-cost`` seconds (ours:
    OURS_COST times that; the peers skip a cell without ours); after a
    run over the budget, it skips the rest of the row, and when that was at the
    row's smallest N, the same labels and K in the other workloads too. The
    targets' own cells (``spec_sizes``: (workload, kind, N, K)) always run.
    """
    warm_up(args)
    results, last, hopeless = {}, {}, set()
    for w_index, workload in enumerate(args.workloads):
        for kind in args.kinds:
            for n_classes in args.classes:
                for n_samples in args.sizes:
                    key = (workload, kind, n_samples, n_classes)
                    spec = key in spec_sizes
                    row, run = {}, {}
                    for library in (lib for lib in args.libraries if workload in OFFERS[lib]):
                        previous = last.get((workload, kind, n_classes, library))
                        skip = (library, kind, n_classes) in hopeless
                        if previous is not None and not spec:
                            seconds, at = previous
                            cost = args.cell_cost * (OURS_COST if library == "permetrics_lite"
                                                     else 1)
                            skip = skip or seconds is None or \
                                seconds * n_samples / at * args.repeat > cost
                        if skip and not spec:
                            row[library] = "skipped"
                        else:
                            run[library] = None
                    if "permetrics_lite" not in run:  # no ratio to give: no peer runs
                        row = {library: "skipped" for library in list(row) + list(run)}
                        run = {}
                    if run:
                        seed = SEEDS["peers"] + w_index
                        arrays = problem(n_samples, n_classes, kind, seed)
                        if kind == "str" and workload == "ten":
                            check_strings(arrays, n_samples, n_classes, seed)
                        for library in run:
                            adapt = ADAPT.get(library, lambda a: a)
                            run[library] = [adapt(a) for a in arrays]
                        times = interleaved(
                            {lib: (lambda lib=lib, a=a: RUNNERS[lib](workload, *a))
                             for lib, a in run.items()}, args.repeat, args.budget)
                        del arrays, run
                        for library, runs in times.items():
                            row[library] = runs
                            if isinstance(runs, list):
                                last[workload, kind, n_classes, library] = (median(runs),
                                                                            n_samples)
                            else:
                                last[workload, kind, n_classes, library] = (None, n_samples)
                                if runs is None and n_samples == min(args.sizes):
                                    hopeless.add((library, kind, n_classes))
                    results[key] = {lib: row[lib] for lib in args.libraries if lib in row}
                    progress(f"{workload:8} {kind} N={fmt_n(n_samples)} K={n_classes}: "
                             + ", ".join(f"{lib}={fmt_time(median(s))}"
                                         for lib, s in results[key].items()))
    return results


def check_strings(arrays, n_samples, n_classes, seed):
    """Ours on object strings gives the tallies of ours on the int64 labels."""
    t, p, _ = codes(n_samples, n_classes, seed)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        assert_same(ClassificationMetric(arrays[0], arrays[1]), ClassificationMetric(t, p),
                    f"object strings, N={n_samples}, K={n_classes}")


# --------------------------------------------------------------------------
# Peak memory of the peers: one process per library, so that nothing is shared
# --------------------------------------------------------------------------


def _status(field):
    return int(re.search(rf"{field}:\s+(\d+) kB", open("/proc/self/status").read()).group(1))


def measure_memory(library, workload, n_samples, n_classes, kind):
    """Peak resident memory above the inputs while the workload runs, in bytes."""
    t, p, w = (ADAPT.get(library, lambda a: a)(a) for a in problem(n_samples, n_classes, kind))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        RUNNERS[library](workload, t[:10], p[:10], w[:10])  # imports and warm-up outside
        gc.collect()
        before = _status("VmRSS")
        with open("/proc/self/clear_refs", "w") as clear:
            clear.write("5")  # reset the peak (VmHWM) to the current size
        RUNNERS[library](workload, t, p, w)
    return (_status("VmHWM") - before) * 1024


def memory_table(args, libraries, workload, n_samples, n_classes, kind):
    rows = {}
    for library in libraries:
        command = [sys.executable, __file__, "--memory-of", library, "--workload-of", workload,
                   "--size-of", str(n_samples), "--classes-of", str(n_classes), "--kind-of", kind]
        try:
            done = subprocess.run(command, capture_output=True, text=True,
                                  timeout=args.budget * 3)
            rows[library] = json.loads(done.stdout.strip().splitlines()[-1]) \
                if done.returncode == 0 else None
        except (subprocess.TimeoutExpired, IndexError):
            rows[library] = None
        progress(f"memory of {library}: {rows[library]}")
    return rows


# --------------------------------------------------------------------------
# The sections of the report: each measures, then prints through ``say``
# --------------------------------------------------------------------------


def quiet(function):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return function()


def show_floors(say, floor_rows):
    say("## Construction beside the performance floors (int labels)\n")
    rows = [[fmt_n(n), k, fmt_time(median(runs["equal"])), fmt_time(median(runs["tally"])),
             fmt_runs(runs["construct"]), fmt_spread(ratio(runs["construct"], runs["tally"]), 2)]
            for (n, k), runs in floor_rows.items()]
    say(table(["N", "K", "count_nonzero(a == b)", "bincount(a*K + b)", "construct",
               "construct / bincount"], rows))


def measure_types(args, say, m):
    """Every input type: checked against the int64 labels, then timed beside them."""
    found, (t, p) = input_types(m.types_n, m.k)
    reference = quiet(lambda: ClassificationMetric(t, p))
    for name, (_, true, pred) in found.items():
        assert_same(quiet(lambda: ClassificationMetric(true, pred)), reference, name)
    progress(f"input types at N={fmt_n(m.types_n)}: every one gives the int64 tallies")
    runs = {name: (lambda a=a, b=b: ClassificationMetric(a, b))
            for name, (_, a, b) in found.items()}
    if "pyarrow" in found:  # what any Arrow text path pays before it can tally
        _, a, b = found["pyarrow"]
        runs[ENCODE_ALONE] = lambda: (a.dictionary_encode(), b.dictionary_encode())
    m.types = interleaved(runs, args.repeat, args.budget)
    m.profiles.update({name: (lambda a=a, b=b: ClassificationMetric(a, b))
                       for name, (_, a, b) in found.items()})
    say(f"\n## Construction by input type (N={fmt_n(m.types_n)}, K={m.k})\n")
    say("Each input type holds the labels of one int64 problem (as `class_i`), in both "
        "`y_true` and `y_pred`, and gave the same confusion matrix as those int64 labels "
        "before it was timed. The inputs are built before the runs, untimed.\n")
    rows = []
    for name, (how, true, _) in found.items():
        goal = TARGET_OF.get(name)
        rows.append([name, how, dtype_seen(true), fmt_runs(m.types[name]),
                     "1" if name == "int64" else
                     fmt_spread(ratio(m.types[name], m.types["int64"]), 2),
                     f"≤ {goal:g}" if goal else "reported"])
    if ENCODE_ALONE in m.types:
        rows.append([ENCODE_ALONE, "the pyarrow arrays above, no evaluation", "",
                     fmt_runs(m.types[ENCODE_ALONE]),
                     fmt_spread(ratio(m.types[ENCODE_ALONE], m.types["int64"]), 2), "floor"])
    say(table(["input", "built with", "dtype", "construct", "/ int64", "goal"], rows))


def measure_weights(args, say, m):
    """Weighted beside unweighted construction, and the peak memory of both."""
    t, p, w = codes(m.n, m.k, SEEDS["weights"])
    assert_weighted(quiet(lambda: ClassificationMetric(t, p, sample_weight=w)), t, p, w, m.k,
                    "float64 weights")
    m.weighted = interleaved({"unweighted": lambda: ClassificationMetric(t, p),
                              "weighted": lambda: ClassificationMetric(t, p, sample_weight=w)},
                             args.repeat, args.budget)
    m.int_peak, _ = traced_peak(lambda: ClassificationMetric(t, p))
    m.weighted_peak, _ = traced_peak(lambda: ClassificationMetric(t, p, sample_weight=w))
    m.profiles["weighted"] = lambda: ClassificationMetric(t, p, sample_weight=w)
    progress("weights")
    say(f"\n## Weighted construction and memory (int64 labels, N={fmt_n(m.n)}, K={m.k})\n")
    say("The weighted matrix was checked against `np.bincount(t*K + p, weights=w)` "
        "(relative 1e-12). Peak extra memory: tracemalloc's peak (numpy's and pandas' "
        "allocations) during one construction, above what was allocated before; it "
        "includes what the evaluation keeps (the label codes, for query-time weights).\n")
    say(table(["construction", "time", "/ unweighted", "peak extra memory", "bytes per sample"],
              [["unweighted", fmt_runs(m.weighted["unweighted"]), "1",
                f"{m.int_peak / 2**20:,.1f} MiB", f"{m.int_peak / m.n:.2f}"],
               ["float64 sample_weight", fmt_runs(m.weighted["weighted"]),
                fmt_spread(ratio(m.weighted["weighted"], m.weighted["unweighted"]), 2),
                f"{m.weighted_peak / 2**20:,.1f} MiB", f"{m.weighted_peak / m.n:.2f}"]]))


def least_calls(t, p):
    """The NumPy calls an evaluation that keeps codes and a dense matrix cannot do
    without, inlined, with no checks: the range of the labels, both sides as
    narrow codes, one bincount of the cells, the row and column sums and the
    diagonal. Codes from 0, as :func:`codes` draws them."""
    low, high = min(int(t.min()), int(p.min())), max(int(t.max()), int(p.max()))
    span = high - low + 1
    cell = np.min_scalar_type(span * span - 1)
    true, pred = t.astype(cell), p.astype(cell)
    index = np.multiply(true, cell.type(span), dtype=cell)
    index += pred
    matrix = np.bincount(index, None, span * span).reshape(span, span)
    for array in (true, pred, matrix):
        array.setflags(write=False)
    return matrix, np.add.reduce(matrix, 1), np.add.reduce(matrix, 0), matrix.diagonal().copy()


def measure_small(args, say, m):
    t, p, _ = codes(m.small_n, m.k, SEEDS["small"])
    k = m.k
    matrix = np.bincount(t * k + p, minlength=k * k).reshape(k, k)
    for evaluated in (least_calls(t, p)[0], ClassificationMetric(t, p).CM()):
        np.testing.assert_array_equal(evaluated, matrix)
    m.small = interleaved({"tally": lambda: np.bincount(t * k + p, minlength=k * k),
                           "construct": lambda: ClassificationMetric(t, p),
                           "least": lambda: least_calls(t, p)},
                          args.repeat, args.budget)
    m.profiles["small"] = lambda: [ClassificationMetric(t, p) for _ in range(100)]
    say(f"\n## Small inputs (int64, N={fmt_n(m.small_n)}, K={k})\n")
    say("The floor row times the calls no evaluation can skip, inlined with no checks "
        "(`least_calls` in the benchmark): the range of both sides, the narrowed codes, "
        "one bincount of the cells, the row and column sums, the diagonal, and the kept "
        "arrays made read-only.\n")
    say(table(["run", "time", "/ bincount(a*K + b)"],
              [["bincount(a*K + b)", fmt_runs(m.small["tally"]), "1"],
               ["construct", fmt_runs(m.small["construct"]),
                fmt_spread(ratio(m.small["construct"], m.small["tally"]), 2)],
               ["floor: least_calls, alone", fmt_runs(m.small["least"]),
                fmt_spread(ratio(m.small["least"], m.small["tally"]), 2)]]))


def measure_many(args, say, m):
    """K = 10^6 classes beside K = 10, the same N: tallies checked, times, peaks."""
    n, k_many = m.n_many, m.k_many
    tm, pm, _ = codes(n, k_many, SEEDS["many"])
    tk, pk, _ = codes(n, m.k, SEEDS["few"])
    cm = quiet(lambda: ClassificationMetric(tm, pm))
    present = np.union1d(np.unique(tm), np.unique(pm))
    assert np.array_equal(cm.labels, present), "many classes: the labels"
    for field, expected in (("support", np.bincount(tm, minlength=k_many)),
                            ("predicted", np.bincount(pm, minlength=k_many)),
                            ("tp", np.bincount(tm[tm == pm], minlength=k_many))):
        assert np.array_equal(getattr(cm._tallies, field), expected[present]), field
    m.n_found = cm.n_classes
    true_codes, pred_codes = cm._true, cm._pred  # the codes an evaluation keeps
    code_bytes = true_codes.itemsize + pred_codes.itemsize
    del cm

    def queried():
        cm = ClassificationMetric(tm, pm)
        return cm.AS(), cm.BAS(), cm.PCA(), cm.PCA(average="macro"), cm.report()

    def counted():  # the two scatters that the support and predicted counts need
        return (np.bincount(true_codes, minlength=m.n_found),
                np.bincount(pred_codes, minlength=m.n_found))

    m.many = interleaved({"few": lambda: ClassificationMetric(tk, pk),
                          "many": lambda: ClassificationMetric(tm, pm),
                          "queried": queried, "counted": counted}, args.repeat, args.budget)
    m.many_peak, _ = traced_peak(lambda: ClassificationMetric(tm, pm))
    queried_peak, _ = quiet(lambda: traced_peak(queried))
    m.profiles["many"] = lambda: ClassificationMetric(tm, pm)
    progress("many classes")
    say(f"\n## Many classes (N={fmt_n(n)}, K={m.n_found:,})\n")
    say(f"Labels drawn from {k_many:,} values ({m.n_found:,} occur); the tallies were "
        "checked against `np.bincount`. Peak extra memory: tracemalloc, as above.\n")
    say(table(["run", "time", f"/ construct with K = {m.k}", "peak extra memory",
               "bytes per sample"],
              [[f"construct, K = {m.k}", fmt_runs(m.many["few"]), "1", "", ""],
               [f"construct, K = {m.n_found:,}", fmt_runs(m.many["many"]),
                fmt_spread(ratio(m.many["many"], m.many["few"]), 2),
                f"{m.many_peak / 2**20:,.1f} MiB", f"{m.many_peak / n:.2f}"],
               ["construct + AS, BAS, PCA, PCA macro, report", fmt_runs(m.many["queried"]),
                fmt_spread(ratio(m.many["queried"], m.many["few"]), 2),
                f"{queried_peak / 2**20:,.1f} MiB", f"{queried_peak / n:.2f}"],
               ["floor: the kept codes; np.bincount of each side's codes, alone",
                fmt_runs(m.many["counted"]), fmt_spread(ratio(m.many["counted"], m.many["few"]), 2),
                f"{code_bytes * n / 2**20:,.1f} MiB", f"{code_bytes:.2f}"]]))


def measure_peers(args, say, m):
    spec_sizes = {("ten", "str", m.string_n, m.k)} | {
        (workload, "int", m.n, m.k) for workload in ("accuracy", "ten")}
    m.results = results = run_grid(args, spec_sizes)
    for workload, title in WORKLOADS.items():
        if workload not in args.workloads:
            continue
        peers = [lib for lib in args.libraries if lib != "permetrics_lite"
                 and any(lib in row for key, row in results.items() if key[0] == workload)]
        say(f"\n## {title} (`{workload}`)\n")
        rows = []
        for (name, kind, n, k), row in results.items():
            if name != workload:
                continue
            own = row.get("permetrics_lite")
            rows.append([kind, fmt_n(n), k, fmt_runs(own)]
                        + [fmt_time(median(row[lib])) if lib in row else "n/a" for lib in peers]
                        + [fmt_spread(ratio(row.get(lib), own)) for lib in peers])
        say(table(["labels", "N", "K", "ours"] + peers + [f"{lib} / ours" for lib in peers],
                  rows))
    say(f"\nA run that takes longer than {args.budget:g} s is stopped (shown as over the "
        "budget), and that library skips the larger N of its row (and, when stopped at the "
        "smallest N, that K and label kind in the other workloads). A library also skips a "
        f"cell (\"skipped\") when its rounds would take over {args.cell_cost:g} s (ours: "
        f"{args.cell_cost * OURS_COST:g} s, and without ours the peers skip it too), "
        "judged from its median at the previous N; the targets' cells always run. permetrics "
        "takes no object arrays: its string labels are numpy `str`, converted untimed.")


def measure_memory_of_peers(args, say, m):
    libraries = [lib for lib in args.libraries if "ten" in OFFERS[lib]]
    m.memory = memory = memory_table(args, libraries, "ten", m.n, m.k, "int")
    say(f"\n## Peak extra memory, construct + ten metrics (N={fmt_n(m.n)}, K={m.k}, "
        "int labels; one process each, `VmHWM` above the inputs)\n")
    inputs = 2 * 8 * m.n
    say(table(["library", "peak extra", "bytes per sample", "× the two int64 inputs"],
              [(lib, "failed or over budget" if b is None else f"{b / 2**20:,.1f} MiB",
                "—" if b is None else f"{b / m.n:.2f}",
                "—" if b is None else f"{b / inputs:.2f}") for lib, b in memory.items()]))


def lower_bound(row, peer, budget):
    """A peer's ratio to ours, and how to show it: a run stopped by the budget gives
    the bound budget / ours (slower still)."""
    own, theirs = row.get("permetrics_lite"), row.get(peer)
    if not isinstance(own, list) or peer not in row:
        return None, None
    if theirs is None:  # over the budget
        bound = budget / median(own)
        return bound, f"> {bound:,.0f}× (a lower bound: the {budget:g} s budget stopped it)"
    value = ratio(theirs, own)
    return value, None if value is None else fmt_spread(value, 1)


def targets(args, m):
    """[(number, passed or None when not measured, text)]."""
    checks = []

    def target(number, text, value, goal, at_least=False, shown=None, unit="×"):
        """value: a (median, low, high) ratio, a number, or None (not measured)."""
        middle = value[0] if isinstance(value, tuple) else value
        if middle is None:
            checks.append((number, None, f"{text}: not measured in this run"))
            return
        passed = middle >= goal if at_least else middle <= goal
        if shown is None:
            shown = fmt_spread(value, 2) if isinstance(value, tuple) else f"{value:.2f}"
        checks.append((number, passed,
                       f"{text}: {shown} ({'≥' if at_least else '≤'} {goal:g}{unit})"))

    results, n, k = m.results, m.n, m.k
    ten_str = results.get(("ten", "str", m.string_n, k), {})
    for peer, key in (("pycm", "strings_pycm"), ("scikit-learn", "strings_sklearn")):
        value, shown = lower_bound(ten_str, peer, args.budget)
        target(1, f"ten metrics, object strings, N={fmt_n(m.string_n)}, K={k}: {peer} / ours",
               value, TARGETS[key], at_least=True, shown=shown)
    for name in CATEGORICAL_TYPES + ARROW_TYPES:
        target(2 if name in CATEGORICAL_TYPES else 3,
               f"construction, {name} / int64, N={fmt_n(m.types_n)}",
               ratio(m.types.get(name), m.types["int64"]), TARGET_OF[name])
    target(4, f"construction, float64 weights / unweighted, N={fmt_n(n)}",
           ratio(m.weighted["weighted"], m.weighted["unweighted"]), TARGETS["weighted"])
    target(5, f"K = {m.n_found:,}, N={fmt_n(m.n_many)}: peak extra memory of construction, "
           "bytes per sample", m.many_peak / m.n_many, TARGETS["many_memory"], unit="")
    target(5, f"construction, K = {m.n_found:,} / K = {k}, N={fmt_n(m.n_many)}",
           ratio(m.many["many"], m.many["few"]), TARGETS["many_time"])
    target(6, f"small inputs, N={fmt_n(m.small_n)}: construction / bincount floor",
           ratio(m.small["construct"], m.small["tally"]), TARGETS["small"])
    floor = m.floors.get((n, k))
    target(7, f"int64, N={fmt_n(n)}: construction / bincount floor",
           floor and ratio(floor["construct"], floor["tally"]), TARGETS["floor"])
    target(7, f"int64, N={fmt_n(n)}: peak extra memory of construction, bytes per sample",
           m.int_peak / n, TARGETS["int_memory"], unit="")

    # the targets of earlier versions of the page, int labels at the largest N
    accuracy = results.get(("accuracy", "int", n, k), {})
    own = accuracy.get("permetrics_lite")
    medians = {lib: median(runs) for lib, runs in accuracy.items()
               if lib != "permetrics_lite" and isinstance(runs, list)}
    if isinstance(own, list) and medians:
        fastest = min(medians, key=medians.get)
        target("e", f"one accuracy, int, N={fmt_n(n)}: fastest peer ({fastest}) / ours",
               ratio(accuracy[fastest], own), 1.0, at_least=True)
    value, shown = lower_bound(accuracy, "scikit-learn", args.budget)
    target("e", f"one accuracy, int, N={fmt_n(n)}: scikit-learn / ours", value,
           EARLIER["one_sklearn"], at_least=True, shown=shown)
    ten_int = results.get(("ten", "int", n, k), {})
    for peer in ("pycm", "scikit-learn", "permetrics"):
        value, shown = lower_bound(ten_int, peer, args.budget)
        target("e", f"ten metrics, int, N={fmt_n(n)}: {peer} / ours", value, EARLIER[peer],
               at_least=True, shown=shown)
    if m.memory and m.memory.get("permetrics_lite"):
        target("e", "peak extra memory, construct + ten, bytes per sample (VmHWM)",
               m.memory["permetrics_lite"] / n, EARLIER["ten_memory"], unit="")
    return checks


def show_profiles(args, say, m):
    """A cProfile of the construction of each construction target missed."""
    pairs = [(name, ratio(m.types.get(name), m.types["int64"]), TARGET_OF[name])
             for name in CATEGORICAL_TYPES + ARROW_TYPES]
    pairs += [("weighted", ratio(m.weighted["weighted"], m.weighted["unweighted"]),
               TARGETS["weighted"]),
              ("many", ratio(m.many["many"], m.many["few"]), TARGETS["many_time"]),
              ("small", ratio(m.small["construct"], m.small["tally"]), TARGETS["small"])]
    missed = [name for name, value, goal in pairs if value and value[0] > goal]
    if not missed:
        return
    say("\n## Where the time goes in the construction targets missed\n")
    say(f"cProfile of one construction (own time, top {args.top}; `many`: K = "
        f"{m.n_found:,}; `small`: 100 constructions):")
    for name in missed:
        say(f"\n### {name}\n")
        say(table(["function", "calls", "own time", "cumulative"],
                  profile(m.profiles[name], args.top)))


# --------------------------------------------------------------------------
# The run
# --------------------------------------------------------------------------


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
    for name in ("memory-of", "workload-of", "size-of", "classes-of", "kind-of"):
        parser.add_argument(f"--{name}", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.quick:
        for name, value in QUICK.items():
            setattr(args, name, value)
    if args.repeat < 1:
        parser.error("--repeat must be 1 or more")
    args.sizes, args.classes = integers(args.sizes), integers(args.classes)
    args.kinds, args.workloads = args.kinds.split(","), args.workloads.split(",")
    args.libraries = args.libraries.split(",")
    return args


def main(argv=None):
    arguments = list(sys.argv[1:] if argv is None else argv)
    args = parse(arguments)
    if args.memory_of:  # a child process of memory_table()
        print(json.dumps(measure_memory(args.memory_of, args.workload_of, int(args.size_of),
                                        int(args.classes_of), args.kind_of)))
        return 0
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
    say(f"- versions: {versions()}")
    say(f"- code: permetrics_lite at {revision()}")
    say(f"- machine: {machine()}, shared with other jobs; every library runs in this one "
        "process, on one core (pyarrow and polars held to one thread)")
    say(f"- timing: each time is the median of {args.repeat} interleaved rounds (every "
        "competitor once a round, the order reversed every other round; a run under "
        f"{MIN_TIME * 1e3:.0f} ms is repeated in a loop, timed whole); times in brackets "
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

    say(f"\n## Performance targets (N={fmt_n(m.n)}, K={m.k}; strings at "
        f"N={fmt_n(m.string_n)}; input types at N={fmt_n(m.types_n)})\n")
    for number, passed, text in targets(args, m):
        verdict = "NOT MEASURED" if passed is None else "PASS" if passed else "FAIL"
        label = "earlier target" if number == "e" else f"target {number}"
        say(f"- {verdict}: {label}, {text}")
    show_profiles(args, say, m)
    say(f"\nRun time: {(time.perf_counter() - started) / 60:.1f} min.")
    if args.write_docs:
        DOCS.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
