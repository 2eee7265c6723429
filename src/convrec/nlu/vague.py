"""Vague amounts and orders said in words: "cheap", "free", "recent", "old", "top rated",
"popular", "the cheapest" — a condition or an order on the column of that role."""

from __future__ import annotations

from convrec.catalog.text import norm, noun_plural
from convrec.nlu.columns import columns_named, dated_column, money_column, said_member
from convrec.nlu.dimensions import _named_after, dimension_column, named_before
from convrec.nlu.intent import Condition, SortHint
from convrec.nlu.reading import DOMAIN_NOUNS, GENERIC_NOUNS, Parse, Span
from convrec.nlu.vocab import Vocabulary


def _cheap_max(vocab: Vocabulary, price: str) -> float:
    """What "cheap" means in this catalog: the lexicon's amount ($10) where a quarter of the catalog
    costs that or less, else the price a quarter of it stays under (diamonds are not cheap at $10)."""
    got = vocab.__dict__.setdefault("_cheap_max", {})
    if price not in got:
        import math

        import pandas as pd

        x = pd.to_numeric(vocab.items[price], errors="coerce").dropna() if price in vocab.items else pd.Series([], dtype=float)
        q = float(x.quantile(0.25)) if len(x) else 0.0
        thr = vocab.lexicon.cheap_max
        if q > thr:
            step = 10 ** max(0, int(math.floor(math.log10(q))))
            thr = float(math.ceil(q / step) * step)
        got[price] = thr
    return got[price]


def read_vague(p: Parse, vocab: Vocabulary) -> None:
    lex, w = vocab.lexicon, p.words
    price, time_col = said_member(vocab, vocab.first("price"), w), vocab.first("time")
    rating, count = vocab.first("rating"), vocab.first("count")
    for name, phrases in lex.vague.items():
        for a, b in phrases.find(w):
            if not p.free(a, b):
                continue
            text = " ".join(w[a:b])
            if b < len(w) and w[b] in ("than", "as") and a > 0 and w[a - 1] in ("more", "less", "as", "much"):
                continue  # "more popular than X": a comparison with that item (compared.py), no order
            if any(h.role == "flag" for h in vocab.lookup(text)):
                continue  # "premium" where a yes/no column is called that: the column, not a price
            if (p.toks[a].capitalised or (a > 0 and w[a - 1] in ("by", "from"))) \
                    and any(h.role in ("category", "creator") and norm(h.value) == text for h in vocab.lookup(text)):
                continue  # "published by Vintage": the publisher of that name, not an old one
            neg = p.negated(a)
            named = _time_named(vocab, w, b) if name in ("recent", "old") else None
            if named and not neg and w[a] in ("earliest", "oldest", "first", "latest", "newest", "recent"):
                # "the earliest conviction", "latest exoneration": by the time column the next word names
                p.sort.append(SortHint(named, name == "recent", text + " " + w[b]))
                p.k = 1 if p.k is None and not w[b].endswith("s") else p.k
                p.claim(a - (a > 0 and w[a - 1] == "most"), b + 1)
                continue
            if name == "free" and price:
                if w[a] == "free" and b < len(w) and w[b] in ("to", "time", "weekend", "trial"):
                    continue
                p.numbers.append((Span(a, b), Condition(price, ">" if neg else "<=", 0.0, text, "price")))
            elif name == "not_free" and price:
                p.numbers.append((Span(a, b), Condition(price, ">", 0.0, text, "price")))
            elif name == "cheap" and price and any(c.column == price for _, c in p.numbers):
                pass  # "budget 6k", "cheap, under $20": the number says how cheap
            elif name == "cheap" and price:
                p.numbers.append((Span(a, b), Condition(price, "<=", _cheap_max(vocab, price), text, "price")))
            elif name == "recent" and time_col and not neg and a > 0 and w[a - 1] == "most":
                p.sort.append(SortHint(dated_column(vocab, time_col), True, "most " + text))
                if b < len(w) and w[b] in (vocab.domain, "one") and p.k is None:
                    p.k = 1
                a -= 1
            elif name == "recent" and time_col and not neg:
                hi = vocab.columns[time_col].max
                if hi is None:
                    continue
                if w[a] in ("new", "newer") and not (b < len(w) and (w[b] in DOMAIN_NOUNS or w[b] in ("release", "releases"))):
                    continue  # "something new" = not seen before, not "recent"
                p.numbers.append((Span(a, b), Condition(time_col, ">=", float(hi - lex.recent_years), text, "time")))
            elif name == "old" and time_col:
                if a > 0 and w[a - 1] in ("year", "years", "month", "months", "yr", "yrs"):
                    continue  # "a 5 year old"
                aged = dimension_column(vocab, "age")
                if aged and vocab.columns[aged].role != "time" and w[a] in ("oldest", "older", "eldest", "elder"):
                    continue  # "the 3 oldest people" where an `age` column says it: the age, not the earliest year
                if any(c.column == time_col for _, c in p.numbers):
                    p.claim(a, b)  # "an old school strategy game from the 90s": the years say it; not oldest-first
                    continue
                items = (vocab.domain, noun_plural(vocab.domain))
                first = w[a] in ("oldest", "earliest", "first", "very") or w[a:b] == ["first", "ever"]
                if b < len(w) and not p.claimed[b] and w[b].isalpha() and w[b] not in lex.stop \
                        and w[b] not in DOMAIN_NOUNS and w[b] not in GENERIC_NOUNS and w[b] not in items \
                        and not (first and w[a] != "oldest"):
                    continue  # "old hollywood", "old timey": a style, read as a preference (not "the earliest physics laureate")
                if first:
                    p.sort.append(SortHint(dated_column(vocab, time_col), False, text))  # "the earliest audition": by its date
                    if b < len(w) and (w[b] in (vocab.domain, "one") or _singular_head(w, b, lex.stop)) and p.k is None:
                        p.k = 1  # "the very first audition", "the very first chemistry laureate": that one
                else:
                    p.sort.append(SortHint(time_col, False, text))
            elif name in ("top_rated", "popular"):
                said = [c for c in columns_named([x for x in w[a:b] if x not in ("most", "the", "best", "top")], vocab, by_name_only=True)
                        if vocab.columns[c].type in ("integer", "real") and vocab.columns[c].role != "id"]
                col = (said[0] if len(said) == 1 else None) or (rating if name == "top_rated" else None) or count or "popularity"
                if col == "popularity" and not vocab.has_interactions:
                    continue  # nobody's ratings or plays here: "hurricanes that hit texas" says no popularity
                p.sort.append(SortHint(col, True, text))
            elif name in ("cheapest", "priciest") and price:
                # of several prices, the one the message's words name ("the most expensive house that sold": the sale price)
                named = money_column(vocab, [x for k, x in enumerate(w) if not p.claimed[k]]) if len(vocab.role("price")) > 1 else None
                p.sort.append(SortHint(named or price, name == "priciest", text))
                if named:  # the word that chose it ("sold") is used up
                    own = {y for g in vocab.columns[named].words for y in g}
                    for k, x in enumerate(w):
                        if not p.claimed[k] and x in own:
                            p.claim(k, k + 1)
            elif name in ("cheapest", "priciest") and money_column(vocab, w[b:b + 3]):
                col = money_column(vocab, w[b:b + 3])  # "the cheapest electric bill": that bill's column
                p.sort.append(SortHint(col, name == "priciest", text))
                named = set(w[b:b + 3]) & {y for g in vocab.columns[col].words for y in g}
                while b < len(w) and w[b] in named:
                    b += 1
            elif name in ("cheapest", "priciest") and not money_column(vocab, w) and named_before(p, vocab, a, b)[0]:
                col, a = named_before(p, vocab, a, b)  # "when was world sugar at its cheapest": `sugar_world`, lowest first
                p.sort.append(SortHint(col, name == "priciest", text))
            elif name in ("cheapest", "priciest") and not price and not money_column(vocab, w) \
                    and (after := _named_after(p, vocab, b))[0]:
                p.sort.append(SortHint(after[0], name == "priciest", text))  # "the cheapest month for world sugar"
                p.claim(b, after[1])
            else:
                continue
            p.claim(a, b)


def _time_named(vocab: Vocabulary, w: list[str], b: int) -> str | None:
    """The time column the word at ``b`` names ("conviction" of `convicted`), where one does."""
    if b >= len(w) or not w[b].isalpha():
        return None
    named = [c for c in columns_named([w[b]], vocab, by_name_only=True) if vocab.columns[c].role == "time"]
    return named[0] if len(named) == 1 else None


def _singular_head(w: list[str], b: int, stop) -> bool:
    """Is the noun after a superlative one thing ("the first chemistry laureate", not "… laureates")?"""
    head = None
    for x in w[b:b + 4]:
        if not x.isalpha() or x in stop:
            break
        head = x
    return head is not None and not (head.endswith("s") and not head.endswith(("ss", "us", "is")))
