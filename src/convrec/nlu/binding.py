"""A number bound to the column a request names near it: by the column's words, the unit
written after the number (converted to the column's own), and the column's range ("under 10
grams of fat" → total fat, "35 mpg highway" → highway mpg, "16 megs of ram" on a column of 2–32)."""

from __future__ import annotations

import math

from convrec.catalog.text import noun_plural, word_rank
from convrec.nlu.columns import as_written, later_siblings, middle_siblings, money_columns
from convrec.nlu.amounts import base_said, money_scale, round_in
from convrec.nlu.dimensions import (unit_in_header, unit_thousands, _HIGH_WORDS, _LOW_WORDS, _MIDDLE_WORDS, _column_words, _power_of_ten, bind_by_dimension, column_dimensions, guessed_unit_factor, just_beyond,
                                    unit_dimensions, unitless_factor)
from convrec.nlu.outof import scale_top
from convrec.nlu.reading import Parse, num
from convrec.nlu.vocab import Vocabulary


def unit_after(w: list[str], j: int) -> tuple[str | None, int]:
    """The unit written right after a number at token j ("g", "mg", "hours", "miles per
    gallon"): (unit, tokens it takes), or (None, 0)."""
    from convrec.catalog.meaning import unit_for_word

    for n in (3, 2, 1):
        if j + n <= len(w):
            u = unit_for_word(" ".join(w[j:j + n]))
            if u is not None:
                return u, n
    if j + 1 < len(w) and w[j] in ("full", "whole", "entire", "complete", "solid"):  # "two full days"
        u = unit_for_word(w[j + 1])
        if u is not None:
            return u, 2
    return None, 0


def _unit_of_catalog(vocab: Vocabulary, word: str, unit: str) -> str:
    """Of the units a word may write ("kn": knots or kilonewtons), the one whose dimension a number
    column of this catalog carries (engines' thrust: kilonewtons)."""
    from convrec.catalog.meaning import units_data
    from convrec.nlu.dimensions import column_dimensions

    alts = [u for u, spec in units_data()["units"].items() if word in spec["words"]]
    if len(alts) < 2:
        return unit
    dims = {d for c in vocab.columns.values() if c.type in ("integer", "real") and c.role not in ("id", "title")
            for d in column_dimensions(vocab, c)}
    def dims_of(u: str) -> set[str]:  # by its other words: "kn" itself says nothing here
        ws = ({u} | set(units_data()["units"][u]["words"])) - {word}
        return {d for d, (_, _, dw) in vocab.lexicon.superlatives.items() if ws & dw}

    held = [u for u in alts if dims_of(u) & dims]
    return held[0] if len(held) == 1 else unit


def phrase_at(w: list[str], phrase: str, lo: int, hi: int, near: int = 0, claimed: list[bool] | None = None) -> int | None:
    """Where a (possibly multi-word) phrase occurs in w[lo:hi]: the unclaimed occurrence nearest
    to token ``near``."""
    parts = phrase.split()
    found = [k for k in range(max(lo, 0), min(hi, len(w)) - len(parts) + 1) if w[k:k + len(parts)] == parts
             and not (claimed and any(claimed[x] for x in range(k, k + len(parts))))]
    return min(found, key=lambda k: abs(k - near)) if found else None


_VERTICAL = {"above", "below", "higher", "lower", "taller", "shorter", "high", "tall", "deeper", "up"}


def bind_by_words(p: Parse, vocab: Vocabulary, i: int, j: int) -> tuple[str | None, str, float]:
    """A number bound to the numeric column a request names near it, by the column's words
    and the number's unit ("under 10 grams of fat" → total fat, "35 mpg highway" → highway
    mpg, "an engine under 2.0 l" → displacement). Returns (column, role, factor to the
    column's stored unit)."""
    from convrec.catalog.meaning import affine, convert, unit_words

    w = p.words
    unit, n_unit = unit_after(w, j)
    if unit is not None:
        unit = _unit_of_catalog(vocab, " ".join(w[j:j + n_unit]), unit)
    if unit == "%":
        from convrec.nlu.columns import ratio_named

        share, end = ratio_named(w, vocab, j + n_unit)
        if share is not None:  # "more than 15% of their body weight": the column that is a share of it
            c = vocab.columns[share]
            p.claim(j, end)
            return c.name, c.role, (0.01 if c.max is not None and float(c.max) <= 1.5 else 1.0) / (c.scale or 1.0)
        after = set(w[j + n_unit:j + n_unit + 4])
        tops = [c for c in vocab.columns.values() if len(c.ratio_of) == 2 and c.unit == "%" and c.ratio_of[0] in vocab.columns
                and any(after & set(g) for g in vocab.columns[c.ratio_of[0]].words)]
        if len(tops) == 1:  # "more than 5 percent of patients died": the percent whose numerator the verb names (deaths)
            return tops[0].name, tops[0].role, 1.0 / (tops[0].scale or 1.0)
    # "3 year loans": a plural right after the number's unit is the thing it measures (the head noun),
    # not a column's word ("loan amount"), unless a comparison makes it a bound of that column
    head = j + n_unit if unit is not None and j + n_unit < len(w) and w[j + n_unit].isalpha() and (
        w[j + n_unit].endswith("s") or (i > 0 and w[i - 1] in ("a", "an", "the", "my", "this", "that"))) \
        and not lex_compares(vocab, w, i, j) else None  # ("the 5-year loan" too)
    # the words around the number, not reaching past another number
    fam = family_years(vocab)  # "population change from 2016 to 2021 was over 10%": those years name the column
    lo, hi = max(0, i - 6 - 3 * bool(fam)), min(len(w), j + 5)
    marked = {m[0] for m in p.marks}  # (a mark's number names the column: "GWP 100 under 2000")
    for k in range(i - 1, lo - 1, -1):
        if num(w[k]) is not None and num(w[k]) not in fam and not (p.claimed[k] and num(w[k]) in marked) and k not in p.mark_at:
            lo = k + 1
            break
    for k in range(j, min(len(w), hi + 2)):  # (a number just past the window: its comparison may reach into it)
        if num(w[k]) is not None and num(w[k]) not in fam and w[k - 2:k] != ["out", "of"]:  # "4.5 out of 5 for …"
            hi = min(hi, _next_bound_named(vocab, w, j, k))
            break
    best, best_key, best_words, best_named = None, None, [], 0
    # "a bill longer than 26 mm", "isn't deeper than 8mm": of the columns named alike, the one of the
    # comparative's dimension (`BillLength`, `BillDepth`; not `BillWidth`)
    from convrec.nlu.compared import comparative_ending

    said_cmp = comparative_ending(vocab.lexicon, w, i - 1) if i > 0 and w[i - 1] == "than" else None
    cmp_dims = {d for d, _ in said_cmp[2]} if said_cmp else set()
    said_dims = unit_dimensions(vocab, unit) if unit is not None else set()
    v0 = num(w[i])
    if v0 is not None and v0 in family_years(vocab):
        return None, "", 1.0  # "(2021 census)": the year that picks a column of a measure by year, no value
    said_years = {int(num(x)) for x in w[max(0, i - 8):j + 8] if num(x) is not None and float(num(x)).is_integer()}
    items = {vocab.domain, noun_plural(vocab.domain)}  # "3 year loans", "the 5-year loan": the items, no column's word
    # "20 grams of protein" beside a `Grams` column: the unit is the number's, the column is the one after "of"
    unit_only = set(range(j, j + n_unit)) if unit is not None and w[j + n_unit:j + n_unit + 1] == ["of"] and any(
        w[j + n_unit + 1:j + n_unit + 2] == [x] for c in vocab.columns.values() if c.type in ("integer", "real")
        for g in c.words for x in g if x not in w[j:j + n_unit]) else set()
    from convrec.nlu.clock import clock_column

    got = clock_column(vocab) if unit is not None else None  # a time of day holds no "8 hours" (a hike's time does)
    clock = got[0] if got and len(got) > 2 else ""  # (HHMM digits; hours of the day keep "after 18 hour")
    named_before = i > 0 and any(w[i - 1] in g for o in vocab.columns.values() for g in o.words)
    for c in vocab.columns.values():
        if c.type not in ("integer", "real") or c.role not in ("other", "price") or not c.words:
            continue  # rating, count and time columns have their own readers (a price its own, unless named)
        if c.name == clock:
            continue  # "190 minutes" is no time of day
        factor, by_dimension, unknown_unit, reguessed = 1.0, False, False, None
        label = (c.label or "").split()
        per = {b for a, b in zip(label, label[1:]) if a == "per"}  # "price per ct": a rate over carats
        if unit is not None and (unit in per or per & set(unit_words(unit))):
            continue  # "1.5 ct" is no value of a price per carat
        if unit is not None and unit != "%" and not c.unit and _counts(c) \
                and unit_dimensions(vocab, unit) - {"count"}:
            continue  # "bags over 60 kg": a weight, no value of the `number_of_bags`
        if unit == "%" and c.unit != "%" and c.max is not None and float(c.max) > 150 \
                and not set(label) & {"percent", "percentage", "pct", "share", "rate", "change", "growth", "ratio"} \
                and not any(o.name != c.name and c.name in o.name.lower() and o.max is not None and float(o.max) <= 1.0
                            for o in vocab.columns.values() if o.type == "real"):  # (`obama` beside its share `pObama`)
            continue  # "more than 20% of people": a share, no value of a count of people (up to 1.2 million)
        if unit is not None:
            conv = convert(1.0, unit, c.unit) if c.unit else None
            shift = affine(unit, c.unit) if c.unit else None
            if shift:
                conv = shift[0]  # its factor; the offset is added once the column is chosen
            if conv is not None and not shift:  # a unit its noun implied, that the value said does not fit
                guess = guessed_unit_factor(c, unit, v0)
                if guess and guess != conv and not _power_of_ten(guess / conv):
                    reguessed = guess  # another unit altogether (ounces for a weight taken for kg), not grams for kg
                conv = guess or conv
            named_unit = any(unit in g or any(x in g for x in unit_words(unit)) for g in c.words)
            if conv is None and not named_unit:
                conv = unitless_factor(vocab, c, unit, v0)
                if conv is None and c.unit:
                    continue
                # "under 5 grams of sugar" on a `sugars` column whose unit nobody wrote down: the
                # user's unit is taken for the column's, if the column is named (below)
                unknown_unit = conv is None
                by_dimension = not unknown_unit  # "longer than 100 minutes" on a `length` column kept without a unit
                if unknown_unit:
                    conv = _fitting_unit(unit, v0, c)  # "2 GB/s" on a `read` column of 470–3500: megabytes
            factor = conv if conv is not None else 1.0
            if conv not in (None, 1.0) and v0 is not None and c.min is not None and c.max is not None \
                    and not float(c.min) / 2 <= v0 * conv <= float(c.max) * 2 and float(c.min) <= v0 <= float(c.max) \
                    and not unit_in_header(c):  # ("bigger than 1 GB" of a `size_mb`: the header says MB, none over 1 GB)
                factor = 1.0  # "16 mb of ram" on a `ram` column guessed in GB but holding 2–32: the data's unit is MB
            if c.unit and conv is not None and (div := unit_thousands(c, v0, conv)) != 1.0:
                factor = conv / div  # "over 3000 sq ft" on a `SquareFeet` of 0.7–3.4
            if unit == "%" and c.min is not None and c.max is not None and max(abs(float(c.min)), abs(float(c.max))) <= 1.5 \
                    and not (c.unit == "%" and v0 is not None and abs(v0) <= float(c.max)):  # (titanium oxide 0–1.34 %: as said)
                factor = 0.01  # a percent kept as a fraction (0.2 for 20 %)
            elif unit == "%" and not c.unit and v0 is not None and v0 > 10 and _score_top(c):
                factor = _score_top(c) / 100.0  # "above 85 percent" on ratings out of 10: 8.5
        matched, dist, where, own = 0, 99, [], False
        for g in c.words:
            if per & set(g) and len(c.words) > 1:
                continue  # the rate's "per ct" alone names no price: it counts only beside "price"
            hits = [(k, ph) for ph in g if ph not in items for k in [phrase_at(w, ph, lo, hi, i, p.claimed)] if k is not None
                    and k not in unit_only and not (k == head and (len(c.words) > 1 or len((c.label or "").split()) > 1))
                    and not (k > i and w[k - 1] in ("a", "an", "per", "each", "every"))  # "a million a year": a rate
                    and not (k > i and w[k - 1] in ("of", "in", "for") and k + len(ph.split()) < len(w)
                             and num(w[k + len(ph.split())]) is not None)  # "week 3 of series 8": series has its own
                    and not (k > 0 and w[k - 1] == "per" and not per)  # "price per carat": not the carats
                    # a price column only named right before its number ("a fee under 0.5"; not "…, price at most")
                    and not (c.role == "price" and (k > i or any(p.toks[x].punct for x in range(k, i))))]
            if not hits:  # "vegetation buffer" of `VegWidth`: a cut no dictionary knows, said in full
                hits = [(k, ph) for ph in g if len(ph) >= 3 and " " not in ph and word_rank(ph) is None
                        for k in range(lo, hi) if not p.claimed[k] and k != head and len(w[k]) >= len(ph) + 3
                        and w[k].startswith(ph) and word_rank(w[k]) is not None]
            if hits:
                matched += 1
                k, ph = min(hits, key=lambda x: abs(x[0] - i))
                dist = min(dist, _gap(vocab, w, k + len(ph.split()), i) if k < i else abs(k - i))
                where.append((k, k + len(ph.split())))
                own = own or ph in (g[0], noun_plural(g[0]))  # "a wage over $20": `wage`, not `salary` ("wage" its synonym)
        for a, b, k in glued_said(c, w, lo, hi, i, p.claimed, [t.w for t in p.toks]):  # "nonwhite" on `nonwhite` (read "non white")
            if b - a > matched:
                matched, dist, own = b - a, min(dist, abs(k - i)), True
                where.append((k, k + 1))
        if not matched and said_cmp and cmp_dims & column_dimensions(vocab, c) and base_said(w[said_cmp[0]], c):
            matched, dist = 1, 1  # "longer than half an hour" of a `runtime` said "long"
        if not matched and unit is not None and cmp_dims & column_dimensions(vocab, c) and not c.unit \
                and not set(label) & {"start", "end", "begin", "finish", "arrival", "departure"}:  # (a start time: a moment)
            matched, dist = 1, 1  # "tumors bigger than 5 cm": the comparative names the one column of its dimension
        if not matched and (unit is None or unknown_unit or c.role == "price"):
            continue  # a price column here only where its words are said ("a fee under 0.5")
        coverage = matched / max(1, len([g for g in c.words if not (per & set(g))] if len(c.words) > 1 else c.words))
        # "backpacks heavier than 15 pounds": of `BackpackWeight` and `BodyWeight`, both weights, the
        # one named by the items' own noun (the items' noun is no column's word alone, "3 year loans")
        of_item = len(c.words) > 1 and any(items & set(g) for g in c.words) and any(x in items for x in w[lo:hi])
        unit_ok = by_dimension or (unit is not None and bool(c.unit) and convert(1.0, unit, c.unit) is not None)
        if not (coverage == 1.0 or unit_ok or (matched and dist <= 2)):
            continue
        # "4 cores, base clock …": the column named next to the number; of a measure by year
        # ("population_2016" … "population_2021"), the year said, else the latest
        # last, the whole before its part: `bodywt` (up to 6654 kg) before `brainwt` (up to 5.7) for "weighs"
        exact = unit is not None and c.unit == unit  # "less than 5g" is sugar (g) before sodium (mg)
        # "8 hours" of a `Time` (only a time) before a `Length` (a time or a distance): the share of the
        # column's dimensions the unit measures
        fit = len(column_dimensions(vocab, c) & said_dims) / max(1, len(column_dimensions(vocab, c))) if by_dimension else 0.0
        # "above 1600 m", "higher than 5,000 feet": of a distance and an altitude, the height
        up = by_dimension and "height" in column_dimensions(vocab, c) and bool(_VERTICAL & set(w[lo:hi]))
        # "a fee under 0.5 or cash over 1000": of two words as near, the one before (the other is the next number's)
        before = any(a < i for a, _ in where)
        # "an entering class under 80 students": of two columns named in part, the one the number falls among
        # (`clsize` of 70–679, not the student-faculty ratio of 1–9)
        inside = v0 is None or c.min is None or c.max is None or (unit is not None and c.unit and affine(unit, c.unit)) \
            or float(c.min) <= v0 * factor / (c.scale or 1.0) <= float(c.max)
        # "under 2% of people are nonwhite": a percent is a share, no value of a count of people
        pct = unit == "%" and c.min is not None and c.max is not None and float(c.min) >= 0 and (
            float(c.max) <= 1.0 and c.type == "real" or float(c.max) <= 100 and (c.type == "real" or float(c.max) > 50))
        cmp_fit = bool(cmp_dims & column_dimensions(vocab, c))
        # "days warmer than 25°C" of a high/average/low family: the highs (the nights colder than 5: the lows)
        # (unless the user names the average or the other side)
        sided = cmp_fit and bool(_column_words(c) & (_HIGH_WORDS if said_cmp[1] else _LOW_WORDS)) \
            and not set(w[lo:hi]) & (_MIDDLE_WORDS | _HIGH_WORDS | _LOW_WORDS)
        # "a total cost of at least …": of `acquisition_cost` and `total_cost`, both named by "cost", the
        # one whose whole label is said (its optional words too)
        named_by = {x for g in c.words for x in g}
        label_said = sum(1 for x in set((c.label or "").split()) if x in w[lo:hi] and x not in named_by
                         and x not in vocab.lexicon.stop)  # its words no group holds ("total": optional)
        # "at least 1 space walk": `space_walks` before `space_walks_hours`, whose "hours" was not said
        unsaid = -sum(1 for x in set((c.label or "").split()) if x not in w[lo:hi] and x not in vocab.lexicon.stop
                      and not any(x in g and set(g) & set(w[lo:hi]) for g in c.words)) if matched else 0
        # "more than 10 flights": the count of the noun after the number (`space_flights`), not the hours of them
        counted = unit is None and j < len(w) and not c.unit and w[j].endswith("s") and any(w[j] in g for g in c.words[-1:]) \
            and not named_before  # ("series 7 episodes")
        if (cmp_dims or said_dims) and unit is not None and not column_dimensions(vocab, c) & (cmp_dims | said_dims):
            coverage /= 2  # "the median trip is longer than 20 km": `trips` counts them, a length is a distance's
        elif said_dims and unit is not None and not c.unit and column_dimensions(vocab, c) \
                and not column_dimensions(vocab, c) & said_dims and "size" not in column_dimensions(vocab, c):
            coverage = 0.0  # "shorter than 45 minutes": no value of a `distance`, whatever its unit
        # "10 lb or more" where a `BackpackWeight` (2–35 kg, as guessed) holds it: before a `BodyWeight`
        # (105–270) that only a unit of its own choosing (ounces) would make it fit
        marked = bool(c.mark) and tuple(c.mark) in p.marks  # "in the last 12 months": `Dollar12`, not `Dollar24` or `Amount`
        # "shorter than 45 minutes": a column kept in hours, as its header says, before one whose unit is guessed
        declared = unit is not None and bool(c.unit) and convert(1.0, unit, c.unit) is not None
        # "a waiting time of at least 190 minutes": the column named apart from the number's unit (`waiting`)
        # before one the unit's own word names (`duration`, said "minutes")
        apart = any(not j <= a < j + n_unit for a, _ in where)
        key = (marked, sided, apart, coverage, of_item, cmp_fit, declared, pct, unit_ok, exact, reguessed is None, up, fit, counted, inside or coverage == 1.0, -dist, label_said, unsaid, own, before, c.role != "price", matched, len(said_years & set(c.years)), c.latest, c.name in middle_siblings(vocab),
               c.name not in later_siblings(vocab), float(c.max or 0))
        if best_key is None or key > best_key:
            best, best_key, best_words = (c, factor), key, where
            best_named = matched
    if best is None and unit is not None and unit != "%" and not any(
            c.unit and convert(1.0, unit, c.unit) is not None for c in vocab.columns.values()):
        unit = None  # "under 1000 mD" where no column keeps a unit: the number binds by its size, as if bare
    if best is None and unit is None:
        got = bind_by_dimension(p, vocab, i, lo, hi)
        if got[0] is not None or not lex_compares(vocab, w, i, j) or (i > 0 and w[i - 1] == "per"):
            return got  # "per 100k": a rate's base; a bare amount with no comparison binds to nothing by size
        got = _by_magnitude(vocab, v0, money_word=_currency_near(p, vocab, j) or (i > 0 and w[i - 1] in ("$", "€", "£")),
                            marks=p.marks)
        if got[0] is not None and j < len(w) and w[j] in vocab.lexicon.currencies and not p.claimed[j]:
            p.claim(j, j + 1)  # "below 100k pesos": the currency is the amount's, said
        return got
    if best is None or (unit == "%" and not best_named):
        if unit == "%":  # "over 60% have a college degree": the share column the words beside it mean
            got = _share_meant(p, vocab, i, lo, hi)
            if got is not None:
                return got
        # "95% or more of the faculty have a phd": a percent no word names may be any share; the
        # column is left to the number's size and the words around it (not the one column in %)
        return None, "", 1.0
    c, factor = best
    if unit == "%" and c.max is not None and float(c.max) > 1.5:  # "obama got over 45%": the share column `pObama`
        share = [o for o in vocab.columns.values() if o.name != c.name and c.name in o.name.lower() and o.type == "real"
                 and o.min is not None and o.max is not None and float(o.min) >= 0 and float(o.max) <= 1.0]
        if len(share) == 1:
            c, factor = share[0], 0.01
    if not best_named and unit is not None:
        c, factor = _meant_instead(p, vocab, i, lo, hi, c, factor)
    v = num(w[i])
    if v is not None and (v >= 1e5 or (v >= 1000 and _money(unit, c, p, vocab, i, j))) and not unit \
            and c.max is not None and c.min is not None and factor == 1.0 and (c.scale or 1.0) == 1.0 \
            and float(c.max) < 10000 and not float(c.min) <= v / (c.scale or 1.0) <= float(c.max) \
            and (best_key[0] == 1.0 or not _held_as_said(vocab, v, c.name)):
        # "over 100 billion in sales" on a column of 0.01–256: the column holds thousands, millions or billions
        # (not "5 million people" on a population column of up to 2.8 million: that is more than any)
        for div in (1e3, 1e6, 1e9):
            if float(c.min) <= v / div <= float(c.max) and round_in(v, div):
                factor = 1.0 / div
                break
        else:  # "worth more than 50 billion" on 1–37 (billions): beyond them all in the same scale, not in units
            div = money_scale(v, float(c.min), float(c.max))
            if round_in(v, div) and float(c.min) / 10 <= v / div <= 10 * float(c.max):
                factor = 1.0 / div
    elif v is not None and unit in (None, "", "$") and factor == 1.0 \
            and (div := kept_scale(v, c, money=_money(unit, c, p, vocab, i, j))):
        factor = 1.0 / div
    if v is not None and c.max is not None and c.min is not None and not unit and \
            not (lex_compares(vocab, w, i, j) or best_named and any(lex_compares(vocab, w, k, k + 1) for k in range(max(0, i - 3), i))) \
            and not (float(c.min) <= v * factor / (c.scale or 1.0) <= float(c.max)):  # ("above red shift 5": said before its words)
        return None, "", 1.0  # "mustang shelby gt 500 … mpg": a number of a name, not a value of the column
    if v is not None and c.max is not None and c.min is not None:
        size = max(abs(float(c.min)), abs(float(c.max)))
        counted = len(c.words) == 1 and j < len(w) and w[j] in c.words[0]  # "more than 1000 employees" of `staff`
        # ("earning over 100 million" on earnings named by their word: money beyond any, not another column's)
        counted = counted or (bool(best_named) and c.name in money_columns(vocab) and lex_compares(vocab, w, i, j))
        counted = counted or (unit not in (None, "%") and bool(c.unit) and convert(1.0, unit, c.unit) is not None)  # "over 1 GB"
        if size > 0 and abs(v * factor / (c.scale or 1.0)) > 10 * size and not counted:
            return None, "", 1.0  # "over 5000 students" is no student-teacher ratio (14–26): left unread, and said
    top = _score_top(c)
    if top and unit is None and j + 2 < len(w) and w[j] == "out" and w[j + 1] == "of" and num(w[j + 2]) \
            and num(w[j + 2]) != top and factor == 1.0:
        factor = top / float(num(w[j + 2]))  # "4.5 out of 5" on ratings out of 10: 9
        p.claim(j, j + 3)
    p.unnamed_bind = not best_named  # bound by the unit's dimension alone (a modifier may mean another column)
    for a, b in best_words:
        p.claim(a, b)
    cur = (vocab.lexicon.units["price"].match_at(w, j) or int(j < len(w) and w[j] in vocab.lexicon.currencies)) \
        if unit is None else 0
    if cur and not any(p.claimed[k] for k in range(j, j + cur)):
        p.claim(j, j + cur)  # "a turnover of over 5 million euros": the currency is the amount's, said
    for k in range(max(0, i - 8), min(len(w), j + 8)):  # the year that chose the column is used up
        if c.years and num(w[k]) is not None and num(w[k]) in c.years and not p.claimed[k]:
            p.claim(k, k + 1)
    for x in c.label.split():  # "40 mpg combined": the label's other words were said too
        k = phrase_at(w, x, lo, hi, i, p.claimed)
        if k is not None and x not in vocab.lexicon.stop:
            p.claim(k, k + 1)
    shift = affine(unit, c.unit) if unit and c.unit else None
    if shift and abs(factor - shift[0]) < 1e-9:  # a scale with its own zero: 0 °C is 273.15 K
        p.offsets[i] = shift[1] / (c.scale or 1.0)
    return c.name, c.role, factor / (c.scale or 1.0)


def _next_bound_named(vocab: Vocabulary, w: list[str], j: int, k: int) -> int:
    """Where the words of the number at k begin: "rated 7+ but volatile acidity not above 0.3" — a
    column's words just before the next number's comparison are that number's, not the one before."""
    lex = vocab.lexicon
    s = k - max((lex.compare[o].ends_at(w, k) for o in lex.compare), default=0)
    if s == k and k > j + 1 and w[k - 1] == "than":  # "at 200 psi that were colder than 70": "colder" is the 70's
        from convrec.nlu.compared import comparative_ending

        got = comparative_ending(lex, w, k - 1, j)
        if got is not None:
            return got[0]
    if s == k:
        return k
    own = vocab.__dict__.get("_column_word_parts")
    if own is None:  # every word of every column's words, once per catalog
        own = vocab.__dict__["_column_word_parts"] = {x for c in vocab.columns.values() for g in c.words for ph in g
                                                      for x in ph.split()}
    a = s
    while a > j and w[a - 1] in ("not", "no", "is", "was", "are", "were", "be"):
        a -= 1
    b = a
    while b > j and w[b - 1] in own and w[b - 1] not in lex.stop:
        b -= 1
    return b if b < a else k


def rated_scale(vocab: Vocabulary, w: list[str], i: int, v: float, reach: int = 1) -> str | None:
    """"hikes rated 5", "rated 7+": the column the items are rated on — a rating column that holds
    the number or, where the catalog has none, its one small whole-number score (0–10) that does
    (a wine's `quality` of 3–8, a trail's difficulty of 2–7)."""
    said = w[max(0, i - reach):i] if reach > 1 else w[max(0, i - 2 if i > 1 and w[i - 1] in ("a", "an", "of") else i - 1):i]
    if not set(said) & {"rated", "rating", "scored", "graded", "rate"}:
        return None
    for c in vocab.role("rating"):
        lo, hi = vocab.numeric_range(c)
        if lo is not None and lo <= v <= hi:
            return c
    if vocab.role("rating"):
        return None
    scale = [c for c in vocab.role("other") if vocab.columns[c].type == "integer" and vocab.columns[c].min is not None
             and 0 <= vocab.columns[c].min <= v <= vocab.columns[c].max <= 10]
    return scale[0] if len(scale) == 1 else None


def _score_top(c) -> float | None:
    """The top of the scale a column of scores is on (:func:`convrec.nlu.outof.scale_top`): of tenths
    (ratings) or of a rating column; else None (a count of 0–5 bedrooms is on no scale)."""
    return scale_top(c) if c.type == "real" or c.role == "rating" else None


def _currency_near(p: Parse, vocab: Vocabulary, j: int) -> bool:
    w = p.words
    return bool(vocab.lexicon.units["price"].match_at(w, j) or (j < len(w) and w[j] in vocab.lexicon.currencies))


def _by_magnitude(vocab: Vocabulary, v: float | None, money_word: bool, marks: set = frozenset()) -> tuple[str | None, str, float]:
    """An amount no word names, said in millions or billions or with a currency ("did NSW take more
    than 800 million", "over half a billion dollars"): the one measure of the catalog that holds it,
    in full or in its thousands, millions or billions (`Takings` of 16–945: millions). None where
    no column or several could."""
    if v is None or not (v >= 1e5 or money_word):
        return None, "", 1.0
    fits = []
    for c in vocab.columns.values():
        if c.type not in ("integer", "real") or c.role in ("id", "title", "time", "link") or c.min is None \
                or c.max is None or float(c.max) <= 0 or c.name == "popularity":
            continue  # (a count or rating column that could hold it makes it no one's: their readers decide)
        for div in (1.0, 1e3, 1e6, 1e9):
            if div > 1.0 and float(c.max) >= 1e6:
                break  # a column whose values reach millions holds them in full: 100 million is no 100 thousand of it
            if float(c.min) <= v / div / (c.scale or 1.0) <= float(c.max) and (div == 1.0 or round_in(v, div / 10)):
                fits.append((c, div))
                break
    if money_word and len(fits) > 1:  # "$500": of the columns that hold it, money's (of siblings, the window said)
        money = set(money_columns(vocab))
        fits = [f for f in fits if f[0].name in money] or fits
        fits = [f for f in fits if f[0].mark and tuple(f[0].mark) in marks] or fits
        plain = as_written(vocab, [f[0].name for f in fits])
        fits = [f for f in fits if f[0].name in plain]
    if len(fits) != 1 or fits[0][0].role not in ("other", "price") or fits[0][0].years:
        return None, "", 1.0
    c, div = fits[0]
    return c.name, c.role, 1.0 / div / (c.scale or 1.0)


_BOUND_WORDS = {"than", "more", "less", "fewer", "over", "under", "above", "below", "at", "least", "most", "is",
                "are", "was", "were", "be", "of", "not", "no"}


def _gap(vocab: Vocabulary, w: list[str], a: int, i: int) -> int:
    """How far a column's word ending at ``a`` is from the number at ``i``, the comparison between
    them not counted ("floodway narrower than 2 miles": the floodway is next to its bound)."""
    from convrec.nlu.columns import comparison_words

    between = w[a:i]
    if between and all(x in _BOUND_WORDS or x in comparison_words(vocab.lexicon) for x in between):
        return 1
    return i - a + 1


def glued_said(c, w: list[str], lo: int, hi: int, near: int, claimed: list[bool] | None = None,
               typed: list[str] | None = None):
    """(first group, end group, word position) for runs of a column's words said as one word
    ("nonwhite" for `nonwhite` read "non white", "floodway" for `FloodwayWidth`) — as the user typed
    it (``typed``), not a name a reader wrote in ("home runs" → `hmrun`)."""
    from convrec.nlu.columns import glued_words

    out, done = [], set()
    for glued, a, b in glued_words(c):
        if a in done or len(glued) < 5:
            continue
        k = phrase_at(w, glued, lo, hi, near, claimed)
        if k is None and glued[-1] != "s":
            k = phrase_at(w, glued + "s", lo, hi, near, claimed)
        if k is not None and typed is not None and typed[k].rstrip("s") != w[k].rstrip("s"):
            k = None
        if k is not None:
            out.append((a, b, k))
            done.add(a)
    return out


def _held_as_said(vocab: Vocabulary, v: float, but: str) -> bool:
    """Whether another number column holds ``v`` as said ("100,000 people" on `popn` of up to 400,000,
    not `pop_dens` in thousands because "people" is half of its name)."""
    return any(c.name != but and c.type in ("integer", "real") and c.role in ("other", "count") and c.min is not None
               and c.max is not None and float(c.min) <= v <= float(c.max) for c in vocab.columns.values())


def _share_meant(p: Parse, vocab: Vocabulary, i: int, lo: int, hi: int):
    """A percent no word names exactly: among the columns that hold shares (fractions 0–1, or 0–100
    named as a percent or rate), the one the unread words beside it mean by meaning — (column, role,
    factor) with its words claimed, or None."""
    from convrec.nlu.columns import nearest_column

    v = num(p.words[i])
    shares = {}
    for c in vocab.columns.values():
        if c.type not in ("integer", "real") or c.role in ("id", "title") or c.min is None or c.max is None:
            continue
        if float(c.min) >= 0 and float(c.max) <= 1.0 and c.type == "real":
            shares[c.name] = 0.01
        elif float(c.min) >= 0 and float(c.max) <= 100 and set((c.label or "").split()) & {
                "percent", "percentage", "share", "rate", "pct", "proportion"}:
            shares[c.name] = 1.0
    w = p.words
    items = {vocab.domain, noun_plural(vocab.domain)}
    at = [k for k in range(lo, min(len(w), hi + 3)) if k != i and not p.claimed[k] and w[k].isalpha()
          and w[k] not in vocab.lexicon.stop and w[k] not in items and unit_after(w, k)[0] is None]
    if v is None or not shares or not at:
        return None
    got = nearest_column([w[k] for k in at], vocab, numeric=True, among=set(shares))
    if not got:
        return None
    c = vocab.columns[got[0]]
    for k in at:
        p.claim(k, k + 1)
    return c.name, c.role, shares[c.name] / (c.scale or 1.0)


def _counts(c) -> bool:
    """Is the column a count of things (`number_of_bags`), which a weight or a length is no value of?"""
    return bool(set((c.label or "").split()) & {"number", "count", "num"})


def _meant_instead(p: Parse, vocab: Vocabulary, i: int, lo: int, hi: int, c, factor: float):
    """"under 2500 ft of climbing": a column taken by the unit's dimension alone (`elevation`, in
    feet) yields to another number column the unread words beside the number mean (`ascent`),
    when that column's range holds the number as said."""
    from convrec.nlu.columns import nearest_column

    w, v = p.words, num(p.words[i])
    items = {vocab.domain, noun_plural(vocab.domain)}
    at = [k for k in range(lo, hi) if k != i and not p.claimed[k] and w[k].isalpha()
          and w[k] not in vocab.lexicon.stop and w[k] not in items and unit_after(w, k)[0] is None]
    words = [w[k] for k in at]
    if v is None or not words:
        return c, factor
    got = nearest_column(words, vocab, numeric=True)
    o = vocab.columns.get(got[0]) if got else None
    if o is None or o.name == c.name or o.role != "other" or o.unit or o.min is None or o.max is None \
            or not float(o.min) <= v <= float(o.max) or _counts(o):
        return c, factor  # ("bags over 60 kg": a weight is no value of the `number_of_bags`)
    for k in at:
        p.claim(k, k + 1)
    return o, 1.0


def _fitting_unit(unit: str, v: float | None, c) -> float | None:
    """For a column whose unit nobody wrote down: the factor from the said unit to a unit it
    converts to, where the value falls in the column's range and as said it does not; else None."""
    from convrec.catalog.meaning import _factors

    if v is None or c.min is None or c.max is None:
        return None
    if float(c.min) <= v <= float(c.max):
        # "tumors bigger than 5 cm" on a `tsize` of 3–120 (median 25): as millimetres it falls among the
        # values people ask about, as said far below them — the unit that puts it nearest the middle,
        # where that is twice as near (in ratio) as the number as said
        mid = c.median
        if mid is None or mid <= 0 or v <= 0 or unit == "%":
            return None  # (a percent is no unit to guess: "0.5 percent" is not 5 per mille)
        near = sorted((abs(math.log(v * f / mid)), f) for f in {1.0, *_factors().get(unit, {}).values()}
                      if f > 0 and float(c.min) <= v * f <= float(c.max))
        return near[0][1] if near and near[0][1] != 1.0 and near[0][0] + math.log(2) < abs(math.log(v / mid)) else None
    if just_beyond(v, c):
        return None
    fits = sorted((abs(f - 1.0), f) for f in _factors().get(unit, {}).values() if float(c.min) <= v * f <= float(c.max))
    if len(fits) > 1 and c.median and c.median > 0 and v > 0:  # "longer than 6 years" on days (median 1,084), not months
        return min((abs(math.log(v * f / c.median)), f) for _, f in fits)[1]
    return fits[0][1] if len(fits) == 1 else None


def family_years(vocab: Vocabulary) -> set[float]:
    """Every year a column of a measure-by-year family is named by (see ``vocab.year_families``)."""
    got = vocab.__dict__.get("family_years")
    if got is None:
        got = {float(y) for c in vocab.columns.values() for y in c.years}
        vocab.__dict__["family_years"] = got
    return got


def lex_compares(vocab: Vocabulary, w: list[str], i: int, j: int) -> bool:
    """Is a comparison written around the number at tokens [i, j)?"""
    lex = vocab.lexicon
    before = any(lex.compare[o].ends_at(w, k) for o in lex.compare for k in (i, i - 1) if k > 0) \
        or (i >= 2 and w[i - 1] == "than" and w[i - 2].isalpha() and w[i - 2].endswith(("er", "est")))  # "thicker than 30 cm"
    after = any(lex.compare[o].match_at(w, k) for o in ("<=", ">=") for k in (j, j + 1)) or (j < len(w) and w[j] == "+")
    return before or after


def kept_scale(v: float, c, money: bool = False) -> float | None:
    """The thousands, millions or billions column ``c`` (no stated scale) keeps an amount said in
    full in, where the amount is far beyond its values ("$20 billion" on 4,170–505,330); else None.
    An amount of money (``money``: said with a currency, or the column is money) of 100,000 or more
    beyond the column's values whose thousands or millions fall among them is kept that way too
    ("staff costs of at least 300k €" on 2–221,302) — not "over $5 million" on prices of
    50,000–3.2 million (5,000 is below them all: no house costs that, and none is shown)."""
    if c.min is None or c.max is None or float(c.max) <= 0 or (c.scale or 1.0) != 1.0 or float(c.max) >= 1e6:
        return None  # (values that reach a million are held in full: "over 100 million" is more than any)
    if v >= 1e5 and v > 30 * float(c.max) and round_in(v, 1e3):  # "a million people" on 270–11,551 (thousands)
        return money_scale(v, float(c.min), float(c.max))
    if money and v >= 1e5 and v > float(c.max):
        for div in (1e3, 1e6):
            if float(c.min) <= v / div <= float(c.max) and round_in(v, div):
                return div
    return None


def _money(unit, c, p: Parse, vocab: Vocabulary, i: int, j: int) -> bool:
    """Is the amount at tokens i..j money: said with a currency ("5 million euros", "€300k") or of a money column?"""
    w = p.words
    return unit == "$" or c.unit == "$" or c.role == "price" or (i > 0 and w[i - 1] in ("$", "€", "£")) \
        or bool(j < len(w) and vocab.lexicon.units["price"].match_at(w, j))


def in_kept_scale(p: Parse, vocab: Vocabulary, i: int, v: float, col: str) -> None:
    """"$20 billion" on money kept in unstated millions: the factor to the column's scale."""
    div = kept_scale(v, vocab.columns[col], money=True)
    if div:
        p.factors[i] = 1.0 / div

