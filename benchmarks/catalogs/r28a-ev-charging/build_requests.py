"""Build ../requests/byo-r28a-ev-charging.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper A, untouched round 28); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions (charging time converted from hours to minutes, "after 6 pm" read
from the clock time inside the `created` timestamp), and the script asserts that the `expect` facets
accept exactly those rows. Counts and facts are asserted against the file. There is no title column:
a session is named by its 7-digit `session_id`, which is never a row id.
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r28a-ev-charging"
PREFIX = "r28a-ev"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 3395 and list(df["id"]) == [str(i) for i in range(1, 3396)]
assert list(df.columns) == ["id", "session_id", "kwh_total", "dollars", "created", "ended", "start_time",
                            "end_time", "charge_time_hrs", "weekday", "platform", "distance", "user_id",
                            "station_id", "location_id", "manager_vehicle", "mon", "tues", "wed", "thurs", "fri",
                            "sat", "sun", "reported_zip", "facility_type"]
num = lambda c: pd.to_numeric(df[c])                       # numeric view for the truth expressions
KWH, USD, HRS, START = num("kwh_total"), num("dollars"), num("charge_time_hrs"), num("start_time")
assert df.session_id.is_unique and (num("session_id") > 1_000_000).all()   # never confused with a row id
assert df.distance.isna().sum() == 1065 and df.drop(columns="distance").notna().all().all()
assert set(df.platform) == {"ios", "android", "web"} and set(df.manager_vehicle) == {"0", "1"}
assert ((KWH * 100).round(6) % 1 == 0).all() and ((USD * 100).round(6) % 1 == 0).all()   # 2 decimals
# timestamps carry a two-digit-year artefact: 0014-11-18 15:40:26+00:00 is 18 Nov 2014
assert df.created.str.fullmatch(r"001[45]-\d\d-\d\d \d\d:\d\d:\d\d\+00:00").all()
CLOCK = df.created.str[11:19]                              # hh:mm:ss of the plug-in time
assert (CLOCK.str[:2].astype(int) == START).all()

NO_REPLY = ["no ", "No ", "none", "None", "couldn't", "could not", "nothing", "0 ", "don't have", "not find",
            "no match", "No match", "zero"]
WHAT = ["charging", "Charging", "charge", "session", "Session", "EV", "electric", "kWh"]


def session(sid):
    r = df[df["session_id"] == str(sid)]
    assert len(r) == 1, sid
    return r.iloc[0]

def ids(mask):
    return [str(i) for i in df.loc[mask.fillna(False).astype(bool), "id"]]


def accepted(expect):
    """Rows that the item-level facets of `expect` accept (a blank never passes a facet)."""
    m = pd.Series(True, index=df.index)
    for col, allowed in expect.get("text_in", {}).items():
        m &= df[col].notna() & df[col].astype(str).isin(allowed)
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


def gap_empty(col, lo, hi):
    """Assert no value of `col` lies strictly between lo and hi (the gap skipped by a strict bound)."""
    v = pd.to_numeric(df[col])
    assert not ((v > lo) & (v < hi)).any(), (col, lo, hi)


REQS = []


def add(kind, turns, expect, truth=None, min_rows=1):
    if expect.get("has_items"):
        assert truth is not None
        truth = truth.fillna(False).astype(bool)
        n = int(truth.sum())
        assert n >= min_rows, (turns, n)
        acc = accepted(expect)
        assert (acc == truth).all(), (turns, int(acc.sum()), n)
        if "subset_of_ids" in expect:
            assert sorted(expect["subset_of_ids"], key=int) == ids(truth), turns
    if expect.get("no_items"):
        assert truth is not None and int(truth.fillna(False).astype(bool).sum()) == 0, turns
    REQS.append({"id": f"{PREFIX}-{len(REQS) + 1:02d}", "dataset": NAME, "turns": turns,
                 "expect": expect, "kind": kind})


def top_ids(values, n, largest=True):
    """ids of the n rows with the largest (smallest) values; asserts the n-th and (n+1)-th values differ."""
    s = values.dropna().sort_values(ascending=not largest, kind="mergesort")
    assert len(s) > n and s.iloc[n - 1] != s.iloc[n], (s.iloc[:n + 1].tolist())
    return sorted((str(df.loc[i, "id"]) for i in s.index[:n]), key=int)


def finish():
    kinds = pd.Series([r["kind"] for r in REQS]).value_counts().to_dict()
    assert kinds == {"greeting": 2, "plain": 4, "units": 2, "fact": 3, "count": 3, "superlative": 2,
                     "ordinal": 2, "negation": 2, "disjunction": 1, "follow_up": 2, "impossible": 1,
                     "id_lookup": 1}, kinds
    assert len(REQS) == 25
    assert [r["kind"] for r in REQS if len(r["turns"]) == 3] == ["follow_up"]
    assert all(len(r["turns"]) == 1 for r in REQS if r["kind"] != "follow_up")
    assert all(len(r["turns"]) >= 2 for r in REQS if r["kind"] == "follow_up")
    OUT.parent.mkdir(parents=True, exist_ok=True)
    with OUT.open("w", encoding="utf-8") as f:
        for r in REQS:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    print(f"wrote {len(REQS)} requests to {OUT}")


# ---- greeting -------------------------------------------------------------------------------
add("greeting", ["hi there"], {"reply_contains_any": WHAT})
add("greeting", ["hello, what can i look up here?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["charging sessions at manufacturing sites"],
    {"has_items": True, "text_in": {"facility_type": ["manufacturing"]}}, df.facility_type == "manufacturing", 5)
gap_empty("dollars", 0, 0.01)
add("plain", ["sessions people actually paid for"], {"has_items": True, "num_range": {"dollars": [0.01, None]}},
    USD > 0, 5)
add("plain", ["weekend chargin sessions"], {"has_items": True, "text_in": {"weekday": ["Sat", "Sun"]}},
    df.weekday.isin(["Sat", "Sun"]), 5)
gap_empty("kwh_total", 10, 10.01)
add("plain", ["sessions over 10 kwh"], {"has_items": True, "num_range": {"kwh_total": [10.01, None]}}, KWH > 10, 5)

# ---- units (charge_time_hrs is in decimal hours with long tails; start_time is the 24-hour clock hour) --
# shorter than 45 minutes = under 0.75 h; the nearest values are 0.746388889 and 0.750555556
gap_empty("charge_time_hrs", 0.7499, 0.75)
add("units", ["charging sessions shorter than 45 minutes"],
    {"has_items": True, "num_range": {"charge_time_hrs": [None, 0.7499]}}, HRS * 60 < 45, 5)
# plugged in after 6 pm: clock time of `created` later than 18:00:00 (none is exactly 18:00:00)
assert not (CLOCK == "18:00:00").any()
add("units", ["sesions that started after 6pm"], {"has_items": True, "num_range": {"start_time": [18, None]}},
    CLOCK > "18:00:00", 5)

# ---- fact (by session_id) ---------------------------------------------------------------------
assert session(3075723)["kwh_total"] == "9.74"
add("fact", ["how much energy did session 3075723 deliver?"], {"reply_number": 9.74})
assert session(4228788)["dollars"] == "0.58"
add("fact", ["what did session 4228788 cost"], {"reply_number": 0.58})
assert session(1366563)["weekday"] == "Tue"
add("fact", ["what day of the week was session 1366563"], {"reply_contains": "Tue"})

# ---- count ----------------------------------------------------------------------------------
assert df.station_id.nunique() == 105
add("count", ["how many different charging stations are in here?"], {"reply_number": 105})
assert df.distance.isna().sum() == 1065
add("count", ["how many sessions have no distance recorded"], {"reply_number": 1065})
assert (df.created.str[:4] == "0014").sum() == 23
add("count", ["how many sessions were in 2014?"], {"reply_number": 23})

# ---- superlative ----------------------------------------------------------------------------
top3_kwh = top_ids(KWH, 3)                                 # 23.68, 22.14, 22.07; next is 22.03
assert sorted(KWH[df.id.isin(top3_kwh)], reverse=True) == [23.68, 22.14, 22.07]
add("superlative", ["top 3 sessions by energy delivered"], {"has_items": True, "subset_of_ids": top3_kwh},
    df.id.isin(top3_kwh), 3)
longest = top_ids(HRS, 1)                                  # 55.24 h; next is 11.59 h
assert longest == ["174"]
add("superlative", ["what was the longest charging session"], {"has_items": True, "subset_of_ids": longest},
    df.id.isin(longest), 1)

# ---- ordinal --------------------------------------------------------------------------------
top2_usd = top_ids(USD, 2)                                 # 7.50 (id 2554), 6.42 (id 2524); third is 5.75
second_usd = [i for i in top2_usd if USD[df.id == i].item() == 6.42]
assert USD.nlargest(3).tolist() == [7.5, 6.42, 5.75] and second_usd == ["2524"]
add("ordinal", ["which session was the 2nd most expensive"], {"has_items": True, "subset_of_ids": second_usd},
    df.id.isin(second_usd), 1)
ref = float(session(4228788)["kwh_total"])
assert ref == 6.76
gap_empty("kwh_total", 6.76, 6.77)
add("ordinal", ["sessions that delivered more energy than session 4228788"],
    {"has_items": True, "num_range": {"kwh_total": [6.77, None]}}, KWH > ref)

# ---- negation -------------------------------------------------------------------------------
add("negation", ["sessions not started from the ios app"],
    {"has_items": True, "text_in": {"platform": ["android", "web"]}}, df.platform != "ios")
gap_empty("charge_time_hrs", 4, 4.0001)
add("negation", ["sessions that weren't at r&d sites and lasted over 4 hours"],
    {"has_items": True, "text_in": {"facility_type": ["manufacturing", "office", "other"]},
     "num_range": {"charge_time_hrs": [4.0001, None]}},
    (df.facility_type != "research and development") & (HRS > 4))

# ---- disjunction ----------------------------------------------------------------------------
disj = (USD > 5) | (HRS > 10)
disj_ids = ids(disj)
assert disj_ids == ["174", "343", "2524", "2531", "2554", "2580", "2582"]
add("disjunction", ["sessions that cost more than $5 or ran longer than 10 hours"],
    {"has_items": True, "subset_of_ids": disj_ids}, disj)

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
add("follow_up", ["sessions at office buildings", "only the paid ones"],
    {"has_items": True, "text_in": {"facility_type": ["office"]}, "num_range": {"dollars": [0.01, None]}},
    (df.facility_type == "office") & (USD > 0))
gap_empty("charge_time_hrs", 3, 3.0001)
add("follow_up", ["charging sessions from android phones", "just the manager vehicles",
                  "which of those charged for more than 3 hours"],
    {"has_items": True, "text_in": {"platform": ["android"], "manager_vehicle": ["1"]},
     "num_range": {"charge_time_hrs": [3.0001, None]}},
    (df.platform == "android") & (df.manager_vehicle == "1") & (HRS > 3))

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["any session that cost more than $20?"], {"no_items": True, "reply_contains_any": NO_REPLY},
    USD > 20)

# ---- id_lookup ------------------------------------------------------------------------------
assert df.loc[df.id == "2024", "session_id"].item() != "2024"
add("id_lookup", ["tell me about item 2024"], {"has_items": True, "subset_of_ids": ["2024"]}, df.id == "2024")

finish()
