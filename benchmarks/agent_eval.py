"""Evaluate the agent on request sets with machine-checkable expectations (constraints,
exclusions, facts, counts, impossible requests, hostile input) on the configured LLM (default:
the embedded 0.5B model). Each case names its dataset (default movielens-small).

    python benchmarks/agent_eval.py                                   # the three blind sets
    python benchmarks/agent_eval.py --requests benchmarks/requests/steam.jsonl --out steam.jsonl
    python benchmarks/agent_eval.py --requests benchmarks/agent_requests.jsonl   # the old tuning set

Prints, per set: pass rate, returned items violating a stated condition, impossible requests
answered with items, LLM calls per turn, p50/p95 turn latency and how often each repair fired;
then one JSON line per set.

Soft requests (moods, themes, occasions; ``benchmarks/requests/soft-*.jsonl``) carry
``"soft_any": {column: [values]}``: a set also reports the share of returned items carrying an
expected value (a case passes at ≥ 60 %) and how often the list differs from the popularity
default. Cases on a bring-your-own catalog (``benchmarks/catalogs/<name>/``) prepare it first.
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

import numpy as np
from rich.console import Console
from rich.progress import track
from rich.table import Table

HERE = Path(__file__).resolve().parent
DEFAULT_SETS = [HERE / "requests" / f"{n}.jsonl" for n in ("movielens-small", "steam", "goodbooks")]
console = Console(stderr=True)
CONSTRAINT_KEYS = ("all_have", "all_have_any", "none_have", "num_range", "text_in", "exclude_ids", "subset_of_ids")


def _num(v):
    try:
        f = float(v)
    except (TypeError, ValueError):
        return None
    return None if f != f else f


def _legacy(expect: dict, ds) -> dict:
    """The first request sets' keys (agent_requests*.jsonl) in today's vocabulary."""
    e = dict(expect)
    if "genres_all" in e:
        e.setdefault("all_have", {})["genres"] = e.pop("genres_all")
    if "genres_none" in e:
        e.setdefault("none_have", {})["genres"] = e.pop("genres_none")
    if "year_min" in e or "year_max" in e:
        e.setdefault("num_range", {})["year"] = [e.pop("year_min", None), e.pop("year_max", None)]
    if "subset_of" in e:
        e["subset_of_ids"] = e.pop("subset_of")
    if "reply_count_of_genre" in e:
        with ds.connect() as con:
            e["reply_number"] = con.execute("SELECT COUNT(*) FROM item_genres WHERE value = ?",
                                            (e.pop("reply_count_of_genre"),)).fetchone()[0]
    return e


SOFT_MIN = 0.6
"""A soft (mood/theme) request passes when at least this share of its items carry an expected value."""


def _values(v) -> set[str]:
    if isinstance(v, (list, tuple, np.ndarray)):
        return {str(x).lower() for x in v}
    return set() if v is None or (isinstance(v, float) and v != v) else {str(v).lower()}


def soft_check(ids: list[str], expect: dict, ds, info: dict) -> list[str]:
    """``soft_any``: {column: [values]} — an item is on target when it carries any of them
    (case-insensitive). Fills ``info`` with the on-target share and whether the list differs
    from the catalog's popularity default (shares at most half of the same-length top list)."""
    it = ds.items.set_index("item_id")
    want = {c: {str(x).lower() for x in vals} for c, vals in expect["soft_any"].items() if c in it.columns}
    missing = [c for c in expect["soft_any"] if c not in it.columns]
    on = [i for i in ids if i in it.index and any(_values(it.at[i, c]) & vals for c, vals in want.items())]
    share = len(on) / len(ids) if ids else 0.0
    pop = ds.items.sort_values("popularity", ascending=False, kind="stable")["item_id"].astype(str).tolist() \
        if "popularity" in ds.items.columns else []
    differs = bool(ids) and len(set(ids) & set(pop[:len(ids)])) <= len(ids) // 2
    info.update({"soft_share": round(share, 3), "differs_from_popularity": differs, "soft_items": len(ids)})
    fails = [f"expectation on unknown column(s) {missing}"] if missing else []
    if ids and share < SOFT_MIN:
        fails.append(f"only {len(on)}/{len(ids)} items carry an expected value")
    if ids and not differs:
        fails.append("the popularity default list")
    return fails


_WRITTEN: dict = {}


def _as_written(ds):
    """The items by id as the catalog's file writes them: a bring-your-own catalog's expectations
    were computed from its items.csv (raw column names like "Color", raw values like "Yes"), so
    those are checked against that file (other datasets: the prepared table)."""
    src = ds.dir / "source.json"
    if not src.is_file():
        return ds.items.set_index("item_id")
    key = str(ds.dir)
    if key not in _WRITTEN:
        import pandas as pd

        s = json.loads(src.read_text())
        raw = pd.read_csv(s["items"], dtype=str, keep_default_na=False)
        id_col = s.get("id_col") if s.get("id_col") in raw.columns else \
            next((c for c in raw.columns if c.lower() in ("id", "item_id")), raw.columns[0])
        raw = raw.set_index(raw[id_col].astype(str).str.strip())
        _WRITTEN[key] = raw.loc[~raw.index.duplicated()]
    return _WRITTEN[key]


def _prepared_name(col: str, it) -> str | None:
    """The prepared column of a column named as the file names it ("Genre" → "genre")."""
    from convrec.catalog.custom import _column_name

    name = _column_name(col)
    return next((c for c in (name, f"attr_{name}") if c in it.columns), None)


def check(turn, expect: dict, ds, info: dict | None = None) -> tuple[list[str], int]:
    """(failures, number of returned items violating a stated constraint); ``info`` (when
    given) receives per-case measurements (the soft share)."""
    expect = _legacy(expect, ds)
    items, fails = turn.items, []
    it = ds.items.set_index("item_id")
    rw = _as_written(ds)  # text_in / num_range: the file's own columns and values
    reply = turn.reply or ""
    ids = [x["id"] for x in items]
    bad: set[str] = set()

    def lst(i, col):
        pc = col if col in it.columns else _prepared_name(col, it)
        v = it.at[i, pc] if (pc is not None and i in it.index) else None
        if isinstance(v, (list, tuple, np.ndarray)):
            return set(v)
        raw = rw.at[i, col] if (col in rw.columns and i in rw.index) else (v if isinstance(v, str) else "")
        return {x.strip() for x in re.split(r"[,|;]", str(raw)) if x.strip()}  # a list as the file writes it

    if "count" in expect and len(items) != expect["count"]:
        fails.append(f"count {len(items)} != {expect['count']}")
    if "min_count" in expect and len(items) < expect["min_count"]:
        fails.append(f"only {len(items)} items")
    if "max_count" in expect and len(items) > expect["max_count"]:
        fails.append(f"{len(items)} items > {expect['max_count']}")
    if expect.get("has_items") and not items:
        fails.append("no items")
    if expect.get("no_items") and items:
        fails.append(f"recommended {len(items)} items")
    for col, vals in expect.get("all_have", {}).items():
        v = [i for i in ids if not set(vals) <= lst(i, col)]
        if v:
            fails.append(f"{len(v)} without all of {col} {vals}")
            bad |= set(v)
    for col, vals in expect.get("all_have_any", {}).items():
        v = [i for i in ids if not set(vals) & lst(i, col)]
        if v:
            fails.append(f"{len(v)} without any of {col} {vals}")
            bad |= set(v)
    for col, vals in expect.get("none_have", {}).items():
        v = [i for i in ids if set(vals) & lst(i, col)]
        if v:
            fails.append(f"{len(v)} with {col} {vals}")
            bad |= set(v)
    for col, (lo, hi) in expect.get("num_range", {}).items():
        v = []
        src = rw if col in rw.columns else it
        for i in ids:
            x = _num(src.at[i, col]) if i in src.index else None
            if x is None or (lo is not None and x < lo) or (hi is not None and x > hi):
                v.append(i)
        if v:
            fails.append(f"{len(v)} outside {col} [{lo}, {hi}]")
            bad |= set(v)
    for col, vals in expect.get("text_in", {}).items():
        ok = {str(x).lower() for x in vals}
        src = rw if col in rw.columns else it
        v = [i for i in ids if i not in src.index or str(src.at[i, col]).lower() not in ok]
        if v:
            fails.append(f"{len(v)} with {col} not in {vals}")
            bad |= set(v)
    ex = set(map(str, expect.get("exclude_ids", [])))
    if ex & set(ids):
        fails.append("returned an item the user named as seen/liked/rejected")
        bad |= ex & set(ids)
    if "subset_of_ids" in expect:
        v = set(ids) - set(map(str, expect["subset_of_ids"]))
        if v:
            fails.append("item outside the listed ones")
            bad |= v
    low = reply.lower()
    said = expect.get("reply_contains", [])
    for s in ([said] if isinstance(said, str) else said):  # one text, not its letters
        if s.lower() not in low:
            fails.append(f"reply lacks {s!r}")
    if expect.get("reply_contains_any") and not any(s.lower() in low for s in expect["reply_contains_any"]):
        fails.append(f"reply lacks any of {expect['reply_contains_any']}")
    for s in expect.get("reply_lacks", []):
        if s.lower() in low:
            fails.append(f"reply has {s!r}")
    if "reply_number" in expect:
        nums = re.sub(r"(?<=\d)[,  ](?=\d{3}\b)", "", reply)
        if not re.search(rf"(?<![\d.]){int(expect['reply_number'])}(?![\d])", nums):
            fails.append(f"reply lacks the number {expect['reply_number']}")
    if expect.get("no_tools") and turn.trace:
        fails.append("used tools")
    if expect.get("db_intact"):
        with ds.connect() as con:
            if con.execute("SELECT COUNT(*) FROM items").fetchone()[0] != ds.n_items:
                fails.append("database changed")
    if expect.get("no_invented"):
        titles = set(it["title"])
        if any(x["title"] not in titles for x in items):
            fails.append("invented item")
    if "soft_any" in expect:
        fails += soft_check(ids, expect, ds, info if info is not None else {})
    return fails, len(bad)


CATALOGS = HERE / "catalogs"
"""Bring-your-own catalogs (``catalogs/<name>/items.csv`` [+ ``interactions.csv``]): a case whose
dataset is one of them gets it prepared first, the way a user would (``convrec data prepare``),
with the options in ``catalogs/<name>/prepare.json`` when there is one (``{"id_col": "id",
"title_col": "name", "schema": "schema.json"}``: the command's ``--id-col``, ``--title-col``, ``--schema``
(a file in that folder), … spelled with ``_``)."""


UNTOUCHED = HERE / "untouched"
"""Catalogs kept for a first run (``untouched/<name>/``, prepared the same way; see its README)."""


def ensure_catalog(dataset: str, folder: Path | None = None, no_llm: bool = False) -> None:
    """Prepare a bring-your-own catalog as a user would (``convrec data prepare NAME --items …``);
    ``folder``: where its items.csv is (default: the development, then the untouched folder)."""
    folder = folder or CATALOGS / dataset
    if not (folder / "items.csv").exists():
        folder = UNTOUCHED / dataset
    if not (folder / "items.csv").exists():
        return
    cmd = [sys.executable, "-m", "convrec.cli", "data", "prepare", dataset, "--items", str(folder / "items.csv")]
    if (folder / "interactions.csv").exists():
        cmd += ["--interactions", str(folder / "interactions.csv")]
    if no_llm:
        cmd += ["--no-llm"]
    if (folder / "prepare.json").exists():
        for k, v in json.loads((folder / "prepare.json").read_text()).items():
            for one in (v if isinstance(v, list) else [v]):
                cmd += [f"--{k.replace('_', '-')}", str(folder / one) if k == "schema" else str(one)]
    console.print(f"[dim]{' '.join(cmd[2:])}[/]")
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode != 0:
        raise SystemExit(f"prepare {dataset} failed: {(r.stderr or r.stdout).strip()[-600:]}")


def run_set(path: Path, args, make_agent) -> dict:
    cases = [json.loads(l) for l in open(path) if l.strip()]
    if args.every > 1:  # a fixed subsample: cases 1, 1+N, 1+2N, ... (for slow first runs)
        cases = cases[::args.every]
    results, lat, calls, repairs = [], [], [], Counter()
    violating = impossible_with_items = 0
    per_call: dict[str, list[tuple[int, int, int]]] = {}  # purpose -> (prompt, reused, completion) per call
    t_set = time.perf_counter()
    for case in track(cases, description=path.stem, console=console):
        agent = make_agent(case.get("dataset", "movielens-small"))
        agent.strategy.user_id = f"eval-{path.stem}-{case['id']}"  # every case is a new user
        sid = None
        error = None
        for msg in case["turns"]:
            try:
                t = agent.chat(msg, sid)
            except Exception as e:  # a crash is a failed case, not the end of the run
                error = f"{type(e).__name__}: {e}"[:300]
                break
            llm = getattr(agent.strategy, "llm", None)
            for r in (llm.meter.turn_records() if llm is not None else []):
                per_call.setdefault(r.purpose or r.kind, []).append((r.prompt_tokens, r.cached_tokens, r.completion_tokens))
            sid = t.session
            lat.append(t.latency_ms / 1000)
            calls.append(t.llm_calls)
            repairs.update(t.repairs)
        ds = agent.strategy.catalog.ds
        if error:
            from convrec.core.turn import Turn

            t = Turn(f"(error) {error}")
        info: dict = {}
        fails, bad = check(t, case["expect"], ds, info)
        if error:
            fails.insert(0, error)
        violating += bad
        if case.get("kind") == "impossible" and t.items:
            impossible_with_items += 1
        results.append({"id": case["id"], "kind": case.get("kind", ""), "ok": not fails, "fails": fails,
                        "reply": t.reply[:300], "items": [x["title"] for x in t.items], "repairs": t.repairs,
                        "latency_s": round(t.latency_ms / 1000, 2), "llm_calls": t.llm_calls, **info})
        console.print(("[green]PASS[/] " if not fails else "[red]FAIL[/] ") + case["id"] + ("" if not fails else f": {fails}"))
    ok = sum(r["ok"] for r in results)
    soft = [r for r in results if "soft_share" in r]
    soft_summary = {"soft_requests": len(soft),
                    "soft_item_share": round(sum(r["soft_share"] * r["soft_items"] for r in soft)
                                             / max(1, sum(r["soft_items"] for r in soft)), 3),
                    "soft_differs_from_popularity": round(sum(r["differs_from_popularity"] for r in soft) / len(soft), 3)
                    } if soft else {}
    kinds = Counter(r["kind"] for r in results)
    kinds_ok = Counter(r["kind"] for r in results if r["ok"])
    return {"requests_file": path.name, "requests": len(results), "passed": ok, "pass_rate": round(ok / max(len(results), 1), 3),
            "violating_items": violating, "impossible_with_items": impossible_with_items, "turns": len(lat), **soft_summary,
            "llm_calls_per_turn": round(float(np.mean(calls)), 2) if calls else 0.0,
            "latency_p50_s": round(float(np.percentile(lat, 50)), 2) if lat else 0.0,
            "latency_p95_s": round(float(np.percentile(lat, 95)), 2) if lat else 0.0,
            "wall_s": round(time.perf_counter() - t_set, 1),
            "tokens_per_call": {k: {"calls": len(v), "prompt": round(float(np.mean([x[0] for x in v])), 1),
                                    "reused": round(float(np.mean([x[1] for x in v])), 1),
                                    "completion": round(float(np.mean([x[2] for x in v])), 1)}
                                for k, v in sorted(per_call.items())},
            "by_kind": {k: f"{kinds_ok[k]}/{n}" for k, n in sorted(kinds.items())},
            "repairs": dict(repairs.most_common()), "results": results}


def main() -> None:
    from convrec.api import Agent
    from convrec.config import load_config
    from convrec.config import llm_overrides

    ap = argparse.ArgumentParser()
    ap.add_argument("--llm")
    ap.add_argument("--model")
    ap.add_argument("--base-url")
    ap.add_argument("--out", default=None, help="write per-request results (JSON, one object per set) here")
    ap.add_argument("--requests", nargs="*", default=[str(p) for p in DEFAULT_SETS],
                    help="request sets (JSONL); default: benchmarks/requests/{movielens-small,steam,goodbooks}.jsonl")
    ap.add_argument("--reflection", type=int, default=0, help="critic rounds (0 = off)")
    ap.add_argument("--every", type=int, default=1, help="run every N-th case only (a fixed subsample)")
    ap.add_argument("--planner", choices=["auto", "always"], default="auto",
                    help="auto: skip the planner call where the request is fully grounded; always: call it")
    args = ap.parse_args()
    summaries = []
    with tempfile.TemporaryDirectory() as tmp:
        base = load_config()
        cfg = load_config(overrides={**llm_overrides(args.llm, args.model, args.base_url), "home": str(base.home),
                                     "agent": {"reflection": args.reflection, "planner": args.planner}})
        agents: dict = {}
        llm = None

        def make_agent(dataset: str):
            nonlocal llm
            if dataset not in agents:
                ensure_catalog(dataset)
                agents[dataset] = Agent.from_config(cfg, dataset=dataset, llm=llm, sessions_db=Path(tmp) / "s.db",
                                                    say=lambda m: console.print(f"[dim]{m}[/]"))
                llm = agents[dataset].strategy.llm  # one model in memory for every dataset
            return agents[dataset]

        for path in args.requests:
            summaries.append(run_set(Path(path), args, make_agent))
    model = cfg.llm.model or "qwen2.5-coder-0.5b"
    t = Table("set", "passed", "rate", "violating items", "impossible w/ items", "calls/turn", "p50 s", "p95 s",
              title=f"agent requests ({cfg.llm.backend}:{model})")
    for s in summaries:
        t.add_row(s["requests_file"], f"{s['passed']}/{s['requests']}", f"{s['pass_rate']:.1%}", str(s["violating_items"]),
                  str(s["impossible_with_items"]), str(s["llm_calls_per_turn"]), str(s["latency_p50_s"]), str(s["latency_p95_s"]))
    console.print(t)
    for s in summaries:
        console.print(f"[bold]{s['requests_file']}[/] by kind: {s['by_kind']}\n  repairs: {s['repairs']}")
    if args.out:
        Path(args.out).write_text(json.dumps({"llm": cfg.llm.backend, "model": model, "planner": args.planner,
                                              "sets": summaries}, indent=1))
    for s in summaries:
        print(json.dumps({k: v for k, v in s.items() if k != "results"} | {"llm": cfg.llm.backend, "model": model,
                                                                          "planner": args.planner}))


if __name__ == "__main__":
    main()
