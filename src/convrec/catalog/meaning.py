"""What a catalog's columns mean to a person, decided once per catalog.

Column names are written for programs ("comb_mpg", "no_cylinders", "sat_fat", "ind_study");
requests are written by people ("40 mpg", "a V8", "under 10 g of fat", "independent study").
For every column this module derives, from its name, type and role only (no shipped catalog's
names are special):

``label``     a friendly name ("combined mpg", "number of cylinders", "saturated fat")
``words``     what a request must say to mean this column: one group per necessary word of the
              label, each group the word and its synonyms (``[["mpg", "mileage", …]]`` for
              ``comb_mpg``: "combined" may be left out; ``[["city"], ["mpg", …]]`` for ``city_mpg``)
``unit``      the unit its numbers are in ("kcal", "g", "mg", "l", "min", "$", "%"), or ""
``scale``     how many units one stored number is (1e6 for a budget kept in millions)
``facet``     for a yes/no column, the facet it is a value of ("features", or the shared prefix
              of a group such as ``genre_action``, ``genre_drama`` → "genre")

Everything can be overridden per column by a schema file (``convrec data prepare NAME --schema
FILE``, stored as ``schema.json`` beside the dataset) — ``{"column": {"label": …, "words": [[…]],
"unit": …, "scale": …, "facet": …, "bands": {"lower division": [null, 99]}}}`` — for what rules
cannot know (``bands`` name ranges of a number column that a request may say instead of numbers).
"""

from __future__ import annotations

import re
from typing import Any, Mapping

from convrec.catalog.domains import GENERIC_ROW_NOUNS, domain_from_names, valid_domain  # noqa: F401
from convrec.catalog.grades import value_order  # noqa: F401
from convrec.catalog.headers import (  # noqa: F401
    _split_compound, consonants, counted_noun, expand, name_words, skeleton_word)
from convrec.catalog.spelling import spelling_variants
from convrec.catalog.unitconv import (  # noqa: F401
    _factors, _unit_named, affine, convert, unit_for_header_word, unit_for_word, unit_symbol_names, unit_words)
from convrec.catalog.wordlists import (  # noqa: F401
    codes_data, elements_data, fold_value, scales_data, units_data, word_rank, words_starting)

def _label(words: list[str]) -> str:
    if len(words) >= 2 and words[0] == "number" and words[1] != "of":
        return "number of " + " ".join(words[1:])
    return " ".join(words)


def unit_of(words: list[str]) -> str:
    # a unit the name writes ("weight_in_lbs", "speed_mph", "LF.PressureMB") before the one its noun implies;
    # of two words first ("SquareFeet": square feet, not feet; "cost per sq ft": a price per area, none)
    for k in range(len(words) - 1):
        u = unit_for_word(" ".join(words[k:k + 2]))
        if u:
            return "" if k and words[k - 1] == "per" else u
    for k, w in enumerate(words):
        if (len(w) >= 2 or _unit_here(w, words)) and (k == len(words) - 1 or (k and words[k - 1] in ("in", "per"))
                                                       or (k + 2 < len(words) and words[k + 1] == "of" and len(w) >= 3)):
            # ("total_litres_of_pure_alcohol": litres of it, not the alcohol's percent)
            u = unit_for_word(w) if k < len(words) - 1 else unit_for_header_word(w)
            if u and not (k and words[k - 1] == "per"):
                return u
    if len(words) > 1 and words[0] in ("percent", "percentage", "pct", "proportion"):
        return "%"  # `perc_low_income`, `PC_GDP`: a share of it, not its dollars
    said = words[:1] + words[2:] if len(words) == 3 and words[1] in ("since", "of", "at", "in", "on", "before", "after") else words
    first = unit_for_word(said[0]) if len(said) == 2 and len(said[0]) >= 3 and said[0].endswith("s") and said[1].isalpha() else None
    if first and (said[1].endswith("ed") or first in ("yr", "month", "wk", "d", "h", "min") and not unit_for_word(said[1])):
        return first  # "acres burned", "hours worked", "years service": the unit, then what was done or spent
    q = units_data()["quantity_units"]
    if {"to", "per", "ratio"} & set(words[1:]):
        return ""  # "debt_to_income", "income per capita": a ratio, not the unit of its noun
    if len(words) > 1 and words[-1] in units_data()["measure_heads"]["words"] and words[-1] not in q:
        return ""  # "bill length": a length (its unit unsaid), not a bill's dollars
    for w in reversed(words):  # the head noun is usually last ("total_fat", "engine_displacement")
        for form in (w, w[:-1] if w.endswith("s") else w, *spelling_variants(w)):
            if form in q:  # "sugars" is sugar, "fibre" is fiber
                return q[form]
    return ""


def column_words(words: list[str], role: str, letters_unsaid: bool = True) -> list[list[str]]:
    """The groups of words a request must say to mean a column with these (expanded) label words;
    ``letters_unsaid``: a lone letter beside other words is left out (False where it tells the column
    from a sibling: `expendA`, `expendB` are "candidate A's spending")."""
    data = units_data()
    optional, syn = set(data["optional"]["words"]), data["synonyms"]
    need = [w for w in words if w not in optional and not w.isdigit()]
    if need and len(need) < len(words) and all(len(w) <= 3 and (word_rank(w) or 10 ** 9) > 10000 and unit_for_word(w) is None
                                               and w not in syn and w not in data["abbrev"] and words_starting(w) for w in need):
        need = [w for w in words if not w.isdigit()]  # `clsize`: "cl" alone says nothing; "size" stays with it
    if not need:
        need = [w for w in words if not w.isdigit()][-1:]
    # a lone letter or a word that starts with digits, beside other words, is a symbol or a qualifier
    # nobody says ("T_flash" is said "flash point", "viewers_7day" "viewers"): the other words name it
    need = [w for w in need if not w[0].isdigit()] or need  # "viewers_7day": viewers
    if letters_unsaid:
        need = [w for w in need if len(w) > 1 or not w.isalpha()] or need
    groups = []
    for w in need:
        g = [w] + [s for s in syn.get(w, []) if s != w] + spelling_variants(w)  # "fibre" is also "fiber"
        eng = data.get("foreign", {}).get(w) if (word_rank(w) or 10 ** 9) > 20000 else None
        if eng:  # `Profundidad`: the depth, said in English ("deeper than 3 miles")
            g += [eng, eng + "s"] + [s for s in syn.get(eng, []) if s not in g]
        if len(w) > 3 and not w.endswith("s"):
            g.append(w[:-1] + "ies" if w.endswith("y") and w[-2] not in "aeiou"
                     else w + "es" if w.endswith(("ch", "sh", "x", "z")) else w + "s")  # "branches", "boxes"
        elif len(w) > 4 and w.endswith("s") and not w.endswith(("ss", "us", "is")):
            g.append(w[:-3] + "y" if w.endswith("ies") else w[:-1])  # "cores" is also said "an 8 core cpu"
        if len(w) >= 4 and w.isalpha() and word_rank(w) is None and w not in units_data()["abbrev"] and len(need) > 1:
            g += words_starting(w)  # `pop_dens`: "dens" is what "density", "densely" were cut to
        elif 2 <= len(w) <= 3 and w.isalpha() and (word_rank(w) or 10 ** 9) > 10000 and w not in units_data()["abbrev"] \
                and len(need) > 1 and any(len(x) >= 4 and (word_rank(x) or 10 ** 9) < 5000 for x in need if x != w):
            g += words_starting(w)  # `clsize`: "cl" beside "size" is what "class" was cut to
        if w in ("price", "cost") or role == "price":
            g += ["price", "cost", "costs", "priced"]
        if len(w) >= 3 and w.isalpha() and w[-1] not in "aeiouy" and (word_rank(w + "ing") or 10 ** 9) < 20000:
            g.append(w + "ing")  # `readscr`: "top districts for reading"
        if len(w) >= 6 and w.endswith("ing") and w.isalpha() and role != "flag":  # "melting point" is said "melts below 0 °C"
            verb = [x for x in (w[:-3], w[:-3] + "e") if word_rank(x) is not None]
            if len(verb) == 1:  # not "rating" (a rat or a rate)
                g += [verb[0], verb[0] + "s", verb[0].removesuffix("e") + "ed"]
        if role == "flag":
            g += _doer_verbs(w)
        counted = counted_noun(w) if len(need) == 1 else None
        if counted:
            g += [counted, counted[:-1]]  # `numbids`, `nrooms`: the number of bids, said "bids"
        if len(w) >= 6 and w.endswith("ed") and w.isalpha() and word_rank(w[:-2] + "ion") is not None:
            g += [w[:-2] + "ion", w[:-2] + "ions"]  # `convicted`: "the earliest conviction"
        groups.append(list(dict.fromkeys(g)))
    heads = [w for w in words if w in ("score", "scores", "level", "size", "value", "amount", "count") and w not in need]
    if len(groups) == 1 and heads and all((word_rank(w) or 10 ** 9) > 20000 and len(w) <= 5 for w in need):
        # `CPI score 2022`: "cpi" is the name, "score" what people say of it ("scoring under 20", "the lowest score")
        head = heads[-1].rstrip("s")
        groups[0] = list(dict.fromkeys(groups[0] + [head, head + "s"] + ([head[:-1] + "ing"] if head.endswith("e") else [])))
    return groups


def _doer_verbs(w: str) -> list[str]:
    """A yes/no column named by the ones who do something ("hoppers", "climbers") is said by the
    doing: "hopping", "hops", "climbing"."""
    stem = w[:-3] if w.endswith("ers") else w[:-2] if w.endswith("er") else ""
    if len(stem) < 3 or not stem.isalpha():
        return []
    base = stem[:-1] if stem[-1] == stem[-2] and stem[-1] not in "aeiouls" else stem  # "hopp" → hop (not "spell")
    if word_rank(base) is None:
        base = stem + "e"  # "voters" → vote, voting
        if word_rank(base) is None:
            return []
    return [stem + "ing", base, base + "s"]


_HEADCOUNTS = {"population", "pop", "people", "persons", "households", "employees", "jobs", "workers", "visitors",
               "passengers", "residents", "inhabitants"}


_MONEY_WORDS = {"dollars", "dollar", "usd", "euros", "eur", "gdollars", "mdollars"}


def _scale(words: list[str]) -> float:
    sc = units_data()["scale"]
    for w in words:
        if w in sc and (w != "k" or set(words) & _HEADCOUNTS) and not _unit_here(w, words):
            # ("temp_k" is kelvin; "population.K" a headcount in thousands)
            return float(sc[w])
    money, heads = bool(set(words) & _MONEY_WORDS), bool(set(words) & _HEADCOUNTS)
    for w in words:  # "Ads_currentGdollars": billions of dollars; "Population_M": millions of people (not metres)
        if w in ("g", "b", "bn") and money:
            return 1e9
        if w in ("m", "mn", "mil") and (money or heads):
            return 1e6
    return 1.0


def _unit_here(w: str, words: list[str]) -> bool:
    """Is a scale word a unit in this name ("culmen_length_mm": millimetres, not millions)?"""
    return bool(set(units_data().get("scale_unit_beside", {}).get(w, ())) & set(words))


_TIME_UNITS = ("min", "h", "d", "wk", "month", "yr", "sec")
_SOURCE = re.compile(r"^attribute '(.+)' from the items file(?:, written in (\$|%|year))?$")


def source_header(c: Mapping[str, Any]) -> str:
    """A column's header as the items file wrote it ("Al", "AHCAvote"), else its stored name."""
    m = _SOURCE.match(str(c.get("meaning") or ""))
    return m.group(1) if m else str(c["name"])
_SAFE = re.compile(r"[^a-z0-9]")


_TITLE_SOURCE = re.compile(r"^item title \(column '(.+)'\)$")


def title_meaning(header: str) -> str:
    """What the title column means: the items' names, from the file's column ``header``."""
    return f"item title (column '{header}')"


def title_header(columns: list[dict[str, Any]]) -> str | None:
    """The items file's column the items are named by, as prepare resolved it (read back from
    :func:`title_meaning`), or None."""
    for c in columns:
        m = _TITLE_SOURCE.match(str(c.get("meaning") or "")) if c.get("role") == "title" else None
        if m:
            return m.group(1)
    return None


def items_file_meaning(header: str, written: str = "") -> str:
    """What a column read from a user's items file means, naming its header as the file wrote it
    (read back by :func:`annotate`, whose words come from that header's capitals: "HmRun"), and the
    unit its values wrote ("$53.25" → $, "-15%" → %)."""
    return f"attribute '{header}' from the items file" + (f", written in {written}" if written else "")


_GLUED_NUMBER = re.compile(r"^([a-z]+)([0-9]+(?:\.[0-9]+)?)([a-z]*)$|^([0-9]+(?:\.[0-9]+)?)([a-z]+)$")


def _numbered_split(raws: dict[str, list[str]], marks: dict[str, tuple[float, str, int]] | None = None) -> dict[str, list[str]]:
    """A word with a number glued in, where a sibling header has the same word with another number
    (`Freq12`, `Freq24`; "20yr GWP", "100yr GWP"): the number (and a unit glued to it) is a mark that
    tells the siblings apart (a period, a horizon), not part of the column's words (`mp3`, `co2` alone
    keep theirs). ``marks`` gets name → (number, unit word, where it stood among the words)."""
    def shape(ws: list[str], k: int, m: re.Match) -> tuple:  # the header with its number left out
        return tuple(ws[:k]), m.group(1) or "", m.group(3) or m.group(5) or "", tuple(ws[k + 1:])

    found = [(name, ws, k, m) for name, ws in raws.items() for k, x in enumerate(ws) if (m := _GLUED_NUMBER.match(x))]
    shapes: dict[tuple, set[str]] = {}
    for _, ws, k, m in found:
        shapes.setdefault(shape(ws, k, m), set()).add(m.group(2) or m.group(4))
    out = dict(raws)
    for name, ws, k, m in found:
        if len(shapes[shape(ws, k, m)]) < 2 or len(out[name]) != len(ws):
            continue  # (one number per header: the first that tells siblings apart)
        unit = m.group(3) or m.group(5) or ""
        u = unit_for_word(unit)  # a time glued on ("20yr"); "3m" may be months or metres: bare
        unit = unit if u and convert(1.0, u, "h") is not None and unit != "m" else ""
        rest = [y for y in (m.group(1), (m.group(3) or "") if not u else "") if y]  # "3m": the mark's, not a word
        out[name] = out[name][:k] + rest + out[name][k + 1:]
        if marks is not None:
            marks[name] = (float(m.group(2) or m.group(4)), unit, k + bool(m.group(1)))
    return out


def _sibling_split(raws: dict[str, list[str]], marks: dict | None = None) -> dict[str, list[str]]:
    """A glued name split where a sibling column's name ends in the same word ("gasbill" and
    "elecbill" beside "totalbill" = total bill: gas bill, elec bill), when the rest is a word or a
    known abbreviation."""
    heads = {ws[-1] for ws in raws.values() if len(ws) >= 2 and len(ws[-1]) >= 3 and ws[-1].isalpha()}
    ab = units_data()["abbrev"]
    out = _numbered_split(raws, marks)
    for name, ws in raws.items():
        if len(ws) != 1 or len(ws[0]) < 6 or not ws[0].isalpha():
            continue
        for h in heads:
            a = ws[0][:-len(h)]
            if ws[0].endswith(h) and len(a) >= 3 and (a in ab or word_rank(a) is not None):
                out[name] = [a, h]
                break
    return out


_MEASURE_NOUNS = {"distance", "length", "weight", "height", "width", "depth", "temperature", "elevation", "altitude",
                  "minutes"}
"""what a header's cut means only of a physical quantity ("dist" → distance; not "num" → number: a
course number may be "C115")"""


def _coded_headers(columns: list[dict[str, Any]]) -> None:
    """Number columns headed by the codes of one standard list (`D`, `R` of the US parties; `M`, `F`),
    two or more of them: each is said by the names of its code ("Democrat", "Republicans")."""
    lists = {k: v for k, v in codes_data().items() if k in ("us_parties", "sex")}
    for table in lists.values():
        found = []
        for c in columns:
            header = source_header(c)
            names = [k for k, v in table.items() if str(v).lower() == header.lower()] if len(header) <= 2 else []
            if c.get("type") in ("integer", "real") and names and header.isupper():
                found.append((c, names))
        if len(found) >= 2:
            for c, names in found:
                c.setdefault("coded_header", names)


def _symbol_headers(columns: list[dict[str, Any]]) -> None:
    """Number columns headed by the standard symbols of one notation (`Su`, `Sy`, `E`, `G`, `mu`, `Ro`:
    a material's strengths, moduli, Poisson's ratio, density; `Tm`, `Tb`, `rho`: a substance's melting
    and boiling points and density), three or more of them: each is said by
    its name ("yield strength") and kept in the unit its values' size says (MPa; kg/m³ or g/cm³)."""
    table = {k: [x.strip() for x in str(v).split("|")] for k, v in codes_data().get("engineering_symbols", {}).items()}
    found = []
    for c in columns:
        header = source_header(c).strip()
        if c.get("type") in ("integer", "real") and header.lower() in table and len(header) <= 4:
            found.append((c, table[header.lower()]))
    if len(found) < 3:
        return
    for c, (name, big, small) in found:
        hi = c.get("max")
        big_values = hi is not None and float(hi) > 100
        unit = big if big_values else small
        c.setdefault("label", name)
        if unit:
            c.setdefault("unit", unit)
        c.setdefault("words", column_words(name.replace("'s", "").split(), c.get("role", "other")))


def annotate(columns: list[dict[str, Any]], overrides: Mapping[str, Mapping[str, Any]] | None = None) -> list[dict[str, Any]]:
    """The columns with ``label``, ``words``, ``unit``, ``scale`` and (yes/no columns)
    ``facet`` each; values already stored on a column or given in ``overrides`` win."""
    overrides = overrides or {}
    columns = [dict(c) for c in columns]
    _coded_headers(columns)
    _symbol_headers(columns)
    def header_words(c: Mapping[str, Any]) -> list[str]:
        # the header as the file wrote it ("HmRun", "LF.WindsMPH", "democA"): its capitals split its words
        m = _SOURCE.match(str(c.get("meaning") or ""))
        said = _SAFE.sub("", m.group(1).lower()) if m else None
        safe = _SAFE.sub("", c["name"])
        got = name_words(m.group(1) if said is not None and (
            said in (safe, safe[1:]) and said[:1].isdigit() == (said != safe)  # (`c_20yr_gwp` of "20yr GWP")
            or str(c["name"]).startswith("attr_") and said == safe[4:]) else c["name"])  # (`attr_popularity` of "popularity")
        if len(got) >= 2 and len(got[0]) == 1 and "".join(got) == _SAFE.sub("", c["name"]) and (
                c.get("type") not in ("integer", "real") and not c.get("order") or "".join(got[1:]) in names):
            # a lone letter glued to a word names a measure (`tsize`) or a grade (`tgrade`), not a text column (`tzone`) nor
            # another column's copy (`lsalary` beside `salary`: its log)
            return ["".join(got)]
        return got

    names = {_SAFE.sub("", str(c["name"]).lower()) for c in columns}
    marks: dict[str, tuple[float, str, int]] = {}
    raws = _sibling_split({c["name"]: header_words(c) for c in columns}, marks)
    periods = _period_marks(columns, raws)  # `incidents_85_99` beside `incidents_00_14`: counted over those years
    if any(r in (["lat"], ["latitude"]) for r in raws.values()):  # `lat` beside `long`: a longitude, no length
        raws = {k: (["longitude"] if r == ["long"] else r) for k, r in raws.items()}
    facets = _facets([c["name"] for c in columns if c.get("type") == "boolean"], raws)
    out = []
    sc = units_data()["scale"]
    all_words = [[w for w in expand(raws[c["name"]]) if w not in sc or len(raws[c["name"]]) == 1 or _unit_here(w, raws[c["name"]])]
                 for c in columns]
    for c in columns:
        c = dict(c)
        raw = raws[c["name"]]
        words = [w for w in expand(raw) if w not in sc or len(raw) == 1 or _unit_here(w, raw)]
        if c.get("type") == "text" and c.get("role") not in ("id", "title") and not any(
                len(re.findall(r"\d+(?:\.\d+)?", str(x))) >= 2 for x in c.get("examples") or []):  # ranges ("98-98.9F") are measures
            # `Dist` of "AK-1", "AL-2": codes, no distance — a cut expanded to a measure is a number's
            ab = units_data()["abbrev"]
            if any(ab.get(x) in _MEASURE_NOUNS for x in raw):
                words = [y for x in raw for y in ([x] if ab.get(x) in _MEASURE_NOUNS else expand([x]))]
        role = c.get("role", "other")
        if role == "id":
            words = ["id"]
        if c["name"] in marks and "label" not in c:  # "20 yr gwp", "freq 12": the mark back in its place
            n, u, at = marks[c["name"]]
            said = [f"{n:g}", *([u] if u else [])]
            lw = [w for w in words if w not in ("desc",)]
            c["label"] = " ".join(lw[:at] + said + lw[at:]) if lw else c["name"]
            c.setdefault("mark", [n, unit_for_word(u) or ""] if u else [n, ""])
        c.setdefault("label", _label([w for w in words if w not in ("desc",)]) or c["name"])
        if c["name"] in periods:
            c.setdefault("mark", [periods[c["name"]][0], "", periods[c["name"]][1]])
        if role == "time" and c.get("type") == "integer" and isinstance(c.get("max"), (int, float)) and c["max"] <= 99:
            c.setdefault("year_base", 1900)  # two-digit years (roles.two_digit_years): 65 is 1965
        cut = [x for x in raw if " " in str(units_data()["abbrev"].get(x, "")) and len(x) >= 3]
        if cut and c.get("type") in ("integer", "real"):  # `dbh` read "trunk diameter" is still said "dbh"
            c.setdefault("aliases", cut)
        wrote = _SOURCE.match(str(c.get("meaning") or ""))
        if wrote and wrote.group(2) in ("$", "%") and c.get("type") in ("integer", "real"):
            c.setdefault("unit", wrote.group(2))  # the values wrote it: "$53.25", "-15%"
        if c.get("ratio_percent") and c.get("type") in ("integer", "real"):
            c.setdefault("unit", "%")  # deaths / cases × 100 on every item, as the data shows: a percent
        c.setdefault("unit", "$" if role == "price" else "" if role == "time"  # a year is a date, not a number of years
                     else unit_of(words) if c.get("type") in ("integer", "real") else "")
        if c.get("in_years") and c["unit"] in _TIME_UNITS and not any(unit_for_word(x) for x in raw[-1:]) \
                and "unit" not in (overrides.get(c["name"]) or {}):
            c["unit"] = "yr"  # the data shows years ("duration" 7 from 1946, never past the last year)
        if c.get("spans") and "unit" not in (overrides.get(c["name"]) or {}):
            # `p2t`, the months from `peak` to `trough` as the data shows: a length said "lasted", "the longest"
            a, b, unit = c["spans"]
            c["unit"] = unit
            known = all(word_rank(x) is not None for x in c["label"].split())  # "delay", "age": a name people use
            c["label"] = c["label"] if known else f"length from {a} to {b}"
            # one word group: any of them names it (its own name no one says); a known name that is no
            # length ("age": from a birth) keeps its own words
            if not known or set(c["label"].split()) & set(units_data()["span_words"]["nouns"]):
                c.setdefault("words", [list(dict.fromkeys(list(units_data()["span_words"]["words"])
                                                          + [x for g in column_words(words, role) for x in g]))])
        if c.get("date_part") and "words" not in c:  # `peakq`: the quarter of `peak` ("started in the 3rd quarter")
            of, part = c["date_part"]
            peer = next((x for x in columns if x["name"] == of), {})
            spans = units_data()["span_words"]
            side = spans["starts"] if peer.get("starts") else spans["ends"] if peer.get("ends") else []
            c["label"] = f"{of} {part}" if len(c["label"]) <= len(c["name"]) + 1 else c["label"]
            c["words"] = [[part, part + "s"], list(dict.fromkeys([of, *(x for g in column_words(name_words(of), "other") for x in g), *side]))]
        if (c.get("starts") or c.get("ends")) and "words" not in c:
            side = units_data()["span_words"]["starts" if c.get("starts") else "ends"]
            own = [x for g in column_words(words, role) for x in g]
            c["words"] = [list(dict.fromkeys(own + list(side)))]  # "began in August 1929": the earlier date
        c.setdefault("scale", _scale(raw))
        if c.get("unit") and not any(unit_for_word(x) for x in raw) \
                and set(words) & set(units_data().get("quantity_assumed", {}).get("words", ())):
            c.setdefault("unit_assumed", True)  # `Weight` taken for kg to convert "1.5 kg", never shown as kg
        if c["name"] in facets:
            facet, value_words = facets[c["name"]]
            c.setdefault("facet", facet)
            words = expand(value_words) or words
            c["label"] = _label(words) if c["label"] == _label(expand(raw)) else c["label"]
        if c.get("element") and "words" not in c:  # `Fe`: "iron", "iron oxide", "Fe2O3"; `Al`: "alumina"
            el = elements_data()
            names = el["names"][c["element"]]
            c["label"] = names[0]
            c["words"] = [list(dict.fromkeys([*names, *(f"{x} oxide" for x in names), *(f"{x} oxides" for x in names),
                                              *el["oxides"].get(c["element"], []), c["name"]]))]
            if "unit" not in (overrides.get(c["name"]) or {}):  # not `mg` of milligrams
                c["unit"] = "%" if c.get("composition") else ""  # the shares of a whole (the row sums stay within 100)
        if c.get("coded_header") and "words" not in c:  # `D`, `R` of a table of parties: "the Democrat", "Republicans"
            c["words"] = [list(dict.fromkeys(c["coded_header"] + [c["name"]]))]
            c["label"] = c["coded_header"][0]
        said_unit = _unit_named(words)
        if said_unit:  # "miles_per_gallon" is said "mpg", "40 miles per gallon", "fuel economy"
            c["unit"] = c.get("unit") or said_unit
            syn = units_data()["synonyms"].get(said_unit, [])
            c.setdefault("words", [list(dict.fromkeys([said_unit, *unit_words(said_unit), *syn]))])
        c.setdefault("words", column_words(words, role, letters_unsaid=_no_sibling(words, all_words)))
        if len(c["words"]) == 1 and c.get("unit") and c["unit"] not in ("$", "%", "msec", *_TIME_UNITS) \
                and not any(unit_for_word(x) for x in raw):
            # `tempo` in beats per minute: "the bpm of X" names it — its unit's own words no one says of anything else
            own = [x for x in unit_words(c["unit"]) if len(x) >= 3 and word_rank(x) is None and x not in c["words"][0]]
            c["words"] = [list(dict.fromkeys([*c["words"][0], *own]))]
        if c.get("kind") and len(c["words"]) == 1 and c["kind"] not in c["words"][0]:  # `LOCATION` of ISO codes: "countries"
            from convrec.catalog.text import noun_plural

            c["words"] = [list(dict.fromkeys([*c["words"][0], c["kind"], noun_plural(c["kind"])]))]
        if c.get("difference_of") and "words" not in (overrides.get(c["name"]) or {}):
            # `uniChange` = `uni2013` − `uni2015`: a positive value is a fall, said "fell by", "the biggest drops"
            # (the other way's words name no value of it: "rose by 10" is not read as a fall of −10)
            ys = [int(m.group(0)) if (m := re.search(r"(1[89]\d\d|20\d\d)", x)) else None for x in c["difference_of"]]
            if None not in ys and ys[0] != ys[1]:
                way = "fall" if ys[0] < ys[1] else "rise"
                cw = units_data()["change_words"]
                other = set(cw["rise" if way == "fall" else "fall"])
                groups = [[x for x in g if x not in other] for g in c["words"]]
                change = next((g for g in groups if "change" in g or set(g) & set(cw[way])), None)  # `popgain`: "gain"
                if change is None:
                    groups.append(change := ["change"])
                change.extend(x for x in cw[way] if x not in change)
                c["words"] = [g for g in groups if g]
        for k, v in (overrides.get(c["name"]) or {}).items():
            if k in ("label", "words", "unit", "scale", "facet", "bands", "order", "aliases", "year_base", "values"):
                c[k] = v
                if k == "unit":
                    c.pop("unit_assumed", None)  # a unit the user wrote in the schema file is shown
        out.append(c)
    _kelvin_temperatures(out, raws, overrides)
    _lone_nutrient(out, raws, overrides)
    return out


def _lone_nutrient(columns: list[dict[str, Any]], raws: Mapping[str, list[str]],
                   overrides: Mapping[str, Mapping[str, Any]]) -> None:
    """A nutrient's unit (sugar in grams) holds in a nutrition panel — two or more nutrients side by side.
    A family of columns on one nutrient word and no other nutrient (`sugar_eu`, `sugar_us`, `sugar_world`
    beside `tea_kolkata`, `oil_brent`: each a commodity's price) says no unit by it; a unit its header writes stays."""
    nutrients = set(units_data()["nutrient_words"]["words"])
    said = {c["name"]: {w for w in expand(raws[c["name"]]) if w in nutrients or w.rstrip("s") in nutrients}
            for c in columns}
    kinds = {w.rstrip("s") for ws in said.values() for w in ws}
    if len(kinds) != 1 or sum(1 for ws in said.values() if ws) < 2:
        return  # (one `sodium` column alone keeps its mg; three sugars and no other nutrient are no panel)
    for c in columns:
        if said[c["name"]] and c.get("unit") and "unit" not in (overrides.get(c["name"]) or {}) \
                and not any(unit_for_word(x) for x in raws[c["name"]]):
            c["unit"] = ""
            c.pop("unit_assumed", None)


def period_year(x: str, after: int | None = None) -> int | None:
    """A year as a header or a request writes it: "85" → 1985, "14" after 1985 → 2014, "1999"."""
    if not re.fullmatch(r"\d{2}|(?:1[89]|20)\d{2}", x):
        return None
    y = int(x)
    if y < 100:
        y += 1900 if y >= 30 else 2000
        y += 100 if after is not None and y < after else 0
    return y


def _period_marks(columns: list[dict[str, Any]], raws: Mapping[str, list[str]]) -> dict[str, tuple[int, int]]:
    """Number columns whose headers end with the two years they count over (`fatalities_85_99`,
    `deaths_2000_2009`), where two periods or more are among them: column → (first year, last year)."""
    got = {}
    for c in columns:
        r = raws.get(c["name"]) or []
        if c.get("type") in ("integer", "real") and len(r) >= 3 and r[-2].isdigit() and r[-1].isdigit():
            lo = period_year(r[-2])
            hi = period_year(r[-1], after=lo)
            if lo and hi and lo < hi:
                got[c["name"]] = (lo, hi)
    return got if len(set(got.values())) >= 2 else {}


def _no_sibling(words: list[str], all_words: list[list[str]]) -> bool:
    """Whether these words, less their lone letters, name no other column the same way (`birth_d`,
    `birth_y` and `birth_pl` are told apart by their letters; `T_flash` is "flash" alone)."""
    def base(ws: list[str]) -> tuple[str, ...]:
        return tuple(w for w in ws if len(w) > 1 or not w.isalpha())
    mine = base(words)
    if mine == tuple(words):
        return True
    return sum(1 for ws in all_words if base(ws) == mine) <= 1


def _kelvin_temperatures(columns: list[dict[str, Any]], raws: Mapping[str, list[str]],
                         overrides: Mapping[str, Mapping[str, Any]]) -> None:
    """Temperature columns with no unit in their header are kelvin when every one of the catalog's
    stays above ``kelvin_from`` (units.toml ``temperature_columns``): a flash point of 302.15 is 29 °C."""
    spec = units_data().get("temperature_columns") or {}
    said = set(spec.get("words", ()))
    def words(c: Mapping[str, Any]) -> set[str]:  # its header's words, or its label's (`Tm`: "melting point")
        ws = set(raws.get(c["name"], ())) | set(str(c.get("label") or "").split())
        return ws | {w.removesuffix("s") for w in ws}

    named = [c for c in columns if c.get("type") in ("integer", "real") and said & words(c)]
    temps = [c for c in named if not c.get("unit") and "unit" not in (overrides.get(c["name"]) or {})]
    if temps and all(c.get("min") is not None and float(c["min"]) >= float(spec.get("kelvin_from", 100)) for c in named):
        for c in temps:
            c["unit"] = "kelvin"
        return
    for c in list(temps):  # a helium's 4.22 K: the low end says nothing, the offset of most values does
        if c.get("min") is not None and float(c["min"]) >= 0 and float(c.get("kelvin_marks") or 0) >= 0.3:
            c["unit"] = "kelvin"
            temps.remove(c)
    # air temperatures (no melting or flash point among them) that reach above ``fahrenheit_from`` and go
    # below freezing-in-Fahrenheit: no Celsius reading of weather does both (a high of 102 is 39 °C)
    air = set(spec.get("air_words", ()))
    air_temps = [c for c in temps if set(raws.get(c["name"], ())) <= air | set(spec.get("air_qualifiers", ()))
                 and set(raws.get(c["name"], ())) & air]
    if not air_temps or any(c.get("min") is None or c.get("max") is None for c in air_temps):
        return
    top = max(float(c["max"]) for c in air_temps)
    if float(spec.get("fahrenheit_from", 60)) <= top <= float(spec.get("fahrenheit_to", 135)) \
            and min(float(c["min"]) for c in air_temps) < 32:
        for c in air_temps:
            c["unit"] = "fahrenheit"
            c["unit_assumed"] = True


def _facets(flags: list[str], raws: Mapping[str, list[str]] | None = None) -> dict[str, tuple[str, list[str]]]:
    """Yes/no columns grouped into facets: a shared first word ("genre_action", "genre_drama")
    names the facet and the rest is the value; other yes/no columns are values of "features".
    ``raws``: each column's words as its header wrote them."""
    raws = raws or {}

    def words_of(f: str) -> list[str]:
        return raws.get(f) or name_words(f)

    by_prefix: dict[str, list[str]] = {}
    for f in flags:
        w = words_of(f)
        if len(w) >= 2:
            by_prefix.setdefault(w[0], []).append(f)
    out: dict[str, tuple[str, list[str]]] = {}
    for prefix, cols in by_prefix.items():
        if len(cols) >= 2 and prefix not in ("is", "has", "no", "num", "n"):
            for f in cols:
                out[f] = (prefix, words_of(f)[1:])
    for f in flags:
        if f not in out:
            w = words_of(f)
            if w and w[0] in ("is", "has", "can", "supports") and len(w) > 1:
                w = w[1:]
            out[f] = ("features", w)
    return out


def load_schema_file(path) -> dict[str, dict[str, Any]]:
    """A ``--schema`` file: JSON ``{"column": {"label": …, "words": [[…]] | […], "unit": …,
    "scale": …, "facet": …, "role": …}}``; raises ValueError with what is wrong."""
    import json
    from pathlib import Path

    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as e:
        raise ValueError(f"cannot read schema file {path}: {e.strerror or e}") from None
    except ValueError as e:
        raise ValueError(f"schema file {path} is not valid JSON: {e}") from None
    if not isinstance(data, dict):
        raise ValueError(f"schema file {path}: expected an object of column → settings")
    out: dict[str, dict[str, Any]] = {}
    for col, spec in data.items():
        if not isinstance(spec, dict):
            raise ValueError(f"schema file {path}: column '{col}' must map to an object, got {type(spec).__name__}")
        bad = set(spec) - {"label", "words", "unit", "scale", "facet", "role", "bands", "order", "values"}
        if bad:
            raise ValueError(f"schema file {path}: column '{col}': unknown key(s) {', '.join(sorted(bad))} "
                             "(use label, words, unit, scale, facet, role, bands, order, values)")
        s = dict(spec)
        if "words" in s:
            ws = s["words"]
            if isinstance(ws, str):
                ws = [[ws]]
            if not isinstance(ws, list):
                raise ValueError(f"schema file {path}: column '{col}': words must be a list")
            if all(isinstance(g, str) for g in ws):
                ws = [ws]  # a flat list: any of these names the column
            s["words"] = [[str(x).lower() for x in (g if isinstance(g, list) else [g])] for g in ws]
        if "scale" in s:
            try:
                s["scale"] = float(s["scale"])
            except (TypeError, ValueError):
                raise ValueError(f"schema file {path}: column '{col}': scale must be a number") from None
        if "order" in s:
            if not isinstance(s["order"], list) or len(s["order"]) < 2:
                raise ValueError(f"schema file {path}: column '{col}': order must list the values from low to high")
            s["order"] = [str(x) for x in s["order"]]
        if "bands" in s:
            s["bands"] = _bands(s["bands"], f"schema file {path}: column '{col}'")
        if "values" in s:  # what coded values stand for: {"FF": ["four-seam fastball", "fastball"]}
            if not isinstance(s["values"], dict):
                raise ValueError(f"schema file {path}: column '{col}': values must be an object of value → words")
            s["values"] = {str(k): [str(x) for x in (v if isinstance(v, list) else [v])] for k, v in s["values"].items()}
        out[str(col)] = s
    return out


def _bands(spec: Any, where: str) -> dict[str, list[float | None]]:
    """Named ranges of a number column (``{"lower division": [null, 99], "graduate": [200, null]}``):
    what a request may say instead of the numbers."""
    if not isinstance(spec, dict):
        raise ValueError(f"{where}: bands must be an object of name → [low, high]")
    out = {}
    for name, rng in spec.items():
        ok = isinstance(rng, list) and len(rng) == 2 and all(x is None or isinstance(x, (int, float)) for x in rng) \
            and rng != [None, None]
        if not ok:
            raise ValueError(f"{where}: band '{name}' must be [low, high] (numbers, null for open), got {rng!r}")
        out[" ".join(str(name).lower().split())] = [None if x is None else float(x) for x in rng]
    return out


