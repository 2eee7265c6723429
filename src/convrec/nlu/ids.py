"""Items named by their id or code ("G1005", "ts-0012", "ORD", "listing 45", "#123"): linked like
titles, before any reader takes the digits for a number.

A chunk of the message written without spaces (letters and digits joined directly or by - _ / .)
links to the one item whose id, or whose code-like title, has the same letters and digits. A bare
number links only after a word that says it is an id ("item 45", "id 45", "listing 45", the catalog's
own noun: "house 45"), so "under 500" stays a number. All-letter codes ("ORD") link only
as the user typed them in capitals and when they are no common word."""

from __future__ import annotations

import re

import pandas as pd

from convrec.catalog.text import COMMON_WORD_RANK, singular, word_rank
from convrec.nlu.binding import unit_after
from convrec.nlu.columns import MEASURE_WORDS, columns_named
from convrec.nlu.intent import Condition, ItemMention
from convrec.nlu.reading import Parse, Span
from convrec.nlu.vocab import Vocabulary

_JOIN = set("-_/.")
_CUES = {"item", "id", "listing", "row", "code", "ref", "sku", "unit", "lot", "entry", "record", "product", "model",
         "sample", "specimen", "case", "observation", "obs", "subject", "respondent", "participant", "patient"}
"""Words that say the number after them is an id."""
_POSITION_CUES = {"number", "no", "num", "nr"}
""""number 57", "no. 57", "#57": an id only past any list's positions (> 20): after a list, "number 3"
and "#3" point at a position in it (the conversation acts read those)."""
LIST_POSITIONS = 20


def compact(s: str) -> str:
    return re.sub(r"[^0-9a-z]", "", str(s).lower())


def _index(vocab: Vocabulary) -> dict[str, list[int]]:
    idx = getattr(vocab, "_id_codes", None)
    if idx is not None:
        return idx
    idx, dashed, dashed_words = {}, {}, set()
    linker = vocab.linker
    for k, (i, t) in enumerate(zip(linker.ids, linker.titles)):
        coded = (any(ch.isdigit() for ch in t) and len(t.split()) == 1) or re.fullmatch(r"[A-Z][A-Z.\-]{1,5}", t)
        for s in {i, t} if coded else {i}:  # "G1005", a ticker "VZ": codes link as the catalog writes them
            key = compact(s)
            if key:
                idx.setdefault(key, []).append(k)
    # a second id the catalog carries ("imdbID" tt0050083, an ISBN, a SKU): a text column whose
    # values are nearly all distinct codes with digits, written without spaces
    at = {str(x): k for k, x in enumerate(linker.ids)}
    n = len(linker.ids)
    for c in vocab.columns.values():
        if c.type != "text" or c.role in ("id", "title") or not c.distinct or c.distinct < 0.95 * n \
                or c.name not in vocab.items:
            continue
        sample = vocab.items[c.name].dropna().astype(str).head(200)
        coded = sample.str.fullmatch(r"[A-Za-z0-9_.\-/]{4,}") & sample.str.contains(r"\d")
        upper = sample.str.fullmatch(r"[A-Z0-9]{2,6}(?:/[A-Z0-9]{2,6})*")  # "SLC", "LGA", "04G": codes in capitals
        # (an airport's), or two of them in one cell ("JFK/KJFK": its IATA and ICAO codes, each its own)
        if len(sample) < 10 or max(coded.mean(), upper.mean()) < 0.9:
            continue
        for item, value in vocab.items[c.name].dropna().astype(str).items():
            k = at.get(str(item))
            key = compact(value)
            if k is not None and key and not key.isdigit():
                idx.setdefault(key, []).append(k)
                if re.fullmatch(r"[A-Z0-9]{2,6}(?:/[A-Z0-9]{2,6})+", value.strip()):
                    for part in value.strip().split("/"):
                        idx.setdefault(compact(part), []).append(k)
            elif k is not None and key and _DASHED.fullmatch(value.strip()):
                dashed.setdefault(key, []).append(k)  # a band number "788-36611": digits joined by a dash
                dashed_words.update(str(c.label or c.name).lower().split())
    vocab._id_codes = idx
    vocab._dashed_codes = dashed
    vocab._dashed_words = dashed_words
    return idx


_DASHED = re.compile(r"\d+(?:[-/]\d+)+")


def coded_id(vocab: Vocabulary, token: str) -> bool:
    """Is ``token`` ("70-1G", "24-35S") one item's code as a second id column writes it, dashes and all?"""
    return len(compact(token)) >= 3 and compact(token) in _index(vocab) and not compact(token).isdigit()


def dashed_code(vocab: Vocabulary, token: str) -> bool:
    """Is ``token`` ("788-36611") one of the catalog's codes of digits joined by dashes (not a range)?"""
    _index(vocab)
    return bool(_DASHED.fullmatch(token)) and compact(token) in getattr(vocab, "_dashed_codes", {})


_CODE_NAME = re.compile(r"(?:^|[^a-z])(?:id|no|num|nr|number|code|ref)(?:$|[^a-z])|(?<=[a-z])(?:ID|Id|No|Num)$")


def _number_codes(vocab: Vocabulary) -> dict[str, int]:
    """A whole-number code the catalog keeps beside its row id (a horse's `HorseID`, a `case_no`): a
    column named as an id whose values are distinct whole numbers — "horse 97", "#156" say it."""
    got = getattr(vocab, "_number_codes", None)
    if got is not None:
        return got
    got = {}
    at = {str(x): k for k, x in enumerate(vocab.linker.ids)}
    for c in vocab.columns.values():
        if c.role in ("title", "id") or c.type not in ("integer", "text") or c.name not in vocab.items or c.name == "popularity":
            continue
        label = str(c.label or c.name)
        if not (_CODE_NAME.search(label.replace("_", " ").lower()) or _CODE_NAME.search(label)):
            continue
        col = vocab.items[c.name].dropna()
        if len(col) < 0.9 * len(vocab.items) or not col.is_unique:
            continue
        if c.type == "text":  # a station's `site_id` of codes, many of them numbers ("1058", "R25551"): its numbers
            col = col.astype(str).str.strip()
            col = pd.to_numeric(col[col.str.fullmatch(r"[1-9]\d*")], errors="coerce").dropna()
            if len(col) < 0.3 * len(vocab.items):
                continue
        for item, value in col.items():
            k = at.get(str(item))
            if k is not None:
                got[str(int(value))] = k
        vocab._number_code_column = (c.name,)
        break
    vocab._number_codes = got
    return got


def _only_a_code(vocab: Vocabulary, w: list[str], before: int, v: float) -> bool:
    """Is a number of four or more digits, compared with nothing, a value only the catalog's code column
    can hold (no other number column's range reaches it)?"""
    from convrec.nlu.columns import comparison_words

    if before >= 0 and w[before] != "than" and (w[before] in comparison_words(vocab.lexicon) or w[before] in ("$", "to", "and", "or")):
        return False  # ("a shorter wait than 1463697": an item, where no measure's range reaches the number)
    code = set(getattr(vocab, "_number_code_column", ()))
    return not any(c.type in ("integer", "real") and c.role not in ("id", "title") and c.name not in code
                   and c.min is not None and c.max is not None and float(c.min) <= v <= float(c.max)
                   for c in vocab.columns.values())


def _chunks(p: Parse, text: str) -> list[tuple[int, int]]:
    """Token runs written without spaces ("ts-0012", "G1005", "i7-8700k")."""
    out, a = [], 0
    toks = p.toks
    for i in range(1, len(toks) + 1):
        if i < len(toks) and not toks[i].punct and not toks[i - 1].punct and \
                (toks[i].start == toks[i - 1].end or
                 (toks[i].start == toks[i - 1].end + 1 and text[toks[i - 1].end] in _JOIN)):
            continue
        out.append((a, i))
        a = i
    return out


def _column_holds(vocab: Vocabulary, word: str, key: str) -> bool:
    """Does a whole-number column the word names (not the id) hold the number ``key``?"""
    for col in columns_named([word], vocab, by_name_only=True) or [c.name for c in vocab.columns.values()
                                                                    if any(word in g for g in c.words)]:
        c = vocab.columns[col]
        if c.type == "integer" and c.role not in ("id", "title") and col in vocab.items and float(key) in _numbers_of(vocab, col):
            return True
    return False


def _identifying(vocab: Vocabulary, word: str, key: str) -> int | None:
    """The item a whole-number column the word names numbers, where it gives every item its own number
    (a survey's `case`); None where no such column holds ``key``."""
    at = {str(x): k for k, x in enumerate(vocab.linker.ids)}
    for col in columns_named([word], vocab, by_name_only=True):
        c = vocab.columns[col]
        if c.type != "integer" or col not in vocab.items:
            continue
        s = vocab.items[col].dropna()
        if len(s) < 0.9 * len(vocab.items) or not s.is_unique:
            continue
        match = s[s.astype(float) == float(key)]
        if len(match) == 1 and str(match.index[0]) in at:
            return at[str(match.index[0])]
    return None


def _numbers_of(vocab: Vocabulary, col: str) -> set[float]:
    """The whole numbers a column holds, read once per catalog."""
    got = vocab.__dict__.setdefault("_column_numbers", {})
    if col not in got:
        got[col] = set(vocab.items[col].dropna().astype(float))
    return got[col]


_NOT_NOUNS = {"top", "over", "under", "than", "about", "around", "first", "last", "least", "most", "only", "just",
              "above", "below", "beyond", "within", "between", "exactly", "nearly", "almost", "weigh", "weighs", "cost",
              "costs", "pay", "pays", "earn", "earns", "make", "makes", "have", "has", "had", "get", "got", "take", "takes",
              "number", "class", "rank", "place", "position", "no", "num", "category", "type", "group", "division",
              "page", "season", "series", "round", "week", "day", "year", "chapter", "level", "grade", "size"}


def _month_words() -> dict[str, int]:
    from convrec.nlu.dates import _months

    return _months()


def _named_by_any_noun(vocab: Vocabulary, p: Parse, k: int) -> bool:
    """A catalog whose items have no names of their own ("firm 60", "firm 61", …): any common noun
    the user calls them by before the number ("company 60") names the item — not a column's word,
    a unit or a word of order ("top 10", "season 3")."""
    from convrec.catalog.meaning import unit_for_word

    titles = vocab.linker.titles[:30]
    if not titles or not all(re.fullmatch(r"[a-z]+ \d+", str(t)) for t in titles):
        return False
    from convrec.nlu.columns import comparison_words

    w = p.words
    x = w[k]
    if k + 1 < len(w) and w[k + 1].isdigit() and 1000 <= int(w[k + 1]) <= 2200 and (vocab.first("time") or vocab.role("date")):
        return False  # "for july 2017": a year, where the catalog keeps years
    after = w[k + 2] if k + 2 < len(w) else ""
    if after in ("or", "%", "percent", "and", "to", "-") or unit_after(w, k + 2)[0]:
        return False  # "weigh 80 g or more", "above 75%": an amount, not a name
    return x.isalpha() and len(x) >= 3 and x not in vocab.lexicon.stop and x not in _NOT_NOUNS \
        and x not in comparison_words(vocab.lexicon) and (not x.endswith(("ed", "ing")) or x in MEASURE_WORDS) \
        and word_rank(x) is not None and unit_for_word(x) is None and not columns_named([x], vocab, by_name_only=True)


def item_ids(p: Parse, vocab: Vocabulary, text: str, speaker: str) -> None:
    idx = _index(vocab)
    if not idx:
        return
    linker, w = vocab.linker, p.words
    noun = {w2 for w2 in (vocab.domain.lower(), vocab.domain.lower() + "s")} - {"item", "items"}  # "item 60": the row
    for a, b in _chunks(p, text):
        if any(p.claimed[x] for x in range(a, b)):
            continue
        raw = text[p.toks[a].start:p.toks[b - 1].end]
        key = compact(raw)
        hits = list(dict.fromkeys(idx.get(key, [])))  # (a code both the title and a code column write: one item)
        before = a - 2 if a > 1 and w[a - 1] == "." else a - 1
        hashed = a in p.hashed
        if key.isdigit() and len(getattr(vocab, "_dashed_codes", {}).get(key, ())) == 1 and _DASHED.fullmatch(raw):
            hits = vocab._dashed_codes[key]  # "band 788-36611": the code as the catalog writes it
            while a > 0 and not p.claimed[a - 1] and w[a - 1] in vocab._dashed_words:
                a -= 1  # "band number 788-36611": the code's own column words are the name too
            p.mentions.append((Span(a, b), ItemMention(linker.ids[hits[0]], linker.titles[hits[0]], raw, "reference",
                                                        speaker, 100.0)))
            p.claim(a, b)
            continue
        if key.isdigit() and key in _number_codes(vocab) and (hashed or (before >= 0 and (
                w[before] in noun or w[before] in _POSITION_CUES or w[before] in ("code", "ref")))):
            hits = [_number_codes(vocab)[key]]  # "horse 97", "#156": the catalog's own number for it
        elif key.isdigit() and len(key) >= 4 and key in _number_codes(vocab) and _only_a_code(vocab, w, before, float(key)):
            hits, hashed = [_number_codes(vocab)[key]], True  # "the bid premium on 79015": no other column holds it
        if key.isdigit() and before >= 0 and w[before] not in ("item", "items", "id", "row") and key in _title_numbers(vocab) \
                and (w[before] in noun or _named_by_any_noun(vocab, p, before)):
            hits = [_title_numbers(vocab)[key]]  # "employee 1625": the row its source numbers 1625 (titled "item 1625"), not row 1625
        if len(hits) != 1:
            continue
        if key.isdigit() and before >= 0 and w[before] in _CUES and _column_holds(vocab, w[before], key):
            own = _identifying(vocab, w[before], key)
            if own is None:
                continue  # "sample 94" where a `positive_sample` column holds 94: that column's value, not row 94
            hits = [own]  # "case 3" of a `case` numbering every row once: the row whose case it is
        has_digit, has_alpha = any(ch.isdigit() for ch in key), any(ch.isalpha() for ch in key)
        past_list = key.isdigit() and int(key) > LIST_POSITIONS
        before = a - 2 if a > 1 and w[a - 1] == "." else a - 1  # "no. 4739"
        cued = before >= 0 and (w[before] in _CUES or w[before] in noun or (
            key.isdigit() and (int(key) > LIST_POSITIONS or (before >= 1 and w[before - 1] == "than")
                               or (not p.claimed[before] and w[before] not in _POSITION_CUES and w[before] not in ("top", "first", "last")
                                   and raw.isdigit() and before == a - 1 and w[before] not in vocab.lexicon.verb_forms
                                   and not any(w[before] in g or singular(w[before]) in g for c in vocab.columns.values() for g in c.words)
                                   and w[before] not in _month_words()  # ("july 17": a day)
                                   and (b == len(w) or p.toks[b].punct or w[b] in vocab.lexicon.stop)))
            and _named_by_any_noun(vocab, p, before)))  # ("more interlocks than company 8", "segment 1": no list position)
        cued = cued or (past_list and (hashed or (before >= 0 and w[before] in _POSITION_CUES)))
        if (has_digit and not has_alpha or len(key) < 2) and not cued:
            continue  # a bare number is a number unless a word says it is an id
        if key.isdigit() and unit_after(w, b)[0] is not None:
            continue  # "horses 16 hands and up", "houses 3 m wide": a measure, not horse 16
        if key.isdigit() and int(key) <= 31 and not hashed and ((a > 0 and w[a - 1] in _month_words())
                                                             or (b < len(w) and w[b] in _month_words())):
            continue  # "the october 21 2012 earthquake", "21 october": a day, not quake 21
        if not has_digit and not (raw.isupper() and len(key) >= 2 and (word_rank(key) or 10 ** 9) >= COMMON_WORD_RANK):
            continue
        k = hits[0]
        start = before if cued and (not hashed or w[before] in noun or (
            before >= 0 and w[before] in MEASURE_WORDS and _named_by_any_noun(vocab, p, before))) else a  # "home #40": the noun names it too
        p.mentions.append((Span(start, b), ItemMention(linker.ids[k], linker.titles[k], raw, "reference", speaker, 100.0)))
        p.claim(start, b)
    _maker_numbers(p, vocab, idx, speaker)


def _title_numbers(vocab: Vocabulary) -> dict[str, int]:
    """Titles that number the items their own way ("item 1682" of row 1200, from an R export's
    `rownames`): number → row, where some title's number is not its row's id; else empty."""
    got = vocab.__dict__.get("_title_numbers")
    if got is None:
        got = {}
        for k, (i, t) in enumerate(zip(vocab.linker.ids, vocab.linker.titles)):
            m = re.fullmatch(r"[a-z]+ (\d+)", str(t))
            if m is None:
                got = {}
                break
            got[m.group(1)] = k
        if all(got.get(str(i)) == k for k, i in enumerate(vocab.linker.ids)):
            got = {}  # titles that say the ids: nothing of their own
        vocab.__dict__["_title_numbers"] = got
    return got


def _maker_prefixes(vocab: Vocabulary) -> dict[str, str]:
    """{a maker's name: the letters its items' codes start with} where a code column writes each item
    as letters and a number ("L201", "R80") and the letters follow one category column's value (Lee's
    are L…, Roscolux's R…): "Lee 201" is the item coded L201. Once per catalog."""
    got = getattr(vocab, "_maker_prefixes", None)
    if got is not None:
        return got
    got, items, n = {}, vocab.items, len(vocab.items)
    codes = [c.name for c in vocab.columns.values() if c.type == "text" and c.role not in ("title",) and c.name in items
             and c.distinct and c.distinct >= 0.95 * n and items[c.name].dropna().astype(str).head(300)
             .str.fullmatch(r"[A-Za-z]{1,3}-?\d{1,5}[A-Za-z]?").mean() > 0.8]
    makers = [c.name for c in vocab.columns.values() if c.role in ("category", "creator") and c.type == "text"
              and c.name in items and c.distinct and 2 <= c.distinct <= 60]
    for code in codes[:1]:
        letters = items[code].astype(str).str.extract(r"^([A-Za-z]{1,3})")[0].str.lower()
        for m in makers:
            for value, rows in items.groupby(m).groups.items():
                top = letters.loc[rows].value_counts()
                if len(rows) >= 3 and len(top) and top.iloc[0] >= 0.9 * len(rows):
                    got.setdefault(str(value).lower(), top.index[0])
    vocab._maker_prefixes = got
    return got


def _maker_numbers(p: Parse, vocab: Vocabulary, idx: dict, speaker: str) -> None:
    """"Lee 201", "Roscolux 80": a maker's name and a number, the item whose code is the maker's letters and it."""
    if not any(x.isdigit() for x in p.words):
        return
    prefixes = _maker_prefixes(vocab)
    if not prefixes:
        return
    w, linker = p.words, vocab.linker
    for j in range(1, len(w)):
        if not w[j].isdigit() or p.claimed[j]:
            continue
        for a in (j - 2, j - 1):
            said = " ".join(w[a:j]) if a >= 0 else ""
            if said not in prefixes or any(p.claimed[x] for x in range(a, j + 1)):
                continue
            hits = list(dict.fromkeys(idx.get(compact(prefixes[said] + w[j]), [])))
            if len(hits) == 1:
                raw = " ".join(t.raw for t in p.toks[a:j + 1])
                p.mentions.append((Span(a, j + 1), ItemMention(linker.ids[hits[0]], linker.titles[hits[0]], raw, "reference",
                                                             speaker, 100.0)))
                p.claim(a, j + 1)
                break


def _code_number_columns(vocab: Vocabulary) -> list[str]:
    """Whole-number columns that hold codes, not amounts: six digits or more on every row, and many
    different ones (a census tract's FIPS, a zip code kept as a number) — shared by a few rows each."""
    got = vocab.__dict__.get("_code_number_columns")
    if got is None:
        got = [c.name for c in vocab.columns.values() if c.type == "integer" and c.role not in ("id", "time")
               and c.min is not None and float(c.min) >= 1e5 and c.name in vocab.items
               and (c.distinct or 0) >= 0.2 * max(1, vocab.n_items) and (c.distinct or 0) >= 10
               and len(str(int(float(c.min)))) == len(str(int(float(c.max or 0))))]  # codes are all as long (not budgets)
        vocab.__dict__["_code_number_columns"] = got
    return got


def read_code_numbers(p: Parse, vocab: Vocabulary) -> None:
    """"the median income in tract 25025010405", "population of 25009202101?": a number written as one of
    a code column's values is those rows (the code = it), never an amount scaled to fit another column;
    the unknown word naming it ("tract") is said with it."""
    from convrec.nlu.columns import comparison_words

    cols = _code_number_columns(vocab)
    if not cols:
        return
    w = p.words
    for i, x in enumerate(w):
        if p.claimed[i] or not x.isdigit() or len(x) < 6 or (i > 0 and w[i - 1] in comparison_words(vocab.lexicon)):
            continue
        v = int(x)
        hit = [c for c in cols if bool((vocab.items[c] == v).any())]
        if len(hit) != 1:
            continue
        a = i - 1 if i > 0 and not p.claimed[i - 1] and w[i - 1].isalpha() and w[i - 1] not in vocab.lexicon.stop \
            and not vocab.lookup(w[i - 1]) and not any(w[i - 1] in g for c in vocab.columns.values() for g in c.words) else i
        p.numbers.append((Span(a, i + 1), Condition(hit[0], "=", float(v), " ".join(t.raw for t in p.toks[a:i + 1]),
                                                    vocab.columns[hit[0]].role)))
        p.claim(a, i + 1)
