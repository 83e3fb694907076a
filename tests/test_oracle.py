"""Every metric of labels against an independent oracle on random problems.

Oracles (tests/oracles.py and the helpers here): scikit-learn where it has the
metric, mlxtend's accuracies and lift, and per-sample Python loops for per-class
accuracy and every one-vs-rest metric.
"""

import inspect
import warnings

import numpy as np
import pytest
from hypothesis import assume, given
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp
from sklearn import metrics as skm
from sklearn.utils.multiclass import unique_labels

from permetrics_lite import ClassificationMetric, UndefinedMetricWarning
from permetrics_lite.metrics import registry as _registry
from tests.oracles import ONE_VS_REST, SET_WISE, WHOLE_PROBLEM, mlxtend_accuracy, mlxtend_lift
from tests.strategies import multilabel_problems, problems

close = dict(rel=1e-9, abs=1e-12)
ZERO_DIVISIONS = [0.0, 1.0, np.nan]


def takes(metric, *parameters):
    method = getattr(ClassificationMetric, metric.name)
    return set(parameters) <= set(inspect.signature(method).parameters)


# the one-vs-rest metrics the loops check: those with an average and a zero_division
LOOPED = sorted(m.alias for m in _registry.METRICS
                if m.alias in ONE_VS_REST and takes(m, "average", "zero_division"))


def build(problem, **kwargs):
    return ClassificationMetric(problem.y_true, problem.y_pred, labels=problem.labels,
                                sample_weight=problem.weight, **kwargs)


def weights_of(problem):
    return np.ones(len(problem.y_true)) if problem.weight is None else problem.weight


def assert_same(ours, expected):
    """Equal up to rounding; nan where the oracle has nan; dicts compared in class order."""
    ours, expected = (list(x.values()) if isinstance(x, dict) else x for x in (ours, expected))
    np.testing.assert_allclose(np.asarray(ours, dtype=float), np.asarray(expected, dtype=float),
                               rtol=1e-9, atol=1e-9, equal_nan=True)


def averages(cm):
    return [None, "micro", "macro", "weighted"] + (["binary"] if cm.n_classes <= 2 else [])


def quietly(function, *args, **kwargs):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return function(*args, **kwargs)


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
    assert cm.state.tallies.matrix is None
    np.testing.assert_array_equal(cm.CM(), skm.confusion_matrix(y_true, y_pred))
    np.testing.assert_allclose(cm.CM(sample_weight=weight, normalize="true"),
                               skm.confusion_matrix(y_true, y_pred, sample_weight=weight,
                                                    normalize="true"))
    assert cm.BAS() == pytest.approx(skm.balanced_accuracy_score(y_true, y_pred))


# ---------------------------------------------------------------------------
# PS, RS, F1S, F2S, FBS, JSI: scikit-learn
# ---------------------------------------------------------------------------


# beta 0, or from 1e-150 up: below, scikit-learn's beta ** 2 underflows to 0 in floating
# point and its F-beta becomes the precision, where ours squares beta exactly
@given(problems(), st.sampled_from(sorted(SET_WISE)), st.sampled_from(ZERO_DIVISIONS),
       st.just(0.0) | st.floats(1e-150, 5), st.data())
def test_set_wise_scores_match_sklearn(problem, alias, zero_division, beta, data):
    assume(not (alias == "JSI" and np.isnan(zero_division)))  # sklearn's jaccard refuses nan
    cm = build(problem)
    average = data.draw(st.sampled_from(averages(cm)), label="average")
    options = {"beta": beta} if alias == "FBS" else {}
    if average == "binary":
        pos_label = data.draw(st.sampled_from(cm.labels.tolist()), label="pos_label")
        ours = getattr(cm, alias)(pos_label=pos_label, zero_division=zero_division, **options)
        expected = quietly(SET_WISE[alias], problem.y_true, problem.y_pred, pos_label=pos_label,
                           sample_weight=problem.weight, zero_division=zero_division, **options)
    else:
        ours = getattr(cm, alias)(average=average, zero_division=zero_division, **options)
        expected = quietly(SET_WISE[alias], problem.y_true, problem.y_pred, labels=cm.labels,
                           average=average, sample_weight=problem.weight,
                           zero_division=zero_division, **options)
    assert_same(ours, expected)
    assert isinstance(ours, dict if average is None else float)


@given(multilabel_problems(), st.sampled_from(sorted(SET_WISE)),
       st.sampled_from([None, "micro", "macro", "weighted"]), st.sampled_from(ZERO_DIVISIONS))
def test_multilabel_set_wise_scores_match_sklearn(problem, alias, average, zero_division):
    assume(not (alias == "JSI" and np.isnan(zero_division)))
    cm = ClassificationMetric(problem.y_true, problem.y_pred, sample_weight=problem.weight)
    options = {"beta": 0.5} if alias == "FBS" else {}
    ours = getattr(cm, alias)(average=average, zero_division=zero_division, **options)
    expected = quietly(SET_WISE[alias], problem.y_true, problem.y_pred, average=average,
                       sample_weight=problem.weight, zero_division=zero_division, **options)
    assert_same(ours, expected)


# ---------------------------------------------------------------------------
# Every one-vs-rest metric: per-sample loops (scikit-learn lacks SS, NPV, GMS, LS, BM, MK)
# ---------------------------------------------------------------------------


def loop_counts(problem, label):
    """tp, fp, fn, tn of one class against the rest, one sample at a time."""
    tp = fp = fn = tn = 0.0
    for t, p, w in zip(problem.y_true.tolist(), problem.y_pred.tolist(), weights_of(problem)):
        if t == label:
            tp, fn = (tp + w, fn) if p == label else (tp, fn + w)
        else:
            fp, tn = (fp + w, tn) if p == label else (fp, tn + w)
    return tp, fp, fn, tn


def ratio(numerator, denominator):
    return numerator / denominator if denominator else None


def loop_average(formula, counts, average, zero_division):
    """scikit-learn's averaging rules, written out: nan skipped, support weights, pooled micro."""
    def value(c):
        result = formula(*c)
        return zero_division if result is None else float(result)

    if average == "micro":
        return value(np.sum(counts, axis=0))
    values = np.array([value(c) for c in counts])
    if average is None:
        return values
    keep = ~np.isnan(values)
    if not keep.any():
        return np.nan
    support = np.array([c[0] + c[2] for c in counts])[keep]
    if average == "weighted" and support.sum() > 0:
        return np.average(values[keep], weights=support)
    return values[keep].mean()


@given(problems(), st.sampled_from(LOOPED), st.sampled_from(ZERO_DIVISIONS),
       st.data())
def test_loop_scores_match_per_sample_loops(problem, alias, zero_division, data):
    cm = build(problem)
    average = data.draw(st.sampled_from(averages(cm)), label="average")
    counts = [loop_counts(problem, label) for label in cm.labels.tolist()]
    if average == "binary":
        position = data.draw(st.integers(0, cm.n_classes - 1), label="position")
        ours = getattr(cm, alias)(pos_label=cm.labels.tolist()[position],
                                  zero_division=zero_division)
        expected = loop_average(ONE_VS_REST[alias], counts[position:position + 1], None,
                                zero_division)
    else:
        ours = getattr(cm, alias)(average=average, zero_division=zero_division)
        expected = loop_average(ONE_VS_REST[alias], counts, average, zero_division)
    assert_same(ours, expected)


@given(problems(n_classes=2, with_labels=False))
def test_binary_informedness_is_sklearns_adjusted_balanced_accuracy(problem):
    # the relation holds when both classes have (weighted) support
    weights = weights_of(problem)
    assume(all(weights[problem.y_true == label].sum() > 0
               for label in np.unique(problem.y_true).tolist()))
    cm = build(problem)
    expected = quietly(skm.balanced_accuracy_score, problem.y_true, problem.y_pred,
                       sample_weight=problem.weight, adjusted=True)
    for label in cm.labels.tolist():  # either class: binary informedness is symmetric
        assert cm.BM(pos_label=label) == pytest.approx(expected, rel=1e-9, abs=1e-12)


@given(problems(weighted=False))
def test_specificity_npv_and_lift_match_sklearn_and_mlxtend(problem):
    cm = build(problem)
    y_true, y_pred = problem.y_true, problem.y_pred
    specificity = cm.SS(average=None, zero_division=np.nan)
    npv = cm.NPV(average=None, zero_division=np.nan)
    lift = cm.LS(average=None, zero_division=np.nan)
    for label in cm.labels.tolist():  # "not this class" is the positive class of the oracle
        others_true, others_pred = y_true != label, y_pred != label
        assert_same(specificity[label], quietly(skm.recall_score, others_true, others_pred,
                                                zero_division=np.nan))
        assert_same(npv[label], quietly(skm.precision_score, others_true, others_pred,
                                        zero_division=np.nan))
        if np.isnan(lift[label]):  # 0/0: the class is never predicted, or never true
            assert not np.any(y_pred == label) or not np.any(y_true == label)
        else:
            expected = mlxtend_lift(y_true == label, y_pred == label, binary=True, positive_label=1)
            assert lift[label] == pytest.approx(expected, rel=1e-9)


@given(multilabel_problems(), st.sampled_from(["SS", "NPV"]))
def test_multilabel_specificity_and_npv_match_sklearn_per_label(problem, alias):
    cm = ClassificationMetric(problem.y_true, problem.y_pred, sample_weight=problem.weight)
    oracle = skm.recall_score if alias == "SS" else skm.precision_score
    expected = [quietly(oracle, 1 - problem.y_true[:, j], 1 - problem.y_pred[:, j],
                        sample_weight=problem.weight, zero_division=np.nan)
                for j in range(cm.n_classes)]
    assert_same(getattr(cm, alias)(average=None, zero_division=np.nan), expected)


# ---------------------------------------------------------------------------
# MCC, CKS, HML
# ---------------------------------------------------------------------------


@given(problems(), st.sampled_from(sorted(WHOLE_PROBLEM)))
def test_whole_problem_metrics_match_sklearn_in_their_default_form(problem, alias):
    cm = build(problem)
    expected = quietly(WHOLE_PROBLEM[alias], problem.y_true, problem.y_pred, problem.weight,
                       cm.labels)
    assert_same(quietly(getattr(cm, alias)), expected)
    # the default zero_division ("warn") is 0.0, as scikit-learn's (and the oracle's) 0/0
    explicit = {"zero_division": 0.0} if takes(_registry.lookup(alias), "zero_division") else {}
    assert_same(quietly(getattr(cm, alias), **explicit), expected)


@given(problems(), st.sampled_from([None, "linear", "quadratic"]))
def test_cks_matches_sklearn(problem, weights):
    cm = build(problem)
    expected = quietly(skm.cohen_kappa_score, problem.y_true, problem.y_pred, labels=cm.labels,
                       weights=weights, sample_weight=problem.weight)
    assert_same(cm.CKS(weights=weights, zero_division=np.nan), expected)


def one_vs_rest_oracle(oracle, true_columns, pred_columns, weight):
    return [quietly(oracle, true_columns[:, j], pred_columns[:, j], sample_weight=weight)
            for j in range(true_columns.shape[1])]


def indicators(problem, labels):
    y_true, y_pred = problem.y_true, problem.y_pred
    if y_true.ndim == 2:
        return y_true.astype(bool), y_pred.astype(bool)
    return (np.stack([y_true == label for label in labels], axis=1),
            np.stack([y_pred == label for label in labels], axis=1))


def cohen_kappa_nan(*args, **kwargs):
    return skm.cohen_kappa_score(*args, replace_undefined_by=np.nan, **kwargs)


@given(st.one_of(problems(), multilabel_problems()), st.sampled_from(["MCC", "CKS"]),
       st.sampled_from([None, "micro", "macro", "weighted"]))
def test_one_vs_rest_mcc_and_cks_match_sklearn_per_class(problem, alias, average):
    cm = build(problem)
    true_columns, pred_columns = indicators(problem, cm.labels.tolist())
    if alias == "MCC":  # sklearn gives 0.0 for a constant column; zero_division=0.0 agrees
        per_class = one_vs_rest_oracle(skm.matthews_corrcoef, true_columns, pred_columns,
                                       problem.weight)
        zero_division = 0.0
    else:
        per_class = one_vs_rest_oracle(cohen_kappa_nan, true_columns, pred_columns,
                                       problem.weight)
        zero_division = np.nan
    ours = getattr(cm, alias)(average=average, zero_division=zero_division)
    if average is None:
        assert_same(ours, per_class)
    elif average == "micro":  # the formula on the pooled one-vs-rest counts
        pooled = quietly(getattr(skm, "matthews_corrcoef" if alias == "MCC" else "cohen_kappa_score"),
                         true_columns.ravel(), pred_columns.ravel(),
                         sample_weight=np.repeat(weights_of(problem), cm.n_classes))
        assert_same(ours, 0.0 if alias == "MCC" and np.isnan(pooled) else pooled)
    else:
        values = np.array(per_class)
        keep = ~np.isnan(values)
        support = true_columns.T.astype(float) @ weights_of(problem)
        if not keep.any():
            assert np.isnan(ours)
        elif average == "weighted" and support[keep].sum() > 0:
            assert_same(ours, np.average(values[keep], weights=support[keep]))
        else:
            assert_same(ours, values[keep].mean())


@given(problems(n_classes=2))
def test_binary_mcc_and_cks_equal_the_whole_matrix_forms(problem):
    cm = build(problem)
    assert cm.n_classes == 2
    for label in cm.labels.tolist():
        assert cm.MCC(pos_label=label, zero_division=0.0) == pytest.approx(
            cm.MCC(zero_division=0.0), rel=1e-9, abs=1e-9)
        assert_same(cm.CKS(pos_label=label, zero_division=np.nan), cm.CKS(zero_division=np.nan))


@given(st.one_of(problems(), multilabel_problems()))
def test_hamming_loss_matches_sklearn(problem):
    cm = build(problem)
    expected = quietly(skm.hamming_loss, problem.y_true, problem.y_pred,
                       sample_weight=problem.weight)
    assert cm.HML() == pytest.approx(expected, rel=1e-9, abs=1e-12)
    assert type(cm.HML()) is float


def test_multiclass_mcc_and_cks_refuse_multilabel_input():
    cm = ClassificationMetric([[1, 0], [0, 1]], [[1, 0], [1, 1]])
    for alias in ("MCC", "CKS"):
        with pytest.raises(ValueError, match=rf"not defined for multilabel.*{alias}\(average='macro'\)"):
            getattr(cm, alias)()
        assert isinstance(getattr(cm, alias)(average="macro", zero_division=0.0), float)


# ---------------------------------------------------------------------------
# Zero division: one rule for every metric
# ---------------------------------------------------------------------------

@given(problems(), st.sampled_from(LOOPED), st.sampled_from([None, "micro", "macro"]))
def test_warn_gives_zero_and_warns_exactly_when_a_value_is_undefined(problem, alias, average):
    cm = build(problem)
    method = getattr(cm, alias)
    if average == "micro":  # one value from the pooled counts
        undefined = np.isnan(method(average="micro", zero_division=np.nan))
    else:  # None and macro compute every class
        undefined = np.isnan(list(method(average=None, zero_division=np.nan).values()))
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        warned = method(average=average)
    assert any(issubclass(w.category, UndefinedMetricWarning) for w in caught) == undefined.any()
    assert_same(warned, quietly(method, average=average, zero_division=0.0))
