"""A member of a numbered sequence said by its place: "the third series", "episodes from the 2nd
season", "the first or the last series", "the final season" — on a whole-number column of small
consecutive values (a series, a season, an episode, a round) that the word after the place names.
"Last", "final" and "latest" are the largest value the catalog holds.
"""

from __future__ import annotations

from convrec.nlu.columns import columns_named, dated_column
from convrec.nlu.intent import Condition
from convrec.nlu.ranks import NTH
from convrec.nlu.reading import Parse, Span
from convrec.nlu.vocab import Vocabulary

_LAST = ("last", "final", "latest")


def _sequence_column(p: Parse, vocab: Vocabulary, k: int) -> tuple[str | None, int]:
    """The numbered-sequence column the unclaimed words at ``k`` name (one or two words), and their end."""
    w = p.words
    for e in (k + 2, k + 1):
        if e > len(w) or any(p.claimed[j] or not w[j].isalpha() or w[j] in ("most", "least")
                             or vocab.lexicon.superlative(w[j]) for j in range(k, e)):
            continue  # "the second highest site": an order, not the second site
        cols = [c for c in columns_named(w[k:e], vocab, by_name_only=True)
                if vocab.columns[c].type == "integer" and vocab.columns[c].role not in ("id", "time", "price")
                and vocab.columns[c].min is not None and 0 <= float(vocab.columns[c].min) <= 1
                and vocab.columns[c].max is not None and 2 <= float(vocab.columns[c].max) <= 500]
        if len(cols) > 1:  # "episode": `episode`, not `episode_count`
            cols = [c for c in cols if (vocab.columns[c].label or c) == " ".join(w[k:e])] or cols
        if len(cols) == 1:
            return cols[0], e
    return None, k


def _place_at(vocab: Vocabulary, x: str, raw: str = "") -> int | str | None:
    raw = raw.lower()
    if raw and raw != x and (raw in vocab.lexicon.ordinal_words or NTH.match(raw)):
        x = raw  # "third", read as the number 3: said as a place
    elif x.isdigit():
        return None  # "the 3 series" is a count, not the third
    m = NTH.match(x)
    if m:
        return int(m.group(1))
    if x in _LAST:
        return "last"
    return vocab.lexicon.ordinal_words.get(x)


def _first_few(p: Parse, vocab: Vocabulary) -> None:
    """"the first five seasons", "the last 3 series": the first or last N values of a numbered sequence
    (season ≤ 5; series ≥ the largest − 2)."""
    from convrec.nlu.reading import num

    w = p.words
    for k in range(len(w) - 2):
        if p.claimed[k] or p.claimed[k + 1] or w[k] not in ("first", "last", "final", "latest"):
            continue
        n = num(w[k + 1]) if num(w[k + 1]) is not None else vocab.lexicon.number_words.get(w[k + 1]) \
            if hasattr(vocab.lexicon, "number_words") else None
        if n is None or not float(n).is_integer() or not 2 <= n <= 100:
            continue
        col, e = _sequence_column(p, vocab, k + 2)
        if col is None:
            continue
        top = int(float(vocab.columns[col].max))
        low = float(vocab.columns[col].min)
        text = " ".join(t.raw for t in p.toks[k:e])
        if w[k] == "first":
            p.numbers.append((Span(k, e), Condition(col, "<=", low + n - 1, text, vocab.columns[col].role)))
        else:
            p.numbers.append((Span(k, e), Condition(col, ">=", top - n + 1, text, vocab.columns[col].role)))
        p.claim(k, e)


def _nth_in_time(p: Parse, vocab: Vocabulary) -> None:
    """"what was the 2nd stop of season 9", "the third audition in 2010": a place said of items no
    column numbers, within a group — the Nth of that group by its date (or year)."""
    from convrec.catalog.text import noun_plural
    from convrec.nlu.intent import SortHint

    time_col = vocab.first("time")
    if not time_col or p.sort:
        return
    w = p.words
    for k in range(len(w) - 2):
        place = _place_at(vocab, w[k], p.toks[k].raw)
        if p.claimed[k] or not isinstance(place, int) or not 1 <= place <= 50 or p.claimed[k + 1] \
                or w[k + 2] not in ("of", "in") or not w[k + 1].isalpha():
            continue
        noun = w[k + 1]
        if noun not in (vocab.domain, noun_plural(vocab.domain)) and (columns_named([noun], vocab, by_name_only=True)
                                                                      or vocab.lookup(noun) or noun in vocab.lexicon.stop):
            continue  # "the 3rd season": a column's own sequence (read above)
        a = k - (k > 0 and w[k - 1] == "the")
        p.sort.append(SortHint(dated_column(vocab, time_col), False, " ".join(t.raw for t in p.toks[a:k + 2])))
        p.offset, p.k = place - 1, 1
        p.claim(a, k + 2)
        return


def read_sequence_places(p: Parse, vocab: Vocabulary) -> None:
    _first_few(p, vocab)
    w = p.words
    k = 0
    while k < len(w):
        if p.claimed[k] or _place_at(vocab, w[k], p.toks[k].raw) is None:
            k += 1
            continue
        places = [(k, _place_at(vocab, w[k], p.toks[k].raw))]  # "the first or the last series": places joined by "or"
        j = k + 1
        while j + 1 < len(w) and w[j] in ("or", "and", ",") and not p.claimed[j]:
            t = j + 1 + (w[j + 1] == "the")
            if t < len(w) and not p.claimed[t] and _place_at(vocab, w[t], p.toks[t].raw) is not None:
                places.append((t, _place_at(vocab, w[t], p.toks[t].raw)))
                j = t + 1
            else:
                break
        col, e = _sequence_column(p, vocab, j)
        if col is None:
            k += 1
            continue
        top = int(float(vocab.columns[col].max))
        neg = p.negated(k)
        for n, (at, place) in enumerate(places):
            v = float(top if place == "last" else place)
            if v > top:
                continue
            end = e if n == len(places) - 1 else at + 1
            p.numbers.append((Span(at, end), Condition(col, "!=" if neg else "=", v, " ".join(t.raw for t in p.toks[at:end]), vocab.columns[col].role)))
        p.claim(k, e)
        k = e
    _nth_in_time(p, vocab)
