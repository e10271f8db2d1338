"""The Rune Stones tables: cards, druids and board facts read from ``data/*.toml`` and checked.

``Catalogue`` holds the immutable facts (cards, forges, tables) read once
from the data files; a bad table raises ``DataFileError`` naming the file
and the key (RS-015).
"""

from __future__ import annotations

from dataclasses import dataclass

from ...engine.errors import DataFileError

__all__ = ["COLOURS", "SPACES", "Card", "Catalogue", "load_catalogue"]

#: gem and artifact colours, in the order used by every gem tuple (RS-008)
COLOURS = ("blue", "yellow", "green", "red")
#: the five spaces of a power row (RS-014): one per colour plus the joker space
SPACES = (*COLOURS, "joker")


@dataclass(frozen=True, slots=True)
class Card:
    """One card: creature 11-78 or druid 100-107 (RS-002, RS-004)."""

    number: int
    colour: str  # blue/yellow/green/red/white for creatures, "druid" for druid cards
    magic: str  # a colour or "multi" (RS-005)
    mp: int
    kind: str  # basic | choice | exchange (RS-098..RS-100)
    gain: tuple[str, ...] = ()
    options: tuple[tuple[str, ...], ...] = ()
    pay: tuple[str, ...] = ()

    @property
    def is_druid(self) -> bool:
        return self.number >= 100

    def gives_pp(self) -> bool:
        """True when a printed icon gives power points (RS-113)."""
        icons = self.gain + tuple(i for o in self.options for i in o)
        return any(i.startswith("pp:") for i in icons)


@dataclass(frozen=True)
class Catalogue:
    """The immutable facts of the game (cards, forges, tables) from data files."""

    cards: dict[int, Card]  # creatures 11-78
    druids: dict[int, Card]  # 100-107, shared by all player colours (RS-016)
    forges: tuple[tuple[int, str], ...]  # (cost, bonus) per coloured forge
    board: dict
    #: magic points by card number, 0 for a druid card: ``views.evaluate`` sums them for every position a bot rates
    creature_mp: tuple[int, ...] = ()

    def card(self, number: int) -> Card:
        return self.druids[number] if number >= 100 else self.cards[number]


def _card(entry: dict, druid: bool) -> Card:
    colour = "druid" if druid else entry["colour"]
    magic = "multi" if druid or colour == "white" else colour
    return Card(
        number=entry["number"],
        colour=colour,
        magic=magic,
        mp=entry["mp"],
        kind=entry["kind"],
        gain=tuple(entry.get("gain", ())),
        options=tuple(tuple(o) for o in entry.get("options", ())),
        pay=tuple(entry.get("pay", ())),
    )


def load_catalogue(cards: dict, druids: dict, board: dict) -> Catalogue:
    """Build and check the catalogue (RS-015: a bad table is refused clearly)."""
    creatures = {e["number"]: _card(e, False) for e in cards["card"]}
    if sorted(creatures) != list(range(11, 79)):
        raise DataFileError("data/cards.toml", "card", "must hold exactly the creature cards 11-78 (RS-002)")
    druid = {e["number"]: _card(e, True) for e in druids["card"]}
    if sorted(druid) != list(range(100, 108)):
        raise DataFileError("data/druids.toml", "card", "must hold exactly the druid cards 100-107 (RS-016)")
    known = ("gem:", "card:", "pp:", "joker", "any_gem", "ore", "any_card", "die")
    for card in (*creatures.values(), *druid.values()):
        icons = card.gain + tuple(i for o in card.options for i in o)
        bad = [i for i in icons if not i.startswith(known)]
        if bad or card.kind not in ("basic", "choice", "exchange"):
            where = "data/druids.toml" if card.number >= 100 else "data/cards.toml"
            raise DataFileError(where, f"card {card.number}", f"unknown ability {card.kind} {bad} (RS-015)")
    forges = tuple((f["cost"], f["bonus"]) for f in board["forge"])
    mp = [0] * (max(druid) + 1)
    for number, card in creatures.items():
        mp[number] = card.mp
    return Catalogue(creatures, druid, forges, board, tuple(mp))
