"""Every count-based metric against its exact rational value (fractions.Fraction).

The oracle below computes each metric from the cells of a confusion matrix
with Python's exact rationals (and ``decimal`` at 60 digits for square roots),
written from the textbook definitions, not from the library's formulas. The
library must be within 4 ulp of it for integer counts totalling up to 2**62,
dominant classes included, and within 1e-12 relative for float (weighted)
counts.
"""

import inspect
import math
from decimal import Decimal, localcontext
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, note
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from permetrics_lite import ClassificationMetric
from permetrics_lite.metrics import registry as _registry
from tests.oracles import ONE_VS_REST

AVERAGES = (None, "macro", "weighted", "micro")
# every metric with an average and a zero_division; F-beta with its beta below
AVERAGED = [m for m in _registry.METRICS if {"average", "zero_division"} <= set(
    inspect.signature(getattr(ClassificationMetric, m.name)).parameters) and m.alias != "FBS"]
# one-vs-rest values of either sign: their means may cancel
SIGNED = [m.alias for m in AVERAGED if m.range[0] < 0]

# balanced accuracy leaves out classes only predicted, and says so
pytestmark = pytest.mark.filterwarnings("ignore:y_pred contains classes not in y_true")


# --------------------------------------------------------------------------
# The oracle: exact rationals from the cells
# --------------------------------------------------------------------------


def _sqrt(value):
    """The square root of a non-negative Fraction, to 60 digits."""
    with localcontext() as context:
        context.prec = 60
        root = (Decimal(value.numerator) / Decimal(value.denominator)).sqrt()
    return Fraction(root)


def _ratio(numerator, denominator):
    """numerator / denominator, None when undefined (0/0)."""
    return None if denominator == 0 else Fraction(numerator) / denominator


class Exact:
    """The metrics of a confusion matrix (rows true, columns predicted), exactly."""

    def __init__(self, matrix):
        self.m = [[Fraction(v) for v in row] for row in matrix]
        k = len(self.m)
        self.k = k
        self.n = sum(sum(row) for row in self.m)
        self.support = [sum(row) for row in self.m]
        self.predicted = [sum(self.m[i][j] for i in range(k)) for j in range(k)]
        self.tp = [self.m[i][i] for i in range(k)]
        self.fp = [self.predicted[j] - self.tp[j] for j in range(k)]
        self.fn = [self.support[j] - self.tp[j] for j in range(k)]
        self.tn = [self.n - self.support[j] - self.predicted[j] + self.tp[j] for j in range(k)]

    def counts(self, j):
        return self.tp[j], self.fp[j], self.fn[j], self.tn[j]

    # one class against the rest, from (tp, fp, fn, tn): the oracles of tests/oracles.py
    @staticmethod
    def binary(name, tp, fp, fn, tn, beta=None):
        options = {} if beta is None else {"beta": beta}
        return ONE_VS_REST[name](tp, fp, fn, tn, **options)

    def averaged(self, name, average, beta=None, absolute=False):
        """Per-class dict values (None average) or the macro/weighted/micro mean
        (of the absolute values, with ``absolute``)."""
        if average == "micro":
            pooled = [sum(c) for c in zip(*(self.counts(j) for j in range(self.k)))]
            return self.binary(name, *pooled, beta=beta)
        values = [self.binary(name, *self.counts(j), beta=beta) for j in range(self.k)]
        if absolute:
            values = [None if v is None else abs(v) for v in values]
        if average is None:
            return values
        defined = [(v, s) for v, s in zip(values, self.support) if v is not None]
        if not defined:
            return None
        if average == "macro":
            return sum(v for v, _ in defined) / len(defined)
        total = sum(s for _, s in defined)
        if total == 0:  # no support anywhere: the plain mean, as scikit-learn
            return sum(v for v, _ in defined) / len(defined)
        return sum(v * s for v, s in defined) / total

    def accuracy(self):
        return sum(self.tp) / self.n

    def balanced_accuracy(self, adjusted=False):
        recalls = [t / s for t, s in zip(self.tp, self.support) if s]
        score = sum(recalls) / len(recalls)
        if not adjusted:
            return score
        chance = Fraction(1, len(recalls))
        return _ratio(score - chance, 1 - chance)

    def matthews(self):
        """Gorodkin's R_K from its covariance definition over samples."""
        n, k = self.n, self.k
        cov_tp = sum(self.m[i][i] for i in range(k)) * n - sum(
            self.support[i] * self.predicted[i] for i in range(k))
        cov_tt = n * n - sum(s * s for s in self.support)
        cov_pp = n * n - sum(p * p for p in self.predicted)
        if cov_tt * cov_pp == 0:
            return None
        if cov_tp == 0:
            return Fraction(0)
        sign = 1 if cov_tp > 0 else -1
        return sign * _sqrt(cov_tp * cov_tp / (cov_tt * cov_pp))

    def kappa(self, weights=None):
        """1 - sum(w * observed) / sum(w * expected), as Cohen (1968)."""
        k, n = self.k, self.n
        cost = [[(0 if i == j else 1) if weights is None else
                 abs(i - j) ** (1 if weights == "linear" else 2) for j in range(k)]
                for i in range(k)]
        observed = sum(cost[i][j] * self.m[i][j] for i in range(k) for j in range(k)) / n
        expected = sum(cost[i][j] * self.support[i] * self.predicted[j]
                       for i in range(k) for j in range(k)) / (n * n)
        return None if expected == 0 else 1 - observed / expected

    def hamming(self):
        return 1 - self.accuracy()


# --------------------------------------------------------------------------
# Comparing within a number of ulp
# --------------------------------------------------------------------------


def _close(value, exact, ulps=4, rel=None):
    """Whether float ``value`` is within ``ulps`` ulp (or ``rel``) of ``exact``."""
    if exact is None:
        return math.isnan(value)
    target = float(exact)
    if rel is not None:
        return abs(value - target) <= rel * abs(target) or value == target
    return abs(Fraction(value) - exact) <= ulps * Fraction(math.ulp(target))


def _assert_close(name, value, exact, **tolerance):
    if isinstance(exact, list):
        assert len(value) == len(exact), name
        for got, want in zip(value, exact):
            _assert_close(name, got, want, **tolerance)
        return
    assert _close(value, exact, **tolerance), (name, value, exact if exact is None
                                               else float(exact))


def _every_metric(cm, exact, **tolerance):
    """Compare every count-based metric of ``cm`` with the oracle."""
    nan = float("nan")
    checks = [
        ("AS", cm.AS(), exact.accuracy()),
        ("HML", cm.HML(), exact.hamming()),
        ("BAS", cm.BAS(), exact.balanced_accuracy()),
        ("BAS adjusted", cm.BAS(adjusted=True, zero_division=nan),
         exact.balanced_accuracy(adjusted=True)),
        ("MCC", cm.MCC(zero_division=nan), exact.matthews()),
        ("CKS", cm.CKS(zero_division=nan), exact.kappa()),
        ("CKS linear", cm.CKS(weights="linear", zero_division=nan), exact.kappa("linear")),
        ("CKS quadratic", cm.CKS(weights="quadratic", zero_division=nan),
         exact.kappa("quadratic")),
    ]
    methods = {m.alias: getattr(cm, m.alias) for m in AVERAGED}
    for average in AVERAGES:
        # the per-class accuracy takes no zero_division: N > 0 makes it defined
        checks.append((f"PCA {average}", _values(cm.PCA(average=average)),
                       exact.averaged("PCA", average)))
        for name, method in methods.items():
            if name in SIGNED and average in ("macro", "weighted"):
                continue  # below: a mean of signed values, to the scale of its terms
            got = method(average=average, zero_division=nan)
            checks.append((f"{name} {average}", _values(got), exact.averaged(name, average)))
        for beta in (1.0, 2.0, 0.5, 3.0):
            got = cm.FBS(beta=beta, average=average, zero_division=nan)
            checks.append((f"FBS({beta}) {average}", _values(got),
                           exact.averaged("FBS", average, beta=beta)))
    for name in SIGNED:
        for average in ("macro", "weighted"):
            value = methods[name](average=average, zero_division=nan)
            want = exact.averaged(name, average)
            scale = exact.averaged(name, average, absolute=True)
            assert want is None and math.isnan(value) or abs(Fraction(value) - want) <= (
                4 * Fraction(math.ulp(float(scale)))), (name, average, value, want)
    for name, got, want in checks:
        _assert_close(name, got, want, **tolerance)


def _values(result):
    return list(result.values()) if isinstance(result, dict) else result


# --------------------------------------------------------------------------
# Random confusion matrices: dominant classes, counts up to 2**62 in all
# --------------------------------------------------------------------------


@st.composite
def count_matrices(draw, max_total=2**62):
    """A K x K integer matrix, K in 1..5, whose cells total at most ``max_total``."""
    k = draw(st.sampled_from([1, 2, 2, 3, 5]))
    most = max_total // (k * k)  # per cell, so that no draw exceeds the total
    scale = draw(st.sampled_from([min(10, most), min(2**20, most), min(2**40, most), most]))
    matrix = draw(hnp.arrays(np.int64, (k, k), elements=st.integers(0, scale)))
    if draw(st.booleans()):  # one dominant cell, the rest small
        i, j = draw(st.integers(0, k - 1)), draw(st.integers(0, k - 1))
        matrix = np.minimum(matrix, draw(st.integers(0, 100)))
        matrix[i, j] = draw(st.integers(1, max_total - int(matrix.sum())))
    matrix[0, 0] += 0 if matrix.sum() else 1  # at least one sample
    return matrix


@given(count_matrices())
def test_integer_counts_within_4_ulp_of_the_exact_value(matrix):
    cm = ClassificationMetric.from_confusion_matrix(matrix)
    _every_metric(cm, Exact(matrix.tolist()), ulps=4)


@st.composite
def weight_matrices(draw):
    """A K x K matrix of non-integral dyadic weights: its row, column and grand
    sums are exact floats, so the oracle and the library see the same counts.
    (Totals stay below 2**30: a float tn below 1e-12 of the total is taken as a
    rounding residue and set to 0.)"""
    counts = draw(count_matrices(max_total=2**30))
    quarters = draw(hnp.arrays(np.int64, counts.shape, elements=st.integers(0, 3)))
    weights = counts + quarters / 4.0
    weights[0, 0] += 0.0 if weights.sum() % 1 else 0.25  # not all integral
    return weights


@given(weight_matrices())
def test_float_counts_within_1e_12_of_the_exact_value(matrix):
    note(repr(matrix.tolist()))
    cm = ClassificationMetric.from_confusion_matrix(matrix)
    assert cm.n_samples is None  # kept as weights
    _every_metric(cm, Exact(matrix.tolist()), rel=1e-12)


# --------------------------------------------------------------------------
# Cases found wrong, by hand
# --------------------------------------------------------------------------


@pytest.mark.parametrize("matrix", [
    [[10**15, 30], [20, 50]],  # kappa was 0.66698 (exact 0.6666...), MCC off by 6e-4
    [[10**12, 3], [2, 5]],  # MCC off by 3e-6
    [[2**61, 1, 0], [0, 1, 2], [3, 0, 2**60]],
    [[4, 3], [2**62 - 9, 0]],
])
def test_dominant_class_keeps_every_digit(matrix):
    cm = ClassificationMetric.from_confusion_matrix(np.array(matrix, dtype=np.int64))
    _every_metric(cm, Exact(matrix), ulps=4)


def test_dominant_class_kappa_and_mcc_by_hand():
    cm = ClassificationMetric.from_confusion_matrix([[10**15, 30], [20, 50]])
    # kappa = (N c - s.p) / (N^2 - s.p): exact integers
    n, c = 10**15 + 100, 10**15 + 50
    sp = (10**15 + 30) * (10**15 + 20) + 70 * 80
    assert cm.CKS() == float(Fraction(n * c - sp, n * n - sp))
    assert cm.CKS() == pytest.approx(2 / 3, rel=1e-12)


@pytest.mark.parametrize("matrix", [
    np.array([[10**19, 10**19], [1, 1]], dtype=np.uint64),  # gave AS -5.44
    np.array([[2**62, 2**62], [0, 0]], dtype=np.int64),
    np.array([[2**63 - 1, 1], [0, 0]], dtype=np.int64),
])
def test_counts_beyond_int64_are_an_overflow_error(matrix):
    with pytest.raises(OverflowError, match=r"matrix counts \d+ samples in all, more than"):
        ClassificationMetric.from_confusion_matrix(matrix)


def test_largest_int64_total_is_exact():
    matrix = np.array([[2**63 - 3, 1], [1, 0]], dtype=np.int64)
    cm = ClassificationMetric.from_confusion_matrix(matrix)
    assert cm.n_samples == 2**63 - 1
    assert cm.AS() == float(Fraction(2**63 - 3, 2**63 - 1))
    assert cm.AS(normalize=False) == 2**63 - 3
    _every_metric(cm, Exact(matrix.tolist()), ulps=4)


def test_huge_integral_floats_are_kept_as_weights():
    matrix = np.array([[1e19, 3e19], [1.0, 1.0]])  # integral, but more than int64 counts
    cm = ClassificationMetric.from_confusion_matrix(matrix)
    assert cm.n_samples is None
    assert cm.AS() == float(Fraction(10**19 + 1, 4 * 10**19 + 2))
    assert cm.CM().tolist() == matrix.tolist()


@pytest.mark.parametrize("build", ["add", "batches"])
def test_sums_beyond_int64_are_an_overflow_error(build):
    half = ClassificationMetric.from_confusion_matrix(
        np.array([[2**61, 2**61], [0, 0]], dtype=np.int64))
    with pytest.raises(OverflowError, match="the sum of the evaluations counts 9223372036854775808"):
        if build == "add":
            half + half + half  # noqa: B018 -- the sum is the test
        else:
            sum([half, half, half])


def test_one_vs_rest_mcc_beyond_int64_products():
    # N = 400,000: (tp+fp)(tp+fn)(tn+fp)(tn+fn) is about 4e21, beyond int64
    rng = np.random.default_rng(7)
    y_true = rng.integers(0, 3, 400_000)
    y_pred = np.where(rng.random(400_000) < 0.7, y_true, rng.integers(0, 3, 400_000))
    cm = ClassificationMetric(y_true, y_pred)
    matrix = np.zeros((3, 3), dtype=np.int64)
    np.add.at(matrix, (y_true, y_pred), 1)  # a per-sample tally, independent of ours
    exact = Exact(matrix.tolist())
    _assert_close("MCC ovr", list(cm.MCC(average=None).values()), exact.averaged("MCC", None))
    _assert_close("CKS ovr", list(cm.CKS(average=None).values()), exact.averaged("CKS", None))


# --------------------------------------------------------------------------
# Extreme weights and beta
# --------------------------------------------------------------------------


@pytest.mark.parametrize("weight", [1e-200, 1e200, 5e-324, 1e300])
def test_tiny_and_huge_weights_give_the_exact_values(weight):
    y_true, y_pred = [0, 1, 1, 2, 2, 2], [0, 1, 0, 2, 2, 1]
    cm = ClassificationMetric(y_true, y_pred, sample_weight=[weight] * 6)
    matrix = np.zeros((3, 3), dtype=np.int64)
    np.add.at(matrix, (y_true, y_pred), 1)
    # uniform weights change no ratio: the exact values of the unweighted counts
    _every_metric(cm, Exact(matrix.tolist()), rel=1e-12)


@pytest.mark.parametrize("weight", [1e308, np.finfo(np.float64).max])
def test_weights_whose_sum_overflows_give_the_exact_ratios(weight):
    y_true, y_pred = [0, 1, 1], [0, 1, 0]
    cm = ClassificationMetric(y_true, y_pred, sample_weight=[weight] * 3)
    exact = Exact([[1, 0], [1, 1]])
    _every_metric(cm, exact, rel=1e-12)
    # the counts themselves are the float sums: inf where they overflow
    assert cm.AS(normalize=False) == np.inf
    assert cm.CM().tolist() == [[weight, 0.0], [weight, weight]]
    assert cm.CM(normalize="true").tolist() == [[1.0, 0.0], [0.5, 0.5]]
    assert cm.report(zero_division=0.0)["support"].tolist() == [weight, np.inf]
    # the same holds for a query's own weights, a sum of evaluations and batches
    assert ClassificationMetric(y_true, y_pred).AS(sample_weight=[weight] * 3) == (
        pytest.approx(2 / 3, rel=1e-15))
    one = ClassificationMetric(y_true[:2], y_pred[:2], sample_weight=[weight] * 2)
    two = ClassificationMetric(y_true[2:], y_pred[2:], sample_weight=[weight])
    assert (one + two).AS() == pytest.approx(2 / 3, rel=1e-15)
    assert (one + two).MCC() == pytest.approx(0.5, rel=1e-15)
    batches = [(y_true[:1], y_pred[:1], [weight]), (y_true[1:], y_pred[1:], [weight] * 2)]
    assert ClassificationMetric.from_batches(batches).CKS() == cm.CKS()
    matrix = ClassificationMetric.from_confusion_matrix([[weight, 0.0], [weight, weight]])
    assert matrix.AS() == pytest.approx(2 / 3, rel=1e-15)
    assert matrix.CM().tolist() == cm.CM().tolist()


def test_scores_with_weights_whose_sum_overflows():
    y_true, scores = [0, 1, 1, 0], [0.2, 0.9, 0.4, 0.6]
    weight = [1e308] * 4
    cm = ClassificationMetric.from_scores(y_true, scores, sample_weight=weight)
    assert cm.AS() == 0.5 and cm.TKA(1) == 0.5
    assert cm.TKA(1, normalize=False) == np.inf  # 2e308
    curve = cm.threshold_curve(zero_division=0.0)
    assert curve["accuracy"].tolist() == [0.5, 0.75, 0.5, 0.75]  # thresholds 0.2 .. 0.9
    assert curve["tp"].tolist() == [np.inf, np.inf, 1e308, 1e308]  # 2e308 overflows


@pytest.mark.parametrize("beta, limit", [(1e160, "RS"), (1e-160, "PS")])
def test_extreme_beta_tends_to_recall_or_precision(beta, limit):
    cm = ClassificationMetric([0, 1, 1, 0, 1, 2], [0, 1, 0, 1, 1, 2])
    expected = getattr(cm, limit)(average=None)
    assert cm.FBS(beta=beta, average=None) == expected
    assert not math.isnan(cm.FBS(beta=beta, average="macro"))


def test_extreme_beta_with_weights():
    y_true, y_pred = [0, 1, 1, 0, 1], [0, 1, 0, 1, 1]
    cm = ClassificationMetric(y_true, y_pred, sample_weight=[0.5, 1.5, 2.5, 0.25, 1.0])
    assert cm.FBS(beta=1e160) == pytest.approx(cm.RS(), rel=1e-15)
    assert cm.FBS(beta=1e-160) == pytest.approx(cm.PS(), rel=1e-15)
    # a class never found but predicted: F is 0, defined (no 0/0) for any beta
    never = ClassificationMetric([0, 0, 1], [1, 1, 0], sample_weight=[0.5, 0.5, 1.0])
    assert never.FBS(beta=1e160, pos_label=1) == 0.0


def test_sum_of_evaluations_whose_weights_overflow_together():
    # each side's weights sum to a finite float, both sides together do not
    one = ClassificationMetric([0, 1], [0, 1], sample_weight=[1e308, 1e308 / 2])
    two = ClassificationMetric([1, 1], [0, 1], sample_weight=[1e308, 1e308 / 2])
    assert one.AS(normalize=False) == 1.5e308 and two.AS(normalize=False) == 0.5e308
    total = one + two
    exact = Exact([[2, 0], [2, 2]])  # in units of 1e308 / 2
    _every_metric(total, exact, rel=1e-12)
    assert np.isinf(total.AS(normalize=False))  # 2e308
    assert total.CM().tolist() == [[1e308, 0.0], [1e308, 1e308]]
    assert (two + one).CM().tolist() == total.CM().tolist()


def test_multilabel_weights_whose_sum_overflows():
    y_true = np.array([[1, 0], [1, 1], [0, 1]])
    y_pred = np.array([[1, 0], [0, 1], [0, 1]])
    cm = ClassificationMetric(y_true, y_pred, sample_weight=[1e308] * 3)
    assert cm.AS() == pytest.approx(2 / 3, rel=1e-15)  # rows 0 and 2 exactly right
    assert cm.HML() == pytest.approx(1 / 6, rel=1e-15)
    assert cm.RS(average=None) == {0: 0.5, 1: 1.0}
    assert cm.CM()[0].tolist() == [[1e308, 0.0], [1e308, 1e308]]  # [[tn, fp], [fn, tp]]


def test_sparse_sums_with_weights_whose_sum_overflows():
    # more classes than the dense limit: the sum keeps sparse cells, in the larger unit
    n_classes = 2100
    y_true = np.arange(n_classes)
    y_pred = np.where(y_true % 2 == 0, y_true, 0)
    heavy = ClassificationMetric(y_true, y_pred, sample_weight=np.full(n_classes, 1e306))
    light = ClassificationMetric(y_true[:2], y_pred[:2], sample_weight=[1.0, 1.0])
    total = light + heavy
    assert total.AS() == pytest.approx(0.5, rel=1e-12)
    matrix = total.CM()
    assert matrix[0, 0] == 1e306 + 1.0 and matrix[1, 0] == 1e306 + 1.0
    assert matrix[2, 2] == 1e306 and matrix[3, 0] == 1e306


def test_beta_zero_is_precision():
    cm = ClassificationMetric([0, 1, 1, 0, 1, 2], [0, 1, 0, 1, 1, 2])
    assert cm.FBS(beta=0, average=None) == cm.PS(average=None)
    exact = Exact([[1, 1, 0], [1, 2, 0], [0, 0, 1]])
    _assert_close("FBS(0)", list(cm.FBS(beta=0.0, average=None).values()),
                  exact.averaged("FBS", None, beta=0))


def test_integral_float_matrix_up_to_the_int64_limit_counts_exactly():
    # 2**63 - 1024 is a float; with 1023 the total is 2**63 - 1, the largest int64
    matrix = np.array([[2.0**63 - 1024, 1023.0], [0.0, 0.0]])
    cm = ClassificationMetric.from_confusion_matrix(matrix)
    assert cm.n_samples == 2**63 - 1
    assert cm.AS(normalize=False) == 2**63 - 1024
    beyond = ClassificationMetric.from_confusion_matrix(matrix + [[0.0, 1.0], [0.0, 0.0]])
    assert beyond.n_samples is None  # 2**63 counts more than int64 holds: weights


def test_labels_given_with_a_frame_order_its_named_rows():
    # a frame's names say which class each row is: labels order them, or are refused
    # when they name other classes; the matrix itself takes names in order
    frame = ClassificationMetric([0, 1, 1], [0, 1, 0]).CM(as_frame=True)
    cm = ClassificationMetric.from_confusion_matrix(frame, labels=[1, 0])
    assert cm.labels.tolist() == [1, 0] and cm.CM().tolist() == [[1, 1], [0, 1]]
    assert cm.RS(pos_label=1) == 0.5
    with pytest.raises(ValueError, match=r"^labels=\['no', 'yes'\] and the index of matrix "):
        ClassificationMetric.from_confusion_matrix(frame, labels=["no", "yes"])
    renamed = ClassificationMetric.from_confusion_matrix(frame.to_numpy(), labels=["no", "yes"])
    assert renamed.labels.tolist() == ["no", "yes"] and renamed.RS(pos_label="yes") == 0.5


def test_adjusted_balanced_accuracy_of_huge_counts_near_chance():
    # recalls (2**60 + 1) / (2**61 + 1) twice: each rounds to 0.5 in floats, but
    # their sum exceeds 1 by 1 / (2**61 + 1), which is the adjusted score
    big = 2**60
    cm = ClassificationMetric.from_confusion_matrix(
        np.array([[big + 1, big], [big, big + 1]], dtype=np.int64))
    assert cm.BAS(adjusted=True) == float(Fraction(1, 2**61 + 1))


def test_huge_integral_float_matrix_gives_exact_correlations():
    # beyond int64, so kept as weights; every row, column and grand sum is an exact float
    matrix = np.array([[2.0**63, 2.0**64], [2.0**60, 2.0**62]])
    cm = ClassificationMetric.from_confusion_matrix(matrix)
    _every_metric(cm, Exact(matrix.tolist()), rel=1e-12)


def test_adjusted_balanced_accuracy_of_one_class_warns_with_its_name():
    cm = ClassificationMetric([1, 1], [1, 0])
    with pytest.warns(UserWarning) as record:
        assert cm.BAS(adjusted=True) == 0.0
    messages = [str(w.message) for w in record]
    assert ("Adjusted balanced accuracy with a single class in y_true is undefined (0/0) "
            "and is set to 0.0; pass zero_division (0.0, 1.0 or nan) to choose the value "
            "and silence this warning.") in messages
