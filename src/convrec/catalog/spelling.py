"""English spelt two ways (British and American): "fibre" / "fiber", "colour" / "color",
"organise" / "organize", "catalogue" / "catalog"."""

from __future__ import annotations

import re

_VARIANTS_SRC = ((r"our(s?)$", r"or\1"), (r"or(s?)$", r"our\1"), (r"our(ite|ites|ed|ing|able)$", r"or\1"),
             (r"([tb])re(s?)$", r"\1er\2"), (r"([tb])er(s?)$", r"\1re\2"), (r"is(e|ed|es|ing|ation|ations)$", r"iz\1"),
             (r"iz(e|ed|es|ing|ation|ations)$", r"is\1"), (r"ogue(s?)$", r"og\1"), (r"yse(s?|d)$", r"yze\1"))
_VARIANTS = tuple((re.compile(a), b) for a, b in _VARIANTS_SRC)
_VARIANT_ENDS = re.compile(r"(?:our|or|ors|ours|ite|ites|ed|ing|able|tre|tres|ter|ters|bre|bres|ber|bers|e|es|ation|ations|ogue|ogues|yse|ysed|yses)$")


_STEMS = (("sulph", "sulf"), ("sulf", "sulph"), ("aluminium", "aluminum"), ("aluminum", "aluminium"),
          ("caesium", "cesium"), ("cesium", "caesium"), ("haem", "hem"), ("anaem", "anem"), ("grey", "gray"),
          ("gray", "grey"), ("tyre", "tire"), ("programme", "program"))
"""word starts spelt two ways ("sulphur" / "sulfur", "aluminium" / "aluminum", "grey" / "gray")"""


def spelling_variants(phrase: str) -> list[str]:
    """The phrase in the other English spelling, word by word (British ↔ American)."""
    words = phrase.split()
    out = []
    for k, w in enumerate(words):
        for a, b in _STEMS:
            if w.startswith(a) and not (a == "sulf" and w.startswith("sulph")):
                out.append(" ".join(words[:k] + [b + w[len(a):]] + words[k + 1:]))
        if len(w) < 5 or not w.isalpha() or not _VARIANT_ENDS.search(w):
            continue
        for pat, rep in _VARIANTS:
            alt = pat.sub(rep, w)
            if alt != w:
                out.append(" ".join(words[:k] + [alt] + words[k + 1:]))
    return out
