"""The decisions of a Spellbound turn: legal actions, playing them, refusals.

Action labels (one choice each):
``tower 12`` (SB-100), ``play 3`` / ``discard 3`` (SB-120), ``step v04``
(SB-140), ``recruit`` (SB-170), ``wand move`` / ``wand search rose`` /
``wand banish 17`` (SB-210), ``end`` (SB-130), ``advance rose`` (SB-410),
``destroy 17`` / ``sun`` (SB-540).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulekit.engine import Action, Event, IllegalAction, State

from . import effects as fx
from .model import ON_TRACK, Data

if TYPE_CHECKING:
    from .rules import Spellbound

END, RECRUIT, SUN = Action("end"), Action("recruit"), Action("sun")
WAND_MOVE = Action("wand", ("move",))


def _set(seq: tuple, i: int, value) -> tuple:
    return seq[:i] + (value,) + seq[i + 1 :]


# -- what a card may do here -------------------------------------------------


def card_block(g: Spellbound, d: Data, cid: int) -> tuple[str, str]:
    """``("", "")`` if card ``cid`` can be played now, else (rule id, message key)."""
    card = g.cat.cards[cid]
    here = d.mages[d.active]
    kind = g.cat.kind(here)
    e = card.effect
    if e == "magic" and kind not in ("city", "wilderness"):
        return "SB-160", "no_magic_here"
    if e == "search" and _book_here(g, d, here) is None:
        return "SB-190", "no_book_here"
    if e == "guard_book" and ON_TRACK not in d.book_status:
        return "SB-200", "no_book_on_track"
    if e == "banish" and not any(c in g.adversary for c in d.display):
        return "SB-200", "no_wicked_in_display"
    if e == "watchman" and kind != "city":
        return "SB-913", "watchman_needs_city"
    return "", ""


def _book_here(g: Spellbound, d: Data, here: str) -> int | None:
    t = g.cat.track_of_region(here)
    return t if t is not None and d.book_status[t] == ON_TRACK else None


def recruit_block(g: Spellbound, d: Data) -> tuple[str, str]:
    here = d.mages[d.active]
    if g.cat.kind(here) != "village":
        return "SB-907", "recruit_needs_village"
    v = g.cat.villages.index(here)
    if not d.revealed[v] or not d.supplies[v]:
        return "SB-907", "nothing_to_recruit"
    if d.influence[d.active] < g.cat.cards[d.supplies[v][0]].cost:
        return "SB-170", "not_enough_influence"
    return "", ""


def step_block(g: Spellbound, d: Data, to: str) -> tuple[str, str]:
    here = d.mages[d.active]
    if g.cat.kind(here) == "city" and g.cat.kind(to) == "city":
        return "SB-150", "city_to_city"  # checked first: it is why no road joins two cities
    if d.movement <= 0:
        return "SB-140", "no_movement"
    if to not in g.cat.neighbours.get(here, ()):
        return "SB-905", "not_adjacent"
    return "", ""


# -- legal actions --------------------------------------------------------------


def legal(g: Spellbound, state: State) -> list[Action]:
    d: Data = state.data
    phase = state.phase
    if phase == "take_destiny_card":
        return [Action("tower", (c,)) for c in d.display]
    if phase == "play_mage_cards":
        return _legal_play(g, d)
    if phase == "eod_choose_book":
        return [Action("advance", (t.id,)) for i, t in enumerate(g.cat.tracks) if d.book_status[i] == ON_TRACK]
    if phase == "final_battle":
        return [Action("destroy", (c,)) for c in d.tower if g.cat.cards[c].moon > 0] + [SUN]
    raise RuntimeError(f"spellbound: no decisions in phase {phase!r}")


def _legal_play(g: Spellbound, d: Data) -> list[Action]:
    acts = g.actions  # prebuilt Action objects: legal lists are rebuilt after every decision
    free = g.free_cards
    mages = [c for c in d.display if c in g.helpful]
    out = [acts["play"][c] for c in mages if c in free or not card_block(g, d, c)[0]]
    out += [acts["discard"][c] for c in mages]
    here = d.mages[d.active]
    if d.movement > 0:
        out += [acts["step"][n] for n in g.cat.neighbours[here] if not step_block(g, d, n)[0]]
    if g.cat.spaces[here]["kind"] == "village" and not recruit_block(g, d)[0]:
        out.append(RECRUIT)
    if d.wands[d.active]:
        out.append(WAND_MOVE)
        out += [acts["search"][i] for i, st in enumerate(d.book_status) if st == ON_TRACK]
        out += [acts["banish"][c] for c in d.display if c in g.adversary]
    if len(mages) <= g.keep_mages:
        out.append(END)
    return out


# -- playing them ----------------------------------------------------------------


def play(g: Spellbound, state: State, action: Action) -> State:
    d: Data = state.data
    kind, args = action.kind, action.args
    if kind == "tower":
        return _to_tower(g, state, d, args[0])
    if kind == "end":
        ev = g.say("SB-130", "end_play", seat=d.active + 1)
        return state.evolve(phase="stationary_mage_penalty", to_move=None, events=(ev,))
    if kind == "advance":
        t = _track_index(g, args[0])
        d, ev = fx.move_book(g, d, t, 1, "SB-410")
        return state.evolve(data=d, phase="eod_shuffle_discard", to_move=None, events=tuple(ev))
    if kind in ("destroy", "sun"):
        return _battle_choice(g, state, d, action)
    if kind == "play":
        d, ev = _play_card(g, d, args[0])
    elif kind == "discard":
        d, ev = _discard(g, d, args[0])
    elif kind == "step":
        d, ev = _step(g, d, args[0])
    elif kind == "recruit":
        d, ev = _recruit(g, d)
    else:
        d, ev = _wand(g, d, args)
    return g.checked(state, d, ev, "play_mage_cards", d.active)


def _to_tower(g: Spellbound, state: State, d: Data, cid: int) -> State:
    """SB-100: exactly one display card goes to the witch tower, then cards are played."""
    d = d.but(
        display=tuple(c for c in d.display if c != cid),
        tower=d.tower + (cid,),
        moved=False,
        movement=0,
        spring_used=False,
    )
    ev = g.say("SB-100", "to_tower", seat=d.active + 1, **g.card_args(cid))
    return state.evolve(data=d, phase="play_mage_cards", to_move=d.active, events=(ev,))


def _track_index(g: Spellbound, tid: str) -> int:
    return next(i for i, t in enumerate(g.cat.tracks) if t.id == tid)


def _play_card(g: Spellbound, d: Data, cid: int) -> tuple[Data, list[Event]]:
    card = g.cat.cards[cid]
    d = d.but(display=tuple(c for c in d.display if c != cid), discard=d.discard + (cid,))
    rule = "SB-200" if card.type == "ally" else "SB-120"
    events = [g.say(rule, "plays", seat=d.active + 1, **g.card_args(card.id))]
    here, e, n = d.mages[d.active], card.effect, card.value
    if e == "move":
        d = d.but(movement=d.movement + n)
        events.append(g.say("SB-140", "gains_movement", n=n, total=d.movement))
    elif e == "magic":
        rule = "SB-906"
        t = g.cat.track_of_region(here)
        d, ev = fx.move_pursuer(g, d, t, -n, "SB-160")
        events += ev or [g.say("SB-160", "magic_no_effect")]
    elif e == "influence":
        d = d.but(influence=_set(d.influence, d.active, d.influence[d.active] + n))
        events.append(g.say("SB-170", "gains_influence", n=n, total=d.influence[d.active]))
    elif e == "search":
        d, ev = fx.move_book(g, d, _book_here(g, d, here), n, "SB-190")
        events += ev
    elif e == "all_hats_back":
        d, ev = fx.all_pursuers(g, d, -n, "SB-200", hats_only=True)
        events += ev
    elif e == "troll_back":
        d, ev = fx.move_pursuer(g, d, fx.troll_track(g), -n, "SB-200")
        events += ev
    elif e == "guard_book":
        t = min((i for i, st in enumerate(d.book_status) if st == ON_TRACK), key=lambda i: d.books[i] - d.pursuers[i])
        d, ev = fx.move_book(g, d, t, n, "SB-200")
        events += ev
    elif e == "charge_wands":
        d = d.but(wands=tuple(True for _ in d.wands))
        events.append(g.say("SB-200", "wands_charged"))
    elif e == "sun_stone":
        d, ev = fx.stones_to_bag(g, d, 1, n, "SB-200")
        events += ev
    elif e == "reveal":
        d = d.but(revealed=tuple(True for _ in d.revealed))
        events.append(g.say("SB-200", "villages_revealed"))
    elif e == "banish":
        d, ev = _banish(g, d, next(c for c in d.display if c in g.adversary), "SB-200")
        events += ev
    elif e == "watchman":
        d = d.but(watchman=here)
        events.append(g.say("SB-913", "watchman_moves", **g.space_args(here, "city")))
    return d, events


def _discard(g: Spellbound, d: Data, cid: int) -> tuple[Data, list[Event]]:
    """SB-120: a mage card may be discarded unplayed; it recharges the wand (SB-909)."""
    d = d.but(display=tuple(c for c in d.display if c != cid), discard=d.discard + (cid,))
    events = [g.say("SB-120", "discards", seat=d.active + 1, **g.card_args(cid))]
    if not d.wands[d.active]:
        d = d.but(wands=_set(d.wands, d.active, True))
        events.append(g.say("SB-909", "wand_recharged", seat=d.active + 1))
    return d, events


def _banish(g: Spellbound, d: Data, cid: int, rule: str) -> tuple[Data, list[Event]]:
    d = d.but(
        display=tuple(c for c in d.display if c != cid),
        discard=d.discard + (cid,),
        fresh=tuple(c for c in d.fresh if c != cid),
    )
    return d, [g.say(rule, "banished", **g.card_args(cid))]


def _step(g: Spellbound, d: Data, to: str) -> tuple[Data, list[Event]]:
    """SB-140/SB-905: one road costs one movement point; entering a village turns its card up."""
    d = d.but(mages=_set(d.mages, d.active, to), movement=d.movement - 1, moved=True)
    events = [g.say("SB-140", "steps", seat=d.active + 1, **g.space_args(to, "to"), left=d.movement)]
    if g.cat.kind(to) == "village":
        v = g.cat.villages.index(to)
        card = g.cat.cards[d.village_cards[v]]
        if not d.revealed[v]:
            d = d.but(revealed=_set(d.revealed, v, True))
            events.append(g.say("SB-907", "village_revealed", **g.space_args(to, "village"), **g.card_args(card.id)))
        if card.kind == "spring" and not d.wands[d.active] and not d.spring_used:
            d = d.but(wands=_set(d.wands, d.active, True), spring_used=True)
            events.append(g.say("SB-909", "spring_recharges", seat=d.active + 1))
    return d, events


def _recruit(g: Spellbound, d: Data) -> tuple[Data, list[Event]]:
    """SB-180: the ally card goes to the display, the rest of its set onto the discard pile."""
    v = g.cat.villages.index(d.mages[d.active])
    first, *rest = d.supplies[v]
    cost = g.cat.cards[first].cost
    d = d.but(
        supplies=_set(d.supplies, v, ()),
        display=d.display + (first,),
        discard=d.discard + tuple(rest),
        influence=_set(d.influence, d.active, d.influence[d.active] - cost),
    )
    return d, [g.say("SB-180", "recruits", seat=d.active + 1, **g.card_args(first), cost=cost, rest=len(rest))]


def _wand(g: Spellbound, d: Data, args: tuple) -> tuple[Data, list[Event]]:
    """SB-210: one use of a charged wand; afterwards it is empty (SB-220)."""
    d = d.but(wands=_set(d.wands, d.active, False))
    events = [g.say("SB-220", "wand_used", seat=d.active + 1)]
    if args[0] == "move":
        n = g.cat.setup["wand"]["move"]
        d = d.but(movement=d.movement + n)
        events.append(g.say("SB-210", "gains_movement", n=n, total=d.movement))
    elif args[0] == "search":
        d, ev = fx.move_book(g, d, _track_index(g, args[1]), g.cat.setup["wand"]["search"], "SB-210")
        events += ev
    else:
        d, ev = _banish(g, d, args[1], "SB-210")
        events += ev
    return d, events


def _battle_choice(g: Spellbound, state: State, d: Data, action: Action) -> State:
    """SB-540: each held book destroys one moon card of the tower or counts as one sun."""
    if action.kind == "sun":
        d = d.but(books_used=d.books_used + 1, battle_suns=d.battle_suns + 1)
        ev = g.say("SB-540", "book_as_sun", n=d.books_used)
    else:
        cid = action.args[0]
        d = d.but(books_used=d.books_used + 1, tower=tuple(c for c in d.tower if c != cid), box=d.box + (cid,))
        ev = g.say("SB-540", "book_destroys", n=d.books_used, **g.card_args(cid))
    done = d.books_used >= fx.books_held(d)
    return state.evolve(
        data=d,
        phase="final_battle_resolve" if done else "final_battle",
        to_move=None if done else d.active,
        events=(ev,),
    )


# -- why not -----------------------------------------------------------------------


def why_not(g: Spellbound, state: State, action: Action) -> IllegalAction:
    d: Data = state.data
    phase, kind, args = state.phase, action.kind, action.args
    ph = {
        "take_destiny_card": "SB-110",
        "play_mage_cards": "SB-120",
        "eod_choose_book": "SB-410",
        "final_battle": "SB-540",
    }.get(phase, "SB-300")
    rule, key, extra = ph, "not_now", {}
    if phase == "take_destiny_card" and kind in ("play", "discard", "step", "wand", "recruit", "end"):
        rule, key = "SB-110", "tower_first"
    elif phase == "play_mage_cards" and kind == "tower":
        rule, key = "SB-110", "one_tower_card"
    elif phase == "play_mage_cards" and kind == "end":
        rule, key = "SB-120", "too_many_mages"
        extra = {"n": sum(c in g.helpful for c in d.display)}
    elif phase == "play_mage_cards" and kind in ("play", "discard") and args and args[0] not in d.display:
        rule, key = "SB-120", "not_in_display"
    elif phase == "play_mage_cards" and kind in ("play", "discard") and args and not g.cat.cards[args[0]].helpful:
        rule, key = "SB-120", "wicked_not_playable"
    elif phase == "play_mage_cards" and kind == "play" and args:
        rule, key = card_block(g, d, args[0])
    elif phase == "play_mage_cards" and kind == "step" and args and args[0] in g.cat.spaces:
        rule, key = step_block(g, d, args[0])
    elif phase == "play_mage_cards" and kind == "recruit":
        rule, key = recruit_block(g, d)
    elif phase == "play_mage_cards" and kind == "wand" and not d.wands[d.active]:
        rule, key = "SB-220", "wand_empty"
    if not rule:
        rule, key = ph, "not_now"
    legal_now = ", ".join(map(str, state.legal_actions()[:6]))
    return g.refuse(rule, key, action, tried=str(action), legal=legal_now, **extra)
