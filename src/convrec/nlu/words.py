"""Words linked to the catalog's values: facet values (with typos and longer forms), codes, bands,
text words searched in free-text columns, creators' names and paraphrases by meaning.
"""

from __future__ import annotations

import re

from dataclasses import replace

from convrec.catalog.text import COMMON_WORD_RANK, norm, noun_plural, singular, word_rank
from convrec.nlu.intent import Condition
from convrec.nlu.itemnoun import drop_item_noun_families
from convrec.nlu.leftover import unmatched_runs
from convrec.catalog.meaning import unit_for_word
from convrec.nlu.reading import DOMAIN_NOUNS, GENERIC_NOUNS, NOT_BEFORE, Parse, SOURCE_WORDS, Span, num
from convrec.nlu.vocab import ValueHit, Vocabulary


# ---------------------------------------------------------------------- values
def read_values(p: Parse, vocab: Vocabulary, min_words: int) -> None:
    lex, w, toks = vocab.lexicon, p.words, p.toks
    for n in range(7, min_words - 1, -1):
        for i in range(0, len(w) - n + 1):
            j = i + n
            if any(p.claimed[x] for x in range(i, j)) or toks[i].punct or toks[j - 1].punct \
                    or any(toks[x].punct and toks[x].w != "." for x in range(i, j)):
                continue
            inner = [x for x in w[i:j] if x != "."]
            if len(inner) < min_words or (len(inner) != n and len(inner) < 2):
                continue
            phrase = " ".join(inner)
            ordinal = n == 1 and lex.ordinal_value(w, i) and bool(vocab.lookup(phrase))  # "first class": 1st
            the_value = i > 0 and w[i - 1] == "the" and any(  # "the bucks": a team the catalog names so
                h.role == "category" and str(h.value).lower() == phrase for h in vocab.lookup(phrase))
            if n == 1 and (phrase in lex.stop and phrase not in lex.values) and not ordinal and not the_value and not (
                    toks[i].raw.isupper() and len(phrase) >= 2 and any(h.value == toks[i].raw for h in vocab.lookup(phrase))) \
                    and not _closed_value(vocab, w, i, phrase) and not _own_flag(vocab, phrase):
                continue  # a stop word, unless written in capitals as the catalog writes a value ("IF" clarity)
            if n == 1 and len(phrase) <= 2 and phrase not in lex.values and not toks[i].raw.isupper() and not any(
                    h.role == "flag" and h.value.lower() == phrase for h in vocab.lookup(phrase)) and not (
                    i > 0 and w[i - 1] in ("from", "in", "of") and (word_rank(phrase) or 10 ** 9) > 3000):  # "from tx": a code
                continue  # "en" in a Spanish sentence is not the language code "en"
            if n > 1 and lex.negation.match_at(inner, 0) and not (inner[0] == "non" and vocab.lookup(phrase)):
                continue  # "not seen": the user's negation, not a tag value "Not Seen" (but "Non-Emergency PCI" is one)
            groups = vocab.resolve_synonym(phrase)
            if groups is None and phrase in lex.values and not p.negated(i):
                place = _absent_place(vocab, phrase)
                if place:  # "any icelandic companies?" where no company is from Iceland
                    p.missing.append(place)
                    p.claim(i, j)
                    continue
            if groups is None:
                hits = vocab.lookup(phrase)
                if not hits:
                    continue
                top = hits[0]
                if top.role == "creator":
                    by = i > 0 and w[i - 1] in ("by", "from", "author", "developer", "publisher", "studio", "director")
                    caps = n == 1 and toks[i].raw.isupper() and len(phrase) >= 2  # "AMD", "HP": a name as written
                    # "amd": an acronym the catalog writes in capitals (3-4 letters), and no common English word
                    caps = caps or (n == 1 and 3 <= len(phrase) <= 4 and top.value.isupper() and top.value.lower() == phrase
                                    and (word_rank(phrase) or 10 ** 9) >= COMMON_WORD_RANK)
                    # "any madonna songs?", "tolkien's books": a maker's name right before what it made
                    nouns = DOMAIN_NOUNS | {vocab.domain, noun_plural(vocab.domain)}
                    few = (vocab.columns[top.column].distinct or 99) <= 60  # ("lee filters": one of a few brands)
                    before_noun = n == 1 and len(phrase) >= (3 if few else 4) and (few or (word_rank(phrase) or 10 ** 9) >= COMMON_WORD_RANK) \
                        and j < len(w) and (w[j] in nouns or (w[j] in ("'s", "s") and j + 1 < len(w) and w[j + 1] in nouns))
                    if not (by or caps or before_noun or len(inner) >= 2
                            or (n == 1 and toks[i].capitalised and len(phrase) >= 4 and i > 0)):
                        continue
                groups = [[h for h in hits if h.column == top.column]]
            groups = [_with_longer_forms(vocab, g) for g in groups]
            p.values.append((Span(i, j), groups, " ".join(t.raw for t in toks[i:j])))
            p.claim(i, j)


_OWNED = {"a", "an", "my", "our", "your", "his", "her", "their", "the", "for", "with", "to", "this", "that"}


def _closed_value(vocab: Vocabulary, w: list[str], i: int, phrase: str) -> bool:
    """A common word that is one whole value of a column of a few ("friend" / "foe" of a `play`
    column: "contestants who played friend"), not said as a thing of its own ("with my friend")."""
    if len(phrase) < 4 or (i > 0 and w[i - 1] in _OWNED):
        return False
    return any(h.role == "category" and str(h.value).lower() == phrase
               and 2 <= (vocab.columns[h.column].distinct or 99) <= 12 for h in vocab.lookup(phrase))


def _lettered(vocab: Vocabulary, col: str, word: str, said: str) -> list[ValueHit]:
    """"season 4" where the seasons are written S01, S02 …: the value of the column's letter and that
    number (its zero padding left out)."""
    n = num(said)
    if n is None or n != int(n) or not word:
        return []
    by = vocab.__dict__.setdefault("_lettered_values", {})
    if col not in by:  # the column's values written as a letter and a number, once per catalog
        by[col] = {}
        for hs in vocab.values.values():
            for h in hs:
                m = re.fullmatch(r"([a-z])0*(\d+)", str(h.value).strip().lower()) if h.column == col else None
                if m:
                    by[col].setdefault((m.group(1), int(m.group(2))), h)
    h = by[col].get((word[0].lower(), int(n)))
    return [h] if h else []


def column_values(p: Parse, vocab: Vocabulary) -> None:
    """A value said with its column's word, however short ("line 4", "on line 14", "rer c",
    "the 7bis line"): that column's value — the word tells which column a "4" or a "C" is of."""
    w, toks = p.words, p.toks
    cols = [c for c in vocab.columns.values() if c.role in ("category", "tag") and c.words]
    if not cols:
        return
    owners: dict[str, set[str]] = {}
    for c in cols:
        for g in c.words:
            for x in g:
                owners.setdefault(x, set()).add(c.name)
    own = {c.name: {x for g in c.words for x in g if len(owners.get(x, ())) == 1} for c in cols}
    for i, x in enumerate(w):
        if p.claimed[i]:
            continue
        for c in cols:
            if x not in own[c.name] and not (singular(x) in own[c.name] and singular(x) != x):
                continue
            for j, step in ((i + 1, 1), (i - 1, -1)):  # "line 4" / "the 7bis line"
                k = j
                while 0 <= k < len(w) and w[k] in ("the", "no", "number", "#") and step == 1:
                    k += 1
                if not (0 <= k < len(w)) or p.claimed[k] or toks[k].punct:
                    continue
                if step == -1 and toks[k].raw == "a" and i + 1 < len(w) and w[i + 1] in ("of", "is", "at", "above", "below"):
                    continue  # "a grade of C": an article, the value comes after
                if num(w[k]) is not None and any(ph.ends_at(w, k) or ph.match_at(w, k + 1) for ph in vocab.lexicon.compare.values()):
                    continue  # "at least 10 hit dice": a bound on the number, not the text "10" of its printed copy
                hits, k2 = [], k
                for n in (3, 2):  # the longest value said beside the word ("a very good cut": Very Good)
                    lo, hi = (k, k + n) if step == 1 else (k - n + 1, k + 1)
                    if lo < 0 or hi > len(w) or any(p.claimed[x] or toks[x].punct for x in range(lo, hi)):
                        continue
                    said = norm(" ".join(t.raw for t in toks[lo:hi]))
                    hits = [h for h in vocab.values.get(said, []) if h.column == c.name and norm(h.value) == said]
                    if hits:
                        k2 = hi - 1 if step == 1 else lo
                        break
                hits = hits or [h for h in vocab._exact_hits(toks[k].raw) if h.column == c.name] or \
                    [h for h in vocab.values.get(norm(toks[k].raw), []) if h.column == c.name
                     and (h.value.lower() == w[k] or w[k] in vocab.lexicon.ordinal_words)] or \
                    (_lettered(vocab, c.name, x, w[k]) if step == 1 else [])  # "first class": the 1st; "season 4": S04
                if not hits and step == -1 and k > 0 and unit_for_word(w[k]) and not p.claimed[k - 1]:
                    hits = _lettered(vocab, c.name, x, w[k - 1])  # "15 inch rims": R15
                    k2 = k - 1 if hits else k2
                if hits:
                    k = k2 if k2 != k else k
                    a, b = (i, k + 1) if step == 1 else (k, i + 1)
                    hits = [replace(h, role="named") for h in hits[:1]]  # said with its column's word: a condition
                    p.values.append((Span(a, b), [hits], " ".join(t.raw for t in toks[a:b])))
                    p.claim(a, b)
                    break
                if step == 1 and _code_like(w[k]) and _code_column(vocab, c.name):
                    # "line 15" where the lines are 1–14: a value this catalog does not have
                    p.missing.append(f"{toks[i].raw} {toks[k].raw}")
                    p.claim(i, k + 1)
                    break
            if p.claimed[i]:
                break
    # "where you can hop on a tram", "no rer": the column's own word alone, in a list column most
    # items leave empty, asks for items that have any value there (or, negated, none)
    for i, x in enumerate(w):
        if p.claimed[i] or len(x) < 3 or x in vocab.lexicon.stop:
            continue
        for c in cols:
            allv = vocab.sparse_lists.get(c.name)
            if not allv or not any(x == y or (len(x) >= 4 and y.startswith(x)) for y in own[c.name]):
                continue
            hits = [replace(h, role="presence") for v in allv for h in vocab._exact_hits(v) if h.column == c.name]
            if hits:
                a = i
                while a > 0 and not p.claimed[a - 1] and w[a - 1] in ("connect", "connects", "connected", "connection",
                                                                     "with", "to", "the", "a", "an", "on", "have", "has"):
                    a -= 1
                b = i + 1 + (i + 1 < len(w) and w[i + 1] in ("connection", "connections", "line", "lines", "station", "stations"))
                if a > 0 and w[a - 1] in NOT_BEFORE:
                    p.negated_spans.append(Span(a, b))  # "that don't connect to the rer"
                p.values.append((Span(a, b), [hits], " ".join(t.raw for t in toks[a:b])))
                p.claim(a, b)
                break
    # "in the 15th": a numbered word that is part of exactly one value ("Paris 15th")
    index = vocab.numbered_words
    for i, x in enumerate(w):
        if not p.claimed[i] and len(index.get(x, ())) == 1:
            col, val = next(iter(index[x]))
            hits = [h for h in vocab._exact_hits(val) if h.column == col]
            if hits:
                p.values.append((Span(i, i + 1), [hits[:1]], toks[i].raw))
                p.claim(i, i + 1)


def _code_like(x: str) -> bool:
    return 1 <= len(x) <= 5 and x.isalnum() and any(ch.isdigit() for ch in x)


def _code_column(vocab: Vocabulary, col: str) -> bool:
    """A column whose values are short codes with digits ("1", "3bis", "T3a")."""
    vals = {h.value for hs in vocab.values.values() for h in hs if h.column == col}
    return len(vals) >= 3 and sum(_code_like(v.lower()) for v in vals) >= 0.6 * len(vals)


def _absent_place(vocab: Vocabulary, phrase: str) -> str | None:
    """A people or country the lexicon knows ("icelandic" → Iceland) that the catalog's column
    of places does not hold: the place, said back as missing. A column is one of places when
    it holds at least five of the lexicon's places."""
    known = vocab.lexicon.places
    places = [a for a in vocab.lexicon.values.get(phrase, []) if a in known]
    if not places:
        return None
    return places[0] if vocab.place_column else None


def read_codes(p: Parse, vocab: Vocabulary) -> None:
    """Model codes the items' texts carry, however the user spaces them ("rav 4" = RAV4,
    "f-150" = F150, "mx5" = MX-5): a condition on that text, before the digits are read as a number."""
    if not vocab.text_words:
        return
    toks, w = p.toks, p.words
    for i in range(len(w) - 1):
        a, b = toks[i], toks[i + 1]
        if p.claimed[i] or p.claimed[i + 1] or not (a.w.isalpha() and len(a.w) <= 5 and b.w.isdigit()) \
                or b.start - a.end > 1 or len(b.w) > 4 or a.w in ("to", "and", "or") \
                or any(vocab.lexicon.compare[o].ends_at(w, i + 1) for o in vocab.lexicon.compare):
            continue  # ("more than 50%", "at least 3": a bound, no code "than50" a description carries)
        code = a.w + b.w
        hits = [(df[code], col) for col, df in vocab.text_words.items() if df.get(code, 0) >= 1]
        if hits:
            n, col = max(hits)
            p.values.append((Span(i, i + 2), [[ValueHit(col, code, n, "text")]], f"{a.raw}{' ' if b.start > a.end else ''}{b.raw}"))
            p.claim(i, i + 2)


def read_bands(p: Parse, vocab: Vocabulary) -> None:
    """Named ranges of a number column declared in the catalog's schema ("lower division",
    "grad level" → course number bands): the range, as if the numbers were said. A word may be
    shortened ("lower div", "grad")."""
    bands = [(name.split(), c.name, lo, hi, c.role) for c in vocab.columns.values() for name, lo, hi in c.bands]
    if not bands:
        return
    w = p.words

    def same(said: str, word: str) -> bool:
        return said == word or (len(said) >= 3 and word.startswith(said)) or singular(said) == word

    for words, col, lo, hi, role in sorted(bands, key=lambda b: -len(b[0])):
        n = len(words)
        for i in range(len(w) - n + 1):
            if any(p.claimed[x] for x in range(i, i + n)) or not all(same(w[i + k], words[k]) for k in range(n)):
                continue
            e = i + n + (1 if i + n < len(w) and w[i + n] in ("level", "levels", "division") else 0)
            said = " ".join(t.raw for t in p.toks[i:e])
            neg = p.negated(i)
            if neg and lo is not None and hi is not None:
                continue  # "not upper division" of a closed band: two ranges, not one condition
            if lo is not None:
                p.numbers.append((Span(i, e), Condition(col, "<" if neg else ">=", lo, said, role)))
            if hi is not None:
                p.numbers.append((Span(i, e), Condition(col, ">" if neg else "<=", hi, said, role)))
            p.claim(i, e)


def _with_longer_forms(vocab: Vocabulary, hits: list[ValueHit]) -> list[ValueHit]:
    """A one-value category column's values that end with a named value of several words are
    kinds of it ("4-Wheel Drive" → also "Part-time 4-Wheel Drive"; a one-word value is not
    widened: "Manual" is not "Automated Manual", "Linguistics" not "Applied Linguistics")."""
    cols = {h.column for h in hits if h.role == "category"}
    if not cols:
        return hits
    by_col = vocab.__dict__.setdefault("_text_values", {})
    out = list(hits)
    seen = {(h.column, h.value) for h in hits}
    for col in cols:
        c = vocab.columns.get(col)
        if c is None or c.type != "text" or col not in vocab.items:
            continue
        if col not in by_col:
            counts = vocab.items[col].dropna().astype(str).value_counts()
            by_col[col] = [(norm(v), v, int(n)) for v, n in counts.items()] if len(counts) <= 500 else []
        for h in [h for h in hits if h.column == col and " " in norm(h.value)]:  # "Manual" ≠ "Automated Manual"
            key = " " + norm(h.value)
            kinds = [(nv, v, n) for nv, v, n in by_col[col] if nv.endswith(key)
                     and nv[:-len(key)].split()[-1:] not in (["non"], ["not"], ["no"], ["anti"])]  # "Non-Emergency PCI" is no kind of it
            out += [ValueHit(col, v, n, "category") for nv, v, n in kinds if (col, v) not in seen]
            seen |= {(col, v) for nv, v, n in kinds}
    return out


def _typo_phrases(p: Parse, vocab: Vocabulary) -> None:
    """Values of two or three words written with a typo ("tako bell", "chik fil a",
    "mercedez benz"): the closest catalog value of as many words, when it is very close."""
    from rapidfuzz import fuzz, process

    lex, w = vocab.lexicon, p.words
    multi = vocab.__dict__.get("_multi_values")
    if multi is None:
        multi = {n: [f for f, hs in vocab.values.items() if f.count(" ") == n - 1 and any(h.role in ("category", "creator") for h in hs)]
                 for n in (2, 3)}
        vocab.__dict__["_multi_values"] = multi
    held = {x[0].start: x for x in p.values if x[0].end == x[0].start + 1}  # a one-word value a longer one may hold
    for n in (3, 2):
        if not multi[n]:
            continue
        for i in range(0, len(w) - n + 1):
            if any((p.claimed[x] and x not in held) or p.toks[x].punct for x in range(i, i + n)) or w[i] in lex.stop \
                    or all(p.claimed[x] for x in range(i, i + n)):
                continue  # "ranged assasins": Ranged read alone, the typo beside it makes "Ranged Assassin"
            phrase = " ".join(w[i:i + n])
            if len(phrase) < 7 or any(x in GENERIC_NOUNS or x in DOMAIN_NOUNS or x in (vocab.domain, noun_plural(vocab.domain))
                                      for x in w[i:i + n]):
                continue  # "wholesome games" is no typo of "Wholetone Games": the match would rest on "games"
            if all(word_rank(x) is not None for x in w[i:i + n] if x not in lex.stop):
                continue  # real words ("silly games") are no typo of a value ("Still Games")
            hit = process.extractOne(phrase, multi[n], scorer=fuzz.ratio, score_cutoff=80 if len(phrase) >= 10 else 86)
            if not hit or any(a[:1] != b[:1] for a, b in zip(hit[0].split(), phrase.split())):
                continue  # every word starts as the value's does ("damian hurst" → Damien Hirst)
            hits = vocab.lookup(hit[0])
            top = hits[0]
            inside = [held[x] for x in range(i, i + n) if x in held and p.claimed[x]]
            p.values = [x for x in p.values if not any(x is y for y in inside)]
            p.values.append((Span(i, i + n), [[h for h in hits if h.column == top.column]],
                             " ".join(t.raw for t in p.toks[i:i + n])))
            p.claim(i, i + n)


def read_single_words(p: Parse, vocab: Vocabulary) -> None:
    """Values said in one word, then the ones said with a typo; a family of values that covers most
    items, said as a word of their own ("firefighters"), is the items' noun, no condition."""
    read_values(p, vocab, min_words=1)
    typo_values(p, vocab)
    drop_item_noun_families(p, vocab)


def typo_values(p: Parse, vocab: Vocabulary) -> None:
    from rapidfuzz import fuzz, process

    lex, w = vocab.lexicon, p.words
    _typo_phrases(p, vocab)
    if not vocab.single_words:
        return
    keys = list(vocab.single_words)
    for i, x in enumerate(w):
        if p.claimed[i] or p.toks[i].punct or len(x) < 5 or x in lex.stop or not x.isalpha():
            continue
        x1 = singular(x)
        exact = x in vocab.single_words or x1 in vocab.single_words  # "sonic", "mcdonalds": the value itself
        if not exact and (word_rank(x) is not None or word_rank(x1) is not None):
            continue  # a real word ("fights") is no typo of a value ("Flight")
        hit = process.extractOne(x1, keys, scorer=fuzz.ratio, score_cutoff=86 if len(x1) < 6 else 80)
        if not hit or hit[0][0] != x1[0]:
            continue
        hits = [h for h in vocab.lookup(hit[0]) if h.role in ("category", "creator")]
        if hits:
            p.values.append((Span(i, i + 1), [[hits[0]]], p.toks[i].raw))
            p.claim(i, i + 1)


_KINDS = {"country", "nation", "state", "city", "town", "place", "region", "province", "county", "territory", "location"}


def paraphrases(p: Parse, vocab: Vocabulary) -> None:
    """Content phrases nothing else grounded, matched to the closest category value by
    sentence embedding ("outer space" → Space), only above a high similarity."""
    for span, text in unmatched_runs(p, vocab)[:3]:
        if span.end - span.start > 4:
            continue
        if any(ch.isdigit() for k in range(span.start, span.end) for ch in p.words[k]):
            continue  # "15th" is not "14" by meaning: numbers and ordinals match by spelling only
        if span.start > 0 and p.words[span.start - 1] in SOURCE_WORDS or any(
                p.toks[k].raw.lower().endswith("'s") for k in range(span.start, span.end)):
            continue  # "at Wendy's", "by Banksy": a name, never another value that resembles it
        got = vocab.nearest_value(text)
        if got is None:
            continue
        hit, _ = got
        if span.end - span.start == 1 and (_generic_head(p.words[span.start], [hit]) or singular(p.words[span.start]) in _KINDS):
            continue  # "companies" is no "Trading companies", "every country" no USA: the noun the values are kinds of
        p.values.append((span, [[hit]], text))
        p.claim(span.start, span.end)


def scope_words(p: Parse, vocab: Vocabulary) -> None:
    """Words of the catalog's own name say what the whole catalog is ("cities in ontario" in
    ontario-towns, "ucla courses", "tate works"): no condition, no wish left unread, and never a
    value that resembles them by meaning (Ontario is not Toronto)."""
    from convrec.catalog.meaning import name_words

    scope = {x for x in name_words(getattr(vocab, "name", "") or "") if x.isalpha() and len(x) >= 4
             and x not in vocab.lexicon.stop and singular(x) not in set(vocab.domain.split())}
    for i, x in enumerate(p.words):
        if not p.claimed[i] and x in scope and not vocab.lookup(x):
            p.claim(i, i + 1)


def read_creator_names(p: Parse, vocab: Vocabulary) -> None:
    """Creators named by surname ("more tolkien") or with a typo ("agatha christy"): the
    most prolific creator of that name, when the word is not an ordinary word."""
    from rapidfuzz import fuzz, process

    lex, w = vocab.lexicon, p.words
    if not vocab.surnames:
        return
    names = list(vocab.creator_names)
    nouns = {singular(x) for x in norm(vocab.domain or "").split()[-1:]}
    for i in range(len(w)):
        if p.claimed[i] or p.toks[i].punct:
            continue
        # two words: a full name with a typo
        if i + 1 < len(w) and not p.claimed[i + 1] and not p.toks[i + 1].punct and w[i] not in lex.stop:
            two = f"{w[i]} {w[i + 1]}"
            hit = process.extractOne(two, names, scorer=fuzz.ratio, score_cutoff=88) if len(two) >= 9 else None
            if hit and hit[0] != two and all(word_rank(x) is not None for x in (w[i], w[i + 1])):
                hit = None  # ordinary words ("silly games") are no typo of a name ("Still Games")
            if hit:
                p.values.append((Span(i, i + 2), [[vocab.creator_names[hit[0]][0]]], f"{p.toks[i].raw} {p.toks[i + 1].raw}"))
                p.claim(i, i + 2)
                continue
        x = w[i]
        if x in lex.stop or len(x) < 5 or vocab.lookup(x) or x in lex.values or not x.isalpha():
            continue
        if singular(x) in nouns:
            continue  # the items' own noun ("engines") is no maker's name ("GE Aircraft Engines")
        ranks = [r for r in (word_rank(x), word_rank(singular(x))) if r is not None]
        rank = min(ranks) if ranks else None  # a plural is as ordinary as its singular
        named = p.toks[i].raw[:1].isupper() or (i > 0 and w[i - 1] in ("by", "from"))
        if rank is not None and rank < COMMON_WORD_RANK and not named:
            continue  # "castle", "projects": ordinary words, not the end of "Game Dev Castle"
        key = x if x in vocab.surnames else None
        if key is None and len(x) >= 6 and (rank is None or named):  # a typo is no word ("christy" is one: capitalised)
            got = process.extractOne(x, list(vocab.surnames), scorer=fuzz.ratio, score_cutoff=85)
            key = got[0] if got else None
        if key is None or singular(key) in nouns:
            continue  # "enignes": the items' noun mistyped, no maker
        cands = vocab.surnames[key]
        if len(cands) > 1 and cands[0].support < 2 * cands[1].support:
            continue  # ambiguous surname
        same = _spelled_alike(vocab, cands[0])  # "William Faulker" ×3 beside "William Faulkner" ×2: one writer
        if sum(h.support for h in same) < (1 if named else 3):
            continue
        p.values.append((Span(i, i + 1), [same], p.toks[i].raw))
        p.claim(i, i + 1)


def _spelled_alike(vocab: Vocabulary, hit) -> list:
    """The creator ``hit`` and the catalog's other spellings of the same name: one letter apart in
    the last name, the same first name ("William Faulkner", "William Faulker")."""
    from rapidfuzz.distance import DamerauLevenshtein

    name = norm(hit.value).split()
    out = [hit]
    if len(name) < 2 or len(name[-1]) < 5:
        return out
    for last, hs in vocab.surnames.items():
        if last != name[-1] and DamerauLevenshtein.distance(last, name[-1]) == 1:
            out += [h for h in hs if h.column == hit.column and norm(h.value).split()[:-1] == name[:-1]]
    return out

def read_maker_prefixes(p: Parse, vocab: Vocabulary) -> None:
    """A maker said by the first words of its name ("GE engines" → "GE Aircraft Engines"; "rolls royce"
    → every "Rolls-Royce …"): the creators whose names start with the words, where the first is
    written with a capital or is no common word, and the words are no whole value of their own."""
    index = vocab.__dict__.get("_maker_names")
    if index is None:
        index = {}
        for f, hits in vocab.values.items():
            for h in hits:
                if h.role == "creator" and len(f.split()) >= 2:
                    index.setdefault(f, []).append(h)
        vocab.__dict__["_maker_names"] = index
    if not index:
        return
    w, lex = p.words, vocab.lexicon
    nouns = {singular(x) for x in norm(vocab.domain or "").split()[-1:]}
    i = 0
    while i < len(w):
        found = None
        for n in (3, 2, 1):
            j = i + n
            if j > len(w) or any(p.claimed[x] or not w[x].isalnum() or w[x] in lex.stop for x in range(i, j)):
                continue
            said = " ".join(w[i:j])
            if n == 1 and not (p.toks[i].raw[:1].isupper() and (word_rank(w[i]) or 10 ** 9) >= COMMON_WORD_RANK):
                continue  # one word: a capitalised uncommon one ("GE", "Honeywell"), not "general"
            if singular(w[j - 1]) in nouns or vocab.lookup(said):
                continue
            hits = [h for f, hs in index.items() if f.startswith(said + " ") for h in hs]
            if hits:
                found = (j, list({(h.column, h.value): h for h in hits}.values()))
                break
        if found:
            j, hits = found
            p.values.append((Span(i, j), [hits], " ".join(t.raw for t in p.toks[i:j])))
            p.claim(i, j)
            i = j
        else:
            i += 1


def _generic_head(word: str, vals) -> bool:
    """Is ``word`` (a common English word) the last word of every multi-word value it hits — the
    noun the values qualify ("Trading companies", "Software & services"), not what sets one apart?"""
    from convrec.tools.filters import stem_of

    rank = word_rank(word) or word_rank(singular(word))
    if rank is None or rank >= COMMON_WORD_RANK:
        return False
    st = stem_of(word)
    return all(len(norm(h.value).split()) >= 2 and stem_of(norm(h.value).split()[-1]) == st for h in vals)


def _text_word_counts(vocab: Vocabulary, col: str) -> dict[str, int]:
    got = vocab.__dict__.setdefault("_text_word_counts", {})
    if col not in got:
        from collections import Counter

        got[col] = Counter(x for v in vocab.items[col].dropna() for x in set(re.findall(r"[a-z]+", str(v).lower())))
    return got[col]


def read_column_text_words(p: Parse, vocab: Vocabulary) -> None:
    """"sentenced to death", "a sentence of life", "death sentence": a free-text column named by its
    word (or that word's verb) right beside a word its values hold — that word, in that column (not
    a word of another column that means something like it)."""
    from convrec.catalog.text import word_family

    cols = [(c, {y for g in c.words for y in g}) for c in vocab.columns.values()
            if c.role == "text" and c.type == "text" and c.name in vocab.items and len(c.words) == 1]
    if not cols:
        return
    w = p.words
    for i, x in enumerate(w):
        if p.claimed[i] or not x.isalpha() or x in vocab.lexicon.stop:
            continue
        said = {x} | word_family(x)  # "sentenced": sentence
        for c, own in cols:
            if not own & said:
                continue
            k = i + 1
            while k < len(w) and w[k] in ("to", "of", "as", "was", "is", "were", "a", "an", ":") and not p.claimed[k]:
                k += 1
            spans = [(i, k)] + ([(i - 1, i - 1)] if i > 0 else [])  # "sentenced to death" / "death sentence"
            for a, at in spans:
                if at >= len(w) or p.claimed[at] or not w[at].isalpha() or w[at] in vocab.lexicon.stop:
                    continue
                n = _text_word_counts(vocab, c.name).get(w[at], 0)
                if n and _whole_value_elsewhere(p, vocab, at, c.name):
                    continue  # "Texas counties": the state, not a county called Texas County
                if n:
                    lo, hi = min(a, at), max(i, at) + 1
                    p.values.append((Span(lo, hi), [[ValueHit(c.name, w[at], n, "text")]], " ".join(t.raw for t in p.toks[lo:hi])))
                    p.claim(lo, hi)
                    break
            else:
                continue
            break


def _whole_value_elsewhere(p: Parse, vocab: Vocabulary, at: int, col: str) -> bool:
    """Is word ``at`` part of a whole value of another column ("new mexico" of a state)?"""
    w = p.words
    for a in range(max(0, at - 2), at + 1):
        for b in range(at + 1, min(len(w), a + 3) + 1):
            if any(h.column != col and h.role != "text" and norm(h.value) == " ".join(w[a:b])
                   for h in vocab.lookup(" ".join(w[a:b]))):
                return True
    return False


def _own_flag(vocab: Vocabulary, phrase: str) -> bool:
    """Is a stop word ("night", "light") the very name of one of the catalog's yes/no columns (a painting's
    `night`): then it says that column."""
    return len(phrase) >= 4 and any(h.role == "flag" and norm(h.value) in (phrase, singular(phrase)) for h in vocab.lookup(phrase))
