"""One table of the metrics: short alias, long name and properties (SPEC §4, §4.2).

The aliases on :class:`~permetrics_lite.ClassificationMetric` are generated
from this table, so a metric cannot have an alias without an entry here.
"""

from typing import NamedTuple, Optional, Tuple


class Metric(NamedTuple):
    alias: str
    name: str
    description: str
    higher_is_better: Optional[bool]  # None: not a score (the confusion matrix)
    range: Tuple[float, float]
    best: Optional[float]


METRICS = (
    Metric("AS", "accuracy_score", "accuracy (multilabel: subset accuracy)", True, (0.0, 1.0), 1.0),
    Metric("BAS", "balanced_accuracy_score", "balanced accuracy", True, (0.0, 1.0), 1.0),
    Metric("PCA", "per_class_accuracy", "one-vs-rest accuracy per class", True, (0.0, 1.0), 1.0),
    Metric("CM", "confusion_matrix", "confusion matrix", None, (0.0, float("inf")), None),
)
