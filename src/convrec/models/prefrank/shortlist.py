"""A large catalog's candidates narrowed to the ones worth scoring in full: each view's best and
the item-only prior's best (see :func:`shortlist`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from convrec.models.base import top_order
from convrec.models.prefrank.columns import seq_log_softmax, sparse_seq
from convrec.models.prefrank.common import FEATURES, GROUPS, SHORTLIST_EXACT

if TYPE_CHECKING:
    from convrec.models.prefrank.ranker import PreferenceRanker


def shortlist(ranker: "PreferenceRanker", liked: np.ndarray, disliked: np.ndarray, cand: np.ndarray, text: np.ndarray | None,
              conversational: bool, mentioned: np.ndarray | None, stated: bool,
              each: int | None = None) -> tuple[np.ndarray, np.ndarray | None]:
    """``(shortlist, SASRec column on it)``: the candidates worth scoring in full — every
    item with a stored ItemCF similarity to a liked (or, in a conversation, mentioned) item
    or to a disliked one (the weights decide which way those move), and ``each`` items from
    each other view the weights read: SASRec's best (through its item index on a large
    catalog), the nearest texts to the liked items (their mean less half the disliked ones',
    which is the content_mean feature, and each one) and to the user's words (through the
    vector index on large catalogs), and the best by the item-only part of the score
    (popularity, recency, age, dialogue counts), which is computed once per weight set.
    An item outside it would need to beat all of these on views where it is not among the
    best; ``tests/test_prefrank_shortlist.py`` measures the top 10 against scoring every
    candidate."""
    n, each = len(ranker.items), each or ranker.shortlist_each
    w = ranker._weights(conversational, stated)
    col = {f: i for i, f in enumerate(FEATURES)}
    reads = lambda *fs: any(abs(float(w[col[f]])) > 1e-9 for f in fs)  # noqa: E731
    allowed = np.zeros(n, dtype=bool)
    allowed[cand] = True
    pick = np.zeros(n, dtype=bool)
    v = ranker.views

    whole = len(cand) >= n and bool(allowed.all())

    def best(score: np.ndarray, k: int) -> np.ndarray:  # the k highest allowed entries of a catalog-wide score
        s = score if whole else np.where(allowed, score, -np.inf)
        k = min(k, n if whole else int(allowed.sum()))
        return np.argpartition(-s, k - 1)[:k] if k > 0 else np.zeros(0, dtype=np.int64)

    rows = []
    if len(liked):
        rows.append(liked)
    if conversational and mentioned is not None and len(mentioned):
        rows.append(mentioned)
    if len(disliked) and len(liked):  # cf_mean reads them too: their neighbours move, whichever way the weights say
        rows.append(disliked)
    if v.itemcf is not None and rows and reads(*GROUPS["cf"], "ctx_cf"):
        r = np.concatenate(rows).astype(np.int64)
        for M in (v.itemcf.sim, getattr(v.itemcf, "conf", None), getattr(v.itemcf, "lift", None),
                  getattr(v.itemcf, "lift_liked", None)):
            if M is not None:
                pick[np.concatenate([M.indices[M.indptr[i] : M.indptr[i + 1]] for i in r])] = True
    seq, row = None, None
    if len(liked) and v.sasrec is not None and reads("seq") and ranker.active()[col["seq"]]:
        if ranker.seq_index and sparse_seq(v.sasrec):  # through SASRec's item index: no score for every item
            row = v.sasrec.sparse_log_softmax(liked, each, None if whole else allowed, disliked)
            pick[row.top] = True
        else:
            full = seq_log_softmax(v.sasrec, [(liked, disliked)])[0]
            pick[best(full, each)] = True
            seq = full
    emb = v.embeddings
    if emb is not None:
        vec = emb.vectors
        rows_ok = cand
        queries = []
        if len(liked) and reads("content_mean", "content_max"):
            # the content_mean feature is this inner product: the liked texts' mean, less half the disliked ones'
            qm = vec[liked].mean(axis=0)
            queries.append((qm - 0.5 * vec[disliked].mean(axis=0) if len(disliked) else qm, each))
            queries += [(vec[i], max(each // len(liked), 50)) for i in liked]
        if text is not None and reads("text"):
            queries.append((text.astype(vec.dtype), each))
        if conversational and mentioned is not None and len(mentioned) and reads("ctx_content_mean", "ctx_content_max"):
            queries.append((vec[mentioned].mean(axis=0), each))
        few = len(rows_ok) <= SHORTLIST_EXACT
        if queries and getattr(emb, "approximate", False) and not few:  # through the vector index, every
            # query in one call, its proposals as they are (each shortlisted item is scored exactly after)
            Q = np.stack([np.asarray(q, dtype=np.float32) for q, _ in queries])
            pick[emb.searcher.propose(Q, [k for _, k in queries], None if whole else allowed)] = True
        elif queries:  # exact: the candidates' vectors gathered once, one product for every query
            Q = np.stack([q for q, _ in queries]).astype(vec.dtype, copy=False)
            sub = np.unique(rows_ok) if few and not whole else None
            if sub is None:
                sims = vec @ Q.T
            else:  # gathered a cache-sized block at a time (the whole gather cost more than the product)
                sims = np.empty((len(sub), len(Q)), dtype=np.result_type(vec.dtype, Q.dtype))
                for a in range(0, len(sub), 4096):
                    np.matmul(vec[sub[a : a + 4096]], Q.T, out=sims[a : a + 4096])
            for j, (_, k) in enumerate(queries):
                if sub is None:
                    pick[best(sims[:, j], k)] = True
                else:
                    k = min(k, len(sub))
                    pick[sub[np.argpartition(-sims[:, j], k - 1)[:k]]] = True
    if whole:  # request-independent: sorted once per weight set
        pick[prior_order(ranker, conversational, stated)[:each]] = True
    else:  # the allowed items' best, found among them only (the same items the sorted catalog gives)
        c = np.flatnonzero(allowed)
        pick[c[top_order(prior_score(ranker, conversational, stated)[c], each)]] = True
    pick &= allowed
    out = np.flatnonzero(pick)
    return out, (seq[out] if seq is not None else row.at(out) if row is not None else None)


def prior_order(ranker: "PreferenceRanker", conversational: bool, stated: bool) -> np.ndarray:
    """Every item, best first by :meth:`_prior_score` (kept per weight set)."""
    key = (conversational and ranker.w_conv is not None, stated and ranker.w_likes is not None)
    cache = ranker.__dict__.setdefault("_prior_orders", {})
    if key not in cache:
        cache[key] = np.argsort(-prior_score(ranker, conversational, stated), kind="stable")
    return cache[key]


def prior_score(ranker: "PreferenceRanker", conversational: bool, stated: bool) -> np.ndarray:
    """The part of the score that depends on the item alone (popularity, recency, age,
    dialogue counts), for every item, as of now; kept per weight set."""
    key = (conversational and ranker.w_conv is not None, stated and ranker.w_likes is not None)
    cache = ranker.__dict__.setdefault("_priors", {})
    if key not in cache:  # the features of no liked item, no words, no conversation: only the item-only ones
        allc = np.arange(len(ranker.items))
        X = ranker.features(np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64), allc,
                          chat=ranker.chat if conversational else None)
        on = [FEATURES.index(f) for f in ("pop", "pop_recent", "fresh", "age", "chat_pop")]
        cache[key] = ((X[:, on] - ranker.mean[on]) / ranker.std[on]) @ ranker._weights(conversational, stated)[on]
    return cache[key]
