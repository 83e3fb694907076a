"""Tests written for the mutants of the class metrics (metrics/label_metrics.py) and of the
summary table and the intervals of the tables (metrics/tables.py) that the other tests let
survive: averages, positive classes, weights and warnings of the class metrics against
scikit-learn; the summary's rows, columns, dtypes and warnings; the interval options
and methods of the tables against statsmodels."""

import warnings

import numpy as np
import pandas as pd
import pytest
from sklearn import metrics as skm
from statsmodels.stats.proportion import proportion_confint

from permetrics_lite import ClassificationMetric as CM, InputError
from permetrics_lite.metrics import formulas as _formulas

Y_TRUE = ["a", "b", "c", "a", "b", "c", "a", "b"]
Y_PRED = ["a", "b", "b", "a", "c", "c", "b", "b"]
WEIGHT = [1.0, 2.0, 1.0, 3.0, 1.0, 1.0, 2.0, 1.0]
# binary, "y" never predicted: its precision is 0/0
NEVER_Y = (["x", "y", "y", "x"], ["x", "x", "x", "x"])


def undefined(name, rest=""):
    return (f"{name} is undefined (0/0){rest} and is set to 0.0; pass zero_division (0.0, "
            "1.0 or nan) to choose the value and silence this warning.")


def caught(call):
    with warnings.catch_warnings(record=True) as records:
        warnings.simplefilter("always")
        result = call()
    return result, [(w.category, str(w.message)) for w in records]


def one_vs_rest_accuracy(y_true, y_pred, label, weight=None):
    """(samples not a false positive or false negative of ``label``) / N, per sample."""
    weight = np.ones(len(y_true)) if weight is None else np.asarray(weight, dtype=float)
    right = [(t == label) == (p == label) for t, p in zip(y_true, y_pred)]
    return float(np.sum(weight[right]) / np.sum(weight))


# ----------------------------------------------------- label_metrics.py: class metrics

def test_a_binary_average_of_a_multiclass_problem_is_refused_by_every_count_metric():
    cm = CM(Y_TRUE, Y_PRED)
    message = ("Target is multiclass (3 classes) but average='binary'. Please choose another "
               "average setting, one of [None, 'micro', 'macro', 'weighted']; average=None "
               "gives every class.")
    for query in (cm.PS, cm.RS, cm.F1S, cm.JSI):
        with pytest.raises(InputError) as error:
            query(average="binary")
        assert str(error.value) == message


def test_per_class_accuracy_scores_any_class_of_a_multiclass_problem():
    cm = CM(Y_TRUE, Y_PRED)
    for label in "abc":
        expected = one_vs_rest_accuracy(Y_TRUE, Y_PRED, label)
        assert cm.PCA(pos_label=label) == pytest.approx(expected, abs=1e-15)
        assert cm.PCA(pos_label=label, average="binary") == pytest.approx(expected, abs=1e-15)
        assert cm.PCA(pos_label=label, average=None) == pytest.approx(expected, abs=1e-15)
        weighted = cm.PCA(pos_label=label, average="binary", sample_weight=WEIGHT)
        assert weighted == pytest.approx(
            one_vs_rest_accuracy(Y_TRUE, Y_PRED, label, WEIGHT), abs=1e-15)
    every = cm.PCA()
    assert isinstance(every, dict) and list(every) == ["a", "b", "c"]
    assert every["c"] == pytest.approx(one_vs_rest_accuracy(Y_TRUE, Y_PRED, "c"), abs=1e-15)


def test_pos_label_with_another_average_is_refused_by_name():
    cm = CM(*NEVER_Y)
    for average in (None, "macro", "micro", "weighted"):
        with pytest.raises(InputError) as error:
            cm.PS(pos_label="y", average=average)
        assert str(error.value) == (
            f"pos_label='y' selects one class and cannot be combined with average={average!r}; "
            "pass one of them.")
    with pytest.raises(InputError) as error:
        CM(Y_TRUE, Y_PRED).PCA(pos_label="a", average="macro")
    assert "pos_label='a'" in str(error.value) and "average='macro'" in str(error.value)
    # binary with pos_label is one class too
    assert cm.PS(pos_label="x", average="binary") == 0.5


def test_binary_scores_are_floats_of_the_positive_class_and_its_weights():
    y_true, y_pred = NEVER_Y
    weight = [1.0, 2.0, 0.5, 3.0]
    cm = CM(y_true, y_pred)
    got = cm.RS(pos_label="x", sample_weight=weight)
    assert type(got) is float
    assert got == pytest.approx(
        skm.recall_score(y_true, y_pred, pos_label="x", sample_weight=weight), abs=1e-15)
    assert cm.PS(pos_label="x", sample_weight=weight) == pytest.approx(
        skm.precision_score(y_true, y_pred, pos_label="x", sample_weight=weight), abs=1e-15)
    assert type(cm.PS(pos_label="x")) is float


def test_the_zero_division_of_a_query_replaces_the_constructor_s():
    y_true, y_pred = NEVER_Y
    assert CM(y_true, y_pred).PS(pos_label="y", zero_division=1.0) == 1.0
    assert CM(y_true, y_pred, zero_division=1.0).PS(pos_label="y") == 1.0
    assert CM(y_true, y_pred, zero_division=1.0).PS(pos_label="y", zero_division=0.0) == 0.0
    assert np.isnan(CM(y_true, y_pred).PS(pos_label="y", zero_division=np.nan))
    # averaged: "y"'s 0/0 is 1.0, "x"'s precision 2/4
    assert CM(y_true, y_pred).PS(average="macro", zero_division=1.0) == 0.75
    assert CM(y_true, y_pred, zero_division=1.0).PS(average="macro") == 0.75
    assert CM(y_true, y_pred).PS(average=None, zero_division=1.0) == {"x": 0.5, "y": 1.0}


def test_the_undefined_warning_names_the_metric_binary_and_averaged():
    cm = CM(*NEVER_Y)
    value, records = caught(lambda: cm.PS(pos_label="y"))
    assert value == 0.0
    assert records == [(_formulas.UndefinedMetricWarning, undefined("Precision"))]
    value, records = caught(lambda: cm.PS(average="macro"))
    assert value == 0.25
    assert records == [(_formulas.UndefinedMetricWarning,
                        undefined("Precision", " for 1 of 2 values"))]
    # "z", in neither array, has an F1 of 0/0
    widened = CM(*NEVER_Y, labels=["x", "y", "z"])
    value, records = caught(lambda: widened.F1S(average=None))
    assert value == {"x": pytest.approx(2 / 3), "y": 0.0, "z": 0.0}
    assert records == [(_formulas.UndefinedMetricWarning,
                        undefined("F-score", " for 1 of 3 values"))]


def test_averages_are_scikit_learn_s_with_query_weights():
    cm = CM(Y_TRUE, Y_PRED)
    for average in ("macro", "micro", "weighted"):
        for weight in (None, WEIGHT):
            got = cm.F1S(average=average, sample_weight=weight)
            assert type(got) is float
            assert got == pytest.approx(skm.f1_score(Y_TRUE, Y_PRED, average=average,
                                                     sample_weight=weight), abs=1e-15)
    every = cm.PS(average=None, sample_weight=WEIGHT)
    assert isinstance(every, dict) and list(every) == ["a", "b", "c"]
    expected = skm.precision_score(Y_TRUE, Y_PRED, average=None, sample_weight=WEIGHT)
    assert list(every.values()) == pytest.approx(expected.tolist(), abs=1e-15)


# ------------------------------------------------------------ tables.py: summary_of

LABEL_ROWS = ["n_samples", "n_classes", "AS", "BAS", "BAS_adjusted", "PCA_macro", "PS_macro",
              "PS_weighted", "RS_macro", "RS_weighted", "F1S_macro", "F1S_weighted", "MCC",
              "CKS", "NIR"]
MULTILABEL_ROWS = ["n_samples", "n_classes", "AS", "PCA_macro", "PS_macro", "PS_weighted",
                   "RS_macro", "RS_weighted", "F1S_macro", "F1S_weighted"]
SCORE_ROWS = ["AUC", "APS", "LL", "BSL"]
BINARY_TRUE = [0, 1, 1, 0, 1, 0]
BINARY_SCORES = [0.2, 0.8, 0.4, 0.3, 0.9, 0.6]


def sklearn_rows(y_true, y_pred, weight=None, zero_division=0.0):
    """The summary's rows of labels, by scikit-learn (and a per-sample loop)."""
    multilabel = isinstance(y_true[0], list)
    labels = (range(len(y_true[0])) if multilabel
              else sorted(set(y_true) | set(y_pred)))
    rows = {"n_samples": len(y_true), "n_classes": len(labels),
            "AS": skm.accuracy_score(y_true, y_pred, sample_weight=weight)}
    if not multilabel:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # scikit-learn's of classes only predicted
            rows["BAS"] = skm.balanced_accuracy_score(y_true, y_pred, sample_weight=weight)
            rows["BAS_adjusted"] = skm.balanced_accuracy_score(
                y_true, y_pred, sample_weight=weight, adjusted=True)
        rows["PCA_macro"] = np.mean([one_vs_rest_accuracy(y_true, y_pred, label, weight)
                                     for label in labels])
    else:
        truth, guess = np.asarray(y_true), np.asarray(y_pred)
        w = np.ones(len(truth)) if weight is None else np.asarray(weight, float)
        rows["PCA_macro"] = np.mean([np.sum(w * (truth[:, j] == guess[:, j])) / np.sum(w)
                                     for j in range(truth.shape[1])])
    for alias, score in (("PS", skm.precision_score), ("RS", skm.recall_score),
                         ("F1S", skm.f1_score)):
        for average in ("macro", "weighted"):
            rows[f"{alias}_{average}"] = score(y_true, y_pred, average=average,
                                               sample_weight=weight, zero_division=zero_division)
    if not multilabel:
        rows["MCC"] = skm.matthews_corrcoef(y_true, y_pred, sample_weight=weight)
        rows["CKS"] = skm.cohen_kappa_score(y_true, y_pred, sample_weight=weight)
        w = np.ones(len(y_true)) if weight is None else np.asarray(weight, float)
        rows["NIR"] = max(np.sum(w[np.asarray(y_true) == label]) for label in labels) / np.sum(w)
    return rows


def check_summary(frame, expected):
    assert list(frame.columns) == ["value"] and frame.index.name == "metric"
    assert frame["value"].dtype == np.float64
    assert frame.index.tolist()[:len(expected)] == list(expected)
    assert frame["value"].tolist()[:len(expected)] == pytest.approx(list(expected.values()),
                                                                     abs=1e-12)


def test_the_summary_s_rows_are_scikit_learn_s_with_and_without_query_weights():
    cm = CM(Y_TRUE, Y_PRED)
    frame = cm.summary()
    assert frame.index.tolist() == LABEL_ROWS
    check_summary(frame, sklearn_rows(Y_TRUE, Y_PRED))
    check_summary(cm.summary(sample_weight=WEIGHT), sklearn_rows(Y_TRUE, Y_PRED, WEIGHT))


def test_the_summary_of_multilabel_input_has_its_rows_only():
    y_true = [[0, 1, 1], [1, 1, 0], [1, 0, 0], [0, 0, 1]]
    y_pred = [[0, 1, 0], [1, 0, 0], [1, 0, 1], [0, 1, 1]]
    frame = CM(y_true, y_pred).summary()
    assert frame.index.tolist() == MULTILABEL_ROWS
    check_summary(frame, sklearn_rows(y_true, y_pred))


def test_the_summary_of_scores_adds_their_rows_without_query_weights():
    cm = CM.from_scores(BINARY_TRUE, BINARY_SCORES)
    frame = cm.summary()
    assert frame.index.tolist() == LABEL_ROWS + SCORE_ROWS
    y_pred = [int(s >= 0.5) for s in BINARY_SCORES]
    check_summary(frame, sklearn_rows(BINARY_TRUE, y_pred))
    assert frame.loc[SCORE_ROWS, "value"].tolist() == pytest.approx([
        skm.roc_auc_score(BINARY_TRUE, BINARY_SCORES),
        skm.average_precision_score(BINARY_TRUE, BINARY_SCORES),
        skm.log_loss(BINARY_TRUE, BINARY_SCORES),
        skm.brier_score_loss(BINARY_TRUE, BINARY_SCORES)], abs=1e-12)
    weight = [1.0, 2.0, 1.0, 1.0, 3.0, 1.0]
    weighted = cm.summary(sample_weight=weight)
    assert weighted.index.tolist() == LABEL_ROWS
    check_summary(weighted, sklearn_rows(BINARY_TRUE, y_pred, weight))


def test_the_summary_s_zero_division_is_the_query_s_or_the_constructor_s():
    # "c" is predicted only: its recall is 0/0; string labels, so no option may be
    # taken for a positive label
    y_true, y_pred = ["a", "b", "a", "b"], ["a", "b", "c", "b"]
    for cm, zero_division in ((CM(y_true, y_pred), 1.0),
                              (CM(y_true, y_pred, zero_division=1.0), None)):
        with warnings.catch_warnings(record=True) as records:
            warnings.simplefilter("always")
            frame = (cm.summary() if zero_division is None
                     else cm.summary(zero_division=zero_division))
        assert [str(w.message) for w in records] == [
            "y_pred contains classes not in y_true: ['c']; balanced accuracy leaves them out of "
            "the mean."]
        expected = sklearn_rows(y_true, y_pred, zero_division=1.0)
        check_summary(frame, expected)
        assert frame.loc["RS_macro", "value"] == pytest.approx((0.5 + 1 + 1) / 3)


def test_the_summary_warns_once_of_classes_balanced_accuracy_leaves_out():
    cm = CM(["a", "b", "a", "b"], ["a", "b", "c", "b"])
    frame, records = caught(lambda: cm.summary(zero_division=0.0))
    assert [message for _, message in records] == [
        "y_pred contains classes not in y_true: ['c']; balanced accuracy leaves them out of "
        "the mean."]
    assert issubclass(records[0][0], UserWarning)
    assert frame.loc["BAS", "value"] == 0.75
    # the undefined recall of "c" warns, once for each of its averages
    _, records = caught(cm.summary)
    assert [message for _, message in records] == [
        "y_pred contains classes not in y_true: ['c']; balanced accuracy leaves them out of "
        "the mean.", undefined("Recall", " for 1 of 3 values"),
        undefined("Recall", " for 1 of 3 values")]
    assert [category for category, _ in records][1:] == [_formulas.UndefinedMetricWarning] * 2


def test_a_multilabel_summary_warns_only_of_undefined_values():
    # label 2 has neither a true nor a predicted sample
    cm = CM([[1, 0, 0], [0, 1, 0]], [[1, 0, 0], [1, 1, 0]])
    frame, records = caught(lambda: cm.summary(zero_division=0.0))
    assert records == []
    frame, records = caught(cm.summary)
    assert records and all(category is _formulas.UndefinedMetricWarning
                           for category, _ in records)


def test_a_notebook_display_of_the_summary_never_warns():
    cm = CM(["a", "b", "a", "b"], ["a", "b", "c", "b"])  # BAS leaves "c" out, recall 0/0
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        html = cm._repr_html_()
    assert html.count("<tr>") == 1 + len(LABEL_ROWS)
    assert "<th>BAS</th>" in html and "<th>NIR</th>" in html
    multilabel = CM([[1, 0, 0], [0, 1, 0]], [[1, 0, 0], [1, 1, 0]])
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert multilabel._repr_html_().count("<tr>") == 1 + len(MULTILABEL_ROWS)


# ------------------------------------------------- tables.py: the intervals of a table

def test_interval_options_without_ci_are_refused_by_name():
    cm = CM(Y_TRUE, Y_PRED)
    message = ("confidence, n_resamples and random_state apply to intervals; pass ci='wilson', "
               "'bootstrap' or another interval method with them.")
    for options in ({"confidence": 0.9}, {"n_resamples": 100}, {"random_state": 0},
                    {"confidence": 0.9, "n_resamples": 100}):
        for table in (cm.summary, cm.report):
            with pytest.raises(InputError) as error:
                table(**options)
            assert str(error.value) == message


def test_the_summary_s_intervals_are_a_frame_of_estimates_bounds_and_methods():
    cm = CM(Y_TRUE, Y_PRED)
    frame = cm.summary(ci="clopper-pearson", confidence=0.9)
    assert list(frame.columns) == ["estimate", "low", "high", "method"]
    assert frame.index.name == "metric" and frame.index.tolist() == LABEL_ROWS
    assert [str(t) for t in frame.dtypes] == ["float64", "float64", "float64", "string"]
    check = frame.rename(columns={"estimate": "value"})[["value"]]
    check_summary(check, sklearn_rows(Y_TRUE, Y_PRED))
    correct = sum(t == p for t, p in zip(Y_TRUE, Y_PRED))
    low, high = proportion_confint(correct, len(Y_TRUE), alpha=0.1, method="beta")
    assert frame.loc["AS", ["low", "high"]].tolist() == pytest.approx([low, high], abs=1e-12)
    assert frame.loc["AS", "method"] == "clopper-pearson"
    low, high = proportion_confint(3, len(Y_TRUE), alpha=0.1, method="beta")  # NIR: 3 of "b"
    assert frame.loc["NIR", ["low", "high"]].tolist() == pytest.approx([low, high], abs=1e-12)
    counts = frame.loc[["n_samples", "n_classes"]]
    assert counts["low"].isna().all() and counts["high"].isna().all()
    assert counts["method"].isna().all()
    assert frame["method"].isna().tolist() == [row not in ("AS", "NIR") for row in LABEL_ROWS]


def test_auto_intervals_choose_a_method_for_each_row_at_the_confidence_asked():
    cm = CM(Y_TRUE, Y_PRED)
    frame = cm.summary(ci="auto", confidence=0.8, n_resamples=200, random_state=0)
    correct = sum(t == p for t, p in zip(Y_TRUE, Y_PRED))
    low, high = proportion_confint(correct, len(Y_TRUE), alpha=0.2, method="beta")
    assert frame.loc["AS", ["low", "high"]].tolist() == pytest.approx([low, high], abs=1e-12)
    methods = frame["method"].tolist()
    assert methods[:2] == [pd.NA, pd.NA] and methods[2] == "clopper-pearson"
    assert frame.loc["MCC", "method"] == "bootstrap" and frame.loc["CKS", "method"] == "analytic"
    # the same draws for the same random_state and n_resamples; others for others
    again = cm.summary(ci="auto", confidence=0.8, n_resamples=200, random_state=0)
    pd.testing.assert_frame_equal(frame, again)
    mcc = cm.CI("MCC", method="bootstrap", confidence=0.8, n_resamples=200, random_state=0)
    assert frame.loc["MCC", ["low", "high"]].tolist() == [mcc.low, mcc.high]
    other = cm.summary(ci="auto", confidence=0.8, n_resamples=200, random_state=1)
    assert other.loc["MCC", ["low", "high"]].tolist() != [mcc.low, mcc.high]
    fewer = cm.summary(ci="auto", confidence=0.8, n_resamples=50, random_state=0)
    mcc = cm.CI("MCC", method="bootstrap", confidence=0.8, n_resamples=50, random_state=0)
    assert fewer.loc["MCC", ["low", "high"]].tolist() == [mcc.low, mcc.high]


def test_a_bootstrap_table_resamples_with_the_options_given():
    cm = CM(Y_TRUE, Y_PRED)
    frame = cm.summary(ci="bootstrap", confidence=0.8, n_resamples=60, random_state=3)
    for alias in ("AS", "MCC", "CKS"):
        expected = cm.CI(alias, method="bootstrap", confidence=0.8, n_resamples=60,
                         random_state=3)
        assert frame.loc[alias, ["low", "high"]].tolist() == [expected.low, expected.high]
    assert set(frame["method"].dropna()) == {"bootstrap"}
    table = cm.report(ci="bootstrap", confidence=0.8, n_resamples=60, random_state=3)
    recall = cm.CI("RS", method="bootstrap", average=None, confidence=0.8, n_resamples=60,
                   random_state=3)
    assert table["recall_low"].tolist() == [recall[label].low for label in "abc"]
    assert table["recall_high"].tolist() == [recall[label].high for label in "abc"]


def test_the_intervals_of_query_weights_are_of_the_weighted_samples():
    cm = CM(Y_TRUE, Y_PRED)
    frame = cm.summary(sample_weight=WEIGHT, ci="auto", random_state=0)
    # weights are not counts: no proportion interval, the weighted bootstrap instead
    assert set(frame["method"].dropna()) == {"bootstrap"}
    expected = cm.CI("AS", method="bootstrap", sample_weight=WEIGHT, random_state=0)
    assert frame.loc["AS", ["low", "high"]].tolist() == [expected.low, expected.high]
    assert frame.loc["AS", "estimate"] == pytest.approx(
        skm.accuracy_score(Y_TRUE, Y_PRED, sample_weight=WEIGHT), abs=1e-15)
    with pytest.raises(InputError, match=r"^method='wilson' needs counts of samples, and this "
                                         r"evaluation is weighted"):
        cm.summary(sample_weight=WEIGHT, ci="wilson")


def test_tables_of_an_evaluation_with_options_of_its_own():
    # string labels: the constructor's zero_division is no positive label
    cm = CM(Y_TRUE, Y_PRED, zero_division=1.0)
    frame = cm.summary(ci="wilson")
    low, high = proportion_confint(5, 8, alpha=0.05, method="wilson")
    assert frame.loc["AS", ["low", "high"]].tolist() == pytest.approx([low, high], abs=1e-12)
    auto = cm.summary(ci="auto", random_state=0)
    assert auto.loc["AS", "method"] == "clopper-pearson"
    assert cm.report(ci="wilson")["recall_low"].notna().all()
    binary = CM(["x", "y", "y", "x"], ["x", "x", "x", "x"], pos_label="y", zero_division=1.0)
    assert binary.summary(ci="wilson").loc["AS", "method"] == "wilson"
    assert binary.summary(ci="auto").loc["AS", "method"] == "clopper-pearson"


def test_the_bootstrap_of_a_table_resamples_the_weighted_samples():
    for cm, weight in ((CM(Y_TRUE, Y_PRED), WEIGHT), (CM(Y_TRUE, Y_PRED, sample_weight=WEIGHT),
                                                      None)):
        frame = cm.summary(sample_weight=weight, ci="bootstrap", n_resamples=80, random_state=2)
        for alias in ("AS", "MCC"):
            expected = cm.CI(alias, method="bootstrap", sample_weight=weight, n_resamples=80,
                             random_state=2)
            assert frame.loc[alias, ["low", "high"]].tolist() == [expected.low, expected.high]
        table = cm.report(sample_weight=weight, ci="bootstrap", n_resamples=80, random_state=2)
        recall = cm.CI("RS", method="bootstrap", average=None, sample_weight=weight,
                       n_resamples=80, random_state=2)
        assert table["recall_low"].tolist() == [recall[label].low for label in "abc"]
    # the weighted and the unweighted bootstrap differ here
    plain = CM(Y_TRUE, Y_PRED).CI("AS", method="bootstrap", n_resamples=80, random_state=2)
    assert [plain.low, plain.high] != [expected.low, expected.high]


def test_the_intervals_of_a_table_take_its_zero_division():
    # "c" is predicted once in ten: many resamples leave its precision 0/0
    y_true = ["a", "b", "c", "a", "b", "c", "a", "b", "a", "a"]
    y_pred = ["a", "b", "b", "a", "a", "a", "b", "b", "a", "c"]
    cm = CM(y_true, y_pred)
    bounds = {}
    for zero_division in (0.0, 1.0):
        frame = cm.summary(ci="bootstrap", zero_division=zero_division, n_resamples=100,
                           random_state=0)
        expected = cm.CI("PS", average="macro", method="bootstrap", n_resamples=100,
                         zero_division=zero_division, random_state=0)
        bounds[zero_division] = frame.loc["PS_macro", ["low", "high"]].tolist()
        assert bounds[zero_division] == [expected.low, expected.high]
        table = cm.report(ci="bootstrap", zero_division=zero_division, n_resamples=100,
                          random_state=0)
        precision = cm.CI("PS", average=None, method="bootstrap", n_resamples=100,
                          zero_division=zero_division, random_state=0)
        assert table["precision_high"].tolist() == [precision[c].high for c in "abc"]
    assert bounds[0.0] != bounds[1.0]


def test_the_intervals_of_a_multilabel_table():
    y_true = [[0, 1, 1], [1, 1, 0], [1, 0, 0], [0, 0, 1], [1, 1, 1]]
    y_pred = [[0, 1, 0], [1, 0, 0], [1, 0, 1], [0, 1, 1], [1, 1, 1]]
    cm = CM(y_true, y_pred)
    frame = cm.summary(ci="wilson")
    assert frame.index.tolist() == MULTILABEL_ROWS
    low, high = proportion_confint(1, 5, alpha=0.05, method="wilson")  # one sample all right
    assert frame.loc["AS", ["low", "high"]].tolist() == pytest.approx([low, high], abs=1e-12)
    table = cm.report(ci="wilson")
    # label 0: 3 true samples, all predicted
    low, high = proportion_confint(3, 3, alpha=0.05, method="wilson")
    assert table.loc[0, ["recall_low", "recall_high"]].tolist() == pytest.approx(
        [low, high], abs=1e-12)
    message = (r"^method='bootstrap' resamples the confusion matrix, which a multilabel "
               r"evaluation does not have")
    for table in (cm.summary, cm.report):
        with pytest.raises(InputError, match=message):
            table(ci="bootstrap")


def test_a_class_in_neither_array_is_not_said_to_be_only_predicted():
    cm = CM(["a", "b", "a"], ["a", "b", "b"], labels=["a", "b", "z"])
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert cm.BAS(zero_division=0.0) == 0.75
        assert cm.summary(zero_division=0.0).loc["BAS", "value"] == 0.75
    only_predicted = CM(["a", "b", "a"], ["a", "z", "b"], labels=["a", "b", "z"])
    _, records = caught(lambda: only_predicted.BAS(zero_division=0.0))
    assert [message for _, message in records] == [
        "y_pred contains classes not in y_true: ['z']; balanced accuracy leaves them out of "
        "the mean."]


# The tables' intervals of each class's metric of scores, and of rows no method
# applies to (_bounds, _class_score_bounds).
def test_report_auto_gives_each_class_auc_delong_s_interval_and_aps_the_bootstrap_s():
    from tests.oracles import brute_force_delong, expected_bounds

    rng = np.random.default_rng(5)
    y_true, matrix = rng.integers(0, 3, 90), rng.dirichlet(np.ones(3), 90)
    cm = CM.from_scores(y_true, matrix)
    auto = cm.report(ci="auto", n_resamples=200, random_state=1)
    for k in range(3):
        area, variance = brute_force_delong((y_true == k).astype(int).tolist(),
                                            matrix[:, k].tolist())
        assert (auto["auc_low"][k], auto["auc_high"][k]) == pytest.approx(
            expected_bounds(area, variance, 0.95), rel=1e-9)
    bootstrap = cm.report(ci="bootstrap", n_resamples=200, random_state=1)
    for column in ("average_precision_low", "average_precision_high"):
        assert auto[column].notna().all()
        assert auto[column].tolist() == bootstrap[column].tolist()


def test_table_rows_that_no_method_applies_to_hold_float_nan():
    rng = np.random.default_rng(6)
    y_true, y_score = rng.integers(0, 2, 60), rng.random(60)
    weight = rng.integers(1, 4, 60).astype(float)
    # weighted parts of scores: no per-sample weights to resample, no DeLong of weights
    cm = CM.from_batches([(y_true[:30], y_score[:30], weight[:30]),
                          (y_true[30:], y_score[30:], weight[30:])], scores=True)
    summary = cm.summary(ci="auto", random_state=0)
    of_scores = ["AUC", "APS", "LL", "BSL"]
    assert summary.loc[of_scores, ["low", "high"]].isna().all().all()
    assert summary.loc[of_scores, "method"].isna().all()
    report = cm.report(ci="auto", random_state=0)
    labels = CM(y_true, rng.integers(0, 2, 60)).report(ci="wilson")  # no Wilson MCC
    for table, column in [(report, "auc_low"), (report, "auc_high"),
                          (report, "average_precision_low"), (report, "average_precision_high"),
                          (labels, "mcc_low"), (labels, "mcc_high")]:
        assert table[column].dtype == np.float64 and table[column].isna().all(), column
