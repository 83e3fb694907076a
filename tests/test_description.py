"""describe(), the no-information rate and the binomial test of accuracy against it:
each number of the text against scipy, statsmodels, scikit-learn or a per-sample
loop, on random problems and on a real classifier; and every line within the width."""

import re
import sys
import warnings

import numpy as np
import pandas as pd
import pytest
from hypothesis import assume, given, settings, strategies as st
from scipy import stats
from sklearn import metrics as skm
from statsmodels.stats.inter_rater import cohens_kappa
from statsmodels.stats.proportion import proportion_confint

from permetrics_lite import AccuracyTestResult, ClassificationMetric, InputError
from permetrics_lite.stats import description
from permetrics_lite.validation import MethodNotApplicable
from tests import oracles
from tests.inputs import LABEL_INPUTS
from tests.strategies import examples, multilabel_problems, problems

NUMBER = r"(-?\d+\.\d+|nan)"


def overall(text, heading):
    """The value of an overall line and, when it has one, its interval's bounds and
    method."""
    line = next(line for line in text.splitlines() if line.strip().startswith(heading + " :"))
    value = line.split(" : ", 1)[1].split()[0]
    interval = re.search(rf"CI \({NUMBER}, {NUMBER}\), (\S+)", line)
    return value, (interval.groups() if interval else None)


def note(text, heading):
    """The words after the value of an overall line."""
    line = next(line for line in text.splitlines() if line.strip().startswith(heading + " :"))
    return line.split(" : ", 1)[1].split(maxsplit=1)[1]


def by_class(text):
    """The statistics by class as {heading: [cells]} (classes as columns)."""
    lines = text.split("Statistics by class\n", 1)[1].splitlines()
    rows = {}
    for line in lines[1:]:
        heading = re.match(r"(\S.*?)\s{2,}", line).group(1)
        rows[heading] = line[len(heading):].split()
    return rows


def unweighted_problems():
    return problems(weighted=False, kinds=("int", "str"), with_labels=False)


# --- the no-information rate and the accuracy test ---


@settings(max_examples=examples(100))
@given(problems())
def test_no_information_rate_is_the_largest_share_of_y_true(problem):
    cm = ClassificationMetric(problem.y_true, problem.y_pred, labels=problem.labels,
                              sample_weight=problem.weight)
    expected = oracles.no_information_rate(problem.y_true, problem.weight)
    assert cm.NIR() == pytest.approx(expected, rel=1e-12)
    assert ClassificationMetric(problem.y_true, problem.y_pred).NIR(
        sample_weight=problem.weight) == pytest.approx(expected, rel=1e-12)


@pytest.mark.parametrize("scale", [2.0**-1000, 1.0, 2.0**1000])
def test_no_information_rate_of_weights_at_any_scale(scale):
    cm = ClassificationMetric([0, 1, 1, 2], [0, 1, 2, 2], sample_weight=np.array([3, 1, 1, 2]) * scale)
    assert cm.NIR() == 3 / 7


def test_no_information_rate_of_counts_is_that_of_repeated_samples():
    counted = ClassificationMetric([0, 1, 2], [0, 1, 1], sample_weight=[2, 5, 1])
    repeated = ClassificationMetric([0, 0, 1, 1, 1, 1, 1, 2], [0, 0, 1, 1, 1, 1, 1, 1])
    assert counted.NIR() == repeated.NIR() == 5 / 8


def test_no_information_rate_refuses_multilabel_input():
    cm = ClassificationMetric([[0, 1], [1, 1]], [[0, 1], [1, 0]])
    with pytest.raises(InputError, match=r"no_information_rate \(NIR\) is not defined for "
                                         r"multilabel targets; use the support of each label"):
        cm.NIR()


@settings(max_examples=examples(60))
@given(unweighted_problems(), st.sampled_from(["greater", "two-sided", "less"]))
def test_accuracy_test_is_scipy_s_binomial_test(problem, alternative):
    cm = ClassificationMetric(problem.y_true, problem.y_pred)
    result = cm.accuracy_test(alternative=alternative)
    correct = int(np.sum(np.asarray(problem.y_true) == np.asarray(problem.y_pred)))
    n = len(problem.y_true)
    rate = oracles.no_information_rate(problem.y_true)
    assert isinstance(result, AccuracyTestResult)
    assert (result.correct, result.n_samples) == (correct, n)
    assert result.accuracy == skm.accuracy_score(problem.y_true, problem.y_pred)
    assert result.no_information_rate == pytest.approx(rate, rel=1e-15)
    expected = stats.binomtest(correct, n, rate, alternative=alternative).pvalue
    assert result.pvalue == pytest.approx(expected, rel=1e-12, abs=1e-300)


def test_accuracy_test_of_counts_counts_the_samples():
    counted = ClassificationMetric.from_confusion_matrix([[50, 10], [5, 35]], ["no", "yes"])
    result = counted.accuracy_test()
    assert (result.correct, result.n_samples, result.no_information_rate) == (85, 100, 0.6)
    assert result.pvalue == stats.binomtest(85, 100, 0.6, alternative="greater").pvalue


def test_accuracy_test_refuses_weights_multilabel_and_unknown_alternatives():
    weighted = ClassificationMetric([0, 1, 1], [0, 1, 0], sample_weight=[1, 2, 1])
    with pytest.raises(MethodNotApplicable, match=r"accuracy_test counts samples, and this "
                                                  r"evaluation is weighted"):
        weighted.accuracy_test()
    with pytest.raises(InputError) as multilabel:
        ClassificationMetric([[0, 1], [1, 1]], [[0, 1], [1, 0]]).accuracy_test()
    assert str(multilabel.value) == (
        "accuracy_test is not defined for multilabel targets; use CI('PCA', average=None), "
        "each label's accuracy with its interval, instead.")
    with pytest.raises(InputError, match=r"^alternative must be one of \['greater', "
                                         r"'two-sided', 'less'\]; got 'bigger'"):
        ClassificationMetric([0, 1], [0, 1]).accuracy_test(alternative="bigger")


# --- describe(): its numbers ---


def check_description(cm, y_true, y_pred, digits=6):
    text = cm.describe(digits=digits, width=max(100, 40 + 12 * cm.n_classes))  # as columns
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # scikit-learn's, of one class or 0/0
        check_numbers(text, cm, y_true, y_pred, digits)
    return text


def check_numbers(text, cm, y_true, y_pred, digits):
    value = lambda x: pytest.approx(x, abs=0.6 * 10.0**-digits, nan_ok=True)  # noqa: E731
    n = len(y_true)
    correct = int(np.sum(np.asarray(y_true) == np.asarray(y_pred)))
    accuracy, interval = overall(text, "Accuracy")
    assert float(accuracy) == value(correct / n)
    low, high = proportion_confint(correct, n, alpha=0.05, method="beta")
    assert [float(interval[0]), float(interval[1])] == [value(low), value(high)]
    assert interval[2] == "Clopper-Pearson"
    rate = oracles.no_information_rate(y_true)
    assert float(overall(text, "No-information rate")[0]) == value(rate)
    pvalue = stats.binomtest(correct, n, rate, alternative="greater").pvalue
    shown = overall(text, "P-value [Acc > NIR]")[0]
    assert float(shown) == pytest.approx(pvalue, rel=0.051 if "e" in shown else 0,
                                         abs=0 if "e" in shown else 0.6 * 10.0**-digits)
    constant = min(len(np.unique(y_true)), len(np.unique(y_pred))) < 2  # MCC is 0/0
    assert float(overall(text, "Matthews correlation")[0]) == value(
        np.nan if constant else skm.matthews_corrcoef(y_true, y_pred))
    assert float(overall(text, "Macro F1")[0]) == value(
        skm.f1_score(y_true, y_pred, average="macro", labels=cm.labels, zero_division=0))
    assert float(overall(text, "Balanced accuracy")[0]) == value(
        skm.balanced_accuracy_score(y_true, y_pred))
    labels = cm.labels.tolist()
    table = skm.confusion_matrix(y_true, y_pred, labels=labels)
    kappa, kappa_interval = overall(text, "Cohen's kappa")
    assert float(kappa) == value(skm.cohen_kappa_score(y_true, y_pred, labels=labels))
    # the closed forms, tested against exact rationals in test_intervals, as printed
    for heading, alias in (("Cohen's kappa", "CKS"), ("Balanced accuracy", "BAS")):
        _, (low, high, method) = overall(text, heading)
        expected = cm.CI(alias, method="analytic", zero_division=np.nan)
        assert method == "analytic"
        assert [float(low), float(high)] == [value(expected.low), value(expected.high)]
    rows = by_class(text)
    recall = skm.recall_score(y_true, y_pred, labels=labels, average=None, zero_division=np.nan)
    precision = skm.precision_score(y_true, y_pred, labels=labels, average=None,
                                    zero_division=np.nan)
    assert [float(x) for x in rows["Recall (sensitivity)"]] == [value(x) for x in recall]
    assert [float(x) for x in rows["Precision"]] == [value(x) for x in precision]
    assert [int(x) for x in rows["Support"]] == table.sum(axis=1).tolist()
    assert [float(x) for x in rows["Prevalence"]] == [value(x) for x in table.sum(axis=1) / n]
    matrix = text.split("true \\ predicted", 1)[1].splitlines()[1:len(labels) + 1]
    assert [[int(x) for x in line.split()[1:]] for line in matrix] == table.tolist()


@settings(max_examples=examples(60))
@given(problems(weighted=False, kinds=("int",), with_labels=False))
def test_description_numbers_are_scipy_statsmodels_and_scikit_learn_s(problem):
    assume(len(np.union1d(problem.y_true, problem.y_pred)) <= description.MATRIX_CLASSES)
    cm = ClassificationMetric(problem.y_true, problem.y_pred)
    check_description(cm, problem.y_true, problem.y_pred)


def test_description_of_a_real_classifier():
    from sklearn.datasets import load_wine
    from sklearn.linear_model import LogisticRegression
    from sklearn.model_selection import train_test_split
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import StandardScaler

    x, y = load_wine(return_X_y=True)
    x_train, x_test, y_train, y_test = train_test_split(x, y, test_size=0.5, random_state=0)
    model = make_pipeline(StandardScaler(), LogisticRegression()).fit(x_train, y_train)
    names = np.array(["barolo", "grignolino", "barbera"])
    y_pred = names[model.predict(x_test)]
    cm = ClassificationMetric(names[y_test], y_pred)
    text = check_description(cm, names[y_test], y_pred)
    assert text.startswith(f"Classification of {len(y_test)} samples in 3 classes\n")
    scored = ClassificationMetric.from_scores(names[y_test], model.predict_proba(x_test),
                                              labels=names)
    scored_text = scored.describe(digits=6)
    auc, interval = overall(scored_text, "ROC AUC")
    assert float(auc) == pytest.approx(skm.roc_auc_score(y_test, model.predict_proba(x_test),
                                                         multi_class="ovr"), abs=6e-7)
    assert float(overall(scored_text, "Log loss")[0]) == pytest.approx(
        skm.log_loss(y_test, model.predict_proba(x_test)), abs=6e-7)


@pytest.mark.parametrize("average", ["binary", "micro", "macro", "weighted", None])
def test_the_evaluation_s_default_average_changes_neither_description_nor_summary(average):
    # every line names its own average: MCC and kappa of the whole matrix, macro F1,
    # the macro ROC AUC and average precision (as scikit-learn's defaults)
    y_true = ["b", "a", "c", "a", "b", "b", "c", "a", "c"]
    y_pred = ["b", "a", "a", "a", "c", "b", "c", "b", "c"]
    proba = np.array([[0.2, 0.5, 0.3], [0.6, 0.3, 0.1], [0.3, 0.3, 0.4], [0.4, 0.4, 0.2],
                      [0.1, 0.3, 0.6], [0.3, 0.6, 0.1], [0.2, 0.2, 0.6], [0.5, 0.1, 0.4],
                      [0.1, 0.2, 0.7]])
    for build in (lambda **options: ClassificationMetric(y_true, y_pred, **options),
                  lambda **options: ClassificationMetric.from_scores(y_true, proba, **options)):
        plain, built = build(), build(average=average)
        assert built.describe() == plain.describe()
        pd.testing.assert_frame_equal(built.summary(), plain.summary())
    labels = ClassificationMetric(y_true, y_pred, average=average).describe(digits=10)
    assert float(overall(labels, "Matthews correlation")[0]) == pytest.approx(
        skm.matthews_corrcoef(y_true, y_pred), abs=1e-10)


def test_description_of_binary_scores_gives_delong_s_interval():
    rng = np.random.default_rng(3)
    y_true = rng.integers(0, 2, 300)
    scores = np.clip(y_true * 0.3 + rng.normal(0.35, 0.2, 300), 0, 1)
    cm = ClassificationMetric.from_scores(y_true, scores)
    auc, (low, high, method) = overall(cm.describe(digits=6), "ROC AUC")
    reference = cm.CI("AUC", method="delong")
    assert method == "DeLong"
    assert [float(auc), float(low), float(high)] == pytest.approx(list(reference), abs=6e-7)
    assert float(auc) == pytest.approx(skm.roc_auc_score(y_true, scores), abs=6e-7)


def test_description_of_weighted_samples_says_what_it_cannot_test():
    cm = ClassificationMetric([0, 1, 1, 0, 2], [0, 1, 0, 0, 2], sample_weight=[1, 2, 1, 1, 3])
    text = cm.describe()
    assert text.startswith("Classification of 5 samples in 3 classes, weighted (total weight 8)")
    assert note(text, "P-value [Acc > NIR]") == "not tested: the samples are weighted, not counted"
    accuracy, interval = overall(text, "Accuracy")
    assert float(accuracy) == pytest.approx(7 / 8, abs=1e-4) and interval is None
    for heading in ("Accuracy", "Balanced accuracy", "Cohen's kappa"):
        assert note(text, heading) == "no interval: the weights are not counts of samples"
    assert text.endswith("Support               2.0000  3.0000  3.0000")  # sums of weights


def test_labels_with_control_characters_keep_the_tables_in_shape():
    cm = ClassificationMetric(["a\nb", "c\td", "a\nb"], ["c\td", "c\td", "a\nb"])
    text = cm.describe(confidence=0.9999999)
    assert "true \\ predicted  a\\nb  c\\td" in text
    assert "the share of a\\nb" in text and "99.99999% CI" in text
    assert all(len(line) <= 100 for line in text.splitlines())


def test_description_of_multilabel_input_is_by_label():
    cm = ClassificationMetric([[0, 1, 1], [1, 1, 0], [1, 0, 0]], [[0, 1, 0], [1, 1, 0], [1, 1, 0]])
    text = cm.describe()
    assert text.startswith("Multilabel classification of 3 samples with 3 labels")
    assert "Confusion matrix" not in text and "No-information rate" not in text
    assert "Statistics by label" in text
    assert float(overall(text, "Accuracy")[0]) == pytest.approx(1 / 3, abs=1e-4)


# --- describe(): its lines ---


@settings(max_examples=examples(60))
@given(problems(), st.integers(description.LEAST_WIDTH, 160), st.integers(0, 15),
       st.integers(0, 40))
def test_every_line_fits_the_width(problem, width, digits, label_length):
    labels = np.unique(np.concatenate([np.asarray(problem.y_true, dtype=str),
                                       np.asarray(problem.y_pred, dtype=str)]))
    long = {label: label + "x" * label_length for label in labels.tolist()}
    cm = ClassificationMetric([long[str(y)] for y in problem.y_true],
                              [long[str(y)] for y in problem.y_pred],
                              sample_weight=problem.weight)
    text = cm.describe(width=width, digits=digits)
    assert max(len(line) for line in text.splitlines()) <= width
    assert "Statistics by class" in text


def test_many_classes_list_the_classes_as_rows():
    y = [f"class {k}" for k in range(30)] * 2
    text = ClassificationMetric(y, y[1:] + y[:1]).describe()
    assert "Confusion matrix: 30 x 30, too many classes to print" in text
    header = text.split("Statistics by class\n", 1)[1].splitlines()[0]
    assert header.split() == ["Recall", "(sensitivity)", "Specificity", "Precision", "NPV",
                              "F1", "Prevalence", "Support"]


@pytest.mark.parametrize("options, error, message", [
    ({"digits": -1}, InputError, r"digits must be >= 0; got -1"),
    ({"digits": 16}, InputError, r"digits must be at most 15"),
    ({"digits": 2.0}, TypeError, r"digits must be an integer >= 0; got 2.0"),
    ({"width": 59}, InputError, r"width must be >= 60; got 59"),
    ({"confidence": 1.0}, InputError, r"confidence must be a number strictly between 0 and 1"),
])
def test_bad_options_are_refused_by_name(options, error, message):
    with pytest.raises(error, match=message):
        ClassificationMetric([0, 1], [0, 1]).describe(**options)


def test_confidence_sets_the_level_of_every_interval():
    cm = ClassificationMetric([0, 1, 1, 0, 1, 2] * 5, [0, 1, 0, 0, 1, 2] * 5)
    text = cm.describe(confidence=0.9, digits=6)
    assert "95%" not in text and text.count("90% CI") == 3
    low, high = proportion_confint(25, 30, alpha=0.1, method="beta")
    _, interval = overall(text, "Accuracy")
    assert [float(interval[0]), float(interval[1])] == pytest.approx([low, high], abs=6e-7)


@pytest.mark.parametrize("digits, pvalue, shown", [
    (4, 0.0, "< 1e-300"),        # below the smallest float the distribution gives
    (4, 3.2e-172, "3.2e-172"),
    (4, 9e-5, "9.0e-05"),        # below 1e-4: scientific
    (4, 1e-4, "0.0001"),
    (4, 0.12344, "0.1234"),
    (2, 0.004, "4.0e-03"),       # it would show as 0.00
    (2, 0.005, "0.01"),
    (0, 0.4, "4.0e-01"),
    (0, 0.6, "1"),
])
def test_p_values_keep_their_digits(digits, pvalue, shown):
    assert description._Text(digits, 100).pvalue(pvalue) == shown


def test_interval_methods_are_named_as_their_authors_are():
    assert [description._method_name(m) for m in
            ("clopper-pearson", "wilson", "delong", "analytic")] == [
        "Clopper-Pearson", "Wilson", "DeLong", "analytic"]


@pytest.mark.parametrize("build, title", [
    (lambda: ClassificationMetric(["a"], ["a"]), "Classification of 1 sample in 1 class"),
    (lambda: ClassificationMetric([0, 1, 1], [0, 1, 0]), "Classification of 3 samples in 2 "
                                                         "classes"),
    (lambda: ClassificationMetric.from_scores([0, 1, 1, 0], [0.2, 0.7, 0.4, 0.1], threshold=0.3),
     "Classification of 4 samples in 2 classes, from scores (threshold 0.3)"),
    (lambda: ClassificationMetric.from_scores([0, 1, 2], np.eye(3) * 0.8 + 0.1 / 1.5),
     "Classification of 3 samples in 3 classes, from scores"),
    (lambda: ClassificationMetric([[0, 1], [1, 1]], [[0, 1], [1, 0]]),
     "Multilabel classification of 2 samples with 2 labels"),
], ids=["one", "two", "threshold", "matrix", "multilabel"])
def test_the_title_says_what_was_evaluated(build, title):
    assert build().describe().split("\n", 1)[0] == title


def test_the_accuracy_test_line_names_its_test():
    text = ClassificationMetric([0, 0, 1, 1, 1], [0, 1, 1, 1, 1]).describe()
    assert overall(text, "P-value [Acc > NIR]")[0] == "0.3370"  # binomtest(4, 5, 0.6)
    assert note(text, "P-value [Acc > NIR]") == "one-sided binomial test"


def test_without_scipy_accuracy_has_wilson_s_interval_and_the_test_says_what_to_install(
        monkeypatch):
    cm = ClassificationMetric([0, 0, 1, 1, 1, 2], [0, 1, 1, 1, 1, 2])
    monkeypatch.setitem(sys.modules, "scipy", None)  # import scipy fails
    monkeypatch.setitem(sys.modules, "scipy.stats", None)
    text = cm.describe(digits=6, width=200)  # each note on its line
    low, high = proportion_confint(5, 6, method="wilson")
    assert overall(text, "Accuracy")[1] == (f"{low:.6f}", f"{high:.6f}", "Wilson")
    assert note(text, "P-value [Acc > NIR]") == ('the binomial test needs scipy: pip install '
                                                 '"permetrics_lite[stats]"')
    with pytest.raises(ImportError, match=r"The binomial test needs the optional dependency "
                                          r"scipy; install it with"):
        cm.accuracy_test()


# --- seams: every label container, weights at any scale, every entry point ---

SEAM_TRUE = np.array([0, 1, 1, 2, 0, 1, 2, 2, 1, 0, 1, 1])
SEAM_PRED = np.array([0, 1, 2, 2, 0, 0, 2, 1, 1, 0, 1, 2])
SEAM_KINDS = {"int": lambda c: c * 3 - 2, "str": lambda c: np.array(["ant", "bee", "cat"])[c],
              "bool": lambda c: c.clip(0, 1).astype(bool)}


@pytest.mark.parametrize("label_input", LABEL_INPUTS, ids=lambda i: i.name)
def test_the_description_of_every_label_container_is_that_of_plain_numpy(label_input):
    kind = label_input.kinds[0]
    true, pred = (SEAM_KINDS[kind](codes) for codes in (SEAM_TRUE, SEAM_PRED))
    universe = np.unique(np.concatenate([true, pred]))
    cm = ClassificationMetric(label_input.convert(true, universe),
                              label_input.convert(pred, universe))
    plain = ClassificationMetric(true, pred, labels=cm.labels)  # a container may order them
    assert cm.describe() == plain.describe()
    assert cm.accuracy_test() == plain.accuracy_test()


@pytest.mark.parametrize("scale", [2.0**-1000, 1.0, 2.0**1000])
def test_the_description_does_not_depend_on_the_scale_of_the_weights(scale):
    weight = np.arange(1, 13) / 4
    unit = ClassificationMetric(SEAM_TRUE, SEAM_PRED, sample_weight=weight).describe()
    scaled = ClassificationMetric(SEAM_TRUE, SEAM_PRED, sample_weight=weight * scale)
    # the counts and the total weight are in units of the weights; every score is the same
    def scores(text):
        lines = text.split("Overall statistics\n", 1)[1].splitlines()
        return [line.split() for line in lines if line and not line.startswith("Support")]

    assert scores(scaled.describe()) == scores(unit)
    support = scaled.describe().rsplit("Support", 1)[1].split()
    expected = np.bincount(SEAM_TRUE, weights=weight) * scale  # in the user's units
    assert [float(x) for x in support] == pytest.approx(expected, rel=1e-3)
    assert scaled.describe().split("\n", 1)[0].endswith(f"(total weight {19.5 * scale:.6g})")


def test_every_entry_point_describes_the_same_counts():
    whole = ClassificationMetric(SEAM_TRUE, SEAM_PRED)
    frame = pd.DataFrame({"t": SEAM_TRUE, "p": SEAM_PRED}).value_counts().rename("n")
    entries = {
        "a + b": ClassificationMetric(SEAM_TRUE[:5], SEAM_PRED[:5], labels=[0, 1, 2])
        + ClassificationMetric(SEAM_TRUE[5:], SEAM_PRED[5:], labels=[0, 1, 2]),
        "from_batches": ClassificationMetric.from_batches(
            [(SEAM_TRUE[:7], SEAM_PRED[:7]), (SEAM_TRUE[7:], SEAM_PRED[7:])]),
        "from_counts": ClassificationMetric.from_counts(frame.reset_index(), true="t", pred="p",
                                                        count="n"),
        "from_confusion_matrix": ClassificationMetric.from_confusion_matrix(whole.CM()),
        "by_group": ClassificationMetric(np.r_[SEAM_TRUE, 0], np.r_[SEAM_PRED, 1]).by_group(
            ["g"] * 12 + ["h"])["g"],
    }
    for name, cm in entries.items():
        assert cm.describe() == whole.describe(), name
        assert cm.accuracy_test() == whole.accuracy_test(), name
