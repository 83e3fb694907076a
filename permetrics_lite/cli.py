"""The ``permetrics-lite`` command: evaluate a file of labels from the shell.

``report`` prints the per-class report and the summary (or, with ``--format
text``, scikit-learn's classification report), ``score`` the named metrics,
``demo`` the report of the bundled demo set. Every problem with the input (a
missing file or column, an unreadable file, any error of the constructor) is one
line on stderr and exit status 2; success is 0.
"""

import argparse
import csv
import io
import json
import sys
import warnings
from pathlib import Path

import numpy as np
import pandas as pd

from . import __version__, _intervals, _registry, _validation
from .classification import AVERAGES, ClassificationMetric
from .datasets import load_demo

EXIT_ERROR = 2
REPORT_FORMATS = ("table", "csv", "json", "markdown", "html", "text")
SCORE_FORMATS = ("table", "json")
PARQUET_SUFFIXES = (".parquet", ".pq")
ZERO_DIVISION = {"warn": "warn", "0": 0.0, "1": 1.0, "nan": np.nan}
_SNIFF_BYTES = 64 * 1024


class CommandError(Exception):
    """A problem with what the user asked for: reported as one line, exit status 2."""


# --------------------------------------------------------------------------
# Reading the file
# --------------------------------------------------------------------------


def read_columns(path, columns, sep=None):
    """The named columns of a CSV or Parquet file (``-`` reads CSV from stdin)."""
    columns = list(dict.fromkeys(columns))  # one column may serve two roles
    if path != "-" and not Path(path).is_file():
        raise CommandError(f"cannot read {path}: no such file")
    if path != "-" and Path(path).suffix.lower() in PARQUET_SUFFIXES:
        return _read_parquet(path, columns)
    raw = sys.stdin.buffer.read() if path == "-" else Path(path).read_bytes()
    sep = sep or _sniff_delimiter(raw[:_SNIFF_BYTES])
    header = pd.read_csv(io.BytesIO(raw), sep=sep, nrows=0).columns
    _check_columns(path, columns, header)
    return pd.read_csv(io.BytesIO(raw), sep=sep, usecols=columns)[columns]


def _sniff_delimiter(sample):
    """The delimiter of a CSV sample (as pandas' sep=None), then read by the fast C parser."""
    try:
        text = sample.decode("utf-8", errors="replace")
        return csv.Sniffer().sniff(text, delimiters=",;\t|").delimiter
    except csv.Error:  # one column, or no clear pattern: pandas' default
        return ","


def _read_parquet(path, columns):
    try:
        import pyarrow  # noqa: F401 - pandas needs it for Parquet
    except ImportError:
        raise CommandError(
            "reading Parquet needs pyarrow; install it with: pip install 'permetrics_lite[parquet]'"
        ) from None
    import pyarrow.parquet as pq

    _check_columns(path, columns, pq.read_schema(path).names)
    return pd.read_parquet(path, columns=columns)


def _check_columns(path, wanted, found):
    for name in wanted:
        if name not in found:
            close = [c for c in map(str, found) if c.lower() == name.lower()]
            hint = f" Did you mean {close[0]!r}?" if close else ""
            raise CommandError(
                f"{path} has no column {name!r}; its columns are {list(map(str, found))}.{hint}"
            )


def _parse_labels(values, column, option):
    """Labels typed on the command line, as the type of the file's label column."""
    if values is None:
        return None
    kind = column.dtype.kind
    try:
        if kind == "b":
            return [{"true": True, "false": False}[v.lower()] for v in values]
        if kind in "iuf":
            return pd.to_numeric(pd.Series(values)).tolist()
    except (KeyError, ValueError):
        raise CommandError(
            f"{option} {' '.join(values)}: the label column holds "
            f"{'booleans' if kind == 'b' else 'numbers'}; give labels of that kind"
        ) from None
    return list(values)


# --------------------------------------------------------------------------
# Commands
# --------------------------------------------------------------------------


def _evaluate(args, data=None):
    """Read the file (unless ``data`` is given) and build the evaluation."""
    columns = [args.true, args.pred] + ([args.weight] if args.weight else [])
    if data is None:
        data = read_columns(args.file, columns, args.sep)
    true = data[args.true]
    options = {}
    if getattr(args, "average", None) is not None:
        options["average"] = None if args.average == "none" else args.average
    if getattr(args, "pos_label", None) is not None:
        options["pos_label"] = _parse_labels([args.pos_label], true, "--pos-label")[0]
    if getattr(args, "zero_division", None) is not None:
        options["zero_division"] = ZERO_DIVISION[args.zero_division]
    return ClassificationMetric(
        true.to_numpy(), data[args.pred].to_numpy(),
        labels=_parse_labels(args.labels, true, "--labels"),
        sample_weight=data[args.weight].to_numpy() if args.weight else None,
        **options,
    )


def _interval_options(args):
    """The interval options of ``--ci`` and its companions, {} without ``--ci``."""
    if getattr(args, "ci", None) is None:
        for flag in ("confidence", "resamples", "seed"):
            if getattr(args, flag, None) is not None:
                raise CommandError(f"--{flag} applies to intervals; add --ci [METHOD]")
        return {}
    options = {"ci": args.ci}
    if args.confidence is not None:
        options["confidence"] = args.confidence
    if args.resamples is not None:
        options["n_resamples"] = args.resamples
    if args.seed is not None:
        options["random_state"] = args.seed
    return options


def render_report(cm, fmt, intervals=None):
    """The per-class report and the summary in one of REPORT_FORMATS (``text``:
    scikit-learn's classification report instead); ``intervals``: the options of
    their interval columns."""
    intervals = intervals or {}
    if fmt == "text":
        if intervals:
            raise CommandError(
                "--format text prints scikit-learn's classification report, which has no "
                "intervals; drop --ci or choose another format"
            )
        return cm.classification_report()
    report = cm.report(**intervals)
    summary = cm.summary(**intervals).rename_axis("metric")  # with intervals, a frame
    frame = summary.to_frame() if isinstance(summary, pd.Series) else summary
    if fmt == "table":
        return f"{report.to_string()}\n\n{summary.to_string()}\n"
    if fmt == "csv":
        return f"{report.to_csv()}\n{summary.to_csv()}"
    if fmt == "json":
        orient = "index" if isinstance(summary, pd.DataFrame) else None
        return json.dumps({
            "report": json.loads(report.to_json(orient="index", double_precision=15)),
            "summary": json.loads(summary.to_json(double_precision=15, orient=orient)),
        }, indent=2) + "\n"
    if fmt == "markdown":
        try:
            return f"{report.to_markdown()}\n\n{frame.to_markdown()}\n"
        except ImportError:
            raise CommandError(
                "--format markdown needs tabulate; install it with: "
                "pip install 'permetrics_lite[markdown]'"
            ) from None
    return f"{report.to_html()}\n{frame.to_html()}\n"


def render_scores(scores, fmt):
    """Named metric values as an aligned table or JSON."""
    if fmt == "json":
        return json.dumps({name: _jsonable(value) for name, value in scores.items()},
                          indent=2) + "\n"
    rows = {}
    for name, value in scores.items():
        if isinstance(value, dict):  # per class: one row per label
            rows.update({f"{name}[{label}]": v for label, v in value.items()})
        elif isinstance(value, np.ndarray):
            rows[name] = value.tolist()
        else:
            rows[name] = value
    return pd.Series(rows, dtype=object).to_string() + "\n"


def _jsonable(value):
    if isinstance(value, dict):
        return {str(label): v for label, v in value.items()}
    if isinstance(value, np.ndarray):
        return value.tolist()
    return value


def run_report(args):
    intervals = _interval_options(args)
    return render_report(_evaluate(args), args.format, intervals)


def run_score(args):
    intervals = _interval_options(args)
    cm = _evaluate(args)
    if not intervals:
        return render_scores(cm.get_metrics_by_list_names(args.metrics), args.format)
    options = dict(intervals, method=intervals.pop("ci"))
    try:
        found = {name: cm.confidence_interval(name, **options) for name in args.metrics}
    except _validation.MethodNotApplicable as error:
        raise CommandError(f"--ci {options['method']}: {error}") from None
    return render_intervals(cm, found, args.format)


def render_intervals(cm, intervals, fmt):
    """Each metric's estimate and bounds: a table (per-class metrics one row per
    label) or JSON."""
    labels = cm.labels.tolist()
    if fmt == "json":
        return json.dumps({name: {field: _per_label(labels, value)
                                  for field, value in interval._asdict().items()}
                           for name, interval in intervals.items()}, indent=2) + "\n"
    rows = {}
    for name, interval in intervals.items():
        if np.ndim(interval.estimate):
            for i, label in enumerate(labels):
                rows[f"{name}[{label}]"] = [field[i] for field in interval]
        else:
            rows[name] = list(interval)
    return pd.DataFrame.from_dict(rows, orient="index",
                                  columns=list(_intervals.ConfidenceInterval._fields)
                                  ).to_string() + "\n"


def _per_label(labels, value):
    if np.ndim(value):
        return {str(label): float(v) for label, v in zip(labels, value)}
    return value


def run_demo(args):
    args.true, args.pred, args.weight, args.labels = "true", "pred", None, None
    return render_report(_evaluate(args, data=load_demo()), args.format, _interval_options(args))


# --------------------------------------------------------------------------
# Command line
# --------------------------------------------------------------------------


def build_parser():
    parser = argparse.ArgumentParser(
        prog="permetrics-lite",
        description="Evaluate class predictions stored in a CSV or Parquet file.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    report = commands.add_parser("report", help="per-class report and summary of a file")
    _add_input_arguments(report)
    _add_interval_arguments(report)
    _add_output_arguments(report, REPORT_FORMATS)
    report.set_defaults(run=run_report)

    score = commands.add_parser("score", help="named metrics of a file")
    _add_input_arguments(score)
    metrics = ", ".join(m.alias for m in _registry.METRICS)  # a file holds labels, not scores
    score.add_argument("metrics", nargs="+", metavar="METRIC",
                       help=f"short or long metric names: {metrics}")
    score.add_argument("--average", choices=[str(a).lower() for a in AVERAGES],
                       help="default average of the metrics that take one")
    score.add_argument("--pos-label", help="positive class of average=binary")
    score.add_argument("--zero-division", choices=list(ZERO_DIVISION),
                       help="value of 0/0 results (default: warn, giving 0.0)")
    _add_interval_arguments(score)
    _add_output_arguments(score, SCORE_FORMATS)
    score.set_defaults(run=run_score)

    demo = commands.add_parser("demo", help="the report of the bundled support-ticket data")
    _add_interval_arguments(demo)
    _add_output_arguments(demo, REPORT_FORMATS)
    demo.set_defaults(run=run_demo)
    return parser


def _add_input_arguments(parser):
    parser.add_argument("file", metavar="FILE", help="CSV or Parquet file; - reads CSV from stdin")
    parser.add_argument("--true", required=True, metavar="COL", help="column of true labels")
    parser.add_argument("--pred", required=True, metavar="COL", help="column of predicted labels")
    parser.add_argument("--weight", metavar="COL", help="column of sample weights")
    parser.add_argument("--labels", nargs="+", metavar="LABEL",
                        help="the classes and their order (may add absent classes)")
    parser.add_argument("--sep", help="CSV delimiter (default: sniffed from the file)")


def _add_interval_arguments(parser):
    parser.add_argument("--ci", nargs="?", const="wilson", choices=_intervals.METHODS,
                        metavar="METHOD",
                        help="add confidence intervals: " + ", ".join(_intervals.METHODS)
                        + " (default with no METHOD: wilson)")
    parser.add_argument("--confidence", type=float, metavar="LEVEL",
                        help="confidence level of --ci, between 0 and 1 (default: 0.95)")
    parser.add_argument("--resamples", type=int, metavar="N",
                        help="bootstrap resamples of --ci bootstrap or bca (default: 9999)")
    parser.add_argument("--seed", type=int, metavar="N",
                        help="random seed of --ci bootstrap or bca, for reproducible bounds")


def _add_output_arguments(parser, formats):
    parser.add_argument("--format", choices=formats, default="table", help="output format")
    parser.add_argument("--output", metavar="PATH", help="write to this file instead of stdout")


def main(argv=None):
    """Run the command line; return the exit status.

    Examples
    --------
    >>> from permetrics_lite.cli import main
    >>> main(["score", "missing.csv", "--true", "y", "--pred", "p", "AS"])
    2
    """
    args = build_parser().parse_args(argv)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            text = args.run(args)
            if args.output:
                Path(args.output).write_text(text, encoding="utf-8")
            else:
                sys.stdout.write(text)
        except (CommandError, ValueError, TypeError, OSError, MemoryError) as error:
            print(f"permetrics-lite: error: {_one_line(error)}", file=sys.stderr)
            return EXIT_ERROR
    for message in dict.fromkeys(str(w.message) for w in caught):
        print(f"permetrics-lite: warning: {_one_line(message)}", file=sys.stderr)
    return 0


def _one_line(error):
    return " ".join(str(error).split())
