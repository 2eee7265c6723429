"""What one item of a catalog is called (its domain noun), from the catalog's name, its title column and
its number columns; and whether a noun an LLM proposed is one."""

from __future__ import annotations

import re

from convrec.catalog.headers import _SPLIT, _camel_split, _split_compound, counted_noun, name_words
from convrec.catalog.wordlists import units_data, word_rank

_WHERE_NOUNS = {"address", "addresses", "location", "locations", "url", "link", "email", "phone", "path", "filename",
                "file", "street", "addr"}
"""Title columns that say where an item is or how to reach it, not what it is (a house's `address`)."""

GENERIC_ROW_NOUNS = {"item", "items", "thing", "things", "row", "rows", "record", "records", "data", "dataset",
                     "catalog", "catalogue", "entry", "entries", "list", "table", "db", "csv", "title", "name", "id",
                     "code", "key", "label", "description", "text", "full", "common", "model", "nickname", "alias",
                     "username", "handle", "moniker", "fullname", "names", "titles"}


_MEASURE_NOUNS = {"rating", "score", "review", "price", "stat", "statistic"}
_PREPOSITIONS = {"since", "of", "per", "in", "at", "by", "from", "to", "for", "after", "before"}


def domain_from_names(name: str, title_col: str = "", columns: tuple[str, ...] | list[str] = ()) -> str | None:
    """What one item is called, when the catalog's name says it in a plural ("epa-cars" → car,
    "ucla_courses" → course, "my-wines" → wine), or names a noun and one of its measures
    ("mammal-sleep" → mammal, "pc-prices" → pc: "sleep" and "prices" are words of its number
    columns, not the items); None when the names do not say it. ``columns``: the number columns."""
    from convrec.catalog.text import singular  # (text reads word ranks from here: imported late)

    t = name_words(title_col)
    if len(t) == 1 and t[0].isalpha() and len(t[0]) >= 4 and t[0] not in GENERIC_ROW_NOUNS and t[0] not in _WHERE_NOUNS \
            and word_rank(singular(t[0])) is not None:
        return singular(t[0])  # a title column named "course", "wine", "baker": what one item is (not "leaderspellreg")
    optional = set(units_data()["optional"]["words"])
    def before_prep(ws: list[str]) -> list[str]:  # `gap_since_prev_episode`: a gap, not an episode
        cut = next((k for k, x in enumerate(ws) if x in _PREPOSITIONS and k > 0), len(ws))
        return ws[:cut]

    heads = [[x for x in before_prep(name_words(c)) if x.isalpha() and len(x) >= 3 and x not in optional] for c in columns
             if name_words(c)[-1:] not in (["id"], ["code"], ["no"], ["nr"])]  # `eruption_id` names the items, measures none
    heads = [h[:-1] + [counted_noun(h[-1]) or h[-1]] if h else h for h in heads]  # `numbids`: the items have bids
    measured = {singular(h[-1]) for h in heads if h}  # a column's head word ("sleep_total": sleep; "breach_start": start)
    measured -= {singular(x) for x in name_words(title_col)}  # "ucla-courses" titled by `course`: the items
    measured |= _MEASURE_NOUNS  # "coffee-ratings", "wine-reviews": what is measured of the items, not the items
    # the name's own words, not the halves of a glued one ("starwars" is a name, not "wars")
    raw = [w for w in _SPLIT.split(_camel_split(name).lower()) if w]
    words = [w for w in raw if w.isalpha() and (len(_split_compound(w)) == 1 or word_rank(singular(w)) is not None)]
    # (a word is a word even where its letters make two: "billionaires", not billion + "aires")
    words += [x for w in raw if not w.isalpha() for x in re.split(r"\d+", w)  # "cars2024": cars (not "forbes2000")
              if x.isalpha() and len(x) >= 4 and word_rank(singular(x)) is not None and singular(x) != x]
    for k in range(len(words) - 1, 0, -1):  # "<noun>-<measure>": the word before a column's word
        if singular(words[k]) in measured and words[k - 1] not in GENERIC_ROW_NOUNS and len(words[k - 1]) >= 2 \
                and singular(words[k - 1]) not in measured and not _a_place_code(words[k - 1]):
            return singular(words[k - 1])
    for w in reversed(words):  # a name of one plural ("loans") is the items, even where a column measures them
        if len(w) >= 4 and w.endswith(("s", "ae")) and w not in GENERIC_ROW_NOUNS and singular(w) != w \
                and (singular(w) not in measured or len(words) == 1) \
                and not (word_rank(singular(w)) is None and word_rank(w) is not None):  # "kansas", "texas": a name
            return singular(w)
    t = name_words(title_col)
    if len(t) == 1 and t[0].isalpha() and len(t[0]) >= 4 and t[0] not in GENERIC_ROW_NOUNS and t[0] not in _WHERE_NOUNS:
        return singular(t[0])  # a title column named "course", "wine", "recipe"
    return None


def _a_place_code(word: str) -> bool:
    """A two-letter word that is rare as a word or a US state's code ("mn-radon": Minnesota's radon,
    not items called "mns"; "pc-prices" names PCs)."""
    from convrec.catalog.wordlists import codes_data

    if len(word) != 2:
        return False
    rank = word_rank(word)
    return rank is None or rank > 20000 or word.upper() in {str(v) for v in codes_data()["us_states"].values()}


def valid_domain(noun: str) -> str | None:
    """A domain noun an LLM proposed, if it is one: one or two lower-case words, not a generic one."""
    noun = " ".join(str(noun).lower().strip().strip(".").split())
    if not re.fullmatch(r"[a-z]{3,16}( [a-z]{3,16})?", noun):
        return None
    from convrec.catalog.text import singular

    noun = " ".join(noun.split()[:-1] + [singular(noun.split()[-1])])
    return None if noun in GENERIC_ROW_NOUNS or noun.split()[0] in ("a", "an", "the", "one") else noun
