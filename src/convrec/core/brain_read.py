"""The brain reads what the rules left unread — into conditions over this catalog's schema.

When a recommendation or count request keeps words no reader claimed ("tuition under 20k" on a
column named ``Outstate``, "not the ones that lost money"), one short schema-constrained call asks
the brain which filters those words ask for. The schema comes from this catalog: the columns it may
name (an enum), each with its values, order or range in the prompt. Code then checks every proposal
against the catalog — a value of a category column must be one of its values, a number must lie in
its column's range, an order comparison needs a graded column — and keeps only what passes, so a
brain can add a condition the catalog can check but can never invent a value. Off for the embedded
0.5B (``[agent] brain_read = auto``), which misreads such words; a larger local model or any
endpoint reads them.
"""

from __future__ import annotations

import re
import time
from functools import lru_cache
from typing import Any, Literal

from convrec.catalog.text import norm
from convrec.nlu.intent import Condition, SortHint

OPS = ("=", "!=", "<", "<=", ">", ">=")


@lru_cache(maxsize=1)
def _prompts() -> dict[str, str]:
    import tomllib
    from importlib import resources

    return tomllib.loads(resources.files("convrec").joinpath("prompts/read.toml").read_text(encoding="utf-8"))


def _columns(vocab) -> dict[str, str]:
    """column → its prompt line (label, kind and what values it holds)."""
    from collections import Counter

    out: dict[str, str] = {}
    for c in vocab.columns.values():
        if c.role in ("id", "title", "link", "text") or c.name == "popularity" or (c.years and not c.latest):
            continue
        label = (c.label or c.name).replace("_", " ")
        if c.order:
            desc = "graded, low to high: " + " < ".join(c.order[:12])
        elif c.type == "boolean":
            desc = "yes/no"
        elif c.type in ("integer", "real") and c.min is not None:
            desc = f"number {c.min:g} to {c.max:g}" + (f" {c.unit}" if c.unit else "")
        elif c.name in vocab.items:
            col = vocab.items[c.name]
            counts = Counter(v for lst in col for v in (lst or [])) if c.type == "list" else Counter(str(v) for v in col.dropna())
            if not counts or len(counts) > 60:
                continue
            desc = "values: " + ", ".join(v for v, _ in counts.most_common(15))
        else:
            continue
        out[c.name] = f"- {c.name} ({label}): {desc}"
        if len(out) >= 30:
            break
    return out


def _number(text: str) -> float | None:
    t = str(text).strip().lower().replace(",", "").replace("$", "")
    m = re.fullmatch(r"(-?\d+(?:\.\d+)?)\s*(k|m|thousand|million)?", t)
    if not m:
        return None
    return float(m.group(1)) * {"k": 1e3, "thousand": 1e3, "m": 1e6, "million": 1e6}.get(m.group(2) or "", 1.0)


_NUMBER_WORDS = {"one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
                 "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety", "hundred", "thousand",
                 "million", "billion", "grand", "dozen", "half", "quarter", "k"}


def _says_a_number(message: str) -> bool:
    """Does the message say any number, in digits or in words ("ten grand", "a dozen")?"""
    return bool(re.search(r"\d", message)) or bool(_NUMBER_WORDS & set(re.findall(r"[a-z]+", message.lower())))


def checked(vocab, column: str, op: str, value: Any, words: str, message: str | None = None) -> Condition | None:
    """A proposed filter as a condition the catalog can check, or None when it does not hold up."""
    c = vocab.columns.get(column)
    if c is None or op not in OPS:
        return None
    if c.type == "boolean":
        v = norm(str(value))
        truth = {"yes": True, "true": True, "1": True, "no": False, "false": False, "0": False}.get(v)
        if truth is None or op not in ("=", "!="):
            return None
        return Condition(column, "=", truth if op == "=" else not truth, c.label or column, "flag")
    if c.type in ("integer", "real"):
        x = _number(value)
        if x is None or c.min is None or not (float(c.min) <= x <= float(c.max)):
            return None  # a bound outside the column's values bounds nothing
        if message is not None and not _says_a_number(message):
            return None  # a number the message never said ("the ones born in Japan" read as year = 2010)
        if (x == float(c.max) and op in ("<", "<=")) or (x == float(c.min) and op in (">", ">=")):
            return None  # "age under 83" where 83 is the oldest: the column's own end, no wish of the user's
        return Condition(column, op, x, words, c.role)
    hits = [h.value for h in vocab.lookup(norm(str(value))) if h.column == column]
    if not hits:
        return None
    if op in ("=", "!="):
        if c.type == "list":
            return Condition(column, "contains" if op == "=" else "not_contains", hits[0], words, c.role)
        return Condition(column, "in" if op == "=" else "not_in", (hits[0],), words, c.role)
    if not c.order or hits[0] not in c.order:
        return None
    k = c.order.index(hits[0])
    keep = {">": c.order[k + 1:], ">=": c.order[k:], "<": c.order[:k], "<=": c.order[:k + 1]}[op]
    return Condition(column, "in", tuple(keep), words, c.role) if keep else None


def brain_conditions(llm, vocab, message: str, unread: list[str], domain_plural: str
                     ) -> tuple[list[Condition], dict, SortHint | None]:
    """(conditions the brain read from the unread words and the catalog confirmed, trace step, the
    number column a superlative among them sorts by — "the strongest quakes", "the wealthiest")."""
    from pydantic import BaseModel, Field, create_model

    from convrec.llm.errors import LLMError

    cols = _columns(vocab)
    if not cols or not unread:
        return [], {}, None
    Filter = create_model("Filter", column=(Literal[tuple(cols)], ...), op=(Literal[OPS], ...), value=(str, ...),
                          __base__=BaseModel)
    numbers = [c for c in cols if vocab.columns[c].type in ("integer", "real")]
    fields: dict[str, Any] = {"filters": (list[Filter], Field(default_factory=list, max_length=3))}
    if numbers:  # "the strongest", "the wealthiest": a superlative no rule read sorts by a number column
        Sort = create_model("Sort", column=(Literal[tuple(numbers)], ...), order=(Literal["highest", "lowest"], ...),
                            __base__=BaseModel)
        fields["sort"] = (Sort | None, None)
    Read = create_model("Read", **fields, __base__=BaseModel)
    p = _prompts()
    words = ", ".join(f'"{u}"' for u in unread)[:200]
    t = time.perf_counter()
    try:
        got = llm.generate_json([{"role": "system", "content": p["system"].format(items=domain_plural)},
                                 {"role": "user", "content": p["user"].format(items=domain_plural, columns="\n".join(cols.values()),
                                                                             message=message[:300], words=words)}],
                                Read, max_tokens=120, purpose="read unread words")
    except LLMError as e:
        return [], {"tool": "brain_read", "input": {"words": unread}, "output": "", "candidates": None,
                    "error": str(e)[:200], "ms": round((time.perf_counter() - t) * 1000, 1)}, None
    said = " ".join(unread)
    kept = [cond for f in got.filters if (cond := checked(vocab, f.column, f.op, f.value, said, message)) is not None]
    got_sort = getattr(got, "sort", None)
    # a sort only for a superlative the user wrote: never one the brain imagined
    sort = SortHint(got_sort.column, got_sort.order == "highest", said) \
        if got_sort is not None and _superlative(unread, vocab) else None
    step = {"tool": "brain_read", "input": {"words": unread},
            "output": "; ".join(f"{f.column} {f.op} {f.value}" for f in got.filters)
            + (f"; sort {sort.column} {'desc' if sort.descending else 'asc'}" if sort else "") + f" → kept {len(kept)}",
            "candidates": None, "error": None, "ms": round((time.perf_counter() - t) * 1000, 1)}
    return kept, step, sort


def _superlative(words: list[str], vocab) -> bool:
    """Do the unread words hold a superlative ("strongest", "most fuel efficient", "best paid")?"""
    return any(vocab.lexicon.superlative(x) or x in ("most", "least", "top") for x in " ".join(words).lower().split())
