"""Why an item was returned: reasons computed from the data, kept as data on the item.

Every reason is ``{"kind", "text", "evidence"}``; the text is written from the evidence by
:func:`render` (never by a model), and :mod:`convrec.eval.reasons` recomputes the evidence from
the catalog to check it. Kinds, strongest first:

- ``co_liked``: of the people who liked a title the user named, how many also liked this one
  (counted in the interaction data: "liked" = rated in the top part of the rating scale where
  there are ratings, else any interaction);
- ``shares``: what it has in common with a title the user named (values of the same list or
  category column, the same creator);
- ``soft``: which words of its own text met a preference the catalog could not filter on
  ("cozy": its tags say "cozy", "relaxing");
- ``condition``: a condition of the request it meets that its card does not already show;
- ``popular`` / ``rating``: how many interactions it has and where that ranks it, its rating.

A reply never shows one reason text on more than two items (:func:`explain_items`).
"""

from __future__ import annotations

import re
import threading
import weakref
from dataclasses import dataclass
from typing import Any, Sequence

import numpy as np
import pandas as pd

from convrec.catalog.text import unit_word

KINDS = ("co_liked", "shares", "soft", "condition", "popular", "rating")
MAX_PER_ITEM = 3
MAX_REPEAT = 2
"""A reason text appears on at most this many items of one reply."""
MIN_CO_USERS = 5
"""A co-liking share is stated only over at least this many people (fewer: not evidence)."""
SHOWN_ROLES = ("time", "category", "price", "creator", "rating")
"""Roles an item card shows (:func:`convrec.core.answers.item_view`): a condition on these is
visible already and is not repeated as a reason."""
_STOP = frozenset("a an the and or of for to in on with something some any me i my want like looking "
                  "feel feeling mood movie movies film films game games book books show shows item items "
                  "that this is are be it its good great nice".split())


@dataclass(frozen=True)
class LikeData:
    """Who liked what, as a user × item 0/1 matrix (sparse, column-compressed) over catalog rows."""

    matrix: Any
    row: dict[str, int]
    threshold: float | None
    """the rating from which an interaction counts as liking (None: every interaction counts)"""
    scale_max: float | None
    sorted_counts: np.ndarray
    """how many people liked each catalog item, ascending (for "more than N % of its items")"""

    def liked_by(self, i: int) -> np.ndarray:
        col = self.matrix.getcol(i)
        return col.indices

    def count(self, item_id: str) -> int:
        j = self.row.get(str(item_id))
        return 0 if j is None else int(self.matrix.indptr[j + 1] - self.matrix.indptr[j])


def like_threshold(ratings: pd.Series) -> tuple[float | None, float | None]:
    """(threshold, scale max): 4 on a 5-point scale (80 % of the top rating, rounded to the
    scale's step); None when the data has no ratings or a single value (implicit feedback)."""
    r = pd.to_numeric(ratings, errors="coerce").dropna()
    if r.empty or r.nunique() < 3:
        return None, None
    top = float(r.max())
    steps = np.sort(r.unique())
    t = 0.8 * top
    return float(steps[steps >= t - 1e-9][0]), top


def like_matrix(interactions: pd.DataFrame, item_ids: Sequence[str]) -> LikeData:
    from scipy.sparse import csc_matrix

    row = {str(i): n for n, i in enumerate(item_ids)}
    inter = interactions
    threshold, top = like_threshold(inter["rating"]) if "rating" in inter.columns else (None, None)
    if threshold is not None:
        inter = inter[pd.to_numeric(inter["rating"], errors="coerce") >= threshold]
    inter = inter.drop_duplicates(["user_id", "item_id"])
    users = pd.Index(inter["user_id"].astype(str).unique())
    u = users.get_indexer(inter["user_id"].astype(str))
    it = inter["item_id"].astype(str).map(row)
    ok = it.notna().to_numpy()
    m = csc_matrix((np.ones(int(ok.sum()), dtype=np.int32), (u[ok], it[ok].astype(int).to_numpy())),
                   shape=(max(len(users), 1), len(row)))
    # float64: a search of an int32 array with a Python number cast the million-entry array each call (~1 ms)
    return LikeData(m, row, threshold, top, np.sort(np.diff(m.indptr)).astype(np.float64))


_LIKES: dict[str, LikeData] = {}
_LOCK = threading.Lock()


def likes_of(catalog) -> LikeData | None:
    """The catalog's like matrix (built once per prepared dataset in this process)."""
    if not catalog.has_interactions:
        return None
    key = f"{catalog.ds.dir}:{catalog.ds.manifest.get('prepared_at')}:{catalog.ds.manifest.get('fingerprint')}"
    with _LOCK:
        if key not in _LIKES:
            _LIKES[key] = like_matrix(catalog.ds.interactions, [str(i) for i in catalog.items.index])
        return _LIKES[key]


def co_liking(likes: LikeData, seed: str, item: str) -> tuple[int, int] | None:
    """(people who liked ``seed``, of them who also liked ``item``)."""
    a, b = likes.row.get(str(seed)), likes.row.get(str(item))
    if a is None or b is None:
        return None
    ua, ub = likes.liked_by(a), likes.liked_by(b)
    return int(len(ua)), int(np.intersect1d(ua, ub, assume_unique=True).size)


# ---------------------------------------------------------------------- rendering
def _join(vals: Sequence[str]) -> str:
    vals = [str(v) for v in vals]
    return vals[0] if len(vals) == 1 else ", ".join(vals[:-1]) + " and " + vals[-1]


def liked_phrase(threshold: float | None, scale_max: float | None) -> tuple[str, str]:
    """("liked X (rated it 4+)", "liked this") or, without ratings, ("have X in their history", "have this")."""
    if threshold is None:
        return "chose {seed}", "chose this one too"
    t = f"{threshold:g}" + ("+" if scale_max is None or threshold < scale_max else "")
    return "rated {seed} " + t, "rated this " + t + " too"


def render(kind: str, ev: dict[str, Any]) -> str:
    """The reason's sentence, from its evidence only."""
    if kind == "co_liked":
        first, second = liked_phrase(ev.get("threshold"), ev.get("scale_max"))
        share = round(100 * ev["both"] / ev["seed_people"])
        return (f"{share} % of the {ev['seed_people']:,} people who " + first.format(seed=ev["seed_title"])
                + f" {second} ({ev['both']:,})")
    if kind == "shares":
        seeds = _join([ev["seed_title"]] + [a["seed_title"] for a in ev.get("also", [])])
        return f"shares {_join(ev['values'])} with {seeds}" if ev["column_role"] != "creator" else (
            f"same {ev['column_label']} as {seeds}: {_join(ev['values'])}")
    if kind == "soft":
        said = _join([f"“{w}”" for w in ev["words"]])
        if ev.get("similarity") is not None:
            return f"its {ev['column_label']} include {said}, close in meaning to “{ev['preference']}”"
        return f"its {ev['column_label']} say {said} (you asked for “{ev['preference']}”)"
    if kind == "condition":
        return f"{ev['column_label']}: {_fmt(ev['item_value'])} (you asked for {ev['asked']})"
    if kind == "popular":
        return f"{ev['count']:,} {ev['what']} in this catalog, more than {ev['above_pct']} % of its {ev['plural']}"
    if kind == "rating":
        if "above_pct" in ev:
            return f"{ev['column_label']} {_fmt(ev['value'])}, higher than {ev['above_pct']} % of its {ev['plural']}"
        return f"{ev['column_label']} {_fmt(ev['value'])}" + (f" of {_fmt(ev['max'])}" if ev.get("max") else "")
    raise ValueError(f"unknown reason kind '{kind}'")


def _fmt(v) -> str:
    if isinstance(v, list):
        return ", ".join(map(str, v))
    if isinstance(v, float):
        return f"{v:g}"
    return str(v)


def reason(kind: str, ev: dict[str, Any]) -> dict[str, Any]:
    return {"kind": kind, "text": render(kind, ev), "evidence": ev}


# ---------------------------------------------------------------------- computing
def _label(vocab, col: str) -> str:
    info = vocab.columns.get(col)
    return (info.label if info is not None and info.label else col.replace("_", " "))


def _values(vocab, item_id: str, col: str) -> list[str]:
    v = vocab.item_value(item_id, col)
    if v is None or v == "":
        return []
    return [str(x) for x in (v if isinstance(v, list) else [v]) if str(x).strip()]


def content_columns(vocab) -> list[str]:
    """Columns whose shared values say two items are alike: lists, categories, tags, creators."""
    return [c for c, info in vocab.columns.items()
            if info.role in ("category", "tag", "creator") or (info.type == "list" and info.role not in ("link", "id"))]


def text_words(text: str) -> list[str]:
    return [w for w in re.findall(r"[a-z][a-z'-]+", text.lower()) if w not in _STOP and len(w) > 2]


def _stem(w: str) -> str:
    for suf in ("ing", "ies", "es", "s", "y", "ed"):
        if w.endswith(suf) and len(w) - len(suf) >= 4:
            return w[: -len(suf)]
    return w


def co_liked_reasons(catalog, likes: LikeData, item: str, seeds: Sequence[str]) -> list[dict]:
    out = []
    for s in seeds:
        if s == item:
            continue
        got = co_liking(likes, s, item)
        if got is None or got[0] < MIN_CO_USERS or got[1] == 0:
            continue
        out.append(reason("co_liked", {"seed": s, "seed_title": catalog.title(s), "seed_people": got[0], "both": got[1],
                                       "threshold": likes.threshold, "scale_max": likes.scale_max}))
    out.sort(key=lambda r: -r["evidence"]["both"] / r["evidence"]["seed_people"])
    return out[:1]


def shares_reasons(catalog, item: str, seeds: Sequence[str]) -> list[dict]:
    vocab = catalog.vocab
    best: list[tuple[float, dict]] = []
    for s in seeds:
        if s == item:
            continue
        for col in content_columns(vocab):
            a, b = _values(vocab, item, col), _values(vocab, s, col)
            common = [v for v in a if v in set(b)]
            if not common:
                continue
            info = vocab.columns[col]
            ev = {"seed": s, "seed_title": catalog.title(s), "column": col, "column_label": _label(vocab, col),
                  "column_role": info.role, "values": common[:4]}
            weight = len(common) / max(len(set(a) | set(b)), 1) + (1.0 if info.role == "creator" else 0)
            best.append((weight, ev))
    merged: dict[tuple, list] = {}  # the same values shared with several liked items: one reason naming them all
    for weight, ev in best:
        key = (ev["column"], tuple(ev["values"]))
        if key in merged:
            merged[key][1].setdefault("also", []).append({"seed": ev["seed"], "seed_title": ev["seed_title"]})
            merged[key][0] += weight
        else:
            merged[key] = [weight, ev]
    out = sorted(merged.values(), key=lambda x: -x[0])
    return [reason("shares", ev) for _, ev in out[:2]]


def soft_reasons(catalog, item: str, preferences: Sequence[str], related: Sequence[Sequence] = ()) -> list[dict]:
    """The preference words the item's own text meets: a catalog value the soft ranking found
    close in meaning to the words (``related``: (column, value, similarity), from the trace),
    else the words themselves in its tags, categories, text or title."""
    vocab = catalog.vocab
    phrase = " ".join(preferences).strip()
    if not phrase:
        return []
    for col, val, sim in related:
        if col in vocab.columns and str(val).lower() in {v.lower() for v in _values(vocab, item, col)}:
            have = next(v for v in _values(vocab, item, col) if v.lower() == str(val).lower())
            return [reason("soft", {"preference": phrase, "column": col, "column_label": _label(vocab, col),
                                    "words": [have], "similarity": float(sim)})]
    stems = {_stem(w) for w in text_words(phrase)}
    if not stems:
        return []
    for col in [c for c, info in vocab.columns.items() if info.role in ("tag", "category", "text")] + ["title"]:
        hit = []
        for v in _values(vocab, item, col):
            ws = text_words(v)
            w = next((w for w in ws if _stem(w) in stems), None)
            if w is not None:
                hit.append(v if len(v) <= 40 else w)
        if hit:
            return [reason("soft", {"preference": phrase, "column": col, "column_label": _label(vocab, col) if col != "title" else "title",
                                    "words": list(dict.fromkeys(hit))[:3], "similarity": None})]
    return []


def condition_reasons(catalog, item: str, conditions: Sequence) -> list[dict]:
    """Conditions met on columns the card does not show (a tag, a flag, a number not on the card)."""
    from convrec.tools.verify import satisfies

    vocab = catalog.vocab
    out = []
    for c in conditions:
        info = vocab.columns.get(getattr(c, "column", ""))
        if info is None or info.role in SHOWN_ROLES or c.op in ("not_contains", "not_in", "!=", "not_matches"):
            continue
        if not satisfies(vocab, item, c):
            continue
        v = vocab.item_value(item, c.column)
        if isinstance(v, list) and c.op in ("contains", "in"):
            want = {str(x).lower() for x in (c.value if isinstance(c.value, (list, tuple)) else [c.value])}
            v = [x for x in v if str(x).lower() in want] or v[:3]
        if hasattr(v, "item"):
            v = v.item()
        asked = c.describe() if hasattr(c, "describe") else str(c.value)
        if asked.startswith(f"{c.column} ") and _label(vocab, c.column) != c.column:  # "p2t > 24": "length from … > 24 months"
            unit = info.shown_unit if info.shown_unit not in ("", "$", "%") else ""
            asked = f"{_label(vocab, c.column)}{asked[len(c.column):]}" + (f" {unit_word(unit, c.value)}" if unit else "")
        out.append(reason("condition", {"column": c.column, "column_label": _label(vocab, c.column), "op": c.op,
                                        "value": c.value if not isinstance(c.value, tuple) else list(c.value),
                                        "item_value": v, "asked": asked}))
    return out[:1]


_NUMBERS: dict[int, dict[str, np.ndarray]] = {}


def _sorted_numbers(vocab, col: str) -> np.ndarray:
    """A number column's values over the catalog, sorted, read once per vocabulary (converting a
    million values for every item shown cost ~20 ms an item)."""
    per = _NUMBERS.get(id(vocab))
    if per is None:  # the vocabulary is a dataclass (not hashable): by identity, dropped with it
        per = _NUMBERS[id(vocab)] = {}
        weakref.finalize(vocab, _NUMBERS.pop, id(vocab), None)
    if col not in per:
        per[col] = np.sort(pd.to_numeric(vocab.items[col], errors="coerce").dropna().to_numpy(dtype=float))
    return per[col]


def fact_reasons(catalog, item: str, likes: LikeData | None) -> list[dict]:
    from convrec.catalog.text import noun_plural

    vocab = catalog.vocab
    out = []
    if likes is not None:
        n = likes.count(item)
        counts = likes.sorted_counts
        above = int(np.floor(100 * np.searchsorted(counts, float(n), side="left") / len(counts))) if len(counts) else 0
        if n >= MIN_CO_USERS and above >= 50:
            what = "people " + ("rated it " + f"{likes.threshold:g}+" if likes.threshold is not None else "chose it")
            out.append(reason("popular", {"count": n, "what": what, "above_pct": above,
                                          "plural": noun_plural(catalog.domain), "threshold": likes.threshold}))
    for col in vocab.role("rating")[:1]:
        v = vocab.item_value(item, col)
        try:
            fv = float(v)
        except (TypeError, ValueError):
            continue
        values = _sorted_numbers(vocab, col)
        above = int(np.floor(100 * np.searchsorted(values, fv, side="left") / len(values))) if len(values) else 0
        if above >= 50:  # a reason to pick it only when it stands above most of the catalog
            out.append(reason("rating", {"column": col, "column_label": _label(vocab, col), "value": fv,
                                         "above_pct": above, "plural": noun_plural(catalog.domain)}))
    return out


def explain(catalog, item: str, seeds: Sequence[str] = (), conditions: Sequence = (),
            preferences: Sequence[str] = (), likes: LikeData | None = None, related: Sequence[Sequence] = ()) -> list[dict]:
    """Every reason the data gives for ``item`` (strongest kinds first)."""
    item = str(item)
    seeds = [str(s) for s in dict.fromkeys(seeds) if str(s) in catalog.items.index][:5]
    out: list[dict] = []
    if likes is not None and seeds:
        out += co_liked_reasons(catalog, likes, item, seeds)
    if seeds:
        out += shares_reasons(catalog, item, seeds)
    if preferences:
        out += soft_reasons(catalog, item, preferences, related)
    if conditions:
        out += condition_reasons(catalog, item, conditions)
    out += fact_reasons(catalog, item, likes)
    return out


def explain_items(catalog, items: list[dict], seeds: Sequence[str] = (), conditions: Sequence = (),
                  preferences: Sequence[str] = (), related: Sequence[Sequence] = ()) -> list[dict]:
    """``items`` with ``reasons`` set (at most :data:`MAX_PER_ITEM` each); one reason text on at
    most :data:`MAX_REPEAT` items of the list."""
    likes = likes_of(catalog)
    used: dict[str, int] = {}
    for it in items:
        if it.get("reasons"):
            rs = list(it["reasons"])
        else:
            rs = explain(catalog, str(it["id"]), seeds, conditions, preferences, likes, related)
        kept = []
        for r in rs:
            if used.get(r["text"], 0) >= MAX_REPEAT:
                continue
            kept.append(r)
            if len(kept) == MAX_PER_ITEM:
                break
        for r in kept:
            used[r["text"]] = used.get(r["text"], 0) + 1
        it["reasons"] = kept
    return items
