"""The games every interop, property, fuzz and golden test runs on.

Each game on ``rulekit.games(examples=True)`` (the example game ``coin_race`` too) is
covered as soon as it lands, plus
``ToyHidden``, the engine's toy race with the hooks a real game has
(hidden hands resampled by ``determinize``, a conservation law, refusals
with a rule id), so the suites are exercised before any game lands.
"""

from __future__ import annotations

import pytest

import rulekit
from rulekit.engine import Dice, Game, State

from ..engine.toy import Race, Toy


class ToyHidden(Toy):
    """The toy race with ``determinize`` and ``invariants`` filled in."""

    def determinize(self, state: State, seat: int, dice: Dice) -> State:
        # other seats' cards are hidden: deal them again from the cards seat cannot see
        hands = state.data.hands
        unseen = dice.shuffle([c for c in range(10) if c != hands[seat]])
        new = tuple(h if i == seat else unseen[i] for i, h in enumerate(hands))
        return state.evolve(data=Race(state.data.total, new, state.data.last))

    def invariants(self, state: State) -> list[str]:
        hands = state.data.hands
        broken = []
        if len(set(hands)) != len(hands):
            broken.append(f"two seats hold the same card: {hands}")
        if state.data.total < 0:
            broken.append(f"negative total {state.data.total}")
        return broken


TOY = ToyHidden()

#: rule options for games whose printed end random play never reaches: Zavandor ends with the
#: fifth sentinel (ZS-620) and has no round limit by default, so random games set one and stop
#: unfinished (no winners, zero rewards)
#: rounds after which a test's random game stops unfinished (random play needs hundreds of rounds
#: to reach some printed ends, and OpenSpiel's checks re-serialize every step)
SIM_ROUNDS = 10


def sim(game: Game) -> dict:
    """The rule options a random or search playout of ``game`` needs to end soon: the game's
    round limit (off by default, a game stopped by it is unfinished) where it has one."""
    return {"round_limit": SIM_ROUNDS} if "round_limit" in game.options else {}


def all_games() -> list[Game]:
    """The toy plus every installed rulekit game and example game."""
    return [TOY, *(rulekit.load(gid) for gid in rulekit.games(examples=True))]


def game_params() -> list:
    return [pytest.param(g, id=g.id) for g in all_games()]


def game_player_params() -> list:
    """(game, players) for every player count of every game."""
    return [pytest.param(g, n, id=f"{g.id}-{n}p") for g in all_games() for n in g.players]
