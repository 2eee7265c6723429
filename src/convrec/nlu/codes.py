"""Values a catalog keeps as short codes, said as the words they stand for: "jamaican" → JAM,
"canadian" → CAN, "trinidad" → TRI (a code of three letters starts the word); "near threatened" →
nt (initials); "american league" → A, "the west
division" → W (a one-letter code is the initial of the word said right before the column's
own word — alone, one letter says too little).

Only columns whose values are mostly such codes (one to three letters, at most 80 of them) are
read this way, only unclaimed words that are no other value, and only where one code fits.
"""

from __future__ import annotations

import re
from functools import lru_cache

from convrec.catalog.text import COMMON_WORD_RANK, norm, noun_plural, singular, word_rank
from convrec.nlu.codetypos import read_typoed_names
from convrec.nlu.reading import DECADE_TOKEN, DOMAIN_NOUNS, Parse, Span, num
from convrec.nlu.vocab import ValueHit, Vocabulary


def code_columns(vocab: Vocabulary) -> dict[str, list[ValueHit]]:
    """column → its code values, for category columns whose values are mostly codes."""
    got = vocab.__dict__.get("_code_columns")
    if got is None:
        got = {}
        for col, hits in _category_values(vocab).items():
            if any(h.role != "category" for h in hits) or len(hits) > 80:
                continue
            codes = [h for h in hits if 1 <= len(str(h.value)) <= 3 and str(h.value).isalpha()]
            if len(codes) >= 0.8 * len(hits) or (len(codes) >= 2 and len(codes) >= 0.5 * len(hits)
                                                 and all(len(str(h.value)) <= 5 for h in hits)):
                # mostly codes, or codes beside short cut words (bc, wc beside "prof")
                got[col] = codes
        vocab.__dict__["_code_columns"] = got
    return got


@lru_cache(maxsize=1)
def _standard_lists() -> dict[str, dict[str, str]]:
    from convrec.catalog.meaning import codes_data

    return codes_data()


def _category_values(vocab: Vocabulary) -> dict[str, list[ValueHit]]:
    by: dict[str, dict[str, ValueHit]] = {}
    for hits in vocab.values.values():
        for h in hits:
            if h.role in ("category", "tag"):
                by.setdefault(h.column, {})[str(h.value)] = h
    return {c: list(v.values()) for c, v in by.items() if 2 <= len(v) <= 200}


def _from_list(values: set[str], codes: set[str]) -> bool:
    """Whether a column's codes come from a standard list: most of them are the list's, and either
    three or more are, or a tenth of the list (F and M of sex; D and R of parties; W and E of the
    compass) — two letters that happen to be element symbols (B and O of a crab's colour) are no list's."""
    hit = values & codes
    return len(hit) >= max(2, 0.6 * len(values)) and (len(hit) >= 3 or len(hit) >= 0.1 * len(codes))


def named_codes(vocab: Vocabulary) -> dict[tuple[str, ...], list[ValueHit]]:
    """(words of a name) → the code values it stands for, from the standard lists (US states,
    IUCN categories) that a code column's values mostly come from."""
    got = vocab.__dict__.get("_named_codes")
    if got is None:
        got = {}
        for col, hits in _category_values(vocab).items():
            by_code = {str(h.value).strip().lower(): h for h in hits}  # " R": a code padded with a space
            for names in _standard_lists().values():
                listed = {n: [c.lower() for c in (code if isinstance(code, list) else [code])] for n, code in names.items()
                          if not n.startswith("_")}
                codes = {c for cs in listed.values() for c in cs}
                if not _from_list(set(by_code), codes):
                    continue
                for name, cs in listed.items():  # a name whose code no item has: said, never dropped
                    if names.get("_said_with_column"):  # "right" is a code only beside a column's word ("right foot")
                        vocab.__dict__.setdefault("_with_column", set()).add(tuple(name.split()))
                    got.setdefault(tuple(name.split()), [])
                    got[tuple(name.split())] += [by_code[c] for c in cs if c in by_code]
        vocab.__dict__["_named_codes"] = got
    return got


_LETTERS_DIGITS = re.compile(r"^([A-Za-z]{1,4})[\s\-./]*0*(\d{1,4})$")


def _squeeze(letters: str) -> str:
    return re.sub(r"(.)\1+", r"\1", letters.lower())  # "KK" → "k"


def lettered_codes(vocab: Vocabulary) -> dict[tuple[str, int], list[ValueHit]]:
    """(letters, number) → the values written that way ("KK-06" is ("k", 6), so is "k-6")."""
    got = vocab.__dict__.get("_lettered_codes")
    if got is None:
        got = {}
        for col, hits in _category_values(vocab).items():
            for h in hits:
                m = _LETTERS_DIGITS.match(str(h.value))
                if m:
                    got.setdefault((m.group(1).lower(), int(m.group(2))), []).append(h)
                    got.setdefault(("~" + _squeeze(m.group(1)), int(m.group(2))), []).append(h)
        vocab.__dict__["_lettered_codes"] = got
    return got


def read_lettered_codes(p: Parse, vocab: Vocabulary) -> None:
    """"k-6 districts" for grade span KK-06, "gs 9" for GS-09: a code written with its letters
    once and its number without leading zeros is the catalog's code."""
    index = lettered_codes(vocab)
    if not index:
        return
    w, toks = p.words, p.toks
    for i in range(len(w) - 1):
        if p.claimed[i] or p.claimed[i + 1] or not w[i].isalpha() or len(w[i]) > 4 or not w[i + 1].isdigit():
            continue
        gap = p.toks[i + 1].start - toks[i].end
        if gap > 1:
            continue
        hits = index.get((w[i], int(w[i + 1])))
        if not hits:  # "k-6" for "KK-06": letters written once, when that names one value (not VS1 / VVS1)
            hits = index.get(("~" + _squeeze(w[i]), int(w[i + 1])))
            hits = hits if hits and len({h.value for h in hits}) == 1 else None
        if hits and len({h.column for h in hits}) == 1:
            p.values.append((Span(i, i + 2), [hits], " ".join(t.raw for t in toks[i:i + 2])))
            p.claim(i, i + 2)
    _read_initialled_codes(p, vocab, index)


def _names_column(vocab: Vocabulary, col: str, said: list[str]) -> bool:
    """Is one of the words said a word of the column's name ("size" of "size class" for `size`)?"""
    info = vocab.columns.get(col)
    return info is not None and any(x in g for g in info.words for x in said)


def _read_initialled_codes(p: Parse, vocab: Vocabulary, index: dict[tuple[str, int], list[ValueHit]]) -> None:
    """"size class 3" for sc3, "tax band 2" for TB-2: the code's letters are the initials of the
    two or three words said before its number (one value of one column fits)."""
    w = p.words
    for j in range(2, len(w)):
        if p.claimed[j] or not w[j].isdigit():
            continue
        for n in (3, 2):
            i = j - n
            if i < 0 or any(p.claimed[k] or not w[k].isalpha() or len(w[k]) < 2 for k in range(i, j)):
                continue
            hits = index.get(("".join(x[0] for x in w[i:j]), int(w[j])))
            if hits and len({h.value for h in hits}) == 1 and _names_column(vocab, hits[0].column, w[i:j]):
                p.values.append((Span(i, j + 1), [hits], " ".join(t.raw for t in p.toks[i:j + 1])))
                p.claim(i, j + 1)
                break


def _names_word(said: str, word: str) -> bool:
    """Is a word said a form of one of a column's words ("handed" of hand, "feet" of foot)?"""
    return said == word or (len(word) >= 3 and said.startswith(word) and len(said) - len(word) <= 2) \
        or singular(said) == word or (said, word) in _IRREGULAR


_IRREGULAR = {("feet", "foot"), ("teeth", "tooth"), ("men", "man"), ("women", "woman"), ("children", "child")}


def _nearest_named(p: Parse, vocab: Vocabulary, span: Span, hits: list[ValueHit]) -> list[ValueHit]:
    """The hits of the one column whose own words are said nearest the code's name ("left-handed",
    "a bigger right foot", "whose bigger foot isn't the left one"), those words claimed with it;
    none where no column is named or two are named as near (one letter says too little to guess)."""
    w, best = p.words, []
    for col in {h.column for h in hits}:
        info = vocab.columns.get(col)
        if info is None:
            continue
        near = [(min(abs(k - span.start), abs(k - (span.end - 1))), k) for k in range(len(w))
                if not span.start <= k < span.end and not p.claimed[k] and w[k].isalpha()
                and any(_names_word(w[k], g) for group in info.words for g in group if len(g) >= 3)]
        if near:
            best.append((min(near)[0], col, [k for d, k in near if d <= 6]))
    best.sort()
    if not best or best[0][0] > 6 or (len(best) > 1 and best[1][0] == best[0][0]):
        return []
    for k in best[0][2]:
        p.claim(k, k + 1)
    return [h for h in hits if h.column == best[0][1]]


def read_code_words(p: Parse, vocab: Vocabulary) -> None:
    stop, w = vocab.lexicon.stop, p.words
    names = named_codes(vocab)
    for n in (4, 3, 2, 1):  # "north carolina", "texas", "near threatened": names of a standard list
        for i in range(len(w) - n + 1):
            hits = names.get(tuple(w[i:i + n]))
            if hits is None or any(p.claimed[k] for k in range(i, i + n)):
                continue
            if len({h.column for h in hits}) > 1 or (hits and tuple(w[i:i + n]) in vocab.__dict__.get("_with_column", ())):
                hits = _nearest_named(p, vocab, Span(i, i + n), hits)  # "left" of a hand and a foot column: the one named nearest
                if not hits and tuple(w[i:i + n]) in vocab.__dict__.get("_with_column", ()):
                    continue  # "right" alone: the English word
            if hits:
                p.values.append((Span(i, i + n), [hits], " ".join(t.raw for t in p.toks[i:i + n])))
            elif not p.negated(i):
                p.missing.append(" ".join(t.raw for t in p.toks[i:i + n]))  # "a hurricane that hit california"
            p.claim(i, i + n)
    read_typoed_names(p, vocab, names)
    listed = {h.column for hs in names.values() for h in hs}
    codes = {c: hs for c, hs in code_columns(vocab).items() if c not in listed}  # a state's code is said by its name
    if not codes:
        return

    def free(i: int) -> bool:
        return 0 <= i < len(w) and not p.claimed[i] and w[i].isalpha() and w[i] not in stop

    def take(i: int, j: int, hits: list[ValueHit]) -> None:
        p.values.append((Span(i, j), [hits], " ".join(t.raw for t in p.toks[i:j])))
        p.claim(i, j)

    for i, x in enumerate(w):
        if not free(i) or len(x) < 3 or vocab.lookup(x):
            continue
        # initials of two or three words ("near threatened" → nt)
        for n in (3, 2):
            if all(free(k) and len(w[k]) >= 3 for k in range(i, i + n)) and w[i] not in (vocab.domain, noun_plural(vocab.domain)) \
                    and i + n <= len(w):  # ("episodes set" is no ES: no code starts with the items' noun; "cooper's hawks" is CH)
                ini = "".join(w[k][0] for k in range(i, i + n))
                hits = [h for hs in codes.values() for h in hs if str(h.value).lower() == ini]
                if len(hits) == 1 and not vocab.lookup(" ".join(w[i:i + n])):
                    take(i, i + n, hits)
                    break
        if p.claimed[i]:
            continue
        if len(x) >= 5 and not x.endswith("ed"):  # "jamaican" → JAM, "trinidad" → TRI (not "deadliest" → DE: two
            # letters start too many words; not "controlled" → CON: a verb's participle names no code)
            hits = [h for hs in codes.values() for h in hs if len(str(h.value)) >= 3 and x.startswith(str(h.value).lower())]
            if len(hits) == 1:
                take(i, i + 1, hits)
                continue
        if i + 1 < len(w) and x not in DOMAIN_NOUNS and x not in (vocab.domain, noun_plural(vocab.domain)) \
                and not (x.endswith("s") and not x.endswith("ss")):  # "shirts size M": the items, not a size
            # → A on a `League` column of A / N (not `NewLeague`); not "shirts size M" (S)
            fits = []
            for col, hs in codes.items():
                said = {y for g in vocab.columns[col].words for y in g} if col in vocab.columns else set()
                one = [h for h in hs if len(str(h.value)) == 1 and str(h.value).lower() == x[0]]
                if (w[i + 1] in said or w[i + 1].rstrip("s") in said) and len(one) == 1:
                    fits.append((len(vocab.columns[col].words), col, one))
            if fits:
                take(i, i + 2, min(fits)[2])
                continue
        if i > 0 and p.claimed[i - 1] and x not in (vocab.domain, noun_plural(vocab.domain)) and x not in DOMAIN_NOUNS \
                and any(s.end == i and hs and hs[0] and hs[0][0].column in codes
                                               for s, hs, _ in p.values):
            # "american league east": a one-letter code right after another code read
            prev = next(hs[0][0].column for s, hs, _ in p.values if s.end == i and hs and hs[0])
            one = [h for col, hs in codes.items() if col != prev for h in hs
                   if len(str(h.value)) == 1 and str(h.value).lower() == x[0]]
            if len(one) == 1:
                take(i, i + 1, one)


_BEFORE_NUMBER = {"under", "over", "than", "least", "most", "below", "above", "to", "$", "between", "about", "around",
                  "within", "from", "since", "after", "before", "until", "in", "of", "by", "max", "min", "exactly"}
_FAMILY = re.compile(r"^([A-Za-z]{0,3})-?(\d{2,4})(?:'?s)?$")
_MEMBER = re.compile(r"^([A-Za-z]{0,3})-?(\d{2,4})(?:[-/ .]|$)")


def code_families(vocab: Vocabulary) -> dict[str, dict[str, list[str]]]:
    """column → family ("757", "a321") → its values, for a column of model codes ("757-212", "A321-211",
    "737-8FH"): a family is the letters and digits before the first separator, shared by two or more values."""
    got = vocab.__dict__.get("_code_families")
    if got is None:
        got = {}
        for c in vocab.columns.values():
            if c.type != "text" or c.role in ("id", "date", "time") or c.name not in vocab.items:
                continue  # "2017" is no family of dates
            vals = vocab.items[c.name].dropna().astype(str).str.strip().unique()
            if len(vals) < 10:
                continue
            fam: dict[str, list[str]] = {}
            for v in vals:
                m = _MEMBER.match(v)
                if m:
                    fam.setdefault((m.group(1) + m.group(2)).lower(), []).append(v)
            if sum(len(x) for x in fam.values()) >= 0.5 * len(vals):
                got[c.name] = {k: sorted(x) for k, x in fam.items() if len(x) >= 2}
        vocab.__dict__["_code_families"] = got
    return got


def read_code_families(p: Parse, vocab: Vocabulary) -> None:
    """"boeing 757s", "only the a321s", "planes that aren't 737s": a model family said by the code its
    members start with is every value of that family (a negation around it excludes them all)."""
    fams = code_families(vocab)
    if not fams:
        return
    toks = p.toks
    i = 0
    while i < len(toks):
        for n in (3, 2, 1):  # "a 321s" / "a321s" / "757s", written without spaces
            j = i + n
            if j > len(toks) or any(p.claimed[k] for k in range(i, j)) or any(
                    toks[k].start != toks[k - 1].end for k in range(i + 1, j)):
                continue
            raw = "".join(t.raw for t in toks[i:j])
            m = _FAMILY.match(raw)
            if not m:
                continue
            key = (m.group(1) + m.group(2)).lower()
            hits = [(col, f[key]) for col, f in fams.items() if key in f]
            if len(hits) != 1 or (not m.group(1) and not raw.lower().endswith("s") and len(m.group(2)) < 3):
                continue
            if i > 0 and p.words[i - 1] in _BEFORE_NUMBER:
                continue  # "under 500", "than 737": a number
            if not m.group(1) and re.fullmatch(r"\d0s", raw.lower()) and vocab.first("time"):
                continue  # "convicted in the 80s": a decade, where the catalog keeps years
            col, values = hits[0]
            role = vocab.columns[col].role
            p.values.append((Span(i, j), [[ValueHit(col, v, 1, "category" if role == "title" else role) for v in values]], raw))
            p.claim(i, j)
            i = j - 1
            break
        i += 1


def read_digit_values(p: Parse, vocab: Vocabulary) -> None:
    """A category value written with digits and letters ("5k" of a race column, "4wd", "2br") said as
    the catalog writes it is that value — before the number readers take "5k" for 5,000."""
    w = p.words
    for i, x in enumerate(w):
        if p.claimed[i] or not any(ch.isdigit() for ch in x) or not any(ch.isalpha() for ch in x) or len(x) > 8:
            continue
        if DECADE_TOKEN.match(x):
            continue  # "the 1980s" is a decade, not a tag written "1980s"
        hits = [h for h in vocab.lookup(x) if h.role == "category" and str(h.value).strip().lower() == x]
        if hits and len({h.column for h in hits}) == 1:
            p.values.append((Span(i, i + 1), [hits], p.toks[i].raw))
            p.claim(i, i + 1)


def read_numbered_phrases(p: Parse, vocab: Vocabulary) -> None:
    """"$200 off" of a discount column holding "After $200 OFF": a number said with the word after it,
    as category values write them — those values (before the number readers take it for a price)."""
    w = p.words
    cats = vocab.__dict__.get("_numbered_values")
    if cats is None:  # the category values that write a number beside a word, once per catalog
        cats = {}
        for c in vocab.columns.values():
            if c.type != "text" or c.role not in ("category", "text", "other") or c.name not in vocab.items \
                    or not c.distinct or c.distinct > 300:
                continue
            counts = vocab.items[c.name].dropna().astype(str).value_counts()
            cats[c.name] = [ValueHit(c.name, v, int(n), "category") for v, n in counts.items()
                            if re.search(r"\d\s*[A-Za-z]|[A-Za-z]\s*\$?\d", v)]
        cats = vocab.__dict__["_numbered_values"] = {c: hs for c, hs in cats.items() if hs}
    if not cats:
        return
    for i in range(len(w) - 1):
        if p.claimed[i] or p.claimed[i + 1] or num(w[i]) is None or not w[i + 1].isalpha() or w[i + 1] in vocab.lexicon.stop:
            continue
        said = f" {w[i]} {w[i + 1]} "
        found = [(col, [h for h in hits if said in f" {norm(str(h.value))} "]) for col, hits in cats.items()]
        found = [(col, hs) for col, hs in found if hs]
        if len(found) != 1 or len(found[0][1]) > 5:
            continue
        a = i - (i > 0 and w[i - 1] in ("$", "€", "£") and not p.claimed[i - 1])
        if (a > 0 and w[a - 1] == "than") or any(ph.ends_at(w, a) for ph in vocab.lexicon.compare.values()):
            continue  # "bigger than 3 oz", "over 3 oz": an amount compared, not the serving written "3 oz."
        p.values.append((Span(a, i + 2), [found[0][1]], " ".join(t.raw for t in p.toks[a:i + 2])))
        p.claim(a, i + 2)


_NUMBERED = re.compile(r"^\s*(\d{1,2})\s*[:_.)\-]\s*([A-Za-z][A-Za-z _]{0,30})$")


def numbered_labels(vocab: Vocabulary) -> dict[str, list[tuple[str, ValueHit]]]:
    """column → (label, value) of category columns whose every value is a rank and a short label
    ("1:Sm", "2:Med", "3:Lg"; "1_Good", "2_Fair"), once per catalog."""
    got = vocab.__dict__.get("_numbered_labels")
    if got is None:
        got = {}
        for col, hits in _category_values(vocab).items():
            ms = [(_NUMBERED.match(str(h.value)), h) for h in hits]
            if len(ms) >= 2 and all(m for m, _ in ms):
                got[col] = [(m.group(2).replace("_", " ").strip().lower(), h) for m, h in ms]
        vocab.__dict__["_numbered_labels"] = got
    return got


def _label_said(label: str, word: str) -> bool:
    """Is a short label ("lg", "med", "sm") the word said ("large", "medium", "small"), or cut from it
    (a prefix, or the word's first letter and then some of its letters in order)?"""
    if label == word or (len(label) >= 2 and word.startswith(label)):
        return True
    if len(label) < 2 or label[0] != word[0] or len(word) < len(label) + 2:
        return False
    rest = iter(word[1:])
    return all(ch in rest for ch in label[1:])


def read_numbered_labels(p: Parse, vocab: Vocabulary) -> None:
    """"a large main city" → 3:Lg, "medium sized" → 2:Med, "a big one" → 3:Lg: the label part of a
    ranked code said in full (or by a word of the same meaning), where one label of the column fits."""
    cols = numbered_labels(vocab)
    if not cols:
        return
    lex, w = vocab.lexicon, p.words
    for i, x in enumerate(w):
        if p.claimed[i] or not x.isalpha() or (x in lex.stop and x not in lex.similar) or len(x) < 3:
            continue  # "small", "big": common words, but a size said
        said = [x, *sorted(lex.similar.get(x, ()))]
        for col, labels in cols.items():
            fits = [h for lab, h in labels if any(_label_said(lab, y) for y in said)]
            if not fits:  # "died" for "1_Death" among "2_Considerable_deterioration", …: one label's word
                fits = [h for lab, h in labels if " " in lab or len(lab) >= 4
                        if any(y in lab.split() for y in said)]
            exact = [h for lab, h in labels if lab == x]
            fits = exact or fits
            if len(fits) == 1:
                own = {y for g in vocab.columns[col].words for y in g} if col in vocab.columns else set()
                a, b = i, i + 1
                while b < len(w) and not p.claimed[b] and (w[b] in own or w[b] in _SIZED):
                    b += 1  # "a small main city", "medium sized": the column's own words go with it
                while a > 0 and not p.claimed[a - 1] and w[a - 1] in own:
                    a -= 1
                p.values.append((Span(i, i + 1), [fits], p.toks[i].raw))
                p.claim(a, b)
                break


_SIZED = {"sized", "size", "sort", "kind", "type", "level", "grade"}


def code_name(vocab: Vocabulary, column: str, value) -> str | None:
    """The name a code value stands for, where every value of its column is a code of one standard
    list ("F" of a sex column: female; "VU" of an IUCN column: vulnerable); else None."""
    v = str(value)
    if not (1 <= len(v) <= 3 and v.isalpha()):
        return None
    values = {str(h.value) for hits in vocab.values.values() for h in hits if h.column == column}
    for table in _standard_lists().values():
        if not isinstance(table, dict):
            continue
        codes = {str(x).lower() for k, x in table.items() if not k.startswith("_")}
        if values and all(x.lower() in codes for x in values) and _from_list({x.lower() for x in values}, codes):
            return next((k for k, x in table.items() if str(x).lower() == v.lower() and len(k) > len(v)), None)
    return None


def _letter_columns(vocab: Vocabulary) -> dict[str, list[str]]:
    """Category columns of a few short capital codes, two to six of them, at least two single letters
    (`Status` of U and G; `sp` of B and O; `class` of VF, F, M, L): column → its single letters, once per
    catalog. A column of many letters (protocols A … O) is an enumeration, not initials of words."""
    got = vocab.__dict__.get("_letter_columns")
    if got is None:
        got = {}
        for c in vocab.columns.values():
            if c.role != "category" or c.type != "text" or c.name not in vocab.items:
                continue
            vals = {str(v).strip() for v in vocab.items[c.name].dropna() if str(v).strip()}
            ones = sorted(v for v in vals if len(v) == 1)
            if 2 <= len(vals) <= 6 and len(ones) >= 2 and all(len(v) <= 2 and v.isalpha() and v.isupper() for v in vals):
                got[c.name] = ones
        listed = {h.column for hs in named_codes(vocab).values() for h in hs}  # F / M of sex: said by their names
        got = {c: v for c, v in got.items() if c not in listed}
        vocab.__dict__["_letter_columns"] = got
    return got


def _graded_letters(vocab: Vocabulary) -> list[str]:
    """Letter columns graded by a word and its stronger form (VF beside F, XL beside L): a scale of one
    quality whose letters are the initials of its words ("very fast", "fast", "medium", "long"); once per catalog."""
    got = vocab.__dict__.get("_graded_letters")
    if got is None:
        got = []
        for col in _letter_columns(vocab):
            vals = {str(v).strip() for v in vocab.items[col].dropna()}
            if any(len(v) == 2 and v[1] in vals for v in vals):
                got.append(col)
        vocab.__dict__["_graded_letters"] = got
    return got


def _measures(vocab: Vocabulary, word: str) -> bool:
    """Is ``word`` a measure's adjective ("big", "long", "heavy") of which the catalog has a column? Then it
    means the measure ("big crabs" where widths are), never a code by its first letter ("long jobs" → L where
    no column is a duration or a length)."""
    measured = vocab.__dict__.get("_measured_dims")
    if measured is None:  # the dimensions the catalog's number columns measure, once per catalog
        from convrec.nlu.clock import clock_column
        from convrec.nlu.dimensions import column_dimensions

        clock = (clock_column(vocab) or ("",))[0]  # the hour of the day is no duration
        measured = vocab.__dict__["_measured_dims"] = {
            d for c in vocab.columns.values() if c.type in ("integer", "real") and c.role not in ("id", "title")
            and c.name != clock for d in column_dimensions(vocab, c)}
    return bool(set(vocab.lexicon.how_dimension.get(word, ())) & measured)


def _letter_hit(vocab: Vocabulary, col: str, letter: str) -> ValueHit:
    """The code ``letter`` of ``col`` as a value read, with the number of items holding it."""
    return ValueHit(col, letter, int((vocab.items[col].astype(str).str.strip() == letter).sum()), "category")


_COPULA = {"are", "is", "were", "was", "aren't", "isn't", "weren't", "wasn't", "arent", "isnt", "not", "n't"}


def read_letter_codes(p: Parse, vocab: Vocabulary) -> None:
    """"blue female crabs", "long jobs", "grad students" of a column of one-letter codes (`sp` of B and
    O, `class` of VF/F/M/L, `Status` of U and G): an unread word that stands where a kind of item is
    named — right before the items' noun, "ones" or a kind of person, other values read between — whose
    first letter is the one such code that starts so, is that code (negation applies as for any value).
    Only words of three letters or more that name nothing else and no quality or measure ("famous",
    "older", "bigger"); the reply says the code it read. (A plural alone, "districts", names no code.)"""
    cols = _letter_columns(vocab)
    if not cols:
        return
    from convrec.nlu.reading import GENERIC_NOUNS

    w, lex = p.words, vocab.lexicon
    items = {vocab.domain, noun_plural(vocab.domain), "ones", "one"} | vocab.item_nouns \
        | {noun_plural(x) for x in vocab.item_nouns}  # ("shirts" of a catalog of shirts: no size S)
    graded = _graded_letters(vocab)
    for i, x in enumerate(w):
        if x in lex.how_dimension and not p.claimed[i] and not _measures(vocab, x):
            cands = [c for c in graded if x[0].upper() in cols[c]]  # "long jobs" of VF < F < M < L: the grade
            if len(cands) == 1:  # (a measure's word names a code only on a scale graded so: "big crabs" is no B)
                p.values.append((Span(i, i + 1), [[_letter_hit(vocab, cands[0], x[0].upper())]], p.toks[i].raw))
                p.claim(i, i + 1)
            continue
        if p.claimed[i] or not x.isalpha() or len(x) < 3 or x in lex.stop or x in DOMAIN_NOUNS \
                or x in GENERIC_NOUNS or x in items or x in lex.person_nouns or vocab.lookup(x) or _measures(vocab, x) \
                or any(x.endswith(e) and len(x) - len(e) >= 2 for e in ("ous", "ful", "ive", "able", "ible", "ic", "est",
                                                                          "er", "ly", "ing", "ed")) \
                or lex.dimension_comparative(x):
            continue  # (a quality or a manner — "famous", "older", "quickly" — is no one's code)
        k = i + 1
        while k < len(w) and p.claimed[k] and any(s.start <= k < s.end for s, _, _ in p.values):
            k += 1  # "blue female crabs": another value read between the word and the noun
        nxt = w[k] if k < len(w) else ""
        named = nxt in lex.person_nouns or nxt in items or (nxt in DOMAIN_NOUNS and nxt not in GENERIC_NOUNS) \
            or (k > i + 1 and w[k - 1].endswith("s") and len(w[k - 1]) >= 4) \
            or (k > i + 1 and (num(nxt) is not None or nxt in ("#", "")))  # "blue males", "blue female 40": one item
        said_of = i >= 2 and w[i - 1] in _COPULA and (w[i - 2] in ("that", "which", "who") or w[i - 2] in _COPULA or w[i - 2] in items) \
            or (i >= 3 and w[i - 1] == "not" and w[i - 2] in _COPULA)  # "crabs that aren't blue"
        if not (named or said_of):
            continue
        hits = [(c, v) for c, vals in cols.items() for v in vals if v.lower() == x[0]]
        if len(hits) != 1:
            continue
        p.values.append((Span(i, i + 1), [[_letter_hit(vocab, *hits[0])]], p.toks[i].raw))
        p.claim(i, i + 1)


_ADJECTIVE_ENDS = ("y", "ous", "ful", "ish", "ic", "al", "less", "ive", "able", "ible", "ed", "ing")


def read_maker_initials(p: Parse, vocab: Vocabulary) -> None:
    """"kelloggs cereals", "post or quaker cereals", "made by general mills": a maker column that keeps
    each maker as one capital letter (`K`, `G`, `P`) is said by the maker's name — its initial — where the
    name stands in a maker's place (before the items' noun, after "by"/"from", or joined by "or" to one)."""
    got = vocab.__dict__.get("_maker_initials")
    if got is None:  # (the maker column of one-letter codes and its letters, once per catalog)
        cols = [c for c in vocab.columns.values() if c.role == "creator" and c.type == "text" and c.name in vocab.items
                and 2 <= (c.distinct or 0) <= 12]
        cols = [c for c in cols if vocab.items[c.name].dropna().astype(str).str.fullmatch(r"[A-Z]").all()]
        got = vocab.__dict__["_maker_initials"] = (cols[0], set(vocab.items[cols[0].name].dropna().astype(str))) \
            if len(cols) == 1 else ()
    if not got:
        return
    col, letters = got
    w, items = p.words, {vocab.domain, noun_plural(vocab.domain)} | set(DOMAIN_NOUNS)
    names: list[tuple[int, int]] = []
    i = 0
    while i < len(w):
        b = i + 1 + (i + 1 < len(w) and w[i + 1].isalpha() and w[i + 1] not in items and not p.claimed[i + 1]
                     and w[i + 1] not in vocab.lexicon.stop and w[i + 1] not in ("or", "and"))
        free = all(not p.claimed[k] and w[k].isalpha() and len(w[k]) >= 3 and w[k] not in vocab.lexicon.stop
                   and not vocab.lookup(w[k]) for k in range(i, b))
        rare = b - i == 2 or (b < len(w) and w[b] == "'s") or ((word_rank(w[i]) or 10 ** 9) >= COMMON_WORD_RANK
                                                             and not w[i].endswith(_ADJECTIVE_ENDS))
        placed = (i > 0 and w[i - 1] in ("by", "from")) or (b < len(w) and w[b] in items and rare) \
            or (b < len(w) and w[b] == "'s")  # ("nutty cereals", "ready cereals": words, not makers)
        if free and w[i][0].upper() in letters and placed:
            names.append((i, b))
            i = b
            continue
        i += 1
    for k, (a, b) in enumerate(names):  # "post or quaker cereals": the name joined by "or" to a placed one
        if a >= 2 and w[a - 1] in ("or", "and") and not any(x[1] == a - 1 for x in names):
            x = a - 2
            if x >= 0 and not p.claimed[x] and w[x].isalpha() and w[x][0].upper() in letters and not vocab.lookup(w[x]) \
                    and w[x] not in vocab.lexicon.stop:
                names.append((x, x + 1))
    for a, b in list(names):  # "by kellogg's or general mills": the name after "or" too
        b2 = b + (b < len(w) and w[b] == "'s")
        if b2 + 1 < len(w) and w[b2] in ("or", "and") and not any(x[0] == b2 + 1 for x in names):
            c = b2 + 1
            e = c + 1 + (c + 1 < len(w) and w[c + 1].isalpha() and w[c + 1] not in vocab.lexicon.stop and not p.claimed[c + 1]
                         and w[c + 1] not in items)
            if all(not p.claimed[k] and w[k].isalpha() and not vocab.lookup(w[k]) for k in range(c, e)) \
                    and w[c][0].upper() in letters and w[c] not in vocab.lexicon.stop:
                names.append((c, e))
    for a, b in sorted(names):
        v = w[a][0].upper()
        p.values.append((Span(a, b), [[ValueHit(col.name, v, 1, "creator")]], " ".join(t.raw for t in p.toks[a:b])))
        p.claim(a, b)
