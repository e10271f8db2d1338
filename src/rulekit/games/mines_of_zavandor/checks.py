"""The decisions of each phase: the checks that the legal lists and the refusals share.

Each decision phase is an engine ``Decisions`` (``rulekit.engine.decisions``):
its kinds of action in legal-list order, each with its labels (the action
space of ``words.action_labels``), the refusal of arguments outside them, an
"open at this step?" stage and a check of the value. A stage or check returns
``None`` or a ``No`` naming the rule that forbids the decision and the message
key that says why; ``legal`` and ``why_not`` run the same checks.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from rulekit.engine import State
from rulekit.engine.decisions import Decisions, Kind, No, Refusals

from .auction import coins_left, reward_options
from .tables import NKINDS, kind_of, tables
from .trade import cart_count, kind_label, offer_problem, partners
from .upgrade import OBJ_CLAN, upgrade_problem

__all__ = ["No", "Kind", "Decisions", "DECISIONS", "KINDS", "REFUSALS"]


def _key(state: State) -> tuple[int, int]:
    """The label tables depend on the player count and the cave spaces only."""
    return (state.players, int(state.options["cave_spaces"]))


# -- label spaces (the same as words.action_labels, by kind) ---------------------------------


def _none(state: State) -> Iterable[tuple[tuple, Any]]:
    return [((), None)]


def _carts(state: State) -> Iterable[tuple[tuple, Any]]:
    return [((name,), i) for i, name in enumerate(tables().carts)]


def _colours(state: State) -> Iterable[tuple[tuple, Any]]:
    return [((name,), i) for i, name in enumerate(tables().colours)]


def _gems(state: State) -> Iterable[tuple[tuple, Any]]:
    """Gem cards as "colour cart", by kind index (cart-major, as the hand counts them)."""
    t = tables()
    return [(kind_label(t, k), k) for k in range(NKINDS)]


def _seats(state: State) -> Iterable[tuple[tuple, Any]]:
    return [((seat,), seat) for seat in range(state.players)]


def _slots(state: State) -> Iterable[tuple[tuple, Any]]:
    return [((i,), i) for i in range(_key(state)[1])]


def _objects(state: State) -> Iterable[tuple[tuple, Any]]:
    return [(("clan",), OBJ_CLAN), *_slots(state)]


def _rewards(state: State) -> Iterable[tuple[tuple, Any]]:
    return [((name,), name) for name in tables().rewards]


def _king(state: State) -> Iterable[tuple[tuple, Any]]:
    return [(("advance",), "advance"), (("stay",), "stay")]


# -- phase 1: income (ZM-240, ZM-300, ZM-906) ---------------------------------------------------


def take_ok(state: State, cart: int) -> No | None:
    """ZM-240: a chosen base-income card comes from a cart type still owed."""
    return None if state.data.owed[cart] else No("ZM-240", "take_not_owed")


def scroll_cart_ok(state: State, cart: int) -> No | None:
    """ZM-300: the spell scroll pays cards of one of the cart types printed on it."""
    t, p = tables(), state.data.players[state.to_move]
    cid = next(cid for cid, _ in p.caves if cid >= 0 and t.cards[cid].kind == "scroll")
    return None if cart in t.cards[cid].carts else No("ZM-300", "scroll_cart")


def keep_ok(state: State, _: object = None) -> No | None:
    """ZM-906 (option ``scroll_timing``): a scroll may wait for a later income phase only with ``any_income``."""
    return None if state.options["scroll_timing"] == "any_income" else No("ZM-906", "keep_not_allowed")


# -- phase 2: trade (ZM-320 .. ZM-360, ZM-907) --------------------------------------------------


def bank_ok(state: State, _: object = None) -> No | None:
    """ZM-320 / ZM-330: a bank trade needs two cards of one cart type."""
    hand = state.data.players[state.to_move].hand
    return None if any(cart_count(hand, c) >= 2 for c in range(4)) else No("ZM-330", "bank_two")


def _offers_left(state: State, counted: bool) -> No | None:
    limit = state.options["offer_limit"]
    if limit and state.data.offers - counted >= limit:
        return No("ZM-350", "offers_used", {"n": limit})
    return None


def offer_ok(state: State, _: object = None) -> No | None:
    """ZM-350 (option ``offer_limit``): an offer needs a partner with cards and an offer left this turn."""
    return _offers_left(state, False) or (None if partners(state) else No("ZM-350", "offer_whom"))


def bank_cart_open(state: State) -> No | None:
    """ZM-320: the cart type is the first step of a bank trade."""
    return No("ZM-320", "bank_cart_chosen") if state.data.bank else None


def bank_cart_ok(state: State, cart: int) -> No | None:
    """ZM-330: two cards of the chosen cart type must be in hand."""
    return None if cart_count(state.data.players[state.to_move].hand, cart) >= 2 else No("ZM-330", "bank_two")


def bank_give_open(state: State) -> No | None:
    """ZM-320: after the cart type, two cards are handed in one by one."""
    bank = state.data.bank
    if not bank:
        return No("ZM-320", "bank_cart_first")
    return No("ZM-320", "bank_given") if len(bank) > 2 else None


def bank_give_ok(state: State, colour: int) -> No | None:
    """ZM-330: a handed-in card is of the chosen cart type and held (counting the one already given)."""
    d = state.data
    cart, given = d.bank[0], d.bank[1:]
    held = d.players[state.to_move].hand[kind_of(cart, colour)]
    return None if held > given.count(colour) else No("ZM-330", "bank_same_cart")


def bank_want_open(state: State) -> No | None:
    """ZM-320 / ZM-340: the wanted gem is named after the two cards; any gem may be named (ZM-907)."""
    return None if len(state.data.bank) == 3 else No("ZM-320", "want_first_two")


def offer_to_open(state: State) -> No | None:
    """ZM-350: the other seat is the first step of an offer."""
    return No("ZM-350", "offer_partner_chosen") if state.data.partner >= 0 else None


def offer_to_ok(state: State, seat: int) -> No | None:
    """ZM-350: an offer goes to another seat that holds cards (and an offer is left: ``offer_limit``)."""
    return _offers_left(state, True) or (None if seat in partners(state, True) else No("ZM-350", "offer_whom"))


def offer_give_open(state: State) -> No | None:
    """ZM-350: after the partner, the cards to give, then (after ``next``) the cards to ask for."""
    d = state.data
    if d.partner < 0:
        return No("ZM-350", "offer_partner_first")
    return No("ZM-350", "offer_order") if d.step == "ask" else None


def offer_give_ok(state: State, k: int) -> No | None:
    """ZM-350: only cards held can be offered."""
    d = state.data
    return None if d.players[state.to_move].hand[k] > d.give[k] else No("ZM-350", "give_not_held")


def offer_next_ok(state: State, _: object = None) -> No | None:
    """ZM-350: an offer gives at least one card."""
    return None if sum(state.data.give) else No("ZM-350", "propose_empty")


def offer_ask_open(state: State) -> No | None:
    """ZM-350: the cards asked for come after the cards given."""
    d = state.data
    if d.partner < 0:
        return No("ZM-350", "offer_partner_first")
    return None if d.step == "ask" else No("ZM-350", "offer_order")


def offer_ask_ok(state: State, k: int) -> No | None:
    """ZM-350: the partner's card backs are public (ZM-020): ask only for what its cart counts allow."""
    d = state.data
    cart = k >> 2
    room = cart_count(d.players[d.partner].hand, cart) - cart_count(d.ask, cart)
    return None if room > 0 else No("ZM-350", "ask_too_many")


def propose_ok(state: State, _: object = None) -> No | None:
    """ZM-350: cards on both sides, a change, not the same offer twice a round (``trade.offer_problem``)."""
    problem = offer_problem(state.data, state.to_move)
    return None if problem is None else No("ZM-350", problem)


def accept_ok(state: State, _: object = None) -> No | None:
    """ZM-350: the other seat accepts only when it holds the cards asked for."""
    d = state.data
    hand = d.players[state.to_move].hand
    return None if all(h >= a for h, a in zip(hand, d.ask, strict=True)) else No("ZM-350", "accept_not_held")


# -- phase 3: auctions (ZM-380 .. ZM-530) ------------------------------------------------------------


def bid_ok(state: State, colour: int) -> No | None:
    """ZM-390: a bid card of a colour must be in hand (any cart type, ZM-400)."""
    hand = state.data.players[state.to_move].hand
    return (
        None if hand[colour] + hand[4 + colour] + hand[8 + colour] + hand[12 + colour] else No("ZM-390", "bid_not_held")
    )


def _step_is(step: str, rule: str, key: str = "not_now") -> Callable[[State], No | None]:
    def open_(state: State) -> No | None:
        return None if state.data.step == step else No(rule, key)

    open_.__doc__ = f"{rule}: this decision belongs to the auction step {step!r}."
    return open_


def reward_ok(state: State, name: str) -> No | None:
    """ZM-450 .. ZM-470 with ZM-530: the reward fits the winning bid's tier; a reward with the
    expansion card can be carried out only with a card on display (ZM-913: a stack ran out)."""
    t, d = tables(), state.data
    allowed = reward_options(t, d, t.order[d.colour], d.size, state.options)
    if name in allowed:
        return None
    if name in reward_options(t, d, t.order[d.colour], d.size, state.options, card_shown=True):
        return No("ZM-913", "reward_no_card", {"allowed": ", ".join(allowed)})
    rule = "ZM-470" if t.rewards[name][2] == 3 else "ZM-460"
    return No(rule, "reward_tier", {"n": d.size, "allowed": ", ".join(allowed)})


def remove_ok(state: State, slot: int) -> No | None:
    """ZM-510: the card removed from a full board is one of the winner's cards."""
    caves = state.data.players[state.to_move].caves
    return None if slot < len(caves) and caves[slot][0] >= 0 else No("ZM-510", "remove_empty")


# -- phase 4 and the end: upgrades, final exchange (ZM-540 .. ZM-640) --------------------------


_UPGRADE_KEYS = {
    "ZM-520": "bid_cards_locked",
    "ZM-540": "no_object",
    "ZM-550": "upgraded_twice",
    "ZM-590": "track_full",
    "ZM-910": "no_cubes",
    "ZM-560": "cannot_pay",
    "ZM-570": "cannot_pay_king",
}


def upgrade_ok(state: State, obj: int) -> No | None:
    """ZM-540 .. ZM-590, ZM-910: ``upgrade.upgrade_problem`` with its message."""
    rule = upgrade_problem(tables(), state.data, state.to_move, obj)
    return None if rule is None else No(rule, _UPGRADE_KEYS[rule])


def exchange_ok(state: State, _: object = None) -> No | None:
    """ZM-640: three gem cards for one point."""
    t, hand = tables(), state.data.players[state.to_move].hand
    if sum(hand) < t.setup["final_rate"]:
        return No("ZM-640", "exchange_three")
    if state.options["coin_supply"] == "limited" and coins_left(t, state.data) <= 0:
        return No("ZM-910", "no_coins")  # ZM-910 (gap, option coin_supply): the box's coins are all taken
    return None


def discard_ok(state: State, k: int) -> No | None:
    """ZM-913 (option ``hand_limit``): a seat over the limit discards a gem card it holds."""
    return None if state.data.players[state.to_move].hand[k] else No("ZM-913", "discard_not_held")


def _phase(*kinds: Kind) -> Decisions:
    return Decisions(*kinds, key=_key)


_DONE = Kind("done", _none, No("ZM-170", "not_now"))
_CANCEL = Kind("cancel", _none, No("ZM-350", "not_now"))

#: phase id -> its decisions (the flow table's ``legal`` hooks and ``REFUSALS.why_not`` read these)
DECISIONS: dict[str, Decisions] = {
    "income_choice": _phase(Kind("take", _carts, No("ZM-240", "take_not_owed"), check=take_ok)),
    "income_extra": _phase(
        Kind("scroll", _carts, No("ZM-300", "scroll_cart"), check=scroll_cart_ok),
        Kind("keep", _none, No("ZM-906", "keep_not_allowed"), check=keep_ok),
    ),
    "trade": _phase(
        Kind("bank", _none, No("ZM-330", "bank_two"), check=bank_ok, rules=("ZM-320",)),
        Kind("offer", _none, No("ZM-350", "offer_whom"), check=offer_ok, rules=("ZM-350",)),
        _DONE,
    ),
    "trade_bank": _phase(
        Kind("cart", _carts, No("ZM-330", "bank_two"), bank_cart_open, bank_cart_ok, ("ZM-320",)),
        Kind("give", _colours, No("ZM-330", "bank_same_cart"), bank_give_open, bank_give_ok, ("ZM-320",)),
        Kind("want", _colours, No("ZM-320", "want_first_two"), bank_want_open),
        _CANCEL,
    ),
    "trade_offer": _phase(
        Kind("to", _seats, No("ZM-350", "offer_whom"), offer_to_open, offer_to_ok),
        Kind("give", _gems, No("ZM-360", "gems_only"), offer_give_open, offer_give_ok, ("ZM-350",)),
        Kind("next", _none, No("ZM-350", "propose_empty"), offer_give_open, offer_next_ok),
        Kind("ask", _gems, No("ZM-360", "gems_only"), offer_ask_open, offer_ask_ok, ("ZM-350",)),
        Kind("propose", _none, No("ZM-350", "propose_empty"), offer_ask_open, propose_ok),
        _CANCEL,
    ),
    "trade_answer": _phase(
        Kind("accept", _none, No("ZM-350", "accept_not_held"), check=accept_ok),
        Kind("decline", _none, No("ZM-350", "not_now")),
    ),
    "auction_bidding": _phase(
        Kind("bid", _colours, No("ZM-390", "bid_gem_only"), check=bid_ok),
        Kind("seal", _none, No("ZM-380", "not_now")),
    ),
    "auction_resolve": _phase(
        Kind(
            "reward",
            _rewards,
            No("ZM-530", "not_now"),
            _step_is("reward", "ZM-530"),
            reward_ok,
            ("ZM-460", "ZM-470", "ZM-913"),
        ),
        Kind(
            "remove", _slots, No("ZM-510", "remove_empty"), _step_is("remove", "ZM-510", "remove_not_full"), remove_ok
        ),
        Kind("king", _king, No("ZM-490", "not_now"), _step_is("king", "ZM-490")),
    ),
    "upgrade": _phase(
        Kind("upgrade", _objects, No("ZM-540", "no_object"), check=upgrade_ok, rules=tuple(_UPGRADE_KEYS)), _DONE
    ),
    "hand_limit": _phase(Kind("discard", _gems, No("ZM-913", "discard_not_held"), check=discard_ok)),
    "final_gem_exchange": _phase(
        Kind("exchange", _none, No("ZM-640", "exchange_three"), check=exchange_ok, rules=("ZM-910",)), _DONE
    ),
}

#: action kind -> the rule that governs it (the phases that use it are those of ``DECISIONS`` naming it)
KINDS: dict[str, str] = {
    "take": "ZM-240",
    "scroll": "ZM-300",
    "keep": "ZM-906",
    "bank": "ZM-320",
    "cart": "ZM-330",
    "offer": "ZM-350",
    "to": "ZM-350",
    "give": "ZM-350",
    "want": "ZM-340",
    "ask": "ZM-350",
    "propose": "ZM-350",
    "next": "ZM-350",
    "cancel": "ZM-350",
    "accept": "ZM-350",
    "decline": "ZM-350",
    "bid": "ZM-380",
    "seal": "ZM-380",
    "reward": "ZM-530",
    "remove": "ZM-510",
    "king": "ZM-490",
    "upgrade": "ZM-540",
    "exchange": "ZM-640",
    "done": "ZM-170",
    "discard": "ZM-913",
}

#: the game's ``why_not``: every decision phase's refusals come from the checks above
REFUSALS = Refusals(DECISIONS, KINDS)
