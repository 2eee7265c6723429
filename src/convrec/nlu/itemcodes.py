"""Items named otherwise than by their title as written: a column whose values are codes that tell
the items apart (an acronym "HFC-134a" beside "1,1,1,2-tetrafluoroethane", a CAS number, a part
number) links like a model code in a title ("longer than HFC-134a"); a title of two words said as one
("vietnam" for "Viet Nam") links; the items' noun alone ("the #1 school") names no item."""

from __future__ import annotations

import re

from convrec.catalog.linking import normalize_title
from convrec.catalog.text import noun_plural
from convrec.nlu.vocab import Vocabulary

_CODE = re.compile(r"(?=.*\d)(?=.*[a-z])[a-z0-9]{3,}")


def code_columns(vocab: Vocabulary) -> list[str]:
    """Text columns (not the id or title) of codes: 20 or more filled, (almost) every one different,
    short, most with letters and digits."""
    out = []
    for c in vocab.columns.values():
        if c.type != "text" or c.role in ("id", "title", "link") or c.name not in vocab.items:
            continue
        vals = vocab.items[c.name].dropna().astype(str).str.strip()
        vals = vals[vals != ""]
        if len(vals) < 20 or vals.nunique() < 0.95 * len(vals) or vals.str.len().median() > 20:
            continue
        if (vals.str.contains(r"\d") & vals.str.contains(r"[A-Za-z]")).mean() >= 0.5:
            out.append(c.name)
    return out


def code_index(vocab: Vocabulary) -> dict[str, list[int]]:
    """Code word → the items (linker indices) carrying it: the title's model codes and the code
    columns' codes, computed once."""
    got = vocab.__dict__.get("_code_index")
    if got is None:
        got = {k: list(v) for k, v in vocab.code_titles.items()}
        ids = {str(x): k for k, x in enumerate(vocab.linker.ids)}
        for col in code_columns(vocab):
            for item_id, v in vocab.items[col].dropna().items():
                k = ids.get(str(item_id))
                if k is None:
                    continue
                codes = vocab.__dict__.setdefault("_item_codes", {})
                codes[k] = codes.get(k, "") + "|" + normalize_title(str(v)).replace(" ", "")
                for x in normalize_title(str(v)).split():
                    if _CODE.fullmatch(x) and k not in got.setdefault(x, []):
                        got[x].append(k)
        vocab.__dict__["_code_index"] = got
    return got


def item_codes(vocab: Vocabulary) -> dict[int, str]:
    """Item (linker index) → its codes written together ("|hfc134a"), for the words said before a code."""
    code_index(vocab)
    return vocab.__dict__.get("_item_codes", {})


def drop_noun_mentions(p, vocab: Vocabulary) -> None:
    """A "title" said only as the items' noun ("the #1 school" linked to "school 1") is no item: the
    noun is what every item is (its words are left to the other readers' reading)."""
    from convrec.catalog.text import noun_plural, norm

    nouns = {norm(vocab.domain), norm(noun_plural(vocab.domain))}
    keep = [(s, m) for s, m in p.mentions if norm(m.text) not in nouns or norm(m.title) in nouns]
    if len(keep) < len(p.mentions):
        p.mentions = keep


def compact_titles(p, vocab: Vocabulary, speaker: str = "user") -> None:
    """A title of two or more words said as one ("vietnam" for "Viet Nam", "newzealand"), where one title
    is that: the item."""
    from convrec.nlu.intent import ItemMention
    from convrec.nlu.reading import Span

    index = vocab.__dict__.get("_compact_titles")
    if index is None:
        index = {}
        for k, t in enumerate(vocab.linker.titles):
            words = normalize_title(str(t)).split()
            if len(words) >= 2 and len("".join(words)) >= 5:
                index.setdefault("".join(words), []).append(k)
        index = vocab.__dict__["_compact_titles"] = {x: ks for x, ks in index.items() if len(ks) == 1}
    if not index:
        return
    for i, x in enumerate(p.words):
        said = x[:-2] if x.endswith("'s") else x
        if p.claimed[i] or said not in index or vocab.lookup(said):
            continue
        k = index[said][0]
        p.mentions.append((Span(i, i + 1), ItemMention(vocab.linker.ids[k], vocab.linker.titles[k], p.toks[i].raw,
                                                       "reference", speaker, 100.0)))
        p.claim(i, i + 1)


def claim_portions(p, vocab: Vocabulary) -> None:
    """"a cup of buttermilk", "a slice of cherry pie": the portion said before an item its own row is
    measured in (its measure "1 cup", "1 slice") is part of naming it, no value to match."""
    w = p.words
    for span, m in p.mentions:
        a = span.start
        if a < 3 or w[a - 1] != "of" or w[a - 3] not in ("a", "an", "one") or any(p.claimed[x] for x in range(a - 3, a)):
            continue
        said = w[a - 2].rstrip("s")
        row = [str(vocab.item_value(m.item_id, c.name) or "").lower() for c in vocab.columns.values()
               if c.type in ("text", "category") and c.role not in ("id", "title")]
        if said.isalpha() and len(said) >= 3 and any(said in re.findall(r"[a-z]+", v) or said + "s" in re.findall(r"[a-z]+", v)
                                                     for v in row):
            p.claim(a - 3, a)


def one_by_value(vocab: Vocabulary, words: list[str]) -> str | None:
    """The one item whose own text column holds the words said (a farm's, a mill's name), the
    items' noun after them left out ("the tulla coffee farm one"); None when none or several do."""
    while words and words[-1] in ("one", "ones", vocab.domain.lower(), noun_plural(vocab.domain.lower())):
        words = words[:-1]
    if len(words) < 2:
        return None
    said = " ".join(words)
    found: set = set()
    for c in vocab.columns.values():
        if c.type != "text" or c.role in ("id", "title", "link") or c.name not in vocab.items:
            continue
        col = vocab.items[c.name]
        hit = col[col.astype(str).str.lower().str.strip() == said]
        found |= set(hit.index)
        if len(found) > 1:
            return None
    return next(iter(found)) if len(found) == 1 else None
