"""Intervals of the ROC AUC (DeLong's, Hanley and McNeil's) and DeLong's paired test
of two AUCs: against their definitions computed here pair by pair, a seeded coverage
simulation, and the refusals of what they do not cover."""

import math
import warnings
from statistics import NormalDist

import numpy as np
import pandas as pd
import pytest
from hypothesis import assume, given, strategies as st

from permetrics_lite import ClassificationMetric, UndefinedMetricWarning, delong_test
from tests.oracles import brute_force_delong, delong_placements, expected_bounds


def hanley_mcneil(area, n1, n0):
    """Hanley and McNeil (1982), equation 1 with their Q1 and Q2."""
    q1, q2 = area / (2 - area), 2 * area**2 / (1 + area)
    return (area * (1 - area) + (n1 - 1) * (q1 - area**2) + (n0 - 1) * (q2 - area**2)) / (n1 * n0)


@st.composite
def binary_scores(draw):
    """At least two samples of each class, scores from a few values (many ties) or any."""
    n1, n0 = draw(st.integers(2, 30)), draw(st.integers(2, 30))
    values = draw(st.sampled_from([st.integers(0, 4).map(float),
                                   st.floats(0, 1, allow_nan=False)]))
    scores = draw(st.lists(values, min_size=n1 + n0, max_size=n1 + n0))
    y_true = [1] * n1 + [0] * n0
    order = draw(st.permutations(range(n1 + n0)))
    return [y_true[i] for i in order], [scores[i] for i in order]


@given(problem=binary_scores(), confidence=st.sampled_from([0.5, 0.9, 0.95, 0.999]))
def test_delong_is_the_variance_of_the_placements(problem, confidence):
    y_true, y_score = problem
    area, variance = brute_force_delong(y_true, y_score)
    ci = ClassificationMetric.from_scores(y_true, y_score).CI("AUC", method="delong",
                                                               confidence=confidence)
    assert ci.estimate == pytest.approx(area, rel=1e-12, abs=1e-15)
    assert (ci.low, ci.high) == pytest.approx(expected_bounds(area, variance, confidence),
                                              rel=1e-9, abs=1e-12)
    assert ci.method == "delong" and ci.confidence == confidence


@given(problem=binary_scores())
def test_hanley_mcneil_is_its_formula(problem):
    y_true, y_score = problem
    area, _ = brute_force_delong(y_true, y_score)
    n1 = sum(y_true)
    ci = ClassificationMetric.from_scores(y_true, y_score).CI("AUC", method="hanley-mcneil")
    expected = expected_bounds(area, hanley_mcneil(area, n1, len(y_true) - n1), 0.95)
    assert (ci.low, ci.high) == pytest.approx(expected, rel=1e-9, abs=1e-12)


def test_the_intervals_cover_the_true_area():
    # binormal scores, N(0, 1) against N(1, 1): the true AUC is Phi(1 / sqrt(2)); 95%
    # intervals of 1,000 seeded data sets of 100 + 100 samples cover it 95% +- 2.5 points
    rng = np.random.default_rng(12)
    truth = NormalDist().cdf(1 / math.sqrt(2))
    covered = {"delong": 0, "hanley-mcneil": 0}
    y_true = np.r_[np.ones(100, int), np.zeros(100, int)]
    for _ in range(1000):
        cm = ClassificationMetric.from_scores(y_true, rng.normal(y_true.astype(float), 1.0))
        for method in covered:
            ci = cm.CI("AUC", method=method)
            covered[method] += ci.low <= truth <= ci.high
    for method, count in covered.items():
        assert abs(count / 1000 - 0.95) <= 0.025, method


@pytest.mark.parametrize("method", ["delong", "hanley-mcneil"])
def test_bounds_are_clipped_to_the_unit_interval(method):
    y_true, y_score = [0, 0, 1, 1, 1], [0.1, 0.75, 0.8, 0.9, 0.7]
    area, variance = brute_force_delong(y_true, y_score)
    if method == "hanley-mcneil":
        variance = hanley_mcneil(area, 3, 2)
    assert area + 1.96 * math.sqrt(variance) > 1  # the unclipped bound passes 1
    ci = ClassificationMetric.from_scores(y_true, y_score).CI("AUC", method=method)
    assert ci.high == 1.0 and ci.low == pytest.approx(expected_bounds(area, variance, 0.95)[0])


def test_one_sample_of_a_class_makes_delong_undefined_with_a_warning():
    cm = ClassificationMetric.from_scores([0, 1, 0, 0], [0.1, 0.9, 0.3, 0.2])
    with pytest.warns(UndefinedMetricWarning, match=r"^DeLong's variance of the ROC AUC with "
                      r"fewer than two samples of a class in y_true, and so its interval, is "
                      r"undefined \(nan\)\.$"):
        ci = cm.CI("AUC", method="delong")
    assert ci.estimate == 1.0 and np.isnan(ci.low) and np.isnan(ci.high)
    assert cm.CI("AUC", method="hanley-mcneil").high == 1.0  # defined from the area


def test_one_class_only_has_no_area_nor_interval():
    cm = ClassificationMetric.from_scores([1, 1, 1], [0.2, 0.4, 0.9], labels=[0, 1])
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        ci = cm.CI("AUC", method="delong")
    assert all(np.isnan(v) for v in ci[:3]) and len(caught) == 1


REFUSED = [
    ({"metric": "AUC", "method": "delong", "max_fpr": 0.5},
     "method='delong' does not apply to AUC with max_fpr=0.5 (a partial area); leave max_fpr "
     "out for the whole area."),
    ({"metric": "AUC", "method": "wilson"},
     "method='wilson' does not apply to AUC (a metric of scores); use method='delong', "
     "'hanley-mcneil', 'bootstrap' or 'bca'."),
    ({"metric": "APS", "method": "delong"},
     "method='delong' does not apply to APS (a metric of scores); use method='bootstrap' or "
     "'bca'."),
    ({"metric": "LL", "method": "wilson"},
     "method='wilson' does not apply to LL (a metric of scores); use method='bootstrap' or "
     "'bca'."),
    ({"metric": "AS", "method": "hanley-mcneil"},
     "method='hanley-mcneil' does not apply to AS (it is not a ROC AUC); use "
     "method='bootstrap' or 'bca', which apply to every metric of labels."),
    ({"metric": "AUC", "method": "delong", "average": "bogus"},
     "average must be one of ['macro', 'weighted', None]; got 'bogus'."),
    ({"metric": "AUC", "method": "hanley-mcneil", "multi_class": "bogus"},
     "multi_class must be one of ['ovr', 'ovo']; got 'bogus'."),
    ({"metric": "TKA", "method": "bootstrap"},
     "method='bootstrap' does not apply to TKA (a metric of scores: resampled confusion "
     "matrices do not hold them); use a proportion method such as method='wilson'."),
    ({"metric": "AUC", "method": "delong", "n_resamples": 99},
     "n_resamples applies to method='bootstrap' or 'bca' only; method='delong' does not "
     "resample."),
]


@pytest.mark.parametrize("arguments, message", REFUSED, ids=[str(i) for i in range(len(REFUSED))])
def test_what_the_methods_do_not_cover_is_refused_in_words(arguments, message):
    cm = ClassificationMetric.from_scores([0, 1, 1, 0, 1], [0.2, 0.8, 0.4, 0.3, 0.9])
    with pytest.raises(ValueError) as raised:
        cm.CI(**arguments)
    assert str(raised.value) == message


def test_multiclass_and_weighted_scores_are_refused():
    matrix = np.array([[0.6, 0.3, 0.1], [0.2, 0.5, 0.3], [0.1, 0.2, 0.7], [0.3, 0.4, 0.3]])
    with pytest.raises(ValueError, match=r"^method='delong' does not apply to AUC of a "
                                         r"multiclass problem .*with from_scores\.$"):
        ClassificationMetric.from_scores([0, 1, 2, 1], matrix).CI("AUC", method="delong")
    weighted = ClassificationMetric.from_scores([0, 1, 1, 0], [0.2, 0.8, 0.4, 0.3],
                                                sample_weight=[1, 2, 1, 1])
    with pytest.raises(ValueError, match=r"^method='hanley-mcneil' needs counts of samples, "
                                         r"and this evaluation is weighted .*numpy\.repeat"):
        weighted.CI("AUC", method="hanley-mcneil")


def test_summary_gives_the_auc_its_delong_interval():
    y_true, y_score = [0, 1, 1, 0, 1, 0, 1, 1], [0.2, 0.8, 0.4, 0.3, 0.9, 0.6, 0.7, 0.35]
    cm = ClassificationMetric.from_scores(y_true, y_score)
    table = cm.summary(ci="delong")
    area, variance = brute_force_delong(y_true, y_score)
    assert tuple(table.loc["AUC", ["estimate", "low", "high"]]) == pytest.approx(
        (area, *expected_bounds(area, variance, 0.95)))
    assert table.loc["AUC", "method"] == "delong"
    assert table.loc[["AS", "APS"], ["low", "high"]].isna().all().all()  # no DeLong for them


# ------------------------------------------------------------------ delong_test

def brute_force_test(y_true, a, b, confidence=0.95):
    """DeLong's paired test as its paper writes it: sample covariances of placements."""
    (pa, na), (pb, nb) = delong_placements(y_true, a), delong_placements(y_true, b)

    def cov(x, y):
        mx, my = sum(x) / len(x), sum(y) / len(y)
        return sum((u - mx) * (v - my) for u, v in zip(x, y)) / (len(x) - 1)

    def s(x, y, u, v):
        return cov(x, y) / len(x) + cov(u, v) / len(u)

    auc_a, auc_b = sum(pa) / len(pa), sum(pb) / len(pb)
    variance = s(pa, pa, na, na) + s(pb, pb, nb, nb) - 2 * s(pa, pb, na, nb)
    return auc_a, auc_b, variance


@st.composite
def paired_scores(draw):
    y_true, a = draw(binary_scores())
    values = st.sampled_from([0.0, 0.25, 0.5, 1.0]) if draw(st.booleans()) else \
        st.floats(0, 1, allow_nan=False)
    b = draw(st.lists(values, min_size=len(a), max_size=len(a)))
    return y_true, a, b


@given(case=paired_scores(), confidence=st.sampled_from([0.9, 0.95]))
def test_delong_test_is_the_paired_placements_computation(case, confidence):
    y_true, a, b = case
    auc_a, auc_b, variance = brute_force_test(y_true, a, b)
    result = delong_test(y_true, a, b, confidence=confidence)
    assert (result.auc_a, result.auc_b) == pytest.approx((auc_a, auc_b), rel=1e-12, abs=1e-15)
    assert result.difference == pytest.approx(auc_a - auc_b, abs=1e-12)
    z = NormalDist().inv_cdf(0.5 + confidence / 2)
    spread = math.sqrt(max(variance, 0.0))
    assert (result.low, result.high) == pytest.approx(
        (result.difference - z * spread, result.difference + z * spread), abs=1e-9)
    assume(variance > 1e-12)
    statistic = (auc_a - auc_b) / spread
    assert result.statistic == pytest.approx(statistic, rel=1e-9, abs=1e-9)
    assert result.pvalue == pytest.approx(2 * (1 - NormalDist().cdf(abs(statistic))),
                                          rel=1e-9, abs=1e-12)


def test_identical_scores_have_statistic_0_and_p_1():
    y_true, y_score = [0, 1, 1, 0, 1, 0], [0.3, 0.2, 0.9, 0.1, 0.7, 0.5]
    assert delong_test(y_true, y_score, list(y_score)) == (0.0, 1.0, 7 / 9, 7 / 9, 0.0, 0.0, 0.0)


def test_the_test_reads_every_input_type_and_the_positive_class():
    y_true = np.array(["spam", "ham", "spam", "ham", "spam", "ham", "ham"])
    a = np.array([0.9, 0.2, 0.6, 0.4, 0.3, 0.5, 0.1])
    b = np.array([0.8, 0.3, 0.4, 0.5, 0.7, 0.2, 0.6])
    expected = delong_test((y_true == "spam").astype(int), a, b)
    for kind in (list, np.asarray, pd.Series):
        assert delong_test(kind(y_true), kind(a), kind(b)) == pytest.approx(expected)
    # the other class positive, its scores negated: the same rankings, the same test
    flipped = delong_test(y_true, -a, -b, pos_label="ham")
    assert flipped == pytest.approx(expected)
    columns = delong_test(y_true, np.c_[1 - a, a], np.c_[1 - b, b])  # ranked by "spam"
    assert columns == pytest.approx(expected)


TEST_REFUSED = [
    (([0, 1, 0, 1], [0.1, 0.2, 0.3], [0.1, 0.2, 0.3, 0.4]), ValueError,
     r"^y_true and y_score_a have different lengths: 4 and 3"),
    (([0, 1, 0, 1], [0.1, 0.2, 0.3, 0.4], [0.1, np.nan, 0.3, 0.4]), ValueError,
     r"y_score_b"),
    (([1, 1, 1, 1], [0.1, 0.2, 0.3, 0.4], [0.1, 0.2, 0.3, 0.4]), ValueError,
     r"delong_test needs at least two samples of each class in y_true; it has 4 positive\(s\) "
     r"and 0 negative\(s\)\.$"),
    (([0, 1, 1, 1], [0.1, 0.2, 0.3, 0.4], [0.1, 0.2, 0.3, 0.4]), ValueError,
     r"it has 3 positive\(s\) and 1 negative\(s\)\.$"),
    (([0, 1, 2, 1], np.full((4, 3), 1 / 3), np.full((4, 3), 1 / 3)), ValueError,
     r"^delong_test compares the ROC AUCs of binary scores, and y_score_a has 3 classes"),
]


@pytest.mark.parametrize("arguments, error, message", TEST_REFUSED,
                         ids=[str(i) for i in range(len(TEST_REFUSED))])
def test_delong_test_refuses_in_words(arguments, error, message):
    with pytest.raises(error, match=message):
        delong_test(*arguments)


def test_both_models_must_rank_the_same_class():
    y_true = np.array([0, 0, 1, 1, 0, 1, 1, 0])
    a = np.array([0.1, 0.4, 0.35, 0.8, 0.2, 0.7, 0.9, 0.3])
    b = np.array([0.3, 0.2, 0.6, 0.4, 0.5, 0.1, 0.8, 0.7])
    for named_zero in (pd.DataFrame({0: 1 - a}), pd.DataFrame({1: a, 0: 1 - a})):
        with pytest.raises(ValueError) as raised:
            delong_test(y_true, named_zero, b)
        assert str(raised.value) == ("y_score_a ranks class 0 as positive and y_score_b class "
                                     "1; pass pos_label, or scores of the same class.")
    assert delong_test(y_true, pd.DataFrame({1: a}), b) == delong_test(y_true, a, b)


def test_the_whole_area_given_as_max_fpr_1_has_its_interval():
    cm = ClassificationMetric.from_scores([0, 0, 1, 1, 0, 1], [0.1, 0.4, 0.35, 0.8, 0.2, 0.7])
    assert cm.CI("AUC", method="delong", max_fpr=1) == cm.CI("AUC", method="delong")
    with pytest.raises(ValueError, match=r"^max_fpr must be in \(0, 1\]; got 2"):
        cm.CI("AUC", method="delong", max_fpr=2)


def test_a_refusal_comes_before_the_estimate_could_warn():
    cm = ClassificationMetric.from_scores([1, 1, 1], [0.1, 0.4, 0.35], labels=[0, 1])
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # no warning: refused first
        with pytest.raises(ValueError, match=r"max_fpr=0\.5 \(a partial area\)"):
            cm.CI("AUC", method="delong", max_fpr=0.5)
    with pytest.raises(ValueError, match=r"^roc_auc_score \(AUC\) needs scores"):
        ClassificationMetric([0, 1], [0, 1]).CI("AUC", method="hanley-mcneil")


def test_delong_test_refuses_unaligned_indexes_and_bad_confidence():
    a = pd.Series([0.1, 0.8, 0.3, 0.7], index=[0, 1, 2, 3])
    b = pd.Series([0.2, 0.6, 0.1, 0.9], index=[3, 2, 1, 0])
    with pytest.raises(ValueError, match=r"^y_score_a and y_score_b are pandas objects with "
                                         r"different indexes"):
        delong_test([0, 1, 0, 1], a, b)
    with pytest.raises(ValueError, match=r"^y_true and y_score_b are pandas objects with "
                                         r"different indexes"):
        delong_test(pd.Series([0, 1, 0, 1]), a, b)
    with pytest.raises(ValueError, match=r"confidence"):
        delong_test([0, 1, 0, 1], [0.1, 0.8, 0.3, 0.7], [0.2, 0.6, 0.1, 0.9], confidence=1.5)


def test_tables_give_the_auc_delong_s_interval_whatever_the_method_of_the_others():
    rng = np.random.default_rng(9)
    y_true, y_score = rng.integers(0, 2, 60), np.round(rng.uniform(size=60), 1)
    cm = ClassificationMetric.from_scores(y_true, y_score)
    delong = cm.CI("AUC", method="delong")
    for ci in ("wilson", "clopper-pearson", "analytic"):
        assert tuple(cm.summary(ci=ci).loc["AUC"]) == (*delong, "delong")
    report = cm.report(ci="wilson")
    assert report["auc_low"].tolist() == [delong.low] * 2  # each class by the reverse order
    assert report["average_precision_low"].isna().all()  # no closed form: nan
    # a matrix: each class's column against the rest, by its placements
    y_true = rng.integers(0, 3, 90)
    matrix = rng.dirichlet(np.ones(3), 90)
    report = ClassificationMetric.from_scores(y_true, matrix).report(ci="delong",
                                                                      confidence=0.9)
    for k in range(3):
        area, variance = brute_force_delong((y_true == k).astype(int).tolist(),
                                            matrix[:, k].tolist())
        assert (report["auc_low"][k], report["auc_high"][k]) == pytest.approx(
            expected_bounds(area, variance, 0.9), rel=1e-9)
    hanley = ClassificationMetric.from_scores(y_true, matrix).report(ci="hanley-mcneil")
    n1 = int((y_true == 0).sum())
    area = hanley["auc"][0]
    assert (hanley["auc_low"][0], hanley["auc_high"][0]) == pytest.approx(
        expected_bounds(area, hanley_mcneil(area, n1, 90 - n1), 0.95), rel=1e-9)
