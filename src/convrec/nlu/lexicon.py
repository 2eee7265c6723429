"""Trigger words as data (``lexicons/<lang>.toml``), loaded once and compiled into phrase sets."""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Any

from convrec.catalog.text import norm


@dataclass(frozen=True)
class Phrases:
    """A set of normalised phrases, matched as whole words; longest first."""

    items: tuple[tuple[str, ...], ...]

    @classmethod
    def of(cls, phrases) -> "Phrases":
        seqs = {tuple(norm(p).split()) for p in phrases if norm(p)}
        return cls(tuple(sorted(seqs, key=lambda s: -len(s))))

    def match_at(self, words: list[str], i: int) -> int:
        """Length (in words) of the longest phrase starting at ``words[i]``, or 0."""
        for p in self.items:
            if tuple(words[i:i + len(p)]) == p:
                return len(p)
        return 0

    def ends_at(self, words: list[str], j: int) -> int:
        """Length of the longest phrase ending just before ``words[j]``, or 0."""
        for p in self.items:
            n = len(p)
            if j - n >= 0 and tuple(words[j - n:j]) == p:
                return n
        return 0

    def find(self, words: list[str]) -> list[tuple[int, int]]:
        """All (start, end) spans, longest at each start, non-overlapping left to right."""
        out, i = [], 0
        while i < len(words):
            n = self.match_at(words, i)
            if n:
                out.append((i, i + n))
                i += n
            else:
                i += 1
        return out

    def contains(self, words: list[str]) -> bool:
        return bool(self.find(words))

    def __contains__(self, phrase: str) -> bool:
        return tuple(norm(phrase).split()) in set(self.items)


class Lexicon:
    """One language's trigger words: kinds, relations, speakers, negation, numbers, units,
    vague words, stop words and value synonyms."""

    def __init__(self, data: dict[str, Any]):
        self.data = data
        k = data["kinds"]
        self.greeting, self.thanks, self.bye = Phrases.of(k["greeting"]), Phrases.of(k["thanks"]), Phrases.of(k["bye"])
        self.identity, self.recommend = Phrases.of(k["identity"]), Phrases.of(k["recommend"])
        self.recommend_weak = set(Phrases.of(k.get("recommend_weak", [])).items)
        self.more = Phrases.of(k.get("more", []))
        heads = sorted((norm(h) for h in k.get("list_header", []) if norm(h)), key=len, reverse=True)
        self.list_header = re.compile(r"(?:^|[\n.!?;]\s*|\s)(?:" + "|".join(r"\s+".join(map(re.escape, h.split())) for h in heads)
                                      + r")\s*:", re.I) if heads else None
        self.question_start, self.count = Phrases.of(k["question_start"]), Phrases.of(k["count"])
        self.catalog_size, self.catalog_scope = Phrases.of(k["catalog_size"]), Phrases.of(k["catalog_scope"])
        self.catalog_words, self.choice, self.reset = Phrases.of(k["catalog_words"]), Phrases.of(k["choice"]), Phrases.of(k["reset"])
        self.anaphora = Phrases.of(k["anaphora"])
        self.choice_one = Phrases.of(k["choice_one"])
        self.refine = Phrases.of(k["refine"])
        self.surprise = Phrases.of(k.get("surprise", []))
        self.fact_open = Phrases.of(k.get("fact_open", []))
        self.lookup_words = set(k.get("lookup_words", []))
        self.injection = [re.compile(p, re.I | re.S) for p in k["injection"]]
        r = data["relations"]
        self.relations = {name: Phrases.of(r[name]) for name in ("liked", "seen", "disliked", "reference", "unseen")}
        self.praise = Phrases.of(r.get("praise", []))  # "I watched Heat, great film": what was seen was liked
        self.accept, self.reject, self.seen_reaction = Phrases.of(r["accept"]), Phrases.of(r["reject"]), Phrases.of(r["seen_reaction"])
        s = data["speakers"]
        self.user_speakers, self.other_speakers = set(s["user"]), set(s["other"])
        n = data["negation"]
        self.negation, self.boundaries = Phrases.of(n["triggers"]), Phrases.of(n["boundaries"])
        self.post_negation = Phrases.of(n["post"])
        num = data["numbers"]
        self.number_words = {norm(k2): int(v) for k2, v in num["words"].items()}
        self.decade_words = {norm(k2): int(v) for k2, v in num["decades"].items()}
        self.count_nouns, self.count_verbs = Phrases.of(num["count_nouns"]), Phrases.of(num["count_verbs"])
        self.count_questions, self.count_question_verbs = set(num.get("count_questions", [])), set(num.get("count_question_verbs", []))
        self.singular_verbs = set(num.get("singular_verbs", []))
        self.nicknames = {k2: set(v) for k2, v in data.get("nicknames", {}).items()}
        self.holidays = {tuple(norm(k2).split()): v for k2, v in data.get("holidays", {}).items()}
        self.ordinal_words = {x: k + 1 for k, x in enumerate(num.get("ordinal_words", []))}
        self.not_after_ordinal = set(num.get("not_after_ordinal", []))
        self.low_superlatives, self.non_superlatives = set(num.get("low_superlatives", [])), set(num.get("non_superlatives", []))
        c = data["compare"]
        self.currencies = frozenset(data.get("currencies", {}).get("words", []))
        self.money_adjusted = frozenset(data.get("currencies", {}).get("adjusted", []))
        self.intensifiers = frozenset(data.get("intensifiers", {}).get("words", []))
        """Names of money ("shillings", "rupees", "yen"): an amount said in them is money, whatever the catalog's currency."""
        sp = data.get("spending", {})
        self.spending_asks, self.money_column_words = Phrases.of(sp.get("asks", [])), frozenset(sp.get("columns", []))
        sg = data.get("signed", {})
        self.loss, self.gain = Phrases.of(sg.get("loss", [])), Phrases.of(sg.get("gain", []))
        self.money = Phrases.of(sg.get("money", []))
        self.signed_measures = set(sg.get("measures", []))
        self.lower_is_better = frozenset(data.get("polarity", {}).get("lower_is_better", []))
        """Words of a measure whose best is its lowest ("mortality", "crime"): "the worst" is its highest."""
        self.compare = {op: Phrases.of(c[name]) for op, name in ((">", "gt"), (">=", "ge"), ("<", "lt"), ("<=", "le"), ("=", "eq"))}
        o = data.get("ordinal", {})
        self.ordinal_after = {op: Phrases.of(o.get(name, [])) for op, name in ((">=", "ge_after"), ("<=", "le_after"))}
        self.ordinal_before = {op: Phrases.of(o.get(name, [])) for op, name in
                               ((">", "gt_before"), (">=", "ge_before"), ("<", "lt_before"), ("<=", "le_before"))}
        """graded comparisons: op → the phrases said after the value / before it"""
        self.superlatives = {dim: (Phrases.of(spec.get("more", [])), Phrases.of(spec.get("less", [])),
                                   frozenset(norm(x) for x in spec.get("words", [])))
                             for dim, spec in data.get("superlative", {}).items()}
        """dimension → (superlatives for more, for less, the words a column of that dimension carries)"""
        comp = data.get("comparative", {})
        self.comparative_more = Phrases.of(comp.get("more", []))
        self.comparative_less = Phrases.of(comp.get("less", []))
        self.comparative_verbs = Phrases.of(comp.get("verbs", []))
        self.how_dimension = {norm(k): list(v) for k, v in data.get("how_dimension", {}).items()}
        pe = data.get("people", {})
        self.person_nouns = set(pe.get("nouns", []))
        self.life_ages = {k: (float(a), float(b)) for k, (a, b) in pe.get("ages", {}).items()}  # "teenagers": 13-19
        rk = data.get("ranks", {})
        self.rank_words, self.rank_verbs = list(rk.get("words", [])), set(rk.get("verbs", []))
        ff = data.get("flag_forms", {})
        self.flag_heads, self.flag_forms = set(ff.get("agent_heads", [])), list(ff.get("forms", []))
        self.flag_forms_one_word = list(ff.get("one_word", []))
        pr = data.get("presence", {})
        self.missing_before, self.missing_after = Phrases.of(pr.get("missing_before", [])), Phrases.of(pr.get("missing_after", []))
        self.present_before, self.listed = Phrases.of(pr.get("present_before", [])), Phrases.of(pr.get("listed", []))
        """"no age listed", "had a business associate involved": a value there or not"""
        self.value_nouns = frozenset(pr.get("value_nouns", []))
        """"no figure for the Greens": a value's general noun before the column it is of"""
        """"how heavy" → the dimensions whose column the question asks for"""
        self.comparative_dims = [(dim, Phrases.of(more), Phrases.of(less))
                                 for dim, (more, less) in comp.get("dimension", {}).items()]
        """generic comparatives (more, less) and each dimension's own, in the lexicon's order"""
        self.irregular_past: dict[str, str] = {norm(k): norm(v) for k, v in data.get("irregular_past", {}).items()}
        self.verb_forms: frozenset[str] = frozenset(norm(x) for x in data.get("verb_forms", {}).get("irregular", []))
        self.superlative_tail = Phrases.of(data.get("superlative_tail", {}).get("phrases", []))
        self.similar: dict[str, set[str]] = {}  # "big" ~ "large": words a short label may be said by
        for group in data.get("similar", {}).get("groups", []):
            for a in group:
                self.similar.setdefault(norm(a), set()).update(norm(b) for b in group if b != a)
        self.antonyms: dict[str, set[str]] = {}
        for a, b in data.get("antonyms", {}).get("pairs", []):
            self.antonyms.setdefault(norm(a), set()).add(norm(b))
            self.antonyms.setdefault(norm(b), set()).add(norm(a))
        self.approx = Phrases.of(c.get("approx", []))
        self.cap_after, self.floor_after = Phrases.of(c.get("cap_after", [])), Phrases.of(c.get("floor_after", []))
        self.range_start, self.range_join = Phrases.of(c["range_start"]), Phrases.of(c["range_join"])
        self.decade_mod = {norm(k2): tuple(v) for k2, v in c["decade_mod"].items()}
        self.absent = {name: (Phrases.of(spec.get("said", [])), tuple(spec.get("roles", [])), tuple(spec.get("columns", [])),
                              bool(spec.get("number", False)))
                       for name, spec in data.get("absent", {}).items()}
        """information → (words naming it, roles that record it, label words that record it, needs a number)"""
        u = data["units"]
        self.units = {role: Phrases.of(u[role]) for role in ("price", "rating", "count", "time")}
        v = data["vague"]
        self.vague = {name: Phrases.of(v[name]) for name in ("free", "not_free", "cheap", "recent", "old", "top_rated",
                                                             "popular", "obscure", "cheapest", "priciest")}
        self.cheap_max = float(v["cheap_max"])
        self.recent_years = int(v["recent_years"])
        self.stop = set(data["stop"]["words"])
        self.values = {norm(k2): list(v2) for k2, v2 in data["values"].items()}
        self.places = set(data.get("places", {}).get("countries", []))

    def dimension_comparative(self, word: str) -> bool:
        """A dimension's own comparative ("longer", "wider", "deeper"): one word that names a measure and a way."""
        return any(word in ph for _, more, less in self.comparative_dims for ph in (more, less))

    def superlative(self, word: str) -> bool:
        """A word in -est that is a superlative ("deadliest", "strongest"; not "interest", "forest")."""
        return len(word) >= 5 and word.isalpha() and word.endswith("est") and word not in self.non_superlatives

    def ordinal_value(self, words: list[str], j: int) -> bool:
        """Is ``words[j]`` an ordinal said as a value ("first class", "fifth grade"), not "the first one"?"""
        return words[j] in self.ordinal_words and j + 1 < len(words) and words[j + 1].isalpha() \
            and words[j + 1] not in self.stop and words[j + 1] not in self.not_after_ordinal


@lru_cache(maxsize=4)
def load_lexicon(lang: str = "en") -> Lexicon:
    text = resources.files("convrec.nlu").joinpath(f"lexicons/{lang}.toml").read_text(encoding="utf-8")
    return Lexicon(tomllib.loads(text))
