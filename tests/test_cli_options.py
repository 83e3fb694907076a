"""The command line's options of scores, groups, beta, zero division and digits,
run in process on real files and checked against scikit-learn,
fairlearn and brute-force computations written here (never against
permetrics_lite itself)."""

import functools
import json
import re

import numpy as np
import pandas as pd
import pytest
from fairlearn.metrics import MetricFrame
from sklearn.metrics import (accuracy_score, average_precision_score, brier_score_loss,
                             classification_report, f1_score, fbeta_score, log_loss,
                             matthews_corrcoef, precision_recall_fscore_support, precision_score,
                             recall_score, roc_auc_score)
from sklearn.preprocessing import label_binarize

from permetrics_lite.io import cli, rendering
from tests.helpers import plain_id, run_command

DATA_ERROR, USAGE_ERROR = 1, 2
CLOSE = {"rel": 1e-9, "abs": 1e-12}  # JSON keeps 15 significant digits; sums in another order


def run(*args, stdin=None):
    return run_command(*args, stdin=stdin)


def printed_json(result):
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def table_rows(text):
    """The rows of a table printed by ``DataFrame.to_string``: {index: {column: token}}.
    The index-name line (one token) is skipped."""
    lines = [line for line in text.splitlines() if line.strip()]
    header = lines[0].split()
    rows = {}
    for line in lines[1:]:
        tokens = line.split()
        if len(tokens) == len(header) + 1:
            rows[tokens[0]] = dict(zip(header, tokens[1:]))
    return rows


def series_rows(text):
    """The lines ``name value`` of a Series printed by ``to_string``, in order."""
    return [line.split() for line in text.splitlines() if line.strip()]


def ece_oracle(positive, prob, weight=None, n_bins=10):
    """Expected calibration error by a loop over samples: equal-width bins on [0, 1],
    closed on the right (the first also holds 0), each weighted by its share of the
    weight; |fraction of positives - mean probability| per non-empty bin."""
    weight = [1.0] * len(prob) if weight is None else list(weight)
    total = sum(weight)
    ece = 0.0
    for b in range(n_bins):
        low, high = b / n_bins, (b + 1) / n_bins
        inside = [i for i, p in enumerate(prob) if (p > low or (b == 0 and p >= low)) and p <= high]
        if not inside:
            continue  # the definition sums the non-empty bins
        mass = sum(weight[i] for i in inside)
        positives = sum(weight[i] for i in inside if positive[i]) / mass
        confidence = sum(weight[i] * prob[i] for i in inside) / mass
        ece += mass / total * abs(positives - confidence)
    return ece


def test_ece_oracle_gives_the_documented_values():
    """The oracle itself, on the example of docs/metrics/ECE.rst (hand-checked there)."""
    y = [0, 0, 1, 1, 0, 1, 0, 1]
    p = [0.1, 0.4, 0.35, 0.8, 0.2, 0.9, 0.6, 0.7]
    assert ece_oracle([v == 1 for v in y], p) == pytest.approx(0.21875, abs=1e-15)
    assert ece_oracle([v == 1 for v in y], p, n_bins=2) == pytest.approx(0.00625, abs=1e-15)
    assert ece_oracle([True, False], [0.5, 0.5]) == 0.0


# --------------------------------------------------------------------------
# The files
# --------------------------------------------------------------------------


@pytest.fixture(scope="module")
def binary(tmp_path_factory):
    """A binary problem with one probability column per class (in hundredths, so many
    ties and values on the bin edges and the thresholds), string and 0/1 labels."""
    rng = np.random.default_rng(11)
    n = 240
    y = rng.choice(["ham", "spam"], size=n, p=[0.45, 0.55])
    hundredths = np.where(y == "ham", rng.normal(62, 22, n), rng.normal(40, 22, n))
    k = np.clip(np.round(hundredths), 1, 99).astype(int)
    frame = pd.DataFrame({"y": y, "y01": (y == "spam").astype(int), "p_ham": k / 100,
                          "p_spam": (100 - k) / 100, "w": rng.integers(1, 9, size=n) / 4})
    path = tmp_path_factory.mktemp("binary") / "binary.csv"
    frame.to_csv(path, index=False)
    for edge in (0.1, 0.3, 0.35, 0.4, 0.5, 0.7):  # the closed-right bins and ``>=`` are tested
        assert (frame["p_ham"] == edge).any() and (frame["p_spam"] == edge).any()
    return path, frame


@pytest.fixture(scope="module")
def multiclass(tmp_path_factory):
    """Three classes, probability rows from a Dirichlet (the true class favoured); the
    columns named by the classes, as strings and as the integers 0, 1, 2, stored in an
    order other than the classes'."""
    rng = np.random.default_rng(5)
    n = 180
    classes = np.array(["ant", "bee", "cow"])
    codes = rng.choice(3, size=n, p=[0.3, 0.45, 0.25])
    proba = rng.dirichlet([1.0, 1.0, 1.0], size=n)
    proba[np.arange(n), codes] += rng.uniform(0, 0.8, n)
    proba /= proba.sum(axis=1, keepdims=True)
    frame = pd.DataFrame({"y": classes[codes], "yi": codes,
                          "w": rng.integers(1, 9, size=n) / 4})
    for k in (2, 0, 1):
        frame[classes[k]] = proba[:, k]
        frame[str(k)] = proba[:, k]
    path = tmp_path_factory.mktemp("multiclass") / "multiclass.csv"
    frame.to_csv(path, index=False)  # shortest repr: the floats read back exactly
    assert pd.read_csv(path)[["ant", "bee", "cow"]].to_numpy().tolist() == proba.tolist()
    return path, frame, classes, proba


@pytest.fixture(scope="module")
def grouped(tmp_path_factory):
    """Three classes, three groups, weights in quarters (sums exact in any order)."""
    rng = np.random.default_rng(3)
    n = 270
    labels = ["cat", "dog", "fox"]
    y = rng.choice(labels, size=n)
    p = np.where(rng.random(n) < 0.6, y, rng.choice(labels, size=n))
    frame = pd.DataFrame({"y": y, "p": p, "g": rng.choice(["north", "south", "east"], size=n),
                          "w": rng.integers(1, 9, size=n) / 4})
    path = tmp_path_factory.mktemp("grouped") / "grouped.csv"
    frame.to_csv(path, index=False)
    return path, frame, labels


# --------------------------------------------------------------------------
# 1. One scores column: --pos-label, --threshold, the score metrics
# --------------------------------------------------------------------------

SCORE_NAMES = ["AUC", "APS", "LL", "BSL", "ECE"]
ONE_COLUMN_CASES = [
    # true column, scores column, flags, positive, negative, threshold, weighted, label metrics
    ("y", "p_ham", ["--pos-label", "ham"], "ham", "spam", None, False, ["AS", "PS", "RS"]),
    ("y", "p_spam", ["--pos-label", "spam", "--threshold", "0.35"], "spam", "ham", 0.35, True,
     ["AS", "PS", "RS"]),
    # no --pos-label: the second sorted class (PS and RS would need --pos-label, whose
    # default is 1, as scikit-learn's)
    ("y", "p_spam", ["--threshold", "0.6"], "spam", "ham", 0.6, False, ["AS"]),
    ("y01", "p_ham", ["--pos-label", "0", "--threshold", "0.4"], 0, 1, 0.4, True,
     ["AS", "PS", "RS"]),
    ("y01", "p_spam", [], 1, 0, None, False, ["AS", "PS", "RS"]),
]


@pytest.mark.parametrize("true, column, flags, positive, negative, threshold, weighted, names",
                         ONE_COLUMN_CASES, ids=plain_id)
def test_one_scores_column_against_scikit_learn(binary, true, column, flags, positive, negative,
                                                threshold, weighted, names):
    path, frame = binary
    weight = frame["w"].to_numpy() if weighted else None
    result = run("score", path, "--true", true, *SCORE_NAMES, *names, "--format", "json", *flags,
                 *(["--weight", "w"] if weighted else []), "--scores", column)
    printed = printed_json(result)
    assert result.stderr == ""
    y = frame[true].to_numpy()
    s = frame[column].to_numpy()
    is_positive = y == positive

    def decided(strict=False):
        t = 0.5 if threshold is None else threshold
        return np.where(s > t if strict else s >= t, positive, negative)

    def label_metrics(pred):
        every = {"AS": accuracy_score(y, pred, sample_weight=weight),
                 "PS": precision_score(y, pred, pos_label=positive, sample_weight=weight),
                 "RS": recall_score(y, pred, pos_label=positive, sample_weight=weight)}
        return {name: every[name] for name in names}

    expected = {
        "AUC": roc_auc_score(is_positive, s, sample_weight=weight),
        "APS": average_precision_score(is_positive, s, sample_weight=weight),
        "LL": log_loss(is_positive, s, sample_weight=weight),
        "BSL": brier_score_loss(is_positive, s, sample_weight=weight),
        "ECE": ece_oracle(is_positive.tolist(), s.tolist(), weight),
        **label_metrics(decided()),
    }
    assert list(printed) == list(expected)
    assert printed == pytest.approx(expected, **CLOSE)
    # the cases discriminate: ``>`` instead of ``>=`` would print other numbers
    assert label_metrics(decided(strict=True)) != label_metrics(decided())


def test_a_threshold_changes_the_decisions(binary):
    """--threshold against the default 0.5 on the same column: both against scikit-learn."""
    path, frame = binary
    y = frame["y"].to_numpy()
    s = frame["p_ham"].to_numpy()
    for threshold, flags in ((0.5, []), (0.7, ["--threshold", "0.7"])):
        pred = np.where(s >= threshold, "ham", "spam")
        printed = printed_json(run("score", path, "--true", "y", "AS", "PS", "RS", "--pos-label",
                                   "ham", "--format", "json", *flags, "--scores", "p_ham"))
        assert printed == pytest.approx({
            "AS": accuracy_score(y, pred), "PS": precision_score(y, pred, pos_label="ham"),
            "RS": recall_score(y, pred, pos_label="ham")}, **CLOSE)
    assert accuracy_score(y, np.where(s >= 0.7, "ham", "spam")) != \
        accuracy_score(y, np.where(s >= 0.5, "ham", "spam"))


def test_score_table_prints_the_given_digits(binary):
    path, frame = binary
    y = frame["y"].to_numpy()
    s = frame["p_ham"].to_numpy()
    result = run("score", path, "--true", "y", "AUC", "LL", "AS", "--pos-label", "ham",
                 "--digits", "3", "--scores", "p_ham")
    assert result.returncode == 0, result.stderr
    assert series_rows(result.stdout) == [
        ["AUC", f"{roc_auc_score(y == 'ham', s):.3f}"],
        ["LL", f"{log_loss(y == 'ham', s):.3f}"],
        ["AS", f"{accuracy_score(y, np.where(s >= 0.5, 'ham', 'spam')):.3f}"]]


# --------------------------------------------------------------------------
# 2. One scores column per class
# --------------------------------------------------------------------------


@pytest.mark.parametrize("true, columns, weighted", [
    ("y", ["cow", "ant", "bee"], True),
    ("yi", ["2", "0", "1"], False),
], ids=plain_id)
def test_a_scores_column_per_class_against_scikit_learn(multiclass, true, columns, weighted):
    path, frame, classes, proba = multiclass
    y = frame[true].to_numpy()
    labels = classes.tolist() if true == "y" else [0, 1, 2]
    weight = frame["w"].to_numpy() if weighted else None
    result = run("score", path, "--true", true, "AUC", "APS", "LL", "BSL", "AS", "--format",
                 "json", *(["--weight", "w"] if weighted else []), "--scores", *columns)
    printed = printed_json(result)
    assert result.stderr == ""
    expected = {
        "AUC": roc_auc_score(y, proba, multi_class="ovr", labels=labels, sample_weight=weight),
        "APS": average_precision_score(label_binarize(y, classes=labels), proba,
                                       average="macro", sample_weight=weight),
        "LL": log_loss(y, proba, labels=labels, sample_weight=weight),
        "BSL": brier_score_loss(y, proba, labels=labels, sample_weight=weight),
        "AS": accuracy_score(y, np.asarray(labels)[proba.argmax(axis=1)], sample_weight=weight),
    }
    assert printed == pytest.approx(expected, **CLOSE)


@pytest.mark.parametrize("average", ["none", "weighted", "macro"])
def test_average_is_the_average_of_auc_and_average_precision_too(multiclass, average):
    path, frame, classes, proba = multiclass
    y, weight = frame["y"].to_numpy(), frame["w"].to_numpy()
    printed = printed_json(run("score", path, "--true", "y", "--weight", "w", "AUC", "APS",
                               "--average", average, "--format", "json",
                               "--scores", *classes))
    option = None if average == "none" else average
    auc = roc_auc_score(y, proba, multi_class="ovr", average=option, sample_weight=weight)
    aps = average_precision_score(label_binarize(y, classes=classes), proba, average=option,
                                  sample_weight=weight)
    for name, expected in (("AUC", auc), ("APS", aps)):
        if option is None:  # a value per class
            expected = dict(zip(classes.tolist(), expected))
        assert printed[name] == pytest.approx(expected, **CLOSE)
    assert list(printed) == ["AUC", "APS"]


def test_an_average_the_auc_does_not_have_is_an_error_not_ignored(multiclass):
    path, frame, classes, proba = multiclass
    micro = printed_json(run("score", path, "--true", "y", "APS", "--average", "micro",
                             "--format", "json", "--scores", *classes))
    assert micro["APS"] == pytest.approx(average_precision_score(
        label_binarize(frame["y"], classes=classes), proba, average="micro"), **CLOSE)
    result = run("score", path, "--true", "y", "AUC", "--average", "micro", "--scores", *classes)
    assert result.returncode == DATA_ERROR and result.stdout == ""
    assert result.stderr.endswith(
        "roc_auc_score (AUC) has no --average micro, which the evaluation was built with; pass "
        "it one of macro, weighted, none.\n")


def test_report_of_a_score_matrix_has_each_class_s_auc_and_average_precision(multiclass):
    path, frame, classes, proba = multiclass
    y = frame["y"].to_numpy()
    weight = frame["w"].to_numpy()
    printed = printed_json(run("report", path, "--true", "y", "--weight", "w", "--format",
                               "json", "--scores", "bee", "cow", "ant"))
    # named columns: their order is the order of the classes (from_scores of a DataFrame)
    assert list(printed["report"]) == ["bee", "cow", "ant"]
    for k, label in enumerate(classes):
        row = printed["report"][label]
        assert row["auc"] == pytest.approx(
            roc_auc_score(y == label, proba[:, k], sample_weight=weight), **CLOSE)
        assert row["average_precision"] == pytest.approx(
            average_precision_score(y == label, proba[:, k], sample_weight=weight), **CLOSE)
    assert printed["summary"]["AUC"] == pytest.approx(
        roc_auc_score(y, proba, multi_class="ovr", sample_weight=weight), **CLOSE)


def test_report_of_one_scores_column_ranks_the_negative_class_in_reverse(binary):
    path, frame = binary
    y = frame["y"].to_numpy()
    s = frame["p_ham"].to_numpy()
    printed = printed_json(run("report", path, "--true", "y", "--pos-label", "ham", "--format",
                               "json", "--scores", "p_ham"))
    for label, ranking in (("ham", s), ("spam", -s)):
        row = printed["report"][label]
        assert row["auc"] == pytest.approx(roc_auc_score(y == label, ranking), **CLOSE)
        assert row["average_precision"] == pytest.approx(
            average_precision_score(y == label, ranking), **CLOSE)
    assert printed["report"]["ham"]["tp"] == int(((s >= 0.5) & (y == "ham")).sum())


# --------------------------------------------------------------------------
# 3. --group
# --------------------------------------------------------------------------


def fairlearn_frame(frame, labels, weighted):
    """fairlearn's MetricFrame of accuracy, macro F1 and the macro one-vs-rest MCC
    (what MCC is with --average macro: docs/metrics/MCC.rst)."""

    def ovr_mcc(y_true, y_pred, sample_weight=None):
        y_true, y_pred = np.asarray(y_true), np.asarray(y_pred)
        return np.mean([matthews_corrcoef(y_true == c, y_pred == c, sample_weight=sample_weight)
                        for c in labels])

    metrics = {"AS": accuracy_score, "F1S": functools.partial(f1_score, average="macro",
                                                             labels=labels),
               "MCC": ovr_mcc}
    params = {name: {"sample_weight": frame["w"].to_numpy()} for name in metrics} \
        if weighted else None
    return MetricFrame(metrics=metrics, y_true=frame["y"], y_pred=frame["p"],
                       sensitive_features=frame["g"], sample_params=params)


def test_score_by_group_json_equals_fairlearn(grouped):
    path, frame, labels = grouped
    printed = printed_json(run("score", path, "--true", "y", "--pred", "p", "--group", "g",
                               "--weight", "w", "--average", "macro", "AS", "F1S", "MCC",
                               "--format", "json"))
    expected = fairlearn_frame(frame, labels, weighted=True)
    assert list(printed) == ["east", "north", "south", "difference", "ratio"]
    for group in ("east", "north", "south"):
        assert printed[group] == pytest.approx(expected.by_group.loc[group].to_dict(), **CLOSE)
    assert printed["difference"] == pytest.approx(expected.difference().to_dict(), **CLOSE)
    assert printed["ratio"] == pytest.approx(expected.ratio().to_dict(), **CLOSE)
    # the weights matter: unweighted, the groups' accuracies are other numbers
    unweighted = fairlearn_frame(frame, labels, weighted=False)
    assert not np.allclose(unweighted.by_group["AS"], expected.by_group["AS"])


def test_score_by_group_table_with_digits(grouped):
    path, frame, labels = grouped
    result = run("score", path, "--true", "y", "--pred", "p", "--group", "g", "--average",
                 "macro", "AS", "F1S", "MCC", "--digits", "3")
    assert result.returncode == 0, result.stderr
    expected = fairlearn_frame(frame, labels, weighted=False)
    table = pd.concat([expected.by_group,
                       expected.difference().rename("difference").to_frame().T,
                       expected.ratio().rename("ratio").to_frame().T])
    assert series_rows(result.stdout) == [
        ["AS", "F1S", "MCC"],
        ["g"],  # the groups' column names the index
        *([name, *(f"{v:.3f}" for v in row)] for name, row in zip(table.index,
                                                                   table.to_numpy()))]


def test_report_by_group_has_a_section_per_group_and_the_spread(grouped, monkeypatch):
    path, frame, _ = grouped
    monkeypatch.setattr(rendering, "_width", lambda: 10**4)  # tables in one block each
    result = run("report", path, "--true", "y", "--pred", "p", "--group", "g", "--weight", "w")
    assert result.returncode == 0, result.stderr
    sections = re.findall(r"^g = (.*)$", result.stdout, flags=re.M)
    assert sections == ["east", "north", "south"]
    head, by_group = result.stdout.split("\nby g\n\n")
    accuracy = {group: accuracy_score(part["y"], part["p"], sample_weight=part["w"])
                for group, part in frame.groupby("g")}
    for group, section in zip(sections, re.split(r"^g = .*$", head, flags=re.M)[1:]):
        part = frame[frame["g"] == group]
        report = table_rows(section.split("\n\n")[1])
        assert {label: float(row["support"]) for label, row in report.items()} == \
            part.groupby("y")["w"].sum().to_dict()
        summary = dict(series_rows(section.split("\n\n")[2])[2:])  # after "value", "metric"
        assert float(summary["AS"]) == pytest.approx(accuracy[group], abs=5e-7)
    rows = table_rows(by_group)
    assert list(rows) == ["east", "north", "south", "difference", "ratio"]
    printed = {name: float(row["AS"]) for name, row in rows.items()}
    values = list(accuracy.values())
    assert printed == pytest.approx({**accuracy, "difference": max(values) - min(values),
                                     "ratio": min(values) / max(values)}, abs=5e-7)


def test_group_with_scores_evaluates_each_group_s_scores(multiclass, tmp_path):
    _, frame, classes, proba = multiclass
    path = tmp_path / "scored.csv"
    groups = np.where(np.arange(len(frame)) % 3 == 0, "x", "z")
    frame.assign(g=groups).to_csv(path, index=False)
    printed = printed_json(run("score", path, "AS", "AUC", "LL", "--true", "y", "--group", "g",
                               "--format", "json", "--scores", "ant", "bee", "cow"))
    expected = {}
    for g in ("x", "z"):
        rows = groups == g
        expected[g] = {
            "AS": accuracy_score(frame["y"][rows], classes[proba[rows].argmax(axis=1)]),
            "AUC": roc_auc_score(frame["y"][rows], proba[rows], multi_class="ovr",
                                 labels=classes),
            "LL": log_loss(frame["y"][rows], proba[rows], labels=classes)}
    for name in ("AS", "AUC", "LL"):
        values = [expected[g][name] for g in ("x", "z")]
        expected.setdefault("difference", {})[name] = max(values) - min(values)
        expected.setdefault("ratio", {})[name] = min(values) / max(values)
    assert list(printed) == ["x", "z", "difference", "ratio"]
    for row, values in expected.items():
        assert printed[row] == pytest.approx(values, **CLOSE)


# --------------------------------------------------------------------------
# 4. --beta
# --------------------------------------------------------------------------


def test_beta_is_the_beta_of_fbs_only(grouped):
    path, frame, _ = grouped
    printed = printed_json(run("score", path, "--true", "y", "--pred", "p", "--weight", "w",
                               "--beta", "0.5", "FBS", "F2S", "F1S", "--average", "macro",
                               "--format", "json"))
    y, p, w = frame["y"], frame["p"], frame["w"]
    assert printed == pytest.approx({
        "FBS": fbeta_score(y, p, beta=0.5, average="macro", sample_weight=w),
        "F2S": fbeta_score(y, p, beta=2, average="macro", sample_weight=w),
        "F1S": f1_score(y, p, average="macro", sample_weight=w)}, **CLOSE)
    assert printed["FBS"] != pytest.approx(printed["F1S"], rel=1e-6)


def test_beta_without_fbs_is_a_usage_error(grouped):
    path, _, _ = grouped
    result = run("score", path, "--true", "y", "--pred", "p", "--beta", "0.5", "--average",
                 "macro", "AS", "F1S")
    assert result.returncode == USAGE_ERROR and result.stdout == ""
    assert result.stderr.count("\n") == 1 and "--beta" in result.stderr, result.stderr
    assert result.stderr.startswith("permetrics-lite score: error: ")


# --------------------------------------------------------------------------
# 5. --zero-division on report
# --------------------------------------------------------------------------


@pytest.fixture(scope="module")
def never_predicted(tmp_path_factory):
    """Class c is never predicted: its precision is 0/0."""
    frame = pd.DataFrame({"t": list("aabbcacbaabc"), "p": list("abbaabbaabab")})
    path = tmp_path_factory.mktemp("zero") / "zero.csv"
    frame.to_csv(path, index=False)
    assert "c" in set(frame["t"]) and "c" not in set(frame["p"])
    return path, frame


@pytest.mark.parametrize("flags, value, token, warns", [
    (["--zero-division", "0"], 0.0, "0.000000", False),
    (["--zero-division", "1"], 1.0, "1.000000", False),
    (["--zero-division", "nan"], np.nan, "NaN", False),
    ([], 0.0, "0.000000", True),  # warn: 0.0 and a warning
], ids=plain_id)
def test_zero_division_on_report(never_predicted, flags, value, token, warns, monkeypatch):
    path, frame = never_predicted
    monkeypatch.setattr(rendering, "_width", lambda: 10**4)  # tables in one block each
    result = run("report", path, "--true", "t", "--pred", "p", *flags)
    assert result.returncode == 0, result.stderr
    report_text, summary_text, _ = result.stdout.split("\n\n")  # and the legend
    report = table_rows(report_text)
    assert list(report) == ["a", "b", "c"]
    assert report["c"]["precision"] == token
    precision, recall, f1, support = precision_recall_fscore_support(
        frame["t"], frame["p"], labels=["a", "b", "c"], zero_division=value)
    for column, expected in (("precision", precision), ("recall", recall), ("f1", f1),
                             ("support", support)):
        np.testing.assert_allclose([float(report[label][column]) for label in "abc"], expected,
                                   atol=5e-7, rtol=0, equal_nan=True, err_msg=column)
    summary = dict(series_rows(summary_text)[2:])  # after the "value" and "metric" lines
    for name, average in (("PS_macro", "macro"), ("PS_weighted", "weighted")):
        assert float(summary[name]) == pytest.approx(
            precision_score(frame["t"], frame["p"], average=average, zero_division=value),
            abs=5e-7)
    warning = re.search(r"^permetrics-lite: warning: Precision is undefined", result.stderr,
                        flags=re.M)
    assert (warning is not None) == warns and (result.stderr == "") != warns, result.stderr


# --------------------------------------------------------------------------
# 6. --digits
# --------------------------------------------------------------------------


def test_report_text_with_digits_is_scikit_learn_s(grouped):
    path, frame, _ = grouped
    result = run("report", path, "--true", "y", "--pred", "p", "--weight", "w", "--format",
                 "text", "--digits", "4")
    assert result.returncode == 0, result.stderr
    assert result.stdout == classification_report(frame["y"], frame["p"],
                                                  sample_weight=frame["w"], digits=4)


# --------------------------------------------------------------------------
# 7. Usage and data errors
# --------------------------------------------------------------------------


@pytest.mark.parametrize("args, flags", [
    (["score", "{binary}", "--true", "y", "--pred", "y", "AS", "--scores", "p_ham"],
     ["--pred", "--scores"]),
    (["score", "{binary}", "--true", "y", "AS"], ["--pred", "--scores"]),
    (["report", "{multi}", "--true", "y", "--threshold", "0.3", "--scores", "ant", "bee", "cow"],
     ["--threshold", "--scores"]),
    (["score", "{grouped}", "--true", "y", "--pred", "p", "AS", "--group", "g", "--ci"],
     ["--ci", "--group"]),
], ids=plain_id)
def test_flags_that_do_not_go_together_exit_2_with_one_line(binary, multiclass, grouped, args,
                                                            flags):
    paths = {"binary": binary[0], "multi": multiclass[0], "grouped": grouped[0]}
    result = run(*[a.format(**paths) for a in args])
    assert result.returncode == USAGE_ERROR and result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"permetrics-lite {args[0]}: error: "), \
        result.stderr
    assert all(flag in lines[0] for flag in flags), lines[0]


@pytest.mark.parametrize("command, fmt", [
    ("report", "csv"), ("report", "json"), ("score", "json"), ("demo", "csv"),
], ids=plain_id)
def test_digits_with_a_format_that_keeps_every_digit_is_refused(grouped, command, fmt):
    given = {"report": [grouped[0], "--true", "y", "--pred", "p"],
             "score": [grouped[0], "--true", "y", "--pred", "p", "AS"], "demo": []}[command]
    result = run(command, *given, "--format", fmt, "--digits", "3")
    assert result.returncode == USAGE_ERROR and result.stdout == ""
    assert result.stderr == (f"permetrics-lite {command}: error: --digits rounds the numbers of "
                             f"text tables; --format {fmt} keeps every digit: drop --digits\n")


def test_negative_digits_is_refused_by_argparse(grouped):
    result = run("score", grouped[0], "--true", "y", "--pred", "p", "AS", "--digits", "-1")
    assert result.returncode == USAGE_ERROR and result.stdout == ""
    errors = [line for line in result.stderr.splitlines() if "error:" in line]
    assert errors == ["permetrics-lite score: error: argument --digits: '-1' is not a number "
                      "of digits from 0 to 15 (a float holds about 16)"], result.stderr
    assert result.stderr.splitlines()[-1] == errors[0]


@pytest.mark.parametrize("text, scores, line, column", [
    # a blank line and a quoted label: the physical line, the header being line 1
    ('y,s\na,0.1\n\nb,0.7\n"a",0.2\nb,oops\nb,0.9\n', ["s"], 6, "s"),
    ("y,a,b\na,0.1,0.9\nb,0.7,0.3\na,0.4,0.6\nb,0.8,n/a\na,0.5,0.5\n", ["a", "b"], 5, "b"),
], ids=plain_id)
def test_a_non_numeric_score_names_its_file_line_and_column(tmp_path, text, scores, line,
                                                            column):
    path = tmp_path / "scores.csv"
    path.write_text(text)
    result = run("score", path, "--true", "y", "AS", "--scores", *scores)
    assert result.returncode == DATA_ERROR and result.stdout == ""
    value = text.splitlines()[line - 1].split(",")[-1]
    assert result.stderr == (f"permetrics-lite: error: {path} line {line}: {value!r} in column "
                             f"{column!r} is not a number\n")


@pytest.mark.parametrize("encoding", ["hex", "zlib", "rot13", "no-such-codec"])
def test_an_encoding_that_is_no_text_encoding_is_refused_by_argparse(grouped, encoding):
    result = run("score", grouped[0], "--true", "y", "--pred", "p", "AS", "--encoding", encoding)
    assert result.returncode == USAGE_ERROR and result.stdout == ""
    assert result.stderr.splitlines()[-1] == (
        f"permetrics-lite score: error: argument --encoding: {encoding!r} is not a text "
        "encoding Python knows (such as utf-8, latin-1, cp1252 or utf-16)")
