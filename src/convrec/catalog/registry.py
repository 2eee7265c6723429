"""The dataset registry: names → where the files are and how to load them."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from convrec.catalog import loaders
from convrec.catalog.custom import CustomSource, load_custom
from convrec.catalog.schema import RawDataset
from convrec.config import PACKAGE_DIR, Config
from convrec.errors import DataError

BUNDLED_DIR = PACKAGE_DIR / "catalog" / "bundled"
DEFAULT_DATASET = "movielens-small"


@dataclass(frozen=True)
class DatasetSpec:
    """A known dataset: its loader and the folder (under the data root) with its files."""

    name: str
    description: str
    loader: Callable[[Path, str], RawDataset]
    folder: str
    files: tuple[str, ...]
    bundled: bool = False

    def source_dir(self, config: Config) -> Path:
        if self.bundled:
            return BUNDLED_DIR / self.folder
        return config.data_root / self.folder


BUILTIN: dict[str, DatasetSpec] = {
    s.name: s
    for s in [
        DatasetSpec("movielens-small", "MovieLens latest-small: 9,742 movies, 100,836 ratings (bundled)",
                    loaders.load_movielens_small, "ml-latest-small", ("movies.csv", "ratings.csv", "tags.csv"), bundled=True),
        DatasetSpec("movielens-100k", "MovieLens 100K: 1,682 movies, 100,000 ratings",
                    loaders.load_movielens_100k, "movielens-100k", ("u.item", "u.data")),
        DatasetSpec("movielens-1m", "MovieLens 1M (users 1-2999 when only the partial ratings file is present)",
                    loaders.load_movielens_1m, "movielens-1m-subset", ("movies.dat",)),
        DatasetSpec("steam", "Steam games catalog + Australian user reviews",
                    loaders.load_steam, "steam", ("steam_games.json.gz", "australian_user_reviews_clean.jsonl.gz")),
        DatasetSpec("beauty", "Amazon Beauty 5-core (2014): chronological user sequences, titles",
                    loaders.load_beauty, "amazon-beauty-2014", ("user_sequence.txt", "items_asin_title.csv")),
        DatasetSpec("goodbooks", "goodbooks-10k: 10,000 books, catalog only (no interactions)",
                    loaders.load_goodbooks, "goodbooks-10k-metadata", ("books.csv",)),
    ]
}
ALIASES = {"ml-latest-small": "movielens-small", "ml-100k": "movielens-100k", "ml-1m": "movielens-1m",
           "amazon-beauty": "beauty", "goodbooks-10k": "goodbooks"}


def canonical_name(name: str) -> str:
    return ALIASES.get(name.strip().lower(), name.strip())


def custom_source_path(config: Config, name: str) -> Path:
    return config.dataset_dir(name) / "source.json"


def source_files(config: Config, name: str) -> list[Path]:
    """The files a dataset is built from (existing ones), without reading them."""
    name = check_name(config, name)
    if name in BUILTIN:
        folder = BUILTIN[name].source_dir(config)
        return sorted(f for f in folder.iterdir() if f.is_file()) if folder.is_dir() else []
    src = CustomSource.from_json(custom_source_path(config, name).read_text())
    files = [Path(src.items)] + ([Path(src.interactions)] if src.interactions else [])
    return [f for f in files if f.is_file()]


def load_source(config: Config, name: str, progress=None) -> RawDataset:
    """Load a dataset by name from its source files (``progress``: a line per chunk of a user's
    file read)."""
    name = check_name(config, name)
    if name in BUILTIN:
        spec = BUILTIN[name]
        return spec.loader(spec.source_dir(config), name)
    return load_custom(name, CustomSource.from_json(custom_source_path(config, name).read_text()), progress=progress)


def source_options(config: Config, name: str) -> str:
    """How a custom dataset's files are read (its registration), part of what a preparation
    is fingerprinted by; empty for a built-in dataset."""
    name = canonical_name(name)
    p = custom_source_path(config, name)
    return "" if name in BUILTIN or not p.is_file() else p.read_text()


def check_name(config: Config, name: str) -> str:
    """The canonical name of a known dataset, or a DataError listing the known ones."""
    name = canonical_name(name)
    if name in BUILTIN or custom_source_path(config, name).is_file():
        return name
    known = ", ".join(list(BUILTIN) + list_custom(config))
    raise DataError(f"unknown dataset '{name}' (known: {known}; add your own with "
                    f"'convrec data prepare NAME --items FILE --interactions FILE')")


def list_custom(config: Config) -> list[str]:
    root = config.home / "datasets"
    if not root.is_dir():
        return []
    return sorted(p.parent.name for p in root.glob("*/source.json"))
