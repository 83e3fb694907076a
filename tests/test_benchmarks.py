"""The benchmark scripts run at tiny sizes, and their libraries compute the same metrics."""

import gc
import importlib
import importlib.util
import os
import re
import subprocess
import sys
import warnings
from pathlib import Path
from types import SimpleNamespace

import numpy as np
import pytest

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"
SCRIPT = BENCHMARKS / "bench.py"
# the peers' tables at two N, two K, both label kinds; every other section as small
TINY = ["--sizes", "300,3000", "--classes", "2,10", "--repeat", "1", "--string-size", "3000",
        "--small-size", "1000", "--many-classes", "5000:2000", "--budget", "60"]
HEADINGS = ("Construction beside the performance floors", "Construction by input type",
            "Weighted construction and memory", "Small inputs (int64",
            "floor: least_calls, alone", "Many classes (N=5e+03, K=",
            "one accuracy from fresh arrays", "construct + ten metrics",
            "sample-weighted accuracy", "per-class report", "Performance targets")
N_TARGETS = 20  # targets 1 to 7 (15 lines) and the earlier ones, without the VmHWM one
LIBRARIES = ("permetrics_lite", "scikit-learn", "mlxtend", "pycm", "permetrics")
LIGHT = ("permetrics_lite", "pycm", "permetrics")  # imported in well under a second


@pytest.fixture(scope="module")
def bench():
    """The command's module, with its own directory importable, as when it is run."""
    return script("bench")


def script(name):
    """A benchmark script as a module, imported with its own directory on the path."""
    sys.path.insert(0, str(BENCHMARKS))
    try:
        return importlib.import_module(name)
    finally:
        sys.path.remove(str(BENCHMARKS))


def printed(name, argv, capsys):
    """What a benchmark script prints when run with ``argv``, run in this process."""
    assert script(name).main(argv) == 0
    return capsys.readouterr().out


@pytest.fixture(scope="module")
def peers(bench):
    return sys.modules["peers"]


@pytest.fixture(scope="module")
def problems(bench):
    return sys.modules["problems"]


def check_page(out, libraries, memory):
    """What every run prints, whatever the machine: every table, no failure, and every
    target measured but those of a library left out or a module not installed."""
    for heading in HEADINGS + (("Peak extra memory, construct + ten metrics",) if memory else ()):
        assert heading in out, heading
    assert "fails:" not in out and "over budget" not in out and "failed" not in out
    rows = [line for line in out.splitlines() if line.startswith(("| int |", "| str |"))]
    assert len(rows) == 4 * 2 * 2 * 2  # workloads x kinds x sizes x classes
    for row in rows:  # every cell of the tiny grid runs, and gives a ratio to ours
        assert "skipped" not in row and "—" not in row, row
    verdicts = re.findall(r"^- (PASS|FAIL|NOT MEASURED): (.*)$", out, re.MULTILINE)
    assert len(verdicts) == N_TARGETS + memory
    absent = [name for name in ("pyarrow", "polars") if importlib.util.find_spec(name) is None]
    absent += [f"{peer} / ours" for peer in ("scikit-learn", "pycm", "permetrics")
               if peer not in libraries]
    for verdict, text in verdicts:
        assert verdict != "NOT MEASURED" or any(name in text for name in absent), text
    measured = [text for verdict, text in verdicts if verdict != "NOT MEASURED"]
    for target in ["construction / bincount floor", "fastest peer",
                   "peak extra memory of construction"] + [
            f"{peer} / ours" for peer in libraries if peer not in ("permetrics_lite", "mlxtend")]:
        assert any(target in text for text in measured), target
    # a profile of each construction target missed, and of no other
    profiled = set(re.findall(r"^### (.+)$", out, re.MULTILINE))
    missed = set()
    for verdict, text in verdicts:
        found = re.match(r"target [23], construction, (.+) / int64", text)
        name = found and found.group(1)
        name = name or ("weighted" if "float64 weights / unweighted" in text else
                        "many" if re.match(r"target 5, construction, K", text) else
                        "small" if text.startswith("target 6") else None)
        if name and verdict == "FAIL":
            missed.add(name)
    assert profiled == missed
    assert ("## Where the time goes" in out) == bool(missed)


def test_every_table_prints_at_tiny_sizes_and_the_docs_get_what_was_printed(
        bench, capsys, monkeypatch, tmp_path):
    # the command holds pyarrow and polars to one thread; this process gets them back
    pa = pytest.importorskip("pyarrow")
    monkeypatch.setenv("POLARS_MAX_THREADS", os.environ.get("POLARS_MAX_THREADS", ""))
    monkeypatch.setattr(bench, "DOCS", tmp_path / "benchmark-results.md")
    threads = pa.cpu_count()
    try:
        # one call a round (no loop); no memory processes (the next test); the peers of
        # light imports (every library's every workload: test_the_peers_compute_...)
        assert bench.main(TINY + ["--min-time", "0", "--no-memory", "--write-docs",
                                  "--libraries", ",".join(LIGHT)]) == 0
    finally:
        pa.set_cpu_count(threads)
    out = capsys.readouterr().out
    check_page(out, LIGHT, memory=False)
    assert "a run under 0 ms is repeated" in out
    assert bench.DOCS.read_text(encoding="utf-8") == out  # exactly what was printed
    assert out.startswith("# permetrics_lite benchmark\n\n- command: `python benchmarks/"
                          "bench.py --sizes 300,3000 ")


def test_the_memory_table_measures_each_library_in_a_process_of_its_own(bench):
    grid = sys.modules["grid"]
    args = bench.parse(TINY + ["--libraries", "permetrics_lite"])
    lines, m = [], SimpleNamespace(n=3000, k=10)
    grid.measure_memory_of_peers(args, lines.append, m)
    assert set(m.memory) == {"permetrics_lite"}
    assert isinstance(m.memory["permetrics_lite"], int)  # not None: the process gave a number
    out = "\n".join(lines)
    assert "## Peak extra memory, construct + ten metrics (N=3e+03, K=10" in out
    assert re.search(r"^\| permetrics_lite \| [\d.,]+ MiB \| [\d.]+ \| [\d.]+ \|$", out,
                     re.MULTILINE), out


def test_a_run_over_the_budget_is_stopped_and_a_failing_one_reported(bench):
    harness = sys.modules["harness"]

    def fails():
        raise ValueError("a peer's limit")

    def sleeps():
        import time

        time.sleep(1)

    times = harness.interleaved({"fast": lambda: None, "slow": sleeps, "fails": fails},
                                rounds=3, budget=0.05, min_time=0.001)
    assert len(times["fast"]) == 3 and times["slow"] is None
    assert times["fails"] == "fails: ValueError"
    rows = harness.profile(lambda: sorted(range(1000), key=str), top=3)
    assert len(rows) == 3 and all(len(row) == 4 for row in rows)


def test_the_rounds_unfreeze_only_what_they_froze(bench):
    # a script's run frees its garbage after the rounds; a test process (tests/conftest.py)
    # keeps what its collection built out of the collector's walks, rounds or not
    harness = sys.modules["harness"]
    gc.unfreeze()
    try:
        harness.interleaved({"fast": lambda: None}, rounds=1)
        assert gc.get_freeze_count() == 0
    finally:
        gc.freeze()
    frozen = gc.get_freeze_count()
    harness.interleaved({"fast": lambda: None}, rounds=1)
    assert gc.get_freeze_count() >= frozen > 0


def test_the_options_of_the_command(bench):
    quick = bench.parse(["--quick"])
    assert (quick.sizes, quick.classes, quick.min_time) == ([300, 3000], [2, 10], 0.05)
    assert bench.integers("1e4,1e5") == [10000, 100000]
    for wrong in (["--repeat", "0"], ["--min-time", "-1"]):
        with pytest.raises(SystemExit):
            bench.parse(wrong)


@pytest.mark.slow
def test_the_script_prints_every_table_at_tiny_sizes():
    """The command as the docs run it: its own process, a loop of 50 ms a run, and a
    memory process for each library."""
    done = subprocess.run([sys.executable, str(SCRIPT)] + TINY, capture_output=True,
                          text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    check_page(done.stdout, LIBRARIES, memory=True)


@pytest.mark.parametrize("kind", ["int", "str"])
def test_the_peers_compute_the_metrics_we_time(peers, problems, kind):
    """Every workload of every library, as the grid runs it (the tiny run in process
    leaves scikit-learn and mlxtend out: their imports cost more than the run)."""
    t, p, w = problems.problem(2000, 5, kind)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        done = {(library, workload): peers.RUNNERS[library](workload,
                                                          *peers.adapted(library, (t, p, w)))
                for library in peers.LIBRARIES for workload in peers.OFFERS[library]}
    ours, sklearn, pycm = (done[library, "ten"] for library in ("permetrics_lite",
                                                                "scikit-learn", "pycm"))
    for library in peers.LIBRARIES:
        assert done[library, "accuracy"] == pytest.approx(ours[0])
    weighing = [library for library in peers.LIBRARIES if "weighted" in peers.OFFERS[library]]
    assert len(weighing) == 4  # all but mlxtend
    for library in weighing:
        assert done[library, "weighted"] == pytest.approx(np.average(t == p, weights=w))
    scalars = [0, 1, 2, 4, 6, 7, 8, 9]  # AS, count, BAS, PCA macro, P, R, F1, MCC
    for index in scalars:
        assert sklearn[index] == pytest.approx(ours[index])
        assert pycm[index] == pytest.approx(ours[index])
    assert list(ours[3].values()) == pytest.approx(list(sklearn[3]))
    assert list(ours[3].values()) == pytest.approx(list(pycm[3].values()))
    np.testing.assert_array_equal(ours[5], sklearn[5])
    np.testing.assert_array_equal(ours[5], pycm[5])
    # the reports: the same F1 of each class in every library's own form
    report = done["permetrics_lite", "report"]
    assert len(report) == 5
    for label, f1 in report["f1"].items():
        assert done["scikit-learn", "report"][str(label)]["f1-score"] == pytest.approx(f1)
        assert done["pycm", "report"]["F1"][label] == pytest.approx(f1)
        assert done["permetrics", "report"][2][label] == pytest.approx(f1)


def test_the_scores_benchmark_runs_and_agrees_with_scikit_learn_at_tiny_sizes(capsys):
    # it asserts equal results before timing
    out = printed("bench_scores", ["--sizes", "500,2000", "--top-k-sizes", "500",
                                   "--classes", "3,10", "--repeat", "1"], capsys)
    assert "## Top-k accuracy, k = 1..5" in out
    assert "## Every threshold of N distinct binary scores" in out
    rows = [line for line in out.splitlines() if line.startswith("| 5e+02") or
            line.startswith("| 2e+03")]
    assert len(rows) == 2 + 2  # top-k: one N x two K; thresholds: two N


def test_the_intervals_benchmark_runs_at_tiny_sizes(capsys):
    out = printed("bench_intervals", ["--sizes", "1e3,1e4", "--resamples", "99", "--repeat",
                                      "1", "--datasets", "20", "--coverage-resamples", "99"],
                  capsys)
    assert "## Cost of the bootstrap interval of MCC" in out and "## Targets" in out
    for metric in ("AS", "BAS", "F1S macro", "MCC"):
        assert f"| {metric} | bootstrap | " in out
    # the population values are the metrics of the probability matrix
    assert "| AS | bootstrap | 0.7700 |" in out and "| AS | wilson | 0.7700 |" in out
    assert len([line for line in out.splitlines() if line.startswith(("- PASS", "- FAIL"))]) == 11  # cost, summary, K = 100 (4), coverage (5)


def test_the_coverage_population_values_are_scikit_learn_s():
    from sklearn import metrics

    module = script("bench_intervals")
    counts = np.rint(module.POPULATION * 100).astype(int)  # the population in whole samples
    true = np.repeat(np.repeat(np.arange(3), 3), counts.ravel())
    pred = np.repeat(np.tile(np.arange(3), 3), counts.ravel())
    _, truth = module.coverage(1, 10, 9)
    assert truth["AS"] == pytest.approx(metrics.accuracy_score(true, pred))
    assert truth["BAS"] == pytest.approx(metrics.balanced_accuracy_score(true, pred))
    assert truth["F1S macro"] == pytest.approx(metrics.f1_score(true, pred, average="macro"))
    assert truth["MCC"] == pytest.approx(metrics.matthews_corrcoef(true, pred))


def test_the_score_metrics_benchmark_runs_and_agrees_with_scikit_learn_at_tiny_sizes(capsys):
    out = printed("bench_score_metrics", ["--quick"], capsys)  # it asserts equal results
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


def test_the_auc_uncertainty_benchmark_runs_and_agrees_with_the_gists_delong(capsys):
    out = printed("bench_auc_uncertainty", ["--quick"], capsys)  # it asserts equal variances
    for heading in ("## DeLong's interval of the ROC AUC (N = 2e+03",
                    "## Stratified bootstrap of the ROC AUC (N = 2e+03, B = 50", "## Targets"):
        assert heading in out
    for row in ("| from_scores + CI('AUC', method='delong') |",
                "| NumPy DeLong of the gists (scipy rankdata midranks) |",
                "| scikit-learn roc_auc_score in a loop (timed on 5, scaled) |",
                "| ours, unrounded scores (B = 5) |"):
        assert row in out
    assert len([line for line in out.splitlines() if line.startswith(("- PASS", "- FAIL"))]) == 2


def test_the_score_sums_benchmark_s_batches_agree_with_from_scores():
    # batches() asserts that from_batches(scores=True) gives from_scores' metrics
    runs = script("bench_score_sums").batches(4, 1000, 1)
    assert sorted(runs) == ["batches", "whole"] and all(len(r) == 1 for r in runs.values())


@pytest.mark.slow
def test_the_score_sums_benchmark_runs_and_agrees_with_from_scores(capsys):
    """The whole script: its memory table runs six commands in processes of their own."""
    out = printed("bench_score_sums", ["--quick"], capsys)  # it asserts equal metrics
    for heading in ("## from_batches(scores=True): 4 batches of 1,000 (N = 4e+03)",
                    "## Command line on files of text labels", "## Targets"):
        assert heading in out
    for row in ("| from_scores of the concatenation |", "| from_batches(scores=True) |",
                "| distinct scores |", "| --score-decimals 3 |"):
        assert row in out
    assert len([line for line in out.splitlines() if line.startswith(("- PASS", "- FAIL"))]) == 1
