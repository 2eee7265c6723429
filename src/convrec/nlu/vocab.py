"""A catalog's vocabulary: its columns by role, every value of its categorical columns in
normal form, and its titles (through the item linker). Built once per dataset."""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field, replace
from typing import Any

import numpy as np
import pandas as pd

from convrec.catalog.linking import ItemLinker, alias_columns, normalize_title
from convrec.nlu.lexicon import Lexicon, load_lexicon
from convrec.catalog.grades import ROMAN_GRADES
from convrec.catalog.meaning import unit_symbol_names
from convrec.catalog.text import spelling_variants, norm, plural, singular, word_family, word_rank
from convrec.nlu.value_index import glosses_of, index_articles, index_code_families, index_compounds, index_glosses

VALUE_ROLES = ("category", "tag", "creator")


def _uninverted(value: str) -> str | None:
    """"Hirst, Damien" → "damien hirst"; "Le Brun, Christopher, PRA" → "christopher le brun"
    (a name kept surname first, the way collections and libraries file them)."""
    parts = [x.strip() for x in value.split(",")]
    if len(parts) < 2 or not parts[0] or not parts[1] or len(parts[0].split()) > 3 or len(parts[1].split()) > 3:
        return None
    first = [w for w in parts[1].split() if not (w.isupper() and len(w) > 1)]  # "OBE Gillian" → "Gillian"
    if not first:
        return None
    out = norm(" ".join(first + [parts[0]]))
    return out or None
MAX_VALUE_WORDS = 5
_CAMEL_VALUE = re.compile(r"(?:[A-Z][a-z]+)+[A-Z][a-z]*")
"""A value written as capitalised words run together ("AmNat", "ProcB", "GradSchool")."""


@dataclass
class ColumnInfo:
    name: str
    type: str
    role: str
    meaning: str = ""
    min: Any = None
    max: Any = None
    distinct: int | None = None
    label: str = ""
    """A friendly name ("combined mpg"); see :mod:`convrec.catalog.meaning`."""
    words: tuple[tuple[str, ...], ...] = ()
    """The word groups a request says to mean this column (each group: a word and its synonyms)."""
    unit: str = ""
    scale: float = 1.0
    facet: str = ""
    bands: tuple[tuple[str, float | None, float | None], ...] = ()
    """Named ranges a request may say instead of numbers ("lower division" = course number < 100)."""
    years: tuple[int, ...] = ()
    """The years a column's name carries when it is one of a family of the same measure by year
    ("population_2016", "population_2021", "pop_change_2016_2021_pct"); empty otherwise."""
    order: tuple[str, ...] = ()
    """A graded column's values from low (worse, smaller) to high (better, bigger), decided at prepare
    time (:func:`convrec.catalog.meaning.value_order`) or by the schema file; empty if not graded."""
    latest: bool = False
    """In a year family, the member of the most recent year: what the measure means when no year is said."""
    parts: tuple[str, ...] = ()
    """The columns this one is the sum of on every item (`n` = `sober` + `drinks`), as the data shows."""
    ratio_of: tuple[str, ...] = ()
    """(a, b) where this column is a / b on every item (a share of b), as the data shows."""
    mark: tuple = ()
    """(number, unit) of the number its header carries beside siblings that carry others (`Freq12`,
    `Freq24`; "20yr GWP"): a period or horizon that tells the siblings apart ("in the last 12 months",
    "the 100-year GWP"); empty otherwise."""
    year_base: int = 0
    """Of calendar years written with two digits (a model year of 70–82): the century they count from."""
    aliases: tuple[str, ...] = ()
    """Other ways people say this column ("purchases" for `Freq12`): from the schema file, or proposed
    once per catalog by the prepare brain (:func:`convrec.setup.column_aliases`)."""
    glosses: tuple = ()  # ((code, (words…)), …): what a coded value stands for (value_index.index_glosses)
    median: float | None = None
    """The middle of a number column's values: where a number said in a unit nobody wrote down most likely falls."""
    unit_assumed: bool = False
    """The unit is a default its noun implies (a weight in kg), not written by the file: requests
    convert by it, replies do not show it."""

    @property
    def shown_unit(self) -> str:
        """The unit as a reply writes it ("MPa", "kg/m³"; none where it was only guessed)."""
        if self.unit_assumed or not self.unit:
            return ""
        from convrec.catalog.meaning import units_data

        return str((units_data()["units"].get(self.unit) or {}).get("shown") or self.unit)


_NUMBERED_COPY = re.compile(r"^(.+?)[._]?[0-9]$")
_YEAR = re.compile(r"(?<![0-9])(1[89][0-9]{2}|20[0-9]{2})(?![0-9])")


PARAPHRASE_MARGIN = 0.04
"""How much nearer a paraphrase's value must be than the next value of its column."""
_PLURAL_MARK = re.compile(r"^\s*(.*[A-Za-z])\s*\((e?s|ies)\)\s*$")


def year_families(columns: dict[str, ColumnInfo]) -> dict[str, ColumnInfo]:
    """Numeric columns whose names differ only by the years in them are one measure by year:
    each gets its ``years``; the most recent one is ``latest``. A lone measure of one year ("Pop1831")
    is a family of one: "the population in 1831" names it, the year is no value of it."""
    fam: dict[str, list[tuple[tuple[int, ...], str]]] = {}
    for name, c in columns.items():
        if c.type not in ("integer", "real"):
            continue
        ys = tuple(int(y) for y in _YEAR.findall(name))
        if ys:
            fam.setdefault(_YEAR.sub("#", name), []).append((ys, name))
    out = dict(columns)
    for members in fam.values():
        newest = max(members)[1]
        for ys, name in members:
            out[name] = replace(out[name], years=ys, latest=name == newest)
    return out


def column_info(c: dict[str, Any]) -> ColumnInfo:
    """A described column (``PreparedDataset.columns``) as the vocabulary reads it."""
    if "label" not in c:
        from convrec.catalog.meaning import annotate

        c = annotate([c])[0]
    return ColumnInfo(c["name"], c["type"], c.get("role", "other"), c.get("meaning", ""), c.get("min"), c.get("max"),
                      c.get("distinct"), label=str(c.get("label") or c["name"]),
                      # a catalog with no interactions: its `popularity` is 0 everywhere and names nothing
                      # ("the most populous" is no order by it)
                      words=() if c["name"] == "popularity" and not c.get("max") else
                      tuple(tuple(str(x) for x in g) for g in c.get("words") or ()),
                      unit=str(c.get("unit") or ""), scale=float(c.get("scale") or 1.0), facet=str(c.get("facet") or ""),
                      median=float(c["median"]) if c.get("median") is not None else None,
                      bands=tuple((str(k), lo, hi) for k, (lo, hi) in (c.get("bands") or {}).items()),
                      order=tuple(str(x) for x in c.get("order") or ()), unit_assumed=bool(c.get("unit_assumed")), mark=tuple(c.get("mark") or ()),
                      aliases=tuple(str(x) for x in c.get("aliases") or () if str(x).strip()), year_base=int(c.get("year_base") or 0),
                      parts=tuple(str(x) for x in c.get("total_of") or ()),
                      ratio_of=tuple(str(x) for x in c.get("ratio_of") or ()), glosses=glosses_of(c))


@dataclass(frozen=True)
class ValueHit:
    column: str
    value: str
    support: int
    role: str


_FLAG_QUALIFIERS = {"group", "flag", "indicator", "ind", "yn", "dummy", "binary", "bool", "boolean", "status", "yesno"}
"""Words a yes/no column's name may end in that say it is a yes/no (`GarageGroup`, `pool_flag`), not what."""

_CODE_IN_TEXT = re.compile(r"\b([A-Za-z]{1,5})[\s-]?(\d{1,4})\b")


@dataclass
class Vocabulary:
    """What :func:`convrec.nlu.understand` reads of a catalog."""

    domain: str
    n_items: int
    columns: dict[str, ColumnInfo]
    items: pd.DataFrame
    """The item table indexed by item id (list columns decoded)."""
    linker: ItemLinker
    lexicon: Lexicon
    values: dict[str, list[ValueHit]] = field(default_factory=dict)
    """normal form of a value → the columns/values it names (most supported first)."""
    single_words: dict[str, list[str]] = field(default_factory=dict)
    """for typo matching: one-word normal forms of category values."""
    surnames: dict[str, list[ValueHit]] = field(default_factory=dict)
    """last word of a multi-word creator name → its creators, most items first ("tolkien")."""
    creator_names: dict[str, list[ValueHit]] = field(default_factory=dict)
    """full normal forms of creator names with at least two items (for typo matching)."""
    has_interactions: bool = True
    name: str = ""
    encoder: Any = None
    """Optional sentence encoder (MiniLM): paraphrases of values ("outer space" → Space) are
    matched by embedding when no word or synonym matched; None turns that off."""
    text_words: dict[str, dict[str, int]] = field(default_factory=dict)
    """For each *descriptive* text column (one whose words recur across items, the way menu
    items, course titles, product names or an artwork's medium do — unlike film or book titles):
    word stem → number of items whose text has it. Such words name what an item is ("burritos",
    "woodcuts", "hot dogs") and are read as conditions on that text."""
    value_words: dict[str, list[ValueHit]] = field(default_factory=dict)
    subject_words: set[str] = field(default_factory=set)
    """words nearly every item's value of a column carries ("Nobel" of "The Nobel Prize in …"): the
    catalog's subject, not a condition"""
    """Stem of a word of a multi-word category value → the values that carry it."""
    paraphrase_threshold: float = 0.7
    """Cosine similarity a paraphrase needs (measured: "outer space"/Space 0.74, "fighting
    robots"/Robots 0.77, but "cartoon"/Comedy 0.62, a wrong match, stays below)."""
    code_titles: dict[str, list[int]] = field(default_factory=dict)
    """Model codes inside titles ("3990x", "8700k") → the title indices carrying them."""
    numbered_words: dict[str, set[tuple[str, str]]] = field(default_factory=dict)
    """Numbered words of multi-word category/tag values ("15th" of "Paris 15th") → (column, value)."""
    sparse_lists: dict[str, tuple[str, ...]] = field(default_factory=dict)
    """List columns most items leave empty (≤ 40 values, ≤ 60 % filled: "connect_rer") → all their values."""
    place_column: str | None = None
    """The column holding five or more of the lexicon's countries, if any."""
    item_nouns: set[str] = field(default_factory=set)
    """Other words for one item the data gives (singular): the nouns of the catalog's own name
    ("coffee" of coffee-ratings) and the noun of a column of one id per row (`session_id`: sessions).
    Said by the user, they name the items, not a condition on some text that happens to carry them."""
    _value_vecs: Any = None

    # ------------------------------------------------------------------ building
    @classmethod
    def from_dataset(cls, ds, linker: ItemLinker | None = None, lexicon: Lexicon | None = None) -> "Vocabulary":
        items = ds.items
        # a column holding one value for every item ("salad: Other" on a whole menu) tells nothing
        # apart: its name must not take the user's word ("any salad") from the items' own text
        cols = {c["name"]: column_info(c) for c in ds.columns
                if c.get("distinct") != 1 or c.get("role") in ("id", "title") or c.get("type") in ("integer", "real")}
        if linker is None:
            years = items["year"] if "year" in items.columns else None
            linker = ItemLinker(items["item_id"], items["title"], items["popularity"], years,
                                aliases=[items[c].tolist() for c in alias_columns(items, ds.columns)])
        has = int(ds.manifest.get("interactions", 0)) > 0
        return cls.build(ds.domain, items, cols, linker, lexicon or load_lexicon(), has, ds.name)

    @classmethod
    def build(cls, domain: str, items: pd.DataFrame, columns: dict[str, ColumnInfo], linker: ItemLinker,
              lexicon: Lexicon, has_interactions: bool = True, name: str = "") -> "Vocabulary":
        v = cls(domain, len(items), year_families(columns), items.set_index("item_id", drop=False), linker, lexicon,
                has_interactions=has_interactions, name=name)
        v._index_values()
        v._index_value_words()
        v._index_text_words()
        v._index_shapes()
        v._index_item_nouns()
        return v

    def _index_item_nouns(self) -> None:
        from convrec.nlu.itemnouns import item_nouns

        self.item_nouns = item_nouns(self)

    def _index_shapes(self) -> None:
        """What understanding asks of a catalog's shape on every turn, computed once: model codes
        in titles, numbered words of values, mostly-empty list columns, the column of places."""
        code = re.compile(r"(?=.*\d)(?=.*[a-z])[a-z0-9]{4,}")
        for k, t in enumerate(self.linker.titles):
            for x in normalize_title(str(t)).split():
                if code.fullmatch(x):
                    self.code_titles.setdefault(x, []).append(k)
        named = {c.name for c in self.columns.values() if c.role in ("category", "tag") and c.words}
        for hs in self.values.values():
            for h in hs:
                if h.column in named:
                    for x in norm(h.value).split():
                        if any(ch.isdigit() for ch in x) and any(ch.isalpha() for ch in x) and norm(h.value) != x:
                            self.numbered_words.setdefault(x, set()).add((h.column, h.value))
        for c in self.columns.values():
            if c.name not in named or c.type != "list" or not c.distinct or c.distinct > 40 or c.name not in self.items:
                continue
            col = self.items[c.name]
            filled = col.map(lambda v: isinstance(v, (list, tuple)) and len(v) > 0)
            if len(col) and filled.mean() <= 0.6:
                self.sparse_lists[c.name] = tuple(sorted({str(x) for vs in col if isinstance(vs, (list, tuple)) for x in vs}))
        counts = Counter(h.column for a in self.lexicon.places for h in self._exact_hits(a)[:1])
        best = counts.most_common(1)
        self.place_column = best[0][0] if best and best[0][1] >= 5 else None

    def _index_value_words(self) -> None:
        """Word stems of multi-word category values ("Small SUV 4WD", "Diesel, ultra low
        sulfur", "Small Pick-up Trucks 2WD") → the values carrying them, so one word of a value
        ("suv", "diesel", "pickup") names all of them."""
        from convrec.tools.filters import stem_of

        out: dict[str, dict[tuple[str, str], ValueHit]] = {}
        all_hits = []
        for c in self.columns.values():
            if c.role != "category" or c.type not in ("list", "text") or c.name not in self.items:
                continue
            series = self.items[c.name]
            counts = Counter(v for lst in series for v in (lst or [])) if c.type == "list" else \
                Counter(str(v) for v in series.dropna() if str(v).strip())
            if len(counts) > 2000:
                continue
            all_hits += [ValueHit(c.name, v, n, "category") for v, n in counts.items()]
        for h in all_hits:
            if True:
                words = [x for x in norm(h.value).split()]
                if len(words) < 2:
                    continue
                # ordinary words too ("small", "long"): read only beside another word of the same value ("small suv")
                keys = {stem_of(x) for x in words if (len(x) >= 3 and x not in self.lexicon.stop or len(x) >= 4) and x.isalpha()}
                keys |= {stem_of(a + b) for a, b in zip(words, words[1:]) if a.isalpha() and b.isalpha()}
                for k in keys:
                    out.setdefault(k, {})[(h.column, h.value)] = h
        rows = Counter()  # rows of a column with a value
        for h in all_hits:
            rows[h.column] += h.support
        distinct = Counter(h.column for h in all_hits)
        for k, hits in list(out.items()):
            by_col = Counter()
            for (col, _), h in hits.items():
                by_col[col] += h.support
            vals_of = Counter(col for col, _ in hits)
            # (a word in every value filters nothing and may be the one a value is made of: "Statewide Rate")
            subject = {col for col, n in by_col.items() if distinct[col] >= 3 and n >= 0.9 * rows[col] and vals_of[col] < distinct[col]}
            if subject:  # "nobel winners": every prize here is one; "economics nobel winners" is no contradiction
                self.subject_words.add(k)
                out[k] = {key: h for key, h in hits.items() if key[0] not in subject}
        self.value_words = {k: list(v.values()) for k, v in out.items() if v}

    def _index_text_words(self, min_share: float = 0.5) -> None:
        """Stems of the words of descriptive text columns (see ``text_words``). A column is
        descriptive when most items carry a word that at least 1 % of items (and 3) share:
        measured 0.67–0.97 on menu items, car lines, course titles, products and art media,
        0.00–0.31 on film, game and book titles."""
        from convrec.tools.filters import stem_of

        self.text_words = {}
        stop = self.lexicon.stop
        for c in self.columns.values():
            if c.type != "text" or c.role not in ("title", "text", "category", "other") or c.name not in self.items:
                continue
            if c.role == "title" and self.items[c.name].head(50).astype(str).str.fullmatch(r"[a-z]+ \d+").all():
                continue  # "import 1", "import 2": names made from the ids say nothing of the items
            docs = [{stem_of(x) for x in norm(str(t)).split() if len(x) > 2 and x.isalpha() and x not in stop}
                    for t in self.items[c.name].fillna("")]
            n = len(docs)
            if n < 20 or (c.role == "category" and (c.distinct or 0) < max(30, 0.05 * n)):
                continue  # a column of a few values ("restaurant") is read by its values
            df = Counter(x for d in docs for x in d)
            common = {x for x, k in df.items() if 0.9 * n <= k < n}  # "nobel" in nearly every prize's citation: the subject
            self.subject_words |= common
            df = Counter({x: k for x, k in df.items() if x not in common})
            freq = {x for x, k in df.items() if k >= max(3, 0.01 * n)}
            if sum(1 for d in docs if d & freq) / n >= min_share:
                # model codes are words too, however written ("RAV4", "MX-5", "F150" → rav4, mx5, f150)
                codes = Counter(x for t in self.items[c.name].fillna("")
                                for x in {(a + b).lower() for a, b in _CODE_IN_TEXT.findall(str(t))})
                self.text_words[c.name] = {**codes, **df}

    def _index_values(self) -> None:
        index: dict[str, dict[tuple[str, str], ValueHit]] = {}
        ordinal_said = {k: x for x, k in self.lexicon.ordinal_words.items()}  # 1 → "first"
        for c in self.columns.values():
            if c.role not in VALUE_ROLES or c.type not in ("list", "text"):
                continue
            series = self.items[c.name]
            if c.type == "list":
                counts = Counter(v for lst in series for v in (lst or []))
            else:
                counts = Counter(str(v) for v in series.dropna() if str(v).strip())
            for value, n in counts.items():
                if c.role == "creator" and n < 1:
                    continue
                base = norm(value)
                if not base or len(base.split()) > MAX_VALUE_WORDS:
                    continue
                words = base.split()
                forms = {base, " ".join(words[:-1] + [singular(words[-1])]), " ".join(words[:-1] + [plural(words[-1])])}
                roman = ROMAN_GRADES.get(str(value).strip()) if c.order else None
                if roman:  # "grade 1", "stage 2" of graded values written I, II, III
                    forms |= {f"{x} {roman}" for g in c.words for x in g[:1] if x.isalpha()}
                last = str(value).split()[-1] if str(value).split() else ""
                if re.fullmatch(r"[A-Z]{2,}s", last):  # "TVs", "PCs", "DVDs": an acronym's plural, said "TV"
                    forms.add(" ".join(words[:-1] + [words[-1][:-1]]))
                if words[-1].endswith("o") and len(words[-1]) >= 4:  # "stratovolcanoes" as well as "…volcanos"
                    forms.add(" ".join(words[:-1] + [words[-1] + "es"]))
                marked = _PLURAL_MARK.match(str(value))
                if marked:  # "Stratovolcano(es)", "Shield(s)": the value of one or of several, said either way
                    stem = norm(marked.group(1)).split()
                    if stem:
                        forms |= {" ".join(stem), " ".join(stem[:-1] + [stem[-1] + marked.group(2).lower()]),
                                  " ".join(stem[:-1] + [plural(stem[-1])])}
                m = _ORDINAL_VALUE.fullmatch(words[0])
                said = ordinal_said.get(int(m.group(1))) if m else None
                if said:  # "1st" class is "first class"
                    forms.add(" ".join([said] + words[1:]))
                forms |= {norm(x) for x in unit_symbol_names(value)}  # "J T^-1": "joules per tesla", "J/T"
                if _CAMEL_VALUE.fullmatch(str(value)):  # "ProcB": "proc b"; "AmNat": "am nat" (cut from "American Naturalist")
                    forms.add(norm(" ".join(re.findall(r"[A-Z][a-z]*", str(value)))))
                if c.role == "creator":
                    forms = {base} | {f for f in forms if f.replace(" ", "") == base and " " in f}  # "NorthGate": "north gate"
                    turned = _uninverted(value)
                    if turned:
                        forms.add(turned)
                for f in forms:
                    hit = ValueHit(c.name, value, n, c.role)
                    index.setdefault(f, {})[(c.name, value)] = hit
        for c in self.columns.values():  # a yes/no column is a value of its facet ("seminar", "lab")
            if c.type != "boolean" or c.role not in ("flag", "category", "other"):
                continue
            n = int(self.items[c.name].map(lambda v: v is True or v == 1).sum()) if c.name in self.items else 0
            forms = set()
            label = norm(c.label)
            if label:
                words = label.split()
                forms |= {label, " ".join(words[:-1] + [plural(words[-1])]), " ".join(words[:-1] + [singular(words[-1])])}
            if len(c.words) == 1:
                forms |= {norm(x) for x in c.words[0] if len(norm(x)) >= 3}
            forms |= {f for x in list(forms) if " " not in x for f in word_family(x)}  # `survived`: "survivors"
            if label and " " not in label and len(label) >= 3 and label.isalpha():  # `Use`: "usable"; `wash`: "washable"
                forms |= {f for f in ((label[:-1] if label.endswith("e") else label) + "able",) if word_rank(f) is not None}
            head = label.split()[-1] if label else ""
            if len(label.split()) >= 2 and head in _FLAG_QUALIFIERS:  # `GarageGroup` (yes/no): "a garage"
                rest = label.split()[:-1]
                forms |= {" ".join(rest), " ".join(rest[:-1] + [plural(rest[-1])])}
            if len(label.split()) == 2 and len(head) >= 6:  # `baseline_cavitation`: "cavities on the x-ray"
                forms |= word_family(head)
            first = label.split()[0] if label else ""
            if len(label.split()) == 2 and head.endswith("ion") and first.isalpha():
                # `Clutch Completion`, `Loan Approval`: the state said as its adjective ("a complete clutch")
                stem = head[:-3]
                said = {f for f in (stem + "e", stem + "ed", stem) if len(f) >= 5 and word_rank(f) is not None}
                forms |= {f"{a} {first}" for a in said} | {f"{a} {plural(first)}" for a in said}
            if len(label.split()) == 2 and len(first) >= 3 and first.isalpha() and word_rank(first) is None \
                    and word_rank(head) is not None:
                # `AHCAvote`: the name no dictionary knows says which vote ("the AHCA"), and the head's own
                # verb says it was cast ("voted for the AHCA", "voted yes")
                forms |= {first} | {f for f in (head + "d" if head.endswith("e") else head + "ed",) if word_rank(f) is not None}
            if label and len(label.split()) >= 2 and label.split()[-1] in self.lexicon.flag_heads:
                event = " ".join(label.split()[:-1])  # "world series winner": "world series titles", "won the world series"
                forms |= {f.format(event) for f in (self.lexicon.flag_forms if len(event.split()) >= 2
                                                    else self.lexicon.flag_forms_one_word)}
            own = {label, plural(label)} if label and " " not in label and len(label) >= 4 else set()  # `night`: its name
            for f in forms:
                if f and (f not in self.lexicon.stop or f in own) and singular(f) != singular(norm(self.domain or "")):
                    index.setdefault(f, {})[(c.name, "true")] = ValueHit(c.name, c.label, n, "flag")
            for f in [x for x in forms if " " not in x]:  # "public" on a `private` column: private = No
                for a in list(self.lexicon.antonyms.get(f, ())) + ([f"un{f}", f"non{f}", f"non-{f}"] if len(f) >= 5 else []):
                    # ("uncontested" of a `contested` column: contested = No)
                    if a not in index:
                        index.setdefault(a, {})[(c.name, "false")] = ValueHit(c.name, c.label, len(self.items) - n, "flag_off")
        index_compounds(index, self.columns), index_articles(index)
        index_code_families(index)
        index_glosses(index, self)
        role_rank = {"category": 0, "creator": 1, "tag": 2, "flag": 0, "flag_off": 0}
        distinct = {c.name: (c.distinct or 0) for c in self.columns.values()}
        order = {name: k for k, name in enumerate(self.columns)}
        # among columns of one role, the one where the value covers the most items (Steam's
        # user tags hold "Casual" on more games than its store genres do)
        # creators keep table order (the maker before the publisher)
        # a column that repeats another under its name and a number (`play1` beside `play`: the partner's
        # choice) holds a value said bare after that one ("contestants who played foe": `play`)
        copy = {name: 1 if (m := _NUMBERED_COPY.match(name)) and m.group(1) in self.columns else 0 for name in self.columns}
        self.values = {f: sorted(h.values(), key=lambda h: (role_rank[h.role], copy[h.column],
                                                            order[h.column] if h.role == "creator" else 0,
                                                            -h.support, distinct[h.column]))
                       for f, h in index.items()}
        self.surnames, self.creator_names = {}, {}
        for f, hits in self.values.items():
            cre = [h for h in hits if h.role == "creator"]
            words = f.split()
            if cre and len(words) >= 2 and len(words[-1]) >= 4:
                self.surnames.setdefault(words[-1], []).extend(cre)
            if cre and len(words) >= 2 and sum(h.support for h in cre) >= 2:
                self.creator_names[f] = cre
        for k2 in self.surnames:
            self.surnames[k2].sort(key=lambda h: -h.support)
        self.single_words = {}
        for f, hits in list(self.values.items()):
            compact = f.replace(" ", "")  # "rogue like" → "roguelike", for typos like "rougelike"
            if len(compact) >= 5 and f.count(" ") <= 1 and (any(h.role == "category" for h in hits) or
                                                               (" " not in f and any(h.role == "creator" and h.support >= 3 for h in hits))):
                self.single_words.setdefault(compact, [h.value for h in hits])
                if compact != f:
                    self.values.setdefault(compact, hits)

    def related_values(self, phrase: str, k: int = 8, min_sim: float = 0.4) -> list[tuple[ValueHit, float]]:
        """The category and tag values closest in meaning to a soft phrase ("cozy" → Romance,
        feel-good; "mind-bending" → twist ending, surreal): what a soft preference boosts."""
        if self.encoder is None:
            return []
        if self.__dict__.get("_soft_vecs") is None:
            hits: dict[tuple[str, str], ValueHit] = {}
            for hs in self.values.values():
                for h in hs:
                    if h.role in ("category", "tag") and h.support >= 2 and len(h.value) >= 3:
                        hits.setdefault((h.column, h.value.lower()), h)
            self.__dict__["_soft_hits"] = list(hits.values())
            vecs = np.asarray(self.encoder.encode([h.value for h in self.__dict__["_soft_hits"]]), dtype=np.float32) \
                if hits else np.zeros((0, 1), np.float32)
            self.__dict__["_soft_vecs"] = vecs / np.maximum(np.linalg.norm(vecs, axis=1, keepdims=True), 1e-9)
        vecs, hits = self.__dict__["_soft_vecs"], self.__dict__["_soft_hits"]
        if not len(vecs) or not phrase.strip():
            return []
        q = np.asarray(self.encoder.encode([phrase])[0], dtype=np.float32)
        sims = vecs @ (q / max(float(np.linalg.norm(q)), 1e-9))
        top = np.argsort(-sims)[:k]
        return [(hits[j], float(sims[j])) for j in top if sims[j] >= min_sim]

    def nearest_value(self, phrase: str) -> tuple[ValueHit, float] | None:
        """The category value closest in meaning to ``phrase`` above the threshold, or None."""
        if self.encoder is None:
            return None
        if self._value_vecs is None:
            hits = {}
            for hs in self.values.values():
                for h in hs:
                    if h.role == "category":
                        hits.setdefault((h.column, h.value), h)
            self._value_hits = list(hits.values())
            vecs = np.asarray(self.encoder.encode([h.value for h in self._value_hits]), dtype=np.float32) \
                if self._value_hits else np.zeros((0, 1), np.float32)
            self._value_vecs = vecs / np.maximum(np.linalg.norm(vecs, axis=1, keepdims=True), 1e-9)
        if not len(self._value_vecs):
            return None
        q = np.asarray(self.encoder.encode([phrase])[0], dtype=np.float32)
        sims = self._value_vecs @ (q / max(float(np.linalg.norm(q)), 1e-9))
        j = int(np.argmax(sims))
        col = self._value_hits[j].column
        rest = [float(x) for k, x in enumerate(sims) if k != j and self._value_hits[k].column == col]
        if rest and float(sims[j]) - max(rest) < PARAPHRASE_MARGIN:
            return None  # "Switzerland" is as near Germany as France: a name the catalog lacks, not a paraphrase
        return (self._value_hits[j], float(sims[j])) if sims[j] >= self.paraphrase_threshold else None

    def own_words(self) -> set[str]:
        """The words (singular) of the items' own values and titles, once per catalog: what a word
        must be to be "carried by an item" (a soft wish that can narrow a sort, a name the catalog has)."""
        got = self.__dict__.get("_own_words")
        if got is None:
            got = {singular(x) for k in self.values for x in k.split()}
            got |= {singular(x) for t in self.linker.norm for x in str(t).split()}
            self.__dict__["_own_words"] = got
        return got

    # ------------------------------------------------------------------ queries
    def role(self, role: str) -> list[str]:
        """Columns with this role, in table order."""
        return [c.name for c in self.columns.values() if c.role == role]

    def first(self, role: str) -> str | None:
        cols = self.role(role)
        if role == "price" and len(cols) > 1:  # `consult_fee`, `lab_fee`, `total_fee`: a price said bare is the total
            cols = [c for c in cols if "total" in norm(self.columns[c].label or c).split()] or cols
        if role == "time" and len(cols) > 1:
            # of several dates, one whose values vary ("date posted" all 2014 filters nothing), and the
            # one called just "year" or "date" before a qualified one ("breach start year")
            varied = [c for c in cols if self.columns[c].min is None or self.columns[c].max is None
                      or self.columns[c].min != self.columns[c].max] or cols
            plain = [c for c in varied if norm(self.columns[c].label or c) in ("year", "date", "years")]
            cols = plain or varied
        return cols[0] if cols else None

    def lookup(self, phrase_norm: str) -> list[ValueHit]:
        got = self.values.get(phrase_norm)
        if got is None and len(phrase_norm) >= 5 and phrase_norm.count(" ") <= 2:  # "labour" / "Labor", "centre" / "Center"
            for alt in spelling_variants(phrase_norm):
                got = self.values.get(alt)
                if got:
                    break
        return got or []

    def has_value(self, column: str, value: str) -> bool:
        return any(h.column == column and h.value == value for h in self.values.get(norm(value), []))

    def resolve_synonym(self, phrase_norm: str) -> list[list[ValueHit]] | None:
        """Lexicon synonyms: the first alternative the catalog has, as groups of hits that must
        all hold ("A+B"); each group lists the hits of which any may hold ("A|B")."""
        alts = self.lexicon.values.get(phrase_norm)
        if not alts and phrase_norm.endswith("ns") and len(phrase_norm) > 5:
            alts = self.lexicon.values.get(phrase_norm[:-1])  # "the south africans", "canadians": a people
        if not alts:
            return None
        # an alternative the catalog has in a main (category) column beats one only in sparse tags
        ranked = sorted(alts, key=lambda a: 0 if all(any(h.role != "tag" for p in part.split("|") for h in self._exact_hits(p))
                                                      for part in a.split("+")) else 1)
        for alt in ranked:
            groups: list[list[ValueHit]] = []
            ok = True
            for part in alt.split("+"):
                if part.startswith("@"):
                    m = re.match(r"@(\w+)\s*(<=|>=|<|>|=)\s*([\d.]+)$", part)
                    col = self.first(m.group(1)) if m else None
                    if col is None:
                        ok = False
                        break
                    groups.append([ValueHit(col, f"{m.group(2)}{m.group(3)}", 0, "numeric")])
                    continue
                anyof = [h for p in part.split("|") for h in self._exact_hits(p)]
                if not anyof:
                    ok = False
                    break
                groups.append(anyof)
            if ok and groups:
                return groups
        return None

    def _exact_hits(self, value: str) -> list[ValueHit]:
        """Hits whose catalog spelling equals ``value`` (case-insensitive), best column first."""
        hits = [h for h in self.values.get(norm(value), []) if h.value.lower() == value.lower()]
        if not hits:
            return []
        best = hits[0].column
        return [h for h in hits if h.column == best]

    def title_ids(self, phrase: str) -> list[int]:
        return self.linker.exact_indices(phrase)

    def is_title(self, phrase: str) -> bool:
        return bool(self.title_ids(phrase))

    def numeric_range(self, column: str) -> tuple[float | None, float | None]:
        c = self.columns[column]
        return c.min, c.max

    def item_value(self, item_id: str, column: str):
        try:
            v = self.items.at[item_id, column]
        except KeyError:
            return None
        if isinstance(v, (list, tuple, np.ndarray)):
            return list(v)
        if v is None or (not isinstance(v, str) and pd.isna(v)):
            return None
        return v.item() if hasattr(v, "item") else v




_ORDINAL_VALUE = re.compile(r"(\d{1,2})(?:st|nd|rd|th)")
