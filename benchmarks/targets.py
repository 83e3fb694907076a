"""The performance targets: their goals, PASS or FAIL for a run, and a profile of each
construction target missed."""

from harness import median, profile, ratio
from page import fmt_n, fmt_spread, table
from problems import ARROW_TYPES, CATEGORICAL_TYPES

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
# The goal of each input type's construction / int64 construction
TARGET_OF = {**{name: TARGETS["categorical"] for name in CATEGORICAL_TYPES},
             **{name: TARGETS["arrow"] for name in ARROW_TYPES}}


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
    if m.memory is not None:  # measured unless --no-memory; 0 bytes is a measure too
        own_bytes = m.memory.get("permetrics_lite")
        target("e", "peak extra memory, construct + ten, bytes per sample (VmHWM)",
               None if own_bytes is None else own_bytes / n, EARLIER["ten_memory"], unit="")
    return checks


def show_targets(args, say, m):
    say(f"\n## Performance targets (N={fmt_n(m.n)}, K={m.k}; strings at "
        f"N={fmt_n(m.string_n)}; input types at N={fmt_n(m.types_n)})\n")
    for number, passed, text in targets(args, m):
        verdict = "NOT MEASURED" if passed is None else "PASS" if passed else "FAIL"
        label = "earlier target" if number == "e" else f"target {number}"
        say(f"- {verdict}: {label}, {text}")


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
