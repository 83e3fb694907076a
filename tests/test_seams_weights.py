"""Sample weights count samples, for every query: the registry's metrics, the curves and
the tables, of evaluations of labels and of scores (1-D and matrices).

* integer weights equal the samples repeated (``np.repeat``), counts exactly;
* a zero weight equals the sample removed;
* every weight times 2**k changes no value beyond rounding (counts scale by 2**k);
* a query's own ``sample_weight`` equals the constructor's.

Every registry row is asked with each of its averages and each value of its other
options (the table ``OPTION_VALUES``, by parameter name); an answer that raises
must raise the same on both sides.
"""

import functools
import inspect
import warnings
from dataclasses import dataclass
from typing import Optional

import numpy as np
import pandas as pd
import pytest

from permetrics_lite import ClassificationMetric
from permetrics_lite.core import options as _options
from permetrics_lite.metrics import (
    registry as _registry, score_metrics as _score_metrics, tables as _tables,
)
from tests.helpers import SCORE_COLUMNS, SCORE_ROWS, interval_arrays, plain_id

RTOL = 1e-12
SCALES = (-1000, -600, -160, -1, 1, 160, 600, 1000)  # weights times 2**k
# The queries of an evaluation besides its metrics: curves and tables
CURVES = ("roc_curve", "precision_recall_curve", "det_curve", "calibration_curve",
          "threshold_curve", "best_threshold")
TABLES = ("report", "summary", "classification_report")
FIXED = {"classification_report": {"output_dict": True}}  # every call's options
COUNT_COLUMNS = set(_tables.COUNTS) | {"support"}  # columns that count weight
INTERVAL_OPTIONS = ("ci", "confidence", "n_resamples", "random_state")


def _other_bool(cm, row, default):
    return [not default]


def _positive_labels(cm, row, default):
    """The first class, and the last when the default (1) is not a label."""
    labels = cm.labels.tolist()
    return list(dict.fromkeys([labels[0]] + ([] if default in labels else [labels[-1]])))


# parameter -> the values (besides the default) it is asked with, from the
# evaluation, the registry row (None for curves and tables) and the default
OPTION_VALUES = {
    "average": lambda cm, row, default: [a for a in row.averages if a != default],
    "pos_label": _positive_labels,
    "normalize": lambda cm, row, default: (
        [not default] if isinstance(default, bool) else
        [v for v in _options.CM_NORMALIZE if v != default]),
    "adjusted": _other_bool,
    "weights": lambda cm, row, default: [w for w in _options.KAPPA_WEIGHTS if w != default],
    "beta": lambda cm, row, default: [0.5, 3.0],
    "zero_division": lambda cm, row, default: [np.nan],
    "k": lambda cm, row, default: sorted({2, cm.n_classes}),
    "multi_class": lambda cm, row, default: [m for m in _score_metrics.MULTI_CLASS
                                             if m != default],
    "max_fpr": lambda cm, row, default: [0.5],
    "n_bins": lambda cm, row, default: [3],
    # quantile bins are refused for weighted samples (and computed for repeated ones)
    "strategy": lambda cm, row, default: [],
    "scale_by_half": lambda cm, row, default: [True, False],
    "drop_intermediate": _other_bool,
    "metric": lambda cm, row, default: [r.alias for r in _registry.CURVE],
    "as_frame": lambda cm, row, default: [],  # the same matrix
    "digits": lambda cm, row, default: [],  # output_dict ignores it
    "target_names": lambda cm, row, default: [],
    "output_dict": lambda cm, row, default: [],  # always True here
    "sample_weight": lambda cm, row, default: [],  # the weights under test
    **{name: (lambda cm, row, default: []) for name in INTERVAL_OPTIONS},  # below
}


@functools.lru_cache(maxsize=None)
def defaults(name):
    """{parameter: default} of a method (its Default's value)."""
    parameters = inspect.signature(getattr(ClassificationMetric, name)).parameters
    return {parameter: _options.value_of(p.default)
            for parameter, p in list(parameters.items())[1:]}


def parameters(name):
    return list(defaults(name))


def option_sets(cm, name, row=None, values=OPTION_VALUES, fixed=FIXED):
    """The options a query is asked with: none, then each option's other values
    (``values``: parameter -> values, as ``OPTION_VALUES``), each with the ``fixed``
    options of the query."""
    always = {key: value for key, value in fixed.get(name, {}).items()
              if key in defaults(name)}
    sets = [dict(always)]
    for parameter, default in defaults(name).items():
        assert parameter in values, f"{name}: no values for option {parameter!r}"
        sets += [{**always, parameter: value}
                 for value in values[parameter](cm, row, default)]
    return sets


def queries(cm, values=OPTION_VALUES, fixed=FIXED):
    """(method, options) of every query: each registry row, curve and table."""
    for row in _registry.ALL_METRICS:
        for options in option_sets(cm, row.name, row, values, fixed):
            yield row.name, options
    for name in CURVES + TABLES:
        for options in option_sets(cm, name, None, values, fixed):
            yield name, options


def counts_weight(name, options):
    """Whether a query's value is a weight (scales with the weights), not a ratio."""
    if "normalize" not in parameters(name):
        return False
    normalize = options.get("normalize", defaults(name)["normalize"])
    return normalize is None or normalize is False


class Weights(np.ndarray):
    """Sums of weights (counts, unweighted) among a query's values, divided by their unit."""


def plain(value, unit, counts):
    """A query's value as float arrays, tuples and dicts; sums of weights (``counts``, or
    columns of them) divided by ``unit`` as :class:`Weights`. A summary leaves out
    its number of samples (not a sum of weights)."""
    if isinstance(value, pd.DataFrame):
        if list(value.columns) == ["value"]:  # a summary: a value per metric
            value = value["value"]
        else:
            return plain_frame(value, unit)
    if isinstance(value, pd.Series):
        return {key: plain(v, unit, False) for key, v in value.items() if key != "n_samples"}
    if isinstance(value, dict):
        return {key: plain(v, unit, counts or key in COUNT_COLUMNS) for key, v in value.items()}
    if isinstance(value, tuple):
        return tuple(plain(v, unit, counts) for v in value)
    if isinstance(value, (np.ndarray, bool, int, float, np.number)):
        array = np.asarray(value, dtype=np.float64)
        return (array / unit).view(Weights) if counts else array
    return value


def plain_frame(value, unit):
    """A table's columns as :func:`plain` values."""
    frame = {"index": value.index.tolist()}
    for column in value.columns:
        frame[column] = plain(value[column].to_numpy(), unit, column in COUNT_COLUMNS)
    return frame


def catalogue(cm, unit=1.0, query_weight=None):
    """Every answer of an evaluation ({query: value}; an error's type for a refusal), its
    weights divided by ``unit``. With ``query_weight``: the queries that take a
    ``sample_weight``, given that one."""
    answers = {}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # 0/0 and one-sided problems: the same on both sides
        for name, options in queries(cm):
            if query_weight is not None:
                if "sample_weight" not in parameters(name):
                    continue
                options = {**options, "sample_weight": query_weight}
            shown = ", ".join(f"{k}={v!r}" for k, v in options.items() if k != "sample_weight")
            try:
                value = getattr(cm, name)(**options)
            except (ValueError, TypeError) as error:
                answers[f"{name}({shown})"] = f"raises {type(error).__name__}"
                continue
            answers[f"{name}({shown})"] = plain(value, unit, counts_weight(name, options))
    return answers


def assert_same(actual, expected, exact=False, where=""):
    """Equal trees of answers: floats within RTOL (integral :class:`Weights` exactly,
    when ``exact``), nan for nan."""
    if isinstance(expected, dict):
        assert isinstance(actual, dict), where
        assert list(actual) == list(expected), where
        for key in expected:
            assert_same(actual[key], expected[key], exact, f"{where}[{key!r}]")
    elif isinstance(expected, tuple):
        assert isinstance(actual, tuple) and len(actual) == len(expected), where
        for i, (a, e) in enumerate(zip(actual, expected)):
            assert_same(a, e, exact, f"{where}[{i}]")
    elif isinstance(expected, (np.ndarray, float, np.floating)):
        if not isinstance(expected, np.ndarray):  # a number: of an oracle
            actual, expected = plain(actual, 1.0, False), plain(expected, 1.0, False)
        assert type(actual) is type(expected), (where, actual, expected)
        assert np.shape(actual) == np.shape(expected), (where, actual, expected)
        if np.array_equal(actual, expected, equal_nan=True):
            return
        counts = isinstance(expected, Weights) and np.all(expected == np.round(expected))
        if exact and counts:
            np.testing.assert_array_equal(actual, expected, err_msg=where)
        np.testing.assert_allclose(actual, expected, rtol=RTOL, atol=0, err_msg=where)
    else:
        assert actual == expected, (where, actual, expected)


def assert_same_answers(actual, expected, exact_counts=False):
    """The same queries with the same answers (counts exactly, with ``exact_counts``)."""
    assert list(actual) == list(expected)
    for key in expected:
        assert_same(actual[key], expected[key], exact_counts, key)


# ---------------------------------------------------------------------------
# Problems: fixed, seeded
# ---------------------------------------------------------------------------


@dataclass
class Case:
    name: str
    y_true: np.ndarray
    y_pred: np.ndarray
    scores: Optional[np.ndarray]  # 1-D (the positive class's) or one column per class
    labels: Optional[list]  # passed to both constructors when not None
    integers: np.ndarray  # integer weights, zeros included
    floats: np.ndarray  # positive real weights and zeros

    def evaluate(self, scored, weight, keep=slice(None), labels=None, **options):
        labels = self.labels if labels is None else labels
        if scored:
            return ClassificationMetric.from_scores(
                self.y_true[keep], self.scores[keep], labels=labels, sample_weight=weight,
                **options)
        return ClassificationMetric(self.y_true[keep], self.y_pred[keep], labels=labels,
                                    sample_weight=weight, **options)


def _case(name, classes, n, seed, prevalence=None, present=None, one_d=False, ties=False):
    """A problem of ``classes`` (those of ``present`` only in the data, when given):
    ``prevalence`` of each class, predictions right about 60% of the time, scores that
    favour the true class (probabilities; none for a single class, which scores
    cannot describe), and the two kinds of weights."""
    rng = np.random.default_rng(seed)
    classes = np.array(classes, dtype=object if isinstance(classes[0], str) else None)
    k = len(classes)
    in_data = np.arange(k) if present is None else np.asarray(present)
    p = None if prevalence is None else np.asarray(prevalence, dtype=float)
    codes = rng.choice(in_data, size=n, p=None if p is None else p / p.sum())
    codes[:len(in_data)] = in_data  # every class of the data is there
    noise = rng.choice(in_data, size=n)
    pred = np.where(rng.random(n) < 0.6, codes, noise)
    logits = rng.normal(size=(n, k)) + 1.5 * np.eye(k)[codes]
    if ties:
        logits = np.round(logits)
    matrix = np.exp(logits) / np.exp(logits).sum(axis=1, keepdims=True)
    scores = matrix[:, 1] / (matrix[:, 0] + matrix[:, 1]) if one_d else matrix
    scores = None if k == 1 else scores
    if ties and one_d:
        scores = np.round(scores, 1)
    integers = rng.integers(0, 4, size=n).astype(np.float64)
    integers[0] = 2.0  # a positive sum
    floats = np.where(rng.random(n) < 0.2, 0.0, rng.uniform(1e-3, 10, size=n))
    floats[0] = 1.5
    labels = None if present is None else classes.tolist()
    return Case(name, classes[codes], classes[pred], scores, labels, integers, floats)


def _multilabel_case(name, n, n_labels, seed):
    """Multilabel indicators (a DataFrame of named labels), about 20% of cells wrong."""
    rng = np.random.default_rng(seed)
    columns = [f"tag{j}" for j in range(n_labels)]
    true = rng.random((n, n_labels)) < 0.4
    pred = true ^ (rng.random((n, n_labels)) < 0.2)
    integers = rng.integers(0, 4, size=n).astype(np.float64)
    integers[0] = 2.0
    floats = np.where(rng.random(n) < 0.2, 0.0, rng.uniform(1e-3, 10, size=n))
    floats[0] = 1.5
    return Case(name, true.astype(np.int64), pred.astype(np.int64), None, columns, integers,
                floats)


CASES = [
    _multilabel_case("multilabel", 30, 4, 8),
    _case("one class", ["only"], 12, 7),
    _case("binary strings, 1-D", ["ham", "spam"], 40, 0, one_d=True),
    _case("binary booleans, 1-D ties", [False, True], 40, 1, one_d=True, ties=True),
    _case("binary 0/1, dominant, 1-D", [0, 1], 60, 2, prevalence=[0.95, 0.05], one_d=True),
    _case("binary strings, matrix", ["no", "yes"], 30, 3),
    _case("one class of two, 1-D", ["a", "b"], 20, 4, present=[1], one_d=True),
    _case("three strings, one absent", ["x", "y", "z"], 40, 5, present=[0, 2]),
    _case("many integers, dominant, ties", list(range(-4, 8)), 80, 6,
          prevalence=[30] + [1] * 11, ties=True),
]
# each problem's evaluation of labels, and of scores where it has them
EVALUATIONS = pytest.mark.parametrize("case, scored", [
    pytest.param(case, scored,
                 id=plain_id(f"{'scores' if scored else 'labels'} {case.name}"))
    for case in CASES for scored in (False, True)[:1 + (case.scores is not None)]])


# ---------------------------------------------------------------------------
# (a) integer weights are repeated samples; (b) a zero weight is a removed sample
# ---------------------------------------------------------------------------


@EVALUATIONS
def test_integer_weights_equal_repeated_samples(case, scored):
    weighted = case.evaluate(scored, case.integers)
    repeats = np.repeat(np.arange(len(case.y_true)), case.integers.astype(np.int64))
    repeated = case.evaluate(scored, None, repeats, labels=weighted.labels.tolist())
    assert_same_answers(catalogue(weighted), catalogue(repeated), exact_counts=True)


@EVALUATIONS
def test_zero_weight_equals_removing_the_sample(case, scored):
    weighted = case.evaluate(scored, case.floats)
    kept = case.floats > 0
    removed = case.evaluate(scored, case.floats[kept], kept, labels=weighted.labels.tolist())
    assert_same_answers(catalogue(weighted), catalogue(removed))


# ---------------------------------------------------------------------------
# (c) weights times a power of two
# ---------------------------------------------------------------------------


_UNSCALED = {}


def unscaled(case, scored):
    """The answers of the evaluation of the real weights (computed once)."""
    key = (case.name, scored)
    if key not in _UNSCALED:
        _UNSCALED[key] = catalogue(case.evaluate(scored, case.floats))
    return _UNSCALED[key]


@EVALUATIONS
@pytest.mark.parametrize("k", SCALES)
def test_scaling_every_weight_changes_nothing(case, scored, k):
    expected = unscaled(case, scored)
    scaled = case.evaluate(scored, case.floats * 2.0**k)
    assert_same_answers(catalogue(scaled, unit=2.0**k), expected)


# ---------------------------------------------------------------------------
# (d) a query's sample_weight is the constructor's
# ---------------------------------------------------------------------------


@EVALUATIONS
def test_query_weights_equal_constructor_weights(case, scored):
    weight = case.floats
    plain_evaluation = case.evaluate(scored, None)
    weighted = case.evaluate(scored, weight)
    # the tables leave out the metrics of scores for a query's own weights (documented)
    expected = {key: without_score_metrics(value) for key, value in
                catalogue(weighted).items()}
    actual = {key: without_score_metrics(value) for key, value in
              catalogue(plain_evaluation, query_weight=weight).items()}
    assert_same_answers(actual, {key: expected[key] for key in actual})


def without_score_metrics(value):
    """A table's answer without its metrics of scores."""
    if isinstance(value, dict):
        return {key: v for key, v in value.items() if key not in SCORE_ROWS | set(SCORE_COLUMNS)}
    return value


# ---------------------------------------------------------------------------
# Intervals of weighted evaluations: (c) scale invariance
# ---------------------------------------------------------------------------

BOOTSTRAP = dict(method="bootstrap", random_state=0, n_resamples=199)
INTERVAL_SCALES = (-1000, -160, 1000)  # 199 resamples per interval: a few scales
INTERVAL_CASE = next(case for case in CASES if case.name == "many integers, dominant, ties")


def intervals(cm, unit=1.0):
    """The bootstrap interval of every registry row (per class where it has classes);
    an error's type for a refusal."""
    answers = {}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for row in _registry.ALL_METRICS:
            options = {"average": None} if None in row.averages else {}
            try:
                answers[row.alias] = plain(interval_arrays(cm.CI(row.alias, **BOOTSTRAP,
                                                                  **options)),
                                           unit, counts_weight(row.name, options))
            except (ValueError, TypeError) as error:
                answers[row.alias] = f"raises {type(error).__name__}"
    return answers


@pytest.mark.parametrize("k", INTERVAL_SCALES)
def test_bootstrap_intervals_do_not_change_with_the_scale_of_the_weights(k):
    case = INTERVAL_CASE
    key = ("intervals", case.name)
    if key not in _UNSCALED:
        _UNSCALED[key] = intervals(case.evaluate(False, case.floats))
    scaled = intervals(case.evaluate(False, case.floats * 2.0**k), unit=2.0**k)
    assert_same_answers(scaled, _UNSCALED[key])


# ---------------------------------------------------------------------------
# The threshold curve of zero weights, against a loop over the thresholds
# ---------------------------------------------------------------------------


def test_scores_of_zero_weight_are_no_thresholds():
    y_true = np.array([0, 1, 0, 1, 1, 0])
    scores = np.array([0.1, 0.35, 0.4, 0.8, 0.05, 0.9])
    weight = np.array([0.0, 1.0, 1.0, 1.0, 0.0, 2.0])
    # the weighted accuracy of predicting positive at or above each score of weight
    thresholds = np.unique(scores[weight > 0])
    accuracy = np.array([np.sum(weight * ((scores >= t) == (y_true == 1))) / weight.sum()
                         for t in thresholds])
    best = int(np.argmax(accuracy))  # the first of equal ones: the lowest threshold
    assert (thresholds[best], accuracy[best]) == (0.35, 0.4)  # 0.8 ties, 0.05 and 0.1 weigh 0
    weighted = ClassificationMetric.from_scores(y_true, scores, sample_weight=weight)
    plain_evaluation = ClassificationMetric.from_scores(y_true, scores)
    for curve in (weighted.threshold_curve(),
                  plain_evaluation.threshold_curve(sample_weight=weight)):
        assert curve["threshold"].tolist() == thresholds.tolist()
        np.testing.assert_allclose(curve["accuracy"], accuracy, rtol=RTOL)
    assert weighted.best_threshold("AS") == (0.35, pytest.approx(0.4, rel=RTOL))
    assert plain_evaluation.best_threshold("AS", sample_weight=weight) == (
        0.35, pytest.approx(0.4, rel=RTOL))


# ---------------------------------------------------------------------------
# Weights held as objects: booleans beside numbers weigh as the numbers they are
# ---------------------------------------------------------------------------

_TRUE = np.array([0, 1, 1, 0, 1, 2])
_PRED = np.array([0, 1, 0, 0, 2, 2])
_SCORE = np.array([0.2, 0.9, 0.4, 0.1, 0.7, 0.6])


def _objects(*values):
    column = np.empty(len(values), dtype=object)
    column[:] = values
    return column


OBJECT_WEIGHTS = {  # pandas' kind of each: "mixed-integer", "mixed", "mixed"
    "booleans among ints": (_objects(True, 3, 1, False, 2, True), [1, 3, 1, 0, 2, 1]),
    "among ints and floats": (_objects(np.True_, np.int64(2), 0.5, 1, True, 4.0),
                              [1, 2, 0.5, 1, 1, 4]),
    "among numpy floats": (_objects(False, np.float32(1.5), True, 2.5, 1.0, True),
                           [0, 1.5, 1, 2.5, 1, 1]),
}
WEIGHT_ENTRY_POINTS = {
    "constructor": lambda w: ClassificationMetric(_TRUE, _PRED, sample_weight=w).report(),
    "query": lambda w: ClassificationMetric(_TRUE, _PRED).report(sample_weight=w),
    "from_scores": lambda w: ClassificationMetric.from_scores(
        _TRUE == 1, _SCORE, sample_weight=w).report(),
    "from_batches": lambda w: ClassificationMetric.from_batches(
        [(_TRUE[:2], _PRED[:2], w[:2]), (_TRUE[2:], _PRED[2:], w[2:])]).report(),
    "by_group": lambda w: ClassificationMetric(_TRUE, _PRED, sample_weight=w).by_group(
        np.array(["a", "b", "a", "b", "a", "b"])).frame(["AS", "HML", "NIR"]),
}


@pytest.mark.parametrize("entry", list(WEIGHT_ENTRY_POINTS))
@pytest.mark.parametrize("kind", list(OBJECT_WEIGHTS))
def test_object_weights_of_booleans_and_numbers_are_those_numbers(entry, kind):
    objects, numbers = OBJECT_WEIGHTS[kind]
    assert pd.api.types.infer_dtype(objects, skipna=False) in ("mixed-integer", "mixed")
    evaluate = WEIGHT_ENTRY_POINTS[entry]
    pd.testing.assert_frame_equal(evaluate(objects),
                                  evaluate(np.array(numbers, dtype=np.float64)))
