"""The command line on a large CSV: its peak memory, its speed beside pandas.read_csv, the
CSV engines compared.

The input is one CSV of two integer label columns, ``y,yhat`` (10 classes,
the prediction right 80% of the time, else another class at random; one
digit each, so every row is 4 bytes), of ``--size-gib`` GiB. It is generated
once, in chunks (bounded memory), into ``--data-dir`` (the temporary
directory by default), with the counts it holds beside it in a JSON file,
and reused while its size is right. The file is read once before anything
is timed, so that every run finds it in the page cache. Then:

- ``memory``: ``python -m permetrics_lite report FILE --true y --pred yhat``
  (the command line's entry point, with this interpreter) runs in a child
  process; its peak resident set size is the kernel's ``ru_maxrss`` of that
  child, from ``os.wait4``, and its time the wall time from start to exit.
  A small wrapper interpreter (no imports) starts it and waits for it: the
  kernel carries a process's peak RSS across fork and exec, so a child
  started from this process would report at least this process's peak.
  Its printed ``n_samples`` and ``AS`` are checked against the counts kept
  at generation.
- ``speed``: the same command beside ``pandas.read_csv(FILE, usecols=["y",
  "yhat"])`` alone, also in a child process (``python -c``), so both pay the
  interpreter's start-up and their imports; the pandas child only prints the
  number of rows, which is checked. They alternate (ours, pandas, ours,
  pandas, ...) for ``--repeats`` rounds; each time is the median of the
  rounds, the ratio is pandas / ours of the medians (the lowest and highest
  ratio of one round in brackets), and peak memory is the highest of the
  rounds.
- ``engines``: in this process, the two ways to stream the CSV: pandas' C
  parser in chunks as ``permetrics_lite.io.reading`` calls it (``chunksize=2**20``,
  ``usecols``, ``keep_default_na=False, na_values=[""]``; ``io.reading`` leaves out
  ``usecols`` when the file holds no other column, which changes little), only
  iterating the chunks, and pyarrow's streaming reader (``pyarrow.csv.open_csv`` with
  ``ConvertOptions(include_columns=...)``, default read options), converting
  each record batch to pandas; alternating, medians.

It prints markdown: the machine, the versions and the date, the tables, and
the targets with PASS or FAIL. Run::

    python benchmarks/bench_cli.py                            # 2 GiB, 5 rounds: about 15 minutes
    python benchmarks/bench_cli.py --size-gib 0.1 --repeats 3  # a quick run
    python benchmarks/bench_cli.py --write-docs               # also writes docs/benchmark-cli.md

``--write-docs`` writes the command and, in a code block, exactly what the
run printed, to ``docs/benchmark-cli.md``. Needs pyarrow for the engines.
"""

import argparse
import datetime
import gc
import json
import platform
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np
import pandas as pd

import permetrics_lite
from bench import fmt_time, machine, revision, table  # the script's own directory
from permetrics_lite.io import reading as _reading

TARGETS = {"rss_mb": 600.0, "speed": 1.0}  # our peak RSS, MB (≤); pandas / ours (≥)
CLASSES = 10
AGREEMENT = 0.8
GENERATE_BYTES = 2**26  # bytes of text generated and written at a time
SEED = 0
DOCS = Path(__file__).resolve().parent.parent / "docs"


def layout(text_bytes):
    """The file's header and the bytes of one row: ``d,d\\n``, or ``d,d,`` and a text
    field of ``text_bytes`` letters that no command uses."""
    if text_bytes:
        return b"y,yhat,text\n", 5 + text_bytes
    return b"y,yhat\n", 4


def docs_page(text_bytes):
    return DOCS / ("benchmark-cli-wide.md" if text_bytes else "benchmark-cli.md")

PANDAS_CODE = ("import sys; import pandas as pd; "
               "frame = pd.read_csv(sys.argv[1], usecols=['y', 'yhat']); print(len(frame))")


# --------------------------------------------------------------------------
# The file: generated once in chunks, its counts kept beside it
# --------------------------------------------------------------------------


def data_file(directory, size_gib, text_bytes=0):
    """The CSV of ``size_gib`` GiB and its counts ({"rows", "correct", ...}),
    generated unless it is already there with the right size; and whether it was."""
    header, row_bytes = layout(text_bytes)
    rows = (int(size_gib * 2**30) - len(header)) // row_bytes
    if rows < 1:
        raise SystemExit(f"--size-gib {size_gib}: too small for one row")
    size = len(header) + rows * row_bytes
    directory = Path(directory)
    path = directory / f"labels-{size}{f'-text-{text_bytes}' if text_bytes else ''}.csv"
    counts_path = path.with_suffix(".json")
    if path.is_file() and path.stat().st_size == size and counts_path.is_file():
        counts = json.loads(counts_path.read_text())
        if counts.get("rows") == rows and counts.get("seed") == SEED:
            return path, counts, None
    directory.mkdir(parents=True, exist_ok=True)
    free = shutil.disk_usage(directory).free
    if free < size + 2**30:
        raise SystemExit(f"{directory}: {free / 2**30:.1f} GiB free; the file needs "
                         f"{size / 2**30:.1f} GiB and 1 GiB to spare")
    start = time.perf_counter()
    counts = generate(path, rows, text_bytes)
    counts_path.write_text(json.dumps(counts))
    return path, counts, time.perf_counter() - start


def generate(path, rows, text_bytes=0):
    """Write ``rows`` rows of ``y,yhat`` (and ``text``) in chunks of GENERATE_BYTES;
    return the counts. Written to a partial file first, renamed when whole."""
    header, row_bytes = layout(text_bytes)
    rng = np.random.default_rng(SEED)
    matrix = np.zeros(CLASSES * CLASSES, dtype=np.int64)
    partial = path.with_suffix(".partial")
    with open(partial, "wb") as out:
        out.write(header)
        left = rows
        while left:
            n = min(left, max(1, GENERATE_BYTES // row_bytes))
            y = rng.integers(0, CLASSES, n, dtype=np.uint8)
            wrong = rng.random(n) >= AGREEMENT
            shift = rng.integers(1, CLASSES, n, dtype=np.uint8)
            yhat = np.where(wrong, (y + shift) % CLASSES, y).astype(np.uint8)
            matrix += np.bincount(y.astype(np.int64) * CLASSES + yhat,
                                  minlength=CLASSES * CLASSES)
            text = np.full((n, row_bytes), ord("x"), dtype=np.uint8)
            text[:, 0] = ord("0") + y
            text[:, 1] = ord(",")
            text[:, 2] = ord("0") + yhat
            text[:, 3] = ord(",")  # before the text field, if any
            text[:, -1] = ord("\n")
            out.write(memoryview(text).cast("B"))
            left -= n
            del y, wrong, shift, yhat, text
    partial.replace(path)
    matrix = matrix.reshape(CLASSES, CLASSES)
    return {"rows": rows, "correct": int(np.trace(matrix)), "seed": SEED,
            "matrix": matrix.tolist()}


def warm(path):
    """Read the file once, so that it is in the page cache for every run."""
    start = time.perf_counter()
    with open(path, "rb", buffering=0) as raw:
        block = bytearray(2**24)
        while raw.readinto(block):
            pass
    return time.perf_counter() - start


# --------------------------------------------------------------------------
# Child processes: wall time and peak resident set size
# --------------------------------------------------------------------------


# A small, fresh interpreter that starts the command, waits for it with os.wait4 and
# writes the command's wall time, peak RSS (ru_maxrss, KiB) and exit status to argv[1].
# The kernel carries a process's peak RSS across fork and exec, so a child started
# straight from this process would report at least this process's own peak; started
# from the wrapper, it reports at least the wrapper's (about 10 MB: no imports).
WRAPPER = """\
import json, os, sys, time
start = time.perf_counter()
pid = os.posix_spawn(sys.argv[2], sys.argv[2:], os.environ)
_, status, usage = os.wait4(pid, 0)
seconds = time.perf_counter() - start
with open(sys.argv[1], "w") as out:
    json.dump({"seconds": seconds, "maxrss_kib": usage.ru_maxrss,
               "status": os.waitstatus_to_exitcode(status)}, out)
"""


class Run:
    def __init__(self, seconds, peak_bytes, output):
        self.seconds, self.peak_bytes, self.output = seconds, peak_bytes, output


def measured(command):
    """Run ``command`` (its first item a full path) in a child of a small wrapper
    interpreter: its wall time, its peak RSS (the kernel's ``ru_maxrss`` of that
    child, from ``os.wait4``) and its standard output."""
    with tempfile.TemporaryDirectory(prefix="bench-cli-") as scratch:
        scratch = Path(scratch)
        result = scratch / "usage.json"
        with open(scratch / "out", "w+b") as out, open(scratch / "err", "w+b") as err:
            subprocess.run([sys.executable, "-S", "-c", WRAPPER, str(result), *command],
                           stdout=out, stderr=err, stdin=subprocess.DEVNULL, check=True)
            out.seek(0)
            err.seek(0)
            output, errors = out.read().decode(), err.read().decode()
        usage = json.loads(result.read_text())
    if usage["status"] != 0:
        raise SystemExit(f"{' '.join(map(str, command))} exited with {usage['status']}:\n"
                         f"{errors}")
    return Run(usage["seconds"], usage["maxrss_kib"] * 1024, output)  # KiB on Linux


def ours_command(path):
    return [sys.executable, "-m", "permetrics_lite", "report", str(path),
            "--true", "y", "--pred", "yhat", "--format", "json"]


def pandas_command(path):
    return [sys.executable, "-c", PANDAS_CODE, str(path)]


def check_ours(run, counts):
    """The report's n_samples and AS are those of the generated file."""
    summary = json.loads(run.output)["summary"]
    n_samples, accuracy = int(summary["n_samples"]), float(summary["AS"])
    expected = counts["correct"] / counts["rows"]
    assert n_samples == counts["rows"], (n_samples, counts["rows"])
    assert abs(accuracy - expected) <= 1e-6, (accuracy, expected)
    return n_samples, accuracy


def check_pandas(run, counts):
    assert int(run.output.split()[-1]) == counts["rows"], (run.output, counts["rows"])


def alternating(competitors, repeats):
    """{name: [result of each round]}: every round runs each competitor once, in the
    order given (a, b, a, b, ...), so that load from other jobs falls on all of them."""
    results = {name: [] for name in competitors}
    for _ in range(repeats):
        for name, run in competitors.items():
            gc.collect()
            results[name].append(run())
    return results


# --------------------------------------------------------------------------
# The CSV engines, in this process
# --------------------------------------------------------------------------


def pandas_chunks(path, text_bytes=0):
    """pandas' C parser in chunks of the size ``io.reading`` reads a CSV in: the rows read."""
    header, row_bytes = layout(text_bytes)
    rows = 0
    size = _reading.rows_per_chunk(header.count(b",") + 1, row_bytes, 1)
    reader = pd.read_csv(path, usecols=["y", "yhat"], chunksize=size,
                         keep_default_na=False, na_values=[""])
    with reader:
        for frame in reader:
            rows += len(frame)
    return rows, frame.dtypes.astype(str).tolist()


def arrow_batches(path):
    """pyarrow's streaming CSV reader, each record batch converted to pandas: the rows read."""
    from pyarrow import csv

    rows = 0
    reader = csv.open_csv(path, convert_options=csv.ConvertOptions(include_columns=["y", "yhat"]))
    for batch in reader:
        frame = batch.to_pandas()
        rows += len(frame)
    return rows, frame.dtypes.astype(str).tolist()


def timed(function):
    def run():
        start = time.perf_counter()
        result = function()
        return time.perf_counter() - start, result
    return run


# --------------------------------------------------------------------------
# Report
# --------------------------------------------------------------------------


def median(values):
    return float(np.median(values))


def fmt_ratio(peer, own):
    """The ratio of the medians, and the range of the ratios of single rounds."""
    rounds = [p / o for p, o in zip(peer, own)]
    return f"{median(peer) / median(own):.2f}× ({min(rounds):.2f}–{max(rounds):.2f})"


def fmt_mb(size):
    return f"{size / 1e6:,.0f} MB"


def fmt_rate(size, rows, seconds):
    return f"{size / 1e6 / seconds:,.0f} MB/s, {rows / 1e6 / seconds:,.1f} M rows/s"


def versions():
    import pyarrow

    found = {"python": platform.python_version(), "numpy": np.__version__,
             "pandas": pd.__version__, "pyarrow": pyarrow.__version__,
             "permetrics_lite": permetrics_lite.__version__}
    return ", ".join(f"{name} {version}" for name, version in found.items())


def main(argv=None):
    parser = argparse.ArgumentParser(description=" ".join(__doc__.split("\n\n")[0].split()))
    parser.add_argument("--size-gib", type=float, default=2.0,
                        help="size of the CSV in GiB (default: 2)")
    parser.add_argument("--repeats", type=int, default=5,
                        help="rounds of each comparison; times are their medians (default: 5)")
    parser.add_argument("--data-dir", default=str(Path(tempfile.gettempdir())
                                                  / "permetrics-lite-bench-cli"),
                        help="where the CSV is generated and kept (default: %(default)s)")
    parser.add_argument("--text-bytes", type=int, default=0,
                        help="add a text column of this many bytes a row, which no command "
                             "uses (default: 0, no such column)")
    parser.add_argument("--write-docs", action="store_true",
                        help="also write the command and the output to docs/benchmark-cli.md "
                             "(benchmark-cli-wide.md with --text-bytes)")
    args = parser.parse_args(argv)
    if args.repeats < 1:
        parser.error("--repeats must be 1 or more")
    arguments = list(sys.argv[1:] if argv is None else argv)
    command = "python benchmarks/bench_cli.py" + "".join(f" {a}" for a in arguments)
    lines = []
    rounds = f"{args.repeats} round{'s' if args.repeats > 1 else ''}"

    def say(text=""):
        print(text, flush=True)
        lines.append(text)

    if args.text_bytes < 0:
        parser.error("--text-bytes must be 0 or more")
    path, counts, generated = data_file(args.data_dir, args.size_gib, args.text_bytes)
    size, rows = path.stat().st_size, counts["rows"]
    warmed = warm(path)

    say(f"# The command line on a {size / 2**30:.2f} GiB CSV\n")
    say(f"- command: `{command}`")
    say(f"- date: {datetime.date.today().isoformat()}")
    say(f"- versions: {versions()}")
    say(f"- code: permetrics_lite at {revision()}")
    say(f"- machine: {machine()}; shared with other jobs: each time is the median of "
        f"{rounds}, the competitors alternating")
    made = (f"generated in {generated:.1f} s" if generated is not None
            else "generated earlier and reused")
    columns = f"`y,yhat,text` ({args.text_bytes:,} bytes of text a row)" if args.text_bytes \
        else "`y,yhat`"
    say(f"- file: {size:,} bytes, {rows:,} rows of {columns} ({CLASSES} classes, "
        f"{counts['correct'] / rows:.4%} agreement), {made}; read once before the runs "
        f"({fmt_time(warmed)}), so that they find it in the page cache")
    say("- peak memory: the child's `ru_maxrss` from `os.wait4` (MB = 10^6 bytes); "
        "every command runs in its own child, its interpreter start-up and imports included\n")

    ours = ours_command(path)
    theirs = pandas_command(path)
    say(f"## The command line beside pandas.read_csv ({rounds}: ours, pandas, "
        "ours, pandas, ...)\n")
    runs = alternating({"ours": lambda: measured(ours), "pandas": lambda: measured(theirs)},
                       args.repeats)
    for run in runs["ours"]:
        n_samples, accuracy = check_ours(run, counts)
    for run in runs["pandas"]:
        check_pandas(run, counts)
    own = [run.seconds for run in runs["ours"]]
    peer = [run.seconds for run in runs["pandas"]]
    own_peak = max(run.peak_bytes for run in runs["ours"])
    peer_peak = max(run.peak_bytes for run in runs["pandas"])
    rows_table = [
        ["`permetrics-lite report FILE --true y --pred yhat` "
         "(`python -m permetrics_lite`)", fmt_time(median(own)),
         f"{fmt_time(min(own))} – {fmt_time(max(own))}", fmt_rate(size, rows, median(own)),
         fmt_mb(own_peak)],
        ["`pandas.read_csv(FILE, usecols=[\"y\", \"yhat\"])` (`python -c`)",
         fmt_time(median(peer)), f"{fmt_time(min(peer))} – {fmt_time(max(peer))}",
         fmt_rate(size, rows, median(peer)), fmt_mb(peer_peak)],
    ]
    say(table(["command", "median time", "fastest – slowest", "rate (median)",
               "peak RSS (highest)"], rows_table))
    say(f"\npandas / ours: {fmt_ratio(peer, own)}. Every report gave n_samples = "
        f"{n_samples:,} and AS = {accuracy:.6f}, as generated; every pandas read gave "
        f"{rows:,} rows.\n")

    say(f"## CSV engines, in this process ({rounds}, alternating)\n")
    engines = alternating({"pandas": timed(lambda: pandas_chunks(path, args.text_bytes)),
                           "pyarrow": timed(lambda: arrow_batches(path))}, args.repeats)
    for name, results in engines.items():
        for _, (read, dtypes) in results:
            assert read == rows, (name, read, rows)
    pandas_times = [seconds for seconds, _ in engines["pandas"]]
    arrow_times = [seconds for seconds, _ in engines["pyarrow"]]
    import pyarrow

    say(table(["engine", "median time", "fastest – slowest", "rate (median)", "columns"], [
        ["pandas C parser in chunks of `io.reading`'s size, `usecols`, ("
         "`keep_default_na=False, na_values=[\"\"]`)", fmt_time(median(pandas_times)),
         f"{fmt_time(min(pandas_times))} – {fmt_time(max(pandas_times))}",
         fmt_rate(size, rows, median(pandas_times)),
         ", ".join(engines["pandas"][0][1][1])],
        ["pyarrow `csv.open_csv(..., ConvertOptions(include_columns=...))`, "
         "each batch `.to_pandas()`", fmt_time(median(arrow_times)),
         f"{fmt_time(min(arrow_times))} – {fmt_time(max(arrow_times))}",
         fmt_rate(size, rows, median(arrow_times)),
         ", ".join(engines["pyarrow"][0][1][1])],
    ]))
    faster = "pandas" if median(pandas_times) <= median(arrow_times) else "pyarrow"
    say(f"\npyarrow / pandas: {fmt_ratio(arrow_times, pandas_times)}; faster: {faster}. "
        f"Both read every one of the {rows:,} rows. The pandas C parser is single-threaded; "
        f"pyarrow may use {pyarrow.cpu_count()} threads.\n")

    speed = median(peer) / median(own)
    targets = [
        (f"peak RSS of the command line: {fmt_mb(own_peak)} (≤ {TARGETS['rss_mb']:g} MB)",
         own_peak / 1e6 <= TARGETS["rss_mb"]),
    ]
    if args.text_bytes:  # pandas' usecols skips the text; the command line reads whole rows
        say("The command line reads every field of a row, so that a row of more fields than "
            "the header is an error, never a shift of the columns; pandas' `usecols` skips "
            "the unused field (and any extra one) unread. The speed target is the narrow "
            f"file's; here pandas.read_csv / command line is {speed:.2f}×.\n")
    else:
        targets.append((f"pandas.read_csv / command line: {speed:.2f}× "
                        f"(≥ {TARGETS['speed']:g}×)", speed >= TARGETS["speed"]))
    say(f"## Targets ({size / 2**30:.2f} GiB)\n")
    for text, passed in targets:
        say(f"- {'PASS' if passed else 'FAIL'}: {text}")

    if args.write_docs:
        docs_page(args.text_bytes).write_text(
            f"`{command}`\n\n```text\n" + "\n".join(lines) + "\n```\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
