"""How the user relates to what was found: counts ("give me 3"), liked/disliked/seen relations,
reactions after a list of titles, and the conditions built from the parse (with any-of lists).
"""

from __future__ import annotations

import re
from dataclasses import replace

from convrec.catalog.text import CLAUSE_END, norm, noun_plural
from convrec.nlu.idioms import read_idioms
from convrec.nlu.intent import Condition
from convrec.nlu.leftover import unmatched_runs
from convrec.nlu.reading import (DOMAIN_NOUNS, LIST_GLUE, LIST_SEPARATORS, NOT_BEFORE, NUMBER, Parse, Span, dedupe,
                                 negated_aux, num)
from convrec.nlu.vocab import Vocabulary


_ONE_AFTER = {"was", "is", "had", "has", "got", "gets", "did", "does"}


def _which_one(w: list[str]) -> bool:
    """"which republican got the least", "what month had the cheapest sugar", "which one is the
    heaviest": a question of which with a noun in the singular (or a singular verb right after it)
    asks for one item."""
    if w[:1] not in (["which"], ["what"]) or len(w) < 3 or not w[1].isalpha():
        return False
    if w[1] in _ONE_AFTER or w[1] == "one":
        return True  # "which was the cheapest", "which one"
    plural = w[1].endswith("s") and not w[1].endswith(("ss", "us", "is"))  # ("which congress had": one)
    return not plural and (w[2] in _ONE_AFTER or w[2].endswith("ed"))


def read_count(p: Parse, vocab: Vocabulary) -> None:
    lex, w = vocab.lexicon, p.words
    if p.k is not None:  # already counted ("3 cheapest horses")
        return
    sort_words = {t for h in p.sort for t in norm(h.text).split() if t not in ("the", "a", "by")}
    one = vocab.domain in w or "place" in w or (w[:1] in (["who"], ["who's"], ["whos"], ["when"]) and not {"ones", "those", "all"} & set(w)) \
        or _which_one(w)
    if p.sort and one and noun_plural(vocab.domain) not in w and any(
            x in ("most", "best", "top", "highest") or lex.superlative(x) for x in w) \
            and not any(num(x) for x in w if NUMBER.match(x)) and not any(x in lex.number_words for x in w):
        p.k = 1  # "the most popular book", "biggest company by revenue", "the poorest place", "who did the most": one
    for i, x in enumerate(w):
        n = None
        span = 1
        if NUMBER.match(x) and "." not in x and "," not in x:
            n = int(x)
        else:
            for phrase_len in (3, 2, 1):
                ph = " ".join(w[i:i + phrase_len])
                if len(w[i:i + phrase_len]) == phrase_len and ph in lex.number_words:
                    n, span = lex.number_words[ph], phrase_len
                    break
        if n is None or p.claimed[i] or not 1 <= n <= 50:
            continue
        if i + span < len(w) and w[i + span] in ("yo", "year", "years", "yr", "yrs", "month", "months") \
                and w[i + span] not in (vocab.domain, noun_plural(vocab.domain)):
            continue  # "my 12 yo", "a 5 year old": an age, not a count (where the items are years, how many)
        from convrec.nlu.binding import unit_after

        unit, ulen = unit_after(w, i + span)
        if unit == "%" or any(lex.compare[o].match_at(w, i + span + ulen) for o in (">=", "<=")):
            continue  # "3 or more bids", "2 or fewer stops", "36 percent or more": a bound, not how many to show
        after = w[i + span:i + span + 5]
        noun = any(lex.count_nouns.match_at(after, k) for k in range(min(4, len(after))))
        noun = noun and not any(a in (",", ".", "?", "!") for a in after[:max(1, next((k for k in range(len(after)) if lex.count_nouns.match_at(after, k)), 0))])
        # "4 crime thrillers", "one musical": a count right before the values it counts
        nxt = i + span
        while nxt < len(w) and w[nxt] in ("good", "great", "more", "new", "old", "different", "really", "solid", "fun"):
            nxt += 1
        noun = noun or (nxt < len(w) and p.claimed[nxt] and any(s.start == nxt for s, _, _ in p.values))
        noun = noun or (nxt < len(w) and w[nxt] in (vocab.domain, noun_plural(vocab.domain)))  # "which two leaders"
        verb = bool(lex.count_verbs.ends_at(w, i)) or (i > 1 and lex.count_verbs.ends_at(w, i - 1) and w[i - 1] in ("me", "the", "us"))
        # "romantic dramas from 2010 onward, 3 please": a bare count closing a clause
        tail = (i + span >= len(w) or w[i + span] in (",", ".", "!", "?", "please", "pls", "plz", "thanks")) and i > 0 \
            and w[i - 1] in (",", ".", "?", "!", ";", "just", "only", "maybe", "like", "about", "pick", "choose", "say", "around")
        # "the 3 with the shortest care time", "the 5 that sleep most": a count before what picks them
        tail = tail or (i > 0 and w[i - 1] in ("the", "top") and i + span < len(w)
                        and w[i + span] in ("with", "that", "which", "who", "whose", "where"))
        # "the 3 loans with the highest interest", "the 2 penguins with the longest beaks": a count of a
        # plural noun and what picks them
        m = next((m for m in range(i + span + 1, min(len(w), i + span + 4))
                  if w[m] in ("with", "that", "which", "who", "whose", "where", "by")), None)
        tail = tail or (i > 0 and w[i - 1] in ("the", "top") and m is not None
                        and (w[m - 1].endswith("s") or w[m - 1] in lex.person_nouns)  # ("the 3 people who …")
                        and all(w[x].isalpha() for x in range(i + span, m)))
        # "which 3 have the biggest drives?", "what 5 are the cheapest": a count asked by its question word
        tail = tail or (i > 0 and w[i - 1] in lex.count_questions and i + span < len(w)
                        and (w[i + span] in lex.count_question_verbs  # ("which 3 countries had the highest …")
                             or (w[i + span].isalpha() and w[i + span].endswith("s") and i + span + 1 < len(w)
                                 and w[i + span + 1] in lex.count_question_verbs)))
        # "the cheapest 2", "the 3 biggest": a count beside the order it asks for
        ordered = bool(sort_words) and x not in ("one", "a") and (
            (i > 0 and w[i - 1] in sort_words) or (i + span < len(w) and w[i + span] in sort_words))
        if noun or verb or tail or ordered:
            if x in ("one", "a") and not (noun or w[i - 1] in ("pick", "choose", "just", "only") if i else noun):
                continue
            p.k = n
            p.claim(i, i + span)
            return
    if p.sort and p.k is None and _one_asked(p, vocab):
        p.k = 1


_FUNCTION = {"in", "of", "the", "for", "with", "and", "or", "to", "from", "by", "on", "at", "than", "one", "ones",
             "you", "that", "which", "who", "this", "these", "those", "are", "is", "was", "were", "ever", "yet"}
_MASS = {"stuff", "things", "ones", "options", "picks", "choices", "kind", "kinds", "sort", "sorts", "type", "types"}


def _one_asked(p: Parse, vocab: Vocabulary) -> bool:
    """A superlative asked of one item: "which one has the lowest mileage?", "the cheapest one of
    all", "which journal is the cheapest", "what's the biggest diamond you've got?", "the most
    expensive pontiac" — a singular head, not "the cheapest houses" or "the 3 longest films"."""
    w, lex = p.words, vocab.lexicon
    sorted_words = {x for h in p.sort for x in norm(h.text).split()}
    for k, x in enumerate(w):  # "which one", "the cheapest one" (not "one of the cheapest", "quick one")
        if x == "one" and k > 0 and (w[k - 1] in ("which", "what", "the", "that", "this", "single") or w[k - 1] in sorted_words) \
                and not (w[k + 1:k + 2] == ["of"] and w[k + 2:k + 3] != ["all"]):
            return True
    if len(w) > 2 and w[0] == "who" and w[1] not in ("are", "were", "have", "do", "did") and w[1].isalpha() \
            and any(x == "the" for x in w[2:4]):
        return True  # "who had the fastest 5k time", "who ran the slowest": one person, the first of the order
    if len(w) > 1 and w[0] == "who" and (w[1] in lex.singular_verbs or (
            w[1].endswith("s") and not w[1].endswith("ss") and w[1].isalpha() and len(w[1]) > 3)):
        return True  # "who earns the most?": one person
    head = next((k for k, x in enumerate(w) if x in ("which", "what", "whats", "what's")), None)
    if head is not None and w[head + 1:head + 2] == ["of"] and any(
            x in lex.singular_verbs for x in w[head + 2:head + 5]):
        return True  # "which of those has the best graduation rate?"
    if head is not None and head + 1 < len(w) and (_singular_noun(w[head + 1], lex) or w[head + 1] == vocab.domain
                                                   or w[head + 1] in ("item", "thing", "entry", "record", "row", "option")) \
            and w[head + 1] not in ("is", "are") and w[head + 1] not in lex.number_words:
        return True  # "which journal is the cheapest" (not "which two leaders")
    for k in range(2, len(w) - 2):  # "the maui station with the most ports": a singular head before what picks it
        if w[k:k + 2] == ["with", "the"] and _singular_noun(w[k - 1], lex) and "the" in w[max(0, k - 4):k - 1] \
                and (vocab.lexicon.superlative(w[k + 2]) or w[k + 2] in ("most", "least", "fewest")):
            return True
    for h in p.sort:
        said = norm(h.text).split()
        own = {x for g in vocab.columns[h.column].words for x in g} if h.column in vocab.columns else set()
        if len(said) >= 2 and said[-1] not in own and _singular_noun(said[-1], lex):
            return True  # "the highest paid player": the sort's own words end on one item
        end = len(w)
        while end > 0 and w[end - 1] in ("?", "!", ".", "ever", "recorded", "so", "far", "of", "all", "time", "yet"):
            end -= 1  # ("highest price ever?", "the highest price of all time")
        if len(said) >= 2 and said[-1] in own and (_singular_noun(said[-1], lex) or said[-1] in lex.stop and said[-1].isalpha()
                                                   and not said[-1].endswith("s")) and said[-1] != noun_plural(said[-1]) \
                and w[end - len(said):end] == said:
            return True  # "highest acetazolamide concentration": the measure of one item, ending the request
        for k in range(len(w) - len(said) + 1):
            if w[k:k + len(said)] == said:
                j = k + len(said)
                e = j
                nouns = DOMAIN_NOUNS | {vocab.domain, noun_plural(vocab.domain)}
                while e < len(w) and w[e].isalnum() and (w[e] not in lex.stop or w[e] in nouns or (
                        e == j and w[e] not in _FUNCTION and len(w[e]) >= 3)):
                    e += 1  # the noun phrase after it: its last word is the head ("strategy games": games)
                head = next((w[x] for x in range(e - 1, j - 1, -1) if w[x].isalpha()), "")
                one = _singular_noun(head, lex) or (e == j + 1 and head not in _FUNCTION and head not in _MASS
                                                     and not head.endswith("s") and len(head) >= 3)
                if head and one and (e == len(w) or w[e] not in ("and", "or", ",")):
                    return True  # "the biggest diamond", "the most expensive pontiac"
    return False


def _singular_noun(x: str, lex) -> bool:
    return x.isalpha() and len(x) >= 3 and x not in lex.stop and x not in _MASS and not x.endswith("s") \
        and noun_plural(x) != x


FACET_TAGS = 30
"""A tag column with at most this many distinct labels is a facet (Rain, Snow, Fog): a label said picks."""


def _free_tags(vocab: Vocabulary, col: str) -> bool:
    got = vocab.__dict__.setdefault("_tag_counts", {})
    if col not in got:
        got[col] = len({h.value for hs in vocab.values.values() for h in hs if h.column == col})
    return got[col] > FACET_TAGS


def claim_superlative_counts(p: Parse, vocab: Vocabulary) -> None:
    """"3 cheapest horses", "the 2 coldest nights", "show me 5 most expensive": a number right before a
    superlative counts the items the order picks; it is no value of an id or a number column."""
    lex, w = vocab.lexicon, p.words
    read_idioms(p, vocab)  # ("how many times", "did the debt top 20 trillion": before any number is read)
    for i in range(len(w) - 1):
        if p.claimed[i] or not NUMBER.match(w[i]) or "." in w[i] or "," in w[i] or not 1 <= int(w[i]) <= 50:
            continue
        nxt = w[i + 1]
        if not (lex.superlative(nxt) or nxt in ("most", "least", "best", "worst") or nxt in lex.low_superlatives):
            continue
        if i > 0 and (w[i - 1] in ("than", "over", "under", "above", "below", "#", "no", "number")
                      or NUMBER.match(w[i - 1])):
            continue  # "more than 3 most ...", "#3 best": not a count
        p.k = int(w[i])
        p.claim(i, i + 1)
        return


# ---------------------------------------------------------------------- relations
def read_relations(p: Parse, vocab: Vocabulary, speaker: str) -> None:
    lex, w = vocab.lexicon, p.words
    out = []
    prev_rel = None
    prev_end = -10
    for span, m in sorted(p.mentions, key=lambda x: x[0].start):
        rel = None
        if speaker != "user":
            rel = "offered"
        elif span.start in p.compared:
            rel = "reference"  # the item a comparison measures against: no like, no seen
        else:
            best = (-1, 0, None)  # (end position, length, relation)
            lo = span.start
            while lo > 0 and (p.toks[lo - 1].w not in CLAUSE_END or p.toks[lo - 1].w == ":") and p.toks[lo - 1].w != "but" \
                    and span.start - lo < 12:
                lo -= 1
            for name in ("unseen", "disliked", "seen", "liked", "reference"):
                ph = lex.relations[name]
                for k in range(lo, span.start + 1):
                    n = ph.ends_at(w, k)
                    if n and (k > best[0] or (k == best[0] and n > best[1])):
                        best = (k, n, name)
            if best[2] is not None:
                rel = best[2]
                # "I loved X and hated Y": a nearer trigger wins; a list continues the previous one
                if prev_rel and span.start - prev_end <= 2 and best[0] <= prev_end:
                    rel = prev_rel
            elif prev_rel and span.start - prev_end <= 2:
                rel = prev_rel
            after = w[span.end:span.end + 4]
            if rel is None or rel == "reference":
                for name in ("disliked", "liked"):
                    if lex.relations[name].match_at(after, 0) or (after[:1] in (["was"], ["is"]) and lex.relations[name].match_at(after, 1)):
                        rel = name
                        break
            if p.negated(span.start) and rel not in ("disliked", "unseen"):
                rel = "disliked"
            if rel == "unseen":
                rel = "asked"
            rel = rel or "reference"
        out.append((span, replace(m, relation=rel)))
        prev_rel, prev_end = rel, span.end
    p.mentions = _reactions_after(out, p, lex) if speaker == "user" else out


def _reactions_after(out: list, p: Parse, lex) -> list:
    """Items said to be seen, then judged right after them ("I watched Heat and loved it",
    "saw Heat and Ronin, both great", "watched X, hated it"): the judgement is the relation."""
    w = p.words
    i = 0
    while i < len(out):
        j = i  # a run of seen items in one list ("Heat and Ronin")
        while j + 1 < len(out) and out[j + 1][1].relation == out[i][1].relation \
                and all(x in LIST_GLUE or x.isdigit() for x in w[out[j][0].end:out[j + 1][0].start]) \
                and out[j + 1][0].start - out[j][0].end <= 5:
            j += 1
        if out[i][1].relation == "seen":
            end = out[j][0].end
            stop = next((k for k in range(end, min(len(w), end + 7)) if p.toks[k].w in CLAUSE_END - {":"}), min(len(w), end + 7))
            verdict = None
            for k in range(end, stop):
                n = lex.relations["disliked"].match_at(w, k)
                if n:
                    verdict = "disliked"
                    p.claim(k, k + n)
                    break
                n = lex.praise.match_at(w, k) or lex.relations["liked"].match_at(w, k)
                if n:
                    no = p.negated(k) or (k > 0 and w[k - 1] in NOT_BEFORE)
                    verdict = "disliked" if no else "liked"  # "but didn't love it"
                    p.claim(k - 1 if no and not p.negated(k) else k, k + n)
                    break
            if verdict:
                for x in range(i, j + 1):
                    out[x] = (out[x][0], replace(out[x][1], relation=verdict))
        i = j + 1
    return out


# ---------------------------------------------------------------------- the intent
def build_conditions(p: Parse, vocab: Vocabulary) -> tuple[list[Condition], list[tuple[str, str]]]:
    conds: list[Condition] = []
    soft: list[tuple[str, str]] = []
    lex = vocab.lexicon
    listed: list[tuple[Span, int]] = []  # positive one-value list conditions, where they were said
    listed_text: list[tuple[Span, int]] = []
    flags: list[tuple[Span, int]] = []
    for span, groups, text in p.values:
        neg = p.negated(span.start) or _post_negated(p, lex, span.end)
        if neg and len(groups) > 1:  # "no rom-coms": not (Romance and Comedy) ~ not its distinguishing first value
            groups = groups[:1]
        for group in groups:
            col = group[0].column
            info = vocab.columns[col]
            if group[0].role == "numeric":  # a lexicon implication ("f2p" → price ≤ 0)
                m = re.match(r"(<=|>=|<|>|=)([\d.]+)$", group[0].value)
                if m and not neg:
                    conds.append(Condition(col, m.group(1), float(m.group(2)), text, info.role))
                continue
            if group[0].role == "text":  # words of the items' own text
                conds.append(Condition(col, "not_matches" if neg else "matches", (group[0].value,), text, "text"))
                listed_text.append((span, len(conds) - 1))
                continue
            if group[0].role == "flag_off":  # "public" on a Yes/No `private` column; "not public": private
                conds.append(Condition(col, "=", bool(neg), info.label or col, "flag"))  # shown "not private"
                continue
            if group[0].role == "flag":  # "seminars", "not a lab course", "no gas guzzlers"
                # the flag said just before, joined by "or" (read in any order: "clerical or construction")
                at = next((x for x, (sp, _) in enumerate(flags)
                           if [y for y in p.words[min(sp.end, span.end):max(sp.start, span.start)]
                               if y not in ("a", "an", ",")] == ["or"]
                           or (p.words[sp.end:span.start] and set(p.words[sp.end:span.start]) <= {"a", "an", ","}
                               and "," in p.words[sp.end:span.start] and _or_listed(p, vocab, span))), None)
                prev = flags[at] if at is not None else None
                if prev is not None and not neg and conds[prev[1]].op in ("=", "any_true") \
                        and conds[prev[1]].value is not False:  # "internships or apprenticeships": either
                    pc = conds[prev[1]]
                    cols_ = (pc.value if pc.op == "any_true" else (pc.column,)) + (col,)
                    conds[prev[1]] = Condition(pc.column, "any_true", tuple(cols_), f"{pc.text} or {text}", "flag")
                    flags[at] = (Span(min(prev[0].start, span.start), max(prev[0].end, span.end)), prev[1])
                    continue
                cast = _cast_against(p, span)  # "voted against", "voted no": the flag's verb, cast the other way
                conds.append(Condition(col, "=", not neg and not cast, text, "flag"))
                flags.append((span, len(conds) - 1))
                continue
            vals = list(dict.fromkeys(h.value for h in group if h.column == col))
            if group[0].role == "presence":  # "with a tram": any value of that column; "no rer": none
                conds.append(Condition(col, "not_in" if neg else "in", tuple(vals), text, info.role))
                continue
            if info.role == "tag" and not neg and group[0].role != "named" and _free_tags(vocab, col):
                soft += [(col, v) for v in vals]
                continue  # a tag of a free vocabulary ranks; of a few fixed labels (weather events) it picks
            if info.type == "list" and len(vals) == 1:
                conds.append(Condition(col, "not_contains" if neg else "contains", vals[0], text, info.role))
                if not neg:
                    listed.append((span, len(conds) - 1))
            else:
                conds.append(Condition(col, "not_in" if neg else "in", tuple(vals), text, info.role))
                if not neg:
                    listed.append((span, len(conds) - 1))
    conds = _text_as_any(p, conds, listed_text)
    conds = _enumerated_as_any(p, conds, listed)
    conds += _numbers_as_any(p)
    conds = _one_value_each(vocab, conds)
    soft = list(dict.fromkeys(soft))
    if soft and not conds and len(unmatched_runs(p, vocab)) <= 1:
        # a sparse tag that is all the request names ("movies tagged 'time travel'") is the request;
        # among other unread words ("mob families, loyalty, betrayal …") it is one preference of several
        groups: dict[tuple[str, str], list[str]] = {}
        for col, val in soft:
            groups.setdefault((col, val.lower()), []).append(val)
        for (col, _), vals in groups.items():
            support = sum(h.support for v in vals for h in vocab.lookup(norm(v)) if h.column == col and h.value in vals)
            if support >= 3:
                conds.append(Condition(col, "contains", vals[0], vals[0], "tag") if len(vals) == 1
                             else Condition(col, "in", tuple(vals), vals[0], "tag"))
        hard = {(c.column, str(v).lower()) for c in conds for v in (c.value if isinstance(c.value, tuple) else (c.value,))}
        soft = [sv for sv in soft if (sv[0], sv[1].lower()) not in hard]
    return dedupe(conds), soft


def _one_value_each(vocab: Vocabulary, conds: list[Condition]) -> list[Condition]:
    """Two values asked of a column that holds one value per item ("during take-off or while
    standing", "sedans and coupes", "month 6 ... month 8") cannot both hold: the user wants either."""
    first: dict[str, int] = {}
    out: list[Condition] = []
    for c in conds:
        info = vocab.columns.get(c.column)
        single = info is not None and info.type != "list" and c.role in ("category", "other", "time") \
            and (c.op == "in" or (c.op == "=" and isinstance(c.value, (int, float)) and not isinstance(c.value, bool)))
        k = first.get(c.column) if single else None
        if k is None:
            if single:
                first[c.column] = len(out)
            out.append(c)
            continue
        prev = out[k]
        vals = tuple(dict.fromkeys((prev.value if prev.op == "in" else (prev.value,)) + (c.value if c.op == "in" else (c.value,))))
        out[k] = Condition(c.column, "in", vals, f"{prev.text} or {c.text}", prev.role)
    return out


def _text_as_any(p: Parse, conds: list[Condition], listed: list[tuple[Span, int]]) -> list[Condition]:
    """"tacos or burritos", "a fish sandwich or a veggie burger": word conditions on one column
    joined by "or" are one any-of condition."""
    drop: set[int] = set()
    for (s1, a), (s2, b) in zip(listed, listed[1:]):
        ca, cb = conds[a], conds[b]
        gap = [x for x in p.words[s1.end:s2.start] if x not in ("a", "an", "some", "the", ",")]
        if ca.column == cb.column and ca.op == cb.op == "matches" and gap == ["or"]:
            conds[b] = Condition(ca.column, "matches", tuple(ca.value) + tuple(cb.value), f"{ca.text} or {cb.text}", "text")
            drop.add(a)
    return [c for k, c in enumerate(conds) if k not in drop]


_COMPARE = ("<", "<=", ">", ">=", "any_of")


def _numbers_as_any(p: Parse) -> list[Condition]:
    """Number conditions; "a V10 or a V12" (equalities on one column joined by "or") is one
    any-of condition, not two that cannot both hold."""
    out: list[Condition] = []
    spans: list[Span] = []
    for span, c in p.numbers:
        prev = out[-1] if out else None
        either = "either" in p.words[max(0, spans[-1].start - 3):spans[-1].start] if spans else False
        joined = prev is not None and prev.column == c.column and "or" in p.words[spans[-1].end:span.start + 1] \
            and span.start - spans[-1].end <= (6 if either else 4)  # "either tiny (under 1000 people) or huge (over 10k)"
        sides = {prev.op[0], c.op[0]} if joined and prev.op in ("<", "<=", ">", ">=") and c.op in ("<", "<=", ">", ">=") else set()
        if sides == {"<", ">"}:  # "under 5k or over 50k": either side of the range between them
            lo = float(prev.value if prev.op[0] == "<" else c.value)
            hi = float(c.value if c.op[0] == ">" else prev.value)
            if lo < hi:
                out[-1] = Condition(c.column, "outside", (lo, hi), f"{prev.text} or {c.text}", c.role)
                spans[-1] = Span(spans[-1].start, span.end)
                continue
        either = "either" in p.words[max(0, spans[-1].start - 3):spans[-1].start] if spans else False
        if prev is not None and prev.column != c.column and prev.op in _COMPARE and c.op in _COMPARE \
                and p.words[spans[-1].end:span.start].count("or") == 1 and span.start - spans[-1].end <= (6 if either else 4) \
                and not any(x in ("and", "but") for x in p.words[spans[-1].end:span.start]):
            # "sulfur above 3% or nitrogen above 6%": either comparison, on two columns
            vals = (list(prev.value) if prev.op == "any_of" else [prev.column, prev.op, float(prev.value)]) \
                + [c.column, c.op, float(c.value)]
            out[-1] = Condition(prev.column, "any_of", tuple(vals), f"{prev.text} or {c.text}", "other")
            spans[-1] = Span(spans[-1].start, span.end)
            continue
        if prev is not None and prev.op in ("=", "in") and c.op == "=" and prev.column == c.column and \
                "or" in p.words[spans[-1].end:span.start] and span.start - spans[-1].end <= 3:
            vals = (prev.value if prev.op == "in" else (prev.value,)) + (c.value,)
            out[-1] = Condition(c.column, "in", vals, f"{prev.text} or {c.text}", c.role)
            spans[-1] = Span(spans[-1].start, span.end)
            continue
        out.append(c)
        spans.append(span)
    return out


def _enumerated_as_any(p: Parse, conds: list[Condition], listed: list[tuple[Span, int]]) -> list[Condition]:
    """"I like comedies, dramas and thrillers": values of one list column said as an
    enumeration (separated by a comma, "and", "or") are one any-of condition; values stacked
    without a separator ("romantic comedy", "2D strategy") or joined by "and" after "a"
    ("a funny and scary movie") each must hold."""
    by_col: dict[str, list[tuple[Span, int]]] = {}
    for span, i in listed:
        by_col.setdefault(conds[i].column, []).append((span, i))
    drop: set[int] = set()
    merged: list[Condition] = []
    for col, items in by_col.items():
        items.sort(key=lambda x: x[0].start)
        run = [items[0]]
        runs = []
        for prev, cur in zip(items, items[1:]):
            gap = p.words[prev[0].end:cur[0].start]
            start = run[0][0].start
            # "a funny and scary movie": one item with both; "comedies and dramas": either
            one_item = set(gap) <= {"and", "&"} and start > 0 and p.words[start - 1] in ("a", "an", "one")
            # "for a car or for a small business", "from texas or from ohio": the preposition said again
            again = "or" in gap and len(gap) <= 4 and all(
                g in LIST_SEPARATORS or g in ("a", "an", "the", "some", "for", "from", "in", "with", "by", "of", "to", "at")
                for g in gap)
            if (0 < len(gap) <= 2 or again) and not one_item and any(g in LIST_SEPARATORS for g in gap) and \
                    all(g in LIST_SEPARATORS or g in ("also", "maybe", "even", "a", "an", "some", "the") or again for g in gap):
                run.append(cur)
            else:
                runs.append(run)
                run = [cur]
        runs.append(run)
        for r in runs:
            if len(r) < 2:
                continue
            vals = tuple(dict.fromkeys(v for _, i in r for v in (conds[i].value if isinstance(conds[i].value, tuple)
                                                                    else (conds[i].value,))))
            first = conds[r[0][1]]
            drop.update(i for _, i in r)
            merged.append(Condition(col, "in", vals, " / ".join(conds[i].text for _, i in r), first.role))
    return [c for i, c in enumerate(conds) if i not in drop] + merged


_CAST = {"against": True, "no": True, "nay": True, "for": False, "yes": False, "yea": False, "aye": False}


def _cast_against(p: Parse, span: Span) -> bool:
    """A flag read from its verb ("voted") followed by the way it went: "voted against (the bill)",
    "voted no" — False; "voted for", "voted yes" — True. The way word is used up."""
    w, k = p.words, span.end
    if span.end - span.start != 1 or not w[span.start].endswith("ed") or k >= len(w) or w[k] not in _CAST:
        return False
    p.claim(k, k + 1)
    return _CAST[w[k]]


def _post_negated(p: Parse, lex, end: int) -> bool:
    """"horror's not for me", "comedies are not my thing": a rejection written after the value."""
    w = p.words
    k = end
    while k < len(w) and w[k] in ("is", "are", "really", "just", "honestly", "so", "totally", "kinda"):
        k += 1
    if lex.post_negation.match_at(w, k) or lex.post_negation.match_at(w, end):
        return True
    # "districts that coderre did not win", "where joly never won": the value is the subject of a negated
    # verb with nothing read after it (in "where he didn't get a majority" the majority is what is negated)
    n = negated_aux(w, end)
    if not n or end + n >= len(w) or not w[end + n].isalpha():
        return False
    rest = range(end + n + 1, next((x for x in range(end + n + 1, len(w)) if w[x] in CLAUSE_END), len(w)))
    return not any(p.claimed[x] for x in rest) and not any(num(w[x]) is not None for x in rest)


def _or_listed(p: Parse, vocab: Vocabulary, span: Span) -> bool:
    """Is the flag at ``span`` followed by "or" and another flag ("a lighthouse, a windmill or a mill"):
    a list whose last two are joined by "or" is one "any of" from its first item on."""
    w, k = p.words, span.end
    while k < len(w) and w[k] in ("a", "an", ","):
        k += 1
    if k >= len(w) or w[k] != "or":
        return False
    return any(sp.start > k and groups and groups[0] and groups[0][0].role == "flag" for sp, groups, _ in p.values)
