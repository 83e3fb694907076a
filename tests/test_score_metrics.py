"""Metrics of scores against scikit-learn: ROC AUC, average precision, log loss, the
Brier score, and the ROC, precision-recall, DET and calibration curves; the expected
calibration error and weighted one-vs-one AUC against per-sample loops.

Every value equals scikit-learn's on the same arrays within 1e-12 relative. The
curves are the same arrays, exactly when unweighted or weighted in quarters (whose
sums are exact in any order), within 1e-12 for other weights. Integer weights
also count as repeated samples, which scikit-learn scores unweighted.
"""

import math
import re
import warnings
from dataclasses import dataclass
from itertools import combinations
from typing import Optional

import numpy as np
import pandas as pd
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp
from sklearn import metrics as skm
from sklearn.calibration import calibration_curve as sk_calibration_curve
from sklearn.datasets import load_breast_cancer, load_iris, load_wine
from sklearn.linear_model import LogisticRegression
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler, label_binarize

import permetrics_lite
from permetrics_lite import ClassificationMetric, UndefinedMetricWarning
from permetrics_lite.validation import NotProbabilities
from tests.oracles import calibration_bins, expected_calibration_error
from tests.strategies import examples

RTOL = 1e-12
# |fraction right - mean probability| of a calibrated bin is a difference of two
# means summed in different orders: zero up to a few ulps of 1
CALIBRATION_ATOL = 1e-15


def same(actual, expected, rtol=RTOL, atol=0.0):
    """``actual`` is a float within ``rtol`` of ``expected``, or both are nan."""
    assert isinstance(actual, float), (type(actual), actual)
    expected = float(expected)
    if math.isnan(expected):
        assert math.isnan(actual), (actual, expected)
    else:
        assert math.isclose(actual, expected, rel_tol=rtol, abs_tol=atol), (actual, expected)


def same_per_class(actual, classes, expected):
    """A ``{label: value}`` answer: the classes in order, each value as ``same``."""
    assert list(actual) == list(classes)
    for label, value in zip(classes, expected):
        same(actual[label], value)


def same_arrays(actual, expected, exact):
    assert len(actual) == len(expected)
    for ours, theirs in zip(actual, expected):
        assert isinstance(ours, np.ndarray) and ours.dtype == np.float64
        if exact:
            np.testing.assert_array_equal(ours, theirs, strict=True)
        else:
            assert ours.shape == theirs.shape
            np.testing.assert_allclose(ours, theirs, rtol=RTOL, atol=0)


def sklearn(function, *args, **kwargs):
    """scikit-learn's value, its own warnings (one class, 0/0) silenced."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return function(*args, **kwargs)


def ours(undefined, method, *args, **kwargs):
    """Our value, with an UndefinedMetricWarning exactly when ``undefined``
    (every other warning is an error)."""
    if undefined:
        with pytest.warns(UndefinedMetricWarning):
            return method(*args, **kwargs)
    return method(*args, **kwargs)


# ---------------------------------------------------------------------------
# Random problems
# ---------------------------------------------------------------------------

BINARY_CLASSES = {  # label kind -> (lower, higher)
    "0/1": (0, 1), "-1/1": (-1, 1), "int": (-7, 4), "str": ("ham", "spam"),
    "bool": (False, True), "float": (1.0, 2.0),
}
IMPLIED = ("0/1", "-1/1", "bool")  # y_true of one class implies the pair, as scikit-learn
GRID = np.round(np.arange(11) / 10, 1).tolist()  # ties, and probabilities on the bin edges
EXTREMES = [0.0, 1e-300, 1e-17, 0.5, float(np.nextafter(1.0, 0.0)), 1.0]  # log loss clips
DECISIONS = [-2.0, -0.5, 0.0, 0.5, 3.0]  # decision values: scores, not probabilities


def draw_weight(draw, kind, n):
    """None, or weights of a kind: quarters (exact sums), other floats, integers
    (repetitions); zeros included, the sum positive."""
    if kind == "none":
        return None
    if kind == "quarters":
        weight = np.round(draw(hnp.arrays(np.float64, n, elements=st.floats(0, 4))) * 4) / 4
    elif kind == "floats":
        weight = draw(hnp.arrays(np.float64, n, elements=st.one_of(
            st.just(0.0), st.floats(1e-3, 10))))
    else:
        weight = draw(hnp.arrays(np.int64, n, elements=st.integers(0, 3))).astype(np.float64)
    weight[draw(st.integers(0, n - 1))] += 1.0
    return weight


def draw_scores(draw, shape, sources):
    source = draw(st.sampled_from(sources))
    if source == "uniform":  # tie-free
        return np.random.default_rng(draw(st.integers(0, 2**32 - 1))).uniform(size=shape)
    if source == "constant":
        return np.full(shape, draw(st.sampled_from(GRID)))
    values = {"grid": GRID, "extremes": EXTREMES, "decisions": DECISIONS}[source]
    return draw(hnp.arrays(np.float64, shape, elements=st.sampled_from(values)))


@dataclass
class Binary:
    y_true: np.ndarray
    p: np.ndarray  # the positive class's scores
    negative: object
    positive: object
    weight: Optional[np.ndarray]
    weights: str  # none, quarters, floats or integers
    matrix: bool  # passed as the two-column matrix [1 - p, p] (columns: negative, positive)
    options: dict  # labels, pos_label, threshold of from_scores

    @property
    def y_score(self):
        return np.column_stack([1 - self.p, self.p]) if self.matrix else self.p

    def build(self):
        return ClassificationMetric.from_scores(self.y_true, self.y_score,
                                                sample_weight=self.weight, **self.options)

    @property
    def is_positive(self):
        return self.y_true == self.positive

    @property
    def sides(self):
        """The weight of the positives and of the negatives."""
        weight = np.ones(len(self.p)) if self.weight is None else self.weight
        return weight[self.is_positive].sum(), weight[~self.is_positive].sum()

    @property
    def one_sided(self):
        return min(self.sides) == 0

    @property
    def sorted_classes(self):
        return sorted([self.negative, self.positive])

    def sorted_matrix(self):
        """The probabilities as scikit-learn's columns: of the sorted classes."""
        if self.positive == self.sorted_classes[1]:
            return np.column_stack([1 - self.p, self.p])
        return np.column_stack([self.p, 1 - self.p])


@st.composite
def binary_problems(draw, probabilities=True, weights=("none", "quarters", "floats"),
                    matrix=None, both_sides=False):
    """A binary problem, its 1-D scores (positive: the second sorted class, or named
    first or second by labels / pos_label) or two-column matrix (labels sorted or not)."""
    kind = draw(st.sampled_from(sorted(BINARY_CLASSES)))
    classes = np.array(BINARY_CLASSES[kind])
    if draw(st.integers(0, 5)) == 0:  # y_true of one class
        n = draw(st.integers(1, 60))
        codes = np.full(n, draw(st.integers(0, 1)))
    else:  # both classes
        n = draw(st.integers(2, 60))
        codes = draw(hnp.arrays(np.int64, n, elements=st.integers(0, 1)))
        codes[:2] = draw(st.permutations([0, 1]))
    both = len(set(codes.tolist())) == 2
    sources = ["grid", "uniform", "constant", "extremes"]
    p = draw_scores(draw, n, sources + (["decisions"] if not probabilities else []))
    weight_kind = draw(st.sampled_from(weights))
    weight = draw_weight(draw, weight_kind, n)
    as_matrix = draw(st.booleans()) if matrix is None else matrix
    low, high = classes.tolist()
    if as_matrix:
        way = draw(st.sampled_from(["sorted", "labels", "reversed"] if both else
                                   ["labels", "reversed"]))
        negative, positive = (high, low) if way == "reversed" else (low, high)
        options = {} if way == "sorted" else {"labels": [negative, positive]}
    else:
        ways = ["labels", "labels and pos_label"]
        ways += ["pos_label", "pos_label"] if both else []
        ways += ["default"] if both or kind in IMPLIED else []
        way = draw(st.sampled_from(ways))
        positive = high if way == "default" else draw(st.sampled_from([low, high]))
        negative = low if positive == high else high
        options = {"labels": {"labels": [negative, positive]},
                   "labels and pos_label": {"labels": [negative, positive],
                                            "pos_label": positive},
                   "pos_label": {"pos_label": positive}, "default": {}}[way]
        if draw(st.booleans()):  # the decision threshold changes no metric of scores
            options["threshold"] = draw(st.sampled_from(GRID + DECISIONS))
    problem = Binary(classes[codes], p, negative, positive, weight, weight_kind, as_matrix,
                     options)
    if both_sides:
        assume(not problem.one_sided)
    return problem


MULTICLASS_LABELS = {  # label kind -> the K classes, ascending
    "int": lambda k: np.arange(k) * 3 - 7,
    "str": lambda k: np.array([f"class_{c}" for c in range(k)]),
    "float": lambda k: np.arange(k) + 1.0,  # integral floats: labels
}


@dataclass
class Multiclass:
    y_true: np.ndarray
    codes: np.ndarray  # the column of each sample's class
    matrix: np.ndarray  # probabilities, rows summing to 1, columns in the order of `columns`
    columns: np.ndarray  # the class of each column: the evaluation's classes
    weight: Optional[np.ndarray]
    weights: str
    options: dict  # labels of from_scores

    def build(self):
        return ClassificationMetric.from_scores(self.y_true, self.matrix,
                                                sample_weight=self.weight, **self.options)

    @property
    def n_classes(self):
        return self.matrix.shape[1]

    @property
    def class_weights(self):
        """The weight of each column's class."""
        weight = np.ones(len(self.codes)) if self.weight is None else self.weight
        return np.bincount(self.codes, weights=weight, minlength=self.n_classes)

    @property
    def one_sided_classes(self):
        """Some class has no weight, or all of it: its one-vs-rest AUC is undefined."""
        support = self.class_weights
        return bool(((support == 0) | (support == support.sum())).any())

    @property
    def sorted_labels(self):
        return self.columns[np.argsort(self.columns)]

    def sorted_matrix(self):
        """The columns in the order of the sorted classes, as scikit-learn needs them."""
        return self.matrix[:, np.argsort(self.columns)]


@st.composite
def multiclass_problems(draw, weights=("none", "quarters", "floats"),
                        sources=("grid", "grid", "dirichlet", "constant")):
    """3 to 6 classes, mostly all in y_true, some dominant; probabilities: small integers
    over their row's sum (ties), Dirichlet rows (tie-free) or constant rows."""
    k = draw(st.integers(3, 6))
    every_class = draw(st.integers(0, 3)) > 0  # else some classes may be absent
    n = draw(st.integers(k if every_class else 1, 60))
    codes = draw(hnp.arrays(np.int64, n, elements=st.integers(0, k - 1)))
    if draw(st.booleans()):  # a dominant class
        mask = draw(hnp.arrays(bool, n, elements=st.sampled_from([True, True, True, False])))
        codes[mask] = draw(st.integers(0, k - 1))
    if every_class:
        codes[:k] = draw(st.permutations(range(k)))
    classes = MULTICLASS_LABELS[draw(st.sampled_from(sorted(MULTICLASS_LABELS)))](k)
    if len(set(codes.tolist())) == k and draw(st.booleans()):  # labels=None: sorted columns
        columns, options = classes, {}
    else:
        columns = classes[draw(st.permutations(range(k)))]
        options = {"labels": columns.tolist()}
    source = draw(st.sampled_from(sources))
    if source == "grid":
        counts = draw(hnp.arrays(np.int64, (n, k), elements=st.integers(0, 4)))
        counts[counts.sum(axis=1) == 0, draw(st.integers(0, k - 1))] = 1
        matrix = counts / counts.sum(axis=1, keepdims=True)
    elif source == "dirichlet":
        rng = np.random.default_rng(draw(st.integers(0, 2**32 - 1)))
        matrix = rng.dirichlet(np.ones(k), size=n)
    else:
        matrix = np.full((n, k), 1.0 / k)
    weight_kind = draw(st.sampled_from(weights))
    # codes so far name classes (ascending); the problem keeps each sample's column
    position = {label: j for j, label in enumerate(columns.tolist())}
    y_true = classes[codes]
    column_codes = np.array([position[label] for label in y_true.tolist()], dtype=np.int64)
    return Multiclass(y_true, column_codes, matrix, columns, draw_weight(draw, weight_kind, n),
                      weight_kind, options)


def repeated(problem):
    """Indices repeating each sample as often as its integer weight says."""
    return np.repeat(np.arange(len(problem.y_true)), problem.weight.astype(np.int64))


# ---------------------------------------------------------------------------
# Binary problems
# ---------------------------------------------------------------------------


@settings(max_examples=examples(100))
@given(binary_problems(probabilities=False))
def test_binary_roc_auc_and_average_precision_equal_scikit_learn(problem):
    cm = problem.build()
    y, p, w = problem.is_positive.astype(int), problem.p, problem.weight
    auc = sklearn(skm.roc_auc_score, y, p, sample_weight=w)
    same(ours(problem.one_sided, cm.roc_auc_score), auc)
    # average and multi_class do not change a binary problem
    same(ours(problem.one_sided, cm.AUC, average=None, multi_class="ovo"), auc)
    ap = sklearn(skm.average_precision_score, y, p, sample_weight=w)
    no_positives = problem.sides[0] == 0
    same(ours(no_positives, cm.average_precision_score), ap)
    same(ours(no_positives, cm.APS, average="micro"), ap)
    same(ours(no_positives, cm.APS, average=None), ap)


@settings(max_examples=examples(60))
@given(binary_problems(probabilities=False, both_sides=True),
       st.sampled_from([0.05, 0.1, 0.3, 0.5, 0.75, 1.0]))
def test_partial_roc_auc_is_mcclish_standardised_as_scikit_learn(problem, max_fpr):
    expected = sklearn(skm.roc_auc_score, problem.is_positive.astype(int), problem.p,
                       sample_weight=problem.weight, max_fpr=max_fpr)
    same(problem.build().AUC(max_fpr=max_fpr), expected)


def test_one_class_gives_nan_roc_auc_with_or_without_max_fpr():
    cm = ClassificationMetric.from_scores([1, 1, 1], [0.2, 0.6, 0.9])
    for options in ({}, {"max_fpr": 0.5}):
        expected = sklearn(skm.roc_auc_score, [1, 1, 1], [0.2, 0.6, 0.9], **options)
        assert math.isnan(expected)
        with pytest.warns(UndefinedMetricWarning, match="ROC AUC"):
            assert math.isnan(cm.AUC(**options))
    with pytest.warns(UndefinedMetricWarning, match="average precision is undefined"):
        assert ClassificationMetric.from_scores([0, 0], [0.3, 0.7]).APS() == 0.0
    assert skm.average_precision_score([1, 1, 0], [0.3, 0.7, 0.1]) == 1.0
    assert ClassificationMetric.from_scores([1, 1, 0], [0.3, 0.7, 0.1]).APS() == 1.0


@settings(max_examples=examples(60))
@given(binary_problems(probabilities=True))
def test_binary_log_loss_and_brier_score_equal_scikit_learn(problem):
    cm = problem.build()
    y, w, classes = problem.y_true, problem.weight, problem.sorted_classes
    if problem.positive == classes[1]:  # scikit-learn's 1-D form: the second class's
        probabilities = problem.p
    else:  # scores of the first class: the two-column form [p, 1 - p]
        probabilities = problem.sorted_matrix()
    for normalize in (True, False):
        expected = sklearn(skm.log_loss, y, probabilities, labels=classes, sample_weight=w,
                           normalize=normalize)
        same(cm.log_loss(normalize=normalize), expected)
    same(cm.LL(), sklearn(skm.log_loss, y, problem.sorted_matrix(), labels=classes,
                          sample_weight=w))
    for scale in ("auto", True, False):
        if problem.matrix:
            expected = sklearn(skm.brier_score_loss, y, problem.sorted_matrix(), labels=classes,
                               sample_weight=w, scale_by_half=scale)
        else:
            expected = sklearn(skm.brier_score_loss, y, problem.p, pos_label=problem.positive,
                               sample_weight=w, scale_by_half=scale)
        same(cm.brier_score_loss(scale_by_half=scale), expected)
    same(cm.BSL(), sklearn(skm.brier_score_loss, y, problem.p, pos_label=problem.positive,
                           sample_weight=w))


def test_log_loss_clips_certain_mistakes_as_scikit_learn():
    y, p = [0, 1, 1, 0], [1.0, 0.0, 1.0, 0.0]
    cm = ClassificationMetric.from_scores(y, p)
    same(cm.LL(), skm.log_loss(y, p))
    assert 18 < cm.LL() < 19  # -log(eps) / 2, not inf


@settings(max_examples=examples(80))
@given(binary_problems(probabilities=False, weights=("none", "quarters")))
def test_binary_curves_are_scikit_learn_arrays(problem):
    cm = problem.build()
    y, p = problem.y_true, problem.p
    common = dict(pos_label=problem.positive, sample_weight=problem.weight)
    no_positives = problem.sides[0] == 0
    for drop in (True, False):
        expected = sklearn(skm.roc_curve, y, p, drop_intermediate=drop, **common)
        same_arrays(ours(problem.one_sided, cm.roc_curve, drop_intermediate=drop), expected,
                    exact=True)
        expected = sklearn(skm.precision_recall_curve, y, p, drop_intermediate=drop, **common)
        same_arrays(ours(no_positives, cm.precision_recall_curve, drop_intermediate=drop),
                    expected, exact=True)
        if problem.one_sided:
            with pytest.raises(ValueError, match=r"det_curve is undefined: y_true has samples "
                                                 r"of one class only \(weight on one side\)"):
                cm.det_curve(drop_intermediate=drop)
        else:
            expected = sklearn(skm.det_curve, y, p, drop_intermediate=drop, **common)
            same_arrays(cm.det_curve(drop_intermediate=drop), expected, exact=True)
    same_arrays(ours(problem.one_sided, cm.roc_curve),
                sklearn(skm.roc_curve, y, p, **common), exact=True)  # drop by default
    same_arrays(ours(no_positives, cm.precision_recall_curve),
                sklearn(skm.precision_recall_curve, y, p, **common), exact=True)  # keep


@settings(max_examples=examples(60))
@given(binary_problems(probabilities=False, weights=("floats",)))
def test_binary_curves_with_any_weights_are_scikit_learn_arrays_to_rounding(problem):
    cm = problem.build()
    y, p = problem.y_true, problem.p
    common = dict(pos_label=problem.positive, sample_weight=problem.weight,
                  drop_intermediate=False)
    same_arrays(ours(problem.one_sided, cm.roc_curve, drop_intermediate=False),
                sklearn(skm.roc_curve, y, p, **common), exact=False)
    same_arrays(ours(problem.sides[0] == 0, cm.precision_recall_curve),
                sklearn(skm.precision_recall_curve, y, p, **common), exact=False)
    assume(not problem.one_sided)
    same_arrays(cm.det_curve(), sklearn(skm.det_curve, y, p, **common), exact=False)


@settings(max_examples=examples(40))
@given(binary_problems(probabilities=True, weights=("integers",)))
def test_binary_integer_weights_count_as_repeated_samples(problem):
    cm = problem.build()
    rows = repeated(problem)
    y, p, positive = problem.y_true[rows], problem.p[rows], problem.positive
    one_sided = problem.one_sided
    same(ours(one_sided, cm.AUC), sklearn(skm.roc_auc_score, (y == positive).astype(int), p))
    same(ours(problem.sides[0] == 0, cm.APS),
         sklearn(skm.average_precision_score, (y == positive).astype(int), p))
    same(cm.LL(), sklearn(skm.log_loss, y, problem.sorted_matrix()[rows],
                          labels=problem.sorted_classes))
    same(cm.BSL(), sklearn(skm.brier_score_loss, y, p, pos_label=positive))
    for drop in (True, False):
        same_arrays(ours(one_sided, cm.roc_curve, drop_intermediate=drop),
                    sklearn(skm.roc_curve, y, p, pos_label=positive, drop_intermediate=drop),
                    exact=True)
    same_arrays(ours(problem.sides[0] == 0, cm.precision_recall_curve),
                sklearn(skm.precision_recall_curve, y, p, pos_label=positive), exact=True)
    same_arrays(cm.calibration_curve(n_bins=7),
                sk_calibration_curve(y, p, pos_label=positive, n_bins=7), exact=False)


@settings(max_examples=examples(80))
@given(binary_problems(probabilities=True, weights=("none", "quarters", "floats", "integers")),
       st.integers(1, 12), st.sampled_from(["uniform", "quantile"]))
def test_binary_calibration_curve_and_ece_equal_their_oracles(problem, n_bins, strategy):
    cm = problem.build()
    y, p, w = problem.y_true, problem.p, problem.weight
    if w is not None and strategy == "quantile" and not np.array_equal(w, np.floor(w)):
        for query in (cm.calibration_curve, cm.ECE):
            with pytest.raises(ValueError, match='strategy="quantile" bins at the quantiles '
                                                 'of the samples, which sample weights that '
                                                 'are not whole numbers leave undefined'):
                query(n_bins=n_bins, strategy=strategy)
        strategy = "uniform"
    prob_true, prob_pred = cm.calibration_curve(n_bins=n_bins, strategy=strategy)
    if w is None:
        expected = sk_calibration_curve(y, p, pos_label=problem.positive, n_bins=n_bins,
                                        strategy=strategy)
    else:  # scikit-learn has no weights: the weighted bin means of the loop
        expected = calibration_bins(problem.is_positive, p, n_bins, strategy, w)[:2]
    same_arrays((prob_true, prob_pred), expected, exact=False)
    ece = expected_calibration_error(y, problem.y_score, labels=[problem.negative,
                                                                 problem.positive],
                                     pos_label=None if problem.matrix else problem.positive,
                                     n_bins=n_bins, strategy=strategy, sample_weight=w)
    same(cm.expected_calibration_error(n_bins=n_bins, strategy=strategy), ece,
         atol=CALIBRATION_ATOL)


def test_ece_of_a_small_example_by_hand():
    # bins [0, .5) and [.5, 1]: {0.1, 0.3} all negative, {0.6, 0.7} all positive
    cm = ClassificationMetric.from_scores([0, 0, 1, 1], [0.1, 0.3, 0.7, 0.6])
    same(cm.ECE(n_bins=2), 0.5 * abs(0 - 0.2) + 0.5 * abs(1 - 0.65))
    three = ClassificationMetric.from_scores(
        ["a", "b", "c"], [[0.6, 0.3, 0.1], [0.5, 0.4, 0.1], [0.2, 0.2, 0.6]])
    # confidences 0.6 (right), 0.5 (wrong), 0.6 (right); one bin [0, 1]
    same(three.ECE(n_bins=1), abs(2 / 3 - (0.6 + 0.5 + 0.6) / 3))


# ---------------------------------------------------------------------------
# Multiclass score matrices
# ---------------------------------------------------------------------------


@settings(max_examples=examples(50))
@given(multiclass_problems())
def test_multiclass_one_vs_rest_roc_auc_equals_scikit_learn(problem):
    cm = problem.build()
    common = dict(multi_class="ovr", labels=problem.sorted_labels, sample_weight=problem.weight)
    matrix, undefined = problem.sorted_matrix(), problem.one_sided_classes
    for average in ("macro", "weighted"):
        expected = sklearn(skm.roc_auc_score, problem.y_true, matrix, average=average, **common)
        same(ours(undefined, cm.roc_auc_score, average=average), expected)
    per_class = sklearn(skm.roc_auc_score, problem.y_true, matrix, average=None, **common)
    by_label = dict(zip(problem.sorted_labels.tolist(), per_class))
    same_per_class(ours(undefined, cm.AUC, average=None), problem.columns.tolist(),
                   [by_label[label] for label in problem.columns.tolist()])


@settings(max_examples=examples(50))
@given(multiclass_problems(weights=("none",)))
def test_multiclass_one_vs_one_roc_auc_equals_scikit_learn(problem):
    assume((problem.class_weights > 0).sum() >= 2)
    cm = problem.build()
    for average in ("macro", "weighted"):
        expected = sklearn(skm.roc_auc_score, problem.y_true, problem.sorted_matrix(),
                           multi_class="ovo", average=average, labels=problem.sorted_labels)
        same(cm.roc_auc_score(multi_class="ovo", average=average), expected)


def one_vs_one_by_pairs(problem, average):
    """Hand and Till over the classes with weight: each class pair's two AUCs
    summed over every (sample, sample) pair, weighted by the product of their
    weights, ties counting half; pairs averaged plainly or by their prevalence."""
    codes, matrix = problem.codes, problem.matrix
    weight = np.ones(len(codes)) if problem.weight is None else problem.weight
    support = problem.class_weights
    present = [c for c in range(problem.n_classes) if support[c] > 0]
    pair_aucs, prevalences = [], []
    for a, b in combinations(present, 2):
        aucs = []
        for first, second in ((a, b), (b, a)):
            own, other = codes == first, codes == second
            higher = matrix[own, first][:, None], matrix[other, first][None, :]
            wins = (higher[0] > higher[1]) + 0.5 * (higher[0] == higher[1])
            aucs.append(weight[own] @ wins @ weight[other] / (support[first] * support[second]))
        pair_aucs.append((aucs[0] + aucs[1]) / 2)
        prevalences.append((support[a] + support[b]) / support.sum())
    if average == "macro":
        return float(np.mean(pair_aucs))
    return float(np.average(pair_aucs, weights=prevalences))


@settings(max_examples=examples(60))
@given(multiclass_problems(weights=("quarters", "floats")))
def test_weighted_one_vs_one_roc_auc_equals_the_pair_loop(problem):
    assume((problem.class_weights > 0).sum() >= 2)
    cm = problem.build()
    for average in ("macro", "weighted"):
        same(cm.AUC(multi_class="ovo", average=average), one_vs_one_by_pairs(problem, average))


@settings(max_examples=examples(30))
@given(multiclass_problems(weights=("integers",)))
def test_multiclass_integer_weights_count_as_repeated_samples(problem):
    rows = repeated(problem)
    y, matrix, labels = problem.y_true[rows], problem.sorted_matrix()[rows], problem.sorted_labels
    cm = problem.build()
    assert cm.n_classes == len(labels)
    if (problem.class_weights > 0).sum() >= 2:
        for average in ("macro", "weighted"):
            expected = sklearn(skm.roc_auc_score, y, matrix, multi_class="ovo", average=average,
                               labels=labels)
            same(cm.AUC(multi_class="ovo", average=average), expected)
    else:
        with pytest.warns(UndefinedMetricWarning, match="fewer than two classes"):
            assert math.isnan(cm.AUC(multi_class="ovo"))
    same(ours(problem.one_sided_classes, cm.AUC),
         sklearn(skm.roc_auc_score, y, matrix, multi_class="ovr", labels=labels))
    same(cm.LL(), sklearn(skm.log_loss, y, matrix, labels=labels))
    same(cm.BSL(), sklearn(skm.brier_score_loss, y, matrix, labels=labels))
    same(cm.APS(average="micro"), sklearn(
        skm.average_precision_score, label_binarize(y, classes=labels), matrix, average="micro"))


def test_one_vs_one_needs_two_classes_in_y_true():
    cm = ClassificationMetric.from_scores([1, 1], [[0.2, 0.5, 0.3], [0.1, 0.1, 0.8]],
                                          labels=[0, 1, 2])
    with pytest.warns(UndefinedMetricWarning, match="fewer than two classes in y_true"):
        assert math.isnan(cm.AUC(multi_class="ovo"))


@settings(max_examples=examples(50))
@given(multiclass_problems())
def test_multiclass_average_precision_equals_scikit_learn_multilabel_form(problem):
    cm = problem.build()
    indicators = label_binarize(problem.y_true, classes=problem.columns)
    common = dict(sample_weight=problem.weight)
    absent = bool((problem.class_weights == 0).any())
    for average in ("macro", "weighted"):
        expected = sklearn(skm.average_precision_score, indicators, problem.matrix,
                           average=average, **common)
        same(ours(absent, cm.average_precision_score, average=average), expected)
    same(cm.APS(average="micro"), sklearn(skm.average_precision_score, indicators,
                                          problem.matrix, average="micro", **common))
    per_class = sklearn(skm.average_precision_score, indicators, problem.matrix, average=None,
                        **common)
    same_per_class(ours(absent, cm.APS, average=None), problem.columns.tolist(), per_class)


@settings(max_examples=examples(50))
@given(multiclass_problems())
def test_multiclass_log_loss_and_brier_score_equal_scikit_learn(problem):
    cm = problem.build()
    common = dict(labels=problem.sorted_labels, sample_weight=problem.weight)
    matrix = problem.sorted_matrix()
    for normalize in (True, False):
        same(cm.LL(normalize=normalize),
             sklearn(skm.log_loss, problem.y_true, matrix, normalize=normalize, **common))
    for scale in ("auto", True, False):
        same(cm.BSL(scale_by_half=scale), sklearn(skm.brier_score_loss, problem.y_true, matrix,
                                                  scale_by_half=scale, **common))


@settings(max_examples=examples(50))
@given(multiclass_problems(weights=("none", "quarters", "floats", "integers")), st.integers(1, 12),
       st.sampled_from(["uniform", "quantile"]))
def test_multiclass_calibration_curves_and_ece_equal_their_oracles(problem, n_bins, strategy):
    cm = problem.build()
    weight = problem.weight
    if weight is not None and strategy == "quantile" and not np.array_equal(weight,
                                                                           np.floor(weight)):
        with pytest.raises(ValueError, match=r'calibration_curve: strategy="quantile"'):
            cm.calibration_curve(n_bins=n_bins, strategy=strategy)
        with pytest.raises(ValueError, match=r'expected_calibration_error \(ECE\): strategy='):
            cm.ECE(n_bins=n_bins, strategy=strategy)
        strategy = "uniform"
    curves = cm.calibration_curve(n_bins=n_bins, strategy=strategy)
    assert list(curves) == problem.columns.tolist()
    for column, label in enumerate(problem.columns.tolist()):
        is_class = problem.y_true == label
        if weight is None:
            expected = sk_calibration_curve(is_class, problem.matrix[:, column], pos_label=True,
                                            n_bins=n_bins, strategy=strategy)
        else:
            expected = calibration_bins(is_class, problem.matrix[:, column], n_bins, strategy,
                                        weight)[:2]
        same_arrays(curves[label], expected, exact=False)
    expected = expected_calibration_error(problem.y_true, problem.matrix,
                                          labels=problem.columns.tolist(), n_bins=n_bins,
                                          strategy=strategy, sample_weight=weight)
    same(cm.ECE(n_bins=n_bins, strategy=strategy), expected, atol=CALIBRATION_ATOL)


def test_two_column_matrices_are_binary_problems_ranked_by_the_second_column():
    y = np.array(["b", "a", "a", "b", "a"])
    scores = np.array([[2.0, 1.0], [0.5, 3.0], [1.0, 1.0], [0.0, 0.2], [4.0, 2.0]])
    cm = ClassificationMetric.from_scores(y, scores)  # columns a, b: not probabilities
    same(cm.AUC(), skm.roc_auc_score(y == "b", scores[:, 1]))
    same(cm.APS(), skm.average_precision_score(y == "b", scores[:, 1]))
    same_arrays(cm.roc_curve(), skm.roc_curve(y, scores[:, 1], pos_label="b"), exact=True)
    with pytest.raises(NotProbabilities, match=r"log_loss \(LL\) needs probabilities"):
        cm.LL()
    reversed_columns = ClassificationMetric.from_scores(y, scores, labels=["b", "a"])
    same(reversed_columns.AUC(), skm.roc_auc_score(y == "a", scores[:, 1]))


def test_data_frame_columns_name_their_classes():
    rng = np.random.default_rng(7)
    y = np.array(["a", "b", "c"])[rng.integers(0, 3, 40)]
    proba = rng.dirichlet(np.ones(3), 40)  # columns a, b, c
    frame = pd.DataFrame(proba[:, [2, 0, 1]], columns=["c", "a", "b"])
    cm = ClassificationMetric.from_scores(pd.Series(y), frame)
    assert cm.labels.tolist() == ["c", "a", "b"]
    same(cm.AUC(), skm.roc_auc_score(y, proba, multi_class="ovr"))
    same(cm.AUC(multi_class="ovo"), skm.roc_auc_score(y, proba, multi_class="ovo"))
    same_per_class(cm.AUC(average=None), ["c", "a", "b"],
                   skm.roc_auc_score(y, proba, multi_class="ovr", average=None)[[2, 0, 1]])
    same(cm.LL(), skm.log_loss(y, proba))
    same(cm.BSL(), skm.brier_score_loss(y, proba))
    binary = np.where(y == "a", "no", "yes")
    p = proba[:, 0]
    named = ClassificationMetric.from_scores(pd.Series(binary), pd.DataFrame({"no": p}))
    assert named.labels.tolist() == ["no", "yes"]
    same(named.AUC(), skm.roc_auc_score(binary == "no", p))
    same(named.LL(), skm.log_loss(binary, np.column_stack([p, 1 - p])))
    same(named.BSL(), skm.brier_score_loss(binary, p, pos_label="no"))
    same_arrays(named.roc_curve(), skm.roc_curve(binary, p, pos_label="no"), exact=True)


# ---------------------------------------------------------------------------
# Real classifiers
# ---------------------------------------------------------------------------


def fitted(load, names):
    """A scaled logistic regression fitted on half a data set, and its probabilities of
    the other half (labels: the data set's class names, or its integer targets)."""
    data = load()
    y = data.target_names[data.target] if names else data.target
    model = make_pipeline(StandardScaler(), LogisticRegression(max_iter=5000))
    model.fit(data.data[::2], y[::2])
    return y[1::2], model.predict_proba(data.data[1::2]), model.classes_


@pytest.fixture(scope="module")
def breast_cancer():
    return fitted(load_breast_cancer, names=True)


def test_breast_cancer_probabilities_of_malignant(breast_cancer):
    y, proba, classes = breast_cancer
    assert classes.tolist() == ["benign", "malignant"]
    p = proba[:, 1]
    cm = ClassificationMetric.from_scores(y, p)  # the second sorted class is positive
    malignant = (y == "malignant").astype(int)
    same(cm.AUC(), skm.roc_auc_score(malignant, p))
    same(cm.AUC(max_fpr=0.2), skm.roc_auc_score(malignant, p, max_fpr=0.2))
    same(cm.APS(), skm.average_precision_score(y, p, pos_label="malignant"))
    same(cm.LL(), skm.log_loss(y, p))
    same(cm.BSL(), skm.brier_score_loss(y, p, pos_label="malignant"))
    for drop in (True, False):
        same_arrays(cm.roc_curve(drop_intermediate=drop),
                    skm.roc_curve(y, p, pos_label="malignant", drop_intermediate=drop), True)
        same_arrays(cm.precision_recall_curve(drop_intermediate=drop),
                    skm.precision_recall_curve(y, p, pos_label="malignant",
                                               drop_intermediate=drop), True)
        same_arrays(cm.det_curve(drop_intermediate=drop),
                    skm.det_curve(y, p, pos_label="malignant", drop_intermediate=drop), True)
    for strategy in ("uniform", "quantile"):
        same_arrays(cm.calibration_curve(n_bins=10, strategy=strategy),
                    sk_calibration_curve(y, p, pos_label="malignant", n_bins=10,
                                         strategy=strategy), exact=False)
        same(cm.ECE(strategy=strategy), expected_calibration_error(
            y, p, pos_label="malignant", strategy=strategy), atol=CALIBRATION_ATOL)
    matrix = ClassificationMetric.from_scores(y, proba)  # both columns: the same problem
    same(matrix.AUC(), skm.roc_auc_score(malignant, p))
    same(matrix.LL(), skm.log_loss(y, proba))
    same(matrix.BSL(), skm.brier_score_loss(y, proba, labels=classes))


def test_breast_cancer_probabilities_of_benign_name_their_class(breast_cancer):
    y, proba, _ = breast_cancer
    p = proba[:, 0]
    cm = ClassificationMetric.from_scores(y, p, pos_label="benign")
    benign = (y == "benign").astype(int)
    same(cm.AUC(), skm.roc_auc_score(benign, p))
    same(cm.APS(), skm.average_precision_score(y, p, pos_label="benign"))
    same(cm.LL(), skm.log_loss(y, np.column_stack([p, 1 - p])))
    same(cm.BSL(), skm.brier_score_loss(y, p, pos_label="benign"))
    same_arrays(cm.roc_curve(), skm.roc_curve(y, p, pos_label="benign"), exact=True)
    same_arrays(cm.det_curve(), skm.det_curve(y, p, pos_label="benign"), exact=True)
    same_arrays(cm.calibration_curve(),
                sk_calibration_curve(y, p, pos_label="benign"), exact=False)
    weight = np.arange(len(y)) % 4 / 4 + 0.25  # quarters: exact sums
    weighted = ClassificationMetric.from_scores(y, p, pos_label="benign", sample_weight=weight)
    same(weighted.AUC(), skm.roc_auc_score(benign, p, sample_weight=weight))
    same(weighted.APS(), skm.average_precision_score(benign, p, sample_weight=weight))
    same(weighted.BSL(), skm.brier_score_loss(y, p, pos_label="benign", sample_weight=weight))
    same_arrays(weighted.precision_recall_curve(), skm.precision_recall_curve(
        y, p, pos_label="benign", sample_weight=weight), exact=True)


@pytest.mark.parametrize("load, names", [(load_wine, False), (load_iris, True)],
                         ids=["wine", "iris"])
def test_multiclass_classifiers_equal_scikit_learn(load, names):
    y, proba, classes = fitted(load, names)
    cm = ClassificationMetric.from_scores(y, proba)
    assert cm.labels.tolist() == classes.tolist()
    for average in ("macro", "weighted"):
        for multi_class in ("ovr", "ovo"):
            same(cm.AUC(average=average, multi_class=multi_class),
                 skm.roc_auc_score(y, proba, average=average, multi_class=multi_class))
    same_per_class(cm.AUC(average=None), classes.tolist(),
                   skm.roc_auc_score(y, proba, average=None, multi_class="ovr"))
    indicators = label_binarize(y, classes=classes)
    for average in ("macro", "weighted", "micro"):
        same(cm.APS(average=average),
             skm.average_precision_score(indicators, proba, average=average))
    same_per_class(cm.APS(average=None), classes.tolist(),
                   skm.average_precision_score(indicators, proba, average=None))
    same(cm.LL(), skm.log_loss(y, proba))
    same(cm.BSL(), skm.brier_score_loss(y, proba))
    same(cm.BSL(scale_by_half=True), skm.brier_score_loss(y, proba, scale_by_half=True))
    curves = cm.calibration_curve(n_bins=8)
    for column, label in enumerate(classes.tolist()):
        same_arrays(curves[label], sk_calibration_curve(y == label, proba[:, column], n_bins=8),
                    exact=False)
    for strategy in ("uniform", "quantile"):
        same(cm.ECE(n_bins=15, strategy=strategy), expected_calibration_error(
            y, proba, n_bins=15, strategy=strategy), atol=CALIBRATION_ATOL)


# ---------------------------------------------------------------------------
# Functional forms and the summary
# ---------------------------------------------------------------------------


@settings(max_examples=examples(30))
@given(binary_problems(probabilities=True), st.data())
def test_functional_forms_of_binary_scores_equal_scikit_learn(problem, data):
    assume("pos_label" not in problem.options)  # functional forms name classes by labels
    y, p, w = problem.y_true, problem.p, problem.weight
    common = dict(labels=problem.options.get("labels"), sample_weight=w)
    y_score = problem.y_score
    same(ours(problem.one_sided, permetrics_lite.roc_auc_score, y, y_score, **common),
         sklearn(skm.roc_auc_score, problem.is_positive.astype(int), p, sample_weight=w))
    same(ours(problem.sides[0] == 0, permetrics_lite.average_precision_score, y, y_score,
              **common),
         sklearn(skm.average_precision_score, problem.is_positive.astype(int), p,
                 sample_weight=w))
    same(permetrics_lite.log_loss(y, y_score, normalize=False, **common),
         sklearn(skm.log_loss, y, problem.sorted_matrix(), labels=problem.sorted_classes,
                 sample_weight=w, normalize=False))
    same(permetrics_lite.brier_score_loss(y, y_score, **common),
         sklearn(skm.brier_score_loss, y, p, pos_label=problem.positive, sample_weight=w))
    n_bins = data.draw(st.integers(1, 10))
    same(permetrics_lite.expected_calibration_error(y, y_score, n_bins=n_bins, **common),
         expected_calibration_error(y, y_score, labels=[problem.negative, problem.positive],
                                    n_bins=n_bins, sample_weight=w), atol=CALIBRATION_ATOL)


@settings(max_examples=examples(20))
@given(multiclass_problems())
def test_functional_forms_of_score_matrices_equal_scikit_learn(problem):
    y, matrix = problem.y_true, problem.matrix
    common = dict(labels=problem.options.get("labels"), sample_weight=problem.weight)
    same(ours(problem.one_sided_classes, permetrics_lite.roc_auc_score, y, matrix,
              average="weighted", **common),
         sklearn(skm.roc_auc_score, y, problem.sorted_matrix(), multi_class="ovr",
                 average="weighted", labels=problem.sorted_labels, sample_weight=problem.weight))
    same(permetrics_lite.average_precision_score(y, matrix, average="micro", **common),
         sklearn(skm.average_precision_score, label_binarize(y, classes=problem.columns),
                 matrix, average="micro", sample_weight=problem.weight))
    same(permetrics_lite.log_loss(y, matrix, **common),
         sklearn(skm.log_loss, y, problem.sorted_matrix(), labels=problem.sorted_labels,
                 sample_weight=problem.weight))
    same(permetrics_lite.brier_score_loss(y, matrix, scale_by_half=False, **common),
         sklearn(skm.brier_score_loss, y, problem.sorted_matrix(), labels=problem.sorted_labels,
                 sample_weight=problem.weight, scale_by_half=False))
    same(permetrics_lite.expected_calibration_error(y, matrix, **common),
         expected_calibration_error(y, matrix, labels=problem.columns.tolist(),
                                    sample_weight=problem.weight), atol=CALIBRATION_ATOL)


def summary_rows(cm):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the summary's metrics of labels: 0/0 and the like
        summary = cm.summary()["value"]
    return {row: summary[row] for row in ("AUC", "APS", "LL", "BSL")}


@settings(max_examples=examples(25))
@given(binary_problems(probabilities=False))
def test_summary_of_binary_scores_has_their_metrics(problem):
    rows = summary_rows(problem.build())
    y, p, w = problem.is_positive.astype(int), problem.p, problem.weight
    same(rows["AUC"], sklearn(skm.roc_auc_score, y, p, sample_weight=w))
    same(rows["APS"], sklearn(skm.average_precision_score, y, p, sample_weight=w))
    if ((p >= 0) & (p <= 1)).all():
        same(rows["LL"], sklearn(skm.log_loss, problem.y_true, problem.sorted_matrix(),
                                 labels=problem.sorted_classes, sample_weight=w))
        same(rows["BSL"], sklearn(skm.brier_score_loss, problem.y_true, p,
                                  pos_label=problem.positive, sample_weight=w))
    else:
        assert math.isnan(rows["LL"]) and math.isnan(rows["BSL"])


@settings(max_examples=examples(20))
@given(multiclass_problems())
def test_summary_of_a_score_matrix_has_its_metrics(problem):
    rows = summary_rows(problem.build())
    matrix, labels, w = problem.sorted_matrix(), problem.sorted_labels, problem.weight
    same(rows["AUC"], sklearn(skm.roc_auc_score, problem.y_true, matrix, multi_class="ovr",
                              labels=labels, sample_weight=w))
    same(rows["APS"], sklearn(skm.average_precision_score,
                              label_binarize(problem.y_true, classes=labels), matrix,
                              sample_weight=w))
    same(rows["LL"], sklearn(skm.log_loss, problem.y_true, matrix, labels=labels,
                             sample_weight=w))
    same(rows["BSL"], sklearn(skm.brier_score_loss, problem.y_true, matrix, labels=labels,
                              sample_weight=w))


def test_summary_of_scores_that_are_not_probabilities():
    y = [0, 1, 2, 1]
    scores = np.array([[3.0, 1.0, 0.0], [0.0, 2.0, 1.0], [1.0, 0.0, 4.0], [1.0, 1.0, 0.5]])
    rows = summary_rows(ClassificationMetric.from_scores(y, scores))
    assert math.isnan(rows["AUC"]) and math.isnan(rows["LL"]) and math.isnan(rows["BSL"])
    same(rows["APS"], skm.average_precision_score(label_binarize(y, classes=[0, 1, 2]), scores))


# ---------------------------------------------------------------------------
# Bad input gets a clear error
# ---------------------------------------------------------------------------

BINARY = ([0, 1, 1, 0], [0.1, 0.8, 0.6, 0.3])
THREE = ([0, 1, 2, 1], np.array([[0.6, 0.3, 0.1], [0.2, 0.5, 0.3], [0.1, 0.2, 0.7],
                                 [0.3, 0.4, 0.3]]))
DECISIONS_1D = ([0, 1, 1, 0], [-0.5, 2.0, 0.6, 0.3])
UNNORMALISED = ([0, 1, 2], np.array([[0.6, 0.3, 0.2], [0.2, 0.5, 0.3], [0.1, 0.2, 0.7]]))
NEGATIVE = ([0, 1, 2], np.array([[1.2, -0.2, 0.0], [0.2, 0.5, 0.3], [0.1, 0.2, 0.7]]))
WEIGHTED = ([0, 1, 1, 0], [0.1, 0.8, 0.6, 0.3], [1.0, 2.0, 1.0, 0.5])

OUTSIDE = r"needs probabilities, and y_score holds values outside \[0, 1\] \(from -0.5 to 2.0\)"
ROWS = (r"needs probabilities, and y_score has 1 row\(s\) that do not sum to 1 \(within "
        r"1e-05\), the first row 0 summing to 1\.1\. Pass predict_proba")

BAD_QUERIES = [
    ("log loss of decision values", DECISIONS_1D, "LL", {}, NotProbabilities,
     r"log_loss \(LL\) " + OUTSIDE),
    ("brier score of decision values", DECISIONS_1D, "BSL", {}, NotProbabilities,
     r"brier_score_loss \(BSL\) " + OUTSIDE),
    ("ECE of decision values", DECISIONS_1D, "ECE", {}, NotProbabilities,
     r"expected_calibration_error \(ECE\) " + OUTSIDE),
    ("calibration of decision values", DECISIONS_1D, "calibration_curve", {},
     NotProbabilities, r"calibration_curve " + OUTSIDE),
    ("log loss of rows not summing to 1", UNNORMALISED, "LL", {}, NotProbabilities,
     r"log_loss \(LL\) " + ROWS),
    ("multiclass AUC of rows not summing to 1", UNNORMALISED, "AUC", {}, NotProbabilities,
     r"roc_auc_score \(AUC\) of a multiclass problem " + ROWS),
    ("one-vs-one AUC of rows not summing to 1", UNNORMALISED, "AUC", {"multi_class": "ovo"},
     NotProbabilities, r"roc_auc_score \(AUC\) of a multiclass problem needs probabilities"),
    ("brier score of negative probabilities", NEGATIVE, "BSL", {}, NotProbabilities,
     r"brier_score_loss \(BSL\) needs probabilities, and y_score holds values outside "
     r"\[0, 1\] \(from -0.2 to 1.2\)"),
    ("ECE of rows not summing to 1", UNNORMALISED, "ECE", {}, NotProbabilities,
     r"expected_calibration_error \(ECE\) " + ROWS),
    ("max_fpr zero", BINARY, "AUC", {"max_fpr": 0}, ValueError,
     r"max_fpr must be in \(0, 1\]; got 0\."),
    ("max_fpr above 1", BINARY, "AUC", {"max_fpr": 1.5}, ValueError,
     r"max_fpr must be in \(0, 1\]; got 1\.5\."),
    ("max_fpr negative", BINARY, "AUC", {"max_fpr": -0.1}, ValueError,
     r"max_fpr must be in \(0, 1\]; got -0\.1\."),
    ("max_fpr a string", BINARY, "AUC", {"max_fpr": "0.5"}, TypeError,
     r"max_fpr must be a real number in \(0, 1\]; got '0\.5'\."),
    ("max_fpr multiclass", THREE, "AUC", {"max_fpr": 0.5}, ValueError,
     r"max_fpr=0\.5 applies to binary problems; a multiclass score matrix has no partial "
     r"AUC\. Drop max_fpr\."),
    ("ovo per class", THREE, "AUC", {"multi_class": "ovo", "average": None}, ValueError,
     r'average=None needs multi_class="ovr": one-vs-one AUCs belong to pairs of classes'),
    ("unknown AUC average", THREE, "AUC", {"average": "micro"}, ValueError,
     r"average must be one of \['macro', 'weighted', None\]; got 'micro'\."),
    ("unknown AUC average of a binary problem", BINARY, "AUC", {"average": "samples"},
     ValueError, r"average must be one of \['macro', 'weighted', None\]; got 'samples'\."),
    ("unknown multi_class", THREE, "AUC", {"multi_class": "raise"}, ValueError,
     r"multi_class must be one of \['ovr', 'ovo'\]; got 'raise'\."),
    ("misspelt multi_class", THREE, "AUC", {"multi_class": "OVO"}, ValueError,
     r"multi_class must be one of \['ovr', 'ovo'\]; got 'OVO'\. Did you mean 'ovo'"),
    ("unknown APS average", THREE, "APS", {"average": "samples"}, ValueError,
     r"average must be one of \['macro', 'weighted', 'micro', None\]; got 'samples'\."),
    ("unknown strategy", BINARY, "ECE", {"strategy": "kmeans"}, ValueError,
     r"strategy must be one of \['uniform', 'quantile'\]; got 'kmeans'\."),
    ("unknown calibration strategy", BINARY, "calibration_curve", {"strategy": "Uniform"},
     ValueError, r"strategy must be one of \['uniform', 'quantile'\]; got 'Uniform'\. Did you "
                 r"mean 'uniform'"),
    ("no bins", BINARY, "ECE", {"n_bins": 0}, ValueError, r"n_bins must be >= 1; got 0\."),
    ("negative bins", BINARY, "calibration_curve", {"n_bins": -3}, ValueError,
     r"n_bins must be >= 1; got -3\."),
    ("fractional bins", BINARY, "ECE", {"n_bins": 2.5}, TypeError,
     r"n_bins must be an integer >= 1; got 2\.5\."),
    ("boolean bins", BINARY, "calibration_curve", {"n_bins": True}, TypeError,
     r"n_bins must be an integer >= 1; got True\."),
    ("string bins", BINARY, "ECE", {"n_bins": "10"}, TypeError,
     r"n_bins must be an integer >= 1; got '10'\."),
    ("weighted quantile ECE", WEIGHTED, "ECE", {"strategy": "quantile"}, ValueError,
     r'expected_calibration_error \(ECE\): strategy="quantile" bins at the quantiles of the '
     r'samples, which sample weights that are not whole numbers leave undefined \(a whole '
     r'number is that many repeated samples\)'),
    ("roc curve of a matrix", THREE, "roc_curve", {}, ValueError,
     r"roc_curve is the curve of a binary problem, and this evaluation's score matrix has 3 "
     r"classes"),
    ("precision-recall curve of a matrix", THREE, "precision_recall_curve", {}, ValueError,
     r"precision_recall_curve is the curve of a binary problem, .* has 3 classes"),
    ("det curve of a matrix", THREE, "det_curve", {}, ValueError,
     r"det_curve is the curve of a binary problem, .* has 3 classes"),
    ("det curve of one class", ([1, 1, 1], [0.2, 0.6, 0.4]), "det_curve", {}, ValueError,
     r"det_curve is undefined: y_true has samples of one class only"),
    ("drop_intermediate not a bool", BINARY, "roc_curve", {"drop_intermediate": 1}, ValueError,
     r"drop_intermediate must be True or False; got 1\."),
    ("normalize not a bool", BINARY, "LL", {"normalize": "yes"}, ValueError,
     r"normalize must be True or False; got 'yes'\."),
    ("scale_by_half not a bool", BINARY, "BSL", {"scale_by_half": "half"}, ValueError,
     r"scale_by_half must be True or False; got 'half'\. Or pass \"auto\""),
]


@pytest.mark.parametrize("data, query, options, error, message",
                         [case[1:] for case in BAD_QUERIES], ids=[c[0] for c in BAD_QUERIES])
def test_bad_queries_raise_with_a_clear_message(data, query, options, error, message):
    y_true, y_score, *weight = data
    cm = ClassificationMetric.from_scores(y_true, y_score,
                                          sample_weight=weight[0] if weight else None)
    with pytest.raises(error, match=message):
        getattr(cm, query)(**options)


def test_not_probabilities_is_a_value_error():
    assert issubclass(NotProbabilities, ValueError)
    with pytest.raises(ValueError, match=r"log_loss \(LL\) needs probabilities"):
        permetrics_lite.log_loss(*DECISIONS_1D)


SCORE_QUERIES = ["AUC", "APS", "LL", "BSL", "ECE", "calibration_curve", "roc_curve",
                 "precision_recall_curve", "det_curve"]


@pytest.mark.parametrize("query", SCORE_QUERIES)
def test_score_queries_refuse_evaluations_without_scores(query):
    name = getattr(ClassificationMetric, query).__name__
    message = re.escape(name) + r"( \([A-Z]+\))? needs scores, and this evaluation has none"
    scored = ClassificationMetric.from_scores(*BINARY)
    for evaluation in (ClassificationMetric([0, 1, 1], [0, 1, 0]),
                       ClassificationMetric.from_confusion_matrix([[2, 1], [0, 3]]),
                       scored + ClassificationMetric(BINARY[0], [0, 1, 0, 0])):
        with pytest.raises(ValueError, match=message + r": it was built from labels, from "
                                                       r"tallies"):
            getattr(evaluation, query)()


@pytest.mark.parametrize("y_true, pos_label", [([0, 1], True), ([0, 0], True), ([1, 1], True),
                                               ([0, 1], False), ([1, 1], False), ([0, 0], False)])
def test_a_boolean_pos_label_of_integer_classes_is_refused_clearly(y_true, pos_label):
    # a boolean names no class of [0, 1], whichever classes y_true holds
    with pytest.raises(ValueError, match=rf"pos_label={pos_label} is not a label of this "
                                         r"problem; its labels are \[0, 1\]"):
        ClassificationMetric.from_scores(y_true, [0.2, 0.7], pos_label=pos_label)
