"""Small helpers to build Rune Stones situations for rule tests."""

from __future__ import annotations

from rulekit.games.rune_stones.model import Turn, replace
from rulekit.games.rune_stones.rules import RuneStones

GAME = RuneStones()


def new(players: int = 2, seed: int = 1, **options):
    """A fresh game, settled at the first decision (choose_action)."""
    return GAME.new(players=players, seed=seed, **options)


def at(state, phase: str | None = None, seat: int | None = None, turn: Turn | None = None, **board):
    """``state`` with board fields changed, optionally a phase, current seat and turn."""
    b = state.data
    if seat is not None:
        board["current"] = seat
    if turn is not None:
        board["turn"] = turn
    b = replace(b, **board)
    phase = phase or state.phase
    return state.evolve(data=b, phase=phase, to_move=None if GAME.phases[phase].automatic else b.current)


def me(state, seat: int | None = None, **changes):
    """``state`` with fields of one player (default: the current one) changed."""
    b = state.data
    seat = b.current if seat is None else seat
    players = list(b.players)
    players[seat] = replace(players[seat], **changes)
    return state.evolve(data=replace(b, players=tuple(players)))


def p(state, seat: int | None = None):
    b = state.data
    return b.players[b.current if seat is None else seat]


def play(state, *labels: str):
    for label in labels:
        state = state.apply(label)
    return state


def keys(state) -> list[str]:
    return [e.key for e in state.events]


def rules_of(state) -> list[str]:
    return [e.rule for e in state.events]


def labels(state) -> list[str]:
    return [str(a) for a in state.legal_actions()]


def gems(blue=0, yellow=0, green=0, red=0):
    return (blue, yellow, green, red)


def force_roll(state, face: str):
    """``state`` with an rng whose next die roll shows ``face``."""
    from rulekit.engine import Dice

    faces = GAME.cat.board["die"]["faces"]
    for r in range(10_000):
        if faces[Dice(r).below(len(faces))] == face:
            return state.evolve(rng=r)
    raise AssertionError(face)
