"""Invariants that hold for every problem (hypothesis), independent of any oracle."""

import warnings

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from permetrics_lite import ClassificationMetric
from tests.strategies import problems

close = dict(rel=1e-9, abs=1e-12)


def quiet(function, *args, **kwargs):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return function(*args, **kwargs)


@given(problems(), st.randoms())
def test_invariant_to_sample_order(problem, random):
    order = list(range(len(problem.y_true)))
    random.shuffle(order)
    weight = None if problem.weight is None else problem.weight[order]
    a = ClassificationMetric(problem.y_true, problem.y_pred, labels=problem.labels, sample_weight=problem.weight)
    b = ClassificationMetric(problem.y_true[order], problem.y_pred[order], labels=problem.labels,
                             sample_weight=weight)
    assert b.AS() == pytest.approx(a.AS(), **close)
    assert quiet(b.BAS) == pytest.approx(quiet(a.BAS), **close)
    assert b.PCA() == pytest.approx(a.PCA(), **close)
    np.testing.assert_allclose(b.CM(), a.CM(), atol=1e-9)


@given(problems(kinds=("int",), with_labels=False))
def test_invariant_to_relabelling_integers_as_strings(problem):
    names = {label: f"label {label}" for label in np.union1d(problem.y_true, problem.y_pred).tolist()}
    rename = np.vectorize(names.get, otypes=[object])
    a = ClassificationMetric(problem.y_true, problem.y_pred, sample_weight=problem.weight)
    b = ClassificationMetric(rename(problem.y_true), rename(problem.y_pred), labels=rename(a.labels),
                             sample_weight=problem.weight)
    assert (b.AS(), quiet(b.BAS), b.PCA(average="macro")) == (a.AS(), quiet(a.BAS), a.PCA(average="macro"))
    assert list(b.PCA().values()) == list(a.PCA().values())
    np.testing.assert_array_equal(b.CM(), a.CM())


@given(problems())
def test_symmetries_and_bounds(problem):
    forward = ClassificationMetric(problem.y_true, problem.y_pred, labels=problem.labels,
                                   sample_weight=problem.weight)
    backward = ClassificationMetric(problem.y_pred, problem.y_true, labels=problem.labels,
                                    sample_weight=problem.weight)
    assert backward.AS() == pytest.approx(forward.AS(), **close)  # symmetric (to rounding)
    assert backward.PCA() == pytest.approx(forward.PCA(), **close)  # FP and FN swap
    np.testing.assert_allclose(backward.CM(), forward.CM().T, atol=1e-9)
    total = len(problem.y_true) if problem.weight is None else problem.weight.sum()
    assert forward.CM().sum() == pytest.approx(total, **close)
    assert forward.AS(normalize=False) == pytest.approx(np.trace(forward.CM()), **close)
    assert 0.0 <= forward.AS() <= 1.0 and 0.0 <= quiet(forward.BAS) <= 1.0
    assert all(0.0 <= value <= 1.0 for value in forward.PCA().values())
    report = quiet(forward.report)
    assert quiet(forward.BAS) == pytest.approx(report.loc[report["support"] > 0, "recall"].mean(), **close)


@given(problems())
def test_one_vs_rest_family_identities(problem):
    forward = ClassificationMetric(problem.y_true, problem.y_pred, labels=problem.labels,
                                   sample_weight=problem.weight, zero_division=np.nan)
    backward = ClassificationMetric(problem.y_pred, problem.y_true, labels=problem.labels,
                                    sample_weight=problem.weight, zero_division=np.nan)

    def same(first, second):
        np.testing.assert_allclose(list(first.values()), list(second.values()), rtol=1e-9,
                                   atol=1e-12, equal_nan=True)

    # swapping y_true and y_pred swaps precision with recall and specificity with NPV
    same(backward.PS(average=None), forward.RS(average=None))
    same(backward.SS(average=None), forward.NPV(average=None))
    for alias in ("F1S", "JSI", "MCC", "CKS"):  # symmetric per class
        same(getattr(backward, alias)(average=None), getattr(forward, alias)(average=None))
    assert backward.MCC() == pytest.approx(forward.MCC(), nan_ok=True, **close)
    assert backward.CKS() == pytest.approx(forward.CKS(), nan_ok=True, **close)
    # micro P = R = F1 = accuracy for single-label input; F-beta(1) is F1; J = F1 / (2 - F1)
    for alias in ("PS", "RS", "F1S"):
        assert getattr(forward, alias)(average="micro") == pytest.approx(forward.AS(), **close)
    same(forward.FBS(1.0, average=None), forward.F1S(average=None))
    f1 = np.array(list(forward.F1S(average=None).values()))
    same(forward.JSI(average=None), dict(enumerate(f1 / (2 - f1))))
    assert forward.HML() == pytest.approx(1 - forward.AS(), **close)
    for alias in ("PS", "RS", "SS", "NPV", "F1S", "F2S", "JSI", "GMS"):
        values = np.array(list(getattr(forward, alias)(average=None).values()))
        assert np.all((values[~np.isnan(values)] >= 0) & (values[~np.isnan(values)] <= 1 + 1e-12))
    for alias in ("MCC", "CKS"):
        value = getattr(forward, alias)()
        assert np.isnan(value) or -1 - 1e-12 <= value <= 1 + 1e-12
