"""Every text rulekit shows, read from the package's TOML files, as (where, lang, text).

The walker knows the shapes the files use: tables with ``en``/``de`` strings, and
``[en, de]`` pairs (rune_stones' words). Rule texts from ledgers are included: they
are shown beside every event.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterator
from pathlib import Path

import rulekit

ROOT = Path(rulekit.__file__).parent
LANGS = ("en", "de")


def text_files() -> list[Path]:
    """The TOML files that hold words (texts/, lessons/, the gallery), not game data."""
    files = [p for p in ROOT.rglob("*.toml") if "data" not in p.relative_to(ROOT).parts]
    return sorted(files)


def _walk(node: object, where: str) -> Iterator[tuple[str, str, str]]:
    if isinstance(node, dict):
        if any(isinstance(node.get(lang), str) for lang in LANGS):
            for lang in LANGS:
                if isinstance(node.get(lang), str):
                    yield where, lang, node[lang]
        for key, value in node.items():
            if key not in LANGS or not isinstance(value, str):
                yield from _walk(value, f"{where}.{key}")
    elif isinstance(node, list):
        if len(node) == 2 and all(isinstance(x, str) for x in node) and where.split(":")[0].endswith("words.toml"):
            yield where, "en", node[0]
            yield where, "de", node[1]
        else:
            for i, item in enumerate(node):
                yield from _walk(item, f"{where}[{i}]")


def texts() -> Iterator[tuple[str, str, str]]:
    """(file:key path, lang, template) for every text of every text file."""
    for path in text_files():
        table = tomllib.loads(path.read_text(encoding="utf-8"))
        yield from _walk(table, f"{path.relative_to(ROOT)}:")
