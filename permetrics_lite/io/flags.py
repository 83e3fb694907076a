"""The library's messages in the command line's words: columns and flags, not the
parameters of the Python API.

Every error and warning of the library that can reach the command line names its
parameters in slots (:class:`~permetrics_lite.validation.errors.Worded`): it is
worded with :func:`names`, no text parsed. A message without slots (from pandas,
numpy or Python itself) is shown as it is, made one line.
"""

import numpy as np

from ..validation.errors import Worded, is_flag
from .reading import shown

ZERO_DIVISION = {"warn": "warn", "0": 0.0, "1": 1.0, "nan": np.nan}  # --zero-division's values


class UsageError(Exception):
    """Flags that do not go together: one line, exit status 2."""


_FLAGS = {  # the library's words -> the command line's
    "sample_weight": "--weight", "pos_label": "--pos-label", "zero_division": "--zero-division",
    "labels": "--labels", "threshold": "--threshold", "y_score": "--scores",
    "average": "--average", "beta": "--beta", "confidence": "--confidence",
    "n_resamples": "--resamples", "random_state": "--seed", "method": "--ci", "ci": "--ci",
    "average=None": "--average none",
    "zero_division (0.0, 1.0 or nan)": "--zero-division 0, 1 or nan",
    "metrics={name: {'average': 'macro'}}": "--average macro",
    "ClassificationMetric.from_scores": "--scores",
    "ClassificationMetric.from_scores(y_true, y_score)": "--scores COL [COL ...]",
    "ClassificationMetric(y_true, y_pred)": "--pred COL",
}
_COLUMNS = (("y_true", "true", "--true"), ("y_pred", "pred", "--pred"),
            ("sample_weight", "weight", "--weight"))


def names(args):
    """The command line's words for the library's parameters (and Python spellings):
    a column and its flag (``column 'label' (--true)``), or a flag."""
    words = dict(_FLAGS)
    if getattr(args, "pos_label", "") is None:  # not given: the library's default, 1
        words["pos_label=1"] = "the default positive class, 1,"
    for parameter, attribute, flag in _COLUMNS:
        column = getattr(args, attribute, None)
        words[parameter] = flag if column is None else f"column {shown(column)} ({flag})"
    return words


def in_flags(error, args):
    """A library message (an error, or a warning's message) in the command line's
    words: columns and flags, not parameters. The message is made one line; the
    words put in keep their own spacing (a column's name, quoted)."""
    kept = {}

    def keep(words):  # a placeholder with no space, for words that keep their spacing
        return kept.setdefault(words, f"\0{len(kept)}\0")

    if isinstance(error, Worded):
        # a bare flag (--average) as it is: a value worded after it follows its spelling
        text = error.worded({name: words if is_flag(words) else keep(words)
                             for name, words in names(args).items()})
    else:  # a message without slots: as it is
        text = str(error)
    text = " ".join(text.split()).replace(" : ", ": ")
    for words, placeholder in kept.items():
        text = text.replace(placeholder, words)
    return text
