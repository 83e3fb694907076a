"""The command line's input: CSV or Parquet, compressed or not, from a file or
standard input, read in chunks of rows so that memory stays bounded.

A CSV file is read by pandas' C parser ``CHUNK_ROWS`` rows at a time, with
pandas' type inference per chunk. A column whose values change kind between
chunks (numbers, then text) is read again as text, which is what pandas
gives for the whole file. Parquet is read by record batches. Every problem of
a value is reported with the file's physical line (the header is line 1) or,
for Parquet, its row.
"""

import bz2
import codecs
import contextlib
import csv
import gzip
import io
import lzma
import shutil
import sys
import tempfile
import zipfile
from pathlib import Path

import numpy as np
import pandas as pd

CHUNK_ROWS = 2**20  # about 20 MB of parsed numbers per chunk
SHOWN = 80  # characters of a value or column name echoed in a message
FORMATS = ("csv", "parquet")
PARQUET_SUFFIXES = (".parquet", ".pq")
COMPRESSIONS = {  # magic bytes -> (name, suffix)
    b"\x1f\x8b": ("gzip", ".gz"),
    b"BZh": ("bzip2", ".bz2"),
    b"\xfd7zXZ\x00": ("xz", ".xz"),
    b"\x28\xb5\x2f\xfd": ("zstd", ".zst"),
    b"PK\x03\x04": ("zip", ".zip"),
}
_SNIFF_BYTES = 64 * 1024
_BLOCK = 1 << 20


class DataError(Exception):
    """A problem with the input's contents: one line, exit status 1."""


def shown(value):
    """``repr`` of a value or column name, cut to SHOWN characters."""
    text = repr(value.item() if isinstance(value, np.generic) else value)
    return text if len(text) <= SHOWN else text[: SHOWN - 1] + "…"


class Source:
    """One input file: its name in messages, and how to open its bytes.

    Standard input is first copied to a temporary file, so that it can be
    read a second time (a column read again as text, or a line found for a
    message) like any file.
    """

    def __init__(self, path, *, input_format=None, encoding="utf-8", sep=None):
        self.name = "standard input" if path == "-" else str(path)
        self.encoding = _check_encoding(encoding)
        self._spooled = path == "-"
        if self._spooled:
            spool = tempfile.NamedTemporaryFile(prefix="permetrics-lite-", delete=False)
            with spool:
                shutil.copyfileobj(sys.stdin.buffer, spool, _BLOCK)
            path = spool.name
        self.path = Path(path)
        if not self.path.is_file():
            raise DataError(f"cannot read {self.name}: no such file")
        self.compression = COMPRESSIONS.get(next(
            (magic for magic in COMPRESSIONS if self._head(6).startswith(magic)), None))
        self.format = input_format or self._sniffed_format()
        if self.format == "parquet" and self.compression:
            raise DataError(
                f"{self.name} is Parquet compressed with {self.compression[0]}; Parquet "
                "compresses its own pages and must be read at random: decompress the file first")
        self.sep = sep or (self._sniffed_delimiter() if self.format == "csv" else None)

    def close(self):
        """Remove the copy of standard input."""
        if self._spooled:
            self.path.unlink(missing_ok=True)

    def _head(self, size):
        with self._raw() as raw:
            return raw.read(size)

    def _raw(self):
        """The file's bytes as stored (compressed or not)."""
        return open(self.path, "rb")

    @contextlib.contextmanager
    def binary(self):
        """The file's decompressed bytes."""
        with self._raw() as raw:
            name = self.compression[0] if self.compression else None
            if name is None:
                yield raw
            elif name == "zip":
                yield from _zip_member(self.name, raw)
            elif name == "zstd":
                try:
                    import zstandard
                except ImportError:
                    raise DataError(
                        f"{self.name} is compressed with zstd, which needs zstandard; install "
                        "it with: pip install 'permetrics_lite[zstd]'") from None
                with zstandard.ZstdDecompressor().stream_reader(raw) as stream:
                    yield io.BufferedReader(stream, _BLOCK)
            else:
                opener = {"gzip": gzip.open, "bzip2": bz2.open, "xz": lzma.open}[name]
                with opener(raw, "rb") as stream:
                    yield stream

    def _sniffed_format(self):
        """Parquet by its suffix (before any compression suffix) or its magic bytes."""
        suffixes = [] if self._spooled else [s.lower() for s in self.path.suffixes]
        if self.compression and suffixes[-1:] == [self.compression[1]]:
            suffixes = suffixes[:-1]
        if suffixes[-1:] and suffixes[-1] in PARQUET_SUFFIXES:
            return "parquet"
        return "parquet" if self._head(4) == b"PAR1" else "csv"

    def _sniffed_delimiter(self):
        """The delimiter of the first 64 KiB (as pandas' sep=None), for pandas' C parser."""
        with self.binary() as stream:
            sample = stream.read(_SNIFF_BYTES)
        try:
            text = sample.decode(self.encoding, errors="replace")
            return csv.Sniffer().sniff(text, delimiters=",;\t|").delimiter
        except csv.Error:  # one column, or no clear pattern: pandas' default
            return ","

    # ----------------------------------------------------------------------
    # Locations for messages
    # ----------------------------------------------------------------------

    def where(self, record):
        """``name line L`` (CSV) or ``name row R`` (Parquet) of data record ``record`` (from 0)."""
        return f"{self.name} {self.place(record)}"

    def place(self, record):
        """``line L`` (CSV) or ``row R`` (Parquet) of data record ``record`` (from 0)."""
        if self.format == "parquet":
            return f"row {record + 1:,}"
        return f"line {self.physical_line(record):,}"

    def span(self, first, last):
        """``name lines A to B`` (or ``rows``) of data records ``first`` to ``last``."""
        kind, start = self.place(first).split()
        return f"{self.name} {kind}s {start} to {self.place(last).split()[-1]}"

    def physical_line(self, record):
        """The line where data record ``record`` (from 0) starts, the header being
        line 1: blank lines and quoted line breaks counted, as the file shows them."""
        for seen, (start, _) in enumerate(self._rows()):
            if seen == record:
                return start
        raise AssertionError(f"{self.name} has no record {record}")

    def ragged_row(self, width):
        """``(line, fields)`` of the first row of more than ``width`` fields, else None."""
        return next(((start, len(row)) for start, row in self._rows() if len(row) > width), None)

    def _rows(self):
        """Each non-blank data row, with the physical line where it starts."""
        with self.binary() as stream:
            text = io.TextIOWrapper(stream, encoding=self.encoding, newline="")
            reader = csv.reader(text, delimiter=self.sep)
            next(reader)  # the header
            while True:
                start = reader.line_num + 1
                try:
                    row = next(reader)
                except StopIteration:
                    return
                if row:
                    yield start, row

    def decode_error(self, error):
        """The message of an undecodable byte: its offset and line."""
        offset, line = 0, 1
        decoder = codecs.getincrementaldecoder(self.encoding)()
        with self.binary() as stream:
            while block := stream.read(_BLOCK):
                try:
                    line += decoder.decode(block).count("\n")
                except UnicodeDecodeError as found:
                    line += decoder.decode(block[: found.start]).count("\n") if found.start else 0
                    offset += found.start
                    bad = block[found.start: found.end]
                    return (f"{self.name} line {line:,} (byte {offset:,}): cannot decode "
                            f"{shown(bad)} as {self.encoding}; give the file's encoding with "
                            "--encoding (for example --encoding latin-1)")
                offset += len(block)
        return f"{self.name}: {error}; give the file's encoding with --encoding"


def _zip_member(name, raw):
    try:
        archive = zipfile.ZipFile(raw)
    except zipfile.BadZipFile as error:
        raise DataError(f"cannot read {name}: {error}") from None
    with archive:
        members = [m for m in archive.namelist() if not m.endswith("/")]
        if len(members) != 1:
            raise DataError(f"{name} is a zip archive of {len(members)} files; it must hold "
                            f"one: {shown(members)}")
        with archive.open(members[0]) as member:
            yield member


def _check_encoding(encoding):
    try:
        return codecs.lookup(encoding).name
    except LookupError:
        raise DataError(f"--encoding {shown(encoding)}: unknown encoding; "
                        "give one such as utf-8, latin-1 or cp1252") from None


# --------------------------------------------------------------------------
# Chunks of rows
# --------------------------------------------------------------------------


class Columns:
    """The columns the command reads, by role: labels (kept as read), numbers
    (weights and scores: finite, and weights not negative); ``flags`` maps each
    to the flag that named it; ``paired`` are the true and predicted labels."""

    def __init__(self, flags, weight=None, scores=(), paired=()):
        self.paired = list(paired)  # true and predicted labels, compared with each other
        self.flags = {}
        for flag, names in flags.items():
            for name in [names] if isinstance(names, str) else names:
                self.flags.setdefault(name, flag)
        self.weight = weight
        self.scores = list(scores)
        self.numbers = ([weight] if weight else []) + self.scores
        self.labels = [name for name in self.flags if name not in self.numbers]
        self.all = list(self.flags)


class _KindChanged(Exception):
    """A label column's kind changed between chunks."""


def evaluated(source, columns, consume, progress=None):
    """``consume(chunks)`` of the source's chunks. ``chunks`` yields ``(first, frame)``:
    the number (from 0) of the frame's first data record, and its columns.

    A label column whose kind changes between chunks (numbers, then text)
    is text throughout, as pandas reads the whole file: then the file is
    read once more to find every such column, and consumed again.
    """
    try:
        try:
            return consume(_chunks(source, columns, None, progress))
        except _KindChanged:
            return consume(_chunks(source, columns, _mixed_columns(source, columns), progress))
    except UnicodeDecodeError as error:
        raise DataError(source.decode_error(error)) from None


def _mixed_columns(source, columns):
    """The label columns whose chunks hold values of different kinds."""
    kinds = {name: set() for name in columns.labels}
    for frame in _frames(source, columns, set()):
        for name in columns.labels:
            kinds[name].add(_kind(frame[name]))
    return {name for name, found in kinds.items() if not _one_kind(found)}


def _one_kind(kinds):
    return len(kinds) == 1 or kinds == {"i", "f"}  # integers and floats compare as numbers


def _chunks(source, columns, as_text, progress):
    """The chunks, their values checked. A first reading (``as_text`` None) stops
    when a column's kind changes, or true and predicted labels differ in kind
    (one may turn to text later); the second reads ``as_text`` columns as text."""
    kinds = {}
    first = 0
    for frame in _frames(source, columns, as_text or set()):
        if not len(frame):
            continue
        _check_values(source, columns, frame, first)
        for name in columns.labels:
            kinds.setdefault(name, set()).add(_kind(frame[name]))
        paired = {_kind(frame[name]) for name in columns.paired}
        if as_text is None and not all(map(_one_kind, [paired, *kinds.values()])):
            raise _KindChanged()
        yield first, frame
        first += len(frame)
        if progress is not None:
            progress.update(first)
    if progress is not None:
        progress.done()
    if not first:
        raise DataError(f"{source.name} has a header but no rows")


def _kind(values):
    kind = values.dtype.kind
    return "i" if kind == "u" else kind


def _frames(source, columns, as_text):
    if source.format == "parquet":
        yield from _parquet_batches(source, columns)
        return
    with source.binary() as stream:
        try:
            header = pd.read_csv(stream, sep=source.sep, nrows=0, encoding=source.encoding)
        except pd.errors.EmptyDataError:
            raise DataError(f"{source.name} is empty: it has no header line") from None
        check_columns(source, columns, header.columns)
    # without usecols when every column is read, so that pandas refuses a row of
    # more fields than the header (with usecols it ignores the extra fields)
    usecols = None if set(header.columns) == set(columns.all) else columns.all
    with source.binary() as stream:
        reader = pd.read_csv(
            stream, sep=source.sep, usecols=usecols, encoding=source.encoding,
            chunksize=CHUNK_ROWS, keep_default_na=False, na_values=[""],
            dtype={name: str for name in as_text})
        try:
            yield from reader
        except pd.errors.ParserError as error:
            ragged = source.ragged_row(len(header.columns))
            if ragged is None:
                raise DataError(f"cannot read {source.name} as CSV: {_one_line(error)}") from None
            raise DataError(f"{source.name} line {ragged[0]:,}: {ragged[1]} fields, where the "
                            f"header has {len(header.columns)}") from None


def _parquet_batches(source, columns):
    try:
        import pyarrow.parquet as pq
    except ImportError:
        raise DataError("reading Parquet needs pyarrow; install it with: "
                        "pip install 'permetrics_lite[parquet]'") from None
    import pyarrow

    with source.binary() as stream:
        try:
            parquet = pq.ParquetFile(stream)
        except pyarrow.ArrowException as error:
            raise DataError(f"cannot read {source.name} as Parquet: {_one_line(error)}") from None
        check_columns(source, columns, parquet.schema_arrow.names)
        for batch in parquet.iter_batches(batch_size=CHUNK_ROWS, columns=columns.all):
            yield batch.to_pandas()


def check_columns(source, columns, found):
    """Each column named by a flag is in the file; else a message that lists its columns."""
    found = list(map(str, found))
    header = f"{source.name} line 1" if source.format == "csv" else source.name
    for name, flag in columns.flags.items():
        if name not in found:
            close = [c for c in found if c.lower() == name.lower()]
            hint = f" Did you mean {shown(close[0])}?" if close else ""
            listed = ", ".join(map(shown, found[:20])) + (", …" if len(found) > 20 else "")
            raise DataError(f"{header}: no column {shown(name)} ({flag}); its columns are "
                            f"{listed}.{hint}")


def _check_values(source, columns, frame, first):
    """Every value present, and numbers where numbers are needed."""
    for name in columns.all:
        missing = frame[name].isna().to_numpy()
        if missing.any():
            raise DataError(f"{source.where(first + int(np.argmax(missing)))}: empty value in "
                            f"column {shown(name)}")
    for name in columns.numbers:
        values = frame[name]
        if values.dtype.kind not in "iuf":
            text = values.dtype.kind == "O"  # else booleans or dates: none is a number
            row = int(np.argmax(pd.to_numeric(values, errors="coerce").isna().to_numpy())
                      if text else 0)
            raise DataError(f"{source.where(first + row)}: {shown(values.iloc[row])} in column "
                            f"{shown(name)} is not a number")
        bad = ~np.isfinite(values.to_numpy(dtype=np.float64))
        if name == columns.weight:
            bad |= values.to_numpy() < 0
        if bad.any():
            row = int(np.argmax(bad))
            problem = ("negative: a weight is 0 or more" if np.isfinite(values.iloc[row])
                       else "not a finite number")
            raise DataError(f"{source.where(first + row)}: {shown(values.iloc[row])} in column "
                            f"{shown(name)} is {problem}")


def _one_line(error):
    return " ".join(str(error).split())
