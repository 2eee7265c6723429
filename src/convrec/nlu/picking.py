"""The rows of the catalog that value and number conditions pick, read at understanding time
("the 1927 yankees" is one season; "than December 2008" is one bill)."""

from __future__ import annotations

import numpy as np
import pandas as pd

from convrec.nlu.intent import Condition
from convrec.nlu.vocab import Vocabulary


def rows_matching(vocab: Vocabulary, conds: list[Condition]) -> np.ndarray | None:
    """Positions of the items meeting every condition; None when one cannot be read here."""
    items = vocab.items
    keep = None
    for c in conds:
        if c.column not in items.columns:
            return None
        col = items[c.column]
        if c.op in ("in", "not_in") and isinstance(c.value, (list, tuple)):
            m = col.astype(str).str.strip().str.lower().isin({str(v).strip().lower() for v in c.value})
            if all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in c.value):
                m = m | pd.to_numeric(col, errors="coerce").isin([float(v) for v in c.value])
            m = ~m if c.op == "not_in" else m
        elif c.op == "matches" and isinstance(c.value, (list, tuple)):  # words of the items' own text ("boston")
            from convrec.tools.filters import word_pattern

            text = col.fillna("").astype(str)
            m = pd.Series(True, index=col.index)
            for v in c.value:
                m &= text.str.contains(word_pattern(str(v)))
        elif c.op in ("=", "!=") and isinstance(c.value, bool):  # a yes/no column ("the celebrity from michigan")
            truth = col.map(lambda v: v is True or v == 1 or str(v).strip().lower() in ("true", "yes", "1"))
            m = truth if (c.op == "=") == c.value else ~truth
        elif c.op in ("=", "!=", "<", "<=", ">", ">=") and isinstance(c.value, (int, float)) and not isinstance(c.value, bool):
            x = pd.to_numeric(col, errors="coerce")
            m = {"=": x == c.value, "!=": x != c.value, "<": x < c.value, "<=": x <= c.value, ">": x > c.value,
                 ">=": x >= c.value}[c.op]
        else:
            return None
        keep = m if keep is None else keep & m
    return None if keep is None else np.flatnonzero(keep.fillna(False).to_numpy())
