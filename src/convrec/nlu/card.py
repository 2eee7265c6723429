"""The capability card: what this catalog holds, built from the data (never invented).
Catalog questions and greetings are answered from it."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from convrec.catalog.meaning import name_words
from convrec.nlu.vocab import Vocabulary


@dataclass(frozen=True)
class CapabilityCard:
    domain: str
    n_items: int
    ranges: dict[str, tuple] = field(default_factory=dict)
    """column → (min, max) of time / price / rating columns."""
    top_values: dict[str, list[str]] = field(default_factory=dict)
    """category column → its most common values."""
    creators: list[str] = field(default_factory=list)
    examples: list[str] = field(default_factory=list)
    has_interactions: bool = True
    catalog_name: str = ""
    """The catalog's own name in words ("star wars"), said where its items have no noun of their own."""
    sample_titles: list[str] = field(default_factory=list)
    """A few of its items, so a greeting shows what it holds."""
    facets: list[str] = field(default_factory=list)
    """What a request can ask by, in the catalog's own words: each column's label with its values,
    order or range ("clarity (SI2 … IF)", "price ($400–20,000)", "features: cd, multi")."""

    @property
    def plural(self) -> str:
        from convrec.catalog.text import noun_plural

        return noun_plural(self.domain)

    @property
    def named_plural(self) -> str:
        """The items as the catalog's own name says them, where it names them more fully than the
        noun alone ("avocado sales", "red wine samples" of `avocado-sales`, `red-wine-samples`)."""
        from convrec.catalog.text import word_rank

        words = self.catalog_name.split()
        if len(words) >= 2 and words[-1] == self.plural and all(x.isalpha() and (len(x) >= 4 or word_rank(x) is not None) for x in words[:-1]):
            return self.catalog_name
        return self.plural

    @property
    def generic(self) -> bool:
        """Is the items' noun no word of what the catalog is about — "item", or a period its rows are
        ("day", "month" of a series): then the catalog's own name says it ("trail riders")?"""
        return self.domain in ("item", "day", "month", "year", "week", "quarter") and self.catalog_name not in ("", self.plural)

    def size_text(self) -> str:
        if self.generic:  # no noun of its own: the catalog's name says what it holds
            return f"My {self.catalog_name} catalog has {self.n_items:,} {self.named_plural}."
        return f"My catalog has {self.n_items:,} {self.named_plural}."

    def scope_text(self) -> str:
        parts = [self.size_text()]
        if self.facets:  # "what's in this dataset?": what each item tells, in the catalog's words
            parts.append(f"For each I know: {', '.join(self.facets[:8])}.")
        for col, vals in self.top_values.items():
            parts.append(f"Most common {col.replace('_', ' ')}: {', '.join(vals[:10])}.")
        for col, (lo, hi) in self.ranges.items():
            if lo is None:
                continue
            if isinstance(lo, float) and not float(lo).is_integer() or col != "year":
                parts.append(f"{col.replace('_', ' ').capitalize()} from {lo:g} to {hi:g}.")
            else:
                parts.append(f"{col.replace('_', ' ').capitalize()}s from {int(lo)} to {int(hi)}.")
        return " ".join(parts)

    def about_text(self) -> str:
        """What the catalog holds, in one line (a page's first screen): how many items, of which
        years, its most common categories, and whether people's ratings or plays are in it."""
        parts = [f"{self.n_items:,} {self.plural}"]
        for col, (lo, hi) in self.ranges.items():
            if lo is not None and col == next(iter(self.ranges)) and isinstance(lo, (int, float)) and 1000 < lo < hi < 3000:
                parts[0] += f" from {int(lo)} to {int(hi)}"
        if self.top_values:
            col, vals = next(iter(self.top_values.items()))
            parts.append(f"most common {col.replace('_', ' ')}: {', '.join(vals[:5])}")
        if self.creators:
            parts.append(f"including {', '.join(self.creators[:2])}")
        parts.append("with what people liked, for “people who liked X also liked” picks" if self.has_interactions
                     else "no ratings or plays: picks come from the items' own descriptions")
        return " · ".join(parts) + "."

    def greeting_text(self) -> str:
        ex = "; ".join(f'"{e}"' for e in self.examples[:3])
        said = ", ".join(self.facets[:7])
        if said:
            body = f" You can ask by {said}"
            body += (", or name " + self.plural + " you liked" if self.has_interactions else "") + "."
        else:
            body = (" Tell me what you like — titles you enjoyed, genres, years"
                    + (", prices" if any("price" in c for c in self.ranges) else "")
                    + f" — and I'll find matching {self.plural}.")
        head = f"Hi! I recommend {self.plural} from a catalog of {self.n_items:,}" + (
            f" {self.named_plural}." if self.named_plural != self.plural else ".")
        if self.domain == "item" and self.sample_titles and not self.catalog_name or self.generic:
            # no noun for its items: the catalog's own name and a few of them say what it holds
            head = (f"Hi! I recommend {self.plural} from the {self.catalog_name} catalog" if self.catalog_name
                    else "Hi! I recommend items from a catalog") + f" of {self.n_items:,}" \
                + (f", such as {', '.join(self.sample_titles[:3])}." if self.sample_titles else ".")
        return head + body \
            + (f" For example: {ex}." if ex else "")

    def to_prompt(self) -> str:
        """A short description for an LLM prompt."""
        return self.scope_text() + (" Example requests: " + "; ".join(self.examples[:3]) if self.examples else "")


def build_card(vocab: Vocabulary) -> CapabilityCard:
    items = vocab.items
    ranges: dict[str, tuple] = {}
    for role in ("time", "price", "rating"):
        for col in vocab.role(role):
            c = vocab.columns[col]
            if c.min is not None:
                ranges[col] = (c.min, c.max)
    top: dict[str, list[str]] = {}
    for col in vocab.role("category"):
        c = vocab.columns[col]
        if c.type == "list":
            counts = Counter(v for lst in items[col] for v in (lst or []))
        else:
            counts = Counter(str(v) for v in items[col].dropna())
        top[col] = [v for v, _ in counts.most_common(12)]
    creators: list[str] = []
    for col in vocab.role("creator")[:1]:
        c = vocab.columns[col]
        counts = Counter(v for lst in items[col] for v in (lst or [])) if c.type == "list" else Counter(items[col].dropna())
        creators = [str(v) for v, _ in counts.most_common(5)]
    examples = _examples(vocab, top, ranges, creators)
    return CapabilityCard(vocab.domain, vocab.n_items, ranges, top, creators, examples, vocab.has_interactions,
                          _catalog_name(vocab), _sample_titles(vocab), _facets(vocab))


def _catalog_name(vocab: Vocabulary) -> str:
    """"r5b-starwars" → "star wars": the name's words, without tokens that hold digits."""
    words = [x for x in name_words(getattr(vocab, "name", "") or "") if x.isalpha()]
    return " ".join(words[:4])


def _sample_titles(vocab: Vocabulary, n: int = 3) -> list[str]:
    """The most popular few titles (the first ones where no one's likes are known)."""
    try:
        pop = vocab.linker.pop
        order = sorted(range(len(vocab.linker.titles)), key=lambda k: -pop[k])
    except (AttributeError, TypeError):
        order = list(range(len(vocab.linker.titles)))
    out: list[str] = []
    for k in order:
        t = str(vocab.linker.titles[k]).strip()
        if t and t not in out and len(t) <= 40:
            out.append(t)
        if len(out) >= n:
            break
    return out


def _round_price(vocab: Vocabulary, col: str) -> str:
    """A round price below which a good share of the catalog lies (the 40th percentile, rounded)."""
    import math

    import pandas as pd

    x = pd.to_numeric(vocab.items[col], errors="coerce").dropna()
    if x.empty:
        return "10"
    q = float(x.quantile(0.4))
    if q <= 0:
        return "10"
    step = 10 ** max(0, int(math.floor(math.log10(q))))
    return f"{max(step, round(q / step) * step):,.0f}"


def _num(x) -> str:
    x = float(x)
    return f"{x:,.0f}" if abs(x) >= 100 or x.is_integer() else f"{x:,.3g}"


def _facets(vocab: Vocabulary) -> list[str]:
    """The columns a request can use, described from the data: graded and categorical columns with
    their order or most common values, measures with their range and unit, yes/no features."""
    graded, cats, measures, flags = [], [], [], {}
    for c in vocab.columns.values():
        if c.role in ("id", "title", "link", "text", "tag") or c.name in ("popularity", "item_id", "title") or c.years \
                and not c.latest:
            continue
        label = (c.label or c.name).replace("_", " ")
        if c.order:
            graded.append(f"{label} ({c.order[0]} … {c.order[-1]})")
        elif c.type == "boolean" or c.role == "flag":
            flags.setdefault(c.facet or "features", []).append(label)
        elif c.type in ("integer", "real") and c.min is not None and c.max is not None and c.min != c.max:
            unit = "$" if c.role == "price" or (c.unit == "$" and c.shown_unit) else ""
            tail = f" {c.shown_unit}" if c.shown_unit and c.unit != "$" and c.unit not in ("%",) else ("%" if c.unit == "%" else "")
            if c.role == "time":
                measures.append(f"{label} ({int(c.min)}–{int(c.max)})")
            else:
                measures.append(f"{label} ({unit}{_num(c.min)}–{unit}{_num(c.max)}{tail})")
        elif c.role in ("category", "creator") and c.name in vocab.items:
            col = vocab.items[c.name]
            counts = Counter(v for lst in col for v in (lst or [])) if c.type == "list" else Counter(str(v) for v in col.dropna())
            top = [v for v, _ in counts.most_common(3) if len(str(v)) <= 24]
            if top:
                cats.append(f"{label} ({', '.join(top)}{', …' if len(counts) > len(top) else ''})")
    feats = [f"{facet}: {', '.join(ls[:5])}{', …' if len(ls) > 5 else ''}" for facet, ls in flags.items()]
    return graded + cats + measures + feats


def _examples(vocab: Vocabulary, top: dict[str, list[str]], ranges: dict[str, tuple], creators: list[str]) -> list[str]:
    from convrec.catalog.text import noun_plural

    d = noun_plural(vocab.domain)
    out = []
    first_cat = next(iter(top.values()), [])
    pop = vocab.items.sort_values("popularity", ascending=False)["title"].head(2).tolist() if "popularity" in vocab.items else []
    time_col = vocab.first("time")
    if first_cat and time_col and time_col in ranges and ranges[time_col][1] is not None:
        decade = int(ranges[time_col][1]) // 10 * 10 - 10
        out.append(f"{first_cat[min(1, len(first_cat) - 1)].lower()} {d} from the {decade}s")
    if pop and vocab.has_interactions:
        out.append(f"I loved {pop[0]}, what else would I like?")
    price = vocab.first("price")
    graded = next((c for c in vocab.columns.values() if c.order and len(c.order) >= 3), None)
    if graded is not None:
        mid = graded.order[len(graded.order) // 2]
        out.append(f"{d} with {mid} or better {(graded.label or graded.name).replace('_', ' ')}")
    if price and first_cat:
        out.append(f"{first_cat[0].lower()} {d} under ${_round_price(vocab, price)}")
    elif price:
        out.append(f"the 3 cheapest {d}")
    if creators:
        out.append(f"{d} by {creators[0]}")
    if len(first_cat) > 2:
        out.append(f"{first_cat[2].lower()} {d}, but no {first_cat[0].lower()}")
    if vocab.first("rating") and len(first_cat) > 3:
        out.append(f"highly rated {first_cat[3].lower()} {d}")
    if len(out) < 5 and len(pop) > 1 and time_col:
        out.append(f"what year was {pop[1]} released?")
    return out[:6]
