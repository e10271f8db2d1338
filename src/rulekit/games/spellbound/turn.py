"""Carrying out the decisions of a Spellbound turn (SB-100 .. SB-220): the tower card and the card play.

The decisions arrive here already checked: ``checks`` holds the legal lists
and the refusals; nothing here refuses.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulekit.engine import Action, Event, State
from rulekit.engine.seats import replace_at

from . import effects as fx
from . import last_battle
from .model import ON_TRACK, Data, with_cards_moved, with_step, with_tower_card, with_wand_used

if TYPE_CHECKING:
    from .rules import Spellbound

# -- the decision phases (``play`` hooks of ``Spellbound.flow``; ``checks`` has the legal lists) --


def play_tower(state: State, action: Action) -> State:
    return last_battle.battle_now(state, _to_tower(state.game, state, state.data, action.args[0]))


def wand_search_tracks(g: Spellbound, options: dict, d: Data) -> list[int]:
    """SB-190, SB-210, SB-908: the books a joker search may move (only the local one by default)."""
    if options["wand_search"] == "anywhere":
        return [t for t, st in enumerate(d.book_status) if st == ON_TRACK]
    t = fx.book_here(g, d, d.mages[d.active])
    return [] if t is None else [t]


def play_cards(state: State, action: Action) -> State:
    """One decision of the card play (SB-120 to SB-220); ``end`` closes it (SB-130)."""
    g: Spellbound = state.game
    d: Data = state.data
    kind, args = action.kind, action.args
    if kind == "end":
        ev = g.say("SB-130", "end_play", seat=d.active + 1)
        return state.evolve(phase="stationary_mage_penalty", to_move=None, events=(ev,))
    d, ev = _PLAYS[kind](g, state.options, d, args)
    return last_battle.battle_now(state, g.checked(state, d, ev, "play_mage_cards", d.active))


# -- playing them ----------------------------------------------------------------


def _to_tower(g: Spellbound, state: State, d: Data, cid: int) -> State:
    """SB-100: exactly one display card goes to the witch tower, then cards are played."""
    d = with_tower_card(d, tuple([c for c in d.display if c != cid]), d.tower + (cid,), False, 0, False, False, False)
    if not state.options["influence_persists"]:  # SB-907 variant: influence is spent in the turn or lost
        d = d.but(influence=replace_at(d.influence, d.active, 0))
    ev = g.say("SB-100", "to_tower", seat=d.active + 1, **g.card_args(cid))
    return state.evolve(data=d, phase="play_mage_cards", to_move=d.active, events=(ev,))


def _play_card(g: Spellbound, o: dict, d: Data, args: tuple) -> tuple[Data, list[Event]]:
    """SB-120 / SB-200: the card leaves the display and its effect op is carried out (``effects.CARD_OPS``)."""
    cid = args[0]
    card = g.cat.cards[cid]
    d = with_cards_moved(d, tuple([c for c in d.display if c != cid]), d.discard + (cid,))
    rule = "SB-200" if card.type == "ally" else "SB-120"
    events = [g.say(rule, "plays", seat=d.active + 1, **g.card_args(card.id))]
    op = fx.CARD_OPS.get(card.effect)
    if op is None:
        return d, events
    d, ev = op(g, d, o, card)
    return d, events + ev


def _discard(g: Spellbound, o: dict, d: Data, args: tuple) -> tuple[Data, list[Event]]:
    """SB-120: a mage card may be discarded unplayed; it may recharge the wand (SB-909, option ``wand_recharge``)."""
    cid = args[0]
    display, discard = tuple([c for c in d.display if c != cid]), d.discard + (cid,)
    events = [g.say("SB-120", "discards", seat=d.active + 1, **g.card_args(cid))]
    how = o["wand_recharge"]
    if not d.wands[d.active] and (how == "every_discard" or (how == "next_turn" and not d.wand_used)):
        d = d.but(display=display, discard=discard, wands=replace_at(d.wands, d.active, True))  # one copy
        events.append(g.say("SB-909", "wand_recharged", seat=d.active + 1))
    else:
        d = with_cards_moved(d, display, discard)
    return d, events


def _step(g: Spellbound, o: dict, d: Data, args: tuple) -> tuple[Data, list[Event]]:
    """SB-140/SB-905: one road costs one movement point; entering a village turns its card up."""
    to = args[0]
    left = d.movement - 1
    events = [g.say("SB-140", "steps", seat=d.active + 1, **g.space_args(to, "to"), left=left)]
    if g.cat.space_kinds[to] != "village":
        return with_step(d, replace_at(d.mages, d.active, to), left, True), events
    # a village: all changes of the step in one copy of the data (steps are frequent)
    changes: dict = {"mages": replace_at(d.mages, d.active, to), "movement": left, "moved": True}
    v = g.cat.villages.index(to)
    card = g.cat.cards[d.village_cards[v]]
    if not d.revealed[v]:
        changes["revealed"] = replace_at(d.revealed, v, True)
        events.append(g.say("SB-907", "village_revealed", **g.space_args(to, "village"), **g.card_args(card.id)))
    if card.kind == "spring" and not d.wands[d.active] and not d.spring_used:
        changes["wands"], changes["spring_used"] = replace_at(d.wands, d.active, True), True
        events.append(g.say("SB-909", "spring_recharges", seat=d.active + 1))
    return d.but(**changes), events


def _recruit(g: Spellbound, o: dict, d: Data, args: tuple) -> tuple[Data, list[Event]]:
    """SB-180: the ally card goes to the display, the rest of its set onto the discard pile."""
    v = g.cat.villages.index(d.mages[d.active])
    first, *rest = d.supplies[v]
    cost = g.cat.cards[first].cost
    d = d.but(
        supplies=replace_at(d.supplies, v, ()),
        display=d.display + (first,),
        discard=d.discard + tuple(rest),
        influence=replace_at(d.influence, d.active, d.influence[d.active] - cost),
    )
    return d, [g.say("SB-180", "recruits", seat=d.active + 1, **g.card_args(first), cost=cost, rest=len(rest))]


def _wand(g: Spellbound, o: dict, d: Data, args: tuple) -> tuple[Data, list[Event]]:
    """SB-210: one use of a charged wand; afterwards it is empty (SB-220)."""
    emptied = replace_at(d.wands, d.active, False)
    events = [g.say("SB-220", "wand_used", seat=d.active + 1)]
    if args[0] == "move":  # the most frequent use: one copy of the data for all of it
        n = o["wand_movement"]
        d = with_wand_used(d, emptied, True, d.movement + n)
        events.append(g.say("SB-210", "gains_movement", n=n, total=d.movement))
        return d, events
    d = with_wand_used(d, emptied, True, d.movement)
    if args[0] == "search":
        d, ev = fx.move_book(g, d, fx.track_index(g, args[1]), o["wand_search_steps"], "SB-210", o)
        events += ev
    else:
        d, ev = fx.banish(g, d, args[1], "SB-210")
        events += ev
    return d, events


_PLAYS = {"play": _play_card, "discard": _discard, "step": _step, "recruit": _recruit, "wand": _wand}
