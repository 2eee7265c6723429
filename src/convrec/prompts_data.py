"""Prompts are data: each strategy keeps its templates in a TOML file beside its code."""

from __future__ import annotations

import tomllib
from functools import lru_cache
from importlib import resources


@lru_cache(maxsize=None)
def load_prompts(package: str, filename: str) -> dict[str, str]:
    """The templates of ``package``'s ``prompts/<filename>`` (shipped as package data)."""
    return tomllib.loads(resources.files(package).joinpath("prompts", filename).read_text(encoding="utf-8"))
