"""Hypothesis strategies shared by the tests: random problems of every label kind."""

import os
from dataclasses import dataclass
from typing import Optional

import numpy as np
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

# label kind -> function turning codes 0..K-1 into labels of that kind
# A test that sets its own number of examples states it for the "local" profile
# (tests/conftest.py); the others scale it: "default" is sized for CI.
_EXAMPLES_SCALE = {"default": 0.3, "smoke": 0.2, "local": 1.0, "mutation": 1.0, "thorough": 10.0}


def examples(n):
    """The ``max_examples`` of a test that would try ``n`` under the "local" profile: at
    least 5 (or ``n`` when fewer) whatever the scale."""
    scale = _EXAMPLES_SCALE[os.environ.get("HYPOTHESIS_PROFILE", "default")]
    return max(min(n, 5), round(n * scale))


LABEL_KINDS = {
    "int": lambda codes: codes * 3 - 7,  # negative and non-contiguous integers
    "str": lambda codes: np.array([f"class_{c:03d}" for c in range(60)], dtype=object)[codes],
    "bool": lambda codes: codes.astype(bool),
    "float": lambda codes: codes.astype(np.float64) + 1.0,
    "unicode": lambda codes: np.array([chr(0x3B1 + c) for c in range(60)])[codes],  # numpy <U1
}


# Zero or realistic magnitudes: counts are exact to rounding relative to the total
# weight, so a weight 1e-21 times the others is lost in tn = total - tp - fp - fn
# (documented in docs/conventions.rst).
WEIGHTS = st.one_of(st.just(0.0), st.floats(1e-3, 10))


@dataclass
class Problem:
    y_true: np.ndarray
    y_pred: np.ndarray
    weight: Optional[np.ndarray]
    labels: Optional[np.ndarray]  # None, or the union plus absent classes, shuffled


@st.composite
def problems(draw, weighted=None, kinds=tuple(LABEL_KINDS), with_labels=None, n_classes=None):
    """A random multiclass problem: K in 1..60, N in 1..150, pred correlated with true.

    ``n_classes``: the evaluation has exactly this many classes (all of them
    in ``labels`` when it is given, else all of them in ``y_true``).
    """
    fixed = n_classes is not None
    kind = draw(st.sampled_from([k for k in kinds if n_classes in (None, 2) or k != "bool"]))
    if not fixed:
        n_classes = 2 if kind == "bool" else draw(st.sampled_from([1, 2, 3, 5, 12, 50]))
    n = draw(st.integers(n_classes if fixed else 1, 150))
    codes = hnp.arrays(np.int64, n, elements=st.integers(0, n_classes - 1))
    true, noise = draw(codes), draw(codes)
    right = draw(hnp.arrays(bool, n))
    pred = np.where(right, true, noise)
    to_labels = LABEL_KINDS[kind]
    weight = None
    if weighted if weighted is not None else draw(st.booleans()):
        weight = draw(hnp.arrays(np.float64, n, elements=WEIGHTS))
        weight[draw(st.integers(0, n - 1))] += 1.0  # a positive sum
    labels = None
    if with_labels if with_labels is not None else draw(st.booleans()):
        extra = draw(st.integers(0, 3)) if kind != "bool" and not fixed else 0
        used = np.union1d(true, pred)
        absent = np.setdiff1d(np.arange(n_classes + extra), used)
        absent = absent if fixed else absent[:extra]
        order = draw(st.permutations(np.concatenate([used, absent]).tolist()))
        labels = to_labels(np.asarray(order, dtype=np.int64))
    elif fixed:  # every class in y_true
        true[:n_classes] = draw(st.permutations(range(n_classes)))
    return Problem(to_labels(true), to_labels(pred), weight, labels)


@st.composite
def multilabel_problems(draw, weighted=None):
    """Random (N, L) 0/1 indicator pairs, L >= 2."""
    n = draw(st.integers(1, 100))
    n_labels = draw(st.integers(2, 8))
    shape = (n, n_labels)
    true = draw(hnp.arrays(bool, shape))
    flips = draw(hnp.arrays(bool, shape, elements=st.sampled_from([False, False, True])))
    pred = true ^ flips
    weight = None
    if weighted if weighted is not None else draw(st.booleans()):
        weight = draw(hnp.arrays(np.float64, n, elements=WEIGHTS))
        weight[0] += 1.0
    dtype = draw(st.sampled_from([bool, np.int64, np.float64]))
    return Problem(true.astype(dtype), pred.astype(dtype), weight, None)
