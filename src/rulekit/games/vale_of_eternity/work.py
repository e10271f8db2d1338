"""The work copy of one step: a mutable ``Vale`` the rules change, frozen into the next state.

Rules code never edits a state: each step opens a ``Work`` (plain lists),
the rules of the phase change it, and ``freeze`` makes the next ``Vale``. A
read-only ``Work`` over the frozen tuples (``peek``) answers the questions
the checks ask: what stones are worth, the stone limit, a summon's cost.

A step's work copy does not end with its freeze: ``park`` keeps it with the
data it was frozen into, and the step that opens that very data next (the
automatic step that follows, a forced choice, the next decision in play)
goes on with it instead of copying the data again (``open``). Nothing
changes a parked copy, so it is that data as plain lists.
"""

from __future__ import annotations

from typing import Any

from rulekit.engine import Dice
from rulekit.engine.records import blank_of

from .model import Vale
from .tables import CARDS, DISCOUNTS, PERM_BY_OP

__all__ = ["Work", "affordable_of", "perms_of", "stone_limit_of", "stone_worth", "summon_cost_of", "wealth_of"]

_new = object.__new__
_BLANK_VALE = blank_of(Vale)

#: [(frozen data, the work copy it was frozen from)] of the last step that parked one (``Work.park``),
#: or []: taken with one ``pop`` (atomic), so two threads never go on with the same copy
_PARKED: list = []


_COSTS: list = [None, {}]  # the options last asked about and every card's printed cost under them


def _printed_costs(options: Any) -> dict[int, int]:
    """VE-006: card id -> printed cost under ``options`` (``Card.cost_in``). The options of one
    game are one object, so the table is built once per game, not once per summon check."""
    if _COSTS[0] is not options:
        _COSTS[:] = [options, {cid: card.cost_in(options) for cid, card in CARDS.items()}]
    return _COSTS[1]


# -- what an area does to stones and costs (VE-002, VE-059, VE-060): read from the area alone, so
# the checks of a frozen state ask them without a work copy ------------------------------------

_STONE_VALUE = PERM_BY_OP.get("stone_value", {})  # Agni, Hae-tae, Water Giant


def perms_of(area: Any, op: str) -> list[dict]:
    """The permanent blocks named ``op`` of the creatures in ``area``."""
    table = PERM_BY_OP.get(op, {})
    return [b for c in area if c in table for b in table[c]]


def stone_worth(area: Any, stone: int) -> int:
    """What one stone of printed value ``stone`` is worth to the owner of ``area`` (the printed value
    without Agni, Hae-tae or Water Giant there: the area scanned in C)."""
    if _STONE_VALUE.keys().isdisjoint(area):
        return stone
    value = stone
    blocks = perms_of(area, "stone_value")
    for b in blocks:
        if b["stone"] == stone and "set" in b:
            value = b["set"]
    for b in blocks:
        if b["stone"] == stone and "add" in b:
            value += b["add"]
    return value


def stone_limit_of(area: Any, options: Any) -> int:
    """VE-031: how many stones the owner of ``area`` may hold (the option, more with Hestia)."""
    return options["stone_limit"] + sum(b["add"] for b in perms_of(area, "stone_limit"))


def wealth_of(stones: Any, area: Any) -> int:
    """VE-059: the total worth of ``stones`` to the owner of ``area``."""
    if _STONE_VALUE.keys().isdisjoint(area):  # the usual case: printed values (scanned in C)
        return sum(stones)
    return sum(stone_worth(area, s) * stones.count(s) for s in set(stones))  # each value's worth once


def summon_cost_of(area: Any, cid: int, options: Any) -> int:
    """VE-060: card ``cid``'s printed cost minus the discounts of ``area``, never below 0."""
    cost = _printed_costs(options)[cid]
    if DISCOUNTS.keys().isdisjoint(area):  # the area scanned in C: asked for many cards
        return cost
    element = CARDS[cid].element
    off = sum(b["amount"] for b in perms_of(area, "discount") if b.get("element", element) == element)
    return max(0, cost - off)


def affordable_of(hand: Any, area: Any, have: int, options: Any) -> list[int]:
    """The cards of ``hand`` whose summon cost (VE-060) a stones' worth of ``have`` pays, in hand
    order (every action turn's legal list asks it: without a discount in the area the printed
    costs decide, read from one table)."""
    if DISCOUNTS.keys().isdisjoint(area):
        costs = _printed_costs(options)
        return [c for c in hand if costs[c] <= have]
    return [c for c in hand if summon_cost_of(area, c, options) <= have]


class Work:
    """A mutable copy of ``Vale`` used inside one step; ``freeze`` makes the next ``Vale``."""

    __slots__ = (
        "round",
        "start",
        "deck",
        "discard",
        "display",
        "markers",
        "hands",
        "areas",
        "stones",
        "scores",
        "summoned",
        "stage",
        "picks",
        "turn",
        "done",
        "pending",
        "forced",
        "fresh",
        "top_known",
        "shown",
        "dice",
        "options",
        "players",
        "events",
        "found",
    )

    def __init__(self, d: Any, rng: int, options: dict[str, Any], players: int, copy: bool = True):
        if copy:  # plain lists that the rules may change (one store per field: no tuple built first)
            self.deck = d.deck  # tuples: replaced, never changed in place
            self.discard = d.discard
            self.display = list(d.display)
            self.markers = list(d.markers)
            self.hands = list(map(list, d.hands))
            self.areas = list(map(list, d.areas))
            self.stones = list(map(list, d.stones))
            self.scores = list(d.scores)
            self.summoned = list(d.summoned)
            self.pending = list(d.pending)
        else:  # read-only: share the frozen tuples
            self.deck, self.discard, self.display, self.markers = d.deck, d.discard, d.display, d.markers
            self.hands, self.areas, self.stones, self.scores = d.hands, d.areas, d.stones, d.scores
            self.summoned, self.pending = d.summoned, d.pending
        self.round = d.round
        self.start = d.start
        self.stage = d.stage
        self.picks = d.picks
        self.turn = d.turn
        self.done = d.done
        self.forced = d.forced
        self.fresh = d.fresh
        self.top_known = d.top_known
        self.shown = d.shown
        self.dice = Dice(rng)
        self.options, self.players = options, players
        self.events: list = []
        #: (the frame on top of the pending stack, what the step that stopped at it found it offers:
        #: an activation list's creatures whose active effect can be used, an effect's choices), for
        #: the legal list of that very decision (``checks._effect_values``)
        self.found: tuple = (None, ())

    @classmethod
    def open(cls, data: Vale, rng: int, options: dict, players: int) -> Work:
        """A work copy of ``data``: the parked one when it was frozen into this very data (taken,
        so no other step goes on with it), else a fresh copy."""
        if _PARKED:
            try:
                frozen, w = _PARKED.pop()
            except IndexError:  # another thread took it
                frozen = None
            if frozen is data and w.dice.state == rng and w.options is options and w.players == players:
                w.events = []
                return w
        return cls(data, rng, options, players)

    def park(self, data: Vale) -> Vale:
        """Keep this work copy for the next step that opens ``data`` (what ``freeze`` made of it,
        the step's last use of it: a parked copy is never changed)."""
        _PARKED[:] = ((data, self),)
        return data

    @classmethod
    def peek(cls, data: Vale, rng: int, options: dict, players: int) -> Work:
        """A read-only Work over the frozen tuples (no copies): for legal actions and checks only."""
        return cls(data, rng, options, players, copy=False)

    def freeze(self) -> Vale:
        """The next state's data: every list back into a tuple (built field by field on a blank
        ``Vale``, ``engine.records.blank_of``: this runs after every step)."""
        v = _new(_BLANK_VALE)  # one store per field (a multiple assignment builds a tuple first)
        v.round = self.round
        v.start = self.start
        v.stage = self.stage
        v.picks = self.picks
        v.deck = self.deck  # tuples already (replaced, never changed in place)
        v.discard = self.discard
        v.display = tuple(self.display)
        v.markers = tuple(self.markers)
        v.hands = tuple(map(tuple, self.hands))
        v.areas = tuple(map(tuple, self.areas))
        v.stones = tuple(map(tuple, self.stones))
        v.scores = tuple(self.scores)
        v.summoned = tuple(self.summoned)
        v.pending = tuple(self.pending)
        v.turn = self.turn
        v.done = self.done
        v.forced = self.forced
        v.fresh = self.fresh
        v.top_known = self.top_known
        v.shown = self.shown
        v.__class__ = Vale
        return v

    def what_if(self, seat: int, hand: list, area: list) -> Work:
        """A cheap read-only copy in which ``seat`` holds ``hand`` and has ``area`` (VE-063 checks)."""
        w = _new(Work)  # every field shared (the checks only read it), the dice too, but hands and areas
        w.round = self.round  # one store per field (a multiple assignment builds a tuple first)
        w.start = self.start
        w.stage = self.stage
        w.picks = self.picks
        w.turn = self.turn
        w.done = self.done
        w.deck = self.deck
        w.discard = self.discard
        w.display = self.display
        w.markers = self.markers
        w.stones = self.stones
        w.scores = self.scores
        w.summoned = self.summoned
        w.pending = self.pending
        w.forced = self.forced
        w.fresh = self.fresh
        w.top_known = self.top_known
        w.shown = self.shown
        w.dice = self.dice
        w.options = self.options
        w.players = self.players
        w.events = []
        w.hands = list(self.hands)
        w.areas = list(self.areas)
        w.hands[seat], w.areas[seat] = hand, area
        return w

    # -- permanent effects of an area (VE-002, VE-064, VE-067) ----------

    def perms(self, seat: int, op: str):
        """The permanent blocks named ``op`` of the creatures now in ``seat``'s area."""
        return perms_of(self.areas[seat], op)

    def stone_value(self, seat: int, stone: int) -> int:
        """What one stone of printed value ``stone`` is worth to ``seat`` (Agni, Hae-tae, Water Giant)."""
        return stone_worth(self.areas[seat], stone)

    def wealth(self, seat: int) -> int:
        """The total worth of ``seat``'s stones (VE-059)."""
        return wealth_of(self.stones[seat], self.areas[seat])

    def stone_limit(self, seat: int) -> int:
        """VE-031: 4 stones (option), more with Hestia."""
        return stone_limit_of(self.areas[seat], self.options)

    def summon_cost(self, seat: int, cid: int) -> int:
        """VE-060: printed cost minus the discounts of the area, never below 0."""
        return summon_cost_of(self.areas[seat], cid, self.options)

    def affordable(self, seat: int, have: int) -> list[int]:
        """The hand cards of ``seat`` whose summon cost (VE-060) a stones' worth of ``have`` pays."""
        return affordable_of(self.hands[seat], self.areas[seat], have, self.options)

    # -- cards moving -----------------------------------------------------

    def draw_card(self) -> int | None:
        """Top card of the deck; an empty deck is refilled from the discard pile (VE-047)."""
        if not self.deck and self.discard and self.options["reshuffle"]:
            self.deck = tuple(self.dice.shuffle(self.discard))
            self.discard = ()
            self.events.append(("VE-047", "reshuffle", {}))
        if not self.deck:
            return None
        card, self.deck = self.deck[-1], self.deck[:-1]
        self.top_known = max(0, self.top_known - 1)
        return card

    def to_hand(self, seat: int, card: int, seen: bool = True) -> None:
        """A card into ``seat``'s hand; ``seen``: everyone saw which card it is."""
        self.hands[seat].append(card)
        if seen:
            shown = self.shown or ((),) * self.players
            self.shown = shown[:seat] + ((*shown[seat], card),) + shown[seat + 1 :]

    def from_hand(self, seat: int, card: int) -> None:
        """A card out of ``seat``'s hand (it is no longer secret either way)."""
        self.hands[seat].remove(card)
        if self.shown and card in self.shown[seat]:
            mine = tuple(c for c in self.shown[seat] if c != card)
            self.shown = self.shown[:seat] + (mine,) + self.shown[seat + 1 :]

    def to_discard(self, *cards: int) -> None:
        """Cards onto the discard pile (the last one on top)."""
        self.discard = (*self.discard, *cards)

    def from_discard(self, card: int) -> None:
        """Take one card out of the discard pile."""
        i = self.discard.index(card)
        self.discard = self.discard[:i] + self.discard[i + 1 :]

    def note(self, rule: str, key: str, **args: Any) -> None:
        self.events.append((rule, key, args))

    def note_private(self, seat: int, rule: str, key: str, **args: Any) -> None:
        """An event only ``seat`` may read (a card drawn into a secret hand)."""
        self.events.append((rule, key, args, (seat,)))
