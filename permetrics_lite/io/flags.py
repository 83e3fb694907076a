"""The library's messages in the command line's words: columns and flags, not the
parameters of the Python API.

An error (or warning) of input validation names its parameters in slots
(:class:`~permetrics_lite.validation.errors.Worded`): it is worded with
:func:`names`, no text parsed. Only the messages written elsewhere, as plain
text, are still reworded by regular expressions (:func:`_by_regex`).
"""

import re

from ..validation.errors import Worded
from .reading import shown

_FLAGS = {  # the library's words -> the command line's
    "sample_weight": "--weight", "pos_label": "--pos-label", "zero_division": "--zero-division",
    "labels": "--labels", "threshold": "--threshold", "y_score": "--scores",
    "average": "--average", "beta": "--beta", "confidence": "--confidence",
    "n_resamples": "--resamples", "random_state": "--seed", "method": "--ci",
    "average=None": "--average none",
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

    if isinstance(error, Worded) and error.template is not None:
        placeholders = {name: keep(words) for name, words in names(args).items()}
        text = error.worded(placeholders, loose=lambda loose: _by_regex(loose, args, keep))
    else:
        text = _by_regex(str(error), args, keep)
    text = " ".join(text.split()).replace(" : ", ": ")
    for words, placeholder in kept.items():
        text = text.replace(placeholder, words)
    return text


# --------------------------------------------------------------------------
# FALLBACK: regular expressions, for the text of messages written outside input
# validation (core/, metrics/, stats/) that name parameters with no slots: the
# plain errors and warnings they raise, and the text they pass to validation's
# errors (Loose). A message reworded here changes with its wording: give it slots.
# --------------------------------------------------------------------------

_PHRASES = {  # Python spellings of whole options, before parameter names are replaced
    r"ClassificationMetric\.from_scores\([^)]*\)": "--scores COL [COL ...]",
    r"metrics=\{[^{}]*\{[^{}]*\}\}": "--average macro",
    r"\baverage=None\b": "--average none",
    r"\bzero_division \(0\.0, 1\.0 or nan\)": "--zero-division 0, 1 or nan",
}
_PARAMETERS = {  # names found in plain text (y_true, y_pred and sample_weight: columns)
    name: _FLAGS[name] for name in (
        "sample_weight", "pos_label", "zero_division", "labels", "threshold", "y_score",
        "average", "beta", "confidence", "n_resamples", "random_state", "method",
        "ClassificationMetric.from_scores")}


def _by_regex(text, args, keep=str):
    """Parameter names found in plain text, replaced by the command line's words
    (each passed through ``keep``)."""
    columns = {"y_true": (getattr(args, "true", None), "--true"),
               "y_pred": (getattr(args, "pred", None), "--pred"),
               "sample_weight": (getattr(args, "weight", None), "--weight")}

    def word(match):
        name, assigned = match.group(1), match.group(2)
        column, flag = columns.get(name, (None, _PARAMETERS.get(name)))
        if column is not None:
            return keep(f"column {shown(column)} ({flag})") + (" " if assigned else "")
        parameter = assigned or match.string[:match.start()].endswith(("to ", "from "))
        if name == "labels" and not parameter:
            return name  # "string labels": the word, not the parameter
        return f"{flag} " if assigned else flag

    text = re.sub(r"\s+", " ", text)  # one line; the ends are the caller's (loose text)
    for python, flags in _PHRASES.items():
        text = re.sub(python, flags, text)
    found = sorted({*columns, *_PARAMETERS}, key=len, reverse=True)
    # a name after "-" is a flag already (a phrase's, or the user's): "--average none"
    pattern = r"(?<!-)\b(" + "|".join(map(re.escape, found)) + r")\b(=|:)?"
    text = re.sub(pattern, lambda m: word(m) + (":" if m.group(2) == ":" else ""), text)
    return text.replace(" : ", ": ")
