"""Metrics of scores from one sort: curves, areas, losses and calibration.

Sorting one column of scores gives a :class:`Ranking`: the distinct scores,
highest first, and the weight of the class's samples (``pos``) and of the other
samples (``neg``) at each. Samples with equal scores share every term, so each
curve is a function of the cumulative sums of those two arrays, and each area,
loss and calibration bin a sum over the distinct scores: O(D) for D distinct
scores, whatever the number of samples. The definitions are scikit-learn's;
where it cancels or rounds twice, the counts here are summed exactly
(integers, unless weighted) and divided once.
"""

from typing import NamedTuple

import numpy as np

from ..core import user_warnings as _user_warnings
from . import formulas as _formulas

EPS = np.finfo(np.float64).eps  # log loss clips float64 probabilities to [EPS, 1 - EPS]


class Ranking(NamedTuple):
    """One column of scores against one class, sorted once."""

    thresholds: np.ndarray  # the distinct scores, highest first
    pos: np.ndarray  # weight (count, unweighted) of the class's samples at each score
    neg: np.ndarray  # weight (count) of the other samples at each score


def rank(scores, positive, weight=None):
    """The :class:`Ranking` of ``scores`` for the samples where ``positive`` is true.

    Unweighted, two value sorts (of every score, and of the positives' scores)
    and a binary search of each positive among the distinct scores replace an
    argsort and its gathers: numpy sorts values several times faster than it
    sorts indices.
    """
    if weight is None:
        ascending = np.sort(scores)
        first = np.empty(len(ascending), dtype=bool)  # where each distinct score starts
        first[0] = True
        np.not_equal(ascending[1:], ascending[:-1], out=first[1:])
        starts = np.flatnonzero(first)
        distinct = len(starts) == len(ascending)  # common: scores of a continuous model
        values = ascending if distinct else ascending[starts]
        positives = np.sort(scores[positive])
        pos = np.bincount(np.searchsorted(values, positives), minlength=len(values))
        sizes = 1 if distinct else np.diff(starts, append=len(ascending))
        counts = np.uint32 if len(scores) < 2**32 else np.int64  # 16 B per distinct score
        return Ranking(values[::-1], pos[::-1].astype(counts), (sizes - pos)[::-1].astype(counts))
    return weighted(order_of(scores), positive, weight)


class Order(NamedTuple):
    """One column of scores sorted once, for its rankings under any weights."""

    order: np.ndarray  # the samples, scores descending (equal scores in sample order)
    first: np.ndarray  # where each distinct score starts in that order
    thresholds: np.ndarray  # the distinct scores, highest first


def order_of(scores):
    """The :class:`Order` of a column of scores: one argsort."""
    order = np.argsort(scores, kind="stable")[::-1]
    descending = scores[order]
    first = np.append(0, np.flatnonzero(np.diff(descending)) + 1)
    return Order(order, first, descending[first])


def weighted(order, positive, weight):
    """The :class:`Ranking` of sorted scores for the samples where ``positive`` is true,
    each weighing its ``weight``: O(N), no sort."""
    sorted_weight, sorted_positive = weight[order.order], positive[order.order]
    return Ranking(order.thresholds,
                   np.add.reduceat(np.where(sorted_positive, sorted_weight, 0.0), order.first),
                   np.add.reduceat(np.where(sorted_positive, 0.0, sorted_weight), order.first))


def combined(rankings):
    """One ranking of the samples of several: the micro-average's (a column's scores
    against each class), or the parts of a sum. The rankings are sorted runs, which
    a stable sort merges in about one pass."""
    thresholds = np.concatenate([r.thresholds[::-1] for r in rankings])  # ascending runs
    order = np.argsort(thresholds, kind="stable")[::-1]  # equal scores are summed: any order
    descending = thresholds[order]
    first = np.flatnonzero(np.r_[True, descending[1:] != descending[:-1]])
    integers = all(r.pos.dtype.kind in "iu" for r in rankings)
    wide = np.int64 if integers else np.float64  # N * K may pass 2^32
    # both counts in one array: one gather and one sum for the two
    counts = np.concatenate([np.stack([r.pos[::-1], r.neg[::-1]], axis=1).astype(wide)
                             for r in rankings])
    summed = np.add.reduceat(counts[order], first, axis=0)
    return Ranking(descending[first], summed[:, 0].copy(), summed[:, 1].copy())


def flipped(ranking):
    """The ranking of the other class by the reverse order (scores negated, exactly)."""
    return Ranking(-ranking.thresholds[::-1], ranking.neg[::-1], ranking.pos[::-1])


def weighed(ranking):
    """The ranking without scores of zero total weight: scikit-learn drops the
    samples of zero weight before it sorts."""
    keep = (ranking.pos + ranking.neg) > 0
    return ranking if keep.all() else Ranking(*(part[keep] for part in ranking))


def at_thresholds(ranking):
    """``(fps, tps, thresholds)`` as scikit-learn's ``confusion_matrix_at_thresholds``:
    the weight of negatives and positives at or above each distinct score."""
    ranking = weighed(ranking)
    return (np.cumsum(ranking.neg, dtype=np.float64), np.cumsum(ranking.pos, dtype=np.float64),
            ranking.thresholds)


def _corners(*series):
    """Indices of the points that are not collinear with both neighbours."""
    return np.flatnonzero(np.concatenate(
        [[True], np.logical_or.reduce([np.diff(s, 2) != 0 for s in series]), [True]]))


def _tp_changes(tps):
    """Indices of the points where the true positives change on one side or the other."""
    return np.flatnonzero(np.concatenate(
        [[True], (np.diff(tps[:-1]) != 0) | (np.diff(tps[1:]) != 0), [True]]))


def _rate(counts, what):
    if counts[-1] <= 0:
        _user_warnings.warn(_formulas.UndefinedMetricWarning(
            "No {what} samples in {y_true}: the {what} rate is undefined (nan).", "y_true",
            what=what))
        return np.full(counts.shape, np.nan)
    return counts / counts[-1]


def roc_curve(ranking, drop_intermediate=True):
    """``(fpr, tpr, thresholds)``, as ``sklearn.metrics.roc_curve``."""
    fps, tps, thresholds = at_thresholds(ranking)
    if drop_intermediate and len(fps) > 2:
        keep = _corners(fps, tps)
        fps, tps, thresholds = fps[keep], tps[keep], thresholds[keep]
    fps, tps = np.append(0.0, fps), np.append(0.0, tps)
    thresholds = np.append(np.inf, thresholds)
    return _rate(fps, "negative"), _rate(tps, "positive"), thresholds


def precision_recall_curve(ranking, drop_intermediate=False):
    """``(precision, recall, thresholds)``, as ``sklearn.metrics.precision_recall_curve``:
    thresholds ascending, and a last point (precision 1, recall 0) without one."""
    fps, tps, thresholds = at_thresholds(ranking)
    if drop_intermediate and len(fps) > 2:
        keep = _tp_changes(tps)
        fps, tps, thresholds = fps[keep], tps[keep], thresholds[keep]
    precision = tps / (tps + fps)  # every threshold is some sample's score: tps + fps > 0
    if tps[-1] == 0:
        _user_warnings.warn(_formulas.UndefinedMetricWarning(
            "No positive samples in {y_true}: recall is set to 1 at every threshold, as "
            "scikit-learn does.", "y_true"))
        recall = np.ones_like(tps)
    else:
        recall = tps / tps[-1]
    return (np.append(precision[::-1], 1.0), np.append(recall[::-1], 0.0),
            thresholds[::-1].copy())


def det_curve(ranking, drop_intermediate=False):
    """``(fpr, fnr, thresholds)``, as ``sklearn.metrics.det_curve``: from the last
    threshold without false positives to the first without false negatives."""
    fps, tps, thresholds = at_thresholds(ranking)
    fps, tps = np.append(0.0, fps), np.append(0.0, tps)
    thresholds = np.append(np.inf, thresholds)
    if drop_intermediate and len(fps) > 2:
        keep = _tp_changes(tps)
        fps, tps, thresholds = fps[keep], tps[keep], thresholds[keep]
    first = np.searchsorted(fps, fps[0], "right") - 1
    last = np.searchsorted(tps, tps[-1]) + 1
    kept = slice(first, last)
    return (fps[kept][::-1] / fps[-1], (tps[-1] - tps[kept])[::-1] / tps[-1],
            thresholds[kept][::-1].copy())


def has_both(ranking):
    """Whether the ranking has weight on both sides: what every area needs."""
    return ranking.pos.sum() > 0 and ranking.neg.sum() > 0


def roc_auc(ranking, max_fpr=None):
    """The area under the ROC curve: the probability that a positive scores above a
    negative, ties counting half; with ``max_fpr``, McClish's standardised partial area.

    The whole area is one exact ratio of the counts (integers unless weighted),
    where scikit-learn sums trapezoids; the partial area follows its
    interpolation and trapezoids.
    """
    if max_fpr is not None and max_fpr != 1:
        fpr, tpr, _ = roc_curve(ranking)
        stop = np.searchsorted(fpr, max_fpr, "right")
        tpr = np.append(tpr[:stop], np.interp(max_fpr, fpr[stop - 1:stop + 1],
                                              tpr[stop - 1:stop + 1]))
        fpr = np.append(fpr[:stop], max_fpr)
        partial = np.trapezoid(tpr, fpr)
        low, high = 0.5 * max_fpr**2, max_fpr
        return float(0.5 * (1 + (partial - low) / (high - low)))
    pos, neg = ranking.pos, ranking.neg
    if pos.dtype.kind in "iu":
        pos, neg = pos.astype(np.int64), neg.astype(np.int64)
        # twice the numerator is at most 2 P N: past int64 (some 2e9 samples of each
        # class), Python's integers keep it exact
        if 2.0 * float(pos.sum(axis=-1).max()) * float(neg.sum(axis=-1).max()) >= 2.0**63:
            pos, neg = pos.astype(object), neg.astype(object)
    if pos.ndim == 2:  # the counts of resamples, one per row: each rounded once
        doubled = (neg * (2 * (np.cumsum(pos, axis=1) - pos) + pos)).sum(axis=1)
        return np.asarray(doubled / (2 * pos.sum(axis=1) * neg.sum(axis=1)), dtype=np.float64)
    above = np.cumsum(pos) - pos  # positives scored strictly higher
    if pos.dtype.kind in "iO":  # twice the area's numerator, an exact integer
        return int(np.dot(neg, 2 * above + pos)) / (2 * int(pos.sum()) * int(neg.sum()))
    return float(np.dot(neg, above + 0.5 * pos) / (pos.sum() * neg.sum()))


def placements(ranking):
    """DeLong's placement values at each distinct score, ties counting half: the
    share of negatives a positive there outscores (``positive``), and of positives
    that outscore a negative there (``negative``)."""
    pos, neg = ranking.pos.astype(np.float64), ranking.neg.astype(np.float64)
    below = neg.sum() - np.cumsum(neg)  # negatives scored strictly lower
    above = np.cumsum(pos) - pos  # positives scored strictly higher
    return (below + 0.5 * neg) / neg.sum(), (above + 0.5 * pos) / pos.sum()


def sample_placements(scores, positive):
    """The placement value of each sample (:func:`placements`): of the positives
    (``positive`` true) in their order, then of the negatives in theirs."""
    positives, negatives = scores[positive], scores[~positive]
    ranked_positives, ranked_negatives = np.sort(positives), np.sort(negatives)

    def ties_half(ranked, values):  # how many ranked values lie below each, a tie half
        return (np.searchsorted(ranked, values, "left")
                + np.searchsorted(ranked, values, "right")) / 2

    return (ties_half(ranked_negatives, positives) / len(negatives),
            1 - ties_half(ranked_positives, negatives) / len(positives))


def delong_variance(ranking):
    """The variance of the ROC AUC by DeLong, DeLong and Clarke-Pearson (1988): the
    variances of the positives' and of the negatives' placement values, over their
    counts. Samples at one score share their placement: O(D) for D distinct scores.
    nan with fewer than two positives or two negatives."""
    pos, neg = ranking.pos.astype(np.float64), ranking.neg.astype(np.float64)
    n1, n0 = pos.sum(), neg.sum()
    if n1 < 2 or n0 < 2:
        return float("nan")
    # the placements of ``placements``, computed in place: this runs on 10^7 distinct
    # scores, where each temporary array costs as much as a pass of the AUC
    half = np.multiply(pos, 0.5)
    negative = np.cumsum(pos)
    negative -= half  # positives above, ties half
    negative /= n1
    np.multiply(neg, 0.5, out=half)
    positive = np.cumsum(neg)
    positive -= half
    np.subtract(n0, positive, out=positive)  # negatives below, ties half
    positive /= n0
    area = np.dot(pos, positive) / n1
    positive -= area
    negative -= area
    s10 = np.dot(pos, np.square(positive, out=positive)) / (n1 - 1)
    s01 = np.dot(neg, np.square(negative, out=negative)) / (n0 - 1)
    return float(s10 / n1 + s01 / n0)


def hanley_mcneil_variance(area, n1, n0):
    """The variance of a ROC AUC of ``n1`` positives and ``n0`` negatives by Hanley and
    McNeil (1982), from the area alone (exponential score distributions)."""
    q1, q2 = area / (2 - area), 2 * area * area / (1 + area)
    return (area * (1 - area) + (n1 - 1) * (q1 - area * area)
            + (n0 - 1) * (q2 - area * area)) / (n1 * n0)


def average_precision(ranking):
    """Precision at each threshold weighted by the recall it adds, as
    ``sklearn.metrics.average_precision_score`` (no interpolation)."""
    fps, tps, _ = at_thresholds(ranking)
    return float(np.dot(np.diff(tps, prepend=0.0) / tps[-1], tps / (tps + fps)))


def log_loss_sum(ranking, complement=False, eps=EPS):
    """The sum of -log p of the ranking's positives (p clipped to [eps, 1 - eps], eps of
    the scores' own type as scikit-learn clips); with ``complement``, of 1-D binary
    scores: also -log(1 - p) of its negatives."""
    total = -np.dot(ranking.pos, np.log(np.clip(ranking.thresholds, eps, 1 - eps)))
    if complement:
        total -= np.dot(ranking.neg, np.log(np.clip(1 - ranking.thresholds, eps, 1 - eps)))
    return float(total)


def squared_error_sum(ranking, complement=False):
    """The sum of (y - p)^2 over the ranking's samples (y: 1 for positives); with
    ``complement``, of 1-D binary scores: also of the implied column 1 - p,
    rounded as scikit-learn rounds it."""
    t = ranking.thresholds
    if complement:
        return float(np.dot(ranking.pos, 2 * (1 - t) ** 2)
                     + np.dot(ranking.neg, (1 - (1 - t)) ** 2 + t**2))
    return float(np.dot(ranking.pos, (1 - t) ** 2) + np.dot(ranking.neg, t**2))


def calibration_bins(ranking, n_bins, strategy):
    """``(prob_true, prob_pred, weight)`` of each non-empty bin of scores, as
    ``sklearn.calibration.calibration_curve`` (plus each bin's weight)."""
    values, weight = ranking.thresholds, ranking.pos + ranking.neg
    if strategy == "quantile":  # whole weights: the quantiles of the repeated samples
        bins = repeated_percentiles(values[::-1], weight[::-1], np.linspace(0, 1, n_bins + 1) * 100)
    else:
        bins = np.linspace(0.0, 1.0, n_bins + 1)
    ids = np.searchsorted(bins[1:-1], values)
    total = np.bincount(ids, weights=weight, minlength=n_bins)
    filled = total != 0
    positives = np.bincount(ids, weights=ranking.pos, minlength=n_bins)
    scores = np.bincount(ids, weights=values * weight, minlength=n_bins)
    return positives[filled] / total[filled], scores[filled] / total[filled], total[filled]


def repeated_percentiles(values, counts, percents):
    """``np.percentile(np.repeat(values, counts), percents)`` (linear, as NumPy computes
    it), without the repetition: ``values`` ascending, ``counts`` whole numbers. The
    i-th of the repeated values is the value whose cumulative count first passes i,
    so the cost is O(D), not O(N), and whole-number weights of any size repeat no
    sample."""
    ends = np.cumsum(counts, dtype=np.float64)  # exact below 2**53
    n = ends[-1]
    q = np.true_divide(percents, 100)
    virtual = (n - 1) * q  # NumPy's linear virtual index
    previous = np.floor(virtual)
    gamma = virtual - previous
    previous = np.clip(previous, 0, n - 1)
    following = np.minimum(previous + 1, n - 1)
    top = virtual >= n - 1  # past the last value: the last value
    previous[top] = following[top] = n - 1

    def at(index):
        # (min: beyond 2**53 samples the last index rounds to the count itself)
        return values[np.minimum(np.searchsorted(ends, index, side="right"), len(values) - 1)]

    a, b = at(previous), at(following)
    difference = b - a
    # NumPy's interpolation: from the nearer end, so that 0 and 1 give the ends exactly
    return np.where(gamma >= 0.5, b - difference * (1 - gamma), a + difference * gamma)


def calibration_error(ranking, n_bins, strategy):
    """The bin-weighted mean of |fraction positive - mean score| over the bins."""
    prob_true, prob_pred, weight = calibration_bins(ranking, n_bins, strategy)
    return float(np.dot(weight, np.abs(prob_true - prob_pred)) / weight.sum())


def one_vs_one(matrix, true, n_classes, weight=None):
    """``A[a, b]``: the AUC of class a against class b by column a (how often a
    sample of a outscores one of b there, ties counting half), for every pair.

    One sort of each class's own scores and a binary search of every sample in
    it: O(K N log N) for all K^2 pairs, not a sort per pair.
    """
    pairs = np.zeros((n_classes, n_classes))
    sizes = np.bincount(true, weights=weight, minlength=n_classes)
    for a in range(n_classes):
        own_scores = matrix[true == a, a]
        if weight is None:  # a value sort: the positions are the counts below
            sorted_own, below = np.sort(own_scores), None
        else:
            order = np.argsort(own_scores, kind="stable")
            sorted_own = own_scores[order]
            below = np.append(0.0, np.cumsum(weight[true == a][order]))
        # the weight of a's samples below (left) and at or below (right) each score
        right = np.searchsorted(sorted_own, matrix[:, a], "right")
        left = np.searchsorted(sorted_own, matrix[:, a], "left")
        total = len(sorted_own)
        if below is not None:
            right, left, total = below[right], below[left], below[-1]
        # twice (higher + half the ties): integers unweighted, so the sums below
        # are exact (below 2^53)
        doubled = 2 * (total - right) + (right - left)
        with np.errstate(divide="ignore", invalid="ignore"):
            pairs[a] = np.bincount(true, weights=doubled if weight is None else weight * doubled,
                                   minlength=n_classes) / 2 / (total * sizes)
    return pairs
