"""Tests written for the mutants of stats/comparison.py, stats/groups.py and
stats/accuracy_test.py that the other tests let survive: exact messages, the table of
every method, the refusals without scipy, and the repr of many groups. Each expected
value is worked out by hand."""

import sys

import pytest

from permetrics_lite import ClassificationMetric, mcnemar
from permetrics_lite.stats import accuracy_test


def length_message(name, first, second):
    """targets.py's message for y_pred of another length, naming the model."""
    return (f"y_true and {name} have different lengths: {first} and {second}; they must "
            "hold one label per sample each.")


def test_each_model_is_named_in_full_in_a_length_refusal():
    with pytest.raises(ValueError) as raised:
        mcnemar([0, 1], [0, 1], [0, 1, 1])
    assert str(raised.value) == length_message("y_pred_b", 2, 3)
    with pytest.raises(ValueError) as raised:
        mcnemar([0, 1], [0, 1, 1, 0], [0, 1])
    assert str(raised.value) == length_message("y_pred_a", 2, 4)


def test_the_asymptotic_test_returns_its_table():
    # a right on 0, 1, 3; b right on 0, 2, 4: both right 1, only a 2, only b 2, neither 0
    true, a, b = [0, 1, 1, 0, 1], [0, 1, 0, 0, 0], [0, 0, 1, 1, 1]
    for correction in (True, False):
        result = mcnemar(true, a, b, method="asymptotic", correction=correction)
        assert result.table.tolist() == [[1, 2], [2, 0]]
        # b = c = 2: (|2 - 2| - 1)^2 / 4 with the correction, 0 without
        assert result.statistic == (0.25 if correction else 0.0)


@pytest.mark.parametrize("method", ["exact", "mid-p"])
def test_the_exact_methods_without_scipy_say_how_to_install_it(monkeypatch, method):
    monkeypatch.setitem(sys.modules, "scipy", None)  # import scipy now raises ImportError
    true, a, b = [0, 1, 1, 0], [0, 1, 0, 0], [1, 1, 1, 0]
    with pytest.raises(ImportError) as raised:
        mcnemar(true, a, b, method=method)
    assert str(raised.value) == (
        "The exact McNemar test needs the optional dependency scipy; install it with "
        "pip install 'permetrics_lite[stats]'.")
    # the asymptotic test needs no scipy: b = 1 (sample 0), c = 1 (sample 2)
    assert mcnemar(true, a, b, method="asymptotic", correction=False).statistic == 0.0



def test_the_binomial_test_without_scipy_says_how_to_install_it(monkeypatch):
    monkeypatch.setitem(sys.modules, "scipy", None)  # import scipy now raises ImportError
    cm = ClassificationMetric([0, 0, 1, 1, 1], [0, 1, 1, 1, 1])
    message = ("The binomial test needs the optional dependency scipy; install it with "
               "pip install 'permetrics_lite[stats]'.")
    with pytest.raises(ImportError) as raised:
        cm.accuracy_test()
    assert str(raised.value) == message
    with pytest.raises(ImportError) as raised:
        accuracy_test.binomial_test(4, 5, 0.6, "greater")
    assert str(raised.value) == message

@pytest.mark.parametrize("n_groups, shown", [
    (5, "groups=[0, 1, 2, 3, 4]"),
    (6, "groups=[0, 1, 2, 3, 4, ...]"),
    (7, "groups=[0, 1, 2, 3, 4, ...]"),
])
def test_the_repr_shows_the_first_five_groups(n_groups, shown):
    groups = list(range(n_groups))
    cm = ClassificationMetric([0, 1] * n_groups, [0, 1] * n_groups)
    grouped = cm.by_group([g for g in groups for _ in range(2)])
    assert repr(grouped) == f"GroupedEvaluation(n_groups={n_groups}, {shown})"
