"""The Sphinx documentation builds with warnings as errors, covers every metric and
reads offline: its pages load nothing from another host and their math is MathML."""

import gc
import re
from html.parser import HTMLParser
from pathlib import Path
from types import SimpleNamespace

import pytest
from sphinx.cmd import build

from permetrics_lite.metrics import registry as _registry

DOCS = Path(__file__).resolve().parent.parent / "docs"


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """The HTML docs, built once for this module (``status`` 0: no warning)."""
    out = tmp_path_factory.mktemp("html")
    # the build's documents live until it ends: no collection walks them, several times
    gc.disable()
    try:
        status = build.build_main(["-W", "--keep-going", "-q", "-b", "html", str(DOCS), str(out)])
    finally:
        gc.enable()
    return SimpleNamespace(status=status, out=out, pages=sorted(out.rglob("*.html")))


def test_docs_build_without_warnings_and_list_exactly_the_registry(built):
    assert built.status == 0
    tmp_path = built.out
    # the metric index links every metric's page, and nothing else
    index = (tmp_path / "metrics" / "index.html").read_text(encoding="utf-8")
    assert set(re.findall(r'href="([A-Za-z0-9]+)\.html"', index)) == {
        m.alias for m in _registry.ALL_METRICS}
    api = (tmp_path / "api.html").read_text(encoding="utf-8")
    for metric in _registry.ALL_METRICS:  # each method and functional form documented
        assert f'id="permetrics_lite.ClassificationMetric.{metric.name}"' in api
        assert f'id="permetrics_lite.{metric.name}"' in api


def test_the_metric_pages_are_the_registry():
    pages = {path.stem for path in (DOCS / "metrics").glob("*.rst")} - {"index"}
    assert pages == {m.alias for m in _registry.ALL_METRICS}


@pytest.mark.parametrize("metric", _registry.ALL_METRICS, ids=lambda m: m.alias)
def test_every_metric_has_a_page_with_definition_example_and_pitfalls(metric):
    page = (DOCS / "metrics" / f"{metric.alias}.rst").read_text(encoding="utf-8")
    for section in ("Definition", "Parameters", "Properties", "Pitfalls", "Example"):
        assert f"\n{section}\n" in page, section
    assert ".. math::" in page and ">>> " in page and metric.name in page


class _Page(HTMLParser):
    """The addresses a page loads (script src, link href) and the text of its
    headings and bold passages."""

    MARKED = {"h1", "h2", "h3", "h4", "h5", "h6", "strong"}

    def __init__(self, text):
        super().__init__(convert_charrefs=True)
        self.loads, self.marked, self._open = [], [], []
        self.feed(text)
        self.close()

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "script" and attrs.get("src"):
            self.loads.append(attrs["src"])
        if tag == "link" and attrs.get("href"):
            self.loads.append(attrs["href"])
        if tag in self.MARKED:
            self._open.append([tag, ""])

    def handle_endtag(self, tag):
        if tag in self.MARKED and self._open and self._open[-1][0] == tag:
            self.marked.append(tuple(self._open.pop()))

    def handle_data(self, data):
        for element in self._open:
            element[1] += data


def test_no_page_loads_a_script_or_stylesheet_from_another_host(built):
    assert built.pages
    remote = re.compile(r"^\s*(?:[a-z][a-z0-9+.-]*:|//)", re.IGNORECASE)
    for page in built.pages:
        text = page.read_text(encoding="utf-8")
        loads = [url for url in _Page(text).loads if remote.match(url)]
        assert not loads, (page.relative_to(built.out), loads)
        assert not re.search(r"<(?:script|link)\b[^>]*(?:https?:)?//cdn", text, re.IGNORECASE)
        assert "mathjax" not in text.lower(), page.relative_to(built.out)
    for sheet in (built.out / "_static").rglob("*.css"):  # nor fetches a font or sheet
        css = sheet.read_text(encoding="utf-8")
        assert not re.search(r"(?:url\(|@import)\s*['\"]?\s*(?:https?:)?//", css), sheet.name


def test_math_is_mathml_written_at_build_time(built):
    mcc = (built.out / "metrics" / "MCC.html").read_text(encoding="utf-8")
    # the display formula: a fraction over a square root, laid out as MathML
    assert re.search(r'<math xmlns="http://www.w3.org/1998/Math/MathML" display="block">'
                     r".*<mfrac>.*<msqrt>", mcc, re.DOTALL)
    assert '<math xmlns="http://www.w3.org/1998/Math/MathML" display="inline">' in mcc
    for tex in ("\\frac", "\\sqrt", "\\operatorname", "\\(", "\\["):
        assert tex not in mcc, tex
    for page in built.pages:  # every math container holds MathML with no TeX left in it
        text = page.read_text(encoding="utf-8")
        containers = re.findall(
            r'<(span|div) class="math notranslate nohighlight"[^>]*>(.*?)</\1>', text, re.DOTALL)
        for _, content in containers:
            assert "<math " in content, (page.relative_to(built.out), content[:200])
        for formula in re.findall(r"<math\b.*?</math>", text, re.DOTALL):
            assert "\\" not in formula, (page.relative_to(built.out), formula[:200])


def test_no_literal_backtick_in_a_heading_or_bold_text(built):
    for page in built.pages:
        marked = _Page(page.read_text(encoding="utf-8")).marked
        bad = [(tag, text.strip()) for tag, text in marked if "`" in text]
        assert not bad, (page.relative_to(built.out), bad)


def test_the_docs_cite_no_spec_section():
    build_dirs = [DOCS / "_build"]
    for path in DOCS.rglob("*"):
        if path.is_file() and not any(d in path.parents for d in build_dirs):
            assert not re.search(rb"SPEC\s*\xc2\xa7", path.read_bytes()), path.relative_to(DOCS)


def test_quickstart_installs_from_a_checkout_and_the_footer_names_the_authors(built):
    quickstart = (DOCS / "quickstart.rst").read_text(encoding="utf-8")
    assert "\n    pip install .\n" in quickstart
    assert '\n    pip install ".[plot]"\n' in quickstart
    assert "pip install permetrics_lite" not in quickstart  # not on a package index
    footer = (built.out / "index.html").read_text(encoding="utf-8")
    assert "the permetrics_lite authors" in footer
