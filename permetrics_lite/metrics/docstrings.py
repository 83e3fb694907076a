"""Shared parameter descriptions, written once and placed into docstrings.

A docstring line holding only ``{{name}}`` is replaced by the text of ``name``
below, indented like the placeholder.
"""

import textwrap

SHARED = {
    "average": """
        average : {"binary", "micro", "macro", "weighted"} or None, default="binary"
            ``"binary"``: the class ``pos_label`` of a problem with at most two
            classes. ``None``: a dict ``{label: value}`` of every class.
            ``"micro"``: the formula applied once to the counts summed over
            classes. ``"macro"``: the unweighted mean over the classes in
            ``labels``. ``"weighted"``: the mean weighted by support. The
            constructor's ``average``, when given, replaces the default.""",
    "pos_label": """
        pos_label : label, default=1
            The positive class when ``average="binary"`` (scikit-learn's
            default 1; ``True`` for boolean labels), or the constructor's.
            Passed to the method, it selects that class (``"binary"``); with
            another ``average`` passed to the method it is an error.""",
    "sample_weight": """
        sample_weight : array-like of shape (n_samples,), default=None
            Weights for this query only, overriding the constructor's weights.
            Finite, non-negative, with a positive sum. One vectorised pass over
            the cached label codes; without it the answer comes from the cached
            tallies.""",
    "zero_division": """
        zero_division : {"warn", 0.0, 1.0, nan}, default="warn"
            Value of a 0/0 result. ``"warn"`` gives 0.0 and an
            :class:`~permetrics_lite.UndefinedMetricWarning`; the others are
            silent (see :doc:`/conventions`). The constructor's
            ``zero_division``, when given, replaces the default.""",
    "ci": """
        ci : str, default=None
            An interval method of :meth:`confidence_interval` (``"wilson"``,
            ``"bootstrap"`` ...): add each score's confidence interval, nan
            where the method does not apply to it; ``"auto"``: for each score
            the first method that applies to it.
        confidence, n_resamples, random_state : optional
            As for :meth:`confidence_interval`; with ``ci`` only.""",
}


# The bins of the calibration queries (their n_bins defaults differ)
SHARED["strategy"] = """
        strategy : {"uniform", "quantile"}, default="uniform"
            ``"uniform"``: bins of equal width; ``"quantile"``: bins at the
            quantiles of the probabilities, of about equal numbers of samples
            (unweighted evaluations only)."""
SHARED["calibration_raises"] = """
        Raises
        ------
        ValueError
            For an evaluation without scores, scores that are not probabilities,
            ``n_bins`` < 1, an unknown ``strategy``, or ``"quantile"`` with
            sample weights.
        TypeError
            For an ``n_bins`` that is not an integer."""

# The parameters and result of GroupedEvaluation.difference and .ratio
SHARED["group_comparison"] = """
        Parameters
        ----------
        metrics : str, sequence of str, or dict
            As for :meth:`frame`.
        method : {"between_groups", "to_overall"}, default="between_groups"
            As fairlearn's ``MetricFrame`` of the same name.

        Returns
        -------
        Series
            One value per metric."""

# The parameters, result and errors shared by the one-vs-rest family (PS ... MK)
SHARED["class_options"] = "\n".join(
    SHARED[name].strip("\n") for name in ("average", "pos_label", "sample_weight", "zero_division"))
SHARED["unit_scores"] = """
        Returns
        -------
        float or dict
            In [0, 1]; best 1.0. A dict ``{label: value}`` for ``average=None``."""
SHARED["class_raises"] = """
        Raises
        ------
        ValueError
            For ``average="binary"`` on a multiclass or multilabel problem, a
            ``pos_label`` that is not a label, or an unknown ``average``."""


# The constructor options, taken by every alternative constructor (from_*)
SHARED["query_defaults"] = """
        average, pos_label, zero_division : optional
            Defaults of every query, as in the constructor."""

# The drawing target and result of the plot methods
SHARED["ax"] = """
        ax : matplotlib Axes, default=None
            Where to draw; a new figure (through ``matplotlib.pyplot``) when None."""
SHARED["plot_returns"] = """
        Returns
        -------
        matplotlib Axes
            The Axes drawn on, to style, combine or save (``ax.figure.savefig``)."""


def fill(doc):
    """Replace the ``{{name}}`` lines of a docstring with the shared text."""
    lines = []
    for line in doc.splitlines():
        key = line.strip()
        if key.startswith("{{") and key.endswith("}}"):
            indent = line[: len(line) - len(line.lstrip())]
            text = textwrap.dedent(SHARED[key[2:-2]]).strip("\n")
            lines.append(textwrap.indent(text, indent))
        else:
            lines.append(line)
    return "\n".join(lines)


def share(func):
    """Replace the ``{{name}}`` lines of ``func``'s docstring with the shared text."""
    func.__doc__ = fill(func.__doc__)
    return func


_ONE_VS_REST = """{summary}

Parameters
----------
{{{{class_options}}}}
    It applies {undefined}.

Returns
-------
float or dict
    {range}. A dict ``{{label: value}}`` for ``average=None``.

{{{{class_raises}}}}

See Also
--------
{alias} : Short alias.
{see_also}

Notes
-----
{notes}

Examples
--------
{examples}
"""


def _range(metric):
    """'In [0, 1]; best 1.0', from the registry row's range and best value."""
    low, high = (f"{bound:g}" for bound in metric.range)
    closing = ")" if high == "inf" else "]"
    best = f"best {metric.best}" if metric.best is not None else "higher is better"
    return f"In [{low}, {high}{closing}; {best}"


def one_vs_rest(metric):
    """The docstring of a generated one-vs-rest method, from its registry row."""
    doc = metric.doc
    text = _ONE_VS_REST.format(
        summary=doc.summary, undefined=doc.undefined, range=_range(metric),
        alias=metric.alias, see_also=doc.see_also, notes=doc.notes, examples=doc.examples,
    ).replace("\n\n\nNotes", "\n\nNotes")  # no see-also line of its own
    return fill(textwrap.indent(text, "    ").lstrip())
