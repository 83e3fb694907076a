"""The library's messages in the command line's words: columns and flags, not the
parameters of the Python API."""

import re

from .reading import shown

_PARAMETERS = {
    "sample_weight": "--weight", "pos_label": "--pos-label", "zero_division": "--zero-division",
    "labels": "--labels", "threshold": "--threshold", "y_score": "--scores",
    "average": "--average", "beta": "--beta", "confidence": "--confidence",
    "n_resamples": "--resamples", "random_state": "--seed", "method": "--ci",
    "ClassificationMetric.from_scores": "--scores",
}


_PHRASES = {  # Python spellings of whole options, before parameter names are replaced
    r"ClassificationMetric\.from_scores\([^)]*\)": "--scores COL [COL ...]",
    r"metrics=\{[^{}]*\{[^{}]*\}\}": "--average macro",
    r"\baverage=None\b": "--average none",
    r"\bzero_division \(0\.0, 1\.0 or nan\)": "--zero-division 0, 1 or nan",
}


def in_flags(error, args):
    """A library message in the command line's words: columns and flags, not parameters."""
    columns = {"y_true": (getattr(args, "true", None), "--true"),
               "y_pred": (getattr(args, "pred", None), "--pred"),
               "sample_weight": (getattr(args, "weight", None), "--weight")}

    def word(match):
        name, assigned = match.group(1), match.group(2)
        column, flag = columns.get(name, (None, _PARAMETERS.get(name)))
        if column is not None:
            return f"column {shown(column)} ({flag})" + (" " if assigned else "")
        parameter = assigned or match.string[:match.start()].endswith(("to ", "from "))
        if name == "labels" and not parameter:
            return name  # "string labels": the word, not the parameter
        return f"{flag} " if assigned else flag

    text = " ".join(str(error).split())
    for python, flags in _PHRASES.items():
        text = re.sub(python, flags, text)
    names = sorted({*columns, *_PARAMETERS}, key=len, reverse=True)
    # a name after "-" is a flag already (a phrase's, or the user's): "--average none"
    pattern = r"(?<!-)\b(" + "|".join(map(re.escape, names)) + r")\b(=|:)?"
    text = re.sub(pattern, lambda m: word(m) + (":" if m.group(2) == ":" else ""), text)
    return text.replace(" : ", ": ")
