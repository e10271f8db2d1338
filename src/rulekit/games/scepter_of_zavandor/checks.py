"""Every legality condition of every decision phase as one small check.

A check returns the ledger rule id that forbids an action now, or "" when it is
allowed. The phases' ``legal`` generators (turn.py, auction.py) offer exactly the
candidates whose check is "", and their ``why_not`` hooks (checks.py) answer with
the same check's rule, so the list of legal actions and the refusals cannot
disagree (issue 16). Checks take the values a generator computes once per
decision (the energy in hand, free room, bidding means) as arguments, so the hot
path stays a loop of cheap calls.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine import Action, IllegalAction, State
from .model import Player, Table, can_enchant, capacity, gem_price, hand_value, item_price, means, modifier
from .tables import AREAS, GEMS, RUBY, Config

if TYPE_CHECKING:
    from .rules import ScepterOfZavandor

__all__ = [
    "enchant",
    "disenchant",
    "activate",
    "deactivate",
    "learn",
    "learn_cost",
    "free_step",
    "buy_stone",
    "exchange",
    "open_auction",
    "auction_item",
    "auction_price",
    "item_kind",
    "printed",
    "bid",
    "bid_menu",
    "pass_bid",
    "held",
    "sell",
    "lose",
    "parse_item",
    "auction_why_not",
    "pay_why_not",
    "hub_why_not",
    "reduce_why_not",
    "lose_why_not",
]


# -- phase 3: the player whose turn it is ---------------------------------------------


def enchant(cfg: Config, t: Table, p: Player, g: int, value: int, opts: dict) -> str:
    """ZS-250/260/270/280 access, ZS-910 supply, ZS-230 price (the energy in hand must cover it)."""
    if g > 1:  # opals and sapphires need nothing (ZS-240)
        if g == RUBY:
            scope = opts["ruby_limit_scope"]
            rubies = sum(q.active[RUBY] + q.stored[RUBY] for q in t.p) if scope == "supply" else 0
            rule = can_enchant(cfg, p, g, rubies, scope, opts["ruby_limit"])
        else:  # emeralds and diamonds: only the artifact counts
            rule = can_enchant(cfg, p, g, 0, "player", 0)
        if rule:
            return rule
    if t.supply[g] <= 0 and opts["gem_supply"] == "limited":  # option gem_supply (ZS-910)
        return "ZS-910"
    if cfg.gem_price[g] * cfg.price_percent[p.know[0]] // 100 > value:
        return "ZS-230"
    return ""


def disenchant(p: Player, g: int) -> str:
    """ZS-290: only a gem the player owns (active or in the pentagon) can be sold."""
    return "" if p.active[g] or p.stored[g] else "ZS-290"


def activate(p: Player, g: int, room: bool) -> str:
    """ZS-310: a gem from the pentagon; ZS-040: only into a free active slot (``room``)."""
    if not p.stored[g]:
        return "ZS-310"
    return "" if room else "ZS-040"


def deactivate(p: Player, g: int) -> str:
    """ZS-310: only an active gem can go to the pentagon."""
    return "" if p.active[g] else "ZS-310"


def learn_cost(cfg: Config, p: Player, a: int) -> int:
    """Cost of the next level of area ``a``; a new area also needs a stone (ZS-330, ZS-340).
    Only asked when ``learn`` passed its stone condition (a new area has a stone to use)."""
    level = p.know[a]
    cost = cfg.area_costs[a][level]
    if level == 0 and not p.prepaid:
        cost += p.markers[0]
    return cost


def learn(cfg: Config, p: Player, a: int, value: int) -> str:
    """ZS-330 top level, ZS-320 one paid step a round, ZS-370 a new area needs a stone, price
    (ZS-330 for a next level, ZS-340 for a new area with its stone)."""
    level = p.know[a]
    if level >= cfg.max_level:
        return "ZS-330"
    if p.stepped:
        return "ZS-320"
    if level:
        return "" if cfg.area_costs[a][level] <= value else "ZS-330"
    if p.prepaid:
        return "" if cfg.area_costs[a][0] <= value else "ZS-340"
    if not p.markers:
        return "ZS-370"
    return "" if cfg.area_costs[a][0] + p.markers[0] <= value else "ZS-340"


def free_step(cfg: Config, p: Player, a: int) -> str:
    """ZS-330 top level, ZS-360 a free step from an artifact, ZS-350 a new area needs a bought stone."""
    if p.know[a] >= cfg.max_level:
        return "ZS-330"
    if not p.free_steps:
        return "ZS-360"
    return "" if p.know[a] or p.prepaid else "ZS-350"


def buy_stone(p: Player, value: int) -> str:
    """ZS-370 stones left, ZS-350 the cheapest one's price."""
    if not p.markers:
        return "ZS-370"
    return "" if p.markers[0] <= value else "ZS-350"


def exchange(cfg: Config, p: Player, token, rule: str = "ZS-190") -> str:
    """ZS-190 (phase 3) / ZS-510 (phase 4): small tokens worth one 10-token become one, without loss."""
    tokens = cfg.tokens
    if token == tokens[0]:
        i = 0
    elif token == tokens[1]:
        i = 1
    else:
        return rule
    return "" if p.dust[i] * tokens[i] >= tokens[2] else rule


# -- auctions (ZS-400..ZS-470) ------------------------------------------------------------


def item_kind(game: ScepterOfZavandor, item: str) -> str:
    return "sentinel" if item in game.cfg.sentinels else "artifact"


def printed(game: ScepterOfZavandor, kind: str, item: str) -> int:
    return game.cfg.sentinel_price if kind == "sentinel" else game.cfg.artifacts[item]["price"]


def open_auction(
    game: ScepterOfZavandor, s: State, seat: int, item: str, limit: int | None = None, base: int | None = None
) -> str:
    """The rule that forbids ``seat`` to auction ``item`` now: ``auction_item`` (is it there, may he
    own it), then ``auction_price`` (can he pay the printed price)."""
    return auction_item(game.cfg, s.data, s.data.p[seat], item) or auction_price(game, s, seat, item, limit, base)


def auction_item(cfg: Config, t: Table, p: Player, item: str) -> str:
    """ZS-400 not an item, ZS-470 not on offer, ZS-440 a second Wand / Belt, ZS-903 Mirror / Cloak
    need an own active gem (the others must give up one)."""
    art = cfg.artifacts.get(item)
    if art is None:
        if item not in cfg.sentinels:
            return "ZS-400"
        return "" if item in t.sents else "ZS-470"
    if item not in t.offer:
        return "ZS-470"
    if art.get("unique") and item in p.arts:
        return "ZS-440"
    if art.get("others_lose_gem") and not any(p.active):
        return "ZS-903"
    return ""


def auction_price(
    game: ScepterOfZavandor, s: State, seat: int, item: str, limit: int | None = None, base: int | None = None
) -> str:
    """ZS-460: the printed price with discounts and surcharges (ZS-430, ZS-913) must be payable.
    ``limit`` (the seat's means) and ``base`` (the modifier for the item's kind without item
    discounts) may be passed when known; a sentinel's price is the same for every sentinel."""
    cfg, t = game.cfg, s.data
    p = t.p[seat]
    art = cfg.artifacts.get(item)
    if base is None:
        base = modifier(cfg, t, seat, "sentinel" if art is None else "artifact", "", s.options)
    if art is None:
        price = cfg.sentinel_price + base
    else:
        price = art["price"] + base
        sources = game.item_discounts.get(item)
        if sources and p.arts:  # item discounts of the artifacts owned (as in ``modifier``)
            for a in p.arts:
                price -= sources.get(a, 0)
    if limit is None:
        limit = means(cfg, p, s.options["bids_count_gem_sales"])
    return "" if (price if price > 0 else 0) <= limit else "ZS-460"


def bid_menu(game: ScepterOfZavandor, t: Table) -> list[int]:
    """The amounts offered (rulekit's choice, data/auction.toml): the printed price plus an opening
    step, or the high bid plus a raise step (ZS-913)."""
    cfg, auc = game.cfg, t.auction
    if auc.leader < 0:
        return [printed(game, auc.kind, auc.item) + x for x in cfg.open_steps]
    return [auc.high + x for x in cfg.raise_steps]


def bid(game: ScepterOfZavandor, s: State, amount, limit: int | None = None, mod: int | None = None) -> str:
    """ZS-410 an opening bid of at least the printed price, ZS-420 higher than the high bid,
    ZS-913 an amount of the menu, ZS-460 payable: bid + ``mod`` (the bidder's discounts and
    surcharges, ZS-430) within ``limit`` (his means); both computed here when not given."""
    cfg, t = game.cfg, s.data
    auc = t.auction
    if not isinstance(amount, int) or isinstance(amount, bool):
        return "ZS-913"
    if auc.leader < 0:
        low = printed(game, auc.kind, auc.item)
        if amount < low:
            return "ZS-410"
        if amount - low not in cfg.open_steps:
            return "ZS-913"
    elif amount <= auc.high:
        return "ZS-420"
    elif amount - auc.high not in cfg.raise_steps:
        return "ZS-913"
    if limit is None:
        limit = means(cfg, t.p[s.to_move], s.options["bids_count_gem_sales"])
    if mod is None:
        mod = modifier(cfg, t, s.to_move, auc.kind, auc.item, s.options)
    price = amount + mod
    return "" if (price if price > 0 else 0) <= limit else "ZS-460"


def pass_bid(game: ScepterOfZavandor, s: State, limit: int | None = None, mod: int | None = None) -> str:
    """ZS-410: the opener must open with a bid (option ``opener_must_bid``, ZS-914); he may pass only
    if he can pay no opening bid (cannot happen while ZS-460 refuses such auctions, kept so no state
    is without a move). Without the option he may withdraw: the auction ends without a sale."""
    if s.data.auction.leader >= 0 or not s.options["opener_must_bid"]:
        return ""
    if limit is None:
        limit = means(game.cfg, s.data.p[s.to_move], s.options["bids_count_gem_sales"])
    return "ZS-410" if any(not bid(game, s, x, limit, mod) for x in bid_menu(game, s.data)) else ""


# -- paying, phase 4, Mirror / Cloak ----------------------------------------------------------


def parse_item(args: tuple) -> tuple | None:
    """An action's arguments as an energy item ("card", g, v) / ("energy", g) / ("dust", v), or None."""
    if len(args) == 3 and args[0] == "card" and args[1] in GEMS[1:] and isinstance(args[2], int):
        return ("card", GEMS.index(args[1]), args[2])
    if len(args) == 2 and args[0] == "energy" and args[1] in GEMS[1:]:
        return ("energy", GEMS.index(args[1]))
    if len(args) == 2 and args[0] == "dust" and isinstance(args[1], int):
        return ("dust", args[1])
    return None


def held(cfg: Config, p: Player, item: tuple | None, rule: str) -> str:
    """An item can be paid or discarded only if it is in the hand (``rule``: ZS-430 paying, ZS-916 discarding)."""
    if item is None:
        return rule
    if item[0] == "card":
        return "" if (item[1], item[2]) in p.cards else rule
    if item[0] == "energy":
        return "" if p.conc[item[1] - 1] else rule
    return "" if item[1] in cfg.tokens and p.dust[cfg.tokens.index(item[1])] else rule


def sell(can_sell: bool, p: Player, g: int) -> str:
    """ZS-460: gems are sold while paying only for an auction; ZS-290: a gem the player owns."""
    if not can_sell:
        return "ZS-460"
    return disenchant(p, g)


def lose(p: Player, g: int) -> str:
    """ZS-903 (Mirror / Cloak): the gem given up must be an active one."""
    return "" if p.active[g] else "ZS-903"


# -- refusals ----------------------------------------------------------------------

HUB = {"enchant", "disenchant", "activate", "deactivate", "learn", "free_step", "buy_stone", "auction", "end"}


def _refusal(reason):
    """A ``why_not`` hook from a function returning (rule, message key, arguments), or None when
    every check of the action passes (the action is legal)."""

    def why_not(s: State, a: Action) -> IllegalAction | None:
        found = reason(s, a)
        if found is None:
            return None
        rule, key, args = found
        return s.game.refuse(rule, key, a, **args)

    return why_not


def _gem(a: Action) -> int | None:
    arg = a.args[0] if len(a.args) == 1 else None
    return GEMS.index(arg) if arg in GEMS else None


def _hub_reason(s: State, a: Action) -> tuple[str, str, dict] | None:
    game, kind = s.game, a.kind
    cfg, t, phase = game.cfg, s.data, s.phase
    if kind in ("bid", "pass"):
        return "ZS-400", "no_auction", {}
    if kind not in HUB | {"exchange"}:
        return "ZS-200", "not_now", {"phase": game.phases[phase].name, "phase_de": game.phases[phase].name_de}
    p = t.p[s.to_move]
    value = hand_value(cfg, p)
    arg = a.args[0] if a.args else None
    if kind in ("enchant", "disenchant", "activate", "deactivate"):
        g = _gem(a)
        if g is None:
            return "ZS-010", "no_such_gem", {"name": arg}
        gem = game.gem_name(g)
        if kind == "enchant":
            rule = enchant(cfg, t, p, g, value, s.options)
            if rule == "ZS-910":
                return rule, "supply_empty", {"gem": gem}
            if rule == "ZS-230":
                return rule, "too_poor", {"price": gem_price(cfg, p, g), "have": value}
            return (rule, "access_" + rule, {"limit": s.options["ruby_limit"]}) if rule else None
        if kind == "disenchant":
            rule = disenchant(p, g)
            return (rule, "no_gem", {"gem": gem}) if rule else None
        rule = activate(p, g, capacity(cfg, p) > sum(p.active)) if kind == "activate" else deactivate(p, g)
        if rule == "ZS-040":
            return rule, "no_slot", {"cap": capacity(cfg, p)}
        return (rule, "no_gem_there", {"gem": gem}) if rule else None
    if kind in ("learn", "free_step"):
        if arg not in AREAS or len(a.args) != 1:
            return "ZS-030", "no_such_area", {"name": arg}
        ai = AREAS.index(arg)
        rule = learn(cfg, p, ai, value) if kind == "learn" else free_step(cfg, p, ai)
        if not rule:
            return None
        if rule == "ZS-330" and p.know[ai] >= cfg.max_level:
            return rule, "max_level", {}
        key = {"ZS-320": "one_step", "ZS-360": "no_free_step", "ZS-370": "no_stones"}.get(rule)
        if key:
            return rule, key, {}
        if kind == "free_step":
            return rule, "need_stone", {}
        return rule, "too_poor", {"price": learn_cost(cfg, p, ai), "have": value}
    if kind == "buy_stone":
        rule = buy_stone(p, value)
        if rule == "ZS-370":
            return rule, "no_stones", {}
        return (rule, "too_poor", {"price": p.markers[0], "have": value}) if rule else None
    if kind == "auction":
        item = str(arg)
        rule = open_auction(game, s, s.to_move, item) if len(a.args) == 1 else "ZS-400"
        return (rule, "auction_" + rule, {"item": item}) if rule else None
    if kind == "exchange":
        rule = exchange(cfg, p, arg) if len(a.args) == 1 else "ZS-190"
        return (rule, "no_exchange", {}) if rule else None
    return None if not a.args else ("ZS-220", "end_plain", {})  # "end" takes no arguments


def _auction_reason(s: State, a: Action) -> tuple[str, str, dict] | None:
    game = s.game
    if a.kind == "bid" and len(a.args) == 1:
        return _bid_reason(game, s, a.args[0])
    if a.kind == "pass" and not a.args:
        rule = pass_bid(game, s)
        return (rule, "must_open", {}) if rule else None
    return "ZS-420", "auction_running", {}


def _bid_reason(game, s: State, amount) -> tuple[str, str, dict] | None:
    cfg, t = game.cfg, s.data
    auc = t.auction
    rule = bid(game, s, amount)
    if rule == "ZS-410":
        return rule, "below_printed", {"price": printed(game, auc.kind, auc.item)}
    if rule == "ZS-420":
        return rule, "not_higher", {"high": auc.high}
    if rule == "ZS-460":
        price = item_price(cfg, t, s.to_move, auc.kind, auc.item, amount, s.options)
        return (
            rule,
            "cannot_pay",
            {"price": price, "have": means(cfg, t.p[s.to_move], s.options["bids_count_gem_sales"])},
        )
    return (rule, "bid_menu", {}) if rule else None


def _pay_reason(s: State, a: Action) -> tuple[str, str, dict] | None:
    cfg, t = s.game.cfg, s.data
    pay = t.pay
    p = t.p[pay.seat]
    if a.kind == "pay" and a.args == ("auto",):
        return None
    if a.kind == "pay":
        rule = held(cfg, p, parse_item(a.args), "ZS-430")
        return (rule, "not_held", {"item": " ".join(map(str, a.args))}) if rule else None
    if a.kind == "sell":
        g = _gem(a)
        if g is None:
            return "ZS-010", "no_such_gem", {"name": a.args[0] if a.args else None}
        rule = sell(pay.can_sell, p, g)
        if rule == "ZS-460":
            return rule, "sell_only_auction", {}
        return (rule, "no_gem", {"gem": s.game.gem_name(g)}) if rule else None
    return "ZS-430", "pay_first", {"due": pay.due - pay.paid}


def _reduce_reason(s: State, a: Action) -> tuple[str, str, dict] | None:
    cfg = s.game.cfg
    p = s.data.p[s.to_move]
    if a.kind == "discard":
        rule = held(cfg, p, parse_item(a.args), "ZS-916")
        return (rule, "not_held", {"item": " ".join(map(str, a.args))}) if rule else None
    if a.kind == "exchange":
        rule = exchange(cfg, p, a.args[0], "ZS-510") if len(a.args) == 1 else "ZS-510"
        return (rule, "no_exchange", {}) if rule else None
    return "ZS-490", "reduce_first", {}


def _lose_reason(s: State, a: Action) -> tuple[str, str, dict] | None:
    if a.kind == "lose":
        g = _gem(a)
        if g is None:
            return "ZS-010", "no_such_gem", {"name": a.args[0] if a.args else None}
        rule = lose(s.data.p[s.to_move], g)
        return (rule, "lose_active", {"gem": s.game.gem_name(g)}) if rule else None
    return "ZS-903", "lose_first", {}


auction_why_not = _refusal(_auction_reason)
pay_why_not = _refusal(_pay_reason)
hub_why_not = _refusal(_hub_reason)
reduce_why_not = _refusal(_reduce_reason)
lose_why_not = _refusal(_lose_reason)
