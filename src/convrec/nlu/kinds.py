"""The request's kind (recommend, fact, count, chitchat, ...) and the typed ``RequestIntent``
built from one parse.
"""

from __future__ import annotations


from dataclasses import replace

from convrec.catalog.text import PUNCT, norm, noun_plural, singular
from convrec.nlu.columns import columns_by_stem, columns_named, names_not_codes, nearest_column, profile_columns_of
from convrec.nlu.asked import nothing_such
from convrec.nlu.groups import counted_column, read_distinct, read_group
from convrec.nlu.intent import Condition, ItemMention, RequestIntent
from convrec.nlu.leftover import item_noun_span, only_social, unmatched_runs, unread_words
from convrec.nlu.reading import DOMAIN_NOUNS, Parse, SOURCE_WORDS, num
from convrec.nlu.relations import build_conditions
from convrec.nlu.vocab import Vocabulary
from convrec.nlu.valueasked import _VALUE_QUESTIONS, _asked_of_picked, _how_adverb, _how_dimension, _where_columns




def _described_numbers(w: list[str]) -> list[str]:
    """The words with "a moderate number of", "a large number of" blanked: an amount described, not a count asked."""
    out = list(w)
    for i, x in enumerate(w):
        if x == "number" and i + 1 < len(w) and w[i + 1] == "of" and ("a" in w[max(0, i - 2):i] or "an" in w[max(0, i - 2):i]):
            out[i] = "\x00"
    return out


def _met_by(vocab: Vocabulary, m, conds: list[Condition]) -> bool:
    """Does the named item already meet every value condition said with it ("how many years has orin
    hatch been in the senate")? Then they describe it and the question is about it."""
    for c in conds:
        if c.op == "=" and isinstance(c.value, bool):  # "how many failures did 61A have": a flag it holds
            have = vocab.item_value(m.item_id, c.column)
            if have is None or str(have).strip().lower() in ("", "nan", "none") \
                    or (str(have).strip().lower() in ("true", "yes", "1", "1.0", "y")) != c.value:
                return False
            continue
        if c.op != "in" or not isinstance(c.value, (list, tuple)):
            return False
        have = vocab.item_value(m.item_id, c.column)
        if have is None or str(have).strip().lower() not in {str(v).strip().lower() for v in c.value}:
            return False
    return True


def _wish_words(w: list[str], vocab: Vocabulary) -> list[str]:
    """The words that may ask for a list: not "in the list" (the catalog) nor the "top" of a measure
    asked of one item ("what's the top speed of the heaviest one")."""
    out = []
    for k, x in enumerate(w):
        if x == "list" and k >= 2 and w[k - 1] == "the" and w[k - 2] in ("in", "on", "from", "of"):
            continue
        if x == "top" and k > 0 and w[k - 1] == "the" and w[0] in _VALUE_QUESTIONS and "of" in w[k + 2:k + 4] \
                and columns_named(w[k + 1:k + 2], vocab, by_name_only=True):
            continue
        out.append(x)
    return out


def _kind(message: str, p: Parse, vocab: Vocabulary, conds: list[Condition], soft) -> tuple[str, tuple[str, ...]]:
    lex, w = vocab.lexicon, p.words
    content = [x for x in w if x not in PUNCT]
    # a question opens the message, or a clause after a named item ("threadripper 3990x - how many threads")
    question = bool(content) and (lex.question_start.match_at(content, 0) > 0 or "?" in w or content[:2] == ["number", "of"] or any(
        lex.question_start.match_at(w, sp.end + (sp.end < len(w) and w[sp.end] in PUNCT)) for sp, _ in p.mentions
        if sp.start == 0 and sp.end < len(w)))
    mentions = [m for _, m in p.mentions]
    rec_words = lex.recommend.contains(_wish_words(w, vocab))
    domain = any(x in DOMAIN_NOUNS or x == vocab.domain or x == noun_plural(vocab.domain) for x in w) \
        or bool(item_noun_span(p, vocab))
    if not domain and not mentions and not rec_words and (set(zip(w, w[1:])) & {("are", "you"), ("you", "are"), ("r", "u")}
                                                           or any(x in ("you're", "youre", "ur") for x in w[:3])):
        return "chitchat", ()  # "are you a person or a bot", "you're funny": about me, whatever values it names
    # "how many ratings does Twilight have": a fact about the item, by column name
    # a word of the name the catalog writes otherwise ("the pontiac safari wagon" for "pontiac safari (sw)")
    # is no condition of a question about it
    name_words = all(c.column == "title" and c.op == "matches" for c in conds)
    if mentions and len(mentions) == 1 and lex.count.contains(w) and not conds and _shared_title(vocab, mentions[0]):
        return "count", ()  # "how many medals did carl lewis get": the rows under that name
    if mentions and question and len(mentions) == 1 and (not conds or name_words or _met_by(vocab, mentions[0], conds)):
        named = _how_adverb(w, vocab) or names_not_codes(columns_named(w, vocab, by_name_only=True), w, vocab)
        said = mentions[0].text.strip().lower()  # "how many o-rings failed on flight 61A": not the flight number it is named by
        named = tuple(c for c in named if str(vocab.item_value(mentions[0].item_id, c) or "").strip().lower() != said)
        if not named and lex.count.contains(w):  # "how many miles does car 17 have": mileage
            inside = {i for sp, _ in p.mentions for i in range(sp.start, sp.end)}
            named = columns_by_stem([x for i, x in enumerate(w) if i not in inside], vocab)
        if not named:  # "how heavy is the pontiac safari", "how high is o'hare": the dimension's one column
            named = _how_dimension(w, vocab)
        if not named and "where" in w:  # "where was charlize theron born": the place column ("birth place")
            named = _where_columns(w, vocab)
        if not named and (not lex.fact_open.contains(w) or "how" in w):  # "how many people died in hurricane camille",
            # "how much did chuck schumer get from the pro-sopa groups": by meaning (not "tell me about X")
            inside = {i for sp, _ in p.mentions for i in range(sp.start, sp.end)}
            named = nearest_column([x for i, x in enumerate(w) if i not in inside], vocab)
        if named:  # "what year is X from and who did it": the column named and the one asked by keyword
            return "fact", tuple(dict.fromkeys(named + columns_named(w, vocab, keywords_only=True)))
    # "double whopper with cheese - how many calories": a fact about the items those words name
    if not mentions and any(c.op == "matches" for c in conds) and not any(c.role in ("price", "time", "rating") for c in conds):
        named = columns_named(w, vocab, by_name_only=True)
        named = tuple(c for c in named if all(c != x.column for x in conds))
        if named and not rec_words and (question or any(x in w for x in ("how", "what", "which", "who", "when"))):
            return "fact", named
    asked = _asked_of_picked(p, vocab, conds, content) if not mentions and not rec_words else ()
    if asked:
        return "fact", asked
    # count / catalog size
    sorted_list = bool(p.sort) and (not lex.question_start.match_at(content, 0) or (  # "the 3 biggest by number of people"
        not lex.count.contains([x for x in w if x not in {y for h in p.sort for y in norm(h.text).split()}])
        and any(lex.count.contains(norm(h.text).split()) for h in p.sort)))  # "which area had the 2nd highest number of thefts"
    counted = lex.count.contains(_described_numbers(w))
    if not sorted_list and (counted or (lex.catalog_size.contains(w) and (lex.catalog_words.contains(w) or domain))):
        if conds or (mentions and not domain):
            if counted:
                return "count", ()
        if lex.catalog_words.contains(w) or not conds:  # "districts with over 10,000 votes in total": a list
            return "catalog", ()
    if lex.catalog_scope.contains(w) and not mentions and (lex.catalog_words.contains(w) or domain or question):
        if not conds:  # "what do you have from Taco Bell": with a condition, a list of them
            return "catalog", ()
    # choice among listed items
    joined_or = any(0 < b.start - a.end <= 2 and "or" in w[a.end:b.start]
                    for (a, _), (b, _) in zip(sorted(p.mentions, key=lambda x: x[0].start), sorted(p.mentions, key=lambda x: x[0].start)[1:]))
    # the choice words must be the user's, not a title's ("Out of Sight", "Between Two Ferns")
    inside = {i for sp, _ in p.mentions for i in range(sp.start, sp.end)}
    free = [x if i not in inside else "\x00" for i, x in enumerate(w)]
    chosen = lex.choice.contains(free)
    if len(mentions) >= 2 and (chosen or (joined_or and question)) and (question or rec_words or chosen):
        return "choice", ()
    # "wing length of band 804-00205", "population of Nord in 1831": a column of one named item, said
    # as a noun phrase with no question word
    if len(p.mentions) == 1 and not rec_words:
        sp = p.mentions[0][0]
        head = w[:sp.start - 1] if sp.start >= 2 and w[sp.start - 1] in ("of", "for") else []
        tail = [x for x in w[sp.end:] if x.isalnum()]
        cols = columns_named(head, vocab) if head and not tail and len(head) <= 4 and all(not p.claimed[x] for x in range(sp.start - 1)) else ()
        if cols:
            return "fact", cols
    # a fact about one named item (not one the user says they liked: "what's good if I liked X?")
    if mentions and question and not any(m.relation in ("liked", "disliked", "seen") for m in mentions):
        cols = columns_named(free, vocab)  # the user's words, not a title's ("like When Harry Met Sally?")
        others = [m for m in mentions if m.relation not in ("asked", "reference")]
        alike = any(sp.start > 0 and w[sp.start - 1] in ("like", "similar", "to") and not (
            sp.start > 1 and w[sp.start - 2] in ("i", "you", "we", "they", "would", "do", "does", "did"))
            for sp, _ in p.mentions)  # "movies like The Matrix but before 1990": more like it, not a fact
        compared = bool(conds) and bool(p.compared) and all(sp.start in p.compared for sp, _ in p.mentions)  # "what has more protein than X"
        if cols and not alike and not compared and not (rec_words and (conds or others or "similar" in w or "like" in w)):
            return "fact", cols
        if not rec_words and not conds and len(mentions) == 1 and ("about" in w or "tell" in w):
            return "fact", profile_columns_of(vocab)
    # "what's the main town of Kronoberg county?": the X of one named item is asked, though no word
    # names a column — the column its words mean, else what the catalog knows about it (never "more like it")
    # "density of the C87900 silicon bronze?", "poissons ratio for JIS S55C": the same without "what"
    if len(p.mentions) == 1 and not rec_words and mentions[0].relation not in ("liked", "disliked", "seen"):
        sp = p.mentions[0][0]
        named = set(norm(mentions[0].title).split())
        b = sp.start - (sp.start > 0 and w[sp.start - 1] == "the")
        while b > 0 and w[b - 1] in named and p.claimed[b - 1]:
            b -= 1  # "JIS S55C": the words of its name said before the code
        head = [x for x in w[:max(0, b - 1)] if x.isalnum() and x not in _ASKING]
        whatq = bool(content) and content[0] in ("what", "whats", "what's", "which")
        own = all(c.op == "matches" and c.column == "title" and set(norm(" ".join(map(str, c.value))).split()) <= named
                  for c in conds)  # "silicon bronze" of "ANSI Silicon Bronze C87900": its name, said again
        if b >= 2 and w[b - 1] in ("of", "for") and own and 1 <= len(head) <= 4 and (whatq or len(head) == len(
                [x for x in w[:b - 1] if x.isalnum()])) and not [x for x in head if x in DOMAIN_NOUNS or singular(x) == vocab.domain] \
                and not [x for x in w[sp.end:] if x.isalnum() and x not in named and x not in (vocab.domain, noun_plural(vocab.domain))
                         and not columns_named([x], vocab, by_name_only=True)]:
            return "fact", nearest_column(head, vocab) or profile_columns_of(vocab)
    # "how big is Algonquin Highlands", "EPYC 7742 specs?", "info on Mattice": an open question
    # about one named item whose words name no column — what the catalog knows about it
    if mentions and (question or lex.fact_open.match_at(content, 0)) and not rec_words and not conds \
            and len(mentions) == 1 and not domain and lex.fact_open.contains(w) \
            and mentions[0].relation not in ("disliked", "seen", "liked") \
            and not any(x in w for x in ("like", "similar", "else", "more", "other", "others")):
        return "fact", profile_columns_of(vocab)
    if conds or soft or p.sort or p.k or rec_words or any(m.relation in ("liked", "seen", "reference", "disliked") for m in mentions):
        strong = domain or any(tuple(w[a:b]) not in lex.recommend_weak for a, b in lex.recommend.find(w))
        if not (conds or soft or mentions or p.sort or p.k or strong) and only_social(w, lex):
            return "chitchat", ()  # "hi, anything new?": a greeting with a weak word
        if conds or soft or mentions or p.sort or p.k or domain or rec_words:
            return "recommend", ()
    if question and domain and not mentions and not only_social(w, lex):
        return "recommend", ()  # "which movies would you say I'd enjoy?"
    if _missing_names(p, vocab) or p.missing:
        return "recommend", ()  # "what's good at Wendy's": a request the catalog cannot meet
    unread = len(" ".join(t for _, t in unmatched_runs(p, vocab)).split())
    pairs = set(zip(w, w[1:]))
    about_me = any(x in ("your", "yourself", "yours") for x in w) or bool(
        pairs & {("are", "you"), ("you", "are"), ("r", "u"), ("about", "you"), ("you", "like"), ("you", "think"),
                 ("do", "you"), ("you", "feel")})  # "are you a person or a bot", not "games where you mess with time"
    if domain and unread >= 1 and not only_social(w, lex) and not about_me:
        return "recommend", ()  # "a game to unwind after work": a soft request for an item
    if unread >= 2 and not only_social(w, lex) and not about_me \
            and not (not domain and any(x in ("you", "u") for x in w[:3])):  # "you're funny lol": about me
        return "recommend", ()  # "pure adrenaline!! explosions, chases": a mood, read as a soft preference
    return "chitchat", ()


def _shared_title(vocab: Vocabulary, m: ItemMention) -> bool:
    """Several rows carry this item's title (a sprinter's medals, a team's seasons)."""
    return len(vocab.linker.exact_indices(m.title)) >= 2


def _looked_up(p: Parse, vocab: Vocabulary, conds, soft) -> bool:
    """One item named by its id or code ("#59", "item 410", "passenger #280", "G1005") and nothing
    else but words that ask to see it: a look-up."""
    if len(p.mentions) != 1 or conds or soft or p.sort or p.k:
        return False
    span, m = p.mentions[0]
    if not any(ch.isdigit() for ch in m.text) or m.relation not in ("reference", "asked"):
        return False
    nouns = DOMAIN_NOUNS | {vocab.domain, noun_plural(vocab.domain)}
    w = p.words
    # a word that makes the noun a compound ("nursing home #40") names the item's kind too
    rest = [x for k, x in enumerate(w) if not span.start <= k < span.end
            and not (x.endswith("ing") and len(x) > 5 and k + 1 < len(w) and w[k + 1] in nouns and k + 1 <= span.start)]
    return all(x in vocab.lexicon.lookup_words or x in nouns or x in PUNCT for x in rest)


def _missing_names(p: Parse, vocab: Vocabulary) -> list[str]:
    """Unread words right after "from", "at" or "by" ("at wendy's", "anything by banksy") in a
    catalog that records who makes or sells its items: a source the user names that is not
    there. (Where no column records it, the words are a preference, named in the reply.)"""
    if not vocab.role("creator"):
        return []
    return [t for sp, t in unmatched_runs(p, vocab)
            if sp.start > 0 and p.words[sp.start - 1] in SOURCE_WORDS and sp.end - sp.start <= 3]


def _absent(p: Parse, vocab: Vocabulary) -> list[tuple[str, str]]:
    """Information the request names that no column of this catalog records (a director, a
    cast, a rating, a length...): (what, the user's words). Words the catalog grounded some other
    way ("directed by Christopher Nolan" as a MovieLens tag) are not absent."""
    lex, w = vocab.lexicon, p.words
    if not getattr(lex, "absent", None):
        return []
    labels = {x for c in vocab.columns.values() for x in norm(c.label or c.name).split()} | \
        {x for c in vocab.columns.values() for g in c.words for x in g} | {c.name.lower() for c in vocab.columns.values()}
    valued = {k for sp, _, _ in p.values for k in range(sp.start, sp.end)} | \
        {k for sp, _ in p.numbers for k in range(sp.start, sp.end)}
    titled = {k for sp, _ in p.mentions for k in range(sp.start, sp.end)}  # "Toy Story 2, Star Wars": titles, not "2 stars"
    runs = unmatched_runs(p, vocab)
    out: list[tuple[str, str]] = []
    for name, (said, roles, cols, number) in lex.absent.items():
        if any(vocab.role(r) for r in roles) or any(x in labels for x in cols) or (
                name == "price" and any(c.unit == "$" for c in vocab.columns.values())):
            continue  # a catalog with amounts of money says them (bills, fees), though none is a price
        hits = said.find(w) + ([(i, i + 1) for i, x in enumerate(w) if x in ("$", "€", "£")] if name == "price" else [])
        for a, b in hits:
            if any(k in valued or k in titled for k in range(a, b)):
                continue
            if number and w[a] != "how":
                near = [k for k in range(max(0, a - 3), min(len(w), b + 3))
                        if num(w[k]) is not None and k not in valued and k not in titled]
                if not near:
                    continue
                lo, hi = min(near + [a]), max(near + [b - 1]) + 1
                while hi < len(w) and said.match_at(w, hi):  # "rated 4.5 stars"
                    hi += said.match_at(w, hi)
            elif number:
                lo, hi = a, b
            else:
                if b < len(w) and b in valued:
                    p.claim(a, b)  # grounded as a value after all ("starring Tom Hanks" as a tag): not unread either
                    continue
                lo, hi = a, b
                after = [sp for sp, _ in runs if b <= sp.start <= b + 1 or sp.start <= a < sp.end]
                if after:  # "directed by Christopher Nolan", "oscar winning": the words it is about
                    lo, hi = min(a, after[0].start), max(b, after[0].end)
            out.append((name, "".join((" " if k > lo and p.toks[k - 1].raw not in "$€£" else "") + p.toks[k].raw
                                      for k in range(lo, hi))))
            p.claim(lo, hi)
            break
    return out


_ASKING = {"what", "whats", "what's", "which", "is", "'s", "s", "was", "the", "are", "were", "tell", "me", "give", "show"}
_YES_NO_OPEN = {"is", "was", "are", "were", "does", "did", "do", "has", "had"}


def _which_of_values(p: Parse, vocab: Vocabulary, conds: list[Condition], mentions: list) -> str | None:
    """A yes/no question that offers values of one column for one item ("is jay 4 a male or a
    female?", "was it made in Wales or Gloucester?"): that column (the answer is the item's value),
    else None."""
    words = [x for x in p.words if x not in PUNCT]
    if not words or words[0] not in _YES_NO_OPEN or "or" not in words:
        return None
    offered = [c for c in conds if c.op == "in" and len(c.value) >= 2 and c.role in ("category", "tag", "creator")]
    one = [c for c in conds if c.column in ("title", "item_id") and c.op == "in" and len(c.value) == 1]
    if len(offered) != 1 or not (len(one) == 1 or (len(mentions) == 1 and not one)):
        return None
    return offered[0].column


def build_intent(message: str, vocab: Vocabulary, p: Parse, extra_mentions: list[ItemMention], dialogue: bool,
            conds_override: list[Condition] | None = None, notes: tuple[str, ...] = ()) -> RequestIntent:
    lex = vocab.lexicon
    conds, soft = build_conditions(p, vocab)
    if conds_override is not None:
        conds = conds_override
    kind, fact_cols = _kind(message, p, vocab, conds, soft)
    if not dialogue and kind == "recommend" and len(p.mentions) == 1 and not conds and not soft and not p.sort \
            and not getattr(vocab, "has_interactions", True) and all(
            p.toks[k].punct or p.mentions[0][0].start <= k < p.mentions[0][0].end for k in range(len(p.words))):
        # a bare name in a catalog without interactions ("montparnasse bienvenue", "Big Mac"): a
        # look-up of that item, not "more like it" (no one's likes to go on)
        kind, fact_cols = "fact", profile_columns_of(vocab)
    if kind == "count" and len(p.mentions) == 1 and _shared_title(vocab, p.mentions[0][1]):
        m = p.mentions[0][1]  # "how many medals did carl lewis get": count the rows under that name
        conds = list(conds) + [Condition("title", "in", (m.title,), m.text, "text")]
        p.mentions = []
    if kind == "recommend" and _looked_up(p, vocab, conds, soft):
        kind, fact_cols = "fact", profile_columns_of(vocab)  # "pull up passenger #280": that item, not more like it
    mentions = [m for _, m in p.mentions]
    if kind == "fact" and not getattr(vocab, "has_interactions", True) and len(fact_cols) > 1:
        fact_cols = tuple(c for c in fact_cols if c != "popularity")  # no one's interactions: no popularity to tell
    if kind == "fact":
        mentions = [replace(m, relation="asked") for m in mentions]
    elif kind == "choice":
        mentions = _choice_mentions(p, vocab)
        if p.k is None and lex.choice_one.contains(p.words):
            p.k = 1
    mentions = extra_mentions + mentions
    absent = _absent(p, vocab) if kind in ("recommend", "fact", "chitchat") else []
    if absent and kind != "fact" and mentions and not conds and (
            "?" in p.words or lex.question_start.match_at([x for x in p.words if x not in PUNCT], 0)):
        # "who directed Heat?" where nothing records a director: a question about Heat, not a list
        kind, fact_cols = "fact", tuple(c.name for c in vocab.columns.values()
                                        if c.role in ("time", "category", "creator", "price", "rating"))
        mentions = [replace(m, relation="asked") for m in mentions]
    if absent and kind == "chitchat":
        kind = "recommend"
    unmatched = unread_words(p, vocab) if kind in ("recommend", "count", "catalog") else []
    if kind in ("count", "catalog"):  # "how many patients had a recurrence or died": what the count could not use
        about = {x for ph in (lex.catalog_words, lex.catalog_size, lex.count) for it in ph.items for x in it} | {"total", "all", "overall"}
        unmatched = [u for u in unmatched if not set(u.lower().split()) <= about]
    if unmatched and kind == "recommend":
        conds, unmatched = _absent_values(p, vocab, list(conds), unmatched)
    if kind == "recommend" and not unmatched and _named_items(p, vocab, mentions):
        # "masons, plasterers or slaters" of a catalog of trades; "papers by Jones et al. or Taylor et al.":
        # the items so named (every item of a shared title), not more like them
        titles = tuple(dict.fromkeys(m.title for m in mentions))
        conds = list(conds) + [Condition("title", "in", titles, " or ".join(m.text for m in mentions), "category")]
        mentions = []
    if absent:  # "oscar winning": said back as information the catalog lacks, not as an unread word
        said = set(" ".join(t for _, t in absent).lower().split())
        unmatched = [u for u in unmatched if not set(u.lower().split()) & said]
    missing = (_missing_names(p, vocab) + p.missing) if kind == "recommend" and not p.mentions else []
    if kind == "recommend" and not missing and not mentions and not p.sort and (
            not conds or all(c.op in ("matches", "in", "contains") for c in conds)):
        # "did any county get a helicopter or an airplane?", "do you have any titanium alloys?": none is
        missing = nothing_such(p, vocab, kinds_said=bool(conds))
    anaphora = lex.anaphora.contains(p.words) and not [m for m in mentions if m.relation != "offered"]
    if lex.anaphora.contains(p.words) and kind == "recommend":  # "I've seen X. more like it": X is the reference
        mentions = [replace(m, relation="reference") if m.relation in ("seen", "liked") and m.speaker == "user" else m
                    for m in mentions]
    if kind == "recommend" and lex.surprise.contains(p.words):
        notes = tuple(notes) + ("surprise",)
    if kind == "recommend":
        asked = _which_of_values(p, vocab, conds, mentions)
        if asked is not None:  # "is jay 1142-05907 a male or a female": that item's value of the column
            kind, fact_cols = "fact", (asked,)
            conds = [c for c in conds if c.column != asked]
            mentions = [replace(m, relation="asked") for m in mentions]
    if p.offset and p.sort and p.k is None:
        p.k = 1  # "the 2nd highest paying": one item
    distinct = read_distinct(p, vocab) if kind in ("recommend", "count", "catalog", "fact") and not dialogue else None
    if distinct and kind == "fact" and mentions:  # "how many distinct counties got rifles": the items so named
        conds = list(conds) + [Condition("title", "in", tuple(dict.fromkeys(m.title for m in mentions)),
                                         " or ".join(m.text for m in mentions), "category")]
        mentions = []
    group = read_group(p, vocab) if kind in ("recommend", "count", "catalog", "fact", "chitchat") and not dialogue \
        and distinct is None else None
    if group:  # "which month had the most samples collected?": a count per month, not a list
        kind, unmatched, fact_cols = "count", [], ()
        conds = [c for c in conds if c.column != group[0]]
        p.sort, p.k = [], None
    if distinct:  # "how many different counties received something": the number of its values
        kind, unmatched, fact_cols, group = "count", [], (), (distinct, True)
        conds = [c for c in conds if c.column != distinct]
        p.sort, p.k = [], None
    if kind == "fact" and mentions and any(c.column == "title" and c.op == "matches" for c in conds):
        from convrec.tools.filters import word_pattern  # "SAE 4130 … at 400 F": a name the title words said
        ok = [m for m in mentions if all(word_pattern(" ".join(map(str, c.value))).search(m.title.lower())
                                         for c in conds if c.column == "title" and c.op == "matches")]
        worded = any(len([x for x in m.text.split() if x.isalpha() and len(x) >= 3]) >= 2 for m in mentions)
        mentions = ok or (mentions if worded or any(m.score >= 100 for m in mentions) else [])  # a fuzzy "400 F": dropped
    if kind == "count" and not group and not fact_cols:
        fact_cols = counted_column(p, vocab)  # "how many golden tickets were given out in San Juan?": their sum
    if kind == "fact" and fact_cols and p.words[:1] == ["when"]:
        fact_cols = _with_date_parts(vocab, tuple(fact_cols))  # "when was Teshanna born?": her birth month and year
    return RequestIntent(kind=kind, message=message, k=p.k, mentions=tuple(_unique(mentions)), conditions=tuple(conds),
                         group_by=group[0] if group else "", group_fewest=bool(group and not group[1]),
                         group_distinct=bool(distinct),
                         offset=p.offset if p.sort else 0,
                         sort=tuple(p.sort), fact_columns=fact_cols, soft_values=tuple(soft),
                         reset=lex.reset.contains(p.words), refine=lex.refine.contains(p.words),
                         more=lex.more.contains(p.words), dialogue=dialogue,
                         unmatched=tuple(unmatched), missing=tuple(missing), absent=tuple(absent), notes=notes,
                         anaphora=anaphora)


_DATE_PARTS = ("day", "month", "year")


def _with_date_parts(vocab: Vocabulary, cols: tuple[str, ...]) -> tuple[str, ...]:
    """A date the catalog keeps in parts (`birthmonth`, `birthyear`): asked "when", every part of it."""
    said = {o.name: norm(o.label or o.name).split() for o in vocab.columns.values()}
    out = []
    for c in cols:
        words = said.get(c, [])
        if len(words) >= 2 and words[-1] in _DATE_PARTS:
            parts = {ws[-1]: o for o, ws in said.items() if ws[:-1] == words[:-1] and ws[-1:] and ws[-1] in _DATE_PARTS}
            out += [parts[x] for x in _DATE_PARTS if x in parts]
        else:
            out.append(c)
    return tuple(dict.fromkeys(out))


def _named_items(p: Parse, vocab: Vocabulary, mentions: list[ItemMention]) -> bool:
    """Does the request name its items (no "like", no comparison), in a catalog whose titles are
    nouns (written in lower case) or shared by several items (a title that is a group's name)?"""
    from convrec.nlu.casing import lower_case_titles

    if not mentions or any(m.relation != "reference" or m.speaker != "user" for m in mentions):
        return False
    if set(p.words) & {"like", "similar", "than", "alike", "resembling", "as", "except", "besides"}:
        return False
    if lower_case_titles(vocab):
        return True
    counts = vocab.__dict__.get("_title_counts")
    if counts is None:
        from collections import Counter

        counts = vocab.__dict__["_title_counts"] = Counter(vocab.linker.titles)
    return all(counts.get(m.title, 0) >= 2 for m in mentions)


def _unique(mentions: list[ItemMention]) -> list[ItemMention]:
    """One mention per item: the latest statement about it wins."""
    last: dict[str, ItemMention] = {}
    for m in mentions:
        last.pop(m.item_id, None)
        last[m.item_id] = m
    return list(last.values())


def _choice_mentions(p: Parse, vocab: Vocabulary) -> list[ItemMention]:
    """"Which should I watch: A, B or C?" — the mentions after the choice words are the
    candidates; earlier ones keep their relation (liked, seen...)."""
    out = []
    for span, m in p.mentions:
        if m.relation in ("seen", "liked", "disliked"):  # "I liked Scarface": a preference, not a candidate
            out.append(m)
        else:
            out.append(replace(m, relation="listed"))
    if sum(1 for m in out if m.relation == "listed") < 2:
        out = [replace(m, relation="listed") for _, m in p.mentions]
    return out


def direction(op: str) -> str:
    return {"<": "lt", "<=": "lt", ">": "gt", ">=": "gt", "=": "eq", "!=": "ne"}.get(op, op)


def _absent_values(p: Parse, vocab: Vocabulary, conds: list, unmatched: list[str]) -> tuple[list, list[str]]:
    """"any volcanoes in Switzerland?": a name no item carries, nearest in meaning to the values of
    one column of names (countries) and to nothing else, is a value of that column this catalog
    lacks — a condition nothing meets (the reply says so), not a preference that ranks the nearest
    country's items first. Not where an item's own text begins with it ("Hawaii": Hawaiian)."""
    raw = {t.w: t.raw for t in p.toks}
    out = []
    for run in unmatched:
        word = run.strip()
        said = raw.get(word.lower(), word)
        if " " in word or len(word) < 4 or not said[:1].isupper() or word.lower() in vocab.lexicon.stop:
            out.append(run)
            continue
        hits = vocab.related_values(word, k=3, min_sim=0.6)
        cols = {h.column for h, _ in hits}
        info = vocab.columns.get(next(iter(cols))) if len(cols) == 1 else None
        if len(hits) < 3 or info is None or info.role != "category" \
                or any(x.startswith(word.lower()[:5]) for x in vocab.own_words()):
            out.append(run)
            continue
        conds.append(Condition(info.name, "in", (said,), said, "category"))
    return conds, out
