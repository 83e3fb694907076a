"""The API contract, driven by the registry: aliases, functional forms, docstrings."""

import numpy as np
import pytest

import permetrics_lite
from permetrics_lite import ClassificationMetric, _registry, functional

Y_TRUE = ["b", "a", "c", "a", "b", "b"]
Y_PRED = ["b", "a", "a", "a", "c", "b"]
WEIGHT = [1.0, 2.0, 0.5, 1.0, 3.0, 1.0]
LABELS = ["c", "b", "a", "d"]


@pytest.mark.parametrize("metric", _registry.METRICS, ids=lambda m: m.alias)
def test_alias_is_the_long_method(metric):
    assert getattr(ClassificationMetric, metric.alias) is getattr(ClassificationMetric, metric.name)


@pytest.mark.parametrize("metric", _registry.METRICS, ids=lambda m: m.alias)
def test_functional_form_equals_the_method(metric):
    cm = ClassificationMetric(Y_TRUE, Y_PRED, labels=LABELS, sample_weight=WEIGHT)
    function = getattr(functional, metric.name)
    assert getattr(permetrics_lite, metric.name) is function
    result = function(Y_TRUE, Y_PRED, labels=LABELS, sample_weight=WEIGHT)
    expected = getattr(cm, metric.alias)()
    if isinstance(expected, np.ndarray):
        np.testing.assert_array_equal(result, expected)
    else:
        assert result == expected


def test_every_public_callable_has_a_runnable_example():
    names = [name for name in permetrics_lite.__all__ if not name.startswith("__")]
    members = [getattr(permetrics_lite, name) for name in names]
    members += [getattr(ClassificationMetric, name) for name in dir(ClassificationMetric)
                if not name.startswith("_") and callable(getattr(ClassificationMetric, name))]
    for member in members:
        if member is permetrics_lite.UndefinedMetricWarning:
            continue
        assert ">>> " in (member.__doc__ or ""), member.__name__


def test_per_class_results_are_plain_python():
    cm = ClassificationMetric(np.array([1, 2, 2]), np.array([1, 2, 1]))
    result = cm.PCA()
    assert all(type(key) is int and type(value) is float for key, value in result.items())
    assert type(cm.BAS()) is float and type(cm.PCA(average="macro")) is float
