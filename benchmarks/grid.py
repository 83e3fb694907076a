"""The peers' tables: every workload over label kinds, N and K, and their peak memory."""

import json
import subprocess
import sys
from pathlib import Path

from harness import interleaved, median, progress, ratio
from page import fmt_n, fmt_runs, fmt_spread, fmt_time, table
from peers import OFFERS, RUNNERS, WORKLOADS, adapted, warm_up
from problems import SEEDS, check_strings, problem

OURS_COST = 3  # ours skips a cell of the peers' tables at this many times --cell-cost
CHILD = Path(__file__).resolve().with_name("peers.py")  # measures one library's memory


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
    warm_up(args.libraries, args.kinds)
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
                            run[library] = adapted(library, arrays)
                        times = interleaved(
                            {lib: (lambda lib=lib, a=a: RUNNERS[lib](workload, *a))
                             for lib, a in run.items()}, args.repeat, args.budget, args.min_time)
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


def memory_table(args, libraries, workload, n_samples, n_classes, kind):
    """{library: peak extra resident bytes, or None when its process failed or timed out}."""
    rows = {}
    for library in libraries:
        command = [sys.executable, str(CHILD), library, workload, str(n_samples),
                   str(n_classes), kind]
        try:
            done = subprocess.run(command, capture_output=True, text=True,
                                  timeout=args.budget * 3)
            rows[library] = json.loads(done.stdout.strip().splitlines()[-1]) \
                if done.returncode == 0 else None
        except (subprocess.TimeoutExpired, IndexError):
            rows[library] = None
        progress(f"memory of {library}: {rows[library]}")
    return rows


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
