"""Phase 3 for the player whose turn it is: gems, knowledge, dust exchange, paying.

Every decision is one action. Buying something opens a payment: the
player hands over energy cards, concentrated energy or dust one item at a
time (or lets rulekit pick with ``pay auto``); change comes back in dust.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine import Action, State
from ...engine.records import changer
from ...engine.state import moved
from .energy import (
    auto_payment,
    give_dust,
    has_energy,
    item_label,
    item_value,
    parse_item,
    sell_gem,
    split_dust,
    take_items,
)
from .model import (
    Pay,
    Player,
    Table,
    capacity,
    copy_player,
    copy_table,
    gem_price,
    hand_count,
    hand_limit,
    hand_value,
    put,
    put_player,
    putter,
    with_active,
    with_dust,
    with_paid,
    with_pay,
)
from .tables import AREAS, GEMS, SAGES, SEATS

if TYPE_CHECKING:
    from .rules import ScepterOfZavandor

__all__ = [
    "hub_play",
    "pay_play",
    "discard_play",
    "lose_play",
    "learn_cost",
    "rubies_in_play",
    "exchange",
]


def rubies_in_play(t: Table) -> int:
    return sum(p.active[4] + p.stored[4] for p in t.p)


def learn_cost(cfg, p, a: int) -> int:
    """Cost of the next level of area ``a``; a new area also needs a stone (ZS-330, ZS-340).
    Asked only when a new area has a stone to use (``checks.learn`` passed its stone condition)."""
    level = p.know[a]
    cost = cfg.area_costs[a][level]
    if level == 0 and not p.prepaid:
        cost += p.markers[0]
    return cost


def exchange(cfg, t: Table, seat: int, token: int) -> Table:
    """ZS-190: small dust tokens into one 10-token, without loss."""
    p = t.p[seat]
    i = cfg.tokens.index(token)
    n = cfg.tokens[2] // token
    dust = list(p.dust)
    dust[i] -= n
    dust[2] += 1
    return put_player(t, seat, with_dust(p, tuple(dust)))


#: a gem moved between the spiral and the pentagon (ZS-310): exactly these fields change
_with_gems = changer(Player, "active", "stored")


def hub_play(game: ScepterOfZavandor, s: State, a: Action) -> State:
    cfg, t = game.cfg, s.data
    seat = s.to_move
    p = t.p[seat]
    who = SEATS[seat]
    kind = a.kind
    if kind == "end":
        ev = game.say("ZS-220", "end_turn", player=who)
        return moved(s, t, s.rng, "end_player_actions", None, (ev,), False)
    if kind == "exchange":
        t = exchange(cfg, t, seat, a.args[0])
        ev = game.say("ZS-190", "exchange", player=who, token=a.args[0])
        return moved(s, t, s.rng, s.phase, seat, (ev,), False)
    if kind == "enchant":
        g = GEMS.index(a.args[0])
        return _start_pay(
            game,
            s,
            Pay(seat, gem_price(cfg, p, g), ("gem", g)),
            "enchant_gems",
            game.say("ZS-230", "enchant_start", player=who, gem=game.gem_name(g), price=gem_price(cfg, p, g)),
        )
    if kind == "disenchant":
        g = GEMS.index(a.args[0])
        t, ev = sell_event(game, t, seat, g)
        return moved(s, t, s.rng, "disenchant_gems", None, ev, False)
    if kind in ("activate", "deactivate"):
        g = GEMS.index(a.args[0])
        d = 1 if kind == "activate" else -1
        active = p.active[:g] + (p.active[g] + d,) + p.active[g + 1 :]
        stored = p.stored[:g] + (p.stored[g] - d,) + p.stored[g + 1 :]
        t = put_player(t, seat, _with_gems(p, active, stored))
        ev = game.say("ZS-310", kind, player=who, gem=game.gem_name(g))
        return moved(s, t, s.rng, "toggle_active_gems", None, (ev,), False)
    if kind == "learn":
        ai = AREAS.index(a.args[0])
        cost = learn_cost(cfg, p, ai)
        rule = "ZS-330" if p.know[ai] else "ZS-340"
        return _start_pay(
            game,
            s,
            Pay(seat, cost, ("learn", ai)),
            "extend_knowledge",
            game.say(rule, "learn_start", player=who, area=game.area_name(ai), level=p.know[ai] + 1, price=cost),
        )
    if kind == "free_step":
        ai = AREAS.index(a.args[0])
        p = copy_player(p, free_steps=p.free_steps - 1)
        t, ev = raise_level(game, put(t, seat, p), seat, ai, free=True)
        return s.evolve(data=t, events=ev)  # no payment: the turn goes on (phases.toml: player_actions repeats)
    if kind == "buy_stone":
        return _start_pay(
            game,
            s,
            Pay(seat, p.markers[0], ("stone",)),
            "extend_knowledge",
            game.say("ZS-350", "stone_start", player=who, price=p.markers[0]),
        )
    if kind == "auction":
        return game.open_auction(s, seat, a.args[0])
    raise AssertionError(a)


def _start_pay(game, s: State, pay: Pay, phase: str, ev) -> State:
    s2 = moved(s, with_pay(s.data, pay), s.rng, phase, s.to_move, (ev,), False)
    if pay.due <= 0:
        return finish_pay(game, s2, [ev])
    return s2


def raise_level(
    game: ScepterOfZavandor, t: Table, seat: int, ai: int, free: bool = False, **changes
) -> tuple[Table, tuple]:
    """One knowledge level up (ZS-330..ZS-390): a new area takes a stone and may change the hand limit.
    Other table ``changes`` (a finished payment cleared) are folded into the table's one copy."""
    cfg = game.cfg
    p = t.p[seat]
    who = SEATS[seat]
    ev = []
    new = p.know[ai] == 0
    if new:
        before = hand_limit(cfg, p)
        p = copy_player(p, prepaid=p.prepaid - 1) if p.prepaid else copy_player(p, markers=p.markers[1:])
    know = p.know[:ai] + (p.know[ai] + 1,) + p.know[ai + 1 :]
    p = copy_player(p, know=know, stepped=p.stepped or not free)
    level = know[ai]
    if ai == SAGES and level <= len(cfg.sages_gem):
        p = copy_player(p, sages=p.sages + (cfg.sages_gem[level - 1],) * cfg.sages_cards)
    key = "free_step" if free else "learned"
    ev.append(game.say("ZS-360" if free else "ZS-320", key, player=who, area=game.area_name(ai), level=level))
    if new:
        after = hand_limit(cfg, p)
        ev.append(game.say("ZS-390", "hand_limit_change", player=who, before=before, after=after))
    if level == cfg.max_level:
        ev.append(game.say("ZS-380", "level4", player=who, area=game.area_name(ai), vp=cfg.level4_vp))
    return put(t, seat, p, **changes), tuple(ev)


# -- paying -------------------------------------------------------------------


def pay_play(game: ScepterOfZavandor, s: State, a: Action) -> State:
    """Hand over one item (or let rulekit choose); when the price is covered, finish (ZS-430)."""
    cfg, t = game.cfg, s.data
    pay = t.pay
    seat = pay.seat
    ev = []
    if a.kind == "sell":
        g = GEMS.index(a.args[0])
        t, ev = sell_event(game, t, seat, g)
        return moved(s, t, s.rng, s.phase, s.to_move, ev, False)
    if a.args[0] == "auto":
        need = pay.due - pay.paid
        if pay.can_sell and hand_value(cfg, t.p[seat]) < need:  # gems are sold only when the energy is short
            order = sorted(range(5), key=lambda g: (game.cfg.gem_vp[g], gem_price(cfg, t.p[seat], g)))
            for g in order * 11:
                if hand_value(cfg, t.p[seat]) >= need:
                    break
                pl = t.p[seat]
                if pl.stored[g] or pl.active[g]:
                    t, sold = sell_event(game, t, seat, g)
                    ev.extend(sold)
        items, label, value, handed = auto_payment(cfg, t.p[seat], need)  # kept with its label, value, hand after
    else:  # one item: its parse, label and value are made once per label (every payment step of a bot)
        item, label, value = _payment(cfg, a.args)
        items, handed = (item,), None
    paid = pay.paid + value
    # the items, the new sum paid and the payment in one copy of the table (the hot path of paying)
    t = take_items(cfg, t, seat, items, with_paid(pay, paid), handed)
    rule = "ZS-430" if s.phase == "pay_auction" else "ZS-020"
    ev.append(game.say(rule, "paid", player=SEATS[seat], items=label, paid=paid, due=pay.due))
    p = t.p[seat]
    if paid >= pay.due or not (has_energy(p) or (pay.can_sell and _has_gems(p))):
        return _finish(game, s, t, ev)
    return moved(s, t, s.rng, s.phase, s.to_move, tuple(ev), False)


_PAYMENTS: dict[tuple, tuple] = {}  # action arguments -> (concentrated values, item, label, value) (``_payment``)


def _payment(cfg, args: tuple) -> tuple[tuple, str, int]:
    """The energy item of a ``pay`` action's arguments, its label and its dust value (a few dozen in all;
    kept per arguments, a cheap key, for the concentrated values they were worked out with)."""
    made = _PAYMENTS.get(args)
    if made is None or made[0] is not cfg.concentrated:
        item = parse_item(args)
        made = _PAYMENTS[args] = (cfg.concentrated, item, item_label(item), item_value(cfg, item))
    return made[1:]


def sell_event(game: ScepterOfZavandor, t: Table, seat: int, g: int) -> tuple[Table, tuple]:
    """Disenchant one gem; the event states the dust that arrives and, apart, what no token can make."""
    t, value, lost = sell_gem(game.cfg, t, seat, g)
    who, gem = SEATS[seat], game.gem_name(g)
    if lost:
        return t, (
            game.say("ZS-290", "disenchant_lost", player=who, gem=gem, value=value, dust=value - lost, lost=lost),
        )
    return t, (game.say("ZS-290", "disenchant", player=who, gem=gem, dust=value),)


def _has_gems(p) -> bool:
    return any(p.active) or any(p.stored)


def finish_pay(game: ScepterOfZavandor, s: State, ev: list) -> State:
    """Change in dust (ZS-020), then the purchase takes effect."""
    return _finish(game, s, s.data, ev)


def _finish(game: ScepterOfZavandor, s: State, t: Table, ev: list) -> State:
    """``finish_pay`` on the table ``t`` (the state's data is not yet ``t``: one state copy less)."""
    cfg = game.cfg
    pay = t.pay
    seat = pay.seat
    if pay.paid < pay.due:
        return game.unpaid(s.evolve(data=copy_table(t, pay=None)), pay, ev)
    change = pay.paid - pay.due
    if change:
        t, more = give_change(game, s.options["change"], t, seat, change)
        ev.extend(more)
    kind = pay.what[0]
    if kind in ("artifact", "sentinel"):
        return game.deliver(s.evolve(data=copy_table(t, pay=None)), pay, ev)
    # a gem, a stone or a knowledge step: the payment is cleared in the same copy of the table that
    # gives the purchase (one table copy less on every purchase, the bots' most frequent step after paying)
    p = t.p[seat]
    who = SEATS[seat]
    if kind == "gem":
        g = pay.what[1]
        t = gain_gem(cfg, t, seat, g, s.options["new_gem"] == "active", paid=True)
        ev.append(game.say("ZS-230", "enchanted", player=who, gem=game.gem_name(g)))
    elif kind == "stone":
        t = put(t, seat, copy_player(p, markers=p.markers[1:], prepaid=p.prepaid + 1), pay=None)
        ev.append(game.say("ZS-350", "stone_bought", player=who, price=pay.due))
    else:
        t, more = raise_level(game, t, seat, pay.what[1], pay=None)
        ev.extend(more)
    return back_to_turn(s, t, ev)


def give_change(game: ScepterOfZavandor, rule: str, t: Table, seat: int, change: int) -> tuple[Table, tuple]:
    """ZS-020, option ``change``: overpaying gives change in dust; what no token can make is lost
    ("lose_odd"), rounded up to the smallest token by the bank ("round_up"), or no change ("none")."""
    cfg, who = game.cfg, SEATS[seat]
    if rule == "none":
        return t, (game.say("ZS-020", "no_change", player=who, dust=change),)
    if rule == "round_up":
        _, short = split_dust(cfg, change)
        if short:
            change += cfg.tokens[0] - short
            t, _ = give_dust(cfg, t, seat, change)
            return t, (game.say("ZS-020", "change_rounded", player=who, dust=change),)
    t, lost = give_dust(cfg, t, seat, change)
    if lost:
        return t, (game.say("ZS-020", "change_lost", player=who, dust=change - lost, lost=lost),)
    return t, (game.say("ZS-020", "change", player=who, dust=change),)


def back_to_turn(s: State, t: Table, ev) -> State:
    """A purchase is done: the player whose turn it is goes on with his actions (ZS-210)."""
    return moved(s, t, s.rng, "player_actions", t.order[t.cur], tuple(ev), False)


#: the table copies of a gem from the supply, with exactly their fields changed (``putter``)
_put_supply, _put_supply_pay = putter("supply"), putter("supply", "pay")


def gain_gem(cfg, t: Table, seat: int, g: int, active_first: bool = True, paid: bool = False) -> Table:
    """A gem from the supply: into a free active slot, else into the pentagon; always into the
    pentagon without ``active_first`` (option ``new_gem``, rulekit's choice for ZS-230). ``paid``:
    the gem's payment is cleared in the table's one copy."""
    p = t.p[seat]
    if active_first and sum(p.active) < capacity(cfg, p):
        p = with_active(p, p.active[:g] + (p.active[g] + 1,) + p.active[g + 1 :])
    else:
        p = copy_player(p, stored=p.stored[:g] + (p.stored[g] + 1,) + p.stored[g + 1 :])
    supply = t.supply[:g] + (t.supply[g] - 1,) + t.supply[g + 1 :]
    return _put_supply_pay(t, seat, p, supply, None) if paid else _put_supply(t, seat, p, supply)


# -- phase 4: hand limit --------------------------------------------------------


def discard_play(game: ScepterOfZavandor, s: State, a: Action) -> State:
    """ZS-490/510/916: discard one item (player's choice) or exchange dust to lower the count."""
    cfg, t = game.cfg, s.data
    seat = s.to_move
    who = SEATS[seat]
    if a.kind == "exchange":
        t = exchange(cfg, t, seat, a.args[0])
        ev = game.say("ZS-510", "exchange", player=who, token=a.args[0])
    else:  # the item and its label ("card sapphire 5": the arguments joined) made once per arguments
        item, label, _ = _payment(cfg, a.args)
        t = take_items(cfg, t, seat, (item,))
        ev = game.say("ZS-916", "discard", player=who, item=label)
    p = t.p[seat]
    if hand_count(cfg, p) <= hand_limit(cfg, p):
        return moved(s, copy_table(t, cur=t.cur + 1), s.rng, "next_over_hand_limit", None, (ev,), False)
    return moved(s, t, s.rng, s.phase, seat, (ev,), False)


# -- Magic Mirror / Shadow Cloak ----------------------------------------------------


def lose_play(game: ScepterOfZavandor, s: State, a: Action) -> State:
    """The player returns one active gem of his choice to the supply (facts 1.7)."""
    t = s.data
    seat = s.to_move
    g = GEMS.index(a.args[0])
    p = t.p[seat]
    t = put(
        t,
        seat,
        copy_player(p, active=p.active[:g] + (p.active[g] - 1,) + p.active[g + 1 :]),
        supply=t.supply[:g] + (t.supply[g] + 1,) + t.supply[g + 1 :],
        losers=t.losers[1:],
    )
    ev = game.say("ZS-903", "lose_gem", player=SEATS[seat], gem=game.gem_name(g))
    return game.next_loser(s.evolve(data=t, events=(ev,)))
