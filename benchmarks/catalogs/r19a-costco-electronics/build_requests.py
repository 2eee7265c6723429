"""Build ../requests/byo-r19a-costco-electronics.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper A, untouched round 19); no project code was read.
Run: python build_requests.py   (needs pandas)

Prices are text (`$1,299.99 ` with a comma and a trailing space, or a range `$389.99through-$419.99`), star
ratings sit inside sentences (`Rated 4.7 out of 5 stars based on 825 reviews.`), and screen sizes only in
the `Title` (`27”`, `34"`). For every request that must return items, `truth` is the set of rows that really
answer it, computed here by parsing those strings with pandas (a range price passes a price bound only if both
ends do, and the script asserts that no range inside the request's scope straddles its bound; inches x 2.54
against centimetres), and the script asserts that the `expect` facets accept exactly those rows. Because the
price column is text, price bounds are written as `text_in` lists of the raw `Price` strings that satisfy them.
Counts and facts are asserted against the file.
"""
import json
import re
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r19a-costco-electronics"
PREFIX = "r19a-ce"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 643 and list(df["id"]) == [str(i) for i in range(1, 644)]
assert list(df.columns) == ["id", "Sub Category", "Price", "Discount", "Rating", "Title", "Currency", "Feature"]
CAT, TITLE = df["Sub Category"], df["Title"]
assert CAT.notna().all() and TITLE.notna().all() and df.Price.isna().sum() == 1 and df.Rating.isna().sum() == 9


def amounts(s):
    """All dollar amounts in a raw price string, as floats ([] for a blank)."""
    if not isinstance(s, str):
        return []
    return [float(a.replace(",", "")) for a in re.findall(r"\$([\d,]+\.\d\d)", s)]


AMTS = df["Price"].map(amounts)
assert all(len(a) in (1, 2) for a in AMTS[df.Price.notna()])
LOW = AMTS.map(lambda a: min(a) if a else None).astype(float)
HIGH = AMTS.map(lambda a: max(a) if a else None).astype(float)
RATED = df["Rating"].str.extract(r"^Rated ([\d.]+) out of 5 stars based on (\d+) reviews\.$")
STARS, REVIEWS = pd.to_numeric(RATED[0]), pd.to_numeric(RATED[1])
assert (STARS.notna() | df.Rating.isin(["No Reviews"]) | df.Rating.isna()).all()

NO_REPLY = ["no ", "No ", "none", "None", "couldn't", "could not", "nothing", "0 ", "don't have", "not find",
            "no match", "No match", "zero", "There are no", "there are no", "doesn't", "does not"]
WHAT = ["electronic", "Electronic", "TV", "laptop", "Laptop", "product", "Costco", "gadget", "device"]


def title_has(word):
    return TITLE.str.contains(word, case=False, regex=False)


def in_cat(*cats):
    return CAT.isin(cats)


def raw_values(col, mask):
    """Every distinct raw value of `col` on the rows of `mask` (sorted), for a text_in facet."""
    return sorted(df.loc[mask.fillna(False).astype(bool), col].dropna().unique().tolist())


def price_between(lo=None, hi=None, scope=None):
    """(truth, facet): rows whose whole price lies in [lo, hi], and the raw Price strings of the column that do.
    Asserts that no range-priced row inside `scope` has one end inside and one end outside the bounds."""
    inside = lambda x: (lo is None or x >= lo) & (hi is None or x <= hi)
    ok = AMTS.map(lambda a: bool(a) and all(inside(x) for x in a))
    some = AMTS.map(lambda a: any(inside(x) for x in a))
    sc = pd.Series(True, index=df.index) if scope is None else scope
    assert not (sc & some & ~ok).any(), df.loc[sc & some & ~ok, "Price"].tolist()
    return ok, raw_values("Price", ok)


def one_title(title):
    r = df[TITLE.str.strip() == title]
    assert len(r) == 1, (title, len(r))
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
add("greeting", ["hi"], {"reply_contains_any": WHAT})
add("greeting", ["what kind of stuff do you have?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
watches = in_cat("Smart Watches")
add("plain", ["smart watches"], {"has_items": True, "text_in": {"Sub Category": ["Smart Watches"]}}, watches, 5)
mon = in_cat("Monitors")
ok, prices = price_between(hi=199.99, scope=mon)           # "under $200": prices are in cents
add("plain", ["monitors under $200"],
    {"has_items": True, "text_in": {"Sub Category": ["Monitors"], "Price": prices}}, mon & (HIGH < 200), 5)
piano = title_has("piano")
assert set(CAT[piano]) == {"Musical Instruments"} and int(piano.sum()) == 11
add("plain", ["digital pianos"], {"has_items": True, "text_in": {"Title": raw_values("Title", piano)}}, piano, 5)
net = in_cat("Routers, Wifi Extenders & Modems")
ok, prices = price_between(hi=299.99, scope=net)
add("plain", ["wifi routers and mesh systems under $300"],
    {"has_items": True, "text_in": {"Sub Category": ["Routers, Wifi Extenders & Modems"], "Price": prices}},
    net & (HIGH < 300), 5)

# ---- units (dollars asked in "k"; screen inches asked in cm) ----------------------------------
desk = CAT.str.contains("Desktop")
assert set(CAT[desk]) == {"Desktop Computers & PCs", "Gaming Desktop Computer & PCs", "Mini PC Desktop Computer & PCs"}
ok, prices = price_between(hi=1499.99, scope=desk)
add("units", ["desktop computers under 1.5k"],
    {"has_items": True, "text_in": {"Sub Category": raw_values("Sub Category", desk), "Price": prices}},
    desk & (HIGH / 1000 < 1.5))
INCH = TITLE.str.extract(r"(\d+(?:\.\d+)?)\s*(?:\"|”)")[0].astype(float)
assert INCH[mon].notna().all()
big = mon & (INCH * 2.54 > 85)
assert sorted(INCH[big].tolist()) == [34, 34, 35, 49, 49]
add("units", ["monitors bigger than 85 cm"], {"has_items": True, "text_in": {"Title": raw_values("Title", big)}}, big)

# ---- fact (by a title that occurs once) -------------------------------------------------------
assert one_title("Sonos Arc Soundbar Bundle")["Price"] == "$899.99 "
add("fact", ["how much is the Sonos Arc Soundbar Bundle?"], {"reply_number": 899.99})
r = one_title("Bose SoundLink Flex SE Bluetooth Speaker")
assert r["Rating"] == "Rated 4.7 out of 5 stars based on 1607 reviews."
add("fact", ["what's the star rating of the bose soundlink flex SE"], {"reply_number": 4.7})
r = one_title("HomePod mini")
assert r["Rating"] == "Rated 4.5 out of 5 stars based on 1597 reviews."
add("fact", ["how many reviews does the HomePod mini have"], {"reply_number": 1597})

# ---- count ----------------------------------------------------------------------------------
assert (CAT == "TVs").sum() == 103
add("count", ["how many items are in the TV section?"], {"reply_number": 103})
assert (df.Discount == "After $200 OFF").sum() == 17 and df.Discount.str.contains("$200 OFF", regex=False).sum() == 17
add("count", ["how many products are $200 off"], {"reply_number": 17})
aw = title_has("Apple Watch")
assert int(aw.sum()) == 9 and set(CAT[aw]) == {"Smart Watches"}
add("count", ["how many apple watch listings are there"], {"reply_number": 9})

# ---- superlative ----------------------------------------------------------------------------
top = top_ids(HIGH, 1)
assert top == ["618"] and HIGH.max() == 7999.99
add("superlative", ["what's the most expensive thing on the list"],
    {"has_items": True, "subset_of_ids": top}, df.id.isin(top), 1)
cheap3 = top_ids(HIGH.where(mon), 3, largest=False)        # 99.99, 99.99, 139.99; next is 169.99
assert sorted(HIGH[df.id.isin(cheap3)]) == [99.99, 99.99, 139.99]
add("superlative", ["3 cheapest monitors"], {"has_items": True, "subset_of_ids": cheap3}, df.id.isin(cheap3), 3)

# ---- ordinal (compared with another product) ---------------------------------------------------
ref = one_title('Acer Nitro 34" Class UWQHD Curved Gaming Monitor')
assert amounts(ref["Price"]) == [299.99]
ok, prices = price_between(hi=299.98, scope=mon)
add("ordinal", ['monitors chaeper than the Acer Nitro 34" curved one'],
    {"has_items": True, "text_in": {"Sub Category": ["Monitors"], "Price": prices}}, mon & (HIGH < 299.99))
head = in_cat("Headphones & Earbuds")
ref = one_title("AirPods Pro (2nd generation) with MagSafe Case (USB-C) with AppleCare+ Included")
assert amounts(ref["Price"]) == [199.99]
ok, prices = price_between(hi=199.98, scope=head)
add("ordinal", ["headphones cheaper than the AirPods Pro"],
    {"has_items": True, "text_in": {"Sub Category": ["Headphones & Earbuds"], "Price": prices}}, head & (HIGH < 199.99))

# ---- negation (every other raw title of the category) ----------------------------------------
not_apple = watches & ~title_has("Apple")
assert int(not_apple.sum()) == 4
add("negation", ["smart wacthes that aren't apple"],
    {"has_items": True, "text_in": {"Sub Category": ["Smart Watches"], "Title": raw_values("Title", not_apple)}},
    not_apple)
music = in_cat("Musical Instruments")
not_piano = music & ~piano
add("negation", ["musical instruments that are not pianos"],
    {"has_items": True, "text_in": {"Sub Category": ["Musical Instruments"], "Title": raw_values("Title", not_piano)}},
    not_piano)

# ---- disjunction ----------------------------------------------------------------------------
disj = in_cat("Phones & Two-way Radios") | in_cat("Streaming Devices")
assert int(disj.sum()) == 7
add("disjunction", ["phones or streaming devices"],
    {"has_items": True, "text_in": {"Sub Category": ["Phones & Two-way Radios", "Streaming Devices"]}}, disj)

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
ok, prices = price_between(hi=149.99, scope=head)
add("follow_up", ["show me headphones", "just the ones under $150"],
    {"has_items": True, "text_in": {"Sub Category": ["Headphones & Earbuds"], "Price": prices}}, head & (HIGH < 150))
curved = mon & title_has("Curved")
ok, prices = price_between(hi=299.99, scope=curved)
add("follow_up", ["monitors", "curved ones", "under 300 dollars"],
    {"has_items": True, "text_in": {"Sub Category": ["Monitors"], "Title": raw_values("Title", curved), "Price": prices}},
    curved & (HIGH < 300))

# ---- impossible -----------------------------------------------------------------------------
tvs = in_cat("TVs")
ok, prices = price_between(hi=49.99, scope=tvs)
add("impossible", ["any TVs under $50?"], {"no_items": True, "reply_contains_any": NO_REPLY}, tvs & (LOW < 50))

# ---- id_lookup ------------------------------------------------------------------------------
assert df.loc[df.id == "250", "Sub Category"].item() == "Laptops & Notebook Computers"
add("id_lookup", ["tell me about item 250"], {"has_items": True, "subset_of_ids": ["250"]}, df.id == "250")

finish()
