"""Item linking: every item name a user or the LLM mentions goes through fuzzy (+ embedding)
matching to a catalog id before use; a name that links to nothing is reported, never invented.
"""

from __future__ import annotations

import re
from collections import Counter
import unicodedata
from dataclasses import dataclass
from typing import Sequence

import numpy as np

from convrec.catalog.meaning import word_rank
from convrec.catalog.text import COMMON_WORD_RANK

YEAR_SUFFIX = re.compile(r"\s*\((\d{4})\)\s*$")  # "King Kong (1976)"
_SERIES = re.compile(r"\s*\([^()]*\)\s*$")
_ARTICLE = re.compile(r"^(the|a|an)\s+")
_PUNCT = re.compile(r"[^\w\s]")
_TRAILING_ARTICLE = re.compile(r"^(.+?),\s*(the|a|an|les|la|le|l'|il|el|der|die|das|los|las)\s*((?:\(\d{4}\))?)\s*$", re.I)


_ROMAN = {"ii": "2", "iii": "3", "iv": "4", "v": "5", "vi": "6", "vii": "7", "viii": "8", "ix": "9", "x": "10"}


_LETTER_LED = re.compile(r"^[A-Z]{1,2}(\d{2,4}(?:[- ]?[A-Za-z0-9]+)*(?: \(.*\))?)$")
"""A model code led by its maker's letter or two ("B787-9", "A320-NEO", "E170-200 (long wing)")."""


def titles_are_people(titles: Sequence[str]) -> bool:
    """Are most of these titles a person's first and last name (a table of people)?"""
    return sum(1 for t in titles if _PERSON.fullmatch(str(t).strip())) >= 0.6 * max(1, len(titles))


def normalize_title(t: str) -> str:
    """Lower-case ASCII words, no year suffix, no leading article, roman numerals as digits."""
    return _ARTICLE.sub("", " ".join(_ROMAN.get(w, _ABBREV.get(w, w)) for w in _surface(t).split()))


_CAMEL = re.compile(r"[A-Z][a-z']{1,}|[A-Z]+(?![a-z])|[a-z']+|\d+")
"""The words of a name written without spaces: "TheButcher" → The, Butcher; "Sgt.Hammer" → Sgt, Hammer."""

_ABBREV = {"st": "saint", "ste": "sainte", "mt": "mount", "intl": "international", "natl": "national",
           "univ": "university", "rgnl": "regional", "muni": "municipal", "regl": "regional", "cty": "county",
           "mtn": "mountain", "mtns": "mountains", "pk": "peak", "pt": "point",
           "ctr": "center", "hts": "heights", "isl": "island", "lk": "lake", "sq": "square"}
"""Abbreviations people write either way ("Strasbourg—Saint-Denis" = "strasbourg st denis")."""


def _surface(t: str) -> str:
    """A title as written, articles kept: lower-case ASCII words, no year suffix, "Matrix, The"
    → "the matrix" (``normalize_title`` also drops the article and reads roman numerals)."""
    t = re.sub(r"[™®©]", "", t)  # NFKD would turn ™ into "TM"
    if "_" in t and " " not in t.strip():
        t = t.replace("_", " ")  # "The_Miracle_Worker": a title written with underscores for spaces
    t = re.sub(r"[\u2010-\u2015\u2212]", " ", t)  # dashes join words ("Ashfield–Colborne–Wawanosh"); NFKD would drop them
    t = unicodedata.normalize("NFKD", t).encode("ascii", "ignore").decode()
    t = YEAR_SUFFIX.sub("", t.lower().strip())
    m = _TRAILING_ARTICLE.match(t)  # "Matrix, The" is "The Matrix"; "Godfather: Part II, The" too
    if m:
        t = f"{m.group(2)} {m.group(1)}"
    return " ".join(_PUNCT.sub(" ", re.sub(r"['`\u00b4]", "", t)).split())  # McDonald`s = McDonald's = mcdonalds


INDEX_ABOVE = 50_000
"""Above this many titles a fuzzy link scans only the titles sharing a word (or a near spelling
of one) with the name, not every title: a full rapidfuzz scan costs ~1 s at a million titles.
At or below it every title is scanned, as before."""
CANDIDATES = 3_000
"""Titles a fuzzy link scores on a large catalog: those sharing the most (rarest) words."""
COMMON_SHARE = 0.05
"""A word in more than this share of the titles ("the", "edition") picks no candidates alone."""


_HEAD_END = re.compile(r"\s+\(|\s+[-–—]\s+|\s+with\s+", re.I)


class _WordIndex:
    """Normalised title words → the titles holding them (CSR arrays), for large catalogs."""

    def __init__(self, norm: Sequence[str]):
        from collections import defaultdict

        postings: dict[str, list[int]] = defaultdict(list)
        for i, t in enumerate(norm):
            for w in set(t.split()):
                postings[w].append(i)
        self.words = list(postings)
        self.pos = {w: k for k, w in enumerate(self.words)}
        lens = np.fromiter((len(postings[w]) for w in self.words), dtype=np.int64, count=len(self.words))
        self.start = np.concatenate([[0], np.cumsum(lens)])
        self.items = np.fromiter((i for w in self.words for i in postings[w]), dtype=np.int32, count=int(lens.sum()))
        self.n = max(len(norm), 1)
        self.idf = np.log(self.n / np.maximum(lens, 1)).astype(np.float32)

    def candidates(self, name: str, limit: int) -> np.ndarray:
        from rapidfuzz import fuzz, process

        score = np.zeros(self.n, dtype=np.float32)
        common = COMMON_SHARE * self.n
        q = list(dict.fromkeys(name.split()))
        for w in q:
            found = {w: 100.0} if w in self.pos else {}
            if len(w) >= 3:  # a typo ("godfater"): the nearest spellings in the vocabulary
                for m, sc, _ in process.extract(w, self.words, scorer=fuzz.ratio, limit=5, score_cutoff=80):
                    found.setdefault(m, float(sc))
            for m, sc in found.items():
                k = self.pos[m]
                a, b = self.start[k], self.start[k + 1]
                if b - a > common and len(q) > 1:
                    continue
                score[self.items[a:b]] += self.idf[k] * (sc / 100.0)
        hit = np.flatnonzero(score)
        if len(hit) > limit:
            hit = hit[np.argpartition(-score[hit], limit - 1)[:limit]]
        return hit


@dataclass
class Link:
    query: str
    item_id: str | None
    title: str | None
    score: float
    method: str  # exact | fuzzy | embedding | none


_STOP = frozenset("a an the of at in on for and de la le du des".split())


def _grouped_heads(titles: Sequence[str]) -> list[tuple[int, str]]:
    """(index, name) of titles written "name, group" where nine in ten are and the groups are few
    (an eighth of the titles or fewer): "San Francisco" of "San Francisco, California"."""
    parts = [t.rsplit(", ", 1) if ", " in t else None for t in titles]
    if not titles or sum(p is not None for p in parts) < 0.9 * len(titles):
        return []
    groups = {p[1].strip().lower() for p in parts if p}
    if len(groups) > max(2, len(titles) // 4):
        return []
    group_words = {x for g in groups for x in g.split()}
    # not a name that is one common word ("Orange", "Island") or a word of a group's ("Rhode Island")
    return [(i, p[0]) for i, p in enumerate(parts) if p and p[0].strip().lower() not in groups
            and not (" " not in p[0].strip() and (p[0].strip().lower() in group_words
                                                 or (word_rank(p[0].strip().lower()) or 10 ** 9) < COMMON_WORD_RANK))]


def _class_words(norms: Sequence[str], end: int, share: float = 0.03) -> set[str]:
    """Words that end (``end=-1``) or start (``end=0``) a large share of the catalog's names: the
    class word of a catalog of named things ("university", "airport", "intl", "elementary").
    Never a word with digits (a model number is the name, not its class)."""
    counts: dict[str, int] = {}
    multi = 0
    for n in norms:
        ws = n.split()
        if len(ws) > 1:
            multi += 1
            counts[ws[end]] = counts.get(ws[end], 0) + 1
    floor = max(3.0, share * len(norms))
    return {w for w, k in counts.items() if k >= floor and len(w) >= 2 and w.isalpha() and w not in _STOP}


_PERSON = re.compile(r"[A-Z][a-z'\-]+(?: [A-Z][a-z'\-.]*)? [A-Z][a-z'\-]+(?:,? (?:Jr|Sr|II|III|IV)\.?)?")


def core_forms(norms: Sequence[str], people: bool = False) -> dict[str, list[int]]:
    """Each name without the class words at its ends ("harvard university" → "harvard",
    "chicago ohare intl" → "chicago ohare", "university of chicago" → "chicago"), kept only where
    one name has it and at least four letters are left. ``people``: names of people, whose common
    first names ("Michael") are no class word — "Collins" alone is not Michael Collins."""
    tail, head = _class_words(norms, -1), (set() if people else _class_words(norms, 0))
    if not tail and not head:
        return {}
    df: dict[str, int] = {}
    for n in norms:
        for w in set(n.split()):
            df[w] = df.get(w, 0) + 1
    rare = max(3.0, 0.03 * len(norms))
    out: dict[str, list[int]] = {}
    for i, n in enumerate(norms):
        ws = n.split()
        while len(ws) > 1 and (ws[-1] in tail or ws[-1] in _STOP):
            ws = ws[:-1]
        while len(ws) > 1 and (ws[0] in head or ws[0] in _STOP):
            ws = ws[1:]
        core = " ".join(ws)
        named = any(df.get(w, 0) < rare and any(ch.isalpha() for ch in w) for w in ws)  # not "number 3"
        if core != n and len(core.replace(" ", "")) >= 4 and named:
            out.setdefault(core, []).append(i)
    return {k: v for k, v in out.items() if len(v) == 1}


_NICKNAME = re.compile(r'^(.*?)\s*["\u201c]+([^"\u201c\u201d]{2,30})["\u201d]+\s*(.*)$')


def nickname_forms(title: str) -> tuple[str, ...]:
    """A name with a nickname in quotes, as people say it: `H. Norwood "Barney" Ewell` →
    "Barney Ewell" (the nickname and what follows) and "H. Norwood Ewell" (without it)."""
    m = _NICKNAME.match(title)
    rest = m.group(3).split() if m else []
    if m and not rest and len(m.group(1).split()) >= 2 and (" " in m.group(2).strip() or word_rank(m.group(2).lower()) is None):
        return (m.group(2),)  # `Penitenziario Cantonale "La Stampa"`: the place by its own name in quotes
    if not m or not 1 <= len(rest) <= 2 or not all(x[:1].isupper() for x in rest):
        return ()  # a surname after the quotes; not a song title with a quoted word
    return (f"{m.group(2)} {m.group(3)}",) + ((f"{m.group(1)} {m.group(3)}",) if m.group(1).strip() else ())


_HONORIFIC = ("mr", "mrs", "miss", "ms", "mme", "mlle", "master", "dr", "rev", "col", "colonel", "major", "capt",
              "captain", "lady", "sir", "sr", "dona", "countess", "count", "jonkheer", "don", "fr", "prof")
_LAST_FIRST = re.compile(r"^([A-Z][\w'\-]+(?: [A-Z][\w'\-]+)?), ([A-Z][\w'.\- ]+?)(?: \((.+?)\))?$")


def person_forms(title: str) -> tuple[str, ...]:
    """A person's name written "Last, Title First Middle" (a passenger list): as people say it,
    "First Last", "First Middle Last", "Title Last" ("Guggenheim, Mr Benjamin" → "Benjamin
    Guggenheim", "Mr Guggenheim"); a name in brackets is the person's own ("Brown, Mrs James
    Joseph (Margaret Tobin)" → "Margaret Tobin Brown")."""
    m = _LAST_FIRST.match(title.strip())
    if not m:
        return ()
    last, rest, inner = m.group(1), m.group(2).split(), m.group(3)
    title_word = rest[0] if rest and rest[0].lower().rstrip(".") in _HONORIFIC else None
    given = rest[1:] if title_word else rest
    out = []
    if given:
        out += [f"{given[0]} {last}", f"{' '.join(given)} {last}"]
    if title_word:
        out.append(f"{title_word} {last}")
    if inner and 1 <= len(inner.split()) <= 4:
        out.append(f"{inner} {last}")
        out.append(f"{inner.split()[0]} {last}")
    return tuple(dict.fromkeys(out))


def alias_columns(items, columns: Sequence[dict]) -> list[str]:
    """Text columns besides the title that name each item as people do (a common name beside a
    Latin one, an English title beside the original): filled for nine items in ten, a different
    value for (almost) every item, mostly letters, 4–60 characters, not codes."""
    out = []
    n = len(items)
    for c in columns:
        name = c.get("name")
        if c.get("role") in ("id", "title") or c.get("type") != "text" or name not in items.columns or n < 2:
            continue
        vals = items[name].dropna().astype(str).str.strip()
        vals = vals[vals != ""]
        if len(vals) < 0.9 * n or vals.nunique() < 0.85 * len(vals):  # first names: a few shared
            continue
        length = vals.str.len()
        letters = vals.str.count(r"[A-Za-z]") / length.clip(lower=1)
        if letters.median() < 0.5 or not 4 <= length.median() <= 60 \
                or vals.str.fullmatch(r"[A-Za-z]{0,3}[0-9][0-9A-Za-z\-]*").mean() > 0.5 \
                or vals.str.split().str.len().median() > 6:
            continue
        out.append(name)
    return out


def initials(titles: Sequence[str]) -> dict[str, list[int]]:
    """The initials of each name of three or more words ("mit" for Massachusetts Institute of
    Technology), where one name has them; read only from a message written in capitals."""
    out: dict[str, list[int]] = {}
    for i, t in enumerate(titles):
        ws = [w for w in _surface(t).split() if w not in _STOP and not w.isdigit()]
        if 3 <= len(ws) <= 6:
            out.setdefault("".join(w[0] for w in ws), []).append(i)
    return {k: v for k, v in out.items() if len(v) == 1}


class ItemLinker:
    """Links free-text item names to catalog ids.

    Exact normalised title match first (ties broken by popularity), then rapidfuzz over the
    normalised titles, then (if an embedding model is given) nearest title embedding with a
    fuzzy check. Thresholds are on rapidfuzz's 0-100 scale.
    """

    def __init__(self, item_ids: Sequence[str], titles: Sequence[str], popularity: Sequence[float] | None = None,
                 years: Sequence | None = None, embeddings=None, threshold: float = 85.0,
                 aliases: Sequence[Sequence] = ()):
        self.ids = list(map(str, item_ids))
        self.titles = list(map(str, titles))
        self.norm = [normalize_title(t) for t in self.titles]
        self.pop = np.asarray(popularity if popularity is not None else np.zeros(len(self.ids)), dtype=float)
        self.years = list(years) if years is not None else [None] * len(self.ids)
        self.embeddings = embeddings
        self.threshold = threshold
        self._pos: dict[str, int] = {}
        for i, x in enumerate(self.ids):
            self._pos.setdefault(x, i)
        self._exact: dict[str, list[int]] = {}
        for i, n in enumerate(self.norm):
            self._exact.setdefault(n, []).append(i)
        # short forms people write: without a series note "(Mistborn, #1)" or a subtitle after ":"
        self._alias: dict[str, list[int]] = {}
        for i, t in enumerate(self.titles):
            for short in (_SERIES.sub("", t), t.split(":")[0] if ":" in t else "", *nickname_forms(t), *person_forms(t)):
                n = normalize_title(short)
                if n and n != self.norm[i] and n not in self._exact and len(n) >= 3:
                    self._alias.setdefault(n, []).append(i)
        # names written "name, group" ("Jefferson, Alabama"; catalog.names): the name alone links,
        # the most known of those sharing it; never a name that is itself one of the groups
        for i, head in _grouped_heads(self.titles):
            n = normalize_title(head)
            if len(n) >= 3 and n not in self._exact:
                self._alias.setdefault(n, []).append(i)
        # a long product name said by its head, before its specs ("AirPods Pro (2nd generation) with
        # MagSafe Case …" → "airpods pro"; "HP ENVY Desktop - 13th Gen Intel Core i7" → "hp envy desktop")
        for i, t in enumerate(self.titles):
            head = _HEAD_END.split(t, maxsplit=1)[0]
            n = normalize_title(head)
            if head != t and len(n) >= 5 and len(n) <= 0.7 * len(self.norm[i]) and n not in self._exact \
                    and (" " in n or any(ch.isdigit() for ch in n) or word_rank(n) is None):
                self._alias.setdefault(n, []).append(i)
        # another column that names every item ("Common" beside a Latin `Species`): its names link too
        for names in aliases:
            norms = [normalize_title(str(a)) if a is not None and str(a).strip() not in ("", "nan") else ""
                     for a in names]
            seen = Counter(norms)
            for i, n in enumerate(norms):
                if len(n) >= 3 and n not in self._exact and seen[n] == 1:  # a name two items share names neither
                    self._alias.setdefault(n, []).append(i)
            for n, idx in core_forms(norms).items():  # "robin" for American Robin, as for titles
                if n not in self._exact and n not in self._alias:
                    self._alias[n] = idx
        # what people call an item without the class word most of the catalog's names carry:
        # "Harvard University" → "harvard", "Denver Intl" → "denver", "Core i7-8700K" → "i7 8700k"
        people = titles_are_people(self.titles)
        for n, idx in core_forms(self.norm, people).items():
            if n not in self._exact and n not in self._alias:
                self._alias[n] = idx
        # a hyphenated name written as one word ("Wal-Mart Stores" → "walmart stores", "walmart")
        joined = [normalize_title(t.replace("-", "")) if "-" in t else n for t, n in zip(self.titles, self.norm)]
        if joined != self.norm:
            for i, (j, n) in enumerate(zip(joined, self.norm)):
                if j != n and len(j) >= 3 and j not in self._exact:
                    self._alias.setdefault(j, []).append(i)
            for n, idx in core_forms(joined).items():
                if n not in self._exact and n not in self._alias and any("-" in self.titles[i] for i in idx):
                    self._alias[n] = idx
        # a name written with its words run together in capitals ("TheButcher", "Sgt.Hammer"): as words
        for i, t in enumerate(self.titles):
            if " " not in t.strip() and re.search(r"[a-z][A-Z]|[a-z]\.[A-Z]", t) and not any(ch.isdigit() for ch in t):
                n = normalize_title(" ".join(_CAMEL.findall(t)))
                if n and n != self.norm[i] and n not in self._exact and len(n) >= 3:
                    self._alias.setdefault(n, []).append(i)
        # model codes led by their maker's letter ("B787-9", "A320-NEO", "E190"), said without it ("the 787-9"):
        # where such codes name most items, the rest of each, when no other name has it
        led = [(i, m.group(1)) for i, t in enumerate(self.titles) if (m := _LETTER_LED.match(t.strip()))]
        if len(led) >= 0.3 * max(1, len(self.titles)):
            rests: dict[str, list[int]] = {}
            for i, rest in led:
                rests.setdefault(normalize_title(rest), []).append(i)
            for n, idx in rests.items():
                if len(idx) == 1 and len(n) >= 3 and n not in self._exact and n not in self._alias:
                    self._alias[n] = idx
        # a brand's own first word, no English word and no other name's ("walmart", "exxon")
        firsts: dict[str, list[int]] = {}
        for i, n in enumerate(joined):
            ws = n.split()
            if len(ws) >= 2 and len(ws[0]) >= 5 and ws[0].isalpha():
                firsts.setdefault(ws[0], []).append(i)
        for f, idx in firsts.items():
            if len(idx) == 1 and f not in self._exact and f not in self._alias and word_rank(f) is None \
                    and not (f.endswith("s") and word_rank(f[:-1]) is not None and word_rank(f[:-1]) < COMMON_WORD_RANK):
                self._alias[f] = idx  # not "whats" (What's Under Your Blanket): a common word's contraction
        # initials of a long name, written in capitals ("MIT" for Massachusetts Institute of Technology)
        self._initials = initials(self.titles)
        # titles the source cut off ("Oops!.. I Did It Aga..."): what the user writes begins with them
        # (only where cutting is the source's habit: "When Harry Met Sally..." is a whole title)
        cut = [i for i, t in enumerate(self.titles) if t.rstrip().endswith(("...", "…")) and len(self.norm[i]) >= 8]
        self._cut: list[tuple[str, int]] = [(self.norm[i], i) for i in cut] if len(cut) >= 0.02 * max(1, len(self.titles)) else []
        # built now, so it is kept with the linker in the runtime cache (the first fuzzy link paid ~3 s at 1M titles)
        self._words = _WordIndex(self.norm) if len(self.norm) > INDEX_ABOVE else None

    def index_of(self, item_id: str) -> int:
        """The position of ``item_id`` in ``ids`` (a dict lookup; KeyError if not in the catalog)."""
        return self._pos[str(item_id)]

    def exact_indices(self, name: str) -> list[int]:
        """Indices of titles whose normalised form (or short form) equals ``name``'s."""
        n = normalize_title(name)
        got = self._exact.get(n) or self._alias.get(n, [])
        if not got and name.strip().isupper() and 2 <= len(n) <= 6:
            got = getattr(self, "_initials", {}).get(n, [])
        if not got and getattr(self, "_cut", None) and len(n) >= 8:
            got = [i for p, i in self._cut if n.startswith(p) and len(n) - len(p) <= 30]
        return got

    def best_index(self, idx: list[int], year: int | None, name: str | None = None) -> int:
        """Of several indices sharing a title, the one of ``year`` if any has it, then the one
        written as ``name`` with its article ("The Heat" is not "Heat"), else the most popular."""
        if year is not None:
            same = [i for i in idx if self.years[i] is not None and str(self.years[i]) == str(year)]
            if same:
                idx = same
        if name is not None and len(idx) > 1:
            said = _surface(name)
            same = [i for i in idx if _surface(self.titles[i]) == said]
            if same:
                idx = same
        return max(idx, key=lambda i: self.pop[i])

    def exact(self, name: str) -> str | None:
        """The id of the title whose normalised form equals ``name``'s (most popular on ties),
        or None: no fuzzy matching, for scanning free text for titles."""
        idx = self.exact_indices(name)
        return self.ids[self.best_index(idx, None, name)] if idx else None

    def link(self, name: str) -> Link:
        from rapidfuzz import fuzz, process

        q = name.strip()
        m = YEAR_SUFFIX.search(q)
        year = int(m.group(1)) if m else None
        n = normalize_title(q)
        if not n:
            return Link(name, None, None, 0.0, "none")
        if n in self._exact or n in self._alias:
            i = self.best_index(self._exact.get(n) or self._alias[n], year, q)
            return Link(name, self.ids[i], self.titles[i], 100.0, "exact")
        if len(self.norm) > INDEX_ABOVE:  # a large catalog: score the titles sharing words with the name
            if getattr(self, "_words", None) is None:
                self._words = _WordIndex(self.norm)
            cand = self._words.candidates(n, CANDIDATES)
            pool = {k: self.norm[i] for k, i in enumerate(cand.tolist())}
            back = cand.tolist()
        else:
            pool, back = self.norm, None
        hits = process.extract(n, pool, scorer=fuzz.WRatio, limit=25, score_cutoff=60)
        if back is not None:
            hits = [(t, sc, back[k]) for t, sc, k in hits]
        # titles that contain every word of the name ("lord of the rings fellowship")
        seen = {i for _, _, i in hits}
        more = process.extract(n, pool, scorer=fuzz.token_set_ratio, limit=10, score_cutoff=90)
        for _, _, i in ((t, sc, back[k]) for t, sc, k in more) if back is not None else more:
            if i not in seen:
                hits.append((self.norm[i], fuzz.WRatio(n, self.norm[i]), i))
        if back is None and len(n) >= 6:  # "SAE 4130 tempered at 400 F": the titles holding the name as said,
            seen = {i for _, _, i in hits}  # however many near names crowd the fuzzy lists
            for i, t in enumerate(self.norm):
                if i not in seen and f" {n} " in f" {t} ":
                    hits.append((t, fuzz.WRatio(n, t), i))
        qt = set(n.split())
        q_nums = {w for w in qt if w.isdigit()}
        best, best_score = None, 0.0
        for _, wr, i in hits:
            tt = set(self.norm[i].split())
            s = float(wr)
            if q_nums - tt:
                if 2 * len(q_nums) > len(qt):
                    continue  # a code of numbers ("RPA02-190-0008") is not a code with other numbers
                s -= 15.0  # "Terminator 2" is not "The Terminator"
            if qt <= tt:
                s += 5.0  # every word of the name is in the title
            else:
                # words of the name missing from the title (typos allowed) cost up to 30
                covered = sum(1 for w in qt if any(fuzz.ratio(w, x) >= 80 for x in tt))
                s -= 30.0 * (1 - covered / max(len(qt), 1))
            s += min(np.log1p(self.pop[i]), 6.0)  # among similar titles, the known one
            if year is not None and str(self.years[i]) == str(year):
                s += 5.0
            if s > best_score:
                best, best_score = i, s
        if best is not None and best_score >= self.threshold:
            return Link(name, self.ids[best], self.titles[best], float(min(best_score, 99.9)), "fuzzy")
        only = self._only_title_of(n)
        if only is not None:
            return Link(name, self.ids[only], self.titles[only], 90.0, "word")
        if self.embeddings is not None:
            ids, scores = self.embeddings.search(q, k=5)
            for iid, sc in zip(ids, scores):
                i = self._pos.get(str(iid))
                if i is not None and sc > 0.75 and fuzz.partial_ratio(n, self.norm[i]) >= 70:
                    return Link(name, self.ids[i], self.titles[i], float(sc * 100), "embedding")
        return Link(name, None, None, float(best_score), "none")

    def _only_title_of(self, n: str) -> int | None:
        """The one title holding every word of a short name, where each of those words is in no
        other title ("ohare airport" → Chicago Ohare Intl: the class word "airport" aside, "ohare"
        names one airport). Words of four letters or more; at most three."""
        if len(self.norm) > INDEX_ABOVE:
            return None
        if getattr(self, "_word_titles", None) is None:
            index: dict[str, list[int]] = {}
            for i, t in enumerate(self.norm):
                for w in set(t.split()):
                    index.setdefault(w, []).append(i)
            self._word_titles = index
            self._classes = _class_words(self.norm, -1) | _class_words(self.norm, 0)
        words = [w for w in n.split() if w not in _STOP and w not in self._classes]
        if not 1 <= len(words) <= 3 or any(len(w) < 4 for w in words):
            return None
        hits = {tuple(self._word_titles.get(w, ())) for w in words}
        if len(hits) == 1:
            (only,) = hits
            if len(only) == 1:
                return only[0]
        return None

    def link_many(self, names: Sequence[str]) -> list[Link]:
        return [self.link(n) for n in names]
