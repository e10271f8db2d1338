"""What a Vale of Eternity view can hold (``Game.observation_schema``), from the card and table data.

Adapters lay out observation vectors by it, losslessly (issue 18): card
lists become one position slot per card id (70 cards, VE-001), stones
positional slots up to a bound from the stone limit and the card effects.
Keep it next to ``ValeOfEternity.view``: a new view key needs a line here
(``tests/interop/test_encoding.py`` fails otherwise).
"""

from __future__ import annotations

from rulekit.engine.schema import Dict, Int, List, OneOf, Seq, Str

from .tables import CARDS, TABLES

#: kinds of a pending frame (``model.Frame.kind``)
FRAME_KINDS = ("run", "choice", "pay", "activate")
#: rulekit_choice: the deepest pending stack a view shows (effects that wait on effects)
PENDING_MOST = 12


def _stone_bound(game, options: dict) -> int:
    """Stones one player can hold at once: the limit (VE-031) raised by every permanent effect, plus every
    stone all card effects and the largest sale (VE-008) can give before the limit is checked again."""
    found = {"adds": 0, "gains": 0}

    def walk(value) -> None:
        if isinstance(value, dict):
            if value.get("op") == "stone_limit":
                found["adds"] += int(value.get("add", 0))
            if isinstance(value.get("stones"), list):
                found["gains"] += len(value["stones"])
            for item in value.values():
                walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)

    walk(game.data_file("cards.toml")["card"])
    sale = max(len(v) for v in TABLES["sell_values"].values())
    return int(options["stone_limit"]) + found["adds"] + found["gains"] + sale


def schema(game, players: int, options: dict) -> Dict:
    options = game.resolve_options(options)
    cards = sorted(CARDS)
    stones = List(Int(), _stone_bound(game, options))
    return Dict(
        {
            "round": Int(),
            "start": Int(),
            "turn": Int(),
            "stage": Str(("pick", "action", "activation")),
            "deck": OneOf({"cards": Seq(cards), "count": Int()}),
            "discard": Seq(cards),
            "display": List(Dict({"card": Int(), "marker": Int()}), players * TABLES["reveal_per_player"]),
            "hands": List(OneOf({"cards": Seq(cards), "count": Int()}), players, players),
            "shown": List(Seq(cards), players, players),
            "areas": List(Seq(cards), players, players),
            "stones": List(stones, players, players),
            "summoned": List(Int(), players, players),
            "pending": List(Str(FRAME_KINDS), PENDING_MOST),
        }
    )
