"""Issue 14 in the Table: who may click, hover links, the log per seat, the end panel,
watch mode, the projector layout, greyed buttons and group names (no browser)."""

from __future__ import annotations

import asyncio
import dataclasses
from concurrent.futures import ThreadPoolExecutor
from functools import cached_property

import pytest

import rulekit
from rulekit.engine import Action, Dice, ScoreLine, State
from rulekit.engine.rules import Messages
from rulekit.widgets import Table
from rulekit.widgets.endgame import end_html
from rulekit.widgets.panels import log_rows, previous_choices, result_text
from tests.engine.toy import Race

from .helpers import ToyBoard


class SecretToy(ToyBoard):
    """The toy race whose additions are private to the seat that adds (like a sealed bid),
    with group names, a score breakdown and a tie-break rule."""

    @cached_property
    def messages(self):
        return Messages(
            {
                "add": {"en": "seat {seat} adds {n}", "de": "Platz {seat} addiert {n}"},
                "action_group.add": {"en": "Add to the total", "de": "Zur Summe addieren"},
            }
        )

    @cached_property
    def flow(self):
        return {**super().flow, "add": dataclasses.replace(super().flow["add"], play=_secret_add)}

    def describe(self, action: Action, lang: str = "en") -> str:
        n = action.args[0]
        return f"{n} zur Summe addieren" if lang == "de" else f"Add {n} to the total"

    def score_breakdown(self, state):
        return [ScoreLine("RS-003", "Reaching ten", "Zehn erreichen", tuple(self.scores(state)))]

    def tiebreak_rule(self, state):
        return "RS-002"


def _secret_add(state: State, action: Action) -> State:
    n = action.args[0]
    data = Race(state.data.total + n, state.data.hands, state.to_move)
    event = state.game.say("RS-002", "add", private_to=(state.to_move,), seat=state.to_move, n=n)
    return state.evolve(data=data, phase="check", to_move=None, events=(event,))


GAME = SecretToy()


def make(**kw) -> Table:
    kw.setdefault("players", 2)
    kw.setdefault("seed", 1)
    return Table(GAME, **kw)


def test_board_is_clickable_only_for_the_human_seat_the_table_drives():
    table = make(seats=["human", "random"], autoplay=False)
    assert table.driving() and table.board.active
    assert table.board.actions(enabled=True) == ["add 1", "add 2"]
    table.click_action("add 1")
    table.step()  # the automatic check; now the bot's seat 2 is to move
    assert table.state.to_move == 1 and not table.driving()
    assert table.board.active is False and table.board.actions(enabled=True) == []
    assert table.board.click("add 1") is False  # from Python: reported as not clickable
    teacher = make(seats=["human", "human"], view=None)
    teacher.click_action("add 2")
    teacher.step()
    assert teacher.driving()  # the teacher view drives whichever human seat is to move
    seat1 = make(seats=["human", "human"], view=0)
    seat1.click_action("add 2")
    seat1.step()
    assert not seat1.driving() and seat1.board.actions(enabled=True) == []  # seat 2's turn, seat 1's view


def test_board_and_actions_share_a_link_and_items_name_what_they_touch():
    table = make()
    assert table.board.link and table.board.link == table.actions.link
    assert make().board.link != table.board.link
    scene = {
        "width": 10,
        "height": 10,
        "items": [
            {"type": "rect", "x": 0, "y": 0, "w": 1, "h": 1, "id": "pile", "touches": ["add 1", "add 2"]},
            {"type": "rect", "x": 2, "y": 0, "w": 1, "h": 1, "id": "b1", "action": "add 1"},
        ],
    }
    table.board.scene = scene
    assert table.board.touched("add 1") == ["pile", "b1"] and table.board.touched("add 2") == ["pile"]
    from rulekit.widgets.board import scene_problems

    assert scene_problems({**scene, "items": [{"type": "circle", "x": 1, "y": 1, "r": 1, "touches": "add 1"}]})


def test_actions_are_sentences_under_translated_group_names():
    table = make(lang="de")
    group = table.actions.groups[0]
    assert group["name"] == "Zur Summe addieren"
    assert [a["text"] for a in group["actions"]] == ["1 zur Summe addieren", "2 zur Summe addieren"]
    plain = Table(ToyBoard(), players=2, seed=1)
    assert plain.actions.groups[0]["name"] == ""  # no code name when the game names no group


def test_greyed_buttons_come_from_the_one_decision_before_and_never_pile_up():
    table = make(seats=["human", "human"])
    for _ in range(4):
        table.click_action("add 1")
        table.step()
        greyed = table.actions.labels(legal=False)
        assert greyed == []  # the other seat decided before: nothing of theirs is greyed
    table.click_action("add 2")
    assert table.actions.labels(legal=False) == ["add 1", "add 2"]  # an automatic step comes first
    assert len(previous_choices(table.session, limit=1)) == 1


def test_log_hides_events_private_to_other_seats():
    table = make(seats=["human", "human"], view=0)
    table.click_action("add 2")
    table.step()
    table.click_action("add 1")  # seat 2 adds privately
    mine = log_rows(table.session, "en", 0)[0]
    texts = " | ".join(f"{r['label']} {r['text']}" for r in mine)
    assert "seat 0 adds 2" in texts and "seat 1 adds 1" not in texts
    assert "P2 made a choice this view does not show." in texts and "Add 1" not in texts
    everyone = " | ".join(f"{r['label']} {r['text']}" for r in log_rows(table.session, "en", None)[0])
    assert "seat 1 adds 1" in everyone and "P2: Add 1 to the total" in everyone
    assert all(r["label"] or r["text"] or r["step"] == 0 for r in mine), "no empty rows"
    assert table.event_log.rows  # the table's log follows its view
    assert "seat 1 adds 1" not in str(table.event_log.rows)


def test_end_panel_scores_by_rule_outcome_in_words_and_tiebreak():
    table = make(seats=["random", "random"])
    table.play_to_end()
    s = table.state
    assert s.is_over and 'class="rk-end"' in table.end.value
    html = end_html(s, "de")
    assert "Zehn erreichen" in html and "Summe" in html and "Regel RS-002" in html
    winner = s.winners[0] + 1
    assert f"P{winner} gewinnt" in html and f"P{winner} wins" in table.controls.status
    assert "winner(s)" not in table.controls.status and "–" not in table.controls.status
    table.jump(0)
    assert table.end.value == ""


def test_result_words_for_cooperative_loss_shared_win_and_unfinished():
    class Coop(SecretToy):
        cooperative = True

        def winners(self, state):
            return ()

    s = Coop().new(players=2, seed=1)
    while not s.is_over:
        s = s.advance() if s.automatic else s.apply(s.legal_actions()[0])
    assert result_text(s, "en") == "The game is lost: everyone loses together"
    assert result_text(s, "de").startswith("Das Spiel ist verloren")

    class Shared(SecretToy):
        def winners(self, state):
            return (0, 1)

    s = Shared().new(players=2, seed=1)
    while not s.is_over:
        s = s.advance() if s.automatic else s.apply(s.legal_actions()[0])
    assert result_text(s, "en") == "P1 and P2 share the win"

    class Stopped(SecretToy):
        def stopped(self, state):
            return True

    s = Stopped().new(players=2, seed=1)
    while not s.is_over:
        s = s.advance() if s.automatic else s.apply(s.legal_actions()[0])
    html = end_html(s, "en")
    assert "no winner" in result_text(s, "en") and "did not reach its end" in html and "tie" not in html
    assert "limit" in result_text(s, "en") and "stalemate" not in result_text(s, "en")


def test_a_stalemate_stop_is_told_apart_from_a_step_limit():
    """A game stopped because no one can reach the printed end (Scepter's stalemate stop, seed 0
    of random play) says so, in English and German; it is no "step limit"."""
    game = rulekit.load("scepter_of_zavandor")
    s, dice = game.new(players=3, seed=0), Dice(0)
    while not s.is_over:
        legal = s.legal_actions()
        s = s.apply(legal[dice.below(len(legal))])
    assert s.unfinished and game.end_rule(s) == "stalemate"
    assert "stalemate" in result_text(s, "en") and "limit" not in result_text(s, "en")
    assert "Patt" in result_text(s, "de")
    html = end_html(s, "de")
    assert "gedruckten Ende" in html and "Schrittlimit" not in html


def _in_a_thread(test):
    """Run ``test`` in a thread of its own: browser tests may leave an event loop running
    in this one, and the watch loop needs its own (or none at all)."""
    with ThreadPoolExecutor(1) as pool:
        pool.submit(test).result()


def test_watch_mode_plays_at_a_pace_without_blocking_and_stops_at_the_end():
    _in_a_thread(_watch_plays_at_a_pace)


def _watch_plays_at_a_pace():
    table = make(seats=["random", "random"])

    async def run():
        task = table.watch(pace=50)
        assert table.watching and task is not None
        await asyncio.sleep(0.05)
        table.pause()  # the loop was free to take the pause click
        await asyncio.sleep(0.03)
        paused_at = table.timeline.cursor
        assert not table.watching and paused_at > 0
        await asyncio.sleep(0.05)
        assert table.timeline.cursor == paused_at
        task = table.watch(pace=50)
        await task
        return task.result()

    asyncio.run(run())
    assert table.state.is_over and not table.watching
    with pytest.raises(ValueError, match="pace"):
        table.watch(pace=0)
    table.controls.press("watch", on=True, pace=5)  # no loop running: nothing starts, no error
    assert not table.watching


def test_watch_mode_stops_when_a_human_must_decide():
    _in_a_thread(_watch_stops_for_a_human)


def _watch_stops_for_a_human():
    table = make(seats=["human", "random"], autoplay=False)
    table.click_action("add 1")

    async def run():
        return await table.watch(pace=50)

    asyncio.run(run())
    assert table.state.to_move == 0 and "human" in table.why.value and not table.watching


def test_projector_layout_is_one_click_away_and_back():
    """Issue 22: one stage (controls, board, dock with status and actions) and the side
    panels in tabs, in both layouts; the projector layout only makes the text larger."""
    table = make()
    stage = [table.controls, table.board, table._dock]
    assert list(table._stage.children) == stage
    assert list(table._dock.children) == [table.end, table.status, table.actions, table.why]
    assert list(table._tabs.children) == [table.rule, table.event_log, table.phases, table.inspector, table.extras]
    table.controls.press("projector", on=True)
    assert "rk-projector" in table._dom_classes and table.controls.projector and table.phases.large
    assert list(table._stage.children) == stage
    table.set_lang("de")
    assert table._tabs.titles[0] == "Regel"
    table.controls.press("projector", on=False)
    assert "rk-projector" not in table._dom_classes and not table.phases.large


def test_mines_sealed_bids_of_bots_stay_out_of_player_1s_log():
    """Issue 14: the bots' sealed bids ("bid blue") must not show in player 1's view (ZM-380)."""
    table = Table("mines_of_zavandor", players=3, seed=1, seats=["random"] * 3, view=0, autoplay=False)
    table.session.play(200)
    rows, _ = log_rows(table.session, "en", 0)
    bids = [r for r in rows if r["label"].startswith(("P2:", "P3:")) and "bid" in r["label"].lower()]
    seals = [r for r in rows if "P3 has sealed a bid" in r["text"]]
    assert seals and not [r for r in bids if "sealed bid" in r["label"] and "seal the bid" not in r["label"]]
    teacher, _ = log_rows(table.session, "en", None)
    assert any("to the sealed bid" in r["label"] for r in teacher)  # the teacher sees everything
