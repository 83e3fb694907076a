"""The errors of input validation name their parameters in slots (InputError,
InputTypeError): ``str(error)`` is the Python message, ``error.parameter`` the
argument it is about, and ``error.worded(names)`` the same message in another
front end's words, such as the command line's flags, with no text parsed."""

import ast
import copy
import pickle
import types
import warnings
from pathlib import Path

import numpy as np
import pytest

from permetrics_lite import ClassificationMetric as CM, InputError, InputTypeError
from permetrics_lite.io import cli, flags
from permetrics_lite.validation.errors import Arg, Loose, Phrase, Term, Worded

VALIDATION = Path(__file__).resolve().parent.parent / "permetrics_lite" / "validation"
CLI_WORDS = {"y_true": "column 'y' (--true)", "y_pred": "column 'p' (--pred)",
             "sample_weight": "column 'w' (--weight)", "labels": "--labels",
             "pos_label": "--pos-label", "y_score": "--scores", "threshold": "--threshold",
             "confidence": "--confidence", "method": "--ci", "average": "--average",
             "average=None": "--average none"}
SCORE_MATRIX = [[0.8, 0.1, 0.1], [0.1, 0.8, 0.1], [0.1, 0.1, 0.8]]

# (id, call, error class, parameter, Python message, the message in CLI_WORDS)
CASES = [
    ("lengths", lambda: CM([0, 1, 1], [0, 1]), InputError, "y_true",
     "y_true and y_pred have different lengths: 3 and 2; they must hold one label per sample "
     "each.",
     "column 'y' (--true) and column 'p' (--pred) have different lengths: 3 and 2; they must "
     "hold one label per sample each."),
    ("negative weight", lambda: CM([0, 1], [0, 1], sample_weight=[1, -1]), InputError,
     "sample_weight",
     "sample_weight contains 1 negative value(s), the first at position 1; weights must be "
     "finite and non-negative.",
     "column 'w' (--weight) contains 1 negative value(s), the first at position 1; weights "
     "must be finite and non-negative."),
    ("pos_label", lambda: CM(["a", "b"], ["a", "b"]).PS(pos_label="c"), InputError, "pos_label",
     "pos_label='c' is not a label of this problem; valid labels are ['a', 'b'].",
     "--pos-label 'c' is not a label of this problem; valid labels are ['a', 'b']."),
    ("duplicate labels", lambda: CM([0, 1], [0, 1], labels=[0, 0]), InputError, "labels",
     "labels contains duplicates: [0]; each class may appear only once.",
     "--labels contains duplicates: [0]; each class may appear only once."),
    ("labels of two kinds", lambda: CM([0, 1], ["a", "b"]), InputTypeError, "y_pred",
     "y_pred has string labels (e.g. 'a') but y_true has numeric labels (e.g. 0); labels of "
     "different kinds never compare equal (and do not sort together): use one kind of label "
     "for both.",
     "column 'p' (--pred) has string labels (e.g. 'a') but column 'y' (--true) has numeric "
     "labels (e.g. 0); labels of different kinds never compare equal (and do not sort "
     "together): use one kind of label for both."),
    ("a string", lambda: CM("ab", ["a", "b"]), InputTypeError, "y_true",
     "y_true must be an array-like, one value per sample; got the string 'ab'.",
     "column 'y' (--true) must be an array-like, one value per sample; got the string 'ab'."),
    ("scores not finite", lambda: CM.from_scores([0, 1], [0.1, np.nan]), InputError, "y_score",
     "y_score contains 1 NaN or infinite value(s), the first at position 1; scores must be "
     "finite numbers.",
     "--scores contains 1 NaN or infinite value(s), the first at position 1; scores must be "
     "finite numbers."),
    ("threshold of a matrix",
     lambda: CM.from_scores([0, 1, 2], SCORE_MATRIX, threshold=0.3), InputError, "threshold",
     "threshold=0.3 applies to 1-D binary scores; an (n_samples, n_classes) score matrix "
     "predicts the class of its highest score (argmax). Drop threshold, or pass the positive "
     "class's scores as 1-D y_score.",
     "--threshold 0.3 applies to 1-D binary scores; an (n_samples, n_classes) score matrix "
     "predicts the class of its highest score (argmax). Drop --threshold, or pass the "
     "positive class's scores as 1-D --scores."),
    ("average=None",
     lambda: CM.from_scores([0, 1, 2], SCORE_MATRIX).roc_auc_score(average=None,
                                                                   multi_class="ovo"),
     InputError, "average",
     'average=None needs multi_class="ovr": one-vs-one AUCs belong to pairs of classes, not '
     'to classes. Pass average="macro" or "weighted".',
     '--average none needs multi_class="ovr": one-vs-one AUCs belong to pairs of classes, not '
     'to classes. Pass --average "macro" or "weighted".'),
    ("confidence", lambda: CM([0, 1], [0, 1]).confidence_interval("AS", confidence=2),
     InputError, "confidence",
     "confidence must be a number strictly between 0 and 1 (0.95 for a 95% interval); got 2.",
     "--confidence must be a number strictly between 0 and 1 (0.95 for a 95% interval); got "
     "2."),
    ("numbered batch", lambda: CM.from_batches([([0], [0]), ([0, 1], [1])]), InputError,
     "y_true",
     "batch 1: y_true and y_pred have different lengths: 2 and 1; they must hold one label per "
     "sample each.",
     "batch 1: column 'y' (--true) and column 'p' (--pred) have different lengths: 2 and 1; "
     "they must hold one label per sample each."),
]


@pytest.mark.parametrize("call, kind, parameter, message, worded", [c[1:] for c in CASES],
                         ids=[c[0] for c in CASES])
def test_an_input_error_names_its_parameter_and_words_it(call, kind, parameter, message,
                                                         worded):
    with pytest.raises(kind) as excinfo:
        call()
    error = excinfo.value
    assert error.parameter == parameter and error.parameters[0] == parameter
    assert error.template is not None
    assert str(error) == message == error.args[0] == error.worded({})
    assert error.worded(CLI_WORDS) == worded


@pytest.mark.parametrize("call, kind", [c[1:3] for c in CASES], ids=[c[0] for c in CASES])
def test_except_clauses_catch_what_they_caught_before(call, kind):
    """An InputError is a ValueError; an InputTypeError a TypeError, and no ValueError."""
    base = ValueError if kind is InputError else TypeError
    with pytest.raises(base):
        call()
    try:
        call()
    except (ValueError if base is TypeError else TypeError):  # pragma: no cover
        pytest.fail("caught as the other kind")
    except Worded as error:
        assert isinstance(error, base)
        assert isinstance(error, ValueError) == (base is ValueError)
        assert isinstance(error, TypeError) == (base is TypeError)


def test_the_parameters_of_a_phrase_are_named_too():
    """A parameter inside a phrase ("the columns of y_score") is named and worded."""
    import pandas as pd

    with pytest.raises(InputTypeError) as excinfo:
        CM.from_scores([0, 1], pd.DataFrame({"a": [0.1, 0.9], "b": [0.9, 0.1]}))
    error = excinfo.value
    assert error.parameters == ("y_score", "y_true")
    assert str(error).startswith("the columns of y_score has string labels (e.g. 'a') but "
                                 "y_true has numeric labels")
    assert error.worded(CLI_WORDS).startswith(
        "the columns of --scores has string labels (e.g. 'a') but column 'y' (--true) has "
        "numeric labels")


# --- the template machinery ---


def test_a_template_fills_its_slots_as_str_format_does():
    error = InputError("{y_true} has {n} values but {1} has {m!r}; {{braces}} {w:.2f}",
                       "y_true", "y_pred", n=3, m="two", w=0.5)
    assert str(error) == "y_true has 3 values but y_pred has 'two'; {braces} 0.50"
    assert error.template.startswith("{y_true} has {n}")
    assert error.parameters == ("y_true", "y_pred")
    assert error.worded({"y_pred": "--pred"}) == \
        "y_true has 3 values but --pred has 'two'; {braces} 0.50"


def test_a_value_is_never_read_as_a_template():
    error = InputError("{0} contains {labels}", "y_true", labels="['{y_pred}', '{']")
    assert str(error) == "y_true contains ['{y_pred}', '{']"
    assert error.parameters == ("y_true",)


def test_a_parameter_with_a_value_is_worded_as_a_setting():
    error = InputError("{0} or {1}; {pos_label}", Arg("pos_label", 2), Arg("average", None),
                       "pos_label")
    assert str(error) == "pos_label=2 or average=None; pos_label"
    assert error.worded({"pos_label": "--pos-label", "average=None": "--average none"}) == \
        "--pos-label 2 or --average none; --pos-label"
    assert error.parameters == ("pos_label", "average")


def test_terms_and_loose_text_are_worded_but_are_no_parameters():
    error = InputError("use {0}: {1}", Term("ClassificationMetric.from_scores"),
                       Loose("with average='macro'"))
    assert error.parameters == () and error.parameter is None
    assert error.worded({"ClassificationMetric.from_scores": "--scores"}) == \
        "use --scores: with average='macro'"
    assert error.worded({}, loose=str.upper) == \
        "use ClassificationMetric.from_scores: WITH AVERAGE='MACRO'"


def test_a_plain_message_is_taken_as_it_is():
    """InputError(text), as ValueError(text) takes it: what ``type(error)(text)`` gives."""
    error = InputError("y_true has '{a}' and {")
    assert str(error) == "y_true has '{a}' and {" and error.template is None
    assert error.parameters == () and error.parameter is None
    assert error.worded({"y_true": "X"}) == str(error)
    with pytest.raises(ValueError) as excinfo:
        CM([0, 1, 1], [0, 1])
    again = type(excinfo.value)(str(excinfo.value).replace("y_pred", "y_pred_a"))
    assert str(again) == str(excinfo.value).replace("y_pred", "y_pred_a")


def test_a_template_with_no_slot_is_a_phrase():
    error = InputError(Phrase("nothing {{to}} word"))
    assert str(error) == "nothing {to} word" and error.template == "nothing {{to}} word"


@pytest.mark.parametrize("template, parameters, values, raised", [
    ("{y_true} and {y_pred}", ("y_true",), {}, KeyError),  # a slot nobody fills
    ("{y_true}", ("y_true", "y_pred"), {}, ValueError),  # a parameter with no slot
    ("{y_true}", ("y_true",), {"n": 1}, ValueError),  # a value with no slot
    ("{y_true!r}", ("y_true",), {}, ValueError),  # a parameter takes no conversion
    ("{} and {}", ("y_true", "y_pred"), {}, ValueError),  # slots are numbered or named
    ("{y_true}", ("y_true",), {"y_true": 1}, ValueError),  # a name of both kinds
])
def test_a_template_that_does_not_fit_its_arguments_is_refused(template, parameters, values,
                                                               raised):
    with pytest.raises(raised):
        InputError(template, *parameters, **values)


def test_an_input_error_survives_pickle_and_copy():
    with pytest.raises(InputError) as excinfo:
        CM.from_batches([([0], [0]), ([0, 1], [1])])
    error = excinfo.value
    for again in (pickle.loads(pickle.dumps(error)), copy.copy(error)):
        assert type(again) is InputError and str(again) == str(error)
        assert again.parameters == error.parameters and again.template == error.template
        assert again.worded(CLI_WORDS) == error.worded(CLI_WORDS)


def test_a_warning_can_carry_a_template_and_the_command_line_words_it():
    class ShapeWarning(Worded, UserWarning):
        pass

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        warnings.warn(ShapeWarning("{y_true} is short; {labels} is long", "y_true", "labels"))
    args = types.SimpleNamespace(true="y", pred="p", weight=None)
    assert str(caught[0].message) == "y_true is short; labels is long"
    assert flags.in_flags(caught[0].message, args) == \
        "column 'y' (--true) is short; --labels is long"


# --- the command line ---


def test_the_command_line_words_a_structured_error_with_no_regular_expression(monkeypatch):
    """The regular expressions are for plain messages (and loose text) only."""
    monkeypatch.setattr(flags, "_by_regex", lambda *a, **k: pytest.fail("parsed the text"))
    args = types.SimpleNamespace(true="label", pred="guess  two", weight=None)
    from_scores = Term("ClassificationMetric.from_scores")
    error = InputError("{y_true} and {y_pred} never labels; {2} ({3}) average over classes",
                       "y_true", "y_pred", Arg("average", None), from_scores)
    assert flags.in_flags(error, args) == (
        "column 'label' (--true) and column 'guess  two' (--pred) never labels; --average none "
        "(--scores) average over classes")


def test_plain_messages_still_go_through_the_regular_expressions():
    args = types.SimpleNamespace(true="y", pred="p", weight="w")
    assert flags.in_flags(ValueError("y_pred with sample_weight and average=None"), args) == (
        "column 'p' (--pred) with column 'w' (--weight) and --average none")
    loose = InputError("{0} applies: {1}", Arg("method", "wilson"), Loose("with average='macro'"))
    assert flags.in_flags(loose, args) == "--ci 'wilson' applies: with --average 'macro'"


def test_the_command_line_says_the_flag_of_a_validated_argument(tmp_path, capsys):
    path = tmp_path / "labels.csv"
    path.write_text("t,p\na,a\nb,a\nb,b\n", encoding="utf-8")
    status = cli.main(["score", str(path), "--true", "t", "--pred", "p", "AS", "--labels", "a",
                       "a"])
    err = capsys.readouterr().err
    assert status == cli.EXIT_DATA
    assert err == (f"permetrics-lite: error: {path} lines 2 to 4: --labels contains duplicates: "
                   "['a']; each class may appear only once.\n")


# --- the source of validation ---


def _calls(tree, names):
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            function = node.func
            name = (function.id if isinstance(function, ast.Name)
                    else getattr(function, "attr", None))
            if name in names:
                yield name, node


MODULES = sorted(path for path in VALIDATION.glob("*.py") if path.name != "errors.py")
ERRORS = {"InputError", "InputTypeError", "MethodNotApplicable", "NotProbabilities"}


@pytest.mark.parametrize("path", MODULES, ids=lambda path: path.name)
def test_validation_raises_no_bare_value_or_type_error(path):
    """Every error of user input is an InputError (or InputTypeError), with a template:
    no ValueError or TypeError built as such, no message formatted before its slots."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    bare = [node.lineno for _, node in _calls(tree, {"ValueError", "TypeError"})]
    assert not bare, f"{path.name} builds a bare ValueError or TypeError at lines {bare}"
    for name, node in _calls(tree, ERRORS):
        first = node.args[0] if node.args else None
        assert not isinstance(first, ast.JoinedStr), \
            f"{path.name}:{node.lineno}: {name} of an f-string; put its values in slots"
        if isinstance(first, ast.Constant) and isinstance(first.value, str):
            assert len(node.args) > 1 or node.keywords, \
                f"{path.name}:{node.lineno}: a template with no parameter or value is plain " \
                "text; wrap a template with no slot in Phrase(...)"
