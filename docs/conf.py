"""Sphinx configuration of the permetrics_lite documentation."""

import os
import sys

sys.path.insert(0, os.path.abspath(".."))
sys.path.insert(0, os.path.abspath("_ext"))

import permetrics_lite  # noqa: E402

project = "permetrics_lite"
author = "the permetrics_lite authors"
copyright = "2026, the permetrics_lite authors"
release = version = permetrics_lite.__version__
extensions = ["sphinx.ext.autodoc", "sphinx.ext.napoleon",
              "registry",  # _ext/registry.py: the metric lists, from the registry
              "mathml"]  # _ext/mathml.py: the math, as MathML written at build time
# Math is rendered when the docs build, so the pages need no network to show it.
# MathJax (Sphinx's default) loads from a CDN, and a copy to serve with the pages
# would have to come from pip: the one packaging of it there is unmaintained since
# 2022 and adds 24 MB to every build. sphinx.ext.imgmath needs LaTeX and dvipng or
# dvisvgm, which pip cannot install. So _ext/mathml.py converts the TeX to MathML
# with latex2mathml (pure Python, in the test and docs extras), which browsers lay
# out natively without any script or web font; tests/test_docs.py checks that no
# page loads anything from another host and that no raw TeX is left.
html_math_renderer = "mathml"
napoleon_google_docstring = False
napoleon_use_rtype = False
autodoc_member_order = "bysource"
exclude_patterns = ["_build"]
html_theme = "alabaster"
