"""The capability card: what this catalog holds, built from the data (never invented).
Catalog questions and greetings are answered from it."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

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

    @property
    def plural(self) -> str:
        from convrec.catalog.text import noun_plural

        return noun_plural(self.domain)

    def size_text(self) -> str:
        return f"My catalog has {self.n_items:,} {self.plural}."

    def scope_text(self) -> str:
        parts = [self.size_text()]
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
        return (f"Hi! I recommend {self.plural} from a catalog of {self.n_items:,}. Tell me what you like — "
                f"titles you enjoyed, genres, years" + (", prices" if any("price" in c for c in self.ranges) else "")
                + f" — and I'll find matching {self.plural}." + (f" For example: {ex}." if ex else ""))

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
    return CapabilityCard(vocab.domain, vocab.n_items, ranges, top, creators, examples, vocab.has_interactions)


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
    if price and first_cat:
        out.append(f"{first_cat[0].lower()} {d} under $10")
    if creators:
        out.append(f"{d} by {creators[0]}")
    if len(first_cat) > 2:
        out.append(f"{first_cat[2].lower()} {d}, but no {first_cat[0].lower()}")
    if vocab.first("rating") and len(first_cat) > 3:
        out.append(f"highly rated {first_cat[3].lower()} {d}")
    if len(out) < 5 and len(pop) > 1 and time_col:
        out.append(f"what year was {pop[1]} released?")
    return out[:6]
