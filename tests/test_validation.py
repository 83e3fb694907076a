"""Every bad input raises the right exception, and the message says what and where."""

import numpy as np
import pandas as pd
import pytest

from permetrics_lite import ClassificationMetric

S = pd.Series

# (id, y_true, y_pred, constructor kwargs, exception, message regex)
BAD_INPUTS = [
    ("y_true None", None, [1], {}, TypeError, r"y_true is None"),
    ("y_pred scalar", [1], 1, {}, TypeError, r"y_pred must be an array-like.*scalar"),
    ("y_true a string", "abc", ["a"], {}, TypeError, r"y_true must be an array-like.*string 'abc'"),
    ("empty", [], [], {}, ValueError, r"y_true is empty"),
    ("empty y_pred", [1], np.array([]), {}, ValueError, r"y_pred is empty"),
    ("lengths differ", [1, 2, 3], [1, 2], {}, ValueError, r"different lengths: 3 and 2"),
    ("NaN in y_true", [1.0, np.nan, np.nan], [1, 1, 1], {}, ValueError,
     r"y_true contains 2 missing label\(s\).*first at position 1"),
    ("None in y_pred", ["a", "b"], ["a", None], {}, ValueError,
     r"y_pred contains 1 missing label\(s\).*first at position 1"),
    ("pd.NA in y_true", pd.array([1, pd.NA], dtype="Int64"), [1, 1], {}, ValueError,
     r"y_true contains 1 missing label\(s\).*position 1"),
    ("NaN in Categorical", pd.Categorical(["a", None]), ["a", "a"], {}, ValueError,
     r"y_true contains 1 missing"),
    ("probabilities", [0, 1], [0.2, 0.9], {}, ValueError,
     r"y_pred contains non-integral values \(e.g. 0.2 at position 0\).*looks like scores or "
     r"probabilities; use ClassificationMetric.from_scores or threshold them"),
    ("inf label", [0.0, np.inf], [0, 1], {}, ValueError, r"y_true contains non-integral"),
    ("3-D", np.zeros((2, 2, 2)), np.zeros((2, 2, 2)), {}, ValueError,
     r"y_true has 3 dimensions \(shape \(2, 2, 2\)\)"),
    ("strings and numbers in one array", ["a", 1], ["a", "a"], {}, TypeError,
     r"y_true mixes string labels \(e.g. 'a'\) with other labels \(e.g. 1\)"),
    ("strings against numbers", ["a", "b"], [0, 1], {}, TypeError,
     r"y_true has string labels \(e.g. 'a'\) but y_pred has numeric labels \(e.g. 0\)"),
    ("numbers against strings", [0, 1], np.array(["a", "b"]), {}, TypeError,
     r"y_pred has string labels \(e.g. 'a'\) but y_true has numeric labels \(e.g. 0\)"),
    ("unsupported object", [(1, 2), (3,)], [1, 2], {}, TypeError,
     r"y_true has labels of unsupported type tuple"),
    ("datetime labels", np.array(["2020-01-01"], dtype="datetime64[D]"), [1], {}, TypeError,
     r"y_true has dtype datetime64\[D\]"),
    ("1-D against 2-D", [[0, 1], [1, 0]], [0, 1], {}, ValueError,
     r"y_true is 2-D with shape \(2, 2\) \(multilabel indicators\) but y_pred is 1-D"),
    ("2-D against 1-D", [0, 1], [[0, 1], [1, 0]], {}, ValueError,
     r"y_pred is 2-D with shape \(2, 2\).*but y_true is 1-D"),
    ("multilabel shapes", np.zeros((3, 2)), np.zeros((3, 3)), {}, ValueError,
     r"different shapes: \(3, 2\) and \(3, 3\)"),
    ("multilabel not 0/1", [[0, 1], [2, 0]], [[0, 1], [1, 0]], {}, ValueError,
     r"y_true is a multilabel indicator array and must hold only 0 and 1; found 2 at row 1, column 0"),
    ("multilabel strings", [["a", "b"]], [[0, 1]], {}, ValueError, r"y_true .* only 0 and 1; found 'a'"),
    ("multilabel None", [[0, None], [1, 0]], [[0, 1], [1, 0]], {}, ValueError,
     r"y_true contains 1 missing label\(s\) \(NaN, None or NA\), the first at position 1; "
     r"drop or fill them"),
    ("labels 2-D", [0, 1], [0, 1], {"labels": [[0, 1]]}, ValueError,
     r"labels must be 1-D; got shape \(1, 2\)"),
    ("multilabel labels count", [[0, 1]], [[0, 1]], {"labels": ["a"]}, ValueError,
     r"labels has 1 names but the multilabel arrays have 2 columns"),
    ("multilabel frames disagree", pd.DataFrame({"a": [0], "b": [1]}),
     pd.DataFrame({"b": [0], "a": [1]}), {}, ValueError, r"DataFrames with different columns"),
    ("label outside labels", [0, 1, 2], [0, 1, 3], {"labels": [0, 1]}, ValueError,
     r"label\(s\) missing from labels: \[2, 3\]"),
    ("duplicate labels", [0, 1], [0, 1], {"labels": [0, 1, 1]}, ValueError,
     r"labels contains duplicates: \[1\]"),
    ("empty labels", [0, 1], [0, 1], {"labels": []}, ValueError, r"labels is empty"),
    ("labels of another kind", [0, 1], [0, 1], {"labels": ["a", "b"]}, TypeError,
     r"labels has string labels .* but y_true has numeric labels"),
    ("labels with NaN", [0, 1], [0, 1], {"labels": [0.0, np.nan]}, ValueError,
     r"labels contains 1 missing"),
    ("misaligned Series", S([0, 1], index=[0, 1]), S([0, 1], index=[1, 0]), {}, ValueError,
     r"y_true and y_pred are pandas objects with different indexes"),
    ("misaligned weights", S([0, 1]), [0, 1], {"sample_weight": S([1.0, 1.0], index=[5, 6])},
     ValueError, r"y_true and sample_weight are pandas objects with different indexes"),
    ("weights wrong length", [0, 1], [0, 1], {"sample_weight": [1.0]}, ValueError,
     r"sample_weight has shape \(1,\); expected one weight per sample, shape \(2,\)"),
    ("negative weight", [0, 1], [0, 1], {"sample_weight": [1.0, -1.0]}, ValueError,
     r"sample_weight contains 1 negative value\(s\), the first at position 1"),
    ("NaN weight", [0, 1], [0, 1], {"sample_weight": [np.nan, 1.0]}, ValueError,
     r"sample_weight contains 1 NaN or infinite value\(s\), the first at position 0"),
    ("inf weight", [0, 1], [0, 1], {"sample_weight": [1.0, np.inf]}, ValueError,
     r"sample_weight contains 1 NaN or infinite"),
    ("zero weights", [0, 1], [0, 1], {"sample_weight": [0, 0]}, ValueError,
     r"sample_weight is all zero"),
    ("text weights", [0, 1], [0, 1], {"sample_weight": ["a", "b"]}, TypeError,
     r"sample_weight must be numeric"),
    ("unknown keyword", [0, 1], [0, 1], {"sample_weights": [1, 1]}, TypeError,
     r"unexpected keyword argument 'sample_weights'"),
    ("unknown default average", [0, 1], [0, 1], {"average": "mean"}, ValueError,
     r"average must be one of \[None, 'binary', 'micro', 'macro', 'weighted'\]; got 'mean'"),
    ("default pos_label not a label", [0, 1], [0, 1], {"pos_label": 2}, ValueError,
     r"pos_label=2 is not a label of this problem; valid labels are \[0, 1\]"),
    ("default zero_division", [0, 1], [0, 1], {"zero_division": -1}, ValueError,
     r"zero_division must be one of \['warn', 0.0, 1.0, nan\]; got -1"),
]


@pytest.mark.parametrize(
    "y_true, y_pred, kwargs, error, message",
    [case[1:] for case in BAD_INPUTS],
    ids=[case[0] for case in BAD_INPUTS],
)
def test_bad_input_raises_with_a_clear_message(y_true, y_pred, kwargs, error, message):
    with pytest.raises(error, match=message):
        ClassificationMetric(y_true, y_pred, **kwargs)


@pytest.fixture
def cm():
    return ClassificationMetric(["a", "b", "b"], ["a", "b", "a"])


# (id, method, kwargs, exception, message regex)
BAD_QUERIES = [
    ("unknown average", "PCA", {"average": "macr"}, ValueError,
     r"average must be one of \[None, 'binary', 'micro', 'macro', 'weighted'\]; got 'macr'. "
     r"Did you mean 'macro'"),
    ("pos_label not a label", "PCA", {"pos_label": "c"}, ValueError,
     r"pos_label='c' is not a label of this problem; valid labels are \['a', 'b'\]"),
    ("pos_label of another kind", "PCA", {"pos_label": 1}, ValueError,
     r"pos_label=1 is not a label"),
    ("binary default pos_label", "PCA", {"average": "binary"}, ValueError, r"pos_label=1 is not a label"),
    ("pos_label with macro", "PCA", {"pos_label": "a", "average": "macro"}, ValueError,
     r"pos_label='a' selects one class and cannot be combined with average='macro'"),
    ("normalize not bool", "AS", {"normalize": "true"}, ValueError,
     r"normalize must be True or False; got 'true'. For a normalized confusion matrix use CM"),
    ("unknown CM normalize", "CM", {"normalize": "rows"}, ValueError,
     r"normalize must be one of \[None, 'true', 'pred', 'all'\]; got 'rows'"),
    ("CM normalize True", "CM", {"normalize": True}, ValueError, r"normalize must be one of"),
    ("as_frame not bool", "CM", {"as_frame": "yes"}, ValueError, r"as_frame must be True or False"),
    ("adjusted not bool", "BAS", {"adjusted": None}, ValueError, r"adjusted must be True or False"),
    ("zero_division", "BAS", {"zero_division": 2}, ValueError,
     r"zero_division must be one of \['warn', 0.0, 1.0, nan\]; got 2"),
    ("zero_division typo", "report", {"zero_division": "warm"}, ValueError,
     r"zero_division must be one of \['warn', 0.0, 1.0, nan\]; got 'warm'. Did you mean 'warn'"),
    ("query weights length", "AS", {"sample_weight": [1, 2]}, ValueError,
     r"sample_weight has shape \(2,\); expected one weight per sample, shape \(3,\)"),
    ("query weights negative", "summary", {"sample_weight": [1, -2, 1]}, ValueError,
     r"sample_weight contains 1 negative"),
    ("typo in a keyword", "AS", {"normalise": False}, TypeError, r"unexpected keyword argument 'normalise'"),
    ("binary default pos_label on strings", "PS", {}, ValueError,
     r"pos_label=1 is not a label of this problem; valid labels are \['a', 'b'\]"),
    ("pos_label with average", "RS", {"pos_label": "a", "average": "micro"}, ValueError,
     r"pos_label='a' selects one class and cannot be combined with average='micro'"),
    ("unknown average for F1", "F1S", {"average": "samples"}, ValueError,
     r"average must be one of \[None, 'binary', 'micro', 'macro', 'weighted'\]; got 'samples'"),
    ("unknown MCC average", "MCC", {"average": "multi"}, ValueError,
     r"average must be one of \['multiclass', None, 'binary'.*got 'multi'. Did you mean 'multiclass'"),
    ("negative beta", "FBS", {"beta": -1}, ValueError, r"beta must be a finite number >= 0.*got -1"),
    ("infinite beta", "FBS", {"beta": float("inf")}, ValueError, r"beta must be a finite.*use RS"),
    ("beta not a number", "FBS", {"beta": "2"}, ValueError, r"beta must be a finite number >= 0.*got '2'"),
    ("unknown kappa weights", "CKS", {"weights": "squared"}, ValueError,
     r"weights must be one of \[None, 'linear', 'quadratic'\]; got 'squared'"),
    ("zero_division of a score", "JSI", {"zero_division": "nan"}, ValueError,
     r"zero_division must be one of"),
    ("HML takes no average", "HML", {"average": "macro"}, TypeError, r"unexpected keyword argument 'average'"),
    ("unknown metric name", "get_metrics_by_dict", {"metrics": {"F1": None}}, ValueError,
     r"unknown metric name 'F1'.*Did you mean 'F1S'"),
]


@pytest.mark.parametrize("method, kwargs", [("PS", {}), ("GMS", {"pos_label": 2}),
                                            ("MCC", {"average": "binary"})])
def test_binary_average_on_a_multiclass_problem_is_refused(method, kwargs):
    cm = ClassificationMetric([0, 1, 2], [0, 1, 1])
    with pytest.raises(ValueError, match=r"Target is multiclass \(3 classes\) but average='binary'. "
                                         r"Please choose another average setting"):
        getattr(cm, method)(**kwargs)


@pytest.mark.parametrize(
    "method, kwargs, error, message",
    [case[1:] for case in BAD_QUERIES],
    ids=[case[0] for case in BAD_QUERIES],
)
def test_bad_query_raises_with_a_clear_message(cm, method, kwargs, error, message):
    with pytest.raises(error, match=message):
        getattr(cm, method)(**kwargs)


# (id, evaluation built from tallies only, query): none takes query-time weights
TALLIES_ONLY = [
    ("from_confusion_matrix", lambda: ClassificationMetric.from_confusion_matrix([[1, 0], [0, 1]]),
     lambda cm: cm.AS(sample_weight=[1.0, 1.0])),
    ("a + b", lambda: ClassificationMetric([0], [0]) + ClassificationMetric([1], [1]),
     lambda cm: cm.PCA(sample_weight=[1.0, 1.0])),
    ("from_batches", lambda: ClassificationMetric.from_batches([([0, 1], [0, 0])]),
     lambda cm: cm.report(sample_weight=[1.0, 1.0])),
]


@pytest.mark.parametrize("build, query", [case[1:] for case in TALLIES_ONLY],
                         ids=[case[0] for case in TALLIES_ONLY])
def test_query_weights_on_tallies_only_are_refused(build, query):
    with pytest.raises(ValueError, match=(
            r"sample_weight cannot be given to a query of an evaluation built from tallies "
            r"\(from_confusion_matrix, a \+ b, from_batches, from_dask\): it keeps no per-sample "
            r"labels to weight. Pass the weights when building it.")):
        query(build())


def test_query_weights_must_align_with_the_series_index():
    cm = ClassificationMetric(S([0, 1], index=[3, 4]), S([0, 1], index=[3, 4]))
    with pytest.raises(ValueError, match="y_true and sample_weight .* different indexes"):
        cm.AS(sample_weight=S([1.0, 2.0], index=[4, 3]))
    assert cm.AS(sample_weight=S([1.0, 2.0], index=[3, 4])) == 1.0


def test_multilabel_confusion_matrix_has_no_frame():
    cm = ClassificationMetric([[0, 1]], [[0, 1]])
    with pytest.raises(ValueError, match="as_frame=True needs a single K x K matrix.*report"):
        cm.CM(as_frame=True)


def test_huge_dense_matrix_is_refused(monkeypatch):
    from permetrics_lite import _confusion

    monkeypatch.setattr(_confusion, "DENSE_LIMIT", 4)
    monkeypatch.setattr(_confusion, "MATERIALISE_LIMIT", 8)
    cm = ClassificationMetric([0, 1, 2], [0, 1, 2])  # 9 cells: kept sparse, refused dense
    assert cm.AS() == 1.0 and cm.PCA(average="macro") == 1.0
    with pytest.raises(MemoryError, match="3 classes has 9 cells, too many"):
        cm.CM()


# --------------------------------------------------------------------------
# pos_label: which class it names
# --------------------------------------------------------------------------


def test_the_class_of_a_one_class_problem_is_counted_not_taken_as_absent():
    cm = ClassificationMetric(["a", "a", "a"], ["a", "a", "a"])
    assert cm.PS(pos_label="a") == 1.0 and cm.RS(pos_label="a") == 1.0  # tp = 3
    assert np.isnan(cm.PS(pos_label="b", zero_division=np.nan))  # absent: no predictions


def test_pos_label_of_bytes_names_a_bytes_class():
    cm = ClassificationMetric([b"a", b"b", b"a"], [b"a", b"a", b"b"])
    assert cm.PS(pos_label=b"a") == 0.5 and cm.RS(pos_label=b"b") == 0.0
    with pytest.raises(ValueError, match=r"pos_label='a' is not a label of this problem"):
        cm.PS(pos_label="a")


@pytest.mark.parametrize("zero, one", [(0, 1), (False, True), (np.int8(0), np.uint8(1))])
def test_pos_label_zero_and_one_name_the_classes_of_booleans(zero, one):
    cm = ClassificationMetric([True, False, True], [True, True, False])
    assert cm.PS(pos_label=zero) == 0.0 and cm.RS(pos_label=zero) == 0.0  # False: tp = 0
    assert cm.PS(pos_label=one) == 0.5 and cm.RS(pos_label=one) == 0.5


def test_pos_label_naming_the_missing_class_of_1d_scores_is_checked_as_a_label():
    with pytest.raises(ValueError) as error:
        ClassificationMetric.from_scores([2, 2], [0.2, 0.8], pos_label=2.5)
    assert str(error.value) == (
        "pos_label contains non-integral values (e.g. 2.5 at position 0); this looks like "
        "scores or probabilities; use ClassificationMetric.from_scores or threshold them.")


@pytest.mark.parametrize("y_true, pair", [
    ([True, True], [False, True]), ([False, False], [False, True]),
    (np.array([1, 1], dtype=np.int8), [0, 1]), (np.array([-1, -1], dtype=np.int16), [-1, 1]),
])
def test_one_class_of_1d_scores_implies_its_pair_in_its_own_type(y_true, pair):
    cm = ClassificationMetric.from_scores(y_true, [0.2, 0.8])
    assert cm.labels.tolist() == pair
    assert cm.labels.dtype == np.asarray(y_true).dtype
