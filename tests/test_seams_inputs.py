"""Every entry point x every input type gives the numbers of the plain NumPy call.

Each entry point (the constructor, ``by_group``, ``a + b``, ``from_batches``,
``from_dask``, ``from_scores`` and the command line) is run on a fixed set of
seeded problems, its labels in each container of ``tests/inputs.py``, and every
answer is compared with the constructor's on the same samples as plain NumPy
arrays: ``labels``, ``n_samples``, ``summary()`` and every registry metric
(``CM`` among them) with its default options, ``average=None`` and a
``pos_label`` where the row takes them (metrics of scores: each of their
averages); each answer a value, or an error of the same type and message, with
the same warnings. Unweighted counts must be equal exactly; weighted ones
within ``RTOL``. Each input type meets each entry point on problems of every
label kind it holds, in turn, so that together they meet every problem (see
``problems_for``): the module runs in seconds.

The class order the NumPy call is given is the one ``docs/inputs.rst``
documents: ``labels=``, else a pandas Categorical's categories (used or not)
then the other labels sorted, else the sorted labels; a sum's classes follow
``docs/scale.rst`` (sorted when both sides are, else the first side's, then
the second's new ones).

A new entry point is one function and one row of ``ENTRY_POINTS``; a new
input type is one row of ``tests/inputs.py``.
"""

import inspect
import json
import math
import warnings
from dataclasses import dataclass
from typing import Callable, NamedTuple, Optional

import numpy as np
import pandas as pd
import pytest

from permetrics_lite import ClassificationMetric
from permetrics_lite.io import cli
from permetrics_lite.metrics import registry as _registry
from permetrics_lite.stats import intervals as _intervals
from tests.helpers import SCORE_ROWS, plain_id
from tests.inputs import (
    LABEL_INPUTS, SCORE_MATRICES, SCORE_VECTORS, LabelInput, reversed_with_unused,
)

RTOL = 1e-12  # weighted answers: sums of weights in another order
SCORE_TITLES = tuple(m.title.lower() for m in _registry.SCORE_METRICS)
PARAMETERS = {m.alias: inspect.signature(getattr(ClassificationMetric, m.name)).parameters
              for m in _registry.ALL_METRICS}


# --------------------------------------------------------------------------
# The problems: fixed, seeded, small
# --------------------------------------------------------------------------


@dataclass(frozen=True)
class Problem:
    name: str
    y_true: np.ndarray
    y_pred: np.ndarray
    weight: Optional[np.ndarray]
    labels: Optional[np.ndarray]  # labels=, or None
    groups: np.ndarray  # labels of the same kind, for by_group
    scores: Optional[str]  # "vector", "matrix" or None: the from_scores form it has

    @property
    def kind(self):
        return {"i": "int", "U": "str", "b": "bool"}[self.y_true.dtype.kind]

    @property
    def universe(self):
        """Every label of the problem, sorted (with the absent classes of labels=)."""
        found = [self.y_true, self.y_pred] + ([] if self.labels is None else [self.labels])
        return np.unique(np.concatenate(found))

    def __repr__(self):
        return self.name


def problem(name, classes, n, seed, *, pred_only=(), labels=None, weighted=False,
            scores=None):
    """Every class in y_true; predictions right about 60% of the time, else any of
    ``classes`` and ``pred_only``; weights in quarters (exact sums in any order)."""
    rng = np.random.default_rng(seed)
    classes = np.asarray(classes)
    true = rng.choice(classes, n)
    true[:len(classes)] = classes
    noise = rng.choice(np.concatenate([classes, np.asarray(pred_only, classes.dtype)]), n)
    pred = np.where(rng.random(n) < 0.6, true, noise)
    weight = rng.integers(1, 13, n) / 4 if weighted else None
    groups = rng.choice(classes[:2], n)  # up to two groups
    labels = None if labels is None else np.asarray(labels)
    return Problem(name, true, pred, weight, labels, groups, scores)


PROBLEMS = (
    problem("int 2 classes", [0, 1], 40, 1, scores="vector"),
    problem("int 6 classes weighted", [-7, -4, -1, 2, 5, 11], 60, 2, weighted=True,
            scores="matrix"),
    problem("str 5 classes one predicted only", ["ant", "bee", "cat", "dog", "eel"], 60, 3,
            pred_only=["fox"], scores="matrix"),
    problem("str 2 classes weighted", ["ham", "spam"], 40, 4, weighted=True, scores="vector"),
    problem("bool", [False, True], 30, 5, scores="vector"),
    problem("str 1 class", ["only"], 7, 6),
    problem("bool 1 class", [True], 6, 7, scores="vector"),
    problem("str labels with absent classes", ["ant", "bee", "cat", "dog"], 50, 8,
            labels=["dog", "zebra", "bee", "ant", "cat", "aardvark"], scores="matrix"),
    problem("int labels with an absent class weighted", [0, 1, 2], 30, 9,
            labels=[2, 0, 3, 1], weighted=True, scores="matrix"),
    problem("str 12 classes odd text", ["naïve", "two words", "x,y", "Ω", "A", "a", "b c",
                                        "quote\"d", "tab\tbed", "ß", "z", "é"], 70, 10),
)
BY_NAME = {p.name: p for p in PROBLEMS}


def case_id(*parts):
    """A test id of letters, digits and spaces, as ``tests.helpers.plain_id`` makes them."""
    return plain_id(" ".join(parts).replace("+", "plus"))


def np_labels(values):
    """A label list as the NumPy array the reference call gets."""
    return None if values is None else np.asarray(values)


# --------------------------------------------------------------------------
# Answers of an evaluation, and their comparison
# --------------------------------------------------------------------------


@dataclass(frozen=True)
class Raised:
    kind: str
    message: str


def plain(value):
    """A result as plain Python, types kept where == would hide them (True == 1)."""
    if isinstance(value, dict):
        return [(type(k).__name__, k, plain(v)) for k, v in value.items()]
    if isinstance(value, pd.DataFrame):
        return {"index": plain(value.index.tolist()), "columns": value.columns.tolist(),
                "values": plain(value.to_numpy().tolist())}
    if isinstance(value, pd.Series):
        return {"index": plain(value.index.tolist()), "values": plain(value.tolist())}
    if isinstance(value, np.ndarray):
        return ("array", value.dtype.kind, plain(value.tolist()))
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    if isinstance(value, np.generic):
        return plain(value.item())
    if isinstance(value, (bool, str)) or value is None:
        return (type(value).__name__, value)
    return value


def outcome(call):
    """``call()``'s result (or error) and its warnings."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            value = plain(call())
        except (ValueError, TypeError) as error:
            value = Raised(type(error).__name__, str(error))
    return value, sorted({f"{w.category.__name__}: {w.message}" for w in caught})


def variants(metric, classes, averages=(None,)):
    """The calls of a registry row: its defaults, the ``averages`` it takes (but its
    default), and pos_label the first class."""
    parameters = PARAMETERS[metric.alias]
    yield {}
    if "average" in parameters:
        for average in metric.averages:
            if average != metric.default_average and average in averages:
                yield {"average": average}
    if "pos_label" in parameters:
        for label in classes[:1]:
            yield {"pos_label": label}


def call_id(metric, options):
    return metric.alias + "(" + ", ".join(f"{k}={v!r}" for k, v in options.items()) + ")"


def of_labels(answer):
    """An answer without the warnings of the metrics of scores (report() and summary()
    of an evaluation of scores hold them too)."""
    value, caught = answer
    return value, [w for w in caught if not any(title in w.lower() for title in SCORE_TITLES)]


def label_answers(cm, classes):
    """Every query of labels, each with its outcome. ``classes``: the expected
    evaluation's, whose pos_label variants both sides are asked."""
    found = {
        "labels": outcome(lambda: cm.labels.tolist()),
        "n_samples": outcome(lambda: cm.n_samples),
        "summary": of_labels(outcome(lambda: cm.summary(zero_division=np.nan).drop(
            SCORE_ROWS, errors="ignore"))),
    }
    for metric in _registry.METRICS:
        for options in variants(metric, classes):
            method = getattr(cm, metric.alias)
            found[call_id(metric, options)] = outcome(lambda: method(**options))
    return found


def score_answers(cm):
    """Every query of scores, with its default options and each other average; the
    intervals of those a ranking gives one (a row's ``ranked``), by each method; and
    the stratified bootstrap of those with no proportion interval."""
    found = {}
    for metric in _registry.SCORE_METRICS:
        for options in variants(metric, [], metric.averages):
            method = getattr(cm, metric.alias)
            found[call_id(metric, options)] = outcome(lambda: method(**options))
        if metric.ranked is not None:
            for way in _intervals.RANKING_METHODS:
                found[f"{metric.alias} CI {way}"] = outcome(
                    lambda: tuple(cm.CI(metric.alias, method=way))[:3])
        if metric.proportion is None:
            found[f"{metric.alias} CI bootstrap"] = outcome(lambda: tuple(cm.CI(
                metric.alias, method="bootstrap", n_resamples=4, random_state=0))[:3])
    return found


def same(first, second, rtol):
    """Equal results: nan equals nan; floats within ``rtol`` when it is not 0."""
    if isinstance(first, float) and isinstance(second, float):
        if math.isnan(first) or math.isnan(second):
            return math.isnan(first) and math.isnan(second)
        return first == second or (rtol and math.isclose(first, second, rel_tol=rtol))
    if isinstance(first, (list, tuple)) and isinstance(second, (list, tuple)):
        return (type(first) is type(second) and len(first) == len(second)
                and all(same(a, b, rtol) for a, b in zip(first, second)))
    if isinstance(first, dict) and isinstance(second, dict):
        return first.keys() == second.keys() and all(same(first[k], second[k], rtol)
                                                     for k in first)
    return type(first) is type(second) and first == second


def assert_same_answers(found, expected, rtol=0.0):
    if list(found) != list(expected):  # one side refused to build: show what it said
        found, expected = ({name: answers[name] for name in list(answers)[:1]}
                           for answers in (found, expected))
        assert found == expected
    differ = {name: (found[name], expected[name]) for name in expected
              if not same(found[name], expected[name], rtol)}
    assert not differ, "answers that differ (found, expected):\n" + "\n".join(
        f"  {name}: {pair[0]!r}\n  {' ' * len(name)}  {pair[1]!r}" for name, pair in
        list(differ.items())[:8]) + (f"\n  ... {len(differ)} in all" if len(differ) > 8 else "")


def evaluated(build):
    """The evaluation ``build()`` gives, or its error."""
    try:
        return build()
    except (ValueError, TypeError) as error:
        return Raised(type(error).__name__, str(error))


def answers_of(evaluation, classes, of=label_answers):
    if isinstance(evaluation, Raised):
        return {"construction": (evaluation, [])}
    return of(evaluation, classes) if of is label_answers else of(evaluation)


def tolerance(problem):
    return RTOL if problem.weight is not None else 0.0


# --------------------------------------------------------------------------
# The reference: the constructor on NumPy arrays, in the documented class order
# --------------------------------------------------------------------------


def rows_of(problem, rows):
    return problem.y_true[rows], problem.y_pred[rows], (
        None if problem.weight is None else problem.weight[rows])


def fixed_order(problem, inputs, rows=slice(None)):
    """The classes in their documented order, or None for the sorted labels:
    labels=, else the categories of Categoricals (used or not), then the other labels."""
    if problem.labels is not None:
        return problem.labels.tolist()
    categories = [i.categories(problem.universe) for i in inputs if i.categories]
    if not categories:
        return None
    known = list(dict.fromkeys(c for found in categories for c in found))
    true, pred, _ = rows_of(problem, rows)
    return known + sorted((set(true.tolist()) | set(pred.tolist())) - set(known))


def classes_of(problem, inputs, rows=slice(None)):
    order = fixed_order(problem, inputs, rows)
    if order is not None:
        return order
    true, pred, _ = rows_of(problem, rows)
    return np.union1d(true, pred).tolist()


def is_sorted(labels):
    return all(a < b for a, b in zip(labels, labels[1:]))


def summed_classes(problem, inputs, parts):
    """The classes of a sum of evaluations of ``parts`` (docs/scale.rst)."""
    total = None
    for rows in parts:
        classes = classes_of(problem, inputs, rows)
        if total is None:
            total = classes
        elif is_sorted(total) and is_sorted(classes):
            total = sorted(set(total) | set(classes))
        else:
            total = total + [c for c in classes if c not in total]
    return total


_REFERENCES = {}


def reference(problem, rows=slice(None), classes=None, **options):
    """The answers of the constructor on plain NumPy arrays (cached: every input
    type is compared with the same ones)."""
    key = (problem.name, repr(rows), repr(classes), repr(options))
    if key not in _REFERENCES:
        true, pred, weight = rows_of(problem, rows)
        cm = evaluated(lambda: ClassificationMetric(true, pred, labels=np_labels(classes),
                                                    sample_weight=weight, **options))
        _REFERENCES[key] = (cm, answers_of(cm, [] if isinstance(cm, Raised)
                                           else cm.labels.tolist()))
    return _REFERENCES[key]


# --------------------------------------------------------------------------
# The entry points: each yields (what, the evaluation, the reference's rows and classes)
# --------------------------------------------------------------------------


def converted(problem, label_input, values):
    return label_input.convert(values, problem.universe)


def split(n, parts):
    """``parts`` consecutive slices of range(n), uneven, the first of one sample."""
    cuts = [0, 1] + [1 + (n - 1) * i // (parts - 1) for i in range(1, parts - 1)] + [n]
    return [slice(a, b) for a, b in zip(cuts, cuts[1:]) if b > a]


def constructor(problem, true_input, pred_input):
    yield "whole", lambda: ClassificationMetric(
        converted(problem, true_input, problem.y_true),
        converted(problem, pred_input, problem.y_pred),
        labels=problem.labels, sample_weight=problem.weight), slice(None), fixed_order(
        problem, (true_input, pred_input))


def by_group(problem, true_input, pred_input):
    """Each group against the constructor on its rows, over the classes of all of them."""
    classes = classes_of(problem, (true_input, pred_input))
    overall = evaluated(lambda: ClassificationMetric(
        converted(problem, true_input, problem.y_true),
        converted(problem, pred_input, problem.y_pred),
        labels=problem.labels, sample_weight=problem.weight))
    groups = converted(problem, true_input, problem.groups)
    grouped = evaluated(lambda: overall.by_group(groups))
    keys = pd.unique(problem.groups).tolist()
    # a pandas Categorical's groups in its categories' order, as pandas' groupby; else sorted
    categories = (pd.Series(groups).cat.categories.tolist()
                  if isinstance(getattr(groups, "dtype", None), pd.CategoricalDtype) else None)
    order = sorted(keys) if categories is None else [c for c in categories if c in keys]
    yield "groups", lambda: list(grouped), None, order
    for key in sorted(keys):
        yield f"group {key!r}", lambda key=key: grouped[key], problem.groups == key, classes


def summed(problem, true_input, pred_input):
    parts = split(len(problem.y_true), 2)
    pieces = [lambda rows=rows: ClassificationMetric(
        converted(problem, true_input, problem.y_true[rows]),
        converted(problem, pred_input, problem.y_pred[rows]), labels=problem.labels,
        sample_weight=rows_of(problem, rows)[2]) for rows in parts]
    yield "a + b", lambda: pieces[0]() + pieces[1](), slice(None), summed_classes(
        problem, (true_input, pred_input), parts)


def batches(problem, true_input, pred_input):
    parts = split(len(problem.y_true), 3)

    def chunks():
        for rows in parts:
            true, pred, weight = rows_of(problem, rows)
            yield (converted(problem, true_input, true), converted(problem, pred_input, pred)) \
                + (() if weight is None else (weight,))

    yield "from_batches", lambda: ClassificationMetric.from_batches(
        chunks(), labels=problem.labels), slice(None), summed_classes(
        problem, (true_input, pred_input), parts)


class EntryPoint(NamedTuple):
    run: Callable  # (problem, true input, pred input) -> (what, build, rows, classes) ...
    per_kind: int  # problems of each label kind an input type meets, in turn


ENTRY_POINTS = {
    "constructor": EntryPoint(constructor, per_kind=2),
    "by_group": EntryPoint(by_group, per_kind=1),
    "a + b": EntryPoint(summed, per_kind=1),
    "from_batches": EntryPoint(batches, per_kind=1),
}


def problems_for(kinds, per_kind, turn, having=lambda p: True):
    """The problems an input type meets: ``per_kind`` of each of its ``kinds``, from
    the ``turn``-th on (so that in turn the input types meet every problem)."""
    for kind in kinds:
        fitting = [p for p in PROBLEMS if p.kind == kind and having(p)]
        yield from [fitting[(turn + i) % len(fitting)] for i in range(min(per_kind,
                                                                           len(fitting)))]


def cases():
    for name, entry in ENTRY_POINTS.items():
        for turn, label_input in enumerate(LABEL_INPUTS):
            for p in problems_for(label_input.kinds, entry.per_kind, turn):
                yield pytest.param(name, label_input, label_input, p,
                                   id=case_id(name, label_input.name, p.name))
    # y_true and y_pred in containers of their own: a Categorical's order beside others
    mixed = [i for i in LABEL_INPUTS if i.name in ("numpy", "pandas Categorical",
                                                   "pyarrow dictionary", "polars")]
    pairs = [(t, p) for t in mixed for p in mixed if t is not p]
    for name in ("constructor", "by_group"):
        for turn, (true_input, pred_input) in enumerate(pairs):
            p = (BY_NAME["str 5 classes one predicted only"],
                 BY_NAME["str labels with absent classes"])[turn % 2]
            yield pytest.param(name, true_input, pred_input, p, id=case_id(
                name, true_input.name, "against", pred_input.name, p.name))


@pytest.mark.parametrize("entry, true_input, pred_input, problem", cases())
def test_entry_point_gives_the_numbers_of_plain_numpy(entry, true_input, pred_input, problem):
    for what, build, rows, classes in ENTRY_POINTS[entry].run(problem, true_input,
                                                                 pred_input):
        if rows is None:  # a plain value, not an evaluation
            assert evaluated(build) == classes, what
            continue
        expected_cm, expected = reference(problem, rows, classes)
        found = answers_of(evaluated(build), [] if isinstance(expected_cm, Raised)
                           else expected_cm.labels.tolist())
        assert_same_answers(found, expected, tolerance(problem))


# --------------------------------------------------------------------------
# from_scores: labels in every container, scores in every container
# --------------------------------------------------------------------------


def score_grid(problem, columns):
    """Probabilities of each sample for ``columns`` (a function of their set, whatever
    their order): in each row distinct multiples of 1/1024 summing to 1 exactly (and
    exact in float32), so that no argmax or rank depends on the order of the columns."""
    every = sorted(columns)
    rng = np.random.default_rng(len(problem.name))
    n, k = len(problem.y_true), len(every)
    # k - 1 distinct small parts (each below 1024 / k), the rest the largest part
    small = np.argsort(rng.random((n, 1024 // k - 1)), axis=1)[:, :k - 1] + 1
    parts = np.column_stack([small, 1024 - small.sum(axis=1)])
    grid = np.take_along_axis(parts, np.argsort(rng.random((n, k)), axis=1), axis=1) / 1024
    return grid[:, [every.index(c) for c in columns]]


def vector_scores(problem):
    rng = np.random.default_rng(len(problem.name) + 1)
    return rng.integers(0, 65, len(problem.y_true)) / 64  # ties, and 0.5 itself


IMPLIED_PAIRS = ((False, True), (0, 1), (-1, 1))  # one class of y_true implies the other


def binary_classes(problem, order):
    """The classes of an evaluation of 1-D scores, in order, and the positive one:
    labels=[negative, positive]; else the classes in their documented order (a
    Categorical's categories) or sorted, the one class of y_true naming its pair;
    the positive one the second of the sorted classes."""
    if problem.labels is not None:
        return problem.labels.tolist(), problem.labels.tolist()[1]
    classes = order if order is not None else np.unique(problem.y_true).tolist()
    if len(classes) == 1:
        classes = next(list(pair) for pair in IMPLIED_PAIRS
                       if classes[0] in pair and type(pair[0]) is type(classes[0]))
    return classes, (sorted(classes)[1] if len(classes) == 2 else None)


def score_columns(problem, label_input):
    """The classes of a plain matrix's columns: labels=, else the sorted categories of
    a Categorical y_true (used or not), else the sorted classes of y_true."""
    if problem.labels is not None:
        return problem.labels.tolist()
    if label_input.categories:
        return sorted(label_input.categories(problem.universe))
    return np.unique(problem.y_true).tolist()


def scored(problem, true_input, score_input):
    """(the from_scores evaluation to build, the reference evaluation of scores to
    build, whether the reference has the evaluation's class order, the constructor's
    arguments for the same decisions)."""
    true = converted(problem, true_input, problem.y_true)
    order = fixed_order(problem, [true_input])
    if problem.scores == "vector":
        scores = vector_scores(problem)
        classes, positive = binary_classes(problem, order)
        build = lambda: ClassificationMetric.from_scores(  # noqa: E731
            true, score_input.convert(scores, positive), labels=problem.labels,
            sample_weight=problem.weight)
        # classes other than two: the reference is refused as the input must be
        reference_scores = lambda: ClassificationMetric.from_scores(  # noqa: E731
            problem.y_true, scores.astype(score_input.dtype), sample_weight=problem.weight,
            labels=np_labels(problem.labels if positive is not None else classes))
        negative = next((c for c in classes if c != positive), None)
        decisions = dict(y_pred=np.where(scores >= 0.5, positive, negative), classes=classes,
                         pos_label=positive)
        return build, reference_scores, order is None, decisions
    columns = score_columns(problem, true_input)
    matrix = score_grid(problem, columns)
    container, named = score_input.convert(matrix, columns)
    classes = (problem.labels.tolist() if problem.labels is not None
               else named if named is not None else order if order is not None else columns)
    build = lambda: ClassificationMetric.from_scores(  # noqa: E731
        true, container, labels=problem.labels, sample_weight=problem.weight)
    in_order = score_grid(problem, classes)
    reference_scores = lambda: ClassificationMetric.from_scores(  # noqa: E731
        problem.y_true, in_order.astype(score_input.dtype), labels=np.asarray(classes),
        sample_weight=problem.weight)
    pred = np.asarray(classes)[in_order.argmax(axis=1)]
    decisions = dict(y_pred=pred, classes=classes, pos_label=None)
    return build, reference_scores, True, decisions


def sorted_dicts(found):
    """Score answers whose per-class dicts are compared whatever their class order."""
    def key_order(value):
        if isinstance(value, list) and value and all(
                isinstance(v, tuple) and len(v) == 3 for v in value):
            return sorted(value, key=repr)
        return value
    return {name: (key_order(value), caught) for name, (value, caught) in found.items()}


_SCORE_REFERENCES = {}


def score_reference(problem, reference_scores, decisions, dtype):
    """The expected answers of an evaluation of scores (cached): of labels, the
    constructor's on the decisions the scores make (1-D scores: their positive class
    the default pos_label); of scores, from_scores' on NumPy arrays. When that
    refuses the problem, the input must be refused the same way."""
    key = (problem.name, repr(decisions), np.dtype(dtype).name)
    if key not in _SCORE_REFERENCES:
        options = ({} if decisions["pos_label"] is None
                   else {"pos_label": decisions["pos_label"]})
        decided = evaluated(lambda: ClassificationMetric(
            problem.y_true, decisions["y_pred"], labels=np_labels(decisions["classes"]),
            sample_weight=problem.weight, **options))
        classes = [] if isinstance(decided, Raised) else decided.labels.tolist()
        reference = evaluated(reference_scores)
        labels = answers_of(reference if isinstance(reference, Raised) else decided, classes)
        _SCORE_REFERENCES[key] = (classes, labels,
                                  answers_of(reference, classes, of=score_answers))
    return _SCORE_REFERENCES[key]


def score_cases():
    """Labels in every container (numpy: with every problem of scores; the others with
    one of each kind, in turn) beside NumPy scores; scores in every container beside
    NumPy labels."""
    for turn, label_input in enumerate(LABEL_INPUTS):
        every = len(PROBLEMS) if label_input.name == "numpy" else 1
        for p in problems_for(label_input.kinds, every, turn, lambda p: p.scores):
            yield pytest.param(label_input, None, p, id=case_id(
                "from_scores", label_input.name, "numpy scores", p.name))
    numpy_input = next(i for i in LABEL_INPUTS if i.name == "numpy")
    for table, form in ((SCORE_VECTORS, "vector"), (SCORE_MATRICES, "matrix")):
        for score_input in table:
            for p in problems_for(score_input.kinds, len(PROBLEMS), 0,
                                  lambda p: p.scores == form):
                yield pytest.param(numpy_input, score_input, p, id=case_id(
                    "from_scores numpy", score_input.name, p.name))


@pytest.mark.parametrize("true_input, score_input, problem", score_cases())
def test_from_scores_gives_the_numbers_of_plain_numpy(true_input, score_input, problem):
    if score_input is None:
        score_input = next(i for i in (SCORE_VECTORS if problem.scores == "vector"
                                       else SCORE_MATRICES) if i.name == "numpy")
    build, reference_scores, ordered, decisions = scored(problem, true_input, score_input)
    evaluation = evaluated(build)
    classes, labels_expected, scores_expected = score_reference(problem, reference_scores,
                                                                decisions, score_input.dtype)
    assert_same_answers(answers_of(evaluation, classes), labels_expected, tolerance(problem))
    found, expected = answers_of(evaluation, classes, of=score_answers), scores_expected
    if not ordered:  # a Categorical's order: the reference cannot have it
        found, expected = sorted_dicts(found), sorted_dicts(expected)
    assert_same_answers(found, expected, RTOL)


# --------------------------------------------------------------------------
# from_dask: dask collections of a few containers (dask is slow to start: few cases)
# --------------------------------------------------------------------------


def dask_array(values, universe):
    import dask.array as da

    return da.from_array(np.asarray(values), chunks=len(values) // 3 + 1)


def dask_series(values, universe):
    import dask.dataframe as dd

    return dd.from_pandas(pd.Series(values), npartitions=3, sort=True)


def dask_categorical(values, universe):
    categories = reversed_with_unused(universe)
    return dask_series(pd.Categorical(values, categories=categories), universe)


class DaskInput(NamedTuple):
    name: str
    convert: Callable  # (labels, universe) -> a dask collection
    weights: Callable  # (weights, universe) -> a dask collection
    categories: Optional[Callable]  # as a LabelInput's: the classes it fixes
    problems: tuple  # the names of the problems it meets


DASK_INPUTS = (
    DaskInput("dask Array", dask_array, dask_array, None,
              ("int 6 classes weighted", "str labels with absent classes")),
    DaskInput("dask Series", dask_series, dask_series, None, ("bool", "str 2 classes weighted")),
    DaskInput("dask Series of a Categorical", dask_categorical, dask_series,
              reversed_with_unused, ("str 5 classes one predicted only",)),
)


def dask_cases():
    for dask_input in DASK_INPUTS:
        for p in map(BY_NAME.get, dask_input.problems):
            yield pytest.param(dask_input, p, id=case_id("from_dask", dask_input.name, p.name))


@pytest.mark.parametrize("dask_input, problem", dask_cases())
def test_from_dask_gives_the_numbers_of_plain_numpy(dask_input, problem):
    import dask

    universe, weight, convert = problem.universe, problem.weight, dask_input.convert
    with dask.config.set(scheduler="synchronous"), warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)  # dask's notes on object columns
        true, pred = convert(problem.y_true, universe), convert(problem.y_pred, universe)
        weights = None if weight is None else dask_input.weights(weight, universe)
        evaluation = evaluated(lambda: ClassificationMetric.from_dask(
            true, pred, weights, labels=problem.labels))
    # every block's classes: the sorted ones, labels=, or all the categories, in order
    inputs = [LabelInput(dask_input.name, convert, categories=dask_input.categories)]
    expected_cm, expected = reference(problem, slice(None), fixed_order(problem, inputs))
    classes = [] if isinstance(expected_cm, Raised) else expected_cm.labels.tolist()
    assert_same_answers(answers_of(evaluation, classes), expected, tolerance(problem))


# --------------------------------------------------------------------------
# The command line: a file of the problem, main() in this process
# --------------------------------------------------------------------------


LABEL_METRICS = [m.alias for m in _registry.METRICS]
SCORE_ALIASES = [m.alias for m in _registry.SCORE_METRICS]


def run_cli(tmp_path, capsys, *argv):
    """``permetrics-lite`` in this process: its status, its JSON output, its stderr."""
    out = tmp_path / "out.json"
    out.unlink(missing_ok=True)
    status = cli.main([str(a) for a in argv] + ["--output", str(out), "--quiet"])
    err = capsys.readouterr().err
    return status, json.loads(out.read_text()) if status == 0 else None, err


def flag_text(value):
    return str(value)


def as_json(value):
    """A result as the command line's JSON reads back: labels as text, nan as null."""
    if isinstance(value, dict):
        return {str(label): as_json(v) for label, v in value.items()}
    if isinstance(value, (list, tuple, np.ndarray)):
        return [as_json(v) for v in value]
    if isinstance(value, np.generic):
        value = value.item()
    return None if isinstance(value, float) and math.isnan(value) else value


def same_json(found, expected, rtol):
    """Equal JSON, dicts in any order; floats within ``rtol`` (or printed to 15
    significant digits, as the tables of the command line are)."""
    found, expected = as_json(found), as_json(expected)
    if isinstance(found, dict) and isinstance(expected, dict):
        return found.keys() == expected.keys() and all(
            same_json(found[k], expected[k], rtol) for k in found)
    if isinstance(found, list) and isinstance(expected, list):
        return len(found) == len(expected) and all(
            same_json(a, b, rtol) for a, b in zip(found, expected))
    if isinstance(found, float) and isinstance(expected, float):
        return found == expected or bool(rtol) and math.isclose(found, expected, rel_tol=rtol)
    return type(found) is type(expected) and found == expected


def written(problem, tmp_path, file_format, scores=None):
    """The problem in a file: columns t, p, w (weights), g (groups), and scores."""
    frame = pd.DataFrame({"t": problem.y_true, "p": problem.y_pred, "g": problem.groups})
    if problem.weight is not None:
        frame["w"] = problem.weight
    for name, column in (scores or {}).items():
        frame[name] = column
    path = tmp_path / f"problem.{file_format}"
    if file_format == "csv":
        frame.to_csv(path, index=False)
    else:
        frame.to_parquet(path, index=False)
    return path


def cli_options(problem):
    """The command's flags of the problem's weights and classes."""
    flags = [] if problem.weight is None else ["--weight", "w"]
    if problem.labels is not None:
        flags += ["--labels", *map(flag_text, problem.labels.tolist())]
    return flags


def check_cli_metrics(tmp_path, capsys, path, flags, metrics, reference_of, rtol):
    """``score`` of the metrics the reference answers gives its numbers (all in one
    command); the ones it refuses make the command fail."""
    reference_cm = reference_of()
    expected, refused = {}, []
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the command prints them: not compared here
        for alias in metrics:
            try:
                expected[alias] = getattr(reference_cm, alias)()
            except (ValueError, TypeError):
                refused.append(alias)
    status, found, err = run_cli(tmp_path, capsys, "score", path, *expected, *flags,
                                 "--format", "json")
    assert status == 0, err
    differ = {a: (found[a], expected[a]) for a in expected
              if not same_json(found[a], expected[a], rtol)}
    assert not differ, differ
    if refused:
        status, _, err = run_cli(tmp_path, capsys, "score", path, *refused, *flags,
                                 "--format", "json")
        assert status == 1 and "permetrics-lite: error:" in err, (refused, err)


CLI_OPTIONS = (  # the command's flags, and the same options for the constructor
    ((), {}),
    (("--average", "none"), {"average": None}),
)


def cli_cases():
    for p in PROBLEMS:
        yield pytest.param(p, "csv", id=case_id("command line csv", p.name))
    for p in PROBLEMS[::4]:
        yield pytest.param(p, "parquet", id=case_id("command line parquet", p.name))


@pytest.mark.parametrize("problem, file_format", cli_cases())
def test_command_line_gives_the_numbers_of_plain_numpy(problem, file_format, tmp_path, capsys):
    path = written(problem, tmp_path, file_format)
    flags = ["--true", "t", "--pred", "p", *cli_options(problem)]
    rtol = tolerance(problem)
    true, pred, weight = problem.y_true, problem.y_pred, problem.weight
    labels = np_labels(problem.labels)
    first = reference(problem)[0].labels.tolist()[0]
    for extra, options in CLI_OPTIONS + ((("--pos-label", flag_text(first)),
                                           {"pos_label": first}),):
        check_cli_metrics(tmp_path, capsys, path, [*flags, *extra], LABEL_METRICS,
                          lambda: ClassificationMetric(true, pred, labels=labels,
                                                       sample_weight=weight, **options), rtol)
    # report: the per-class table and the summary, printed to 15 significant digits
    status, found, err = run_cli(tmp_path, capsys, "report", path, *flags, "--format", "json",
                                 "--zero-division", "nan")
    assert status == 0, err
    cm = ClassificationMetric(true, pred, labels=labels, sample_weight=weight,
                              zero_division=np.nan)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the command prints them: not compared here
        report = cm.report().to_dict(orient="index")
        summary = {**cm.summary()["value"].to_dict(),  # the counts whole in JSON
                   "n_samples": cm.n_samples, "n_classes": cm.n_classes}
    assert same_json(found["report"], report, 1e-14)
    assert same_json(found["summary"], summary, 1e-14)
    # groups: one row per group, then their difference and ratio; of the metrics that
    # give one number with average="macro"
    macro = ClassificationMetric(true, pred, labels=labels, sample_weight=weight,
                                 average="macro", zero_division=np.nan)
    metrics = [alias for alias in LABEL_METRICS
               if isinstance(outcome(getattr(macro, alias))[0], float)]
    status, found, err = run_cli(tmp_path, capsys, "score", path, *metrics, *flags, "--group",
                                 "g", "--average", "macro", "--zero-division", "nan",
                                 "--format", "json")
    assert status == 0, err
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        expected = macro.by_group(problem.groups).frame(metrics).to_dict(orient="index")
    assert same_json({key: found[key] for key in as_json(expected)}, expected, 1e-14)


def cli_score_cases():
    for p in PROBLEMS:
        if p.scores is not None:
            yield pytest.param(p, id=case_id("command line scores", p.name))


@pytest.mark.parametrize("problem", cli_score_cases())
def test_command_line_scores_give_the_numbers_of_plain_numpy(problem, tmp_path, capsys):
    true, weight = problem.y_true, problem.weight
    if problem.scores == "vector":
        scores = vector_scores(problem)
        classes, positive = binary_classes(problem, None)
        path = written(problem, tmp_path, "csv", {"s": scores})
        flags = ["--scores", "s"]
        options = {} if problem.labels is not None or len(np.unique(true)) == 1 else {
            "pos_label": positive}
        reference_of = lambda: ClassificationMetric.from_scores(  # noqa: E731
            true, scores, labels=np_labels(problem.labels), sample_weight=weight, **options)
    else:
        classes = (problem.labels.tolist() if problem.labels is not None
                   else _shuffled_classes(np.unique(true).tolist()))
        grid = score_grid(problem, classes)
        names = [flag_text(c) for c in classes]
        path = written(problem, tmp_path, "csv", dict(zip(names, grid.T)))
        flags = ["--scores", *names]
        reference_of = lambda: ClassificationMetric.from_scores(  # noqa: E731
            true, grid, labels=np.asarray(classes), sample_weight=weight)
    flags = ["--true", "t", *flags, *cli_options(problem)]
    check_cli_metrics(tmp_path, capsys, path, flags, LABEL_METRICS + SCORE_ALIASES,
                      reference_of, tolerance(problem) or RTOL)


def _shuffled_classes(classes):
    """The classes in an order of their own: the --scores order is the class order."""
    return classes[1:] + classes[:1]


# --------------------------------------------------------------------------
# Pinned: inputs that once failed, each against scikit-learn or a loop
# --------------------------------------------------------------------------


def brute_matrix(y_true, y_pred, classes, weight=None):
    """The confusion matrix, one sample at a time."""
    matrix = np.zeros((len(classes), len(classes)), dtype=int if weight is None else float)
    for i, (t, p) in enumerate(zip(y_true, y_pred)):
        matrix[classes.index(t), classes.index(p)] += 1 if weight is None else weight[i]
    return matrix


def test_a_polars_data_frame_of_one_column_is_its_column():
    import polars as pl

    y_true, y_pred = ["b", "a", "c", "a", "b"], ["b", "a", "a", "a", "c"]
    cm = ClassificationMetric(pl.DataFrame({"label": y_true}), pl.DataFrame({"label": y_pred}))
    assert cm.labels.tolist() == ["a", "b", "c"]
    np.testing.assert_array_equal(cm.CM(), brute_matrix(y_true, y_pred, ["a", "b", "c"]))
    assert cm.AS() == 3 / 5


@pytest.mark.parametrize("frame", ["polars", "pyarrow"])
def test_multilabel_polars_and_arrow_frames_name_their_labels_as_pandas_does(frame):
    import polars as pl
    import pyarrow as pa

    true = {"spam": [1, 0, 1, 1], "urgent": [0, 0, 1, 0], "work": [1, 1, 0, 0]}
    pred = {"spam": [1, 1, 1, 0], "urgent": [0, 0, 1, 1], "work": [1, 0, 0, 0]}
    build = {"polars": pl.DataFrame, "pyarrow": pa.table}[frame]
    cm = ClassificationMetric(build(true), build(pred))
    assert cm.is_multilabel and cm.labels.tolist() == ["spam", "urgent", "work"]
    accuracy = {name: np.trace(brute_matrix(true[name], pred[name], [0, 1])) / 4
                for name in true}
    assert cm.PCA() == accuracy == {"spam": 0.5, "urgent": 0.75, "work": 0.75}
    assert ClassificationMetric(pd.DataFrame(true), pd.DataFrame(pred)).PCA() == cm.PCA()


def test_from_dask_pairs_series_of_other_partitions_by_their_rows():
    import dask
    import dask.dataframe as dd

    rng = np.random.default_rng(4)
    y_true, y_pred = rng.choice(["a", "b", "c"], 60), rng.choice(["a", "b", "c"], 60)
    weight = rng.integers(1, 5, 60) / 2
    # as many partitions, cut at other rows: y_pred's first holds 10 rows, y_true's 30
    true = dd.from_pandas(pd.Series(y_true), npartitions=2)
    pred = dd.from_pandas(pd.Series(y_pred), npartitions=2).repartition(divisions=[0, 10, 59])
    weights = dd.from_pandas(pd.Series(weight), npartitions=2).repartition(
        divisions=[0, 45, 59])
    with dask.config.set(scheduler="synchronous"), warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)  # dask's note on string columns
        cm = ClassificationMetric.from_dask(true, pred, weights)
    np.testing.assert_array_equal(cm.CM(), brute_matrix(y_true, y_pred, ["a", "b", "c"],
                                                        weight))
    assert cm.n_samples == 60


def test_command_line_keeps_the_class_order_of_a_parquet_categorical(tmp_path, capsys):
    rng = np.random.default_rng(5)
    true, pred = rng.choice(["low", "mid", "high"], 50), rng.choice(["low", "mid", "high"], 50)
    order = ["low", "mid", "high", "extreme"]  # not sorted, and "extreme" never occurs
    frame = pd.DataFrame({"t": pd.Categorical(true, categories=order),
                          "p": pd.Categorical(pred, categories=order)})
    path = tmp_path / "levels.parquet"
    frame.to_parquet(path)
    assert pd.read_parquet(path)["t"].cat.categories.tolist() == order  # what the file holds
    status, found, err = run_cli(tmp_path, capsys, "score", path, "CM", "PCA", "--true", "t",
                                 "--pred", "p", "--format", "json")
    assert status == 0, err
    assert found["CM"] == brute_matrix(true, pred, order).tolist()
    assert list(found["PCA"]) == order
    assert found["PCA"] == ClassificationMetric(frame["t"], frame["p"]).PCA()


def test_command_line_messages_name_a_flag_once(tmp_path, capsys):
    path = tmp_path / "three.csv"
    pd.DataFrame({"t": ["a", "b", "c"], "p": ["a", "c", "c"]}).to_csv(path, index=False)
    status, _, err = run_cli(tmp_path, capsys, "score", path, "PS", "--true", "t", "--pred", "p")
    assert status == 1
    assert err.rstrip().endswith("one of none, micro, macro, weighted; --average none "
                                 "gives every class."), err
    assert "---" not in err


@pytest.mark.parametrize("frame", ["polars", "pyarrow"])
def test_groups_in_a_polars_or_arrow_frame_of_several_columns(frame):
    import polars as pl
    import pyarrow as pa

    y_true, y_pred = [0, 1, 1, 0, 1, 0, 1], [0, 1, 0, 0, 1, 1, 1]
    region, channel = ["x", "x", "y", "y", "x", "y", "y"], [1, 2, 1, 2, 1, 2, 2]
    build = {"polars": pl.DataFrame, "pyarrow": pa.table}[frame]
    groups = build({"region": region, "channel": channel})
    # y_true indexed other than 0..N-1: a frame without an index pairs rows by position
    cm = ClassificationMetric(pd.Series(y_true, index=range(10, 17)), y_pred)
    found = cm.by_group(groups).frame(["AS"])
    assert found.index.names == ["region", "channel"]
    expected = {}
    for key in sorted(set(zip(region, channel))):
        rows = [i for i, k in enumerate(zip(region, channel)) if k == key]
        expected[key] = sum(y_true[i] == y_pred[i] for i in rows) / len(rows)
    assert found["AS"].to_dict() == expected == {("x", 1): 1.0, ("x", 2): 1.0,
                                                 ("y", 1): 0.0, ("y", 2): 2 / 3}


# --------------------------------------------------------------------------
# bootstrap_test: two models' labels in every container
# --------------------------------------------------------------------------


@pytest.mark.parametrize("label_input", LABEL_INPUTS, ids=lambda i: plain_id(i.name))
def test_bootstrap_test_gives_the_numbers_of_plain_numpy(label_input):
    from permetrics_lite import bootstrap_test

    for p in problems_for(label_input.kinds, 1, 0):
        pred_b = np.roll(p.y_pred, 1)  # a second model of the same samples

        def run(convert, labels):
            return outcome(lambda: tuple(bootstrap_test(
                convert(p.y_true), convert(p.y_pred), convert(pred_b), "F1S",
                average="macro", zero_division=0.0, sample_weight=p.weight, labels=labels,
                n_resamples=30, random_state=0)))

        found = run(lambda v: converted(p, label_input, v), p.labels)
        if label_input.categories is None:  # the classes in the same order: the same draws
            assert_same_answers({"test": found}, {"test": run(np.asarray, p.labels)},
                                tolerance(p))
        else:  # a Categorical's categories are the classes, and their order orders the
            # joint cells drawn: the same difference and estimates, other draws
            classes = (p.labels if p.labels is not None else
                       label_input.categories(p.universe))
            expected = run(np.asarray, classes)
            assert found[1] == expected[1]
            assert same([found[0][0]] + found[0][4:], [expected[0][0]] + expected[0][4:],
                        tolerance(p)), (found, expected)
