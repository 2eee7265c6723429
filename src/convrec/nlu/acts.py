"""Conversation acts: messages about the conversation itself rather than a new request.

"why the second one?", "why?", "tell me more about X", "more", "older", "cheaper", "what did I
ask?", "what do you know about me?", "forget that I like X", "start over". :func:`read_act`
reads them with the language's lexicon (``[acts]`` of ``lexicons/<lang>.toml``); which item an
act points at (an ordinal, a title of the last answer) is resolved by the turn loop against the
session's stored turns (:mod:`convrec.core.acts`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

from convrec.nlu.text import norm

ActKind = Literal["why", "tell_more", "more", "relative", "recall", "profile", "forget", "reset"]


@dataclass(frozen=True)
class ConversationAct:
    kind: ActKind
    ordinal: int | None = None
    """an item of the last answer by position (0 = first, -1 = last); None: by name, or the list"""
    rest: str = ""
    """the words after the act's trigger (a title, or for "start over. X" the new request)"""
    role: str = ""
    """relative: the role of the column moved (time, price, rating, popularity, duration)"""
    direction: str = ""
    """relative: lower | higher"""
    first: bool = False
    """recall: the first request of the conversation (else the latest)"""

    def to_dict(self) -> dict:
        return {k: v for k, v in self.__dict__.items() if v not in (None, "", False)}


@dataclass(frozen=True)
class _Words:
    why: tuple[str, ...]
    tell_more: tuple[str, ...]
    more: tuple[str, ...]
    recall: tuple[str, ...]
    recall_first: tuple[str, ...]
    profile: tuple[str, ...]
    forget: tuple[str, ...]
    start_over: tuple[str, ...]
    filler: frozenset[str]
    ordinals: tuple[tuple[str, int], ...]
    relative: tuple[tuple[str, str, str], ...]


@lru_cache(maxsize=4)
def _words(lang: str = "en") -> _Words:
    from convrec.nlu.lexicon import load_lexicon

    a = load_lexicon(lang).data.get("acts", {})

    def phrases(key: str) -> tuple[str, ...]:
        return tuple(sorted({norm(p) for p in a.get(key, []) if norm(p)}, key=lambda p: -len(p)))

    return _Words(phrases("why"), phrases("tell_more"), phrases("more"), phrases("recall"), phrases("recall_first"),
                  phrases("profile"), phrases("forget"), phrases("start_over"),
                  frozenset(w for p in a.get("filler", []) for w in norm(p).split()),
                  tuple(sorted(((norm(w), int(n)) for w, n in a.get("ordinals", [])), key=lambda x: -len(x[0]))),
                  tuple(sorted(((norm(w), r, d) for w, r, d in a.get("relative", [])), key=lambda x: -len(x[0]))))


def _find(text: str, phrases) -> tuple[str, int] | None:
    """The longest phrase found on word boundaries, with its position."""
    for p in phrases:
        m = re.search(rf"(?:^| ){re.escape(p)}(?: |$)", text)
        if m:
            return p, m.start()
    return None


def _left(text: str, phrase: str) -> str:
    return re.sub(rf"(?:^| ){re.escape(phrase)}(?: |$)", " ", text, count=1).strip()


def _only_filler(text: str, w: _Words, extra: set[str] = frozenset()) -> bool:
    return all(t in w.filler or t in extra for t in text.split())


def _ordinal(text: str, w: _Words) -> tuple[int | None, str]:
    for p, n in w.ordinals:
        if re.search(rf"(?:^| ){re.escape(p)}(?: |$)", text):
            return n, _left(text, p)
    return None, text


def read_act(message: str, lang: str = "en", plural_words: frozenset[str] = frozenset()) -> ConversationAct | None:
    """The conversation act ``message`` is, or None (a request, a question, small talk).
    ``plural_words``: the catalog's item nouns ("movies", "movie"), filler in a move ("older movies")."""
    w = _words(lang)
    raw = message.strip()
    text = norm(raw)
    if not text or len(text.split()) > 24:
        return None
    extra = set(plural_words) | {"titles", "title", "suggestion", "suggestions", "pick", "picks", "pls", "plz", "wait",
                                  "so", "hmm", "oh", "well", "actually", "ok", "okay", "um", "also", "anything", "else"}
    hit = _find(text, w.start_over)
    if hit:
        rest_raw = re.split(r"(?i)\b" + r"\W+".join(map(re.escape, hit[0].split())) + r"\b[\s.,!:;-]*", raw, maxsplit=1)
        rest = rest_raw[-1].strip() if len(rest_raw) > 1 else ""
        return ConversationAct("reset", rest=rest if norm(rest) and not _only_filler(norm(rest), w, extra) else "")
    hit = _find(text, w.profile)
    if hit and len(text.split()) <= 12:
        return ConversationAct("profile")
    hit = _find(text, w.recall)
    if hit and len(text.split()) <= 14:
        return ConversationAct("recall", first=_find(text, w.recall_first) is not None)
    hit = _find(text, w.forget)
    if hit and not text.startswith(("don't forget", "do not forget")):
        rest = _left(text, hit[0])
        rest = re.sub(r"\b(from|in|out of) (my )?(likes|favorites|favourites|profile|list|preferences)\b", " ", rest)
        rest = re.sub(r"\b(i like|i liked|i love|i loved|that)\b", " ", rest).strip()
        if rest and not _only_filler(rest, w, extra):
            return ConversationAct("forget", rest=rest)
    related = re.match(r"^how (?:is|are|does|do) (.+?) (?:related|relate|connected|connect|fit|fits) (?:to|with)\b", text)
    if related:
        return ConversationAct("why", rest=related.group(1))
    hit = _find(text, w.why)
    if hit and hit[1] <= 12:
        rest = _left(text, hit[0])
        rest = re.sub(r"\b(a good (pick|choice|fit|match)|for me|good for me|related to what i like|"
                      r"would i like|did you (pick|choose|include|recommend|suggest)|you picked|you chose|is it there|"
                      r"the reasoning behind|reasoning|reason for)\b", " ", rest).strip()
        n, rest2 = _ordinal(rest, w)
        if n is not None and _only_filler(rest2, w, extra):
            return ConversationAct("why", ordinal=n)
        if _only_filler(rest, w, extra):
            return ConversationAct("why")  # the last list as a whole
        return ConversationAct("why", rest=rest)
    for p, role, direction in w.relative:
        if re.search(rf"(?:^| ){re.escape(p)}(?: |$)", text) and _only_filler(_left(text, p), w, extra):
            return ConversationAct("relative", role=role, direction=direction)
    hit = _find(text, w.more)
    if hit and _only_filler(_left(text, hit[0]), w, extra):
        return ConversationAct("more")
    hit = _find(text, w.tell_more)
    if hit and hit[1] <= 8:
        rest = _left(text, hit[0])
        n, rest2 = _ordinal(rest, w)
        if n is not None and _only_filler(rest2, w, extra):
            return ConversationAct("tell_more", ordinal=n)
        if rest and not _only_filler(rest, w, extra):
            return ConversationAct("tell_more", rest=rest)
    return None
