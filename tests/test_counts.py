"""Evaluations of aggregated rows equal the evaluation of the samples they stand for."""

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from permetrics_lite import ClassificationMetric

from .helpers import answers, exact_weights
from .strategies import problems


def aggregated(problem, groups=None, split=False):
    """GROUP BY y_true, y_pred (and the group): counts and summed weights, in pandas."""
    frame = pd.DataFrame({"y_true": problem.y_true, "y_pred": problem.y_pred,
                          "n": 1, "w": 1.0 if problem.weight is None else problem.weight})
    keys = ["y_true", "y_pred"]
    if groups is not None:
        frame["g"] = groups
        keys.append("g")
    if split:  # the same pair on two rows: from_counts adds them up
        frame["half"] = np.arange(len(frame)) % 2
        keys.append("half")
    return frame.groupby(keys, as_index=False, sort=False)[["n", "w"]].sum()


@settings(max_examples=60)
@given(problem=problems(), split=st.booleans(), zero_rows=st.booleans())
def test_counts_equal_the_samples_they_stand_for(problem, split, zero_rows):
    problem.weight = exact_weights(problem.weight)  # sums in any order are exact
    rows = aggregated(problem, split=split)
    if zero_rows:  # a row that counts no sample adds nothing, not even its class
        rows = pd.concat([rows, rows.iloc[:1].assign(n=0, w=0.0)], ignore_index=True)
    weight = None if problem.weight is None else "w"
    counted = ClassificationMetric.from_counts(rows, count="n", weight=weight,
                                               labels=problem.labels)
    samples = ClassificationMetric(problem.y_true, problem.y_pred, labels=problem.labels,
                                   sample_weight=problem.weight)
    np.testing.assert_equal(answers(counted), answers(samples))
    if weight is None:
        assert counted.CM().dtype == np.int64


@settings(max_examples=40)
@given(problem=problems(weighted=False), seed=st.integers(0, 99))
def test_grouped_counts_equal_by_group_of_the_samples(problem, seed):
    groups = np.random.default_rng(seed).choice(["x", "y", "z"], len(problem.y_true))
    counted = ClassificationMetric.from_counts(aggregated(problem, groups), count="n", group="g")
    grouped = ClassificationMetric(problem.y_true, problem.y_pred).by_group(
        pd.Series(groups, name="g"))
    by_counts = counted.by_group()
    assert list(by_counts) == list(grouped)
    for group in grouped:
        np.testing.assert_equal(answers(by_counts[group]), answers(grouped[group]))
    assert by_counts.frame(["AS"]).equals(grouped.frame(["AS"]))


def test_rows_count_once_without_a_count_column():
    rows = pd.DataFrame({"truth": [1, 0, 1], "guess": [1, 0, 0], "w": [2.0, 1.0, 1.0]})
    cm = ClassificationMetric.from_counts(rows, true="truth", pred="guess", weight="w")
    assert cm.n_samples == 3 and cm.AS() == 0.75
    assert ClassificationMetric.from_counts(rows, true="truth", pred="guess").AS() == 2 / 3


def test_counts_beyond_2_to_the_53_stay_exact():
    rows = pd.DataFrame({"y_true": [0, 0, 1], "y_pred": [0, 1, 1],
                         "n": np.array([2**60 + 1, 3, 2**60], dtype=np.int64)})
    cm = ClassificationMetric.from_counts(rows, count="n")
    assert cm.CM().tolist() == [[2**60 + 1, 3], [0, 2**60]]
    assert cm.n_samples == 2**61 + 4
    assert cm.AS(normalize=False) == 2**61 + 1


COUNT_REFUSALS = [
    ({"true": "truth"}, ValueError, r"true='truth' names no column of the frame; its columns "
                                    r"are \['y_true', 'y_pred', 'n', 'w', 'g'\]"),
    ({"count": "w"}, TypeError, r"count='w' must hold integers \(the number of samples of "
                                r"each row\); got dtype float64"),
    ({"count": "neg"}, ValueError, r"count='neg' has 1 negative value\(s\), the first at row 1"),
    ({"count": "zero"}, ValueError, r"count='zero' is all zero"),
    ({"weight": "bad"}, ValueError, r"weight='bad' contains 1 NaN or infinite value\(s\), the "
                                    r"first at position 2"),
    ({"group": "G"}, ValueError, r"group='G' names no column.* Did you mean 'g'\?"),
]


@pytest.mark.parametrize("arguments, error, message", COUNT_REFUSALS,
                         ids=[str(i) for i in range(len(COUNT_REFUSALS))])
def test_refusals_name_the_argument_and_column(arguments, error, message):
    rows = pd.DataFrame({"y_true": [0, 1, 1], "y_pred": [0, 1, 0], "n": [1, 2, 3],
                         "w": [1.0, 1.0, 2.0], "g": ["a", "b", "b"]})
    extra = {"neg": [1, -2, 3], "zero": [0, 0, 0], "bad": [1.0, 1.0, np.nan]}
    for name in arguments.values():
        if name in extra:
            rows[name] = extra[name]
    with pytest.raises(error, match=message):
        ClassificationMetric.from_counts(rows, **arguments)


def test_other_frames_and_empty_frames_are_refused():
    with pytest.raises(TypeError, match=r"from_counts takes a pandas DataFrame, a pyarrow "
                       r"Table or RecordBatchReader, or a polars DataFrame.*; got dict"):
        ClassificationMetric.from_counts({"y_true": [0], "y_pred": [0]})
    with pytest.raises(ValueError, match="from_counts got a frame without rows"):
        ClassificationMetric.from_counts(pd.DataFrame({"y_true": [], "y_pred": []}))


def test_by_group_without_groups_is_refused():
    cm = ClassificationMetric.from_counts(pd.DataFrame({"y_true": [0, 1], "y_pred": [0, 0]}))
    with pytest.raises(TypeError, match=r"by_group needs groups: one per sample .* only an "
                       r"evaluation built by from_counts with group= has its own"):
        cm.by_group()
    with pytest.raises(ValueError, match="keeps tallies only"):
        cm.by_group([0, 1])


def test_many_classes_are_kept_as_sparse_cells():
    # 3,000 classes: 9,000,000 cells, more than a dense matrix is kept for
    rng = np.random.default_rng(4)
    true = rng.integers(0, 3000, 30000)
    pred = np.where(rng.random(30000) < 0.7, true, rng.integers(0, 3000, 30000))
    true[:3000] = pred[:3000] = np.arange(3000)  # every class present
    rows = pd.DataFrame({"y_true": true, "y_pred": pred}).value_counts().reset_index(name="n")
    counted = ClassificationMetric.from_counts(rows, count="n")
    samples = ClassificationMetric(true, pred)
    assert counted.n_samples == 30000 and counted.n_classes == 3000
    pd.testing.assert_frame_equal(counted.report(), samples.report())
    assert counted.AS() == samples.AS() == float(np.mean(true == pred))
    assert counted.MCC() == samples.MCC()
    assert counted.CM()[5].tolist() == [int(((true == 5) & (pred == j)).sum())
                                        for j in range(3000)]


def test_an_arrow_table_is_read_by_its_column_names():
    import pyarrow as pa

    rows = pa.table({"truth": ["a", "a", "b"], "guess": ["a", "b", "b"], "n": [5, 1, 4],
                     "unused": [0.5, 0.5, 0.5]})
    cm = ClassificationMetric.from_counts(rows, true="truth", pred="guess", count="n")
    assert cm.CM().tolist() == [[5, 1], [0, 4]] and cm.labels.tolist() == ["a", "b"]
    with pytest.raises(ValueError) as raised:
        ClassificationMetric.from_counts(rows, true="truth", pred="Guess")
    assert str(raised.value) == ("pred='Guess' names no column of the frame; its columns are "
                                 "['truth', 'guess', 'n', 'unused']. Did you mean 'guess'?")


class PolarsLike:
    """A stand-in with polars' interface (module name, columns, select, to_pandas), so
    that these tests need not start polars' thread pool (tests/test_counts_engines.py
    runs polars itself)."""

    __module__ = "polars.dataframe.frame"

    def __init__(self, frame):
        self.frame = frame
        self.columns = list(frame.columns)

    def select(self, names):
        return PolarsLike(self.frame[names])

    def to_pandas(self):
        return self.frame


def test_a_polars_frame_is_read_by_its_column_names():
    rows = pd.DataFrame({"y_true": [1, 1, 0], "y_pred": [1, 0, 0], "n": [3, 1, 2], "x": 0})
    cm = ClassificationMetric.from_counts(PolarsLike(rows), count="n")
    assert cm.CM().tolist() == [[2, 0], [1, 3]]
    with pytest.raises(ValueError, match=r"^count='m' names no column of the frame; its "
                       r"columns are \['y_true', 'y_pred', 'n', 'x'\]\.$"):
        ClassificationMetric.from_counts(PolarsLike(rows), count="m")


def test_count_refusals_in_full():
    rows = pd.DataFrame({"y_true": [0, 1, 1], "y_pred": [0, 1, 0], "n": [1, -2, -3],
                         "f": [1.0, 2.0, 3.0], "z": [0, 0, 0]})
    for count, error, message in [
        ("n", ValueError, "count='n' has 2 negative value(s), the first at row 1; counts of "
                          "samples are >= 0."),
        ("f", TypeError, "count='f' must hold integers (the number of samples of each row); "
                         "got dtype float64. Sums of weights go in weight=."),
        ("z", ValueError, "count='z' is all zero; at least one row must count a sample."),
    ]:
        with pytest.raises(error) as raised:
            ClassificationMetric.from_counts(rows, count=count)
        assert str(raised.value) == message
    with pytest.raises(ValueError) as raised:
        ClassificationMetric.from_counts(rows.assign(w=[1.0, -1.0, 1.0]), weight="w")
    assert str(raised.value) == ("weight='w' contains 1 negative value(s), the first at "
                                 "position 1; weights must be finite and non-negative.")
