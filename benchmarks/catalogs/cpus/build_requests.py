"""Build benchmarks/requests/byo-cpus.jsonl from items.csv.

Every expected value below is computed with pandas from items.csv, and the script asserts
the invariants before writing (has_items >= 1 row, plain >= 5, impossible == 0,
count requests have >= N rows, facts/counts are the values in the file).
Written from the raw data only; the author never read or ran convrec's code.
"""
import json
from collections import Counter
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
OUT = HERE.parent.parent / "requests" / "byo-cpus.jsonl"
DATASET = "cpus"

df = pd.read_csv(HERE / "items.csv", dtype={"socket": str})
df["sid"] = df["id"].astype(str)
name = df["name"]
year = df["released"].str[:4].astype(float)  # 2 blanks -> NaN


def has(pat):
    return name.str.contains(pat, case=False, regex=True)


def ids(mask):
    return df.loc[mask.fillna(False), "sid"].tolist()


def one(n):
    rows = df[name == n]
    assert len(rows) == 1, (n, len(rows))
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
        # the expectation must accept every correct row
        m = mask.fillna(False)
        for col, vals in expect.get("text_in", {}).items():
            assert df.loc[m, col].astype(str).isin(vals).all(), (turns, col)
        for col, (lo, hi) in expect.get("num_range", {}).items():
            assert in_range(col, lo, hi)[m].all(), (turns, col)
        if "subset_of_ids" in expect:
            assert set(ids(m)) <= set(expect["subset_of_ids"]), turns
        n = int(m.sum())
        if expect.get("no_items"):
            assert n == 0, (turns, n)
        if expect.get("has_items"):
            assert n >= (min_rows or 1), (turns, n)
        if "count" in expect:
            assert n >= expect["count"], (turns, n)
    requests.append({"kind": kind, "turns": turns, "expect": expect})


amd = df.company == "AMD"
intel = df.company == "Intel"
ryzen = has("Ryzen")
threadripper = has("Threadripper")
xeon = has("Xeon")
core_i7 = has(r"^Core i7")
core_i5 = has(r"^Core i5")
core_i9 = has(r"^Core i9")
ryzen9 = has(r"^Ryzen 9")
ryzen7 = has(r"^Ryzen 7")
epyc = has("EPYC")

# ---------------- plain ----------------
add("plain", "show me some ryzen processors",
    {"subset_of_ids": ids(ryzen), "has_items": True}, ryzen, min_rows=5)
add("plain", "what intel cpus have you got",
    {"text_in": {"company": ["Intel"]}, "has_items": True}, intel, min_rows=5)
add("plain", "Xeon server chips",
    {"subset_of_ids": ids(xeon), "has_items": True}, xeon, min_rows=5)

# ---------------- typo ----------------
add("typo", "amd procesors pls",
    {"text_in": {"company": ["AMD"]}, "has_items": True}, amd)
add("typo", "intell core i7 chips",
    {"subset_of_ids": ids(core_i7), "has_items": True}, core_i7)

# ---------------- units ----------------
m = in_range("tdp", None, 14)
add("units", "low power stuff, under 15 watts",
    {"num_range": {"tdp": [None, 14]}, "has_items": True}, m)
# boost_clock values near the bound are 4.5 and 4.6 only, so 4.51 is the strict bound
assert not ((df.boost_clock > 4.5) & (df.boost_clock < 4.51)).any()
m = in_range("boost_clock", 4.51, None)
add("units", "cpus that boost over 4.5 ghz",
    {"num_range": {"boost_clock": [4.51, None]}, "has_items": True}, m)
m = in_range("l3_cache", 32, None)
add("units", "at least 32 MB of L3 cache",
    {"num_range": {"l3_cache": [32, None]}, "has_items": True}, m)

# ---------------- fact ----------------
r = one("Ryzen 9 3950X")
assert r.cores == 16
add("fact", "how many cores does the ryzen 9 3950x have", {"reply_number": int(r.cores)})
r = one("Core i9-9900K")
assert r.tdp == 95
add("fact", "whats the TDP on the Core i9-9900K", {"reply_number": int(r.tdp)})
r = one("EPYC 7742")
assert r.l3_cache == 256
add("fact", "how much l3 cache does the EPYC 7742 have?", {"reply_number": int(r.l3_cache)})

# ---------------- count ----------------
n = int(amd.sum())
assert n == 304
add("count", "how many AMD cpus are in here", {"reply_number": n})
n = int((df.socket == "AM4").sum())
assert n == 59
add("count", "how many chips use the AM4 socket?", {"reply_number": n})
n = int(epyc.sum())
assert n == 38
add("count", "how many epyc processors are there", {"reply_number": n})

# ---------------- impossible ----------------
m = intel & (df.cores >= 128)
add("impossible", "intel cpu with 128 cores", {"no_items": True}, m)
m = ryzen & (df.base_clock >= 4.5)
add("impossible", "a ryzen with a base clock of 4.5 ghz or more", {"no_items": True}, m)
m = has("snapdragon|qualcomm|apple") | df.company.str.contains("qualcomm|apple", case=False)
add("impossible", "anything from qualcomm? like a snapdragon", {"no_items": True}, m)

# ---------------- negation ----------------
m = amd & ~ryzen & ~threadripper
add("negation", "amd cpus that arent ryzen or threadripper",
    {"text_in": {"company": ["AMD"]}, "subset_of_ids": ids(m), "has_items": True}, m)
m = intel & ~has("Celeron|Pentium")
add("negation", "intel chips but no celeron or pentium",
    {"text_in": {"company": ["Intel"]}, "subset_of_ids": ids(m), "has_items": True}, m)
m = (df.cores == 8) & ~intel
add("negation", "8 core processors not made by intel",
    {"text_in": {"company": ["AMD"]}, "num_range": {"cores": [8, 8]}, "has_items": True}, m)

# ---------------- disjunction ----------------
m = core_i9 | ryzen9
add("disjunction", "core i9 or ryzen 9",
    {"subset_of_ids": ids(m), "has_items": True}, m)
m = df.socket.isin(["AM4", "1151"])
add("disjunction", "something for an AM4 or LGA 1151 board",
    {"text_in": {"socket": ["AM4", "1151"]}, "has_items": True}, m)

# ---------------- follow_up ----------------
m = ryzen7 & in_range("boost_clock", 4.3, None)
add("follow_up", ["show me ryzen 7 chips", "only ones that boost to at least 4.3 ghz"],
    {"subset_of_ids": ids(m), "num_range": {"boost_clock": [4.3, None]}, "has_items": True}, m)
m = core_i5 & (df.cores == 6)
add("follow_up", ["intel core i5 processors", "which of those have 6 cores?"],
    {"subset_of_ids": ids(m), "num_range": {"cores": [6, 6]}, "has_items": True}, m)
m = epyc & (df.cores == 64)
add("follow_up", ["what epyc cpus do you have", "just the 64 core ones"],
    {"subset_of_ids": ids(m), "num_range": {"cores": [64, 64]}, "has_items": True}, m)

# ---------------- multi_constraint ----------------
m = amd & (df.cores == 8) & (df.tdp <= 69)
add("multi_constraint", "amd 8-core cpu under 70 watts",
    {"text_in": {"company": ["AMD"]}, "num_range": {"cores": [8, 8], "tdp": [None, 69]},
     "has_items": True}, m)
m = (df.cores == 4) & (df.base_clock >= 3.5) & (df.tdp <= 64)
add("multi_constraint", "4 cores, base clock at least 3.5ghz, and less than 65W tdp",
    {"num_range": {"cores": [4, 4], "base_clock": [3.5, None], "tdp": [None, 64]},
     "has_items": True}, m)
m = amd & (df.cores == 12)
add("multi_constraint", "give me 3 amd chips with 12 cores",
    {"text_in": {"company": ["AMD"]}, "num_range": {"cores": [12, 12]}, "count": 3,
     "has_items": True}, m)

# ---------------- title_forms ----------------
m = name == "Core i7-8700K"
add("title_forms", "i7 8700k specs?",
    {"subset_of_ids": ids(m), "has_items": True}, m)
r = one("Ryzen Threadripper 3990X")
assert r.threads == 128
add("title_forms", "threadripper 3990x - how many threads", {"reply_number": int(r.threads)})

# ---------------- write ----------------
short = "cpu"
with OUT.open("w", encoding="utf-8") as f:
    for i, q in enumerate(requests, 1):
        line = {"id": f"{short}-{i:02d}", "dataset": DATASET, "turns": q["turns"],
                "expect": q["expect"], "kind": q["kind"]}
        f.write(json.dumps(line, ensure_ascii=False) + "\n")

kinds = Counter(q["kind"] for q in requests)
assert len(requests) == 30, len(requests)
assert all(v >= 2 for v in kinds.values()) and len(kinds) == 11, kinds
print(len(requests), "requests ->", OUT)
for k, v in kinds.items():
    print(f"{k:18s}{v}")
