"""A synthetic catalog of N items and M interactions with the value distributions of a real one,
so that scaling is measured, not guessed.

    python benchmarks/synth_catalog.py --from steam --items 1000000 --interactions 5000000 --out /tmp/synth1m
    convrec data prepare synth1m --items /tmp/synth1m/items.csv --interactions /tmp/synth1m/interactions.csv

What is kept from the real (prepared) catalog:
- every column and its type; each synthetic item a mutated copy of a random real "parent" item
  (one column in three items taken from another item, one list value in three lists swapped
  for a value drawn from that column's real frequencies), so columns stay correlated (a strategy
  game keeps strategy tags) and missing values keep their real rate;
- titles made of real title words (first words from real first words), unique, some with a
  sequel number or a subtitle, so linking has near-duplicates to tell apart;
- interactions: per-user activity drawn from the real users' counts, item popularity a long tail
  shaped like the real one, users loyal to a cluster (the parent's first list value or category)
  for 70 % of their picks, so co-liking and sequences carry signal; timestamps increasing per user
  over the real time range, ratings drawn from the real ones.

Files are written in chunks (bounded memory), lists ``|``-separated.
"""

from __future__ import annotations

import argparse
import csv
import sys
import time
from pathlib import Path

import numpy as np

CHUNK = 100_000
LOYALTY = 0.7


def log(msg: str) -> None:
    print(f"[{time.strftime('%H:%M:%S')}] {msg}", file=sys.stderr, flush=True)


def load_real(name: str):
    from convrec.catalog.store import open_dataset
    from convrec.config import load_config as get_config

    ds = open_dataset(get_config(), name)
    items = ds.items
    inter = ds.interactions
    cols = [c for c in ds.columns if c["name"] not in ("item_id", "popularity")
            and not items[c["name"]].astype(str).str.startswith("http").any()]  # no real items' links on made-up ones
    return items, inter, cols


def title_words(titles) -> tuple[list[str], list[str]]:
    first, rest = [], []
    for t in titles:
        w = str(t).split()
        if not w:
            continue
        first.append(w[0])
        rest.extend(x for x in w[1:] if len(x) > 1)
    return first, rest or first


ROMAN = ["II", "III", "IV", "2", "3", "Remastered", "Deluxe", "Gold"]


def make_titles(n: int, real_titles, rng: np.random.Generator) -> list[str]:
    first, rest = title_words(real_titles)
    first, rest = np.asarray(first, dtype=object), np.asarray(rest, dtype=object)
    lengths = np.clip(np.asarray([len(str(t).split()) for t in real_titles]), 1, 6)
    ln = rng.choice(lengths, size=n)
    f = rng.choice(first, size=n)
    seen: set[str] = set()
    out = []
    for i in range(n):
        words = [f[i], *rng.choice(rest, size=ln[i] - 1)] if ln[i] > 1 else [f[i]]
        t = " ".join(words)
        if rng.random() < 0.05:
            t = f"{t} {ROMAN[rng.integers(len(ROMAN))]}"
        base, k = t, 2
        while t.lower() in seen:
            t = f"{base}: {rest[rng.integers(len(rest))]}" if k == 2 else f"{base} {k}"
            k += 1
        seen.add(t.lower())
        out.append(t)
    return out


def cluster_of(items, cols) -> np.ndarray:
    """A cluster id per real item: its first value of the first list column (else first category)."""
    for c in cols:
        if c["type"] == "list":
            return np.asarray([str(v[0]) if isinstance(v, list) and v else "" for v in items[c["name"]]], dtype=object)
    for c in cols:
        if c["type"] == "text" and c["name"] != "title":
            return items[c["name"]].fillna("").astype(str).to_numpy(dtype=object)
    return np.zeros(len(items), dtype=object)


def item_rows(n: int, items, cols, rng, parents: np.ndarray, titles: list[str]):
    """Yield chunks of rows (dicts of column -> list of values)."""
    names = [c["name"] for c in cols if c["name"] != "title"]
    real = {c: items[c].tolist() for c in names}
    kinds = {c["name"]: c["type"] for c in cols}
    list_pool = {}
    for c in names:
        if kinds[c] == "list":
            vals = [v for lst in real[c] if isinstance(lst, list) for v in lst]
            list_pool[c] = np.asarray(vals or [""], dtype=object)
    for s in range(0, n, CHUNK):
        e = min(n, s + CHUNK)
        chunk = {"item_id": [f"s{i}" for i in range(s, e)], "title": titles[s:e]}
        p = parents[s:e]
        # a row is its parent's, with one column (sometimes) taken from another item
        swap_col = np.where(rng.random(e - s) < 0.3, rng.integers(0, max(1, len(names)), size=e - s), -1)
        other = rng.integers(0, len(items), size=e - s)
        for ci, c in enumerate(names):
            src = np.where(swap_col == ci, other, p)
            vals = [real[c][j] for j in src]
            if kinds[c] == "list":
                pool = list_pool[c]
                out = []
                for v, swap in zip(vals, rng.random(e - s) < 0.3):
                    v = list(v) if isinstance(v, list) else []
                    if swap and v:
                        v[rng.integers(len(v))] = pool[rng.integers(len(pool))]
                    out.append("|".join(dict.fromkeys(str(x) for x in v)))
                vals = out
            else:
                vals = ["" if v is None or (isinstance(v, float) and np.isnan(v)) or v is getattr(__import__("pandas"), "NA") else v
                        for v in vals]
            chunk[c] = vals
        yield chunk


def popularity_shape(inter, n: int, rng) -> np.ndarray:
    """Item weights for n items: the real sorted popularity curve stretched to n, shuffled."""
    counts = np.sort(inter["item_id"].value_counts().to_numpy())[::-1].astype(np.float64)
    x = np.linspace(0, 1, len(counts))
    w = np.interp(np.linspace(0, 1, n), x, counts) + 0.05
    rng.shuffle(w)
    return w / w.sum()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--from", dest="source", default="steam", help="a prepared real catalog (its distributions)")
    ap.add_argument("--items", type=int, required=True)
    ap.add_argument("--interactions", type=int, required=True)
    ap.add_argument("--out", type=Path, required=True)
    ap.add_argument("--seed", type=int, default=0)
    a = ap.parse_args()
    if a.items < 10 or a.interactions < 0:
        sys.exit("--items must be at least 10 and --interactions not negative")
    rng = np.random.default_rng(a.seed)
    t0 = time.perf_counter()
    log(f"reading the real catalog '{a.source}'")
    items, inter, cols = load_real(a.source)
    a.out.mkdir(parents=True, exist_ok=True)
    parents = rng.integers(0, len(items), size=a.items)
    log(f"titles for {a.items:,} items")
    titles = make_titles(a.items, items["title"].tolist(), rng)
    header = ["item_id", "title"] + [c["name"] for c in cols if c["name"] != "title"]
    with open(a.out / "items.csv", "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(header)
        done = 0
        for chunk in item_rows(a.items, items, cols, rng, parents, titles):
            w.writerows(zip(*(chunk[h] for h in header)))
            done += len(chunk["item_id"])
            log(f"items {done:,}/{a.items:,}")
    del titles

    clusters_real = cluster_of(items, cols)
    clusters = clusters_real[parents]
    uniq, cid = np.unique(clusters, return_inverse=True)
    pop = popularity_shape(inter, a.items, rng)
    by_cluster = [np.flatnonzero(cid == k) for k in range(len(uniq))]
    cluster_w = np.asarray([pop[ix].sum() for ix in by_cluster])
    per_user_real = inter.groupby("user_id").size().to_numpy()
    counts = []
    total = 0
    while total < a.interactions:
        c = int(rng.choice(per_user_real))
        c = min(c, a.interactions - total)
        counts.append(c)
        total += c
    counts = np.asarray(counts, dtype=np.int64)
    n_users = len(counts)
    log(f"{a.interactions:,} interactions for {n_users:,} users")
    ucl = rng.choice(len(uniq), size=n_users, p=cluster_w / cluster_w.sum())
    ts = inter["timestamp"].dropna().to_numpy(dtype=np.int64) if "timestamp" in inter else np.asarray([0])
    t_lo, t_hi = (int(ts.min()), int(ts.max())) if len(ts) else (0, 1)
    ratings = inter["rating"].dropna().to_numpy() if "rating" in inter and inter["rating"].notna().any() else None
    cum_all = np.cumsum(pop)
    cum_cl = [np.cumsum(pop[ix]) / pop[ix].sum() for ix in by_cluster]
    with open(a.out / "interactions.csv", "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["user_id", "item_id", "timestamp"] + (["rating"] if ratings is not None else []))
        written = 0
        starts = np.concatenate([[0], np.cumsum(counts)])
        for us in range(0, n_users, CHUNK // 4):
            ue = min(n_users, us + CHUNK // 4)
            n = int(starts[ue] - starts[us])
            user_of = np.repeat(np.arange(us, ue), counts[us:ue])
            loyal = rng.random(n) < LOYALTY
            pick = np.searchsorted(cum_all, rng.random(n) * cum_all[-1])
            for k in np.unique(ucl[us:ue]):
                m = loyal & (ucl[user_of] == k)
                if m.any():
                    pick[m] = by_cluster[k][np.minimum(np.searchsorted(cum_cl[k], rng.random(int(m.sum()))), len(by_cluster[k]) - 1)]
            pick = np.minimum(pick, a.items - 1)
            start = rng.integers(t_lo, max(t_lo + 1, t_hi), size=ue - us)
            gaps = np.cumsum(rng.integers(60, 86400 * 7, size=n))
            first = starts[us:ue] - starts[us]  # each user's first row in this chunk
            gaps -= np.repeat(gaps[first] - rng.integers(60, 86400 * 7, size=ue - us), counts[us:ue])
            t = np.minimum(start[user_of - us] + gaps, t_hi)  # one user's actions days apart, within the real span
            key = user_of.astype(np.int64) * (a.items + 1) + pick
            _, first = np.unique(key, return_index=True)  # a user likes an item once
            keep = np.sort(first)
            out = [[f"u{u}" for u in user_of[keep]], [f"s{i}" for i in pick[keep]], t[keep].tolist()]
            if ratings is not None:
                out.append(rng.choice(ratings, size=len(keep)).tolist())
            w.writerows(zip(*out))
            written += len(keep)
            log(f"interactions {written:,} (users {ue:,}/{n_users:,})")
    log(f"done in {time.perf_counter() - t0:.0f} s → {a.out}")


if __name__ == "__main__":
    main()
