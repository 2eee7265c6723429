"""Does the local LLM know which films people suggest? (ReDial tune fold only.)

The LLM reads a conversation and names 10 films as JSON; each is linked back to the catalog;
Recall@10 (-mentioned) of what the human recommender suggested next. Prints one line per case.

    python benchmarks/llm_knows_films.py "" 40                     # the embedded 0.5B model
    python benchmarks/llm_knows_films.py qwen2.5-coder-1.5b 40     # the 1.5B model
"""
import json, sys, time
from pydantic import BaseModel, Field
from convrec.config import load_config
from convrec.llm.factory import make_llm
from convrec.catalog.store import open_dataset
from convrec.core.catalog import CatalogAccess

model = sys.argv[1] if len(sys.argv) > 1 else None
N = int(sys.argv[2]) if len(sys.argv) > 2 else 40
cfg = load_config()
if model:
    cfg.llm.model = model
llm = make_llm(cfg)
ds = open_dataset(cfg, "movielens-small")
cat = CatalogAccess(ds, cfg)

class Titles(BaseModel):
    titles: list[str] = Field(max_length=10)

cases = [json.loads(l) for i, l in enumerate(open(str(cfg.data_root / 'redial-dev' / 'cases.jsonl'))) if i % 2 == 0][:N]
out = []
hits = 0; tot = 0; linked = 0; named = 0
t0 = time.time()
for c in cases:
    msgs = [{"role": "system", "content": "You are a movie expert. Suggest 10 real movies (title and year) the user would enjoy next, given the conversation. Do not repeat movies already mentioned."},
            {"role": "user", "content": c["context"][-1200:]}]
    try:
        r = llm.generate_json(msgs, Titles, max_tokens=220)
        titles = r.titles
    except Exception as e:
        titles = []
    ids, links = cat.link(titles)
    named += len(titles); linked += len(ids)
    ids = [i for i in ids if i not in set(c["mentioned"])][:10]
    h = sum(t in ids for t in c["targets"] if t not in c["mentioned"]) / max(1, len([t for t in c["targets"] if t not in c["mentioned"]]))
    hits += h; tot += 1
    out.append({"id": c["id"], "titles": titles, "ids": ids, "hit": h})
    print(f"{tot} hit={h:.2f} R@10 so far {hits/tot:.3f} linked {linked}/{named}  {time.time()-t0:.0f}s | {titles[:4]} | T={c['target_titles']}", flush=True)
