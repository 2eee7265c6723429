"""Bring-your-own catalog: an items file and (optionally) an interactions file.

Items need an id and a title column (names configurable); every further column becomes an
attribute whose type is inferred: integers, reals, booleans, lists (JSON arrays or
``|``-separated values) or text. Interactions need user and item columns, optionally a
timestamp (unix seconds or a date) and a rating.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Callable

import numpy as np
import pandas as pd

from convrec.catalog.dates import holds_dates, period_titles
from convrec.catalog.io import read_any_table
from convrec.catalog.meaning import items_file_meaning, title_meaning, units_data
from convrec.catalog.schema import ColumnSpec, RawDataset, empty_interactions
from convrec.errors import DataError

_SAFE_NAME = re.compile(r"[^a-z0-9_]+")
RESERVED = {"item_id", "title", "popularity"}


@dataclass
class CustomSource:
    """Where a custom dataset comes from (persisted so later commands find it by name)."""

    items: str
    interactions: str | None = None
    id_col: str = "item_id"
    title_col: str = "title"
    user_col: str = "user_id"
    item_col: str = "item_id"
    time_col: str | None = "timestamp"
    rating_col: str | None = "rating"
    list_sep: str = "|"
    list_cols: list[str] = field(default_factory=list)
    domain: str = "item"
    users: str | None = None
    """A table of user attributes (its ``user_id`` column names the users), e.g. RecBole's ``.user``."""

    def to_json(self) -> str:
        return json.dumps(self.__dict__, indent=2)

    @classmethod
    def from_json(cls, text: str) -> "CustomSource":
        return cls(**json.loads(text))


def _column_name(raw: str) -> str:
    """A header as a safe column name: lower case, letters and digits, accents dropped ("AÑO" → ano,
    "Años de vida" → anos_de_vida — not "a_o")."""
    import unicodedata

    plain = "".join(ch for ch in unicodedata.normalize("NFKD", raw.strip().lower()) if not unicodedata.combining(ch))
    name = _SAFE_NAME.sub("_", plain).strip("_") or "attr"
    if name[0].isdigit():
        name = "c_" + name
    return name


ID_NAMES = ("item_id", "id", "itemid", "item id")
GIVEN_NAMES = ("first name", "firstname", "first", "given name", "forename", "fname", "name first")
FAMILY_NAMES = ("last name", "lastname", "surname", "family name", "lname", "name last")
TITLE_NAMES = ("title", "name", "item_name", "item name", "product_name", "product name", "model", "model_name")


def _named_columns(raw: pd.DataFrame, src: CustomSource, notes: dict, name: str = "") -> CustomSource:
    """The id and title columns when the caller left the defaults (``item_id``, ``title``) and the
    file has no such column: the one whose name says it, whatever its case ("ID", "Title",
    "Name"); a table with no title column at all (a table of diamonds, of house sales) names its
    items by their id — said in the notes, ``--title-col`` picks a column instead."""

    def named(names: tuple[str, ...]) -> str | None:
        by = {" ".join(str(c).lower().replace("_", " ").split()): c for c in raw.columns}
        return next((by[n.replace("_", " ")] for n in names if n.replace("_", " ") in by), None)

    if src.id_col == "item_id" and src.id_col not in raw.columns:
        col = named(ID_NAMES)
        if col is not None:
            src = replace(src, id_col=str(col))
    if src.title_col == "title" and src.title_col not in raw.columns and src.id_col in raw.columns \
            and named(TITLE_NAMES) is None:
        parts = (named(GIVEN_NAMES), named(FAMILY_NAMES))
        if parts[0] is not None and parts[1] is not None and "full name" not in raw.columns:
            # a table of people with the name in two columns: "Karl-Anthony Towns" is how they are named
            raw["full name"] = (raw[parts[0]].fillna("").astype(str).str.strip() + " "
                                + raw[parts[1]].fillna("").astype(str).str.strip()).str.strip()
            notes["title"] = f"items are named by '{parts[0]}' and '{parts[1]}' together; --title-col changes it"
            return replace(src, title_col="full name")
        street = _address_parts(raw, src.id_col)
        if street is not None and "address" not in raw.columns:
            # a table of homes with the street number and the street apart: "406 Acrebrook Drive" names one
            number = pd.to_numeric(raw[street[0]], errors="coerce").map(lambda x: "" if pd.isna(x) else str(int(x)))
            raw["address"] = (number + " " + raw[street[1]].fillna("").astype(str).str.strip()).str.strip()
            notes["title"] = f"items are named by '{street[0]}' and '{street[1]}' together (an address); --title-col changes it"
            return replace(src, title_col="address")
    if src.title_col == "title" and src.title_col not in raw.columns and src.id_col in raw.columns \
            and named(TITLE_NAMES) is None and _names_by_data(raw, src.id_col) is None and "name" not in raw.columns \
            and _headed_names(raw, src.id_col, name or Path(src.items).stem) is None:
        from convrec.catalog.names import names_in_groups

        pair = names_in_groups(raw, src.id_col)
        if pair is not None:  # "Jefferson" in 26 states: "Jefferson, Alabama" names one
            raw["name"] = raw[pair[0]].astype(str).str.strip() + ", " + raw[pair[1]].astype(str).str.strip()
            notes["title"] = f"items are named by '{pair[0]}' and '{pair[1]}' together; --title-col changes it"
            return replace(src, title_col="name")
    if src.title_col == "title" and src.title_col not in raw.columns and src.id_col in raw.columns:
        col = named(TITLE_NAMES) or _names_by_data(raw, src.id_col) or _headed_names(raw, src.id_col, name or Path(src.items).stem)
        if col is not None:
            src = replace(src, title_col=str(col))
            if named(TITLE_NAMES) is None:
                notes["title"] = f"items are named by column '{col}' (a different name for each item); --title-col changes it"
        else:
            src = replace(src, title_col=src.id_col)
            notes["title"] = (f"no title column: items are named by their id ('{src.id_col}'); "
                              "--title-col COLUMN names one")
    return src


def _address_parts(raw: pd.DataFrame, id_col: str) -> tuple[str, str] | None:
    """(house-number column, street column) when the items are places named by an address in two
    columns: a text column whose values mostly end in a street's word ("Acrebrook Drive", "Elm St")
    and a whole-number column named as a number beside it (`StreetNum`, `house_no`), together
    different for (almost) every row; else None."""
    from convrec.catalog.headers import name_words
    from convrec.catalog.wordlists import codes_data

    suffixes = set(codes_data()["street_suffixes"]["words"])
    n = len(raw)
    if n < 5:
        return None
    for col in raw.columns:
        if col == id_col or raw[col].dtype.kind in "biufcM":
            continue
        vals = raw[col].dropna().astype(str).str.strip()
        last = vals.str.lower().str.replace(".", "", regex=False).str.split().str[-1]
        if len(vals) < 0.9 * n or last.isin(suffixes).mean() < 0.8 or vals.str.contains(r"^\d").mean() > 0.2:
            continue
        street_words = set(name_words(str(col)))
        shares = lambda c: bool(set(name_words(str(c))) & street_words - {"num", "number", "no", "nr", "name"})  # noqa: E731
        for num in sorted(raw.columns, key=lambda c: not shares(c)):  # `StreetNum` beside `StreetName` first
            if num in (col, id_col):
                continue
            words = set(name_words(str(num)))
            v = pd.to_numeric(raw[num], errors="coerce")
            if not words & {"num", "number", "no", "nr"} or v.isna().mean() > 0.1 or not (v.dropna() % 1 == 0).all() \
                    or (v.to_numpy() == range(1, n + 1)).all() \
                    or not (words & street_words - {"num", "number", "no", "nr", "name"} or words & {"house", "street", "building"}):
                continue
            both = v.astype("Int64").astype(str) + " " + raw[col].astype(str)
            if both.nunique() >= 0.9 * n:
                return str(num), str(col)
    return None


def _names_by_data(raw: pd.DataFrame, id_col: str) -> str | None:
    """The column that names the items when no column is called a name: the first text column
    whose values are short, mostly letters and different for (almost) every row ("country",
    "district", "model"), or capital-letter codes different for every row (tickers: "VZ",
    "SCHW") — not the id, not a number, a code with digits or free text."""
    n = len(raw)
    if n < 2:
        return None
    first = None
    for col in raw.columns:
        if col == id_col or raw[col].dtype.kind in "biufcM":
            continue
        vals = raw[col].dropna().astype(str).str.strip()
        vals = vals[vals != ""]
        if len(vals) < 0.9 * n or vals.nunique() < 0.9 * len(vals):
            continue  # a few names twice ("Alfalfa" in two samples) still name the items
        letters = vals.str.count(r"[A-Za-z]") / vals.str.len().clip(lower=1)
        length = vals.str.len()
        ticker = vals.nunique() >= 0.98 * len(vals) and vals.str.fullmatch(r"[A-Z][A-Z.\-]{0,5}").mean() > 0.95
        if letters.median() < 0.5 or (length.median() < 4 and not ticker) or length.median() > 60 \
                or (vals.str.fullmatch(r"[A-Za-z]{0,3}[0-9][0-9A-Za-z\-]*")
                    & ~vals.str.contains(r"[A-Za-z]{4,}")).mean() > 0.5 \
                or _machine_codes(vals) > 0.5:  # "101-Bois-de-Liesse" is a name
            continue  # codes ("04G", "tt0050083", "2wrJq5XKLnmhRXHIAf9xBa") and long texts name no item the way people do
        if vals.str.contains(r"[a-z]{3}").mean() > 0.5:
            return str(col)  # names in words ("Stockholm", "Västerbotten")
        first = first or str(col)  # capital codes ("SE-AB", tickers) name the items where no words do
    return first


def _machine_codes(vals: pd.Series) -> float:
    """The share of values that are keys a machine made (a track's "2wrJq5XKLnmhRXHIAf9xBa", a hash
    "9f86d081"): one run of 8+ letters and digits, digits between letters, in mixed case or hexadecimal."""
    run = vals.str.fullmatch(r"[A-Za-z0-9]{8,}") & vals.str.contains(r"[A-Za-z]\d+[A-Za-z]")  # digits among letters
    mixed = vals.str.contains(r"[a-z]") & vals.str.contains(r"[A-Z]")
    return float((run & (mixed | vals.str.fullmatch(r"[0-9a-f]{8,}"))).mean()) if len(vals) else 0.0  # (not "101-Bois-de-Liesse")


def _headed_names(raw: pd.DataFrame, id_col: str, dataset: str) -> str | None:
    """Where no column names every item apart, a column whose header says it holds names
    (`track_name`, `album_title`) or is the catalog's own noun (`App` in "play-store-apps") and holds
    mostly words, half of its values their own: of several, the one
    whose noun the catalog's name says ("spotify-tracks": `track_name`), else the most varied."""
    from convrec.catalog.headers import name_words

    own = {w.rstrip("s") for w in re.split(r"[^a-z]+", dataset.lower()) if w}
    n, best = len(raw), None
    for col in raw.columns:
        words = name_words(str(col))
        noun = len(words) == 1 and len(words[0]) > 2 and words[0].rstrip("s") in own  # `App` in "play-store-apps"
        if col == id_col or raw[col].dtype.kind in "biufcM" or ((len(words) < 2 or words[-1] not in ("name", "title")) and not noun) \
                or words[0] in ("first", "last", "given", "family", "middle", "sur", "file", "user"):
            continue
        vals = raw[col].dropna().astype(str).str.strip()
        if len(vals) < 0.9 * n or vals.nunique() < 0.5 * len(vals) or (
                (vals.str.count(r"[A-Za-z]") / vals.str.len().clip(lower=1)).median() < 0.5
                and not (noun and vals.is_unique and vals.str.contains(r"[A-Za-z]").mean() > 0.9)):
            continue  # (a `Type` of aircraft types: "B787-9", a code that is the item's own name)
        key = (words[0].rstrip("s") in own, vals.nunique() / len(vals))
        if best is None or key > best[0]:
            best = (key, str(col))
    return best[1] if best else None


_ROW_LABELS = {"rownames", "row names", "row name", "row", "rowname", "obs", "observation", "unnamed 0", "x", "index", "case"}


def _row_count(ids: pd.Series) -> pd.Series | None:
    """The ids as numbers where they only count the rows (1, 2, …, N), else None."""
    seq = pd.to_numeric(ids, errors="coerce")
    return None if seq.isna().any() or not (seq.to_numpy() == range(1, len(ids) + 1)).all() else seq


def _row_numbers(raw: pd.DataFrame, ids: pd.Series, id_col: str) -> pd.Series:
    """The numbers a table's rows carry of their own where its id only counts them: an R export's
    `rownames` (27, 61, …, 150 beside an id of 1–65) is how its source numbers the items ("tree 131"),
    so the titles say those; else the ids."""
    seq = _row_count(ids)
    if seq is None:
        return ids
    for col in raw.columns:
        if col == id_col or " ".join(str(col).lower().replace("_", " ").replace(".", " ").replace(":", " ").split()) not in _ROW_LABELS:
            continue
        v = pd.to_numeric(raw[col], errors="coerce")
        if v.notna().all() and v.nunique() == len(v) and (v % 1 == 0).all() and not (v.to_numpy() == seq.to_numpy()).all():
            return v.astype("int64").astype(str).set_axis(ids.index)
        codes = raw[col].astype(str).str.strip()
        if raw[col].notna().all() and codes.nunique() == len(codes) and v.isna().mean() > 0.5 \
                and codes.str.fullmatch(r"[A-Za-z0-9][A-Za-z0-9 ./-]{0,11}").all() and codes.str.contains(r"\d").mean() > 0.5:
            return codes.set_axis(ids.index)  # the source's own codes for its rows ("86-1B", a well's)
    return ids


def _own_codes(raw: pd.DataFrame, ids: pd.Series, id_col: str) -> pd.Series | None:
    """Where the id only counts the rows, the code the source gives each item in a column named
    `<noun>_id` / `<noun> code` / `<noun>_no` (a station's `site_id`: 1058, R25551): the titles say
    "site 1058", "site R25551" — what people call them; else None."""
    from convrec.catalog.headers import name_words

    seq = _row_count(ids)
    if seq is None:
        return None
    for col in raw.columns:
        words = name_words(str(col))
        if col == id_col or len(words) != 2 or words[1] not in ("id", "code", "no", "number", "num", "nr") \
                or not words[0].isalpha() or len(words[0]) < 3 or words[0] in ("item", "row", "record", "case", "entry"):
            continue
        codes = raw[col].astype(str).str.strip().str.replace(r"\.0$", "", regex=True)
        if raw[col].isna().any() or codes.nunique() < len(codes) or not codes.str.fullmatch(r"[A-Za-z0-9][A-Za-z0-9./-]{0,19}").all():
            continue
        if (pd.to_numeric(codes, errors="coerce").to_numpy() == seq.to_numpy()).all():
            continue  # the row count again
        return codes.where(~codes.str.fullmatch(r"\d+"), words[0] + " " + codes).set_axis(ids.index)
    return None


def _titles_of(name: str, ids: pd.Series, columns: list[str] | None = None) -> pd.Series:
    """Titles for a table without a title column: an id with letters names its item ("AER",
    "tt0050083"); a bare number does not — "the cheapest 2" must not link item 2 — so it is
    said with the catalog's noun ("diamond 17", else "item 17")."""
    from convrec.catalog.meaning import domain_from_names

    noun = domain_from_names(name, "", columns or ()) or "item"
    numeric = ids.str.fullmatch(r"[0-9]+(?:\.[0-9]+)?")
    return ids.where(~numeric, noun + " " + ids)


def _need(df: pd.DataFrame, col: str, path: str, what: str, flag: str) -> None:
    if col not in df.columns:
        raise DataError(
            f"{path}: no {what} column '{col}' (columns: {', '.join(map(str, df.columns))}); "
            f"name it with {flag}"
        )


def _as_list(v, sep: str) -> list[str]:
    if v is None or (isinstance(v, float) and np.isnan(v)):
        return []
    if isinstance(v, (list, tuple, np.ndarray)):
        return [str(x).strip() for x in v if str(x).strip()]
    s = str(v).strip()
    if not s:
        return []
    if s.startswith("[") and s.endswith("]"):
        try:
            parsed = json.loads(s)
            if isinstance(parsed, list):
                return [str(x).strip() for x in parsed if str(x).strip()]
        except ValueError:
            pass
    return [x.strip() for x in s.split(sep) if x.strip()]


_BLANK_MARKS = {"n/a", "#n/a", "-", "--", "?", "n.a.", "nan", "null"}


def _blank_marks(text: pd.Series) -> set[str]:
    """What a column writes for "no value": the usual marks, and "NA" (R's) unless the column holds
    other two-letter capitals (a code list where NA may be North America)."""
    marks = set(_BLANK_MARKS)
    caps = text[text.str.fullmatch(r"[A-Z]{2}")]
    if not (caps != "NA").any():
        marks.add("na")
    return marks


def _imputed_flag(s: pd.Series) -> float | None:
    """The one value strictly between 0 and 1 of a column otherwise 0 or 1 (a survey's `clerical` of
    0, 1 and 0.1823 — the sample mean filled in for the people never asked), where 0 and 1 hold at
    least half of the rows; else None."""
    present = s.dropna()
    if len(present) < 20:
        return None
    counts = present.value_counts()
    if len(counts) != 3 or not {0.0, 1.0} <= set(counts.index):
        return None
    other = float(next(x for x in counts.index if x not in (0.0, 1.0)))
    if not 0.0 < other < 1.0 or counts[0.0] + counts[1.0] < 0.5 * len(present) or min(counts[0.0], counts[1.0]) < 2:
        return None
    return other


def infer_column(values: pd.Series, sep: str, force_list: bool = False) -> tuple[str, pd.Series | list]:
    """Infer a column's type and convert it; returns (type, converted values)."""
    s = values
    if force_list:
        return "list", [_as_list(v, sep) for v in s]
    if s.map(lambda v: isinstance(v, (list, tuple, np.ndarray))).any():
        return "list", [_as_list(v, sep) for v in s]
    if s.dtype == bool:
        return "boolean", s.astype(bool)
    if pd.api.types.is_integer_dtype(s) and len(s) >= 20 and set(pd.unique(s.dropna())) == {0, 1}:
        return "boolean", s.map(lambda v: None if pd.isna(v) else bool(v))  # one 0/1 column per genre
    if pd.api.types.is_integer_dtype(s):
        return "integer", s.astype("Int64")
    if pd.api.types.is_float_dtype(s):
        imputed = _imputed_flag(s)
        if imputed is not None:  # 0/1 with one mean filled in where it was not asked: a yes/no column, that one blank
            return "boolean", s.map(lambda v: None if pd.isna(v) or v == imputed else bool(v))
        return "real", s.astype(float)
    text = s.astype(str).str.strip()
    blank = _blank_marks(text)
    text = text.where(~text.str.lower().isin(blank), "")  # "n/a", "-", "?" in a cell: no value
    present = text[text != ""]
    if present.empty:
        return "text", [None] * len(s)
    low = present.str.lower()
    if low.isin(["true", "false", "yes", "no", "0", "1"]).all() and low.isin(["true", "false", "yes", "no"]).any():
        return "boolean", text.str.lower().map({"true": True, "yes": True, "1": True, "false": False, "no": False, "0": False})
    if len(present) >= 20 and low.isin(["0", "1", "0.0", "1.0"]).all() and low.str[0].nunique() == 2:
        # one 0/1 column per genre (or feature): a yes/no column, a value of its facet
        return "boolean", text.str.lower().map({"1": True, "1.0": True, "0": False, "0.0": False})
    if low.isin(["y", "n"]).all() and low.nunique() == 2:  # Y/N flags
        return "boolean", text.str.lower().map({"y": True, "n": False})
    if len(text) >= 20 and low.nunique() == 1 and low.iloc[0] in _TICKS and 0.02 <= len(present) / len(text) <= 0.98:
        return "boolean", text.str.lower().map(lambda v: v in _TICKS)  # "Y" or "*" where it holds, blank where not
    num = pd.to_numeric(present, errors="coerce")
    if num.notna().all() and (imputed := _imputed_flag(num)) is not None:
        full = pd.to_numeric(text.where(text != "", None), errors="coerce")  # (see _imputed_flag)
        return "boolean", full.map(lambda v: None if pd.isna(v) or v == imputed else bool(v))
    if num.notna().all():
        return _typed_numbers(pd.to_numeric(text.where(text != "", None), errors="coerce"))
    written = _written_numbers(text, present) or _mostly_numbers(text, present)
    if written is not None:
        return written
    era = _era_years(text, present)
    if era is not None:
        return era
    json_lists = present.str.startswith("[") & present.str.endswith("]")
    if holds_dates(present):  # "January 7, 2018": a date's comma, no list
        return "text", [t if t not in ("", "nan", "None", "null") else None for t in text]
    listed = present.str.replace(_THOUSANDS, "", regex=True) if sep == "," else present  # "1,000,000+": thousands
    if json_lists.mean() > 0.5 or (listed.str.contains(re.escape(sep), regex=True).mean() > 0.2 and present.str.len().median() < 200):
        return "list", [_as_list(v, sep) for v in s]
    other = _list_separator(present, sep)
    if other:
        return "list", [_as_list(v, other) for v in s]
    return "text", [t if t not in ("", "nan", "None", "null") else None for t in text]


_MARKED = re.compile(r"^\s*([$€£]?)\s*(-?[$€£]?\d[\d,]*(?:\.\d+)?)\s*([%+]?)\s*$")
_PRICE_RANGE = re.compile(r"^\s*([$€£])\s*(\d[\d,]*(?:\.\d+)?)()\s*(?:through|thru|to|–|—|-)\s*-?\s*[$€£]?\s*\d[\d,]*(?:\.\d+)?\s*$",
                          re.I)
"""A price written as a range ("$389.99through-$419.99", "$20 - $25"): read as its lowest price,
what the item can be had for."""


def _marked(v: str):
    return _MARKED.match(v) or _PRICE_RANGE.match(v)
WRITTEN_UNIT = {"$": "$", "€": "$", "£": "$", "%": "%"}


def _written_numbers(text: pd.Series, present: pd.Series) -> tuple[str, pd.Series] | None:
    """Numbers written as text with their sign ("$53.25 ", "-15%", "1,234"), a few placeholders
    ("(No previous year)", "n/a") among them: a number column (the placeholders are blanks), typed
    ``"real:$"`` / ``"real:%"`` when the values write a currency or a percent."""
    ms = present.map(_marked)
    ok = ms.map(bool)
    if ok.sum() < 10 or ok.mean() < 0.6 or present[~ok].nunique() > 3 or (ok.mean() < 0.85 and present[~ok].nunique() > 1):
        return None  # a few placeholders at most ("(No previous year)" on 21 of 101 rows)
    marks = ms[ok].map(lambda m: m.group(1) or m.group(3) or ("$" if "$" in m.group(2) else ""))
    signed = marks.isin(["$", "€", "£"])  # ("0" for the free ones, "$0.99" for the others: prices)
    if not (marks != "").mean() >= 0.5 and not present[ok].str.contains(",").any() \
            and not (signed.sum() >= 5 and present[ok][~signed].map(lambda v: _MARKED.match(v) is not None).all()):
        return None  # plain numbers are read by to_numeric; these must write a sign or thousands
    marks = marks.where(marks != "+", "")  # "10,000+": at least that many, read as the count
    def value(v: str):
        m = _marked(v)
        if not m:
            return None
        try:
            return float(re.sub(r"[,$€£]", "", m.group(2)))
        except ValueError:
            return None
    full = pd.Series([value(str(v)) for v in text], dtype=float)
    mark = marks[marks != ""].mode()
    unit = WRITTEN_UNIT.get(mark.iloc[0], "") if len(mark) else ""
    return ("real:" + unit, full) if unit else _typed_numbers(full)  # ("1,000,000+": a whole count)


_TICKS = {"y", "yes", "x", "*", "✓", "✔", "true"}
"""A mark that says a flag holds, in a column that is blank where it does not."""
_TRACE = {"t", "tr", "t'", "trace", "traces"}
"""How food and chemistry tables write an amount too small to measure: nothing to speak of (0)."""


def _mostly_numbers(text: pd.Series, present: pd.Series) -> tuple[str, pd.Series] | None:
    """Numbers with a few marks among them ("t" for a trace, "a", "8-44"): at least 85 % plain numbers
    (thousands written or not) and at most three other short forms — a number column where a trace
    is 0 and the other marks are no value."""
    plain = pd.to_numeric(present.str.replace(_THOUSANDS, "", regex=True), errors="coerce")
    rest = present[plain.isna()].str.lower()
    bounded = rest.map(_censored)
    traced = plain.notna() | present.str.lower().isin(_TRACE) | present.str.lower().map(_censored).notna()
    stray = (~traced).sum() <= max(2, 0.005 * len(present)) and plain.notna().mean() >= 0.9  # a row shifted a column ("Hammett" in `Age`)
    if len(present) < 20 or plain.notna().mean() < 0.5 or traced.mean() < 0.85 or rest.nunique() > 3 \
            or not (stray or rest.map(lambda v: len(v) <= 6 or v in _TRACE).where(bounded.isna(), True).all()):
        return None
    full = pd.to_numeric(text.str.replace(_THOUSANDS, "", regex=True).where(text != "", None), errors="coerce")
    bound = pd.to_numeric(text.str.lower().map(_censored), errors="coerce")  # "menos de 1": under the bound, at half of it
    full = full.where(full.notna(), bound)
    return _typed_numbers(full.where(~text.str.lower().isin(_TRACE), 0.0))


_CENSORED = re.compile(r"^(<|less than|under|below|fewer than|menos de|moins de|weniger als|meno di|menor que|menor a)\s*"
                       r"(\d+(?:\.\d+)?)$|^(>|more than|over|above|más de|mas de|plus de|mehr als|più di|mayor que)\s*(\d+(?:\.\d+)?)$")


def _censored(v) -> float | None:
    """A value written as a bound ("<1", "menos de 1", "more than 100"): below it, half the bound;
    above it, the bound — an amount the source only bounded, in any of the languages sources use."""
    m = _CENSORED.match(str(v).strip().lower())
    if not m:
        return None
    return float(m.group(2)) / 2 if m.group(2) is not None else float(m.group(4))


_THOUSANDS = r"(?<=\d),(?=\d{3}\b)"


def _typed_numbers(full: pd.Series) -> tuple[str, pd.Series]:
    """A column of numbers (blanks as NaN): whole numbers as integers, else reals."""
    whole = full.dropna()
    if (whole == whole.round()).all() and whole.abs().max() < 2**53:
        return "integer", full.round().astype("Int64")
    return "real", full.astype(float)


_SLOT = re.compile(r"[$€£]?\d{1,3}(?:,\d{3})+(?:\.\d+)?%?|[$€£]?\d+(?:\.\d+)?%?")


def _skeleton(v: str) -> str:
    return re.sub(r"\b([a-z]{3,})s\b", r"\1", _SLOT.sub("#", v.lower()))  # "1 review" and "125 reviews": one form


def templated_numbers(header: str, text: pd.Series) -> list[tuple[str, pd.Series, str]] | None:
    """A text column whose values are one sentence with numbers in it ("Rated 4.8 out of 5 stars
    based on 125 reviews."): one number column per place that varies, the first named by the
    header, the others by the word beside them ("reviews"); a unit word beside a number is kept
    in the new column's header ("12 kg" → "Weight (kg)"), a currency sign or a percent as written.
    None unless nearly every value has that one form."""
    t = text.map(lambda v: "" if v is None or (isinstance(v, float) and v != v) else str(v).strip())
    present = t[(t != "") & ~t.str.lower().isin(["nan", "none", "null", "n/a", "na"])]
    if len(present) < 10:
        return None
    skel = present.map(_skeleton)
    top = skel.value_counts()
    form, n = top.index[0], int(top.iloc[0])
    if n < 0.9 * len(present) or "#" not in form or not re.search(r"[a-z]{2}", form) or present.nunique() < 5 \
            or re.search(r"#\s*[-:/.]\s*#", form):
        return None  # dates, times and codes ("2002-04-20", "10:30", "A-12") are not sentences
    slots = [list(_SLOT.findall(v)) if k == form else None for v, k in zip(present, skel)]
    width = form.count("#")
    parts = _SLOT.split(present[skel == form].iloc[0].lower())  # the words as written ("reviews")
    units = units_data()["units"]
    unit_words = {w: u for u, d in units.items() for w in d.get("words", [])}
    words = re.findall(r"[a-z]+", form)
    signed = bool(re.search(r"[$€£]#|#%", _SLOT.sub(lambda m: ("$" if m.group(0)[0] in "$€£" else "") + "#"
                                                     + ("%" if m.group(0).endswith("%") else ""), present.iloc[0])))
    if not (signed or len(words) >= 3 or any(re.findall(r"[a-z]+", p)[:1] and re.findall(r"[a-z]+", p)[0] in unit_words
                                              for p in parts[1:])):
        return None  # "Room 101": a name with a number, not a measure written in words
    out: list[tuple[str, pd.Series, str]] = []
    used: set[str] = set()
    for i in range(width):
        raw = [sl[i] if sl is not None and len(sl) == width else None for sl in slots]
        vals = pd.Series([float(re.sub(r"[,$€£%]", "", r)) if r else None for r in raw], index=present.index, dtype=float)
        if vals.dropna().nunique() < 2:
            continue  # "out of 5": the same in every value, not a measure
        after = re.findall(r"[a-z]+", parts[i + 1])
        before = re.findall(r"[a-z]+", parts[i])
        written = "$" if any(r and r[0] in "$€£" for r in raw) else "%" if any(r and r.endswith("%") for r in raw) else ""
        unit = after[0] if after and after[0] in unit_words else ""
        if not out:
            name = header
        else:
            name = next((w for w in after + before[::-1] if len(w) >= 3 and w not in used and w not in
                         ("and", "the", "out", "based", "with", "for", "from")), f"{header} {i + 1}")
        used.add(name)
        full = pd.Series(np.nan, index=text.index, dtype=float)
        full.loc[vals.index] = vals
        out.append((f"{name} ({unit})" if unit and not written else name, full.reset_index(drop=True), written))
    return out or None


_SPECS = (  # (header of the new column, the pattern of the number and its unit in a name, factor)
    ("size (inch)", re.compile(r"(?<![\d.])(\d{1,3}(?:\.\d)?)\s*(?:\"|”|''|-inch\b|\s?inch(?:es)?\b|-in\.)"), 1.0),
    ("size (oz)", re.compile(r"(?<![\d.])(\d{1,3}(?:\.\d{1,2})?)\s?(?:fl\.?\s?)?oz\b|(\d{1,3}(?:\.\d{1,2})?)\s(?:fluid\s)?ounces?\b", re.I), 1.0),
    ("size (ml)", re.compile(r"(?<![\d.])(\d{1,4}(?:\.\d)?)\s?ml\b", re.I), 1.0),
)


_PLACE_STATES = re.compile(r",\s*([A-Z]{2}(?:-[A-Z]{2})*)\s*$")


def place_states(values: pd.Series) -> list | None:
    """Place names that end with US state codes ("Holland-Grand Haven, MI", "Louisville, KY-IN"), nine
    in ten of them and ten or more: the states of each (a list), for the codes' names to find them."""
    from convrec.catalog.meaning import codes_data

    codes = {str(v) for v in codes_data().get("us_states", {}).values()}
    text = values.astype(str).str.strip()
    if len(text) < 10 or text.str.contains(",").mean() < 0.9:
        return None
    found = text.map(lambda x: m.group(1).split("-") if (m := _PLACE_STATES.search(x)) else None)
    ok = found.map(lambda f: bool(f) and all(x in codes for x in f))
    if ok.mean() < 0.9 or found[ok].map(lambda f: f[0]).nunique() < 2:
        return None
    return [f if good else [] for f, good in zip(found, ok)]


def title_specs(titles: pd.Series, share: float = 0.2) -> list[tuple[str, pd.Series]]:
    """A measure the items' names carry with its unit ("Samsung 65\" Class TV", "Crucial 1TB SSD",
    "Shampoo, 12 fl oz"): a number column of it (the first in each name), where at least a fifth
    of the names (and ten) write one — blank where a name does not."""
    t = titles.astype(str)
    if len(t) < 10:
        return []
    out: dict[str, pd.Series] = {}
    for header, pattern, factor in _SPECS:
        found = t.map(lambda x: pattern.search(x))
        vals = found.map(lambda m: float(next(g for g in m.groups() if g)) * factor if m else np.nan)
        if vals.notna().sum() >= max(10, share * len(t)) and vals.nunique() >= 3:
            out[header] = vals  # (not gigabytes: a laptop's name says its memory before its storage)
    return list(out.items())


_ERA = re.compile(r"^\s*(?:(AD|CE)\s+(\d{1,5})|(\d{1,5})\s*(BCE|BC|CE|AD|B\.C\.|A\.D\.))\s*$", re.I)


def _era_years(text: pd.Series, present: pd.Series) -> tuple[str, pd.Series] | None:
    """Years written with their era ("2025 CE", "1050 BCE", "AD 79"), a few placeholders
    ("Unknown") among them: a year column (BCE below zero; the placeholders are blanks), typed
    ``"integer:year"`` so that it is the catalog's time ("erupted after 1900")."""
    ms = present.map(lambda v: _ERA.match(v))
    ok = ms.map(bool)
    if ok.sum() < 10 or ok.mean() < 0.6 or present[~ok].nunique() > 3:
        return None

    def value(v: str):
        m = _ERA.match(str(v))
        if not m:
            return None
        n = int(m.group(2) or m.group(3))
        return -n if (m.group(4) or "").upper().startswith("B") else n
    return "integer:year", pd.Series([value(v) for v in text], dtype="Int64")


_ISO = re.compile(r"^(1[6-9]\d\d|20\d\d)-\d\d-\d\d(?:[ T].*)?$")


def _iso_years(values) -> pd.Series | None:
    """The years of a text column of ISO dates ("1999-06-05"), or None when it is not one."""
    vals = [v for v in values if v is not None]
    if len(vals) < 5:
        return None
    hits = [_ISO.match(str(v)) for v in vals]
    if sum(1 for h in hits if h) < 0.95 * len(vals):
        return None
    return pd.Series([int(m.group(1)) if v is not None and (m := _ISO.match(str(v))) else None for v in values],
                     dtype="Int64")


def _list_separator(present: pd.Series, sep: str) -> str | None:
    """A column of short entries written "1, 4" or "A; B": a list when its parts repeat across
    rows — fewer distinct parts than distinct entries (metro lines, districts), or short codes
    ("H", "J, L") — not "Auerbach, Frank" (every name a new pair of parts)."""
    if present.str.len().median() > 80:
        return None
    for cand in (",", ";"):
        if cand == sep:
            continue
        has = present.str.contains(re.escape(cand), regex=True)
        if has.mean() < (0.1 if cand == "," else 0.02):  # (a ";" inside a name is rare: a few joint artists make a list)
            continue
        rows = [[x.strip() for x in v.split(cand) if x.strip()] for v in present]
        parts = [x for r in rows for x in r]
        distinct = set(parts)
        if not distinct:
            continue
        single = sum(1 for r in rows if len(r) == 1) / len(rows)
        codes = float(np.median([len(x) for x in distinct])) <= 4 and single >= 0.3
        short = cand == ";" and float(np.median([len(x) for x in parts])) <= 30 and float(np.median([len(r) for r in rows])) <= 3
        if len(distinct) < present.nunique() or codes or short:  # ("Linkin Park;Kiiara": the names, each its own)
            return cand
    return None


PREVIEW_ROWS = 2000
"""Rows read to check a new source before it is registered (the whole files are read by prepare)."""


def load_custom(name: str, src: CustomSource, progress: Callable[[str], None] | None = None,
                preview: bool = False) -> RawDataset:
    """Read a user's items (and interactions) file into a :class:`RawDataset`. ``progress`` gets a
    line per chunk read; ``preview`` reads only the first rows of each file (to check the columns
    before a long prepare)."""
    items_path = Path(src.items)
    nrows = PREVIEW_ROWS if preview else None
    raw = read_any_table(items_path, progress=progress, nrows=nrows)
    notes: dict[str, int | str] = {}
    src = _named_columns(raw, src, notes, name)
    _need(raw, src.id_col, src.items, "item id", "--id-col")
    _need(raw, src.title_col, src.items, "title", "--title-col")
    ids = raw[src.id_col].astype(str).str.strip()
    if (ids == "").any():
        line = int((ids == "").to_numpy().nonzero()[0][0]) + 2
        raise DataError(f"{src.items} line {line}: empty item id")
    if raw.attrs.get("skipped_lines"):
        notes["skipped_lines"] = "; ".join(raw.attrs["skipped_lines"])
    dup = ids.duplicated()
    if dup.any():
        skipped = sorted(int(x.split()[1]) for x in raw.attrs.get("skipped_lines", []))

        def line(k: int) -> int:  # the file's line of data row k, counting the rows left out before it
            n = k + 2
            for b in skipped:
                n += b <= n
            return n
        lines = [f"{ids.iloc[k]} (line {line(k)})" for k in dup.to_numpy().nonzero()[0][:10]]
        notes["duplicate_ids"] = ", ".join(lines) + " — kept the first row of each"
    columns = [ColumnSpec("item_id", "text", f"item id (column '{src.id_col}')"),
               ColumnSpec("title", "text", title_meaning(src.title_col))]
    titles = raw[src.title_col].astype(str).str.strip()
    if src.title_col == src.id_col:  # no title column: named by the id (or the file's own row numbers)
        own = _own_codes(raw, ids, src.id_col)
        period = period_titles(raw, src.id_col) if own is None else None
        if period is not None:  # a series: each row is a month ("June 2014"), a day ("5 April 2005") or a year
            own = pd.Series(period[1].to_numpy(), index=ids.index)
            notes["title"] = f"items are the {period[2]}s of '{period[0]}' (" + ", ".join(own.head(2)) + "); --title-col changes it"
            src = replace(src, domain=period[2]) if src.domain == "item" else src
        titles = own if own is not None else _titles_of(name, _row_numbers(raw, ids, src.id_col), [
            str(c) for c in raw.columns if c != src.id_col and pd.to_numeric(raw[c], errors="coerce").notna().mean() > 0.5])  # the measures
        if own is not None and period is None:
            notes["title"] = "items are named by their own codes (" + ", ".join(titles.head(2)) + "); --title-col changes it"
    data: dict[str, object] = {"item_id": ids, "title": titles}
    for col in raw.columns:
        if col in (src.id_col, src.title_col):
            continue
        cname = _column_name(col)
        if cname in RESERVED or cname in data:
            cname = f"attr_{cname}"
        if raw[col].astype(str).str.strip().isin(["", "nan", "NaN", "None", "null"]).all():
            notes["empty_columns"] = ", ".join(filter(None, [str(notes.get("empty_columns", "")), str(col)]))
            continue  # a column with no values means nothing
        ctype, conv = infer_column(raw[col], src.list_sep, force_list=col in src.list_cols)
        slots = templated_numbers(str(col), raw[col]) if ctype == "text" and col not in src.list_cols else None
        if slots:  # "Rated 4.8 out of 5 stars based on 125 reviews.": its numbers, as number columns
            for header, vals, written in slots:
                sname = _column_name(header)
                if sname in RESERVED or sname in data:
                    sname = f"attr_{sname}"
                whole = bool((vals.dropna() == vals.dropna().round()).all())
                columns.append(ColumnSpec(sname, "integer" if whole else "real", items_file_meaning(header, written)))
                data[sname] = vals.round().astype("Int64") if whole else vals
            continue
        if cname == "year" and ctype == "real":
            ctype, conv = "integer", pd.Series(conv).round().astype("Int64")
        written = ""
        if ctype.startswith(("real:", "integer:")):  # "$53.25 ": money the file writes with its sign; "79 CE": a year
            ctype, written = ctype.split(":", 1)
        columns.append(ColumnSpec(cname, ctype, items_file_meaning(str(col), written)))
        data[cname] = conv if not isinstance(conv, pd.Series) else conv.reset_index(drop=True)
        years = _iso_years(conv) if ctype == "text" else None
        if years is not None and f"{cname}_year" not in data:
            # "2000-03-04": the year is what people ask by ("entered in 1999", "from 2000 on")
            columns.append(ColumnSpec(f"{cname}_year", "integer", f"the year of '{col}'"))
            data[f"{cname}_year"] = years
    named = [] if "state" in data else [src.title_col] + [c for c in raw.columns if c not in (src.id_col, src.title_col)]
    for col in named:
        states = place_states(raw[col])
        if states is not None:  # "Louisville, KY-IN": the states the names end with ("metros in Texas")
            columns.append(ColumnSpec("state", "list", f"the US states at the end of '{col}'"))
            data["state"] = states
            break
    for header, vals in title_specs(titles):  # "Samsung 65\" Class TV", "SSD 1TB": the spec the names carry
        sname = _column_name(header)
        if sname not in data:
            columns.append(ColumnSpec(sname, "real", items_file_meaning(header)))
            data[sname] = vals.reset_index(drop=True)
    items = pd.DataFrame(data)
    inter = empty_interactions()
    if src.interactions:
        inter = _load_interactions(src, progress, nrows)
    users = None
    if src.users and not preview:
        users = read_any_table(Path(src.users), progress=progress)
        if "user_id" not in users.columns:
            raise DataError(f"{src.users}: needs a user_id column")
        users = users.astype(str)
    return RawDataset(name, src.domain, items, columns, inter, users=users, notes=notes)


def _load_interactions(src: CustomSource, progress: Callable[[str], None] | None = None,
                       nrows: int | None = None) -> pd.DataFrame:
    path = src.interactions

    def convert(df: pd.DataFrame, first: int) -> pd.DataFrame:  # one chunk → four typed columns
        _need(df, src.user_col, path, "user", "--user-col")
        _need(df, src.item_col, path, "item", "--item-col")
        out = pd.DataFrame({
            "user_id": df[src.user_col].astype(str).str.strip(),
            "item_id": df[src.item_col].astype(str).str.strip(),
        })
        if src.time_col and src.time_col in df.columns:
            out["timestamp"] = _timestamps(df[src.time_col], path, src.time_col, first)
        else:
            out["timestamp"] = pd.array([None] * len(df), dtype="Int64")
        if src.rating_col and src.rating_col in df.columns:
            r = pd.to_numeric(df[src.rating_col].replace("", None), errors="coerce")
            bad = r.isna() & df[src.rating_col].astype(str).str.strip().ne("")
            if bad.any():
                k = int(bad.to_numpy().nonzero()[0][0])
                raise DataError(f"{path} line {first + k + 2}: rating {df[src.rating_col].iloc[k]!r} is not a number")
            out["rating"] = r.astype(float)
        else:
            out["rating"] = np.nan
        return out

    return read_any_table(Path(path), progress=progress, convert=convert, nrows=nrows)


def _timestamps(s: pd.Series, path: str, col: str, first: int = 0) -> pd.Series:
    num = pd.to_numeric(s, errors="coerce")
    if num.notna().all():
        return num.round().astype("Int64")
    dt = pd.to_datetime(s, errors="coerce", utc=True, format="mixed")
    bad = dt.isna() & s.astype(str).str.strip().ne("")
    if bad.any():
        k = int(bad.to_numpy().nonzero()[0][0])
        raise DataError(f"{path} line {first + k + 2}: column '{col}' is neither unix seconds nor a date: {s.iloc[k]!r}")
    return pd.array([None if pd.isna(x) else int(x.timestamp()) for x in dt], dtype="Int64")
