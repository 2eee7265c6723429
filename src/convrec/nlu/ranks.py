"""Places in a ranking, where 1 is best: "finished 2nd or better", "in the top 3 of their
division", "ranked 5th or worse", "in first place" — on the one number column of this catalog
that holds a rank (its words: rank, place, position, standing, finish, seed; lexicon data), with
whole values from 1. "Better" is a smaller number there; "the top 3" is a place of 3 or better,
not three items.
"""

from __future__ import annotations

import re

from convrec.catalog.text import norm, noun_plural
from convrec.nlu.intent import Condition
from convrec.nlu.reading import Parse, Span, num
from convrec.nlu.vocab import Vocabulary

NTH = re.compile(r"^(\d{1,3})(?:st|nd|rd|th)$")


def rank_columns(vocab: Vocabulary) -> list[str]:
    """The whole-number columns from 1 whose words say they hold a rank (`network_rank`, `channels_rank`)."""
    got = vocab.__dict__.get("_rank_columns")
    if got is None:
        words = set(vocab.lexicon.rank_words)
        got = [c.name for c in vocab.columns.values() if c.type == "integer" and c.role not in ("id", "time")
               and c.min is not None and float(c.min) >= 0 and float(c.min) <= 1
               and (words & set(norm(c.label or c.name).split()) or any(words & set(g) for g in c.words))]
        vocab.__dict__["_rank_columns"] = got
    return got


_PLACE_CUES = {"came", "placed", "finished", "finish", "winner", "winners", "won", "win", "wins", "placings", "result",
               "results", "worst", "best"}


def placing_columns(vocab: Vocabulary) -> list[str]:
    """Whole-number columns whose data is a placing, whatever their name (a contest's `technical`
    challenge, placed 1 … 13): values from 1, and each place held no more often than the one before it
    (every round has a 1st, fewer rounds a 12th)."""
    got = vocab.__dict__.get("_placing_columns")
    if got is None:
        got = []
        for c in vocab.columns.values():
            if c.type not in ("integer", "real") or c.role in ("id", "time", "date", "price") or c.name not in vocab.items \
                    or c.min is None or float(c.min) != 1 or c.max is None or not 3 <= float(c.max) <= 500:
                continue
            x = vocab.items[c.name].dropna()
            if len(x) < 20 or not (x == x.round()).all():
                continue
            counts = x.astype(int).value_counts()
            n = [int(counts.get(v, 0)) for v in range(1, int(c.max) + 1)]
            if n[0] >= 0.8 * max(n) and all(b <= 1.15 * a + 2 for a, b in zip(n, n[1:])):
                got.append(c.name)
        vocab.__dict__["_placing_columns"] = got
    return got


def placing_said(p: Parse, vocab: Vocabulary) -> str | None:
    """The one placing column (by its data) a request names with words of a placing ("came 2nd in the
    technical", "technical challenge winners", "the worst technical placings")."""
    if not _PLACE_CUES & set(p.words) and not any(NTH.match(x) for x in p.words):
        return None
    from convrec.nlu.columns import columns_named

    named = [c for c in columns_named(p.words, vocab, by_name_only=True) if c in placing_columns(vocab)]
    if len(named) > 1:  # "came 2nd in the technical in episode 5": the one said nearest the place
        w = p.words
        cues = [k for k, x in enumerate(w) if x in _PLACE_CUES or NTH.match(x)]
        dist = {c: min(abs(k - j) for k, x in enumerate(w) for g in vocab.columns[c].words if x in g for j in cues)
                for c in named if any(x in g for x in w for g in vocab.columns[c].words)}
        best = sorted(dist.items(), key=lambda kv: kv[1])
        named = [best[0][0]] if len(best) == 1 or (best and best[0][1] < best[1][1]) else named
    return named[0] if len(named) == 1 else None


def meant_rank(p: Parse, vocab: Vocabulary) -> str | None:
    """The rank column a request means: the only one, or of several the one whose other words it says
    ("number 1 across all channels": `channels_rank`, not `network_rank`); with none named a rank, a
    placing the request names."""
    cols = rank_columns(vocab)
    if not cols:
        return placing_said(p, vocab)
    if len(cols) <= 1:
        return cols[0] if cols else None
    words = set(vocab.lexicon.rank_words)
    said = set(p.words)
    hit = [c for c in cols if any(not set(g) & words and set(g) & said for g in vocab.columns[c].words)
           or (set(norm(vocab.columns[c].label or c).split()) - words) & said]  # "overall" of `overall_rank`
    return hit[0] if len(hit) == 1 else None


def _place(p: Parse, vocab: Vocabulary, k: int) -> int | None:
    x = p.words[k]
    m = NTH.match(x)
    if m:
        return int(m.group(1))
    return vocab.lexicon.ordinal_words.get(x)


def read_hashed_ranks(p: Parse, vocab: Vocabulary) -> None:
    """"the #1 school", "ranked #12" where the items are ranked: that place (read before titles,
    which would take "the #1 school" for an item called "school 1")."""
    col = meant_rank(p, vocab) if p.hashed else None
    if col is None:
        return
    lex, w = vocab.lexicon, p.words
    noun = {vocab.domain.lower(), noun_plural(vocab.domain.lower())}
    for k in sorted(p.hashed):
        if p.claimed[k] or num(w[k]) is None or not float(num(w[k])).is_integer() or not 1 <= num(w[k]) <= 1000 \
                or (k > 0 and w[k - 1] in noun):
            continue  # "school #40" names the item
        s = k - 1 if k > 0 and w[k - 1] in lex.rank_verbs and not p.claimed[k - 1] else k
        p.numbers.append((Span(s, k + 1), Condition(col, "!=" if p.negated(k) else "=", float(num(w[k])), "#" + w[k],
                                                    vocab.columns[col].role)))
        p.claim(s, k + 1)


def read_ranks(p: Parse, vocab: Vocabulary) -> None:
    col = meant_rank(p, vocab)
    if col is None:
        return
    lex, w = vocab.lexicon, p.words
    role = vocab.columns[col].role
    own = {y for g in vocab.columns[col].words for y in g}
    for k in range(len(w)):
        if p.claimed[k]:
            continue
        # "technical challenge winners", "who won the technical": first place
        if w[k] in ("winner", "winners", "won", "win", "wins") and any(x in own for x in w[max(0, k - 3):k + 4]):
            p.numbers.append((Span(k, k + 1), Condition(col, "!=" if p.negated(k) else "=", 1.0, w[k], role)))
            p.claim(k, k + 1)
            for j in range(max(0, k - 3), min(len(w), k + 4)):  # the placing's own words, and the one between
                if not p.claimed[j] and (w[j] in own or (j == k - 1 and j > 0 and w[j - 1] in own)):  # ("technical challenge winners")
                    p.claim(j, j + 1)
            continue
        # "were number 1 across all channels", "wasn't number one on the network", "#1": that place
        if w[k] in ("number", "no", "#") and k + 1 < len(w) and not p.claimed[k + 1] and k > 0 \
                and (w[k - 1] in lex.rank_verbs or w[k - 1] in ("is", "are", "be", "been", "at", "hit", "reached", "reach")
                     or p.negated(k)):
            n = num(w[k + 1]) if num(w[k + 1]) is not None else lex.number_words.get(w[k + 1])
            if n is not None and float(n).is_integer() and 1 <= n <= 1000:
                neg = p.negated(k)
                p.numbers.append((Span(k, k + 2), Condition(col, "!=" if neg else "=", float(n), " ".join(w[k:k + 2]), role)))
                p.claim(k, k + 2)
                for j in range(len(w)):  # the rank's other words ("channels", "network") are said with it
                    if not p.claimed[j] and any(w[j] in g for g in vocab.columns[col].words):
                        p.claim(j, j + 1)
                continue
        # "in the top 3", "finished top 5": a place of N or better
        after = k + 2 < len(w) and w[k + 2] in lex.rank_verbs and not p.claimed[k + 2]  # "the top 25 ranked schools"
        if w[k] == "top" and k + 1 < len(w) and num(w[k + 1]) is not None and not p.claimed[k + 1] \
                and (after or (k > 0 and w[k - 1] in ("the", "finished", "placed", "ranked", "in", "came"))
                     and any(x in lex.rank_verbs for x in w[max(0, k - 4):k])):
            n = int(num(w[k + 1]))
            s = k - 2 if k > 1 and w[k - 2] == "in" and w[k - 1] == "the" else k
            e = k + 3 if after else k + 2
            p.numbers.append((Span(s, e), Condition(col, "<=", float(n), " ".join(w[s:e]), role)))
            p.claim(s, e)
            continue
        n = _place(p, vocab, k)
        if n is None:
            continue
        e = k + 1 + (k + 1 < len(w) and w[k + 1] == "place")
        for op, ph in lex.ordinal_after.items():  # "2nd or better" (≤ 2), "5th or worse" (≥ 5)
            m = ph.match_at(w, e)
            if m:
                way = "<=" if op == ">=" else ">="  # better is a smaller place
                s = k - 1 if k > 0 and w[k - 1] in lex.rank_verbs and not p.claimed[k - 1] else k
                p.numbers.append((Span(s, e + m), Condition(col, way, float(n), " ".join(w[s:e + m]), role)))
                p.claim(s, e + m)
                break
        else:
            if e == k + 1 and e < len(w) and w[e] in lex.rank_verbs and not p.claimed[e]:
                e += 1  # "the 12th ranked school": the place, then the verb
            if (k > 0 and w[k - 1] in lex.rank_verbs) or (e > k + 1 and (w[e - 1] in lex.rank_verbs or (
                    k > 0 and w[k - 1] in ("in", "at")))):
                # "finished 2nd", "in first place", "the 12th ranked": that place
                p.numbers.append((Span(k, e), Condition(col, "=", float(n), " ".join(w[k:e]), role)))
                p.claim(k, e)
