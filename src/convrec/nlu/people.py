"""People named as people say them: "chuck schumer" for the catalog's "Schumer, Charles", "orin hatch"
for "Hatch, Orrin", "roxana c" for a row whose first name is Roxana and last initial C.

A catalog of people keeps a name as "Last, First" titles or as parts in columns (a first-name column
and a last-name or last-initial column, read by their labels). Two words said in a row link to the one
person whose last name is the second word and whose first name the first word can be: the same, a
nickname the lexicon knows (chuck → charles), its first letters (bern → bernard) or one slip (orin).
"""

from __future__ import annotations

import re

from rapidfuzz.distance import DamerauLevenshtein

from convrec.catalog.text import COMMON_WORD_RANK, ascii_fold, norm, word_rank
from convrec.nlu.intent import ItemMention
from convrec.nlu.reading import Parse, Span
from convrec.nlu.vocab import Vocabulary

_SUFFIX = re.compile(r",?\s+(?:Jr|Sr|II|III|IV)\.?$")
_LAST_FIRST = re.compile(r"^\s*([A-Za-z'\-. ]+?),\s*([A-Za-z'\-.]+)")
_FIRST_LAST = re.compile(r"^([A-Z][a-z'\-]+)(?: [A-Z][a-z'\-.]*)? ([A-Z][a-z'\-]+)$")
_FIRST = re.compile(r"(?:^|[^a-z])(?:first|given|fore)(?:[^a-z]|$)|^first|firstname")
_LAST = re.compile(r"(?:^|[^a-z])(?:last|sur|family)(?:[^a-z]|$)|^last|surname|lastname")


def people(vocab: Vocabulary) -> list[tuple[str, str, str]]:
    """(item id, first name, last name or initial), lower case, of a catalog whose items are people."""
    got = vocab.__dict__.get("_people")
    if got is not None:
        return got
    got = []
    titles = [_SUFFIX.sub("", str(t).strip()) for t in vocab.linker.titles]  # "John H. Glenn Jr.": John Glenn
    parsed = [_LAST_FIRST.match(ascii_fold(str(t))) for t in titles]  # "Schrödinger" as typed: "schrodinger"
    named = [_FIRST_LAST.match(ascii_fold(str(t))) for t in titles]
    seconds = {m.group(2).strip().lower() for m in parsed if m}
    if titles and sum(m is not None for m in parsed) >= 0.6 * len(titles) \
            and not (len(titles) >= 16 and len(seconds) <= len(titles) // 4):  # "Island, Washington": a place in its state
        for i, m in zip(vocab.linker.ids, parsed):
            if m:
                got.append((str(i), m.group(2).strip(". ").lower(), m.group(1).strip().lower()))
    elif titles and sum(m is not None for m in named) >= 0.6 * len(titles):  # "Katharine Hepburn"
        for i, m in zip(vocab.linker.ids, named):
            if m:
                got.append((str(i), m.group(1).lower(), m.group(2).lower()))
    else:
        first = [c.name for c in vocab.columns.values() if c.type == "text" and _FIRST.search((c.label or c.name).lower())]
        last = [c.name for c in vocab.columns.values() if c.type == "text" and _LAST.search((c.label or c.name).lower())]
        if len(first) == 1 and len(last) == 1 and first[0] in vocab.items and last[0] in vocab.items:
            f = vocab.items[first[0]].astype(str).str.strip().str.lower()
            la = vocab.items[last[0]].astype(str).str.strip().str.strip(".").str.lower()
            got = [(str(i), a, b) for i, a, b in zip(vocab.items.index, f, la) if a and b and a != "nan" and b != "nan"]
    vocab.__dict__["_people"] = got
    return got


def _by_last(vocab: Vocabulary) -> dict[str, list[tuple[str, str]]]:
    """Last name → (item, first name) of a catalog of people, folded as words are read; once per catalog."""
    got = vocab.__dict__.get("_people_by_last")
    if got is None:
        got = {}
        for item, first, last in people(vocab):
            got.setdefault(norm(last), []).append((item, norm(first)))
        vocab.__dict__["_people_by_last"] = got
    return got


def _first_fits(said: str, first: str, nick: dict[str, set[str]]) -> bool:
    if said == first or first in nick.get(said, ()):
        return True
    if said[0] != first[0] or len(said) < 3:
        return False
    return (len(said) >= 4 and first.startswith(said[:4])) or DamerauLevenshtein.distance(said, first) <= (2 if len(first) >= 6 else 1)


def read_person_names(p: Parse, vocab: Vocabulary, speaker: str = "user") -> None:
    who = people(vocab)
    if not who:
        return
    w, nick = p.words, vocab.lexicon.nicknames
    by_last = _by_last(vocab)
    for k, (span, m) in enumerate(list(p.mentions)):  # "chuck schumer" where "schumer" was linked: the first name too
        i = span.start - 1
        if i >= 0 and not p.claimed[i] and w[i].isalpha() and span.end - span.start == 1 and any(
                item == m.item_id and _first_fits(w[i], first, nick) and first != w[i] for item, first, _ in who):
            p.mentions[k] = (Span(i, span.end), m)
            p.claim(i, span.end)
    for i in range(len(w) - 1):
        if p.claimed[i] or p.claimed[i + 1] or not w[i].isalpha() or not w[i + 1].isalpha() or w[i] in vocab.lexicon.stop \
                or vocab.lexicon.superlative(w[i]):
            continue  # ("the largest fire" is no "Largo Fire")
        found = [(item, first) for item, first in by_last.get(w[i + 1], []) if _first_fits(w[i], first, nick)]
        if not found or len({f for _, f in found}) != 1:
            continue  # nobody, or two different people of that name (one person's rows: the first)
        item = found[0][0]
        end = i + 3 if i + 2 < len(w) and w[i + 2] == "." and len(w[i + 1]) == 1 else i + 2  # "roxana c."
        title = str(vocab.item_value(item, "title") or item)
        p.mentions.append((Span(i, end), ItemMention(item, title, " ".join(t.raw for t in p.toks[i:end]),
                                                     "reference", speaker, 90.0)))
        p.claim(i, end)


def read_surnames(p: Parse, vocab: Vocabulary, speaker: str = "user") -> None:
    """A person of a catalog of people named by the last name alone ("where was Schrodinger born?",
    "einstein's year"): the one person of that last name (accents as typed or not), when the word is
    capitalised or no common English word, and nothing else of the catalog reads it. Two people of
    one last name (two Curies) are not guessed between."""
    by_last = _by_last(vocab)
    if not by_last:
        return
    w = p.words
    for i, x in enumerate(w):
        rows = by_last.get(x) if not p.claimed[i] and len(x) >= 4 and x.isalpha() else None
        if not rows or len({first for _, first in rows}) != 1 or x in vocab.lexicon.stop or vocab.lookup(x):
            continue  # (two people of one last name: not guessed between)
        if not p.toks[i].raw[:1].isupper() and (word_rank(x) or 10 ** 9) <= COMMON_WORD_RANK:
            continue  # "bell", "young": words first, names only when written as names
        item = rows[0][0]
        title = str(vocab.item_value(item, "title") or item)
        p.mentions.append((Span(i, i + 1), ItemMention(item, title, p.toks[i].raw, "reference", speaker, 85.0)))
        p.claim(i, i + 1)
