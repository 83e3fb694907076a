"""Tests written for surviving mutants (.ci/mutation) of io/reading.py, the command
line's reader: the rows per chunk, the lines of records (blank lines and lines of
empty values, undecodable bytes against decoding the whole file at once), named
pipes and standard input, archives and Parquet files that cannot be read, the
sniffed delimiter and byte-order marks, the chunks' columns and the progress. Each
expected value is written out by hand, or read by pandas, pyarrow or Python's
codecs from the same file.

This module imports neither polars nor DuckDB, so its cases run under mutmut
(tests/conftest.py leaves out the modules that import them)."""

import json
import re

import pandas as pd
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from permetrics_lite.io import reading as _reading
from tests.helpers import run_command
from tests.strategies import examples


def refused(*arguments, **options):
    """The message of a command refused for its input (exit status 1, nothing printed)."""
    result = run_command(*arguments, **options)
    assert result.returncode == 1 and not result.stdout, result.stdout
    errors = result.stderr
    return errors.decode() if isinstance(errors, bytes) else errors


@pytest.mark.parametrize("width, size, rows, expected", [
    (2, 0, 0, 1),  # no line yet: one row
    (2, 30, 1, 10),  # 30 bytes a row: CHUNK_BYTES (300) hold 10
    (2, 1, 1, 50),  # a row of one byte: CHUNK_VALUES (100) / 2 columns
    (1, 1, 1, 64),  # CHUNK_ROWS
    (1, 3000, 1, 1),  # a row longer than CHUNK_BYTES: still one row
])
def test_rows_per_chunk_are_bounded_by_rows_values_and_bytes(monkeypatch, width, size, rows,
                                                             expected):
    monkeypatch.setattr(_reading, "CHUNK_ROWS", 64)
    monkeypatch.setattr(_reading, "CHUNK_VALUES", 100)
    monkeypatch.setattr(_reading, "CHUNK_BYTES", 300)
    assert _reading.rows_per_chunk(width, size, rows) == expected


def test_rows_per_chunk_read_the_bytes_per_row_so_far(monkeypatch):
    monkeypatch.setattr(_reading, "CHUNK_ROWS", 10**6)
    monkeypatch.setattr(_reading, "CHUNK_VALUES", 10**6)
    monkeypatch.setattr(_reading, "CHUNK_BYTES", 10)
    assert _reading.rows_per_chunk(1, 1, 1) == 10  # 1 byte a row
    assert _reading.rows_per_chunk(1, 4, 2) == 5  # 2 bytes a row


def test_the_lines_of_several_records_are_found_in_one_reading(tmp_path):
    path = tmp_path / "quoted.csv"
    path.write_text('y,p\na,a\n"b\nc",a\nb,b\na,"a\n\nb"\nb,a\n')  # line breaks in values
    places = _reading.Source(path).places(0, 2, 1, 4)
    assert places == ["line 2", "line 5", "line 3", "line 9"]


def test_integers_beyond_int64_in_a_later_chunk_are_numbers(tmp_path, monkeypatch):
    # the first chunk's labels are int64, a later one's uint64: one kind, as pandas
    # reads the whole file (uint64), not text
    monkeypatch.setattr(_reading, "CHUNK_ROWS", 1)
    path = tmp_path / "large.csv"
    path.write_text(f"y,p\n1,1\n{2**64 - 1},1\n2,{2**64 - 1}\n")
    whole = pd.read_csv(path)
    assert whole["y"].dtype == "uint64"
    result = run_command("score", path, "CM", "--true", "y", "--pred", "p", "--format", "json")
    assert result.returncode == 0, result.stderr
    # classes 1, 2, 2**64 - 1 in numeric order; pairs (1, 1), (2**64 - 1, 1), (2, 2**64 - 1)
    assert json.loads(result.stdout) == {"CM": [[1, 0, 0], [0, 0, 1], [1, 0, 0]]}


def test_a_column_of_booleans_as_weights_names_its_first_row(tmp_path):
    path = tmp_path / "weights.csv"
    path.write_text("y,p,w\na,a,True\nb,a,False\n")
    assert refused("score", path, "AS", "--true", "y", "--pred", "p", "--weight", "w") == (
        f"permetrics-lite: error: {path} line 2: True in column 'w' is "
        "not a number\n")


@pytest.mark.parametrize("block", [3, 4, 5, 7, 64])
def test_an_undecodable_byte_is_named_by_its_line_and_byte_across_blocks(tmp_path, monkeypatch,
                                                                         block):
    # two-byte characters cut by the ends of small blocks, then a byte no UTF-8 starts with
    monkeypatch.setattr(_reading, "_BLOCK", block)
    data = "y,p\né,é\nàé,é\n".encode() + b"a,\xff\nb,b\n"
    path = tmp_path / "bytes.csv"
    path.write_bytes(data)
    result = run_command("score", path, "AS", "--true", "y", "--pred", "p")
    assert result.returncode == 1
    byte = data.index(b"\xff")
    line = data[:byte].count(b"\n") + 1
    assert result.stderr == (
        f"permetrics-lite: error: {path} line {line} (byte {byte}): cannot decode b'\\xff' as "
        "utf-8; give the file's encoding with --encoding (for example --encoding latin-1 or "
        "utf-16)\n")


@pytest.fixture
def fifo(tmp_path, monkeypatch):
    """A named pipe, a thread writing the given bytes into it, and a directory of its
    own for the reader's copy (empty again after the command)."""
    import os
    import tempfile
    import threading

    spool = tmp_path / "spool"
    spool.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(spool))
    path = tmp_path / "pipe.csv"
    os.mkfifo(path)
    writers = []

    def fill(data):
        def write():
            with open(path, "wb") as pipe:
                pipe.write(data)
        writer = threading.Thread(target=write, daemon=True)
        writer.start()
        writers.append(writer)
        return path

    yield fill
    for writer in writers:
        writer.join(timeout=10)
        assert not writer.is_alive()
    assert list(spool.iterdir()) == []


def test_a_named_pipe_is_read_once_and_its_copy_removed(fifo):
    # more than one block of the copy: the whole pipe is read, not its first block
    pairs = "a,a\nb,a\n" + "b,b\n" * (_reading._BLOCK // 4)
    path = fifo(f"y;p\n{pairs}".replace(",", ";").encode())
    result = run_command("score", path, "CM", "--true", "y", "--pred", "p", "--format", "json")
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout) == {"CM": [[1, 0], [1, _reading._BLOCK // 4]]}


def test_standard_input_is_copied_to_a_temporary_file_named_after_the_command(tmp_path,
                                                                            monkeypatch):
    import tempfile

    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    copies = []
    close = _reading.Source.close
    monkeypatch.setattr(_reading.Source, "close",
                        lambda self: (copies.append((self.path, self.path.read_bytes())),
                                      close(self)))
    result = run_command("score", "-", "AS", "--true", "y", "--pred", "p", stdin="y,p\na,a\n")
    assert result.returncode == 0, result.stderr
    [(copy, data)] = copies
    assert copy.parent == tmp_path and copy.name.startswith("permetrics-lite-")
    assert data == b"y,p\na,a\n" and not copy.exists()


def test_a_named_pipe_s_messages_name_the_pipe_and_its_line(fifo):
    path = fifo(b"y,p\na,a\nb,\n")
    assert refused("score", path, "AS", "--true", "y", "--pred", "p") == (
        f"permetrics-lite: error: {path} line 3: empty value in column 'p'\n")


@pytest.mark.parametrize("line, message", [
    ("", "line 4: empty value in column 'p'"),  # blank lines are skipped, as pandas does
    ("  \t ", "line 4: empty value in column 'p'"),
    (",", "line 3: empty value in column 'y'"),  # two empty values: a row
    ('""', "line 3: empty value in column 'y'"),  # one quoted empty value: a row
    (" , ", "line 4: empty value in column 'p'"),  # two values of spaces: a row, no error
    ('"",', "line 3: empty value in column 'y'"),
], ids=["blank", "spaces and a tab", "a comma", "a quoted empty value", "spaces around a comma",
        "a quoted empty value and a comma"])
def test_a_line_of_empty_values_is_a_row_and_a_line_of_spaces_is_skipped(tmp_path, line,
                                                                          message):
    path = tmp_path / "rows.csv"
    path.write_text(f"y,p\na,a\n{line}\nb,\n")
    rows = len(pd.read_csv(path, keep_default_na=False, na_values=[""]))
    assert rows == (2 if not line.strip(" \t") else 3)  # pandas' own reading
    assert refused("score", path, "AS", "--true", "y", "--pred", "p") == (
        f"permetrics-lite: error: {path} {message}\n")


BOMS = {"utf-16": b"\xff\xfe", "utf-8-sig": b"\xef\xbb\xbf"}  # the byte-order marks written


@settings(max_examples=examples(150), deadline=None)
@given(encoding=st.sampled_from(["utf-8", "utf-8-sig", "utf-16", "cp1252", "shift_jis",
                                 "gb18030"]),
       text=st.text(alphabet="ab,\n\ré€ØあЖ\u0a00", max_size=30),
       junk=st.sampled_from([b"\xff", b"\x81", b"\x80", b"\xc3", b"\xe3\x81", b"\x00\xd8",
                             b"\xd8\x00"]),
       where=st.integers(0, 200), cut=st.booleans(), block=st.integers(1, 9))
def test_an_undecodable_byte_is_named_as_decoding_the_whole_file_finds_it(
        tmp_path_factory, encoding, text, junk, where, cut, block):
    # the oracle: the file's bytes decoded at once; the reader decodes blocks of 1 to 9
    # bytes, cutting characters, the byte-order mark and UTF-16's code units
    data = f"y,p\n{text}".encode(encoding, errors="ignore")
    mark = len(BOMS.get(encoding, b""))
    where = mark + where % (len(data) - mark + 1)  # after the byte-order mark
    data = data[:where] + junk + data[where:]
    data = data[:-1] if cut else data
    try:
        data.decode(encoding)
    except UnicodeDecodeError as whole:
        found = whole
    else:
        found = None
    assume(found is not None)
    skip = mark if encoding == "utf-8-sig" else 0  # its positions count from after the mark
    start, end = found.start + skip, found.end + skip
    line = len(re.findall("\r\n|\r|\n", data[:start].decode(encoding))) + 1  # as csv reads
    path = tmp_path_factory.mktemp("bytes") / "bytes.csv"
    path.write_bytes(data)
    source = _reading.Source(path, input_format="csv", encoding=encoding, sep=",")
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(_reading, "_BLOCK", block)
        message = source.decode_error(found)
    assert message == (
        f"{path} line {line:,} (byte {start:,}): cannot decode {data[start:end]!r} as "
        f"{encoding}; give the file's encoding with --encoding (for example --encoding "
        "latin-1 or utf-16)")


def test_an_error_of_a_file_that_decodes_is_given_in_its_own_words(tmp_path):
    path = tmp_path / "fine.csv"
    path.write_text("y,p\na,é\n")
    error = UnicodeDecodeError("utf-8", b"\xff", 0, 1, "invalid start byte")
    assert _reading.Source(path).decode_error(error) == (
        f"{path}: 'utf-8' codec can't decode byte 0xff in position 0: invalid start byte; give "
        "the file's encoding with --encoding")


def test_a_utf_16_file_of_many_blocks_names_its_undecodable_line(tmp_path, monkeypatch):
    # each block of 3 bytes cuts a code unit; decoded one by one without the mark,
    # "\n" (0a 00) would not be counted and "Ø" (d8 00) would be a lone surrogate
    monkeypatch.setattr(_reading, "_BLOCK", 3)
    path = tmp_path / "wide.csv"
    path.write_bytes("y,p\nØ,a\nb,b\n".encode("utf-16") + b"\x00\xdc" + "\n".encode("utf-16-le"))
    assert refused("score", path, "AS", "--true", "y", "--pred", "p", "--encoding",
                   "utf-16") == (
        f"permetrics-lite: error: {path} line 4 (byte 26): cannot decode b'\\x00\\xdc' as "
        "utf-16; give the file's encoding with --encoding (for example --encoding latin-1 or "
        "utf-16)\n")


def test_a_value_is_shown_whole_up_to_80_characters_of_its_repr():
    assert _reading.shown("x" * 78) == repr("x" * 78)  # 80 characters with its quotes
    assert _reading.shown("x" * 79) == repr("x" * 79)[:79] + "…"
    assert len(_reading.shown("x" * 79)) == 80


def test_the_lines_of_a_latin_1_file_are_counted_in_its_encoding(tmp_path):
    path = tmp_path / "latin.csv"
    path.write_bytes("y,p\né,é\nà,\n".encode("latin-1"))  # no UTF-8
    assert refused("score", path, "AS", "--true", "y", "--pred", "p", "--encoding", "latin-1") == (
        f"permetrics-lite: error: {path} line 3: empty value in column 'p'\n")


def test_a_long_row_of_a_semicolon_file_is_named_by_its_line(tmp_path):
    path = tmp_path / "semicolons.csv"
    path.write_text("y;p\na;a\nb;b;c,d\n")  # 3 fields, and 2 if split at commas
    assert refused("score", path, "AS", "--true", "y", "--pred", "p", "--sep", ";") == (
        f"permetrics-lite: error: {path} line 3: 3 fields, where the "
        "header has 2\n")


def test_a_parser_error_of_no_long_row_is_given_in_pandas_words(tmp_path, monkeypatch):
    path = tmp_path / "fine.csv"
    path.write_text("y,p\na,a\n")

    class Failing:  # pandas' reader, failing at its first chunk
        chunksize = 1

        def __iter__(self):
            return self

        def __next__(self):
            raise pd.errors.ParserError("Error tokenizing data.\nC error: something else")

    monkeypatch.setattr(_reading.pd, "read_csv", lambda *args, **kwargs: Failing())
    assert refused("score", path, "AS", "--true", "y", "--pred", "p") == (
        f"permetrics-lite: error: cannot read {path} as CSV: Error "
        "tokenizing data. C error: something else\n")


def test_a_corrupt_zip_archive_is_named_with_zipfile_s_words(tmp_path):
    path = tmp_path / "broken.csv.zip"
    path.write_bytes(b"PK\x03\x04" + b"\x00" * 40)
    assert refused("score", path, "AS", "--true", "y", "--pred", "p") == (
        f"permetrics-lite: error: cannot read {path}: File is not a zip file\n")


def test_a_zip_archive_s_folders_are_not_its_files(tmp_path):
    import zipfile

    path = tmp_path / "folder.zip"
    with zipfile.ZipFile(path, "w") as archive:
        archive.mkdir("data") if hasattr(archive, "mkdir") else archive.writestr("data/", "")
        archive.writestr("data/pairs.csv", "y,p\na,a\nb,a\n")
    assert len(zipfile.ZipFile(path).namelist()) == 2
    result = run_command("score", path, "CM", "--true", "y", "--pred", "p", "--format", "json")
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout) == {"CM": [[1, 0], [1, 0]]}


def test_parquet_without_pyarrow_says_what_to_install(tmp_path, monkeypatch):
    import sys

    path = tmp_path / "pairs.parquet"
    pd.DataFrame({"y": ["a"], "p": ["a"]}).to_parquet(path)
    monkeypatch.setitem(sys.modules, "pyarrow.parquet", None)  # an import of it fails
    assert refused("score", path, "AS", "--true", "y", "--pred", "p") == (
        "permetrics-lite: error: reading Parquet needs pyarrow; install it "
        "with: pip install 'permetrics_lite[parquet]'\n")


def test_a_corrupt_parquet_file_is_named_with_pyarrow_s_words(tmp_path):
    import pyarrow
    import pyarrow.parquet as pq

    path = tmp_path / "broken.parquet"
    path.write_bytes(b"PAR1" + b"\x00" * 40)  # no footer
    with pytest.raises(pyarrow.ArrowException) as raised:
        pq.ParquetFile(path)
    result = run_command("score", path, "AS", "--true", "y", "--pred", "p")
    assert result.returncode == 1
    assert result.stderr == (f"permetrics-lite: error: cannot read {path} as Parquet: "
                             f"{' '.join(str(raised.value).split())}\n")


@pytest.mark.parametrize("suffix", [".csv", ".parquet"])
def test_the_chunks_hold_the_wanted_columns_only_in_bounded_rows(tmp_path, monkeypatch, suffix):
    monkeypatch.setattr(_reading, "CHUNK_ROWS", 2)
    path = tmp_path / f"wide{suffix}"
    frame = pd.DataFrame({"x": range(5), "y": list("abcab"), "w": [1.0] * 5, "p": list("aacbb")})
    frame.to_csv(path, index=False) if suffix == ".csv" else frame.to_parquet(path)
    source = _reading.Source(path)
    columns = _reading.Columns({"--true": "y", "--pred": "p", "--weight": "w"}, weight="w",
                               paired=["y", "p"])
    chunks = _reading.evaluated(source, columns, list)
    assert [first for first, _ in chunks] == [0, 2, 4]
    for first, chunk in chunks:
        assert list(chunk.columns) == ["y", "p", "w"]
        assert chunk["y"].tolist() == frame["y"][first:first + 2].tolist()


def test_the_delimiter_of_a_utf_16_file_is_sniffed_in_its_encoding(tmp_path):
    path = tmp_path / "wide.csv"
    path.write_bytes("y;p\na;a\nb;a\nb;b\n".encode("utf-16"))
    result = run_command("score", path, "CM", "--true", "y", "--pred", "p", "--encoding",
                         "utf-16", "--format", "json")
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout) == {"CM": [[1, 0], [1, 1]]}


@pytest.mark.parametrize("sep", [" ", ":", "X"])
def test_only_commas_semicolons_tabs_and_bars_are_sniffed(tmp_path, sep):
    path = tmp_path / "other.csv"
    path.write_text(f"y{sep}p\na{sep}a\nb{sep}a\nb{sep}b\n")
    assert refused("score", path, "AS", "--true", "y", "--pred", "p") == (
        f"permetrics-lite: error: {path} line 1: no column 'y' (--true); "
        f"its columns are 'y{sep}p'.\n")
    given = run_command("score", path, "AS", "--true", "y", "--pred", "p", "--sep", sep)
    assert given.returncode == 0, given.stderr


@pytest.mark.parametrize("encoding", ["utf-8", "utf8", "UTF_8"])
def test_a_utf_8_byte_order_mark_is_not_part_of_the_first_column_s_name(tmp_path, encoding):
    path = tmp_path / "marked.csv"
    path.write_bytes(b"\xef\xbb\xbfy,p\na,a\nb,a\n")
    assert list(pd.read_csv(path, encoding=encoding).columns) == ["y", "p"]  # as in pandas
    result = run_command("score", path, "CM", "--true", "y", "--pred", "p", "--encoding",
                         encoding, "--format", "json")
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout) == {"CM": [[1, 0], [1, 0]]}


def test_a_header_name_keeps_its_quoted_line_break(tmp_path):
    path = tmp_path / "broken.csv"
    path.write_bytes(b'"y\r\nz",p\r\na,a\r\nb,a\r\n')
    assert list(pd.read_csv(path).columns) == ["y\r\nz", "p"]  # as in pandas
    result = run_command("score", path, "AS", "--true", "y\r\nz", "--pred", "p", "--format",
                         "json")
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout) == {"AS": 0.5}


def test_the_first_chunk_s_rows_are_estimated_from_the_lines_after_the_header(tmp_path,
                                                                             monkeypatch):
    # lines of 4 bytes and 12 bytes of text a chunk: the first chunk holds 3 rows
    monkeypatch.setattr(_reading, "CHUNK_BYTES", 12)
    path = tmp_path / "short.csv"
    path.write_text("y,p\n" + "a,b\n" * 7)
    source = _reading.Source(path)
    columns = _reading.Columns({"--true": "y", "--pred": "p"}, paired=["y", "p"])
    chunks = _reading.evaluated(source, columns, list)
    assert len(chunks[0][1]) == 3
    assert sum(len(chunk) for _, chunk in chunks) == 7


def test_standard_input_is_named_in_messages(tmp_path):
    result = run_command("score", "-", "AS", "--true", "y", "--pred", "p",
                         stdin="y,p\na,a\nb,\n")
    assert result.returncode == 1
    assert result.stderr == "permetrics-lite: error: standard input line 3: empty value in " \
        "column 'p'\n"


@pytest.mark.parametrize("name, flags", [
    ("pairs.parquet.gz", []), ("pairs.v1.parquet.gz", []), ("pairs.PQ.gz", []),
    ("pairs.gz", ["--input-format", "parquet"]),  # its name does not say
])
def test_compressed_parquet_is_refused_by_its_name_or_its_format(tmp_path, name, flags):
    import gzip

    path = tmp_path / name
    plain = tmp_path / "plain.parquet"
    pd.DataFrame({"y": ["a"], "p": ["a"]}).to_parquet(plain)
    path.write_bytes(gzip.compress(plain.read_bytes()))
    assert refused("score", path, "AS", "--true", "y", "--pred", "p", *flags) == (
        f"permetrics-lite: error: {path} is Parquet compressed with gzip; "
        "Parquet compresses its own pages and must be read at random: "
        "decompress the file first\n")


@pytest.mark.parametrize("width", [20, 21])
def test_a_missing_column_s_message_lists_the_first_20_columns(tmp_path, width):
    names = [f"c{i}" for i in range(width)]
    path = tmp_path / "wide.csv"
    path.write_text(",".join(names) + "\n" + ",".join("a" * width) + "\n")
    result = run_command("score", path, "AS", "--true", "y", "--pred", "c0")
    assert result.returncode == 1
    listed = ", ".join(repr(name) for name in names[:20]) + (", …" if width > 20 else "")
    assert result.stderr == (f"permetrics-lite: error: {path} line 1: no column 'y' (--true); "
                             f"its columns are {listed}.\n")


def test_the_progress_counts_the_rows_of_each_chunk_read(tmp_path, monkeypatch):
    monkeypatch.setattr(_reading, "CHUNK_ROWS", 2)
    path = tmp_path / "rows.csv"
    path.write_text("y,p\n" + "a,b\n" * 5)

    class Progress:
        def __init__(self):
            self.seen = []

        def update(self, rows):
            self.seen.append(rows)

        def done(self):
            self.seen.append("done")

    progress = Progress()
    columns = _reading.Columns({"--true": "y", "--pred": "p"}, paired=["y", "p"])
    _reading.evaluated(_reading.Source(path), columns, list, progress)
    assert progress.seen == [2, 4, 5, "done"]


@pytest.mark.parametrize("encoding", ["utf-16", "utf-32"])
def test_a_file_without_its_byte_order_mark_asks_for_the_byte_order(tmp_path, encoding):
    path = tmp_path / "unmarked.csv"
    path.write_bytes("y,p\na,a\nb,a\n".encode(f"{encoding}-le"))
    with pytest.raises(UnicodeError, match="does not start with BOM"):
        pd.read_csv(path, encoding=encoding)  # as pandas refuses it
    hint = f"give its byte order with --encoding {encoding}-le or {encoding}-be\n"
    first = path.read_bytes()[:2 if encoding == "utf-16" else 4]
    assert refused("score", path, "AS", "--true", "y", "--pred", "p", "--encoding",
                   encoding) in (
        # Python to 3.12: a UnicodeError; from 3.13, a UnicodeDecodeError of the first character
        f"permetrics-lite: error: cannot read {path}: {encoding.upper()} stream does not start "
        f"with BOM; {hint}",
        f"permetrics-lite: error: {path} line 1 (byte 0): cannot decode {first!r} as "
        f"{encoding}; it has no byte-order mark: {hint}")
    ordered = run_command("score", path, "AS", "--true", "y", "--pred", "p", "--encoding",
                          f"{encoding}-le", "--format", "json")
    assert ordered.returncode == 0, ordered.stderr
    assert json.loads(ordered.stdout) == {"AS": 0.5}


@pytest.mark.parametrize("line", ["\x0c", '" "', '"\t"', "\xa0", "\u3000", '"\n"', "X"],
                         ids=["form feed", "quoted space", "quoted tab", "no-break space",
                              "ideographic space", "quoted line break", "one value"])
@pytest.mark.parametrize("after", ["", "b,b\n"], ids=["last", "before a row"])
def test_a_line_pandas_reads_as_a_row_is_counted_as_one(tmp_path, line, after):
    # pandas skips only unquoted lines of spaces and tabs: these are rows of one value
    path = tmp_path / "rows.csv"
    path.write_text(f"y,p\na,a\n{line}\n{after}", encoding="utf-8")
    frame = pd.read_csv(path, keep_default_na=False, na_values=[""], index_col=False)
    assert len(frame) == 2 + bool(after) and frame["p"].isna().tolist()[1]
    assert refused("score", path, "AS", "--true", "y", "--pred", "p") == (
        f"permetrics-lite: error: {path} line 3: empty value in column 'p'\n")


@pytest.mark.parametrize("data, line", [
    (b'y,p\na,a\n\n"a,a\nb,b\n', 4),  # after a blank line, which pandas counts as a row
    (b'y,p\r\na,a\r\n\r\n"a,a\r\nb,b\r\n', 4),
    (b'y,p\ra,a\r\r"a,a\rb,b\r', 4),
    (b'y,p\na,a\n  \n"a,a\nb,b\n', 4),
    (b'y,p\n"a\nb",a\n"a,a\nb,b\n', 4),  # after a value of two lines: one row
    (b'y,p\n  \n"a\n', 3),  # pandas fails as it reads the first row
], ids=["blank line", "blank line crlf", "blank line cr", "spaces", "two lines", "first row"])
def test_an_unclosed_quote_is_named_by_its_line(tmp_path, data, line):
    path = tmp_path / "quote.csv"
    path.write_bytes(data)
    assert refused("score", path, "AS", "--true", "y", "--pred", "p") == (
        f"permetrics-lite: error: {path} line {line}: a quoted field is "
        "not closed: its quote runs to the end of the file\n")


def test_an_undecodable_byte_of_a_file_of_cr_line_ends_is_named_by_its_line(tmp_path):
    path = tmp_path / "cr.csv"
    path.write_bytes(b"y,p\ra,a\r\xff,a\r")
    message = refused("score", path, "AS", "--true", "y", "--pred", "p")
    assert message.startswith(f"permetrics-lite: error: {path} line 3 (byte 8): ")


@pytest.mark.parametrize("encoding, text", [("utf-16", "Ü,p\na,a\n"), ("utf-32", "y,p\na,a\n")])
def test_a_big_endian_file_without_its_mark_asks_for_the_byte_order(tmp_path, encoding, text):
    # read as little-endian, its first character cannot be decoded
    path = tmp_path / "unmarked.csv"
    path.write_bytes(text.encode(f"{encoding}-be"))
    result = run_command("score", path, "AS", "--true", text[0], "--pred", "p", "--encoding",
                         encoding)
    assert result.returncode == 1
    first = text.encode(f"{encoding}-be")[:2 if encoding == "utf-16" else 4]
    assert result.stderr == (
        f"permetrics-lite: error: {path} line 1 (byte 0): cannot decode {first!r} as "
        f"{encoding}; it has no byte-order mark: give its byte order with --encoding "
        f"{encoding}-le or {encoding}-be\n")
    ordered = run_command("score", path, "AS", "--true", text[0], "--pred", "p", "--encoding",
                          f"{encoding}-be", "--format", "json")
    assert json.loads(ordered.stdout) == {"AS": 1.0}


@pytest.mark.parametrize("text, after_cr, ends", [
    ("a\r\nb\rc\nd", False, 3), ("\r", False, 1), ("\nx", False, 1),
    ("\nx", True, 0),  # the LF of a CR LF cut between two texts
    ("x\n", True, 1), ("", True, 0),
])
def test_line_ends_are_those_the_csv_module_reads(text, after_cr, ends):
    assert _reading._line_ends(text, after_cr) == ends


@pytest.mark.parametrize("block", [1, 2, 3, 1 << 20])
def test_the_line_of_an_undecodable_byte_counts_cr_lf_cut_by_blocks(tmp_path, monkeypatch,
                                                                    block):
    # UTF-16 read a byte at a time: a block may decode to nothing between CR and LF
    monkeypatch.setattr(_reading, "_BLOCK", block)
    path = tmp_path / "crlf.csv"
    path.write_bytes("y,p\r\na,a\r\n".encode("utf-16") + b"\x00\xdc"  # a lone surrogate
                     + "\r\n".encode("utf-16-le"))
    message = refused("score", path, "AS", "--true", "y", "--pred", "p", "--encoding", "utf-16")
    assert message.startswith(f"permetrics-lite: error: {path} line 3 (byte 22): ")


def test_an_undecodable_byte_after_a_first_blank_line_is_on_line_2(tmp_path):
    path = tmp_path / "blank.csv"
    path.write_bytes(b"\n\xff,p\na,a\n")
    message = refused("score", path, "AS", "--true", "y", "--pred", "p")
    assert message.startswith(f"permetrics-lite: error: {path} line 2 (byte 1): ")


def _packed(kind, data):
    """``data`` as a file of ``kind``, or as standard input ("stdin")."""
    import bz2
    import gzip
    import io as _io
    import lzma
    import zipfile

    if kind == "zip":
        archive = _io.BytesIO()
        with zipfile.ZipFile(archive, "w") as packed:
            packed.writestr("rows.csv", data)
        return archive.getvalue()
    return {"plain": bytes, "stdin": bytes, "gzip": gzip.compress, "bzip2": bz2.compress,
            "xz": lzma.compress}[kind](data)


@pytest.mark.parametrize("kind", ["plain", "gzip", "bzip2", "xz", "zip", "stdin"])
@pytest.mark.parametrize("data, message", [
    (b"y,p\na,a\n\x0c\nb,b\n", "line 3: empty value in column 'p'"),  # a row of one value
    (b"y,p\na,a\n  \nb,\n", "line 4: empty value in column 'p'"),  # a blank line skipped
    (b'y,p\na,a\n\n"a,a\nb,b\n', "line 4: a quoted field is not closed: its quote runs to the "
                                 "end of the file"),
    (b"y,p\ra,a\r\xff,a\r", "line 3 (byte 8): cannot decode b'\\xff' as utf-8; give the "
                           "file's encoding with --encoding (for example --encoding latin-1 "
                           "or utf-16)"),
], ids=["row of one value", "blank line", "unclosed quote", "undecodable byte"])
def test_the_lines_of_messages_are_the_same_from_every_kind_of_input(tmp_path, kind, data,
                                                                      message):
    path = tmp_path / "rows.csv"
    path.write_bytes(_packed(kind, data))
    given = ("-", {"stdin": path.read_bytes(), "text": False}) if kind == "stdin" else (path, {})
    name = "standard input" if kind == "stdin" else str(path)
    assert refused("score", given[0], "AS", "--true", "y", "--pred", "p", **given[1]) == (
        f"permetrics-lite: error: {name} {message}\n")
