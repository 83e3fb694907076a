"""Metrics asked for by name, the permetrics way: ``get_support``,
``get_metrics_by_list_names`` and ``get_metrics_by_dict`` of an evaluation."""

import inspect

from .. import validation as _validation
from . import registry as _registry


def get_support(cls, name=None):
    """Properties of a metric: direction (``"max"``/``"min"``), range and best value.

    Parameters
    ----------
    name : str, default=None
        A short alias (``"PS"``) or long name (``"precision_score"``);
        ``None`` gives the whole table, keyed by alias.

    Returns
    -------
    dict
        ``{"type": "max" | "min" | None, "range": (low, high), "best": float | None}``,
        or ``{alias: that dict}`` for every metric. ``None`` marks the
        confusion matrix (not a score) and lift (no single best value).

    Raises
    ------
    ValueError
        For an unknown name, suggesting the closest valid names.

    Examples
    --------
    >>> from permetrics_lite import ClassificationMetric
    >>> ClassificationMetric.get_support("MCC")
    {'type': 'max', 'range': (-1.0, 1.0), 'best': 1.0}
    >>> ClassificationMetric.get_support("hamming_loss")["type"]
    'min'
    """
    if name is None:
        return {alias: dict(entry) for alias, entry in cls.SUPPORT.items()}
    return dict(cls.SUPPORT[_registry.lookup(name).alias])


def get_metrics_by_list_names(state, names, list_paras=None):
    """Several metrics at once, by name, each with its own parameters.

    Parameters
    ----------
    names : list of str
        Short aliases or long names.
    list_paras : list of (dict or None), default=None
        The parameters of each metric, in the order of ``names``.

    Returns
    -------
    dict
        ``{name: value}`` in the order of ``names``.

    Raises
    ------
    ValueError
        For an unknown metric name (the closest valid names are suggested)
        or a ``list_paras`` whose length differs from ``names``.
    TypeError
        For a parameter the metric does not take.

    Examples
    --------
    >>> from permetrics_lite import ClassificationMetric
    >>> cm = ClassificationMetric([0, 1, 2, 2], [0, 2, 2, 2])
    >>> cm.get_metrics_by_list_names(["AS", "PS"], [None, {"average": "micro"}])
    {'AS': 0.75, 'PS': 0.75}
    """
    names = list(names)
    list_paras = [None] * len(names) if list_paras is None else list(list_paras)
    if len(list_paras) != len(names):
        raise _validation.InputError(
            "{list_paras} has {n} entries but {names} has {m}; give one dict (or None) per name.",
            "list_paras", "names", n=len(list_paras), m=len(names)
        )
    return {name: by_name(state, name, params) for name, params in zip(names, list_paras)}


def get_metrics_by_dict(state, metrics):
    """Several metrics at once from ``{name: parameters}``.

    Parameters
    ----------
    metrics : dict
        Short aliases or long names mapped to a dict of parameters (or None).

    Returns
    -------
    dict
        ``{name: value}`` in the order of ``metrics``.

    Raises
    ------
    ValueError
        For an unknown metric name (the closest valid names are suggested).
    TypeError
        For a parameter the metric does not take.

    Examples
    --------
    >>> from permetrics_lite import ClassificationMetric
    >>> cm = ClassificationMetric(["a", "b", "b"], ["a", "b", "a"])
    >>> cm.get_metrics_by_dict({"AS": None, "RS": {"average": None}})
    {'AS': 0.6666666666666666, 'RS': {'a': 1.0, 'b': 0.5}}
    """
    return {name: by_name(state, name, params) for name, params in metrics.items()}


def by_name(state, name, params):
    metric = _registry.lookup(name)
    query = _registry.method(metric)
    _, *accepted = inspect.signature(query).parameters  # the options, after the state
    return query(state, **_validation.check_metric_parameters(metric.alias, params, accepted))
