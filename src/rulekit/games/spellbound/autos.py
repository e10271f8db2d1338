"""Automatic steps: pursuer step, wicked cards, refill, end of deck, last battle.

Each step function is the ``auto`` hook of one automatic phase in
``Spellbound.flow`` (called as ``step(g, state, data)`` through ``hook``):
it runs exactly one step and names the phase that follows; every step says
what it did with the rule id it applies. Defeat is checked after each step
(SB-650, via ``g.checked``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulekit.engine import Dice, State
from rulekit.engine.seats import next_seat

from . import effects as fx
from .model import ON_TRACK, Data

if TYPE_CHECKING:
    from .rules import Spellbound


def hook(step):
    """The engine's ``auto(state)`` hook for a step written as ``step(g, state, data)``."""

    def auto(state: State) -> State:
        return step(state.game, state, state.data)

    auto.__name__ = auto.__qualname__ = step.__name__
    auto.__doc__ = step.__doc__
    return auto


def _go(g: Spellbound, state: State, d: Data, events, phase: str, to_move: int | None = None, rng=None) -> State:
    return g.checked(state, d, events, phase, to_move, rng)


# -- the end of a turn --------------------------------------------------------


def stationary(g: Spellbound, state: State, d: Data) -> State:
    """SB-230: an unmoved mage in a city or the Wilds lets that region's pursuer advance 1."""
    here = d.mages[d.active]
    t = g.cat.track_of_region(here)
    if d.moved or t is None:
        ev = [g.say("SB-230", "no_penalty", seat=d.active + 1)]
    else:
        d, ev = fx.move_pursuer(g, d, t, 1, "SB-230", state.options)
        ev = ev or [g.say("SB-230", "pursuer_stays", **g.pursuer_args(t))]  # already on its goal space
    return _go(g, state, d, ev, "adversary_overflow_check")


def overflow(g: Spellbound, state: State, d: Data) -> State:
    """SB-240/SB-250: 3+ wicked cards in the display: discard them, every pursuer +1."""
    adv = tuple(c for c in d.display if c in g.adversary)
    if len(adv) < g.cat.setup["setup"]["overflow"]:
        return _go(g, state, d, [g.say("SB-250", "no_overflow", n=len(adv))], "refill_destiny_display")
    d = d.but(display=tuple(c for c in d.display if c not in g.adversary), discard=d.discard + adv, fresh=())
    d, ev = fx.all_pursuers(g, d, 1, "SB-240", state.options)
    return _go(g, state, d, [g.say("SB-240", "overflow", n=len(adv)), *ev], "refill_destiny_display")


def _refill(g: Spellbound, d: Data, rule: str) -> tuple[Data, bool, tuple[int, ...], list]:
    """Draw until 5 mage cards lie in the display (SB-260, SB-280); False if the deck ran out."""
    target = g.cat.setup["setup"]["display_mages"]
    have = sum(c in g.helpful for c in d.display)
    deck, display, fresh = d.deck, d.display, d.fresh
    drawn: list[int] = []
    while have < target and deck:
        card, deck = deck[0], deck[1:]
        display += (card,)
        drawn.append(card)
        if card in g.adversary:
            fresh += (card,)
        else:
            have += 1
    d = d.but(deck=deck, display=display, fresh=fresh)
    return d, have >= target, tuple(drawn), [g.say(rule, "refill", **g.list_args(drawn), n=have)]


def refill(g: Spellbound, state: State, d: Data) -> State:
    """SB-060 (setup), SB-260, SB-270: refill; an empty deck starts the end of deck."""
    rule = "SB-060" if state.step == 0 else "SB-260"
    d, full, drawn, ev = _refill(g, d, rule)
    if full:  # with no new wicked card the empty resolving step is skipped
        return _go(g, state, d, ev, "resolve_new_adversary_cards" if d.fresh else "check_game_state")
    return _start_end_of_deck(g, state, d, drawn, ev)


def _start_end_of_deck(g: Spellbound, state: State, d: Data, drawn: tuple[int, ...], ev: list) -> State:
    """SB-270, SB-910: the cards drawn so far stay (or, option ``short_refill = "discard"``, go
    onto the discard pile unresolved); step 1 resolves every wicked card in the display."""
    if drawn and state.options["short_refill"] == "discard":
        d = d.but(display=tuple(c for c in d.display if c not in drawn), discard=d.discard + drawn)
        ev = [*ev, g.say("SB-910", "short_refill_discarded", n=len(drawn))]
    d = d.but(fresh=tuple(c for c in d.display if c in g.adversary))
    return _go(g, state, d, [*ev, g.say("SB-270", "end_of_deck")], "eod_resolve_display_adversaries")


def resolve_new(g: Spellbound, state: State, d: Data) -> State:
    """SB-290 / SB-480: resolve newly placed wicked cards one at a time, in drawing order."""
    nxt = "check_game_state"
    rule = "SB-480" if state.phase.startswith("eod") else "SB-290"
    if not d.fresh:
        return _go(g, state, d, [g.say(rule, "no_new_wicked")], nxt)
    card, d = d.fresh[0], d.but(fresh=d.fresh[1:])
    d, ev = fx.resolve_adversary(g, d, card, rule, state.options)
    return _go(g, state, d, ev, state.phase if d.fresh else nxt)


def check(g: Spellbound, state: State, d: Data) -> State:
    """SB-300, SB-500-520: start the last battle when both preconditions hold, else the next turn
    (not when one was lost earlier in this turn, option ``victory_check = "any_time"``, SB-912)."""
    if not d.battle_fought and fx.ready_for_battle(g, d):
        ev = g.say("SB-530", "battle_begins", books=fx.books_held(d))
        d = d.but(books_used=0, battle_suns=0)
        return _go(g, state, d, [ev], "final_battle", d.active)
    nxt = next_seat(d.active, state.players)
    d = d.but(active=nxt, moved=False, movement=0)
    return _go(g, state, d, [g.say("SB-300", "next_turn", seat=nxt + 1)], "take_destiny_card", nxt)


# -- the end of the deck -------------------------------------------------------


def eod_resolve_display(g: Spellbound, state: State, d: Data) -> State:
    """SB-310 then SB-320: resolve each wicked card in the display, then discard them all."""
    if d.fresh:
        card, d = d.fresh[0], d.but(fresh=d.fresh[1:])
        d, ev = fx.resolve_adversary(g, d, card, "SB-310", state.options)
        return _go(g, state, d, ev, state.phase)
    adv = tuple(c for c in d.display if c in g.adversary)
    d = d.but(display=tuple(c for c in d.display if c not in g.adversary), discard=d.discard + adv)
    return _go(g, state, d, [g.say("SB-320", "eod_discard", n=len(adv))], "eod_advance_unguarded_adversaries")


def eod_unguarded(g: Spellbound, state: State, d: Data) -> State:
    """SB-330: every pursuer whose region holds no mage and no City Watchman advances 1."""
    events = []
    for t, track in enumerate(g.cat.tracks):
        if track.region in d.mages or track.region == d.watchman:
            events.append(g.say("SB-330", "guarded", **g.space_args(track.region, "region")))
            continue
        d, ev = fx.move_pursuer(g, d, t, 1, "SB-330", state.options)
        events += ev
    return _go(g, state, d, events, "eod_add_adversary_card")


def eod_add_wicked(g: Spellbound, state: State, d: Data) -> State:
    """SB-340 (SB-640 when the wicked pile is empty)."""
    d, ev = fx.new_wicked_card(g, d, "SB-340")
    return _go(g, state, d, ev, "eod_draw_stones")


def draw_stones(d: Data, n: int, dice: Dice) -> tuple[int, int]:
    """Draw ``n`` stones without replacement from the bag (SB-350); fewer if the bag runs short (SB-915)."""
    moon, sun = d.bag
    drawn = [0, 0]
    for _ in range(min(n, moon + sun)):
        if dice.below(moon + sun) < moon:
            moon, drawn[0] = moon - 1, drawn[0] + 1
        else:
            sun, drawn[1] = sun - 1, drawn[1] + 1
    return drawn[0], drawn[1]


def eod_draw(g: Spellbound, state: State, d: Data) -> State:
    """SB-350, SB-915: as many stones as the witch's base strength."""
    dice = Dice(state.rng)
    base = g.board(state.options).levels[d.witch].base
    moon, sun = draw_stones(d, base, dice)
    d = d.but(bag=(d.bag[0] - moon, d.bag[1] - sun), drawn=(moon, sun))
    events = [g.say("SB-915" if moon + sun < base else "SB-350", "stones_drawn", n=moon + sun, moon=moon, sun=sun)]
    if moon + sun < base and state.options["short_bag"] == "missing_are_moons":
        d = d.but(missing=base - moon - sun)
        events.append(g.say("SB-915", "missing_stones_are_moons", n=d.missing))
    return _go(g, state, d, events, "eod_compare_powers", rng=dice.state)


def eod_compare(g: Spellbound, state: State, d: Data) -> State:
    """SB-360, SB-370, SB-380, SB-390: sun strictly above moon is a mage victory."""
    moon, sun = fx.powers(g, d, state.options)
    events = [g.say("SB-360", "moon_power", moon=moon), g.say("SB-370", "sun_power", sun=sun)]
    if sun > moon:
        events.append(g.say("SB-380", "mage_victory"))
        return _go(g, state, d, events, "eod_mage_victory")
    margin = moon - sun
    events.append(g.say("SB-390" if margin == 0 else "SB-380", "witch_victory", margin=margin))
    setup = g.cat.setup["battle"]
    steps = 1 if margin <= setup["witch_one"] else 2 if margin <= setup["witch_two"] else 0
    return _go(g, state, d.but(margin=margin, witch_steps=steps), events, "eod_witch_victory")


def eod_mage_victory(g: Spellbound, state: State, d: Data) -> State:
    """SB-400, SB-916: the weakest demon card(s) go into the tower; then a book is chosen (SB-410)."""
    events = []
    if d.demons:
        weakest = min(g.cat.cards[c].value for c in d.demons)
        chosen = tuple(c for c in d.demons if g.cat.cards[c].value == weakest)
        if state.options["weakest_demons"] == "one":  # SB-916 variant: one card of the weakest
            chosen = chosen[:1]
        d = d.but(demons=tuple(c for c in d.demons if c not in chosen), tower=d.tower + chosen)
        events.append(g.say("SB-400", "demons_to_tower", **g.list_args(chosen)))
    else:
        events.append(g.say("SB-916", "no_demons"))
    if ON_TRACK in d.book_status:
        return _go(g, state, d, events, "eod_choose_book", d.active)
    events.append(g.say("SB-410", "no_book_to_advance"))
    return _go(g, state, d, events, "eod_shuffle_discard")


def eod_witch_victory(g: Spellbound, state: State, d: Data) -> State:
    """SB-420 (margin 0-4), SB-430 (5-9, one level at a time), SB-440 (10+ loses)."""
    if d.witch_steps == 0:
        d = d.but(result="lost", reason="SB-440")
        return _go(g, state, d, [g.say("SB-440", "crushing_defeat", margin=d.margin)], "game_over")
    rule = "SB-420" if d.margin <= g.cat.setup["battle"]["witch_one"] else "SB-430"
    d, ev = fx.witch_step(g, d, rule, state.options)
    d = d.but(witch_steps=d.witch_steps - 1)
    return _go(g, state, d, ev, state.phase if d.witch_steps else "eod_shuffle_discard")


def eod_shuffle(g: Spellbound, state: State, d: Data) -> State:
    """SB-918, SB-914, SB-460: tower cards to the discard pile, stones back, shuffle into a new deck."""
    dice = Dice(state.rng)
    cards = g.cat.cards
    stay = state.options["tower_after_battle"] == "stay"
    kept = tuple(c for c in d.tower if stay or cards[c].type == "demon")
    moved = tuple(c for c in d.tower if c not in kept)
    d = _stones_back(state, d)
    pile = d.discard + moved
    d = d.but(tower=kept, deck=d.deck + dice.shuffle(pile), discard=(), margin=0)
    events = [g.say("SB-918", "tower_to_discard", n=len(moved)), g.say("SB-460", "shuffled", n=len(d.deck))]
    return _go(g, state, d, events, "eod_refill_destiny_display", rng=dice.state)


def _stones_back(state: State, d: Data) -> Data:
    """SB-914: drawn stones go back into the bag (option ``return_stones``) or to the supply."""
    if state.options["return_stones"]:
        return d.but(bag=(d.bag[0] + d.drawn[0], d.bag[1] + d.drawn[1]), drawn=(0, 0), missing=0)
    return d.but(supply=(d.supply[0] + d.drawn[0], d.supply[1] + d.drawn[1]), drawn=(0, 0), missing=0)


def eod_refill(g: Spellbound, state: State, d: Data) -> State:
    """SB-470: refill to 5 mage cards (a deck that runs out again restarts the end of deck, SB-270)."""
    d, full, drawn, ev = _refill(g, d, "SB-470")
    if full:
        return _go(g, state, d, ev, "eod_resolve_new_adversary_cards" if d.fresh else "check_game_state")
    return _start_end_of_deck(g, state, d, drawn, ev)


def final_resolve(g: Spellbound, state: State, d: Data) -> State:
    """SB-550, SB-919: the last battle is fought like an end-of-deck battle. Lost, play goes
    on with the next turn (option ``lost_battle = "continue"``: the four printed defeat
    conditions SB-610 to SB-640 are the only losses) or the game is lost (``"lose"``)."""
    dice = Dice(state.rng)
    moon_n, sun_n = draw_stones(d, g.board(state.options).levels[d.witch].base, dice)
    d = d.but(drawn=(moon_n, sun_n))
    moon, sun = fx.powers(g, d, state.options, d.battle_suns)
    events = [
        g.say("SB-550", "stones_drawn", n=moon_n + sun_n, moon=moon_n, sun=sun_n),
        g.say("SB-360", "moon_power", moon=moon),
        g.say("SB-370", "sun_power", sun=sun),
    ]
    d = d.but(bag=(d.bag[0] - moon_n, d.bag[1] - sun_n))
    if sun > moon:
        d = d.but(result="won", reason="SB-530")
        events.append(g.say("SB-560", "game_won", sun=sun, moon=moon))
    elif state.options["lost_battle"] == "lose":
        d = d.but(result="lost", reason="SB-919")
        events.append(g.say("SB-919", "battle_lost", sun=sun, moon=moon))
    elif d.resume:  # SB-912 any_time: the battle interrupted a turn, which goes on
        phase = d.resume
        d = _stones_back(state, d).but(books_used=0, battle_suns=0, resume="", battle_fought=True)
        events.append(g.say("SB-912", "battle_lost_turn_goes_on", sun=sun, moon=moon, seat=d.active + 1))
        return _go(g, state, d, events, phase, d.active, rng=dice.state)
    else:
        nxt = next_seat(d.active, state.players)
        d = _stones_back(state, d).but(active=nxt, moved=False, movement=0, books_used=0, battle_suns=0)
        events += [
            g.say("SB-919", "battle_lost_play_on", sun=sun, moon=moon),
            g.say("SB-300", "next_turn", seat=nxt + 1),
        ]
        return _go(g, state, d, events, "take_destiny_card", nxt, rng=dice.state)
    return _go(g, state, d, events, "game_over", rng=dice.state)
