"""Columns whose names are abbreviations of what people say: a request that says the words an
abbreviated column name was cut from names that column ("rec room" → `recroom`, "air
conditioning" → `airco`, "gas for the hot water" → `gashw`, "preferred area" → `prefarea`,
"bathrooms" → `bathrms`, "quantity" → `qty`).

The name is matched against the message, not expanded ahead of time: the user's own words give
the expansion a dictionary cannot ("pref" is "preferred" here, "preference" elsewhere). A name
is read as cut from consecutive words (stop words between them skipped) when it is the
concatenation of a leading piece of each — a prefix ("pref" of "preferred", "h" of "hot"), or the
word's consonant skeleton ("rms" of "rooms"). A name fully covered this way names the column.
A name partly covered names it only when a whole word of three or more letters is the name's
head (or its singular: "baths" → `bathrms`) and what is left is at most two letters (three after a
head of four) ("central air" → `airco`, "gas water heating" →
`gashw`): the head word is the thing, the tail a qualifier.

Only names that are no word of their own are tried (a column named `driveway` is read by its
name), and only unclaimed words are used. A yes/no column so named becomes a value of the
message (negation applies as for any value: "no gas water heating"); a number column's word is
written in place of the last word read, so the number readers bind to it ("2 car garage" on
`garagepl`).
"""

from __future__ import annotations

import re
from functools import lru_cache

from convrec.catalog.meaning import expand, name_words
from convrec.catalog.text import COMMON_WORD_RANK, norm, singular, skeleton_of as _skeleton, word_rank
from convrec.nlu.codes import named_codes
from convrec.nlu.columns import columns_named, comparison_words
from convrec.nlu.reading import Parse, Span
from convrec.nlu.vocab import ValueHit, Vocabulary

_LETTERS = re.compile(r"[^a-z]")


def _cover(name: str, words: list[str], stop: frozenset[str] | set[str],
           bounds: set[int] | frozenset[int] = frozenset()) -> tuple[int, int] | None:
    """The longest reading of ``name`` as cut from ``words[0], words[1], …`` (stop words between
    them skipped): (letters of the name covered, words used), covering from the name's start.
    ``bounds``: where the name's own words end — a two-letter skeleton counts when it is the
    name's first word ("hm" of "home" in `HmRun`, "pt" of "point" in `pt_diff`)."""
    best: tuple[int, int] | None = None

    def go(pos: int, j: int, used: int, pieces: int) -> None:
        nonlocal best
        if pieces and (best is None or (pos, -used) > (best[0], -best[1])):
            best = (pos, used)
        if pos == len(name) or j >= len(words):
            return
        k = j
        while k < len(words) and words[k] in stop and pieces:  # "gas for the hot water"
            k += 1
        if k >= len(words) or k - j > 3:
            return
        w = words[k]
        if not w.isalpha():
            return
        rest = name[pos:]
        # a prefix of the word: the first piece at least two letters ("re" of "rec room" is no name)
        for n in range(min(len(w), len(rest)), 0 if pieces else 1, -1):
            if rest[:n] == w[:n]:
                go(pos + n, k + 1, k + 1, pieces + 1)
                break
        for n in range(min(len(rest), len(w)), 1, -1):  # the word's skeleton ("rms" of "rooms")
            if n == 2 and not (pos == 0 and 2 in bounds):  # the name's first word only ("hm" of `HmRun`)
                break
            if rest[:n] != w[:n] and _skeleton(rest[:n], w):
                if n >= 3 and (pos == 0 or pos in bounds) and pos + n in bounds and word_rank(rest[:n]) is not None:
                    break  # a whole word of the name is said as itself: "tip" of `med_tip` is no cut of "trip"
                go(pos + n, k + 1, k + 1, pieces + 1)
                break

    go(0, 0, 0, 0)
    return best


def _boundaries(col: str) -> set[int]:
    """Where the column name's words end, in letters ("life_exp_at_birth": 4, 7, 9, 14)."""
    out, n = set(), 0
    for x in name_words(col):
        n += len(_LETTERS.sub("", x))
        out.add(n)
    return out


def abbreviated(vocab: Vocabulary) -> list[tuple[str, str]]:
    """(column, its name as letters) for columns whose name is no word: the ones worth trying."""
    got = vocab.__dict__.get("_abbreviated")
    if got is None:

        got = []
        for c in vocab.columns.values():
            if c.role in ("id", "title") or c.type not in ("boolean", "integer", "real"):
                continue
            name = _LETTERS.sub("", c.name.lower())
            if len(name) < 3 or word_rank(name) is not None:
                continue
            if expand(name_words(c.name)) != name_words(c.name):
                continue  # a known short form ("lat": latitude) is read by its words, not "least" by its letters
            got.append((c.name, name))
        vocab.__dict__["_abbreviated"] = got
    return got


def read_abbreviations(p: Parse, vocab: Vocabulary) -> None:
    cands = abbreviated(vocab)
    if not cands:
        return
    stop = vocab.lexicon.stop
    w = p.words
    comparing = comparison_words(vocab.lexicon)
    found: list[tuple[int, int, int, str]] = []  # (start, end, letters covered, column)
    for col, name in cands:
        best = None
        own = set(name_words(col))  # "life" is a stop word, and the first word of `life_exp_at_birth`
        label = vocab.columns[col].label or ""  # `hmrun` labelled "hm run" from the file's `HmRun`
        bounds_of = _boundaries(label if _LETTERS.sub("", label.lower()) == name else col)
        for i in range(len(w)):
            if p.claimed[i] or not w[i].isalpha() or w[i][0] != name[0]:
                continue
            if w[i] in comparing or vocab.lexicon.superlative(w[i]):
                continue  # "higher incomes" is no `hhIncome` ("household income") said in part: a comparison
            stop_head = w[i] in stop and w[i] not in own  # "home runs" → `HmRun`: a stop word only in a whole name
            got = _cover(name, w[i:], stop, bounds_of)
            if got is None:
                continue
            covered, used = got
            j = i + used
            if any(p.claimed[x] or p.toks[x].punct for x in range(i, j)):
                continue
            full = covered == len(name) and (used >= 2 or covered >= 3 and w[i] != name and w[i][-1] == name[-1])
            if used == 1 and len(label.split()) >= 2 and word_rank(w[i]) is not None:
                continue  # "developers" is a word, not `DevOps` ("dev ops") run together
            if stop_head and not (full and used >= 2):
                continue
            if stop_head and any(h.role in ("category", "creator", "tag") and norm(h.value) == w[x]
                                 for x in range(i + 1, j) for h in vocab.lookup(w[x])):
                continue  # "from the ios app": the platform "ios", not `fri` spelled by f-r-om and i-os
            tail = len(name) - covered
            head = covered >= 3 and (tail <= 2 or tail <= 3 and covered >= 4) and name[:covered] in (w[i], singular(w[i]))
            # "life expectancy" → `life_exp_at_birth`: two words read, the name's last whole words
            # (a qualifier: "at birth", "in lbs") left unsaid
            bounds = sorted(_boundaries(col))
            at = max((b for b in bounds if b <= covered), default=0)
            leading = used >= 2 and at >= 5 and at > bounds[0]
            if not (full or head or leading):
                continue
            if not full and sum(w[i] in (vocab.columns[c2].label or "").split() for c2 in vocab.columns) >= 2:
                continue  # "the high" of `high_temp`, `high_vis`, …: a word of a family, not one of them cut short
            if not full and singular(w[i]) == vocab.domain.lower():
                continue  # "horses" of a horse catalog: its items, not `HorseID` said in part
            if not full and [c for c in columns_named(w[i:j], vocab, by_name_only=True) if c != col]:
                continue  # "course number" names `course_num`, "sleep" `sleep_total`: not a part of another name
            if _names_another(p, vocab, i, j, col):
                continue  # "population density": `pop_dens` by its own words, not `popn` cut from "population"
            covered = covered if (full or head) else covered - len(name)  # a whole name read beats a leading part
            if best is None or covered > best[2]:
                best = (i, j, covered, col)
        if best:
            found.append(best)
    said: list[tuple[Span, list[list[ValueHit]], str]] = []
    for i, j, _, col in sorted(found, key=lambda f: -f[2]):
        if any(p.claimed[x] for x in range(i, j)):
            continue
        c = vocab.columns[col]
        if c.type == "boolean":
            said.append((Span(i, j), [[_flag_hit(vocab, col)]], " ".join(t.raw for t in p.toks[i:j])))
            p.claim(i, j)
        else:
            span_words = set(p.words[i:j])
            if all(span_words & set(g) for g in c.words if g):
                continue  # the words already name it ("city mpg" on `city_mpg`)
            # the last word read carries the column's word, or its name where one word cannot say
            # its label ("tests" on `testscr`, "test score"); the raw text stays as written
            content = [x for x in range(i, j) if p.words[x] not in vocab.lexicon.stop]
            if len(c.words) > 1 and len(content) == len(c.words) and all(c.words):
                for x, g in zip(content, c.words):  # "graduation rate" → `grad_rate`'s own words, "grad rate"
                    p.words[x] = g[0]
                continue
            own = {y for g in c.words for y in g}
            unsaid = [g for g in c.words if g and not span_words & set(g)]
            free = [x for x in content if p.words[x] not in own]
            if len(c.words) > 1 and len(unsaid) == 1 and free:
                p.words[free[-1]] = unsaid[0][0]  # "cholera death rate": "cholera" said, "drate" cut from "death rate"
            else:
                p.words[j - 1] = c.words[0][0] if len(c.words) == 1 and c.words[0] else col.lower()
            for x in content[:-1]:  # "cholera death rate" → `cholera_drate`: "death" was cut into its name,
                if p.words[x] not in own:  # it names no `cholera_deaths` any more
                    p.words[x] = "of"
    p.values.extend(sorted(said, key=lambda v: v[0].start))  # in the order said ("central air or a rec room")


def _names_another(p: Parse, vocab: Vocabulary, i: int, j: int, col: str) -> bool:
    """Whether the words at ``i:j`` with the word before or after them say every word group of
    another number column."""
    w = p.words
    for a, b in ((max(0, i - 1), j), (i, min(len(w), j + 1))):
        if (a, b) == (i, j):
            continue
        said, inner = set(w[a:b]), set(w[i:j])
        for c in vocab.columns.values():
            if c.name != col and c.type in ("integer", "real") and len(c.words) > 1 and all(said & set(g) for g in c.words) \
                    and not all(inner & set(g) for g in c.words):  # the neighbour completes it
                return True
    return False


def _acronyms(vocab: Vocabulary) -> dict[str, list[ValueHit]]:
    """Values the catalog writes as capital initials ("IF", "VG", "SUV", "NY"), by their letters."""
    got = vocab.__dict__.get("_acronyms")
    if got is None:
        got = {}
        for hits in vocab.values.values():
            for h in hits:
                v = str(h.value)
                if h.role in ("category", "tag") and 2 <= len(v) <= 5 and v.isalpha() and v.isupper():
                    got.setdefault(v.lower(), [])
                    if h not in got[v.lower()]:
                        got[v.lower()].append(h)
        vocab.__dict__["_acronyms"] = got
    return got


def read_acronyms(p: Parse, vocab: Vocabulary) -> None:
    """A value written as initials, said in full: "internally flawless" → IF, "very good" → VG,
    "sport utility vehicle" → SUV. The words must each be three letters or more (typos allowed:
    only their first letters count), none a stop word, none already read."""
    listed = {h.column for hs in named_codes(vocab).values() for h in hs}  # "PR" is said "puerto rico", not "paper records"
    codes = {k: hs for k, hs in _acronyms(vocab).items() if not any(h.column in listed for h in hs)}
    if not codes:
        return
    stop, w = vocab.lexicon.stop, p.words
    for code, hits in codes.items():  # "the district of columbia" → DC: a standard code said by its list's name
        for name in _listed_names().get(code, ()):
            ph = name.split()
            for i in range(len(w) - len(ph) + 1):
                if w[i:i + len(ph)] == ph and not any(p.claimed[x] for x in range(i, i + len(ph))):
                    p.values.append((Span(i, i + len(ph)), [[h for h in hits if h.column == hits[0].column]],
                                     " ".join(t.raw for t in p.toks[i:i + len(ph)])))
                    p.claim(i, i + len(ph))
    for n in (5, 4, 3, 2):
        for i in range(len(w) - n + 1):
            j = i + n
            ws = w[i:j]
            named = all(p.toks[x].raw[:1].isupper() for x in range(i, j))  # "the New Forest": a name, stop words and all
            if any(p.claimed[x] or p.toks[x].punct for x in range(i, j)) or any(
                    len(x) < 3 or not x.isalpha() or (x in stop and not named and not (x is ws[0] and x in vocab.lexicon.intensifiers))
                    for x in ws):
                continue  # ("very fast" → VF: an intensifier starts a grade said by initials)
            hits = codes.get("".join(x[0] for x in ws))
            if not hits or vocab.lookup(" ".join(ws)):
                continue
            if any(singular(x) == singular(vocab.domain.lower()) for x in ws) or (i > 0 and vocab.lookup(" ".join(w[i - 1:i + 1]))):
                continue  # "british isles episodes" is no IE: the items' noun, a word of a value said before it
            listed_as = _listed_names().get("".join(x[0] for x in ws))
            if listed_as and " ".join(ws) not in listed_as:
                continue  # "the democratic candidate" is no DC: a standard code is said by its own name
            col = hits[0].column
            p.values.append((Span(i, j), [[h for h in hits if h.column == col]], " ".join(t.raw for t in p.toks[i:j])))
            p.claim(i, j)


@lru_cache(maxsize=1)
def _listed_names() -> dict[str, set[str]]:
    """code (lower case) → the names a standard list (codes.toml) gives it ("dc": district of columbia)."""
    from convrec.catalog.meaning import codes_data

    out: dict[str, set[str]] = {}
    for table in codes_data().values():
        if isinstance(table, dict):
            for name, code in table.items():
                for c in (code if isinstance(code, list) and not name.startswith("_") else [code] if not name.startswith("_") else []):
                    if isinstance(c, str):
                        out.setdefault(c.lower(), set()).add(name)
    return out


def _short_forms(vocab: Vocabulary) -> dict[str, list[tuple[tuple[str, ...], list[ValueHit]]]]:
    """Multi-word values of names and categories, by their first word: where some word may be a
    cut-down form of what people say ("Oxford Univ Press", "Am Ec Assn", "Intl Business Machines")."""
    got = vocab.__dict__.get("_short_forms")
    if got is None:
        got = {}
        for form, hits in vocab.values.items():
            ws = tuple(form.split())
            if len(ws) < 2 or len(ws) > 5 or not all(x.isalpha() for x in ws):
                continue
            # the value as written, not the plural the index adds ("good musics" is no cut of "good musicals")
            hits = [h for h in hits if h.role in ("creator", "category", "tag") and (
                norm(h.value) == form or norm(h.value) == form.replace(" ", ""))]  # "AmNat" as "am nat"
            if hits:
                got.setdefault(ws[0][:2], []).append((ws, hits))
        vocab.__dict__["_short_forms"] = got
    return got


def _cut_from(short: str, word: str) -> bool:
    return short == word or (len(short) >= 2 and word.startswith(short)) or (len(short) >= 3 and _skeleton(short, word))


def read_abbreviated_values(p: Parse, vocab: Vocabulary) -> None:
    """A value written short, said in full: "Oxford University Press" → "Oxford Univ Press",
    "American Economic Association" → "Am Ec Assn". Word for word, each of the value's words is the
    user's word or cut from it (a prefix, or its skeleton), at least one of them cut; the first word
    is cut to three letters at least, or two in a value of three words or more; and some cut word is
    no common word (a value's ordinary word is not a cut of another one: "Man's Films" ≠ "many films")."""
    forms = _short_forms(vocab)
    if not forms:
        return
    w = p.words
    for i in range(len(w)):
        if p.claimed[i] or len(w[i]) < 2 or not w[i].isalpha():
            continue
        best = None
        for ws, hits in forms.get(w[i][:2], ()):
            j = i + len(ws)
            if j > len(w) or any(p.claimed[x] or not w[x].isalpha() for x in range(i, j)):
                continue
            said = w[i:j]
            camel = any(norm(h.value) != " ".join(ws) and norm(h.value) == "".join(ws) for h in hits)  # "AmNat"
            if tuple(said) == ws or not (ws[0] == said[0] or len(ws[0]) >= 3 and _cut_from(ws[0], said[0])
                                         or (len(ws) >= 3 or camel) and said[0].startswith(ws[0])):  # "Intl …", "Am Ec Assn"
                continue
            cut = [a for a, b in zip(ws, said) if a != b]
            # a cut word no dictionary has ("univ", "assn", "intl"): "Man's Films" is not "many films"
            # of two cuts, the one whose words are the said words' beginnings: "associate" is "Assoc", not "Asst"
            key = (len(ws), sum(b.startswith(a) for a, b in zip(ws, said)))
            if all(_cut_from(a, b) for a, b in zip(ws, said)) and any(
                    (word_rank(a) or 10 ** 9) >= COMMON_WORD_RANK for a in cut) and (best is None or key > best[2]):
                best = (ws, hits, key)
        if best:
            ws, hits, _ = best
            col = hits[0].column
            group = [h for hs in vocab.values.values() for h in hs if h.column == col and norm(h.value) == " ".join(ws)]
            group = list({(h.column, h.value): h for h in group or hits}.values())
            p.values.append((Span(i, i + len(ws)), [group], " ".join(t.raw for t in p.toks[i:i + len(ws)])))
            p.claim(i, i + len(ws))


def read_cut_values(p: Parse, vocab: Vocabulary) -> None:
    """"caught outside Victoria" where the catalog writes Vic: a one-word value of three to five
    letters (no common word) that the user's capitalised or uncommon word starts with, the only value
    that does."""
    from convrec.nlu.codepieces import number_column_words, read_code_pieces

    read_code_pieces(p, vocab)  # "window float" → WinF, "vehicle" → Veh
    short = vocab.__dict__.get("_cut_values")
    if short is None:
        short = {}
        for form, hits in vocab.values.items():
            hs = [h for h in hits if h.role == "category" and norm(h.value) == form]
            if hs and form.isalpha() and 3 <= len(form) <= 5 and (word_rank(form) or 10 ** 9) >= COMMON_WORD_RANK:
                short[form] = hs
        vocab.__dict__["_cut_values"] = short
    if not short:
        return
    w = p.words
    for i, x in enumerate(w):
        if p.claimed[i] or not x.isalpha() or len(x) < 6 or vocab.lookup(x):
            continue
        if not (p.toks[i].raw[:1].isupper() or (word_rank(x) or 10 ** 9) >= COMMON_WORD_RANK):
            continue
        fits = [f for f in short if x.startswith(f) and len(x) >= len(f) + 2]
        if i + 1 < len(w) and w[i + 1] in number_column_words(vocab):
            continue  # "contain barium": the verb of the column after it, no cut of Con(tainers)
        if len(fits) == 1:
            p.values.append((Span(i, i + 1), [short[fits[0]]], p.toks[i].raw))
            p.claim(i, i + 1)
    _code_cuts(p, vocab)


def _code_of(code: str, word: str) -> bool:
    """Is ``code`` made from ``word`` the way short codes are: its start (doubled letters once:
    "wod" of wood, "min" of mining) or its first letter and the consonants after ("bnk" of banks,
    "hld" of holding) — not "con" of company?"""
    once = re.sub(r"(.)\1", r"\1", word)
    if once.startswith(code) or word.startswith(code):
        return True
    cons = word[0] + "".join(ch for ch in word[1:] if ch not in "aeiouy")
    return cons.startswith(code)


def _code_cuts(p: Parse, vocab: Vocabulary) -> None:
    """A column of capital codes of three or four letters (`BNK`, `MIN`, `WOD`: sectors) said by
    the word they are cut from — its start or its skeleton ("banks", "mining", "wood and paper"):
    the one code of the column the word fits, where the word is no value of its own."""
    from convrec.nlu.codes import code_columns

    cols = {c: [h for h in hs if 3 <= len(str(h.value)) <= 4 and str(h.value).isalpha() and str(h.value).isupper()]
            for c, hs in code_columns(vocab).items()}
    cols = {c: hs for c, hs in cols.items() if len(hs) >= 3}
    if not cols:
        return
    from convrec.catalog.text import noun_plural
    from convrec.nlu.reading import DOMAIN_NOUNS, GENERIC_NOUNS

    w, stop = p.words, vocab.lexicon.stop
    items = {vocab.domain.lower(), noun_plural(vocab.domain.lower())} | set(DOMAIN_NOUNS) | set(GENERIC_NOUNS)
    for i, x in enumerate(w):
        if p.claimed[i] or not x.isalpha() or len(x) < 4 or x in stop or vocab.lookup(x) or x in items \
                or singular(x) in items or x.endswith("ed"):  # "companies", "controlled": no sector
            continue
        for c, hs in cols.items():
            fits = [h for h in hs if x != str(h.value).lower() and _code_of(str(h.value).lower(), singular(x))]
            if len(fits) == 1:
                p.values.append((Span(i, i + 1), [fits], p.toks[i].raw))
                p.claim(i, i + 1)
                break


def _single_word_values(vocab: Vocabulary) -> dict[str, list[ValueHit]]:
    got = vocab.__dict__.get("_single_word_values")
    if got is None:
        got = {}
        for form, hits in vocab.values.items():
            if " " not in form and form.isalpha() and len(form) >= 4:
                hs = [h for h in hits if h.role in ("category", "tag", "flag")]  # "multimedia" → `multi`
                if hs:
                    got[form] = hs
        vocab.__dict__["_single_word_values"] = got
    return got


def read_value_prefixes(p: Parse, vocab: Vocabulary) -> None:
    """A word that is the start of one category value ("rodents" → Rodentia, "insect eaters" →
    insecti) or that a value was cut from ("herbivores" → herbi, "carnivore" → carni): that value,
    when exactly one column's value fits and the word is read as nothing else."""
    vals = _single_word_values(vocab)
    if not vals:
        return
    stop = vocab.lexicon.stop
    for i, x in enumerate(p.words):
        if p.claimed[i] or len(x) < 5 or not x.isalpha() or x in stop or vocab.lookup(x):
            continue
        s = singular(x)
        bases = {x[:-1], x[:-2]} if x.endswith("y") and x[-2] == x[-3] else {x[:-1]} if x.endswith("y") else set()
        adjective = [(v, hs) for v in bases if len(v) >= 3
                     for hs in [[h for h in vocab.lookup(v) if h.role in ("category", "tag", "flag")]] if hs]  # "foggy" → Fog
        if len(adjective) == 1 and len({(h.column, h.value) for h in adjective[0][1]}) == 1:
            p.values.append((Span(i, i + 1), [adjective[0][1]], p.toks[i].raw))
            p.claim(i, i + 1)
            continue
        fits = [(v, hs) for v, hs in vals.items()
                if v != s and (v.startswith(s) and len(v) - len(s) <= 3 or len(v) >= 4 and s.startswith(v))
                and s not in (v + "est", v + "er", v + "iest", v[:-1] + "iest", v + v[-1] + "est", v + "ly")
                and not (v.startswith(s) and word_rank(s) is not None and word_rank(v) is not None)]  # "build": no "building"
        # ("highest" is no High, "larger" no Large: the value's comparative or superlative compares)
        hits = list({(h.column, h.value): h for _, hs in fits for h in hs}.values())  # "rodentia", "rodentias": one
        if len(hits) != 1:
            continue
        p.values.append((Span(i, i + 1), [hits], p.toks[i].raw))
        p.claim(i, i + 1)


def _flag_hit(vocab: Vocabulary, col: str) -> ValueHit:
    """A yes/no column as a value of the message, with the number of items it holds (counted once)."""
    hits = vocab.__dict__.setdefault("_flag_hits", {})
    if col not in hits:
        c = vocab.columns[col]
        n = int(vocab.items[col].map(lambda v: v is True or v == 1).sum()) if col in vocab.items else 0
        hits[col] = ValueHit(col, c.label or col, n, "flag")
    return hits[col]


def _value_initials(vocab: Vocabulary) -> dict[str, list[ValueHit]]:
    """Values of two words or more (a category's, a place's), by their initials — of every word
    ("Australian Capital Territory": act) and of the words that are no stop word ("United States
    of America": usa). Initials two values share are no one's."""
    got = vocab.__dict__.get("_value_initials")
    if got is None:
        stop, got, seen = vocab.lexicon.stop, {}, {}
        for hits in vocab.values.values():
            for h in hits:
                if h.role not in ("category", "tag", "creator"):
                    continue
                ws = [x for x in norm(str(h.value)).split() if x.isalpha()]
                if len(ws) < 2 or len(ws) != len(norm(str(h.value)).split()):
                    continue
                caps = "".join(x[0] for x in str(h.value).split() if x[:1].isupper())  # "Comision Federal de
                # Electricidad": cfe — the lower-case joining words of a name in any language are no initials
                for key in {"".join(x[0] for x in ws), "".join(x[0] for x in ws if x not in stop), caps.lower()}:
                    if len(key) >= 2:
                        seen.setdefault(key, set()).add((h.column, str(h.value)))
                        got.setdefault(key, [])
                        if h not in got[key]:
                            got[key].append(h)
        got = {k: hs for k, hs in got.items() if len({v for _, v in seen[k]}) == 1}
        vocab.__dict__["_value_initials"] = got
    return got


_WORLD = {"US", "USA", "UK", "EU", "UN", "UAE", "USSR"}


def read_initialled_values(p: Parse, vocab: Vocabulary) -> None:
    """A value of several words said by its initials, in capitals: "NSW" → New South Wales, "ACT"
    → Australian Capital Territory. Only a word typed in capitals (lower-case "act" is a word) that
    is no value of its own."""
    forms = _value_initials(vocab)
    if not forms:
        return
    for i, t in enumerate(p.toks):
        raw = t.raw.replace(".", "")
        if p.claimed[i] or t.punct or not (2 <= len(raw) <= 5 and raw.isalpha() and raw.isupper()):
            continue
        hits = forms.get(raw.lower())
        if hits and raw in _WORLD:  # "born outside the US" is no University of Sydney: a country's initials name a country
            from convrec.catalog.meaning import codes_data

            countries = set(codes_data().get("iso3_countries", {}))
            hits = [h for h in hits if norm(str(h.value)) in countries]
        if not hits or vocab.lookup(raw.lower()):
            continue
        p.values.append((Span(i, i + 1), [hits], t.raw))
        p.claim(i, i + 1)
