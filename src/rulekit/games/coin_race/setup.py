"""Setup (CR-010): tokens on space 0, one secret goal card each, the rest a face-down pile.

``setup(state)`` is the ``Game.setup`` hook: ``Game.new`` calls it once on a
blank state (options and seed set, ``data`` None) and it returns the first
position, ready for P1's flip.
"""

from __future__ import annotations

from rulekit.engine import Dice, State

from .model import Race
from .tables import tables

__all__ = ["setup"]


def setup(state: State) -> State:
    """The first position from the options and the seed."""
    n, dice = state.players, Dice(state.rng)
    deck = dice.shuffle(tables().spaces)
    data = Race(spaces=(0,) * n, secret=deck[:n], pile=deck[n:])
    game = state.game
    events = (game.say("CR-010", "setup_deal", n=len(data.pile)), game.say("CR-010", "setup_start"))
    return state.evolve(data=data, phase="flip", to_move=None, rng=dice.state, events=events)
