"""Open auctions of artifacts and sentinels (ZS-400..ZS-470, gaps ZS-913..ZS-915).

The player whose turn it is opens an auction with a bid of at least the
printed price. Then bidding goes round in turn order, one bid or pass per
decision, until one bid remains. The winner pays bid + surcharges -
discounts (at least 0), card by card, and may sell gems while paying.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine import Action, State
from ...engine.seats import next_seat
from .model import Auction, Pay, Table, copy_auction, copy_player, copy_table, item_price, owns_max, put
from .tables import GEMS, SEATS
from .turn import back_to_turn, finish_pay, gain_gem

if TYPE_CHECKING:
    from .rules import ScepterOfZavandor

__all__ = [
    "open_auction",
    "bid_play",
    "deliver",
    "next_loser",
    "unpaid",
    "item_kind",
    "printed",
    "bid_menu",
]


def item_kind(game: ScepterOfZavandor, item: str) -> str:
    return "sentinel" if item in game.cfg.sentinels else "artifact"


def printed(game: ScepterOfZavandor, kind: str, item: str) -> int:
    """The price printed on the card: the lowest opening bid (ZS-410)."""
    return game.cfg.sentinel_price if kind == "sentinel" else game.cfg.artifacts[item]["price"]


def bid_menu(game: ScepterOfZavandor, t: Table) -> list[int]:
    """The amounts offered (rulekit's choice, data/auction.toml): the printed price plus an opening
    step, or the high bid plus a raise step (ZS-913)."""
    cfg, auc = game.cfg, t.auction
    if auc.leader < 0:
        return [printed(game, auc.kind, auc.item) + x for x in cfg.open_steps]
    return [auc.high + x for x in cfg.raise_steps]


def open_auction(game: ScepterOfZavandor, s: State, seat: int, item: str) -> State:
    """ZS-400: the opener names the item; bidders are the others in turn order after him (ZS-914)."""
    t = s.data
    kind = item_kind(game, item)
    k = t.order.index(seat)
    rotated = t.order[k:] + t.order[:k]
    seats = tuple(i for i in rotated if not (kind == "artifact" and owns_max(game.cfg, t.p[i], item)))
    ev = [
        game.say(
            "ZS-400",
            "auction_open",
            player=SEATS[seat],
            item=game.item_name(item),
            price=printed(game, kind, item),
        )
    ]
    barred = [i for i in rotated if i not in seats]
    if barred:
        ev.append(game.say("ZS-440", "barred", players=", ".join(SEATS[i] for i in barred), item=game.item_name(item)))
    auc = Auction(kind, item, seat, seats, seat)
    return s.evolve(data=copy_table(t, auction=auc), phase="auction", to_move=seat, events=tuple(ev))


def _next(order: tuple[int, ...], auc: Auction, after: int) -> int:
    """ZS-420 / ZS-914: the next bidder clockwise in turn order after ``after``, skipping players
    who are out and the high bidder. The rotation goes on from ``after`` even when ``after``
    has just passed and left (engine ``next_seat``, never a restart from the opener)."""
    out = [k for k, seat in enumerate(order) if seat not in auc.seats or seat == auc.leader]
    k = next_seat(order.index(after), len(order), skip=out)
    return auc.leader if k is None else order[k]


def bid_play(game: ScepterOfZavandor, s: State, a: Action) -> State:
    """ZS-420: bid higher or pass; when one bid remains, the winner pays (ZS-430)."""
    t = s.data
    auc = t.auction
    seat = s.to_move
    who = SEATS[seat]
    final = s.options["pass_is_final"]
    if a.kind == "bid":
        auc = copy_auction(auc, high=a.args[0], leader=seat, passes=0)
        ev = game.say("ZS-410" if t.auction.leader < 0 else "ZS-420", "bid", player=who, amount=a.args[0])
    else:
        seats = tuple(i for i in auc.seats if i != seat) if final else auc.seats
        auc = copy_auction(auc, seats=seats, passes=auc.passes + 1)
        ev = game.say("ZS-914" if final else "ZS-420", "pass", player=who)
        if auc.leader < 0:  # the opener withdrew (only reachable if he cannot pay any opening bid)
            return back_to_turn(s, copy_table(t, auction=None), (ev,))
    others = len(auc.seats) - 1
    if (final and others == 0) or (not final and auc.passes >= others):
        return _won(game, s.evolve(data=copy_table(t, auction=auc)), ev)
    nxt = _next(t.order, auc, seat)
    auc = copy_auction(auc, turn=nxt)
    return s.evolve(data=copy_table(t, auction=auc), to_move=nxt, events=(ev,))


def _won(game: ScepterOfZavandor, s: State, ev) -> State:
    cfg, t = game.cfg, s.data
    auc = t.auction
    price = item_price(cfg, t, auc.leader, auc.kind, auc.item, auc.high, s.options)
    win = game.say("ZS-420", "won", player=SEATS[auc.leader], item=game.item_name(auc.item), bid=auc.high, price=price)
    pay = Pay(auc.leader, price, (auc.kind, auc.item), can_sell=True)
    t = copy_table(t, auction=None, pay=pay)
    s = s.evolve(data=t, phase="pay_auction", to_move=auc.leader)
    if price <= 0:
        return finish_pay(game, s, [ev, win])
    return s.evolve(events=(ev, win))


def deliver(game: ScepterOfZavandor, s: State, pay: Pay, ev: list) -> State:
    """ZS-470: the item goes to the winner; artifact effects apply at once (facts 1.7)."""
    cfg, t = game.cfg, s.data
    seat = pay.seat
    kind, item = pay.what
    p = t.p[seat]
    who = SEATS[seat]
    if kind == "sentinel":
        t = put(t, seat, copy_player(p, sents=p.sents + (item,)), sents=tuple(x for x in t.sents if x != item))
        ev.append(
            game.say("ZS-470", "sentinel_won", player=who, item=game.item_name(item), n=sum(len(q.sents) for q in t.p))
        )
        return back_to_turn(s, t, ev)
    offer = list(t.offer)
    offer.remove(item)
    t = put(t, seat, copy_player(p, arts=tuple(sorted(p.arts + (item,)))), offer=tuple(offer))
    ev.append(game.say("ZS-470", "artifact_won", player=who, item=game.item_name(item)))
    art = cfg.artifacts[item]
    if art.get("free_gem"):
        g = GEMS.index(art["free_gem"])
        if t.supply[g] > 0 or s.options["gem_supply"] == "unlimited":
            t = gain_gem(cfg, t, seat, g, s.options["new_gem"] == "active")
            ev.append(game.say("ZS-903", "free_gem", player=who, gem=game.gem_name(g)))
        else:  # no rule forbids the purchase then (facts 1.7): the part that cannot happen is said
            ev.append(game.say("ZS-910", "free_gem_none", player=who, gem=game.gem_name(g), item=game.item_name(item)))
    if art.get("free_steps"):
        p = t.p[seat]
        t = put(t, seat, copy_player(p, free_steps=p.free_steps + art["free_steps"]))
        ev.append(game.say("ZS-903", "free_steps", player=who, n=art["free_steps"]))
    if art.get("free_marker") and t.p[seat].markers:
        p = t.p[seat]
        t = put(t, seat, copy_player(p, markers=p.markers[:-1], prepaid=p.prepaid + 1))
        ev.append(game.say("ZS-903", "free_marker", player=who, price=p.markers[-1]))
    elif art.get("free_marker"):
        ev.append(game.say("ZS-370", "free_marker_none", player=who, item=game.item_name(item)))
    if art.get("others_lose_gem"):
        k = t.order.index(seat)
        losers = tuple(i for i in t.order[k + 1 :] + t.order[:k] if any(t.p[i].active))
        t = copy_table(t, losers=losers)
        return next_loser(game, s.evolve(data=t, events=tuple(ev)))
    return back_to_turn(s, t, ev)


def next_loser(game: ScepterOfZavandor, s: State) -> State:
    """The next player who must give up an active gem, or back to the turn."""
    t = s.data
    losers = t.losers
    while losers and not any(t.p[losers[0]].active):
        losers = losers[1:]
    t = copy_table(t, losers=losers)
    if losers:
        return s.evolve(data=t, phase="lose_gem", to_move=losers[0])
    return back_to_turn(s, t, s.events)


def unpaid(game: ScepterOfZavandor, s: State, pay: Pay, ev: list) -> State:
    """rulekit's choice for a bid that cannot be paid (unreachable while ZS-460 holds):
    the item stays on offer and what was handed over is lost."""
    ev.append(game.say("ZS-460", "unpaid", player=SEATS[pay.seat], due=pay.due, paid=pay.paid))
    return back_to_turn(s, s.data, ev)
