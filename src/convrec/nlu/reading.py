"""The state one message is read into (tokens, what each reader claimed, what it found) and the
small pieces every reader shares: number words, the domain nouns, the question words.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from convrec.catalog.text import Tok, norm
from convrec.nlu.intent import Condition, ItemMention, SortHint
from convrec.nlu.vocab import ValueHit, Vocabulary


MAX_MESSAGE = 4000
RANGE = re.compile(r"(?<![A-Za-z0-9_/.-])(\d+(?:\.\d+)?)\s*-\s*(\d)")
"""A range of numbers ("10-20", "$5 - 10", "1.5-2"), not the dashes inside a code ("ISSN-1012-5X", "i7-8700k")."""
DECADE_TOKEN = re.compile(r"^(?:(1[89]|20)(\d)0|(\d)0)s$")
NUMBER = re.compile(r"^-?\d+(?:[.,]\d+)*$")  # "-5": a minus after a space is a sign
_THOUSANDS = re.compile(r"^(\d+(?:\.\d+)?)([km])$")
FACT_KEYWORDS = {
    "creator": ["who made", "who developed", "who wrote", "who directed", "who published", "who created", "developer",
                "developed", "publisher", "published by", "author", "authors", "wrote", "writer", "director", "directed",
                "made by", "studio", "who is behind", "creator", "written by", "who makes", "who did", "who painted",
                "who drew", "who took", "by whom", "whose", "who is the artist", "which artist", "who sings", "who sang",
                "who performs", "who performed", "who recorded", "who composed", "sung by", "performed by", "singer"],
    "time": ["what year", "which year", "year", "when", "released", "release", "came out", "come out", "published",
             "how old", "date"],
    "category": ["genre", "genres", "what kind", "what type", "which kind", "category", "categories"],
    "price": ["price", "cost", "costs", "how much", "how expensive"],
    "rating": ["rating", "rated", "score", "how good", "stars", "metascore", "reviews"],
    "count": ["how many ratings", "how popular", "popularity", "how many people"],
}
DOMAIN_NOUNS = {"movie", "movies", "film", "films", "flick", "flicks", "game", "games", "book", "books", "novel",
                "novels", "title", "titles", "item", "items", "ones", "stuff", "things", "picks", "shows", "series",
                "products", "one", "options", "stories", "reads", "comics", "songs", "tracks", "albums", "records",
                "episodes", "podcasts", "paintings", "works", "creatures", "creature"}


@dataclass
class Span:
    start: int
    end: int


@dataclass
class Parse:
    """What one speaker turn says (mutable while parsing; becomes part of the intent)."""

    toks: list[Tok]
    words: list[str]
    mentions: list[tuple[Span, ItemMention]] = field(default_factory=list)
    values: list[tuple[Span, list[list[ValueHit]], str]] = field(default_factory=list)
    numbers: list[tuple[Span, Condition]] = field(default_factory=list)
    sort: list[SortHint] = field(default_factory=list)
    k: int | None = None
    claimed: list[bool] = field(default_factory=list)
    negated_spans: list[Span] = field(default_factory=list)
    unmatched: list[str] = field(default_factory=list)
    factors: dict[int, float] = field(default_factory=dict)
    offsets: dict[int, float] = field(default_factory=dict)
    marks: set = field(default_factory=set)
    mark_at: set = field(default_factory=set)
    """The tokens those marks were said with (part of the column's naming, not another reading)."""
    """The marks of numbered sibling columns the request said ("in the last 12 months"; :mod:`convrec.nlu.marks`)."""
    """A number's offset after its factor, for units with their own zeros (0 °C is 273.15 K)."""
    offset: int = 0
    """Places skipped before a superlative ("the third most prestigious": 2)."""
    unnamed_bind: bool = False
    """The last number bound by its unit's dimension alone, no word of the column said."""
    """number token → factor from the unit it was written in to its column's stored unit"""
    missing: list[str] = field(default_factory=list)
    hashed: set[int] = field(default_factory=set)
    """tokens written right after a "#" ("the #1 school", "#156")"""
    timed_refs: set[int] = field(default_factory=set)
    """starts of references picked by a time alone ("less Democratic than in 1984"): compared on a measure, not the time"""
    compared: set[int] = field(default_factory=set)
    """starts of mentions a comparison measured against ("more protein than Special K"): references"""
    """places the user named that this catalog's place column does not hold ("icelandic")"""

    def free(self, i: int, j: int) -> bool:
        return all(not self.claimed[x] for x in range(i, j)) and all(not self.toks[x].punct for x in range(i, j))

    def claim(self, i: int, j: int) -> None:
        for x in range(i, j):
            self.claimed[x] = True

    def negated(self, i: int) -> bool:
        return any(s.start <= i < s.end for s in self.negated_spans)


def normalize_words(title: str) -> list[str]:
    from convrec.catalog.linking import normalize_title

    return normalize_title(title).split()


QUESTION_WORDS = {"what", "whats", "what's", "which", "when", "who", "whos", "who's", "how", "is", "was", "were", "did",
                   "does", "do", "the", "a", "an", "of", "come", "came", "out", "released", "release", "year", "genre",
                   "genres", "wrote", "write", "written", "made", "make", "author", "director", "developer", "publisher",
                   "price", "cost", "costs", "much", "rating", "rated", "average", "score", "tell", "me", "about",
                   "it", "in", "by", "for", "many", "ratings", "have", "has", "kind", "type", "published", "directed",
                   "developed", "please", "pls", "from", "date", "old", "long", "be", "its", "it's", "s"}


# ---------------------------------------------------------------------- numbers
def num(s: str) -> float | None:
    m = _THOUSANDS.match(s)
    if m:
        return float(m.group(1)) * (1000 if m.group(2) == "k" else 1_000_000)
    if NUMBER.match(s):
        try:
            return float(s.replace(",", "")) if s.count(",") and len(s.split(",")[-1]) == 3 else float(s.replace(",", "."))
        except ValueError:
            return None
    return None


GENERIC_NOUNS = {"work", "works", "piece", "pieces", "art", "artwork", "artworks", "course", "courses", "class",
                 "classes", "car", "cars", "vehicle", "vehicles", "product", "products", "option", "options", "item",
                 "items", "thing", "things", "stuff", "food", "foods", "menu", "choice", "choices", "one", "ones",
                 "listing", "listings", "entry", "entries", "row", "rows", "record", "records", "result", "results",
                 "file", "files", "table", "tables", "dataset", "datasets", "spreadsheet", "csv", "database",
                 "sample", "samples", "observation", "observations", "specimen", "specimens"}


LIST_GLUE = {"and", ",", "&", "(", ")", "or", "the"}
NOT_BEFORE = {"didn't", "didnt", "not", "never", "don't", "dont", "wasn't", "wasnt", "weren't", "werent", "no",
               "doesn't", "doesnt", "aren't", "arent", "isn't", "isnt", "can't", "cant"}


LIST_SEPARATORS = {",", "or", "and", "&", "/", "and/or"}


def dedupe(conds: list[Condition]) -> list[Condition]:
    out: dict[tuple, Condition] = {}
    for c in conds:
        out[c.key()] = c
    # a value both wanted and rejected in one message ("horror, but not a horror-comedy"): the user
    # asked for it, so the rejection is dropped
    pos = {(c.column, str(c.value).lower()) for c in out.values() if c.op in ("contains", "in")}
    return [c for c in out.values() if not (c.op in ("not_contains", "not_in") and (c.column, str(c.value).lower()) in pos)]


SOURCE_WORDS = ("from", "at", "by")


def measure_words(vocab: Vocabulary) -> frozenset[str]:
    """Words a quantity can be counted in for this catalog: every unit's words and the words of
    its number columns ("carat", "carats", "hour", "miles", "bedrooms")."""
    got = vocab.__dict__.get("_measure_words")
    if got is None:
        from convrec.catalog.meaning import units_data
        from convrec.catalog.text import plural, singular

        ws = {x for u in units_data().get("units", {}).values() for x in u.get("words", [])}
        ws |= {x for c in vocab.columns.values() if c.type in ("integer", "real")
               for x in norm(c.label or c.name).split() if x.isalpha() and len(x) >= 3}
        ws -= vocab.lexicon.stop
        ws |= {y for c in vocab.columns.values() if c.type in ("integer", "real") and c.role != "id"
               for g in c.words[1:] or c.words for y in g[1:] if y.isalpha() and len(y) >= 3}  # "four star": a synonym
        got = frozenset(ws | {plural(x) for x in ws if len(x) >= 3} | {singular(x) for x in ws if len(x) >= 4})  # not "ha" → "has"
        vocab.__dict__["_measure_words"] = got
    return got


NEGATED_AUX = frozenset({"don't", "dont", "doesn't", "doesnt", "didn't", "didnt", "won't", "wont", "cannot", "can't",
                         "cant", "never", "wasn't", "wasnt", "isn't", "isnt", "hasn't", "hasnt", "haven't", "havent",
                         "weren't", "werent"})
_AUX = ("do", "does", "did", "was", "is", "were", "has", "have", "had")


def negated_aux(w: list[str], i: int) -> int:
    """The words a negated auxiliary takes at ``w[i]`` ("didn't" 1, "did not" / "was never" 2), or 0; the
    caller reads the verb after it ("districts coderre did not win", "listings that don't give a height")."""
    if i < len(w) and w[i] in NEGATED_AUX:
        return 1
    return 2 if i + 1 < len(w) and w[i] in _AUX and w[i + 1] in ("not", "never") else 0

