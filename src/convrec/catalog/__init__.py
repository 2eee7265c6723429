"""Catalogs: dataset loaders, the normalised schema, splits and the SQLite item database."""

from convrec.catalog.registry import BUILTIN, DEFAULT_DATASET, canonical_name
from convrec.catalog.schema import ColumnSpec, RawDataset
from convrec.catalog.store import PreparedDataset, open_dataset, prepare

__all__ = ["BUILTIN", "DEFAULT_DATASET", "ColumnSpec", "PreparedDataset", "RawDataset", "canonical_name", "open_dataset", "prepare"]
