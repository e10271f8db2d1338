"""The stable action index and observation encoding behind both adapters."""

from __future__ import annotations

import json

import numpy as np
import pytest

from rulekit.adapters.encoding import (
    ActionIndexError,
    GameSpace,
    data_path,
    flatten,
    generalize,
    playouts,
    space_for,
)
from rulekit.engine import Action

from .cases import TOY, game_params


def test_flatten_names_slots_and_bags_strings():
    view = {"game": "x", "phase": "bid", "hand": ["a", "b", "a"], "p": [{"gems": 2, "ok": True}], "h": None}
    assert flatten(view) == {"phase=bid": 1.0, "hand[]=a": 2.0, "hand[]=b": 1.0, "p.0.gems": 2.0, "p.0.ok": 1.0}


def test_generalize_fills_number_ranges_and_string_products():
    out = generalize(["play 3", "play 6", "take red 1", "take blue 2", "pass"])
    assert {"play 4", "play 5", "take red 2", "take blue 1", "pass"} <= out
    assert "play 7" not in out
    assert generalize([f"bid {i} {j}" for i in (0, 99) for j in (0, 99)], cap=100) == {
        f"bid {i} {j}" for i in (0, 99) for j in (0, 99)
    }


def test_merged_keeps_old_ids_and_appends_new_labels():
    old = GameSpace("g", ("pass", "take 2"), ("a",))
    new = GameSpace("g", ("take 1", "pass", "take 3"), ("b", "a"))
    merged = old.merged(new)
    assert merged.actions == ("pass", "take 2", "take 1", "take 3") and merged.features == ("a", "b")


def test_unknown_action_and_bad_ids_are_refused_clearly():
    space = space_for(TOY)
    with pytest.raises(ActionIndexError, match="regenerate"):
        space.action_id("add 7")
    for bad in (-1, space.num_actions, True):
        with pytest.raises(ValueError, match="outside"):
            space.action(bad)


def test_toy_space_is_explored_and_hides_hands():
    space = space_for(TOY)
    assert space.actions == ("add 1", "add 2") and space.hidden_information
    state = TOY.new(players=3, seed=4)
    vec = space.observe(state, 1)
    assert vec.dtype == np.float32 and vec.shape == (space.num_features,)
    hands = [space.features.index(f"hands.{i}") for i in range(3)]
    assert vec[hands[0]] == 0 and vec[hands[1]] == state.data.hands[1] and vec[hands[2]] == 0


def _covers(game, sims: int) -> None:
    space = space_for(game)
    for n in game.players:
        for state in playouts(game, n, sims=sims, seed=10**6 + 17 * n):
            for action in state.legal_actions():
                space.action_id(action)
            assert space.mask(state).sum() == len(state.legal_actions())


@pytest.mark.parametrize("game", game_params())
def test_action_index_covers_fresh_games(game):
    """Games with seeds never used to build the index offer only indexed actions."""
    _covers(game, sims=1)


@pytest.mark.slow
@pytest.mark.parametrize("game", game_params())
def test_action_index_covers_many_fresh_games(game):
    _covers(game, sims=25)


@pytest.mark.parametrize("game", game_params())
def test_data_file_matches_the_game(game):
    path = data_path(game.id)
    if game is TOY or not path.exists():
        pytest.skip("no data file: the space is explored on first use")
    doc = json.loads(path.read_text(encoding="utf-8"))
    assert doc["game"] == game.id and len(set(doc["actions"])) == len(doc["actions"])
    assert all(Action.parse(label) for label in doc["actions"]) and doc["features"]
    start = game.new(players=game.players.start, seed=0)
    assert {str(a) for a in start.legal_actions()} <= set(doc["actions"])


@pytest.mark.parametrize("game", game_params())
def test_encoded_observations_hide_what_the_views_hide(game):
    """Both adapters observe through ``space.observe``: resampling hidden parts must not change it."""
    from rulekit.engine import Dice

    space = space_for(game)
    for n in game.players:
        for i, state in enumerate(playouts(game, n, sims=1, seed=77)):
            if i % 5:
                continue
            for seat in range(n):
                alt = game.determinize(state, seat, Dice(i + seat))
                assert np.array_equal(space.observe(alt, seat), space.observe(state, seat)), (
                    f"seat {seat} at step {state.step} could tell the resampled state apart"
                )
