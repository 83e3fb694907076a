"""The API contract, driven by the registry: aliases, functional forms, defaults, helpers."""

import inspect
import warnings

import numpy as np
import pytest

import permetrics_lite
from permetrics_lite import ClassificationMetric, UndefinedMetricWarning, functional
from permetrics_lite.metrics import registry as _registry
from permetrics_lite.classification import Default

Y_TRUE = ["b", "a", "c", "a", "b", "b"]
Y_PRED = ["b", "a", "a", "a", "c", "b"]
WEIGHT = [1.0, 2.0, 0.5, 1.0, 3.0, 1.0]
LABELS = ["c", "b", "a", "d"]
METRICS = pytest.mark.parametrize("metric", _registry.METRICS, ids=lambda m: m.alias)


def takes(metric, parameter):
    return parameter in inspect.signature(getattr(ClassificationMetric, metric.name)).parameters


def metrics_taking(parameter):
    """Parametrize over the metrics that have ``parameter``: only the cases that apply."""
    taking = [m for m in _registry.METRICS if takes(m, parameter)]
    return pytest.mark.parametrize("metric", taking, ids=lambda m: m.alias)


def equal(first, second):
    if isinstance(first, np.ndarray):
        return np.array_equal(first, second)
    return first == second or (first != first and second != second)  # nan == nan here


@METRICS
def test_alias_is_the_long_method(metric):
    assert getattr(ClassificationMetric, metric.alias) is getattr(ClassificationMetric, metric.name)


@METRICS
def test_functional_form_equals_the_method(metric):
    function = getattr(functional, metric.name)
    assert getattr(permetrics_lite, metric.name) is function
    options = {"average": "macro"} if takes(metric, "average") else {}
    cm = ClassificationMetric(Y_TRUE, Y_PRED, labels=LABELS, sample_weight=WEIGHT)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UndefinedMetricWarning)  # class "d" is 0/0
        result = function(Y_TRUE, Y_PRED, labels=LABELS, sample_weight=WEIGHT, **options)
        assert equal(result, getattr(cm, metric.alias)(**options))


@METRICS
def test_functional_signature_is_the_constructor_plus_the_method(metric):
    method = inspect.signature(getattr(ClassificationMetric, metric.name)).parameters
    function = inspect.signature(getattr(functional, metric.name)).parameters
    expected = ["y_true", "y_pred", "labels", "sample_weight"] + [
        name for name in method if name not in ("self", "sample_weight")]
    assert sorted(function) == sorted(expected)
    assert not any(isinstance(p.default, Default) for p in function.values())
    with pytest.raises(TypeError, match="averag"):
        getattr(functional, metric.name)([0, 1], [0, 1], averag="macro")


def test_every_public_callable_has_a_runnable_example():
    names = [name for name in permetrics_lite.__all__ if not name.startswith("__")]
    members = [getattr(permetrics_lite, name) for name in names]
    members += [getattr(ClassificationMetric, name) for name in dir(ClassificationMetric)
                if not name.startswith("_") and callable(getattr(ClassificationMetric, name))]
    for member in [m for m in members if m is not UndefinedMetricWarning]:  # a class, no example
        assert ">>> " in (member.__doc__ or ""), member.__name__


def test_per_class_results_are_plain_python():
    cm = ClassificationMetric(np.array([1, 2, 2]), np.array([1, 2, 1]))
    for result in (cm.PCA(), cm.PS(average=None), cm.MCC(average=None)):
        assert all(type(key) is int and type(value) is float for key, value in result.items())
    assert type(cm.BAS()) is float and type(cm.PCA(average="macro")) is float
    assert type(cm.F1S(average="micro")) is float and type(cm.CKS()) is float


# ---------------------------------------------------------------------------
# Constructor options are the defaults of every method
# ---------------------------------------------------------------------------


@metrics_taking("average")
def test_constructor_average_is_the_default_and_the_method_wins(metric):
    plain = ClassificationMetric(Y_TRUE, Y_PRED)
    macro = ClassificationMetric(Y_TRUE, Y_PRED, average="macro")
    method = getattr(ClassificationMetric, metric.alias)
    assert equal(method(macro), method(plain, average="macro"))
    assert equal(method(macro, average="micro"), method(plain, average="micro"))
    assert equal(method(macro, average=None), method(plain, average=None))


@metrics_taking("pos_label")
def test_constructor_pos_label_is_the_default_and_the_method_wins(metric):
    y_true, y_pred = ["ham", "spam", "spam", "ham", "spam"], ["ham", "spam", "ham", "spam", "spam"]
    plain = ClassificationMetric(y_true, y_pred)
    spam = ClassificationMetric(y_true, y_pred, average="binary", pos_label="spam")
    method = getattr(ClassificationMetric, metric.alias)
    assert equal(method(spam), method(plain, average="binary", pos_label="spam"))
    assert equal(method(spam, pos_label="ham"), method(plain, pos_label="ham"))
    # a pos_label passed to the method picks its class even when the constructor says "macro"
    macro = ClassificationMetric(y_true, y_pred, average="macro")
    assert equal(method(macro, pos_label="ham"), method(plain, pos_label="ham"))


@metrics_taking("zero_division")
def test_constructor_zero_division_is_the_default_and_the_method_wins(metric):
    y_true, y_pred = [0, 0, 0], [0, 0, 0]  # a single class: many ratios are 0/0
    labels = [0, 1]
    plain = ClassificationMetric(y_true, y_pred, labels=labels)
    ones = ClassificationMetric(y_true, y_pred, labels=labels, zero_division=1.0)
    method = getattr(ClassificationMetric, metric.alias)
    options = {"average": None} if takes(metric, "average") else {}
    with warnings.catch_warnings():
        warnings.simplefilter("error", UndefinedMetricWarning)  # 1.0 is silent
        assert equal(method(ones, **options), method(plain, zero_division=1.0, **options))
        assert equal(method(ones, zero_division=0.0, **options),
                     method(plain, zero_division=0.0, **options))


def test_constructor_average_turns_mcc_and_cks_into_one_vs_rest_aggregates():
    plain = ClassificationMetric(Y_TRUE, Y_PRED)
    macro = ClassificationMetric(Y_TRUE, Y_PRED, average="macro")
    assert macro.MCC() == plain.MCC(average="macro") != plain.MCC()
    assert macro.MCC(average="multiclass") == plain.MCC()
    assert macro.CKS(average="multiclass") == plain.CKS()
    assert macro.summary().equals(plain.summary())  # the summary names its averages itself


def test_constructor_options_are_checked():
    with pytest.raises(ValueError, match=r"average must be one of .*got 'macr'. Did you mean 'macro'"):
        ClassificationMetric([0, 1], [0, 1], average="macr")
    with pytest.raises(ValueError, match=r"pos_label='x' is not a label .* \[0, 1\]"):
        ClassificationMetric([0, 1], [0, 1], pos_label="x")
    with pytest.raises(ValueError, match=r"zero_division must be one of"):
        ClassificationMetric([0, 1], [0, 1], zero_division="none")
    with pytest.raises(ValueError, match=r"average must be one of"):
        ClassificationMetric([0, 1], [0, 1], average="multiclass")  # MCC's own form only


def test_binary_average_follows_sklearn():
    multiclass = ClassificationMetric([0, 1, 2], [0, 2, 1])
    with pytest.raises(ValueError, match=r"Target is multiclass \(3 classes\) but average='binary'"):
        multiclass.PS()
    assert multiclass.PCA(pos_label=2) == pytest.approx(1 / 3)  # PCA scores any class
    with pytest.raises(ValueError, match=r"Target is multilabel-indicator but average='binary'"):
        ClassificationMetric([[0, 1]], [[0, 1]]).RS()
    with pytest.raises(ValueError, match=r"pos_label=1 is not a label .* \['a', 'b'\]"):
        ClassificationMetric(["a", "b"], ["a", "a"]).PS()
    booleans = ClassificationMetric([True, False, True], [True, True, True])
    assert booleans.PS() == booleans.PS(pos_label=True) == pytest.approx(2 / 3)
    with pytest.warns(UndefinedMetricWarning, match="Precision"):  # one class, as sklearn
        assert ClassificationMetric([0, 0], [0, 0]).PS() == 0.0


# ---------------------------------------------------------------------------
# permetrics helpers
# ---------------------------------------------------------------------------


def test_support_covers_every_metric_and_matches_the_registry():
    assert list(ClassificationMetric.SUPPORT) == [m.alias for m in _registry.ALL_METRICS]
    for metric in _registry.ALL_METRICS:
        entry = ClassificationMetric.get_support(metric.alias)
        assert entry == ClassificationMetric.get_support(metric.name)
        assert entry["range"] == metric.range and entry["best"] == metric.best
        assert entry["type"] == {True: "max", False: "min", None: None}[metric.higher_is_better]
    table = ClassificationMetric.get_support()
    table["AS"]["best"] = 0  # a copy: the registry is untouched
    assert ClassificationMetric.get_support("AS")["best"] == 1.0
    with pytest.raises(TypeError):
        ClassificationMetric.SUPPORT["AS"]["best"] = 0


@pytest.mark.parametrize("name, hint", [("PSS", "'PS'"), ("ps", "'PS'"), ("precision", "'precision_score'"),
                                        ("kappa", "'cohen_kappa_score'"), ("xyz123", None)])
def test_unknown_metric_names_suggest_the_closest(name, hint):
    with pytest.raises(ValueError, match=rf"unknown metric name '{name}'") as error:
        ClassificationMetric.get_support(name)
    assert (hint in str(error.value)) if hint else ("Did you mean" not in str(error.value))


def test_metrics_by_names_and_by_dict():
    cm = ClassificationMetric(Y_TRUE, Y_PRED)
    by_list = cm.get_metrics_by_list_names(["AS", "f1_score", "FBS"],
                                           [None, {"average": "macro"}, {"beta": 2, "average": None}])
    assert by_list == {"AS": cm.AS(), "f1_score": cm.F1S(average="macro"),
                       "FBS": cm.FBS(2, average=None)}
    assert cm.get_metrics_by_list_names(["AS", "HML"]) == {"AS": cm.AS(), "HML": cm.HML()}
    by_dict = cm.get_metrics_by_dict({"CKS": {"weights": "linear"}, "MCC": None})
    assert by_dict == {"CKS": cm.CKS(weights="linear"), "MCC": cm.MCC()}
    with pytest.raises(ValueError, match=r"list_paras has 1 entries but names has 2"):
        cm.get_metrics_by_list_names(["AS", "BAS"], [None])
    with pytest.raises(ValueError, match=r"unknown metric name 'ASS'.*Did you mean .*'AS'"):
        cm.get_metrics_by_dict({"ASS": None})
    with pytest.raises(TypeError, match=r"PS has no parameter 'averag'.*Did you mean 'average'"):
        cm.get_metrics_by_dict({"PS": {"averag": "macro"}})
    with pytest.raises(TypeError, match=r"parameters of AS must be a dict"):
        cm.get_metrics_by_list_names(["AS"], ["normalize"])
