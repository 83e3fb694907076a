"""from_counts on the frames of Arrow, polars and DuckDB (kept apart from the mutation
tests: a process forked after these engines started their thread pools can hang)."""

import duckdb
import numpy as np
import pandas as pd
import polars
import pyarrow as pa
import pytest

from permetrics_lite import ClassificationMetric

from .helpers import answers


@pytest.mark.parametrize("convert", [
    pa.Table.from_pandas,
    lambda frame: pa.Table.from_pandas(frame).to_reader(),
    polars.from_pandas,
], ids=["arrow table", "arrow reader", "polars"])
def test_arrow_and_polars_frames(convert):
    rows = pd.DataFrame({"y_true": ["a", "a", "b"], "y_pred": ["a", "b", "b"], "n": [5, 1, 4],
                         "unused": [0.5, 0.5, 0.5]})
    cm = ClassificationMetric.from_counts(convert(rows), count="n")
    assert cm.CM().tolist() == [[5, 1], [0, 4]] and cm.labels.tolist() == ["a", "b"]


def test_duckdb_does_the_group_by(tmp_path):
    rng = np.random.default_rng(1)
    true = rng.choice(["cat", "dog", "fox"], 5000)
    pred = np.where(rng.random(5000) < 0.8, true, rng.choice(["cat", "dog", "fox"], 5000))
    region = rng.choice(["north", "south"], 5000)
    path = tmp_path / "predictions.parquet"
    pd.DataFrame({"y_true": true, "y_pred": pred, "region": region}).to_parquet(path)
    rows = duckdb.sql(f"SELECT y_true, y_pred, region, count(*) AS n FROM '{path}' "
                      "GROUP BY ALL").arrow()
    cm = ClassificationMetric.from_counts(rows, count="n", group="region")
    samples = ClassificationMetric(true, pred)
    np.testing.assert_equal(answers(cm), answers(samples))
    grouped = samples.by_group(pd.Series(region, name="region"))
    assert cm.by_group().frame(["AS", "BAS"]).equals(grouped.frame(["AS", "BAS"]))


@pytest.mark.parametrize("result", ["df", "arrow", "pl"])
def test_duckdb_sums_of_counts_are_counts(result):
    # sum() of counts is a HUGEINT: a float64 through .df(), a decimal128(38, 0) through
    # .arrow() and .pl(); each is read as the exact counts it holds
    rng = np.random.default_rng(2)
    true = rng.choice(["cat", "dog", "fox"], 20000)
    pred = np.where(rng.random(20000) < 0.9, true, rng.choice(["cat", "dog", "fox"], 20000))
    samples = pd.DataFrame({"y_true": true, "y_pred": pred, "day": rng.integers(0, 7, 20000)})
    connection = duckdb.connect()
    connection.register("samples", samples)
    daily = connection.sql("SELECT y_true, y_pred, day, count(*) AS n FROM samples GROUP BY ALL")
    relation = daily.query("daily", "SELECT y_true, y_pred, sum(n) AS n FROM daily GROUP BY ALL")
    rows = getattr(relation, result)()
    counted = ClassificationMetric.from_counts(rows, count="n")
    expected = ClassificationMetric(true, pred)
    assert counted.n_samples == 20000
    np.testing.assert_equal(answers(counted), answers(expected))
    assert counted.CI("AS") == expected.CI("AS")
    interval = counted.CI("AS", method="bootstrap", random_state=0)
    assert interval == expected.CI("AS", method="bootstrap", random_state=0)
    assert 0.85 < interval.low < interval.estimate < interval.high < 0.95


def test_duckdb_sums_of_integer_weights_are_weights():
    samples = pd.DataFrame({"y_true": [0, 0, 1, 1, 1], "y_pred": [0, 1, 1, 1, 0],
                            "w": [2, 1, 3, 4, 1]})
    expected = ClassificationMetric(samples["y_true"], samples["y_pred"],
                                    sample_weight=samples["w"])
    for result in ("df", "arrow", "pl"):  # w: a HUGEINT
        connection = duckdb.connect()
        connection.register("samples", samples)
        rows = getattr(connection.sql("SELECT y_true, y_pred, count(*) AS n, sum(w) AS w "
                                      "FROM samples GROUP BY ALL"), result)()
        counted = ClassificationMetric.from_counts(rows, count="n", weight="w")
        np.testing.assert_equal(answers(counted), answers(expected))


def test_a_polars_lazy_frame_is_collected():
    rows = polars.DataFrame({"y_true": ["a", "a", "b"], "y_pred": ["a", "b", "b"],
                             "n": [5, 1, 4], "unused": [0.5, 0.5, 0.5]}).lazy()
    cm = ClassificationMetric.from_counts(rows.filter(polars.col("n") > 0), count="n")
    assert cm.CM().tolist() == [[5, 1], [0, 4]] and cm.labels.tolist() == ["a", "b"]
    with pytest.raises(ValueError) as raised:
        ClassificationMetric.from_counts(rows, count="unsued")
    assert str(raised.value) == ("count='unsued' names no column of the frame; its columns are "
                                 "['y_true', 'y_pred', 'n', 'unused']. Did you mean 'unused'?")


def test_polars_decimal_and_unsigned_counts():
    for dtype in (polars.Decimal(38, 0), polars.UInt64, polars.Float64, polars.Decimal(20, 2)):
        rows = polars.DataFrame({"y_true": [1, 1, 0], "y_pred": [1, 0, 0],
                                 "n": polars.Series([3, 1, 2]).cast(dtype)})
        cm = ClassificationMetric.from_counts(rows, count="n")
        assert cm.CM().tolist() == [[2, 0], [1, 3]] and cm.n_samples == 6
    rows = polars.DataFrame({"y_true": [1, 1, 0], "y_pred": [1, 0, 0],
                             "n": polars.Series([3, None, 2], dtype=polars.Int64)})
    with pytest.raises(ValueError, match=r"^count='n' has 1 missing value\(s\) \(null, NaN or "
                                         r"NA\), the first at row 1;"):
        ClassificationMetric.from_counts(rows, count="n")


def test_duckdb_groups_binned_scores():
    from tests.test_score_sums import assert_same_answers

    rng = np.random.default_rng(4)
    label = rng.choice(["ham", "spam"], 20000, p=[0.7, 0.3])
    probability = np.clip(rng.normal(np.where(label == "spam", 0.7, 0.35), 0.2), 0, 1)
    weight = rng.uniform(0.5, 2, 20000)  # not whole: neither side bins quantiles
    frame = pd.DataFrame({"label": label, "probability": probability, "w": weight})
    rows = duckdb.sql("SELECT label, round(probability, 3) AS p, count(*) AS n, sum(w) AS w "
                      "FROM frame GROUP BY ALL").arrow()
    rows = pa.table(rows.read_all() if hasattr(rows, "read_all") else rows)  # by version
    assert rows.num_rows < 2100  # at most 1,001 rounded scores of each label
    rounded = np.round(probability, 3)
    cm = ClassificationMetric.from_counts(rows, true="label", score="p", count="n")
    assert_same_answers(cm, ClassificationMetric.from_scores(label, rounded), 0.0)
    for method in ("delong", "bootstrap"):
        options = {} if method == "delong" else {"n_resamples": 50, "random_state": 0}
        assert tuple(cm.CI("AUC", method=method, **options)) == tuple(
            ClassificationMetric.from_scores(label, rounded).CI("AUC", method=method, **options))
    weighted = ClassificationMetric.from_counts(rows, true="label", score="p", count="n",
                                                weight="w")
    assert_same_answers(weighted, ClassificationMetric.from_scores(label, rounded,
                                                                   sample_weight=weight), 1e-12)
