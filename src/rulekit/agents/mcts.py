"""A Monte Carlo tree search agent for games with hidden information.

Single-observer information-set MCTS (Cowling, Powley and Whitehouse,
2012): every iteration samples one world the deciding seat cannot tell
apart from the real one (``sample_world``: ``game.determinize`` plus a
fresh random future) and walks one shared tree of action sequences in
it. Children not possible in a sample are skipped, and UCT counts how
often each child was available, so actions that depend on hidden cards
are not favoured just for being rare. A short random rollout ends in
the game's result or, when cut off, in ``game.evaluate`` squashed to
[0, 1]. The agent never looks at the true hidden state.
"""

from __future__ import annotations

import math
import time
from typing import Any

from ..engine import Action, State
from .base import Agent, sample_world

__all__ = ["MCTSAgent"]


class _Node:
    """One action sequence: the seat that chose its last action and its statistics."""

    __slots__ = ("parent", "seat", "children", "visits", "avail", "total")

    def __init__(self, parent: _Node | None, seat: int | None):
        self.parent = parent
        self.seat = seat  # who chose the action leading here (None at the root)
        self.children: dict[Action, _Node] = {}
        self.visits = 0
        self.avail = 1
        self.total = 0.0  # summed reward of ``seat``


class MCTSAgent(Agent):
    """ISMCTS with UCT and an iteration (``iterations``) or time (``time``, seconds) budget.

    Options: ``iterations`` (default 100), ``time`` (seconds per decision;
    overrides ``iterations``, results then depend on machine speed),
    ``c`` (UCT exploration, default 0.7), ``depth`` (random rollout
    decisions before ``game.evaluate`` takes over, default 4: random
    play is aimless in these games, so long rollouts cost much and say
    little; ``none`` plays to the end).

    Parameters
    ----------
    seed : int, optional
        Seeds the search, so a game with bots replays exactly.
    **options
        ``iterations``, ``time``, ``c``, ``depth`` (checked against ``limits``).

    Examples
    --------
    >>> import rulekit
    >>> state = rulekit.load("rune_stones").new(players=2, seed=1)
    >>> bot = MCTSAgent(seed=1, iterations=20)
    >>> bot.choose(state) in state.legal_actions(), bot.spec
    (True, 'mcts:iterations=20')
    """

    name = "mcts"
    params: dict[str, Any] = {"iterations": 100, "time": None, "c": 0.7, "depth": 4}
    #: bounds keep a typo from starting a search that never ends (or one that cannot run)
    limits = {
        "iterations": (int, 1, 1_000_000),
        "time": (float, 0.001, 3600),
        "c": (float, 0, 100),
        "depth": (int, 0, 10_000),
    }
    nullable = frozenset({"time", "depth"})
    positional = "iterations"

    def choose(self, state: State) -> Action:
        legal, key = self._fresh(state, state.legal_actions())
        action = self._search(state, legal)
        self._remember(state, key, action)
        return action

    def _search(self, state: State, legal: list[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        seat = state.to_move
        root = _Node(None, None)
        self._scale = 1.0
        self._seen = 0
        deadline = None if self.time is None else time.perf_counter() + float(self.time)
        done = 0
        while True:
            self._iterate(root, sample_world(state, seat, self.dice))
            done += 1
            if deadline is not None:
                if time.perf_counter() >= deadline:
                    break
            elif done >= max(1, int(self.iterations)):
                break
        ranked = [
            (root.children[a].visits, root.children[a].total, -i) for i, a in enumerate(legal) if a in root.children
        ]
        if not ranked:
            return legal[self.dice.below(len(legal))]
        best = max(ranked)
        return legal[-best[2]]

    # -- one iteration ------------------------------------------------------

    def _iterate(self, root: _Node, world: State) -> None:
        node = root
        while not world.is_over:
            legal = world.legal_actions()
            untried = [a for a in legal if a not in node.children]
            if untried:
                action = untried[self.dice.below(len(untried))]
                child = _Node(node, world.to_move)
                node.children[action] = child
                for a in legal:
                    if a is not action and a in node.children:
                        node.children[a].avail += 1
                node, world = child, world.apply(action)
                break
            action = self._select(node, legal)
            node, world = node.children[action], world.apply(action)
        rewards = self._rollout(world)
        while node is not None:
            node.visits += 1
            if node.seat is not None:
                node.total += rewards[node.seat]
            node = node.parent

    def _select(self, node: _Node, legal: list[Action]) -> Action:
        best, best_score = legal[0], -math.inf
        for action in legal:
            child = node.children[action]
            child.avail += 1
            score = child.total / child.visits + self.c * math.sqrt(math.log(child.avail) / child.visits)
            if score > best_score:
                best, best_score = action, score
        return best

    def _rollout(self, world: State) -> list[float]:
        limit = math.inf if self.depth is None else int(self.depth)
        steps = 0
        while not world.is_over and steps < limit:
            legal = world.legal_actions()
            world = world.apply(legal[self.dice.below(len(legal))])
            steps += 1
        if world.is_over:
            winners = set(world.winners)
            return [1.0 if s in winners else 0.0 for s in range(world.players)]
        return self._heuristic(world)

    def _heuristic(self, world: State) -> list[float]:
        """``game.evaluate`` per seat squashed to (0, 1), scaled by the values seen so far."""
        values = [world.game.evaluate(world, s) for s in range(world.players)]
        for v in values:
            self._seen += 1
            self._scale += (abs(v) - self._scale) / self._seen
        scale = self._scale or 1.0
        return [0.5 + 0.5 * math.tanh(v / scale) for v in values]
