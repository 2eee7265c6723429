"""Item mentions: titles in quotes, with a year, delimited by lists, exact and partial catalog
titles, model codes, creators named before their works.
"""

from __future__ import annotations

import re
from dataclasses import replace

from convrec.catalog.linking import YEAR_SUFFIX, normalize_title
from convrec.catalog.text import CLAUSE_END, COMMON_WORD_RANK, PUNCT, ascii_fold, noun_plural, norm, numbers_kept, said_year, singular, tokenize, word_rank  # noqa: E501
from convrec.nlu.columns import column_vocabulary, columns_named
from convrec.nlu.intent import ItemMention
from convrec.nlu.reading import DOMAIN_NOUNS, FACT_KEYWORDS, NUMBER, Parse, QUESTION_WORDS, Span, normalize_words, num
from convrec.nlu.itemcodes import code_index, item_codes
from convrec.nlu.casing import lower_case_or_names, lower_case_titles
from convrec.nlu.vocab import ValueHit, Vocabulary


_ENTRY_END = re.compile(r"[.!?](?=\s|$)")


def delimited_titles(p: Parse, vocab: Vocabulary, text: str, speaker: str) -> None:
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


def claim_listed(p: Parse, vocab: Vocabulary, text: str) -> None:
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


def _mention(p: Parse, vocab: Vocabulary, i: int, j: int, idx: int, speaker: str, score: float = 100.0) -> None:
    linker = vocab.linker
    text = " ".join(t.raw for t in p.toks[i:j])
    digits = [t.w for t in p.toks[i:j] if not t.punct and t.w not in ("$", "€", "£")]
    if digits and all(num(x) is not None for x in digits) and linker.titles[idx].strip() != " ".join(digits) \
            or (i > 0 and p.toks[i - 1].w in ("$", "€", "£") and all(num(x) is not None for x in digits)):
        return  # "$5" is a price, not the film "A.V." (whose title normalises to "5")
    m = ItemMention(linker.ids[idx], linker.titles[idx], text, "reference", speaker, score)
    p.mentions.append((Span(i, j), m))
    p.claim(i, j)


def model_codes(p: Parse, vocab: Vocabulary, speaker: str) -> None:
    """A model code that only one title carries ("3990x" in "Ryzen Threadripper 3990X", "8700k"
    in "Core i7-8700K"): that item, with the words beside the code that its title also has
    ("threadripper 3990x", "i7 8700k")."""
    linker = vocab.linker
    index = code_index(vocab)  # (and the codes of a code column beside the title: "HFC-134a")
    if not index:
        return
    w, toks = p.words, p.toks
    for i, x in enumerate(w):
        if p.claimed[i]:
            continue
        if i > 0 and not p.claimed[i - 1] and toks[i - 1].end == toks[i].start and w[i - 1].isalpha() and x[:1].isdigit() \
                and len(index.get(w[i - 1] + x, ())) == 1:
            # "C87900", "S55C": a code its letters and digits written together, read as two words
            idx = index[w[i - 1] + x][0]
            compact = normalize_title(str(linker.titles[idx])).replace(" ", "") + item_codes(vocab).get(idx, "")
            a = i - 1
            while a > 0 and not p.claimed[a - 1] and not toks[a - 1].punct and "".join(w[a - 1:i + 1]) in compact \
                    and w[a - 1] not in vocab.lexicon.stop:
                a -= 1  # "Black SN750": the words of its name before the code
            text = " ".join(t.raw for t in toks[a:i - 1]) + (" " if a < i - 1 else "") + toks[i - 1].raw + toks[i].raw
            p.mentions.append((Span(a, i + 1), ItemMention(linker.ids[idx], linker.titles[idx], text, "reference", speaker, 100.0)))
            p.claim(a, i + 1)
            continue
        if x not in index or len(index[x]) != 1:
            continue
        idx = index[x][0]
        compact = normalize_title(str(linker.titles[idx])).replace(" ", "") + item_codes(vocab).get(idx, "")
        a = i
        while a > 0 and not p.claimed[a - 1] and not p.toks[a - 1].punct and "".join(w[a - 1:i + 1]) in compact \
                and w[a - 1] not in vocab.lexicon.stop:
            a -= 1
        text = " ".join(t.raw for t in p.toks[a:i + 1])
        p.mentions.append((Span(a, i + 1), ItemMention(linker.ids[idx], linker.titles[idx], text, "reference", speaker, 100.0)))
        p.claim(a, i + 1)


_LIST_SEP = {",", ";", "and", "&", "or", "/"}
_TITLE_END = _LIST_SEP | {".", "!", "?", "(", ":"}
_UNTITLED_END = set(",;.!?:(&/\"')")


def _spelled(s: str) -> str:
    """A title as written, case and punctuation kept, spaces ignored: a long name typed out
    exactly as the catalog has it ("a date night" is not *Date Night*)."""
    return re.sub(r"\s+", "", s)


def full_titles(p: Parse, vocab: Vocabulary, text: str, speaker: str, max_words: int = 30) -> None:
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


def complete_titles(p: Parse, vocab: Vocabulary) -> None:
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
            p.mentions[n] = (Span(span.start, e), replace(m, text=text))


def extend_titles(p: Parse, vocab: Vocabulary) -> None:
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
            if link.item_id and (link.item_id != m.item_id or set(w[span.end:j]) <= set(normalize_words(m.title))) \
                    and link.score >= 90 and len(normalize_words(link.title)) >= j - span.start:  # ("Sunita" … "Williams")
                best = (j, link)
                break
        if best is None:
            out.append((span, m))
            continue
        j, link = best
        p.claim(span.start, j)
        out.append((Span(span.start, j), replace(m, item_id=link.item_id, title=link.title,
                                                  text=" ".join(t.raw for t in p.toks[span.start:j]), score=link.score)))
    p.mentions = out


def _year_after(p: Parse, j: int) -> tuple[int | None, int]:
    """"(1995)" right after a title: the year and the tokens it spans."""
    w = p.words
    if j + 2 < len(w) + 0 and j < len(w) and w[j] == "(" and j + 2 < len(w) and NUMBER.match(w[j + 1]) and w[j + 2] == ")":
        return int(w[j + 1]), 3
    return None, 0


_SENTENCE_END = {".", "!", "?", ";", "(", ")", '"'}


def year_marked_titles(p: Parse, vocab: Vocabulary, speaker: str, max_words: int = 12) -> None:
    """"Avengers: Infinity War (2018)": a year in brackets right after a name marks a title
    (how people and ReDial write films). Every start up to ``max_words`` back is linked with
    the year; the best link whose catalog year agrees within one year wins (exact beats
    fuzzy, then the longer span)."""
    w, toks = p.words, p.toks
    if not vocab.linker.years or all(y is None for y in vocab.linker.years[:50]):
        return
    for k in range(1, len(w) - 2):
        if not (w[k] == "(" and NUMBER.match(w[k + 1]) and w[k + 2] == ")"):
            continue
        try:
            year = int(float(w[k + 1]))
        except ValueError:
            continue
        if not said_year(year) or not p.free(k - 1, k):
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


def quoted_titles(p: Parse, vocab: Vocabulary, speaker: str) -> None:
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


def _trigger_before(p: Parse, vocab: Vocabulary, i: int, window: int = 4) -> bool:
    lex = vocab.lexicon
    for j in range(i, max(-1, i - window - 1), -1):
        if j < i and p.toks[j].w in CLAUSE_END and p.toks[j].w != ":":  # "what I've read: X, Y" lists
            return False
        for phrases in lex.relations.values():
            if phrases.ends_at(p.words, j) and j >= i - 1:
                return True
    return any(phr.ends_at(p.words, i) for phr in lex.relations.values())


def _after_mention_list(p: Parse, i: int) -> bool:
    """Right after another mention, joined by "and", "or" or a comma."""
    for span, _ in p.mentions:
        gap = p.words[span.end:i]
        if span.end <= i and len(gap) <= 2 and all(g in (",", "and", "or", "&", "plus", "also") for g in gap):
            return True
    return False


def creators_first(p: Parse, vocab: Vocabulary) -> None:
    """Full creator names written with a capital ("Stephen King") before titles are scanned,
    so "King" is not read as a book called "The King"; lower-case ones after "by"."""
    w, toks = p.words, p.toks
    for n in (4, 3, 2):
        for i in range(0, len(w) - n + 1):
            j = i + n
            if any(p.claimed[x] for x in range(i, j)) or any(toks[x].punct and toks[x].w != "." for x in range(i, j)):
                continue
            inner = [x for x in w[i:j] if x != "."]
            hits = [h for h in vocab.lookup(" ".join(inner)) if h.role == "creator"] if len(inner) >= 2 else []
            if not hits:
                continue
            by = i > 0 and w[i - 1] in ("by", "from", "of")
            made = j < len(w) and w[j] in (vocab.domain.lower(), noun_plural(vocab.domain.lower()), "ones")  # "led zeppelin albums"
            if not (by or made or all(toks[x].capitalised for x in range(i, j) if toks[x].w != ".")):
                continue
            if vocab.title_ids(" ".join(t.raw for t in toks[i:j])) and not (by or made):  # also a title: the title scan decides
                continue
            p.values.append((Span(i, j), [[h for h in hits if h.column == hits[0].column]], " ".join(t.raw for t in toks[i:j])))
            p.claim(i, j)


def fact_question(p: Parse, vocab: Vocabulary) -> bool:
    """A question about one item ("when did casablanca come out", "Inception - which genres?"):
    titles may then be written in lower case or open the message."""
    from convrec.nlu.lexicon import Phrases

    w = [x for x in p.words if x not in PUNCT]
    question = bool(w) and (vocab.lexicon.question_start.contains(w[:8]) or "?" in p.words)
    asks_items = any(not (a > 0 and w[a - 1] in ("the", "this", "your")) for a, _ in vocab.lexicon.recommend.find(w))  # "on the list": a noun
    if not question or asks_items and not any(x in w for x in ("year", "genre", "genres", "when", "who")):
        return False
    from convrec.catalog.meaning import unit_for_word

    how = any(x == "how" and k + 1 < len(w) and (w[k + 1] in vocab.lexicon.how_dimension or (
        w[k + 1] in ("many", "much") and k + 2 < len(w) and unit_for_word(w[k + 2]) is not None))  # "how many miles is …"
        for k, x in enumerate(w))
    return how or any(Phrases.of(keys).contains(w) for keys in FACT_KEYWORDS.values()) or \
        bool(columns_named(p.words, vocab, by_name_only=True))  # "how old was nadiya": a dimension asked


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


def fact_title(p: Parse, vocab: Vocabulary, speaker: str) -> None:
    """A question about one item whose title is written loosely ("who wrote good omens"): the
    longest run of words that are not question words is linked fuzzily."""
    w = p.words
    runs = _runs(range(len(w)), lambda i, cur: p.claimed[i] or p.toks[i].punct or (w[i] in QUESTION_WORDS and not cur))
    for run in sorted(runs, key=len, reverse=True)[:2]:
        while run and w[run[-1]] in QUESTION_WORDS:
            run = run[:-1]
        # "the life expectancy in japan", "the elevation of denver intl": the name is the whole
        # run, or what follows its last preposition (the column's words come before it)
        tries = [run] + [run[k + 1:] for k in range(len(run) - 1, -1, -1) if w[run[k]] in _OF]
        lead = 0
        while lead < len(run) - 1 and w[run[lead]] in column_vocabulary(vocab):
            lead += 1  # "how high is o'hare airport": "high" asks for the altitude; the name follows
        if lead:
            tries.append(run[lead:])
        for part in tries:
            if not part or sum(len(w[x]) for x in part) < 3:
                continue
            text = " ".join(p.toks[x].raw for x in part)
            link = vocab.linker.link(text)
            if link.item_id and link.score >= 86 and numbers_kept(text, link.title):
                _mention(p, vocab, part[0], part[-1] + 1, vocab.linker.index_of(link.item_id), speaker, link.score)
                return



_OF = ("in", "of", "for", "at", "on", "about", "does", "did", "do", "is")


def exact_titles(p: Parse, vocab: Vocabulary, speaker: str, relaxed: bool = False) -> None:
    lex = vocab.lexicon
    w, toks = p.words, p.toks
    lower_case = lower_case_titles(vocab)
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
            if not ids and n == 1 and len(last.w) >= 5 and last.w.endswith("s") and last.w.isalpha() \
                    and not vocab.lookup(last.w) and j < len(w) and not p.claimed[j] and w[j] in column_vocabulary(vocab):
                # "andrews wind speed" in a question: a possessive written without its apostrophe
                phrase = " ".join([t.raw for t in toks[i:j - 1]] + [last.raw[:-1]])
                ids = vocab.title_ids(phrase)
            if not ids and lower_case and len(last.w) >= 4 and last.w.isalpha() and singular(last.w) != last.w \
                    and singular(last.w) != vocab.domain.lower():
                # "masons, plasterers or slaters" of a catalog of trades written "mason", "slater": its
                # lower-case titles are nouns, said in the plural
                phrase = " ".join([t.raw for t in toks[i:j - 1]] + [singular(last.w)])
                ids = vocab.title_ids(phrase)
            if not ids:
                continue
            words = [x for x in w[i:j] if x not in PUNCT]
            if all(num(x) is not None for x in words) and not (
                    relaxed and any(vocab.linker.titles[k].strip() == phrase.strip() for k in ids)):
                continue  # a year is not a title ("1984" is, in a question about it or a list to choose from)
            content = [x for x in words if x not in lex.stop]
            if not content:
                continue
            if n == 1 and any(c.label == words[0] for c in vocab.columns.values() if c.role not in ("id", "title")) and not any(
                    vocab.linker.titles[k].strip().lower() == words[0] for k in ids):
                continue  # "CAS number for …": the column's own name, not the initials of "Cobalt arsenic sulfide"
            cap = any(t.capitalised or t.w[:1].isdigit() or lower_case for t in toks[i:j] if t.w not in lex.stop) and \
                not (i == 0 and n == 1 and not relaxed and not (j < len(w) and w[j] in (",", ":", "?", "or", "and")))
            strict = _trigger_before(p, vocab, i) or _after_mention_list(p, i)
            # in a question about one item a lower-case title of one uncommon word counts ("the
            # population of ajax in 2021"), a common one does not ("how hot is heat")
            context = strict or (relaxed and (n >= 2 or len(words[0]) >= 6 or (
                len(words[0]) >= 4 and (word_rank(words[0]) or 10 ** 9) >= COMMON_WORD_RANK)))
            # a word no English dictionary has, written as a title is ("rahul", "nadiya"): that name
            context = context or (n == 1 and len(words[0]) >= 4 and words[0].isalpha() and word_rank(words[0]) is None
                                  and lower_case_or_names(vocab))
            is_value = any(h.role == "category" for h in vocab.lookup(" ".join(words))) or " ".join(words) in lex.values \
                or (len(content) == 1 and any(h.role == "flag" for h in vocab.lookup(content[0])))  # "a barn" of a `barn` flag
            if is_value and not any(norm(vocab.linker.titles[k]) == norm(" ".join(words)) for k in ids):
                continue  # "a barn" of a catalog with a `barn` flag: the flag, not "Winter Barn" by a short form
            if n == 1:
                ok = (cap or context) and len(words[0]) >= 3 and not (is_value and not strict) and words[0] not in lex.stop \
                    and not (not cap and not strict and words[0] in column_vocabulary(vocab))  # "the most protein"
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


def _series(p: Parse, vocab: Vocabulary, i: int, j: int) -> list[int]:
    """"all the harry potter books", "the witcher games": a name followed by a plural domain
    noun names every title that starts with it (a series), at most 20."""
    w = p.words
    if not (j < len(w) and w[j] in DOMAIN_NOUNS and w[j].endswith("s")):
        return []
    if not (i > 0 and (w[i - 1] in ("all", "the", "every") or num(w[i - 1]) is not None)):
        return []
    from convrec.catalog.linking import normalize_title

    key = normalize_title(" ".join(t.raw for t in p.toks[i:j]))
    if len(key) < 4:
        return []
    hits = [k for k, n in enumerate(vocab.linker.norm) if n.startswith(key + " ") or n == key]
    if len(hits) < 2:
        return []
    if num(w[i - 1]) is not None:
        p.claim(i - 1, i)  # "all 7 harry potter books": the 7 is not a count to show
    return sorted(hits, key=lambda k: -vocab.linker.pop[k])[:20]


_CHUNK_STOP = {"a", "lot", "so", "much", "too", "as", "well", "very", "recently", "yesterday", "last", "week", "year",
               "month", "night", "ago", "and", "or", "but", "also", "both", "of", "them", "it", "all", "which",
               "that", "those", "these", "then", "now", "already", "times", "million", "hundred", "thousand", "twice",
               "again", "forever", "hours", "lots", "before", "too", "myself", "yet", "still", "once", "ages", "years"}


def context_titles(p: Parse, vocab: Vocabulary, speaker: str) -> None:
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
            if vocab.lookup(phrase_n) or phrase_n in lex.values or any(NUMBER.match(x) for x in words[:1]):
                continue
            if sum(len(x) for x in words) < 4 and not (len(ch) == 1 and p.toks[ch[0]].raw.isupper() and len(words[0]) >= 2):
                continue  # short chunks only as acronyms ("FTL")
            link = vocab.linker.link(" ".join(p.toks[x].raw for x in ch))
            if link.item_id and link.score >= 88:
                idx = vocab.linker.index_of(link.item_id)
                if len(ch) == 1 and link.method != "exact" and (word_rank(words[0]) or 10 ** 9) < COMMON_WORD_RANK:
                    continue  # "all done": an ordinary word is no loose match for "Are We Done Yet?"
                _mention(p, vocab, ch[0], ch[-1] + 1, idx, speaker, link.score)


def title_words(p: Parse, vocab: Vocabulary) -> None:
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
        if len(words) == 1 and "title" in vocab.items and words[0].isalpha() and len(words[0]) >= 3:
            from convrec.tools.filters import PART, word_pattern

            titles = vocab.items["title"].fillna("").astype(str)
            if not titles.str.contains(word_pattern(phrase)).any() and titles.str.contains(words[0], case=False, regex=False).any():
                phrase = PART + words[0]  # "amine in the name": a part of a word (Diethylamine), no title has it alone
        p.values.append((Span(a + 1, k + 1), [[ValueHit("title", phrase, 0, "text")]], " ".join(t.raw for t in p.toks[a:k + 1])))
        p.claim(a, k + 1)


def makers_of_mentions(p: Parse, vocab: Vocabulary) -> None:
    """"the samsung 970 evo plus", "my wd black sn750": a maker said right before a model the
    catalog names without it is part of the name, not a condition on every item (the maker's
    value read from those words is dropped)."""
    if not p.mentions or not p.values:
        return
    starts = {sp.start: m for sp, m in p.mentions}
    keep = []
    for span, groups, text in p.values:
        m = starts.get(span.end)
        hits = [h for g in groups for h in g]
        if m is not None and hits and all(h.role == "creator" for h in hits) and any(
                str(vocab.item_value(m.item_id, h.column) or "").lower() == str(h.value).lower() for h in hits):
            continue
        keep.append((span, groups, text))
    p.values = keep
