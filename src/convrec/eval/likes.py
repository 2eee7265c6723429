"""``convrec eval likes``: "I loved A, B and C — what else would I like?" over the whole catalog.

The most common request a recommender gets, measured on real people. For each held-out user
of a dataset, ``k`` of their favourite items (4.5★ and up on a 5-star scale; every item where
the data has no ratings) are stated in one request, in several phrasings; the targets are the
user's *other* liked items (4★ and up); the answer is the agent's list, taken through the
same path a user's request takes (a new session, the agent's own understanding, planning,
tools and verification), scored over the whole catalog (only the stated items excluded):

- ``Recall@10`` = hits in the top 10 / min(10, number of targets), ``NDCG@10`` (binary gains,
  the ideal list has min(10, targets) hits), ``HR@10`` (any hit);
- the same seeds ranked by each of the agent's tools alone (popularity, ItemCF, the order-free
  SASRec, MiniLM text similarity, the preference ranker), in the same run, so the agent is
  always reported beside what its own parts would have answered;
- 95 % confidence intervals over users (normal approximation) and, per phrasing, the paired
  difference to the best tool.

**No leakage.** The held-out users are removed from the data every model is trained on: the
protocol prepares a copy of the dataset without them (``$CONVREC_HOME/eval/likes-home``; same
items, same text encodings, models retrained on the remaining users, the preference ranker
fitted on those users — the *tune* split) and runs the agent on that copy. A user's targets
are therefore in no model, as for a new user of the product.
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import shutil
import sqlite3
import statistics
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Callable, Sequence

import numpy as np
import pandas as pd

from convrec.catalog.process import TRAIN, user_likes
from convrec.strategies import DEFAULT_STRATEGY
from convrec.config import Config
from convrec.errors import ConvrecError
from convrec.filelock import file_lock

PHRASINGS: dict[str, str] = {
    "listed": "I loved {titles}. What else would I like?",
    "like": "{Plural} like {titles}, please.",
    "fan": "Big fan of {titles}; what should I try next?",
    "pasted": "User: Hi! Can you recommend me some {plural}?\nRecommender: Sure! What have you enjoyed lately?\n"
              "User: I loved {titles}. What else would I like?",
    "messages": "I loved {titles}. What else would I like?",
}
"""How the stated items are said. ``pasted`` is a conversation pasted into one message (as into
``convrec ask``); ``messages`` is the same conversation given as earlier messages (as the
OpenAI-compatible API and a session give it)."""
MESSAGES_CONTEXT = [{"role": "user", "content": "Hi! Can you recommend me some {plural}?"},
                    {"role": "assistant", "content": "Sure! What have you enjoyed lately?"}]
DEFAULT_PHRASINGS = ("listed", "like", "fan", "pasted", "messages")
TOOLS = ("popularity", "itemcf", "sasrec-set", "content", "pref-ranker")
"""The agent's tools, each ranking the whole catalog from the stated items alone."""
K = 10
HOME = "likes-home"
COPY_VERSION = 1


@dataclass
class LikesCase:
    user: str
    seeds: list[str]
    targets: list[str]


@dataclass
class LikesSpec:
    dataset: str
    n: int = 250
    """held-out users (the protocol's cases)"""
    k: int = 3
    """items stated per request"""
    phrasings: tuple[str, ...] = DEFAULT_PHRASINGS
    strategy: str = DEFAULT_STRATEGY
    seed: int = 0
    agent_users: int | None = None
    """run the agent on the first N cases only (the tools always score all of them)"""
    history: int = 0
    """also run every agent request after N unrelated earlier asks by the same user (other
    people's "I loved A, B and C" requests, each in its own session, as on one machine's
    ``convrec ask``): rows ``<phrasing>+h<N>`` beside the ones without history"""


# ---------------------------------------------------------------------- users and cases
def _h(text: str) -> str:
    return hashlib.sha1(text.encode()).hexdigest()


def held_out_users(likes: dict[str, tuple[list[str], list[str]]], n: int, k: int, seed: int = 0) -> list[str]:
    """``n`` users with at least ``k`` loved items and one other liked item, chosen by a hash of
    their id (stable across machines and runs)."""
    ok = [u for u, (loved, liked) in likes.items() if len(set(loved)) >= k and len(set(liked) | set(loved)) > k]
    ok.sort(key=lambda u: _h(f"likes:{seed}:{u}"))
    if len(ok) < n:
        raise ConvrecError(f"only {len(ok)} users have {k} loved items and another liked one (asked for {n}): "
                           "lower --n or --k")
    return ok[:n]


HISTORY_USER = "likes-history"


def history_requests(likes: dict[str, tuple[list[str], list[str]]], exclude: Sequence[str], n: int, k: int,
                     seed: int = 0) -> list[list[str]]:
    """``n`` unrelated earlier asks: ``k`` loved items each of ``n`` users who are not cases
    (chosen by a hash of their id, stable across runs)."""
    skip = set(exclude)
    ok = [u for u, (loved, _) in likes.items() if u not in skip and len(set(loved)) >= k]
    ok.sort(key=lambda u: _h(f"history:{seed}:{u}"))
    if len(ok) < n:
        raise ConvrecError(f"only {len(ok)} other users have {k} loved items (asked for --history {n})")
    return [c.seeds for c in make_cases(likes, ok[:n], k, seed + 1)]


def make_cases(likes: dict[str, tuple[list[str], list[str]]], users: Sequence[str], k: int, seed: int = 0) -> list[LikesCase]:
    out = []
    for u in users:
        loved, liked = likes[u]
        rng = np.random.default_rng(int(_h(f"seeds:{seed}:{u}")[:8], 16))
        pool = list(dict.fromkeys(loved))
        seeds = [pool[i] for i in sorted(rng.choice(len(pool), k, replace=False))]
        targets = [i for i in dict.fromkeys(liked + loved) if i not in set(seeds)]
        out.append(LikesCase(u, seeds, targets))
    return out


# ---------------------------------------------------------------------- the dataset copy
def protocol_config(config: Config) -> Config:
    """The configuration of the protocol's home: the same settings, another cache directory
    (its LLM files are the main home's)."""
    home = config.home / "eval" / HOME
    home.mkdir(parents=True, exist_ok=True)
    llm_dir = config.home / "llm"
    link = home / "llm"
    if llm_dir.is_dir() and not link.exists():
        try:
            link.symlink_to(llm_dir.resolve(), target_is_directory=True)
        except OSError:
            pass
    return config.model_copy(update={"home": home})


def copy_without(config: Config, base, users: Sequence[str], say: Callable[[str], None] | None = None):
    """The prepared dataset ``base`` without ``users``' interactions, in the protocol's home
    (made once per base preparation and user set). Items, roles and item-text encodings are
    the base's; every model is trained again on what remains."""
    from convrec.catalog.store import PreparedDataset

    pcfg = protocol_config(config)
    key = _h(json.dumps([COPY_VERSION, base.manifest.get("fingerprint"), base.manifest.get("prepared_at"), sorted(users)]))[:16]
    d = pcfg.dataset_dir(base.name)

    def current() -> bool:
        try:
            return json.loads((d / "manifest.json").read_text()).get("likes_protocol", {}).get("key") == key
        except (OSError, ValueError):
            return False

    if current():
        return pcfg, PreparedDataset(base.name, d)
    with file_lock(d.with_name(f".{d.name}.lock"), waiting=lambda: say and say("waiting for another run making the protocol's copy")):
        if not current():
            _write_copy(base, d, users, key, say)
    return pcfg, PreparedDataset(base.name, d)


def _write_copy(base, d: Path, users: Sequence[str], key: str, say: Callable[[str], None] | None) -> None:
    if say:
        say(f"preparing the protocol's copy of '{base.name}' without the {len(users)} held-out users")
    tmp = d.with_name(d.name + f".tmp{os.getpid()}")
    if tmp.exists():
        shutil.rmtree(tmp)
    tmp.mkdir(parents=True)
    shutil.copy2(base.dir / "items.db", tmp / "items.db")
    for extra in ("roles.json", "source.json"):
        if (base.dir / extra).is_file():
            shutil.copy2(base.dir / extra, tmp / extra)
    inter = base.interactions
    inter = inter[~inter["user_id"].astype(str).isin(set(users))].reset_index(drop=True)
    inter.to_parquet(tmp / "interactions.parquet", index=False)
    pop = inter.loc[inter["split"] == TRAIN, "item_id"].astype(str).value_counts()
    with sqlite3.connect(tmp / "items.db") as con:  # popularity = the remaining users' training counts
        con.execute("UPDATE items SET popularity = 0")
        con.executemany("UPDATE items SET popularity = ? WHERE item_id = ?", [(int(v), str(i)) for i, v in pop.items()])
    m = dict(base.manifest)
    m.update({"users": int(inter["user_id"].nunique()), "interactions": int(len(inter)),
              "split": {s: int((inter["split"] == s).sum()) for s in ("train", "valid", "test")},
              "fingerprint": f"{m.get('fingerprint')}-likes-{key}",
              "likes_protocol": {"key": key, "held_out_users": len(users), "base": str(base.dir)}})
    (tmp / "manifest.json").write_text(json.dumps(m, indent=1, default=str))
    emb = base.dir / "models" / "embeddings"
    if (emb / "weights.npz").is_file():  # item texts only: nothing of any user
        shutil.copytree(emb, tmp / "models" / "embeddings")
    if d.exists():
        shutil.rmtree(d)
    tmp.rename(d)


# ---------------------------------------------------------------------- requests and scores
def join_titles(titles: Sequence[str]) -> str:
    titles = list(titles)
    return titles[0] if len(titles) == 1 else ", ".join(titles[:-1]) + " and " + titles[-1]


def render(phrasing: str, titles: Sequence[str], plural: str) -> tuple[str, list[dict] | None]:
    """(message, earlier messages or None) for one phrasing."""
    fill = {"titles": join_titles(titles), "plural": plural, "Plural": plural[:1].upper() + plural[1:]}
    msg = PHRASINGS[phrasing].format(**fill)
    ctx = [{**m, "content": m["content"].format(**fill)} for m in MESSAGES_CONTEXT] if phrasing == "messages" else None
    return msg, ctx


def score(ranked: Sequence[str], targets: Sequence[str], k: int = K) -> dict[str, float]:
    t = set(targets)
    top = list(ranked)[:k]
    gains = [1.0 if i in t else 0.0 for i in top]
    hits = sum(gains)
    ideal = min(k, len(t))
    dcg = sum(g / math.log2(r + 2) for r, g in enumerate(gains))
    idcg = sum(1 / math.log2(r + 2) for r in range(ideal))
    return {"hits": hits, "recall": hits / ideal if ideal else 0.0, "ndcg": dcg / idcg if idcg else 0.0,
            "hr": 1.0 if hits else 0.0, "n_items": len(top)}


def tool_lists(catalog, seeds: Sequence[str], text: str, k: int = K) -> dict[str, list[str]]:
    """Each tool's top ``k`` over the whole catalog from the stated items alone."""
    from convrec.models.base import Context

    out: dict[str, list[str]] = {}
    seeds = list(seeds)
    for name in TOOLS:
        try:
            if name == "popularity":
                ids, _ = catalog.model("popularity").rank(Context(seeds, ordered=False), k=k)
            elif name == "itemcf":
                ids, _ = catalog.model("itemcf").rank(Context(seeds, ordered=False), k=k)
            elif name == "sasrec-set":
                ids, _ = catalog.model("sasrec-set").rank(Context(seeds, ordered=False), k=k)
            elif name == "content":
                ids, _ = catalog.model("embeddings").rank(Context(seeds, ordered=False), k=k)
            else:
                ids, _ = catalog.ranker().rank(Context(seeds, ordered=False, text=text), k=k)
        except ConvrecError:
            continue
        out[name] = [str(i) for i in ids if str(i) not in set(seeds)][:k]
    return out


# ---------------------------------------------------------------------- the run
@dataclass
class Row:
    user: str
    system: str
    phrasing: str
    items: list[str]
    hits: float
    recall: float
    ndcg: float
    hr: float
    n_items: int
    latency_s: float | None = None
    llm_calls: int | None = None
    message: str = ""
    extra: dict[str, Any] = field(default_factory=dict)


def run_likes(config: Config, spec: LikesSpec, out_dir: Path, say: Callable[[str], None] | None = None,
              progress: Callable[[int, int], None] | None = None, llm=None) -> dict[str, Any]:
    """Run the protocol and return its summary (also written to ``out_dir``)."""
    from convrec.api import Agent
    from convrec.catalog.store import open_dataset
    from convrec.core.catalog import CatalogAccess

    say = say or (lambda _m: None)
    bad = [p for p in spec.phrasings if p not in PHRASINGS]
    if bad:
        raise ConvrecError(f"unknown phrasing(s) {', '.join(bad)} (choose from {', '.join(PHRASINGS)})")
    t_start = time.perf_counter()
    base = open_dataset(config, spec.dataset, progress=say)
    if int(base.manifest.get("interactions", 0)) == 0:
        raise ConvrecError(f"dataset '{base.name}' has no interactions: there are no users to hold out")
    likes = user_likes(base.interactions)
    users = held_out_users(likes, spec.n, spec.k, spec.seed)
    cases = make_cases(likes, users, spec.k, spec.seed)
    pcfg, ds = copy_without(config, base, users, say)
    from convrec.setup import chat_artifacts
    from convrec.models.registry import load_or_train

    cat_tools = CatalogAccess(ds, pcfg, say=say)
    for art in chat_artifacts(ds):  # trained once per copy, with progress lines
        t = time.perf_counter()
        cat_tools.model(art) if art != "pref-ranker" else cat_tools.ranker()
        if time.perf_counter() - t > 1:
            say(f"{art}: ready in {time.perf_counter() - t:.0f} s")
    out_dir.mkdir(parents=True, exist_ok=True)
    rows: list[Row] = []
    plural = _plural(cat_tools)
    n_agent = len(cases) if spec.agent_users is None else min(spec.agent_users, len(cases))
    runs = 2 if spec.history else 1
    total = len(cases) + n_agent * len(spec.phrasings) * runs + spec.history
    done = 0
    for c in cases:
        titles = [cat_tools.distinct_title(i) for i in c.seeds]
        text, _ = render("listed", titles, plural)
        for name, ids in tool_lists(cat_tools, c.seeds, text).items():
            rows.append(Row(c.user, name, "-", ids, **score(ids, c.targets)))
        done += 1
        if progress:
            progress(done, total)
    if n_agent and spec.phrasings:
        agent = Agent.from_config(pcfg, base.name, llm=llm, say=say, strategy=spec.strategy,
                                  sessions_db=out_dir / "sessions.db")
        strat = agent.strategy
        acat = getattr(strat, "catalog", cat_tools)
        store = getattr(strat, "store", None)
        remembered = None
        if spec.history:  # N unrelated earlier asks by one user, once; every case then starts from that memory
            if store is None:
                raise ConvrecError(f"strategy '{spec.strategy}' keeps no sessions: --history does not apply")
            store.forget_user(HISTORY_USER)
            strat.user_id = HISTORY_USER
            for seeds in history_requests(likes, users, spec.history, spec.k, spec.seed):
                msg, _ = render("listed", [acat.distinct_title(i) for i in seeds], plural)
                strat.turn(msg, None)
                done += 1
                if progress:
                    progress(done, total)
            remembered = store.long_term(HISTORY_USER, acat.ds.name)
            say(f"history: {spec.history} earlier asks, {len(remembered.like_ids)} liked items remembered")
        for c in cases[:n_agent]:
            titles = [acat.distinct_title(i) for i in c.seeds]
            for ph in spec.phrasings:
                msg, ctx = render(ph, titles, plural)
                for h in ((0, spec.history) if spec.history else (0,)):
                    user = f"likes-{c.user}-{ph}" + (f"-h{h}" if h else "")  # no profile carried between cases
                    if h:
                        store.forget_user(user)
                        store.put_long_term(user, acat.ds.name, remembered)
                    strat.user_id = user
                    t = time.perf_counter()
                    turn = strat.turn(msg, None, context=ctx) if ctx else strat.turn(msg, None)
                    dt = time.perf_counter() - t
                    ids = [str(it.get("id")) for it in turn.items]
                    linked = [m.get("item_id") for m in (turn.intent or {}).get("mentions", [])]
                    rows.append(Row(c.user, "agent", ph + (f"+h{h}" if h else ""), ids, **score(ids, c.targets),
                                    latency_s=round(dt, 3), llm_calls=int(turn.llm_calls or 0), message=msg,
                                    extra={"seeds_linked": sum(s in linked for s in c.seeds),
                                           "repairs": list(turn.repairs), "memory": turn.memory}))
                    done += 1
                    if progress:
                        progress(done, total)
    with open(out_dir / "rows.jsonl", "w", encoding="utf-8") as f:
        for r in rows:
            f.write(json.dumps(asdict(r)) + "\n")
    summary = summarize(rows, spec)
    summary.update({"dataset": base.name, "users": len(cases), "agent_users": n_agent, "k": spec.k,
                    "strategy": spec.strategy, "copy": {"users": ds.manifest["users"], "interactions": ds.manifest["interactions"]},
                    "total_time_s": round(time.perf_counter() - t_start, 1), "spec": asdict(spec)})
    (out_dir / "summary.json").write_text(json.dumps(summary, indent=1))
    (out_dir / "cases.jsonl").write_text("".join(json.dumps(asdict(c)) + "\n" for c in cases))
    return summary


def _plural(catalog) -> str:
    try:
        from convrec.nlu import build_card

        return build_card(catalog.vocab).plural
    except Exception:  # noqa: BLE001 - the noun only words the request
        from convrec.catalog.text import noun_plural

        return noun_plural(catalog.domain)


def _ci(xs: Sequence[float]) -> tuple[float, float]:
    if not xs:
        return 0.0, 0.0
    m = float(np.mean(xs))
    half = 1.96 * statistics.stdev(xs) / math.sqrt(len(xs)) if len(xs) > 1 else 0.0
    return m, half


def summarize(rows: Sequence[Row], spec: LikesSpec | None = None) -> dict[str, Any]:
    """Per (system, phrasing): mean and 95 % CI of Recall / NDCG / HR @10 over users, items
    shown, latency and LLM calls; for the agent, the paired Recall difference to the best
    tool on the same users; the ratio to popularity."""
    by: dict[tuple[str, str], list[Row]] = {}
    for r in rows:
        by.setdefault((r.system, r.phrasing), []).append(r)
    out_rows = []
    for (system, ph), rs in by.items():
        rec, rec_h = _ci([r.recall for r in rs])
        nd, nd_h = _ci([r.ndcg for r in rs])
        hr, hr_h = _ci([r.hr for r in rs])
        lat = [r.latency_s for r in rs if r.latency_s is not None]
        calls = [r.llm_calls for r in rs if r.llm_calls is not None]
        out_rows.append({"system": system, "phrasing": ph, "n": len(rs), "recall": round(rec, 4), "recall_ci": round(rec_h, 4),
                         "ndcg": round(nd, 4), "ndcg_ci": round(nd_h, 4), "hr": round(hr, 4), "hr_ci": round(hr_h, 4),
                         "items_shown": round(float(np.mean([r.n_items for r in rs])), 2),
                         "latency_p50_s": round(float(np.median(lat)), 3) if lat else None,
                         "latency_p95_s": round(float(np.percentile(lat, 95)), 3) if lat else None,
                         "llm_calls_per_turn": round(float(np.mean(calls)), 3) if calls else None})
    tools = [r for r in out_rows if r["system"] != "agent"]
    best = max(tools, key=lambda r: r["recall"]) if tools else None
    pop = next((r for r in tools if r["system"] == "popularity"), None)
    per_user = {(r.system, r.phrasing, r.user): r.recall for r in rows}
    for r in out_rows:
        if r["system"] != "agent":
            continue
        if best is not None:
            diffs = [per_user[("agent", r["phrasing"], u)] - per_user[(best["system"], "-", u)]
                     for (s, p, u) in per_user if s == "agent" and p == r["phrasing"] and (best["system"], "-", u) in per_user]
            d, h = _ci(diffs)
            r["vs_best_tool"] = {"tool": best["system"], "diff": round(d, 4), "ci": round(h, 4), "n": len(diffs)}
        if pop is not None and pop["recall"] > 0:
            r["x_popularity"] = round(r["recall"] / pop["recall"], 3)
    lists = {(r.phrasing, r.user): r.items for r in rows if r.system == "agent"}
    for r in out_rows:
        if r["system"] != "agent" or "+h" not in r["phrasing"]:
            continue
        base = r["phrasing"].split("+h")[0]
        pairs = [(lists[(base, u)], b) for (p, u), b in lists.items() if p == r["phrasing"] and (base, u) in lists]
        if pairs:  # how far N unrelated earlier asks moved the list: shared items of the top 10, identical lists
            r["history_overlap"] = round(float(np.mean([len(set(a[:K]) & set(b[:K])) / max(1, len(a[:K]))
                                                        for a, b in pairs])), 4)
            r["history_same"] = round(float(np.mean([a[:K] == b[:K] for a, b in pairs])), 4)
            by_base = next((x for x in out_rows if x["system"] == "agent" and x["phrasing"] == base), None)
            if by_base is not None:
                r["history_delta_recall"] = round(r["recall"] - by_base["recall"], 4)
    return {"rows": out_rows, "best_tool": best["system"] if best else None}


def table_markdown(summary: dict[str, Any]) -> str:
    """The summary as a Markdown table (agent rows first, then the tools, best first)."""
    rows = sorted(summary["rows"], key=lambda r: (r["system"] != "agent", -r["recall"]))
    hist = any("history_overlap" in r for r in rows)
    lines = ["| system | phrasing | users | Recall@10 | NDCG@10 | HR@10 | items | Δ Recall vs best tool | × popularity | "
             "p50 s | LLM calls |" + (" top 10 shared with h0 | same list |" if hist else ""),
             "|---|---|---|---|---|---|---|---|---|---|---|" + ("---|---|" if hist else "")]
    for r in rows:
        vs = r.get("vs_best_tool")
        lines.append(f"| {r['system']} | {r['phrasing']} | {r['n']} | {r['recall']:.3f} ± {r['recall_ci']:.3f} | "
                     f"{r['ndcg']:.3f} ± {r['ndcg_ci']:.3f} | {r['hr']:.3f} | {r['items_shown']:.1f} | "
                     + (f"{vs['diff']:+.3f} ± {vs['ci']:.3f} ({vs['tool']})" if vs else "–") + " | "
                     + (f"{r['x_popularity']:.2f}" if r.get("x_popularity") is not None else "–") + " | "
                     + (f"{r['latency_p50_s']:.2f}" if r.get("latency_p50_s") is not None else "–") + " | "
                     + (f"{r['llm_calls_per_turn']:.2f}" if r.get("llm_calls_per_turn") is not None else "–") + " |"
                     + ((f" {r['history_overlap']:.3f} | {r['history_same']:.3f} |" if "history_overlap" in r else " – | – |")
                        if hist else ""))
    return "\n".join(lines)
