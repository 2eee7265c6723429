"""Build ../requests/byo-r6b-mlb-teams.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper B, untouched round 6); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions (unit conversions done on the numbers: innings = outs / 3, "4 million
fans" = 4_000_000), and the script asserts that the `expect` facets accept exactly those rows. Counts and
facts are asserted against the file. Blank cells never satisfy a facet nor the truth.
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r6b-mlb-teams"
PREFIX = "r6b-mlb"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 2784 and list(df["id"]) == [str(i) for i in range(1, 2785)]
num = lambda c: pd.to_numeric(df[c])                       # numeric view for the truth expressions
YEAR, WINS, LOSSES, RANK = num("year"), num("wins"), num("losses"), num("rank")
HR, ATT, OUTS = num("homeruns"), num("home_attendance"), num("outs_pitches")
TEAM = df["team_name"]

NO_REPLY = ["no ", "No ", "none", "None", "couldn't", "could not", "nothing", "0 ", "don't have", "not find",
            "no match", "never"]
WHAT = ["baseball", "Baseball", "MLB", "team", "Team", "season", "league", "League"]
assert set(df["league_id"]) == {"NL", "AL"}
assert set(df["world_series_winner"].dropna()) == {"Y", "N"}
# ---- shared checking helpers (copied verbatim into each build_requests.py) -------------------------
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
    """Assert no value of `col` lies strictly between lo and hi (the resolution gap of a strict bound)."""
    v = pd.to_numeric(df[col])
    assert not ((v > lo) & (v < hi)).any(), (col, lo, hi)


REQS = []


def add(kind, turns, expect, truth=None, min_rows=1, exact_ids=False):
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


def finish():
    kinds = pd.Series([r["kind"] for r in REQS]).value_counts().to_dict()
    assert kinds == {"greeting": 2, "plain": 4, "units": 2, "fact": 3, "count": 3, "superlative": 2,
                     "ordinal": 2, "negation": 2, "disjunction": 1, "follow_up": 2, "impossible": 1,
                     "id_lookup": 1}, kinds
    assert len(REQS) == 25
    assert any(r["kind"] == "follow_up" and len(r["turns"]) == 3 for r in REQS)
    OUT.parent.mkdir(parents=True, exist_ok=True)
    with OUT.open("w", encoding="utf-8") as f:
        for r in REQS:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    print(f"wrote {len(REQS)} requests to {OUT}; all assertions passed")


def team_year(team, year):
    r = df[(TEAM == team) & (df["year"] == str(year))]
    assert len(r) == 1, (team, year)
    return r.iloc[0]


# ---- greeting -------------------------------------------------------------------------------
add("greeting", ["hey, what's this data about?"], {"reply_contains_any": WHAT})
add("greeting", ["hi there! what kind of stuff can i look up here"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["world series champs from the 90s"],
    {"has_items": True, "text_in": {"world_series_winner": ["Y"]}, "num_range": {"year": [1990, 1999]}},
    (df.world_series_winner == "Y") & (YEAR // 10 == 199), 5)
add("plain", ["Yankees seasons with 100+ wins"],
    {"has_items": True, "text_in": {"team_name": ["New York Yankees"]}, "num_range": {"wins": [100, None]}},
    (TEAM == "New York Yankees") & (WINS >= 100), 5)
fenway = sorted(v for v in df.ball_park.dropna().unique() if "fenway" in v.lower())
assert fenway == ["Fenway Park I", "Fenway Park I / Braves Field", "Fenway Park II"]
add("plain", ["which teams played their home games at Fenway?"],
    {"has_items": True, "text_in": {"ball_park": fenway}},
    df.ball_park.str.contains("Fenway", case=False), 5)
add("plain", ["american league division winners in the 2010s"],
    {"has_items": True, "text_in": {"league_id": ["AL"], "division_winner": ["Y"]}, "num_range": {"year": [2010, 2019]}},
    (df.league_id == "AL") & (df.division_winner == "Y") & YEAR.between(2010, 2019), 5)

# ---- units (attendance is a plain head count; pitching is stored as outs, people think in innings) ----
gap_empty("home_attendance", 4_000_000, 4_000_001)          # attendance is a whole number of fans
add("units", ["teams that drew over 4 million fans at home"],
    {"has_items": True, "num_range": {"home_attendance": [4000001, None]}}, ATT / 1_000_000 > 4)
gap_empty("outs_pitches", 4470, 4471)                      # outs are whole numbers; 1490 innings = 4470 outs
add("units", ["any team pitch more than 1,490 innings in a season?"],
    {"has_items": True, "num_range": {"outs_pitches": [4471, None]}}, OUTS / 3 > 1490)

# ---- fact -----------------------------------------------------------------------------------
assert team_year("New York Yankees", 1927)["ball_park"] == "Yankee Stadium I"
add("fact", ["where did the 1927 yankees play their home games"], {"reply_contains": "Yankee Stadium"})
assert team_year("Minnesota Twins", 2019)["homeruns"] == "307"
add("fact", ["how many homers did the Twins hit in 2019?"], {"reply_number": 307})
assert team_year("Chicago Cubs", 1906)["wins"] == "116"
add("fact", ["how many games did the 1906 Cubs win"], {"reply_number": 116})

# ---- count ----------------------------------------------------------------------------------
assert ((TEAM == "New York Yankees") & (df.world_series_winner == "Y")).sum() == 27
add("count", ["how many World Series titles do the Yankees have in here?"], {"reply_number": 27})
assert (YEAR == 2020).sum() == 30
add("count", ["how many teams are listed for 2020"], {"reply_number": 30})
assert (TEAM == "Montreal Expos").sum() == 36
add("count", ["how many seasons did the Montreal Expos play?"], {"reply_number": 36})

# ---- superlative ----------------------------------------------------------------------------
top = HR.nlargest(4)
assert top.iloc[2] > top.iloc[3]                                   # no tie at the cut
top3 = pd.Series(df.index.isin(top.index[:3]), index=df.index)
assert ids(top3) == ["2735", "2741", "2742"]                      # 2019 Astros, Twins, Yankees
add("superlative", ["the 3 teams that hit the most home runs in a season"],
    {"has_items": True, "subset_of_ids": ["2735", "2741", "2742"]}, top3, 3)
assert (ATT == ATT.max()).sum() == 1 and ids(ATT == ATT.max()) == ["1963"]   # 1993 Colorado Rockies
add("superlative", ["which team had the biggest home crowd total ever?"],
    {"has_items": True, "subset_of_ids": ["1963"]}, ATT == ATT.max())

# ---- ordinal (rank 1 = first place in the division/league) -------------------------------------
add("ordinal", ["red sox seasons where they finished 2nd or better"],
    {"has_items": True, "text_in": {"team_name": ["Boston Red Sox"]}, "num_range": {"rank": [1, 2]}},
    (TEAM == "Boston Red Sox") & (RANK <= 2))
add("ordinal", ["Cubs since 2000 that finished in the top 3 of their division"],
    {"has_items": True, "text_in": {"team_name": ["Chicago Cubs"]}, "num_range": {"rank": [1, 3], "year": [2000, None]}},
    (TEAM == "Chicago Cubs") & (RANK <= 3) & (YEAR >= 2000))

# ---- negation -------------------------------------------------------------------------------
add("negation", ["2020 teams not in the National League"],
    {"has_items": True, "text_in": {"league_id": ["AL"]}, "num_range": {"year": [2020, 2020]}},
    (YEAR == 2020) & (df.league_id != "NL"))
add("negation", ["world series winners since 1990 that did NOT win their division"],
    {"has_items": True, "text_in": {"world_series_winner": ["Y"], "division_winner": ["N"]}, "num_range": {"year": [1990, None]}},
    (df.world_series_winner == "Y") & (YEAR >= 1990) & (df.division_winner == "N"))

# ---- disjunction ----------------------------------------------------------------------------
dg = sorted(t for t in TEAM.unique() if "Dodgers" in t or "Giants" in t)
assert dg == ["Brooklyn Dodgers", "Los Angeles Dodgers", "New York Giants", "San Francisco Giants"]
add("disjunction", ["Dodgers or Giants seasons with at least 100 wins"],
    {"has_items": True, "text_in": {"team_name": dg}, "num_range": {"wins": [100, None]}},
    TEAM.str.contains("Dodgers|Giants") & (WINS >= 100))

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
add("follow_up", ["show me the Mets", "just the years they won the pennant"],
    {"has_items": True, "text_in": {"team_name": ["New York Mets"], "league_winner": ["Y"]}},
    (TEAM == "New York Mets") & (df.league_winner == "Y"))
add("follow_up", ["teams that won 100 games or more", "only american league", "and after 1990"],
    {"has_items": True, "text_in": {"league_id": ["AL"]}, "num_range": {"wins": [100, None], "year": [1991, None]}},
    (WINS >= 100) & (df.league_id == "AL") & (YEAR > 1990))

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["a world series winner that had a losing record"],
    {"no_items": True, "reply_contains_any": NO_REPLY},
    (df.world_series_winner == "Y") & (WINS < LOSSES))

# ---- id_lookup ------------------------------------------------------------------------------
assert df.loc[df.id == "2768", "team_name"].item() == "Los Angeles Dodgers"
add("id_lookup", ["what's item 2768?"], {"has_items": True, "subset_of_ids": ["2768"]}, df.id == "2768")

finish()
