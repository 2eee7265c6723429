"""The candidate bus: items flow between tools as ids, never through the prompt.

Each turn starts with the whole catalog (``candidates is None``) or with candidates the user
gave; tools narrow, score and order them. The :class:`Tracker` records every step as
(tool, input, output summary, candidate count, error, milliseconds).
"""

from __future__ import annotations

import time
from dataclasses import asdict, dataclass, field
from typing import Any, Iterable, Sequence


@dataclass
class Step:
    """One tool call, as the tracker records it."""

    tool: str
    input: dict[str, Any]
    output: str
    candidates: int | None
    error: str | None = None
    ms: float = 0.0

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass
class Tracker:
    steps: list[Step] = field(default_factory=list)

    def add(self, step: Step) -> None:
        self.steps.append(step)

    def summary(self, max_chars: int = 600) -> str:
        """Short text of the steps for the reply / critic prompt."""
        lines = []
        for i, s in enumerate(self.steps, 1):
            status = f"ERROR {s.error}" if s.error else s.output
            lines.append(f"{i}. {s.tool}: {status}")
        text = "\n".join(lines)
        return text if len(text) <= max_chars else text[: max_chars - 3] + "..."

    def to_list(self) -> list[dict[str, Any]]:
        return [s.to_dict() for s in self.steps]


class CandidateBus:
    """Current candidates (ordered item ids, or ``None`` = the whole catalog) and scores.

    The candidates are a list of ids, or an :class:`~convrec.models.base.ItemIds` — the same
    sequence of ids held as catalog indices — when a tool produced them in index space (a
    condition over a million items, a ranking of them): they stay integers between tools and
    become strings only where something reads them."""

    def __init__(self, n_catalog: int, candidates: Sequence[str] | None = None):
        self.n_catalog = n_catalog
        self.candidates: Sequence[str] | None = list(dict.fromkeys(candidates)) if candidates is not None else None
        self._scores: tuple[Sequence[str], Sequence[float]] | None = None
        self.ranked = False
        self.tracker = Tracker()
        self.user_given = candidates is not None

    @property
    def count(self) -> int:
        return self.n_catalog if self.candidates is None else len(self.candidates)

    @property
    def scores(self) -> dict[str, float]:
        """The last scores a tool gave, by id (built when read)."""
        if self._scores is None:
            return {}
        ids, sc = self._scores
        return dict(zip(ids, map(float, sc)))

    def set(self, ids: Iterable[str], scores: Sequence[float] | None = None, ranked: bool = False) -> None:
        from convrec.models.base import ItemIds

        if isinstance(ids, ItemIds):
            uniq = ids.unique()
            if scores is not None and len(uniq) != len(ids):  # scores of the first place of each id
                scores = dict(zip(ids.tolist()[::-1], list(scores)[::-1]))
                scores = [scores[i] for i in uniq]
            self.candidates = uniq
        else:
            self.candidates = list(dict.fromkeys(ids))
        if scores is not None:
            self._scores = (self.candidates, scores)
        self.ranked = ranked

    def top(self, k: int) -> list[str]:
        if self.candidates is None:
            return []
        return list(self.candidates[:k])

    def record(self, tool: str, input: dict[str, Any], output: str, error: str | None, started: float) -> Step:
        step = Step(tool, input, output, self.count, error, round((time.perf_counter() - started) * 1000, 1))
        self.tracker.add(step)
        return step


def round_robin(lists) -> list[str]:
    """Several ranked lists merged: each list's first, then each list's second, ...; duplicates
    keep their first place."""
    out: list[str] = []
    seen: set[str] = set()
    for j in range(max((len(p) for p in lists), default=0)):
        for p in lists:
            if j < len(p) and p[j] not in seen:
                seen.add(p[j])
                out.append(p[j])
    return out
