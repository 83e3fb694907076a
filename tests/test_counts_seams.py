"""Every label input type through from_counts and mcnemar: an evaluation of aggregated
rows equals the evaluation of the samples they stand for (each row repeated count
times, in the frame's own column type), and McNemar's test does not depend on the
container of the same data.

These tests start polars' and DuckDB's thread pools: they are kept apart from the
mutation tests, as tests/test_counts_engines.py is."""

import inspect
import warnings

import duckdb
import numpy as np
import pandas as pd
import polars as pl
import pyarrow as pa
import pytest

from permetrics_lite import ClassificationMetric, mcnemar
from permetrics_lite.metrics import registry as _registry

from .helpers import answers

N_ROWS = 40
CODES = 4  # classes of the rows; Categoricals and Enums add unused ones
STRINGS = np.array(["fox", "cat", "emu", "dog"], dtype=object)  # not in sorted order
INTEGERS = np.array([7, -2, 30, 5])
CATEGORIES = ["yak", "dog", "emu", "ant", "fox", "cat"]  # "yak" and "ant" never occur


def generated_rows(seed, weighted):
    """Codes of aggregated rows (pairs repeated, counts 0 included) and, weighted, the
    weight of one sample of each row (quarter steps: every sum is exact)."""
    rng = np.random.default_rng(seed)
    true = rng.integers(0, CODES, N_ROWS)
    pred = np.where(rng.random(N_ROWS) < 0.6, true, rng.integers(0, CODES, N_ROWS))
    counts = rng.integers(0, 6, N_ROWS)
    counts[rng.random(N_ROWS) < 0.2] = 0
    counts[0] = max(counts[0], 1)
    per_sample = rng.integers(0, 9, N_ROWS) / 4 if weighted else None
    return true, pred, counts, per_sample


def _labels(kind, codes):
    if kind.endswith("bool"):
        return (codes % 2).astype(bool)
    if kind.endswith("int"):
        return INTEGERS[codes]
    return STRINGS[codes]


def _pandas(kind, values):
    if kind == "pandas Series":
        return pd.Series(values, dtype=object)
    if kind.startswith("pandas Categorical"):
        return pd.Series(pd.Categorical(values, categories=CATEGORIES,
                                        ordered=kind.endswith("ordered")))
    return values


def _arrow(kind, values):
    if kind == "pyarrow large_string":
        return pa.array(list(values), pa.large_string())
    if kind == "pyarrow dictionary":  # the dictionary in its own order, with unused entries
        indices = pd.Index(CATEGORIES).get_indexer(values)
        return pa.DictionaryArray.from_arrays(pa.array(indices, pa.int32()),
                                              pa.array(CATEGORIES))
    return pa.array(list(values), pa.string())


def _polars(kind, values):
    dtype = {"polars String": pl.String, "polars Categorical": pl.Categorical,
             "polars Enum": pl.Enum(CATEGORIES)}[kind]
    return pl.Series(list(values), dtype=dtype)


KINDS = ["list", "numpy int", "numpy str", "numpy bool", "pandas Series",
         "pandas Categorical", "pandas Categorical ordered", "pyarrow string",
         "pyarrow large_string", "pyarrow dictionary", "polars String", "polars Categorical",
         "polars Enum", "duckdb df", "duckdb arrow", "duckdb pl", "duckdb int df"]


def frame_and_samples(kind, true, pred, counts, per_sample):
    """The aggregated rows as a frame of ``kind`` (counts ``n``, summed weights ``w``),
    and the samples they stand for, in the same column type: (y_true, y_pred, weight)."""
    t, p = _labels(kind, true), _labels(kind, pred)
    repeat = np.repeat(np.arange(len(counts)), counts)
    weight = None if per_sample is None else per_sample[repeat]
    summed = None if per_sample is None else per_sample * counts
    numbers = {"n": counts} if summed is None else {"n": counts, "w": summed}
    if kind == "list":
        return (pd.DataFrame({"y_true": t.tolist(), "y_pred": p.tolist(), **numbers}),
                t[repeat].tolist(), p[repeat].tolist(), weight)
    if kind.startswith("numpy"):
        return pd.DataFrame({"y_true": t, "y_pred": p, **numbers}), t[repeat], p[repeat], weight
    if kind.startswith("pandas"):
        frame = pd.DataFrame({"y_true": _pandas(kind, t), "y_pred": _pandas(kind, p),
                              **numbers})
        samples = frame.iloc[repeat]  # the column types kept (a Categorical's categories)
        return frame, samples["y_true"], samples["y_pred"], weight
    if kind.startswith("pyarrow"):
        table = pa.table({"y_true": _arrow(kind, t), "y_pred": _arrow(kind, p), **numbers})
        samples = table.take(pa.array(repeat, pa.int64()))
        return table, samples.column("y_true"), samples.column("y_pred"), weight
    if kind.startswith("polars"):
        frame = pl.DataFrame({"y_true": _polars(kind, t), "y_pred": _polars(kind, p),
                              **numbers})
        indices = pl.Series(repeat, dtype=pl.UInt32)
        return (frame, frame.get_column("y_true").gather(indices),
                frame.get_column("y_pred").gather(indices), weight)
    # DuckDB sums the rows again: sum() of integers is a HUGEINT (a float through .df(),
    # a decimal through .arrow() and .pl()); integer weights, so that w is one too
    if per_sample is not None:
        per_sample = np.ceil(per_sample).astype(np.int64)
        numbers["w"], weight = per_sample * counts, per_sample[repeat]
    rows = pd.DataFrame({"y_true": t, "y_pred": p, **numbers})
    sums = ", sum(w) AS w" if "w" in numbers else ""
    connection = duckdb.connect()
    connection.register("rows", rows)
    relation = connection.sql(f"SELECT y_true, y_pred, sum(n) AS n{sums} FROM rows GROUP BY ALL")
    frame = getattr(relation, kind.split()[-1])()
    return frame, t[repeat], p[repeat], weight


def every_metric(cm):
    """Every metric of the registry (of labels) with each of its averages, and
    ``binary`` for each class of a two-class problem; a refusal as its error."""
    results = {}
    for metric in _registry.METRICS:
        method = getattr(cm, metric.alias)
        parameters = inspect.signature(method).parameters
        calls = [{}] + [{"average": average} for average in metric.averages
                        if average != "binary"]
        if "binary" in metric.averages and len(cm.labels) == 2:
            calls += [{"average": "binary", "pos_label": label} for label in cm.labels.tolist()]
        if "pos_label" in parameters and metric.default_average is None:
            calls += [{"pos_label": label} for label in cm.labels.tolist()]
        for options in calls:
            if "zero_division" in parameters:
                options["zero_division"] = np.nan
            key = f"{metric.alias} {options}"
            try:
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore")
                    value = method(**options)
                results[key] = value.tolist() if isinstance(value, np.ndarray) else value
            except (ValueError, TypeError) as error:
                results[key] = (type(error).__name__, str(error))
    return results


@pytest.mark.parametrize("weighted", [False, True], ids=["counts", "weighted"])
@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize("kind", KINDS)
def test_counts_equal_the_samples_for_every_label_type(kind, seed, weighted):
    true, pred, counts, per_sample = generated_rows(seed, weighted)
    frame, y_true, y_pred, weight = frame_and_samples(kind, true, pred, counts, per_sample)
    counted = ClassificationMetric.from_counts(frame, count="n",
                                               weight="w" if weighted else None)
    samples = ClassificationMetric(y_true, y_pred, sample_weight=weight)
    assert counted.labels.tolist() == samples.labels.tolist()
    assert counted.n_samples == samples.n_samples == int(counts.sum())
    np.testing.assert_equal(counted.CM(), samples.CM())
    np.testing.assert_equal(every_metric(counted), every_metric(samples))
    np.testing.assert_equal(answers(counted), answers(samples))
    if not weighted:  # intervals count samples
        assert counted.CI("AS") == samples.CI("AS")
        assert (counted.CI("BAS", method="bootstrap", n_resamples=50, random_state=1)
                == samples.CI("BAS", method="bootstrap", n_resamples=50, random_state=1))


@pytest.mark.parametrize("kind", ["pandas Categorical", "pandas Categorical ordered",
                                  "pyarrow dictionary", "polars Enum", "numpy str"])
def test_class_order_and_unused_categories_follow_the_constructor(kind):
    true, pred, counts, _ = generated_rows(0, False)
    frame, y_true, y_pred, _ = frame_and_samples(kind, true, pred, counts, None)
    expected = ClassificationMetric(y_true, y_pred).labels.tolist()
    assert ClassificationMetric.from_counts(frame, count="n").labels.tolist() == expected
    if kind.startswith("pandas"):  # every category, in the categories' order
        assert expected == CATEGORIES
    else:  # the sorted labels of the samples
        assert expected == sorted(set(STRINGS[np.union1d(true[counts > 0],
                                                         pred[counts > 0])]))


def test_a_categorical_gives_the_macro_average_of_its_categories():
    # y_pred names a category no sample is of: as for the constructor, it is a class
    rows = pd.DataFrame({"y_true": pd.Categorical(["a", "a", "b"], categories=["a", "b", "c"]),
                         "y_pred": pd.Categorical(["a", "c", "b"], categories=["a", "b", "c"]),
                         "n": [17, 3, 10]})
    counted = ClassificationMetric.from_counts(rows, count="n")
    samples = rows.iloc[np.repeat(np.arange(3), rows["n"])]
    expected = ClassificationMetric(samples["y_true"], samples["y_pred"])
    assert counted.labels.tolist() == expected.labels.tolist() == ["a", "b", "c"]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        assert counted.RS(average="macro") == expected.RS(average="macro")
        assert counted.PS(average=None) == expected.PS(average=None)
    unused = rows.assign(n=[17, 0, 10])  # the only row of "c" counts nothing: still a class
    assert ClassificationMetric.from_counts(unused, count="n").labels.tolist() == ["a", "b", "c"]


def _containers(values):
    array = np.asarray(values)
    return {
        "list": list(values),
        "numpy": array,
        "pandas": pd.Series(array),
        "pandas Categorical": pd.Series(pd.Categorical(array, categories=["z", "b", "a"])),
        "pyarrow": pa.array(list(values)),
        "pyarrow chunked": pa.chunked_array([list(values)[:3], list(values)[3:]]),
        "pyarrow dictionary": pa.array(list(values)).dictionary_encode(),
        "polars": pl.Series(list(values)),
        "polars Categorical": pl.Series(list(values), dtype=pl.Categorical),
    }


def test_mcnemar_is_the_same_for_every_container():
    y_true = ["a", "b", "b", "a", "b", "a", "a", "b", "a", "b"]
    model_a = ["a", "b", "b", "a", "b", "a", "a", "b", "b", "b"]
    model_b = ["a", "a", "b", "b", "a", "a", "a", "a", "b", "b"]
    expected = mcnemar(y_true, model_a, model_b)
    assert expected.table.tolist() == [[5, 4], [0, 1]]
    containers = [_containers(values) for values in (y_true, model_a, model_b)]
    for kind in containers[0]:
        for method in ("exact", "mid-p", "asymptotic"):
            result = mcnemar(*(c[kind] for c in containers), method=method)
            reference = mcnemar(y_true, model_a, model_b, method=method)
            assert (result.statistic, result.pvalue) == (reference.statistic, reference.pvalue)
            assert result.table.tolist() == reference.table.tolist()
    # mixed containers of the same samples
    mixed = mcnemar(containers[0]["polars"], containers[1]["pandas Categorical"],
                    containers[2]["pyarrow dictionary"])
    assert (mixed.statistic, mixed.pvalue) == (expected.statistic, expected.pvalue)
