"""Refusals with rule ids, seat views, conservation checks and determinization.

``why_not`` answers "why can't I?" with the ledger rule that forbids an
action, taken from the same checks the phases' ``legal`` generators use
(legality.py), and None for a legal action; ``view`` hides energy-card values in other hands and the order of
every deck; ``invariants`` checks that no card, gem, artifact, sentinel
or dust is created or lost outside the bank's bookkeeping.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from ...engine import Action, Dice, IllegalAction, State, encode
from . import legality as check
from .config import AREAS, GEMS
from .model import (
    capacity,
    gem_price,
    hand_count,
    hand_limit,
    hand_value,
    item_price,
    means,
    replace,
    victory_points,
)

if TYPE_CHECKING:
    from .rules import ScepterOfZavandor

__all__ = [
    "auction_why_not",
    "pay_why_not",
    "hub_why_not",
    "reduce_why_not",
    "lose_why_not",
    "view",
    "invariants",
    "determinize",
]

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
            rule = check.enchant(cfg, t, p, g, value, s.options)
            if rule == "ZS-910":
                return rule, "supply_empty", {"gem": gem}
            if rule == "ZS-230":
                return rule, "too_poor", {"price": gem_price(cfg, p, g), "have": value}
            return (rule, "access_" + rule, {"limit": s.options["ruby_limit"]}) if rule else None
        if kind == "disenchant":
            rule = check.disenchant(p, g)
            return (rule, "no_gem", {"gem": gem}) if rule else None
        rule = check.activate(p, g, capacity(cfg, p) > sum(p.active)) if kind == "activate" else check.deactivate(p, g)
        if rule == "ZS-040":
            return rule, "no_slot", {"cap": capacity(cfg, p)}
        return (rule, "no_gem_there", {"gem": gem}) if rule else None
    if kind in ("learn", "free_step"):
        if arg not in AREAS or len(a.args) != 1:
            return "ZS-030", "no_such_area", {"name": arg}
        ai = AREAS.index(arg)
        rule = check.learn(cfg, p, ai, value) if kind == "learn" else check.free_step(cfg, p, ai)
        if not rule:
            return None
        if rule == "ZS-330" and p.know[ai] >= cfg.max_level:
            return rule, "max_level", {}
        key = {"ZS-320": "one_step", "ZS-360": "no_free_step", "ZS-370": "no_stones"}.get(rule)
        if key:
            return rule, key, {}
        if kind == "free_step":
            return rule, "need_stone", {}
        return rule, "too_poor", {"price": check.learn_cost(cfg, p, ai), "have": value}
    if kind == "buy_stone":
        rule = check.buy_stone(p, value)
        if rule == "ZS-370":
            return rule, "no_stones", {}
        return (rule, "too_poor", {"price": p.markers[0], "have": value}) if rule else None
    if kind == "auction":
        item = str(arg)
        rule = check.open_auction(game, s, s.to_move, item) if len(a.args) == 1 else "ZS-400"
        return (rule, "auction_" + rule, {"item": item}) if rule else None
    if kind == "exchange":
        rule = check.exchange(cfg, p, arg) if len(a.args) == 1 else "ZS-190"
        return (rule, "no_exchange", {}) if rule else None
    return None if not a.args else ("ZS-220", "end_plain", {})  # "end" takes no arguments


def _auction_reason(s: State, a: Action) -> tuple[str, str, dict] | None:
    game = s.game
    if a.kind == "bid" and len(a.args) == 1:
        return _bid_reason(game, s, a.args[0])
    if a.kind == "pass" and not a.args:
        rule = check.pass_bid(game, s)
        return (rule, "must_open", {}) if rule else None
    return "ZS-420", "auction_running", {}


def _bid_reason(game, s: State, amount) -> tuple[str, str, dict] | None:
    cfg, t = game.cfg, s.data
    auc = t.auction
    rule = check.bid(game, s, amount)
    if rule == "ZS-410":
        return rule, "below_printed", {"price": check.printed(game, auc.kind, auc.item)}
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
        rule = check.held(cfg, p, check.parse_item(a.args), "ZS-430")
        return (rule, "not_held", {"item": " ".join(map(str, a.args))}) if rule else None
    if a.kind == "sell":
        g = _gem(a)
        if g is None:
            return "ZS-010", "no_such_gem", {"name": a.args[0] if a.args else None}
        rule = check.sell(pay.can_sell, p, g)
        if rule == "ZS-460":
            return rule, "sell_only_auction", {}
        return (rule, "no_gem", {"gem": s.game.gem_name(g)}) if rule else None
    return "ZS-430", "pay_first", {"due": pay.due - pay.paid}


def _reduce_reason(s: State, a: Action) -> tuple[str, str, dict] | None:
    cfg = s.game.cfg
    p = s.data.p[s.to_move]
    if a.kind == "discard":
        rule = check.held(cfg, p, check.parse_item(a.args), "ZS-916")
        return (rule, "not_held", {"item": " ".join(map(str, a.args))}) if rule else None
    if a.kind == "exchange":
        rule = check.exchange(cfg, p, a.args[0], "ZS-510") if len(a.args) == 1 else "ZS-510"
        return (rule, "no_exchange", {}) if rule else None
    return "ZS-490", "reduce_first", {}


def _lose_reason(s: State, a: Action) -> tuple[str, str, dict] | None:
    if a.kind == "lose":
        g = _gem(a)
        if g is None:
            return "ZS-010", "no_such_gem", {"name": a.args[0] if a.args else None}
        rule = check.lose(s.data.p[s.to_move], g)
        return (rule, "lose_active", {"gem": s.game.gem_name(g)}) if rule else None
    return "ZS-903", "lose_first", {}


auction_why_not = _refusal(_auction_reason)
pay_why_not = _refusal(_pay_reason)
hub_why_not = _refusal(_hub_reason)
reduce_why_not = _refusal(_reduce_reason)
lose_why_not = _refusal(_lose_reason)


# -- views ------------------------------------------------------------------


def view(game: ScepterOfZavandor, s: State, seat: int | None) -> dict:
    """What ``seat`` may see: own card values, others' card counts per gem; deck sizes only."""
    cfg, t = game.cfg, s.data
    if t is None:
        return {}
    seats = []
    for i, p in enumerate(t.p):
        d = encode(p)
        d["character"] = cfg.characters[p.char]["id"]
        if seat is not None and seat != i:
            d["cards"] = {GEMS[g]: sum(1 for c in p.cards if c[0] == g) for g in range(1, 5)}
            d["sages"] = len(p.sages)
        d.update(
            vp=victory_points(cfg, p),
            hand_limit=hand_limit(cfg, p),
            hand_count=hand_count(cfg, p),
            capacity=capacity(cfg, p),
        )
        if seat is None or seat == i:
            d["energy"] = hand_value(cfg, p)
        seats.append(d)
    return {
        "round": t.round,
        "order": list(t.order),
        "offer": list(t.offer),
        "artifact_deck": len(t.art_deck) if seat is not None else list(t.art_deck),
        "sentinels": list(t.sents),
        "decks": [len(d) for d in t.decks] if seat is not None else encode(t.decks),
        "discards": [len(d) for d in t.discards] if seat is not None else encode(t.discards),
        "supply": list(t.supply),
        "seats": seats,
        "auction": encode(t.auction),
        "pay": encode(t.pay),
        "losers": list(t.losers),
    }


# -- conservation --------------------------------------------------------------


def invariants(game: ScepterOfZavandor, s: State) -> list[str]:
    cfg, t = game.cfg, s.data
    if t is None:
        return []
    bad = []
    for i in range(4):
        held = [v for p in t.p for g, v in p.cards if g == i + 1]
        if Counter(t.decks[i]) + Counter(t.discards[i]) + Counter(held) != Counter(cfg.deck_cards[i]):
            bad.append(f"{GEMS[i + 1]} energy cards are not conserved")
    for g in range(5):
        owned = sum(p.active[g] + p.stored[g] for p in t.p)
        if owned + t.supply[g] != cfg.gem_supply[g] or (t.supply[g] < 0 and s.options["gem_supply"] == "limited"):
            bad.append(f"{GEMS[g]} gems are not conserved")
    arts = Counter(t.art_deck) + Counter(t.offer) + Counter(a for p in t.p for a in p.arts)
    if arts != Counter({a: cfg.copies_by_players[s.players] for a in cfg.artifact_ids}):
        bad.append("artifacts are not conserved")
    if sorted(t.sents + tuple(x for p in t.p for x in p.sents)) != sorted(cfg.sentinel_ids):
        bad.append("sentinels are not conserved")
    if sum(n * cfg.tokens[k] for p in t.p for k, n in enumerate(p.dust)) != t.dust_net:
        bad.append("dust does not match the bank's record")
    if sum(sum(p.conc) for p in t.p) != t.conc_net:
        bad.append("concentrated energy does not match the bank's record")
    for i, p in enumerate(t.p):
        if min(p.dust + p.conc + p.active + p.stored) < 0:
            bad.append(f"P{i + 1} holds a negative count")
        if sum(p.active) > capacity(cfg, p):
            bad.append(f"P{i + 1} has more active gems than slots (ZS-040)")
        if sum(1 for lv in p.know if lv) + p.prepaid + len(p.markers) != len(AREAS):
            bad.append(f"P{i + 1}'s knowledge stones are not conserved")
        if s.options["ruby_limit_scope"] == "player" and p.active[4] + p.stored[4] > s.options["ruby_limit"]:
            bad.append(f"P{i + 1} owns more rubies than allowed (ZS-280)")
        if any(lv > cfg.max_level for lv in p.know):
            bad.append(f"P{i + 1} has a knowledge level above {cfg.max_level}")
    return bad


def determinize(game: ScepterOfZavandor, s: State, seat: int, dice: Dice) -> State:
    """Resample what ``seat`` cannot see: deck order, discards, other hands' card values."""
    t = s.data
    ps = list(t.p)
    decks, discards = list(t.decks), list(t.discards)
    for i in range(4):
        g = i + 1
        pool = list(decks[i]) + list(discards[i])
        for k, p in enumerate(ps):
            if k != seat:
                pool += [v for gg, v in p.cards if gg == g]
        pool = list(dice.shuffle(pool))
        for k, p in enumerate(ps):
            if k != seat:
                n = sum(1 for gg, _ in p.cards if gg == g)
                mine = [c for c in p.cards if c[0] != g] + [(g, pool.pop()) for _ in range(n)]
                ps[k] = replace(p, cards=tuple(sorted(mine)))
        nd = len(discards[i])
        discards[i] = tuple(pool[:nd])
        decks[i] = tuple(pool[nd:])
    t = replace(t, p=tuple(ps), decks=tuple(decks), discards=tuple(discards))
    return s.evolve(data=t)
