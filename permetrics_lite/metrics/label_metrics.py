"""The metrics of labels, each a function of an evaluation's state and its options.

:class:`~permetrics_lite.ClassificationMetric` binds these as its methods (the
registry says which metric each one is): each resolves its options, reads the
state's tallies (or, for query-time weights, one pass over its kept codes) and
hands them to a formula of ``metrics.formulas``. A query that needs its own
registry row (its formula, averages, title) takes it as its second parameter,
``metric``, which the registry binds. A one-vs-rest count metric without options
of its own gets a query generated from its row (:func:`one_vs_rest`).
"""

import functools

import numpy as np
import pandas as pd

from .. import validation as _validation
from ..core import scores as _scores, tally as _tally, user_warnings as _user_warnings
from . import docstrings as _docstrings, formulas as _formulas
from .docstrings import share
from ..core.options import CM_NORMALIZE, KAPPA_WEIGHTS, Default


def positive_class(state, pos_label, any_problem):
    """Index of the positive class; only binary problems unless ``any_problem``."""
    if not any_problem and (state.is_multilabel or state.n_classes > 2):
        target = "multilabel" if state.is_multilabel else "multiclass"
        raise _binary_unsupported(target, state.n_classes)
    return _validation.check_pos_label(pos_label, state.labels, state.n_classes == 1)


def _binary_unsupported(target, n_classes):
    """scikit-learn's error for average='binary' on a problem that is not binary."""
    found = "multilabel-indicator" if target == "multilabel" else f"multiclass ({n_classes} classes)"
    return _validation.InputError(
        "Target is {found} but {0}. Please choose another {average} setting, one of {averages}; "
        "{1} gives every class.", _validation.Arg("average", "binary"),
        _validation.Arg("average", None), "average", found=found,
        averages=_validation.Choices("average", [None, "micro", "macro", "weighted"])
    )


def class_metric(state, metric, average, pos_label, sample_weight, zero_division,
                 any_problem=False):
    """A registry row's count formula for every class, reduced as ``average`` (one of
    the row's averages) says; the row's title names it in the zero-division warning."""
    zero_division = state.zero_division(zero_division)
    average, counts = class_counts(state, metric, average, pos_label, sample_weight, any_problem)
    formula, what = metric.formula, metric.title
    if average == "binary":
        return float(_formulas.per_class(formula, counts, zero_division, what))
    result = _formulas.average(formula, counts, average, zero_division, what)
    return state.per_label(result) if average is None else result


def class_counts(state, metric, average, pos_label, sample_weight, any_problem=False):
    """``average`` resolved, and the counts a class metric reduces with it: the
    positive class's for ``"binary"``, else the tallies of every class."""
    one_class = ("binary", None) if any_problem else ("binary",)
    average, pos_label = state.averaging(average, pos_label, metric.averages, one_class)
    t = state.query(sample_weight)
    if average == "binary":
        return average, _formulas.Counts.of_class(t, positive_class(state, pos_label, any_problem))
    return average, t


# the hint of a wrong ``normalize`` of accuracy_score, built once (each query passes it)
_NORMALIZED_MATRIX = _validation.Phrase(" For a normalized confusion matrix use CM({0}).",
                                        _validation.Arg("normalize", "true"))


@share
def accuracy_score(state, *, normalize=True, sample_weight=None):
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
    normalize = _validation.check_bool("normalize", normalize, _NORMALIZED_MATRIX)
    tallies = state.query(sample_weight)
    return _formulas.accuracy(tallies) if normalize else tallies.counted(tallies.correct)


@share
def balanced_accuracy_score(state, *, adjusted=False, sample_weight=None,
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
    zero_division = state.zero_division(zero_division)
    if state.is_multilabel:
        raise _validation.multilabel_unsupported(
            "balanced_accuracy_score (BAS)",
            _validation.Phrase("{0} (per-label accuracy)", _validation.Term("PCA"))
        )
    tallies = state.query(sample_weight)
    warn_predicted_only(state, tallies)
    return _formulas.balanced_accuracy(tallies, adjusted, zero_division)

PREDICTED_ONLY = "y_pred contains classes not in y_true"  # the start of its warning


def warn_predicted_only(state, tallies):
    """Balanced accuracy's warning about classes it leaves out."""
    extra = (tallies.support == 0) & (tallies.predicted > 0)
    if extra.any():
        _user_warnings.warn(_validation.InputWarning(
            "{y_pred} contains classes not in {y_true}: {classes}; balanced accuracy leaves them "
            "out of the mean.", "y_pred", "y_true", classes=state.labels[extra].tolist()))


@share
def per_class_accuracy(state, metric, *, pos_label=Default(1), average=Default(None),
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
    return class_metric(state, metric, average, pos_label, sample_weight,
                        zero_division="warn", any_problem=True)


@share
def confusion_matrix(state, *, normalize=None, as_frame=False, sample_weight=None,
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
    zero_division = state.zero_division(zero_division)
    if state.is_multilabel:
        if as_frame:
            raise _validation.InputError(
                "{0} needs a single K x K matrix; multilabel input gives one 2 x 2 matrix per "
                "label; use report() for a per-label table.", _validation.Arg("as_frame", True)
            )
        tallies = state.query(sample_weight)
        matrix, unit = _tally.multilabel_matrices(tallies), tallies.unit
    else:
        matrix, unit = state.matrix(sample_weight)
    if normalize is None:
        matrix = _tally.counted(matrix, unit)
    matrix = np.array(_formulas.normalize_matrix(matrix, normalize, zero_division))
    if as_frame:  # copies: pandas < 3 would share the cached labels' memory
        return pd.DataFrame(
            matrix,
            index=pd.Index(state.labels, name="true", copy=True),
            columns=pd.Index(state.labels, name="predicted", copy=True),
        )
    return matrix


@share
def fbeta_score(state, metric, beta=1.0, *, average=Default("binary"), pos_label=Default(1),
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
    weighted = functools.partial(metric.formula, beta=_validation.check_beta(beta))
    return class_metric(state, metric._replace(formula=weighted), average, pos_label,
                        sample_weight, zero_division)


@share
def matthews_correlation_coefficient(state, metric, *, average=Default("multiclass"),
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
    if state.averaging(average, pos_label, metric.averages)[0] == "multiclass":
        zero_division = state.zero_division(zero_division)
        refuse_multilabel(state, "matthews_correlation_coefficient (MCC)", "MCC")
        return _formulas.matthews_corrcoef(state.query(sample_weight), zero_division)
    return class_metric(state, metric, average, pos_label, sample_weight, zero_division)


@share
def cohen_kappa_score(state, metric, *, weights=None, average=Default("multiclass"),
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
    if state.averaging(average, pos_label, metric.averages)[0] == "multiclass":
        zero_division = state.zero_division(zero_division)
        refuse_multilabel(state, "cohen_kappa_score (CKS)", "CKS")
        matrix = None if weights is None else state.matrix(sample_weight)[0]
        return _formulas.cohen_kappa(state.query(sample_weight), weights, matrix,
                                     zero_division)
    return class_metric(state, metric, average, pos_label, sample_weight, zero_division)


def refuse_multilabel(state, metric, alias):
    if state.is_multilabel:
        raise _validation.multilabel_unsupported(metric, _validation.Phrase(
            "{0} (one-vs-rest per label)", _validation.Term(f"{alias}(average='macro')")))


@share
def hamming_loss(state, *, sample_weight=None):
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
    return _formulas.hamming_loss(state.query(sample_weight), state.is_multilabel)


@share
def no_information_rate(state, *, sample_weight=None):
    """No-information rate: the largest class share of ``y_true``.

    It is the accuracy of a model that always predicts the most common class,
    the least accuracy a classifier must beat to have learned anything from
    its inputs.

    Parameters
    ----------
    {{sample_weight}}

    Returns
    -------
    float
        In (0, 1]: at least 1/K with K classes present in ``y_true``.

    Raises
    ------
    ValueError
        For multilabel input (each label's share is in ``report()``'s
        ``support``).

    See Also
    --------
    NIR : Short alias.
    accuracy_test : The binomial test of accuracy against this rate.

    Notes
    -----
    :math:`\\mathrm{NIR} = \\max_k \\sum_j C_{kj} / N`, weighted when there are
    weights: caret's ``confusionMatrix`` "No Information Rate".

    Examples
    --------
    >>> from permetrics_lite import ClassificationMetric
    >>> cm = ClassificationMetric(["a", "a", "a", "b", "c"], ["a", "b", "a", "b", "c"])
    >>> cm.NIR()
    0.6
    >>> cm.NIR(sample_weight=[1, 1, 1, 5, 2])
    0.5
    """
    if state.is_multilabel:
        raise _validation.multilabel_unsupported(
            "no_information_rate (NIR)",
            _validation.Phrase("the support of each label ({0})", _validation.Term("report()")))
    return _formulas.no_information_rate(state.query(sample_weight))


@share
def top_k_accuracy_score(state, k=1, *, normalize=True, sample_weight=None):
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
    k = _validation.check_integer_from("k", k, 1)
    normalize = _validation.check_bool("normalize", normalize)
    scored = state.scored_for("top_k_accuracy_score (TKA)")
    if sample_weight is None:
        tallies, rank_counts = state.tallies, scored.rank_counts
    else:
        weight = state.weight_for(sample_weight)
        tallies = state.tally(weight)
        rank_counts = _tally.count(scored.ranks, state.n_classes,
                                       _tally.in_units(weight)[0])
    hits = _scores.top_k(rank_counts, tallies, k)
    return float(hits / tallies.total) if normalize else tallies.counted(hits)


def one_vs_rest(metric):
    """The method of a one-vs-rest count metric (a registry row without a query of
    its own): its formula for each class, averaged; documented from the row."""

    def method(state, *, average=Default(metric.default_average), pos_label=Default(1),
               sample_weight=None, zero_division=Default("warn")):
        return class_metric(state, metric, average, pos_label, sample_weight, zero_division)

    method.__name__ = metric.name
    method.__doc__ = _docstrings.one_vs_rest(metric)
    return method
