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
