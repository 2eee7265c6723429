"""The one recommender contract every model implements.

Every model works over a fixed :class:`ItemIndex` (the whole catalog, item ids as text) and
answers the same questions:

- ``score(context, candidates)``: scores for a **given candidate set** (default: all items)
  given a user context; returns ``(item_ids, scores)`` sorted best first.
- ``rank(context, candidates, k)``: the top ``k`` of ``score``, dropping excluded items.
- ``similar_items(seeds, candidates, k)``: items most similar to the seed items.
- ``save(dir)`` / ``load(dir)``: config, item-id map and weights.

Documented edge cases (the shared contract test checks them for every model):

- an item id not in the catalog (in the context, seeds or candidates) raises
  :class:`UnknownItemError`, naming it;
- an empty candidate set gives empty arrays;
- an empty history gives the model's context-free prior (popularity for the popularity
  model, zeros for the others), never an error;
- items in the context's history or dislikes are excluded (score ``-inf``, and ``rank``
  never returns them) unless ``exclude_seen=False``; disliked items also push similar
  candidates down.
"""

from __future__ import annotations

import hashlib
import json
import weakref
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, Iterable, Sequence

import numpy as np

from convrec.errors import ConvrecError

if TYPE_CHECKING:
    from convrec.catalog.store import PreparedDataset


class UnknownItemError(ConvrecError, KeyError):
    """An item id that is not in the model's catalog."""

    def __str__(self) -> str:  # KeyError would quote the message
        return str(self.args[0])


class NotFittedError(ConvrecError):
    """The model was used before ``fit`` or ``load``."""


_SHARED_INDEXES: "weakref.WeakValueDictionary[str, ItemIndex]" = weakref.WeakValueDictionary()


class ItemIndex:
    """Item ids (text) ↔ dense integer indices 0..n-1 (never changed once made: shared)."""

    def __init__(self, ids: Iterable[str]):
        self.ids = np.asarray([str(i) for i in ids], dtype=object)
        self._index = {iid: i for i, iid in enumerate(self.ids)}
        if len(self._index) != len(self.ids):
            raise ValueError("item ids must be unique")

    @classmethod
    def from_file(cls, path: str | Path) -> "ItemIndex":
        """The index saved as a JSON list at ``path``; models saved with the same list share one
        index in this process (at a million items each copy is ~150 MB)."""
        raw = Path(path).read_bytes()
        key = hashlib.sha1(raw).hexdigest()
        got = _SHARED_INDEXES.get(key)
        if got is None:
            got = cls(json.loads(raw))
            _SHARED_INDEXES[key] = got
        return got

    def __len__(self) -> int:
        return len(self.ids)

    def __contains__(self, item_id: str) -> bool:
        return item_id in self._index

    @property
    def key(self) -> str:
        """A fingerprint of the ids in order: two indexes with the same key map alike."""
        k = self.__dict__.get("_key")
        if k is None:
            k = self.__dict__["_key"] = hashlib.sha1("\x00".join(self.ids.tolist()).encode()).hexdigest()
        return k

    def same_as(self, other: "ItemIndex") -> bool:
        return other is self or other.ids is self.ids or (len(other) == len(self) and other.key == self.key)

    def view(self, idx: np.ndarray) -> "ItemIds":
        """The items at ``idx`` as a sequence of ids that stays integer until read."""
        return ItemIds(self, idx)

    def encode(self, item_ids: Iterable[str], what: str = "item") -> np.ndarray:
        if isinstance(item_ids, ItemIds) and self.same_as(item_ids.index):  # already indices of this catalog
            return item_ids.idx.copy()
        out, unknown = [], []
        for iid in item_ids:
            j = self._index.get(str(iid))
            if j is None:
                unknown.append(str(iid))
            else:
                out.append(j)
        if unknown:
            shown = ", ".join(repr(u) for u in unknown[:5]) + (" ..." if len(unknown) > 5 else "")
            raise UnknownItemError(f"unknown {what} id(s) not in the catalog: {shown}")
        return np.asarray(out, dtype=np.int64)

    def decode(self, idx: np.ndarray) -> np.ndarray:
        return self.ids[np.asarray(idx, dtype=np.int64)]

    def to_json(self) -> list[str]:
        return self.ids.tolist()


class ItemIds(Sequence[str]):
    """Item ids held as indices into an :class:`ItemIndex`: a sequence of id strings that
    stays an integer array until something reads the strings. Candidates over a large catalog
    travel between tools this way (a million Python strings cost ~0.1 s to build and ~0.9 s to
    map back to indices); a model whose index is the same reads the integers directly
    (:meth:`ItemIndex.encode`)."""

    __slots__ = ("index", "idx", "_mask")

    def __init__(self, index: ItemIndex, idx):
        self.index = index
        self.idx = np.asarray(idx, dtype=np.int64).reshape(-1)
        self._mask = None

    def __len__(self) -> int:
        return len(self.idx)

    def __getitem__(self, k):
        if isinstance(k, (int, np.integer)):
            return str(self.index.ids[self.idx[k]])
        return ItemIds(self.index, self.idx[k])  # a slice, a mask or positions

    def __iter__(self):
        return iter(self.tolist())

    def __contains__(self, item_id) -> bool:
        j = self.index._index.get(str(item_id))
        if j is None:
            return False
        if self._mask is None:
            self._mask = np.zeros(len(self.index), dtype=bool)
            self._mask[self.idx] = True
        return bool(self._mask[j])

    def __eq__(self, other) -> bool:
        if isinstance(other, ItemIds):
            return self.index.same_as(other.index) and np.array_equal(self.idx, other.idx)
        try:
            return len(other) == len(self) and list(other) == self.tolist()
        except TypeError:
            return NotImplemented

    __hash__ = None  # mutable-like, as a list

    def __array__(self, dtype=None, copy=None):
        out = self.index.ids[self.idx]
        return out if dtype is None else out.astype(dtype)

    def __repr__(self) -> str:
        head = ", ".join(repr(x) for x in self[:5])
        return f"ItemIds([{head}{', ...' if len(self) > 5 else ''}], n={len(self)})"

    def tolist(self) -> list[str]:
        return self.index.ids[self.idx].tolist()

    def unique(self) -> "ItemIds":
        """Each item once, where it first appears (no sorting: one pass over the indices)."""
        first = np.full(len(self.index), len(self.idx), dtype=np.int64)
        np.minimum.at(first, self.idx, np.arange(len(self.idx)))
        keep = first[self.idx] == np.arange(len(self.idx))
        return self if keep.all() else ItemIds(self.index, self.idx[keep])

    def without(self, item_ids: Iterable[str]) -> "ItemIds":
        """These ids minus ``item_ids`` (ids not in the catalog are ignored), order kept."""
        drop = [self.index._index[i] for i in map(str, item_ids) if i in self.index._index]
        if not drop:
            return self
        return ItemIds(self.index, self.idx[~np.isin(self.idx, np.asarray(drop, dtype=np.int64))])


def top_order(s: np.ndarray, k: int | None = None) -> np.ndarray:
    """Positions of ``s`` best first, ties in position order (a stable sort of ``-s``); with
    ``k``, only the first ``k`` of that order, found without sorting the rest (the same
    positions a full sort would give)."""
    n = len(s)
    if k is None or k >= n or n < 4 * k or np.isnan(s).any():
        order = np.argsort(-s, kind="stable")
        return order if k is None else order[:k]
    if k <= 0:
        return np.zeros(0, dtype=np.int64)
    thr = np.partition(s, n - k)[n - k]  # the k-th largest score
    above = np.flatnonzero(s > thr)
    ties = np.flatnonzero(s == thr)[: k - len(above)]  # the first tied positions, as a stable sort keeps them
    sel = np.concatenate([above, ties])
    return sel[np.argsort(-s[sel], kind="stable")]


@dataclass
class Context:
    """What is known about the user.

    Attributes
    ----------
    history
        Item ids the user consumed or likes, oldest first when ``ordered``.
    disliked
        Item ids the user rejected: excluded, and similar items are pushed down.
    ordered
        Whether ``history`` is a real chronological sequence (a log) or an unordered set
        the user stated in chat (sequence models then use their order-free variant).
    text
        What the user wrote (this conversation's user messages), for models that read it.
    conversational
        The request is a turn of a conversation (earlier messages exist): a model that learned
        from dialogues how people recommend to each other uses that.
    mentioned
        Every item the conversation named so far, by either side, whatever the user thought of
        it: what the conversation is about (a model that learned from dialogues reads it as the
        topic; these items are not recommended back by the caller's own exclusions).
    weights
        How much each ``history`` item counts, aligned with it (empty: all alike); a model that
        averages over the history uses a weighted mean (the preference ranker), others ignore it.
    """

    history: Sequence[str] = ()
    disliked: Sequence[str] = ()
    ordered: bool = True
    text: str = ""
    conversational: bool = False
    mentioned: Sequence[str] = ()
    weights: Sequence[float] = ()


def _per_user(part) -> tuple[np.ndarray, Any]:
    """The users of rows grouped by user (in first-seen order) and a function cutting any
    row-aligned array into one piece per user."""
    users, starts = np.unique(part["user_id"].to_numpy(dtype=str), return_index=True)
    order = np.argsort(starts)
    users, starts = users[order], starts[order]
    bounds = list(zip(starts, list(starts[1:]) + [len(part)]))
    return users, lambda arr: [arr[a:b] for a, b in bounds]


@dataclass
class TrainData:
    """Training input shared by all models.

    ``sequences[u]`` holds user ``u``'s item indices in chronological order (train split,
    or train + validation); ``valid_targets[u]`` is the held-out validation item (-1 if none,
    or when validation is part of the sequences).
    """

    items: ItemIndex
    sequences: list[np.ndarray]
    users: list[str]
    valid_targets: np.ndarray
    timestamps: list[np.ndarray] | None = None
    item_attributes: dict[str, list[list[str]]] = field(default_factory=dict)
    dataset: str = ""
    item_texts: list[str] | None = None
    """Per item, the text content models embed (set by the registry)."""
    attribute_values: dict[str, list[list[str]]] | None = None
    """Per attribute, each item's values for attribute-conditioned models."""
    liked: list[np.ndarray] | None = None
    """Per user, aligned with ``sequences``: whether they liked each item (a good rating, a
    "recommended" flag; see ``convrec.catalog.process.liked_masks``); None: not known."""

    @classmethod
    def from_dataset(cls, ds: "PreparedDataset", include_valid: bool = False, items: "ItemIndex | None" = None,
                     attributes: bool = True) -> "TrainData":
        """``items``: the catalog's index when the caller has it (the item table is then not read);
        ``attributes``: each item's list values, for the models conditioned on them."""
        items = items if items is not None else ItemIndex(ds.items["item_id"])
        inter = ds.interactions
        splits = ["train", "valid"] if include_valid else ["train"]
        part = inter[inter["split"].isin(splits)].sort_values(["user_id", "pos"], kind="stable")
        users, cut = _per_user(part)
        seqs, ts = cut(items.encode(part["item_id"])), cut(part["timestamp"].astype("float64").to_numpy())
        valid = np.full(len(users), -1, dtype=np.int64)
        if not include_valid:
            v = inter[inter["split"] == "valid"].set_index("user_id")["item_id"]
            uidx = {u: i for i, u in enumerate(users)}
            for u, iid in v.items():
                if u in uidx:
                    valid[uidx[u]] = items.encode([iid])[0]
        attrs = {c["name"]: ds.items[c["name"]].tolist() for c in ds.columns if c["type"] == "list"} if attributes else {}
        liked = None
        if len(part):
            from convrec.catalog.process import liked_masks

            liked = cut(np.asarray(liked_masks(part)[0], dtype=bool))
        return cls(items, seqs, users.tolist(), valid, ts, attrs, ds.name, liked=liked)

    @classmethod
    def from_frame(cls, df, user_col: str = "user_id", item_col: str = "item_id", time_col: str | None = "timestamp",
                   rating_col: str | None = None, items: Iterable[str] | None = None,
                   validation: bool = False) -> "TrainData":
        """Training data from a DataFrame of interactions (one row per user × item; ``time_col``
        orders each user's items, file order where it is missing). ``items``: the catalog's ids
        (default: those in ``df``); ``rating_col``: ratings, read for what a user liked
        (4 of 5 and up); ``validation``: hold each user's last item out (users with 3+ items)
        for models that stop early on it (SASRec)."""
        import pandas as pd

        from convrec.catalog.process import liked_masks

        for c in (user_col, item_col):
            if c not in df.columns:
                raise ConvrecError(f"no column '{c}' in the interactions (columns: {', '.join(map(str, df.columns))})")
        part = pd.DataFrame({"user_id": df[user_col].astype(str).to_numpy(), "item_id": df[item_col].astype(str).to_numpy()})
        has_time = bool(time_col) and time_col in df.columns
        part["timestamp"] = pd.to_numeric(df[time_col], errors="coerce").to_numpy(dtype=float) if has_time else np.nan
        part["rating"] = pd.to_numeric(df[rating_col], errors="coerce").to_numpy(dtype=float) \
            if rating_col and rating_col in df.columns else np.nan
        part["_row"] = np.arange(len(part))
        part = part.sort_values(["user_id", "timestamp", "_row"], kind="stable", na_position="last")
        catalog = ItemIndex(dict.fromkeys(map(str, items)) if items is not None else dict.fromkeys(part["item_id"]))
        users, cut = _per_user(part)
        seqs, ts = cut(catalog.encode(part["item_id"])), cut(part["timestamp"].to_numpy())
        liked = cut(np.asarray(liked_masks(part)[0], dtype=bool) if rating_col else np.ones(len(part), bool))
        valid = np.full(len(users), -1, dtype=np.int64)
        if validation:
            for u, seq in enumerate(seqs):
                if len(seq) >= 3:
                    valid[u] = seq[-1]
                    seqs[u], ts[u], liked[u] = seq[:-1], ts[u][:-1], liked[u][:-1]
        return cls(catalog, seqs, users.tolist(), valid, ts, {}, "", liked=liked)

    def interaction_matrix(self):
        """Users × items binary CSR matrix of the sequences."""
        import scipy.sparse as sp

        rows = np.repeat(np.arange(len(self.sequences)), [len(s) for s in self.sequences])
        cols = np.concatenate(self.sequences) if self.sequences else np.zeros(0, dtype=np.int64)
        m = sp.csr_matrix((np.ones(len(cols), dtype=np.float32), (rows, cols)),
                          shape=(len(self.sequences), len(self.items)))
        m.data[:] = 1.0
        return m


class Recommender(ABC):
    """Base class of all models (see the module docstring for the contract)."""

    name: ClassVar[str] = "base"
    items: ItemIndex | None = None

    # ------------------------------------------------------------------ to implement
    @abstractmethod
    def fit(self, data: TrainData, progress=None) -> "Recommender":
        """Train on ``data``; ``progress(dict)`` is called with epoch/loss/metric updates."""

    @abstractmethod
    def _score_indices(self, history: np.ndarray, disliked: np.ndarray, ordered: bool) -> np.ndarray:
        """Scores of all items (shape ``[n_items]``) for one context given as indices."""

    @abstractmethod
    def _similar_scores(self, seeds: np.ndarray) -> np.ndarray:
        """Similarity of every item to the seed set (shape ``[n_items]``)."""

    @abstractmethod
    def _state(self) -> tuple[dict[str, Any], dict[str, np.ndarray]]:
        """(json-able config, arrays) to save."""

    @abstractmethod
    def _restore(self, config: dict[str, Any], arrays: dict[str, np.ndarray]) -> None:
        """Inverse of :meth:`_state`."""

    # ------------------------------------------------------------------ batch scoring
    def score_batch(self, histories: Sequence[np.ndarray]) -> np.ndarray:
        """Scores of all items for many ordered histories (``[B, n_items]``); used by evaluation."""
        return np.stack([self._score_indices(h, np.zeros(0, dtype=np.int64), True) for h in histories])

    # ------------------------------------------------------------------ the contract
    def _require_fitted(self) -> ItemIndex:
        if self.items is None:
            raise NotFittedError(f"{self.name} model is not fitted (run 'convrec train')")
        return self.items

    def _candidates(self, candidates: Sequence[str] | None) -> np.ndarray:
        items = self._require_fitted()
        if candidates is None:
            return np.arange(len(items))
        return items.encode(candidates, "candidate")

    def score(self, context: Context, candidates: Sequence[str] | None = None,
              exclude_seen: bool = True) -> tuple[np.ndarray, np.ndarray]:
        """Score ``candidates`` (default: all items) for ``context``, best first.

        Returns
        -------
        (item_ids, scores)
            Arrays of the same length as the candidate set; excluded items score ``-inf``.
        """
        ids, s = self.score_ids(context, candidates, exclude_seen)
        if len(ids) == 0:
            return np.asarray([], dtype=object), np.asarray([], dtype=np.float64)
        return np.asarray(ids), s

    def score_ids(self, context: Context, candidates: Sequence[str] | None = None, exclude_seen: bool = True,
                  k: int | None = None) -> tuple["ItemIds", np.ndarray]:
        """:meth:`score` with the ids as :class:`ItemIds` (integers until read); ``k``: only
        the best ``k`` (the same ones, found without sorting every candidate)."""
        items = self._require_fitted()
        cand = self._candidates(candidates)
        hist = items.encode(context.history, "history item")
        dis = items.encode(context.disliked, "disliked item")
        if len(cand) == 0:
            return items.view(cand), np.asarray([], dtype=np.float64)
        full = np.asarray(self._score_indices(hist, dis, context.ordered), dtype=np.float64)
        s = full[cand]
        if exclude_seen and (len(hist) or len(dis)):
            s[np.isin(cand, np.concatenate([hist, dis]))] = -np.inf
        order = top_order(s, k)  # stable: ties keep candidate order
        return items.view(cand[order]), s[order]

    def rank(self, context: Context, candidates: Sequence[str] | None = None, k: int | None = 10,
             exclude_seen: bool = True) -> tuple[np.ndarray, np.ndarray]:
        """The best ``k`` candidates (excluded ones never appear)."""
        ids, s = self.score_ids(context, candidates, exclude_seen, k=k)
        keep = np.isfinite(s)
        return np.asarray(ids, dtype=object)[keep], s[keep]

    def similar_items(self, seeds: Sequence[str], candidates: Sequence[str] | None = None,
                      k: int | None = 10) -> tuple[np.ndarray, np.ndarray]:
        """Items most similar to ``seeds`` (mean similarity), seeds themselves excluded."""
        items = self._require_fitted()
        cand = self._candidates(candidates)
        sd = items.encode(seeds, "seed item")
        if len(cand) == 0 or len(sd) == 0:
            return np.asarray([], dtype=object), np.asarray([], dtype=np.float64)
        s = np.asarray(self._similar_scores(sd), dtype=np.float64)[cand]
        keep = ~np.isin(cand, sd)
        cand, s = cand[keep], s[keep]
        order = np.lexsort((np.arange(len(cand)), -s))[: (k if k is not None else len(cand))]
        return items.decode(cand[order]), s[order]

    # ------------------------------------------------------------------ library use
    def fit_frame(self, df, user_col: str = "user_id", item_col: str = "item_id", time_col: str | None = "timestamp",
                  rating_col: str | None = None, items: Iterable[str] | None = None, progress=None) -> "Recommender":
        """Fit on a DataFrame of interactions (see :meth:`TrainData.from_frame`); the users'
        histories are kept so that :meth:`recommend` takes a user id."""
        data = TrainData.from_frame(df, user_col, item_col, time_col, rating_col, items,
                                    validation=getattr(self, "wants_validation", False))
        self.fit(data, progress)
        self.user_histories = {u: (np.r_[seq, data.valid_targets[k]] if data.valid_targets[k] >= 0 else seq)
                               for k, (u, seq) in enumerate(zip(data.users, data.sequences))}
        return self

    def recommend(self, user_or_history, k: int = 10, filter=None, exclude_seen: bool = True
                  ) -> tuple[np.ndarray, np.ndarray]:
        """The top ``k`` items for a user seen in :meth:`fit_frame` (their id) or for a history
        (a list of item ids, oldest first). ``filter``: the item ids allowed, or a function
        ``item_id -> bool``. Returns ``(item_ids, scores)``, best first; the history itself is
        left out unless ``exclude_seen=False``."""
        items = self._require_fitted()
        if isinstance(user_or_history, str):
            hist = getattr(self, "user_histories", {}).get(user_or_history)
            if hist is None:
                raise UnknownItemError(f"unknown user '{user_or_history}' (not in the data this model was fitted on "
                                       "with fit_frame; pass their items as a list instead)")
            history = items.decode(hist).tolist()
        else:
            history = [str(i) for i in user_or_history]
        cand = None
        if filter is not None:
            ids = items.to_json()
            cand = [i for i in ids if filter(i)] if callable(filter) else [str(i) for i in filter]
        return self.rank(Context(history=history), candidates=cand, k=k, exclude_seen=exclude_seen)

    # ------------------------------------------------------------------ persistence
    def save(self, directory: str | Path) -> Path:
        items = self._require_fitted()
        d = Path(directory)
        d.mkdir(parents=True, exist_ok=True)
        cfg, arrays = self._state()
        (d / "config.json").write_text(json.dumps({"model": self.name, "config": cfg}, indent=1))
        (d / "items.json").write_text(json.dumps(items.to_json()))
        np.savez(d / "weights.npz", **arrays)
        hist = getattr(self, "user_histories", None)
        if hist:  # the users a library fit saw, for recommend(user_id) after load
            users = list(hist)
            lens = np.array([len(hist[u]) for u in users], dtype=np.int64)
            np.savez(d / "users.npz", lens=lens, items=np.concatenate([hist[u] for u in users]).astype(np.int64))
            (d / "users.json").write_text(json.dumps(users))
        return d

    @classmethod
    def load(cls, directory: str | Path) -> "Recommender":
        d = Path(directory)
        meta = json.loads((d / "config.json").read_text())
        if meta["model"] != cls.name:
            raise ValueError(f"{d} holds a '{meta['model']}' model, not '{cls.name}'")
        obj = cls.__new__(cls)
        obj.items = ItemIndex.from_file(d / "items.json")
        with np.load(d / "weights.npz", allow_pickle=False) as z:
            arrays = {k: z[k] for k in z.files}
        obj._restore(meta["config"], arrays)
        if (d / "users.json").is_file() and (d / "users.npz").is_file():
            users = json.loads((d / "users.json").read_text())
            with np.load(d / "users.npz", allow_pickle=False) as z:
                parts = np.split(z["items"], np.cumsum(z["lens"])[:-1]) if len(users) else []
            obj.user_histories = dict(zip(users, parts))
        return obj


def load_model(directory: str | Path) -> "Recommender":
    """A saved model of any kind (the kind is read from the directory)."""
    from convrec.models.itemcf import ItemCF
    from convrec.models.popularity import Popularity
    from convrec.models.sasrec import SASRec

    kinds = {c.name: c for c in (Popularity, ItemCF, SASRec)}
    meta = json.loads((Path(directory) / "config.json").read_text())
    try:
        cls = kinds[meta["model"]]
    except KeyError:
        raise ConvrecError(f"{directory} holds a '{meta['model']}' model, which this version cannot load") from None
    return cls.load(directory)
