"""Setup (ZM-010 .. ZM-170): piles, clan boards, expansion stacks, scrolls, hands, king.

``setup`` is the game's ``setup`` hook: the first position from the options
and the seed; the engine then leaves the setup phase for ``income_base``.
Why one function: the seed's setup paragraph is out of order (ZM-900), so
the order here is rulekit's reading of it, step by step with events.
"""

from __future__ import annotations

from rulekit.engine import Dice, State

from .model import FREE, Mines, Player
from .tables import NKINDS, kind_of, tables

__all__ = ["setup"]


def setup(state: State) -> State:
    """Lay out the table for ``state.players`` seats with the chosen options."""
    game, t, n, dice = state.game, tables(), state.players, Dice(state.rng)
    # ZM-020: four face-down draw piles by cart type, four empty discard piles
    draw = [
        list(dice.shuffle([kind_of(c, co) for co in range(4) for _ in range(t.deck[kind_of(c, co)])])) for c in range(4)
    ]
    # ZM-040: a random clan board each; ZM-050 / ZM-060: side by variant
    boards = dice.shuffle(range(len(t.boards)))[:n]
    # ZM-080 / ZM-090: expansion cards for this player count, light over dark, two on display
    stacks, display = [], []
    for colour in range(4):
        used = [c for c in t.cards if c.colour == colour and c.players <= n]
        dark = dice.shuffle([c.id for c in used if c.shade == "dark"])
        light = dice.shuffle([c.id for c in used if c.shade == "light"])
        stack = list(dark + light)  # top = last: the light cards lie on top
        right = stack.pop() if stack else -1
        middle = stack.pop() if stack else -1
        stacks.append(tuple(stack))
        display.append((middle, right))
    # ZM-100 / ZM-110: one spell scroll on a cave space, a cube on it and on the clan track
    scrolls = dice.shuffle(t.scrolls)
    caves_n = int(state.options["cave_spaces"])
    # ZM-130: six log-cart cards each
    cart0 = t.carts.index(t.setup["start_hand_cart"])
    players = []
    for seat in range(n):
        hand = [0] * NKINDS
        for _ in range(t.setup["start_hand"]):
            hand[draw[cart0].pop()] += 1
        caves = ((scrolls[seat], 1),) + (FREE,) * (caves_n - 1)
        players.append(Player(tuple(hand), (0,) * NKINDS, 0, boards[seat], 1, caves))
    start = dice.below(n)  # ZM-160: the start player, chosen at random
    data = Mines(
        players=tuple(players),
        draw=tuple(tuple(p) for p in draw),
        discard=((0, 0, 0, 0),) * 4,
        stacks=tuple(stacks),
        display=tuple(display),
        sold=(False,) * 4,
        gone=(),
        used=(),
        king=0,  # ZM-150: the king on the start space
        start=start,
        round=1,
        cubes=t.setup["cubes"] - 2 * n,
        pro=state.options.get("variant") == "pro",
    )
    side = "pro" if data.pro else "normal"
    events = (
        game.say("ZM-020", "setup_piles", n=sum(t.deck)),
        game.say("ZM-050" if side == "normal" else "ZM-060", f"setup_{side}"),
        game.say("ZM-090", "setup_display"),
        game.say("ZM-100", "setup_scrolls"),
        game.say("ZM-130", "setup_hands", k=t.setup["start_hand"]),
        game.say("ZM-150", "setup_king"),
        game.say("ZM-160", "setup_start", p=start + 1),
    )
    return state.evolve(data=data, rng=dice.state, events=events)
