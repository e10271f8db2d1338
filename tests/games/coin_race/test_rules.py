"""Coin race's own rule tests, each named after the rule it checks (CR-001 .. CR-060).

The template game of docs/adding-a-game.md: a copy of the package starts
with a copy of this file. The shared contract (check_game, refusals, adapters,
golden transcripts) is checked by the suites over ``rulekit.games(examples=True)``.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

import rulekit
from rulekit.engine import Action, DataFileError, Dice, IllegalAction
from rulekit.games.coin_race.checks import REFUSALS
from rulekit.games.coin_race.model import NONE, copy
from rulekit.games.coin_race.tables import read_tables, tables

G = rulekit.load("coin_race")
LEDGER = Path(__file__).parents[2] / "ledgers" / "coin_race.toml"


def _with_coin(side: str, players: int = 2, seed: int = 0):
    """A fresh game whose first flip is ``side`` (the coin is part of the state: set it)."""
    s = G.new(players=players, seed=seed)
    return s.evolve(data=copy(s.data, coin=side))


def _play(seed: int, players: int, until):
    s, dice = G.new(players=players, seed=seed), Dice(seed)
    while not until(s):
        legal = s.legal_actions()
        s = s.apply(legal[dice.below(len(legal))])
    return s


def test_every_ledger_rule_is_cited_by_a_test_and_has_both_texts():
    """Coverage: each CR id appears in a test name or docstring here; texts/rules.toml follows the ledger."""
    ledger = tomllib.loads(LEDGER.read_text(encoding="utf-8"))
    ids = [r["id"] for r in ledger["rule"]]
    cited = {f"CR-{n}" for n in re.findall(r"def test_cr_(\d{3})", Path(__file__).read_text(encoding="utf-8"))}
    assert not [rid for rid in ids if rid not in cited], "a rule without a test named after it"
    assert list(G.rules) == ids
    assert all(r.text and r.text_de and r.text != r.text_de for r in G.rules.values())
    assert {p["id"] for p in ledger["phase"]} == set(G.phases)


def test_cr_001_two_to_four_players_and_ten_distinct_goal_cards():
    assert G.players == range(2, 5)
    assert len(tables().spaces) == 10 and len(set(tables().spaces)) == 10
    with pytest.raises(rulekit.SetupError):
        G.new(players=5)


def test_cr_001_a_broken_data_file_names_the_file_and_the_key():
    good = {"spaces": [3, 4], "coin": ["heads", "tails"], "reach": {"heads": 3, "tails": 1}}
    assert read_tables(good).longest == 3
    for bad, key in (
        ({**good, "spaces": [3, 3]}, "spaces"),
        ({**good, "spaces": []}, "spaces"),
        ({**good, "coin": ["heads"]}, "coin"),
        ({**good, "reach": {"heads": 3}}, "reach"),
        ({**good, "reach": {"heads": 0, "tails": 1}}, "reach"),
    ):
        with pytest.raises(DataFileError, match=f"cards.toml.*{key}"):
            read_tables(bad)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_cr_010_setup_deals_one_secret_card_each_and_hides_it(players):
    s = G.new(players=players, seed=5)
    d = s.data
    assert d.spaces == (0,) * players and len(d.secret) == players and NONE not in d.secret
    assert sorted(d.secret + d.pile) == sorted(tables().spaces) and d.mover == 0
    assert [e.rule for e in s.events][:2] == ["CR-010", "CR-010"]
    for seat in range(players):
        view = s.view(seat)
        assert view["secret"][seat] == d.secret[seat]
        assert all(v is None for i, v in enumerate(view["secret"]) if i != seat)
        assert view["pile_order"] is None and view["pile"] == len(d.pile)
    assert s.view(None)["secret"] == list(d.secret)


def test_cr_010_another_seats_secret_card_never_shows_on_its_board():
    s = G.new(players=3, seed=5)
    texts = str(G.scene(s, 1, "en"))
    assert "secret-1-face" in texts and "secret-0-face" not in texts and "secret-2-face" not in texts


def test_cr_020_turns_go_in_seat_order_and_start_with_a_flip():
    s = G.new(players=3, seed=1)
    assert s.events[-1].rule == "CR-020" and s.to_move == 0
    while not s.is_over:
        before = s.to_move
        s = s.apply(s.legal_actions()[0])
        if s.is_over:
            break
        again = "CR-040" in [e.rule for e in s.events]  # the secret space: the same seat again
        assert s.to_move == (before if again else (before + 1) % 3)
        assert s.events[-1].rule == "CR-020" and s.data.coin in ("heads", "tails")


def test_cr_030_after_heads_move_one_two_or_three():
    s = _with_coin("heads")
    assert [str(a) for a in s.legal_actions()] == ["move 1", "move 2", "move 3"]
    with pytest.raises(IllegalAction) as err:
        s.apply("move 4")
    assert err.value.rule == "CR-030"
    after = s.apply("move 2", settle=False)
    assert after.data.spaces[0] == 2 and after.events[0].rule == "CR-030"


def test_cr_031_after_tails_only_one_space():
    s = _with_coin("tails")
    assert [str(a) for a in s.legal_actions()] == ["move 1"]
    with pytest.raises(IllegalAction) as err:
        s.apply("move 2")
    assert err.value.rule == "CR-031" and "1" in err.value.reason and err.value.text("de")
    assert REFUSALS.declared("move", "move") == {"CR-030", "CR-031"}


def test_cr_040_the_secret_space_reveals_the_card_draws_another_and_plays_again():
    s = _with_coin("heads")
    d = s.data
    s = s.evolve(data=copy(d, spaces=(d.secret[0] - 2, 0)))
    after = s.apply("move 2")
    assert [e.rule for e in after.events][:3] == ["CR-030", "CR-040", "CR-040"]
    assert after.data.shown == (d.secret[0],) and after.data.secret[0] == d.pile[-1] and after.data.pile == d.pile[:-1]
    assert after.to_move == 0 and after.phase == "move"  # the same seat flipped again
    assert not G.invariants(after)


def test_cr_040_with_the_pile_empty_the_player_goes_on_without_a_secret_card():
    s = _with_coin("heads")
    d = s.data
    s = s.evolve(data=copy(d, spaces=(d.secret[0] - 1, 0), pile=(), shown=d.pile))
    after = s.apply("move 1")
    assert after.data.secret[0] == NONE and "pile_empty" in [e.key for e in after.events]
    assert after.view(None)["secret"][0] is None and not G.invariants(after)


def test_cr_050_the_first_to_the_finish_line_wins_and_a_long_move_stops_there():
    s = _with_coin("heads")
    d = s.data
    s = s.evolve(data=copy(d, spaces=(14, 3)))
    after = s.apply("move 3")
    assert after.is_over and after.data.spaces == (15, 3) and after.winners == (0,)
    assert after.events[-1].rule == "CR-050" and after.scores == (15, 3)


def test_cr_050_the_option_finish_moves_the_finish_line():
    s = _play(3, 2, lambda s: s.is_over)
    assert max(s.data.spaces) == 15
    short = G.new(players=2, seed=3, finish=6)
    short = _play_from(short)
    assert max(short.data.spaces) == 6
    with pytest.raises(rulekit.engine.OptionError, match="finish"):
        G.new(players=2, finish=3)


def _play_from(s):
    dice = Dice(0)
    while not s.is_over:
        legal = s.legal_actions()
        s = s.apply(legal[dice.below(len(legal))])
    return s


def test_cr_060_nothing_is_played_after_the_end():
    s = _play(2, 3, lambda s: s.is_over)
    with pytest.raises(IllegalAction) as err:
        s.apply(Action("move", (1,)))
    assert err.value.rule == "CR-060"


def test_determinize_keeps_what_the_seat_saw_and_conserves_the_cards():
    s = _play(4, 4, lambda s: s.step > 10)
    for k in range(5):
        t = G.determinize(s, 1, Dice(k))
        assert t.view(1) == s.view(1) and not G.invariants(t)
        r = G.redeal_unseen(s, Dice(k))
        assert all(r.view(i) == s.view(i) for i in range(4)) and not G.invariants(r)


def test_a_lesson_ships_and_words_exist_in_both_languages():
    from rulekit.teaching import lessons, validate

    found = lessons(G)
    assert found and all(validate(lesson) == [] for lesson in found.values())
    assert G.describe(Action("move", (2,)), "de") == "2 Felder ziehen"
    assert G.action_labels(3) == frozenset({"move 1", "move 2", "move 3"})
