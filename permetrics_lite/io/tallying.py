"""The command line's evaluation of its input: the file read in chunks
(``io.reading``), each chunk checked and tallied and the tallies added up, so that
memory holds the tallies, not the rows; scores added up as the counts of their
distinct values (``from_counts``) or their rankings (``from_batches``); with
``--group``, an evaluation per group. Errors come out in the command line's words,
naming the file's lines.
"""

import collections
import contextlib
import functools
import itertools
import re
import sys

import numpy as np
import pandas as pd

from .. import validation as _validation
from ..core import sums as _sums, tally as _tally
from . import flags as _flags, reading as _reading, rendering as _rendering
from ..stats.groups import GroupedEvaluation
from ..core.options import NOT_GIVEN
from .progress import Progress
from .reading import DataError, shown
from ..classification import ClassificationMetric


def _columns(args):
    if args.scores and args.pred:
        raise _flags.UsageError("give --pred or --scores, not both: scores predict the class "
                         "(--threshold for one column)")
    if not args.scores and not args.pred:
        raise _flags.UsageError("give the predictions: --pred COL, or --scores COL [COL ...]")
    if args.threshold is not None and len(args.scores or ()) != 1:
        raise _flags.UsageError("--threshold applies to one --scores column")
    if args.score_decimals is not None and not args.scores:
        raise _flags.UsageError("--score-decimals applies to --scores: it rounds the scores")
    twice = [label for label, count in collections.Counter(args.labels or ()).items()
             if count > 1]
    if twice:
        raise _flags.UsageError(f"--labels names {', '.join(map(shown, twice))} more than once; "
                         "name each class once")
    flags = {"--true": args.true, "--pred": args.pred, "--group": args.group,
             "--weight": args.weight, "--scores": args.scores or ()}
    return _reading.Columns({flag: name for flag, name in flags.items() if name},
                            args.weight, args.scores or (),
                            paired=[args.true] + ([args.pred] if args.pred else []))


_EVERY_ROW = range(sys.maxsize)  # the records of every row in order: a position is its record


@contextlib.contextmanager
def evaluated(args):
    """The input file, its evaluation (grouped with ``--group``), read in chunks, and
    the file's record of each row a query may name (for :func:`checked`): None when
    the evaluation keeps no rows (labels' tallies, one score column's counted pairs),
    else the records of its rows, or with ``--group`` each group's by group."""
    columns = _columns(args)
    source = _reading.Source(args.file, input_format=args.input_format,
                             encoding=args.encoding, sep=args.sep)
    try:
        progress = None if args.quiet else Progress()
        yield (source, *_reading.evaluated(
            source, columns, lambda chunks: _tallied(args, source, chunks), progress))
    finally:
        source.close()


def _tallied(args, source, chunks):
    """The evaluation of the chunks (of their scores, or their tallies added up) and
    the records of its rows (:func:`evaluated`)."""
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
    # every chunk's labels are of one kind (io.reading): their tallies add up
    total = functools.reduce(_sums.add, totals.values())
    evaluation = _with_options(args, source, total, options)
    if not args.group:
        return evaluation, None
    groups = {}
    for key in _sorted(list(totals)):  # each over every class, as by_group gives them
        part = _sums.widened(totals[key], total.labels)
        groups[_scalar(key)] = _with_options(args, source, part, options,
                                             f"rows of group {shown(_scalar(key))}")
    return GroupedEvaluation(groups, evaluation, [args.group]), None


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


def checked(args, source, evaluate, records=None):
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
    return ClassificationMetric.from_state(checked(args, source, lambda: _sums.with_options(
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
    resampled = args.weight and getattr(args, "ci", None) in _rendering.RESAMPLED
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
        checked(args, source, lambda: _check_scored_part(true, scores.to_numpy(), weight,
                                                         labels),
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
        checked(args, source, lambda: _validation.check_sample_weight(rows["w"].to_numpy(),
                                                                      len(rows)))
    return checked(args, source, lambda: ClassificationMetric.from_counts(
        rows, true="true", score="score", count="n", weight="w" if args.weight else None,
        labels=labels, **options)), None


def _regrouped(parts):
    """Counted (label, score) pairs of several chunks as one count per pair."""
    if len(parts) == 1:
        return parts[0]
    return pd.concat(parts).groupby(level=[0, 1], sort=False, observed=True).sum()


def _check_scored_part(true, scores, weight, labels):
    """A chunk's labels (each one of ``labels``, if given), scores and weights, checked
    as the constructors check them (a chunk may weigh nothing; the whole may not)."""
    targets = _validation.check_targets(true, true, labels)
    if labels is not None:
        _tally.encode_known(targets.classes, targets.true, where="y_true")
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
        part = checked(args, source, lambda: _sums.ranked(
            true, scores, weight, labels=labels, pos_label=options.get("pos_label", NOT_GIVEN)),
            records=_chunk_records(first, frame))
        running.add(part)  # rankings of the same classes: they add up
    return _with_options(args, source, running.total(), options), _EVERY_ROW


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
        return checked(args, source, lambda: ClassificationMetric.from_scores(
            true[rows], scores[rows] if scores.ndim == 1 else scores.iloc[rows],
            labels=labels, sample_weight=None if weight is None else weight[rows], **options),
            records=rows)

    overall = evaluated(np.arange(len(data)))
    if not args.group:
        return overall, _EVERY_ROW
    groups = {_scalar(key): rows for key, rows in data.groupby(args.group).indices.items()}
    keys = _sorted(list(groups))
    return (GroupedEvaluation({key: evaluated(groups[key]) for key in keys}, overall,
                              [args.group]), groups)


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
    if len(classes) != 2:
        return labels  # not two classes: from_scores says what 1-D scores need
    if positive is None:
        positive = classes[1]
    options["pos_label"] = positive
    return [c for c in classes.tolist() if c != positive] + [positive]


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
        options["zero_division"] = _flags.ZERO_DIVISION[args.zero_division]
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
        raise _flags.UsageError(
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


