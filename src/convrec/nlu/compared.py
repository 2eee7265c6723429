"""Comparisons with an item the user names: "more protein than Special K", "a better grad rate
than MIT", "anything higher up than Denver International?", "which districts beat Sunol Glen in
math?", "something that writes faster than my WD Black SN750".

The item is linked by the title readers before this one; here the comparative word (lexicon
data: generic ones — more, fewer, better, beat — and each dimension's own — heavier, faster,
cheaper), the column and the item's own value make a condition. The column is the number column
the clause names ("protein", "grad rate", "math", "writes"); when none is named, the one column of
the comparative's dimension ("heavier" → the weight column; "faster" → a speed column, else less
time). No column, or an item without a value there, leaves the words for the other readers.
"""

from __future__ import annotations

from convrec.catalog.text import CLAUSE_END, norm, noun_plural, singular
from convrec.nlu.columns import MEASURE_WORDS, columns_by_stem, the_measure, columns_named, nearest_column, said_opposite
from convrec.nlu.outof import the_rating
from convrec.nlu.dimensions import column_dimensions, dimension_column, size_instead
from convrec.nlu.makers import is_maker as _is_maker, maker_words as _maker_words, makes as _makes
from convrec.nlu.members import year_member
from convrec.nlu.intent import Condition, ItemMention
from convrec.nlu.itemcodes import one_by_value
from convrec.nlu.yearrows import year_row_after_than
from convrec.nlu.reading import Parse, Span, num
from convrec.nlu.vocab import Vocabulary

_DETERMINERS = ("my", "the", "a", "an", "that", "this", "those", "these")


def _clause(p: Parse, i: int) -> tuple[int, int]:
    w = p.words
    a = i
    while a > 0 and w[a - 1] not in CLAUSE_END and w[a - 1] not in (",", "but"):
        a -= 1
    b = i
    while b < len(w) and w[b] not in CLAUSE_END and w[b] not in (",", "but"):
        b += 1
    return a, b


def comparative_ending(lex, w: list[str], end: int, lo: int = 0) -> tuple[int, bool, list[tuple[str, bool]]] | None:
    """The comparative ending just before ``w[end]`` and starting at or after ``lo``: (its start,
    more?, [(dimension, more?)] of a dimension's own comparative); a generic one ("more", "fewer")
    decides the way when both are there."""
    dims: list[tuple[str, bool]] = []
    start, generic = None, None
    for dim, more, less in lex.comparative_dims:
        for phrases, up in ((more, True), (less, False)):
            n = phrases.ends_at(w, end)
            if n and end - n >= lo:
                dims.append((dim, up))
                start = end - n if start is None else min(start, end - n)
    for phrases, up in ((lex.comparative_more, True), (lex.comparative_less, False)):
        n = phrases.ends_at(w, end)
        if n and end - n >= lo:
            generic = up
            start = end - n if start is None else min(start, end - n)
    if start is None:
        return None
    return start, generic if generic is not None else dims[0][1], dims


def _comparative(p: Parse, vocab: Vocabulary, lo: int, hi: int) -> tuple[int, int, bool, list[tuple[str, bool]]] | None:
    """The comparative nearest before ``hi`` in [lo, hi): (start, end, more?, [(dimension, more?)])."""
    for end in range(hi, lo, -1):
        got = comparative_ending(vocab.lexicon, p.words, end, lo)
        if got is not None and not any(p.claimed[k] for k in range(got[0], end)):
            return got[0], end, got[1], got[2]
    return None


_RATED_VERBS = {"rated", "scored", "ranked", "graded"}


def _link_after_than(p: Parse, vocab: Vocabulary) -> None:
    """"than" is a place for a name, as "I loved" is: the words after it up to the clause's end
    (or a preposition that brings the column: "than sunol glen in math") linked loosely."""
    w = p.words
    for k, x in enumerate(w):
        n = 1 if x == "than" else vocab.lexicon.comparative_verbs.match_at(w, k)
        if not n or any(p.claimed[j] for j in range(k, k + n)):
            continue
        a = k + n
        if x == "than" and a + 1 < len(w) and w[a] in ("in", "at", "for") and num(w[a + 1]) is None and not p.claimed[a]:
            a += 1  # "lower than in the United States", "busier than at JFK": the place compared with
        while a < len(w) and w[a] in _DETERMINERS:
            a += 1
        if a + 2 < len(w) and w[a - 1] in ("a", "an") and w[a].isalpha() and w[a + 1] == "of" and not p.claimed[a + 2]:
            a += 2  # "than a cup of buttermilk": the item after the portion it is measured in
        b = a
        while b < len(w) and not p.toks[b].punct and w[b] not in (",", "but", "and", "in", "on", "at", "for", "with", "when") \
                and not p.claimed[b] and b - a < 8:
            b += 1
        if b == a or any(p.claimed[x] for x in range(a, b)) or sum(len(w[x]) for x in range(a, b)) < 3:
            continue
        if a > k + n and num(w[a]) is not None and a + 1 < len(w) and (
                w[a + 1] in ("one", vocab.domain.lower(), noun_plural(vocab.domain.lower()))) and _of_year(p, vocab, a):
            continue  # "longer than the 1973 one": the one item of that year
        if num(w[a]) is not None and not any(p.claimed[x] for x in range(a, a + 1)):
            _numbered_name(p, vocab, a)  # "larger than 1616 Pinecrest Rd": an address, not a number
            continue
        if num(w[a]) is not None or w[a] in ("$", "€", "£") or any(num(w[x]) is not None for x in range(a, min(b, a + 2))):
            continue  # "more than 5", "more than $15": a number, not a name ("15 Days")
        if all(singular(w[x]) == singular(vocab.domain.lower()) or w[x] in ("one", "ones") for x in range(a, b)):
            continue  # "than eruption 1463697": the items' noun before the one named, no name of its own
        link = vocab.linker.link(_raw(p, a, b))
        if not (link.item_id and link.score >= 88) and b - a >= 2 and _is_maker(vocab, w[a]):
            a += 1  # "my wd black sn750": the maker said before a name the catalog keeps without it
            link = vocab.linker.link(_raw(p, a, b))
            if link.item_id and not _makes(vocab, link.item_id, w[a - 1]):
                continue
        if link.item_id and link.score >= 88:
            p.mentions.append((Span(a, b), ItemMention(link.item_id, link.title, _raw(p, a, b),
                                                       "reference", "user", link.score)))
            p.claim(a, b)
        elif (one := one_by_value(vocab, w[a:b])) is not None:  # "than the tulla coffee farm one": by its farm
            p.mentions.append((Span(a, b), ItemMention(str(one), str(vocab.item_value(one, "title")), _raw(p, a, b),
                                                       "reference", "user", 100.0)))
            p.claim(a, b)


def _of_year(p: Parse, vocab: Vocabulary, a: int) -> bool:
    """"the 1973 one": where one item of the catalog has that year (its first year column), a mention of it."""
    v = num(p.words[a])
    col = vocab.first("time")
    if v is None or not float(v).is_integer() or not 1000 <= v <= 2200 or col is None or col not in vocab.items:
        return False
    hits = vocab.items.index[vocab.items[col] == v]
    if len(hits) != 1:
        return False
    item = str(hits[0])
    title = vocab.linker.titles[vocab.linker.ids.index(item)] if item in vocab.linker.ids else item
    p.mentions.append((Span(a, a + 2), ItemMention(item, title, _raw(p, a, a + 2), "reference", "user", 100.0)))
    p.claim(a, a + 2)
    return True


def _numbered_name(p: Parse, vocab: Vocabulary, a: int) -> None:
    """A name that starts with a number ("1616 Pinecrest Rd", "2001 A Space Odyssey") after "than":
    linked when the number and at least two words after it name one item closely."""
    w = p.words
    b = a + 1
    while b < len(w) and not p.toks[b].punct and w[b] not in ("but", "and", "in", "with") and b - a < 8:
        b += 1
    if b - a < 3 or any(sp.start < b and a < sp.end for sp, _ in p.mentions):
        return
    inside = [x for x in p.values if a <= x[0].start and x[0].end <= b]
    held = {y for x in inside for y in range(x[0].start, x[0].end)}
    if any(p.claimed[y] and y not in held for y in range(a, b)):
        return
    for end in range(b, a + 2, -1):
        link = vocab.linker.link(_raw(p, a, end))
        if link.item_id and link.score >= 92 and w[a] in norm(link.title).split():
            p.values = [x for x in p.values if not any(x is y for y in inside)]
            p.mentions.append((Span(a, end), ItemMention(link.item_id, link.title, _raw(p, a, end), "reference", "user",
                                                         link.score)))
            p.claim(a, end)
            return


def _year_described(p: Parse, a: int, b: int) -> bool:
    """"than the 2012 Ajusco quake": a year said after "the", then words that describe one item."""
    from convrec.catalog.text import said_year
    from convrec.nlu.binding import unit_after

    w = p.words
    return a > 0 and w[a - 1] in ("the", "that") and bool(said_year(num(w[a]) or 0)) and a + 1 < b and w[a + 1].isalpha() \
        and unit_after(w, a + 1)[0] is None


def _described_after_than(p: Parse, vocab: Vocabulary, parse) -> None:
    """"deadlier than the one on 17 July 2014", "more electricity than December 2008", "longer than
    the chicago one": no name after "than" but words that pick one item (read as a request of their
    own) — that item is the one compared with."""
    from convrec.nlu.picking import rows_matching

    w = p.words
    for k, x in enumerate(w):
        if x != "than" or p.claimed[k]:
            continue
        a = k + 1
        items = (vocab.domain.lower(), noun_plural(vocab.domain.lower()))
        while a < len(w) and (w[a] in _DETERMINERS + ("one", "ones") or (w[a] in items and a > k + 1)):
            a += 1  # "than the one ranked #2", "than the school ranked 20th"
        b = a
        while b < len(w) and not (p.toks[b].punct and w[b] not in (",", "(", ")")) and w[b] not in ("but", "and") and b - a < 10:
            b += 1
        while b > a and w[b - 1] in (",", "one", "ones", "("):
            b -= 1
        year_row = year_row_after_than(p, vocab, k, a + (a + 1 < len(w) and w[a] in ("in", "during")))  # "than (in) 1983"
        if b == a or w[a] in ("$", "€", "£") or (num(w[a]) is not None and not _year_described(p, a, b) and year_row is None):
            continue  # "longer than 100 minutes": a number (not "than the 2012 Ajusco quake", "than 1983")
        inside = [x for x in p.numbers if a <= x[0].start and x[0].end <= b] + \
            [x for x in p.values if a <= x[0].start and x[0].end <= b]
        held = {y for x in inside for y in range(x[0].start, x[0].end)}
        if any(p.claimed[y] and y not in held for y in range(a, b)) or any(sp.start < b and a < sp.end for sp, _ in p.mentions):
            continue
        sub = parse(_raw(p, a, b), vocab)
        conds = [c for _, c in sub.numbers] + _value_conditions(sub)
        ones = any(x in ("one", "ones") + items for x in w[k + 1:a]) or any(x in ("one", "ones") for x in w[b:b + 1])
        day = len(conds) == 1 and conds[0].role == "date" and len(conds[0].value) == 1
        # "heavier than the philosophy major": one value of an unordered column that one item holds
        lone = len(conds) == 1 and conds[0].op in ("in", "matches") and len(conds[0].value) == 1 \
            and conds[0].column in vocab.columns and not vocab.columns[conds[0].column].order \
            and vocab.columns[conds[0].column].role in ("category", "other", "text")  # ("than FONDEN did": a name's word)
        from convrec.nlu.ids import _code_number_columns

        lone = lone or (len(conds) == 1 and conds[0].op == "=" and conds[0].column in _code_number_columns(vocab))  # "than tract 25009202101"
        timed = bool(conds) and all(_timed(vocab, c) for c in conds)  # "less Democratic than in 1984"
        if not conds or sub.mentions or not (len(conds) >= 2 or ones or day or lone or timed):
            continue  # "later in the year than september": one value, read by the scale's own order
        rows = rows_matching(vocab, conds) if not timed else [year_row] if year_row is not None else None
        if (rows is None or len(rows) > 1) and k > 0:  # "lead readings higher than the one in batch 104":
            before = parse(_raw(p, 0, k), vocab)  # the values said before narrow it to the lead one
            more = _value_conditions(before)
            if timed:  # "years when Minnesota was less Democratic than in 1984": Minnesota's row of 1984
                rows = rows_matching(vocab, conds + more) if more else None
            elif rows is not None:
                rows = rows_matching(vocab, conds + more) if more else rows
                if len(rows) > 1:  # "in 2016 which states … than Pennsylvania did": its row of the year said
                    when = [c for _, c in before.numbers + (parse(_raw(p, b, len(w)), vocab).numbers if b < len(w) else [])
                            if _timed(vocab, c)]
                    rows = rows_matching(vocab, conds + more + when) if when else rows
        if rows is not None and len(rows) > 1 and k > 0:  # "more uranium in the soil than Hennepin": the measure
            named = [c for c in columns_named(w[:k], vocab, by_name_only=True)  # its group's items all hold
                     if c in vocab.items and vocab.columns[c].type in ("integer", "real")]
            if named and all(vocab.items[c].iloc[rows].nunique() == 1 for c in named):
                rows = rows[:1]
        if rows is not None and len(rows) > 1 and sub.sort and sub.sort[0].column in vocab.items:
            # "richer than the richest asian one": of the items the words pick, the one their superlative picks
            vals = vocab.items[sub.sort[0].column].iloc[rows]
            if vals.notna().any():
                best = vals.idxmax() if sub.sort[0].descending else vals.idxmin()
                rows = [int(vocab.items.index.get_loc(best))]
        if rows is None or len(rows) != 1:
            continue
        p.numbers = [x for x in p.numbers if not any(x is y for y in inside)]
        p.values = [x for x in p.values if not any(x is y for y in inside)]
        if _panel_year(p, vocab, conds, a, b):
            # "a higher GDP than Germany in 2020" in a country-by-year table: compared in 2020, and the others too
            p.numbers.extend((Span(a, b), c) for c in conds if vocab.columns[c.column].role in ("time", "date"))
        iid = str(vocab.items["item_id"].iloc[rows[0]])
        title = str(vocab.items["title"].iloc[rows[0]])
        p.mentions.append((Span(a, b), ItemMention(iid, title, _raw(p, a, b), "reference", "user", 100.0)))
        p.claim(a, b)
        if timed:
            p.timed_refs.add(a)


def _timed(vocab: Vocabulary, c: Condition) -> bool:
    return c.column in vocab.columns and vocab.columns[c.column].role in ("time", "date") and c.op == "="


def _panel_year(p: Parse, vocab: Vocabulary, conds: list[Condition], a: int, b: int) -> bool:
    """Is the item compared with one entity's row of a year ("Germany in 2020") in a table that has a row
    for that entity in (nearly) every year — a panel, where the others are compared in that year too?
    Not a date ("December 2008"), not an event of one place among others' ("than boston did in 2005")."""
    from convrec.nlu.picking import rows_matching

    timed = [c for c in conds if c.column in vocab.columns and vocab.columns[c.column].role in ("time", "date")]
    untimed = [c for c in conds if c not in timed]
    if len(timed) != 1 or not untimed or not any(x in ("in", "during") for x in p.words[a:b]):
        return False
    col = timed[0].column
    rows = rows_matching(vocab, untimed)
    if rows is None or len(rows) < 2 or col not in vocab.items:
        return False
    years = vocab.items[col].dropna()
    mine = vocab.items[col].iloc[rows].dropna()
    return years.nunique() >= 3 and mine.nunique() >= 0.8 * years.nunique()


def _value_conditions(sub: Parse) -> list[Condition]:
    """The category values a parse read, as conditions (the first column each phrase names; a yes/no
    column's flag as its truth: "the celebrity from michigan")."""
    out = []
    for _, groups, t in sub.values:
        for g in groups[:1]:
            if g[0].role in ("flag", "flag_off"):
                out.append(Condition(g[0].column, "=", g[0].role == "flag", t, "flag"))
            else:
                out.append(Condition(g[0].column, "matches" if g[0].role == "text" else "in",
                                     tuple(dict.fromkeys(h.value for h in g if h.column == g[0].column)), t,
                                     "text" if g[0].role == "text" else "category"))
    return out


def relink_described_numbers(p: Parse, vocab: Vocabulary, parse) -> None:
    """"blue female 40", "orange male #25": a number read as an item's id, said after values that item
    does not hold, is the item's number within those values — in the one number column where exactly
    one item with those values holds it (a crab's index within its colour and sex, a flight number).
    An id the words agree with ("the female crab 90") stays."""
    from convrec.nlu.picking import rows_matching

    w, stop = p.words, vocab.lexicon.stop
    said, known = list(p.mentions), len(p.mentions)  # the mentions read, then the bare numbers (appended if linked)
    for x in range(1, len(w)):  # "green female 12": a number no reader took, said right after words
        if not p.claimed[x] and w[x].isdigit() and w[x - 1].isalpha() and w[x - 1] not in stop and not p.claimed[x - 1] \
                and not columns_named([w[x - 1]], vocab, by_name_only=True) \
                and (x + 1 == len(w) or p.toks[x + 1].punct) and not any(sp.start <= x < sp.end for sp, _ in p.mentions):
            said.append((Span(x, x + 1), ItemMention("", "", w[x], "reference", "user", 0.0)))
    for n, (sp, m) in enumerate(said):
        raw = m.text.lstrip("#")
        end = sp.end - 1  # the number's token; words before it in the span ("female 40") describe it too
        if not raw.isdigit() or sp.end - sp.start > 2 or any(not w[x].isalpha() for x in range(sp.start, end)):
            continue
        lo = sp.start
        while lo > 0 and end - lo < 3 and not p.claimed[lo - 1] and w[lo - 1].isalpha() and w[lo - 1] not in stop:
            lo -= 1
        cue = end - 1 if end - 1 >= lo and w[end - 1] in ("number", "no", "num") else end  # "orange male number 12"
        if lo == cue:
            continue
        sub = parse(_raw(p, lo, cue), vocab)
        conds = _value_conditions(sub)
        if not conds or sub.mentions or sub.numbers or any(c.op != "in" for c in conds):
            continue
        rows = rows_matching(vocab, conds)
        if rows is None or not len(rows):
            continue
        ids = vocab.items["item_id"].astype(str)
        if m.item_id in set(ids.iloc[rows]):
            continue  # the id fits the words
        if not m.item_id and any(c.role in ("time", "date") and c.min is not None and float(c.min) <= float(raw) <= float(c.max)
                                 for c in vocab.columns.values()):
            continue  # "florida 2000": a year, read as one
        got = []
        for c in vocab.columns.values():
            if c.type != "integer" or c.role in ("id", "title", "time", "date") or c.name == "popularity" or c.name not in vocab.items:
                continue
            vals = vocab.items[c.name].iloc[rows]
            at = [r for r, v in zip(rows, vals) if v == float(raw)]
            if len(at) == 1:
                got.append(at[0])
        if len(got) != 1:
            continue
        title = str(vocab.items["title"].iloc[got[0]])
        new = (Span(lo, sp.end), ItemMention(str(ids.iloc[got[0]]), title, _raw(p, lo, sp.end), m.relation, m.speaker, 100.0))
        if n < known:
            p.mentions[n] = new
        else:
            p.mentions.append(new)
        p.claim(lo, sp.end)


def read_item_comparisons(p: Parse, vocab: Vocabulary, parse=None) -> None:
    _link_after_than(p, vocab)
    if parse is not None and "than" in p.words:
        _described_after_than(p, vocab, parse)
    if not p.mentions:
        return
    w = p.words
    _before_after(p, vocab)
    items = (vocab.domain.lower(), noun_plural(vocab.domain.lower()))
    for span, m in list(p.mentions):
        if span.start in p.compared:
            continue
        k = span.start - 1
        maker = _maker_words(vocab, m.item_id)
        while k >= 0 and (w[k] in _DETERMINERS or w[k] in ("one", "ones") or (w[k] in items and k + 1 == span.start) or _makes(vocab, m.item_id, w[k]) or w[k] in maker
                          or (w[k] in ("-", "&") and k > 0 and w[k - 1] in maker)):
            k -= 1  # "than the samsung 860 evo", "than the rolls-royce dawn": the maker is part of the name
        if k > 1 and k + 1 == span.start and m.text.isdigit() and w[k].isalpha() and w[k - 1] in ("in", "of", "for", "from", "at"):
            k -= 2  # "than the one in deal 78001": the item by its number, said with what it is
            while k >= 0 and (w[k] in _DETERMINERS or w[k] in ("one", "ones")):
                k -= 1
        if k >= 1 and w[k] in ("in", "at", "for") and w[k - 1] == "than":
            k -= 1  # "lower than in the United States": the place compared with
        portion = k >= 2 and w[k] == "of" and w[k - 2] in ("a", "an", "one") and w[k - 1].isalpha()
        if portion:
            k -= 3  # "than a slice of cherry pie", "than a cup of X": the item, in the portion its row is of
        ca, cb = _clause(p, span.start)
        if k >= 0 and w[k] == "than":
            found = _comparative(p, vocab, max(ca, k - 6), k)
        else:  # "beat sunol glen", "ahead of denver": the comparative right before the item
            found = _comparative(p, vocab, max(ca, k - 2), k + 1)
            found = found if found and found[1] == k + 1 and not found[3] else None
        meant = None  # "easier than basin mountain": a comparative of the column it means
        if found is None and k > 0 and w[k] == "than":
            found, meant = _comparative_by_meaning(p, vocab, k - 1)
            if found is None and k > 1 and not p.claimed[k - 1] and w[k - 1].isalpha() and w[k - 1] not in vocab.lexicon.stop:
                found, meant = _comparative_by_meaning(p, vocab, k - 2)  # "harder water than Bristol"
        if found is None:
            continue
        s, e, up, dims = found
        free = [x for x in range(ca, cb) if not (span.start <= x < span.end) and not (s <= x < e)
                and w[x] != "than" and not p.claimed[x] and not (portion and k < x < span.start)]
        col = _named_column(p, vocab, free, s, dims) or meant
        if col is not None and vocab.columns[col].role == "time" and dims and not any(d in ("age", "time") for d, _ in dims):
            col = None  # "in which years was FONDEN bigger than in 2016": the years asked, the amount compared
        if col is None and dims and any(x < s and w[x] in _RATED_VERBS for x in free) and the_rating(vocab):
            col = the_rating(vocab)  # "episodes rated higher than Caesar's Rome": the score, no height
            p.claim(*next((x, x + 1) for x in free if x < s and w[x] in _RATED_VERBS))  # (the verb is used up)
        if col is None and e < len(w) and w[e] in vocab.lexicon.person_nouns:
            totals = [c.name for c in vocab.columns.values() if c.parts]
            col = totals[0] if len(totals) == 1 else None  # "more men in the sample than the shoemakers": the total
        if col is None:
            for dim, dim_up in dims:
                col = vocab.first("price") if dim == "price" else dimension_column(vocab, dim, dim_up)
                if col is None and dim != "price":
                    of_dim = {c.name for c in vocab.columns.values() if c.type in ("integer", "real") and c.role != "time"
                              and dim in column_dimensions(vocab, c)}
                    # the one column its unit puts in the dimension ("longer": `months`), else the one meant
                    col = next(iter(of_dim)) if len(of_dim) == 1 else _of_several(p, vocab, free, of_dim, m.item_id)
                if col is not None:
                    up = dim_up
                    break
        if col is None:  # "students who weigh more than …": of the columns the verb names, the one the clause means
            items = {vocab.domain, noun_plural(vocab.domain)}
            named_by = {c.name for c in vocab.columns.values() if c.type in ("integer", "real") and c.role not in ("id", "title")
                        and any(p.words[x] in g and p.words[x] not in items and p.words[x] not in vocab.lexicon.stop
                                for x in free for g in c.words)}
            # ("more people to hollywood than boston did": the one column a word of the clause names)
            col = next(iter(named_by)) if len(named_by) == 1 and k >= 0 and w[k] == "than" else _of_several(p, vocab, free, named_by, m.item_id)
        if col is None:  # "higher incomes than linden hills": the column the words after it mean
            said = [w[x] for x in free if x >= e and w[x].isalpha() and w[x] not in vocab.lexicon.stop][:3]
            labelled = {c.name for c in vocab.columns.values() if c.type in ("integer", "real")
                        and c.role not in ("id", "title") and {singular(x) for x in said} & set(norm(c.label or c.name).split())}
            near = tuple(labelled) if len(labelled) == 1 else nearest_column(said, vocab, numeric=True) if said else ()
            if not near:  # "films rated higher than manhunter": a word before it, by its stem (rated → rating)
                before = [w[x] for x in free if x < s and w[x].isalpha()]
                near = tuple(c for c in columns_by_stem(before, vocab, stop_ok=True) if vocab.columns[c].type in ("integer", "real"))
                if not near and set(before) & {"scored", "rated", "ranked", "graded", "score", "rate"} and the_rating(vocab):
                    near = (the_rating(vocab),)  # "scored higher than …": the catalog's one score (a cup's total points)
                    for x in free:
                        if x < s and w[x] in ("scored", "rated", "ranked", "graded", "score", "rate"):
                            p.claim(x, x + 1)
            col = near[0] if near else None
        if col is None and k >= 0 and w[k] == "than" and all(w[x] in MEASURE_WORDS or not w[x].isalpha() or w[x] in vocab.lexicon.stop
                               or w[x] in _DETERMINERS + ("one", "ones") or p.claimed[x] or bool(vocab.lookup(w[x]))
                               for x in free):
            col = the_measure(vocab)  # "THC results higher than the one in sample 139": the one measure
        if col is None and (any(dim == "size" for dim, _ in dims)
                            or any(w[x] in vocab.lexicon.money_column_words or w[x] == "money" for x in free)):
            col = size_instead(vocab)  # "metros bigger than Boston": no size, the one population; "more money"
        if col is not None and span.start in p.timed_refs and vocab.columns[col].role in ("time", "date"):
            # "less Democratic than in 1984": the row of 1984 is compared on a measure the words name, not its year
            said = [w[x] for x in free if w[x].isalpha() and w[x] not in vocab.lexicon.stop]
            near = [c for c in columns_by_stem(said, vocab, stop_ok=True)
                    if vocab.columns[c].type in ("integer", "real") and vocab.columns[c].role not in ("time", "date", "id")]
            col = near[0] if near else the_measure(vocab)
            up = next((u for d, u in dims if d != "age"), up) if dims else up
        if col is None:
            continue
        col = year_member(p, vocab, col, free)  # "… than France in 2021": that year's score
        aged = dimension_column(vocab, "age") if any(dim == "age" for dim, _ in dims) and vocab.columns[col].role == "time" else None
        if aged is not None and vocab.columns[aged].role != "time":  # "younger than X when convicted": the age, not the year
            col, up = aged, next(u for dim, u in dims if dim == "age")
        if p.marks:  # "more incidents than Lufthansa in 2000-2014": its value of the sibling of those years
            from convrec.nlu.marks import marked_sibling

            col = marked_sibling(vocab, col, p.marks) or col
        value = _item_number(vocab, m.item_id, col)
        if value is None:  # the item has no value to compare with
            continue
        if vocab.columns[col].role == "time" and dims and dims[0][0] == "age":
            up = not up  # older: an earlier year
        if {"worse", "better"} & set(p.words[s:e]):
            from convrec.nlu.sorting import lower_is_better

            up = up != lower_is_better(vocab, col, [])  # "unemployment worse than in 2009": higher
        text = " ".join(t.raw for t in p.toks[s:span.end])
        op = ">" if up else "<"
        if p.negated(s):  # "nothing bigger than X": at most X
            op = "<=" if up else ">="
        p.numbers.append((Span(s, span.end), Condition(col, op, value, text, vocab.columns[col].role)))
        p.compared.add(span.start)
        p.claim(s, e)
        p.claim(span.start, span.end)  # the item compared with is no text to match ("than the armored trucks")
        p.values = [v for v in p.values if not (v[0].start < span.end and span.start < v[0].end
                                                and v[1] and v[1][0] and v[1][0][0].role == "text")]
        if k >= 0 and w[k] == "than":
            p.claim(k, span.start if portion else k + 1)
            for x in range(e, k):  # "more land than the rim fire": the measure's noun, no value to match
                if not p.claimed[x] and w[x].isalpha() and not any(h.role != "text" for h in vocab.lookup(w[x])):
                    p.claim(x, x + 1)
        for x in _column_word_positions(p, vocab, col, free):
            p.claim(x, x + 1)


def _before_after(p: Parse, vocab: Vocabulary) -> None:
    """"economists who won before Milton Friedman", "films released after Titanic": the catalog's time
    column, before (or after) the item's own value of it."""
    time_col = vocab.first("time")
    if time_col is None or len(set(vocab.numeric_range(time_col))) < 2:
        return  # (a year every item shares orders none: "the wait after eruption 1470601" is its own)
    w = p.words
    for span, m in list(p.mentions):
        k = span.start - 1
        while k >= 0 and w[k] in _DETERMINERS:
            k -= 1
        if k < 0 or p.claimed[k] or not (w[k] in ("before", "after", "since") or (w[k] == "to" and k > 0 and w[k - 1] == "prior")):
            continue
        value = _item_number(vocab, m.item_id, time_col)
        if value is None:
            continue
        s = k - (w[k] == "to")
        op = "<" if w[k] in ("before", "to") else ">=" if w[k] == "since" else ">"
        if p.negated(s):
            op = {"<": ">=", ">": "<=", ">=": "<"}[op]
        text = " ".join(t.raw for t in p.toks[s:span.end])
        p.numbers.append((Span(s, span.end), Condition(time_col, op, value, text, "time")))
        p.compared.add(span.start)
        p.claim(s, span.end)


def _of_several(p: Parse, vocab: Vocabulary, free: list[int], among: set[str], item: str | None = None) -> str | None:
    """Of two or more number columns a comparison could mean (`BackpackWeight`, `BodyWeight` of
    "heavier"), the one the clause's other words mean ("whose bag is heavier": the backpack's;
    "students who weigh more": the body's), by meaning; None when it is not clear."""
    if item is not None and len(among) >= 2:  # of those, the ones the item compared with has a value of
        valued = {c for c in among if _item_number(vocab, item, c) is not None}
        if len(valued) == 1:
            return next(iter(valued))
        among = valued or among
    if len(among) < 2:
        return None
    items = {vocab.domain, noun_plural(vocab.domain)}
    said = [p.words[x] for x in free if p.words[x].isalpha() and p.words[x] not in vocab.lexicon.stop
            and p.words[x] not in items]
    got = nearest_column(said, vocab, numeric=True, among=among, margin=0.03) if said else ()
    if got:
        return got[0]
    # "more thrust than X" of a `max_thrust` and a `cruise_thrust`: the headline figure, where one is it
    headline = [c for c in among if set(norm(vocab.columns[c].label or c).split()) & _HEADLINE]
    return headline[0] if len(headline) == 1 else None


_HEADLINE = {"max", "maximum", "peak", "rated", "total", "overall", "gross", "nominal", "full"}


def _item_number(vocab: Vocabulary, item: str, col: str) -> float | None:
    """The item's value of a number column, or None (blank, NaN or no number)."""
    try:
        v = float(vocab.item_value(item, col))
    except (TypeError, ValueError):
        return None
    return v if v == v else None


def _comparative_by_meaning(p: Parse, vocab: Vocabulary, k: int):
    """"easier than basin mountain", "safer than X": a comparative no lexicon lists, of the one number
    column it means (`difficulty`), the other way where it is made from the column's opposite."""
    x = p.words[k]
    if p.claimed[k] or not x.isalpha() or len(x) < 5 or not x.endswith("er") or x in vocab.lexicon.stop:
        return None, None
    named = [c.name for c in vocab.columns.values() if c.type in ("integer", "real") and any(x in g for g in c.words)]
    if len(named) != 1:  # "harder water than Bristol": `hardness`, the quality the comparative is made from
        base = x[:-2]
        named = [c.name for c in vocab.columns.values() if c.type in ("integer", "real")
                 and base + "ness" in norm(c.label or c.name).split()] or named
    cols = tuple(named) if len(named) == 1 else nearest_column([x], vocab, numeric=True)  # "deadlier": a word of `fatalities`
    if not cols:
        return None, None
    return (k, k + 1, not said_opposite(vocab, x, cols[0]), []), cols[0]


def _named_column(p: Parse, vocab: Vocabulary, free: list[int], at: int, dims=()) -> str | None:
    items = {vocab.domain, noun_plural(vocab.domain)}  # "departments more literate than X": the items, no `dept`
    words = [p.words[x] for x in free if p.words[x] not in items]
    named = [c for c in columns_named(words, vocab, by_name_only=True)
             if vocab.columns[c].type in ("integer", "real") and vocab.columns[c].role not in ("id", "title")]
    if not named:
        return None
    fit = [c for c in named if {d for d, _ in dims} & column_dimensions(vocab, vocab.columns[c])]
    named = fit or named  # "a longer wingspan than X": of `span_m`, `wing_constant`, `Sref_m2`, the one a length measures

    def distance(c: str) -> int:
        pos = _column_word_positions(p, vocab, c, free)
        return min((abs(x - at) for x in pos), default=99)

    return min(named, key=distance)


def _column_word_positions(p: Parse, vocab: Vocabulary, col: str, free: list[int]) -> list[int]:
    c = vocab.columns[col]
    said = {x for g in c.words for x in g} | {col.lower(), col.lower().rstrip("s"), col.lower().replace("_", " ")}
    return [x for x in free if p.words[x] in said or p.words[x].rstrip("s") in said]


def _raw(p: Parse, a: int, b: int) -> str:
    """The words as written, tokens the tokenizer split apart joined again ("sn750", not "sn 750")."""
    out = ("#" if a in p.hashed else "") + p.toks[a].raw
    for k in range(a + 1, b):
        out += ("" if p.toks[k].start == p.toks[k - 1].end else " ") + ("#" if k in p.hashed else "") + p.toks[k].raw
    return out
