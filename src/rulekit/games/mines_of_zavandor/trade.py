"""Phase 2, trade (ZM-320 .. ZM-360, ZM-907).

Each seat, clockwise from the start player, gets one trading turn
(rulekit's choice, data/setup.toml). In it the seat may trade with the bank
at 2:1 (choose a cart type, hand in two cards one by one, name the wanted
gem) and make trade offers to other seats (choose a seat, add cards to give
and to ask, propose; the other seat accepts or declines). Only gem cards
can be traded (ZM-360): nothing else is even an action.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulekit.engine import Action, Event, State

from .income import cart_args
from .model import Mines, add, order_from, replace, set_player
from .tables import NKINDS, Tables, kind_of, tables

if TYPE_CHECKING:
    from .rules import MinesOfZavandor

__all__ = ["legal_trade", "play_trade", "cart_count", "kind_label", "kind_args"]

ZERO = (0,) * NKINDS


def cart_count(hand: tuple[int, ...], cart: int) -> int:
    """How many cards of one cart type (their backs are public: ZM-020)."""
    b = cart * 4
    return hand[b] + hand[b + 1] + hand[b + 2] + hand[b + 3]


def kind_label(t: Tables, k: int) -> tuple[str, str]:
    return t.colours[k & 3], t.carts[k >> 2]


def kind_args(t: Tables, counts: tuple[int, ...], key: str = "cards") -> dict[str, str]:
    """Message arguments listing mine cards in both languages ("2 red log cart")."""
    out = {}
    for lang, suffix in (("en", ""), ("de", "_de")):
        parts = [f"{n} {t.colour_name(k & 3, lang)} {t.cart_name(k >> 2, lang)}" for k, n in enumerate(counts) if n]
        out[key + suffix] = ", ".join(parts) or ("nothing" if lang == "en" else "nichts")
    return out


def legal_trade(state: State) -> list[Action]:
    """The choices of the trading phase and its sub-steps."""
    t, d, seat = tables(), state.data, state.to_move
    hand = d.players[seat].hand
    if state.phase == "trade":
        out = [Action("bank")] if any(cart_count(hand, c) >= 2 for c in range(4)) else []
        if _partners(state):
            out.append(Action("offer"))
        return [*out, Action("done")]
    if state.phase == "trade_bank":
        if not d.bank:  # first choose the cart type
            return [*(Action("cart", (t.carts[c],)) for c in range(4) if cart_count(hand, c) >= 2), Action("cancel")]
        cart, given = d.bank[0], d.bank[1:]
        if len(given) < 2:
            out = [Action("give", (t.colours[co],)) for co in range(4) if hand[kind_of(cart, co)] > given.count(co)]
        else:
            out = [Action("want", (t.colours[co],)) for co in range(4) if _available(d, cart, co, given)]
        return [*out, Action("cancel")]
    if state.phase == "trade_offer":
        if d.partner < 0:  # first choose the other seat
            return [*(Action("to", (o,)) for o in _partners(state, counted=True)), Action("cancel")]
        if d.step != "ask":  # first the cards to give, then the cards to ask for
            out = [Action("give", kind_label(t, k)) for k in range(NKINDS) if hand[k] > d.give[k]]
            return [*out, *([Action("next")] if sum(d.give) else []), Action("cancel")]
        other = d.players[d.partner].hand
        out = [
            Action("ask", kind_label(t, k))
            for k in range(NKINDS)
            if cart_count(other, k >> 2) > cart_count(d.ask, k >> 2)
        ]
        return [*out, *([Action("propose")] if sum(d.ask) else []), Action("cancel")]
    # trade_answer: the partner sees the offer and can accept only what it holds
    out = [Action("accept")] if all(h >= a for h, a in zip(hand, d.ask, strict=True)) else []
    return [*out, Action("decline")]


def _partners(state: State, counted: bool = False) -> list[int]:
    """Seats the seat to move may still make an offer to (one offer per turn: rulekit's choice)."""
    d, seat = state.data, state.to_move
    if d.offers - counted >= tables().choice["offers_per_turn"] or not sum(d.players[seat].hand):
        return []
    return [o for o in range(state.players) if o != seat and sum(d.players[o].hand)]


def _available(d: Mines, cart: int, colour: int, given: tuple[int, ...]) -> bool:
    """ZM-907 (rulekit's choice): a gem can be wanted only if its cart type's piles hold one."""
    return d.discard[cart][colour] + given.count(colour) > 0 or kind_of(cart, colour) in d.draw[cart]


def play_trade(game: MinesOfZavandor, state: State, action: Action) -> State:
    t, d, seat, kind = tables(), state.data, state.to_move, action.kind
    if kind == "done":
        return _end_turn(game, state)
    if kind == "bank":
        return state.evolve(data=replace(d, bank=()), phase="trade_bank")
    if kind == "cart":
        cart = t.carts.index(action.args[0])
        ev = game.say("ZM-320", "bank_start", p=seat + 1, **cart_args(t, cart))
        return state.evolve(data=replace(d, bank=(cart,)), events=(ev,))
    if kind == "offer":
        return state.evolve(data=replace(d, partner=-1, give=ZERO, ask=ZERO, offers=d.offers + 1), phase="trade_offer")
    if kind == "to":
        d = replace(d, partner=action.args[0])
        return state.evolve(data=d, events=(game.say("ZM-350", "offer_start", p=seat + 1, q=action.args[0] + 1),))
    if kind == "next":
        return state.evolve(data=replace(d, step="ask"))
    if kind == "cancel":
        d = replace(d, bank=(), partner=-1, give=(), ask=(), step="")
        return state.evolve(data=d, phase="trade", events=(game.say("ZM-350", "trade_cancel", p=seat + 1),))
    if state.phase == "trade_bank":
        if kind == "give":
            return state.evolve(data=replace(d, bank=d.bank + (t.colours.index(action.args[0]),)))
        return _bank_done(game, state, t.colours.index(action.args[0]))
    if kind in ("give", "ask"):
        k = kind_of(t.carts.index(action.args[1]), t.colours.index(action.args[0]))
        if kind == "give":
            return state.evolve(data=replace(d, give=add(d.give, k)))
        return state.evolve(data=replace(d, ask=add(d.ask, k)))
    if kind == "propose":
        ev = game.say(
            "ZM-350", "offer", p=seat + 1, q=d.partner + 1, **kind_args(t, d.give, "give"), **kind_args(t, d.ask, "ask")
        )
        return state.evolve(data=d, phase="trade_answer", to_move=d.partner, events=(ev,))
    return _answer(game, state, kind == "accept")


def _bank_done(game: MinesOfZavandor, state: State, want: int) -> State:
    """ZM-320 / ZM-340: hand in two cards, take the wanted gem from the discard or the draw pile."""
    t, d, seat = tables(), state.data, state.to_move
    cart, given = d.bank[0], d.bank[1:]
    hand = list(d.players[seat].hand)
    discard = list(d.discard[cart])
    for co in given:
        hand[kind_of(cart, co)] -= 1
        discard[co] += 1
    pile = d.draw[cart]
    turned = 0
    if discard[want]:
        discard[want] -= 1
        events: list[Event] = [game.say("ZM-340", "bank_discard", p=seat + 1, **_gem(t, want), **cart_args(t, cart))]
    else:  # turn over cards until the gem shows; the others go to the discard (ZM-907, rulekit's choice)
        while pile[-1] & 3 != want:
            discard[pile[-1] & 3] += 1
            pile = pile[:-1]
            turned += 1
        pile = pile[:-1]
        events = [game.say("ZM-340", "bank_draw", p=seat + 1, n=turned, **_gem(t, want), **cart_args(t, cart))]
    hand[kind_of(cart, want)] += 1
    p = replace(d.players[seat], hand=tuple(hand))
    d = replace(
        d,
        players=set_player(d, seat, p),
        discard=tuple(tuple(discard) if c == cart else d.discard[c] for c in range(4)),
        draw=tuple(pile if c == cart else d.draw[c] for c in range(4)),
        bank=(),
    )
    return state.evolve(data=d, phase="trade", events=tuple(events))


def _gem(t: Tables, colour: int) -> dict[str, str]:
    return {"gem": t.colour_name(colour, "en"), "gem_de": t.colour_name(colour, "de")}


def _answer(game: MinesOfZavandor, state: State, accept: bool) -> State:
    """ZM-350: the partner accepts (cards change hands) or declines; the proposer goes on."""
    d, partner = state.data, state.to_move
    proposer = order_from(d.start, state.players)[d.turn]
    if accept:
        a, b = d.players[proposer], d.players[partner]
        ha = tuple(x - g + k for x, g, k in zip(a.hand, d.give, d.ask, strict=True))
        hb = tuple(x + g - k for x, g, k in zip(b.hand, d.give, d.ask, strict=True))
        ps = list(d.players)
        ps[proposer], ps[partner] = replace(a, hand=ha), replace(b, hand=hb)
        d = replace(d, players=tuple(ps))
        ev = game.say("ZM-350", "accept", p=partner + 1, q=proposer + 1)
    else:
        ev = game.say("ZM-350", "decline", p=partner + 1, q=proposer + 1)
    d = replace(d, partner=-1, give=(), ask=(), step="")
    return state.evolve(data=d, phase="trade", to_move=proposer, events=(ev,))


def _end_turn(game: MinesOfZavandor, state: State) -> State:
    """The next seat's trading turn, or phase 3 (sealed bids) after the last one."""
    d = state.data
    order = order_from(d.start, state.players)
    if d.turn + 1 < state.players:
        d = replace(d, turn=d.turn + 1, offers=0)
        return state.evolve(data=d, phase="trade", to_move=order[d.turn])
    d = replace(d, turn=0, offers=0)
    ev = game.say("ZM-370", "phase_auction")
    return state.evolve(data=d, phase="auction_bidding", to_move=order[0], events=(ev,))
