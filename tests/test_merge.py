"""Evaluations built from tallies: a + b, from_batches, from_confusion_matrix.

The oracle is the evaluation of the whole problem at once: any split of the
samples, added up, must give exactly the same answers.
"""

import pickle
import warnings
import weakref
from unittest import mock

import numpy as np
import pandas as pd
import pytest
from hypothesis import given
from hypothesis import strategies as st

from permetrics_lite import ClassificationMetric, validation as _validation
from permetrics_lite.core import tally as _tally
from permetrics_lite.metrics import registry as _registry
from tests.helpers import answers, exact_weights, plain_id
from tests.strategies import multilabel_problems, problems

METRICS = pytest.mark.parametrize("metric", _registry.METRICS, ids=lambda m: m.alias)


@st.composite
def splits(draw, n_samples):
    """Cut points splitting range(n_samples) into non-empty consecutive parts."""
    cuts = draw(st.sets(st.integers(1, max(n_samples - 1, 1)), max_size=4))
    bounds = [0] + sorted(c for c in cuts if c < n_samples) + [n_samples]
    return [slice(a, b) for a, b in zip(bounds, bounds[1:])]


def parts(y_true, y_pred, weight, cuts):
    for part in cuts:
        yield (y_true[part], y_pred[part]) + (() if weight is None else (weight[part],))


@given(problems(), st.data())
def test_batches_of_any_split_equal_the_whole(problem, data):
    weight = exact_weights(problem.weight)
    whole = ClassificationMetric(problem.y_true, problem.y_pred, labels=problem.labels,
                                 sample_weight=weight)
    cuts = data.draw(splits(len(problem.y_true)))
    batched = ClassificationMetric.from_batches(
        parts(problem.y_true, problem.y_pred, weight, cuts), labels=problem.labels)
    np.testing.assert_equal(answers(batched), answers(whole))


@given(problems(weighted=False), st.data())
def test_sum_of_any_split_equals_the_whole(problem, data):
    whole = ClassificationMetric(problem.y_true, problem.y_pred, labels=problem.labels)
    cuts = data.draw(splits(len(problem.y_true)))
    pieces = [ClassificationMetric(t, p, labels=problem.labels)
              for t, p in parts(problem.y_true, problem.y_pred, None, cuts)]
    np.testing.assert_equal(answers(sum(pieces)), answers(whole))
    np.testing.assert_equal(answers(sum(reversed(pieces))), answers(whole))  # in any order


@given(multilabel_problems(), st.data())
def test_multilabel_batches_equal_the_whole(problem, data):
    weight = exact_weights(problem.weight)
    whole = ClassificationMetric(problem.y_true, problem.y_pred, sample_weight=weight)
    cuts = data.draw(splits(len(problem.y_true)))
    batched = ClassificationMetric.from_batches(parts(problem.y_true, problem.y_pred, weight, cuts))
    np.testing.assert_equal(answers(batched), answers(whole))


@given(problems(weighted=False, kinds=("int", "str")), st.data())
def test_sparse_cells_merge_to_the_whole_matrix(problem, data):
    cuts = data.draw(splits(len(problem.y_true)))
    with mock.patch.object(_tally, "DENSE_LIMIT", 4):  # 3 classes or more: sparse
        whole = ClassificationMetric(problem.y_true, problem.y_pred, labels=problem.labels)
        batched = ClassificationMetric.from_batches(
            parts(problem.y_true, problem.y_pred, None, cuts), labels=problem.labels)
        expected, result = answers(whole), answers(batched)
        sparse = batched.n_classes ** 2 > 4  # 3 classes or more
        assert (batched.state.tallies.matrix is None) == (batched.state.tallies.cells is not None) == sparse
    np.testing.assert_equal(result, expected)


def test_union_is_sorted_or_first_seen():
    first = ClassificationMetric([3, 1], [1, 1])
    assert (first + ClassificationMetric([2], [0])).labels.tolist() == [0, 1, 2, 3]
    custom = ClassificationMetric([3, 1], [1, 1], labels=[3, 1])
    assert (custom + ClassificationMetric([2], [0])).labels.tolist() == [3, 1, 0, 2]
    bools = ClassificationMetric([True], [True]) + ClassificationMetric([2], [0])
    assert bools.labels.tolist() == [0, 1, 2] and bools.CM().tolist() == [
        [0, 0, 0], [0, 1, 0], [1, 0, 0]]


def test_sum_starts_from_zero_and_adds_only_evaluations():
    cm = ClassificationMetric([0, 1], [0, 0])
    assert 0 + cm is cm
    with pytest.raises(TypeError, match="unsupported operand"):
        cm + 1
    with pytest.raises(TypeError, match="unsupported operand"):
        1 + cm


def test_merge_keeps_agreeing_constructor_options():
    first = ClassificationMetric(["a", "b"], ["a", "a"], average="binary", pos_label="b")
    second = ClassificationMetric(["b"], ["b"], average="binary", pos_label="b")
    both = first + second
    assert both.RS() == 0.5 and both.PS() == 1.0
    nan_default = ClassificationMetric([0], [1], zero_division=np.nan)
    merged = nan_default + ClassificationMetric([1], [1], zero_division=np.nan)
    precision = merged.PS(average=None)  # class 0 is never predicted: 0/0 is nan, silently
    assert np.isnan(precision[0]) and precision[1] == 0.5



# (first options, second options): the same values, of different types
EQUAL_OPTIONS = [
    ({"pos_label": 1}, {"pos_label": np.int64(1)}),
    ({"pos_label": np.uint8(1)}, {"pos_label": 1.0}),
    ({"zero_division": np.nan}, {"zero_division": np.float32("nan")}),
    ({"zero_division": 1}, {"zero_division": 1.0}),
    ({"average": "macro"}, {"average": np.str_("macro")}),
]


@pytest.mark.parametrize("first, second", EQUAL_OPTIONS, ids=plain_id)
def test_options_merge_when_their_values_are_equal(first, second):
    y_true, y_pred = [0, 1, 1, 0], [1, 1, 0, 0]
    both = (ClassificationMetric(y_true[:2], y_pred[:2], **first)
            + ClassificationMetric(y_true[2:], y_pred[2:], **second))
    whole = ClassificationMetric(y_true, y_pred, **first)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # a merged zero_division=nan stays silent
        assert both.PS(average=None) == whole.PS(average=None)
        np.testing.assert_equal(answers(both), answers(whole))


@pytest.mark.parametrize("bools_first", [True, False])
def test_pos_label_true_merges_with_pos_label_one_when_booleans_meet_integers(bools_first):
    bools = ClassificationMetric([True, False], [True, True], pos_label=True, average="binary")
    ints = ClassificationMetric([1, 0], [1, 0], pos_label=1, average="binary")
    both = bools + ints if bools_first else ints + bools
    assert both.labels.tolist() == [0, 1]  # True is the class 1
    # y_true [1, 0, 1, 0], y_pred [1, 1, 1, 0]: class 1 has tp 2, fp 1, fn 0
    assert both.PS() == pytest.approx(2 / 3) and both.RS() == 1.0


# (first options, second options, message regex): values that differ
DIFFERENT_OPTIONS = [
    ({"pos_label": 1}, {"pos_label": 0}, r"different pos_label \(1 and 0\)"),
    ({"pos_label": 1}, {}, r"different pos_label \(1 and '<not given>'\)"),
    ({"zero_division": np.nan}, {"zero_division": 0.0}, r"different zero_division \(nan and 0.0\)"),
    ({"average": None}, {"average": "macro"}, r"different average \(None and 'macro'\)"),
]


@pytest.mark.parametrize("first, second, message", DIFFERENT_OPTIONS, ids=plain_id)
def test_options_that_differ_refuse_to_merge(first, second, message):
    with pytest.raises(ValueError, match=message):
        ClassificationMetric([0, 1], [0, 1], **first) + ClassificationMetric([0, 1], [0, 1], **second)


@pytest.mark.parametrize("first, second", [(1, "1"), ("b", b"b"), (True, "True"), (0.0, np.nan),
                                           (None, 0), (1, [1]), (1, np.array([1, 1]))],
                         ids=plain_id)
def test_option_values_of_different_kinds_differ(first, second):
    # labels of one kind per evaluation: evaluations holding these cannot be built
    # to be added, so the rule is checked where it lives
    for a, b in ((first, second), (second, first)):
        with pytest.raises(ValueError, match=r"different pos_label"):
            _validation.merged_options({"pos_label": a}, {"pos_label": b})


def test_from_confusion_matrix_equals_the_evaluation_it_came_from():
    cm = ClassificationMetric(["b", "a", "c", "a", "b"], ["b", "a", "a", "a", "c"],
                              labels=["c", "b", "a", "d"])
    rebuilt = ClassificationMetric.from_confusion_matrix(cm.CM(), cm.labels)
    np.testing.assert_equal(answers(rebuilt), answers(cm))
    framed = ClassificationMetric.from_confusion_matrix(cm.CM(as_frame=True))
    np.testing.assert_equal(answers(framed), answers(cm))
    default_labels = ClassificationMetric.from_confusion_matrix([[2, 1], [0, 3]])
    assert default_labels.labels.tolist() == [0, 1] and default_labels.AS() == 5 / 6


@given(problems(weighted=False))
def test_from_confusion_matrix_of_any_problem(problem):
    cm = ClassificationMetric(problem.y_true, problem.y_pred, labels=problem.labels)
    rebuilt = ClassificationMetric.from_confusion_matrix(cm.CM(), cm.labels)
    np.testing.assert_equal(answers(rebuilt), answers(cm))
    with mock.patch.object(_tally, "DENSE_LIMIT", 1):  # every matrix kept as cells
        sparse = ClassificationMetric.from_confusion_matrix(cm.CM(), cm.labels)
        np.testing.assert_equal(answers(sparse), answers(cm))


def test_from_confusion_matrix_of_weights():
    weights = np.array([[0.5, 0.25], [1.0, 2.125]])
    cm = ClassificationMetric.from_confusion_matrix(weights, ["no", "yes"])
    assert cm.n_samples is None and cm.AS() == 2.625 / 3.875
    assert cm.AS(normalize=False) == 2.625
    integral = ClassificationMetric.from_confusion_matrix(np.array([[2.0, 0.0], [1.0, 1.0]]))
    assert integral.n_samples == 4 and integral.AS(normalize=False) == 3
    assert isinstance(integral.AS(normalize=False), int)


def test_from_batches_holds_one_batch_at_a_time():
    alive = []

    def batches():
        for start in range(0, 40, 10):
            # every batch before the previous one is freed by now (its last reference
            # gone: no collection of cycles needed, nor run, on a heap of every library)
            assert all(ref() is None for ref in alive[:-1])
            y_true = np.arange(start, start + 10) % 3
            alive.append(weakref.ref(y_true))
            yield y_true, (y_true + 1) % 3

    cm = ClassificationMetric.from_batches(batches())
    assert cm.n_samples == 40 and cm.AS() == 0.0


def test_tallies_only_evaluations_pickle():
    cm = ClassificationMetric([0, 1, 2], [0, 2, 2]) + ClassificationMetric([3], [3])
    np.testing.assert_equal(answers(pickle.loads(pickle.dumps(cm))), answers(cm))
    assert repr(cm) == "ClassificationMetric(n_samples=4, n_classes=4, labels=[0, 1, 2, 3])"


@METRICS
def test_tallies_only_evaluations_refuse_query_weights(metric):
    cm = ClassificationMetric.from_confusion_matrix([[3, 1], [0, 2]])
    method = getattr(cm, metric.alias)
    options = {"beta": 1.0} if metric.alias == "FBS" else {}
    with pytest.raises(ValueError, match=r"sample_weight cannot be given.*built from tallies"
                                         r".*Pass the weights when building it"):
        method(sample_weight=[1, 2], **options)


def test_tallies_only_report_and_matrix_refuse_query_weights_and_huge_matrices():
    cm = ClassificationMetric.from_confusion_matrix(np.eye(3, dtype=int))
    for query in (cm.report, cm.summary, cm.CM):
        with pytest.raises(ValueError, match="sample_weight cannot be given"):
            query(sample_weight=[1.0])
    with mock.patch.object(_tally, "DENSE_LIMIT", 4), \
            mock.patch.object(_tally, "MATERIALISE_LIMIT", 8):
        sparse = ClassificationMetric.from_confusion_matrix(np.eye(3, dtype=int))
        assert sparse.AS() == 1.0
        with pytest.raises(MemoryError, match="3 classes has 9 cells, too many to build"):
            sparse.CM()


# (id, build, exception, message regex)
BAD_BUILDS = [
    ("multilabel plus single-label",
     lambda: ClassificationMetric([[0, 1]], [[0, 1]]) + ClassificationMetric([0], [0]),
     ValueError, r"cannot add a multilabel evaluation to a single-label one"),
    ("strings plus numbers",
     lambda: ClassificationMetric(["a"], ["a"]) + ClassificationMetric([0], [0]),
     TypeError, r"string labels and numeric labels \(\['a'\] and \[0\]\)"),
    ("different multilabel columns",
     lambda: ClassificationMetric([[0, 1]], [[0, 1]], labels=["x", "y"])
     + ClassificationMetric([[0, 1]], [[0, 1]], labels=["y", "x"]),
     ValueError, r"multilabel evaluations with different labels"),
    ("different options",
     lambda: ClassificationMetric([0], [0], average="macro") + ClassificationMetric([0], [0]),
     ValueError, r"different average \('macro' and '<not given>'\)"),
    ("no batches", lambda: ClassificationMetric.from_batches([]),
     ValueError, r"from_batches got no batches"),
    ("batch not a tuple", lambda: ClassificationMetric.from_batches([[0, 1, 0, 1]]),
     TypeError, r"batch 0 must be a tuple \(y_true, y_pred\).*got list of length 4"),
    ("bad batch named", lambda: ClassificationMetric.from_batches([([0], [0]), (["a"], [1])]),
     TypeError, r"batch 1: y_true has string labels"),
    ("batch outside labels",
     lambda: ClassificationMetric.from_batches([([0], [0]), ([5], [0])], labels=[0, 1]),
     ValueError, r"batch 1: .*missing from labels: \[5\]"),
    ("all batches weigh zero",
     lambda: ClassificationMetric.from_batches([([0], [0], [0.0]), ([1], [0], [0.0])]),
     ValueError, r"sample_weight is all zero in every one of the batches"),
    ("matrix not square", lambda: ClassificationMetric.from_confusion_matrix([[1, 2, 3]]),
     ValueError, r"matrix must be a non-empty square K x K.*got shape \(1, 3\)"),
    ("matrix 3-D", lambda: ClassificationMetric.from_confusion_matrix(np.ones((2, 2, 2))),
     ValueError, r"matrix must be a non-empty square.*\(2, 2, 2\)"),
    ("matrix negative", lambda: ClassificationMetric.from_confusion_matrix([[1, -2], [0, 1]]),
     ValueError, r"matrix contains 1 negative value\(s\), the first at row 0, column 1"),
    ("matrix NaN", lambda: ClassificationMetric.from_confusion_matrix([[1, 0], [np.nan, 1]]),
     ValueError, r"matrix contains 1 NaN or infinite value\(s\), the first at row 1, column 0"),
    ("matrix all zero", lambda: ClassificationMetric.from_confusion_matrix([[0, 0], [0, 0]]),
     ValueError, r"matrix is all zero"),
    ("matrix of strings", lambda: ClassificationMetric.from_confusion_matrix([["a"]]),
     TypeError, r"matrix must hold numbers.*dtype <U1"),
    ("matrix labels count",
     lambda: ClassificationMetric.from_confusion_matrix([[1, 0], [0, 1]], ["a"]),
     ValueError, r"labels has 1 names but matrix is 2 x 2"),
    ("matrix labels duplicated",
     lambda: ClassificationMetric.from_confusion_matrix([[1, 0], [0, 1]], ["a", "a"]),
     ValueError, r"labels contains duplicates: \['a'\]"),
    ("matrix frame rows and columns differ",
     lambda: ClassificationMetric.from_confusion_matrix(
         pd.DataFrame([[1, 0], [0, 1]], index=["a", "b"], columns=["b", "a"])),
     ValueError, r"index and columns differ"),
]


@pytest.mark.parametrize("build, error, message", [case[1:] for case in BAD_BUILDS],
                         ids=[case[0] for case in BAD_BUILDS])
def test_bad_builds_raise_with_a_clear_message(build, error, message):
    with pytest.raises(error, match=message):
        build()
