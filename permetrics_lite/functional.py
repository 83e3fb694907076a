"""Functional forms: build a :class:`ClassificationMetric` and ask it one question.

One function per registry row, named by the long name, taking ``y_true``,
``y_pred`` (``y_score`` for metrics of scores, built with ``from_scores``), the
constructor's ``labels`` and ``sample_weight``, and the method's own options. Use the object when you want more than one metric: it
tallies the data once.
"""

import inspect
from typing import NamedTuple

from . import _registry
from .classification import ClassificationMetric, Default

# The example in each docstring, on Y_TRUE and Y_PRED below:
# for class 1, tp = 2, fp = 0, fn = 1, tn = 2.
_EXAMPLES = {
    "accuracy_score": ("{f}(Y_TRUE, Y_PRED)", "0.8"),  # 4 of 5 right
    "balanced_accuracy_score": ("{f}(Y_TRUE, Y_PRED)", "0.8333333333333333"),  # (2/2 + 2/3) / 2
    "per_class_accuracy": ("{f}(Y_TRUE, Y_PRED)", "{0: 0.8, 1: 0.8}"),
    "confusion_matrix": ("{f}(Y_TRUE, Y_PRED)", "array([[2, 0],\n       [1, 2]])"),
    "precision_score": ("{f}(Y_TRUE, Y_PRED)", "1.0"),  # 2 / (2 + 0)
    "recall_score": ("{f}(Y_TRUE, Y_PRED)", "0.6666666666666666"),  # 2 / (2 + 1)
    "specificity_score": ("{f}(Y_TRUE, Y_PRED)", "1.0"),  # 2 / (2 + 0)
    "negative_predictive_value": ("{f}(Y_TRUE, Y_PRED)", "0.6666666666666666"),  # 2 / (2 + 1)
    "f1_score": ("{f}(Y_TRUE, Y_PRED)", "0.8"),  # 4 / (4 + 1 + 0)
    "f2_score": ("{f}(Y_TRUE, Y_PRED)", "0.7142857142857143"),  # 10 / (10 + 4 + 0)
    "fbeta_score": ("{f}(Y_TRUE, Y_PRED, beta=0.5)", "0.9090909090909091"),  # 2.5 / (2.5 + 0.25 + 0)
    "jaccard_score": ("{f}(Y_TRUE, Y_PRED)", "0.6666666666666666"),  # 2 / (2 + 0 + 1)
    "g_mean_score": ("round({f}(Y_TRUE, Y_PRED), 4)", "0.8165"),  # sqrt(2/3 * 1)
    "lift_score": ("{f}(Y_TRUE, Y_PRED)", "1.6666666666666667"),  # 1.0 / (3 / 5)
    "matthews_correlation_coefficient": ("{f}(Y_TRUE, Y_PRED)", "0.6666666666666666"),  # 4 / sqrt(2*3*2*3)
    "cohen_kappa_score": ("round({f}(Y_TRUE, Y_PRED), 4)", "0.6154"),  # (0.8 - 0.48) / (1 - 0.48)
    "hamming_loss": ("{f}(Y_TRUE, Y_PRED)", "0.2"),  # 1 of 5 wrong
    # true-class ranks 0, 1 and 2
    "top_k_accuracy_score": ("{f}(Y_TRUE, Y_SCORE, k=2)", "0.6666666666666666"),
}


class _Inputs(NamedTuple):
    """How a functional form takes its data: the second argument and the builder."""

    second: str
    build: str  # ClassificationMetric or one of its alternative constructors
    described: str
    example: str


_LABELS = _Inputs("y_pred", "ClassificationMetric", "True and predicted labels",
                  "Y_TRUE, Y_PRED = [0, 1, 1, 0, 1], [0, 1, 0, 0, 1]")
_SCORES = _Inputs("y_score", "ClassificationMetric.from_scores", "True labels and scores",
                  "Y_TRUE, Y_SCORE = [0, 1, 2], [[0.6, 0.3, 0.1], [0.5, 0.4, 0.1], [0.4, 0.5, 0.1]]")

_DOC = """{summary}

Equivalent to ``{build}(y_true, {second}, labels=labels,
sample_weight=sample_weight).{alias}(...)``; see
:meth:`ClassificationMetric.{name}` for the other parameters, the result and
the errors. Build the object yourself to ask for more than one metric: it
tallies the data once.

Parameters
----------
y_true, {second} : array-like
    {described}, as for ``{build}``.
labels : array-like, default=None
    The classes and their order.
sample_weight : array-like of shape (n_samples,), default=None
    Weights of the samples.

Examples
--------
>>> from permetrics_lite import {name}
>>> {example}
>>> {call}
{output}
"""


def _functional_form(metric, data):
    """The function of one registry row: construct, then call the method."""
    method = getattr(ClassificationMetric, metric.name)
    inputs = [inspect.Parameter(name, inspect.Parameter.POSITIONAL_OR_KEYWORD)
              for name in ("y_true", data.second)]
    shared = [inspect.Parameter(name, inspect.Parameter.KEYWORD_ONLY, default=None)
              for name in ("labels", "sample_weight")]
    options = [  # without a constructor, a Default is just its value
        p.replace(default=p.default.value if isinstance(p.default, Default) else p.default)
        for p in inspect.signature(method).parameters.values()
        if p.name not in ("self", "sample_weight")
    ]
    positional = [p for p in options if p.kind is p.POSITIONAL_OR_KEYWORD]
    keyword = [p for p in options if p.kind is p.KEYWORD_ONLY]
    signature = inspect.Signature(inputs + positional + shared + keyword)
    build = (ClassificationMetric if data is _LABELS else ClassificationMetric.from_scores)

    def function(*args, **kwargs):
        arguments = signature.bind(*args, **kwargs).arguments
        evaluation = build(
            arguments.pop("y_true"), arguments.pop(data.second),
            labels=arguments.pop("labels", None),
            sample_weight=arguments.pop("sample_weight", None),
        )
        return method(evaluation, **arguments)

    call, output = _EXAMPLES[metric.name]
    function.__name__ = function.__qualname__ = metric.name
    function.__module__ = __name__
    function.__signature__ = signature
    function.__doc__ = _DOC.format(
        summary=method.__doc__.strip().splitlines()[0], alias=metric.alias, name=metric.name,
        call=call.format(f=metric.name), output=output, **data._asdict(),
    )
    return function


for _metric in _registry.METRICS:
    globals()[_metric.name] = _functional_form(_metric, _LABELS)
for _metric in _registry.SCORE_METRICS:
    globals()[_metric.name] = _functional_form(_metric, _SCORES)

__all__ = [m.name for m in _registry.ALL_METRICS]
