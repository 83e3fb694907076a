"""One table of the metrics: short alias, long name and properties (SPEC §4, §4.2).

The aliases on :class:`~permetrics_lite.ClassificationMetric` are generated
from this table, so a metric cannot have an alias without an entry here.
"""

from typing import NamedTuple, Tuple


class Metric(NamedTuple):
    alias: str
    name: str
    description: str
    higher_is_better: bool
    range: Tuple[float, float]
    best: float


METRICS = (
    Metric("AS", "accuracy_score", "accuracy (multilabel: subset accuracy)", True, (0.0, 1.0), 1.0),
    Metric("BAS", "balanced_accuracy_score", "balanced accuracy", True, (0.0, 1.0), 1.0),
    Metric("PCA", "per_class_accuracy", "one-vs-rest accuracy per class", True, (0.0, 1.0), 1.0),
    Metric("CM", "confusion_matrix", "confusion matrix", True, (0.0, float("inf")), float("nan")),
)

BY_ALIAS = {metric.alias: metric for metric in METRICS}
