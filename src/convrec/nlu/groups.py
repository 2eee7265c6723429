"""Questions about groups of items, not one item: "which month had the most samples collected?",
"what state has the most loans?", "which island has the fewest penguins" — the value of a
category column that the most (fewest) items carry, among the items the other words pick.

The words after "which/what" name a category (or year) column of this catalog, and what follows
"the most/fewest" names no number column (then it would be an order of items: "which team hit
the most home runs" is a team, the item). The answer is a count per value, from the database.
"""

from __future__ import annotations

from convrec.catalog.text import norm, noun_plural, singular
from convrec.catalog.headers import name_words
from convrec.nlu.columns import columns_by_stem, columns_named
from convrec.nlu.reading import DOMAIN_NOUNS, Parse
from convrec.nlu.vocab import Vocabulary

_MOST = {"most": True, "fewest": False, "least": False}
_GROUP_ROLES = ("category", "time", "creator")


def read_group(p: Parse, vocab: Vocabulary) -> tuple[str, bool] | None:
    """(column, most?) when the message asks which value of a column the most/fewest items have."""
    w = [x for x in p.words]
    if len(w) < 4 or w[0] not in ("which", "what", "whats", "what's"):
        return None
    k = next((k for k in range(2, min(len(w), 8)) if w[k] in _MOST), None)
    if k is None:
        return None
    head = [x for x in w[1:k] if x not in ("the", "a", "an")]
    # "which month had", "what state has": the column's words, then a verb
    col = None
    for e in range(min(3, len(head)), 0, -1):
        named = [c for c in columns_named(head[:e], vocab, by_name_only=True)
                 if vocab.columns[c].role in _GROUP_ROLES]
        if len(named) == 1:
            col = named[0]
            break
    if col is None:
        return None
    after = [x for x in w[k + 1:k + 4] if x.isalpha() and x not in vocab.lexicon.stop]
    items = DOMAIN_NOUNS | {vocab.domain, noun_plural(vocab.domain)}
    said = {singular(x) for x in after}
    if after and after[0] not in items and any(
            vocab.columns[c].type in ("integer", "real") and {singular(x) for x in norm(vocab.columns[c].label or c).split()} <= said
            for c in columns_named(after, vocab, by_name_only=True)):
        return None  # "which team hit the most home runs": an order of the items by a number (not "most loans")
    return col, _MOST[w[k]]


_DIFFERENT = {"different", "distinct", "unique", "separate"}


def read_distinct(p: Parse, vocab: Vocabulary) -> str | None:
    """The column whose number of values is asked ("how many different counties received
    something", "how many distinct makers are there"): "how many" and a word of sameness, then the
    column's words; None otherwise."""
    w = p.words
    for k in range(len(w) - 3):
        if w[k] == "how" and w[k + 1] == "many" and w[k + 2] in _DIFFERENT:
            for e in range(min(len(w), k + 6), k + 3, -1):
                named = [c for c in columns_named(w[k + 3:e], vocab, by_name_only=True)
                         if vocab.columns[c].role in _GROUP_ROLES + ("tag", "text") or _coded(vocab, c)]
                if not named:  # "how many different stations": `station_id`, "countries": `country_of_origin` — by its head
                    named = [c for c in vocab.columns if (_coded(vocab, c) or vocab.columns[c].role in _GROUP_ROLES)
                             and vocab.columns[c].words and c not in ("item_id", "title") and any(
                                 x in vocab.columns[c].words[0] for x in w[k + 3:e] if x.isalpha())
                             and norm(vocab.columns[c].label or c).split()[0] not in ("in", "of", "at", "by")]
                if len(named) > 1:  # "different countries": `country_of_origin` (its head) before `in_country_partner`
                    head = [c for c in named if any(singular(x) == singular(norm(vocab.columns[c].label or c).split()[0])
                                                    for x in w[k + 3:e])]
                    named = head if len(head) == 1 else named
                if len(named) == 1:
                    p.claim(k + 2, e)
                    return named[0]
        if w[k] == "how" and w[k + 1] == "many" and w[k + 2] not in _DIFFERENT:
            # "how many years of data are there", "how many counties are there": of a column whose values
            # repeat across the items (years of a panel, counties of homes), its number of values
            for e in range(min(len(w), k + 5), k + 2, -1):
                rest = [x for x in w[e:] if x not in _THERE]
                named = [c for c in columns_named(w[k + 2:e], vocab, by_name_only=True)
                         if vocab.columns[c].role in _GROUP_ROLES + ("time",) and vocab.columns[c].distinct
                         and vocab.columns[c].distinct <= 0.5 * len(vocab.items)]
                if len(named) == 1 and not rest and not any(p.claimed[x] for x in range(k + 2, e)):
                    p.claim(k + 2, len(w))
                    return named[0]
    return None


def _coded(vocab: Vocabulary, col: str) -> bool:
    """A whole-number code shared by several items (`station_id`): its different values can be counted."""
    c = vocab.columns[col]
    return c.type == "integer" and "id" in name_words(col) and bool(c.distinct) and c.distinct < 0.9 * len(vocab.items)


_THERE = {"are", "there", "is", "of", "data", "in", "the", "this", "catalog", "catalogue", "dataset", "table", "do", "you",
          "have", "does", "it", "cover", "covered", "?", ".", "records", "represented", "listed", "included", "altogether",
          "in total", "total"}
"""Words that end a question about the catalog itself ("… of data are there?", "… does the table cover")."""


def counted_column(p: Parse, vocab: Vocabulary) -> tuple[str, ...]:
    """"how many golden tickets were given out in San Juan?", "how many seats do they hold": the
    words after "how many" name a number column of whole things (not the items themselves): the
    count asked is that column's sum over the items that match."""
    w = p.words
    for k in range(len(w) - 2):
        if w[k] == "how" and w[k + 1] == "many":
            said = []
            for x in w[k + 2:k + 5]:
                if not x.isalpha() or x in vocab.lexicon.stop:
                    break
                said.append(x)
            if not said or any(x in DOMAIN_NOUNS or singular(x) == vocab.domain or x == noun_plural(vocab.domain)
                               for x in said):
                return ()
            cols = [c.name for c in vocab.columns.values() if c.type == "integer" and c.role not in ("id", "title", "time")
                    and c.min is not None and float(c.min) >= 0 and c.words and c.name != "popularity"
                    and (c.name in columns_named(said, vocab, by_name_only=True)
                         or set(said[-1:]) & set(c.words[0]))]  # its head noun said ("tickets" of `tickets_to_hollywood`)
            return tuple(cols[:1]) if len(cols) == 1 else _counted_by_verb(w, k + 2 + len(said), vocab)
    return ()


_BE = {"were", "was", "are", "is", "got", "get", "have", "had", "has", "been", "being"}


def _counted_by_verb(w: list[str], j: int, vocab: Vocabulary) -> tuple[str, ...]:
    """"how many mild TBIs were diagnosed …", "how many birds were counted at C1": the verb after
    the counted noun names a whole-number column that counts per row (`diagnosed`, `count`): its sum."""
    if j >= len(w) or w[j] not in _BE:
        return ()
    j += 1
    while j < len(w) and w[j] in _BE:
        j += 1
    if j >= len(w) or not w[j].isalpha() or not w[j].endswith("ed"):
        return ()
    counts = {c.name for c in vocab.columns.values() if c.type == "integer" and c.role not in ("id", "title", "time")
              and c.min is not None and float(c.min) >= 0 and c.max is not None and float(c.max) > 1 and c.name != "popularity"}
    cols = [c for c in columns_named([w[j]], vocab, by_name_only=True) if c in counts] \
        or [c for c in columns_by_stem([w[j]], vocab) if c in counts]
    return tuple(cols) if len(cols) == 1 else ()
