"""Tests written for surviving mutants (.ci/mutation) of io/tallying.py, the command
line's streaming tallies: how a chunk's label and score columns are read, the file's
record of each row of a chunk, group keys as Python values, and the message of labels
of the wrong kind. Each expected value is written out by hand.

This module imports neither polars nor DuckDB, so its cases run under mutmut
(tests/conftest.py leaves out the modules that import them)."""

import json

import numpy as np
import pandas as pd
import pytest
from sklearn.metrics import (accuracy_score, average_precision_score, confusion_matrix,
                             roc_auc_score)

from permetrics_lite.io import reading as _reading, tallying
from tests.helpers import run_command


def test_a_categorical_label_column_stays_a_categorical():
    column = pd.Series(pd.Categorical(["b", "a"], categories=["b", "a", "c"]))
    labels = tallying._labels_of(column)
    assert isinstance(labels, pd.Categorical)
    assert labels.categories.tolist() == ["b", "a", "c"]  # the classes in their order
    plain = tallying._labels_of(pd.Series([2, 1]))
    assert type(plain) is np.ndarray and plain.tolist() == [2, 1]


def test_score_columns_keep_their_float_precision_and_others_become_float64():
    single = pd.Series(np.array([0.1, 0.7], dtype=np.float32))
    assert tallying._in_float(single).dtype == np.float32
    assert tallying._in_float(single).tolist() == single.tolist()
    integers = tallying._in_float(pd.Series([0, 1, 1]))
    assert integers.dtype == np.float64 and integers.tolist() == [0.0, 1.0, 1.0]


def test_the_records_of_a_chunk_follow_its_first():
    frame = pd.DataFrame({"y": [0, 1, 0]})
    assert tallying._chunk_records(5, frame).tolist() == [5, 6, 7]
    assert tallying._chunk_records(0, frame.iloc[:1]).tolist() == [0]


def test_group_keys_are_python_values():
    key = tallying._scalar(np.int64(3))
    assert type(key) is int and key == 3
    assert tallying._scalar("a") == "a"


def test_labels_of_the_wrong_kind_name_the_option(tmp_path):
    path = tmp_path / "numbers.csv"
    path.write_text("y,p\n1,1\n2,1\n")
    result = run_command("score", path, "AS", "--true", "y", "--pred", "p", "--labels", "x")
    assert result.returncode == 2
    assert result.stderr.endswith(
        "error: --labels 'x': the label column holds numbers; give labels of that kind\n")


def test_a_positive_label_of_the_wrong_kind_names_the_option(tmp_path):
    path = tmp_path / "numbers.csv"
    path.write_text("y,p\n1,1\n2,1\n")
    result = run_command("score", path, "AS", "--true", "y", "--pred", "p", "--pos-label", "x")
    assert result.returncode == 2
    assert result.stderr.endswith(
        "error: --pos-label 'x': the label column holds numbers; give labels of that kind\n")


# The checks of the flags, each message written out in full.
FLAG_FILE = "y,p,s,t,w,g\n0,0,0.2,0.8,1,a\n1,1,0.7,0.3,2,b\n1,0,0.4,0.6,1,a\n0,1,0.9,0.1,3,b\n"


@pytest.mark.parametrize("arguments, message", [
    (["--pred", "p", "--scores", "s"],
     "give --pred or --scores, not both: scores predict the class (--threshold for one column)"),
    ([], "give the predictions: --pred COL, or --scores COL [COL ...]"),
    (["--scores", "s", "t", "--threshold", "0.5"], "--threshold applies to one --scores column"),
    (["--pred", "p", "--threshold", "0.5"], "--threshold applies to one --scores column"),
    (["--pred", "p", "--score-decimals", "1"],
     "--score-decimals applies to --scores: it rounds the scores"),
    (["--pred", "p", "--labels", "0", "1", "0", "1"],
     "--labels names '0', '1' more than once; name each class once"),
    (["--pred", "p", "--labels", "1", "0", "1"],
     "--labels names '1' more than once; name each class once"),
])
def test_flag_conflicts_have_their_exact_message(tmp_path, arguments, message):
    path = tmp_path / "flags.csv"
    path.write_text(FLAG_FILE)
    result = run_command("score", path, "AS", "--true", "y", *arguments)
    assert result.returncode == 2
    assert result.stderr == f"permetrics-lite score: error: {message}\n"


@pytest.mark.parametrize("flag, arguments", [
    ("--true", ["--true", "q", "--pred", "p"]),
    ("--pred", ["--true", "y", "--pred", "q"]),
    ("--group", ["--true", "y", "--pred", "p", "--group", "q"]),
    ("--weight", ["--true", "y", "--pred", "p", "--weight", "q"]),
    ("--scores", ["--true", "y", "--scores", "q"]),
    ("--scores", ["--true", "y", "--scores", "s", "q"]),
])
def test_a_missing_column_names_its_flag(tmp_path, flag, arguments):
    path = tmp_path / "flags.csv"
    path.write_text(FLAG_FILE)
    result = run_command("score", path, "AS", *arguments)
    assert result.returncode == 1
    assert result.stderr == (f"permetrics-lite: error: {path} line 1: no column 'q' ({flag}); "
                             "its columns are 'y', 'p', 's', 't', 'w', 'g'.\n")


def test_one_score_column_with_a_threshold_is_its_predictions(tmp_path):
    path = tmp_path / "flags.csv"
    path.write_text(FLAG_FILE)
    result = run_command("score", path, "AS", "PS", "--true", "y", "--scores", "s",
                         "--threshold", "0.5", "--format", "json")
    assert result.returncode == 0, result.stderr
    # predictions 0, 1, 0, 1 (scores 0.2, 0.7, 0.4, 0.9 against 0.5) of true 0, 1, 1, 0
    assert json.loads(result.stdout) == {"AS": 0.5, "PS": 0.5}
    assert accuracy_score([0, 1, 1, 0], [0, 1, 0, 1]) == 0.5


# The score columns of the classes, and labels typed on the command line.
MATRIX_FILE = "y,a,b\na,0.2,0.8\nb,0.7,0.3\nc,0.4,0.6\n"


@pytest.mark.parametrize("extra, where", [
    ([], "column 'y' (--true) holds the class(es) ['c']"),
    (["--group", "g"], "column 'y' (--true) holds the class(es) ['c']"),
])
def test_a_class_without_its_score_column_is_named(tmp_path, extra, where):
    path = tmp_path / "matrix.csv"
    path.write_text("y,a,b,g\na,0.2,0.8,1\nb,0.7,0.3,1\nc,0.4,0.6,2\n")
    result = run_command("score", path, "AUC", "--true", "y", "--scores", "a", "b", *extra)
    assert result.returncode == 1
    assert result.stderr == (f"permetrics-lite: error: {path}: {where}, which have no --scores "
                             "column; give one score column per class, named by the class\n")


@pytest.mark.parametrize("extra", [[], ["--group", "g"]])
def test_a_label_without_its_score_column_is_named(tmp_path, extra):
    path = tmp_path / "matrix.csv"
    path.write_text("y,a,b,g\na,0.2,0.8,1\nb,0.7,0.3,1\nb,0.4,0.6,2\na,0.1,0.9,2\n")
    result = run_command("score", path, "AUC", "--true", "y", "--scores", "a", "b",
                         "--labels", "a", "b", "d", *extra)
    assert result.returncode == 1
    assert result.stderr == (f"permetrics-lite: error: {path}: --labels names the class(es) "
                             "['d'], which have no --scores column; give one score column per "
                             "class, named by the class\n")


def test_boolean_labels_of_the_wrong_kind_name_the_option(tmp_path):
    path = tmp_path / "booleans.csv"
    path.write_text("y,p\nTrue,False\nFalse,False\nTrue,True\n")
    result = run_command("score", path, "CM", "--true", "y", "--pred", "p", "--labels", "x", "y")
    assert result.returncode == 2
    assert result.stderr == ("permetrics-lite score: error: --labels 'x y': the label column "
                             "holds booleans; give labels of that kind\n")


@pytest.mark.parametrize("text, labels, true, pred", [
    ("y,p\nTrue,False\nFalse,False\nTrue,True\n", ["TRUE", "false"], [True, False, True],
     [False, False, True]),
    ("y,p\n1,2\n2,2\n1,1\n3,3\n", ["3", "2", "1"], [1, 2, 1, 3], [2, 2, 1, 3]),
    ("y,p\n1.0,2.0\n2.0,2.0\n1.0,1.0\n", ["2", "1.0"], [1.0, 2.0, 1.0], [2.0, 2.0, 1.0]),
    ("y,p\nb,a\na,a\nb,b\n", ["b", "a"], ["b", "a", "b"], ["a", "a", "b"]),
])
def test_labels_typed_take_the_kind_of_the_label_column(tmp_path, text, labels, true, pred):
    path = tmp_path / "labels.csv"
    path.write_text(text)
    result = run_command("score", path, "CM", "--true", "y", "--pred", "p", "--labels", *labels,
                         "--format", "json")
    assert result.returncode == 0, result.stderr
    ordered = [type(true[0])(label) if not isinstance(true[0], bool) else label.lower() == "true"
               for label in labels]
    expected = confusion_matrix(true, pred, labels=ordered).tolist()
    assert json.loads(result.stdout) == {"CM": expected}


# The paths of scores, in chunks of two rows, against scikit-learn's metrics.
ROWS = np.array([(0.5, 0.25, 0.25), (0.25, 0.5, 0.25), (0.125, 0.375, 0.5),
                 (0.75, 0.125, 0.125), (0.25, 0.25, 0.5), (0.0625, 0.6875, 0.25)])


@pytest.fixture
def scored(tmp_path, monkeypatch):
    """40 rows of three classes, their probabilities (rows summing to 1 exactly),
    weights and groups, read two rows a chunk (more chunks than are regrouped)."""
    monkeypatch.setattr(_reading, "CHUNK_ROWS", 2)
    rng = np.random.default_rng(3)
    frame = pd.DataFrame(ROWS[rng.integers(0, len(ROWS), 40)], columns=["a", "b", "c"])
    frame.insert(0, "y", rng.choice(["a", "b", "c"], 40))
    frame["w"] = rng.integers(1, 4, 40)
    frame["g"] = rng.choice(["h", "k"], 40)
    path = tmp_path / "scores.csv"
    frame.to_csv(path, index=False)
    return path, frame


def score_json(*arguments):
    result = run_command("score", *arguments, "--format", "json", "--quiet")
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


@pytest.mark.parametrize("weighted", [False, True])
def test_a_matrix_of_scores_per_class_in_the_order_of_the_labels(scored, weighted):
    path, frame = scored
    weight = ["--weight", "w"] if weighted else []
    printed = score_json(path, "AUC", "--true", "y", "--scores", "a", "b", "c", *weight,
                         "--average", "none", "--labels", "c", "a", "b")
    expected = roc_auc_score(frame["y"], frame[["a", "b", "c"]], multi_class="ovr",
                             average=None, sample_weight=frame["w"] if weighted else None)
    assert list(printed["AUC"]) == ["c", "a", "b"]
    assert printed["AUC"] == pytest.approx(dict(zip("abc", expected)), rel=1e-12)


@pytest.mark.parametrize("weighted", [False, True])
def test_a_matrix_of_scores_by_group(scored, weighted):
    path, frame = scored
    weight = ["--weight", "w"] if weighted else []
    printed = score_json(path, "AUC", "--true", "y", "--scores", "a", "b", "c", *weight,
                         "--group", "g", "--labels", "c", "a", "b")
    for group in "hk":
        rows = frame[frame["g"] == group]
        assert printed[group]["AUC"] == pytest.approx(roc_auc_score(
            rows["y"], rows[["a", "b", "c"]], multi_class="ovr", average="macro",
            sample_weight=rows["w"] if weighted else None), rel=1e-12)


@pytest.mark.parametrize("extra", [[], ["--group", "g"]])
@pytest.mark.parametrize("positive", [None, "a", "b"])
def test_one_column_of_scores_rounded_weighted_and_of_a_positive_class(scored, extra, positive,
                                                                       monkeypatch):
    monkeypatch.setattr(_reading, "CHUNK_ROWS", 1)  # more chunks than are regrouped
    path, frame = scored
    frame = frame[frame["y"] != "c"]
    two = path.with_name("two.csv")
    frame.to_csv(two, index=False)
    chosen = ["--pos-label", positive] if positive else []
    printed = score_json(two, "AUC", "APS", "--true", "y", "--scores", "b", "--weight", "w",
                         "--score-decimals", "1", *chosen, *extra)
    scores = frame["b"].round(1)
    for name, rows in ([("all", frame)] if not extra else
                       [(group, frame[frame["g"] == group]) for group in "hk"]):
        values = printed if name == "all" else printed[name]
        is_positive = rows["y"] == (positive or "b")  # "b": the second of the sorted classes
        assert values["AUC"] == pytest.approx(roc_auc_score(
            is_positive, scores[rows.index], sample_weight=rows["w"]), rel=1e-12)
        assert values["APS"] == pytest.approx(average_precision_score(
            is_positive, scores[rows.index], sample_weight=rows["w"]), rel=1e-12)


@pytest.mark.parametrize("chunk", [2, 100])
def test_a_row_of_scores_not_summing_to_one_is_named_by_its_line(tmp_path, monkeypatch, chunk):
    monkeypatch.setattr(_reading, "CHUNK_ROWS", chunk)
    path = tmp_path / "matrix.csv"
    path.write_text("y,a,b,c\na,0.5,0.25,0.25\nb,0.25,0.5,0.25\nc,0.5,0.26,0.25\n"
                    "a,0.5,0.25,0.25\nb,0.5,0.25,0.25\n")
    result = run_command("score", path, "AUC", "--true", "y", "--scores", "a", "b", "c")
    assert result.returncode == 1
    assert result.stderr == (
        f"permetrics-lite: error: {path}: roc_auc_score (AUC) of a multiclass problem needs "
        "probabilities, and --scores has 1 row(s) that do not sum to 1 (within 1e-05), the "
        "first line 4 summing to 1.01. Pass predict_proba output (1-D: the positive class's "
        "probability; a matrix: rows summing to 1).\n")


def test_a_label_missing_from_labels_is_named_by_its_line_in_a_group(tmp_path):
    path = tmp_path / "three.csv"
    path.write_text("y,s,g\na,0.1,h\nb,0.8,h\nc,0.4,k\nb,0.6,k\na,0.7,h\n")
    result = run_command("score", path, "AUC", "--true", "y", "--scores", "s", "--labels", "a",
                         "b", "--group", "g")
    assert result.returncode == 1
    assert result.stderr == (
        f"permetrics-lite: error: {path}: column 'y' (--true) contains label(s) missing from "
        "--labels: ['c'], the first at line 4; add them to --labels (nothing is dropped "
        "silently).\n")


@pytest.mark.parametrize("chunk", [1, 2, 100])
@pytest.mark.parametrize("kind", ["text", "integers", "categorical"])
def test_a_label_missing_from_labels_is_named_by_its_line_with_one_score_column(
        tmp_path, monkeypatch, chunk, kind):
    # the label of line 5 is not one of --labels, in the first chunk or a later one
    monkeypatch.setattr(_reading, "CHUNK_ROWS", chunk)
    labels = {"text": ["a", "b", "a", "c", "b"], "integers": [1, 2, 1, 3, 2],
              "categorical": pd.Categorical(["a", "b", "a", "c", "b"])}[kind]
    path = tmp_path / "labels.parquet"
    pd.DataFrame({"y": labels, "s": [0.1, 0.8, 0.4, 0.6, 0.7]}).to_parquet(path)
    typed = ["1", "2"] if kind == "integers" else ["a", "b"]
    result = run_command("score", path, "AUC", "--true", "y", "--scores", "s", "--labels",
                         *typed)
    assert result.returncode == 1
    missing = "[3]" if kind == "integers" else "['c']"
    assert result.stderr == (
        f"permetrics-lite: error: {path}: column 'y' (--true) contains label(s) missing from "
        f"--labels: {missing}, the first at row 4; add them to --labels (nothing is dropped "
        "silently).\n")


def test_labels_typed_for_a_categorical_column_take_its_categories_kind(tmp_path):
    path = tmp_path / "categories.parquet"
    pd.DataFrame({"y": pd.Categorical([2, 1, 2, 1]),
                  "p": pd.Categorical([2, 2, 2, 1])}).to_parquet(path)
    printed = score_json(path, "CM", "--true", "y", "--pred", "p", "--labels", "2", "1")
    assert printed == {"CM": confusion_matrix([2, 1, 2, 1], [2, 2, 2, 1], labels=[2, 1]).tolist()}


@pytest.mark.parametrize("extra, classes", [
    ([], "['a', 'b', 'c']"), (["--labels", "c", "a", "b", "e"], "['a', 'b', 'c', 'e']"),
    (["--group", "g"], "['a', 'b', 'c']"),
])
def test_a_positive_label_not_a_class_of_one_score_column(tmp_path, extra, classes):
    path = tmp_path / "three.csv"
    path.write_text("y,s,g\na,0.1,h\nb,0.8,h\nc,0.4,k\nb,0.6,k\na,0.7,h\n")
    result = run_command("score", path, "AUC", "--true", "y", "--scores", "s",
                         "--pos-label", "d", *extra)
    assert result.returncode == 1
    assert result.stderr == (f"permetrics-lite: error: {path}: --pos-label 'd' is not a class "
                             f"of column 'y' (--true), whose classes are {classes}\n")


@pytest.mark.parametrize("extra", [[], ["--group", "g"]])
@pytest.mark.parametrize("labels, positive", [(["b", "a"], None), (["b", "a"], "a"),
                                              (["a", "b"], "a")])
def test_one_score_column_with_labels(tmp_path, extra, labels, positive):
    path = tmp_path / "two.csv"
    path.write_text("y,s,g\na,0.1,h\nb,0.8,h\nb,0.4,k\nb,0.6,k\na,0.7,h\na,0.3,k\n")
    chosen = ["--pos-label", positive] if positive else []
    printed = score_json(path, "AUC", "--true", "y", "--scores", "s", "--labels", *labels,
                         *chosen, *extra)
    true = np.array(list("abbbaa"))
    scores = np.array([0.1, 0.8, 0.4, 0.6, 0.7, 0.3])
    group = np.array(list("hhkkhk"))
    positive = positive or "b"  # the second of the sorted labels
    for name in (["h", "k"] if extra else [None]):  # None: the evaluation of every row
        rows = group == name if name else np.ones(len(true), bool)
        values = printed[name] if name else printed
        assert values["AUC"] == pytest.approx(roc_auc_score(true[rows] == positive, scores[rows]))


def test_a_label_of_a_chunk_of_scores_is_checked_and_named_by_its_line(tmp_path, monkeypatch):
    monkeypatch.setattr(_reading, "CHUNK_ROWS", 2)
    path = tmp_path / "labels.csv"
    path.write_text("y,s,w\n0,0.2,1\n1,0.4,0\n0.5,0.3,0\n1,0.6,0\n0,0.1,1\n")
    result = run_command("score", path, "AUC", "--true", "y", "--scores", "s")
    assert result.returncode == 1
    assert result.stderr == (
        f"permetrics-lite: error: {path}: column 'y' (--true) contains non-integral values "
        "(e.g. 0.5 at line 4); this looks like scores or probabilities; use --scores or "
        "threshold them.\n")


def test_a_chunk_of_scores_may_weigh_nothing(tmp_path, monkeypatch):
    monkeypatch.setattr(_reading, "CHUNK_ROWS", 2)
    path = tmp_path / "weights.csv"
    path.write_text("y,s,w\n0,0.2,1\n1,0.4,1\n0,0.3,0\n1,0.6,0\n0,0.1,1\n1,0.9,2\n")
    printed = score_json(path, "AUC", "--true", "y", "--scores", "s", "--weight", "w")
    assert printed["AUC"] == pytest.approx(roc_auc_score(
        [0, 1, 0, 1, 0, 1], [0.2, 0.4, 0.3, 0.6, 0.1, 0.9], sample_weight=[1, 1, 0, 0, 1, 2]))


def test_three_labels_of_one_score_column_are_refused(tmp_path):
    path = tmp_path / "two.csv"
    path.write_text("y,s\na,0.2\nb,0.4\na,0.3\nb,0.6\n")
    result = run_command("score", path, "AUC", "--true", "y", "--scores", "s",
                         "--labels", "a", "b", "c")
    assert result.returncode == 1
    assert result.stderr == (
        f"permetrics-lite: error: {path}: --scores is 1-D: binary scores, one per sample, for "
        "two classes (negative, positive); but there are 3: ['a', 'b', 'c']. Pass an "
        "(n_samples, n_classes) score matrix, or --labels [negative, positive].\n")


def test_one_score_column_of_a_categorical_label_column(tmp_path):
    path = tmp_path / "categories.parquet"
    pd.DataFrame({"y": pd.Categorical(list("abab"), categories=list("abc")),
                  "s": [0.2, 0.4, 0.3, 0.6]}).to_parquet(path)
    printed = score_json(path, "AUC", "APS", "--true", "y", "--scores", "s")
    true, scores = [0, 1, 0, 1], [0.2, 0.4, 0.3, 0.6]
    assert printed == pytest.approx({"AUC": roc_auc_score(true, scores),
                                     "APS": average_precision_score(true, scores)})


@pytest.mark.parametrize("extra", [[], ["--group", "g"]])
def test_score_columns_of_the_wrong_kind_name_the_option(tmp_path, extra):
    path = tmp_path / "flags.csv"
    path.write_text(FLAG_FILE)
    result = run_command("score", path, "AUC", "--true", "y", "--scores", "s", "t", *extra)
    assert result.returncode == 2
    assert result.stderr == ("permetrics-lite score: error: --scores 's t': the label column "
                             "holds numbers; give labels of that kind\n")


@pytest.mark.parametrize("extra", [[], ["--group", "g"]])
def test_a_positive_class_of_a_score_matrix(scored, extra):
    path, frame = scored
    frame = frame[frame["y"] != "c"].copy()
    frame["b"] = 1 - frame["a"]
    two = path.with_name("two.csv")
    frame.to_csv(two, index=False)
    printed = score_json(two, "APS", "--true", "y", "--scores", "a", "b", "--pos-label", "a",
                         *extra)
    for name in (["h", "k"] if extra else [None]):  # None: the evaluation of every row
        rows = frame[frame["g"] == name] if name else frame
        values = printed[name] if name else printed
        assert values["APS"] == pytest.approx(
            average_precision_score(rows["y"] == "a", rows["a"]), rel=1e-12)


def test_the_weighted_auc_of_a_score_matrix_by_group(scored):
    path, frame = scored
    printed = score_json(path, "AUC", "--true", "y", "--scores", "a", "b", "c", "--group", "g",
                         "--average", "weighted")
    for group in "hk":
        rows = frame[frame["g"] == group]
        expected = roc_auc_score(rows["y"], rows[["a", "b", "c"]], multi_class="ovr",
                                 average="weighted")
        assert printed[group]["AUC"] == pytest.approx(expected, rel=1e-12)


@pytest.mark.parametrize("chunk", [_reading.CHUNK_ROWS, 1], ids=["one chunk", "chunks of a row"])
def test_one_score_column_of_a_categorical_column_counts_its_observed_classes(
        tmp_path, monkeypatch, chunk):
    # a Parquet dictionary column with a category no row holds: two classes, not three;
    # in one chunk, and in more chunks than are gathered before their counts are added
    # up (groupby counts observed pairs only: pandas 2's default counts every category)
    monkeypatch.setattr(_reading, "CHUNK_ROWS", chunk)
    path = tmp_path / "categories.parquet"
    true = pd.Categorical(list("abbab") * 4, categories=["a", "b", "z"])
    scores = np.linspace(0.05, 0.95, 20).round(2).tolist()
    pd.DataFrame({"y": true, "s": scores}).to_parquet(path)
    printed = score_json(path, "AUC", "APS", "--true", "y", "--scores", "s")
    is_b = np.asarray(true) == "b"
    assert printed["AUC"] == pytest.approx(roc_auc_score(is_b, scores), rel=1e-12)
    assert printed["APS"] == pytest.approx(average_precision_score(is_b, scores), rel=1e-12)


@pytest.mark.parametrize("extra", [
    [], ["--pos-label", "c"], ["--pos-label", "c", "--labels", "a", "b", "c"],
    ["--pos-label", "c", "--group", "g"], ["--pos-label", "c", "--weight", "w", "--ci"],
])
def test_one_score_column_of_three_classes_is_refused_in_the_command_line_s_words(tmp_path,
                                                                                  extra):
    # a positive class names one class of three: the others are not a negative class
    path = tmp_path / "three.csv"
    path.write_text("y,s,g,w\na,0.1,h,1\nb,0.8,h,1\nc,0.4,k,2\n")
    result = run_command("score", path, "AUC", "--true", "y", "--scores", "s", *extra)
    assert result.returncode == 1
    assert result.stderr == (
        f"permetrics-lite: error: {path}: --scores is 1-D: binary scores, one per sample, for "
        "two classes (negative, positive); but there are 3: ['a', 'b', 'c']. Pass an "
        "(n_samples, n_classes) score matrix, or --labels [negative, positive].\n")


@pytest.mark.parametrize("chunk, n_rows", [(3, 6), (1, 18)], ids=["two chunks", "18 chunks"])
def test_one_score_column_s_pairs_of_every_chunk_are_counted(tmp_path, monkeypatch, chunk,
                                                             n_rows):
    # the counted pairs of two chunks, and of more chunks than are gathered before
    # they are added up (16), all reach the AUC
    monkeypatch.setattr(_reading, "CHUNK_ROWS", chunk)
    rng = np.random.default_rng(n_rows)
    true = np.r_[["a", "b"] * (n_rows // 2)]
    scores = np.round(rng.random(n_rows), 1)
    path = tmp_path / "pairs.csv"
    pd.DataFrame({"y": true, "s": scores}).to_csv(path, index=False)
    printed = score_json(path, "AUC", "APS", "--true", "y", "--scores", "s")
    assert printed["AUC"] == pytest.approx(roc_auc_score(true == "b", scores), rel=1e-12)
    assert printed["APS"] == pytest.approx(average_precision_score(true == "b", scores),
                                           rel=1e-12)


@pytest.mark.parametrize("chunk", [1, 2, 100])
def test_a_label_missing_from_labels_is_named_by_its_line_with_a_score_matrix(
        tmp_path, monkeypatch, chunk):
    # class d has its score column, but --labels leaves it out: the line of its row
    monkeypatch.setattr(_reading, "CHUNK_ROWS", chunk)
    path = tmp_path / "matrix.csv"
    path.write_text("y,a,b,c,d\na,0.5,0.25,0.25,0\nb,0.25,0.5,0.25,0\nd,0.2,0.3,0.3,0.2\n"
                    "c,0.25,0.25,0.5,0\n")
    result = run_command("score", path, "AUC", "--true", "y", "--scores", "a", "b", "c", "d",
                         "--labels", "a", "b", "c")
    assert result.returncode == 1
    assert result.stderr == (
        f"permetrics-lite: error: {path}: column 'y' (--true) contains label(s) missing from "
        "--labels: ['d'], the first at line 4; add them to --labels (nothing is dropped "
        "silently).\n")


@pytest.mark.parametrize("columns", [["--pred", "p"], ["--scores", "a", "b"]])
def test_weights_all_zero_are_refused_in_the_command_line_s_words(tmp_path, columns):
    path = tmp_path / "weights.csv"
    path.write_text("y,p,w,a,b\na,a,0,0.2,0.8\nb,a,0,0.6,0.4\n")
    result = run_command("score", path, "AS", "--true", "y", *columns, "--weight", "w")
    assert result.returncode == 1
    assert result.stderr == (
        f"permetrics-lite: error: {path}: column 'w' (--weight) is all zero in every one of "
        "the rows; at least one weight must be positive.\n")


def test_true_labels_that_turn_to_text_take_the_predictions_with_them(tmp_path, monkeypatch):
    # the first chunk's true labels are numbers, its predictions text: the file is read
    # again, the true labels text throughout (a later chunk holds "x"), as pandas reads it
    monkeypatch.setattr(_reading, "CHUNK_ROWS", 1)
    path = tmp_path / "kinds.csv"
    path.write_text("y,p\n1,a\nx,b\n1,x\n")
    whole = pd.read_csv(path)
    printed = score_json(path, "CM", "--true", "y", "--pred", "p")
    classes = sorted(set(whole["y"]) | set(whole["p"]))
    assert printed == {"CM": confusion_matrix(whole["y"], whole["p"], labels=classes).tolist()}


@pytest.mark.parametrize("frame, extra, suffix, expected", [
    (pd.DataFrame({"y": [1, 2, 1], "p": [1, 1, 2]}), [], ".csv", {"AS": 1 / 3}),
    (pd.DataFrame({"y": list("aba"), "p": list("aab")}), [], ".csv", {"AS": 1 / 3}),
    (pd.DataFrame({"y": [1, 2, 1], "p": [1, 1, 2], "g": list("hkh")}), ["--group", "g"], ".csv",
     {"h": {"AS": 0.5}, "k": {"AS": 0.0}, "difference": {"AS": 0.5}, "ratio": {"AS": 0.0}}),
    (pd.DataFrame({"y": [b"a", b"b", b"a"], "p": [b"a", b"a", b"b"]}), [], ".parquet",
     {"AS": 1 / 3}),
], ids=["integers", "text", "a text group", "bytes"])
def test_a_file_of_one_kind_of_label_is_read_once(tmp_path, monkeypatch, frame, extra, suffix,
                                                  expected):
    # each label column of one kind throughout (a group of its own kind): no second
    # reading of the file
    monkeypatch.setattr(_reading, "CHUNK_ROWS", 1)
    readings = []
    frames = _reading._frames
    monkeypatch.setattr(_reading, "_frames", lambda *a: readings.append(a) or frames(*a))
    path = tmp_path / f"labels{suffix}"
    if suffix == ".parquet":
        frame.to_parquet(path)
    else:
        frame.to_csv(path, index=False)
    assert score_json(path, "AS", "--true", "y", "--pred", "p", *extra) == expected
    assert len(readings) == 1


def test_options_not_among_the_command_s_flags_are_not_given():
    # the commands that evaluate have each flag; a namespace without them means none
    import argparse

    assert tallying._options(argparse.Namespace(), pd.Series([0, 1])) == {}
    given = argparse.Namespace(average="none", pos_label="1", zero_division="nan")
    options = tallying._options(given, pd.Series([0, 1]))
    assert options["average"] is None and options["pos_label"] == 1
    assert np.isnan(options["zero_division"])


@pytest.mark.parametrize("categories, typed, expected", [
    ([2, 1], ["1", "2"], [1, 2]), ([0.5, 1.5], ["1.5"], [1.5]),
    ([True, False], ["false", "TRUE"], [False, True]), (["b", "a"], ["a"], ["a"]),
])
def test_labels_typed_for_a_categorical_take_the_kind_of_its_categories(categories, typed,
                                                                          expected):
    column = pd.Series(pd.Categorical(categories))
    parsed = tallying._parse_labels(typed, column, "--labels")
    assert parsed == expected and [type(v) for v in parsed] == [type(v) for v in expected]


@pytest.mark.parametrize("extra", [[], ["--group", "g"], ["--group", "g", "--weight", "w"]])
@pytest.mark.parametrize("suffix, place", [(".csv", "line 4"), (".parquet", "row 3")])
def test_a_query_s_row_of_a_score_matrix_is_named_by_its_line(tmp_path, extra, suffix, place):
    # the third row sums to 1.2 (line 4 of the CSV): the second row of group k
    frame = pd.DataFrame({"y": list("abab"), "a": [0.6, 0.3, 0.9, 0.2],
                          "b": [0.4, 0.7, 0.3, 0.8], "g": list("hkkh"), "w": [1, 1, 2, 1]})
    path = tmp_path / f"rows{suffix}"
    if suffix == ".parquet":
        frame.to_parquet(path)
    else:
        frame.to_csv(path, index=False)
    result = run_command("score", path, "LL", "--true", "y", "--scores", "a", "b", *extra)
    assert result.returncode == 1
    assert result.stderr == (
        f"permetrics-lite: error: {path}: log_loss (LL) needs probabilities, and --scores has "
        f"1 row(s) that do not sum to 1 (within 1e-05), the first {place} summing to 1.2. Pass "
        "predict_proba output (1-D: the positive class's probability; a matrix: rows summing "
        "to 1).\n")
