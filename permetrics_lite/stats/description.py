"""describe(): an evaluation as a text to read, in the manner of caret's print of a
confusion matrix: a title, the matrix, the overall statistics with their intervals
and the test of accuracy against the no-information rate, then the statistics by
class. Its lines and their order come from the registry rows (``overall`` and
``by_class``); every line fits the width asked for.
"""

import inspect
import math
import re
import textwrap
import warnings

import numpy as np

from .. import validation as _validation
from ..metrics import formulas as _formulas, label_metrics as _label_metrics, registry as _registry
from . import accuracy_test as _accuracy_test, intervals as _intervals
from ..core.options import Default

WIDTH = 100          # the width of the lines when none is given
LEAST_WIDTH = 60     # the narrowest width accepted
LABEL_WIDTH = 24     # a longer label is cut to this many characters
MATRIX_CLASSES = 20  # the most classes whose confusion matrix is printed
GAP = 2              # spaces between the columns of a table
CORNER = "true \\ predicted"


def describe(state, *, digits=4, confidence=0.95, width=WIDTH):
    """The evaluation as a text report: the confusion matrix, the overall statistics
    with their intervals, and the statistics by class.

    Parameters
    ----------
    digits : int, default=4
        Digits after the decimal point of every score.
    confidence : float, default=0.95
        The level of the intervals, strictly between 0 and 1.
    width : int, default=100
        The longest line, at least 60 characters. Wider tables are cut into
        blocks of columns; labels longer than 24 characters are shortened.

    Returns
    -------
    str
        Lines of text, for ``print``:

        * a title with the number of samples and classes (and the total
          weight of a weighted evaluation);
        * the confusion matrix, rows true and columns predicted (up to 20
          classes; ``CM(as_frame=True)`` gives any);
        * the overall statistics: accuracy with its exact (Clopper-Pearson)
          interval, the no-information rate and the one-sided binomial test
          of accuracy against it, balanced accuracy and Cohen's kappa with
          their closed-form intervals, the Matthews correlation and the
          macro F1; an evaluation of scores adds the ROC AUC (with DeLong's
          interval for binary scores) and the log loss of probabilities;
        * the statistics by class: recall, specificity, precision, NPV, F1,
          prevalence and support, classes as columns, or as rows when they
          do not fit.

    Raises
    ------
    ValueError
        For ``digits`` that is not an integer from 0 to 15, ``width`` below
        60, or a ``confidence`` outside (0, 1).

    Notes
    -----
    An interval is shown where its method applies: the proportion intervals
    and the binomial test count samples, so a weighted evaluation has
    neither (the lines say so); without scipy (the extra ``stats``),
    accuracy has Wilson's interval and the test is left out, saying what to
    install. Undefined values (0/0) show as ``nan`` (or the evaluation's
    own ``zero_division``), without a warning.
    The p-value is the binomial distribution's, however small
    (``scipy.stats.binomtest``).

    Examples
    --------
    >>> from permetrics_lite import ClassificationMetric
    >>> cm = ClassificationMetric(["cat", "cat", "dog", "dog", "fox", "cat"],
    ...                           ["cat", "dog", "dog", "dog", "fox", "cat"])
    >>> print(cm.describe(digits=3))
    Classification of 6 samples in 3 classes
    <BLANKLINE>
    Confusion matrix (rows: true, columns: predicted)
    true \\ predicted  cat  dog  fox
    cat                 2    1    0
    dog                 0    2    0
    fox                 0    0    1
    <BLANKLINE>
    Overall statistics
                Accuracy : 0.833   95% CI (0.359, 0.996), Clopper-Pearson
     No-information rate : 0.500   the share of cat
     P-value [Acc > NIR] : 0.109   one-sided binomial test
       Balanced accuracy : 0.889   95% CI (0.711, 1.067), analytic
           Cohen's kappa : 0.739   95% CI (0.277, 1.202), analytic
    Matthews correlation : 0.773
                Macro F1 : 0.867
    <BLANKLINE>
    Statistics by class
                            cat    dog    fox
    Recall (sensitivity)  0.667  1.000  1.000
    Specificity           1.000  0.750  1.000
    Precision             1.000  0.667  1.000
    NPV                   0.750  1.000  1.000
    F1                    0.800  0.800  1.000
    Prevalence            0.500  0.333  0.167
    Support                   3      2      1
    """
    digits = _validation.check_integer_from("digits", digits, 0)
    if digits > 15:
        raise _validation.InputError("{digits} must be at most 15 (a float has about 16 "
                                     "significant digits); got {got!r}.", "digits", got=digits)
    width = _validation.check_integer_from("width", width, LEAST_WIDTH)
    confidence = _validation.check_confidence(confidence)
    text = _Text(digits, width)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # an undefined value shows as nan, once
        sections = [textwrap.wrap(_title(state), width), _matrix(state, text), _overall(state, text, confidence),
                    _by_class(state, text)]
    return "\n\n".join("\n".join(line.rstrip() for line in lines) for lines in sections if lines)


class _Text:
    """How numbers and labels are written: ``digits`` after the point, lines of
    ``width`` characters at most."""

    def __init__(self, digits, width):
        self.digits, self.width = digits, width

    def score(self, value):
        return "nan" if math.isnan(value) else f"{value:.{self.digits}f}"

    def count(self, value):
        """A count, or a sum of weights with ``digits`` after the point (in scientific
        form when that would be too long or show nothing)."""
        if isinstance(value, (float, np.floating)):
            if value != 0 and not 10.0 ** -self.digits <= abs(value) < 1e12:
                return f"{value:.{max(self.digits, 1)}e}"
            return f"{value:.{self.digits}f}"
        return str(value)

    def pvalue(self, value):
        if value == 0:
            return "< 1e-300"  # below the smallest float the distribution gives
        if value < 1e-4 or value < 0.5 * 10.0 ** -self.digits:  # else shown as 0
            return f"{value:.1e}"
        return self.score(value)

    @staticmethod
    def label(label):
        # a control character (a newline, a tab) as its escape: one line, one column
        label = re.sub(r"[\x00-\x1f\x7f]", lambda c: repr(c.group())[1:-1], str(label))
        return label if len(label) <= LABEL_WIDTH else label[:LABEL_WIDTH - 3] + "..."

    def table(self, corner, rows, columns, cells):
        """Lines of a table (``cells[i][j]`` of row ``rows[i]``, column
        ``columns[j]``), its columns in as many blocks as the width needs."""
        first = max(len(text) for text in [corner, *rows])
        widths = [max(len(column), *(len(row[j]) for row in cells))
                  for j, column in enumerate(columns)]
        lines, start = [], 0
        while start < len(columns):
            end, used = start, first
            while end < len(columns) and (end == start
                                          or used + GAP + widths[end] <= self.width):
                used += GAP + widths[end]
                end += 1
            if lines:
                lines.append("")
            block = range(start, end)
            lines.append(corner.ljust(first) + "".join(
                " " * GAP + columns[j].rjust(widths[j]) for j in block))
            lines += [name.ljust(first) + "".join(" " * GAP + row[j].rjust(widths[j])
                                                  for j in block)
                      for name, row in zip(rows, cells)]
            start = end
        return lines


def _title(state):
    tallies = state.tallies
    classes = (f"{state.n_classes} labels" if state.is_multilabel
               else f"{state.n_classes} class" + "es" * (state.n_classes != 1))
    kind = "Multilabel classification" if state.is_multilabel else "Classification"
    if state.n_samples is not None:
        title = f"{kind} of {state.n_samples:,} sample" + "s" * (state.n_samples != 1)
    else:
        title = f"{kind} of samples"
    title += f" {'with' if state.is_multilabel else 'in'} {classes}"
    if _intervals.is_weighted(state):
        title += f", weighted (total weight {float(tallies.counted(tallies.total)):.6g})"
    if state.has_scores():
        title += ", from scores"
        if state.scored.threshold is not None:
            title += f" (threshold {state.scored.threshold:g})"
    return title


def _matrix(state, text):
    if state.is_multilabel:
        return []
    if state.n_classes > MATRIX_CLASSES:
        return textwrap.wrap(f"Confusion matrix: {state.n_classes} x {state.n_classes}, too "
                             "many classes to print (CM(as_frame=True) gives it)", text.width)
    labels = [text.label(label) for label in state.labels.tolist()]
    matrix = _label_metrics.confusion_matrix(state).tolist()
    cells = [[text.count(value) for value in row] for row in matrix]
    return (["Confusion matrix (rows: true, columns: predicted)"]
            + text.table(CORNER, labels, labels, cells))


def _overall(state, text, confidence):
    chosen = _intervals.Chosen(state, confidence, resampling=False)
    level = f"{confidence * 100:.10g}% CI"
    weighted = _intervals.is_weighted(state)
    lines = []
    for row in _registry.OVERALL:
        if ((state.is_multilabel and not row.multilabel)
                or (row.kind == _registry.SCORE and not state.has_scores())):
            continue
        options = dict(row.overall.options)
        query = _registry.method(row)
        if "zero_division" in inspect.signature(query).parameters:
            options["zero_division"] = _undefined(state)
        try:
            value = query(state, **options)
        except _validation.NotProbabilities:  # a log loss of scores that are not
            continue
        try:
            _, low, high, method = chosen.chosen(row, options)
            note = f"{level} ({text.score(low)}, {text.score(high)}), {_method_name(method)}"
        except _validation.InputError:  # no interval applies
            note = ("no interval: the weights are not counts of samples"
                    if weighted and _intervals.preferred_methods(row, resampling=False)
                    else "")
        if row.query is _label_metrics.no_information_rate:
            share = state.labels[int(np.argmax(state.tallies.support))]
            lines.append((row.overall.heading, text.score(value),
                          f"the share of {text.label(share)}"))
            lines.append(_accuracy_test_line(state, text))
        else:
            lines.append((row.overall.heading, text.score(value), note))
    heading = max(len(line[0]) for line in lines)
    value = max(len(line[1]) for line in lines)
    result = ["Overall statistics"]
    for name, number, note in lines:
        line = f"{name.rjust(heading)} : {number.ljust(value)}   {note}"
        if len(line.rstrip()) <= text.width:
            result.append(line)
        else:  # the note under the value, in as many lines as it takes
            indent = " " * (heading + 3)
            result.append(f"{name.rjust(heading)} : {number}")
            result += textwrap.wrap(note, text.width, initial_indent=indent,
                                    subsequent_indent=indent, break_on_hyphens=False)
    return result


def _undefined(state):
    """The value of an undefined (0/0) metric: the evaluation's zero_division when it
    was given one, else nan."""
    return state.zero_division(Default(np.nan))


def _accuracy_test_line(state, text):
    heading = "P-value [Acc > NIR]"
    try:
        result = _accuracy_test.accuracy_test(state)
    except _validation.MethodNotApplicable:
        return heading, "-", "not tested: the samples are weighted, not counted"
    except ImportError:
        return heading, "-", 'the binomial test needs scipy: pip install "permetrics_lite[stats]"'
    return heading, text.pvalue(result.pvalue), "one-sided binomial test"


def _method_name(method):
    return {"clopper-pearson": "Clopper-Pearson", "wilson": "Wilson",
            "delong": "DeLong"}.get(method, method)


def _by_class(state, text):
    tallies = state.tallies
    rows = [row.by_class[1] for row in _registry.BY_CLASS] + ["Prevalence", "Support"]
    values = [_formulas.per_class(row.formula, tallies, _undefined(state), row.title)
              for row in _registry.BY_CLASS]
    values.append(np.asarray(tallies.support, dtype=np.float64) / float(tallies.total))
    scores = [[text.score(value) for value in np.asarray(column).tolist()] for column in values]
    support = [text.count(value)
               for value in np.asarray(tallies.counted(tallies.support)).tolist()]
    cells = scores + [support]
    labels = [text.label(label) for label in state.labels.tolist()]
    heading = "Statistics by " + ("label" if state.is_multilabel else "class")
    wide = text.table("", rows, labels, cells)
    if len(wide) == len(rows) + 1:  # the classes fit as columns
        return [heading] + wide
    by_label = [list(column) for column in zip(*cells)]
    return [heading] + text.table("", labels, rows, by_label)
