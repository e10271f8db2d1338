"""Moving pieces and resolving cards: pursuers, books, the witch, stones.

Each function takes the game (for events and the catalog) and the data,
and returns ``(data, events)``; none of them decides anything. Defeat is
checked by ``defeat`` after every step that can cause it (SB-650).

The effect ops of the cards (``CARD_OPS``: a mage or ally card's ``effect``
in data/cards.toml; ``WICKED_OPS``: a wicked card's; ``LEVEL_OPS``: a witch
level's, SB-917) each have an entry in ``OP_FEASIBLE``: whether the op can
be carried out completely in a state (every piece it names moves the full
distance, every card or stone it takes is there). ``checks`` refuses a card
whose rule demands its effect (SB-190 search, SB-200 guard and banish)
when the op is not feasible; the other ops are played as far as they go
and say so in an event (``magic_no_effect``, ``no_stones_left``, ...).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from rulekit.engine import DataFileError, Event
from rulekit.engine.seats import replace_at

from .model import CAUGHT, HELD, ON_TRACK, Data, with_books, with_influence, with_movement, with_pursuers, with_refill

if TYPE_CHECKING:
    from .rules import Spellbound
    from .tables import Card

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
    named = g.chase_args(t)  # who moves on which track, in both languages
    events = [g.say(rule, "pursuer_moves", frm=old, to=new, **named)]
    status = d.book_status[t]
    chased = status == ON_TRACK or (status == HELD and not o["held_books_safe"])
    if n > 0 and chased and (new > d.books[t] or (new == d.books[t] and o["catch_rule"] == "reach")):
        # one copy of the data for both changes (a hot path: every pursuer move of every game)
        d = d.but(pursuers=replace_at(d.pursuers, t, new), book_status=replace_at(d.book_status, t, CAUGHT))
        events.append(g.say("SB-911", "book_caught", **named))
    else:
        d = with_pursuers(d, replace_at(d.pursuers, t, new))
    if new == track.pursuer_goal and n > 0:
        events.append(g.say("SB-620", "pursuer_at_goal", **named))
    return d, events


def move_book(g: Spellbound, d: Data, t: int, n: int, rule: str, o: dict) -> Out:
    """A book advances ``n`` spaces; on its goal (option ``book_goal``) the mages collect it (SB-908)."""
    track = g.board(o).tracks[t]
    if d.book_status[t] != ON_TRACK:
        return d, []
    new = min(track.book_goal, d.books[t] + n)
    d = with_books(d, replace_at(d.books, t, new))
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


def track_index(g: Spellbound, tid: str) -> int:
    """The index of the track with id ``tid`` (action labels name tracks by id)."""
    return next(i for i, t in enumerate(g.cat.tracks) if t.id == tid)


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


def refill_display(g: Spellbound, d: Data, rule: str) -> tuple[Data, bool, tuple[int, ...], list]:
    """Draw until 5 mage cards lie in the display (SB-260, SB-280); False if the deck ran out."""
    target, wicked = g.display_mages, g.adversary
    have = len([c for c in d.display if c in g.helpful])
    deck, n = d.deck, 0
    while have < target and n < len(deck):  # count the cards to draw; they leave the top in one slice
        if deck[n] not in wicked:
            have += 1
        n += 1
    drawn = deck[:n]
    d = with_refill(d, deck[n:], d.display + drawn, d.fresh + tuple([c for c in drawn if c in wicked]))
    return d, have >= target, drawn, [g.say(rule, "refill", **g.list_args(drawn), n=have)]


def new_wicked_card(g: Spellbound, d: Data, rule: str) -> Out:
    """The top wicked card goes onto the discard pile (SB-340); none left loses (SB-640)."""
    if not d.wicked:
        return d.but(result="lost", reason="SB-640"), [g.say("SB-640", "wicked_empty")]
    card = d.wicked[0]
    d = d.but(wicked=d.wicked[1:], discard=d.discard + (card,))
    return d, [g.say(rule, "wicked_to_discard", **g.card_args(card))]


def _hat(g: Spellbound, d: Data, o: Any, n: int, target: str, rule: str) -> Out:
    return move_pursuer(g, d, g.cat.track_of_region(target), n, rule, o)


def _all_hats(g: Spellbound, d: Data, o: Any, n: int, target: str, rule: str) -> Out:
    return all_pursuers(g, d, n, rule, o, hats_only=True)


def _troll(g: Spellbound, d: Data, o: Any, n: int, target: str, rule: str) -> Out:
    return move_pursuer(g, d, troll_track(g), n, rule, o)


def _moon_stone(g: Spellbound, d: Data, o: Any, n: int, target: str, rule: str) -> Out:
    return stones_to_bag(g, d, 0, n, rule)


def _wicked(g: Spellbound, d: Data, o: Any, n: int, target: str, rule: str) -> Out:
    return new_wicked_card(g, d, rule)


#: a wicked card's effect -> carrying it out as ``op(g, data, options, n, target, rule)`` (SB-290, SB-310, SB-480)
WICKED_OPS = {"hat": _hat, "all_hats": _all_hats, "troll": _troll, "moon_stone": _moon_stone}
#: a witch level's effect (SB-917) -> the same, one step or stone or card each
LEVEL_OPS = {"moon_stone": _moon_stone, "wicked": _wicked, "all_hats": _all_hats, "troll": _troll}


def resolve_adversary(g: Spellbound, d: Data, card_id: int, rule: str, o: dict) -> Out:
    """Carry out one wicked card (SB-290, SB-310, SB-480)."""
    card = g.cat.cards[card_id]
    events = [g.say(rule, "adversary_resolves", **g.card_args(card.id))]
    op = WICKED_OPS.get(card.effect)
    if op is None:  # pragma: no cover - data error
        raise DataFileError("data/cards.toml", card.key, f"unknown wicked effect {card.effect!r}")
    d, ev = op(g, d, o, card.value, card.target, rule)
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
        op = LEVEL_OPS.get(effect)
        if op is None:  # pragma: no cover - data error
            raise DataFileError("data/setup.toml", "witch_paths", f"unknown witch level effect {effect!r}")
        d, ev = op(g, d, o, 1, "", "SB-917")
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
    at_goal = sum([p >= goal for p, goal in zip(d.pursuers, board.pursuer_goals, strict=True)])
    if at_goal >= s["pursuers_to_lose"]:
        return "SB-620"
    if d.witch >= board.top_level:
        return "SB-630"
    return ""


def books_held(d: Data) -> int:
    return d.book_status.count(HELD)


def ready_for_battle(g: Spellbound, d: Data) -> bool:
    """Both victory preconditions (SB-500, SB-510): 4+ books held, all mages in the tower village."""
    if books_held(d) < g.books_to_win:
        return False
    tower = g.tower_village(d)
    return all(m == tower for m in d.mages)


def powers(g: Spellbound, d: Data, o: dict, extra_sun: int = 0) -> tuple[int, int]:
    """(moon power, sun power) from base strength, drawn stones and tower symbols (SB-360, SB-370)."""
    cards = g.cat.cards
    moon = g.board(o).levels[d.witch].base + d.drawn[0] + d.missing + sum(cards[c].moon for c in d.tower)
    sun = d.drawn[1] + sum(cards[c].sun for c in d.tower) + extra_sun
    return moon, sun


def banish(g: Spellbound, d: Data, cid: int, rule: str) -> Out:
    """A wicked card leaves the display (and the cards still to resolve) for the discard pile."""
    d = d.but(
        display=tuple([c for c in d.display if c != cid]),
        discard=d.discard + (cid,),
        fresh=tuple([c for c in d.fresh if c != cid]),
    )
    return d, [g.say(rule, "banished", **g.card_args(cid))]


# -- the effect ops of mage and ally cards (SB-140 .. SB-200, SB-906, SB-913) ---------------------

CardOp = Callable[["Spellbound", Data, Any, "Card"], Out]


def _here(d: Data) -> str:
    return d.mages[d.active]


def _op_move(g: Spellbound, d: Data, o: Any, card: Card) -> Out:
    d = with_movement(d, d.movement + card.value)
    return d, [g.say("SB-140", "gains_movement", n=card.value, total=d.movement)]


def _op_magic(g: Spellbound, d: Data, o: Any, card: Card) -> Out:
    """SB-160 (or SB-906 with ``magic_effect = "advance_book"``): the local pursuer back, or the book on."""
    t = g.cat.track_of_region(_here(d))
    if o["magic_effect"] == "advance_book":  # SB-906 variant: the local book moves on instead
        d, ev = move_book(g, d, t, card.value, "SB-906", o)
    else:
        d, ev = move_pursuer(g, d, t, -card.value, "SB-160", o)
    return d, ev or [g.say("SB-160", "magic_no_effect")]


def _op_influence(g: Spellbound, d: Data, o: Any, card: Card) -> Out:
    d = with_influence(d, replace_at(d.influence, d.active, d.influence[d.active] + card.value))
    return d, [g.say("SB-170", "gains_influence", n=card.value, total=d.influence[d.active])]


def _op_search(g: Spellbound, d: Data, o: Any, card: Card) -> Out:
    return move_book(g, d, book_here(g, d, _here(d)), card.value, "SB-190", o)


def _op_all_hats_back(g: Spellbound, d: Data, o: Any, card: Card) -> Out:
    d, ev = all_pursuers(g, d, -card.value, "SB-200", o, hats_only=True)
    return d, ev or [g.say("SB-200", "back_no_effect")]  # every hat on space 1 already: said, not silent


def _op_troll_back(g: Spellbound, d: Data, o: Any, card: Card) -> Out:
    d, ev = move_pursuer(g, d, troll_track(g), -card.value, "SB-200", o)
    return d, ev or [g.say("SB-200", "back_no_effect")]


def _op_guard_book(g: Spellbound, d: Data, o: Any, card: Card) -> Out:
    """SB-200: the book closest to its pursuer advances."""
    t = min((i for i, st in enumerate(d.book_status) if st == ON_TRACK), key=lambda i: d.books[i] - d.pursuers[i])
    return move_book(g, d, t, card.value, "SB-200", o)


def _op_charge_wands(g: Spellbound, d: Data, o: Any, card: Card) -> Out:
    return d.but(wands=tuple(True for _ in d.wands)), [g.say("SB-200", "wands_charged")]


def _op_sun_stone(g: Spellbound, d: Data, o: Any, card: Card) -> Out:
    return stones_to_bag(g, d, 1, card.value, "SB-200")


def _op_reveal(g: Spellbound, d: Data, o: Any, card: Card) -> Out:
    return d.but(revealed=tuple(True for _ in d.revealed)), [g.say("SB-200", "villages_revealed")]


def _op_banish(g: Spellbound, d: Data, o: Any, card: Card) -> Out:
    return banish(g, d, next(c for c in d.display if c in g.adversary), "SB-200")


def _op_watchman(g: Spellbound, d: Data, o: Any, card: Card) -> Out:
    here = _here(d)
    return d.but(watchman=here), [g.say("SB-913", "watchman_moves", **g.space_args(here, "city"))]


#: a mage or ally card's effect -> carrying it out (``turn`` plays a card with it)
CARD_OPS: dict[str, CardOp] = {
    "move": _op_move,
    "magic": _op_magic,
    "influence": _op_influence,
    "search": _op_search,
    "all_hats_back": _op_all_hats_back,
    "troll_back": _op_troll_back,
    "guard_book": _op_guard_book,
    "charge_wands": _op_charge_wands,
    "sun_stone": _op_sun_stone,
    "reveal": _op_reveal,
    "banish": _op_banish,
    "watchman": _op_watchman,
}


# -- whether an op can be carried out completely -------------------------------------------------


def _back_fully(d: Data, t: int | None, n: int) -> bool:
    """The pursuer of track ``t`` can go back ``n`` spaces without stopping at space 1."""
    return t is not None and d.pursuers[t] - n >= 1


def _forward_fully(g: Spellbound, d: Data, o: Any, t: int | None, n: int) -> bool:
    """The pursuer of track ``t`` can advance ``n`` spaces: not past its goal, not held by the Watchman (SB-913)."""
    if t is None:
        return False
    track = g.board(o).tracks[t]
    if o["watchman_guards"] == "always" and track.region == d.watchman:
        return False
    return d.pursuers[t] + n <= track.pursuer_goal


def _book_on(d: Data, t: int | None) -> bool:
    return t is not None and d.book_status[t] == ON_TRACK


def _hats(g: Spellbound) -> list[int]:
    return [t for t, track in enumerate(g.cat.tracks) if track.pursuer == "hat"]


def _magic_ok(g: Spellbound, d: Data, o: Any, n: int) -> bool:
    t = g.cat.track_of_region(_here(d))
    return _book_on(d, t) if o["magic_effect"] == "advance_book" else _back_fully(d, t, n)


Feasible = Callable[["Spellbound", Data, Any, int, str], bool]

#: op -> ``ok(g, data, options, n, target)``: can the op be carried out completely now?
#: (``n`` the card's value, ``target`` its target space; a book reaching its goal early is complete)
OP_FEASIBLE: dict[str, Feasible] = {
    # mage and ally cards
    "move": lambda g, d, o, n, target: True,
    "magic": lambda g, d, o, n, target: _magic_ok(g, d, o, n),
    "influence": lambda g, d, o, n, target: True,
    "search": lambda g, d, o, n, target: book_here(g, d, _here(d)) is not None,
    "all_hats_back": lambda g, d, o, n, target: all(_back_fully(d, t, n) for t in _hats(g)),
    "troll_back": lambda g, d, o, n, target: _back_fully(d, troll_track(g), n),
    "guard_book": lambda g, d, o, n, target: ON_TRACK in d.book_status,
    "charge_wands": lambda g, d, o, n, target: True,
    "sun_stone": lambda g, d, o, n, target: d.supply[1] >= n,
    "reveal": lambda g, d, o, n, target: True,
    "banish": lambda g, d, o, n, target: any(c in g.adversary for c in d.display),
    "watchman": lambda g, d, o, n, target: g.cat.kind(_here(d)) == "city",
    # wicked cards (SB-290, SB-310, SB-480) and witch levels (SB-917)
    "hat": lambda g, d, o, n, target: _forward_fully(g, d, o, g.cat.track_of_region(target), n),
    "all_hats": lambda g, d, o, n, target: all(_forward_fully(g, d, o, t, n) for t in _hats(g)),
    "troll": lambda g, d, o, n, target: _forward_fully(g, d, o, troll_track(g), n),
    "moon_stone": lambda g, d, o, n, target: d.supply[0] >= n,
    "wicked": lambda g, d, o, n, target: bool(d.wicked),
}


def op_feasible(g: Spellbound, d: Data, o: Any, card: Card) -> bool:
    """Can the effect of ``card`` be carried out completely in ``d`` (``OP_FEASIBLE``)?"""
    return OP_FEASIBLE[card.effect](g, d, o, card.value, card.target)
