"""Uncertainty and comparison: confidence intervals, the bootstrap, groups, paired
tests, and evaluations of counted rows."""
