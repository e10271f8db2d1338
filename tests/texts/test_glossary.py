"""One word per concept in each game (issue 22, item 7): ``texts/glossary.toml`` names it.

The test reads every word a game shows (its texts, its data files' names and help,
its lessons) and fails when a second word for a concept turns up, when two concepts
share a word, or when a glossary word is never used at all.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterator

import pytest

import rulekit

from .corpus import ROOT

GAMES = rulekit.games(examples=True)  # the template game coin_race too
#: keys whose strings are words a person reads (English unless they end in _de)
READ = {"en", "name", "title", "help", "task", "hint", "text", "effect", "label", "question", "explain", "summary"}


def _glossary(gid: str) -> dict[str, dict]:
    return tomllib.loads((ROOT / "games" / gid / "texts" / "glossary.toml").read_text(encoding="utf-8"))


def _strings(node: object, key: str = "") -> Iterator[tuple[str, str]]:
    """(lang, text) of every readable string under ``node``."""
    if isinstance(node, dict):
        for k, v in node.items():
            yield from _strings(v, k)
    elif isinstance(node, list):
        if len(node) == 2 and all(isinstance(x, str) for x in node) and key not in READ:
            return  # data pairs such as ranges
        for v in node:
            yield from _strings(v, key)
    elif isinstance(node, str):
        if key == "de" or key.endswith("_de"):
            yield "de", node
        elif key in READ or key.endswith("_en"):
            yield "en", node


def _texts(gid: str, lang: str) -> list[tuple[str, str]]:
    """(file, text) of every readable string of the game in ``lang`` (the glossary itself left out)."""
    out = []
    for path in sorted((ROOT / "games" / gid).rglob("*.toml")):
        if path.name == "glossary.toml":
            continue
        table = tomllib.loads(path.read_text(encoding="utf-8"))
        out += [(path.name, text) for text_lang, text in _strings(table) if text_lang == lang]
    return out


def _pattern(word: str, lang: str) -> re.Pattern:
    """The word alone or inflected (German -e/-en/-n/-s/-es), never inside a longer word."""
    ending = r"(?:e|en|n|s|es|er)?" if lang == "de" else r"(?:s|es)?"
    flags = 0 if lang == "de" else re.IGNORECASE
    return re.compile(rf"(?<![\wÄÖÜäöüß]){re.escape(word)}{ending}(?![\wÄÖÜäöüß])", flags)


@pytest.mark.parametrize("gid", GAMES)
def test_every_game_has_a_glossary_in_both_languages(gid):
    glossary = _glossary(gid)
    assert len(glossary) >= 5
    for concept, entry in glossary.items():
        assert entry.get("en") and entry.get("de"), f"{gid}: {concept} needs 'en' and 'de'"


@pytest.mark.parametrize("gid", GAMES)
@pytest.mark.parametrize("lang", ["en", "de"])
def test_no_two_concepts_share_a_word(gid, lang):
    seen: dict[str, str] = {}
    for concept, entry in _glossary(gid).items():
        for word in [entry[lang], *entry.get(f"other_{lang}", [])]:
            key = word.lower()
            assert key not in seen, f"{gid}: '{word}' stands for both {seen[key]} and {concept}"
            seen[key] = concept


@pytest.mark.parametrize("gid", GAMES)
@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_concept_has_one_word_in_all_texts_of_the_game(gid, lang):
    texts = _texts(gid, lang)
    assert len(texts) > 50
    wrong, unused = [], []
    for concept, entry in _glossary(gid).items():
        if not any(_pattern(entry[lang], lang).search(text) for _f, text in texts):
            unused.append(f"{concept}: '{entry[lang]}'")
        for other in entry.get(f"other_{lang}", []):
            hits = [f"{f}: {text[:100]}" for f, text in texts if _pattern(other, lang).search(text)]
            wrong += [f"{concept} is '{entry[lang]}', not '{other}' -- {hit}" for hit in hits]
    assert not wrong, f"{gid} ({lang}): a second word for one concept:\n" + "\n".join(wrong)
    assert not unused, f"{gid} ({lang}): glossary words no text uses: {unused}"


def test_the_check_finds_a_second_word():
    """The check itself: 'Startperson' beside 'Startspieler' is found, 'Startspieler-Marker' is not."""
    assert _pattern("Startperson", "de").search("Die Startperson beginnt.")
    assert not _pattern("Startperson", "de").search("Der Startspieler-Marker wandert.")
    assert _pattern("Ablage", "de").search("auf die Ablage")
    assert not _pattern("Ablage", "de").search("auf den Ablagestapel")
