"""Hidden information: seat views, determinization, and the conservation checks.

``view`` hides energy-card values in other hands and the order of every
deck; ``determinize`` and ``redeal_unseen`` resample what a seat cannot
see; ``invariants`` checks that no card, gem, artifact, sentinel or dust is
created or lost outside the bank's bookkeeping.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from ...engine import Dice, State, encode
from .model import (
    Player,
    capacity,
    hand_count,
    hand_limit,
    hand_value,
    replace,
    victory_points,
)
from .tables import AREAS, GEMS

if TYPE_CHECKING:
    from .rules import ScepterOfZavandor

__all__ = ["view", "invariants", "determinize", "redeal_unseen"]

# -- views ------------------------------------------------------------------


def view(game: ScepterOfZavandor, s: State, seat: int | None) -> dict:
    """What ``seat`` may see: own card values, others' card counts per gem; deck sizes only."""
    cfg, t = game.cfg, s.data
    if t is None:
        return {}
    seats = []
    for i, p in enumerate(t.p):
        d = _player(p)
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


def _player(p: Player) -> dict:
    """``encode(p)`` written out: the fields in their order, tuples as lists (bots compare views of
    whole states on every decision, and the generic encoder walks every field and tuple)."""
    return {
        "char": p.char,
        "active": list(p.active),
        "stored": list(p.stored),
        "know": list(p.know),
        "markers": list(p.markers),
        "prepaid": p.prepaid,
        "cards": [list(c) for c in p.cards],
        "conc": list(p.conc),
        "dust": list(p.dust),
        "arts": list(p.arts),
        "sents": list(p.sents),
        "stepped": p.stepped,
        "free_steps": p.free_steps,
        "sages": list(p.sages),
    }


# -- conservation --------------------------------------------------------------


def invariants(game: ScepterOfZavandor, s: State) -> list[str]:
    """What is not conserved: cards, gems, artifacts, sentinels, the bank's dust and concentrated
    energy, and each player's counts (empty when all is well)."""
    if s.data is None:
        return []
    return _pieces(game.cfg, s) + [msg for i, p in enumerate(s.data.p) for msg in _player_problems(game.cfg, s, i, p)]


def _pieces(cfg, s: State) -> list[str]:
    t, bad = s.data, []
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
    return bad


def _player_problems(cfg, s: State, i: int, p) -> list[str]:
    bad = []
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


def redeal_unseen(s: State, dice: Dice) -> State:
    """The order of the face-down energy decks is what nobody sees: shuffle each deck."""
    t = s.data
    return s.evolve(data=replace(t, decks=tuple(dice.shuffle(deck) for deck in t.decks)))
