"""Encode labels to integer codes and tally them.

Everything here is vectorised: one hash or lookup pass to encode, one
``np.bincount`` to tally. The tallies are the sufficient statistics from which
every metric is computed.
"""

from typing import NamedTuple, Optional, Union

import numpy as np
import pandas as pd

from .. import validation as _validation
from .encode import Coded

DENSE_LIMIT = 2**22  # cells of a confusion matrix kept dense without the codes (sums, groups)
SMALL_MATRIX = 2**16  # cells of a matrix codes are always tallied into: it stays in cache
SAMPLED_MATRIX = 2**18  # cells of a matrix codes are tallied into at up to 8 cells a sample
MATERIALISE_LIMIT = 2**28  # cells of a matrix we agree to build on request (2 GiB of int64)
_LOOKUP_SPAN = 2**16  # integer labels spanning at most max(this, 2N) values skip hashing
CHUNK = 2**16  # samples per step of a chunked pass


class Tallies(NamedTuple):
    """Per-class counts (int, or float when weighted), vectorised over classes."""

    tp: np.ndarray  # true positives: diagonal of the confusion matrix
    support: np.ndarray  # true count per class (row sums)
    predicted: np.ndarray  # predicted count per class (column sums)
    total: Union[int, float]  # number (or weight) of samples
    correct: Union[int, float]  # samples entirely right (multilabel: exact matches)
    matrix: Optional[np.ndarray] = None  # dense K x K matrix when small enough
    negatives: Optional[np.ndarray] = None  # tn counted directly (weighted multilabel)
    cells: Optional["Cells"] = None  # the matrix kept sparse, when built without codes
    unit: float = 1.0  # weight of one count: a power of two when the weights' sum overflows

    def counted(self, values):
        """Counts (or weights) as the user weighs them: times the unit."""
        return counted(values, self.unit)

    @property
    def fp(self):
        return self.predicted - self.tp

    @property
    def fn(self):
        return self.support - self.tp

    @property
    def tn(self):
        if self.negatives is not None:
            return self.negatives
        # scikit-learn's order of subtraction. Weighted, total and the column sums
        # are summed in different orders: a true 0 can come out as +-1e-16 and
        # turn an undefined NPV into 1.0, so residues below 1e-12 of the total are 0.
        tn = self.total - self.tp - self.fp - self.fn
        return tn if tn.dtype.kind == "i" else np.where(tn < 1e-12 * self.total, 0.0, tn)


def _no_tallies():
    empty = np.zeros(0, dtype=np.int64)
    return Tallies(empty, empty, empty, 0, 0, matrix=np.zeros((0, 0), dtype=np.int64))


class Cells(NamedTuple):
    """The nonzero cells of a confusion matrix too large to keep dense."""

    index: np.ndarray  # flat position row * K + column, ascending
    count: np.ndarray


NO_TALLIES = _no_tallies()  # of no class: what merging adds to widen an evaluation's classes


def code_dtype(n_classes):
    """The smallest unsigned integer type that holds codes 0..K-1."""
    return np.min_scalar_type(max(n_classes - 1, 0))


# sums of weights kept as they are; outside, in units of a power of two (:func:`in_units`)
SAFE_SUMS = (2.0**-100, 2.0**200)


def counted(values, unit):
    """Counts kept in ``unit`` (see :func:`in_units`) as the user weighs them."""
    if unit == 1.0:
        return values
    with np.errstate(over="ignore"):  # a sum beyond the float range is inf
        return values * unit


def in_units(weight):
    """The weights divided by a power of two that keeps their sum in a safe range,
    and that power.

    Weights near the float maximum would sum to inf, and products of sums (the
    pairs of an AUC, the four sums under MCC's root) under- or overflow long
    before the sums do: at 2**-1000 or 2**1000. Every metric is a ratio, so
    counting in other units changes none, and the division is exact: weights
    scaled by any power of two give the same tallies in other units, and so
    the same metrics to the last bit.
    """
    if weight is None:
        return None, 1.0
    with np.errstate(over="ignore"):
        total = weight.sum()
    # scaled only as far as the range needs, so that small weights beside large ones
    # stay above the smallest float
    if not np.isfinite(total):  # each weight then below 2**200 / n
        exponent = np.frexp(weight.max())[1] + int(np.ceil(np.log2(len(weight)))) - 200
    elif total == 0 or SAFE_SUMS[0] <= total <= SAFE_SUMS[1]:
        return weight, 1.0
    elif total > SAFE_SUMS[1]:
        exponent = np.frexp(total)[1] - 200  # the sum in [2**199, 2**200)
    else:
        exponent = np.frexp(total)[1] + 99  # the sum in [2**-100, 2**-99)
    unit = 2.0**int(exponent)
    return weight / unit, unit


def _steps(n_samples, cells=0):
    """Slices of a chunked pass: each step's temporaries stay small (and in cache),
    but never smaller than the ``cells`` of the tally it adds to."""
    size = max(CHUNK, cells)
    return [slice(start, start + size) for start in range(0, n_samples, size)]


def build(true, pred, classes=None, weight=None):
    """Encode and tally in O(N): return (classes, true codes, pred codes, tallies).

    With ``classes`` None the order is the sorted union of both arrays.
    """
    classes, true, pred, complete = encode(true, pred, classes)
    counts = tally(true, pred, len(classes), weight)
    if complete or np.logical_or(counts.support, counts.predicted).all():  # counts are >= 0
        return classes, true, pred, counts
    # The codes cover a range of integers; the tallies tell which of them occur,
    # unless a zero weight hides one: then count again, unweighted.
    counted = counts if weight is None else tally(true, pred, len(classes))
    present = (counted.support > 0) | (counted.predicted > 0)
    if not present.all():
        lookup = (np.cumsum(present) - 1).astype(true.dtype)
        for codes in (true, pred):  # renumbered in place, a chunk at a time: no second copy
            for step in _steps(len(codes)):
                np.take(lookup, codes[step], out=codes[step])
        classes = classes[present]
        counts = _restrict(counts, present, true, pred, weight)
    return classes, true, pred, counts


def encode(true, pred, classes=None):
    """Map labels to codes in class order: (classes, true codes, pred codes, complete).

    ``complete`` is False when ``classes`` is a range of integers that may hold
    values absent from both arrays; :func:`build` drops those.
    """
    if isinstance(true, Coded) or isinstance(pred, Coded):
        return _encode_coded(true, pred, classes)
    if classes is not None:
        return _encode_known(true, pred, classes) + (True,)
    if true.dtype.kind in "biu" and pred.dtype.kind in "biu":
        encoded = _encode_range(true, pred)
        if encoded is not None:
            return encoded + (False,)
    return _encode_hashed(true, pred) + (True,)


def _encode_range(true, pred):
    """Integers over a short range: code = label - min, no hashing or sort."""
    both_bool = true.dtype.kind == pred.dtype.kind == "b"
    true, pred = _as_integers(true), _as_integers(pred)
    if true is None or pred is None:
        return None
    low, high = _min_max(true, pred, both_bool)
    span = high - low + 1
    if span > max(_LOOKUP_SPAN, 2 * len(true)):
        return None
    common = np.result_type(true, pred)
    dtype = code_dtype(span)
    true, pred = (_offset(values, common.type(low), dtype) for values in (true, pred))
    classes = np.arange(low, high + 1, dtype=common)
    return (classes.astype(bool) if both_bool else classes), true, pred


def _as_integers(values):
    """Booleans as uint8; None for uint64 beyond int64, which does not mix with signed."""
    if values.dtype.kind == "b":
        return values.view(np.uint8)
    if values.dtype == np.uint64 and values.max() > np.iinfo(np.int64).max:
        return None
    return values.astype(np.int64) if values.dtype == np.uint64 else values


def _min_max(true, pred, both_bool):
    if both_bool:  # absent values are dropped by build()
        return 0, 1
    if len(true) <= CHUNK:  # Python ints compare faster than NumPy scalars
        return min(int(true.min()), int(pred.min())), max(int(true.max()), int(pred.max()))
    lows, highs = [], []
    for values in (true, pred):
        for step in _steps(len(values)):  # min and max share one read of memory
            chunk = values[step]
            lows.append(chunk.min())
            highs.append(chunk.max())
    return int(min(lows)), int(max(highs))


def _offset(values, low, dtype):
    """``values - low`` as ``dtype``, without a full-size temporary."""
    if low == 0:
        return values.astype(dtype)
    # modular arithmetic: the difference is in [0, span), so wrapping casts are exact
    return np.subtract(values, low, dtype=low.dtype, out=np.empty(len(values), dtype),
                       casting="unsafe")


def _encode_hashed(true, pred):
    """Any labels: one hash pass per array (pandas.factorize), then sorted class order."""
    codes, uniques = [], []
    for values in (true, pred):
        local, found = pd.factorize(values)
        codes.append(local.astype(code_dtype(len(found))))  # frees the intp codes early
        uniques.append(np.asarray(found))
    classes = np.unique(np.concatenate(uniques))
    index, dtype = pd.Index(classes), code_dtype(len(classes))
    true, pred = (index.get_indexer(found).astype(dtype)[local]
                  for found, local in zip(uniques, codes))
    return classes, true, pred


def _encode_known(true, pred, classes):
    return (np.asarray(classes),) + encode_known(classes, true, pred)


def _encode_coded(true, pred, classes):
    """Coded labels (and a plain array beside them, factorized): the sorted union of
    their distinct labels, unless ``classes`` is given; codes through a lookup.
    Complete unless distinct labels no sample has may be among the classes."""
    true, pred = (values if isinstance(values, Coded) else Coded(*pd.factorize(values), None)
                  for values in (true, pred))
    complete = classes is not None or (true.exact and pred.exact)
    if classes is None:
        classes = np.unique(np.concatenate([true.uniques, pred.uniques]))
    return _encode_known(true, pred, classes) + (complete,)


def encode_known(classes, *arrays, where="y_true or y_pred"):
    """The codes of each array in the order of ``classes``; other labels are an error."""
    index, dtype = pd.Index(classes), code_dtype(len(classes))
    codes = tuple(np.empty(len(values), dtype) for values in arrays)
    unlisted, first = [], []
    for values, out in zip(arrays, codes):
        if isinstance(values, Coded):  # the distinct labels looked up, the codes mapped
            lookup = index.get_indexer(values.uniques)
            if (lookup < 0).any():  # unlisted, unless no sample has them
                unlisted.append(values.uniques[(lookup < 0) & values.used()])
                missing = np.flatnonzero(lookup[values.codes] < 0)
                first += missing[:1].tolist()
            if np.array_equal(lookup, np.arange(len(lookup))):  # codes already in order
                np.copyto(out, values.codes, casting="unsafe")  # non-negative: checked
                continue
            lookup = lookup.astype(dtype)
            for step in _steps(len(values)):  # take() makes intp indices: chunk-sized
                np.take(lookup, values.codes[step], out=out[step])
            continue
        for step in _steps(len(values)):  # get_indexer gives intp: keep it chunk-sized
            found = index.get_indexer(values[step])
            out[step] = found
            unlisted.append(values[step][found < 0])
            first += (step.start + np.flatnonzero(found < 0)[:1]).tolist()
    unlisted = np.concatenate(unlisted) if unlisted else ()
    if len(unlisted):
        raise _validation.unlisted_labels(np.sort(pd.unique(unlisted)), where, min(first))
    return codes


def _restrict(counts, present, true, pred, weight):
    """The tallies of the present classes only, summed as if the absent never were
    (a sum over extra zeros can round differently)."""
    n_classes = np.count_nonzero(present)
    if counts.matrix is not None:
        restricted = from_matrix(counts.matrix[np.ix_(present, present)])
    elif tallied_dense(n_classes, len(true)):
        return tally(true, pred, n_classes, weight)  # few enough classes now to keep the matrix
    else:
        tp, support, predicted = (values[present] for values in counts[:3])
        restricted = Tallies(tp, support, predicted, _scalar(support.sum()), _scalar(tp.sum()))
    return restricted._replace(unit=counts.unit)


def tallied_dense(n_classes, n_samples):
    """Whether codes are tallied into the dense K x K matrix rather than into three
    counts of length K.

    Measured: each sample's scatter into a matrix too large for the cache costs
    more than its three into counts of length K, and fewer than K * K / 8 samples
    do not pay for zeroing and summing K * K cells. An evaluation that keeps its
    codes builds the matrix on request (``CM()``, weighted kappa, intervals) instead.
    """
    cells = n_classes * n_classes
    return cells <= SMALL_MATRIX or cells <= min(SAMPLED_MATRIX, 8 * n_samples)


def tally(true, pred, n_classes, weight=None):
    """Tallies of integer codes, with the dense matrix when :func:`tallied_dense`."""
    weight, unit = in_units(weight)
    if unit != 1.0:
        return tally(true, pred, n_classes, weight)._replace(unit=unit)
    if tallied_dense(n_classes, len(true)):
        return from_matrix(confusion_matrix(true, pred, n_classes, weight))
    support, predicted, tp = (_zeros(n_classes, weight) for _ in range(3))
    for step in _steps(len(true), n_classes):
        t, p, w = true[step], pred[step], None if weight is None else weight[step]
        support += np.bincount(t, w, n_classes)
        predicted += np.bincount(p, w, n_classes)
        hit = t == p
        tp += np.bincount(t[hit], None if w is None else w[hit], n_classes)
    return Tallies(tp, support, predicted, _scalar(support.sum()), _scalar(tp.sum()))


def with_matrix(tallies, true, pred, n_classes, weight=None):
    """``tallies`` of these codes holding their matrix, dense while K*K <= DENSE_LIMIT,
    else as its cells: for an evaluation that keeps no codes to build it from."""
    if tallies.matrix is not None or tallies.cells is not None:
        return tallies
    if n_classes * n_classes > DENSE_LIMIT:
        return tallies._replace(cells=sparse_cells(true, pred, n_classes, weight))
    weight, _ = in_units(weight)  # in the units of the tallies of the same weights
    return tallies._replace(matrix=confusion_matrix(true, pred, n_classes, weight))


def count(codes, length, weight=None):
    """``np.bincount`` of small codes in chunks, so no N-sized intp copy is made."""
    counts = _zeros(length, weight)
    for step in _steps(len(codes), length):
        counts += np.bincount(codes[step], None if weight is None else weight[step], length)
    return counts


def from_matrix(matrix):
    """Tallies of a K x K confusion matrix, kept dense while K*K <= DENSE_LIMIT."""
    # ufuncs and methods, not numpy functions: small matrices are all fixed cost
    tp = matrix.diagonal().copy()
    support, predicted = np.add.reduce(matrix, 1), np.add.reduce(matrix, 0)
    kept = {"matrix": matrix} if matrix.size <= DENSE_LIMIT else {"cells": _cells_of(matrix)}
    return Tallies(tp, support, predicted, np.add.reduce(support).item(),
                   np.add.reduce(tp).item(), **kept)


def from_cells(cells, n_classes):
    """Tallies of the nonzero cells of a K x K matrix (exact for int counts)."""
    if n_classes * n_classes <= DENSE_LIMIT:
        return from_matrix(materialise(cells, n_classes))
    rows, columns = np.divmod(cells.index, n_classes)
    tp, support, predicted = (np.zeros(n_classes, cells.count.dtype) for _ in range(3))
    np.add.at(support, rows, cells.count)
    np.add.at(predicted, columns, cells.count)
    np.add.at(tp, rows[rows == columns], cells.count[rows == columns])
    return Tallies(tp, support, predicted, _scalar(support.sum()), _scalar(tp.sum()),
                   cells=cells)


def _cells_of(matrix):
    index = np.flatnonzero(matrix)
    return Cells(index, matrix.ravel()[index])


def confusion_matrix(true, pred, n_classes, weight=None):
    """The dense K x K matrix (rows true, columns predicted), one chunked bincount."""
    cells = _materialisable(n_classes)
    # a cell's position in the narrowest type that holds it and the codes: fewer bytes to write
    flat = np.promote_types(np.promote_types(true.dtype, pred.dtype), code_dtype(cells))
    rows = flat.type(n_classes)  # a NumPy int64 count would widen the product
    if len(true) <= max(CHUNK, cells):  # one step
        index = np.multiply(true, rows, dtype=flat)
        index += pred
        return np.bincount(index, weight, cells).reshape(n_classes, n_classes)
    matrix = _zeros(cells, weight)
    buffer = np.empty(max(CHUNK, cells), dtype=flat)
    for step in _steps(len(true), cells):
        t = true[step]
        index = buffer[: len(t)]
        np.multiply(t, rows, out=index, dtype=flat)
        np.add(index, pred[step], out=index)
        matrix += np.bincount(index, None if weight is None else weight[step], cells)
    return matrix.reshape(n_classes, n_classes)


def materialise(cells, n_classes):
    """The dense matrix of sparse cells."""
    matrix = np.zeros(_materialisable(n_classes), dtype=cells.count.dtype)
    matrix[cells.index] = cells.count
    return matrix.reshape(n_classes, n_classes)


def _materialisable(n_classes):
    """The number of cells of a dense K x K matrix, or MemoryError when too many."""
    cells = n_classes * n_classes
    if cells > MATERIALISE_LIMIT:
        raise MemoryError(
            f"a dense confusion matrix of {n_classes} classes has {cells:,} cells, too "
            "many to build; use the per-class metrics or report(), which need no matrix."
        )
    return cells


def _zeros(size, weight):
    return np.zeros(size, dtype=np.int64 if weight is None else np.float64)


def tally_multilabel(true, pred, weight=None):
    """Per-label tallies of two boolean (N, L) indicator arrays."""
    weight, unit = in_units(weight)
    exact = (true == pred).all(axis=1)
    if weight is None:
        tp = np.count_nonzero(true & pred, axis=0)
        support, predicted = np.count_nonzero(true, axis=0), np.count_nonzero(pred, axis=0)
        total, correct = len(true), int(np.count_nonzero(exact))
        negatives = None
    else:
        tp = weight @ (true & pred)
        support, predicted = weight @ true, weight @ pred
        total, correct = float(weight.sum()), float(weight @ exact)
        # total - tp - fp - fn would mix two summation orders: a true 0 could
        # come out as 1e-15 and turn an undefined specificity into 1.0
        negatives = weight @ ~(true | pred)
    return Tallies(tp, support, predicted, total, correct, None, negatives, unit=unit)


def by_group(groups, n_groups, true, pred, n_classes, weight=None, multilabel=False):
    """The tallies of each group's samples (``groups``: codes 0..G-1, one per sample).

    One bincount of the (group, true, predicted) cells while G*K*K cells are
    few; else (many classes, or multilabel) one tally per group, of its samples
    gathered by a stable sort of the group codes.
    """
    weight, unit = in_units(weight)
    cells = n_groups * n_classes * n_classes
    if not multilabel and cells <= DENSE_LIMIT:
        matrices = _zeros(cells, weight)
        for step in _steps(len(true), cells):
            index = (groups[step].astype(np.intp) * n_classes + true[step]) * n_classes
            index += pred[step]
            matrices += np.bincount(index, None if weight is None else weight[step], cells)
        shape = (n_groups, n_classes, n_classes)
        return [from_matrix(matrix)._replace(unit=unit) for matrix in matrices.reshape(shape)]
    order = np.argsort(groups, kind="stable")
    ends = np.cumsum(np.bincount(groups, minlength=n_groups))
    tallies = []
    for start, end in zip(np.concatenate([[0], ends[:-1]]), ends):
        rows = order[start:end]
        w = None if weight is None else weight[rows]
        t, p = true[rows], pred[rows]
        part = (tally_multilabel(t, p, w) if multilabel
                else with_matrix(tally(t, p, n_classes, w), t, p, n_classes, w))
        tallies.append(part._replace(unit=unit))
    return tallies


def multilabel_matrices(tallies):
    """(L, 2, 2) matrices [[tn, fp], [fn, tp]], as sklearn's multilabel_confusion_matrix."""
    t = tallies
    return np.stack([t.tn, t.fp, t.fn, t.tp], axis=-1).reshape(-1, 2, 2)


def _scalar(value):
    return value.item() if isinstance(value, np.generic) else value


# --------------------------------------------------------------------------
# Merging evaluations: tallies are sums, so two evaluations add up
# --------------------------------------------------------------------------


def sparse_cells(true, pred, n_classes, weight=None):
    """The nonzero cells of the matrix of the codes (one sort), for merging many classes."""
    weight, _ = in_units(weight)  # in the units of the tallies of the same weights
    count = np.ones(len(true), dtype=np.int64) if weight is None else weight
    return summed_cells(true.astype(np.int64) * n_classes + pred, count)


def summed_cells(index, count):
    """Cells of flat positions with their counts, equal positions added up, in
    position order (exact for int counts)."""
    order = np.argsort(index, kind="stable")
    index, count = index[order], count[order]
    starts = np.flatnonzero(np.r_[True, index[1:] != index[:-1]])
    return Cells(index[starts], np.add.reduceat(count, starts))


def union(first, second):
    """The classes of two evaluations, and where each one's classes sit among them.

    The union is sorted when both are (the default class order), else
    the first's classes come first, then the second's new ones, in order.
    """
    first, second = _validation.common_labels({"the labels of the first": first,
                                               "the labels of the second": second})
    if np.array_equal(first, second):
        at = np.arange(len(first))
        return first.astype(np.result_type(first, second), copy=False), at, at
    labels = pd.unique(np.concatenate([first, second]))
    if _is_sorted(first) and _is_sorted(second):
        labels = np.sort(labels)
    index = pd.Index(labels)
    return np.asarray(labels), index.get_indexer(first), index.get_indexer(second)


def _is_sorted(labels):
    return bool(np.all(labels[1:] > labels[:-1]))


def merge(first, first_at, second, second_at, n_classes):
    """The tallies of two evaluations, each one's classes placed at its positions."""
    # count both in the larger unit, doubled when their sum would overflow (exact: powers of two)
    unit = max(first.unit, second.unit)
    with np.errstate(over="ignore"):
        if not np.isfinite(first.total * (first.unit / unit) + second.total * (second.unit / unit)):
            unit *= 2
    first, second = (_in_unit(t, unit) for t in (first, second))

    def placed(a, b):
        out = np.zeros(n_classes, dtype=np.result_type(a, b))
        out[first_at] += a
        out[second_at] += b
        return out

    if isinstance(first.total, int) and isinstance(second.total, int):
        _validation.check_count_total(first.total + second.total, "the sum of the evaluations")
    merged = Tallies(placed(first.tp, second.tp), placed(first.support, second.support),
                     placed(first.predicted, second.predicted), first.total + second.total,
                     first.correct + second.correct, unit=first.unit)
    if first.negatives is not None or second.negatives is not None:
        merged = merged._replace(negatives=placed(first.tn, second.tn))
    dense = first.matrix is not None and second.matrix is not None
    if dense and n_classes * n_classes <= DENSE_LIMIT:
        matrix = np.zeros((n_classes, n_classes), np.result_type(first.matrix, second.matrix))
        for part, at in ((first.matrix, first_at), (second.matrix, second_at)):
            if np.array_equal(at, np.arange(n_classes)):  # the union's classes, in order:
                matrix += part  # a plain add (fancy indexing of K x K cells is slow)
            else:
                matrix[np.ix_(at, at)] += part
        merged = merged._replace(matrix=matrix)
    elif first.matrix is not None or first.cells is not None:  # not multilabel
        parts = [(_sparse(first), first_at), (_sparse(second), second_at)]
        index = np.concatenate([_moved(cells.index, at, n_classes) for cells, at in parts])
        count = np.concatenate([cells.count for cells, _ in parts])
        merged = merged._replace(cells=summed_cells(index, count))
    return merged


def _in_unit(tallies, unit):
    """Tallies of weights counted in a larger ``unit``."""
    if tallies.unit == unit:
        return tallies
    factor = tallies.unit / unit
    scaled = {name: getattr(tallies, name) * factor
              for name in ("tp", "support", "predicted", "total", "correct")}
    for name in ("matrix", "negatives"):
        if getattr(tallies, name) is not None:
            scaled[name] = getattr(tallies, name) * factor
    if tallies.cells is not None:
        scaled["cells"] = tallies.cells._replace(count=tallies.cells.count * factor)
    return tallies._replace(unit=unit, **scaled)


def _sparse(tallies):
    return tallies.cells if tallies.cells is not None else _cells_of(tallies.matrix)


def _moved(index, at, n_classes):
    """Flat cell positions of a K' x K' matrix, moved into the K x K union."""
    rows, columns = np.divmod(index, len(at))
    return at[rows].astype(np.int64) * n_classes + at[columns]

