"""One table of the metrics: short alias, long name and properties.

The aliases on :class:`~permetrics_lite.ClassificationMetric`, its ``SUPPORT``
table, the metric-name lookups and the functional forms are all generated from
this table, so a metric cannot exist in one place and be missing in another.
"""

from types import MappingProxyType
from typing import NamedTuple, Optional, Tuple

from . import _validation

INF = float("inf")


class Metric(NamedTuple):
    alias: str
    name: str
    description: str
    higher_is_better: Optional[bool]  # None: not a score (the confusion matrix)
    range: Tuple[float, float]
    best: Optional[float]  # None: no single best value


_UNIT = (0.0, 1.0)
_CORRELATION = (-1.0, 1.0)

# Metrics of labels: every evaluation answers them
METRICS = (
    Metric("AS", "accuracy_score", "accuracy (multilabel: subset accuracy)", True, _UNIT, 1.0),
    Metric("BAS", "balanced_accuracy_score", "balanced accuracy", True, _UNIT, 1.0),
    Metric("PCA", "per_class_accuracy", "one-vs-rest accuracy per class", True, _UNIT, 1.0),
    Metric("CM", "confusion_matrix", "confusion matrix", None, (0.0, INF), None),
    Metric("PS", "precision_score", "precision (positive predictive value)", True, _UNIT, 1.0),
    Metric("RS", "recall_score", "recall (sensitivity, true positive rate)", True, _UNIT, 1.0),
    Metric("SS", "specificity_score", "specificity (true negative rate)", True, _UNIT, 1.0),
    Metric("NPV", "negative_predictive_value", "negative predictive value", True, _UNIT, 1.0),
    Metric("F1S", "f1_score", "F1 score", True, _UNIT, 1.0),
    Metric("F2S", "f2_score", "F2 score", True, _UNIT, 1.0),
    Metric("FBS", "fbeta_score", "F-beta score", True, _UNIT, 1.0),
    Metric("JSI", "jaccard_score", "Jaccard similarity index", True, _UNIT, 1.0),
    Metric("GMS", "g_mean_score", "G-mean: sqrt(recall * specificity)", True, _UNIT, 1.0),
    Metric("LS", "lift_score", "lift: precision / prevalence", True, (0.0, INF), None),
    Metric("MCC", "matthews_correlation_coefficient", "Matthews correlation coefficient",
           True, _CORRELATION, 1.0),
    Metric("CKS", "cohen_kappa_score", "Cohen's kappa", True, _CORRELATION, 1.0),
    Metric("HML", "hamming_loss", "Hamming loss", False, _UNIT, 0.0),
)

# Metrics of scores: evaluations built by ClassificationMetric.from_scores only
SCORE_METRICS = (
    Metric("TKA", "top_k_accuracy_score", "top-k accuracy: true class among the k best scores",
           True, _UNIT, 1.0),
)

ALL_METRICS = METRICS + SCORE_METRICS

_BY_NAME = {**{m.alias: m for m in ALL_METRICS}, **{m.name: m for m in ALL_METRICS}}

SUPPORT = MappingProxyType({  # read-only: get_support hands out copies
    m.alias: MappingProxyType({
        "type": {True: "max", False: "min", None: None}[m.higher_is_better],
        "range": m.range,
        "best": m.best,
    })
    for m in ALL_METRICS
})


def lookup(name):
    """The registry row of a short alias or a long name."""
    if isinstance(name, str) and name in _BY_NAME:
        return _BY_NAME[name]
    raise _validation.unknown_metric(name, [m.alias for m in ALL_METRICS], list(_BY_NAME))
