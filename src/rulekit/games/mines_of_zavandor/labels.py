"""The exact action space: every label ``legal`` can produce, from the data files.

Adapters index actions by this set (issue 18), so it is computed from the
tables and the options, never from playouts: cave-space numbers follow the
option ``cave_spaces``, partner seats the player count, base-income and
scroll cart types the clan boards and cards in play.
"""

from __future__ import annotations

from typing import Any

from .tables import tables

__all__ = ["action_labels"]


def action_labels(players: int, options: dict[str, Any]) -> frozenset[str]:
    """All labels for ``players`` seats and resolved ``options``."""
    t = tables()
    slots = range(int(options["cave_spaces"]))
    gems = [f"{colour} {cart}" for cart in t.carts for colour in t.colours]
    sides = [*t.pro] if options["variant"] == "pro" else [t.normal]
    in_play = [c for c in t.cards if c.players <= players]
    # ZM-240: a choice of base income only from cart types that pay base income (clan board, clan cards)
    income = {s.cart for s in sides} | {c.cart for c in in_play if c.kind == "clan"}
    if options["cap_timing"] == "after_fallback":  # ZM-905: the choice is made after short piles fell back
        income = set(range(max(income) + 1))
    return frozenset(
        [
            *(f"take {t.carts[c]}" for c in sorted(income)),
            *(f"scroll {t.carts[c]}" for c in sorted({c for s in t.scrolls for c in t.cards[s].carts})),
            *(["keep"] if options["scroll_timing"] == "any_income" else []),
            "bank",
            *(f"cart {c}" for c in t.carts),
            *(f"give {c}" for c in t.colours),
            *(f"want {c}" for c in t.colours),
            "offer",
            *(f"to {seat}" for seat in range(players)),
            *(f"give {g}" for g in gems),
            "next",
            *(f"ask {g}" for g in gems),
            "propose",
            "cancel",
            "accept",
            "decline",
            "done",
            *(f"bid {c}" for c in t.colours),
            "seal",
            *(f"reward {r}" for r in t.rewards),
            *(f"remove {i}" for i in slots),
            "king advance",
            "king stay",
            "upgrade clan",
            *(f"upgrade {i}" for i in slots),
            "exchange",
            *(f"discard {g}" for g in gems if options["hand_limit"]),  # ZM-913: only with a hand limit
        ]
    )
