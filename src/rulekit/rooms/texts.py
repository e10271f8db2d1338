"""The words of a shared table in English and German, read from ``texts/rooms.toml``."""

from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path

__all__ = ["t", "strings", "LANGS", "check_lang"]

#: the languages a student can pick on a seat page
LANGS = ("en", "de")


@cache
def strings() -> dict[str, dict[str, str]]:
    return tomllib.loads((Path(__file__).parent / "texts" / "rooms.toml").read_text(encoding="utf-8"))


def t(key: str, lang: str = "en", **args: object) -> str:
    """The string ``key`` in ``lang`` (English when missing) with ``{placeholders}`` filled."""
    entry = strings()[key]
    return entry.get(lang, entry["en"]).format(**args)


def check_lang(lang: object) -> str:
    """``lang`` if it is one of ``LANGS``, else English (a page's ``?lang=`` is user input)."""
    return lang if lang in LANGS else "en"
