"""Each game has one title per language, used the same on its board, in the gallery and on the CLI (issue 22)."""

from __future__ import annotations

import tomllib

import pytest

import rulekit
from rulekit.engine.scene_kit import walk
from rulekit.textboard import text_board

from .corpus import ROOT


def _title(game, lang: str) -> str:
    return game.title_de if lang == "de" and game.title_de else game.title


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_gallery_names_each_game_as_the_game_does(lang):
    gallery = tomllib.loads((ROOT / "notebooks" / "gallery.toml").read_text(encoding="utf-8"))
    for gid in rulekit.games():
        assert gallery[gid][f"title_{lang}"] == _title(rulekit.load(gid), lang), gid


@pytest.mark.parametrize("gid", rulekit.games())
@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_board_and_the_text_board_use_that_title(gid, lang):
    game = rulekit.load(gid)
    state = game.new(players=game.players.start, seed=1)
    heads = [i["text"] for i, _ in walk(game.scene(state, 0, lang)["items"]) if i.get("id") == "title"]
    assert all(h.startswith(_title(game, lang)) for h in heads), heads  # Spellbound draws its map, no title
    assert text_board(state, 0, lang).startswith(f"== {_title(game, lang)} ·")
