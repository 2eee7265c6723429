"""Multi-turn conversation cases with machine checks (``benchmarks/conversations/``).

A case is a list of user turns, each with checks on the agent's reply to it: items returned or
not, no item shown before ("more"), every item meets a condition, the median year/price moved
the right way against the previous answer ("older", "cheaper"), the reply names an item of the
previous answer with evidence about it ("why the second one?"), the reply mentions (or does not)
some words ("what did I ask?", "forget that I like X"). ``{item1}`` / ``{item2}`` in a message
are the titles of the previous answer's first / second item.

:func:`run_case` plays one case against anything with ``turn(message, session) -> Turn``;
:func:`check_turn` is the checker on its own.
"""

from __future__ import annotations

import re
import statistics
from dataclasses import dataclass, field
from typing import Any, Callable

ORDINAL = {"first": 0, "second": 1, "third": 2, "that": 0}


@dataclass
class CheckResult:
    check: str
    ok: bool
    why: str = ""


@dataclass
class TurnRecord:
    user: str
    reply: str
    items: list[dict[str, Any]]
    checks: list[CheckResult] = field(default_factory=list)
    latency_ms: float = 0.0
    llm_calls: int = 0


def _norm(s: str) -> str:
    return re.sub(r"[^a-z0-9]+", " ", str(s).lower()).strip()


def short_title(title: str) -> str:
    """"Matrix, The (1999)" → "matrix"; "DARK SOULS™: Prepare To Die™ Edition" → "dark souls prepare to die edition"."""
    t = re.sub(r"\s*\(\d{4}\)\s*$", "", str(title))
    t = re.sub(r",\s*(The|A|An|Les|La|Le|L'|Il|Der|Die|Das|El)$", "", t)
    t = re.sub(r"\s*\([^)]*\)\s*$", "", t)  # "(Per qualche dollaro in più)"
    return _norm(t)


def names_item(text: str, title: str) -> bool:
    """The text names the item: its title without the year/article, or (long titles) the part
    before a colon."""
    t = f" {_norm(text)} "
    st = short_title(title)
    if st and f" {st} " in t:
        return True
    head = short_title(str(title).split(":")[0])
    return len(head) >= 4 and f" {head} " in t


class Fields:
    """The catalog columns the checks' field names mean, from the catalog's roles."""

    def __init__(self, vocab):
        self.vocab = vocab
        cats = vocab.role("category")
        self.map = {"year": vocab.first("time"), "price": vocab.first("price"),
                    "genre": "genres" if "genres" in vocab.columns else (cats[0] if cats else None)}

    def value(self, item_id: str, field_name: str):
        col = self.map.get(field_name, field_name if field_name in self.vocab.columns else None)
        if col is None:
            return None
        v = self.vocab.item_value(str(item_id), col)
        if field_name == "year" and isinstance(v, str):
            m = re.search(r"\d{4}", v)
            return int(m.group()) if m else None
        return v

    def evidence_words(self, item_id: str) -> list[str]:
        """Values of the item a reason can cite: its list and category values, creator, year."""
        out: list[str] = []
        for c, info in self.vocab.columns.items():
            if info.role in ("category", "tag", "creator", "time", "language") or info.type == "list":
                v = self.vocab.item_value(str(item_id), c)
                if isinstance(v, list):
                    out += [str(x) for x in v]
                elif v not in (None, ""):
                    out.append(str(v))
        return [w for w in out if len(_norm(w)) >= 3]


def _holds(v, op: str, want) -> bool:
    if v is None:
        return False
    if op in ("contains", "not_contains"):
        vals = [_norm(x) for x in (v if isinstance(v, list) else [v])]
        has = _norm(want) in vals
        return has if op == "contains" else not has
    try:
        x, y = float(v), float(want)
    except (TypeError, ValueError):
        return False
    return {">=": x >= y, "<=": x <= y, ">": x > y, "<": x < y, "=": x == y}[op]


def _median(items, fields: Fields, name: str):
    vals = []
    for it in items:
        v = fields.value(it["id"], name)
        try:
            vals.append(float(v))
        except (TypeError, ValueError):
            pass
    return statistics.median(vals) if vals else None


def check_turn(expect: list[dict], reply: str, items: list[dict], shown_before: list[list[dict]],
               user_messages: list[str], fields: Fields) -> list[CheckResult]:
    """The checks of one turn. ``shown_before``: the earlier answers' items (oldest first);
    ``user_messages``: the user's messages so far, this one last."""
    prev = shown_before[-1] if shown_before else []
    out: list[CheckResult] = []
    text = f" {_norm(reply)} "
    for e in expect:
        kind = e["check"]
        if kind == "items":
            out.append(CheckResult(kind, len(items) >= e.get("min", 1), f"{len(items)} items"))
        elif kind == "no_items":
            out.append(CheckResult(kind, not items, f"{len(items)} items"))
        elif kind == "no_repeat":
            before = {str(it["id"]) for lst in shown_before for it in lst}
            again = [it.get("title") for it in items if str(it["id"]) in before]
            out.append(CheckResult(kind, bool(items) and not again, f"repeated: {again[:3]}" if again else f"{len(items)} new"))
        elif kind == "condition":
            bad = [it.get("title") for it in items if not _holds(fields.value(it["id"], e["field"]), e["op"], e["value"])]
            out.append(CheckResult(kind, bool(items) and not bad, f"{e['field']} {e['op']} {e['value']}: breaks {bad[:3]}"
                                   if bad else f"{len(items)} hold"))
        elif kind == "no_condition_carried":
            broke = [it for it in items if not _holds(fields.value(it["id"], e["field"]), e["op"], e["value"])]
            out.append(CheckResult(kind, bool(broke), f"{len(broke)}/{len(items)} break the old condition"))
        elif kind == "relative":
            a, b = _median(prev, fields, e["field"]), _median(items, fields, e["field"])
            ok = a is not None and b is not None and (b < a if e["direction"] == "lower" else b > a)
            out.append(CheckResult(kind, ok, f"median {e['field']} {a} -> {b}"))
        elif kind == "mentions":
            def said(s: str) -> bool:  # "{item1}": the title of the previous answer's first item
                m = re.fullmatch(r"\{item(\d)\}", s.strip())
                if m:
                    n = int(m.group(1)) - 1
                    return n < len(prev) and names_item(reply, prev[n].get("title", ""))
                return f" {_norm(s)} " in text
            anys, alls = list(e.get("any", [])), list(e.get("all", []))
            ok = (not anys or any(said(s) for s in anys)) and all(said(s) for s in alls)
            out.append(CheckResult(kind, ok, f"any {anys} all {alls}"))
        elif kind == "not_mentions":
            hit = [s for s in e.get("any", []) if f" {_norm(s)} " in text]
            out.append(CheckResult(kind, not hit, f"mentions {hit}" if hit else "none"))
        elif kind == "why_evidence":
            target = e["target"]
            if target == "last_list":
                targets = prev[:10]
            elif target in ORDINAL:
                targets = prev[ORDINAL[target]:ORDINAL[target] + 1]
            else:
                targets = [it for it in prev if _norm(it.get("title", "")) == _norm(target)]
            ok, why = False, "no earlier item to explain" if not targets else "names no target with evidence"
            if len(items) > 1:  # a new list is not an explanation of the last one
                out.append(CheckResult(kind, False, f"answered with a new list of {len(items)} items"))
                continue
            liked = " ".join(user_messages[:-1])
            for it in targets:
                if not names_item(reply, it.get("title", "")):
                    continue
                ev = [w for w in fields.evidence_words(it["id"]) if f" {_norm(w)} " in text]
                liked_named = [w for w in re.findall(r"[A-Z][\w']+(?: [A-Z][\w']+)*", liked) if len(w) > 3 and f" {_norm(w)} " in text
                               and not names_item(w, it.get("title", ""))]
                number = re.search(r"\d", re.sub(re.escape(str(it.get("title", ""))), "", reply))
                if ev or liked_named or number:
                    ok, why = True, f"{it.get('title')}: {(ev + liked_named)[:3] or 'a number'}"
                    break
            out.append(CheckResult(kind, ok, why))
        else:
            out.append(CheckResult(kind, False, f"unknown check '{kind}'"))
    return out


def fill(message: str, prev: list[dict]) -> str:
    """``{item1}`` … ``{item3}`` → the titles of the previous answer's items."""
    for n in (1, 2, 3):
        title = prev[n - 1].get("title", "") if len(prev) >= n else "that one"
        message = message.replace(f"{{item{n}}}", short_title_display(title))
    return message


def short_title_display(title: str) -> str:
    """How a person types a title: "Matrix, The (1999)" → "The Matrix"."""
    t = re.sub(r"\s*\(\d{4}\)\s*$", "", str(title))
    m = re.match(r"^(.*), (The|A|An)$", t)
    return f"{m.group(2)} {m.group(1)}" if m else t


def run_case(case: dict, turn: Callable[[str, str | None], Any], fields: Fields) -> dict:
    """Play ``case`` with ``turn(message, session)``; returns the case with per-turn records and
    ``passed`` (every check of every turn held)."""
    session = None
    shown: list[list[dict]] = []
    said: list[str] = []
    records: list[TurnRecord] = []
    for t in case["turns"]:
        prev = shown[-1] if shown else []
        msg = fill(t["user"], prev)
        said.append(msg)
        try:
            r = turn(msg, session)
            reply, items = r.reply, [dict(it) for it in r.items]
            session = r.session or session
            lat, calls = r.latency_ms, r.llm_calls
        except Exception as e:  # a crash is a failed turn, not a failed run
            reply, items, lat, calls = f"ERROR {type(e).__name__}: {e}", [], 0.0, 0
        rec = TurnRecord(msg, reply, [{"id": it.get("id"), "title": it.get("title")} for it in items], latency_ms=lat,
                         llm_calls=calls)
        rec.checks = check_turn(t.get("expect", []), reply, items, shown, said, fields)
        records.append(rec)
        if items:
            shown.append(items)
    checks = [c for r in records for c in r.checks]
    return {"id": case["id"], "dataset": case.get("dataset"), "act": case.get("act"),
            "passed": bool(checks) and all(c.ok for c in checks), "checks": len(checks),
            "checks_passed": sum(c.ok for c in checks),
            "turns": [{"user": r.user, "reply": r.reply, "items": r.items, "latency_ms": round(r.latency_ms, 1),
                       "llm_calls": r.llm_calls, "checks": [c.__dict__ for c in r.checks]} for r in records]}
