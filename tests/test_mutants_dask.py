"""Tests written for the surviving mutants (.ci/mutation) of core/dask_blocks.py: Dask
collections tallied block by block, then added up in a tree. Each expected confusion
matrix is scikit-learn's of the same labels in memory, each message written out by
hand.

This module imports neither polars nor DuckDB, and Dask computes in one thread under
mutmut (tests/conftest.py), so its cases run there."""

import dask.array as da
import dask.dataframe as dd
import numpy as np
import pandas as pd
import pytest
from sklearn.metrics import confusion_matrix

from permetrics_lite import ClassificationMetric

TRUE = np.array([0, 1, 2, 2, 1, 0, 0, 2, 1, 1, 2, 0, 1])
PRED = np.array([0, 2, 2, 1, 1, 0, 1, 2, 1, 0, 2, 0, 0])
WEIGHT = np.array([1, 2, 3, 1, 2, 3, 1, 2, 3, 1, 2, 3, 4], dtype=float)


@pytest.mark.parametrize("chunks", [1, 2, 3, 4, 5, 6, 7, 13])
def test_every_block_is_added_once(chunks):
    """1 to 13 blocks: odd ones out at every level of the tree."""
    cm = ClassificationMetric.from_dask(da.from_array(TRUE, chunks=chunks),
                                        da.from_array(PRED, chunks=chunks))
    assert cm.CM().tolist() == confusion_matrix(TRUE, PRED).tolist()
    weighted = ClassificationMetric.from_dask(
        da.from_array(TRUE, chunks=chunks), da.from_array(PRED, chunks=chunks),
        da.from_array(WEIGHT, chunks=chunks))
    assert weighted.CM().tolist() == confusion_matrix(TRUE, PRED, sample_weight=WEIGHT).tolist()


def test_arrays_of_unknown_chunk_sizes_are_measured():
    keep = TRUE != PRED  # the wrong samples, and a few right ones
    keep[[0, 4, 7]] = True
    true = da.from_array(TRUE, chunks=4)[da.from_array(keep, chunks=4)]
    pred = da.from_array(PRED, chunks=3)[da.from_array(keep, chunks=3)]
    weight = da.from_array(WEIGHT, chunks=5)[da.from_array(keep, chunks=5)]
    assert np.isnan(true.shape[0]) and np.isnan(pred.shape[0])  # unknown, as Dask makes them
    cm = ClassificationMetric.from_dask(true, pred, weight)
    assert cm.CM().tolist() == confusion_matrix(TRUE[keep], PRED[keep],
                                                sample_weight=WEIGHT[keep]).tolist()


def test_series_weights_beside_arrays_are_rechunked_into_line():
    weight = dd.from_pandas(pd.Series(WEIGHT), npartitions=3)
    cm = ClassificationMetric.from_dask(da.from_array(TRUE, chunks=5),
                                        da.from_array(PRED, chunks=4), weight)
    assert cm.CM().tolist() == confusion_matrix(TRUE, PRED, sample_weight=WEIGHT).tolist()
    frame = dd.from_pandas(pd.DataFrame({"t": TRUE, "p": PRED, "w": WEIGHT}), npartitions=4)
    cm = ClassificationMetric.from_dask(frame["t"], frame["p"], frame["w"])
    assert cm.CM().tolist() == confusion_matrix(TRUE, PRED, sample_weight=WEIGHT).tolist()


@pytest.mark.parametrize("position", [0, 2])
def test_an_argument_that_is_not_dask_is_named(position):
    arguments = [da.from_array(TRUE, chunks=5), da.from_array(PRED, chunks=5),
                 da.from_array(WEIGHT, chunks=5)]
    arguments[position] = arguments[position].compute().tolist()
    name = ["y_true", "y_pred", "sample_weight"][position]
    with pytest.raises(TypeError) as raised:
        ClassificationMetric.from_dask(*arguments)
    assert str(raised.value) == (
        f"from_dask takes dask arrays or dask Series; {name} is a list. For data in memory "
        "use ClassificationMetric(y_true, y_pred).")
