"""Build ../requests/byo-hb-airports.jsonl from items.csv, computing and asserting every expectation.

Run from anywhere: python3 build_requests.py   (needs pandas)
Written from the data alone; the author never opened the recommender's code, tests or docs.
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "hb-airports"
PFX = "apt"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"
ALLOWED = {"has_items", "no_items", "text_in", "num_range", "subset_of_ids", "reply_number",
           "reply_contains", "reply_contains_any"}
NO_MATCH = ["no ", "none", "couldn't", "nothing", "0 ", "not find", "don't have", "no match"]

# Raw strings exactly as in the file (blank stays "", the literal "NA" in tzone stays "NA").
df = pd.read_csv(HERE / "items.csv", dtype=str, keep_default_na=False, encoding="utf-8")
assert list(df.columns)[0] == "id" and df["id"].is_unique and len(df) == 1458
alt = df["alt"].astype(int)
tz = df["tz"].astype(int)
ID = df["id"]


def ids(mask):
    return set(ID[mask])


def rows_accepted(expect):
    """Rows that satisfy every item constraint of an expectation."""
    m = pd.Series(True, index=df.index)
    for col, allowed in expect.get("text_in", {}).items():
        m &= df[col].isin(allowed)
    for col, (lo, hi) in expect.get("num_range", {}).items():
        v = pd.to_numeric(df[col], errors="coerce")
        m &= v.notna()
        if lo is not None:
            m &= v >= lo
        if hi is not None:
            m &= v <= hi
    if "subset_of_ids" in expect:
        m &= ID.isin(expect["subset_of_ids"])
    return set(ID[m])


def one(mask):
    """The single row of a mask, as a Series."""
    r = df[mask]
    assert len(r) == 1, len(r)
    return r.iloc[0]


reqs = []


def add(kind, turns, expect, correct=None, min_rows=1):
    assert set(expect) <= ALLOWED, set(expect) - ALLOWED
    if expect.get("has_items"):
        # the expectation must accept exactly the rows that answer the request
        acc = rows_accepted(expect)
        assert acc == correct, (turns, len(acc), len(correct), sorted(acc ^ correct)[:10])
        assert len(correct) >= min_rows, (turns, len(correct))
    if expect.get("no_items"):
        assert correct is not None and len(correct) == 0, turns
    reqs.append({"id": f"{PFX}-{len(reqs) + 1:02d}", "dataset": NAME, "turns": turns,
                 "expect": expect, "kind": kind})


GREET = ["airport", "airfield", "airstrip", "faa", "flight", "aviation"]

# ---- greeting (2)
add("greeting", ["hi! what is this thing, what can u help me with?"], {"reply_contains_any": GREET})
add("greeting", ["hello. what kind of data have you got in here"], {"reply_contains_any": GREET})

# ---- plain (4, >= 5 rows each)
hawaii = df["tzone"] == "Pacific/Honolulu"
assert hawaii.sum() == 18 and (tz[hawaii] == -10).all() and (tz == -10).sum() == 18
add("plain", ["show me airports in hawaii"],
    {"has_items": True, "text_in": {"tzone": ["Pacific/Honolulu"]}}, ids(hawaii), 5)

seaplane = df["name"].str.contains("seaplane", case=False)
assert seaplane.sum() == 43
add("plain", ["got any seaplane bases? i want to land on water lol"],
    {"has_items": True, "subset_of_ids": sorted(ids(seaplane), key=int)}, ids(seaplane), 5)

# "Afb" = Air Force Base, "Arb" = Air Reserve Base, "Angb"/"ANGB" = Air National Guard Base,
# plus one spelled out ("Kirtland Air Force Base").
afb = df["name"].str.contains(r"\bAfb\b|Air Force|\bArb\b|\bAngb\b", case=False, regex=True)
assert afb.sum() == 60, afb.sum()
add("plain", ["list some air force bases"],
    {"has_items": True, "subset_of_ids": sorted(ids(afb), key=int)}, ids(afb), 5)

mountain = tz == -7
assert ids(mountain) == ids(df["tzone"].isin(["America/Denver", "America/Phoenix"]))
add("plain", ["airports on moutain time"],
    {"has_items": True, "num_range": {"tz": [-7, -7]}}, ids(mountain), 5)

# ---- units (2): altitude is in feet, unlabelled
mile = alt >= 5280
assert mile.sum() == 61
add("units", ["which airports sit at least a mile above sea level?"],
    {"has_items": True, "num_range": {"alt": [5280, None]}}, ids(mile), 5)

metres = alt * 0.3048 > 2000  # 2000 m = 6561.7 ft
assert ids(metres) == ids(alt >= 6562) and metres.sum() == 23
add("units", ["airfeilds higher than 2000 metres"],
    {"has_items": True, "num_range": {"alt": [6562, None]}}, ids(metres), 1)

# ---- fact (3)
den = one(df["faa"] == "DEN")
assert den["name"] == "Denver Intl" and den["alt"] == "5431"
add("fact", ["whats the elevation of denver intl?"], {"reply_number": int(den["alt"])})

lga = one(df["name"] == "La Guardia")
assert lga["faa"] == "LGA"
add("fact", ["what's the airport code for la guardia"], {"reply_contains": lga["faa"]})

slc = one(df["faa"] == "SLC")
assert slc["alt"] == "4227"
add("fact", ["how many feet above sea level is SLC"], {"reply_number": int(slc["alt"])})

# ---- count (3)
no_dst = df["dst"] == "N"
assert no_dst.sum() == 23
add("count", ["how many airports don't observe daylight saving time?"],
    {"reply_number": int(no_dst.sum())})

central = tz == -6
assert central.sum() == 342 and central.sum() == (df["tzone"] == "America/Chicago").sum()
add("count", ["how many airports are in the central time zone"], {"reply_number": int(central.sum())})

add("count", ["how many seaplane bases r there"], {"reply_number": int(seaplane.sum())})

# ---- superlative (2)
top = ids(alt == alt.max())
assert top == {"1305"} and df.loc[alt.idxmax(), "faa"] == "TEX"
add("superlative", ["what's the highest-altitude airport you've got?"],
    {"has_items": True, "subset_of_ids": sorted(top, key=int)}, top, 1)

pac = df["tzone"] == "America/Los_Angeles"
pac_alt = alt[pac].sort_values(ascending=False)
third = pac_alt.iloc[2]
top3 = ids(pac & (alt >= third))
assert len(top3) == 3 and pac_alt.iloc[3] < third  # no tie at the cut
add("superlative", ["top 3 highest airports on pacific time"],
    {"has_items": True, "subset_of_ids": sorted(top3, key=int)}, top3, 3)

# ---- ordinal (2): "better than Y" by altitude
higher_den = alt > int(den["alt"])
add("ordinal", ["anything higher up than denver international?"],
    {"has_items": True, "num_range": {"alt": [int(den["alt"]) + 1, None]}}, ids(higher_den), 1)

lower_lga = (alt < int(lga["alt"])) & (tz == -5)
add("ordinal", ["eastern time airports that are lower-lying than LGA"],
    {"has_items": True, "num_range": {"alt": [None, int(lga["alt"]) - 1], "tz": [-5, -5]}},
    ids(lower_lga), 1)

# ---- negation (2)
phx_zone = df["tzone"] == "America/Phoenix"
not_phx = phx_zone & (df["faa"] != "PHX")
assert not_phx.sum() == 37
add("negation", ["airports in the phoenix time zone except sky harbor"],
    {"has_items": True, "text_in": {"tzone": ["America/Phoenix"]},
     "subset_of_ids": sorted(ids(not_phx), key=int)}, ids(not_phx), 1)

hi_not_intl = hawaii & ~df["name"].str.contains("intl|international", case=False, regex=True)
assert hi_not_intl.sum() == 15
add("negation", ["hawaii airports that arent international ones"],
    {"has_items": True, "text_in": {"tzone": ["Pacific/Honolulu"]},
     "subset_of_ids": sorted(ids(hi_not_intl), key=int)}, ids(hi_not_intl), 1)

# ---- disjunction (1)
hi_ak_high = df["tzone"].isin(["Pacific/Honolulu", "America/Anchorage"]) & (alt > 1000)
# Yakutat (YAK) is in Alaska with tzone "NA"; it is at 33 ft so the 1000 ft bound keeps it out either way
assert one(df["faa"] == "YAK")["alt"] == "33"
add("disjunction", ["somewher in hawaii or alaska thats above 1k ft"],
    {"has_items": True, "text_in": {"tzone": ["Pacific/Honolulu", "America/Anchorage"]},
     "num_range": {"alt": [1001, None]}}, ids(hi_ak_high), 1)

# ---- follow_up (2): expect applies to the last turn
mtn_pac = (alt > 7000) & (tz == -8)
assert mtn_pac.sum() == 2
add("follow_up", ["i wanna fly somewhere up in the mountains, above 7k ft",
                  "only ones on pacific time tho"],
    {"has_items": True, "num_range": {"alt": [7001, None], "tz": [-8, -8]}}, ids(mtn_pac), 1)

hi_top = ids(hawaii & (alt == alt[hawaii].max()))
assert hi_top == {"232"}  # Bradshaw Aaf, 6190 ft
add("follow_up", ["airports in hawaii pls", "which one of those is the highest up?"],
    {"has_items": True, "subset_of_ids": sorted(hi_top, key=int)}, hi_top, 1)

# ---- impossible (1)
over10k = alt > 10000
add("impossible", ["any airport higher than 10,000 feet?"],
    {"no_items": True, "reply_contains_any": NO_MATCH}, ids(over10k))

# ---- title_forms (1): the source writes O'Hare as "Ohare"
ord_ = one(df["faa"] == "ORD")
assert ord_["name"] == "Chicago Ohare Intl"
add("title_forms", ["how high is o'hare airport"], {"reply_number": int(ord_["alt"])})

kinds = pd.Series([r["kind"] for r in reqs]).value_counts().to_dict()
assert len(reqs) == 25 and kinds == {"greeting": 2, "plain": 4, "units": 2, "fact": 3, "count": 3,
                                     "superlative": 2, "ordinal": 2, "negation": 2,
                                     "disjunction": 1, "follow_up": 2, "impossible": 1,
                                     "title_forms": 1}, kinds
OUT.parent.mkdir(exist_ok=True)
with open(OUT, "w", encoding="utf-8") as f:
    for r in reqs:
        f.write(json.dumps(r, ensure_ascii=False) + "\n")
print(f"wrote {len(reqs)} requests to {OUT}")
