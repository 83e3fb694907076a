"""The states of the constructors: each validates its inputs, encodes and tallies them
once, and returns the :class:`~permetrics_lite.core.state.State` every query reads.

The docstrings here are the constructors' (``ClassificationMetric.from_scores``
...): the class binds these functions (``classification``).
"""

import numpy as np

from .. import validation as _validation
from . import scores as _scores, state as _state, tally as _tally
from ..metrics.docstrings import share
from .options import NO_OPTIONS, NOT_GIVEN, Default


def from_samples(y_true, y_pred, labels, sample_weight, options=NO_OPTIONS, positive_sum=True):
    """Validate, encode and tally once: the state of an evaluation of samples."""
    targets = _validation.check_targets(y_true, y_pred, labels)
    n_samples = len(targets.true)
    weight = _validation.check_sample_weight(sample_weight, n_samples, targets.index,
                                             positive_sum)
    if targets.is_multilabel:  # copies: the cache must not change with the caller's arrays
        classes, true, pred = targets.classes, np.array(targets.true), np.array(targets.pred)
        tallies = _tally.tally_multilabel(true, pred, weight)
    else:  # build() returns fresh codes
        classes, true, pred, tallies = _tally.build(
            targets.true, targets.pred, targets.classes, weight)
    return _state.of(np.array(classes), tallies, n_samples, targets.is_multilabel, options,
                     samples=(true, pred, weight, targets.index))


@share
def from_scores(y_true, y_score, *, threshold=Default(0.5), labels=None,
                sample_weight=None, average=NOT_GIVEN, pos_label=NOT_GIVEN,
                zero_division=NOT_GIVEN):
    """Build an evaluation from scores: thresholded binary scores or a score matrix.

    The scores become predictions once, at construction: 1-D scores
    predict the positive class where ``score >= threshold`` (the threshold
    rounded to the scores' own type, as NumPy compares); an (N, K)
    matrix predicts the class of its highest score, the first column of
    equal ones (``numpy.argmax``).

    1-D scores are the scores of the positive class: the class named by
    ``pos_label``, by ``labels=[negative, positive]``, by the column
    name of a one-column DataFrame or by a Series' name that is a class,
    else the second of the sorted classes (scikit-learn's
    ``classes_[1]``); of a two-column matrix, the class of its second
    column unless ``pos_label`` names the first. Every
    score metric and curve of a binary problem is of the positive class,
    and the ``pos_label`` of binary metrics such as ``PS`` defaults to it. A
    plain matrix's columns are the classes of ``labels``, else the sorted
    classes (an estimator's ``classes_``), even for a Categorical
    ``y_true``; a DataFrame (pandas or polars) or a pyarrow Table maps its
    columns by name. The result answers every metric, and
    also the score queries: top-k accuracy (``TKA``) from a histogram of
    the rank of each sample's true class, and, for 1-D scores, the
    threshold curve (``threshold_curve``, ``best_threshold``).

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True class labels, as for the constructor.
    y_score : array-like of shape (n_samples,) or (n_samples, n_classes)
        Finite numbers: probabilities, scores or decision values (any
        range; integers within +-2**53, which float64 holds exactly; text
        is refused, even "0.8"). 1-D (or a one-column DataFrame named
        after its class): the score of the positive class of a binary
        problem; a pandas or polars Series named after a class holds that
        class's scores (``proba["ham"]``), and a Series' name that is no
        class (``"score"``) names none. 2-D: one column per class, in the
        order of ``labels``, else of the sorted classes; the column names
        of a DataFrame (pandas or polars) or a pyarrow Table name the
        classes (pandas' default names ``0..K-1`` of unnamed columns do
        not).
    threshold : float, default=0.5
        1-D scores only: the lowest score predicted positive, compared in
        the scores' own precision (a float32 score written 0.7 is at
        ``threshold=0.7``). Use 0.0 for decision values such as
        ``decision_function`` output.
    labels : array-like, default=None
        The class of each column (2-D), or ``[negative, positive]`` (1-D),
        and the order of the evaluation's classes. By default a
        DataFrame's columns, else the sorted classes of ``y_true`` (all
        the categories of a Categorical, whose order stays the order of
        the evaluation's classes), which must then hold every class. With
        1-D scores, ``y_true`` holding only 0 or 1 (or only -1 or 1, or
        booleans) implies the pair ``[0, 1]`` (``[-1, 1]``,
        ``[False, True]``), as scikit-learn assumes.
    sample_weight : array-like of shape (n_samples,), default=None
        Weights, as for the constructor.
    {{query_defaults}}

    Returns
    -------
    ClassificationMetric

    Raises
    ------
    ValueError
        For NaN or infinite scores, integers beyond +-2**53, lengths that
        differ, a number of columns that is not the number of classes,
        1-D scores for other than two classes, a ``threshold`` given with
        a score matrix, column names and ``labels`` that name different
        classes, ``pos_label``, ``labels`` and a column name that disagree
        on the positive class of 1-D scores, or the constructor's errors
        for ``y_true``, ``labels`` and weights.
    TypeError
        For scores that are not numbers (text included), or a
        ``threshold`` that is not one.

    See Also
    --------
    top_k_accuracy_score, threshold_curve, best_threshold

    Examples
    --------
    >>> from permetrics_lite import ClassificationMetric
    >>> spam = ClassificationMetric.from_scores(["ham", "spam", "spam", "ham"],
    ...                                         [0.1, 0.8, 0.4, 0.6])
    >>> spam.CM().tolist(), spam.AS()
    ([[1, 1], [1, 1]], 0.5)
    >>> ClassificationMetric.from_scores(["ham", "spam", "spam", "ham"],
    ...                                  [0.1, 0.8, 0.4, 0.6], threshold=0.7).AS()
    0.75

    Scores of the first class name it (``predict_proba(X)[:, 0]``):

    >>> ClassificationMetric.from_scores(["ham", "spam", "spam", "ham"],
    ...                                  [0.9, 0.2, 0.6, 0.4], pos_label="ham").AS()
    0.5

    A score matrix predicts the class of each row's highest score:

    >>> scores = [[0.7, 0.2, 0.1], [0.3, 0.3, 0.4], [0.5, 0.5, 0.0]]
    >>> cm = ClassificationMetric.from_scores(["a", "b", "b"], scores, labels=["a", "b", "c"])
    >>> cm.CM().tolist(), cm.TKA(1), cm.TKA(2), cm.TKA(3)
    ([[1, 0, 0], [1, 0, 1], [0, 0, 0]], 0.3333333333333333, 0.6666666666666666, 1.0)
    """
    return scored_samples(y_true, y_score, threshold, labels, sample_weight,
                          (average, pos_label, zero_division))


def scored_samples(y_true, y_score, threshold, labels, sample_weight, options,
                   positive_sum=True):
    """The state of ``from_scores`` (``options``: average, pos_label, zero_division);
    ``positive_sum=False``: one part of many may weigh zero in all."""
    pos_label = options[1]
    targets = _validation.check_scores(y_true, y_score, labels,
                                       None if pos_label is NOT_GIVEN else pos_label)
    if targets.scores.ndim == 2 and not isinstance(threshold, Default):
        raise _validation.threshold_for_matrix(threshold)
    binary = targets.scores.ndim == 1
    threshold = _validation.check_threshold(getattr(threshold, "value", threshold))
    n_samples, n_classes = len(targets.true), len(targets.classes)
    weight = _validation.check_sample_weight(sample_weight, n_samples, targets.index,
                                             positive_sum)
    (true,) = _tally.encode_known(targets.columns, targets.true, where="y_true")
    pred, ranks = _scores.decide(true, targets.scores,
                                 _scores.in_precision(threshold, targets.dtype))
    (true, pred), lookup = _scores.in_class_order(targets.columns, targets.classes,
                                                  true, pred)
    in_units, _ = _tally.in_units(weight)  # counted as the tallies count
    scored = _scores.Scored(ranks, _tally.count(ranks, n_classes, in_units),
                            targets.scores if binary else None,
                            threshold if binary else None,
                            int(lookup[targets.positive]) if n_classes == 2 else 1,
                            None if binary else _scores.in_class_columns(targets.scores,
                                                                         lookup),
                            float(np.finfo(targets.dtype).eps))
    return _state.of(np.array(targets.classes), _tally.tally(true, pred, n_classes, weight),
                     n_samples, False, options,
                     samples=(true, pred, weight, targets.index), scored=scored)

@share
def from_confusion_matrix(matrix, labels=None, *, average=NOT_GIVEN,
                          pos_label=NOT_GIVEN, zero_division=NOT_GIVEN):
    """Build an evaluation from a K x K confusion matrix (rows true, columns predicted).

    The result answers every query from the matrix, as if built from the
    samples it counts. It keeps no per-sample labels, so queries refuse
    their own ``sample_weight``.

    Parameters
    ----------
    matrix : array-like, DataFrame or table of shape (n_classes, n_classes)
        Finite, non-negative counts; ``matrix[i, j]`` is the number (or
        weight) of samples of class ``labels[i]`` predicted as ``labels[j]``.
        Integral values are kept as exact integer counts. A pandas
        DataFrame's index and columns name its classes; a polars DataFrame's
        or an Arrow table's column names do, its rows in the columns' order
        (a table has no row names).
    labels : array-like of shape (n_classes,), default=None
        The class of each row and column. By default the names of a frame's
        classes, else 0..K-1. A frame whose classes have names (not pandas'
        default ``0..K-1`` or polars' ``column_0, column_1, ...``) is read by
        name: ``labels`` then give the classes' order and must name the same
        classes.
    {{query_defaults}}

    Returns
    -------
    ClassificationMetric
        ``n_samples`` is the matrix total when it holds counts, None when it
        holds non-integral weights.

    Raises
    ------
    ValueError
        If the matrix is not square, has negative or non-finite values, is
        all zero, or ``labels`` has the wrong length or duplicates.
    TypeError
        If the matrix does not hold numbers.

    Examples
    --------
    >>> from permetrics_lite import ClassificationMetric
    >>> cm = ClassificationMetric.from_confusion_matrix([[5, 1], [2, 2]], ["ham", "spam"])
    >>> cm.AS(), cm.RS(pos_label="spam"), cm.n_samples
    (0.7, 0.5, 10)

    ``CM(as_frame=True)`` round-trips:

    >>> same = ClassificationMetric.from_confusion_matrix(cm.CM(as_frame=True))
    >>> same.labels.tolist(), same.BAS()
    (['ham', 'spam'], 0.6666666666666667)
    """
    matrix, labels = _validation.check_confusion_matrix(matrix, labels)
    cells, unit = _tally.in_units(matrix.ravel())
    tallies = _tally.from_matrix(cells.reshape(matrix.shape))._replace(unit=unit)
    n_samples = tallies.total if matrix.dtype.kind == "i" else None
    return _state.of(np.array(labels), tallies, n_samples, False,
                     (average, pos_label, zero_division))
