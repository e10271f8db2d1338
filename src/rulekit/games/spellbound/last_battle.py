"""The last battle (SB-500 .. SB-560, SB-912, SB-919): when it starts, the books' choices, the outcome.

``battle_now`` starts it in the middle of a turn (option ``victory_check``),
``play_battle`` carries out a held book's decision and ``final_resolve`` is
the ``auto`` hook of ``final_battle_resolve``. Nothing here refuses: the
legal lists and refusals are ``checks``'.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulekit.engine import Action, Dice, State
from rulekit.engine.seats import next_seat

from . import effects as fx
from . import end_of_deck
from .model import Data

if TYPE_CHECKING:
    from .rules import Spellbound


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


def final_resolve(g: Spellbound, state: State, d: Data) -> State:
    """SB-550, SB-919: the last battle is fought like an end-of-deck battle. Lost, play goes
    on with the next turn (option ``lost_battle = "continue"``: the four printed defeat
    conditions SB-610 to SB-640 are the only losses) or the game is lost (``"lose"``)."""
    dice = Dice(state.rng)
    moon_n, sun_n = end_of_deck.draw_stones(d, g.board(state.options).levels[d.witch].base, dice)
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
        d = end_of_deck.stones_back(state, d).but(books_used=0, battle_suns=0, resume="", battle_fought=True)
        events.append(g.say("SB-912", "battle_lost_turn_goes_on", sun=sun, moon=moon, seat=d.active + 1))
        return g.checked(state, d, events, phase, d.active, rng=dice.state)
    else:
        nxt = next_seat(d.active, state.players)
        d = end_of_deck.stones_back(state, d).but(active=nxt, moved=False, movement=0, books_used=0, battle_suns=0)
        events += [
            g.say("SB-919", "battle_lost_play_on", sun=sun, moon=moon),
            g.say("SB-300", "next_turn", seat=nxt + 1),
        ]
        return g.checked(state, d, events, "take_destiny_card", nxt, rng=dice.state)
    return g.checked(state, d, events, "game_over", rng=dice.state)
