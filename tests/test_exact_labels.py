"""Labels of mixed integer types stay exact: in construction, a + b, from_batches, from_dask.

uint64 values at or above 2**63 next to int64 or negative labels, Python
integers beyond 64 bits, booleans with integers (True is 1) and integral
floats: no label may be rounded through a float, wrap to another class's
code, or lose a sample. Labels that do not compare (bytes against strings)
raise a TypeError naming both arguments.

The oracle is a plain per-sample loop over Python values: the classes are
the sorted set of the labels as Python integers, and the matrix counts each
(true, pred) pair.
"""

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from permetrics_lite import ClassificationMetric
from tests.helpers import plain_id

BIG = 2**63  # the first uint64 value that int64 cannot hold

# dtype -> the values an array of that dtype draws from (extremes included)
POOLS = {
    np.uint64: [0, 1, 5, BIG, BIG + 1, 2**64 - 1],
    np.int64: [-(2**63), -1, 0, 1, 5, 2**63 - 1],
    np.int8: [-128, -1, 0, 1, 127],
    np.uint8: [0, 1, 5, 255],
    bool: [False, True],
    object: [-(2**70), -1, 0, 1, BIG, 2**70],  # Python integers, some beyond 64 bits
    np.float64: [-(2.0**64), -1.0, 0.0, 1.0, 2.0**63, 2.0**66],  # integral floats
}


def brute_force(y_true, y_pred):
    """Sorted classes (Python ints) and the confusion matrix, one sample at a time."""
    pairs = [(int(t), int(p)) for t, p in zip(y_true, y_pred)]  # exact; True is 1
    classes = sorted({label for pair in pairs for label in pair})
    at = {label: i for i, label in enumerate(classes)}
    matrix = np.zeros((len(classes), len(classes)), dtype=np.int64)
    for t, p in pairs:
        matrix[at[t], at[p]] += 1
    return classes, matrix


def assert_exact(cm, y_true, y_pred):
    classes, matrix = brute_force(list(y_true), list(y_pred))
    labels = cm.labels.tolist()
    assert all(isinstance(label, int) for label in labels)  # never a float
    assert [int(label) for label in labels] == classes
    np.testing.assert_array_equal(cm.CM(), matrix)
    assert cm.n_samples == len(y_true)
    assert cm.AS(normalize=False) == int(np.trace(matrix))


def _array(values, dtype):
    if dtype is object:
        array = np.empty(len(values), dtype=object)
        array[:] = values
        return array
    return np.array(values, dtype=dtype)


HAND_MADE = {
    "uint64 beyond int64 against negatives": (
        np.array([BIG, 2**64 - 1, BIG, 7], dtype=np.uint64), np.array([-1, 5, BIG - 1, 7])),
    "uint64 beyond int64 against int64": (
        np.array([BIG, 2**64 - 1, 0], dtype=np.uint64), np.array([BIG - 1, 0, 0])),
    "uint64 in range against negatives": (
        np.array([3, 2, 1], dtype=np.uint64), np.array([-1, 2, 1])),
    "uint64 beyond int64 against int8": (
        np.array([BIG, 1], dtype=np.uint64), np.array([-1, 1], dtype=np.int8)),
    "booleans against integers": (np.array([True, False, True, True]), np.array([1, 2, 0, -3])),
    "booleans against uint64 beyond int64": (
        np.array([True, False]), np.array([BIG, 0], dtype=np.uint64)),
    "Python integers beyond 64 bits": ([2**70, -(2**70), 1], [2**70, 3, 1]),
    "Python integers beyond 64 bits against uint64": (
        [2**64, -1, BIG], np.array([2**64 - 1, 0, BIG], dtype=np.uint64)),
    "a list with int64 minimum and uint64 values": ([-(2**63), BIG], [BIG, BIG]),
    "integral floats beyond 2**53 against integers": (
        np.array([2.0**60, 2.0**63, 2.0**64]), np.array([2**60 + 1, 2**60, 0], dtype=object)),
}


@pytest.mark.parametrize("y_true, y_pred", HAND_MADE.values(), ids=HAND_MADE.keys())
class TestHandMade:
    def test_construction(self, y_true, y_pred):
        assert_exact(ClassificationMetric(y_true, y_pred), y_true, y_pred)

    def test_with_labels(self, y_true, y_pred):
        classes, _ = brute_force(list(y_true), list(y_pred))
        cm = ClassificationMetric(y_true, y_pred, labels=classes[::-1])
        assert [int(label) for label in cm.labels.tolist()] == classes[::-1]
        np.testing.assert_array_equal(cm.CM()[::-1, ::-1], brute_force(y_true, y_pred)[1])

    def test_merged(self, y_true, y_pred):
        # each side of a + b holds one argument's labels only
        left = ClassificationMetric(y_true, y_true)
        right = ClassificationMetric(y_pred, y_pred)
        both = list(y_true) + list(y_pred)
        assert_exact(left + right, both, both)
        assert_exact(ClassificationMetric.from_batches([(y_true, y_true), (y_pred, y_pred)]),
                     both, both)



NUMPY_CASES = {name: case for name, case in HAND_MADE.items()
               if all(isinstance(y, np.ndarray) and y.dtype.kind != "O" for y in case)}


@pytest.mark.parametrize("y_true, y_pred", NUMPY_CASES.values(), ids=NUMPY_CASES.keys())
def test_dask_blocks_of_mixed_types(y_true, y_pred):
    da = pytest.importorskip("dask.array")
    # one sample per block: blocks hold labels of different ranges, so the
    # evaluations being added up differ in dtype (int64, uint64, Python ints)
    cm = ClassificationMetric.from_dask(da.from_array(y_true, chunks=1),
                                        da.from_array(y_pred, chunks=2))
    assert_exact(cm, y_true, y_pred)


@st.composite
def mixed_problems(draw):
    """Two label arrays of random integer-like dtypes, drawn from their extreme values."""
    n = draw(st.integers(2, 30))
    arrays = []
    for _ in range(2):
        dtype = draw(st.sampled_from(list(POOLS)))
        values = draw(st.lists(st.sampled_from(POOLS[dtype]), min_size=n, max_size=n))
        arrays.append(_array(values, dtype))
    split = draw(st.integers(1, n - 1))
    return arrays[0], arrays[1], split


@given(mixed_problems())
def test_mixed_integer_types_against_a_loop(problem):
    y_true, y_pred, split = problem
    assert_exact(ClassificationMetric(y_true, y_pred), y_true, y_pred)


@given(mixed_problems())
def test_merged_mixed_integer_types_against_a_loop(problem):
    y_true, y_pred, split = problem
    # the first part pairs y_true with itself and the second y_pred with itself,
    # so the two evaluations being added hold labels of different dtypes
    first, second = y_true[:split], y_pred[split:]
    both = list(first) + list(second)
    merged = ClassificationMetric(first, first) + ClassificationMetric(second, second)
    assert_exact(merged, both, both)
    assert_exact(ClassificationMetric.from_batches([(first, first), (second, second)]),
                 both, both)


@pytest.mark.parametrize("y_true, y_pred, kwargs, message", [
    (np.array([b"a", b"b"]), np.array(["a", "b"]), {},
     r"y_pred has string labels \(e.g. 'a'\) but y_true has bytes labels \(e.g. b'a'\)"),
    (["a", "b"], [b"a", b"b"], {},
     r"y_true has string labels \(e.g. 'a'\) but y_pred has bytes labels \(e.g. b'a'\)"),
    ([b"a", b"b"], [b"a", b"b"], {"labels": ["a", "b"]},
     r"labels has string labels \(e.g. 'a'\) but y_true has bytes labels \(e.g. b'a'\)"),
    ([b"a", b"b"], [0, 1], {},
     r"y_true has bytes labels \(e.g. b'a'\) but y_pred has numeric labels \(e.g. 0\)"),
    (np.array([b"a", "b"], dtype=object), ["a", "b"], {},
     r"y_true mixes string labels \(e.g. 'b'\) with other labels \(e.g. b'a'\)"),
], ids=plain_id)
def test_labels_that_do_not_compare_are_refused(y_true, y_pred, kwargs, message):
    with pytest.raises(TypeError, match=message):
        ClassificationMetric(y_true, y_pred, **kwargs)


def test_bytes_and_strings_do_not_merge():
    with pytest.raises(TypeError, match=r"cannot add evaluations with bytes labels and string "
                                        r"labels \(\[b'a'\] and \['a'\]\)"):
        ClassificationMetric([b"a"], [b"a"]) + ClassificationMetric(["a"], ["a"])
    with pytest.raises(TypeError, match=r"cannot add evaluations with string labels and bytes"):
        ClassificationMetric.from_batches([(["a"], ["a"]), ([b"a"], [b"a"])])


def test_bytes_labels_are_evaluated():
    y_true, y_pred = [b"cat", b"dog", b"cat"], [b"cat", b"cat", b"cat"]
    cm = ClassificationMetric(np.array(y_true), np.array(y_pred))
    assert cm.labels.tolist() == [b"cat", b"dog"]
    assert cm.CM().tolist() == [[2, 0], [1, 0]]


def test_scores_with_mixed_integer_types_against_a_loop():
    y_true = np.array([BIG, 5, BIG, 5], dtype=np.uint64)
    scores = np.array([[0.1, 0.2, 0.7], [0.5, 0.4, 0.1], [0.3, 0.6, 0.1], [0.2, 0.5, 0.3]])
    labels = [-1, 5, BIG]  # int64 cannot hold BIG, uint64 cannot hold -1
    cm = ClassificationMetric.from_scores(y_true, scores, labels=labels)
    predicted = [labels[int(np.argmax(row))] for row in scores]
    assert cm.labels.tolist() == labels
    assert_exact(cm, y_true, predicted)
