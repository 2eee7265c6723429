"""Careful file reading: every problem becomes one clear :class:`DataError` line."""

from __future__ import annotations

import csv
import gzip
from pathlib import Path
from typing import Callable, Iterator, Sequence

import pandas as pd

from convrec.errors import DataError

DATA_HINT = "set CONVREC_DATA to the folder that holds the datasets"


def require(path: Path, hint: str = DATA_HINT) -> Path:
    """Return ``path`` if it is a non-empty file, else raise a one-line DataError."""
    if not path.is_file():
        raise DataError(f"missing file {path} ({hint})")
    if path.stat().st_size == 0:
        raise DataError(f"file {path} is empty")
    return path


def open_text(path: Path, encoding: str = "utf-8"):
    if path.suffix == ".gz":
        return gzip.open(path, "rt", encoding=encoding, newline="")
    return open(path, encoding=encoding, newline="")


def read_delimited(
    path: Path,
    sep: str,
    names: Sequence[str] | None = None,
    expected: Sequence[str] | None = None,
    encoding: str = "utf-8",
    dtype: object = str,
    min_fields: int | None = None,
) -> pd.DataFrame:
    """Read a delimited text file into strings, with clear errors.

    ``names`` gives column names for header-less files (every line must have exactly that
    many fields); ``expected`` lists columns a header must contain.
    """
    require(path)
    kwargs: dict = dict(dtype=dtype, keep_default_na=False, encoding=encoding)
    if names is not None:
        kwargs.update(header=None, names=list(names))
    if len(sep) > 1:
        # multi-char separators ('::'): split ourselves; pandas' python engine is slow
        return _read_multichar(path, sep, names, encoding)
    try:
        df = pd.read_csv(path, sep=sep, on_bad_lines="error", quoting=csv.QUOTE_MINIMAL if sep == "," else csv.QUOTE_NONE, **kwargs)
    except pd.errors.EmptyDataError:
        raise DataError(f"file {path} is empty") from None
    except pd.errors.ParserError as e:
        raise DataError(f"{path}: malformed line ({_short(e)})") from None
    except UnicodeDecodeError as e:
        raise DataError(f"{path}: not valid {encoding} text ({e.reason} at byte {e.start})") from None
    if df.empty:
        raise DataError(f"file {path} has no data rows")
    if names is not None:
        # header-less: a short line leaves trailing NaN/'' in the last column
        bad = df[names[-1]].isna()
        if bad.any():
            line = int(bad.to_numpy().nonzero()[0][0]) + 1
            raise DataError(f"{path} line {line}: expected {len(names)} fields separated by {sep!r}")
    if expected is not None:
        missing = [c for c in expected if c not in df.columns]
        if missing:
            raise DataError(
                f"{path}: missing column(s) {', '.join(repr(c) for c in missing)}; "
                f"found {', '.join(repr(str(c)) for c in df.columns)}"
            )
    return df


def _read_multichar(path: Path, sep: str, names: Sequence[str] | None, encoding: str) -> pd.DataFrame:
    rows = []
    n = len(names) if names else None
    try:
        with open_text(path, encoding) as f:
            for i, line in enumerate(f, 1):
                line = line.rstrip("\r\n")
                if not line:
                    continue
                parts = line.split(sep)
                if n is not None and len(parts) != n:
                    raise DataError(f"{path} line {i}: expected {n} fields separated by {sep!r}, got {len(parts)}")
                rows.append(parts)
    except UnicodeDecodeError as e:
        raise DataError(f"{path}: not valid {encoding} text ({e.reason})") from None
    except (OSError, EOFError) as e:
        raise DataError(f"{path}: cannot read ({e})") from None
    if not rows:
        raise DataError(f"file {path} has no data rows")
    return pd.DataFrame(rows, columns=list(names) if names else None)


def to_number(df: pd.DataFrame, col: str, path: Path, kind: str = "int", header_lines: int = 0, allow_empty: bool = False) -> pd.Series:
    """Convert a string column to numbers; the first bad value is reported with its line."""
    s = df[col]
    num = pd.to_numeric(s, errors="coerce")
    bad = num.isna()
    if allow_empty:
        bad &= s.astype(str).str.strip() != ""
    if bad.any():
        pos = int(bad.to_numpy().nonzero()[0][0])
        raise DataError(
            f"{path} line {pos + 1 + header_lines}: column '{col}' should be a number, got {str(s.iloc[pos])[:40]!r}"
        )
    if kind == "int":
        return num.astype("Int64") if allow_empty else num.astype("int64")
    return num.astype("float64")


def iter_lines(path: Path, encoding: str = "utf-8") -> Iterator[tuple[int, str]]:
    require(path)
    try:
        with open_text(path, encoding) as f:
            for i, line in enumerate(f, 1):
                line = line.strip()
                if line:
                    yield i, line
    except UnicodeDecodeError as e:
        raise DataError(f"{path}: not valid {encoding} text ({e.reason})") from None
    except (OSError, EOFError, gzip.BadGzipFile) as e:
        raise DataError(f"{path}: cannot read ({e})") from None


CHUNK_ROWS = 250_000
"""Rows read at a time from a user's file: progress is reported, and ``convert`` shrinks each
chunk (interactions keep four typed columns) before the next is read."""


def read_any_table(path: Path, progress: Callable[[str], None] | None = None,
                   convert: Callable[[pd.DataFrame, int], pd.DataFrame] | None = None,
                   nrows: int | None = None, chunk_rows: int = CHUNK_ROWS) -> pd.DataFrame:
    """A user's CSV / TSV / Parquet / JSON Lines file, all columns as loaded, read in chunks of
    ``chunk_rows``. ``progress`` gets a line per chunk ("interactions.csv: 2,750,000 rows, 48 %");
    ``convert(chunk, first_row)`` (first_row 0-based among the data rows) turns each chunk into what
    is kept; ``nrows`` reads only the first rows (a preview). A broken CSV row (a wrong number of
    fields, a file cut mid-row) is named in ``attrs["skipped_lines"]`` and left out."""
    require(path, hint="check the path")
    suffixes = "".join(path.suffixes).lower()
    size = max(path.stat().st_size, 1)
    parts: list[pd.DataFrame] = []
    rows = [0]

    def take(chunk: pd.DataFrame, done_share: float | None) -> None:
        chunk.columns = [str(c).strip() for c in chunk.columns]
        first = rows[0]
        rows[0] += len(chunk)
        parts.append(convert(chunk, first) if convert else chunk)
        if progress:
            share = f", {min(done_share, 1.0):.0%}" if done_share is not None else ""
            progress(f"{path.name}: {rows[0]:,} rows{share}")

    attrs: dict = {}
    try:
        if ".parquet" in suffixes or ".pq" in suffixes:
            import pyarrow.parquet as pq

            f = pq.ParquetFile(path)
            total = max(f.metadata.num_rows, 1)
            for batch in f.iter_batches(batch_size=chunk_rows):
                take(batch.to_pandas(), (rows[0] + batch.num_rows) / total)
                if nrows is not None and rows[0] >= nrows:
                    break
        elif ".jsonl" in suffixes or ".ndjson" in suffixes:
            with pd.read_json(path, lines=True, dtype=False, chunksize=chunk_rows, nrows=nrows) as reader:
                for chunk in reader:
                    take(chunk, None)
        else:
            sep = "\t" if ".tsv" in suffixes else ","
            bad = _bad_lines(path, sep, stop_after=None if nrows is None else nrows + 1)
            if bad:  # a broken row is named and left out; the rest is prepared
                attrs["skipped_lines"] = bad
            if bad:  # rare: rows of the header's width only (pandas would pad a short or cut row)
                for chunk, share in _whole_rows(path, sep, chunk_rows, nrows):
                    take(chunk, share)
            else:
                with pd.read_csv(path, sep=sep, dtype=str, keep_default_na=False, on_bad_lines="error",
                                 chunksize=chunk_rows, nrows=nrows) as reader:
                    for chunk in reader:
                        take(chunk, _position(reader) / size)
    except pd.errors.EmptyDataError:
        raise DataError(f"file {path} is empty") from None
    except pd.errors.ParserError as e:
        raise DataError(f"{path}: malformed line ({_short(e)})") from None
    except (ValueError, OSError) as e:
        if isinstance(e, DataError):
            raise
        raise DataError(f"{path}: cannot read ({_short(e)})") from None
    if not parts or not rows[0]:
        raise DataError(f"file {path} has no data rows")
    df = parts[0] if len(parts) == 1 else pd.concat(parts, ignore_index=True)
    parts.clear()
    if nrows is not None and len(df) > nrows:
        df = df.iloc[:nrows]
    df.attrs.update(attrs)
    return df


def _whole_rows(path: Path, sep: str, chunk_rows: int, nrows: int | None):
    """(chunk, share read) of the rows whose field count is the header's, parsed with the csv module."""
    with open(path, newline="", encoding="utf-8") as f:
        reader = csv.reader(f, delimiter=sep, quoting=csv.QUOTE_MINIMAL if sep == "," else csv.QUOTE_NONE)
        header = next(reader)
        width, block, n = len(header), [], 0
        for row in reader:
            if len(row) != width:
                continue
            block.append(row)
            n += 1
            if len(block) >= chunk_rows or (nrows is not None and n >= nrows):
                yield pd.DataFrame(block, columns=header), None
                block = []
                if nrows is not None and n >= nrows:
                    return
        if block:
            yield pd.DataFrame(block, columns=header), 1.0


def _position(reader) -> float:
    """Bytes the CSV reader has consumed so far (0 when pandas does not say)."""
    try:
        return float(reader.handles.handle.tell())
    except (AttributeError, OSError, ValueError):
        return 0.0


def _bad_lines(path: Path, sep: str, limit: int = 20, stop_after: int | None = None) -> list[str]:
    """Lines whose field count differs from the header's: "line 6 (7 fields, expected 6)"
    (the first ``limit``; only among the first ``stop_after`` rows when given)."""
    import csv

    out: list[str] = []
    try:
        with open(path, newline="", encoding="utf-8", errors="replace") as f:
            reader = csv.reader(f, delimiter=sep)
            header = next(reader, None)
            if header is None:
                return []
            for k, row in enumerate(reader):
                if stop_after is not None and k >= stop_after:
                    break
                if row and len(row) != len(header):
                    out.append(f"line {reader.line_num} ({len(row)} fields, expected {len(header)})")
                    if len(out) >= limit:
                        break
    except (OSError, csv.Error):
        return []
    return out


def _short(e: Exception) -> str:
    return " ".join(str(e).split())[:200]
