"""The request intent: what one user turn asks for, grounded in one catalog.

Everything in it was linked to the catalog by deterministic code — item mentions to item ids,
attribute words to the catalog's own values, numbers to columns by role — so strategies and
repairs work on it instead of re-reading the message, and every returned item can be checked
against its conditions.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any, Literal

Kind = Literal["recommend", "fact", "count", "catalog", "choice", "chitchat", "refuse"]
Relation = Literal["liked", "disliked", "seen", "reference", "asked", "offered", "accepted", "rejected", "listed"]
Op = Literal["contains", "not_contains", "in", "not_in", "=", "!=", "<", "<=", ">", ">=", "matches", "not_matches", "any_true", "outside", "missing", "present", "any_of"]
Speaker = Literal["user", "other"]

EXCLUDED_RELATIONS = ("liked", "disliked", "seen", "reference", "offered", "accepted", "rejected")
"""Items in these relations are never recommended back (the user knows them already)."""
POSITIVE_RELATIONS = ("liked", "reference", "accepted")
"""Items in these relations are the seeds of preference and similarity ranking."""


@dataclass(frozen=True)
class ItemMention:
    """An item named in the conversation, linked to the catalog."""

    item_id: str
    title: str
    text: str
    """The words that named it."""
    relation: Relation
    speaker: Speaker = "user"
    score: float = 100.0
    """Link confidence on rapidfuzz's 0-100 scale."""


def number_runs(values) -> str:
    """Numbers as runs: (1960, …, 1969, 1990, …, 1999) → "1960–1969 or 1990–1999"; (10, 12) → "10 or 12"."""
    try:
        xs = sorted({float(v) for v in values})
    except (TypeError, ValueError):
        return " or ".join(map(str, values))
    runs: list[list[float]] = []
    for x in xs:
        if runs and x == runs[-1][-1] + 1 and float(x).is_integer():
            runs[-1].append(x)
        else:
            runs.append([x])
    f = lambda v: f"{v:g}"  # noqa: E731
    return " or ".join(f(r[0]) if len(r) == 1 else (f"{f(r[0])} or {f(r[1])}" if len(r) == 2 else f"{f(r[0])}–{f(r[-1])}")
                       for r in runs)


@dataclass(frozen=True)
class Condition:
    """A hard condition on one column, in the catalog's own vocabulary.

    ``contains`` / ``not_contains`` test a list column for one value; ``in`` / ``not_in`` test
    a categorical text column (or a list column) against several values (any of them); numeric
    operators compare a number column.
    """

    column: str
    op: Op
    value: Any
    text: str = ""
    """The words of the message it came from."""
    role: str = ""

    def describe(self) -> str:
        """Short human text: "genres: Comedy", "not Horror", "year ≥ 1990"."""
        if self.op == "outside":  # "under 5k or over 50k"
            lo, hi = (f"${x:g}" if self.role == "price" else f"{x:g}" for x in map(float, self.value))
            return self.text or f"{self.column} under {lo} or over {hi}"
        if self.op == "any_true":
            return self.text or " or ".join(str(v).replace("_", " ") for v in self.value)
        if self.op == "any_of":  # "sulfur above 3% or nitrogen above 6%": (column, op, value) triples, any of them
            v = list(self.value)
            return self.text or " or ".join(f"{v[k]} {v[k + 1]} {v[k + 2]:g}" for k in range(0, len(v) - 2, 3))
        if self.op in ("missing", "present"):
            return f"{'no ' if self.op == 'missing' else 'with a '}{self.column.replace('_', ' ')}"
        if self.role == "flag" or isinstance(self.value, bool):
            name = self.text or self.column.replace("_", " ")
            return name if self.value in (True, 1) and self.op == "=" else f"not {name}"
        if self.op in ("matches", "not_matches"):
            said = " or ".join(f"“{str(v).lstrip('*')}”" for v in (self.value if isinstance(self.value, (list, tuple)) else [self.value]))
            return said if self.op == "matches" else f"not {said}"
        if self.op == "contains":
            return f"{self.value}"
        if self.op == "not_contains":
            return f"not {self.value}"
        if self.op == "in":
            if all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in self.value):
                return f"{self.column} {number_runs(self.value)}"
            return " or ".join(map(str, self.value))
        if self.op == "not_in":
            return "not " + " or ".join(map(str, self.value))
        v = self.value
        if isinstance(v, float) and v.is_integer():
            v = int(v)
        if self.role == "price":
            v = f"${v:g}" if isinstance(v, (int, float)) else v
            if self.op in ("<=", "=") and self.value == 0:
                return "free"
        sym = {">=": "≥", "<=": "≤", "!=": "≠"}.get(self.op, self.op)
        return f"{self.column} {sym} {v}"

    def key(self) -> tuple:
        return (self.column, self.op, str(self.value).lower())


@dataclass(frozen=True)
class SortHint:
    """An ordering the user asked for ("most popular", "highest rated", "newest")."""

    column: str
    descending: bool = True
    text: str = ""


@dataclass(frozen=True)
class RequestIntent:
    """One turn, understood. Built by :func:`convrec.nlu.understand`; never mutated."""

    kind: Kind
    message: str
    k: int | None = None
    """How many items the user asked for (None: not stated)."""
    mentions: tuple[ItemMention, ...] = ()
    conditions: tuple[Condition, ...] = ()
    sort: tuple[SortHint, ...] = ()
    fact_columns: tuple[str, ...] = ()
    """For ``fact``: the columns asked about."""
    soft_values: tuple[tuple[str, str], ...] = ()
    """(column, value) pairs of sparse tag columns the message names: a preference, not a filter."""
    reset: bool = False
    """The user starts over ("something different", "instead")."""
    refine: bool = False
    """The user narrows what they asked for before ("only ones under $5", "and single player")."""
    more: bool = False
    """The user wants other items than the ones just shown ("what else?", "seen those")."""
    anaphora: bool = False
    """"more like that", "similar ones": the request points at items of an earlier turn."""
    dialogue: bool = False
    """The message was a pasted conversation (speakers recognised)."""
    unmatched: tuple[str, ...] = ()
    """Content words that grounded nothing (said back to the user, never guessed)."""
    language: str = "en"
    """The language the message is written in (see :mod:`convrec.nlu.language`); understanding
    reads English, so another language is answered with what can be read, in that language."""
    missing: tuple[str, ...] = ()
    """Names the user asked items to come from ("at Wendy's", "by Banksy") that nothing in the
    catalog carries: the request cannot be met, and the reply says so."""
    absent: tuple[tuple[str, str], ...] = ()
    """(information, the user's words) the request names that no column of this catalog records
    ("director", "directed by Nolan"; "rating", "4.5 stars"): said back in the reply, never ignored."""
    notes: tuple[str, ...] = field(default_factory=tuple)
    """How the intent was read (for the trace): e.g. ``"dialogue: 3 user turns"``."""
    offset: int = 0
    """With ``sort``: how many of the first the user skips ("the 2nd highest paying": 1)."""
    group_by: str = ""
    """For ``count``: the column whose values the items are counted by ("which month had the most
    samples?": month); empty for a plain count."""
    group_fewest: bool = False
    """With ``group_by``: the value the fewest items carry was asked, not the most."""
    group_distinct: bool = False
    """With ``group_by``: how many different values the items carry was asked ("how many different
    counties")."""

    # ------------------------------------------------------------------ views
    def items(self, *relations: str, speaker: str | None = None) -> list[str]:
        """Ids of mentions in any of ``relations`` (all mentions when none given), in order."""
        out = [m.item_id for m in self.mentions
               if (not relations or m.relation in relations) and (speaker is None or m.speaker == speaker)]
        return list(dict.fromkeys(out))

    @property
    def liked(self) -> list[str]:
        return self.items(*POSITIVE_RELATIONS)

    @property
    def disliked(self) -> list[str]:
        return self.items("disliked", "rejected")

    @property
    def excluded(self) -> list[str]:
        """Items never to recommend: everything the user named as known, liked or rejected."""
        return self.items(*EXCLUDED_RELATIONS)

    @property
    def listed(self) -> list[str]:
        """For ``choice``: the items to choose among."""
        return self.items("listed")

    @property
    def asked(self) -> list[str]:
        return self.items("asked")

    @property
    def grounded(self) -> bool:
        """A recommendation request whose every content word was linked to the catalog (items,
        values, numbers, counts): nothing is left for a model to interpret."""
        return self.kind in ("recommend", "choice") and not self.unmatched

    def conditions_on(self, column: str) -> list[Condition]:
        return [c for c in self.conditions if c.column == column]

    @property
    def positive_values(self) -> list[Condition]:
        return [c for c in self.conditions if c.op in ("contains", "in")]

    @property
    def negative_values(self) -> list[Condition]:
        return [c for c in self.conditions if c.op in ("not_contains", "not_in")]

    def to_dict(self) -> dict[str, Any]:
        d = asdict(self)
        d["mentions"] = [{k: v for k, v in m.items() if k != "score"} for m in d["mentions"]]
        return {k: v for k, v in d.items() if v not in ((), [], None, False, "") or k == "kind"}
