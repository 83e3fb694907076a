"""McNemar's test against statsmodels and an exact rational computation."""

import math
import warnings
from fractions import Fraction

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp
from statsmodels.stats.contingency_tables import mcnemar as statsmodels_mcnemar

from permetrics_lite import McNemarResult, mcnemar

from .strategies import LABEL_KINDS
from tests.strategies import examples


@st.composite
def two_models(draw):
    """Labels of one kind, and two models' predictions, often agreeing."""
    n = draw(st.integers(1, 120))
    k = draw(st.integers(2, 4))
    codes = hnp.arrays(np.int64, n, elements=st.integers(0, k - 1))
    true = draw(codes)
    a = np.where(draw(hnp.arrays(bool, n)), true, draw(codes))
    b = np.where(draw(hnp.arrays(bool, n)), a, draw(codes))  # b often copies a
    kind = draw(st.sampled_from(["int", "str"]))
    return tuple(LABEL_KINDS[kind](x) for x in (true, a, b))


def counted_table(true, a, b):
    table = [[0, 0], [0, 0]]
    for t, x, y in zip(true.tolist(), a.tolist(), b.tolist()):
        table[x != t][y != t] += 1
    return table


def exact_pvalue(b, c, mid=False):
    """Two-sided binomial p-value of min(b, c) of b + c at 1/2, in rationals."""
    n, m = b + c, min(b, c)
    below = sum(math.comb(n, i) for i in range(m + 1))
    p = Fraction(2 * below - (math.comb(n, m) if mid else 0), 2**n)
    return min(p, 1)


@settings(max_examples=examples(150))
@given(models=two_models())
def test_every_method_equals_its_reference(models):
    true, a, b = models
    table = counted_table(true, a, b)
    discordant = table[0][1] + table[1][0]
    exact = mcnemar(true, a, b)
    assert isinstance(exact, McNemarResult)
    assert exact.table.tolist() == table
    assert exact.statistic == min(table[0][1], table[1][0])
    assert exact.pvalue == pytest.approx(float(exact_pvalue(table[0][1], table[1][0])),
                                         rel=1e-12, abs=1e-300)
    mid = mcnemar(true, a, b, method="mid-p")
    assert mid.pvalue == pytest.approx(float(exact_pvalue(table[0][1], table[1][0], mid=True)),
                                       rel=1e-12, abs=1e-300)
    assert mid.pvalue <= exact.pvalue
    for correction in (True, False):
        ours = mcnemar(true, a, b, method="asymptotic", correction=correction)
        if discordant:
            reference = statsmodels_mcnemar(table, exact=False, correction=correction)
            assert ours.statistic == pytest.approx(reference.statistic, rel=1e-12)
            assert ours.pvalue == pytest.approx(reference.pvalue, rel=1e-12, abs=1e-300)
        else:  # documented: statsmodels divides 0 by 0 there
            assert (ours.statistic, ours.pvalue) == (0.0, 1.0)
    if discordant:
        reference = statsmodels_mcnemar(table, exact=True)
        assert exact.pvalue == pytest.approx(reference.pvalue, rel=1e-12, abs=1e-300)
        assert exact.statistic == reference.statistic


def test_models_that_never_disagree():
    true, same = [0, 1, 1, 2], [0, 1, 0, 2]
    for method in ("exact", "asymptotic", "mid-p"):
        result = mcnemar(true, same, same, method=method)
        assert (result.statistic, result.pvalue) == (0.0, 1.0)
        assert result.table.tolist() == [[3, 0], [0, 1]]
    with warnings.catch_warnings():  # documented: statsmodels divides by b + c = 0
        warnings.simplefilter("ignore")
        corrected = statsmodels_mcnemar([[3, 0], [0, 1]], exact=False)
        plain = statsmodels_mcnemar([[3, 0], [0, 1]], exact=False, correction=False)
    assert (corrected.statistic, corrected.pvalue) == (np.inf, 0.0)
    assert np.isnan(plain.pvalue)


def test_a_large_disagreement_is_significant():
    true = np.zeros(1000, dtype=int)
    a = np.zeros(1000, dtype=int)
    b = np.r_[np.ones(100, dtype=int), np.zeros(900, dtype=int)]  # b wrong on 100 more
    result = mcnemar(true, a, b)
    assert result.table.tolist() == [[900, 100], [0, 0]]
    assert result.pvalue == pytest.approx(float(Fraction(2, 2**100)), rel=1e-12)


def test_multilabel_right_means_every_label_right():
    true = [[1, 0], [0, 1], [1, 1]]
    a = [[1, 0], [0, 0], [1, 1]]
    b = [[1, 0], [0, 1], [0, 1]]
    assert mcnemar(true, a, b).table.tolist() == [[1, 1], [1, 0]]


@pytest.mark.parametrize("arguments, options, error, message", [
    (([0, 1], [0, 1], [0, 1, 1]), {}, ValueError, r"y_pred_b"),
    (([0, 1], ["a", "b"], [0, 1]), {}, TypeError, r"y_pred_a"),
    (([0, 1], [0, 1], [1, 1]), {"method": "chi2"}, ValueError,
     r"method must be one of \['exact', 'asymptotic', 'mid-p'\]"),
    (([0, 1], [0, 1], [1, 1]), {"method": "asymptotic", "correction": "yes"}, ValueError,
     r"correction must be True or False"),
    (([0, 1], [0, 1], [1, 1]), {"method": "exact", "correction": None}, ValueError,
     r"correction must be True or False"),
], ids=["length", "kind", "method", "bool", "bool with exact"])
def test_refusals(arguments, options, error, message):
    with pytest.raises(error, match=message):
        mcnemar(*arguments, **options)


@pytest.mark.parametrize("method", ["exact", "mid-p"])
def test_correction_is_ignored_by_the_methods_without_one(method):
    # as statsmodels' mcnemar(table, exact=True, correction=...): either value is accepted
    true, a, b = [0, 1, 1, 0, 1, 1], [0, 1, 1, 0, 0, 0], [1, 0, 0, 1, 1, 1]
    default = mcnemar(true, a, b, method=method)
    for correction in (True, False):
        result = mcnemar(true, a, b, method=method, correction=correction)
        assert (result.statistic, result.pvalue) == (default.statistic, default.pvalue)
        assert result.table.tolist() == default.table.tolist() == [[0, 4], [2, 0]]
    table = default.table.tolist()
    reference = statsmodels_mcnemar(table, exact=True, correction=False)
    assert reference.pvalue == statsmodels_mcnemar(table, exact=True, correction=True).pvalue
    if method == "exact":
        assert default.pvalue == pytest.approx(reference.pvalue, rel=1e-12)
    corrected = mcnemar(true, a, b, method="asymptotic")
    plain = mcnemar(true, a, b, method="asymptotic", correction=False)
    assert corrected.statistic == (4 - 2 - 1) ** 2 / 6 and plain.statistic == (4 - 2) ** 2 / 6


def test_pandas_predictions_pair_up_by_index_or_are_refused():
    true = [0, 1, 1, 0]
    a = pd.Series([0, 1, 0, 0], index=[10, 11, 12, 13])
    b = pd.Series([1, 1, 0, 0], index=[13, 12, 11, 10])  # the same samples, in another order
    with pytest.raises(ValueError) as raised:
        mcnemar(true, a, b)
    assert str(raised.value) == (
        "y_pred_a and y_pred_b are pandas objects with different indexes, so their rows would "
        "be paired by position, not by index. Align them (e.g. "
        "y_pred_b.reindex(y_pred_a.index)) or pass .to_numpy().")
    aligned = mcnemar(true, a, b.reindex(a.index))
    assert aligned.table.tolist() == mcnemar(true, a.to_numpy(), b.reindex(a.index).to_numpy(
        )).table.tolist() == [[1, 2], [1, 0]]
    with pytest.raises(ValueError) as raised:  # y_true too, as for the constructor
        mcnemar(pd.Series(true, index=[13, 12, 11, 10]), a, b)
    assert str(raised.value) == (
        "y_true and y_pred_a are pandas objects with different indexes, so their rows would be "
        "paired by position, not by index. Align them (e.g. y_pred_a.reindex(y_true.index)) or "
        "pass .to_numpy().")
    # pandas beside plain arrays: pairs by position, as the constructor does
    assert mcnemar(true, a, b.to_numpy()).table.tolist() == [[2, 1], [0, 1]]
