"""Helpers for the Mines of Zavandor tests: build states in a chosen phase."""

from __future__ import annotations

import rulekit
from rulekit.engine import State
from rulekit.games.mines_of_zavandor.model import FREE, replace
from rulekit.games.mines_of_zavandor.tables import kind_of, tables

G = rulekit.load("mines_of_zavandor")
T = tables()
CARTS = {c: i for i, c in enumerate(T.carts)}
COLOURS = {c: i for i, c in enumerate(T.colours)}


def k(colour: str, cart: str) -> int:
    """The kind index of a mine card."""
    return kind_of(CARTS[cart], COLOURS[colour])


def cards(**named: int) -> tuple[int, ...]:
    """A 16-count vector: cards(red_log=2, blue_gold=1)."""
    out = [0] * 16
    for name, n in named.items():
        colour, cart = name.split("_")
        out[k(colour, cart)] += n
    return tuple(out)


def fresh(players: int = 3, seed: int = 1, **options) -> State:
    """The state right after setup, before any income (automatic, not settled)."""
    return G.new(players=players, seed=seed, settle=False, **options)


def at(state: State, phase: str, to_move: int | None, **changes) -> State:
    """``state`` moved to ``phase`` with ``to_move`` and some data fields changed."""
    return state.evolve(phase=phase, to_move=to_move, data=replace(state.data, **changes))


def player(state: State, seat: int, **changes) -> State:
    """``state`` with one player's fields changed."""
    ps = list(state.data.players)
    ps[seat] = replace(ps[seat], **changes)
    return state.evolve(data=replace(state.data, players=tuple(ps)))


def move_cards(state: State, seat: int, hand: tuple[int, ...]) -> State:
    """Give ``seat`` exactly ``hand``, taking or returning cards via the draw piles (keeps cards conserved)."""
    d = state.data
    draw = [list(p) for p in d.draw]
    old = d.players[seat].hand
    for kind in range(16):
        diff = hand[kind] - old[kind]
        cart = kind >> 2
        for _ in range(max(diff, 0)):
            draw[cart].remove(kind)
        draw[cart].extend([kind] * max(-diff, 0))
    state = state.evolve(data=replace(d, draw=tuple(tuple(p) for p in draw)))
    return player(state, seat, hand=hand)


def empty_hands(state: State) -> State:
    for seat in range(state.players):
        state = move_cards(state, seat, (0,) * 16)
    return state


def card_id(kind: str, colour: str | None = None) -> int:
    """The first expansion card of a kind (and colour)."""
    return next(c.id for c in T.cards if c.kind == kind and (colour is None or T.colours[c.colour] == colour))


def take_from_display(state: State, cid: int) -> State:
    """Move expansion card ``cid`` out of the stacks/display so it can be put on a board (conserved)."""
    d = state.data
    stacks = tuple(tuple(x for x in s if x != cid) for s in d.stacks)
    display = tuple(tuple(-1 if x == cid else x for x in m) for m in d.display)
    return state.evolve(data=replace(d, stacks=stacks, display=display))


def put_card(state: State, seat: int, slot: int, cid: int, cubes: int = 0) -> State:
    """Put expansion card ``cid`` on a cave space with ``cubes`` (taken from the supply)."""
    state = take_from_display(state, cid)
    caves = list(state.data.players[seat].caves)
    old_cubes = caves[slot][1] if caves[slot] != FREE else 0
    caves[slot] = (cid, cubes)
    state = player(state, seat, caves=tuple(caves))
    return state.evolve(data=replace(state.data, cubes=state.data.cubes - cubes + old_cubes))


def keys(state: State) -> list[str]:
    return [e.key for e in state.events]


def labels(state: State) -> list[str]:
    return [str(a) for a in state.legal_actions()]
