"""Words of the items' own text and of multi-word values, read as conditions: "burritos" on a
menu's item names, "woodcuts" in an artwork's medium, "yankees" of "New York Yankees" — the
longest phrase whose words a category's values or the items' texts share, the value said as
written winning over a text that only shares its stem.
"""

from __future__ import annotations

import re

import numpy as np

from convrec.catalog.text import COMMON_WORD_RANK, norm, noun_plural, singular, word_rank
from convrec.nlu.columns import columns_named
from convrec.nlu.reading import DOMAIN_NOUNS, GENERIC_NOUNS, Parse, Span
from convrec.nlu.vocab import ValueHit, Vocabulary, spelling_variants
from convrec.nlu.words import _generic_head, read_values


def _optional_words() -> list[str]:
    from convrec.catalog.meaning import units_data

    return list(units_data()["optional"]["words"])


def _text_hits(vocab: Vocabulary, stems: list[str], named: str | None = None) -> tuple[str | None, int]:
    """The descriptive text column where most items carry all these word stems, and how many
    (``named``: the text column named right before them, if it carries them: "signature cakes")."""
    from convrec.tools.filters import word_pattern

    best, n_best = None, 0
    for col, df in vocab.text_words.items():
        if not all(x in df for x in stems) or (named in vocab.text_words and col != named and all(x in vocab.text_words[named] for x in stems)):
            continue
        n = min(df[x] for x in stems) if len(stems) == 1 else \
            int(vocab.items[col].fillna("").astype(str).str.contains(word_pattern(" ".join(stems))).sum())
        if n > n_best:
            best, n_best = col, n
    return best, n_best


def _named_in_names(vocab: Vocabulary, col: str, words: list[str]) -> bool:
    """Is this a column of short names ("Honolulu, Hawaii", "Aloha Stadium": four words or fewer
    a value; not the titles, which the title readers link) and the phrase one no dictionary counts
    common ("honolulu", "coeur")? Then one item's name carrying it names that item, as a value would."""
    got = vocab.__dict__.setdefault("_short_text", {})
    if col not in got:
        vals = vocab.items[col].dropna().astype(str) if col in vocab.items else []
        got[col] = len(vals) > 0 and float(np.median([len(x.split()) for x in vals])) <= 4
    return got[col] and vocab.columns[col].role != "title" \
        and all(x.isalpha() and len(x) >= 4 and (word_rank(x) or 10 ** 9) >= COMMON_WORD_RANK for x in words)


def _value_word_hits(vocab: Vocabulary, stems: list[str], said: list[str] = ()) -> list[ValueHit]:
    """Values of one category column that carry all these word stems ("suv" → every SUV class;
    a word's start names its longer form: "turbo" → Turbocharged): of several columns, the one a word
    of the request names ("died in the Challenger": the death mission's), else the most held."""
    if not stems:
        return []
    found = []
    for x in stems:
        if x in vocab.value_words:
            found.append(vocab.value_words[x])
            continue
        if len(x) < 5 or not x.isalpha() or x in vocab.subject_words:
            return []  # "clas" (classes) is no start of Classics; "nobel" of Nobel prizes no condition
        longer = [h for k in _keys_starting(vocab, "value_words", x) for h in vocab.value_words[k]] + \
            [h for f in _keys_starting(vocab, "values", x) if f != x for h in vocab.values[f] if h.role == "category"]
        if not longer:
            return []
        found.append(longer)
    sets = [{(h.column, h.value) for h in hs} for hs in found]
    both = {cv for cv in set.intersection(*sets) if not _denies(cv[1], stems[0])}
    if not both:
        return []
    hits = list({(h.column, h.value): h for h in found[0] if (h.column, h.value) in both}.values())
    cols = {h.column for h in hits}
    named = {c for c in cols if any(x in g for g in vocab.columns[c].words for x in said)} if len(cols) > 1 else set()
    col = next(iter(named)) if len(named) == 1 else max(cols, key=lambda c: sum(h.support for h in hits if h.column == c))
    return [h for h in hits if h.column == col]


_DENYING = {"never", "not", "no", "without", "none", "nor", "non", "lacks", "lacking", "absent"}


def _denies(value: str, stem: str) -> bool:
    """A value that says the words are not so ("Nest never observed with full clutch."): it
    names their opposite, so "a full clutch" is not it."""
    from convrec.tools.filters import stem_of

    toks = re.findall(r"[a-z']+", str(value).lower())
    at = next((k for k, x in enumerate(toks) if stem_of(x) == stem or x.startswith(stem)), None)
    return at is not None and any((x in _DENYING and (x != "non" or k == at - 1)) or x.endswith("n't")
                                  for k, x in enumerate(toks[:at]) if k >= at - 5)  # ("Non-Emergency PCI" is a PCI)


def _keys_starting(vocab: Vocabulary, index: str, prefix: str) -> list[str]:
    """The one-word keys of ``vocab.<index>`` that start with ``prefix``, in the index's order
    (a sorted copy, built once per vocabulary, finds them without scanning every key)."""
    import bisect

    cache = vocab.__dict__.setdefault("_prefix_keys", {})
    if index not in cache:
        keys = [k for k in getattr(vocab, index) if k.isalpha()]
        cache[index] = (sorted(keys), {k: n for n, k in enumerate(keys)})
    ordered, pos = cache[index]
    out = []
    for k in ordered[bisect.bisect_left(ordered, prefix):]:
        if not k.startswith(prefix):
            break
        out.append(k)
    return sorted(out, key=pos.__getitem__)


def _negated_title_words(p: Parse, vocab: Vocabulary) -> None:
    """"skip anything mistborn", "no more star wars": a rejected word that titles carry
    excludes every title of that family (in any catalog, descriptive titles or not)."""
    from convrec.tools.filters import stem_of, word_pattern

    lex, w = vocab.lexicon, p.words
    if not p.negated_spans or "title" not in vocab.items:
        return  # nothing rejected: no scan of the titles on the turn's path
    titles = vocab.items["title"].fillna("").astype(str)
    for span, m in list(p.mentions):  # "no more godfather": the film and its whole family
        if not (p.negated(span.start) and lex.negation.ends_at(w, span.start) and
                any(x in ("more", "any") for x in w[max(0, span.start - 3):span.start])):
            continue
        words = [x for x in w[span.start:span.end] if x.isalpha() and x not in lex.stop]
        if words and int(titles.str.contains(word_pattern(" ".join(words))).sum()) >= 2:
            p.values.append((span, [[ValueHit("title", " ".join(words), 2, "text")]], m.text))
    i = 0
    while i < len(w):
        if p.claimed[i] or not p.negated(i) or not w[i].isalpha() or w[i] in lex.stop or w[i] in GENERIC_NOUNS \
                or w[i] in DOMAIN_NOUNS or len(w[i]) < 3 or singular(w[i]) == vocab.domain.lower():  # "non-landing crashes"
            i += 1
            continue
        j = i
        while j < len(w) and not p.claimed[j] and p.negated(j) and w[j].isalpha() and w[j] not in lex.stop:
            j += 1
        phrase = " ".join(w[i:j])
        stems = [stem_of(x) for x in w[i:j]]
        if any(all(x in df for x in stems) for col, df in vocab.text_words.items() if col != "title") \
                or _value_word_hits(vocab, stems):
            i = max(j, i + 1)
            continue  # a word of a descriptive column ("not the etchings": the medium) or of values ("no turbo") is read there
        n = int(titles.str.contains(word_pattern(phrase)).sum())
        if n >= 2:
            p.values.append((Span(i, j), [[ValueHit("title", phrase, n, "text")]], " ".join(t.raw for t in p.toks[i:j])))
            p.claim(i, j)
        i = max(j, i + 1)



def _support(vocab: Vocabulary, stem: str) -> int:
    return max([df.get(stem, 0) for df in vocab.text_words.values()] + [len(vocab.value_words.get(stem, ()))])


def read_text_words(p: Parse, vocab: Vocabulary) -> None:
    """Words that name what an item is, in a catalog whose item texts are descriptive
    ("burritos", "hot dogs", "woodcuts", "chicken sandwich"): conditions on those words of the
    items' own text. A typo is matched to a word the items use ("sandwhiches" → sandwich)."""
    if not vocab.text_words and not vocab.value_words:
        _negated_title_words(p, vocab)
        _title_families(p, vocab)
        return
    from rapidfuzz import fuzz, process

    from convrec.tools.filters import stem_of

    lex, w = vocab.lexicon, p.words
    relation_said = any(lex.relations[r].contains(w) for r in ("liked", "seen", "disliked"))
    # an item title that also names a kind of item ("chicken sandwich"): the kind, unless the
    # user says they liked or saw it
    if not relation_said and "title" in vocab.text_words:
        keep = []
        for span, m in p.mentions:
            stems = [stem_of(x.replace("'", "")) for x in w[span.start:span.end]
                     if x.replace("'", "").isalpha() and x not in lex.stop]  # "o'hare" is a word of the name
            col, n = _text_hits(vocab, stems) if stems else (None, 0)
            numbered = any(any(ch.isdigit() for ch in x) for x in w[span.start:span.end])  # "EPYC 7742": one model
            # "Journal of Finance", "… World Economy": a name (an inner "of", capitals mid-sentence), not a kind
            named = any(x in ("of", "the", "for", "to", "from", "on", "at") for x in w[span.start + 1:span.end - 1]) \
                or (span.start > 0 and all(p.toks[x].capitalised for x in range(span.start, span.end)))  # "World Economy"
            b = span.start - (span.start > 0 and w[span.start - 1] == "the")
            asked = b >= 2 and w[b - 1] in ("of", "for") and bool(columns_named(w[max(0, b - 4):b - 1], vocab, by_name_only=True)) \
                or b >= 3 and w[b - 1] in ("is", "was", "are", "were") and w[b - 3] == "how" and w[b - 2] in lex.how_dimension  # "how dense is gold"
            compared = span.start in p.compared  # "more land than the rim fire": one item, compared with
            if col is not None and n >= 3 and span.end - span.start <= 4 and not numbered and not named and not asked \
                    and not compared:
                # ("the value of the Boltzmann constant": that item's value, the title said whole)
                for x in range(span.start, span.end):
                    p.claimed[x] = False
                continue
            keep.append((span, m))
        if len(keep) < len(p.mentions):
            p.mentions = keep
            read_values(p, vocab, min_words=1)  # the freed words may be values ("not seminars")
    _negated_title_words(p, vocab)
    for i in range(len(w) - 1):  # an ordinary word beside another word of the same value: "small suv", "long sleeve"
        a, b = w[i], w[i + 1]
        if p.claimed[i] or p.claimed[i + 1] or not (a.isalpha() and b.isalpha()) or ((a in lex.stop) == (b in lex.stop)) \
                or lex.negation.match_at(w, i) or lex.negation.match_at(w, i + 1):
            continue
        stems = [stem_of(a), stem_of(b)]
        if all(x in vocab.value_words for x in stems) and (vals := _value_word_hits(vocab, stems)):
            p.values.append((Span(i, i + 2), [vals], " ".join(t.raw for t in p.toks[i:i + 2])))
            p.claim(i, i + 2)
        elif len(a) >= 4 and len(b) >= 4 and len(a if a in lex.stop else b) >= 5 \
                and not (a in DOMAIN_NOUNS or b in DOMAIN_NOUNS or a in GENERIC_NOUNS or b in GENERIC_NOUNS):
            # (the stopped word one of five letters or more: "watch", not "with")
            # "apple watch": a word the lexicon stops ("watch"), in the items' own text beside the other
            col, n = max(((c, int(vocab.items[c].fillna("").astype(str).str.contains(rf"(?i)\b{re.escape(a)}\s+{re.escape(b)}").sum()))
                          for c in vocab.text_words if c in vocab.items), key=lambda x: x[1], default=(None, 0))
            if col is not None and n >= 2:
                p.values.append((Span(i, i + 2), [[ValueHit(col, f"{a} {b}", n, "text")]], " ".join(t.raw for t in p.toks[i:i + 2])))
                p.claim(i, i + 2)
    known = sorted({x for df in vocab.text_words.values() for x, k in df.items() if k >= 2 and len(x) >= 4})

    colwords = vocab.__dict__.get("_column_words")
    if colwords is None:
        colwords = {x for c in vocab.columns.values() if c.type in ("integer", "real") for g in c.words for x in g} | \
            {x for c in vocab.columns.values() if c.role not in ("title", "id") for x in norm(c.label).split()} | \
            {x for c in vocab.columns.values() if c.role not in ("title", "id") for g in c.words for x in g} | \
            set(_optional_words()) | {"related", "kind", "sort", "type", "list", "level"}
        vocab.__dict__["_column_words"] = colwords

    domain_words = set(vocab.domain.split()) | vocab.item_nouns  # "cars", "menu items": the catalog's own noun names no condition
    for k, x in enumerate(w):  # "shirts" where every item's name says shirt, "nobel" of Nobel prizes: the subject
        if not p.claimed[k] and x.isalpha() and len(x) > 2 and stem_of(x) in vocab.subject_words and x not in lex.stop:
            p.claim(k, k + 1)

    def usable(k: int) -> bool:
        x = w[k]
        return not p.claimed[k] and x.isalpha() and len(x) > 2 and x not in lex.stop and x not in GENERIC_NOUNS \
            and x not in DOMAIN_NOUNS and singular(x) not in domain_words and not lex.negation.match_at(w, k) \
            and x not in colwords and not _verb_of_subject(k) and not _misspelt_noun(x)

    def _misspelt_noun(x: str) -> bool:  # "prisions" of a catalog of prisons: the items' own noun, misspelt
        return len(x) >= 5 and (word_rank(x) or 10 ** 9) >= COMMON_WORD_RANK and any(
            len(d) >= 4 and d[0] == x[0] and fuzz.ratio(singular(x), d) >= 84 for d in domain_words)

    def _verb_of_subject(k: int) -> bool:
        # "everything Nadiya baked", "what Tolkien wrote?": the verb of the name before it, no theme
        x = w[k]
        return k > 0 and p.claimed[k - 1] and (x.endswith("ed") or x in lex.verb_forms) \
            and (k + 1 == len(w) or p.toks[k + 1].punct or w[k + 1] in lex.stop)

    i = 0
    while i < len(w):
        if not usable(i):
            i += 1
            continue
        j = i
        while j < len(w) and usable(j):
            j += 1
        stems, words = [], []
        for x in w[i:j]:
            st = stem_of(x)
            for alt in spelling_variants(x):  # "labour" where the items mostly say "Labor"
                if _support(vocab, stem_of(alt)) > _support(vocab, st):
                    st, x = stem_of(alt), alt
            if not any(st in df for df in vocab.text_words.values()) and st not in vocab.value_words and len(st) >= 4 and known:
                longer = [y for y in known if y.startswith(x) and len(y) > len(x) + 2] \
                    if 5 <= len(x) <= 6 and (word_rank(x) or 10 ** 9) >= COMMON_WORD_RANK else []  # not "water" → watertown
                if longer:  # "intro" → introduction
                    st = x = max(longer, key=lambda y: max(df.get(y, 0) for df in vocab.text_words.values()))
                elif len(st) >= 5 and (word_rank(x) or 10 ** 9) >= COMMON_WORD_RANK:
                    # (a common word as written is no typo: "programs" is not the Spanish "programa")
                    hit = process.extractOne(st, known, scorer=fuzz.ratio, score_cutoff=84)
                    if hit and hit[0][0] == st[0]:
                        st, x = hit[0], hit[0]
            stems.append(st)
            words.append(x)
        k = i
        while k < j:  # the longest phrase from k whose words a category's values or the items' texts share
            for e in range(j, k, -1):
                vals = _value_word_hits(vocab, stems[k - i:e - i], said=w)
                if vals and e - k == 1 and _generic_head(words[k - i], vals):
                    vals = []  # "companies" alone is no "Trading companies": the head noun of a kind, not the kind
                col, n = _text_hits(vocab, stems[k - i:e - i], _text_column_before(p, vocab, k))
                if col is not None and n < 2 and not vals and not _named_in_names(vocab, col, words[k - i:e - i]):
                    col = None  # one item's text has it: an incidental word ("for credit"), a preference, not a condition
                if vals and col is not None and not (n < 3 or sum(h.support for h in vals) >= 5 * n) \
                        and _exact_in_values(vals, words[k - i:e - i]) and not _exact_in_text(vocab, col, words[k - i:e - i]):
                    col = None  # "yankees": the word of "New York Yankees" as said, not the stem of "Yankee Stadium"
                if vals and (col is None or n < 3 or sum(h.support for h in vals) >= 5 * n
                             or (vocab.columns[col].role == "text" and _exact_in_values(vals, words[k - i:e - i]))):
                    # the item's own name saying it wins ("burgers": not Burger King), unless the values
                    # say it of far more items ("no turbo": Turbocharged, not the 10 names with "Turbo"), or a
                    # description only mentions it ("headphones": the Headphones & Earbuds, not every
                    # feature text that names headphones)
                    p.values.append((Span(k, e), [vals], " ".join(t.raw for t in p.toks[k:e])))
                    p.claim(k, e)
                    k = e
                    break
                if col is not None:
                    phrase = " ".join(words[k - i:e - i])
                    p.values.append((Span(k, e), [[ValueHit(col, phrase, n, "text")]],
                                     " ".join(t.raw for t in p.toks[k:e])))
                    p.claim(k, e)
                    k = e
                    break
            else:
                k += 1
        i = max(j, i + 1)
    _title_families(p, vocab)


def _title_families(p: Parse, vocab: Vocabulary) -> None:
    """"the acetates", "any ketones": a rare word said in the plural, which several titles carry as a
    word of their own, names that family of items — where titles are names, not descriptions (a
    descriptive title's words are read above). A common word ("nights", "loves") is left to the
    other readers: it names a mood or a subject more often than a family."""
    if "title" in vocab.text_words or "title" not in vocab.items:
        return
    if any(c.type == "list" or c.role == "tag" or c.name in vocab.text_words for c in vocab.columns.values() if c.name != "title"):
        return  # tags or descriptions say what items are about: "detectives" there is a subject, not a name
    from convrec.tools.filters import word_pattern

    lex, w = vocab.lexicon, p.words
    titles = None
    for i, x in enumerate(w):
        if p.claimed[i] or not x.isalpha() or len(x) < 5 or x in lex.stop or x in GENERIC_NOUNS or x in DOMAIN_NOUNS \
                or singular(x) == x or singular(x) in vocab.domain.lower().split() or lex.negation.match_at(w, i):
            continue
        one = singular(x)
        if (word_rank(one) or 10 ** 9) < COMMON_WORD_RANK:
            continue
        titles = vocab.items["title"].fillna("").astype(str) if titles is None else titles
        n = int(titles.str.contains(word_pattern(one)).sum())
        if 3 <= n <= 0.5 * len(titles):
            p.values.append((Span(i, i + 1), [[ValueHit("title", one, n, "text")]], p.toks[i].raw))
            p.claim(i, i + 1)


def _exact_in_values(vals, words: list[str]) -> bool:
    phrase = " ".join(words)
    return any(f" {phrase} " in f" {norm(h.value)} " for h in vals)


def _exact_in_text(vocab: Vocabulary, col: str, words: list[str]) -> bool:
    """Does some item's text in ``col`` hold these words as written (not only their stem)?"""
    if col not in vocab.items.columns:
        return True
    phrase = re.escape(" ".join(words))
    return bool(vocab.items[col].astype(str).str.contains(rf"(?i)\b{phrase}\b", regex=True).any())


def read_measured_names(p: Parse, vocab: Vocabulary) -> None:
    """A size said with its unit that no column took and that the items' titles carry ("5.56mm
    rifles" of "RIFLE,5.56 MILLIMETER", "a 12 gauge shotgun"): the titles with it, in whichever of
    the unit's words they write it."""
    from convrec.catalog.meaning import unit_words
    from convrec.nlu.binding import unit_after
    from convrec.nlu.reading import num
    from convrec.tools.filters import word_pattern

    w = p.words
    titles = None
    for i, x in enumerate(w):
        if p.claimed[i] or num(x) is None:
            continue
        unit, n = unit_after(w, i + 1)
        if unit is None or any(p.claimed[k] for k in range(i + 1, i + 1 + n)):
            continue
        if titles is None:
            titles = vocab.items["title"].astype(str)
        for u in unit_words(unit):
            pat = re.compile(rf"(?<![\d.]){re.escape(x)}\s*{re.escape(u)}\b", re.I)
            support = int(titles.map(lambda t: bool(pat.search(t))).sum())
            if support:
                phrase = f"{x} {u}"
                if not word_pattern(phrase).search(titles[titles.map(lambda t: bool(pat.search(t)))].iloc[0]):
                    continue
                hit = ValueHit("title", phrase, support, "text")
                p.values.append((Span(i, i + 1 + n), [[hit]], " ".join(t.raw for t in p.toks[i:i + 1 + n])))
                p.claim(i, i + 1 + n)
                break


def _text_column_before(p: Parse, vocab: Vocabulary, k: int) -> str | None:
    """The text column whose own name is said right before position ``k`` ("signature cakes")."""
    if k == 0:
        return None
    x = p.words[k - 1]
    if "title" in vocab.text_words and x in (vocab.domain.lower(), noun_plural(vocab.domain.lower())):
        return "title"  # "signature cakes" where the items are signatures (the titles' own column)
    if not p.claimed[k - 1]:
        return None
    got = [c for c in vocab.text_words if c in vocab.columns and (x == c.lower() or any(x in g for g in vocab.columns[c].words))]
    return got[0] if len(got) == 1 else None
