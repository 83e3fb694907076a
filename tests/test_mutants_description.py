"""Tests written for the mutants of stats/description.py that the other tests let survive:
the layout of describe()'s sections, line by line. Each expected line is built here, with
f-strings, from numbers of scikit-learn, scipy and statsmodels (or counted by hand), and
from the layout the description documents: overall lines as ``heading : value   note``
(headings right-aligned, values left-aligned; a note that does not fit goes under the
value, indented, in as many lines as it takes, words never split), tables of
right-aligned columns two spaces apart, cut into blocks of the columns that fit."""

import contextlib
import math
import sys

import numpy as np
import pytest
from scipy import stats
from sklearn import metrics as skm
from statsmodels.stats.inter_rater import cohens_kappa
from statsmodels.stats.proportion import proportion_confint

from permetrics_lite import ClassificationMetric as CM
from permetrics_lite.stats import description

# the docstring's example: 6 samples, 3 classes
ANIMALS_TRUE = ["cat", "cat", "dog", "dog", "fox", "cat"]
ANIMALS_PRED = ["cat", "dog", "dog", "dog", "fox", "cat"]
OVERALL_HEADINGS = ["Accuracy", "No-information rate", "P-value [Acc > NIR]",
                    "Balanced accuracy", "Cohen's kappa", "Matthews correlation", "Macro F1"]
BY_CLASS_HEADINGS = ["Recall (sensitivity)", "Specificity", "Precision", "NPV", "F1",
                     "Prevalence", "Support"]


def section(text, title):
    """The lines of one section of a description, after its title."""
    lines = text.split("\n")
    start = lines.index(title) + 1
    end = start
    # a section ends at a blank line followed by the next section's title
    titles = ("Confusion matrix", "Overall statistics", "Statistics by")
    while end < len(lines) and not (lines[end] == "" and end + 1 < len(lines)
                                    and lines[end + 1].startswith(titles)):
        end += 1
    return lines[start:end]


def wrapped(words, indent, width):
    """Words on lines of at most ``width`` characters, each line after ``indent`` spaces;
    a word is never cut (nor at a hyphen)."""
    lines, line = [], ""
    for word in words.split(" "):
        if line and indent + len(line) + 1 + len(word) > width:
            lines.append(" " * indent + line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    return lines + [" " * indent + line]


def overall_lines(rows, width):
    """The documented layout of the overall statistics."""
    heading = max(len(name) for name, _, _ in rows)
    value = max(len(number) for _, number, _ in rows)
    lines = []
    for name, number, note in rows:
        line = f"{name:>{heading}} : {number:<{value}}   {note}".rstrip()
        if len(line) <= width:
            lines.append(line)
        else:
            lines.append(f"{name:>{heading}} : {number}")
            lines += wrapped(note, heading + 3, width)
    return lines


def animal_rows(digits, confidence=0.95):
    """(heading, value, note) of the example's overall lines, from the oracles."""
    y_true, y_pred = ANIMALS_TRUE, ANIMALS_PRED
    score = lambda x: f"{x:.{digits}f}"  # noqa: E731
    level = f"{confidence * 100:g}% CI"
    z = stats.norm.ppf(0.5 + confidence / 2)
    n, correct = 6, 5
    low, high = proportion_confint(correct, n, alpha=1 - confidence, method="beta")
    pvalue = stats.binomtest(correct, n, 3 / 6, alternative="greater").pvalue
    # balanced accuracy: the mean recall, its variance the sum of r (1 - r) / n_k over K^2
    recalls = [(2, 3), (2, 2), (1, 1)]
    bas = sum(tp / support for tp, support in recalls) / 3
    se = math.sqrt(sum((tp / s) * (1 - tp / s) / s for tp, s in recalls)) / 3
    kappa = cohens_kappa(skm.confusion_matrix(y_true, y_pred))  # its standard error
    return [
        ("Accuracy", score(correct / n),
         f"{level} ({score(low)}, {score(high)}), Clopper-Pearson"),
        ("No-information rate", score(3 / 6), "the share of cat"),
        ("P-value [Acc > NIR]", score(pvalue), "one-sided binomial test"),
        ("Balanced accuracy", score(skm.balanced_accuracy_score(y_true, y_pred)),
         f"{level} ({score(bas - z * se)}, {score(bas + z * se)}), analytic"),
        ("Cohen's kappa", score(skm.cohen_kappa_score(y_true, y_pred)),
         f"{level} ({score(kappa.kappa - z * kappa.std_kappa)}, "
         f"{score(kappa.kappa + z * kappa.std_kappa)}), analytic"),
        ("Matthews correlation", score(skm.matthews_corrcoef(y_true, y_pred)), ""),
        ("Macro F1", score(skm.f1_score(y_true, y_pred, average="macro")), ""),
    ]


def table_lines(corner, rows, columns, cells, blocks):
    """A table of right-aligned columns two spaces apart, in the given blocks of columns,
    a blank line between blocks."""
    first = max(len(text) for text in [corner, *rows])
    widths = [max([len(columns[j])] + [len(row[j]) for row in cells])
              for j in range(len(columns))]
    lines = []
    for block in blocks:
        if lines:
            lines.append("")
        lines.append((f"{corner:<{first}}" + "".join(
            f"  {columns[j]:>{widths[j]}}" for j in block)).rstrip())
        lines += [f"{name:<{first}}" + "".join(f"  {row[j]:>{widths[j]}}" for j in block)
                  for name, row in zip(rows, cells)]
    return lines


def by_class_cells(y_true, y_pred, labels, digits):
    """The statistics by class, rows by heading, from scikit-learn and by hand."""
    matrix = skm.confusion_matrix(y_true, y_pred, labels=labels)
    n = matrix.sum()
    tp = np.diag(matrix)
    fn, fp = matrix.sum(axis=1) - tp, matrix.sum(axis=0) - tp
    tn = n - tp - fn - fp
    score = lambda x: "nan" if np.isnan(x) else f"{x:.{digits}f}"  # noqa: E731
    with np.errstate(invalid="ignore", divide="ignore"):
        rows = [tp / (tp + fn), tn / (tn + fp), tp / (tp + fp), tn / (tn + fn),
                2 * tp / (2 * tp + fp + fn), (tp + fn) / n]
    return [[score(x) for x in row] for row in rows] + [[str(x) for x in tp + fn]]


# --------------------------------------------------------- the overall statistics

def test_the_overall_lines_align_headings_right_and_values_left():
    text = CM(ANIMALS_TRUE, ANIMALS_PRED).describe(digits=3)
    rows = animal_rows(3)
    assert [name for name, _, _ in rows] == OVERALL_HEADINGS
    assert section(text, "Overall statistics") == overall_lines(rows, 100)
    # each line whole: no note is wrapped at the default width
    assert len(section(text, "Overall statistics")) == len(OVERALL_HEADINGS)


def test_a_line_as_long_as_the_width_fits_and_a_longer_one_is_wrapped():
    rows = animal_rows(3)
    longest = max(len(line) for line in overall_lines(rows, 1000))
    assert longest == 20 + 3 + 5 + 3 + len("95% CI (0.359, 0.996), Clopper-Pearson")
    cm = CM(ANIMALS_TRUE, ANIMALS_PRED)
    whole = section(cm.describe(digits=3, width=longest), "Overall statistics")
    assert whole == overall_lines(rows, 1000)
    cut = section(cm.describe(digits=3, width=longest - 1), "Overall statistics")
    assert cut == overall_lines(rows, longest - 1)
    assert cut[:3] == ["            Accuracy : 0.833",
                       " " * 23 + "95% CI (0.359, 0.996), Clopper-Pearson",
                       " No-information rate : 0.500   the share of cat"]


def test_wrapped_notes_are_indented_under_the_value_and_keep_their_hyphens():
    cm = CM(ANIMALS_TRUE, ANIMALS_PRED)
    for digits, width in ((4, 60), (4, 64), (6, 60), (2, 61)):
        rows = animal_rows(digits)
        lines = section(cm.describe(digits=digits, width=width), "Overall statistics")
        assert lines == overall_lines(rows, width)
        assert "Clopper-Pearson" in " ".join(lines) and max(map(len, lines)) <= width


def test_the_overall_lines_of_weighted_samples():
    # weights: 1.5 + 2 + 1 + 1 + 0.5 = 6; right: 1.5 + 2 + 1 + 0.5 = 5
    y_true, y_pred, weight = [0, 1, 1, 0, 2], [0, 1, 0, 0, 2], [1.5, 2, 1, 1, 0.5]
    cm = CM(y_true, y_pred, sample_weight=weight)
    none = "no interval: the weights are not counts of samples"
    score = lambda x: f"{x:.4f}"  # noqa: E731
    rows = [
        ("Accuracy", score(skm.accuracy_score(y_true, y_pred, sample_weight=weight)), none),
        ("No-information rate", score(3 / 6), "the share of 1"),
        ("P-value [Acc > NIR]", "-", "not tested: the samples are weighted, not counted"),
        ("Balanced accuracy",
         score(skm.balanced_accuracy_score(y_true, y_pred, sample_weight=weight)), none),
        ("Cohen's kappa", score(skm.cohen_kappa_score(y_true, y_pred, sample_weight=weight)),
         none),
        ("Matthews correlation",
         score(skm.matthews_corrcoef(y_true, y_pred, sample_weight=weight)), ""),
        ("Macro F1", score(skm.f1_score(y_true, y_pred, average="macro",
                                        sample_weight=weight)), ""),
    ]
    for width in (60, 80, 100):
        lines = section(cm.describe(width=width), "Overall statistics")
        assert lines == overall_lines(rows, width)
    # at 100 every note fits: the value column is as wide as the longest value
    assert " P-value [Acc > NIR] : -        not tested" in cm.describe()


def test_the_notes_follow_the_confidence_asked():
    cm = CM(ANIMALS_TRUE, ANIMALS_PRED)
    for confidence in (0.9, 0.5):
        text = cm.describe(digits=4, confidence=confidence, width=200)
        assert section(text, "Overall statistics") == overall_lines(
            animal_rows(4, confidence), 200)


# ------------------------------------------------------------------------ the tables

SEVEN = [f"class-number-{k:02d}" for k in range(7)]


def seven_classes():
    rng = np.random.default_rng(0)
    return rng.choice(SEVEN, 50).tolist(), rng.choice(SEVEN, 50).tolist()


def test_a_wide_matrix_is_cut_into_blocks_of_the_columns_that_fit():
    y_true, y_pred = seven_classes()
    cm = CM(y_true, y_pred)
    counts = [[str(x) for x in row] for row in skm.confusion_matrix(y_true, y_pred,
                                                                     labels=SEVEN)]
    corner = "true \\ predicted"
    # a first column of 16 characters, then columns of 15 two apart: 16 + 17 k
    for width, blocks in ((60, [[0, 1], [2, 3], [4, 5], [6]]),
                          (67, [[0, 1, 2], [3, 4, 5], [6]]),
                          (66, [[0, 1], [2, 3], [4, 5], [6]]),
                          (135, [list(range(7))])):
        lines = section(cm.describe(width=width), "Confusion matrix (rows: true, columns: "
                                                   "predicted)")
        assert lines == table_lines(corner, SEVEN, SEVEN, counts, blocks), width


def test_a_column_wider_than_the_width_has_a_block_of_its_own():
    long = "x" * 24
    labels = ["a", long]
    y_true, y_pred = ["a", long, long, "a"], ["a", long, "a", "a"]
    cm = CM(y_true, y_pred, labels=labels)
    counts = [[str(x) for x in row] for row in skm.confusion_matrix(y_true, y_pred,
                                                                     labels=labels)]
    lines = section(cm.describe(width=60), "Confusion matrix (rows: true, columns: predicted)")
    # 24 + 2 + 1 + 2 + 24 = 53: one block at 60
    assert lines == table_lines("true \\ predicted", labels, labels, counts, [[0, 1]])


def test_the_statistics_by_class_as_columns_when_they_fit():
    cm = CM(ANIMALS_TRUE, ANIMALS_PRED)
    labels = ["cat", "dog", "fox"]
    cells = by_class_cells(ANIMALS_TRUE, ANIMALS_PRED, labels, 4)
    lines = section(cm.describe(), "Statistics by class")
    assert lines == table_lines("", BY_CLASS_HEADINGS, labels, cells, [[0, 1, 2]])
    # 20 + 3 * 8 = 44 characters: as columns at the least width too
    assert section(cm.describe(width=60), "Statistics by class") == lines


def test_the_statistics_by_class_as_rows_when_the_classes_do_not_fit():
    y_true, y_pred = seven_classes()
    cm = CM(y_true, y_pred)
    cells = by_class_cells(y_true, y_pred, SEVEN, 4)
    by_label = [list(column) for column in zip(*cells)]
    # a first column of 15, then 20, 11, 9, 6, 6, 10 and 7 characters, two apart
    for width, blocks in ((60, [[0, 1], [2, 3, 4, 5], [6]]),
                          (61, [[0, 1, 2], [3, 4, 5, 6]]),
                          (100, [list(range(7))])):
        lines = section(cm.describe(width=width), "Statistics by class")
        assert lines == table_lines("", SEVEN, BY_CLASS_HEADINGS, by_label, blocks), width
    # as columns they would take 20 + 7 * 17 = 139 characters
    wide = section(cm.describe(width=139), "Statistics by class")
    assert wide == table_lines("", BY_CLASS_HEADINGS, SEVEN, cells, [list(range(7))])
    narrow = section(cm.describe(width=138), "Statistics by class")
    assert narrow == table_lines("", SEVEN, BY_CLASS_HEADINGS, by_label, [list(range(7))])


def test_a_weighted_matrix_shows_its_sums_with_the_digits_asked():
    y_true, y_pred, weight = [0, 1, 1, 0, 2], [0, 1, 0, 0, 2], [1.5, 2, 1, 1, 0.5]
    cm = CM(y_true, y_pred, sample_weight=weight)
    labels = ["0", "1", "2"]
    for digits in (2, 4):
        sums = skm.confusion_matrix(y_true, y_pred, sample_weight=weight)
        cells = [[f"{x:.{digits}f}" for x in row] for row in sums.tolist()]  # zeros too
        lines = section(cm.describe(digits=digits),
                        "Confusion matrix (rows: true, columns: predicted)")
        assert lines == table_lines("true \\ predicted", labels, labels, cells, [[0, 1, 2]])


def _text(digits):
    """How describe() writes numbers with ``digits`` after the point."""
    return description._Text(digits, 100)


@pytest.mark.parametrize("digits, value, shown", [
    (4, 0.0, "0.0000"),            # no sum at all: fixed
    (4, 1.0, "1.0000"),
    (4, 1e-4, "0.0001"),           # the least sum the digits show: fixed
    (4, 8e-5, "8.0000e-05"),       # less: scientific
    (4, 1e-6, "1.0000e-06"),
    (2, 0.01, "0.01"),
    (2, 0.009, "9.00e-03"),
    (1, 0.05, "5.0e-02"),          # at least one digit of the mantissa
    (0, 0.5, "5.0e-01"),
    (0, 2.0, "2"),
    (4, 999999999999.0, "999999999999.0000"),
    (4, 1e12, "1.0000e+12"),       # too long: scientific
    (2, -1e12, "-1.00e+12"),
])
def test_sums_of_weights_are_fixed_unless_too_small_or_too_long(digits, value, shown):
    assert _text(digits).count(value) == shown
    assert _text(digits).count(np.float64(value)) == shown


def test_counts_of_samples_are_integers_whatever_the_digits():
    assert _text(4).count(3) == "3" and _text(0).count(0) == "0"
    assert _text(4).count(np.int64(12)) == "12"


def test_a_p_value_below_half_the_last_digit_is_scientific():
    # 0.5 * 10 ** -3 = 5e-4: 4.5e-4 would show as 0.000
    assert _text(3).pvalue(4.5e-4) == "4.5e-04"
    assert _text(3).pvalue(5e-4) == "0.001"


def test_long_labels_are_cut_to_24_characters():
    long, other = "abcdefghijklmnopqrstuvwxyz0123", "b"  # 30 characters
    y_true, y_pred = [long, other, long], [long, other, other]
    cut = long[:21] + "..."
    text = CM(y_true, y_pred).describe()
    counts = [[str(x) for x in row] for row in skm.confusion_matrix(
        y_true, y_pred, labels=[long, other])]
    assert section(text, "Confusion matrix (rows: true, columns: predicted)") == table_lines(
        "true \\ predicted", [cut, other], [cut, other], counts, [[0, 1]])
    assert f"the share of {cut}" in text
    assert len(cut) == 24 and long not in text


@contextlib.contextmanager
def without_scipy():
    """``import scipy`` fails inside (only those two entries of sys.modules change)."""
    saved = {name: sys.modules.get(name, NOT_IMPORTED) for name in ("scipy", "scipy.stats")}
    sys.modules.update(dict.fromkeys(saved))
    try:
        yield
    finally:
        for name, module in saved.items():
            if module is NOT_IMPORTED:
                del sys.modules[name]
            else:
                sys.modules[name] = module


NOT_IMPORTED = object()


def test_without_scipy_the_p_value_line_says_what_to_install():
    cm = CM(ANIMALS_TRUE, ANIMALS_PRED)
    rows = animal_rows(4)
    low, high = proportion_confint(5, 6, alpha=0.05, method="wilson")
    rows[0] = ("Accuracy", rows[0][1], f"95% CI ({low:.4f}, {high:.4f}), Wilson")
    rows[2] = ("P-value [Acc > NIR]", "-",
               'the binomial test needs scipy: pip install "permetrics_lite[stats]"')
    for width in (60, 99, 100):
        with without_scipy():
            lines = section(cm.describe(width=width), "Overall statistics")
        assert lines == overall_lines(rows, width), width


def test_undefined_values_show_as_nan_or_as_the_evaluation_s_zero_division():
    # "b" is never predicted: its precision is 0/0, and so is the MCC of a constant
    # prediction
    y_true, y_pred = ["a", "b", "a", "b", "a"], ["a", "a", "a", "a", "a"]
    labels = ["a", "b"]
    for cm, shown in ((CM(y_true, y_pred), "nan"),
                      (CM(y_true, y_pred, zero_division=0.0), "0.0000"),
                      (CM(y_true, y_pred, zero_division=1.0), "1.0000")):
        text = cm.describe()
        cells = by_class_cells(y_true, y_pred, labels, 4)
        assert cells[2] == ["0.6000", "nan"]  # precision
        assert cells[3] == ["nan", "0.6000"]  # "a"'s NPV: no sample is neither true nor
        cells = [[shown if cell == "nan" else cell for cell in row] for row in cells]
        assert section(text, "Statistics by class") == table_lines(
            "", BY_CLASS_HEADINGS, labels, cells, [[0, 1]])
        mcc = next(line for line in section(text, "Overall statistics")
                   if line.startswith("Matthews correlation"))
        assert mcc == f"Matthews correlation : {shown}"


def test_twenty_classes_have_their_matrix_and_more_a_line_that_says_so():
    labels = [f"c{k:02d}" for k in range(20)]
    y_true = labels * 2
    y_pred = labels[1:] + labels[:1] + labels
    counts = [[str(x) for x in row] for row in skm.confusion_matrix(y_true, y_pred,
                                                                     labels=labels)]
    text = CM(y_true, y_pred).describe(width=200)
    # 16 + 20 * 5 = 116 characters: one block at 200
    assert section(text, "Confusion matrix (rows: true, columns: predicted)") == table_lines(
        "true \\ predicted", labels, labels, counts, [list(range(20))])
    many = labels + ["c20"]
    text = CM(many * 2, many[1:] + many[:1] + many).describe()
    message = ("Confusion matrix: 21 x 21, too many classes to print (CM(as_frame=True) "
               "gives it)")
    assert text.split("\n\n")[1] == message  # 83 characters: one line at 100
    narrow = CM(many * 2, many[1:] + many[:1] + many).describe(width=60)
    assert narrow.split("\n\n")[1] == "\n".join(wrapped(message, 0, 60))


def test_a_long_title_is_wrapped_at_the_width_asked():
    scores = [0.2, 0.8, 0.4, 0.3, 0.9, 0.6, 0.7]
    cm = CM.from_scores([0, 1, 1, 0, 1, 0, 1], scores, sample_weight=[1, 2, 1, 1, 2, 1, 0.5],
                        threshold=0.35)
    title = ("Classification of 7 samples in 2 classes, weighted (total weight 8.5), from "
             "scores (threshold 0.35)")
    assert len(title) == 99
    assert cm.describe().split("\n\n")[0] == title
    assert cm.describe(width=60).split("\n\n")[0] == "\n".join(wrapped(title, 0, 60))


def test_digits_from_0_to_15():
    cm = CM(ANIMALS_TRUE, ANIMALS_PRED)
    assert section(cm.describe(digits=15, width=200), "Overall statistics")[0].startswith(
        f"            Accuracy : {5 / 6:.15f}   95% CI (")
    pvalue = f"{7 / 64:.1e}"  # binomtest(5, 6, 1/2): at 0 digits it would show as 0
    lines = section(cm.describe(digits=0), "Overall statistics")
    assert lines[0] == f"{'Accuracy':>20} : {'1':<{len(pvalue)}}   95% CI (0, 1), Clopper-Pearson"
    assert lines[2] == f"{'P-value [Acc > NIR]':>20} : {pvalue}   one-sided binomial test"
    with pytest.raises(ValueError) as error:
        cm.describe(digits=16)
    assert str(error.value) == ("digits must be at most 15 (a float has about 16 significant "
                                "digits); got 16.")


def test_a_matrix_of_weights_is_of_samples_not_counted():
    matrix = [[2.5, 1.0], [0.5, 3.0]]
    cm = CM.from_confusion_matrix(np.array(matrix))
    text = cm.describe()
    assert text.split("\n\n")[0] == ("Classification of samples in 2 classes, weighted (total "
                                     "weight 7)")
    cells = [[f"{x:.4f}" for x in row] for row in matrix]
    assert section(text, "Confusion matrix (rows: true, columns: predicted)") == table_lines(
        "true \\ predicted", ["0", "1"], ["0", "1"], cells, [[0, 1]])


def test_the_overall_lines_of_multilabel_input():
    # per label: tp, fp, fn = (2, 0, 0), (2, 1, 0), (0, 0, 1); samples all right: 1 of 3
    y_true = [[0, 1, 1], [1, 1, 0], [1, 0, 0]]
    y_pred = [[0, 1, 0], [1, 1, 0], [1, 1, 0]]
    text = CM(y_true, y_pred).describe()
    low, high = proportion_confint(1, 3, alpha=0.05, method="beta")
    f1 = skm.f1_score(y_true, y_pred, average="macro", zero_division=np.nan)
    rows = [("Accuracy", f"{1 / 3:.4f}", f"95% CI ({low:.4f}, {high:.4f}), Clopper-Pearson"),
            ("Macro F1", f"{f1:.4f}", "")]
    assert f1 == pytest.approx((1 + 0.8 + 0) / 3)
    assert section(text, "Overall statistics") == overall_lines(rows, 100)
    assert "Statistics by class" not in text
    lines = section(text, "Statistics by label")
    assert lines[0].split() == ["0", "1", "2"]
    assert lines[1].split() == ["Recall", "(sensitivity)", "1.0000", "1.0000", "0.0000"]


def test_bad_digits_and_widths_are_refused_by_name():
    cm = CM(ANIMALS_TRUE, ANIMALS_PRED)
    for options, message in (({"digits": -1}, "digits must be >= 0; got -1"),
                             ({"width": 59}, "width must be >= 60; got 59"),
                             ({"digits": 2.5}, "digits must be an integer >= 0; got 2.5"),
                             ({"width": 70.5}, "width must be an integer >= 60; got 70.5")):
        with pytest.raises((ValueError, TypeError)) as error:
            cm.describe(**options)
        assert str(error.value).startswith(message)
