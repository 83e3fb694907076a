"""The benchmark script runs at tiny sizes, and its libraries compute the same metrics."""

import importlib.util
import os
import subprocess
import sys
import warnings
from pathlib import Path

import numpy as np
import pytest

SCRIPT = Path(__file__).resolve().parent.parent / "benchmarks" / "bench.py"


@pytest.fixture(scope="module")
def bench():
    spec = importlib.util.spec_from_file_location("bench", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_script_prints_every_table_at_tiny_sizes():
    command = [sys.executable, str(SCRIPT), "--sizes", "300,3000", "--classes", "2,10",
               "--repeat", "1", "--string-size", "3000", "--many-classes", "5000:2000",
               "--budget", "60"]
    done = subprocess.run(command, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    out = done.stdout
    for heading in ("Construction beside the performance floors", "one accuracy from fresh arrays",
                    "construct + ten metrics", "sample-weighted accuracy", "per-class report",
                    "Peak extra memory", "Many classes (N=5e+03, K=", "Small inputs (int64",
                    "floor: least_calls, alone", "Performance targets"):
        assert heading in out
    assert "fails:" not in out and "over budget" not in out and "failed" not in out
    rows = [line for line in out.splitlines() if line.startswith(("| int |", "| str |"))]
    assert len(rows) == 4 * 2 * 2 * 2  # workloads x kinds x sizes x classes
    for target in ("construction / bincount floor", "scikit-learn / ours", "pycm / ours",
                   "permetrics / ours", "peak extra memory"):
        assert target in out


@pytest.mark.parametrize("kind", ["int", "str"])
def test_the_peers_compute_the_metrics_we_time(bench, kind):
    t, p, w = bench.problem(2000, 5, kind)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        ours = bench.ours("ten", t, p, w)
        sklearn = bench.sklearn("ten", t, p, w)
        pycm = bench.pycm("ten", t, p, w)
        def adapted(library):
            return [bench.ADAPT.get(library, lambda a: a)(a) for a in (t, p, w)]

        for library in bench.LIBRARIES:
            assert bench.RUNNERS[library]("accuracy", *adapted(library)) == pytest.approx(ours[0])
        weighing = [library for library in bench.LIBRARIES if "weighted" in bench.OFFERS[library]]
        assert weighing  # the weighted accuracy is compared with some peer
        for library in weighing:
            expected = np.average(t == p, weights=w)
            assert bench.RUNNERS[library]("weighted", *adapted(library)) == pytest.approx(expected)
    scalars = [0, 1, 2, 4, 6, 7, 8, 9]  # AS, count, BAS, PCA macro, P, R, F1, MCC
    for index in scalars:
        assert sklearn[index] == pytest.approx(ours[index])
        assert pycm[index] == pytest.approx(ours[index])
    assert list(ours[3].values()) == pytest.approx(list(sklearn[3]))
    assert list(ours[3].values()) == pytest.approx(list(pycm[3].values()))
    np.testing.assert_array_equal(ours[5], sklearn[5])
    np.testing.assert_array_equal(ours[5], pycm[5])


def test_the_scores_benchmark_runs_and_agrees_with_scikit_learn_at_tiny_sizes():
    script = SCRIPT.parent / "bench_scores.py"
    command = [sys.executable, str(script), "--sizes", "500,2000", "--top-k-sizes", "500",
               "--classes", "3,10", "--repeat", "1"]
    done = subprocess.run(command, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr  # it asserts equal results before timing
    assert "## Top-k accuracy, k = 1..5" in done.stdout
    assert "## Every threshold of N distinct binary scores" in done.stdout
    rows = [line for line in done.stdout.splitlines() if line.startswith("| 5e+02") or
            line.startswith("| 2e+03")]
    assert len(rows) == 2 + 2  # top-k: one N x two K; thresholds: two N


def test_the_intervals_benchmark_runs_at_tiny_sizes():
    script = SCRIPT.parent / "bench_intervals.py"
    command = [sys.executable, str(script), "--sizes", "1e3,1e4", "--resamples", "99",
               "--repeat", "1", "--datasets", "20", "--coverage-resamples", "99"]
    done = subprocess.run(command, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "## Cost of the bootstrap interval of MCC" in out and "## Targets" in out
    for metric in ("AS", "BAS", "F1S macro", "MCC"):
        assert f"| {metric} | bootstrap | " in out
    # the population values are the metrics of the probability matrix
    assert "| AS | bootstrap | 0.7700 |" in out and "| AS | wilson | 0.7700 |" in out
    assert len([line for line in out.splitlines() if line.startswith(("- PASS", "- FAIL"))]) == 6


def test_the_coverage_population_values_are_scikit_learn_s():
    from sklearn import metrics

    spec = importlib.util.spec_from_file_location("bench_intervals",
                                                  SCRIPT.parent / "bench_intervals.py")
    sys.path.insert(0, str(SCRIPT.parent))
    try:
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
    finally:
        sys.path.remove(str(SCRIPT.parent))
    counts = np.rint(module.POPULATION * 100).astype(int)  # the population in whole samples
    true = np.repeat(np.repeat(np.arange(3), 3), counts.ravel())
    pred = np.repeat(np.tile(np.arange(3), 3), counts.ravel())
    _, truth = module.coverage(1, 10, 9)
    assert truth["AS"] == pytest.approx(metrics.accuracy_score(true, pred))
    assert truth["BAS"] == pytest.approx(metrics.balanced_accuracy_score(true, pred))
    assert truth["F1S macro"] == pytest.approx(metrics.f1_score(true, pred, average="macro"))
    assert truth["MCC"] == pytest.approx(metrics.matthews_corrcoef(true, pred))


def test_the_score_metrics_benchmark_runs_and_agrees_with_scikit_learn_at_tiny_sizes():
    script = SCRIPT.parent / "bench_score_metrics.py"
    # this checkout's package, as pytest's own pythonpath gives the tests
    root = str(SCRIPT.parent.parent)
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(
        [root] + [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p]))
    done = subprocess.run([sys.executable, str(script), "--quick"], capture_output=True,
                          text=True, timeout=300, env=env)
    assert done.returncode == 0, done.stderr  # it asserts equal results before timing
    out = done.stdout
    for heading in ("## Binary: construct + AUC, APS, LL, BSL, roc_curve (N = 2e+03",
                    "## Binary: threshold_curve against confusion_matrix_at_thresholds",
                    "## Memory of the cached score state", "## Where the time goes",
                    "cProfile of one `from_scores` + AUC", "## Multiclass (N = 1e+03, K = 3",
                    "## Targets (N = 2e+03)"):
        assert heading in out
    for row in ("| from_scores + threshold_curve() (fresh: sorts) |",
                "| threshold_curve() on a cached ranking |", "| det_curve(), cached |",
                "| from_scores + AUC(multi_class='ovo') / roc_auc_score ovo |"):
        assert row in out
    # the ranking of N distinct scores: float64 thresholds and two uint32 counts
    assert "| cached ranking after the first query (`_cache`: `positive`) | 0.0 MiB | 16.00 |" \
        in out
    assert "| scores kept (`_scored.scores`) | 0.0 MiB | 8.00 |" in out
    assert len([line for line in out.splitlines() if line.startswith(("- PASS", "- FAIL"))]) == 3
