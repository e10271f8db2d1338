"""A Monte Carlo tree search agent for games with hidden information.

Single-observer information-set MCTS (Cowling, Powley and Whitehouse,
2012): every iteration samples one world the deciding seat cannot tell
apart from the real one (``sample_world``: ``game.determinize`` plus a
fresh random future) and walks one shared tree of action sequences in
it. Children not possible in a sample are skipped, and UCT counts how
often each child was available, so actions that depend on hidden cards
are not favoured just for being rare. The agent never looks at the
true hidden state.

Decisions are atomic (DESIGN.md): a turn is several choices and a game
some hundreds, so a random rollout of a few decisions says little, and
one to the end costs much and says little more. Three things make the
search worth its budget:

- **Leaves are rated at the end of a turn.** The turn of the seat that
  chose a new leaf's action is finished at random ``finish`` times (as
  greedy finishes its own) and ``game.evaluate`` rates the best finish,
  squashed to [0, 1] around the root's value; a finished game counts 1
  for a winner, 0 otherwise.
- **A prior orders the children.** When a node is first reached, every
  action is applied once and rated by ``evaluate`` for the seat that
  chooses; children are opened best first, and only as many as the
  node's visits allow (progressive widening), so a small budget spends
  itself on the promising actions and a larger one looks wider.
- **A line is searched once.** The most visited choices of the seat's
  own turn are kept as a plan and followed while the seat sees what the
  plan expected (as greedy does); where the line ends, or after a
  surprise (a drawn card, a die), the seat searches again. The tree
  spans the opponents' answers too, so a larger budget looks past the
  own turn.
"""

from __future__ import annotations

import math
import time
from typing import Any

from ..engine import Action, IllegalAction, State
from .base import Agent, sample_world

__all__ = ["MCTSAgent"]


class _Node:
    """One action sequence: the seat that chose its last action, its statistics and its prior."""

    __slots__ = ("parent", "seat", "children", "visits", "avail", "total", "order")

    def __init__(self, parent: _Node | None, seat: int | None):
        self.parent = parent
        self.seat = seat  # who chose the action leading here (None at the root)
        self.children: dict[Action, _Node] = {}
        self.visits = 0
        self.avail = 1
        self.total = 0.0  # summed reward of ``seat``
        self.order: dict[Action, int] | None = None  # action -> rank by the prior (0 best)


class MCTSAgent(Agent):
    """ISMCTS with UCT, an evaluation prior and turn-end leaves; an iteration or time budget per search.

    Options: ``iterations`` (per search, default 100; a search starts
    at a choice the plan of the last search does not cover), ``time``
    (seconds per search; overrides ``iterations``, results then depend
    on machine speed), ``c`` (UCT exploration on rewards in [0, 1],
    default 0.7), ``finish`` (random finishes of a leaf's turn, the best
    counts, default 2), ``depth`` (most decisions in one finish, default
    40; ``none``: no limit).

    The strength ladder (``benchmarks/ladder.py``, docs/explore.md) uses
    ``mcts:30`` and ``mcts:120``.

    Parameters
    ----------
    seed : int, optional
        Seeds the search, so a game with bots replays exactly.
    **options
        ``iterations``, ``time``, ``c``, ``finish``, ``depth`` (checked against ``limits``).

    Examples
    --------
    >>> import rulekit
    >>> state = rulekit.load("rune_stones").new(players=2, seed=1)
    >>> bot = MCTSAgent(seed=1, iterations=20)
    >>> bot.choose(state) in state.legal_actions(), bot.spec
    (True, 'mcts:iterations=20')
    """

    name = "mcts"
    params: dict[str, Any] = {"iterations": 100, "time": None, "c": 0.7, "depth": 40, "finish": 2}
    #: bounds keep a typo from starting a search that never ends (or one that cannot run)
    limits = {
        "iterations": (int, 1, 1_000_000),
        "time": (float, 0.001, 3600),
        "c": (float, 0, 100),
        "depth": (int, 0, 10_000),
        "finish": (int, 1, 64),
    }
    nullable = frozenset({"time", "depth"})
    positional = "iterations"

    def __init__(self, seed: int = 0, **options: Any):
        super().__init__(seed, **options)
        self._plan: list[tuple[dict, Action]] = []

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
        expected, action = self._plan.pop(0)
        if action in legal and state.game.view(state, state.to_move) == expected:
            return action
        self._plan = []
        return None

    def _search(self, state: State, legal: list[Action]) -> Action:
        seat = state.to_move
        root = _Node(None, None)
        first = sample_world(state, seat, self.dice)
        self._base = [first.game.evaluate(first, s) for s in range(first.players)]
        self._scale, self._seen = 1.0, 0
        self._root_legal = legal
        deadline = None if self.time is None else time.perf_counter() + float(self.time)
        done = 0
        while True:
            self._iterate(root, first if done == 0 else sample_world(state, seat, self.dice))
            done += 1
            if deadline is not None:
                if time.perf_counter() >= deadline:
                    break
            elif done >= max(1, int(self.iterations)):
                break
        action = _most_visited(root, legal)
        if action is None:
            return legal[self.dice.below(len(legal))]
        self._plan = self._line(root, action, sample_world(state, seat, self.dice), seat)
        return action

    def _line(self, root: _Node, action: Action, world: State, seat: int) -> list[tuple[dict, Action]]:
        """The seat's most visited choices after ``action`` in this turn while they were tried more
        than once, each with the view expected before it. Where the line ends the seat searches
        again: a random finish is a poor plan, and a fresh search at every new choice beat one
        (Rune Stones, ``mcts:30`` against greedy: 10 of 16 games against 2 of 16)."""
        plan: list[tuple[dict, Action]] = []
        node = root.children[action]
        try:
            world = world.apply(action)
            while not world.is_over and world.to_move == seat and node.children:
                nxt = _most_visited(node, world.legal_actions())
                if nxt is None or node.children[nxt].visits < 2:
                    break
                plan.append((world.game.view(world, seat), nxt))
                node, world = node.children[nxt], world.apply(nxt)
        except IllegalAction:  # this sample differs from the searched ones: plan what is known
            pass
        return plan

    # -- one iteration ------------------------------------------------------

    def _iterate(self, root: _Node, world: State) -> None:
        node = root
        while not world.is_over:
            legal = self._root_legal if node is root else world.legal_actions()
            if node.order is None:
                node.order = self._prior(world, legal)
            action = self._widen(node, legal)
            if action is not None:
                child = _Node(node, world.to_move)
                node.children[action] = child
                for a in legal:
                    if a is not action and a in node.children:
                        node.children[a].avail += 1
                node, world = child, world.apply(action)
                break
            action = self._select(node, legal)
            node, world = node.children[action], world.apply(action)
        rewards = self._leaf(world, node.seat)
        while node is not None:
            node.visits += 1
            if node.seat is not None:
                node.total += rewards[node.seat]
            node = node.parent

    def _prior(self, world: State, legal: list[Action]) -> dict[Action, int]:
        """Rank of each action by ``evaluate`` for the seat choosing, one step ahead (ties at random)."""
        if len(legal) == 1:
            return {legal[0]: 0}
        seat = world.to_move
        rated = []
        for action in legal:
            after = world.apply(action)
            value = _value(after, seat)
            rated.append((-value, self.dice.below(1 << 30), action))
        rated.sort(key=lambda r: (r[0], r[1]))
        return {a: i for i, (_, _, a) in enumerate(rated)}

    def _widen(self, node: _Node, legal: list[Action]) -> Action | None:
        """The best-ranked unopened action if the node's visits allow another child, else None."""
        allowed = 2 + int(math.sqrt(node.visits))
        opened = sum(1 for a in legal if a in node.children)
        if opened >= allowed and opened:
            return None
        order = node.order or {}
        best, rank = None, math.inf
        for a in legal:
            if a not in node.children:
                r = order.get(a, len(order))
                if r < rank:
                    best, rank = a, r
        return best

    def _select(self, node: _Node, legal: list[Action]) -> Action:
        best, best_score = None, -math.inf
        for action in legal:
            child = node.children.get(action)
            if child is None:
                continue
            child.avail += 1
            score = child.total / child.visits + self.c * math.sqrt(math.log(child.avail) / child.visits)
            if score > best_score:
                best, best_score = action, score
        return best

    def _leaf(self, world: State, mover: int | None) -> list[float]:
        """Rewards per seat: the game's result, or ``evaluate`` once ``mover`` (who chose the leaf's
        action) has finished the turn, the best of ``finish`` random finishes for ``mover`` (greedy
        rates a choice the same way, by what it can still reach in the turn; the mean of random
        finishes undervalues a choice that needs good follow-ups). A leaf where another seat is to
        move is rated as it is, not after a random answer."""
        limit = math.inf if self.depth is None else int(self.depth)
        best, best_value = world, -math.inf
        for _ in range(int(self.finish) if world.to_move == mover else 1):
            end, steps = world, 0
            while not end.is_over and end.to_move == mover and steps < limit:
                legal = end.legal_actions()
                end = end.apply(legal[self.dice.below(len(legal))])
                steps += 1
            value = _value(end, mover) if mover is not None else 0.0
            if value > best_value or best_value == -math.inf:
                best, best_value = end, value
        if best.is_over:
            winners = set(best.winners)
            return [1.0 if s in winners else 0.0 for s in range(best.players)]
        return self._squash([best.game.evaluate(best, s) for s in range(best.players)])

    def _squash(self, values: list[float]) -> list[float]:
        """Each seat's ``evaluate`` gain since the root squashed to (0, 1), scaled by the gains seen so far."""
        gains = [v - b for v, b in zip(values, self._base, strict=True)]
        for g in gains:
            self._seen += 1
            self._scale += (abs(g) - self._scale) / self._seen
        scale = self._scale or 1.0
        return [0.5 + 0.5 * math.tanh(g / scale) for g in gains]


def _most_visited(node: _Node, legal: list[Action]) -> Action | None:
    ranked = [(node.children[a].visits, node.children[a].total, -i) for i, a in enumerate(legal) if a in node.children]
    return legal[-max(ranked)[2]] if ranked else None


def _value(state: State, seat: int) -> float:
    if state.is_over:
        return math.inf if seat in state.winners else -math.inf
    return state.game.evaluate(state, seat)
