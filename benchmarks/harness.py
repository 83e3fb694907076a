"""Timing and memory: interleaved rounds and their medians, ratios, peaks and profiles.

Nothing here knows what is measured: a competitor is a function of no arguments.
"""

import cProfile
import gc
import math
import pstats
import signal
import sys
import time
import tracemalloc
import warnings

import numpy as np

MIN_TIME = 0.05  # seconds: a shorter run is repeated in a loop, and the loop timed


class OverBudget(Exception):
    pass


def _alarm(signum, frame):
    raise OverBudget


def _run(function, number, budget, setup=None):
    """Seconds per call of ``number`` calls in a loop, cut off after ``budget`` a call;
    ``setup`` runs untimed before."""
    if setup is not None:
        setup()
    gc.collect()
    if math.isfinite(budget):
        signal.setitimer(signal.ITIMER_REAL, budget * number)
    try:
        start = time.perf_counter()
        for _ in range(number):
            function()
        return (time.perf_counter() - start) / number
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)


def interleaved(competitors, rounds, budget=float("inf"), min_time=MIN_TIME, setup=None):
    """{name: [seconds of each round]}, or for a competitor dropped on its way None (a
    run over the budget) or "fails: Error". Each round runs every competitor once, the
    order reversed every other round. A competitor whose first call takes under
    ``min_time`` is timed in loops of enough calls for ``min_time`` from then on (that
    first call untimed). ``setup``, when given, runs untimed before every call, and
    every call is timed alone (a first query on a fresh state, say).

    What is alive when the rounds start (the libraries, the inputs) is frozen out of
    the garbage collector, so the collection before each run goes over the garbage of
    the runs alone, not over every object of every library imported. What the caller
    had frozen (a test process freezes what its collection built) stays frozen.
    """
    alarm = signal.signal(signal.SIGALRM, _alarm)
    times = {name: [] for name in competitors}
    number = {}
    frozen_before = gc.get_freeze_count()
    gc.freeze()
    try:
        for round_ in range(rounds):
            names = list(competitors) if round_ % 2 == 0 else list(competitors)[::-1]
            for name in names:
                if not isinstance(times[name], list):
                    continue
                try:
                    with warnings.catch_warnings():
                        warnings.simplefilter("ignore")
                        if name not in number:
                            first = _run(competitors[name], 1, budget, setup)
                            number[name] = 1 if first >= min_time or setup else \
                                math.ceil(min_time / max(first, 1e-7))
                            if number[name] == 1:
                                times[name].append(first)
                                continue
                        times[name].append(_run(competitors[name], number[name], budget,
                                                setup))
                except OverBudget:
                    times[name] = None
                except Exception as error:  # a peer's limit, reported in the table
                    times[name] = f"fails: {type(error).__name__}"
    finally:
        if not frozen_before:
            gc.unfreeze()
        signal.signal(signal.SIGALRM, alarm)
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


def quiet(function):
    """``function()`` with its warnings ignored."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return function()


def progress(text):
    print(f"  {text}", file=sys.stderr, flush=True)
