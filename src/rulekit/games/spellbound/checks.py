"""The decisions of each phase: the checks that the legal lists and the refusals share.

Each decision phase is an engine ``Decisions`` (``rulekit.engine.decisions``):
its kinds of action in legal-list order, each with its labels (the argument
tuples of ``Spellbound.action_labels``), the refusal of arguments outside
them, an "open now?" stage and a check of the value. A stage or check
returns ``None`` or a ``No`` naming the rule that forbids the decision and
the message key that says why; ``legal`` and ``why_not`` run the same checks.
The kinds of the card play (tower, play, discard, step, wand) are asked on
every decision of every game and bot search, so they give their legal
values directly (``values``: ``playable``, ``reachable``, ...), built from
the same rule functions as their checks, which then only word refusals
(``Decisions.refuse`` holds the two to one answer). Cards come in the order
they lie (the display, the tower), so the legal lists keep the table's order.

Action labels (one choice each): ``tower 12`` (SB-100), ``play 3`` /
``discard 3`` (SB-120), ``step v04`` (SB-140), ``recruit`` (SB-170),
``wand move`` / ``wand search rose`` / ``wand banish 17`` (SB-210), ``end``
(SB-130), ``advance rose`` (SB-410), ``destroy 17`` / ``sun`` (SB-540).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from rulekit.engine import Options, State
from rulekit.engine.decisions import Decisions, Kind, No, Refusals

from .effects import op_feasible
from .model import ON_TRACK, Data
from .turn import wand_search_tracks

__all__ = ["DECISIONS", "KINDS", "REFUSALS"]


def _key(state: State) -> tuple:
    """The label tables depend on the game's cards and map (a game object with an edited map has
    other spaces), the player count and the two options that decide which cards are in the game
    (``ally_copies``, ``watchman_max_players``). Asked on every legal list: the key of the last
    frozen ``Options`` is handed back as the same object, which ``Decisions`` finds without hashing."""
    global _LAST_KEY
    o, last = state.options, _LAST_KEY  # read once: another thread may replace it (never change it)
    if o is last[0] and state.game is last[1] and state.players == last[2]:
        return last[3]
    key = (state.game, state.players, o["ally_copies"], o["watchman_max_players"])
    if isinstance(o, Options):  # frozen: the same object always means the same options
        _LAST_KEY = (o, state.game, state.players, key)
    return key


_LAST_KEY: tuple = (None, None, 0, None)  # options, game, players, key of the last frozen options asked


# -- label spaces (the same as Spellbound.action_labels, by kind) ---------------------------


def _destiny(state: State) -> list[int]:
    """Ids of the cards the display can hold in a game of this size and these options."""
    g, o = state.game, state.options
    out_of_game = set(range(len(g.cat.cards))) - set(g.in_play_ids(o))  # ally copies beyond ally_copies
    if state.players > o["watchman_max_players"]:
        out_of_game.add(g.cat.watchman)
    return [c.id for c in g.cat.cards if (c.helpful or c.type == "adversary") and c.id not in out_of_game]


def _none(state: State) -> Iterable[tuple[tuple, Any]]:
    return [((), None)]


def _cards(state: State) -> Iterable[tuple[tuple, Any]]:
    return [((c,), c) for c in _destiny(state)]


def _spaces(state: State) -> Iterable[tuple[tuple, Any]]:
    return [((s,), s) for s in state.game.cat.spaces]


def _wand_uses(state: State) -> Iterable[tuple[tuple, Any]]:
    g = state.game
    uses = [(("move",), ("move", None))]
    uses += [(("search", t.id), ("search", i)) for i, t in enumerate(g.cat.tracks)]
    return uses + [(("banish", c.id), ("banish", c.id)) for c in g.cat.cards if c.type == "adversary"]


def _tracks(state: State) -> Iterable[tuple[tuple, Any]]:
    return [((t.id,), i) for i, t in enumerate(state.game.cat.tracks)]


def _moon_cards(state: State) -> Iterable[tuple[tuple, Any]]:
    g = state.game
    return [((c,), c) for c in [*_destiny(state), *g.cat.demons] if g.cat.cards[c].moon > 0]


# -- the legal values of the hot kinds (``Kind.values``): asked on every step of random play and
# every node of a bot's search, so they are built from the same small rule functions as the checks
# below without a refusal per card; ``Decisions.refuse`` holds the two to the same answer.


def in_display(state: State) -> tuple[int, ...]:
    """SB-100: every display card may go to the tower, in the order they lie."""
    return state.data.display


def playable(state: State) -> list[int]:
    """SB-120 with each card's own rule (``card_block``): the display's mage cards that can be played now."""
    g, d = state.game, state.data
    free, helpful = g.free_cards, g.helpful
    return [c for c in d.display if c in free or (c in helpful and card_block(g, d, state.options, c) is None)]


def discardable(state: State) -> list[int]:
    """SB-120: the display's mage cards, in the order they lie."""
    helpful = state.game.helpful
    return [c for c in state.data.display if c in helpful]


def reachable(state: State) -> tuple[str, ...]:
    """SB-140, SB-150, SB-905: the spaces one road away that are not a second city, while movement is left."""
    d: Data = state.data
    return state.game.step_targets[d.mages[d.active]] if d.movement > 0 else ()


def wand_uses(state: State) -> list[tuple]:
    """SB-210: move, then the books a search may move, then the wicked cards in the display (values of
    ``_wand_uses``); none with an empty wand (SB-220: ``refuse`` compares these with stage and check together)."""
    g, d = state.game, state.data
    if not d.wands[d.active]:
        return []
    out: list[tuple] = [("move", None)]
    out += [("search", t) for t in wand_search_tracks(g, state.options, d)]
    return out + [("banish", c) for c in d.display if c in g.adversary]


_ONE = (None,)  # the one value of a kind with a single label ("recruit", "end")


def play_values(state: State) -> tuple:
    """The legal values of every kind of ``play_mage_cards`` at once (``Decisions(values=...)``),
    in kind order: play, discard, step, recruit, wand, end.

    The phase is asked for its legal list on nearly every decision of the game: one call reads
    the game, the data and the display's mage cards once for all six kinds, where the kinds one
    by one ran a stage and a check each. Each part is what the kind's own ``values`` or check
    allows (``Decisions.refuse`` holds the two to the same answer, as does
    ``tests/games/spellbound/test_legal_values.py``).
    """
    mages = discardable(state)
    return (
        playable(state),
        mages,
        reachable(state),
        _ONE if recruit_ok(state) is None else (),
        wand_uses(state),  # empty with an empty wand (SB-220, the kind's stage)
        _ONE if len(mages) <= state.game.keep_mages else (),  # ``end_ok``: SB-120, SB-130
    )


# -- the order legal lists try arguments in ---------------------------------------------------


def _in_tower(state: State) -> list[tuple]:
    return [(c,) for c in state.data.tower]


# -- take_destiny_card (SB-100, SB-110) -------------------------------------------------------


_TOWER_FIRST = No("SB-110", "tower_first")


def tower_first(state: State) -> No | None:
    """SB-110: the tower card is taken before any mage card is played, moved or used."""
    return _TOWER_FIRST


def tower_ok(state: State, cid: int) -> No | None:
    """SB-100: the tower card is one of the display."""
    return None if cid in state.data.display else No("SB-100", "not_in_display")


# -- play_mage_cards (SB-120 .. SB-220, SB-905 .. SB-913) ------------------------------------


#: effects a card may be played with only in some places (SB-160 magic, SB-913 the City Watchman)
_PLACES = {
    "magic": (frozenset({"city", "wilderness"}), No("SB-160", "no_magic_here")),
    "watchman": (frozenset({"city"}), No("SB-913", "watchman_needs_city")),
}
#: effects whose rule demands that they can be carried out (``effects.OP_FEASIBLE``): SB-190, SB-200
_COMPLETE = {
    "search": No("SB-190", "no_book_here"),
    "guard_book": No("SB-200", "no_book_on_track"),
    "banish": No("SB-200", "no_wicked_in_display"),
}


def card_block(g: Any, d: Data, o: Any, cid: int) -> No | None:
    """SB-160, SB-190, SB-200, SB-913: whether the effect of card ``cid`` can be played here and now."""
    card = g.cat.cards[cid]
    place = _PLACES.get(card.effect)
    if place is not None and g.cat.space_kinds[d.mages[d.active]] not in place[0]:
        return place[1]
    no = _COMPLETE.get(card.effect)
    return no if no is not None and not op_feasible(g, d, o, card) else None


_NOT_IN_DISPLAY = No("SB-120", "not_in_display")
_WICKED = No("SB-120", "wicked_not_playable")


def _mage_in_display(state: State, cid: int) -> No | None:
    """SB-120: only mage and ally cards of the display are played or discarded."""
    if cid not in state.data.display:
        return _NOT_IN_DISPLAY
    return None if cid in state.game.helpful else _WICKED


def play_ok(state: State, cid: int) -> No | None:
    """SB-120 with the card's own rule (``card_block``); most mage cards work anywhere (``free_cards``)."""
    g = state.game
    if cid in g.free_cards:
        return None if cid in state.data.display else _NOT_IN_DISPLAY
    return _mage_in_display(state, cid) or card_block(g, state.data, state.options, cid)


def discard_ok(state: State, cid: int) -> No | None:
    """SB-120: any mage card of the display may be discarded unplayed."""
    if cid in state.game.helpful:
        return None if cid in state.data.display else _NOT_IN_DISPLAY
    return _mage_in_display(state, cid)


def step_ok(state: State, to: str) -> No | None:
    """SB-150, SB-140, SB-905: a step follows one road, needs a movement point and never joins two cities."""
    g, d = state.game, state.data
    here = d.mages[d.active]
    kinds = g.cat.space_kinds
    if kinds[here] == "city" and kinds[to] == "city":
        return No("SB-150", "city_to_city")  # checked first: it is why no road joins two cities
    if d.movement <= 0:
        return No("SB-140", "no_movement")
    return None if to in g.cat.neighbours.get(here, ()) else No("SB-905", "not_adjacent")


_NEEDS_VILLAGE = No("SB-907", "recruit_needs_village")


def recruit_ok(state: State, _: object = None) -> No | None:
    """SB-907, SB-170: a face-up village with an ally left, and influence to pay for it."""
    g, d = state.game, state.data
    here = d.mages[d.active]
    if g.cat.space_kinds[here] != "village":
        return _NEEDS_VILLAGE
    v = g.cat.villages.index(here)
    if not d.revealed[v] or not d.supplies[v]:
        return No("SB-907", "nothing_to_recruit")
    if d.influence[d.active] < g.cat.cards[d.supplies[v][0]].cost:
        return No("SB-170", "not_enough_influence")
    return None


_WAND_EMPTY = No("SB-220", "wand_empty")


def wand_charged(state: State) -> No | None:
    """SB-220: a used wand is empty until it is recharged (SB-909)."""
    d = state.data
    return None if d.wands[d.active] else _WAND_EMPTY


def wand_ok(state: State, use: tuple) -> No | None:
    """SB-210: the search moves a book the option ``wand_search`` allows; the banished card lies in the display."""
    what, x = use
    if what == "search" and x not in wand_search_tracks(state.game, state.options, state.data):
        return No("SB-190", "wand_search_on_site")
    if what == "banish" and x not in state.data.display:
        return No("SB-210", "not_in_display")
    return None


def end_ok(state: State, _: object = None) -> No | None:
    """SB-120, SB-130: the play ends only with at most two mage cards in the display."""
    g, d = state.game, state.data
    helpful = g.helpful
    n = len([c for c in d.display if c in helpful])
    return None if n <= g.keep_mages else No("SB-120", "too_many_mages", {"n": n})


# -- eod_choose_book (SB-410) and final_battle (SB-540) ---------------------------------------


def advance_ok(state: State, t: int) -> No | None:
    """SB-410: the book chosen is still on its track."""
    return None if state.data.book_status[t] == ON_TRACK else No("SB-410", "book_not_on_track")


def destroy_ok(state: State, cid: int) -> No | None:
    """SB-540: a held book destroys a moon card lying in the witch tower."""
    return None if cid in state.data.tower else No("SB-540", "not_in_tower")


# -- the tables ------------------------------------------------------------------------------

_PLAY = Kind(
    "play",
    _cards,
    No("SB-120", "not_in_display"),
    check=play_ok,
    rules=("SB-160", "SB-190", "SB-200", "SB-913"),
    values=playable,
)
_DISCARD = Kind("discard", _cards, No("SB-120", "not_in_display"), check=discard_ok, values=discardable)
_STEP = Kind("step", _spaces, No("SB-905", "not_adjacent"), check=step_ok, rules=("SB-140", "SB-150"), values=reachable)
_RECRUIT = Kind("recruit", _none, No("SB-907", "recruit_needs_village"), None, recruit_ok, ("SB-170",))
_WAND = Kind(
    "wand",
    _wand_uses,
    No("SB-210", "wand_what"),
    wand_charged,
    wand_ok,
    ("SB-190", "SB-220"),
    values=wand_uses,
)
_END = Kind("end", _none, No("SB-130", "not_now"), None, end_ok, ("SB-120",))


def _before_tower(kind: Kind) -> Kind:
    """``kind`` in the tower phase: closed until the tower card is taken (SB-110)."""
    return Kind(kind.name, kind.labels, No("SB-110", "tower_first"), tower_first, rules=("SB-110",))


def _phase(*kinds: Kind) -> Decisions:
    return Decisions(*kinds, key=_key)


#: phase id -> its decisions (the flow table's ``legal`` hooks and ``REFUSALS.why_not`` read these)
DECISIONS: dict[str, Decisions] = {
    "take_destiny_card": _phase(
        Kind("tower", _cards, No("SB-100", "not_in_display"), check=tower_ok, values=in_display),
        *(_before_tower(k) for k in (_PLAY, _DISCARD, _STEP, _RECRUIT, _WAND, _END)),
    ),
    "play_mage_cards": Decisions(_PLAY, _DISCARD, _STEP, _RECRUIT, _WAND, _END, key=_key, values=play_values),
    "eod_choose_book": _phase(Kind("advance", _tracks, No("SB-410", "book_not_on_track"), None, advance_ok)),
    "final_battle": _phase(
        Kind("destroy", _moon_cards, No("SB-540", "not_in_tower"), None, destroy_ok, (), _in_tower),
        Kind("sun", _none, No("SB-540", "not_now")),
    ),
}

#: action kind -> the rule that governs it (the phases that use it are those of ``DECISIONS`` naming it)
KINDS: dict[str, str] = {
    "tower": "SB-110",  # exactly one tower card, at the start of the turn: outside its phase SB-110 forbids it
    "play": "SB-120",
    "discard": "SB-120",
    "step": "SB-140",
    "recruit": "SB-180",
    "wand": "SB-210",
    "end": "SB-130",
    "advance": "SB-410",
    "destroy": "SB-540",
    "sun": "SB-540",
}

#: the game's ``why_not``: every decision phase's refusals come from the checks above
REFUSALS = Refusals(DECISIONS, KINDS)
