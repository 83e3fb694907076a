"""Per-group evaluation against fairlearn's MetricFrame and against evaluating each
group's samples on their own."""

import functools
import math
import warnings

import numpy as np
import pandas as pd
import pytest
from fairlearn.metrics import MetricFrame
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp
from sklearn import metrics as skm

from permetrics_lite import ClassificationMetric, GroupedEvaluation, InputError
from permetrics_lite.core import tally as _tally

from .strategies import multilabel_problems, problems
from tests.strategies import examples


def sklearn_metrics(labels):
    """The scikit-learn functions matching our metrics, given the evaluation's classes
    (every group's evaluation keeps them all)."""
    return {
        "AS": skm.accuracy_score,
        "BAS": skm.balanced_accuracy_score,
        "MCC": skm.matthews_corrcoef,
        "F1S": functools.partial(skm.f1_score, average="macro", labels=labels, zero_division=0),
        "PS": functools.partial(skm.precision_score, average="micro", labels=labels,
                                zero_division=0),
    }


OURS = {"AS": None, "BAS": None, "MCC": None, "F1S": {"average": "macro"},
        "PS": {"average": "micro"}}
GROUP_KINDS = {"int": lambda codes: codes * 10, "str": lambda codes: np.array(
    ["north", "south", "east", "west"])[codes]}


@st.composite
def grouped_problems(draw):
    """A problem, positive weights or none (scikit-learn refuses a group weighing zero),
    and a group of one to four per sample. The weights are multiples of 1/4, so that
    scikit-learn's float sums are exact: with weights of 0.1 its MCC of a group whose
    labels are all one class cancels to the square root of a negative number (nan), where
    the exact value is 0 (ours is exact, tests/test_exact.py)."""
    problem = draw(problems(weighted=False, with_labels=False))
    n = len(problem.y_true)
    if draw(st.booleans()):
        problem.weight = draw(hnp.arrays(np.float64, n, elements=st.integers(1, 40).map(
            lambda quarters: quarters / 4)))
    codes = draw(hnp.arrays(np.int64, n, elements=st.integers(0, draw(st.integers(0, 3)))))
    return problem, GROUP_KINDS[draw(st.sampled_from(sorted(GROUP_KINDS)))](codes)


def quietly(function, *args, **kwargs):
    with warnings.catch_warnings():  # undefined metrics of small groups warn in both
        warnings.simplefilter("ignore")
        return function(*args, **kwargs)


@settings(max_examples=examples(30))  # fairlearn takes about 0.2 s a problem
@given(case=grouped_problems())
def test_frame_difference_and_ratio_equal_fairlearn(case):
    problem, groups = case
    weight = problem.weight
    cm = ClassificationMetric(problem.y_true, problem.y_pred, sample_weight=weight,
                              zero_division=0.0)
    grouped = cm.by_group(groups)
    reference = quietly(MetricFrame, metrics=sklearn_metrics(cm.labels), y_true=problem.y_true,
                        y_pred=problem.y_pred, sensitive_features=pd.Series(groups, name="group"),
                        sample_params=None if weight is None else {
                            name: {"sample_weight": weight} for name in OURS})
    frame = quietly(grouped.frame, OURS)
    expected = reference.by_group[list(OURS)]
    close = dict(rtol=1e-12, atol=1e-12)
    assert list(frame.index) == sorted(set(groups.tolist())) == list(expected.index)
    assert frame.index.name == "group"
    pd.testing.assert_frame_equal(frame, expected.astype(float), check_names=False, **close)
    for method in ("between_groups", "to_overall"):
        pd.testing.assert_series_equal(
            quietly(grouped.difference, OURS, method=method),
            reference.difference(method=method)[list(OURS)].astype(float),
            check_names=False, **close)
        pd.testing.assert_series_equal(
            quietly(grouped.ratio, OURS, method=method),
            reference.ratio(method=method)[list(OURS)].astype(float),
            check_names=False, **close)


def test_several_grouping_columns_are_a_multi_index_as_fairlearn_s():
    rng = np.random.default_rng(3)
    true = rng.integers(0, 3, 400)
    pred = np.where(rng.random(400) < 0.7, true, rng.integers(0, 3, 400))
    features = pd.DataFrame({"sex": rng.choice(["f", "m"], 400), "age": rng.integers(1, 4, 400)})
    cm = ClassificationMetric(true, pred)
    grouped = cm.by_group(features)
    reference = MetricFrame(metrics=sklearn_metrics(cm.labels), y_true=true, y_pred=pred,
                            sensitive_features=features)
    frame = grouped.frame(OURS)
    assert frame.index.names == ["sex", "age"]
    assert list(grouped) == sorted(reference.by_group.index) == list(frame.index)
    assert grouped[("f", 2)].n_samples == int(((features.sex == "f") & (features.age == 2)).sum())
    pd.testing.assert_frame_equal(frame, reference.by_group[list(OURS)].astype(float),
                                  rtol=1e-12)


@settings(max_examples=examples(40))
@given(case=grouped_problems())
def test_each_group_is_the_evaluation_of_its_samples(case):
    problem, groups = case
    cm = ClassificationMetric(problem.y_true, problem.y_pred, sample_weight=problem.weight)
    grouped = cm.by_group(groups)
    assert grouped.overall is cm
    for group, evaluation in grouped.items():
        rows = groups == group
        assert evaluation.n_samples == int(rows.sum())
        assert evaluation.labels.tolist() == cm.labels.tolist()
        matrix = np.zeros((cm.n_classes, cm.n_classes))
        position = {label: i for i, label in enumerate(cm.labels.tolist())}
        weight = np.ones(len(rows)) if problem.weight is None else problem.weight
        for t, p, w in zip(problem.y_true[rows].tolist(), problem.y_pred[rows].tolist(),
                           weight[rows]):
            matrix[position[t], position[p]] += w
        np.testing.assert_allclose(evaluation.CM(), matrix, rtol=1e-12, atol=1e-12)


def test_many_classes_are_tallied_group_by_group():
    rng = np.random.default_rng(0)
    k = 3000  # 3 groups x K^2 cells is more than one bincount may hold
    assert 3 * k * k > _tally.DENSE_LIMIT
    true = rng.integers(0, k, 20000)
    pred = np.where(rng.random(20000) < 0.6, true, rng.integers(0, k, 20000))
    groups = rng.integers(0, 3, 20000)
    cm = ClassificationMetric(true, pred)
    grouped = cm.by_group(groups)
    for group in range(3):
        rows = groups == group
        alone = ClassificationMetric(true[rows], pred[rows], labels=cm.labels)
        for name in ("AS", "MCC"):
            assert getattr(grouped[group], name)() == getattr(alone, name)()
        assert quietly(grouped[group].PS, average="macro") == quietly(alone.PS, average="macro")
        position = {label: i for i, label in enumerate(cm.labels.tolist())}
        matrix = np.zeros((cm.n_classes,) * 2, dtype=np.int64)  # a group keeps no codes
        for t, p in zip(true[rows].tolist(), pred[rows].tolist()):
            matrix[position[t], position[p]] += 1
        assert np.array_equal(grouped[group].CM(), matrix)
    summed = grouped[0] + grouped[1] + grouped[2]  # the groups add up to the whole
    assert np.array_equal(summed.CM(), cm.CM())


@settings(max_examples=examples(30))
@given(problem=multilabel_problems(weighted=False), seed=st.integers(0, 100),
       weighted=st.booleans())
def test_multilabel_groups(problem, seed, weighted):
    rng = np.random.default_rng(seed)
    groups = rng.integers(0, 3, len(problem.y_true))
    if weighted:  # positive: a group weighing zero is refused (test_bad_groups_are_refused)
        problem.weight = rng.uniform(0.1, 5, len(groups))
    cm = ClassificationMetric(problem.y_true, problem.y_pred, sample_weight=problem.weight)
    grouped = cm.by_group(groups)
    for group, evaluation in grouped.items():
        rows = groups == group
        weight = None if problem.weight is None else problem.weight[rows]
        assert evaluation.AS() == pytest.approx(skm.accuracy_score(
            problem.y_true[rows], problem.y_pred[rows], sample_weight=weight), rel=1e-12)
        assert evaluation.HML() == pytest.approx(skm.hamming_loss(
            problem.y_true[rows], problem.y_pred[rows], sample_weight=weight), rel=1e-12)


def test_groups_keep_the_options_and_read_only():
    cm = ClassificationMetric(["a", "b", "b", "a"], ["a", "b", "a", "a"], average="binary",
                              pos_label="b")
    grouped = cm.by_group(pd.Series([1, 1, 2, 2], name="site"))
    assert isinstance(grouped, GroupedEvaluation)
    assert grouped[1].RS() == 1.0 and grouped[2].RS() == 0.0  # pos_label "b" in each
    assert grouped.frame("RS").index.name == "site"
    assert repr(grouped) == "GroupedEvaluation(n_groups=2, groups=[1, 2])"
    with pytest.raises(TypeError):
        grouped[3] = cm
    with pytest.raises(AttributeError, match="read-only"):
        grouped.overall = cm
    with pytest.raises(ValueError, match="keeps tallies only"):
        grouped[1].by_group([0, 0])


def test_groups_of_unorderable_values_keep_their_order_of_appearance():
    cm = ClassificationMetric([0, 1, 1, 0], [0, 1, 0, 0])
    assert list(cm.by_group(np.array([3j, 2j, 3j, 1j], dtype=object))) == [3j, 2j, 1j]
    mixed = cm.by_group(np.array(["x", (1, 2), "x", 2], dtype=object))
    assert list(mixed) == ["x", (1, 2), 2]
    assert list(cm.by_group(np.array(["x", 2, "x", 2], dtype=object))) == [2, "x"]  # pandas' order


SIZES = pd.Categorical(["lo", "hi", "mid", "lo", "hi", "mid"], categories=["lo", "mid", "hi", "xl"])


@pytest.mark.parametrize("ordered", [True, False])
@pytest.mark.parametrize("container", [lambda c: c, pd.Series, lambda c: pd.DataFrame({"size": c})],
                         ids=["Categorical", "Series", "DataFrame"])
def test_a_categorical_s_groups_come_in_its_categories_order_as_pandas_groupby(container,
                                                                              ordered):
    sizes = SIZES.as_ordered() if ordered else SIZES
    cm = ClassificationMetric([0, 1, 1, 0, 1, 0], [0, 1, 0, 0, 1, 1])
    expected = list(pd.Series(range(6)).groupby(sizes, observed=True).groups)
    assert list(cm.by_group(container(sizes))) == expected == ["lo", "mid", "hi"]
    assert cm.by_group(container(sizes))["mid"].AS() == 0.0  # samples 2 and 5


def test_grouping_columns_keep_a_categorical_s_order_column_by_column():
    frame = pd.DataFrame({"size": SIZES, "shift": [2, 1, 1, 2, 2, 2]})
    cm = ClassificationMetric([0, 1, 1, 0, 1, 0], [0, 1, 0, 0, 1, 1])
    expected = list(pd.Series(range(6)).groupby([frame["size"], frame["shift"]],
                                                 observed=True).groups)
    assert list(cm.by_group(frame)) == expected
    assert expected == [("lo", 2), ("mid", 1), ("mid", 2), ("hi", 1), ("hi", 2)]
    counted = pd.DataFrame({"true": [0, 1, 1, 0, 1, 0], "pred": [0, 1, 0, 0, 1, 1],
                            "size": SIZES})
    by_counts = ClassificationMetric.from_counts(counted, true="true", pred="pred",
                                                 group="size")
    assert list(by_counts.by_group()) == ["lo", "mid", "hi"]


GROUP_REFUSALS = [
    ([0, 1], ValueError, r"groups has 2 values; expected one group per sample \(4\)"),
    ([0, 1, None, 1], ValueError, r"groups has 1 missing value\(s\) \(NaN, None or NA\), "
                                  r"the first at position 2"),
    (pd.Series([0, 1, 0, 1], index=[5, 6, 7, 8]), ValueError,
     r"y_true and groups are pandas objects with different indexes"),
    (np.array([[0], [1], [0]] + [[1, 2]], dtype=object), TypeError, r"groups must hold "
                                                                     r"hashable values"),
    (pd.DataFrame({"a": [0, 1, 0, 1], "b": [1.0, np.nan, 1.0, 1.0]}), ValueError,
     r"groups column 'b' has 1 missing value"),
    ("abcd", TypeError, r"groups must be an array-like, one value per sample"),
]


@pytest.mark.parametrize("groups, error, message", GROUP_REFUSALS,
                         ids=[str(i) for i in range(len(GROUP_REFUSALS))])
def test_bad_groups_are_refused(groups, error, message):
    cm = ClassificationMetric(pd.Series([0, 1, 1, 0]), pd.Series([0, 1, 0, 0]))
    with pytest.raises(error, match=message):
        cm.by_group(groups)


def test_a_group_that_weighs_zero_is_refused():
    cm = ClassificationMetric([0, 1, 1, 0], [0, 1, 0, 0], sample_weight=[1, 2, 0, 0])
    with pytest.raises(ValueError, match=r"every sample of group 'b' weighs zero "
                       r"\(sample_weight\), so each of its metrics would be 0/0"):
        cm.by_group(["a", "a", "b", "b"])


def test_tallies_only_evaluations_refuse_groups():
    for cm in (ClassificationMetric.from_confusion_matrix([[2, 1], [0, 3]]),
               ClassificationMetric([0, 1], [0, 1]) + ClassificationMetric([1], [1])):
        with pytest.raises(ValueError, match=r"by_group needs each sample's labels, and this "
                           r"evaluation keeps tallies only"):
            cm.by_group([0] * cm.n_samples)


def test_table_refusals():
    grouped = ClassificationMetric([0, 1, 2, 1], [0, 1, 1, 1]).by_group([0, 0, 1, 1])
    with pytest.raises(ValueError, match=r"PCA gives one value per class for group 0; a table "
                       r"of groups needs one number per group: pass its average, e\.g\. "
                       r"metrics=\{'PCA': \{'average': 'macro'\}\}"):
        grouped.frame("PCA")
    with pytest.raises(ValueError, match=r"method must be one of \['between_groups', "
                       r"'to_overall'\]"):
        grouped.ratio("AS", method="overall")
    with pytest.raises(ValueError, match="unknown metric name 'XX'"):
        grouped.frame(["AS", "XX"])
    with pytest.raises(TypeError, match=r"metrics must be a metric name, a sequence of names "
                       r"or a \{name: parameters\} dict; got int"):
        grouped.frame(3)


def test_group_refusals_in_full():
    merged = ClassificationMetric([0, 1], [0, 1]) + ClassificationMetric([1], [1])
    with pytest.raises(ValueError) as raised:
        merged.by_group([0, 0, 1])
    assert str(raised.value) == (
        "by_group needs each sample's labels, and this evaluation keeps tallies only (built "
        "by from_confusion_matrix, a + b, from_batches or from_dask); evaluate the samples "
        "with ClassificationMetric(y_true, y_pred), or pass a group column to from_counts.")
    with pytest.raises(TypeError) as raised:
        ClassificationMetric([0, 1], [0, 1]).by_group()
    assert str(raised.value) == (
        "by_group needs groups: one per sample (an array-like, or a DataFrame of grouping "
        "columns); only an evaluation built by from_counts with group= has its own.")


def test_more_samples_than_one_chunk_are_all_counted():
    rng = np.random.default_rng(8)
    n = 150_000  # more than one step of the chunked tally
    true, pred = rng.integers(0, 2, n), rng.integers(0, 2, n)
    groups = rng.integers(0, 2, n)
    grouped = ClassificationMetric(true, pred).by_group(groups)
    for group in (0, 1):
        rows = groups == group
        expected = [[int(((true == t) & (pred == p) & rows).sum()) for p in (0, 1)]
                    for t in (0, 1)]
        assert grouped[group].CM().tolist() == expected


def test_many_classes_with_huge_weights_are_tallied_group_by_group():
    rng = np.random.default_rng(2)
    k, n = 3000, 12000
    true = rng.integers(0, k, n)
    pred = np.where(rng.random(n) < 0.6, true, rng.integers(0, k, n))
    weight = rng.uniform(0.5, 1.0, n) * 1e307  # their sum overflows: counted in units
    groups = rng.integers(0, 2, n)
    cm = ClassificationMetric(true, pred, sample_weight=weight)
    grouped = cm.by_group(groups)
    # a group keeps its matrix as cells, in the same units: the groups add up to the whole
    np.testing.assert_allclose((grouped[0] + grouped[1]).CM(), cm.CM(), rtol=1e-12)
    for group in (0, 1):
        rows = groups == group
        right = true[rows] == pred[rows]
        scaled = weight[rows] / 1e307  # fsum of the weights themselves overflows
        expected = math.fsum(scaled[right]) / math.fsum(scaled)
        assert grouped[group].AS() == pytest.approx(expected, rel=1e-12)
        first = true[rows][0]  # a class's weight, counted back out of its units
        support = grouped[group].report(zero_division=0.0)["support"].loc[first]
        assert support / 1e307 == pytest.approx(scaled[true[rows] == first].sum(), rel=1e-12)


def test_the_grouping_column_names_the_index():
    cm = ClassificationMetric([0, 1, 1, 0], [0, 1, 0, 0])
    assert cm.by_group([1, 1, 2, 2]).frame("AS").index.name == "group"
    one_column = cm.by_group(pd.DataFrame({"site": ["a", "b", "a", "b"]}))
    assert list(one_column) == ["a", "b"]  # plain values, not 1-tuples
    assert one_column.frame("AS").index.name == "site"
    assert list(one_column.frame("AS")["AS"]) == [0.5, 1.0]  # a: 0, 1 as 0, 0; b: right


def test_group_shape_and_alignment_refusals_in_full():
    cm = ClassificationMetric(pd.Series([0, 1, 1, 0]), pd.Series([0, 1, 0, 0]))
    with pytest.raises(ValueError) as raised:
        cm.by_group(np.zeros((4, 2)))
    assert str(raised.value) == ("groups has shape (4, 2); pass one group per sample, or a "
                                 "DataFrame with one column per grouping.")
    with pytest.raises(ValueError) as raised:
        cm.by_group(pd.DataFrame({"a": [0, 1, 0, 1], "b": [1, 1, 0, 0]}, index=[9, 8, 7, 6]))
    assert str(raised.value).startswith(
        "y_true and groups are pandas objects with different indexes, so their rows would be "
        "paired by position, not by index.")


def test_a_group_of_scores_says_it_keeps_tallies_only():
    cm = ClassificationMetric.from_scores(["a", "b", "a", "b"], [0.2, 0.7, 0.4, 0.9])
    assert cm.AUC() == 1.0
    with pytest.raises(InputError, match=r"roc_auc_score \(AUC\) needs scores, and this "
                                         r"evaluation has none: .*, a group of by_group\)"):
        cm.by_group(["h", "k", "k", "h"]).frame(["AUC"])
