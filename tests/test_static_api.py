"""What static tools see: the generated stubs are current, declare every member the
runtime has with its signature, satisfy mypy, and every function names the module
that defines it."""

import ast
import importlib
import importlib.util
import inspect
import pickle
import re
import sys
from pathlib import Path

import pytest

from permetrics_lite import ClassificationMetric, classification, functional
from permetrics_lite.metrics import registry as _registry

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "permetrics_lite"
ROWS = pytest.mark.parametrize("metric", _registry.ALL_METRICS, ids=lambda m: m.alias)


def _load_generator():
    path = ROOT / "tools" / "generate_stubs.py"
    spec = importlib.util.spec_from_file_location("generate_stubs", path)
    generator = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(generator)
    return generator


GENERATOR = _load_generator()


def _stub_path(module):
    return PACKAGE / f"{module.__name__.rpartition('.')[2]}.pyi"


def _stub(module):
    return ast.parse(_stub_path(module).read_text(encoding="utf-8"))


def _declared(body):
    """{name: its node, or its defs (overloads included)} of a stub's module or class
    body: an alias (``F1S = f1_score``) maps to the defs of its target."""
    declared = {}
    for node in body:
        if isinstance(node, ast.FunctionDef):
            declared.setdefault(node.name, []).append(node)
        elif isinstance(node, ast.Assign) and isinstance(node.value, ast.Name):
            declared[node.targets[0].id] = declared[node.value.id]
        elif isinstance(node, (ast.Assign, ast.AnnAssign)):
            target = node.targets[0] if isinstance(node, ast.Assign) else node.target
            declared[target.id] = node
        elif isinstance(node, ast.ClassDef):
            declared[node.name] = node
        elif isinstance(node, ast.ImportFrom):  # a stub re-exports "import x as x" only
            declared.update({a.name: node for a in node.names if a.asname == a.name})
    return declared


def _stub_parameters(node):
    """[(name, kind, has a default)] of a stub's def."""
    arguments, kind = node.args, inspect.Parameter
    positional = [(a, kind.POSITIONAL_ONLY) for a in arguments.posonlyargs] + [
        (a, kind.POSITIONAL_OR_KEYWORD) for a in arguments.args]
    defaults = [False] * (len(positional) - len(arguments.defaults)) + [True] * len(
        arguments.defaults)
    shape = [(a.arg, k, d) for (a, k), d in zip(positional, defaults)]
    if arguments.vararg:
        shape.append((arguments.vararg.arg, kind.VAR_POSITIONAL, False))
    shape += [(a.arg, kind.KEYWORD_ONLY, d is not None)
              for a, d in zip(arguments.kwonlyargs, arguments.kw_defaults)]
    if arguments.kwarg:
        shape.append((arguments.kwarg.arg, kind.VAR_KEYWORD, False))
    return shape


def _runtime_parameters(function):
    return [(p.name, p.kind, p.default is not p.empty)
            for p in inspect.signature(function).parameters.values()]


def _assert_same_signature(defs, function, where):
    """The last def (the general one, after any overloads) is the runtime signature;
    the overloads have its parameters, a default left out where they narrow."""
    runtime = _runtime_parameters(function)
    assert _stub_parameters(defs[-1]) == runtime, where
    for overload in defs[:-1]:
        assert [p[:2] for p in _stub_parameters(overload)] == [p[:2] for p in runtime], where
    if len(defs) > 1:
        assert all("overload" in _names(node.decorator_list) for node in defs), where


def _unwrapped(value):
    """The function of a class member: a property's getter, a classmethod's function."""
    if isinstance(value, property):
        return value.fget
    return getattr(value, "__func__", value)


def _names(nodes):
    return {node.id for node in nodes if isinstance(node, ast.Name)}


def _public(module):
    return [name for name, value in vars(module).items()
            if not name.startswith("_") and not inspect.ismodule(value)]


# ---------------------------------------------------------------------------
# The stubs are what the generator writes
# ---------------------------------------------------------------------------


def test_regenerating_the_stubs_changes_nothing():
    generated = GENERATOR.render()
    assert sorted(generated) == sorted(_stub_path(m) for m in (classification, functional))
    for path, text in generated.items():
        assert path.read_text(encoding="utf-8") == text, (
            f"{path.name} is stale: run python tools/generate_stubs.py")


def test_the_package_says_it_is_typed():
    assert (PACKAGE / "py.typed").is_file()


# ---------------------------------------------------------------------------
# The stubs declare what the runtime has
# ---------------------------------------------------------------------------


CLASS = _declared(_declared(_stub(classification).body)["ClassificationMetric"].body)
FUNCTIONS = _declared(_stub(functional).body)


@ROWS
def test_the_class_stub_declares_each_metric_by_both_names(metric):
    method = getattr(ClassificationMetric, metric.name)
    assert metric.name in CLASS and metric.alias in CLASS
    assert CLASS[metric.alias] is CLASS[metric.name]  # the alias is the same method
    _assert_same_signature(CLASS[metric.name], method, metric.name)


@ROWS
def test_the_functional_stub_declares_each_functional_form(metric):
    assert metric.name in FUNCTIONS
    _assert_same_signature(FUNCTIONS[metric.name], getattr(functional, metric.name),
                           metric.name)


def test_the_class_stub_declares_every_public_member_as_the_runtime_has_it():
    public = {name for name in dir(ClassificationMetric) if not name.startswith("_")}
    assert {name for name in CLASS if not name.startswith("_")} == public
    for name, stub in CLASS.items():
        value = inspect.getattr_static(ClassificationMetric, name)
        if isinstance(stub, list):
            decorators = {type(value).__name__} & {"classmethod", "staticmethod", "property"}
            assert all(_names(node.decorator_list) - {"overload"} == decorators
                       for node in stub), name
            _assert_same_signature(stub, _unwrapped(value), name)
        else:
            assert isinstance(stub, ast.AnnAssign) and not callable(value), name


def test_the_module_stubs_declare_every_public_name():
    module = _declared(_stub(classification).body)
    assert {name for name in module if not name.startswith("_")} == set(
        _public(classification))
    assert set(FUNCTIONS) - {"__all__"} == set(functional.__all__)
    assert ast.literal_eval(FUNCTIONS["__all__"].value) == functional.__all__


@pytest.mark.parametrize("module", [classification, functional], ids=lambda m: m.__name__)
def test_the_stubs_import_names_that_exist(module):
    for node in _stub(module).body:
        if isinstance(node, ast.ImportFrom):
            name = "." * node.level + (node.module or "")
            source = importlib.import_module(name, "permetrics_lite")
            for alias in node.names:
                assert hasattr(source, alias.name), (node.module, alias.name)
        elif isinstance(node, ast.Import):
            for alias in node.names:
                importlib.import_module(alias.name)


# ---------------------------------------------------------------------------
# mypy sees every metric, and refuses what the runtime refuses
# ---------------------------------------------------------------------------


def _usage():
    """Source that uses every metric by both names as a method, every functional
    form, and every other public member of the class: it must type-check."""
    lines = [
        "from typing import Any",
        "",
        "import permetrics_lite",
        "from permetrics_lite import ClassificationMetric, functional",
        f"from permetrics_lite import {', '.join(functional.__all__)}",
        "",
        "labels = ClassificationMetric([0, 1, 1, 0], [0, 1, 0, 0])",
        "scores = ClassificationMetric.from_scores([0, 1, 1, 0], [0.1, 0.8, 0.4, 0.3])",
        "result: object",
    ]
    for metric in _registry.ALL_METRICS:
        evaluation, second = ("scores", "[0.1, 0.8, 0.4, 0.3]") if (
            metric.kind == _registry.SCORE) else ("labels", "[0, 1, 0, 0]")
        lines += [f"result = {evaluation}.{metric.name}()",
                  f"result = {evaluation}.{metric.alias}()",
                  f"result = functional.{metric.name}([0, 1, 1, 0], {second})",
                  f"result = permetrics_lite.{metric.name}([0, 1, 1, 0], {second})",
                  f"result = {metric.name}([0, 1, 1, 0], {second})"]
        if "average" in inspect.signature(getattr(ClassificationMetric, metric.name)).parameters:
            average = next(a for a in metric.averages if isinstance(a, str))
            lines += [  # naming the average gives the one type it returns
                f"one_{metric.alias}: float = {evaluation}.{metric.alias}(average={average!r})",
                f"each_{metric.alias}: dict[Any, float] = "
                f"{evaluation}.{metric.alias}(average=None)"]
    names = {name for m in _registry.ALL_METRICS for name in (m.name, m.alias)}
    lines += [f"result = labels.{name}" for name in dir(ClassificationMetric)
              if not name.startswith("_") and name not in names]
    return "\n".join(lines) + "\n"


def _misuse():
    """Source whose marked lines are errors, and the message of each."""
    metric = next(m for m in _registry.METRICS if "average" in inspect.signature(
        getattr(ClassificationMetric, m.name)).parameters)
    head = ["from permetrics_lite import ClassificationMetric, functional",
            "cm = ClassificationMetric([0, 1], [0, 1])"]
    errors = [
        ("cm.not_a_metric()", 'has no attribute "not_a_metric"'),
        (f"cm.{metric.alias}(averag='macro')", 'Unexpected keyword argument "averag"'),
        (f"functional.{metric.name}([0], [0], averag='macro')",
         'Unexpected keyword argument "averag"'),
        # without average, the constructor's may make it a dict
        (f"value: float = cm.{metric.alias}()", "Incompatible types in assignment"),
        ("cm.labels = cm.labels", 'Property "labels" defined in "ClassificationMetric" is '
                                  "read-only"),
    ]
    expected = {len(head) + number: message for number, (_, message) in enumerate(errors, 1)}
    return "\n".join(head + [line for line, _ in errors]) + "\n", expected


# The checkout's stubs, strictly; the package's sources followed silently. Without
# site-packages, numpy, pandas and matplotlib are Any: their types take mypy 5 to 15 s
# to read, and what is checked here is this package's names and signatures (that the
# stubs' imports exist is checked above).
MYPY_CONFIG = """\
[mypy]
strict = True
mypy_path = {root}
cache_dir = {cache}
follow_imports = silent
no_site_packages = True
# the stubs type every result and leave most arguments untyped (Any)
[mypy-permetrics_lite.*]
disallow_untyped_defs = False
disallow_incomplete_defs = False
[mypy-numpy.*,pandas.*,matplotlib.*]
ignore_missing_imports = True
"""


def test_mypy_sees_every_metric_and_refuses_misuse(tmp_path):
    api = pytest.importorskip("mypy.api")
    usage, misuse = tmp_path / "usage.py", tmp_path / "misuse.py"
    usage.write_text(_usage(), encoding="utf-8")
    text, expected = _misuse()
    misuse.write_text(text, encoding="utf-8")
    config = tmp_path / "mypy.ini"
    config.write_text(MYPY_CONFIG.format(root=ROOT, cache=tmp_path / "cache"), encoding="utf-8")
    output, errors, status = api.run(["--config-file", str(config), str(usage), str(misuse)])
    assert status == 1 and not errors, output + errors
    found = re.findall(r"^(.+?):(\d+): error: (.*)$", output, re.M)
    assert [e for e in found if Path(e[0]).name != "misuse.py"] == [], output  # the stubs too
    messages = {}
    for _, line, message in found:
        messages.setdefault(int(line), []).append(message)
    assert set(messages) == set(expected), output
    for line, message in expected.items():
        assert any(message in m for m in messages[line]), (line, messages[line])


# ---------------------------------------------------------------------------
# Each function names the module that defines it
# ---------------------------------------------------------------------------


def _class_functions():
    for name, value in vars(ClassificationMetric).items():
        function = _unwrapped(value)
        if inspect.isfunction(function):
            yield name, function


@pytest.mark.parametrize("name, function", list(_class_functions()),
                         ids=[name for name, _ in _class_functions()])
def test_each_method_names_the_module_that_defines_it(name, function):
    module = sys.modules[function.__module__]
    assert Path(function.__code__.co_filename) == Path(module.__file__)


@ROWS
def test_each_functional_form_is_found_where_it_says(metric):
    function = getattr(functional, metric.name)
    assert function.__module__ == functional.__name__
    assert Path(function.__code__.co_filename) == Path(functional.__file__)
    assert pickle.loads(pickle.dumps(function)) is function  # by reference: module.qualname
