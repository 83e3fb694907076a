"""The ``permetrics-lite`` command: evaluate a file of labels from the shell.

``report`` prints the per-class report and the summary (or, with ``--format
text``, scikit-learn's classification report), ``score`` the named metrics,
``demo`` the report of the bundled demo set. Input is read in chunks
(``io.reading``), each chunk tallied and added to the total, so memory stays
bounded whatever the file's size; scores are added up as the counts of their
distinct values (``from_counts``) or their rankings (``from_batches``). Exit
status: 0 success, 1 a problem with the data or the evaluation, 2 a usage
error; every problem is one line on stderr.
"""

import argparse
import codecs
import collections
import contextlib
import functools
import itertools
import json
import re
import shutil
import sys
import textwrap
import warnings
from pathlib import Path

import numpy as np
import pandas as pd

from .. import __version__, validation as _validation
from ..core import sums as _sums
from . import flags as _flags, reading as _reading
from ..metrics import registry as _registry
from ..stats import description as _description, intervals as _intervals
from ..stats.groups import GroupedEvaluation
from ..core.options import NOT_GIVEN
from .progress import Progress
from .reading import DataError, shown
from ..classification import AVERAGES, ClassificationMetric
from ..datasets import load_demo

EXIT_DATA = 1
EXIT_USAGE = 2
REPORT_FORMATS = ("describe", "table", "csv", "json", "markdown", "html", "text")
SCORE_FORMATS = ("table", "json")
ZERO_DIVISION = {"warn": "warn", "0": 0.0, "1": 1.0, "nan": np.nan}
_COUNT_ROWS = ("n_samples", "n_classes")  # the summary's rows that are no metric
WIDTH = 100  # the width of output that does not go to a terminal
GROUP_ROWS = ("difference", "ratio")  # after the groups: max - min and min / max


class _UsageError(Exception):
    """Flags that do not go together: one line, exit status 2."""


# --------------------------------------------------------------------------
# Evaluating the input
# --------------------------------------------------------------------------


def _columns(args):
    if args.scores and args.pred:
        raise _UsageError("give --pred or --scores, not both: scores predict the class "
                         "(--threshold for one column)")
    if not args.scores and not args.pred:
        raise _UsageError("give the predictions: --pred COL, or --scores COL [COL ...]")
    if args.threshold is not None and len(args.scores or ()) != 1:
        raise _UsageError("--threshold applies to one --scores column")
    if args.score_decimals is not None and not args.scores:
        raise _UsageError("--score-decimals applies to --scores: it rounds the scores")
    twice = [label for label, count in collections.Counter(args.labels or ()).items()
             if count > 1]
    if twice:
        raise _UsageError(f"--labels names {', '.join(map(shown, twice))} more than once; "
                         "name each class once")
    flags = {"--true": args.true, "--pred": args.pred, "--group": args.group,
             "--weight": args.weight, "--scores": args.scores or ()}
    return _reading.Columns({flag: name for flag, name in flags.items() if name},
                            args.weight, args.scores or (),
                            paired=[args.true] + ([args.pred] if args.pred else []))


@contextlib.contextmanager
def _evaluated(args):
    """The input file and its evaluation (grouped with ``--group``), read in chunks."""
    columns = _columns(args)
    source = _reading.Source(args.file, input_format=args.input_format,
                             encoding=args.encoding, sep=args.sep)
    try:
        progress = None if args.quiet else Progress()
        yield source, _reading.evaluated(
            source, columns, lambda chunks: _tallied(args, source, chunks), progress)
    finally:
        source.close()


def _tallied(args, source, chunks):
    """The evaluation of the chunks: of their scores, or their tallies added up."""
    (first, frame), chunks = _peek(chunks)
    labels = _parse_labels(args.labels, frame[args.true], "--labels")
    options = _options(args, frame[args.true])
    evaluate = _scored if args.scores else _summed
    return evaluate(args, source, itertools.chain([(first, frame)], chunks), labels, options)


def _peek(chunks):
    chunks = iter(chunks)
    return next(chunks), chunks


def _summed(args, source, chunks, labels, options):
    """Each chunk tallied (by group with ``--group``), and the tallies added up."""
    totals = {}
    for first, frame in chunks:
        parts = (frame.groupby(args.group, sort=False).indices if args.group
                 else {None: None})
        for key, rows in parts.items():
            part = _part(args, source, first, frame, rows, labels)
            totals[key] = _sums.add(totals[key], part) if key in totals else part
    total = _checked(args, source, lambda: functools.reduce(_sums.add, totals.values()))
    evaluation = _with_options(args, source, total, options)
    if not args.group:
        return evaluation
    groups = {}
    for key in _sorted(list(totals)):  # each over every class, as by_group gives them
        part = _checked(args, source, lambda: _sums.widened(totals[key], total.labels))
        groups[_scalar(key)] = _with_options(args, source, part, options,
                                             f"rows of group {shown(_scalar(key))}")
    return GroupedEvaluation(groups, evaluation, [args.group])


def _part(args, source, first, frame, rows, labels):
    """A chunk (or its ``rows`` of one group) as tallies; its errors name its lines."""
    if rows is not None:
        frame = frame.iloc[rows]
    weight = frame[args.weight].to_numpy() if args.weight else None
    try:
        return _sums.tallied(_labels_of(frame[args.true]), _labels_of(frame[args.pred]),
                             weight, labels=labels)
    except (ValueError, TypeError) as error:
        message = _flags.in_flags(error, args)
        at = re.search(r"at position (\d+)", message)
        if not at:  # a problem of no one line
            raise DataError(f"{source.name}: {message}") from None
        position = int(at.group(1))  # a position in the chunk: its line in the file
        record = first + (position if rows is None else int(rows[position]))
        place = source.place(record)
        raise DataError(f"{source.name} {place}: "
                        f"{message.replace(at.group(0), f'at {place}')}") from None


def _labels_of(column):
    """A label column as the library reads labels: a Categorical (a Parquet file's
    dictionary column) as it is, its categories the classes in their order; else
    its values."""
    return column.array if isinstance(column.dtype, pd.CategoricalDtype) else column.to_numpy()


def _checked(args, source, evaluate, records=None):
    """``evaluate()``, its errors in the command line's words; ``records``: the
    file's record of each row it evaluates, so that a row it names is a line."""
    try:
        return evaluate()
    except (ValueError, TypeError) as error:
        message = _flags.in_flags(error, args)
        if records is not None:
            message = re.sub(r"\b(?:row|position) (\d+)",
                             lambda found: source.place(int(records[int(found.group(1))])),
                             message)
        raise DataError(f"{source.name}: {message}") from None


def _with_options(args, source, total, options, rows="rows"):
    return ClassificationMetric.from_state(_checked(args, source, lambda: _sums.with_options(
        total, rows, *(options.get(name, NOT_GIVEN)
                       for name in ("average", "pos_label", "zero_division")))))


def _scored(args, source, chunks, labels, options):
    """The evaluation of scores, streamed: each chunk checked (its errors name its
    lines), then one column's (label, score) pairs counted, or a matrix's rankings
    added up (``from_batches(scores=True)``), so that memory holds the distinct
    scores, not the rows. With ``--group``, every chunk kept, then one evaluation
    per group."""
    if args.threshold is not None:
        options["threshold"] = args.threshold
    # the bootstrap of weighted scores resamples rows with their weights: they are kept
    resampled = args.weight and getattr(args, "ci", None) in _RESAMPLED
    if args.group or resampled:
        return _scored_by_group(args, source, chunks, labels, options)
    if len(args.scores) == 1:
        return _scored_column(args, source, chunks, labels, options)
    return _scored_matrix(args, source, chunks, labels, options)


def _score_columns(args, frame, names=None):
    """A chunk's scores as floats (rounded to ``--score-decimals``): one column (a
    Series), or a frame with a column per class (``names``)."""
    columns = [_in_float(frame[column]) for column in args.scores]
    if args.score_decimals is not None:
        columns = [column.round(args.score_decimals) for column in columns]
    if names is None:
        return columns[0]
    return pd.concat(columns, axis=1).set_axis(names, axis=1)


def _chunk_records(first, frame):
    """The file's record of each row of a chunk."""
    return np.arange(first, first + len(frame))


_REGROUPED = 16  # chunks' counted pairs gathered before they are added to the total


def _scored_column(args, source, chunks, labels, options):
    """One column of scores: each chunk's (label, score) pairs counted (and weighed),
    the counts added up (every ``_REGROUPED`` chunks), then ``from_counts`` of the
    pairs."""
    parts = []
    for first, frame in chunks:
        true, scores = _labels_of(frame[args.true]), _score_columns(args, frame)
        weight = frame[args.weight].to_numpy() if args.weight else None
        _checked(args, source, lambda: _check_scored_part(true, scores.to_numpy(), weight),
                 records=_chunk_records(first, frame))
        pairs = pd.DataFrame({"true": true, "score": scores.to_numpy(), "n": 1})
        if weight is not None:  # summed in float64, whatever the column's type
            pairs["w"] = weight.astype(np.float64)
        parts.append(pairs.groupby(["true", "score"], sort=False, observed=True).sum())
        if len(parts) > _REGROUPED:
            parts = [_regrouped(parts)]
    rows = _regrouped(parts).reset_index()
    labels = _binary_labels(args, source, rows["true"], labels, options)
    if args.weight:  # in the words of the samples' weights: --weight, not the pairs'
        _checked(args, source, lambda: _validation.check_sample_weight(rows["w"].to_numpy(),
                                                                      len(rows)))
    return _checked(args, source, lambda: ClassificationMetric.from_counts(
        rows, true="true", score="score", count="n", weight="w" if args.weight else None,
        labels=labels, **options))


def _regrouped(parts):
    """Counted (label, score) pairs of several chunks as one count per pair."""
    if len(parts) == 1:
        return parts[0]
    return pd.concat(parts).groupby(level=[0, 1], sort=False, observed=True).sum()


def _check_scored_part(true, scores, weight):
    """A chunk's labels, scores and weights, checked as the constructors check them
    (a chunk may weigh nothing; the whole may not)."""
    _validation.check_targets(true, true)
    _validation.check_score_values(scores)
    _validation.check_sample_weight(weight, len(scores), positive_sum=False)


def _scored_matrix(args, source, chunks, labels, options):
    """A column of scores per class: each chunk's rankings, added up."""
    running, names = _sums.RunningSum(scored=True), None
    for first, frame in chunks:
        if names is None:
            names = _parse_labels(args.scores, frame[args.true], "--scores")
        true, scores = _labels_of(frame[args.true]), _score_columns(args, frame, names)
        _check_score_columns(args, source, true, names, labels)
        if labels is not None:  # the columns in the order of the classes
            scores = scores[labels]
        weight = frame[args.weight].to_numpy() if args.weight else None
        part = _checked(args, source, lambda: _sums.ranked(
            true, scores, weight, labels=labels, pos_label=options.get("pos_label", NOT_GIVEN)),
            records=_chunk_records(first, frame))
        _checked(args, source, lambda: running.add(part))
    return _with_options(args, source, _checked(args, source, running.total), options)


def _scored_by_group(args, source, chunks, labels, options):
    """The evaluation of scores from their rows: every chunk's columns kept, then one
    evaluation of all (and with ``--group`` one of each group's rows)."""
    data = pd.concat([frame for _, frame in chunks], ignore_index=True)
    true = _labels_of(data[args.true])
    weight = data[args.weight].to_numpy() if args.weight else None
    if len(args.scores) == 1:
        scores = _score_columns(args, data).to_numpy()
        labels = _binary_labels(args, source, true, labels, options)
    else:
        names = _parse_labels(args.scores, data[args.true], "--scores")
        scores = _score_columns(args, data, names)
        _check_score_columns(args, source, true, names, labels)
        if labels is not None:  # the columns in the order of the classes
            scores = scores[labels]

    def evaluated(rows):
        return _checked(args, source, lambda: ClassificationMetric.from_scores(
            true[rows], scores[rows] if scores.ndim == 1 else scores.iloc[rows],
            labels=labels, sample_weight=None if weight is None else weight[rows], **options),
            records=rows)

    overall = evaluated(np.arange(len(data)))
    if not args.group:
        return overall
    groups = data.groupby(args.group).indices
    return GroupedEvaluation({_scalar(key): evaluated(groups[key]) for key in _sorted(
        list(groups))}, overall, [args.group])


def _in_float(column):
    """A score column as floats: of its own precision when it has one (a float32
    Parquet column is compared with --threshold, and its rows summed, as float32's)."""
    if isinstance(column.dtype, np.dtype) and column.dtype.kind == "f":
        return column
    return column.astype(np.float64)


def _binary_labels(args, source, true, labels, options):
    """``[negative, positive]`` of one score column: the positive class is
    ``--pos-label``, else the second of the two sorted classes (scikit-learn's
    ``classes_[1]``); it is also the positive class of binary averages."""
    classes = np.unique(true) if labels is None else np.sort(np.asarray(labels))
    positive = options.get("pos_label")
    if positive is not None and positive not in classes.tolist():
        raise DataError(f"{source.name}: --pos-label {shown(positive)} is not a class of "
                        f"column {shown(args.true)} (--true), whose classes are "
                        f"{shown(classes.tolist())}")
    if positive is None and len(classes) == 2:
        positive = classes[1]
    if positive is None:
        return labels  # not two classes: from_scores says what 1-D scores need
    options["pos_label"] = positive
    return [c for c in classes.tolist() if c != positive][:1] + [positive]


def _check_score_columns(args, source, true, names, labels):
    """Every class (of --true, or of --labels) has its column of scores."""
    for classes, where in ((pd.unique(true), f"column {shown(args.true)} (--true) holds"),
                           (labels or [], "--labels names")):
        missing = pd.Index(classes).difference(pd.Index(names))
        if len(missing):
            raise DataError(f"{source.name}: {where} the class(es) {shown(missing.tolist())}, "
                            "which have no --scores column; give one score column per class, "
                            "named by the class")


def _options(args, true):
    options = {}
    if getattr(args, "average", None) is not None:
        options["average"] = None if args.average == "none" else args.average
    if getattr(args, "pos_label", None) is not None:
        options["pos_label"] = _parse_labels([args.pos_label], true, "--pos-label")[0]
    if getattr(args, "zero_division", None) is not None:
        options["zero_division"] = ZERO_DIVISION[args.zero_division]
    return options


def _parse_labels(values, column, option):
    """Labels typed on the command line, as the type of the file's label column."""
    if values is None:
        return None
    dtype = column.dtype
    kind = (dtype.categories.dtype if isinstance(dtype, pd.CategoricalDtype) else dtype).kind
    try:
        if kind == "b":
            return [{"true": True, "false": False}[v.lower()] for v in values]
        if kind in "iuf":
            return pd.to_numeric(pd.Series(values)).tolist()
    except (KeyError, ValueError):
        raise _UsageError(
            f"{option} {shown(' '.join(values))}: the label column holds "
            f"{'booleans' if kind == 'b' else 'numbers'}; give labels of that kind") from None
    return list(values)


def _sorted(keys):
    """Groups as pandas sorts them; in order of appearance when they do not compare."""
    try:
        return pd.Index(keys).sort_values().tolist()
    except TypeError:
        return keys


def _scalar(value):
    return value.item() if isinstance(value, np.generic) else value


# --------------------------------------------------------------------------
# Output
# --------------------------------------------------------------------------


def _interval_options(args, fmt=None):
    """The interval options of ``--ci`` and its companions, {} without ``--ci``; all
    checked before the file is read. A bootstrap without ``--seed`` gets a seed drawn
    here, which the output shows. The description (``fmt``) has intervals of its own:
    ``--confidence`` alone sets their level."""
    if fmt == "text" and args.ci is not None:
        raise _UsageError("--format text prints scikit-learn's classification report, which "
                         "has no intervals; drop --ci or choose another format")
    if fmt == "describe":
        if args.ci is not None or args.resamples is not None or args.seed is not None:
            raise _UsageError("--format describe shows intervals of its own (accuracy, "
                             "balanced accuracy, kappa, ROC AUC), whose level --confidence "
                             "sets; for --ci, --resamples or --seed choose --format table")
        return {} if args.confidence is None else {"confidence": args.confidence}
    if args.ci is None:
        for flag in ("confidence", "resamples", "seed"):
            if getattr(args, flag, None) is not None:
                raise _UsageError(f"--{flag} applies to intervals; add --ci [METHOD]")
        return {}
    options = {"ci": args.ci}
    if args.confidence is not None:
        options["confidence"] = args.confidence
    if args.ci not in _RESAMPLED:
        for flag in ("resamples", "seed"):
            if getattr(args, flag) is not None:
                raise _UsageError(f"--{flag} applies to --ci {', '.join(_RESAMPLED[:-1])} or "
                                 f"{_RESAMPLED[-1]}, which resample; --ci {args.ci} does not")
        return options
    if args.resamples is not None:
        options["n_resamples"] = args.resamples
    options["random_state"] = (args.seed if args.seed is not None
                               else int(np.random.SeedSequence().generate_state(1)[0]))
    return options


# the --ci methods that may resample
_RESAMPLED = (*_intervals.RESAMPLING_METHODS, _intervals.AUTO)


def _format(args):
    """The output format: ``--format``, else the description on a terminal (without
    --ci, which the tables show) and the table elsewhere."""
    if args.format is not None:
        return args.format
    on_terminal = args.output is None and _on_terminal()
    return "describe" if on_terminal and args.ci is None else "table"


def _on_terminal():
    return sys.stdout.isatty()


def _width():
    """The width of the output: the terminal's, 100 when it goes elsewhere."""
    return shutil.get_terminal_size((WIDTH, 24)).columns if _on_terminal() else WIDTH


def _table(frame, fmt, digits=None, whole=False):
    """A DataFrame (or Series) in one of the table formats; ``digits`` rounds the
    printed numbers of text tables (csv and json keep every digit). A table wider than
    the terminal is cut into blocks of columns, unless ``whole``."""
    if fmt == "csv":
        return frame.to_csv()
    number = None if digits is None else f"{{:.{digits}f}}".format
    if fmt == "table":  # a frame's columns in blocks that fit the terminal
        wrapped = ({"line_width": _width()} if isinstance(frame, pd.DataFrame) and not whole
                   else {})
        return frame.to_string(float_format=number, **wrapped) + "\n"
    if isinstance(frame, pd.Series):
        frame = frame.to_frame()
    if fmt == "markdown":
        try:
            return frame.to_markdown(**({} if digits is None else {"floatfmt": f".{digits}f"})) \
                + "\n"
        except ImportError:
            raise _UsageError("--format markdown needs tabulate; install it with: "
                             "pip install 'permetrics_lite[markdown]'") from None
    return frame.to_html(float_format=number) + "\n"


def _render_report(cm, fmt, intervals=None, digits=None, legend=True):
    """The per-class report and the summary in one of REPORT_FORMATS (``describe``:
    the evaluation's description; ``text``: scikit-learn's classification report);
    ``intervals``: the options of their interval columns; ``legend``: the summary's
    names in words after the tables."""
    intervals = intervals or {}
    if fmt == "describe":  # its intervals' level, if given
        return cm.describe(**intervals, **({} if digits is None else {"digits": digits}),
                           width=max(_width(), _description.LEAST_WIDTH)) + "\n"
    if fmt == "text":
        return cm.classification_report(**({} if digits is None else {"digits": digits}))
    report = cm.report(**intervals)
    summary = cm.summary(**intervals)
    if fmt == "json":
        return {"report": json.loads(report.to_json(orient="index", double_precision=15)),
                "summary": _summary_json(cm, summary, intervals),
                **({"seed": intervals["random_state"]} if "random_state" in intervals else {})}
    if fmt == "csv":
        if "random_state" in intervals:  # not in the CSV's cells: beside them
            print(_seed_line(intervals["random_state"]), file=sys.stderr)
        return f"{_table(report, fmt, digits)}\n{_table(summary, fmt, digits)}"
    if intervals:  # the counts have no interval: in words instead
        counts = f"{cm.n_samples:,} samples, {cm.n_classes} classes. "
        summary = summary.drop(index=list(_COUNT_ROWS))
    else:
        counts = ""
    tables = f"{_table(report, fmt, digits)}\n{_table(summary, fmt, digits)}"
    if not legend or fmt == "html":  # html: the tables alone
        return tables
    return tables + _legend(summary.index, intervals, counts,
                            summary["method"].dropna().tolist() if intervals else None)


def _summary_json(cm, summary, intervals):
    """The summary as JSON: a number per metric (with ``intervals``, its estimate,
    bounds and method), the counts as whole numbers."""
    if intervals:
        found = json.loads(summary.to_json(double_precision=15, orient="index"))
        for row, count in zip(_COUNT_ROWS, (cm.n_samples, cm.n_classes)):
            found[row]["estimate"] = count
        return found
    return {**json.loads(summary["value"].to_json(double_precision=15)),
            **dict(zip(_COUNT_ROWS, (cm.n_samples, cm.n_classes)))}


def _seed_line(seed):
    return f"The bootstrap intervals use --seed {seed}: give it to repeat them."


def _legend(rows, intervals, counts="", methods=None):
    """The summary's names in words (after ``counts``), and the bootstrap's seed: lines
    after the tables."""
    words = []
    for row in rows:
        alias, _, form = row.partition("_")
        if alias in _registry.SUPPORT:
            described = _registry.lookup(alias).description
            words.append(f"{row}: {described}" + (f" ({form})" if form else ""))
    lines = "\n".join(textwrap.wrap(counts + "; ".join(words), max(_width(), 40)))
    if "random_state" in intervals and (methods is None or any(
            method in _intervals.RESAMPLING_METHODS for method in methods)):
        lines += "\n" + _seed_line(intervals["random_state"])
    return f"\n{lines}\n"


def _render_grouped(grouped, column, fmt, intervals, digits, words=str):
    """Each group's report, then its summary metrics by group with their
    difference and ratio (each group's size is in its own report). A warning of a
    group's tables names the group (``words``: a warning's message in the command
    line's words)."""
    parts, rows = {}, {}
    for key, evaluation in grouped.items():
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            parts[key] = _render_report(evaluation, fmt, intervals, digits, legend=False)
            rows[key] = evaluation.summary()["value"].drop(list(_COUNT_ROWS))
        for message in dict.fromkeys(words(warning.message) for warning in caught):
            warnings.warn(_validation.InputWarning(
                "{group}: {message}", group=f"{column} = {shown(key)}",
                message=_validation.Phrase.text(message)))
    by_group = pd.DataFrame(rows).T
    by_group = _with_spread(by_group.astype(np.float64).rename_axis(index=column, columns=None))
    if fmt == "json":
        return {"groups": {str(key): part for key, part in parts.items()},
                "by_group": json.loads(by_group.to_json(orient="index", double_precision=15))}
    parts = [f"{column} = {key}\n\n{part}" for key, part in parts.items()]
    legend = fmt in ("table", "markdown")
    if fmt == "text":  # scikit-learn's reports, then a plain table in their precision
        fmt, digits = "table", 2 if digits is None else digits
    elif fmt == "describe":  # the descriptions, then a plain table
        fmt = "table"
    text = "\n".join(parts) + f"\nby {column}\n\n{_table(by_group, fmt, digits)}"
    return text + _legend(by_group.columns, intervals) if legend else text


def _with_spread(frame):
    """The rows of groups, then their difference (max - min) and ratio (min / max)."""
    spread = pd.DataFrame([frame.max() - frame.min(), frame.min() / frame.max()],
                          index=list(GROUP_ROWS))
    return pd.concat([frame, spread])


def _render_scores(scores, cm, fmt, digits=None):
    """Named metric values: a table (per-class values one row per label, matrices
    whole after it) or JSON."""
    if fmt == "json":
        return {name: _jsonable(value) for name, value in scores.items()}
    rows, matrices = {}, []
    for name, value in scores.items():
        if isinstance(value, dict):  # per class: one row per label
            rows.update({f"{name}[{label}]": v for label, v in value.items()})
        elif np.ndim(value) == 2:  # a confusion matrix: printed whole, with its labels
            matrix = pd.DataFrame(value, index=cm.labels, columns=cm.labels)
            matrices.append(f"{name} (rows: true, columns: predicted)\n"
                            f"{_table(matrix.rename_axis(index='true', columns='pred'), fmt, whole=True)}")
        elif np.ndim(value):
            rows[name] = np.asarray(value).tolist()
        else:
            rows[name] = value
    table = _table(pd.Series(rows, dtype=np.float64 if all(
        isinstance(v, (int, float)) for v in rows.values()) else object), fmt, digits) \
        if rows else ""
    return "\n".join(filter(None, [table, *matrices]))


def _jsonable(value):
    if isinstance(value, dict):
        return {str(label): v for label, v in value.items()}
    if isinstance(value, np.ndarray):
        return value.tolist()
    return value


def _render_intervals(cm, intervals, fmt, digits=None, seed=None):
    """Each metric's estimate, bounds and interval method: a table (per-class metrics
    one row per label) or JSON; ``seed``: the bootstrap's, shown after the table (in
    JSON, beside each resampled interval)."""
    fields = (*_intervals.ConfidenceInterval._fields, "method")
    labels = cm.labels.tolist()
    if fmt == "json":
        found = {}
        for name, interval in intervals.items():
            if isinstance(interval, dict):
                found[name] = {field: {str(label): getattr(ci, field)
                                       for label, ci in interval.items()} for field in fields}
                method = next(iter(interval.values())).method
            else:
                found[name] = {field: _jsonable(getattr(interval, field)) for field in fields}
                method = interval.method
            if seed is not None and method in _intervals.RESAMPLING_METHODS:
                found[name]["seed"] = seed
        return found
    rows = {}
    for name, interval in intervals.items():
        if isinstance(interval, dict):  # per class: a row per label
            rows.update({f"{name}[{label}]": [*ci, ci.method] for label, ci in interval.items()})
        elif np.ndim(interval.estimate):  # a matrix: a row per true class
            rows.update({f"{name}[{label}]": [*(field[i] for field in interval), interval.method]
                         for i, label in enumerate(labels)})
        else:
            rows[name] = [*interval, interval.method]
    table = _table(pd.DataFrame.from_dict(rows, orient="index", columns=list(fields)), fmt,
                   digits)
    if seed is not None and any(row[-1] in _intervals.RESAMPLING_METHODS for row in rows.values()):
        table += f"\n{_seed_line(seed)}\n"
    return table


def _text(result):
    """The output: JSON for a dict, else the text."""
    return json.dumps(result, indent=2) + "\n" if isinstance(result, dict) else result


# --------------------------------------------------------------------------
# Commands
# --------------------------------------------------------------------------


def _run_report(args):
    fmt = _format(args)
    intervals = _interval_options(args, fmt)
    with _evaluated(args) as (source, evaluation):
        if isinstance(evaluation, GroupedEvaluation):
            return _checked(args, source, lambda: _render_grouped(
                evaluation, args.group, fmt, intervals, args.digits,
                lambda message: _flags.in_flags(message, args)))
        return _checked(args, source, lambda: _render_report(
            evaluation, fmt, intervals, args.digits), _records(args))


def _run_score(args):
    intervals = _interval_options(args)
    metrics = _metric_parameters(args)
    if intervals and args.group:
        raise _UsageError("--ci with --group: intervals are printed by group with report, "
                         "not score")
    with _evaluated(args) as (source, evaluation):
        return _checked(args, source, lambda: _scores_of(args, evaluation, metrics, intervals),
                        None if args.group else _records(args))


def _records(args):
    """The file's record of each row that a query of scores names: its own position."""
    return range(sys.maxsize) if args.scores else None


def _scores_of(args, evaluation, metrics, intervals):
    """The named metrics of an evaluation (or of each group), rendered."""
    if isinstance(evaluation, GroupedEvaluation):
        frame = _with_spread(evaluation.frame(metrics))
        return json.loads(frame.to_json(orient="index", double_precision=15)) \
            if args.format == "json" else _table(frame, "table", args.digits)
    if not intervals:
        return _render_scores(evaluation.get_metrics_by_dict(metrics), evaluation,
                             args.format, args.digits)
    options = dict(intervals, method=intervals.pop("ci"))
    found = {name: evaluation.confidence_interval(name, **options, **parameters)
             for name, parameters in metrics.items()}
    return _render_intervals(evaluation, found, args.format, args.digits,
                             options.get("random_state"))


def _metric_parameters(args):
    """Each named metric with its parameters: ``--beta`` for the F-beta score."""
    names = list(dict.fromkeys(args.metrics))
    try:
        metrics = {name: _registry.lookup(name) for name in names}
    except ValueError as error:  # before a large file is read
        raise _UsageError(_flags.in_flags(error, args)) from None
    of_scores = [name for name, metric in metrics.items() if metric.kind == _registry.SCORE]
    if of_scores and not args.scores:
        raise _UsageError(f"{of_scores[0]} is a metric of scores: give the scores with "
                         "--scores COL [COL ...] instead of --pred")
    if args.beta is None:
        return {name: {} for name in names}
    takes_beta = [name for name in names if metrics[name].alias == "FBS"]
    if not takes_beta:
        raise _UsageError("--beta applies to FBS (fbeta_score); name it among the metrics")
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
    fmt = _format(args)
    return _render_report(evaluation, fmt, _interval_options(args, fmt), args.digits)


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
    parser.add_argument("--zero-division", choices=list(ZERO_DIVISION),
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
                        help="digits after the point in text tables (csv and json keep all)")
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
_encoding = _checked_type("encoding", lambda text: codecs.lookup(text).name, bool,
                          "an encoding Python knows (such as utf-8, latin-1, cp1252 or utf-16)")
_separator = _checked_type("separator", lambda text: {"\\t": "\t", "tab": "\t"}.get(text, text),
                           lambda sep: len(sep) == 1,
                           "one character (write a tab as '\\t' or tab)")


def _check_output(output):
    """``--output PATH`` names a file whose directory exists (a usage error else)."""
    if output is None:
        return
    if not output:
        raise _UsageError("--output needs the name of a file")
    path = Path(output)
    if path.is_dir():
        raise _UsageError(f"--output {output!r} is a directory; name a file in it")
    if not path.parent.is_dir():
        raise _UsageError(f"--output {output!r}: there is no directory {str(path.parent)!r}; "
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
            text = _text(args.run(args))
            if args.output:
                _write(args.output, text)
            else:
                sys.stdout.write(text)
        except _UsageError as error:
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


