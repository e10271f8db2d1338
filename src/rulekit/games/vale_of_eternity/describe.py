"""Actions as short sentences a class can read ("Summon Ifrit" / "Ifrit beschwören").

The words live in ``texts/messages.toml`` (keys ``act_<kind>``), the stone
colours in ``data/tables.toml``; card names are the printed proper names.
"""

from __future__ import annotations

from rulekit.engine import Action
from rulekit.engine.rules import Messages

from .model import CARDS, TABLES

__all__ = ["describe", "ACTION_KINDS"]

#: every action kind the game produces, and what its argument is
ACTION_KINDS: dict[str, str] = {
    "pick": "card",
    "sell": "card",
    "tame": "card",
    "summon": "card",
    "release": "card",
    "end": "",
    "return": "stone",
    "pay": "stone",
    "activate": "card",
    "option": "n",
    "recover": "card",
    "discard": "card",
    "target": "player",
    "copy": "card",
    "take": "card",
    "done": "",
}


def describe(messages: Messages, action: Action, lang: str = "en") -> str:
    """The sentence for ``action`` in ``lang``; an action this game never makes keeps its label."""
    what = ACTION_KINDS.get(action.kind)
    if what is None or (what and len(action.args) != 1):
        return str(action)
    args: dict = {}
    if what == "card":
        card = CARDS.get(action.args[0])
        if card is None:
            return str(action)
        args["card"] = card.name
    elif what == "stone":
        colour = TABLES["stone_colours"].get(str(action.args[0]))
        if colour is None:
            return str(action)
        args.update(stone=action.args[0], colour=colour["en"], colour_de=colour["de"])
    elif what == "player":
        args["player"] = f"P{action.args[0] + 1}"
    elif what == "n":
        args["n"] = action.args[0]
    en, de = messages.format(f"act_{action.kind}", **args)
    return de if lang == "de" else en
