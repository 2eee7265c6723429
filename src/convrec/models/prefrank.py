"""The preference ranker: stated items → one learned score over CF, sequence, content and priors.

A user in chat names a few items they like (and maybe some they dislike). Each classic model
gives one view of what to recommend next; the ranker combines them with weights **learned on
held-out users of the same catalog** instead of hand-set ones:

==================  =============================================================
``cf_mean``         ItemCF: mean similarity to the liked items, minus to disliked ones (log scale)
``cf_max``          ItemCF: the largest similarity to any liked item (log scale)
``cf_conf``         ItemCF: the mean share of the people who had a liked item who also had
                    this one ("people who liked these also liked"), log scale
``cf_lift``         ItemCF: the mean asymmetric cosine to the liked items
                    (co-count / (n_liked^0.5 · n_item^0.3), ``ItemCF.lift``), log scale
``cf_liked``        ItemCF: ``cf_lift`` over the interactions people liked only (a good
                    rating): co-liking rather than co-watching (``ItemCF.lift_liked``)
``seq``             order-free SASRec (``sasrec-set``): log-softmax of the item given the set
``content_mean``    MiniLM: mean cosine to the liked items' texts
``content_max``     MiniLM: the largest cosine to a liked item
``pop``             log count of interactions before the request time
``pop_recent``      log count in the 12 months before the request time
``age``             log years since release (the catalog's year column), when it has one
``fresh``           log months since the item's first interaction
``text``            MiniLM: cosine of the item's text to what the user wrote (``Context.text``)
``chat_pop``        log count of the catalog's dialogues that name the item (either side), for
                    a turn of a conversation only (zero elsewhere)
``ctx_cf``          ItemCF: mean similarity to every item the conversation named, either side,
                    liked or not (``Context.mentioned``: what the talk is about), log scale;
                    a turn of a conversation only
``ctx_content_*``   MiniLM: mean / largest cosine to those items (same)
==================  =============================================================

Training (``fit``): for users with a validation item, a few items of their training history
(the ones they rated well, where ratings exist) play the stated items and the validation item
is the one to find, among hard negatives (every view's top 50) and random ones. The model is a
conditional logit — softmax over each query's candidates, L2-regularised, fitted with L-BFGS —
so it learns how much each view predicts *which* item a person picks. No leakage: ItemCF and
the popularity counts used for training see only what happened before the validation item
(ItemCF on the train split, counts up to the month before), SASRec never saw validation items,
and MiniLM reads only item texts. At request time the same views are computed with the full
models and "now" is the last month of the data.

**Conversations** (``fit(..., conversations=...)``): where the catalog comes with real
recommendation dialogues (ReDial for ``movielens-small``, the ``tune`` fold only), their turns
are queries too — what the user wrote, the items they liked, the item the human recommender
suggested — and teach a second set of weights (``w_conv``: ``conv_share`` of the loss on the
dialogues, the rest on the user queries), used when the request is a turn of a conversation
(``Context.conversational``). Person-to-person recommendation is not a next-item log: on ReDial it leans on what
was said and on recent, widely seen films, which user histories alone do not teach. For user
queries the "text" is the titles of the stated items, as a one-line request would name them.

Signals a catalog cannot give (no interactions → no CF, no timestamps → no recency, no year
column → no age) are constant zero and get zero weight. ``groups`` switches whole views off for
ablations (the ranker is then fitted without them).
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Sequence

import numpy as np
import pandas as pd

from convrec.models.base import Context, ItemIds, ItemIndex, top_order

FEATURES = ("cf_mean", "cf_max", "cf_conf", "cf_lift", "cf_liked", "seq", "content_mean", "content_max", "pop", "pop_recent", "age", "fresh", "text",
            "chat_pop", "ctx_cf", "ctx_content_mean", "ctx_content_max")
GROUPS = {"cf": ("cf_mean", "cf_max", "cf_conf", "cf_lift", "cf_liked"), "seq": ("seq",), "content": ("content_mean", "content_max"),
          "priors": ("pop", "pop_recent", "age", "fresh"), "text": ("text",), "chat": ("chat_pop",),
          "ctx": ("ctx_cf", "ctx_content_mean", "ctx_content_max")}
CONVERSATION_ONLY = ("chat_pop", "ctx_cf", "ctx_content_mean", "ctx_content_max")
"""Features only a turn of a conversation has (zero for a one-off request): the history
weights never use them."""
LIKES_OFF = ("seq", "pop", "pop_recent")
"""Views the likes weights do not read. ``seq``: the order-free SASRec is trained on the very
users the likes queries come from (it saw the items to find), so its weight cannot be fitted
honestly there (fitted anyway, it took most of the weight and scored 0.375 vs 0.382 without it
on the movielens-small protocol; docs/results/likes.md). The popularity counts (``pop``,
``pop_recent``): with them the weights put "people who liked these also liked" mostly on what
everybody liked, and people with nothing in common got up to 7 of the same 10 films. Chosen on the
tune folds of movielens-small (684 likes queries): the item to find was found as often without
them (HR@10 over the catalog 0.129 with, 0.130 without), two queries with disjoint stated items
shared 0.77 instead of 2.05 of their top 10; against 19 random items (the one-turn protocol,
where popularity alone is strong) 0.770 vs 0.808 NDCG. Dropping ``fresh`` too (months since
the item's first interaction) shared 0.88 and scored 0.726 there. After that fit, SASRec's and
popularity's weights are chosen per catalog over the whole catalog (``_choose_blend``): they come
back only where the catalog's own tune users show they find more with them (steam: SASRec 4)."""
MIN_PROBES = 50
"""Fewest likes queries with an item SASRec never trained on (``Query.seq_probe``) to weigh
SASRec for stated likes; with fewer, the likes weights leave it out."""
BLEND_GRID = (0.25, 0.5, 1.0, 2.0, 4.0)
"""Weights tried for SASRec and popularity on top of the likes weights (standardised views)."""
BLEND_QUERIES = 600
BLEND_FULL = 100_000
"""Up to this many items a blend probe ranks the whole catalog; above, the target among this many
items drawn at random, its rank scaled to the catalog (a probe's cost stays bounded)."""
"""Most probe queries the blend is chosen on (each ranks the whole catalog)."""
SHORTLIST_ABOVE = 20_000
"""Above this many candidates a request is scored on a shortlist (:meth:`PreferenceRanker.shortlist`):
the union of what each view puts first, then every feature on those items only. Scoring every item
of a million-item catalog took a turn over a second. The shipped movielens-small (9,742 items) is
always scored whole; on steam the shortlist's top 10 is the whole catalog's in every one of 60
requests (``benchmarks/shortlist_agreement.py``)."""
SHORTLIST_EXACT = 60_000
"""Up to this many candidates their text vectors are compared exactly (one product for every
query of the shortlist); above, on a catalog with a vector index, through the index."""
SHORTLIST_EACH = 1_000
"""Items each view adds to the shortlist (ItemCF adds every item with a stored similarity).
``benchmarks/shortlist_agreement.py``: at 1,000 the top 10 equals scoring every item in 60 of 60
steam requests and 40 of 40 at a million items (as at 2,000), 135 vs 164 ms at 1M."""
MAX_TEXT = 2000
"""Characters of the user's words the text feature reads (the most recent ones)."""
VERSION = 9
"""Bumped when what a saved ranker holds changes (2: the likes weights; 3: conversation weights share the loss with the likes queries; 4: cf_lift; 5, 6: likes weights without the popularity counts; 7: SASRec weighed for stated likes on probe queries; 8: cf_liked; 9: SASRec and popularity for stated likes chosen over the whole catalog): an older one is refitted."""
FTOL = 1e-7
"""L-BFGS stops when an iteration improves the loss by less than this share: the fitted
negative log-likelihood is the same to four decimals as at scipy's default (2.2e-9), in fewer
passes over the feature rows."""
MONTH = 30.44 * 86400
RECENT_MONTHS = 12


@dataclass
class Views:
    """The component models a ranker reads (any may be None: its features are then zero)."""

    itemcf: Any = None
    sasrec: Any = None
    embeddings: Any = None


class TimeCounts:
    """Per item, interactions by month: popularity as of any month.

    Kept sparse — one entry per (item, month) that has interactions, sorted — so memory follows
    the interactions, not items × months (a dense grid was 1.4 GB at a million items over 30 years).
    """

    def __init__(self, nz_item: np.ndarray, nz_month: np.ndarray, nz_count: np.ndarray, months: int,
                 first: np.ndarray, t0: float, n_items: int | None = None):
        n = int(n_items if n_items is not None else len(first))
        order = np.lexsort((nz_month, nz_item))
        self.nz_item = np.asarray(nz_item, dtype=np.int64)[order]
        self.nz_month = np.asarray(nz_month, dtype=np.int64)[order]
        self.nz_count = np.asarray(nz_count, dtype=np.int64)[order]
        self.months = int(months)  # months with data: month indices 0 .. months - 1
        self.first = first  # first month with an interaction (-1: never)
        self.t0 = t0
        self._keys = self.nz_item * (self.months + 1) + self.nz_month
        self._before = np.r_[0, np.cumsum(self.nz_count)]  # interactions in the entries before each one
        self._start = np.searchsorted(self.nz_item, np.arange(n + 1))  # each item's first entry

    @classmethod
    def build(cls, item_idx: np.ndarray, ts: np.ndarray | None, n_items: int) -> "TimeCounts":
        item_idx = np.asarray(item_idx, dtype=np.int64)
        if ts is None or len(ts) == 0 or not np.isfinite(ts).any():
            counts = np.bincount(item_idx, minlength=n_items)
            nz = np.flatnonzero(counts)
            first = np.where(counts > 0, 0, -1)
            return cls(nz, np.zeros(len(nz), dtype=np.int64), counts[nz], 1, first, 0.0, n_items)
        ok = np.isfinite(ts)
        item_idx, ts = item_idx[ok], ts[ok]
        t0 = float(ts.min())
        month = ((ts - t0) // MONTH).astype(np.int64)
        n_m = int(month.max()) + 1
        keys, counts = np.unique(item_idx * (n_m + 1) + month, return_counts=True)
        it, mo = keys // (n_m + 1), keys % (n_m + 1)
        first = np.full(n_items, -1, dtype=np.int64)
        head = np.r_[True, it[1:] != it[:-1]]  # keys sort by item, then month: an item's first entry
        first[it[head]] = mo[head]
        return cls(it, mo, counts, n_m, first, t0, n_items)

    @property
    def now(self) -> int:
        """The month after the last one with data."""
        return self.months

    def month_of(self, t: float | None) -> int:
        if t is None or self.t0 == 0.0:
            return self.now
        return int(np.clip((t - self.t0) // MONTH, 0, self.now))

    def before(self, month: int, idx: np.ndarray) -> np.ndarray:
        """Interactions of items ``idx`` in the months before ``month``."""
        idx = np.asarray(idx, dtype=np.int64)
        want = idx * (self.months + 1) + month
        if len(want) > 64:  # sorted needles: each search starts where the last ended (3x faster on 5M keys)
            o = np.argsort(want, kind="stable")
            pos = np.empty(len(want), dtype=np.int64)
            pos[o] = np.searchsorted(self._keys, want[o])
        else:
            pos = np.searchsorted(self._keys, want)
        return (self._before[pos] - self._before[self._start[idx]]).astype(np.float64)

    def features(self, month: int, idx: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """(log pop before ``month``, log pop in the 12 months before, log months since first)."""
        pop = self.before(month, idx)
        recent = pop - self.before(max(month - RECENT_MONTHS, 0), idx)
        f = self.first[idx]
        fresh = np.where((f >= 0) & (f < month), np.log1p(np.maximum(month - f, 0)), 0.0)
        return np.log1p(pop), np.log1p(recent), fresh


def _column_stats(x: np.ndarray, rows: int = 1 << 20) -> tuple[np.ndarray, np.ndarray]:
    """Column means and standard deviations in float64, two passes over blocks of rows (numpy's
    ``std(dtype=float64)`` makes a float64 copy of the whole array: gigabytes here)."""
    n = len(x)
    total = np.zeros(x.shape[1])
    for a in range(0, n, rows):
        total += x[a : a + rows].sum(axis=0, dtype=np.float64)
    mean = total / n
    sq = np.zeros(x.shape[1])
    for a in range(0, n, rows):
        d = x[a : a + rows].astype(np.float64) - mean
        sq += np.einsum("ij,ij->j", d, d)
    return mean, np.sqrt(sq / n)


def _positions(n: int, cand: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``(pos, back)``: per item, its slot among the candidates (-1: not one), and per candidate
    its slot (a candidate given twice shares one)."""
    cand = np.asarray(cand, dtype=np.int64)
    pos = np.full(n, -1, dtype=np.int64)
    if not len(cand):
        return pos, np.zeros(0, dtype=np.int64)
    pos[cand] = np.arange(len(cand))
    back = pos[cand]
    if not np.array_equal(back, np.arange(len(cand))):  # repeated candidates: one slot per distinct item
        uniq, back = np.unique(cand, return_inverse=True)
        pos[:] = -1
        pos[uniq] = np.arange(len(uniq))
    return pos, back


def _entries(M, rows: np.ndarray, pos: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The stored entries of ``M``'s ``rows`` that fall on candidate columns: (row number among
    ``rows``, candidate position, value)."""
    rows = np.asarray(rows, dtype=np.int64)
    st = M.indptr[rows].astype(np.int64)
    ln = M.indptr[rows + 1] - st
    r = np.repeat(np.arange(len(rows)), ln)
    at = np.arange(int(ln.sum())) + np.repeat(st - (np.cumsum(ln) - ln), ln)  # where each entry is stored
    c = pos[M.indices[at]]
    keep = c >= 0
    return r[keep], c[keep], M.data[at[keep]].astype(np.float64)


def _sparse_max(r: np.ndarray, c: np.ndarray, d: np.ndarray, k: int, m: int) -> np.ndarray:
    """Column maxima over ``k`` sparse rows: a column with fewer than ``k`` stored entries also
    holds a zero."""
    top = np.full(m, -np.inf)
    np.maximum.at(top, c, d)
    full = np.bincount(c, minlength=m) >= k
    return np.where(full, top, np.maximum(top, 0.0))


class PreferenceRanker:
    """Scores items for a stated context with learned weights over the views (see module doc)."""

    name = "pref-ranker"

    def __init__(self, items: ItemIndex, views: Views, counts: TimeCounts, years: np.ndarray | None = None,
                 groups: Sequence[str] = tuple(GROUPS), l2: float = 1e-2):
        self.items = items
        self.views = views
        self.counts = counts
        self.years = years  # release year per item (nan: unknown)
        self.groups = tuple(groups)
        self.l2 = l2
        self.mean = np.zeros(len(FEATURES))
        self.std = np.ones(len(FEATURES))
        self.w = np.zeros(len(FEATURES))
        self.w_conv: np.ndarray | None = None
        """Weights for a turn of a conversation, when the catalog's dialogues taught any."""
        self.w_likes: np.ndarray | None = None
        """Weights for items a person states they like ("I loved A, B and C"), fitted on finding
        another liked item of held-back users (see :func:`likes_queries`)."""
        self.chat: np.ndarray | None = None
        """Per item, how many of the catalog's dialogues (the fit fold) name it: what people
        bring up when they recommend to each other (None: the catalog has no dialogues)."""
        self.fit_info: dict[str, Any] = {}

    # ------------------------------------------------------------------ features
    def active(self) -> np.ndarray:
        on = set(f for g in self.groups for f in GROUPS.get(g, ()))
        return np.array([f in on for f in FEATURES])

    def embed_text(self, text: str | None) -> np.ndarray | None:
        """The query vector of what the user wrote (None: no text, or no text view)."""
        text = (text or "").strip()[-MAX_TEXT:]
        emb = self.views.embeddings
        if not text or emb is None or not self.active()[FEATURES.index("text")]:
            return None
        return np.asarray(emb.embed_query(text), dtype=np.float64)

    def features(self, liked: np.ndarray, disliked: np.ndarray, cand: np.ndarray, month: int | None = None,
                 views: Views | None = None, text: np.ndarray | None = None,
                 chat: np.ndarray | None = None, mentioned: np.ndarray | None = None,
                 counts: "TimeCounts | None" = None, liked_weights: np.ndarray | None = None,
                 seq: np.ndarray | None = None) -> np.ndarray:
        """``[len(cand), len(FEATURES)]`` raw features (``seq``: the SASRec column for ``cand``,
        computed ahead in a batch by :func:`seq_log_softmax`). ``chat``: dialogue counts per item,
        ``mentioned``: the conversation's items (both only for a turn of a conversation; None:
        zero); ``counts``: the popularity counts to read (default: the ranker's);
        ``liked_weights``: how much each liked item counts (None: all alike) — the means are
        weighted means, the largest similarities are taken over weighted ones."""
        v = views or self.views
        wl = None
        if liked_weights is not None and len(liked) and not np.allclose(liked_weights, liked_weights[0]):
            wl = np.asarray(liked_weights, dtype=np.float64)
            wl = wl / wl.sum()
        counts = counts or self.counts
        X = np.zeros((len(cand), len(FEATURES)))
        act = self.active()
        col = {f: i for i, f in enumerate(FEATURES)}
        pos = None  # candidate position of each item (-1: not a candidate), for the ItemCF reads
        if len(liked) and v.itemcf is not None and act[col["cf_mean"]]:
            # every matrix is read on the candidates' columns only, from the liked items' stored
            # entries: the same numbers as reading whole rows, at a cost that follows the entries
            pos, back = _positions(len(self.items), cand)
            k, m = len(liked), int(pos.max()) + 1

            def avg(M, rows=liked, w=wl):  # the (weighted) mean of the rows, on the candidates
                r, c, d = _entries(M, rows, pos)
                out = np.bincount(c, weights=d if w is None else d * w[r], minlength=m) / (len(rows) if w is None else 1.0)
                return out[back]

            mean = avg(v.itemcf.sim)
            if len(disliked):
                mean = mean - avg(v.itemcf.sim, disliked, None)
            # similarities are heavy-tailed: a log scale lets one weight fit small and large ones
            X[:, col["cf_mean"]] = np.sign(mean) * np.log1p(100 * np.abs(mean))
            r, c, d = _entries(v.itemcf.sim, liked, pos)
            if wl is not None:
                d = d * (wl / wl.max())[r]
            top = np.zeros(m)
            np.maximum.at(top, c, d)
            if k and m and (d < 0).any():  # a column's largest entry may be negative: sparse max semantics
                top = _sparse_max(r, c, d, k, m)
            X[:, col["cf_max"]] = np.log1p(100 * top[back])
            conf = getattr(v.itemcf, "conf", None)
            if conf is not None:
                X[:, col["cf_conf"]] = np.log1p(100 * avg(conf))
            lift = getattr(v.itemcf, "lift", None)
            if lift is not None:
                X[:, col["cf_lift"]] = np.log1p(100 * avg(lift))
            liked_lift = getattr(v.itemcf, "lift_liked", None)
            if liked_lift is not None:
                X[:, col["cf_liked"]] = np.log1p(100 * avg(liked_lift))
        if seq is not None:
            X[:, col["seq"]] = seq
        elif len(liked) and v.sasrec is not None and act[col["seq"]]:
            if _sparse_seq(v.sasrec) and len(cand) < len(self.items) // 4:
                X[:, col["seq"]] = v.sasrec.sparse_log_softmax(liked, 64, disliked=disliked).at(cand)
            else:
                X[:, col["seq"]] = seq_log_softmax(v.sasrec, [(liked, disliked)])[0][cand]
        vc = None  # the candidates' text vectors, gathered once for every content view
        if len(liked) and v.embeddings is not None and act[col["content_mean"]]:
            vec = v.embeddings.vectors
            whole = len(cand) == len(vec) and len(cand) > 1 and cand[0] == 0 and bool((np.diff(cand) == 1).all())
            vc = vec if whole else vec[cand]  # the whole catalog in order: no copy of every vector
            sims = vc @ vec[liked].T
            X[:, col["content_mean"]] = sims.mean(axis=1) if wl is None else sims @ wl
            X[:, col["content_max"]] = sims.max(axis=1) if wl is None else (sims * (wl / wl.max())).max(axis=1)
            if len(disliked):
                X[:, col["content_mean"]] -= 0.5 * (vc @ vec[disliked].T).mean(axis=1)
        if text is not None and v.embeddings is not None and act[col["text"]]:
            vc = v.embeddings.vectors[cand] if vc is None else vc
            X[:, col["text"]] = vc @ text.astype(vc.dtype, copy=False)
        if chat is not None and act[col["chat_pop"]]:
            X[:, col["chat_pop"]] = np.log1p(np.maximum(chat[cand], 0))
        if mentioned is not None and len(mentioned) and act[col["ctx_cf"]]:
            if v.itemcf is not None:
                pos, back = _positions(len(self.items), cand) if pos is None else (pos, back)
                _, c, d = _entries(v.itemcf.sim, mentioned, pos)
                X[:, col["ctx_cf"]] = np.log1p(100 * np.bincount(c, weights=d, minlength=int(pos.max()) + 1)[back] / len(mentioned))
            if v.embeddings is not None:
                vc = v.embeddings.vectors[cand] if vc is None else vc
                sims = vc @ v.embeddings.vectors[mentioned].T
                X[:, col["ctx_content_mean"]] = sims.mean(axis=1)
                X[:, col["ctx_content_max"]] = sims.max(axis=1)
        if act[col["pop"]]:
            m = counts.now if month is None else month
            pop, recent, fresh = counts.features(m, cand)
            X[:, col["pop"]], X[:, col["pop_recent"]], X[:, col["fresh"]] = pop, recent, fresh
            if self.years is not None:
                y = self.years[cand]
                now_year = self._year_of(m, counts)
                X[:, col["age"]] = np.where(np.isfinite(y), np.log1p(np.clip(now_year - y, 0, None)), 0.0)
        return X

    def _year_of(self, month: int, counts: "TimeCounts | None" = None) -> float:
        counts = counts or self.counts
        if counts.t0 == 0.0:  # no timestamps: "now" is the newest release
            return float(np.nanmax(self.years)) if self.years is not None and np.isfinite(self.years).any() else 0.0
        return 1970 + (counts.t0 + month * MONTH) / (365.25 * 86400)

    def score_indices(self, liked: np.ndarray, disliked: np.ndarray, cand: np.ndarray, month: int | None = None,
                      text: np.ndarray | None = None, conversational: bool = False,
                      mentioned: np.ndarray | None = None, stated: bool = False,
                      liked_weights: np.ndarray | None = None, seq: np.ndarray | None = None) -> np.ndarray:
        """Scores of ``cand``; ``stated``: the liked items are a set the person stated (the
        likes weights), not a history log (the next-item weights); ``liked_weights``: how much
        each liked item counts (None: alike); ``seq``: SASRec's column for ``cand`` when already computed."""
        X = self.features(liked, disliked, cand, month, text=text, chat=self.chat if conversational else None,
                          mentioned=mentioned if conversational else None, liked_weights=liked_weights, seq=seq)
        return ((X - self.mean) / self.std) @ self._weights(conversational, stated)

    def reads_conversation(self) -> bool:
        """Whether a turn of a conversation is scored by what the dialogues taught, so the
        ranker personalises even when the user named no item."""
        return self.w_conv is not None and self.active()[FEATURES.index("chat_pop")] and \
            abs(float(self.w_conv[FEATURES.index("chat_pop")])) > 0.05

    def _weights(self, conversational: bool, stated: bool = False) -> np.ndarray:
        """A turn of a conversation: the dialogue-taught weights; items stated as liked: the
        weights fitted on finding a person's other liked items (``w_likes``), where the data
        had such users; else the next-item weights."""
        if conversational and self.w_conv is not None:
            return self.w_conv
        if stated and self.w_likes is not None:
            return self.w_likes
        return self.w

    # ------------------------------------------------------------------ the contract
    def score(self, context: Context, candidates: Sequence[str] | None = None,
              exclude_seen: bool = True) -> tuple[np.ndarray, np.ndarray]:
        """Like :meth:`Recommender.score`: ``(ids, scores)`` best first; the context's items
        score ``-inf``."""
        ids, s = self.score_ids(context, candidates, exclude_seen)
        return np.asarray(ids, dtype=object), s

    def score_ids(self, context: Context, candidates: Sequence[str] | None = None, exclude_seen: bool = True,
                  k: int | None = None) -> tuple[ItemIds, np.ndarray]:
        """:meth:`score` with the ids as :class:`ItemIds` (see :meth:`Recommender.score_ids`)."""
        liked = self.items.encode(context.history, "history item")
        dis = self.items.encode(context.disliked, "disliked item")
        cand = np.arange(len(self.items)) if candidates is None else self.items.encode(candidates, "candidate")
        if len(cand) == 0:
            return self.items.view(cand), np.asarray([], dtype=np.float64)
        conv = bool(getattr(context, "conversational", False))
        ment = self.items.encode([i for i in dict.fromkeys(getattr(context, "mentioned", ()) or ()) if str(i) in self.items],
                                 "mentioned item") if conv else None
        stated = not getattr(context, "ordered", True)
        if abs(self._weights(conv, stated)[FEATURES.index("text")]) > 1e-6:
            text = self.embed_text(getattr(context, "text", ""))
        else:
            text = None  # these weights do not read words: skip the encoder
        lw = None
        cw = list(getattr(context, "weights", ()) or ())
        if cw and len(cw) == len(liked):
            lw = np.asarray(cw, dtype=np.float64)
            lw = lw if (lw > 0).all() else None
        seq = None
        if len(cand) > SHORTLIST_ABOVE:  # a large catalog: every feature on the views' best only
            cand, seq = self.shortlist(liked, dis, cand, text, conv, ment, stated)
        s = self.score_indices(liked, dis, cand, text=text, conversational=conv, mentioned=ment, stated=stated,
                               liked_weights=lw, seq=seq)
        if exclude_seen and (len(liked) or len(dis)):
            s[np.isin(cand, np.concatenate([liked, dis]))] = -np.inf
        order = top_order(s, k)  # ties in candidate order
        return self.items.view(cand[order]), s[order]

    def shortlist(self, liked: np.ndarray, disliked: np.ndarray, cand: np.ndarray, text: np.ndarray | None,
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
        n, each = len(self.items), each or SHORTLIST_EACH
        w = self._weights(conversational, stated)
        col = {f: i for i, f in enumerate(FEATURES)}
        reads = lambda *fs: any(abs(float(w[col[f]])) > 1e-9 for f in fs)  # noqa: E731
        allowed = np.zeros(n, dtype=bool)
        allowed[cand] = True
        pick = np.zeros(n, dtype=bool)
        v = self.views

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
        if len(liked) and v.sasrec is not None and reads("seq") and self.active()[col["seq"]]:
            if _sparse_seq(v.sasrec):  # through SASRec's item index: no score for every item
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
            pick[self._prior_order(conversational, stated)[:each]] = True
        else:  # the allowed items' best, found among them only (the same items the sorted catalog gives)
            c = np.flatnonzero(allowed)
            pick[c[top_order(self._prior_score(conversational, stated)[c], each)]] = True
        pick &= allowed
        out = np.flatnonzero(pick)
        return out, (seq[out] if seq is not None else row.at(out) if row is not None else None)

    def _prior_order(self, conversational: bool, stated: bool) -> np.ndarray:
        """Every item, best first by :meth:`_prior_score` (kept per weight set)."""
        key = (conversational and self.w_conv is not None, stated and self.w_likes is not None)
        cache = self.__dict__.setdefault("_prior_orders", {})
        if key not in cache:
            cache[key] = np.argsort(-self._prior_score(conversational, stated), kind="stable")
        return cache[key]

    def _prior_score(self, conversational: bool, stated: bool) -> np.ndarray:
        """The part of the score that depends on the item alone (popularity, recency, age,
        dialogue counts), for every item, as of now; kept per weight set."""
        key = (conversational and self.w_conv is not None, stated and self.w_likes is not None)
        cache = self.__dict__.setdefault("_priors", {})
        if key not in cache:  # the features of no liked item, no words, no conversation: only the item-only ones
            allc = np.arange(len(self.items))
            X = self.features(np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64), allc,
                              chat=self.chat if conversational else None)
            on = [FEATURES.index(f) for f in ("pop", "pop_recent", "fresh", "age", "chat_pop")]
            cache[key] = ((X[:, on] - self.mean[on]) / self.std[on]) @ self._weights(conversational, stated)[on]
        return cache[key]

    def rank(self, context: Context, candidates: Sequence[str] | None = None, k: int | None = 10):
        ids, s = self.score_ids(context, candidates, k=k)
        keep = np.isfinite(s)
        return np.asarray(ids, dtype=object)[keep], s[keep]

    def score_batch(self, histories: Sequence[np.ndarray]) -> np.ndarray:
        """Scores of all items for many histories (index arrays) taken as stated sets: what
        ``convrec eval models`` calls."""
        allc = np.arange(len(self.items))
        return np.stack([self.score_indices(np.asarray(h, dtype=np.int64), np.zeros(0, dtype=np.int64), allc)
                         for h in histories]) if len(histories) else np.zeros((0, len(self.items)))

    def weights(self, conversational: bool = False, stated: bool = False) -> dict[str, float]:
        """The learned weight of each (standardised) feature (for a turn of a conversation:
        the dialogue-taught weights, when there are any; for stated likes: the likes weights)."""
        return {f: round(float(w), 4) for f, w in zip(FEATURES, self._weights(conversational, stated))}

    # ------------------------------------------------------------------ training
    def fit(self, queries: Sequence["Query"], train_views: Views, progress: Callable[[int], None] | None = None,
            rng: np.random.Generator | None = None, pool_size: int = 2000,
            conversations: Sequence["Query"] = (), conv_share: float = 0.8,
            likes: Sequence["Query"] = (), release_views: bool = False) -> "PreferenceRanker":
        """Conditional logit: softmax of the target against ``pool_size`` items drawn uniformly
        from the items the user had not seen (a uniform draw keeps the sampled softmax unbiased up
        to a constant; hand-picked hard negatives would teach it that popular items are rarely
        chosen). ``conversations``: dialogue turns, scored with the full views against every
        item they did not mention; they get their own weights (``w_conv``, fitted with
        ``conv_share`` of the loss on them and the rest on the likes queries — a person in a
        chat who names films they loved means what the one-line request means — or, without
        likes queries, on the user queries): one set of
        weights cannot serve both (on movielens-small a shared fit loses 0.04 NDCG@20 on users
        for +0.035 Recall@10 on dialogues; see docs/results/dialogues.md). ``release_views``: let
        go of ``train_views``' ItemCF once the features are computed (the caller's object changes)."""
        from scipy.optimize import minimize

        t0 = time.perf_counter()
        for k in ("_priors", "_prior_orders"):  # what the shortlist kept of the weights being refitted
            self.__dict__.pop(k, None)
        rng = rng or np.random.default_rng(0)
        n = len(self.items)
        act = self.active()
        plan = [(q, train_views, pool_size, False) for q in queries] + \
            [(q, self.views, n if n <= 20_000 else 10 * pool_size, True) for q in conversations] + \
            [(q, train_views, pool_size, None) for q in likes]
        pools = []
        for q, views, size, is_conv in plan:
            banned = np.unique(np.concatenate([q.liked, q.disliked, q.seen, [q.target]]).astype(np.int64))
            if size >= n:
                draw = np.setdiff1d(np.arange(n), banned)
            else:
                draw = rng.choice(n, size=min(n, size + len(banned)), replace=False)
                draw = draw[~np.isin(draw, banned)][:size]
            pools.append(np.r_[q.target, draw].astype(np.int64))
        # SASRec's column for every query at once, in batches (one query at a time costs a
        # forward pass and a catalog-wide product each)
        seqs: list[np.ndarray | None] = [None] * len(plan)
        if self.active()[FEATURES.index("seq")]:
            by_model: dict[int, list[int]] = {}
            for i, (q, views, _, _) in enumerate(plan):
                m = (q.views or views).sasrec
                if m is not None and len(q.liked):
                    by_model.setdefault(id(m), []).append(i)
            for ix in by_model.values():
                m = (plan[ix[0]][0].views or plan[ix[0]][1]).sasrec
                for i, col in zip(ix, seq_columns(m, [(plan[i][0].liked, plan[i][0].disliked) for i in ix], [pools[i] for i in ix])):
                    seqs[i] = col
        sizes = np.array([len(p) for p in pools])
        starts = np.r_[0, np.cumsum(sizes)[:-1]]
        nu, nc, nl = len(queries), len(conversations), len(likes)
        # one array for every row, filled in place and standardised in place: the features of
        # ten thousand queries are gigabytes, and copies of them were the prepare's peak memory.
        # Only the columns that can vary: a view switched off, or one only dialogue turns have
        # when there are none, is zero in every row (its weight is zero) — 0.4 GB at 1M items
        F = len(FEATURES)
        cols = np.asarray([j for j in range(F) if act[j] and (nc or FEATURES[j] not in CONVERSATION_ONLY)], dtype=np.int64)
        allx = np.zeros((int(sizes.sum()), len(cols)), dtype=np.float32)
        # the train-split views serve the user queries only (dialogue turns read the full views,
        # stated likes their folds'): let them go once those rows are in, before the rest fill
        early = release_views and all(q.views is not None for q in likes)
        for i, (q, views, size, is_conv) in enumerate(plan):
            pool, pools[i] = pools[i], None  # each pool let go once its rows are in
            if early and i == nu and train_views.itemcf is not None:
                train_views.itemcf = None
            chat = None
            if is_conv and self.chat is not None:  # a dialogue turn: counts without its own dialogue
                chat = self.chat.copy()
                if q.own is not None and len(q.own):
                    np.subtract.at(chat, q.own, 1)
            allx[starts[i] : starts[i] + sizes[i]] = self.features(
                q.liked, q.disliked, pool, q.month, views=q.views or views, text=q.text, chat=chat,
                mentioned=q.mentioned if is_conv else None, counts=q.counts, seq=seqs[i])[:, cols]
            seqs[i] = None
            del pool
            if progress:
                progress(1)
        del pools
        if release_views:  # the train-split views are read by nothing after the features (~0.5 GB at 1M items)
            train_views.itemcf = None
        # standardise on the user queries (the conversations' pools are the whole catalog)
        edge = np.r_[starts, len(allx)]  # where each query's rows begin, and the end
        ref = allx[: edge[nu]] if nu else allx
        mean_c, std_c = _column_stats(ref) if len(ref) else (np.zeros(len(cols)), np.ones(len(cols)))
        del ref
        if nc and nu:  # a view only the dialogues exercise (words, when user queries have none)
            conv = allx[edge[nu] : edge[nu + nc]]
            flat = std_c < 1e-9
            mean_c[flat] = conv[:, flat].mean(axis=0, dtype=np.float64)
            std_c[flat] = conv[:, flat].std(axis=0, dtype=np.float64)
            del conv
        self.mean, self.std = np.zeros(F), np.zeros(F)  # a column not kept is zero everywhere: dead
        self.mean[cols], self.std[cols] = mean_c, std_c
        dead = (self.std < 1e-9) | ~act
        self.std[dead] = 1.0
        Z = allx
        Z -= self.mean[cols].astype(np.float32)
        Z /= self.std[cols].astype(np.float32)
        Z[:, dead[cols]] = 0.0
        del allx

        probe = np.array([bool(getattr(q, "seq_probe", False)) for q in likes], dtype=bool)
        lk = (~probe).astype(np.float64)  # the likes weights are fitted on the other likes queries
        nlk = max(int(lk.sum()), 1)

        def solve(share: float, on_likes: bool = False):
            if on_likes:
                qw = np.r_[np.zeros(nu + nc), lk / nlk]
            elif nl and share < 1.0 and nc:  # conversation weights: the rest of the loss on stated likes
                qw = np.r_[np.zeros(nu), np.full(nc, share / nc), lk * (1 - share) / nlk]
            else:
                qw = np.r_[np.full(nu, (1 - share) / max(nu, 1)), np.full(nc, share / max(nc, 1)), np.zeros(nl)]
            # only the span of queries this solve weighs, as a view of the rows (no copy): a
            # zero-weight query inside it adds nothing to the loss or its gradient
            on = qw > 0
            if not on.any():  # nothing to fit these weights on
                return np.zeros(len(FEATURES)), 0.0, 0.0
            a0, a1 = int(np.argmax(on)), len(on) - int(np.argmax(on[::-1]))
            zs, sz = Z[edge[a0] : edge[a1]], sizes[a0:a1]
            st = np.r_[0, np.cumsum(sz)[:-1]]
            q = qw[a0:a1]
            rw = np.repeat(q, sz).astype(np.float32)  # per row: its query's weight
            Zt = (zs[st] * q[:, None]).sum(axis=0, dtype=np.float64)
            off = LIKES_OFF + CONVERSATION_ONLY if on_likes else ()
            bounds = [(0.0, 0.0) if FEATURES[j] in off else (None, None) for j in cols]
            res = minimize(lambda w: loss(w, zs, st, q, rw, Zt), np.zeros(len(cols)), jac=True, method="L-BFGS-B",
                           bounds=bounds, options={"ftol": FTOL})
            del zs
            w = np.zeros(F)
            w[cols] = res.x
            w = np.where(dead, 0.0, w)
            if on_likes or share == 0.0:  # no dialogue in these queries: its views are noise
                for f in CONVERSATION_ONLY:
                    w[FEATURES.index(f)] = 0.0
            return w, float(res.fun), float(qw @ np.log(sizes)) if len(sizes) else 0.0

        def loss(w, Z, starts, qw, rw, Zt):
            s = Z @ w.astype(np.float32)
            mx = np.maximum.reduceat(s, starts)
            n_of = np.diff(np.r_[starts, len(s)])
            e = s - np.repeat(mx, n_of)  # in place from here: each temporary is rows long
            np.exp(e, out=e)
            den = np.add.reduceat(e, starts, dtype=np.float64)
            lse = mx + np.log(den)
            nll = float(qw @ (lse - s[starts]))
            e *= np.repeat((1.0 / den).astype(np.float32), n_of)
            e *= rw
            grad = Z.T @ e - Zt
            return nll + self.l2 * float(w @ w), grad + 2 * self.l2 * w

        self.w, nll, nll0 = solve(0.0 if nu else 1.0)
        self.fit_info = {"queries": int(nu), "conversations": int(nc), "pool": int(pool_size),
                         "nll": round(nll, 4), "nll_uniform": round(nll0, 4), "groups": list(self.groups)}
        self.w_conv = None
        if nc:
            self.w_conv, nll_c, _ = solve(conv_share if nu else 1.0)
            self.fit_info.update({"conv_share": round(float(conv_share), 3), "nll_conv": round(nll_c, 4)})
        self.w_likes = None
        if nl:
            self.w_likes, nll_l, nll_l0 = solve(0.0, on_likes=True)
            self.fit_info.update({"likes": int(nl - probe.sum()), "nll_likes": round(nll_l, 4), "nll_likes_uniform": round(nll_l0, 4)})
            j = FEATURES.index("seq")
            if probe.sum() >= MIN_PROBES and not dead[j]:
                # SASRec's weight for stated likes, on the queries whose item to find it never
                # trained on, the other weights held: one number, fitted honestly
                idx = np.flatnonzero(np.r_[np.zeros(nu + nc, bool), probe])
                st, sz = starts[idx], sizes[idx]
                rows = np.concatenate([np.arange(a, a + b) for a, b in zip(st, sz)])
                base, zq = Z[rows] @ self.w_likes[cols].astype(np.float32), Z[rows, int(np.searchsorted(cols, j))]
                seg = np.repeat(np.arange(len(idx)), sz)
                first = np.r_[0, np.cumsum(sz)[:-1]]

                def nll(b: float) -> float:
                    sc = (base + b * zq).astype(np.float64)
                    mx = np.maximum.reduceat(sc, first)
                    lse = mx + np.log(np.add.reduceat(np.exp(sc - mx[seg]), first))
                    return float(np.mean(lse - sc[first])) + self.l2 * b * b

                from scipy.optimize import minimize_scalar

                beta = float(minimize_scalar(nll, bounds=(-5.0, 5.0), method="bounded").x)
                self.w_likes[j] = beta
                self.fit_info.update({"likes_seq_probes": int(probe.sum()), "likes_seq": round(beta, 4),
                                      "likes_seq_nll": [round(nll(0.0), 4), round(nll(beta), 4)]})
                del Z, zq, base  # the feature rows are done with: the blend reads its own (1.7 GB at 1M items)
                self._choose_blend([q for q, p in zip(likes, probe) if p], rng, dead)
        self.fit_info["fit_s"] = round(time.perf_counter() - t0, 2)
        return self

    def _choose_blend(self, probes: Sequence["Query"], rng: np.random.Generator, dead: np.ndarray) -> None:
        """How much the order-free SASRec and the popularity count weigh for stated likes on
        *this* catalog, chosen by what a person sees: the item to find ranked against the whole
        catalog (hit in the top 10), on the probe queries (items SASRec never trained on, read
        with popularity counts and ItemCF fitted without the query's own users).

        The softmax over a uniform pool that fits the other weights rewards telling the item
        from random, mostly obscure items; at the top of a catalog the choice is between widely
        liked items, where SASRec and popularity tell more (steam's tune probes: the pool fit
        gave SASRec 0.01, and the top 10 found the item in 19.2 % of them; with SASRec at 2,
        21.8 %). First SASRec's weight, then a popularity weight on top of it, each kept only
        when it finds more than the weights before it by more than the noise (a paired
        difference beyond 1.96 standard errors); ties keep the smaller weight. Where nothing
        passes, the weights stay as the pool fit left them."""
        j_seq, j_pop = FEATURES.index("seq"), FEATURES.index("pop")
        if len(probes) < MIN_PROBES or self.w_likes is None:
            return
        if len(probes) > BLEND_QUERIES:
            probes = [probes[i] for i in sorted(rng.choice(len(probes), BLEND_QUERIES, replace=False))]
        w = self.w_likes.copy()
        beta0 = float(w[j_seq])
        seq_opts = [beta0] + [b for b in BLEND_GRID if b != beta0] if not dead[j_seq] else [beta0]
        pop_opts = [0.0] + list(BLEND_GRID) if not dead[j_pop] else [0.0]
        n = len(self.items)
        hits = np.zeros((len(probes), len(seq_opts), len(pop_opts)), dtype=bool)
        top = 10 * min(1.0, BLEND_FULL / n)  # items above the target allowed in a sample of the catalog
        models = {id((q.views or self.views).sasrec): (q.views or self.views).sasrec for q in probes}
        sasrec = next(iter(models.values())) if len(models) == 1 else None
        chunk = 64  # SASRec's columns for this many probes in one batch
        for qi, q in enumerate(probes):
            if qi % chunk == 0:
                samples = [np.arange(n) if n <= BLEND_FULL else np.union1d(rng.choice(n, BLEND_FULL, replace=False), [p.target])
                           for p in probes[qi : qi + chunk]]
                cols = seq_columns(sasrec, [(p.liked, p.disliked) for p in probes[qi : qi + chunk]], samples) \
                    if sasrec is not None and not dead[j_seq] else [None] * len(samples)
            allc, seq = samples[qi % chunk], cols[qi % chunk]
            cols[qi % chunk] = None
            X = self.features(q.liked, q.disliked, allc, q.month, views=q.views, counts=q.counts, seq=seq if len(q.liked) else None)
            Z = (X - self.mean) / self.std
            base = Z @ w - beta0 * Z[:, j_seq]
            ban = np.isin(allc, np.concatenate([q.liked, q.seen]))
            t = int(np.searchsorted(allc, q.target))
            ban[t] = False
            keep = ~ban
            # every (SASRec, popularity) weight pair at once: rows × pairs, the same sums as one by one
            zs, zp = Z[keep, j_seq], Z[keep, j_pop]
            sc = (base[keep][:, None] + np.asarray(seq_opts)[None, :] * zs[:, None])[:, :, None] + \
                np.asarray(pop_opts)[None, None, :] * zp[:, None, None]
            tk = int(np.count_nonzero(keep[:t]))  # the target's row among the kept ones
            hits[qi] = (sc > sc[tk][None]).sum(axis=0) < top

        def better(cand: np.ndarray, ref: np.ndarray) -> bool:
            d = cand.astype(float) - ref.astype(float)
            return bool(d.mean() > 1.96 * d.std(ddof=1) / np.sqrt(len(d))) if len(d) > 1 else False

        hr = hits.mean(axis=0)
        a = int(np.argmax(hr[:, 0]))  # the first of the best: the pool fit's, then the smallest
        a = a if better(hits[:, a, 0], hits[:, 0, 0]) else 0
        b = int(np.argmax(hr[a, :]))
        b = b if better(hits[:, a, b], hits[:, a, 0]) else 0
        self.w_likes[j_seq], self.w_likes[j_pop] = seq_opts[a], pop_opts[b]
        self.fit_info["likes_blend"] = {"queries": len(probes), "seq": round(float(seq_opts[a]), 4), "pop": pop_opts[b],
                                        "moved": bool(a or b),
                                        "hr10_pool_fit": round(float(hr[0, 0]), 4), "hr10_chosen": round(float(hr[a, b]), 4),
                                        "hr10_best": round(float(hr.max()), 4)}

    # ------------------------------------------------------------------ persistence
    def save(self, directory: str | Path) -> Path:
        d = Path(directory)
        d.mkdir(parents=True, exist_ok=True)
        (d / "config.json").write_text(json.dumps({"model": self.name, "version": VERSION, "features": list(FEATURES), "groups": list(self.groups),
                                                   "l2": self.l2, "t0": self.counts.t0, "fit": self.fit_info,
                                                   "weights": self.weights(),
                                                   "conversation_weights": self.weights(True) if self.w_conv is not None else None,
                                                   "likes_weights": self.weights(stated=True) if self.w_likes is not None else None},
                                                  indent=1))
        (d / "items.json").write_text(json.dumps(self.items.to_json()))
        c = self.counts  # monthly counts, sparse: (item, month, count)
        arrays = {"mean": self.mean, "std": self.std, "w": self.w, "nz_item": c.nz_item.astype(np.int32),
                  "nz_month": c.nz_month.astype(np.int32), "nz_count": c.nz_count.astype(np.int32),
                  "months": np.asarray(c.months), "first": c.first}
        if self.years is not None:
            arrays["years"] = self.years
        if self.w_conv is not None:
            arrays["w_conv"] = self.w_conv
        if self.w_likes is not None:
            arrays["w_likes"] = self.w_likes
        if self.chat is not None:
            arrays["chat"] = self.chat
        np.savez(d / "weights.npz", **arrays)
        return d

    @classmethod
    def load(cls, directory: str | Path, views: Views) -> "PreferenceRanker":
        d = Path(directory)
        meta = json.loads((d / "config.json").read_text())
        if meta.get("model") != cls.name or meta.get("features") != list(FEATURES) or meta.get("version") != VERSION:
            raise ValueError(f"{d} holds no preference ranker of this version")
        items = ItemIndex.from_file(d / "items.json")
        with np.load(d / "weights.npz", allow_pickle=False) as z:
            a = {k: z[k] for k in z.files}
        counts = TimeCounts(a["nz_item"], a["nz_month"], a["nz_count"], int(a["months"]), a["first"], float(meta["t0"]),
                            len(items))
        obj = cls(items, views, counts, a.get("years"),
                  groups=meta["groups"], l2=meta["l2"])
        obj.mean, obj.std, obj.w = a["mean"], a["std"], a["w"]
        obj.w_conv = a.get("w_conv")
        obj.w_likes = a.get("w_likes")
        obj.chat = a.get("chat")
        obj.fit_info = meta.get("fit", {})
        return obj


def _sparse_seq(sasrec) -> bool:
    """Whether a request's SASRec column is read through the model's item index (a large
    catalog's model has one: ``SASRec.build_index``)."""
    return bool(getattr(sasrec, "indexed", False))


def seq_log_softmax(sasrec, pairs: Sequence[tuple[np.ndarray, np.ndarray]], out: np.ndarray | None = None) -> np.ndarray:
    """SASRec's log-softmax over the whole catalog for each (liked, disliked) pair with liked
    items (``[len(pairs), n_items]``, float32): ``_score_indices`` for many contexts in one batch.
    Computed in the scores' float32 with the normaliser summed in float64 (a float64 copy of
    every row was most of the cost on a large catalog). ``out``: a buffer for the rows."""
    hists = [np.asarray(l) for l, _ in pairs]
    x = sasrec.score_batch(hists, out=out) if out is not None else sasrec.score_batch(hists)
    x = x if x.dtype == np.float32 else x.astype(np.float32)
    dis = [r for r, (_, d) in enumerate(pairs) if len(d)]
    for r in dis:  # rare: items said to be disliked push their likes down
        row = x[r].astype(np.float64)
        row -= sasrec.cfg["dislike_weight"] * (sasrec.trained_std(row) or 1.0) * sasrec._similar_scores(pairs[r][1])
        x[r] = row
    if dis:
        sasrec.floor_untrained(x)
    mx = x.max(axis=1, keepdims=True)
    lse = np.empty((len(x), 1), dtype=np.float64)
    e = np.empty(x.shape[1], dtype=np.float32)
    for r in range(len(x)):  # one row's temporary at a time
        np.subtract(x[r], mx[r], out=e)
        np.exp(e, out=e)
        lse[r, 0] = float(mx[r, 0]) + np.log(e.sum(dtype=np.float64))
    x -= lse.astype(np.float32)
    return x


def seq_columns(sasrec, pairs: Sequence[tuple[np.ndarray, np.ndarray]], pools: Sequence[np.ndarray]) -> list[np.ndarray]:
    """:func:`seq_log_softmax` read on each pair's pool, in batches whose score rows stay
    within ~256 MB whatever the catalog's size."""
    n = len(sasrec.items)
    step = max(1, min(256, (256 << 20) // (4 * max(n, 1))))
    out: list[np.ndarray] = []
    buf = np.empty((min(step, len(pairs)), n), dtype=np.float32)  # one buffer for every batch
    for a in range(0, len(pairs), step):
        m = min(step, len(pairs) - a)
        rows = seq_log_softmax(sasrec, pairs[a : a + step], out=buf[:m])
        out.extend(rows[i][pools[a + i]].astype(np.float64) for i in range(len(rows)))
    return out


@dataclass
class Query:
    """One training query: stated items, the item to find, what else the user had seen."""

    liked: np.ndarray
    disliked: np.ndarray
    target: int
    seen: np.ndarray
    month: int | None = None
    text: np.ndarray | None = None
    """The embedded words of the request (see ``PreferenceRanker.embed_text``)."""
    own: np.ndarray | None = None
    """For a dialogue turn: the items its own dialogue names (left out of the chat counts
    while fitting, so a turn does not see its own answer)."""
    mentioned: np.ndarray | None = None
    """For a dialogue turn: the items the conversation named before the answer, as the
    understanding read them (``Context.mentioned`` at serving time)."""
    views: "Views | None" = None
    """The models this query is read with, when not the fit's (a likes query: fitted without
    its user)."""
    counts: "TimeCounts | None" = None
    """The popularity counts it is read with, when not the ranker's."""
    seq_probe: bool = False
    """A likes query whose item to find the order-free SASRec never trained on (the user's
    validation or test item): the one kind of likes query that can weigh SASRec honestly."""


def training_queries(ds, items: ItemIndex, counts: TimeCounts, max_users: int = 3000, per_user: int = 3,
                     max_seeds: int = 5, seed: int = 0) -> list[Query]:
    """Queries from users with a validation item: 1..``max_seeds`` items of their training
    history as the stated likes — alternately their latest items and random well-rated ones
    (where the data has ratings) — the validation item as the target, at the month of the
    validation interaction."""
    inter = ds.interactions
    rng = np.random.default_rng(seed)
    valid = inter[inter["split"] == "valid"]
    train = inter[inter["split"] == "train"]
    if valid.empty or train.empty:
        return []
    has_rating = "rating" in train.columns and train["rating"].notna().mean() > 0.5
    users = valid["user_id"].tolist()
    if len(users) > max_users:
        users = rng.choice(users, max_users, replace=False).tolist()
    # the histories of the drawn users only (grouping every user's rows cost gigabytes at 800k users)
    mine = train[train["user_id"].isin(set(users))]
    by_user = {u: g for u, g in mine.groupby("user_id", sort=False)}
    vrow = valid.set_index("user_id")
    out: list[Query] = []
    for u in users:
        g = by_user.get(u)
        if g is None or g.empty:
            continue
        hist = items.encode(g["item_id"].astype(str))
        pool = hist
        if has_rating:
            r = g["rating"].to_numpy(dtype=float)
            hi = np.nanquantile(r, 0.6) if np.isfinite(r).any() else np.nan
            good = hist[r >= hi] if np.isfinite(hi) else hist
            pool = good if len(good) else hist
        target = int(items.encode([str(vrow.at[u, "item_id"])])[0])
        ts = vrow.at[u, "timestamp"]
        month = counts.month_of(float(ts)) if ts is not None and not (isinstance(ts, float) and np.isnan(ts)) and str(ts) != "<NA>" else None
        for r in range(per_user):
            m = int(rng.integers(1, min(max_seeds, len(pool)) + 1))
            if r % 2:  # "I recently enjoyed ...": the latest items
                liked = hist[-m:]
            else:  # "I loved ...": favourites from anywhere in the history
                liked = rng.choice(pool, m, replace=False)
            out.append(Query(np.asarray(liked, dtype=np.int64), np.zeros(0, dtype=np.int64), target,
                             np.setdiff1d(hist, liked), month))
    return out


def likes_queries(ds, items: ItemIndex, views: Views, max_users: int = 1200, per_user: int = 2, max_seeds: int = 5,
                  folds: int = 2, seed: int = 0) -> list[Query]:
    """Queries for items a person states they like ("I loved A, B and C — what else?"): for
    tune users with at least two loved items (4.5★ and up where the data has ratings, else
    every item), 1..``max_seeds`` loved items play the stated ones and another item they liked
    is the one to find, from anywhere in their history — as the request means it.

    Nothing a query should find may be in what reads it: the tune users are split into
    ``folds``, and each fold is read with ItemCF and popularity counts fitted on everyone
    else (the order-free SASRec and the item texts are shared: retraining SASRec per fold
    would cost a training per fold; its weight may come out a little high)."""
    from dataclasses import replace

    from convrec.catalog.process import user_likes
    from convrec.models.base import TrainData
    from convrec.models.itemcf import ItemCF

    inter = ds.interactions
    if inter.empty:
        return []
    from convrec.catalog.process import liked_masks

    # users with two loved items and three liked ones, counted without listing every user's items
    liked_m, loved_m = liked_masks(inter)
    uid = inter["user_id"].astype(str)
    n_loved = uid[loved_m].value_counts()
    sel = liked_m | loved_m
    n_liked = pd.DataFrame({"u": uid[sel].to_numpy(), "i": inter["item_id"].astype(str)[sel].to_numpy()}) \
        .drop_duplicates()["u"].value_counts()
    ok = sorted(u for u in n_loved.index[n_loved >= 2] if n_liked.get(u, 0) >= 3)
    if not ok:
        return []
    rng = np.random.default_rng(seed + 7)
    if len(ok) > max_users:
        ok = sorted(rng.choice(ok, max_users, replace=False).tolist())
    chosen = set(ok)
    likes = user_likes(inter[uid.isin(chosen).to_numpy()])
    order = rng.permutation(len(ok))
    fold_of = {ok[j]: k % folds for k, j in enumerate(order)}
    td_all = TrainData.from_dataset(ds, include_valid=True, items=items, attributes=False)  # what serving reads
    part = inter[inter["split"].isin(["train", "valid"])]
    p_users = part["user_id"].astype(str).to_numpy()
    p_idx = items.encode(part["item_id"].astype(str))
    p_ts = part["timestamp"].astype("float64").to_numpy() if "timestamp" in part.columns else None
    own = inter[uid.isin(chosen).to_numpy()]
    all_items = {u: g for u, g in own.groupby(own["user_id"].astype(str), sort=False)["item_id"]}
    later = own[own["split"].isin(["valid", "test"])]  # what SASRec trains without
    held = {u: g.astype(str).tolist() for u, g in later.groupby(later["user_id"].astype(str), sort=False)["item_id"]}
    out: list[Query] = []
    prng = np.random.default_rng(seed + 11)  # the probes' own draws: the other queries stay as they were
    neighbors = getattr(views.itemcf, "neighbors", 200)
    for f in range(folds):
        members = {u for u, k in fold_of.items() if k == f}
        keep = [i for i, u in enumerate(td_all.users) if str(u) not in members]
        td = replace(td_all, sequences=[td_all.sequences[i] for i in keep], users=[td_all.users[i] for i in keep],
                     valid_targets=td_all.valid_targets[keep],
                     timestamps=[td_all.timestamps[i] for i in keep] if td_all.timestamps is not None else None,
                     liked=[td_all.liked[i] for i in keep] if td_all.liked is not None else None)
        rest = ~pd.Series(p_users).isin(members).to_numpy()  # hashed: np.isin sorted 5M user ids per fold
        fviews = Views(ItemCF(neighbors=neighbors).fit(td) if views.itemcf is not None else None, views.sasrec, views.embeddings)
        fcounts = TimeCounts.build(p_idx[rest], p_ts[rest] if p_ts is not None else None, len(items))
        for u in sorted(members):
            lv = list(dict.fromkeys(likes[u][0]))
            lk = list(dict.fromkeys(likes[u][1] + lv))
            hist = items.encode(all_items[u].astype(str))
            later_u, liked_u = set(held.get(u, ())), set(lk)
            probe = [i for i in held.get(u, ()) if i in liked_u]
            if probe:  # an item SASRec never saw, found from loved ones it did see
                target = probe[int(prng.integers(len(probe)))]
                pool = [i for i in lv if i not in later_u]
                if pool:
                    m = int(prng.integers(1, min(max_seeds, len(pool)) + 1))
                    st = items.encode([pool[i] for i in prng.choice(len(pool), m, replace=False)])
                    out.append(Query(st, np.zeros(0, dtype=np.int64), int(items.encode([target])[0]),
                                     np.setdiff1d(hist, st), None, views=fviews, counts=fcounts, seq_probe=True))
            for _ in range(per_user):
                m = int(rng.integers(1, min(max_seeds, len(lv) - 1) + 1))
                stated = rng.choice(len(lv), m, replace=False)
                stated_ids = {lv[i] for i in stated}
                others = [i for i in lk if i not in stated_ids]
                if not others:
                    continue
                target = others[int(rng.integers(len(others)))]
                st = items.encode([lv[i] for i in stated])
                out.append(Query(st, np.zeros(0, dtype=np.int64), int(items.encode([target])[0]),
                                 np.setdiff1d(hist, st), None, views=fviews, counts=fcounts))
    return out


def release_years(ds) -> np.ndarray | None:
    """The release year per item from the catalog's ``time`` (year) or ``date`` column."""
    import pandas as pd

    items = ds.items
    for role in ("time", "date"):
        col = next((c["name"] for c in ds.columns if c.get("role") == role and c["name"] in items.columns), None)
        if col is None:
            continue
        if role == "time":
            y = pd.to_numeric(items[col], errors="coerce").to_numpy(dtype=float)
        else:
            y = pd.to_datetime(items[col], errors="coerce").dt.year.to_numpy(dtype=float)
        if np.isfinite(y).mean() > 0.3:
            return y
    return None


def interaction_counts(ds, items: ItemIndex, splits: Sequence[str] = ("train", "valid")) -> TimeCounts:
    inter = ds.interactions
    part = inter[inter["split"].isin(list(splits))]
    idx = items.encode(part["item_id"].astype(str))
    ts = part["timestamp"].astype("float64").to_numpy() if "timestamp" in part.columns else None
    return TimeCounts.build(idx, ts, len(items))
