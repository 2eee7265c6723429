"""Hard conditions as a structured filter object, always executed as parameterised,
read-only SQL. Small models produce a short list of {column, op, value} reliably; column
names are checked against the catalog's column map and list values are linked to the
catalog's vocabulary ("sci fi" → "Sci-Fi")."""

from __future__ import annotations

import re
from typing import Literal, Sequence, Union

from pydantic import BaseModel, Field

from convrec.catalog.store import PreparedDataset, junction_table
from convrec.models.base import ItemIds, ItemIndex, UnknownItemError
from convrec.tools.base import ToolError
from convrec.tools.colindex import LARGE, column_index
from convrec.tools.sql import run_readonly

Op = Literal["=", "!=", "<", "<=", ">", ">=", "contains", "not_contains", "like", "in", "not_in", "matches", "not_matches", "any_true", "outside", "missing", "present", "any_of"]
_SQL_OPS = {"=": "=", "!=": "!=", "<": "<", "<=": "<=", ">": ">", ">=": ">="}


class Condition(BaseModel):
    column: str = Field(description="a column of the item table, e.g. genres, year, price")
    op: Op = Field(description="comparison; contains / not_contains for list columns like genres or tags")
    value: Union[float, int, bool, str, list[Union[str, float]]] = Field(description="the value to compare with (a list for in / not_in)")


class Filter(BaseModel):
    conditions: list[Condition] = Field(default_factory=list, max_length=32)


def _vocab(ds: PreparedDataset, column: str) -> list[str]:
    cache = ds.__dict__.setdefault("_vocab_cache", {})
    if column not in cache:
        with ds.connect() as con:
            cache[column] = [r[0] for r in con.execute(f'SELECT DISTINCT value FROM "{junction_table(column)}"')]
    return cache[column]


# common words for catalog values, used only when the target value exists in the catalog
SYNONYMS = {
    "kids": ["Children", "Children's", "Family"], "family": ["Family", "Children", "Children's"],
    "cartoon": ["Animation", "Animated"], "cartoons": ["Animation", "Animated"], "anime": ["Anime", "Animation"],
    "scary": ["Horror"], "funny": ["Comedy"], "romcom": ["Romance", "Comedy"], "science fiction": ["Sci-Fi", "Science Fiction"],
    "noir": ["Film-Noir"], "detective": ["Mystery", "Crime"], "shooter": ["FPS", "Shooter", "Action"],
    "multiplayer": ["Multiplayer", "Multi-player"], "singleplayer": ["Singleplayer", "Single-player"],
}


def _same_stem(a: str, b: str) -> bool:
    if " " in a or " " in b:
        return False
    n = 0
    for x, y in zip(a, b):
        if x != y:
            break
        n += 1
    return n >= 5 and n >= 0.7 * min(len(a), len(b))


def _singular(w: str) -> str:
    if w.endswith("ies") and len(w) > 4:
        return w[:-3] + "y"
    if w.endswith("s") and not w.endswith("ss") and len(w) > 3:
        return w[:-1]
    return w


def stem_of(word: str) -> str:
    """The part of a word every form shares ("burritos" → "burrito", "patties" → "patti")."""
    w = word.lower()
    if w.endswith("ies") and len(w) > 4:
        return w[:-3]
    if w.endswith("y") and len(w) > 3:
        return w[:-1]
    if w.endswith("es") and len(w) > 4 and w[-3] in "sxhz":
        return w[:-2]
    if w.endswith("s") and not w.endswith("ss") and len(w) > 3:
        return w[:-1]
    return w


def word_pattern(phrase: str) -> "re.Pattern":
    """All words of ``phrase`` as whole words in any form ("hot dogs" matches "Hot Dog")."""
    parts = [x if x.startswith(PART) else stem_of(x) for x in phrase.split() if x]
    # a long stem also names its longer forms ("photo" → photograph, "print" → printed);
    # a model code is one word however it is written ("rav4" = "RAV 4", "mx5" = "MX-5");
    # a part of a word (``PART`` first: "amine in the name" of Diethylamine) anywhere in one
    return re.compile("".join(
        rf"(?=.*{re.escape(x[len(PART):])})" if x.startswith(PART) else
        rf"(?=.*\b{m.group(1)}[\s-]?{m.group(2)}\b)" if (m := _CODE.match(x)) else
        rf"(?=.*\b{re.escape(x)}" + (r"\w*" if len(x) >= 5 else r"(?:s|es|y|ies)?") + r"\b)"
        for x in parts), re.I | re.S)


_CODE = re.compile(r"^([a-z]{1,5})(\d{1,4})$")
"""A model code: a few letters then digits ("rav4", "f150", "mx5")."""


PART = "*"
"""Marks a phrase word that may be any part of a word of the text (``"*amine"``), not a whole word."""


def like_word(word: str) -> str:
    """The LIKE pattern that finds a word stem in a text (a model code with or without a space or hyphen)."""
    word = word[len(PART):] if word.startswith(PART) else word
    m = _CODE.match(word)
    return f"%{m.group(1)}%{m.group(2)}%" if m else f"%{word}%"


def exact_value(ds: PreparedDataset, column: str, phrase: str) -> str | None:
    """A list value the phrase names without doubt: same word, plural, synonym or word form
    ("comedies" → Comedy, "kids" → Children, "animated" → Animation); no fuzzy guessing."""
    vocab = _vocab(ds, column)
    low = {v.lower().replace("-", " "): v for v in vocab}
    key = " ".join(phrase.lower().replace("-", " ").split())
    for k in (key, _singular(key), key.replace(" ", "")):
        if k in low:
            return low[k]
    for target in SYNONYMS.get(key, []) + SYNONYMS.get(_singular(key), []):
        if target.lower().replace("-", " ") in low:
            return low[target.lower().replace("-", " ")]
    stems = [v for v in low if _same_stem(_singular(key), v)]
    return low[stems[0]] if len(stems) == 1 else None


def resolve_value(ds: PreparedDataset, column: str, value: str) -> str:
    """The catalog's spelling of a list value, or ToolError naming close known values."""
    from rapidfuzz import fuzz, process

    vocab = _vocab(ds, column)
    if str(value) in set(vocab):  # the catalog's own spelling (case variants of a tag are distinct values)
        return str(value)
    low = {v.lower(): v for v in vocab}
    key = str(value).strip().lower()
    if key in low:
        return low[key]
    norm = {v.lower().replace("-", " ").replace("_", " "): v for v in vocab}
    k2 = key.replace("-", " ").replace("_", " ")
    if k2 in norm:
        return norm[k2]
    hit = process.extractOne(k2, list(norm), scorer=fuzz.WRatio, score_cutoff=88)
    if hit:
        return norm[hit[0]]
    for target in SYNONYMS.get(k2, []):
        if target.lower() in low:
            return low[target.lower()]
    # word forms: "animated" → Animation, "romantic" → Romance, "thrilling" → Thriller
    stems = [v for v in norm if _same_stem(k2, v)]
    if len(stems) == 1:
        return norm[stems[0]]
    close = [norm[h[0]] for h in process.extract(k2, list(norm), scorer=fuzz.WRatio, limit=5)]
    raise ToolError(f"no {column} value like '{value}' (close: {', '.join(close)})")


def build_sql(ds: PreparedDataset, flt: Filter) -> tuple[str, list]:
    cols = {c["name"]: c for c in ds.columns}
    where, params = [], []
    for cond in flt.conditions:
        c = cols.get(cond.column) or cols.get(cond.column.lower().strip())
        if c is None:
            raise ToolError(f"unknown column '{cond.column}' (columns: {', '.join(cols)})")
        name = c["name"]
        if cond.op == "any_of":  # "sulfur above 3 or nitrogen above 6": (column, op, number) triples, any of them
            parts, vals = [], list(cond.value) if isinstance(cond.value, (list, tuple)) else []
            for k in range(0, len(vals) - 2, 3):
                col_, op_, v_ = str(vals[k]), str(vals[k + 1]), vals[k + 2]
                if col_ not in cols or cols[col_]["type"] not in ("integer", "real") or op_ not in _SQL_OPS:
                    raise ToolError(f"any_of needs number comparisons as [column, op, value, …], got '{col_} {op_}'")
                parts.append(f'"{col_}" {_SQL_OPS[op_]} ?')
                params.append(float(v_))
            if len(parts) < 2 or len(vals) % 3:
                raise ToolError("any_of needs two comparisons or more as [column, op, value, …]")
            where.append("(" + " OR ".join(parts) + ")")
            continue
        if cond.op == "any_true":  # "internships or apprenticeships": any of these yes/no columns
            names = [str(x) for x in (cond.value if isinstance(cond.value, (list, tuple)) else [cond.value])]
            bad = [x for x in names if x not in cols or cols[x]["type"] != "boolean"]
            if bad or not names:
                raise ToolError(f"any_true needs yes/no columns, got {', '.join(bad) or 'none'}")
            where.append("(" + " OR ".join(f'"{x}" = 1' for x in names) + ")")
            continue
        if cond.op in ("missing", "present"):  # "no age listed", "had a business associate involved"
            if c["type"] == "list":
                clause = f'item_id IN (SELECT item_id FROM "{junction_table(name)}")'
            elif c["type"] == "text":
                clause = f'("{name}" IS NOT NULL AND TRIM("{name}") != \'\')'
            else:
                clause = f'"{name}" IS NOT NULL'
            where.append(f"NOT {clause}" if cond.op == "missing" else clause)
            continue
        if cond.op in ("matches", "not_matches"):  # words of the item's own text (checked word by word after)
            phrases = [str(v) for v in (cond.value if isinstance(cond.value, (list, tuple)) else [cond.value])]
            anyof = []
            for ph in phrases:
                words = [stem_of(x) for x in ph.split() if x]
                if words:
                    anyof.append("(" + " AND ".join(f'"{name}" LIKE ?' for _ in words) + ")")
                    params.extend(like_word(x) for x in words)
            if not anyof:
                raise ToolError(f"'{name}' {cond.op} needs words")
            clause = "(" + " OR ".join(anyof) + ")"
            where.append(f"NOT COALESCE({clause}, 0)" if cond.op == "not_matches" else clause)
            continue
        if cond.op in ("in", "not_in"):
            vals = [str(v) for v in (cond.value if isinstance(cond.value, list) else [cond.value])]
            if not vals:
                raise ToolError(f"'{name}' {cond.op} needs at least one value")
            marks = ", ".join("?" * len(vals))
            neg = "NOT " if cond.op == "not_in" else ""
            if c["type"] == "list":
                vals = [resolve_value(ds, name, v) for v in vals]
                # the value index is case-free: the case-free test reaches it, the exact one keeps the meaning
                where.append(f'item_id {neg}IN (SELECT item_id FROM "{junction_table(name)}" WHERE value COLLATE NOCASE IN ({marks}) '
                             f'AND value IN ({marks}))' + (_KNOWN.format(junction_table(name)) if neg and _unknown_blank(c) else ""))
                params.extend(vals)
            elif c["type"] in ("integer", "real"):
                where.append(f'"{name}" {neg}IN ({marks})')
            else:
                where.append(f'("{name}" COLLATE NOCASE {neg}IN ({marks}))')  # unknown values never match
            params.extend(vals)
            continue
        if c["type"] == "list":
            if cond.op in ("contains", "=", "like"):
                neg = False
            elif cond.op in ("not_contains", "!="):
                neg = True
            else:
                raise ToolError(f"'{name}' is a list: use contains or not_contains")
            val = resolve_value(ds, name, str(cond.value))
            # the value index is case-free: the case-free test reaches it (a scan of every row before:
            # 75 ms at a million items for any value), the exact one keeps the meaning
            where.append(f'item_id {"NOT IN" if neg else "IN"} (SELECT item_id FROM "{junction_table(name)}" '
                         'WHERE value = ? COLLATE NOCASE AND value = ?)'
                         + (_KNOWN.format(junction_table(name)) if neg and _unknown_blank(c) else ""))
            params.extend([val, val])
        elif c["type"] in ("integer", "real") and cond.op == "outside":  # "under 5k or over 50k"
            try:
                lo, hi = (float(x) for x in cond.value)
            except (TypeError, ValueError):
                raise ToolError(f"'{name}' outside needs two numbers [low, high], got '{cond.value}'") from None
            where.append(f'("{name}" < ? OR "{name}" > ?)')
            params.extend([lo, hi])
        elif c["type"] in ("integer", "real"):
            if cond.op not in _SQL_OPS:
                raise ToolError(f"'{name}' is a number: use =, !=, <, <=, > or >=")
            try:
                v = float(cond.value)
            except (TypeError, ValueError):
                raise ToolError(f"'{name}' needs a number, got '{cond.value}'") from None
            where.append(f'"{name}" {_SQL_OPS[cond.op]} ?')
            params.append(v)
        elif c["type"] == "boolean":
            v = cond.value if isinstance(cond.value, bool) else str(cond.value).lower() in ("true", "1", "yes")
            where.append(f'"{name}" {"=" if cond.op != "!=" else "!="} ?')
            params.append(int(v))
        else:
            if cond.op in ("like", "contains"):
                where.append(f'"{name}" LIKE ?')
                params.append(f"%{cond.value}%")
            elif cond.op in ("=", "!="):
                where.append(f'"{name}" {cond.op} ? COLLATE NOCASE')
                params.append(str(cond.value))
            else:
                raise ToolError(f"'{name}' is text: use =, != or like")
    sql = "SELECT item_id FROM items" + (" WHERE " + " AND ".join(where) if where else "")
    return sql, params


_KNOWN = ' AND item_id IN (SELECT item_id FROM "{}")'
"""(a negated list condition) … of an item whose list is known"""


def _unknown_blank(c: dict) -> bool:
    """A list of categories left blank is unknown: "not written in English" is no item whose language
    nobody recorded. A list of tags is not: an untagged film is not tagged "violent"."""
    return c.get("role") not in ("tag", "tags")


def _resolved(ds: PreparedDataset, flt: Filter) -> list[tuple[str, str, object]] | None:
    """``flt`` as (column, op, value) with values as :func:`build_sql` reads them, for the
    in-memory index; None when a condition is one only SQL reads."""
    cols = {c["name"]: c for c in ds.columns}
    out = []
    for cond in flt.conditions:
        c = cols.get(cond.column) or cols.get(cond.column.lower().strip())
        if c is None or cond.op in ("any_true", "outside", "matches", "not_matches", "missing", "present", "any_of"):
            return None
        if c["type"] == "list":
            known = "_known" if cond.op in ("not_in", "not_contains", "!=") and _unknown_blank(c) else ""
            if cond.op in ("in", "not_in"):
                vals = [str(v) for v in (cond.value if isinstance(cond.value, list) else [cond.value])]
                if not vals:
                    return None
                out.append((c["name"], cond.op + known, [resolve_value(ds, c["name"], v) for v in vals]))
            elif cond.op in ("contains", "=", "like", "not_contains", "!="):
                out.append((c["name"], cond.op + known, resolve_value(ds, c["name"], str(cond.value))))
            else:
                return None
        elif c["type"] in ("integer", "real") and cond.op in _SQL_OPS:
            try:
                out.append((c["name"], cond.op, float(cond.value)))
            except (TypeError, ValueError):
                return None
        elif c["type"] == "boolean" and cond.op not in ("in", "not_in"):
            v = cond.value if isinstance(cond.value, bool) else str(cond.value).lower() in ("true", "1", "yes")
            out.append((c["name"], "!=" if cond.op == "!=" else "=", float(int(v))))
        elif c["type"] == "text" and cond.op in ("in", "not_in"):  # exact values (the index reads a column with few)
            vals = [str(v) for v in (cond.value if isinstance(cond.value, list) else [cond.value])]
            if not vals:
                return None
            out.append((c["name"], cond.op, vals))
        elif c["type"] == "text" and cond.op in ("=", "!="):
            out.append((c["name"], cond.op, str(cond.value)))
        else:
            return None
    return out


def apply_filter(ds: PreparedDataset, flt: Filter, candidates: Sequence[str] | None, max_rows: int = 1_000_000,
                 items: ItemIndex | None = None) -> Sequence[str]:
    """Item ids satisfying ``flt`` (in candidate order when candidates are given). On a large
    catalog, conditions on list values, numbers and yes/no columns are read from the in-memory
    index (:mod:`convrec.tools.colindex`): the same ids in the same order; with ``items`` (the
    models' item index) they come back as :class:`ItemIds`, integers until read."""
    if ds.n_items > LARGE:
        index = column_index(ds)
        conds = _resolved(ds, flt) if index is not None else None
        within = None
        if conds is not None and candidates is not None:
            if items is None:
                conds = None
            elif isinstance(candidates, ItemIds) and items.same_as(candidates.index):
                within = candidates
            else:
                try:
                    within = items.view(items.encode(candidates))
                except UnknownItemError:  # ids of another catalog: SQL says which match
                    conds = None
        got = index.matching(conds, max_rows, items=items, within=within) if conds is not None else None
        if got is not None:
            return got
    sql, params = build_sql(ds, flt)
    if candidates is None:  # most popular first, ties by id (the same order in every process), sorted by SQLite:
        # a Python sort keyed through pandas cost seconds at a million matching items
        _, rows = run_readonly(ds.db_path, sql + " ORDER BY popularity DESC, item_id", params, max_rows=max_rows,
                               timeout_s=5.0)
        return list(dict.fromkeys(r[0] for r in rows))
    _, rows = run_readonly(ds.db_path, sql, params, max_rows=max_rows, timeout_s=5.0)
    ok = {r[0] for r in rows}
    return [c for c in candidates if c in ok]
