"""Columns named by initials, said in full: `str` ← "student teacher ratio", `S.F.Ratio` ← "student
faculty ratio", `CL` ← "a carapace longer than 40" (the comparative kept), `BD` ← "a deeper body";
and a word of a number column's name that is the initials of the words said ("significant figures"
of `sf_value`)."""

from __future__ import annotations

from convrec.catalog.meaning import expand, name_words
from convrec.catalog.text import COMMON_WORD_RANK, norm, singular, word_rank
from convrec.nlu.abbrev import _cut_from, _flag_hit
from convrec.nlu.reading import Parse, Span
from convrec.nlu.vocab import Vocabulary
from convrec.tools.filters import stem_of


def _fits(piece: str, word: str) -> bool:
    return word.isalpha() and (word[0] == piece if len(piece) == 1 else _cut_from(piece, word) or _cut_from(piece, singular(word)))


def read_acronym_columns(p: Parse, vocab: Vocabulary) -> None:
    """A column named by initials, said in full: `str` ← "student teacher ratio", `S.F.Ratio` ←
    "student faculty ratio", `F.Undergrad` ← "full-time undergrads": each piece of the name
    (split at its separators and capitals) is the initial, a prefix or the skeleton of one word
    in turn, stop words between them skipped; at least one piece is a single letter."""
    stop, w = vocab.lexicon.stop, p.words
    for c, pieces in _initialled(vocab):
        for i in range(len(w)):
            k, ok, at = i, True, []
            for n, piece in enumerate(pieces):
                while n and k < len(w) and (w[k] in stop or w[k] == "-") and not p.claimed[k]:
                    k += 1
                at.append(k)
                if k >= len(w) or p.claimed[k] or (w[k] in stop and len(w[k]) < 4) or not _fits(piece, w[k]):
                    ok = False
                    break
                k += 1
                if len(piece) == 1 and n + 1 < len(pieces) and k + 1 < len(w) and w[k] == "-" \
                        or (len(piece) == 1 and n + 1 < len(pieces) and k + 1 < len(w) and w[k].isalpha()
                            and not _fits(pieces[n + 1], w[k]) and _fits(pieces[n + 1], w[k + 1])):
                    k += 2 if w[k] == "-" else 1  # "full-time" / "full time" undergrads: one word for the "F"
            if not ok and len(pieces) == 2 and i + 1 < len(w) and not p.claimed[i] and not p.claimed[i + 1] \
                    and vocab.lexicon.dimension_comparative(w[i]) and _fits(pieces[1], w[i]) and _fits(pieces[0], w[i + 1]) \
                    and w[i + 1] not in stop:
                p.words[i + 1] = c.words[0][0] if len(c.words) == 1 and c.words[0] else c.name
                break  # "a deeper body than …" on `BD` (body depth): the comparative first, the column after it
            if not ok:
                continue
            if c.type == "boolean":
                p.values.append((Span(i, k), [[_flag_hit(vocab, c.name)]], " ".join(t.raw for t in p.toks[i:k])))
                p.claim(i, k)
            elif len(c.words) == 1:
                if k - 1 > at[0] and vocab.lexicon.dimension_comparative(w[k - 1]):
                    # "a carapace longer than 40" on `CL`: the comparative names the column's last word and
                    # says which way the number goes — the column takes the first word, the comparison stays
                    p.words[at[0]] = c.words[0][0]
                else:
                    for x in at[:-1]:  # "carapace width" → `CW`: the name's other words said, not left unread
                        if not vocab.lexicon.superlative(w[x]) and not vocab.lexicon.dimension_comparative(w[x]):
                            p.words[x] = "of"  # ("the highest heating value" → `hhv`: "highest" still orders)
                    p.words[k - 1] = c.words[0][0]
            elif len(c.words) == len(pieces) and all(c.words):
                for pos, g in zip(at, c.words):  # "full time undergrads" → `F.Undergrad`'s own words, "f undergrad"
                    p.words[pos] = g[0]
            break


def _initial_tokens(vocab: Vocabulary) -> list[tuple[str, str]]:
    """(column, token) for the 2–4 letter words of number columns' names that are no English word
    and no known short form: initials a person says in full (`sf_value`: "significant figures")."""
    got = vocab.__dict__.get("_initial_tokens")
    if got is None:
        got = []
        for c in vocab.columns.values():
            if c.type not in ("integer", "real") or c.role in ("id", "time"):
                continue
            for g in c.words:
                t = g[0] if g else ""
                if 2 <= len(t) <= 4 and t.isalpha() and (word_rank(t) or 10 ** 9) >= COMMON_WORD_RANK and expand([t]) == [t]:
                    got.append((c.name, t))
        shared = {t for _, t in got if sum(1 for _, x in got if x == t) >= 3}
        got = [(c, t) for c, t in got if t not in shared]  # `preOp_…`, `postOp_…`: a group's prefix, no measure's initials
        vocab.__dict__["_initial_tokens"] = got
    return got


def read_initial_words(p: Parse, vocab: Vocabulary) -> None:
    """"known to 13 significant figures" on `sf_value`: words whose initials spell a word of a
    number column's name stand for that word (the last one carries it)."""
    w, stop = p.words, vocab.lexicon.stop
    for col, t in _initial_tokens(vocab):
        n = len(t)
        done = False
        for m in range(n, 1, -1):  # "bypass ratio" → `bpr`: a compound word gives the initials of its parts
            for i in range(len(w) - m + 1):
                ws = w[i:i + m]
                if any(p.claimed[i + x] or not ws[x].isalpha() or ws[x] in stop or len(ws[x]) < 4 for x in range(m)) \
                        or t not in _initials(ws, n):
                    continue
                if any(_a_value_word(vocab, x) or vocab.lexicon.superlative(x) for x in ws):
                    continue  # "valve surgery" where a value says "Valve": the value, not the `vs` of a header
                for x in range(i, i + m - 1):
                    p.words[x] = "of"
                p.words[i + m - 1] = t
                done = True
                break
            if done:
                break


def _a_value_word(vocab: Vocabulary, word: str) -> bool:
    return bool(vocab.lookup(word)) or stem_of(word) in vocab.value_words


def _initials(ws: list[str], n: int) -> set[str]:
    """The initials a run of words may give: one letter each, or two of a word made of two words
    ("bypass": b, p; "airflow": a, f)."""
    out = {""}
    for x in ws:
        opts = {x[0]} | {x[0] + x[k] for k in range(2, len(x) - 1)
                         if word_rank(x[:k]) is not None and word_rank(x[k:]) is not None and len(x[k:]) >= 3}
        out = {a + b for a in out for b in opts if len(a + b) <= n}
    return out


def _initialled(vocab: Vocabulary) -> list:
    """(column, the pieces of its name) for columns named with initials (`str`, `S.F.Ratio`), once per catalog."""
    got = vocab.__dict__.get("_initialled")
    if got is None:
        got = []
        for c in vocab.columns.values():
            if c.role in ("id", "title") or c.type not in ("boolean", "integer", "real"):
                continue
            pieces = name_words(c.name)
            if c.label and norm(c.label).replace(" ", "") != "".join(pieces) and len("".join(pieces)) <= 3:
                continue  # `mu` known as "poisson's ratio" (a notation, a brain, a schema): no initials to read
            rare = word_rank(pieces[0]) is None or (len(pieces[0]) == 2 and word_rank(pieces[0]) >= 10000)
            if len(pieces) == 1 and 2 <= len(pieces[0]) <= 5 and pieces[0].isalpha() and rare:  # "hd": hard drive
                pieces = list(pieces[0])  # "str": each letter an initial
            if len(pieces) >= 2 and any(len(x) == 1 for x in pieces) and all(x.isalpha() for x in pieces):
                got.append((c, pieces))
        vocab.__dict__["_initialled"] = got
    return got
