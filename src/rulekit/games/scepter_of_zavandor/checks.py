"""The decisions of each phase: the checks that the legal lists and the refusals share.

Each decision phase is an engine ``Decisions`` (``rulekit.engine.decisions``):
its kinds of action in legal-list order, each with its labels (the action
space of ``words.action_labels``), the refusal of arguments outside them, and
a check of the chosen value that returns ``None`` or a ``No`` naming the rule
that forbids it and the message key that says why. ``legal`` and ``why_not``
run the same checks, so they cannot disagree.

The bots ask the hub's legal list on every decision, so the checks stay
cheap: what they share is computed once per state (``_now``: the seat, its
energy, its means and price modifiers), and each kind says which of its
values can pass now (``Kind.values``: the gems owned, the items held, the
auction offer in its order, the bid menu) so a legal list never scans the
thousands of bid amounts. The small rule functions (``enchant``, ``learn``,
``bid``, ...) return the forbidding rule id or "" and are what the checks ask.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ...engine import State
from ...engine.decisions import Decisions, Kind, No, Refusals
from .auction import bid_menu, printed
from .energy import item_label, pay_items
from .model import Player, Table, can_enchant, capacity, gem_price, hand_value, item_price, means, modifier, remember
from .tables import AREAS, ARTS, GEMS, RUBY, Config
from .turn import learn_cost
from .words import max_bid

__all__ = [
    "DECISIONS",
    "KINDS",
    "REFUSALS",
    "enchant",
    "disenchant",
    "activate",
    "deactivate",
    "learn",
    "free_step",
    "buy_stone",
    "exchange",
    "auction_item",
    "auction_price",
    "bid",
    "pass_bid",
    "held",
    "sell",
    "lose",
]


# -- the rules, as small functions: the forbidding rule id, or "" ------------------------------


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


def exchange(cfg: Config, p: Player, token: int, rule: str = "ZS-190") -> str:
    """ZS-190 (phase 3) / ZS-510 (phase 4): small tokens worth one 10-token become one, without loss."""
    i = cfg.tokens.index(token)
    return "" if p.dust[i] * token >= cfg.tokens[2] else rule


def auction_item(cfg: Config, t: Table, p: Player, item: str) -> str:
    """ZS-470 not on offer, ZS-440 a second Wand / Belt, ZS-903 Mirror / Cloak need an own
    active gem (the others must give up one)."""
    art = cfg.artifacts.get(item)
    if art is None:
        return "" if item in t.sents else "ZS-470"
    if item not in t.offer:
        return "ZS-470"
    if art.get("unique") and item in p.arts:
        return "ZS-440"
    if art.get("others_lose_gem") and not any(p.active):
        return "ZS-903"
    return ""


def auction_price(game: Any, s: State, seat: int, item: str, limit: int, base: int) -> str:
    """ZS-460: the printed price with discounts and surcharges (ZS-430, ZS-913) must be payable.
    ``limit`` is the seat's means, ``base`` the modifier for the item's kind without item
    discounts (a sentinel's price is the same for every sentinel)."""
    return "" if auction_cost(game, s.data.p[seat], item, base) <= limit else "ZS-460"


def auction_cost(game: Any, p: Player, item: str, base: int) -> int:
    """What opening an auction of ``item`` at its printed price would cost ``p`` (ZS-430, ZS-913):
    the price + ``base`` (the modifier for the item's kind) - discounts on the item, at least 0."""
    cfg = game.cfg
    art = cfg.artifacts.get(item)
    if art is None:
        price = cfg.sentinel_price + base
    else:
        price = art["price"] + base
        sources = game.item_discounts.get(item)
        if sources and p.arts:  # item discounts of the artifacts owned (as in ``modifier``)
            for a in p.arts:
                price -= sources.get(a, 0)
    return price if price > 0 else 0


def bid(game: Any, s: State, amount: int, limit: int, mod: int) -> str:
    """ZS-410 an opening bid of at least the printed price, ZS-420 higher than the high bid,
    ZS-913 an amount of the menu, ZS-460 payable: bid + ``mod`` (the bidder's discounts and
    surcharges, ZS-430) within ``limit`` (his means)."""
    cfg, auc = game.cfg, s.data.auction
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
    price = amount + mod
    return "" if (price if price > 0 else 0) <= limit else "ZS-460"


def pass_bid(game: Any, s: State, limit: int, mod: int) -> str:
    """ZS-410: the opener must open with a bid (option ``opener_must_bid``, ZS-914); he may pass only
    if he can pay no opening bid (cannot happen while ZS-460 refuses such auctions, kept so no state
    is without a move). Without the option he may withdraw: the auction ends without a sale."""
    if s.data.auction.leader >= 0 or not s.options["opener_must_bid"]:
        return ""
    return "ZS-410" if any(not bid(game, s, x, limit, mod) for x in bid_menu(game, s.data)) else ""


def held(cfg: Config, p: Player, item: tuple, rule: str) -> str:
    """An item can be paid or discarded only if it is in the hand (``rule``: ZS-430 paying, ZS-916 discarding)."""
    if item[0] == "card":
        return "" if (item[1], item[2]) in p.cards else rule
    if item[0] == "energy":
        return "" if p.conc[item[1] - 1] else rule
    return "" if p.dust[cfg.tokens.index(item[1])] else rule


def sell(can_sell: bool, p: Player, g: int) -> str:
    """ZS-460: gems are sold while paying only for an auction; ZS-290: a gem the player owns."""
    if not can_sell:
        return "ZS-460"
    return disenchant(p, g)


def lose(p: Player, g: int) -> str:
    """ZS-903 (Mirror / Cloak): the gem given up must be an active one."""
    return "" if p.active[g] else "ZS-903"


# -- what the checks of one state share -----------------------------------------------------


class _Now:
    """The seat to move, its energy, and (asked for auctions and bids) its means and price
    modifiers: computed once per state, since the legal list checks every candidate."""

    __slots__ = ("s", "cfg", "t", "p", "value", "_limit", "_mods", "_sentinels", "_mod")

    def __init__(self, s: State) -> None:
        self.s, self.cfg, self.t = s, s.game.cfg, s.data
        self.p = self.t.p[s.to_move]
        self.value = hand_value(self.cfg, self.p)
        self._limit = self._mods = self._sentinels = self._mod = None

    def mods(self) -> tuple[int, int]:
        """The seat's modifiers on artifacts and on sentinels (``_modifiers``), read once per state."""
        if self._mods is None:
            self._mods = _modifiers(self.cfg, self.t, self.s.to_move, self.p, self.s.options)
        return self._mods

    def limit(self) -> int:
        """What the seat could pay at most (ZS-460): its energy, and its gems' sale value if they count."""
        if self._limit is None:
            self._limit = means(self.cfg, self.p, self.s.options["bids_count_gem_sales"], self.value)
        return self._limit

    def base(self) -> int:
        """The seat's modifier on artifacts without item discounts (ZS-430, ZS-913)."""
        return self.mods()[0]

    def sentinels(self) -> str:
        """ZS-460 for every sentinel at once: they share one price."""
        if self._sentinels is None:  # ``auction_price`` of a sentinel: its printed price + the sentinel modifier
            price = self.cfg.sentinel_price + (self._mods or self.mods())[1]
            limit = self.limit() if self._limit is None else self._limit
            self._sentinels = "" if (price if price > 0 else 0) <= limit else "ZS-460"
        return self._sentinels

    def mod(self) -> int:
        """The bidder's discounts and surcharges on the item of the running auction (ZS-430)."""
        if self._mod is None:  # ``modifier`` for the item, from the seat's kept modifiers (``_modifiers``)
            auc, p = self.t.auction, self.p
            art, sent = self.mods()
            if auc.kind == "sentinel":
                self._mod = sent
            else:
                sources = self.s.game.item_discounts.get(auc.item)
                self._mod = art - sum(sources.get(a, 0) for a in p.arts) if sources and p.arts else art
        return self._mod


_MODIFIERS: dict[int, tuple] = {}  # seat -> (what its modifiers were read from, artifact, sentinel)


def _modifiers(cfg: Config, t: Table, seat: int, p: Player, opts: dict) -> tuple[int, int]:
    """The seat's modifiers on artifacts (without item discounts) and on sentinels (ZS-430, ZS-913).

    The hub's legal list needs both on every decision, but they change only with the turn order,
    the points at its start, Knowledge of Artifacts and the artifacts owned: the last answer per
    seat is kept and reused while those are the very same objects (states share these tuples).
    """
    kept = _MODIFIERS.get(seat)
    lv = p.know[ARTS]
    if (
        kept is not None
        and kept[0] is t.order
        and kept[1] is t.vp_start
        and kept[2] == lv
        and kept[3] is p.arts
        and kept[4] is opts
        and kept[5] is cfg
    ):
        return kept[6]
    mods = (modifier(cfg, t, seat, "artifact", "", opts), modifier(cfg, t, seat, "sentinel", "", opts))
    _MODIFIERS[seat] = (t.order, t.vp_start, lv, p.arts, opts, cfg, mods)
    return mods


_LAST: list = [None, None]  # the last state asked and its _Now (states never change)


def _now(s: State) -> _Now:
    last = _LAST
    if last[0] is s:
        return last[1]
    now = last[1] = _Now(s)
    last[0] = s
    return now


_KEYS: dict[tuple, int] = {}
_LAST_KEY: list = [None, 0, 0]  # options, players -> the key's number


def _key(state: State) -> int:
    """The label tables depend on the player count (artifact copies) and the surcharges (the top
    bid): a small number per distinct pair, so the table lookup on every legal list hashes an int."""
    o, last = state.options, _LAST_KEY
    if last[0] is o and last[1] == state.players:
        return last[2]
    pair = (state.players, o["place_surcharge_artifact"], o["place_surcharge_sentinel"])
    key = _KEYS.setdefault(pair, len(_KEYS))
    last[:] = [o, state.players, key]
    return key


# -- label spaces (by kind; words.action_labels is their union) -----------------------------


def _none(state: State) -> Iterable[tuple[tuple, Any]]:
    return [((), None)]


def _gems(state: State) -> Iterable[tuple[tuple, Any]]:
    return [((name,), g) for g, name in enumerate(GEMS)]


def _areas(state: State) -> Iterable[tuple[tuple, Any]]:
    return [((name,), a) for a, name in enumerate(AREAS)]


def _tokens(state: State) -> Iterable[tuple[tuple, Any]]:
    return [((v,), v) for v in state.game.cfg.tokens[:2]]  # the 2- and 5-dust tokens (ZS-190)


def _items(state: State) -> Iterable[tuple[tuple, Any]]:
    """Every energy item by kind: cards by gem and value, concentrated energy, dust tokens."""
    cfg = state.game.cfg
    items = [("card", g + 1, v) for g, deck in enumerate(cfg.deck_cards) for v in sorted(set(deck))]
    items += [("energy", g) for g in range(1, 5)] + [("dust", v) for v in cfg.tokens]
    return [(_args(it), it) for it in items]


def _args(item: tuple) -> tuple:
    """An item's action arguments: ("card", "sapphire", 5), ("energy", "ruby"), ("dust", 10)."""
    if item[0] == "card":
        return ("card", GEMS[item[1]], item[2])
    return ("energy", GEMS[item[1]]) if item[0] == "energy" else ("dust", item[1])


def _payments(state: State) -> Iterable[tuple[tuple, Any]]:
    return [(("auto",), "auto"), *_items(state)]


def _auction_items(state: State) -> Iterable[tuple[tuple, Any]]:
    cfg = state.game.cfg
    arts = cfg.artifact_ids if cfg.copies_by_players[state.players] else ()
    return [((x,), x) for x in (*arts, *cfg.sentinel_ids)]


def _amounts(state: State) -> Iterable[tuple[tuple, Any]]:
    """Every bid from the lowest printed price to the most anyone could pay (``words.max_bid``)."""
    game = state.game
    cfg = game.cfg
    lowest = min([cfg.sentinel_price, *(a["price"] for a in cfg.artifacts.values())])
    return [((n,), n) for n in range(lowest, max_bid(game, state.players, state.options) + 1)]


# -- phase 3, the hub: gems (ZS-230..ZS-310) ---------------------------------------------------


def _no(s: State, rule: str, key: str, name: str, value: int | str) -> No:
    """The refusal ``No(rule, key, {name: the English name of gem / item value})``, made once per
    game (``ScepterOfZavandor.refusals``): the legal lists check every candidate, and refusals repeat."""
    made = s.game.refusals
    no = made.get((rule, key, value))
    if no is None:
        word = s.game.gem_name(value) if name == "gem" else s.game.item_name(value)
        no = made[(rule, key, value)] = No(rule, key, {name: word})
    return no


def _gem_no(s: State, rule: str, key: str, g: int) -> No:
    return _no(s, rule, key, "gem", g)


def enchant_values(s: State) -> list[int]:
    """The gems the rule function ``enchant`` allows (cheap: no refusal is made for the others)."""
    return _enchantable(_now(s), s.options)


def _enchantable(n: _Now, opts: dict) -> list[int]:
    """``enchant_values`` for the seat of ``n``; a dearer gem than the energy covers is not even
    asked (it fails ZS-230), and of an opal or a sapphire, which need no access (ZS-240), only the
    supply is (ZS-910): every hub decision runs this, and most players can afford only those two."""
    cfg, t, p, value = n.cfg, n.t, n.p, n.value
    afford = (100 * (value + 1) - 1) // cfg.price_percent[p.know[0]]
    limited = opts["gem_supply"] == "limited"
    out = []
    for g, price in enumerate(cfg.gem_price):
        if price <= afford:
            if g > 1:
                if not enchant(cfg, t, p, g, value, opts):
                    out.append(g)
            elif not limited or t.supply[g] > 0:
                out.append(g)
    return out


def enchant_ok(s: State, g: int) -> No | None:
    """ZS-250..ZS-280 access, ZS-910 supply, ZS-230 price."""
    n = _now(s)
    rule = enchant(n.cfg, n.t, n.p, g, n.value, s.options)
    if not rule:
        return None
    if rule == "ZS-910":
        return _gem_no(s, rule, "supply_empty", g)
    if rule == "ZS-230":
        return No(rule, "too_poor", {"price": gem_price(n.cfg, n.p, g), "have": n.value})
    return No(rule, "access_" + rule, {"limit": s.options["ruby_limit"]})


_HELD: dict[tuple, tuple] = {}  # (active, stored) -> the gems the rule functions allow (``_held``)


def _held(p: Player) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """The gems ``disenchant``, ``activate`` (given room) and ``deactivate`` allow a player.

    The hub asks all three on every decision; they depend only on the gem counts, of which
    players hold few combinations, so each answer is kept per (active, stored) pair.
    """
    key = (p.active, p.stored)
    held = _HELD.get(key)
    if held is None:
        held = remember(
            _HELD,
            key,
            (
                tuple(g for g in range(5) if not disenchant(p, g)),
                tuple(g for g in range(5) if not activate(p, g, True)),
                tuple(g for g in range(5) if not deactivate(p, g)),
            ),
        )
    return held


def owned_gems(s: State) -> tuple[int, ...]:
    """The gems a player owns, active or in the pentagon (ZS-290)."""
    return _held(s.data.p[s.to_move])[0]


def disenchant_ok(s: State, g: int) -> No | None:
    """ZS-290: a gem the player owns."""
    return _gem_no(s, "ZS-290", "no_gem", g) if disenchant(s.data.p[s.to_move], g) else None


def stored_gems(s: State) -> list[int]:
    """The gems in the pentagon while an active slot is free (ZS-310, ZS-040)."""
    p = s.data.p[s.to_move]
    stored = _held(p)[1]
    if not stored or capacity(s.game.cfg, p) <= sum(p.active):
        return ()
    return stored


def activate_ok(s: State, g: int) -> No | None:
    """ZS-310: a gem from the pentagon; ZS-040: into a free active slot."""
    n = _now(s)
    cap = capacity(n.cfg, n.p)
    rule = activate(n.p, g, cap > sum(n.p.active))
    if rule == "ZS-040":
        return No(rule, "no_slot", {"cap": cap})
    return _gem_no(s, rule, "no_gem_there", g) if rule else None


def active_gems(s: State) -> tuple[int, ...]:
    """The gems on the spiral (ZS-310, ZS-903)."""
    return _held(s.data.p[s.to_move])[2]


def deactivate_ok(s: State, g: int) -> No | None:
    """ZS-310: only an active gem goes to the pentagon."""
    return _gem_no(s, "ZS-310", "no_gem_there", g) if deactivate(s.data.p[s.to_move], g) else None


# -- the hub: knowledge (ZS-320..ZS-390) -------------------------------------------------------

_KNOW_KEYS = {"ZS-320": "one_step", "ZS-360": "no_free_step", "ZS-370": "no_stones"}


def learn_values(s: State) -> list[int]:
    """The areas the rule function ``learn`` allows; none once this round's paid step is used
    (then every learn fails: ZS-330 or ZS-320)."""
    n = _now(s)
    if n.p.stepped:
        return []
    return _learnable(n.cfg, n.p, n.value)


def _learnable(cfg: Config, p: Player, value: int) -> tuple[int, ...]:
    """The areas ``learn`` allows a player who has not stepped this round. Every hub decision asks;
    the answer depends only on the levels, the stones and the energy (few combinations): kept in
    ``cfg.learnable`` (a tuple of ints, which the garbage collector stops tracking)."""
    key = (p.know, p.prepaid, p.markers[0] if p.markers else -1, value)
    kept = cfg.learnable.get(key)
    if kept is None:
        kept = remember(cfg.learnable, key, tuple(a for a in range(6) if not learn(cfg, p, a, value)))
    return kept


def learn_ok(s: State, a: int) -> No | None:
    """ZS-330 top level, ZS-320 one step a round, ZS-370 no stone left, price ZS-330 / ZS-340."""
    n = _now(s)
    rule = learn(n.cfg, n.p, a, n.value)
    if not rule:
        return None
    if rule == "ZS-330" and n.p.know[a] >= n.cfg.max_level:
        return No(rule, "max_level")
    if rule in _KNOW_KEYS:
        return No(rule, _KNOW_KEYS[rule])
    return No(rule, "too_poor", {"price": learn_cost(n.cfg, n.p, a), "have": n.value})


def free_step_values(s: State) -> list[int]:
    """The areas the rule function ``free_step`` allows; none without a free step (ZS-360)."""
    p = s.data.p[s.to_move]
    if not p.free_steps:
        return []
    cfg = s.game.cfg
    return [a for a in range(6) if not free_step(cfg, p, a)]


def free_step_ok(s: State, a: int) -> No | None:
    """ZS-330 top level, ZS-360 a free step left, ZS-350 a new area needs a bought stone."""
    n = _now(s)
    rule = free_step(n.cfg, n.p, a)
    if not rule:
        return None
    if rule == "ZS-330":
        return No(rule, "max_level")
    return No(rule, _KNOW_KEYS[rule]) if rule in _KNOW_KEYS else No(rule, "need_stone")


def buy_stone_values(s: State) -> list:
    """The one label when the rule function ``buy_stone`` allows it."""
    n = _now(s)
    return [] if buy_stone(n.p, n.value) else [None]


def buy_stone_ok(s: State, _: object = None) -> No | None:
    """ZS-370 a stone left, ZS-350 its price."""
    n = _now(s)
    rule = buy_stone(n.p, n.value)
    if rule == "ZS-370":
        return No(rule, "no_stones")
    return No(rule, "too_poor", {"price": n.p.markers[0], "have": n.value}) if rule else None


# -- the hub: auctions, dust, end (ZS-400..ZS-470, ZS-190, ZS-220) ------------------------------


def auction_values(s: State) -> list[str]:
    """The artifacts of the offer in its order, then the sentinels still on offer, that the rule
    functions ``auction_item`` and ``auction_price`` allow (the sentinels share one price)."""
    return _auctionable(_now(s))


def _auctionable(n: _Now) -> list[str]:
    """``auction_values`` for the seat of ``n``: its means and modifiers are read once here (every
    hub decision runs this)."""
    t = n.t
    out = []
    if t.offer:
        limit = n.limit()
        for x, price in _offer_prices(n, n.mods()[0]):
            if price <= limit:
                out.append(x)
    if t.sents and not n.sentinels():
        out += t.sents  # ``auction_item`` allows every sentinel still on offer (ZS-470): not asked one by one
    return out


_OFFERS: dict[int, tuple] = {}  # seat -> (what its offer prices were read from, the prices)


def _offer_prices(n: _Now, base: int) -> tuple[tuple[str, int], ...]:
    """(artifact, price) for each artifact of the offer that ``auction_item`` allows the seat, in the
    offer's order; the price is the one ``auction_price`` compares with the seat's means (ZS-460),
    with ``base`` the seat's modifier on artifacts (``_Now.base``).

    The hub asks on every decision, but these change only with the offer, the artifacts the seat
    owns, whether it has an active gem and its modifier: the last answer per seat is kept and
    reused while those are the very same (states share these tuples).
    """
    s, t, p = n.s, n.t, n.p
    active = any(p.active)
    kept = _OFFERS.get(s.to_move)
    if (
        kept is not None
        and kept[0] is t.offer
        and kept[1] is p.arts
        and kept[2] == active
        and kept[3] == base
        and kept[4] is n.cfg
    ):
        return kept[5]
    seat, cfg = s.to_move, n.cfg
    prices = []
    for x in dict.fromkeys(t.offer):
        if not auction_item(cfg, t, p, x):
            prices.append((x, auction_cost(s.game, p, x, base)))
    answer = tuple(prices)
    _OFFERS[seat] = (t.offer, p.arts, active, base, cfg, answer)
    return answer


def auction_ok(s: State, item: str) -> No | None:
    """ZS-470 on offer, ZS-440 one Wand / Belt, ZS-903 an own active gem, ZS-460 the price payable."""
    n = _now(s)
    rule = auction_item(n.cfg, n.t, n.p, item)
    if not rule:
        if item in n.cfg.sentinels:
            rule = n.sentinels()
        else:
            rule = auction_price(s.game, s, s.to_move, item, n.limit(), n.base())
    return _no(s, rule, "auction_" + rule, "item", item) if rule else None


_NO_EXCHANGE = {rule: No(rule, "no_exchange") for rule in ("ZS-190", "ZS-510")}


_EXCHANGES: dict[tuple, tuple] = {}  # dust held -> (the tokens it was worked out for, those ``exchange`` allows)


def exchanges(s: State) -> tuple[int, ...]:
    """The tokens of which the seat holds enough to exchange (ZS-190 in phase 3, ZS-510 in phase 4);
    asked on every hub decision, and it depends only on the dust held: kept per dust tuple (the key
    is the dust alone, a cheap hash; the token values it was worked out for are checked)."""
    return _exchangeable(s.game.cfg, s.data.p[s.to_move])


def _exchangeable(cfg: Config, p: Player) -> tuple[int, ...]:
    """``exchanges`` for the player ``p``."""
    kept = _EXCHANGES.get(p.dust)
    if kept is None or kept[0] is not cfg.tokens:
        kept = remember(_EXCHANGES, p.dust, (cfg.tokens, tuple(v for v in cfg.tokens[:2] if not exchange(cfg, p, v))))
    return kept[1]


def exchange_ok(s: State, token: int) -> No | None:
    """ZS-190: five 2-dust or two 5-dust tokens become a 10-dust token."""
    return _NO_EXCHANGE["ZS-190"] if exchange(s.game.cfg, s.data.p[s.to_move], token) else None


def reduce_exchange_ok(s: State, token: int) -> No | None:
    """ZS-510: exchanging dust lowers the count against the hand limit."""
    return _NO_EXCHANGE["ZS-510"] if exchange(s.game.cfg, s.data.p[s.to_move], token, "ZS-510") else None


_ONE = (None,)  # the one value of a kind with a single label ("buy_stone", "end")


def hub_values(s: State) -> tuple:
    """The hub's legal values of all its kinds at once (``Decisions(values=...)``), in kind order:
    enchant, disenchant, activate, deactivate, learn, free_step, buy_stone, auction, exchange, end.

    The hub's legal list is asked on almost every other step of a bot's game (a third of a greedy
    game's time went to it): one call reads the seat, its energy and its gems once for every
    kind, instead of one call per kind, each reading them again. Each part is what the kind's
    rule function allows, as the kind's own ``values`` says (``Decisions.refuse`` holds the two
    to each other and to the checks; tests/games/scepter_of_zavandor/test_fast_paths.py too).
    """
    n = _now(s)
    cfg, p, value = n.cfg, n.p, n.value
    owned, stored, active = _held(p)
    if stored and capacity(cfg, p) <= sum(p.active):  # ZS-040: no free active slot
        stored = ()
    return (
        _enchantable(n, s.options),
        owned,
        stored,
        active,
        () if p.stepped else _learnable(cfg, p, value),
        [a for a in range(6) if not free_step(cfg, p, a)] if p.free_steps else (),
        _ONE if p.markers and p.markers[0] <= value else (),  # ``buy_stone``: a stone left (ZS-370), payable (ZS-350)
        _auctionable(n),
        _exchangeable(cfg, p),
        _ONE,
    )


# -- auctions: bidding (ZS-410..ZS-460, ZS-913, ZS-914) -------------------------------------------


def menu(s: State) -> list[int]:
    """The bids of the menu (ZS-913) that the rule function ``bid`` allows."""
    n = _now(s)
    game, limit, mod = s.game, n.limit(), n.mod()
    return [x for x in bid_menu(game, n.t) if not bid(game, s, x, limit, mod)]


def bid_ok(s: State, amount: int) -> No | None:
    """ZS-410 at least the printed price, ZS-420 higher, ZS-913 an offered step, ZS-460 payable."""
    n = _now(s)
    rule = bid(s.game, s, amount, n.limit(), n.mod())
    if not rule:
        return None
    auc = n.t.auction
    if rule == "ZS-410":
        return No(rule, "below_printed", {"price": printed(s.game, auc.kind, auc.item)})
    if rule == "ZS-420":
        return No(rule, "not_higher", {"high": auc.high})
    if rule == "ZS-460":
        price = item_price(n.cfg, n.t, s.to_move, auc.kind, auc.item, amount, s.options)
        return No(rule, "cannot_pay", {"price": price, "have": n.limit()})
    return No(rule, "bid_menu")


def auction_phase_values(s: State) -> tuple:
    """The auction's legal values of both kinds at once (``Decisions(values=...)``): pass, then the bids.

    A bid is asked on every step of a running auction, and ``pass_ok`` alone would run the rule
    ``bid`` over the menu once more: here the menu's answer (``menu``) also says whether the opener
    may pass (``pass_bid``: only when no opening bid is payable, option ``opener_must_bid``, ZS-410).
    """
    bids = menu(s)
    must_bid = s.data.auction.leader < 0 and s.options["opener_must_bid"]
    return (() if must_bid and bids else _ONE), bids


def pass_ok(s: State, _: object = None) -> No | None:
    """ZS-410 (option ``opener_must_bid``): the opener opens with a bid when he can pay one."""
    n = _now(s)
    return No("ZS-410", "must_open") if pass_bid(s.game, s, n.limit(), n.mod()) else None


# -- paying, the hand limit, Mirror / Cloak (ZS-430, ZS-460, ZS-916, ZS-903) ----------------------


def held_items(s: State) -> list[tuple]:
    return pay_items(s.game.cfg, s.data.p[s.to_move])


def payments(s: State) -> list:
    """``pay auto`` (always possible: rulekit picks the items, ZS-430), then every item held."""
    return ["auto", *held_items(s)]


def pay_ok(s: State, item: Any) -> No | None:
    """ZS-430: an item handed over is in the hand."""
    if item == "auto" or not held(s.game.cfg, s.data.p[s.to_move], item, "ZS-430"):
        return None
    return No("ZS-430", "not_held", {"item": item_label(item)})


def sellable(s: State) -> list[int]:
    return owned_gems(s) if s.data.pay.can_sell else []


def pay_values(s: State) -> tuple:
    """A payment's legal values of both kinds at once (``Decisions(values=...)``): ``payments``, then
    ``sellable`` (every payment step of a bot asks: one call instead of one per kind)."""
    t = s.data
    p = t.p[s.to_move]
    return ("auto", *pay_items(s.game.cfg, p)), (_held(p)[0] if t.pay.can_sell else ())


def sell_ok(s: State, g: int) -> No | None:
    """ZS-460: selling while paying only for a won auction; ZS-290: a gem the player owns."""
    rule = sell(s.data.pay.can_sell, s.data.p[s.to_move], g)
    if rule == "ZS-460":
        return No(rule, "sell_only_auction")
    return _gem_no(s, rule, "no_gem", g) if rule else None


def discard_ok(s: State, item: tuple) -> No | None:
    """ZS-916: the player discards an item he holds."""
    return (
        No("ZS-916", "not_held", {"item": item_label(item)})
        if held(s.game.cfg, s.data.p[s.to_move], item, "ZS-916")
        else None
    )


def lose_ok(s: State, g: int) -> No | None:
    """ZS-903: the gem given up is an active one."""
    return _gem_no(s, "ZS-903", "lose_active", g) if lose(s.data.p[s.to_move], g) else None


# -- the tables ------------------------------------------------------------------------------


def _phase(*kinds: Kind, values=None) -> Decisions:
    return Decisions(*kinds, key=_key, values=values)


_NOT_A_GEM = No("ZS-010", "not_a_gem")
_NOT_AN_AREA = No("ZS-030", "not_an_area")
_NOT_AN_ITEM = No("ZS-020", "not_an_item")
_PAY = _phase(
    Kind("pay", _payments, _NOT_AN_ITEM, check=pay_ok, rules=("ZS-430",), values=payments),
    Kind("sell", _gems, _NOT_A_GEM, check=sell_ok, rules=("ZS-460", "ZS-290"), values=sellable),
    values=pay_values,
)

#: phase id -> its decisions (the flow table's ``legal`` hooks and ``REFUSALS.why_not`` read these)
DECISIONS: dict[str, Decisions] = {
    "player_actions": _phase(
        Kind(
            "enchant",
            _gems,
            _NOT_A_GEM,
            check=enchant_ok,
            rules=("ZS-250", "ZS-260", "ZS-270", "ZS-280", "ZS-910", "ZS-230"),
            values=enchant_values,
        ),
        Kind("disenchant", _gems, _NOT_A_GEM, check=disenchant_ok, rules=("ZS-290",), values=owned_gems),
        Kind("activate", _gems, _NOT_A_GEM, check=activate_ok, rules=("ZS-310", "ZS-040"), values=stored_gems),
        Kind("deactivate", _gems, _NOT_A_GEM, check=deactivate_ok, rules=("ZS-310",), values=active_gems),
        Kind(
            "learn",
            _areas,
            _NOT_AN_AREA,
            check=learn_ok,
            rules=("ZS-330", "ZS-320", "ZS-370", "ZS-340"),
            values=learn_values,
        ),
        Kind(
            "free_step",
            _areas,
            _NOT_AN_AREA,
            check=free_step_ok,
            rules=("ZS-330", "ZS-360", "ZS-350"),
            values=free_step_values,
        ),
        Kind(
            "buy_stone",
            _none,
            No("ZS-350", "buy_stone_plain"),
            check=buy_stone_ok,
            rules=("ZS-370", "ZS-350"),
            values=buy_stone_values,
        ),
        Kind(
            "auction",
            _auction_items,
            No("ZS-400", "auction_unknown"),
            check=auction_ok,
            rules=("ZS-470", "ZS-440", "ZS-903", "ZS-460"),
            values=auction_values,
        ),
        Kind("exchange", _tokens, _NO_EXCHANGE["ZS-190"], check=exchange_ok, values=exchanges),
        Kind("end", _none, No("ZS-220", "end_plain")),
        values=hub_values,
    ),
    "enchant_gems": _PAY,
    "extend_knowledge": _PAY,
    "pay_auction": _PAY,
    "auction": _phase(
        Kind("pass", _none, No("ZS-420", "auction_running"), check=pass_ok, rules=("ZS-410",)),
        Kind(
            "bid",
            _amounts,
            No("ZS-410", "bid_range"),
            check=bid_ok,
            rules=("ZS-410", "ZS-420", "ZS-913", "ZS-460"),
            values=menu,
        ),
        values=auction_phase_values,
    ),
    "lose_gem": _phase(Kind("lose", _gems, _NOT_A_GEM, check=lose_ok, rules=("ZS-903",), values=active_gems)),
    "check_hand_limit": _phase(
        Kind("exchange", _tokens, _NO_EXCHANGE["ZS-510"], check=reduce_exchange_ok, values=exchanges),
        Kind("discard", _items, No("ZS-916", "not_an_item"), check=discard_ok, rules=("ZS-916",), values=held_items),
    ),
}

#: action kind -> the rule that governs it (the phases that use it are those of ``DECISIONS`` naming it)
KINDS: dict[str, str] = {
    "enchant": "ZS-230",
    "disenchant": "ZS-290",
    "activate": "ZS-310",
    "deactivate": "ZS-310",
    "learn": "ZS-330",
    "free_step": "ZS-360",
    "buy_stone": "ZS-350",
    "auction": "ZS-400",
    "exchange": "ZS-190",
    "end": "ZS-220",
    "bid": "ZS-400",
    "pass": "ZS-400",
    "pay": "ZS-430",
    "sell": "ZS-460",
    "lose": "ZS-903",
    "discard": "ZS-916",
}

#: the game's ``why_not``: every decision phase's refusals come from the checks above
REFUSALS = Refusals(DECISIONS, KINDS)
