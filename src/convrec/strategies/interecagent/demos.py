"""Dynamic demonstrations: hand-written (request, plan) seeds with domain placeholders, filled
from the catalog, and the few most similar to the current request chosen by MiniLM embeddings."""

from __future__ import annotations

import json
from collections import Counter
from importlib import resources
from typing import Any

from pathlib import Path

import numpy as np
import pandas as pd
from pydantic import ValidationError

from convrec.catalog.store import PreparedDataset
from convrec.errors import ConvrecError


def placeholder_values(ds: PreparedDataset) -> dict[str, Any]:
    items = ds.items
    top = items.sort_values("popularity", ascending=False)
    titles = [t for t in dict.fromkeys(top["title"].tolist()) if len(t) < 40 and '"' not in t][:4]
    while len(titles) < 4:
        titles.append(titles[-1] if titles else "Example")
    vals: dict[str, Any] = {"item": ds.domain, "ITEM1": titles[0], "ITEM2": titles[1], "ITEM3": titles[2], "ITEM4": titles[3]}
    cols = {c["name"] for c in ds.columns}
    if "genres" in cols:
        g = Counter(v for lst in items["genres"] for v in lst).most_common(6)
        vals["TYPE"], vals["TYPE2"] = g[2][0] if len(g) > 2 else g[0][0], g[-1][0]
    if "tags" in cols:
        t = Counter(v for lst in items["tags"] for v in lst).most_common(3)
        if t:
            vals["TAG"] = t[-1][0]
    if "year" in cols:
        y = _years(items["year"])
        if len(y):
            mid = int(y.median())
            vals.update(DECADE=f"{mid // 10 * 10}s", DECADE_START=mid // 10 * 10, DECADE_END=mid // 10 * 10 + 9,
                        YEAR=mid, MAX_YEAR=int(y.max()) - 1)
    if "price" in cols:
        vals["PRICE"] = 20
    return vals


def _years(col: pd.Series) -> pd.Series:
    """A year column as numbers, however the file wrote it (1976, "1976", "1976-01-01")."""
    y = pd.to_numeric(col, errors="coerce").dropna()
    if len(y) or not len(col.dropna()):
        return y
    return pd.to_datetime(col, errors="coerce").dt.year.dropna()


def _fill(obj, vals: dict[str, Any], sql: bool = False):
    if isinstance(obj, dict):
        return {k: _fill(v, vals, sql=(k == "sql")) for k, v in obj.items()}
    if isinstance(obj, list):
        return [_fill(v, vals, sql) for v in obj]
    if isinstance(obj, str):
        whole = obj[1:-1] if obj.startswith("{") and obj.endswith("}") and obj.count("{") == 1 else None
        if whole is not None and whole in vals and not isinstance(vals[whole], str):
            return vals[whole]  # numbers stay numbers
        out = obj
        for k, v in vals.items():
            s = str(v)
            out = out.replace("{" + k + "}", s.replace("'", "''") if sql else s)
        return out
    return obj


def seed_demos(ds: PreparedDataset) -> list[dict[str, Any]]:
    """The hand-written seeds whose columns the dataset has, placeholders filled from it."""
    text = resources.files("convrec.strategies.interecagent").joinpath("prompts/demos.jsonl").read_text(encoding="utf-8")
    seeds = [json.loads(line) for line in text.splitlines() if line.strip()]
    cols = {c["name"] for c in ds.columns}
    vals = placeholder_values(ds)
    return [{"request": _fill(s["request"], vals), "plan": _fill(s["plan"], vals)}
            for s in seeds if set(s["requires"]) <= cols]


def read_demos(path: Path) -> tuple[list[dict[str, Any]], int]:
    """(request, plan) lines from a JSONL file; lines whose plan does not validate are skipped
    and counted, so a hand-edited file cannot break planning."""
    from convrec.strategies.interecagent.plan import Plan

    if not path.is_file():
        raise ConvrecError(f"demonstrations file {path} does not exist")
    out, bad = [], 0
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip():
            continue
        try:
            d = json.loads(line)
            Plan.model_validate(d["plan"])
            if not isinstance(d["request"], str) or not d["request"].strip():
                raise ValueError("empty request")
        except (ValueError, KeyError, TypeError, ValidationError):
            bad += 1
            continue
        out.append({"request": d["request"].strip(), "plan": d["plan"]})
    return out, bad


class DemoBank:
    """Seeds filled for one dataset; ``select(message, n)`` returns the most similar ones."""

    def __init__(self, ds: PreparedDataset, encoder=None, extra: Path | None = None):
        self.demos = seed_demos(ds)
        self.n_seeds = len(self.demos)
        self.extra_source: Path | None = None
        self.skipped = 0
        if extra is not None:
            self.extra_source = Path(extra)
            more, self.skipped = read_demos(self.extra_source)
            known = {d["request"].lower() for d in self.demos}
            for d in more:
                if d["request"].lower() not in known:
                    known.add(d["request"].lower())
                    self.demos.append(d)
        self.encoder = encoder
        self._vecs = None

    def select(self, message: str, n: int = 3) -> list[dict[str, Any]]:
        if self.encoder is None or not self.demos:
            return self.demos[:n]
        if self._vecs is None:
            self._vecs = self.encoder.encode([d["request"] for d in self.demos])
        q = self.encoder.encode([message])[0]
        order = np.argsort(-(self._vecs @ q), kind="stable")[:n]
        return [self.demos[i] for i in order]


def default_demos_path(config, dataset: str) -> Path:
    """Where ``convrec demos generate`` writes a dataset's demonstrations by default."""
    return config.home / "demos" / f"{dataset}.jsonl"


def demo_bank(catalog, encoder=None):
    """The demonstrations every interface uses: the seeds, plus ``[agent] demos_file`` or the
    file ``convrec demos generate`` wrote for this dataset."""
    config = catalog.config
    extra = config.agent.demos_file
    default = default_demos_path(config, catalog.ds.name)
    if extra is None and default.is_file():
        extra = default
    return DemoBank(catalog.ds, encoder, extra=extra)
