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

from convrec.catalog.text import norm

ActKind = Literal["why", "tell_more", "more", "relative", "recall", "profile", "forget", "forget_me", "reset"]


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
    forget_me: tuple[str, ...]
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
                  phrases("profile"), phrases("forget"), phrases("forget_me"), phrases("start_over"),
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


def start_over_phrases(lang: str = "en") -> tuple[str, ...]:
    """The phrases that start a conversation over ("never mind", "restart")."""
    return _words(lang).start_over


def read_act(message: str, lang: str = "en", plural_words: frozenset[str] = frozenset(),
             loose: bool = False) -> ConversationAct | None:
    """The conversation act ``message`` is, or None (a request, a question, small talk).
    ``plural_words``: the catalog's item nouns ("movies", "movie"), filler in a move ("older movies").
    ``loose``: a "more" or relative phrase stands whatever else the message says (the caller
    knows nothing else in it is grounded: "seen all of these lol, what else")."""
    w = _words(lang)
    raw = message.strip()
    text = norm(raw)
    if not text or len(text.split()) > 24:
        return None
    extra = set(plural_words) | {"titles", "title", "suggestion", "suggestions", "pick", "picks", "pls", "plz", "wait",
                                  "so", "hmm", "oh", "well", "actually", "ok", "okay", "um", "also", "anything", "else"}
    if len(text.split()) <= 12 and _find(text, w.forget_me) and not text.startswith(("don't forget", "do not forget")):
        # deletes memory: read from the lexicon only (a meaning match never clears what a person told us)
        return ConversationAct("forget_me")
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
    related = (re.match(r"^how (?:is|are|does|do) (.+?) (?:related|relate|connected|connect|fit|fits) (?:to|with)\b", text)
               or re.match(r"^how (?:is|are) (.+?) (?:like|similar to|anything like)\b", text))
    if related and related.group(1) not in ("you", "u", "i", "we", "this", "that", "it", "they", "things"):
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
        if re.search(rf"(?:^| ){re.escape(p)}(?: |$)", text) and (loose or _only_filler(_left(text, p), w, extra)):
            return ConversationAct("relative", role=role, direction=direction)
    hit = _find(text, w.more)
    if hit and (loose or _only_filler(_left(text, hit[0]), w, extra)):
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


# ---------------------------------------------------------------------- the brain's reading
RELATIVE_OPTIONS = (("time", "lower", "older", "older {items}"), ("time", "higher", "newer", "newer {items}"),
                    ("price", "lower", "cheaper", "cheaper {items}"), ("price", "higher", "pricier", "pricier {items}"),
                    ("rating", "higher", "higher_rated", "better rated {items}"),
                    ("popularity", "higher", "more_popular", "better known {items}"),
                    ("popularity", "lower", "less_known", "lesser known {items}"),
                    ("duration", "lower", "shorter", "shorter {items}"), ("duration", "higher", "longer", "longer {items}"))


def brain_options(roles: set[str], items_word: str) -> dict[str, tuple[str, ConversationAct | None]]:
    """The acts a message may be read as by the brain, for a catalog whose columns have ``roles``
    (a relative move only where the catalog can tell it): name → (what it means, the act)."""
    out: dict[str, tuple[str, ConversationAct | None]] = {
        "why_list": ("why these were recommended (the list as a whole)", ConversationAct("why")),
        "why_item": ("why one item of the list was recommended", ConversationAct("why", ordinal=0)),
        "details_item": ("more details about one item of the list", ConversationAct("tell_more", ordinal=0)),
        "more": ("more results like these, not shown yet", ConversationAct("more")),
        "recall_request": ("what the user asked for earlier", ConversationAct("recall")),
        "profile": ("what the recommender knows about the user", ConversationAct("profile")),
    }
    for role, direction, name, words in RELATIVE_OPTIONS:
        if role in roles:
            out[name] = (words.format(items=items_word) + " than the list", ConversationAct("relative", role=role,
                                                                                          direction=direction))
    out["none"] = ("anything else: a new or different request, a question, small talk", None)
    return out


def brain_schema(options: dict[str, tuple[str, ConversationAct | None]], n_items: int):
    """The schema of the brain's answer: one of ``options``, and a list position where it needs one."""
    from typing import Literal as _Literal, Optional

    from pydantic import BaseModel, Field, create_model

    choice = _Literal[tuple(options)]  # type: ignore[valid-type]
    return create_model("FollowUp", __base__=BaseModel,
                        option=(choice, Field(description="the option the message asks for")),
                        position=(Optional[int], Field(default=None, ge=1, le=max(n_items, 1),
                                                       description="why_item / details_item: 1 = first")))


def brain_act_of(options: dict[str, tuple[str, ConversationAct | None]], option: str, position: int | None) -> ConversationAct | None:
    """The act the brain's answer stands for (an item act without a position is not one)."""
    act = options.get(option, ("", None))[1]
    if act is None:
        return None
    if act.ordinal is not None:
        if position is None:
            return None
        return ConversationAct(act.kind, ordinal=position - 1)
    return act


# ---------------------------------------------------------------------- by meaning, and by ellipsis
MEANING_MIN = 0.5
"""A follow-up is read as the act of its closest example only at this cosine or above…"""
MEANING_MARGIN = 0.05
"""…and only when that is this much closer than the closest request / small-talk example."""
ITEM_MIN = 0.2
"""A message that points at a list position ("#2", "the 3rd") is an item act at this cosine."""
RESET_MIN = 0.65
"""Starting over drops the conversation's context: it needs a closer example."""
POLARITY_MARGIN = 0.06
"""Sentence embeddings place opposites close ("older" / "more recent"): a relative move is read
only when it is this much closer than its opposite on the same column."""
_RELATIVE_LABELS = {"older": ("time", "lower"), "newer": ("time", "higher"), "cheaper": ("price", "lower"),
                    "pricier": ("price", "higher"), "higher_rated": ("rating", "higher"),
                    "more_popular": ("popularity", "higher"), "less_known": ("popularity", "lower"),
                    "shorter": ("duration", "lower"), "longer": ("duration", "higher")}
_DIGIT_ORDINAL = re.compile(r"(?:^| )(?:#|no |number )?(\d{1,2})(?:st|nd|rd|th)?(?: |$)")


POINTING_WORDS = frozenset({"that", "it", "that one", "this one"})
"""Ordinal entries that only point ("why that one?"): no list position on their own."""


def _any_ordinal(text: str, w: _Words) -> int | None:
    """A list position the message names: an ordinal word ("third", "last", "top") or a number
    ("#2", "the 3rd", "number 4"); pointing words ("that", "it") are none."""
    for p, n in w.ordinals:
        if p not in POINTING_WORDS and re.search(rf"(?:^| ){re.escape(p)}(?: |$)", text):
            return n
    m = _DIGIT_ORDINAL.search(text)
    if m and 1 <= int(m.group(1)) <= 30:
        return int(m.group(1)) - 1
    return None


@lru_cache(maxsize=4)
def _examples(lang: str = "en") -> tuple[tuple[str, str], ...]:
    from convrec.nlu.lexicon import load_lexicon

    ex = load_lexicon(lang).data.get("act_examples", {})
    return tuple((label, p) for label, phrases in ex.items() for p in phrases)


_VECS: dict[tuple[int, str], object] = {}


def meaning_act(message: str, encoder, roles: set[str], lang: str = "en") -> tuple[ConversationAct | None, str, float]:
    """A follow-up read by meaning: the label of the closest example of ``[act_examples]``
    (MiniLM ``encoder``), when it is close enough and closer than any request example; relative
    moves only on ``roles`` the catalog has; an item act needs an ordinal in the message.
    Returns (act or None, label, cosine)."""
    import numpy as np

    ex = [(lb, p) for lb, p in _examples(lang)
          if lb not in _RELATIVE_LABELS or _RELATIVE_LABELS[lb][0] in roles]
    if not ex or encoder is None:
        return None, "", 0.0
    key = (id(encoder), lang + "|" + ",".join(sorted(roles)))
    if key not in _VECS:
        v = np.asarray(encoder.encode([p for _, p in ex]), dtype=np.float32)
        _VECS[key] = v / np.maximum(np.linalg.norm(v, axis=1, keepdims=True), 1e-9)
    vecs = _VECS[key]
    q = np.asarray(encoder.encode([message])[0], dtype=np.float32)
    sims = vecs @ (q / max(float(np.linalg.norm(q)), 1e-9))
    best: dict[str, float] = {}
    for (lb, _), s in zip(ex, sims.tolist()):
        best[lb] = max(best.get(lb, -1.0), s)
    none = best.pop("none", -1.0)
    if not best:
        return None, "none", none
    w = _words(lang)
    text = norm(message)
    n = _any_ordinal(text, w)
    if n is not None:  # it points at a list position: which of the two item acts is it closer to
        label = max(("why_item", "details_item"), key=lambda lb: best.get(lb, -1.0))
        sim = best.get(label, -1.0)
        if sim >= ITEM_MIN:  # nothing grounded, a list shown, a position named: it is about that item
            return ConversationAct("why" if label == "why_item" else "tell_more", ordinal=n), label, sim
    label, sim = max(best.items(), key=lambda x: x[1])
    if sim < (RESET_MIN if label == "reset" else MEANING_MIN) or sim < none + MEANING_MARGIN:
        return None, label, sim
    if label in _RELATIVE_LABELS:
        role, direction = _RELATIVE_LABELS[label]
        opposite = next((lb for lb, (r, d) in _RELATIVE_LABELS.items() if r == role and d != direction), None)
        if opposite is not None and sim < best.get(opposite, -1.0) + POLARITY_MARGIN:
            return None, label, sim  # too close to its opposite to tell the direction
        return ConversationAct("relative", role=role, direction=direction), label, sim
    if label in ("why_item", "details_item"):
        return (ConversationAct("why"), label, sim) if label == "why_item" else (None, label, sim)
    kind = {"why_list": "why", "more": "more", "recall": "recall", "profile": "profile", "reset": "reset"}[label]
    return ConversationAct(kind), label, sim


def ellipsis_act(message: str, previous: dict | None, lang: str = "en",
                 plural_words: frozenset[str] = frozenset()) -> ConversationAct | None:
    """"and the third?" right after a "why" or "tell me more" answer: the same act on another
    item of the same list (an ordinal and filler words only)."""
    if not previous or previous.get("kind") not in ("why", "tell_more"):
        return None
    w = _words(lang)
    text = norm(message)
    if not text or len(text.split()) > 8:
        return None
    n = _any_ordinal(text, w)
    if n is None:
        return None
    rest = _DIGIT_ORDINAL.sub(" ", _ordinal(text, w)[1]).strip()
    extra = set(plural_words) | {"and", "what", "about", "how", "the", "one", "ok", "okay", "then", "also", "oh", "hmm",
                                 "so", "well", "now", "next", "for", "is", "with", "that"}
    if rest and not _only_filler(rest, w, extra):
        return None
    return ConversationAct(previous["kind"], ordinal=n)
