"""Evaluations of aggregated rows equal the evaluation of the samples they stand for."""

from decimal import Decimal

import numpy as np
import pandas as pd
import pyarrow as pa
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from permetrics_lite import ClassificationMetric

from .helpers import answers, exact_weights
from .strategies import problems
from tests.strategies import examples


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


@settings(max_examples=examples(60))
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


@settings(max_examples=examples(40))
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
    ({"count": "w"}, ValueError, r"count='w' has 1 value\(s\) that are not whole numbers "
                                 r"\(e.g. 1.5 at row 2\)"),
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
                         "w": [1.0, 1.0, 1.5], "g": ["a", "b", "b"]})
    extra = {"neg": [1, -2, 3], "zero": [0, 0, 0], "bad": [1.0, 1.0, np.nan]}
    for name in arguments.values():
        if name in extra:
            rows[name] = extra[name]
    with pytest.raises(error, match=message):
        ClassificationMetric.from_counts(rows, **arguments)


def test_other_frames_and_empty_frames_are_refused():
    with pytest.raises(TypeError) as raised:
        ClassificationMetric.from_counts({"y_true": [0], "y_pred": [0]})
    assert str(raised.value) == (
        "from_counts takes a pandas DataFrame, a pyarrow Table, RecordBatch or "
        "RecordBatchReader, or a polars DataFrame or LazyFrame of aggregated rows; got dict.")
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

    def __len__(self):
        return len(self.frame)

    def select(self, names):
        return PolarsLike(self.frame[names])

    def get_column(self, name):
        return self.frame[name]

    def filter(self, mask):
        return PolarsLike(self.frame[mask])


def test_a_polars_frame_is_read_by_its_column_names():
    rows = pd.DataFrame({"y_true": [1, 1, 0], "y_pred": [1, 0, 0], "n": [3, 1, 2], "x": 0})
    cm = ClassificationMetric.from_counts(PolarsLike(rows), count="n")
    assert cm.CM().tolist() == [[2, 0], [1, 3]]
    with pytest.raises(ValueError, match=r"^count='m' names no column of the frame; its "
                       r"columns are \['y_true', 'y_pred', 'n', 'x'\]\.$"):
        ClassificationMetric.from_counts(PolarsLike(rows), count="m")


def test_count_refusals_in_full():
    rows = pd.DataFrame({"y_true": [0, 1, 1], "y_pred": [0, 1, 0], "n": [1, -2, -3],
                         "f": ["1", "2", "3"], "z": [0, 0, 0]})
    for count, error, message in [
        ("n", ValueError, "count='n' has 2 negative value(s), the first at row 1; counts of "
                          "samples are >= 0."),
        ("f", TypeError, "count='f' must hold numbers of samples (whole numbers of any "
                         "numeric type); got dtype str (e.g. '1')."),
        ("z", ValueError, "count='z' is all zero; at least one row must count a sample."),
    ]:
        with pytest.raises(error) as raised:
            ClassificationMetric.from_counts(rows, count=count)
        assert str(raised.value) == message
    with pytest.raises(ValueError) as raised:
        ClassificationMetric.from_counts(rows.assign(w=[1.0, -1.0, 1.0]), weight="w")
    assert str(raised.value) == ("weight='w' contains 1 negative value(s), the first at "
                                 "position 1; weights must be finite and non-negative.")


# --- counts of every numeric type (a database's sum() is often a decimal or a float) ---

WHOLE_COUNTS = {
    "int64": lambda n: pd.Series(n, dtype=np.int64),
    "uint8": lambda n: pd.Series(n, dtype=np.uint8),
    "uint64": lambda n: pd.Series(n, dtype=np.uint64),
    "float64": lambda n: pd.Series(n, dtype=np.float64),
    "nullable Int64": lambda n: pd.Series(n, dtype="Int64"),
    "nullable UInt32": lambda n: pd.Series(n, dtype="UInt32"),
    "nullable Float64": lambda n: pd.Series(n, dtype="Float64"),
    "Decimal objects": lambda n: pd.Series([Decimal(v) for v in n], dtype=object),
    "Decimal objects of scale 2": lambda n: pd.Series([Decimal(v).quantize(Decimal("0.01"))
                                                       for v in n], dtype=object),
    "Python ints": lambda n: pd.Series([int(v) for v in n], dtype=object),
    "Arrow decimal128(38, 0)": lambda n: pd.Series(
        pa.array([Decimal(v) for v in n], pa.decimal128(38, 0)).to_pandas(
            types_mapper=pd.ArrowDtype)),
    "Arrow decimal256(40, 3)": lambda n: pd.Series(
        pa.array([Decimal(v) for v in n], pa.decimal256(40, 3)).to_pandas(
            types_mapper=pd.ArrowDtype)),
    "Arrow uint64": lambda n: pd.Series(n, dtype=pd.ArrowDtype(pa.uint64())),
}


@pytest.mark.parametrize("kind", WHOLE_COUNTS)
def test_whole_counts_of_every_numeric_type_are_exact(kind):
    counts = [40, 0, 45, 5, 2**53 - 1 if kind not in ("uint8", "nullable UInt32") else 200]
    rows = pd.DataFrame({"y_true": ["cat", "cat", "dog", "dog", "dog"],
                         "y_pred": ["cat", "dog", "dog", "cat", "dog"],
                         "n": WHOLE_COUNTS[kind](counts)})
    cm = ClassificationMetric.from_counts(rows, count="n")
    assert cm.n_samples == sum(counts) and type(cm.n_samples) is int
    assert cm.CM().tolist() == [[40, 0], [5, 45 + counts[-1]]]
    assert cm.CM().dtype == np.int64


def test_counts_of_an_arrow_table_of_decimals_are_exact():
    big = 2**62 + 1  # beyond float64's integers: a float would round it
    rows = pa.table({"y_true": [0, 0, 1], "y_pred": [0, 1, 1],
                     "n": pa.array([Decimal(big), Decimal(3), Decimal(5)], pa.decimal128(38, 0))})
    cm = ClassificationMetric.from_counts(rows, count="n")
    assert cm.CM().tolist() == [[big, 3], [0, 5]] and cm.n_samples == big + 8


COUNT_PROBLEMS = [
    ("fractional float", pd.Series([40.0, 10.5, 45.0]),
     ValueError, "count='n' has 1 value(s) that are not whole numbers (e.g. 10.5 at row 1); "
                 "a count is a whole number of samples."),
    ("fractional Decimal", pd.Series([Decimal(40), Decimal(10), Decimal("4.5")], dtype=object),
     ValueError, "count='n' has 1 value(s) that are not whole numbers (e.g. Decimal('4.5') at "
                 "row 2); a count is a whole number of samples."),
    ("fractional Arrow decimal", pd.Series(pa.array([Decimal("1.25"), Decimal(1), Decimal(2)],
                                                    pa.decimal128(5, 2)).to_pandas(
                                                        types_mapper=pd.ArrowDtype)),
     ValueError, "count='n' has 1 value(s) that are not whole numbers (e.g. Decimal('1.25') at "
                 "row 0); a count is a whole number of samples."),
    ("infinite float", pd.Series([40.0, np.inf, 45.0]),
     ValueError, "count='n' has 1 value(s) that are not whole numbers (e.g. inf at row 1); a "
                 "count is a whole number of samples."),
    ("negative float", pd.Series([40.0, -10.0, -45.0]),
     ValueError, "count='n' has 2 negative value(s), the first at row 1; counts of samples are "
                 ">= 0."),
    ("negative Decimal", pd.Series([Decimal(40), Decimal(10), Decimal(-1)], dtype=object),
     ValueError, "count='n' has 1 negative value(s), the first at row 2; counts of samples are "
                 ">= 0."),
    ("NaN", pd.Series([40.0, 10.0, np.nan]),
     ValueError, "count='n' has 1 missing value(s) (null, NaN or NA), the first at row 2; each "
                 "row needs its number of samples (fill in or drop those rows)."),
    ("NA of a nullable integer", pd.Series([None, 10, None], dtype="Int64"),
     ValueError, "count='n' has 2 missing value(s) (null, NaN or NA), the first at row 0; each "
                 "row needs its number of samples (fill in or drop those rows)."),
    ("None among Decimals", pd.Series([Decimal(40), None, Decimal(1)], dtype=object),
     ValueError, "count='n' has 1 missing value(s) (null, NaN or NA), the first at row 1; each "
                 "row needs its number of samples (fill in or drop those rows)."),
    ("Arrow null", pd.Series(pa.array([1, 2, None], pa.decimal128(38, 0)).to_pandas(
        types_mapper=pd.ArrowDtype)),
     ValueError, "count='n' has 1 missing value(s) (null, NaN or NA), the first at row 2; each "
                 "row needs its number of samples (fill in or drop those rows)."),
    ("float of 2**53", pd.Series([1.0, 2.0**53, 2.0**60]),
     ValueError, "count='n' has 2 float value(s) beyond 2**53 - 1 (e.g. 9007199254740992.0 at "
                 "row 1), where a float may be the rounding of another integer; pass the counts "
                 "as integers or decimals (e.g. CAST(n AS BIGINT) in SQL, or DuckDB's .arrow() "
                 "rather than .df())."),
    ("booleans", pd.Series([True, False, True]),
     TypeError, "count='n' must hold numbers of samples (whole numbers of any numeric type); got "
                "dtype bool (e.g. True)."),
    ("a boolean among integers", pd.Series([1, True, 3], dtype=object),
     TypeError, "count='n' must hold numbers of samples (whole numbers of any numeric type); got "
                "dtype object (e.g. True)."),
    ("text", pd.Series(["40", "10", "45"], dtype=object),
     TypeError, "count='n' must hold numbers of samples (whole numbers of any numeric type); got "
                "dtype object (e.g. '40')."),
    ("a total beyond int64", pd.Series([Decimal(2**62), Decimal(2**62), Decimal(1)],
                                       dtype=object),
     OverflowError, "count='n' counts 9223372036854775809 samples in all, more than the "
                    "2**63 - 1 that int64 counts hold; divide the counts (every ratio metric is "
                    "unchanged)."),
]


@pytest.mark.parametrize("name, counts, error, message", COUNT_PROBLEMS,
                         ids=[row[0] for row in COUNT_PROBLEMS])
def test_count_problems_name_the_column_and_the_first_row(name, counts, error, message):
    rows = pd.DataFrame({"y_true": [0, 1, 1], "y_pred": [0, 1, 0], "n": counts})
    with pytest.raises(error) as raised:
        ClassificationMetric.from_counts(rows, count="n")
    assert str(raised.value) == message
    assert "weight" not in message  # a count is never a weight


def test_weights_of_any_numeric_type():
    rows = pd.DataFrame({"y_true": [0, 0, 1], "y_pred": [0, 1, 1], "n": [2, 1, 3],
                         "w": [5.0, 1.0, 6.0]})
    expected = ClassificationMetric.from_counts(rows, count="n", weight="w")
    for weights in (pd.Series([5, 1, 6]), pd.Series([5, 1, 6], dtype="UInt16"),
                    pd.Series([Decimal(5), Decimal(1), Decimal(6)], dtype=object),
                    pd.Series([Decimal(5), 1.0, 6], dtype=object),  # a column of mixed types
                    pd.Series(pa.array([5, 1, 6], pa.decimal128(38, 0)).to_pandas(
                        types_mapper=pd.ArrowDtype))):
        cm = ClassificationMetric.from_counts(rows.assign(w=weights), count="n", weight="w")
        np.testing.assert_equal(answers(cm), answers(expected))
    with pytest.raises(ValueError) as raised:
        ClassificationMetric.from_counts(
            rows.assign(w=pd.Series([Decimal(5), None, Decimal(6)], dtype=object)), weight="w")
    assert str(raised.value) == ("weight='w' contains 1 missing (NaN, None or NA) value(s), the "
                                 "first at position 1; weights must be finite and non-negative.")


@pytest.mark.parametrize("weights, example, row, became", [
    ([Decimal(5), Decimal("1e-400"), Decimal(6)], "1e-400", 1, "0.0"),  # would weigh 0
    ([Decimal("2.5e400"), Decimal(1), Decimal(6)], "2.5e+400", 0, "inf"),
    ([5, 10**400, Decimal(6)], "1.00e+400", 1, "inf"),  # a Python int beyond float64
])
def test_decimal_weights_beyond_float64_are_refused(weights, example, row, became):
    rows = pd.DataFrame({"y_true": [0, 0, 1], "y_pred": [0, 1, 1], "n": [2, 1, 3],
                         "w": pd.Series(weights, dtype=object)})
    with pytest.raises(ValueError) as raised:
        ClassificationMetric.from_counts(rows, count="n", weight="w")
    assert type(raised.value).__name__ == "InputError"
    assert str(raised.value) == (
        f"weight='w' has 1 value(s) beyond the range of float64 weights (e.g. {example} at "
        f"position {row}, which would weigh {became}); scale every weight by one power of ten "
        "(no ratio changes).")


def test_decimal_weights_of_zero_and_infinity_are_what_they_say():
    rows = pd.DataFrame({"y_true": [0, 0, 1], "y_pred": [0, 1, 1], "n": [2, 1, 3]})
    zero = rows.assign(w=pd.Series([Decimal(5), Decimal(0), Decimal("1e-300")], dtype=object))
    cm = ClassificationMetric.from_counts(zero, count="n", weight="w")
    assert cm.CM().tolist() == [[5.0, 0.0], [0.0, 1e-300]]
    with pytest.raises(ValueError) as raised:
        ClassificationMetric.from_counts(
            rows.assign(w=pd.Series([Decimal(5), Decimal("Infinity"), Decimal(6)], dtype=object)),
            count="n", weight="w")
    assert str(raised.value) == ("weight='w' contains 1 NaN or infinite value(s), the first at "
                                 "position 1; weights must be finite and non-negative.")


def test_a_weight_on_a_row_of_no_samples_is_refused():
    rows = pd.DataFrame({"y_true": [0, 1, 1, 0], "y_pred": [0, 1, 0, 1], "n": [3, 2, 0, 0],
                         "w": [3.0, 4.0, 0.0, 1.5]})
    with pytest.raises(ValueError) as raised:
        ClassificationMetric.from_counts(rows, count="n", weight="w")
    assert str(raised.value) == (
        "weight='w' is positive on 1 row(s) where count='n' is 0, the first at row 3 (weight "
        "1.5); a row of no samples has no weight: fix its count, or give it weight 0.")
    # no samples and no weight: the row adds nothing, as if it were not there
    fine = ClassificationMetric.from_counts(rows.assign(w=[3.0, 4.0, 0.0, 0.0]), count="n",
                                            weight="w")
    assert fine.CM().tolist() == [[3.0, 0.0], [0.0, 4.0]] and fine.n_samples == 5
    # samples of weight zero are samples: their classes are classes
    zero = ClassificationMetric.from_counts(rows.assign(n=[3, 2, 1, 1], w=[3.0, 0.0, 0.0, 1.5]),
                                            count="n", weight="w")
    assert zero.labels.tolist() == [0, 1] and zero.n_samples == 7


def test_a_column_name_that_names_two_columns_is_refused():
    rows = pd.DataFrame([[0, 0, 1], [1, 1, 2]], columns=["y_true", "y_pred", "y_pred"])
    with pytest.raises(ValueError) as raised:
        ClassificationMetric.from_counts(rows)
    assert str(raised.value) == ("pred='y_pred' names 2 columns of the frame; rename them so "
                                 "that each name is one column.")


# --- labels: read as the constructor reads the samples' column ---


def expanded(rows, count="n"):
    """The samples aggregated rows stand for: each row repeated count times."""
    return rows.iloc[np.repeat(np.arange(len(rows)), rows[count].to_numpy())]


@pytest.mark.parametrize("ordered", [False, True])
def test_categorical_labels_keep_every_category_in_order(ordered):
    categories = ["zebra", "dog", "cat", "unused"]
    rows = pd.DataFrame({
        "y_true": pd.Categorical(["cat", "cat", "dog", "dog", "zebra"], categories, ordered),
        "y_pred": pd.Categorical(["cat", "dog", "dog", "cat", "cat"], categories, ordered),
        "n": [40, 10, 45, 5, 0]})
    samples = expanded(rows)
    expected = ClassificationMetric(samples["y_true"], samples["y_pred"])
    counted = ClassificationMetric.from_counts(rows, count="n")
    assert counted.labels.tolist() == expected.labels.tolist() == categories
    np.testing.assert_equal(answers(counted), answers(expected))


def test_labels_beside_a_categorical_come_after_its_categories_if_samples_have_them():
    rows = pd.DataFrame({"y_true": pd.Categorical(["b", "a", "a"], categories=["b", "a"]),
                         "y_pred": ["b", "x", "w"], "n": [2, 3, 0]})  # "w": no sample
    samples = expanded(rows)
    expected = ClassificationMetric(samples["y_true"], samples["y_pred"]).labels.tolist()
    assert ClassificationMetric.from_counts(rows, count="n").labels.tolist() == expected
    assert expected == ["b", "a", "x"]


def test_an_arrow_record_batch_and_arrow_column_types_in_messages():
    rows = pa.table({"y_true": ["a", "a", "b"], "y_pred": ["a", "b", "b"], "n": [5, 1, 4],
                     "s": ["5", "1", "4"]})
    batch = rows.to_batches()[0]
    assert ClassificationMetric.from_counts(batch, count="n").CM().tolist() == [[5, 1], [0, 4]]
    with pytest.raises(TypeError) as raised:
        ClassificationMetric.from_counts(batch, count="s")
    assert str(raised.value) == ("count='s' must hold numbers of samples (whole numbers of any "
                                 "numeric type); got dtype string (e.g. '5').")


def test_a_row_of_no_samples_holds_labels_of_labels_too():
    frame = pd.DataFrame({"y_true": ["a", "b", "zz"], "y_pred": ["a", "b", "a"], "n": [1, 2, 0]})
    with pytest.raises(ValueError, match=r"y_true or y_pred contains label\(s\) missing from "
                                         r"labels: \['zz'\]"):
        ClassificationMetric.from_counts(frame, count="n", labels=["a", "b"])
