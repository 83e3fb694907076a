"""Tables of an evaluation's state: the per-class report, the summary, and the
threshold curve of binary scores with its best threshold.

Their metric columns come from the registry rows.
"""

import warnings

import numpy as np
import pandas as pd

from .. import validation as _validation
from ..core import scores as _scores, state as _state, tally as _tally
from . import (
    formulas as _formulas, label_metrics as _label_metrics, ranking as _ranking,
    registry as _registry, score_metrics as _score_metrics,
)
from ..stats import intervals as _intervals
from .docstrings import share
from ..core.options import NOT_GIVEN, Default

COUNTS = ("support", "predicted", "tp", "fp", "fn", "tn")  # report()'s count columns


@share
def threshold_curve(state, *, sample_weight=None, zero_division=Default("warn")):
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
        A threshold above every score (nothing predicted positive) is not a row,
        nor is a score of samples of zero weight only (as if they were removed).

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
    zero_division = state.zero_division(zero_division)
    scored = state.scored_for("threshold_curve", binary=True)
    if sample_weight is None:  # the ranking every score query shares
        ranking, unit = _score_metrics.positive_ranking(state), state.tallies.unit
    else:
        weight, unit = _tally.in_units(state.weight_for(sample_weight))
        ranking = _ranking.rank(scored.scores, state.samples.true == scored.positive, weight)
    # a score of samples of zero weight only is no threshold: they are not there
    thresholds, counts = _scores.sweep(_ranking.weighed(ranking))
    # the columns are fresh arrays: no copy (a copy of 10^7 rows takes seconds)
    columns = _scores.curve(thresholds, counts, zero_division, _registry.CURVE, unit)
    return pd.DataFrame(columns, copy=False)


@share
def best_threshold(state, metric="AS", *, sample_weight=None, zero_division=Default("warn")):
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
    state.scored_for("best_threshold", binary=True)
    curve = threshold_curve(state, sample_weight=sample_weight, zero_division=zero_division)
    values = curve[column].to_numpy()
    if np.isnan(values).all():
        raise _undefined_everywhere(column)
    best = int(np.nanargmax(values))  # the first: the lowest threshold
    return float(curve["threshold"].iat[best]), float(values[best])


def _undefined_everywhere(column):
    return _validation.InputError(
        "{column} is undefined (nan) at every threshold, so none is best; pass {0} or 1.0 to "
        "give 0/0 a value.", _validation.Arg("zero_division", 0.0), column=column
    )


@share
def report(state, *, sample_weight=None, zero_division=Default("warn"), ci=None,
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
        its ``<column>_low`` and ``<column>_high`` bounds (``auc``:
        DeLong's unless ``ci`` is a method of its own). An evaluation
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
    zero_division = state.zero_division(zero_division)
    t = state.query(sample_weight)
    intervals = _tabled_intervals(state, sample_weight, zero_division, ci, confidence,
                                  n_resamples, random_state)
    columns = {name: t.counted(getattr(t, name)) for name in COUNTS}
    for metric in _registry.REPORT:
        columns[metric.column] = _formulas.per_class(metric.formula, t, zero_division,
                                                     metric.title)
        if intervals is not None:
            low, high, _ = _bounds(intervals, metric, {"average": None})
            columns[f"{metric.column}_low"], columns[f"{metric.column}_high"] = low, high
    if state.has_scores() and sample_weight is None:
        for metric in _registry.SCORE_REPORT:
            with warnings.catch_warnings():
                if zero_division != "warn":  # a value chosen for undefined ones: no warning
                    warnings.simplefilter("ignore", _formulas.UndefinedMetricWarning)
                columns[metric.column] = metric.per_class(state)
            if intervals is not None:
                low, high = _class_score_bounds(intervals, metric, state.n_classes)
                columns[f"{metric.column}_low"], columns[f"{metric.column}_high"] = low, high
    return pd.DataFrame(columns, index=pd.Index(state.labels, name="label", copy=True))


# scikit-learn's classification_report: its columns, its averages, and the
# longest name of an average's row (the least width of the name column)
SKLEARN_HEADERS = tuple(heading for heading, _ in _registry.CLASSIFICATION_REPORT) + ("support",)
SKLEARN_AVERAGES = ("micro", "macro", "weighted")
_LONGEST_HEADING = "weighted avg"


@share
def classification_report(state, *, digits=2, target_names=None, output_dict=False,
                          zero_division=Default("warn")):
    """scikit-learn's classification report: precision, recall, F1 and support per class.

    The string (or dict) is the one ``sklearn.metrics.classification_report``
    returns for the same samples, with ``labels=cm.labels`` and the
    evaluation's weights: a row per class, then the averages. For
    single-label input the micro average is the accuracy (every class of
    the data is among the labels), printed as scikit-learn prints it: one
    ``accuracy`` row with the F1 column only; multilabel input has
    ``micro avg``, ``macro avg``, ``weighted avg`` and ``samples avg`` rows.
    Every value comes from the cached tallies, but ``samples avg``, which
    needs each sample's labels: a multilabel evaluation keeps its indicator
    arrays for it.

    Parameters
    ----------
    digits : int, default=2
        Digits after the decimal point of the scores in the string (the dict
        holds them unrounded).
    target_names : sequence of str, default=None
        The name of each class's row, in the order of ``labels``; by default
        each label as text (``"%s" % label``).
    output_dict : bool, default=False
        Return a dict ``{name: {"precision": ..., "recall": ..., "f1-score":
        ..., "support": ...}}`` (floats) instead of the string, whose
        ``"accuracy"`` entry, for single-label input, is one float.
    {{zero_division}}
        It applies to precision, recall and F1 where their denominator is 0,
        per class (and, for ``samples avg``, per sample).

    Returns
    -------
    str or dict
        The text report, whose support column counts samples (the sum of
        their weights when weighted: a float, printed as Python prints it),
        or its dict.

    Raises
    ------
    TypeError
        For ``digits`` that is not an integer, or ``target_names`` that is
        not a sequence of names.
    ValueError
        For negative ``digits``, ``target_names`` of another length than
        ``labels``, an ``output_dict`` that is not a bool, or a multilabel
        evaluation built from tallies (``a + b``, ``from_batches``,
        ``from_dask``, ``by_group``), which keeps no per-sample labels for
        its ``samples avg``.

    See Also
    --------
    report : Every per-class count and score, as a DataFrame.
    summary : The overall scores.

    Notes
    -----
    The per-class values are those of ``PS``, ``RS`` and ``F1S`` with
    ``average=None``, and the micro averages those of ``average="micro"``.
    The macro and weighted means (and the mean over samples) are taken in
    scikit-learn's order of operations (``numpy.nanmean``,
    ``numpy.average``), so that a mean on a tie of the printed digits
    (0.625 at two digits) rounds as scikit-learn's does; they can differ
    from ``PS(average="macro")`` and the other methods' means in their last
    bit. Counts, and weights whose sums are exact (such as multiples of
    0.25), give scikit-learn's string exactly. Other weights are added in
    another order than scikit-learn's: a float support can differ in its
    last digits, and a score in its last bit.

    Examples
    --------
    >>> from permetrics_lite import ClassificationMetric
    >>> cm = ClassificationMetric([0, 1, 2, 2, 2], [0, 0, 2, 2, 1])
    >>> print(cm.classification_report(target_names=["class 0", "class 1", "class 2"]))
                  precision    recall  f1-score   support
    <BLANKLINE>
         class 0       0.50      1.00      0.67         1
         class 1       0.00      0.00      0.00         1
         class 2       1.00      0.67      0.80         3
    <BLANKLINE>
        accuracy                           0.60         5
       macro avg       0.50      0.56      0.49         5
    weighted avg       0.70      0.60      0.61         5
    <BLANKLINE>
    >>> report = cm.classification_report(output_dict=True)
    >>> report["accuracy"], report["2"]["recall"]
    (0.6, 0.6666666666666666)
    """
    digits = _validation.check_integer_from("digits", digits, 0)
    output_dict = _validation.check_bool("output_dict", output_dict)
    zero_division = state.zero_division(zero_division)
    names = _check_target_names(target_names, state.labels)
    multilabel = state.is_multilabel
    if multilabel and state.samples is None:
        raise _samples_average_unavailable()
    t = state.tallies
    metrics = [row for _, row in _registry.CLASSIFICATION_REPORT]
    scores = [_formulas.per_class(m.formula, t, zero_division, m.title) for m in metrics]
    true_sum = t.tp + t.fn  # scikit-learn's support: tp + fn, the recall's denominator
    support = t.counted(true_sum)
    if not multilabel and t.correct == 0:
        # scikit-learn counts the true positives of no right prediction as float zeros:
        # its supports are then floats, even of counts
        support = support.astype(np.float64)
    rows = [(name, values) for name, *values in zip(names, *scores, support)]
    averages = {}
    micro = _formulas.Counts.pooled(t)
    for average in SKLEARN_AVERAGES + (("samples",) if multilabel else ()):
        heading = "accuracy" if average == "micro" and not multilabel else f"{average} avg"
        if average == "micro":
            values = [float(_formulas.per_class(m.formula, micro, zero_division, m.title))
                      for m in metrics]
        elif average == "samples":
            values = _samples_means(state, metrics, zero_division)
        else:
            weights = true_sum if average == "weighted" else None
            values = [_sklearn_mean(score, weights) for score in scores]
        averages[heading] = values + [np.sum(support)]
    if output_dict:
        return _report_dict(rows, averages)
    return _report_text(rows, averages, digits)


def _check_target_names(target_names, labels):
    """The name of each class's row: the given names, else each label as text."""
    if target_names is None:
        return ["%s" % (label,) for label in labels]
    if isinstance(target_names, (str, bytes)) or not np.iterable(target_names):
        raise _validation.InputTypeError(
            "{target_names} must be a sequence of names, one per class; got {got!r}.",
            "target_names", got=target_names
        )
    names = list(target_names)
    if len(names) != len(labels):
        raise _validation.InputError(
            "{target_names} has {n} names but the evaluation has {k} classes ({classes}); give "
            "one name per class, in the order of labels.", "target_names", n=len(names),
            k=len(labels), classes=_validation.preview(labels)
        )
    return names


def _samples_average_unavailable():
    return _validation.InputError(
        "classification_report of a multilabel evaluation needs each sample's labels for its "
        "'samples avg' row, and this evaluation keeps tallies only (a + b, from_batches, "
        "from_dask, by_group). Build it from the indicator arrays: {0}.",
        _validation.Term("ClassificationMetric(y_true, y_pred).classification_report()")
    )


def _sklearn_mean(values, weights=None):
    """The mean of per-class (or per-sample) values in scikit-learn's order of
    operations: nan left out, and a weighted mean of zero total weight is the plain mean."""
    keep = ~np.isnan(values)
    if not keep.any():
        return float("nan")
    if weights is None:
        return float(np.nanmean(values))
    try:
        return float(np.average(values[keep], weights=np.asarray(weights)[keep]))
    except ZeroDivisionError:
        return float(np.average(values[keep]))


def _samples_means(state, metrics, zero_division):
    """The means over samples of each sample's precision, recall and F1 (its true and
    predicted labels as two sets), weighted by the sample weights. A sample of no
    weight counts nothing: its ratios are 0/0, as in scikit-learn."""
    true, pred = state.samples.true, state.samples.pred
    tp = np.count_nonzero(true & pred, axis=1)
    predicted, support = np.count_nonzero(pred, axis=1), np.count_nonzero(true, axis=1)
    weight, _ = _tally.in_units(state.samples.weight)
    if weight is not None:
        kept = weight > 0
        tp, predicted, support = tp * kept, predicted * kept, support * kept
    counts = _formulas.Counts(tp, predicted - tp, support - tp,
                              true.shape[1] - predicted - support + tp)
    return [_sklearn_mean(_formulas.per_class(m.formula, counts, zero_division, m.title),
                          weight) for m in metrics]


def _report_dict(rows, averages):
    """The rows as dicts of floats (a repeated name keeps its last row), the accuracy
    as one float."""
    report = {name: dict(zip(SKLEARN_HEADERS, map(float, values))) for name, values in rows}
    for heading, values in averages.items():
        report[heading] = dict(zip(SKLEARN_HEADERS, map(float, values)))
    if "accuracy" in averages:
        report["accuracy"] = report["accuracy"]["precision"]
    return report


def _report_text(rows, averages, digits):
    """scikit-learn's layout: right-aligned names, columns of 9 characters."""
    width = max(max(len(str(name)) for name, _ in rows), len(_LONGEST_HEADING), digits)
    text = ("{:>{width}s} " + " {:>9}" * len(SKLEARN_HEADERS)).format(
        "", *SKLEARN_HEADERS, width=width) + "\n\n"
    row = "{:>{width}s} " + " {:>9.{digits}f}" * 3 + " {:>9}\n"
    for name, values in rows:  # every row, even of a repeated name
        text += row.format(str(name), *values, width=width, digits=digits)
    text += "\n"
    for heading, values in averages.items():
        if heading == "accuracy":  # precision and recall left blank
            accuracy = "{:>{width}s} " + " {:>9.{digits}}" * 2 + " {:>9.{digits}f} {:>9}\n"
            text += accuracy.format(heading, "", "", *values[2:], width=width, digits=digits)
        else:
            text += row.format(heading, *values, width=width, digits=digits)
    return text


def _tabled_intervals(state, sample_weight, zero_division, ci, confidence, n_resamples,
                      random_state):
    """The intervals of a table's rows (None without ``ci``), on an evaluation of its
    tallies (of ``sample_weight``) with its zero_division."""
    if ci is None:
        if not (isinstance(confidence, Default) and isinstance(n_resamples, Default)
                and random_state is None):
            raise _ci_options_without_ci()
        return None
    tallied = _state.of(state.labels, state.tallies_with_matrix(sample_weight),
                        state.n_samples, state.is_multilabel,
                        (NOT_GIVEN, state.derived_options()[1], zero_division))
    if ci == _intervals.AUTO:
        return _intervals.Chosen(tallied, confidence, n_resamples, random_state,
                                 sampled=state, sample_weight=sample_weight)
    return _intervals.Intervals(tallied, ci, confidence, n_resamples, random_state,
                                sampled=state, sample_weight=sample_weight)


def _ci_options_without_ci():
    return _validation.InputError(
        "{confidence}, {n_resamples} and {random_state} apply to intervals; pass {0}, "
        "'bootstrap' or another interval method with them.", _validation.Arg("ci", "wilson"),
        "confidence", "n_resamples", "random_state"
    )


def _bounds(intervals, metric, options):
    """(low, high, method) of a table's row, nan bounds and no method where none
    applies to it (``auto`` too: it refuses with MethodNotApplicable when no method
    applies); the row's value has warned already."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            if intervals.method == _intervals.AUTO:
                return tuple(intervals.chosen(metric, options)[1:])
            if metric.ranked is not None and intervals.method not in _OF_SCORES:
                return (*intervals.ranked(metric, options, "delong")[1:], "delong")  # its own
            return (*intervals.interval(metric, options)[1:], intervals.method)
    except (_validation.MethodNotApplicable, _validation.NotProbabilities):
        return np.nan, np.nan, None  # of a report's class: a column of nan


# the methods that apply to the AUC; with another, a table gives the AUC DeLong's interval
_OF_SCORES = _intervals.RANKING_METHODS + _intervals.RESAMPLING_METHODS


def _class_score_bounds(intervals, metric, n_classes):
    """(low, high) of each class's metric of scores: by the stratified bootstrap of the
    scores, or for the AUC by its standard error (DeLong's unless Hanley and
    McNeil's is asked for); else nan. The values have warned already."""
    nan = np.full(n_classes, np.nan), np.full(n_classes, np.nan)
    if intervals.method == _intervals.AUTO:  # DeLong's, as for the AUC's own row
        try:
            intervals = intervals.of("bootstrap" if metric.ranked is None else "delong")
        except _validation.InputError:  # weighted scores: neither applies
            return nan
    if intervals.method not in _intervals.RESAMPLING_METHODS:
        if metric.ranked is None:
            return nan
        method = (intervals.method if intervals.method in _intervals.RANKING_METHODS
                  else "delong")
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return intervals.class_ranked(method)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", _formulas.UndefinedMetricWarning)
        try:
            return intervals.stratified(metric.per_class)[1:]
        except _validation.MethodNotApplicable:  # a sum of score matrices: no samples
            return nan


@share
def summary(state, *, sample_weight=None, zero_division=Default("warn"), ci=None,
            confidence=Default(0.95), n_resamples=Default(_intervals.N_RESAMPLES),
            random_state=None):
    """Overall scores in one numeric table (with ``ci``, with their intervals).

    Parameters
    ----------
    {{sample_weight}}
    {{zero_division}}
    {{ci}}

    Returns
    -------
    DataFrame
        Indexed by ``metric``, one float column ``value``: ``n_samples``,
        ``n_classes``, ``AS``, ``BAS``, ``BAS_adjusted``, ``PCA_macro``, the
        macro and weighted means of precision (``PS_``), recall (``RS_``)
        and F1 (``F1S_``), then ``MCC`` and ``CKS`` (the multiclass forms,
        whatever the constructor's ``average``) and ``NIR``. An evaluation
        built by ``from_scores`` adds ``AUC``, ``APS``, ``LL`` and ``BSL``
        (nan for the losses when the scores are not probabilities); they
        are of the construction's weights, and left out with a
        ``sample_weight`` of the query. Multilabel input has no ``BAS``,
        ``MCC``, ``CKS`` or ``NIR`` rows (scikit-learn does not define them
        for it). With ``ci``, the same rows with the columns ``estimate``,
        ``low``, ``high`` (floats) and ``method`` (the interval method of
        each row; missing, with nan bounds, for the counts and for rows the
        method does not apply to); the AUC has DeLong's interval unless
        ``ci`` is a method of its own (``"hanley-mcneil"``, ``"bootstrap"``,
        ``"bca"``), and the other metrics of scores the bootstrap's. With
        ``ci="auto"`` each row has the first method that applies to it.

    Examples
    --------
    >>> from permetrics_lite import ClassificationMetric
    >>> cm = ClassificationMetric([0, 1, 0, 0, 1, 0], [0, 1, 0, 0, 0, 1])
    >>> cm.summary().loc[["AS", "BAS", "BAS_adjusted"]].round(4)
                   value
    metric
    AS            0.6667
    BAS           0.6250
    BAS_adjusted  0.2500
    >>> cm.summary(ci="auto", random_state=0).loc[["AS", "MCC"], "method"].tolist()
    ['clopper-pearson', 'bootstrap']
    """
    zero_division = state.zero_division(zero_division)
    intervals = _tabled_intervals(state, sample_weight, zero_division, ci, confidence,
                                  n_resamples, random_state)
    return summary_of(state, sample_weight, zero_division, intervals=intervals)


def _summary_value(state, tallied, metric, options):
    """A summary row: of the tallies, or of the scores (nan where they are not the
    probabilities a metric needs)."""
    if metric.kind != _registry.SCORE:
        return _registry.method(metric)(tallied, **options)
    try:
        return _registry.method(metric)(state, **options)
    except _validation.NotProbabilities:
        return float("nan")


def summary_of(state, sample_weight, zero_division, warn=True, intervals=None):
    """The summary's rows: each metric's summary forms (its registry row says which),
    asked of the tallies once. ``warn=False`` silences their warnings (a display);
    else balanced accuracy's warning about left-out classes is given once, not per row.
    With ``intervals``, a frame of each row's estimate and bounds."""
    tallies = state.query(sample_weight)
    tallied = _state.of(state.labels, tallies, state.n_samples, state.is_multilabel,
                        (NOT_GIVEN, state.derived_options()[1], zero_division))
    rows = {"n_samples": state.n_samples, "n_classes": state.n_classes}
    bounds = dict.fromkeys(rows, (np.nan, np.nan, None))
    with warnings.catch_warnings():
        if not warn:
            warnings.simplefilter("ignore")
        elif not state.is_multilabel:
            _label_metrics.warn_predicted_only(state, tallies)
            warnings.filterwarnings("ignore", _label_metrics.PREDICTED_ONLY, UserWarning)
        for metric in _registry.ALL_METRICS:
            if metric.kind == _registry.SCORE and (not state.has_scores()
                                                   or sample_weight is not None):
                continue  # metrics of scores: of the evaluation's own scores and weights
            if metric.multilabel or not state.is_multilabel:
                for suffix, options in metric.summary:
                    rows[metric.alias + suffix] = _summary_value(state, tallied, metric, options)
                    if intervals is not None:
                        bounds[metric.alias + suffix] = _bounds(intervals, metric, options)
    values = pd.Series(rows, dtype=np.float64)
    if intervals is None:
        return values.to_frame("value").rename_axis("metric")
    low, high, method = zip(*bounds.values())
    return pd.DataFrame({"estimate": values, "low": low, "high": high,
                         "method": pd.Series(method, index=values.index, dtype="string")},
                        index=values.index).rename_axis("metric")
