"""Tests written for the surviving mutants (.ci/mutation) of validation/tallies.py and
validation/weights.py: ``in_part``, which names the batch (or block) of many that an
error came from; ``check_sample_weight``, which searches weights whose sum overflows for a
bad one; ``_real_numbers``, which takes object booleans and mixed ints and floats as
numbers and names the first value of a refused array. Each expected message and matrix
is written out by hand.

This module imports neither polars nor DuckDB, so its cases run under mutmut
(tests/conftest.py leaves out the modules that import them)."""

import decimal

import numpy as np
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


# check_sample_weight ----------------------------------------------------------------------

@pytest.mark.parametrize("small", [0.0, 0.5])
def test_a_small_weight_beside_weights_whose_sum_overflows_is_kept(small):
    # 1e308 + 1e308 overflows float64: the weights are searched for a bad one, and a
    # weight of 0 (or below 1) is none
    cm = CM([0, 1, 1], [0, 1, 0], sample_weight=[small, 1e308, 1e308])
    # rows true, columns predicted: (0, 0) weighs small, (1, 1) and (1, 0) 1e308 each
    assert cm.CM().tolist() == [[small, 0.0], [1e308, 1e308]]


# _real_numbers ----------------------------------------------------------------------------

def test_weights_of_durations_name_the_first_duration():
    with pytest.raises(TypeError) as raised:
        CM([0, 1], [0, 1], sample_weight=np.array([1, 2], dtype="timedelta64[s]"))
    assert type(raised.value).__name__ == "InputTypeError"
    assert str(raised.value) == (
        "sample_weight must be numeric (real numbers); got dtype timedelta64[s] (e.g. "
        "datetime.timedelta(seconds=1)). Convert text with pd.to_numeric; complex numbers, "
        "dates and durations are not weights.")


@pytest.mark.parametrize("weights, as_floats", [
    ([True, False, True], [1.0, 0.0, 1.0]),  # booleans: True weighs 1
    ([1, 0.5, 2], [1.0, 0.5, 2.0]),  # Python ints among floats
    ([True, 1, 3], [1.0, 1.0, 3.0]),  # booleans among ints ("mixed-integer" to pandas)
    ([np.True_, np.int64(2), 0.5], [1.0, 2.0, 0.5]),  # among ints and floats ("mixed")
    ([False, np.float32(1.5), True], [0.0, 1.5, 1.0]),  # among numpy floats ("mixed")
])
def test_object_weights_of_booleans_or_of_ints_and_floats_are_numbers(weights, as_floats):
    column = np.empty(3, dtype=object)
    column[:] = weights
    cm = CM([0, 1, 1], [0, 1, 0], sample_weight=column)
    w = as_floats  # rows true, columns predicted, summed by hand
    assert cm.CM().tolist() == [[w[0], 0.0], [w[2], w[1]]]


@pytest.mark.parametrize("weights, example", [
    ([True, "a", 1], "'a'"),  # text beside a boolean and an int ("mixed-integer")
    ([True, 1.5, "b"], "'b'"),  # beside a float ("mixed")
    ([1, decimal.Decimal("2"), True], "Decimal('2')"),  # a number that is no float
])
def test_object_weights_mixing_numbers_with_others_name_the_other(weights, example):
    column = np.empty(3, dtype=object)
    column[:] = weights
    with pytest.raises(TypeError) as raised:
        CM([0, 1, 1], [0, 1, 0], sample_weight=column)
    assert type(raised.value).__name__ == "InputTypeError"
    assert str(raised.value).startswith(
        f"sample_weight must be numeric (real numbers); got dtype object (e.g. {example}).")
