"""The registry is the single source of the metrics: every list is what its rows say."""

import ast
import inspect
import re
from pathlib import Path

import pytest

import permetrics_lite
from permetrics_lite import ClassificationMetric, functional, plotting
from permetrics_lite.io import cli
from permetrics_lite.metrics import registry as _registry
from permetrics_lite.classification import Default
from tests.oracles import ORACLES

PACKAGE = Path(permetrics_lite.__file__).parent
ROWS = pytest.mark.parametrize("metric", _registry.ALL_METRICS, ids=lambda m: m.alias)
NAMES = {name for m in _registry.ALL_METRICS for name in (m.alias, m.name, m.column) if name}


def signature(metric):
    return inspect.signature(getattr(ClassificationMetric, metric.name)).parameters


def test_rows_have_distinct_names():
    aliases = [m.alias for m in _registry.ALL_METRICS]
    names = [m.name for m in _registry.ALL_METRICS]
    assert len(set(aliases)) == len(aliases) and len(set(names)) == len(names)
    assert not set(aliases) & set(names)


@ROWS
def test_each_row_is_a_method_an_alias_and_a_functional_form(metric):
    method = getattr(ClassificationMetric, metric.name)
    assert getattr(ClassificationMetric, metric.alias) is method
    assert method.__name__ == metric.name and ">>> " in method.__doc__
    assert metric.name in permetrics_lite.__all__ and metric.name in functional.__all__
    assert _registry.lookup(metric.alias) is _registry.lookup(metric.name) is metric


@ROWS
def test_each_row_has_an_oracle_in_the_tests(metric):
    assert ORACLES.get(metric.alias), f"{metric.alias} has no oracle in tests/oracles.py"


def test_the_oracles_name_only_registry_metrics():
    assert set(ORACLES) == {m.alias for m in _registry.ALL_METRICS}


def test_support_functional_forms_and_command_line_follow_the_rows():
    assert list(ClassificationMetric.SUPPORT) == [m.alias for m in _registry.ALL_METRICS]
    assert functional.__all__ == [m.name for m in _registry.ALL_METRICS]
    score = cli.build_parser()._subparsers._group_actions[0].choices["score"]
    metrics = score.format_help().split("short or long metric names:")[1]
    assert re.findall(r"\b[A-Z][A-Z0-9]+\b", metrics.split("\n\n")[0]) == [
        m.alias for m in _registry.ALL_METRICS]  # labels, or scores with --scores


@pytest.mark.parametrize("metric", [m for m in _registry.ALL_METRICS if m.averages],
                         ids=lambda m: m.alias)
def test_averages_and_default_are_the_rows(metric):
    default = signature(metric)["average"].default
    if metric.kind == _registry.SCORE:  # constructor options are of labels, not of scores
        assert default == metric.default_average
    else:
        assert isinstance(default, Default) and default.value == metric.default_average
    cm = ClassificationMetric([0, 1, 1], [0, 1, 0])
    with pytest.raises(ValueError) as error:
        getattr(cm, metric.alias)(average="samples")
    assert str(list(metric.averages)) in str(error.value)


@pytest.mark.parametrize("metric", [m for m in _registry.ALL_METRICS if not m.averages],
                         ids=lambda m: m.alias)
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


@pytest.mark.parametrize("metric", _registry.REPORT, ids=lambda m: m.alias)
def test_a_report_column_is_the_method_per_class(metric):
    cm = ClassificationMetric(["a", "b", "c", "a", "b"], ["a", "c", "c", "b", "b"])
    options = {"average": None, "zero_division": 0.0}
    per_class = getattr(cm, metric.alias)(**{k: v for k, v in options.items()
                                            if k in signature(metric)})
    assert cm.report(zero_division=0.0)[metric.column].tolist() == list(per_class.values())


@pytest.mark.parametrize("metric", _registry.SCORE_REPORT, ids=lambda m: m.alias)
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
