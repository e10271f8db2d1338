"""Every action label Rune Stones can ever offer, computed from the data (exact action spaces)."""

from __future__ import annotations

from .model import COLOURS, SPACES, Catalogue

__all__ = ["all_labels"]


def all_labels(cat: Catalogue) -> frozenset[str]:
    """The labels of ``legal()`` for any player count and options: cards, slots, forges, runes, colours."""
    cards = [*cat.cards, *cat.druids]
    slots = range(1, cat.board["display"]["slots"] + 1)
    rows = (1, 2)  # RS-014: two power rows
    out = [f"action {a}" for a in ("summon", "abilities", "forge")]  # RS-061
    out += ["go", "finish", "done", "skip", "forge joker", "pay joker", "pay ore", "option 1", "option 2"]
    for c in COLOURS:
        out += [f"colour {c}", f"pay {c}", f"gem {c}", f"give {c}", f"jokergem {c}", f"swap {c} ore", f"swap ore {c}"]
    for n in cards:
        out += [f"play {n}", f"pick {n}", f"use {n}"]
    out += [f"summon {k}" for k in slots] + [f"take {k}" for k in slots]
    out += [f"forge {f}" for f in range(1, len(cat.forges) + 1)]
    out += [f"trade {r}" for r in rows] + [f"place {r} {s}" for r in rows for s in SPACES]
    out += [f"rune {r}" for r in cat.board["runes"]["types"]]
    return frozenset(out)
