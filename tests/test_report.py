"""report() and summary(): the same numbers as the methods and the oracles."""

import warnings

import numpy as np
import pandas as pd
import pytest
from hypothesis import given
from sklearn import metrics as skm

from permetrics_lite import ClassificationMetric, UndefinedMetricWarning
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
        summary = cm.summary(zero_division=0.0)
        assert summary["BAS"] == cm.BAS(zero_division=0.0)
        assert summary["BAS_adjusted"] == cm.BAS(adjusted=True, zero_division=0.0)
    assert summary.index.tolist()[:6] == ["n_samples", "n_classes", "AS", "BAS", "BAS_adjusted", "PCA_macro"]
    assert summary["n_samples"] == len(y_true) and summary["n_classes"] == cm.n_classes
    assert summary["AS"] == cm.AS()
    assert summary["PCA_macro"] == cm.PCA(average="macro")
    assert summary.index.tolist()[-2:] == ["MCC", "CKS"]
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
    summary = cm.summary(zero_division=0.0)
    assert not {"BAS", "MCC", "CKS"} & set(summary.index)
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
