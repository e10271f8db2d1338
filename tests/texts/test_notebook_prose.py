"""Every notebook's own prose in both languages (issue 22, item 7: one language switch per page).

Each markdown cell holds one ``rk-prose`` block per language, English first; the page's switch
(``data-rk-lang`` on ``<html>``) shows one of them. The blocks must be separated by blank lines
exactly as below, or nbconvert and JupyterLab show the markdown inside as raw text.
"""

from __future__ import annotations

import json
import re

import pytest

import rulekit

from .corpus import ROOT
from .test_glossary import _glossary, _pattern

GAMES = rulekit.games()

NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))
BLOCKS = re.compile(
    r'<div class="rk-prose" lang="en">\n\n(?P<en>.*?)\n\n</div>\n'
    r'<div class="rk-prose" lang="de">\n\n(?P<de>.*?)\n\n</div>',
    re.S,
)
#: a markdown heading line (outside code spans: notebook prose has no fenced code)
HEADING = re.compile(r"^#{1,6} ", re.M)


def _prose(text: str) -> tuple[str, str]:
    """(English, German) of one markdown cell; fails with the cell's start when the shape is wrong."""
    match = BLOCKS.fullmatch(text)
    assert match, f"not exactly one rk-prose block per language, in the kit's format: {text[:120]!r}"
    return match["en"], match["de"]


def _cells(path) -> list[tuple[int, str]]:
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return [(i, "".join(c["source"])) for i, c in enumerate(cells) if c["cell_type"] == "markdown"]


def test_there_are_notebooks_with_prose():
    assert len(NOTEBOOKS) >= 8
    assert all(_cells(path) for path in NOTEBOOKS)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_every_markdown_cell_speaks_english_and_german(path):
    for i, text in _cells(path):
        en, de = _prose(text)
        where = f"{path.name} cell {i}"
        assert en.strip() and de.strip(), f"{where}: an empty block"
        assert "rk-prose" not in en + de, f"{where}: a second block inside a block"
        assert len(HEADING.findall(en)) == len(HEADING.findall(de)), f"{where}: the headings differ in number"
        assert HEADING.findall(en) == HEADING.findall(de), f"{where}: the heading levels differ"
        assert en != de, f"{where}: the German block repeats the English one"


def test_the_check_finds_a_wrong_cell():
    good = '<div class="rk-prose" lang="en">\n\n# A\n\n</div>\n<div class="rk-prose" lang="de">\n\n# B\n\n</div>'
    assert _prose(good) == ("# A", "# B")
    for bad in (
        good.replace("\n\n# B", "\n# B"),  # no blank line: the markdown would show raw
        good.replace('lang="de"', 'lang="en"'),  # two English blocks
        good + "\nMore text",  # prose outside the blocks
        "# Only English",
    ):
        with pytest.raises(AssertionError):
            _prose(bad)


@pytest.mark.parametrize("gid", [g for g in GAMES if (ROOT / "notebooks" / f"{g}.ipynb").is_file()])
@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_game_notebook_uses_the_games_glossary_words(gid, lang):
    """The notebook of a game says each concept with the glossary's word, as the game's own texts do."""
    prose = [(i, _prose(text)[0 if lang == "en" else 1]) for i, text in _cells(ROOT / "notebooks" / f"{gid}.ipynb")]
    wrong = []
    for concept, entry in _glossary(gid).items():
        for other in entry.get(f"other_{lang}", []):
            wrong += [
                f"cell {i}: {concept} is '{entry[lang]}', not '{other}'"
                for i, text in prose
                if _pattern(other, lang).search(text)
            ]
    assert not wrong, f"{gid}.ipynb ({lang}):\n" + "\n".join(wrong)
