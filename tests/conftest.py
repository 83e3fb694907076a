"""pytest configuration of the test suite: the hypothesis profiles.

Shared strategies live in tests/strategies.py and shared helpers in
tests/helpers.py; test modules import them as ``tests.strategies`` and
``tests.helpers`` (``tests`` is a package), so plain ``pytest`` and
``python -m pytest`` collect the same tests.
"""

import gc
import inspect
import os

from hypothesis import HealthCheck, Phase, settings

# "default" (python -m pytest, CI): sized for two cores and two minutes. "local": the
# examples the suite ran before it was sized for CI, for a change to the formulas.
# "thorough": a night's search.
settings.register_profile(
    "default", max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile("local", parent=settings.get_profile("default"), max_examples=150)
settings.register_profile("thorough", parent=settings.get_profile("default"), max_examples=2000)
# .ci/smoke: the fast subset on the oldest and newest Python, a few examples each
settings.register_profile(
    "smoke", parent=settings.get_profile("default"), max_examples=10, database=None
)
# .ci/mutation runs the targeted tests once per mutant: few examples, no example
# database, and no shrinking (a mutant needs a failure found, not its smallest example)
settings.register_profile(
    "mutation", parent=settings.get_profile("default"), max_examples=25, database=None,
    phases=(Phase.explicit, Phase.reuse, Phase.generate),
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))

if os.environ.get("HYPOTHESIS_PROFILE") == "mutation":
    # mutmut forks a process per mutant from one that has run Dask's thread pool: a
    # forked child waits forever on that pool's lock. Dask computes in one thread here.
    import dask

    dask.config.set(scheduler="synchronous")


_THREAD_POOLS = ("polars", "duckdb")


def _starts_a_thread_pool(item):
    """Whether a test case runs polars or DuckDB: its module imports them, or its
    parameters name them (the input kinds of tests/inputs.py)."""
    module = getattr(item, "module", None)
    imported = [getattr(value, "__name__", "") for value in vars(module).values()
                if inspect.ismodule(value)] if module is not None else []
    return any(name.split(".")[0] in _THREAD_POOLS for name in imported) or any(
        pool in item.nodeid.lower() for pool in _THREAD_POOLS)


def pytest_collection_modifyitems(config, items):
    """Under mutmut, leave out the cases that run polars or DuckDB: their thread pools,
    started in the process mutmut forks each mutant from, are dead in the fork, and a
    case that waits on them waits forever (no CPU time, so no timeout ends it)."""
    if os.environ.get("HYPOTHESIS_PROFILE") != "mutation":
        return
    left_out = [item for item in items if _starts_a_thread_pool(item)]
    config.hook.pytest_deselected(items=left_out)
    items[:] = [item for item in items if item not in left_out]


def pytest_collectstart(collector):
    """No garbage collection while the tests are collected: the imports and the items
    are objects that live as long as the process, and each of the collector's full
    walks would go over all of them again (a few seconds per worker in all)."""
    gc.disable()


def pytest_collection_finish(session):
    """Put what collection built (the imported libraries, the test items) out of the
    garbage collector's reach, and let it run again: each later collection, and
    pytest's five at the end of each worker, then walks only the objects the tests
    create."""
    gc.freeze()
    # a collection after 10,000 new objects, not 700: the tests make and drop millions
    # (frames, hypothesis' draws), and about every hundredth collection is a full walk
    # of every object the files run so far keep alive (caches, the docs' doctrees)
    gc.set_threshold(10_000, 10, 10)
    gc.enable()


def pytest_sessionfinish(session):
    """One collection at the end, while pytest still reports an exception raised in a
    finaliser, then the survivors out of reach too: pytest's own five collections per
    worker would each walk every object the tests left behind (seconds each)."""
    gc.collect()
    gc.freeze()
