"""A dataset as a turn uses it: the item database, the models (loaded or trained on first use),
the item linker and the vocabulary understanding reads, shared across turns.

It lives in ``core/``, above understanding: building the vocabulary and reading the shipped
dialogues for the ranker run the understanding, so below it this facade was an arrow running back
up. Tools see it only as ``ToolContext.catalog``, through the methods they call."""

from __future__ import annotations

import hashlib
import json
import os
import pickle
import sys
from functools import cached_property
from pathlib import Path
from typing import Callable, Sequence

import numpy as np
import pandas as pd

from convrec.catalog.store import PreparedDataset
from convrec.config import Config
from convrec.errors import NotApplicable
from convrec.models.registry import load_or_train
from convrec.catalog.linking import alias_columns
from convrec.tools.linking import ItemLinker, Link


RUNTIME_FORMAT = 1


def _runtime_sources() -> list[Path]:
    """The files whose content decides what the cached vocabulary holds."""
    import convrec.catalog.linking as linking
    import convrec.nlu as nlu

    root = Path(nlu.__file__).parent
    cat = Path(linking.__file__).parent
    return sorted([*root.glob("*.py"), *root.glob("lexicons/*.toml"), Path(linking.__file__), cat / "meaning.py",
                   cat / "text.py", cat / "units.toml", cat / "codes.toml"])


class CatalogAccess:
    def __init__(self, ds: PreparedDataset, config: Config, say: Callable[[str], None] | None = None,
                 use_embeddings_for_linking: bool = False):
        self.ds = ds
        self.config = config
        self.say = say
        self.use_embeddings_for_linking = use_embeddings_for_linking
        self._models: dict = {}
        self._unavailable: dict = {}
        """artifact → why this dataset cannot have it (NotApplicable): not tried again in this process"""
        self._runtime_tried = False

    @property
    def domain(self) -> str:
        return self.ds.domain

    @cached_property
    def items(self) -> pd.DataFrame:
        self._load_runtime()
        return self.ds.items.set_index("item_id", drop=False)

    # ------------------------------------------------------------------ per-process state, cached
    def _runtime_path(self) -> Path:
        """The pickled items, linker and vocabulary of this prepared dataset, keyed by the
        dataset's fingerprint and the source of the code and lexicon that build them."""
        m = self.ds.manifest
        h = hashlib.sha256(json.dumps([m.get("fingerprint"), m.get("prepared_at"), self.ds.columns, self.ds.domain, RUNTIME_FORMAT,
                                       pd.__version__, sys.version_info[:2]], default=str).encode())
        for f in _runtime_sources():
            h.update(f.read_bytes())
        return self.ds.dir / "cache" / f"runtime-{h.hexdigest()[:20]}.pkl"

    def _load_runtime(self) -> None:
        """Items, linker and vocabulary from the cache a previous process wrote (building them
        takes seconds on a large catalog: steam 3.3 s vs 0.6 s to load)."""
        if self._runtime_tried or self.use_embeddings_for_linking:
            return
        self._runtime_tried = True
        p = self._runtime_path()
        try:
            with open(p, "rb") as f:
                items, linker, vocab = pickle.load(f)
        except (OSError, pickle.UnpicklingError, EOFError, ValueError, TypeError, AttributeError, ImportError):
            return
        self.ds.__dict__["items"] = items  # PreparedDataset.items is a cached property
        self.__dict__["linker"] = linker
        self.__dict__["vocab"] = vocab

    def save_runtime(self) -> Path | None:
        """Write the cache :meth:`_load_runtime` reads (best effort)."""
        if self.use_embeddings_for_linking:
            return None
        p = self._runtime_path()
        if p.is_file():
            return p
        vocab = self.vocab
        encoder, vocab.encoder = vocab.encoder, None  # the encoder is the process's, not data
        try:
            p.parent.mkdir(parents=True, exist_ok=True)
            for old in p.parent.glob("runtime-*.pkl"):
                old.unlink(missing_ok=True)
            tmp = p.with_name(f".{p.name}.{os.getpid()}.tmp")
            with open(tmp, "wb") as f:
                pickle.dump((self.ds.items, self.linker, vocab), f, protocol=pickle.HIGHEST_PROTOCOL)
            os.replace(tmp, p)
            return p
        except OSError:
            return None
        finally:
            vocab.encoder = encoder

    def model(self, artifact: str):
        if artifact in self._unavailable:  # asked before and cannot exist (no attributes, no interactions)
            raise self._unavailable[artifact]
        if artifact not in self._models:
            if artifact == "pref-ranker":
                from convrec.models.registry import conversations_current

                if not conversations_current(self.ds):  # missing, or written by an older version
                    self.conversation_queries()
            try:
                self._models[artifact] = load_or_train(self.ds, self.config, artifact, say=self.say, get=self.model)
            except NotApplicable as e:
                self._unavailable[artifact] = e
                raise
        return self._models[artifact]

    @cached_property
    def item_index(self):
        """Item ids ↔ model indices: the index the models share (so candidates held as
        indices, :class:`~convrec.models.base.ItemIds`, reach them without being mapped)."""
        from convrec.models.base import ItemIndex

        try:
            got = self.model("popularity").items
            if got is not None and len(got) == self.ds.n_items:
                return got
        except Exception:  # noqa: BLE001 — no models for this catalog: its own index
            pass
        return ItemIndex(self.ds.items["item_id"])

    def carrying(self, column: str, value_low: str, rows: np.ndarray) -> np.ndarray:
        """Whether each item (``rows``: model indices, :attr:`item_index`) holds ``value_low``
        in ``column`` (lower case; a list column: among its values). A large catalog reads it
        from its condition index; otherwise the column's values are read for these items only."""
        from convrec.tools.colindex import column_index

        rows = np.asarray(rows, dtype=np.int64)
        index = column_index(self.ds)
        if index is not None:
            m = index.carrying_lower(column, value_low)
            if m is not None:
                return m[index.position[rows]]
        vals = self._column_by_model(column)
        if vals is None:
            return np.zeros(len(rows), dtype=bool)
        return np.fromiter((any(str(x).lower() == value_low for x in v) if isinstance(v, (list, tuple, np.ndarray))
                            else (v is not None and not (isinstance(v, float) and v != v) and str(v).lower() == value_low)
                            for v in vals[rows]), dtype=bool, count=len(rows))

    def most_popular_with(self, column: str, value_low: str, limit: int) -> np.ndarray | None:
        """Model indices of up to ``limit`` items holding the value, most popular first, from a
        large catalog's condition index (None: no index for this catalog or column)."""
        from convrec.tools.colindex import column_index

        index = column_index(self.ds)
        m = index.carrying_lower(column, value_low) if index is not None else None
        if m is None:
            return None
        at = np.flatnonzero(m)  # positions: most popular first, ties by id
        pop = index.numbers.get("popularity")
        if pop is None:
            return index.model[at[:limit]]
        if len(at) > limit:  # ties at the cut taken in catalog order, as the item table's stable sort takes them
            thr = pop[at[limit - 1]]
            above, tied = at[pop[at] > thr], at[pop[at] == thr]
            at = np.concatenate([above, tied[np.argsort(index.model[tied], kind="stable")[: limit - len(above)]]])
        rows = index.model[at]
        return rows[np.lexsort((rows, -pop[at]))]

    def _column_by_model(self, column: str) -> np.ndarray | None:
        """``column``'s values as an object array in model-index order (kept per column)."""
        cache = self.__dict__.setdefault("_by_model", {})
        if column not in cache:
            items = self.items
            if column not in items.columns:
                return None
            at = items.index.get_indexer(self.item_index.ids)
            col = items[column].to_numpy(dtype=object)
            out = np.empty(len(at), dtype=object)
            ok = at >= 0
            out[ok] = col[at[ok]]
            cache[column] = out
        return cache[column]

    ranker_groups: tuple[str, ...] | None = None
    """Views the preference ranker uses (None: all); an ablation sets fewer, and the ranker is
    then fitted without the others (saved under pref-ranker-no_<group>)."""

    def ranker(self):
        """The preference ranker (fitted on first use; a variant per ablation)."""
        from convrec.models.prefrank import GROUPS

        groups = self.ranker_groups
        if groups is None or set(groups) == set(GROUPS):
            return self.model("pref-ranker")
        key = "pref-ranker-no_" + "_".join(g for g in GROUPS if g not in groups)
        if key not in self._models:
            from convrec.models.registry import conversations_current, load_pref_ranker, model_dir, train_pref_ranker

            d = model_dir(self.ds, key)
            try:
                self._models[key] = load_pref_ranker(self.ds, self.config, self.model, directory=d)
                if tuple(self._models[key].groups) != tuple(g for g in GROUPS if g in groups):
                    raise ValueError("other groups")
            except (ValueError, KeyError, OSError):
                if not conversations_current(self.ds):
                    self.conversation_queries()
                r = train_pref_ranker(self.ds, self.config, groups=[g for g in GROUPS if g in groups], get=self.model)
                r.save(d)
                self._models[key] = r
        return self._models[key]

    def conversation_queries(self) -> list[dict]:
        """The dataset's dialogue turns of the fold the ranker may learn from, read by the
        understanding as the agent reads them — liked, rejected and mentioned items, the
        user's words, the recommended item — saved where the ranker's training reads them
        (nothing when the dataset has no dialogues; they ship with the package)."""
        from convrec.catalog.dialogues import FIT_FOLD, fit_dialogues_file, read_dialogues
        from convrec.models.registry import CONVERSATIONS_VERSION, conversations_path
        from convrec.nlu import understand

        path = fit_dialogues_file(self.ds.name)
        out = conversations_path(self.ds)
        if path is None:
            return []
        known = set(self.items.index)
        rows = []
        if self.say:
            self.say(f"reading the {FIT_FOLD} fold of the shipped dialogues ({path.parent.name}) for the preference ranker")
        for d in read_dialogues(path, "all", known):
            intent = understand(d.messages[-1]["content"], self.vocab, history=d.messages[:-1])
            seen = set(d.mentioned) | set(intent.excluded)
            targets = [t for t in d.targets if t in known and t not in set(d.mentioned)]
            if not targets:
                continue
            rows.append({"id": d.dialogue_id, "liked": [i for i in intent.liked if i in known],
                         "disliked": [i for i in intent.disliked if i in known],
                         "seen": sorted(i for i in seen if i in known), "targets": targets, "text": d.user_text,
                         "mentioned": [i for i in intent.items() if i in known],
                         "named": sorted({i for i in list(d.mentioned) + list(d.targets) if i in known})})
        try:
            out.parent.mkdir(parents=True, exist_ok=True)
            tmp = out.with_name(f".{out.name}.{os.getpid()}.tmp")
            tmp.write_text(json.dumps({"version": CONVERSATIONS_VERSION, "source": str(path), "fold": FIT_FOLD,
                                       "turns": rows}))
            os.replace(tmp, out)
        except OSError:
            pass
        return rows

    @cached_property
    def linker(self) -> ItemLinker:
        self._load_runtime()
        if "linker" in self.__dict__:
            return self.__dict__["linker"]
        it = self.ds.items
        emb = self.model("embeddings") if self.use_embeddings_for_linking else None
        years = it["year"] if "year" in it.columns else None
        pop = it["popularity"]
        if not self.has_interactions:  # a catalog-only dataset: its own signals tell the known title
            from convrec.models.registry import catalog_prior

            pop = catalog_prior(self.ds)
        aliases = [it[c].tolist() for c in alias_columns(it, self.ds.columns)]
        return ItemLinker(it["item_id"], it["title"], pop, years, embeddings=emb, aliases=aliases)

    @cached_property
    def vocab(self):
        """The catalog's vocabulary for understanding (values, roles, titles), built once."""
        from convrec.nlu.vocab import Vocabulary

        self._load_runtime()
        if "vocab" in self.__dict__:
            return self.__dict__["vocab"]
        vocab = Vocabulary.from_dataset(self.ds, self.linker)
        self.__dict__["vocab"] = vocab
        self.save_runtime()
        return vocab

    @property
    def has_interactions(self) -> bool:
        return int(self.ds.manifest.get("interactions", 0)) > 0

    def link(self, names: Sequence[str]) -> tuple[list[str], list[Link]]:
        """(linked ids in order, without duplicates; every link result)."""
        links = self.linker.link_many(names)
        ids = list(dict.fromkeys(l.item_id for l in links if l.item_id))
        return ids, links

    def describe(self, item_id: str, fields: Sequence[str] | None = None) -> dict:
        row = self.items.loc[item_id]
        show = fields or [c["name"] for c in self.ds.columns if c["name"] not in ("popularity",)]
        out = {}
        for f in show:
            v = row.get(f)
            if isinstance(v, list):
                v = v[:6]
            elif v is None or (not isinstance(v, str) and pd.isna(v)):
                continue
            elif hasattr(v, "item"):
                v = v.item()  # numpy scalar → plain Python (JSON-safe)
            out[f] = v
        return out

    def title(self, item_id: str) -> str:
        return str(self.items.at[item_id, "title"])

    @cached_property
    def _shared_titles(self) -> set[str]:
        t = self.items["title"].astype(str).str.strip().str.lower()
        counts = t.value_counts()
        return set(counts[counts > 1].index)

    def distinct_title(self, item_id: str) -> str:
        """The title, with the year when other items share it ("King Kong (1976)"): how a person
        names the one they mean."""
        t = self.title(item_id)
        if t.strip().lower() in self._shared_titles and "year" in self.items.columns:
            y = self.items.at[item_id, "year"]
            try:
                return f"{t} ({int(y)})"
            except (TypeError, ValueError):
                return t
        return t
