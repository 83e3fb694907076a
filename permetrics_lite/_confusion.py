"""Encode labels to integer codes and tally them (SPEC §3).

Everything here is vectorised: one hash or lookup pass to encode, one
``np.bincount`` to tally. The tallies are the sufficient statistics from which
every metric is computed.
"""

from typing import NamedTuple, Optional, Union

import numpy as np
import pandas as pd

from . import _validation

DENSE_LIMIT = 2**22  # cells of a confusion matrix kept dense at construction
MATERIALISE_LIMIT = 2**28  # cells of a matrix we agree to build on request (2 GiB of int64)
_LOOKUP_SPAN = 2**16  # integer labels spanning at most max(this, 2N) values skip hashing


class Tallies(NamedTuple):
    """Per-class counts (int, or float when weighted), vectorised over classes."""

    tp: np.ndarray  # true positives: diagonal of the confusion matrix
    support: np.ndarray  # true count per class (row sums)
    predicted: np.ndarray  # predicted count per class (column sums)
    total: Union[int, float]  # number (or weight) of samples
    correct: Union[int, float]  # samples entirely right (multilabel: exact matches)
    matrix: Optional[np.ndarray] = None  # dense K x K matrix when small enough
    negatives: Optional[np.ndarray] = None  # tn counted directly (weighted multilabel)

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
        # scikit-learn's order of subtraction; the clip absorbs rounding of tiny weights
        tn = self.total - self.tp - self.fp - self.fn
        return tn if tn.dtype.kind == "i" else np.maximum(tn, 0.0)


def code_dtype(n_classes):
    """The smallest unsigned integer type that holds codes 0..K-1."""
    return np.min_scalar_type(max(n_classes - 1, 0))


def encode(true, pred, classes=None):
    """Map labels to codes 0..K-1 in class order; return (classes, true codes, pred codes).

    With ``classes`` None the order is the sorted union of both arrays.
    """
    if classes is not None:
        return _encode_known(true, pred, classes)
    if true.dtype.kind in "biu" and pred.dtype.kind in "biu":
        encoded = _encode_small_integers(true, pred)
        if encoded is not None:
            return encoded
    codes, uniques = pd.factorize(np.concatenate([true, pred]))
    order = np.argsort(uniques, kind="stable")
    rank = np.empty(len(order), dtype=code_dtype(len(order)))
    rank[order] = np.arange(len(order))
    codes = rank[codes]
    return np.asarray(uniques)[order], codes[: len(true)], codes[len(true):]


def _encode_small_integers(true, pred):
    """Integers over a short range: a presence table and a lookup, no hashing or sort."""
    both_bool = true.dtype.kind == pred.dtype.kind == "b"
    true, pred = _as_signed(true), _as_signed(pred)
    if true is None or pred is None:
        return None
    low = min(true.min(), pred.min())
    span = int(max(true.max(), pred.max())) - int(low) + 1
    if span > max(_LOOKUP_SPAN, 2 * len(true)):
        return None
    present = np.zeros(span, dtype=bool)
    present[true - low] = True
    present[pred - low] = True
    classes = np.flatnonzero(present) + low
    if both_bool:
        classes = classes.astype(bool)
    lookup = (np.cumsum(present) - 1).astype(code_dtype(len(classes)))
    return classes, lookup[true - low], lookup[pred - low]


def _as_signed(values):
    if values.dtype.kind == "b":
        return values.view(np.uint8).astype(np.int64)
    if values.dtype == np.uint64 and values.max() > np.iinfo(np.int64).max:
        return None
    return values.astype(np.int64, copy=False)


def _encode_known(true, pred, classes):
    index = pd.Index(classes)
    t, p = index.get_indexer(true), index.get_indexer(pred)
    unknown = (t < 0), (p < 0)
    if unknown[0].any() or unknown[1].any():
        found = pd.unique(np.concatenate([true[unknown[0]], pred[unknown[1]]]))
        raise _validation.unlisted_labels(np.sort(found))
    dtype = code_dtype(len(classes))
    return np.asarray(classes), t.astype(dtype), p.astype(dtype)


def tally(true, pred, n_classes, weight=None):
    """Tallies of integer codes, with the dense matrix while K*K <= DENSE_LIMIT."""
    if n_classes * n_classes <= DENSE_LIMIT:
        matrix = confusion_matrix(true, pred, n_classes, weight)
        tp = np.diagonal(matrix).copy()
        support, predicted = matrix.sum(axis=1), matrix.sum(axis=0)
    else:
        matrix = None
        support = np.bincount(true, weight, minlength=n_classes)
        predicted = np.bincount(pred, weight, minlength=n_classes)
        hit = true == pred
        tp = np.bincount(true[hit], None if weight is None else weight[hit], n_classes)
    total = support.sum()
    return Tallies(tp, support, predicted, _scalar(total), _scalar(tp.sum()), matrix)


def confusion_matrix(true, pred, n_classes, weight=None):
    """The dense K x K matrix (rows true, columns predicted) in one bincount."""
    cells = n_classes * n_classes
    if cells > MATERIALISE_LIMIT:
        raise MemoryError(
            f"a dense confusion matrix of {n_classes} classes has {cells:,} cells, too "
            "many to build; use the per-class metrics or report(), which need no matrix."
        )
    flat = true.astype(np.intp) * n_classes + pred
    return np.bincount(flat, weight, minlength=cells).reshape(n_classes, n_classes)


def tally_multilabel(true, pred, weight=None):
    """Per-label tallies of two boolean (N, L) indicator arrays."""
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
    return Tallies(tp, support, predicted, total, correct, None, negatives)


def multilabel_matrices(tallies):
    """(L, 2, 2) matrices [[tn, fp], [fn, tp]], as sklearn's multilabel_confusion_matrix."""
    t = tallies
    return np.stack([t.tn, t.fp, t.fn, t.tp], axis=-1).reshape(-1, 2, 2)


def _scalar(value):
    return value.item() if isinstance(value, np.generic) else value
