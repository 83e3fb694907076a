"""Our construction alone: beside its floors, over every input type, with weights,
on small inputs and with many classes. Each section measures, then prints through ``say``."""

import numpy as np

from permetrics_lite import ClassificationMetric

from harness import interleaved, median, progress, quiet, ratio, traced_peak
from page import fmt_n, fmt_runs, fmt_spread, fmt_time, table
from problems import SEEDS, assert_same, assert_weighted, codes, dtype_seen, input_types
from targets import TARGET_OF

ENCODE_ALONE = "Arrow's dictionary_encode() of both sides alone"


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
            }, args.repeat, args.budget, args.min_time)
            progress(f"floors N={fmt_n(n_samples)} K={n_classes}")
    return rows


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
    m.types = interleaved(runs, args.repeat, args.budget, args.min_time)
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
                             args.repeat, args.budget, args.min_time)
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
    diagonal. Codes from 0, as :func:`problems.codes` draws them."""
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
                          args.repeat, args.budget, args.min_time)
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
        assert np.array_equal(getattr(cm.state.tallies, field), expected[present]), field
    m.n_found = cm.n_classes
    true_codes, pred_codes = cm.state.samples.true, cm.state.samples.pred  # the codes an evaluation keeps
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
                          "queried": queried, "counted": counted},
                         args.repeat, args.budget, args.min_time)
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
