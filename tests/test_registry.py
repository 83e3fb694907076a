"""The registry is the single source of the metrics, and the API contract it drives.

Every list is what the rows say (methods, aliases, functional forms, SUPPORT, the
columns of report(), threshold_curve(), summary() and the plot, the command line),
and every method keeps the same contract: functional forms, signatures, constructor
options as defaults, the permetrics helpers.
"""

import ast
import inspect
import re
import warnings
from pathlib import Path

import numpy as np
import pytest

import permetrics_lite
from permetrics_lite import ClassificationMetric, UndefinedMetricWarning, functional, plotting
from permetrics_lite.io import cli
from permetrics_lite.core import options as _options
from permetrics_lite.metrics import registry as _registry
from permetrics_lite.classification import Default
from tests.oracles import ORACLES

PACKAGE = Path(permetrics_lite.__file__).parent
NAMES = {name for m in _registry.ALL_METRICS for name in (m.alias, m.name, m.column) if name}
Y_TRUE = ["b", "a", "c", "a", "b", "b"]
Y_PRED = ["b", "a", "a", "a", "c", "b"]
WEIGHT = [1.0, 2.0, 0.5, 1.0, 3.0, 1.0]
LABELS = ["c", "b", "a", "d"]


def over(metrics):
    """Parametrize over these registry rows; none would skip the test, so none is an error."""
    metrics = list(metrics)
    assert metrics, "no registry row to test"
    return pytest.mark.parametrize("metric", metrics, ids=lambda m: m.alias)


def signature(metric):
    return inspect.signature(getattr(ClassificationMetric, metric.name)).parameters


def takes(metric, parameter):
    return parameter in signature(metric)


def metrics_taking(parameter):
    """Parametrize over the metrics of labels that have ``parameter``: only the cases that apply."""
    return over(m for m in _registry.METRICS if takes(m, parameter))


ROWS = over(_registry.ALL_METRICS)
METRICS = over(_registry.METRICS)  # the metrics of labels


def equal(first, second):
    if isinstance(first, np.ndarray):
        return np.array_equal(first, second)
    return first == second or (first != first and second != second)  # nan == nan here


# ---------------------------------------------------------------------------
# Every list is what the rows say
# ---------------------------------------------------------------------------


def test_rows_have_distinct_names():
    aliases = [m.alias for m in _registry.ALL_METRICS]
    names = [m.name for m in _registry.ALL_METRICS]
    assert len(set(aliases)) == len(aliases) and len(set(names)) == len(names)
    assert not set(aliases) & set(names)


@ROWS
def test_each_row_is_a_method_an_alias_and_a_functional_form(metric):
    method = getattr(ClassificationMetric, metric.name)
    assert getattr(ClassificationMetric, metric.alias) is method
    assert method.__name__ == metric.name and metric.name in permetrics_lite.__all__
    assert _registry.lookup(metric.alias) is _registry.lookup(metric.name) is metric


@ROWS
def test_each_row_has_an_oracle_in_the_tests(metric):
    assert ORACLES.get(metric.alias), f"{metric.alias} has no oracle in tests/oracles.py"


def test_the_oracles_name_only_registry_metrics():
    assert set(ORACLES) == {m.alias for m in _registry.ALL_METRICS}


def test_functional_forms_and_command_line_follow_the_rows():
    assert functional.__all__ == [m.name for m in _registry.ALL_METRICS]
    score = cli.build_parser()._subparsers._group_actions[0].choices["score"]
    metrics = score.format_help().split("short or long metric names:")[1]
    assert re.findall(r"\b[A-Z][A-Z0-9]+\b", metrics.split("\n\n")[0]) == [
        m.alias for m in _registry.ALL_METRICS]  # labels, or scores with --scores


@over(m for m in _registry.ALL_METRICS if m.averages)
def test_averages_and_default_are_the_rows(metric):
    default = signature(metric)["average"].default  # the constructor's average may replace it
    assert isinstance(default, Default) and default.value == metric.default_average
    cm = ClassificationMetric([0, 1, 1], [0, 1, 0])
    with pytest.raises(ValueError) as error:
        getattr(cm, metric.alias)(average="samples")
    assert str(list(metric.averages)) in str(error.value)


@over(m for m in _registry.ALL_METRICS if not m.averages)
def test_metrics_without_averages_take_none(metric):
    assert "average" not in signature(metric)


def test_report_curve_summary_and_plot_columns_are_the_rows():
    cm = ClassificationMetric.from_scores([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    report = cm.report().columns.tolist()
    assert report[6:] == [m.column for m in _registry.REPORT + _registry.SCORE_REPORT]
    assert [m.column for m in _registry.REPORT] == list(_registry.REPORT_COLUMNS)
    labels_only = ClassificationMetric([0, 0, 1, 1], [0, 1, 1, 1]).report().columns.tolist()
    assert labels_only[6:] == list(_registry.REPORT_COLUMNS)
    assert list(plotting.PER_CLASS_COLUMNS) == list(_registry.REPORT_COLUMNS)
    curve = cm.threshold_curve().columns.tolist()
    assert curve[5:] == [m.column for m in _registry.CURVE]
    summary = cm.summary().index.tolist()
    assert summary[2:] == [m.alias + suffix for m in _registry.ALL_METRICS
                           for suffix, _ in m.summary]


@over(_registry.REPORT)
def test_a_report_column_is_the_method_per_class(metric):
    cm = ClassificationMetric(["a", "b", "c", "a", "b"], ["a", "c", "c", "b", "b"])
    options = {"average": None, "zero_division": 0.0}
    per_class = getattr(cm, metric.alias)(**{k: v for k, v in options.items()
                                            if k in signature(metric)})
    assert cm.report(zero_division=0.0)[metric.column].tolist() == list(per_class.values())


@over(_registry.SCORE_REPORT)
def test_a_report_column_of_scores_is_the_method_per_class(metric):
    scores = [[0.6, 0.3, 0.1], [0.2, 0.5, 0.3], [0.1, 0.3, 0.6], [0.3, 0.45, 0.25]]
    cm = ClassificationMetric.from_scores(["a", "b", "c", "c"], scores)
    per_class = getattr(cm, metric.alias)(average=None)
    assert cm.report()[metric.column].tolist() == list(per_class.values())
    assert metric.column not in cm.report(sample_weight=[1, 2, 1, 1]).columns


def test_no_other_module_spells_out_a_list_of_metric_names():
    modules = sorted(PACKAGE.rglob("*.py"))
    assert PACKAGE / "metrics" / "registry.py" in modules  # the one module that may
    for path in modules:
        if path == PACKAGE / "metrics" / "registry.py":
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        # a parameter's default (the plot's two metrics) is a choice, not a list of metrics
        defaults = {id(d) for f in ast.walk(tree) if isinstance(f, ast.FunctionDef)
                    for d in f.args.defaults + f.args.kw_defaults if d is not None}
        for node in ast.walk(tree):
            if isinstance(node, (ast.List, ast.Tuple, ast.Set, ast.Dict)) and id(node) not in defaults:
                items = node.keys if isinstance(node, ast.Dict) else node.elts
                named = [item.value for item in items
                         if isinstance(item, ast.Constant) and item.value in NAMES]
                assert len(named) < 2, f"{path.relative_to(PACKAGE)}:{node.lineno} lists {named}"


def test_a_row_without_a_query_must_be_a_documented_count_metric():
    matrix_row = _registry.lookup("AS")._replace(query=None)
    undocumented = _registry.lookup("PS")._replace(doc=None)
    for row in (matrix_row, undocumented):
        with pytest.raises(TypeError, match=f"registry row {row.alias} needs a query or a "
                                            "COUNT formula and doc"):
            _registry.method(row)
    assert _registry.method(_registry.lookup("PS")).__doc__.startswith("Precision:")


# ---------------------------------------------------------------------------
# The functional forms and the public API
# ---------------------------------------------------------------------------


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


SCORE_TRUE = ["b", "a", "c", "a", "b", "b", "c", "a"]
SCORE_PROBA = np.array([[0.2, 0.5, 0.3], [0.6, 0.3, 0.1], [0.3, 0.3, 0.4], [0.4, 0.4, 0.2],
                        [0.1, 0.3, 0.6], [0.3, 0.6, 0.1], [0.2, 0.2, 0.6], [0.5, 0.1, 0.4]])


@over(m for m in _registry.SCORE_METRICS if takes(m, "average"))
def test_constructor_average_is_the_default_of_the_metrics_of_scores_too(metric):
    plain = ClassificationMetric.from_scores(SCORE_TRUE, SCORE_PROBA)
    method = getattr(ClassificationMetric, metric.alias)
    for average in metric.averages:
        built = ClassificationMetric.from_scores(SCORE_TRUE, SCORE_PROBA, average=average)
        assert equal(method(built), method(plain, average=average)), average
        assert equal(method(built, average="macro"), method(plain, average="macro"))
    lacking = [a for a in _options.AVERAGES if a not in metric.averages]  # binary; micro
    assert lacking
    for average in lacking:  # an error that names it, not the metric's own default
        built = ClassificationMetric.from_scores(SCORE_TRUE, SCORE_PROBA, average=average)
        with pytest.raises(ValueError, match=rf"^{metric.name} \({metric.alias}\) has no "
                                             rf"average='{average}', which the evaluation was "
                                             r"built with; pass it one of \["):
            method(built)
        assert equal(method(built, average="weighted"), method(plain, average="weighted"))
    # binary scores have one curve: every average of the evaluation gives it
    y_true, p = [0, 1, 1, 0, 1, 0], [0.2, 0.7, 0.4, 0.5, 0.9, 0.1]
    one_curve = method(ClassificationMetric.from_scores(y_true, p))
    for average in _options.AVERAGES:
        built = ClassificationMetric.from_scores(y_true, p, average=average)
        assert method(built) == one_curve, average


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
