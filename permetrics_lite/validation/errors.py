"""Errors that name the parameters they are about, so that a front end (the
command line) can say them in its own words without parsing the message.

A message is a template, ``"{y_true} and {y_pred} have different lengths: {n}
and {m}"``, its slots filled as ``str.format`` fills them: the parameters it
names are the positional arguments (``{0}``, ``{1}``, or a parameter's own name,
``{y_true}``), the values it shows the keyword ones. ``str(error)`` is the
message in Python's words; ``error.worded(names)`` is the same message with each
parameter in other words (``{"y_true": "column 'label' (--true)"}``).

A slot's parameter is an :class:`Arg` (a name, maybe with its value:
``pos_label=1``), a :class:`Term` (another Python spelling a front end may
reword, not a parameter: ``ClassificationMetric.from_scores``) or a
:class:`Phrase` of them (``the categories of y_true``); a plain string is an
``Arg`` when it is an identifier, else a ``Term``. A value may be a phrase too
(text that names parameters, or plain text: ``{what} is undefined``).

``InputError`` and ``InputTypeError`` are the errors of user input. A warning
carries a template as a subclass of :class:`Worded` and of its category:
:class:`InputWarning` (a ``UserWarning``), and the metrics'
``UndefinedMetricWarning``.
"""

import string
from dataclasses import dataclass
from typing import Optional, Tuple

_FORMATTER = string.Formatter()
_NO_VALUE = object()


@dataclass(frozen=True, init=False)
class Arg:
    """A parameter named in a message: ``y_true``; with a value, ``pos_label=1``.

    ``value`` is shown by its ``repr``; ``shown`` gives the text instead
    (``Arg("labels", shown="[negative, positive]")``). Worded with ``names``, a
    value's parameter is ``names["pos_label=1"]`` when given, else
    ``names["pos_label"]`` and the value (``--pos-label 1``).
    """

    name: str
    shown: Optional[str] = None  # the value's text; None: the parameter alone
    word: Optional[str] = None   # the value as a command-line flag takes it

    def __init__(self, name, value=_NO_VALUE, *, shown=None):
        word = None if value is _NO_VALUE else flag_word(value)
        if value is not _NO_VALUE and shown is None:
            shown = repr(value)
        object.__setattr__(self, "name", name)
        object.__setattr__(self, "shown", shown)
        object.__setattr__(self, "word", word)

    @property
    def parameters(self):
        return (self.name,)

    def worded(self, names):
        if self.shown is None:
            return names.get(self.name, self.name)
        setting = f"{self.name}={self.shown}"
        if setting in names:
            return names[setting]
        if self.name not in names:
            return setting
        flag = names[self.name]  # a flag takes the bare word: --average macro
        return f"{flag} {self.word if is_flag(flag) and self.word else self.shown}"


def flag_word(value):
    """A value as a command-line flag takes it: ``none`` for None, a string without
    spaces or quotes bare, other values (numbers) by their ``str``; None when it has
    no such word."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return None
    if isinstance(value, str):
        plain = value and not any(c.isspace() or c in "'\"" for c in value)
        return value if plain else None
    if isinstance(value, (int, float)):
        return str(value)
    return None


def is_flag(words):
    """A command-line flag alone (``--average``), which takes a bare value."""
    return words.startswith("--") and not any(c.isspace() for c in words)


@dataclass(frozen=True, init=False)
class Choices:
    """The values a parameter takes, in a message: ``['macro', 'micro']`` in Python,
    ``macro, micro`` where a flag names the parameter."""

    name: str
    values: Tuple[object, ...]

    def __init__(self, name, values):
        object.__setattr__(self, "name", name)
        object.__setattr__(self, "values", tuple(values))

    @property
    def parameters(self):
        return (self.name,)

    def worded(self, names):
        words = [flag_word(value) for value in self.values]
        if is_flag(names.get(self.name, "")) and all(words):
            return ", ".join(words)
        return repr(list(self.values))

    def renamed(self, names):
        return Choices(names.get(self.name, self.name), self.values)

    def __str__(self):
        return self.worded({})

    def __str__(self):
        return self.worded({})


@dataclass(frozen=True)
class Term:
    """A Python spelling in a message that is no parameter, but that a front end
    may word otherwise (``ClassificationMetric.from_scores``). ``key``: the name a
    front end words it by, for a spelling that varies (``metrics={'PS': {'average':
    'macro'}}``, by ``"metrics={name: {'average': 'macro'}}"``); default its text."""

    text: str
    key: Optional[str] = None
    parameters = ()

    def worded(self, names):
        return names.get(self.text if self.key is None else self.key, self.text)

    def __str__(self):
        return self.text


@dataclass(frozen=True)
class Phrase:
    """A template with its slots filled: text, values, and the parameters it names
    (see the module's docstring)."""

    pieces: Tuple[object, ...]  # text (str) and parameters (Arg, Term, Phrase)
    template: Optional[str] = None  # None: literal text

    def __init__(self, template, /, *subjects, **values):
        object.__setattr__(self, "pieces", _filled(template, subjects, values))
        object.__setattr__(self, "template", template)

    @classmethod
    def text(cls, text):
        """A phrase of literal text, braces and all."""
        phrase = cls.__new__(cls)
        object.__setattr__(phrase, "pieces", (str(text),))
        object.__setattr__(phrase, "template", None)
        return phrase

    @property
    def parameters(self):
        """The names of the parameters it names, each once, in order of mention."""
        found = [name for piece in self.pieces if not isinstance(piece, str)
                 for name in piece.parameters]
        return tuple(dict.fromkeys(found))

    def worded(self, names):
        return "".join(piece if isinstance(piece, str) else piece.worded(names)
                       for piece in self.pieces)

    def renamed(self, names):
        """The phrase with parameters renamed (``{"y_pred": "y_pred_a"}``): the same
        text but for their names, each with its value; its template is the original's."""
        phrase = Phrase.__new__(Phrase)
        object.__setattr__(phrase, "pieces", tuple(_renamed(piece, names)
                                                   for piece in self.pieces))
        object.__setattr__(phrase, "template", self.template)
        return phrase

    def __str__(self):
        return self.worded({})


def _renamed(piece, names):
    if isinstance(piece, Arg) and piece.name in names:
        arg = Arg(names[piece.name], shown=piece.shown)
        object.__setattr__(arg, "word", piece.word)
        return arg
    if isinstance(piece, Choices):
        return piece.renamed(names)
    return piece.renamed(names) if isinstance(piece, Phrase) else piece


def subject(value):
    """A parameter of a message: an :class:`Arg`, :class:`Term` or :class:`Phrase`
    as it is; a string as an ``Arg`` (an identifier) or a ``Term``; a
    :class:`Worded` error as its message (a plain one as literal text)."""
    if isinstance(value, (Arg, Term, Phrase, Choices)):
        return value
    if isinstance(value, Worded):
        return value.phrase
    if isinstance(value, str):
        return Arg(value) if value.isidentifier() else Term(value)
    raise TypeError(f"a parameter of a message is a name, Arg, Term or Phrase; "
                    f"got {type(value).__name__}")


def _filled(template, subjects, values):
    """The pieces of ``template``: its text, each value formatted, each parameter
    kept as it is, to be worded later."""
    subjects = [subject(s) for s in subjects]
    by_name = {}  # {y_true}: the parameter y_true, bare if declared so, else its one setting
    for s in sorted((s for s in subjects if isinstance(s, Arg)), key=lambda s: s.shown is None):
        if s.shown is None or by_name.get(s.name, s) == s:
            by_name[s.name] = s
        else:
            by_name[s.name] = None  # two settings of one parameter: number their slots
    clash = set(by_name) & set(values)
    if clash:
        raise ValueError(f"{sorted(clash)} name both a parameter and a value of {template!r}")
    used_subjects, used_values, pieces = set(), set(), []
    for text, name, spec, conversion in _FORMATTER.parse(template):
        pieces.append(text)
        if name is None:
            continue
        head = name.split(".", 1)[0].split("[", 1)[0]
        if head == "":
            raise ValueError(f"{template!r}: number or name each slot ({{0}}, {{y_true}})")
        if head in values:
            found = values[head]
            used_values.add(head)
        else:
            if head.isdigit():
                at = int(head)
            elif by_name.get(head) is not None:
                at = subjects.index(by_name[head])
            else:
                raise KeyError(f"{template!r}: no parameter or value fills {{{name}}}")
            found = subjects[at]
            used_subjects.add(at)
        if isinstance(found, (Arg, Term, Phrase, Choices)):
            if name != head or spec or conversion:
                raise ValueError(f"{template!r}: a parameter's slot {{{name}}} takes no "
                                 "attribute, conversion or format")
            pieces.append(found)
            continue
        value, _ = _FORMATTER.get_field(name, (), {head: found})
        pieces.append(_FORMATTER.format_field(_FORMATTER.convert_field(value, conversion),
                                              spec))
    unused = [str(s) for i, s in enumerate(subjects) if i not in used_subjects]
    unused += sorted(set(values) - used_values)
    if unused:
        raise ValueError(f"{template!r} has no slot for {unused}")
    merged = []
    for piece in pieces:  # adjacent text joined: a phrase is text and parameters
        if isinstance(piece, str) and merged and isinstance(merged[-1], str):
            merged[-1] += piece
        elif piece != "":
            merged.append(piece)
    return tuple(merged)


class Worded(Exception):
    """An exception (or warning) whose message names the parameters it is about.

    ``Worded(template, *parameters, **values)`` fills the template's slots as
    ``str.format`` does: the parameters are the positional arguments, the values
    the keyword ones; ``Worded(Phrase(template, ...))`` too, for a template with
    no slot. ``Worded(message)`` alone is a plain message, as for any exception
    (``template`` is then None and no parameter is known).
    """

    def __init__(self, template="", /, *parameters, **values):
        if parameters or values:
            phrase = Phrase(template, *parameters, **values)
        else:
            phrase = template if isinstance(template, Phrase) else Phrase.text(template)
        super().__init__(str(phrase))
        self.phrase = phrase

    @property
    def template(self):
        """The message's template, its slots unfilled; None for a plain message."""
        return self.phrase.template

    @property
    def parameters(self):
        """The names of the parameters the message names, each once, in order of
        mention: the first is :attr:`parameter`."""
        return self.phrase.parameters

    @property
    def parameter(self):
        """The main parameter the message is about (its first); None if it names none."""
        return next(iter(self.parameters), None)

    def worded(self, names):
        """The message with each parameter in other words: ``names`` maps a
        parameter (``"y_true"``), a parameter with its value (``"average=None"``)
        or a Python spelling (``"ClassificationMetric.from_scores"``) to its words;
        the others keep their Python names."""
        return self.phrase.worded(names)

    def renamed(self, names):
        """The same error (or warning) about parameters of other names: ``names``
        maps a parameter to its new name (``{"y_pred": "y_pred_a"}``)."""
        return type(self)(self.phrase.renamed(names))


class InputError(Worded, ValueError):
    """A value of an argument that cannot be evaluated: a ``ValueError`` that names
    the argument (``parameter``), and that a front end can word in its own terms.

    ``str(error)`` is the message; ``error.parameter`` the argument it is about
    (``error.parameters`` all that it names); ``error.worded(names)`` the message
    with the arguments in other words, such as a command line's flags.

    Examples
    --------
    >>> from permetrics_lite import ClassificationMetric, InputError
    >>> try:
    ...     ClassificationMetric([0, 1, 1], [0, 1])
    ... except InputError as error:
    ...     caught = error
    >>> caught.parameter, caught.parameters
    ('y_true', ('y_true', 'y_pred'))
    >>> print(caught)
    y_true and y_pred have different lengths: 3 and 2; they must hold one label per sample each.
    >>> print(caught.worded({"y_true": "--true", "y_pred": "--pred"}))
    --true and --pred have different lengths: 3 and 2; they must hold one label per sample each.
    >>> isinstance(caught, ValueError)
    True
    """


class InputTypeError(Worded, TypeError):
    """An argument of a type that cannot be evaluated: :class:`InputError`'s
    ``parameter``, ``parameters`` and ``worded``, on a ``TypeError`` (not a
    ``ValueError``: ``except ValueError`` catches what it caught before).

    Examples
    --------
    >>> from permetrics_lite import ClassificationMetric, InputTypeError
    >>> try:
    ...     ClassificationMetric("ab", ["a", "b"])
    ... except InputTypeError as error:
    ...     print(error.parameter, isinstance(error, ValueError))
    y_true False
    """


class InputWarning(Worded, UserWarning):
    """A warning about the input (classes only predicted, probabilities that were
    rounded): a ``UserWarning`` whose message names its parameters, as
    :class:`InputError`'s does.

    Examples
    --------
    >>> import warnings
    >>> from permetrics_lite import ClassificationMetric
    >>> with warnings.catch_warnings(record=True) as caught:
    ...     warnings.simplefilter("always")
    ...     _ = ClassificationMetric([0, 1, 1], [0, 1, 2]).BAS()
    >>> warning = caught[0].message
    >>> warning.parameters, isinstance(warning, UserWarning)
    (('y_pred', 'y_true'), True)
    >>> print(warning.worded({"y_pred": "--pred", "y_true": "--true"}))
    --pred contains classes not in --true: [2]; balanced accuracy leaves them out of the mean.
    """


# Shown under the name users import them by (a traceback's "permetrics_lite.InputError:").
InputError.__module__ = InputTypeError.__module__ = "permetrics_lite"
