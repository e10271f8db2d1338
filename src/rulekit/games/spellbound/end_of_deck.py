"""The end of the deck (SB-270 .. SB-470, SB-910, SB-914 .. SB-918): the battle against the witch.

Each step function is the ``auto`` hook of one automatic phase in
``Spellbound.flow`` (called as ``step(g, state, data)`` through
``rules.hook``): it runs exactly one step and names the phase that follows;
every step says what it did with the rule id it applies. Defeat is checked
after each step (SB-650, via ``g.checked``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulekit.engine import Action, Dice, State

from . import effects as fx
from .model import ON_TRACK, Data, with_fresh

if TYPE_CHECKING:
    from .rules import Spellbound


# -- the end of the deck -------------------------------------------------------


def start(g: Spellbound, state: State, d: Data, drawn: tuple[int, ...], ev: list) -> State:
    """SB-270, SB-910: the cards drawn so far stay (or, option ``short_refill = "discard"``, go
    onto the discard pile unresolved); step 1 resolves every wicked card in the display."""
    if drawn and state.options["short_refill"] == "discard":
        d = d.but(display=tuple(c for c in d.display if c not in drawn), discard=d.discard + drawn)
        ev = [*ev, g.say("SB-910", "short_refill_discarded", n=len(drawn))]
    d = with_fresh(d, tuple([c for c in d.display if c in g.adversary]))
    return g.checked(state, d, [*ev, g.say("SB-270", "end_of_deck")], "eod_resolve_display_adversaries")


def eod_resolve_display(g: Spellbound, state: State, d: Data) -> State:
    """SB-310 then SB-320: resolve each wicked card in the display, then discard them all."""
    if d.fresh:
        card, d = d.fresh[0], with_fresh(d, d.fresh[1:])
        d, ev = fx.resolve_adversary(g, d, card, "SB-310", state.options)
        return g.checked(state, d, ev, state.phase)
    adv = tuple(c for c in d.display if c in g.adversary)
    d = d.but(display=tuple(c for c in d.display if c not in g.adversary), discard=d.discard + adv)
    return g.checked(state, d, [g.say("SB-320", "eod_discard", n=len(adv))], "eod_advance_unguarded_adversaries")


def eod_unguarded(g: Spellbound, state: State, d: Data) -> State:
    """SB-330: every pursuer whose region holds no mage and no City Watchman advances 1."""
    events = []
    for t, track in enumerate(g.cat.tracks):
        if track.region in d.mages or track.region == d.watchman:
            events.append(g.say("SB-330", "guarded", **g.space_args(track.region, "region")))
            continue
        d, ev = fx.move_pursuer(g, d, t, 1, "SB-330", state.options)
        events += ev
    return g.checked(state, d, events, "eod_add_adversary_card")


def eod_add_wicked(g: Spellbound, state: State, d: Data) -> State:
    """SB-340 (SB-640 when the wicked pile is empty)."""
    d, ev = fx.new_wicked_card(g, d, "SB-340")
    return g.checked(state, d, ev, "eod_draw_stones")


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
    return g.checked(state, d, events, "eod_compare_powers", rng=dice.state)


def eod_compare(g: Spellbound, state: State, d: Data) -> State:
    """SB-360, SB-370, SB-380, SB-390: sun strictly above moon is a mage victory."""
    moon, sun = fx.powers(g, d, state.options)
    events = [g.say("SB-360", "moon_power", moon=moon), g.say("SB-370", "sun_power", sun=sun)]
    if sun > moon:
        events.append(g.say("SB-380", "mage_victory"))
        return g.checked(state, d, events, "eod_mage_victory")
    margin = moon - sun
    events.append(g.say("SB-390" if margin == 0 else "SB-380", "witch_victory", margin=margin))
    setup = g.cat.setup["battle"]
    steps = 1 if margin <= setup["witch_one"] else 2 if margin <= setup["witch_two"] else 0
    return g.checked(state, d.but(margin=margin, witch_steps=steps), events, "eod_witch_victory")


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
        return g.checked(state, d, events, "eod_choose_book", d.active)
    events.append(g.say("SB-410", "no_book_to_advance"))
    return g.checked(state, d, events, "eod_shuffle_discard")


def play_choose_book(state: State, action: Action) -> State:
    """SB-410: after a mage victory the chosen book advances one space."""
    g: Spellbound = state.game
    d, ev = fx.move_book(g, state.data, fx.track_index(g, action.args[0]), 1, "SB-410", state.options)
    return state.evolve(data=d, phase="eod_shuffle_discard", to_move=None, events=tuple(ev))


def eod_witch_victory(g: Spellbound, state: State, d: Data) -> State:
    """SB-420 (margin 0-4), SB-430 (5-9, one level at a time), SB-440 (10+ loses)."""
    if d.witch_steps == 0:
        d = d.but(result="lost", reason="SB-440")
        return g.checked(state, d, [g.say("SB-440", "crushing_defeat", margin=d.margin)], "game_over")
    rule = "SB-420" if d.margin <= g.cat.setup["battle"]["witch_one"] else "SB-430"
    d, ev = fx.witch_step(g, d, rule, state.options)
    d = d.but(witch_steps=d.witch_steps - 1)
    return g.checked(state, d, ev, state.phase if d.witch_steps else "eod_shuffle_discard")


def eod_shuffle(g: Spellbound, state: State, d: Data) -> State:
    """SB-918, SB-914, SB-460: tower cards to the discard pile, stones back, shuffle into a new deck."""
    dice = Dice(state.rng)
    cards = g.cat.cards
    stay = state.options["tower_after_battle"] == "stay"
    kept = tuple(c for c in d.tower if stay or cards[c].type == "demon")
    moved = tuple(c for c in d.tower if c not in kept)
    d = stones_back(state, d)
    pile = d.discard + moved
    d = d.but(tower=kept, deck=d.deck + dice.shuffle(pile), discard=(), margin=0)
    events = [g.say("SB-918", "tower_to_discard", n=len(moved)), g.say("SB-460", "shuffled", n=len(d.deck))]
    return g.checked(state, d, events, "eod_refill_destiny_display", rng=dice.state)


def stones_back(state: State, d: Data) -> Data:
    """SB-914: drawn stones go back into the bag (option ``return_stones``) or to the supply."""
    if state.options["return_stones"]:
        return d.but(bag=(d.bag[0] + d.drawn[0], d.bag[1] + d.drawn[1]), drawn=(0, 0), missing=0)
    return d.but(supply=(d.supply[0] + d.drawn[0], d.supply[1] + d.drawn[1]), drawn=(0, 0), missing=0)


def eod_refill(g: Spellbound, state: State, d: Data) -> State:
    """SB-470: refill to 5 mage cards (a deck that runs out again restarts the end of deck, SB-270)."""
    d, full, drawn, ev = fx.refill_display(g, d, "SB-470")
    if full:
        return g.checked(state, d, ev, "eod_resolve_new_adversary_cards" if d.fresh else "check_game_state")
    return start(g, state, d, drawn, ev)
