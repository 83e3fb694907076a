"""Tests written for surviving mutants (.ci/mutation) of io/rendering.py: the report
by group in each format (a group's report is the report of its rows alone, over
every class, and the table by group their summaries with max - min and min / max
computed here), each format's tables against pandas' rendering of the library's,
the interval tables, the legend and the width, and the flags each format refuses.

This module imports neither polars nor DuckDB, so its cases run under mutmut
(tests/conftest.py leaves out the modules that import them)."""

import io
import json
import re
import textwrap

import pandas as pd
import pytest

from tests.helpers import run_command

ROWS = pd.DataFrame({"y": list("abcabca"), "p": list("aacbbaa"), "g": list("hhhkkkk")})
FLAGS = ["--true", "y", "--pred", "p", "--zero-division", "0"]


@pytest.fixture
def files(tmp_path):
    """The file of every row, and one of each group's rows."""
    paths = {None: tmp_path / "all.csv"}
    ROWS.to_csv(paths[None], index=False)
    for group, rows in ROWS.groupby("g"):
        paths[group] = tmp_path / f"{group}.csv"
        rows.to_csv(paths[group], index=False)
    return paths


def report(path, *arguments):
    result = run_command("report", path, *FLAGS, *arguments)
    assert result.returncode == 0, result.stderr
    return result.stdout


def test_a_json_report_by_group_holds_each_group_s_report_and_the_summaries(files):
    printed = json.loads(report(files[None], "--group", "g", "--format", "json"))
    assert list(printed) == ["groups", "by_group"]
    assert list(printed["groups"]) == ["h", "k"]
    summaries = {}
    for group in "hk":
        alone = json.loads(report(files[group], "--labels", "a", "b", "c", "--format", "json"))
        assert printed["groups"][group] == alone
        summaries[group] = {name: value for name, value in alone["summary"].items()
                            if name not in ("n_samples", "n_classes")}
    by_group = printed["by_group"]
    assert list(by_group) == ["h", "k", "difference", "ratio"]
    for name in summaries["h"]:
        h, k = summaries["h"][name], summaries["k"][name]
        assert (by_group["h"][name], by_group["k"][name]) == (h, k)
        assert by_group["difference"][name] == pytest.approx(max(h, k) - min(h, k), abs=1e-14)
        assert by_group["ratio"][name] == pytest.approx(min(h, k) / max(h, k), rel=1e-14)


@pytest.mark.parametrize("fmt, legend, extra", [
    ("table", True, []), ("markdown", True, []), ("csv", False, []), ("describe", False, []),
    ("csv", False, ["--ci", "wilson"]), ("table", True, ["--digits", "2"]),
])
def test_a_report_by_group_has_a_section_per_group_then_the_table_by_group(files, fmt, legend,
                                                                           extra):
    text = report(files[None], "--group", "g", "--format", fmt, *extra)
    sections, by_group = text.split("\nby g\n\n")
    assert sections.startswith("g = h\n\n") and "\ng = k\n\n" in sections
    for group in "hk":  # each section is the group's report alone, without a legend
        alone = report(files[group], "--labels", "a", "b", "c", "--format", fmt, *extra)
        assert alone.split("\n\nAS: ")[0].strip() in sections
    assert "AS: accuracy" not in sections
    assert ("AS: accuracy" in by_group) == legend
    assert "difference" in by_group and "ratio" in by_group


def test_a_text_report_by_group_is_scikit_learn_s_then_a_table_of_two_digits(files):
    text = report(files[None], "--group", "g", "--format", "text")
    sections, by_group = text.split("\nby g\n\n")
    assert "precision    recall  f1-score   support" in sections  # scikit-learn's report
    assert by_group.splitlines()[1].split() == ["g"]  # the index is named after the groups' column
    h = by_group.splitlines()[2].split()
    assert h[0] == "h" and h[1] == "0.67"  # AS of group h: 2 of 3, in two digits
    digits = report(files[None], "--group", "g", "--format", "text", "--digits", "3")
    assert digits.split("\nby g\n\n")[1].splitlines()[2].split()[1] == "0.667"


def test_a_csv_report_by_group_names_its_index_after_the_groups_column(files):
    by_group = report(files[None], "--group", "g", "--format", "csv").split("\nby g\n\n")[1]
    table = pd.read_csv(io.StringIO(by_group), index_col=0)
    assert table.index.name == "g"
    assert list(table.index) == ["h", "k", "difference", "ratio"]
    assert table.loc["h", "AS"] == pytest.approx(2 / 3)  # a, b, c predicted a, a, c


@pytest.mark.parametrize("fmt, digits", [
    ("table", None), ("table", 3), ("describe", None), ("describe", 4), ("text", None),
    ("text", 3), ("markdown", None), ("markdown", 3), ("html", None), ("html", 2),
])
def test_the_table_by_group_is_pandas_rendering_of_the_summaries(files, fmt, digits):
    # the summaries by group (checked against each group's rows above), rendered by pandas
    # as a plain table for describe and text (whose default is scikit-learn's 2 digits)
    values = json.loads(report(files[None], "--group", "g", "--format", "json"))["by_group"]
    frame = pd.DataFrame.from_dict(values, orient="index").rename_axis(index="g")
    places = 2 if fmt == "text" and digits is None else digits
    number = None if places is None else f"{{:.{places}f}}".format
    expected = {
        "markdown": lambda: frame.to_markdown(
            **({} if places is None else {"floatfmt": f".{places}f"})) + "\n",
        "html": lambda: frame.to_html(float_format=number) + "\n",
    }.get(fmt, lambda: frame.to_string(float_format=number, line_width=100) + "\n")()
    printed = report(files[None], "--group", "g", "--format", fmt,
                     *([] if digits is None else ["--digits", str(digits)]))
    by_group = printed.split("\nby g\n\n")[1]
    if fmt in ("table", "markdown"):  # the legend of the summary's names after it
        assert by_group.startswith(expected + "\nAS: accuracy")
    else:
        assert by_group == expected


def test_a_json_summary_with_intervals_keeps_15_digits_and_whole_counts(tmp_path):
    from statsmodels.stats.proportion import proportion_confint

    path = tmp_path / "three.csv"
    path.write_text("y,p\na,a\nb,a\nb,b\n")
    printed = json.loads(run_command("report", path, "--true", "y", "--pred", "p", "--ci",
                                     "wilson", "--format", "json").stdout)["summary"]
    low, high = proportion_confint(2, 3, alpha=0.05, method="wilson")
    assert printed["AS"]["estimate"] == pytest.approx(2 / 3, rel=1e-14)
    assert (printed["AS"]["low"], printed["AS"]["high"]) == pytest.approx((low, high), rel=1e-14)
    assert printed["n_samples"] == {"estimate": 3, "low": None, "high": None, "method": None}
    assert printed["n_classes"] == {"estimate": 2, "low": None, "high": None, "method": None}


def test_markdown_without_tabulate_says_what_to_install(files, monkeypatch):
    import sys

    monkeypatch.setitem(sys.modules, "tabulate", None)  # an import of it fails
    result = run_command("report", files[None], *FLAGS, "--format", "markdown")
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr == ("permetrics-lite report: error: --format markdown needs tabulate; "
                             "install it with: pip install 'permetrics_lite[markdown]'\n")


@pytest.fixture
def terminal(monkeypatch):
    """Output to a terminal whose size the environment gives (or the fallback's)."""
    import os

    from permetrics_lite.io import rendering

    def no_terminal(*args):
        raise OSError("not a terminal")

    monkeypatch.setattr(rendering, "_on_terminal", lambda: True)
    monkeypatch.setattr(os, "get_terminal_size", no_terminal)
    monkeypatch.delenv("LINES", raising=False)
    return monkeypatch


@pytest.mark.parametrize("columns, width", [(None, 100), ("60", 60), ("200", 200)])
def test_the_width_is_the_terminal_s_on_a_terminal(terminal, columns, width):
    from permetrics_lite.io import rendering

    if columns is None:
        terminal.delenv("COLUMNS", raising=False)
    else:
        terminal.setenv("COLUMNS", columns)
    assert rendering._width() == width


@pytest.mark.parametrize("columns, width", [("30", 40), ("60", 60), ("100", 100)])
def test_the_legend_is_wrapped_at_the_terminal_s_width_and_40_at_least(files, terminal, columns,
                                                                     width):
    terminal.setenv("COLUMNS", columns)
    text = report(files[None], "--format", "table")
    legend = text.split("\n\n")[-1].splitlines()
    assert legend[0].startswith("AS: accuracy")
    assert legend == textwrap.wrap(" ".join(legend), width)  # each line filled up to the width


def test_a_bootstrap_by_group_shows_its_seed_after_the_table_by_group(files):
    text = report(files[None], "--group", "g", "--ci", "bootstrap", "--resamples", "20",
                  "--seed", "7")
    by_group = text.split("\nby g\n\n")[1]
    assert by_group.endswith("\nThe bootstrap intervals use --seed 7: give it to repeat them.\n")
    assert by_group.count("--seed 7") == 1


PAIRS = "y,p\na,a\nb,a\nc,c\na,a\nb,b\nc,b\n"  # predicted a: 2 of 3 right, b: 1 of 2, c: 1 of 1


def test_a_per_class_interval_table_has_a_row_per_label_in_its_digits(tmp_path):
    from statsmodels.stats.proportion import proportion_confint

    path = tmp_path / "pairs.csv"
    path.write_text(PAIRS)
    result = run_command("score", path, "PS", "--average", "none", "--true", "y", "--pred", "p",
                         "--ci", "wilson", "--digits", "3")
    assert result.returncode == 0, result.stderr
    lines = [line.split() for line in result.stdout.splitlines()]
    assert lines[0] == ["estimate", "low", "high", "method"]
    expected = []
    for label, (right, predicted) in zip("abc", [(2, 3), (1, 2), (1, 1)]):
        low, high = proportion_confint(right, predicted, alpha=0.05, method="wilson")
        expected.append([f"PS[{label}]", *(f"{v:.3f}" for v in (right / predicted, low, high)),
                         "wilson"])
    assert lines[1:] == expected


def test_a_matrix_interval_has_a_row_per_true_class_as_in_json(tmp_path):
    from sklearn.metrics import confusion_matrix

    path = tmp_path / "pairs.csv"
    path.write_text(PAIRS)
    flags = ["score", path, "CM", "--true", "y", "--pred", "p", "--ci", "bootstrap", "--seed",
             "1", "--resamples", "50"]
    table, printed = run_command(*flags), run_command(*flags, "--format", "json")
    assert table.returncode == 0 and printed.returncode == 0, table.stderr + printed.stderr
    interval = json.loads(printed.stdout)["CM"]
    frame = pd.read_csv(io.StringIO(PAIRS))
    assert interval["estimate"] == confusion_matrix(frame["y"], frame["p"]).tolist()
    assert interval["method"] == "bootstrap" and interval["seed"] == 1
    rows = table.stdout.split("\n\n")[0].splitlines()
    assert rows[0].split() == ["estimate", "low", "high", "method"]
    for line, label, i in zip(rows[1:], "abc", range(3)):
        assert line.startswith(f"CM[{label}] ") and line.endswith(" bootstrap")
        cells = [json.loads(cell) for cell in re.findall(r"\[[^]]*\]", line[len("CM[a]"):])]
        assert cells == [pytest.approx(interval[field][i], rel=1e-3)  # pandas' printing
                         for field in ("estimate", "low", "high")]
    assert len(rows) == 4
    assert table.stdout.endswith("\nThe bootstrap intervals use --seed 1: give it to repeat "
                                 "them.\n")


def test_a_per_class_bootstrap_in_json_gives_its_seed(tmp_path):
    path = tmp_path / "pairs.csv"
    path.write_text(PAIRS)
    printed = json.loads(run_command("score", path, "PS", "AS", "--average", "none", "--true",
                                     "y", "--pred", "p", "--ci", "bootstrap", "--seed", "3",
                                     "--resamples", "20", "--zero-division", "0",
                                     "--format", "json").stdout)
    assert list(printed["PS"]) == ["estimate", "low", "high", "method", "seed"]
    assert printed["PS"]["method"] == {"a": "bootstrap", "b": "bootstrap", "c": "bootstrap"}
    assert printed["PS"]["seed"] == 3 and printed["AS"]["seed"] == 3


@pytest.mark.parametrize("fmt", ["table", "markdown", "html"])
def test_a_report_s_tables_are_the_library_s_in_the_given_digits(files, fmt):
    from permetrics_lite import ClassificationMetric

    cm = ClassificationMetric(ROWS["y"].to_numpy(), ROWS["p"].to_numpy())
    number = "{:.3f}".format
    render = {"table": lambda t: t.to_string(float_format=number, line_width=100) + "\n",
              "markdown": lambda t: t.to_markdown(floatfmt=".3f") + "\n",
              "html": lambda t: t.to_html(float_format=number) + "\n"}[fmt]
    expected = (f"{render(cm.report(zero_division=0))}\n"
                f"{render(cm.summary(zero_division=0))}")
    printed = report(files[None], "--format", fmt, "--digits", "3")
    assert printed.startswith(expected)
    legend = printed[len(expected):]
    if fmt == "html":  # the tables alone
        assert legend == ""
    else:
        assert legend.startswith("\nAS: accuracy")


@pytest.mark.parametrize("flags", [["--ci"], ["--resamples", "50"], ["--seed", "3"]],
                         ids=["ci", "resamples", "seed"])
def test_the_description_refuses_each_flag_of_other_intervals(files, flags):
    result = run_command("report", files[None], *FLAGS, "--format", "describe", *flags)
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr == (
        "permetrics-lite report: error: --format describe shows intervals of its own (accuracy, "
        "balanced accuracy, kappa, ROC AUC), whose level --confidence sets; for --ci, "
        "--resamples or --seed choose --format table\n")


def test_json_is_printed_with_an_indent_of_two(files):
    result = run_command("score", files[None], "AS", "--true", "y", "--pred", "p", "--format",
                         "json")
    assert result.stdout == '{\n  "AS": 0.5714285714285714\n}\n'  # 4 of 7 right


def test_an_interval_table_shows_the_seed_only_when_a_row_was_resampled(tmp_path):
    path = tmp_path / "pairs.csv"
    path.write_text(PAIRS)
    flags = ["--true", "y", "--pred", "p", "--ci", "auto", "--seed", "3", "--resamples", "20"]
    exact = run_command("score", path, "AS", *flags)  # Clopper-Pearson's interval draws nothing
    assert exact.returncode == 0, exact.stderr
    assert exact.stdout.splitlines()[1].split()[-1] == "clopper-pearson"
    assert "--seed" not in exact.stdout
    drawn = run_command("score", path, "AS", "MCC", *flags)
    assert drawn.stdout.endswith("\nThe bootstrap intervals use --seed 3: give it to repeat "
                                 "them.\n")


def test_the_width_is_100_when_the_output_is_no_terminal(monkeypatch):
    from permetrics_lite.io import rendering

    monkeypatch.setattr(rendering, "_on_terminal", lambda: False)
    monkeypatch.setenv("COLUMNS", "60")  # a terminal's width, exported: not the output's
    assert rendering._width() == 100


@pytest.mark.parametrize("flags", [["--confidence", "0.9"], ["--resamples", "50"],
                                   ["--seed", "3"]], ids=["confidence", "resamples", "seed"])
def test_each_flag_of_intervals_without_ci_is_refused(files, flags):
    result = run_command("report", files[None], *FLAGS, "--format", "table", *flags)
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr == (f"permetrics-lite report: error: {flags[0]} applies to intervals; "
                             "add --ci [METHOD]\n")


def test_a_report_whose_intervals_resample_nothing_shows_no_seed(tmp_path):
    # counted pairs of weighted rows keep no samples to resample: every interval is
    # empty, and no seed was used
    path = tmp_path / "weighted.csv"
    path.write_text("y,p,w\na,a,1\nb,a,2\nb,b,1\na,b,1\n")
    result = run_command("report", path, "--true", "y", "--pred", "p", "--weight", "w", "--ci",
                         "auto", "--seed", "5", "--zero-division", "0", "--format", "table")
    assert result.returncode == 0, result.stderr
    summary = json.loads(run_command("report", path, "--true", "y", "--pred", "p", "--weight",
                                     "w", "--ci", "auto", "--seed", "5", "--zero-division",
                                     "0", "--format", "json").stdout)["summary"]
    assert {row["method"] for row in summary.values()} == {None}
    assert "--seed" not in result.stdout
