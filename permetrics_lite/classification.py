"""ClassificationMetric: validate and tally once, then answer every query from the tallies."""

import warnings

import numpy as np
import pandas as pd

from . import _confusion, _formulas, _registry, _validation
from ._docstrings import share

AVERAGES = (None, "binary", "micro", "macro", "weighted")
CM_NORMALIZE = (None, "true", "pred", "all")
_REPR_LABELS = 5  # labels shown by repr()


def _freeze(value):
    """Make an array (or every array of a tuple of tallies) read-only."""
    if isinstance(value, np.ndarray):
        value.flags.writeable = False
    elif isinstance(value, tuple):
        for item in value:
            _freeze(item)
    return value


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

    Attributes
    ----------
    labels : ndarray of shape (n_classes,)
        The classes in order (read-only).
    n_classes : int
        Number of classes (labels, for multilabel input).
    n_samples : int
        Number of samples.
    is_multilabel : bool
        Whether the inputs are multilabel indicator arrays.

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
    """

    def __init__(self, y_true, y_pred, *, labels=None, sample_weight=None):
        targets = _validation.check_targets(y_true, y_pred, labels)
        n_samples = len(targets.true)
        weight = _validation.check_sample_weight(sample_weight, n_samples, targets.index)
        if targets.is_multilabel:
            classes, true, pred = targets.classes, targets.true, targets.pred
        else:
            classes, true, pred = _confusion.encode(targets.true, targets.pred, targets.classes)
        # Copies: the cache must not change when the caller's arrays do.
        state = {
            "_labels": np.array(classes),
            "_true": np.array(true),
            "_pred": np.array(pred),
            "_weight": weight,
            "_index": targets.index,
            "_is_multilabel": targets.is_multilabel,
        }
        self.__dict__.update(state)
        self.__dict__["_tallies"] = self._tally(weight)
        _freeze(tuple(self.__dict__.values()))

    # ------------------------------------------------------------------
    # Cached state
    # ------------------------------------------------------------------

    @property
    def labels(self):
        return self._labels

    @property
    def n_classes(self):
        return len(self._labels)

    @property
    def n_samples(self):
        return len(self._true)

    @property
    def is_multilabel(self):
        return self._is_multilabel

    def __setattr__(self, name, value):
        raise AttributeError(
            f"ClassificationMetric is immutable; cannot set {name!r}. Build a new one."
        )

    def __setstate__(self, state):
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
        # a notebook display must not warn: undefined values show as 0.0
        return self.summary(zero_division=0.0).to_frame().to_html()

    def _tally(self, weight):
        if self._is_multilabel:
            return _confusion.tally_multilabel(self._true, self._pred, weight)
        return _confusion.tally(self._true, self._pred, self.n_classes, weight)

    def _weight_for(self, sample_weight):
        if sample_weight is None:
            return self._weight
        return _validation.check_sample_weight(sample_weight, self.n_samples, self._index)

    def _query(self, sample_weight):
        """The cached tallies, or one pass over the codes for a query's own weights."""
        if sample_weight is None:
            return self._tallies
        return self._tally(self._weight_for(sample_weight))

    def _per_label(self, values):
        return dict(zip(self._labels.tolist(), values.tolist()))

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
        return _formulas.accuracy(tallies) if normalize else tallies.correct

    @share
    def balanced_accuracy_score(self, *, adjusted=False, sample_weight=None, zero_division="warn"):
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
        zero_division = _validation.check_zero_division(zero_division)
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
            warnings.warn(
                f"y_pred contains classes not in y_true: {self._labels[extra].tolist()}; "
                "balanced accuracy leaves them out of the mean.",
                UserWarning,
                stacklevel=3,
            )

    @share
    def per_class_accuracy(self, *, pos_label=None, average=None, sample_weight=None):
        """One-vs-rest accuracy of each class: (TP + TN) / N.

        Each class is scored as a binary problem against all others, as
        ``mlxtend.evaluate.accuracy_score(method="binary", pos_label=c)``.

        Parameters
        ----------
        pos_label : label, default=None
            Return the accuracy of this class alone (a float).
        average : {"binary", "micro", "macro", "weighted"} or None, default=None
            ``None``: a dict ``{label: accuracy}`` (or one float with
            ``pos_label``); ``"binary"``: the class ``pos_label`` (default 1);
            ``"macro"``: the mean over all classes in ``labels``; ``"weighted"``:
            the mean weighted by support; ``"micro"``: pooled counts, which
            equals the macro mean. Multilabel: per label; macro = 1 - Hamming loss.
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
        average = _validation.check_option("average", average, AVERAGES)
        if pos_label is not None and average not in (None, "binary"):
            raise ValueError(
                f"pos_label={pos_label!r} selects one class and cannot be combined with "
                f"average={average!r}; pass one of them."
            )
        pos_index = None
        if average == "binary" or (average is None and pos_label is not None):
            average = "binary"
            pos_label = 1 if pos_label is None else pos_label  # scikit-learn's default
            pos_index = _validation.check_pos_label(pos_label, self._labels)
        tallies = self._query(sample_weight)
        result = _formulas.average(
            _formulas.one_vs_rest_accuracy, tallies, average, pos_index, what="Accuracy"
        )
        return self._per_label(result) if average is None else result

    @share
    def confusion_matrix(self, *, normalize=None, as_frame=False, sample_weight=None,
                         zero_division="warn"):
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
        zero_division = _validation.check_zero_division(zero_division)
        if self._is_multilabel:
            if as_frame:
                raise ValueError(
                    "as_frame=True needs a single K x K matrix; multilabel input gives one "
                    "2 x 2 matrix per label; use report() for a per-label table."
                )
            matrix = _confusion.multilabel_matrices(self._query(sample_weight))
        elif self._tallies.matrix is not None:  # small K: the matrix is part of the tallies
            matrix = self._query(sample_weight).matrix
        else:  # large K: built on request, in one pass over the codes
            weight = self._weight_for(sample_weight)
            matrix = _confusion.confusion_matrix(self._true, self._pred, self.n_classes, weight)
        matrix = np.array(_formulas.normalize_matrix(matrix, normalize, zero_division))
        if as_frame:
            return pd.DataFrame(
                matrix,
                index=pd.Index(self._labels, name="true"),
                columns=pd.Index(self._labels, name="predicted"),
            )
        return matrix

    # ------------------------------------------------------------------
    # Reports
    # ------------------------------------------------------------------

    @share
    def report(self, *, sample_weight=None, zero_division="warn"):
        """Per-class counts and scores, one row per class (per label when multilabel).

        Parameters
        ----------
        {{sample_weight}}
        {{zero_division}}

        Returns
        -------
        DataFrame
            Indexed by ``label``, with columns ``support``, ``predicted``,
            ``tp``, ``fp``, ``fn``, ``tn`` (ints, floats when weighted),
            ``accuracy`` (one-vs-rest), ``recall``, ``precision``,
            ``specificity`` and ``f1``. Export it with pandas' own writers
            (``to_csv``, ``to_markdown``, ``to_json`` ...).

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
        zero_division = _validation.check_zero_division(zero_division)
        t = self._query(sample_weight)
        columns = {"support": t.support, "predicted": t.predicted,
                   "tp": t.tp, "fp": t.fp, "fn": t.fn, "tn": t.tn}
        for name, formula in _formulas.COUNT_FORMULAS.items():
            columns[name] = _formulas.per_class(formula, t, zero_division, name.capitalize())
        return pd.DataFrame(columns, index=pd.Index(self._labels, name="label"))

    @share
    def summary(self, *, sample_weight=None, zero_division="warn"):
        """Overall scores in one Series.

        Parameters
        ----------
        {{sample_weight}}
        {{zero_division}}

        Returns
        -------
        Series
            ``n_samples``, ``n_classes``, ``AS``, ``BAS``, ``BAS_adjusted``,
            ``PCA_macro`` and the macro and weighted means of precision
            (``PS_``), recall (``RS_``) and F1 (``F1S_``). Multilabel input has
            no ``BAS`` rows (balanced accuracy is not defined for it).

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
        zero_division = _validation.check_zero_division(zero_division)
        t = self._query(sample_weight)
        rows = {"n_samples": self.n_samples, "n_classes": self.n_classes,
                "AS": _formulas.accuracy(t)}
        if not self._is_multilabel:
            self._warn_predicted_only(t)
            rows["BAS"] = _formulas.balanced_accuracy(t, False, zero_division)
            rows["BAS_adjusted"] = _formulas.balanced_accuracy(t, True, zero_division)
        rows["PCA_macro"] = _formulas.average(_formulas.one_vs_rest_accuracy, t, "macro")
        for alias, name in (("PS", "precision"), ("RS", "recall"), ("F1S", "f1")):
            for average in ("macro", "weighted"):
                rows[f"{alias}_{average}"] = _formulas.average(
                    _formulas.COUNT_FORMULAS[name], t, average,
                    zero_division=zero_division, what=name.capitalize(),
                )
        return pd.Series(rows, name="value", dtype=object)


for _metric in _registry.METRICS:
    setattr(ClassificationMetric, _metric.alias, getattr(ClassificationMetric, _metric.name))
