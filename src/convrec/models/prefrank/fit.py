"""Fitting the ranker's weights: a conditional logit over sampled pools (user, dialogue and likes
queries), SASRec's weight for stated likes on probe queries, and the whole-catalog blend."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Callable, Sequence

import numpy as np

from convrec.models.prefrank.columns import seq_columns
from convrec.models.prefrank.common import (BLEND_FULL, BLEND_GRID, BLEND_QUERIES, CONVERSATION_ONLY, FEATURES, FTOL, LIKES_OFF,
                                            MIN_PROBES, Views)

if TYPE_CHECKING:
    from convrec.models.prefrank.queries import Query
    from convrec.models.prefrank.ranker import PreferenceRanker


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


def fit_weights(ranker: "PreferenceRanker", queries: Sequence["Query"], train_views: Views, progress: Callable[[int], None] | None = None,
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
        ranker.__dict__.pop(k, None)
    rng = rng or np.random.default_rng(0)
    n = len(ranker.items)
    act = ranker.active()
    plan = [(q, train_views, pool_size, False) for q in queries] + \
        [(q, ranker.views, n if n <= 20_000 else 10 * pool_size, True) for q in conversations] + \
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
    if ranker.active()[FEATURES.index("seq")]:
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
        if is_conv and ranker.chat is not None:  # a dialogue turn: counts without its own dialogue
            chat = ranker.chat.copy()
            if q.own is not None and len(q.own):
                np.subtract.at(chat, q.own, 1)
        allx[starts[i] : starts[i] + sizes[i]] = ranker.features(
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
    ranker.mean, ranker.std = np.zeros(F), np.zeros(F)  # a column not kept is zero everywhere: dead
    ranker.mean[cols], ranker.std[cols] = mean_c, std_c
    dead = (ranker.std < 1e-9) | ~act
    ranker.std[dead] = 1.0
    Z = allx
    Z -= ranker.mean[cols].astype(np.float32)
    Z /= ranker.std[cols].astype(np.float32)
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
        return nll + ranker.l2 * float(w @ w), grad + 2 * ranker.l2 * w

    ranker.w, nll, nll0 = solve(0.0 if nu else 1.0)
    ranker.fit_info = {"queries": int(nu), "conversations": int(nc), "pool": int(pool_size),
                     "nll": round(nll, 4), "nll_uniform": round(nll0, 4), "groups": list(ranker.groups)}
    ranker.w_conv = None
    if nc:
        ranker.w_conv, nll_c, _ = solve(conv_share if nu else 1.0)
        ranker.fit_info.update({"conv_share": round(float(conv_share), 3), "nll_conv": round(nll_c, 4)})
    ranker.w_likes = None
    if nl:
        ranker.w_likes, nll_l, nll_l0 = solve(0.0, on_likes=True)
        ranker.fit_info.update({"likes": int(nl - probe.sum()), "nll_likes": round(nll_l, 4), "nll_likes_uniform": round(nll_l0, 4)})
        j = FEATURES.index("seq")
        if probe.sum() >= MIN_PROBES and not dead[j]:
            # SASRec's weight for stated likes, on the queries whose item to find it never
            # trained on, the other weights held: one number, fitted honestly
            idx = np.flatnonzero(np.r_[np.zeros(nu + nc, bool), probe])
            st, sz = starts[idx], sizes[idx]
            rows = np.concatenate([np.arange(a, a + b) for a, b in zip(st, sz)])
            base, zq = Z[rows] @ ranker.w_likes[cols].astype(np.float32), Z[rows, int(np.searchsorted(cols, j))]
            seg = np.repeat(np.arange(len(idx)), sz)
            first = np.r_[0, np.cumsum(sz)[:-1]]

            def nll(b: float) -> float:
                sc = (base + b * zq).astype(np.float64)
                mx = np.maximum.reduceat(sc, first)
                lse = mx + np.log(np.add.reduceat(np.exp(sc - mx[seg]), first))
                return float(np.mean(lse - sc[first])) + ranker.l2 * b * b

            from scipy.optimize import minimize_scalar

            beta = float(minimize_scalar(nll, bounds=(-5.0, 5.0), method="bounded").x)
            ranker.w_likes[j] = beta
            ranker.fit_info.update({"likes_seq_probes": int(probe.sum()), "likes_seq": round(beta, 4),
                                  "likes_seq_nll": [round(nll(0.0), 4), round(nll(beta), 4)]})
            del Z, zq, base  # the feature rows are done with: the blend reads its own (1.7 GB at 1M items)
            choose_blend(ranker, [q for q, p in zip(likes, probe) if p], rng, dead)
    ranker.fit_info["fit_s"] = round(time.perf_counter() - t0, 2)
    return ranker


def choose_blend(ranker: "PreferenceRanker", probes: Sequence["Query"], rng: np.random.Generator, dead: np.ndarray) -> None:
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
    if len(probes) < MIN_PROBES or ranker.w_likes is None:
        return
    if len(probes) > BLEND_QUERIES:
        probes = [probes[i] for i in sorted(rng.choice(len(probes), BLEND_QUERIES, replace=False))]
    w = ranker.w_likes.copy()
    beta0 = float(w[j_seq])
    seq_opts = [beta0] + [b for b in BLEND_GRID if b != beta0] if not dead[j_seq] else [beta0]
    pop_opts = [0.0] + list(BLEND_GRID) if not dead[j_pop] else [0.0]
    n = len(ranker.items)
    hits = np.zeros((len(probes), len(seq_opts), len(pop_opts)), dtype=bool)
    top = 10 * min(1.0, BLEND_FULL / n)  # items above the target allowed in a sample of the catalog
    models = {id((q.views or ranker.views).sasrec): (q.views or ranker.views).sasrec for q in probes}
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
        X = ranker.features(q.liked, q.disliked, allc, q.month, views=q.views, counts=q.counts, seq=seq if len(q.liked) else None)
        Z = (X - ranker.mean) / ranker.std
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
    ranker.w_likes[j_seq], ranker.w_likes[j_pop] = seq_opts[a], pop_opts[b]
    ranker.fit_info["likes_blend"] = {"queries": len(probes), "seq": round(float(seq_opts[a]), 4), "pop": pop_opts[b],
                                    "moved": bool(a or b),
                                    "hr10_pool_fit": round(float(hr[0, 0]), 4), "hr10_chosen": round(float(hr[a, b]), 4),
                                    "hr10_best": round(float(hr.max()), 4)}

