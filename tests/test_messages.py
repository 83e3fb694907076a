"""The complete text of every error that input validation raises.

A message is part of the contract: it names the argument, says what was found
and what to do. Each row triggers one error through the public API and
compares the whole message, so a changed word, argument name, suggestion or
preview is a failure, not only a changed prefix. The expected texts are
written out here, never built from the library's own constants.
"""

import copyreg
import pickle
import sys
from decimal import Decimal

import dask.array as da
import numpy as np
import pandas as pd
import pytest

import permetrics_lite
from permetrics_lite import ClassificationMetric as CM
from permetrics_lite import accuracy_score, precision_score, top_k_accuracy_score

S = pd.Series
DF = pd.DataFrame

SUPPORTED = ("labels must be integers, booleans, integral floats, strings or bytes "
             "(convert other values, e.g. dates, with .astype(str))")
AVERAGES = "[None, 'binary', 'micro', 'macro', 'weighted']"
ZERO_DIVISIONS = "['warn', 0.0, 1.0, nan]"
ALIASES = ("['AS', 'BAS', 'PCA', 'CM', 'PS', 'RS', 'SS', 'NPV', 'F1S', 'F2S', 'FBS', 'JSI', "
           "'GMS', 'LS', 'BM', 'MK', 'MCC', 'CKS', 'HML', 'NIR', 'TKA', 'AUC', 'APS', 'LL', 'BSL', 'ECE']")
CURVE_NAMES = ("['accuracy', 'AS', 'accuracy_score', 'balanced_accuracy', 'BAS', "
               "'balanced_accuracy_score', 'recall', 'RS', 'recall_score', 'specificity', "
               "'SS', 'specificity_score', 'precision', 'PS', 'precision_score', 'f1', 'F1S', "
               "'f1_score']")
PS_PARAMETERS = "['average', 'pos_label', 'sample_weight', 'zero_division']"
TALLIES = ("(from_confusion_matrix, from_counts, from_batches or from_dask of labels, a + b of "
           "evaluations not all of scores of the same classes, a group of by_group)")
BIG = 2**62  # two of these overflow int64 counts
INPUT_ERRORS = {ValueError: permetrics_lite.InputError, TypeError: permetrics_lite.InputTypeError}


def labels_ab():
    return CM(["a", "b", "b"], ["a", "b", "a"])


def scored_binary():
    return CM.from_scores([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])


def scored_matrix():
    return CM.from_scores([0, 1], [[0.9, 0.1], [0.2, 0.8]])


def multilabel():
    return CM([[0, 1], [1, 0]], [[0, 1], [1, 1]])


def not_one_of(name, allowed, got, hint=""):
    return f"{name} must be one of {allowed}; got {got}.{hint}"


def unknown_metric(got, hint=""):
    return f"unknown metric name {got}; use a short alias {ALIASES} or its long name.{hint}"


def unknown_curve_metric(got, hint=""):
    return (f"metric must name a column of the threshold curve (by column, alias or long name): "
            f"one of {CURVE_NAMES}; got {got}.{hint}")


def unsupported_type(name, type_name, example):
    return f"{name} has labels of unsupported type {type_name} (e.g. {example}); {SUPPORTED}."


def not_integral(name, value, position):
    return (f"{name} contains non-integral values (e.g. {value} at position {position}); this "
            "looks like scores or probabilities; use ClassificationMetric.from_scores or "
            "threshold them.")


def missing_labels(name, count, position):
    return (f"{name} contains {count} missing label(s) (NaN, None or NA), the first at position "
            f"{position}; drop or fill them before evaluating.")


def kinds_differ(a, a_kind, a_example, b, b_kind, b_example):
    return (f"{a} has {a_kind} labels (e.g. {a_example}) but {b} has {b_kind} labels (e.g. "
            f"{b_example}); labels of different kinds never compare equal (and do not sort "
            "together): use one kind of label for both.")


def misaligned(first, second):
    return (f"{first} and {second} are pandas objects with different indexes, so their rows "
            "would be paired by position, not by index. Align them (e.g. "
            f"{second}.reindex({first}.index)) or pass .to_numpy().")


def bad_weights(count, problem, position):
    return (f"sample_weight contains {count} {problem} value(s), the first at position "
            f"{position}; weights must be finite and non-negative.")


def not_finite_scores(count, problem, where):
    return (f"y_score contains {count} {problem} value(s), the first at {where}; scores must "
            "be finite numbers.")


def unlisted(where, found, first=None):
    at = "" if first is None else f", the first at position {first}"
    return (f"{where} contains label(s) missing from labels: {found}{at}; add them to labels "
            "(nothing is dropped silently).")


def not_a_label(source, valid):
    return (f"{source} is not a label of this problem; its labels are {valid}: name the "
            "positive class with pos_label.")


def not_indicator(name, found, row, column):
    return (f"{name} is a multilabel indicator array and must hold only 0 and 1; found {found} "
            f"at row {row}, column {column}.")


def binary_unsupported(found):
    return (f"Target is {found} but average='binary'. Please choose another average setting, "
            "one of [None, 'micro', 'macro', 'weighted']; average=None gives every class.")


def scores_needed(query, needs, matrix=""):
    return (f"{query} needs {needs}, and this evaluation has none: it was built from labels, "
            f"from tallies {TALLIES}{matrix}. Build it with "
            "ClassificationMetric.from_scores(y_true, y_score) (or from_batches and from_dask "
            "with scores=True).")


def matrix_values(count, problem, row, column):
    return (f"matrix contains {count} {problem} value(s), the first at row {row}, column "
            f"{column}; counts must be finite and non-negative.")


def overflow(what, total):
    return (f"{what} counts {total} samples in all, more than the 2**63 - 1 that int64 counts "
            "hold; divide the counts (every ratio metric is unchanged) or pass them as floats "
            "(weights).")


def bad_batch(number, got):
    return (f"batch {number} must be a tuple (y_true, y_pred) or (y_true, y_pred, "
            f"sample_weight); got {got}.")


def all_zero_parts(parts):
    return (f"sample_weight is all zero in every one of the {parts}; at least one weight must "
            "be positive.")


def disagree(first, second, at, other):
    return (f"{first} and {second} disagree on the positive class of 1-D y_score ({at} against "
            f"{other}); 1-D scores are the scores of the positive class: name it once "
            "(pos_label, or labels=[negative, positive]).")


class _Pickled:
    """Pickles as a ClassificationMetric whose state has another ``version``."""

    def __init__(self, version, library):
        self.state = {"version": version, "library": library, "state": {}}

    def __reduce__(self):
        return copyreg._reconstructor, (CM, object, None), self.state


def load_pickled(version, library):
    return pickle.loads(pickle.dumps(_Pickled(version, library)))


def unknown_version(version, library):
    return (f"cannot load this ClassificationMetric: it was pickled with state version "
            f"{version} (permetrics_lite {library}), and this permetrics_lite "
            f"({permetrics_lite.__version__}) reads versions 0 to 2; upgrade permetrics_lite "
            "to load it.")


# (id, call, exception, the complete message)
MESSAGES = [
    # --- one array-like (_to_column) ---
    ("y_true None", lambda: CM(None, [1]), TypeError,
     "y_true is None; pass an array-like of class labels."),
    ("y_pred None", lambda: CM([1], None), TypeError,
     "y_pred is None; pass an array-like of class labels."),
    ("y_pred a string", lambda: CM(["a"], "abc"), TypeError,
     "y_pred must be an array-like, one value per sample; got the string 'abc'."),
    ("y_true bytes", lambda: CM(b"ab", [1]), TypeError,
     "y_true must be an array-like, one value per sample; got the string b'ab'."),
    ("y_pred a scalar", lambda: CM([1], 1), TypeError,
     "y_pred must be an array-like, one value per sample; got the scalar 1."),
    ("y_true 3-D", lambda: CM(np.zeros((2, 2, 2)), np.zeros((2, 2, 2))), ValueError,
     "y_true has 3 dimensions (shape (2, 2, 2)); expected 1-D class labels or a 2-D "
     "(n_samples, n_labels) multilabel indicator array."),
    ("y_true empty", lambda: CM([], []), ValueError,
     "y_true is empty; at least one sample is needed."),
    ("y_pred empty", lambda: CM([1], np.array([])), ValueError,
     "y_pred is empty; at least one sample is needed."),
    ("masked y_true", lambda: CM(np.ma.array([0, 1, 2], mask=[0, 1, 1]), [0, 1, 2]), ValueError,
     "y_true is a masked array with 2 masked value(s), the first at position 1; the mask would "
     "be ignored. Drop those samples from every argument (or fill them) and pass plain arrays."),
    ("masked 2-D y_pred",
     lambda: CM([[0, 1], [1, 0]], np.ma.array([[0, 1], [1, 0]], mask=[[0, 0], [0, 1]])),
     ValueError,
     "y_pred is a masked array with 1 masked value(s), the first at row 1, column 1; the mask "
     "would be ignored. Drop those samples from every argument (or fill them) and pass plain "
     "arrays."),
    ("labels a string", lambda: CM([0], [0], labels="ab"), TypeError,
     "labels must be an array-like, one value per class; got the string 'ab'."),
    ("labels empty", lambda: CM([0, 1], [0, 1], labels=[]), ValueError,
     "labels is empty; at least one class is needed."),
    ("sample_weight a scalar", lambda: CM([0, 1], [0, 1], sample_weight=3), TypeError,
     "sample_weight must be an array-like, one value per sample; got the scalar 3."),
    # --- label values and kinds ---
    ("NaN in y_true", lambda: CM([1.0, np.nan, np.nan], [1, 1, 1]), ValueError,
     missing_labels("y_true", 2, 1)),
    ("None in y_pred", lambda: CM(["a", "b"], ["a", None]), ValueError,
     missing_labels("y_pred", 1, 1)),
    ("pd.NA in y_true", lambda: CM(pd.array([1, pd.NA], dtype="Int64"), [1, 1]), ValueError,
     missing_labels("y_true", 1, 1)),
    ("NaN in a Categorical", lambda: CM(pd.Categorical([None, "a"]), ["a", "a"]), ValueError,
     missing_labels("y_true", 1, 0)),
    ("None in labels", lambda: CM(["a"], ["a"], labels=["a", None]), ValueError,
     missing_labels("labels", 1, 1)),
    ("NaN in labels", lambda: CM([0, 1], [0, 1], labels=[0.0, np.nan]), ValueError,
     missing_labels("labels", 1, 1)),
    ("probabilities", lambda: CM([0, 1], [0.2, 0.9]), ValueError, not_integral("y_pred", 0.2, 0)),
    ("infinite label", lambda: CM([0.0, np.inf], [0, 1]), ValueError,
     not_integral("y_true", "inf", 1)),
    ("a fraction among integers", lambda: CM([1, 2, 2.5], [1, 2, 2]), ValueError,
     not_integral("y_true", 2.5, 2)),
    ("tuples", lambda: CM([(1, 2), (3,)], [1, 2]), TypeError,
     unsupported_type("y_true", "tuple", "(1, 2)")),
    ("lists (unhashable)", lambda: CM([0, 1], [[1, 2], [3]]), TypeError,
     unsupported_type("y_pred", "list", "[1, 2]")),
    ("datetime labels", lambda: CM(np.array(["2020-01-01"], dtype="datetime64[D]"), [1]),
     TypeError, f"y_true has dtype datetime64[D], which is not a class label type; {SUPPORTED}."),
    ("complex labels", lambda: CM([0], np.array([1 + 2j])), TypeError,
     f"y_pred has dtype complex128, which is not a class label type; {SUPPORTED}."),
    ("strings mixed with numbers", lambda: CM(["a", 1], ["a", "a"]), TypeError,
     "y_true mixes string labels (e.g. 'a') with other labels (e.g. 1); use one kind of label "
     "(convert with .astype(str) if needed)."),
    ("bytes mixed with strings", lambda: CM(["a", "a"], np.array([b"x", "y"], dtype=object)),
     TypeError,
     "y_pred mixes string labels (e.g. 'y') with other labels (e.g. b'x'); use one kind of "
     "label (convert with .astype(str) if needed)."),
    ("bytes mixed with numbers", lambda: CM(np.array([1, b"x"], dtype=object), [1, 1]),
     TypeError,
     "y_true mixes bytes labels (e.g. b'x') with other labels (e.g. 1); use one kind of label "
     "(convert with .astype(str) if needed)."),
    ("strings against numbers", lambda: CM(["a", "b"], [0, 1]), TypeError,
     kinds_differ("y_true", "string", "'a'", "y_pred", "numeric", "0")),
    ("numbers against strings", lambda: CM([0, 1], np.array(["a", "b"])), TypeError,
     kinds_differ("y_pred", "string", "'a'", "y_true", "numeric", "0")),
    ("bytes against strings", lambda: CM([b"a"], ["a"]), TypeError,
     kinds_differ("y_pred", "string", "'a'", "y_true", "bytes", "b'a'")),
    ("bytes against numbers", lambda: CM([b"a"], [1]), TypeError,
     kinds_differ("y_true", "bytes", "b'a'", "y_pred", "numeric", "1")),
    ("numbers against bytes", lambda: CM([True], [b"a"]), TypeError,
     kinds_differ("y_pred", "bytes", "b'a'", "y_true", "numeric", "True")),
    ("labels of another kind", lambda: CM([0, 1], [0, 1], labels=["a", "b"]), TypeError,
     kinds_differ("labels", "string", "'a'", "y_true", "numeric", "0")),
    ("labels 2-D", lambda: CM([0, 1], [0, 1], labels=[[0, 1]]), ValueError,
     "labels must be 1-D; got shape (1, 2)."),
    ("duplicate labels", lambda: CM([0, 1], [0, 1], labels=[0, 1, 1, 0]), ValueError,
     "labels contains duplicates: [1, 0]; each class may appear only once."),
    ("many duplicate labels", lambda: CM([0], [0], labels=list(range(11)) * 2), ValueError,
     "labels contains duplicates: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, ...]; each class may appear "
     "only once."),
    ("ten duplicate labels", lambda: CM([0], [0], labels=list(range(10)) * 2), ValueError,
     "labels contains duplicates: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]; each class may appear "
     "only once."),
    ("labels missing data labels", lambda: CM([0, 1, 2], [0, 1, 3], labels=[0, 1]), ValueError,
     unlisted("y_true or y_pred", "[2, 3]", 2)),
    # --- pairing of the arguments ---
    ("lengths differ", lambda: CM([1, 2, 3], [1, 2]), ValueError,
     "y_true and y_pred have different lengths: 3 and 2; they must hold one label per sample "
     "each."),
    ("misaligned Series", lambda: CM(S([0, 1], index=[0, 1]), S([0, 1], index=[1, 0])),
     ValueError, misaligned("y_true", "y_pred")),
    ("misaligned weights",
     lambda: CM(S([0, 1]), [0, 1], sample_weight=S([1.0, 1.0], index=[5, 6])), ValueError,
     misaligned("y_true", "sample_weight")),
    ("weights misaligned with y_pred",  # the index is y_pred's, the message says y_true
     lambda: CM([0, 1], S([0, 1]), sample_weight=S([1.0, 1.0], index=[5, 6])), ValueError,
     misaligned("y_true", "sample_weight")),
    ("2-D against 1-D", lambda: CM([[0, 1], [1, 0]], [0, 1]), ValueError,
     "y_true is 2-D with shape (2, 2) (multilabel indicators) but y_pred is 1-D with shape "
     "(2,); pass both as (n_samples, n_labels) 0/1 arrays, or both as 1-D class labels "
     "(e.g. scores.argmax(axis=1))."),
    ("1-D against 2-D", lambda: CM([0, 1], [[0, 1, 1], [1, 0, 0]]), ValueError,
     "y_pred is 2-D with shape (2, 3) (multilabel indicators) but y_true is 1-D with shape "
     "(2,); pass both as (n_samples, n_labels) 0/1 arrays, or both as 1-D class labels "
     "(e.g. scores.argmax(axis=1))."),
    # --- multilabel indicators ---
    ("multilabel shapes", lambda: CM(np.zeros((3, 2)), np.zeros((3, 3))), ValueError,
     "y_true and y_pred are multilabel indicator arrays of different shapes: (3, 2) and "
     "(3, 3); they must match."),
    ("multilabel without columns", lambda: CM(np.zeros((2, 0)), np.zeros((2, 0))), ValueError,
     "y_true and y_pred are multilabel indicator arrays with no columns (shape (2, 0)): there "
     "is no label to evaluate; give one column per label."),
    ("duplicate columns in y_true",
     lambda: CM(DF([[0, 1, 1, 0, 1]], columns=["a", "b", "a", "b", "a"]), [[0, 1, 1, 0, 1]]),
     ValueError,
     "y_true is a DataFrame with duplicate column names ['a', 'b']; each label must name one "
     "column."),
    ("duplicate columns in y_pred",
     lambda: CM([[0, 1, 1]], DF([[0, 1, 1]], columns=["a", "b", "b"])), ValueError,
     "y_pred is a DataFrame with duplicate column names ['b']; each label must name one "
     "column."),
    ("frames with other columns",
     lambda: CM(DF({"a": [0], "b": [1]}), DF({"b": [0], "a": [1]})), ValueError,
     "y_true and y_pred are DataFrames with different columns (['a', 'b'] and ['b', 'a']); "
     "put the labels in the same order."),
    ("multilabel labels count", lambda: CM([[0, 1]], [[0, 1]], labels=["a"]), ValueError,
     "labels has 1 names but the multilabel arrays have 2 columns; give one name per column."),
    ("indicator 2", lambda: CM([[0, 1], [2, 0]], [[0, 1], [1, 0]]), ValueError,
     not_indicator("y_true", 2, 1, 0)),
    ("indicator 0.5 in y_pred", lambda: CM([[0, 1]], [[0, 0.5]]), ValueError,
     not_indicator("y_pred", 0.5, 0, 1)),
    ("indicator strings", lambda: CM([["b", "a"]], [[0, 1]]), ValueError,
     not_indicator("y_true", "'b'", 0, 0)),
    ("indicator NaN in floats", lambda: CM([[0, 1]], [[1.0, np.nan]]), ValueError,
     not_indicator("y_pred", "nan", 0, 1)),
    ("indicator None in objects", lambda: CM([[0, None], [1, 0]], [[0, 1], [1, 0]]), ValueError,
     missing_labels("y_true", 1, 1)),  # a flat position, not row and column
    ("indicator NaN in objects",
     lambda: CM([[0, 1], [1, 0]], np.array([[0, 1], [np.nan, 0]], dtype=object)), ValueError,
     missing_labels("y_pred", 1, 2)),
    # --- sample weights ---
    ("weights of another length", lambda: CM([0, 1], [0, 1], sample_weight=[1.0]), ValueError,
     "sample_weight has shape (1,); expected one weight per sample, shape (2,)."),
    ("weights 2-D", lambda: CM([0, 1], [0, 1], sample_weight=[[1, 2], [3, 4]]), ValueError,
     "sample_weight has shape (2, 2); expected one weight per sample, shape (2,)."),
    ("negative weight", lambda: CM([0, 1, 1], [0, 1, 1], sample_weight=[1, -1, -2]), ValueError,
     bad_weights(2, "negative", 1)),
    ("NaN weight", lambda: CM([0, 1], [0, 1], sample_weight=[np.nan, 1.0]), ValueError,
     bad_weights(1, "NaN or infinite", 0)),
    ("infinite weight", lambda: CM([0, 1], [0, 1], sample_weight=[1.0, np.inf]), ValueError,
     bad_weights(1, "NaN or infinite", 1)),
    ("missing weight", lambda: CM([0, 1, 1], [0, 1, 1], sample_weight=[1.0, 2.0, None]),
     ValueError, bad_weights(1, "missing (NaN, None or NA)", 2)),
    ("zero weights", lambda: CM([0, 1], [0, 1], sample_weight=[0, 0]), ValueError,
     "sample_weight is all zero; at least one weight must be positive."),
    ("text weights", lambda: CM([0, 1], [0, 1], sample_weight=["a", "b"]), TypeError,
     "sample_weight must be numeric (real numbers); got dtype <U1 (e.g. 'a'). Convert text "
     "with pd.to_numeric; complex numbers, dates and durations are not weights."),
    ("text among number weights", lambda: CM([0, 1], [0, 1], sample_weight=[1, "a"]), TypeError,
     "sample_weight must be numeric (real numbers); got dtype object (e.g. 'a'). Convert text "
     "with pd.to_numeric; complex numbers, dates and durations are not weights."),
    ("text among decimal weights",
     lambda: CM([0, 1], [0, 1], sample_weight=[Decimal(1), "a"]), TypeError,
     "sample_weight must be numeric (real numbers); got dtype object (e.g. 'a'). Convert text "
     "with pd.to_numeric; complex numbers, dates and durations are not weights."),
    ("decimal weights", lambda: CM([0, 1], [0, 1], sample_weight=[Decimal(1), 1]), TypeError,
     "sample_weight must be numeric (real numbers); got dtype object (e.g. Decimal('1')). "
     "Convert text with pd.to_numeric; complex numbers, dates and durations are not weights."),
    ("an int weight beyond float64",
     lambda: CM([0, 1], [0, 1], sample_weight=np.array([10**400, 1], dtype=object)), ValueError,
     "sample_weight has 1 value(s) beyond the range of float64 weights (e.g. 1.00e+400 at "
     "position 0, which would weigh inf); scale every weight by one power of ten (no ratio "
     "changes)."),
    ("query weights of another length", lambda: labels_ab().AS(sample_weight=[1, 2]), ValueError,
     "sample_weight has shape (2,); expected one weight per sample, shape (3,)."),
    ("query weights negative", lambda: labels_ab().report(sample_weight=[1, -2, 1]), ValueError,
     bad_weights(1, "negative", 1)),
    ("query weights on a matrix",
     lambda: CM.from_confusion_matrix([[1, 0], [0, 1]]).AS(sample_weight=[1.0, 1.0]), ValueError,
     "sample_weight cannot be given to a query of an evaluation built from tallies "
     "(from_confusion_matrix, a + b, from_batches, from_dask): it keeps no per-sample labels "
     "to weight. Pass the weights when building it."),
    # --- options: _not_one_of and _closest ---
    ("average by substring", lambda: labels_ab().PCA(average="macr"), ValueError,
     not_one_of("average", AVERAGES, "'macr'", " Did you mean 'macro'?")),
    ("average by spelling", lambda: labels_ab().F1S(average="mcro"), ValueError,
     not_one_of("average", AVERAGES, "'mcro'", " Did you mean 'micro' or 'macro'?")),
    ("average close to three: shows two", lambda: labels_ab().JSI(average="naro"), ValueError,
     not_one_of("average", AVERAGES, "'naro'", " Did you mean 'macro' or 'binary'?")),
    ("average in capitals", lambda: labels_ab().RS(average="MACRO"), ValueError,
     not_one_of("average", AVERAGES, "'MACRO'", " Did you mean 'macro'?")),
    ("average 'none'", lambda: labels_ab().PS(average="none"), ValueError,  # suggests a string
     not_one_of("average", AVERAGES, "'none'", " Did you mean 'None'?")),
    ("average unlike any", lambda: labels_ab().PS(average="samples"), ValueError,
     not_one_of("average", AVERAGES, "'samples'")),
    ("constructor average", lambda: CM([0, 1], [0, 1], average="mean"), ValueError,
     not_one_of("average", AVERAGES, "'mean'")),
    ("MCC average", lambda: labels_ab().MCC(average="multi"), ValueError,
     not_one_of("average", "['multiclass', None, 'binary', 'micro', 'macro', 'weighted']",
                "'multi'", " Did you mean 'multiclass'?")),
    ("CM normalize", lambda: labels_ab().CM(normalize="rows"), ValueError,
     not_one_of("normalize", "[None, 'true', 'pred', 'all']", "'rows'")),
    ("CM normalize True", lambda: labels_ab().CM(normalize=True), ValueError,
     not_one_of("normalize", "[None, 'true', 'pred', 'all']", "True", " Did you mean 'true'?")),
    ("kappa weights", lambda: labels_ab().CKS(weights="squared"), ValueError,
     not_one_of("weights", "[None, 'linear', 'quadratic']", "'squared'",
                " Did you mean 'quadratic'?")),
    ("plotted metric", lambda: labels_ab().plot_per_class(["recal"]), ValueError,
     not_one_of("metrics", "['accuracy', 'recall', 'precision', 'specificity', 'npv', 'f1', "
                "'jaccard', 'mcc']", "'recal'", " Did you mean 'recall'?")),
    ("zero_division -1", lambda: CM([0, 1], [0, 1], zero_division=-1), ValueError,
     not_one_of("zero_division", ZERO_DIVISIONS, "-1")),
    ("zero_division 2", lambda: labels_ab().BAS(zero_division=2), ValueError,
     not_one_of("zero_division", ZERO_DIVISIONS, "2")),
    ("zero_division typo", lambda: labels_ab().report(zero_division="warm"), ValueError,
     not_one_of("zero_division", ZERO_DIVISIONS, "'warm'", " Did you mean 'warn'?")),
    ("zero_division 'NaN'", lambda: labels_ab().JSI(zero_division="NaN"), ValueError,
     not_one_of("zero_division", ZERO_DIVISIONS, "'NaN'", " Did you mean 'nan'?")),
    ("zero_division True", lambda: labels_ab().PS(pos_label="a", zero_division=True), ValueError,
     not_one_of("zero_division", ZERO_DIVISIONS, "True")),
    # --- metric names and their parameters ---
    ("metric alias in lower case", lambda: CM.get_support("mcc"), ValueError,
     unknown_metric("'mcc'", " Did you mean 'MCC'?")),
    ("metric names containing it", lambda: CM.get_support("score"), ValueError,
     unknown_metric("'score'", " Did you mean 'accuracy_score' or 'balanced_accuracy_score' or "
                    "'precision_score'?")),
    ("metric spelled close to many", lambda: labels_ab().get_metrics_by_dict({"FS": None}),
     ValueError, unknown_metric("'FS'", " Did you mean 'FBS' or 'F2S' or 'F1S'?")),
    ("metric spelled close to one", lambda: labels_ab().get_metrics_by_list_names(["F1"]),
     ValueError, unknown_metric("'F1'", " Did you mean 'F1S'?")),
    ("metric unlike any", lambda: CM.get_support("zzzz"), ValueError, unknown_metric("'zzzz'")),
    ("metric not a string", lambda: CM.get_support(3), ValueError, unknown_metric("3")),
    ("parameters not a dict", lambda: labels_ab().get_metrics_by_dict({"AS": ["normalize"]}),
     TypeError, "parameters of AS must be a dict (or None); got list."),
    ("parameter by substring",
     lambda: labels_ab().get_metrics_by_dict({"precision_score": {"weight": [1, 1, 1]}}),
     TypeError, f"PS has no parameter 'weight'; it takes {PS_PARAMETERS}. Did you mean "
     "'sample_weight'?"),
    ("parameter close to two: shows one",
     lambda: labels_ab().get_metrics_by_list_names(["FBS"], [{"pos_weight": 1}]), TypeError,
     "FBS has no parameter 'pos_weight'; it takes ['beta', 'average', 'pos_label', "
     "'sample_weight', 'zero_division']. Did you mean 'sample_weight'?"),
    ("parameter unlike any", lambda: labels_ab().get_metrics_by_dict({"PS": {"xyz": 1}}),
     TypeError, f"PS has no parameter 'xyz'; it takes {PS_PARAMETERS}."),
    # --- other arguments of queries ---
    ("negative beta", lambda: labels_ab().FBS(beta=-1), ValueError,
     "beta must be a finite number >= 0 (0 gives precision); got -1. For recall "
     "(beta -> infinity) use RS."),
    ("beta True", lambda: labels_ab().FBS(True, pos_label="a"), ValueError,
     "beta must be a finite number >= 0 (0 gives precision); got True. For recall "
     "(beta -> infinity) use RS."),
    ("beta a string", lambda: labels_ab().FBS(beta="2"), ValueError,
     "beta must be a finite number >= 0 (0 gives precision); got '2'. For recall "
     "(beta -> infinity) use RS."),
    ("normalize not bool", lambda: labels_ab().AS(normalize="true"), ValueError,
     "normalize must be True or False; got 'true'. For a normalized confusion matrix use "
     "CM(normalize='true')."),
    ("adjusted not bool", lambda: labels_ab().BAS(adjusted=None), ValueError,
     "adjusted must be True or False; got None."),
    ("as_frame not bool", lambda: labels_ab().CM(as_frame="yes"), ValueError,
     "as_frame must be True or False; got 'yes'."),
    ("TKA normalize not bool", lambda: scored_matrix().TKA(normalize=1), ValueError,
     "normalize must be True or False; got 1."),
    ("pos_label not a label", lambda: labels_ab().PCA(pos_label="c"), ValueError,
     not_a_label("pos_label='c'", "['a', 'b']")),
    ("default pos_label on strings", lambda: labels_ab().PS(), ValueError,
     not_a_label("pos_label=1", "['a', 'b']")),
    ("pos_label of another kind, one class", lambda: CM(["a"], ["a"]).PS(pos_label=1),
     ValueError, not_a_label("pos_label=1", "['a']")),
    ("constructor pos_label", lambda: CM([0, 1], [0, 1], pos_label=2), ValueError,
     not_a_label("pos_label=2", "[0, 1]")),
    ("matrix pos_label",
     lambda: CM.from_confusion_matrix([[1, 0], [0, 1]], ["x", "y"], pos_label="z"), ValueError,
     not_a_label("pos_label='z'", "['x', 'y']")),
    ("pos_label with average", lambda: labels_ab().RS(pos_label="a", average="micro"),
     ValueError, "pos_label='a' selects one class and cannot be combined with average='micro'; "
     "pass one of them."),
    ("binary on multiclass", lambda: CM([0, 1, 2], [0, 1, 1]).PS(), ValueError,
     binary_unsupported("multiclass (3 classes)")),
    ("binary on multilabel", lambda: multilabel().GMS(average="binary"), ValueError,
     binary_unsupported("multilabel-indicator")),
    ("BAS on multilabel", lambda: multilabel().BAS(), ValueError,
     "balanced_accuracy_score (BAS) is not defined for multilabel targets; use PCA (per-label "
     "accuracy) instead."),
    ("MCC on multilabel", lambda: multilabel().MCC(), ValueError,
     "matthews_correlation_coefficient (MCC) is not defined for multilabel targets; use "
     "MCC(average='macro') (one-vs-rest per label) instead."),
    ("CKS on multilabel", lambda: multilabel().CKS(), ValueError,
     "cohen_kappa_score (CKS) is not defined for multilabel targets; use CKS(average='macro') "
     "(one-vs-rest per label) instead."),
    ("plotted matrix of multilabel", lambda: multilabel().plot_confusion_matrix(), ValueError,
     "plot_confusion_matrix is not defined for multilabel targets; use plot_per_class (one bar "
     "per label) instead."),
    # --- functional forms ---
    ("functional kinds", lambda: accuracy_score(["a"], [1]), TypeError,
     kinds_differ("y_true", "string", "'a'", "y_pred", "numeric", "1")),
    ("functional binary", lambda: precision_score([0, 1, 2], [0, 1, 1]), ValueError,
     binary_unsupported("multiclass (3 classes)")),
    ("functional k", lambda: top_k_accuracy_score([0, 1], [[0.5, 0.5], [0.2, 0.8]], k=0),
     ValueError, "k must be >= 1; got 0."),
    # --- from_confusion_matrix ---
    ("matrix frame index and columns",
     lambda: CM.from_confusion_matrix(DF([[1, 0], [0, 1]], index=["a", "b"], columns=["b", "a"])),
     ValueError,
     "matrix is a DataFrame whose index and columns differ; the rows (true) and columns "
     "(predicted) must list the same classes in the same order."),
    ("matrix not square", lambda: CM.from_confusion_matrix([[1, 2, 3], [4, 5, 6]]), ValueError,
     "matrix must be a non-empty square K x K confusion matrix (rows true, columns predicted); "
     "got shape (2, 3)."),
    ("matrix 1-D", lambda: CM.from_confusion_matrix([1, 2]), ValueError,
     "matrix must be a non-empty square K x K confusion matrix (rows true, columns predicted); "
     "got shape (2,)."),
    ("matrix empty", lambda: CM.from_confusion_matrix(np.zeros((0, 0))), ValueError,
     "matrix must be a non-empty square K x K confusion matrix (rows true, columns predicted); "
     "got shape (0, 0)."),
    ("matrix of strings", lambda: CM.from_confusion_matrix([["a", "b"], ["c", "d"]]), TypeError,
     "matrix must hold numbers (counts or weights); got dtype <U1."),
    ("matrix of booleans", lambda: CM.from_confusion_matrix([[True, False], [False, True]]),
     TypeError, "matrix must hold numbers (counts or weights); got dtype bool."),
    ("matrix NaN and inf", lambda: CM.from_confusion_matrix([[1, np.nan], [np.inf, 1]]),
     ValueError, matrix_values(2, "NaN or infinite", 0, 1)),
    ("matrix negative", lambda: CM.from_confusion_matrix([[1, 0], [-1, 1]]), ValueError,
     matrix_values(1, "negative", 1, 0)),
    ("matrix all zero", lambda: CM.from_confusion_matrix([[0, 0], [0, 0]]), ValueError,
     "matrix is all zero; at least one sample must be counted."),
    ("matrix overflows int64", lambda: CM.from_confusion_matrix([[BIG, 0], [0, BIG]]),
     OverflowError, overflow("matrix", 2**63)),
    ("uint64 matrix overflows int64",
     lambda: CM.from_confusion_matrix(np.array([[2**64 - 1, 1], [0, 0]], dtype=np.uint64)),
     OverflowError, overflow("matrix", 2**64)),
    ("matrix labels count", lambda: CM.from_confusion_matrix([[1, 0], [0, 1]], ["a"]),
     ValueError, "labels has 1 names but matrix is 2 x 2; give one label per row."),
    ("matrix labels duplicated", lambda: CM.from_confusion_matrix([[1, 0], [0, 1]], ["a", "a"]),
     ValueError, "labels contains duplicates: ['a']; each class may appear only once."),
    # --- a + b ---
    ("sum overflows int64",
     lambda: CM.from_confusion_matrix([[BIG]]) + CM.from_confusion_matrix([[BIG]]),
     OverflowError, overflow("the sum of the evaluations", 2**63)),
    ("multilabel plus single-label", lambda: multilabel() + labels_ab(), ValueError,
     "cannot add a multilabel evaluation to a single-label one; both sides must have the same "
     "kind of targets."),
    ("strings plus numbers", lambda: labels_ab() + CM([1], [1]), TypeError,
     "cannot add evaluations with string labels and numeric labels (['a', 'b'] and [1]); use "
     "one kind."),
    ("multilabel columns differ",
     lambda: CM(DF({"a": [0], "b": [1]}), DF({"a": [0], "b": [1]}))
     + CM(DF({"b": [0], "a": [1]}), DF({"b": [0], "a": [1]})), ValueError,
     "cannot add multilabel evaluations with different labels (['a', 'b'] and ['b', 'a']); the "
     "indicator columns must be the same, in the same order."),
    ("options differ", lambda: CM([0], [0], pos_label=0) + CM([1], [1], pos_label=1), ValueError,
     "cannot add evaluations built with different pos_label (0 and 1); build both with the "
     "same options."),
    ("option given once", lambda: CM([0], [0], average="macro") + CM([1], [1]), ValueError,
     "cannot add evaluations built with different average ('macro' and '<not given>'); build "
     "both with the same options."),
    # --- from_batches ---
    ("no batches", lambda: CM.from_batches([]), ValueError,
     "from_batches got no batches; at least one (y_true, y_pred) is needed."),
    ("batch a string", lambda: CM.from_batches([([0], [0]), "ab"]), TypeError,
     bad_batch(1, "str")),
    ("batch of four", lambda: CM.from_batches([([0], [0], None, None)]), TypeError,
     bad_batch(0, "tuple of length 4")),
    ("batch of one", lambda: CM.from_batches([[[0]]]), TypeError, bad_batch(0, "list of length 1")),
    ("batch error numbered", lambda: CM.from_batches([([0], [0]), ([0, 1], [1])]), ValueError,
     "batch 1: y_true and y_pred have different lengths: 2 and 1; they must hold one label per "
     "sample each."),
    ("batch of scalars", lambda: CM.from_batches([[0, 1]]), TypeError,
     "batch 0: y_true must be an array-like, one value per sample; got the scalar 0."),
    ("batch labels", lambda: CM.from_batches([([0, 2], [0, 1])], labels=[0, 1]), ValueError,
     "batch 0: " + unlisted("y_true or y_pred", "[2]", 1)),
    ("batches weigh zero", lambda: CM.from_batches([([0], [0], [0]), ([1], [1], [0.0])]),
     ValueError, all_zero_parts("batches")),
    # --- from_dask ---
    ("dask: a list", lambda: CM.from_dask([0, 1], da.from_array([0, 1])), TypeError,
     "from_dask takes dask arrays or dask Series; y_true is a list. For data in memory use "
     "ClassificationMetric(y_true, y_pred)."),
    ("dask: numpy weights",
     lambda: CM.from_dask(da.from_array([0, 1]), da.from_array([0, 1]), np.ones(2)), TypeError,
     "from_dask takes dask arrays or dask Series; sample_weight is a ndarray. For data in "
     "memory use ClassificationMetric(y_true, y_pred)."),
    ("dask: lengths", lambda: CM.from_dask(da.from_array([0, 1, 1]), da.from_array([0, 1])),
     ValueError, "y_true and y_pred have different lengths: 3 and 2; they must hold one value "
     "per sample each."),
    ("dask: weights length",
     lambda: CM.from_dask(da.from_array([0, 1]), da.from_array([0, 1]), da.ones(3)), ValueError,
     "y_true and sample_weight have different lengths: 2 and 3; they must hold one value per "
     "sample each."),
    ("dask: block error numbered",
     lambda: CM.from_dask(da.from_array(np.array([0, 1, 2, 3]), chunks=2),
                          da.from_array(np.array([0, 1, 2, 5]), chunks=2), labels=[0, 1, 2, 3]),
     ValueError, "block 1: " + unlisted("y_true or y_pred", "[5]", 1)),
    ("dask: blocks weigh zero",
     lambda: CM.from_dask(da.from_array([0, 1], chunks=1), da.from_array([0, 1], chunks=1),
                          da.zeros(2, chunks=1)), ValueError, all_zero_parts("blocks")),
    # --- pickles ---
    ("pickle of a later version", lambda: load_pickled(3, "9.9.9"), ValueError,
     unknown_version(3, "9.9.9")),
    ("pickle version not a number", lambda: load_pickled("1", None), ValueError,
     unknown_version("'1'", None)),
    # --- from_scores: arguments ---
    ("scores: y_true 2-D", lambda: CM.from_scores([[0, 1], [1, 0]], [0.1, 0.2]), ValueError,
     "y_true has shape (2, 2); from_scores takes 1-D class labels (multilabel scores are not "
     "supported)."),
    ("scores: lengths", lambda: CM.from_scores([0, 1, 1], [0.1, 0.2]), ValueError,
     "y_true and y_score have different lengths: 3 and 2; they must hold one label and one "
     "score (row) per sample."),
    ("scores: misaligned", lambda: CM.from_scores(S([0, 1]), S([0.1, 0.2], index=[1, 0])),
     ValueError, misaligned("y_true", "y_score")),
    ("scores: a string", lambda: CM.from_scores([0, 1], "ab"), TypeError,
     "y_score must be an array-like, one value per sample; got the string 'ab'."),
    ("scores: 3-D", lambda: CM.from_scores([0, 1], np.zeros((2, 2, 2))), ValueError,
     "y_score has 3 dimensions (shape (2, 2, 2)); expected 1-D class labels or a 2-D "
     "(n_samples, n_labels) multilabel indicator array."),
    ("scores: missing in objects", lambda: CM.from_scores([0, 1], [0.1, None]), ValueError,
     not_finite_scores(1, "missing (NaN, None or NA)", "position 1")),
    ("scores: missing in an object matrix",
     lambda: CM.from_scores([0, 1], np.array([[0.1, None], [0.2, 0.3]], dtype=object)),
     ValueError, not_finite_scores(1, "missing (NaN, None or NA)", "row 0, column 1")),
    ("scores: NaN", lambda: CM.from_scores([0, 1, 1], [0.1, np.nan, np.inf]), ValueError,
     not_finite_scores(2, "NaN or infinite", "position 1")),
    ("scores: inf in a matrix", lambda: CM.from_scores([0, 1], [[0.1, 0.9], [np.inf, 0.0]]),
     ValueError, not_finite_scores(1, "NaN or infinite", "row 1, column 0")),
    ("scores: text", lambda: CM.from_scores([0, 1], ["a", "b"]), TypeError,
     "y_score must hold numbers (probabilities, scores or decision values); got dtype <U1. "
     "For predicted labels use ClassificationMetric(y_true, y_pred)."),
    ("scores: objects", lambda: CM.from_scores([0, 1], [0.1, "a"]), TypeError,
     "y_score must hold numbers (probabilities, scores or decision values); got str values "
     "such as 'a'. Convert them to numbers first (e.g. pandas.to_numeric); for predicted "
     "labels use ClassificationMetric(y_true, y_pred)."),
    ("scores: text that reads as numbers", lambda: CM.from_scores([0, 1], ["0.1", 0.8]),
     TypeError,
     "y_score must hold numbers (probabilities, scores or decision values); got str values "
     "such as '0.1'. Convert them to numbers first (e.g. pandas.to_numeric); for predicted "
     "labels use ClassificationMetric(y_true, y_pred)."),
    ("scores: integers beyond 2**53", lambda: CM.from_scores([0, 1], [2**53, 2**53 + 1]),
     ValueError,
     "y_score holds 1 integer(s) beyond +-2**53, the first 9007199254740993 at position 1; "
     "float64 does not hold every such integer, so neighbouring scores would tie. Pass "
     "their ranks instead (scipy.stats.rankdata keeps their order and ties) or shift them "
     "into +-2**53."),
    ("scores: no columns", lambda: CM.from_scores([0, 1], np.zeros((2, 0))), ValueError,
     "y_score has no columns; give one column of scores per class."),
    ("scores: 1-D for three classes", lambda: CM.from_scores([0, 1, 2], [0.1, 0.2, 0.3]),
     ValueError,
     "y_score is 1-D: binary scores, one per sample, for two classes (negative, positive); but "
     "there are 3: [0, 1, 2]. Pass an (n_samples, n_classes) score matrix, or "
     "labels=[negative, positive]."),
    ("scores: 1-D for one label", lambda: CM.from_scores([0, 0], [0.1, 0.2], labels=[0]),
     ValueError,
     "y_score is 1-D: binary scores, one per sample, for two classes (negative, positive); but "
     "there are 1: [0]. Pass an (n_samples, n_classes) score matrix, or "
     "labels=[negative, positive]."),
    ("scores: columns and classes",
     lambda: CM.from_scores([0, 1, 2], [[0.1, 0.9], [0.5, 0.5], [0.3, 0.7]]), ValueError,
     "y_score has 2 columns but there are 3 classes [0, 1, 2]; pass labels naming the class of "
     "each column."),
    ("scores: y_true outside labels",
     lambda: CM.from_scores([0, 1, 2], [[0.1, 0.9], [0.5, 0.5], [0.3, 0.7]], labels=[0, 1]),
     ValueError, unlisted("y_true", "[2]", 2)),
    ("scores: y_true outside labels, 1-D",
     lambda: CM.from_scores(["a", "b", "c"], [0.1, 0.9, 0.5], labels=["a", "b"]), ValueError,
     unlisted("y_true", "['c']", 2)),
    # --- from_scores: the classes of the scores ---
    ("scores: named columns of another kind",
     lambda: CM.from_scores([0, 1], DF({"a": [0.1, 0.9], "b": [0.9, 0.1]})), TypeError,
     kinds_differ("the columns of y_score", "string", "'a'", "y_true", "numeric", "0")),
    ("scores: duplicate column names",
     lambda: CM.from_scores(["a", "b"], DF([[0.1, 0.9], [0.9, 0.1]], columns=["a", "a"])),
     ValueError, "the columns of y_score contains duplicates: ['a']; each class may appear only "
     "once."),
    ("scores: columns from 1 are names",  # y_true 0 is missing from the columns, not labels
     lambda: CM.from_scores([0, 1], DF([[0.1, 0.9], [0.9, 0.1]], columns=pd.RangeIndex(1, 3))),
     ValueError, unlisted("y_true", "[0]", 0)),
    ("scores: columns by step 2 are names",
     lambda: CM.from_scores([0, 1], DF([[0.1, 0.9], [0.9, 0.1]],
                                       columns=pd.RangeIndex(0, 4, 2))),
     ValueError, unlisted("y_true", "[1]", 1)),
    ("scores: column name not a label",
     lambda: CM.from_scores([0, 1], DF({"spam": [0.1, 0.9]})), ValueError,
     not_a_label("the column name of y_score ('spam')", "[0, 1]")),
    ("scores: pos_label not a label",
     lambda: CM.from_scores(["a", "b"], [0.1, 0.9], pos_label="c"), ValueError,
     not_a_label("pos_label='c'", "['a', 'b']")),
    ("scores: pos_label of another kind, one class",
     lambda: CM.from_scores(["a", "a"], [0.1, 0.9], pos_label=1), ValueError,
     "y_true holds one class ('a') and y_score is 1-D, and pos_label=1 names no other class, "
     "so the other class is unknown; pass labels=[negative, positive]."),
    ("scores: pos_label the one class",
     lambda: CM.from_scores(["a", "a"], [0.1, 0.9], pos_label="a"), ValueError,
     "y_true holds one class ('a') and y_score is 1-D, and pos_label='a' names no other "
     "class, so the other class is unknown; pass labels=[negative, positive]."),
    ("scores: a one-column frame named after the one class",
     lambda: CM.from_scores(["a", "a"], DF({"a": [0.1, 0.9]})), ValueError,
     "y_true holds one class ('a') and y_score is 1-D, and the column name of y_score ('a') "
     "names no other class, so the other class is unknown; pass labels=[negative, positive]."),
    ("scores: labels and pos_label disagree",
     lambda: CM.from_scores([0, 1], [0.1, 0.9], labels=[1, 0], pos_label=1), ValueError,
     disagree("labels=[1, 0]", "pos_label=1", 0, 1)),
    ("scores: pos_label and column name disagree",
     lambda: CM.from_scores(["ham", "spam"], DF({"ham": [0.1, 0.9]}), pos_label="spam"),
     ValueError, disagree("pos_label='spam'", "the column name of y_score ('ham')", "'spam'",
                          "'ham'")),
    ("scores: one class of strings", lambda: CM.from_scores(["a", "a"], [0.1, 0.9]), ValueError,
     "y_true holds one class ('a') and y_score is 1-D, so the other class is unknown; pass "
     "labels=[negative, positive] or pos_label."),
    ("scores: one class 2", lambda: CM.from_scores([2, 2], [0.1, 0.9]), ValueError,
     "y_true holds one class (2) and y_score is 1-D, so the other class is unknown; pass "
     "labels=[negative, positive] or pos_label."),
    # --- from_scores: threshold and k ---
    ("threshold a string", lambda: CM.from_scores([0, 1], [0.1, 0.9], threshold="0.5"),
     TypeError, "threshold must be a real number; got '0.5'."),
    ("threshold True", lambda: CM.from_scores([0, 1], [0.1, 0.9], threshold=True), TypeError,
     "threshold must be a real number; got True."),
    ("threshold NaN", lambda: CM.from_scores([0, 1], [0.1, 0.9], threshold=np.nan), ValueError,
     "threshold must be finite; got nan."),
    ("threshold for a matrix", lambda: CM.from_scores([0, 1], [[0.9, 0.1], [0.2, 0.8]],
                                                      threshold=0.5), ValueError,
     "threshold=0.5 applies to 1-D binary scores; an (n_samples, n_classes) score matrix "
     "predicts the class of its highest score (argmax). Drop threshold, or pass the positive "
     "class's scores as 1-D y_score."),
    ("k a float", lambda: scored_matrix().TKA(1.0), TypeError,
     "k must be an integer >= 1; got 1.0."),
    ("k True", lambda: scored_matrix().TKA(k=True), TypeError,
     "k must be an integer >= 1; got True."),
    ("k a string", lambda: scored_matrix().TKA("1"), TypeError,
     "k must be an integer >= 1; got '1'."),
    ("k 0", lambda: scored_matrix().TKA(0), ValueError, "k must be >= 1; got 0."),
    # --- queries of scores ---
    ("TKA without scores", lambda: labels_ab().TKA(), ValueError,
     scores_needed("top_k_accuracy_score (TKA)", "scores")),
    ("curve without scores", lambda: labels_ab().threshold_curve(), ValueError,
     scores_needed("threshold_curve", "1-D binary scores", ", or from a score matrix")),
    ("curve of a score matrix", lambda: scored_matrix().threshold_curve(), ValueError,
     scores_needed("threshold_curve", "1-D binary scores", ", or from a score matrix")),
    ("best threshold of a score matrix", lambda: scored_matrix().best_threshold(), ValueError,
     scores_needed("best_threshold", "1-D binary scores", ", or from a score matrix")),
    ("curve metric by substring", lambda: scored_binary().best_threshold("score"), ValueError,
     unknown_curve_metric("'score'", " Did you mean 'accuracy_score' or "
                          "'balanced_accuracy_score'?")),
    ("curve metric in capitals", lambda: scored_binary().best_threshold("PRECISION"), ValueError,
     unknown_curve_metric("'PRECISION'", " Did you mean 'precision'?")),
    ("curve metric by spelling", lambda: scored_binary().best_threshold("f2"), ValueError,
     unknown_curve_metric("'f2'", " Did you mean 'f1'?")),
    ("curve metric close to four: shows two", lambda: scored_binary().best_threshold("XS"),
     ValueError, unknown_curve_metric("'XS'", " Did you mean 'SS' or 'RS'?")),
    ("curve metric unlike any", lambda: scored_binary().best_threshold("MCC"), ValueError,
     unknown_curve_metric("'MCC'")),
    ("curve metric not a string", lambda: scored_binary().best_threshold(None), ValueError,
     unknown_curve_metric("None")),
    ("recall undefined everywhere",
     lambda: CM.from_scores([0, 0], [0.1, 0.9], labels=[0, 1]).best_threshold(
         "RS", zero_division=np.nan), ValueError,
     "recall is undefined (nan) at every threshold, so none is best; pass zero_division=0.0 or "
     "1.0 to give 0/0 a value."),
]


@pytest.mark.parametrize("call, error, expected", [case[1:] for case in MESSAGES],
                         ids=[case[0] for case in MESSAGES])
def test_message(call, error, expected):
    with pytest.raises(error) as excinfo:
        call()
    # input validation raises its own subclass of the error (tests/test_input_error.py)
    assert type(excinfo.value) in (error, INPUT_ERRORS.get(error))
    assert str(excinfo.value) == expected


def test_ids_are_unique():
    ids = [case[0] for case in MESSAGES]
    assert len(ids) == len(set(ids))


@pytest.mark.parametrize("module, call, expected", [
    ("dask", lambda: CM.from_dask(da.from_array([0]), da.from_array([0])),
     "from_dask needs the optional dependency dask; install it with "
     "pip install 'permetrics_lite[dask]'."),
    ("matplotlib.pyplot", lambda: labels_ab().plot_confusion_matrix(),
     "Plotting needs the optional dependency matplotlib; install it with "
     "pip install 'permetrics_lite[plot]'."),
], ids=["dask", "matplotlib"])
def test_a_missing_extra_is_named_with_its_install_command(monkeypatch, module, call, expected):
    monkeypatch.setitem(sys.modules, module, None)  # "import module" raises ImportError
    with pytest.raises(ImportError) as excinfo:
        call()
    assert str(excinfo.value) == expected


def test_counts_up_to_the_int64_limit_are_kept_exact():
    """The overflow check is at 2**63 - 1 exactly; integral floats beyond it are weights."""
    largest = CM.from_confusion_matrix([[2**62, 0], [0, 2**62 - 1]])
    assert largest.n_samples == 2**63 - 1
    with pytest.raises(OverflowError) as excinfo:
        CM.from_confusion_matrix([[2**62, 0], [0, 2**62]])
    assert str(excinfo.value) == overflow("matrix", 2**63)
    weights = CM.from_confusion_matrix([[2.0**62, 0.0], [0.0, 2.0**62]])
    assert weights.n_samples is None
    assert weights.AS() == 1.0


def test_unnamed_frame_columns_are_positions_not_labels():
    """pandas' default columns 0..K-1 do not name classes: y_true's own labels do."""
    frame = DF([[0.8, 0.2], [0.3, 0.7]])
    cm = CM.from_scores(["x", "y"], frame)
    assert cm.labels.tolist() == ["x", "y"] and cm.AS() == 1.0


@pytest.mark.parametrize("y_true, pair", [([1, 1], [0, 1]), ([-1, -1], [-1, 1]),
                                          ([0, 0], [0, 1]), ([True, True], [False, True])],
                         ids=["1", "-1", "0", "True"])
def test_one_class_in_a_known_pair_needs_no_message(y_true, pair):
    labels = CM.from_scores(y_true, [0.2, 0.7]).labels.tolist()
    assert labels == pair
    assert [type(label) for label in labels] == [type(label) for label in pair]  # 1 is not True


def test_a_one_class_problem_accepts_an_absent_pos_label_of_its_kind():
    cm = CM(["a"], ["a"])
    assert cm.RS(pos_label="b", zero_division=0.0) == 0.0


def test_unlisted_labels_names_both_arguments_by_default():
    """Every caller in the package passes ``where``; the default must still read right."""
    from permetrics_lite import validation as _validation

    assert str(_validation.unlisted_labels(np.array([2, 3]))) == unlisted("y_true or y_pred",
                                                                          "[2, 3]")
