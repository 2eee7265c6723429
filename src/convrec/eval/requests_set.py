"""Free-form requests with ground-truth item sets, built from real interaction data.

For a sampled user with a long enough history, the ground truth is the user's last
``n_truth`` items (what they actually went on to choose) and the request names three earlier
items they liked plus the attribute value most common among the ground truth (the genre or
tag the user was after). Requests are written from templates, not by an LLM, so the set is
reproducible from the dataset alone; ``scripts/build_requests.py`` writes the shipped file.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path
from typing import Any

TEMPLATES = [
    "I liked {liked}. Can you suggest some {value} {item}s?",
    "Looking for {value} {item}s. I enjoyed {liked}.",
    "Recommend me a few {value} {item}s, I'm a fan of {liked}.",
    "After {liked}, I'm in the mood for something {value}. Any ideas?",
]


def build_request_set(ds, n: int = 50, seed: int = 0, n_truth: int = 5, min_history: int = 8) -> list[dict[str, Any]]:
    """``n`` requests from users with at least ``min_history + n_truth`` interactions; a catalog
    whose histories are shorter (Steam's reviews: median 5) gets requests with 3 truth items
    after 3 stated ones instead of none."""
    out = _build(ds, n, seed, n_truth, min_history)
    if len(out) < n and (n_truth, min_history) != (3, 3):
        out = _build(ds, n, seed, 3, 3)
    return out


def _build(ds, n: int, seed: int, n_truth: int, min_history: int) -> list[dict[str, Any]]:
    from convrec.models.base import TrainData

    td = TrainData.from_dataset(ds, include_valid=True)
    test = ds.split("test").set_index("user_id")["item_id"].astype(str)
    items = ds.items.set_index("item_id")
    attr = next((c for c in ("genres", "tags") if c in ds.list_columns), None)
    rng = random.Random(seed)
    order = list(range(len(td.users)))
    rng.shuffle(order)
    out = []
    for u in order:
        seq = [str(x) for x in td.items.ids[td.sequences[u]]]
        user = td.users[u]
        if user in test.index:
            seq.append(test[user])
        if len(seq) < min_history + n_truth:
            continue
        truth, before = seq[-n_truth:], seq[:-n_truth]
        liked = before[-3:]
        value = ""
        if attr:
            c = Counter(v for i in truth for v in (items.at[i, attr] if isinstance(items.at[i, attr], list) else []))
            if c:
                value = c.most_common(1)[0][0]
        titles = [str(items.at[i, "title"]) for i in liked]
        text = rng.choice(TEMPLATES).format(liked=", ".join(titles[:-1]) + " and " + titles[-1], value=value or "good",
                                            item=ds.domain)
        out.append({"id": f"{ds.name}-u{user}", "request": " ".join(text.split()), "history": before[-20:],
                    "truth": truth, "source": "template from the user's real history; truth = their last items"})
        if len(out) >= n:
            break
    return out


def write_request_set(path: Path, rows: list[dict[str, Any]]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")
