"""Tables of an evaluation: the per-class report, the summary, and the
threshold curve of binary scores with its best threshold.

Their metric columns come from the registry rows.
"""

import warnings

import numpy as np
import pandas as pd

from . import (
    _confusion, _formulas, _intervals, _queries, _ranking, _registry, _score_metrics, _scores,
    _validation,
)
from ._docstrings import share
from ._options import NOT_GIVEN, Default

COUNTS = ("support", "predicted", "tp", "fp", "fn", "tn")  # report()'s count columns


@share
def threshold_curve(self, *, sample_weight=None, zero_division=Default("warn")):
    """Counts and scores at every threshold of binary scores, one row per distinct score.

    Row ``t`` is the evaluation of predicting the positive class (the
    class of the scores, see ``from_scores``) wherever ``score >= t``. For evaluations built by
    ``from_scores`` with 1-D scores.

    Parameters
    ----------
    {{sample_weight}}
    {{zero_division}}
        It applies to precision where no weight is predicted positive, and
        to recall (or specificity) when y_true has no positive (negative).

    Returns
    -------
    DataFrame
        Thresholds ascending, with columns ``threshold``, ``tp``, ``fp``,
        ``fn``, ``tn`` (ints, floats when weighted), ``accuracy``,
        ``balanced_accuracy``, ``recall``, ``specificity``,
        ``precision`` and ``f1`` of the positive class: what ``AS``,
        ``BAS``, ``RS``, ``SS``, ``PS`` and ``F1S`` give at that threshold.
        A threshold above every score (nothing predicted positive) is not a row.

    Raises
    ------
    ValueError
        For an evaluation without 1-D scores.

    See Also
    --------
    best_threshold : The row where a metric is highest.
    plot_threshold_curve : The curve as a plot.

    Notes
    -----
    The ranking of the scores (sorted once, on the first score query, and
    cached) holds the weight of each class at each distinct score; the
    curve is their cumulative sums from the top: O(D) for D distinct
    scores, never a pass per threshold. A query's own ``sample_weight``
    sorts again.

    Examples
    --------
    >>> from permetrics_lite import ClassificationMetric
    >>> cm = ClassificationMetric.from_scores([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    >>> cm.threshold_curve()[["threshold", "tp", "fp", "accuracy", "recall"]]
       threshold  tp  fp  accuracy  recall
    0       0.10   2   2      0.50     1.0
    1       0.35   2   1      0.75     1.0
    2       0.40   1   1      0.50     0.5
    3       0.80   1   0      0.75     0.5
    """
    zero_division = self._zero_division(zero_division)
    scored = self._scored_for("threshold_curve", binary=True)
    weight, unit = _confusion.in_units(self._weight_for(sample_weight))
    if sample_weight is None:  # the ranking every score query shares
        ranking = _score_metrics.positive_ranking(self)
    else:
        ranking = _ranking.rank(scored.scores, self._true == scored.positive, weight)
    thresholds, counts = _scores.sweep(ranking)
    # the columns are fresh arrays: no copy (a copy of 10^7 rows takes seconds)
    columns = _scores.curve(thresholds, counts, zero_division, _registry.CURVE, unit)
    return pd.DataFrame(columns, copy=False)


@share
def best_threshold(self, metric="AS", *, sample_weight=None, zero_division=Default("warn")):
    """The threshold of binary scores at which a metric is highest, and that value.

    Parameters
    ----------
    metric : str, default="AS"
        A column of :meth:`threshold_curve` (``"accuracy"``,
        ``"balanced_accuracy"``, ``"recall"``, ``"specificity"``,
        ``"precision"``, ``"f1"``), or the alias or long name of the same
        metric (``"AS"``, ``"BAS"``, ``"RS"``, ``"SS"``, ``"PS"``,
        ``"F1S"``, ``"f1_score"`` ...).
    {{sample_weight}}
    {{zero_division}}

    Returns
    -------
    (float, float)
        The threshold and the metric's value there. Of thresholds with
        the same best value, the lowest.

    Raises
    ------
    ValueError
        For an unknown ``metric``, an evaluation without 1-D scores, or a
        metric undefined (nan) at every threshold.

    See Also
    --------
    threshold_curve : Every threshold and its scores.

    Examples
    --------
    >>> from permetrics_lite import ClassificationMetric
    >>> cm = ClassificationMetric.from_scores([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    >>> cm.best_threshold()
    (0.35, 0.75)
    >>> cm.best_threshold("precision")
    (0.8, 1.0)
    """
    column = _scores.curve_column(metric, _registry.CURVE)
    self._scored_for("best_threshold", binary=True)
    curve = self.threshold_curve(sample_weight=sample_weight, zero_division=zero_division)
    values = curve[column].to_numpy()
    if np.isnan(values).all():
        raise _validation.undefined_everywhere(column)
    best = int(np.nanargmax(values))  # the first: the lowest threshold
    return float(curve["threshold"].iat[best]), float(values[best])


@share
def report(self, *, sample_weight=None, zero_division=Default("warn"), ci=None,
           confidence=Default(0.95), n_resamples=Default(_intervals.N_RESAMPLES),
           random_state=None):
    """Per-class counts and scores, one row per class (per label when multilabel).

    Parameters
    ----------
    {{sample_weight}}
    {{zero_division}}
    {{ci}}

    Returns
    -------
    DataFrame
        Indexed by ``label``, with columns ``support``, ``predicted``,
        ``tp``, ``fp``, ``fn``, ``tn`` (ints, floats when weighted), then
        the one-vs-rest scores ``accuracy``, ``recall``, ``precision``,
        ``specificity``, ``npv`` (negative predictive value), ``f1``,
        ``jaccard`` and ``mcc``: the values the metric methods give with
        ``average=None``. With ``ci``, each score column is followed by
        its ``<column>_low`` and ``<column>_high`` bounds. An evaluation
        built by ``from_scores`` adds ``auc`` and ``average_precision``: each
        class against the rest by its scores (the ``average=None`` values of
        ``AUC`` and ``APS``; for 1-D scores, the other class ranks by the
        reverse order); they are of the construction's weights, and left out
        with a ``sample_weight`` of the query. An undefined one (a class
        without samples, or with every sample) is nan, whatever
        ``zero_division``, which only chooses whether it warns. Export it with
        pandas' own writers (``to_csv``, ``to_markdown``, ``to_json`` ...).

    Examples
    --------
    >>> from permetrics_lite import ClassificationMetric
    >>> cm = ClassificationMetric([0, 0, 1, 1], [0, 1, 1, 1])
    >>> cm.report()[["support", "tp", "accuracy", "recall", "precision"]]
           support  tp  accuracy  recall  precision
    label
    0            2   1      0.75     0.5   1.000000
    1            2   2      0.75     1.0   0.666667
    """
    zero_division = self._zero_division(zero_division)
    t = self._query(sample_weight)
    intervals = _tabled_intervals(self, t, zero_division, ci, confidence, n_resamples,
                                  random_state)
    columns = {name: t.counted(getattr(t, name)) for name in COUNTS}
    for metric in _registry.REPORT:
        columns[metric.column] = _formulas.per_class(metric.formula, t, zero_division,
                                                     metric.title)
        if intervals is not None:
            low, high = _bounds(intervals, metric, {"average": None}, self.n_classes)
            columns[f"{metric.column}_low"], columns[f"{metric.column}_high"] = low, high
    if _score_metrics.has_scores(self) and sample_weight is None:
        for metric in _registry.SCORE_REPORT:
            with warnings.catch_warnings():
                if zero_division != "warn":  # a value chosen for undefined ones: no warning
                    warnings.simplefilter("ignore", _formulas.UndefinedMetricWarning)
                columns[metric.column] = metric.per_class(self)
            if intervals is not None:  # no interval method applies to a metric of scores
                columns[f"{metric.column}_low"] = columns[f"{metric.column}_high"] = np.full(
                    self.n_classes, np.nan)
    return pd.DataFrame(columns, index=pd.Index(self._labels, name="label"))


def _tabled_intervals(self, tallies, zero_division, ci, confidence, n_resamples,
                      random_state):
    """The intervals of a table's rows (None without ``ci``), on an evaluation of its
    tallies with its zero_division."""
    if ci is None:
        if not (isinstance(confidence, Default) and isinstance(n_resamples, Default)
                and random_state is None):
            raise _validation.ci_options_without_ci()
        return None
    tallied = self._from_tallies(self._labels, tallies, self.n_samples, self._is_multilabel,
                                 options=(NOT_GIVEN, NOT_GIVEN, zero_division))
    return _intervals.Intervals(tallied, ci, confidence, n_resamples, random_state)


def _bounds(intervals, metric, options, size=None):
    """(low, high) of a table's row, nan where the method does not apply to it."""
    try:
        return intervals.interval(metric, options)[1:]
    except _validation.MethodNotApplicable:
        nan = np.full(size, np.nan) if size is not None else np.nan
        return nan, nan


@share
def summary(self, *, sample_weight=None, zero_division=Default("warn"), ci=None,
            confidence=Default(0.95), n_resamples=Default(_intervals.N_RESAMPLES),
            random_state=None):
    """Overall scores in one Series (with ``ci``, a DataFrame with their intervals).

    Parameters
    ----------
    {{sample_weight}}
    {{zero_division}}
    {{ci}}

    Returns
    -------
    Series or DataFrame
        ``n_samples``, ``n_classes``, ``AS``, ``BAS``, ``BAS_adjusted``,
        ``PCA_macro``, the macro and weighted means of precision
        (``PS_``), recall (``RS_``) and F1 (``F1S_``), then ``MCC`` and
        ``CKS`` (the multiclass forms, whatever the constructor's
        ``average``). An evaluation built by ``from_scores`` adds ``AUC``,
        ``APS``, ``LL`` and ``BSL`` (nan for the losses when the scores are
        not probabilities); they are of the construction's weights, and left
        out with a ``sample_weight`` of the query. Multilabel input has no ``BAS``, ``MCC`` or ``CKS``
        rows (scikit-learn does not define them for it). With ``ci``, a
        DataFrame of the same rows with columns ``estimate``, ``low`` and
        ``high`` (nan bounds for the counts and for rows the method does
        not apply to).

    Examples
    --------
    >>> from permetrics_lite import ClassificationMetric
    >>> cm = ClassificationMetric([0, 1, 0, 0, 1, 0], [0, 1, 0, 0, 0, 1])
    >>> cm.summary()[["AS", "BAS", "BAS_adjusted"]].astype(float).round(4)
    AS              0.6667
    BAS             0.6250
    BAS_adjusted    0.2500
    Name: value, dtype: float64
    """
    zero_division = self._zero_division(zero_division)
    tallies = self._query(sample_weight)
    intervals = _tabled_intervals(self, tallies, zero_division, ci, confidence, n_resamples,
                                  random_state)
    return summary_of(self, sample_weight, zero_division, intervals=intervals)


def _summary_value(self, tallied, metric, options):
    """A summary row: of the tallies, or of the scores (nan where they are not the
    probabilities a metric needs)."""
    if metric.kind != _registry.SCORE:
        return getattr(tallied, metric.name)(**options)
    try:
        return getattr(self, metric.name)(**options)
    except _validation.NotProbabilities:
        return float("nan")


def summary_of(self, sample_weight, zero_division, warn=True, intervals=None):
    """The summary's rows: each metric's summary forms (its registry row says which),
    asked of the tallies once. ``warn=False`` silences their warnings (a display);
    else balanced accuracy's warning about left-out classes is given once, not per row.
    With ``intervals``, a frame of each row's estimate and bounds."""
    tallies = self._query(sample_weight)
    tallied = self._from_tallies(self._labels, tallies, self.n_samples, self._is_multilabel,
                                 options=(NOT_GIVEN, NOT_GIVEN, zero_division))
    rows = {"n_samples": self.n_samples, "n_classes": self.n_classes}
    bounds = dict.fromkeys(rows, (np.nan, np.nan))
    with warnings.catch_warnings():
        if not warn:
            warnings.simplefilter("ignore")
        elif not self._is_multilabel:
            _queries.warn_predicted_only(self, tallies)
            warnings.filterwarnings("ignore", _queries.PREDICTED_ONLY, UserWarning)
        for metric in _registry.ALL_METRICS:
            if metric.kind == _registry.SCORE and (not _score_metrics.has_scores(self)
                                                   or sample_weight is not None):
                continue  # metrics of scores: of the evaluation's own scores and weights
            if metric.multilabel or not self._is_multilabel:
                for suffix, options in metric.summary:
                    rows[metric.alias + suffix] = _summary_value(self, tallied, metric, options)
                    if intervals is not None:
                        bounds[metric.alias + suffix] = _bounds(intervals, metric, options)
    if intervals is None:
        return pd.Series(rows, name="value", dtype=object)
    low, high = zip(*bounds.values())
    return pd.DataFrame({"estimate": pd.Series(rows, dtype=object), "low": low, "high": high},
                        index=list(rows))
