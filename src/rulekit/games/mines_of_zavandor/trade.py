"""Phase 2, trade (ZM-320 .. ZM-360, ZM-907).

The seed lets players trade freely ("beliebig", ZM-350): any number of bank
trades and offers. rulekit plays it in turns: each seat, clockwise from the
start player, gets one trading turn (rulekit's way to play free trading in turns) in
which it may trade with the bank at 2:1 (choose a cart type, hand in two
cards one by one, name the wanted gem) and make any number of offers to
other seats (choose a seat, add cards to give and to ask, propose; the other
seat accepts or declines, also after its own turn). "done" ends the turn for
the round. Trading always ends: a bank trade leaves one card fewer, and an
offer must change something and is made once per round (``offer_problem``).
The option ``offer_limit`` brings back the old limit of one offer per turn.
Only gem cards can be traded (ZM-360): nothing else is even an action.
ZM-907 (gap): where the cards turned over in a bank search go and what an
absent gem costs are the options ``bank_turned`` and ``bank_absent``; bank
trades are unlimited (facts M4-M6: "at any time").
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulekit.engine import Action, Event, State

from .income import cart_args
from .model import Mines, add, copy_mines, copy_player, order_from, set_player
from .tables import NKINDS, Tables, kind_of, tables

if TYPE_CHECKING:
    from .rules import MinesOfZavandor

__all__ = [
    "play_menu",
    "play_bank",
    "play_offer",
    "play_answer",
    "offer_problem",
    "partners",
    "cart_count",
    "kind_label",
    "kind_args",
]

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


def offer_problem(d: Mines, seat: int) -> str | None:
    """Why the offer being built cannot be made (a message key), or None.

    ZM-350: an offer names cards on both sides. rulekit's choices keep trading
    finite (issue 17): a trade must change something (not the same cards both
    ways), and the same offer to the same player is made once per round.
    """
    if not sum(d.give) or not sum(d.ask):
        return "propose_empty"
    if d.give == d.ask:
        return "offer_no_change"
    if (seat, d.partner, d.give, d.ask) in d.made:
        return "offer_repeated"
    return None


def partners(state: State, counted: bool = False) -> list[int]:
    """Seats the seat to move may make an offer to (option ``offer_limit``: offers per trading turn, 0 = any)."""
    d, seat = state.data, state.to_move
    limit = state.options["offer_limit"]
    if (limit and d.offers - counted >= limit) or not sum(d.players[seat].hand):
        return []
    return [o for o in range(state.players) if o != seat and sum(d.players[o].hand)]


def play_menu(state: State, action: Action) -> State:
    """Start a bank trade or an offer, or end this seat's trading (it is then done for the round)."""
    d = state.data
    if action.kind == "done":
        return _end_turn(state)
    if action.kind == "bank":
        return state.evolve(data=copy_mines(d, bank=()), phase="trade_bank")
    d = copy_mines(d, partner=-1, give=ZERO, ask=ZERO, offers=d.offers + 1, step="")
    return state.evolve(data=d, phase="trade_offer")


def play_bank(state: State, action: Action) -> State:
    """ZM-320: one step of a bank trade (cart type, a card handed in, the wanted gem) or calling it off."""
    game, t, d, seat, kind = state.game, tables(), state.data, state.to_move, action.kind
    if kind == "cancel":
        return _cancel(state, "ZM-320")
    if kind == "cart":
        cart = t.carts.index(action.args[0])
        ev = game.say("ZM-320", "bank_start", p=seat + 1, **cart_args(t, cart))
        return state.evolve(data=copy_mines(d, bank=(cart,)), events=(ev,))
    if kind == "give":
        return state.evolve(data=copy_mines(d, bank=d.bank + (t.colours.index(action.args[0]),)))
    return _bank_done(game, state, t.colours.index(action.args[0]))


def play_offer(state: State, action: Action) -> State:
    """ZM-350: one step of building an offer (partner, a card to give or ask for) or proposing it."""
    game, t, d, seat, kind = state.game, tables(), state.data, state.to_move, action.kind
    if kind == "cancel":
        return _cancel(state, "ZM-350")
    if kind == "to":
        d = copy_mines(d, partner=action.args[0])
        return state.evolve(data=d, events=(game.say("ZM-350", "offer_start", p=seat + 1, q=action.args[0] + 1),))
    if kind == "next":
        return state.evolve(data=copy_mines(d, step="ask"))
    if kind in ("give", "ask"):
        k = kind_of(t.carts.index(action.args[1]), t.colours.index(action.args[0]))
        if kind == "give":
            return state.evolve(data=copy_mines(d, give=add(d.give, k)))
        return state.evolve(data=copy_mines(d, ask=add(d.ask, k)))
    ev = game.say(
        "ZM-350", "offer", p=seat + 1, q=d.partner + 1, **kind_args(t, d.give, "give"), **kind_args(t, d.ask, "ask")
    )
    d = copy_mines(d, made=d.made + ((seat, d.partner, d.give, d.ask),))
    return state.evolve(data=d, phase="trade_answer", to_move=d.partner, events=(ev,))


def play_answer(state: State, action: Action) -> State:
    """ZM-350: the other seat accepts or declines the offer."""
    return _answer(state.game, state, action.kind == "accept")


def _cancel(state: State, rule: str) -> State:
    """Call off a bank trade (ZM-320) or an offer (ZM-350) before it is done; nothing changed hands."""
    d = copy_mines(state.data, bank=(), partner=-1, give=(), ask=(), step="")
    ev = state.game.say(rule, "trade_cancel", p=state.to_move + 1)
    return state.evolve(data=d, phase="trade", events=(ev,))


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
    under = state.options["bank_turned"] == "under"
    if discard[want]:
        discard[want] -= 1
        events: list[Event] = [game.say("ZM-340", "bank_discard", p=seat + 1, **_gem(t, want), **cart_args(t, cart))]
    else:  # turn over cards until the gem shows (ZM-340); where they go is ZM-907 (gap, option bank_turned)
        turned: tuple[int, ...] = ()
        while pile and pile[-1] & 3 != want:
            turned += (pile[-1],)
            pile = pile[:-1]
        if under:  # each one under the pile as it is turned over: the last one turned lies at the bottom
            pile = turned[::-1] + pile
        else:
            for kind in turned:
                discard[kind & 3] += 1
        args = {**_gem(t, want), **cart_args(t, cart)}
        if not pile or pile[-1] & 3 != want:  # ZM-907 (gap, option bank_absent): the gem is in neither pile
            if state.options["bank_absent"] == "refund":
                for co in given:
                    hand[kind_of(cart, co)] += 1
                    discard[co] -= 1
            key = ("bank_absent" if state.options["bank_absent"] == "refund" else "bank_lost") + (
                "_under" if under else ""
            )
            events = [game.say("ZM-907", key, p=seat + 1, n=len(turned), **args)]
            want = -1
        else:
            pile = pile[:-1]
            key = "bank_draw_under" if under and turned else "bank_draw"
            events = [game.say("ZM-340" if key == "bank_draw" else "ZM-907", key, p=seat + 1, n=len(turned), **args)]
    if want >= 0:
        hand[kind_of(cart, want)] += 1
    p = copy_player(d.players[seat], hand=tuple(hand))
    d = copy_mines(
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
        ps[proposer], ps[partner] = copy_player(a, hand=ha), copy_player(b, hand=hb)
        d = copy_mines(d, players=tuple(ps))
        ev = game.say("ZM-350", "accept", p=partner + 1, q=proposer + 1)
    else:
        ev = game.say("ZM-350", "decline", p=partner + 1, q=proposer + 1)
    d = copy_mines(d, partner=-1, give=(), ask=(), step="")
    return state.evolve(data=d, phase="trade", to_move=proposer, events=(ev,))


def _end_turn(state: State) -> State:
    """The next seat's trading turn, or phase 3 (sealed bids) after the last one."""
    game, d = state.game, state.data
    order = order_from(d.start, state.players)
    if d.turn + 1 < state.players:
        d = copy_mines(d, turn=d.turn + 1, offers=0)
        return state.evolve(data=d, phase="trade", to_move=order[d.turn])
    d = copy_mines(d, turn=0, offers=0, made=())
    ev = game.say("ZM-370", "phase_auction")
    return state.evolve(data=d, phase="auction_bidding", to_move=order[0], events=(ev,))
