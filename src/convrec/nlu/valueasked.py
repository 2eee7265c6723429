"""Questions about a value of the items a request picks ("how many homers did the twins hit in 2019",
"where did the 1927 yankees play", "how heavy is the pontiac safari"): which column is asked."""

from __future__ import annotations

from convrec.catalog.meaning import unit_for_word
from convrec.catalog.text import norm, noun_plural
from convrec.nlu.columns import the_measure, columns_named, nearest_column, column_vocabulary
from convrec.nlu.dimensions import column_dimensions, dimension_column, unit_dimensions
from convrec.nlu.intent import Condition
from convrec.nlu.picking import rows_matching
from convrec.nlu.reading import DOMAIN_NOUNS, Parse
from convrec.nlu.vocab import Vocabulary

_PLACE_WORDS = {"place", "location", "city", "country", "state", "town", "region", "venue", "stadium", "park",
                "address", "birthplace", "hometown", "origin", "county", "province", "ballpark", "arena"}


def _where_columns(w: list[str], vocab: Vocabulary) -> tuple[str, ...]:
    """The place column a "where" question asks for: the one whose other words were said ("born" →
    `birth_pl`), or the only one."""
    places = [c for c in vocab.columns.values() if c.role not in ("id", "title")
              and set(norm(c.label or c.name).split()) & _PLACE_WORDS]
    said = [c.name for c in places if any(x in g for g in c.words for x in w if x not in ("where", "is", "was"))]
    if len(said) == 1:
        return (said[0],)
    return tuple(c.name for c in places) if len(places) <= 3 else ()  # a city and its state: both


def _picks_few(vocab: Vocabulary, conds: list[Condition], most: int = 2) -> bool:
    """Do these value and number conditions pick at most ``most`` items of the catalog ("the 1927
    yankees": one season) — a question about them, not a list ("where can I change to the RER")?"""
    rows = rows_matching(vocab, conds)
    return rows is not None and 1 <= len(rows) <= most


def _how_adverb(w: list[str], vocab: Vocabulary) -> tuple[str, ...]:
    """"how densely populated is X": the number column the adverb's stem starts (density), not the
    participle after it (population)."""
    for k in range(len(w) - 1):
        if w[k] == "how" and w[k + 1].endswith("ly") and len(w[k + 1]) >= 7:
            stem = w[k + 1][:-2].rstrip("e") if not w[k + 1].endswith("ily") else w[k + 1][:-3]
            cols = [c.name for c in vocab.columns.values() if c.type in ("integer", "real") and c.role not in ("id", "title")
                    and any(len(stem) >= 4 and x[:len(stem) - 1] == stem[:-1] and len(x) >= len(stem)
                            for x in norm(c.label or c.name).split())]  # "frequent(ly)": frequency; "dens(ely)": density
            if len(cols) == 1:
                return (cols[0],)
    return ()


def _how_dimension(w: list[str], vocab: Vocabulary) -> tuple[str, ...]:
    for k in range(len(w) - 2):  # "how many miles is …", "how many hours does … take": the unit's one column
        unit = unit_for_word(w[k + 2]) if w[k] == "how" and w[k + 1] in ("many", "much") else None
        if unit:
            cols = {c for c in (dimension_column(vocab, d) for d in unit_dimensions(vocab, unit, w[k + 2])) if c}
            if len(cols) == 1:
                return (cols.pop(),)
    for k in range(len(w) - 1):
        if w[k] == "how" and w[k + 1] in vocab.lexicon.how_dimension:
            for dim in vocab.lexicon.how_dimension[w[k + 1]]:
                col = dimension_column(vocab, dim) if dim in vocab.lexicon.superlatives else None
                if col:
                    return (col,)
                if dim in vocab.lexicon.superlatives:  # "how wide is the channel": of the widths, the channel's
                    dim_words = vocab.lexicon.superlatives[dim][2]
                    said = set(w) - dim_words
                    named = [c.name for c in vocab.columns.values() if c.type in ("integer", "real")
                             and dim in column_dimensions(vocab, c) and any(said & (set(g) - dim_words) for g in c.words)]
                    if len(named) == 1:
                        return (named[0],)
    return ()


_VALUE_QUESTIONS = ("what", "whats", "what's", "how", "when")


def _numbering(vocab: Vocabulary, col: str) -> bool:
    """Is the column a whole number different for every item (`district` 1…53): their numbering?"""
    c = vocab.columns[col]
    return c.type == "integer" and c.distinct is not None and c.distinct >= 0.95 * max(len(vocab.items), 1)


def _asked_of_picked(p: Parse, vocab: Vocabulary, conds: list[Condition], content: list[str]) -> tuple[str, ...]:
    """"what rate is the hawaii borrower on the 5-year loan paying?", "how much did the person from
    new hampshire borrow?", "how many homers did the twins hit in 2019?": a question about a value
    of the items the conditions pick — the column its unread words name (by name, by the
    dimension of "how heavy", else by meaning), one the conditions do not already use. Not a count
    of items ("how many hikes take 10 hours or more") and not a list ("what loans are from ...")."""
    w = p.words
    if content and content[0] == "where" and ((p.sort and p.k == 1) or (conds and _picks_few(vocab, conds))):
        used = {c.column for c in conds} | {h.column for h in p.sort}
        return tuple(c for c in _where_columns(w, vocab) if c not in used)  # "where did the 1927 yankees play"
    if content and content[0] not in _VALUE_QUESTIONS and "?" in w and conds and not p.sort \
            and all(c.op == "=" or (c.op == "in" and len(c.value) == 1) for c in conds) and _picks_few(vocab, conds, 1):
        # "floodway width at river mile 933.48?": a column's name, asked of the one item a value picks
        used = {c.column for c in conds}
        named = [c for c in columns_named(content[:3], vocab, by_name_only=True) if c not in used
                 and vocab.columns[c].role not in ("id", "title")]
        return tuple(named) if len(named) == 1 else ()
    if not (conds or p.sort) or (p.sort and p.k != 1) or not content or content[0] not in _VALUE_QUESTIONS:
        return ()  # with an order, of the one item it puts first ("how much did the longest one weigh?")
    used = {c.column for c in conds} | {h.column for h in p.sort}
    nouns = DOMAIN_NOUNS | {vocab.domain, noun_plural(vocab.domain)}
    if content[0] == "how" and len(content) > 1 and content[1] == "many":
        k = w.index("many") + 1
        named = columns_named([w[k]], vocab, by_name_only=True) if k < len(w) else ()
        if not named and k < len(w):  # "how many volumes does the library of … hold": `library volumes`,
            said = set(w)              # its other words said elsewhere in the question
            named = tuple(c.name for c in vocab.columns.values() if c.type in ("integer", "real") and c.words
                          and any(w[k] in g for g in c.words) and all(said & set(g) for g in c.words))
            named = named if len(named) == 1 else ()
        if not named and k < len(w) and not p.claimed[k] and unit_for_word(w[k]) and _picks_few(vocab, conds, 1):
            by_unit = tuple(c for c in _how_dimension(w, vocab) if c not in used)  # "how many months did the … last"
            if by_unit:
                return by_unit
        if not named and k + 1 < len(w) and w[k] not in nouns and not p.claimed[k + 1] and _picks_few(vocab, conds, 1):
            named = columns_named([w[k + 1]], vocab, by_name_only=True)  # "how many people died in the crash on …"
            k += 1 if named else 0
        if k >= len(w) or w[k] in nouns or p.claimed[k] or not named \
                or all(vocab.columns[c].role in ("title", "id") or _numbering(vocab, c) or vocab.columns[c].type == "text"
                       for c in named):  # ("how many flights were …" of a `FlightNumber` of codes: items counted)
            return ()  # "how many loans from california", "how many districts did coderre win": a count of items
            # (a `district` column numbering them 1…53 is no quantity of one: "how many districts had …")
    if content[0] in ("what", "whats", "what's") and len(content) > 1 and (content[1] in nouns or (
            len(content) > 2 and content[1] in ("is", "are") and content[2] in nouns)):
        return ()  # "what loans are from texas": a list
    if content[0] == "how" and len(content) > 1 and content[1] in vocab.lexicon.how_dimension:
        return tuple(c for c in _how_dimension(w, vocab) if c not in used)  # "how heavy was …"
    phrase = _asked_phrase(p, vocab, content[0], conds)
    if not phrase:
        return ()
    named = [c for c in columns_named(phrase, vocab, by_name_only=True) if c not in used]
    if not named:
        among = {c.name for c in vocab.columns.values() if c.name not in used and c.role not in ("id", "title")}
        much = content[0] == "how" and len(content) > 1 and content[1] in ("much", "many")
        named = list(nearest_column(phrase, vocab, among=among, numeric=much, margin=0.05 if much else 0.10))
        if not named and much and (the := the_measure(vocab)) and the not in used:
            named = [the]  # "how much caffeine was in sample 94": the catalog's one measure of it
    if not named:  # "the bill length": of the columns a said word names (`culmen length`,
        said = set(phrase)                     # `flipper length`), all of them when they are few
        named = [c.name for c in vocab.columns.values() if c.name not in used and c.type in ("integer", "real")
                 and c.role not in ("id", "title") and any(said & set(g) for g in c.words)]
        if len(named) > 3:  # "what was the high": of a family (`high_temp`, `high_dewpt`, … ) the first, the
            first = [c for c in named if norm(vocab.columns[c].label or c).split()[:1] == phrase[:1]]  # main measure
            named = first[:1] if len(first) == len(named) and len(phrase) == 1 else []
    return tuple(dict.fromkeys(named))


def _asked_phrase(p: Parse, vocab: Vocabulary, q: str, conds: list[Condition] = ()) -> list[str]:
    """The words that say what a value question asks: the noun phrase after "what (is the)" or
    "how many/much" ("what rate", "the bill length", "how many homers"), else its closing verb
    ("how much did … borrow")."""
    w, lex = p.words, vocab.lexicon
    nouns = DOMAIN_NOUNS | {vocab.domain, noun_plural(vocab.domain)}
    k = next(k for k, x in enumerate(w) if x == q)
    k += 1
    if q == "how" and k < len(w) and w[k] in ("much", "many"):
        k += 1
        in_conds = {x for c in conds for x in norm(c.text).split()}
        if k < len(w) and p.claimed[k] and w[k].isalpha() and (w[k] not in in_conds or w[k - 1] == "much") \
                and w[k] not in nouns:
            return [w[k]]  # "how much rain did mumbai get": a word read only as a wish names what is asked
    while k < len(w) and w[k] in ("is", "was", "are", "were", "the", "'s", "s", "a", "an", "its", "their"):
        k += 1
    out = []
    said = column_vocabulary(vocab) | {x for c in vocab.columns.values() for g in c.words[:1] for x in g}  # "the high"
    while k < len(w) and len(out) < 3 and not p.claimed[k] and w[k].isalpha() and (w[k] not in lex.stop or w[k] in said) \
            and w[k] not in nouns:
        out.append(w[k])
        k += 1
    if out:
        return out
    while k < len(w) and (p.claimed[k] or w[k] in lex.stop) and w[k] not in nouns:
        k += 1
    if q in ("what", "whats", "what's", "which") and k < len(w) and w[k] in nouns and not columns_named(
            [x for j, x in enumerate(w[k + 1:], k + 1) if not p.claimed[j] and x.isalpha() and x not in lex.stop],
            vocab, by_name_only=True):
        return []  # "what's the 2nd busiest airport outside the US?": the airport itself, not a value of it
    sorted_words = {x for h in p.sort for x in norm(h.text).split()}
    last = [x for j, x in enumerate(w) if not p.claimed[j] and x.isalpha() and (x not in lex.stop or q == "when" and x in said)
            and x not in nouns
            and x not in _VALUE_QUESTIONS and x not in ("much", "many", "did", "does", "do")
            and not (j > 0 and p.claimed[j - 1] and w[j - 1] in sorted_words)]  # "the most watched episode": the item
    return last[-1:]
