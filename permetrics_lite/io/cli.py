"""The ``permetrics-lite`` command: evaluate a file of labels from the shell.

``report`` prints the per-class report and the summary (or, with ``--format
text``, scikit-learn's classification report), ``score`` the named metrics,
``demo`` the report of the bundled demo set. This module parses the command
and runs it: the input is read in chunks (``io.reading``) and each chunk tallied
and added to the total (``io.tallying``), so memory stays bounded whatever the
file's size; the results are rendered in the format asked for
(``io.rendering``). Exit status: 0 success, 1 a problem with the data or the
evaluation, 2 a usage error; every problem is one line on stderr.
"""

import argparse
import codecs
import itertools
import json
import sys
import warnings
from pathlib import Path

import numpy as np
import pandas as pd

from .. import __version__
from . import flags as _flags, reading as _reading, rendering as _rendering, tallying as _tallying
from ..metrics import registry as _registry
from ..stats import intervals as _intervals
from ..stats.groups import GroupedEvaluation
from .reading import DataError, shown
from ..classification import AVERAGES, ClassificationMetric
from ..datasets import load_demo

EXIT_DATA = 1
EXIT_USAGE = 2
REPORT_FORMATS = ("describe", "table", "csv", "json", "markdown", "html", "text")
SCORE_FORMATS = ("table", "json")


# --------------------------------------------------------------------------
# Commands
# --------------------------------------------------------------------------


def _run_report(args):
    fmt = _rendering.output_format(args)
    intervals = _rendering.interval_options(args, fmt)
    with _tallying.evaluated(args) as (source, evaluation, records):
        if isinstance(evaluation, GroupedEvaluation):
            return _tallying.checked(args, source, lambda: _rendering.render_grouped(
                evaluation, args.group, fmt, intervals, args.digits,
                lambda message: _flags.in_flags(message, args)))
        return _tallying.checked(args, source, lambda: _rendering.render_report(
            evaluation, fmt, intervals, args.digits), records)


def _run_score(args):
    _rendering.output_format(args)  # --digits checked against --format
    intervals = _rendering.interval_options(args)
    metrics = _metric_parameters(args)
    if intervals and args.group:
        raise _flags.UsageError("--ci with --group: intervals are printed by group with report, "
                         "not score")
    with _tallying.evaluated(args) as (source, evaluation, records):
        if isinstance(evaluation, GroupedEvaluation):
            frame = _rendering.with_spread(_by_group(args, source, evaluation, metrics, records))
            return json.loads(frame.to_json(orient="index", double_precision=15)) \
                if args.format == "json" else _rendering.as_table(frame, "table", args.digits)
        return _tallying.checked(args, source,
                                 lambda: _scores_of(args, evaluation, metrics, intervals), records)


def _by_group(args, source, grouped, metrics, records):
    """The metrics by group, a group at a time, so that a row a group's error names is
    its line (``records``: each group's records, or None)."""
    return pd.concat([_tallying.checked(
        args, source, lambda: GroupedEvaluation({key: group}, None, [args.group]).frame(metrics),
        None if records is None else records[key]) for key, group in grouped.items()])


def _scores_of(args, evaluation, metrics, intervals):
    """The named metrics of an evaluation, rendered."""
    if not intervals:
        return _rendering.render_scores(evaluation.get_metrics_by_dict(metrics), evaluation,
                             args.format, args.digits)
    options = dict(intervals, method=intervals.pop("ci"))
    found = {name: evaluation.confidence_interval(name, **options, **parameters)
             for name, parameters in metrics.items()}
    return _rendering.render_intervals(evaluation, found, args.format, args.digits,
                             options.get("random_state"))


def _metric_parameters(args):
    """Each named metric with its parameters: ``--beta`` for the F-beta score."""
    names = list(dict.fromkeys(args.metrics))
    try:
        metrics = {name: _registry.lookup(name) for name in names}
    except ValueError as error:  # before a large file is read
        raise _flags.UsageError(_flags.in_flags(error, args)) from None
    of_scores = [name for name, metric in metrics.items() if metric.kind == _registry.SCORE]
    if of_scores and not args.scores:
        raise _flags.UsageError(f"{of_scores[0]} is a metric of scores: give the scores with "
                         "--scores COL [COL ...] instead of --pred")
    if args.beta is None:
        return {name: {} for name in names}
    takes_beta = [name for name in names if metrics[name].alias == "FBS"]
    if not takes_beta:
        raise _flags.UsageError("--beta applies to FBS (fbeta_score); name it among the metrics")
    return {name: {"beta": args.beta} if name in takes_beta else {} for name in names}


def _taken_metrics(arguments):
    """The words of a command line without a METRIC: a flag of several values may have
    taken the metric names as its own (``--scores p AUC``)."""
    names = {*_registry.SUPPORT, *(metric.name for metric in _registry.ALL_METRICS)}
    for flag in ("--scores", "--labels"):
        if flag not in arguments:
            continue
        values = list(itertools.takewhile(lambda a: not a.startswith("-"),
                                          arguments[arguments.index(flag) + 1:]))
        taken = [value for value in values if value in names]
        if taken:
            return (f"no METRIC: {flag} took {', '.join(map(shown, taken))} as its own "
                    f"values; put the metric names before {flag}")
    return None


class _CommandParser(argparse.ArgumentParser):
    """A subcommand's parser: a missing METRIC that a flag took is said in words."""

    def parse_known_args(self, args=None, namespace=None):
        self._arguments = list(sys.argv[1:] if args is None else args)
        return super().parse_known_args(args, namespace)

    def error(self, message):
        if "required: METRIC" in message:
            message = _taken_metrics(getattr(self, "_arguments", [])) or message
        super().error(message)


def _run_demo(args):
    tickets = load_demo()
    args.true, args.pred = "true", "pred"
    evaluation = ClassificationMetric(tickets["true"].to_numpy(), tickets["pred"].to_numpy())
    fmt = _rendering.output_format(args)
    return _rendering.render_report(evaluation, fmt, _rendering.interval_options(args, fmt), args.digits)


# --------------------------------------------------------------------------
# Command line
# --------------------------------------------------------------------------


def build_parser():
    """The ``argparse`` parser of the ``permetrics-lite`` command and its subcommands.

    Examples
    --------
    >>> from permetrics_lite.io.cli import build_parser
    >>> args = build_parser().parse_args(["score", "data.csv", "--true", "y", "AS"])
    >>> args.command, args.true, args.metrics
    ('score', 'y', ['AS'])
    """
    parser = argparse.ArgumentParser(
        prog="permetrics-lite",
        description="Evaluate class predictions stored in a CSV or Parquet file.",
        epilog="Exit status: 0 success, 1 a problem with the data or the evaluation, "
               "2 a usage error.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND",
                                     parser_class=_CommandParser)

    report = commands.add_parser("report", help="per-class report and summary of a file")
    _add_input_arguments(report)
    report.add_argument("--pos-label", help="positive class of binary scores and averages")
    _add_zero_division(report)
    _add_interval_arguments(report)
    _add_output_arguments(report, REPORT_FORMATS)
    report.set_defaults(run=_run_report)

    score = commands.add_parser("score", help="named metrics of a file")
    _add_input_arguments(score)
    metrics = ", ".join(m.alias for m in _registry.ALL_METRICS)
    score.add_argument("metrics", nargs="+", metavar="METRIC",
                       help=f"short or long metric names: {metrics}")
    score.add_argument("--average", choices=[str(a).lower() for a in AVERAGES],
                       help="default average of the metrics that take one")
    score.add_argument("--pos-label", help="positive class of average=binary and of one "
                                           "--scores column")
    _add_zero_division(score)
    score.add_argument("--beta", type=_positive_number, help="beta of FBS (fbeta_score)")
    _add_interval_arguments(score)
    _add_output_arguments(score, SCORE_FORMATS)
    score.set_defaults(run=_run_score)

    demo = commands.add_parser("demo", help="the report of the bundled support-ticket data")
    _add_interval_arguments(demo)
    _add_output_arguments(demo, REPORT_FORMATS)
    demo.set_defaults(run=_run_demo)
    return parser


def _add_input_arguments(parser):
    parser.add_argument("file", metavar="FILE",
                        help="CSV or Parquet file, maybe compressed (.gz .bz2 .xz .zst .zip); "
                             "- reads standard input")
    parser.add_argument("--true", required=True, metavar="COL", help="column of true labels")
    parser.add_argument("--pred", metavar="COL", help="column of predicted labels")
    parser.add_argument("--scores", nargs="+", metavar="COL",
                        help="columns of scores instead of --pred: one (the scores of "
                             "--pos-label) or one per class, named by the class")
    parser.add_argument("--threshold", type=_finite,
                        help="one --scores column: the lowest score predicted positive "
                             "(default: 0.5)")
    parser.add_argument("--score-decimals", type=_digits, metavar="N",
                        help="round --scores to N decimals as they are read: memory holds the "
                             "distinct rounded scores; the metrics are those of the rounded "
                             "scores (an AUC counts pairs the rounding ties as half right)")
    parser.add_argument("--weight", metavar="COL", help="column of sample weights")
    parser.add_argument("--group", metavar="COL",
                        help="column of groups: the tables by group, their difference and ratio")
    parser.add_argument("--labels", nargs="+", metavar="LABEL",
                        help="the classes and their order (may add absent classes)")
    parser.add_argument("--input-format", choices=_reading.FORMATS,
                        help="format of the input (default: from its name or first bytes)")
    parser.add_argument("--sep", type=_separator,
                        help="CSV delimiter, one character (default: sniffed from the file)")
    parser.add_argument("--encoding", type=_encoding, default="utf-8",
                        help="CSV encoding (default: utf-8)")
    parser.add_argument("--quiet", action="store_true",
                        help="no progress line on a terminal")


def _add_zero_division(parser):
    parser.add_argument("--zero-division", choices=list(_flags.ZERO_DIVISION),
                        help="value of 0/0 results (default: warn, giving 0.0)")


def _add_interval_arguments(parser):
    parser.add_argument("--ci", nargs="?", const=_intervals.AUTO,
                        choices=(_intervals.AUTO, *_intervals.METHODS), metavar="METHOD",
                        help="add confidence intervals: auto, " + ", ".join(_intervals.METHODS)
                        + " (default with no METHOD: auto, for each metric a method that "
                          "applies to it)")
    parser.add_argument("--confidence", type=_fraction, metavar="LEVEL",
                        help="confidence level of --ci, between 0 and 1 (default: 0.95)")
    parser.add_argument("--resamples", type=_count, metavar="N",
                        help="bootstrap resamples of --ci bootstrap or bca (default: 9999)")
    parser.add_argument("--seed", type=int, metavar="N",
                        help="random seed of --ci auto, bootstrap or bca, for reproducible "
                             "bounds (default: a fresh seed, shown with the output)")


def _add_output_arguments(parser, formats):
    parser.add_argument("--format", choices=formats, default=None if "describe" in formats
                        else formats[0], help="output format (default: " + ("describe on a terminal without "
                             "--ci, else table)" if "describe" in formats else "table)"))
    parser.add_argument("--digits", type=_shown_digits, metavar="N",
                        help="digits after the point in text tables (csv and json keep every "
                        "digit, and refuse it)")
    parser.add_argument("--output", metavar="PATH", help="write to this file instead of stdout")


def _checked_type(name, convert, valid, expected):
    """An argparse type: ``convert`` the text, refused unless ``valid``."""
    def parse(text):
        try:
            value = convert(text)
        except (ValueError, LookupError):
            value = None
        if value is None or not valid(value):
            raise argparse.ArgumentTypeError(f"{shown(text)} is not {expected}")
        return value
    parse.__name__ = name
    return parse


_digits = _checked_type("digits", int, lambda n: n >= 0, "a number of digits (0 or more)")
_shown_digits = _checked_type("digits", int, lambda n: 0 <= n <= 15,
                              "a number of digits from 0 to 15 (a float holds about 16)")
_fraction = _checked_type("level", float, lambda x: 0 < x < 1,
                          "a confidence level between 0 and 1 (exclusive)")
_count = _checked_type("count", int, lambda n: n >= 1, "a positive whole number")
_positive_number = _checked_type("number", float, lambda x: 0 < x < np.inf, "a positive number")
_finite = _checked_type("number", float, np.isfinite, "a finite number")


def _text_codec(name):
    """The codec's own name; decoding a byte refuses the codecs of bytes (hex, zlib)."""
    b"0".decode(name, "ignore")
    return codecs.lookup(name).name


_encoding = _checked_type("encoding", _text_codec, bool, "a text encoding Python knows (such "
                          "as utf-8, latin-1, cp1252 or utf-16)")
_separator = _checked_type("separator", lambda text: {"\\t": "\t", "tab": "\t"}.get(text, text),
                           lambda sep: len(sep) == 1,
                           "one character (write a tab as '\\t' or tab)")


def _check_output(output):
    """``--output PATH`` names a file whose directory exists (a usage error else)."""
    if output is None:
        return
    if not output:
        raise _flags.UsageError("--output needs the name of a file")
    path = Path(output)
    if path.is_dir():
        raise _flags.UsageError(f"--output {output!r} is a directory; name a file in it")
    if not path.parent.is_dir():
        raise _flags.UsageError(f"--output {output!r}: there is no directory {str(path.parent)!r}; "
                         "create it or name another")


def _write(output, text):
    try:
        Path(output).write_text(text, encoding="utf-8")
    except OSError as error:
        raise DataError(f"--output {output!r}: cannot write it: "
                        f"{error.strerror or error}") from None


def main(argv=None):
    """Run the command line; return the exit status (0 success, 1 a problem with
    the data or the evaluation, 2 a usage error).

    Examples
    --------
    >>> from permetrics_lite.io.cli import main
    >>> main(["score", "missing.csv", "--true", "y", "--pred", "p", "AS"])
    1
    """
    args = build_parser().parse_args(argv)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            _check_output(args.output)  # before a long read
            text = _rendering.as_text(args.run(args))
            if args.output:
                _write(args.output, text)
            else:
                sys.stdout.write(text)
        except _flags.UsageError as error:
            print(f"permetrics-lite {args.command}: error: {_reading.one_line(error)}",
                  file=sys.stderr)
            return EXIT_USAGE
        except (DataError, OSError, MemoryError) as error:
            print(f"permetrics-lite: error: {_reading.one_line(error)}", file=sys.stderr)
            return EXIT_DATA
        except (ValueError, TypeError) as error:
            print(f"permetrics-lite: error: {_flags.in_flags(error, args)}", file=sys.stderr)
            return EXIT_DATA
    for message in dict.fromkeys(_flags.in_flags(w.message, args) for w in caught):
        print(f"permetrics-lite: warning: {message}", file=sys.stderr)
    return 0


