"""One conformance test for every registered game (DESIGN.md's engine contract, issue 16).

Parametrized over ``rulekit.games(examples=True)``: a new game is checked as soon as it
is registered (docs/adding-a-game.md), the template game ``coin_race`` too. Each game plays seeded random games
through ``check_game`` over every player count; games whose printed end
random play does not reach get a round limit here, and such games count as
unfinished. The game's own rule tests live in ``tests/games/<id>/``; its
flow test there fails on phase-graph edges its random games never take.
"""

from __future__ import annotations

import os
import warnings

import pytest

import rulekit
from rulekit.engine import Dice, FlowError, IllegalAction
from rulekit.engine.state import VIEW_KEYS
from rulekit.testing import check_game

#: seeded random games per player count: 40 in the suite, 200 with RULEKIT_FULL=1, 3 in the fast lane
SIMS = 200 if os.environ.get("RULEKIT_FULL") else 3 if os.environ.get("RULEKIT_FAST") else 40


def _end_options(game) -> dict:
    """A round limit for random play where the game has one as an option (off by default)."""
    return {"round_limit": 12} if "round_limit" in game.options else {}


#: the five games and the example games (``coin_race``, the template to copy)
IDS = rulekit.games(examples=True)
GAMES = [pytest.param(gid, id=gid) for gid in IDS]
COUNTS = [pytest.param(gid, n, id=f"{gid}-{n}p") for gid in IDS for n in rulekit.load(gid).players]


@pytest.mark.parametrize("gid, players", COUNTS)
def test_check_game(gid, players):
    """Legal actions to the end, one seat to move, refusals that change nothing and cite a
    rule of the game, exact JSON round trips and replay, views, invariants."""
    game = rulekit.load(gid)
    report = check_game(game, sims=SIMS, seed=7, players=players, options=_end_options(game))
    assert report.games == SIMS
    untaken = report.untaken_edges(game)
    if untaken and SIMS >= 200:
        warnings.warn(f"{gid} {players}p: phase-graph edges no random game took: {untaken}", stacklevel=1)


@pytest.mark.parametrize("gid", GAMES)
def test_the_flow_table_covers_every_phase(gid):
    game = rulekit.load(gid)
    assert game.flow, f"{gid} has no flow table (rulekit.engine.flow.PhaseHooks per phase)"
    try:
        game.checked_flow  # noqa: B018
    except FlowError as err:
        pytest.fail(str(err))


@pytest.mark.parametrize("gid", GAMES)
def test_every_rule_and_phase_has_words_in_both_languages(gid):
    game = rulekit.load(gid)
    for rule in game.rules.values():
        assert rule.text.strip() and rule.text_de.strip(), f"{rule.id} lacks a text"
    for phase in game.phases.values():
        assert phase.name.strip() and phase.name_de.strip(), f"phase {phase.id} lacks a name"
        unknown = [r for r in phase.rules if r not in game.rules]
        assert not unknown, f"phase {phase.id} cites unknown rules {unknown}"
    for option in game.options.values():
        assert option.title_in("en") and option.help_in("de"), f"option {option.name} lacks words"


@pytest.mark.parametrize("gid", GAMES)
def test_the_game_view_never_shadows_the_engine_keys(gid):
    game = rulekit.load(gid)
    state = game.new(players=game.players.start, seed=3)
    clash = VIEW_KEYS & set(game.view(state, 0))
    assert not clash, f"{gid}'s view uses the engine's keys {sorted(clash)}"


END_RULES = {
    "mines_of_zavandor": "ZM-690",
    "scepter_of_zavandor": "ZS-650",
    "rune_stones": "RS-190",
    "vale_of_eternity": "VE-082",
    "spellbound": "SB-560",
    "coin_race": "CR-060",
}


@pytest.mark.parametrize("gid, rule", [pytest.param(g, r, id=r) for g, r in END_RULES.items()])
def test_zm_690_zs_650_a_move_after_the_end_cites_the_games_end_rule_not_engine(gid, rule):
    """ZM-690, ZS-650 and the end rules of the other games (issue 25): ``State.apply`` refuses a
    move after the end with the game's own rule; ``check_game`` holds every game to it."""
    game = rulekit.load(gid)
    assert game.over_rule == rule and rule in game.rules
    state, dice = game.new(seed=3, **_end_options(game)), Dice(3)
    while not state.is_over:
        legal = state.legal_actions()
        state = state.apply(legal[dice.below(len(legal))])
    with pytest.raises(IllegalAction) as err:
        state.apply(state.actions[-1])
    assert err.value.rule == rule
