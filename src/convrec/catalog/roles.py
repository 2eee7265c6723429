"""Column roles: what a column *means* to a recommender, decided once when a dataset is
prepared and stored with the column descriptions.

Understanding and tools address columns by role (the time column, the price column, the
creator columns...), never by a shipped catalog's column names, so a custom catalog with a
``director`` or ``cost`` column gets the same handling as MovieLens or Steam. Roles are
inferred from the column's name, type and values; a custom catalog can override them
(``convrec data prepare NAME --role cost=price``).

Roles
-----
``id``        the item id                       ``title``    the item's name
``time``      a year (integer)                  ``date``     an ISO date (text)
``price``     a price in money                  ``rating``   a quality score (stars, metascore)
``count``     a count of ratings / interactions (higher = more popular)
``category``  a categorical list or text column most items have (genres, language, store tags)
``tag``       a sparse folksonomy list (user tags on a few items): soft evidence only
``creator``   who made the item (developer, publisher, authors, director, brand)
``flag``      a boolean                         ``text``     free text (descriptions)
``link``      a URL or an external id           ``other``    anything else
"""

from __future__ import annotations

import re
from typing import Any, Mapping

ROLES = ("id", "title", "time", "date", "price", "rating", "count", "category", "tag", "creator", "flag", "text",
         "link", "other")

_WORDS = re.compile(r"[a-z]+")
_NAME_HINTS: list[tuple[str, set[str]]] = [
    ("link", {"url", "link", "href", "imdb", "tmdb", "isbn", "asin", "sku", "ean", "upc"}),
    ("price", {"price", "cost", "usd", "eur", "msrp", "fee", "dollars", "dollar", "euros"}),
    ("rating", {"rating", "score", "metascore", "stars", "grade", "rated"}),
    ("count", {"count", "votes", "popularity", "reviews", "num", "plays", "sales", "downloads", "installs", "views"}),
    ("time", {"year"}),
    ("date", {"date", "released", "published", "release"}),
    ("creator", {"developer", "publisher", "author", "authors", "director", "directors", "creator", "studio", "brand",
                 "artist", "artists", "writer", "writers", "manufacturer", "maker", "label", "cast", "actors",
                 "restaurant", "chain", "store", "shop", "vendor", "seller", "winery", "producer", "company"}),
]
from convrec.catalog.dates import date_like  # noqa: E402

_ISO_DATE = re.compile(r"^\d{4}-(0[1-9]|1[0-2])(-(0[1-9]|[12]\d|3[01]))?([T ].*)?$")  # not a code ("1005-00-073-9421")


def _is_number(x: Any) -> bool:
    try:
        float(x)
        return True
    except (TypeError, ValueError):
        return False


def two_digit_years(col: Mapping[str, Any], words: set[str] | None = None) -> bool:
    """A column of calendar years written with two digits: named a year (not "years"), integers
    between 30 and 99 (a count of years starts lower: a student's year 0–6, years coded 0–20)."""
    lo, hi = col.get("min"), col.get("max")
    words = words if words is not None else set(_WORDS.findall(str(col["name"]).lower().replace("_", " ")))
    return col.get("type") == "integer" and "year" in words and "years" not in words and _is_number(lo) \
        and _is_number(hi) and 30 <= float(lo) < float(hi) <= 99


def infer_role(col: Mapping[str, Any], n_items: int | None = None) -> str:
    """The role of one described column (a dict from ``describe_columns``)."""
    name, ctype = str(col["name"]), col.get("type", "text")
    if name == "item_id":
        return "id"
    if name == "title":
        return "title"
    from convrec.catalog.meaning import expand, name_words

    words = set(_WORDS.findall(name.lower().replace("_", " "))) | set(expand(name_words(name)))
    hints = [role for role, keys in _NAME_HINTS if words & keys]
    hint = hints[0] if hints else None
    if hint == "link" and len(hints) > 1:
        hint = hints[1]  # `imdb_rating`, `imdb_votes`: the rating and the votes a site gives, no link
    if hint == "price" and not words & {"price", "cost", "usd", "eur", "msrp", "fee"} and re.search(r"\d", name):
        hint = None  # `Dollar12`, `Dollar24`: money spent over a window (siblings told apart by their number), no price
    if ctype == "boolean":
        return "flag"
    if ctype in ("integer", "real"):
        if col.get("row_number") and words & {"num", "number", "no", "nr", "id", "index", "row", "obs", "case"}:
            return "id"  # `HouseNum` of 1 … 104 in the rows' order: a second row id, no measure of the items
        if str(col.get("meaning") or "").endswith(", written in year"):
            return "time"  # "2025 CE", "1050 BCE": years with their era
        if hint == "count" and ctype == "real" and "popularity" not in words and not (col.get("examples") and all(
                float(x).is_integer() for x in col["examples"] if _is_number(x))):
            return "other"  # "sales" of 256.33: an amount (of money), not a number of things
        lo, hi = col.get("min"), col.get("max")
        if hint == "rating" and hi is not None and _is_number(hi) and float(hi) > 100:
            return "other"  # a test score of 605–709 is a measure, not a quality scale (stars, 0–100)
        if hint == "time" and hi is not None and _is_number(hi) and float(hi) < 1000 and ctype == "integer":
            if two_digit_years(col, words):
                return "time"  # a model `year` of 70–82, ships built in `year` 60, 65, 70, 75: 1970–1982, 1960s…
            return "other"  # a student's `Year` of 0–6, "years coded" of 0–20: a number of years, no calendar year
        if hint in ("price", "rating", "count", "time"):
            return hint
        if ctype == "integer" and lo is not None and hi is not None and 1800 <= lo and hi <= 2100 and hint != "link":
            return "time"
        return "other" if hint != "link" else "link"
    examples = [str(x) for x in col.get("examples") or []]
    if ctype == "list":
        if hint == "creator":
            return "creator"
        return "tag" if float(col.get("null_fraction") or 0.0) >= 0.5 else "category"
    # text
    if hint == "link" or any(x.startswith(("http://", "https://")) for x in examples):
        return "link"
    if hint == "date" or (examples and all(_ISO_DATE.match(x) or date_like(x) for x in examples)):
        return "date"
    if hint == "creator":
        return "creator"
    distinct = col.get("distinct")
    if distinct is not None and distinct <= 300 and (n_items is None or distinct <= max(20, 0.05 * n_items)):
        return "category"
    # short labels each shared by several items ("AM4" of 59 CPUs, a county of 18 towns)
    if distinct is not None and distinct <= 300 and n_items and distinct <= 0.12 * n_items and examples \
            and max(len(x) for x in examples) <= 24 and float(col.get("null_fraction") or 0.0) < 0.5:
        return "category"
    # short names that many items share ("Tatooine" of 10 characters, "Naboo" of 11) among many used once: a
    # category still (a title-like column of names is almost all distinct)
    if distinct is not None and distinct <= 300 and n_items and n_items >= 20 and distinct <= 0.6 * n_items \
            and len(examples) >= 3 and max(len(x) for x in examples) <= 24 \
            and all(len(x.split()) <= 3 for x in examples) and float(col.get("null_fraction") or 0.0) < 0.5:
        return "category"
    # short codes each shared by a few items (a state's "CA" on 19 of 173 races, a grade "B+"): a category
    if distinct is not None and distinct <= 300 and n_items and distinct <= 0.5 * n_items and len(examples) >= 3 \
            and max(len(x) for x in examples) <= 4 and float(col.get("null_fraction") or 0.0) < 0.5:
        return "category"
    return "text"


def with_roles(columns: list[dict[str, Any]], n_items: int | None = None,
               overrides: Mapping[str, str] | None = None) -> list[dict[str, Any]]:
    """Columns with a ``role`` each: an override first, then a stored role, then inferred."""
    overrides = dict(overrides or {})
    out = []
    for c in columns:
        c = dict(c)
        role = overrides.get(c["name"]) or c.get("role") or infer_role(c, n_items)
        c["role"] = role if role in ROLES else "other"
        out.append(c)
    return out


def parse_role_overrides(specs: list[str] | None) -> dict[str, str]:
    """``["cost=price", "maker=creator"]`` → ``{"cost": "price", "maker": "creator"}``;
    raises ValueError with the known roles on a bad spec."""
    out: dict[str, str] = {}
    for s in specs or []:
        col, sep, role = s.partition("=")
        col, role = col.strip(), role.strip().lower()
        if not sep or not col or role not in ROLES:
            raise ValueError(f"bad --role '{s}': use COLUMN=ROLE with ROLE one of {', '.join(ROLES)}")
        out[col] = role
    return out
