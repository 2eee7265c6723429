"""``understand(message, vocab, history) -> RequestIntent``: pure, deterministic, catalog-driven.

The message is read once, here. Item names are linked through the catalog's titles, attribute
words through its own values (with the lexicon's synonyms and typo tolerance), numbers by
column role, negations by scope, and pasted conversations by speaker, so only the user's own
wishes become conditions.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from typing import Sequence

from convrec.catalog.linking import YEAR_SUFFIX, normalize_title
from convrec.nlu.intent import Condition, ItemMention, RequestIntent, SortHint
from convrec.catalog.text import (CLAUSE_END, COMMON_WORD_RANK, PUNCT, Tok, ascii_fold, norm, noun_plural, singular,
                              tokenize, word_rank)
from convrec.nlu.vocab import ValueHit, Vocabulary

MAX_MESSAGE = 4000
_RANGE = re.compile(r"(\d)\s*-\s*(\d)")
_DECADE_TOKEN = re.compile(r"^(?:(1[89]|20)(\d)0|(\d)0)s$")
_NUMBER = re.compile(r"^\d+(?:[.,]\d+)*$")
_THOUSANDS = re.compile(r"^(\d+(?:\.\d+)?)([km])$")
_SPEAKER_LINE = re.compile(r"^\s*[\[(]?\s*([A-Za-z][A-Za-z0-9 _'-]{0,24}?)\s*[\])]?\s*[:>\-]\s+(.*\S)\s*$")
FACT_KEYWORDS = {
    "creator": ["who made", "who developed", "who wrote", "who directed", "who published", "who created", "developer",
                "developed", "publisher", "published by", "author", "authors", "wrote", "writer", "director", "directed",
                "made by", "studio", "who is behind", "creator", "written by", "who makes", "who did", "who painted",
                "who drew", "who took", "by whom", "whose", "who is the artist", "which artist"],
    "time": ["what year", "which year", "year", "when", "released", "release", "came out", "come out", "published",
             "how old", "date"],
    "category": ["genre", "genres", "what kind", "what type", "which kind", "category", "categories"],
    "price": ["price", "cost", "costs", "how much", "how expensive"],
    "rating": ["rating", "rated", "score", "how good", "stars", "metascore", "reviews"],
    "count": ["how many ratings", "how popular", "popularity", "how many people"],
}
DOMAIN_NOUNS = {"movie", "movies", "film", "films", "flick", "flicks", "game", "games", "book", "books", "novel",
                "novels", "title", "titles", "item", "items", "ones", "stuff", "things", "picks", "shows", "series",
                "products", "one", "options", "stories", "reads", "comics"}


@dataclass
class _Span:
    start: int
    end: int


@dataclass
class _Parse:
    """What one speaker turn says (mutable while parsing; becomes part of the intent)."""

    toks: list[Tok]
    words: list[str]
    mentions: list[tuple[_Span, ItemMention]] = field(default_factory=list)
    values: list[tuple[_Span, list[list[ValueHit]], str]] = field(default_factory=list)
    numbers: list[tuple[_Span, Condition]] = field(default_factory=list)
    sort: list[SortHint] = field(default_factory=list)
    k: int | None = None
    claimed: list[bool] = field(default_factory=list)
    negated_spans: list[_Span] = field(default_factory=list)
    unmatched: list[str] = field(default_factory=list)
    factors: dict[int, float] = field(default_factory=dict)
    """number token → factor from the unit it was written in to its column's stored unit"""
    missing: list[str] = field(default_factory=list)
    """places the user named that this catalog's place column does not hold ("icelandic")"""

    def free(self, i: int, j: int) -> bool:
        return all(not self.claimed[x] for x in range(i, j)) and all(not self.toks[x].punct for x in range(i, j))

    def claim(self, i: int, j: int) -> None:
        for x in range(i, j):
            self.claimed[x] = True

    def negated(self, i: int) -> bool:
        return any(s.start <= i < s.end for s in self.negated_spans)


# ---------------------------------------------------------------------- entry point
def understand(message: str, vocab: Vocabulary, history: Sequence[dict] | None = None) -> RequestIntent:
    """Read one user turn. ``history``: earlier turns of this conversation as
    ``{"role": "user"|"assistant", "content": str}`` (used for pasted-dialogue style context);
    a message that is itself a pasted dialogue ("User: ... / Recommender: ...") is split by
    speaker."""
    message = (message or "").strip()[:MAX_MESSAGE]
    lex = vocab.lexicon
    text_norm = " ".join(message.lower().split())
    if any(p.search(text_norm) for p in lex.injection):
        return RequestIntent("refuse", message)
    from convrec.nlu.language import detect_language

    lang = detect_language(message)
    if lang != "en":
        return RequestIntent("chitchat", message, language=lang, notes=(f"language: {lang}",))
    segments = split_dialogue(message, vocab)
    if segments is None:
        message = _strip_user_label(message, vocab)
    if segments is None and history:
        segments = [("user" if h.get("role") == "user" else "other", str(h.get("content", ""))) for h in history]
        segments.append(("user", message))
    if segments is None:
        p = _parse(message, vocab)
        return _intent(message, vocab, p, [], dialogue=False)
    return _dialogue_intent(message, vocab, segments)


def split_dialogue(message: str, vocab: Vocabulary) -> list[tuple[str, str]] | None:
    """``[(speaker, text)]`` when the message is a pasted conversation with labelled speakers
    (one line per turn, or "Speaker: ..." chunks on one line), else None."""
    lex = vocab.lexicon
    names = sorted(lex.user_speakers | lex.other_speakers, key=len, reverse=True)
    pat = re.compile(r"(?:^|\n|(?<=[.!?\"]) +|\s/\s)\s*(" + "|".join(re.escape(n) for n in names) + r")\s*:\s*", re.I)
    marks = list(pat.finditer(message))
    if len(marks) < 2:
        return None
    segs: list[tuple[str, str]] = []
    for m, nxt in zip(marks, marks[1:] + [None]):
        who = m.group(1).lower()
        text = message[m.end(): nxt.start() if nxt else len(message)].strip()
        if text:
            segs.append(("user" if who in lex.user_speakers else "other", text))
    speakers = {s for s, _ in segs}
    if speakers != {"user", "other"}:
        return None
    return segs


def _strip_user_label(message: str, vocab: Vocabulary) -> str:
    """"User: I liked Click and Get Out" — one turn pasted with its speaker label: the label is
    no word of the request."""
    lex = vocab.lexicon
    m = re.match(r"\s*(" + "|".join(re.escape(n) for n in sorted(lex.user_speakers, key=len, reverse=True)) + r")\s*:\s+(?=\S)",
                 message, re.I)
    return message[m.end():] if m else message


# ---------------------------------------------------------------------- one speaker turn
_MILLION = re.compile(r"\b(?:(a|one|an)|(\d+(?:\.\d+)?))\s*(billion|bn|million|thousand)\b", re.I)
_SCALES = {"billion": 1_000_000_000, "bn": 1_000_000_000, "million": 1_000_000, "thousand": 1000}


def _scale(m: re.Match) -> str:
    n = float(m.group(2)) if m.group(2) else 1.0
    return str(int(n * _SCALES[m.group(3).lower()]))


_GLUED_UNIT = re.compile(r"\b(\d+(?:\.\d+)?)([a-z%]{1,5})\b", re.I)
_PREFIXED = re.compile(r"\b([a-z])(\d{1,2})(s?)\b", re.I)


def _units_apart(text: str, vocab: Vocabulary) -> str:
    """"50g" → "50 g", "2.0L" → "2.0 l", "500mg" → "500 mg" (a unit glued to its number) and,
    where the catalog has the column a prefix names, "V8" → "8 cylinders"."""
    from convrec.catalog.meaning import unit_for_word, units_data

    def glued(m: re.Match) -> str:
        u = m.group(2).lower()
        if u in ("s", "k", "m", "th", "st", "nd", "rd", "x", "p", "d") or unit_for_word(u) is None:
            return m.group(0)
        return f"{m.group(1)} {u}"

    # "km2", "km²", "sq mi": square units, which the tokenizer would split into a unit and a "2"
    text = re.sub(r"(?i)\b(km|mi|m|ft|cm)\s?(?:2|²)(?![\d])", lambda m: f" square {m.group(1).lower()}", text)
    text = re.sub(r"(?<=\d)\s?%", " percent", text)  # the tokenizer drops "%": "over 10%" = "over 10 percent"
    text = _GLUED_UNIT.sub(glued, text)
    prefixed = units_data()["prefixed"]
    if prefixed:
        have = {w for c in vocab.columns.values() for g in c.words for w in g}

        def pre(m: re.Match) -> str:
            word = prefixed.get(m.group(1).lower())
            return f"{m.group(2)} {word}" if word and word in have else m.group(0)

        text = _PREFIXED.sub(pre, text)
    return text


def _parse(text: str, vocab: Vocabulary, speaker: str = "user") -> _Parse:
    text = _RANGE.sub(r"\1 to \2", text)
    text = _MILLION.sub(_scale, text)
    if any(ch.isdigit() for ch in text):
        text = _units_apart(text, vocab)
    toks = tokenize(text)
    p = _Parse(toks, [t.w for t in toks], claimed=[False] * len(toks))
    _negation_scopes(p, vocab)
    _quoted_titles(p, vocab, speaker)
    _year_marked_titles(p, vocab, speaker)
    _full_titles(p, vocab, text, speaker)
    _delimited_titles(p, vocab, text, speaker)
    _creators_first(p, vocab)
    _exact_titles(p, vocab, speaker, relaxed=_fact_question(p, vocab) or vocab.lexicon.choice.contains(p.words)
                  or bool(vocab.lexicon.fact_open.match_at([x for x in p.words if x not in PUNCT], 0)))  # "tell me about ajax"
    _context_titles(p, vocab, speaker)
    _complete_titles(p, vocab)
    _extend_titles(p, vocab)
    _model_codes(p, vocab, speaker)
    if not p.mentions and _fact_question(p, vocab):
        _fact_title(p, vocab, speaker)
    _claim_listed(p, vocab, text)
    _codes(p, vocab)
    _title_words(p, vocab)
    _column_values(p, vocab)
    _bands(p, vocab)
    _signed_amounts(p, vocab)
    _numbers(p, vocab)
    _values(p, vocab, min_words=2)
    _vague(p, vocab)
    _sort_by_column(p, vocab)
    _values(p, vocab, min_words=1)
    _typo_values(p, vocab)
    _creator_names(p, vocab)
    _text_words(p, vocab)
    _count(p, vocab)
    _scope_words(p, vocab)
    if vocab.encoder is not None and speaker == "user":
        _paraphrases(p, vocab)
    _relations(p, vocab, speaker)
    return p


_ENTRY_END = re.compile(r"[.!?](?=\s|$)")


def _delimited_titles(p: _Parse, vocab: Vocabulary, text: str, speaker: str) -> None:
    """Titles given as a list, one per line or separated by ";" ("Products I enjoyed: Revlon
    ColorStay Makeup, Combination/Oily Skin, Cappuccino, 1 Ounce; Opi Nail Lacquer, Not So Bora
    Pink, 0.5 Fluid Ounce. Recommend ..."): each entry is linked as a whole, whatever its length
    or punctuation (commas, periods, brackets inside product names). The first entry may start
    after a header's ":", the last may end at a sentence's end; the longest exact catalog title
    wins, else a close fuzzy match of the whole entry. A list of options to choose from (after
    "Candidates:") is left to the other passes."""
    bounds = [m.start() for m in re.finditer(r"[;\n]", text)]
    if not bounds:
        return
    header = vocab.lexicon.list_header.search(text) if vocab.lexicon.list_header is not None else None
    edges = [-1, *bounds, len(text)]
    linker = vocab.linker
    found = []
    for a, b in zip(edges, edges[1:]):
        a += 1
        if header is not None and a >= header.start():
            break
        seg = text[a:b]
        lead = len(seg) - len(seg.lstrip(" \t-*•0123456789.)")) if re.match(r"\s*(?:[-*•]|\d+[.)])\s", seg) else 0
        starts = [a + lead] + [a + m.end() for m in re.finditer(r":\s*", seg)]
        ends = [b] + [a + m.start() for m in _ENTRY_END.finditer(seg)]
        best = None
        for s in starts:
            for e in ends:
                phrase = text[s:e].strip().rstrip(",.")
                if not any(ch.isalnum() for ch in phrase) or (len(phrase) < 3 and (s, e) != (starts[-1], b)):
                    continue  # a one-letter title ("M") only as a whole entry
                ids = vocab.title_ids(phrase)
                if ids and (best is None or len(phrase) > best[2]):
                    year = YEAR_SUFFIX.search(phrase)  # "King Kong (1976)": that one, not the 2005 film
                    best = (s, e, len(phrase), linker.best_index(ids, int(year.group(1)) if year else None, phrase), 100.0)
        if best is None:
            # a typo'd entry: the entry after a header's ":", up to one of its sentence ends
            s = max(starts)
            for e in sorted(set(ends), reverse=True)[:4]:
                phrase = text[s:e].strip().rstrip(",.")
                if len(phrase.split()) < 2:
                    continue
                link = linker.link(phrase)
                if link.item_id and link.score >= 92 and (best is None or link.score > best[4]):
                    best = (s, e, len(phrase), linker.index_of(link.item_id), link.score)
        if best is not None:
            found.append(best)
    # a list: two entries or more, or one long name ("Help" alone on a line is a word, not the film)
    if len(found) < 2 and not any(len(text[s:e].split()) >= 4 for s, e, *_ in found):
        return
    for s, e, _, idx, score in found:
        span = [k for k, t in enumerate(p.toks) if t.start >= s and t.end <= e]
        while span and p.toks[span[-1]].punct:
            span.pop()
        while span and p.toks[span[0]].punct:
            span.pop(0)
        if span and not any(p.claimed[k] for k in range(span[0], span[-1] + 1)):
            _mention(p, vocab, span[0], span[-1] + 1, idx, speaker, score)


def _claim_listed(p: _Parse, vocab: Vocabulary, text: str) -> None:
    """"... which would I like most? Candidates: Chess3D; Papers, Please; ...": after a list
    header the words are titles (linked above, or not in the catalog), never conditions, counts
    or years."""
    pat = vocab.lexicon.list_header
    m = pat.search(text) if pat is not None else None
    if m is None:
        return
    for i, t in enumerate(p.toks):
        if t.start >= m.end():
            p.claimed[i] = True


def _negation_scopes(p: _Parse, vocab: Vocabulary) -> None:
    lex, w = vocab.lexicon, p.words
    i = 0
    while i < len(w):
        n = lex.negation.match_at(w, i)
        if n and any(lex.compare[o].match_at(w, i) for o in lex.compare):
            n = 0  # "less than 500 mg", "no more than $10": a comparison, not a negation
        if not n or (w[i] == "no" and i + 1 < len(w) and w[i + 1] in PUNCT):
            i += 1
            continue
        j = i + n
        end = j
        words = 0
        while end < len(w) and words < 8:
            initial = w[end] == "." and end > 0 and len(w[end - 1]) == 1  # "J.K. Rowling"
            if (w[end] in PUNCT and not initial) or (end > j and lex.boundaries.match_at(w, end)):
                break
            words += 0 if w[end] in PUNCT else 1
            end += 1
        if end > j:
            p.negated_spans.append(_Span(j, end))
        i = max(end, i + 1)


def _mention(p: _Parse, vocab: Vocabulary, i: int, j: int, idx: int, speaker: str, score: float = 100.0) -> None:
    linker = vocab.linker
    text = " ".join(t.raw for t in p.toks[i:j])
    digits = [t.w for t in p.toks[i:j] if not t.punct and t.w not in ("$", "€", "£")]
    if digits and all(_num(x) is not None for x in digits) and linker.titles[idx].strip() != " ".join(digits) \
            or (i > 0 and p.toks[i - 1].w in ("$", "€", "£") and all(_num(x) is not None for x in digits)):
        return  # "$5" is a price, not the film "A.V." (whose title normalises to "5")
    m = ItemMention(linker.ids[idx], linker.titles[idx], text, "reference", speaker, score)
    p.mentions.append((_Span(i, j), m))
    p.claim(i, j)


def _model_codes(p: _Parse, vocab: Vocabulary, speaker: str) -> None:
    """A model code that only one title carries ("3990x" in "Ryzen Threadripper 3990X", "8700k"
    in "Core i7-8700K"): that item, with the words beside the code that its title also has
    ("threadripper 3990x", "i7 8700k")."""
    linker = vocab.linker
    index = vocab.code_titles
    if not index:
        return
    w = p.words
    for i, x in enumerate(w):
        if p.claimed[i] or x not in index or len(index[x]) != 1:
            continue
        idx = index[x][0]
        compact = normalize_title(str(linker.titles[idx])).replace(" ", "")
        a = i
        while a > 0 and not p.claimed[a - 1] and not p.toks[a - 1].punct and "".join(w[a - 1:i + 1]) in compact \
                and w[a - 1] not in vocab.lexicon.stop:
            a -= 1
        text = " ".join(t.raw for t in p.toks[a:i + 1])
        p.mentions.append((_Span(a, i + 1), ItemMention(linker.ids[idx], linker.titles[idx], text, "reference", speaker, 100.0)))
        p.claim(a, i + 1)


_LIST_SEP = {",", ";", "and", "&", "or", "/"}
_TITLE_END = _LIST_SEP | {".", "!", "?", "(", ":"}
_UNTITLED_END = set(",;.!?:(&/\"')")


def _spelled(s: str) -> str:
    """A title as written, case and punctuation kept, spaces ignored: a long name typed out
    exactly as the catalog has it ("a date night" is not *Date Night*)."""
    return re.sub(r"\s+", "", s)


def _full_titles(p: _Parse, vocab: Vocabulary, text: str, speaker: str, max_words: int = 30) -> None:
    """Catalog titles written out exactly, capitals and punctuation and all ("The Chronicles of Narnia: The
    Lion, the Witch and the Wardrobe", "Star Trek: Generations" after "The Rock,"), where a
    list separator or the sentence's end bounds them: the longest such title from each place a
    name can start claims its words, so commas and "and" inside a title do not split it and a
    name is never read across a list's comma ("The Rock, Star" is not "Rock Star")."""
    linker = vocab.linker
    w, toks = p.words, p.toks
    folded = ascii_fold(text) if not text.isascii() else text
    s = 0
    while s < len(w):
        if p.claimed[s] or toks[s].punct or not (s == 0 or toks[s - 1].punct or w[s - 1] in _LIST_SEP or
                                                 w[s - 1] in vocab.lexicon.stop):
            s += 1
            continue
        best = None
        for j in range(min(len(w), s + max_words), s + 1, -1):
            # a title may end in punctuation ("Go! Go! Nippon! ~My First Trip to Japan~"): the exact
            # match below keeps a sentence's own full stop out
            if not (j == len(w) or w[j] in _TITLE_END) or toks[j - 1].punct and w[j - 1] in _TITLE_END:
                continue
            if any(p.claimed[x] for x in range(s, j)) or sum(not toks[x].punct for x in range(s, j)) < 2:
                continue
            end = toks[j - 1].end
            while end < len(folded) and not folded[end].isspace() and folded[end] not in _UNTITLED_END:
                end += 1  # characters no token holds that end the name ("... Trip to Japan~")
            raw = folded[toks[s].start:end]
            idx = [i for i in linker.exact_indices(raw) if _spelled(YEAR_SUFFIX.sub("", ascii_fold(linker.titles[i]))) == _spelled(raw)]
            if idx:
                best = (j, linker.best_index(idx, None))
                break
        if best is None:
            s += 1
            continue
        _mention(p, vocab, s, best[0], best[1], speaker)
        s = best[0]


def _complete_titles(p: _Parse, vocab: Vocabulary) -> None:
    """A title written out in full whose mention was linked from a part of it ("Pirates of the
    Caribbean: The Curse of the Black Pearl", "Hero (Ying xiong)"): the rest of the catalog
    title that follows in the message belongs to the mention, not to the request's words."""
    w = p.words
    linker = vocab.linker
    for n, (span, m) in enumerate(p.mentions):
        # "Hero (Ying xiong)" linked as "Hero": the bracket that follows may name another title
        if span.end + 2 < len(w) and w[span.end] == "(":
            close = next((x for x in range(span.end + 1, min(len(w), span.end + 12)) if w[x] == ")"), None)
            if close is not None:
                full = linker.exact_indices(" ".join(t.raw for t in p.toks[span.start:close + 1]))
                if full and linker.ids[full[0]] != m.item_id and all(not p.claimed[x] for x in range(span.end, close + 1)):
                    idx = linker.best_index(full, None)
                    m = replace(m, item_id=linker.ids[idx], title=linker.titles[idx])
                    p.mentions[n] = (span, m)
        tt = [t.w for t in tokenize(m.title)]
        said = w[span.start:span.end]
        q = next((k for k in range(len(tt) - len(said) + 1) if tt[k:k + len(said)] == said), None) if said else None
        if q is None:
            continue
        e, k = span.end, q + len(said)
        while e < len(w) and k < len(tt) and w[e] == tt[k] and not p.claimed[e]:
            e, k = e + 1, k + 1
        while e > span.end and p.toks[e - 1].punct and w[e - 1] != ")":  # a list's comma is not the title's
            e -= 1
        if e > span.end and any(not p.toks[x].punct for x in range(span.end, e)):
            p.claim(span.end, e)
            text = " ".join(t.raw for t in p.toks[span.start:e])
            p.mentions[n] = (_Span(span.start, e), replace(m, text=text))


def _extend_titles(p: _Parse, vocab: Vocabulary) -> None:
    """"I loved Toy Stroy": a short title ("The Toy") linked from the first word of a longer
    one written with a typo gives way to the title the words together name (Toy Story)."""
    lex, w = vocab.lexicon, p.words
    out = []
    for span, m in p.mentions:
        best = None
        for extra in (2, 1):
            j = span.end + extra
            if j > len(w) or any(p.claimed[x] or p.toks[x].punct or not w[x].isalpha() or w[x] in lex.stop
                                 for x in range(span.end, j)):
                continue
            link = vocab.linker.link(" ".join(t.raw for t in p.toks[span.start:j]))
            if link.item_id and link.item_id != m.item_id and link.score >= 90 and \
                    len(normalize_words(link.title)) >= j - span.start:
                best = (j, link)
                break
        if best is None:
            out.append((span, m))
            continue
        j, link = best
        p.claim(span.start, j)
        out.append((_Span(span.start, j), replace(m, item_id=link.item_id, title=link.title,
                                                  text=" ".join(t.raw for t in p.toks[span.start:j]), score=link.score)))
    p.mentions = out


def normalize_words(title: str) -> list[str]:
    from convrec.catalog.linking import normalize_title

    return normalize_title(title).split()


def _year_after(p: _Parse, j: int) -> tuple[int | None, int]:
    """"(1995)" right after a title: the year and the tokens it spans."""
    w = p.words
    if j + 2 < len(w) + 0 and j < len(w) and w[j] == "(" and j + 2 < len(w) and _NUMBER.match(w[j + 1]) and w[j + 2] == ")":
        return int(w[j + 1]), 3
    return None, 0


_SENTENCE_END = {".", "!", "?", ";", "(", ")", '"'}


def _year_marked_titles(p: _Parse, vocab: Vocabulary, speaker: str, max_words: int = 12) -> None:
    """"Avengers: Infinity War (2018)": a year in brackets right after a name marks a title
    (how people and ReDial write films). Every start up to ``max_words`` back is linked with
    the year; the best link whose catalog year agrees within one year wins (exact beats
    fuzzy, then the longer span)."""
    w, toks = p.words, p.toks
    if not vocab.linker.years or all(y is None for y in vocab.linker.years[:50]):
        return
    for k in range(1, len(w) - 2):
        if not (w[k] == "(" and _NUMBER.match(w[k + 1]) and w[k + 2] == ")"):
            continue
        try:
            year = int(float(w[k + 1]))
        except ValueError:
            continue
        if not 1880 <= year <= 2035 or not p.free(k - 1, k):
            continue
        best: tuple[float, int, int] | None = None  # (score, span length, catalog index)
        i = k - 1
        while i >= 0 and k - i <= max_words and not p.claimed[i] and toks[i].w not in _SENTENCE_END:
            phrase = " ".join(t.raw for t in toks[i:k])
            first = toks[i]
            if not first.punct and (first.capitalised or first.w[:1].isdigit() or i == 0):
                ids = vocab.title_ids(phrase)
                ids = [x for x in ids if _year_close(vocab.linker.years[x], year)]
                if ids:
                    cand = (200.0, k - i, vocab.linker.best_index(ids, year))
                else:
                    link = vocab.linker.link(f"{phrase} ({year})")
                    idx = vocab.linker.index_of(link.item_id) if link.item_id else None
                    cand = (link.score, k - i, idx) if idx is not None and link.score >= 88 and \
                        _year_close(vocab.linker.years[idx], year) else None
                if cand is not None and (best is None or cand[:2] > best[:2]):
                    best = cand
            i -= 1
        if best is not None:
            start = k - best[1]
            _mention(p, vocab, start, k, best[2], speaker, min(best[0], 100.0))
            p.claim(k, k + 3)
        elif toks[k - 1].capitalised or toks[k - 1].w[:1].isdigit():
            p.claim(k, k + 3)  # a film the catalog does not have: its year is not a wish for that year


def _year_close(y, year: int) -> bool:
    try:
        return abs(int(float(y)) - year) <= 1
    except (TypeError, ValueError):
        return False


def _quoted_titles(p: _Parse, vocab: Vocabulary, speaker: str) -> None:
    w = p.words
    quotes = [i for i, x in enumerate(w) if x == '"']
    for a, b in zip(quotes[::2], quotes[1::2]):
        if b - a < 2 or not p.free(a + 1, b):
            continue
        text = " ".join(t.raw for t in p.toks[a + 1:b])
        link = vocab.linker.link(text)
        if link.item_id:
            idx = vocab.linker.index_of(link.item_id)
            _mention(p, vocab, a + 1, b, idx, speaker, link.score)
            p.claim(a, b + 1)


def _trigger_before(p: _Parse, vocab: Vocabulary, i: int, window: int = 4) -> bool:
    lex = vocab.lexicon
    for j in range(i, max(-1, i - window - 1), -1):
        if j < i and p.toks[j].w in CLAUSE_END and p.toks[j].w != ":":  # "what I've read: X, Y" lists
            return False
        for phrases in lex.relations.values():
            if phrases.ends_at(p.words, j) and j >= i - 1:
                return True
    return any(phr.ends_at(p.words, i) for phr in lex.relations.values())


def _after_mention_list(p: _Parse, i: int) -> bool:
    """Right after another mention, joined by "and", "or" or a comma."""
    for span, _ in p.mentions:
        gap = p.words[span.end:i]
        if span.end <= i and len(gap) <= 2 and all(g in (",", "and", "or", "&", "plus", "also") for g in gap):
            return True
    return False


def _creators_first(p: _Parse, vocab: Vocabulary) -> None:
    """Full creator names written with a capital ("Stephen King") before titles are scanned,
    so "King" is not read as a book called "The King"; lower-case ones after "by"."""
    w, toks = p.words, p.toks
    for n in (4, 3, 2):
        for i in range(0, len(w) - n + 1):
            j = i + n
            if any(p.claimed[x] for x in range(i, j)) or any(toks[x].punct and toks[x].w != "." for x in range(i, j)):
                continue
            inner = [x for x in w[i:j] if x != "."]
            if len(inner) < 2:
                continue
            hits = [h for h in vocab.lookup(" ".join(inner)) if h.role == "creator"]
            if not hits:
                continue
            by = i > 0 and w[i - 1] in ("by", "from", "of")
            if not (by or all(toks[x].capitalised for x in range(i, j) if toks[x].w != ".")):
                continue
            if vocab.title_ids(" ".join(t.raw for t in toks[i:j])) and not by:
                continue  # also a title: the title scan decides
            p.values.append((_Span(i, j), [[h for h in hits if h.column == hits[0].column]], " ".join(t.raw for t in toks[i:j])))
            p.claim(i, j)


def _fact_question(p: _Parse, vocab: Vocabulary) -> bool:
    """A question about one item ("when did casablanca come out", "Inception - which genres?"):
    titles may then be written in lower case or open the message."""
    from convrec.nlu.lexicon import Phrases

    w = [x for x in p.words if x not in PUNCT]
    question = bool(w) and (vocab.lexicon.question_start.contains(w[:8]) or "?" in p.words)
    asks_items = any(not (a > 0 and w[a - 1] in ("the", "this", "your")) for a, _ in vocab.lexicon.recommend.find(w))  # "on the list": a noun
    if not question or asks_items and not any(x in w for x in ("year", "genre", "genres", "when", "who")):
        return False
    return any(Phrases.of(keys).contains(w) for keys in FACT_KEYWORDS.values()) or \
        bool(_fact_columns(p.words, vocab, by_name_only=True))


_QUESTION_WORDS = {"what", "whats", "what's", "which", "when", "who", "whos", "who's", "how", "is", "was", "were", "did",
                   "does", "do", "the", "a", "an", "of", "come", "came", "out", "released", "release", "year", "genre",
                   "genres", "wrote", "write", "written", "made", "make", "author", "director", "developer", "publisher",
                   "price", "cost", "costs", "much", "rating", "rated", "average", "score", "tell", "me", "about",
                   "it", "in", "by", "for", "many", "ratings", "have", "has", "kind", "type", "published", "directed",
                   "developed", "please", "pls", "from", "date", "old", "long", "be", "its", "it's", "s"}


def _runs(indices, is_break) -> list[list[int]]:
    """Maximal runs of consecutive ``indices`` between breaks; ``is_break(i, current_run)``."""
    runs: list[list[int]] = []
    cur: list[int] = []
    for i in indices:
        if is_break(i, cur):
            if cur:
                runs.append(cur)
            cur = []
        else:
            cur.append(i)
    if cur:
        runs.append(cur)
    return runs


def _fact_title(p: _Parse, vocab: Vocabulary, speaker: str) -> None:
    """A question about one item whose title is written loosely ("who wrote good omens"): the
    longest run of words that are not question words is linked fuzzily."""
    w = p.words
    runs = _runs(range(len(w)), lambda i, cur: p.claimed[i] or p.toks[i].punct or (w[i] in _QUESTION_WORDS and not cur))
    for run in sorted(runs, key=len, reverse=True)[:2]:
        while run and w[run[-1]] in _QUESTION_WORDS:
            run = run[:-1]
        if not run or sum(len(w[x]) for x in run) < 3:
            continue
        text = " ".join(p.toks[x].raw for x in run)
        link = vocab.linker.link(text)
        if link.item_id and link.score >= 86:
            _mention(p, vocab, run[0], run[-1] + 1, vocab.linker.index_of(link.item_id), speaker, link.score)
            return


def _exact_titles(p: _Parse, vocab: Vocabulary, speaker: str, relaxed: bool = False) -> None:
    lex = vocab.lexicon
    w, toks = p.words, p.toks
    for n in range(min(10, len(w)), 0, -1):
        for i in range(0, len(w) - n + 1):
            j = i + n
            if any(p.claimed[x] for x in range(i, j)) or toks[i].punct or toks[j - 1].punct \
                    or any(toks[x].punct and toks[x].w not in (":", ",", "!", "?", ".") for x in range(i, j)) \
                    or any(toks[x].punct for x in range(i, j)) and n < 3:
                continue
            phrase = " ".join(t.raw for t in toks[i:j])
            ids = vocab.title_ids(phrase)
            last = toks[j - 1]
            if not ids and last.raw.lower().endswith(("'s", "’s")) and last.w == last.raw.lower()[:-2]:
                phrase = " ".join([t.raw for t in toks[i:j - 1]] + [last.raw[:-2]])  # "Microsoft's market value"
                ids = vocab.title_ids(phrase)
            if not ids:
                continue
            words = [x for x in w[i:j] if x not in PUNCT]
            if all(_num(x) is not None for x in words) and not (
                    relaxed and any(vocab.linker.titles[k].strip() == phrase.strip() for k in ids)):
                continue  # a year is not a title ("1984" is, in a question about it or a list to choose from)
            content = [x for x in words if x not in lex.stop]
            if not content:
                continue
            cap = any(t.capitalised or t.w[:1].isdigit() for t in toks[i:j] if t.w not in lex.stop) and \
                not (i == 0 and n == 1 and not relaxed and not (j < len(w) and w[j] in (",", ":", "?", "or", "and")))
            strict = _trigger_before(p, vocab, i) or _after_mention_list(p, i)
            # in a question about one item a lower-case title of one uncommon word counts ("the
            # population of ajax in 2021"), a common one does not ("how hot is heat")
            context = strict or (relaxed and (n >= 2 or len(words[0]) >= 6 or (
                len(words[0]) >= 4 and (word_rank(words[0]) or 10 ** 9) >= COMMON_WORD_RANK)))
            is_value = any(h.role == "category" for h in vocab.lookup(" ".join(words))) or " ".join(words) in lex.values
            if n == 1:
                ok = (cap or context) and len(words[0]) >= 3 and not (is_value and not strict) and words[0] not in lex.stop
                if ok and not cap and len(words[0]) < 5 and not (relaxed and len(words[0]) >= 4 and (
                        word_rank(words[0]) or 10 ** 9) >= COMMON_WORD_RANK):
                    ok = False
            else:
                whole = i == 0 and all(toks[x].punct for x in range(j, len(w)))  # the message is the title
                ok = (cap or context or len(content) >= 2 or whole) and not (is_value and not strict and not cap)
            if not ok:
                continue
            year, extra = _year_after(p, j)
            idx = vocab.linker.best_index(ids, year)
            series = _series(p, vocab, i, j)
            if series:
                for k2 in series:
                    _mention(p, vocab, i, j, k2, speaker)
                continue
            _mention(p, vocab, i, j, idx, speaker)
            if extra:
                p.claim(j, j + extra)


def _series(p: _Parse, vocab: Vocabulary, i: int, j: int) -> list[int]:
    """"all the harry potter books", "the witcher games": a name followed by a plural domain
    noun names every title that starts with it (a series), at most 20."""
    w = p.words
    if not (j < len(w) and w[j] in DOMAIN_NOUNS and w[j].endswith("s")):
        return []
    if not (i > 0 and (w[i - 1] in ("all", "the", "every") or _num(w[i - 1]) is not None)):
        return []
    from convrec.catalog.linking import normalize_title

    key = normalize_title(" ".join(t.raw for t in p.toks[i:j]))
    if len(key) < 4:
        return []
    hits = [k for k, n in enumerate(vocab.linker.norm) if n.startswith(key + " ") or n == key]
    if len(hits) < 2:
        return []
    if _num(w[i - 1]) is not None:
        p.claim(i - 1, i)  # "all 7 harry potter books": the 7 is not a count to show
    return sorted(hits, key=lambda k: -vocab.linker.pop[k])[:20]


_CHUNK_STOP = {"a", "lot", "so", "much", "too", "as", "well", "very", "recently", "yesterday", "last", "week", "year",
               "month", "night", "ago", "and", "or", "but", "also", "both", "of", "them", "it", "all", "which",
               "that", "those", "these", "then", "now", "already", "times", "million", "hundred", "thousand", "twice",
               "again", "forever", "hours", "lots", "before", "too", "myself", "yet", "still", "once", "ages", "years"}


def _context_titles(p: _Parse, vocab: Vocabulary, speaker: str) -> None:
    """Titles written with typos or in lower case after a relation word ("i loved toy stroy
    and aladin"): the span up to the clause's end is split on "and" / "," and each chunk is
    linked fuzzily; chunks that are catalog values or plain words are left alone."""
    lex, w = vocab.lexicon, p.words
    for i in range(len(w)):
        n = max((ph.match_at(w, i) for ph in lex.relations.values()), default=0)
        if not n:
            continue
        j = i + n
        end = j
        while end < len(w) and not p.toks[end].punct or (end < len(w) and w[end] == ","):
            if lex.boundaries.match_at(w, end) and w[end] not in ("and",) and end > j:
                break
            if w[end] in ("recommend", "suggest", "any", "what", "can", "could", "so", "but", "please", "want",
                          "looking", "give", "show", "need"):
                break
            end += 1
        chunks = _runs(range(j, end), lambda x, _: w[x] in (",", "and", "or", "&", "plus"))
        for ch in chunks:
            while ch and w[ch[-1]] in _CHUNK_STOP:
                ch = ch[:-1]
            while ch and w[ch[0]] in ("a", "an", "playing", "watching", "reading", "through", "all", "of"):
                ch = ch[1:]
            if not ch or len(ch) > 8 or not p.free(ch[0], ch[-1] + 1):
                continue
            words = [w[x] for x in ch]
            if all(x in lex.stop or x in DOMAIN_NOUNS for x in words) or any(x in DOMAIN_NOUNS for x in words):
                continue
            phrase_n = " ".join(words)
            if vocab.lookup(phrase_n) or phrase_n in lex.values or any(_NUMBER.match(x) for x in words[:1]):
                continue
            if sum(len(x) for x in words) < 4 and not (len(ch) == 1 and p.toks[ch[0]].raw.isupper() and len(words[0]) >= 2):
                continue  # short chunks only as acronyms ("FTL")
            link = vocab.linker.link(" ".join(p.toks[x].raw for x in ch))
            if link.item_id and link.score >= 88:
                idx = vocab.linker.index_of(link.item_id)
                if len(ch) == 1 and link.method != "exact" and (word_rank(words[0]) or 10 ** 9) < COMMON_WORD_RANK:
                    continue  # "all done": an ordinary word is no loose match for "Are We Done Yet?"
                _mention(p, vocab, ch[0], ch[-1] + 1, idx, speaker, link.score)


# ---------------------------------------------------------------------- numbers
def _num(s: str) -> float | None:
    m = _THOUSANDS.match(s)
    if m:
        return float(m.group(1)) * (1000 if m.group(2) == "k" else 1_000_000)
    if _NUMBER.match(s):
        try:
            return float(s.replace(",", "")) if s.count(",") and len(s.split(",")[-1]) == 3 else float(s.replace(",", "."))
        except ValueError:
            return None
    return None


def _comparator(p: _Parse, vocab: Vocabulary, i: int, j: int) -> tuple[str | None, int, int]:
    """The comparison written around the number at tokens [i, j): (op, first token, end token)."""
    lex, w = vocab.lexicon, p.words
    # before: up to 3 tokens back, skipping "the", "year", "$", "a"
    k = i
    while k > 0 and w[k - 1] in ("the", "year", "$", "a", "than", "of", "an", "rating", "score", "price", "priced"):
        if w[k - 1] == "than":
            break
        k -= 1
    # after: "or less", "or later", "and up", "+", "onwards" (more specific than a "from" before)
    start = k - max((lex.compare[o].ends_at(w, k) for o in ("=", ">=")), default=0)
    for op in ("<=", ">="):
        n = lex.compare[op].match_at(w, j)
        if n:
            return op, min(i, start), j + n
    if j < len(w) and w[j] == "+":
        return ">=", min(i, start), j + 1
    for op in ("<=", ">=", "<", ">", "="):
        n = lex.compare[op].ends_at(w, k)
        if n:
            return op, k - n, j
    return None, i, j


def _numbers(p: _Parse, vocab: Vocabulary) -> None:
    lex, w = vocab.lexicon, p.words
    time_col = vocab.first("time")
    text_words = set(w)
    i = 0
    while i < len(w):
        if p.claimed[i]:
            i += 1
            continue
        x = w[i]
        # decades: 90s, 1990s, nineties, early 80s
        dec = _decade(x, lex)
        if dec is not None and time_col:
            lo, hi = dec, dec + 9
            a = i
            for mod, (m0, m1) in lex.decade_mod.items():
                if i > 0 and w[i - 1] == mod:
                    lo, hi, a = dec + m0, dec + m1, i - 1
            a = a - 1 if a > 0 and w[a - 1] == "the" else a
            op, s, e = _comparator(p, vocab, a, i + 1)
            if op in (">", ">="):
                conds = [Condition(time_col, ">" if op == ">" else ">=", float(hi if op == ">" else lo), x, "time")]
            elif op in ("<", "<="):
                conds = [Condition(time_col, "<" if op == "<" else "<=", float(lo if op == "<" else hi), x, "time")]
            else:
                conds = [Condition(time_col, ">=", float(lo), x, "time"), Condition(time_col, "<=", float(hi), x, "time")]
                s = min(s, a)
                # "60s or 70s", "the 80s and 90s": either decade, not both at once
                spans = [(lo, hi)]
                while e + 1 < len(w) and w[e] in ("or", "and", "/", "&") and _decade(w[e + 1], lex) is not None:
                    d2 = _decade(w[e + 1], lex)
                    spans.append((d2, d2 + 9))
                    e += 2
                if len(spans) > 1:
                    spans.sort()
                    text = " ".join(w[s:e])
                    if all(b[0] == a[1] + 1 for a, b in zip(spans, spans[1:])):
                        conds = [Condition(time_col, ">=", float(spans[0][0]), text, "time"),
                                 Condition(time_col, "<=", float(spans[-1][1]), text, "time")]
                    else:
                        conds = [Condition(time_col, "in", tuple(float(y) for a, b in spans for y in range(a, b + 1)),
                                           text, "time")]
            for c in conds:
                p.numbers.append((_Span(s, e), c))
            p.claim(min(s, a), max(e, i + 1))
            i = max(e, i + 1)
            continue
        v = _num(x)
        if v is None:
            i += 1
            continue
        if i > 0 and p.toks[i - 1].w.isalpha() and p.toks[i].start == p.toks[i - 1].end and len(p.toks[i - 1].w) <= 3:
            i += 1
            continue  # "L3", "i7", "PS4": the digits of a name, not a number
        # "from the last 15 years", "past 5 years": a time window up to today
        if time_col and i > 0 and w[i - 1] in ("last", "past") and i + 1 < len(w) and w[i + 1] in ("years", "year") \
                and 0 < v <= 200:
            import datetime

            s0 = i - 2 if i > 1 and w[i - 2] == "the" else i - 1
            p.numbers.append((_Span(s0, i + 2), Condition(time_col, ">=", float(datetime.date.today().year - int(v)),
                                                        " ".join(w[s0:i + 2]), "time")))
            p.claim(s0, i + 2)
            i += 2
            continue
        # ranges: between 2000 and 2005, from 2000 to 2005, 2000 to 2005
        if i + 2 < len(w) and lex.range_join.match_at(w, i + 1) and _num(w[i + 1 + lex.range_join.match_at(w, i + 1)] if i + 1 + lex.range_join.match_at(w, i + 1) < len(w) else "") is not None:
            jn = lex.range_join.match_at(w, i + 1)
            v2 = _num(w[i + 1 + jn])
            col, role = _column_for_number(p, vocab, i, i + 2 + jn, v, text_words)
            if col:
                s = i - 1 if i > 0 and lex.range_start.ends_at(w, i) else i
                f = p.factors.get(i, 1.0)
                lo, hi = sorted((v * f, v2 * f))
                p.numbers.append((_Span(s, i + 2 + jn), Condition(col, ">=", lo, x, role)))
                p.numbers.append((_Span(s, i + 2 + jn), Condition(col, "<=", hi, x, role)))
                p.claim(s, i + 2 + jn)
                i = i + 2 + jn
                continue
        col, role = _column_for_number(p, vocab, i, i + 1, v, text_words)
        if not col:
            col, role = _column_by_magnitude(p, vocab, i, v)
        if not col:
            i += 1
            continue
        op, s, e = _comparator(p, vocab, i, i + 1)
        if role == "price":
            s = s - 1 if s > 0 and w[s - 1] in ("$", "€", "£") else s
            while e < len(w) and w[e] in ("$", "dollars", "dollar", "bucks", "usd", "euros", "eur"):
                e += 1
            op = op or "<="
            if op == "=" and w[s] in ("in", "of", "from"):
                op = "<="
        elif role == "time":
            if op is None:
                op = "="
        elif role in ("rating", "count"):
            while e < len(w) and w[e] in ("stars", "star", "ratings", "reviews", "votes", "or", "more", "better",
                                          "higher", "above", "+", "and", "up"):
                e += 1
            op = op if op not in (None, "=") else ">="
        if i in p.factors:  # a number bound by the column's words: its unit, then an "or more" after it
            _, n_unit = _unit_after(w, i + 1)
            if n_unit and e <= i + 1:
                e = i + 1 + n_unit
            for o in ("<=", ">="):
                n2 = lex.compare[o].match_at(w, e)
                if n2 and op is None:
                    op, e = o, e + n2
            if e < len(w) and w[e] == "+" and op is None:
                op, e = ">=", e + 1
            op = op or "="
            v = v * p.factors[i]
        if role == "time" and op == "=" and e + 1 < len(w) and w[e] in ("or", "and") and _num(w[e + 1]) is not None \
                and 1870 <= (_num(w[e + 1]) or 0) <= 2035:
            v2 = _num(w[e + 1])
            lo, hi = sorted((v, v2))
            p.numbers.append((_Span(s, e + 2), Condition(col, ">=", float(lo), " ".join(w[s:e + 2]), role)))
            p.numbers.append((_Span(s, e + 2), Condition(col, "<=", float(hi), " ".join(w[s:e + 2]), role)))
            p.claim(s, e + 2)
            i = e + 2
            continue
        cond = Condition(col, op or "=", float(v), " ".join(w[s:e]), role)  # "a cpu with 128 cores": that number
        if p.negated(i):  # "not before 2000" / "not over $20": the opposite comparison
            flip = {"<": ">=", "<=": ">", ">": "<=", ">=": "<", "=": "!="}
            cond = replace(cond, op=flip[cond.op])
        p.numbers.append((_Span(s, e), cond))
        p.claim(s, e)
        i = max(e, i + 1)


def _decade(x: str, lex) -> int | None:
    m = _DECADE_TOKEN.match(x)
    if m:
        if m.group(1):
            return int(m.group(1) + m.group(2) + "0")
        d = int(m.group(3))
        return (1900 if d >= 2 else 2000) + d * 10
    return lex.decade_words.get(x)


def _unit_after(w: list[str], j: int) -> tuple[str | None, int]:
    """The unit written right after a number at token j ("g", "mg", "hours", "miles per
    gallon"): (unit, tokens it takes), or (None, 0)."""
    from convrec.catalog.meaning import unit_for_word

    for n in (3, 2, 1):
        if j + n <= len(w):
            u = unit_for_word(" ".join(w[j:j + n]))
            if u is not None:
                return u, n
    return None, 0


def _phrase_at(w: list[str], phrase: str, lo: int, hi: int, near: int = 0, claimed: list[bool] | None = None) -> int | None:
    """Where a (possibly multi-word) phrase occurs in w[lo:hi]: the unclaimed occurrence nearest
    to token ``near``."""
    parts = phrase.split()
    found = [k for k in range(max(lo, 0), min(hi, len(w)) - len(parts) + 1) if w[k:k + len(parts)] == parts
             and not (claimed and any(claimed[x] for x in range(k, k + len(parts))))]
    return min(found, key=lambda k: abs(k - near)) if found else None


def _round_in(v: float, div: float) -> bool:
    """Is v a round number of thousands / millions / billions ("500 million" = 0.5 billion)?"""
    return abs(v / div - round(v / div, 3)) < 1e-9


def _signed_column(vocab: Vocabulary) -> str | None:
    """The measure of this catalog that goes below zero when an item loses (profits, net
    income, change): a numeric column with values on both sides of zero, named like one."""
    lex = vocab.lexicon
    cands = [c for c in vocab.columns.values() if c.type in ("integer", "real") and c.min is not None
             and c.max is not None and float(c.min) < 0 < float(c.max) and c.role not in ("id", "time", "rating")]
    named = [c for c in cands if set(norm(c.label or c.name).split()) & lex.signed_measures
             or any(set(g) & lex.signed_measures for g in c.words)]
    pick = named or (cands if len(cands) == 1 else [])
    return pick[0].name if pick else None


def _signed_amounts(p: _Parse, vocab: Vocabulary) -> None:
    """"lost money", "lost more than a billion", "didn't lose money", "profitable banks": a
    bound on the catalog's signed measure (below zero is a loss)."""
    lex, w = vocab.lexicon, p.words
    if not (lex.loss.contains(w) or lex.gain.contains(w)):
        return
    col = _signed_column(vocab)
    if col is None:
        return
    info = vocab.columns[col]
    for phrases, loss in ((lex.loss, True), (lex.gain, False)):
        for a, b in phrases.find(w):
            if any(p.claimed[k] for k in range(a, b)):
                continue
            neg = p.negated(a) or (a > 0 and w[a - 1] in _NOT_BEFORE)
            end, op, v = b, None, None
            k = b
            while k < len(w) and w[k] in ("a", "an", "the"):
                k += 1
            for cop, ph in lex.compare.items():
                n = ph.match_at(w, k)
                if n and cop != "=" and k + n < len(w) and _num(w[k + n]) is not None:
                    op, v, end = cop, float(_num(w[k + n])), k + n + 1
                    break
            if op is None and k < len(w) and _num(w[k]) is not None:
                op, v, end = ">=", float(_num(w[k])), k + 1  # "lost 2 billion"
            if v is not None:
                if v >= 1000 and float(info.max) < 10000:  # "a billion" on a column kept in billions
                    for div in (1e3, 1e6, 1e9):
                        if _round_in(v, div) and v / div <= max(abs(float(info.min)), abs(float(info.max))):
                            v /= div
                            break
                v /= (info.scale or 1.0)
            while end < len(w) and lex.money.match_at(w, end):
                end += lex.money.match_at(w, end)
            text = " ".join(t.raw for t in p.toks[a:end])
            if v is None:
                loses = loss != neg
                cond = Condition(col, "<" if loses else ">=", 0.0, text, info.role) if loss else \
                    Condition(col, ">" if loses is False else "<=", 0.0, text, info.role)
                if not loss:
                    cond = Condition(col, "<=" if neg else ">", 0.0, text, info.role)
                p.numbers.append((_Span(a, end), cond))
            elif loss and not neg:
                # lost more than v → below −v; lost less than v → between −v and 0
                flip = {">": "<", ">=": "<=", "<": ">", "<=": ">="}[op]
                p.numbers.append((_Span(a, end), Condition(col, flip, -v, text, info.role)))
                if op in ("<", "<="):
                    p.numbers.append((_Span(a, end), Condition(col, "<", 0.0, text, info.role)))
            else:
                p.numbers.append((_Span(a, end), Condition(col, op, v if not loss else -v, text, info.role)))
            p.claim(a, end)
            if neg and a > 0 and w[a - 1] in _NOT_BEFORE:
                p.claim(a - 1, a)


def _bind_by_words(p: _Parse, vocab: Vocabulary, i: int, j: int) -> tuple[str | None, str, float]:
    """A number bound to the numeric column a request names near it, by the column's words
    and the number's unit ("under 10 grams of fat" → total fat, "35 mpg highway" → highway
    mpg, "an engine under 2.0 l" → displacement). Returns (column, role, factor to the
    column's stored unit)."""
    from convrec.catalog.meaning import convert, unit_words

    w = p.words
    unit, _ = _unit_after(w, j)
    # the words around the number, not reaching past another number
    fam = _family_years(vocab)  # "population change from 2016 to 2021 was over 10%": those years name the column
    lo, hi = max(0, i - 6 - 3 * bool(fam)), min(len(w), j + 5)
    for k in range(i - 1, lo - 1, -1):
        if _num(w[k]) is not None and _num(w[k]) not in fam:
            lo = k + 1
            break
    for k in range(j, hi):
        if _num(w[k]) is not None and _num(w[k]) not in fam:
            hi = k
            break
    best, best_key, best_words = None, None, []
    v0 = _num(w[i])
    if v0 is not None and v0 in _family_years(vocab):
        return None, "", 1.0  # "(2021 census)": the year that picks a column of a measure by year, no value
    said_years = {int(_num(x)) for x in w[max(0, i - 8):j + 8] if _num(x) is not None and float(_num(x)).is_integer()}
    for c in vocab.columns.values():
        if c.type not in ("integer", "real") or c.role != "other" or not c.words:
            continue  # price, rating, count and time columns have their own readers
        factor = 1.0
        if unit is not None:
            conv = convert(1.0, unit, c.unit) if c.unit else None
            named_unit = any(unit in g or any(x in g for x in unit_words(unit)) for g in c.words)
            if conv is None and not named_unit:
                continue
            factor = conv if conv is not None else 1.0
            if unit == "%" and c.min is not None and c.max is not None and max(abs(float(c.min)), abs(float(c.max))) <= 1.5:
                factor = 0.01  # a percent kept as a fraction (0.2 for 20 %)
        matched, dist, where = 0, 99, []
        for g in c.words:
            hits = [(k, ph) for ph in g for k in [_phrase_at(w, ph, lo, hi, i, p.claimed)] if k is not None]
            if hits:
                matched += 1
                k, ph = min(hits, key=lambda x: abs(x[0] - i))
                dist = min(dist, abs(k - i))
                where.append((k, k + len(ph.split())))
        if not matched and unit is None:
            continue
        coverage = matched / len(c.words)
        unit_ok = unit is not None and bool(c.unit) and convert(1.0, unit, c.unit) is not None
        if not (coverage == 1.0 or unit_ok or (matched and dist <= 2)):
            continue
        # "4 cores, base clock …": the column named next to the number; of a measure by year
        # ("population_2016" … "population_2021"), the year said, else the latest
        key = (coverage, unit_ok, -dist, matched, len(said_years & set(c.years)), c.latest)
        if best_key is None or key > best_key:
            best, best_key, best_words = (c, factor), key, where
    if best is None:
        return None, "", 1.0
    c, factor = best
    v = _num(w[i])
    if v is not None and v >= 1000 and not unit and c.max is not None and c.min is not None and factor == 1.0 \
            and float(c.max) < 10000 and not float(c.min) <= v / (c.scale or 1.0) <= float(c.max):
        # "over 100 billion in sales" on a column of 0.01–256: the column holds thousands, millions or billions
        # (not "5 million people" on a population column of up to 2.8 million: that is more than any)
        for div in (1e3, 1e6, 1e9):
            if float(c.min) <= v / div <= float(c.max) and _round_in(v, div):
                factor = 1.0 / div
                break
    if v is not None and c.max is not None and c.min is not None and not unit and \
            not (lex_compares(vocab, w, i, j)) and not (float(c.min) <= v * factor / (c.scale or 1.0) <= float(c.max)):
        return None, "", 1.0  # "mustang shelby gt 500 … mpg": a number of a name, not a value of the column
    for a, b in best_words:
        p.claim(a, b)
    for k in range(max(0, i - 8), min(len(w), j + 8)):  # the year that chose the column is used up
        if c.years and _num(w[k]) is not None and _num(w[k]) in c.years and not p.claimed[k]:
            p.claim(k, k + 1)
    for x in c.label.split():  # "40 mpg combined": the label's other words were said too
        k = _phrase_at(w, x, lo, hi, i, p.claimed)
        if k is not None and x not in vocab.lexicon.stop:
            p.claim(k, k + 1)
    return c.name, c.role, factor / (c.scale or 1.0)


def _family_years(vocab: Vocabulary) -> set[float]:
    """Every year a column of a measure-by-year family is named by (see ``vocab.year_families``)."""
    got = vocab.__dict__.get("_family_years")
    if got is None:
        got = {float(y) for c in vocab.columns.values() for y in c.years}
        vocab.__dict__["_family_years"] = got
    return got


def lex_compares(vocab: Vocabulary, w: list[str], i: int, j: int) -> bool:
    """Is a comparison written around the number at tokens [i, j)?"""
    lex = vocab.lexicon
    before = any(lex.compare[o].ends_at(w, k) for o in lex.compare for k in (i, i - 1) if k > 0)
    after = any(lex.compare[o].match_at(w, k) for o in ("<=", ">=") for k in (j, j + 1)) or (j < len(w) and w[j] == "+")
    return before or after


def _column_for_number(p: _Parse, vocab: Vocabulary, i: int, j: int, v: float, text_words: set[str]) -> tuple[str | None, str]:
    """Which column a number speaks of, by the words around it and the columns' ranges."""
    lex, w = vocab.lexicon, p.words
    if i > 0 and w[i - 1] in ("top", "best", "first", "give", "me", "the") and v < 100 and j < len(w) and not w[j] in ("$", "dollars", "bucks", "stars"):
        return None, ""  # "top 3 most rated": a count of items, not a condition
    near = w[max(0, i - 3):min(len(w), j + 3)]
    price_col, time_col = vocab.first("price"), vocab.first("time")
    adjacent = w[max(0, i - 1):i] + w[j:j + 1]
    if price_col and (any(x in ("$", "€", "£") for x in adjacent) or any(lex.units["price"].match_at(w, j) for _ in [0]) and
                      w[j:j + 1] and w[j] in ("dollars", "dollar", "bucks", "buck", "usd", "euros", "euro", "eur", "quid")):
        return price_col, "price"
    col, role, factor = _bind_by_words(p, vocab, i, j)
    if col:
        p.factors[i] = factor
        return col, role
    yearish = time_col and float(v).is_integer() and 1870 <= v <= 2035
    if yearish and i > 0 and (w[i - 1] in ("from", "in", "since", "after", "before", "until", "till", "of", "circa", "around",
                                           "pre", "post", "than", "year", "between", "and", "to", "or") or
                              (j < len(w) and (w[j] in DOMAIN_NOUNS or w[j] in ("onwards", "onward", "or", "and", "to")))):
        return time_col, "time"
    if price_col and (any(x in ("$", "€", "£") for x in near) or any(lex.units["price"].match_at(near, k) for k in range(len(near)))):
        return price_col, "price"
    if v in _family_years(vocab) and not time_col:
        return None, ""  # "population change from 2016 to 2021": years that pick a column, not its values
    if not time_col and float(v).is_integer() and 1900 <= v <= 2035 and i > 0 and w[i - 1] in ("in", "during", "for", "of") \
            and not _family_years(vocab):
        return None, ""  # "fewer than 500k passengers in 2021": the year of the figures, not a value
    for c in vocab.role("rating") + vocab.role("count") + vocab.role("other") + ([price_col] if price_col else []):
        if c and (c in near or c.replace("_", " ") in " ".join(near) or any(part in near for part in c.split("_") if len(part) > 4)):
            return c, vocab.columns[c].role
    if any(lex.units["rating"].match_at(near, k) for k in range(len(near))):
        for c in vocab.role("rating"):
            lo, hi = vocab.numeric_range(c)
            if lo is not None and lo <= v <= hi:
                return c, "rating"
    if v in _family_years(vocab) and not time_col:
        return None, ""  # a year that names a column of a measure by year, not a count
    if any(lex.units["count"].match_at(near, k) for k in range(len(near))) and v >= 10:
        c = vocab.first("count")
        if c:
            return c, "count"
    if time_col and float(v).is_integer() and 1870 <= v <= 2035 and not (i > 0 and w[i - 1] in ("$", "top")):
        return time_col, "time"
    return None, ""


def _column_by_magnitude(p: _Parse, vocab: Vocabulary, i: int, v: float) -> tuple[str | None, str]:
    """A compared number no word binds ("under 3000", "at least 0.5"): the one measure column of
    this catalog whose values it could bound, by magnitude — within a range's width of its values
    and not ten times below its smallest. None when no comparison is written, when the words after
    it name a column of another kind ("3 or more metro lines": a count of lines), or when no
    column or several could hold it (then the number is left for the reply to name, never guessed)."""
    op, _, e = _comparator(p, vocab, i, i + 1)
    if op is None:
        return None, ""
    after = [x for x in p.words[e:e + 3] if x not in vocab.lexicon.stop]
    if after and any(vocab.columns[c].type not in ("integer", "real")
                     for c in _fact_columns(after, vocab, by_name_only=True)):
        return None, ""  # "3 or more metro lines": it counts a column's values (lines), it bounds no measure
    fits = []
    for c in vocab.columns.values():
        if c.type not in ("integer", "real") or c.role in ("id", "time") or c.name == "popularity":
            continue
        if c.min is None or c.max is None or float(c.max) <= float(c.min):
            continue
        lo, hi = float(c.min), float(c.max)
        width = hi - lo
        if lo - width <= v <= hi + width and (lo <= 0 or v >= lo / 10) \
                and not (c.type == "integer" and not float(v).is_integer()):
            fits.append(c)
    if len(fits) != 1:
        return None, ""
    return fits[0].name, fits[0].role


def _vague(p: _Parse, vocab: Vocabulary) -> None:
    lex, w = vocab.lexicon, p.words
    price, time_col = vocab.first("price"), vocab.first("time")
    rating, count = vocab.first("rating"), vocab.first("count")
    for name, phrases in lex.vague.items():
        for a, b in phrases.find(w):
            if not p.free(a, b):
                continue
            text = " ".join(w[a:b])
            neg = p.negated(a)
            if name == "free" and price:
                if w[a] == "free" and b < len(w) and w[b] in ("to", "time", "weekend", "trial"):
                    continue
                p.numbers.append((_Span(a, b), Condition(price, ">" if neg else "<=", 0.0, text, "price")))
            elif name == "not_free" and price:
                p.numbers.append((_Span(a, b), Condition(price, ">", 0.0, text, "price")))
            elif name == "cheap" and price:
                p.numbers.append((_Span(a, b), Condition(price, "<=", lex.cheap_max, text, "price")))
            elif name == "recent" and time_col and not neg:
                hi = vocab.columns[time_col].max
                if hi is None:
                    continue
                if w[a] in ("new", "newer") and not (b < len(w) and (w[b] in DOMAIN_NOUNS or w[b] in ("release", "releases"))):
                    continue  # "something new" = not seen before, not "recent"
                p.numbers.append((_Span(a, b), Condition(time_col, ">=", float(hi - lex.recent_years), text, "time")))
            elif name == "old" and time_col:
                if a > 0 and w[a - 1] in ("year", "years", "month", "months", "yr", "yrs"):
                    continue  # "a 5 year old"
                if any(c.column == time_col for _, c in p.numbers):
                    p.claim(a, b)  # "an old school strategy game from the 90s": the years say it; not oldest-first
                    continue
                if b < len(w) and not p.claimed[b] and w[b].isalpha() and w[b] not in lex.stop \
                        and w[b] not in DOMAIN_NOUNS and w[b] not in GENERIC_NOUNS:
                    continue  # "old hollywood", "old timey": a style, read as a preference
                p.sort.append(SortHint(time_col, False, text))
            elif name == "top_rated":
                p.sort.append(SortHint(rating or count or "popularity", True, text))
            elif name == "popular":
                p.sort.append(SortHint(count or "popularity", True, text))
            elif name in ("cheapest", "priciest") and price:
                p.sort.append(SortHint(price, name == "priciest", text))
            else:
                continue
            p.claim(a, b)


_SORT_DESC = {"by", "highest", "most", "largest", "biggest", "greatest", "top", "max", "maximum"}
_SORT_ASC = {"lowest", "least", "smallest", "fewest", "min", "minimum"}


def _sort_by_column(p: _Parse, vocab: Vocabulary) -> None:
    """"top 5 companies by profits", "the highest sales", "lowest assets first", "sorted by
    market value": an order on the numeric column the words name (not a condition)."""
    w = p.words
    for a, x in enumerate(w):
        if p.claimed[a] or x not in _SORT_DESC | _SORT_ASC:
            continue
        b = a + 1
        while b < len(w) and w[b] in ("the", "their", "its", "in", "of"):
            b += 1
        for e in range(min(len(w), b + 3), b, -1):
            if any(p.claimed[k] or p.toks[k].punct for k in range(b, e)):
                continue
            cols = [c for c in _fact_columns(w[b:e], vocab, by_name_only=True)
                    if vocab.columns[c].type in ("integer", "real") and vocab.columns[c].role != "id"]
            if len(cols) == 1:
                asc = x in _SORT_ASC or any(y in ("ascending", "lowest", "smallest", "least", "oldest") for y in w) \
                    or (x == "by" and vocab.columns[cols[0]].role == "time" and "newest" not in w)  # "by year": in order
                if x == "by" and a > 0 and w[a - 1] in ("sorted", "ordered", "ranked", "sort", "order", "rank"):
                    a -= 1  # "sorted by market value"
                p.sort.append(SortHint(cols[0], not asc, " ".join(t.raw for t in p.toks[a:e])))
                p.claim(a, e)
                break
        else:
            continue


# ---------------------------------------------------------------------- values
def _values(p: _Parse, vocab: Vocabulary, min_words: int) -> None:
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
            if n == 1 and (phrase in lex.stop and phrase not in lex.values):
                continue
            if n == 1 and len(phrase) <= 2 and phrase not in lex.values and not toks[i].raw.isupper():
                continue  # "en" in a Spanish sentence is not the language code "en"
            if n > 1 and lex.negation.match_at(inner, 0):
                continue  # "not seen": the user's negation, not a tag value "Not Seen"
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
                    if not (by or caps or len(inner) >= 2 or (n == 1 and toks[i].capitalised and len(phrase) >= 4 and i > 0)):
                        continue
                groups = [[h for h in hits if h.column == top.column]]
            groups = [_with_longer_forms(vocab, g) for g in groups]
            p.values.append((_Span(i, j), groups, " ".join(t.raw for t in toks[i:j])))
            p.claim(i, j)


def _title_words(p: _Parse, vocab: Vocabulary) -> None:
    """"songs with love in the title", "anything with 'night' in its name": words of the title."""
    w = p.words
    for k in range(len(w)):
        if w[k] not in ("title", "titles", "name", "names") or k < 3 or w[k - 2] != "in" \
                or w[k - 1] not in ("the", "its", "their", "a"):
            continue
        a = next((j for j in range(k - 3, max(-1, k - 7), -1) if w[j] in ("with", "containing", "has", "have", "having")), None)
        if a is None or a + 1 > k - 3 or any(p.claimed[j] for j in range(a + 1, k - 2)):
            continue
        words = [x for x in w[a + 1:k - 2] if x not in PUNCT and x not in ("'", '"', "the", "word")]
        if not words:
            continue
        phrase = " ".join(words)
        p.values.append((_Span(a + 1, k + 1), [[ValueHit("title", phrase, 0, "text")]], " ".join(t.raw for t in p.toks[a:k + 1])))
        p.claim(a, k + 1)


def _column_values(p: _Parse, vocab: Vocabulary) -> None:
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
            if x not in own[c.name]:
                continue
            for j, step in ((i + 1, 1), (i - 1, -1)):  # "line 4" / "the 7bis line"
                k = j
                while 0 <= k < len(w) and w[k] in ("the", "no", "number", "#") and step == 1:
                    k += 1
                if not (0 <= k < len(w)) or p.claimed[k] or toks[k].punct:
                    continue
                hits = [h for h in vocab._exact_hits(toks[k].raw) if h.column == c.name] or \
                    [h for h in vocab.values.get(norm(toks[k].raw), []) if h.column == c.name and h.value.lower() == w[k]]
                if hits:
                    a, b = (i, k + 1) if step == 1 else (k, i + 1)
                    hits = [replace(h, role="named") for h in hits[:1]]  # said with its column's word: a condition
                    p.values.append((_Span(a, b), [hits], " ".join(t.raw for t in toks[a:b])))
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
                if a > 0 and w[a - 1] in _NOT_BEFORE:
                    p.negated_spans.append(_Span(a, b))  # "that don't connect to the rer"
                p.values.append((_Span(a, b), [hits], " ".join(t.raw for t in toks[a:b])))
                p.claim(a, b)
                break
    # "in the 15th": a numbered word that is part of exactly one value ("Paris 15th")
    index = vocab.numbered_words
    for i, x in enumerate(w):
        if not p.claimed[i] and len(index.get(x, ())) == 1:
            col, val = next(iter(index[x]))
            hits = [h for h in vocab._exact_hits(val) if h.column == col]
            if hits:
                p.values.append((_Span(i, i + 1), [hits[:1]], toks[i].raw))
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


def _codes(p: _Parse, vocab: Vocabulary) -> None:
    """Model codes the items' texts carry, however the user spaces them ("rav 4" = RAV4,
    "f-150" = F150, "mx5" = MX-5): a condition on that text, before the digits are read as a number."""
    if not vocab.text_words:
        return
    toks, w = p.toks, p.words
    for i in range(len(w) - 1):
        a, b = toks[i], toks[i + 1]
        if p.claimed[i] or p.claimed[i + 1] or not (a.w.isalpha() and len(a.w) <= 5 and b.w.isdigit()) \
                or b.start - a.end > 1 or len(b.w) > 4:
            continue
        code = a.w + b.w
        hits = [(df[code], col) for col, df in vocab.text_words.items() if df.get(code, 0) >= 1]
        if hits:
            n, col = max(hits)
            p.values.append((_Span(i, i + 2), [[ValueHit(col, code, n, "text")]], f"{a.raw}{' ' if b.start > a.end else ''}{b.raw}"))
            p.claim(i, i + 2)


def _bands(p: _Parse, vocab: Vocabulary) -> None:
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
                p.numbers.append((_Span(i, e), Condition(col, "<" if neg else ">=", lo, said, role)))
            if hi is not None:
                p.numbers.append((_Span(i, e), Condition(col, ">" if neg else "<=", hi, said, role)))
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
            out += [ValueHit(col, v, n, "category") for nv, v, n in by_col[col]
                    if nv.endswith(key) and (col, v) not in seen]
            seen |= {(col, v) for nv, v, n in by_col[col] if nv.endswith(key)}
    return out


def _typo_phrases(p: _Parse, vocab: Vocabulary) -> None:
    """Values of two or three words written with a typo ("tako bell", "chik fil a",
    "mercedez benz"): the closest catalog value of as many words, when it is very close."""
    from rapidfuzz import fuzz, process

    lex, w = vocab.lexicon, p.words
    multi = vocab.__dict__.get("_multi_values")
    if multi is None:
        multi = {n: [f for f, hs in vocab.values.items() if f.count(" ") == n - 1 and any(h.role in ("category", "creator") for h in hs)]
                 for n in (2, 3)}
        vocab.__dict__["_multi_values"] = multi
    for n in (3, 2):
        if not multi[n]:
            continue
        for i in range(0, len(w) - n + 1):
            if any(p.claimed[x] or p.toks[x].punct for x in range(i, i + n)) or w[i] in lex.stop:
                continue
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
            p.values.append((_Span(i, i + n), [[h for h in hits if h.column == top.column]],
                             " ".join(t.raw for t in p.toks[i:i + n])))
            p.claim(i, i + n)


def _typo_values(p: _Parse, vocab: Vocabulary) -> None:
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
            p.values.append((_Span(i, i + 1), [[hits[0]]], p.toks[i].raw))
            p.claim(i, i + 1)


def _optional_words() -> list[str]:
    from convrec.catalog.meaning import units_data

    return list(units_data()["optional"]["words"])


GENERIC_NOUNS = {"work", "works", "piece", "pieces", "art", "artwork", "artworks", "course", "courses", "class",
                 "classes", "car", "cars", "vehicle", "vehicles", "product", "products", "option", "options", "item",
                 "items", "thing", "things", "stuff", "food", "foods", "menu", "choice", "choices", "one", "ones"}


def _text_hits(vocab: Vocabulary, stems: list[str]) -> tuple[str | None, int]:
    """The descriptive text column where most items carry all these word stems, and how many."""
    from convrec.tools.filters import word_pattern

    best, n_best = None, 0
    for col, df in vocab.text_words.items():
        if not all(x in df for x in stems):
            continue
        n = min(df[x] for x in stems) if len(stems) == 1 else \
            int(vocab.items[col].fillna("").astype(str).str.contains(word_pattern(" ".join(stems))).sum())
        if n > n_best:
            best, n_best = col, n
    return best, n_best


def _value_word_hits(vocab: Vocabulary, stems: list[str]) -> list[ValueHit]:
    """Values of one category column that carry all these word stems ("suv" → every SUV class;
    a word's start names its longer form: "turbo" → Turbocharged)."""
    if not stems:
        return []
    found = []
    for x in stems:
        if x in vocab.value_words:
            found.append(vocab.value_words[x])
            continue
        if len(x) < 5 or not x.isalpha():
            return []  # "clas" (classes) is no start of Classics
        longer = [h for k in _keys_starting(vocab, "value_words", x) for h in vocab.value_words[k]] + \
            [h for f in _keys_starting(vocab, "values", x) if f != x for h in vocab.values[f] if h.role == "category"]
        if not longer:
            return []
        found.append(longer)
    sets = [{(h.column, h.value) for h in hs} for hs in found]
    both = set.intersection(*sets)
    if not both:
        return []
    hits = list({(h.column, h.value): h for h in found[0] if (h.column, h.value) in both}.values())
    col = max({h.column for h in hits}, key=lambda c: sum(h.support for h in hits if h.column == c))
    return [h for h in hits if h.column == col]


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


def _negated_title_words(p: _Parse, vocab: Vocabulary) -> None:
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
                or w[i] in DOMAIN_NOUNS or len(w[i]) < 3:
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
            p.values.append((_Span(i, j), [[ValueHit("title", phrase, n, "text")]], " ".join(t.raw for t in p.toks[i:j])))
            p.claim(i, j)
        i = max(j, i + 1)


def _generic_head(word: str, vals) -> bool:
    """Is ``word`` (a common English word) the last word of every multi-word value it hits — the
    noun the values qualify ("Trading companies", "Software & services"), not what sets one apart?"""
    from convrec.tools.filters import stem_of

    rank = word_rank(word) or word_rank(singular(word))
    if rank is None or rank >= COMMON_WORD_RANK:
        return False
    st = stem_of(word)
    return all(len(norm(h.value).split()) >= 2 and stem_of(norm(h.value).split()[-1]) == st for h in vals)


def _text_words(p: _Parse, vocab: Vocabulary) -> None:
    """Words that name what an item is, in a catalog whose item texts are descriptive
    ("burritos", "hot dogs", "woodcuts", "chicken sandwich"): conditions on those words of the
    items' own text. A typo is matched to a word the items use ("sandwhiches" → sandwich)."""
    if not vocab.text_words and not vocab.value_words:
        _negated_title_words(p, vocab)
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
            stems = [stem_of(x) for x in w[span.start:span.end] if x.isalpha() and x not in lex.stop]
            col, n = _text_hits(vocab, stems) if stems else (None, 0)
            numbered = any(any(ch.isdigit() for ch in x) for x in w[span.start:span.end])  # "EPYC 7742": one model
            if col is not None and n >= 3 and span.end - span.start <= 4 and not numbered:
                for x in range(span.start, span.end):
                    p.claimed[x] = False
                continue
            keep.append((span, m))
        if len(keep) < len(p.mentions):
            p.mentions = keep
            _values(p, vocab, min_words=1)  # the freed words may be values ("not seminars")
    _negated_title_words(p, vocab)
    for i in range(len(w) - 1):  # an ordinary word beside another word of the same value: "small suv", "long sleeve"
        a, b = w[i], w[i + 1]
        if p.claimed[i] or p.claimed[i + 1] or not (a.isalpha() and b.isalpha()) or ((a in lex.stop) == (b in lex.stop)) \
                or lex.negation.match_at(w, i) or lex.negation.match_at(w, i + 1):
            continue
        stems = [stem_of(a), stem_of(b)]
        if all(x in vocab.value_words for x in stems) and (vals := _value_word_hits(vocab, stems)):
            p.values.append((_Span(i, i + 2), [vals], " ".join(t.raw for t in p.toks[i:i + 2])))
            p.claim(i, i + 2)
    known = sorted({x for df in vocab.text_words.values() for x, k in df.items() if k >= 2 and len(x) >= 4})

    colwords = vocab.__dict__.get("_column_words")
    if colwords is None:
        colwords = {x for c in vocab.columns.values() if c.type in ("integer", "real") for g in c.words for x in g} | \
            {x for c in vocab.columns.values() if c.role not in ("title", "id") for x in norm(c.label).split()} | \
            {x for c in vocab.columns.values() if c.role not in ("title", "id") for g in c.words for x in g} | \
            set(_optional_words()) | {"related", "kind", "sort", "type", "list", "level"}
        vocab.__dict__["_column_words"] = colwords

    domain_words = set(vocab.domain.split())  # "cars", "menu items": the catalog's own noun names no condition

    def usable(k: int) -> bool:
        x = w[k]
        return not p.claimed[k] and x.isalpha() and len(x) > 2 and x not in lex.stop and x not in GENERIC_NOUNS \
            and x not in DOMAIN_NOUNS and singular(x) not in domain_words and not lex.negation.match_at(w, k) \
            and x not in colwords

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
            if not any(st in df for df in vocab.text_words.values()) and st not in vocab.value_words and len(st) >= 4 and known:
                longer = [y for y in known if y.startswith(x) and len(y) > len(x) + 2] if 5 <= len(x) <= 6 else []
                if longer:  # "intro" → introduction
                    st = x = max(longer, key=lambda y: max(df.get(y, 0) for df in vocab.text_words.values()))
                elif len(st) >= 5:
                    hit = process.extractOne(st, known, scorer=fuzz.ratio, score_cutoff=84)
                    if hit and hit[0][0] == st[0]:
                        st, x = hit[0], hit[0]
            stems.append(st)
            words.append(x)
        k = i
        while k < j:  # the longest phrase from k whose words a category's values or the items' texts share
            for e in range(j, k, -1):
                vals = _value_word_hits(vocab, stems[k - i:e - i])
                if vals and e - k == 1 and _generic_head(words[k - i], vals):
                    vals = []  # "companies" alone is no "Trading companies": the head noun of a kind, not the kind
                col, n = _text_hits(vocab, stems[k - i:e - i])
                if col is not None and n < 2 and not vals:
                    col = None  # one item's text has it: an incidental word ("for credit"), a preference, not a condition
                if vals and (col is None or n < 3 or sum(h.support for h in vals) >= 5 * n):
                    # the item's own name saying it wins ("burgers": not Burger King), unless the values
                    # say it of far more items ("no turbo": Turbocharged, not the 10 names with "Turbo")
                    p.values.append((_Span(k, e), [vals], " ".join(t.raw for t in p.toks[k:e])))
                    p.claim(k, e)
                    k = e
                    break
                if col is not None:
                    phrase = " ".join(words[k - i:e - i])
                    p.values.append((_Span(k, e), [[ValueHit(col, phrase, n, "text")]],
                                     " ".join(t.raw for t in p.toks[k:e])))
                    p.claim(k, e)
                    k = e
                    break
            else:
                k += 1
        i = max(j, i + 1)


def _paraphrases(p: _Parse, vocab: Vocabulary) -> None:
    """Content phrases nothing else grounded, matched to the closest category value by
    sentence embedding ("outer space" → Space), only above a high similarity."""
    for span, text in _unmatched_runs(p, vocab)[:3]:
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
        if span.end - span.start == 1 and _generic_head(p.words[span.start], [hit]):
            continue  # "companies" is no "Trading companies": the noun the values qualify
        p.values.append((span, [[hit]], text))
        p.claim(span.start, span.end)


def _scope_words(p: _Parse, vocab: Vocabulary) -> None:
    """Words of the catalog's own name say what the whole catalog is ("cities in ontario" in
    ontario-towns, "ucla courses", "tate works"): no condition, no wish left unread, and never a
    value that resembles them by meaning (Ontario is not Toronto)."""
    from convrec.catalog.meaning import name_words

    scope = {x for x in name_words(getattr(vocab, "name", "") or "") if x.isalpha() and len(x) >= 4
             and x not in vocab.lexicon.stop and singular(x) not in set(vocab.domain.split())}
    for i, x in enumerate(p.words):
        if not p.claimed[i] and x in scope and not vocab.lookup(x):
            p.claim(i, i + 1)


def _creator_names(p: _Parse, vocab: Vocabulary) -> None:
    """Creators named by surname ("more tolkien") or with a typo ("agatha christy"): the
    most prolific creator of that name, when the word is not an ordinary word."""
    from rapidfuzz import fuzz, process

    lex, w = vocab.lexicon, p.words
    if not vocab.surnames:
        return
    names = list(vocab.creator_names)
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
                p.values.append((_Span(i, i + 2), [[vocab.creator_names[hit[0]][0]]], f"{p.toks[i].raw} {p.toks[i + 1].raw}"))
                p.claim(i, i + 2)
                continue
        x = w[i]
        if x in lex.stop or len(x) < 5 or vocab.lookup(x) or x in lex.values or not x.isalpha():
            continue
        rank = word_rank(x)
        named = p.toks[i].raw[:1].isupper() or (i > 0 and w[i - 1] in ("by", "from"))
        if rank is not None and rank < COMMON_WORD_RANK and not named:
            continue  # "castle", "projects": ordinary words, not the end of "Game Dev Castle"
        key = x if x in vocab.surnames else None
        if key is None and len(x) >= 6 and (rank is None or named):  # a typo is no word ("christy" is one: capitalised)
            got = process.extractOne(x, list(vocab.surnames), scorer=fuzz.ratio, score_cutoff=85)
            key = got[0] if got else None
        if key is None:
            continue
        cands = vocab.surnames[key]
        if len(cands) > 1 and cands[0].support < 2 * cands[1].support:
            continue  # ambiguous surname
        if cands[0].support < 3:
            continue
        p.values.append((_Span(i, i + 1), [[cands[0]]], p.toks[i].raw))
        p.claim(i, i + 1)


def _count(p: _Parse, vocab: Vocabulary) -> None:
    lex, w = vocab.lexicon, p.words
    sort_words = {t for h in p.sort for t in norm(h.text).split() if t not in ("the", "a", "by")}
    if p.sort and vocab.domain in w and noun_plural(vocab.domain) not in w and any(
            x in ("most", "best", "top", "highest") for x in w) and not any(_num(x) for x in w if _NUMBER.match(x)):
        p.k = 1  # "the most popular book": one item
    for i, x in enumerate(w):
        n = None
        span = 1
        if _NUMBER.match(x) and "." not in x and "," not in x:
            n = int(x)
        else:
            for phrase_len in (3, 2, 1):
                ph = " ".join(w[i:i + phrase_len])
                if len(w[i:i + phrase_len]) == phrase_len and ph in lex.number_words:
                    n, span = lex.number_words[ph], phrase_len
                    break
        if n is None or p.claimed[i] or not 1 <= n <= 50:
            continue
        if i + span < len(w) and w[i + span] in ("yo", "year", "years", "yr", "yrs", "month", "months"):
            continue  # "my 12 yo", "a 5 year old": an age, not a count
        after = w[i + span:i + span + 5]
        noun = any(lex.count_nouns.match_at(after, k) for k in range(min(4, len(after))))
        noun = noun and not any(a in (",", ".", "?", "!") for a in after[:max(1, next((k for k in range(len(after)) if lex.count_nouns.match_at(after, k)), 0))])
        # "4 crime thrillers", "one musical": a count right before the values it counts
        nxt = i + span
        while nxt < len(w) and w[nxt] in ("good", "great", "more", "new", "old", "different", "really", "solid", "fun"):
            nxt += 1
        noun = noun or (nxt < len(w) and p.claimed[nxt] and any(s.start == nxt for s, _, _ in p.values))
        verb = bool(lex.count_verbs.ends_at(w, i)) or (i > 1 and lex.count_verbs.ends_at(w, i - 1) and w[i - 1] in ("me", "the", "us"))
        # "romantic dramas from 2010 onward, 3 please": a bare count closing a clause
        tail = (i + span >= len(w) or w[i + span] in (",", ".", "!", "?", "please", "pls", "plz", "thanks")) and i > 0 \
            and w[i - 1] in (",", ".", "?", "!", ";", "just", "only", "maybe", "like", "about", "pick", "choose", "say", "around")
        # "the cheapest 2", "the 3 biggest": a count beside the order it asks for
        ordered = bool(sort_words) and x not in ("one", "a") and (
            (i > 0 and w[i - 1] in sort_words) or (i + span < len(w) and w[i + span] in sort_words))
        if noun or verb or tail or ordered:
            if x in ("one", "a") and not (noun or w[i - 1] in ("pick", "choose", "just", "only") if i else noun):
                continue
            p.k = n
            p.claim(i, i + span)
            return


# ---------------------------------------------------------------------- relations
def _relations(p: _Parse, vocab: Vocabulary, speaker: str) -> None:
    lex, w = vocab.lexicon, p.words
    out = []
    prev_rel = None
    prev_end = -10
    for span, m in sorted(p.mentions, key=lambda x: x[0].start):
        rel = None
        if speaker != "user":
            rel = "offered"
        else:
            best = (-1, 0, None)  # (end position, length, relation)
            lo = span.start
            while lo > 0 and (p.toks[lo - 1].w not in CLAUSE_END or p.toks[lo - 1].w == ":") and p.toks[lo - 1].w != "but" \
                    and span.start - lo < 12:
                lo -= 1
            for name in ("unseen", "disliked", "seen", "liked", "reference"):
                ph = lex.relations[name]
                for k in range(lo, span.start + 1):
                    n = ph.ends_at(w, k)
                    if n and (k > best[0] or (k == best[0] and n > best[1])):
                        best = (k, n, name)
            if best[2] is not None:
                rel = best[2]
                # "I loved X and hated Y": a nearer trigger wins; a list continues the previous one
                if prev_rel and span.start - prev_end <= 2 and best[0] <= prev_end:
                    rel = prev_rel
            elif prev_rel and span.start - prev_end <= 2:
                rel = prev_rel
            after = w[span.end:span.end + 4]
            if rel is None or rel == "reference":
                for name in ("disliked", "liked"):
                    if lex.relations[name].match_at(after, 0) or (after[:1] in (["was"], ["is"]) and lex.relations[name].match_at(after, 1)):
                        rel = name
                        break
            if p.negated(span.start) and rel not in ("disliked", "unseen"):
                rel = "disliked"
            if rel == "unseen":
                rel = "asked"
            rel = rel or "reference"
        out.append((span, replace(m, relation=rel)))
        prev_rel, prev_end = rel, span.end
    p.mentions = _reactions_after(out, p, lex) if speaker == "user" else out


_LIST_GLUE = {"and", ",", "&", "(", ")", "or", "the"}
_NOT_BEFORE = {"didn't", "didnt", "not", "never", "don't", "dont", "wasn't", "wasnt", "weren't", "werent", "no",
               "doesn't", "doesnt", "aren't", "arent", "isn't", "isnt", "can't", "cant"}


def _reactions_after(out: list, p: _Parse, lex) -> list:
    """Items said to be seen, then judged right after them ("I watched Heat and loved it",
    "saw Heat and Ronin, both great", "watched X, hated it"): the judgement is the relation."""
    w = p.words
    i = 0
    while i < len(out):
        j = i  # a run of seen items in one list ("Heat and Ronin")
        while j + 1 < len(out) and out[j + 1][1].relation == out[i][1].relation \
                and all(x in _LIST_GLUE or x.isdigit() for x in w[out[j][0].end:out[j + 1][0].start]) \
                and out[j + 1][0].start - out[j][0].end <= 5:
            j += 1
        if out[i][1].relation == "seen":
            end = out[j][0].end
            stop = next((k for k in range(end, min(len(w), end + 7)) if p.toks[k].w in CLAUSE_END - {":"}), min(len(w), end + 7))
            verdict = None
            for k in range(end, stop):
                n = lex.relations["disliked"].match_at(w, k)
                if n:
                    verdict = "disliked"
                    p.claim(k, k + n)
                    break
                n = lex.praise.match_at(w, k) or lex.relations["liked"].match_at(w, k)
                if n:
                    no = p.negated(k) or (k > 0 and w[k - 1] in _NOT_BEFORE)
                    verdict = "disliked" if no else "liked"  # "but didn't love it"
                    p.claim(k - 1 if no and not p.negated(k) else k, k + n)
                    break
            if verdict:
                for x in range(i, j + 1):
                    out[x] = (out[x][0], replace(out[x][1], relation=verdict))
        i = j + 1
    return out


# ---------------------------------------------------------------------- the intent
def _conditions(p: _Parse, vocab: Vocabulary) -> tuple[list[Condition], list[tuple[str, str]]]:
    conds: list[Condition] = []
    soft: list[tuple[str, str]] = []
    lex = vocab.lexicon
    listed: list[tuple[_Span, int]] = []  # positive one-value list conditions, where they were said
    listed_text: list[tuple[_Span, int]] = []
    flags: list[tuple[_Span, int]] = []
    for span, groups, text in p.values:
        neg = p.negated(span.start) or _post_negated(p, lex, span.end)
        if neg and len(groups) > 1:  # "no rom-coms": not (Romance and Comedy) ~ not its distinguishing first value
            groups = groups[:1]
        for group in groups:
            col = group[0].column
            info = vocab.columns[col]
            if group[0].role == "numeric":  # a lexicon implication ("f2p" → price ≤ 0)
                m = re.match(r"(<=|>=|<|>|=)([\d.]+)$", group[0].value)
                if m and not neg:
                    conds.append(Condition(col, m.group(1), float(m.group(2)), text, info.role))
                continue
            if group[0].role == "text":  # words of the items' own text
                conds.append(Condition(col, "not_matches" if neg else "matches", (group[0].value,), text, "text"))
                listed_text.append((span, len(conds) - 1))
                continue
            if group[0].role == "flag":  # "seminars", "not a lab course", "no gas guzzlers"
                prev = flags[-1] if flags else None
                gap = [x for x in p.words[prev[0].end:span.start] if x not in ("a", "an", ",")] if prev else None
                if prev is not None and not neg and gap == ["or"] and conds[prev[1]].op in ("=", "any_true") \
                        and conds[prev[1]].value is not False:  # "internships or apprenticeships": either
                    pc = conds[prev[1]]
                    cols_ = (pc.value if pc.op == "any_true" else (pc.column,)) + (col,)
                    conds[prev[1]] = Condition(pc.column, "any_true", tuple(cols_), f"{pc.text} or {text}", "flag")
                    flags[-1] = (_Span(prev[0].start, span.end), prev[1])
                    continue
                conds.append(Condition(col, "=", not neg, text, "flag"))
                flags.append((span, len(conds) - 1))
                continue
            vals = list(dict.fromkeys(h.value for h in group if h.column == col))
            if group[0].role == "presence":  # "with a tram": any value of that column; "no rer": none
                conds.append(Condition(col, "not_in" if neg else "in", tuple(vals), text, info.role))
                continue
            if info.role == "tag" and not neg and group[0].role != "named":
                soft += [(col, v) for v in vals]
                continue
            if info.type == "list" and len(vals) == 1:
                conds.append(Condition(col, "not_contains" if neg else "contains", vals[0], text, info.role))
                if not neg:
                    listed.append((span, len(conds) - 1))
            else:
                conds.append(Condition(col, "not_in" if neg else "in", tuple(vals), text, info.role))
                if not neg:
                    listed.append((span, len(conds) - 1))
    conds = _text_as_any(p, conds, listed_text)
    conds = _enumerated_as_any(p, conds, listed)
    conds += _numbers_as_any(p)
    soft = list(dict.fromkeys(soft))
    if soft and not conds and len(_unmatched_runs(p, vocab)) <= 1:
        # a sparse tag that is all the request names ("movies tagged 'time travel'") is the request;
        # among other unread words ("mob families, loyalty, betrayal …") it is one preference of several
        groups: dict[tuple[str, str], list[str]] = {}
        for col, val in soft:
            groups.setdefault((col, val.lower()), []).append(val)
        for (col, _), vals in groups.items():
            support = sum(h.support for v in vals for h in vocab.lookup(norm(v)) if h.column == col and h.value in vals)
            if support >= 3:
                conds.append(Condition(col, "contains", vals[0], vals[0], "tag") if len(vals) == 1
                             else Condition(col, "in", tuple(vals), vals[0], "tag"))
        hard = {(c.column, str(v).lower()) for c in conds for v in (c.value if isinstance(c.value, tuple) else (c.value,))}
        soft = [sv for sv in soft if (sv[0], sv[1].lower()) not in hard]
    return _dedupe(conds), soft


LIST_SEPARATORS = {",", "or", "and", "&", "/", "and/or"}


def _text_as_any(p: _Parse, conds: list[Condition], listed: list[tuple[_Span, int]]) -> list[Condition]:
    """"tacos or burritos", "a fish sandwich or a veggie burger": word conditions on one column
    joined by "or" are one any-of condition."""
    drop: set[int] = set()
    for (s1, a), (s2, b) in zip(listed, listed[1:]):
        ca, cb = conds[a], conds[b]
        gap = [x for x in p.words[s1.end:s2.start] if x not in ("a", "an", "some", "the", ",")]
        if ca.column == cb.column and ca.op == cb.op == "matches" and gap == ["or"]:
            conds[b] = Condition(ca.column, "matches", tuple(ca.value) + tuple(cb.value), f"{ca.text} or {cb.text}", "text")
            drop.add(a)
    return [c for k, c in enumerate(conds) if k not in drop]


def _numbers_as_any(p: _Parse) -> list[Condition]:
    """Number conditions; "a V10 or a V12" (equalities on one column joined by "or") is one
    any-of condition, not two that cannot both hold."""
    out: list[Condition] = []
    spans: list[_Span] = []
    for span, c in p.numbers:
        prev = out[-1] if out else None
        if prev is not None and prev.op in ("=", "in") and c.op == "=" and prev.column == c.column and \
                "or" in p.words[spans[-1].end:span.start] and span.start - spans[-1].end <= 3:
            vals = (prev.value if prev.op == "in" else (prev.value,)) + (c.value,)
            out[-1] = Condition(c.column, "in", vals, f"{prev.text} or {c.text}", c.role)
            spans[-1] = _Span(spans[-1].start, span.end)
            continue
        out.append(c)
        spans.append(span)
    return out


def _enumerated_as_any(p: _Parse, conds: list[Condition], listed: list[tuple[_Span, int]]) -> list[Condition]:
    """"I like comedies, dramas and thrillers": values of one list column said as an
    enumeration (separated by a comma, "and", "or") are one any-of condition; values stacked
    without a separator ("romantic comedy", "2D strategy") or joined by "and" after "a"
    ("a funny and scary movie") each must hold."""
    by_col: dict[str, list[tuple[_Span, int]]] = {}
    for span, i in listed:
        by_col.setdefault(conds[i].column, []).append((span, i))
    drop: set[int] = set()
    merged: list[Condition] = []
    for col, items in by_col.items():
        items.sort(key=lambda x: x[0].start)
        run = [items[0]]
        runs = []
        for prev, cur in zip(items, items[1:]):
            gap = p.words[prev[0].end:cur[0].start]
            start = run[0][0].start
            # "a funny and scary movie": one item with both; "comedies and dramas": either
            one_item = set(gap) <= {"and", "&"} and start > 0 and p.words[start - 1] in ("a", "an", "one")
            if 0 < len(gap) <= 2 and not one_item and any(g in LIST_SEPARATORS for g in gap) and \
                    all(g in LIST_SEPARATORS or g in ("also", "maybe", "even", "a", "an", "some") for g in gap):
                run.append(cur)
            else:
                runs.append(run)
                run = [cur]
        runs.append(run)
        for r in runs:
            if len(r) < 2:
                continue
            vals = tuple(dict.fromkeys(v for _, i in r for v in (conds[i].value if isinstance(conds[i].value, tuple)
                                                                    else (conds[i].value,))))
            first = conds[r[0][1]]
            drop.update(i for _, i in r)
            merged.append(Condition(col, "in", vals, " / ".join(conds[i].text for _, i in r), first.role))
    return [c for i, c in enumerate(conds) if i not in drop] + merged


def _post_negated(p: _Parse, lex, end: int) -> bool:
    """"horror's not for me", "comedies are not my thing": a rejection written after the value."""
    w = p.words
    k = end
    while k < len(w) and w[k] in ("is", "are", "really", "just", "honestly", "so", "totally", "kinda"):
        k += 1
    return bool(lex.post_negation.match_at(w, k) or lex.post_negation.match_at(w, end))


def _dedupe(conds: list[Condition]) -> list[Condition]:
    out: dict[tuple, Condition] = {}
    for c in conds:
        out[c.key()] = c
    # a value both wanted and rejected in one message ("horror, but not a horror-comedy"): the user
    # asked for it, so the rejection is dropped
    pos = {(c.column, str(c.value).lower()) for c in out.values() if c.op in ("contains", "in")}
    return [c for c in out.values() if not (c.op in ("not_contains", "not_in") and (c.column, str(c.value).lower()) in pos)]


def _kind(message: str, p: _Parse, vocab: Vocabulary, conds: list[Condition], soft) -> tuple[str, tuple[str, ...]]:
    lex, w = vocab.lexicon, p.words
    content = [x for x in w if x not in PUNCT]
    # a question opens the message, or a clause after a named item ("threadripper 3990x - how many threads")
    question = bool(content) and (lex.question_start.match_at(content, 0) > 0 or "?" in w or any(
        lex.question_start.match_at(w, sp.end + (sp.end < len(w) and w[sp.end] in PUNCT)) for sp, _ in p.mentions
        if sp.start == 0 and sp.end < len(w)))
    mentions = [m for _, m in p.mentions]
    rec_words = lex.recommend.contains(w)
    domain = any(x in DOMAIN_NOUNS or x == vocab.domain or x == noun_plural(vocab.domain) for x in w) \
        or bool(_item_noun(p, vocab))
    if not domain and not mentions and not rec_words and (set(zip(w, w[1:])) & {("are", "you"), ("you", "are"), ("r", "u")}
                                                           or any(x in ("you're", "youre", "ur") for x in w[:3])):
        return "chitchat", ()  # "are you a person or a bot", "you're funny": about me, whatever values it names
    # "how many ratings does Twilight have": a fact about the item, by column name
    if mentions and question and len(mentions) == 1 and not conds:
        named = _fact_columns(w, vocab, by_name_only=True)
        if named:  # "what year is X from and who did it": the column named and the one asked by keyword
            return "fact", tuple(dict.fromkeys(named + _fact_columns(w, vocab, keywords_only=True)))
    # "double whopper with cheese - how many calories": a fact about the items those words name
    if not mentions and any(c.op == "matches" for c in conds) and not any(c.role in ("price", "time", "rating") for c in conds):
        named = _fact_columns(w, vocab, by_name_only=True)
        named = tuple(c for c in named if all(c != x.column for x in conds))
        if named and not rec_words and (question or any(x in w for x in ("how", "what", "which", "who", "when"))):
            return "fact", named
    # count / catalog size
    if lex.count.contains(w) or (lex.catalog_size.contains(w) and (lex.catalog_words.contains(w) or domain)):
        if conds or (mentions and not domain):
            if lex.count.contains(w):
                return "count", ()
        if lex.catalog_words.contains(w) or domain or not conds:
            return "catalog", ()
    if lex.catalog_scope.contains(w) and not mentions and (lex.catalog_words.contains(w) or domain or question):
        if not conds:  # "what do you have from Taco Bell": with a condition, a list of them
            return "catalog", ()
    # choice among listed items
    joined_or = any(0 < b.start - a.end <= 2 and "or" in w[a.end:b.start]
                    for (a, _), (b, _) in zip(sorted(p.mentions, key=lambda x: x[0].start), sorted(p.mentions, key=lambda x: x[0].start)[1:]))
    # the choice words must be the user's, not a title's ("Out of Sight", "Between Two Ferns")
    inside = {i for sp, _ in p.mentions for i in range(sp.start, sp.end)}
    free = [x if i not in inside else "\x00" for i, x in enumerate(w)]
    chosen = lex.choice.contains(free)
    if len(mentions) >= 2 and (chosen or (joined_or and question)) and (question or rec_words or chosen):
        return "choice", ()
    # a fact about one named item (not one the user says they liked: "what's good if I liked X?")
    if mentions and question and not any(m.relation in ("liked", "disliked", "seen") for m in mentions):
        cols = _fact_columns(free, vocab)  # the user's words, not a title's ("like When Harry Met Sally?")
        others = [m for m in mentions if m.relation not in ("asked", "reference")]
        if cols and not (rec_words and (conds or others or "similar" in w or "like" in w)):
            return "fact", cols
        if not rec_words and not conds and len(mentions) == 1 and ("about" in w or "tell" in w):
            return "fact", _profile_columns(vocab)
    # "how big is Algonquin Highlands", "EPYC 7742 specs?", "info on Mattice": an open question
    # about one named item whose words name no column — what the catalog knows about it
    if mentions and (question or lex.fact_open.match_at(content, 0)) and not rec_words and not conds \
            and len(mentions) == 1 and not domain and lex.fact_open.contains(w) \
            and mentions[0].relation not in ("disliked", "seen", "liked") \
            and not any(x in w for x in ("like", "similar", "else", "more", "other", "others")):
        return "fact", _profile_columns(vocab)
    if conds or soft or p.sort or p.k or rec_words or any(m.relation in ("liked", "seen", "reference", "disliked") for m in mentions):
        strong = domain or any(tuple(w[a:b]) not in lex.recommend_weak for a, b in lex.recommend.find(w))
        if not (conds or soft or mentions or p.sort or p.k or strong) and _only_social(w, lex):
            return "chitchat", ()  # "hi, anything new?": a greeting with a weak word
        if conds or soft or mentions or p.sort or p.k or domain or rec_words:
            return "recommend", ()
    if question and domain and not mentions and not _only_social(w, lex):
        return "recommend", ()  # "which movies would you say I'd enjoy?"
    if _missing_names(p, vocab) or p.missing:
        return "recommend", ()  # "what's good at Wendy's": a request the catalog cannot meet
    unread = len(" ".join(t for _, t in _unmatched_runs(p, vocab)).split())
    pairs = set(zip(w, w[1:]))
    about_me = any(x in ("your", "yourself", "yours") for x in w) or bool(
        pairs & {("are", "you"), ("you", "are"), ("r", "u"), ("about", "you"), ("you", "like"), ("you", "think"),
                 ("do", "you"), ("you", "feel")})  # "are you a person or a bot", not "games where you mess with time"
    if domain and unread >= 1 and not _only_social(w, lex) and not about_me:
        return "recommend", ()  # "a game to unwind after work": a soft request for an item
    if unread >= 2 and not _only_social(w, lex) and not about_me \
            and not (not domain and any(x in ("you", "u") for x in w[:3])):  # "you're funny lol": about me
        return "recommend", ()  # "pure adrenaline!! explosions, chases": a mood, read as a soft preference
    return "chitchat", ()


SOURCE_WORDS = ("from", "at", "by")


def _missing_names(p: _Parse, vocab: Vocabulary) -> list[str]:
    """Unread words right after "from", "at" or "by" ("at wendy's", "anything by banksy") in a
    catalog that records who makes or sells its items: a source the user names that is not
    there. (Where no column records it, the words are a preference, named in the reply.)"""
    if not vocab.role("creator"):
        return []
    return [t for sp, t in _unmatched_runs(p, vocab)
            if sp.start > 0 and p.words[sp.start - 1] in SOURCE_WORDS and sp.end - sp.start <= 3]


def _absent(p: _Parse, vocab: Vocabulary) -> list[tuple[str, str]]:
    """Information the request names that no column of this catalog records (a director, a
    cast, a rating, a length...): (what, the user's words). Words the catalog grounded some other
    way ("directed by Christopher Nolan" as a MovieLens tag) are not absent."""
    lex, w = vocab.lexicon, p.words
    if not getattr(lex, "absent", None):
        return []
    labels = {x for c in vocab.columns.values() for x in norm(c.label or c.name).split()} | \
        {x for c in vocab.columns.values() for g in c.words for x in g} | {c.name.lower() for c in vocab.columns.values()}
    valued = {k for sp, _, _ in p.values for k in range(sp.start, sp.end)} | \
        {k for sp, _ in p.numbers for k in range(sp.start, sp.end)}
    titled = {k for sp, _ in p.mentions for k in range(sp.start, sp.end)}  # "Toy Story 2, Star Wars": titles, not "2 stars"
    runs = _unmatched_runs(p, vocab)
    out: list[tuple[str, str]] = []
    for name, (said, roles, cols, number) in lex.absent.items():
        if any(vocab.role(r) for r in roles) or any(x in labels for x in cols):
            continue
        hits = said.find(w) + ([(i, i + 1) for i, x in enumerate(w) if x in ("$", "€", "£")] if name == "price" else [])
        for a, b in hits:
            if any(k in valued or k in titled for k in range(a, b)):
                continue
            if number and w[a] != "how":
                near = [k for k in range(max(0, a - 3), min(len(w), b + 3))
                        if _num(w[k]) is not None and k not in valued and k not in titled]
                if not near:
                    continue
                lo, hi = min(near + [a]), max(near + [b - 1]) + 1
                while hi < len(w) and said.match_at(w, hi):  # "rated 4.5 stars"
                    hi += said.match_at(w, hi)
            elif number:
                lo, hi = a, b
            else:
                if b < len(w) and b in valued:
                    p.claim(a, b)  # grounded as a value after all ("starring Tom Hanks" as a tag): not unread either
                    continue
                lo, hi = a, b
                after = [sp for sp, _ in runs if b <= sp.start <= b + 1 or sp.start <= a < sp.end]
                if after:  # "directed by Christopher Nolan", "oscar winning": the words it is about
                    lo, hi = min(a, after[0].start), max(b, after[0].end)
            out.append((name, "".join((" " if k > lo and p.toks[k - 1].raw not in "$€£" else "") + p.toks[k].raw
                                      for k in range(lo, hi))))
            p.claim(lo, hi)
            break
    return out


def _only_social(w: list[str], lex) -> bool:
    return bool(lex.greeting.contains(w) or lex.thanks.contains(w) or lex.bye.contains(w) or lex.identity.contains(w))


def _fact_columns(w: list[str], vocab: Vocabulary, by_name_only: bool = False, keywords_only: bool = False) -> tuple[str, ...]:
    from convrec.nlu.lexicon import Phrases

    text = " ".join(w)
    named = []
    if keywords_only:
        return _keyword_columns(w, vocab)
    for c in vocab.columns.values():
        if c.role in ("id", "title"):
            continue
        forms = {c.name.replace("_", " "), c.name.rstrip("s").replace("_", " ")}
        if "_" in c.name and c.role in ("count", "rating", "price"):
            forms.add(c.name.split("_")[0])  # ratings_count ← "ratings", average_rating ← "average"
        if any(re.search(rf"\b{re.escape(f)}s?\b", text) for f in forms if len(f) >= 3):
            named.append(c.name)
        elif c.words and c.type in ("integer", "real", "boolean", "text") and any(
                not set(g) <= GENERIC_NOUNS for g in c.words) and all(
                set(g) <= GENERIC_NOUNS or any(re.search(rf"\b{re.escape(x)}\b", text) for x in g) for g in c.words):
            named.append(c.name)  # "how many calories in …", "highway mpg of …": by the column's words
        elif c.role == "creator" and len(c.name) >= 7 and re.search(rf"\b{re.escape(c.name[:6])}\w*", text) \
                and "who" in w:  # "who published" → publisher
            named.append(c.name)
    if len(named) > 1:  # "highway mpg": the highway column, not every mpg column
        said = {c: {x for g in vocab.columns[c].words for x in g if re.search(rf"\b{re.escape(x)}\b", text)}
                for c in named}
        named = [c for c in named if not any(said[c] < said[o] for o in named if o != c)]
    named = _one_per_year_family(named, w, vocab)
    if named or by_name_only:
        return tuple(named)
    return _keyword_columns(w, vocab)


def profile_columns(vocab: Vocabulary, limit: int = 12) -> tuple[str, ...]:
    """What an open look-up of one item shows ("tell me about X", "info on X", a bare name)."""
    return _profile_columns(vocab, limit)


def _profile_columns(vocab: Vocabulary, limit: int = 12) -> tuple[str, ...]:
    """The columns that describe an item to a person: not its id, title or long text; of a
    measure by year, the latest only."""
    out = []
    for c in vocab.columns.values():
        if c.role in ("id", "title", "text") or c.name in ("popularity", "item_id") or (c.years and not c.latest) \
                or re.search(r"(?:^|_)id$|[a-z]Id$", c.name):  # other systems' ids ("imdb_id") tell a person nothing
            continue
        out.append(c.name)
    return tuple(out[:limit])


def _one_per_year_family(named: list[str], w: list[str], vocab: Vocabulary) -> list[str]:
    """Of a measure by year ("population_1996" … "population_2021"), the member whose years the
    message says ("the population of Ajax in 2016"), else the latest."""
    from convrec.nlu.vocab import _YEAR

    said = {int(_num(x)) for x in w if _num(x) is not None and float(_num(x)).is_integer()}
    fams: dict[str, list[str]] = {}
    for c in named:
        info = vocab.columns.get(c)
        if info is not None and info.years:
            fams.setdefault(_YEAR.sub("#", c), []).append(c)
    drop: set[str] = set()
    for members in fams.values():
        best = max(members, key=lambda c: (len(said & set(vocab.columns[c].years)), vocab.columns[c].latest))
        drop |= set(members) - {best}
    return [c for c in named if c not in drop]


def _keyword_columns(w: list[str], vocab: Vocabulary) -> tuple[str, ...]:
    from convrec.nlu.lexicon import Phrases

    found: list[str] = []
    for role, keys in FACT_KEYWORDS.items():  # "who made X and what year did it come out": both
        if Phrases.of(keys).contains(w):
            cols = vocab.role(role)
            if role == "category":
                cols = [c for c in cols if vocab.columns[c].type == "list"] or cols
                gen = [c for c in cols if "genre" in c]
                cols = gen or cols[:1]
            if role == "time" and not cols:
                cols = vocab.role("date")
            if role == "creator" and len(cols) > 1:
                cols = cols[:1]
            found += [c for c in cols if c not in found]
    return tuple(found)


def _intent(message: str, vocab: Vocabulary, p: _Parse, extra_mentions: list[ItemMention], dialogue: bool,
            conds_override: list[Condition] | None = None, notes: tuple[str, ...] = ()) -> RequestIntent:
    lex = vocab.lexicon
    conds, soft = _conditions(p, vocab)
    if conds_override is not None:
        conds = conds_override
    kind, fact_cols = _kind(message, p, vocab, conds, soft)
    if not dialogue and kind == "recommend" and len(p.mentions) == 1 and not conds and not soft and not p.sort \
            and not getattr(vocab, "has_interactions", True) and all(
            p.toks[k].punct or p.mentions[0][0].start <= k < p.mentions[0][0].end for k in range(len(p.words))):
        # a bare name in a catalog without interactions ("montparnasse bienvenue", "Big Mac"): a
        # look-up of that item, not "more like it" (no one's likes to go on)
        kind, fact_cols = "fact", _profile_columns(vocab)
    mentions = [m for _, m in p.mentions]
    if kind == "fact":
        mentions = [replace(m, relation="asked") for m in mentions]
    elif kind == "choice":
        mentions = _choice_mentions(p, vocab)
        if p.k is None and lex.choice_one.contains(p.words):
            p.k = 1
    mentions = extra_mentions + mentions
    absent = _absent(p, vocab) if kind in ("recommend", "fact", "chitchat") else []
    if absent and kind != "fact" and mentions and not conds and (
            "?" in p.words or lex.question_start.match_at([x for x in p.words if x not in PUNCT], 0)):
        # "who directed Heat?" where nothing records a director: a question about Heat, not a list
        kind, fact_cols = "fact", tuple(c.name for c in vocab.columns.values()
                                        if c.role in ("time", "category", "creator", "price", "rating"))
        mentions = [replace(m, relation="asked") for m in mentions]
    if absent and kind == "chitchat":
        kind = "recommend"
    unmatched = _unmatched(p, vocab) if kind == "recommend" else []
    if absent:  # "oscar winning": said back as information the catalog lacks, not as an unread word
        said = set(" ".join(t for _, t in absent).lower().split())
        unmatched = [u for u in unmatched if not set(u.lower().split()) & said]
    missing = (_missing_names(p, vocab) + p.missing) if kind == "recommend" and not p.mentions else []
    anaphora = lex.anaphora.contains(p.words) and not [m for m in mentions if m.relation != "offered"]
    if lex.anaphora.contains(p.words) and kind == "recommend":  # "I've seen X. more like it": X is the reference
        mentions = [replace(m, relation="reference") if m.relation in ("seen", "liked") and m.speaker == "user" else m
                    for m in mentions]
    if kind == "recommend" and lex.surprise.contains(p.words):
        notes = tuple(notes) + ("surprise",)
    return RequestIntent(kind=kind, message=message, k=p.k, mentions=tuple(_unique(mentions)), conditions=tuple(conds),
                         sort=tuple(p.sort), fact_columns=fact_cols, soft_values=tuple(soft),
                         reset=lex.reset.contains(p.words), refine=lex.refine.contains(p.words),
                         more=lex.more.contains(p.words), dialogue=dialogue,
                         unmatched=tuple(unmatched), missing=tuple(missing), absent=tuple(absent), notes=notes,
                         anaphora=anaphora)


def _unique(mentions: list[ItemMention]) -> list[ItemMention]:
    """One mention per item: the latest statement about it wins."""
    last: dict[str, ItemMention] = {}
    for m in mentions:
        last.pop(m.item_id, None)
        last[m.item_id] = m
    return list(last.values())


def _choice_mentions(p: _Parse, vocab: Vocabulary) -> list[ItemMention]:
    """"Which should I watch: A, B or C?" — the mentions after the choice words are the
    candidates; earlier ones keep their relation (liked, seen...)."""
    out = []
    for span, m in p.mentions:
        if m.relation in ("seen", "liked", "disliked"):  # "I liked Scarface": a preference, not a candidate
            out.append(m)
        else:
            out.append(replace(m, relation="listed"))
    if sum(1 for m in out if m.relation == "listed") < 2:
        out = [replace(m, relation="listed") for _, m in p.mentions]
    return out


def _unmatched(p: _Parse, vocab: Vocabulary) -> list[str]:
    """Content words nothing grounded (not stop words, not claimed), as short phrases."""
    return [t for _, t in _unmatched_runs(p, vocab, final=True)][:6]


def _unmatched_runs(p: _Parse, vocab: Vocabulary, final: bool = False) -> list[tuple[_Span, str]]:
    """Runs of content words no reader claimed; ``final``: what is left to name to the user
    (the user's own word for the items of a catalog that never said it is no wish left unread)."""
    lex, w = vocab.lexicon, p.words
    compared = {k for ph in lex.compare.values() for a, b in ph.find(w) for k in range(a, b)}  # "at least": not "least"
    out: list[tuple[_Span, str]] = []
    cur: list[int] = []
    item_noun = _item_noun(p, vocab) if final else set()
    for i, x in enumerate(w + [""]):
        skip = i == len(w) or p.claimed[i] or p.toks[i].punct or x in lex.stop or x in DOMAIN_NOUNS or len(x) < 3 \
            or i in compared \
            or x in _QUESTION_WORDS or x in GENERIC_NOUNS \
            or _num(x) is not None
        skip = skip or i in item_noun
        skip = skip or (i < len(w) and lex.reset.match_at(w, i) > 0)  # "instead", "rather": how to read the turn
        skip = skip or (i < len(w) and (any(ph.match_at(w, i) for ph in lex.relations.values())
                                        or lex.negation.match_at(w, i) > 0 or lex.recommend.match_at(w, i) > 0
                                        or any(ph.match_at(w, i) for ph in lex.compare.values())))  # "above": no theme
        if skip:
            if cur:
                out.append((_Span(cur[0], cur[-1] + 1), " ".join(p.toks[k].raw for k in cur)))
            cur = []
        else:
            cur.append(i)
    return out


_DETERMINERS = {"any", "some", "all", "the", "which", "what", "many", "more", "other", "top", "biggest", "largest",
                "best", "few", "several", "list", "show", "me", "give", "find", "of", "those", "these"}
_HEAD_NEXT = {"from", "in", "with", "that", "which", "who", "based", "on", "of", "by", "here", "there", "do", "are",
              "have", "you", "to", "for", "and", "or", "sorted", "ordered", "ranked", "where", "whose", "like", "please",
              "pls", "first", "than", "not", "but", "without", "except", "outside"}


def _item_noun(p: _Parse, vocab: Vocabulary) -> set[int]:
    """A catalog that never said what its rows are ("forbes2000" → items): a common plural noun
    heading the request's noun phrase ("oil and gas companies", "any companies from japan") is
    the user's word for them, not a wish left unread. The positions of that noun (and of the word
    before it in "what metro stops")."""
    if vocab.domain in DOMAIN_NOUNS and vocab.domain not in ("item", "items"):
        return set()  # films, games, books: people say the catalog's own noun ("songs" in a film catalog is a wish)
    head = _first_item_noun(p, vocab)
    if head is None:
        return set()
    return {head} | ({head - 1} if head > 0 and not p.claimed[head - 1] and _modifier(p, head - 1) else set())


def _modifier(p: _Parse, i: int) -> bool:
    w = p.words
    return not p.toks[i].punct and w[i].isalpha() and w[i] not in _DETERMINERS and (i == 0 or w[i - 1] in _DETERMINERS)


def _first_item_noun(p: _Parse, vocab: Vocabulary) -> int | None:
    return next((i for i in range(len(p.words)) if not p.claimed[i] and (
        _noun_head(p, i) or (i > 0 and not p.claimed[i - 1] and _modifier(p, i - 1) and _noun_head(p, i, modified=True)))), None)


def _noun_head(p: _Parse, i: int, modified: bool = False) -> bool:
    w = p.words
    x = w[i]
    if singular(x) == x or not x.isalpha() or len(x) < 4:
        return False
    rank = word_rank(x)
    if rank is None or rank >= 4 * COMMON_WORD_RANK:  # an English noun ("stops", "stations"), not a name or a typo
        return False
    before = modified or i == 0 or p.claimed[i - 1] or w[i - 1] in _DETERMINERS or p.toks[i - 1].punct
    after = i == 0 or i + 1 == len(w) or p.toks[i + 1].punct or w[i + 1] in _HEAD_NEXT or p.claimed[i + 1]
    return before and after


# ---------------------------------------------------------------------- dialogues
def _dialogue_intent(message: str, vocab: Vocabulary, segments: list[tuple[str, str]]) -> RequestIntent:
    """Only the user's own statements become conditions; the other side's mentions are offers,
    accepted / rejected / seen by the user's next turn."""
    lex = vocab.lexicon
    mentions: list[ItemMention] = []
    conds: list[Condition] = []
    offered: list[ItemMention] = []
    last_user: _Parse | None = None
    last_text = ""
    n_user = 0
    last_user_seg = max((k for k, (sp, _) in enumerate(segments) if sp == "user"), default=-1)
    for seg_no, (speaker, text) in enumerate(segments):
        p = _parse(text, vocab, speaker)
        if speaker != "user":
            offered = [m for _, m in p.mentions]
            mentions += offered
            continue
        n_user += 1
        w = p.words
        head = w[:10]
        if offered:
            reaction = None
            if lex.seen_reaction.contains(head):
                reaction = "seen"
            elif lex.reject.contains(head[:6]) and not lex.accept.contains(head[:3]):
                reaction = "rejected"
            elif lex.accept.contains(head[:6]):
                reaction = "accepted"
            if reaction:
                named = {m.item_id for _, m in p.mentions}
                mentions += [replace(m, relation=reaction) for m in offered if m.item_id not in named]
        offered = []
        seg_conds, _ = _conditions(p, vocab)
        if seg_no != last_user_seg:
            # a sparse tag said in passing earlier in a conversation ("that was sad", "so
            # interesting") is a mood, not a wish: only the last message makes a tag a condition
            seg_conds = [c for c in seg_conds if c.role != "tag"]
        if lex.reset.contains(w):
            conds = []
        replaced = {(c.column, _direction(c.op)) for c in seg_conds if c.op not in ("contains", "not_contains", "in", "not_in")}
        restated = {(c.column, str(c.value).lower()) for c in seg_conds}
        conds = [c for c in conds if (c.column, _direction(c.op)) not in replaced
                 and (c.column, str(c.value).lower()) not in restated] + seg_conds
        mentions += [m for _, m in p.mentions]
        last_user, last_text = p, text
    if last_user is None:
        last_user, last_text = _parse(message, vocab), message
    notes = (f"dialogue: {n_user} user turns, {len(segments) - n_user} other",)
    intent = _intent(last_text, vocab, last_user, [m for m in mentions if m not in [x for _, x in last_user.mentions]],
                     dialogue=True, conds_override=_dedupe(conds), notes=notes)
    if intent.kind in ("chitchat",) and (intent.conditions or intent.liked):
        intent = replace(intent, kind="recommend")
    return replace(intent, message=message)


def _direction(op: str) -> str:
    return {"<": "lt", "<=": "lt", ">": "gt", ">=": "gt", "=": "eq", "!=": "ne"}.get(op, op)
