"""A column's value said to be there or not: "how many passengers have no age listed", "occupations
that don't have a type", "breaches that had a business associate involved", "whose age is unknown".

Only columns that have empty cells are read this way (a column every item fills says nothing when
asked for), and the column must be named by its own words right beside the phrase. A presence said
with "has/with" needs a word like "listed" or "involved" after the column ("with a high score" is a
number wish, not a presence); an absence ("no", "without", "… is unknown") does not.
"""

from __future__ import annotations

from convrec.catalog.text import singular
from convrec.catalog.meaning import unit_for_word
from convrec.nlu.columns import columns_by_stem, columns_named, family_member
from convrec.nlu.intent import Condition
from convrec.nlu.reading import Parse, Span, negated_aux, num
from convrec.nlu.vocab import Vocabulary


def _with_gaps(vocab: Vocabulary) -> set[str]:
    got = vocab.__dict__.get("_columns_with_gaps")
    if got is None:
        got = set()
        for c in vocab.columns.values():
            if c.role in ("id", "title") or c.name not in vocab.items or c.name == "popularity":
                continue
            col = vocab.items[c.name]
            empty = col.isna() | col.map(lambda v: isinstance(v, (list, tuple)) and not len(v)) \
                | col.map(lambda v: isinstance(v, str) and not v.strip())
            if 0 < int(empty.sum()) < len(col):
                got.add(c.name)
        vocab.__dict__["_columns_with_gaps"] = got
    return got


def _column_at(p: Parse, vocab: Vocabulary, a: int, gaps: set[str]) -> tuple[str | None, int]:
    """The one gappy column named by the unclaimed words starting at ``a`` (longest first): (column, end)."""
    w = p.words
    if a >= len(w) or not columns_named(w[a:a + 1], vocab, by_name_only=True) and not any(
            w[a] in g for c in gaps for g in vocab.columns[c].words):
        return None, a  # the column's words start right here
    for e in range(a + 1, min(len(w), a + 4) + 1):  # the shortest naming: "age" of "age listed"
        if any(p.claimed[k] or p.toks[k].punct for k in range(a, e)):
            break
        named = [c for c in columns_named(w[a:e], vocab, by_name_only=True) if c in gaps]
        said = [x for x in w[a:e] if x.isalpha() and x not in vocab.lexicon.stop]
        if not named and said:  # "no weight listed" of `weight_oz`: every word of its name but the unit it is kept in
            named = [c for c in sorted(gaps) if len(vocab.columns[c].words) >= 2 and vocab.columns[c].unit
                     and vocab.columns[c].unit in {unit_for_word(x) for x in vocab.columns[c].words[-1]}
                     and all(any(x in g for x in said) for g in vocab.columns[c].words[:-1])
                     and all(any(x in g for g in vocab.columns[c].words[:-1]) for x in said)]
        if not named and len(said) >= 2:  # "no confidence interval": the words of two columns' common part
            named = [c for c in sorted(gaps) if all(any(x in g for g in vocab.columns[c].words) for x in said)]
        if len(named) == 1 or (len(named) > 1 and _gap_together(vocab, named)):
            return named[0], e  # ("no confidence interval": its lower and upper limits, blank on the same rows)
    return None, a


def _gap_together(vocab: Vocabulary, cols: list[str]) -> bool:
    """Are these columns blank on exactly the same items (a lower and an upper limit of one interval)?"""
    masks = [vocab.items[c].isna() for c in cols if c in vocab.items]
    return len(masks) == len(cols) and all(bool((m == masks[0]).all()) for m in masks[1:])


def _bound_after(p: Parse, vocab: Vocabulary, e: int) -> bool:
    """Whether a bound follows the column ending at ``e`` ("… a GWP above 1000"): then no absence is
    read — the bound is the number readers' (negated there where "don't have a X" denies it:
    :func:`denied_bound`)."""
    w = p.words
    return e < len(w) and not p.claimed[e] and any((n := phrases.match_at(w, e)) and e + n < len(w) and num(w[e + n]) is not None
                                                   for phrases in vocab.lexicon.compare.values())  # (not "from 2000 to 2014": a period read)


def _negated_verb(w: list[str], i: int) -> int:
    """"don't give", "doesn't list", "do not report", "never gave": a negated verb of any kind before
    the column (what it says is that the value is not there); the words it takes, or 0."""
    n = negated_aux(w, i)
    if not n or i + n >= len(w) or not w[i + n].isalpha() or len(w[i + n]) < 3:
        return 0
    return n + 1


def _modified_column(p: Parse, vocab: Vocabulary, d: int, gaps: set[str]) -> tuple[str | None, int]:
    """The gappy column at ``d``, or after one modifier word the column does not need ("a build year")."""
    col, e = _column_at(p, vocab, d, gaps)
    if col is None and d + 1 < len(p.words) and p.words[d].isalpha() and not p.claimed[d] \
            and p.words[d] not in vocab.lexicon.stop:
        col, e = _column_at(p, vocab, d + 1, gaps)
    return col, e


def _value_of(p: Parse, vocab: Vocabulary, d: int, gaps: set[str]) -> int:
    """"no figure for the Greens", "no value for weight", "no data on the stage": a general noun of a
    value, then the column it is of — where the column starts (``d`` unchanged if none is named there)."""
    w = p.words
    if d + 2 < len(w) and w[d] in vocab.lexicon.value_nouns and w[d + 1] in ("for", "on", "of", "about") \
            and not any(p.claimed[d:d + 2]):
        a = d + 2
        while a < len(w) and w[a] in ("their", "its", "the", "a", "an") and not p.claimed[a]:
            a += 1
        if _column_at(p, vocab, a, gaps)[0] is not None:
            return a
    return d


def _year_member(p: Parse, vocab: Vocabulary, col: str, e: int, gaps: set[str]) -> tuple[str, int]:
    """A measure by year with the year right after it ("no score for 2015", "no CPI score in 2015"):
    that year's member, and where the phrase ends (the rest of the column's name and the year in it)."""
    if not vocab.columns[col].years:
        return col, e
    w = p.words
    while e < len(w) and not p.claimed[e] and any(w[e] in g for g in vocab.columns[col].words):
        e += 1
    for k in (e, e + 1):
        if k < len(w) and not p.claimed[k] and num(w[k]) is not None and (k == e or w[e] in ("for", "in", "of")):
            got = family_member(vocab, col, w[k:k + 1])
            if got != col and got in gaps:
                return got, k + 1
    return col, e


_HAVING = {"have", "has", "had", "get", "got", "suffer", "suffered", "see", "saw", "experience", "experienced"}


def read_presence(p: Parse, vocab: Vocabulary) -> None:
    lex, w = vocab.lexicon, p.words
    gaps = _with_gaps(vocab)
    if not gaps:
        return
    i = 0
    while i < len(w):
        if p.claimed[i]:
            i += 1
            continue
        for phrases, op, need_listed in ((lex.missing_before, "missing", False), (None, "missing", False),
                                         (lex.present_before, "present", True)):
            n = phrases.match_at(w, i) if phrases is not None else _negated_verb(w, i)
            if not n:
                continue
            d = i + n
            while d < len(w) and w[d] in ("their", "its", "his", "her", "the", "a", "an", "any") and not p.claimed[d]:
                d += 1  # "don't have their sex recorded"
            d = _value_of(p, vocab, d, gaps)
            if d + 1 < len(w) and w[d] in ("number", "amount", "count") and w[d + 1] == "of" \
                    and not any(p.claimed[x] for x in (d, d + 1)):
                d += 2  # "don't report their number of staff": the column is what is counted
            col, e = _modified_column(p, vocab, d, gaps)
            if col is None:
                continue
            col, e = _year_member(p, vocab, col, e, gaps)
            counted = vocab.columns[col].type == "integer" and vocab.columns[col].min is not None \
                and float(vocab.columns[col].min) == 0  # (a count: "without a failure" is none; a real's blank is a gap)
            if op == "missing" and counted and not lex.listed.match_at(w, e) and (phrases is not None or w[i + n - 1] in _HAVING):
                continue  # "launches that didn't have a failure", "without a failure": none (a count of 0), not a gap
            if _bound_after(p, vocab, e):  # "don't have a lifetime above 10 years": a bound denied, not an absence
                continue
            tail = lex.listed.match_at(w, e)
            worded = vocab.columns[col].type in ("text", "list") and vocab.columns[col].role in ("category", "creator", "text", "tag") \
                and (e >= len(w) or p.toks[e].punct or w[e] in ("and", "but", "that", "who", "which", "in", "from", "since"))
            if need_listed and not tail and not lex.listed.ends_at(w, e) and not (worded and w[d - 1] in ("a", "an", "any")):
                continue  # "had a business associate involved"; a column of names needs none ("had a guest judge?"; not "a grade of B")
            e += tail
            text = " ".join(t.raw for t in p.toks[i:e])
            p.numbers.append((Span(i, e), Condition(col, op, "", text, vocab.columns[col].role)))
            p.claim(i, e)
            i = e
            break
        else:
            col, e = _column_at(p, vocab, i, gaps)
            after = lex.missing_after.match_at(w, e) if col else 0
            for extra in range(1, 4):  # "the pro-sopa money amount missing": the column's words, then more of its name
                if not col or after or e + extra >= len(w) or p.claimed[e + extra - 1] or not w[e + extra - 1].isalpha():
                    break
                after = lex.missing_after.match_at(w, e + extra)
                e += extra if after else 0
            if col and after:  # "whose age is unknown", "age not listed"
                text = " ".join(t.raw for t in p.toks[i:e + after])
                p.numbers.append((Span(i, e + after), Condition(col, "missing", "", text, vocab.columns[col].role)))
                p.claim(i, e + after)
                i = e + after
            else:
                i += 1


def _with_zeros(vocab: Vocabulary) -> set[str]:
    """Number columns every item fills where 0 is a value some items have (an acid an oil lacks)."""
    got = vocab.__dict__.get("_columns_with_zeros")
    if got is None:
        got = {c.name for c in vocab.columns.values() if c.type in ("integer", "real") and c.role == "other"
               and c.min is not None and float(c.min) == 0 and float(c.max or 0) > 0 and c.name in vocab.items
               and not vocab.items[c.name].isna().any()}
        vocab.__dict__["_columns_with_zeros"] = got
    return got


def read_zero_amounts(p: Parse, vocab: Vocabulary) -> None:
    """"no linolenic acid at all", "oils without any linolenic acid": a number column that no cell
    leaves empty, said absent, is its 0 (where 0 is one of its values)."""
    lex, w = vocab.lexicon, p.words
    zeros = _with_zeros(vocab)
    if not zeros:
        return
    for i in range(len(w)):
        n = lex.missing_before.match_at(w, i) if not p.claimed[i] else 0
        if not n:
            continue
        d = i + n
        while d < len(w) and w[d] in ("any", "the", "a", "an") and not p.claimed[d]:
            d += 1
        col, e = _column_at(p, vocab, d, zeros)
        if col is None or _bound_after(p, vocab, e):
            continue
        e += 2 if tuple(w[e:e + 2]) == ("at", "all") else 0
        p.numbers.append((Span(i, e), Condition(col, "<=", 0.0, " ".join(t.raw for t in p.toks[i:e]),
                                                vocab.columns[col].role)))
        p.claim(i, e)


_NOBODY = (("none", "of", "the"), ("none", "of"), ("not", "a", "single"), ("not", "one"), ("nobody",), ("no", "one"),
           ("no", "single"), ("none",))
_BE = {"was", "were", "is", "are", "had", "has", "have", "of", "them", "who", "that"}


def read_nobody(p: Parse, vocab: Vocabulary) -> None:
    """"none of the men drank", "not a single man was sober", "nobody was sober", "no drinkers": a
    count of people per item (a column that every item fills, with zeros among its values), said to
    be nobody — that column is 0."""
    w = p.words
    zeros = _with_zeros(vocab)
    if not zeros:
        return
    people = vocab.lexicon.person_nouns | {singular(x) for x in vocab.lexicon.person_nouns}
    for i in range(len(w)):
        if p.claimed[i]:
            continue
        n = next((len(q) for q in _NOBODY if tuple(w[i:i + len(q)]) == q), 0)
        if n == 0 and w[i] == "no" and i + 1 < len(w) and not p.claimed[i + 1] and w[i + 1].endswith(("ers", "er")):
            root = w[i + 1][:-3] if w[i + 1].endswith("ers") else w[i + 1][:-2]  # "no drinkers": `drinks` is 0
            cols = [c for c in zeros if any(x in (root, root + "s", root + "e", root + "es") for g in vocab.columns[c].words for x in g)]
            if len(cols) == 1:
                p.numbers.append((Span(i, i + 2), Condition(cols[0], "<=", 0.0, " ".join(t.raw for t in p.toks[i:i + 2]),
                                                            vocab.columns[cols[0]].role)))
                p.claim(i, i + 2)
            continue
        if n == 0:
            continue
        d = i + n
        while d < len(w) and not p.claimed[d] and (w[d] in people or w[d] in _BE or w[d] in ("the", "a", "an")):
            d += 1
        col, e = _column_at(p, vocab, d, zeros)
        if col is None or d == i + n and n == 1 and w[i] != "nobody":
            continue
        p.numbers.append((Span(i, e), Condition(col, "<=", 0.0, " ".join(t.raw for t in p.toks[i:e]), vocab.columns[col].role)))
        p.claim(i, e)


_PRESENCE = {"pres", "presence", "present", "occurrence", "occurs", "occur", "detected", "detection", "found", "seen",
             "observed", "sighted", "recorded"}
_SAID_PRESENT = {"present", "found", "seen", "spotted", "sighted", "detected", "observed", "recorded", "there", "turned",
                 "had", "has", "have", "with", "where", "breeding", "living", "live", "lives"}


def _presence_flag(vocab: Vocabulary) -> tuple[str | None, set[str]]:
    """The yes/no column that says the catalog's subject was there (`pres.abs` of a catalog of frog
    survey sites) and the subject's words (the catalog name's words other than the items' noun:
    frog, frogs), or (None, ∅)."""
    got = vocab.__dict__.get("_presence_flag")
    if got is None:
        from convrec.catalog.meaning import name_words
        from convrec.catalog.text import noun_plural, singular

        flags = [c.name for c in vocab.columns.values() if c.type == "boolean"
                 and (set(name_words(c.name)) | set((c.label or "").split())) & _PRESENCE]
        own = {vocab.domain, noun_plural(vocab.domain)}
        subject = {x for x in name_words(getattr(vocab, "name", "") or "") if x.isalpha() and len(x) >= 3
                   and x not in own and singular(x) not in own}
        subject |= {noun_plural(singular(x)) for x in subject} | {singular(x) for x in subject}
        got = (flags[0], subject) if len(flags) == 1 and subject else (None, set())
        vocab.__dict__["_presence_flag"] = got
    return got


def read_subject_presence(p: Parse, vocab: Vocabulary) -> None:
    """"sites where frogs were found", "sites with frogs present", "no frogs turned up": the
    catalog's subject said with a word of being there is its presence column (yes, or no where
    negated), not a word of the items' text."""
    from convrec.catalog.text import noun_plural
    from convrec.nlu.vocab import ValueHit

    col, subject = _presence_flag(vocab)
    if col is None:
        return
    w = p.words
    for i, x in enumerate(w):
        if p.claimed[i] or x not in subject:
            continue
        if i + 1 < len(w) and w[i + 1] in (vocab.domain, noun_plural(vocab.domain)):
            p.claim(i, i + 1)  # "frog sites": the catalog's own name for its items, no condition
            continue
        near = set(w[max(0, i - 3):i + 4])
        if not near & _SAID_PRESENT and not (i > 0 and w[i - 1] in ("no", "without")):
            continue
        p.values.append((Span(i, i + 1), [[ValueHit(col, vocab.columns[col].label or col, 0, "flag")]], p.toks[i].raw))
        p.claim(i, i + 1)
        for k in range(i + 1, min(len(w), i + 4)):
            if w[k] in ("present", "found", "seen", "spotted", "sighted", "detected", "observed", "recorded", "turned") \
                    and not p.claimed[k]:
                p.claim(k, k + 1 + (k + 1 < len(w) and w[k + 1] == "up"))  # "turned up"
                break
        return


_MOSTLY = {"mostly", "majority", "predominantly", "largely", "mainly", "primarily", "overwhelmingly"}


def _shares(vocab: Vocabulary) -> dict[str, float]:
    """Columns that hold a share of a whole — percents (0–100) or fractions (0–1) — and their half."""
    got = vocab.__dict__.get("_share_halves")
    if got is None:
        got = {}
        for c in vocab.columns.values():
            if c.type not in ("integer", "real") or c.min is None or c.max is None or c.role in ("id", "title", "time") \
                    or c.name == "popularity" or float(c.min) < 0:
                continue
            if c.unit == "%" or (c.type == "real" and 1.0 < float(c.max) <= 100.0 and not c.unit):
                got[c.name] = 50.0
            elif c.type == "real" and float(c.max) <= 1.0 and not c.unit:
                got[c.name] = 0.5
        vocab.__dict__["_share_halves"] = got
    return got


def read_majority(p: Parse, vocab: Vocabulary) -> None:
    """"mostly catholic provinces", "a catholic majority", "aren't mostly agricultural": a share column
    (percent or fraction) said to be most of the whole — over its half."""
    shares = _shares(vocab)
    if not shares:
        return
    w = p.words
    for i, x in enumerate(w):
        if p.claimed[i] or x not in _MOSTLY:
            continue
        col, e = _column_at(p, vocab, i + 1, set(shares))
        if col is None and i + 1 < len(w) and not p.claimed[i + 1]:  # "mostly agricultural": `Agriculture` by its stem
            got = [c for c in columns_by_stem(w[i + 1:i + 2], vocab) if c in shares]
            col, e = (got[0], i + 2) if len(got) == 1 else (None, e)
        a = i
        if col is None and i > 0 and not p.claimed[i - 1]:  # "catholic majority provinces"
            col, e = _column_at(p, vocab, i - 1, set(shares))
            a, e = (i - 1, i + 1) if col is not None else (i, e)
        if col is None:
            continue
        p.numbers.append((Span(a, e), Condition(col, "<=" if p.negated(a) else ">", shares[col], " ".join(t.raw for t in p.toks[a:e]),
                                                vocab.columns[col].role)))
        p.claim(a, e)


def denied_bound(p: Parse, vocab: Vocabulary, s: int, col: str) -> bool:
    """A bound right after a negated span that ends with the bound column's own words ("don't have a
    100 yr GWP above 1000"): the negation is the bound's (at most 1000)."""
    if s < 1 or not p.negated(s - 1) or p.negated(s) or col not in vocab.columns:
        return False
    own = {x for g in vocab.columns[col].words for x in g}
    span = next(x for x in p.negated_spans if x.start <= s - 1 < x.end)
    k = span.start
    while k > 0 and p.words[k - 1] in _HAVING | {"don't", "doesn't", "didn't", "not", "never", "no"}:
        k -= 1  # the negation and its verb, just before the span
    said = [p.words[x] for x in range(k, s) if x not in p.mark_at]
    return p.words[s - 1] in own and any(x in _HAVING for x in said) and all(
        x in own or x in _HAVING or x in ("don't", "doesn't", "didn't", "do", "does", "did", "not", "never", "no") for x in said)


_HAVING = {"have", "has", "had", "having", "a", "an", "any", "the", "without", "with"}


_SOMEONE = {"someone", "somebody", "anyone", "anybody", "people", "persons", "person"}
_CONTAIN = {"contain", "contains", "containing", "contained"}
_WITH = {"with", "has", "have", "had", "having"}


def _counts(vocab: Vocabulary) -> set[str]:
    """Whole-number columns that count something per item, from none (0 or a blank) up: children, deaths."""
    return {c.name for c in vocab.columns.values() if c.type == "integer" and c.role == "other" and c.min is not None
            and float(c.min) in (0.0, 1.0) and float(c.max or 0) > 1 and not c.years and (not c.mark or len(c.mark) > 2)}


def read_some_amounts(p: Parse, vocab: Vocabulary) -> None:
    """"presidents with children", "fires with deaths", "fires where someone died": a count column said
    to be there, with no number, is more than none (at least 1)."""
    counts = _counts(vocab)
    amounts = _with_zeros(vocab) - counts  # "fragments that contain barium": more than none of an amount
    if not counts and not amounts:
        return
    w = p.words
    for i in range(len(w)):
        if p.claimed[i] or not (w[i] in _WITH or w[i] in _SOMEONE or w[i] in _CONTAIN):
            continue
        d = i + 1
        while d < len(w) and w[d] in ("any", "some") and not p.claimed[d]:
            d += 1
        col, e = _column_at(p, vocab, d, counts | (amounts if w[i] in _CONTAIN or w[i] in _WITH else set()))  # "days with rain"
        if col in amounts:
            if not _bound_after(p, vocab, e) and not (e < len(w) and num(w[e]) is not None) \
                    and not (i > 0 and w[i - 1] in ("no", "without", "not", "never", "don't", "doesn't")):
                p.numbers.append((Span(i, e), Condition(col, ">", 0.0, " ".join(t.raw for t in p.toks[i:e]), vocab.columns[col].role)))
                p.claim(i, e)
            continue
        if col is None or _bound_after(p, vocab, e) or (e < len(w) and num(w[e]) is not None):
            continue
        if w[i] in _SOMEONE and not (i > 0 and w[i - 1] in ("where", "when", "which", "that", "if", "whenever")):
            continue  # "fires where someone died" (not "how many people died in X": a question of that number)
        if w[i] in _SOMEONE and not any(w[d] == x and x.endswith(("ed", "d")) for g in vocab.columns[col].words for x in g):
            continue  # "someone died": the column's verb after the subject, not "people injuries"
        if i > 0 and w[i - 1] in ("no", "without", "not", "never"):
            continue
        p.numbers.append((Span(i, e), Condition(col, ">=", 1.0, " ".join(t.raw for t in p.toks[i:e]), vocab.columns[col].role)))
        p.claim(i, e)


def read_less_words(p: Parse, vocab: Vocabulary) -> None:
    """"childless", "weren't childless": a count column's noun with "-less" is none of it (0), and
    not none where negated."""
    counts = _counts(vocab) | _with_zeros(vocab)
    w = p.words
    for i, x in enumerate(w):
        if p.claimed[i] or not x.endswith("less") or len(x) < 7:
            continue
        base = x[:-4]
        forms = {base, base + "s", base + "es", base + "ren"}  # "child" → "children"
        cols = [c for c in counts if any(singular(y) == base or y in forms for g in vocab.columns[c].words for y in g)]
        if len(cols) != 1:
            continue
        negated = i > 0 and (w[i - 1] in ("not", "never", "n't") or w[i - 1].endswith("n't") or negated_aux(w, i - 1))
        a = i - 1 if negated else i
        cond = Condition(cols[0], ">=" if negated else "<=", 1.0 if negated else 0.0,
                         " ".join(t.raw for t in p.toks[a:i + 1]), vocab.columns[cols[0]].role)
        p.numbers.append((Span(a, i + 1), cond))
        p.claim(a, i + 1)
