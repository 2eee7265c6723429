"""Short codes written in pieces, said by the words they were cut from: a column whose values are
all short codes of letters (`WinF`, `WinNF`, `Veh`, `Con`, `Tabl`, `Head`: kinds of glass) is read by
the words a request says in their order, each piece the start of its word — "window float" → WinF,
"window non-float" → WinNF, "vehicle" → Veh, "headlamps" → Head. Of several codes the words fit, the
one with the most pieces said; a word before a column's word is that column's verb ("contain barium"),
no code."""

from __future__ import annotations

import re

from convrec.catalog.text import norm
from convrec.nlu.reading import Parse, Span
from convrec.nlu.vocab import Vocabulary

_PIECE = re.compile(r"[A-Z][a-z]*|[a-z]+")


def _coded(vocab: Vocabulary) -> dict[str, list[tuple[list[str], object]]]:
    got = vocab.__dict__.get("_code_pieces")
    if got is None:
        by: dict[str, dict] = {}
        for hits in vocab.values.values():
            for h in hits:
                if h.role == "category":
                    by.setdefault(h.column, {})[str(h.value)] = h
        got = {}
        for col, vals in by.items():
            codes = list(vals)
            if not 3 <= len(codes) <= 30 or not all(re.fullmatch(r"[A-Za-z]{2,6}", v) for v in codes) \
                    or not all(re.search(r"[a-z]", v) for v in codes) or not all(v[:1].isupper() for v in codes):
                continue  # (capitals only — "CA", "FL" — are a standard list's codes, read by their names)
            got[col] = [([x.lower() for x in _PIECE.findall(v)], vals[v]) for v in codes]
        vocab.__dict__["_code_pieces"] = got
    return got


def number_column_words(vocab: Vocabulary) -> set[str]:
    """Every word that names a number column, once per catalog."""
    got = vocab.__dict__.get("_number_column_words")
    if got is None:
        got = vocab.__dict__["_number_column_words"] = {
            x for c in vocab.columns.values() if c.type in ("integer", "real") for g in c.words for x in g}
    return got


def read_code_pieces(p: Parse, vocab: Vocabulary) -> None:
    table = _coded(vocab)
    if not table:
        return
    w = p.words
    words_of_columns = number_column_words(vocab)
    i = 0
    while i < len(w):
        best = None
        for col, codes in table.items():
            for pieces, hit in codes:
                span = [k for k in range(i, min(len(w), i + 2 * len(pieces))) if w[k] != "-"][:len(pieces)]
                j = span[-1] + 1 if len(span) == len(pieces) else i
                left = list(pieces)  # "non-float window" → WinNF: the pieces said in any order
                ok = len(span) == len(pieces) and all(not p.claimed[k] and w[k].isalpha() for k in span)
                for k in span if ok else []:
                    piece = next((x for x in sorted(left, key=len, reverse=True) if w[k].startswith(x)), None)
                    if piece is None or len(w[k]) < 3 or (len(pieces) == 1 and (len(w[k]) < len(piece) + 2 or len(piece) < 3)):
                        ok = False
                        break
                    left.remove(piece)
                ok = ok and not left and w[span[0]].startswith(pieces[0][:1]) if len(pieces) == 1 else ok and not left
                if ok and norm(str(hit.value)) != w[i] and not (j < len(w) and w[j] in words_of_columns) \
                        and (best is None or len(pieces) > best[0]):
                    best = (len(pieces), j, hit)
        if best is not None:
            p.values.append((Span(i, best[1]), [[best[2]]], " ".join(t.raw for t in p.toks[i:best[1]])))
            p.claim(i, best[1])
            i = best[1]
        else:
            i += 1
