"""``understand(message, vocab, history) -> RequestIntent``: pure, deterministic, catalog-driven.

The message is read once, here. Item names are linked through the catalog's titles, attribute
words through its own values (with the lexicon's synonyms and typo tolerance), numbers by
column role, negations by scope, and pasted conversations by speaker, so only the user's own
wishes become conditions.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Sequence

from convrec.catalog.text import PUNCT, norm, tokenize, word_rank
from convrec.nlu.amounts import cents_as_dollars
from convrec.nlu.abbrev import (read_abbreviated_values, read_cut_values, read_abbreviations, read_acronyms, read_initialled_values,
                                read_value_prefixes)
from convrec.nlu.initials import read_acronym_columns, read_initial_words
from convrec.nlu.number_words import read_number_words
from convrec.nlu.lists import read_value_lists
from convrec.nlu.aliases import read_glued_words, said_aliases
from convrec.nlu.negprefix import lacked_columns, negated_prefixes
from convrec.nlu.itemcodes import claim_portions, compact_titles, drop_noun_mentions
from convrec.nlu.namecodes import read_name_word_codes
from convrec.nlu.phrasings import and_a_part, reference_points, shares_of_people, than_did
from convrec.nlu.marks import read_marks, settle_marks
from convrec.nlu.scopes import negation_scopes
from convrec.nlu.placecodes import read_place_initials
from convrec.nlu.growth import growth_words
from convrec.nlu.codes import (read_maker_initials, read_code_families, read_code_words, read_digit_values, read_letter_codes, read_lettered_codes,
                               read_numbered_phrases,
                               read_numbered_labels)
from convrec.nlu.columns import correct_column_words, profile_columns
from convrec.nlu.blends import read_blended_names
from convrec.nlu.clock import clock_times
from convrec.nlu.compass import compass_bounds
from convrec.nlu.compared import relink_described_numbers, read_item_comparisons
from convrec.nlu.landmarks import read_landmark_distances
from convrec.nlu.intent import Condition, ItemMention, RequestIntent
from convrec.nlu.kinds import build_intent, direction
from convrec.nlu.dates import read_dates, settle_two_digit_years
from convrec.nlu.dimensions import column_dimensions, read_dimension_superlatives
from convrec.nlu.ids import coded_id, compact, dashed_code, item_ids, read_code_numbers
from convrec.nlu.ordinals import read_ordinals
from convrec.nlu.people import read_person_names, read_surnames
from convrec.nlu.cognates import read_cognate_values
from convrec.nlu.places import claim_placing_verbs, read_place_words
from convrec.nlu.presence import read_presence, read_subject_presence, read_majority, read_zero_amounts, read_nobody, read_some_amounts, read_less_words
from convrec.nlu.ranks import read_hashed_ranks, read_ranks
from convrec.nlu.banded import read_banded_values
from convrec.nlu.bounds import read_caps
from convrec.nlu.brackets import claim_bracketed
from convrec.nlu.nth import read_sequence_places
from convrec.nlu.periods import read_intervals, read_periods
from convrec.nlu.pairs import read_pairs
from convrec.nlu.speakers import _strip_user_label, split_dialogue
from convrec.nlu.numbers import read_numbers
from convrec.nlu.vague import read_vague
from convrec.nlu.ages import read_life_stages
from convrec.nlu.signed import signed_amounts
from convrec.nlu.sorting import sort_by_column
from convrec.nlu.reading import measure_words, MAX_MESSAGE, Parse, RANGE, dedupe, num
from convrec.nlu.relations import build_conditions, claim_superlative_counts, read_count, read_relations
from convrec.nlu.titles import (claim_listed, complete_titles, context_titles, creators_first, delimited_titles,
                                exact_titles, extend_titles, fact_question, fact_title, full_titles, model_codes,
                                makers_of_mentions, quoted_titles, title_words,
                                year_marked_titles)
from convrec.nlu.vocab import Vocabulary
from convrec.nlu.textwords import read_measured_names, read_text_words
from convrec.nlu.words import (column_values, read_column_text_words, paraphrases, read_bands, read_codes, read_creator_names, read_maker_prefixes, read_values,
                               scope_words, read_single_words)

__all__ = ["understand", "split_dialogue", "profile_columns"]


_SPEAKER_LINE = re.compile(r"^\s*[\[(]?\s*([A-Za-z][A-Za-z0-9 _'-]{0,24}?)\s*[\])]?\s*[:>\-]\s+(.*\S)\s*$")


# ---------------------------------------------------------------------- entry point
def understand(message: str, vocab: Vocabulary, history: Sequence[dict] | None = None) -> RequestIntent:
    """Read one user turn. ``history``: earlier turns of this conversation as
    ``{"role": "user"|"assistant", "content": str}`` (used for pasted-dialogue style context);
    a message that is itself a pasted dialogue ("User: ... / Recommender: ...") is split by
    speaker."""
    message = (message or "").strip()[:MAX_MESSAGE]
    lex = vocab.lexicon
    text_norm = " ".join(message.lower().split())
    if any(p.search(text_norm) for p in lex.injection):
        return RequestIntent("refuse", message)
    from convrec.nlu.language import detect_language

    lang = detect_language(message)
    if lang != "en":
        return RequestIntent("chitchat", message, language=lang, notes=(f"language: {lang}",))
    segments = split_dialogue(message, vocab)
    if segments is None:
        message = _strip_user_label(message, vocab)
    if segments is None and history:
        segments = [("user" if h.get("role") == "user" else "other", str(h.get("content", ""))) for h in history]
        segments.append(("user", message))
    if segments is None:
        p = _parse(message, vocab)
        return build_intent(message, vocab, p, [], dialogue=False)
    return _dialogue_intent(message, vocab, segments)


# ---------------------------------------------------------------------- one speaker turn
_FIGURE_COUNT = {"four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "4": 4, "5": 5, "6": 6, "7": 7,
                 "8": 8, "9": 9}
_FIGURES = re.compile(r"(?i)\b(?:a\s+)?(four|five|six|seven|eight|nine|[4-9])[- ]figures?\b(?:\s+(?:salary|income|sum))?")
""""earn six figures": an amount of six digits, 100000 to 999999."""
_MILLION = re.compile(r"\b(?:((?:a\s+)?half(?:\s+a)?|(?:a\s+)?quarter(?:(?:\s+of)?\s+a)?|a|one|an)|(\d+(?:\.\d+)?))\s*"
                      r"(trillion|billion|bn|million|thousand|grand)\b", re.I)
_SCALES = {"trillion": 1_000_000_000_000, "billion": 1_000_000_000, "bn": 1_000_000_000, "million": 1_000_000,
           "thousand": 1000, "grand": 1000}


_SCALED_PAIR = re.compile(r"\b(\d+(?:\.\d+)?)(\s*(?:and|to|or|-|–)\s*)(?=\d+(?:\.\d+)?\s*(trillion|billion|bn|million|thousand)\b)", re.I)
"""The first of "between 1 and 2 million", "3 to 4 billion": the scale said once is both numbers'."""


_DOZEN = re.compile(r"\b(\d+|a|one|two|three|four|five|six|seven|eight|nine|ten|half\s+a)\s+dozens?\b(?!\s+or\s+(?:so|more\b))", re.I)
_SMALL = {"a": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10}


def _dozens(m: re.Match) -> str:
    x = m.group(1).lower()
    n = 0.5 if x.startswith("half") else _SMALL.get(x) or float(x)
    return str(int(n * 12))  # "two dozen equations": 24


def _scale(m: re.Match) -> str:
    part = (m.group(1) or "").lower()  # "half a million": 500000; "a quarter of a million": 250000
    n = float(m.group(2)) if m.group(2) else 0.5 if "half" in part else 0.25 if "quarter" in part else 1.0
    out = str(int(n * _SCALES[m.group(3).lower()]))
    return "$" + out if m.group(3).lower() == "grand" else out  # "2 grand": money


_GLUED_UNIT = re.compile(r"\b(\d+(?:\.\d+)?)([a-z%]{1,5})\b", re.I)
_FEET_INCHES = re.compile(r"\b([1-9])\s*(?:'|\u2019|ft\.?|feet|foot)\s*(\d{1,2})(?![\d.])(?:\s*(?:\"|\u201d|''|inches\b|inch\b|in\b))?", re.I)
_PREFIXED = re.compile(r"\b([a-z])(\d{1,2})(s?)\b", re.I)


def _unit_slip(m: re.Match) -> str:
    """A unit word right after a number with one slip in it ("precent", "mintues"): the unit word."""
    from rapidfuzz.distance import DamerauLevenshtein

    from convrec.catalog.meaning import unit_for_word, units_data

    x = m.group(1).lower()
    if unit_for_word(x) is not None or word_rank(x) is not None:
        return m.group(1)
    near = {y for u in units_data()["units"].values() for y in u["words"]
            if len(y) >= 5 and " " not in y and DamerauLevenshtein.distance(x, y) <= 1}
    return near.pop() if len(near) == 1 else m.group(1)


def _units_apart(text: str, vocab: Vocabulary) -> str:
    """"50g" → "50 g", "2.0L" → "2.0 l", "500mg" → "500 mg" (a unit glued to its number) and,
    where the catalog has the column a prefix names, "V8" → "8 cylinders"."""
    from convrec.catalog.meaning import unit_for_word, units_data

    def glued(m: re.Match) -> str:
        u = m.group(2).lower()
        if u in ("s", "k", "m", "th", "st", "nd", "rd", "x", "p", "d") or unit_for_word(u) is None:
            return m.group(0)
        a = m.start()
        while a > 0 and (text[a - 1].isalnum() or text[a - 1] in "-/"):
            a -= 1
        if a < m.start() and coded_id(vocab, re.match(r"[0-9A-Za-z/-]+", text[a:]).group(0).strip("-/")):
            return m.group(0)  # "70-1G": a well's code, not 1 gram
        return f"{m.group(1)} {u}"

    # "taller than 1.5m", "2m tall": beside a length's words "m" is metres, not millions ("over 2m in sales")
    text = re.sub(r"(?i)\b((?:taller|shorter|higher|lower|longer|deeper|wider|narrower)(?:\s+than)?)"
                  r"\s+(\d+(?:\.\d+)?)m\b(?!\s*(?:people|dollars|euros|views|users|\$))", r"\1 \2 m", text)
    text = re.sub(r"(?i)\b(\d+(?:\.\d+)?)m\s+(tall|long|deep|wide|high)\b", r"\1 m \2", text)
    # "6'5", "6' 9\"", "6 ft 5 in": a height in feet and inches is that many inches
    text = _FEET_INCHES.sub(lambda m: f"{int(m.group(1)) * 12 + int(m.group(2))} inches" if int(m.group(2)) < 12
                            else m.group(0), text)
    # "km2", "km²", "sq mi": square units, which the tokenizer would split into a unit and a "2"
    text = re.sub(r"(?i)\b(km|mi|m|ft|cm)\s?(?:2|²)(?![\d])", lambda m: f" square {m.group(1).lower()}", text)
    text = re.sub(r"(?<=\d)\s?%", " percent", text)  # the tokenizer drops "%": "over 10%" = "over 10 percent"
    text = re.sub(r"(?i)(?<=\d )([a-z]{5,})\b", _unit_slip, text)  # "3 precent", "5 kilometres" as typed
    text = re.sub(r"(?i)(?<=\d)\s?°\s?([cf])\b", lambda m: " celsius" if m.group(1).lower() == "c" else " fahrenheit", text)
    text = re.sub(r"(?<=\d)\s?°", " degrees", text)  # "25°C", "100°F", "30°"
    if _has_temperatures(vocab):
        # "below 30 C", "over 90F": a bare C or F after a number, where the catalog has temperatures
        text = re.sub(r"\b(\d+(?:\.\d+)?)(\s?)([CF])(?![\w'])",
                      lambda m: m.group(0) if not m.group(2) and _a_code(vocab, m.group(0))  # "flight 51C": a code
                      else f"{m.group(1)} {'celsius' if m.group(3) == 'C' else 'fahrenheit'}", text)
    text = _GLUED_UNIT.sub(glued, text)
    prefixed = units_data()["prefixed"]
    if prefixed:
        have = {w for c in vocab.columns.values() for g in c.words for w in g}

        def pre(m: re.Match) -> str:
            word = prefixed.get(m.group(1).lower())
            return f"{m.group(2)} {word}" if word and word in have else m.group(0)

        text = _PREFIXED.sub(pre, text)
    return text


_AND_A_HALF = re.compile(r"\b(an?|one|\d+)\s+([a-z]+)\s+and\s+a\s+(half|quarter)\b", re.I)
_FRACTION = re.compile(r"\b(?:(?:a|one)\s+)?(half|quarter|third)\s+(?:of\s+)?(?:an?\s+)?([a-z]+)\b", re.I)
_ONE_UNIT = re.compile(r"\b(a\s+full|one\s+full|an?|one|full)\s+([a-z]+)\b", re.I)
_PARTS = {"half": 0.5, "quarter": 0.25, "third": 1 / 3}
_COMPARED_BEFORE = re.compile(r"(?:under|over|below|above|than|least|most|about|around|within|to|exactly|max|min)\s*$", re.I)


_SHARE_SAID = re.compile(r"\b(more than|over|under|less than|fewer than|at least|at most|above|below|nearly|almost)\s+"
                         r"((?:a\s+|one\s+)?half|(?:a|one|two)\s+thirds?|(?:a|one|three)\s+quarters?)(?:\s+of\b|(?=\s+(?:their|its|the)\b))", re.I)
_SHARE_WORDS = {"one": 1, "a": 1, "two": 2, "three": 3, "half": 2, "third": 3, "thirds": 3, "quarter": 4, "quarters": 4}


def _share_of(said: str) -> str:
    """"two thirds" → 66.67, "three quarters" → 75, "half" → 50 (a share said in words, in percent)."""
    ws = said.lower().split()
    top = _SHARE_WORDS[ws[0]] if len(ws) > 1 else 1
    return f"{100 * top / _SHARE_WORDS[ws[-1]]:.4g}"


def _fractions(text: str, vocab: Vocabulary) -> str:
    """Amounts said in words before a unit or a number column's word: "half a carat" → 0.5 carat,
    "a quarter carat" → 0.25, "an hour and a half" → 1.5 hour, "under a carat" / "a full carat" →
    1 carat (only before such a word: "a comedy" stays)."""
    text = and_a_part(shares_of_people(text))  # "more than 1 in 5 people": 20 % of them; "six and a half": 6.5
    if not any(x in text.lower() for x in ("half", "quarter", "third", "a ", "an ", "one ", "full ")):
        return text
    text = _SHARE_SAID.sub(lambda m: f"{m.group(1)} {_share_of(m.group(2))}% of", text)
    words = measure_words(vocab)

    def half(m: re.Match) -> str:
        n = 1.0 if not m.group(1)[0].isdigit() else float(m.group(1))
        part = 0.5 if m.group(3).lower() == "half" else 0.25  # "an hour and a quarter": 1.25 hours
        return f"{n + part:g} {m.group(2)}" if m.group(2).lower() in words else m.group(0)

    def part(m: re.Match) -> str:
        if re.search(r"\bthe\s+$", text[:m.start()], re.I) and m.group(1).lower() == "third":
            return m.group(0)  # "the third round": an ordinal, not a third of one
        from convrec.catalog.meaning import unit_for_word

        if unit_for_word(f"{m.group(1)} {m.group(2)}".lower()) is not None:
            return m.group(0)  # "half marathon": a unit (and a race) of its own
        return f"{_PARTS[m.group(1).lower()]:.3g} {m.group(2)}" if m.group(2).lower() in words else m.group(0)

    def one(m: re.Match) -> str:
        if m.group(2).lower() not in words or m.group(2).lower() in ("one", "half") or m.group(1).lower() == "full":
            return m.group(0)  # ("2 or more full bathrooms": the kind of bathroom, no count of one)
        said_full = "full" in m.group(1).lower()
        compared = _COMPARED_BEFORE.search(text[:m.start()]) is not None
        return f"1 {m.group(2)}" if said_full or compared else m.group(0)  # "under a carat"; not "a market value"

    text = _AND_A_HALF.sub(half, text)
    text = _FRACTION.sub(part, text)
    return _ONE_UNIT.sub(one, text)


_CLOCK_SPAN = re.compile(r"(?i)\b(under|over|than|within|below|above|least|most|in|sub|about|around|to|and)\s+"
                         r"(\d{1,2}):([0-5]\d)(?::([0-5]\d))?(?![\d:])(?!\s*(?:am|pm|a\.m|p\.m)\b)")


def _durations(text: str) -> str:
    """"under 1:45", "faster than 2:05:30": a time said as h:mm(:ss) after a comparison is that many
    minutes (a clock time — "7:30 pm", "after 7:30" — stays as written)."""
    def minutes(m: re.Match) -> str:
        h, mi, sec = int(m.group(2)), int(m.group(3)), int(m.group(4) or 0)
        # h:mm:ss; h:mm when the first part is a few hours ("1:45"); mm:ss when it is more ("25:30" of a 5k)
        total = (h * 60 + mi + sec / 60) if m.group(4) else h * 60 + mi if h < 5 else h + mi / 60
        return f"{m.group(1)} {total:g} minutes"
    return _CLOCK_SPAN.sub(minutes, text) if ":" in text else text


def _superlative_tail(p: Parse, vocab: Vocabulary) -> None:
    """"the heaviest hawk on record", "the best of all time": words that widen an order said, claimed
    with it (no preference of their own that would reorder the list)."""
    if not p.sort:
        return
    tail = vocab.lexicon.superlative_tail
    for a, b in tail.find(p.words):
        if not any(p.claimed[x] for x in range(a, b)):
            p.claim(a, b)


def _in_code(text: str, at: int, vocab: Vocabulary) -> bool:
    """Is the dash at ``at`` inside a code the catalog has ("band 788-36611") or an ISO date, not a range ("3-5")?"""
    m = re.match(r"[0-9/-]+", text[at:])
    if m is not None and re.fullmatch(r"(?:1[89]|20)\d\d-(?:0?[1-9]|1[0-2])-(?:0?[1-9]|[12]\d|3[01])", m.group(0)):
        return True  # "2021-04-12": a day as ISO writes it, not 2021 to 4
    whole = re.match(r"[0-9A-Za-z/-]+", text[at:])  # "70-1G": a well's code as its catalog writes it
    return m is not None and (dashed_code(vocab, m.group(0).strip("-/")) or "-" in m.group(0).strip("-") and any(
        h.role == "category" for h in vocab.lookup(norm(m.group(0).strip("-/"))))) or (  # a count "3-2" a column holds
        whole is not None and "-" in whole.group(0) and (coded_id(vocab, whole.group(0).strip("-/")) or vocab.linker.exact(whole.group(0))))


def _has_temperatures(vocab: Vocabulary) -> bool:
    """Does a number column hold temperatures (by its unit or its words)? Once per catalog."""
    got = vocab.__dict__.get("_has_temperatures")
    if got is None:
        got = vocab.__dict__["_has_temperatures"] = any(
            c.unit in ("celsius", "fahrenheit", "kelvin") or "temperature" in column_dimensions(vocab, c)
            for c in vocab.columns.values() if c.type in ("integer", "real"))
    return got


def _a_code(vocab: Vocabulary, token: str) -> bool:
    """Is ``token`` ("51C") a value or an item's code the catalog holds, as written?"""
    if vocab.lookup(norm(token)):
        return True
    idx = vocab.__dict__.get("_glued_codes")
    if idx is None:
        idx = vocab.__dict__["_glued_codes"] = {compact(str(v)) for c in vocab.columns.values()
                                               if c.type == "text" and c.name in vocab.items and c.role not in ("title",)
                                               for v in vocab.items[c.name].dropna().unique()[:5000] if len(str(v)) <= 8}
    return compact(token) in idx


def _than_written_then(p: Parse) -> None:
    """"taller then Merapi", "more then 5": "then" after a comparative is "than"."""
    from convrec.catalog.text import word_rank

    w = p.words
    for k in range(1, len(w) - 1):
        x = w[k - 1]
        if w[k] != "then" or not x.isalpha():
            continue
        base = {x[:-2], x[:-1], x[:-3], x[:-3] + "y"} if x.endswith("er") and len(x) >= 5 else set()
        if x in ("more", "less", "fewer", "better", "worse", "rather", "other") or any(
                len(b) >= 3 and word_rank(b) is not None for b in base - {x[:-1]} if x.endswith("er")):
            w[k] = "than"
        elif any(w[k - d] in ("more", "less", "fewer", "higher", "lower", "bigger", "smaller", "greater")
                 and all(y.isalpha() for y in w[k - d + 1:k]) for d in (2, 3) if k - d >= 0):
            w[k] = "than"  # "fewer trips then Rikers Island": the comparative, its noun, then "than"


_PER_BASE = re.compile(r"(?i)\b([a-z]+?)s?\s+per\s+(?:1,?000,?000|100,?000|10,?000|1,?000|100|10|1|(?:one\s+|a\s+)?(?:hundred|thousand|million))(?![\d,])"
                       r"(?:\s+(?:people|persons|inhabitants|residents|population|men|women|births|capita))?\b")


def _rates_per(text: str, vocab: Vocabulary) -> str:
    """"deaths per 10,000", "births per 1,000 people": a rate, said by its base — the noun's rate
    where the catalog keeps rates (a column whose name has "rate" in it), the base no value."""
    rates = vocab.__dict__.get("_rate_columns")
    if rates is None:
        rates = [c.name for c in vocab.columns.values() if c.type in ("integer", "real") and "rate" in c.name.lower()]
        vocab.__dict__["_rate_columns"] = rates
    if not rates:
        return text
    if any(vocab.columns[c].unit == "%" for c in rates):
        # rates kept in percent (as the data shows): "5 per 1,000" is 0.5 %, "1 in 20" 5 %
        text = _PER_N.sub(lambda m: f"{float(m.group(1)) * 100 / float(m.group(2).replace(',', '')):g} percent", text)
        return _ONE_IN.sub(lambda m: f"{100 / float(m.group(2).replace(',', '')):g} percent", text)
    if " per " not in text.lower():
        return text
    return _PER_BASE.sub(lambda m: f"{m.group(1)} rate", text)


_PER_N = re.compile(r"(?i)\b(\d+(?:\.\d+)?)\s+per\s+(1,?000|100,?000|10,?000|100)(?![\d,])")
_ONE_IN = re.compile(r"(?i)\b(1|one)\s+(?:in|out\s+of)\s+(\d[\d,]*)(?![\d.])")


_FORMULA = re.compile(r"\b([A-Z][a-z]?)(\d*)O(\d*)\b")
"""An oxide's formula: "Na2O", "Al2O3", "TiO2", "CaO"."""


def _formulas(text: str, vocab: Vocabulary) -> str:
    """An oxide said by its formula ("soda (Na2O)", "Fe2O3") on a catalog with a column of that
    element: the element's name, as its column is said."""
    if "O" not in text:
        return text
    from convrec.catalog.meaning import elements_data

    names = elements_data()["names"]
    said = {x for c in vocab.columns.values() for g in c.words for x in g}

    def sub(m: re.Match) -> str:
        got = names.get(m.group(1))
        return got[0] if got and got[0] in said and (m.group(2) or m.group(3) or len(m.group(0)) > 2) else m.group(0)

    return _FORMULA.sub(sub, text)


def _parse(text: str, vocab: Vocabulary, speaker: str = "user") -> Parse:
    text = _durations(RANGE.sub(lambda m: m.group(0) if _in_code(text, m.start(), vocab) else f"{m.group(1)} to {m.group(2)}",
                                text))
    text = cents_as_dollars(_DOZEN.sub(_dozens, text), vocab)
    text = _SCALED_PAIR.sub(lambda m: f"{m.group(1)} {m.group(3)}{m.group(2)}" if float(m.group(1)) < 1000 else m.group(0), text)
    text = _MILLION.sub(_scale, text)
    text = _FIGURES.sub(lambda m: "between 1" + "0" * (_FIGURE_COUNT[m.group(1).lower()] - 1) + " and "
                        + "9" * _FIGURE_COUNT[m.group(1).lower()], text)
    text = reference_points(text)
    text = than_did(text)  # "better than he did in Charleston": than Charleston
    text = compass_bounds(clock_times(text, vocab), vocab)
    text = re.sub(r"(?<![Tt]he )(?<![A-Za-z.])(?:US|U\.S\.(?:A\.)?)(?![A-Za-z])", "the US", text)  # "US volcanoes": the country, not "us"
    text = re.sub(r"\b(?![wW]/)([A-Za-z])/([A-Za-z])\b", r"\1\2", text)  # "P/E", "A/C": one word, as a column writes it
    text = re.sub(r"\b([A-Za-z])\s?&\s?([A-Za-z])\b", lambda m: (m.group(1) + m.group(2)).upper(), text)  # "r&d": initials
    text = said_aliases(text, vocab)
    text = lacked_columns(negated_prefixes(text, vocab), vocab)
    text = _fractions(text, vocab)
    text = _formulas(text, vocab)
    text = _rates_per(text, vocab)
    text = growth_words(text, vocab)
    if any(ch.isdigit() for ch in text):
        text = _units_apart(text, vocab)
    toks = tokenize(text)
    p = Parse(toks, [t.w for t in toks], claimed=[False] * len(toks))
    p.hashed = {k for k, t in enumerate(toks) if 0 < t.start <= len(text) and text[t.start - 1] == "#"}
    _than_written_then(p)
    read_glued_words(p, vocab)
    correct_column_words(p, vocab)
    negation_scopes(p, vocab)
    claim_superlative_counts(p, vocab)
    read_hashed_ranks(p, vocab)
    item_ids(p, vocab, text, speaker)
    quoted_titles(p, vocab, speaker)
    year_marked_titles(p, vocab, speaker)
    full_titles(p, vocab, text, speaker)
    delimited_titles(p, vocab, text, speaker)
    creators_first(p, vocab)
    exact_titles(p, vocab, speaker, relaxed=fact_question(p, vocab) or vocab.lexicon.choice.contains(p.words)
                  or bool(vocab.lexicon.fact_open.match_at([x for x in p.words if x not in PUNCT], 0)))  # "tell me about ajax"
    context_titles(p, vocab, speaker)
    read_person_names(p, vocab, speaker)
    read_surnames(p, vocab, speaker)
    complete_titles(p, vocab)
    extend_titles(p, vocab)
    claim_bracketed(p, vocab)
    read_landmark_distances(p, vocab)
    model_codes(p, vocab, speaker)
    compact_titles(p, vocab, speaker)
    claim_portions(p, vocab)
    read_marks(p, vocab)
    read_dates(p, vocab)
    read_code_families(p, vocab)
    read_digit_values(p, vocab)
    read_numbered_phrases(p, vocab)
    if not p.mentions and fact_question(p, vocab):
        fact_title(p, vocab, speaker)
    claim_listed(p, vocab, text)
    read_presence(p, vocab)
    read_subject_presence(p, vocab)
    read_zero_amounts(p, vocab)
    read_some_amounts(p, vocab)
    read_less_words(p, vocab)
    read_life_stages(p, vocab)
    read_majority(p, vocab)
    read_nobody(p, vocab)
    read_codes(p, vocab)
    read_lettered_codes(p, vocab)
    read_name_word_codes(p, vocab)
    read_maker_initials(p, vocab)
    title_words(p, vocab)
    read_acronym_columns(p, vocab)
    read_initial_words(p, vocab)
    read_abbreviations(p, vocab)
    if not p.mentions and fact_question(p, vocab):  # "the life expectancy in japan": the column read, the name is the rest
        fact_title(p, vocab, speaker)
    read_acronyms(p, vocab)
    read_marks(p, vocab)  # again: a horizon before a column said in full ("20-year global warming potential")
    read_initialled_values(p, vocab)
    read_blended_names(p, vocab)
    read_abbreviated_values(p, vocab)
    read_cut_values(p, vocab)
    read_numbered_labels(p, vocab)
    read_number_words(p, vocab)
    relink_described_numbers(p, vocab, _parse)
    read_item_comparisons(p, vocab, parse=_parse)
    read_column_text_words(p, vocab)
    column_values(p, vocab)
    read_bands(p, vocab)
    read_banded_values(p, vocab)
    signed_amounts(p, vocab)
    read_ranks(p, vocab)
    read_sequence_places(p, vocab)
    read_intervals(p, vocab)
    read_code_numbers(p, vocab)
    read_numbers(p, vocab)
    read_measured_names(p, vocab)
    read_periods(p, vocab)
    read_caps(p, vocab)
    read_place_initials(p, vocab)
    read_values(p, vocab, min_words=2)
    read_vague(p, vocab)
    sort_by_column(p, vocab)
    read_dimension_superlatives(p, vocab)
    _superlative_tail(p, vocab)
    read_single_words(p, vocab)
    read_cognate_values(p, vocab)
    read_value_prefixes(p, vocab)
    read_code_words(p, vocab)
    claim_placing_verbs(p, vocab)
    read_ordinals(p, vocab)
    read_creator_names(p, vocab)
    read_maker_prefixes(p, vocab)
    makers_of_mentions(p, vocab)
    read_text_words(p, vocab)
    read_place_words(p, vocab)
    read_letter_codes(p, vocab)
    read_pairs(p, vocab)
    read_count(p, vocab)
    scope_words(p, vocab)
    read_value_lists(p, vocab)
    if vocab.encoder is not None and speaker == "user":
        paraphrases(p, vocab)
    read_relations(p, vocab, speaker)
    settle_marks(p, vocab)
    settle_two_digit_years(p, vocab)
    drop_noun_mentions(p, vocab)
    return p


# ---------------------------------------------------------------------- dialogues
def bounds_as_before(message: str, before: str, vocab: Vocabulary) -> list[Condition]:
    """The conditions of bare bounds in ``message`` ("and under 8") read as of the column the user's
    previous message ``before`` bound ("only those over 2 pCi/L"); empty where it has none."""
    p = _parse(message, vocab)
    loose = [k for k, x in enumerate(p.words) if not p.claimed[k] and num(x) is not None]
    return _bound_as_before(p, vocab, before, message, loose) if loose else []


def _bound_as_before(p: Parse, vocab: Vocabulary, before: str, text: str, loose: list[int]) -> list[Condition]:
    """"and under 8" after "only those over 2 pCi/L": a bare bound no word of its own binds is of the
    column (and in the unit) the user's previous message bound — read with that message before it; the
    numbers so read are claimed in ``p``."""
    joined = _parse(before.rstrip(" ?.!") + ", " + text, vocab)
    said = " ".join(norm(text).split())
    got = [c for _, c in joined.numbers if c.text and " ".join(norm(c.text).split()) in said
           and not any(" ".join(norm(c.text).split()) in " ".join(norm(x.text).split()) for _, x in p.numbers)]
    if got:
        for k in loose:
            p.claim(k, k + 1)
    return got



def _dialogue_intent(message: str, vocab: Vocabulary, segments: list[tuple[str, str]]) -> RequestIntent:
    """Only the user's own statements become conditions; the other side's mentions are offers,
    accepted / rejected / seen by the user's next turn."""
    lex = vocab.lexicon
    mentions: list[ItemMention] = []
    conds: list[Condition] = []
    offered: list[ItemMention] = []
    last_user: Parse | None = None
    last_text = ""
    n_user = 0
    last_user_seg = max((k for k, (sp, _) in enumerate(segments) if sp == "user"), default=-1)
    for seg_no, (speaker, text) in enumerate(segments):
        p = _parse(text, vocab, speaker)
        if speaker != "user":
            offered = [m for _, m in p.mentions]
            mentions += offered
            continue
        n_user += 1
        w = p.words
        head = w[:10]
        if offered:
            reaction = None
            if lex.seen_reaction.contains(head):
                reaction = "seen"
            elif lex.reject.contains(head[:6]) and not lex.accept.contains(head[:3]):
                reaction = "rejected"
            elif lex.accept.contains(head[:6]):
                reaction = "accepted"
            if reaction:
                named = {m.item_id for _, m in p.mentions}
                mentions += [replace(m, relation=reaction) for m in offered if m.item_id not in named]
        offered = []
        seg_conds, _ = build_conditions(p, vocab)
        if last_text and (loose := [k for k, x in enumerate(p.words) if not p.claimed[k] and num(x) is not None]):
            seg_conds += _bound_as_before(p, vocab, last_text, text, loose)  # "… over 2 pCi/L" → "and under 8"
        if seg_no != last_user_seg:
            # a sparse tag said in passing earlier in a conversation ("that was sad", "so
            # interesting") is a mood, not a wish: only the last message makes a tag a condition
            seg_conds = [c for c in seg_conds if c.role != "tag"]
        if lex.reset.contains(w):
            conds = []
        replaced = {(c.column, direction(c.op)) for c in seg_conds if c.op not in ("contains", "not_contains", "in", "not_in")}
        restated = {(c.column, str(c.value).lower()) for c in seg_conds}
        conds = [c for c in conds if (c.column, direction(c.op)) not in replaced
                 and (c.column, str(c.value).lower()) not in restated] + seg_conds
        mentions += [m for _, m in p.mentions]
        last_user, last_text = p, text
    if last_user is None:
        last_user, last_text = _parse(message, vocab), message
    notes = (f"dialogue: {n_user} user turns, {len(segments) - n_user} other",)
    intent = build_intent(last_text, vocab, last_user, [m for m in mentions if m not in [x for _, x in last_user.mentions]],
                     dialogue=True, conds_override=dedupe(conds), notes=notes)
    if intent.kind in ("chitchat",) and (intent.conditions or intent.liked):
        intent = replace(intent, kind="recommend")
    return replace(intent, message=message)
