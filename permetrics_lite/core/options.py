"""Query options: their allowed values, and how a method's own argument, the
constructor's option and the method's default resolve to one value.

A method's own argument wins, then the option given to the constructor, then
the method's default (a :class:`Default` in its signature).
"""

from .. import validation as _validation

AVERAGES = (None, "binary", "micro", "macro", "weighted")
WHOLE_MATRIX_AVERAGES = ("multiclass",) + AVERAGES  # MCC and CKS
CM_NORMALIZE = (None, "true", "pred", "all")
KAPPA_WEIGHTS = (None, "linear", "quadratic")
OPTIONS = ("average", "pos_label", "zero_division")  # constructor options that become defaults


class Default:
    """A method's default value, replaced by the constructor's when one was given."""

    def __init__(self, value):
        self.value = value

    def __repr__(self):
        return repr(self.value)


class _NotGiven:
    def __repr__(self):
        return "<not given>"


NOT_GIVEN = _NotGiven()  # constructor options left to each method's own default
NO_OPTIONS = (NOT_GIVEN,) * len(OPTIONS)


def check_defaults(average, pos_label, zero_division, labels):
    """The constructor's options as ``{name: value}``, the ones not given left out."""
    defaults = {}
    if average is not NOT_GIVEN:
        defaults["average"] = _validation.check_option("average", average, AVERAGES)
    if pos_label is not NOT_GIVEN:
        _validation.check_pos_label(pos_label, labels, len(labels) == 1)
        defaults["pos_label"] = pos_label
    if zero_division is not NOT_GIVEN:
        defaults["zero_division"] = _validation.check_zero_division(zero_division)
    return defaults


def as_tuple(defaults):
    """``{name: value}`` back to the constructor's arguments, in order."""
    return tuple(defaults.get(name, NOT_GIVEN) for name in OPTIONS)


def value_of(value):
    """A :class:`Default`'s value, or the argument itself."""
    return value.value if isinstance(value, Default) else value


def given(defaults, name, value):
    """A method's argument, or for its :class:`Default` the constructor's option."""
    return defaults.get(name, value.value) if isinstance(value, Default) else value


def zero_division(defaults, value):
    return _validation.check_zero_division(given(defaults, "zero_division", value))


def averaging(defaults, average, pos_label, allowed=AVERAGES, one_class=("binary",)):
    """Resolve (average, pos_label): a pos_label passed to the method means "binary"."""
    pos_given, average_given = (not isinstance(v, Default) for v in (pos_label, average))
    average = _validation.check_option("average", given(defaults, "average", average), allowed)
    pos_label = given(defaults, "pos_label", pos_label)
    if pos_given and average_given and average not in one_class:
        raise _pos_label_conflict(pos_label, average)
    return ("binary" if pos_given else average), pos_label


def _pos_label_conflict(pos_label, average):
    return _validation.InputError(
        "{0} selects one class and cannot be combined with {1}; pass one of them.",
        _validation.Arg("pos_label", pos_label), _validation.Arg("average", average)
    )
