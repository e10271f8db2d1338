"""The engine contract (DESIGN.md) on a toy game, independent of the five games."""

import json

import pytest

from rulekit.engine import Action, IllegalAction, Record, SaveFileError, SetupError, Timeline
from rulekit.testing import check_game

from .toy import Toy

GAME = Toy()


def test_new_is_deterministic_and_seeded():
    assert GAME.new(players=2, seed=3) == GAME.new(players=2, seed=3)
    hands = {GAME.new(players=3, seed=s).data.hands for s in range(20)}
    assert len(hands) > 10


def test_apply_returns_new_state_and_keeps_old():
    s0 = GAME.new(players=2, seed=1)
    s1 = s0.apply("add 2")
    assert s0.data.total == 0 and s1.data.total == 2
    assert s1.to_move == 1 and [str(e) for e in s1.events] == ["[RS-002] seat 0 adds 2"]


def test_settle_false_stops_before_automatic_step():
    s = GAME.new(players=2, seed=1).apply("add 1", settle=False)
    assert s.automatic and s.legal_actions() == []
    with pytest.raises(IllegalAction):
        s.apply("add 1")
    assert s.advance().to_move == 1


def test_illegal_action_cites_rule_and_changes_nothing():
    s = GAME.new(players=2, seed=1)
    before = s.to_json()
    with pytest.raises(IllegalAction) as err:
        s.apply("add 3")
    assert err.value.rule == "RS-002" and "add 3" in str(err.value)
    assert s.to_json() == before


def test_view_hides_other_hands():
    s = GAME.new(players=3, seed=5)
    assert s.view(1)["hands"][0] is None and s.view(1)["hands"][1] is not None
    assert None not in s.view(None)["hands"]
    with pytest.raises(ValueError):
        s.view(7)


def test_json_round_trip_and_tamper_detection():
    s = GAME.new(players=2, seed=2).apply("add 2").apply("add 1")
    text = s.to_json()
    assert GAME.from_json(text) == s
    doc = json.loads(text)
    doc["snapshot"]["data"]["total"] = 9
    with pytest.raises(SaveFileError, match="snapshot"):
        GAME.from_json(json.dumps(doc))


def test_round_trip_mid_automatic_steps():
    s = GAME.new(players=2, seed=2).apply("add 2").apply("add 1", settle=False)
    back = GAME.from_json(s.to_json())
    assert back == s and back.automatic


@pytest.mark.parametrize(
    "text, match",
    [
        ("{", "not valid JSON"),
        ("[]", "JSON object"),
        ('{"format": "x"}', "not a rulekit save file"),
        ('{"format": "rulekit.record", "version": 99}', "version"),
        ('{"format": "rulekit.record", "version": 1, "game": "toy"}', "players"),
        ('{"format": "rulekit.record", "version": 1, "game": "toy", "players": "2"}', "players"),
        (
            '{"format": "rulekit.record", "version": 1, "game": "toy", "players": 2, "seed": 1, "options": {}, "actions": [5]}',
            "malformed",
        ),
        (
            '{"format": "rulekit.record", "version": 1, "game": "toy", "players": 2, "seed": 1, "options": {}, "actions": ["add 7"]}',
            "not legal",
        ),
        (
            '{"format": "rulekit.record", "version": 1, "game": "toy", "players": 9, "seed": 1, "options": {}, "actions": []}',
            "setup",
        ),
        (
            '{"format": "rulekit.record", "version": 1, "game": "other", "players": 2, "seed": 1, "options": {}, "actions": []}',
            "not 'toy'",
        ),
    ],
)
def test_corrupt_save_files_are_refused_clearly(text, match):
    with pytest.raises(SaveFileError, match=match):
        GAME.from_json(text)


def test_bad_setup_is_refused():
    with pytest.raises(SetupError, match="2-3 players"):
        GAME.new(players=5)
    with pytest.raises(SetupError, match="unknown rule option"):
        GAME.new(players=2, colour="red")


def test_timeline_undo_redo_jump_and_branch():
    tl = Timeline(GAME.new(players=2, seed=1))
    tl.play("add 1")
    tl.advance()
    tl.play("add 2")
    assert len(tl) == 4 and tl.labels == ["setup", "add 1", "auto", "add 2"]
    assert tl.undo().automatic is False and tl.cursor == 2
    assert tl.jump(0).data.total == 0
    assert tl.redo().data.total == 1
    tl.jump(2)
    tl.play("add 1")
    assert len(tl) == 4 and tl.state.data.total == 2 and not tl.can_redo


def test_record_replays_exactly(tmp_path):
    s = GAME.new(players=3, seed=9)
    while not s.is_over:
        s = s.apply(s.legal_actions()[-1])
    path = tmp_path / "game.json"
    s.record().save(path)
    assert GAME.replay(Record.load(path)) == s


def test_action_labels_round_trip():
    a = Action("take", ("red", 3))
    assert Action.parse(str(a)) == a == Action.from_json(a.to_json())
    with pytest.raises(ValueError):
        Action.from_json([1, 2])


def test_check_game_passes_on_toy():
    report = check_game(GAME, sims=10, seed=0)
    assert report.games == 20 and report.decisions > 0


def test_a_move_after_the_end_cites_the_games_over_rule_and_check_game_demands_one():
    """Issue 25: ``State.apply`` refuses a move after the end with ``Game.over_rule``; a game with
    a rule ledger that declares none would refuse it with "engine", and ``check_game`` fails it."""
    s = GAME.new(players=2, seed=0)
    while not s.is_over:
        s = s.apply("add 2")
    with pytest.raises(IllegalAction) as err:
        s.apply("add 1")
    assert err.value.rule == "RS-003"

    class NoOverRule(Toy):
        over_rule = ""

    with pytest.raises(IllegalAction) as err:
        s.evolve(game=NoOverRule()).apply("add 1")
    assert err.value.rule == "engine"
    with pytest.raises(AssertionError, match="declares no over_rule"):
        check_game(NoOverRule(), sims=1, seed=0)


def test_phase_graph_is_built_from_phases():
    g = GAME.phase_graph()
    assert set(g.nodes) == {"setup", "add", "check", "over"}
    assert g.nodes["check"]["automatic"] and ("check", "add") in g.edges
