"""Build /work/unseen2/byo-billboard2000.jsonl from items.csv.

Every expected value below is computed with pandas from items.csv, and the script asserts
the invariants before writing: requests that must return items have >= 1 correct row
(plain >= 5), impossible ones have 0, "give me N" has >= N qualifying rows, and the
expectation keys accept every correct row. Written from the raw data only; the author
never read or ran convrec's code, tests or docs.

Expectation keys are the ones used by the existing byo request files
(has_items, no_items, subset_of_ids, text_in, num_range, none_have, count,
reply_number, reply_contains, reply_contains_any). Numeric bounds are inclusive.

Two derived notions are used and never stored in a column, so they are always given as
`subset_of_ids` (all qualifying ids) rather than `num_range`:
- peak  = best (lowest) chart position over wk1..wk76 ("hit number one", "made the top 10").
- weeks on the chart. 15 songs left the chart and came back, so "weeks on the chart" can be
  read as the number of weeks with a position (count) or as the span from entry to the last
  charted week (span). Where the two readings differ, the id set is the union of both, so
  either reading passes.
"""
import json
from collections import Counter
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
OUT = HERE.parent / "byo-billboard2000.jsonl"
DATASET = "billboard2000"
SHORT = "bb"

df = pd.read_csv(HERE / "items.csv", dtype={"date.entered": str})
assert len(df) == 317 and list(df.columns[:4]) == ["id", "artist", "track", "date.entered"]
assert df["id"].tolist() == list(range(1, 318))
df["sid"] = df["id"].astype(str)
WK = [f"wk{i}" for i in range(1, 77)]
assert list(df.columns[4:80]) == WK
W = df[WK]
artist = df["artist"]
track = df["track"]
entered = df["date.entered"]
peak = W.min(axis=1)
count_weeks = W.notna().sum(axis=1)
# span: index of the last charted week (wk1 = 1)
span = W.notna().apply(lambda r: max(i + 1 for i, v in enumerate(r) if v), axis=1)
assert (span >= count_weeks).all() and int((span != count_weeks).sum()) == 15


def ids(mask):
    return df.loc[mask.fillna(False), "sid"].tolist()


def one_track(t, a=None):
    m = track == t
    if a is not None:
        m &= artist == a
    rows = df[m]
    assert len(rows) == 1, (t, len(rows))
    return rows.iloc[0]


def in_range(col, lo, hi):
    s = df[col]
    m = s.notna()
    if lo is not None:
        m &= s >= lo
    if hi is not None:
        m &= s <= hi
    return m


requests = []


def add(kind, turns, expect, mask=None, min_rows=None):
    """mask: boolean Series of ALL rows that satisfy the request (for checking)."""
    if isinstance(turns, str):
        turns = [turns]
    if mask is not None:
        m = mask.fillna(False)
        n = int(m.sum())
        # the expectation must accept every correct row
        for col, vals in expect.get("text_in", {}).items():
            assert df.loc[m, col].astype(str).isin(vals).all(), (turns, col)
        for col, (lo, hi) in expect.get("num_range", {}).items():
            assert in_range(col, lo, hi)[m].all(), (turns, col)
        for col, vals in expect.get("none_have", {}).items():
            assert not df.loc[m, col].astype(str).isin(vals).any(), (turns, col)
        if "subset_of_ids" in expect:
            assert set(ids(m)) <= set(expect["subset_of_ids"]), turns
            assert len(expect["subset_of_ids"]) == n, turns
        if expect.get("no_items"):
            assert n == 0, (turns, n)
            assert expect.get("has_items") is False, turns
        if expect.get("has_items"):
            assert n >= (min_rows or 1), (turns, n)
        if "count" in expect:
            assert n >= expect["count"], (turns, n)
    else:
        assert "reply_number" in expect or "reply_contains" in expect \
            or "reply_contains_any" in expect, turns
    requests.append({"kind": kind, "turns": turns, "expect": expect})


number_one = peak == 1
top10 = peak <= 10
in_1999 = entered < "2000-01-01"
assert int(number_one.sum()) == 17 and int(top10.sum()) == 53 and int(in_1999.sum()) == 50
assert (entered.str.match(r"^\d{4}-\d{2}-\d{2}$")).all()
assert entered.min() == "1999-06-05" and entered.max() == "2000-12-30"

# ---------------- plain (>= 5 correct rows each) ----------------
add("plain", "which songs hit number one?",
    {"subset_of_ids": ids(number_one), "has_items": True}, number_one, min_rows=5)
m = in_range("wk1", None, 40)
assert int(m.sum()) == 8
add("plain", "songs that debuted in the top 40",
    {"num_range": {"wk1": [None, 40]}, "has_items": True}, m, min_rows=5)
m = entered.str.startswith("2000-03")
assert int(m.sum()) == 27
add("plain", "what songs first showed up on the chart in march 2000",
    {"subset_of_ids": ids(m), "has_items": True}, m, min_rows=5)
add("plain", "show me songs that made the top 10",
    {"subset_of_ids": ids(top10), "has_items": True}, top10, min_rows=5)
m = track.str.contains("love", case=False)
assert int(m.sum()) == 22
add("plain", "any songs with love in the title",
    {"subset_of_ids": ids(m), "has_items": True}, m, min_rows=5)
add("plain", "songs that entered the charts back in 1999",
    {"subset_of_ids": ids(in_1999), "has_items": True}, in_1999, min_rows=5)

# ---------------- typo ----------------
m = artist == "Houston, Whitney"
assert int(m.sum()) == 4 and int(artist.str.contains("Houston").sum()) == 4
add("typo", "whitney houstin songs",
    {"text_in": {"artist": ["Houston, Whitney"]}, "has_items": True}, m)
m = artist == "Destiny's Child"
assert int(m.sum()) == 3 and int(artist.str.contains("Destiny").sum()) == 3
add("typo", "anything by destinys chlid",
    {"text_in": {"artist": ["Destiny's Child"]}, "has_items": True}, m)
m = artist == "Aguilera, Christina"
assert int(m.sum()) == 3 and int(artist.str.contains("Aguilera").sum()) == 3
add("typo", "christina agulera tracks",
    {"text_in": {"artist": ["Aguilera, Christina"]}, "has_items": True}, m)

# ---------------- units (weeks vs months / half a year) ----------------
# half a year = 26.1 weeks: a song with exactly 26 weeks is accepted too (either reading).
m = (count_weeks >= 26) | (span >= 26)
assert int(m.sum()) == 38, int(m.sum())
add("units", "songs that stayed on the chart for more than half a year",
    {"subset_of_ids": ids(m), "has_items": True}, m)
# a month = 4.3 weeks: 4 weeks or fewer on the chart (count reading is the looser one)
m = (count_weeks <= 4) | (span <= 4)
assert int(m.sum()) == 24, int(m.sum())
add("units", "which ones only lasted a month or less on the chart",
    {"subset_of_ids": ids(m), "has_items": True}, m)

# ---------------- fact ----------------
r = one_track("The Real Slim Shady", "Eminem")
assert r.wk1 == 70
add("fact", "what spot did the real slim shady debut at", {"reply_number": int(r.wk1)})
r = one_track("Kryptonite", "3 Doors Down")
assert r["date.entered"] == "2000-04-08"
add("fact", "when did kryptonite by 3 doors down enter the charts?",
    {"reply_contains_any": ["2000-04-08", "April 8", "Apr 8", "8 April", "8 Apr",
                            "4/8/2000", "04/08/2000"]})
r = one_track("Breathe", "Hill, Faith")
i = int(r["id"]) - 1
assert count_weeks[i] == 53 and span[i] == 53
add("fact", "how many weeks was breathe by faith hill on the chart", {"reply_number": 53})

# ---------------- count ----------------
n = int((artist == "Jay-Z").sum())
assert n == 5 and int(artist.str.contains("Jay-Z|Jay Z", case=False).sum()) == 5
add("count", "how many songs does jay-z have on here", {"reply_number": n})
n = int(in_1999.sum())
add("count", "how many songs entered the chart in 1999?", {"reply_number": n})

# ---------------- impossible ----------------
m = artist.str.contains("beatles", case=False) | track.str.contains("beatles", case=False)
add("impossible", "any beatles songs?", {"no_items": True, "has_items": False}, m)
m = df.wk1 == 1
add("impossible", "songs that debuted at #1", {"no_items": True, "has_items": False}, m)

# ---------------- negation ----------------
m = number_one & (artist != "Destiny's Child")
assert int(m.sum()) == 15
add("negation", "number one hits that aren't by destiny's child",
    {"subset_of_ids": ids(m), "none_have": {"artist": ["Destiny's Child"]},
     "has_items": True}, m)
m = peak > 50
assert int(m.sum()) == 139
add("negation", "songs that never cracked the top 50",
    {"subset_of_ids": ids(m), "has_items": True}, m)

# ---------------- disjunction ----------------
m = artist.isin(["Eminem", "Dr. Dre"])
assert int(m.sum()) == 5 and int(artist.str.contains(r"Eminem|Dr\.? Dre").sum()) == 5
add("disjunction", "songs by eminem or dr dre",
    {"text_in": {"artist": ["Eminem", "Dr. Dre"]}, "has_items": True}, m)
m = artist.isin(["Dixie Chicks, The", "Hill, Faith"])
assert int(m.sum()) == 6 and int(artist.str.contains("Dixie|Faith").sum()) == 6
add("disjunction", "dixie chicks or faith hill",
    {"text_in": {"artist": ["Dixie Chicks, The", "Hill, Faith"]}, "has_items": True}, m)

# ---------------- follow_up (expect applies to the last turn) ----------------
m = (artist == "Spears, Britney") & top10
assert ids(m) == ["274"]
add("follow_up", ["what do you have from britney spears", "which of those made the top 10"],
    {"text_in": {"artist": ["Spears, Britney"]}, "subset_of_ids": ids(m), "has_items": True},
    m)
m = in_range("wk1", None, 50) & in_1999
assert sorted(ids(m)) == ["116", "92"]
add("follow_up", ["songs that debuted in the top 50", "ok just the ones that entered in 1999"],
    {"num_range": {"wk1": [None, 50]}, "subset_of_ids": ids(m), "has_items": True}, m)
m = (artist == "N'Sync") & number_one
assert ids(m) == ["220"]
add("follow_up", ["show me nsync songs", "which one went to number one?"],
    {"text_in": {"artist": ["N'Sync"]}, "subset_of_ids": ids(m), "has_items": True}, m)

# ---------------- multi_constraint ----------------
m = top10 & (entered >= "2000-06-01") & (entered <= "2000-08-31")
assert int(m.sum()) == 9
add("multi_constraint",
    "give me 3 top 10 hits that came onto the chart in june, july or august 2000",
    {"subset_of_ids": ids(m), "count": 3, "has_items": True}, m)
m = (entered >= "2000-01-01") & ((count_weeks > 30) | (span > 30))
assert int(m.sum()) == 12, int(m.sum())
add("multi_constraint", "songs that entered in 2000 and stayed on the chart more than 30 weeks",
    {"subset_of_ids": ids(m), "has_items": True}, m)

# ---------------- title_forms ----------------
m = track == "Oops!.. I Did It Aga..."
assert ids(m) == ["274"] and int(track.str.contains("oops", case=False).sum()) == 1
add("title_forms", "oops i did it again",
    {"subset_of_ids": ids(m), "has_items": True}, m)
r = one_track("Who Let The Dogs Out")
assert r.artist == "Baha Men"
add("title_forms", "who sang who let the dogs out", {"reply_contains": "Baha Men"})
m = artist == "98^0"
assert ids(m) == ["6"] and not artist.str.contains("degree", case=False).any()
add("title_forms", "anything by 98 degrees?",
    {"text_in": {"artist": ["98^0"]}, "subset_of_ids": ids(m), "has_items": True}, m)

# ---------------- write ----------------
with OUT.open("w", encoding="utf-8") as f:
    for i, q in enumerate(requests, 1):
        line = {"id": f"{SHORT}-{i:02d}", "dataset": DATASET, "turns": q["turns"],
                "expect": q["expect"], "kind": q["kind"]}
        f.write(json.dumps(line, ensure_ascii=False) + "\n")

kinds = Counter(q["kind"] for q in requests)
assert len(requests) == 30, len(requests)
assert len(kinds) == 11 and kinds["plain"] >= 6, kinds
assert all(len(q["turns"]) == 2 for q in requests if q["kind"] == "follow_up")
print(len(requests), "requests ->", OUT)
for k, v in kinds.items():
    print(f"{k:18s}{v}")
