"""The problems every library is given, and the checks that each input type gives
the same answer as the int64 labels of its problem."""

import re
import warnings

import numpy as np
import pandas as pd

from permetrics_lite import ClassificationMetric

from provenance import optional

SEEDS = {"floors": 0, "types": 1, "weights": 2, "small": 3, "many": 4, "few": 5, "peers": 10}
CATEGORICAL_TYPES = ("categorical", "categorical, different")
ARROW_TYPES = ("string[pyarrow]", "ArrowDtype", "pyarrow", "dictionary", "polars")


def codes(n_samples, n_classes, seed=0):
    """Integer labels 0..K-1: 70% right, errors uniform over the classes; and weights."""
    rng = np.random.default_rng(seed)
    true = rng.integers(0, n_classes, n_samples)
    pred = np.where(rng.random(n_samples) < 0.7, true, rng.integers(0, n_classes, n_samples))
    return true, pred, rng.random(n_samples)


def names_of(n_classes):
    return np.array([f"class_{i}" for i in range(n_classes)], dtype=object)


def problem(n_samples, n_classes, kind, seed=0):
    """The same arrays for every library: int64 labels, or object strings ``class_i``."""
    true, pred, weight = codes(n_samples, n_classes, seed)
    if kind == "str":
        names = names_of(n_classes)
        true, pred = names[true], names[pred]
    return true, pred, weight


def input_types(n_samples, n_classes):
    """{name: (how, y_true, y_pred)}: the labels of one problem in every input type
    (without the Arrow ones when pyarrow is not installed, nor polars without it)."""
    pa, pl = optional("pyarrow"), optional("polars")
    t, p, _ = codes(n_samples, n_classes, SEEDS["types"])
    names = names_of(n_classes)
    categories = list(names)
    other = categories[::-1] + ["class_unused"]  # reordered, and one more that never occurs
    objects = names[t], names[p]
    found = {
        "int64": ("numpy int64", t, p),
        "object": ("numpy object array of str", *objects),
        "categorical": ("pd.Categorical, the same categories",
                        pd.Categorical.from_codes(t, categories),
                        pd.Categorical.from_codes(p, categories)),
        "categorical, different": ("pd.Categorical; y_pred's categories reordered, one more",
                                   pd.Categorical.from_codes(t, categories),
                                   pd.Categorical(objects[1], categories=other)),
    }
    if pa is None:
        return found, (t, p)
    arrow = [pa.array(side, type=pa.string()) for side in objects]
    dictionary = pa.array(categories, type=pa.string())
    found |= {
        "string[pyarrow]": ('pd.Series(..., dtype="string[pyarrow]")',
                            *(pd.Series(side, dtype="string[pyarrow]") for side in objects)),
        "ArrowDtype": ("pd.Series(..., dtype=pd.ArrowDtype(pa.string()))",
                       *(pd.Series(side, dtype=pd.ArrowDtype(pa.string())) for side in arrow)),
        "pandas str": ('pd.Series(..., dtype="str") (pandas\' default strings)',
                       *(pd.Series(side, dtype="str") for side in objects)),
        "pyarrow": ("pa.array(..., pa.string())", *arrow),
        "dictionary": ("pa.DictionaryArray (int32 indices, string values)",
                       *(pa.DictionaryArray.from_arrays(pa.array(side.astype(np.int32)),
                                                        dictionary) for side in (t, p))),
    }
    if pl is not None:
        found["polars"] = ("pl.Series of str", *(pl.Series(side) for side in arrow))
    return found, (t, p)


def dtype_seen(values):
    if isinstance(values, np.ndarray):
        return str(values.dtype)
    return str(getattr(values, "dtype", getattr(values, "type", type(values).__name__)))


def assert_same(cm, reference, what):
    """``cm`` (text labels ``class_i``, maybe with extra classes that never occur) has
    the tallies and confusion matrix of ``reference`` (int labels i)."""
    labels, ref = cm.labels, reference.labels
    assert cm.n_samples == reference.n_samples, (what, cm.n_samples, reference.n_samples)
    as_int = np.array([label if isinstance(label, (int, np.integer))
                       else int(label[6:]) if re.fullmatch(r"class_\d+", str(label)) else -1
                       for label in labels.tolist()], dtype=np.int64)
    known = np.isin(as_int, ref)
    where = np.searchsorted(ref, as_int[known])
    mine, theirs = cm.state.tallies, reference.state.tallies
    for field in ("tp", "support", "predicted"):
        values = getattr(mine, field)
        assert np.array_equal(values[known], getattr(theirs, field)[where]), (what, field)
        assert not values[~known].any(), (what, field, "an absent class counted")
    assert known.sum() == len(ref), (what, "classes", labels, ref)
    if mine.matrix is not None and theirs.matrix is not None:
        matrix = cm.CM()
        assert np.array_equal(matrix[np.ix_(known, known)], reference.CM()[np.ix_(where, where)]), \
            (what, "confusion matrix")
        assert matrix.sum() == cm.n_samples, (what, "cells outside the known classes")


def assert_weighted(cm, true, pred, weight, n_classes, what):
    expected = np.bincount(true * n_classes + pred, weights=weight,
                           minlength=n_classes ** 2).reshape(n_classes, n_classes)
    assert np.allclose(cm.CM(), expected, rtol=1e-12, atol=0.0), what


def check_strings(arrays, n_samples, n_classes, seed):
    """Ours on object strings gives the tallies of ours on the int64 labels."""
    t, p, _ = codes(n_samples, n_classes, seed)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        assert_same(ClassificationMetric(arrays[0], arrays[1]), ClassificationMetric(t, p),
                    f"object strings, N={n_samples}, K={n_classes}")
