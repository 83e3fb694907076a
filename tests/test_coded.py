"""Labels that come coded (pandas Categoricals, Arrow text, numpy object arrays) give
the evaluation of the same labels as a plain numpy unicode array.

Each fast-path input is checked against two independent oracles: the general
path, fed the same labels as ``np.array(list_of_str)`` (dtype ``<U``, which is
encoded by hashing, never coded), and scikit-learn's ``confusion_matrix`` and
``accuracy_score``. The class order the oracle is given is worked out here:
the sorted union of the labels, or ``labels`` when given, or, with pandas
Categoricals, their categories first (y_true's, then y_pred's, unused ones
included) and the other labels after them, sorted.

Inputs the fast paths refuse (missing labels, mixed kinds, empty inputs) must
raise the general path's error; the message of missing labels is rebuilt here
from its documented text, with the count and the first position computed by
the test.
"""

import warnings

import numpy as np
import pandas as pd
import polars as pl
import pyarrow as pa
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp
from sklearn.metrics import accuracy_score, confusion_matrix

from permetrics_lite import ClassificationMetric, InputError, InputTypeError
from tests.strategies import examples

# letters of several scripts, digits, space; no NUL (numpy's <U drops trailing NULs)
ALPHABET = st.sampled_from(list("abcXYZ019 _-éßαΩ中😀"))
TEXT = st.text(ALPHABET, min_size=0, max_size=5)
LONG_TEXT = st.text(ALPHABET, min_size=2, max_size=5)  # a copy of it is another object

QUARTERS = st.integers(0, 20).map(lambda q: q / 4)


def fresh(text):
    """An equal string that is another object (for texts of 2 characters or more)."""
    copy = (text + "!")[:-1]
    assert copy == text and copy is not text
    return copy


def objects(values):
    array = np.empty(len(values), dtype=object)
    array[:] = values
    return array


# ---------------------------------------------------------------------------
# Random problems of text labels
# ---------------------------------------------------------------------------


@st.composite
def text_problems(draw, names=TEXT, min_classes=1, max_classes=8, min_n=1, max_n=60,
                  weighted=None, labels=None):
    """(y_true, y_pred, weight, labels): lists of str, quarter weights or None, and
    None or the classes in a random order (used ones, plus absent ones or not)."""
    k = draw(st.integers(min_classes, max_classes))
    pool = draw(st.lists(names, min_size=k + 3, max_size=k + 3, unique=True))
    used, spare = pool[:k], pool[k:]
    n = draw(st.integers(max(min_n, 1), max(max_n, min_n, 1)))
    codes = st.lists(st.integers(0, k - 1), min_size=n, max_size=n)
    true, noise = draw(codes), draw(codes)
    right = draw(st.lists(st.booleans(), min_size=n, max_size=n))
    pred = [t if r else e for t, e, r in zip(true, noise, right)]
    y_true, y_pred = [used[c] for c in true], [used[c] for c in pred]
    weight = None
    if weighted if weighted is not None else draw(st.booleans()):
        weight = np.array(draw(st.lists(QUARTERS, min_size=n, max_size=n)))
        weight[draw(st.integers(0, n - 1))] += 1.0  # a positive sum
    mode = labels if labels is not None else draw(st.sampled_from([None, "union", "absent"]))
    given_labels = None
    if mode is not None:
        seen = sorted(set(y_true) | set(y_pred))
        extra = spare[: draw(st.integers(1, 3))] if mode == "absent" else []
        given_labels = draw(st.permutations(seen + extra))
    return y_true, y_pred, weight, given_labels


def class_order(y_true, y_pred, labels=None, true_categories=None, pred_categories=None):
    """The classes the evaluation must have, worked out from the documented rule."""
    if labels is not None:
        return list(labels)
    known = list(dict.fromkeys(list(true_categories or []) + list(pred_categories or [])))
    extra = sorted((set(y_true) | set(y_pred)) - set(known))
    return known + extra


def answers(cm):
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # zero_division given: nothing may warn
        return {
            "labels": cm.labels.tolist(),
            "CM": cm.CM().tolist(),
            "n_samples": cm.n_samples,
            "AS": cm.AS(),
            "AS count": cm.AS(normalize=False),
            "PS macro": cm.PS(average="macro", zero_division=0.0),
            "RS macro": cm.RS(average="macro", zero_division=0.0),
            "MCC": cm.MCC(zero_division=0.0),
        }


def oracle(y_true, y_pred, weight, classes):
    """The general path on plain unicode arrays, with the class order given."""
    plain_true, plain_pred = np.array(y_true), np.array(y_pred)
    assert plain_true.dtype.kind == plain_pred.dtype.kind == "U"
    return ClassificationMetric(plain_true, plain_pred, labels=np.array(classes),
                                sample_weight=weight)


def sklearn_matrix(y_true, y_pred, classes, weight):
    with warnings.catch_warnings():  # scikit-learn's advice for one class: labels are given
        warnings.filterwarnings("ignore", "A single label was found", UserWarning)
        return confusion_matrix(y_true, y_pred, labels=list(classes), sample_weight=weight)


def assert_as_oracle(cm, y_true, y_pred, weight, classes):
    """``cm`` (built from coded inputs) against the general path and scikit-learn."""
    got = answers(cm)
    assert got == answers(oracle(y_true, y_pred, weight, classes))
    assert got["labels"] == list(classes)
    assert np.array_equal(cm.CM(), sklearn_matrix(y_true, y_pred, classes, weight))
    assert cm.AS() == accuracy_score(y_true, y_pred, sample_weight=weight)
    assert cm.n_samples == len(y_true)


# ---------------------------------------------------------------------------
# Every input kind of text labels: (builder, categories it fixes)
# ---------------------------------------------------------------------------


def _chunks(values, cuts):
    bounds = [0, *sorted(cut % (len(values) + 1) for cut in cuts), len(values)]
    return [values[a:b] for a, b in zip(bounds, bounds[1:])]


def _dictionary_chunk(values, order):
    """A dictionary array of ``values`` whose dictionary (exactly the values used) is
    in the given order, not the order of appearance."""
    dictionary = sorted(set(values), key=order.index)
    at = {v: i for i, v in enumerate(dictionary)}
    return pa.DictionaryArray.from_arrays(pa.array([at[v] for v in values], pa.int32()),
                                          pa.array(dictionary, pa.string()))


def build(kind, values, data):
    """``values`` (a list of str) as input of ``kind``; and the categories it fixes
    (a pandas Categorical's) or None."""
    if kind == "plain":
        return np.array(values), None
    if kind == "object":
        return objects(values), None
    if kind == "object copies":  # equal strings, each another object (CPython shares "" and
        return objects([fresh(v) if len(v) > 1 else v for v in values]), None  # 1 character)
    if kind == "object Series":
        return pd.Series(values, dtype=object), None
    if kind == "str Series":
        return pd.Series(values, dtype="str"), None
    if kind == "str Index":
        return pd.Index(values, dtype="str"), None
    if kind == "string[pyarrow]":
        return pd.Series(values, dtype="string[pyarrow]"), None
    if kind == "ArrowDtype":
        return pd.Series(values, dtype=pd.ArrowDtype(pa.string())), None
    if kind == "ArrowDtype large_string":
        return pd.Series(values, dtype=pd.ArrowDtype(pa.large_string())), None
    if kind == "pa.array":
        return pa.array(values, pa.string()), None
    if kind == "pa.large_string":
        return pa.array(values, pa.large_string()), None
    if kind == "pa.string_view":
        return pa.array(values, pa.string_view()), None
    if kind == "pa.chunked_array":
        cuts = data.draw(st.lists(st.integers(0, 10**6), max_size=4), label="cuts")
        return pa.chunked_array([pa.array(c, pa.string()) for c in _chunks(values, cuts)],
                                pa.string()), None
    if kind == "dictionary":
        return pa.array(values, pa.string()).dictionary_encode(), None
    if kind == "dictionary chunks":  # a dictionary per chunk, each in its own order
        cuts = data.draw(st.lists(st.integers(0, 10**6), min_size=1, max_size=4), label="cuts")
        order = data.draw(st.permutations(sorted(set(values))), label="dictionary order")
        chunks = [_dictionary_chunk(c, order if i % 2 else order[::-1])
                  for i, c in enumerate(_chunks(values, cuts))]
        return pa.chunked_array(chunks, pa.dictionary(pa.int32(), pa.string())), None
    if kind == "polars":
        return pl.Series(values, dtype=pl.String), None
    if kind == "polars Categorical":
        return pl.Series(values, dtype=pl.Categorical), None
    if kind in ("Categorical", "Categorical Series", "CategoricalIndex"):
        categorical = pd.Categorical(values)  # categories: the values sorted
        categories = sorted(set(values))
        assert list(categorical.categories) == categories
        wrap = {"Categorical": lambda c: c, "Categorical Series": pd.Series,
                "CategoricalIndex": pd.CategoricalIndex}[kind]
        return wrap(categorical), categories
    raise AssertionError(kind)


CODED_KINDS = ["object", "object copies", "object Series", "str Series", "str Index",
               "string[pyarrow]", "ArrowDtype", "ArrowDtype large_string", "pa.array",
               "pa.large_string", "pa.string_view", "pa.chunked_array", "dictionary",
               "dictionary chunks", "polars", "polars Categorical", "Categorical",
               "Categorical Series", "CategoricalIndex"]
KINDS = CODED_KINDS + ["plain"]


@settings(max_examples=examples(50))
@given(st.data(), text_problems(names=LONG_TEXT), st.sampled_from(CODED_KINDS),
       st.sampled_from(KINDS))
def test_each_coded_kind_evaluates_as_plain_unicode_arrays(data, problem, true_kind,
                                                           pred_kind):
    y_true, y_pred, weight, labels = problem
    true, true_categories = build(true_kind, y_true, data)
    pred, pred_categories = build(pred_kind, y_pred, data)
    cm = ClassificationMetric(true, pred, labels=labels, sample_weight=weight)
    classes = class_order(y_true, y_pred, labels, true_categories, pred_categories)
    assert_as_oracle(cm, y_true, y_pred, weight, classes)


@pytest.mark.parametrize("kind", CODED_KINDS)
@settings(max_examples=examples(6))
@given(data=st.data(), problem=text_problems(labels="absent", weighted=True))
def test_each_coded_kind_with_labels_and_weights(kind, data, problem):
    """Labels in another order with absent classes, weights in quarters; any text
    (empty and one-character strings included)."""
    y_true, y_pred, weight, labels = problem
    true, _ = build(kind, y_true, data)
    pred, _ = build(kind, y_pred, data)
    cm = ClassificationMetric(true, pred, labels=labels, sample_weight=weight)
    assert_as_oracle(cm, y_true, y_pred, weight, labels)
    assert set(labels) - (set(y_true) | set(y_pred))  # absent classes are kept


@pytest.mark.parametrize("kind", CODED_KINDS)
@settings(max_examples=examples(5))
@given(data=st.data(), problem=text_problems(min_classes=2, labels="union"))
def test_labels_missing_a_found_label_are_refused_as_for_plain_arrays(kind, data, problem):
    y_true, y_pred, weight, labels = problem
    assume(len(labels) >= 2)
    dropped = data.draw(st.sampled_from(labels), label="dropped")
    short = [label for label in labels if label != dropped]
    true, _ = build(kind, y_true, data)
    pred, _ = build(kind, y_pred, data)
    with pytest.raises(ValueError) as expected:
        ClassificationMetric(np.array(y_true), np.array(y_pred), labels=short)
    assert repr(dropped) in str(expected.value)
    with pytest.raises(ValueError) as error:
        ClassificationMetric(true, pred, labels=short, sample_weight=weight)
    assert str(error.value) == str(expected.value)


# ---------------------------------------------------------------------------
# Object arrays: by identity, then by value
# ---------------------------------------------------------------------------


@st.composite
def shared_and_copied(draw):
    """Labels of few distinct objects: each class has its shared object and one copy,
    y_true's first two samples being one of each (equal, not identical)."""
    y_true, y_pred, weight, labels = draw(text_problems(
        names=LONG_TEXT, min_classes=1, max_classes=30, min_n=2, max_n=200))
    y_true[1] = y_true[0]
    copies = {v: fresh(v) for v in set(y_true) | set(y_pred)}

    def mixed(values, first=None):
        flags = draw(st.lists(st.booleans(), min_size=len(values), max_size=len(values)))
        if first is not None:
            flags[:2] = first
        return objects([copies[v] if f else v for v, f in zip(values, flags)])

    return y_true, y_pred, weight, labels, mixed(y_true, [False, True]), mixed(y_pred)


@settings(max_examples=examples(30))
@given(shared_and_copied())
def test_few_distinct_objects_equal_but_not_identical_are_one_class(problem):
    y_true, y_pred, weight, labels, true, pred = problem
    assert true[0] == true[1] and true[0] is not true[1]
    # few distinct objects (at most 2 per class): factorized by identity first
    assert len({id(v) for v in true}) <= max(64, len(true) // 8)
    cm = ClassificationMetric(true, pred, labels=labels, sample_weight=weight)
    assert_as_oracle(cm, y_true, y_pred, weight, class_order(y_true, y_pred, labels))


@settings(max_examples=examples(25))
@given(text_problems(names=LONG_TEXT, min_classes=1, max_classes=12, min_n=65, max_n=300),
       st.sampled_from(["object copies", "object", "plain"]))
def test_many_distinct_objects_are_factorized_by_value(problem, pred_kind):
    """Every sample its own object: more distinct objects than max(64, N/8)."""
    y_true, y_pred, weight, labels = problem
    true = objects([fresh(v) for v in y_true])
    assert len({id(v) for v in true}) == len(true) > max(64, len(true) // 8)
    assert len(set(y_true)) < len(y_true)  # some labels repeat: equal, not identical
    first, second = next((i, j) for i in range(len(y_true)) for j in range(i + 1, len(y_true))
                         if y_true[i] == y_true[j])
    assert true[first] == true[second] and true[first] is not true[second]
    pred, _ = build(pred_kind, y_pred, None)
    cm = ClassificationMetric(true, pred, labels=labels, sample_weight=weight)
    assert_as_oracle(cm, y_true, y_pred, weight, class_order(y_true, y_pred, labels))


@settings(max_examples=examples(30))
@given(st.integers(1, 12), st.integers(0, 20_000), st.data())
def test_labels_first_seen_late_are_classes(n_classes, n_first, data):
    """A label first seen after a long run of others (past the prefixes read for
    one sample of each distinct object) is a class with its own counts."""
    late = data.draw(st.lists(st.integers(0, n_classes - 1), min_size=n_classes,
                              max_size=40))
    y_true = ["first"] * n_first + [f"late {code}" for code in late]
    y_pred = ["first"] * len(y_true)
    cm = ClassificationMetric(objects(y_true), objects(y_pred))
    assert cm.labels.tolist() == sorted(set(y_true) | {"first"})
    assert cm.CM().tolist() == confusion_matrix(y_true, y_pred, labels=cm.labels).tolist()


def test_unhashable_objects_are_refused_by_name():
    with pytest.raises(TypeError, match=r"y_true has labels of unsupported type list"):
        ClassificationMetric(objects([[1], [1], [2]]), objects(["a", "a", "b"]))


def test_strings_built_at_run_time_meet_across_arguments():
    y_true = objects(["".join(["ca", "t"]), "".join(["do", "g"]), str(10) + "x", "cat"])
    y_pred = objects(["cat", "dog", "10x", "".join(["c", "at"])])
    assert y_true[0] == y_pred[0] and y_true[0] is not y_pred[0]
    assert y_true[0] == y_true[3] and y_true[0] is not y_true[3]
    cm = ClassificationMetric(y_true, y_pred)
    assert cm.labels.tolist() == ["10x", "cat", "dog"]
    assert cm.CM().tolist() == [[1, 0, 0], [0, 2, 0], [0, 0, 1]]


@settings(max_examples=examples(20))
@given(st.lists(st.integers(-(2**40), 2**40), min_size=1, max_size=80),
       st.lists(st.integers(-(2**40), 2**40), min_size=1, max_size=80))
def test_object_arrays_of_python_integers_evaluate_as_int64_arrays(a, b):
    n = min(len(a), len(b))
    y_true, y_pred = a[:n], b[:n]
    cm = ClassificationMetric(objects(y_true), objects(y_pred))
    expected = ClassificationMetric(np.array(y_true, np.int64), np.array(y_pred, np.int64))
    assert answers(cm) == answers(expected)
    assert cm.labels.tolist() == sorted(set(y_true) | set(y_pred))


# ---------------------------------------------------------------------------
# pandas Categoricals: their categories fix the class order
# ---------------------------------------------------------------------------


@st.composite
def categorical_of(draw, values, pool):
    """``values`` as a Categorical (bare, Series or Index) with categories: the values
    used, unused ones from ``pool`` or not, in a random order; or as a plain array."""
    container = draw(st.sampled_from(["plain", "Categorical", "Series", "Index"]))
    if container == "plain":
        return (np.array(values) if isinstance(values[0], str) else
                np.array(values, dtype=np.int64)), None
    unused = draw(st.lists(st.sampled_from(pool), max_size=3, unique=True)) if pool else []
    categories = draw(st.permutations(
        list(dict.fromkeys(values)) + [u for u in unused if u not in values]))
    ordered = draw(st.booleans())
    categorical = pd.Categorical(values, categories=categories, ordered=ordered)
    assert list(categorical.categories) == categories
    wrap = {"Categorical": lambda c: c, "Series": pd.Series,
            "Index": pd.CategoricalIndex}[container]
    return wrap(categorical), categories


@pytest.mark.parametrize("label_kind", ["str", "int"])
@settings(max_examples=examples(30))
@given(data=st.data())
def test_categoricals_fix_the_class_order(label_kind, data):
    """Same, different, differently ordered and unused categories, ordered or not,
    one Categorical beside a plain array; integer categories too."""
    names = TEXT if label_kind == "str" else st.integers(-50, 50)
    problem = data.draw(text_problems(names=names, max_classes=6), label="problem")
    y_true, y_pred, weight, labels = problem
    pool = data.draw(st.lists(names, max_size=4, unique=True), label="pool")
    pool = [v for v in pool if v not in set(y_true) | set(y_pred)]
    true, true_categories = data.draw(categorical_of(y_true, pool), label="y_true")
    pred, pred_categories = data.draw(categorical_of(y_pred, pool), label="y_pred")
    cm = ClassificationMetric(true, pred, labels=labels, sample_weight=weight)
    classes = class_order(y_true, y_pred, labels, true_categories, pred_categories)
    got = answers(cm)
    plain = np.array if label_kind == "str" else (lambda v: np.array(v, dtype=np.int64))
    expected = ClassificationMetric(plain(y_true), plain(y_pred), labels=plain(classes),
                                    sample_weight=weight)
    assert got == answers(expected)
    assert got["labels"] == classes
    assert np.array_equal(cm.CM(), sklearn_matrix(y_true, y_pred, classes, weight))
    assert cm.AS() == accuracy_score(y_true, y_pred, sample_weight=weight)


def test_the_category_rule_on_an_example():
    y_true = pd.Categorical(["b", "a", "b"], categories=["b", "zz", "a"])
    y_pred = pd.Series(pd.Categorical(["c", "a", "d"], categories=["d", "c", "a", "y"],
                                      ordered=True))
    cm = ClassificationMetric(y_true, y_pred)
    assert cm.labels.tolist() == ["b", "zz", "a", "d", "c", "y"]
    cm = ClassificationMetric(y_true, np.array(["e", "a", "c"]))
    assert cm.labels.tolist() == ["b", "zz", "a", "c", "e"]
    cm = ClassificationMetric(np.array(["e", "a", "c"]), y_true)
    assert cm.labels.tolist() == ["b", "zz", "a", "c", "e"]


# ---------------------------------------------------------------------------
# Missing labels: refused with the general path's message
# ---------------------------------------------------------------------------

# each draw makes its own object: float("nan") objects are never one object
MISSING_OBJECTS = {"None": lambda: None, "float nan": lambda: float("nan"),
                   "np nan": lambda: np.nan, "np float64 nan": lambda: np.float64("nan"),
                   "pd NA": lambda: pd.NA}


def missing_message(name, count, first):
    return (f"{name} contains {count} missing label(s) (NaN, None or NA), the first at "
            f"position {first}; drop or fill them before evaluating.")


def with_missing(kind, values, where, data):
    """``values`` with missing labels at ``where``, as input of ``kind``."""
    if kind in ("object", "object copies", "object Series", "str Series", "Categorical",
                "Categorical Series", "ArrowDtype", "string[pyarrow]"):
        missing = list(MISSING_OBJECTS)
        if kind in ("string[pyarrow]", "str Series"):
            missing = ["None", "np nan", "pd NA"]
        if kind == "ArrowDtype":  # pyarrow takes no float among strings
            missing = ["None", "pd NA"]
        values = list(values)
        for position in where:
            values[position] = MISSING_OBJECTS[data.draw(st.sampled_from(missing),
                                                         label="missing")]()
        if kind == "object copies":
            return objects([fresh(v) if isinstance(v, str) else v for v in values])
        if kind == "object":
            return objects(values)
        if kind == "object Series":
            return pd.Series(values, dtype=object)
        if kind == "Categorical":
            return pd.Categorical(values)
        if kind == "Categorical Series":
            return pd.Series(pd.Categorical(values))
        return build(kind, values, data)[0]
    values = [None if i in where else v for i, v in enumerate(values)]
    if kind == "pa.chunked_array":
        return pa.chunked_array([values[: len(values) // 2], values[len(values) // 2:]],
                                pa.string())
    if kind == "dictionary":
        return pa.array(values, pa.string()).dictionary_encode()
    if kind == "pa.array":
        return pa.array(values, pa.string())
    if kind == "polars":
        return pl.Series(values, dtype=pl.String)
    if kind == "polars Categorical":
        return pl.Series(values, dtype=pl.Categorical)
    raise AssertionError(kind)


MISSING_KINDS = ["object", "object copies", "object Series", "str Series", "Categorical",
                 "Categorical Series", "ArrowDtype", "string[pyarrow]", "pa.array",
                 "pa.chunked_array", "dictionary", "polars", "polars Categorical"]


@settings(max_examples=examples(50))
@given(st.data(), text_problems(names=LONG_TEXT, max_n=120), st.sampled_from(MISSING_KINDS),
       st.sampled_from(MISSING_KINDS + ["plain"]), st.sampled_from(["y_true", "y_pred", "both"]))
def test_missing_labels_are_refused_with_their_count_and_first_position(
        data, problem, true_kind, pred_kind, holder):
    y_true, y_pred, weight, labels = problem
    n = len(y_true)
    positions = st.sets(st.integers(0, n - 1), min_size=1, max_size=n)
    true_missing = data.draw(positions, label="y_true missing") if holder != "y_pred" else set()
    pred_missing = data.draw(positions, label="y_pred missing") if holder != "y_true" else set()
    if pred_kind == "plain":  # a plain unicode array has no missing labels
        assume(not pred_missing)
        pred = np.array(y_pred)
    else:
        pred = with_missing(pred_kind, y_pred, pred_missing, data)
    true = with_missing(true_kind, y_true, true_missing, data)
    name, where = ("y_true", true_missing) if true_missing else ("y_pred", pred_missing)
    with pytest.raises(ValueError) as error:
        ClassificationMetric(true, pred, labels=labels, sample_weight=weight)
    assert str(error.value) == missing_message(name, len(where), min(where))


@pytest.mark.parametrize("missing", list(MISSING_OBJECTS))
def test_missing_labels_among_many_distinct_objects(missing):
    values = [fresh(f"label {i % 90}") for i in range(900)]
    values[700], values[701], values[899] = (MISSING_OBJECTS[missing]() for _ in range(3))
    with pytest.raises(ValueError) as error:
        ClassificationMetric(objects(values), objects(values[::-1]))
    assert str(error.value) == missing_message("y_true", 3, 700)
    with pytest.raises(ValueError) as error:
        ClassificationMetric(objects(values[::-1]), objects(values))
    assert str(error.value) == missing_message("y_true", 3, 0)


def test_a_categorical_of_integers_with_nan_is_refused():
    y_true = pd.Categorical([3, 1, None, 2, None], categories=[1, 2, 3])
    with pytest.raises(ValueError) as error:
        ClassificationMetric(np.array([1, 2, 3, 1, 2]), y_true)
    assert str(error.value) == missing_message("y_pred", 2, 2)


# ---------------------------------------------------------------------------
# Mixed kinds, empty inputs, one class, many classes
# ---------------------------------------------------------------------------

ARROW_TEXT_KINDS = ["pa.array", "pa.chunked_array", "dictionary", "str Series",
                    "string[pyarrow]", "ArrowDtype", "polars"]


def refusal(y_true, y_pred, labels=None):
    with pytest.raises((TypeError, ValueError)) as error:
        ClassificationMetric(y_true, y_pred, labels=labels)
    return type(error.value), str(error.value)


@settings(max_examples=examples(40))
@given(st.data(), st.lists(st.integers(-20, 20), min_size=1, max_size=30),
       st.sampled_from(ARROW_TEXT_KINDS), st.booleans())
def test_integer_categoricals_beside_arrow_strings_are_refused_as_plain_arrays(
        data, integers, kind, categorical_first):
    """Categories in the order the values appear in (other orders: the test of the
    messages below)."""
    texts = data.draw(st.lists(TEXT, min_size=len(integers), max_size=len(integers)))
    categorical = pd.Categorical(integers, categories=list(dict.fromkeys(integers)))
    arrow, _ = build(kind, texts, data)
    if categorical_first:
        got, expected = refusal(categorical, arrow), refusal(np.array(integers), np.array(texts))
    else:
        got, expected = refusal(arrow, categorical), refusal(np.array(texts), np.array(integers))
    assert expected[0] is InputTypeError  # a TypeError
    assert got == expected


MESSAGE_CASES = {
    "categories not in the order of the samples": (
        lambda: pd.Categorical([3, 1], categories=[1, 2, 3]), lambda: pa.array(["a", "b"]),
        lambda: np.array([3, 1]), lambda: np.array(["a", "b"]), None),
    "an unused first category": (
        lambda: pd.Series(pd.Categorical(["b", "a"], categories=["zz", "a", "b"])),
        lambda: np.array([1, 2]), lambda: np.array(["b", "a"]), lambda: np.array([1, 2]), None),
    "a Categorical beside numeric labels=": (
        lambda: pd.Categorical(["b", "a"]), lambda: pd.Categorical(["b", "a"]),
        lambda: np.array(["b", "a"]), lambda: np.array(["b", "a"]), [1, 2]),
    "an Arrow dictionary not in the order of the samples": (
        lambda: pa.DictionaryArray.from_arrays(pa.array([1, 0], pa.int32()), pa.array(["a", "b"])),
        lambda: np.array([1, 2]), lambda: np.array(["b", "a"]), lambda: np.array([1, 2]), None),
}


@pytest.mark.parametrize("case", list(MESSAGE_CASES))
def test_mixed_kinds_name_the_first_sample_as_plain_arrays_do(case):
    true, pred, plain_true, plain_pred, labels = MESSAGE_CASES[case]
    assert refusal(true(), pred(), labels) == refusal(plain_true(), plain_pred(), labels)


EMPTY_CHUNKED = {"pa.chunked_array": lambda: pa.chunked_array([], pa.string()),
                 "dictionary chunks": lambda: pa.chunked_array(
                     [], pa.dictionary(pa.int32(), pa.string()))}


@pytest.mark.parametrize("kind", KINDS + ["chunks of nothing"])
def test_empty_inputs_are_refused_as_plain_arrays(kind):
    if kind == "chunks of nothing":
        empty = pa.chunked_array([pa.array([], pa.string())] * 3)
    elif kind in EMPTY_CHUNKED:
        empty = EMPTY_CHUNKED[kind]()
    else:
        empty, _ = build(kind, [], None)
    expected = refusal(np.array([], dtype=str), np.array([], dtype=str))
    assert expected == (InputError, "y_true is empty; at least one sample is needed.")
    assert refusal(empty, empty) == expected
    assert refusal(np.array(["a"]), empty) == refusal(np.array(["a"]), np.array([], dtype=str))
    assert refusal(empty, np.array(["a"])) == expected


@pytest.mark.parametrize("kind", CODED_KINDS)
@settings(max_examples=examples(4))
@given(data=st.data(), label=LONG_TEXT, n=st.integers(1, 100))
def test_one_class(kind, data, label, n):
    true, _ = build(kind, [label] * n, data)
    pred, _ = build(kind, [label] * n, data)
    cm = ClassificationMetric(true, pred)
    assert cm.labels.tolist() == [label]
    assert cm.CM().tolist() == [[n]]
    assert_as_oracle(cm, [label] * n, [label] * n, None, [label])


@pytest.mark.parametrize("kind", CODED_KINDS)
@settings(max_examples=examples(2))
@given(data=st.data(), weighted=st.booleans(), labeled=st.booleans())
def test_many_classes(kind, data, weighted, labeled):
    names = [f"class {i:03d}" for i in range(300)]
    n = data.draw(st.integers(300, 900), label="n")
    order = data.draw(st.permutations(names), label="order")
    true = data.draw(hnp.arrays(np.int64, n, elements=st.integers(0, 299)), label="true")
    true[:300] = np.arange(300)  # every class found
    pred = np.where(data.draw(hnp.arrays(bool, n), label="right"), true, true[::-1])
    y_true, y_pred = [order[c] for c in true], [order[c] for c in pred]
    weight = np.arange(n) % 5 / 4 + 0.25 if weighted else None
    labels = order if labeled else None
    (true, true_categories), (pred, pred_categories) = (build(kind, values, data)
                                                        for values in (y_true, y_pred))
    cm = ClassificationMetric(true, pred, labels=labels, sample_weight=weight)
    assert_as_oracle(cm, y_true, y_pred, weight,
                     class_order(y_true, y_pred, labels, true_categories, pred_categories))
    assert cm.n_classes == 300


# ---------------------------------------------------------------------------
# Arrow dictionaries that hold values no sample has
# ---------------------------------------------------------------------------

UNUSED_ENTRIES = {
    "DictionaryArray": lambda: pa.DictionaryArray.from_arrays(
        pa.array([0, 0], pa.int32()), pa.array(["a", "b", "c"])),
    "sliced DictionaryArray": lambda: pa.array(["a", "a", "b", "c"]).dictionary_encode()[:2],
    "polars Enum": lambda: pl.Series(["a", "a"], dtype=pl.Enum(["a", "b", "c"])),
    "ArrowDtype dictionary": lambda: pd.Series(pd.arrays.ArrowExtensionArray(
        pa.DictionaryArray.from_arrays(pa.array([0, 0], pa.int32()), pa.array(["a", "b", "c"])))),
}


@pytest.mark.parametrize("case", list(UNUSED_ENTRIES))
def test_unused_dictionary_entries_are_not_classes(case):
    y_true = UNUSED_ENTRIES[case]()
    cm = ClassificationMetric(y_true, np.array(["a", "a"]))
    assert cm.labels.tolist() == ["a"]
    assert cm.CM().tolist() == [[2]]


@settings(max_examples=examples(20))
@given(st.data(), text_problems(names=LONG_TEXT, labels="absent"))
def test_unused_dictionary_entries_with_labels_given(data, problem):
    """With ``labels``, the dictionary's unused entries are neither classes nor
    labels missing from ``labels``."""
    y_true, y_pred, weight, labels = problem
    absent = [v for v in labels if v not in set(y_true) | set(y_pred)]
    assert absent
    dictionary = data.draw(st.permutations(list(dict.fromkeys(y_true + absent[:1]))))
    at = {v: i for i, v in enumerate(dictionary)}
    true = pa.DictionaryArray.from_arrays(pa.array([at[v] for v in y_true], pa.int32()),
                                          pa.array(dictionary, pa.string()))
    cm = ClassificationMetric(true, np.array(y_pred), labels=labels, sample_weight=weight)
    assert_as_oracle(cm, y_true, y_pred, weight, labels)


# ---------------------------------------------------------------------------
# by_group and from_counts
# ---------------------------------------------------------------------------


@settings(max_examples=examples(30))
@given(st.data(), text_problems(names=LONG_TEXT), st.sampled_from(CODED_KINDS))
def test_by_group_of_coded_labels(data, problem, kind):
    y_true, y_pred, weight, labels = problem
    groups = data.draw(st.lists(st.sampled_from(["g1", "g2", "g3"]), min_size=len(y_true),
                                max_size=len(y_true)), label="groups")
    if weight is not None:  # no group may weigh zero
        assume(all(sum(w for w, g in zip(weight, groups) if g == key) > 0
                   for key in set(groups)))
    true, true_categories = build(kind, y_true, data)
    pred, pred_categories = build(kind, y_pred, data)
    classes = class_order(y_true, y_pred, labels, true_categories, pred_categories)
    grouped = ClassificationMetric(true, pred, labels=labels, sample_weight=weight).by_group(
        np.array(groups))
    expected = oracle(y_true, y_pred, weight, classes).by_group(np.array(groups))
    assert list(grouped) == list(expected) == sorted(set(groups))
    for key in grouped:
        assert answers(grouped[key]) == answers(expected[key])
        rows = [i for i, g in enumerate(groups) if g == key]
        assert np.array_equal(grouped[key].CM(), sklearn_matrix(
            [y_true[i] for i in rows], [y_pred[i] for i in rows], classes,
            None if weight is None else weight[rows]))


FRAME_KINDS = ["pandas str", "pandas Categorical", "pandas object", "pyarrow Table",
               "pyarrow Table of dictionaries", "polars DataFrame"]


def counts_frame(kind, y_true, y_pred, counts):
    columns = {"t": y_true, "p": y_pred}
    if kind == "pandas str":
        return pd.DataFrame({k: pd.Series(v, dtype="str") for k, v in columns.items()}
                            | {"n": counts})
    if kind == "pandas Categorical":
        return pd.DataFrame({k: pd.Categorical(v) for k, v in columns.items()} | {"n": counts})
    if kind == "pandas object":
        return pd.DataFrame({k: pd.Series(v, dtype=object) for k, v in columns.items()}
                            | {"n": counts})
    if kind == "pyarrow Table":
        return pa.table({k: pa.array(v, pa.string()) for k, v in columns.items()}
                        | {"n": pa.array(counts, pa.int64())})
    if kind == "pyarrow Table of dictionaries":
        return pa.table({k: pa.array(v, pa.string()).dictionary_encode()
                         for k, v in columns.items()} | {"n": pa.array(counts, pa.int64())})
    if kind == "polars DataFrame":
        return pl.DataFrame({k: pl.Series(v, dtype=pl.String) for k, v in columns.items()}
                            | {"n": counts})
    raise AssertionError(kind)


@settings(max_examples=examples(30))
@given(text_problems(names=LONG_TEXT, weighted=False), st.sampled_from(FRAME_KINDS),
       st.data())
def test_from_counts_of_coded_columns(problem, kind, data):
    y_true, y_pred, _, labels = problem
    counts = data.draw(st.lists(st.integers(0, 5), min_size=len(y_true), max_size=len(y_true)),
                       label="counts")
    assume(sum(counts))
    cm = ClassificationMetric.from_counts(counts_frame(kind, y_true, y_pred, counts),
                                          true="t", pred="p", count="n", labels=labels)
    rows = [i for i, c in enumerate(counts) for _ in range(c)]
    samples_true, samples_pred = [y_true[i] for i in rows], [y_pred[i] for i in rows]
    if labels is None and kind == "pandas Categorical":  # as the constructor: every category
        classes = class_order(y_true, y_pred, None, sorted(y_true), sorted(y_pred))
    elif labels is None:  # the sorted labels of the samples (an Arrow dictionary's too)
        classes = [c for c in class_order(y_true, y_pred)
                   if c in set(samples_true) | set(samples_pred)]
    else:
        classes = labels
    assert_as_oracle(cm, samples_true, samples_pred, None, classes)
