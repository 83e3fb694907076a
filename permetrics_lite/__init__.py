"""permetrics_lite: exact, fast classification metrics from one cached tally."""

from .stats.accuracy_test import AccuracyTestResult
from .stats.comparison import DeLongResult, McNemarResult, delong_test, mcnemar
from .stats.paired_bootstrap import BootstrapTestResult, bootstrap_test
from .metrics.formulas import UndefinedMetricWarning
from .stats.groups import GroupedEvaluation
from .stats.intervals import ConfidenceInterval
from .classification import ClassificationMetric
from .datasets import load_demo
from .functional import *  # noqa: F401,F403 - one function per metric
from .functional import __all__ as _functional_forms
from .validation.errors import InputError, InputTypeError
from .version import __version__

__all__ = [
    "ClassificationMetric",
    "ConfidenceInterval",
    "AccuracyTestResult",
    "GroupedEvaluation",
    "McNemarResult",
    "mcnemar",
    "DeLongResult",
    "delong_test",
    "BootstrapTestResult",
    "bootstrap_test",
    "UndefinedMetricWarning",
    "InputError",
    "InputTypeError",
    "load_demo",
    *_functional_forms,
    "__version__",
]
