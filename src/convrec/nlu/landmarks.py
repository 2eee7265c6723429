"""A number column that measures from one of the items ("Scruz": the distance from Santa Cruz): "islands
more than 40 km away from Santa Cruz" binds to it, the item named its landmark, not a liked item."""

from __future__ import annotations

import re

from convrec.nlu.reading import Parse, num
from convrec.nlu.vocab import Vocabulary


def _landmark_columns(vocab: Vocabulary) -> dict[str, str]:
    """item id → the number column that measures from that item ("Scruz": the distance from Santa Cruz),
    once per catalog: a column whose name is the item's title cut short (its first letter and its end,
    "S" + "cruz") or holds it whole ("dist_paris"), and whose value at that item is its least (0 from itself)."""
    got = vocab.__dict__.get("_landmark_columns")
    if got is None:
        got = {}
        titles = [re.sub(r"[^a-z]", "", t.lower()) for t in vocab.items["title"].fillna("").astype(str)] \
            if "title" in vocab.items else None  # each title's letters, once
        for c in vocab.columns.values():
            if titles is None or c.type not in ("integer", "real") or c.role in ("id", "title") or c.min is None \
                    or c.name not in vocab.items:
                continue
            name = re.sub(r"[^a-z]", "", c.name.lower())
            parts = [x for x in re.split(r"[^a-z]+", c.name.lower()) if x]
            if len(name) < 4:
                continue
            for pos, tl in enumerate(titles):
                if len(tl) < 4 or (tl[0] != name[0] and not any(tl in x for x in parts)):
                    continue
                cut = tl != name and tl[0] == name[0] and len(name) >= 5 and tl.endswith(name[1:])  # "S" + "cruz"
                whole = tl in parts or (len(tl) >= 5 and any(x.endswith(tl) or x.startswith(tl) for x in parts) and tl != name)
                if (cut or whole) and vocab.items[c.name].iloc[pos] == vocab.items[c.name].min():
                    got[str(vocab.items["item_id"].iloc[pos])] = c.name
                    break
        vocab.__dict__["_landmark_columns"] = got
    return got


def read_landmark_distances(p: Parse, vocab: Vocabulary) -> None:
    """"islands more than 40 km away from Santa Cruz" where a `Scruz` column measures from Santa Cruz: the
    item named after "from" / "of" / "to" is the column's landmark, not a liked item — its words become
    the column's, so the number beside them binds to it."""
    marks = _landmark_columns(vocab)
    if not marks:
        return
    w = p.words
    for n, (sp, m) in enumerate(list(p.mentions)):
        col = marks.get(m.item_id)
        if col is None or sp.start == 0 or w[sp.start - 1] not in ("from", "of", "to"):
            continue
        if not any(num(w[x]) is not None for x in range(max(0, sp.start - 7), sp.start)) \
                and not any(x in ("closest", "nearest", "farthest", "furthest", "distance") for x in w[:sp.start]):
            continue
        p.mentions = [x for x in p.mentions if x[0] != sp]
        word = vocab.columns[col].words[0][0] if vocab.columns[col].words else col
        for x in range(sp.start - 1, sp.end):
            p.words[x] = "of"
            p.claimed[x] = False
        p.words[sp.end - 1] = word
        if sp.start >= 2 and w[sp.start - 2] == "away":
            p.words[sp.start - 2] = "of"
