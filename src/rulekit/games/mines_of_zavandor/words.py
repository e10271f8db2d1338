"""Words for actions: the exact action space and the sentence for each action label.

``action_labels`` is every label ``legal`` can produce, from the data files.
Adapters index actions by this set (issue 18), so it is computed from the
tables and the options, never from playouts: cave-space numbers follow the
option ``cave_spaces``, partner seats the player count, base-income and
scroll cart types the clan boards and cards in play. ``describe`` turns a
label into a sentence from ``texts/messages.toml`` (the texts live there).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rulekit.engine import Action

from .tables import tables

if TYPE_CHECKING:
    from rulekit.engine import Game

__all__ = ["action_labels", "describe"]


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


def describe(game: Game, action: Action, lang: str = "en") -> str:
    """A readable sentence for an action label ("bid red log" -> "bid a red log-cart card")."""
    t = tables()
    args: dict[str, Any] = {}
    for i, a in enumerate(action.args):
        text = str(a + 1) if isinstance(a, int) else str(a)  # seats and cave spaces count from 1
        if a in t.carts:
            text = t.cart_name(t.carts.index(a), lang)
        elif a in t.colours:
            text = t.colour_name(t.colours.index(a), lang)
        args[f"a{i}"] = text
    first = f"act_{action.kind}_card" if action.kind == "give" and len(action.args) == 2 else ""
    for key in (first or (f"act_{action.kind}_{action.args[0]}" if action.args else ""), f"act_{action.kind}"):
        try:
            en, de = game.messages.format(key, **args)
        except (KeyError, IndexError):  # a label with too few arguments
            return str(action)
        if key and not en.startswith(key):  # a missing key shows itself plainly
            return de if lang == "de" else en
    return str(action)
