"""Every bad input raises the right exception, and the message says what and where."""

import numpy as np
import pandas as pd
import pytest

from permetrics_lite import ClassificationMetric, validation as _validation
from permetrics_lite.core import encode as _encode

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
    ("infinities that cancel", [0, 1, 2], [0, 1, 2], {"sample_weight": [np.inf, 1.0, -np.inf]},
     ValueError, r"sample_weight contains 2 NaN or infinite value\(s\), the first at position 0"),
    ("negative beside a sum that overflows", [0, 1, 2], [0, 1, 2],
     {"sample_weight": [1e308, 1e308, -1.0]}, ValueError,
     r"sample_weight contains 1 negative value\(s\), the first at position 2"),
    ("negative beside a positive sum", [0, 1, 2], [0, 1, 2], {"sample_weight": [5.0, -1.0, 0.0]},
     ValueError, r"sample_weight contains 1 negative value\(s\), the first at position 1"),
    ("zeros, negative zero among them", [0, 1], [0, 1], {"sample_weight": [0.0, -0.0]},
     ValueError, r"sample_weight is all zero"),
    ("text weights", [0, 1], [0, 1], {"sample_weight": ["a", "b"]}, TypeError,
     r"sample_weight must be numeric"),
    ("unknown keyword", [0, 1], [0, 1], {"sample_weights": [1, 1]}, TypeError,
     r"unexpected keyword argument 'sample_weights'"),
    ("unknown default average", [0, 1], [0, 1], {"average": "mean"}, ValueError,
     r"average must be one of \[None, 'binary', 'micro', 'macro', 'weighted'\]; got 'mean'"),
    ("default pos_label not a label", [0, 1], [0, 1], {"pos_label": 2}, ValueError,
     r"pos_label=2 is not a label of this problem; its labels are \[0, 1\]"),
    ("default zero_division", [0, 1], [0, 1], {"zero_division": -1}, ValueError,
     r"zero_division must be one of \['warn', 0.0, 1.0, nan\]; got -1"),
    ("object floats not integral", np.array([0.0, 2.5], dtype=object), [0, 1], {}, ValueError,
     r"y_true contains non-integral values \(e\.g\. 2\.5 at position 1\)"),
    ("category of y_true not integral", pd.Categorical([1.0, 1.0], categories=[1.0, 2.5]), [1, 1],
     {}, ValueError, r"the categories of y_true contains non-integral values \(e\.g\. 2\.5 at position 1\)"),
    ("category of y_pred not integral", [1, 1], pd.Categorical([1.0, 1.0], categories=[1.0, 2.5]),
     {}, ValueError, r"the categories of y_pred contains non-integral values \(e\.g\. 2\.5 at position 1\)"),
    ("multilabel complex", [[1 + 0j, 0j]], [[1, 0]], {}, ValueError,
     r"y_true is a multilabel indicator array and must hold only 0 and 1; found \(1\+0j\) at row 0, column 0"),
    ("masked multilabel", np.ma.array([[0, 1], [1, 0]], mask=[[0, 0], [1, 0]]), [[0, 1], [1, 0]], {},
     ValueError, r"y_true is a masked array with 1 masked value\(s\), the first at row 1, column 0"),
    ("NaN among strings", ["a", np.nan], ["a", "a"], {}, ValueError,
     r"y_true contains 1 missing label\(s\) \(NaN, None or NA\), the first at position 1"),
    ("misaligned multilabel weights", pd.DataFrame({"a": [0, 1], "b": [1, 1]}, index=[5, 6]),
     pd.DataFrame({"a": [0, 1], "b": [1, 0]}, index=[5, 6]), {"sample_weight": S([1.0, 1.0])},
     ValueError, r"y_true and sample_weight are pandas objects with different indexes"),
]


@pytest.mark.parametrize(
    "y_true, y_pred, kwargs, error, message",
    [case[1:] for case in BAD_INPUTS],
    ids=[case[0] for case in BAD_INPUTS],
)
def test_bad_input_raises_with_a_clear_message(y_true, y_pred, kwargs, error, message):
    with pytest.raises(error, match=message):
        ClassificationMetric(y_true, y_pred, **kwargs)


# Plain numpy integer arrays skip the checks other labels need; these must not.
PLAIN_INTEGERS = [
    ("empty", np.array([], np.int64), np.array([], np.int64), ValueError, r"y_true is empty"),
    ("empty y_pred", np.array([1], np.int32), np.array([], np.int32), ValueError,
     r"y_pred is empty"),
    ("lengths differ", np.arange(3), np.arange(2), ValueError, r"different lengths: 3 and 2"),
    ("2-D beside 1-D", np.zeros((3, 2), np.int64), np.arange(3), ValueError,
     r"y_true is 2-D with shape \(3, 2\) \(multilabel indicators\) but y_pred is 1-D"),
    ("3-D", np.zeros((2, 2, 2), np.int8), np.zeros((2, 2, 2), np.int8), ValueError,
     r"y_true has 3 dimensions"),
]


@pytest.mark.parametrize("y_true, y_pred, error, message", [case[1:] for case in PLAIN_INTEGERS],
                         ids=[case[0] for case in PLAIN_INTEGERS])
def test_plain_integer_arrays_are_checked(y_true, y_pred, error, message):
    with pytest.raises(error, match=message):
        ClassificationMetric(y_true, y_pred)


@pytest.fixture
def cm():
    return ClassificationMetric(["a", "b", "b"], ["a", "b", "a"])


# (id, method, kwargs, exception, message regex)
BAD_QUERIES = [
    ("unknown average", "PCA", {"average": "macr"}, ValueError,
     r"average must be one of \[None, 'binary', 'micro', 'macro', 'weighted'\]; got 'macr'. "
     r"Did you mean 'macro'"),
    ("pos_label not a label", "PCA", {"pos_label": "c"}, ValueError,
     r"pos_label='c' is not a label of this problem; its labels are \['a', 'b'\]"),
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
     r"pos_label=1 is not a label of this problem; its labels are \['a', 'b'\]"),
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
    from permetrics_lite.core import tally as _tally

    for limit in ("DENSE_LIMIT", "SMALL_MATRIX", "SAMPLED_MATRIX"):
        monkeypatch.setattr(_tally, limit, 4)
    monkeypatch.setattr(_tally, "MATERIALISE_LIMIT", 8)
    cm = ClassificationMetric([0, 1, 2], [0, 1, 2])  # 9 cells: tallied per class, refused dense
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


# --------------------------------------------------------------------------
# Scores, and options of evaluations added up
# --------------------------------------------------------------------------

# (id, y_true, y_score, from_scores kwargs, exception, message regex)
BAD_SCORE_INPUTS = [
    ("labels of another kind", [0, 1], [0.2, 0.8], {"labels": ["a", "b"]}, TypeError,
     r"labels has string labels \(e\.g\. 'a'\) but y_true has numeric labels \(e\.g\. 0\)"),
    ("category not integral", pd.Categorical([1.0, 1.0], categories=[1.0, 2.5]),
     [[0.1, 0.9], [0.3, 0.7]], {}, ValueError,
     r"the categories of y_true contains non-integral values \(e\.g\. 2\.5 at position 1\)"),
    ("strings as a score matrix", [0, 1], [["a", "b"], ["c", "d"]], {}, TypeError,
     r"y_score must hold numbers \(probabilities, scores or decision values\); got dtype <U1\."),
    ("zero weights", [0, 1], [0.2, 0.8], {"sample_weight": [0.0, 0.0]}, ValueError,
     r"sample_weight is all zero; at least one weight must be positive"),
    ("weights misaligned with y_true", S([0, 1], index=[5, 6]), [0.2, 0.8],
     {"sample_weight": S([1.0, 1.0])}, ValueError,
     r"y_true and sample_weight are pandas objects with different indexes"),
    ("weights misaligned with y_score", [0, 1], S([0.2, 0.8], index=[5, 6]),
     {"sample_weight": S([1.0, 1.0])}, ValueError,
     r"y_true and sample_weight are pandas objects with different indexes"),
]


@pytest.mark.parametrize(
    "y_true, y_score, kwargs, error, message",
    [case[1:] for case in BAD_SCORE_INPUTS],
    ids=[case[0] for case in BAD_SCORE_INPUTS],
)
def test_bad_score_input_raises_with_a_clear_message(y_true, y_score, kwargs, error, message):
    with pytest.raises(error, match=message):
        ClassificationMetric.from_scores(y_true, y_score, **kwargs)


def test_scores_held_as_python_objects_are_numbers():
    scores = np.array([0.2, 0.8, 0.6], dtype=object)  # >= 0.5 predicts 1: 0, 1, 1
    assert ClassificationMetric.from_scores([0, 1, 0], scores).AS() == 2 / 3


def test_integer_score_matrix_is_compared_exactly_or_refused():
    # every integer up to 2**53 is a float64: the rows do not tie
    big = 2**53
    cm = ClassificationMetric.from_scores([1, 0], [[big - 1, big], [big, big - 1]], labels=[0, 1])
    assert cm.CM().tolist() == [[1, 0], [0, 1]]
    assert cm.AUC() == 1.0
    # 2**53 + 1 is not: as floats both rows would tie, so it is refused
    with pytest.raises(ValueError, match=r"y_score holds 2 integer\(s\) beyond \+-2\*\*53, the "
                                         r"first 9007199254740993 at row 0, column 1"):
        ClassificationMetric.from_scores([1, 0], [[big, big + 1], [big + 1, big]])


def test_1d_integer_scores_become_float64():
    targets = _validation.check_scores([0, 1, 1], np.array([3, -2, 7]), None)
    assert targets.scores.dtype == np.float64
    assert targets.scores.tolist() == [3.0, -2.0, 7.0]


def test_adding_evaluations_checks_every_option():
    first = ClassificationMetric([0, 1], [0, 1], average="macro", zero_division=0.0)
    second = ClassificationMetric([0, 1], [1, 1], average="macro", zero_division=1.0)
    with pytest.raises(ValueError, match=r"cannot add evaluations built with different "
                                         r"zero_division \(0\.0 and 1\.0\)"):
        first + second


def test_adding_evaluations_names_an_option_given_to_one_only():
    first = ClassificationMetric([0, 1], [0, 1])
    second = ClassificationMetric([0, 1], [1, 1], zero_division=0.0)
    with pytest.raises(ValueError, match=r"different zero_division \('<not given>' and 0\.0\); "
                                         r"build both with the same options"):
        first + second


@pytest.mark.parametrize("first, second, expected", [(1.0, 1, 1), (1, True, 1), (True, 1, 1)],
                         ids=["float then int", "int then bool", "bool then int"])
def test_merged_option_is_the_second_unless_a_bool_meets_a_number(first, second, expected):
    merged = _validation.merged_options({"pos_label": first}, {"pos_label": second})
    assert merged == {"pos_label": expected}
    assert type(merged["pos_label"]) is int


# --------------------------------------------------------------------------
# Labels: one exact type
# --------------------------------------------------------------------------


@pytest.mark.parametrize("y_true, dtype, labels", [
    (np.array([200.0, 0.0]), np.int64, [0, 200]),
    (np.array([200.0, 0.0], dtype=object), np.int64, [0, 200]),
    (np.array([2.0**63, 0.0]), np.uint64, [0, 2**63]),
], ids=["floats", "float objects", "floats beyond int64"])
def test_integral_float_labels_become_exact_integers(y_true, dtype, labels):
    cm = ClassificationMetric(y_true, y_true[::-1])
    assert cm.labels.tolist() == labels
    assert cm.labels.dtype == dtype


@pytest.mark.parametrize("labels, dtype, expected", [
    ([0.0, 200.0], np.int64, [0, 200]),
    ([0.0, 2.0**63], np.uint64, [0, 2**63]),
], ids=["within int64", "beyond int64"])
def test_integral_float_labels_of_a_matrix_become_exact_integers(labels, dtype, expected):
    cm = ClassificationMetric.from_confusion_matrix([[1, 0], [0, 1]], labels=labels)
    assert cm.labels.tolist() == expected
    assert cm.labels.dtype == dtype


def test_a_large_integer_next_to_a_float_stays_exact():
    # numpy would make [2**53 + 1, 2.0] float64, rounding the first label to 2**53
    cm = ClassificationMetric([2**53 + 1, 2.0], [2.0, 2.0])
    assert cm.labels.tolist() == [2, 2**53 + 1]


def test_bytes_labels_from_a_list_keep_their_bytes_dtype():
    targets = _validation.check_targets([b"a", b"bc"], [b"bc", b"bc"])
    assert targets.true.dtype == np.dtype("S2") and targets.true.tolist() == [b"a", b"bc"]


def test_booleans_held_as_python_objects_stay_booleans():
    cm = ClassificationMetric(np.array([True, False], dtype=object), [True, True])
    assert cm.labels.tolist() == [False, True]
    assert cm.labels.dtype == np.bool_


def test_bytes_held_as_python_objects_are_bytes_labels():
    cm = ClassificationMetric(S([b"a", b"b"]), [b"b", b"b"])  # object Series against S1 array
    assert cm.labels.tolist() == [b"a", b"b"]
    assert cm.AS() == 0.5


@pytest.mark.parametrize("y_true, y_pred, dtype", [
    # uint64 within int64 meets a negative label: both int64
    (np.array([2**63 - 1, 0], dtype=np.uint64), np.array([-1, 0]), np.int64),
    # uint64 beyond int64 meets non-negative signed labels (0 among them): both uint64
    (np.array([2**63, 1], dtype=np.uint64), np.array([0, 1]), np.uint64),
    # Python ints beyond uint64: every argument becomes Python ints
    ([2**64, 1], np.array([1, 1]), object),
], ids=["int64", "uint64", "python ints"])
def test_integer_labels_of_both_arguments_get_one_exact_type(y_true, y_pred, dtype):
    targets = _validation.check_targets(y_true, y_pred)
    true, pred = (values.uniques[values.codes] if isinstance(values, _encode.Coded) else values
                  for values in (targets.true, targets.pred))  # object labels come coded
    assert true.dtype == dtype and pred.dtype == dtype
    assert true.tolist() == list(y_true) and pred.tolist() == list(y_pred)


def test_an_empty_signed_array_does_not_decide_the_common_integer_type():
    empty, big = np.array([], dtype=np.int64), np.array([2**63], dtype=np.uint64)
    arrays = _validation.common_labels({"a": empty, "b": big})
    assert [a.dtype for a in arrays] == [np.uint64, np.uint64]
    assert arrays[1].tolist() == [2**63]


@pytest.mark.parametrize("values, kind", [
    (np.array([b"a"], dtype=object), "bytes"),
    (np.array(["a"], dtype=object), "str"),
    (np.array([], dtype=object), "number"),  # no value to tell: not text
], ids=["bytes objects", "str objects", "no objects"])
def test_kind_of_labels_held_as_objects(values, kind):
    assert _validation.labels.label_kind(values) == kind


# --------------------------------------------------------------------------
# Multilabel indicators and weights
# --------------------------------------------------------------------------


@pytest.mark.parametrize("frame_is_true", [True, False], ids=["y_true frame", "y_pred frame"])
def test_columns_of_one_multilabel_frame_name_the_labels(frame_is_true):
    frame, array = pd.DataFrame({"x": [0, 1], "y": [1, 1]}), np.array([[0, 1], [1, 0]])
    cm = ClassificationMetric(frame, array) if frame_is_true else ClassificationMetric(array, frame)
    assert cm.labels.tolist() == ["x", "y"]
    assert cm.HML() == 0.25  # one cell of four differs


def test_multilabel_indicators_held_as_python_objects():
    cm = ClassificationMetric(np.array([[0, 1], [1, 0]], dtype=object), [[0, 1], [1, 1]])
    assert cm.labels.tolist() == [0, 1]
    assert cm.HML() == 0.25


@pytest.mark.parametrize("weights, accuracy", [
    (np.array([1, 3], dtype=object), 1 / 4),
    (np.array([1.5, 0.5], dtype=object), 1.5 / 2),
    (np.array([True, False], dtype=object), 1.0),
], ids=["ints", "floats", "bools"])
def test_weights_held_as_python_numbers(weights, accuracy):
    # the first sample is right, the second wrong: accuracy is the first's share of the weight
    assert ClassificationMetric([0, 1], [0, 0], sample_weight=weights).AS() == accuracy


def test_validated_weights_are_read_only():
    weight = _validation.check_sample_weight([1, 2], 2)
    assert weight.dtype == np.float64 and weight.tolist() == [1.0, 2.0]
    with pytest.raises(ValueError, match="read-only"):
        weight[0] = 5.0


# weights checked two to a chunk: every problem sits in a chunk of its own, after good ones
@pytest.mark.parametrize("weights, message", [
    ([1.0, 2.0, 3.0, np.nan, 1.0], r"1 NaN or infinite value\(s\), the first at position 3"),
    ([1.0, 2.0, -1.0, 4.0, 1.0], r"1 negative value\(s\), the first at position 2"),
    ([1.0, 2.0, 3.0, 4.0, -1.0], r"1 negative value\(s\), the first at position 4"),
    ([1.0, 2.0, -1.0, 4.0, np.nan], r"1 NaN or infinite value\(s\), the first at position 4"),
    ([1.0, 2.0, np.inf, 4.0, -np.inf], r"2 NaN or infinite value\(s\), the first at position 2"),
    ([0.0, -0.0, 0.0, 0.0, 0.0], r"sample_weight is all zero"),
], ids=["NaN", "negative", "negative last", "negative, then NaN", "infinities", "zeros"])
def test_weights_checked_a_chunk_at_a_time(monkeypatch, weights, message):
    monkeypatch.setattr(_validation.weights, "_WEIGHT_CHUNK", 2)
    with pytest.raises(ValueError, match=r"sample_weight (contains|is all zero)"):
        ClassificationMetric([0, 1, 0, 1, 0], [0, 1, 1, 1, 0], sample_weight=weights)
    with pytest.raises(ValueError, match=message):
        _validation.check_sample_weight(weights, 5)


def test_weights_held_as_python_objects_are_their_floats():
    # zeros and whole numbers as Python objects: the same evaluation as float64 weights
    y_true, y_pred = [0, 1, 1, 0], [0, 1, 0, 0]
    floats = np.array([0.0, 1.5, 2.0, 3.0])
    for objects in (np.array([0.0, 1.5, 2.0, 3.0], dtype=object),
                    np.array([0, 1.5, 2, 3], dtype=object)):
        cm = ClassificationMetric(y_true, y_pred, sample_weight=objects)
        assert cm.CM().tolist() == [[3.0, 0.0], [2.0, 1.5]]
        assert cm.CM().tolist() == ClassificationMetric(y_true, y_pred,
                                                        sample_weight=floats).CM().tolist()
    # an infinite Python float is infinite, not beyond float64's range
    with pytest.raises(ValueError) as raised:
        ClassificationMetric(y_true, y_pred, sample_weight=np.array([1.0, np.inf, 1.0, 1.0],
                                                                    dtype=object))
    assert str(raised.value) == ("sample_weight contains 1 NaN or infinite value(s), the first "
                                 "at position 1; weights must be finite and non-negative.")


HUGE = np.array([1, 10**400, 2, 1], dtype=object)  # a Python int beyond float64
WEIGHT_ENTRY_POINTS = {
    "constructor": lambda w: ClassificationMetric([0, 1, 1, 0], [0, 1, 0, 0], sample_weight=w),
    "query": lambda w: ClassificationMetric([0, 1, 1, 0], [0, 1, 0, 0]).AS(sample_weight=w),
    "from_scores": lambda w: ClassificationMetric.from_scores(
        [0, 1, 1, 0], [0.2, 0.7, 0.4, 0.1], sample_weight=w),
    "from_batches": lambda w: ClassificationMetric.from_batches(
        [([0, 1], [0, 1], w[:2]), ([1, 0], [0, 0], w[2:])]),
    "from_counts": lambda w: ClassificationMetric.from_counts(
        pd.DataFrame({"t": [0, 1, 1, 0], "p": [0, 1, 0, 0], "w": w}), true="t", pred="p",
        weight="w"),
}


@pytest.mark.parametrize("huge", [HUGE, np.array([True, 10**400, 2, 1], dtype=object)],
                         ids=["ints", "ints and a boolean"])
@pytest.mark.parametrize("entry", WEIGHT_ENTRY_POINTS)
def test_a_weight_beyond_float64_is_refused_by_every_entry_point(entry, huge):
    with pytest.raises(ValueError) as raised:
        WEIGHT_ENTRY_POINTS[entry](huge)
    assert type(raised.value).__name__ == "InputError"
    name = {"from_counts": "weight='w'", "from_batches": "batch 0: sample_weight"}.get(
        entry, "sample_weight")  # a batch's message says which batch
    assert str(raised.value) == (
        f"{name} has 1 value(s) beyond the range of float64 weights (e.g. 1.00e+400 at "
        "position 1, which would weigh inf); scale every weight by one power of ten (no ratio "
        "changes).")


@pytest.mark.parametrize("dtype", [np.float64, np.float32, np.int64, np.uint8, bool])
def test_weights_copied_a_chunk_at_a_time_are_the_weights(monkeypatch, dtype):
    monkeypatch.setattr(_validation.weights, "_WEIGHT_CHUNK", 2)
    weights = np.array([3, 0, 1, 2, 1], dtype=dtype)
    checked = _validation.check_sample_weight(weights, 5)
    assert checked.dtype == np.float64 and checked.tolist() == weights.astype(float).tolist()
    weights[0] = 0  # the kept copy is the evaluation's own
    assert checked[0] == (1.0 if dtype is bool else 3.0)


def test_weights_whose_sum_overflows_across_chunks_are_valid(monkeypatch):
    monkeypatch.setattr(_validation.weights, "_WEIGHT_CHUNK", 2)
    # each chunk's sum is finite, their total is not: counted in larger units
    cm = ClassificationMetric([0, 0, 0, 1], [0, 1, 1, 1], sample_weight=[1e308] * 4)
    assert cm.AS() == 0.5
    assert cm.BAS() == (1 / 3 + 1) / 2


def test_matrix_whose_exact_total_passes_int64_although_its_float_sum_does_not():
    # as floats the counts round down to 2**62, 2**61 and 2**61 - 768, whose sum rounds
    # to 2**63 - 1024; the exact total is 2**63, one more than int64 holds
    counts = [2**62 + 511, 2**61 + 255, 2**61 - 766]
    assert sum(counts) == 2**63
    with pytest.raises(OverflowError, match=r"matrix counts 9223372036854775808 samples in all, "
                                            r"more than the 2\*\*63 - 1 that int64 counts hold"):
        ClassificationMetric.from_confusion_matrix(np.diag(counts))


@pytest.mark.parametrize("y_true", [[True, [0]], [1, [2]], ["a", [1]], [[1], "a"]],
                         ids=["bool then list", "int then list", "str then list",
                              "list then str"])
def test_an_unhashable_label_anywhere_is_named(y_true):
    # a list after a valid label once slipped through as a label of its own
    with pytest.raises(TypeError, match=r"y_true has labels of unsupported type list \(e\.g\. "
                       r"\[\d\]\); labels must be integers"):
        ClassificationMetric(y_true, [1, 1])
