"""Refusals with rule ids, seat views, conservation checks and determinization.

``why_not`` answers "why can't I?" with the ledger rule that forbids an
action; ``view`` hides energy-card values in other hands and the order of
every deck; ``invariants`` checks that no card, gem, artifact, sentinel
or dust is created or lost outside the bank's bookkeeping.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from ...engine import Action, Dice, IllegalAction, State, encode
from .config import AREAS, GEMS
from .model import (
    can_enchant,
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
    """A ``why_not`` hook from a function returning (rule, message key, arguments)."""

    def why_not(s: State, a: Action) -> IllegalAction:
        rule, key, args = reason(s, a)
        return s.game.refuse(rule, key, a, **args)

    return why_not


def _auction_reason(s: State, a: Action) -> tuple[str, str, dict]:
    if a.kind == "bid" and a.args and isinstance(a.args[0], int):
        return _bid_reason(s.game, s, a.args[0])
    if a.kind == "pass" and s.data.auction.leader < 0:
        return "ZS-410", "must_open", {}
    return "ZS-420", "auction_running", {}


def _pay_reason(s: State, a: Action) -> tuple[str, str, dict]:
    if a.kind == "sell":
        return "ZS-460", "sell_only_auction", {}
    return "ZS-430", "pay_first", {"due": s.data.pay.due - s.data.pay.paid}


def _hub_reason(s: State, a: Action) -> tuple[str, str, dict]:
    game, kind = s.game, a.kind
    cfg, t, phase = game.cfg, s.data, s.phase
    if kind in ("bid", "pass"):
        return "ZS-400", "no_auction", {}
    if kind not in HUB | {"exchange"}:
        return "ZS-200", "not_now", {"phase": game.phases[phase].name, "phase_de": game.phases[phase].name_de}
    p = t.p[s.to_move]
    arg = a.args[0] if a.args else None
    if kind in ("enchant", "disenchant", "activate", "deactivate"):
        if arg not in GEMS:
            return "ZS-010", "no_such_gem", {"name": arg}
        g = GEMS.index(arg)
        if kind == "enchant":
            rule = can_enchant(
                cfg,
                p,
                g,
                sum(q.active[4] + q.stored[4] for q in t.p),
                s.options["ruby_limit_scope"],
                s.options["ruby_limit"],
            )
            if rule:
                return rule, "access_" + rule, {"limit": s.options["ruby_limit"]}
            if not t.supply[g]:
                return "ZS-910", "supply_empty", {"gem": arg}
            return "ZS-230", "too_poor", {"price": gem_price(cfg, p, g), "have": hand_value(cfg, p)}
        if kind == "disenchant":
            return "ZS-290", "no_gem", {"gem": arg}
        if kind == "activate" and p.stored[g]:
            return "ZS-040", "no_slot", {"cap": capacity(cfg, p)}
        return "ZS-310", "no_gem_there", {"gem": arg}
    if kind in ("learn", "free_step"):
        if arg not in AREAS:
            return "ZS-030", "no_such_area", {"name": arg}
        ai = AREAS.index(arg)
        if p.know[ai] >= cfg.max_level:
            return "ZS-330", "max_level", {}
        if kind == "free_step":
            if not p.free_steps:
                return "ZS-360", "no_free_step", {}
            return "ZS-350", "need_stone", {}
        if p.stepped:
            return "ZS-320", "one_step", {}
        from .turn import learn_cost

        return (
            ("ZS-330" if p.know[ai] else "ZS-340"),
            "too_poor",
            {"price": learn_cost(game, p, ai), "have": hand_value(cfg, p)},
        )
    if kind == "buy_stone":
        if not p.markers:
            return "ZS-370", "no_stones", {}
        return "ZS-350", "too_poor", {"price": p.markers[0], "have": hand_value(cfg, p)}
    if kind == "auction":
        from .auction import item_kind

        rule = game.auction_refusal(s, s.to_move, item_kind(game, str(arg)), str(arg))
        return rule or "ZS-400", "auction_" + (rule or "ZS-400"), {"item": arg}
    if kind == "exchange":
        return "ZS-190", "no_exchange", {}
    return "ZS-200", "not_now", {"phase": game.phases[phase].name, "phase_de": game.phases[phase].name_de}


auction_why_not = _refusal(_auction_reason)
pay_why_not = _refusal(_pay_reason)
hub_why_not = _refusal(_hub_reason)
reduce_why_not = _refusal(lambda s, a: ("ZS-490", "reduce_first", {}))
lose_why_not = _refusal(lambda s, a: ("ZS-903", "lose_first", {}))


def _bid_reason(game, s: State, amount: int) -> tuple[str, str, dict]:
    cfg, t = game.cfg, s.data
    auc = t.auction
    from .auction import printed

    if auc.leader < 0 and amount < printed(game, auc.kind, auc.item):
        return "ZS-410", "below_printed", {"price": printed(game, auc.kind, auc.item)}
    if auc.leader >= 0 and amount <= auc.high:
        return "ZS-420", "not_higher", {"high": auc.high}
    price = item_price(cfg, t, s.to_move, auc.kind, auc.item, amount, s.options)
    if price > means(cfg, t.p[s.to_move], game.with_gems):
        return "ZS-460", "cannot_pay", {"price": price, "have": means(cfg, t.p[s.to_move], game.with_gems)}
    return "ZS-913", "bid_menu", {}


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
        if owned + t.supply[g] != cfg.gem_supply[g] or t.supply[g] < 0:
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
