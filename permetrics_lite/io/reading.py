"""The command line's input: CSV or Parquet, compressed or not, from a file or
standard input, read in chunks of rows so that memory stays bounded.

A CSV file is read by pandas' C parser in chunks of at most ``CHUNK_ROWS``
rows, ``CHUNK_VALUES`` values and ``CHUNK_BYTES`` bytes of text (at the length
of the lines read so far), with pandas' type inference per chunk. A
label column whose values change kind between chunks (numbers, then text) is
read again as text, which is what pandas gives for the whole file. Parquet is
read by record batches. Every problem of a value is reported with the file's
physical line (the header is line 1) or, for Parquet, its row.
"""

import bz2
import codecs
import contextlib
import csv
import gzip
import io
import lzma
import re
import shutil
import stat
import sys
import tempfile
import warnings
import zipfile
import zlib
from pathlib import Path

import numpy as np
import pandas as pd

CHUNK_ROWS = 2**20  # rows per chunk at most
CHUNK_VALUES = 2**21  # values per chunk: fewer rows when the file has more columns
CHUNK_BYTES = 2**25  # bytes of text per chunk: fewer rows when its lines are long
SHOWN = 80  # characters of a value or column name echoed in a message
FORMATS = ("csv", "parquet")
PARQUET_SUFFIXES = (".parquet", ".pq")
COMPRESSIONS = {  # magic bytes -> (name, suffix)
    b"\x1f\x8b": ("gzip", ".gz"),
    b"BZh": ("bzip2", ".bz2"),
    b"\xfd7zXZ\x00": ("xz", ".xz"),
    b"\x28\xb5\x2f\xfd": ("zstd", ".zst"),
    b"PK\x03\x04": ("zip", ".zip"),
    b"PK\x05\x06": ("zip", ".zip"),  # an empty archive: its end record alone
}
_MARKS = {"utf-16": (codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE),  # what gives their byte order
          "utf-32": (codecs.BOM_UTF32_LE, codecs.BOM_UTF32_BE)}
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
        self.encoding = codecs.lookup(encoding).name  # "utf-8" for utf8, UTF_8, ...
        self._spooled = path == "-" or _is_pipe(path)
        if not self._spooled and not Path(path).exists():
            raise DataError(f"cannot read {self.name}: no such file")
        if not self._spooled and Path(path).is_dir():
            raise DataError(f"cannot read {self.name}: it is a directory, not a file")
        self.path = self._spool(path) if self._spooled else Path(path)
        try:
            with self._raw() as raw:
                head = raw.read(8)
            self.compression = next((kind for magic, kind in COMPRESSIONS.items()
                                     if head.startswith(magic)), None)
            self.format = input_format or self._sniffed_format(head)
            if self.format == "parquet" and self.compression:
                raise DataError(
                    f"{self.name} is Parquet compressed with {self.compression[0]}; Parquet "
                    "compresses its own pages and must be read at random: decompress the file "
                    "first")
            self.sep = sep or (self._sniffed_delimiter() if self.format == "csv" else None)
        except BaseException:
            self.close()
            raise

    def _spool(self, path):
        """Standard input (or a pipe) copied to a temporary file, to be read again."""
        spool = tempfile.NamedTemporaryFile(prefix="permetrics-lite-", delete=False)
        with spool:
            if path == "-":
                shutil.copyfileobj(sys.stdin.buffer, spool, _BLOCK)
            else:
                with open(path, "rb") as pipe:
                    shutil.copyfileobj(pipe, spool, _BLOCK)
        return Path(spool.name)

    def close(self):
        """Remove the copy of standard input."""
        if self._spooled:
            self.path.unlink(missing_ok=True)

    def _raw(self):
        """The file's bytes as stored (compressed or not)."""
        return open(self.path, "rb")

    @contextlib.contextmanager
    def binary(self):
        """The file's decompressed bytes; a corrupt or truncated file is a DataError."""
        with self._unreadable(), self._raw() as raw:
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

    @contextlib.contextmanager
    def _unreadable(self):
        """Errors of decompression and of Parquet as one line that names the file."""
        errors = (EOFError, OSError, lzma.LZMAError, zlib.error, UnicodeError)
        try:
            import pyarrow
            errors += (pyarrow.ArrowException,)
        except ImportError:
            pass
        try:
            yield
        except UnicodeDecodeError:
            raise
        except errors as error:
            words = one_line(error) or type(error).__name__
            if isinstance(error, UnicodeError) and words.endswith("does not start with BOM"):
                words += f"; {_byte_order_hint(self.encoding)}"  # utf-16 or utf-32 unmarked
            raise DataError(f"cannot read {self.name}: {words}") from None
        except Exception as error:  # zstandard.ZstdError, unknown ahead of its import
            if type(error).__module__.startswith("zstandard"):
                raise DataError(f"cannot read {self.name}: {one_line(error)}") from None
            raise

    def _sniffed_format(self, head):
        """Parquet by its suffix (before any compression suffix) or its magic bytes (the
        only sign of standard input's, whose copy has no suffix)."""
        suffixes = [s.lower() for s in self.path.suffixes]
        if self.compression and suffixes[-1:] == [self.compression[1]]:
            suffixes = suffixes[:-1]
        if suffixes and suffixes[-1] in PARQUET_SUFFIXES:
            return "parquet"
        return "parquet" if head.startswith(b"PAR1") else "csv"

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
        return self.places(record)[0]

    def places(self, *records):
        """:meth:`place` of each record, the file read once."""
        if self.format == "parquet":
            return [f"row {record + 1:,}" for record in records]
        wanted, found = set(records), {}
        for seen, (start, _) in enumerate(self._rows()):
            if seen in wanted:
                found[seen] = start
                if len(found) == len(wanted):
                    break
        return [f"line {found[record]:,}" for record in records]

    def ragged_row(self, width):
        """``(line, fields)`` of the first row of more than ``width`` fields, else None."""
        return next(((start, len(row)) for start, row in self._rows() if len(row) > width), None)

    def unclosed_line(self, row):
        """The line where pandas' tokenizer row ``row`` starts: the header is row 0, and
        blank lines are rows of their own (a quoted field's lines are not)."""
        ends = [end for _, (_, end, _, _) in zip(range(row), self._records())]
        return ends[-1] + 1  # after the end of the row before it

    def _rows(self):
        """Each data row that pandas reads, with the physical line where it starts."""
        records = self._records()
        next(records)  # the header
        return ((start, row) for start, _, row, blank in records if not blank)

    def _records(self):
        """Each record of the csv module, the header first: its first and last physical
        lines, its fields, and whether pandas skips it as blank (one unquoted line of
        spaces and tabs alone, the delimiter's character aside)."""
        spaces = set(" \t") - {self.sep}
        with _long_fields(), self.binary() as stream:
            text = io.TextIOWrapper(stream, encoding=self.encoding, newline="")
            lines = []
            reader = csv.reader(_kept(text, lines), delimiter=self.sep)
            while True:
                start = reader.line_num + 1
                lines.clear()
                try:
                    row = next(reader)
                except StopIteration:
                    return
                blank = len(lines) == 1 and set(lines[0].rstrip("\r\n")) <= spaces
                yield start, reader.line_num, row, blank

    def decode_error(self, error):
        """The message of an undecodable byte: its line and byte offset, found by an
        incremental decoder (a character cut by a block's end, a byte-order mark)."""
        if self.encoding in _MARKS:
            with self.binary() as stream:
                unmarked = not stream.read(4).startswith(_MARKS[self.encoding])
        else:
            unmarked = False
        decoder = codecs.getincrementaldecoder(self.encoding)()
        offset, line, after_cr = 0, 1, False  # bytes decoded, their last line, its end
        with self.binary() as stream:
            while True:
                block = stream.read(_BLOCK)
                state = decoder.getstate()
                try:
                    text = decoder.decode(block, final=not block)
                except UnicodeDecodeError as found:
                    # found.object: the bytes the decoder held from earlier blocks, then these
                    start = offset + found.start - (len(found.object) - len(block))
                    decoder.setstate(state)
                    line += _line_ends(decoder.decode(block[:max(start - offset, 0)]), after_cr)
                    bad = found.object[found.start: found.end]
                    hint = (f"it has no byte-order mark: {_byte_order_hint(self.encoding)}"
                            if unmarked else "give the file's encoding with --encoding (for "
                            "example --encoding latin-1 or utf-16)")
                    return (f"{self.name} line {line:,} (byte {start:,}): cannot decode "
                            f"{shown(bad)} as {self.encoding}; {hint}")
                line += _line_ends(text, after_cr)
                after_cr = text.endswith("\r") if text else after_cr
                if not block:
                    break
                offset += len(block)
        return f"{self.name}: {one_line(error)}; give the file's encoding with --encoding"


def _byte_order_hint(encoding):
    """What to give for a UTF-16 or UTF-32 file without its byte-order mark."""
    return f"give its byte order with --encoding {encoding}-le or {encoding}-be"


def _line_ends(text, after_cr):
    """The line ends of ``text`` (CR LF, CR or LF, as the csv module and pandas read
    them); a LF first, after a CR that ended the text before it, is not one."""
    ends = text.count("\n") + text.count("\r") - text.count("\r\n")
    return ends - (after_cr and text.startswith("\n"))


def _kept(lines, kept):
    """The lines, each kept in ``kept`` as it is read (the raw text of a record)."""
    for line in lines:
        kept.append(line)
        yield line


@contextlib.contextmanager
def _long_fields():
    """The csv module reading fields of any length, as pandas does (its default limit
    is 131,072 characters), the limit restored after."""
    limit = csv.field_size_limit(2**31 - 1)
    try:
        yield
    finally:
        csv.field_size_limit(limit)


def _is_pipe(path):
    try:
        return stat.S_ISFIFO(Path(path).stat().st_mode)
    except OSError:
        return False


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
    finally:
        if progress is not None:
            progress.done()  # before any message, so that none follows the line


def _mixed_columns(source, columns):
    """The label columns whose chunks hold values of different kinds."""
    kinds = {name: set() for name in columns.labels}
    for frame in _frames(source, columns, set()):
        for name in columns.labels:
            kinds[name].add(_kind(frame[name]))
    return {name for name, found in kinds.items() if not _one_kind(found)}


def _one_kind(kinds):
    # integers and floats compare as numbers; mixed blocks are read again as text
    return (len(kinds) == 1 and kinds != {"mixed"}) or kinds == {"i", "f"}


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
    if not first:
        raise DataError(f"{source.name} has a header but no rows")


def _kind(values):
    """The kind of a column's values: "i" (integers), "f", "b", "O" (text), or
    "mixed" when pandas parsed the blocks of one chunk as different types."""
    kind = values.dtype.kind
    if kind == "O" and values.dtype == object and pd.api.types.infer_dtype(
            values, skipna=True) not in ("string", "bytes", "empty"):
        return "mixed"
    return "i" if kind == "u" else kind


def _frames(source, columns, as_text):
    """The chunks of the file, each with the wanted columns only."""
    if source.format == "parquet":
        yield from _parquet_batches(source, columns)
        return
    with source.binary() as stream:  # a byte-order mark is not part of a name, as in pandas
        text = io.TextIOWrapper(stream, encoding="utf-8-sig" if source.encoding == "utf-8"
                                else source.encoding, newline="")
        with _long_fields():
            header = next(csv.reader(text, delimiter=source.sep), None)
    if not header:
        raise DataError(f"{source.name} is empty: it has no header line")
    check_columns(source, columns, header)
    # Every column is parsed (pandas ignores the extra fields of a row when given
    # usecols): a row of more fields than the header is an error, never a shift of
    # the columns (index_col=False). Chunks are bounded in values and in bytes of
    # text, so that a long unused column does not multiply the memory of a chunk.
    with source.binary() as stream:  # the first chunk's lines are as long as these
        data = stream.read(_SNIFF_BYTES).partition(b"\n")[2]  # after the header
    first = rows_per_chunk(len(header), len(data), data.count(b"\n"))
    with source.binary() as stream:
        counted = _Counted(stream)
        try:  # pandas reads the header and the first row at once
            reader = pd.read_csv(
                io.BufferedReader(counted, _BLOCK), sep=source.sep, encoding=source.encoding,
                chunksize=first, index_col=False,
                keep_default_na=False, na_values=[""], dtype={name: str for name in as_text})
            rows = 0
            while (frame := _next_chunk(reader)) is not None:
                yield frame[columns.all]
                rows += len(frame)
                reader.chunksize = rows_per_chunk(len(header), counted.count, rows)
        except (pd.errors.ParserError, pd.errors.ParserWarning) as error:
            unclosed = re.search(r"EOF inside string starting at row (\d+)", str(error))
            if unclosed:
                line = source.unclosed_line(int(unclosed.group(1)))
                raise DataError(f"{source.name} line {line:,}: a quoted field is not closed: "
                                "its quote runs to the end of the file") from None
            ragged = source.ragged_row(len(header))
            if ragged is None:
                raise DataError(f"cannot read {source.name} as CSV: {one_line(error)}") from None
            raise DataError(f"{source.name} line {ragged[0]:,}: {ragged[1]} fields, where the "
                            f"header has {len(header)}") from None


def rows_per_chunk(width, size, rows):
    """Rows per chunk of ``width`` columns: at most CHUNK_ROWS, CHUNK_VALUES values,
    and CHUNK_BYTES of text at the ``size / rows`` bytes per row read so far."""
    if rows == 0:  # not one line yet: one row, until a line's length is known
        return 1
    by_bytes = CHUNK_BYTES * rows // max(size, 1)
    return max(1, min(CHUNK_ROWS, CHUNK_VALUES // width, by_bytes))


class _Counted(io.RawIOBase):
    """A binary stream that counts the bytes read from it."""

    def __init__(self, stream):
        super().__init__()
        self._stream, self.count = stream, 0

    def readable(self):
        return True

    def readinto(self, buffer):
        data = self._stream.read(len(buffer))
        buffer[:len(data)] = data
        self.count += len(data)
        return len(data)
def _next_chunk(reader):
    """The reader's next chunk, None at the end; a row whose fields do not match the
    header raises (pandas only warns of it). Mixed types are found by ``_kind``."""
    with warnings.catch_warnings():
        warnings.simplefilter("error", pd.errors.ParserWarning)
        warnings.simplefilter("ignore", pd.errors.DtypeWarning)
        return next(reader, None)


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
            raise DataError(f"cannot read {source.name} as Parquet: {one_line(error)}") from None
        check_columns(source, columns, parquet.schema_arrow.names)
        for batch in parquet.iter_batches(batch_size=CHUNK_ROWS, columns=columns.all):
            yield batch.to_pandas()


def check_columns(source, columns, found):
    """Each column named by a flag is in the file, once; else a message that lists
    its columns."""
    found = list(map(str, found))
    header = f"{source.name} line 1" if source.format == "csv" else source.name
    twice = [name for name in columns.flags if found.count(name) > 1]
    if twice:
        raise DataError(f"{header}: column {shown(twice[0])} appears {found.count(twice[0])} "
                        "times; name each column once")
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


def one_line(error):
    """A message on one line."""
    return " ".join(str(error).split())
