"""Score metrics from one cached ranking: permetrics_lite beside scikit-learn on the same arrays.

``from_scores`` keeps the scores; the first score query sorts them once into a
ranking (the distinct scores and the count of each class at each) that every
later query reads. The workloads, each timed against scikit-learn's functions
on the same arrays, after checking that both give the same values:

- ``five``: binary 1-D float64 probabilities (a noisy logistic model, ~30%
  positives, unweighted). Ours: one ``from_scores``, then ``AUC``, ``APS``,
  ``LL``, ``BSL`` and ``roc_curve``. scikit-learn: ``roc_auc_score``,
  ``average_precision_score``, ``log_loss``, ``brier_score_loss`` and
  ``roc_curve``.
- ``threshold curve``: ours ``from_scores(...).threshold_curve()`` (a fresh
  evaluation: the sort included), and ``threshold_curve()`` alone on an
  evaluation whose ranking is cached, against
  ``sklearn.metrics.confusion_matrix_at_thresholds``.
- ``memory``: the bytes per sample of the cached ranking (the arrays in the
  evaluation's ``_cache`` after the first score query), beside the arrays the
  evaluation keeps from construction, and the tracemalloc peak of the first
  query.
- ``queries``: where the time goes: each query alone (construction, the first
  query, which sorts, then each query on the cached ranking) beside
  scikit-learn's function for it and the bare sorts, plus a cProfile of one
  run of ``five`` and of the fresh threshold curve.
- ``multiclass``: an (N, K) probability matrix. Ours: ``from_scores``, then
  ``AUC`` (one-vs-rest), ``APS``, ``LL`` and ``BSL``; scikit-learn's four.
  And a fresh evaluation's ``AUC(multi_class="ovo")`` against
  ``roc_auc_score(multi_class="ovo")``.

The competitors run interleaved (ours, theirs; theirs, ours; ...), so that
load from other jobs on the machine falls on both; each time is the median of
``--repeat`` rounds, and each ratio is the ratio of the medians (with the
lowest and highest ratio of one round). It prints markdown and the targets
with PASS or FAIL. Needs the ``bench`` extra (scikit-learn >= 1.8 for
``confusion_matrix_at_thresholds``). Run
``python benchmarks/bench_score_metrics.py --help`` for the options.
"""

import argparse
import math
import platform
import sys
import warnings

import numpy as np
import pandas as pd

import permetrics_lite
from harness import interleaved, median, profile, ratio, traced_peak  # beside this script
from page import fmt_spread, fmt_time, table
from permetrics_lite import ClassificationMetric

TARGETS = {"five": 4.0, "curve": 3.0, "cache": 16.0}  # ratios (≥) and bytes per sample (≤)
QUICK = {"size": 2000, "multiclass_size": 1000, "classes": 3, "repeat": 1}


# --------------------------------------------------------------------------
# The problems: the same arrays for both libraries
# --------------------------------------------------------------------------


def binary_problem(n_samples, seed=0):
    """Labels drawn from a logistic model; scores from the model seen through noise:
    float64 probabilities, almost all distinct, about 30% positives."""
    rng = np.random.default_rng(seed)
    logit = -1.1 + 1.5 * rng.standard_normal(n_samples)
    y_true = (rng.random(n_samples) < 1 / (1 + np.exp(-logit))).astype(np.int64)
    y_score = 1 / (1 + np.exp(-(logit + 0.8 * rng.standard_normal(n_samples))))
    return y_true, y_score


def multiclass_problem(n_samples, n_classes, seed=0):
    """Uniform classes; rows of probabilities (a softmax) favouring the true class."""
    rng = np.random.default_rng(seed)
    y_true = rng.integers(0, n_classes, n_samples)
    logits = rng.standard_normal((n_samples, n_classes))
    logits[np.arange(n_samples), y_true] += 1.5
    logits = np.exp(logits - logits.max(axis=1, keepdims=True))
    return y_true, logits / logits.sum(axis=1, keepdims=True)


# --------------------------------------------------------------------------
# The workloads: ours and scikit-learn's, each returning what it computed
# --------------------------------------------------------------------------


def ours_five(y_true, y_score):
    cm = ClassificationMetric.from_scores(y_true, y_score)
    return cm.AUC(), cm.APS(), cm.LL(), cm.BSL(), cm.roc_curve()


def sklearn_five(y_true, y_score):
    from sklearn import metrics

    return (metrics.roc_auc_score(y_true, y_score),
            metrics.average_precision_score(y_true, y_score),
            metrics.log_loss(y_true, y_score), metrics.brier_score_loss(y_true, y_score),
            metrics.roc_curve(y_true, y_score))


def ours_curve(y_true, y_score):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # no metric is undefined here; to be sure
        return ClassificationMetric.from_scores(y_true, y_score).threshold_curve()


def cached_curve(cm):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return cm.threshold_curve()


def sklearn_curve(y_true, y_score):
    from sklearn.metrics import confusion_matrix_at_thresholds

    return confusion_matrix_at_thresholds(y_true, y_score)


def ours_multiclass(y_true, matrix):
    cm = ClassificationMetric.from_scores(y_true, matrix)
    return cm.AUC(), cm.APS(), cm.LL(), cm.BSL()


def sklearn_multiclass(y_true, matrix):
    from sklearn import metrics

    return (metrics.roc_auc_score(y_true, matrix, multi_class="ovr"),
            metrics.average_precision_score(y_true, matrix),
            metrics.log_loss(y_true, matrix), metrics.brier_score_loss(y_true, matrix))


def ours_ovo(y_true, matrix):
    return ClassificationMetric.from_scores(y_true, matrix).AUC(multi_class="ovo")


def sklearn_ovo(y_true, matrix):
    from sklearn.metrics import roc_auc_score

    return roc_auc_score(y_true, matrix, multi_class="ovo")


# each query of a binary evaluation whose ranking is cached, and scikit-learn's function for it
def _sklearn_queries():
    from sklearn import metrics
    from sklearn.calibration import calibration_curve

    return {
        "AUC()": (lambda cm: cm.AUC(), metrics.roc_auc_score),
        "APS()": (lambda cm: cm.APS(), metrics.average_precision_score),
        "LL()": (lambda cm: cm.LL(), metrics.log_loss),
        "BSL()": (lambda cm: cm.BSL(), metrics.brier_score_loss),
        "roc_curve()": (lambda cm: cm.roc_curve(), metrics.roc_curve),
        "precision_recall_curve()": (lambda cm: cm.precision_recall_curve(),
                                     metrics.precision_recall_curve),
        "det_curve()": (lambda cm: cm.det_curve(), metrics.det_curve),
        "calibration_curve()": (lambda cm: cm.calibration_curve(),
                                lambda t, s: calibration_curve(t, s, n_bins=5)),
        "ECE()": (lambda cm: cm.ECE(), None),
        "threshold_curve()": (cached_curve, metrics.confusion_matrix_at_thresholds),
    }


# --------------------------------------------------------------------------
# Checks: the same answers, before anything is timed
# --------------------------------------------------------------------------


def same_number(ours, theirs, what):
    assert math.isclose(ours, theirs, rel_tol=1e-12, abs_tol=0.0), (what, ours, theirs)


def same_arrays(ours, theirs, what):
    for index, (a, b) in enumerate(zip(ours, theirs, strict=True)):
        assert np.array_equal(a, b), (what, index)


def check_five(y_true, y_score):
    ours, theirs = ours_five(y_true, y_score), sklearn_five(y_true, y_score)
    for name, a, b in zip(("AUC", "APS", "LL", "BSL"), ours, theirs):
        same_number(a, b, name)
    same_arrays(ours[4], theirs[4], "roc_curve")


def check_curve(curve, y_true, y_score):
    tns, fps, fns, tps, thresholds = sklearn_curve(y_true, y_score)
    ascending = [curve[column].to_numpy()[::-1]
                 for column in ("tn", "fp", "fn", "tp", "threshold")]
    same_arrays(ascending, (tns, fps, fns, tps, thresholds), "threshold_curve")


def close_arrays(ours, theirs, what):
    for index, (a, b) in enumerate(zip(ours, theirs, strict=True)):
        assert a.shape == b.shape and np.allclose(a, b, rtol=1e-12, atol=0.0), (what, index)


def check_queries(cm, y_true, y_score):
    for name, (ours, theirs) in _sklearn_queries().items():
        if name == "threshold_curve()":
            check_curve(ours(cm), y_true, y_score)
        elif name == "calibration_curve()":  # the bins' mean scores are float sums
            close_arrays(ours(cm), theirs(y_true, y_score), name)
        elif theirs is not None and name.endswith("curve()"):
            same_arrays(ours(cm), theirs(y_true, y_score), name)
        elif theirs is not None:
            same_number(ours(cm), theirs(y_true, y_score), name)
    # ECE: the bin-weighted gap of the calibration curve's bins (scikit-learn has none)
    prob_true, prob_pred = cm.calibration_curve(n_bins=10)
    weight = np.bincount(np.searchsorted(np.linspace(0, 1, 11)[1:-1], y_score), minlength=10)
    weight = weight[weight > 0]
    same_number(cm.ECE(), np.dot(weight, np.abs(prob_true - prob_pred)) / len(y_score), "ECE")


def check_multiclass(y_true, matrix):
    for name, a, b in zip(("AUC ovr", "APS", "LL", "BSL"), ours_multiclass(y_true, matrix),
                          sklearn_multiclass(y_true, matrix)):
        same_number(a, b, name)
    same_number(ours_ovo(y_true, matrix), sklearn_ovo(y_true, matrix), "AUC ovo")


# --------------------------------------------------------------------------
# Timing: interleaved rounds, medians
# --------------------------------------------------------------------------


def comparison_row(label, own_runs, peer_runs):
    return [label, fmt_time(median(own_runs)), fmt_time(median(peer_runs)),
            fmt_spread(ratio(peer_runs, own_runs), digits=2)]


# --------------------------------------------------------------------------
# Memory
# --------------------------------------------------------------------------


def nbytes(value):
    """The bytes of the numpy arrays in a value (nested tuples, lists and dicts)."""
    if isinstance(value, np.ndarray):
        return value.nbytes
    if isinstance(value, dict):
        return sum(nbytes(item) for item in value.values())
    if isinstance(value, (tuple, list)):
        return sum(nbytes(item) for item in value)
    return 0


def memory(y_true, y_score):
    n = len(y_score)
    cm = ClassificationMetric.from_scores(y_true, y_score)
    kept = {
        "scores kept (`_scored.scores`)": cm.state.scored.scores.nbytes,
        "label codes (`_true`, `_pred`)": cm.state.samples.true.nbytes + cm.state.samples.pred.nbytes,
        "true-class ranks (`_scored.ranks`)": cm.state.scored.ranks.nbytes,
    }
    shares = np.shares_memory(cm.state.scored.scores, y_score)
    construct_peak = traced_peak(lambda: ClassificationMetric.from_scores(y_true, y_score))[0]
    first_peak = traced_peak(cm.AUC)[0]
    cache_first = nbytes(cm.state.cache)
    keys_first = sorted(cm.state.cache)
    for query in ("APS", "LL", "BSL", "roc_curve", "precision_recall_curve", "det_curve",
                  "calibration_curve", "ECE"):
        getattr(cm, query)()
    cached_curve(cm)
    cache_all = nbytes(cm.state.cache)
    ranking = cm.state.cache["positive"]
    from sklearn.metrics import roc_auc_score

    sklearn_peak = traced_peak(lambda: roc_auc_score(y_true, y_score))[0]
    rows = [["cached ranking after the first query (`_cache`: "
             + ", ".join(f"`{key}`" for key in keys_first) + ")", cache_first],
            ["`_cache` after every binary score query", cache_all]]
    rows += [[name, size] for name, size in kept.items()]
    peaks = [["`from_scores` (construction)", construct_peak],
             ["first score query (`AUC()`: the sort)", first_peak],
             ["scikit-learn `roc_auc_score`", sklearn_peak]]
    return {"n": n, "distinct": len(ranking.thresholds), "ranking": ranking, "shares": shares,
            "rows": rows, "peaks": peaks, "cache": cache_first / n}


def per_sample(size, n):
    return f"{size / 2**20:,.1f} MiB", f"{size / n:.2f}"


# --------------------------------------------------------------------------
# Where the time goes
# --------------------------------------------------------------------------


def queries(y_true, y_score, repeat):
    """Median times of each part: the bare sorts, construction, the first query,
    then each query on the cached ranking, beside scikit-learn's function."""
    pairs = _sklearn_queries()
    cm = ClassificationMetric.from_scores(y_true, y_score)
    cm.AUC()
    fresh = {"first": None}

    def fresh_state():  # before every run: a fresh evaluation, built untimed
        fresh["first"] = ClassificationMetric.from_scores(y_true, y_score)

    def first_query():
        fresh["first"].AUC()

    sorts = interleaved({"ours": lambda: np.sort(y_score),
                         "theirs": lambda: np.argsort(y_score, kind="mergesort")}, repeat)
    rows = [comparison_row("the sort alone: np.sort(scores) / np.argsort(scores, "
                           "kind='mergesort') (scikit-learn's)", sorts["ours"], sorts["theirs"])]
    build = interleaved({"ours": lambda: ClassificationMetric.from_scores(y_true, y_score)},
                        repeat)["ours"]
    rows.append(["from_scores (construction)", fmt_time(median(build)), "—", "—"])
    first = interleaved({"ours": first_query,
                         "theirs": lambda: pairs["AUC()"][1](y_true, y_score)},
                        repeat, setup=fresh_state)
    rows.append(comparison_row("first query: AUC() (ranks; construction untimed) / "
                               "roc_auc_score", first["ours"], first["theirs"]))
    for name, (own, theirs) in pairs.items():
        competitors = {"ours": lambda own=own: own(cm)}
        if theirs is not None:
            competitors["theirs"] = lambda theirs=theirs: theirs(y_true, y_score)
        times = interleaved(competitors, repeat)
        if theirs is None:
            rows.append([f"{name}, cached", fmt_time(median(times["ours"])), "—", "—"])
        else:
            rows.append(comparison_row(f"{name}, cached", times["ours"], times["theirs"]))
    return rows


# --------------------------------------------------------------------------
# Report
# --------------------------------------------------------------------------


def versions():
    from importlib import metadata

    found = {"python": platform.python_version(), "numpy": np.__version__,
             "pandas": pd.__version__, "permetrics_lite": permetrics_lite.__version__,
             "scikit-learn": metadata.version("scikit-learn")}
    return ", ".join(f"{name} {version}" for name, version in found.items())


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", default="1e7", help="N of the binary workloads")
    parser.add_argument("--multiclass-size", default="1e6", help="N of the multiclass row")
    parser.add_argument("--classes", type=int, default=10, help="K of the multiclass row")
    parser.add_argument("--repeat", type=int, default=5, help="median of this many rounds")
    parser.add_argument("--top", type=int, default=12, help="rows of each profile")
    parser.add_argument("--quick", action="store_true",
                        help=f"tiny sizes, one round (the tests' run): {QUICK}")
    args = parser.parse_args(argv)
    if args.quick:
        args.size, args.multiclass_size = QUICK["size"], QUICK["multiclass_size"]
        args.classes, args.repeat = QUICK["classes"], QUICK["repeat"]
    n, n_multi = int(float(args.size)), int(float(args.multiclass_size))
    repeat = args.repeat

    command = " ".join(["bench_score_metrics.py"] + list(sys.argv[1:] if argv is None else argv))
    print("# Score metrics from one cached ranking\n")
    print(f"- command: `python benchmarks/{command}`")
    print(f"- versions: {versions()}")
    print(f"- machine: {platform.machine()} {platform.system()}, shared with other jobs: "
          f"each time is the median of {repeat} interleaved rounds; ratios are "
          "scikit-learn / ours (the lowest and highest of one round in brackets)\n")

    y_true, y_score = binary_problem(n)
    check_five(y_true, y_score)
    curve = ours_curve(y_true, y_score)
    check_curve(curve, y_true, y_score)
    distinct, positives = len(curve), float(y_true.mean())
    del curve
    cached = ClassificationMetric.from_scores(y_true, y_score)
    check_queries(cached, y_true, y_score)  # also caches its ranking

    print(f"## Binary: construct + AUC, APS, LL, BSL, roc_curve (N = {n:.0e}, "
          f"{distinct:,} distinct scores, {positives:.1%} positives)\n")
    five = interleaved({"ours": lambda: ours_five(y_true, y_score),
                        "theirs": lambda: sklearn_five(y_true, y_score)}, repeat)
    print(table(["workload", "permetrics_lite", "scikit-learn", "scikit-learn / ours"],
                [comparison_row("from_scores + AUC, APS, LL, BSL, roc_curve / "
                                "roc_auc_score, average_precision_score, log_loss, "
                                "brier_score_loss, roc_curve", five["ours"], five["theirs"])]))

    print(f"\n## Binary: threshold_curve against confusion_matrix_at_thresholds (N = {n:.0e})\n")
    curves = interleaved({"fresh": lambda: ours_curve(y_true, y_score),
                          "cached": lambda: cached_curve(cached),
                          "theirs": lambda: sklearn_curve(y_true, y_score)}, repeat)
    print(table(["workload", "permetrics_lite", "scikit-learn", "scikit-learn / ours"],
                [comparison_row("from_scores + threshold_curve() (fresh: sorts)",
                                curves["fresh"], curves["theirs"]),
                 comparison_row("threshold_curve() on a cached ranking",
                                curves["cached"], curves["theirs"])]))

    print(f"\n## Memory of the cached score state (N = {n:.0e})\n")
    found = memory(y_true, y_score)
    ranking = found["ranking"]
    print(f"The ranking: {found['distinct']:,} distinct scores, `thresholds` "
          f"{ranking.thresholds.dtype}, `pos` and `neg` {ranking.pos.dtype}. The kept "
          f"scores {'share' if found['shares'] else 'do not share'} memory with the "
          "caller's array.\n")
    print(table(["arrays", "size", "bytes per sample"],
                [[name, *per_sample(size, n)] for name, size in found["rows"]]))
    print("\nPeak traced memory (tracemalloc) above what was allocated before:\n")
    print(table(["run", "peak", "bytes per sample"],
                [[name, *per_sample(size, n)] for name, size in found["peaks"]]))

    print(f"\n## Where the time goes (N = {n:.0e})\n")
    print(table(["part", "permetrics_lite", "scikit-learn", "scikit-learn / ours"],
                queries(y_true, y_score, repeat)))
    print("\ncProfile of one `from_scores` + AUC, APS, LL, BSL, roc_curve "
          f"(own time, top {args.top}):\n")
    print(table(["function", "calls", "own time", "cumulative"],
                profile(lambda: ours_five(y_true, y_score), args.top)))
    print(f"\ncProfile of one `from_scores` + threshold_curve() (own time, top {args.top}):\n")
    print(table(["function", "calls", "own time", "cumulative"],
                profile(lambda: ours_curve(y_true, y_score), args.top)))
    del y_true, y_score, cached

    y_multi, matrix = multiclass_problem(n_multi, args.classes)
    check_multiclass(y_multi, matrix)
    print(f"\n## Multiclass (N = {n_multi:.0e}, K = {args.classes} probabilities)\n")
    multi = interleaved({"ours": lambda: ours_multiclass(y_multi, matrix),
                         "theirs": lambda: sklearn_multiclass(y_multi, matrix),
                         "ours ovo": lambda: ours_ovo(y_multi, matrix),
                         "theirs ovo": lambda: sklearn_ovo(y_multi, matrix)}, repeat)
    print(table(["workload", "permetrics_lite", "scikit-learn", "scikit-learn / ours"],
                [comparison_row("from_scores + AUC (ovr), APS, LL, BSL / their four",
                                multi["ours"], multi["theirs"]),
                 comparison_row("from_scores + AUC(multi_class='ovo') / roc_auc_score ovo",
                                multi["ours ovo"], multi["theirs ovo"])]))

    five_ratio = ratio(five["theirs"], five["ours"])[0]
    curve_ratio = ratio(curves["theirs"], curves["fresh"])[0]
    targets = [
        (f"construct + five queries: scikit-learn / ours = {five_ratio:.2f}× "
         f"(≥ {TARGETS['five']:g}×)", five_ratio >= TARGETS["five"]),
        (f"fresh threshold_curve: confusion_matrix_at_thresholds / ours = {curve_ratio:.2f}× "
         f"(≥ {TARGETS['curve']:g}×)", curve_ratio >= TARGETS["curve"]),
        (f"cached ranking: {found['cache']:.2f} bytes per sample "
         f"(≤ {TARGETS['cache']:g})", found["cache"] <= TARGETS["cache"]),
    ]
    print(f"\n## Targets (N = {n:.0e})\n")
    for text, passed in targets:
        print(f"- {'PASS' if passed else 'FAIL'}: {text}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
