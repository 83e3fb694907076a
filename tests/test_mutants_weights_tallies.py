"""Tests written for the surviving mutants (.ci/mutation) of validation/tallies.py and
validation/weights.py: ``in_part``, which names the batch (or block) of many that an
error came from. Each expected message is written out by hand.

This module imports neither polars nor DuckDB, so its cases run under mutmut
(tests/conftest.py leaves out the modules that import them)."""

import pytest

from permetrics_lite import ClassificationMetric

CM = ClassificationMetric


class Unreadable:
    """A sequence of two labels whose reading fails with an error of its own, not one of
    the library's: ``error`` raised with ``message``."""

    def __init__(self, error, message):
        self.error, self.message = error, message

    def __len__(self):
        return 2

    def __iter__(self):
        raise self.error(self.message)

    def __getitem__(self, position):
        raise self.error(self.message)

    def __array__(self, dtype=None, copy=None):
        raise self.error(self.message)


# in_part ----------------------------------------------------------------------------------

@pytest.mark.parametrize("error", [ValueError, TypeError])
def test_a_plain_error_of_one_batch_keeps_its_type_and_message_after_the_batch_number(error):
    # not an InputError: the caller's own error, its text kept after "batch 1: "
    batches = [([0, 1], [0, 1]), (Unreadable(error, "the labels cannot be read"), [0, 1])]
    with pytest.raises(error) as raised:
        CM.from_batches(batches)
    assert type(raised.value) is error
    assert str(raised.value) == "batch 1: the labels cannot be read"
