"""Tests written for the surviving mutants (.ci/mutation) of the checks of counts,
confusion matrices and scores: ``check_counts`` (stats/counts.py),
``check_confusion_matrix``, ``exact_total`` and ``merged_options``
(validation/tallies.py), ``check_scores`` and ``_binary_classes``
(validation/scores.py). Each expected value is built by hand or counted in the test.

This module imports neither polars nor DuckDB, so its cases run under mutmut
(tests/conftest.py leaves out the modules that import them, tests/test_mutants_counts.py
among them)."""

from decimal import Decimal

import numpy as np
import pandas as pd
import pytest

from permetrics_lite import ClassificationMetric


def objects(*values):
    """A column of Python objects, as they are."""
    column = np.empty(len(values), dtype=object)
    column[:] = values
    return column


def counted(counts):
    """Two rows, (0, 0) and (1, 0), counted ``counts`` times."""
    frame = pd.DataFrame({"y_true": [0, 1], "y_pred": [0, 0], "n": counts})
    return ClassificationMetric.from_counts(frame, count="n")


# check_counts ---------------------------------------------------------------------------

def test_an_object_float_count_beyond_2_53_is_refused():
    big = 2.0**60  # a float that is the rounding of 2**60 + 1 as much as of 2**60
    with pytest.raises(ValueError) as raised:
        counted(objects(1, big))
    assert type(raised.value).__name__ == "InputError"
    assert str(raised.value).startswith(
        f"count='n' has 1 float value(s) beyond 2**53 - 1 (e.g. {big!r} at row 1), where a "
        "float may be the rounding of another integer;")


def test_the_largest_safe_object_float_is_a_count():
    largest = 2**53 - 1
    cm = counted(objects(float(largest), Decimal(1)))
    assert cm.n_samples == largest + 1
    assert cm.CM().tolist() == [[largest, 0], [1, 0]]


def test_object_integers_beyond_int64_overflow_with_their_total():
    counts = (2**64 + 1, 2)  # no int64 holds the first
    with pytest.raises(OverflowError) as raised:
        counted(objects(*counts))
    assert str(raised.value) == (
        f"count='n' counts {sum(counts)} samples in all, more than the 2**63 - 1 that int64 "
        "counts hold; divide the counts (every ratio metric is unchanged).")


def test_int64_counts_totalling_exactly_int64_max_are_accepted():
    counts = [2**62, 2**62 - 1]  # 2**63 - 1 in all
    cm = counted(np.array(counts, dtype=np.int64))
    assert cm.n_samples == 2**63 - 1
    assert cm.CM().tolist() == [[counts[0], 0], [counts[1], 0]]
