"""Phase 1, income (ZM-180 .. ZM-310): base income, the 6-card cap, extra income, scrolls.

One automatic step per seat, clockwise from the start player (ZM-180). A
seat decides only when its base income is over the cap (ZM-240) or when it
holds a spell scroll (ZM-300).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulekit.engine import Action, Dice, Event, State

from .model import FREE, Mines, Player, clan_side, copy_mines, copy_player, order_from, set_player
from .tables import Tables, kind_of, tables

if TYPE_CHECKING:
    from .rules import MinesOfZavandor

__all__ = ["draw_into", "after_fallback", "base_income", "income_step", "play_income", "play_scroll"]


def draw_into(
    game: MinesOfZavandor, d: Mines, dice: Dice, seat: int, cart: int, n: int, whole: bool = False
) -> tuple[Mines, list[Event], list[int]]:
    """Draw ``n`` cards of ``cart`` into a seat's hand.

    ZM-260: an empty draw pile is refilled by shuffling its discard pile.
    ZM-270: with both piles empty the next lower cart type is used, card by
    card. ZM-905 (gap, option ``short_pile``): by default a short pile gives
    what it has first; with ``whole`` a cart type whose piles hold fewer than
    ``n`` cards gives none and all ``n`` come from a lower type (the log cart,
    having none below it, gives what it has).
    ZM-280: below the log cart there is nothing: no card, no error.
    """
    t = tables()
    draw, discard = list(d.draw), list(d.discard)
    hand = list(d.players[seat].hand)
    events: list[Event] = []
    got = [0, 0, 0, 0]
    c = cart
    while whole and c > 0 and len(draw[c]) + sum(discard[c]) < n:
        events.append(game.say("ZM-270", "fallback", **cart_args(t, c), **cart_args(t, c - 1, "lower")))
        c -= 1
    for _ in range(n):
        while c >= 0 and not draw[c]:
            if sum(discard[c]):
                pile = [kind_of(c, co) for co in range(4) for _ in range(discard[c][co])]
                draw[c], discard[c] = dice.shuffle(pile), (0, 0, 0, 0)
                events.append(game.say("ZM-260", "reshuffle", **cart_args(t, c)))
                break
            if c == 0:
                events.append(game.say("ZM-280", "no_lower", p=seat + 1))
            else:
                events.append(game.say("ZM-270", "fallback", **cart_args(t, c), **cart_args(t, c - 1, "lower")))
            c -= 1
        if c < 0:
            break
        pile = draw[c]
        hand[pile[-1]] += 1
        draw[c] = pile[:-1]
        got[c] += 1
    p = copy_player(d.players[seat], hand=tuple(hand))
    return copy_mines(d, draw=tuple(draw), discard=tuple(discard), players=set_player(d, seat, p)), events, got


def cart_args(t: Tables, cart: int, prefix: str = "cart") -> dict[str, str]:
    """Message arguments naming a cart type in both languages."""
    return {prefix: t.cart_name(cart, "en"), prefix + "_de": t.cart_name(cart, "de")}


def got_args(t: Tables, got: list[int]) -> dict[str, str]:
    """Message arguments listing drawn cards per cart type in both languages."""
    en = ", ".join(f"{n} {t.cart_name(c, 'en')}" for c, n in enumerate(got) if n) or "no cards"
    de = ", ".join(f"{n} {t.cart_name(c, 'de')}" for c, n in enumerate(got) if n) or "keine Karten"
    return {"cards": en, "cards_de": de}


def base_income(t: Tables, d: Mines, p: Player) -> list[int]:
    """Base income per cart type: clan board (ZM-190) plus clan cards with cubes (ZM-200, ZM-220)."""
    side = clan_side(t, d, p)
    owed = [0, 0, 0, 0]
    owed[side.cart] += side.income[p.level - 1]  # ZM-210: the income beside the highest cube
    for cid, cubes in p.caves:
        if cid >= 0 and cubes > 0 and t.cards[cid].kind == "clan":
            owed[t.cards[cid].cart] += t.cards[cid].track[cubes - 1]
    return owed


def after_fallback(d: Mines, owed: list[int], whole: bool) -> list[int]:
    """ZM-905 (option ``cap_timing = after_fallback``): the owed cards moved down to cart types that can give them.

    From the gold cart down, each cart type gives what its draw and discard
    piles hold (with ``short_pile = whole``: all or nothing) and passes the
    rest to the next lower type (ZM-270); what the log cart cannot give is
    lost (ZM-280). The limit and the choice then apply to this.
    """
    out, carry = [0, 0, 0, 0], 0
    for c in range(3, -1, -1):
        need = owed[c] + carry
        have = len(d.draw[c]) + sum(d.discard[c])
        out[c] = need if have >= need else (0 if whole and c > 0 else have)
        carry = need - out[c]
    return out


def has_dragon(t: Tables, p: Player) -> bool:
    """ZM-250: a pack dragon on the board lifts the base-income cap (owning it is enough)."""
    return any(cid >= 0 and t.cards[cid].kind == "dragon" for cid, _ in p.caves)


def income_step(state: State) -> State:
    """Automatic: one seat's base income, or a decision when it is over the cap."""
    game, t, d = state.game, tables(), state.data
    seat = order_from(d.start, state.players)[d.turn]
    p = d.players[seat]
    owed = base_income(t, d, p)
    whole = state.options["short_pile"] == "whole"
    events: list[Event] = []
    if state.options["cap_timing"] == "after_fallback":  # ZM-905 (gap): option
        fallen = after_fallback(d, owed, whole)
        if fallen != owed:
            events.append(game.say("ZM-905", "income_fallen", p=seat + 1, **got_args(t, fallen)))
        owed = fallen
    total, cap = sum(owed), state.options["income_cap"]
    if total > cap:
        if has_dragon(t, p):
            events.append(game.say("ZM-250", "dragon", p=seat + 1, n=total))
        else:  # ZM-230 / ZM-240: the seat chooses which cards to take
            d = copy_mines(d, owed=tuple(owed), take_left=cap)
            events.append(game.say("ZM-240", "choose_income", p=seat + 1, n=total, cap=cap))
            return state.evolve(data=d, to_move=seat, phase="income_choice", events=tuple(events))
    dice = Dice(state.rng)
    got_all = [0, 0, 0, 0]
    for cart, n in enumerate(owed):
        if n:
            d, evs, got = draw_into(game, d, dice, seat, cart, n, whole)
            events.extend(evs)
            got_all = [a + b for a, b in zip(got_all, got, strict=True)]
    events.insert(0, game.say("ZM-190", "base_income", p=seat + 1, **got_args(t, got_all)))
    return _extra(game, state, d, dice, seat, events)


def _extra(game: MinesOfZavandor, state: State, d: Mines, dice: Dice, seat: int, events: list[Event]) -> State:
    """ZM-290: income from expansion cards outside the cap; then the scroll decision (ZM-300)."""
    t = tables()
    for cid, cubes in d.players[seat].caves:
        card = t.cards[cid] if cid >= 0 else None
        if card is not None and card.kind == "extra" and cubes > 0:
            n = card.track[cubes - 1]
            d, evs, got = draw_into(game, d, dice, seat, card.cart, n, state.options["short_pile"] == "whole")
            events.append(
                game.say("ZM-290", "extra_income", p=seat + 1, card=card.en, card_de=card.de, **got_args(t, got))
            )
            events.extend(evs)
    if any(cid >= 0 and t.cards[cid].kind == "scroll" for cid, _ in d.players[seat].caves):
        d = copy_mines(d, owed=(), take_left=0)
        return state.evolve(data=d, phase="income_extra", to_move=seat, rng=dice.state, events=tuple(events))
    return _next(game, state, d, dice, events)


def _next(game: MinesOfZavandor, state: State, d: Mines, dice: Dice, events: list[Event]) -> State:
    """The next seat's income, or phase 2 (trade) after the last seat (ZM-170)."""
    if d.turn + 1 < state.players:
        d = copy_mines(d, turn=d.turn + 1, owed=(), take_left=0)
        return state.evolve(data=d, phase="income_base", to_move=None, rng=dice.state, events=tuple(events))
    d = copy_mines(d, turn=0, offers=0, owed=(), take_left=0)
    events.append(game.say("ZM-170", "phase_trade"))
    return state.evolve(data=d, phase="trade", to_move=d.start, rng=dice.state, events=tuple(events))


def play_income(state: State, action: Action) -> State:
    """ZM-240: one chosen card of base income; the next decision or the extra income follows."""
    game, t, d, seat = state.game, tables(), state.data, state.to_move
    cart = t.carts.index(action.args[0])
    dice = Dice(state.rng)
    d, events, got = draw_into(game, d, dice, seat, cart, 1, state.options["short_pile"] == "whole")
    events.insert(0, game.say("ZM-240", "take_income", p=seat + 1, **got_args(t, got)))
    owed = list(d.owed)
    owed[cart] -= 1
    d = copy_mines(d, owed=tuple(owed), take_left=d.take_left - 1)
    if d.take_left and sum(owed):
        return state.evolve(data=d, rng=dice.state, events=tuple(events))
    return _extra(game, state, d, dice, seat, events)


def _scroll_slot(t: Tables, p: Player) -> int:
    return next(i for i, (cid, _) in enumerate(p.caves) if cid >= 0 and t.cards[cid].kind == "scroll")


def play_scroll(state: State, action: Action) -> State:
    """ZM-300 / ZM-906: cash the spell scroll now or keep it for a later round."""
    game, t, d, seat = state.game, tables(), state.data, state.to_move
    dice = Dice(state.rng)
    if action.kind == "keep":
        return _next(game, state, d, dice, [game.say("ZM-906", "keep_scroll", p=seat + 1)])
    p = d.players[seat]
    slot = _scroll_slot(t, p)
    cid, cubes = p.caves[slot]
    card = t.cards[cid]
    whole = state.options["short_pile"] == "whole"
    d, events, got = draw_into(game, d, dice, seat, t.carts.index(action.args[0]), card.track[cubes - 1], whole)
    events.insert(0, game.say("ZM-300", "scroll", p=seat + 1, card=card.en, card_de=card.de, **got_args(t, got)))
    # ZM-310: the scroll leaves the game, its cave space is free, its cubes go back (ZM-910)
    p = d.players[seat]
    caves = list(p.caves)
    caves[slot] = FREE
    d = copy_mines(
        d, players=set_player(d, seat, copy_player(p, caves=tuple(caves))), used=d.used + (cid,), cubes=d.cubes + cubes
    )
    events.append(game.say("ZM-310", "scroll_gone", p=seat + 1, card=card.en, card_de=card.de))
    return _next(game, state, d, dice, events)
