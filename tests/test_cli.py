"""The permetrics-lite command on real files (run in process; see tests.helpers.run_command)."""

import io
import json
import re
import subprocess
import sys
import zipfile
from importlib import metadata

import numpy as np
import pandas as pd
import pytest
from sklearn.metrics import classification_report, confusion_matrix

from permetrics_lite import ClassificationMetric, load_demo
from permetrics_lite.io import cli, rendering
from tests.helpers import interval_arrays, plain_id, run_command

DATA_ERROR, USAGE_ERROR = 1, 2


def run(*args, stdin=None):
    return run_command(*args, stdin=stdin)


@pytest.fixture(scope="module")
def predictions(tmp_path_factory):
    """A weighted three-class problem written by pandas, and its evaluation in-process."""
    rng = np.random.default_rng(7)
    true = rng.choice(["cat", "dog", "fox"], size=300, p=[0.5, 0.3, 0.2])
    pred = np.where(rng.random(300) < 0.7, true, rng.choice(["cat", "dog", "fox"], size=300))
    frame = pd.DataFrame({"id": range(300), "y": true, "yhat": pred,
                          "w": rng.integers(1, 5, size=300).astype(float)})
    folder = tmp_path_factory.mktemp("files")
    frame.to_csv(folder / "comma.csv", index=False)
    frame.to_csv(folder / "semicolon.csv", sep=";", index=False)
    frame.to_csv(folder / "tabs.tsv", sep="\t", index=False)
    frame.to_parquet(folder / "predictions.parquet")
    return folder, frame


def test_report_table_prints_the_report_and_summary(predictions):
    folder, frame = predictions
    result = run("report", folder / "comma.csv", "--true", "y", "--pred", "yhat")
    assert result.returncode == 0, result.stderr
    cm = ClassificationMetric(frame["y"].to_numpy(), frame["yhat"].to_numpy())
    tables = (f"{cm.report().to_string(line_width=100)}\n\n"
              f"{cm.summary().to_string(line_width=100)}\n\n")
    assert result.stdout.startswith(tables)
    legend = result.stdout[len(tables):]  # the summary's names in words, once
    assert legend.startswith("AS: accuracy (multilabel: subset accuracy); BAS: balanced accuracy;")
    assert "PCA_macro: one-vs-rest accuracy per class (macro);" in " ".join(legend.split())
    assert max(len(line) for line in result.stdout.splitlines()) <= 100


def test_report_text_prints_sklearn_s_classification_report(predictions, tmp_path):
    folder, frame = predictions
    result = run("report", folder / "comma.csv", "--true", "y", "--pred", "yhat", "--weight", "w",
                 "--format", "text")
    assert result.returncode == 0, result.stderr
    expected = classification_report(frame["y"], frame["yhat"], sample_weight=frame["w"])
    assert result.stdout == expected  # integral weights: sums exact, the same floats
    assert result.stdout.splitlines()[-3].split()[0] == "accuracy"
    target = tmp_path / "report.txt"
    written = run("report", folder / "comma.csv", "--true", "y", "--pred", "yhat", "--labels",
                  "fox", "dog", "cat", "owl", "--format", "text", "--output", target)
    assert written.returncode == 0 and written.stdout == "", written.stderr
    # "warn" is 0.0 with a warning: the values of zero_division=0.0, which is silent
    assert target.read_text() == classification_report(
        frame["y"], frame["yhat"], labels=["fox", "dog", "cat", "owl"], zero_division=0.0)
    assert "permetrics-lite: warning: Precision is undefined" in written.stderr  # class owl


def test_report_text_has_no_intervals(predictions):
    folder, _ = predictions
    result = run("report", folder / "comma.csv", "--true", "y", "--pred", "yhat", "--format",
                 "text", "--ci")
    assert result.returncode == USAGE_ERROR
    assert re.search(r"--format text prints scikit-learn's classification report, which has no "
                     r"intervals", result.stderr), result.stderr


@pytest.mark.parametrize("name", ["comma.csv", "semicolon.csv", "tabs.tsv", "predictions.parquet"])
def test_report_json_has_the_library_numbers_for_every_file_kind(predictions, name):
    folder, frame = predictions
    result = run("report", folder / name, "--true", "y", "--pred", "yhat", "--weight", "w",
                 "--format", "json")
    assert result.returncode == 0, result.stderr
    printed = json.loads(result.stdout)
    cm = ClassificationMetric(frame["y"], frame["yhat"], sample_weight=frame["w"])
    report = pd.DataFrame.from_dict(printed["report"], orient="index")
    np.testing.assert_allclose(report.to_numpy(dtype=float), cm.report().to_numpy(dtype=float),
                               rtol=1e-12)
    assert list(report.index) == cm.labels.tolist()
    for name, value in cm.summary()["value"].items():
        assert printed["summary"][name] == pytest.approx(value, rel=1e-12)


def test_report_csv_holds_both_tables_and_the_separator_can_be_given(predictions):
    folder, frame = predictions
    result = run("report", folder / "semicolon.csv", "--sep", ";", "--true", "y", "--pred", "yhat",
                 "--format", "csv")
    assert result.returncode == 0, result.stderr
    report_text, summary_text = result.stdout.split("\n\n")
    cm = ClassificationMetric(frame["y"], frame["yhat"])
    report = pd.read_csv(io.StringIO(report_text), index_col="label")
    np.testing.assert_allclose(report.to_numpy(dtype=float), cm.report().to_numpy(dtype=float))
    summary = pd.read_csv(io.StringIO(summary_text), index_col="metric")["value"]
    np.testing.assert_allclose(summary.to_numpy(dtype=float), cm.summary()["value"].to_numpy())


@pytest.mark.parametrize("fmt, marker", [("markdown", "| label"), ("html", "<th>fox</th>")])
def test_report_renders_markdown_and_html(predictions, fmt, marker):
    folder, _ = predictions
    result = run("report", folder / "comma.csv", "--true", "y", "--pred", "yhat", "--format", fmt)
    assert result.returncode == 0, result.stderr
    assert marker in result.stdout and "CKS" in result.stdout


def test_report_reads_stdin_and_writes_the_output_file(predictions, tmp_path):
    folder, frame = predictions
    target = tmp_path / "report.json"
    result = run("report", "-", "--true", "y", "--pred", "yhat", "--labels", "fox", "dog", "cat",
                 "owl", "--format", "json", "--output", target,
                 stdin=(folder / "comma.csv").read_text())
    assert result.returncode == 0 and result.stdout == "", result.stderr
    printed = json.loads(target.read_text())
    assert list(printed["report"]) == ["fox", "dog", "cat", "owl"]
    assert printed["report"]["owl"]["support"] == 0
    assert "permetrics-lite: warning: Recall is undefined" in result.stderr  # the absent class


def test_score_prints_the_named_metrics(predictions):
    folder, frame = predictions
    result = run("score", folder / "comma.csv", "--true", "y", "--pred", "yhat", "--weight", "w",
                 "--average", "macro", "--format", "json", "AS", "BAS", "F1S", "MCC",
                 "recall_score", "PCA")
    assert result.returncode == 0, result.stderr
    printed = json.loads(result.stdout)
    cm = ClassificationMetric(frame["y"], frame["yhat"], sample_weight=frame["w"], average="macro")
    assert printed.pop("PCA") == pytest.approx(cm.PCA(), rel=1e-12)
    assert printed == pytest.approx({"AS": cm.AS(), "BAS": cm.BAS(), "F1S": cm.F1S(),
                                     "MCC": cm.MCC(), "recall_score": cm.RS()}, rel=1e-12)


@pytest.mark.parametrize("options, values", [
    (["--average", "binary", "--pos-label", "2"], {"PCA": 0.8}),
    (["--average", "none"], {"PCA[0]": 0.8, "PCA[1]": 0.6, "PCA[2]": 0.8}),
])
def test_score_table_with_numeric_labels(tmp_path, options, values):
    path = tmp_path / "numbers.csv"
    pd.DataFrame({"t": [0, 1, 1, 2, 2], "p": [0, 1, 0, 2, 1]}).to_csv(path, index=False)
    result = run("score", path, "--true", "t", "--pred", "p", "PCA", "CM", *options)
    assert result.returncode == 0, result.stderr
    numbers, matrix = result.stdout.split("\n\n")
    printed = {name: float(value) for name, value in map(str.split, numbers.splitlines())}
    assert printed == values
    assert matrix.splitlines() == ["CM (rows: true, columns: predicted)",
                                   "pred  0  1  2", "true         ",
                                   "0     1  0  0", "1     1  1  0", "2     0  1  1"]


def test_score_prints_a_large_confusion_matrix_whole(tmp_path):
    classes = [f"class-{i:02d}" for i in range(40)]
    true = np.repeat(classes, 3)
    pred = np.roll(true, 1)
    path = tmp_path / "many.csv"
    pd.DataFrame({"t": true, "p": pred}).to_csv(path, index=False)
    result = run("score", path, "--true", "t", "--pred", "p", "CM")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert "..." not in result.stdout
    rows = [line.split() for line in lines[3:]]
    assert lines[1].split() == ["pred", *classes]
    printed = np.array([[int(v) for v in row[1:]] for row in rows])
    assert [row[0] for row in rows] == classes
    np.testing.assert_array_equal(printed, confusion_matrix(true, pred, labels=classes))


def test_demo_is_the_report_of_the_bundled_data():
    result = subprocess.run([sys.executable, "-m", "permetrics_lite", "demo"],  # as a module too
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    tickets = load_demo()
    cm = ClassificationMetric(tickets["true"].to_numpy(), tickets["pred"].to_numpy())
    assert result.stdout.startswith(cm.report().to_string(line_width=100))  # not a terminal
    assert re.search(r"\nAS +0.825000\n", result.stdout)
    described = run("demo", "--format", "describe", "--digits", "3")
    assert described.stdout == cm.describe(digits=3) + "\n"
    assert described.stdout.startswith("Classification of 600 samples in 5 classes\n")


@pytest.mark.parametrize("args, message", [
    (["report", "nowhere.csv", "--true", "y", "--pred", "yhat"],
     r"cannot read nowhere.csv: no such file"),
    (["report", "{comma}", "--true", "Y", "--pred", "yhat"],
     r"comma.csv line 1: no column 'Y' \(--true\); its columns are 'id', 'y', 'yhat', 'w'. "
     r"Did you mean 'y'\?"),
    (["report", "{parquet}", "--true", "y", "--pred", "label"],
     r"predictions.parquet: no column 'label' \(--pred\)"),
    (["report", "{garbage}", "--true", "y", "--pred", "yhat"], r"error: "),
    (["report", "{empty}", "--true", "y", "--pred", "yhat"], r"empty.csv is empty: it has no header"),
    (["report", "{comma}", "--true", "y", "--pred", "w"],
     r"column 'y' \(--true\) has string labels .* but column 'w' \(--pred\) has numeric labels"),
    (["report", "{comma}", "--true", "y", "--pred", "yhat", "--labels", "cat", "dog"],
     r"comma.csv line (\d+): .* label\(s\) missing from --labels: \['fox'\], the first at "
     r"line \1;"),
    (["report", "{comma}", "--true", "y", "--pred", "yhat", "--weight", "y"],
     r"comma.csv line 2: '(cat|dog|fox)' in column 'y' is not a number"),
    (["score", "{comma}", "--true", "y", "--pred", "yhat", "PS"],
     r"Target is multiclass \(3 classes\) but --average binary"),
], ids=plain_id)
def test_data_problems_exit_1_with_one_line_and_no_traceback(predictions, tmp_path, args,
                                                             message):
    folder, _ = predictions
    (tmp_path / "garbage.csv").write_bytes(b"\x00\xff\xfe" * 100)
    (tmp_path / "empty.csv").write_text("")
    paths = {"comma": folder / "comma.csv", "parquet": folder / "predictions.parquet",
             "garbage": tmp_path / "garbage.csv", "empty": tmp_path / "empty.csv"}
    result = run(*[a.format(**paths) for a in args])
    assert result.returncode == DATA_ERROR, result.stdout
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in result.stderr, result.stderr
    assert lines[0].startswith("permetrics-lite: error: ")
    assert re.search(message, lines[0]), lines[0]


def test_missing_labels_in_the_file_are_a_clear_error(tmp_path):
    path = tmp_path / "holes.csv"
    path.write_text("t,p\na,a\n,b\nb,b\n")
    result = run("report", path, "--true", "t", "--pred", "p")
    assert result.returncode == DATA_ERROR
    assert result.stderr == f"permetrics-lite: error: {path} line 3: empty value in column 't'\n"


def test_console_script_is_declared():
    points = metadata.entry_points()  # Python 3.9's is a dict of groups, without select()
    scripts = (points.select(group="console_scripts") if hasattr(points, "select")
               else points["console_scripts"])
    # a set: a checkout on sys.path beside an installed copy declares it twice
    assert {s.value for s in scripts if s.name == "permetrics-lite"} == {"permetrics_lite.io.cli:main"}


# --- confidence intervals ---

def test_score_with_ci_prints_each_metric_s_interval(predictions):
    folder, frame = predictions
    result = run("score", folder / "comma.csv", "--true", "y", "--pred", "yhat", "AS", "RS",
                 "--average", "none", "--ci", "clopper-pearson", "--confidence", "0.9",
                 "--format", "json")
    assert result.returncode == 0, result.stderr
    printed = json.loads(result.stdout)
    cm = ClassificationMetric(frame["y"].to_numpy(), frame["yhat"].to_numpy())
    assert printed["AS"] == {**cm.CI("AS", method="clopper-pearson", confidence=0.9)._asdict(),
                             "method": "clopper-pearson"}
    recall = interval_arrays(cm.CI("RS", method="clopper-pearson", confidence=0.9, average=None))
    assert printed["RS"]["low"] == dict(zip(cm.labels.tolist(), recall.low.tolist()))

    table = run("score", folder / "comma.csv", "--true", "y", "--pred", "yhat", "MCC",
                "--ci", "bootstrap", "--resamples", "300", "--seed", "4")
    assert table.returncode == 0, table.stderr
    estimate, low, high = cm.CI("MCC", method="bootstrap", n_resamples=300, random_state=4)
    assert table.stdout.split("\n")[1].split() == ["MCC", *(f"{x:.6f}" for x in (estimate, low,
                                                                                 high)),
                                                   "bootstrap"]


def test_report_with_ci_adds_the_interval_columns(predictions):
    folder, frame = predictions
    result = run("report", folder / "comma.csv", "--true", "y", "--pred", "yhat", "--ci",
                 "--seed", "3", "--resamples", "199")
    assert result.returncode == 0, result.stderr
    cm = ClassificationMetric(frame["y"].to_numpy(), frame["yhat"].to_numpy())
    options = dict(ci="auto", random_state=3, n_resamples=199)
    summary = cm.summary(**options).drop(index=["n_samples", "n_classes"])
    tables = (f"{cm.report(**options).to_string(line_width=100)}\n\n"
              f"{summary.to_string(line_width=100)}\n\n")
    assert result.stdout.startswith(tables)
    assert summary[["low", "high"]].notna().all().all()  # every metric has its interval
    legend = " ".join(result.stdout[len(tables):].split())
    assert legend.startswith("300 samples, 3 classes. AS: accuracy")
    assert legend.endswith("The bootstrap intervals use --seed 3: give it to repeat them.")


def test_ci_without_a_seed_shows_the_seed_that_repeats_it(predictions):
    folder, _ = predictions
    flags = ["report", folder / "comma.csv", "--true", "y", "--pred", "yhat", "--ci",
             "bootstrap", "--resamples", "99"]
    first = run(*flags)
    assert first.returncode == 0, first.stderr
    seed = re.search(r"--seed (\d+): give it to repeat them", first.stdout).group(1)
    assert run(*flags, "--seed", seed).stdout == first.stdout
    printed = json.loads(run(*flags, "--format", "json").stdout)
    assert isinstance(printed["seed"], int)
    refused = run(*flags[:6], "--ci", "wilson", "--seed", "3")
    assert refused.returncode == USAGE_ERROR
    assert "--seed applies to --ci bootstrap, bca or auto, which resample; --ci wilson does " \
           "not" in refused.stderr


def test_report_on_a_terminal_prints_the_description(predictions, monkeypatch):
    folder, frame = predictions
    monkeypatch.setattr(rendering, "_on_terminal", lambda: True)
    monkeypatch.setattr(rendering, "_width", lambda: 72)  # a terminal 72 characters wide
    result = run("report", folder / "comma.csv", "--true", "y", "--pred", "yhat")
    with_ci = run("report", folder / "comma.csv", "--true", "y", "--pred", "yhat", "--ci",
                  "wilson")
    described_ci = run("report", folder / "comma.csv", "--true", "y", "--pred", "yhat", "--ci",
                       "--format", "describe")
    assert result.returncode == 0, result.stderr
    cm = ClassificationMetric(frame["y"].to_numpy(), frame["yhat"].to_numpy())
    assert result.stdout == cm.describe(width=72) + "\n"
    assert max(len(line) for line in result.stdout.splitlines()) <= 72
    assert with_ci.stdout.startswith(cm.report(ci="wilson").to_string(line_width=72))
    assert described_ci.returncode == USAGE_ERROR
    assert "--format describe shows intervals of its own" in described_ci.stderr


@pytest.mark.parametrize("arguments, status, message", [
    (["F1"], USAGE_ERROR, r"permetrics-lite score: error: unknown metric name 'F1'.*Did you "
                          r"mean 'F1S'"),
    (["AS", "--seed", "3"], USAGE_ERROR, r"--seed applies to intervals; add --ci \[METHOD\]"),
    (["AS", "--confidence", "0.9"], USAGE_ERROR, r"--confidence applies to intervals"),
    (["F1S", "--ci", "wilson", "--average", "macro"], DATA_ERROR,
     r"comma.csv: --ci wilson does not apply to F1S"),
    (["AS", "--ci", "bootstrap", "--confidence", "95"], USAGE_ERROR,
     r"argument --confidence: '95' is not a confidence level between 0 and 1"),
    (["AS", "--ci", "bootstrap", "--resamples", "0"], USAGE_ERROR,
     r"argument --resamples: '0' is not a positive whole number"),
    (["AUC"], USAGE_ERROR, r"AUC is a metric of scores: give the scores with --scores COL"),
    (["AS", "--sep", "::"], USAGE_ERROR, r"argument --sep: '::' is not one character"),
], ids=plain_id)
def test_interval_flags_refuse_with_a_message(predictions, arguments, status, message):
    folder, _ = predictions
    result = run("score", folder / "comma.csv", "--true", "y", "--pred", "yhat", *arguments)
    assert result.returncode == status
    assert re.search(message, result.stderr), result.stderr


# --- the command line's own words: flags, their values, lines ---

WORDED = [  # (arguments, files to write, exit status, what standard error says)
    (["score", "{multi}", "PS", "--true", "y", "--pred", "p"], USAGE_ERROR - 1,
     "Target is multiclass (3 classes) but --average binary. Please choose another --average "
     "setting, one of none, micro, macro, weighted; --average none gives every class."),
    (["score", "{multi}", "PS", "--true", "y", "--pred", "p", "--average", "precision"],
     USAGE_ERROR, "argument --average: invalid choice: 'precision' (choose from 'none', "
                  "'binary', 'micro', 'macro', 'weighted')"),
    (["score", "{binary}", "PS", "--true", "y", "--pred", "p"], DATA_ERROR,
     "binary.csv: the default positive class, 1, is not a label of this problem; its labels "
     "are ['no', 'yes']: name the positive class with --pos-label."),
    (["score", "{binary}", "PS", "--true", "y", "--pred", "p", "--pos-label", "maybe"],
     DATA_ERROR, "binary.csv: --pos-label maybe is not a label of this problem; its labels are "
                 "['no', 'yes']: name the positive class with --pos-label."),
    (["score", "{multi}", "AS", "--true", "y", "--pred", "p", "--output", "{missing}/out.txt"],
     USAGE_ERROR, "--output '{missing}/out.txt': there is no directory '{missing}'; create it "
                  "or name another"),
    (["score", "{multi}", "AS", "--true", "y", "--pred", "p", "--output", "{folder}"],
     USAGE_ERROR, "--output '{folder}' is a directory; name a file in it"),
    (["score", "{missing}/nowhere.csv", "AS", "--true", "y", "--pred", "p", "--labels", "a",
      "b", "a"], USAGE_ERROR, "--labels names 'a' more than once; name each class once"),
    (["score", "{multi}", "AS", "--true", "y", "--pred", "p", "--labels", "a", "b"],
     DATA_ERROR, "multi.csv line 4: column 'y' (--true) or column 'p' (--pred) contains "
                 "label(s) missing from --labels: ['c'], the first at line 4; add them to "
                 "--labels (nothing is dropped silently)."),
    (["score", "{quote}", "AS", "--true", "y", "--pred", "p"], DATA_ERROR,
     "quote.csv line 5: a quoted field is not closed: its quote runs to the end of the file"),
    (["score", "{late}", "AUC", "--true", "y", "--scores", "s"], DATA_ERROR,
     "late.csv line 3,002: 'oops' in column 's' is not a number"),
    (["score", "{empty_zip}", "AS", "--true", "y", "--pred", "p"], DATA_ERROR,
     "empty.zip is a zip archive of 0 files; it must hold one: []"),
    (["score", "{scores}", "--true", "y", "--scores", "s", "AUC"], USAGE_ERROR,
     "no METRIC: --scores took 'AUC' as its own values; put the metric names before --scores"),
    (["score", "{scores}", "--true", "y", "--scores", "s"], USAGE_ERROR,
     "the following arguments are required: METRIC"),
]


@pytest.mark.parametrize("arguments, status, message", WORDED, ids=plain_id)
def test_messages_speak_the_command_line_s_words(arguments, status, message, tmp_path):
    files = {"multi": "y,p\na,a\nb,b\nc,a\n", "binary": "y,p\nno,yes\nyes,yes\n",
             "quote": 'y,p\na,a\n"a\nb",a\nb,"b\na,a\n',
             "late": "y,s\n" + "1,0.5\n0,0.25\n" * 1500 + "1,oops\n",
             "scores": "y,s\n0,0.1\n1,0.8\n"}
    paths = {name: tmp_path / f"{name}.csv" for name in files}
    for name, text in files.items():
        paths[name].write_text(text)
    paths["empty_zip"] = tmp_path / "empty.zip"
    zipfile.ZipFile(paths["empty_zip"], "w").close()
    paths.update(missing=tmp_path / "missing", folder=tmp_path)
    result = run(*[argument.format(**paths) for argument in arguments])
    assert result.returncode == status, result.stderr
    lines = result.stderr.strip().splitlines()
    assert lines[-1].endswith(message.format(**paths)), result.stderr
    assert "----" not in result.stderr and "Traceback" not in result.stderr


def test_a_grouped_report_s_warnings_name_their_group(tmp_path):
    path = tmp_path / "groups.csv"
    path.write_text("y,p,g\nno,no,x\nyes,yes,x\nno,no,y\nyes,no,y\n")
    result = run("report", path, "--true", "y", "--pred", "p", "--group", "g", "--format",
                 "csv")
    assert result.returncode == 0, result.stderr
    warned = result.stderr.strip().splitlines()
    assert warned and all(line.startswith("permetrics-lite: warning: g = 'y': ")
                          for line in warned), warned
    assert "g = 'y': Precision is undefined (0/0) for 1 of 2 values" in result.stderr


def test_a_drawn_seed_is_shown_in_every_format_and_counts_stay_whole(predictions):
    folder, _ = predictions
    flags = ["--true", "y", "--pred", "yhat", "--ci", "bootstrap", "--resamples", "30"]
    csv = run("report", folder / "comma.csv", *flags, "--format", "csv")
    seed = re.fullmatch(r"The bootstrap intervals use --seed (\d+): give it to repeat them\.\n",
                        csv.stderr).group(1)
    again = run("report", folder / "comma.csv", *flags, "--format", "csv", "--seed", seed)
    assert again.stdout == csv.stdout
    scored = json.loads(run("score", folder / "comma.csv", "AS", "MCC", *flags[:4], "--ci",
                            "--format", "json").stdout)
    assert "seed" not in scored["AS"]  # Clopper-Pearson's draws nothing
    assert scored["MCC"]["method"] == "bootstrap" and isinstance(scored["MCC"]["seed"], int)
    summary = json.loads(run("report", folder / "comma.csv", *flags[:4], "--format",
                             "json").stdout)["summary"]
    assert (summary["n_samples"], summary["n_classes"]) == (300, 3)
    assert type(summary["n_samples"]) is int


@pytest.mark.parametrize("arguments, message", [
    (["--format", "describe", "--ci"], "--format describe shows intervals of its own"),
    (["--format", "text", "--ci"], "--format text prints scikit-learn's classification report"),
    (["--digits", "16"], "argument --digits: '16' is not a number of digits from 0 to 15"),
    (["--ci", "wilson", "--resamples", "5"], "--resamples applies to --ci bootstrap, bca or "
                                             "auto, which resample; --ci wilson does not"),
    (["--output", ""], "--output needs the name of a file"),
], ids=plain_id)
def test_flag_conflicts_are_found_before_the_file_is_read(tmp_path, arguments, message):
    bad = tmp_path / "bad.csv"
    bad.write_text("y,p\na,a\nb,\n")  # an error on line 3, if it were read
    result = run("report", bad, "--true", "y", "--pred", "p", *arguments)
    assert result.returncode == USAGE_ERROR, result.stderr
    assert message in result.stderr and "line 3" not in result.stderr


def test_the_description_takes_its_confidence_and_zero_division(tmp_path):
    path = tmp_path / "absent.csv"
    path.write_text("y,p\na,a\nb,a\nb,b\na,a\n")
    result = run("report", path, "--true", "y", "--pred", "p", "--labels", "a", "b", "c",
                 "--format", "describe", "--confidence", "0.9", "--zero-division", "0")
    assert result.returncode == 0, result.stderr
    cm = ClassificationMetric(["a", "b", "b", "a"], ["a", "a", "b", "a"], labels=["a", "b", "c"],
                              zero_division=0.0)
    assert result.stdout == cm.describe(confidence=0.9) + "\n"
    assert "90% CI" in result.stdout and "nan" not in result.stdout


def test_weighted_scores_with_auto_intervals_keep_their_rows(tmp_path):
    path = tmp_path / "weighted.csv"
    path.write_text("y,s,w\n0,0.1,1\n1,0.8,2\n0,0.3,1\n1,0.6,1\n0,0.7,2\n1,0.4,1\n")
    result = run("report", path, "--true", "y", "--scores", "s", "--weight", "w", "--ci",
                 "--seed", "2", "--resamples", "50", "--format", "json")
    assert result.returncode == 0, result.stderr
    printed = json.loads(result.stdout)
    cm = ClassificationMetric.from_scores([0, 1, 0, 1, 0, 1], [0.1, 0.8, 0.3, 0.6, 0.7, 0.4],
                                          sample_weight=[1, 2, 1, 1, 2, 1])
    expected = cm.summary(ci="auto", random_state=2, n_resamples=50)
    assert printed["summary"]["AS"]["method"] == expected.loc["AS", "method"] == "bootstrap"
    assert printed["summary"]["AS"]["low"] == pytest.approx(expected.loc["AS", "low"])
