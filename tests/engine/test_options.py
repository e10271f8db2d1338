"""Options as data (issue 25, point 3; issue 24, points 3 and 9): every game declares its
options in ``data/options.toml`` with bounds; a value out of bounds is refused wherever it
enters (API, CLI, variants form, simulate) with the option's name and its bounds; a game
runs with frozen options, and a name nobody declared is an error."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import rulekit
from rulekit import cli
from rulekit.engine import DataFileError, Option, OptionError, Options, load_options
from rulekit.engine.options import _option
from rulekit.explore.simulate import simulate
from rulekit.widgets.variants import form_problems

GAMES = rulekit.games(examples=True)  # the template game coin_race too
SRC = Path(rulekit.__file__).parent / "games"

#: issue 24's probes: values that took gigabytes, gave scores of -1.8e11 or never ended
ABSURD = [
    ("rune_stones", "forge_costs", [300000000, 2, 3, 3, 4], "0..20"),
    ("rune_stones", "forge_costs", [1000000000000, 2, 3, 3, 4], "0..20"),
    ("rune_stones", "trade_values", [-1000000000, 0, 3, 6, 10, 15], "0..100"),
    ("rune_stones", "slot_costs", [-9, -9, -9, -9, -9, -9], "0..20"),
    ("scepter_of_zavandor", "place_surcharge_artifact", [10**9, 5, 0, 0, -5, -10], "-50..50"),
]


@pytest.mark.parametrize("game_id", GAMES)
def test_every_game_declares_its_options_in_data_with_bounds(game_id):
    game = rulekit.load(game_id)
    assert (SRC / game_id / "data" / "options.toml").is_file()
    assert game.option_list == load_options(f"rulekit.games.{game_id}")
    for o in game.option_list:
        assert o.rule and o.title and o.title_de and o.help and o.help_de, o.name
        if o.type != "bool":
            assert o.choices or (o.low is not None and o.high is not None), f"{o.name} has no bounds"


@pytest.mark.parametrize("game_id, name, value, bounds", ABSURD)
def test_out_of_bounds_values_are_refused_at_every_door(game_id, name, value, bounds, capsys):
    game = rulekit.load(game_id)
    with pytest.raises(OptionError, match=rf"option {name} \(.*\): every value must be in {re.escape(bounds)}"):
        game.new(**{name: value})
    with pytest.raises(OptionError, match=name):
        simulate(game_id, ["random", "random"], games=1, options={name: value})
    assert cli.main(["play", game_id, "--bots", "random,random", "--option", f"{name}={value}"]) == 2
    err = capsys.readouterr().err
    assert name in err and bounds in err and "Traceback" not in err
    fields, _ = form_problems(game, {name: value}, "en")
    low, high = bounds.split("..")
    assert f"from {low} to {high}" in fields[name]
    assert f"von {low} bis {high}" in form_problems(game, {name: value}, "de")[0][name]


def test_options_are_frozen_and_shared_safely():
    game = rulekit.load("rune_stones")
    a, b = game.new(seed=1), game.new(seed=2)
    with pytest.raises(OptionError, match="end_threshold"):
        a.options["end_threshold"] = -999
    with pytest.raises(OptionError):
        a.options.update(end_threshold=-999)
    with pytest.raises(OptionError):
        del a.options["end_threshold"]
    assert a.options.end_threshold == b.options["end_threshold"] == 65
    assert isinstance(a.apply(a.legal_actions()[0]).options, Options)


def test_a_typo_in_an_option_name_is_an_error_not_none():
    state = rulekit.load("vale_of_eternity").new()
    with pytest.raises(OptionError, match="no such option"):
        state.options.get("stonelimit")
    with pytest.raises(OptionError, match="no such option"):
        state.options["stonelimit"]  # noqa: B018
    with pytest.raises(AttributeError):
        state.options.__wrapped__  # noqa: B018 - dunder names stay plain attribute errors (copy, pickle)
    with pytest.raises(OptionError, match="unknown rule option"):
        rulekit.load("vale_of_eternity").new(stonelimit=3)


ROW = {
    "name": "goal",
    "type": "int",
    "default": 10,
    "low": 1,
    "high": 20,
    "rule": "X-1",
    "title": "Goal",
    "title_de": "Ziel",
    "help": "points to win",
    "help_de": "Punkte zum Sieg",
}


@pytest.mark.parametrize(
    "change, problem",
    [
        ({"hihg": 30}, "unknown key"),
        ({"type": "float"}, "not one of"),
        ({"default": 99}, "breaks its own bounds"),
        ({"low": None}, "declares its bounds"),
        ({"type": "str", "default": "a"}, "declares its choices"),
        ({"title_de": None}, "missing"),
    ],
)
def test_a_bad_options_file_names_the_file_and_the_option(change, problem):
    row = {k: v for k, v in (ROW | change).items() if v is not None}
    with pytest.raises(DataFileError, match=rf"data/options.toml \[option goal\]: .*{problem}"):
        _option("data/options.toml", row)


def test_list_options_check_each_value_and_the_length():
    opt = Option("faces", ("a", "b"), "faces of the die", choices=("a", "b", "c"))
    assert opt.type == "list[str]" and opt.check(["c", "a"]) == ("c", "a")
    with pytest.raises(OptionError, match="list of 2"):
        opt.check(["a"])
    with pytest.raises(OptionError, match="one of"):
        opt.check(["a", "z"])
    assert "erlaubt ist eines von" in opt.problem(["z", "z"], "de")
