"""Tests written for the mutants of metrics/label_metrics.py and metrics/tables.py that
the other tests let survive: the exact text of their errors and warnings, and values
checked against scikit-learn or counted by hand here."""

import warnings

import numpy as np
import pytest

from permetrics_lite import ClassificationMetric as CM
from permetrics_lite.metrics import label_metrics as _label_metrics, registry as _registry
from sklearn.metrics import classification_report, precision_score

SAMPLES_AVERAGE_UNAVAILABLE = (
    "classification_report of a multilabel evaluation needs each sample's labels for its "
    "'samples avg' row, and this evaluation keeps tallies only (a + b, from_batches, "
    "from_dask, by_group). Build it from the indicator arrays: "
    "ClassificationMetric(y_true, y_pred).classification_report().")


# ------------------------------------------------------------------ label_metrics.py

def test_a_generated_one_vs_rest_query_passes_its_options():
    # the registry makes these queries at import; made here, the call is the test's own
    query = _label_metrics.one_vs_rest(_registry.lookup("PS"))
    assert query.__name__ == "precision_score"
    assert "precision" in query.__doc__.lower()
    y_true, y_pred = ["a", "b", "b", "c", "a", "c"], ["a", "b", "c", "c", "b", "a"]
    weight = [1.0, 2.0, 0.5, 3.0, 1.0, 0.25]
    got = query(CM(y_true, y_pred).state, average="macro", sample_weight=weight)
    assert got == pytest.approx(
        precision_score(y_true, y_pred, average="macro", sample_weight=weight), abs=1e-12)
    # "y" is never predicted: its precision is 0/0, here 1.0
    binary = CM(["x", "y", "y", "x"], ["x", "x", "x", "x"]).state
    assert query(binary, pos_label="y", zero_division=1.0) == 1.0
    assert query(binary, pos_label="x", zero_division=1.0) == 0.5


# ------------------------------------------------------------------------- tables.py

def test_a_multilabel_sum_has_no_samples_average_message():
    one = CM([[0, 1], [1, 1]], [[0, 1], [1, 0]])
    with pytest.raises(ValueError) as error:
        (one + one).classification_report()
    assert str(error.value) == SAMPLES_AVERAGE_UNAVAILABLE


def undefined(name, count, total):
    return (f"{name} is undefined (0/0) for {count} of {total} values and is set to 0.0; pass "
            "zero_division (0.0, 1.0 or nan) to choose the value and silence this warning.")


def test_the_samples_average_warns_by_the_metric_names():
    # per class every ratio is defined; the second sample has no true and no predicted label
    y_true, y_pred = [[0, 1], [0, 0], [1, 1]], [[0, 1], [0, 0], [1, 0]]
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        CM(y_true, y_pred).classification_report()
    assert [str(w.message) for w in caught] == [
        undefined("Precision", 1, 3), undefined("Recall", 1, 3), undefined("F-score", 1, 3)]


def test_a_table_gives_nan_bounds_where_the_interval_method_does_not_apply():
    cm = CM([0, 1, 2, 2, 1, 0, 1], [0, 1, 1, 2, 1, 0, 2])
    table = cm.report(ci="wilson")  # Wilson: proportions only, not F1, Jaccard or MCC
    for column in ("f1", "jaccard", "mcc"):
        for bound in ("low", "high"):
            values = table[f"{column}_{bound}"]
            assert values.dtype == np.float64
            assert values.isna().all()
    assert table["recall_low"].notna().all()
    frame = cm.summary(ci="wilson")
    assert frame["low"].dtype == np.float64 and frame["high"].dtype == np.float64
    assert np.isnan(frame.loc["MCC", "low"]) and np.isnan(frame.loc["MCC", "high"])


def test_many_digits_widen_the_name_column_as_scikit_learn():
    # sklearn: width = max(longest name, len("weighted avg"), digits)
    y_true, y_pred = [0, 1, 2, 2, 1], [0, 2, 2, 2, 1]
    assert CM(y_true, y_pred).classification_report(digits=15) == classification_report(
        y_true, y_pred, digits=15)


def test_the_target_names_errors_word_by_word():
    cm = CM([0, 1, 2], [0, 1, 1])
    with pytest.raises(TypeError) as error:
        cm.classification_report(target_names=5)
    assert str(error.value) == "target_names must be a sequence of names, one per class; got 5."
    with pytest.raises(ValueError) as error:
        cm.classification_report(target_names=["a", "b"])
    assert str(error.value) == (
        "target_names has 2 names but the evaluation has 3 classes ([0, 1, 2]); give one name "
        "per class, in the order of labels.")
