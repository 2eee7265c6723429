"""Build ../requests/byo-r3b-hitters-1986.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper B, untouched3); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions, and the script asserts that the `expect` facets accept exactly
those rows. `Salary` is in thousands of dollars with no unit (475.0 = $475,000) and blank for 59
players; a blank salary never satisfies a salary bound. Player names carry a leading "-"
("-Wade Boggs"). Counts and facts are asserted against the file.
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r3b-hitters-1986"
PREFIX = "hit"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype={"League": str, "Division": str, "NewLeague": str})
assert len(df) == 322 and list(df["id"]) == list(range(1, 323))
assert set(df.League) == set(df.NewLeague) == {"A", "N"} and set(df.Division) == {"E", "W"}
assert df.name.str.startswith("-").all() and not df.name.duplicated().any()
PAY = df.Salary * 1000  # dollars; NaN stays NaN and compares False

NO_REPLY = ["no ", "none", "couldn't", "could not", "nothing", "0 ", "don't have", "not find", "no match", "nobody", "no one"]
WHAT = ["player", "Player", "baseball", "Baseball", "hitter", "batter", "MLB"]


def who(full):
    r = df[df.name == "-" + full]
    assert len(r) == 1, full
    return r.iloc[0]
# ---- shared harness (copied into each build script) ----
def ids(mask):
    return [str(i) for i in df.loc[mask, "id"]]


def accepted(expect):
    """Rows that the item-level facets of `expect` accept (NaN never passes a facet)."""
    m = pd.Series(True, index=df.index)
    for col, allowed in expect.get("text_in", {}).items():
        m &= df[col].astype(str).isin(allowed) & df[col].notna()
    for col, (lo, hi) in expect.get("num_range", {}).items():
        v = pd.to_numeric(df[col])
        m &= v.notna()
        if lo is not None:
            m &= v >= lo
        if hi is not None:
            m &= v <= hi
    if "subset_of_ids" in expect:
        m &= df["id"].astype(str).isin(expect["subset_of_ids"])
    return m


REQS = []


def add(kind, turns, expect, truth=None, min_rows=1):
    if expect.get("has_items"):
        assert truth is not None
        n = int(truth.sum())
        assert n >= min_rows, (turns, n)
        acc = accepted(expect)
        assert (acc == truth).all(), (turns, int(acc.sum()), n)
        if "subset_of_ids" in expect:  # the id list is exactly the qualifying rows
            assert sorted(expect["subset_of_ids"], key=int) == ids(truth), turns
    if expect.get("no_items"):
        assert truth is not None and int(truth.sum()) == 0, turns
    REQS.append({"id": f"{PREFIX}-{len(REQS) + 1:02d}", "dataset": NAME, "turns": turns,
                 "expect": expect, "kind": kind})


def write():
    from collections import Counter
    assert len(REQS) == 25
    want = {"greeting": 2, "plain": 4, "units": 2, "fact": 3, "count": 3, "superlative": 2, "ordinal": 2,
            "negation": 2, "disjunction": 1, "follow_up": 2, "impossible": 1, "id_lookup": 1}
    assert Counter(r["kind"] for r in REQS) == Counter(want), Counter(r["kind"] for r in REQS)
    OUT.parent.mkdir(parents=True, exist_ok=True)
    with OUT.open("w", encoding="utf-8") as f:
        for r in REQS:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    print(f"wrote {len(REQS)} requests to {OUT}")


# ---- greeting -------------------------------------------------------------------------------
add("greeting", ["hey whats this"], {"reply_contains_any": WHAT})
add("greeting", ["hi there, what can you help me with?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["american league east players"],
    {"has_items": True, "text_in": {"League": ["A"], "Division": ["E"]}},
    (df.League == "A") & (df.Division == "E"), 5)
add("plain", ["guys who hit 20 or more homers in 86"],
    {"has_items": True, "num_range": {"HmRun": [20, None]}}, df.HmRun >= 20, 5)
add("plain", ["veterans with at least 15 yrs in the majors"],
    {"has_items": True, "num_range": {"Years": [15, None]}}, df.Years >= 15, 5)
add("plain", ["national league west players with 150+ hits"],
    {"has_items": True, "text_in": {"League": ["N"], "Division": ["W"]}, "num_range": {"Hits": [150, None]}},
    (df.League == "N") & (df.Division == "W") & (df.Hits >= 150), 5)

# ---- units (Salary is in thousands of dollars) --------------------------------------------------
assert not ((df.Salary > 199.99) & (df.Salary < 200)).any()
add("units", ["players making under 200k"],
    {"has_items": True, "num_range": {"Salary": [None, 199.99]}}, PAY < 200_000)
assert not ((df.Salary > 1000) & (df.Salary < 1000.01)).any()
add("units", ["who earned more than a million a year?"],
    {"has_items": True, "num_range": {"Salary": [1000.01, None]}}, PAY > 1_000_000)

# ---- fact -----------------------------------------------------------------------------------
assert who("Wade Boggs").Hits == 207
add("fact", ["how many hits did wade boggs have"], {"reply_number": 207})
assert who("Don Mattingly").HmRun == 31
add("fact", ["how many home runs did don mattingly hit in 86?"], {"reply_number": 31})
assert who("Ozzie Smith").Errors == 15 and df.name.str.contains("Ozzie").sum() == 3
add("fact", ["how many errors did ozzie smith make"], {"reply_number": 15})

# ---- count ----------------------------------------------------------------------------------
assert (df.League == "N").sum() == 147
add("count", ["how many players are in the national league"], {"reply_number": 147})
assert df.Salary.isna().sum() == 59
add("count", ["how many players dont have a salary listed?"], {"reply_number": 59})
assert (df.League != df.NewLeague).sum() == 19
add("count", ["how many guys switched leagues going into 87"], {"reply_number": 19})

# ---- superlative ----------------------------------------------------------------------------
hr5 = df.nlargest(5, "HmRun", keep="all")
assert len(hr5) == 5 and df.HmRun.nlargest(6).iloc[5] < hr5.HmRun.min()
add("superlative", ["top 5 home run hitters"],
    {"has_items": True, "subset_of_ids": ["81", "116", "137", "141", "245"]}, df.id.isin(hr5.id), 5)
top = df.Salary == df.Salary.max()
assert top.sum() == 1 and df.loc[top, "name"].item() == "-Eddie Murray"
add("superlative", ["who's the highest paid player"],
    {"has_items": True, "subset_of_ids": ["101"]}, top)

# ---- ordinal (years in the majors as an experience scale) --------------------------------------
add("ordinal", ["rookies only, guys in their first year in the bigs"],
    {"has_items": True, "num_range": {"Years": [1, 1]}}, df.Years.isin([1]))
add("ordinal", ["someone with more than 10 years of experience but making less than 500k"],
    {"has_items": True, "num_range": {"Years": [11, None], "Salary": [None, 499.99]}},
    (df.Years > 10) & (PAY < 500_000))
assert not ((df.Salary > 499.99) & (df.Salary < 500)).any()

# ---- negation -------------------------------------------------------------------------------
assert not ((df.Salary > 299.99) & (df.Salary < 300)).any()
add("negation", ["not american league, salary under 300k"],
    {"has_items": True, "text_in": {"League": ["N"]}, "num_range": {"Salary": [None, 299.99]}},
    (df.League != "A") & (PAY < 300_000))
add("negation", ["players outside the east division with 100+ rbi"],
    {"has_items": True, "text_in": {"Division": ["W"]}, "num_range": {"RBI": [100, None]}},
    (df.Division != "E") & (df.RBI >= 100))

# ---- disjunction ----------------------------------------------------------------------------
either = (df.HmRun >= 30) | (df.RBI >= 110)
add("disjunction", ["either 30+ homers or 110+ rbi"],
    {"has_items": True, "subset_of_ids": [str(i) for i in df.id[df.eval("HmRun >= 30 or RBI >= 110")]]},
    either)

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
add("follow_up", ["show me national league players", "only the west", "who hit at least 15 hr"],
    {"has_items": True, "text_in": {"League": ["N"], "Division": ["W"]}, "num_range": {"HmRun": [15, None]}},
    (df.League == "N") & (df.Division == "W") & (df.HmRun >= 15))
assert not ((df.Salary > 1500) & (df.Salary < 1500.01)).any()
add("follow_up", ["who got paid over 1.5 million", "which of them had 6 years or less in the league"],
    {"has_items": True, "num_range": {"Salary": [1500.01, None], "Years": [None, 6]}},
    (PAY > 1_500_000) & (df.Years <= 6))

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["anyone who hit 50 home runs that year?"],
    {"no_items": True, "reply_contains_any": NO_REPLY}, df.HmRun >= 50)

# ---- id_lookup ------------------------------------------------------------------------------
assert who("Tony Gwynn").id == 291
add("id_lookup", ["pull up tony gwynn"],
    {"has_items": True, "subset_of_ids": ["291"]}, df.name.str.lower() == "-tony gwynn")

write()
