"""The LLM may say an item's reasons in its own words; every claim in its sentence is checked
against that item's evidence first, and a sentence that claims more than the evidence holds is
dropped (the reasons' own text stands).

A phrased sentence about item X passes when:
- it is one short line with no instruction echoed;
- every number in it is a number of X's reasons (their texts or evidence) or of X's own values;
- every catalog title it names is X or an item its reasons relate X to (the liked seeds);
- every catalog value it names (genre, tag, creator…) is one X has or one its reasons name;
- every other condition it states (a year, a price, a rating) holds for X, and it states no
  negation ("not violent") the evidence cannot back.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any, Sequence

NUMBER = re.compile(r"\d[\d,]*(?:\.\d+)?")
MAX_CHARS = 220


def _numbers(text: str) -> set[str]:
    out = set()
    for m in NUMBER.findall(text):
        n = m.replace(",", "").rstrip(".")
        try:
            f = float(n)
        except ValueError:
            continue
        out.add(f"{f:g}")
    return out


def _evidence_numbers(item: dict[str, Any]) -> set[str]:
    nums: set[str] = set()

    def walk(v: Any) -> None:
        if isinstance(v, dict):
            for x in v.values():
                walk(x)
        elif isinstance(v, (list, tuple)):
            for x in v:
                walk(x)
        elif isinstance(v, bool):
            return
        elif isinstance(v, (int, float)):
            nums.add(f"{float(v):g}")
            if isinstance(v, float) and 0 < v < 1:
                nums.add(f"{round(100 * v):g}")
        elif isinstance(v, str):
            nums.update(_numbers(v))

    for r in item.get("reasons") or []:
        walk(r.get("text", ""))
        walk(r.get("evidence", {}))
    for k, v in item.items():
        if k not in ("reasons", "id", "phrased"):
            walk(v)
    return nums


def _evidence_words(item: dict[str, Any]) -> set[str]:
    words: set[str] = set()
    for r in item.get("reasons") or []:
        words.update(w.lower() for w in re.findall(r"\w+", r.get("text", "")))
    return words


def check_phrase(text: str, item: dict[str, Any], vocab, seeds: Sequence[str] = ()) -> str | None:
    """None when ``text`` claims nothing beyond ``item``'s reasons and values; else why it fails."""
    from convrec.nlu import understand
    from convrec.tools.verify import satisfies

    text = (text or "").strip()
    if not text or "\n" in text or len(text) > MAX_CHARS:
        return "not one short line"
    extra = _numbers(text) - _evidence_numbers(item)
    if extra:
        return f"numbers not in the evidence: {', '.join(sorted(extra))}"
    read = understand(text, vocab)
    allowed = {str(item["id"])} | {str(s) for s in seeds}
    for m in read.mentions:
        if str(m.item_id) not in allowed:
            return f"names another title: {m.title}"
    named = _evidence_words(item)
    for c in read.conditions:
        if c.op in ("contains", "in"):
            vals = list(c.value) if isinstance(c.value, (list, tuple)) else [c.value]
            for v in vals:
                one = replace(c, op="in", value=[v])
                if not satisfies(vocab, str(item["id"]), one) and str(v).lower() not in named:
                    return f"a value the item does not have: {v}"
            continue
        if c.op in ("not_contains", "not_in", "!=", "not_matches"):
            return f"a negation the evidence does not hold: {c.column} {c.op} {c.value}"
        if not satisfies(vocab, str(item["id"]), c):
            return f"a condition the item does not meet: {c.column} {c.op} {c.value}"
    return None


def phrased_lines(completions: Sequence[str], items: list[dict[str, Any]], vocab,
                  seeds: Sequence[str] = ()) -> list[tuple[int, str | None]]:
    """Check the LLM's sentences (one per item, in order) and set ``phrased`` on each item whose
    sentence passes; returns (item index, failure or None) for the trace."""
    out = []
    for i, (text, it) in enumerate(zip(completions, items)):
        text = (text or "").strip().strip('"').strip()
        why = check_phrase(text, it, vocab, seeds) if it.get("reasons") else "no reasons to phrase"
        if why is None:
            it["phrased"] = text
        out.append((i, why))
    return out
