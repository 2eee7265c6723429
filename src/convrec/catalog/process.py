"""Interaction processing: join to the catalog, de-duplicate, order, k-core, leave-one-out split."""

from __future__ import annotations

import numpy as np
import pandas as pd

TRAIN, VALID, TEST = "train", "valid", "test"


def join_and_order(inter: pd.DataFrame, item_ids: pd.Series) -> tuple[pd.DataFrame, dict[str, int]]:
    """Keep interactions whose item is in the catalog, de-duplicate (user, item) keeping the
    latest, and sort each user's interactions chronologically (file order breaks ties and is
    the order where there are no timestamps). Adds ``pos`` (0-based order within the user).
    """
    stats: dict[str, int] = {"raw_interactions": int(len(inter))}
    df = inter.reset_index(drop=True).copy()
    df["_row"] = np.arange(len(df))
    known = df["item_id"].isin(set(item_ids))
    stats["unjoined_interactions"] = int((~known).sum())
    df = df[known]
    has_ts = df["timestamp"].notna()
    # rows without a timestamp sort after timestamped rows of the same user, in file order
    df = df.assign(_ts=df["timestamp"].astype("float64").fillna(np.inf))
    df = df.sort_values(["user_id", "_ts", "_row"], kind="stable")
    before = len(df)
    df = df.drop_duplicates(["user_id", "item_id"], keep="last")
    stats["duplicate_interactions"] = int(before - len(df))
    stats["untimed_interactions"] = int((~has_ts).sum())
    df = df.drop(columns=["_ts", "_row"]).reset_index(drop=True)
    df["pos"] = df.groupby("user_id", sort=False).cumcount().astype("int32")
    return df, stats


def kcore(df: pd.DataFrame, k: int, user_col: str = "user_id", item_col: str = "item_id") -> pd.DataFrame:
    """Iteratively drop users and items with fewer than ``k`` interactions until none remain."""
    if k <= 1 or df.empty:
        return df
    while True:
        uc = df[user_col].map(df[user_col].value_counts())
        ic = df[item_col].map(df[item_col].value_counts())
        keep = (uc >= k) & (ic >= k)
        if keep.all():
            return df
        df = df[keep]


def leave_one_out(df: pd.DataFrame) -> pd.DataFrame:
    """Per user, chronologically: last → test, second-to-last → valid, the rest → train.

    Users with fewer than 3 interactions keep everything in train. Expects the frame sorted
    by user then order (as :func:`join_and_order` leaves it); recomputes ``pos``.
    """
    df = df.reset_index(drop=True).copy()
    g = df.groupby("user_id", sort=False)
    df["pos"] = g.cumcount().astype("int32")
    n = g["item_id"].transform("size").to_numpy()
    rev = n - 1 - df["pos"].to_numpy()
    split = np.full(len(df), TRAIN, dtype=object)
    eligible = n >= 3
    split[eligible & (rev == 0)] = TEST
    split[eligible & (rev == 1)] = VALID
    df["split"] = pd.Categorical(split, categories=[TRAIN, VALID, TEST])
    return df


LIKED_SHARE = 0.8
"""A rating at or above this share of the scale's top is a like (4 of 5 stars, 1 of a 0/1
recommend flag, 8 of 10)."""
LOVED_SHARE = 0.9
"""... and at or above this share a favourite, what a person names as "I loved" (4.5 of 5)."""


def liked_masks(inter: pd.DataFrame) -> tuple[np.ndarray, np.ndarray]:
    """``(liked, loved)`` boolean masks over the interactions, read from the ``rating`` column
    on the scale the data uses. Without ratings (purchases, plays) every interaction is both
    a like and a favourite; an unrated row in rated data is neither."""
    n = len(inter)
    if "rating" not in inter.columns:
        return np.ones(n, bool), np.ones(n, bool)
    r = pd.to_numeric(inter["rating"], errors="coerce").to_numpy(dtype=float)
    if n == 0 or np.isfinite(r).mean() < 0.5:
        return np.ones(n, bool), np.ones(n, bool)
    top = float(np.nanmax(r))
    if top <= 0:
        return np.ones(n, bool), np.ones(n, bool)
    ok = np.isfinite(r)
    liked = ok & (r >= LIKED_SHARE * top - 1e-9)
    loved = ok & (r >= LOVED_SHARE * top - 1e-9)
    return liked, loved


def user_likes(inter: pd.DataFrame) -> dict[str, tuple[list[str], list[str]]]:
    """user → (loved items, liked items) in the data's order (see :func:`liked_masks`; every
    loved item is also liked)."""
    liked, loved = liked_masks(inter)
    df = inter.assign(_liked=liked, _loved=loved)
    out: dict[str, tuple[list[str], list[str]]] = {}
    for u, g in df.groupby(df["user_id"].astype(str), sort=False):
        out[str(u)] = (g.loc[g["_loved"], "item_id"].astype(str).tolist(), g.loc[g["_liked"], "item_id"].astype(str).tolist())
    return out
