"""Recommendation dialogues attached to a catalog: real conversations whose next recommended
item is known (ReDial turns mapped to MovieLens ids for ``movielens-small``).

They serve twice: ``convrec eval dialogues`` replays them, and the preference ranker learns
from the ``tune`` fold how people in a conversation choose (``holdout`` is only ever
reported). A fold is a fixed split by line: ``tune`` = even lines, ``holdout`` = odd lines.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from convrec.errors import ConvrecError

FOLDS = ("all", "tune", "holdout")
SPEAKERS = {"user": "user", "seeker": "user", "recommender": "assistant", "system": "assistant", "assistant": "assistant"}
DIALOGUE_FILES = {"movielens-small": "redial-dev/cases.jsonl"}
"""Dataset → its dialogue file under the data root."""
FIT_FOLD = "tune"
"""The fold the preference ranker may learn from."""
BUNDLED = Path(__file__).resolve().parent / "bundled"
FIT_FILES = {"movielens-small": BUNDLED / "redial-tune" / "cases.jsonl"}
"""Dataset → the dialogue turns its ranker learns from, shipped in the package (the ``tune``
fold of its dialogue file): the same on every install, whether or not the data folder is there."""


@dataclass
class Dialogue:
    dialogue_id: str
    messages: list[dict[str, str]]
    """The conversation up to and including the user's last message (role user / assistant)."""
    targets: list[str]
    mentioned: list[str] = field(default_factory=list)
    line: int = 0
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def user_text(self) -> str:
        return " ".join(m["content"] for m in self.messages if m["role"] == "user")


def parse_context(text: str) -> list[dict[str, str]]:
    """``User: ...`` / ``Recommender: ...`` lines → chat messages (unlabelled lines continue
    the previous turn)."""
    out: list[dict[str, str]] = []
    for line in text.splitlines():
        head, sep, rest = line.partition(":")
        role = SPEAKERS.get(head.strip().lower()) if sep else None
        if role is None:
            if out:
                out[-1]["content"] += " " + line.strip()
            continue
        out.append({"role": role, "content": rest.strip()})
    return [m for m in out if m["content"]]


def read_dialogues(path: Path, fold: str = "all", known: set[str] | None = None) -> list[Dialogue]:
    """The dialogues of a file in the redial-dev format (``context``, ``targets``,
    ``mentioned``, optional extra keys kept in ``extra``). A conversation that does not end
    with the user, or with no target in ``known``, is skipped."""
    path = Path(path)
    if not path.is_file():
        raise ConvrecError(f"dialogue cases {path} do not exist (set --cases or CONVREC_DATA)")
    if fold not in FOLDS:
        raise ConvrecError(f"--fold must be one of {', '.join(FOLDS)}")
    out = []
    for line_no, line in enumerate(path.read_text(encoding="utf-8").splitlines()):
        if not line.strip() or (fold == "tune" and line_no % 2) or (fold == "holdout" and not line_no % 2):
            continue
        try:
            r = json.loads(line)
            msgs = parse_context(r["context"])
            targets = [str(t) for t in r["targets"]]
        except (ValueError, KeyError, TypeError, AttributeError) as e:
            raise ConvrecError(f"{path}:{line_no + 1}: not a dialogue case ({e})") from None
        if not msgs or msgs[-1]["role"] != "user":
            continue
        if known is not None and not any(t in known for t in targets):
            continue
        extra = {k: v for k, v in r.items() if k not in ("context", "targets", "mentioned", "id")}
        out.append(Dialogue(str(r.get("id", line_no)), msgs, targets, [str(x) for x in r.get("mentioned", [])],
                            line_no, extra))
    return out


def fit_dialogues_file(dataset: str) -> Path | None:
    """The shipped dialogue turns the preference ranker of ``dataset`` learns from (all of the
    file's lines are of the ``tune`` fold), or None."""
    p = FIT_FILES.get(dataset)
    return p if p is not None and p.is_file() else None


def dialogues_file(data_root: Path, dataset: str) -> Path | None:
    """The dialogue file of a dataset, when it has one and it is on this machine."""
    rel = DIALOGUE_FILES.get(dataset)
    if rel is None:
        return None
    p = Path(data_root) / rel
    return p if p.is_file() else None
