"""The stable action index and observation encoding behind both adapters."""

from __future__ import annotations

import json

import numpy as np
import pytest

from rulekit.adapters.encoding import ActionIndexError, SchemaError, data_path, generalize, playouts, space_for
from rulekit.engine import Dice, schema

from .cases import TOY, game_params, game_player_params


def _json(value) -> str:
    return json.dumps(value, sort_keys=True)


def test_schema_nodes_round_trip_and_name_their_slots():
    node = schema.Dict(
        {
            "phase": schema.Str(("bid", "pay")),
            "hand": schema.Seq((5, 7, 9)),
            "bag": schema.List(schema.Str(("a", "b")), 3),
            "hidden": schema.Opt(schema.Int()),
            "pile": schema.OneOf({"cards": schema.Seq((1, 2)), "count": schema.Int()}),
            "ok": schema.Bool(),
            "map": schema.Map(("x", "y"), schema.Int()),
        }
    )
    view = {"phase": "pay", "hand": [9, 5], "bag": ["b", "b"], "hidden": None, "pile": 4, "ok": True, "map": {"y": 3}}
    out = [0.0] * node.size
    node.encode(view, out, 0, "")
    assert _json(node.decode(out, 0)) == _json(view)
    named = dict(zip(node.names(""), out, strict=True))
    assert named["phase=pay"] == 1 and named["phase=bid"] == 0
    assert named["hand[]=9"] == 1 and named["hand[]=5"] == 2 and named["hand[]=7"] == 0  # position + 1
    assert named["bag#"] == 2 and named["bag.1=b"] == 1 and named["hidden?"] == 0
    assert named["pile?count"] == 1 and named["pile:count"] == 4 and named["map.y?"] == 1


def test_sequences_with_repeats_and_sorted_bags_keep_their_lists():
    seq, bag = schema.Seq(("red", "blue"), repeats=3), schema.Bag([(1, 3), (1, 5), (2, 4)])
    for node, value in ((seq, ["blue", "red", "blue", "blue"]), (bag, [[1, 3], [1, 3], [2, 4]])):
        out = [0.0] * node.size
        node.encode(value, out, 0, "x")
        assert node.decode(out, 0) == value
    with pytest.raises(SchemaError, match="more than the 3 time"):
        seq.encode(["red"] * 4, [0.0] * seq.size, 0, "x")
    with pytest.raises(SchemaError, match="x.1: \\[1, 3\\] is out of the declared \\(sorted\\) order"):
        bag.encode([[2, 4], [1, 3]], [0.0] * bag.size, 0, "x")


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ({"phase": "auction"}, "phase: 'auction' is not one of the 2 values"),
        ({"phase": "bid", "extra": 1}, "keys not declared \\['extra'\\]"),
        ({"phase": "bid", "hand": [5, 5]}, "hand: 5 appears more than the 1 time"),
        ({"phase": "bid", "hand": [8]}, "hand.0: 8 is not one of the 3 values"),
        ({"phase": "bid", "bag": ["a"] * 4}, "bag: a list of 4 items, the game declares 0..3"),
        ({"phase": "bid", "n": 2**30}, "n: 1073741824 is too large"),
        ({"phase": "bid", "n": 1.5}, "n: expected a whole number"),
    ],
)
def test_values_outside_the_schema_are_refused_with_their_path(value, message):
    fields = {"hand": schema.Seq((5, 7, 9)), "bag": schema.List(schema.Str(("a", "b")), 3), "n": schema.Int()}
    node = schema.Dict({"phase": schema.Str(("bid", "pay")), **{k: fields[k] for k in value if k in fields}})
    with pytest.raises(SchemaError, match=message):
        node.encode(value, [0.0] * node.size, 0, "")


def test_generalize_fills_number_ranges_and_string_products():
    out = generalize(["play 3", "play 6", "take red 1", "take blue 2", "pass"])
    assert {"play 4", "play 5", "take red 2", "take blue 1", "pass"} <= out
    assert "play 7" not in out
    assert generalize([f"bid {i} {j}" for i in (0, 99) for j in (0, 99)], cap=100) == {
        f"bid {i} {j}" for i in (0, 99) for j in (0, 99)
    }


def test_unknown_action_and_bad_ids_are_refused_clearly():
    space = space_for(TOY)
    with pytest.raises(ActionIndexError, match="regenerate"):
        space.action_id("add 7")
    for bad in (-1, space.num_actions, True):
        with pytest.raises(ValueError, match="outside"):
            space.action(bad)


def test_toy_space_is_explored_and_hides_hands():
    space = space_for(TOY, 3)
    assert space.actions == ("add 1", "add 2") and space.hidden_information and not space.declared
    state = TOY.new(players=3, seed=4)
    vec = space.observe(state, 1)
    assert vec.dtype == np.float32 and vec.shape == (space.num_features,)
    hands = [space.features.index(f"hands.{i}") for i in range(3)]
    assert vec[hands[0]] == 0 and vec[hands[1]] == state.data.hands[1] and vec[hands[2]] == 0
    assert _json(space.decode(vec)) == _json(state.view(1))


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
    assert doc["game"] == game.id and doc["max_decisions"] > 0 and "features" not in doc
    start = game.new(players=game.players.start, seed=0)
    assert {str(a) for a in start.legal_actions()} <= set(space_for(game).actions)


REAL = [p for p in game_player_params() if p.values[0] is not TOY]
#: decisions after which a round-trip game stops (random play may never end some games)
LONG = 2500


def _round_trip(game, players: int, seed: int, every: int, options=None, cap: int = LONG) -> tuple[int, int]:
    """Encode and decode every seat's view (and the teacher's) along a seeded random game."""
    space = space_for(game, players, options)
    assert space.declared, f"{game.id} declares no observation schema (Game.observation_schema)"
    dice = Dice(seed)
    state, checked = game.new(players=players, seed=seed, **(options or {})), 0
    while True:
        if state.step % every == 0 or state.is_over:
            for seat in (None, *range(players)):
                view = state.view(seat)
                vec = space.encode(view)  # SchemaError (path, value) if the schema misses anything
                assert vec.shape == (space.num_features,) and vec.dtype == np.float32
                assert _json(space.decode(vec)) == _json(view), f"{game.id} {players}p seat {seat} step {state.step}"
                checked += 1
        if state.is_over or len(state.actions) >= cap:
            return checked, len(state.actions)
        legal = state.legal_actions()
        state = state.apply(legal[dice.below(len(legal))])


@pytest.mark.parametrize(("game", "players"), REAL)
def test_observations_round_trip_over_a_long_game(game, players):
    """Issue 18: slots come from the game's data; encode then decode gives every view back, nothing dropped."""
    checked, steps = _round_trip(game, players, seed=2026 + players, every=1)
    assert checked > steps


def _extreme_options(game, end: str) -> dict:
    """Every whole-number option at its ``low`` or ``high`` end, every switch flipped."""
    out = {}
    for o in game.option_list:
        if isinstance(o.default, bool):
            out[o.name] = not o.default
        elif isinstance(o.default, int) and getattr(o, end, None) is not None:
            out[o.name] = getattr(o, end)
    return out


@pytest.mark.parametrize("end", ["low", "high"])
@pytest.mark.parametrize("game", [p for p in game_params() if p.values[0] is not TOY])
def test_observations_round_trip_with_options_at_their_ends(game, end):
    """Bounds from options (stone limit, cave spaces) follow the options of the space."""
    _round_trip(game, game.players.stop - 1, seed=3, every=2, options=_extreme_options(game, end), cap=600)


@pytest.mark.slow
@pytest.mark.parametrize(("game", "players"), REAL)
def test_observations_round_trip_over_many_long_games(game, players):
    for seed in range(8):
        _round_trip(game, players, seed=seed, every=3)


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
