"""Moving pieces and resolving cards: pursuers, books, the witch, stones.

Each function takes the game (for events and the catalog) and the data,
and returns ``(data, events)``; none of them decides anything. Defeat is
checked by ``defeat`` after every step that can cause it (SB-650).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulekit.engine import DataFileError, Event
from rulekit.engine.seats import replace_at

from .model import CAUGHT, HELD, ON_TRACK, Data

if TYPE_CHECKING:
    from .rules import Spellbound

Out = tuple[Data, list[Event]]


def move_pursuer(g: Spellbound, d: Data, t: int, n: int, rule: str, o: dict) -> Out:
    """A witch hat or the troll moves ``n`` spaces (back if negative).

    Going forward it stops at its goal (SB-620); reaching (option
    ``catch_rule``) or passing its book catches the book, which leaves play
    (SB-610, SB-911); a collected book is safe unless ``held_books_safe`` is
    off (SB-912). Going back it stops at space 1 and never frees a caught
    book. With ``watchman_guards = "always"`` the hat of the Watchman's
    city never advances (SB-913).
    """
    track = g.board(o).tracks[t]
    if n > 0 and o["watchman_guards"] == "always" and track.region == d.watchman:
        return d, [g.say("SB-913", "watchman_blocks", **g.space_args(track.region, "city"))]
    old = d.pursuers[t]
    new = max(1, min(track.pursuer_goal, old + n))
    if new == old:
        return d, []
    d = d.but(pursuers=replace_at(d.pursuers, t, new))
    who = g.pursuer_args(t)
    events = [g.say(rule, "pursuer_moves", **who, frm=old, to=new, **g.track_args(track))]
    status = d.book_status[t]
    chased = status == ON_TRACK or (status == HELD and not o["held_books_safe"])
    if n > 0 and chased and (new > d.books[t] or (new == d.books[t] and o["catch_rule"] == "reach")):
        d = d.but(book_status=replace_at(d.book_status, t, CAUGHT))
        events.append(g.say("SB-911", "book_caught", **who, **g.track_args(track)))
    if new == track.pursuer_goal and n > 0:
        events.append(g.say("SB-620", "pursuer_at_goal", **who, **g.track_args(track)))
    return d, events


def move_book(g: Spellbound, d: Data, t: int, n: int, rule: str, o: dict) -> Out:
    """A book advances ``n`` spaces; on its goal (option ``book_goal``) the mages collect it (SB-908)."""
    track = g.board(o).tracks[t]
    if d.book_status[t] != ON_TRACK:
        return d, []
    new = min(track.book_goal, d.books[t] + n)
    d = d.but(books=replace_at(d.books, t, new))
    events = [g.say(rule, "book_moves", **g.track_args(track), to=new)]
    if new >= track.book_goal:
        d = d.but(book_status=replace_at(d.book_status, t, HELD))
        events.append(g.say("SB-908", "book_held", **g.track_args(track)))
    return d, events


def all_pursuers(g: Spellbound, d: Data, n: int, rule: str, o: dict, hats_only: bool = False) -> Out:
    events: list[Event] = []
    for t, track in enumerate(g.cat.tracks):
        if hats_only and track.pursuer != "hat":
            continue
        d, ev = move_pursuer(g, d, t, n, rule, o)
        events += ev
    return d, events


def book_here(g: Spellbound, d: Data, here: str) -> int | None:
    """The track of the book of region ``here`` while it is on its track (SB-190)."""
    t = g.cat.track_of_region(here)
    return t if t is not None and d.book_status[t] == ON_TRACK else None


def troll_track(g: Spellbound) -> int:
    return next(i for i, t in enumerate(g.cat.tracks) if t.pursuer == "troll")


def stones_to_bag(g: Spellbound, d: Data, colour: int, n: int, rule: str) -> Out:
    """Move up to ``n`` stones of ``colour`` (0 moon, 1 sun) from the supply into the bag."""
    n = min(n, d.supply[colour])
    if n <= 0:
        return d, [g.say(rule, "no_stones_left")]
    d = d.but(
        supply=replace_at(d.supply, colour, d.supply[colour] - n), bag=replace_at(d.bag, colour, d.bag[colour] + n)
    )
    return d, [g.say(rule, "stones_added", n=n, colour=("moon", "sun")[colour])]


def new_wicked_card(g: Spellbound, d: Data, rule: str) -> Out:
    """The top wicked card goes onto the discard pile (SB-340); none left loses (SB-640)."""
    if not d.wicked:
        return d.but(result="lost", reason="SB-640"), [g.say("SB-640", "wicked_empty")]
    card = d.wicked[0]
    d = d.but(wicked=d.wicked[1:], discard=d.discard + (card,))
    return d, [g.say(rule, "wicked_to_discard", **g.card_args(card))]


def resolve_adversary(g: Spellbound, d: Data, card_id: int, rule: str, o: dict) -> Out:
    """Carry out one wicked card (SB-290, SB-310, SB-480)."""
    card = g.cat.cards[card_id]
    events = [g.say(rule, "adversary_resolves", **g.card_args(card.id))]
    if card.effect == "hat":
        t = g.cat.track_of_region(card.target)
        d, ev = move_pursuer(g, d, t, card.value, rule, o)
    elif card.effect == "all_hats":
        d, ev = all_pursuers(g, d, card.value, rule, o, hats_only=True)
    elif card.effect == "troll":
        d, ev = move_pursuer(g, d, troll_track(g), card.value, rule, o)
    elif card.effect == "moon_stone":
        d, ev = stones_to_bag(g, d, 0, card.value, rule)
    else:  # pragma: no cover - data error
        raise DataFileError("data/cards.toml", card.key, f"unknown wicked effect {card.effect!r}")
    return d, events + ev


def witch_step(g: Spellbound, d: Data, rule: str, o: dict) -> Out:
    """The witch climbs one level and its effects happen (SB-420, SB-917);
    on the mountain top the game is lost at once (SB-450, SB-630)."""
    level = d.witch + 1
    board = g.board(o)
    lv = board.levels[level]
    d = d.but(witch=level)
    events = [g.say(rule, "witch_climbs", level=level, name=lv.name, name_de=lv.name_de, base=lv.base)]
    if level >= board.top_level:
        events.append(g.say("SB-630", "witch_on_top"))
        return d.but(result="lost", reason="SB-630"), events
    for effect in lv.effects if o["witch_level_effects"] else ():
        if effect == "moon_stone":
            d, ev = stones_to_bag(g, d, 0, 1, "SB-917")
        elif effect == "wicked":
            d, ev = new_wicked_card(g, d, "SB-917")
        elif effect == "all_hats":
            d, ev = all_pursuers(g, d, 1, "SB-917", o, hats_only=True)
        elif effect == "troll":
            d, ev = move_pursuer(g, d, troll_track(g), 1, "SB-917", o)
        else:  # pragma: no cover - data error
            raise DataFileError("data/setup.toml", "witch_paths", f"unknown witch level effect {effect!r}")
        events += ev
        if d.result:
            break
    return d, events


def defeat(g: Spellbound, d: Data, o: dict) -> str:
    """The rule id of a defeat condition that holds, or "" (SB-600, SB-650)."""
    if d.result == "lost":
        return d.reason
    s = g.cat.setup["setup"]
    if d.book_status.count(CAUGHT) >= s["caught_to_lose"]:
        return "SB-610"
    board = g.board(o)
    at_goal = sum(p >= t.pursuer_goal for p, t in zip(d.pursuers, board.tracks, strict=True))
    if at_goal >= s["pursuers_to_lose"]:
        return "SB-620"
    if d.witch >= board.top_level:
        return "SB-630"
    return ""


def books_held(d: Data) -> int:
    return d.book_status.count(HELD)


def ready_for_battle(g: Spellbound, d: Data) -> bool:
    """Both victory preconditions (SB-500, SB-510): 4+ books held, all mages in the tower village."""
    tower = g.tower_village(d)
    return books_held(d) >= g.cat.setup["setup"]["books_to_win"] and all(m == tower for m in d.mages)


def powers(g: Spellbound, d: Data, o: dict, extra_sun: int = 0) -> tuple[int, int]:
    """(moon power, sun power) from base strength, drawn stones and tower symbols (SB-360, SB-370)."""
    cards = g.cat.cards
    moon = g.board(o).levels[d.witch].base + d.drawn[0] + d.missing + sum(cards[c].moon for c in d.tower)
    sun = d.drawn[1] + sum(cards[c].sun for c in d.tower) + extra_sun
    return moon, sun
