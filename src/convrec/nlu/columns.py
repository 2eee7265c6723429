"""Which of the catalog's columns a phrase names ("how many calories", "who published", "the
highway mpg"): by the column's name, its words, or the lexicon's fact keywords.
"""

from __future__ import annotations

import re

import numpy as np

from convrec.catalog.text import norm, singular, skeleton_of, word_rank
from convrec.nlu.namespaces import unsaid_namespace
from convrec.nlu.reading import FACT_KEYWORDS, GENERIC_NOUNS, num
from convrec.nlu.columncuts import _cuts, _value_words, said_in_full
from convrec.nlu.vocab import Vocabulary


def glued_words(c) -> list[tuple[str, int, int]]:
    """Runs of two or more of a column's words said as one word, longest first from each start:
    (the word, first group, end group) — "nonwhite" for `nonwhite` read "non white", "floodway" for
    `FloodwayWidth` read "flood way width"."""
    heads = [g[0] if g else "" for g in c.words]
    return [("".join(heads[a:b]), a, b) for a in range(len(heads)) for b in range(len(heads), a + 1, -1)
            if all(heads[a:b])]


def columns_named(w: list[str], vocab: Vocabulary, by_name_only: bool = False, keywords_only: bool = False,
                  spaces: frozenset = frozenset()) -> tuple[str, ...]:
    text = " ".join(w)
    named = []
    if keywords_only:
        return _keyword_columns(w, vocab)
    for c in vocab.columns.values():
        if c.role in ("id", "title"):
            continue
        forms = {c.name.replace("_", " "), c.name.rstrip("s").replace("_", " "), c.name.lower()}
        if "_" in c.name and c.role in ("count", "rating", "price"):
            forms.add(c.name.split("_")[0])  # ratings_count ← "ratings", average_rating ← "average"
        forms |= {g for g, _, _ in glued_words(c) if len(g) >= 6}  # "floodway" of `FloodwayWidth` (read "flood way width")
        if "_" in c.name and len(c.name) >= 7:
            forms.add(c.name.lower().replace("_", ""))  # "birthplace" of `birth_place`
        if any(re.search(rf"\b{re.escape(f)}s?\b", text) for f in forms if len(f) >= 3):
            named.append(c.name)
        elif c.words and c.type in ("integer", "real", "boolean", "text") and any(
                not set(g) <= GENERIC_NOUNS and any(re.search(rf"\b{re.escape(x)}\b", text) for x in g)
                for g in c.words) and all(
                set(g) <= GENERIC_NOUNS or "number" in g or set(g) <= spaces  # "eggs": the number of eggs
                or any(re.search(rf"\b{re.escape(x)}\b", text) for x in g) for g in c.words):
            named.append(c.name)  # "how many calories in …", "highway mpg of …": by the column's words
        elif c.role == "creator" and len(c.name) >= 7 and re.search(rf"\b{re.escape(c.name[:6])}\w*", text) \
                and "who" in w:  # "who published" → publisher
            named.append(c.name)
    if len(named) > 1:  # "highway mpg": the highway column, not every mpg column
        said = {c: {x for g in vocab.columns[c].words for x in g if re.search(rf"\b{re.escape(x)}\b", text)}
                for c in named}
        named = [c for c in named if not any(said[c] < said[o] for o in named if o != c)]
    named = _one_per_year_family(named, w, vocab) or _qualifier_named(text, vocab)
    if not named and not spaces:  # "by xp" of `stats.xp.value`: its namespace unsaid, at last
        named = unsaid_namespace(w, vocab, lambda sp: columns_named(w, vocab, True, spaces=sp))
    if len(named) > 1 and any(vocab.columns[c].mark for c in named if c in vocab.columns):
        from convrec.nlu.marks import mark_choice, marks_in

        named = mark_choice(vocab, named, marks_in(w, vocab))
    if len(named) > 1 and len(first := [c for c in named if c not in later_siblings(vocab)]) == 1:
        named = first  # "viewers": `viewers_7day`, not also `viewers_28day` after it
    if not named and (money := spent_columns(w, vocab)):
        return money
    if not named and {"money", "cash", "funds"} & set(w) and len(money_columns(vocab)) == 1 and not vocab.role("price"):
        return tuple(money_columns(vocab))  # "the most money" of `Contribution`: the catalog's one amount of money
    if named or by_name_only:
        return tuple(named)
    return _keyword_columns(w, vocab)


def _qualifier_named(text: str, vocab: Vocabulary) -> list[str]:
    """"brent" of `oil_brent` beside `oil_dubai`: in a family of number columns that share a word, the rare
    word only one of them has names it alone (the shared one is understood; not "body" of `bodyweight`)."""
    own = vocab.__dict__.get("_qualifiers")
    if own is None:  # column → its rare words no sibling has, read once per catalog
        fam = [c for c in vocab.columns.values() if c.type in ("integer", "real") and c.role not in ("id", "title") and len(c.words) == 2]
        where: dict[str, set[str]] = {}
        for c in fam:
            for g in c.words:
                for x in g:
                    where.setdefault(x, set()).add(c.name)
        own = {}
        for c in fam:
            shared = [g for g in c.words if any(len(where[x]) >= 2 for x in g)]
            mine = [g for g in c.words if g not in shared and all(len(where[x]) == 1 for x in g)]
            if len(shared) == 1 and len(mine) == 1:
                own[c.name] = [x for x in mine[0] if len(x) >= 4 and (word_rank(x) or 10 ** 9) > 5000]
        vocab.__dict__["_qualifiers"] = own
    got = [c for c, xs in own.items() if any(re.search(rf"\b{re.escape(x)}\b", text) for x in xs)]
    return got if len(got) == 1 else []


MEASURE_WORDS = {"level", "levels", "amount", "amounts", "value", "values", "reading", "readings", "result", "results",
                 "measurement", "measurements", "figure", "figures"}
"""Words for "the number measured" that name no column of their own ("the codeine level")."""


def the_measure(vocab: Vocabulary) -> str | None:
    """The catalog's one measured quantity: its only column of real numbers (not an id, a time or a
    rating), or None where there are several or none ("how much caffeine", "higher than the one in
    sample 139", "the highest codeine level")."""
    got = vocab.__dict__.get("_the_measure", "?")
    if got == "?":
        real = [c.name for c in vocab.columns.values() if c.type == "real" and c.role not in ("id", "title", "time", "rating")
                and c.name != "popularity" and not (c.min is not None and c.min == c.max)]
        if len(real) > 1:  # "the highest reading" of radon homes: not the logarithm kept beside the quantity,
            real = [c for c in real if not _restored(vocab, c) and not _of_groups(vocab, c)] or real  # nor a county's uranium
        got = real[0] if len(real) == 1 else None
        vocab.__dict__["_the_measure"] = got
    return got


def names_not_codes(named: tuple[str, ...], w: list[str], vocab: Vocabulary) -> tuple[str, ...]:
    """"which county is measurement 600 from?": of a number coding a category (`county` 1–85 beside
    `county_name`), the category's name, where the word said names both."""
    out = []
    for c in named:
        names = [o for o in _coded_categories(vocab, c) if any(x in w for g in vocab.columns[o].words[:1] for x in g)]
        out.append(names[0] if len(names) == 1 else c)
    return tuple(dict.fromkeys(out))


def _coded_categories(vocab: Vocabulary, code: str) -> list[str]:
    """The category columns number column ``code`` numbers one to one, once per catalog and column."""
    cache = vocab.__dict__.setdefault("_coded_categories", {})
    if code not in cache:
        a = vocab.columns.get(code)
        cache[code] = [] if a is None or a.type != "integer" or code not in vocab.items else \
            [b.name for b in vocab.columns.values() if b.name != code and _codes_of(vocab, code, b.name)]
    return cache[code]


def _codes_of(vocab: Vocabulary, code: str, name: str) -> bool:
    """Is number column ``code`` a numbering of category column ``name`` (one number per name, one name
    per number: `county` 1–85 beside `county_name`)?"""
    b = vocab.columns.get(name)
    if b is None or b.role != "category" or name not in vocab.items:
        return False
    pairs = vocab.items[[code, name]].dropna()
    if len(pairs) and not isinstance(pairs[name].iloc[0], str):
        return False  # (a list column: many names per item)
    pairs = pairs.drop_duplicates()
    return len(pairs) >= 2 and pairs[code].is_unique and pairs[name].is_unique


def _restored(vocab: Vocabulary, col: str) -> bool:
    """Is ``col`` a logarithm whose quantity the catalog also keeps (restored at prepare: `log_radon` beside `radon`)?"""
    from convrec.catalog.derived import restored_name

    got = restored_name(col, set())
    return got is not None and got[0] in vocab.columns


def _of_groups(vocab: Vocabulary, col: str) -> bool:
    """Is ``col`` a value of the group an item belongs to, not of the item: one value on every item of a
    category (a county's uranium on each home of the county), where the groups hold two items or more?"""
    items = vocab.items
    if col not in items:
        return False
    for c in vocab.columns.values():
        if c.role != "category" or c.name not in items or c.name == col:
            continue
        groups = items.groupby(c.name)[col]
        if groups.ngroups < 2 or len(items) < 3 * groups.ngroups:
            continue
        if (groups.nunique() <= 1).mean() >= 0.95:
            return True
    return False


def later_siblings(vocab: Vocabulary) -> set[str]:
    """Columns whose names differ from an earlier column's only by a qualifier that starts with digits
    (`viewers_28day` after `viewers_7day`): "viewers" said alone means the first, the table's own."""
    got = vocab.__dict__.get("_later_siblings")
    if got is None:
        seen, got = set(), set()
        for c in vocab.columns.values():
            base = tuple(x for x in (c.label or c.name).split() if not x[:1].isdigit())
            if len(base) < len((c.label or c.name).split()):
                if base in seen:
                    got.add(c.name)
                seen.add(base)
        vocab.__dict__["_later_siblings"] = got
    return got


_MIDDLE = {"mean", "avg", "average", "median", "mid", "typical"}
_ENDS = {"low", "high", "min", "max", "minimum", "maximum", "lo", "hi", "lower", "upper", "least", "most"}


def middle_siblings(vocab: Vocabulary) -> set[str]:
    """Of number columns whose names differ only by low / high / mean (`altitude_low_meters`,
    `altitude_high_meters`, `altitude_mean_meters`), the mean one: the measure said with no end."""
    got = vocab.__dict__.get("_middle_siblings")
    if got is None:
        groups: dict[tuple[str, ...], list[tuple[str, str]]] = {}
        for c in vocab.columns.values():
            if c.type not in ("integer", "real"):
                continue
            ws = (c.label or c.name).split()
            marks = [x for x in ws if x in _MIDDLE | _ENDS]
            if len(marks) == 1:
                groups.setdefault(tuple(x for x in ws if x != marks[0]), []).append((marks[0], c.name))
        got = {name for members in groups.values() if len(members) >= 2 and any(m in _ENDS for m, _ in members)
               for m, name in members if m in _MIDDLE}
        vocab.__dict__["_middle_siblings"] = got
    return got


def profile_columns(vocab: Vocabulary, limit: int = 12) -> tuple[str, ...]:
    """What an open look-up of one item shows ("tell me about X", "info on X", a bare name)."""
    return profile_columns_of(vocab, limit)


def profile_columns_of(vocab: Vocabulary, limit: int = 12) -> tuple[str, ...]:
    """The columns that describe an item to a person: not its id, title or long text; of a
    measure by year, the latest only."""
    out = []
    for c in vocab.columns.values():
        named = c.role == "text" and c.name in vocab.items and len(vocab.items) > 0 \
            and vocab.items[c.name].dropna().astype(str).str.len().median() <= 24  # a name of each ("centre": Växjö)
        if (c.role in ("id", "title", "text") and not named) or c.name in ("popularity", "item_id") or (c.years and not c.latest) \
                or re.search(r"(?:^|_)id$|[a-z]Id$", c.name):  # other systems' ids ("imdb_id") tell a person nothing
            continue
        out.append(c.name)
    return tuple(out[:limit])


def _one_per_year_family(named: list[str], w: list[str], vocab: Vocabulary) -> list[str]:
    """Of a measure by year ("population_1996" … "population_2021"), the member whose years the
    message says ("the population of Ajax in 2016"), else the latest."""
    from convrec.nlu.vocab import _YEAR

    said = {int(num(x)) for x in w if num(x) is not None and float(num(x)).is_integer()}
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


def family_member(vocab: Vocabulary, col: str, words: list[str]) -> str:
    """Of the measure by year ``col`` belongs to, the member of a year the message says anywhere
    ("the 2nd lowest uninsured rate in 2013": `uni2013`), else ``col``."""
    from convrec.nlu.vocab import _YEAR

    if vocab.columns[col].mark:  # "by spending over the past 24 months": `Dollar24`, the sibling the window says
        from convrec.nlu.marks import marked_sibling, marks_in

        return marked_sibling(vocab, col, marks_in(words, vocab))
    if not vocab.columns[col].years:
        return col
    said = {int(num(x)) for x in words if num(x) is not None and float(num(x)).is_integer()}
    members = [c for c in vocab.columns if vocab.columns[c].years and _YEAR.sub("#", c) == _YEAR.sub("#", col)]
    hit = [c for c in members if said & set(vocab.columns[c].years)]
    return hit[0] if len(hit) == 1 else col


def said_member(vocab: Vocabulary, col: str | None, words: list[str]) -> str | None:
    """Of a measure by year (`Price1998` … `Price2014`), the member of the year said, else the latest."""
    if col is None or not vocab.columns[col].years:
        return col
    got = family_member(vocab, col, words)
    if got != col or set(vocab.columns[col].years) & {int(num(x)) for x in words if num(x) is not None and float(num(x)).is_integer()}:
        return got
    from convrec.nlu.vocab import _YEAR

    latest = [c for c in vocab.columns if vocab.columns[c].latest and _YEAR.sub("#", c) == _YEAR.sub("#", col)]
    return latest[0] if latest else col


def money_columns(vocab: Vocabulary) -> list[str]:
    """The number columns that hold money: a price, a unit of money, or money's words in the name
    (`Dollar12`, `earnings`, `Amount`)."""
    got = vocab.__dict__.get("_money_columns")
    if got is None:
        lex = vocab.lexicon
        words = lex.money_column_words | lex.currencies
        got = vocab.__dict__["_money_columns"] = [
            c.name for c in vocab.columns.values() if c.type in ("integer", "real") and c.name != "popularity"
            and c.role not in ("id", "title", "time", "link", "rating") and c.unit != "%"  # (a share of spending is no money)
            and (c.role == "price" or c.unit == "$" or any(x in words for g in c.words for x in g))]
    return got


def as_written(vocab: Vocabulary, cols: list[str]) -> list[str]:
    """Of several money columns, those that are not an adjusted copy (`VALOR_REAL`, `price_adj`) — or all."""
    adj = vocab.lexicon.money_adjusted  # (a base year in the name, `Revenue_G2012dollars`, is a constant-dollar copy)
    plain = [c for c in cols if c in vocab.columns and not any(x in adj for g in vocab.columns[c].words for x in g)
             and not re.search(r"(?<!\d)(?:19|20)\d\d", vocab.columns[c].label or "")]
    return plain if plain and len(plain) < len(cols) else cols


def spent_columns(w: list[str], vocab: Vocabulary, marks: set | None = None) -> tuple[str, ...]:
    """"what has customer 41 spent over the past year", "the lowest paid": the money columns where
    no price column is (of siblings, the one the window says — ``marks``, or those ``w`` says), else none."""
    if not vocab.lexicon.spending_asks.contains(w) or vocab.role("price") or not money_columns(vocab):
        return ()
    from convrec.nlu.marks import mark_choice, marks_in

    marks = marks_in(w, vocab) if marks is None else marks
    cols = mark_choice(vocab, money_columns(vocab), marks)
    return tuple(cols if marks else [c for c in cols if c not in later_siblings(vocab)] or cols)


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
            elif role == "time" and ("when" in w or "date" in w) and vocab.role("date"):
                # "when did katrina make landfall": the day, where the catalog keeps one, not its year
                dates = list(vocab.role("date"))
                cols = dates + [c for c in cols if not any(c == f"{d}_year" for d in dates)]
            if role == "creator" and len(cols) > 1:
                cols = cols[:1]
            found += [c for c in cols if c not in found]
    return tuple(found)


def column_vocabulary(vocab: Vocabulary) -> set[str]:
    """Every word that names a column (its label's words and its word groups), computed once."""
    got = vocab.__dict__.get("_column_vocabulary")
    if got is None:
        got = {x for c in vocab.columns.values() if c.role not in ("id", "title")
               for x in set(norm(c.label or "").split()) | {y for g in c.words for y in g}
               if x.isalpha() and len(x) >= 4}
        vocab.__dict__["_column_vocabulary"] = got
    return got


def comparison_words(lex) -> set[str]:
    """The lexicon's one-word comparatives and superlatives ("younger", "taller", "cheapest"): a slip
    in one ("yonger") is corrected as a column word is."""
    got = lex.__dict__.get("_comparison_words")
    if got is None:
        phrases = [lex.comparative_more, lex.comparative_less] + [ph for _, m, l in lex.comparative_dims for ph in (m, l)]
        got = {x[0] for ph in phrases for x in ph.items if len(x) == 1 and len(x[0]) >= 5}
        got |= {x for x in lex.low_superlatives if len(x) >= 5}
        lex.__dict__["_comparison_words"] = got
    return got


_UNIT_WORDS = {"quantity", "qty", "units", "pieces", "copies"}


def units_column(vocab: Vocabulary) -> str | None:
    """The column of how many things each row is (`quantity` of a shipment line, `units` of an
    order), where one is: whole numbers, some above 1. A count of rows then also says their sum."""
    for c in vocab.columns.values():
        if c.type == "integer" and c.role not in ("id", "title", "time") and c.max is not None and float(c.max) > 1 \
                and c.min is not None and float(c.min) >= 0 and set(norm(c.label or c.name).split()) & _UNIT_WORDS:
            return c.name
    return None


def correct_column_words(p, vocab: Vocabulary) -> None:
    """A mistyped column word ("calroies", "sodiun", "milage"): a word no dictionary knows, one or two
    letters from exactly one word that names a column, is read as that word (the raw text stays)."""
    from rapidfuzz.distance import DamerauLevenshtein

    words = column_vocabulary(vocab) | comparison_words(vocab.lexicon)
    if not words:
        return
    own = vocab.domain.lower()
    odd = [y for y in words if len(y) >= 6 and y.isalpha() and word_rank(y) is None and word_rank(singular(y)) is None]
    for i, x in enumerate(p.words):
        base = vocab.lexicon.irregular_past.get(x)
        if base and x not in words:  # "how many of the painters drank?": the `drinks` column, by its verb
            said = [y for y in (base + "s", base, base + "es") if y in words or any(y in g for c in vocab.columns.values() for g in c.words)]
            if said:
                p.words[i] = said[0]
                continue
        if i > 0 and p.toks[i].capitalised and x not in words:
            continue  # a name written as one ("in Denver"): no slip of "denser"
        if x not in words and any(x.endswith(e) and len(x) - len(e) >= 4 and any(
                y.startswith(x[:-len(e)]) and len(y) - len(x) + len(e) <= 2 for y in words) for e in ("iest", "est", "ier")):
            continue  # "nastiest" of a `Nasty` column: its superlative, no slip of "nasties"
        full = said_in_full(vocab, x) if x not in words else None  # "transmission" of `trans`, as the texts write it
        if full:
            p.words[i] = full
            continue
        if len(x) >= 7 and x.isalpha() and x not in words and x not in vocab.lexicon.stop and not vocab.lookup(x) \
                and singular(x) != own and not any(x.startswith(y) for y in words if len(y) >= 4 and word_rank(y) is not None):  # "profitable": `profit`
            # a column's cut no dictionary knows, said in full ("uninsured" of `uni2015`, "vegetation" of `VegWidth`)
            cut = [y for y in _cuts(vocab) if (x.startswith(y) or len(y) >= 4 and skeleton_of(y, x)) and len(x) >= len(y) + 3]
            if len(cut) == 1:
                p.words[i] = cut[0]
                continue
        if len(x) >= 6 and x.isalpha() and x not in words and x not in vocab.lexicon.stop and singular(x) != own \
                and (word_rank(x) is not None or word_rank(singular(x)) is not None):
            # a word spelled right for a column spelled wrong ("revetment" of `Revetement`): one slip
            near = [y for y in odd if abs(len(y) - len(x)) <= 1 and y[0] == x[0]
                    and DamerauLevenshtein.distance(x, y) <= (1 if len(x) <= 8 else 2)]
            if len(near) == 1:
                p.words[i] = near[0]
            continue
        if len(x) >= 4 and x.isalpha() and x not in words and x not in vocab.lexicon.stop and not vocab.lookup(x) \
                and singular(x) != own and singular(x) not in words and x not in _value_words(vocab):
            longer = [y for y in column_vocabulary(vocab) if y.isalpha() and y.startswith(x) and len(y) >= len(x) + 3]
            if len(longer) == 1 or (longer and len({y[:len(x) + 3] for y in longer}) == 1
                                    and len({singular(y) for y in longer}) == 1):
                p.words[i] = longer[0]  # "the army exam" of `Examination`: a word said short
                continue
        if len(x) == 4 and x.isalpha() and word_rank(x) is None and x not in words and not vocab.lookup(x):
            swapped = [y for y in ("best", "most") if sorted(y) == sorted(x)
                       and DamerauLevenshtein.distance(x, y) == 1] \
                or [y for y in words if len(y) == 4 and sorted(y) == sorted(x) and DamerauLevenshtein.distance(x, y) == 1]
            # ("a shorter wiat": two letters swapped in a column's word)
            if len(swapped) == 1:
                p.words[i] = swapped[0]  # "scored the bset": two letters swapped in a word of order
                continue
        if len(x) < 5 or not x.isalpha() or x in words or word_rank(x) is not None or x in vocab.lexicon.stop \
                or vocab.lookup(x) or singular(x) == own or word_rank(singular(x)) is not None:  # "horses": a word
            continue
        # one slip (a swap, a missing, extra or wrong letter), two in a long word: "calroies", "sodiun"
        near = [y for y in words if abs(len(y) - len(x)) <= 2 and y[0] == x[0]
                and DamerauLevenshtein.distance(x, y) <= (1 if len(x) <= 8 else 2)]
        if not near:  # "most recnet": one slip in a word of the lexicon's orders ("recent", "newest")
            near = [y for y in _order_words(vocab.lexicon) if abs(len(y) - len(x)) <= 1 and y[0] == x[0]
                    and DamerauLevenshtein.distance(x, y) <= 1]
        if len(near) > 1:  # "revetment": `revetement` (one slip) before "revetements" (two)
            d = {y: DamerauLevenshtein.distance(x, y) for y in near}
            best = min(d.values())
            near = [y for y in near if d[y] == best]
        if len(near) == 1:
            p.words[i] = near[0]


def _order_words(lex) -> set[str]:
    got = lex.__dict__.get("_order_words")
    if got is None:
        more = [ph for m, l, _ in lex.superlatives.values() for ph in (m, l)] + list(lex.vague.values())
        got = {x[0] for ph in more for x in ph.items if len(x) == 1 and len(x[0]) >= 5}
        lex.__dict__["_order_words"] = got
    return got


def columns_by_stem(words: list[str], vocab: Vocabulary, stop_ok: bool = False) -> tuple[str, ...]:
    """The one column a question's word names by its stem ("miles" → mileage, "cited" → citations):
    a word of five or more letters whose first four letters start exactly one column's label word,
    or whose root (without -ed, -ing, -ation, -age, -s) is a label word's root ("cited", "citations")."""
    stop = vocab.lexicon.stop
    found: list[str] = []
    for x in words:
        if len(x) < 5 or not x.isalpha() or (x in stop and not stop_ok):
            continue
        hits = {c.name for c in vocab.columns.values() if c.role not in ("id", "title")
                and not (c.min is not None and c.min == c.max)  # a constant (no interactions' popularity) orders nothing
                for y in norm(c.label or c.name).split() if len(y) >= 5 and (y[:4] == x[:4] or bool(_roots(y) & _roots(x)))}
        if len(hits) > 1:  # "scored" of `score` and `percent_score`: the one the word's root names whole
            whole = [h for h in hits if norm(vocab.columns[h].label or h) in _roots(x)]
            hits = set(whole) if len(whole) == 1 else hits
        if len(hits) == 1:
            found.append(next(iter(hits)))
    return tuple(dict.fromkeys(found))



_SUFFIXES = ("ations", "ation", "ings", "ing", "ages", "age", "ed", "es", "s", "e", "d")


def _roots(word: str) -> frozenset[str]:
    """The word and what is left of it without one ending (-ations, -ing, -age, -ed, -s …)."""
    return frozenset([word] + [word[:-len(s)] for s in _SUFFIXES if word.endswith(s) and len(word) - len(s) >= 3])


ASKED_COLUMN_SIM = 0.45
"""How close in meaning (MiniLM cosine) a question must come to a column's label to ask for it."""
ASKED_COLUMN_MARGIN = 0.10
"""…and by how much more than to any other column: a question that could mean two is not read."""


def nearest_column(words: list[str], vocab: Vocabulary, numeric: bool = False,
                   among: set[str] | None = None, margin: float = ASKED_COLUMN_MARGIN) -> tuple[str, ...]:
    """The column a question about one item asks for when no word names it, by meaning: "how many
    people died in …" → `deaths`, "when was … discovered" → `year discovered`, "what number does
    … wear" → `number`, "how many days does … incubate" → `Incubate`. The question (without the
    item's name) and each of its content words are compared with every column's label; the
    column nearest by the better of the two is taken when it is near enough and clearly nearer
    than the next. ``among``: only these columns compete (the ones a number's size could bound).
    Nothing without a sentence encoder."""
    enc = getattr(vocab, "encoder", None)
    if enc is None:
        return ()
    got = vocab.__dict__.get("_label_vecs")
    if got is None:
        cols = [c for c in vocab.columns.values() if c.role not in ("id", "title") and c.name != "popularity"
                and not c.name.startswith("attr_")]
        labels = [c.label or c.name.replace("_", " ") for c in cols]
        vecs = np.asarray(enc.encode(labels), dtype=np.float32) if cols else np.zeros((0, 1), np.float32)
        got = ([c.name for c in cols], vecs / np.maximum(np.linalg.norm(vecs, axis=1, keepdims=True), 1e-9))
        vocab.__dict__["_label_vecs"] = got
    names, vecs = got
    if numeric:  # a superlative sorts: only number columns
        keep = [k for k, n in enumerate(names) if vocab.columns[n].type in ("integer", "real")]
        names, vecs = [names[k] for k in keep], vecs[keep]
    if among is not None:
        keep = [k for k, n in enumerate(names) if n in among]
        names, vecs = [names[k] for k in keep], vecs[keep]
    stop = vocab.lexicon.stop
    content = [x for x in words if x.isalpha() and x not in stop and len(x) >= 3]
    text = " ".join(x for x in words if x.isalnum() or x == "'")
    if len(names) < 2 or not content:
        return ()
    q = np.asarray(enc.encode([text] + content), dtype=np.float32)
    q = q / np.maximum(np.linalg.norm(q, axis=1, keepdims=True), 1e-9)
    sims = (q @ vecs.T).max(axis=0)
    order = np.argsort(-sims)
    if sims[order[0]] >= ASKED_COLUMN_SIM and sims[order[0]] - sims[order[1]] >= margin:
        return (names[order[0]],)
    return ()


def said_opposite(vocab: Vocabulary, adjective: str, col: str) -> bool:
    """Is a superlative or comparative made from the opposite of the column's word ("easiest",
    "easier" of `difficulty`; "safest" of `risk`)? By the lexicon's antonym pairs."""
    x = adjective
    stem = x[:-4] + "y" if x.endswith("iest") else x[:-3] if x.endswith("est") else \
        x[:-3] + "y" if x.endswith("ier") else x[:-2] if x.endswith("er") else x
    bases = {stem, stem + "e", stem[:-1] if len(stem) > 3 and stem[-1] == stem[-2] else stem}  # "simpler", "safer", "bigger"
    c = vocab.columns[col]
    words = {y for g in c.words for y in g} | set(norm(c.label or col).split())
    return any(vocab.lexicon.antonyms.get(b, set()) & words for b in bases)


SHARE_WORDS = {"share", "proportion", "fraction", "percentage", "percent", "%", "ratio"}


def ratio_named(w: list[str], vocab: Vocabulary, k: int) -> tuple[str | None, int]:
    """"15% of their body weight", "the biggest share of their own body weight": at ``w[k]`` "of" and
    the words of a column b, where one column is a / b on every item (``ratio_of``): (that column,
    the end of the words read); else (None, k)."""
    ratios = [c for c in vocab.columns.values() if len(c.ratio_of) == 2]
    if not ratios or k >= len(w) or w[k] != "of":
        return None, k
    e = k + 1
    while e < len(w) and w[e] in ("their", "its", "his", "her", "the", "own", "a", "an"):
        e += 1
    for end in range(e + 1, min(len(w), e + 3) + 1):  # the fewest words that name b
        said = set(w[e:end])
        for c in ratios:
            b = vocab.columns.get(c.ratio_of[1])
            if b is not None and b.words and all(said & set(g) for g in b.words):
                return c.name, end
    return None, k


def dated_column(vocab: Vocabulary, time_col: str) -> str:
    """The full date a year column was read from (`audition_date_start` of `audition_date_start_year`),
    else the catalog's one date column: what orders items within a year; else the year itself."""
    dated = [c for c in vocab.role("date") if c in vocab.items]
    own = [c for c in dated if f"{c}_year" == time_col]
    return own[0] if own else dated[0] if len(dated) == 1 and _same_years(vocab, dated[0], time_col) else time_col


def _same_years(vocab: Vocabulary, date_col: str, time_col: str) -> bool:
    """Does the date column date the same events as the year column (its year the item's year on most
    rows)? A laureate's birth date does not order the prizes of a year."""
    key = ("_same_years", date_col, time_col)
    got = vocab.__dict__.get(key)
    if got is None:
        from convrec.catalog.dates import parse_dates

        if time_col not in vocab.items:
            got = True
        else:
            years = parse_dates(vocab.items[date_col]).dt.year
            both = years.notna() & vocab.items[time_col].notna()
            got = bool(both.sum()) and float((years[both] == vocab.items[time_col][both]).mean()) >= 0.8
        vocab.__dict__[key] = got
    return got


def money_column(vocab: Vocabulary, said: list[str] | tuple = ()) -> str | None:
    """The column a bare amount of money speaks of where no column is a price: the one column in a
    currency, or of several the total."""
    cols = [c for c in vocab.columns.values() if (c.unit == "$" or c.role == "price") and c.type in ("integer", "real")]
    if said and len(money_columns(vocab)) > len(cols):  # "total drug spending": a money column named, kept without a unit
        score = {c: sum(1 for g in vocab.columns[c].words if set(g) & set(said)) for c in money_columns(vocab)}
        best = max(score.values())
        if best and list(score.values()).count(best) == 1:
            return next(c for c, n in score.items() if n == best)
    if len(cols) > 1 and said:  # "electric bill": the column whose words are said most
        score = {c.name: sum(1 for g in c.words if set(g) & set(said)) for c in cols}
        best = max(score.values())
        named = [c for c in cols if score[c.name] == best]
        cols = named if best and len(named) == 1 else cols
    if len(cols) > 1:
        plain = as_written(vocab, [c.name for c in cols])
        cols = [c for c in cols if c.name in plain]
    if len(cols) > 1:
        cols = [c for c in cols if "total" in norm(c.label or c.name).split()]
    return cols[0].name if len(cols) == 1 else None
