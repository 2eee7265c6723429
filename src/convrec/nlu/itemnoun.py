"""The items' own noun said as a value family: in a table of people — firefighters who died — "firefighters",
"the oldest firefighter", "how many firefighters died" name the people the catalog holds, though a
`Rank` column writes "Firefighter", "Firefighter/EMT", "Engineer - Firefighter"… A word that several
values of one column carry, covering most of the items, is what the items are (no condition); a
word of a few items ("fire chiefs": 14 %) stays a condition, as does a negated one."""

from __future__ import annotations

from convrec.catalog.linking import titles_are_people
from convrec.catalog.text import singular
from convrec.nlu.reading import Parse

MOST = 0.5
"""The share of items a family of values must cover to be what the items are."""


def _people(vocab) -> bool:
    """Are the items people (most titles a first and a last name)? Once per catalog."""
    got = vocab.__dict__.get("_titles_people")
    if got is None:
        titles = list(vocab.linker.titles[:2000])
        got = vocab.__dict__["_titles_people"] = bool(titles) and titles_are_people(titles)
    return got


def drop_item_noun_families(p: Parse, vocab) -> None:
    if not p.values or not _people(vocab):
        return  # (in a table of breaches, "thefts" is a kind of breach, a condition)
    keep = []
    for span, groups, text in p.values:
        hits = groups[0] if len(groups) == 1 and groups[0] else []
        col = hits[0].column if hits else None
        word = text.lower().strip()
        family = [h for h in hits if h.column == col and h.role == "category"]
        if col is None or not family or len(family) != len(hits) or p.negated(span.start) or " " in word \
                or col not in vocab.items or span.end - span.start != 1 or vocab.columns[col].type == "list":
            keep.append((span, groups, text))
            continue
        values = vocab.items[col].astype(str).str.lower()  # ("Firefighter/EMT" too: every value that carries the word)
        if not all(singular(word) in str(h.value).lower() for h in family):
            keep.append((span, groups, text))  # "weekdays" of Monday…Friday: a name for values, not a word they carry
            continue
        carry = values.str.contains(singular(word), regex=False)
        if values[carry].nunique() >= 3 and float(carry.mean()) >= MOST:  # a family of values, most of the items
            continue  # the items' noun: the word is used (claimed), no condition
        keep.append((span, groups, text))
    p.values = keep
