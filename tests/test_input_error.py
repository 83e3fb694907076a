"""The errors of input validation name their parameters in slots (InputError,
InputTypeError): ``str(error)`` is the Python message, ``error.parameter`` the
argument it is about, and ``error.worded(names)`` the same message in another
front end's words, such as the command line's flags, with no text parsed. So do
the errors raised elsewhere in the package, and its warnings (InputWarning,
UndefinedMetricWarning): the command line words them all from their slots."""

import ast
import copy
import pickle
import re
import types
import warnings
from pathlib import Path

import numpy as np
import pytest

from permetrics_lite import ClassificationMetric as CM, InputError, InputTypeError
from permetrics_lite import UndefinedMetricWarning
from permetrics_lite.io import cli, flags
from permetrics_lite.stats.comparison import mcnemar
from permetrics_lite.validation.errors import Arg, InputWarning, Phrase, Term, Worded

PACKAGE = Path(__file__).resolve().parent.parent / "permetrics_lite"
VALIDATION = PACKAGE / "validation"
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
     "pos_label='c' is not a label of this problem; its labels are ['a', 'b']: name the "
     "positive class with pos_label.",
     "--pos-label c is not a label of this problem; its labels are ['a', 'b']: name the positive "
     "class with --pos-label."),
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


def test_terms_are_worded_but_are_no_parameters():
    keyed = Term("metrics={'PS': {'average': 'macro'}}", "metrics={name: {'average': 'macro'}}")
    error = InputError("use {0}: {1}", Term("ClassificationMetric.from_scores"), keyed)
    assert error.parameters == () and error.parameter is None
    assert str(error) == ("use ClassificationMetric.from_scores: metrics={'PS': {'average': "
                          "'macro'}}")
    assert error.worded({"ClassificationMetric.from_scores": "--scores",
                         "metrics={name: {'average': 'macro'}}": "--average macro"}) == \
        "use --scores: --average macro"


def test_a_value_may_be_a_phrase_that_names_parameters():
    """A caller's text that names parameters (``what`` of a warning) is a phrase, a
    value of the template: worded, its parameters named."""
    what = Phrase("Matthews correlation with a constant {y_true}", "y_true")
    for value, parameters, worded in ((what, ("y_true",), "Matthews correlation with a "
                                       "constant --true is undefined; pass --zero-division"),
                                      ("Precision", (), "Precision is undefined; pass "
                                       "--zero-division")):
        error = InputError("{what} is undefined; pass {0}", "zero_division", what=value)
        assert str(error) == str(error).replace("--", "")
        assert error.parameters == parameters + ("zero_division",)
        assert error.worded({"y_true": "--true", "zero_division": "--zero-division"}) == worded


def test_a_renamed_error_keeps_its_structure():
    """mcnemar names the model a message is about (y_pred_a), keeping the slots."""
    with pytest.raises(InputError) as excinfo:
        mcnemar([0, 1], [0, 1], [0, 1, 1])
    error = excinfo.value
    assert str(error) == ("y_true and y_pred_b have different lengths: 2 and 3; they must hold "
                          "one label per sample each.")
    assert error.parameters == ("y_true", "y_pred_b") and error.template is not None
    assert error.worded({"y_pred_b": "B"}).startswith("y_true and B have")
    renamed = InputError("{0}, {1} and {2}", Arg("y_pred", 1), Phrase("the columns of {0}",
                                                                     "y_pred"), "y_true")
    renamed = renamed.renamed({"y_pred": "y_pred_a"})
    assert type(renamed) is InputError
    assert str(renamed) == "y_pred_a=1, the columns of y_pred_a and y_true"
    assert renamed.parameters == ("y_pred_a", "y_true")


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


def test_the_command_line_words_a_structured_error_from_its_slots():
    args = types.SimpleNamespace(true="label", pred="guess  two", weight=None)
    from_scores = Term("ClassificationMetric.from_scores")
    error = InputError("{y_true} and {y_pred} never labels; {2} ({3}) average over classes",
                       "y_true", "y_pred", Arg("average", None), from_scores)
    assert flags.in_flags(error, args) == (
        "column 'label' (--true) and column 'guess  two' (--pred) never labels; --average none "
        "(--scores) average over classes")


def test_a_message_without_slots_is_shown_as_it_is_on_one_line():
    """A message of pandas, numpy or Python: no text is parsed, no name replaced."""
    args = types.SimpleNamespace(true="y", pred="p", weight="w")
    assert flags.in_flags(ValueError("y_pred with\nsample_weight  and average=None"), args) == (
        "y_pred with sample_weight and average=None")
    assert flags.in_flags(InputError("y_pred, as text"), args) == "y_pred, as text"


def test_the_command_line_reads_no_text_to_find_parameters():
    """The issue: "the command line maps parameters to flags without regular
    expressions". io/flags.py imports no ``re``, and has no fallback that would."""
    tree = ast.parse((PACKAGE / "io" / "flags.py").read_text(encoding="utf-8"))
    imported = {alias.name.split(".")[0] for node in ast.walk(tree)
                if isinstance(node, (ast.Import, ast.ImportFrom))
                for alias in node.names} | {
        node.module.split(".")[0] for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom) and node.module and not node.level}
    assert not imported & {"re", "regex", "fnmatch"}, imported
    assert not hasattr(flags, "_by_regex") and not hasattr(flags, "re")


def test_the_command_line_says_the_flag_of_a_validated_argument(tmp_path, capsys):
    path = tmp_path / "labels.csv"
    path.write_text("t,p\n1,1\n2,1\n2,2\n", encoding="utf-8")
    # two spellings of one class: refused by the library once read as the column's type
    status = cli.main(["score", str(path), "--true", "t", "--pred", "p", "AS", "--labels", "1",
                       "01"])
    err = capsys.readouterr().err
    assert status == cli.EXIT_DATA
    assert err == (f"permetrics-lite: error: {path}: --labels contains duplicates: [1]; each "
                   "class may appear only once.\n")


MULTICLASS = "t,p,w,g\na,a,1,x\nb,a,2,x\nb,b,1,y\nc,b,1,y\nc,c,1,x\n"
SCORES = "t,a,b\na,0.9,0.1\nb,0.4,0.6\nb,0.2,0.8\n"
ONE_CLASS = "t,p,s\n0,0,0.2\n0,1,0.7\n0,0,0.3\n"
ROUNDED = "t,a,b\na,0.3,0.700005\nb,0.2,0.8\n"
PYTHON_WORDS = re.compile(r"\b(y_true|y_pred|y_score|sample_weight|zero_division|n_resamples|"
                          r"random_state|pos_label)\b|\b(average|method|threshold)=")

# (id, file, arguments, module that words it, what standard error says after "error: " or
# "warning: ", the file's path as {path})
COMMAND_LINE = [
    ("binary average (metrics.label_metrics)", MULTICLASS, ["PS", "--true", "t", "--pred", "p"],
     "error", "{path}: Target is multiclass (3 classes) but --average binary. Please choose "
     "another --average setting, one of none, micro, macro, weighted; --average none "
     "gives every class."),
    ("pooled micro (metrics.interval_forms)", MULTICLASS,
     ["SS", "--true", "t", "--pred", "p", "--average", "micro", "--ci", "wilson"], "error",
     "{path}: --ci wilson does not apply to SS with --average micro (it pools the "
     "one-vs-rest counts of 3 classes, which count each sample more than once: (sample, class) "
     "pairs are not independent samples); use --ci bootstrap or 'bca', which resample "
     "samples."),
    ("mean of ratios (metrics.interval_forms)", MULTICLASS,
     ["PS", "--true", "t", "--pred", "p", "--average", "macro", "--ci", "wilson"], "error",
     "{path}: --ci wilson does not apply to PS with --average macro (a mean of ratios); use "
     "--ci bootstrap or 'bca', which apply to every metric of labels."),
    ("metric of scores (stats.intervals)", SCORES,
     ["LL", "--true", "t", "--scores", "a", "b", "--ci", "wilson"], "error",
     "{path}: --ci wilson does not apply to LL (a metric of scores); use --ci bootstrap or "
     "'bca'."),
    ("weights not kept (stats.intervals)", MULTICLASS,
     ["AS", "--true", "t", "--pred", "p", "--weight", "w", "--ci", "bootstrap", "--resamples",
      "20", "--seed", "1"], "error",
     "{path}: --ci bootstrap resamples the samples of a weighted evaluation with their own "
     "weights, and this evaluation keeps no per-sample weights (it was built from tallies: a + "
     "b, from_batches, from_dask, from_counts or by_group); build it from the samples and their "
     "weights to resample it."),
    ("one number per group (stats.groups)", MULTICLASS,
     ["PS", "--true", "t", "--pred", "p", "--average", "none", "--group", "g"], "error",
     "{path}: PS gives one value per class for group 'x'; a table of groups needs one number "
     "per group: pass its average, e.g. --average macro."),
    ("undefined (metrics.formulas)", ONE_CLASS,
     ["RS", "--true", "t", "--pred", "p", "--labels", "0", "1"], "warning",
     "Recall is undefined (0/0) and is set to 0.0; pass --zero-division 0, 1 or nan to choose "
     "the value and silence this warning."),
    ("undefined, a title with columns (metrics.formulas)", ONE_CLASS,
     ["MCC", "--true", "t", "--pred", "p", "--labels", "0", "1"], "warning",
     "Matthews correlation with a constant column 't' (--true) or column 'p' (--pred) is "
     "undefined (0/0) and is set to 0.0; pass --zero-division 0, 1 or nan to choose the value "
     "and silence this warning."),
    ("predicted only (metrics.label_metrics)", ONE_CLASS,
     ["BAS", "--true", "t", "--pred", "p"], "warning",
     "column 'p' (--pred) contains classes not in column 't' (--true): [1]; balanced accuracy "
     "leaves them out of the mean."),
    ("no positive samples (metrics.score_metrics)", ONE_CLASS,
     ["APS", "--true", "t", "--scores", "s", "--labels", "0", "1"], "warning",
     "The positive class has no samples in column 't' (--true): its average precision is "
     "undefined and set to 0.0."),
    ("one side only (metrics.score_metrics)", ONE_CLASS,
     ["AUC", "--true", "t", "--scores", "s", "--labels", "0", "1"], "warning",
     "The positive class: column 't' (--true) has samples of one side only, and ROC AUC is "
     "undefined (nan)."),
    ("rounded probabilities (metrics.score_metrics)", ROUNDED,
     ["LL", "--true", "t", "--scores", "a", "b"], "warning",
     "log_loss (LL): 1 row(s) of --scores do not sum to 1 within 2.49e-08 (the first is row 0): "
     "probabilities rounded to a few decimals? The loss is of the rows as they are; normalise "
     "them to silence this."),
]


@pytest.mark.parametrize("text, arguments, kind, expected", [c[1:] for c in COMMAND_LINE],
                         ids=[c[0] for c in COMMAND_LINE])
def test_the_command_line_words_the_messages_of_every_module(tmp_path, capsys, text, arguments,
                                                            kind, expected):
    """Errors and warnings raised outside validation come out in flags and columns, from
    their slots: no Python parameter where a flag or a column is meant."""
    path = tmp_path / "data.csv"
    path.write_text(text, encoding="utf-8")
    status = cli.main(["score", str(path), *arguments])
    lines = capsys.readouterr().err.splitlines()
    assert status == (cli.EXIT_DATA if kind == "error" else 0), lines
    expected = f"permetrics-lite: {kind}: " + expected.format(path=path)
    assert expected in lines, lines
    for line in lines:
        assert not PYTHON_WORDS.search(line), line


@pytest.mark.parametrize("call, category, parameters", [
    (lambda: CM([0, 1, 1], [0, 1, 2]).BAS(), InputWarning, ("y_pred", "y_true")),
    (lambda: CM([0, 0], [0, 0], labels=[0, 1]).PS(pos_label=1), UndefinedMetricWarning, ()),
    (lambda: CM([0, 0], [0, 1]).MCC(), UndefinedMetricWarning, ("y_true", "y_pred")),
    (lambda: CM.from_scores([0, 0], [0.2, 0.7], labels=[0, 1]).APS(), UndefinedMetricWarning,
     ("y_true",)),
    (lambda: CM.from_scores([0, 1], [[0.3, 0.700005], [0.2, 0.8]]).LL(), InputWarning,
     ("y_score",)),
], ids=["predicted only", "undefined", "undefined MCC", "no positives", "rounded"])
def test_a_warning_of_the_library_names_its_parameters(call, category, parameters):
    """Each category a Worded one, still the UserWarning it was."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        call()
    message = caught[0].message
    assert type(message) is category and isinstance(message, (Worded, UserWarning))
    assert issubclass(caught[0].category, UserWarning)
    assert message.template is not None and message.parameters == parameters


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


# --- the source of the whole package ---

# Built-in errors the package may raise from a string: programming errors of its own
# code, never of user input. (module, function) -> why
ALLOWED = {
    ("validation/errors.py", "subject"): "a message's parameter of an unknown type: a bug "
                                         "of the caller's template",
    ("validation/errors.py", "_filled"): "a template that does not fit its arguments: a bug "
                                         "of the caller's template",
    ("metrics/registry.py", "_query_of"): "the registry's self-check of its own rows",
}
WORDED = ERRORS | {"InputWarning", "UndefinedMetricWarning"}
EVERY_MODULE = sorted(PACKAGE.rglob("*.py"))


def _owners(tree):
    """{id(node): the name of the innermost function that holds it}."""
    owners = {}
    for function in ast.walk(tree):  # outer functions before the ones they hold
        if isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)):
            owners.update({id(node): function.name for node in ast.walk(function)})
    return owners


@pytest.mark.parametrize("path", EVERY_MODULE, ids=lambda path: str(path.relative_to(PACKAGE)))
def test_no_module_raises_a_bare_value_or_type_error(path):
    """Every error of user input, anywhere in the package, is an InputError (or
    InputTypeError) with a template: no ValueError or TypeError built from a string,
    save the programming errors of ALLOWED; every warning is Worded, built from a
    template, never from text formatted before its slots."""
    module = path.relative_to(PACKAGE).as_posix()
    tree = ast.parse(path.read_text(encoding="utf-8"))
    allowed = {function for (where, function) in ALLOWED if where == module}
    owners = _owners(tree)
    for name, node in _calls(tree, {"ValueError", "TypeError"}):
        assert owners.get(id(node)) in allowed, \
            f"{module}:{node.lineno}: a bare {name}; raise an InputError or InputTypeError"
    for name, node in _calls(tree, WORDED | {"Phrase"}):
        first = node.args[0] if node.args else None
        assert not isinstance(first, (ast.JoinedStr, ast.BinOp)), \
            f"{module}:{node.lineno}: {name} of formatted text; put its values in slots"
        if name != "Phrase" and isinstance(first, ast.Constant) and isinstance(first.value, str):
            assert len(node.args) > 1 or node.keywords, \
                f"{module}:{node.lineno}: a template with no parameter or value is plain " \
                "text; wrap a template with no slot in Phrase(...)"
    for _, node in _calls(tree, {"warn"}):
        if module == "core/user_warnings.py":  # warnings.warn of the warning it is given
            continue
        warning = node.args[0] if node.args else None
        assert isinstance(warning, ast.Call) and (
            getattr(warning.func, "attr", None) or getattr(warning.func, "id", None)) in WORDED, \
            f"{module}:{node.lineno}: warn() of a Worded warning, not of text"


def test_the_allowed_bare_errors_still_exist():
    """Each ALLOWED entry names a function that still raises a bare error."""
    for module, function in ALLOWED:
        tree = ast.parse((PACKAGE / module).read_text(encoding="utf-8"))
        found = [node for node in ast.walk(tree)
                 if isinstance(node, ast.FunctionDef) and node.name == function]
        assert found and list(_calls(found[0], {"ValueError", "TypeError"})), (module, function)

