"""Per-group evaluation: one tally of group x true x predicted, an evaluation per group.

:meth:`ClassificationMetric.by_group` returns a :class:`GroupedEvaluation`: a
read-only mapping from each group to the evaluation of its samples, with
tables of metrics by group and their spread (fairlearn's ``MetricFrame``
``by_group``, ``difference()`` and ``ratio()``).
"""

from collections.abc import Mapping
from types import MappingProxyType

import numpy as np
import pandas as pd

from .. import validation as _validation
from ..core import tally as _tally
from ..metrics.docstrings import share

COMPARISONS = ("between_groups", "to_overall")


@share
def by_group(state, groups=None):
    """Evaluate each group of samples: one pass over the cached codes.

    Parameters
    ----------
    groups : array-like of shape (n_samples,) or DataFrame, optional
        The group of each sample (any hashable values), or a DataFrame of
        several grouping columns (each group a tuple of their values).
        Omitted for an evaluation built by ``from_counts`` with a ``group``
        column: its groups.

    Returns
    -------
    GroupedEvaluation
        A read-only mapping ``{group: ClassificationMetric}``: a pandas
        Categorical's groups in the order of its categories (those without
        samples left out), as pandas' ``groupby`` orders them; other groups
        sorted as pandas sorts them (numbers before strings), or in order of
        appearance when their values cannot be compared. Several grouping
        columns order their tuples by the first column, then the next. Each evaluation has this one's classes and options, and
        keeps tallies only.

    Raises
    ------
    ValueError
        For groups of the wrong length, with missing values, with a pandas
        index other than the labels', a group whose samples all weigh zero,
        or an evaluation that keeps tallies only (built from a matrix,
        merged, batched or from Dask).
    TypeError
        For unhashable group values.

    Notes
    -----
    One ``bincount`` of (group, true, predicted) cells: O(N + G K²) time
    and O(G K²) memory for G groups and K classes (with many classes, or
    multilabel input, one tally per group of the samples sorted by group).

    Examples
    --------
    >>> from permetrics_lite import ClassificationMetric
    >>> cm = ClassificationMetric([0, 1, 1, 0, 1, 0], [0, 1, 0, 0, 1, 1])
    >>> grouped = cm.by_group(["a", "a", "a", "b", "b", "b"])
    >>> grouped["a"].AS(), grouped["b"].AS()
    (0.6666666666666666, 0.6666666666666666)
    >>> grouped.frame(["AS", "RS"])
                 AS   RS
    group
    a      0.666667  0.5
    b      0.666667  1.0
    >>> grouped.difference(["AS", "RS"]).tolist()
    [0.0, 0.5]
    """
    # the method (``classification``) makes the states evaluations of a GroupedEvaluation
    if groups is None and state.groups is not None:  # from_counts(..., group=...)
        names, keys, tallies, sizes = state.groups
    elif groups is None:
        raise _groups_missing()
    elif state.samples is None:
        raise _groups_need_samples()
    else:
        samples = state.samples
        codes, keys, names = _validation.check_groups(groups, state.n_samples, samples.index)
        tallies = _tally.by_group(codes, len(keys), samples.true, samples.pred,
                                  state.n_classes, samples.weight, state.is_multilabel)
        for key, t in zip(keys, tallies):
            if not t.total:  # every metric of it would be 0/0
                raise _validation.weightless_group(key)
        sizes = np.bincount(codes, minlength=len(keys)).tolist()
    return names, {key: state.derived(t, size) for key, t, size in zip(keys, tallies, sizes)}


def _groups_missing():
    return _validation.InputTypeError(
        "by_group needs {groups}: one per sample (an array-like, or a DataFrame of grouping "
        "columns); only an evaluation built by from_counts with {1} has its own.", "groups",
        _validation.Term("group=")
    )


def _groups_need_samples():
    return _validation.InputError(
        "by_group needs each sample's labels, and this evaluation keeps tallies only (built "
        "by from_confusion_matrix, a + b, from_batches or from_dask); evaluate the samples "
        "with {0}, or pass a group column to from_counts.",
        _validation.Term("ClassificationMetric(y_true, y_pred)")
    )


def _check_group_metrics(metrics):
    """``frame``'s metrics: a name, a sequence of names or a {name: parameters} dict."""
    if isinstance(metrics, str):
        metrics = (metrics,)
    if isinstance(metrics, dict):
        return dict(metrics)
    try:
        return dict.fromkeys(metrics)
    except TypeError:
        raise _validation.InputTypeError(
            "{metrics} must be a metric name, a sequence of names or a {{name: parameters}} "
            "dict; got {type}.", "metrics", type=type(metrics).__name__
        ) from None


def _not_one_number(name, group):
    macro = _validation.Term(f"metrics={{{name!r}: {{'average': 'macro'}}}}",
                             "metrics={name: {'average': 'macro'}}")
    return _validation.InputError(
        "{name} gives one value per class for group {group!r}; a table of groups needs one "
        "number per group: pass its average, e.g. {0}.", macro, name=name, group=group
    )


class GroupedEvaluation(Mapping):
    """The evaluations of groups of samples: a read-only mapping ``{group: evaluation}``.

    Built by :meth:`ClassificationMetric.by_group`. ``overall`` is the
    evaluation of all the samples; ``frame``, ``difference`` and ``ratio``
    tabulate metrics by group.

    Examples
    --------
    >>> from permetrics_lite import ClassificationMetric
    >>> cm = ClassificationMetric(["x", "y", "x", "y"], ["x", "y", "y", "y"])
    >>> grouped = cm.by_group([1, 1, 2, 2])
    >>> grouped
    GroupedEvaluation(n_groups=2, groups=[1, 2])
    >>> len(grouped), list(grouped), grouped.overall.AS()
    (2, [1, 2], 0.75)
    """

    def __init__(self, evaluations, overall, names):
        self.__dict__.update(_evaluations=MappingProxyType(evaluations), _overall=overall,
                             _names=tuple(names))

    def __setattr__(self, name, value):
        raise AttributeError(f"GroupedEvaluation is read-only; cannot set {name!r}.")

    def __getitem__(self, group):
        return self._evaluations[group]

    def __iter__(self):
        return iter(self._evaluations)

    def __len__(self):
        return len(self._evaluations)

    def __repr__(self):
        shown = list(self._evaluations)[:5]
        more = ", ..." if len(self) > 5 else ""
        return f"GroupedEvaluation(n_groups={len(self)}, groups={str(shown)[:-1]}{more}])"

    @property
    def overall(self):
        """The evaluation of all the samples."""
        return self._overall

    def frame(self, metrics):
        """A table of metrics by group: one row per group, one column per metric.

        Parameters
        ----------
        metrics : str, sequence of str, or dict
            Short aliases or long names (each column named as given), or
            ``{name: parameters}`` for metrics with options. Each must give
            one number per group (pass an ``average`` to per-class metrics).

        Returns
        -------
        DataFrame
            Indexed by group (a MultiIndex for several grouping columns),
            named after the grouping column(s).

        Examples
        --------
        >>> from permetrics_lite import ClassificationMetric
        >>> cm = ClassificationMetric([0, 1, 2, 0, 1, 2], [0, 1, 1, 0, 2, 2])
        >>> cm.by_group(["a", "a", "a", "b", "b", "b"]).frame({"F1S": {"average": "macro"}})
                    F1S
        group
        a      0.555556
        b      0.555556
        """
        metrics = _check_group_metrics(metrics)
        rows = []
        for group, evaluation in self.items():
            row = evaluation.get_metrics_by_dict(metrics)
            for name, value in row.items():
                if isinstance(value, (dict, np.ndarray)):
                    raise _not_one_number(name, group)
            rows.append([row[name] for name in metrics])
        index = (pd.MultiIndex.from_tuples(list(self), names=self._names)
                 if len(self._names) > 1 else pd.Index(list(self), name=self._names[0]))
        return pd.DataFrame(rows, index=index, columns=list(metrics), dtype=np.float64)

    @share
    def difference(self, metrics, method="between_groups"):
        """The largest difference of each metric: between groups (max - min), or of
        any group to the overall value (``method="to_overall"``).

        {{group_comparison}}

        Examples
        --------
        >>> from permetrics_lite import ClassificationMetric
        >>> cm = ClassificationMetric([0, 1, 1, 1], [0, 1, 0, 0])
        >>> cm.by_group(["a", "a", "b", "b"]).difference("AS").tolist()
        [1.0]
        """
        frame = self.frame(metrics)
        method = _validation.check_option("method", method, COMPARISONS)
        if method == "between_groups":
            return frame.max() - frame.min()
        return (frame - self._overall_values(frame.columns, metrics)).abs().max()

    @share
    def ratio(self, metrics, method="between_groups"):
        """The smallest ratio of each metric: between groups (min / max), or of any
        group's value to the overall value, inverted where above 1
        (``method="to_overall"``).

        {{group_comparison}}

        Examples
        --------
        >>> from permetrics_lite import ClassificationMetric
        >>> cm = ClassificationMetric([0, 1, 1, 1], [0, 1, 1, 0])
        >>> cm.by_group(["a", "a", "b", "b"]).ratio("AS").tolist()
        [0.5]
        """
        frame = self.frame(metrics)
        method = _validation.check_option("method", method, COMPARISONS)
        if method == "between_groups":
            return frame.min() / frame.max()
        ratios = frame / self._overall_values(frame.columns, metrics)
        return ratios.where(~(ratios > 1), 1 / ratios).min()  # each as a ratio at most 1

    def _overall_values(self, columns, metrics):
        values = self._overall.get_metrics_by_dict(_check_group_metrics(metrics))
        return pd.Series(values, index=columns, dtype=np.float64)
