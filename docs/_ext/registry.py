"""The ``registry`` directive: lists of metrics written from the registry rows,
so that the documentation lists exactly the metrics the library has.

``.. registry:: table`` the metric index table; ``toctree`` the metric pages;
``methods`` the class's autodoc entry (its content: the members that are not
metrics); ``aliases`` the short aliases; ``functions`` the functional forms.
"""

from docutils import nodes
from docutils.parsers.rst import Directive
from docutils.statemachine import StringList

from permetrics_lite.metrics import registry as _registry


def _bound(value):
    return "inf" if value == float("inf") else f"{value:g}"


def _table(content):
    lines = [".. list-table::", "   :header-rows: 1", "   :widths: 8 30 50 12 8", "",
             "   * - Short", "     - Long name", "     - What", "     - Range", "     - Best"]
    for m in _registry.ALL_METRICS:
        low, high = m.range
        closing = ")" if high == float("inf") else "]"
        best = "--" if m.best is None else _bound(m.best)
        lines += [f"   * - :doc:`{m.alias}`", f"     - ``{m.name}``", f"     - {m.description}",
                  f"     - [{_bound(low)}, {_bound(high)}{closing}", f"     - {best}"]
    return lines


def _toctree(content):
    return [".. toctree::", "   :maxdepth: 1", ""] + [f"   {m.alias}" for m in _registry.ALL_METRICS]


def _methods(content):
    members = [m.name for m in _registry.ALL_METRICS] + [
        name.strip() for line in content for name in line.split(",") if name.strip()]
    # one entry each, in this order: the metrics in registry order, then the others
    return [".. autoclass:: ClassificationMetric", ""] + [
        f"   .. automethod:: {name}" for name in members]


def _aliases(content):
    pairs = ", ".join(f"``{m.alias}`` = ``{m.name}``" for m in _registry.ALL_METRICS)
    return [f"Short aliases: {pairs}."]


def _functions(content):
    return [f".. autofunction:: {m.name}" for m in _registry.ALL_METRICS]


LISTS = {"table": _table, "toctree": _toctree, "methods": _methods, "aliases": _aliases,
         "functions": _functions}


class Registry(Directive):
    required_arguments = 1
    has_content = True

    def run(self):
        lines = LISTS[self.arguments[0]](list(self.content))
        node = nodes.Element()
        source = self.state.document.current_source
        self.state.nested_parse(StringList(lines, source), self.content_offset, node)
        return node.children


def setup(app):
    app.add_directive("registry", Registry)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
