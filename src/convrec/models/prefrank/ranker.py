"""The preference ranker itself: features of candidates for a stated context, the learned score,
the model contract (score, rank), and saving and loading (see the package doc)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Sequence

import numpy as np

from convrec.models.base import Context, ItemIds, ItemIndex, top_order
from convrec.models.prefrank.columns import entries, positions, sparse_max, seq_log_softmax, sparse_seq
from convrec.models.prefrank.common import FEATURES, GROUPS, MAX_TEXT, MONTH, SHORTLIST_ABOVE, SHORTLIST_EACH, VERSION, TimeCounts, Views
from convrec.models.prefrank.fit import fit_weights
from convrec.models.prefrank.shortlist import prior_order, prior_score, shortlist

if TYPE_CHECKING:
    from convrec.models.prefrank.queries import Query


class PreferenceRanker:
    """Scores items for a stated context with learned weights over the views (see module doc)."""

    name = "pref-ranker"
    shortlist_above = SHORTLIST_ABOVE
    """Above this many candidates a request is scored on a shortlist (see ``common.SHORTLIST_ABOVE``)."""
    shortlist_each = SHORTLIST_EACH
    """Items each view adds to the shortlist (see ``common.SHORTLIST_EACH``)."""
    seq_index = True
    """Read SASRec's column through its item index where the model has one (False: its whole row,
    the reference ``benchmarks/shortlist_agreement.py`` compares against)."""

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
            pos, back = positions(len(self.items), cand)
            k, m = len(liked), int(pos.max()) + 1

            def avg(M, rows=liked, w=wl):  # the (weighted) mean of the rows, on the candidates
                r, c, d = entries(M, rows, pos)
                out = np.bincount(c, weights=d if w is None else d * w[r], minlength=m) / (len(rows) if w is None else 1.0)
                return out[back]

            mean = avg(v.itemcf.sim)
            if len(disliked):
                mean = mean - avg(v.itemcf.sim, disliked, None)
            # similarities are heavy-tailed: a log scale lets one weight fit small and large ones
            X[:, col["cf_mean"]] = np.sign(mean) * np.log1p(100 * np.abs(mean))
            r, c, d = entries(v.itemcf.sim, liked, pos)
            if wl is not None:
                d = d * (wl / wl.max())[r]
            top = np.zeros(m)
            np.maximum.at(top, c, d)
            if k and m and (d < 0).any():  # a column's largest entry may be negative: sparse max semantics
                top = sparse_max(r, c, d, k, m)
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
            if self.seq_index and sparse_seq(v.sasrec) and len(cand) < len(self.items) // 4:
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
                pos, back = positions(len(self.items), cand) if pos is None else (pos, back)
                _, c, d = entries(v.itemcf.sim, mentioned, pos)
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
        if len(cand) > self.shortlist_above:  # a large catalog: every feature on the views' best only
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
        """``(shortlist, SASRec column on it)`` (:func:`convrec.models.prefrank.shortlist.shortlist`)."""
        return shortlist(self, liked, disliked, cand, text, conversational, mentioned, stated, each)

    def _prior_order(self, conversational: bool, stated: bool) -> np.ndarray:
        return prior_order(self, conversational, stated)

    def _prior_score(self, conversational: bool, stated: bool) -> np.ndarray:
        return prior_score(self, conversational, stated)

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
        """Fit the weights (:func:`convrec.models.prefrank.fit.fit_weights`)."""
        return fit_weights(self, queries, train_views, progress, rng, pool_size, conversations, conv_share, likes,
                           release_views)

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
