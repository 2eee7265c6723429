"""Text normalisation and tokenisation shared by the lexicon, the vocabulary and the parser.

One rule everywhere: lower-case ASCII words; hyphens, slashes and underscores split words;
``&`` reads as "and"; apostrophes inside words are kept ("don't"), elsewhere dropped; digits
with a decimal point stay one token; ``$ € £ + ? ! . , ; : ( ) "`` are tokens of their own.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from convrec.catalog.spelling import spelling_variants  # noqa: F401 (re-exported)
from convrec.catalog.meaning import word_rank  # the English word list lives with the schema readers (re-exported here)

_TOKEN = re.compile(r"(?:(?<![^\s(<>=~])-)?\d+(?:[.,]\d+)*[A-Za-z]*|[A-Za-z]+(?:'[A-Za-z]+)*|[$€£+?!.,;:()\"]|&"
                    r"|(?<=(?<![A-Za-z])[A-Z])-(?=\s|$|[,.;:!?)])")  # a grade's minus: "A- rated"
PUNCT = set("?!.,;:()\"")
CLAUSE_END = set("?!.;:")


MARKS = str.maketrans("", "", "™®©℠")
"""Trademark signs: dropped (NFKD would spell ™ as "TM" and glue it to the word)."""


def ascii_fold(text: str) -> str:
    text = text.replace("’", "'").replace("‘", "'").replace("“", '"').replace("”", '"').replace("–", "-").replace("—", " - ")
    text = text.translate(MARKS)  # "Batman™: Arkham Origins" is "Batman: Arkham Origins", typed or not
    return unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()


@dataclass(frozen=True)
class Tok:
    w: str
    """normalised word (lower case)"""
    raw: str
    start: int
    end: int

    @property
    def punct(self) -> bool:
        return self.w in PUNCT

    @property
    def capitalised(self) -> bool:
        return self.raw[:1].isupper()


_SAME_LENGTH = {"’": "'", "‘": "'", "“": '"', "”": '"', "–": "-", "—": " "}


def _fold_in_place(text: str) -> str:
    """``ascii_fold`` one character for one, so a token's span indexes the text as written (an em
    dash is a space, a character with no ASCII form a space, "é" an "e")."""
    out = []
    for ch in text:
        if ch.isascii():
            out.append(ch)
            continue
        ch2 = _SAME_LENGTH.get(ch)
        if ch2 is None:
            d = unicodedata.normalize("NFKD", ch.translate(MARKS)).encode("ascii", "ignore").decode()
            ch2 = d if len(d) == 1 else " "
        out.append(ch2)
    return "".join(out)


def tokenize(text: str) -> list[Tok]:
    """Tokens with their character spans in ``text`` (after ASCII folding, same length)."""
    folded = _fold_in_place(text) if not text.isascii() else text
    out = []
    for m in _TOKEN.finditer(folded):
        raw = m.group(0)
        w = raw.lower()
        if w.endswith("'s") and len(w) > 3 and w not in ("let's", "it's", "that's", "what's", "who's", "he's", "she's", "there's", "here's"):
            w = w[:-2]  # possessive / "horror's not for me"
        if w == "&":
            w = "and"
        out.append(Tok(w, raw, m.start(), m.end()))
    return out


def norm(text: str) -> str:
    """The normal form of a phrase: its token words joined by spaces, punctuation dropped."""
    return " ".join(t.w for t in tokenize(text) if not t.punct and t.w not in "$€£+")


_SAME_IN_PLURAL = frozenset({"species", "series", "sheep", "deer", "fish", "aircraft", "means", "news"})


def singular(w: str) -> str:
    if w in _SAME_IN_PLURAL:
        return w
    if w.endswith("ies") and len(w) > 4:
        return w[:-3] + "y"
    if w.endswith(("ches", "shes", "xes", "sses")) and len(w) > 4:
        return w[:-2]
    if w.endswith("oes") and len(w) > 5 and word_rank(w[:-1]) is None and word_rank(w[:-2]) is not None:
        return w[:-2]  # "volcanoes", "heroes" (but "shoes", "canoes")
    if w.endswith("s") and not w.endswith(("ss", "us", "is")) and len(w) > 3:
        return w[:-1]
    if w.endswith("us") and len(w) > 3 and word_rank(w[:-1]) is not None:
        return w[:-1]  # "cpus", "menus", "gurus" (but "status", "campus", "virus" stay)
    if w.endswith("ae") and len(w) > 6 and (word_rank(w) is None or word_rank(w[:-1]) is not None):
        return w[:-1]  # a Latin plural: "supernovae", "larvae", "formulae" (not "sundae")
    return w


def plural(w: str) -> str:
    if w.endswith("y") and len(w) > 2 and w[-2] not in "aeiou":
        return w[:-1] + "ies"
    if w.endswith(("s", "x", "ch", "sh")):
        return w + "es"
    if w.endswith("o") and word_rank(w + "s") is None and word_rank(w + "es") is not None:
        return w + "es"  # "volcanoes", "potatoes" (but "photos", "pianos")
    return w + "s"


def noun_plural(noun: str) -> str:
    """The plural of a catalog's item noun ("car" → cars, "menu item" → menu items, "class" →
    classes, "series" stays)."""
    words = noun.split() or ["item"]
    last = words[-1]
    if last.endswith(("ss", "sh", "ch", "x")):
        last = last + "es"
    elif not last.endswith("s"):
        last = plural(last)
    return " ".join(words[:-1] + [last])


COMMON_WORD_RANK = 5000

_LATEST_SAID_YEAR = __import__("datetime").date.today().year + 10
EARLIEST_SAID_YEAR = 1870
"""The window of years a person writes as a year ("from 1994", "before 2030"): one place for every
reader (a number outside it is an amount, not a year)."""


def said_year(v: float | int | None, earliest: int = EARLIEST_SAID_YEAR) -> bool:
    """A whole number a person would write as a year (``earliest`` narrows the window where a bare
    number is ambiguous, e.g. "in 1995" on a catalog with no year column)."""
    return v is not None and float(v).is_integer() and earliest <= v <= _LATEST_SAID_YEAR
"""Words this common ("castle", "projects", "flight") are ordinary words in a request, not a
creator's surname, unless capitalised or after "by"."""


FUNCTION_WORDS = frozenset("""a an the of to in on at for and or but with without my me i im i'm you your it its it's that
this these those some something anything want wanna need pls please stuff thing things kind sort type just really so very
can could would should will what which who where when how is are was were be been do does did have has had get got like
about from by as out up movie movies film films game games book books show shows item items one ones""".split())


def content_words(text: str) -> str:
    """A message's content words, for meaning by embedding: function words and item nouns left
    out, ordinary words such as "time" or "stars" kept (they carry the theme)."""
    return " ".join(t.w for t in tokenize(text) if t.w.isalpha() and t.w not in FUNCTION_WORDS)



_NOUN_OF_VERB = ("ures", "ure", "ments", "ment", "ing")


_IRREGULAR_VERB_NOUNS = {
    "flight": ("fly", "flies", "flew", "flown", "flying"), "loss": ("lose", "loses", "lost", "losing"),
    "death": ("die", "dies", "died", "dying", "dead"), "sale": ("sell", "sells", "sold", "selling"),
    "growth": ("grow", "grows", "grew", "grown", "growing"), "choice": ("choose", "chose", "chosen"),
    "birth": ("born",), "sight": ("see", "saw", "seen", "sighted"), "theft": ("steal", "stole", "stolen"),
    "bite": ("bit", "bitten"), "gift": ("give", "gave", "given"), "proof": ("prove", "proved", "proven"),
}
"""Nouns of irregular verbs: a flag headed by the noun is said by the verb ("flocks that flew")."""


def word_family(w: str) -> set[str]:
    """The forms of the verb a participle names, and its agent noun ("survived" → survive, survives,
    surviving, survivor, survivors, survival): the English words among the regular forms of its stem
    of at least 4 letters; empty for a word that is no participle."""
    if w in _IRREGULAR_VERB_NOUNS:  # `Flight`: "flew", "flown"; `Loss`: "lost"
        return set(_IRREGULAR_VERB_NOUNS[w]) | {w}
    if w.isalpha() and len(w) >= 8 and w.endswith(("ation", "ations")):  # "cavitation": cavity, cavities
        stem = w[:w.rindex("ation")]
        out = {stem + e for e in ("y", "ies", "e", "es", "ed", "ate", "ated") if word_rank(stem + e) is not None}
        return out | ({stem + "ies"} if stem + "y" in out else set()) | {w}
    if w.isalpha() and len(w) >= 8 and w.endswith(("ssion", "ction", "etion")):
        # "confession" → confess, confessed; "completion" → complete: the verb whose past is a word too
        stem = w[:-3] + ("e" if w.endswith("etion") else "")
        past = stem + "d" if stem.endswith("e") else stem + "ed"
        if len(stem) >= 5 and word_rank(stem) is not None and word_rank(past) is not None:
            ing = (stem[:-1] if stem.endswith("e") else stem) + "ing"
            return {f for f in (stem, stem + "s" if not stem.endswith("s") else stem + "es", past, ing) if word_rank(f) is not None} | {w}
        return set()
    if w.isalpha() and len(w) >= 7 and w.endswith(_NOUN_OF_VERB) and not w.endswith("ed"):
        # "failure" → fail, failed, fails, failing; "dredging" → dredge, dredged: the verb a noun is made of
        suffix = next(x for x in _NOUN_OF_VERB if w.endswith(x))
        out = set()
        for stem in {w[:-len(suffix)], w[:-len(suffix)] + "e"}:
            if len(stem) >= 4 and word_rank(stem) is not None:
                out |= {f for f in (stem, stem + "s", stem + "d" if stem.endswith("e") else stem + "ed",
                                    (stem[:-1] if stem.endswith("e") else stem) + "ing") if word_rank(f) is not None}
        return out | {w} if out else set()
    if not w.isalpha() or len(w) < 6 or not w.endswith("ed"):
        return set()
    out = set()
    for stem in {w[:-1], w[:-2]}:  # "survived" → "survive" / "surviv"; "finished" → "finishe" / "finish"
        for e in ("", "e", "es", "s", "ing", "or", "ors", "al", "als", "ed", "ment", "ments"):
            f = stem + e
            if f != w and len(stem) >= 4 and word_rank(f) is not None:
                out.add(f)
    return out | {w}


def unit_word(unit: str, v=None) -> str:
    """A unit written as a word takes the plural its number asks ("43 months", "1 month"; "kg" stays)."""
    try:
        one = float(v) == 1
    except (TypeError, ValueError):
        one = False
    return unit + "s" if unit.isalpha() and len(unit) >= 4 and not unit.endswith("s") and not one else unit


def skeleton_of(piece: str, word: str) -> bool:
    """"rms" of "rooms", "intg" of "integrity": the piece starts the word and its letters follow in order."""
    if len(piece) < 2 or not word or piece[0] != word[0]:
        return False
    k = 1
    for ch in word[1:]:
        if k < len(piece) and ch == piece[k]:
            k += 1
    return k == len(piece)


def numbers_kept(said: str, title: str) -> bool:
    """A loose link keeps the numbers said: each word with a digit is a word of the title ("the 2000s"
    is no "January 2000", "apollo 12" no "Apollo 13")."""
    own = set(norm(title).split())
    return all(x in own for x in norm(said).split() if any(ch.isdigit() for ch in x))
