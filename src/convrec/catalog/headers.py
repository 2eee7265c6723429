"""A column header read as the words it was written with: capitals and separators split ("HmRun",
"comb_mpg"), two words glued together ("marketvalue"), a word and a short form ("bodywt"), a lone
letter or consonant skeletons glued to words (`tsize`, `yngkid`, `gdhlth`), a year glued to a word
("Pop1831"), short forms written out (units.toml ``abbrev``), and the plural a count name counts."""

from __future__ import annotations

import re
from functools import lru_cache

from convrec.catalog.unitconv import unit_for_word
from convrec.catalog.wordlists import units_data, word_rank, word_ranks

_SPLIT = re.compile(r"[^a-z0-9]+")
_CAMEL = re.compile(r"(?<=[a-z])(?=[A-Z])|(?<=[A-Z]{2})(?=[a-z]{3})")  # "HmRun"; "AHCAvote": AHCA vote
_ONE_WORD = re.compile(r"[A-Za-z][a-z][A-Z]")  # "PhD": one word, not "ph d"


def _camel_split(name: str) -> str:
    """Spaces where a header's capitals start words ("HmRun", "democA", "ManufacturerName"), except
    in a three-letter word with a capital at its end ("PhD")."""
    return "".join(tok if _ONE_WORD.fullmatch(tok) else _CAMEL.sub(" ", tok) for tok in re.split(r"([^A-Za-z]+)", name))


def _split_compound(w: str) -> list[str]:
    """"marketvalue" → market value, "horsepower" stays: two common words written as one, when
    the whole is no word of its own; or a word and a known abbreviation ("bodywt" → body wt,
    "avginc" → avg inc), which :func:`expand` then writes out."""
    ab = units_data()["abbrev"]
    if len(w) < 5 or not w.isalpha() or word_rank(w) is not None or w in ab:
        return [w]  # "numeric" is a word of its own (not "num" + "eric")
    for k in range(2, len(w) - 1):
        a, b = w[:k], w[k:]
        common_a = len(a) >= 3 and (word_rank(a) or 10 ** 9) < 10000
        common_b = len(b) >= 3 and (word_rank(b) or 10 ** 9) < 10000
        if (a in ab and (b in ab or common_b)) or (common_a and b in ab):
            return [a, b]
    for k in (2, 3):  # "clsize": a cut word and a common one ("cl" of class, "size"); the cut part is read
        a, b = w[:k], w[k:]  # by the words it starts (column_words)
        if len(b) >= 4 and (word_rank(b) or 10 ** 9) < 5000 and (word_rank(a) or 10 ** 9) > 10000 and a not in ab:
            return [a, b]
    cut = _cut_pieces(w)
    if cut:
        return cut
    if len(w) < 8:
        return _glued_pieces(w) or [w]
    best = None
    for k in range(3, len(w) - 2):
        a, b = word_rank(w[:k]), word_rank(w[k:])
        if a is not None and b is not None and a < 10000 and b < 10000:
            if best is None or max(a, b) < best[0]:
                best = (max(a, b), [w[:k], w[k:]])
    return best[1] if best else (_glued_pieces(w) or [w])


@lru_cache(maxsize=4096)
def skeleton_word(piece: str) -> str | None:
    """The commonest English word a piece of consonants was written for ("wrk" → work, "hlth" →
    health, "yng" → young, "nrm" → normal): the piece is the word's consonants (its first letter kept,
    doubled letters once) or their start, three of every four of them; a word written so exactly wins.
    None for a piece with a vowel or no common word ("grs" is no "groups": its "p" is missing); a
    piece of two letters must be the whole skeleton of a very common word ("gd": good)."""
    if len(piece) < 2 or not piece.isalpha() or set(piece) & set("aeiou"):
        return None
    best = None
    for x, n in word_ranks().items():
        if n >= (5000 if len(piece) >= 3 else 3000) or x[0] != piece[0] \
                or not len(piece) < len(x) <= len(piece) + (2 if len(piece) <= 3 else 3):  # ("cnd" is no "canada")
            continue
        sk = consonants(x)
        if (sk == piece or len(piece) >= 3 and sk.startswith(piece) and 4 * len(piece) >= 3 * len(sk)) \
                and unit_for_word(x) is None:  # a unit is written by its own short form: `workscnd` is no seconds
            key = (sk != piece, n)
            if best is None or key < best[0]:
                best = (key, x)
    return best[1] if best else None


def consonants(word: str) -> str:
    """A word's consonant skeleton: its first letter, then its consonants, a doubled one once ("sleep" → slp)."""
    out = word[:1]
    for ch in word[1:]:
        if ch not in "aeiouy" and ch != out[-1]:
            out += ch
    return out


def _cut_pieces(w: str) -> list[str] | None:
    """A census-style header of three or more pieces, each a known short form or a common word, one
    at least a short form (`percapinc` → percap inc, `medhouseinc` → med house inc, `perhsgrad` →
    per hs grad): the fewest such pieces, or None."""
    ab = units_data()["abbrev"]
    n = len(w)
    best: list[list[str] | None] = [None] * (n + 1)
    best[0] = []
    for a in range(n):
        if best[a] is None:
            continue
        for b in range(a + 2, n + 1):
            piece = w[a:b]
            ok = piece in ab or (len(piece) >= 3 and (word_rank(piece) or 10 ** 9) < 10000
                                 and (piece not in ("the", "and", "for", "not", "but", "with", "from") or a == 0))
            if ok and (best[b] is None or len(best[a]) + 1 < len(best[b])):
                best[b] = best[a] + [piece]
    got = best[n]
    return got if got and len(got) >= 3 and any(x in ab for x in got) else None


def _glued_pieces(w: str) -> list[str] | None:
    """A header glued from a lone letter and words (`tsize` → t size, `pnodes` → p nodes: no English
    word starts "ts" or "pn") or from words and consonant skeletons (`yngkid` → young kid, `totwrk` →
    tot work, `workscnd` → work second): each piece a common word, a known short form or a word's
    skeleton of three or more letters, the lone letter only first. A skeleton is written out as its
    word (shown by `convrec data show`, corrected with --schema). Two plain words are left to the
    rules above ("mileage" is no "mile age"); None when no such reading covers the header."""
    ab = units_data()["abbrev"]

    def kind(piece: str, first: bool) -> tuple[float, str, bool] | None:
        if piece in ("the", "and", "for", "per", "not", "but", "with", "from"):
            return None  # `therms` is no "the rooms"
        if len(piece) >= 3 and (word_rank(piece) or 10 ** 9) < (20000 if len(piece) >= 4 else 10000):
            return 1.0, piece, False  # "nodes" of `pnodes`
        if piece in ab and len(piece) >= 3:
            return 1.0, piece, False
        sk = skeleton_word(piece) if len(piece) >= 3 or not set(w) & set("aeiouy") and len(w) >= 6 else None
        if sk:  # (two letters only in a header of consonants alone: "gd" of `gdhlth`, good health)
            return 1.5 + (len(piece) == 2), sk, True
        if len(piece) == 1 and first and _rare_onset(w[:2]):
            return 1.5, piece, True
        return None

    n = len(w)
    best: list[tuple[float, list[str], bool] | None] = [None] * (n + 1)
    best[0] = (0.0, [], False)
    for a in range(n):
        if best[a] is None:
            continue
        for b in range(a + 1, n + 1):
            got = kind(w[a:b], a == 0)
            if got is None:
                continue
            cost = best[a][0] + got[0] + 0.01
            if best[b] is None or cost < best[b][0]:
                best[b] = (cost, best[a][1] + [got[1]], best[a][2] or got[2])
    if best[n] is None or len(best[n][1]) < 2 or not best[n][2] or best[n][0] > 1.5 * len(best[n][1]) + 1.1:
        return None  # (at most one piece as weak as a two-letter skeleton)
    pieces = best[n][1]
    if best[n][0] > 1.5 * len(pieces) + 0.1:  # a two-letter skeleton only before one of four letters or more
        return pieces if len(pieces) == 2 and skeleton_word(w[2:]) == pieces[1] and len(w) - 2 >= 4 else None  # (`gdhlth`)
    if best[n][0] >= 1.5 * len(pieces) and len(pieces[0]) > 1:
        return None  # skeletons alone (`brkfst` is no "break fast"): a word or a short form of the catalog's among them
    return pieces


@lru_cache(maxsize=512)
def _rare_onset(pair: str) -> bool:
    """Whether hardly any English word starts with these two letters ("ts", "pn", "tg"; not "os", "mo")."""
    return len(pair) == 2 and sum(1 for x, n in word_ranks().items() if n < 30000 and len(x) >= 3 and x[:2] == pair) < 5


def name_words(name: str) -> list[str]:
    """``"comb_mpg"`` → ``["comb", "mpg"]``; ``"ManufacturerName"`` → ``["manufacturer", "name"]``;
    ``"marketvalue"`` → ``["market", "value"]``."""
    return [x for w in _SPLIT.split(_YEAR_GLUED.sub(" ", _camel_split(name)).lower()) if w for x in _split_compound(w)]


_YEAR_GLUED = re.compile(r"(?<=[A-Za-z])(?=(?:1[89]|20)[0-9]{2}(?![0-9]))")
"""Where a year is glued to a word in a header ("Pop1831", "gdp2020"): the words are "pop", "1831"."""


_CURRENCY_WORDS = {"usd", "eur", "gbp", "dollars", "dollar", "euro", "euros", "jpy", "chf", "cad", "aud"}


def expand(words: list[str]) -> list[str]:
    ab = units_data()["abbrev"]
    out = []
    for k, w in enumerate(words):
        if w in ("min", "max") and len(words) > 1:  # "runtime_min" is minutes, "min_players" a minimum
            w = "minutes" if (w == "min" and k == len(words) - 1) else ("minimum" if w == "min" else "maximum")
        elif w == "pc" and len(words) > 1:  # statistics offices' codes: `PC_GDP` a percent of GDP, `GDP_PC` per capita
            w = "percent" if k == 0 else "per capita" if k == len(words) - 1 else w
        elif w == "sat" and any(x.startswith("fat") for x in words):
            w = "saturated"  # `sat_fat` (not the SAT of `average_sat_math`)
        elif w == "cap" and k > 0 and words[k - 1] in _CURRENCY_WORDS:
            w = "per capita"  # `USD_CAP`: dollars a head (not a market cap)
        elif len(w) >= 6 and w.endswith("xp") and (word_rank(w[:-2]) or 10 ** 9) < 10000:
            w = w[:-2] + " expenditure"  # `HEALTHXP`: health expenditure
        elif len(w) >= 5 and w.endswith("pc") and (word_rank(w[:-2]) or 10 ** 9) < 10000:
            w = w[:-2] + " per capita"  # `packpc`: packs per person
        out += ab.get(w, w).split()
    return out


def counted_noun(w: str) -> str | None:
    """The plural a glued count name counts (`numbids`: "bids", `nbeds`: "beds"), or None."""
    if not w.isalpha() or not w.endswith("s") or word_rank(w) is not None:
        return None
    got = [w[len(x):] for x in ("num", "nb", "no", "nr", "n") if w.startswith(x) and len(w) - len(x) >= 3
           and word_rank(w[len(x):]) is not None]
    return max(got, key=len) if got else None
