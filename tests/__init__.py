"""The test suite of permetrics_lite (a package, so helpers import as ``tests.helpers``)."""
