"""The bots' value of a position (``ScepterOfZavandor.evaluate``): points plus an economy.

Victory points alone make selling gems look free (a gem's sale value was all that counted of
it), so search bots sold their gems for artifacts and were left with no income, for ever.
Here every player is worth his points now, plus his energy, plus his income per round times
the rounds still expected (fewer as sentinels are bought, ZS-620), plus knowledge. For the
deciding seat, what it has committed to counts as done: an open payment, or the item of an
auction it is still in at the high bid (the printed price before the first bid); the price
comes from its energy, then from selling gems, and a player left without any income is ruined.
Other players are valued as they stand, so an opponent's random raise inside a search does not
look like a gain. Once enough sentinels are in play the player ahead is the winner (``decided``).
The weights are in ``data/evaluate.toml``; everything here is cheap (it runs inside search).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...engine import State
from .auction import printed
from .model import (
    Player,
    Table,
    capacity,
    copy_player,
    hand_count,
    hand_limit,
    hand_value,
    item_price,
    remember,
    victory_points,
)
from .tables import FLOW, GEMS, GEMS_AREA, Config

if TYPE_CHECKING:
    from .rules import ScepterOfZavandor

__all__ = ["Weights", "load_weights", "evaluate", "worth"]


@dataclass(frozen=True)
class Weights:
    """The weights of data/evaluate.toml plus averages read from the decks."""

    energy: float
    rounds_base: float
    rounds_per_sentinel: float
    level_dust: float
    ruin: float
    decided: float
    card_avg: tuple[float, ...]  # average card value per gem (index 0 = opal: 0)
    art_income: dict[str, float]  # artifact id -> average card it brings each round
    sale_order: tuple[int, ...]  # gems as ``pay auto`` sells them: fewest points, then cheapest


def load_weights(cfg: Config, table: dict) -> Weights:
    avg = (0.0, *(sum(d) / len(d) if d else 0.0 for d in cfg.deck_cards))
    incomes = {a: avg[GEMS.index(e["income"])] for a, e in cfg.artifacts.items() if e.get("income")}
    return Weights(
        float(table["energy"]),
        float(table["rounds_base"]),
        float(table["rounds_per_sentinel"]),
        float(table["level_dust"]),
        float(table["ruin"]),
        float(table["decided"]),
        avg,
        incomes,
        tuple(sorted(range(len(cfg.gem_vp)), key=lambda g: (cfg.gem_vp[g], cfg.gem_price[g]))),
    )


#: id(weights) -> (the weights, {(active gems, Energy Flow level, artifacts): ``income``}); the entry
#: holds the weights, so the id cannot be reused while it is kept (one entry per loaded game)
_INCOMES: dict[int, tuple[Weights, dict[tuple, float]]] = {}


def income(cfg: Config, w: Weights, p: Player) -> float:
    """Dust a player can expect in the next income phase (ZS-120..ZS-180), from averages.

    Every rating asks (``worth``); it depends only on the active gems, Knowledge of Energy Flow
    and the artifacts, of which a game has few combinations: each answer is kept."""
    entry = _INCOMES.get(id(w))
    if entry is None or entry[0] is not w:
        entry = _INCOMES[id(w)] = (w, {})
    key = (p.active, p.know[FLOW], p.arts)
    kept = entry[1].get(key)
    if kept is None:
        kept = remember(entry[1], key, _income(cfg, w, p))
    return kept


def _income(cfg: Config, w: Weights, p: Player) -> float:
    a = p.active
    total = cfg.opal_dust[min(a[0], len(cfg.opal_dust) - 1)] + cfg.flow_dust[p.know[FLOW]]
    avg = w.card_avg
    for g in range(1, 5):
        if a[g]:
            total += a[g] * avg[g] + (a[g] // cfg.group_size) * cfg.group_dust
    if p.arts:
        total += sum(w.art_income.get(x, 0.0) for x in p.arts)
    return total


def worth(cfg: Config, w: Weights, p: Player, rounds: float, owed: int = 0, ruin: bool = True) -> float:
    """One player's value in VP: points, energy (less what is owed), income x rounds, knowledge.

    A debt larger than the energy in hand is paid by selling gems (as ``pay auto`` does), so the
    player is valued without them; one left with no income and too little energy for an opal
    can never buy again and loses ``ruin``.
    """
    held = hand_value(cfg, p)
    energy = held - owed
    if energy < 0:
        p, energy = _sold(cfg, w, p, -energy)
    elif energy > 0:  # what is left after paying; the part above the hand limit goes in phase 4 (ZS-490)
        count = hand_count(cfg, p) * energy / held
        limit = hand_limit(cfg, p)
        if count > limit:
            energy = energy * max(limit, 0) / count
    levels = sum(p.know) - p.know[FLOW]
    gets = income(cfg, w, p)
    pct = cfg.price_percent[p.know[GEMS_AREA]]
    stored = (  # the sale value of the gems in the pentagon (most players keep none there: no sum then)
        sum(n * (cfg.gem_price[g] * pct // 100 // cfg.sell_divisor) for g, n in enumerate(p.stored) if n)
        if any(p.stored)
        else 0
    )
    later = stored + (p.prepaid * cfg.stone_costs[0] if p.prepaid else 0)
    if p.sages:
        later += sum(w.card_avg[g] for g in p.sages)
    value = victory_points(cfg, p) + w.energy * (
        energy + later + rounds * (gets + w.level_dust * (levels + p.free_steps))
    )
    if ruin and not gets and energy + later < cfg.gem_price[0] * pct // 100:
        value -= w.ruin
    return value


def _sold(cfg: Config, w: Weights, p: Player, short: int) -> tuple[Player, int]:
    """The player after selling gems, cheapest points first (as ``pay auto``), until ``short``
    dust is covered; and the change left over (0 when even all gems do not cover it)."""
    pct = cfg.price_percent[p.know[GEMS_AREA]]
    active, stored = list(p.active), list(p.stored)
    for g in w.sale_order:
        value = cfg.gem_price[g] * pct // 100 // cfg.sell_divisor
        while short > 0 and (stored[g] or active[g]):
            if stored[g]:
                stored[g] -= 1
            else:
                active[g] -= 1
            short -= value
    return copy_player(p, active=tuple(active), stored=tuple(stored)), max(0, -short)


def _gained(cfg: Config, p: Player, what: tuple) -> Player:
    """The player as he will be once the purchase ``what`` is done (its main effects)."""
    kind = what[0]
    if kind == "gem":
        g = what[1]
        if sum(p.active) < capacity(cfg, p):
            return copy_player(p, active=p.active[:g] + (p.active[g] + 1,) + p.active[g + 1 :])
        return copy_player(p, stored=p.stored[:g] + (p.stored[g] + 1,) + p.stored[g + 1 :])
    if kind == "stone":
        return copy_player(p, markers=p.markers[1:], prepaid=p.prepaid + 1)
    if kind == "learn":
        a = what[1]
        know = p.know[:a] + (p.know[a] + 1,) + p.know[a + 1 :]
        if p.know[a]:
            return copy_player(p, know=know)
        if p.prepaid:
            return copy_player(p, know=know, prepaid=p.prepaid - 1)
        return copy_player(p, know=know, markers=p.markers[1:])
    if kind == "sentinel":
        return copy_player(p, sents=p.sents + (what[1],))
    art = cfg.artifacts[what[1]]
    p = copy_player(p, arts=p.arts + (what[1],), free_steps=p.free_steps + art.get("free_steps", 0))
    if art.get("free_gem"):  # the Elixir's diamond (ZS-903)
        return _gained(cfg, p, ("gem", GEMS.index(art["free_gem"])))
    return p


def rounds_left(w: Weights, t: Table, opts: dict, owned: int | None = None) -> float:
    """Rounds still expected: fewer with every sentinel bought (ZS-620), capped by a round limit.
    ``owned``: the sentinels in play, if the caller has counted them."""
    if owned is None:
        owned = sum(len(p.sents) for p in t.p)
    if owned >= opts["sentinels_to_end"]:
        return 0.0
    rounds = w.rounds_base + w.rounds_per_sentinel * max(0, opts["sentinels_to_end"] - owned)
    limit = opts["round_limit"]
    if limit:
        rounds = min(rounds, max(0, limit - t.round))
    return rounds


_THEIRS: dict[int, tuple] = {}  # id(player) -> (player, weights, rounds, worth) (``_their_worth``)


def _their_worth(cfg: Config, w: Weights, p: Player, rounds: float) -> float:
    """``worth`` of another player, kept per player record: while a bot weighs the moves of its
    turn the others' records stay the very same objects, so each is valued once, not once per
    candidate. The entry holds the record, so its id cannot be reused while it is kept."""
    kept = _THEIRS.get(id(p))
    if kept is not None and kept[0] is p and kept[1] is w and kept[2] == rounds:
        return kept[3]
    value = worth(cfg, w, p, rounds, ruin=False)
    remember(_THEIRS, id(p), (p, w, rounds, value), limit=4096)
    return value


def evaluate(game: ScepterOfZavandor, state: State, seat: int) -> float:
    """``seat``'s worth minus the best other player's worth (see the module docstring)."""
    cfg, w, t = game.cfg, game.weights, state.data
    owned = sum(len(p.sents) for p in t.p)  # sentinels in play (ZS-620): counted once for both uses
    rounds = rounds_left(w, t, state.options, owned)
    buyer, owed, what = -1, 0, None
    if t.pay is not None:
        buyer, owed, what = t.pay.seat, t.pay.due - t.pay.paid, t.pay.what
    elif t.auction is not None and seat in t.auction.seats:
        auc = t.auction  # still bidding: ``seat`` may have to pay the high bid (the printed price at first)
        buyer, what = seat, (auc.kind, auc.item)
        bid = auc.high if auc.leader >= 0 else printed(game, auc.kind, auc.item)
        owed = item_price(cfg, t, seat, auc.kind, auc.item, bid, state.options)
    best_other = None
    mine = 0.0
    for i, p in enumerate(t.p):
        if i != seat:
            v = _their_worth(cfg, w, p, rounds)
        elif i == buyer:
            v = worth(cfg, w, _gained(cfg, p, what), rounds, owed)
        else:
            v = worth(cfg, w, p, rounds)
        if i == seat:
            mine = v
        elif best_other is None or v > best_other:
            best_other = v
    lead = mine - (best_other or 0.0)
    if owned < state.options["sentinels_to_end"]:
        return lead
    won = game.winners(state)  # the game ends with this round (ZS-620): who is ahead now wins
    if seat in won:
        return lead + (w.decided if len(won) == 1 else 0.0)
    return lead - w.decided
