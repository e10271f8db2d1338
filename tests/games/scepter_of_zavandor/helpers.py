"""Build exact situations for rule tests without playing many rounds.

States are immutable; these helpers return new states whose bookkeeping
(supply, decks, bank records) stays consistent, so ``invariants`` hold.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

from rulekit.games import load
from rulekit.games.scepter_of_zavandor.tables import AREAS, GEMS

GAME = load("scepter_of_zavandor")
CFG = GAME.cfg


def new(players: int = 3, seed: int = 0, **options):
    return GAME.new(players=players, seed=seed, **options)


def hub(players: int = 3, seed: int = 0, seat: int = 0, **options):
    """A state in phase 3 where ``seat`` acts first (turn order seat, seat+1, ...)."""
    s = new(players, seed, **options)
    order = tuple((seat + k) % players for k in range(players))
    t = replace(s.data, order=order, cur=0)
    return s.evolve(data=t, phase="player_actions", to_move=seat)


def gems(*counts: int) -> tuple[int, ...]:
    """gems(2, 1) -> (2, 1, 0, 0, 0): opal, sapphire, emerald, diamond, ruby."""
    return tuple(counts) + (0,) * (5 - len(counts))


def know(**levels: int) -> tuple[int, ...]:
    return tuple(levels.get(a, 0) for a in AREAS)


def setp(s, seat: int, cards=None, **changes):
    """Change one player; gem supply, dust/concentrated records and decks are kept consistent."""
    t = s.data
    p = t.p[seat]
    decks = list(t.decks)
    if cards is not None:
        # return the player's old cards to their decks, then take the new ones out
        for g, v in p.cards:
            decks[g - 1] = decks[g - 1] + (v,)
        for g, v in cards:
            d = list(decks[g - 1])
            d.remove(v)
            decks[g - 1] = tuple(d)
        changes["cards"] = tuple(sorted(cards))
    p = replace(p, **changes)
    ps = list(t.p)
    ps[seat] = p
    supply = tuple(CFG.gem_supply[g] - sum(q.active[g] + q.stored[g] for q in ps) for g in range(5))
    dust = sum(n * CFG.tokens[k] for q in ps for k, n in enumerate(q.dust))
    conc = sum(sum(q.conc) for q in ps)
    t = replace(t, p=tuple(ps), supply=supply, dust_net=dust, conc_net=conc, decks=tuple(decks))
    return s.evolve(data=t)


def settable(s, **changes):
    return s.evolve(data=replace(s.data, **changes))


def play(s, *labels: str):
    for label in labels:
        s = s.apply(label)
    return s


def labels(s) -> list[str]:
    return [str(a) for a in s.legal_actions()]


def event_rules(s) -> list[str]:
    return [e.rule for e in s.events]


def energy(s, seat: int) -> int:
    from rulekit.games.scepter_of_zavandor.model import hand_value

    return hand_value(CFG, s.data.p[seat])


def all_cards(s) -> Counter:
    return Counter((g, v) for p in s.data.p for g, v in p.cards)


__all__ = [
    "GAME",
    "CFG",
    "GEMS",
    "AREAS",
    "new",
    "hub",
    "gems",
    "know",
    "setp",
    "settable",
    "play",
    "labels",
    "event_rules",
    "energy",
    "all_cards",
]
