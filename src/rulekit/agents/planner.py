"""A turn planner: beam search over the deciding seat's whole turn.

Decisions are atomic (DESIGN.md), so one turn is often a dozen choices:
which card to send away, which to play, each road walked, "end". A
one-step lookahead rates each choice on its own, and random finishes
(``greedy``) waste most of their samples on aimless turns. The planner
searches the turn as a whole: it keeps the ``width`` best partial turns
by ``game.evaluate`` after every choice, folds orders that reach the same
position into one, and rates every complete turn on the position after
the automatic steps that follow it (the refill, the end of a deck, the
opponents' answer is not searched). The best turn is kept as a plan and
followed while the seat sees what the plan expected.

In a cooperative game ``evaluate`` is the team's value (every seat gets
the same number), so each mage plans its turn for the team.

Like every rulekit agent it plans on ``sample_world``, a determinized
copy of what the seat may see, never on the true hidden state.
"""

from __future__ import annotations

import math
from typing import Any

from ..engine import Action, State
from .base import Agent, sample_world, terminal_value

__all__ = ["PlannerAgent"]


class PlannerAgent(Agent):
    """Beam search over the own turn on ``game.evaluate`` (spec ``plan``, ``plan:width=16``).

    Options: ``width`` (partial turns kept after each choice, default 8),
    ``depth`` (most choices searched in one turn, default 40).

    Parameters
    ----------
    seed : int, optional
        Seeds the search, so a game with bots replays exactly.
    **options
        ``width`` and ``depth`` (checked against ``limits``).

    Examples
    --------
    >>> import rulekit
    >>> state = rulekit.load("rune_stones").new(players=2, seed=1)
    >>> bot = PlannerAgent(seed=1, width=4)
    >>> bot.choose(state) in state.legal_actions(), bot.spec
    (True, 'plan:width=4')
    """

    name = "plan"
    params: dict[str, Any] = {"width": 8, "depth": 40}
    limits = {"width": (int, 1, 256), "depth": (int, 1, 1000)}
    positional = "width"
    #: a 2-player game with plan bots took 1.6-5x the CPU time of one with greedy bots
    #: (Spellbound 0.27 vs 0.05 s, Rune Stones 0.41 vs 0.25 s): a job counts a plan seat as 4
    cost = 4

    def __init__(self, seed: int = 0, **options: Any):
        super().__init__(seed, **options)
        #: the rest of the planned turn: (the state the plan expects, the planning seat, the action planned there)
        self._plan: list[tuple[State, int, Action]] = []

    def choose(self, state: State) -> Action:
        legal, key = self._fresh(state, state.legal_actions())
        action = self._follow(state, legal)
        if action is None:
            action = legal[0] if len(legal) == 1 else self._search(state, legal)
        self._remember(state, key, action)
        return action

    def _follow(self, state: State, legal: list[Action]) -> Action | None:
        """The next planned action if the seat sees what the plan expected."""
        if not self._plan:
            return None
        expected, seat, action = self._plan.pop(0)
        if action in legal and self._own_view(state, state.to_move) == expected.game.view(expected, seat):
            return action
        self._plan = []
        return None

    def _search(self, state: State, legal: list[Action]) -> Action:
        seat = state.to_move
        world = sample_world(state, seat, self.dice)
        frontier: list[tuple[State, list[tuple[State, Action]]]] = [(world, [])]
        best: list[tuple[State, Action]] | None = None
        best_value = -math.inf
        cut: list[tuple[State, Action]] | None = None  # the best turn cut off by ``depth``
        seen: set = set()
        for depth in range(int(self.depth)):
            children = []
            for node, path in frontier:
                for action in legal if depth == 0 else node.legal_actions():
                    nxt = node.apply(action)
                    steps = [*path, (node, action)]
                    value = _rate(nxt, seat)
                    if _turn_over(nxt, seat):
                        if value > best_value:
                            best, best_value = steps, value
                        continue
                    if not _new(seen, nxt):
                        continue
                    children.append((value, self.dice.below(1 << 30), nxt, steps))
            if not children:
                break
            children.sort(key=lambda c: (c[0], c[1]), reverse=True)
            frontier = [(c[2], c[3]) for c in children[: int(self.width)]]
            cut = children[0][3]
        best = best or cut
        if best is None:
            return legal[self.dice.below(len(legal))]
        # the expected views are made when the plan gets there (``_follow``): most plans end early
        self._plan = [(node, seat, action) for node, action in best[1:]]
        return best[0][1]


def _turn_over(state: State, seat: int) -> bool:
    """The seat's turn is over: the game ended, another seat decides, or automatic steps
    (a refill, a roll, a new round) ran, after which the seat plans again on what it sees."""
    return state.is_over or state.to_move != seat or state.autos > 0


def _new(seen: set, state: State) -> bool:
    """False when another order of the same choices already reached this position."""
    try:
        key = (state.phase, state.to_move, state.data)
        if key in seen:
            return False
        seen.add(key)
    except TypeError:  # a game whose data cannot be hashed: no folding
        pass
    return True


def _rate(state: State, seat: int) -> float:
    return terminal_value(state, seat) if state.is_over else state.game.evaluate(state, seat)
