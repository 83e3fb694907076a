"""Helpers shared by the tests that compare two evaluations of the same problem."""

import contextlib
import io
import subprocess
import sys
import warnings
from pathlib import Path
from unittest import mock

import numpy as np
import pandas as pd

from permetrics_lite import ConfidenceInterval
from permetrics_lite.io import cli
from permetrics_lite.metrics import registry as _registry

SCORE_ROWS = {m.alias + suffix for m in _registry.SCORE_METRICS  # summary rows of scores
              for suffix, _ in m.summary}
SCORE_COLUMNS = [m.column for m in _registry.SCORE_REPORT]  # report() columns of scores


def plain_id(value):
    """A test id of letters, digits and spaces: mutation testing selects tests by id,
    and ids holding regular expressions (brackets, backslashes) cannot be selected."""
    return " ".join("".join(c if c.isalnum() else " " for c in repr(value)).split()) or "empty"


def answers(cm):
    """Every query of a (single- or multi-label) evaluation that needs only tallies."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # 0/0 and predicted-only classes: same on both sides
        result = {
            "labels": cm.labels.tolist(),
            "n_samples": cm.n_samples,
            "AS": cm.AS(),
            "AS count": cm.AS(normalize=False),
            "PCA": cm.PCA(),
            "CM": cm.CM().tolist(),
            "report": cm.report(zero_division=np.nan).drop(columns=SCORE_COLUMNS,
                                                           errors="ignore").to_dict(),
            "summary": {row: value for row, value in
                        cm.summary(zero_division=np.nan)["value"].to_dict().items()
                        if row not in SCORE_ROWS},
            "HML": cm.HML(),
        }
        if not cm.is_multilabel:
            result["BAS"] = cm.BAS(zero_division=np.nan)
            result["CKS linear"] = cm.CKS(weights="linear", zero_division=np.nan)
    return result


def exact_weights(weight):
    """Quarter steps: sums of them are exact in any order, so merged == whole exactly."""
    return None if weight is None else np.round(weight * 4) / 4


# the installed entry point, beside this interpreter (a venv's bin, or the Python's own)
ENTRY_POINT = str(Path(sys.executable).with_name("permetrics-lite"))


def run_command(*args, stdin=None, text=True):
    """``permetrics-lite`` run in this process, as its entry point runs it (``cli.main``
    with the arguments, standard input and output of a process): its CompletedProcess.
    Starting a process per call would cost the suite a second each; the few tests
    that need the installed command or a shell call it through ``subprocess``."""
    argv = [str(arg) for arg in args]
    given = stdin if stdin is not None else ("" if text else b"")
    raw = given.encode() if isinstance(given, str) else given
    out, err = io.BytesIO(), io.BytesIO()
    streams = [io.TextIOWrapper(buffer, encoding="utf-8", newline="" if text else None)
               for buffer in (io.BytesIO(raw), out, err)]
    with contextlib.ExitStack() as stack:
        for name, stream in zip(("stdin", "stdout", "stderr"), streams):
            stack.enter_context(mock.patch.object(sys, name, stream))
        try:
            status = cli.main(argv)
        except SystemExit as exit_:  # argparse: usage errors, --help, --version
            status = exit_.code if isinstance(exit_.code, int) else 1
        for stream in streams[1:]:
            stream.flush()
    output, errors = out.getvalue(), err.getvalue()
    if text:
        output, errors = output.decode(), errors.decode()
    return subprocess.CompletedProcess(["permetrics-lite", *argv], status or 0, output, errors)


def interval_arrays(interval):
    """A confidence interval, its fields arrays in label order for the dict of a
    per-class query (``average=None``)."""
    if isinstance(interval, dict):
        first = next(iter(interval.values()))
        return ConfidenceInterval(*(np.array(field) for field in zip(*interval.values())),
                                  first.method, first.confidence)
    return interval


# a binary problem of named classes, and the scores of "spam" (the scores of "ham" are
# 1 - P_SPAM): for the tests of a Series named after a class
SPAM = np.array(["ham", "spam", "spam", "ham", "spam", "ham", "spam", "ham"])
P_SPAM = np.array([0.2, 0.9, 0.6, 0.4, 0.3, 0.1, 0.8, 0.7])


def named_series(kind, values, name):
    """``values`` as a pandas or polars Series (``kind``) named ``name``; polars imported
    only then (its thread pool is left out of mutation runs)."""
    if kind == "polars":
        import polars as pl

        return pl.Series(name, values)
    return pd.Series(values, name=name)
