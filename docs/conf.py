"""Sphinx configuration of the permetrics_lite documentation."""

import os
import sys

sys.path.insert(0, os.path.abspath(".."))
sys.path.insert(0, os.path.abspath("_ext"))

import permetrics_lite  # noqa: E402

project = "permetrics_lite"
author = "The permetrics_lite developers"
release = version = permetrics_lite.__version__
extensions = ["sphinx.ext.autodoc", "sphinx.ext.napoleon", "sphinx.ext.mathjax",
              "registry"]  # _ext/registry.py: the metric lists, from the registry
napoleon_google_docstring = False
napoleon_use_rtype = False
autodoc_member_order = "bysource"
exclude_patterns = ["_build"]
html_theme = "alabaster"
