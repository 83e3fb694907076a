"""Scores where features meet: named columns of every frame type, the positive class
of binary scores however it is named, weights at any scale, integer and text scores,
float32 thresholds, rounded probabilities; each against scikit-learn."""

import json
import warnings

import numpy as np
import pandas as pd
import polars as pl
import pyarrow as pa
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sklearn.calibration import calibration_curve
from sklearn.metrics import (accuracy_score, average_precision_score, brier_score_loss,
                             f1_score, log_loss, precision_recall_curve, precision_score,
                             recall_score, roc_auc_score, roc_curve)

from permetrics_lite import ClassificationMetric as CM
from permetrics_lite.io import cli
from tests.strategies import examples

RNG = np.random.default_rng(20261126)
CLASSES = np.array(["cat", "dog", "fox"])


def probabilities(n, k, rng=RNG):
    scores = rng.random((n, k)) ** 3
    return scores / scores.sum(axis=1, keepdims=True)


def multiclass_problem(n=60):
    y = CLASSES[RNG.integers(0, 3, n)]
    y[:3] = CLASSES  # every class present
    return y, probabilities(n, 3)


# --- 1. named columns of every frame type follow their names ---

FRAMES = {
    "pandas": lambda frame: frame,
    "polars": pl.from_pandas,
    "pyarrow Table": lambda frame: pa.Table.from_pandas(frame, preserve_index=False),
    "pyarrow RecordBatch": lambda frame: pa.RecordBatch.from_pandas(frame, preserve_index=False),
}


@pytest.mark.parametrize("frame_type", FRAMES)
def test_named_score_columns_follow_their_names(frame_type):
    y, scores = multiclass_problem()
    shuffled = pd.DataFrame(scores, columns=CLASSES)[["fox", "cat", "dog"]]
    cm = CM.from_scores(y, FRAMES[frame_type](shuffled))
    assert cm.labels.tolist() == ["fox", "cat", "dog"]  # the columns' order, as pandas'
    assert cm.LL() == pytest.approx(log_loss(y, scores, labels=CLASSES), rel=1e-12)
    assert cm.AS() == accuracy_score(y, CLASSES[scores.argmax(axis=1)])
    assert cm.AUC() == pytest.approx(roc_auc_score(y, scores, multi_class="ovr"), rel=1e-12)


@pytest.mark.parametrize("frame_type", FRAMES)
def test_one_named_column_is_the_scores_of_its_class(frame_type):
    y = np.array(["ham", "spam", "spam", "ham", "spam", "ham"])
    spam = np.array([0.1, 0.8, 0.6, 0.3, 0.9, 0.2])
    ham = pd.DataFrame({"ham": 1 - spam})
    cm = CM.from_scores(y, FRAMES[frame_type](ham))
    assert cm.AUC() == roc_auc_score(y == "ham", 1 - spam) == 1.0
    assert cm.RS() == recall_score(y, np.where(1 - spam >= 0.5, "ham", "spam"), pos_label="ham")


# --- 2. every score metric and curve of a binary problem is of the positive class ---

def binary_problem(n=80, rng=RNG):
    y = np.array(["ham", "spam"])[rng.integers(0, 2, n)]
    y[:2] = ["ham", "spam"]
    spam = np.round(rng.random(n) * 0.6 + (y == "spam") * 0.3, 2)  # ties, overlap
    return y, spam


def test_a_two_column_matrix_ranks_the_class_pos_label_names():
    y, spam = binary_problem()
    matrix = np.c_[1 - spam + 0.05 * RNG.random(len(spam)), spam]  # not complements
    matrix /= matrix.sum(axis=1, keepdims=True)
    cm = CM.from_scores(y, matrix, pos_label="ham")
    ham, is_ham = matrix[:, 0], y == "ham"
    assert cm.AUC() == pytest.approx(roc_auc_score(is_ham, ham), rel=1e-12)
    assert cm.APS() == pytest.approx(average_precision_score(is_ham, ham), rel=1e-12)
    for ours, theirs in zip(cm.roc_curve(), roc_curve(is_ham, ham)):
        np.testing.assert_allclose(ours, theirs, rtol=1e-12)
    for ours, theirs in zip(cm.precision_recall_curve(), precision_recall_curve(is_ham, ham)):
        np.testing.assert_allclose(ours, theirs, rtol=1e-12)
    for ours, theirs in zip(cm.calibration_curve(n_bins=4),
                            calibration_curve(is_ham, ham, n_bins=4)):
        np.testing.assert_allclose(ours, theirs, rtol=1e-12)
    assert cm.RS() == recall_score(y, np.array(["ham", "spam"])[matrix.argmax(axis=1)],
                                   pos_label="ham")
    # the same class, however it is named: the columns reversed, with labels
    reversed_ = CM.from_scores(y, matrix[:, ::-1], labels=["spam", "ham"])
    assert reversed_.APS() == cm.APS() and reversed_.AUC() == cm.AUC()


def test_command_line_scores_are_of_the_positive_class_in_either_order(tmp_path, capsys):
    y, spam = binary_problem()
    path = tmp_path / "scores.csv"
    pd.DataFrame({"y": y, "ham": 1 - spam, "spam": spam}).to_csv(path, index=False)
    printed = []
    for columns in (["ham", "spam"], ["spam", "ham"]):
        assert cli.main(["score", str(path), "--true", "y", "--scores", *columns,
                         "--pos-label", "ham", "--format", "json", "APS", "AUC"]) == 0
        printed.append(json.loads(capsys.readouterr().out))
    is_ham = y == "ham"
    for values in printed:
        assert values["APS"] == pytest.approx(average_precision_score(is_ham, 1 - spam),
                                              rel=1e-12)
        assert values["AUC"] == pytest.approx(roc_auc_score(is_ham, 1 - spam), rel=1e-12)


# --- 8. binary metrics of a score evaluation default to its positive class ---

@pytest.mark.parametrize("options, positive", [
    ({}, "spam"), ({"pos_label": "ham"}, "ham"), ({"labels": ["spam", "ham"]}, "ham")])
def test_binary_metrics_of_scores_default_to_the_positive_class(options, positive):
    y, spam = binary_problem()
    scores = spam if positive == "spam" else 1 - spam
    cm = CM.from_scores(y, scores, **options)
    negative = "ham" if positive == "spam" else "spam"
    pred = np.where(scores >= 0.5, positive, negative)
    assert cm.RS() == recall_score(y, pred, pos_label=positive)
    assert cm.PS() == precision_score(y, pred, pos_label=positive)
    assert cm.F1S() == f1_score(y, pred, pos_label=positive)
    assert cm.SS() == recall_score(y, pred, pos_label=negative)
    # the method's own pos_label still wins
    assert cm.RS(pos_label=negative) == recall_score(y, pred, pos_label=negative)


def test_the_positive_class_of_scores_is_not_an_option_that_blocks_sums():
    y, spam = binary_problem()
    scored = CM.from_scores(y, spam)
    labelled = CM(y, np.where(spam >= 0.5, "spam", "ham"))
    assert (scored + labelled).AS() == labelled.AS()


# --- 3. weights at any scale ---

SCALES = [-1000, -600, -160, -1, 1, 160, 600, 1000]


@pytest.mark.parametrize("exponent", SCALES)
def test_score_metrics_are_invariant_to_the_scale_of_the_weights(exponent):
    rng = np.random.default_rng(3)
    y, spam = binary_problem(rng=rng)
    w = rng.integers(1, 5, len(y)).astype(float)
    scaled = w * 2.0**exponent
    binary, binary_scaled = (CM.from_scores(y, spam, sample_weight=v) for v in (w, scaled))
    for name in ("AUC", "APS", "LL", "BSL", "ECE"):
        assert getattr(binary_scaled, name)() == getattr(binary, name)(), name
    for curve in ("roc_curve", "precision_recall_curve", "calibration_curve"):
        for ours, unscaled in zip(getattr(binary_scaled, curve)(), getattr(binary, curve)()):
            np.testing.assert_array_equal(ours, unscaled)
    y3, scores = multiclass_problem()
    w3 = rng.integers(1, 5, len(y3)).astype(float)
    three, three_scaled = (CM.from_scores(y3, scores, sample_weight=v)
                           for v in (w3, w3 * 2.0**exponent))
    for options in ({"multi_class": "ovr"}, {"multi_class": "ovo"},
                    {"multi_class": "ovr", "average": "weighted"}):
        assert three_scaled.AUC(**options) == three.AUC(**options), options


@pytest.mark.parametrize("scale", [1e-162, 1e155, 1e160])
def test_weighted_auc_at_extreme_scales_equals_scikit_learn(scale):
    y = np.array([0, 1, 0, 1, 1, 0])
    s = np.array([0.1, 0.7, 0.4, 0.9, 0.3, 0.2])
    w = np.array([1, 2, 1, 3, 1, 1.0])
    expected = roc_auc_score(y, s, sample_weight=w)
    assert CM.from_scores(y, s, sample_weight=w * scale).AUC() == pytest.approx(expected,
                                                                               rel=1e-14)


# --- 4. integer scores are exact, or refused ---

def test_integer_scores_beyond_two_to_the_53_are_refused():
    with pytest.raises(ValueError, match=r"y_score holds 3 integer\(s\) beyond \+-2\*\*53"):
        CM.from_scores([0, 1, 0, 1], np.array([2**53, 2**53 + 1, 2**60, 2**60 + 1]))
    with pytest.raises(ValueError, match=r"the first -9007199254740993 at row 1, column 0"):
        CM.from_scores([0, 1], [[0, 1], [-(2**53) - 1, 2]])
    with pytest.raises(ValueError, match=r"beyond \+-2\*\*53"):  # Python ints as objects
        CM.from_scores([0, 1], np.array([1, 2**64], dtype=object))


def test_integer_scores_up_to_two_to_the_53_are_ranked_exactly():
    y = [0, 1, 0, 1, 1]
    scores = np.array([2**53, 2**53 - 1, -(2**53), 2**52 + 1, 2**52], dtype=np.int64)
    assert CM.from_scores(y, scores).AUC() == roc_auc_score(y, scores)


# --- 5. one comparison rule for thresholds of float32 scores ---

@settings(max_examples=examples(40), deadline=None)
@given(st.lists(st.floats(0, 1, width=32), min_size=2, max_size=30),
       st.floats(0, 1), st.randoms(use_true_random=False))
def test_a_threshold_of_float32_scores_decides_as_numpy_compares(values, threshold, random):
    p32 = np.array(values, dtype=np.float32)
    y = np.array([random.randint(0, 1) for _ in values])
    cm = CM.from_scores(y, p32, threshold=threshold)
    assert cm.AS() == accuracy_score(y, (p32 >= threshold).astype(int))
    # a threshold of the curve decides as its row says
    curve = cm.threshold_curve(zero_division=0.0)
    for row in curve.itertuples():
        assert CM.from_scores(y, p32, threshold=row.threshold).AS() == row.accuracy


def test_a_float32_score_written_as_the_threshold_is_at_it():
    y = [0, 1, 1, 0]
    p32 = np.array([0.2, 0.7, 0.9, 0.1], dtype=np.float32)
    cm = CM.from_scores(y, p32, threshold=0.7)
    assert cm.AS() == 1.0
    assert cm.threshold == 0.7
    assert cm.best_threshold() == (float(np.float32(0.7)), 1.0)


# --- 6. probabilities rounded to a few decimals ---

def rounded_problem(n=1000, k=3, decimals=6):
    rng = np.random.default_rng(6)
    y = rng.integers(0, k, n)
    return y, np.round(probabilities(n, k, rng), decimals)


def test_probabilities_written_with_six_decimals_are_probabilities():
    y, rounded = rounded_problem()
    assert (np.abs(rounded.sum(axis=1) - 1) > 1e-6).sum() > 50  # as a CSV gives them
    cm = CM.from_scores(y, rounded)
    with pytest.warns(UserWarning, match=r"log_loss \(LL\): \d+ row\(s\) of y_score do not "
                                         r"sum to 1 within 2\.49e-08 \(the first is row \d+\)"):
        ours = cm.LL()
    with pytest.warns(UserWarning, match="do not sum to one"):
        assert ours == pytest.approx(log_loss(y, rounded), rel=1e-12)
    with pytest.warns(UserWarning, match="brier_score_loss"):
        ours = cm.BSL()
    with pytest.warns(UserWarning, match="do not sum to one"):
        assert ours == pytest.approx(brier_score_loss(y, rounded, labels=[0, 1, 2]), rel=1e-12)
    assert cm.AUC() == pytest.approx(roc_auc_score(y, rounded, multi_class="ovr"), rel=1e-12)
    assert 0 <= cm.ECE() <= 1


def test_float16_probabilities_are_probabilities_within_their_precision():
    y, exact = rounded_problem(decimals=12)
    half = exact.astype(np.float16)
    assert (np.abs(half.astype(float).sum(axis=1) - 1) > 1e-4).any()
    cm = CM.from_scores(y, half)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # within float16's tolerance: no warning
        ours = cm.LL(), cm.AUC()
    wide = half.astype(float)  # scikit-learn's sums in float16 would round
    eps = np.finfo(np.float16).eps  # clipped at the scores' own epsilon, as scikit-learn does
    assert ours[0] == pytest.approx(
        np.mean([-np.log(np.clip(row[label], eps, 1 - eps)) for row, label in zip(wide, y)]),
        rel=1e-12)
    # each class against the rest by its column (scikit-learn's multiclass AUC refuses
    # rows as far from 1 as float16's)
    one_vs_rest = np.mean([roc_auc_score(y == k, wide[:, k]) for k in range(3)])
    assert ours[1] == pytest.approx(one_vs_rest, rel=1e-12)


def test_log_loss_of_float32_scores_clips_at_their_epsilon_as_scikit_learn():
    y = np.array([0, 1, 1, 0])
    p32 = np.array([0.0, 0.0, 0.9, 0.2], dtype=np.float32)  # a sure mistake
    ours = CM.from_scores(y, p32).LL()
    assert ours == pytest.approx(log_loss(y, p32), rel=1e-6)  # float32 arithmetic there
    assert ours < 5  # float64's epsilon would give about 9.2


def test_rows_far_from_one_are_still_refused():
    y, rounded = rounded_problem(decimals=2)
    with pytest.raises(ValueError, match=r"row\(s\) that do not sum to 1 \(within 1e-05\)"):
        CM.from_scores(y, rounded).LL()


def test_command_line_reads_rounded_probabilities(tmp_path, capsys):
    y, rounded = rounded_problem(n=300)
    path = tmp_path / "probabilities.csv"
    pd.DataFrame({"y": y, "0": rounded[:, 0], "1": rounded[:, 1], "2": rounded[:, 2]}).to_csv(
        path, index=False)
    status = cli.main(["score", str(path), "--true", "y", "--scores", "0", "1", "2",
                       "--format", "json", "AUC", "ECE"])
    assert status == 0, capsys.readouterr().err
    values = json.loads(capsys.readouterr().out)
    assert values["AUC"] == pytest.approx(roc_auc_score(y, rounded, multi_class="ovr"),
                                          rel=1e-12)


# --- 7. text is not a score ---

@pytest.mark.parametrize("scores", [
    np.array(["0.1", "0.8"], dtype=object),
    pd.Series(["0.1", "0.8"], dtype="str"),
    pd.Series(["0.1", "0.8"], dtype="string[pyarrow]"),
    pl.Series(["0.1", "0.8"]),
    pa.array(["0.1", "0.8"]),
    pd.DataFrame({0: ["0.9", "0.2"], 1: ["0.1", "0.8"]}),
], ids=["object", "pandas str", "pandas string[pyarrow]", "polars", "pyarrow", "frame"])
def test_text_scores_are_refused(scores):
    with pytest.raises(TypeError, match=r"y_score must hold numbers .*got (str values such as "
                                        r"'0\.[19]'|dtype )"):
        CM.from_scores([0, 1], scores)


def test_what_is_derived_from_a_score_evaluation_keeps_its_positive_class():
    y, spam = binary_problem()
    ham = 1 - spam
    cm = CM.from_scores(y, ham, labels=["spam", "ham"])  # ham's scores: ham is positive
    pred = np.where(ham >= 0.5, "ham", "spam")
    hits = int(((pred == "ham") & (y == "ham")).sum())
    assert cm.CI("PS").estimate == precision_score(y, pred, pos_label="ham")
    assert cm.CI("PS", method="bootstrap", random_state=0, n_resamples=99).estimate == \
        precision_score(y, pred, pos_label="ham")
    from statsmodels.stats.proportion import proportion_confint
    assert tuple(cm.CI("PS"))[1:] == pytest.approx(
        proportion_confint(hits, int((pred == "ham").sum()), method="wilson"), rel=1e-12)
    groups = np.arange(len(y)) % 2
    for key, group in cm.by_group(groups).items():
        rows = groups == key
        assert group.RS() == recall_score(y[rows], pred[rows], pos_label="ham")


def test_sums_keep_the_positive_class_scores_imply():
    y, spam = binary_problem()
    ham = 1 - spam
    first = CM.from_scores(y[:40], ham[:40], labels=["spam", "ham"])  # ham is positive
    second = CM.from_scores(y[40:], ham[40:], labels=["spam", "ham"])
    pred = np.where(ham >= 0.5, "ham", "spam")
    assert (first + second).PS() == precision_score(y, pred, pos_label="ham")
    assert (first + second + first).PS() == precision_score(
        np.r_[y, y[:40]], np.r_[pred, pred[:40]], pos_label="ham")  # sums of sums
    assert (first + CM(y[40:], pred[40:], pos_label="ham")).RS() == recall_score(
        y, pred, pos_label="ham")
    assert (first.by_group(np.arange(40) % 2)[0] + first).RS() == recall_score(
        np.r_[y[:40:2], y[:40]], np.r_[pred[:40:2], pred[:40]], pos_label="ham")
    # labels of strings have no default positive class (1 is none): the scores' is the sum's
    assert (first + CM(y[40:], pred[40:])).RS() == recall_score(y, pred, pos_label="ham")
    # of 0 and 1, the positive class 0 the scores imply is a pos_label given to one only
    y01 = (y == "spam").astype(int)
    with pytest.raises(ValueError, match=r"cannot add evaluations built with different "
                                         r"pos_label \(0 and '<not given>'\)"):
        CM.from_scores(y01, ham, labels=[1, 0]) + CM(y01, y01)


def test_small_weights_beside_large_ones_are_not_lost():
    y, s = [0, 0, 1, 1], [0.2, 0.6, 0.7, 0.4]
    w = [2.0**201, 2.0**201, 2.0**-900, 2.0**-900]  # a sum beyond 2**200, rescaled
    cm = CM.from_scores(y, s, sample_weight=w)
    pred = (np.array(s) >= 0.5).astype(int)
    assert cm.RS() == recall_score(y, pred, sample_weight=w) == 0.5
    assert cm.AUC() == roc_auc_score(y, s, sample_weight=w)
    assert cm.APS() == average_precision_score(y, s, sample_weight=w)


def test_polars_default_column_names_name_no_class():
    y, scores = multiclass_problem()
    codes = pd.Series(y).map({c: i for i, c in enumerate(CLASSES)}).to_numpy()
    cm = CM.from_scores(codes, pl.DataFrame(scores))  # columns column_0, column_1, ...
    assert cm.AUC() == pytest.approx(roc_auc_score(codes, scores, multi_class="ovr"), rel=1e-12)
    binary = codes[codes < 2]
    spam = scores[codes < 2, 1]
    assert CM.from_scores(binary, pl.DataFrame(spam)).AUC() == roc_auc_score(binary, spam)


def test_command_line_compares_float32_scores_in_their_precision(tmp_path, capsys):
    y = np.array([0, 1, 1, 0, 1, 0])
    p32 = np.array([0.2, 0.7, 0.9, 0.7, 0.3, 0.1], dtype=np.float32)
    path = tmp_path / "scores.parquet"
    pd.DataFrame({"y": y, "p": p32}).to_parquet(path)
    assert cli.main(["score", str(path), "--true", "y", "--scores", "p", "--threshold", "0.7",
                     "--format", "json", "AS"]) == 0
    assert json.loads(capsys.readouterr().out)["AS"] == accuracy_score(y, p32 >= 0.7)
