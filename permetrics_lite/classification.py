"""ClassificationMetric: validate and tally once, then answer every query from the tallies.

The class holds the cached state and its construction; its metric methods are
generated from the registry (``_registry``), implemented in ``_queries``; the
tables are in ``_report``, the sums in ``_merging``, the query options in
``_options``.
"""

import inspect
import sys

import numpy as np

from . import (
    _confusion, _counts, _groups, _intervals, _merging, _options, _registry, _report,
    _score_metrics, _scores, _validation,
)
from ._docstrings import share
from ._options import (  # noqa: F401 - also importable from here, as before _options existed
    AVERAGES, CM_NORMALIZE, KAPPA_WEIGHTS, NO_OPTIONS, NOT_GIVEN, OPTIONS,
    WHOLE_MATRIX_AVERAGES, Default,
)

_REPR_LABELS = 5  # labels shown by repr()
_freeze = _score_metrics.read_only  # state arrays, tuples of them: read-only
# Version of the pickled state. 0: the attributes themselves (release 0.1.0);
# 1: {"version", "library", "state"}, the tallies as field dicts (any field order);
# 2: the same, scores with the epsilon of their type (``Scored.eps``), which a reader
# of version 1 would not know.
STATE_VERSION = 2


def _tallies_state(tallies):
    """Tallies as plain dicts, read back whatever the order of their fields."""
    return dict(tallies._asdict(), cells=(
        None if tallies.cells is None else tallies.cells._asdict()))


def _tallies_from_state(state):
    state = dict(state)
    cells = state.pop("cells")
    return _confusion.Tallies(**state, cells=None if cells is None else _confusion.Cells(**cells))


def _evaluate(y_true, y_pred, labels, sample_weight, positive_sum=True):
    """Validate, encode and tally once: the state of an evaluation."""
    targets = _validation.check_targets(y_true, y_pred, labels)
    n_samples = len(targets.true)
    weight = _validation.check_sample_weight(sample_weight, n_samples, targets.index,
                                             positive_sum)
    if targets.is_multilabel:  # copies: the cache must not change with the caller's arrays
        classes, true, pred = targets.classes, np.array(targets.true), np.array(targets.pred)
        tallies = _confusion.tally_multilabel(true, pred, weight)
    else:  # build() returns fresh codes
        classes, true, pred, tallies = _confusion.build(
            targets.true, targets.pred, targets.classes, weight)
    return dict(labels=np.array(classes), tallies=tallies, n_samples=n_samples,
                is_multilabel=targets.is_multilabel, samples=(true, pred, weight, targets.index))


class ClassificationMetric:
    """Evaluate class predictions: encode and tally once, query many metrics.

    Construction validates the inputs, encodes the labels as small integer
    codes and tallies the confusion matrix in one vectorised pass. Every
    metric is then computed from those tallies, without reading the labels
    again; a query with its own ``sample_weight`` makes one pass over the
    cached codes.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,) or (n_samples, n_labels)
        True class labels (integers, booleans, integral floats or strings),
        or a 0/1 multilabel indicator array or DataFrame.
    y_pred : array-like of the same shape as ``y_true``
        Predicted class labels, of the same kind as ``y_true``.
    labels : array-like of shape (n_classes,), default=None
        The classes and their order. It may name classes absent from the data;
        a label found in the data but missing from ``labels`` is an error. By
        default: the sorted union of the labels of ``y_true`` and ``y_pred``
        (a pandas Categorical's categories come first, in their order). For
        multilabel input, one name per column (default: the DataFrame's column
        names, else 0..n_labels-1).
    sample_weight : array-like of shape (n_samples,), default=None
        Finite, non-negative weights with a positive sum; the default weighting
        of every query.
    average : {"binary", "micro", "macro", "weighted"} or None, optional
        When given, the default ``average`` of every method that takes one
        (then ``MCC`` and ``CKS`` give that one-vs-rest aggregate). A method's
        own argument wins.
    pos_label : label, optional
        When given, the positive class of every query with
        ``average="binary"``. A method's own argument wins.
    zero_division : {"warn", 0.0, 1.0, nan}, optional
        When given, the default value of every 0/0 result. A
        method's own argument wins.

    Attributes
    ----------
    labels : ndarray of shape (n_classes,)
        The classes in order (a read-only copy: changing it cannot change the
        evaluation).
    n_classes : int
        Number of classes (labels, for multilabel input).
    n_samples : int
        Number of samples.
    is_multilabel : bool
        Whether the inputs are multilabel indicator arrays.
    threshold : float or None
        The decision threshold of 1-D scores (``from_scores``), else None.

    Raises
    ------
    ValueError
        For bad values: empty or unequal inputs, missing labels, non-integral
        floats, labels outside ``labels``, bad weights, misaligned pandas indexes.
    TypeError
        For labels of the wrong kind, such as strings mixed with numbers.

    Examples
    --------
    >>> from permetrics_lite import ClassificationMetric
    >>> cm = ClassificationMetric(["cat", "dog", "cat", "bird"], ["cat", "cat", "cat", "bird"])
    >>> cm
    ClassificationMetric(n_samples=4, n_classes=3, labels=['bird', 'cat', 'dog'])
    >>> cm.AS()
    0.75
    >>> cm.PCA()
    {'bird': 1.0, 'cat': 0.75, 'dog': 0.75}

    Options given to the constructor become the defaults of every query:

    >>> spam = ClassificationMetric(["ham", "spam", "spam"], ["ham", "spam", "ham"],
    ...                             average="binary", pos_label="spam")
    >>> spam.PS(), spam.RS(), spam.RS(pos_label="ham")
    (1.0, 0.5, 1.0)
    """

    def __init__(self, y_true, y_pred, *, labels=None, sample_weight=None,
                 average=NOT_GIVEN, pos_label=NOT_GIVEN, zero_division=NOT_GIVEN):
        self._init_state(**_evaluate(y_true, y_pred, labels, sample_weight),
                         options=(average, pos_label, zero_division))

    def _init_state(self, labels, tallies, n_samples, is_multilabel, options=NO_OPTIONS,
                    samples=None, scored=None, groups=None):
        """Set the read-only state. ``samples`` (true codes, pred codes, weight, index)
        is None for objects built from tallies alone, which refuse query-time weights;
        ``scored`` is what only an evaluation of scores has (:class:`_scores.Scored`);
        ``groups`` what only one of grouped counts has (:class:`_counts.CountedGroups`)."""
        true, pred, weight, index = samples or (None, None, None, None)
        self.__dict__.update(_labels=labels, _tallies=tallies, _n_samples=n_samples,
                             _is_multilabel=is_multilabel, _true=true, _pred=pred,
                             _weight=weight, _index=index, _scored=scored, _groups=groups)
        self.__dict__["_defaults"] = self._check_defaults(*options)
        _freeze(tuple(self.__dict__.values()))
        # what queries compute on first use (score sorts, a matrix built on request);
        # never pickled
        self.__dict__["_cache"] = {}

    @classmethod
    def _from_tallies(cls, labels, tallies, n_samples, is_multilabel, options=NO_OPTIONS,
                      groups=None):
        """An evaluation that keeps tallies only (no per-sample codes)."""
        evaluation = cls.__new__(cls)
        evaluation._init_state(labels, tallies, n_samples, is_multilabel, options,
                               groups=groups)
        return evaluation

    @classmethod
    def _evaluated(cls, y_true, y_pred, labels, sample_weight, positive_sum=True):
        """An evaluation of samples, without constructor options."""
        evaluation = cls.__new__(cls)
        evaluation._init_state(**_evaluate(y_true, y_pred, labels, sample_weight, positive_sum))
        return evaluation

    @classmethod
    @share
    def from_scores(cls, y_true, y_score, *, threshold=Default(0.5), labels=None,
                    sample_weight=None, average=NOT_GIVEN, pos_label=NOT_GIVEN,
                    zero_division=NOT_GIVEN):
        """Build an evaluation from scores: thresholded binary scores or a score matrix.

        The scores become predictions once, at construction: 1-D scores
        predict the positive class where ``score >= threshold`` (the threshold
        rounded to the scores' own type, as NumPy compares); an (N, K)
        matrix predicts the class of its highest score, the first column of
        equal ones (``numpy.argmax``).

        1-D scores are the scores of the positive class: the class named by
        ``pos_label``, by ``labels=[negative, positive]`` or by the column
        name of a one-column DataFrame, else the second of the sorted
        classes (scikit-learn's ``classes_[1]``); of a two-column matrix, the
        class of its second column unless ``pos_label`` names the first. Every
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
            problem. 2-D: one column per class, in the order of ``labels``,
            else of the sorted classes; the column names of a DataFrame
            (pandas or polars) or a pyarrow Table name the classes (pandas'
            default names ``0..K-1`` of unnamed columns do not).
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
        targets = _validation.check_scores(y_true, y_score, labels,
                                           None if pos_label is NOT_GIVEN else pos_label)
        if targets.scores.ndim == 2 and not isinstance(threshold, Default):
            raise _validation.threshold_for_matrix(threshold)
        binary = targets.scores.ndim == 1
        threshold = _validation.check_threshold(getattr(threshold, "value", threshold))
        n_samples, n_classes = len(targets.true), len(targets.classes)
        weight = _validation.check_sample_weight(sample_weight, n_samples, targets.index)
        (true,) = _confusion.encode_known(targets.columns, targets.true, where="y_true")
        pred, ranks = _scores.decide(true, targets.scores,
                                     _scores.in_precision(threshold, targets.dtype))
        (true, pred), lookup = _scores.in_class_order(targets.columns, targets.classes,
                                                      true, pred)
        in_units, _ = _confusion.in_units(weight)  # counted as the tallies count
        scored = _scores.Scored(ranks, _confusion.count(ranks, n_classes, in_units),
                                targets.scores if binary else None,
                                threshold if binary else None,
                                int(lookup[targets.positive]) if n_classes == 2 else 1,
                                None if binary else _scores.in_class_columns(targets.scores,
                                                                             lookup),
                                float(np.finfo(targets.dtype).eps))
        evaluation = cls.__new__(cls)
        evaluation._init_state(np.array(targets.classes),
                               _confusion.tally(true, pred, n_classes, weight), n_samples,
                               False, (average, pos_label, zero_division),
                               samples=(true, pred, weight, targets.index), scored=scored)
        return evaluation

    @classmethod
    @share
    def from_confusion_matrix(cls, matrix, labels=None, *, average=NOT_GIVEN,
                              pos_label=NOT_GIVEN, zero_division=NOT_GIVEN):
        """Build an evaluation from a K x K confusion matrix (rows true, columns predicted).

        The result answers every query from the matrix, as if built from the
        samples it counts. It keeps no per-sample labels, so queries refuse
        their own ``sample_weight``.

        Parameters
        ----------
        matrix : array-like or DataFrame of shape (n_classes, n_classes)
            Finite, non-negative counts; ``matrix[i, j]`` is the number (or
            weight) of samples of class ``labels[i]`` predicted as ``labels[j]``.
            Integral values are kept as exact integer counts.
        labels : array-like of shape (n_classes,), default=None
            The class of each row and column. By default a DataFrame's index,
            else 0..K-1.
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
        cells, unit = _confusion.in_units(matrix.ravel())
        tallies = _confusion.from_matrix(cells.reshape(matrix.shape))._replace(unit=unit)
        n_samples = tallies.total if matrix.dtype.kind == "i" else None
        return cls._from_tallies(np.array(labels), tallies, n_samples, False,
                                 (average, pos_label, zero_division))

    from_counts = classmethod(_counts.from_counts)
    from_batches = classmethod(_merging.from_batches)
    from_dask = classmethod(_merging.from_dask)

    def __add__(self, other):
        """Merge two evaluations: classes unioned, tallies added (tallies only).

        Examples
        --------
        >>> from permetrics_lite import ClassificationMetric
        >>> monday = ClassificationMetric(["a", "b"], ["a", "b"])
        >>> tuesday = ClassificationMetric(["b", "c"], ["c", "c"])
        >>> week = monday + tuesday
        >>> week.labels.tolist(), week.AS(), week.CM().tolist()
        (['a', 'b', 'c'], 0.75, [[1, 0, 0], [0, 1, 1], [0, 0, 1]])
        >>> sum([monday, tuesday]).AS()
        0.75
        """
        if not isinstance(other, ClassificationMetric):
            return NotImplemented
        return _merging.add(self, other)

    def __radd__(self, other):
        # sum() starts from 0
        return self if isinstance(other, int) and other == 0 else NotImplemented

    def _check_defaults(self, average, pos_label, zero_division):
        return _options.check_defaults(average, pos_label, zero_division, self._labels)

    # ------------------------------------------------------------------
    # Cached state
    # ------------------------------------------------------------------

    @property
    def labels(self):
        # a read-only copy: the cached array itself could be made writeable again
        return _freeze(self._labels.copy())

    @property
    def n_classes(self):
        return len(self._labels)

    @property
    def n_samples(self):
        return self._n_samples

    @property
    def is_multilabel(self):
        return self._is_multilabel

    @property
    def threshold(self):
        """The decision threshold of 1-D scores (``from_scores``), else None."""
        return None if self._scored is None else self._scored.threshold

    def __setattr__(self, name, value):
        raise AttributeError(
            f"ClassificationMetric is immutable; cannot set {name!r}. Build a new one."
        )

    def __getstate__(self):
        state = dict(self.__dict__)
        del state["_cache"]
        state["_tallies"] = _tallies_state(state["_tallies"])
        if state["_scored"] is not None:
            state["_scored"] = state["_scored"]._asdict()
        if state["_groups"] is not None:
            state["_groups"] = state["_groups"]._replace(
                tallies=[_tallies_state(t) for t in state["_groups"].tallies])._asdict()
        from . import __version__

        return {"version": STATE_VERSION, "library": __version__, "state": state}

    def __setstate__(self, pickled):
        if "version" not in pickled:  # version 0: the attributes themselves
            state = dict(pickled)
        else:
            if not isinstance(pickled["version"], int) or pickled["version"] > STATE_VERSION:
                from . import __version__

                raise _validation.unknown_state_version(
                    pickled["version"], pickled.get("library"), __version__, STATE_VERSION)
            state = dict(pickled["state"])
            state["_tallies"] = _tallies_from_state(state["_tallies"])
            if state["_scored"] is not None:
                state["_scored"] = _scores.Scored(**state["_scored"])
            if state.get("_groups") is not None:
                groups = _counts.CountedGroups(**state["_groups"])
                state["_groups"] = groups._replace(
                    tallies=[_tallies_from_state(t) for t in groups.tallies])
        state.setdefault("_groups", None)  # pickled before grouped counts existed
        self.__dict__.update(state)
        _freeze(tuple(self.__dict__.values()))
        self.__dict__["_cache"] = {}

    def __repr__(self):
        shown = self._labels[:_REPR_LABELS].tolist()
        more = ", ..." if self.n_classes > _REPR_LABELS else ""
        kind = ", multilabel" if self._is_multilabel else ""
        return (
            f"ClassificationMetric(n_samples={self.n_samples}, n_classes={self.n_classes}, "
            f"labels={str(shown)[:-1]}{more}]{kind})"
        )

    def _repr_html_(self):
        # a notebook display must not warn: undefined values show as 0.0, and
        # classes only in y_pred are left out of BAS without a word
        return _report.summary_of(self, None, 0.0, warn=False).to_frame().to_html()

    def _tally(self, weight):
        if self._is_multilabel:
            return _confusion.tally_multilabel(self._true, self._pred, weight)
        return _confusion.tally(self._true, self._pred, self.n_classes, weight)

    def _weight_for(self, sample_weight):
        if sample_weight is None:
            return self._weight
        if self._true is None:
            raise _validation.samples_not_kept()
        return _validation.check_sample_weight(sample_weight, self.n_samples, self._index)

    def _tallies_with_matrix(self, sample_weight=None):
        """The tallies (of a query's own weights) holding the matrix, dense or as cells:
        for an evaluation of tallies only (a sum, what intervals resample), which
        keeps no codes to build it from."""
        if self._is_multilabel or self._true is None:
            return self._query(sample_weight)
        weight = self._weight_for(sample_weight)
        tallies = self._tallies if sample_weight is None else self._tally(weight)
        return _confusion.with_matrix(tallies, self._true, self._pred, self.n_classes, weight)

    def _query(self, sample_weight):
        """The cached tallies, or one pass over the codes for a query's own weights."""
        if sample_weight is None:
            return self._tallies
        return self._tally(self._weight_for(sample_weight))

    def _per_label(self, values):
        return dict(zip(self._labels.tolist(), values.tolist()))

    def _matrix(self, sample_weight):
        """The dense matrix and its unit: tallied at construction, kept as cells, or
        built from the codes (on the first request, and kept, unless for a query's
        own weights)."""
        if sample_weight is not None:  # an evaluation without codes refuses it here
            return self._built_matrix(sample_weight)
        if self._tallies.matrix is not None:
            return self._tallies.matrix, self._tallies.unit
        if self._true is None:
            return (_confusion.materialise(self._tallies.cells, self.n_classes),
                    self._tallies.unit)
        return _score_metrics.cached(self, "matrix", self._built_matrix)

    def _built_matrix(self, sample_weight=None):
        weight, unit = _confusion.in_units(self._weight_for(sample_weight))
        return _confusion.confusion_matrix(self._true, self._pred, self.n_classes, weight), unit

    # The constructor's options as defaults: a method's own argument
    # wins, then the constructor's, then the method's Default.

    def _zero_division(self, zero_division):
        return _options.zero_division(self._defaults, zero_division)

    def _query_defaults(self):
        """The options a query resolves its defaults with: the constructor's, and the
        positive class of binary scores (however it was named) as ``pos_label`` where
        it is not the default's 1."""
        defaults = self._defaults
        if "pos_label" not in defaults and _score_metrics.is_scored_binary(self):
            positive = self._labels[[self._scored.positive]].tolist()[0]
            if _validation.label_position(1, self._labels) != self._scored.positive:
                defaults = dict(defaults, pos_label=positive)
        return defaults

    def _derived_options(self):
        """The constructor options of an evaluation derived from this one's tallies (a
        resample, a group), which keeps no scores to know their positive class."""
        return _options.as_tuple(self._query_defaults())

    def _averaging(self, average, pos_label, allowed=AVERAGES, one_class=("binary",)):
        return _options.averaging(self._query_defaults(), average, pos_label, allowed,
                                  one_class)

    def _scored_for(self, query, binary=False):
        """The score state a query needs, or a clear refusal."""
        scored = self._scored
        if scored is None or (binary and scored.scores is None):
            raise _validation.scores_needed(query, binary)
        return scored

    # The metrics (one method per registry row, set below) and the score
    # queries of evaluations built by from_scores

    threshold_curve = _report.threshold_curve
    best_threshold = _report.best_threshold
    roc_curve = _score_metrics.roc_curve
    precision_recall_curve = _score_metrics.precision_recall_curve
    det_curve = _score_metrics.det_curve
    calibration_curve = _score_metrics.calibration_curve
    confidence_interval = _intervals.confidence_interval
    CI = _intervals.confidence_interval
    by_group = _groups.by_group

    # ------------------------------------------------------------------
    # permetrics-style helpers
    # ------------------------------------------------------------------

    SUPPORT = _registry.SUPPORT

    @classmethod
    def get_support(cls, name=None):
        """Properties of a metric: direction (``"max"``/``"min"``), range and best value.

        Parameters
        ----------
        name : str, default=None
            A short alias (``"PS"``) or long name (``"precision_score"``);
            ``None`` gives the whole table, keyed by alias.

        Returns
        -------
        dict
            ``{"type": "max" | "min" | None, "range": (low, high), "best": float | None}``,
            or ``{alias: that dict}`` for every metric. ``None`` marks the
            confusion matrix (not a score) and lift (no single best value).

        Raises
        ------
        ValueError
            For an unknown name, suggesting the closest valid names.

        Examples
        --------
        >>> from permetrics_lite import ClassificationMetric
        >>> ClassificationMetric.get_support("MCC")
        {'type': 'max', 'range': (-1.0, 1.0), 'best': 1.0}
        >>> ClassificationMetric.get_support("hamming_loss")["type"]
        'min'
        """
        if name is None:
            return {alias: dict(entry) for alias, entry in cls.SUPPORT.items()}
        return dict(cls.SUPPORT[_registry.lookup(name).alias])

    def get_metrics_by_list_names(self, names, list_paras=None):
        """Several metrics at once, by name, each with its own parameters.

        Parameters
        ----------
        names : list of str
            Short aliases or long names.
        list_paras : list of (dict or None), default=None
            The parameters of each metric, in the order of ``names``.

        Returns
        -------
        dict
            ``{name: value}`` in the order of ``names``.

        Raises
        ------
        ValueError
            For an unknown metric name (the closest valid names are suggested)
            or a ``list_paras`` whose length differs from ``names``.
        TypeError
            For a parameter the metric does not take.

        Examples
        --------
        >>> from permetrics_lite import ClassificationMetric
        >>> cm = ClassificationMetric([0, 1, 2, 2], [0, 2, 2, 2])
        >>> cm.get_metrics_by_list_names(["AS", "PS"], [None, {"average": "micro"}])
        {'AS': 0.75, 'PS': 0.75}
        """
        names = list(names)
        list_paras = [None] * len(names) if list_paras is None else list(list_paras)
        if len(list_paras) != len(names):
            raise ValueError(
                f"list_paras has {len(list_paras)} entries but names has {len(names)}; "
                "give one dict (or None) per name."
            )
        return {name: self._by_name(name, params) for name, params in zip(names, list_paras)}

    def get_metrics_by_dict(self, metrics):
        """Several metrics at once from ``{name: parameters}``.

        Parameters
        ----------
        metrics : dict
            Short aliases or long names mapped to a dict of parameters (or None).

        Returns
        -------
        dict
            ``{name: value}`` in the order of ``metrics``.

        Raises
        ------
        ValueError
            For an unknown metric name (the closest valid names are suggested).
        TypeError
            For a parameter the metric does not take.

        Examples
        --------
        >>> from permetrics_lite import ClassificationMetric
        >>> cm = ClassificationMetric(["a", "b", "b"], ["a", "b", "a"])
        >>> cm.get_metrics_by_dict({"AS": None, "RS": {"average": None}})
        {'AS': 0.6666666666666666, 'RS': {'a': 1.0, 'b': 0.5}}
        """
        return {name: self._by_name(name, params) for name, params in metrics.items()}

    def _by_name(self, name, params):
        metric = _registry.lookup(name)
        method = getattr(self, metric.name)
        accepted = list(inspect.signature(method).parameters)
        return method(**_validation.check_metric_parameters(metric.alias, params, accepted))

    # ------------------------------------------------------------------
    # Reports
    # ------------------------------------------------------------------

    report = _report.report
    classification_report = _report.classification_report
    summary = _report.summary

    # ------------------------------------------------------------------
    # Plots (optional extra "plot": matplotlib), drawn by the plotting module
    # ------------------------------------------------------------------

    @share
    def plot_confusion_matrix(self, normalize=None, ax=None):
        """Draw the confusion matrix as an annotated heat map; return the Axes.

        Parameters
        ----------
        normalize : {"true", "pred", "all"} or None, default=None
            As in ``CM``: counts, or each row, column or the whole normalized.
        {{ax}}

        {{plot_returns}}

        Raises
        ------
        ImportError
            If matplotlib (the extra ``plot``) is not installed.
        ValueError
            For multilabel input (one 2 x 2 matrix per label: use ``plot_per_class``).

        See Also
        --------
        permetrics_lite.plotting.confusion_matrix

        Examples
        --------
        >>> import matplotlib
        >>> matplotlib.use("Agg")  # draw without a display
        >>> from permetrics_lite import ClassificationMetric
        >>> cm = ClassificationMetric(["cat", "dog", "dog"], ["cat", "cat", "dog"])
        >>> ax = cm.plot_confusion_matrix(normalize="true")
        >>> ax.get_title(), ax.get_xlabel()
        ('Confusion matrix (normalized: true)', 'Predicted label')
        """
        from . import plotting

        return plotting.confusion_matrix(self, normalize, ax)

    @share
    def plot_per_class(self, metrics=("accuracy", "recall"), ax=None):
        """Draw per-class scores as grouped bars, with their macro averages as lines.

        Parameters
        ----------
        metrics : sequence of str, default=("accuracy", "recall")
            Score columns of ``report()``: ``"accuracy"`` (one-vs-rest),
            ``"recall"``, ``"precision"``, ``"specificity"``, ``"npv"``,
            ``"f1"``, ``"jaccard"``, ``"mcc"``.
        {{ax}}

        {{plot_returns}}

        Raises
        ------
        ImportError
            If matplotlib (the extra ``plot``) is not installed.
        ValueError
            For a name that is not a score column of ``report()``.

        See Also
        --------
        permetrics_lite.plotting.per_class

        Examples
        --------
        >>> import matplotlib
        >>> matplotlib.use("Agg")
        >>> from permetrics_lite import ClassificationMetric
        >>> cm = ClassificationMetric(["cat", "dog", "dog"], ["cat", "cat", "dog"])
        >>> ax = cm.plot_per_class(["recall", "precision"])
        >>> [tick.get_text() for tick in ax.get_xticklabels()]
        ['cat', 'dog']
        """
        from . import plotting

        return plotting.per_class(self, metrics, ax)

    @share
    def plot_threshold_curve(self, metric="AS", ax=None):
        """Draw a metric against the threshold of binary scores; return the Axes.

        The best threshold (``best_threshold(metric)``) and the evaluation's
        own decision threshold (0.5 by default) are marked.

        Parameters
        ----------
        metric : str, default="AS"
            A metric of ``threshold_curve()``, as ``best_threshold`` takes.
        {{ax}}

        {{plot_returns}}

        Raises
        ------
        ImportError
            If matplotlib (the extra ``plot``) is not installed.
        ValueError
            For an evaluation without 1-D scores, or an unknown ``metric``.

        See Also
        --------
        permetrics_lite.plotting.threshold_curve

        Examples
        --------
        >>> import matplotlib
        >>> matplotlib.use("Agg")
        >>> from permetrics_lite import ClassificationMetric
        >>> cm = ClassificationMetric.from_scores([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
        >>> ax = cm.plot_threshold_curve("BAS")
        >>> ax.get_ylabel()
        'balanced_accuracy'
        """
        from . import plotting

        return plotting.threshold_curve(self, metric, ax)

    @share
    def plot_roc_curve(self, ax=None):
        """Draw the ROC curve (one line per class of a multiclass matrix); return the Axes.

        Parameters
        ----------
        {{ax}}

        {{plot_returns}}

        Raises
        ------
        ImportError
            If matplotlib (the extra ``plot``) is not installed.
        ValueError
            For an evaluation without scores.

        See Also
        --------
        roc_curve, roc_auc_score

        Examples
        --------
        >>> import matplotlib
        >>> matplotlib.use("Agg")
        >>> from permetrics_lite import ClassificationMetric
        >>> cm = ClassificationMetric.from_scores([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
        >>> ax = cm.plot_roc_curve()
        >>> ax.get_xlabel(), ax.get_ylabel()
        ('False positive rate', 'True positive rate')
        """
        from . import plotting

        return plotting.roc_curve(self, ax)

    @share
    def plot_precision_recall_curve(self, ax=None):
        """Draw the precision-recall curve (one line per class of a multiclass matrix);
        return the Axes.

        Parameters
        ----------
        {{ax}}

        {{plot_returns}}

        Raises
        ------
        ImportError
            If matplotlib (the extra ``plot``) is not installed.
        ValueError
            For an evaluation without scores.

        See Also
        --------
        precision_recall_curve, average_precision_score

        Examples
        --------
        >>> import matplotlib
        >>> matplotlib.use("Agg")
        >>> from permetrics_lite import ClassificationMetric
        >>> cm = ClassificationMetric.from_scores([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
        >>> ax = cm.plot_precision_recall_curve()
        >>> ax.get_xlabel(), ax.get_ylabel()
        ('Recall', 'Precision')
        """
        from . import plotting

        return plotting.precision_recall_curve(self, ax)

    @share
    def plot_calibration(self, n_bins=10, strategy="uniform", ax=None):
        """Draw the calibration curve (reliability diagram) against the diagonal; return
        the Axes.

        Parameters
        ----------
        n_bins : int, default=10
            Number of bins of [0, 1], as for :meth:`calibration_curve`.
        {{strategy}}
        {{ax}}

        {{plot_returns}}

        {{calibration_raises}}
        ImportError
            If matplotlib (the extra ``plot``) is not installed.

        See Also
        --------
        calibration_curve, expected_calibration_error

        Examples
        --------
        >>> import matplotlib
        >>> matplotlib.use("Agg")
        >>> from permetrics_lite import ClassificationMetric
        >>> cm = ClassificationMetric.from_scores([0, 0, 1, 1], [0.1, 0.3, 0.7, 0.6])
        >>> ax = cm.plot_calibration(n_bins=2)
        >>> ax.get_xlabel(), ax.get_ylabel()
        ('Mean predicted probability', 'Fraction of positives')
        """
        from . import plotting

        return plotting.calibration(self, n_bins, strategy, ax)


def _as_method(function, name):
    """A function of an evaluation, named as the method it becomes."""
    function.__qualname__ = f"ClassificationMetric.{name}"
    function.__module__ = __name__
    names = {"co_name": name}
    if sys.version_info >= (3, 11):  # code objects have had a qualified name since 3.11
        names["co_qualname"] = function.__qualname__
    function.__code__ = function.__code__.replace(**names)
    return function


for _metric in _registry.ALL_METRICS:
    _method = _as_method(_registry.method(_metric), _metric.name)
    setattr(ClassificationMetric, _metric.name, _method)
    setattr(ClassificationMetric, _metric.alias, _method)
for _name in ("threshold_curve", "best_threshold", "roc_curve", "precision_recall_curve",
              "det_curve", "calibration_curve", "report", "classification_report", "summary",
              "from_batches", "from_dask"):
    _as_method(getattr(vars(ClassificationMetric)[_name], "__func__",
                       vars(ClassificationMetric)[_name]), _name)
