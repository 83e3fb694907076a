"""Invariants that hold for every problem (hypothesis), independent of any oracle."""

import inspect
import warnings

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from permetrics_lite import ClassificationMetric
from permetrics_lite.metrics import registry as _registry
from tests.strategies import problems

close = dict(rel=1e-9, abs=1e-12)


def quiet(function, *args, **kwargs):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return function(*args, **kwargs)


def forms(row, leave_out=()):
    """The options of each form of a registry row's method: its default, and each
    average it takes (but those left out); undefined values are nan."""
    takes = inspect.signature(getattr(ClassificationMetric, row.alias)).parameters
    undefined = {"zero_division": np.nan} if "zero_division" in takes else {}
    return [undefined] + [dict(undefined, average=a) for a in row.averages
                          if a not in leave_out]


def outcome(cm, alias, options):
    """A method's answer as a flat float array, or the kind of error it raised."""
    try:
        value = quiet(getattr(cm, alias), **options)
    except (ValueError, TypeError) as error:
        return type(error)
    values = list(value.values()) if isinstance(value, dict) else value
    return np.ravel(np.asarray(values, dtype=np.float64))


def assert_same(first, second, what):
    if isinstance(first, type) or isinstance(second, type):
        assert first == second, what
    else:
        np.testing.assert_allclose(first, second, rtol=1e-9, atol=1e-9, equal_nan=True,
                                   err_msg=what)


@given(problems(), st.randoms())
def test_every_metric_is_invariant_to_sample_order(problem, random):
    order = list(range(len(problem.y_true)))
    random.shuffle(order)
    weight = None if problem.weight is None else problem.weight[order]
    a = ClassificationMetric(problem.y_true, problem.y_pred, labels=problem.labels,
                             sample_weight=problem.weight)
    b = ClassificationMetric(problem.y_true[order], problem.y_pred[order], labels=problem.labels,
                             sample_weight=weight)
    for row in _registry.METRICS:
        for options in forms(row):
            assert_same(outcome(b, row.alias, options), outcome(a, row.alias, options),
                         f"{row.alias} {options}")


@given(problems())
def test_every_metric_is_within_its_range(problem):
    cm = ClassificationMetric(problem.y_true, problem.y_pred, labels=problem.labels,
                              sample_weight=problem.weight)
    for row in _registry.METRICS:
        low, high = row.range
        for options in forms(row):
            values = outcome(cm, row.alias, options)
            if not isinstance(values, type):  # a form this problem refuses has no range
                values = values[~np.isnan(values)]
                assert np.all((values >= low - 1e-12) & (values <= high + 1e-12)), (
                    row.alias, options, values)


@given(problems())
def test_swapping_true_and_predicted_labels_gives_each_metric_its_swapped_row(problem):
    forward = ClassificationMetric(problem.y_true, problem.y_pred, labels=problem.labels,
                                   sample_weight=problem.weight)
    backward = ClassificationMetric(problem.y_pred, problem.y_true, labels=problem.labels,
                                    sample_weight=problem.weight)
    swapping = [row for row in _registry.METRICS if row.swapped is not None]
    assert {row.alias for row in swapping} >= {"PS", "RS", "AS", "MCC"}
    for row in swapping:
        for options in forms(row, leave_out=("weighted",)):  # weighted: by the true counts
            assert_same(outcome(backward, row.alias, options),
                        outcome(forward, row.swapped, options), f"{row.alias} {options}")


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

    def same(first, second):
        np.testing.assert_allclose(list(first.values()), list(second.values()), rtol=1e-9,
                                   atol=1e-12, equal_nan=True)

    # micro P = R = F1 = accuracy for single-label input; F-beta(1) is F1; J = F1 / (2 - F1)
    for alias in ("PS", "RS", "F1S"):
        assert getattr(forward, alias)(average="micro") == pytest.approx(forward.AS(), **close)
    same(forward.FBS(1.0, average=None), forward.F1S(average=None))
    f1 = np.array(list(forward.F1S(average=None).values()))
    same(forward.JSI(average=None), dict(enumerate(f1 / (2 - f1))))
    assert forward.HML() == pytest.approx(1 - forward.AS(), **close)
