"""Check every reason on returned items against the data (:mod:`convrec.tools.reasons`).

Each reason's evidence is recomputed here by other code (pandas over the interaction file, the
item's own values) and its text must be the one the evidence renders to. A reply passes when
every reason verifies and no reason text stands on more than two of its items.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Sequence

import pandas as pd

from convrec.tools.reasons import KINDS, MAX_REPEAT, MIN_CO_USERS, like_threshold, render


@dataclass
class ReasonReport:
    reasons: int = 0
    verified: int = 0
    replies: int = 0
    replies_with_repeats: int = 0
    items: int = 0
    items_with_reasons: int = 0
    by_kind: Counter = field(default_factory=Counter)
    failures: list[dict[str, Any]] = field(default_factory=list)

    def add(self, other: "ReasonReport") -> None:
        for k in ("reasons", "verified", "replies", "replies_with_repeats", "items", "items_with_reasons"):
            setattr(self, k, getattr(self, k) + getattr(other, k))
        self.by_kind.update(other.by_kind)
        self.failures += other.failures

    def to_dict(self) -> dict[str, Any]:
        return {"reasons": self.reasons, "verified": self.verified,
                "verified_share": round(self.verified / self.reasons, 4) if self.reasons else None,
                "replies": self.replies, "replies_with_repeats": self.replies_with_repeats, "items": self.items,
                "items_with_reasons": self.items_with_reasons, "by_kind": dict(self.by_kind),
                "failures": self.failures[:20]}


class ReasonChecker:
    """Recomputes reasons' evidence for one catalog."""

    def __init__(self, catalog):
        self.catalog = catalog
        self.vocab = catalog.vocab
        self._liked: dict[str, set] | None = None
        self._threshold: tuple[float | None, float | None] | None = None

    def liked_sets(self) -> dict[str, set]:
        """item id → the users who liked it, read from the interaction file with pandas."""
        if self._liked is None:
            inter = self.catalog.ds.interactions
            t, top = like_threshold(inter["rating"]) if "rating" in inter.columns else (None, None)
            self._threshold = (t, top)
            if t is not None:
                inter = inter[pd.to_numeric(inter["rating"], errors="coerce") >= t]
            self._liked = inter.groupby(inter["item_id"].astype(str))["user_id"].agg(lambda s: set(s.astype(str))).to_dict()
        return self._liked

    def _values(self, item: str, col: str) -> list[str]:
        v = self.vocab.item_value(item, col)
        if v is None or v == "":
            return []
        return [str(x) for x in (v if isinstance(v, list) else [v])]

    def check(self, item: str, r: dict[str, Any]) -> str | None:
        """None when the reason holds, else what is wrong."""
        kind, ev, text = r.get("kind"), r.get("evidence") or {}, r.get("text")
        if kind not in KINDS:
            return f"unknown kind {kind!r}"
        try:
            if render(kind, ev) != text:
                return "text is not what its evidence says"
        except (KeyError, TypeError, ValueError, ZeroDivisionError) as e:
            return f"evidence incomplete: {e}"
        item = str(item)
        if kind == "co_liked":
            liked = self.liked_sets()
            a, b = liked.get(str(ev["seed"]), set()), liked.get(item, set())
            if (ev.get("threshold"), ev.get("scale_max")) != self._threshold:
                return f"threshold {ev.get('threshold')} is not the data's {self._threshold}"
            if len(a) != ev["seed_people"] or len(a & b) != ev["both"]:
                return f"counts {ev['seed_people']}/{ev['both']} != data {len(a)}/{len(a & b)}"
            if ev["seed_people"] < MIN_CO_USERS:
                return "too few people to be evidence"
            if self.catalog.title(str(ev["seed"])) != ev["seed_title"]:
                return "seed title"
        elif kind == "shares":
            a = set(self._values(item, ev["column"]))
            for sd in [{"seed": ev["seed"], "seed_title": ev["seed_title"]}] + list(ev.get("also", [])):
                b = set(self._values(str(sd["seed"]), ev["column"]))
                if not ev["values"] or not set(ev["values"]) <= (a & b):
                    return f"{ev['values']} not shared in {ev['column']} with {sd['seed']}"
                if self.catalog.title(str(sd["seed"])) != sd["seed_title"] or str(sd["seed"]) == item:
                    return "seed"
        elif kind == "soft":
            have = {v.lower() for v in self._values(item, ev["column"])} if ev["column"] != "title" else {self.catalog.title(item).lower()}
            for w in ev["words"]:
                if w.lower() not in have and not any(w.lower() in h for h in have):
                    return f"“{w}” is not in its {ev['column']}"
        elif kind == "condition":
            from convrec.nlu.intent import Condition
            from convrec.tools.verify import satisfies

            c = Condition(ev["column"], ev["op"], tuple(ev["value"]) if isinstance(ev["value"], list) else ev["value"])
            if not satisfies(self.vocab, item, c):
                return "the item does not meet the condition"
        elif kind == "popular":
            liked = self.liked_sets()
            n = len(liked.get(item, set()))
            if n != ev["count"]:
                return f"count {ev['count']} != data {n}"
            counts = pd.Series([len(liked.get(str(i), ())) for i in self.catalog.items.index])
            above = int((100 * (counts < n).mean()) // 1)
            if above != ev["above_pct"]:
                return f"rank {ev['above_pct']} % != data {above} %"
        elif kind == "rating":
            v = self.vocab.item_value(item, ev["column"])
            if v is None or abs(float(v) - float(ev["value"])) > 1e-9:
                return f"rating {ev['value']} != data {v}"
            if "above_pct" in ev:
                col = pd.to_numeric(self.catalog.items[ev["column"]], errors="coerce").dropna()
                above = int((100 * (col < float(v)).mean()) // 1)
                if above != ev["above_pct"]:
                    return f"rank {ev['above_pct']} % != data {above} %"
        return None

    def check_items(self, items: Sequence[dict[str, Any]]) -> ReasonReport:
        """One reply's items."""
        rep = ReasonReport(replies=1, items=len(items))
        texts = Counter()
        for it in items:
            rs = it.get("reasons") or []
            rep.items_with_reasons += bool(rs)
            for r in rs:
                rep.reasons += 1
                rep.by_kind[r.get("kind")] += 1
                texts[r.get("text")] += 1
                why = self.check(str(it.get("id")), r)
                if why is None:
                    rep.verified += 1
                else:
                    rep.failures.append({"item": it.get("id"), "title": it.get("title"), "kind": r.get("kind"),
                                         "text": r.get("text"), "why": why})
        rep.replies_with_repeats = int(any(n > MAX_REPEAT for n in texts.values()))
        return rep
