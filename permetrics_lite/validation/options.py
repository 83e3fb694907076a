"""Options of the queries: a value among the allowed ones ("Did you mean ...?"
for a typo), booleans, integers from a bound, ``beta``, ``zero_division``,
``pos_label`` and a metric's parameters; and the error for an optional
dependency that is not installed."""

import difflib

import numpy as np

from .arrays import preview
from .errors import Arg, Choices, InputError, InputTypeError
from .labels import label_position

ZERO_DIVISION_OPTIONS = ("warn", 0.0, 1.0, np.nan)


def check_option(name, value, allowed):
    """``value`` must be one of ``allowed``; suggest the closest valid spelling."""
    if any(value is option or (isinstance(value, str) and value == option) for option in allowed):
        return value
    raise _not_one_of(name, value, allowed)


def _not_one_of(name, value, allowed):
    hint = closest(value, [str(a) for a in allowed], n=2)
    return InputError("{0} must be one of {allowed}; got {value!r}.{hint}", name,
                      allowed=Choices(name, allowed), value=value, hint=hint)


def closest(value, candidates, n=3):
    """' Did you mean ...?' with the closest candidates, ignoring case; or ''.

    The same name in another case wins, then names containing the value
    ("kappa" -> "cohen_kappa_score"), then the closest spellings.
    """
    by_lower = {str(c).lower(): c for c in candidates}
    value = str(value).lower()
    containing = [c for c in by_lower if len(value) >= 4 and value in c]
    chosen = ([value] if value in by_lower else containing[:n]
              or difflib.get_close_matches(value, by_lower, n=n, cutoff=0.5))
    return f" Did you mean {' or '.join(repr(by_lower[c]) for c in chosen)}?" if chosen else ""


def check_metric_parameters(metric, params, accepted):
    """``params`` must be a dict (or None) whose keys the metric accepts."""
    if params is None:
        return {}
    if not isinstance(params, dict):
        raise InputTypeError("parameters of {metric} must be a dict (or None); got {type}.",
                             metric=metric, type=type(params).__name__)
    for key in params:
        if key not in accepted:
            raise InputTypeError("{metric} has no parameter {key!r}; it takes {accepted}.{hint}",
                                 metric=metric, key=key, accepted=list(accepted),
                                 hint=closest(key, accepted, n=1))
    return params


def check_beta(beta):
    """F-beta's beta: a finite number >= 0 (0 gives precision)."""
    is_number = isinstance(beta, (int, float, np.number)) and not isinstance(beta, (bool, np.bool_))
    if not is_number or not np.isfinite(beta) or beta < 0:
        raise InputError(
            "{beta} must be a finite number >= 0 (0 gives precision); got {got!r}. For recall "
            "({beta} -> infinity) use RS.", "beta", got=beta
        )
    return float(beta)


def check_bool(name, value, hint=""):
    """``value`` a bool; ``hint``: a :class:`.errors.Phrase` (or text) after the message."""
    if not isinstance(value, (bool, np.bool_)):
        raise InputError("{0} must be True or False; got {value!r}.{hint}", name, value=value,
                         hint=hint)
    return bool(value)


def check_zero_division(zero_division):
    """'warn', 0, 1 or nan (as scikit-learn)."""
    if isinstance(zero_division, str) and zero_division == "warn":
        return zero_division
    is_number = isinstance(zero_division, (int, float, np.number)) and not isinstance(
        zero_division, (bool, np.bool_)
    )
    if is_number and (np.isnan(zero_division) or zero_division in (0, 1)):
        return float(zero_division)
    raise _not_one_of("zero_division", zero_division, ZERO_DIVISION_OPTIONS)


def check_pos_label(pos_label, classes, allow_absent=False):
    """The position of ``pos_label`` in the class order.

    With ``allow_absent`` (a one-class problem, as scikit-learn allows) a label
    of the right kind that is not a class gives None: a class with no samples.
    """
    position = label_position(pos_label, classes)
    same_kind = position is not None
    position = -1 if position is None else position
    if position < 0 and same_kind and allow_absent:
        return None
    if position < 0:
        raise InputError("{0} is not a label of this problem; its labels are {valid}: name the "
                         "positive class with {pos_label}.", Arg("pos_label", pos_label),
                         "pos_label", valid=preview(classes))
    return int(position)


def check_integer_from(name, value, low):
    """An integer (not a bool) >= ``low``."""
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, np.integer)):
        raise InputTypeError("{0} must be an integer >= {low}; got {value!r}.", name, low=low,
                             value=value)
    if value < low:
        raise InputError("{0} must be >= {low}; got {value}.", name, low=low, value=value)
    return int(value)


def missing_extra(feature, module, extra):
    """The error for an optional dependency that is not installed."""
    return ImportError(
        f"{feature} needs the optional dependency {module}; install it with "
        f"pip install 'permetrics_lite[{extra}]'."
    )
