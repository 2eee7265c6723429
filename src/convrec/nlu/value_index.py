"""Forms a value is also found by, added to the value index once per catalog: a value joined from two
of its column's values ("Guard-Forward" by "guard"), a coded family ("SI1", "SI2" by "SI")."""

from __future__ import annotations

import re

from convrec.catalog.text import norm

_CODE_MEMBER = re.compile(r"^([A-Z]{2,5})[ -]?(\d{1,2})$")


def _joined(h, vals: dict) -> list[str]:
    """The column's own values a value is joined from ("Guard-Forward": guard, forward), or []."""
    parts = [norm(x) for x in re.split(r"\s*[-/&]\s*", str(h.value)) if x.strip()]
    return parts if len(parts) >= 2 and all(x in vals and x != norm(h.value) for x in parts) else []


def index_compounds(index: dict, columns: dict) -> None:
    """A value joined from two of its column's own values ("Guard-Forward", "Forward-Guard",
    "Drama/Romance") is also found by each of them: "the guards" are every player who plays guard."""
    by_col: dict[str, dict] = {}
    for f, hits in index.items():
        for (col, value), h in hits.items():
            if h.role == "category" and norm(value) == f:
                by_col.setdefault(col, {})[f] = h
    for col, vals in by_col.items():
        # a hyphen joins two values into a third of its own ("Democratic-Republican") unless the column
        # joins its values so more than once ("Guard-Forward", "Forward-Center"): a lone one is a name
        hyphened = sum(1 for h in vals.values() if _joined(h, vals) and not re.search(r"[/&]", str(h.value)))
        for f, h in list(vals.items()):
            parts = _joined(h, vals)
            if not parts or (hyphened < 2 and not re.search(r"[/&]", str(h.value))):
                continue
            for x in parts:
                for form in {x, *(k for k, hs in index.items() if (col, vals[x].value) in hs and k != x)}:
                    index.setdefault(form, {})[(col, h.value)] = h


def index_articles(index: dict) -> None:
    """One name written with and without "The" in one column ("The Rolling Stones" and "Rolling
    Stones", "The Prodigy" and "Prodigy", as a dirty list holds them): each form finds both."""
    for f in [k for k in index if k.startswith("the ") and k[4:] in index]:
        a, b = index[f], index[f[4:]]
        cols = {c for c, _ in a} & {c for c, _ in b}
        for (c, v), h in list(a.items()):
            if c in cols and h.role in ("category", "creator"):
                b.setdefault((c, v), h)
        for (c, v), h in list(b.items()):
            if c in cols and h.role in ("category", "creator"):
                a.setdefault((c, v), h)


def index_code_families(index: dict) -> None:
    """Coded values numbered within a family ("SI1", "SI2"; "VS1", "VS2") are also read by the
    family's code: "no SI clarity" means every SI grade. Only where the code is no value of its own."""
    fams: dict[tuple[str, str], list] = {}
    for hits in index.values():
        for h in hits.values():
            if h.role not in ("category", "tag"):
                continue
            m = _CODE_MEMBER.match(str(h.value))
            if m:
                fams.setdefault((h.column, m.group(1).lower()), [])
                if h not in fams[(h.column, m.group(1).lower())]:
                    fams[(h.column, m.group(1).lower())].append(h)
    for (col, code), members in fams.items():
        if len(members) < 2 or code in index:
            continue
        for h in members:
            index.setdefault(code, {})[(col, h.value)] = h


def glosses_of(c: dict) -> tuple:
    """What a column's coded values stand for (``{"FF": ["four-seam fastball", "fastball"]}`` from the
    schema file, or proposed once by the prepare brain and checked): ((code, (words…)), …)."""
    got = c.get("values") or {}
    if not isinstance(got, dict):
        return ()
    return tuple((str(k), tuple(str(x) for x in (v if isinstance(v, list) else [v]) if str(x).strip())) for k, v in got.items())


def index_glosses(index: dict, vocab) -> None:
    """A coded value is also found by what it stands for, singular and plural ("curveballs": CU)."""
    from convrec.catalog.text import plural, singular
    from convrec.nlu.vocab import ValueHit

    for c in vocab.columns.values():
        if not c.glosses or c.name not in vocab.items:
            continue
        counts = vocab.items[c.name].astype(str).value_counts()
        for code, words in c.glosses:
            n = int(counts.get(code, 0))
            if not n:
                continue
            for x in words:
                f = norm(x)
                if not f:
                    continue
                *head, last = f.split()
                for form in {f, " ".join(head + [plural(last)]), " ".join(head + [singular(last)])}:
                    index.setdefault(form, {})[(c.name, code)] = ValueHit(c.name, code, n, c.role)
