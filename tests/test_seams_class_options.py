"""Every option that names a class is honoured by every query of the evaluation.

* ``pos_label`` (of the constructor or ``from_scores``), ``labels=[negative,
  positive]`` of 1-D scores and a DataFrame's column names choose the positive
  class of every binary metric, curve and table: the answers are those of the
  problem relabelled so that the class is the default positive (the second
  sorted), and scikit-learn's with that ``pos_label``;
* ``labels=`` in any order permutes the per-class results and the confusion
  matrix and changes nothing else; a score matrix's columns permuted with
  ``labels`` (or named by a DataFrame) change nothing.

Every registry row, curve and table is asked with each value of its options (the
table of ``tests.test_seams_weights``); answers are compared with each label
replaced by a name, so that ``{"a": x}`` of one evaluation is ``{1: x}`` of the
relabelled one.
"""

import warnings

import numpy as np
import pandas as pd
import pytest
from sklearn import metrics as skm
from sklearn.calibration import calibration_curve as sk_calibration_curve

from permetrics_lite import ClassificationMetric
from permetrics_lite.metrics import registry as _registry
from permetrics_lite.stats import intervals as _intervals
from tests import oracles
from tests.helpers import plain_id
from tests.test_seams_weights import (
    CURVES, FIXED, OPTION_VALUES, RTOL, TABLES, assert_same, defaults, plain, queries,
)

# labels as names: a frame's index of labels, and its columns of predicted labels
LABEL_INDEXES = ("label", "true")
LABEL_COLUMNS = ("predicted",)


def named(value, names):
    """A query's value with each label replaced by its name (``names``: label -> name),
    and what is keyed or indexed by label put in the order of the names."""
    by_text = {str(label): name for label, name in names.items()}
    if isinstance(value, pd.DataFrame):
        frame = value.copy()
        if value.index.name in LABEL_INDEXES:
            frame.index = [names[label] for label in value.index]
            frame = frame.sort_index()
        if value.columns.name in LABEL_COLUMNS:
            frame.columns = [names[label] for label in value.columns]
            frame = frame[sorted(frame.columns)]
        return {"index": frame.index.tolist(),
                **{column: plain(frame[column].to_numpy(), 1.0, False) for column in frame}}
    if isinstance(value, dict):
        keys = list(value)
        if all(key in names for key in keys):  # {label: value}
            return dict(sorted((names[key], named(v, names)) for key, v in value.items()))
        if all(key in by_text for key in keys[:len(names)]):  # classification_report
            return dict(sorted((by_text.get(key, key), named(v, names))
                               for key, v in value.items()))
        return {key: named(v, names) for key, v in value.items()}
    if isinstance(value, tuple):
        return tuple(named(v, names) for v in value)
    return plain(value, 1.0, False)


def answers(cm, names, **values):
    """{query: value} of every query (an error's type for a refusal), labels named by
    ``names``; the class options of the queries are every class, by name, and
    ``values`` replaces the values of other options."""
    to_label = {name: label for label, name in names.items()}
    values = {**OPTION_VALUES,
              "pos_label": lambda cm, row, default: [to_label[n] for n in sorted(to_label)],
              "as_frame": lambda cm, row, default: [],  # always True: labels name its rows
              **values}
    fixed = {name: {**FIXED.get(name, {}), "as_frame": True} for name in CURVES + TABLES
             + tuple(row.name for row in _registry.ALL_METRICS)}
    result = {}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # 0/0 and one-sided problems: the same on both sides
        for name, options in queries(cm, values, fixed):
            shown = ", ".join(f"{k}={names[v] if k == 'pos_label' else v!r}"
                              for k, v in options.items())
            try:
                value = getattr(cm, name)(**options)
            except (ValueError, TypeError) as error:
                result[f"{name}({shown})"] = f"raises {type(error).__name__}"
                continue
            result[f"{name}({shown})"] = named(value, names)
    return result


def assert_same_answers(actual, expected):
    assert sorted(actual) == sorted(expected)
    for key in expected:
        assert_same(actual[key], expected[key], where=key)


# ---------------------------------------------------------------------------
# The positive class of a binary problem
# ---------------------------------------------------------------------------

RNG = np.random.default_rng(20)
N = 40
Y_TRUE = RNG.choice(np.array(["a", "b"], dtype=object), N, p=[0.4, 0.6])
Y_PRED = np.where(RNG.random(N) < 0.7, Y_TRUE, RNG.choice(np.array(["a", "b"], dtype=object), N))
# the probability of "a": higher for the a's, with ties, never 0.5 (where a 1-D
# threshold and a matrix's argmax of equal columns could decide otherwise)
S_A = np.clip(np.round(RNG.normal(np.where(Y_TRUE == "a", 0.65, 0.4), 0.2), 2), 0.01, 0.99)
S_A[S_A == 0.5] = 0.51
SCORED_PRED = np.where(S_A >= 0.5, "a", "b").astype(object)
TO_NUMBERS = {"a": 1, "b": 0}  # "a" the second sorted class, the default positive
NAMES = {"a": "A", "b": "B"}
NUMBER_NAMES = {TO_NUMBERS[label]: name for label, name in NAMES.items()}


def relabelled(values):
    return np.array([TO_NUMBERS[v] for v in values.tolist()])


# Evaluations whose positive class is "a", each with the relabelled evaluation whose
# positive class is the default one: ("name", evaluation of "a", relabelled, y_pred)
POSITIVE_A = [
    ("labels, pos_label",
     lambda: ClassificationMetric(Y_TRUE, Y_PRED, pos_label="a"),
     lambda: ClassificationMetric(relabelled(Y_TRUE), relabelled(Y_PRED)), Y_PRED),
    ("1-D, pos_label",
     lambda: ClassificationMetric.from_scores(Y_TRUE, S_A, pos_label="a"),
     lambda: ClassificationMetric.from_scores(relabelled(Y_TRUE), S_A), SCORED_PRED),
    ("1-D, labels [negative, positive]",
     lambda: ClassificationMetric.from_scores(Y_TRUE, S_A, labels=["b", "a"]),
     lambda: ClassificationMetric.from_scores(relabelled(Y_TRUE), S_A), SCORED_PRED),
    ("1-D, DataFrame column name",
     lambda: ClassificationMetric.from_scores(Y_TRUE, pd.DataFrame({"a": S_A})),
     lambda: ClassificationMetric.from_scores(relabelled(Y_TRUE), S_A), SCORED_PRED),
    ("matrix, pos_label",
     lambda: ClassificationMetric.from_scores(Y_TRUE, np.column_stack([S_A, 1 - S_A]),
                                              pos_label="a"),
     lambda: ClassificationMetric.from_scores(relabelled(Y_TRUE),
                                              np.column_stack([1 - S_A, S_A])), SCORED_PRED),
    ("DataFrame matrix, pos_label",
     lambda: ClassificationMetric.from_scores(
         Y_TRUE, pd.DataFrame({"b": 1 - S_A, "a": S_A}), pos_label="a"),
     lambda: ClassificationMetric.from_scores(relabelled(Y_TRUE),
                                              np.column_stack([1 - S_A, S_A])), SCORED_PRED),
]
POSITIVE = pytest.mark.parametrize("build, relabelled_build, y_pred", [
    pytest.param(*case[1:], id=plain_id(case[0])) for case in POSITIVE_A])
SCORED_POSITIVE = pytest.mark.parametrize(
    "build", [pytest.param(case[1], id=plain_id(case[0])) for case in POSITIVE_A
              if case[3] is SCORED_PRED])
ONE_D_POSITIVE = pytest.mark.parametrize(  # the threshold curve's: of 1-D scores only
    "build", [pytest.param(case[1], id=plain_id(case[0])) for case in POSITIVE_A
              if case[0].startswith("1-D")])


@POSITIVE
def test_the_positive_class_is_the_default_positive_of_the_relabelled_problem(
        build, relabelled_build, y_pred):
    assert_same_answers(answers(build(), NAMES), answers(relabelled_build(), NUMBER_NAMES))


def one_vs_rest_counts(y_true, y_pred, positive):
    """(tp, fp, fn, tn) of ``positive``, by a loop over the samples."""
    tp = fp = fn = tn = 0
    for t, p in zip(y_true.tolist(), y_pred.tolist()):
        tp += t == positive and p == positive
        fp += t != positive and p == positive
        fn += t == positive and p != positive
        tn += t != positive and p != positive
    return tp, fp, fn, tn


@POSITIVE
def test_binary_metrics_of_the_positive_class_equal_the_oracles(build, relabelled_build, y_pred):
    cm = build()
    counts = one_vs_rest_counts(Y_TRUE, y_pred, "a")
    rows = [row for row in _registry.METRICS if "binary" in row.averages]
    assert rows
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for row in rows:
            undefined = {"zero_division": 0.0} if "zero_division" in defaults(row.name) else {}
            ours = getattr(cm, row.name)(average="binary", **undefined)
            exact = oracles.ONE_VS_REST[row.alias](*counts)
            assert_same(ours, 0.0 if exact is None else float(exact), where=row.alias)
            if row.alias in oracles.SET_WISE:
                beta = {"beta": 1.0} if "beta" in defaults(row.name) else {}  # FBS's default
                theirs = oracles.SET_WISE[row.alias](Y_TRUE, y_pred, pos_label="a",
                                                     zero_division=0.0, **beta)
                assert_same(ours, float(theirs), where=row.alias)


# scikit-learn's (or a loop's) value of each metric of binary scores, of the scores
# ``p`` of the class ``positive``
SCORE_ORACLES = {
    "TKA": lambda y, p, positive: np.mean((p >= 0.5) == (y == positive)),
    "AUC": lambda y, p, positive: skm.roc_auc_score(y == positive, p),
    "APS": lambda y, p, positive: skm.average_precision_score(y, p, pos_label=positive),
    "LL": lambda y, p, positive: skm.log_loss(y == positive, p),
    "BSL": lambda y, p, positive: skm.brier_score_loss(y, p, pos_label=positive),
    "ECE": lambda y, p, positive: oracles.expected_calibration_error(y, p, pos_label=positive),
}
CURVE_ORACLES = {
    "roc_curve": lambda y, p, positive: skm.roc_curve(y, p, pos_label=positive),
    "precision_recall_curve": lambda y, p, positive: skm.precision_recall_curve(
        y, p, pos_label=positive),
    "det_curve": lambda y, p, positive: skm.det_curve(y, p, pos_label=positive),
    "calibration_curve": lambda y, p, positive: sk_calibration_curve(
        y, p, pos_label=positive, n_bins=5),
}


def test_every_metric_of_scores_and_curve_has_an_oracle():
    assert sorted(SCORE_ORACLES) == sorted(row.alias for row in _registry.SCORE_METRICS)
    assert set(CURVE_ORACLES) <= set(CURVES)


@SCORED_POSITIVE
def test_metrics_and_curves_of_scores_of_the_positive_class_equal_scikit_learn(build):
    cm = build()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for row in _registry.SCORE_METRICS:
            assert_same(plain(getattr(cm, row.name)(), 1.0, False),
                        float(SCORE_ORACLES[row.alias](Y_TRUE, S_A, "a")), where=row.alias)
        for name, oracle in CURVE_ORACLES.items():
            theirs = tuple(np.asarray(part, dtype=np.float64)
                           for part in oracle(Y_TRUE, S_A, "a"))
            assert_same(plain(getattr(cm, name)(), 1.0, False), theirs, where=name)


@ONE_D_POSITIVE
def test_threshold_curve_of_the_positive_class_equals_a_loop(build):
    cm = build()
    curve = cm.threshold_curve(zero_division=np.nan)
    assert curve["threshold"].tolist() == sorted(set(S_A.tolist()))
    for row in curve.itertuples():
        y_pred = np.where(S_A >= row.threshold, "a", "b").astype(object)
        assert (row.tp, row.fp, row.fn, row.tn) == one_vs_rest_counts(Y_TRUE, y_pred, "a")
        assert row.recall == pytest.approx(
            skm.recall_score(Y_TRUE, y_pred, pos_label="a"), rel=RTOL)
        assert row.precision == pytest.approx(
            skm.precision_score(Y_TRUE, y_pred, pos_label="a", zero_division=np.nan),
            rel=RTOL, nan_ok=True)


# ---------------------------------------------------------------------------
# The order of the classes: labels=, and the columns of a score matrix
# ---------------------------------------------------------------------------

CLASSES = ["ant", "bee", "cat", "dog", "eel"]  # "eel" is in no sample
ORDERS = {
    "sorted": CLASSES,
    "reversed": CLASSES[::-1],
    "shuffled": ["cat", "eel", "ant", "dog", "bee"],
    "absent first": ["eel", "dog", "bee", "ant", "cat"],
}
MULTI_RNG = np.random.default_rng(21)
M_TRUE = MULTI_RNG.choice(np.array(CLASSES[:4], dtype=object), 60, p=[0.55, 0.25, 0.15, 0.05])
M_TRUE[:4] = CLASSES[:4]
_LOGITS = MULTI_RNG.normal(size=(60, 5)) + 2.0 * (M_TRUE[:, None] == np.array(CLASSES))
_LOGITS[:, 4] -= 3.0  # eel: unlikely, never the true class
M_SCORES = np.exp(_LOGITS) / np.exp(_LOGITS).sum(axis=1, keepdims=True)  # columns: CLASSES
M_PRED = np.where(MULTI_RNG.random(60) < 0.6, M_TRUE,
                  MULTI_RNG.choice(np.array(CLASSES, dtype=object), 60))
IDENTITY = {label: label for label in CLASSES}
# Cohen's kappa weights charge |i - j| for confusing the classes at positions i and j
# of labels: its weighted forms depend on the order (checked against scikit-learn below)
ORDER_FREE = {"weights": lambda cm, row, default: []}


def columns_in(order):
    return M_SCORES[:, [CLASSES.index(label) for label in order]]


BUILDS = {
    "labels": lambda order: ClassificationMetric(M_TRUE, M_PRED, labels=order),
    "score matrix": lambda order: ClassificationMetric.from_scores(
        M_TRUE, columns_in(order), labels=order),
    "DataFrame": lambda order: ClassificationMetric.from_scores(
        M_TRUE, pd.DataFrame(columns_in(order), columns=order)),
    # a DataFrame's columns are matched by name to labels in another order
    "DataFrame and labels": lambda order: ClassificationMetric.from_scores(
        M_TRUE, pd.DataFrame(columns_in(CLASSES[::-1]), columns=CLASSES[::-1]), labels=order),
}
ORDER = pytest.mark.parametrize("order", list(ORDERS.values()), ids=map(plain_id, ORDERS))
BUILD = pytest.mark.parametrize("build", list(BUILDS.values()), ids=map(plain_id, BUILDS))
_SORTED = {}


def sorted_answers(build):
    """The answers of the evaluation of labels, or of the plain score matrix, with the
    classes sorted (computed once)."""
    key = "labels" if build is BUILDS["labels"] else "score matrix"
    if key not in _SORTED:
        _SORTED[key] = answers(BUILDS[key](CLASSES), IDENTITY, **ORDER_FREE)
    return _SORTED[key]


@BUILD
@ORDER
def test_the_order_of_the_classes_permutes_the_classes_and_changes_nothing_else(build, order):
    cm = build(order)
    assert cm.labels.tolist() == order
    assert_same_answers(answers(cm, IDENTITY, **ORDER_FREE), sorted_answers(build))


@BUILD
@ORDER
def test_per_class_results_and_the_matrix_follow_the_order_as_scikit_learn(build, order):
    cm = build(order)
    y_pred = M_PRED if build is BUILDS["labels"] else np.array(order, dtype=object)[
        columns_in(order).argmax(axis=1)]
    np.testing.assert_array_equal(cm.CM(), skm.confusion_matrix(M_TRUE, y_pred, labels=order))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for alias, function in oracles.SET_WISE.items():
            ours = getattr(cm, alias)(average=None, zero_division=0.0)
            beta = {"beta": 1.0} if "beta" in defaults(alias) else {}  # FBS's default
            theirs = function(M_TRUE, y_pred, labels=order, average=None, zero_division=0.0,
                              **beta)
            assert list(ours) == order
            np.testing.assert_allclose(list(ours.values()), theirs, rtol=RTOL, err_msg=alias)
        for weights in ("linear", "quadratic"):
            assert cm.CKS(weights=weights) == pytest.approx(skm.cohen_kappa_score(
                M_TRUE, y_pred, labels=order, weights=weights), rel=RTOL)


# ---------------------------------------------------------------------------
# Intervals: the positive class that the scores imply is the one given as pos_label
# ---------------------------------------------------------------------------

Y_NUMBERS = relabelled(Y_TRUE)  # 1 where "a"
IMPLIED_POSITIVE = [  # (name, evaluation that implies the positive class, the same with pos_label)
    ("second sorted class",
     lambda: ClassificationMetric.from_scores(Y_TRUE, 1 - S_A),
     lambda: ClassificationMetric.from_scores(Y_TRUE, 1 - S_A, pos_label="b")),
    ("labels [negative, positive]",
     lambda: ClassificationMetric.from_scores(Y_TRUE, S_A, labels=["b", "a"]),
     lambda: ClassificationMetric.from_scores(Y_TRUE, S_A, labels=["b", "a"], pos_label="a")),
    ("numbers, labels [1, 0]",
     lambda: ClassificationMetric.from_scores(Y_NUMBERS, 1 - S_A, labels=[1, 0]),
     lambda: ClassificationMetric.from_scores(Y_NUMBERS, 1 - S_A, labels=[1, 0], pos_label=0)),
    ("DataFrame column name",
     lambda: ClassificationMetric.from_scores(Y_TRUE, pd.DataFrame({"a": S_A})),
     lambda: ClassificationMetric.from_scores(Y_TRUE, pd.DataFrame({"a": S_A}), pos_label="a")),
]
INTERVAL_WEIGHT = np.where(np.arange(N) % 3 == 0, 2.0, 1.0)


def interval_answers(cm):
    """The interval of every registry row of a positive class, by every method, with
    the evaluation's weights and with a query's own; an error's type for a refusal."""
    result = {}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for row in [row for row in _registry.ALL_METRICS if "pos_label" in defaults(row.name)]:
            for method in _intervals.METHODS:
                resampled = method in _intervals.RESAMPLING_METHODS
                options = dict(random_state=0, n_resamples=19) if resampled else {}
                for weight in (None, INTERVAL_WEIGHT):
                    key = f"{row.alias} {method} {'weighted' if weight is not None else ''}"
                    query = {} if weight is None else {"sample_weight": weight}
                    try:
                        result[key] = plain(tuple(cm.CI(row.alias, method=method, **options,
                                                        **query)), 1.0, False)
                    except (ValueError, TypeError) as error:
                        result[key] = f"raises {type(error).__name__}"
    return result


@pytest.mark.parametrize("implied, given", [
    pytest.param(*case[1:], id=plain_id(case[0])) for case in IMPLIED_POSITIVE])
def test_intervals_of_the_implied_positive_class_are_those_of_pos_label(implied, given):
    assert_same_answers(interval_answers(implied()), interval_answers(given()))


DERIVED = {  # evaluations of tallies derived from an evaluation: its groups and a sum
    "group 0": lambda cm: cm.by_group(np.arange(cm.n_samples) % 2)[0],
    "group 1": lambda cm: cm.by_group(np.arange(cm.n_samples) % 2)[1],
    "sum": lambda cm: cm + cm,
}


@pytest.mark.parametrize("derive", DERIVED.values(), ids=map(plain_id, DERIVED))
@pytest.mark.parametrize("implied, given", [
    pytest.param(*case[1:], id=plain_id(case[0])) for case in IMPLIED_POSITIVE])
def test_groups_and_sums_keep_the_implied_positive_class(implied, given, derive):
    implied, given = derive(implied()), derive(given())
    names = {label: str(label) for label in given.labels.tolist()}
    assert_same_answers(answers(implied, names), answers(given, names))
