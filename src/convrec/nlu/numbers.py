"""Numbers and the columns they bind to: comparisons, ranges, decades, signed amounts, units and
magnitudes (vague amounts such as "cheap": vague.py)."""

from __future__ import annotations

from dataclasses import replace

from convrec.catalog.meaning import affine, convert
from convrec.nlu.moneybound import bare_price, money_marked
from convrec.nlu.outof import out_of_scale, rescale
from convrec.nlu.rateunits import convert_trailing_units
from convrec.catalog.text import norm, noun_plural, said_year
from convrec.nlu.columns import column_vocabulary, columns_by_stem, columns_named, family_member, money_column, money_columns, nearest_column, said_member
from convrec.nlu.dates import decade_conditions, full_year_end
from convrec.nlu.presence import denied_bound
from convrec.nlu.marks import counted_sibling, marked_sibling
from convrec.nlu.compared import comparative_ending
from convrec.nlu.intent import Condition
from convrec.nlu.modifiers import column_holding
from convrec.nlu.rates import per_period
from convrec.nlu.amounts import the_tally
from convrec.nlu.binding import bind_by_words, rated_scale, family_years, in_kept_scale, kept_scale, lex_compares, unit_after
from convrec.nlu.dimensions import column_dimensions, dimension_column, unit_dimensions
from convrec.nlu.reading import measure_words, DOMAIN_NOUNS, Parse, Span, num
from convrec.nlu.yearsaid import decade, time_said
from convrec.nlu.vocab import Vocabulary


def label_words(vocab: Vocabulary) -> set[str]:
    """The words of the number columns' labels ("red shift" of `Redshift`), once per catalog."""
    got = vocab.__dict__.get("_label_words")
    if got is None:
        got = vocab.__dict__["_label_words"] = {x for c in vocab.columns.values() if c.type in ("integer", "real")
                                                for x in (c.label or "").split() if x.isalpha() and len(x) > 2}
    return got


def _comparator(p: Parse, vocab: Vocabulary, i: int, j: int) -> tuple[str | None, int, int]:
    """The comparison written around the number at tokens [i, j): (op, first token, end token)."""
    lex, w = vocab.lexicon, p.words
    # before: up to 3 tokens back, skipping "the", "year", "$", "a"
    k = i
    own = column_vocabulary(vocab)
    run = i  # "below red shift 0.2": the column's words (up to three) between the comparison and its number
    while run > 0 and i - run < 3 and (w[run - 1] in own or w[run - 1] in label_words(vocab)) and w[run - 1] not in lex.stop:
        run -= 1
    run = run if run < i and any(lex.compare[o].ends_at(w, run) for o in lex.compare) else i
    while k > 0 and (w[k - 1] in ("the", "year", "$", "a", "than", "of", "an", "rating", "score", "scoring", "price", "priced") or k > run or (
            i - k < 2 and w[k - 1] in own and w[k - 1] not in lex.stop and k > 1 and any(lex.compare[o].ends_at(w, k - 1) for o in lex.compare))):
        if w[k - 1] == "than":  # ("over magnitude 5": the column's word between the comparison and its number)
            break
        k -= 1
    # after: "or less", "or later", "and up", "+", "onwards" (more specific than a "from" before)
    start = k - max((lex.compare[o].ends_at(w, k) for o in ("=", ">=")), default=0)
    for op in ("<=", ">="):
        n = lex.compare[op].match_at(w, j)
        if n and not (j + n < len(w) and (num(w[j + n]) is not None or w[j + n] in ("than", "$", "€", "£")) and w[j] == "or"):
            return op, min(i, start), j + n  # not "over 50k or under 5k": a second comparison of its own
    if j < len(w) and w[j] == "+":
        return ">=", min(i, start), j + 1
    n_unit = unit_after(w, j)[1]  # "95 percent or more", "80 percent +": after the number's unit
    if n_unit:
        for op in ("<=", ">="):
            n = lex.compare[op].match_at(w, j + n_unit)
            if n and not (j + n_unit + n < len(w) and (w[j + n_unit + n] == "than" or num(w[j + n_unit + n]) is not None
                                                         and w[j + n_unit] == "or" and w[j + n_unit + n - 1] in _BEFORE_A_NUMBER)):
                # ("below -200 °C or above 3500 °C": a second bound, not "or above")
                return op, min(i, start), j + n_unit + n  # not "over 3 years or less than 7 months": a second one
        if j + n_unit < len(w) and w[j + n_unit] == "+":
            return ">=", min(i, start), j + n_unit + 1
    jj = j  # "6 years or less", "5 bedrooms or more": after the column's words the number was bound by
    while jj < len(w) and jj < j + n_unit + 3 and not p.toks[jj].punct and (
            p.claimed[jj] or jj < j + n_unit or (w[jj] in own and w[jj] not in vocab.lexicon.stop) or w[jj] in lex.currencies
            or (w[jj] == "of" and jj + 1 < len(w) and w[jj + 1] in own)
            or (w[jj].isalpha() and w[jj] not in vocab.lexicon.stop and jj + 1 < len(w) and w[jj + 1] in own
                and w[jj + 1] not in vocab.lexicon.stop)):  # "12 golden tickets or less": a word before the column's
        jj += 1  # "15g protein or more": the unit, then the column's word
    if jj > j:
        for op in ("<=", ">="):
            n = lex.compare[op].match_at(w, jj)
            if n and not (jj + n < len(w) and (w[jj + n] == "than" or num(w[jj + n]) is not None and w[jj] == "or"
                                               and w[jj + n - 1] in _BEFORE_A_NUMBER)):
                # "over 100 pools or more than 8 sites", "below -200 °C or above 3500 °C": a second one
                return op, min(i, start), jj + n
    for op in ("<=", ">=", "<", ">", "="):
        n = lex.compare[op].ends_at(w, k)
        if n and not (op == "<=" and w[k - 1] == "tops"):  # "$20 tops" is at most; "tops $60k" more than it
            if op == ">" and set(w[k - n:k]) & {"don't", "dont", "doesn't", "didn't", "not", "never"}:
                return "<=", k - n, j  # "incomes that don't top $45k": at most it
            return op, k - n, j
    if i >= 3 and w[i - 1] == "of":  # "at or above the EPA action level of 4", "below the legal limit of 0.08":
        for m in range(i - 3, max(-1, i - 9), -1):  # the comparison is with the threshold the words name
            if w[m] == "the" and all(w[x].isalpha() and not p.claimed[x] for x in range(m + 1, i - 1)):
                for op in ("<=", ">=", "<", ">", "="):
                    n = lex.compare[op].ends_at(w, m)
                    if n:
                        return op, m - n, j
                break
    if k > 0 and w[k - 1] == "than":  # "reads faster than 2 GB/s", "heavier than 500 kg": a comparative's way
        got = comparative_ending(lex, w, k - 1)
        if got is not None:
            return (">" if got[1] else "<"), got[0], j
    return None, i, j


_POSSESSIVE = {"their", "his", "her", "my", "your", "our"}

_BEFORE_A_NUMBER = {"above", "below", "over", "under", "beyond", "after", "before"}
_COMPARE_FILLER = {"more", "less", "than", "at", "least", "most", "over", "under", "above", "below", "exactly", "just", "only"}
"""comparisons that take a number after them ("or above 3500"), unlike "or more" that ends one"""

_TIME_WAYS = {"faster": False, "quicker": False, "slower": True}
"""said of a time taken these go the other way ("ran faster than 10 seconds": under 10)"""


def read_numbers(p: Parse, vocab: Vocabulary) -> None:
    lex, w = vocab.lexicon, p.words
    time_col = vocab.first("time")
    text_words = set(w)
    i = 0
    while i < len(w):
        if p.claimed[i]:
            i += 1
            continue
        x = w[i]
        # decades: 90s, 1990s, nineties, early 80s
        dec = decade(x, lex)
        age_col = dimension_column(vocab, "age") if dec is not None and i > 0 and w[i - 1] in _POSSESSIVE else None
        if age_col and vocab.columns[age_col].role != "time" and 10 <= dec % 100 <= 90:
            # "bakers in their 20s", "someone in his forties": an age of 20–29, not the 1920s
            lo = dec % 100
            s0 = i - 2 if i > 1 and w[i - 2] == "in" else i - 1
            text = " ".join(w[s0:i + 1])
            p.numbers.append((Span(s0, i + 1), Condition(age_col, ">=", float(lo), text, vocab.columns[age_col].role)))
            p.numbers.append((Span(s0, i + 1), Condition(age_col, "<=", float(lo + 9), text, vocab.columns[age_col].role)))
            p.claim(s0, i + 1)
            i += 1
            continue
        if dec is not None and time_col:
            lo, hi = dec, dec + (99 if dec % 100 == 0 and 1000 <= dec < 2000 and x.endswith("00s") else 9)  # 1800s: a century
            tc = time_said(p, vocab, i) or time_col  # "born in the 1800s": the birth year, not the main year
            a = i
            for mod, (m0, m1) in lex.decade_mod.items():
                if i > 0 and w[i - 1] == mod:
                    lo, hi, a = dec + m0, dec + m1, i - 1
            a = a - 1 if a > 0 and w[a - 1] == "the" else a
            op, s, e = _comparator(p, vocab, a, i + 1)
            if op in (">", ">="):
                conds = [Condition(tc, ">" if op == ">" else ">=", float(hi if op == ">" else lo), x, "time")]
            elif op in ("<", "<="):
                conds = [Condition(tc, "<" if op == "<" else "<=", float(lo if op == "<" else hi), x, "time")]
            else:
                conds = decade_conditions(p, tc, lo, hi, x, a)  # ("not in the 60s": outside them)
                s = min(s, a)
                # "60s or 70s", "the 80s and 90s": either decade, not both at once
                spans = [(lo, hi)]
                while e + 1 < len(w) and w[e] in ("or", "and", "/", "&") and decade(w[e + 1], lex) is not None:
                    d2 = decade(w[e + 1], lex)
                    spans.append((d2, d2 + 9))
                    e += 2
                if len(spans) > 1:
                    spans.sort()
                    text = " ".join(w[s:e])
                    if all(b[0] == a[1] + 1 for a, b in zip(spans, spans[1:])):
                        conds = [Condition(tc, ">=", float(spans[0][0]), text, "time"),
                                 Condition(tc, "<=", float(spans[-1][1]), text, "time")]
                    else:
                        conds = [Condition(tc, "in", tuple(float(y) for a, b in spans for y in range(a, b + 1)),
                                           text, "time")]
            for c in conds:
                p.numbers.append((Span(s, e), c))
            p.claim(min(s, a), max(e, i + 1))
            i = max(e, i + 1)
            continue
        v = num(x)
        if v is None:
            i += 1
            continue
        if i > 0 and p.toks[i - 1].w.isalpha() and p.toks[i].start == p.toks[i - 1].end and len(p.toks[i - 1].w) <= 3:
            i += 1
            continue  # "L3", "i7", "PS4": the digits of a name, not a number
        # "from the last 15 years", "past 5 years": a time window up to today
        if time_col and i > 0 and w[i - 1] in ("last", "past") and i + 1 < len(w) and w[i + 1] in ("years", "year") \
                and 0 < v <= 200:
            import datetime

            s0 = i - 2 if i > 1 and w[i - 2] == "the" else i - 1
            p.numbers.append((Span(s0, i + 2), Condition(time_col, ">=", float(datetime.date.today().year - int(v)),
                                                        " ".join(w[s0:i + 2]), "time")))
            p.claim(s0, i + 2)
            i += 2
            continue
        # ranges: between 2000 and 2005, from 2000 to 2005, 2000 to 2005
        jn = lex.range_join.match_at(w, i + 1) if i + 2 < len(w) else 0
        jn += bool(jn) and i + 1 + jn < len(w) and w[i + 1 + jn] in ("$", "€", "£")  # "between $14 and $15"
        if jn and i + 1 + jn < len(w) and num(w[i + 1 + jn]) is not None:
            v2 = full_year_end(v, num(w[i + 1 + jn]))  # "1965-69": 1965 to 1969
            col, role = _column_for_number(p, vocab, i, i + 2 + jn, v, text_words)
            col = marked_sibling(vocab, col, p.marks)
            if not col:  # "between 45 and 55 percent": the column both ends fit
                col, role = _column_by_magnitude(p, vocab, i + 1 + jn, v2, low=v)
                p.factors.pop(i + 1 + jn, None)
            if col:
                s = i - 1 if i > 0 and lex.range_start.ends_at(w, i) else i
                f = p.factors.get(i, 1.0)
                lo, hi = sorted((v * f, v2 * f))
                end = i + 2 + jn
                end += unit_after(w, end)[1]  # "between 45 and 55 percent": its unit read with it
                p.numbers.append((Span(s, end), Condition(col, ">=", lo, x, role)))
                p.numbers.append((Span(s, end), Condition(col, "<=", hi, x, role)))
                p.claim(s, end)
                i = end
                continue
        if i > 0 and w[i - 1] == "top" and v < 100 and "by" in w[i + 1:i + 4]:
            i += 1  # "top 3 weeks by total sold": how many to show, ordered by what follows "by"
            continue
        col, role = out_of_scale(p, vocab, i, v)  # "more than 7 out of 10" of scores out of 100: the scale says it
        if not col:
            col, role = _column_for_number(p, vocab, i, i + 1, v, text_words)
        col = marked_sibling(vocab, col, p.marks)
        if col and vocab.columns[col].unit and not column_vocabulary(vocab) & set(w[max(0, i - 3):i + 4]):
            # "melts below -200 °C or above 3500 °C": bound by its unit alone, a second bound is of the first's column
            same, _ = _same_as_before(p, vocab, i, claim=False)
            if same and same != col and vocab.columns[same].unit == vocab.columns[col].unit:
                col = None
        if not col:
            col, role = _same_as_before(p, vocab, i)
        if col and i not in p.factors:
            rescale(p, vocab, i, col)  # "a score over 6 out of 10" of the score named
        if not col:
            col, role = _age_of_people(p, vocab, i, v)
        if not col:
            col, role = _column_by_magnitude(p, vocab, i, v)
        if not col:  # "monitors under 200": the price; "got $0": the one money column's amount
            compared = _comparator(p, vocab, i, i + 1)[0] is not None
            col, role = bare_price(p, vocab, i, v) if compared else money_marked(p, vocab, i, v)
        ranged = i >= 2 and w[i - 1] in ("and", "to", "-") and num(w[i - 2]) is not None  # "between 30 and 35 mm": a bound
        if not col and _comparator(p, vocab, i, i + 1)[0] is None and not ranged:
            col, f, _ = column_holding(p, vocab, i, v)  # "3 year loans": a value of the column that holds it
            if col:
                role, p.factors[i] = vocab.columns[col].role, f
        if not col:
            unit, n_unit = unit_after(w, i + 1)
            op, s0, _ = _comparator(p, vocab, i, i + 1)
            dims = unit_dimensions(vocab, unit) if unit is not None else set()
            absent = any(spec[0].match_at(w, i + 1) for spec in getattr(lex, "absent", {}).values()) \
                or not dims or dims & {"duration", "time", "age"}  # ("over two years": a period, no bound)
            if unit not in (None, "%", "$") and op is not None and not absent and not any(p.claimed[k] for k in range(s0, i + 1 + n_unit)) \
                    and not any(c.unit and convert(1.0, unit, c.unit) is not None for c in vocab.columns.values()):
                # "wells over 40 kg" where no column keeps a weight: a condition the catalog cannot check, said so
                p.missing.append(" ".join(t.raw for t in p.toks[s0:i + 1 + n_unit]))
                p.claim(s0, i + 1 + n_unit)
            i += 1
            continue
        if col in vocab.columns and v in vocab.columns[col].years and _comparator(p, vocab, i, i + 1)[0] in (None, "="):
            p.claim(i, i + 1)  # "the population of Nord in 1831" of a `Pop1831`: the year names the column
            i += 1
            continue
        op, s, e = _comparator(p, vocab, i, i + 1)
        if op in ("<", ">") and w[s] in _TIME_WAYS and col in vocab.columns \
                and column_dimensions(vocab, vocab.columns[col]) & {"time", "duration"}:
            op = ">" if _TIME_WAYS[w[s]] else "<"  # "faster than 10 seconds": under 10
        if op is None and e < len(w) and w[e] in measure_words(vocab):
            for o in ("<=", ">="):  # "a full carat or more", "2 hours or less": the comparison after its unit
                n2 = lex.compare[o].match_at(w, e + 1)
                if n2:
                    op, e = o, e + 1 + n2
                    break
        if op in ("<", "<=", ">", ">=") and role != "time" and col in vocab.columns \
                and any(x in ("older", "newer") for x in w[s:e]) and "age" in column_dimensions(vocab, vocab.columns[col]):
            # "older than 75" of an age is more years (of a year, "older than 1990" is before it)
            up = "older" in w[s:e]
            op = (">" if up else "<") + ("=" if op.endswith("=") else "")
        rate, said = per_period(p, vocab, i, v, col)
        if said is not None:  # "over 10 thefts a day" of thefts kept per year: 3,650
            p.factors[i] = p.factors.get(i, 1.0) * rate
            p.claim(said.start, said.end)
        if role == "price":
            s = s - 1 if s > 0 and w[s - 1] in ("$", "€", "£") else s
            while e < len(w) and w[e] in ("$", "dollars", "dollar", "bucks", "usd", "euros", "eur"):
                e += 1
            if i + 1 < len(w) and w[i + 1] in ("cents", "cent", "¢", "pence", "p") and not p.claimed[i + 1]:
                v, e = v / 100, max(e, i + 2)  # "cheaper than 90 cents": $0.90
            op = op or "<="
            if op == "=" and w[s] in ("in", "of", "from"):
                op = "<="
        elif role == "time":
            if op is None:
                op = "="
        elif role in ("rating", "count"):
            while e < len(w) and w[e] in ("stars", "star", "ratings", "reviews", "votes", "or", "more", "better",
                                          "higher", "above", "+", "and", "up"):
                e += 1
            exact = s > 0 and w[s - 1] in ("just", "only", "exactly", "precisely") and role == "rating"
            lowest = col in vocab.columns and vocab.columns[col].min is not None and v <= float(vocab.columns[col].min)
            op = "=" if exact or (lowest and op in (None, "=")) else op if op not in (None, "=") else ">="
            # ("just one star": that rating; "scored 0": no "at least" the lowest score)
        if i in p.factors:  # a number bound by the column's words: its unit, then an "or more" after it
            _, n_unit = unit_after(w, i + 1)
            if n_unit and e <= i + 1:
                e = i + 1 + n_unit
            for o in ("<=", ">="):
                n2 = lex.compare[o].match_at(w, e)
                if n2 and op is None:
                    op, e = o, e + n2
            if e < len(w) and w[e] == "+" and op is None:
                op, e = ">=", e + 1
            op = op or "="
            v = v * p.factors[i] + p.offsets.get(i, 0.0)
        if role == "time" and op == "=" and e + 1 < len(w) and w[e] in ("or", "and") and num(w[e + 1]) is not None \
                and said_year(num(w[e + 1])):
            v2 = num(w[e + 1])
            lo, hi = sorted((v, v2))
            if hi - lo > 1:  # "in 2005 or 2007": those two years, not the ones between
                p.numbers.append((Span(s, e + 2), Condition(col, "in", (float(lo), float(hi)), " ".join(w[s:e + 2]), role)))
            else:
                p.numbers.append((Span(s, e + 2), Condition(col, ">=", float(lo), " ".join(w[s:e + 2]), role)))
                p.numbers.append((Span(s, e + 2), Condition(col, "<=", float(hi), " ".join(w[s:e + 2]), role)))
            p.claim(s, e + 2)
            i = e + 2
            continue
        n_ap = lex.approx.ends_at(w, s)
        if op in (None, "=") and n_ap and not p.negated(i) and not any(p.claimed[k] for k in range(s - n_ap, s)):
            # "around 2 carats", "about $5000": a band around it, not that exact number
            band = 2.0 if role == "time" else abs(float(v)) * 0.1
            text = " ".join(w[s - n_ap:e])
            p.numbers.append((Span(s - n_ap, e), Condition(col, ">=", float(v) - band, text, role)))
            p.numbers.append((Span(s - n_ap, e), Condition(col, "<=", float(v) + band, text, role)))
            p.claim(s - n_ap, e)
            i = max(e, i + 1)
            continue
        cond = Condition(col, op or "=", float(v), " ".join(w[s:e]), role)  # "a cpu with 128 cores": that number
        if p.negated(i) or denied_bound(p, vocab, s, col):  # "not over $20", "don't have a GWP above 1000": the opposite
            flip = {"<": ">=", "<=": ">", ">": "<=", ">=": "<", "=": "!="}
            cond = replace(cond, op=flip[cond.op])
        p.numbers.append((Span(s, e), cond))
        p.claim(s, e)
        i = max(e, i + 1)
        while cond.op in ("=", "!=") and i + 1 < len(w) and w[i] in ("or", "and", ",", "nor") and not p.claimed[i + 1] \
                and num(w[i + 1]) is not None and (i + 2 >= len(w) or not unit_after(w, i + 2)[0]):
            v2 = float(num(w[i + 1]) / (vocab.columns[col].scale or 1.0)) if col in vocab.columns else float(num(w[i + 1]))
            p.numbers.append((Span(i + 1, i + 2), replace(cond, value=v2, text=w[i + 1])))  # "sites 1 or 2": the same
            p.claim(i, i + 2)
            i += 2
    convert_trailing_units(p, vocab)  # "over 1 billion available seat miles a week" of `avail_seat_km_per_week`

def _age_of_people(p: Parse, vocab: Vocabulary, i: int, v: float) -> tuple[str | None, str]:
    """"brides under 21", "players over 30": a bare bound right after a noun for people is their age,
    where the catalog has one age column that holds it."""
    w = p.words
    op, s, _ = _comparator(p, vocab, i, i + 1)
    if op is None or s == 0 or unit_after(w, i + 1)[0] or i + 1 < len(w) and w[i + 1].isalpha() \
            and w[i + 1] not in ("years", "yrs", "year", "yo"):
        return None, ""
    if w[s - 1] not in vocab.lexicon.person_nouns:
        return None, ""
    col = dimension_column(vocab, "age")
    c = vocab.columns.get(col) if col else None
    if c is None or c.role == "time" or c.min is None or not (float(c.min) <= v <= float(c.max) or 0 < v <= 120):
        return None, ""  # ("anyone over 70?" of people aged 23–65: an age nobody here has, said so)
    return col, c.role


def _same_as_before(p: Parse, vocab: Vocabulary, i: int, claim: bool = True) -> tuple[str | None, str]:
    """"a class under 80 students or over 600": a bare bound right after "or" and a comparison, a few
    words after another number's condition, is of that number's column."""
    w = p.words
    k = i - 1
    while k >= 0 and not p.claimed[k] and w[k] in ("over", "under", "above", "below", "than", "more", "less", "fewer",
                                                  "at", "least", "most", "greater", "smaller", "bigger", "$", "€", "£"):
        k -= 1
    if k == i - 1 or k < 0 or w[k] not in ("or", "and", "but"):
        return None, ""
    prev = [(sp, c) for sp, c in p.numbers if c.op in ("<", "<=", ">", ">=") and 0 <= k - sp.end <= 2]
    if len(prev) != 1 or prev[0][1].column not in vocab.columns:
        return None, ""
    c = prev[0][1]
    for x in range(prev[0][0].end, k if claim else prev[0][0].end):
        p.claim(x, x + 1)  # "students" between: the first number's unit, said once
    return c.column, c.role


def _column_for_number(p: Parse, vocab: Vocabulary, i: int, j: int, v: float, text_words: set[str]) -> tuple[str | None, str]:
    """Which column a number speaks of, by the words around it and the columns' ranges."""
    lex, w = vocab.lexicon, p.words
    if i > 0 and w[i - 1] in ("top", "best", "first", "give", "me", "the") and v < 100 and j < len(w) and not w[j] in ("$", "dollars", "bucks", "stars") \
            and not (w[j] in column_vocabulary(vocab) and w[j] not in vocab.lexicon.stop and j + 1 < len(w)
                     and w[j + 1] in ("ones", "one", "models", "kinds", noun_plural(vocab.domain), vocab.domain)) \
            and (not unit_after(w, j)[0] or w[j] in (vocab.domain, noun_plural(vocab.domain))):
        return None, ""  # "top 3 most rated", "the 3 years with …" of years: a count of items, not a condition
    near = [w[k] for k in range(max(0, i - 3), min(len(w), j + 3))
            if not (k > j and w[k - 1] in ("of", "in", "for") and k + 1 < len(w) and num(w[k + 1]) is not None)]
    # ("week 3 of series 8": `series` is the next number's word)
    price_col, time_col = _price_member(p, vocab, vocab.first("price")), vocab.first("time")
    adjacent = w[max(0, i - 1):i] + w[j:j + 1]
    if price_col and (any(x in ("$", "€", "£") for x in adjacent) or any(lex.units["price"].match_at(w, j) for _ in [0]) and
                      w[j:j + 1] and w[j] in ("dollars", "dollar", "bucks", "buck", "usd", "euros", "euro", "eur", "quid")):
        if len(vocab.role("price")) > 1 or any(c.unit == "$" and c.role != "price" for c in vocab.columns.values()) \
                or len(money_columns(vocab)) > 1:
            # "a lab fee over $12" among `consult_fee`, `lab_fee`, `total_fee`; "assets over $20 billion" beside a `fee`
            named = money_column(vocab, w[max(0, i - 6):min(len(w), j + 3)])
            if named:
                in_kept_scale(p, vocab, i, v, named)
                return named, vocab.columns[named].role
        in_kept_scale(p, vocab, i, v, price_col)
        return price_col, "price"
    p.unnamed_bind = False
    raw = p.toks[i].raw
    if raw.isdigit() and raw.startswith("0") and len(raw) >= 4:  # "homes in 01062": a code (a zip), no amount
        coded = [c.name for c in vocab.columns.values() if c.type == "integer" and c.role not in ("id", "time")
                 and c.name in vocab.items and (vocab.items[c.name] == v).any()]
        if len(coded) == 1:
            return coded[0], vocab.columns[coded[0]].role
    born = time_said(p, vocab, i) if v == int(v) and 1000 <= v <= 2200 else None
    if born:  # "born before 1950": the birth year, not a birth day bound by the word "born"
        return born, "time"
    ancient = time_col is not None and (vocab.columns[time_col].min or 0) < 1000  # years with their era: "after 1200"
    prep = i - 2 if i > 1 and w[i - 1] == "the" else i - 1  # "from the 1910 flood": the year of the items
    if time_col and v == int(v) and (said_year(v) or ancient) and i > 0 \
            and w[prep] in ("in", "during", "since", "before", "after", "from") \
            and not unit_after(w, j)[0] and not any(x in ("$", "€", "£") for x in adjacent):
        lo, hi = vocab.numeric_range(time_col)
        if lo is not None and lo - 50 <= v <= hi + 50:
            return time_col, "time"  # "how many people died in crashes in 2014": the year, not deaths
    if time_col and v == int(v) and said_year(v) and i > 0 and w[i - 1] not in ("of", "the", "a", "top") \
            and w[i - 1] not in column_vocabulary(vocab) and _comparator(p, vocab, i, j)[0] is None \
            and not unit_after(w, j)[0] and not any(x in ("$", "€", "£") for x in adjacent):
        lo_t, hi_t = vocab.numeric_range(time_col)
        if lo_t is not None and lo_t <= v <= hi_t and lo_t < hi_t:
            return time_col, "time"  # "greece 2015, drug spending …": the year of the row, no amount of spending
    rated = rated_scale(vocab, w, _comparator(p, vocab, i, j)[1], v)
    if rated:  # "rated 7+ but volatile acidity …": the scale the items are rated on, said right before the number
        return rated, vocab.columns[rated].role
    col, role, factor = bind_by_words(p, vocab, i, j)
    if col and p.unnamed_bind and not vocab.columns[col].unit and unit_after(w, j)[0] and not lex_compares(vocab, w, i, j):
        held, f, _ = column_holding(p, vocab, i, v)  # "3 year loans": the column holding it, not any of its dimension
        if held and held != col:
            col, role, factor = held, vocab.columns[held].role, f
    if col and p.unnamed_bind and (other := _held_instead(vocab, col, v * factor, unit_after(w, j)[0])) is not None:
        col, role = other, vocab.columns[other].role  # "feet under 25 cm" of a foot's length (21–28), not its width (8–10)
    if col:
        p.factors[i] = factor
        return col, role
    if unit_after(w, j)[0] is None:  # "companies that scored 0", "scored more than 20": the verb's column, by its stem
        k = i - 1
        while k >= 0 and k >= i - 4 and (w[k] in _COMPARE_FILLER or any(lex.compare[o].ends_at(w, k + 1) for o in lex.compare)):
            k -= 1
        stem_cols = [c for c in columns_by_stem([w[k]], vocab, stop_ok=True) if vocab.columns[c].type in ("integer", "real")] \
            if k >= 0 and w[k].isalpha() and not p.claimed[k] and w[k].endswith("ed") else []  # (a verb: not "horses")
        if len(stem_cols) == 1:
            p.claim(k, k + 1)
            return stem_cols[0], vocab.columns[stem_cols[0]].role
    if j < len(w) and w[j] in lex.person_nouns and not unit_after(w, j)[0]:
        totals = [c.name for c in vocab.columns.values() if c.parts]
        if len(totals) == 1:  # "more than 10 men in the sample": the count of people every other count adds up to
            p.claim(j, j + 1)
            return totals[0], vocab.columns[totals[0]].role
    if not price_col and (any(x in ("$", "€", "£") for x in adjacent) or (j < len(w) and w[j] in lex.currencies)):
        # "over $150" where the bills are in `totalbill`, `gasbill`: the total; "30 shillings a week": the wage
        money = money_column(vocab, w[max(0, i - 6):min(len(w), j + 3)])
        if money:
            return money, vocab.columns[money].role
    if price_col and w[i].endswith("k") and vocab.columns[price_col].max is not None \
            and v <= 2 * float(vocab.columns[price_col].max):
        return price_col, "price"  # "anything under 1.5k?": a thousands shorthand is money where the catalog has prices
    if price_col and (w[i].endswith("k") or p.toks[i].raw.lower().endswith("k")) and kept_scale(v, vocab.columns[price_col], money=True):
        in_kept_scale(p, vocab, i, v, price_col)
        return price_col, "price"  # "under 250k" on prices kept in thousands (101.5 … 699.9)
    yearish = time_col and said_year(v)
    if yearish and i > 0 and (w[i - 1] in ("from", "in", "since", "after", "before", "until", "till", "of", "circa", "around",
                                           "pre", "post", "than", "year", "between", "and", "to", "or") or
                              (j < len(w) and (w[j] in DOMAIN_NOUNS or w[j] in ("onwards", "onward", "or", "and", "to")))):
        return time_col, "time"
    if price_col and (any(x in ("$", "€", "£") for x in near) or any(lex.units["price"].match_at(near, k) for k in range(len(near)))):
        in_kept_scale(p, vocab, i, v, price_col)
        return price_col, "price"
    if v in family_years(vocab) and not time_col:
        return None, ""  # "population change from 2016 to 2021": years that pick a column, not its values
    if not time_col and said_year(v, earliest=1900) and i > 0 and w[i - 1] in ("in", "during", "for", "of") \
            and not family_years(vocab):
        return None, ""  # "fewer than 500k passengers in 2021": the year of the figures, not a value
    for c in vocab.role("rating") + vocab.role("count") + vocab.role("other") + ([price_col] if price_col else []):
        if c and (c in near or f" {c.replace('_', ' ')} " in f" {' '.join(near)} "  # whole words: `str` is not in "district"
                  or any(part in near for part in c.split("_") if len(part) > 4)):
            lo, hi = vocab.numeric_range(c)
            if yearish and lo is not None and not lo - (hi - lo) <= v <= hi + (hi - lo) \
                    and _comparator(p, vocab, i, j)[0] is None:
                continue  # "how many games did the 1906 cubs win": a year beside the word, not a number of games
            return family_member(vocab, c, w), vocab.columns[c].role
    if (named := counted_sibling(p, vocab, near)) is not None:
        return named, vocab.columns[named].role
    if any(lex.units["rating"].match_at(near, k) for k in range(len(near))):
        for c in vocab.role("rating"):
            lo, hi = vocab.numeric_range(c)
            if lo is not None and lo <= v <= hi:
                return family_member(vocab, c, w), "rating"  # ("scoring under 20 in 2018": `CPI score 2018`)
        if (scale := rated_scale(vocab, w, i, v, reach=3)) is not None:
            return scale, "other"  # "hikes rated 5": the one small graded score the items are rated on (difficulty 2-7)
    if v in family_years(vocab) and not time_col:
        return None, ""  # a year that names a column of a measure by year, not a count
    if any(lex.units["count"].match_at(near, k) for k in range(len(near))) and v >= 10:
        c = vocab.first("count")
        if c and not (c == "popularity" and not getattr(vocab, "has_interactions", True)):
            return c, "count"
    if time_col and said_year(v) and not (i > 0 and w[i - 1] in ("$", "top")):
        return time_col, "time"
    return (tally, "count") if (tally := the_tally(p, vocab, i, j)) else (None, "")  # "5 or more birds": the one `count`


def _price_member(p: Parse, vocab: Vocabulary, col: str | None) -> str | None:
    """Of prices by year (`Price1998` … `Price2014`), the year's the message says ("under 250k in 2014"),
    its "in <year>" claimed; else the latest."""
    got = said_member(vocab, col, p.words)
    years = set(vocab.columns[got].years) if got is not None else set()
    for k, x in enumerate(p.words):  # (the year that picked the member is no value of its own)
        if years and num(x) is not None and float(num(x)).is_integer() and int(num(x)) in years and not p.claimed[k]:
            p.claim(k - (k > 0 and p.words[k - 1] in ("in", "of", "for", "during")), k + 1)
    return got


def _held_instead(vocab: Vocabulary, col: str, v: float, unit: str | None) -> str | None:
    """Of the columns of the dimension a unit alone bound a number to, the one other column whose values
    hold it, where the bound column's do not (none when several could)."""
    c = vocab.columns[col]
    if c.min is None or c.max is None or float(c.min) <= v <= float(c.max):
        return None
    dims = column_dimensions(vocab, c) | (unit_dimensions(vocab, unit) if unit else set())
    held = [o.name for o in vocab.columns.values() if o.name != col and o.type in ("integer", "real") and o.unit == c.unit
            and o.min is not None and o.max is not None and float(o.min) <= v <= float(o.max)
            and dims & column_dimensions(vocab, o)]
    return held[0] if len(held) == 1 else None


def _column_by_magnitude(p: Parse, vocab: Vocabulary, i: int, v: float, low: float | None = None) -> tuple[str | None, str]:
    """A compared number no word binds ("under 3000", "at least 0.5"): the one measure column of
    this catalog whose values it could bound, by magnitude — within a range's width of its values
    and not ten times below its smallest. None when no comparison is written, when the words after
    it name a column of another kind ("3 or more metro lines": a count of lines), or when no
    column or several could hold it (then the number is left for the reply to name, never guessed).
    ``low``: the other end of a range whose upper end is ``v`` (the range is the comparison)."""
    op, _, e = _comparator(p, vocab, i, i + 1)
    if low is not None:
        op, e = "range", i + 1 + unit_after(p.words, i + 1)[1]
    if op is None:
        return None, ""
    after = [x for x in p.words[e:e + 3] if x not in vocab.lexicon.stop]
    if after and any(vocab.columns[c].type not in ("integer", "real")
                     for c in columns_named(after, vocab, by_name_only=True)):
        return None, ""  # "3 or more metro lines": it counts a column's values (lines), it bounds no measure
    fits, factor = [], {}
    said_unit, _ = unit_after(p.words, i + 1)
    for c in vocab.columns.values():
        if c.type not in ("integer", "real") or c.role in ("id", "time") or c.name == "popularity":
            continue
        share = said_unit == "%" and not c.unit and c.min is not None and c.max is not None \
            and 0 <= float(c.min) and float(c.max) <= 120 and (float(c.max) > 50 or bool(
                set((c.label or "").split()) & {"percent", "percentage", "share", "rate", "pct", "proportion"}))
        # "under 30 percent": a share kept as 0–100 (not a district number of 1–42)
        if said_unit and said_unit != c.unit and convert(1.0, said_unit, c.unit or "-") is None and not share:
            continue  # "10 metres per second" bounds no column of seconds
        if c.min is None or c.max is None or float(c.max) <= float(c.min):
            continue
        lo, hi = float(c.min), float(c.max)
        width = hi - lo
        k = convert(1.0, said_unit, c.unit) if said_unit and c.unit and said_unit != c.unit else None
        k = k if k is not None and not affine(said_unit, c.unit) else 1.0  # "bigger than 1 GB" of sizes in MB: 1000
        if all(lo - width <= x * k <= hi + width and (lo <= 0 or x * k >= lo / 10)
               and not (c.type == "integer" and not float(x * k).is_integer()) for x in (v, v if low is None else low)):
            fits.append(c)
            factor[c.name] = k
    if any(x in vocab.lexicon.person_nouns and x not in ("ones", "one") for x in p.words[max(0, i - 3):i]) \
            and not dimension_column(vocab, "age"):
        return None, ""  # "anyone over 70?" where no column is an age: the people's age, which the catalog lacks
    inside = [c for c in fits if all(float(c.min) <= x <= float(c.max) for x in (v, v if low is None else low))]
    if inside and len(inside) < len(fits):  # "billionaires under 60" (ages 7–102, wealth 1–37): a bound its
        fits = inside  # values straddle, not one that keeps all of a column or none of it
    if len(fits) > 1:  # "jobs paying over 8k" (income or census?): the words around it say which, by meaning
        w, toks = p.words, p.toks
        a, b = i, i + 1
        while a > 0 and i - a < 6 and not toks[a - 1].punct:
            a -= 1
        while b < len(w) and b - i < 10 and not toks[b].punct:  # "95% or more of the faculty have a phd"
            b += 1
        said, items = unit_after(w, i + 1)[1], (vocab.domain, noun_plural(vocab.domain))
        near = [w[k] for k in range(a, b) if not p.claimed[k] and not i <= k < i + 1 + said
                and not vocab.lexicon.question_start.match_at(w, k) and w[k] not in items]  # not "where", not "races"
        got = nearest_column(near, vocab, numeric=True, among={c.name for c in fits})
        fits = [vocab.columns[got[0]]] if got else fits
    if len(fits) != 1:
        return None, ""
    w, a, b = p.words, max(0, i - 6), min(len(p.words), i + 10)
    said = set(norm(fits[0].label or fits[0].name).split()) | {y for g in fits[0].words for y in g}
    for k in range(a, b):  # the column's own words near it were read with it ("… have a phd")
        if not p.claimed[k] and w[k] in said and w[k] not in vocab.lexicon.stop:
            p.claim(k, k + 1)
    if said_unit:
        p.factors[i] = factor.get(fits[0].name, 1.0)  # its unit word is read with it ("under 30 percent")
    k = e + (unit_after(w, e)[1] if not said_unit else 0)
    if k < len(w) and not p.claimed[k] and w[k].isalpha() and w[k].endswith("s") and len(w[k]) > 3 \
            and w[k] not in vocab.lexicon.stop and not vocab.lookup(w[k]) \
            and w[k] not in (vocab.domain, noun_plural(vocab.domain)):
        p.claim(k, k + 1)  # "over 4 million fans": what the number counts, no word of an item's text
    return fits[0].name, fits[0].role
