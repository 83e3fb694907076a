"""Tests written for the surviving mutants of stats/counts.py (.ci/mutation): from_counts
on every frame kind and count type, each against the matrix counted by hand."""

from decimal import Decimal

import numpy as np
import pandas as pd
import pyarrow as pa
import pytest

from permetrics_lite import ClassificationMetric

pl = pytest.importorskip("polars")

TRUE, PRED, COUNT = ["a", "a", "b", "b", "c"], ["a", "b", "b", "a", "c"], [3, 0, 4, 2, 1]
GROUP = ["x", "y", "x", "y", "y"]
# rows of no samples are dropped: the matrix of the rows that count, by hand
MATRIX = [[3, 0, 0], [2, 4, 0], [0, 0, 1]]
BY_GROUP = {"x": [[3, 0, 0], [0, 4, 0], [0, 0, 0]],  # groups keep every class
            "y": [[0, 0, 0], [2, 0, 0], [0, 0, 1]]}


def rows():
    return {"y_true": TRUE, "y_pred": PRED, "n": COUNT, "g": GROUP}


FRAMES = {
    # not a range index: 3 * (n - 1 - i) + 1
    "pandas": lambda d: pd.DataFrame(d).set_axis(3 * np.arange(len(d["y_pred"]))[::-1] + 1),
    "arrow": pa.table,
    "record_batch": pa.RecordBatch.from_pydict,
    "reader": lambda d: pa.RecordBatchReader.from_batches(
        pa.RecordBatch.from_pydict(d).schema, [pa.RecordBatch.from_pydict(d)]),
    "polars": pl.DataFrame,
    "lazy": pl.LazyFrame,
}


@pytest.mark.parametrize("kind", FRAMES)
def test_every_frame_kind_with_a_row_of_no_samples_and_groups(kind):
    cm = ClassificationMetric.from_counts(FRAMES[kind](rows()), count="n", group="g")
    assert cm.n_samples == 10
    assert cm.labels.tolist() == ["a", "b", "c"]
    assert cm.CM().tolist() == MATRIX
    groups = cm.by_group()
    assert sorted(groups) == ["x", "y"]
    for key, matrix in BY_GROUP.items():
        assert groups[key].CM().tolist() == matrix
    assert groups.frame("AS").index.names == ["g"]  # the groups are named after the column


def test_a_pyarrow_object_that_is_no_frame_is_refused():
    with pytest.raises(TypeError) as raised:
        ClassificationMetric.from_counts(pa.chunked_array([[1, 2]]))
    assert str(raised.value) == (
        "from_counts takes a pandas DataFrame, a pyarrow Table, RecordBatch or "
        "RecordBatchReader, or a polars DataFrame or LazyFrame of aggregated rows; got "
        "ChunkedArray.")


def frame(counts, weights=None):
    data = {"y_true": [0, 1], "y_pred": [0, 0], "n": counts}
    if weights is not None:
        data["w"] = weights
    return pd.DataFrame(data)


def objects(*values):
    column = np.empty(len(values), dtype=object)
    column[:] = values
    return column


def test_whole_numbers_held_as_objects_are_counts():
    # Python floats and Decimals, whole, the largest safe float included
    cm = ClassificationMetric.from_counts(frame(objects(3.0, Decimal(2))), count="n")
    assert cm.CM().tolist() == [[3, 0], [2, 0]]
    big = ClassificationMetric.from_counts(frame(objects(float(2**53 - 1), 1)), count="n")
    assert big.n_samples == 2**53
    assert big.CM().tolist() == [[2**53 - 1, 0], [1, 0]]


@pytest.mark.parametrize("counts, message", [
    (objects(3.0, 2.5), "count='n' has 1 value(s) that are not whole numbers (e.g. 2.5 at "
     "row 1); a count is a whole number of samples."),
    (objects(float("inf"), 1), "count='n' has 1 value(s) that are not whole numbers (e.g. "
     "inf at row 0); a count is a whole number of samples."),
    (objects(2.0**60, 1), "count='n' has 1 float value(s) beyond 2**53 - 1 (e.g. "
     "1.152921504606847e+18 at row 0), where a float may be the rounding of another integer; "
     "pass the counts as integers or decimals (e.g. CAST(n AS BIGINT) in SQL, or DuckDB's "
     ".arrow() rather than .df())."),
], ids=["fraction", "infinite", "unsafe float"])
def test_object_counts_refused_in_full(counts, message):
    with pytest.raises(ValueError) as raised:
        ClassificationMetric.from_counts(frame(counts), count="n")
    assert str(raised.value) == message


@pytest.mark.parametrize("counts", [objects(2**64 + 1, 1), objects(2**63 + 1, Decimal(5))],
                         ids=["int", "int and decimal"])  # no float holds 2**64 + 1
def test_object_counts_beyond_int64_overflow_in_full(counts):
    total = sum(int(c) for c in counts)
    with pytest.raises(OverflowError) as raised:
        ClassificationMetric.from_counts(frame(counts), count="n")
    assert str(raised.value) == (
        f"count='n' counts {total} samples in all, more than the 2**63 - 1 that int64 counts "
        "hold; divide the counts (every ratio metric is unchanged).")


def test_a_total_of_exactly_int64_max_is_accepted():
    cm = ClassificationMetric.from_counts(frame([2**62, 2**62 - 1]), count="n")
    assert cm.n_samples == 2**63 - 1
    assert cm.CM().tolist() == [[2**62, 0], [2**62 - 1, 0]]


def test_a_weight_below_1_on_a_row_of_no_samples_is_refused_in_full():
    with pytest.raises(ValueError) as raised:
        ClassificationMetric.from_counts(frame([0, 2], [0.5, 1.0]), count="n", weight="w")
    assert str(raised.value) == (
        "weight='w' is positive on 1 row(s) where count='n' is 0, the first at row 0 (weight "
        "0.5); a row of no samples has no weight: fix its count, or give it weight 0.")


def test_whole_decimal_weights_weigh_as_floats():
    weights = pa.array([Decimal(2), Decimal(3)], pa.decimal128(5, 0))
    table = pa.table({"y_true": [0, 1], "y_pred": [0, 0], "w": weights})
    cm = ClassificationMetric.from_counts(table, weight="w")
    matrix = cm.CM()
    assert matrix.dtype == np.float64 and matrix.tolist() == [[2.0, 0.0], [3.0, 0.0]]
    with pytest.raises(ValueError, match="this evaluation is weighted"):
        cm.CI("AS")  # weights are no counts of samples


def test_integer_and_decimal_weights_mixed_as_objects():
    cm = ClassificationMetric.from_counts(frame([1, 1], objects(1, Decimal("2.5"))), weight="w")
    assert cm.CM().tolist() == [[1.0, 0.0], [2.5, 0.0]]


def test_missing_decimal_weight_is_named_in_full():
    table = pa.table({"y_true": [0, 1], "y_pred": [0, 0],
                      "w": pa.array([Decimal(2), None], pa.decimal128(5, 1))})
    with pytest.raises(ValueError) as raised:
        ClassificationMetric.from_counts(table, weight="w")
    assert str(raised.value) == (
        "weight='w' contains 1 missing (NaN, None or NA) value(s), the first at position 1; "
        "weights must be finite and non-negative.")


@pytest.mark.parametrize("values", [[1.0, None], [1, None]], ids=["float", "int"])
def test_missing_polars_counts_are_named_in_full(values):
    data = pl.DataFrame({"y_true": [0, 1], "y_pred": [0, 0], "n": values})
    with pytest.raises(ValueError) as raised:
        ClassificationMetric.from_counts(data, count="n")
    assert str(raised.value) == (
        "count='n' has 1 missing value(s) (null, NaN or NA), the first at row 1; each row "
        "needs its number of samples (fill in or drop those rows).")


def test_a_polars_object_that_is_no_frame_is_refused():
    with pytest.raises(TypeError) as raised:
        ClassificationMetric.from_counts(pl.Series("y_true", [1, 2]))
    assert str(raised.value) == (
        "from_counts takes a pandas DataFrame, a pyarrow Table, RecordBatch or "
        "RecordBatchReader, or a polars DataFrame or LazyFrame of aggregated rows; got "
        "Series.")


@pytest.mark.parametrize("kind", FRAMES)
def test_a_frame_without_rows_is_refused_in_full(kind):
    empty = {"y_true": pa.array([], pa.int64()), "y_pred": pa.array([], pa.int64())}
    data = FRAMES[kind](empty if kind in ("arrow", "record_batch", "reader") else
                        {"y_true": [], "y_pred": []})
    with pytest.raises(ValueError) as raised:
        ClassificationMetric.from_counts(data)
    assert str(raised.value) == "from_counts got a frame without rows; at least one is needed."


@pytest.mark.parametrize("kind", FRAMES)
def test_a_missing_count_column_names_the_closest_one_in_full(kind):
    data = {"y_true": [0, 1], "y_pred": [0, 0], "count_a": [1, 2], "count_b": [3, 4]}
    with pytest.raises(ValueError) as raised:
        ClassificationMetric.from_counts(FRAMES[kind](data), count="count")
    assert str(raised.value) == (
        "count='count' names no column of the frame; its columns are ['y_true', 'y_pred', "
        "'count_a', 'count_b']. Did you mean 'count_a'?")
