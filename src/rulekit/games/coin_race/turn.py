"""A turn of Coin race (CR-020 .. CR-050): flip, move, then the secret space and the finish line.

The mechanics: each function carries out one step the flow table names and
says what it did in events citing its rule. Nothing here refuses: the
decisions and their refusals live in ``checks.py``.
"""

from __future__ import annotations

from rulekit.engine import Action, Dice, State
from rulekit.engine.seats import replace_at

from .model import NONE, copy
from .tables import tables

__all__ = ["flip", "play_move", "check"]


def flip(state: State) -> State:
    """CR-020: the mover flips the coin; the side decides how far the token may go."""
    d, dice = state.data, Dice(state.rng)
    side = tables().coin[dice.below(2)]
    event = state.game.say("CR-020", f"flip_{side}", p=d.mover + 1)
    return state.evolve(data=copy(d, coin=side), phase="move", to_move=d.mover, rng=dice.state, events=(event,))


def play_move(state: State, action: Action) -> State:
    """CR-030 / CR-031 (checked in ``checks.reach_ok``); CR-050: a token stops on the finish line."""
    d, n = state.data, action.args[0]
    to = min(d.spaces[d.mover] + n, int(state.options["finish"]))
    event = state.game.say("CR-030", "moved", p=d.mover + 1, n=n, to=to)
    data = copy(d, spaces=replace_at(d.spaces, d.mover, to))
    return state.evolve(data=data, phase="check", to_move=None, events=(event,))


def check(state: State) -> State:
    """CR-050 the finish line ends the race; CR-040 the secret space gives another turn; else the next seat."""
    d, game = state.data, state.game
    space = d.spaces[d.mover]
    if space >= int(state.options["finish"]):
        won = game.say("CR-050", "won", p=d.mover + 1, space=space)
        return state.evolve(data=copy(d, winner=d.mover, coin=""), phase="over", is_over=True, events=(won,))
    if space == d.secret[d.mover]:
        return _reveal(state)
    mover = (d.mover + 1) % state.players
    event = game.say("CR-020", "next_turn", p=mover + 1)
    return state.evolve(data=copy(d, mover=mover, coin=""), phase="flip", events=(event,))


def _reveal(state: State) -> State:
    """CR-040: show the goal card, draw a new secret one (if any), the same seat plays again."""
    d, game, p = state.data, state.game, state.data.mover + 1
    events = [game.say("CR-040", "revealed", p=p, space=d.secret[d.mover])]
    if d.pile:
        secret, pile = d.pile[-1], d.pile[:-1]
        events.append(game.say("CR-040", "drew", p=p))
    else:
        secret, pile = NONE, d.pile
        events.append(game.say("CR-040", "pile_empty", p=p))
    data = copy(
        d, secret=replace_at(d.secret, d.mover, secret), pile=pile, shown=(*d.shown, d.secret[d.mover]), coin=""
    )
    return state.evolve(data=data, phase="flip", events=tuple(events))
