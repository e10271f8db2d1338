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
from rulekit.engine.seats import replace_at

from . import effects as fx
from .model import ON_TRACK, Data

if TYPE_CHECKING:
    from .rules import Spellbound

END, RECRUIT, SUN = Action("end"), Action("recruit"), Action("sun")
WAND_MOVE = Action("wand", ("move",))


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


# -- the decision phases (hooks of ``Spellbound.flow``) ----------------------------


def legal_tower(state: State) -> list[Action]:
    """SB-100: any one display card may go to the witch tower."""
    return [Action("tower", (c,)) for c in state.data.display]


def play_tower(state: State, action: Action) -> State:
    return battle_now(state, _to_tower(state.game, state, state.data, action.args[0]))


def why_not_tower(state: State, action: Action) -> IllegalAction:
    """SB-110: the tower card comes first, exactly one."""
    key = "tower_first" if action.kind in ("play", "discard", "step", "wand", "recruit", "end") else "not_now"
    return _refuse(state, action, "SB-110", key)


def legal_play(state: State) -> list[Action]:
    g: Spellbound = state.game
    d: Data = state.data
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
        out += [acts["search"][t] for t in wand_search_tracks(g, state.options, d)]
        out += [acts["banish"][c] for c in d.display if c in g.adversary]
    if len(mages) <= g.keep_mages:
        out.append(END)
    return out


def wand_search_tracks(g: Spellbound, options: dict, d: Data) -> list[int]:
    """SB-190, SB-210, SB-908: the books a joker search may move (only the local one by default)."""
    if options["wand_search"] == "anywhere":
        return [t for t, st in enumerate(d.book_status) if st == ON_TRACK]
    t = _book_here(g, d, d.mages[d.active])
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
    return battle_now(state, g.checked(state, d, ev, "play_mage_cards", d.active))


def battle_now(state: State, nxt: State) -> State:
    """SB-912, option ``victory_check = "any_time"``: after a decision of the mages, both victory
    preconditions (SB-500, SB-510) start the last battle at once; a lost one returns to ``nxt``'s
    phase (``resume``). At most one battle per turn. By default (``turn_end``) only SB-300's check does."""
    d: Data = nxt.data
    if state.options["victory_check"] != "any_time" or nxt.is_over or d.battle_fought:
        return nxt
    g: Spellbound = state.game
    if not fx.ready_for_battle(g, d):
        return nxt
    ev = g.say("SB-912", "battle_begins_now", books=fx.books_held(d))
    d = d.but(books_used=0, battle_suns=0, resume=nxt.phase)
    return nxt.evolve(data=d, phase="final_battle", to_move=d.active, events=(*nxt.events, ev))


def why_not_play(state: State, action: Action) -> IllegalAction:
    g: Spellbound = state.game
    d: Data = state.data
    kind, args = action.kind, action.args
    rule, key, extra = "SB-120", "not_now", {}
    if kind == "tower":
        rule, key = "SB-110", "one_tower_card"
    elif kind == "end":
        rule, key = "SB-120", "too_many_mages"
        extra = {"n": sum(c in g.helpful for c in d.display)}
    elif kind in ("play", "discard") and args and args[0] not in d.display:
        rule, key = "SB-120", "not_in_display"
    elif kind in ("play", "discard") and args and not g.cat.cards[args[0]].helpful:
        rule, key = "SB-120", "wicked_not_playable"
    elif kind == "play" and args:
        rule, key = card_block(g, d, args[0])
    elif kind == "step" and args and args[0] in g.cat.spaces:
        rule, key = step_block(g, d, args[0])
    elif kind == "recruit":
        rule, key = recruit_block(g, d)
    elif kind == "wand" and not d.wands[d.active]:
        rule, key = "SB-220", "wand_empty"
    elif kind == "wand" and len(args) == 2 and args[0] == "search" and args[1] in g.track_by_id:
        rule, key = "SB-190", "wand_search_on_site"
    return _refuse(state, action, rule or "SB-120", key if rule else "not_now", **extra)


def legal_choose_book(state: State) -> list[Action]:
    """SB-410: any book still on its track may advance."""
    g: Spellbound = state.game
    return [Action("advance", (t.id,)) for i, t in enumerate(g.cat.tracks) if state.data.book_status[i] == ON_TRACK]


def play_choose_book(state: State, action: Action) -> State:
    g: Spellbound = state.game
    d, ev = fx.move_book(g, state.data, _track_index(g, action.args[0]), 1, "SB-410", state.options)
    return state.evolve(data=d, phase="eod_shuffle_discard", to_move=None, events=tuple(ev))


def why_not_choose_book(state: State, action: Action) -> IllegalAction:
    return _refuse(state, action, "SB-410", "not_now")


def legal_battle(state: State) -> list[Action]:
    """SB-540: a held book destroys one moon card of the tower or counts as a sun."""
    g: Spellbound = state.game
    return [Action("destroy", (c,)) for c in state.data.tower if g.cat.cards[c].moon > 0] + [SUN]


def why_not_battle(state: State, action: Action) -> IllegalAction:
    return _refuse(state, action, "SB-540", "not_now")


def _refuse(state: State, action: Action, rule: str, key: str, **extra) -> IllegalAction:
    g, legal = state.game, state.legal_actions()
    words = {"tried": g.phrase(action), "tried_de": g.phrase(action, "de")}
    words |= {"legal": g.phrases(legal, most=6), "legal_de": g.phrases(legal, "de", most=6)}
    return g.refuse(rule, key, action, **words, **extra)


# -- playing them ----------------------------------------------------------------


def _to_tower(g: Spellbound, state: State, d: Data, cid: int) -> State:
    """SB-100: exactly one display card goes to the witch tower, then cards are played."""
    d = d.but(
        display=tuple(c for c in d.display if c != cid),
        tower=d.tower + (cid,),
        moved=False,
        movement=0,
        spring_used=False,
        wand_used=False,
        battle_fought=False,
    )
    if not state.options["influence_persists"]:  # SB-907 variant: influence is spent in the turn or lost
        d = d.but(influence=replace_at(d.influence, d.active, 0))
    ev = g.say("SB-100", "to_tower", seat=d.active + 1, **g.card_args(cid))
    return state.evolve(data=d, phase="play_mage_cards", to_move=d.active, events=(ev,))


def _track_index(g: Spellbound, tid: str) -> int:
    return next(i for i, t in enumerate(g.cat.tracks) if t.id == tid)


def _play_card(g: Spellbound, o: dict, d: Data, args: tuple) -> tuple[Data, list[Event]]:
    cid = args[0]
    card = g.cat.cards[cid]
    d = d.but(display=tuple(c for c in d.display if c != cid), discard=d.discard + (cid,))
    rule = "SB-200" if card.type == "ally" else "SB-120"
    events = [g.say(rule, "plays", seat=d.active + 1, **g.card_args(card.id))]
    here, e, n = d.mages[d.active], card.effect, card.value
    if e == "move":
        d = d.but(movement=d.movement + n)
        events.append(g.say("SB-140", "gains_movement", n=n, total=d.movement))
    elif e == "magic":
        t = g.cat.track_of_region(here)
        if o["magic_effect"] == "advance_book":  # SB-906 variant: the local book moves on instead
            d, ev = fx.move_book(g, d, t, n, "SB-906", o)
        else:
            d, ev = fx.move_pursuer(g, d, t, -n, "SB-160", o)
        events += ev or [g.say("SB-160", "magic_no_effect")]
    elif e == "influence":
        d = d.but(influence=replace_at(d.influence, d.active, d.influence[d.active] + n))
        events.append(g.say("SB-170", "gains_influence", n=n, total=d.influence[d.active]))
    elif e == "search":
        d, ev = fx.move_book(g, d, _book_here(g, d, here), n, "SB-190", o)
        events += ev
    elif e == "all_hats_back":
        d, ev = fx.all_pursuers(g, d, -n, "SB-200", o, hats_only=True)
        events += ev
    elif e == "troll_back":
        d, ev = fx.move_pursuer(g, d, fx.troll_track(g), -n, "SB-200", o)
        events += ev
    elif e == "guard_book":
        t = min((i for i, st in enumerate(d.book_status) if st == ON_TRACK), key=lambda i: d.books[i] - d.pursuers[i])
        d, ev = fx.move_book(g, d, t, n, "SB-200", o)
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


def _discard(g: Spellbound, o: dict, d: Data, args: tuple) -> tuple[Data, list[Event]]:
    """SB-120: a mage card may be discarded unplayed; it may recharge the wand (SB-909, option ``wand_recharge``)."""
    cid = args[0]
    d = d.but(display=tuple(c for c in d.display if c != cid), discard=d.discard + (cid,))
    events = [g.say("SB-120", "discards", seat=d.active + 1, **g.card_args(cid))]
    how = o["wand_recharge"]
    if not d.wands[d.active] and (how == "every_discard" or (how == "next_turn" and not d.wand_used)):
        d = d.but(wands=replace_at(d.wands, d.active, True))
        events.append(g.say("SB-909", "wand_recharged", seat=d.active + 1))
    return d, events


def _banish(g: Spellbound, d: Data, cid: int, rule: str) -> tuple[Data, list[Event]]:
    d = d.but(
        display=tuple(c for c in d.display if c != cid),
        discard=d.discard + (cid,),
        fresh=tuple(c for c in d.fresh if c != cid),
    )
    return d, [g.say(rule, "banished", **g.card_args(cid))]


def _step(g: Spellbound, o: dict, d: Data, args: tuple) -> tuple[Data, list[Event]]:
    """SB-140/SB-905: one road costs one movement point; entering a village turns its card up."""
    to = args[0]
    d = d.but(mages=replace_at(d.mages, d.active, to), movement=d.movement - 1, moved=True)
    events = [g.say("SB-140", "steps", seat=d.active + 1, **g.space_args(to, "to"), left=d.movement)]
    if g.cat.kind(to) == "village":
        v = g.cat.villages.index(to)
        card = g.cat.cards[d.village_cards[v]]
        if not d.revealed[v]:
            d = d.but(revealed=replace_at(d.revealed, v, True))
            events.append(g.say("SB-907", "village_revealed", **g.space_args(to, "village"), **g.card_args(card.id)))
        if card.kind == "spring" and not d.wands[d.active] and not d.spring_used:
            d = d.but(wands=replace_at(d.wands, d.active, True), spring_used=True)
            events.append(g.say("SB-909", "spring_recharges", seat=d.active + 1))
    return d, events


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
    d = d.but(wands=replace_at(d.wands, d.active, False), wand_used=True)
    events = [g.say("SB-220", "wand_used", seat=d.active + 1)]
    if args[0] == "move":
        n = o["wand_movement"]
        d = d.but(movement=d.movement + n)
        events.append(g.say("SB-210", "gains_movement", n=n, total=d.movement))
    elif args[0] == "search":
        d, ev = fx.move_book(g, d, _track_index(g, args[1]), o["wand_search_steps"], "SB-210", o)
        events += ev
    else:
        d, ev = _banish(g, d, args[1], "SB-210")
        events += ev
    return d, events


_PLAYS = {"play": _play_card, "discard": _discard, "step": _step, "recruit": _recruit, "wand": _wand}


def play_battle(state: State, action: Action) -> State:
    """SB-540: each held book destroys one moon card of the tower or counts as one sun."""
    g: Spellbound = state.game
    d: Data = state.data
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
