"""Which class 1-D scores belong to, and which class each column of a score matrix is.

The rules under test: 1-D scores are the scores of the positive class, named
by ``pos_label``, by ``labels=[negative, positive]`` or by the name of a
one-column DataFrame, else the second of the sorted classes (scikit-learn's
``classes_[1]``). A plain (N, K) matrix's columns are ``labels``, else the
sorted classes (an estimator's ``classes_``), whatever a Categorical's
category order; only a DataFrame maps columns by name.

Oracles: scikit-learn's metrics on the labels a fitted scikit-learn classifier
predicts (``classes_[argmax]``, or the thresholded positive-class probability),
and a per-sample loop for random problems.
"""

import numpy as np
import pandas as pd
import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from permetrics_lite import ClassificationMetric
from tests.helpers import P_SPAM, SPAM, named_series, plain_id

skm = pytest.importorskip("sklearn.metrics")
datasets = pytest.importorskip("sklearn.datasets")
linear_model = pytest.importorskip("sklearn.linear_model")
pipeline = pytest.importorskip("sklearn.pipeline")
preprocessing = pytest.importorskip("sklearn.preprocessing")


def _fitted(X, y):
    model = pipeline.make_pipeline(preprocessing.StandardScaler(),
                                   linear_model.LogisticRegression(max_iter=2000))
    return model.fit(X, y)


@pytest.fixture(scope="module")
def breast_cancer():
    """String targets 'malignant' / 'benign' and a fitted classifier's probabilities."""
    data = datasets.load_breast_cancer()
    y = data.target_names[data.target]
    model = _fitted(data.data, y)
    return y, model.predict_proba(data.data), model.classes_


@pytest.fixture(scope="module")
def wine():
    """A Categorical target whose categories are not in sorted order, and probabilities."""
    data = datasets.load_wine()
    names = data.target_names[data.target]
    model = _fitted(data.data, names)
    y = pd.Categorical(names, categories=["class_2", "class_0", "class_1"])
    return y, model.predict_proba(data.data), model.classes_


def _thresholded(proba, positive, negative, threshold=0.5):
    return np.where(proba >= threshold, positive, negative)


class TestOneDimensionalScores:
    @pytest.mark.parametrize("positive", ["benign", "malignant"])
    def test_pos_label_names_the_class_of_the_scores(self, breast_cancer, positive):
        y, proba, classes = breast_cancer
        column = list(classes).index(positive)
        negative = classes[1 - column]
        cm = ClassificationMetric.from_scores(y, proba[:, column], pos_label=positive)
        predicted = _thresholded(proba[:, column], positive, negative)
        assert cm.AS() == pytest.approx(skm.accuracy_score(y, predicted), abs=1e-15)
        assert cm.AS() > 0.9
        assert cm.RS() == pytest.approx(skm.recall_score(y, predicted, pos_label=positive))
        assert cm.labels.tolist() == sorted(classes)
        np.testing.assert_array_equal(cm.CM(), skm.confusion_matrix(y, predicted,
                                                                     labels=sorted(classes)))

    @pytest.mark.parametrize("positive", ["benign", "malignant"])
    def test_labels_negative_positive_names_the_class_of_the_scores(self, breast_cancer,
                                                                     positive):
        y, proba, classes = breast_cancer
        column = list(classes).index(positive)
        negative = classes[1 - column]
        cm = ClassificationMetric.from_scores(y, proba[:, column], labels=[negative, positive])
        predicted = _thresholded(proba[:, column], positive, negative)
        assert cm.AS() == pytest.approx(skm.accuracy_score(y, predicted), abs=1e-15)
        assert cm.PS(pos_label=positive) == pytest.approx(
            skm.precision_score(y, predicted, pos_label=positive))

    def test_without_pos_label_the_scores_are_of_the_second_sorted_class(self, breast_cancer):
        y, proba, classes = breast_cancer
        cm = ClassificationMetric.from_scores(y, proba[:, 1])
        predicted = _thresholded(proba[:, 1], classes[1], classes[0])
        assert cm.AS() == pytest.approx(skm.accuracy_score(y, predicted), abs=1e-15)

    def test_threshold_curve_counts_the_named_positive_class(self, breast_cancer):
        y, proba, classes = breast_cancer
        cm = ClassificationMetric.from_scores(y, proba[:, 0], pos_label="benign")
        curve = cm.threshold_curve().set_index("threshold")
        for threshold in np.quantile(proba[:, 0], [0.1, 0.5, 0.9]):
            row = curve.loc[curve.index[curve.index >= threshold][0]]
            predicted = _thresholded(proba[:, 0], "benign", "malignant", row.name)
            tn, fp, fn, tp = skm.confusion_matrix(y, predicted,
                                                  labels=["malignant", "benign"]).ravel()
            assert (row.tp, row.fp, row.fn, row.tn) == (tp, fp, fn, tn)
        assert cm.best_threshold("RS") == (curve.index[0], 1.0)

    def test_the_name_of_a_one_column_frame_is_the_positive_class(self, breast_cancer):
        y, proba, classes = breast_cancer
        benign = list(classes).index("benign")
        frame = pd.DataFrame({"benign": proba[:, benign]})
        cm = ClassificationMetric.from_scores(y, frame)
        predicted = _thresholded(proba[:, benign], "benign", "malignant")
        assert cm.AS() == pytest.approx(skm.accuracy_score(y, predicted), abs=1e-15)

    def test_an_unnamed_one_column_frame_is_plain_scores(self, breast_cancer):
        y, proba, classes = breast_cancer
        cm = ClassificationMetric.from_scores(y, pd.DataFrame(proba[:, 1]))
        predicted = _thresholded(proba[:, 1], classes[1], classes[0])
        assert cm.AS() == pytest.approx(skm.accuracy_score(y, predicted), abs=1e-15)

    @pytest.mark.parametrize("kwargs, message", [
        ({"pos_label": "benign", "labels": ["benign", "malignant"]},
         r"labels=\['benign', 'malignant'\] and pos_label='benign' disagree on the positive "
         r"class of 1-D y_score \('malignant' against 'benign'\)"),
        ({"pos_label": "malignant", "y_score": pd.DataFrame({"benign": [0.2, 0.9, 0.4]})},
         r"pos_label='malignant' and the column name of y_score \('benign'\) disagree"),
        ({"labels": ["benign", "malignant"], "y_score": pd.DataFrame({"benign": [0.2, 0.9, 0.4]})},
         r"labels=\['benign', 'malignant'\] and the column name of y_score \('benign'\) "
         r"disagree"),
        ({"y_score": pd.DataFrame({"cancer": [0.2, 0.9, 0.4]})},
         r"the column name of y_score \('cancer'\) is not a label of this problem; its "
         r"labels are \['benign', 'malignant'\]"),
        ({"pos_label": "cancer"},
         r"pos_label='cancer' is not a label of this problem; its labels are "
         r"\['benign', 'malignant'\]"),
        ({"pos_label": 1}, r"pos_label=1 is not a label of this problem"),
    ], ids=plain_id)
    def test_contradicting_names_of_the_positive_class_are_refused(self, kwargs, message):
        kwargs = {"y_score": [0.2, 0.9, 0.4], **kwargs}
        with pytest.raises(ValueError, match=message):
            ClassificationMetric.from_scores(["benign", "malignant", "benign"], **kwargs)

    @pytest.mark.parametrize("y_true, pos_label, negative", [
        (["ham", "ham"], "spam", "ham"),  # pos_label names the class y_true lacks
        ([0, 0], 0, 1),  # the pair {0, 1}, scikit-learn's assumption
        ([1, 1], -1, 1),
    ])
    def test_pos_label_completes_a_one_class_pair(self, y_true, pos_label, negative):
        scores = [0.9, 0.1]
        cm = ClassificationMetric.from_scores(y_true, scores, pos_label=pos_label)
        predicted = [pos_label if s >= 0.5 else negative for s in scores]
        assert cm.AS() == skm.accuracy_score(y_true, predicted)
        assert sorted(cm.labels.tolist()) == sorted([pos_label, negative])


@st.composite
def binary_scores(draw):
    names = draw(st.sampled_from([("ham", "spam"), (0, 1), (-3, 7), (False, True)]))
    n = draw(st.integers(2, 60))
    y_true = draw(hnp.arrays(np.int64, n, elements=st.integers(0, 1)))
    y_true[:2] = [0, 1]  # both classes occur
    scores = draw(hnp.arrays(np.float64, n, elements=st.sampled_from([0.0, 0.3, 0.5, 0.8, 1.0])))
    how = draw(st.sampled_from(["pos_label", "labels", "column name", "default"]))
    # with no name given, the scores are those of the second sorted class
    positive = 1 if how == "default" else draw(st.integers(0, 1))
    threshold = draw(st.sampled_from([0.3, 0.5, 0.9]))
    return names, np.array(names, dtype=object)[y_true].tolist(), scores, positive, how, threshold


@given(binary_scores())
def test_one_dimensional_scores_against_a_loop(problem):
    names, y_true, scores, positive, how, threshold = problem
    pos, neg = names[positive], names[1 - positive]
    kwargs = {"pos_label": {"pos_label": pos}, "labels": {"labels": [neg, pos]},
              "column name": {}, "default": {}}[how]
    y_score = pd.DataFrame({pos: scores}) if how == "column name" else scores
    cm = ClassificationMetric.from_scores(y_true, y_score, threshold=threshold, **kwargs)
    right = 0
    for label, score in zip(y_true, scores):  # the oracle: one sample at a time
        right += (pos if score >= threshold else neg) == label
    assert cm.AS(normalize=False) == right
    curve = cm.threshold_curve()
    positives = sum(label == pos for label in y_true)
    assert curve["tp"].iat[0] == positives  # the lowest threshold predicts all positive


class TestScoreMatrixColumns:
    def test_a_plain_matrix_has_the_sorted_classes_not_the_category_order(self, wine):
        y, proba, classes = wine
        cm = ClassificationMetric.from_scores(y, proba)
        predicted = classes[proba.argmax(axis=1)]
        truth = np.asarray(y)
        assert cm.AS() == pytest.approx(skm.accuracy_score(truth, predicted), abs=1e-15)
        assert cm.AS() > 0.95
        assert cm.labels.tolist() == ["class_2", "class_0", "class_1"]  # the category order
        np.testing.assert_array_equal(
            cm.CM(), skm.confusion_matrix(truth, predicted, labels=list(y.categories)))
        assert cm.RS(average=None) == pytest.approx(dict(zip(
            y.categories, skm.recall_score(truth, predicted, labels=list(y.categories),
                                           average=None))))

    def test_top_k_follows_the_columns(self, wine):
        y, proba, classes = wine
        cm = ClassificationMetric.from_scores(y, proba)
        truth = np.asarray(y)
        for k in (1, 2):
            expected = skm.top_k_accuracy_score(truth, proba, k=k, labels=classes)
            assert cm.TKA(k) == pytest.approx(expected, abs=1e-15)

    def test_labels_name_the_columns(self, wine):
        y, proba, classes = wine
        order = [2, 0, 1]
        cm = ClassificationMetric.from_scores(y, proba[:, order], labels=classes[order])
        predicted = classes[proba.argmax(axis=1)]
        assert cm.AS() == pytest.approx(skm.accuracy_score(np.asarray(y), predicted), abs=1e-15)

    def test_a_frame_maps_columns_by_name(self, wine):
        y, proba, classes = wine
        frame = pd.DataFrame(proba, columns=classes)[["class_1", "class_2", "class_0"]]
        cm = ClassificationMetric.from_scores(y, frame)
        predicted = classes[proba.argmax(axis=1)]
        assert cm.AS() == pytest.approx(skm.accuracy_score(np.asarray(y), predicted), abs=1e-15)

    def test_an_unnamed_frame_is_a_plain_matrix(self, wine):
        y, proba, classes = wine
        cm = ClassificationMetric.from_scores(np.asarray(y), pd.DataFrame(proba))
        predicted = classes[proba.argmax(axis=1)]
        assert cm.AS() == pytest.approx(skm.accuracy_score(np.asarray(y), predicted), abs=1e-15)


# --- a Series' name ---

@pytest.mark.parametrize("kind", ["pandas", "polars"])
@pytest.mark.parametrize("name, p", [("ham", 1 - P_SPAM), ("spam", P_SPAM)])
def test_a_series_named_after_a_class_holds_that_class_s_scores(kind, name, p):
    # proba["ham"] is ham's probability: its AUC is of ham against spam, its predictions
    # are ham at or above the threshold, as with a one-column DataFrame of that name
    cm = ClassificationMetric.from_scores(SPAM, named_series(kind, p, name))
    positive = SPAM == name
    assert cm.AUC() == pytest.approx(skm.roc_auc_score(positive, p), rel=1e-12)
    assert cm.PS(pos_label=name) == skm.precision_score(positive, p >= 0.5)
    expected = np.where(p >= 0.5, name, "spam" if name == "ham" else "ham")
    assert cm.CM().tolist() == skm.confusion_matrix(SPAM, expected, labels=["ham", "spam"]).tolist()
    assert cm.RS() == skm.recall_score(positive, p >= 0.5)  # the default positive class
    framed = ClassificationMetric.from_scores(SPAM, pd.DataFrame({name: p}))
    assert (cm.AUC(), cm.RS()) == (framed.AUC(), framed.RS())


@pytest.mark.parametrize("kind", ["pandas", "polars"])
@pytest.mark.parametrize("name", [None, "score", "", 1])
def test_a_series_name_that_is_no_class_names_none(kind, name):
    # the scores of the second sorted class, as a plain array's
    if kind == "polars":
        pytest.importorskip("polars")
        if name is None or name == 1:  # polars names are text; None is its "" default
            name = "" if name is None else "1"
    cm = ClassificationMetric.from_scores(SPAM, named_series(kind, P_SPAM, name))
    assert cm.AUC() == pytest.approx(skm.roc_auc_score(SPAM == "spam", P_SPAM), rel=1e-12)
    assert cm.RS() == skm.recall_score(SPAM == "spam", P_SPAM >= 0.5)


def test_integer_and_boolean_classes_are_named_by_a_series_of_a_frame():
    # the columns of a DataFrame of predict_proba are named 0 and 1 (or False and True)
    y = (SPAM == "spam").astype(int)
    proba = pd.DataFrame({0: 1 - P_SPAM, 1: P_SPAM})
    for name in (0, 1):
        cm = ClassificationMetric.from_scores(y, proba[name])
        assert cm.AUC() == pytest.approx(skm.roc_auc_score(y == name, proba[name]), rel=1e-12)
        assert cm.RS() == skm.recall_score(y == name, proba[name] >= 0.5)
    flags = pd.DataFrame({False: 1 - P_SPAM, True: P_SPAM})
    cm = ClassificationMetric.from_scores(y.astype(bool), flags[False])
    assert cm.AUC() == pytest.approx(skm.roc_auc_score(y == 0, 1 - P_SPAM), rel=1e-12)
    assert cm.RS() == skm.recall_score(y == 0, 1 - P_SPAM >= 0.5)


@pytest.mark.parametrize("option, other", [
    ({"pos_label": "spam"}, "pos_label='spam'"),
    ({"labels": ["ham", "spam"]}, "labels=['ham', 'spam']"),
])
def test_a_series_name_that_disagrees_with_the_positive_class_is_refused(option, other):
    with pytest.raises(ValueError) as raised:
        ClassificationMetric.from_scores(SPAM, pd.Series(1 - P_SPAM, name="ham"), **option)
    assert type(raised.value).__name__ == "InputError"
    assert str(raised.value).startswith(
        f"{other} and the name of y_score ('ham') disagree on the positive class of 1-D "
        "y_score ('spam' against 'ham'); 1-D scores are the scores of the positive class")
    agreeing = {"pos_label": "ham"} if "pos_label" in option else {"labels": ["spam", "ham"]}
    cm = ClassificationMetric.from_scores(SPAM, pd.Series(1 - P_SPAM, name="ham"), **agreeing)
    assert cm.AUC() == pytest.approx(skm.roc_auc_score(SPAM == "ham", 1 - P_SPAM), rel=1e-12)
