"""The encoding and tallying of permetrics_lite.core.tally, one function at a time.

The oracle of every tally is a loop over the samples written in this file; the
oracle of every encoding is the sorted set of labels (or the order given).
The limits that select the paths (chunk size, dense limit) are the library's
constants, so each path is reached with small inputs where a test can pick it.
"""

import numpy as np
import pytest
from sklearn import metrics as skm

from permetrics_lite.core import tally as C
from permetrics_lite.core.tally import Cells, Tallies


def loop_matrix(true_codes, pred_codes, n_classes, weight=None):
    """The confusion matrix by a loop over samples, adding in sample order."""
    matrix = [[0] * n_classes for _ in range(n_classes)] if weight is None else \
        [[0.0] * n_classes for _ in range(n_classes)]
    for i, (t, p) in enumerate(zip(true_codes.tolist(), pred_codes.tolist())):
        matrix[t][p] += 1 if weight is None else float(weight[i])
    return np.array(matrix)


def assert_tallies_of(tallies, matrix):
    """The per-class tallies equal those of ``matrix`` (rows true, columns predicted)."""
    matrix = np.asarray(matrix)
    assert tallies.tp.tolist() == [matrix[k, k] for k in range(len(matrix))]
    assert tallies.support.tolist() == matrix.sum(axis=1).tolist()
    assert tallies.predicted.tolist() == matrix.sum(axis=0).tolist()
    assert tallies.total == matrix.sum()
    assert tallies.correct == sum(matrix[k, k] for k in range(len(matrix)))


# --------------------------------------------------------------------------
# Tallies and their derived counts
# --------------------------------------------------------------------------


def test_tallies_one_vs_rest_counts():
    t = Tallies(np.array([2, 1]), np.array([3, 2]), np.array([4, 1]), 5, 3)
    # fp = predicted - tp, fn = support - tp, tn = total - tp - fp - fn = [5 - 5, 5 - 2]
    assert t.fp.tolist() == [2, 0] and t.fn.tolist() == [1, 1] and t.tn.tolist() == [0, 3]
    assert t.matrix is None and t.negatives is None and t.cells is None


def test_tallies_weighted_tn_drops_only_residues_of_rounding():
    # tn = total - tp - fp - fn; below 1e-12 of the total it is rounding noise
    t = Tallies(np.array([0.5]), np.array([0.5]), np.array([0.5]), 0.5 + 1e-13, 0.5)
    assert t.tn.tolist() == [0.0]  # about 1e-13 < 1e-12 * total
    t = Tallies(np.array([0.5]), np.array([0.5]), np.array([0.5]), 0.5 + 1e-12, 0.5)
    assert t.tn.tolist() == [(0.5 + 1e-12) - 0.5]  # about 1e-12 >= 1e-12 * total: kept
    t = Tallies(np.array([1.0]), np.array([1.0]), np.array([1.0]), 1.0, 1.0,
                negatives=np.array([0.25]))
    assert t.tn.tolist() == [0.25]


def test_code_dtype_is_the_smallest_unsigned_type():
    assert C.code_dtype(0) == np.uint8
    assert C.code_dtype(1) == np.uint8
    assert C.code_dtype(256) == np.uint8  # codes 0..255
    assert C.code_dtype(257) == np.uint16
    assert C.code_dtype(65537) == np.uint32


def test_steps_cover_the_samples_in_chunks():
    assert C._steps(0) == []
    assert C._steps(5) == [slice(0, C.CHUNK)]
    assert C._steps(C.CHUNK + 1) == [slice(0, C.CHUNK), slice(C.CHUNK, 2 * C.CHUNK)]
    # never smaller than the cells of the tally it adds to
    assert C._steps(C.CHUNK + 1, cells=C.CHUNK + 5) == [slice(0, C.CHUNK + 5)]


# --------------------------------------------------------------------------
# Encoding
# --------------------------------------------------------------------------


def test_build_integers_over_a_range_drops_absent_values():
    true, pred = np.array([5, 9, 5, 7]), np.array([5, 5, 9, 9])
    classes, t, p, tallies = C.build(true, pred)
    assert classes.tolist() == [5, 7, 9]
    assert t.tolist() == [0, 2, 0, 1] and p.tolist() == [0, 0, 2, 2]
    assert_tallies_of(tallies, loop_matrix(t, p, 3))
    assert tallies.matrix.tolist() == loop_matrix(t, p, 3).tolist()


def test_build_keeps_a_label_whose_only_samples_weigh_zero():
    true, pred = np.array([0, 3, 0, 1]), np.array([0, 3, 1, 1])
    weight = np.array([1.0, 0.0, 2.0, 0.5])
    classes, t, p, tallies = C.build(true, pred, weight=weight)
    assert classes.tolist() == [0, 1, 3]  # 3 occurs, with weight 0; 2 does not occur
    assert_tallies_of(tallies, loop_matrix(t, p, 3, weight))
    assert tallies.support.dtype == np.float64


def test_build_with_given_classes_keeps_their_order_and_absent_ones():
    true, pred = np.array(["b", "a", "b"]), np.array(["a", "a", "b"])
    classes, t, p, tallies = C.build(true, pred, classes=np.array(["c", "b", "a"]))
    assert classes.tolist() == ["c", "b", "a"]
    assert t.tolist() == [1, 2, 1] and p.tolist() == [2, 2, 1]
    assert_tallies_of(tallies, loop_matrix(t, p, 3))


def test_build_hashed_labels_are_sorted():
    true, pred = np.array(["z", "b", "m"], dtype=object), np.array(["b", "b", "q"], dtype=object)
    classes, t, p, tallies = C.build(true, pred)
    assert classes.tolist() == ["b", "m", "q", "z"]
    assert t.tolist() == [3, 0, 1] and p.tolist() == [0, 0, 2]
    assert t.dtype == np.uint8 and p.dtype == np.uint8


def test_build_booleans():
    classes, t, p, tallies = C.build(np.array([True, True]), np.array([True, False]))
    assert classes.dtype == bool and classes.tolist() == [False, True]
    assert t.tolist() == [1, 1] and p.tolist() == [1, 0]
    classes, t, p, _ = C.build(np.array([True, True]), np.array([True, True]))
    assert classes.tolist() == [True] and t.tolist() == [0, 0]


def test_build_integers_with_booleans_are_numbers():
    classes, t, p, _ = C.build(np.array([True, False]), np.array([2, 0]))
    assert classes.tolist() == [0, 1, 2] and t.tolist() == [1, 0] and p.tolist() == [2, 0]


def test_encode_range_offsets_negative_and_large_integers():
    true = np.array([-3, 4, -3], dtype=np.int8)
    pred = np.array([4, 4, 0], dtype=np.int8)
    classes, t, p, complete = C.encode(true, pred)
    assert not complete and classes.dtype == np.int8
    assert classes.tolist() == list(range(-3, 5))
    assert t.tolist() == [0, 7, 0] and p.tolist() == [7, 7, 3]
    # int64 values far from zero: the difference stays exact
    base = 2**62
    classes, t, p, _ = C.encode(np.array([base + 2, base]), np.array([base, base + 1]))
    assert classes.tolist() == [base, base + 1, base + 2] and t.tolist() == [2, 0] and p.tolist() == [0, 1]


def test_encode_range_span_limit():
    # a span of at most max(2**16, 2N) values is a range; beyond it labels are hashed
    wide = np.array([0, C._LOOKUP_SPAN - 1])
    classes, _, _, complete = C.encode(wide, wide)
    assert not complete and len(classes) == C._LOOKUP_SPAN
    wider = np.array([0, C._LOOKUP_SPAN])
    classes, _, _, complete = C.encode(wider, wider)
    assert complete and classes.tolist() == [0, C._LOOKUP_SPAN]
    # with N samples the span may reach 2N
    n = C._LOOKUP_SPAN
    values = np.zeros(n, dtype=np.int64)
    values[-1] = 2 * n - 1
    assert not C.encode(values, values)[3]
    values[-1] = 2 * n
    assert C.encode(values, values)[3]


def test_encode_uint64_beyond_int64_is_hashed():
    big = np.array([2**64 - 1, 3], dtype=np.uint64)
    classes, t, p, complete = C.encode(big, np.array([3, 3], dtype=np.uint64))
    assert complete and classes.tolist() == [3, 2**64 - 1]
    assert t.tolist() == [1, 0] and p.tolist() == [0, 0]


def test_encode_uint64_within_int64_mixes_with_signed():
    classes, t, p, complete = C.encode(np.array([2, 5], dtype=np.uint64), np.array([-1, 2]))
    assert not complete and classes.tolist() == list(range(-1, 6))
    assert t.tolist() == [3, 6] and p.tolist() == [0, 3]


def test_encode_uint64_at_the_int64_maximum_mixes_with_signed():
    # 2**63 - 1 still converts to int64: a float would merge it with 2**63 - 2
    top = 2**63 - 1
    classes, t, p, complete = C.encode(np.array([top], dtype=np.uint64), np.array([top - 1]))
    assert classes.tolist() == [top - 1, top] and t.tolist() == [1] and p.tolist() == [0]
    assert not complete


def test_encode_large_uint64_beside_signed_stays_exact():
    base = 2**62  # base + 1 has no float64: the codes are computed in int64
    classes, t, p, _ = C.encode(np.array([base + 1], dtype=np.uint64), np.array([base]))
    assert classes.dtype == np.int64 and classes.tolist() == [base, base + 1]
    assert t.tolist() == [1] and p.tolist() == [0]


def test_encode_booleans_always_gives_both_classes():
    # the range of booleans is False..True even when one never occurs; build() drops it
    classes, t, p, complete = C.encode(np.array([True, True]), np.array([True, True]))
    assert classes.tolist() == [False, True] and not complete
    assert t.tolist() == [1, 1] and p.tolist() == [1, 1]
    classes, t, p, _ = C.encode(np.array([False]), np.array([False]))
    assert classes.tolist() == [False, True] and t.tolist() == [0] and p.tolist() == [0]


def test_encode_booleans_count_as_uint8_beside_signed_bytes():
    # booleans are the uint8 values 0 and 1: with int8 labels the classes take numpy's
    # common type of uint8 and int8
    classes, t, p, _ = C.encode(np.array([True, False]), np.array([-1, 2], dtype=np.int8))
    assert classes.dtype == np.result_type(np.uint8, np.int8)
    assert classes.tolist() == [-1, 0, 1, 2] and t.tolist() == [2, 1] and p.tolist() == [0, 3]


@pytest.mark.parametrize("integers_first", [True, False], ids=["integers first", "integers second"])
def test_encode_integers_beside_other_labels_are_hashed(integers_first):
    integers, others = np.array([1, 2]), np.array([1.5, 2.0])
    true, pred = (integers, others) if integers_first else (others, integers)
    classes, t, p, complete = C.encode(true, pred)
    assert classes.tolist() == [1.0, 1.5, 2.0] and complete
    codes = {1.0: 0, 1.5: 1, 2.0: 2}
    assert t.tolist() == [codes[v] for v in true.tolist()]
    assert p.tolist() == [codes[v] for v in pred.tolist()]
    # labels held as Python objects are hashed too, whatever their values
    classes, t, p, complete = C.encode(np.array([3, 5]), np.array([5, 3], dtype=object))
    assert classes.tolist() == [3, 5] and t.tolist() == [0, 1] and p.tolist() == [1, 0]
    assert complete


def test_min_max_reads_every_chunk():
    n = C.CHUNK + 3
    true = np.full(n, 5)
    pred = np.full(n, 5)
    true[-1], pred[-2] = 9, 1  # extremes in the second chunk only
    assert C._min_max(true, pred, False) == (1, 9)
    assert C._min_max(np.array([True]), np.array([True]), True) == (0, 1)


def test_offset():
    values = np.array([7, 9], dtype=np.int64)
    assert C._offset(values, np.int64(0), np.uint8).tolist() == [7, 9]
    assert C._offset(values, np.int64(0), np.uint8).dtype == np.uint8
    out = C._offset(values, np.int64(7), np.uint8)
    assert out.dtype == np.uint8 and out.tolist() == [0, 2]


def test_offset_subtracts_in_the_common_type_of_both_arrays():
    # int8 labels beside int64 ones: 127 - (-128) = 255 does not fit int8, and codes of a
    # span of 1129 values are uint16; the difference is taken in int64
    true, pred = np.array([127], dtype=np.int8), np.array([-128, 1000])
    classes, t, p, _ = C.encode(true, pred)
    assert classes.tolist() == list(range(-128, 1001)) and t.dtype == np.uint16
    assert t.tolist() == [255] and p.tolist() == [0, 1128]


def test_encode_known_lists_unlisted_labels_sorted_once():
    classes = np.array([1, 2])
    with pytest.raises(ValueError) as error:
        C.encode_known(classes, np.array([1, 5, 3, 5]), np.array([2, 3]), where="y_somewhere")
    message = str(error.value)
    assert "[3, 5]" in message and "y_somewhere" in message


def test_encode_known_codes_across_chunks():
    n = C.CHUNK + 2
    values = np.array(["a", "b"] * (n // 2))
    (codes,) = C.encode_known(np.array(["b", "a"]), values)
    assert codes.dtype == np.uint8
    assert codes.tolist() == [1, 0] * (n // 2)


# --------------------------------------------------------------------------
# Tallying
# --------------------------------------------------------------------------


@pytest.mark.parametrize("weighted", [False, True])
def test_confusion_matrix_across_chunks_against_a_loop(weighted):
    rng = np.random.default_rng(1)
    n = 2 * C.CHUNK + 17
    true, pred = rng.integers(0, 3, n).astype(np.uint8), rng.integers(0, 3, n).astype(np.uint8)
    weight = rng.random(n) if weighted else None
    matrix = C.confusion_matrix(true, pred, 3, weight)
    assert matrix.dtype == (np.float64 if weighted else np.int64)
    expected = loop_matrix(true, pred, 3, weight)
    if weighted:
        np.testing.assert_allclose(matrix, expected, rtol=1e-11)
    else:
        assert matrix.tolist() == expected.tolist()


def test_confusion_matrix_codes_beyond_one_byte():
    # code * K overflows uint8: the flat index is computed in intp
    true, pred = np.array([255, 3], dtype=np.uint8), np.array([254, 255], dtype=np.uint8)
    matrix = C.confusion_matrix(true, pred, 256)
    assert matrix[255, 254] == 1 and matrix[3, 255] == 1 and matrix.sum() == 2


@pytest.mark.parametrize("weighted", [False, True])
def test_tally_without_a_dense_matrix_against_a_loop(weighted):
    n_classes = 2049  # K * K just above the dense limit (2**22)
    assert n_classes * n_classes > C.DENSE_LIMIT
    rng = np.random.default_rng(2)
    n = C.CHUNK + 100
    true = rng.integers(0, n_classes, n).astype(np.uint16)
    pred = np.where(rng.random(n) < 0.5, true, rng.integers(0, n_classes, n)).astype(np.uint16)
    weight = rng.random(n) if weighted else None
    t = C.tally(true, pred, n_classes, weight)
    assert t.matrix is None and t.cells is None
    hit = true == pred
    expect_tp = np.zeros(n_classes)
    expect_support, expect_predicted = np.zeros(n_classes), np.zeros(n_classes)
    for i in range(n):
        w = 1.0 if weight is None else weight[i]
        expect_support[true[i]] += w
        expect_predicted[pred[i]] += w
        if hit[i]:
            expect_tp[true[i]] += w
    np.testing.assert_allclose(t.tp, expect_tp, rtol=1e-12)
    np.testing.assert_allclose(t.support, expect_support, rtol=1e-12)
    np.testing.assert_allclose(t.predicted, expect_predicted, rtol=1e-12)
    assert t.total == pytest.approx(expect_support.sum(), rel=1e-12)
    assert t.correct == pytest.approx(expect_tp.sum(), rel=1e-12)
    assert type(t.total) is (float if weighted else int)


def test_codes_are_tallied_dense_while_the_matrix_is_small_or_the_samples_many():
    assert C.SMALL_MATRIX == 256 * 256 and C.SAMPLED_MATRIX == 512 * 512
    assert C.tallied_dense(256, 0)  # a matrix that stays in cache: always
    assert not C.tallied_dense(264, 264 * 264 // 8 - 1)  # more than 8 cells a sample
    assert C.tallied_dense(264, 264 * 264 // 8)
    assert C.tallied_dense(512, 512 * 512 // 8)
    assert not C.tallied_dense(512, 512 * 512 // 8 - 1)
    assert not C.tallied_dense(513, 10**12)  # beyond the cache: never


@pytest.mark.parametrize("weighted", [False, True])
@pytest.mark.parametrize("n_classes, n, dense", [(256, 50, True), (264, 264 * 264 // 8 - 1, False),
                                                 (264, 264 * 264 // 8, True)])
def test_tally_either_way_against_a_loop(n_classes, n, dense, weighted):
    rng = np.random.default_rng(n)
    true = rng.integers(0, n_classes, n).astype(np.uint16)
    pred = np.where(rng.random(n) < 0.5, true, rng.integers(0, n_classes, n)).astype(np.uint16)
    weight = rng.random(n) if weighted else None
    t = C.tally(true, pred, n_classes, weight)
    assert (t.matrix is not None) == dense
    matrix = np.zeros((n_classes, n_classes))
    for i in range(n):
        matrix[true[i], pred[i]] += 1.0 if weight is None else weight[i]
    # the tallied matrix, or the one built for tallies kept without the codes
    kept = C.with_matrix(t, true, pred, n_classes, weight)
    assert (kept.matrix is t.matrix) == dense
    np.testing.assert_allclose(kept.matrix, matrix, rtol=1e-12)
    np.testing.assert_allclose(t.tp, matrix.diagonal(), rtol=1e-12)
    np.testing.assert_allclose(t.support, matrix.sum(axis=1), rtol=1e-12)
    np.testing.assert_allclose(t.predicted, matrix.sum(axis=0), rtol=1e-12)
    assert type(t.total) is (float if weighted else int)


@pytest.mark.parametrize("weighted", [False, True])
def test_tallies_kept_without_codes_hold_the_matrix(weighted):
    true = np.array([0, 2047, 5, 5], dtype=np.uint16)
    pred = np.array([0, 3, 5, 5], dtype=np.uint16)
    weight = np.array([1.0, 0.5, 2.0, 0.25]) if weighted else None
    t = C.with_matrix(C.tally(true, pred, 2048, weight), true, pred, 2048, weight)
    assert t.matrix.shape == (2048, 2048) and t.cells is None  # K * K == DENSE_LIMIT: dense
    assert t.matrix[2047, 3] == (0.5 if weighted else 1) and t.matrix.sum() == t.total
    t = C.with_matrix(C.tally(true, pred, 2049, weight), true, pred, 2049, weight)
    assert t.matrix is None  # just above the limit: cells, in position order
    assert t.cells.index.tolist() == [0, 5 * 2049 + 5, 2047 * 2049 + 3]
    expected = [1.0, 2.25, 0.5] if weighted else [1, 2, 1]
    assert t.cells.count.tolist() == expected
    dense = C.from_matrix(np.eye(2))  # holding a matrix already: as it is
    assert C.with_matrix(dense, None, None, 2) is dense


def test_count_in_chunks_with_weights():
    n = C.CHUNK + 5
    codes = np.zeros(n, dtype=np.uint8)
    codes[-3:] = 2
    assert C.count(codes, 4).tolist() == [n - 3, 0, 3, 0]
    weight = np.full(n, 0.5)
    assert C.count(codes, 3, weight).tolist() == [(n - 3) / 2, 0.0, 1.5]


def test_from_matrix_dense_and_sparse():
    matrix = np.array([[3, 1], [0, 2]])
    t = C.from_matrix(matrix)
    assert_tallies_of(t, matrix)
    assert t.matrix is matrix and t.cells is None
    t.tp[0] = 99  # a copy, not a view of the diagonal
    assert matrix[0, 0] == 3
    big = np.zeros((2049, 2049), dtype=np.int64)
    big[0, 1], big[2048, 2048] = 4, 7
    t = C.from_matrix(big)
    assert t.matrix is None
    assert t.cells.index.tolist() == [1, 2048 * 2049 + 2048] and t.cells.count.tolist() == [4, 7]
    assert t.total == 11 and t.correct == 7 and type(t.total) is int


def test_materialise_keeps_the_count_type():
    cells = Cells(np.array([1, 3]), np.array([4, 7]))
    matrix = C.materialise(cells, 2)
    assert matrix.dtype == np.int64 and matrix.tolist() == [[0, 4], [0, 7]]
    weighted = C.materialise(Cells(np.array([2]), np.array([0.5])), 2)
    assert weighted.dtype == np.float64 and weighted.tolist() == [[0.0, 0.0], [0.5, 0.0]]


def test_materialisable_limit():
    assert C._materialisable(3) == 9
    limit = int(np.sqrt(C.MATERIALISE_LIMIT))  # 2**14 classes: exactly at the limit
    assert C._materialisable(limit) == C.MATERIALISE_LIMIT
    with pytest.raises(MemoryError) as error:
        C._materialisable(limit + 1)
    assert str(error.value) == (
        f"a dense confusion matrix of {limit + 1} classes has {(limit + 1) ** 2:,} cells, too "
        "many to build; use the per-class metrics or report(), which need no matrix."
    )


def test_restrict_paths():
    # dense matrix: the sub-matrix of the present classes
    true, pred = np.array([0, 2, 2]), np.array([2, 2, 0])
    counts = C.tally(true, pred, 3)
    present = np.array([True, False, True])
    restricted = C._restrict(counts, present, np.array([0, 1, 1]), np.array([1, 1, 0]), None)
    assert restricted.matrix.tolist() == [[0, 1], [1, 1]]
    # no matrix but few present classes: tallied again, with the matrix
    sparse = Tallies(counts.tp, counts.support, counts.predicted, 3, 1)
    restricted = C._restrict(sparse, present, np.array([0, 1, 1]), np.array([1, 1, 0]),
                             np.array([1.0, 2.0, 4.0]))
    assert restricted.matrix.tolist() == [[0.0, 1.0], [4.0, 2.0]]
    # still too many classes for a matrix: the present tallies only
    many = np.ones(2050, dtype=bool)
    many[1] = False
    t = Tallies(np.arange(2050), np.arange(2050) * 2, np.arange(2050) * 3, 2049 * 2050, 2049 * 1025)
    restricted = C._restrict(t, many, np.zeros(10**6, np.uint16), None, None)
    assert restricted.matrix is None and len(restricted.tp) == 2049
    assert restricted.tp[:2].tolist() == [0, 2] and restricted.support[:2].tolist() == [0, 4]
    assert restricted.predicted[:2].tolist() == [0, 6]
    assert restricted.total == 2 * (2049 * 2050 // 2 - 1)
    assert restricted.correct == 2049 * 2050 // 2 - 1
    assert type(restricted.total) is int


def test_build_of_many_integers_with_absent_values_restricts_the_tallies():
    # 2,100 values spread over 2,200: absent ones are dropped after a tally without matrix
    rng = np.random.default_rng(4)
    values = np.setdiff1d(np.arange(2200), rng.choice(2200, 100, replace=False))
    true = np.concatenate([values, rng.choice(values, 3000)])
    pred = np.concatenate([values[::-1], rng.choice(values, 3000)])
    classes, t, p, tallies = C.build(true, pred)
    assert classes.tolist() == values.tolist()
    where = {v: i for i, v in enumerate(values.tolist())}
    assert t.tolist() == [where[v] for v in true.tolist()]
    expected_tp = np.zeros(len(values), dtype=np.int64)
    for a, b in zip(true.tolist(), pred.tolist()):
        if a == b:
            expected_tp[where[a]] += 1
    assert tallies.tp.tolist() == expected_tp.tolist()
    assert tallies.total == len(true)


def test_scalar_gives_python_numbers():
    assert type(C._scalar(np.int64(3))) is int and C._scalar(np.int64(3)) == 3
    assert type(C._scalar(np.float64(0.5))) is float
    assert C._scalar(7) == 7 and C._scalar(0.25) == 0.25  # already Python numbers


# --------------------------------------------------------------------------
# Multilabel
# --------------------------------------------------------------------------


@pytest.mark.parametrize("weighted", [False, True])
def test_tally_multilabel_against_a_loop(weighted):
    rng = np.random.default_rng(7)
    true, pred = rng.random((30, 4)) < 0.5, rng.random((30, 4)) < 0.5
    pred[:3] = true[:3]
    weight = rng.random(30) if weighted else None
    t = C.tally_multilabel(true, pred, weight)
    cells = np.zeros((4, 4))  # per label: tp, fn, fp, tn by a loop
    exact = 0.0
    for i in range(30):
        w = 1.0 if weight is None else weight[i]
        for label in range(4):
            cells[label, 2 * (not true[i, label]) + (not pred[i, label])] += w
        exact += w if (true[i] == pred[i]).all() else 0.0
    np.testing.assert_allclose(t.tp, cells[:, 0], rtol=1e-12)
    np.testing.assert_allclose(t.fn, cells[:, 1], rtol=1e-12, atol=1e-12)
    np.testing.assert_allclose(t.fp, cells[:, 2], rtol=1e-12, atol=1e-12)
    np.testing.assert_allclose(t.tn, cells[:, 3], rtol=1e-12)
    assert t.total == pytest.approx(30 if weight is None else weight.sum(), rel=1e-12)
    assert t.correct == pytest.approx(exact, rel=1e-12)
    assert type(t.total) is (float if weighted else int)
    assert type(t.correct) is (float if weighted else int)
    assert t.matrix is None
    np.testing.assert_allclose(
        C.multilabel_matrices(t),
        skm.multilabel_confusion_matrix(true, pred, sample_weight=weight), rtol=1e-12)


def test_weighted_multilabel_counts_tiny_true_negatives():
    # one sample of weight 1e-7 is the only true negative of label 0: 1e-7 is far
    # below 1e-12 of the total, and still counted, because tn is summed directly
    true = np.array([[True, True], [False, True]])
    pred = np.array([[True, False], [False, True]])
    weight = np.array([1e6, 1e-7])
    t = C.tally_multilabel(true, pred, weight)
    assert t.tn.tolist() == [1e-7, 0.0]
    assert t.negatives.tolist() == [1e-7, 0.0]
    assert t.matrix is None


# --------------------------------------------------------------------------
# Merging
# --------------------------------------------------------------------------


def test_sparse_cells_equal_a_loop():
    true, pred = np.array([1, 0, 1, 1], dtype=np.uint8), np.array([0, 0, 0, 1], dtype=np.uint8)
    cells = C.sparse_cells(true, pred, 2)
    assert cells.index.tolist() == [0, 2, 3] and cells.count.tolist() == [1, 2, 1]
    assert cells.count.dtype == np.int64
    weighted = C.sparse_cells(true, pred, 2, np.array([0.5, 1.0, 2.0, 4.0]))
    assert weighted.count.tolist() == [1.0, 2.5, 4.0]


def test_sparse_cells_codes_beyond_one_byte():
    cells = C.sparse_cells(np.array([255], dtype=np.uint8), np.array([1], dtype=np.uint8), 300)
    assert cells.index.tolist() == [255 * 300 + 1]


def test_summed_adds_equal_positions():
    cells = C.summed_cells(np.array([5, 2, 5, 9, 2, 5]), np.array([1, 2, 3, 4, 5, 6]))
    assert cells.index.tolist() == [2, 5, 9] and cells.count.tolist() == [7, 10, 4]
    weighted = C.summed_cells(np.array([3, 1, 3]), np.array([0.25, 0.5, 1.0]))
    assert weighted.index.tolist() == [1, 3] and weighted.count.tolist() == [0.5, 1.25]


def test_union():
    same = np.array(["a", "b"])
    labels, first, second = C.union(same, same.copy())
    assert labels is same and first.tolist() == [0, 1] and second.tolist() == [0, 1]
    labels, first, second = C.union(np.array([1, 4]), np.array([2, 4]))
    assert labels.tolist() == [1, 2, 4] and first.tolist() == [0, 2] and second.tolist() == [1, 2]
    # an unsorted side keeps the first's order, then the second's new classes
    labels, first, second = C.union(np.array([1, 3, 2]), np.array([4, 0]))
    assert labels.tolist() == [1, 3, 2, 4, 0] and first.tolist() == [0, 1, 2]
    assert second.tolist() == [3, 4]
    labels, _, _ = C.union(np.array([1, 3]), np.array([5, 4, 2]))
    assert labels.tolist() == [1, 3, 5, 4, 2]
    # booleans beside integers are the integers 0 and 1
    labels, first, second = C.union(np.array([False, True]), np.array([1, 2]))
    assert labels.tolist() == [0, 1, 2] and labels.dtype.kind == "i"
    assert first.tolist() == [0, 1] and second.tolist() == [1, 2]
    labels, first, second = C.union(np.array([0, 2]), np.array([True]))
    assert labels.tolist() == [0, 1, 2] and second.tolist() == [1]


def test_is_sorted():
    assert C._is_sorted(np.array([1, 2, 5]))
    assert not C._is_sorted(np.array([1, 5, 2]))
    assert not C._is_sorted(np.array([2, 1]))
    assert C._is_sorted(np.array([7])) and C._is_sorted(np.array([], dtype=np.int64))


def _tallies(true, pred, n_classes, weight=None):
    return C.from_matrix(loop_matrix(np.asarray(true), np.asarray(pred), n_classes, weight))


def test_merge_dense_matrices_at_their_positions():
    # first has classes [a, c] (positions 0, 2), second [b, c] (positions 1, 2)
    first = _tallies([0, 1, 1], [1, 1, 0], 2)
    second = _tallies([0, 1], [0, 0], 2)
    merged = C.merge(first, np.array([0, 2]), second, np.array([1, 2]), 3)
    expected = np.array([[0, 0, 1], [0, 1, 0], [1, 0, 1]])
    expected[2, 1] += 1
    assert merged.matrix.tolist() == expected.tolist()
    assert_tallies_of(merged, expected)
    assert merged.cells is None and merged.negatives is None


def test_merge_sparse_cells_at_their_positions():
    first = _tallies([0, 1, 1], [1, 1, 0], 2)
    second = Tallies(*_tallies([0, 1], [0, 0], 2)[:5], cells=Cells(np.array([0, 2]), np.array([1, 1])))
    merged = C.merge(first, np.array([0, 2]), second, np.array([1, 2]), 3)
    assert merged.matrix is None
    expected = np.array([[0, 0, 1], [0, 1, 0], [1, 1, 1]])
    assert C.materialise(merged.cells, 3).tolist() == expected.tolist()
    assert_tallies_of(merged, expected)


def test_merge_beyond_the_dense_limit_keeps_cells():
    first = _tallies([0], [1], 2)
    second = _tallies([1], [1], 2)
    at = np.array([0, 2048])
    merged = C.merge(first, at, second, np.array([1, 2048]), 2049)
    assert merged.matrix is None
    assert merged.cells.index.tolist() == [2048, 2048 * 2049 + 2048]
    assert merged.cells.count.tolist() == [1, 1]


def test_moved():
    # a 2 x 2 matrix whose classes sit at 3 and 1 of 5: its cell 2 = (1, 0) moves to
    # (1, 3) = 1 * 5 + 3 and its cell 1 = (0, 1) to (3, 1) = 3 * 5 + 1
    assert C._moved(np.array([2, 1]), np.array([3, 1]), 5).tolist() == [8, 16]


def test_merge_multilabel_adds_the_negatives():
    true = np.array([[True, False], [False, False]])
    pred = np.array([[True, True], [False, False]])
    first = C.tally_multilabel(true, pred, np.array([1.0, 2.0]))
    second = C.tally_multilabel(true, pred)
    merged = C.merge(first, np.array([0, 1]), second, np.array([0, 1]), 2)
    # the second sample is a true negative of both labels: weight 2, then 1
    assert merged.negatives.tolist() == [2.0 + 1, 2.0 + 1]
    assert merged.matrix is None and merged.cells is None
    assert merged.tp.tolist() == [2.0, 0.0] and merged.total == 5.0 and merged.correct == 3.0


def test_merge_of_counts_beyond_int64_is_an_overflow_error():
    huge = Tallies(np.array([2**62]), np.array([2**62]), np.array([2**62]), 2**62, 2**62)
    with pytest.raises(OverflowError):
        C.merge(huge, np.array([0]), huge, np.array([0]), 1)


def test_merge_keeps_int_counts_and_promotes_to_float_either_way():
    ints = _tallies([0, 1], [0, 0], 2)
    floats = _tallies([0, 1], [1, 1], 2, np.array([0.5, 0.25]))
    both = C.merge(ints, np.array([0, 1]), ints, np.array([0, 1]), 2)
    assert both.tp.dtype == np.int64 and both.matrix.dtype == np.int64
    assert both.support.dtype == np.int64 and both.predicted.dtype == np.int64
    for first, second in ((ints, floats), (floats, ints)):
        merged = C.merge(first, np.array([0, 1]), second, np.array([0, 1]), 2)
        assert merged.matrix.dtype == np.float64 and merged.tp.dtype == np.float64
        # cells: ints [[1, 0], [1, 0]] plus weights [[0, 0.5], [0, 0.25]]
        assert merged.matrix.tolist() == [[1.0, 0.5], [1.0, 0.25]]
        assert merged.tp.tolist() == [1.0, 0.25]
        assert merged.support.tolist() == [1.5, 1.25] and merged.predicted.tolist() == [2.0, 0.75]
        assert merged.total == 2.75 and merged.correct == 1.25


def test_merge_of_int_and_huge_float_totals_is_no_overflow():
    # only int counts wrap around; a float total beyond 2**63 is fine
    ints = _tallies([0, 1], [0, 0], 2)
    huge = C.from_matrix(np.array([[1e19, 0.0], [0.0, 1.0]]))
    for first, second in ((ints, huge), (huge, ints)):
        merged = C.merge(first, np.array([0, 1]), second, np.array([0, 1]), 2)
        assert merged.total == 1e19 + 3


def test_merge_counts_both_in_the_larger_unit_when_their_sum_fits():
    small = C.from_matrix(np.array([[1e300]]))  # in units of 1
    large = C.from_matrix(np.array([[1.0]]))._replace(unit=2.0**1000)
    expected = 1e300 * 2.0**-1000 + 1.0  # 1e300 in units of 2**1000, plus 1
    for first, second in ((small, large), (large, small)):
        merged = C.merge(first, np.array([0]), second, np.array([0]), 1)
        assert merged.unit == 2.0**1000
        assert merged.total == expected and merged.correct == expected
        assert merged.matrix.tolist() == [[expected]] and merged.tp.tolist() == [expected]


def test_merge_doubles_the_unit_when_the_totals_overflow_together():
    # totals as numpy floats, as sums of arrays give them: the sum 2e308 is inf
    def heavy():
        counts = np.array([1e308])
        return Tallies(counts, counts, counts, counts.sum(), counts.sum(),
                       matrix=np.array([[1e308]]), unit=2.0**10)
    merged = C.merge(heavy(), np.array([0]), heavy(), np.array([0]), 1)
    assert merged.unit == 2.0**11  # each side's 1e308 units of 2**10 is 0.5e308 units of 2**11
    assert merged.total == 1e308 and merged.correct == 1e308
    assert merged.matrix.tolist() == [[1e308]] and merged.support.tolist() == [1e308]


def test_merge_of_sparse_cells_in_different_units_rescales_the_cells():
    # first: matrix [[0, 1], [0, 2]] in units of 1; second: [[4, 0], [0, 8]] in units of 4
    first = Tallies(np.array([0.0, 2.0]), np.array([1.0, 2.0]), np.array([0.0, 3.0]), 3.0, 2.0,
                    cells=Cells(np.array([1, 3]), np.array([1.0, 2.0])))
    second = Tallies(np.array([4.0, 8.0]), np.array([4.0, 8.0]), np.array([4.0, 8.0]), 12.0, 12.0,
                     cells=Cells(np.array([0, 3]), np.array([4.0, 8.0])), unit=4.0)
    for a, b in ((first, second), (second, first)):
        merged = C.merge(a, np.array([0, 1]), b, np.array([0, 1]), 2)
        assert merged.unit == 4.0 and merged.matrix is None
        # in units of 4: [[4, 1/4], [0, 8 + 2/4]]
        assert merged.cells.index.tolist() == [0, 1, 3]
        assert merged.cells.count.tolist() == [4.0, 0.25, 8.5]
        assert_tallies_of(merged, [[4.0, 0.25], [0.0, 8.5]])


def test_merge_into_exactly_the_dense_limit_keeps_the_matrix():
    first = _tallies([0], [1], 2)
    second = _tallies([1], [1], 2)
    merged = C.merge(first, np.array([0, 2047]), second, np.array([1, 2047]), 2048)
    assert merged.matrix is not None and merged.cells is None
    assert merged.matrix[0, 2047] == 1 and merged.matrix[2047, 2047] == 1
    assert merged.matrix.sum() == 2


def test_union_of_booleans_and_integers_beyond_int64():
    # validated labels are never floats: 1e300 is the exact integer it stands for,
    # a Python int; booleans beside it are 0 and 1
    huge = int(1e300)
    labels, first, second = C.union(np.array([False, True]), np.array([1, huge], dtype=object))
    assert labels.tolist() == [0, 1, huge]
    assert first.tolist() == [0, 1] and second.tolist() == [1, 2]

def test_union_of_equal_labels_takes_the_common_type():
    labels, first, second = C.union(np.array([1, 2], dtype=np.int8),
                                    np.array([1, 2], dtype=np.int64))
    assert labels.dtype == np.int64 and labels.tolist() == [1, 2]
    assert first.tolist() == second.tolist() == [0, 1]
    labels, _, _ = C.union(np.array([1, 2], dtype=np.int64), np.array([1, 2], dtype=np.int8))
    assert labels.dtype == np.int64


def test_union_of_labels_that_do_not_compare_names_both_sides():
    with pytest.raises(TypeError) as error:
        C.union(np.array(["a", "b"]), np.array([b"a"]))
    assert str(error.value).startswith(
        "the labels of the first has string labels (e.g. 'a') but the labels of the "
        "second has bytes labels (e.g. b'a')")
