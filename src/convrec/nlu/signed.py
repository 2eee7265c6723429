"""Amounts on the catalog's signed measure (profit, net income, change): "lost money", "lost more than
a billion", "didn't lose money", "profitable banks" bound it below or above zero; "the 3 most
profitable" orders by it."""

from __future__ import annotations

from convrec.catalog.text import norm
from convrec.nlu.amounts import round_in
from convrec.nlu.intent import Condition, SortHint
from convrec.nlu.reading import NOT_BEFORE, Parse, Span, num
from convrec.nlu.vocab import Vocabulary

def _signed_column(vocab: Vocabulary) -> str | None:
    """The measure of this catalog that goes below zero when an item loses (profits, net
    income, change): a numeric column with values on both sides of zero, named like one."""
    lex = vocab.lexicon
    cands = [c for c in vocab.columns.values() if c.type in ("integer", "real") and c.min is not None
             and c.max is not None and float(c.min) < 0 < float(c.max) and c.role not in ("id", "time", "rating")]
    said = {c.name: len(set(norm(c.label or c.name).split()) & lex.signed_measures) for c in cands}
    own = [c for c in cands if said[c.name] and said[c.name] == max(said.values())]  # "net income" over "other income"
    named = own or [c for c in cands if any(set(g) & lex.signed_measures for g in c.words)]
    # a column named "profit" before one that only a synonym ties to it ("other revenue" ~ income)
    pick = named or (cands if len(cands) == 1 else [])
    return pick[0].name if pick else None


def signed_amounts(p: Parse, vocab: Vocabulary) -> None:
    """"lost money", "lost more than a billion", "didn't lose money", "profitable banks": a
    bound on the catalog's signed measure (below zero is a loss)."""
    lex, w = vocab.lexicon, p.words
    if not (lex.loss.contains(w) or lex.gain.contains(w)):
        return
    col = _signed_column(vocab)
    if col is None:
        return
    info = vocab.columns[col]
    for phrases, loss in ((lex.loss, True), (lex.gain, False)):
        for a, b in phrases.find(w):
            if any(p.claimed[k] for k in range(a, b)):
                continue
            neg = p.negated(a) or (a > 0 and w[a - 1] in NOT_BEFORE)
            end, op, v = b, None, None
            k = b
            while k < len(w) and w[k] in ("a", "an", "the"):
                k += 1
            for cop, ph in lex.compare.items():
                n = ph.match_at(w, k)
                if n and cop != "=" and k + n < len(w) and num(w[k + n]) is not None:
                    op, v, end = cop, float(num(w[k + n])), k + n + 1
                    break
            if op is None and k < len(w) and num(w[k]) is not None:
                op, v, end = ">=", float(num(w[k])), k + 1  # "lost 2 billion"
            if v is not None:
                if v >= 1000 and float(info.max) < 10000:  # "a billion" on a column kept in billions
                    for div in (1e3, 1e6, 1e9):
                        if round_in(v, div) and v / div <= max(abs(float(info.min)), abs(float(info.max))):
                            v /= div
                            break
                v /= (info.scale or 1.0)
            while end < len(w) and lex.money.match_at(w, end):
                end += lex.money.match_at(w, end)
            text = " ".join(t.raw for t in p.toks[a:end])
            if v is None and not neg and a > 0 and w[a - 1] in ("most", "least") and b - a == 1:
                # "the 3 most profitable": an order by the signed measure, not a bound on it
                p.sort.append(SortHint(col, (w[a - 1] == "most") != loss, " ".join(t.raw for t in p.toks[a - 1:b])))
                p.claim(a - 1, b)
                continue
            if v is None:
                loses = loss != neg
                cond = Condition(col, "<" if loses else ">=", 0.0, text, info.role) if loss else \
                    Condition(col, ">" if loses is False else "<=", 0.0, text, info.role)
                if not loss:
                    cond = Condition(col, "<=" if neg else ">", 0.0, text, info.role)
                p.numbers.append((Span(a, end), cond))
            elif loss and not neg:
                # lost more than v → below −v; lost less than v → between −v and 0
                flip = {">": "<", ">=": "<=", "<": ">", "<=": ">="}[op]
                p.numbers.append((Span(a, end), Condition(col, flip, -v, text, info.role)))
                if op in ("<", "<="):
                    p.numbers.append((Span(a, end), Condition(col, "<", 0.0, text, info.role)))
            else:
                p.numbers.append((Span(a, end), Condition(col, op, v if not loss else -v, text, info.role)))
            p.claim(a, end)
            if neg and a > 0 and w[a - 1] in NOT_BEFORE:
                p.claim(a - 1, a)
