"""report() and summary(): the same numbers as the methods and the oracles."""

import warnings

import numpy as np
import pandas as pd
import pytest
from hypothesis import given
from hypothesis import strategies as st
from sklearn import metrics as skm
from sklearn.exceptions import UndefinedMetricWarning as SklearnUndefinedMetricWarning

from permetrics_lite import ClassificationMetric, UndefinedMetricWarning
from tests.helpers import exact_weights, plain_id
from tests.strategies import multilabel_problems, problems

close = dict(rel=1e-9, abs=1e-12)
REPORT_COLUMNS = ["support", "predicted", "tp", "fp", "fn", "tn", "accuracy", "recall",
                  "precision", "specificity", "npv", "f1", "jaccard", "mcc"]
# report column -> (method, extra options) giving the same per-class values
COLUMN_METHODS = {"accuracy": ("PCA", {}), "recall": ("RS", {}), "precision": ("PS", {}),
                  "specificity": ("SS", {}), "npv": ("NPV", {}), "f1": ("F1S", {}),
                  "jaccard": ("JSI", {}), "mcc": ("MCC", {})}


def build(problem):
    return ClassificationMetric(
        problem.y_true, problem.y_pred, labels=problem.labels, sample_weight=problem.weight
    )


@given(problems())
def test_report_matches_sklearn_and_the_methods(problem):
    cm = build(problem)
    report = cm.report(zero_division=0.0)
    assert report.columns.tolist() == REPORT_COLUMNS
    assert report.index.name == "label" and report.index.tolist() == cm.labels.tolist()
    labels, w = cm.labels, problem.weight
    mcm = skm.multilabel_confusion_matrix(problem.y_true, problem.y_pred, labels=labels, sample_weight=w)
    np.testing.assert_allclose(report[["tn", "fp", "fn", "tp"]].to_numpy(), mcm.reshape(-1, 4), atol=1e-9)
    precision, recall, f1, support = skm.precision_recall_fscore_support(
        problem.y_true, problem.y_pred, labels=labels, sample_weight=w, zero_division=0
    )
    np.testing.assert_allclose(report["precision"], precision, rtol=1e-12, atol=1e-9)
    np.testing.assert_allclose(report["recall"], recall, rtol=1e-12, atol=1e-9)
    np.testing.assert_allclose(report["f1"], f1, rtol=1e-12, atol=1e-9)
    np.testing.assert_allclose(report["support"], support, rtol=1e-12, atol=1e-9)
    np.testing.assert_allclose(report["predicted"], mcm[:, :, 1].sum(axis=1), rtol=1e-12, atol=1e-9)
    jaccard = skm.jaccard_score(problem.y_true, problem.y_pred, labels=labels, average=None,
                                sample_weight=w, zero_division=0)
    np.testing.assert_allclose(report["jaccard"], jaccard, rtol=1e-12, atol=1e-9)
    for column, (alias, options) in COLUMN_METHODS.items():
        average = {} if alias == "PCA" else {"average": None, "zero_division": 0.0}
        assert report[column].to_dict() == getattr(cm, alias)(**average, **options), column
    for label in labels:  # specificity is the recall of "not this class"
        expected = skm.recall_score(
            problem.y_true != label, problem.y_pred != label, sample_weight=w, zero_division=0
        )
        assert report.loc[label, "specificity"] == pytest.approx(expected, **close)


@given(problems())
def test_summary_matches_sklearn_and_the_methods(problem):
    cm = build(problem)
    y_true, y_pred, w, labels = problem.y_true, problem.y_pred, problem.weight, problem.labels
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        summary = cm.summary(zero_division=0.0)["value"]
        assert summary["BAS"] == cm.BAS(zero_division=0.0)
        assert summary["BAS_adjusted"] == cm.BAS(adjusted=True, zero_division=0.0)
    assert summary.index.tolist()[:6] == ["n_samples", "n_classes", "AS", "BAS", "BAS_adjusted", "PCA_macro"]
    assert summary["n_samples"] == len(y_true) and summary["n_classes"] == cm.n_classes
    assert summary["AS"] == cm.AS()
    assert summary["PCA_macro"] == cm.PCA(average="macro")
    assert summary.index.tolist()[-3:] == ["MCC", "CKS", "NIR"]
    assert summary["NIR"] == cm.NIR()
    assert summary["MCC"] == cm.MCC(zero_division=0.0)
    assert summary["CKS"] == cm.CKS(zero_division=0.0)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        expected = skm.matthews_corrcoef(y_true, y_pred, sample_weight=w)
    if np.isnan(expected):  # sklearn's sqrt of a rounded -1e-16: only when undefined
        weighed = np.ones(len(y_true), bool) if w is None else w > 0
        assert min(len(np.unique(y_true[weighed])), len(np.unique(y_pred[weighed]))) == 1
        expected = 0.0
    assert summary["MCC"] == pytest.approx(expected, rel=1e-9, abs=1e-9)
    oracles = {"PS": skm.precision_score, "RS": skm.recall_score, "F1S": skm.f1_score}
    for alias, oracle in oracles.items():
        for average in ("macro", "weighted"):
            expected = oracle(y_true, y_pred, labels=labels, average=average,
                              sample_weight=w, zero_division=0)
            assert summary[f"{alias}_{average}"] == pytest.approx(expected, **close)


@given(multilabel_problems())
def test_multilabel_report_and_summary(problem):
    cm = ClassificationMetric(problem.y_true, problem.y_pred, sample_weight=problem.weight)
    report = cm.report(zero_division=0.0)
    precision, recall, f1, support = skm.precision_recall_fscore_support(
        problem.y_true, problem.y_pred, sample_weight=problem.weight, zero_division=0
    )
    np.testing.assert_allclose(report[["precision", "recall", "f1", "support"]].to_numpy().T,
                               [precision, recall, f1, support], rtol=1e-12, atol=1e-9)
    summary = cm.summary(zero_division=0.0)["value"]
    assert not {"BAS", "MCC", "CKS", "NIR"} & set(summary.index)
    assert summary["AS"] == cm.AS()
    assert summary["PCA_macro"] == pytest.approx(
        1 - skm.hamming_loss(problem.y_true, problem.y_pred, sample_weight=problem.weight), **close
    )


def test_report_counts_are_integers_unless_weighted():
    y_true, y_pred = [0, 1, 1], [0, 1, 0]
    assert ClassificationMetric(y_true, y_pred).report()["tp"].dtype.kind == "i"
    weighted = ClassificationMetric(y_true, y_pred).report(sample_weight=[1, 2, 3])
    assert weighted["tp"].tolist() == [1.0, 2.0]


def test_report_warns_for_each_undefined_column():
    # class 0: tp=1 fp=1 fn=0 tn=0; class 1: tp=0 fp=0 fn=1 tn=1, so precision of
    # class 1 (tp+fp), NPV of class 0 (tn+fn) and MCC of both (a zero margin) are 0/0
    cm = ClassificationMetric([0, 1], [0, 0])
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        assert cm.report().loc[1, "precision"] == 0.0
    assert all(w.category is UndefinedMetricWarning for w in caught)
    assert sorted(str(w.message).split(" (0/0) ")[0] for w in caught) == [
        "Matthews correlation is undefined", "Negative predictive value is undefined",
        "Precision is undefined"]
    assert np.isnan(cm.report(zero_division=np.nan).loc[1, "precision"])


@pytest.fixture
def tickets():
    from permetrics_lite import load_demo

    data = load_demo()
    return ClassificationMetric(data["true"], data["pred"])


@pytest.mark.parametrize(
    "writer, reader",
    [
        ("to_csv", lambda path: pd.read_csv(path, index_col="label")),
        ("to_json", lambda path: pd.read_json(path)),
        ("to_parquet", pd.read_parquet),
        ("to_excel", lambda path: pd.read_excel(path, index_col="label")),
    ],
)
def test_report_exports_with_pandas_writers(tickets, tmp_path, writer, reader):
    report = tickets.report()
    path = tmp_path / f"report.{writer[3:]}"
    getattr(report, writer)(path)
    assert path.stat().st_size > 0
    loaded = reader(path)
    np.testing.assert_allclose(loaded[report.columns].to_numpy(dtype=float),
                               report.to_numpy(dtype=float), rtol=1e-9)  # JSON keeps 10 digits


def test_report_and_summary_render_as_markdown_and_html(tickets):
    markdown = tickets.report().to_markdown()
    assert "| label" in markdown and "| billing" in markdown
    assert "<th>billing</th>" in tickets.report().to_html()
    assert "| AS " in tickets.summary().to_markdown()


# --- classification_report(): scikit-learn's string and dict ---

ZERO_DIVISIONS = st.sampled_from(["warn", 0.0, 1.0, np.nan])
DIGITS = st.integers(0, 5)
NAME = st.text(max_size=14)


def sklearn_classification_report(y_true, y_pred, **options):
    """scikit-learn's report, and whether it warned of a 0/0."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        result = skm.classification_report(y_true, y_pred, **options)
    return result, any(issubclass(w.category, SklearnUndefinedMetricWarning) for w in caught)


def our_classification_report(cm, **options):
    """Our report, and whether it warned (only ever of a 0/0)."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        result = cm.classification_report(**options)
    assert [w.category for w in caught if w.category is not UndefinedMetricWarning] == []
    return result, bool(caught)


def comparable(report):
    """A report dict with nan as a string, its values' types checked: nan != nan."""
    if isinstance(report, dict):
        return {name: comparable(value) for name, value in report.items()}
    assert type(report) is float, report
    return "nan" if np.isnan(report) else report


def assert_same_reports(cm, y_true, y_pred, sklearn_options, zero_division, **options):
    """The string and the dict equal scikit-learn's, and warn when and only when it does."""
    both = dict(options, zero_division=zero_division)
    for output_dict in (False, True):
        expected, expected_warned = sklearn_classification_report(
            y_true, y_pred, output_dict=output_dict, **sklearn_options, **both)
        ours, warned = our_classification_report(cm, output_dict=output_dict, **both)
        if output_dict:
            assert comparable(ours) == comparable(expected)
            assert list(ours) == list(expected)
        else:
            assert ours == expected
        assert warned == (expected_warned and zero_division == "warn")


@given(problems(), DIGITS, ZERO_DIVISIONS, st.booleans(), st.data())
def test_classification_report_is_sklearn_s(problem, digits, zero_division, named, data):
    weight = exact_weights(problem.weight)  # sums exact in any order: the same floats
    cm = ClassificationMetric(problem.y_true, problem.y_pred, labels=problem.labels,
                              sample_weight=weight)
    labels = cm.labels  # integral floats become ints: scikit-learn prints them so
    names = data.draw(st.lists(NAME, min_size=len(labels), max_size=len(labels))) if named else None
    assert_same_reports(cm, problem.y_true, problem.y_pred,
                        {"labels": labels, "sample_weight": weight}, zero_division,
                        digits=digits, target_names=names)


@given(multilabel_problems(), DIGITS, ZERO_DIVISIONS, st.booleans(), st.data())
def test_multilabel_classification_report_is_sklearn_s(problem, digits, zero_division, named,
                                                       data):
    weight = exact_weights(problem.weight)
    cm = ClassificationMetric(problem.y_true, problem.y_pred, sample_weight=weight)
    n_labels = problem.y_true.shape[1]
    names = data.draw(st.lists(NAME, min_size=n_labels, max_size=n_labels)) if named else None
    assert_same_reports(cm, problem.y_true, problem.y_pred, {"sample_weight": weight},
                        zero_division, digits=digits, target_names=names)
    rows = list(cm.classification_report(output_dict=True, zero_division=0.0))[-4:]
    assert rows == ["micro avg", "macro avg", "weighted avg", "samples avg"]


@given(problems(weighted=True), ZERO_DIVISIONS)
def test_classification_report_of_any_weights_is_sklearn_s_to_rounding(problem, zero_division):
    """Weights whose sums round: summed in another order, the same numbers to 1e-12."""
    cm = ClassificationMetric(problem.y_true, problem.y_pred, labels=problem.labels,
                              sample_weight=problem.weight)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        expected = skm.classification_report(problem.y_true, problem.y_pred, labels=cm.labels,
                                             sample_weight=problem.weight, output_dict=True,
                                             zero_division=zero_division)
        ours = cm.classification_report(output_dict=True, zero_division=zero_division)
    assert list(ours) == list(expected)
    assert ours.pop("accuracy") == pytest.approx(expected.pop("accuracy"), rel=1e-12)
    for name, row in expected.items():
        assert ours[name] == pytest.approx(row, rel=1e-12, abs=1e-12, nan_ok=True), name


@given(problems(weighted=False), DIGITS, ZERO_DIVISIONS)
def test_classification_report_of_a_confusion_matrix_is_that_of_its_samples(problem, digits,
                                                                             zero_division):
    """From tallies alone (no labels to re-read), the same report as scikit-learn's of
    the samples the matrix counts."""
    labels = ClassificationMetric(problem.y_true, problem.y_pred, labels=problem.labels).labels
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # its warning of a single label
        matrix = skm.confusion_matrix(problem.y_true, problem.y_pred, labels=labels)
    cm = ClassificationMetric.from_confusion_matrix(matrix, labels)
    assert cm.n_samples == len(problem.y_true)
    assert_same_reports(cm, problem.y_true, problem.y_pred, {"labels": labels}, zero_division,
                        digits=digits)


def test_classification_report_takes_the_constructor_s_zero_division():
    y_true, y_pred, labels = ["a", "a", "b"], ["a", "b", "b"], ["a", "b", "c"]
    cm = ClassificationMetric(y_true, y_pred, labels=labels, zero_division=1.0)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # 1.0 is silent
        ours = cm.classification_report()
    expected, _ = sklearn_classification_report(y_true, y_pred, labels=labels, zero_division=1.0)
    assert ours == expected
    assert "accuracy" in ours and "micro avg" not in ours  # every class of the data is a label


def test_classification_report_prints_float_supports_as_sklearn():
    y_true, y_pred, weight = [0, 0, 1, 1], [0, 1, 1, 1], [0.5, 1.25, 2.0, 3.0]
    ours = ClassificationMetric(y_true, y_pred, sample_weight=weight).classification_report()
    expected, _ = sklearn_classification_report(y_true, y_pred, sample_weight=weight)
    assert ours == expected
    assert ours.splitlines()[2].split() == ["0", "1.00", "0.29", "0.44", "1.75"]


def test_multilabel_classification_report_needs_the_samples():
    first = ClassificationMetric([[1, 0], [0, 1]], [[1, 1], [0, 1]])
    merged = first + ClassificationMetric([[1, 1]], [[0, 1]])
    with pytest.raises(ValueError, match=r"'samples avg' row.*keeps tallies only"):
        merged.classification_report()


def test_classification_report_of_merged_single_label_evaluations():
    first, second = ([0, 1, 2], [0, 2, 2]), ([2, 2, 1], [2, 1, 1])
    merged = ClassificationMetric(*first) + ClassificationMetric(*second)
    y_true, y_pred = first[0] + second[0], first[1] + second[1]
    expected, _ = sklearn_classification_report(y_true, y_pred, digits=4)
    assert merged.classification_report(digits=4) == expected


@pytest.mark.parametrize("options, error, message", [
    ({"digits": 2.5}, TypeError, r"digits must be an integer >= 0; got 2\.5"),
    ({"digits": "2"}, TypeError, r"digits must be an integer"),
    ({"digits": True}, TypeError, r"digits must be an integer"),
    ({"digits": None}, TypeError, r"digits must be an integer"),
    ({"digits": -1}, ValueError, r"digits must be >= 0; got -1"),
    ({"target_names": ["only one"]}, ValueError,
     r"target_names has 1 names but the evaluation has 2 classes"),
    ({"target_names": ["a", "b", "c"]}, ValueError, r"target_names has 3 names"),
    ({"target_names": "ab"}, TypeError, r"target_names must be a sequence of names"),
    ({"target_names": 3}, TypeError, r"target_names must be a sequence of names"),
    ({"output_dict": "yes"}, ValueError, r"output_dict must be True or False"),
    ({"zero_division": "warm"}, ValueError, r"zero_division"),
], ids=plain_id)
def test_classification_report_refuses_bad_options(options, error, message):
    cm = ClassificationMetric(["a", "b", "b"], ["a", "b", "a"])
    with pytest.raises(error, match=message):
        cm.classification_report(**options)
