"""Helpers that arrange Spellbound positions for rule tests (cards stay conserved)."""

from __future__ import annotations

import rulekit
from rulekit.engine import State

GAME = rulekit.load("spellbound")
CAT = GAME.cat
ZONES = ("deck", "display", "tower", "discard", "wicked", "demons", "box")


def cid(key: str, n: int = 0, type_: str | None = None) -> int:
    """The id of the ``n``-th card with ``key`` (village cards only when asked)."""
    found = [c.id for c in CAT.cards if c.key == key and (c.type == type_ if type_ else c.type != "village")]
    return found[n]


def track(tid: str) -> int:
    return next(i for i, t in enumerate(CAT.tracks) if t.id == tid)


def start(players: int = 2, seed: int = 1) -> State:
    """A settled new game: seat 0 must send a card to the tower."""
    return GAME.new(players=players, seed=seed)


def move_cards(d, ids, zone: str, front: bool = False):
    """Take ``ids`` out of whatever zone holds them and put them into ``zone``."""
    ids = tuple(ids)
    changes = {z: tuple(c for c in getattr(d, z) if c not in ids) for z in ZONES}
    changes["supplies"] = tuple(tuple(c for c in s if c not in ids) for s in d.supplies)
    changes["fresh"] = tuple(c for c in d.fresh if c not in ids)
    changes[zone] = ids + changes[zone] if front else changes[zone] + ids
    return d.but(**changes)


def arrange(state: State, phase: str | None = None, to_move: int | None | str = "keep", display=None, **data) -> State:
    """A copy of ``state`` with some data changed; ``display`` replaces the display."""
    d = state.data
    if display is not None:
        d = move_cards(d, [c for c in d.display if c not in display], "discard")
        d = move_cards(d, display, "display")
    d = d.but(**data)
    changes = {"data": d}
    if phase is not None:
        changes["phase"] = phase
    if to_move != "keep":
        changes["to_move"] = to_move
    return state.evolve(**changes)


def playing(state: State | None = None, display=None, **data) -> State:
    """A state in the card-play step of seat ``active`` (default seat 0)."""
    state = state or start()
    active = data.get("active", state.data.active)
    return arrange(state, "play_mage_cards", active, display=display, **data)


def settle_auto(state: State) -> State:
    """Run automatic steps until a decision or the end."""
    return state.settle()


def events(state: State) -> list[str]:
    return [e.rule for e in state.events]


def run_until(state: State, phase: str, limit: int = 50) -> State:
    """Advance automatic steps one at a time until ``phase`` is reached."""
    for _ in range(limit):
        if state.phase == phase:
            return state
        state = state.advance()
    raise AssertionError(f"phase {phase} not reached (at {state.phase})")


def place_village(state: State, key: str, space: str) -> State:
    """Put the village card ``key`` (with its set) face up on ``space``, swapping cards so all stay conserved."""
    d = state.data
    card = cid(key, type_="village")
    supply = CAT.sets[key][1] if key in CAT.sets else ()
    v = CAT.villages.index(space)
    tiles, sups, box = list(d.village_cards), list(d.supplies), d.box
    if card in tiles:
        i = tiles.index(card)
        tiles[i], tiles[v] = tiles[v], tiles[i]
        sups[i], sups[v] = sups[v], sups[i]
    else:  # the set was removed at setup: trade places with the box
        box = tuple(c for c in box if c != card and c not in supply) + (tiles[v], *sups[v])
        tiles[v], sups[v] = card, supply
    revealed = tuple(True if k == v else r for k, r in enumerate(d.revealed))
    return state.evolve(data=d.but(village_cards=tuple(tiles), supplies=tuple(sups), box=box, revealed=revealed))
