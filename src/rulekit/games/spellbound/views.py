"""What a seat may see, resampling what it cannot, a heuristic, conservation.

Spellbound is cooperative and its display, tower, tracks and bag contents
are open; hidden are the order of the destiny deck, the wicked pile below
its face-up top card (the Troll card is known to lie at the bottom) and the
face-down village cards (with the ally sets beneath them).
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from rulekit.engine import Dice, State

from .model import CAUGHT, HELD, ON_TRACK, Data

if TYPE_CHECKING:
    from .rules import Spellbound

TOTAL_STONES = 20  # facts 1.1


def _names(g: Spellbound, ids) -> list[str]:
    """Cards as ``"12:witch_hat"`` (id and key); a planning bot compares whole views after each of its steps."""
    names = g.card_names
    return [names[c] for c in ids]


def view(g: Spellbound, state: State, seat: int | None) -> dict:
    d: Data = state.data
    full = seat is None
    villages = {}
    for v, sid in enumerate(g.cat.villages):
        shown = d.revealed[v] or full
        villages[sid] = {
            "card": g.cat.cards[d.village_cards[v]].key if shown else None,
            "revealed": d.revealed[v],
            "supply": len(d.supplies[v]) if shown else None,
        }
    return {
        "result": d.result or None,
        "end_rule": d.reason or None,
        "active": d.active,
        "display": _names(g, d.display),
        "new_wicked": _names(g, d.fresh),
        "tower": _names(g, d.tower),
        "discard": _names(g, d.discard),
        "deck": _names(g, d.deck) if full else None,
        "deck_size": len(d.deck),
        "wicked_top": _names(g, d.wicked[:1]),
        "wicked": _names(g, d.wicked) if full else None,
        "wicked_size": len(d.wicked),
        "demons": _names(g, d.demons),
        "box_size": len(d.box),
        "villages": villages,
        "mages": list(d.mages),
        "wands": ["charged" if w else "empty" for w in d.wands],
        "wand_used": d.wand_used,
        "influence": list(d.influence),
        "movement": d.movement,
        "moved": d.moved,
        "tracks": {
            t.id: {
                "book": d.books[i],
                "status": d.book_status[i],
                "pursuer": d.pursuers[i],
                "book_goal": t.book_goal,
                "pursuer_goal": t.pursuer_goal,
            }
            for i, t in enumerate(g.board(state.options).tracks)
        },
        "watchman": d.watchman or None,
        "witch": d.witch,
        "base_strength": g.board(state.options).levels[d.witch].base,
        "bag": {"moon": d.bag[0], "sun": d.bag[1]},
        "supply": {"moon": d.supply[0], "sun": d.supply[1]},
        "drawn": {"moon": d.drawn[0], "sun": d.drawn[1]},
        "missing_stones": d.missing,
        "books_used": d.books_used,
        "battle_suns": d.battle_suns,
    }


def determinize(g: Spellbound, state: State, dice: Dice) -> State:
    """Resample the deck order, the hidden part of the wicked pile and the face-down villages."""
    d: Data = state.data
    wicked = d.wicked
    if len(wicked) > 2:
        wicked = wicked[:1] + dice.shuffle(wicked[1:-1]) + wicked[-1:]
    hidden = [v for v, shown in enumerate(d.revealed) if not shown]
    tiles, supplies = list(d.village_cards), list(d.supplies)
    order = dice.shuffle(hidden)
    for src, dst in zip(hidden, order, strict=True):
        tiles[dst], supplies[dst] = d.village_cards[src], d.supplies[src]
    d = d.but(deck=dice.shuffle(d.deck), wicked=wicked, village_cards=tuple(tiles), supplies=tuple(supplies))
    return state.evolve(data=d, events=state.events)


def evaluate(g: Spellbound, state: State) -> float:
    """Books held and safe distances count for the mages; caught books, pursuers near
    their goal and the witch's climb count against them; mages near the book in most
    danger (or, with 4 books, near the witch-tower village) are worth a little.

    A bot's search rates every position it reaches with this (thousands per turn), so the
    track loop reads the data's tuples once; the sums keep their order (the same floats: the
    track part is whole numbers, the fractions come last as before)."""
    d: Data = state.data
    if d.result:
        return 1000.0 if d.result == "won" else -1000.0
    value, danger, worst, held = 0.0, None, 99, 0
    facts = g.board(state.options).track_facts
    for st, book, pursuer, (start, home, region) in zip(d.book_status, d.books, d.pursuers, facts, strict=True):
        if st == HELD:
            value += 30
            held += 1
        elif st == CAUGHT:
            value -= 40
        else:
            gap = book - pursuer
            value += 3 * (book - start) + 2 * (gap if gap < 4 else 4)
            if gap < worst:
                danger, worst = region, gap
        if pursuer > home - 3:  # a pursuer within 3 spaces of its goal
            value -= 3 * (pursuer - home + 3)
    goal = g.tower_village(d) if held >= g.books_to_win else danger
    if goal:
        distances = g.distances
        value -= sum([distances[m][goal] for m in d.mages])
    value += 0.5 * d.movement + 0.3 * sum(d.influence) + 0.5 * sum(d.wands)
    return value - 8 * d.witch + d.bag[1] - d.bag[0]


def _track_problems(board, d: Data) -> list[str]:
    """Books and pursuers on their tracks, each book with a known status."""
    out = []
    for i, t in enumerate(board.tracks):
        if not 1 <= d.pursuers[i] <= t.pursuer_goal or not 1 <= d.books[i] <= t.book_goal:
            out.append(f"track {t.id}: book {d.books[i]} or pursuer {d.pursuers[i]} off the track")
        if d.book_status[i] not in (ON_TRACK, HELD, CAUGHT):
            out.append(f"track {t.id}: unknown book status {d.book_status[i]!r}")
    return out


def invariants(g: Spellbound, state: State) -> list[str]:
    """Cards, stones and pieces are conserved; pieces stay on the board."""
    d: Data = state.data
    if d is None:
        return []
    out = []
    zones = d.deck + d.display + d.tower + d.discard + d.wicked + d.demons + d.box + d.village_cards
    zones += tuple(c for s in d.supplies for c in s)
    ids = g.in_play_ids(state.options)
    if sorted(zones) != ids:
        dup = sorted(c for c, k in Counter(zones).items() if k > 1)
        out.append(f"cards not conserved: {len(zones)} in zones, {len(ids)} in this game; duplicates {dup}")
    if not set(d.fresh) <= set(d.display):
        out.append("a newly placed wicked card is not in the display")
    if sum(d.bag) + sum(d.supply) + sum(d.drawn) != TOTAL_STONES or min(*d.bag, *d.supply, *d.drawn) < 0:
        out.append(f"stones not conserved: bag {d.bag}, supply {d.supply}, drawn {d.drawn}")
    if len(d.mages) != state.players or any(m not in g.cat.spaces for m in d.mages):
        out.append(f"mages off the map: {d.mages}")
    board = g.board(state.options)
    out += _track_problems(board, d)
    if not 0 <= d.witch <= board.top_level:
        out.append(f"witch off her path: level {d.witch}")
    if d.watchman and g.cat.kind(d.watchman) != "city":
        out.append(f"the City Watchman stands outside a city: {d.watchman}")
    return out
