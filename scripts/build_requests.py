"""Write the shipped request set for the ``requests`` protocol:

    python scripts/build_requests.py --dataset movielens-small --n 60
"""

import argparse
from pathlib import Path

from convrec.catalog.store import open_dataset
from convrec.config import load_config
from convrec.eval.harness import default_requests_file
from convrec.eval.requests_set import build_request_set, write_request_set

ap = argparse.ArgumentParser()
ap.add_argument("--dataset", default="movielens-small")
ap.add_argument("--n", type=int, default=60)
ap.add_argument("--seed", type=int, default=0)
ap.add_argument("--out", default=None)
a = ap.parse_args()
ds = open_dataset(load_config(), a.dataset)
rows = build_request_set(ds, a.n, a.seed)
out = Path(a.out) if a.out else default_requests_file(a.dataset)
write_request_set(out, rows)
print(f"wrote {len(rows)} requests to {out}")
