"""Functional forms: build a :class:`ClassificationMetric` and ask it one question (SPEC §4.2).

Use the object when you want more than one metric: it tallies the data once.
"""

from .classification import ClassificationMetric


def accuracy_score(y_true, y_pred, *, normalize=True, sample_weight=None, labels=None):
    """Accuracy of ``y_pred`` against ``y_true``; see :meth:`ClassificationMetric.AS`.

    Examples
    --------
    >>> from permetrics_lite import accuracy_score
    >>> round(accuracy_score([0, 2, 1, 3, 0, 2], [0, 1, 2, 3, 0, 2]), 4)
    0.6667
    >>> accuracy_score([0, 2, 1, 3, 0, 2], [0, 1, 2, 3, 0, 2], normalize=False)
    4
    """
    metric = ClassificationMetric(y_true, y_pred, labels=labels, sample_weight=sample_weight)
    return metric.AS(normalize=normalize)


def balanced_accuracy_score(y_true, y_pred, *, adjusted=False, sample_weight=None,
                            labels=None, zero_division="warn"):
    """Balanced accuracy; see :meth:`ClassificationMetric.BAS`.

    Examples
    --------
    >>> from permetrics_lite import balanced_accuracy_score
    >>> balanced_accuracy_score([0, 1, 0, 0, 1, 0], [0, 1, 0, 0, 0, 1])
    0.625
    """
    metric = ClassificationMetric(y_true, y_pred, labels=labels, sample_weight=sample_weight)
    return metric.BAS(adjusted=adjusted, zero_division=zero_division)


def per_class_accuracy(y_true, y_pred, *, pos_label=None, average=None, sample_weight=None,
                       labels=None):
    """One-vs-rest accuracy per class; see :meth:`ClassificationMetric.PCA`.

    Examples
    --------
    >>> from permetrics_lite import per_class_accuracy
    >>> per_class_accuracy(["a", "a", "b"], ["a", "b", "b"])
    {'a': 0.6666666666666666, 'b': 0.6666666666666666}
    """
    metric = ClassificationMetric(y_true, y_pred, labels=labels, sample_weight=sample_weight)
    return metric.PCA(pos_label=pos_label, average=average)


def confusion_matrix(y_true, y_pred, *, labels=None, sample_weight=None, normalize=None,
                     as_frame=False, zero_division="warn"):
    """The confusion matrix; see :meth:`ClassificationMetric.CM`.

    Examples
    --------
    >>> from permetrics_lite import confusion_matrix
    >>> confusion_matrix([0, 1, 1], [0, 1, 0])
    array([[1, 0],
           [1, 1]])
    """
    metric = ClassificationMetric(y_true, y_pred, labels=labels, sample_weight=sample_weight)
    return metric.CM(normalize=normalize, as_frame=as_frame, zero_division=zero_division)
