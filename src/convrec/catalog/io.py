"""Careful file reading: every problem becomes one clear :class:`DataError` line."""

from __future__ import annotations

import csv
import gzip
from pathlib import Path
from typing import Iterator, Sequence

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


def read_any_table(path: Path) -> pd.DataFrame:
    """A user's CSV / TSV / Parquet / JSON Lines file, all columns as loaded."""
    require(path, hint="check the path")
    suffixes = "".join(path.suffixes).lower()
    try:
        if ".parquet" in suffixes or ".pq" in suffixes:
            df = pd.read_parquet(path)
        elif ".jsonl" in suffixes or ".ndjson" in suffixes:
            df = pd.read_json(path, lines=True, dtype=False)
        else:
            sep = "\t" if ".tsv" in suffixes else ","
            bad = _bad_lines(path, sep)
            df = pd.read_csv(path, sep=sep, dtype=str, keep_default_na=False, on_bad_lines="skip" if bad else "error")
            if bad:  # a broken row is named and left out; the rest is prepared
                df.attrs["skipped_lines"] = bad
    except pd.errors.EmptyDataError:
        raise DataError(f"file {path} is empty") from None
    except pd.errors.ParserError as e:
        raise DataError(f"{path}: malformed line ({_short(e)})") from None
    except (ValueError, OSError) as e:
        raise DataError(f"{path}: cannot read ({_short(e)})") from None
    if df.empty:
        raise DataError(f"file {path} has no data rows")
    df.columns = [str(c).strip() for c in df.columns]
    return df


def _bad_lines(path: Path, sep: str, limit: int = 20) -> list[str]:
    """Lines whose field count differs from the header's: "line 6 (7 fields, expected 6)"."""
    import csv

    out: list[str] = []
    try:
        with open(path, newline="", encoding="utf-8", errors="replace") as f:
            reader = csv.reader(f, delimiter=sep)
            header = next(reader, None)
            if header is None:
                return []
            for row in reader:
                if row and len(row) != len(header):
                    out.append(f"line {reader.line_num} ({len(row)} fields, expected {len(header)})")
                    if len(out) >= limit:
                        break
    except (OSError, csv.Error):
        return []
    return out


def _short(e: Exception) -> str:
    return " ".join(str(e).split())[:200]
