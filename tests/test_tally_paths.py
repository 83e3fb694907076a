"""Tally paths that only large or unusual problems take, against per-sample loops.

Each test builds the expected confusion matrix (or per-label matrices) with a
loop over the samples written here, independent of the library's encoding and
tallying, and compares every cached tally the path produced.
"""

import warnings

import numpy as np
import pandas as pd
import pytest
from sklearn import metrics as skm

from permetrics_lite import ClassificationMetric
from permetrics_lite.core import tally as C


def _loop_matrix(y_true, y_pred, labels, weight=None):
    """The confusion matrix by a loop over samples: rows true, columns predicted."""
    where = {label: i for i, label in enumerate(labels)}
    matrix = np.zeros((len(labels), len(labels)))
    for i, (t, p) in enumerate(zip(y_true, y_pred)):
        matrix[where[t], where[p]] += 1.0 if weight is None else weight[i]
    return matrix


def _assert_tallies(cm, matrix):
    """Every metric of ``cm`` that reads the tallies equals those of ``matrix``."""
    support, predicted, tp = matrix.sum(axis=1), matrix.sum(axis=0), np.diag(matrix)
    report = cm.report(zero_division=0.0)
    np.testing.assert_allclose(report["support"], support, rtol=1e-12)
    np.testing.assert_allclose(report["predicted"], predicted, rtol=1e-12)
    np.testing.assert_allclose(report["tp"], tp, rtol=1e-12)
    assert cm.AS() == pytest.approx(tp.sum() / matrix.sum(), rel=1e-12)
    np.testing.assert_allclose(cm.CM(), matrix, rtol=1e-12)


def _problem(rng, n, values, weighted, zero_share=0.3):
    y_true = rng.choice(values, n)
    y_pred = np.where(rng.random(n) < 0.6, y_true, rng.choice(values, n))
    weight = None
    if weighted:
        weight = rng.random(n) + 0.01
        weight[rng.random(n) < zero_share] = 0.0  # zero weights hide some labels
    return y_true, y_pred, weight


@pytest.mark.parametrize("weighted", [False, True])
@pytest.mark.parametrize("spacing", [1, 7])
def test_integer_labels_over_more_than_2048_values_keep_their_weights(weighted, spacing):
    rng = np.random.default_rng(spacing)
    values = np.arange(3000) * spacing - 1000  # K * K beyond the dense limit
    y_true, y_pred, weight = _problem(rng, 5000, values, weighted)
    cm = ClassificationMetric(y_true, y_pred, sample_weight=weight)
    labels = np.union1d(y_true, y_pred)
    assert cm.labels.tolist() == labels.tolist()
    expected = _loop_matrix(y_true, y_pred, labels, weight)
    _assert_tallies(cm, expected)
    if weighted:  # the same weights given to the queries of an unweighted evaluation
        plain = ClassificationMetric(y_true, y_pred)
        np.testing.assert_allclose(plain.CM(sample_weight=weight), expected, rtol=1e-12)
        assert plain.AS(sample_weight=weight) == pytest.approx(
            np.trace(expected) / expected.sum(), rel=1e-12)
        assert plain.RS(average="macro", sample_weight=weight, zero_division=0.0) == (
            cm.RS(average="macro", zero_division=0.0))


@pytest.mark.parametrize("n_classes", [2100, 3000])
def test_weighted_sum_above_the_dense_limit_keeps_the_weights(n_classes):
    rng = np.random.default_rng(n_classes)
    y_true, y_pred, weight = _problem(rng, 6000, np.arange(n_classes), True, zero_share=0)
    half = 3000
    total = (ClassificationMetric(y_true[:half], y_pred[:half], sample_weight=weight[:half])
             + ClassificationMetric(y_true[half:], y_pred[half:], sample_weight=weight[half:]))
    labels = np.union1d(y_true, y_pred)
    _assert_tallies(total, _loop_matrix(y_true, y_pred, labels, weight))
    expected = skm.cohen_kappa_score(y_true, y_pred, sample_weight=weight)
    assert total.CKS() == pytest.approx(expected, rel=1e-9)
    chunks = [(y_true[i:i + 1000], y_pred[i:i + 1000], weight[i:i + 1000])
              for i in range(0, 6000, 1000)]
    batched = ClassificationMetric.from_batches(chunks)
    _assert_tallies(batched, _loop_matrix(y_true, y_pred, labels, weight))


@pytest.mark.parametrize("weighted", [False, True])
def test_more_classes_than_samples_build_the_matrix_on_request(weighted):
    # 1,000 classes, 4,000 samples: tallied per class, the matrix built when asked
    rng = np.random.default_rng(7)
    values = np.array([f"c{i:04d}" for i in range(1000)])
    y_true, y_pred, weight = _problem(rng, 4000, values, weighted, zero_share=0)
    cm = ClassificationMetric(y_true, y_pred, sample_weight=weight)
    labels = np.union1d(y_true, y_pred)
    expected = _loop_matrix(y_true, y_pred, labels, weight)
    _assert_tallies(cm, expected)
    assert cm.CM() is not cm.CM() and np.array_equal(cm.CM(), cm.CM())  # built once, copied
    assert cm.CKS(weights="linear") == pytest.approx(skm.cohen_kappa_score(
        y_true, y_pred, weights="linear", sample_weight=weight), rel=1e-9)
    other = rng.random(4000)  # a query's own weights build their own matrix
    np.testing.assert_allclose(cm.CM(sample_weight=other),
                               _loop_matrix(y_true, y_pred, labels, other), rtol=1e-12)
    halves = [ClassificationMetric(y_true[part], y_pred[part],
                                   sample_weight=None if weight is None else weight[part])
              for part in (slice(0, 1500), slice(1500, None))]
    _assert_tallies(halves[0] + halves[1], expected)


@pytest.mark.parametrize("n_classes", [300, 3000])  # tallied per class; above 2**22 cells
@pytest.mark.parametrize("weighted", [False, True])
def test_intervals_of_an_evaluation_without_its_matrix(n_classes, weighted):
    # resampled from the matrix the codes give: as from that matrix itself (or, for
    # a query's own weights, as when the same weights are given at construction)
    rng = np.random.default_rng(n_classes)
    y_true, y_pred, _ = _problem(rng, 1000, np.arange(n_classes), False)
    cm = ClassificationMetric(y_true, y_pred)
    assert cm.state.tallies.matrix is None
    query = rng.random(1000) if weighted else None
    given = (ClassificationMetric(y_true, y_pred, sample_weight=query) if weighted
             else ClassificationMetric.from_confusion_matrix(cm.CM(), cm.labels))
    options = dict(ci="bootstrap", n_resamples=20, random_state=0, zero_division=0.0)
    with warnings.catch_warnings():  # balanced accuracy: classes absent from y_true
        warnings.simplefilter("ignore", UserWarning)
        summaries = cm.summary(sample_weight=query, **options), given.summary(**options)
    pd.testing.assert_frame_equal(*summaries)
    pd.testing.assert_frame_equal(cm.report(sample_weight=query, **options),
                                  given.report(**options))
    # bca needs counts, and its jackknife by cells is slow with 3,000 classes
    for method in ("bootstrap",) if weighted or n_classes > 2048 else ("bootstrap", "bca"):
        assert cm.CI("AS", method=method, n_resamples=20, random_state=0,
                     sample_weight=query) == given.CI("AS", method=method, n_resamples=20,
                                                       random_state=0)


def test_a_kept_matrix_of_an_older_evaluation_and_query_weights():
    # pickled when 300 classes and 1,000 samples were tallied dense: a query's own
    # weights still build their matrix
    rng = np.random.default_rng(5)
    y_true, y_pred, _ = _problem(rng, 1000, np.arange(300), False)
    cm = ClassificationMetric(y_true, y_pred)
    pickled = cm.__getstate__()
    dense = C.from_matrix(cm.CM())
    pickled["state"]["_tallies"] = dict(dense._asdict(), cells=None)
    older = ClassificationMetric.__new__(ClassificationMetric)
    older.__setstate__(pickled)
    assert older.state.tallies.matrix is not None
    weight = rng.random(1000)
    expected = _loop_matrix(y_true, y_pred, cm.labels.tolist(), weight)
    np.testing.assert_allclose(older.CM(sample_weight=weight), expected, rtol=1e-12)
    assert older.CKS(weights="linear", sample_weight=weight) == pytest.approx(
        skm.cohen_kappa_score(y_true, y_pred, weights="linear", sample_weight=weight),
        rel=1e-9)


def test_sum_with_a_custom_label_order_places_every_cell():
    first = ClassificationMetric(["b", "a", "b"], ["b", "b", "a"], labels=["c", "b", "a"])
    second = ClassificationMetric(["a", "d", "c"], ["d", "d", "a"])
    total = first + second
    # the first side's order, then the second's new classes
    assert total.labels.tolist() == ["c", "b", "a", "d"]
    y_true, y_pred = ["b", "a", "b", "a", "d", "c"], ["b", "b", "a", "d", "d", "a"]
    _assert_tallies(total, _loop_matrix(y_true, y_pred, total.labels.tolist()))
    assert total.CM(as_frame=True).loc["c", "a"] == 1


@pytest.mark.parametrize("first_order, second_order", [
    (["a", "b", "c"], ["a", "b", "c"]), (["c", "a", "b"], ["a", "b", "c"]),
    (["a", "b", "c"], ["b", "c", "a"])])
def test_sum_of_the_same_classes_in_any_order_places_every_cell(first_order, second_order):
    y_true, y_pred = ["a", "b", "c", "c", "a", "b"], ["b", "b", "a", "c", "c", "a"]
    first = ClassificationMetric(y_true[:3], y_pred[:3], labels=first_order)
    second = ClassificationMetric(y_true[3:], y_pred[3:], labels=second_order)
    total = first + second
    assert total.labels.tolist() == first_order
    _assert_tallies(total, _loop_matrix(y_true, y_pred, first_order))


@pytest.mark.parametrize("n_classes", [255, 256, 257, 258])
@pytest.mark.parametrize("kind", ["int", "str"])
def test_codes_past_one_byte_do_not_wrap(n_classes, kind):
    rng = np.random.default_rng(n_classes)
    values = np.arange(n_classes) if kind == "int" else np.array(
        [f"c{i:04d}" for i in range(n_classes)])
    y_true = np.concatenate([values, rng.choice(values, 500)])
    y_pred = np.concatenate([values[::-1], rng.choice(values, 500)])
    cm = ClassificationMetric(y_true, y_pred)
    assert cm.n_classes == n_classes
    _assert_tallies(cm, _loop_matrix(y_true, y_pred, np.sort(values).tolist()))
    # the last class is predicted for the first sample: code 256 must not read as 0
    assert cm.CM()[0, n_classes - 1] >= 1
    assert cm.AS(sample_weight=np.ones(len(y_true))) == pytest.approx(
        np.mean(y_true == y_pred), rel=1e-12)


@pytest.mark.parametrize("normalize", ["true", "pred", "all"])
@pytest.mark.parametrize("weighted", [False, True])
def test_multilabel_confusion_matrices_normalize_each_label(normalize, weighted):
    rng = np.random.default_rng(3)
    y_true = rng.integers(0, 2, (40, 4))
    y_pred = np.where(rng.random((40, 4)) < 0.7, y_true, 1 - y_true)
    y_pred[:, 3] = 1  # one label predicted everywhere: its "pred" row 0 is 0/0
    weight = rng.random(40) + 0.1 if weighted else None
    cm = ClassificationMetric(y_true, y_pred, sample_weight=weight)
    got = cm.CM(normalize=normalize, zero_division=0.0)
    for label in range(4):
        cells = np.zeros((2, 2))
        for i in range(40):  # [[tn, fp], [fn, tp]] by a loop
            cells[y_true[i, label], y_pred[i, label]] += 1.0 if weight is None else weight[i]
        axis = {"true": 1, "pred": 0, "all": None}[normalize]
        sums = cells.sum(axis=axis, keepdims=axis is not None)
        expected = np.divide(cells, sums, out=np.zeros((2, 2)), where=sums != 0)
        np.testing.assert_allclose(got[label], expected, rtol=1e-12, atol=0)
