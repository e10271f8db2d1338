"""Spellbound's text glue: action sentences and card effects in English and German.

The texts themselves live in ``texts/messages.toml`` (``act_*`` for actions,
``effect_*`` for card effects); here they get their card, space and book
names (never raw ids). The Game's ``describe`` and ``card_text`` call these.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulekit.engine import Action

if TYPE_CHECKING:
    from .rules import Spellbound

__all__ = ["card_effect", "describe"]

_ACTION_KEYS = frozenset(
    f"act_{k}"
    for k in ("tower", "play", "discard", "step", "recruit", "end", "advance", "destroy", "sun")
    + ("wand_move", "wand_search", "wand_banish")
)


def card_effect(g: Spellbound, cid: int, options: dict | None = None) -> tuple[str, str]:
    """What card ``cid`` does, in English and German (texts/messages.toml ``effect_*``); with the
    game's ``options``, magic reads as option ``magic_effect`` makes it work (SB-906)."""
    card = g.cat.cards[cid]
    key = f"effect_{card.effect}" if card.effect else "effect_none"
    if card.effect == "magic" and options and options.get("magic_effect") == "advance_book":
        key = "effect_magic_book"
    target = {"target": "", "target_de": ""}
    if card.target in g.cat.spaces:
        target = g.space_args(card.target, "target")
    return g.messages.format(key, n=card.value, **target)


def describe(g: Spellbound, action: Action, lang: str = "en") -> str:
    """A sentence for an action, in ``lang``, with card, space and book names (never raw ids)."""
    kind, args = action.kind, action.args
    key = f"act_{kind}" if kind != "wand" or not args else f"act_wand_{args[0]}"
    words: dict = {}
    for a in args:
        if isinstance(a, int) and 0 <= a < len(g.cat.cards):
            words.update(g.card_args(a))
            words["effect"], words["effect_de"] = card_effect(g, a)
        elif isinstance(a, str) and a in g.cat.spaces:
            words.update(g.space_args(a, "space"))
        if isinstance(a, str) and a in g.track_by_id:
            words.update(g.track_args(g.track_by_id[a]))
    if key not in _ACTION_KEYS:
        return str(action)
    en, de = g.messages.format(key, **words)
    return de if lang == "de" else en
