"""The widgets' own words in English and German, read from ``texts/ui.toml``.

Game texts (rules, events, phase names) come from each game; this module
holds only the strings of the table itself, so a translator edits one file.
"""

from __future__ import annotations

import tomllib
from functools import cache
from importlib import resources

from ..engine.plurals import fill

__all__ = ["LANGS", "t", "strings", "check_lang"]

#: languages every string must have
LANGS = ("en", "de")


@cache
def strings() -> dict[str, dict[str, str]]:
    """All UI strings: ``{key: {"en": ..., "de": ...}}``."""
    out: dict[str, dict[str, str]] = {}
    for name in ("texts/ui.toml", "texts/a11y.toml"):  # a11y.toml: what screen readers and keyboards get (issue 27)
        with resources.files(__package__).joinpath(name).open("rb") as f:
            out.update(tomllib.load(f))
    return out


def check_lang(lang: str) -> str:
    """Return ``lang`` if supported, else raise ``ValueError`` naming the choices."""
    if lang not in LANGS:
        raise ValueError(f"language must be one of {', '.join(LANGS)}, got {lang!r}")
    return lang


def t(key: str, lang: str = "en", **args: object) -> str:
    """The UI string ``key`` in ``lang`` with ``{placeholders}`` filled."""
    entry = strings()[key]
    return fill(entry.get(lang, entry["en"]), lang, **args)
