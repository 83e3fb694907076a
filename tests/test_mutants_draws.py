"""Tests of the bootstrap's draws and intervals (``stats.bootstrap``: the chunks, their
random sources and samplers, the layout of the resampled matrices; ``stats.intervals``:
the draws an :class:`Intervals` keeps or draws again, the jackknife and BCa), pinned by
mutation testing (.ci/mutation): each expectation is derived here, by construction,
from numpy's own draws or by a computation written in the test."""

import concurrent.futures
import os

import numpy as np
import pytest

from permetrics_lite import ClassificationMetric
from permetrics_lite.metrics import registry as _registry
from permetrics_lite.stats import bootstrap as _bootstrap, intervals as _intervals

# a 3-class matrix of 12 samples over 6 occupied cells (flat positions row * 3 + column)
MATRIX = [[3, 1, 0], [0, 2, 1], [1, 0, 4]]
INDEX = np.array([0, 1, 4, 5, 6, 8])
COUNT = np.array([3, 1, 2, 1, 1, 4])


def _dense(index, counts, k):
    matrix = np.zeros(k * k, dtype=np.asarray(counts).dtype)
    matrix[index] = counts
    return matrix.reshape(k, k)


def _matrix_of(state):
    """An evaluation's confusion matrix, from its per-cell tallies."""
    cells, _ = state.cells()
    return _dense(cells.index, cells.count, state.n_classes)


# --- stats/bootstrap.py ---

def test_cores_without_an_affinity_are_the_cpu_count(monkeypatch):
    # off Linux (no sched_getaffinity): os.cpu_count(), or 1 where it is unknown
    monkeypatch.delattr(os, "sched_getaffinity", raising=False)
    monkeypatch.setattr(os, "cpu_count", lambda: 3)
    assert _bootstrap._cores() == 3
    monkeypatch.setattr(os, "cpu_count", lambda: None)
    assert _bootstrap._cores() == 1


class _Pool:
    """A stand-in for the thread pool that runs each submitted draw at once, recording
    its workers and how many draws were submitted by each chunk the caller took."""

    made = []

    def __init__(self, max_workers):
        self.max_workers, self.submitted = max_workers, 0
        self.made.append(self)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False

    def submit(self, fn, *args):
        self.submitted += 1
        future = concurrent.futures.Future()
        future.set_result(fn(*args))
        return future


def _pooled(monkeypatch, threads):
    monkeypatch.setattr(_bootstrap, "THREADS", threads)
    monkeypatch.setattr(concurrent.futures, "ThreadPoolExecutor", _Pool)
    monkeypatch.setattr(_Pool, "made", [])
    return _Pool.made


@pytest.mark.parametrize("threads", [2, 3, 4])
def test_several_chunks_are_drawn_on_a_pool_of_threads_threads_ahead(monkeypatch, threads):
    # 12 chunks of one resample: when the caller takes chunk i, the chunks up to
    # i + THREADS have been submitted (to a pool of THREADS workers), each draw of
    # the chunk's own source
    made = _pooled(monkeypatch, threads)
    seen = []

    def draw(source, size):
        return size, source.integers(0, 2**62)

    taken = []
    for size, value in _bootstrap.in_chunks(np.random.default_rng(0), draw, 12,
                                            _bootstrap.STEP):
        taken.append(value)
        seen.append(made[0].submitted)
        assert size == 1
    assert [pool.max_workers for pool in made] == [threads]
    assert seen == [min(i + threads, 12) for i in range(1, 13)]
    sources = np.random.SeedSequence(
        np.random.default_rng(0).integers(0, 2**63, size=4).tolist()).spawn(12)
    assert taken == [np.random.default_rng(s).integers(0, 2**62) for s in sources]


@pytest.mark.parametrize("threads, n_resamples, pooled", [
    (4, 1, False),  # one chunk: drawn by the caller's generator on the caller's thread
    (1, 12, False),  # one thread: every chunk on the caller's thread
    (2, 2, True),   # two chunks (of one resample each), on the pool
    (4, 3, True),
])
def test_a_pool_only_for_several_chunks_and_threads(monkeypatch, threads, n_resamples, pooled):
    made = _pooled(monkeypatch, threads)
    rng = np.random.default_rng(0)
    drawn = list(_bootstrap.in_chunks(rng, lambda source, size: (source, size), n_resamples,
                                      _bootstrap.STEP))
    assert [size for _, size in drawn] == [1] * n_resamples
    assert [source is rng for source, _ in drawn] == [n_resamples == 1] * n_resamples
    assert [pool.max_workers for pool in made] == ([threads] if pooled else [])


# --- stats/intervals.py ---

def _counting_draws(monkeypatch):
    """The number of draws of resamples (calls of ``multinomial``) made since."""
    calls = []
    multinomial = _bootstrap.multinomial

    def counted(*args, **kwargs):
        calls.append(None)
        return multinomial(*args, **kwargs)

    monkeypatch.setattr(_bootstrap, "multinomial", counted)
    return calls


# 10 resamples of MATRIX: tallies of 10 * (3 * 3 + 2) * 8 = 880 bytes (tp, support and
# predicted of 3 classes, total and correct), and their 10 * 6 * 8 = 480 bytes of cells
TALLIES_BYTES, CELLS_BYTES = 880, 480


@pytest.mark.parametrize("kept_bytes, keeps_tallies, keeps_cells", [
    (TALLIES_BYTES + CELLS_BYTES, True, True),
    (TALLIES_BYTES + CELLS_BYTES - 1, True, False),
    (TALLIES_BYTES, True, False),
    (TALLIES_BYTES - 1, False, False),
])
def test_the_draws_are_kept_where_they_fit_in_the_kept_bytes(monkeypatch, kept_bytes,
                                                            keeps_tallies, keeps_cells):
    # the first interval draws; the next reuses the kept tallies or draws again; the
    # evaluations of the resamples reuse kept cells, or draw again (and keep nothing new):
    # the same draw each time, numpy's multinomial of the generator (one chunk)
    monkeypatch.setattr(_intervals, "_KEPT_BYTES", kept_bytes)
    draws = _counting_draws(monkeypatch)
    cm = ClassificationMetric.from_confusion_matrix(MATRIX)
    intervals = _intervals.Intervals(cm.state, "bootstrap", 0.9, 10, 6)
    first = intervals.interval(_registry.lookup("MCC"), {})
    assert len(draws) == 1
    assert intervals.interval(_registry.lookup("MCC"), {}) == first
    assert len(draws) == (1 if keeps_tallies else 2)
    intervals.interval(_registry.lookup("AS"), {})
    assert len(draws) == (1 if keeps_tallies else 3)
    resampled = intervals.resamples()
    after = len(draws)
    assert after == (1 if keeps_cells else 2 if keeps_tallies else 4)
    expected = np.random.default_rng(6).multinomial(12, COUNT / 12, size=10)
    assert len(resampled) == 10
    for state, counts in zip(resampled, expected):
        np.testing.assert_array_equal(_matrix_of(state), _dense(INDEX, counts, 3))
    intervals.resamples()
    intervals.interval(_registry.lookup("F1S"), {"average": "macro"})
    assert len(draws) == after + (0 if keeps_cells else 1) + (0 if keeps_tallies else 1)
