"""The one normalised schema every dataset is loaded into.

Items: ``item_id`` (the dataset's native id, as text), ``title``, typed attributes and, once
prepared, ``popularity`` (interaction count in the training split).
Interactions: ``user_id``, ``item_id`` (text), ``timestamp`` (unix seconds, nullable),
``rating`` (nullable); row order in the frame is the order in the source file, which breaks
ties (and is the only order where a dataset has no timestamps).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

import pandas as pd

ColumnType = Literal["text", "integer", "real", "list", "boolean"]

ITEM_ID = "item_id"
TITLE = "title"
POPULARITY = "popularity"


@dataclass(frozen=True)
class ColumnSpec:
    """One item column: its name, type, and what it means (shown to the LLM)."""

    name: str
    type: ColumnType
    meaning: str


@dataclass
class RawDataset:
    """A dataset as loaded from its source files, before filtering and splitting.

    Attributes
    ----------
    name
        Registry name, e.g. ``movielens-small``.
    domain
        What an item is, in words ("movie", "game"); used in prompts.
    items
        One row per catalog item; columns are exactly ``[c.name for c in columns]``.
    columns
        Column specs, ``item_id`` and ``title`` first.
    interactions
        ``user_id, item_id, timestamp, rating`` in source-file order.
    users
        Optional user attributes (``user_id`` first).
    notes
        Loader facts worth reporting (e.g. interactions that could not be joined).
    """

    name: str
    domain: str
    items: pd.DataFrame
    columns: list[ColumnSpec]
    interactions: pd.DataFrame
    users: pd.DataFrame | None = None
    notes: dict[str, int | str] = field(default_factory=dict)

    def column(self, name: str) -> ColumnSpec:
        for c in self.columns:
            if c.name == name:
                return c
        raise KeyError(name)


def empty_interactions() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "user_id": pd.Series(dtype=str),
            "item_id": pd.Series(dtype=str),
            "timestamp": pd.Series(dtype="Int64"),
            "rating": pd.Series(dtype="float64"),
        }
    )
