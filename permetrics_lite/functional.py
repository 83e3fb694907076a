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

class _Inputs(NamedTuple):
    """How a functional form takes its data: the second argument and the builder."""

    second: str
    build: str  # ClassificationMetric or one of its alternative constructors
    described: str
    example: str


# The data of each docstring's example (its call and output are in the registry row)
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

    call, output = metric.example
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
