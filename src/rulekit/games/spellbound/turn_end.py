"""The end of a turn (SB-230 .. SB-300): pursuer step, wicked cards, refill, the next turn.

Each step function is the ``auto`` hook of one automatic phase in
``Spellbound.flow`` (called as ``step(g, state, data)`` through
``rules.hook``): it runs exactly one step and names the phase that follows;
every step says what it did with the rule id it applies. Defeat is checked
after each step (SB-650, via ``g.checked``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulekit.engine import State
from rulekit.engine.seats import next_seat

from . import effects as fx
from . import end_of_deck
from .model import Data, with_fresh, with_next_turn

if TYPE_CHECKING:
    from .rules import Spellbound


def stationary(g: Spellbound, state: State, d: Data) -> State:
    """SB-230: an unmoved mage in a city or the Wilds lets that region's pursuer advance 1."""
    here = d.mages[d.active]
    t = g.cat.track_of_region(here)
    if d.moved or t is None:
        ev = [g.say("SB-230", "no_penalty", seat=d.active + 1)]
    else:
        d, ev = fx.move_pursuer(g, d, t, 1, "SB-230", state.options)
        ev = ev or [g.say("SB-230", "pursuer_stays", **g.pursuer_args(t))]  # already on its goal space
    return g.checked(state, d, ev, "adversary_overflow_check")


def overflow(g: Spellbound, state: State, d: Data) -> State:
    """SB-240/SB-250: 3+ wicked cards in the display: discard them, every pursuer +1."""
    adv = tuple([c for c in d.display if c in g.adversary])
    if len(adv) < g.cat.setup["setup"]["overflow"]:
        return g.checked(state, d, [g.say("SB-250", "no_overflow", n=len(adv))], "refill_destiny_display")
    d = d.but(display=tuple([c for c in d.display if c not in g.adversary]), discard=d.discard + adv, fresh=())
    d, ev = fx.all_pursuers(g, d, 1, "SB-240", state.options)
    return g.checked(state, d, [g.say("SB-240", "overflow", n=len(adv)), *ev], "refill_destiny_display")


def refill(g: Spellbound, state: State, d: Data) -> State:
    """SB-060 (setup: before the first decision), SB-260, SB-270: refill; an empty deck starts the end of deck."""
    rule = "SB-060" if state.history is None else "SB-260"
    d, full, drawn, ev = fx.refill_display(g, d, rule)
    if full:  # with no new wicked card the empty resolving step is skipped
        return g.checked(state, d, ev, "resolve_new_adversary_cards" if d.fresh else "check_game_state")
    return end_of_deck.start(g, state, d, drawn, ev)


def resolve_new(g: Spellbound, state: State, d: Data) -> State:
    """SB-290 / SB-480: resolve newly placed wicked cards one at a time, in drawing order."""
    nxt = "check_game_state"
    rule = "SB-480" if state.phase.startswith("eod") else "SB-290"
    if not d.fresh:
        return g.checked(state, d, [g.say(rule, "no_new_wicked")], nxt)
    card, d = d.fresh[0], with_fresh(d, d.fresh[1:])
    d, ev = fx.resolve_adversary(g, d, card, rule, state.options)
    return g.checked(state, d, ev, state.phase if d.fresh else nxt)


def check(g: Spellbound, state: State, d: Data) -> State:
    """SB-300, SB-500-520: start the last battle when both preconditions hold, else the next turn
    (not when one was lost earlier in this turn, option ``victory_check = "any_time"``, SB-912)."""
    if not d.battle_fought and fx.ready_for_battle(g, d):
        ev = g.say("SB-530", "battle_begins", books=fx.books_held(d))
        d = d.but(books_used=0, battle_suns=0)
        return g.checked(state, d, [ev], "final_battle", d.active)
    nxt = next_seat(d.active, state.players)
    d = with_next_turn(d, nxt, False, 0)
    return g.checked(state, d, [g.say("SB-300", "next_turn", seat=nxt + 1)], "take_destiny_card", nxt)
