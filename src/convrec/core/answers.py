"""Answers written from the catalog, not by the model: facts about one item, counts, what the
catalog holds, greetings; and the parts of a recommendation reply that must be exact (the
titles, the conditions met, what to relax when nothing matches)."""

from __future__ import annotations

import re
from typing import Any, Callable, Sequence

from convrec.nlu import CapabilityCard, RequestIntent, Vocabulary
from convrec.nlu.intent import number_runs
from convrec.nlu.codes import code_name
from convrec.catalog.text import noun_plural, unit_word

SHOW_ROLES = ("time", "category", "price", "creator", "rating")


def _fmt(v: Any) -> str:
    if isinstance(v, list):
        return ", ".join(map(str, v))
    if isinstance(v, float):
        return _num(v)
    return str(v)


def _num(x: float) -> str:
    """A number as people read it: "1,000,000", not "1e+06"; "0.25" and "2.5" as they are."""
    return f"{x:,.0f}" if abs(x) >= 1e5 and float(x).is_integer() else f"{x:g}"


def _join(vals: Sequence[str]) -> str:
    vals = [str(v) for v in vals]
    if len(vals) <= 1:
        return "".join(vals)
    return ", ".join(vals[:-1]) + " and " + vals[-1]


def plural(vocab: Vocabulary) -> str:
    from convrec.catalog.text import noun_plural

    return noun_plural(vocab.domain)


# ---------------------------------------------------------------------- facts and counts
def fact_sql(intent: RequestIntent, vocab: Vocabulary) -> str | None:
    """One read-only SELECT for the columns asked about one item (what the look-up tool runs)."""
    if not intent.asked or not intent.fact_columns:
        return None
    iid = intent.asked[0].replace("'", "''")
    cols = [c for c in intent.fact_columns if c in vocab.columns]
    scalar = [c for c in cols if vocab.columns[c].type != "list"]
    lists = [c for c in cols if vocab.columns[c].type == "list"]
    sel = ", ".join(["title"] + [f'"{c}"' for c in scalar])
    parts = [f"SELECT {sel} FROM items WHERE item_id = '{iid}'"]
    for c in lists:
        parts.append(f"SELECT '{c}', group_concat(value, ', ') FROM \"item_{c}\" WHERE item_id = '{iid}'")
    return " ; ".join(parts)


def answer_fact(intent: RequestIntent, vocab: Vocabulary, iid: str | None = None) -> str:
    iid = iid or intent.asked[0]
    title = vocab.item_value(iid, "title")
    year_col = vocab.first("time")
    year = vocab.item_value(iid, year_col) if year_col else None
    name = f"{title} ({year})" if year and year_col not in intent.fact_columns else str(title)
    parts = []
    said: set[str] = set()
    for c in intent.fact_columns:
        info = vocab.columns.get(c)
        if info is None or (info.label or c) in said:
            continue  # "course_num" and "course_numeric" are both the course number: once
        said.add(info.label or c)
        v = vocab.item_value(iid, c)
        label = info.label or c.replace("_", " ")
        if v in (None, [], ""):
            if len(intent.fact_columns) > 3:
                continue  # a look-up of everything known: an empty field is not news ("no RER connection")
            parts.append(f"its {label} is not in my catalog")
        elif info.role == "time":
            parts.append(f"its {label} is {_fmt(v)}")
        elif info.role == "price":
            parts.append("it is free" if float(v) == 0 else f"it costs ${float(v):.2f}")
        elif isinstance(v, list):
            parts.append(f"its {label}: {_join(v)}")
        elif isinstance(v, bool):
            parts.append(f"it is {'' if v else 'not '}{label}")
        else:
            parts.append(f"its {label} is {_measured(vocab, c, v)}")
    if not parts:
        return f"I know {name}, but my catalog has no answer to that."
    return f"{name}: " + "; ".join(parts) + "."


_MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")


def _calendar_month(info, v: Any) -> bool:
    """Is ``v`` a month of the year: of an integer column of 1–12 whose label ends "month"?"""
    try:
        x = float(v)
    except (TypeError, ValueError):
        return False
    return info.type == "integer" and info.unit in ("", "month") and (info.label or "").split()[-1:] == ["month"] \
        and info.min is not None and 1 <= float(info.min) and float(info.max or 99) <= 12 and x.is_integer() and 1 <= x <= 12


def _measured(vocab: Vocabulary, col: str, v: Any) -> str:
    """A value as a reply says it: with its column's unit ("1627 MPa", "3 hours") and a code's
    name ("F (female)"); money and prices are said by their callers."""
    info = vocab.columns[col]
    unit = info.shown_unit if info.unit not in ("", "$") and info.role != "price" else ""
    named = code_name(vocab, col, v) if isinstance(v, str) else None
    if _calendar_month(info, v):
        return _fmt(v) + f" ({_MONTHS[int(float(v)) - 1]})"  # a month of the year, said by its name too
    return _fmt(v) + (f" {unit_word(unit, v)}" if unit and unit != "%" else unit) + (f" ({named})" if named else "")


def describe_conditions(conditions: Sequence, vocab: Vocabulary) -> str:
    """"Comedy, not Horror, year ≥ 1990, price ≤ $10" from conditions (intent or tool ones)."""
    out = []
    nums: dict[str, list] = {}
    def label(col: str) -> str:
        info = vocab.columns.get(col)
        return (info.label if info is not None and info.label else col.replace("_", " "))

    def unit(col: str, v=None) -> str:
        info = vocab.columns.get(col)
        u = info.shown_unit if info is not None and info.role != "price" else ""
        return "" if u in ("", "$") else ("%" if u == "%" else f" {unit_word(u, v)}")

    for c in conditions:
        info = vocab.columns.get(c.column)
        if c.op == "outside":  # "price under $5000 or over $50000"
            lo, hi = (float(x) for x in c.value)
            money = info is not None and info.role == "price"
            f = (lambda x: f"${_num(x)}") if money else (lambda x: f"{_num(x)}{unit(c.column, x)}")
            out.append(f"{label(c.column)} under {f(lo)} or over {f(hi)}")
            continue
        if c.op == "any_true":
            out.append(" or ".join(label(str(x)) for x in (c.value if isinstance(c.value, (list, tuple)) else [c.value])))
            continue
        if c.op == "any_of":  # "sulfur over 3 or nitrogen over 6"
            vals = list(c.value)
            word = {">": "over", ">=": "at least", "<": "under", "<=": "at most", "=": "=", "!=": "≠"}
            out.append(" or ".join(f"{label(str(vals[k]))} {word.get(str(vals[k + 1]), vals[k + 1])} "
                                   f"{_num(float(vals[k + 2]))}{unit(str(vals[k]), vals[k + 2])}" for k in range(0, len(vals) - 2, 3)))
            continue
        if c.op in ("missing", "present"):  # "no age listed", "with a business associate"
            out.append(f"no {label(c.column)} listed" if c.op == "missing" else f"{label(c.column)} listed")
            continue
        if isinstance(c.value, bool) or (info is not None and info.type == "boolean"):
            yes = str(c.value).lower() in ("true", "1", "yes") and c.op == "="
            out.append(label(c.column) if yes else f"not {label(c.column)}")
            continue
        if c.op in ("matches", "not_matches"):
            vals = list(c.value) if isinstance(c.value, (list, tuple)) else [c.value]
            said = " or ".join(f"“{str(x).lstrip('*')}”" for x in vals)  # "*amine": a part of a word
            out.append(said if c.op == "matches" else f"not {said}")
            continue
        if c.op in ("<", "<=", ">", ">=", "=", "!=") and not isinstance(c.value, (list, tuple)):
            nums.setdefault(c.column, []).append(c)
            continue
        vals = list(c.value) if isinstance(c.value, (list, tuple)) else [c.value]
        if info is not None and info.type in ("integer", "real"):
            out.append(f"{label(c.column)} " + ("" if c.op == "in" else "not ") + number_runs(vals) + unit(c.column))
            continue
        vals = [_fmt(x) if isinstance(x, float) else x for x in vals]
        said = getattr(c, "text", "") or ""
        if len(vals) > 2 and said and c.op in ("in", "not_in"):  # "suvs", not four class names
            out.append(("" if c.op == "in" else "not ") + f"{said} ({len(vals)} {label(c.column)} values)")
            continue
        if len(vals) == 1 and isinstance(vals[0], str) and 1 <= len(vals[0]) <= 3 and vals[0].isupper() \
                and said and said.replace(" ", "").isalpha() and len(said) > len(vals[0]) + 1:
            vals = [f"{said} ({vals[0]})"]  # a code read from the words said: "left (L)", "europe (E)"
        if c.op in ("contains", "in"):
            out.append(" or ".join(map(str, vals)))
        else:
            out.append("not " + " or ".join(map(str, vals)))
    for col, cs in nums.items():
        role = vocab.columns[col].role if col in vocab.columns else ""
        lo = [c for c in cs if c.op in (">", ">=")]
        hi = [c for c in cs if c.op in ("<", "<=")]
        eq = [c for c in cs if c.op in ("=", "!=")]

        def v(c):
            x = float(c.value)
            return (f"${_num(x)}" if role == "price" else f"{_num(x)}{unit(col, x)}")
        name = label(col)
        if lo and hi and lo[0].op == ">=" and hi[0].op == "<=":
            out.append(f"{name} {v(lo[0])}–{v(hi[0])}")
        else:
            for c in lo + hi:
                if role == "price" and c.op == "<=" and float(c.value) == 0:
                    out.append("free")
                    continue
                word = {">": "after" if role == "time" else "over", ">=": "from" if role == "time" else "at least",
                        "<": "before" if role == "time" else "under", "<=": "until" if role == "time" else "at most"}[c.op]
                out.append(f"{name} {word} {v(c)}")
        for c in eq:
            out.append(f"{name} {'=' if c.op == '=' else '≠'} {v(c)}")
    return ", ".join(out)


def answer_count(n: int, conditions: Sequence, vocab: Vocabulary, units: tuple[str, int] | None = None) -> str:
    """"My catalog has 3 items matching …" — and where each row counts several things (a `quantity`),
    their sum: "(7 in all by quantity)"."""
    what = describe_conditions(conditions, vocab)
    out = f"My catalog has {n:,} {plural(vocab) if n != 1 else vocab.domain}" + (f" matching {what}" if what else "")
    if units and units[1] != n:
        c = vocab.columns.get(units[0])
        out += f" ({units[1]:,} in all by {(c.label if c else '') or units[0]})"
    return out + "."


def answer_groups(rows: Sequence, intent: RequestIntent, vocab: Vocabulary) -> str:
    """"November has the most samples: 25 (then October 21, December 17)."""
    c = vocab.columns.get(intent.group_by)
    label = (c.label if c else "") or intent.group_by.replace("_", " ")
    what = describe_conditions(intent.conditions, vocab)
    scope = f" matching {what}" if what else ""
    if intent.group_distinct:  # "how many different counties": 73 different counties
        n = int(rows[0][0]) if rows else 0
        ws = label.split()
        k = next((i for i, x in enumerate(ws) if x in ("of", "in", "for") and i > 0), len(ws)) - 1  # "countries of origin"
        many = " ".join(ws[:k] + [noun_plural(ws[k])] + ws[k + 1:]) if ws else label
        return f"{n:,} different {many if n != 1 else label} among the {plural(vocab)}{scope} in my catalog."
    if not rows:
        return f"No {plural(vocab)}{scope} in my catalog, so no {label} has any."
    (v, n), rest = rows[0], rows[1:4]
    tie = [r for r in rows[1:] if r[1] == n]
    head = f"{_fmt(v)}" + (" and " + ", ".join(_fmt(r[0]) for r in tie) if tie else "")
    way = "fewest" if intent.group_fewest else "most"
    out = f"{head} {'have' if tie else 'has'} the {way} {plural(vocab)}{scope}: {n:,}"
    others = [r for r in rest if r[1] != n]
    if others:
        out += " (then " + ", ".join(f"{_fmt(r[0])} {r[1]:,}" for r in others) + ")"
    return out + f" — counted by {label}."


def answer_catalog(intent: RequestIntent, card: CapabilityCard, vocab: Vocabulary) -> str:
    w = intent.message.lower()
    # "how many patients had a recurrence or died": words no column or value holds are said back, so the
    # catalog's size is not taken for the count asked
    note = unused_note(intent.unmatched)
    if note and any(x in w for x in ("how many", "number of")):
        size = card.size_text()
        return f"I can't count that. {note} In all, {size[0].lower()}{size[1:]} " + card.scope_text().split(". ", 1)[-1]
    if any(x in w for x in ("how many", "how big", "how large", "size", "number of", "total")):
        return card.size_text() + " " + card.scope_text().split(". ", 1)[-1]
    return card.scope_text() + (" " + note if note else "")


def answer_chitchat(intent: RequestIntent, card: CapabilityCard, vocab: Vocabulary,
                    generate: Callable[[str], str] | None) -> tuple[str, bool]:
    """(reply, used the LLM). Greetings, thanks, goodbyes and "who are you" come from the card;
    other small talk goes to the LLM with the card, and falls back to the card's greeting."""
    lex = vocab.lexicon
    from convrec.catalog.text import tokenize

    words = [t.w for t in tokenize(intent.message) if not t.punct]
    if lex.thanks.match_at(words, 0) and len(words) <= 6:
        return f"You're welcome! Ask me any time for more {card.plural}.", False
    if lex.bye.match_at(words, 0) and len(words) <= 5:
        return "Goodbye — enjoy!", False
    if lex.greeting.contains(words) or lex.identity.contains(words) or len(words) <= 2 or generate is None:
        return card.greeting_text(), False
    text = generate(intent.message)
    bad = ("don't have a catalog", "do not have a catalog", "as an ai", "language model", "i cannot recommend",
           "i can't recommend", "no access")
    if not text or any(b in text.lower() for b in bad):
        return card.greeting_text(), True
    if invented_numbers(text, intent.message + " " + card.scope_text() + " " + card.greeting_text()):
        return card.greeting_text(), True  # a number the catalog did not give (a made-up price): not said
    return text, True


_NUMBER_IN_TEXT = re.compile(r"\d+(?:[.,]\d+)*")


def invented_numbers(text: str, sources: str) -> list[str]:
    """Numbers a model wrote that neither the user nor the catalog's own text gave it."""
    have = {x.replace(",", "") for x in _NUMBER_IN_TEXT.findall(sources)}
    return [x for x in _NUMBER_IN_TEXT.findall(text) if x.replace(",", "") not in have and x not in ("1",)]


# ---------------------------------------------------------------------- items
def item_view(it: dict[str, Any], vocab: Vocabulary, conditions: Sequence = ()) -> dict[str, Any]:
    """What an interface shows of an item: id, title and its time / category / price / creator
    / rating columns (by role, so any catalog shows its own). A list shows up to 4 values, the
    ones the request asked for first (a comedy the user asked for shows "Comedy" even when it
    is its fifth genre)."""
    out = {"id": it["item_id"], "title": it["title"]}
    for role in SHOW_ROLES:
        for col in vocab.role(role)[:2 if role == "category" else 1]:
            v = it.get(col)
            if isinstance(v, list):
                if v:
                    asked = {str(x).lower() for c in conditions if getattr(c, "column", None) == col
                             and getattr(c, "op", None) in ("contains", "in")
                             for x in (c.value if isinstance(c.value, (list, tuple)) else [c.value])}
                    first = [x for x in v if str(x).lower() in asked]
                    out[col] = (first + [x for x in v if x not in first])[:max(4, len(first))]
            elif v is not None and v != "" and v == v:
                out[col] = v
    return out


def facets_line(it: dict[str, Any], conditions: Sequence, vocab: Vocabulary) -> str:
    """The item's card in a line: the stated values it has first, then its other attributes."""
    matched: list[str] = []
    for c in conditions:
        if c.op in ("contains", "in"):
            vals = list(c.value) if isinstance(c.value, (list, tuple)) else [c.value]
            v = vocab.item_value(it["id"], c.column)
            v = v if isinstance(v, list) else [v]
            have = {str(y).lower() for y in v}
            matched += [str(x) for x in vals if str(x).lower() in have and str(x).lower() not in {m.lower() for m in matched}]
    attrs: list[str] = []
    for k, v in it.items():
        if k in ("id", "title", "reasons") or k not in vocab.columns:
            continue
        role = vocab.columns[k].role
        if role == "time":
            continue
        if role == "price":
            attrs.append("free" if float(v) == 0 else f"${float(v):.2f}")
        elif isinstance(v, list):
            rest = [str(x) for x in v if str(x) not in matched]
            attrs.append(", ".join(matched + rest[:max(1, 3 - len(matched))]) if matched and k == next(
                (c.column for c in conditions if c.op in ("contains", "in")), None) else ", ".join(map(str, v[:3])))
        else:
            attrs.append(_fmt(v))
    if matched and not any(m in a for a in attrs for m in matched):
        attrs.insert(0, ", ".join(dict.fromkeys(matched)))
    return "; ".join(attrs[:4])


DETAIL_ROLES = ("text", "date", "price", "rating", "count", "category", "creator", "flag", "other", "time")


def details_line(iid: str, vocab: Vocabulary, skip: set = frozenset(), most: int = 16) -> str:
    """An item's recorded values in a line ("sale price $246,900; lot size 0.3 acres; …"): the
    columns a person reads as facts (not its title, ids, links, long texts or tags), each once."""
    out, said = [], set()
    for c, info in vocab.columns.items():
        if c in skip or c == "popularity" or info.role not in DETAIL_ROLES or (info.label or c) in said:
            continue
        v = vocab.item_value(iid, c)
        if v in (None, "", []) or (isinstance(v, float) and v != v):
            continue
        if isinstance(v, str) and len(v) > 60:
            continue
        said.add(info.label or c)
        label = info.label or c.replace("_", " ")
        if info.role == "price" and isinstance(v, (int, float)) and not isinstance(v, bool):
            text = f"${float(v):,.2f}"
        elif isinstance(v, list):
            text = _join([str(x) for x in v[:4]])
        elif isinstance(v, bool):
            text = "yes" if v else "no"
        else:
            text = _measured(vocab, c, v)
        out.append(f"{label} {text}")
        if len(out) >= most:
            break
    return "; ".join(out)


def list_reply(intro: str, items: Sequence[dict], conditions: Sequence, seeds: Sequence[str], vocab: Vocabulary,
               sort: Sequence = ()) -> str:
    """The list: one line per item (title, year, card), and under it the item's reasons (the
    evidence :mod:`convrec.tools.reasons` computed, at most two). ``sort``: the orders asked
    (each item's value of the first is shown: the evidence of its place)."""
    time_col = vocab.first("time")
    by = next((h.column for h in sort if h.column in vocab.columns and h.column != time_col), None)
    lines = []
    for n, it in enumerate(items, 1):
        year = f" ({it[time_col]})" if time_col and it.get(time_col) not in (None, "") else ""
        card = facets_line(it, conditions, vocab)
        v = vocab.item_value(it["id"], by) if by and by not in it else None
        if v is not None and v == v and v != "":
            c = vocab.columns[by]
            card = f"{c.label or by} {_fmt(v)}" + (f" {c.shown_unit}" if c.shown_unit and c.unit not in ("$", "%") else c.unit if c.unit == "%" else "") \
                + (f"; {card}" if card else "")
        lines.append(f"{n}. {it['title']}{year}" + (f" — {card}" if card else ""))
        if len(items) == 1 and not seeds:  # the one match: what the catalog records of it, in full
            more = details_line(it["id"], vocab, skip={time_col} if year else set())
            if more:
                lines.append("   details: " + more)
        why = [r["text"] for r in (it.get("reasons") or [])[:2]]
        if it.get("phrased"):  # the LLM's sentence, checked against this item's evidence
            lines.append("   why: " + it["phrased"])
        elif why:
            lines.append("   why: " + "; ".join(why))
    return (intro.strip() + "\n" if intro.strip() else "") + "\n".join(lines)


def template_intro(intent: RequestIntent, n: int, asked: int, conditions: Sequence, seeds: Sequence[str],
                   vocab: Vocabulary) -> str:
    what = describe_conditions(conditions, vocab)
    p = plural(vocab) if n != 1 else vocab.domain
    if intent.kind == "choice":
        return "Of those, here is my order, best first:"
    base = f"{n} {p}" + (f" ({what})" if what else "")
    if seeds:
        base += f" for someone who likes {_join(seeds[:3])}"
    sort = [h for h in intent.sort if h.column in vocab.columns]
    if sort:  # "who earns the most?": the order it was asked in, said
        h = sort[0]
        place = f"number {intent.offset + 1} " if intent.offset else ""
        base += f", {place}by {vocab.columns[h.column].label or h.column} ({'highest' if h.descending else 'lowest'} first)"
    if n < asked:
        return f"Only {n} {p} match{'es' if n == 1 else ''}" + (f" {what}" if what else "") + ":"
    return f"Here {'is' if n == 1 else 'are'} {base}:"


def no_items_reply(intent: RequestIntent, conditions: Sequence, vocab: Vocabulary, hint: str, failure: str | None) -> str:
    what = describe_conditions(conditions, vocab)
    if what:
        return (f"I found no {plural(vocab)} in my catalog matching {what}. " + (hint + " " if hint else "")
                + "Try relaxing one of these conditions.").strip()
    if failure:
        return f"I couldn't find matching {plural(vocab)}: {failure}"
    return f"I couldn't find matching {plural(vocab)}. Could you tell me more about what you like?"


def unused_note(unmatched: Sequence[str], soft_text: str = "") -> str:
    """Words of the request nothing grounded, said back: the ones a ranking step used as a soft
    preference, and the ones nothing used at all (the user must not believe they were applied)."""
    words = [u for u in dict.fromkeys(unmatched) if u.strip()]
    if not words:
        return ""
    low = soft_text.lower()
    soft = [u for u in words if low and u.lower() in low and not any(ch.isdigit() for ch in u)]
    unused = [u for u in words if u not in soft]
    q = lambda xs: ", ".join(f"“{x}”" for x in xs)  # noqa: E731
    parts = []
    if soft:
        parts.append(f"I read {q(soft)} as a preference, not a condition: the list is ordered by how close each "
                     f"item's own text (title, facets, tags) comes to it.")
    if unused:
        parts.append(f"I could not use {q(unused)}: nothing in this catalog matches "
                     + ("it" if len(unused) == 1 else "them") + ".")
    return " ".join(parts)



ABSENT_WORDS = {"director": "director", "cast": "cast", "author": "author", "rating": "rating", "price": "price",
                "length": "length or running time", "language": "language", "awards": "awards"}


def absent_note(absent: Sequence[Sequence[str]], plural_noun: str = "items") -> str:
    """What the request named that this catalog does not record, said back ("This catalog has no
    director information, so I could not use “directed by Nolan”.")."""
    if not absent:
        return ""
    what = list(dict.fromkeys(ABSENT_WORDS.get(a, a) for a, _ in absent))
    said = ", ".join(f"“{s}”" for _, s in absent)
    info = " or ".join(what)
    return f"This catalog has no {info} information for its {plural_noun}, so I could not use {said}."


# ---------------------------------------------------------------------- links
IMAGE_HINTS = ("image", "img", "cover", "poster", "thumbnail", "thumb", "picture", "photo")
IMAGE_EXT = (".jpg", ".jpeg", ".png", ".gif", ".webp")
ID_LINKS: tuple[tuple[str, Callable[[str], str | None]], ...] = (
    # well-known public id schemes a link column may hold (named by the column's words, like the
    # role hints at prepare time); a value that is already a URL is used as it is
    ("imdb", lambda v: f"https://www.imdb.com/title/{v}/" if v.startswith("tt") else
     (f"https://www.imdb.com/title/tt{int(v):07d}/" if v.isdigit() else None)),
    ("tmdb", lambda v: f"https://www.themoviedb.org/movie/{int(v)}" if v.isdigit() else None),
    ("isbn", lambda v: f"https://openlibrary.org/isbn/{v}" if v.replace("-", "").upper().rstrip("X").isdigit() else None),
    ("asin", lambda v: f"https://www.amazon.com/dp/{v}" if v.isalnum() and len(v) == 10 else None),
)


def _link_text(v: Any) -> str:
    if isinstance(v, float) and v.is_integer():
        v = int(v)
    return str(v).strip()


def item_links(item_id: str, vocab: Vocabulary) -> dict[str, str]:
    """Where a person can look the item up, from the catalog's own link columns (role ``link``):
    ``link`` — a page (a URL the catalog holds, or one made from a public id such as an IMDb or
    ISBN number) — and ``image`` only when the catalog itself holds an image URL. Empty when the
    catalog has no such column; nothing is looked up or guessed beyond the catalog's values."""
    out: dict[str, str] = {}
    for col in vocab.role("link"):
        v = vocab.item_value(item_id, col)
        if v is None or isinstance(v, list):
            continue
        v = _link_text(v)
        if not v:
            continue
        name = col.lower()
        if v.startswith(("http://", "https://")):
            is_image = any(h in name for h in IMAGE_HINTS) or v.lower().split("?")[0].endswith(IMAGE_EXT)
            key = "image" if is_image else "link"
            if "nophoto" in v.lower():  # a catalog's placeholder picture says nothing about the item
                continue
            out.setdefault(key, v)
            continue
        for hint, make in ID_LINKS:
            if hint in name and "link" not in out:
                try:
                    url = make(v)
                except ValueError:
                    url = None
                if url:
                    out["link"] = url
    return out
