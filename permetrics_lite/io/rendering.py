"""The command line's output: the report, the summary, the named metrics and their
intervals in the formats of ``--format`` (tables cut to the terminal's width, csv,
json, markdown, html, scikit-learn's text report, or the description), with a
legend of the summary's names and the seed of a bootstrap.
"""

import json
import shutil
import sys
import textwrap
import warnings

import numpy as np
import pandas as pd

from .. import validation as _validation
from . import flags as _flags
from ..metrics import registry as _registry
from ..stats import description as _description, intervals as _intervals
from .reading import shown


_COUNT_ROWS = ("n_samples", "n_classes")  # the summary's rows that are no metric
WIDTH = 100  # the width of output that does not go to a terminal
GROUP_ROWS = ("difference", "ratio")  # after the groups: max - min and min / max


def interval_options(args, fmt=None):
    """The interval options of ``--ci`` and its companions, {} without ``--ci``; all
    checked before the file is read. A bootstrap without ``--seed`` gets a seed drawn
    here, which the output shows. The description (``fmt``) has intervals of its own:
    ``--confidence`` alone sets their level."""
    if fmt == "text" and args.ci is not None:
        raise _flags.UsageError("--format text prints scikit-learn's classification report, which "
                         "has no intervals; drop --ci or choose another format")
    if fmt == "describe":
        if args.ci is not None or args.resamples is not None or args.seed is not None:
            raise _flags.UsageError("--format describe shows intervals of its own (accuracy, "
                             "balanced accuracy, kappa, ROC AUC), whose level --confidence "
                             "sets; for --ci, --resamples or --seed choose --format table")
        return {} if args.confidence is None else {"confidence": args.confidence}
    if args.ci is None:
        for flag in ("confidence", "resamples", "seed"):
            if getattr(args, flag) is not None:
                raise _flags.UsageError(f"--{flag} applies to intervals; add --ci [METHOD]")
        return {}
    options = {"ci": args.ci}
    if args.confidence is not None:
        options["confidence"] = args.confidence
    if args.ci not in RESAMPLED:
        for flag in ("resamples", "seed"):
            if getattr(args, flag) is not None:
                raise _flags.UsageError(f"--{flag} applies to --ci {', '.join(RESAMPLED[:-1])} or "
                                 f"{RESAMPLED[-1]}, which resample; --ci {args.ci} does not")
        return options
    if args.resamples is not None:
        options["n_resamples"] = args.resamples
    options["random_state"] = (args.seed if args.seed is not None
                               else int(np.random.SeedSequence().generate_state(1)[0]))
    return options


# the --ci methods that may resample
RESAMPLED = (*_intervals.RESAMPLING_METHODS, _intervals.AUTO)


def output_format(args):
    """The output format: ``--format``, else the description on a terminal (without
    --ci, which the tables show) and the table elsewhere. ``--digits`` is refused
    with csv and json, which keep every digit."""
    if args.format is not None:
        fmt = args.format
    else:
        on_terminal = args.output is None and _on_terminal()
        fmt = "describe" if on_terminal and args.ci is None else "table"
    if args.digits is not None and fmt in ("csv", "json"):
        raise _flags.UsageError(f"--digits rounds the numbers of text tables; --format {fmt} "
                                "keeps every digit: drop --digits")
    return fmt


def _on_terminal():
    return sys.stdout.isatty()


def _width():
    """The width of the output: the terminal's, 100 when it goes elsewhere."""
    return shutil.get_terminal_size((WIDTH, 24)).columns if _on_terminal() else WIDTH


def as_table(frame, fmt, digits=None, whole=False):
    """A DataFrame (or, in the ``table`` format, a Series) in one of the table formats;
    ``digits`` rounds the printed numbers of text tables (csv keeps every digit). A
    table wider than the terminal is cut into blocks of columns, unless ``whole``."""
    if fmt == "csv":
        return frame.to_csv()
    number = None if digits is None else f"{{:.{digits}f}}".format
    if fmt == "table":  # a frame's columns in blocks that fit the terminal
        wrapped = ({"line_width": _width()} if isinstance(frame, pd.DataFrame) and not whole
                   else {})
        return frame.to_string(float_format=number, **wrapped) + "\n"
    if fmt == "markdown":
        try:
            return frame.to_markdown(**({} if digits is None else {"floatfmt": f".{digits}f"})) \
                + "\n"
        except ImportError:
            raise _flags.UsageError("--format markdown needs tabulate; install it with: "
                             "pip install 'permetrics_lite[markdown]'") from None
    return frame.to_html(float_format=number) + "\n"


def render_report(cm, fmt, intervals=None, digits=None, legend=True):
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
        return f"{as_table(report, fmt)}\n{as_table(summary, fmt)}"
    if intervals:  # the counts have no interval: in words instead
        counts = f"{cm.n_samples:,} samples, {cm.n_classes} classes. "
        summary = summary.drop(index=list(_COUNT_ROWS))
    else:
        counts = ""
    tables = f"{as_table(report, fmt, digits)}\n{as_table(summary, fmt, digits)}"
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
    """The summary's names in words (after ``counts``), and the bootstrap's seed unless
    ``methods`` (those of the summary's intervals) resample none: lines after the
    tables."""
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


def render_grouped(grouped, column, fmt, intervals, digits, words=str):
    """Each group's report, then its summary metrics by group with their
    difference and ratio (each group's size is in its own report). A warning of a
    group's tables names the group (``words``: a warning's message in the command
    line's words)."""
    parts, rows = {}, {}
    for key, evaluation in grouped.items():
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            parts[key] = render_report(evaluation, fmt, intervals, digits, legend=False)
            rows[key] = evaluation.summary()["value"].drop(list(_COUNT_ROWS))
        for message in dict.fromkeys(words(warning.message) for warning in caught):
            warnings.warn(_validation.InputWarning(
                "{group}: {message}", group=f"{column} = {shown(key)}",
                message=_validation.Phrase.text(message)))
    by_group = pd.DataFrame(rows).T
    by_group = with_spread(by_group.astype(np.float64).rename_axis(index=column, columns=None))
    if fmt == "json":
        return {"groups": {str(key): part for key, part in parts.items()},
                "by_group": json.loads(by_group.to_json(orient="index", double_precision=15))}
    parts = [f"{column} = {key}\n\n{part}" for key, part in parts.items()]
    legend = fmt in ("table", "markdown")
    if fmt == "text":  # scikit-learn's reports, then a plain table in their precision
        fmt, digits = "table", 2 if digits is None else digits
    elif fmt == "describe":  # the descriptions, then a plain table
        fmt = "table"
    text = "\n".join(parts) + f"\nby {column}\n\n{as_table(by_group, fmt, digits)}"
    return text + _legend(by_group.columns, intervals) if legend else text


def with_spread(frame):
    """The rows of groups, then their difference (max - min) and ratio (min / max);
    the index keeps its name (the groups' column)."""
    spread = pd.DataFrame([frame.max() - frame.min(), frame.min() / frame.max()],
                          index=list(GROUP_ROWS))
    return pd.concat([frame, spread]).rename_axis(index=frame.index.name)


def render_scores(scores, cm, fmt, digits=None):
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
                            f"{as_table(matrix.rename_axis(index='true', columns='pred'), fmt, whole=True)}")
        else:
            rows[name] = value
    table = as_table(pd.Series(rows, dtype=np.float64), fmt, digits) if rows else ""
    return "\n".join(filter(None, [table, *matrices]))


def _jsonable(value):
    if isinstance(value, dict):
        return {str(label): v for label, v in value.items()}
    if isinstance(value, np.ndarray):
        return value.tolist()
    return value


def render_intervals(cm, intervals, fmt, digits=None, seed=None):
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
    table = as_table(pd.DataFrame.from_dict(rows, orient="index", columns=list(fields)), fmt,
                   digits)
    if seed is not None and any(row[-1] in _intervals.RESAMPLING_METHODS for row in rows.values()):
        table += f"\n{_seed_line(seed)}\n"
    return table


def as_text(result):
    """The output: JSON for a dict, else the text."""
    return json.dumps(result, indent=2) + "\n" if isinstance(result, dict) else result


