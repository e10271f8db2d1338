"""Spellbound's state data: a frozen dataclass of tuples, ints and strings.

Card zones (SB-020) hold card ids; pieces hold space ids or track positions.
Books have a status: ``track`` (on its track), ``held`` (reached its goal and
collected by the mages, SB-908) or ``caught`` (caught by its pursuer and out
of play, SB-911).
"""

from __future__ import annotations

from dataclasses import dataclass

from rulekit.engine.records import changer, copier

__all__ = [
    "Data",
    "ON_TRACK",
    "HELD",
    "CAUGHT",
    "with_cards_moved",
    "with_pursuers",
    "with_refill",
    "with_step",
    "with_next_turn",
    "with_tower_card",
    "with_fresh",
    "with_books",
    "with_wand_used",
    "with_movement",
    "with_influence",
]

ON_TRACK, HELD, CAUGHT = "track", "held", "caught"


@dataclass(frozen=True, slots=True)
class Data:
    """The game's data: a frozen slotted dataclass (issue 25's one state style); ``but`` copies it
    with ``engine.records.copier``, as cheap as a NamedTuple's ``_replace``, since a turn changes it often."""

    # card zones (SB-020)
    deck: tuple[int, ...]
    display: tuple[int, ...]
    fresh: tuple[int, ...]  # wicked cards newly placed in the display, to resolve in order (SB-260)
    tower: tuple[int, ...]
    discard: tuple[int, ...]
    wicked: tuple[int, ...]  # adversary draw pile, top first; the Troll card last
    demons: tuple[int, ...]
    box: tuple[int, ...]  # out of the game: removed ally sets, destroyed cards
    village_cards: tuple[int, ...]  # one per village space, in map order
    supplies: tuple[tuple[int, ...], ...]  # recruitable copies still at each village
    revealed: tuple[bool, ...]
    # pieces (SB-030, SB-040)
    mages: tuple[str, ...]
    wands: tuple[bool, ...]
    influence: tuple[int, ...]
    books: tuple[int, ...]
    book_status: tuple[str, ...]
    pursuers: tuple[int, ...]
    watchman: str
    witch: int
    # stones (SB-050): counts in the bag, the supply and drawn this battle
    bag: tuple[int, int]  # (moon, sun)
    supply: tuple[int, int]
    drawn: tuple[int, int]
    # the turn
    active: int = 0
    moved: bool = False
    movement: int = 0
    spring_used: bool = False  # the Fairy Spring recharges a wand once per turn (else wand moves loop)
    wand_used: bool = False  # the active mage used the wand this turn (SB-220, option wand_recharge)
    # end of deck and the last battle
    margin: int = 0
    missing: int = 0  # stones the bag could not give, counted as moons (option short_bag, SB-915)
    witch_steps: int = 0
    books_used: int = 0
    battle_suns: int = 0
    destroyed: tuple[int, ...] = ()
    resume: str = ""  # option victory_check = "any_time": the phase a lost last battle returns to (SB-912)
    battle_fought: bool = False  # a last battle was lost in this turn; no second one before the next turn
    result: str = ""  # "", "won" or "lost"
    reason: str = ""  # the rule id that ended the game

    def but(self, **changes) -> Data:
        """A copy with some fields changed (replaced below by the generated copier itself)."""
        return _copy(self, **changes)

    def __hash__(self) -> int:
        """The fields a turn changes, not all forty: a bot's search keeps every position it reached
        in a set (``agents.planner``), and the dataclass hash built a 40-tuple for each. Equal data
        still hash alike (a subset of the fields); ``==`` still compares every field."""
        return hash((self.display, self.mages, self.movement, self.influence, self.wands, self.books, self.pursuers))

    def as_dict(self) -> dict:
        """Field name -> value, in field order (snapshots, save files)."""
        return {name: getattr(self, name) for name in self.__slots__}


_copy = Data.but = copier(Data)  # type: ignore[method-assign]  # no wrapper call: ``but`` runs on every step

# The commonest copies of a turn, their fields known (``engine.records.changer``): ``but`` tests each
# of the forty fields for a new value, these copy the rest as they are, in about half the time.
#: a card leaves the display for the discard pile (played or discarded, SB-120): (display, discard)
with_cards_moved = changer(Data, "display", "discard")
#: a witch hat or the troll moves (SB-610): (pursuers)
with_pursuers = changer(Data, "pursuers")
#: the display is refilled from the deck (SB-260): (deck, display, fresh)
with_refill = changer(Data, "deck", "display", "fresh")
#: a mage steps on a road (SB-140): (mages, movement, moved)
with_step = changer(Data, "mages", "movement", "moved")
#: the next mage's turn (SB-300): (active, moved, movement)
with_next_turn = changer(Data, "active", "moved", "movement")
#: the tower card is taken and the turn's marks start over (SB-100):
#: (display, tower, moved, movement, spring_used, wand_used, battle_fought)
with_tower_card = changer(Data, "display", "tower", "moved", "movement", "spring_used", "wand_used", "battle_fought")
#: the next wicked card to resolve leaves the queue (SB-290, SB-310): (fresh)
with_fresh = changer(Data, "fresh")
#: a book moves on its track (SB-190, SB-210): (books)
with_books = changer(Data, "books")
#: the wand is used (SB-210, SB-220): (wands, wand_used, movement)
with_wand_used = changer(Data, "wands", "wand_used", "movement")
#: a card's movement points (SB-140): (movement)
with_movement = changer(Data, "movement")
#: a card's influence (SB-170): (influence)
with_influence = changer(Data, "influence")
