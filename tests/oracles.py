"""The oracle of every metric in the registry: how the tests know its right value.

Each metric has at least one oracle here, written from the textbook definition
or taken from another library, never from this library's formulas; a registry
row without one fails ``tests/test_registry.py``.

- ``ONE_VS_REST``: the value of one class against the rest from its counts
  (tp, fp, fn, tn), None when undefined (0/0). Exact on ``Fraction`` counts.
  The per-sample loops of ``test_oracle`` and the exact rationals of
  ``test_exact`` feed it.
- ``SET_WISE``: scikit-learn's function of the one-vs-rest family (with
  ``average``, ``pos_label``, ``zero_division``).
- ``WHOLE_PROBLEM``: scikit-learn's value of a whole-problem metric in its
  default form, as ``f(y_true, y_pred, sample_weight, labels)``.
- ``OTHER``: oracles with tests of their own (mlxtend; the brute-force rank
  count of top-k accuracy in ``test_scores``; scikit-learn's metrics of scores and
  the per-sample calibration loop below in ``test_score_metrics``).
"""

import math
from decimal import Decimal, localcontext
from fractions import Fraction
from statistics import NormalDist

import numpy as np
from sklearn import metrics as skm


# mlxtend is imported on the first call: its import loads matplotlib's pyplot, a second
# of every test process's start for the few tests that call it
def mlxtend_accuracy(*args, **kwargs):
    """mlxtend.evaluate.accuracy_score."""
    from mlxtend.evaluate import accuracy_score

    return accuracy_score(*args, **kwargs)


def mlxtend_lift(*args, **kwargs):
    """mlxtend.evaluate.lift_score."""
    from mlxtend.evaluate import lift_score

    return lift_score(*args, **kwargs)


def delong_placements(y_true, y_score):
    """DeLong's placement values from every (positive, negative) pair, a tie counting
    half: of each positive (1 in ``y_true``) among the negatives, then of each negative
    among the positives."""
    positives = [s for t, s in zip(y_true, y_score) if t == 1]
    negatives = [s for t, s in zip(y_true, y_score) if t == 0]

    def beats(a, b):
        return 1.0 if a > b else 0.5 if a == b else 0.0

    return ([sum(beats(p, n) for n in negatives) / len(negatives) for p in positives],
            [sum(beats(p, n) for p in positives) / len(positives) for n in negatives])


def brute_force_delong(y_true, y_score):
    """DeLong's AUC and variance from every (positive, negative) pair: the sample
    variances of the positives' and the negatives' placements over their counts."""
    v10, v01 = delong_placements(y_true, y_score)
    area = sum(v10) / len(v10)
    s10 = sum((v - area) ** 2 for v in v10) / (len(v10) - 1)
    s01 = sum((v - area) ** 2 for v in v01) / (len(v01) - 1)
    return area, s10 / len(v10) + s01 / len(v01)


def expected_bounds(area, variance, confidence):
    """The normal interval of ``area`` with ``variance`` at ``confidence``, clipped to
    [0, 1]."""
    z = NormalDist().inv_cdf(0.5 + confidence / 2)
    return max(0.0, area - z * math.sqrt(variance)), min(1.0, area + z * math.sqrt(variance))


def ratio(numerator, denominator):
    """numerator / denominator exactly, None when undefined (0/0)."""
    return None if denominator == 0 else Fraction(numerator) / Fraction(denominator)


def sqrt(value):
    """The square root of a non-negative number, to 60 digits, as a Fraction."""
    value = Fraction(value)
    with localcontext() as context:
        context.prec = 60
        root = (Decimal(value.numerator) / Decimal(value.denominator)).sqrt()
    return Fraction(root)


def fbeta(tp, fp, fn, tn, beta=1.0):
    b2 = Fraction(beta) ** 2
    return ratio((1 + b2) * tp, (1 + b2) * tp + b2 * fn + fp)


def g_mean(tp, fp, fn, tn):
    recall, specificity = ratio(tp, tp + fn), ratio(tn, tn + fp)
    return None if recall is None or specificity is None else sqrt(recall * specificity)


def both(first, second):
    """first + second - 1, None when either is undefined."""
    return None if first is None or second is None else first + second - 1


def matthews(tp, fp, fn, tn):
    spread = Fraction(tp + fp) * (tp + fn) * (tn + fp) * (tn + fn)
    if spread == 0:
        return None
    covariance = Fraction(tp) * tn - Fraction(fp) * fn
    return covariance / sqrt(spread) if covariance else Fraction(0)


def kappa(tp, fp, fn, tn):
    n = Fraction(tp + fp + fn + tn)
    observed = (tp + tn) / n
    chance = (Fraction(tp + fp) * (tp + fn) + Fraction(fn + tn) * (fp + tn)) / (n * n)
    return ratio(observed - chance, 1 - chance)


ONE_VS_REST = {  # alias -> the value of one class from (tp, fp, fn, tn)
    "PCA": lambda tp, fp, fn, tn: ratio(tp + tn, tp + fp + fn + tn),
    "PS": lambda tp, fp, fn, tn: ratio(tp, tp + fp),
    "RS": lambda tp, fp, fn, tn: ratio(tp, tp + fn),
    "SS": lambda tp, fp, fn, tn: ratio(tn, tn + fp),
    "NPV": lambda tp, fp, fn, tn: ratio(tn, tn + fn),
    "F1S": lambda tp, fp, fn, tn: fbeta(tp, fp, fn, tn, 1),
    "F2S": lambda tp, fp, fn, tn: fbeta(tp, fp, fn, tn, 2),
    "FBS": fbeta,
    "JSI": lambda tp, fp, fn, tn: ratio(tp, tp + fp + fn),
    "GMS": g_mean,
    "LS": lambda tp, fp, fn, tn: ratio(Fraction(tp) * (tp + fp + fn + tn),
                                       Fraction(tp + fp) * (tp + fn)),
    "BM": lambda tp, fp, fn, tn: both(ratio(tp, tp + fn), ratio(tn, tn + fp)),
    "MK": lambda tp, fp, fn, tn: both(ratio(tp, tp + fp), ratio(tn, tn + fn)),
    "MCC": matthews,
    "CKS": kappa,
}

SET_WISE = {  # alias -> scikit-learn's function
    "PS": skm.precision_score, "RS": skm.recall_score, "F1S": skm.f1_score,
    "F2S": lambda *a, **k: skm.fbeta_score(*a, beta=2, **k), "FBS": skm.fbeta_score,
    "JSI": skm.jaccard_score,
}

WHOLE_PROBLEM = {  # alias -> scikit-learn's value of the method's default form
    "AS": lambda t, p, w, labels: skm.accuracy_score(t, p, sample_weight=w),
    "BAS": lambda t, p, w, labels: skm.balanced_accuracy_score(t, p, sample_weight=w),
    "CM": lambda t, p, w, labels: skm.confusion_matrix(t, p, labels=labels, sample_weight=w),
    "MCC": lambda t, p, w, labels: skm.matthews_corrcoef(t, p, sample_weight=w),
    "CKS": lambda t, p, w, labels: skm.cohen_kappa_score(
        t, p, labels=labels, sample_weight=w, replace_undefined_by=0.0),
    "HML": lambda t, p, w, labels: skm.hamming_loss(t, p, sample_weight=w),
    "NIR": lambda t, p, w, labels: no_information_rate(t, w),
}

def no_information_rate(y_true, sample_weight=None):
    """The largest class share of y_true, summed sample by sample in exact fractions."""
    y_true = np.asarray(y_true).tolist()
    weights = [1] * len(y_true) if sample_weight is None else np.asarray(sample_weight).tolist()
    shares = {}
    for label, weight in zip(y_true, weights):
        shares[label] = shares.get(label, 0) + Fraction(weight)
    return float(max(shares.values()) / sum(shares.values()))


def calibration_bins(positive, probability, n_bins=5, strategy="uniform", sample_weight=None):
    """The bins of ``sklearn.calibration.calibration_curve``, one sample at a time.

    Each sample goes to ``np.searchsorted(edges[1:-1], p)`` (as scikit-learn bins
    it); a bin holding weight gives its (weighted) fraction of positives, its
    (weighted) mean probability and its weight. ``"quantile"`` edges are the
    percentiles of the probabilities, each repeated its weight (whole numbers).
    """
    probability = np.asarray(probability, dtype=np.float64)
    weight = (np.ones(len(probability)) if sample_weight is None
              else np.asarray(sample_weight, dtype=np.float64))
    if strategy == "quantile":
        repeats = [int(w) for w in weight.tolist()]
        if repeats != weight.tolist():
            raise ValueError("quantile bins of weights that are not whole numbers")
        edges = np.percentile(np.repeat(probability, repeats),
                              np.linspace(0, 1, n_bins + 1) * 100)
    elif strategy == "uniform":
        edges = np.linspace(0.0, 1.0, n_bins + 1)
    else:
        raise ValueError(f"unknown strategy {strategy!r}")
    totals, hits, sums = [0.0] * n_bins, [0.0] * n_bins, [0.0] * n_bins
    for p, y, w in zip(probability.tolist(), np.asarray(positive).tolist(), weight.tolist()):
        b = int(np.searchsorted(edges[1:-1], p))
        totals[b] += w
        hits[b] += w if y else 0.0
        sums[b] += w * p
    kept = [b for b in range(n_bins) if totals[b] > 0]
    return (np.array([hits[b] / totals[b] for b in kept]),
            np.array([sums[b] / totals[b] for b in kept]),
            np.array([totals[b] for b in kept]))


def expected_calibration_error(y_true, y_score, *, labels=None, pos_label=None, n_bins=10,
                               strategy="uniform", sample_weight=None):
    """ECE by a per-sample loop: the bin-weighted mean |fraction right - mean confidence|.

    Binary (1-D scores of ``pos_label``, else of the second of ``labels`` or of
    the sorted classes; or a two-column matrix, by its second column): the
    positive class's probability against being positive. Three or more
    columns (in the order of ``labels``, else of the sorted classes): each
    row's highest probability against its first highest column being the true
    class (Guo, Pleiss, Sun and Weinberger, ICML 2017).
    """
    y_true = np.asarray(y_true)
    y_score = np.asarray(y_score, dtype=np.float64)
    classes = list(labels) if labels is not None else sorted(set(y_true.tolist()))
    if y_score.ndim == 1:
        positive = pos_label if pos_label is not None else classes[1]
        right, confidence = [y == positive for y in y_true.tolist()], y_score
    elif y_score.shape[1] == 2:
        right, confidence = [y == classes[1] for y in y_true.tolist()], y_score[:, 1]
    else:
        right, confidence = [], []
        for y, row in zip(y_true.tolist(), y_score.tolist()):
            best = 0
            for column, value in enumerate(row):
                if value > row[best]:
                    best = column
            right.append(classes[best] == y)
            confidence.append(row[best])
    prob_true, prob_pred, weight = calibration_bins(right, confidence, n_bins, strategy,
                                                    sample_weight)
    total = sum(weight.tolist())
    return sum(w / total * abs(t - p) for t, p, w in zip(prob_true.tolist(),
                                                          prob_pred.tolist(), weight.tolist()))


OTHER = {  # alias -> an oracle with tests of its own
    "PCA": mlxtend_accuracy, "LS": mlxtend_lift,
    "TKA": skm.top_k_accuracy_score,  # and a brute-force rank count with ties, test_scores
    # metrics of scores: test_score_metrics
    "AUC": skm.roc_auc_score, "APS": skm.average_precision_score, "LL": skm.log_loss,
    "BSL": skm.brier_score_loss, "ECE": expected_calibration_error,
}

ORACLES = {}  # alias -> every oracle of the metric
for _table in (ONE_VS_REST, SET_WISE, WHOLE_PROBLEM, OTHER):
    for _alias, _oracle in _table.items():
        ORACLES.setdefault(_alias, []).append(_oracle)
