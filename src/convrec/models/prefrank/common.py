"""What every part of the preference ranker shares: the features and their groups, the tuning
constants (each with what measured it), the views a ranker reads and the popularity counts by month."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

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

