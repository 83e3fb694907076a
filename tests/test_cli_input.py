"""The command line's input: compressed files, standard input, encodings, chunks
of rows, and the file lines its messages name."""

import bz2
import gzip
import io
import json
import lzma
import subprocess
import zipfile

import numpy as np
import pandas as pd
import pytest
import zstandard
from hypothesis import given, settings
from hypothesis import strategies as st

from permetrics_lite import ClassificationMetric
from permetrics_lite.io import cli, progress as _progress, reading as _reading
from tests.helpers import ENTRY_POINT, run_command
from tests.strategies import examples

DATA_ERROR = 1


def run(*args, stdin=b""):
    return run_command(*args, stdin=stdin, text=False)


def in_process(*args, capsys=None):
    """``main`` in this process: its status, standard output and standard error."""
    status = cli.main([str(a) for a in args])
    out, err = capsys.readouterr()
    return status, out, err


@pytest.fixture(scope="module")
def frame():
    rng = np.random.default_rng(3)
    true = rng.choice(["cat", "dog", "fox"], size=400)
    pred = np.where(rng.random(400) < 0.6, true, rng.choice(["cat", "dog", "fox"], size=400))
    return pd.DataFrame({"y": true, "yhat": pred, "w": rng.integers(1, 8, size=400) / 4})


def printed_matrix(stdout):
    """The confusion matrix of ``score ... CM --format json``."""
    return np.array(json.loads(stdout)["CM"])


def expected_matrix(frame, weighted=True):
    return ClassificationMetric(frame["y"].to_numpy(), frame["yhat"].to_numpy(),
                                sample_weight=frame["w"].to_numpy() if weighted else None).CM()


# --------------------------------------------------------------------------
# Compression and standard input
# --------------------------------------------------------------------------


def _zip(data):
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("predictions.csv", data)
    return buffer.getvalue()


COMPRESSORS = {
    ".gz": gzip.compress, ".bz2": bz2.compress, ".xz": lzma.compress,
    ".zst": zstandard.ZstdCompressor().compress, ".zip": _zip,
}


@pytest.mark.parametrize("suffix", list(COMPRESSORS))
def test_compressed_csv_reads_as_the_plain_file(frame, tmp_path, suffix):
    path = tmp_path / f"predictions.csv{suffix}"
    path.write_bytes(COMPRESSORS[suffix](frame.to_csv(index=False, sep=";").encode()))
    result = run("score", path, "--true", "y", "--pred", "yhat", "--weight", "w", "CM",
                 "--format", "json")
    assert result.returncode == 0, result.stderr
    np.testing.assert_array_equal(printed_matrix(result.stdout), expected_matrix(frame))


def test_compression_is_known_by_its_bytes_from_standard_input(frame):
    data = gzip.compress(frame.to_csv(index=False).encode())
    result = run("score", "-", "--true", "y", "--pred", "yhat", "CM", "--format", "json",
                 stdin=data)
    assert result.returncode == 0, result.stderr
    np.testing.assert_array_equal(printed_matrix(result.stdout), expected_matrix(frame, False))


def test_parquet_from_standard_input_is_sniffed_or_named(frame):
    buffer = io.BytesIO()
    frame.to_parquet(buffer)
    for options in ([], ["--input-format", "parquet"]):
        result = run("score", "-", "--true", "y", "--pred", "yhat", "--weight", "w", "CM",
                     "--format", "json", *options, stdin=buffer.getvalue())
        assert result.returncode == 0, result.stderr
        np.testing.assert_array_equal(printed_matrix(result.stdout), expected_matrix(frame))


def test_a_zip_of_two_files_and_compressed_parquet_are_refused(frame, tmp_path):
    two = tmp_path / "two.zip"
    with zipfile.ZipFile(two, "w") as archive:
        archive.writestr("a.csv", "y,yhat\n1,1\n")
        archive.writestr("b.csv", "y,yhat\n1,1\n")
    parquet = tmp_path / "predictions.parquet.gz"
    buffer = io.BytesIO()
    frame.to_parquet(buffer)
    parquet.write_bytes(gzip.compress(buffer.getvalue()))
    for path, message in [(two, f"{two} is a zip archive of 2 files; it must hold one: "
                                "['a.csv', 'b.csv']"),
                          (parquet, f"{parquet} is Parquet compressed with gzip; Parquet "
                                    "compresses its own pages")]:
        result = run("score", path, "--true", "y", "--pred", "yhat", "AS")
        assert result.returncode == DATA_ERROR
        assert result.stderr.decode().startswith(f"permetrics-lite: error: {message}")


# --------------------------------------------------------------------------
# Encodings
# --------------------------------------------------------------------------


def test_encoding_reads_other_encodings_and_undecodable_bytes_name_their_place(tmp_path):
    data = "y,yhat\nthé,thé\ncafé,thé\ncafé,café\n".encode("latin-1")
    path = tmp_path / "latin.csv"
    path.write_bytes(data)
    result = run("score", path, "--true", "y", "--pred", "yhat", "CM", "--format", "json",
                 "--encoding", "latin-1")
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["CM"] == [[1, 1], [0, 1]]  # café, thé

    result = run("score", path, "--true", "y", "--pred", "yhat", "AS")
    offset = data.index(b"\xe9")
    assert result.returncode == DATA_ERROR
    assert result.stderr.decode() == (
        f"permetrics-lite: error: {path} line 2 (byte {offset}): cannot decode b'\\xe9' as "
        "utf-8; give the file's encoding with --encoding (for example --encoding latin-1 or "
        "utf-16)\n")

    result = run("score", path, "--true", "y", "--pred", "yhat", "AS", "--encoding", "klingon")
    assert result.returncode == 2  # a usage error, found before reading
    assert "argument --encoding: 'klingon' is not a text encoding" in result.stderr.decode()


# --------------------------------------------------------------------------
# Chunks of rows (in this process, with chunks of a few rows)
# --------------------------------------------------------------------------


@pytest.fixture
def small_chunks(monkeypatch):
    monkeypatch.setattr(_reading, "CHUNK_ROWS", 3)


labels = st.one_of(st.sampled_from(["a", "b", "c", "d"]), st.integers(-2, 3))


@settings(max_examples=examples(40), deadline=None)
@given(rows=st.lists(st.tuples(labels, labels, st.integers(0, 8), st.sampled_from("gh")),
                     min_size=1, max_size=25),
       chunk=st.integers(1, 6))
def test_chunked_evaluation_equals_the_whole_file(tmp_path_factory, rows, chunk):
    folder = tmp_path_factory.mktemp("chunks")
    data = pd.DataFrame(rows, columns=["t", "p", "w", "g"])
    data["w"] = data["w"] / 4 + 0.25  # positive, and exact in binary
    path = folder / "rows.csv"
    data.to_csv(path, index=False)
    whole = pd.read_csv(path)  # what pandas reads of the whole file: the kinds of every value
    out = folder / "out.json"
    original = _reading.CHUNK_ROWS
    _reading.CHUNK_ROWS = chunk
    try:
        status = cli.main(["score", str(path), "--true", "t", "--pred", "p", "--weight", "w",
                           "CM", "--format", "json", "--output", str(out), "--quiet"])
    finally:
        _reading.CHUNK_ROWS = original
    true, pred = whole["t"].to_numpy(), whole["p"].to_numpy()
    kinds = {np.asarray(true).dtype.kind, np.asarray(pred).dtype.kind}
    if len(kinds) > 1:  # text against numbers: the whole file is refused the same way
        assert status == DATA_ERROR
        with pytest.raises(TypeError, match="has string labels"):
            ClassificationMetric(true, pred)
    else:
        assert status == 0
        classes = sorted(set(true) | set(pred))
        expected = np.zeros((len(classes), len(classes)))
        for t, p, w in zip(true, pred, whole["w"]):  # brute force, sample by sample
            expected[classes.index(t), classes.index(p)] += w
        np.testing.assert_array_equal(json.loads(out.read_text())["CM"], expected)


def test_a_column_that_turns_to_text_in_a_later_chunk_is_text_throughout(tmp_path, capsys,
                                                                           small_chunks):
    path = tmp_path / "kinds.csv"
    path.write_text("t,p\n1,1\n2,2\n01,1\n1,2\nx,x\n2,x\n")  # "01" stays "01", as in pandas
    status, out, err = in_process("score", path, "--true", "t", "--pred", "p", "CM",
                                  "--format", "json", capsys=capsys)
    assert status == 0, err
    # classes "01", "1", "2", "x"
    assert json.loads(out)["CM"] == [[0, 1, 0, 0], [0, 1, 1, 0], [0, 0, 1, 1], [0, 0, 0, 1]]
    assert pd.read_csv(path)["t"].tolist() == ["1", "2", "01", "1", "x", "2"]  # the oracle's kinds


def test_integers_then_floats_are_one_class_per_number(tmp_path, capsys, small_chunks):
    path = tmp_path / "numbers.csv"
    path.write_text("t,p\n1,1\n2,2\n1,1\n1.0,3\n2,2.0\n")
    status, out, err = in_process("score", path, "--true", "t", "--pred", "p", "CM", "--format",
                                  "json", capsys=capsys)
    assert status == 0, err
    assert json.loads(out)["CM"] == [[2, 0, 1], [0, 2, 0], [0, 0, 0]]
    assert pd.read_csv(path)["t"].dtype == np.float64  # the oracle: the whole file, floats


def test_a_value_at_a_position_of_a_chunk_is_named_by_its_line(tmp_path, capsys, small_chunks):
    path = tmp_path / "fractions.csv"
    path.write_text("t,p,g\n1,1,a\n2,2,b\n1,1,a\n1,2,a\n2,2.5,b\n")
    for group in ([], ["--group", "g"]):
        status, _, err = in_process("score", path, "--true", "t", "--pred", "p", "AS", *group,
                                    capsys=capsys)
        assert status == DATA_ERROR
        assert err.startswith(f"permetrics-lite: error: {path} line 6: column 'p' (--pred) "
                              "contains non-integral values (e.g. 2.5 at line 6)"), err
        assert "use --scores" in err


def test_parquet_is_read_in_batches(frame, tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(_reading, "CHUNK_ROWS", 40)  # 400 rows: 10 batches
    path = tmp_path / "predictions.parquet"
    frame.to_parquet(path)
    status, out, err = in_process("score", path, "--true", "y", "--pred", "yhat", "--weight", "w",
                                  "CM", "--format", "json", capsys=capsys)
    assert status == 0, err
    np.testing.assert_array_equal(printed_matrix(out), expected_matrix(frame))


def test_groups_are_tallied_across_chunks(frame, tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(_reading, "CHUNK_ROWS", 40)  # 400 rows: 10 chunks
    path = tmp_path / "groups.csv"
    frame.assign(g=np.arange(len(frame)) % 3).to_csv(path, index=False)
    status, out, err = in_process("score", path, "--true", "y", "--pred", "yhat", "--group", "g",
                                  "--weight", "w", "AS", "--format", "json", capsys=capsys)
    assert status == 0, err
    printed = json.loads(out)
    for g in range(3):
        part = frame[np.arange(len(frame)) % 3 == g]
        right = (part["y"] == part["yhat"]).to_numpy()
        assert printed[str(g)]["AS"] == pytest.approx(part["w"][right].sum() / part["w"].sum(),
                                                      rel=1e-15)


# --------------------------------------------------------------------------
# Messages that name the file's line
# --------------------------------------------------------------------------

# Line 1 the header; line 4 blank; a quoted value spans lines 6 and 7.
LINES = 't,p,w\na,a,1\nb,b,1\n\nb,a,1\n"multi\nline",a,1\na,b,1\n'


@pytest.mark.parametrize("last, flags, message", [
    ("a,,1", [], "line 9: empty value in column 'p'"),
    ("a,b,heavy", ["--weight", "w"], "line 9: 'heavy' in column 'w' is not a number"),
    ("a,b,-2", ["--weight", "w"], "line 9: -2 in column 'w' is negative: a weight is 0 or more"),
    ("a,b,inf", ["--weight", "w"], "line 9: inf in column 'w' is not a finite number"),
    ("a,b,1,1", ["--weight", "w"], "line 9: 4 fields, where the header has 3"),
    (f"a,b,{'9' * 50}x{'9' * 50}", ["--weight", "w"],  # echoed in 80 characters
     f"line 9: '{'9' * 50}x{'9' * 27}… in column 'w' is not a number"),
])
def test_bad_values_name_the_physical_line(tmp_path, capsys, small_chunks, last, flags, message):
    path = tmp_path / "lines.csv"
    path.write_text(LINES + last + "\n")
    status, out, err = in_process("score", path, "--true", "t", "--pred", "p", "AS", *flags,
                                  capsys=capsys)
    assert status == DATA_ERROR and out == ""
    assert err.startswith("permetrics-lite: error: "), err
    assert message.format(path=path) in err, err
    if message.startswith("line"):
        assert err.startswith(f"permetrics-lite: error: {path} {message}")


def test_a_parquet_value_is_named_by_its_row(tmp_path, capsys, small_chunks):
    path = tmp_path / "holes.parquet"
    pd.DataFrame({"t": ["a", "b", "a", "b", "a"], "p": ["a", "b", "a", None, "a"]}).to_parquet(path)
    status, _, err = in_process("score", path, "--true", "t", "--pred", "p", "AS", capsys=capsys)
    assert status == DATA_ERROR
    assert err == f"permetrics-lite: error: {path} row 4: empty value in column 'p'\n"


def test_a_header_without_rows_is_an_error(tmp_path):
    path = tmp_path / "header.csv"
    path.write_text("t,p\n")
    result = run("score", path, "--true", "t", "--pred", "p", "AS")
    assert result.returncode == DATA_ERROR
    assert result.stderr.decode() == f"permetrics-lite: error: {path} has a header but no rows\n"


# --------------------------------------------------------------------------
# Progress
# --------------------------------------------------------------------------


class Terminal(io.StringIO):
    def __init__(self, tty=True):
        super().__init__()
        self.tty = tty

    def isatty(self):
        return self.tty


class Clock:
    def __init__(self):
        self.now = 100.0

    def __call__(self):
        return self.now


def test_progress_appears_after_a_second_on_a_terminal_and_is_erased():
    stream, clock = Terminal(), Clock()
    progress = _progress.Progress(stream, clock)
    clock.now += 0.5
    progress.update(1_000)
    assert stream.getvalue() == ""  # under a second: nothing
    clock.now += 1.5
    progress.update(4_000_000)
    assert stream.getvalue() == "\rread 4,000,000 rows (2,000,000 rows/s)"
    clock.now += 0.1
    progress.update(4_100_000)  # redrawn at most five times a second
    assert stream.getvalue().count("\r") == 1
    progress.done()
    assert stream.getvalue().endswith("\r\033[K")


def test_progress_writes_nothing_when_not_a_terminal():
    stream, clock = Terminal(tty=False), Clock()
    progress = _progress.Progress(stream, clock)
    clock.now += 10
    progress.update(10**7)
    progress.done()
    assert stream.getvalue() == ""


# --------------------------------------------------------------------------
# Files that once gave a wrong number or a traceback
# --------------------------------------------------------------------------


def test_a_column_of_numbers_then_text_within_one_chunk_is_text(tmp_path, capsys):
    n = 300_000  # more rows than pandas parses in one block of a chunk
    groups = np.where(np.arange(n) % 2, "2", "1").astype(object)
    groups[250_000:250_010] = "x"
    path = tmp_path / "wide.csv"
    pd.DataFrame({"y": np.arange(n) % 3, "p": np.arange(n) % 2, "g": groups}).to_csv(
        path, index=False)
    status, out, err = in_process("score", path, "--true", "y", "--pred", "p", "--group", "g",
                                  "AS", "--format", "json", "--quiet", capsys=capsys)
    assert status == 0 and err == "", err
    whole = pd.read_csv(path, dtype={"g": str})
    printed = json.loads(out)
    assert list(printed) == ["1", "2", "x", "difference", "ratio"]
    for g in ("1", "2", "x"):
        part = whole[whole["g"] == g]
        assert printed[g]["AS"] == pytest.approx((part["y"] == part["p"]).mean(), rel=1e-15)


@pytest.mark.parametrize("text, line, fields", [
    ("note,y,p\nfine,a,a\nbad, comma,a,b\nok,b,b\n", 3, 4),  # an unused column shifted
    ("id,y,p\n1,a,a,x\n2,b,b,y\n", 2, 4),  # every row one field more: never an index
])
def test_a_row_of_more_fields_than_the_header_is_an_error(tmp_path, capsys, text, line, fields):
    path = tmp_path / "ragged.csv"
    path.write_text(text)
    status, out, err = in_process("score", path, "--true", "y", "--pred", "p", "AS",
                                  capsys=capsys)
    assert status == DATA_ERROR and out == ""
    header = len(text.splitlines()[0].split(","))
    assert err == (f"permetrics-lite: error: {path} line {line}: {fields} fields, where the "
                   f"header has {header}\n")


def test_each_group_is_evaluated_over_every_class(tmp_path, capsys, small_chunks):
    from sklearn.metrics import f1_score, precision_score

    frame = pd.DataFrame({"y": list("abacac"), "p": list("abbcaa"), "g": list("xxxyyy")})
    path = tmp_path / "classes.csv"
    frame.to_csv(path, index=False)
    status, out, err = in_process("score", path, "--true", "y", "--pred", "p", "--group", "g",
                                  "--average", "macro", "--zero-division", "0", "F1S", "PS",
                                  "--format", "json", capsys=capsys)
    assert status == 0, err
    printed = json.loads(out)
    for g in ("x", "y"):
        part = frame[frame["g"] == g]
        for name, score in (("F1S", f1_score), ("PS", precision_score)):
            assert printed[g][name] == pytest.approx(score(
                part["y"], part["p"], labels=["a", "b", "c"], average="macro",
                zero_division=0), rel=1e-15)


def test_a_group_that_weighs_zero_is_named(tmp_path, capsys):
    path = tmp_path / "weights.csv"
    path.write_text("y,p,w,g\na,a,1,x\nb,a,1,x\na,b,0,z\n")
    status, _, err = in_process("score", path, "--true", "y", "--pred", "p", "--weight", "w",
                                "--group", "g", "AS", capsys=capsys)
    assert status == DATA_ERROR
    assert "all zero in every one of the rows of group 'z'" in err, err
    assert "column 'w' (--weight)" in err and "sample_weight" not in err


def test_labels_order_the_score_columns_by_name_and_keep_the_positive_class(tmp_path, capsys):
    from sklearn.metrics import roc_auc_score

    path = tmp_path / "scores.csv"
    path.write_text("y,a,b,c,s\na,0.7,0.2,0.1,0.2\nb,0.1,0.6,0.3,0.9\nc,0.2,0.2,0.6,0.4\n"
                    "a,0.2,0.5,0.3,0.7\n")
    status, out, err = in_process("score", path, "AS", "CM", "--true", "y", "--scores", "a",
                                  "b", "c", "--labels", "c", "b", "a", "--format", "json",
                                  capsys=capsys)
    assert status == 0, err
    assert json.loads(out) == {"AS": 0.75, "CM": [[1, 0, 0], [0, 1, 0], [0, 1, 1]]}  # c, b, a
    binary = tmp_path / "binary.csv"
    binary.write_text("y,s\nham,0.2\nspam,0.9\nham,0.4\nspam,0.3\nham,0.1\n")
    expected = roc_auc_score(["ham", "spam", "ham", "spam", "ham"], [0.2, 0.9, 0.4, 0.3, 0.1])
    for labels in (["ham", "spam"], ["spam", "ham"]):
        status, out, err = in_process("score", binary, "AUC", "--true", "y", "--labels",
                                      *labels, "--format", "json", "--scores", "s",
                                      capsys=capsys)
        assert status == 0, err
        assert json.loads(out)["AUC"] == pytest.approx(expected, rel=1e-15)
    status, _, err = in_process("score", binary, "AUC", "--true", "y", "--pos-label", "eggs",
                                "--scores", "s", capsys=capsys)
    assert status == DATA_ERROR
    assert "--pos-label 'eggs' is not a class of column 'y' (--true), whose classes are " \
           "['ham', 'spam']" in err


def test_corrupt_input_duplicate_columns_and_directories_are_one_line(frame, tmp_path):
    truncated = tmp_path / "cut.csv.gz"
    compressed = gzip.compress(frame.rename(columns={"yhat": "p"}).to_csv(index=False).encode())
    truncated.write_bytes(compressed[: len(compressed) // 2])
    twice = tmp_path / "twice.csv"
    twice.write_text("y,y,p\na,b,a\n")
    for path, message in [(truncated, f"cannot read {truncated}: "),
                          (twice, f"{twice} line 1: column 'y' appears 2 times"),
                          (tmp_path, f"cannot read {tmp_path}: it is a directory")]:
        result = run("score", path, "--true", "y", "--pred", "p", "AS")
        stderr = result.stderr.decode()
        assert result.returncode == DATA_ERROR and stderr.count("\n") == 1, stderr
        assert stderr.startswith(f"permetrics-lite: error: {message}"), stderr


def test_a_pipe_is_read_like_standard_input(frame, tmp_path):
    path = tmp_path / "predictions.csv"
    frame.to_csv(path, index=False)
    result = subprocess.run(["bash", "-c", f"'{ENTRY_POINT}' score "
                             f"<(cat '{path}') --true y --pred yhat CM --format json"],
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    np.testing.assert_array_equal(printed_matrix(result.stdout), expected_matrix(frame, False))


def test_the_copy_of_standard_input_is_removed_even_after_an_error(tmp_path):
    import os

    spool = tmp_path / "spool"
    spool.mkdir()
    archive = io.BytesIO()
    with zipfile.ZipFile(archive, "w") as two:
        two.writestr("a.csv", "y,p\na,a\n")
        two.writestr("b.csv", "y,p\na,a\n")
    result = subprocess.run([ENTRY_POINT, "score", "-", "--true", "y", "--pred", "p", "AS"],
                            input=archive.getvalue(), env=dict(os.environ, TMPDIR=str(spool)),
                            capture_output=True, timeout=120)
    assert result.returncode == DATA_ERROR
    assert b"is a zip archive of 2 files" in result.stderr
    assert list(spool.iterdir()) == []


def test_whitespace_lines_and_a_character_cut_by_a_block_end_count_right(tmp_path, capsys):
    path = tmp_path / "spaces.csv"
    path.write_text("y,p\na,a\n   \n\t\nb,b\na,\n")
    status, _, err = in_process("score", path, "--true", "y", "--pred", "p", "AS",
                                capsys=capsys)
    assert status == DATA_ERROR
    assert err == f"permetrics-lite: error: {path} line 6: empty value in column 'p'\n"
    cut = tmp_path / "cut.csv"
    head = b"y,p\n" + b"a,a\n" * ((2**20 - 5) // 4)
    # a two-byte character across the end of the first MiB, then a byte that is no UTF-8
    data = head + b"x" * (2**20 - 1 - len(head)) + "é".encode() + b",a\n\xff,a\n"
    cut.write_bytes(data)
    status, _, err = in_process("score", cut, "--true", "y", "--pred", "p", "AS", capsys=capsys)
    assert status == DATA_ERROR
    bad = data.index(b"\xff")
    line = data.count(b"\n", 0, bad) + 1
    assert err.startswith(f"permetrics-lite: error: {cut} line {line:,} (byte {bad:,}): cannot "
                          "decode b'\\xff' as utf-8"), err


def test_the_progress_line_is_erased_before_an_error(tmp_path, monkeypatch):
    stream, clock = Terminal(), Clock()
    progress = _progress.Progress(stream, clock)
    path = tmp_path / "rows.csv"
    path.write_text("y,p\n" + "a,a\n" * 10)
    source = _reading.Source(str(path))

    def consume(chunks):
        for _ in chunks:
            clock.now += 5
        raise _reading.DataError("a problem")

    with pytest.raises(_reading.DataError):
        _reading.evaluated(source, _reading.Columns({"--true": "y", "--pred": "p"}), consume,
                           progress)
    assert stream.getvalue().startswith("\rread ") and stream.getvalue().endswith("\r\033[K")


# --------------------------------------------------------------------------
# Scores streamed in chunks
# --------------------------------------------------------------------------

SCORE_METRICS = ["AUC", "APS", "LL", "BSL", "ECE", "AS", "MCC"]


def streamed(path, *flags, chunk=3):
    """The json scores of the command on ``path`` read in chunks of ``chunk`` rows."""
    original = _reading.CHUNK_ROWS
    _reading.CHUNK_ROWS = chunk
    out = path.with_suffix(".json")
    try:
        status = cli.main(["score", str(path), "--true", "y", *SCORE_METRICS, "--format",
                           "json", "--output", str(out), "--quiet", *flags])
    finally:
        _reading.CHUNK_ROWS = original
    assert status == 0
    return json.loads(out.read_text())


def expected_scores(cm):
    return {name: getattr(cm, name)() for name in SCORE_METRICS}


@pytest.mark.parametrize("decimals", [None, 1])
def test_scores_streamed_in_chunks_equal_from_scores_of_the_whole_file(tmp_path, decimals):
    rng = np.random.default_rng(8)
    y = np.sort(rng.choice(["ham", "spam", "eggs"], 40))  # sorted: chunks of one class
    matrix = rng.dirichlet(np.ones(3), 40)
    weight = rng.integers(1, 5, 40) / 4
    data = pd.DataFrame(matrix, columns=["eggs", "ham", "spam"]).assign(y=y, w=weight)
    data["p"] = data["spam"]
    path = tmp_path / "scores.csv"
    data.to_csv(path, index=False)
    whole = pd.read_csv(path)
    flags = [] if decimals is None else ["--score-decimals", str(decimals)]
    rounded = whole if decimals is None else whole.round(decimals)
    binary = rounded["y"].where(rounded["y"] == "spam", "other")
    path_binary = tmp_path / "binary.csv"
    whole.assign(y=whole["y"].where(whole["y"] == "spam", "other")).to_csv(path_binary,
                                                                          index=False)
    cases = [(path_binary, binary, ["p"], rounded["p"])]
    if decimals is None:  # rows rounded to 1 decimal do not sum to 1: not probabilities
        cases.append((path, whole["y"], ["eggs", "ham", "spam"],
                      whole[["eggs", "ham", "spam"]]))
    for file, true, columns, scores in cases:
        for weighted in (False, True):
            got = streamed(file, "--scores", *columns, *flags,
                           *(["--weight", "w"] if weighted else []))
            cm = ClassificationMetric.from_scores(true.to_numpy(), scores,
                                                  sample_weight=whole["w"] if weighted else None)
            expected = expected_scores(cm)
            assert got.keys() == expected.keys()
            for name in expected:
                assert got[name] == pytest.approx(expected[name], rel=1e-12), (file, name)


def test_a_bad_score_in_a_later_chunk_names_its_line(tmp_path, capsys):
    path = tmp_path / "scores.csv"
    path.write_text("y,s\na,0.1\nb,0.7\na,0.2\nb,inf\nb,0.9\n")
    original = _reading.CHUNK_ROWS
    _reading.CHUNK_ROWS = 2
    try:
        status, out, err = in_process("score", path, "--true", "y", "AUC", "--scores", "s",
                                      capsys=capsys)
    finally:
        _reading.CHUNK_ROWS = original
    assert status == DATA_ERROR and out == ""
    assert err == (f"permetrics-lite: error: {path} line 5: inf in column 's' is not a finite "
                   "number\n")


def test_score_decimals_needs_scores(tmp_path):
    path = tmp_path / "labels.csv"
    path.write_text("y,p\na,a\nb,a\n")
    result = run("score", path, "--true", "y", "--pred", "p", "AS", "--score-decimals", "2")
    assert result.returncode == 2
    assert "--score-decimals applies to --scores: it rounds the scores" in result.stderr.decode()


def test_weighted_scores_streamed_keep_their_bootstrap_and_words(tmp_path, capsys):
    path = tmp_path / "weighted.csv"
    path.write_text("y,p,w\n0,0.1,1\n1,0.8,2\n0,0.3,1\n1,0.6,1\n0,0.7,2\n1,0.4,1\n")
    status, out, err = in_process("score", path, "AS", "--true", "y", "--scores", "p",
                                  "--weight", "w", "--ci", "bootstrap", "--resamples", "50",
                                  "--seed", "1", "--quiet", capsys=capsys)
    assert status == 0, err
    expected = ClassificationMetric.from_scores([0, 1, 0, 1, 0, 1], [0.1, 0.8, 0.3, 0.6, 0.7, 0.4],
                                                sample_weight=[1, 2, 1, 1, 2, 1]).CI(
        "AS", method="bootstrap", n_resamples=50, random_state=1)
    assert out.splitlines()[1].split() == ["AS", *(str(round(x, 6)) for x in expected),
                                           "bootstrap"], out
    assert out.splitlines()[-1] == "The bootstrap intervals use --seed 1: give it to repeat them."
    zero = tmp_path / "zero.csv"
    zero.write_text("y,p,z\n0,0.1,0\n1,0.8,0\n")
    status, out, err = in_process("score", zero, "AUC", "--true", "y", "--scores", "p",
                                  "--weight", "z", "--quiet", capsys=capsys)
    assert status == DATA_ERROR and "column 'z' (--weight) is all zero" in err, err


def test_float32_weights_of_streamed_scores_are_summed_in_float64(tmp_path):
    y_true = np.arange(3000) % 3 == 0
    frame = pd.DataFrame({"y": y_true, "p": np.full(3000, 0.7, np.float32),
                          "w": np.full(3000, 0.1, np.float32)})
    path = tmp_path / "f32.parquet"
    frame.to_parquet(path)
    got = streamed(path, "--scores", "p", "--weight", "w", chunk=300)  # 10 batches
    cm = ClassificationMetric.from_scores(y_true, frame["p"], sample_weight=frame["w"])
    assert got["AS"] == pytest.approx(cm.AS(), rel=1e-12)
    assert got["BSL"] == pytest.approx(cm.BSL(), rel=1e-12)


# --- chunks bounded in bytes, fields of any length ---


def test_chunks_are_bounded_in_bytes_of_text(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(_reading, "CHUNK_BYTES", 20_000)
    rng = np.random.default_rng(4)
    y, p = rng.choice(["a", "b", "c"], 300), rng.choice(["a", "b", "c"], 300)
    text = ["t" * int(n) for n in rng.integers(900, 1100, 300)]  # about 1 KB a row
    path = tmp_path / "wide.csv"
    pd.DataFrame({"y": y, "text": text, "p": p}).to_csv(path, index=False)
    source = _reading.Source(path)
    columns = _reading.Columns({"--true": "y", "--pred": "p"}, paired=["y", "p"])
    sizes = _reading.evaluated(source, columns, lambda chunks: [len(f) for _, f in chunks])
    assert sum(sizes) == 300
    assert max(sizes) <= 20_000 // 900 + 1  # never more rows than 20,000 bytes hold
    assert len(sizes) >= 300 * 900 // 20_000
    # lines longer than the first bytes read: one row, then as many as the bytes allow
    long = tmp_path / "long.csv"
    long.write_text("y,p,text\n" + "".join(f"a,b,{'t' * 100_000}\n" for _ in range(12)))
    sizes = _reading.evaluated(_reading.Source(long), columns,
                               lambda chunks: [len(f) for _, f in chunks])
    assert sizes[0] == 1 and max(sizes) <= 20_000 // 100_000 + 1 and sum(sizes) == 12
    status, out, err = in_process("score", path, "AS", "--true", "y", "--pred", "p",
                                  "--format", "json", capsys=capsys)
    assert status == 0, err
    assert json.loads(out)["AS"] == pytest.approx(np.mean(y == p), rel=1e-15)


def test_fields_longer_than_the_csv_module_s_limit_are_read_and_located(tmp_path, capsys):
    long = "x" * 200_000  # the csv module refuses fields over 131,072 characters
    files = {"header.csv": f"y,p,{long}\na,a,x\nb,b,x\n",
             "empty.csv": f"y,p,t\na,a,{long}\nb,,short\n",
             "ragged.csv": f"y,p,t\na,a,{long}\nb,a,short,extra\n"}
    for name, text in files.items():
        (tmp_path / name).write_text(text)
    status, out, _ = in_process("score", tmp_path / "header.csv", "AS", "--true", "y",
                                "--pred", "p", capsys=capsys)
    assert status == 0 and out.split() == ["AS", "1.0"]
    for name, message in (("empty.csv", "line 3: empty value in column 'p'"),
                          ("ragged.csv", "line 3: 4 fields, where the header has 3")):
        status, _, err = in_process("score", tmp_path / name, "AS", "--true", "y", "--pred",
                                    "p", capsys=capsys)
        assert status == DATA_ERROR and err.strip().endswith(f"{name} {message}"), err
