"""ClassificationMetric: validate and tally once, then answer every query from the tallies."""

import functools
import inspect

import numpy as np
import pandas as pd

from . import _confusion, _formulas, _registry, _scores, _validation, _warnings
from ._docstrings import share

AVERAGES = (None, "binary", "micro", "macro", "weighted")
WHOLE_MATRIX_AVERAGES = ("multiclass",) + AVERAGES  # MCC and CKS
CM_NORMALIZE = (None, "true", "pred", "all")
KAPPA_WEIGHTS = (None, "linear", "quadratic")
_REPR_LABELS = 5  # labels shown by repr()
OPTIONS = ("average", "pos_label", "zero_division")  # constructor options that become defaults
# Version of the pickled state. 0: the attributes themselves (release 0.1.0);
# 1: {"version", "library", "state"}, the tallies as field dicts (any field order).
STATE_VERSION = 1


class Default:
    """A method's default value, replaced by the constructor's when one was given."""

    def __init__(self, value):
        self.value = value

    def __repr__(self):
        return repr(self.value)


class _NotGiven:
    def __repr__(self):
        return "<not given>"


NOT_GIVEN = _NotGiven()  # constructor options left to each method's own default
NO_OPTIONS = (NOT_GIVEN,) * len(OPTIONS)


def _freeze(value):
    """Make an array (or every array of a tuple of tallies) read-only."""
    if isinstance(value, np.ndarray):
        value.flags.writeable = False
    elif isinstance(value, tuple):
        for item in value:
            _freeze(item)
    return value


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
                    samples=None, scored=None):
        """Set the read-only state. ``samples`` (true codes, pred codes, weight, index)
        is None for objects built from tallies alone, which refuse query-time weights;
        ``scored`` is what only an evaluation of scores has (:class:`_scores.Scored`)."""
        true, pred, weight, index = samples or (None, None, None, None)
        self.__dict__.update(_labels=labels, _tallies=tallies, _n_samples=n_samples,
                             _is_multilabel=is_multilabel, _true=true, _pred=pred,
                             _weight=weight, _index=index, _scored=scored)
        self.__dict__["_defaults"] = self._check_defaults(*options)
        _freeze(tuple(self.__dict__.values()))

    @classmethod
    def _from_tallies(cls, labels, tallies, n_samples, is_multilabel, options=NO_OPTIONS):
        """An evaluation that keeps tallies only (no per-sample codes)."""
        evaluation = cls.__new__(cls)
        evaluation._init_state(labels, tallies, n_samples, is_multilabel, options)
        return evaluation

    @classmethod
    @share
    def from_scores(cls, y_true, y_score, *, threshold=Default(0.5), labels=None,
                    sample_weight=None, average=NOT_GIVEN, pos_label=NOT_GIVEN,
                    zero_division=NOT_GIVEN):
        """Build an evaluation from scores: thresholded binary scores or a score matrix.

        The scores become predictions once, at construction: 1-D scores
        predict the positive class where ``score >= threshold``; an (N, K)
        matrix predicts the class of its highest score, the first column of
        equal ones (``numpy.argmax``).

        1-D scores are the scores of the positive class: the class named by
        ``pos_label``, by ``labels=[negative, positive]`` or by the column
        name of a one-column DataFrame, else the second of the sorted
        classes (scikit-learn's ``classes_[1]``). A plain matrix's columns
        are the classes of ``labels``, else the sorted classes (an
        estimator's ``classes_``), even for a Categorical ``y_true``; only a
        DataFrame maps its columns by name. The result answers every metric, and
        also the score queries: top-k accuracy (``TKA``) from a histogram of
        the rank of each sample's true class, and, for 1-D scores, the
        threshold curve (``threshold_curve``, ``best_threshold``).

        Parameters
        ----------
        y_true : array-like of shape (n_samples,)
            True class labels, as for the constructor.
        y_score : array-like of shape (n_samples,) or (n_samples, n_classes)
            Finite numbers: probabilities, scores or decision values (any
            range). 1-D (or a one-column DataFrame named after its class):
            the score of the positive class of a binary problem. 2-D: one
            column per class, in the order of ``labels``, else of the sorted
            classes; a DataFrame's column names name the classes (pandas'
            default names ``0..K-1`` of unnamed columns do not).
        threshold : float, default=0.5
            1-D scores only: the lowest score predicted positive. Use 0.0 for
            decision values such as ``decision_function`` output.
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
            For NaN or infinite scores, lengths that differ, a number of
            columns that is not the number of classes, 1-D scores for other
            than two classes, a ``threshold`` given with a score matrix,
            ``pos_label``, ``labels`` and a column name that disagree on the
            positive class of 1-D scores, or the constructor's errors for
            ``y_true``, ``labels`` and weights.
        TypeError
            For scores that are not numbers, or a ``threshold`` that is not one.

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
        pred, ranks = _scores.decide(true, targets.scores, threshold)
        (true, pred), lookup = _scores.in_class_order(targets.columns, targets.classes,
                                                      true, pred)
        in_units, _ = _confusion.in_units(weight)  # counted as the tallies count
        scored = _scores.Scored(ranks, _confusion.count(ranks, n_classes, in_units),
                                targets.scores if binary else None,
                                threshold if binary else None,
                                int(lookup[-1]) if binary else 1)
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

    @classmethod
    @share
    def from_batches(cls, batches, *, labels=None, average=NOT_GIVEN, pos_label=NOT_GIVEN,
                     zero_division=NOT_GIVEN):
        """Build an evaluation from chunks of samples, in memory bounded by one chunk.

        Each chunk is validated and tallied as the constructor would, then
        added to the running total (``a + b``), so the result equals one
        evaluation of all the samples and never holds more than one chunk of
        labels. It keeps tallies only: queries refuse their own ``sample_weight``.

        Parameters
        ----------
        batches : iterable of tuples
            ``(y_true, y_pred)`` or ``(y_true, y_pred, sample_weight)``; a chunk
            without weights weighs 1 per sample.
        labels : array-like of shape (n_classes,), default=None
            The classes and their order, for every chunk. By default the sorted
            union of all the labels seen.
        {{query_defaults}}

        Returns
        -------
        ClassificationMetric

        Raises
        ------
        ValueError, TypeError
            As the constructor, for the first bad chunk, with its number
            (from 0) in the message; ValueError when there is no chunk.

        Examples
        --------
        >>> from permetrics_lite import ClassificationMetric
        >>> chunks = [(["a", "b"], ["a", "a"]), (["c", "b"], ["c", "b"])]
        >>> cm = ClassificationMetric.from_batches(chunks)
        >>> cm.n_samples, cm.labels.tolist(), cm.AS()
        (4, ['a', 'b', 'c'], 0.75)
        """
        total = None
        for number, batch in enumerate(batches):
            part = cls._tallied_part("batch", number, *_validation.check_batch(batch, number),
                                     labels=labels)
            total = part if total is None else total + part
        if total is None:
            raise _validation.no_batches()
        return total._with_options("batches", average, pos_label, zero_division)

    @classmethod
    @share
    def from_dask(cls, y_true, y_pred, sample_weight=None, *, labels=None,
                  average=NOT_GIVEN, pos_label=NOT_GIVEN, zero_division=NOT_GIVEN):
        """Build an evaluation from Dask collections, as a map-reduce on the Dask graph.

        Each block is validated and tallied where it lives (label discovery
        included); the small per-block evaluations are added up in a tree
        (``a + b``). It runs on whatever scheduler is active: threads by
        default, or a ``distributed`` cluster when a ``Client`` is connected.
        Needs the optional extra ``dask``.

        Parameters
        ----------
        y_true, y_pred : dask Array or dask Series of shape (n_samples,)
            Class labels, as for the constructor (or dask arrays of shape
            (n_samples, n_labels) for multilabel indicators). Dask Series of one DataFrame
            (same partitions) are paired partition by partition; anything else
            is rechunked like ``y_true``.
        sample_weight : dask Array or dask Series, default=None
            Weights, as for the constructor.
        labels : array-like of shape (n_classes,), default=None
            The classes and their order. By default the sorted union of the
            labels of every block.
        {{query_defaults}}

        Returns
        -------
        ClassificationMetric
            Tallies only: queries refuse their own ``sample_weight``.

        Raises
        ------
        ImportError
            If dask is not installed.
        ValueError, TypeError
            As the constructor, for the first bad block (its number in the
            message); or when the inputs are not dask collections of equal length.

        Examples
        --------
        >>> import dask.array as da
        >>> from permetrics_lite import ClassificationMetric
        >>> y_true = da.from_array([0, 1, 1, 2, 2, 2], chunks=2)
        >>> y_pred = da.from_array([0, 1, 2, 2, 2, 1], chunks=3)
        >>> cm = ClassificationMetric.from_dask(y_true, y_pred)
        >>> cm.n_samples, cm.AS()
        (6, 0.6666666666666666)
        """
        from . import _dask

        tally_block = functools.partial(cls._tallied_part, "block", labels=labels)
        total = _dask.evaluate(tally_block, y_true, y_pred, sample_weight)
        return total._with_options("blocks", average, pos_label, zero_division)

    @classmethod
    def _tallied_part(cls, part, number, y_true, y_pred, sample_weight, *, labels):
        """One batch (or block) of many as an evaluation of tallies only; errors name it."""
        evaluation = cls.__new__(cls)
        try:  # a part may weigh zero in all; the sum of the parts may not
            evaluation._init_state(**_evaluate(y_true, y_pred, labels, sample_weight,
                                               positive_sum=False))
        except (TypeError, ValueError) as error:
            raise _validation.in_part(error, part, number) from error
        return cls._from_tallies(evaluation._labels, evaluation._mergeable_tallies(),
                                 evaluation.n_samples, evaluation._is_multilabel)

    def _with_options(self, parts, *options):
        """This sum of ``parts`` ("batches" or "blocks"), with the constructor options."""
        _validation.check_total(self._tallies.total, parts)
        return self._from_tallies(self._labels, self._tallies, self.n_samples,
                                  self._is_multilabel, options)

    def _mergeable_tallies(self):
        """The tallies, with the sparse cells a merge needs when the matrix is not dense."""
        t = self._tallies
        if t.matrix is None and t.cells is None and not self._is_multilabel:
            t = t._replace(cells=_confusion.sparse_cells(self._true, self._pred,
                                                         self.n_classes, self._weight))
        return t

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
        _validation.check_mergeable((self._labels, self._is_multilabel),
                                    (other._labels, other._is_multilabel))
        options = _validation.merged_options(self._defaults, other._defaults)
        labels, self_at, other_at = _confusion.union(self._labels, other._labels)
        tallies = _confusion.merge(self._mergeable_tallies(), self_at,
                                   other._mergeable_tallies(), other_at, len(labels))
        n_samples = (None if self.n_samples is None or other.n_samples is None
                     else self.n_samples + other.n_samples)
        options = tuple(options.get(name, NOT_GIVEN) for name in OPTIONS)
        return type(self)._from_tallies(labels, tallies, n_samples, self._is_multilabel, options)

    def __radd__(self, other):
        # sum() starts from 0
        return self if isinstance(other, int) and other == 0 else NotImplemented

    def _check_defaults(self, average, pos_label, zero_division):
        defaults = {}
        if average is not NOT_GIVEN:
            defaults["average"] = _validation.check_option("average", average, AVERAGES)
        if pos_label is not NOT_GIVEN:
            _validation.check_pos_label(pos_label, self._labels, self.n_classes == 1)
            defaults["pos_label"] = pos_label
        if zero_division is not NOT_GIVEN:
            defaults["zero_division"] = _validation.check_zero_division(zero_division)
        return defaults

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
        tallies = state["_tallies"]
        state["_tallies"] = dict(tallies._asdict(), cells=(
            None if tallies.cells is None else tallies.cells._asdict()))
        if state["_scored"] is not None:
            state["_scored"] = state["_scored"]._asdict()
        from . import __version__

        return {"version": STATE_VERSION, "library": __version__, "state": state}

    def __setstate__(self, pickled):
        if "version" not in pickled:  # version 0: the attributes themselves
            state = pickled
        else:
            if not isinstance(pickled["version"], int) or pickled["version"] > STATE_VERSION:
                from . import __version__

                raise _validation.unknown_state_version(
                    pickled["version"], pickled.get("library"), __version__, STATE_VERSION)
            state = dict(pickled["state"])
            tallies = dict(state["_tallies"])
            cells = tallies.pop("cells")
            state["_tallies"] = _confusion.Tallies(
                **tallies, cells=None if cells is None else _confusion.Cells(**cells))
            if state["_scored"] is not None:
                state["_scored"] = _scores.Scored(**state["_scored"])
        self.__dict__.update(state)
        _freeze(tuple(self.__dict__.values()))

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
        return self._summary(None, 0.0, warn=False).to_frame().to_html()

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

    def _query(self, sample_weight):
        """The cached tallies, or one pass over the codes for a query's own weights."""
        if sample_weight is None:
            return self._tallies
        return self._tally(self._weight_for(sample_weight))

    def _per_label(self, values):
        return dict(zip(self._labels.tolist(), values.tolist()))

    def _matrix(self, sample_weight):
        """The dense matrix and its unit: cached while K is small, else built on request."""
        if self._tallies.matrix is not None:
            tallies = self._query(sample_weight)
            return tallies.matrix, tallies.unit
        if self._true is None:
            return (_confusion.materialise(self._tallies.cells, self.n_classes),
                    self._tallies.unit)
        weight, unit = _confusion.in_units(self._weight_for(sample_weight))
        return _confusion.confusion_matrix(self._true, self._pred, self.n_classes, weight), unit

    # The constructor's options as defaults: a method's own argument
    # wins, then the constructor's, then the method's Default.

    def _given(self, name, value):
        return self._defaults.get(name, value.value) if isinstance(value, Default) else value

    def _zero_division(self, zero_division):
        return _validation.check_zero_division(self._given("zero_division", zero_division))

    def _averaging(self, average, pos_label, allowed=AVERAGES, one_class=("binary",)):
        """Resolve (average, pos_label): a pos_label passed to the method means "binary"."""
        pos_given, average_given = (not isinstance(v, Default) for v in (pos_label, average))
        average = _validation.check_option("average", self._given("average", average), allowed)
        pos_label = self._given("pos_label", pos_label)
        if pos_given and average_given and average not in one_class:
            raise _validation.pos_label_conflict(pos_label, average)
        return ("binary" if pos_given else average), pos_label

    def _positive_class(self, pos_label, any_problem):
        """Index of the positive class; only binary problems unless ``any_problem``."""
        if not any_problem and (self._is_multilabel or self.n_classes > 2):
            target = "multilabel" if self._is_multilabel else "multiclass"
            raise _validation.binary_unsupported(target, self.n_classes)
        return _validation.check_pos_label(pos_label, self._labels, self.n_classes == 1)

    def _class_metric(self, formula, average, pos_label, sample_weight, zero_division,
                      allowed=AVERAGES, any_problem=False):
        """A count formula for every class, then reduced as ``average`` says."""
        zero_division = self._zero_division(zero_division)
        one_class = ("binary", None) if any_problem else ("binary",)
        average, pos_label = self._averaging(average, pos_label, allowed, one_class)
        t = self._query(sample_weight)
        if average == "binary":
            counts = _formulas.Counts.of_class(t, self._positive_class(pos_label, any_problem))
            return float(_formulas.per_class(formula, counts, zero_division))
        result = _formulas.average(formula, t, average, zero_division)
        return self._per_label(result) if average is None else result

    # ------------------------------------------------------------------
    # Metrics
    # ------------------------------------------------------------------

    @share
    def accuracy_score(self, *, normalize=True, sample_weight=None):
        """Accuracy: the fraction (or number) of samples predicted correctly.

        For multilabel input this is subset accuracy: a sample counts only when
        every one of its labels is right.

        Parameters
        ----------
        normalize : bool, default=True
            ``True`` gives the fraction correct; ``False`` the number correct,
            an ``int`` (or the ``float`` sum of weights when weighted).
        {{sample_weight}}

        Returns
        -------
        float or int
            In [0, 1] when normalized; best 1.0.

        See Also
        --------
        AS : Short alias.
        per_class_accuracy : One-vs-rest accuracy of each class.

        Notes
        -----
        :math:`\\mathrm{AS} = \\frac{1}{N}\\sum_k C_{kk} = \\operatorname{tr}(C) / N`.

        Examples
        --------
        >>> from permetrics_lite import ClassificationMetric
        >>> cm = ClassificationMetric([0, 2, 1, 3, 0, 2], [0, 1, 2, 3, 0, 2])
        >>> round(cm.AS(), 4)
        0.6667
        >>> cm.AS(normalize=False)
        4
        >>> round(cm.AS(sample_weight=[1, 10, 1, 1, 1, 1]), 4)
        0.2667
        """
        normalize = _validation.check_bool(
            "normalize", normalize, " For a normalized confusion matrix use CM(normalize='true')."
        )
        tallies = self._query(sample_weight)
        return _formulas.accuracy(tallies) if normalize else tallies.counted(tallies.correct)

    @share
    def balanced_accuracy_score(self, *, adjusted=False, sample_weight=None,
                                zero_division=Default("warn")):
        """Balanced accuracy: the mean recall over the classes present in y_true.

        Classes that occur only in ``y_pred`` are left out of the mean, with a
        ``UserWarning``, as scikit-learn does.

        Parameters
        ----------
        adjusted : bool, default=False
            Chance-correct the score so that random guessing scores 0 and
            perfect prediction 1: ``(score - 1/n) / (1 - 1/n)`` with ``n``
            classes present in y_true.
        {{sample_weight}}
        {{zero_division}}
            It applies to ``adjusted=True`` with a single class in y_true.

        Returns
        -------
        float
            In [0, 1] (adjusted: [-1/(n-1), 1]); best 1.0.

        Raises
        ------
        ValueError
            For multilabel input (use ``PCA`` for per-label accuracy).

        See Also
        --------
        BAS : Short alias.

        Notes
        -----
        :math:`\\mathrm{BAS} = \\frac{1}{|P|}\\sum_{k \\in P} C_{kk} / \\sum_j C_{kj}`
        with :math:`P` the classes with non-zero support.

        Examples
        --------
        >>> from permetrics_lite import ClassificationMetric
        >>> cm = ClassificationMetric([0, 1, 0, 0, 1, 0], [0, 1, 0, 0, 0, 1])
        >>> cm.BAS()
        0.625
        >>> cm.BAS(adjusted=True)
        0.25
        """
        adjusted = _validation.check_bool("adjusted", adjusted)
        zero_division = self._zero_division(zero_division)
        if self._is_multilabel:
            raise _validation.multilabel_unsupported(
                "balanced_accuracy_score (BAS)", "PCA (per-label accuracy)"
            )
        tallies = self._query(sample_weight)
        self._warn_predicted_only(tallies)
        return _formulas.balanced_accuracy(tallies, adjusted, zero_division)

    def _warn_predicted_only(self, tallies):
        extra = (tallies.support == 0) & (tallies.predicted > 0)
        if extra.any():
            _warnings.warn(
                f"y_pred contains classes not in y_true: {self._labels[extra].tolist()}; "
                "balanced accuracy leaves them out of the mean.",
                UserWarning,
            )

    @share
    def per_class_accuracy(self, *, pos_label=Default(1), average=Default(None),
                           sample_weight=None):
        """One-vs-rest accuracy of each class: (TP + TN) / N.

        Each class is scored as a binary problem against all others, as
        ``mlxtend.evaluate.accuracy_score(method="binary", pos_label=c)``.

        Parameters
        ----------
        pos_label : label, default=1
            Passed: return the accuracy of this class alone (a float), for
            any number of classes. It is also the class of
            ``average="binary"`` (default 1, or the constructor's).
        average : {"binary", "micro", "macro", "weighted"} or None, default=None
            ``None``: a dict ``{label: accuracy}`` (or one float with
            ``pos_label``); ``"binary"``: the class ``pos_label``;
            ``"macro"``: the mean over all classes in ``labels``; ``"weighted"``:
            the mean weighted by support; ``"micro"``: pooled counts, which
            equals the macro mean. Multilabel: per label; macro = 1 - Hamming
            loss. The constructor's ``average``, when given, replaces the default.
        {{sample_weight}}

        Returns
        -------
        dict or float
            Values in [0, 1]; best 1.0.

        Raises
        ------
        ValueError
            For an unknown ``average``, a ``pos_label`` that is not a label, or
            ``pos_label`` together with a ``"micro"``, ``"macro"`` or
            ``"weighted"`` average.

        See Also
        --------
        PCA : Short alias.
        balanced_accuracy_score : Mean recall, a different "per-class accuracy".

        Notes
        -----
        With :math:`N` samples, :math:`\\mathrm{PCA}_k = (N - FP_k - FN_k) / N`.
        Classes absent from both arrays score 1 and raise the macro mean; see
        :doc:`/metrics/PCA`.

        Examples
        --------
        >>> from permetrics_lite import ClassificationMetric
        >>> cm = ClassificationMetric([0, 0, 1, 2], [0, 1, 1, 2])
        >>> cm.PCA()
        {0: 0.75, 1: 0.75, 2: 1.0}
        >>> cm.PCA(pos_label=2)
        1.0
        >>> round(cm.PCA(average="macro"), 4)
        0.8333
        """
        return self._class_metric(_formulas.one_vs_rest_accuracy, average, pos_label,
                                  sample_weight, zero_division="warn", any_problem=True)

    @share
    def confusion_matrix(self, *, normalize=None, as_frame=False, sample_weight=None,
                         zero_division=Default("warn")):
        """The confusion matrix: rows are true classes, columns predicted ones.

        Parameters
        ----------
        normalize : {"true", "pred", "all"} or None, default=None
            Divide by the row sums (``"true"``), the column sums (``"pred"``)
            or the total (``"all"``), as scikit-learn does.
        as_frame : bool, default=False
            Return a ``pandas.DataFrame`` with the labels as index (``true``)
            and columns (``predicted``).
        {{sample_weight}}
        {{zero_division}}
            It applies to rows or columns that sum to 0 when normalizing
            (scikit-learn silently gives 0.0 there).

        Returns
        -------
        ndarray of shape (n_classes, n_classes) or DataFrame
            Integer counts, or floats when weighted or normalized. Multilabel:
            an array of shape (n_labels, 2, 2) holding ``[[tn, fp], [fn, tp]]``
            per label, as ``sklearn.metrics.multilabel_confusion_matrix``.

        Raises
        ------
        MemoryError
            When a dense matrix of this many classes would not fit.

        See Also
        --------
        CM : Short alias.
        report : Per-class counts and scores as a DataFrame.

        Examples
        --------
        >>> from permetrics_lite import ClassificationMetric
        >>> cm = ClassificationMetric(["a", "b", "a", "c"], ["a", "b", "b", "c"])
        >>> cm.CM()
        array([[1, 1, 0],
               [0, 1, 0],
               [0, 0, 1]])
        >>> cm.CM(as_frame=True)
        predicted  a  b  c
        true
        a          1  1  0
        b          0  1  0
        c          0  0  1
        """
        normalize = _validation.check_option("normalize", normalize, CM_NORMALIZE)
        as_frame = _validation.check_bool("as_frame", as_frame)
        zero_division = self._zero_division(zero_division)
        if self._is_multilabel:
            if as_frame:
                raise ValueError(
                    "as_frame=True needs a single K x K matrix; multilabel input gives one "
                    "2 x 2 matrix per label; use report() for a per-label table."
                )
            tallies = self._query(sample_weight)
            matrix, unit = _confusion.multilabel_matrices(tallies), tallies.unit
        else:
            matrix, unit = self._matrix(sample_weight)
        if normalize is None:
            matrix = _confusion.counted(matrix, unit)
        matrix = np.array(_formulas.normalize_matrix(matrix, normalize, zero_division))
        if as_frame:
            return pd.DataFrame(
                matrix,
                index=pd.Index(self._labels, name="true"),
                columns=pd.Index(self._labels, name="predicted"),
            )
        return matrix

    # The one-vs-rest family: each class scored against the rest from its
    # tp, fp, fn and tn, then averaged as scikit-learn's precision_score.

    @share
    def precision_score(self, *, average=Default("binary"), pos_label=Default(1),
                        sample_weight=None, zero_division=Default("warn")):
        """Precision: the fraction of predictions of a class that are right.

        Parameters
        ----------
        {{class_options}}
            It applies to classes never predicted (TP + FP = 0).

        {{unit_scores}}

        {{class_raises}}

        See Also
        --------
        PS : Short alias.
        recall_score : The fraction of a class's samples that are found.

        Notes
        -----
        :math:`\\mathrm{PS}_k = TP_k / (TP_k + FP_k)`, as
        ``sklearn.metrics.precision_score``.

        Examples
        --------
        >>> from permetrics_lite import ClassificationMetric
        >>> cm = ClassificationMetric([0, 1, 2, 0, 1, 2], [0, 2, 1, 0, 0, 1])
        >>> round(cm.PS(average="macro"), 4), round(cm.PS(average="micro"), 4)
        (0.2222, 0.3333)
        >>> cm.PS(average=None, zero_division=0.0)
        {0: 0.6666666666666666, 1: 0.0, 2: 0.0}
        >>> ClassificationMetric([0, 1, 1, 0, 1], [0, 1, 0, 0, 1]).PS()
        1.0
        """
        return self._class_metric(_formulas.precision, average, pos_label,
                                  sample_weight, zero_division)

    @share
    def recall_score(self, *, average=Default("binary"), pos_label=Default(1),
                     sample_weight=None, zero_division=Default("warn")):
        """Recall (sensitivity): the fraction of a class's samples that are found.

        Parameters
        ----------
        {{class_options}}
            It applies to classes with no true samples (TP + FN = 0).

        {{unit_scores}}

        {{class_raises}}

        See Also
        --------
        RS : Short alias.
        balanced_accuracy_score : The macro recall over the classes in y_true.

        Notes
        -----
        :math:`\\mathrm{RS}_k = TP_k / (TP_k + FN_k)`, as
        ``sklearn.metrics.recall_score``. Micro recall equals accuracy for
        single-label input.

        Examples
        --------
        >>> from permetrics_lite import ClassificationMetric
        >>> cm = ClassificationMetric([0, 1, 2, 0, 1, 2], [0, 2, 1, 0, 0, 1])
        >>> round(cm.RS(average="macro"), 4), cm.RS(average=None)
        (0.3333, {0: 1.0, 1: 0.0, 2: 0.0})
        >>> round(ClassificationMetric([0, 1, 1, 0, 1], [0, 1, 0, 0, 1]).RS(), 4)
        0.6667
        """
        return self._class_metric(_formulas.recall, average, pos_label,
                                  sample_weight, zero_division)

    @share
    def specificity_score(self, *, average=Default("binary"), pos_label=Default(1),
                          sample_weight=None, zero_division=Default("warn")):
        """Specificity (true negative rate): the fraction of other classes' samples not predicted as the class.

        Parameters
        ----------
        {{class_options}}
            It applies when every sample belongs to the class (TN + FP = 0).

        {{unit_scores}}

        {{class_raises}}

        See Also
        --------
        SS : Short alias.
        recall_score : The same ratio for the class itself.

        Notes
        -----
        :math:`\\mathrm{SS}_k = TN_k / (TN_k + FP_k)`: the recall of "not k".
        The ``"weighted"`` mean weights by support (TP + FN), as every metric here.

        Examples
        --------
        >>> from permetrics_lite import ClassificationMetric
        >>> cm = ClassificationMetric([0, 1, 1, 0, 1], [0, 1, 0, 0, 1])
        >>> cm.SS()
        1.0
        >>> cm.SS(average=None)
        {0: 0.6666666666666666, 1: 1.0}
        """
        return self._class_metric(_formulas.specificity, average, pos_label,
                                  sample_weight, zero_division)

    @share
    def negative_predictive_value(self, *, average=Default("binary"), pos_label=Default(1),
                                  sample_weight=None, zero_division=Default("warn")):
        """Negative predictive value: the fraction of "not this class" predictions that are right.

        Parameters
        ----------
        {{class_options}}
            It applies when every prediction is the class (TN + FN = 0).

        {{unit_scores}}

        {{class_raises}}

        See Also
        --------
        NPV : Short alias.
        precision_score : The same ratio for the class itself.

        Notes
        -----
        :math:`\\mathrm{NPV}_k = TN_k / (TN_k + FN_k)`: the precision of "not k".

        Examples
        --------
        >>> from permetrics_lite import ClassificationMetric
        >>> cm = ClassificationMetric([0, 1, 1, 0, 1], [0, 1, 0, 0, 1])
        >>> round(cm.NPV(), 4)
        0.6667
        >>> cm.NPV(average=None)
        {0: 1.0, 1: 0.6666666666666666}
        """
        return self._class_metric(_formulas.negative_predictive_value, average, pos_label,
                                  sample_weight, zero_division)

    @share
    def fbeta_score(self, beta=1.0, *, average=Default("binary"), pos_label=Default(1),
                    sample_weight=None, zero_division=Default("warn")):
        """F-beta: the weighted harmonic mean of precision and recall.

        Parameters
        ----------
        beta : float, default=1.0
            Weight of recall relative to precision: recall is ``beta`` times
            as important. A finite number >= 0; 0 gives precision.
        {{class_options}}
            It applies to classes neither present nor predicted
            (TP + FP + FN = 0), as scikit-learn >= 1.3.

        {{unit_scores}}

        Raises
        ------
        ValueError
            For a bad ``beta``, ``average="binary"`` on a multiclass or
            multilabel problem, a ``pos_label`` that is not a label, or an
            unknown ``average``.

        See Also
        --------
        FBS : Short alias.
        f1_score, f2_score : beta = 1 and beta = 2.

        Notes
        -----
        :math:`F_\\beta = \\frac{(1 + \\beta^2)\\,TP}{(1 + \\beta^2)\\,TP + \\beta^2 FN + FP}`,
        as ``sklearn.metrics.fbeta_score``.

        Examples
        --------
        >>> from permetrics_lite import ClassificationMetric
        >>> cm = ClassificationMetric([0, 1, 2, 0, 1, 2], [0, 2, 1, 0, 0, 1])
        >>> round(cm.FBS(0.5, average="macro"), 4)
        0.2381
        >>> round(ClassificationMetric([0, 1, 1, 0, 1], [0, 1, 0, 0, 1]).FBS(0.5), 4)
        0.9091
        """
        formula = functools.partial(_formulas.fbeta, beta=_validation.check_beta(beta))
        return self._class_metric(formula, average, pos_label,
                                  sample_weight, zero_division)

    @share
    def f1_score(self, *, average=Default("binary"), pos_label=Default(1),
                 sample_weight=None, zero_division=Default("warn")):
        """F1: the harmonic mean of precision and recall (F-beta with beta = 1).

        Parameters
        ----------
        {{class_options}}
            It applies to classes neither present nor predicted.

        {{unit_scores}}

        See Also
        --------
        F1S : Short alias.
        fbeta_score : Any beta.

        Notes
        -----
        :math:`F_1 = 2\\,TP / (2\\,TP + FN + FP)`, as ``sklearn.metrics.f1_score``.

        Examples
        --------
        >>> from permetrics_lite import ClassificationMetric
        >>> cm = ClassificationMetric([0, 1, 2, 0, 1, 2], [0, 2, 1, 0, 0, 1])
        >>> round(cm.F1S(average="macro"), 4), cm.F1S(average=None)
        (0.2667, {0: 0.8, 1: 0.0, 2: 0.0})
        """
        return self.fbeta_score(1.0, average=average, pos_label=pos_label,
                                sample_weight=sample_weight, zero_division=zero_division)

    @share
    def f2_score(self, *, average=Default("binary"), pos_label=Default(1),
                 sample_weight=None, zero_division=Default("warn")):
        """F2: F-beta with beta = 2, recall weighted above precision.

        Parameters
        ----------
        {{class_options}}
            It applies to classes neither present nor predicted.

        {{unit_scores}}

        See Also
        --------
        F2S : Short alias.
        fbeta_score : Any beta.

        Notes
        -----
        :math:`F_2 = 5\\,TP / (5\\,TP + 4\\,FN + FP)`.

        Examples
        --------
        >>> from permetrics_lite import ClassificationMetric
        >>> round(ClassificationMetric([0, 1, 1, 0, 1], [0, 1, 0, 0, 1]).F2S(), 4)
        0.7143
        """
        return self.fbeta_score(2.0, average=average, pos_label=pos_label,
                                sample_weight=sample_weight, zero_division=zero_division)

    @share
    def jaccard_score(self, *, average=Default("binary"), pos_label=Default(1),
                      sample_weight=None, zero_division=Default("warn")):
        """Jaccard similarity index: overlap over union of true and predicted members of a class.

        Parameters
        ----------
        {{class_options}}
            It applies to classes neither present nor predicted.

        {{unit_scores}}

        {{class_raises}}

        See Also
        --------
        JSI : Short alias.
        f1_score : F1 = 2 J / (1 + J) per class.

        Notes
        -----
        :math:`J_k = TP_k / (TP_k + FP_k + FN_k)`, as ``sklearn.metrics.jaccard_score``.

        Examples
        --------
        >>> from permetrics_lite import ClassificationMetric
        >>> cm = ClassificationMetric([0, 1, 2, 2], [0, 2, 1, 2])
        >>> cm.JSI(average=None)
        {0: 1.0, 1: 0.0, 2: 0.3333333333333333}
        >>> multilabel = ClassificationMetric([[0, 1, 1], [1, 1, 0]], [[1, 1, 1], [1, 0, 0]])
        >>> multilabel.JSI(average=None)
        {0: 0.5, 1: 0.5, 2: 1.0}
        """
        return self._class_metric(_formulas.jaccard, average, pos_label,
                                  sample_weight, zero_division)

    @share
    def g_mean_score(self, *, average=Default("binary"), pos_label=Default(1),
                     sample_weight=None, zero_division=Default("warn")):
        """G-mean: the geometric mean of recall and specificity, as permetrics defines it.

        Parameters
        ----------
        {{class_options}}
            It applies when recall or specificity is undefined (no samples
            in, or no samples outside, the class).

        {{unit_scores}}

        {{class_raises}}

        See Also
        --------
        GMS : Short alias.

        Notes
        -----
        :math:`\\mathrm{GMS}_k = \\sqrt{\\mathrm{recall}_k \\cdot \\mathrm{specificity}_k}`;
        micro applies it to the pooled counts.

        Examples
        --------
        >>> from permetrics_lite import ClassificationMetric
        >>> round(ClassificationMetric([0, 1, 1, 0, 1], [0, 1, 0, 0, 1]).GMS(), 4)
        0.8165
        """
        return self._class_metric(_formulas.g_mean, average, pos_label,
                                  sample_weight, zero_division)

    @share
    def lift_score(self, *, average=Default("binary"), pos_label=Default(1),
                   sample_weight=None, zero_division=Default("warn")):
        """Lift: precision relative to the class's prevalence, as permetrics and mlxtend define it.

        Parameters
        ----------
        {{class_options}}
            It applies to classes never predicted or never present.

        Returns
        -------
        float or dict
            In [0, inf); 1 is no better than chance, higher is better.
            A dict ``{label: value}`` for ``average=None``.

        {{class_raises}}

        See Also
        --------
        LS : Short alias.

        Notes
        -----
        :math:`\\mathrm{LS}_k = \\frac{TP_k / (TP_k + FP_k)}{(TP_k + FN_k) / N}`, as
        ``mlxtend.evaluate.lift_score``; micro applies it to the pooled counts.

        Examples
        --------
        >>> from permetrics_lite import ClassificationMetric
        >>> round(ClassificationMetric([0, 1, 1, 0, 1], [0, 1, 0, 0, 1]).LS(), 4)
        1.6667
        """
        return self._class_metric(_formulas.lift, average, pos_label,
                                  sample_weight, zero_division)

    # Whole-problem scores

    @share
    def matthews_correlation_coefficient(self, *, average=Default("multiclass"),
                                         pos_label=Default(1), sample_weight=None,
                                         zero_division=Default("warn")):
        """Matthews correlation coefficient between true and predicted classes.

        Parameters
        ----------
        average : {"multiclass", "binary", "micro", "macro", "weighted"} or None, default="multiclass"
            ``"multiclass"``: scikit-learn's ``matthews_corrcoef``, one
            correlation over all classes (Gorodkin's R_K; for two classes the
            usual phi coefficient). The others give one-vs-rest MCC per class,
            reduced as in ``precision_score``; they also work for multilabel
            input. The constructor's ``average``, when given, replaces the default.
        {{pos_label}}
        {{sample_weight}}
        {{zero_division}}
            It applies when y_true or y_pred is constant (scikit-learn
            returns 0.0 there without a warning).

        Returns
        -------
        float or dict
            In [-1, 1]; best 1.0, 0 for chance. A dict for ``average=None``.

        Raises
        ------
        ValueError
            For the ``"multiclass"`` form on multilabel input, or the errors of
            ``precision_score`` for the other averages.

        See Also
        --------
        MCC : Short alias.

        Notes
        -----
        With support :math:`s`, predicted counts :math:`p`, :math:`c` correct
        and :math:`N` samples:
        :math:`\\mathrm{MCC} = \\frac{cN - s \\cdot p}{\\sqrt{(N^2 - p \\cdot p)(N^2 - s \\cdot s)}}`.

        Examples
        --------
        >>> from permetrics_lite import ClassificationMetric
        >>> cm = ClassificationMetric([+1, +1, +1, -1], [+1, -1, +1, +1])
        >>> round(cm.MCC(), 4)
        -0.3333
        >>> round(cm.MCC(average="binary"), 4)
        -0.3333
        """
        if self._averaging(average, pos_label, WHOLE_MATRIX_AVERAGES)[0] == "multiclass":
            zero_division = self._zero_division(zero_division)
            self._refuse_multilabel("matthews_correlation_coefficient (MCC)", "MCC")
            return _formulas.matthews_corrcoef(self._query(sample_weight), zero_division)
        return self._class_metric(_formulas.one_vs_rest_mcc, average,
                                  pos_label, sample_weight, zero_division, WHOLE_MATRIX_AVERAGES)

    @share
    def cohen_kappa_score(self, *, weights=None, average=Default("multiclass"),
                          pos_label=Default(1), sample_weight=None,
                          zero_division=Default("warn")):
        """Cohen's kappa: agreement between true and predicted classes beyond chance.

        Parameters
        ----------
        weights : {None, "linear", "quadratic"}, default=None
            Disagreement cost of confusing classes i and j (positions in
            ``labels``): 1, ``|i - j|`` or ``(i - j)**2``, as scikit-learn.
            The weighted forms need the dense confusion matrix.
        average : {"multiclass", "binary", "micro", "macro", "weighted"} or None, default="multiclass"
            ``"multiclass"``: scikit-learn's ``cohen_kappa_score``. The others
            give one-vs-rest kappa per class (where ``weights`` changes nothing),
            reduced as in ``precision_score``; they also work for multilabel
            input. The constructor's ``average``, when given, replaces the default.
        {{pos_label}}
        {{sample_weight}}
        {{zero_division}}
            It applies when chance disagreement is 0: a single class in both
            y_true and y_pred (scikit-learn gives nan there).

        Returns
        -------
        float or dict
            In [-1, 1]; best 1.0, 0 for chance. A dict for ``average=None``.

        Raises
        ------
        ValueError
            For an unknown ``weights``, the ``"multiclass"`` form on multilabel
            input, or the errors of ``precision_score`` for the other averages.
        MemoryError
            For ``weights`` with so many classes that the matrix would not fit.

        See Also
        --------
        CKS : Short alias.

        Notes
        -----
        :math:`\\kappa = 1 - \\sum_{ij} w_{ij} C_{ij} / \\sum_{ij} w_{ij} E_{ij}`
        with :math:`E = s\\,p^\\top / N` the matrix expected by chance.

        Examples
        --------
        >>> from permetrics_lite import ClassificationMetric
        >>> cm = ClassificationMetric(["negative", "positive", "negative", "neutral", "positive"],
        ...                           ["negative", "positive", "negative", "neutral", "negative"])
        >>> cm.CKS()
        0.6875
        >>> cm.CKS(weights="quadratic")
        0.5
        """
        weights = _validation.check_option("weights", weights, KAPPA_WEIGHTS)
        if self._averaging(average, pos_label, WHOLE_MATRIX_AVERAGES)[0] == "multiclass":
            zero_division = self._zero_division(zero_division)
            self._refuse_multilabel("cohen_kappa_score (CKS)", "CKS")
            matrix = None if weights is None else self._matrix(sample_weight)[0]
            return _formulas.cohen_kappa(self._query(sample_weight), weights, matrix,
                                         zero_division)
        return self._class_metric(_formulas.one_vs_rest_kappa, average,
                                  pos_label, sample_weight, zero_division, WHOLE_MATRIX_AVERAGES)

    def _refuse_multilabel(self, metric, alias):
        if self._is_multilabel:
            raise _validation.multilabel_unsupported(
                metric, f"{alias}(average='macro') (one-vs-rest per label)"
            )

    @share
    def hamming_loss(self, *, sample_weight=None):
        """Hamming loss: the fraction of labels predicted wrongly.

        Parameters
        ----------
        {{sample_weight}}

        Returns
        -------
        float
            In [0, 1]; best 0.0. Single-label input: 1 - accuracy. Multilabel:
            wrong cells over all N x L cells.

        See Also
        --------
        HML : Short alias.
        per_class_accuracy : Multilabel ``PCA(average="macro")`` is 1 - HML.

        Notes
        -----
        As ``sklearn.metrics.hamming_loss``.

        Examples
        --------
        >>> from permetrics_lite import ClassificationMetric
        >>> ClassificationMetric([1, 2, 3, 4], [2, 2, 3, 4]).HML()
        0.25
        >>> ClassificationMetric([[0, 1], [1, 1]], [[0, 0], [0, 0]]).HML()
        0.75
        """
        return _formulas.hamming_loss(self._query(sample_weight), self._is_multilabel)

    # ------------------------------------------------------------------
    # Scores: evaluations built by from_scores
    # ------------------------------------------------------------------

    def _scored_for(self, query, binary=False):
        """The score state a query needs, or a clear refusal."""
        scored = self._scored
        if scored is None or (binary and scored.scores is None):
            raise _validation.scores_needed(query, binary)
        return scored

    @share
    def top_k_accuracy_score(self, k=1, *, normalize=True, sample_weight=None):
        """Top-k accuracy: the fraction of samples whose true class is among the k best scores.

        Classes are ranked by score, equal scores by column (the earlier
        first), the same rule that picks the prediction, so ``TKA(1)``
        equals ``AS()`` exactly. For evaluations built by ``from_scores``.

        Parameters
        ----------
        k : int, default=1
            How many of the best-scored classes count as a hit; ``k`` >= the
            number of classes gives 1.0.
        normalize : bool, default=True
            ``True`` gives the fraction; ``False`` the number of hits, an
            ``int`` (or the ``float`` sum of their weights when weighted).
        {{sample_weight}}

        Returns
        -------
        float or int
            In [0, 1] when normalized, non-decreasing in ``k``; best 1.0.

        Raises
        ------
        ValueError
            For an evaluation without scores (built from labels or tallies),
            or ``k`` < 1.
        TypeError
            For a ``k`` that is not an integer.

        See Also
        --------
        TKA : Short alias.
        from_scores : Builds the evaluation that answers this.

        Notes
        -----
        With :math:`r_i` the rank of sample :math:`i`'s true class (0 for
        the best score), :math:`\\mathrm{TKA}_k = \\frac{1}{N} \\sum_i [r_i < k]`.
        The ranks are counted once, at construction, so any ``k`` costs
        O(K). Without ties this is ``sklearn.metrics.top_k_accuracy_score``;
        scikit-learn breaks ties the other way (the later column first).

        Examples
        --------
        >>> from permetrics_lite import ClassificationMetric
        >>> scores = [[0.5, 0.2, 0.2], [0.3, 0.4, 0.3], [0.2, 0.4, 0.4], [0.7, 0.2, 0.1]]
        >>> cm = ClassificationMetric.from_scores([0, 1, 2, 2], scores)
        >>> cm.TKA(1), cm.TKA(2), cm.TKA(2, normalize=False), cm.AS()
        (0.5, 0.75, 3, 0.5)
        """
        k = _validation.check_k(k)
        normalize = _validation.check_bool("normalize", normalize)
        scored = self._scored_for("top_k_accuracy_score (TKA)")
        if sample_weight is None:
            tallies, rank_counts = self._tallies, scored.rank_counts
        else:
            weight = self._weight_for(sample_weight)
            tallies = self._tally(weight)
            rank_counts = _confusion.count(scored.ranks, self.n_classes,
                                           _confusion.in_units(weight)[0])
        hits = _scores.top_k(rank_counts, tallies, k)
        return float(hits / tallies.total) if normalize else tallies.counted(hits)

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
        One sort of the scores (``numpy.unique``), one tally per distinct
        score and cumulative sums from the top: O(N log N) for all the
        thresholds, never a pass per threshold.

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
        thresholds, counts = _scores.sweep(scored.scores, self._true == scored.positive, weight)
        # the columns are fresh arrays: no copy (a copy of 10^7 rows takes seconds)
        return pd.DataFrame(_scores.curve(thresholds, counts, zero_division, unit), copy=False)

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
        column = _scores.curve_column(metric)
        self._scored_for("best_threshold", binary=True)
        curve = self.threshold_curve(sample_weight=sample_weight, zero_division=zero_division)
        values = curve[column].to_numpy()
        if np.isnan(values).all():
            raise _validation.undefined_everywhere(column)
        best = int(np.nanargmax(values))  # the first: the lowest threshold
        return float(curve["threshold"].iat[best]), float(values[best])

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

    @share
    def report(self, *, sample_weight=None, zero_division=Default("warn")):
        """Per-class counts and scores, one row per class (per label when multilabel).

        Parameters
        ----------
        {{sample_weight}}
        {{zero_division}}

        Returns
        -------
        DataFrame
            Indexed by ``label``, with columns ``support``, ``predicted``,
            ``tp``, ``fp``, ``fn``, ``tn`` (ints, floats when weighted), then
            the one-vs-rest scores ``accuracy``, ``recall``, ``precision``,
            ``specificity``, ``npv`` (negative predictive value), ``f1``,
            ``jaccard`` and ``mcc``: the values the metric methods give with
            ``average=None``. Export it with pandas' own writers (``to_csv``,
            ``to_markdown``, ``to_json`` ...).

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
        columns = {name: t.counted(getattr(t, name))
                   for name in ("support", "predicted", "tp", "fp", "fn", "tn")}
        for name, formula in _formulas.COUNT_FORMULAS.items():
            columns[name] = _formulas.per_class(formula, t, zero_division)
        return pd.DataFrame(columns, index=pd.Index(self._labels, name="label"))

    @share
    def summary(self, *, sample_weight=None, zero_division=Default("warn")):
        """Overall scores in one Series.

        Parameters
        ----------
        {{sample_weight}}
        {{zero_division}}

        Returns
        -------
        Series
            ``n_samples``, ``n_classes``, ``AS``, ``BAS``, ``BAS_adjusted``,
            ``PCA_macro``, the macro and weighted means of precision
            (``PS_``), recall (``RS_``) and F1 (``F1S_``), then ``MCC`` and
            ``CKS`` (the multiclass forms, whatever the constructor's
            ``average``). Multilabel input has no ``BAS``, ``MCC`` or ``CKS``
            rows (scikit-learn does not define them for it).

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
        return self._summary(sample_weight, self._zero_division(zero_division))

    def _summary(self, sample_weight, zero_division, warn=True):
        t = self._query(sample_weight)
        rows = {"n_samples": self.n_samples, "n_classes": self.n_classes,
                "AS": _formulas.accuracy(t)}
        if not self._is_multilabel:
            if warn:
                self._warn_predicted_only(t)
            rows["BAS"] = _formulas.balanced_accuracy(t, False, zero_division)
            rows["BAS_adjusted"] = _formulas.balanced_accuracy(t, True, zero_division)
        rows["PCA_macro"] = _formulas.average(_formulas.one_vs_rest_accuracy, t, "macro")
        for alias, name in (("PS", "precision"), ("RS", "recall"), ("F1S", "f1")):
            formula = _formulas.COUNT_FORMULAS[name]
            for average in ("macro", "weighted"):
                rows[f"{alias}_{average}"] = _formulas.average(formula, t, average, zero_division)
        if not self._is_multilabel:
            rows["MCC"] = _formulas.matthews_corrcoef(t, zero_division)
            rows["CKS"] = _formulas.cohen_kappa(t, zero_division=zero_division)
        return pd.Series(rows, name="value", dtype=object)

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


for _metric in _registry.ALL_METRICS:
    setattr(ClassificationMetric, _metric.alias, getattr(ClassificationMetric, _metric.name))
