"""The metrics: one row each, holding everything known about the metric.

Generated from these rows, so that a metric cannot exist in one place and be
missing in another: the methods of :class:`~permetrics_lite.ClassificationMetric`
and their short aliases, its ``SUPPORT`` table and name lookups, the functional
forms, the columns of ``report()``, ``summary()``, ``threshold_curve()`` and the
per-class plot, the command line's metric list, and the documentation's metric
index and API tables. No other module spells out a list of metric names.

Adding a metric: its formula (a function of the counts in ``metrics.formulas``), a
row here, a page in ``docs/metrics`` and its oracle in the tests.
"""

import functools
import inspect
import textwrap
from types import MappingProxyType
from typing import Callable, NamedTuple, Optional, Tuple

from .. import validation as _validation
from ..core import options as _options
from . import (
    formulas as _formulas, interval_forms as _interval_forms, label_metrics as _label_metrics,
    score_metrics as _score_metrics,
)

INF = float("inf")

COUNT = "count"    # one-vs-rest: each class against the rest from its tp, fp, fn, tn
MATRIX = "matrix"  # the whole confusion matrix at once
SCORE = "score"    # the cached score state of an evaluation built by from_scores


class Doc(NamedTuple):
    """The parts of a generated method's docstring (see ``metrics.docstrings.one_vs_rest``)."""

    summary: str    # its first line
    undefined: str  # when it is 0/0: "to classes never predicted (TP + FP = 0)"
    see_also: str   # "name : why" lines after the short alias
    notes: str
    examples: str


class Line(NamedTuple):
    """A metric's line among ``describe()``'s overall statistics."""

    position: int
    heading: str
    options: MappingProxyType = MappingProxyType({})


class Metric(NamedTuple):
    alias: str        # the short name, a method alias ("PS")
    name: str         # the long name: the method and its functional form
    title: str        # the metric in messages: "Precision is undefined (0/0) ..."
    description: str  # one line, for tables and the command line
    kind: str         # COUNT, MATRIX or SCORE
    higher_is_better: Optional[bool]  # None: not a score (the confusion matrix)
    range: Tuple[float, float]
    best: Optional[float]  # None: no single best value
    # The metric of binary counts (tp, fp, fn, tn) as a (numerator, denominator)
    # pair, vectorised: one class against the rest, or binary scores at each
    # threshold (balanced accuracy's: at each threshold only, its support being
    # the same at all). None when the metric has no such form.
    formula: Optional[Callable] = None
    averages: Tuple = ()  # the averages it takes
    default_average: Optional[str] = None
    multilabel: bool = True  # defined, in its default form, for multilabel input
    column: Optional[str] = None  # its column in report(), the per-class plot, the curve
    report: Optional[int] = None  # position of that column among report()'s scores
    curve: Optional[int] = None   # position among threshold_curve()'s scores
    summary: Tuple = ()  # summary() rows: (suffix of the alias, the method's options)
    query: Optional[Callable] = None  # the method; None: generated from formula and doc
    doc: Optional[Doc] = None         # the generated method's docstring
    example: Tuple[str, str] = ("", "")  # the functional form's example: call and output
    # Confidence intervals (``stats.intervals``) beyond the bootstrap, which every metric
    # of labels has: (count, nobs) of a count-over-count metric, for the binomial
    # proportion intervals; the standard error of a closed form, for method="analytic";
    # the standard error of a ROC AUC from its ranking, for "delong" and "hanley-mcneil".
    proportion: Optional[Callable] = None
    analytic: Optional[Callable] = None
    ranked: Optional[Callable] = None
    # A metric of scores in report(): its value for each class, a function of the
    # evaluation (its column and position are ``column`` and ``report``).
    per_class: Optional[Callable] = None
    # The alias of what this metric becomes when y_true and y_pred swap (its own alias:
    # symmetric), per class and in every average but "weighted"; None when no row is.
    swapped: Optional[str] = None
    # describe(): its line among the overall statistics, and (COUNT rows) its
    # position and heading among the statistics by class
    overall: Optional[Line] = None
    by_class: Optional[Tuple[int, str]] = None


_UNIT = (0.0, 1.0)
_CORRELATION = (-1.0, 1.0)
_BY_CLASS = dict(averages=_options.AVERAGES, default_average="binary")
_WHOLE_OR_BY_CLASS = dict(averages=_options.WHOLE_MATRIX_AVERAGES, default_average="multiclass")
_MEANS = (("_macro", {"average": "macro"}), ("_weighted", {"average": "weighted"}))
_WHOLE = (("", {"average": "multiclass"}),)
# averages a line of describe() or a summary row names, whatever the evaluation's default
_MACRO = MappingProxyType({"average": "macro"})
_MULTICLASS = MappingProxyType({"average": "multiclass"})


def _doc(summary, undefined, see_also, notes, examples):
    return Doc(summary, undefined, *(textwrap.dedent(part).strip("\n")
                                     for part in (see_also, notes, examples)))


def _fbeta(beta):
    return functools.partial(_formulas.fbeta, beta=beta)


# Metrics of labels: every evaluation answers them. The functional forms'
# examples use Y_TRUE = [0, 1, 1, 0, 1] and Y_PRED = [0, 1, 0, 0, 1]:
# for class 1, tp = 2, fp = 0, fn = 1, tn = 2.
METRICS = (
    Metric("AS", "accuracy_score", "Accuracy", "accuracy (multilabel: subset accuracy)",
           MATRIX, True, _UNIT, 1.0, formula=_formulas.one_vs_rest_accuracy,
           column="accuracy", curve=0, summary=(("", {}),), query=_label_metrics.accuracy_score,
           proportion=_interval_forms.accuracy_counts,
           example=("{f}(Y_TRUE, Y_PRED)", "0.8"), swapped="AS",
           overall=Line(0, "Accuracy")),  # 4 of 5 right
    Metric("BAS", "balanced_accuracy_score", "Balanced accuracy", "balanced accuracy",
           MATRIX, True, _UNIT, 1.0, formula=_formulas.binary_balanced_accuracy,
           multilabel=False, column="balanced_accuracy", curve=1,
           summary=(("", {}), ("_adjusted", {"adjusted": True})),
           query=_label_metrics.balanced_accuracy_score,
           analytic=_interval_forms.balanced_accuracy_standard_error,
           example=("{f}(Y_TRUE, Y_PRED)", "0.8333333333333333"),
           overall=Line(2, "Balanced accuracy")),  # (2/2 + 2/3) / 2
    Metric("PCA", "per_class_accuracy", "Accuracy", "one-vs-rest accuracy per class",
           COUNT, True, _UNIT, 1.0, formula=_formulas.one_vs_rest_accuracy,
           averages=_options.AVERAGES,
           column="accuracy", report=0, summary=(("_macro", {"average": "macro"}),),
           query=_label_metrics.per_class_accuracy, proportion=_interval_forms.class_proportion,
           example=("{f}(Y_TRUE, Y_PRED)", "{0: 0.8, 1: 0.8}"), swapped="PCA"),
    Metric("CM", "confusion_matrix", "Confusion matrix", "confusion matrix",
           MATRIX, None, (0.0, INF), None, query=_label_metrics.confusion_matrix,
           example=("{f}(Y_TRUE, Y_PRED)", "array([[2, 0],\n       [1, 2]])")),
    Metric("PS", "precision_score", "Precision", "precision (positive predictive value)",
           COUNT, True, _UNIT, 1.0, formula=_formulas.precision, **_BY_CLASS,
           column="precision", report=2, curve=4, summary=_MEANS,
           proportion=_interval_forms.class_proportion,
           doc=_doc(
               "Precision: the fraction of predictions of a class that are right.",
               "to classes never predicted (TP + FP = 0)",
               "recall_score : The fraction of a class's samples that are found.",
               r"""
               :math:`\mathrm{PS}_k = TP_k / (TP_k + FP_k)`, as
               ``sklearn.metrics.precision_score``.
               """,
               """
               >>> from permetrics_lite import ClassificationMetric
               >>> cm = ClassificationMetric([0, 1, 2, 0, 1, 2], [0, 2, 1, 0, 0, 1])
               >>> round(cm.PS(average="macro"), 4), round(cm.PS(average="micro"), 4)
               (0.2222, 0.3333)
               >>> cm.PS(average=None, zero_division=0.0)
               {0: 0.6666666666666666, 1: 0.0, 2: 0.0}
               >>> ClassificationMetric([0, 1, 1, 0, 1], [0, 1, 0, 0, 1]).PS()
               1.0
               """),
           example=("{f}(Y_TRUE, Y_PRED)", "1.0"), swapped="RS",
           by_class=(2, "Precision")),  # 2 / (2 + 0)
    Metric("RS", "recall_score", "Recall", "recall (sensitivity, true positive rate)",
           COUNT, True, _UNIT, 1.0, formula=_formulas.recall, **_BY_CLASS,
           column="recall", report=1, curve=2, summary=_MEANS,
           proportion=_interval_forms.class_proportion,
           doc=_doc(
               "Recall (sensitivity): the fraction of a class's samples that are found.",
               "to classes with no true samples (TP + FN = 0)",
               "balanced_accuracy_score : The macro recall over the classes in y_true.",
               r"""
               :math:`\mathrm{RS}_k = TP_k / (TP_k + FN_k)`, as
               ``sklearn.metrics.recall_score``. Micro recall equals accuracy for
               single-label input.
               """,
               """
               >>> from permetrics_lite import ClassificationMetric
               >>> cm = ClassificationMetric([0, 1, 2, 0, 1, 2], [0, 2, 1, 0, 0, 1])
               >>> round(cm.RS(average="macro"), 4), cm.RS(average=None)
               (0.3333, {0: 1.0, 1: 0.0, 2: 0.0})
               >>> round(ClassificationMetric([0, 1, 1, 0, 1], [0, 1, 0, 0, 1]).RS(), 4)
               0.6667
               """),
           example=("{f}(Y_TRUE, Y_PRED)", "0.6666666666666666"), swapped="PS",
           by_class=(0, "Recall (sensitivity)")),  # 2 / (2 + 1)
    Metric("SS", "specificity_score", "Specificity", "specificity (true negative rate)",
           COUNT, True, _UNIT, 1.0, formula=_formulas.specificity, **_BY_CLASS,
           column="specificity", report=3, curve=3, proportion=_interval_forms.class_proportion,
           doc=_doc(
               "Specificity (true negative rate): the fraction of other classes' samples "
               "not predicted as the class.",
               "when every sample belongs to the class (TN + FP = 0)",
               "recall_score : The same ratio for the class itself.",
               r"""
               :math:`\mathrm{SS}_k = TN_k / (TN_k + FP_k)`: the recall of "not k".
               The ``"weighted"`` mean weights by support (TP + FN), as every metric here.
               """,
               """
               >>> from permetrics_lite import ClassificationMetric
               >>> cm = ClassificationMetric([0, 1, 1, 0, 1], [0, 1, 0, 0, 1])
               >>> cm.SS()
               1.0
               >>> cm.SS(average=None)
               {0: 0.6666666666666666, 1: 1.0}
               """),
           example=("{f}(Y_TRUE, Y_PRED)", "1.0"), swapped="NPV",
           by_class=(1, "Specificity")),  # 2 / (2 + 0)
    Metric("NPV", "negative_predictive_value", "Negative predictive value",
           "negative predictive value", COUNT, True, _UNIT, 1.0,
           formula=_formulas.negative_predictive_value, **_BY_CLASS,
           column="npv", report=4, proportion=_interval_forms.class_proportion,
           doc=_doc(
               'Negative predictive value: the fraction of "not this class" predictions '
               "that are right.",
               "when every prediction is the class (TN + FN = 0)",
               "precision_score : The same ratio for the class itself.",
               r"""
               :math:`\mathrm{NPV}_k = TN_k / (TN_k + FN_k)`: the precision of "not k".
               """,
               """
               >>> from permetrics_lite import ClassificationMetric
               >>> cm = ClassificationMetric([0, 1, 1, 0, 1], [0, 1, 0, 0, 1])
               >>> round(cm.NPV(), 4)
               0.6667
               >>> cm.NPV(average=None)
               {0: 1.0, 1: 0.6666666666666666}
               """),
           example=("{f}(Y_TRUE, Y_PRED)", "0.6666666666666666"), swapped="SS",
           by_class=(3, "NPV")),  # 2 / (2 + 1)
    Metric("F1S", "f1_score", "F-score", "F1 score", COUNT, True, _UNIT, 1.0,
           formula=_fbeta(1.0), **_BY_CLASS, column="f1", report=5, curve=5,
           summary=_MEANS,
           doc=_doc(
               "F1: the harmonic mean of precision and recall (F-beta with beta = 1).",
               "to classes neither present nor predicted",
               "fbeta_score : Any beta.",
               r"""
               :math:`F_1 = 2\,TP / (2\,TP + FN + FP)`, as ``sklearn.metrics.f1_score``.
               """,
               """
               >>> from permetrics_lite import ClassificationMetric
               >>> cm = ClassificationMetric([0, 1, 2, 0, 1, 2], [0, 2, 1, 0, 0, 1])
               >>> round(cm.F1S(average="macro"), 4), cm.F1S(average=None)
               (0.2667, {0: 0.8, 1: 0.0, 2: 0.0})
               """),
           example=("{f}(Y_TRUE, Y_PRED)", "0.8"), swapped="F1S",
           overall=Line(5, "Macro F1", _MACRO),
           by_class=(4, "F1")),  # 4 / (4 + 1 + 0)
    Metric("F2S", "f2_score", "F-score", "F2 score", COUNT, True, _UNIT, 1.0,
           formula=_fbeta(2.0), **_BY_CLASS,
           doc=_doc(
               "F2: F-beta with beta = 2, recall weighted above precision.",
               "to classes neither present nor predicted",
               "fbeta_score : Any beta.",
               r"""
               :math:`F_2 = 5\,TP / (5\,TP + 4\,FN + FP)`.
               """,
               """
               >>> from permetrics_lite import ClassificationMetric
               >>> round(ClassificationMetric([0, 1, 1, 0, 1], [0, 1, 0, 0, 1]).F2S(), 4)
               0.7143
               """),
           example=("{f}(Y_TRUE, Y_PRED)", "0.7142857142857143")),  # 10 / (10 + 4 + 0)
    Metric("FBS", "fbeta_score", "F-score", "F-beta score", COUNT, True, _UNIT, 1.0,
           formula=_formulas.fbeta, **_BY_CLASS, query=_label_metrics.fbeta_score,
           # 2.5 / (2.5 + 0.25 + 0)
           example=("{f}(Y_TRUE, Y_PRED, beta=0.5)", "0.9090909090909091")),
    Metric("JSI", "jaccard_score", "Jaccard", "Jaccard similarity index", COUNT, True,
           _UNIT, 1.0, formula=_formulas.jaccard, **_BY_CLASS,
           column="jaccard", report=6,
           doc=_doc(
               "Jaccard similarity index: overlap over union of true and predicted "
               "members of a class.",
               "to classes neither present nor predicted",
               "f1_score : F1 = 2 J / (1 + J) per class.",
               r"""
               :math:`J_k = TP_k / (TP_k + FP_k + FN_k)`, as ``sklearn.metrics.jaccard_score``.
               """,
               """
               >>> from permetrics_lite import ClassificationMetric
               >>> cm = ClassificationMetric([0, 1, 2, 2], [0, 2, 1, 2])
               >>> cm.JSI(average=None)
               {0: 1.0, 1: 0.0, 2: 0.3333333333333333}
               >>> multilabel = ClassificationMetric([[0, 1, 1], [1, 1, 0]], [[1, 1, 1], [1, 0, 0]])
               >>> multilabel.JSI(average=None)
               {0: 0.5, 1: 0.5, 2: 1.0}
               """),
           example=("{f}(Y_TRUE, Y_PRED)", "0.6666666666666666"),  # 2 / (2 + 0 + 1)
           swapped="JSI"),
    Metric("GMS", "g_mean_score", "G-mean", "G-mean: sqrt(recall * specificity)", COUNT, True,
           _UNIT, 1.0, formula=_formulas.g_mean, **_BY_CLASS,
           doc=_doc(
               "G-mean: the geometric mean of recall and specificity, as permetrics "
               "defines it.",
               "when recall or specificity is undefined (no samples in, or no samples "
               "outside, the class)",
               "",
               r"""
               :math:`\mathrm{GMS}_k = \sqrt{\mathrm{recall}_k \cdot \mathrm{specificity}_k}`;
               micro applies it to the pooled counts.
               """,
               """
               >>> from permetrics_lite import ClassificationMetric
               >>> round(ClassificationMetric([0, 1, 1, 0, 1], [0, 1, 0, 0, 1]).GMS(), 4)
               0.8165
               """),
           example=("round({f}(Y_TRUE, Y_PRED), 4)", "0.8165")),  # sqrt(2/3 * 1)
    Metric("LS", "lift_score", "Lift", "lift: precision / prevalence", COUNT, True,
           (0.0, INF), None, formula=_formulas.lift, **_BY_CLASS,
           doc=_doc(
               "Lift: precision relative to the class's prevalence, as permetrics and "
               "mlxtend define it.",
               "to classes never predicted or never present",
               "",
               r"""
               :math:`\mathrm{LS}_k = \frac{TP_k / (TP_k + FP_k)}{(TP_k + FN_k) / N}`, as
               ``mlxtend.evaluate.lift_score``; micro applies it to the pooled counts.
               1 is no better than chance.
               """,
               """
               >>> from permetrics_lite import ClassificationMetric
               >>> round(ClassificationMetric([0, 1, 1, 0, 1], [0, 1, 0, 0, 1]).LS(), 4)
               1.6667
               """),
           example=("{f}(Y_TRUE, Y_PRED)", "1.6666666666666667"), swapped="LS"),  # 1.0 / (3 / 5)
    Metric("BM", "informedness", "Informedness",
           "bookmaker informedness: recall + specificity - 1", COUNT, True, _CORRELATION, 1.0,
           formula=_formulas.informedness, **_BY_CLASS,
           doc=_doc(
               "Informedness (Youden's J): recall + specificity - 1, how far a class's "
               "predictions are from a guess.",
               "when the class has no samples, or every sample (TP + FN = 0 or TN + FP = 0)",
               """
               markedness : The same for the predictions (precision + NPV - 1).
               balanced_accuracy_score : For two classes, BM = BAS(adjusted=True).
               """,
               r"""
               :math:`\mathrm{BM}_k = \frac{TP_k}{TP_k + FN_k} + \frac{TN_k}{TN_k + FP_k} - 1
               = \frac{TP_k\,TN_k - FP_k\,FN_k}{(TP_k + FN_k)(TN_k + FP_k)}`,
               computed as that one exact ratio. 0 is chance, 1 perfect, -1 always wrong.
               """,
               """
               >>> from permetrics_lite import ClassificationMetric
               >>> cm = ClassificationMetric([0, 1, 1, 0, 1], [0, 1, 0, 0, 1])
               >>> round(cm.BM(), 4)
               0.6667
               >>> cm.BM(average=None)
               {0: 0.6666666666666666, 1: 0.6666666666666666}
               """),
           example=("round({f}(Y_TRUE, Y_PRED), 4)", "0.6667"), swapped="MK"),  # 2/3 + 1 - 1
    Metric("MK", "markedness", "Markedness", "markedness: precision + NPV - 1", COUNT, True,
           _CORRELATION, 1.0, formula=_formulas.markedness, **_BY_CLASS,
           doc=_doc(
               "Markedness: precision + negative predictive value - 1, how far a "
               "prediction of the class is from a guess.",
               "when the class is never predicted, or always (TP + FP = 0 or TN + FN = 0)",
               """
               informedness : The same for the classes (recall + specificity - 1).
               matthews_correlation_coefficient : For two classes, MCC**2 = BM * MK.
               """,
               r"""
               :math:`\mathrm{MK}_k = \frac{TP_k}{TP_k + FP_k} + \frac{TN_k}{TN_k + FN_k} - 1
               = \frac{TP_k\,TN_k - FP_k\,FN_k}{(TP_k + FP_k)(TN_k + FN_k)}`,
               computed as that one exact ratio. 0 is chance, 1 perfect, -1 always wrong.
               """,
               """
               >>> from permetrics_lite import ClassificationMetric
               >>> cm = ClassificationMetric([0, 1, 1, 0, 1], [0, 1, 0, 0, 1])
               >>> round(cm.MK(), 4)
               0.6667
               >>> cm.MK(average=None)
               {0: 0.6666666666666666, 1: 0.6666666666666666}
               """),
           example=("round({f}(Y_TRUE, Y_PRED), 4)", "0.6667"), swapped="BM"),  # 1 + 2/3 - 1
    Metric("MCC", "matthews_correlation_coefficient", "Matthews correlation",
           "Matthews correlation coefficient", MATRIX, True, _CORRELATION, 1.0,
           formula=_formulas.one_vs_rest_mcc, **_WHOLE_OR_BY_CLASS, multilabel=False,
           column="mcc", report=7, summary=_WHOLE,
           query=_label_metrics.matthews_correlation_coefficient,
           # 4 / sqrt(2*3*2*3)
           example=("{f}(Y_TRUE, Y_PRED)", "0.6666666666666666"), swapped="MCC",
           overall=Line(4, "Matthews correlation", _MULTICLASS)),
    Metric("CKS", "cohen_kappa_score", "Cohen's kappa", "Cohen's kappa", MATRIX, True,
           _CORRELATION, 1.0, formula=_formulas.one_vs_rest_kappa, **_WHOLE_OR_BY_CLASS,
           multilabel=False, summary=_WHOLE, query=_label_metrics.cohen_kappa_score,
           analytic=_interval_forms.kappa_standard_error,
           # (0.8 - 0.48) / (1 - 0.48)
           example=("round({f}(Y_TRUE, Y_PRED), 4)", "0.6154"), swapped="CKS",
           overall=Line(3, "Cohen's kappa", _MULTICLASS)),
    Metric("HML", "hamming_loss", "Hamming loss", "Hamming loss", MATRIX, False, _UNIT, 0.0,
           query=_label_metrics.hamming_loss,
           example=("{f}(Y_TRUE, Y_PRED)", "0.2"), swapped="HML"),  # 1 of 5 wrong
    Metric("NIR", "no_information_rate", "No-information rate",
           "no-information rate: the largest class share of y_true", MATRIX, None, _UNIT,
           None, multilabel=False, summary=(("", {}),), query=_label_metrics.no_information_rate,
           proportion=_interval_forms.most_common_counts,
           example=("{f}(Y_TRUE, Y_PRED)", "0.6"),
           overall=Line(1, "No-information rate")),  # 3 of 5 are class 1
)

# Metrics of scores: evaluations built by ClassificationMetric.from_scores only.
# The example's scores rank the true classes 0, 1 and 2.
SCORE_METRICS = (
    Metric("TKA", "top_k_accuracy_score", "Top-k accuracy",
           "top-k accuracy: true class among the k best scores", SCORE, True, _UNIT, 1.0,
           query=_label_metrics.top_k_accuracy_score, proportion=_interval_forms.top_k_counts,
           example=("{f}(Y_TRUE, Y_SCORE, k=2)", "0.6666666666666666")),
    Metric("AUC", "roc_auc_score", "ROC AUC", "area under the ROC curve", SCORE, True,
           _UNIT, 1.0, averages=_score_metrics.AUC_AVERAGES, default_average="macro",
           column="auc", report=8, summary=(("", _MACRO),), query=_score_metrics.roc_auc_score,
           per_class=_score_metrics.class_aucs, ranked=_interval_forms.auc_standard_error,
           example=("{f}(Y_TRUE, Y_SCORE)", "0.6666666666666666"),
           overall=Line(6, "ROC AUC", _MACRO)),
    Metric("APS", "average_precision_score", "Average precision",
           "average precision: the area under the step precision-recall curve", SCORE, True,
           _UNIT, 1.0, averages=_score_metrics.APS_AVERAGES, default_average="macro",
           column="average_precision", report=9, summary=(("", _MACRO),),
           query=_score_metrics.average_precision_score,
           per_class=_score_metrics.class_average_precisions,
           example=("round({f}(Y_TRUE, Y_SCORE), 4)", "0.6111")),
    Metric("LL", "log_loss", "Log loss", "log loss (cross-entropy) of the probabilities",
           SCORE, False, (0.0, INF), 0.0, summary=(("", {}),), query=_score_metrics.log_loss,
           example=("round({f}(Y_TRUE, Y_SCORE), 4)", "1.2432"),
           overall=Line(7, "Log loss")),
    Metric("BSL", "brier_score_loss", "Brier score",
           "Brier score: mean squared error of the probabilities", SCORE, False, (0.0, 2.0),
           0.0, summary=(("", {}),), query=_score_metrics.brier_score_loss,
           example=("round({f}(Y_TRUE, Y_SCORE), 4)", "0.7")),
    Metric("ECE", "expected_calibration_error", "Expected calibration error",
           "expected calibration error: mean gap between confidence and accuracy", SCORE,
           False, _UNIT, 0.0, query=_score_metrics.expected_calibration_error,
           example=("round({f}(Y_TRUE, Y_SCORE, n_bins=5), 4)", "0.2")),
)

ALL_METRICS = METRICS + SCORE_METRICS

_BY_NAME = {**{m.alias: m for m in ALL_METRICS}, **{m.name: m for m in ALL_METRICS}}

SUPPORT = MappingProxyType({  # read-only: get_support hands out copies
    m.alias: MappingProxyType({
        "type": {True: "max", False: "min", None: None}[m.higher_is_better],
        "range": m.range,
        "best": m.best,
    })
    for m in ALL_METRICS
})

# The per-class score columns of report() (and of the per-class plot), and the
# score columns of threshold_curve(), in their order
REPORT = tuple(sorted((m for m in METRICS if m.report is not None), key=lambda m: m.report))
# ... and the per-class columns that an evaluation of scores adds to report()
SCORE_REPORT = tuple(sorted((m for m in SCORE_METRICS if m.report is not None),
                            key=lambda m: m.report))
CURVE = tuple(sorted((m for m in ALL_METRICS if m.curve is not None), key=lambda m: m.curve))
REPORT_COLUMNS = tuple(m.column for m in REPORT)
# describe()'s overall statistics and its statistics by class, in their order
OVERALL = tuple(sorted((m for m in ALL_METRICS if m.overall is not None),
                       key=lambda m: m.overall.position))
BY_CLASS = tuple(sorted((m for m in METRICS if m.by_class is not None),
                        key=lambda m: m.by_class[0]))
# The score columns of scikit-learn's classification_report: its heading, and the row
CLASSIFICATION_REPORT = tuple((heading, _BY_NAME[alias]) for heading, alias in (
    ("precision", "PS"), ("recall", "RS"), ("f1-score", "F1S")))


def lookup(name):
    """The registry row of a short alias or a long name."""
    if isinstance(name, str) and name in _BY_NAME:
        return _BY_NAME[name]
    raise _unknown_metric(name, [m.alias for m in ALL_METRICS], list(_BY_NAME))


def _unknown_metric(name, aliases, names):
    return _validation.InputError(
        "unknown metric name {name!r}; use a short alias {aliases} or its long name.{hint}",
        name=name, aliases=aliases, hint=_validation.closest(name, names)
    )


def method(metric):
    """The query of a row: a function of the state and the metric's options (made once
    for each registry row)."""
    row, query = _QUERIES.get(metric.alias, (None, None))
    return query if row is metric else _query_of(metric)


def _query_of(metric):
    """A row's own query (given its row when its second parameter is ``metric``), or
    the generated one-vs-rest query (a COUNT row with the average, pos_label, sample_weight and
    zero_division options)."""
    if metric.query is not None:
        return _with_row(metric.query, metric)
    if metric.kind != COUNT or metric.doc is None:
        raise TypeError(f"registry row {metric.alias} needs a query or a COUNT formula and doc")
    return _label_metrics.one_vs_rest(metric)


def _with_row(query, metric):
    """``query`` with its row bound, if it takes one (its formula, averages, title)."""
    state, *parameters = inspect.signature(query).parameters.values()
    if not parameters or parameters[0].name != "metric":
        return query

    @functools.wraps(query)
    def bound(state, *args, **kwargs):
        return query(state, metric, *args, **kwargs)

    bound.__signature__ = inspect.Signature([state, *parameters[1:]])
    return bound


_QUERIES = {metric.alias: (metric, _query_of(metric)) for metric in ALL_METRICS}
