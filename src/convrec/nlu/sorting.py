"""Orders a request asks for: "top 5 companies by profits", "the highest sales", "sorted by
market value", "the 3 biggest breaches by number of people affected" (a superlative before "by"
gives the way; the words after it, by meaning, the column), "the 3 sleepiest animals", "the
deadliest" (a superlative made from a column's word, or near one in meaning).
"""

from __future__ import annotations

import re

from convrec.catalog.meaning import unit_for_word
from convrec.catalog.text import singular, norm, noun_plural
from convrec.nlu.marks import mark_choice
from convrec.nlu.columns import spent_columns, SHARE_WORDS, family_member, MEASURE_WORDS, ratio_named, columns_by_stem, columns_named, nearest_column, said_opposite, the_measure
from convrec.nlu.outof import the_rating
from convrec.nlu.dimensions import column_dimensions, named_before
from convrec.nlu.intent import SortHint
from convrec.nlu.reading import GENERIC_NOUNS, Parse, num
from convrec.nlu.vocab import Vocabulary


_SORT_DESC = {"by", "highest", "most", "largest", "biggest", "greatest", "top", "max", "maximum", "fastest", "quickest", "best"}
_SORT_ASC = {"lowest", "least", "smallest", "fewest", "min", "minimum", "slowest", "worst"}
_PACE = {"fastest", "quickest", "slowest"}
"""said of a time taken, these go the other way: the fastest time is the least"""


_NTH = re.compile(r"^(\d{1,2})(?:st|nd|rd|th)$")


def _ordinal_offset(p: Parse, vocab: Vocabulary) -> None:
    """"the 2nd highest paying", "the third most prestigious": one item, past the first n-1 of the order."""
    w = p.words
    for k in range(len(w) - 1):
        m = _NTH.match(w[k])
        n = int(m.group(1)) if m else vocab.lexicon.ordinal_words.get(w[k])
        nxt = w[k + 1]
        if not n or not 2 <= n <= 20 or p.claimed[k] or not (
                nxt in _SORT_DESC | _SORT_ASC or vocab.lexicon.superlative(nxt)) or nxt in ("by", "top"):
            continue
        p.offset = n - 1  # one item (see kinds.build_intent), when an order is read
        p.claim(k, k + 1)
        return


def lower_is_better(vocab: Vocabulary, col: str, said: list[str]) -> bool:
    """Is the column a measure whose best is its lowest, by its words or the words said for it ("the worst
    infant mortality" of a column headed `infant`; a typo of the word too)?"""
    from rapidfuzz import fuzz

    from convrec.nlu.ranks import placing_columns, rank_columns

    if col in rank_columns(vocab) or col in placing_columns(vocab):
        return True  # "the worst technical placings": a place of 1 is the best
    bad = vocab.lexicon.lower_is_better
    words = {y for g in vocab.columns[col].words for y in g} | set(said)
    return bool(words & bad) or any(len(x) >= 7 and fuzz.ratio(x, y) >= 85 for x in said for y in bad if len(y) >= 7)


def sort_by_column(p: Parse, vocab: Vocabulary) -> None:
    """"top 5 companies by profits", "the highest sales", "lowest assets first", "sorted by
    market value": an order on the numeric column the words name (not a condition)."""
    _ordinal_offset(p, vocab)
    w = p.words
    for a, x in enumerate(w):
        if p.claimed[a] or x not in _SORT_DESC | _SORT_ASC:
            continue
        b = a + 1
        while b < len(w) and w[b] in ("the", "their", "its", "in", "of"):
            b += 1
        if x != "by" and a + 1 < len(w) and w[a + 1] in _RATED and _rated_superlative(p, vocab, a, x):
            continue  # "the 3 highest rated": the score, not a column called `high`
        if x == "by" and b + 1 < len(w) and w[b] == "how" and w[b + 1] in ("much", "many"):
            b += 2  # "top 3 races by how much candidate A spent": the column's words follow
        count = None  # "top 5 home run hitters": the count, then the column
        if x == "top" and b < len(w) and not p.claimed[b] and num(w[b]) is not None and float(num(w[b])).is_integer() \
                and 1 <= num(w[b]) <= 50:
            count, b = int(num(w[b])), b + 1
        items = {vocab.domain, noun_plural(vocab.domain)}
        best_for = x in ("best", "worst", "top") and b + 2 < len(w) and w[b + 1] == "for" and w[b].isalpha() \
            and not p.claimed[b]  # "the 3 worst states for the Democrat": the column the words after "for" name
        if (count is not None or best_for) and b + 2 < len(w) and (w[b] in items and w[b + 1] in ("for", "in", "on") or (
                w[b + 1] == "for" and (columns_named(w[b + 2:b + 5], vocab, by_name_only=True) or best_for))):
            b += 2  # "top 3 districts for reading": the column after the items
            while b < len(w) and w[b] in ("the", "a", "an") and best_for:
                b += 1
        end = min(len(w), b + 4 + len(p.mark_at & set(range(b, b + 4))))  # ("the highest risk adjusted death rates")  # (a horizon said: "by 20-year GWP")
        if x != "by" and b + 1 < len(w) and w[b + 1] in ("in", "of"):
            end = min(len(w), b + 5)  # "the biggest drops in the uninsured rate": the column's words after "in the"
        elif x != "by" and b + 2 < len(w) and w[b + 2] in ("in", "of"):
            end = min(len(w), b + 6)  # "the 3 lowest drug shares of total health spending"
        if x != "by" and "by" in w[b:end]:
            end = b + w[b:end].index("by")  # "the biggest breaches by number of people": the "by" names the column
        items = {vocab.domain, noun_plural(vocab.domain)}
        inner = next((k for k in range(b + 1, min(len(w), end)) if (p.claimed[k] and k not in p.mark_at or any(
            h.role in ("category", "flag") for h in vocab.lookup(w[k]))) and num(w[k]) is None and not p.toks[k].punct), None)
        if inner is not None and x != "by" and inner + 1 < len(w) and not p.claimed[inner + 1]:
            end = min(len(w), end + 1)  # "the 3 highest risk-adjusted CABG death rates": a value said among its words
        for e in range(end, b, -1):
            skip = {inner} if inner is not None and b < inner < e - 1 and x != "by" else set()
            if any(((p.claimed[k] and k not in p.mark_at) or p.toks[k].punct) and k not in skip for k in range(b, e)):
                continue
            if x != "by" and items & set(w[b:e]):
                continue  # "the most literate department", "the highest volcano": the items, not a `dept` column
            said_words = [w[k] for k in range(b, e) if k not in skip]
            cols = [c for c in columns_named(said_words, vocab, by_name_only=True)
                    if vocab.columns[c].type in ("integer", "real") and vocab.columns[c].role != "id"]
            if len(cols) > 1:  # "the highest accident rate": the compound's head (its last word) names it, where
                # the words before it name the others only loosely (`adt` read from "accident"; not "bike thefts" of `bike`)
                head = [c for c in cols if any(w[e - 1] in g for g in vocab.columns[c].words)]
                said = {norm(p.toks[k].raw) for k in range(b, e - 1)}  # as typed (a cut name is written over its word)
                loose = all(not said & set(norm(vocab.columns[c].label or c).split()) for c in cols if c not in head)
                cols = head if len(head) == 1 and loose else cols
            if len(cols) > 1:  # "the most spacewalks": `space_walks`, whose label the others' extend, not `space_walks_hours`
                labels = {c: set(norm(vocab.columns[c].label or c).split()) for c in cols}
                core = [c for c in cols if all(labels[c] < labels[o] for o in cols if o != c)]
                cols = core if len(core) == 1 and not any(x in said_words for o in cols for x in labels[o] - labels[core[0]]) else cols
            if skip and len(cols) != 1:
                continue  # (the value in between only where the words around it name one column)
            if not cols and best_for and e == b + 1:  # "best for the Democrat" of `demVote`: the one number column a word names
                cols = [c.name for c in vocab.columns.values() if c.type in ("integer", "real") and c.role not in ("id", "time")
                        and any(singular(w[b]) in g or w[b] in g for g in c.words)]
                cols = cols if len(cols) == 1 else []
            if len(cols) > 1 and p.marks:  # "by spending over the past 24 months": the sibling the window said
                cols = mark_choice(vocab, list(spent_columns(w[b:e], vocab, p.marks)) or cols, p.marks)
            if len(cols) > 1 and x in ("most", "fewest", "least") and e == b + 1:  # "the most chargers": their number, not level
                counted = [c for c in cols if set(norm(vocab.columns[c].label or c).split()) & {"number", "count", "num", "total"}]
                cols = counted if len(counted) == 1 else cols
            dom = vocab.domain.lower()
            measure = not cols and x != "by" and (w[e - 1] in MEASURE_WORDS or (
                len(dom) >= 5 and w[e - 1].startswith(dom) and dom not in ("item", "items"))) and the_measure(vocab)
            # ("the top 3 importers" of a catalog of imports: its one measure, the amount imported)
            if measure:
                cols = [the_measure(vocab)]  # "the 2nd highest codeine level": the catalog's one measure
            if not cols and x != "by" and e == b + 1:  # "the most cited": a column by the word's stem (citations)
                cols = [c for c in columns_by_stem(w[b:e], vocab)
                        if vocab.columns[c].type in ("integer", "real") and vocab.columns[c].role != "id"]
            if len(cols) == 1 and x == "by":
                # "by number of people affected": words the named column (`number`) leaves unsaid may
                # mean another (`individuals affected`): the whole phrase, by meaning, decides
                near, e2 = _by_meaning(p, vocab, b, cols[0])
                if near:
                    cols, e = [near], e2
            if len(cols) == 1 and x in ("top", "max", "maximum") and count is None and "of" in w[b + 1:e + 1] \
                    and w[0] in ("what", "what's", "whats", "how", "tell"):
                break  # "what's the top speed of the heaviest one": the measure asked, not an order
            if len(cols) == 1:
                own = {y for g in vocab.columns[cols[0]].words for y in g}
                while e - 1 > b and w[e - 1] not in own and any(h.role in ("category", "flag") for h in vocab.lookup(w[e - 1])
                                                                 + [h for g in vocab.resolve_synonym(w[e - 1]) or [] for h in g]):
                    e -= 1  # "lowest paid woman": the value after the column's words is a condition of its own
                asc = x in _SORT_ASC or any(y in ("ascending", "lowest", "smallest", "least", "oldest") for y in w) \
                    or (x == "by" and vocab.columns[cols[0]].role == "time" and "newest" not in w)  # "by year": in order
                if x in _PACE and column_dimensions(vocab, vocab.columns[cols[0]]) & {"time", "duration"}:
                    asc = x != "slowest"  # "the fastest time": the least
                if x in ("best", "worst") and lower_is_better(vocab, cols[0], w[b:e]):
                    asc = x == "best"  # "the worst infant mortality": the highest
                if x == "by" and a > 0 and w[a - 1] in ("sorted", "ordered", "ranked", "sort", "order", "rank"):
                    a -= 1  # "sorted by market value"
                elif x == "by":  # "the 3 biggest breaches by number of people affected": the superlative before says the way
                    at_by = a
                    a, asc = _superlative_before(p, vocab, a, asc)
                    if a < at_by:  # "top 3 magnesium alloys by yield strength": the words between stay to be read
                        head = a + 1 + (a + 1 < at_by and num(w[a + 1]) is not None)
                        p.claim(a, head)
                        p.sort.append(SortHint(family_member(vocab, cols[0], p.words), not asc,
                                               " ".join(t.raw for t in p.toks[a:head] + p.toks[at_by:e])))
                        p.claim(at_by, e)
                        break
                cols = [family_member(vocab, cols[0], p.words)] + cols[1:]  # "… in 2013": that year's member
                p.sort.append(SortHint(cols[0], not asc, " ".join(t.raw for t in p.toks[a:e])))
                k = e - 1 if measure else b  # "top 3 THC concentrations": words before the column's own ("THC") stay to be read
                while not measure and k + 1 < e and list(columns_named(w[k + 1:e], vocab, by_name_only=True)) == list(cols) \
                        and not columns_named(w[k:k + 1], vocab, by_name_only=True):
                    k += 1
                p.claim(a, b)
                p.claim(k, e)
                for x2 in skip:
                    p.claimed[x2] = False  # the value said among the column's words is read as a condition
                if count is not None and p.k is None:
                    p.k = count
                break
        else:
            if x in ("highest", "lowest", "most", "least", "biggest", "smallest", "largest") and not p.sort \
                    and named_before(p, vocab, a, a + 1)[0]:
                col, s0 = named_before(p, vocab, a, a + 1)  # "when was brent the highest": that column, highest first
                p.sort.append(SortHint(col, x not in _SORT_ASC, " ".join(t.raw for t in p.toks[s0:b])))
                p.claim(s0, b)
                continue
            if x in ("best", "worst") and not p.sort and (_did_best(p, vocab, a, x) or _rated_superlative(p, vocab, a, x)):
                continue
            if x in ("most", "least", "fewest") and not p.sort and _verb_before(p, vocab, a, x):
                continue
            if x in ("most", "fewest") and not p.sort and _named_later(p, vocab, a, b, x):
                continue
            if x == "by" and a > 0 and not p.sort and _superlative_before(p, vocab, a, False)[0] != a:
                # "the 2 smallest breaches by people affected": by meaning alone, after a superlative
                # (not "made by intel", "published by a society": a maker, not an order)
                near, e2 = _by_meaning(p, vocab, b, None)
                if near:
                    a, asc = _superlative_before(p, vocab, a, False)
                    p.sort.append(SortHint(near, not asc, " ".join(t.raw for t in p.toks[a:e2])))
                    p.claim(a, e2)
    if not p.sort:
        _share_superlative(p, vocab)
    if not p.sort:
        _adjective_superlatives(p, vocab)


def _share_superlative(p: Parse, vocab: Vocabulary) -> None:
    """"who carries the biggest share of their own body weight?": a superlative of a share of a column
    b orders by the column that is a / b on every item."""
    w = p.words
    for k, x in enumerate(w):
        if x not in SHARE_WORDS or p.claimed[k] or k == 0:
            continue
        col, end = ratio_named(w, vocab, k + 1)
        if col is None:
            continue
        a = k - 1
        word = w[a]
        if word not in _SORT_DESC | _SORT_ASC and not vocab.lexicon.superlative(word) and word not in ("biggest", "largest",
                                                                                                         "smallest", "highest", "lowest"):
            continue
        asc = word in _SORT_ASC or word in ("smallest", "lowest", "least", "fewest", "tiniest")
        a -= a > 0 and w[a - 1] == "the"
        p.sort.append(SortHint(col, not asc, " ".join(t.raw for t in p.toks[a:end])))
        p.claim(a, end)
        return


def _named_later(p: Parse, vocab: Vocabulary, a: int, b: int, x: str) -> bool:
    """"which audition sent the most people through to hollywood?": "the most" of a noun no column
    is named by ("people"), where a word later in the clause is a word of one number column only
    (`tickets_to_hollywood`): the order is by that column."""
    w = p.words
    stop = vocab.lexicon.stop
    items = {vocab.domain, noun_plural(vocab.domain)}
    end = b
    while end < len(w) and end < b + 8 and not p.toks[end].punct:
        end += 1
    said = {w[k] for k in range(b + 1, end) if not p.claimed[k] and w[k].isalpha() and w[k] not in stop
            and w[k] not in items and w[k] not in GENERIC_NOUNS}
    if not said:
        return False
    hits = [c.name for c in vocab.columns.values() if c.type in ("integer", "real") and c.role not in ("id", "time")
            and c.name != "popularity" and any(said & set(g) for g in c.words)]
    owners = [c.name for c in vocab.columns.values() if any(said & set(g) for g in c.words)]
    if len(hits) != 1 or len(owners) != 1:
        return False
    p.sort.append(SortHint(hits[0], x == "most", " ".join(t.raw for t in p.toks[a:end])))
    p.claim(a, b + 1)
    for k in range(b + 1, end):
        if w[k] in said and any(w[k] in g for g in vocab.columns[hits[0]].words):
            p.claim(k, k + 1)
    return True


_DID = {"did", "does", "do", "done", "performed", "performs", "perform", "scored", "scores", "score", "fared", "fares", "ranked", "ranks", "rated"}


def _did_best(p: Parse, vocab: Vocabulary, a: int, x: str) -> bool:
    """"which bank did best?", "who scored worst": best or worst after a verb of doing, with nothing
    after it, orders by the catalog's one score (its rating column; of several, the one named "score"
    or "rating")."""
    w = p.words
    if a == 0 or w[a - 1] not in _DID or any(y.isalpha() for y in w[a + 1:]):
        return False
    rated = the_rating(vocab)
    if rated is None:
        return False
    p.sort.append(SortHint(rated, x == "best", " ".join(t.raw for t in p.toks[a - 1:a + 1])))
    p.claim(a - 1, a + 1)
    return True


_RATED = {"rated", "scored", "scoring", "reviewed", "ranked", "graded", "ranking"}


def _rated_superlative(p: Parse, vocab: Vocabulary, a: int, x: str) -> bool:
    """"the top rated", "highest scoring", "lowest rated": a superlative of the verb of rating
    orders by the catalog's one score; "the best kenyan coffee", "2nd best": "best" or "worst"
    that names no column does too."""
    w = p.words
    rated = a + 1 < len(w) and w[a + 1] in _RATED and not p.claimed[a + 1]
    if not rated and x not in ("best", "worst"):
        return False
    col = the_rating(vocab)
    if col is None:
        return False
    asc = x in _SORT_ASC
    start = a
    if a >= 1 and w[a - 1] in _DID and not p.claimed[a - 1]:
        start = a - 1
    elif a >= 2 and w[a - 1] == "the" and w[a - 2] in _DID and not p.claimed[a - 2]:
        start = a - 2  # "scored the best"
    p.sort.append(SortHint(col, not asc, " ".join(t.raw for t in p.toks[start:a + 1 + rated])))
    p.claim(start, a + 1 + rated)
    return True


def _verb_before(p: Parse, vocab: Vocabulary, a: int, x: str) -> bool:
    """"who earns the most?", "which ones sleep the least": "the most" after a verb orders by the
    number column the verb means (its words, else its meaning), when nothing after it names one."""
    w = p.words
    k = a - 1 - (a > 0 and w[a - 1] == "the")
    if k < 0 or p.claimed[k] or not w[k].isalpha() or w[k] in vocab.lexicon.stop and not columns_named([w[k]], vocab):
        return False  # ("work" is a stop word, and the word of a `totwrk`)
    unit_after_most = a + 1 < len(w) and unit_for_word(w[a + 1]) is not None and not columns_named([w[a + 1]], vocab)
    if a + 1 < len(w) and w[a + 1].isalpha() and w[a + 1] not in vocab.lexicon.stop and not p.claimed[a + 1] \
            and not unit_after_most:
        return False  # "the most home runs": the words after it say what ("work the most hours": the verb does)
    numeric = [c for c in columns_named([w[k]], vocab) if vocab.columns[c].type in ("integer", "real")
               and vocab.columns[c].role != "id"]
    if len(numeric) > 1:
        numeric = list(nearest_column([w[k]], vocab, numeric=True, among=set(numeric))) or numeric
    if len(numeric) != 1:
        numeric = list(nearest_column([w[k]], vocab, numeric=True)) if not numeric else []
    if len(numeric) != 1:
        return False
    end = a + 1 + unit_after_most
    p.sort.append(SortHint(numeric[0], x == "most", " ".join(t.raw for t in p.toks[k:end])))
    p.claim(k, end)
    return True


def _superlative_before(p: Parse, vocab: Vocabulary, a: int, asc: bool) -> tuple[int, bool]:
    """A superlative up to six words before "by" ("the 3 biggest breaches by …", "the poorest place on
    the list by …"): where the sort's words start, and its way."""
    w = p.words
    for k in range(a - 1, max(-1, a - 7), -1):
        if p.claimed[k] or p.toks[k].punct:
            break
        if w[k] in _SORT_DESC | _SORT_ASC or vocab.lexicon.superlative(w[k]):
            if w[k] == "top" and k + 1 < a and num(w[k + 1]) is not None and float(num(w[k + 1])).is_integer() \
                    and 1 <= num(w[k + 1]) <= 50 and p.k is None:
                p.k = int(num(w[k + 1]))  # "the top 5 companies by profits"
            return k, w[k] in _SORT_ASC or w[k] in vocab.lexicon.low_superlatives
    return a, asc


def _by_meaning(p: Parse, vocab: Vocabulary, b: int, named: str | None) -> tuple[str | None, int]:
    """The number column the unclaimed words after "by" mean (and where they end), when they say
    more than the ``named`` column's own words; None when nothing is near enough."""
    w = p.words
    e = b
    while e < len(w) and e < b + 5 and not p.toks[e].punct and not p.claimed[e]:
        e += 1
    own: set[str] = set()
    if named:
        c = vocab.columns[named]
        own = {y for g in c.words for y in g} | set(norm(c.label or named).split())
    phrase = [y for y in w[b:e] if y not in own]
    rest = [y for y in phrase if y not in vocab.lexicon.stop and y.isalpha() and y not in (vocab.domain, noun_plural(vocab.domain))]
    counting = {w[k] for k in range(b, e - 1) if w[k + 1] == "of" and w[k] in ("number", "count", "amount", "total", "quantity")}
    rest = [y for y in rest if y not in counting]  # "by number of input fields": the input fields, counted
    if not rest:
        return None, e
    near = nearest_column(phrase, vocab, numeric=True)
    return (near[0], e) if near and near[0] != named else (None, e)


def _adjective_superlatives(p: Parse, vocab: Vocabulary) -> None:
    """"the 3 sleepiest animals" (`sleep_total`), "the rainiest city" (`rain`): a superlative made
    from the word of one number column sorts by it, highest first."""
    for a, x in enumerate(p.words):  # "the 3 strongest quakes": a superlative among a column's own words
        if p.claimed[a] or not vocab.lexicon.superlative(x):
            continue
        cols = [c.name for c in vocab.columns.values() if c.type in ("integer", "real") and c.role != "id"
                and any(x in g for g in c.words)]
        if not cols and a + 1 < len(p.words) and not p.claimed[a + 1] and p.words[a + 1].endswith("ing"):
            # "the hardest hitting heroes", "the fastest growing": a participle after it names the column
            cols = [c for c in columns_named(p.words[a + 1:a + 2], vocab, by_name_only=True)
                    if vocab.columns[c].type in ("integer", "real") and vocab.columns[c].role != "id"]
            if len(cols) == 1:
                p.sort.append(SortHint(cols[0], x not in vocab.lexicon.low_superlatives, " ".join(p.words[a:a + 2])))
                p.claim(a, a + 2)
                return
        if len(cols) == 1:
            p.sort.append(SortHint(cols[0], x not in vocab.lexicon.low_superlatives, p.toks[a].raw))
            p.claim(a, a + 1)
            return
    for a, x in enumerate(p.words):
        if p.claimed[a] or len(x) < 7 or not x.isalpha() or not x.endswith("est") or x in vocab.lexicon.stop:
            continue
        base = x[:-4] if x.endswith("iest") else x[:-3]
        if len(base) < 4:
            continue
        bases = {base, base[:-1]} if base[-1] == base[-2] else {base}  # "fattiest": fat
        cols = [c.name for c in vocab.columns.values() if c.type in ("integer", "real") and c.role != "id"
                and any(y in bases or (y.startswith(base) and len(y) - len(base) <= 3) or y == base + "ness"
                        for y in norm(c.label or c.name).split())]  # "sleepiest": sleep; "rainiest": rain
        if len(cols) > 1:  # sleep_total, sleep_rem, sleep_cycle: the one whose other words may be left out
            from convrec.catalog.meaning import units_data

            optional = set(units_data()["optional"]["words"])
            cols = [c for c in cols if len(set(norm(vocab.columns[c].label or c).split()) - optional) == 1]
        if len(cols) == 1:
            p.sort.append(SortHint(cols[0], True, p.toks[a].raw))
            p.claim(a, a + 1)
            return
    for a, x in enumerate(p.words):  # "the 3 deadliest" (`deaths`), "the strongest quakes": by meaning
        if p.claimed[a] or len(x) < 6 or not vocab.lexicon.superlative(x) or x in vocab.lexicon.stop or any(
                    ph.contains([x]) for more, less, _ in vocab.lexicon.superlatives.values() for ph in (more, less)):
            continue  # "highest", "biggest": a dimension's, read by its own reader
        cols = nearest_column([x], vocab, numeric=True)
        if cols:
            high = (x not in vocab.lexicon.low_superlatives) != said_opposite(vocab, x, cols[0])  # "the easiest": least difficulty
            p.sort.append(SortHint(cols[0], high, p.toks[a].raw))
            p.claim(a, a + 1)
            return


