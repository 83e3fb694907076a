"""Tests written for surviving mutants (.ci/mutation) of io/tallying.py, the command
line's streaming tallies: how a chunk's label and score columns are read, the file's
record of each row of a chunk, group keys as Python values, and the message of labels
of the wrong kind. Each expected value is written out by hand.

This module imports neither polars nor DuckDB, so its cases run under mutmut
(tests/conftest.py leaves out the modules that import them)."""

import numpy as np
import pandas as pd

from permetrics_lite.io import tallying
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
