"""Development loop for the ReDial protocol without touching the holdout: 2-fold
cross-validation inside the ``tune`` fold.

Each half of the tune fold is answered by the agent without its LLM (``--ablate llm``), with
the preference ranker's dialogue-taught weights and dialogue counts fitted on the *other* half
only (the user queries are shared). Prints Recall@1/5/10/20 -mentioned of the agent and of the
ranker alone (no conditions), pooled over both halves, with 95 % intervals, as one JSON line.

    python benchmarks/redial_cv.py                 # all views
    python benchmarks/redial_cv.py --groups cf,seq,content,priors,text   # without the dialogue counts
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

import numpy as np


def recall(ranked: list[str], truth: list[str], mentioned: set[str], k: int) -> float:
    ranked = [i for i in ranked if i not in mentioned]
    t = [x for x in truth if x not in mentioned]
    return sum(x in ranked[:k] for x in t) / len(t) if t else float("nan")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--groups", default="", help="ranker views to use (comma list; default all)")
    ap.add_argument("--no-agent", action="store_true", help="only the ranker alone (faster)")
    ap.add_argument("--conv-share", type=float, default=0.95, help="share of the dialogue turns in the ranker's loss")
    ap.add_argument("--dump", default="", help="write per-case lists to this JSONL")
    args = ap.parse_args()

    from convrec.strategies import StrategyDeps, build_strategy
    from convrec.catalog.store import open_dataset
    from convrec.config import load_config
    from convrec.eval.build import apply_ablations
    from convrec.eval.harness import default_dialogues_file, dialogue_cases
    from convrec.models.base import Context
    from convrec.models.prefrank import GROUPS
    from convrec.models.registry import train_pref_ranker
    from convrec.core.catalog import CatalogAccess

    cfg = load_config()
    ds = open_dataset(cfg, "movielens-small")
    cat = CatalogAccess(ds, cfg)
    groups = tuple(g for g in GROUPS if not args.groups or g in args.groups.split(","))
    rows = cat.conversation_queries()
    by_id = {r["id"]: r for r in rows}
    cases = dialogue_cases(default_dialogues_file(cfg), 10_000, "tune", set(ds.items["item_id"].astype(str)))
    halves = [cases[0::2], cases[1::2]]
    res = {"agent": {k: [] for k in (1, 5, 10, 20)}, "ranker": {k: [] for k in (1, 5, 10, 20)}}
    dump = open(args.dump, "w") if args.dump else None
    t0 = time.perf_counter()
    tmp = Path(tempfile.mkdtemp(prefix="redial-cv-"))
    for h, half in enumerate(halves):
        other = {c.case_id for c in halves[1 - h]}
        conv = [by_id[i] for i in by_id if i in other]
        ranker = train_pref_ranker(ds, cfg, groups=list(groups), get=cat.model, conversations=conv,
                                   conv_share=args.conv_share)
        print(f"half {h}: fitted on {len(conv)} turns, w_conv {ranker.weights(True)}", file=sys.stderr)
        cat._models["pref-ranker"] = ranker
        cat.ranker_groups = None
        strat = None
        if not args.no_agent:
            from convrec.llm.factory import make_llm

            strat = build_strategy("interecagent", StrategyDeps.from_config(cfg, cat, "interecagent", make_llm(cfg), sessions_db=tmp / f"s{h}.db", k=20))
            apply_ablations(strat, cat, ("llm",))
            cat._models["pref-ranker"] = ranker
        for c in half:
            mentioned = set(c.meta["mentioned"])
            r = by_id.get(c.case_id)
            words = " ".join(m["content"] for m in list(c.context) + [{"role": "user", "content": c.request}]
                             if m["role"] == "user")
            liked = r["liked"] if r else []
            dis = r["disliked"] if r else []
            seen = set(r["seen"]) if r else set()
            ids, s = ranker.score(Context(liked, dis, ordered=False, text=words, conversational=True,
                                          mentioned=r.get("mentioned", []) if r else []))
            rk = [i for i, v in zip(ids, s) if np.isfinite(v) and i not in seen][:50]
            ag = []
            if strat is not None:
                strat.user_id = f"cv:{c.case_id}"
                turn = strat.turn(c.request, strat.new_session(), k=20, context=c.context)
                ag = [it["id"] for it in turn.items]
            for k in (1, 5, 10, 20):
                res["ranker"][k].append(recall(rk, c.truth, mentioned, k))
                if strat is not None:
                    res["agent"][k].append(recall(ag, c.truth, mentioned, k))
            if dump:
                dump.write(json.dumps({"case": c.case_id, "truth": c.truth, "agent": ag[:20], "ranker": rk[:20],
                                       "liked": liked}) + "\n")
    out = {"n": sum(len(h) for h in halves), "groups": list(groups), "conv_share": args.conv_share, "seconds": round(time.perf_counter() - t0, 1)}
    for name, d in res.items():
        if not d[10]:
            continue
        for k, v in d.items():
            a = np.asarray(v, float)
            a = a[~np.isnan(a)]
            out[f"{name}_r@{k}"] = round(float(a.mean()), 4)
            if k == 10:
                out[f"{name}_r@10_ci"] = round(float(1.96 * a.std(ddof=1) / np.sqrt(len(a))), 4)
    print(json.dumps(out))


if __name__ == "__main__":
    main()
