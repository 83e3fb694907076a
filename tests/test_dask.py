"""from_dask on a real local distributed cluster equals the in-memory evaluation."""

import os
import sys
import warnings

import dask.array as da
import dask.dataframe as dd
import distributed
import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from permetrics_lite import ClassificationMetric
from tests.helpers import answers, exact_weights
from tests.strategies import examples, problems


@pytest.fixture(scope="module")
def client():
    """A worker process: blocks and their tallies really travel by pickle (one is
    enough for that, and each more costs a process start). Under mutmut none: its fork
    of a process that has run a cluster waits forever on that cluster's dead threads
    (no CPU time, so no timeout ends it); Dask computes in one thread there
    (tests/conftest.py)."""
    if os.environ.get("HYPOTHESIS_PROFILE") == "mutation":
        yield None
        return
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # distributed's own start-up chatter
        cluster = distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=True,
                                           dashboard_address=None, silence_logs=50)
    with cluster, distributed.Client(cluster) as connected:
        yield connected


@settings(max_examples=examples(12))  # each example computes on two worker processes
@given(problem=problems(kinds=("int", "str", "bool")), chunks=st.integers(4, 40))
def test_from_dask_equals_in_memory(client, problem, chunks):
    weight = exact_weights(problem.weight)
    whole = ClassificationMetric(problem.y_true, problem.y_pred, labels=problem.labels,
                                 sample_weight=weight)
    # y_pred and the weights are chunked differently on purpose: from_dask aligns them
    dask_weight = None if weight is None else da.from_array(weight, chunks=chunks + 1)
    cm = ClassificationMetric.from_dask(
        da.from_array(problem.y_true, chunks=chunks),
        da.from_array(problem.y_pred, chunks=max(chunks // 2, 1)),
        dask_weight, labels=problem.labels)
    np.testing.assert_equal(answers(cm), answers(whole))


@pytest.mark.filterwarnings("ignore:Dask currently has limited support")  # str -> object
def test_from_dask_on_dataframe_columns(client):
    rng = np.random.default_rng(0)
    frame = pd.DataFrame({"true": rng.choice(["cat", "dog", "eel"], 1000),
                          "pred": rng.choice(["cat", "dog", "eel", "fox"], 1000),
                          "weight": rng.integers(0, 4, 1000).astype(float)})
    ddf = dd.from_pandas(frame, npartitions=7)
    cm = ClassificationMetric.from_dask(ddf["true"], ddf["pred"], ddf["weight"],
                                        average="macro")
    whole = ClassificationMetric(frame["true"], frame["pred"], sample_weight=frame["weight"],
                                 average="macro")
    np.testing.assert_equal(answers(cm), answers(whole))
    assert cm.PS() == whole.PS() and cm.n_samples == 1000
    assert cm.describe() == whole.describe()
    # a Series and an array of other partitioning are rechunked into line
    mixed = ClassificationMetric.from_dask(ddf["true"], da.from_array(frame["pred"].to_numpy(),
                                                                      chunks=300))
    assert mixed.AS() == ClassificationMetric(frame["true"], frame["pred"]).AS()


def test_from_dask_multilabel(client):
    rng = np.random.default_rng(1)
    true, pred = rng.integers(0, 2, (500, 4)), rng.integers(0, 2, (500, 4))
    cm = ClassificationMetric.from_dask(da.from_array(true, chunks=(60, 2)),
                                        da.from_array(pred, chunks=(70, 4)))
    np.testing.assert_equal(answers(cm), answers(ClassificationMetric(true, pred)))


def test_from_dask_errors_name_the_block_or_argument(client):
    good = da.from_array(np.array([0, 1, 1, 0]), chunks=2)
    with pytest.raises(ValueError, match=r"block 1: y_true contains non-integral values"):
        ClassificationMetric.from_dask(da.from_array(np.array([0, 1, 0.5, 0]), chunks=2), good)
    with pytest.raises(ValueError, match=r"y_true and y_pred have different lengths: 4 and 3"):
        ClassificationMetric.from_dask(good, da.from_array(np.array([0, 1, 1]), chunks=2))
    with pytest.raises(TypeError, match=r"from_dask takes dask arrays or dask Series; "
                                        r"y_pred is a list.*ClassificationMetric\(y_true, y_pred\)"):
        ClassificationMetric.from_dask(good, [0, 1, 1, 0])
    with pytest.raises(ValueError, match=r"all zero in every one of the blocks"):
        ClassificationMetric.from_dask(good, good, da.zeros(4, chunks=2))
    with pytest.raises(ValueError, match="sample_weight cannot be given"):
        ClassificationMetric.from_dask(good, good).AS(sample_weight=[1, 1, 1, 1])


def test_from_dask_without_dask_says_how_to_install(monkeypatch):
    monkeypatch.setitem(sys.modules, "dask", None)  # import dask now raises ImportError
    with pytest.raises(ImportError, match=r"from_dask needs the optional dependency dask; "
                                          r"install it with pip install 'permetrics_lite\[dask\]'"):
        ClassificationMetric.from_dask([0, 1], [0, 1])
