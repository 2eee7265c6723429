"""Conditions over a large catalog, evaluated in memory.

On a catalog of a million items SQLite answers "Indie games" by building the list of 476,000
matching ids, sorting them by popularity and handing each back as a Python string: 0.1–3 s per
condition. Above ``LARGE`` items the conditions a hard filter over the whole catalog can hold
— list values (contains / not_contains / in / not_in), numbers and yes/no columns — are
evaluated here instead, on arrays read once from the item database and kept on disk beside it:
items at positions in the order the SQL path returns them (popularity, then id), per list column
the positions carrying each value (CSR), per number column its values. The answer is the
same ids in the same order (``tests/test_colindex.py`` compares them with the SQL path);
a condition this index cannot read (text, words, "any of these yes/no columns") goes to SQL.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import numpy as np

from convrec.catalog.store import PreparedDataset, junction_table
from convrec.models.base import ItemIds

LARGE = 200_000
"""Catalogs above this many items evaluate whole-catalog conditions here."""
FORMAT = 3

TEXT_SHARE = 0.25
"""A text column is indexed (exact values: =, !=, in, not_in) when it has at most this share of
distinct values per item (or at most 1,000): a maker, a brand, a country — not a title or a
description."""

_ASCII_FOLD = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz")
"""SQLite's NOCASE: only ASCII letters fold."""

_NUM_OPS = {"=": np.equal, "!=": np.not_equal, "<": np.less, "<=": np.less_equal, ">": np.greater, ">=": np.greater_equal}


class ColumnIndex:
    """Item positions per list value, number columns as arrays, and the popularity order."""

    def __init__(self, ids: np.ndarray, lists: dict[str, tuple[list[str], np.ndarray, np.ndarray]],
                 numbers: dict[str, np.ndarray], model: np.ndarray,
                 texts: dict[str, tuple[list[str], np.ndarray]] | None = None):
        self.ids = ids  # item id per position; positions are the SQL path's order (popularity, then id)
        self.lists = lists  # column -> (values, start offsets, positions)
        self._value_at = {c: {v: k for k, v in enumerate(vals)} for c, (vals, _, _) in lists.items()}
        self.numbers = numbers
        self.texts = texts or {}  # column -> (distinct values, per position the value's code, -1: none)
        self._folded = {c: _by_folded(vals) for c, (vals, _) in self.texts.items()}
        self.model = np.asarray(model, dtype=np.int64)  # per position, the item's index in database order (the models')
        self.position = np.empty(len(self.model), dtype=np.int64)  # and back
        self.position[self.model] = np.arange(len(self.model))

    @property
    def n(self) -> int:
        return len(self.ids)

    # ------------------------------------------------------------------ building
    @classmethod
    def build(cls, ds: PreparedDataset) -> "ColumnIndex":
        import pandas as pd

        con = sqlite3.connect(f"file:{ds.db_path}?mode=ro", uri=True)
        try:
            ids = np.asarray([str(r[0]) for r in con.execute("SELECT item_id FROM items ORDER BY popularity DESC, item_id")],
                             dtype=object)
            where = pd.Index(ids)
            model = pd.Index([str(r[0]) for r in con.execute("SELECT item_id FROM items ORDER BY rowid")]).get_indexer(ids)
            lists, numbers, texts = {}, {}, {}
            for c in ds.columns:
                name = c["name"]
                if c["type"] == "list":
                    got = pd.DataFrame(con.execute(f'SELECT item_id, value FROM "{junction_table(name)}"').fetchall(),
                                       columns=["item_id", "value"])
                    pos = where.get_indexer(got["item_id"].astype(str))
                    ok = pos >= 0
                    codes, uniq = pd.factorize(got["value"].astype(str).to_numpy()[ok], sort=True)
                    pos = pos[ok]
                    srt = np.lexsort((pos, codes))
                    counts = np.bincount(codes, minlength=len(uniq))
                    lists[name] = ([str(v) for v in uniq], np.r_[0, np.cumsum(counts)].astype(np.int64),
                                   pos[srt].astype(np.int32))
                elif c["type"] in ("integer", "real", "boolean"):
                    col = np.full(len(ids), np.nan)
                    got = con.execute(f'SELECT item_id, "{name}" FROM items WHERE "{name}" IS NOT NULL').fetchall()
                    if got:
                        at = where.get_indexer([str(g[0]) for g in got])
                        col[at] = [float(g[1]) if isinstance(g[1], (int, float)) else np.nan for g in got]
                    numbers[name] = col
                elif c["type"] == "text":
                    got = pd.DataFrame(con.execute(f'SELECT item_id, "{name}" FROM items WHERE "{name}" IS NOT NULL').fetchall(),
                                       columns=["item_id", "value"])
                    vals = got["value"].astype(str)
                    if vals.nunique() > max(TEXT_SHARE * len(ids), 1000):
                        continue  # titles, descriptions: words and LIKE stay in SQL
                    codes, uniq = pd.factorize(vals.to_numpy())
                    col = np.full(len(ids), -1, dtype=np.int32)
                    col[where.get_indexer(got["item_id"].astype(str))] = codes
                    texts[name] = ([str(v) for v in uniq], col)
        finally:
            con.close()
        return cls(ids, lists, numbers, model, texts)

    def save(self, path: Path) -> None:
        arrays = {"ids": np.asarray(self.ids, dtype=str), "model": self.model}
        meta = {"format": FORMAT, "lists": {}, "numbers": list(self.numbers)}
        for k, (c, (vals, starts, pos)) in enumerate(self.lists.items()):
            arrays[f"l{k}_starts"], arrays[f"l{k}_pos"] = starts, pos
            meta["lists"][c] = {"key": k, "values": vals}
        for k, c in enumerate(self.numbers):
            arrays[f"n{k}"] = self.numbers[c]
        meta["texts"] = {}
        for k, (c, (vals, codes)) in enumerate(self.texts.items()):
            arrays[f"t{k}"] = codes
            meta["texts"][c] = {"key": k, "values": vals}
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(".tmp.npz")
        np.savez(tmp, meta=np.asarray(json.dumps(meta)), **arrays)
        tmp.replace(path)

    @classmethod
    def load(cls, path: Path) -> "ColumnIndex":
        with np.load(path, allow_pickle=False) as z:
            meta = json.loads(str(z["meta"]))
            if meta.get("format") != FORMAT:
                raise ValueError("other format")
            lists = {c: (m["values"], z[f"l{m['key']}_starts"], z[f"l{m['key']}_pos"]) for c, m in meta["lists"].items()}
            numbers = {c: z[f"n{k}"] for k, c in enumerate(meta["numbers"])}
            texts = {c: (m["values"], z[f"t{m['key']}"]) for c, m in meta.get("texts", {}).items()}
            return cls(z["ids"].astype(object), lists, numbers, z["model"], texts)

    # ------------------------------------------------------------------ conditions
    def _carrying(self, column: str, values: list[str]) -> np.ndarray:
        vals, starts, pos = self.lists[column]
        at = self._value_at[column]
        mask = np.zeros(self.n, dtype=bool)
        for v in values:
            k = at.get(v)
            if k is not None:
                mask[pos[starts[k] : starts[k + 1]]] = True
        return mask

    def carrying_lower(self, column: str, value_low: str) -> np.ndarray | None:
        """Positions whose ``column`` holds ``value_low`` compared in lower case (a list column:
        among its values), or None when the index does not hold the column."""
        if column in self.lists:
            vals = self.lists[column][0]
            return self._carrying(column, [v for v in vals if v.lower() == value_low])
        if column in self.texts:
            vals, codes = self.texts[column]
            hit = np.zeros(len(vals) + 1, dtype=bool)  # the last entry: no value
            hit[[k for k, v in enumerate(vals) if v.lower() == value_low]] = True
            return hit[codes]
        return None

    def mask(self, conditions: list[tuple[str, str, object]]) -> np.ndarray | None:
        """Items meeting every ``(column, op, value)`` (values already in the catalog's
        spelling), or None when one of them is not a condition this index reads."""
        out = np.ones(self.n, dtype=bool)
        for column, op, value in conditions:
            if column in self.lists:
                vals = [str(v) for v in (value if isinstance(value, (list, tuple)) else [value])]
                if op in ("contains", "=", "like", "in"):
                    out &= self._carrying(column, vals)
                elif op in ("not_contains", "!=", "not_in"):
                    out &= ~self._carrying(column, vals)
                elif op in ("not_contains_known", "!=_known", "not_in_known"):  # and the item's list is known
                    known = np.zeros(self.n, dtype=bool)
                    known[self.lists[column][2]] = True
                    out &= ~self._carrying(column, vals) & known
                else:
                    return None
            elif column in self.texts and op in ("=", "!=", "in", "not_in"):
                # as SQL reads them: the value compared without ASCII case; no value never matches
                vals, codes = self.texts[column]
                folded = self._folded[column]
                hit = np.zeros(len(vals) + 1, dtype=bool)  # the last entry: items with no value (code -1)
                for v in (value if isinstance(value, (list, tuple)) else [value]):
                    hit[folded.get(str(v).translate(_ASCII_FOLD), [])] = True
                has = hit[codes]
                out &= has if op in ("=", "in") else (~has & (codes >= 0))
            elif column in self.numbers and op in _NUM_OPS:
                col = self.numbers[column]
                with np.errstate(invalid="ignore"):
                    out &= _NUM_OPS[op](col, float(value)) & ~np.isnan(col)  # NULL never matches, as in SQL
            else:
                return None
        return out

    def matching(self, conditions: list[tuple[str, str, object]], limit: int, items=None,
                 within=None) -> "list[str] | ItemIds | None":
        """Ids meeting the conditions, most popular first (at most ``limit``), or None when one
        of them is not a condition this index reads. ``items``: the models' item index — the ids
        come back as :class:`ItemIds` over it, never made into strings; ``within``: candidates
        (``ItemIds`` over ``items``) — those meeting the conditions, in their order."""
        m = self.mask(conditions)
        if m is None:
            return None
        if within is not None:
            return within[m[self.position[within.idx]]]
        at = np.flatnonzero(m)[:limit]
        return items.view(self.model[at]) if items is not None else self.ids[at].tolist()


def _by_folded(values: list[str]) -> dict[str, list[int]]:
    out: dict[str, list[int]] = {}
    for k, v in enumerate(values):
        out.setdefault(v.translate(_ASCII_FOLD), []).append(k)
    return out


def column_index(ds: PreparedDataset) -> ColumnIndex | None:
    """The catalog's in-memory condition index (None at or below ``LARGE`` items): read from
    the cache beside the item database, built and saved there the first time."""
    if ds.n_items <= LARGE:
        return None
    got = ds.__dict__.get("_column_index")
    if got is not None:
        return got
    fp = (ds.manifest.get("fingerprint") or "none")[:16]
    path = ds.dir / "cache" / f"colindex-{fp}-{int(Path(ds.db_path).stat().st_mtime)}.npz"
    try:
        got = ColumnIndex.load(path)
    except (OSError, ValueError, KeyError):
        got = ColumnIndex.build(ds)
        try:
            got.save(path)
        except OSError:  # a read-only home: kept in memory only
            pass
    ds.__dict__["_column_index"] = got
    return got
