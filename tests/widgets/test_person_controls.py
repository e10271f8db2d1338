"""Issue 22, item 3: controls that mean what a person means.

Undo takes back a human seat's last decision with the automatic steps and bot
moves after it (the same seat is to move again); Redo replays it; Step is
disabled with a reason while a person decides; the status line says whose
turn it is and what they can do at every step of a seeded game; Play to end
reaches each game's printed end with default options.
"""

from __future__ import annotations

import pytest

import rulekit
from rulekit.session import Session
from rulekit.widgets import Table
from rulekit.widgets.i18n import t
from rulekit.widgets.status import expected_kind, status_parts, step_reason

GAMES = rulekit.games()
#: each dashboard's first table (notebooks/<game>.ipynb): players and seats
DASHBOARD = {
    "rune_stones": (2, ["human", "human"]),
    "vale_of_eternity": (4, ["human", "greedy", "greedy", "greedy"]),
    "spellbound": (2, ["human", "human"]),
    "scepter_of_zavandor": (6, ["human"] + ["greedy"] * 5),
    "mines_of_zavandor": (4, ["human", "greedy", "greedy", "greedy"]),
}


def _human_decision_then_bots(game_id: str) -> Table:
    players, seats = DASHBOARD[game_id]
    return Table(game_id, players=players, seed=3, seats=seats, autoplay=True)


@pytest.mark.parametrize("game_id", GAMES)
def test_undo_returns_to_the_human_decision_with_the_same_seat_to_move(game_id):
    table = _human_decision_then_bots(game_id)
    table.session.run_bots()
    assert table.session.human_to_move()
    before, seat, cursor = table.state, table.state.to_move, table.timeline.cursor
    for _ in range(3):  # three decisions in a row, each followed by bots and automatic steps
        table.click_action(table.legal_labels()[-1])
        if not table.session.human_to_move():
            break
    first_after = table.timeline.cursor
    # undo as often as decisions were made: back at the very first decision, same seat to move
    while table.timeline.cursor > cursor:
        table.undo()
        assert table.session.human_to_move() or table.timeline.cursor == 0
    assert table.timeline.cursor == cursor and table.state is before and table.state.to_move == seat
    table.redo()
    assert table.timeline.cursor > cursor and (table.session.human_to_move() or table.state.is_over)
    assert table.timeline.cursor <= first_after or table.timeline.cursor == len(table.timeline) - 1


def test_undo_in_vale_skips_the_bots_and_automatic_steps_in_one_click():
    table = _human_decision_then_bots("vale_of_eternity")
    start = table.timeline.cursor
    table.click_action(table.legal_labels()[0])
    assert table.timeline.cursor - start > 3  # the bots and automatic steps played on
    table.undo()
    assert table.timeline.cursor == start and table.state.to_move == 0
    table.redo()
    assert table.state.to_move == 0 and table.timeline.cursor > start + 3


def test_step_is_disabled_with_a_reason_while_a_person_decides():
    table = Table("rune_stones", players=2, seed=1)
    assert table.state.automatic and table.controls.step_why == ""
    while table.state.automatic:
        table.step()
    seat, cursor = table.state.to_move, table.timeline.cursor
    assert t("seat", "en", n=seat + 1) in table.controls.step_why and "person" in table.controls.step_why
    assert table.step() == "human" and table.timeline.cursor == cursor  # nothing happened
    table.set_autoplay(False)
    table.set_seat(seat, "random")
    assert table.controls.step_why == ""  # a bot is to move: Step plays its move
    table.set_lang("de")
    table.set_seat(seat, "human")
    assert t("seat", "de", n=seat + 1) in table.controls.step_why


@pytest.mark.parametrize("game_id", GAMES)
def test_status_line_matches_the_state_at_every_step_of_a_seeded_game(game_id):
    players, seats = DASHBOARD[game_id]
    session = Session(game_id, players, 5, ["human"] + ["random"] * (players - 1))
    session.play(400)
    tl = session.timeline
    for i in range(len(tl)):
        tl.jump(i)
        s = session.state
        for lang in ("en", "de"):
            parts = status_parts(session, lang)
            kind = expected_kind(s, session.seats)
            words = {
                "over": ("Game over", "Spielende"),
                "auto": ("automatic step", "automatischer Schritt"),
                "human": ("your turn", "du bist dran"),
                "bot": ("moves next", "als Nächstes dran"),
            }[kind]
            assert words[lang == "de"] in parts["who"], (i, lang, parts["who"])
            if s.to_move is not None:
                assert parts["who"].startswith(t("seat", lang, n=s.to_move + 1)), (i, parts["who"])
            assert f" {i} " in parts["where"] and str(len(tl) - 1) in parts["where"]
            assert parts["now"] == s.game.phases[s.phase].name_in(lang) if s.phase in s.game.phases else True
            assert bool(step_reason(session, lang)) == (kind in ("human", "over"))


def test_table_status_widget_follows_every_change():
    table = Table("vale_of_eternity", players=4, seed=1, seats=["human", "random", "random", "random"])
    html = table.status.value
    assert 'data-kind="human"' in html and 'data-to-move="0"' in html and "your turn" in html
    table.click_action(table.legal_labels()[0])
    assert f'data-step="{table.timeline.cursor}"' in table.status.value
    table.jump(0)
    assert 'data-step="0"' in table.status.value
    table.play_to_end()
    assert 'data-kind="over"' in table.status.value and "Game over" in table.status.value
    assert "The game is over" in table.controls.step_why


def test_stand_ins_are_greedy_and_the_team_planner_in_spellbound():
    session = Session("rune_stones", 2, 1)
    assert session.agent(0) is None and session.agent(0, stand_in=True).spec.startswith("greedy")
    team = Session("spellbound", 2, 1)
    assert team.agent(0) is None and team.agent(0, stand_in=True).spec.startswith("plan")


@pytest.mark.slow
@pytest.mark.parametrize("game_id", GAMES)
def test_play_to_end_reaches_the_printed_end_with_default_options(game_id):
    """Item 3: Play to end on a default table (every seat human, so all are greedy stand-ins)
    and on the dashboard's table: the game's own ending, with winners or a cooperative result."""
    players, seats = DASHBOARD[game_id]
    for table in (Table(game_id, seed=1), Table(game_id, players=players, seats=seats, seed=1)):
        table.play_to_end()
        s = table.state
        assert s.is_over and not s.unfinished, (game_id, table.timeline.cursor, s.events)
        assert s.game.cooperative or s.winners
