"""The server's words in English and German, read from ``texts/serve.toml``."""

from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path

from ..engine.plurals import fill

__all__ = ["t", "strings"]


@cache
def strings() -> dict[str, dict[str, str]]:
    return tomllib.loads((Path(__file__).parent / "texts" / "serve.toml").read_text(encoding="utf-8"))


def t(key: str, lang: str = "en", **args: object) -> str:
    """The string ``key`` in ``lang`` (English when missing) with ``{placeholders}`` filled."""
    entry = strings()[key]
    return fill(entry.get(lang, entry["en"]), lang, **args)
