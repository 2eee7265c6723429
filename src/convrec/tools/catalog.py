"""What tools need from a dataset: the item database, the models (loaded or trained on first
use) and the item linker, shared across turns."""

from __future__ import annotations

from functools import cached_property
from typing import Callable, Sequence

import pandas as pd

from convrec.catalog.store import PreparedDataset
from convrec.config import Config
from convrec.models.registry import load_or_train
from convrec.tools.linking import ItemLinker, Link


class CatalogAccess:
    def __init__(self, ds: PreparedDataset, config: Config, say: Callable[[str], None] | None = None,
                 use_embeddings_for_linking: bool = False):
        self.ds = ds
        self.config = config
        self.say = say
        self.use_embeddings_for_linking = use_embeddings_for_linking
        self._models: dict = {}

    @property
    def domain(self) -> str:
        return self.ds.domain

    @cached_property
    def items(self) -> pd.DataFrame:
        return self.ds.items.set_index("item_id", drop=False)

    def model(self, artifact: str):
        if artifact not in self._models:
            self._models[artifact] = load_or_train(self.ds, self.config, artifact, say=self.say)
        return self._models[artifact]

    @cached_property
    def linker(self) -> ItemLinker:
        it = self.ds.items
        emb = self.model("embeddings") if self.use_embeddings_for_linking else None
        years = it["year"] if "year" in it.columns else None
        pop = it["popularity"]
        if not self.has_interactions:  # a catalog-only dataset: its own signals tell the known title
            from convrec.models.registry import catalog_prior

            pop = catalog_prior(self.ds)
        return ItemLinker(it["item_id"], it["title"], pop, years, embeddings=emb)

    @cached_property
    def vocab(self):
        """The catalog's vocabulary for understanding (values, roles, titles), built once."""
        from convrec.nlu.vocab import Vocabulary

        return Vocabulary.from_dataset(self.ds, self.linker)

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
