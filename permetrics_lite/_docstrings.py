"""Shared parameter descriptions, written once and placed into docstrings.

A docstring line holding only ``{{name}}`` is replaced by the text of ``name``
below, indented like the placeholder.
"""

import textwrap

SHARED = {
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
            silent (see :doc:`/conventions`).""",
}


def share(func):
    """Replace ``{{name}}`` lines of ``func``'s docstring with the shared text."""
    lines = []
    for line in func.__doc__.splitlines():
        key = line.strip()
        if key.startswith("{{") and key.endswith("}}"):
            indent = line[: len(line) - len(line.lstrip())]
            text = textwrap.dedent(SHARED[key[2:-2]]).strip("\n")
            lines.append(textwrap.indent(text, indent))
        else:
            lines.append(line)
    func.__doc__ = "\n".join(lines)
    return func
