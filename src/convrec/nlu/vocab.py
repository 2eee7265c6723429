"""A catalog's vocabulary: its columns by role, every value of its categorical columns in
normal form, and its titles (through the item linker). Built once per dataset."""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import pandas as pd

from convrec.catalog.linking import ItemLinker
from convrec.nlu.lexicon import Lexicon, load_lexicon
from convrec.nlu.text import norm, plural, singular

VALUE_ROLES = ("category", "tag", "creator")
MAX_VALUE_WORDS = 5


@dataclass
class ColumnInfo:
    name: str
    type: str
    role: str
    meaning: str = ""
    min: Any = None
    max: Any = None
    distinct: int | None = None


@dataclass(frozen=True)
class ValueHit:
    column: str
    value: str
    support: int
    role: str


@dataclass
class Vocabulary:
    """What :func:`convrec.nlu.understand` reads of a catalog."""

    domain: str
    n_items: int
    columns: dict[str, ColumnInfo]
    items: pd.DataFrame
    """The item table indexed by item id (list columns decoded)."""
    linker: ItemLinker
    lexicon: Lexicon
    values: dict[str, list[ValueHit]] = field(default_factory=dict)
    """normal form of a value → the columns/values it names (most supported first)."""
    single_words: dict[str, list[str]] = field(default_factory=dict)
    """for typo matching: one-word normal forms of category values."""
    surnames: dict[str, list[ValueHit]] = field(default_factory=dict)
    """last word of a multi-word creator name → its creators, most items first ("tolkien")."""
    creator_names: dict[str, list[ValueHit]] = field(default_factory=dict)
    """full normal forms of creator names with at least two items (for typo matching)."""
    has_interactions: bool = True
    name: str = ""
    encoder: Any = None
    """Optional sentence encoder (MiniLM): paraphrases of values ("outer space" → Space) are
    matched by embedding when no word or synonym matched; None turns that off."""
    paraphrase_threshold: float = 0.7
    """Cosine similarity a paraphrase needs (measured: "outer space"/Space 0.74, "fighting
    robots"/Robots 0.77, but "cartoon"/Comedy 0.62, a wrong match, stays below)."""
    _value_vecs: Any = None

    # ------------------------------------------------------------------ building
    @classmethod
    def from_dataset(cls, ds, linker: ItemLinker | None = None, lexicon: Lexicon | None = None) -> "Vocabulary":
        items = ds.items
        cols = {c["name"]: ColumnInfo(c["name"], c["type"], c.get("role", "other"), c.get("meaning", ""), c.get("min"),
                                      c.get("max"), c.get("distinct")) for c in ds.columns}
        if linker is None:
            years = items["year"] if "year" in items.columns else None
            linker = ItemLinker(items["item_id"], items["title"], items["popularity"], years)
        has = int(ds.manifest.get("interactions", 0)) > 0
        return cls.build(ds.domain, items, cols, linker, lexicon or load_lexicon(), has, ds.name)

    @classmethod
    def build(cls, domain: str, items: pd.DataFrame, columns: dict[str, ColumnInfo], linker: ItemLinker,
              lexicon: Lexicon, has_interactions: bool = True, name: str = "") -> "Vocabulary":
        v = cls(domain, len(items), columns, items.set_index("item_id", drop=False), linker, lexicon,
                has_interactions=has_interactions, name=name)
        v._index_values()
        return v

    def _index_values(self) -> None:
        index: dict[str, dict[tuple[str, str], ValueHit]] = {}
        for c in self.columns.values():
            if c.role not in VALUE_ROLES or c.type not in ("list", "text"):
                continue
            series = self.items[c.name]
            if c.type == "list":
                counts = Counter(v for lst in series for v in (lst or []))
            else:
                counts = Counter(str(v) for v in series.dropna() if str(v).strip())
            for value, n in counts.items():
                if c.role == "creator" and n < 1:
                    continue
                base = norm(value)
                if not base or len(base.split()) > MAX_VALUE_WORDS:
                    continue
                words = base.split()
                forms = {base, " ".join(words[:-1] + [singular(words[-1])]), " ".join(words[:-1] + [plural(words[-1])])}
                if c.role == "creator":
                    forms = {base}
                for f in forms:
                    hit = ValueHit(c.name, value, n, c.role)
                    index.setdefault(f, {})[(c.name, value)] = hit
        role_rank = {"category": 0, "creator": 1, "tag": 2}
        distinct = {c.name: (c.distinct or 0) for c in self.columns.values()}
        order = {name: k for k, name in enumerate(self.columns)}
        # among columns of one role, the one where the value covers the most items (Steam's
        # user tags hold "Casual" on more games than its store genres do)
        # creators keep table order (the maker before the publisher)
        self.values = {f: sorted(h.values(), key=lambda h: (role_rank[h.role], order[h.column] if h.role == "creator" else 0,
                                                            -h.support, distinct[h.column]))
                       for f, h in index.items()}
        self.surnames, self.creator_names = {}, {}
        for f, hits in self.values.items():
            cre = [h for h in hits if h.role == "creator"]
            words = f.split()
            if cre and len(words) >= 2 and len(words[-1]) >= 4:
                self.surnames.setdefault(words[-1], []).extend(cre)
            if cre and len(words) >= 2 and sum(h.support for h in cre) >= 2:
                self.creator_names[f] = cre
        for k2 in self.surnames:
            self.surnames[k2].sort(key=lambda h: -h.support)
        self.single_words = {}
        for f, hits in list(self.values.items()):
            compact = f.replace(" ", "")  # "rogue like" → "roguelike", for typos like "rougelike"
            if len(compact) >= 5 and f.count(" ") <= 1 and any(h.role == "category" for h in hits):
                self.single_words.setdefault(compact, [h.value for h in hits])
                if compact != f:
                    self.values.setdefault(compact, hits)

    def nearest_value(self, phrase: str) -> tuple[ValueHit, float] | None:
        """The category value closest in meaning to ``phrase`` above the threshold, or None."""
        if self.encoder is None:
            return None
        if self._value_vecs is None:
            hits = {}
            for hs in self.values.values():
                for h in hs:
                    if h.role == "category":
                        hits.setdefault((h.column, h.value), h)
            self._value_hits = list(hits.values())
            vecs = np.asarray(self.encoder.encode([h.value for h in self._value_hits]), dtype=np.float32) \
                if self._value_hits else np.zeros((0, 1), np.float32)
            self._value_vecs = vecs / np.maximum(np.linalg.norm(vecs, axis=1, keepdims=True), 1e-9)
        if not len(self._value_vecs):
            return None
        q = np.asarray(self.encoder.encode([phrase])[0], dtype=np.float32)
        sims = self._value_vecs @ (q / max(float(np.linalg.norm(q)), 1e-9))
        j = int(np.argmax(sims))
        return (self._value_hits[j], float(sims[j])) if sims[j] >= self.paraphrase_threshold else None

    # ------------------------------------------------------------------ queries
    def role(self, role: str) -> list[str]:
        """Columns with this role, in table order."""
        return [c.name for c in self.columns.values() if c.role == role]

    def first(self, role: str) -> str | None:
        cols = self.role(role)
        return cols[0] if cols else None

    def lookup(self, phrase_norm: str) -> list[ValueHit]:
        return self.values.get(phrase_norm, [])

    def has_value(self, column: str, value: str) -> bool:
        return any(h.column == column and h.value == value for h in self.values.get(norm(value), []))

    def resolve_synonym(self, phrase_norm: str) -> list[list[ValueHit]] | None:
        """Lexicon synonyms: the first alternative the catalog has, as groups of hits that must
        all hold ("A+B"); each group lists the hits of which any may hold ("A|B")."""
        alts = self.lexicon.values.get(phrase_norm)
        if not alts:
            return None
        # an alternative the catalog has in a main (category) column beats one only in sparse tags
        ranked = sorted(alts, key=lambda a: 0 if all(any(h.role != "tag" for p in part.split("|") for h in self._exact_hits(p))
                                                      for part in a.split("+")) else 1)
        for alt in ranked:
            groups: list[list[ValueHit]] = []
            ok = True
            for part in alt.split("+"):
                if part.startswith("@"):
                    m = re.match(r"@(\w+)\s*(<=|>=|<|>|=)\s*([\d.]+)$", part)
                    col = self.first(m.group(1)) if m else None
                    if col is None:
                        ok = False
                        break
                    groups.append([ValueHit(col, f"{m.group(2)}{m.group(3)}", 0, "numeric")])
                    continue
                anyof = [h for p in part.split("|") for h in self._exact_hits(p)]
                if not anyof:
                    ok = False
                    break
                groups.append(anyof)
            if ok and groups:
                return groups
        return None

    def _exact_hits(self, value: str) -> list[ValueHit]:
        """Hits whose catalog spelling equals ``value`` (case-insensitive), best column first."""
        hits = [h for h in self.values.get(norm(value), []) if h.value.lower() == value.lower()]
        if not hits:
            return []
        best = hits[0].column
        return [h for h in hits if h.column == best]

    def title_ids(self, phrase: str) -> list[int]:
        return self.linker.exact_indices(phrase)

    def is_title(self, phrase: str) -> bool:
        return bool(self.title_ids(phrase))

    def numeric_range(self, column: str) -> tuple[float | None, float | None]:
        c = self.columns[column]
        return c.min, c.max

    def item_value(self, item_id: str, column: str):
        try:
            v = self.items.at[item_id, column]
        except KeyError:
            return None
        if isinstance(v, (list, tuple, np.ndarray)):
            return list(v)
        if v is None or (not isinstance(v, str) and pd.isna(v)):
            return None
        return v.item() if hasattr(v, "item") else v
