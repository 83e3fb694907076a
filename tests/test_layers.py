"""The package's layers (docs/architecture.rst): a module imports only from its own
layer and the layers before it, save the crossings listed here."""

import ast
import functools
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "permetrics_lite"
# in order: each layer may use the ones before it
LAYERS = ("validation", "core", "metrics", "stats", "api", "io")
API = {"classification", "functional", "plotting", "datasets", "version", "__init__"}
COMMAND = {"__main__"}  # python -m permetrics_lite: the command line
# the crossings of today, each a module importing one of a later layer
CROSSINGS = {
    ("validation.arrays", "core.encode"),   # labels read as codes, where a column is read
    ("validation.targets", "core.encode"),
    ("core.scores", "metrics.formulas"),     # the threshold sweep applies the formulas
    ("core.build", "metrics.docstrings"),    # shared parameter descriptions
    ("core.sums", "metrics.docstrings"),
    ("core.sums", "metrics.score_sums"),     # a sum of score evaluations merges their rankings
    ("metrics.tables", "stats.intervals"),    # summary(ci=...) and report(ci=...)
}


def layer(module):
    """The layer of a module named relative to the package ("core.tally", "cli")."""
    head = module.split(".")[0]
    return "api" if head in API else "io" if head in COMMAND else head


@functools.lru_cache(maxsize=None)
def imports():
    """(importer, imported) pairs of the package's modules, named relative to it (parsed
    once for all the tests)."""
    return tuple(_imports())


def _imports():
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = path.relative_to(PACKAGE).with_suffix("").parts
        module = ".".join(parts[:-1] if parts[-1] == "__init__" and len(parts) > 1 else parts)
        package = parts[:-1]
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.ImportFrom) or not node.level:
                continue
            base = list(package[:len(package) - node.level + 1])
            base += node.module.split(".") if node.module else []
            for alias in node.names:  # a name is a module ("from ..core import tally") or not
                named = [*base, alias.name]
                is_module = (PACKAGE.joinpath(*named).is_dir()
                             or PACKAGE.joinpath(*named[:-1], named[-1] + ".py").is_file())
                yield module, ".".join(named if is_module else base or ["__init__"])


def test_every_module_is_in_a_layer():
    assert {layer(module) for pair in imports() for module in pair} <= set(LAYERS)


@pytest.mark.parametrize("layer_name", LAYERS)
def test_a_layer_uses_only_the_layers_before_it(layer_name):
    later = set(LAYERS[LAYERS.index(layer_name) + 1:])
    crossing = {(module, used) for module, used in imports()
                if layer(module) == layer_name and layer(used) in later}
    assert crossing <= CROSSINGS, sorted(crossing - CROSSINGS)


def test_each_listed_crossing_still_exists():
    assert CROSSINGS <= set(imports())


def test_no_module_imports_itself_through_others():
    """No cycle among the modules, counting the imports inside functions: a deferred
    import is for an optional extra, never to dodge a cycle."""
    graph = {}
    for module, used in imports():
        graph.setdefault(module, set()).add(used)
    done, path = set(), []

    def visit(module):
        assert module not in path, " -> ".join(path[path.index(module):] + [module])
        if module in done:
            return
        path.append(module)
        for used in sorted(graph.get(module, ())):
            visit(used)
        path.pop()
        done.add(module)

    for module in sorted(graph):
        visit(module)



MAX_LINES = 700  # a module longer than this holds more than one job


def test_no_module_is_longer_than_700_lines():
    lengths = {str(path.relative_to(PACKAGE)): len(path.read_text(encoding="utf-8").splitlines())
               for path in PACKAGE.rglob("*.py")}
    assert {path: n for path, n in lengths.items() if n > MAX_LINES} == {}
