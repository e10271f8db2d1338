"""The state of a game of Zavandor as frozen dataclasses, and what follows from it.

Only plain tuples, ints and strings: states are hashable, small and cheap
to copy. Derived values (capacity, hand limit, prices, victory points)
are functions here, computed from the current holdings, never stored:
victory points are a status, not a running total (ZS-610).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ...engine.records import changer, copier
from .tables import ARTS, DIAMOND, EMERALD, FIRE, GEMS, GEMS_AREA, RUBY, STORE, Config

__all__ = [
    "replace",
    "copy_player",
    "copy_auction",
    "copy_pay",
    "copy_table",
    "Player",
    "Auction",
    "Pay",
    "Table",
    "capacity",
    "hand_limit",
    "hand_value",
    "hand_count",
    "gem_price",
    "sale_value",
    "gem_vp",
    "victory_points",
    "means",
    "can_enchant",
    "owns_max",
    "item_price",
    "modifier",
    "put",
    "putter",
    "remember",
]

#: the most answers a module-level memo keeps (``remember``)
MEMO_LIMIT = 10_000


def remember(memo: dict, key: object, value: object, limit: int = MEMO_LIMIT) -> object:
    """Keep ``value`` under ``key`` in ``memo`` and return it; a full memo starts afresh.

    The package's memos (legal values, dust splits, gem sales, incomes) are keyed by the few
    combinations of holdings a game has; the limit only bounds a very long run of many games,
    so clearing the whole memo now and then costs nothing measurable.
    """
    if len(memo) >= limit:
        memo.clear()
    memo[key] = value
    return value


@dataclass(frozen=True, slots=True)
class Player:
    """One player's board, hand and possessions."""

    char: int
    active: tuple[int, ...]  # active gems per type (on the spiral)
    stored: tuple[int, ...]  # inactive gems per type (in the pentagon)
    know: tuple[int, ...]  # level per knowledge area, 0 = no stone there
    markers: tuple[int, ...]  # costs of the knowledge stones not yet bought
    prepaid: int  # bought knowledge stones waiting in the pentagon (ZS-350)
    cards: tuple[tuple[int, int], ...]  # energy cards (gem, value), sorted; hidden from others
    conc: tuple[int, ...]  # concentrated-energy cards per gem (sapphire..ruby)
    dust: tuple[int, ...]  # dust tokens per denomination (2, 5, 10)
    arts: tuple[str, ...] = ()
    sents: tuple[str, ...] = ()
    stepped: bool = False  # the paid knowledge step of this round is used (ZS-320)
    free_steps: int = 0  # free knowledge steps from artifacts
    sages: tuple[int, ...] = ()  # Nine Sages reward cards due at the next income


@dataclass(frozen=True, slots=True)
class Auction:
    """An open auction (ZS-400..ZS-470)."""

    kind: str  # "artifact" or "sentinel"
    item: str
    opener: int
    seats: tuple[int, ...]  # bidders still in, in bidding order
    turn: int  # seat to bid or pass
    high: int = 0
    leader: int = -1
    passes: int = 0  # passes since the last bid (used when a pass is not final)


@dataclass(frozen=True, slots=True)
class Pay:
    """A payment in progress: items are handed over one at a time."""

    seat: int
    due: int
    what: tuple  # ("gem", g) / ("stone",) / ("learn", area) / ("artifact", id) / ("sentinel", id)
    paid: int = 0
    can_sell: bool = False  # auction payments may sell gems on the way (ZS-460 choice)


@dataclass(frozen=True, slots=True)
class Table:
    """Everything on the table."""

    p: tuple[Player, ...]
    order: tuple[int, ...]  # seats in turn order (disc 1 first)
    vp_start: tuple[int, ...]  # VP when the turn order was set (place modifiers)
    art_deck: tuple[str, ...]  # face down, top first
    offer: tuple[str, ...]  # face-up artifacts
    sents: tuple[str, ...]  # sentinels still on offer
    decks: tuple[tuple[int, ...], ...]  # energy decks per gem (sapphire..ruby), top first
    discards: tuple[tuple[int, ...], ...]
    supply: tuple[int, ...]  # gems in the general supply
    round: int = 1
    cur: int = 0  # index into order for per-player loops
    auction: Auction | None = None
    pay: Pay | None = None
    losers: tuple[int, ...] = ()  # seats that must give up an active gem
    dust_net: int = 0  # dust value the bank has handed out minus taken back
    conc_net: int = 0  # concentrated cards handed out minus taken back


def replace(obj, **changes):
    """A copy of a frozen slots dataclass with some fields changed.

    Same result as ``dataclasses.replace`` for these plain records, several times
    as fast: each record class gets a copier generated from its field names
    (``rulekit.engine.records.copier``); the rules copy small records on every step.
    """
    return type(obj)._copy(obj, **changes)


for _cls in (Player, Auction, Pay, Table):
    _cls._copy = staticmethod(copier(_cls))
#: ``replace`` for each record class, without looking up the class and passing the changes on: the
#: rules copy a player or the table several times per step, so they call these directly
copy_player, copy_auction, copy_pay, copy_table = Player._copy, Auction._copy, Pay._copy, Table._copy


def put(t: Table, seat: int, player: Player, **changes) -> Table:
    """The table with one player replaced (the most frequent copy: straight to the table's copier)."""
    ps = list(t.p)
    ps[seat] = player
    return copy_table(t, p=tuple(ps), **changes)


def putter(*fields: str) -> Callable[..., Table]:
    """``put`` for calls that change the same other table fields every time: ``put_x(t, seat, player, *values)``.

    The rules' hottest copies (dust paid or received, a gem bought, a card drawn) replace one
    player and one or two table fields. The keyword copier tests every field of the table for a
    change; a ``changer`` copies exactly these, at about half the cost of ``put``.
    """
    change = changer(Table, "p", *fields)

    def put_fields(t: Table, seat: int, player: Player, *values) -> Table:
        ps = list(t.p)
        ps[seat] = player
        return change(t, tuple(ps), *values)

    put_fields.__qualname__ = put_fields.__name__ = "put_" + "_".join(fields or ("player",))
    return put_fields


#: the commonest copies of a step, each with exactly its fields changed (``putter``, ``changer``)
put_player, put_dust_net, put_dust_net_pay = putter(), putter("dust_net"), putter("dust_net", "pay")
with_dust, with_cards, with_active = changer(Player, "dust"), changer(Player, "cards"), changer(Player, "active")
with_cur, with_pay, with_paid = changer(Table, "cur"), changer(Table, "pay"), changer(Pay, "paid")


# -- derived values ---------------------------------------------------------


def _art_sum(cfg: Config, p: Player, field: str) -> int:
    """The sum of ``field`` over the artifacts a player owns (asked on every capacity, hand limit and
    price: kept per set of artifacts in ``cfg.art_sums``)."""
    if not p.arts:
        return 0
    key = (p.arts, field)
    total = cfg.art_sums.get(key)
    if total is None:
        total = cfg.art_sums[key] = sum(cfg.artifacts[a].get(field, 0) for a in p.arts)
    return total


def _art_allows(cfg: Config, p: Player, gem: str) -> bool:
    """True when an artifact the player owns allows enchanting ``gem`` (ZS-250, ZS-260); asked for
    every hub decision, so kept per set of artifacts in ``cfg.art_sums`` (as the number of them)."""
    key = (p.arts, gem)
    n = cfg.art_sums.get(key)
    if n is None:
        n = cfg.art_sums[key] = sum(1 for a in p.arts if cfg.artifacts[a].get("allows") == gem)
    return n > 0


def capacity(cfg: Config, p: Player) -> int:
    """Active slots: spiral 5 + artifacts (+4) + Knowledge of Storage (+2), at most 11 (ZS-040)."""
    return min(cfg.max_active, cfg.spiral_slots + _art_sum(cfg, p, "slots") + cfg.store_slots[p.know[STORE]])


def hand_limit(cfg: Config, p: Player) -> int:
    """Base + one modifier per area holding a stone (ZS-390, ZS-912) + artifacts."""
    k, h = p.know, cfg.area_hand  # six areas (config.AREAS), unrolled: asked on every phase-4 step
    areas = (
        (h[0] if k[0] else 0)
        + (h[1] if k[1] else 0)
        + (h[2] if k[2] else 0)
        + (h[3] if k[3] else 0)
        + (h[4] if k[4] else 0)
        + (h[5] if k[5] else 0)
    )
    return cfg.hand_base + areas + (_art_sum(cfg, p, "hand_limit") if p.arts else 0)


def hand_value(cfg: Config, p: Player) -> int:
    """Dust value of all energy a player holds: cards, concentrated energy and dust."""
    total = 0
    for _, v in p.cards:
        total += v
    c, d, tok = p.conc, p.dust, cfg.tokens
    conc = cfg.concentrated
    return (
        total
        + c[0] * conc[0]
        + c[1] * conc[1]
        + c[2] * conc[2]
        + c[3] * conc[3]
        + d[0] * tok[0]
        + d[1] * tok[1]
        + d[2] * tok[2]
    )


def hand_count(cfg: Config, p: Player) -> int:
    """What the energy counts against the hand limit (ZS-500)."""
    c, d, w = p.conc, p.dust, cfg.token_weight
    return (
        len(p.cards) * cfg.card_weight
        + (c[0] + c[1] + c[2] + c[3]) * cfg.conc_weight
        + d[0] * w[0]
        + d[1] * w[1]
        + d[2] * w[2]
    )


def gem_price(cfg: Config, p: Player, g: int) -> int:
    """Current price of a gem for this player: base x Knowledge-of-Gems percent, truncated (ZS-909)."""
    return cfg.gem_price[g] * cfg.price_percent[p.know[GEMS_AREA]] // 100


def sale_value(cfg: Config, p: Player, g: int) -> int:
    """Half the current price, rounded down (ZS-290, ZS-300)."""
    return gem_price(cfg, p, g) // cfg.sell_divisor


def gem_vp(cfg: Config, p: Player) -> int:
    """Points from active gems only (ZS-560..ZS-590)."""
    a, v = p.active, cfg.gem_vp
    return a[0] * v[0] + a[1] * v[1] + a[2] * v[2] + a[3] * v[3] + a[4] * v[4]


def sentinel_vp(cfg: Config, p: Player, sid: str) -> int:
    """5 + the sentinel's bonus for what its owner has now (ZS-550, ZS-917)."""
    s = cfg.sentinels[sid]
    kind = s["bonus"]
    if kind == "per_active":
        units = p.active[GEMS.index(s["gem"])]
    elif kind == "distinct_gems":
        units = sum(1 for n in p.active if n)
    elif kind == "level4_areas":
        units = sum(1 for lv in p.know if lv >= cfg.max_level)
    else:
        units = sum(1 for a in p.arts if a in s["artifacts"])
    bonus = units * s["each"]
    return cfg.sentinel_vp + (min(bonus, s["cap"]) if s["cap"] else bonus)


def victory_points(cfg: Config, p: Player) -> int:
    """Gems + artifacts + sentinels + 2 per completed knowledge area (ZS-540..ZS-600)."""
    total = gem_vp(cfg, p)
    if p.arts:  # every artifact prints its points (data/artifacts.toml); the sum is kept per set (bots rate often)
        total += _art_sum(cfg, p, "vp")
    if p.sents:
        total += sum(sentinel_vp(cfg, p, s) for s in p.sents)
    if max(p.know) >= cfg.max_level:
        total += cfg.level4_vp * sum(1 for lv in p.know if lv >= cfg.max_level)
    return total


def means(cfg: Config, p: Player, with_gems: bool = True, energy: int | None = None) -> int:
    """What a player can pay at most: energy (``hand_value``, if not given), plus the sale value
    of every gem (ZS-460 choice)."""
    total = hand_value(cfg, p) if energy is None else energy
    if with_gems:
        # every hub decision asks (ZS-460 for the auctions): the gems' part is kept per gem counts
        # and Knowledge of Gems level in ``cfg.gem_sales``
        key = (p.active, p.stored, p.know[GEMS_AREA])
        sales = cfg.gem_sales.get(key)
        if sales is None:
            pct = cfg.price_percent[p.know[GEMS_AREA]]
            sales = remember(
                cfg.gem_sales,
                key,
                sum(
                    (p.active[g] + p.stored[g]) * (cfg.gem_price[g] * pct // 100 // cfg.sell_divisor) for g in range(5)
                ),
            )
        total += sales
    return total


def owns_max(cfg: Config, p: Player, art: str) -> bool:
    """True when the player may not own another copy (Wand, Belt: ZS-440)."""
    return bool(cfg.artifacts[art].get("unique")) and art in p.arts


def can_enchant(cfg: Config, p: Player, g: int, rubies_in_play: int, scope: str, limit: int) -> str:
    """The rule id that forbids enchanting gem ``g`` now, or "" when allowed."""
    if g == EMERALD and not (p.arts and _art_allows(cfg, p, "emerald")):
        return "ZS-250"
    if g == DIAMOND and not (p.arts and _art_allows(cfg, p, "diamond")):
        return "ZS-260"
    if g == RUBY:
        owned = p.active[RUBY] + p.stored[RUBY]
        druid = cfg.characters[p.char].get("ruby_at_fire3", 0)
        if p.know[FIRE] < cfg.ruby_level and not (druid and p.know[FIRE] >= cfg.ruby_level - 1 and owned < druid):
            return "ZS-270"
        if (rubies_in_play if scope == "supply" else owned) >= limit:
            return "ZS-280"
    return ""


def modifier(cfg: Config, t: Table, seat: int, kind: str, item: str, opts: dict) -> int:
    """Discounts and surcharges for ``seat`` on an item (ZS-430, ZS-913); negative = discount."""
    p = t.p[seat]
    place = t.order.index(seat)
    mods = opts["place_surcharge_sentinel" if kind == "sentinel" else "place_surcharge_artifact"]
    mod = 0
    if place < len(mods) and mods[place]:
        if mods[place] > 0:
            if t.vp_start[seat] >= cfg.place_min_vp:
                mod += mods[place]
        elif max(t.vp_start) >= cfg.place_min_vp:
            mod += mods[place]
    lv = p.know[ARTS]
    if kind == "sentinel":
        mod -= cfg.sent_discount_k[lv] + _art_sum(cfg, p, "sentinel_discount")
    else:
        mod -= cfg.art_discount[lv]
        if p.arts and item:
            mod -= sum(cfg.artifacts[a].get("discount_on", {}).get(item, 0) for a in p.arts)
    return mod


def item_price(cfg: Config, t: Table, seat: int, kind: str, item: str, bid: int, opts: dict) -> int:
    """What ``seat`` pays for a bid: bid + modifiers, at least 0 (ZS-430)."""
    return max(0, bid + modifier(cfg, t, seat, kind, item, opts))
