"""The queries the ranker is fitted on: held-back items of a catalog's own users (next-item and
stated-likes queries), and the popularity counts and release years they are read with."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

import numpy as np
import pandas as pd

from convrec.models.base import ItemIndex
from convrec.models.prefrank.common import TimeCounts, Views


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
