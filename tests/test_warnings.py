"""Every warning the library raises points at the line of the caller's code.

Each public path that can warn is called here on one line (a lambda, whose
first line is that line), the warnings are recorded, and every recorded
warning must carry this file's name and that line: whatever the depth of the
library's own calls (a method, its alias, a functional form, report(),
summary(), get_metrics_by_*, the threshold curve, the plots).
"""

import inspect
import warnings

import matplotlib
import numpy as np
import pandas as pd
import pytest
from matplotlib import pyplot as plt

import permetrics_lite
from permetrics_lite import ClassificationMetric, UndefinedMetricWarning, functional, plotting
from permetrics_lite.metrics import registry as _registry

# One class present, a second one given by labels: per-class ratios of class 1
# (precision, recall, ...) and of class 0 (specificity, NPV) are 0/0.
Y_TRUE, Y_PRED, LABELS = [0, 0, 0], [0, 0, 0], [0, 1]
# Class 2 is predicted but never true: balanced accuracy leaves it out, with a UserWarning.
EXTRA_TRUE, EXTRA_PRED = [0, 0, 1, 1], [0, 2, 1, 1]


def undefined():
    return ClassificationMetric(Y_TRUE, Y_PRED, labels=LABELS)


def predicted_only():
    return ClassificationMetric(EXTRA_TRUE, EXTRA_PRED)


def takes(metric, parameter):
    return parameter in inspect.signature(getattr(ClassificationMetric, metric.name)).parameters


def options_that_divide_by_zero(metric):
    """Options that make the metric 0/0 on the undefined problem above."""
    if metric.alias == "BAS":
        return {"adjusted": True}  # a single class in y_true: chance correction is 0/0
    if metric.alias == "CM":
        return {"normalize": "true"}  # class 1 has no true sample: its row is 0/0
    return {"average": None} if takes(metric, "average") else {}


# every metric of labels that can divide by zero: those with a zero_division option
DIVIDING = [m for m in _registry.METRICS if takes(m, "zero_division")]


def recorded(call, *args):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        call(*args)
    return caught


def assert_points_at(call, caught, category):
    """At least one warning of ``category``; every warning on the line of ``call``."""
    assert any(issubclass(w.category, category) for w in caught), [str(w.message) for w in caught]
    line = call.__code__.co_firstlineno
    for w in caught:
        assert (w.filename, w.lineno) == (__file__, line), (str(w.message), w.filename, w.lineno)


def test_the_metrics_that_can_divide_by_zero_are_all_tested():
    cannot = {m.alias for m in _registry.METRICS} - {m.alias for m in DIVIDING}
    assert cannot == {"AS", "PCA", "HML", "NIR"}  # fractions of N > 0: never 0/0


# ---------------------------------------------------------------------------
# UndefinedMetricWarning through every path that queries one metric
# ---------------------------------------------------------------------------

METRIC_PATHS = {
    "alias": lambda m, o: getattr(undefined(), m.alias)(**o),
    "long name": lambda m, o: getattr(undefined(), m.name)(**o),
    "functional form": lambda m, o: getattr(functional, m.name)(Y_TRUE, Y_PRED, labels=LABELS, **o),
    "top-level function": lambda m, o: getattr(permetrics_lite, m.name)(Y_TRUE, Y_PRED, labels=LABELS, **o),
    "get_metrics_by_dict": lambda m, o: undefined().get_metrics_by_dict({m.alias: o}),
    "get_metrics_by_list_names": lambda m, o: undefined().get_metrics_by_list_names([m.name], [o]),
    "constructor default": lambda m, o: getattr(ClassificationMetric(Y_TRUE, Y_PRED, labels=LABELS, zero_division="warn"), m.alias)(**o),
    "query weights": lambda m, o: getattr(undefined(), m.alias)(sample_weight=[1.0, 2.0, 3.0], **o),
    "from_confusion_matrix": lambda m, o: getattr(ClassificationMetric.from_confusion_matrix([[3, 0], [0, 0]], LABELS), m.alias)(**o),
    "a + b": lambda m, o: getattr(undefined() + undefined(), m.alias)(**o),
    "from_batches": lambda m, o: getattr(ClassificationMetric.from_batches([(Y_TRUE, Y_PRED)], labels=LABELS), m.alias)(**o),
}


@pytest.mark.parametrize("path", METRIC_PATHS)
@pytest.mark.parametrize("metric", DIVIDING, ids=lambda m: m.alias)
def test_undefined_metric_warning_points_at_the_caller(metric, path):
    call = METRIC_PATHS[path]
    options = options_that_divide_by_zero(metric)
    assert_points_at(call, recorded(call, metric, options), UndefinedMetricWarning)


MULTILABEL_TRUE = np.array([[1, 0], [1, 0], [1, 0]])  # label 1 never true nor predicted


@pytest.mark.parametrize("metric", [m for m in DIVIDING if m.alias not in ("BAS", "MCC", "CKS")],
                         ids=lambda m: m.alias)
def test_undefined_metric_warning_of_multilabel_input_points_at_the_caller(metric):
    # CM: label 0 is always true, so its "false" row is empty: 0/0 when normalized
    options = {"normalize": "true"} if metric.alias == "CM" else {"average": None}
    call = lambda o: getattr(ClassificationMetric(MULTILABEL_TRUE, MULTILABEL_TRUE), metric.alias)(**o)
    assert_points_at(call, recorded(call, options), UndefinedMetricWarning)


@pytest.mark.parametrize("alias", ["MCC", "CKS"])
def test_one_vs_rest_mcc_and_cks_of_multilabel_input_point_at_the_caller(alias):
    call = lambda: getattr(ClassificationMetric(MULTILABEL_TRUE, MULTILABEL_TRUE), alias)(average="macro")
    assert_points_at(call, recorded(call), UndefinedMetricWarning)


# ---------------------------------------------------------------------------
# Reports, thresholds, plots
# ---------------------------------------------------------------------------

def scored():
    """1-D scores of a y_true without a positive: recall is 0/0 at every threshold."""
    return ClassificationMetric.from_scores([0, 0, 0], [0.1, 0.5, 0.9], labels=[0, 1])


REPORT_PATHS = {
    "report": lambda: undefined().report(),
    "report with weights": lambda: undefined().report(sample_weight=[1, 2, 3]),
    "summary": lambda: undefined().summary(),
    "multilabel report": lambda: ClassificationMetric(MULTILABEL_TRUE, MULTILABEL_TRUE).report(),
    "multilabel summary": lambda: ClassificationMetric(MULTILABEL_TRUE, MULTILABEL_TRUE).summary(),
    "threshold_curve": lambda: scored().threshold_curve(),
    "best_threshold": lambda: scored().best_threshold("SS"),
    "from_scores then RS": lambda: scored().RS(),
    "from_scores matrix then PS": lambda: ClassificationMetric.from_scores([0, 0], [[0.9, 0.1, 0.0], [0.8, 0.2, 0.0]], labels=[0, 1, 2]).PS(average=None),
    "functional confusion_matrix": lambda: permetrics_lite.confusion_matrix(Y_TRUE, Y_PRED, labels=LABELS, normalize="pred"),
}


@pytest.mark.parametrize("path", REPORT_PATHS)
def test_reports_and_threshold_curves_warn_at_the_caller(path):
    call = REPORT_PATHS[path]
    assert_points_at(call, recorded(call), UndefinedMetricWarning)


def test_plots_warn_at_the_caller():
    matplotlib.use("Agg")  # no display: render to files
    paths = [
        lambda: undefined().plot_confusion_matrix(normalize="true"),
        lambda: undefined().plot_per_class(),
        lambda: scored().plot_threshold_curve("SS"),
        lambda: plotting.confusion_matrix(undefined(), normalize="true"),
        lambda: plotting.per_class(undefined()),
        lambda: plotting.threshold_curve(scored(), "SS"),
    ]
    try:
        for call in paths:
            assert_points_at(call, recorded(call), UndefinedMetricWarning)
    finally:
        plt.close("all")


# ---------------------------------------------------------------------------
# Balanced accuracy: classes only in y_pred (a UserWarning, as scikit-learn)
# ---------------------------------------------------------------------------

PREDICTED_ONLY_PATHS = {
    "alias": lambda: predicted_only().BAS(),
    "long name": lambda: predicted_only().balanced_accuracy_score(),
    "adjusted": lambda: predicted_only().BAS(adjusted=True),
    "query weights": lambda: predicted_only().BAS(sample_weight=[1, 2, 3, 4]),
    "functional form": lambda: functional.balanced_accuracy_score(EXTRA_TRUE, EXTRA_PRED),
    "top-level function": lambda: permetrics_lite.balanced_accuracy_score(EXTRA_TRUE, EXTRA_PRED),
    "get_metrics_by_dict": lambda: predicted_only().get_metrics_by_dict({"BAS": None}),
    "get_metrics_by_list_names": lambda: predicted_only().get_metrics_by_list_names(["BAS"]),
    "summary": lambda: predicted_only().summary(zero_division=0.0),
    "a + b": lambda: (predicted_only() + predicted_only()).BAS(),
    "pandas input": lambda: ClassificationMetric(pd.Series(EXTRA_TRUE), pd.Series(EXTRA_PRED)).BAS(),
    # two models, the second with no class outside y_true: the warning names the model
    "bootstrap_test, model a": lambda: permetrics_lite.bootstrap_test(
        EXTRA_TRUE, EXTRA_PRED, [0, 0, 1, 1], "BAS", n_resamples=9, random_state=0),
    "bootstrap_test, model b": lambda: permetrics_lite.bootstrap_test(
        EXTRA_TRUE, [0, 0, 1, 1], EXTRA_PRED, "BAS", n_resamples=9, random_state=0),
}
# the argument a path's warning names, where it is not y_pred
NAMED = {"bootstrap_test, model a": "y_a", "bootstrap_test, model b": "y_b"}


@pytest.mark.parametrize("path", PREDICTED_ONLY_PATHS)
def test_classes_only_in_y_pred_warn_at_the_caller(path):
    call = PREDICTED_ONLY_PATHS[path]
    caught = recorded(call)
    assert_points_at(call, caught, UserWarning)
    name = NAMED.get(path, "y_pred")
    assert [str(w.message) for w in caught] == [
        f"{name} contains classes not in y_true: [2]; balanced accuracy leaves them out of "
        "the mean."]
    assert caught[0].message.parameters == (name, "y_true")


def test_a_notebook_display_does_not_warn():
    for cm in (undefined(), predicted_only()):
        assert recorded(cm._repr_html_) == []


def test_bootstrap_test_warnings_obey_the_caller_s_filters():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        with pytest.raises(UserWarning, match="^y_a contains classes not in y_true"):
            PREDICTED_ONLY_PATHS["bootstrap_test, model a"]()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("ignore")
        PREDICTED_ONLY_PATHS["bootstrap_test, model a"]()
    assert caught == []
