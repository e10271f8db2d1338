"""Every installed game works at a Table (covers games as they land on main)."""

from __future__ import annotations

import pytest

import rulekit
from rulekit.widgets import Table
from rulekit.widgets.board import scene_problems

GAMES = rulekit.games(examples=True)  # the template game coin_race too


@pytest.mark.skipif(not GAMES, reason="no game is installed yet")
@pytest.mark.parametrize("game_id", GAMES)
def test_table_plays_every_game(game_id):
    game = rulekit.load(game_id)
    players = game.players.start
    table = Table(game_id, players=players, seed=3)
    assert scene_problems(table.board.scene) == []
    table.step() if table.state.automatic else table.click_action(table.legal_labels()[0])
    assert table.timeline.cursor == 1
    table.undo()
    table.set_lang("de")
    assert scene_problems(table.board.scene) == []
    table.play(60)
    assert scene_problems(table.board.scene) == [] and table.event_log.rows
    for label in table.board.actions():
        assert isinstance(label, str)
    table.jump(0)
    assert table.state.step == 0
