"""The command line's input: compressed files, standard input, encodings, chunks
of rows, and the file lines its messages name."""

import bz2
import gzip
import io
import json
import lzma
import zipfile

import numpy as np
import pandas as pd
import pytest
import zstandard
from hypothesis import given, settings
from hypothesis import strategies as st

from permetrics_lite import ClassificationMetric, _progress, _reading, cli
from tests.helpers import run_command

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
        "utf-8; give the file's encoding with --encoding (for example --encoding latin-1)\n")

    result = run("score", path, "--true", "y", "--pred", "yhat", "AS", "--encoding", "klingon")
    assert result.returncode == DATA_ERROR
    assert "--encoding 'klingon': unknown encoding" in result.stderr.decode()


# --------------------------------------------------------------------------
# Chunks of rows (in this process, with chunks of a few rows)
# --------------------------------------------------------------------------


@pytest.fixture
def small_chunks(monkeypatch):
    monkeypatch.setattr(_reading, "CHUNK_ROWS", 3)


labels = st.one_of(st.sampled_from(["a", "b", "c", "d"]), st.integers(-2, 3))


@settings(max_examples=40, deadline=None)
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
        assert err.startswith(f"permetrics-lite: error: {path} lines 5 to 6: column 'p' (--pred) "
                              "contains non-integral values (e.g. 2.5 at line 6)"), err
        assert "use --scores" in err


def test_parquet_is_read_in_batches(frame, tmp_path, capsys, small_chunks):
    path = tmp_path / "predictions.parquet"
    frame.to_parquet(path)
    status, out, err = in_process("score", path, "--true", "y", "--pred", "yhat", "--weight", "w",
                                  "CM", "--format", "json", capsys=capsys)
    assert status == 0, err
    np.testing.assert_array_equal(printed_matrix(out), expected_matrix(frame))


def test_groups_are_tallied_across_chunks(frame, tmp_path, capsys, small_chunks):
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
