"""Train SASRec variants on one dataset and print full-ranking test NDCG@10 for each, one JSON
line per variant (the settings are merged over ``sasrec_params``):

    python benchmarks/sasrec_variants.py movielens-100k '[{"heads": 2}, {"heads": 2, "dropout": 0.5}]'
"""

import json
import os
import sys
import time

os.environ.setdefault("OMP_NUM_THREADS", "1")

from convrec.catalog.store import prepare  # noqa: E402
from convrec.config import load_config  # noqa: E402
from convrec.models.metrics import full_ranking  # noqa: E402
from convrec.eval.models_eval import heldout_users  # noqa: E402
from convrec.models.base import TrainData  # noqa: E402
from convrec.models.registry import sasrec_params  # noqa: E402
from convrec.models.sasrec import SASRec  # noqa: E402

cfg = load_config()
ds = prepare(cfg, sys.argv[1])
variants = json.loads(sys.argv[2]) if len(sys.argv) > 2 else [{}]
train = TrainData.from_dataset(ds)
_, hist, targets, _ = heldout_users(ds)
for v in variants:
    p = {**sasrec_params(ds, cfg), **v}
    t = time.perf_counter()
    m = SASRec(**p).fit(train, progress=lambda r: print(json.dumps(r), file=sys.stderr, flush=True))
    r = full_ranking(m.score_batch, hist, targets)
    print(json.dumps({"variant": v, "epochs": len(m.history), "fit_s": round(time.perf_counter() - t, 1),
                      "best_valid_ndcg@10": round(m.best_valid, 4), **{k: round(x, 4) for k, x in r.items()}}), flush=True)
