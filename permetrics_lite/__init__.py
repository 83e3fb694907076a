"""permetrics_lite: exact, fast classification metrics from one cached tally."""

from ._formulas import UndefinedMetricWarning
from .classification import ClassificationMetric
from .datasets import load_demo
from .functional import (
    accuracy_score,
    balanced_accuracy_score,
    confusion_matrix,
    per_class_accuracy,
)

__version__ = "0.1.0"

__all__ = [
    "ClassificationMetric",
    "UndefinedMetricWarning",
    "accuracy_score",
    "balanced_accuracy_score",
    "confusion_matrix",
    "load_demo",
    "per_class_accuracy",
    "__version__",
]
