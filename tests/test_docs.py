"""The Sphinx documentation builds with warnings as errors and covers every metric."""

from pathlib import Path

import pytest
from sphinx.cmd import build

from permetrics_lite import _registry

DOCS = Path(__file__).resolve().parent.parent / "docs"


def test_docs_build_without_warnings(tmp_path):
    status = build.build_main(["-W", "--keep-going", "-q", "-b", "html", str(DOCS), str(tmp_path)])
    assert status == 0
    assert (tmp_path / "metrics" / "PCA.html").exists()


@pytest.mark.parametrize("metric", _registry.ALL_METRICS, ids=lambda m: m.alias)
def test_every_metric_has_a_page_with_definition_example_and_pitfalls(metric):
    page = (DOCS / "metrics" / f"{metric.alias}.rst").read_text(encoding="utf-8")
    for section in ("Definition", "Parameters", "Properties", "Pitfalls", "Example"):
        assert f"\n{section}\n" in page, section
    assert ".. math::" in page and ">>> " in page and metric.name in page
