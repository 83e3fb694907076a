"""The Sphinx documentation builds with warnings as errors and covers every metric."""

import re
from pathlib import Path

import pytest
from sphinx.cmd import build

from permetrics_lite import _registry

DOCS = Path(__file__).resolve().parent.parent / "docs"


def test_docs_build_without_warnings_and_list_exactly_the_registry(tmp_path):
    status = build.build_main(["-W", "--keep-going", "-q", "-b", "html", str(DOCS), str(tmp_path)])
    assert status == 0
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
