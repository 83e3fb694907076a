"""Every metric against an independent oracle on random problems.

Oracles: scikit-learn, mlxtend, and per-sample Python loops written here.
"""

import warnings

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp
from mlxtend.evaluate import accuracy_score as mlxtend_accuracy
from sklearn import metrics as skm
from sklearn.utils.multiclass import unique_labels

from permetrics_lite import ClassificationMetric, UndefinedMetricWarning
from tests.strategies import multilabel_problems, problems

close = dict(rel=1e-9, abs=1e-12)


def build(problem, **kwargs):
    return ClassificationMetric(
        problem.y_true, problem.y_pred, labels=problem.labels, sample_weight=problem.weight,
        **kwargs,
    )


def weights_of(problem):
    return np.ones(len(problem.y_true)) if problem.weight is None else problem.weight


def loop_one_vs_rest_accuracy(problem, label):
    """Per-sample loop: weight of samples where (true == label) agrees with (pred == label)."""
    w = weights_of(problem)
    right = sum(w[i] for i in range(len(w)) if (problem.y_true[i] == label) == (problem.y_pred[i] == label))
    return right / w.sum()


def loop_support(problem, label):
    w = weights_of(problem)
    return sum(w[i] for i in range(len(w)) if problem.y_true[i] == label)


# ---------------------------------------------------------------------------
# AS
# ---------------------------------------------------------------------------


@given(problems())
def test_accuracy_matches_sklearn(problem):
    cm = build(problem)
    y_true, y_pred, w = problem.y_true, problem.y_pred, problem.weight
    assert cm.AS() == pytest.approx(skm.accuracy_score(y_true, y_pred, sample_weight=w), **close)
    count = cm.AS(normalize=False)
    expected = skm.accuracy_score(y_true, y_pred, normalize=False, sample_weight=w)
    if w is None:
        assert type(count) is int and count == expected
    else:
        assert type(count) is float and count == pytest.approx(expected, **close)
    assert type(cm.AS()) is float


@given(problems(weighted=False))
def test_accuracy_matches_mlxtend(problem):
    expected = mlxtend_accuracy(problem.y_true, problem.y_pred, method="standard")
    assert build(problem).AS() == pytest.approx(expected, **close)


@given(problems(weighted=True))
def test_query_weights_equal_constructor_weights(problem):
    unweighted = ClassificationMetric(problem.y_true, problem.y_pred, labels=problem.labels)
    weighted = build(problem)
    w = problem.weight
    assert unweighted.AS(sample_weight=w) == weighted.AS()
    assert unweighted.AS(sample_weight=w, normalize=False) == weighted.AS(normalize=False)
    assert unweighted.PCA(sample_weight=w) == weighted.PCA()
    np.testing.assert_array_equal(unweighted.CM(sample_weight=w), weighted.CM())
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        assert unweighted.BAS(sample_weight=w) == weighted.BAS()
        assert unweighted.report(sample_weight=w).equals(weighted.report())
    # and the query's weights do not stick
    assert unweighted.AS(normalize=False) == np.count_nonzero(problem.y_true == problem.y_pred)


# ---------------------------------------------------------------------------
# BAS
# ---------------------------------------------------------------------------


def classes_present(problem):
    w = weights_of(problem)
    return {label for label, weight in zip(problem.y_true.tolist(), w) if weight > 0}


@given(problems(), st.booleans())
def test_balanced_accuracy_matches_sklearn(problem, adjusted):
    cm = build(problem)
    single = len(classes_present(problem)) == 1
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        ours = cm.BAS(adjusted=adjusted, zero_division=np.nan)
        expected = skm.balanced_accuracy_score(
            problem.y_true, problem.y_pred, sample_weight=problem.weight, adjusted=adjusted
        )
    if adjusted and single:  # sklearn divides by zero here; we follow zero_division
        assert np.isnan(ours) and not np.isfinite(expected)
    else:
        assert ours == pytest.approx(expected, **close)


@given(problems(weighted=False))
def test_balanced_accuracy_matches_mlxtend(problem):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)  # classes only in y_pred, as sklearn
        ours = build(problem).BAS()
    expected = mlxtend_accuracy(problem.y_true, problem.y_pred, method="balanced")
    assert ours == pytest.approx(expected, **close)


def test_balanced_accuracy_warns_for_classes_only_in_y_pred():
    cm = ClassificationMetric([0, 0, 1, 1], [0, 2, 1, 1])
    with pytest.warns(UserWarning, match=r"y_pred contains classes not in y_true: \[2\]"):
        assert cm.BAS() == pytest.approx(0.75)


def test_adjusted_balanced_accuracy_with_one_class_follows_zero_division():
    cm = ClassificationMetric([1, 1, 1], [1, 1, 1])
    with pytest.warns(UndefinedMetricWarning, match="single class"):
        assert cm.BAS(adjusted=True) == 0.0
    assert cm.BAS(adjusted=True, zero_division=1.0) == 1.0
    assert np.isnan(cm.BAS(adjusted=True, zero_division=np.nan))
    assert cm.BAS() == 1.0


# ---------------------------------------------------------------------------
# PCA
# ---------------------------------------------------------------------------


@given(problems())
def test_per_class_accuracy_matches_loop_and_mlxtend(problem):
    cm = build(problem)
    result = cm.PCA()
    assert list(result) == cm.labels.tolist()
    expected = {label: loop_one_vs_rest_accuracy(problem, label) for label in result}
    assert result == pytest.approx(expected, **close)
    for label, value in result.items():
        assert cm.PCA(pos_label=label) == value
        assert cm.PCA(pos_label=label, average="binary") == value
    macro = np.mean(list(expected.values()))
    assert cm.PCA(average="macro") == pytest.approx(macro, **close)
    assert cm.PCA(average="micro") == pytest.approx(macro, **close)
    support = [loop_support(problem, label) for label in result]  # sums to the total weight > 0
    weighted = np.average(list(expected.values()), weights=support)
    assert cm.PCA(average="weighted") == pytest.approx(weighted, **close)


@given(problems(weighted=False))
def test_per_class_accuracy_matches_mlxtend(problem):
    result = build(problem).PCA()
    for label in np.unique(problem.y_true).tolist():
        expected = mlxtend_accuracy(problem.y_true, problem.y_pred, method="binary", pos_label=label)
        assert result[label] == pytest.approx(expected, **close)


@st.composite
def problems_predicting_only_true_classes(draw):
    """y_pred's classes are classes of y_true: a prediction of another class is redrawn."""
    problem = draw(problems(weighted=False, with_labels=False))
    n = len(problem.y_true)
    others = draw(hnp.arrays(np.int64, n, elements=st.integers(0, n - 1)))
    known = np.isin(problem.y_pred, problem.y_true)
    problem.y_pred = np.where(known, problem.y_pred, problem.y_true[others])
    return problem


@given(problems_predicting_only_true_classes())
def test_macro_per_class_accuracy_is_mlxtend_average_when_y_pred_adds_no_class(problem):
    assert set(problem.y_pred.tolist()) <= set(problem.y_true.tolist())
    expected = mlxtend_accuracy(problem.y_true, problem.y_pred, method="average")
    assert build(problem).PCA(average="macro") == pytest.approx(expected, **close)


# ---------------------------------------------------------------------------
# CM
# ---------------------------------------------------------------------------


@pytest.mark.filterwarnings("ignore:A single label was found:UserWarning")
@given(problems(), st.sampled_from([None, "true", "pred", "all"]))
def test_confusion_matrix_matches_sklearn(problem, normalize):
    cm = build(problem)
    if problem.labels is None:
        assert cm.labels.tolist() == unique_labels(problem.y_true, problem.y_pred).tolist()
    else:
        assert cm.labels.tolist() == problem.labels.tolist()
    expected = skm.confusion_matrix(
        problem.y_true, problem.y_pred, labels=problem.labels,
        sample_weight=problem.weight, normalize=normalize,
    )
    ours = cm.CM(normalize=normalize, zero_division=0.0)
    if normalize is None and problem.weight is None:
        assert ours.dtype.kind == "i"
        np.testing.assert_array_equal(ours, expected)
    else:
        np.testing.assert_allclose(ours, expected, rtol=1e-12, atol=1e-9)
    frame = cm.CM(normalize=normalize, zero_division=0.0, as_frame=True)
    np.testing.assert_array_equal(frame.to_numpy(), ours)
    assert frame.index.tolist() == frame.columns.tolist() == cm.labels.tolist()


def test_confusion_matrix_normalize_warns_on_empty_rows():
    cm = ClassificationMetric([0, 0], [0, 1])  # class 1 never true: its row is 0/0
    with pytest.warns(UndefinedMetricWarning, match="normalized over 'true'"):
        np.testing.assert_array_equal(cm.CM(normalize="true"), [[0.5, 0.5], [0.0, 0.0]])


# ---------------------------------------------------------------------------
# Multilabel
# ---------------------------------------------------------------------------


@given(multilabel_problems())
def test_multilabel_matches_sklearn(problem):
    cm = ClassificationMetric(problem.y_true, problem.y_pred, sample_weight=problem.weight)
    y_true, y_pred, w = problem.y_true, problem.y_pred, problem.weight
    assert cm.is_multilabel and cm.n_classes == y_true.shape[1]
    assert cm.AS() == pytest.approx(skm.accuracy_score(y_true, y_pred, sample_weight=w), **close)
    assert cm.AS(normalize=False) == pytest.approx(
        skm.accuracy_score(y_true, y_pred, normalize=False, sample_weight=w), **close
    )
    expected_cm = skm.multilabel_confusion_matrix(y_true, y_pred, sample_weight=w)
    np.testing.assert_allclose(cm.CM(), expected_cm, rtol=1e-12, atol=1e-9)
    per_label = cm.PCA()
    for j, value in per_label.items():
        assert value == pytest.approx(
            skm.accuracy_score(y_true[:, j], y_pred[:, j], sample_weight=w), **close
        )
    hamming = skm.hamming_loss(y_true, y_pred, sample_weight=w)
    assert cm.PCA(average="macro") == pytest.approx(1 - hamming, **close)
    assert cm.PCA(average="micro") == pytest.approx(1 - hamming, **close)


def test_multilabel_balanced_accuracy_points_to_per_class_accuracy():
    cm = ClassificationMetric([[1, 0], [0, 1]], [[1, 0], [1, 1]])
    with pytest.raises(ValueError, match="balanced_accuracy_score.*multilabel.*PCA"):
        cm.BAS()


def test_confusion_matrix_built_on_request_beyond_the_dense_limit(monkeypatch):
    from permetrics_lite.core import tally as _tally

    monkeypatch.setattr(_tally, "DENSE_LIMIT", 4)  # 3 classes: 9 cells, kept sparse
    y_true, y_pred, weight = [0, 1, 2, 2, 1], [0, 2, 2, 1, 1], [1.0, 2.0, 0.5, 3.0, 1.0]
    cm = ClassificationMetric(y_true, y_pred)
    assert cm._tallies.matrix is None
    np.testing.assert_array_equal(cm.CM(), skm.confusion_matrix(y_true, y_pred))
    np.testing.assert_allclose(cm.CM(sample_weight=weight, normalize="true"),
                               skm.confusion_matrix(y_true, y_pred, sample_weight=weight,
                                                    normalize="true"))
    assert cm.BAS() == pytest.approx(skm.balanced_accuracy_score(y_true, y_pred))
