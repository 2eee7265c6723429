"""Loaders for the shipped and shared datasets, each into :class:`RawDataset`.

Every loader takes the folder holding the dataset's files in their official format.
"""

from __future__ import annotations

import ast
import html
import json
import re
from datetime import datetime, timezone
from pathlib import Path

import numpy as np
import pandas as pd

from convrec.catalog.io import iter_lines, read_delimited, require, to_number
from convrec.catalog.schema import ColumnSpec, RawDataset, empty_interactions
from convrec.errors import DataError

_YEAR_IN_TITLE = re.compile(r"^(?P<title>.*?)\s*\((?P<year>\d{4})(?:\s*[-–]\s*\d{0,4})?\)\s*$")
_ARTICLE = re.compile(
    r"^(?P<body>.*?), (?P<art>The|A|An|Les|La|Le|L'|Il|Das|Der|Die|El|Los|Las|Une|Un|Lo|I)(?P<rest>\s+\(.*\))?$"
)
_YEAR = re.compile(r"\b(1[89]\d\d|20\d\d)\b")


def split_movie_title(raw: str) -> tuple[str, int | None]:
    """``"Matrix, The (1999)"`` → ``("The Matrix", 1999)``."""
    raw = raw.strip()
    year = None
    m = _YEAR_IN_TITLE.match(raw)
    if m:
        raw, year = m.group("title").strip(), int(m.group("year"))
    m = _ARTICLE.match(raw)
    if m:
        art = m.group("art")
        sep = "" if art.endswith("'") else " "
        raw = f"{art}{sep}{m.group('body')}{m.group('rest') or ''}"
    return raw, year


def _items_frame(rows: dict, columns: list[ColumnSpec]) -> pd.DataFrame:
    return pd.DataFrame(rows, columns=[c.name for c in columns])


# ---------------------------------------------------------------- MovieLens latest-small

ML_SMALL_COLUMNS = [
    ColumnSpec("item_id", "text", "MovieLens movieId"),
    ColumnSpec("title", "text", "movie title (leading article restored, year removed)"),
    ColumnSpec("year", "integer", "release year, from the title"),
    ColumnSpec("genres", "list", "genres of the movie"),
    ColumnSpec("tags", "list", "free-text tags users applied to the movie"),
    ColumnSpec("imdb_id", "text", "IMDb id (tt-less number)"),
    ColumnSpec("tmdb_id", "text", "TMDB id"),
]


def load_movielens_small(folder: Path, name: str = "movielens-small") -> RawDataset:
    movies_p, ratings_p = folder / "movies.csv", folder / "ratings.csv"
    movies = read_delimited(movies_p, ",", expected=["movieId", "title", "genres"])
    to_number(movies, "movieId", movies_p, header_lines=1)
    ratings = read_delimited(ratings_p, ",", expected=["userId", "movieId", "rating", "timestamp"])
    tags_p = folder / "tags.csv"
    tags: dict[str, list[str]] = {}
    if tags_p.is_file() and tags_p.stat().st_size:
        t = read_delimited(tags_p, ",", expected=["userId", "movieId", "tag"])
        for mid, tag in zip(t["movieId"], t["tag"]):
            tag = " ".join(tag.split())
            lst = tags.setdefault(mid, [])
            if tag and tag.lower() not in (x.lower() for x in lst):
                lst.append(tag)
    links: dict[str, tuple[str, str]] = {}
    links_p = folder / "links.csv"
    if links_p.is_file() and links_p.stat().st_size:
        ln = read_delimited(links_p, ",", expected=["movieId", "imdbId", "tmdbId"])
        links = {m: (i, t) for m, i, t in zip(ln["movieId"], ln["imdbId"], ln["tmdbId"])}
    titles, years = zip(*(split_movie_title(t) for t in movies["title"]))
    ids = movies["movieId"].str.strip().tolist()
    items = _items_frame(
        {
            "item_id": ids,
            "title": list(titles),
            "year": pd.array(years, dtype="Int64"),
            "genres": [[] if g in ("(no genres listed)", "") else g.split("|") for g in movies["genres"]],
            "tags": [tags.get(m, []) for m in ids],
            "imdb_id": [links.get(m, ("", ""))[0] or None for m in ids],
            "tmdb_id": [links.get(m, ("", ""))[1] or None for m in ids],
        },
        ML_SMALL_COLUMNS,
    )
    inter = pd.DataFrame(
        {
            "user_id": ratings["userId"].str.strip(),
            "item_id": ratings["movieId"].str.strip(),
            "timestamp": to_number(ratings, "timestamp", ratings_p, header_lines=1),
            "rating": to_number(ratings, "rating", ratings_p, kind="float", header_lines=1),
        }
    )
    return RawDataset(name, "movie", items, ML_SMALL_COLUMNS, inter)


# ---------------------------------------------------------------- MovieLens 100k

ML100K_GENRES = [
    "unknown", "Action", "Adventure", "Animation", "Children's", "Comedy", "Crime", "Documentary",
    "Drama", "Fantasy", "Film-Noir", "Horror", "Musical", "Mystery", "Romance", "Sci-Fi",
    "Thriller", "War", "Western",
]
ML100K_COLUMNS = [
    ColumnSpec("item_id", "text", "MovieLens 100k movie id"),
    ColumnSpec("title", "text", "movie title (leading article restored, year removed)"),
    ColumnSpec("year", "integer", "release year"),
    ColumnSpec("release_date", "text", "release date, ISO YYYY-MM-DD"),
    ColumnSpec("genres", "list", "genres of the movie"),
    ColumnSpec("imdb_url", "text", "IMDb link"),
]


def load_movielens_100k(folder: Path, name: str = "movielens-100k") -> RawDataset:
    item_p, data_p, user_p = folder / "u.item", folder / "u.data", folder / "u.user"
    names = ["movie_id", "title", "release_date", "video_release_date", "imdb_url"] + [f"g{i}" for i in range(19)]
    raw = read_delimited(item_p, "|", names=names, encoding="latin-1")
    to_number(raw, "movie_id", item_p)
    titles, years, dates = [], [], []
    for t, d in zip(raw["title"], raw["release_date"]):
        title, year = split_movie_title(t)
        iso = None
        if d.strip():
            try:
                iso = datetime.strptime(d.strip(), "%d-%b-%Y").date().isoformat()
            except ValueError:
                raise DataError(f"{item_p}: release date {d!r} is not DD-Mon-YYYY") from None
        if year is None and iso:
            year = int(iso[:4])
        titles.append(title)
        years.append(year)
        dates.append(iso)
    flags = raw[[f"g{i}" for i in range(19)]].to_numpy() == "1"
    genres = [[ML100K_GENRES[j] for j in np.nonzero(row)[0] if j > 0] for row in flags]
    items = _items_frame(
        {
            "item_id": raw["movie_id"].str.strip(),
            "title": titles,
            "year": pd.array(years, dtype="Int64"),
            "release_date": dates,
            "genres": genres,
            "imdb_url": [u or None for u in raw["imdb_url"]],
        },
        ML100K_COLUMNS,
    )
    data = read_delimited(data_p, "\t", names=["user_id", "item_id", "rating", "timestamp"])
    inter = pd.DataFrame(
        {
            "user_id": data["user_id"].str.strip(),
            "item_id": data["item_id"].str.strip(),
            "timestamp": to_number(data, "timestamp", data_p),
            "rating": to_number(data, "rating", data_p, kind="float"),
        }
    )
    users = None
    if user_p.is_file():
        users = read_delimited(user_p, "|", names=["user_id", "age", "gender", "occupation", "zip_code"])
    return RawDataset(name, "movie", items, ML100K_COLUMNS, inter, users=users)


# ---------------------------------------------------------------- MovieLens 1M (subset)

ML1M_COLUMNS = [
    ColumnSpec("item_id", "text", "MovieLens 1M movie id"),
    ColumnSpec("title", "text", "movie title (leading article restored, year removed)"),
    ColumnSpec("year", "integer", "release year, from the title"),
    ColumnSpec("genres", "list", "genres of the movie"),
]


def load_movielens_1m(folder: Path, name: str = "movielens-1m") -> RawDataset:
    movies_p = folder / "movies.dat"
    ratings_p = folder / "ratings.dat"
    if not ratings_p.is_file():
        partial = sorted(folder.glob("ratings*.dat.gz"))
        ratings_p = partial[0] if partial else ratings_p
    movies = read_delimited(movies_p, "::", names=["movie_id", "title", "genres"], encoding="latin-1")
    titles, years = zip(*(split_movie_title(t) for t in movies["title"]))
    items = _items_frame(
        {
            "item_id": movies["movie_id"].str.strip(),
            "title": list(titles),
            "year": pd.array(years, dtype="Int64"),
            "genres": [g.split("|") if g else [] for g in movies["genres"]],
        },
        ML1M_COLUMNS,
    )
    r = read_delimited(ratings_p, "::", names=["user_id", "item_id", "rating", "timestamp"], encoding="latin-1")
    inter = pd.DataFrame(
        {
            "user_id": r["user_id"].str.strip(),
            "item_id": r["item_id"].str.strip(),
            "timestamp": to_number(r, "timestamp", ratings_p),
            "rating": to_number(r, "rating", ratings_p, kind="float"),
        }
    )
    users = None
    if (folder / "users.dat").is_file():
        users = read_delimited(folder / "users.dat", "::", names=["user_id", "gender", "age", "occupation", "zip_code"], encoding="latin-1")
    return RawDataset(name, "movie", items, ML1M_COLUMNS, inter, users=users, notes={"ratings_file": ratings_p.name})


# ---------------------------------------------------------------- Steam

STEAM_COLUMNS = [
    ColumnSpec("item_id", "text", "Steam app id"),
    ColumnSpec("title", "text", "game title"),
    ColumnSpec("year", "integer", "release year"),
    ColumnSpec("release_date", "text", "release date as given by the store (ISO YYYY-MM-DD mostly)"),
    ColumnSpec("price", "real", "price in US dollars (0 = free to play; null = unknown)"),
    ColumnSpec("genres", "list", "store genres"),
    ColumnSpec("tags", "list", "user-applied store tags (themes, mechanics, style)"),
    ColumnSpec("specs", "list", "features such as Single-player, Multi-player, Controller support"),
    ColumnSpec("developer", "text", "developer studio"),
    ColumnSpec("publisher", "text", "publisher"),
    ColumnSpec("sentiment", "text", "store review summary (e.g. Very Positive, Mixed)"),
    ColumnSpec("metascore", "integer", "Metacritic score 0-100"),
    ColumnSpec("early_access", "boolean", "whether the game is in early access"),
    ColumnSpec("url", "text", "store page"),
]
_APP_IN_URL = re.compile(r"/app/(\d+)")
_POSTED = re.compile(r"Posted\s+(?P<month>[A-Za-z]+)\s+(?P<day>\d{1,2})(?:,\s*(?P<year>\d{4}))?")
_MONTHS = {m: i for i, m in enumerate(
    ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"], 1)}
STEAM_NO_YEAR = 2016  # reviews without a year were posted in the crawl year, after 2015


def _unescape(v):
    if isinstance(v, str):
        return html.unescape(v).strip()
    if isinstance(v, list):
        return [html.unescape(str(x)).strip() for x in v if str(x).strip()]
    return v


def parse_price(v) -> float | None:
    """``9.99`` → 9.99; ``"Free to Play"`` → 0.0; other text (``"Install Now"``) → None."""
    if v is None or isinstance(v, bool):
        return None
    if isinstance(v, (int, float)):
        return float(v) if np.isfinite(v) and v >= 0 else None
    s = str(v).strip().lower()
    if "free" in s:
        return 0.0
    try:
        f = float(s.lstrip("$"))
        return f if f >= 0 else None
    except ValueError:
        return None


def parse_posted(text: str) -> int | None:
    """``"Posted November 5, 2011."`` → unix seconds (UTC); no year → the crawl year."""
    m = _POSTED.search(text or "")
    if not m:
        return None
    month = _MONTHS.get(m.group("month").lower())
    if month is None:
        return None
    year = int(m.group("year")) if m.group("year") else STEAM_NO_YEAR
    try:
        return int(datetime(year, month, int(m.group("day")), tzinfo=timezone.utc).timestamp())
    except ValueError:
        return None


def load_steam(folder: Path, name: str = "steam") -> RawDataset:
    games_p = folder / "steam_games.json.gz"
    reviews_p = folder / "australian_user_reviews_clean.jsonl.gz"
    require(reviews_p)
    rows: dict[str, dict] = {}
    for lineno, line in iter_lines(require(games_p)):
        try:
            rec = ast.literal_eval(line)
        except (ValueError, SyntaxError):
            try:
                rec = json.loads(line)
            except ValueError:
                raise DataError(f"{games_p} line {lineno}: not a dict literal") from None
        if not isinstance(rec, dict):
            raise DataError(f"{games_p} line {lineno}: not a dict literal")
        gid = str(rec.get("id") or "").strip()
        if not gid:
            m = _APP_IN_URL.search(str(rec.get("url", "")))
            gid = m.group(1) if m else ""
        title = _unescape(rec.get("title") or rec.get("app_name") or "")
        if not gid or not title or gid in rows:
            continue
        rd = _unescape(rec.get("release_date"))
        ym = _YEAR.search(rd) if isinstance(rd, str) else None
        ms = rec.get("metascore")
        rows[gid] = {
            "item_id": gid,
            "title": title,
            "year": int(ym.group(1)) if ym else None,
            "release_date": rd or None,
            "price": parse_price(rec.get("price")),
            "genres": _unescape(rec.get("genres") or []),
            "tags": _unescape(rec.get("tags") or []),
            "specs": _unescape(rec.get("specs") or []),
            "developer": _unescape(rec.get("developer")) or None,
            "publisher": _unescape(rec.get("publisher")) or None,
            "sentiment": _unescape(rec.get("sentiment")) or None,
            "metascore": int(ms) if isinstance(ms, (int, float)) or (isinstance(ms, str) and ms.isdigit()) else None,
            "early_access": bool(rec.get("early_access", False)),
            "url": rec.get("url") or None,
        }
    if not rows:
        raise DataError(f"{games_p} has no games")
    items = pd.DataFrame(list(rows.values()), columns=[c.name for c in STEAM_COLUMNS])
    items["year"] = items["year"].astype("Int64")
    items["metascore"] = items["metascore"].astype("Int64")
    users, games, ts, rating = [], [], [], []
    for lineno, line in iter_lines(reviews_p):
        try:
            r = json.loads(line)
            users.append(str(r["user_id"]))
            games.append(str(r["item_id"]))
        except (ValueError, KeyError, TypeError):
            raise DataError(f"{reviews_p} line {lineno}: expected a JSON object with user_id and item_id") from None
        ts.append(parse_posted(r.get("posted", "")))
        rec = r.get("recommend")
        rating.append(1.0 if rec is True else 0.0 if rec is False else np.nan)
    inter = pd.DataFrame(
        {"user_id": users, "item_id": games, "timestamp": pd.array(ts, dtype="Int64"), "rating": rating}
    )
    return RawDataset(name, "game", items, STEAM_COLUMNS, inter)


# ---------------------------------------------------------------- Amazon Beauty

BEAUTY_COLUMNS = [
    ColumnSpec("item_id", "text", "Amazon ASIN"),
    ColumnSpec("title", "text", "product title"),
]


def load_beauty(folder: Path, name: str = "beauty") -> RawDataset:
    seq_p, titles_p = folder / "user_sequence.txt", folder / "items_asin_title.csv"
    t = read_delimited(titles_p, ",", expected=["asin", "title"])
    titles = [html.unescape(x).strip() or a for a, x in zip(t["asin"], t["title"])]
    items = pd.DataFrame({"item_id": t["asin"].str.strip(), "title": titles})
    users, asins = [], []
    for lineno, line in iter_lines(seq_p):
        parts = line.split()
        if len(parts) < 2:
            raise DataError(f"{seq_p} line {lineno}: expected 'user item1 item2 ...'")
        users.extend([parts[0]] * (len(parts) - 1))
        asins.extend(parts[1:])
    inter = pd.DataFrame(
        {"user_id": users, "item_id": asins, "timestamp": pd.array([None] * len(users), dtype="Int64"), "rating": np.nan}
    )
    return RawDataset(name, "beauty product", items, BEAUTY_COLUMNS, inter)


# ---------------------------------------------------------------- goodbooks (catalog only)

GOODBOOKS_COLUMNS = [
    ColumnSpec("item_id", "text", "goodbooks book_id"),
    ColumnSpec("title", "text", "book title (with series)"),
    ColumnSpec("authors", "list", "authors"),
    ColumnSpec("year", "integer", "original publication year (negative = BC)"),
    ColumnSpec("original_title", "text", "original title"),
    ColumnSpec("language", "text", "language code"),
    ColumnSpec("average_rating", "real", "Goodreads average rating 1-5"),
    ColumnSpec("ratings_count", "integer", "number of Goodreads ratings"),
    ColumnSpec("isbn", "text", "ISBN-10"),
]


def load_goodbooks(folder: Path, name: str = "goodbooks") -> RawDataset:
    p = folder / "books.csv"
    b = read_delimited(p, ",", expected=["book_id", "title", "authors", "original_publication_year"])
    year = pd.to_numeric(b["original_publication_year"], errors="coerce").round().astype("Int64")
    items = _items_frame(
        {
            "item_id": b["book_id"].str.strip(),
            "title": b["title"].str.strip(),
            "authors": [[a.strip() for a in s.split(",") if a.strip()] for s in b["authors"]],
            "year": year,
            "original_title": [s or None for s in b.get("original_title", [""] * len(b))],
            "language": [s or None for s in b.get("language_code", [""] * len(b))],
            "average_rating": pd.to_numeric(b.get("average_rating"), errors="coerce"),
            "ratings_count": pd.to_numeric(b.get("ratings_count"), errors="coerce").astype("Int64"),
            "isbn": [s or None for s in b.get("isbn", [""] * len(b))],
        },
        GOODBOOKS_COLUMNS,
    )
    return RawDataset(name, "book", items, GOODBOOKS_COLUMNS, empty_interactions())
