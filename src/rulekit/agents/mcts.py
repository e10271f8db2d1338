"""A Monte Carlo search agent that starts from greedy's play and looks past the own turn.

Information-set Monte Carlo search (Cowling, Powley and Whitehouse,
2012) in its flat form: every rollout plays in a world the deciding
seat cannot tell apart from the real one (``sample_world``:
``game.determinize`` plus a fresh random future), never in the true
hidden state.

Decisions are atomic (DESIGN.md): a turn is several choices and a game
some hundreds, so a search over single choices spends a small budget on
a turn's first steps and sees little (Scepter's bids and payments item
by item), and a random playout says nothing. The search therefore works
on whole turns and starts where greedy stands:

- **Candidates are greedy's turn lines.** Each legal action is applied
  and the rest of the turn finished ``lines`` times at random; the best
  finish is that action's line (greedy does the same with 4 finishes;
  more finishes alone find better turns in Scepter). Lines are searched
  best first, and only as many as the search's tries allow (progressive
  widening), so greedy's choice is always among them and a small budget
  spends itself on the promising ones.
- **Rollouts look past the turn, played as greedy would.** A try plays
  the candidate's line, then every seat's turns with greedy's policy
  (the first choice rated by its best random finish) until at least
  ``reach`` decisions have been taken and the deciding seat has played
  ``horizon`` more turns of its own, and rates the position when that
  seat is to move again with ``evaluate`` (a finished game counts 1 for
  a win, 0 otherwise). A choice that pays off only later is seen there:
  a card picked in the Vale's draft (VE-043) is sold or summoned in the
  action phase after it, a bid in the Mines counts once the auction is
  decided. The reach is counted in decisions, not turns, because a turn
  is one bid in an auction and a dozen choices in a Scepter turn.
- **Common random numbers.** The j-th try of every candidate plays in
  the same sampled world with the same random stream, so candidates are
  compared on the same deals and the same answers, not on luck.
- **UCB over the candidates.** Tries go to the candidate with the best
  upper confidence bound (``c``); the most tried candidate is played and
  its line followed as a plan while the seat sees what it expected (a new
  search where it ends or after a surprise, as greedy does).
- **Or the line rating as the prior the rollouts must overturn**
  (``keep``): the best line is played unless a rival's mean reward over
  the worlds both played beats it by more than ``keep / sqrt(n)``. Where a
  turn is long and the rollouts of a small budget are mostly noise
  (Scepter), this keeps greedy's better-searched line and lets the
  rollouts change it only when they agree.
- **Per-game defaults** live in one table, ``GAME_DEFAULTS``, each with
  the measurement that chose it; the spec's options win over it.
"""

from __future__ import annotations

import math
import time
from typing import Any

from ..engine import Action, Dice, IllegalAction, State
from .base import Agent, finish_step, sample_world, terminal_value

__all__ = ["MCTSAgent"]

#: most decisions one random finish of a turn takes (greedy's ``horizon``)
_TURN = 40

#: Defaults that differ per game, each measured against greedy (docs/explore.md, "Strength ladder"); an
#: option the spec gives (``mcts:10:reach=16``) wins over them. Scepter of Zavandor: a turn is a dozen
#: atomic choices (bids, payments item by item), so a rollout of 16 decisions plays several greedy turns
#: and cost most of the search (5.9 of 7.0 CPU s in one game), while the rewards of two candidates on
#: the same world differed with a standard deviation of about 0.5 (one try each, one game): ten tries
#: cannot overrule the line rating there, they only add noise. So in Scepter a rollout covers the
#: opponent's answer only (``reach=0``) and the best line is played unless a rival beats it clearly
#: (``keep=0.5``; 40 paired games each: keep 0.25 won 0.62, 0.5 won 0.80, never switching 0.70).
GAME_DEFAULTS: dict[str, dict[str, Any]] = {
    "scepter_of_zavandor": {"reach": 0, "keep": 0.5},
}


class _Arm:
    """One candidate: the first action, its line in the first world, and its tries."""

    __slots__ = ("action", "line", "value", "tries", "total", "rewards")

    def __init__(self, action: Action, line: list[tuple[State, Action]], value: float):
        self.action, self.line, self.value = action, line, value
        self.tries = 0
        self.total = 0.0
        #: the reward of the j-th try, played in the search's j-th world (common random numbers)
        self.rewards: list[float] = []


class MCTSAgent(Agent):
    """Monte Carlo search over greedy's turn lines with greedy rollouts past the turn (spec ``mcts:N``).

    Options: ``iterations`` (rollouts per search, default 100; a search
    starts at a choice the plan of the last search does not cover),
    ``time`` (seconds per search; overrides ``iterations``, results then
    depend on machine speed), ``c`` (UCB exploration on rewards in
    [0, 1], default 0.7), ``lines`` (random finishes that make each
    candidate's turn line, default 8), ``reach`` (decisions a rollout
    plays at least, default 16), ``horizon`` (own turns it plays at least
    after the current one, default 0; ``none``: to the game's end),
    ``finish`` (random finishes that rate a greedy turn inside a
    rollout, default 1), ``depth`` (most decisions in one rollout,
    default 400; ``none``: no limit), ``keep`` (the margin, in reward,
    by which a rival must beat the best line on the same worlds to be
    played instead; default ``none``: the most tried candidate is
    played). ``GAME_DEFAULTS`` changes some defaults per game (Scepter:
    ``reach=0``, ``keep=0.5``).

    The strength ladder (``benchmarks/ladder.py``, docs/explore.md) uses
    ``mcts:10`` and ``mcts:40:lines=24``: more rollouts alone (``mcts:40``)
    were not clearly stronger than ``mcts:10`` in the Mines and Rune Stones
    over 200 games; more line finishes as well were.

    Parameters
    ----------
    seed : int, optional
        Seeds the search, so a game with bots replays exactly.
    **options
        ``iterations``, ``time``, ``c``, ``lines``, ``reach``, ``horizon``, ``finish``, ``depth``, ``keep``
        (checked against ``limits``).

    Examples
    --------
    >>> import rulekit
    >>> state = rulekit.load("rune_stones").new(players=2, seed=1)
    >>> bot = MCTSAgent(seed=1, iterations=20)
    >>> bot.choose(state) in state.legal_actions(), bot.spec
    (True, 'mcts:iterations=20')
    """

    name = "mcts"
    params: dict[str, Any] = {
        "iterations": 100,
        "time": None,
        "c": 0.7,
        "depth": 400,
        "finish": 1,
        "lines": 8,
        "horizon": 0,
        "reach": 16,
        "keep": None,
    }
    #: bounds keep a typo from starting a search that never ends (or one that cannot run)
    limits = {
        "iterations": (int, 1, 1_000_000),
        "time": (float, 0.001, 3600),
        "c": (float, 0, 100),
        "depth": (int, 0, 100_000),
        "finish": (int, 1, 64),
        "lines": (int, 1, 256),
        "horizon": (int, 0, 1000),
        "reach": (int, 0, 100_000),
        "keep": (float, 0, 100),
    }
    nullable = frozenset({"time", "depth", "horizon", "keep"})
    positional = "iterations"

    def __init__(self, seed: int = 0, **options: Any):
        super().__init__(seed, **options)
        #: the options the spec gave: they win over ``GAME_DEFAULTS``
        self._given = frozenset(options)
        #: ``reach`` of the current search (the game's default or the spec's)
        self._reach = self.reach
        #: the rest of the chosen line: (the state the plan expects, the action planned there)
        self._plan: list[tuple[State, Action]] = []
        #: the last search: (step, view key, its action, its plan), so an undo replays the same move
        self._last: tuple[int, str | None, Action, list] | None = None

    def choose(self, state: State) -> Action:
        legal, key = self._fresh(state, state.legal_actions())
        last = self._last
        if last is not None and key is not None and last[:2] == (state.step, key) and last[2] in legal:
            action, self._plan = last[2], list(last[3])
        else:
            action = self._follow(state, legal)
            if action is None and len(legal) == 1:
                action = legal[0]
            elif action is None:
                action = self._search(state, legal)
                self._last = (state.step, key, action, list(self._plan))
        self._remember(state, key, action)
        return action

    def _follow(self, state: State, legal: list[Action]) -> Action | None:
        """The next planned action if the seat sees what the plan expected."""
        if not self._plan:
            return None
        expected, action = self._plan.pop(0)
        seat = state.to_move
        if action in legal and self._own_view(state, seat) == expected.game.view(expected, seat):
            return action
        self._plan = []
        return None

    # -- the search -----------------------------------------------------------

    def _search(self, state: State, legal: list[Action]) -> Action:
        seat = state.to_move
        worlds: list[tuple[State, int]] = []  # the j-th try of every candidate: (world, seed of its dice)

        def world(j: int) -> tuple[State, int]:
            while len(worlds) <= j:
                worlds.append((sample_world(state, seat, self.dice), self.dice.next64()))
            return worlds[j]

        first = world(0)[0]
        table = GAME_DEFAULTS.get(first.game.id, {})
        self._reach, keep = (
            table[k] if k in table and k not in self._given else getattr(self, k) for k in ("reach", "keep")
        )
        self._base, self._scale, self._seen = first.game.evaluate(first, seat), 1.0, 0
        ranked = self._lines(first, legal, seat)
        arms: list[_Arm] = []
        deadline = None if self.time is None else time.perf_counter() + float(self.time)
        done = 0
        while True:
            if len(arms) < min(len(ranked), 2 + int(math.sqrt(done))):
                arm = ranked[len(arms)]
                arms.append(arm)
            else:
                arm = self._ucb(arms, done)
            here, seed = world(arm.tries)
            reward = self._rollout(here, arm, seat, Dice(seed))
            arm.rewards.append(reward)
            arm.total += reward
            arm.tries += 1
            done += 1
            if deadline is not None:
                if time.perf_counter() >= deadline:
                    break
            elif done >= max(1, int(self.iterations)):
                break
        best = self._pick(arms, ranked[0], keep)
        self._plan = best.line[1:]
        return best.action

    def _lines(self, world: State, legal: list[Action], seat: int) -> list[_Arm]:
        """Every legal action with its line, the best of ``lines`` random finishes of the turn, best first
        (ties at random): greedy's rating with more finishes."""
        rated = []
        for action in legal:
            try:
                after = world.apply(action)
            except IllegalAction:  # not possible in this sample: keep it, last
                rated.append((-math.inf, self.dice.below(1 << 30), _Arm(action, [(world, action)], -math.inf)))
                continue
            value, line = self._finish(after, seat, int(self.lines), self.dice)
            rated.append((-value, self.dice.below(1 << 30), _Arm(action, [(world, action), *line], value)))
        rated.sort(key=lambda r: (r[0], r[1]))
        return [r[2] for r in rated]

    def _finish(self, state: State, seat: int, times: int, dice: Dice) -> tuple[float, list[tuple[State, Action]]]:
        """The best of ``times`` random finishes of ``seat``'s turn from ``state``: its value and its steps
        (state, action); ``state`` itself when the turn is over."""
        if state.is_over or state.to_move != seat:
            return _rate(state, seat), []
        best, best_line = -math.inf, []
        for _ in range(times):
            end, line = state, []
            while not end.is_over and end.to_move == seat and len(line) < _TURN:
                action = finish_step(end, dice)
                line.append((end, action))
                end = end.apply(action)
            value = _rate(end, seat)
            if value > best:
                best, best_line = value, line
        return best, best_line

    def _pick(self, arms: list[_Arm], anchor: _Arm, keep: float | None) -> _Arm:
        """The candidate to play. Without ``keep``: the most tried (UCB sent its tries to the best). With it:
        ``anchor``, the best line, unless a rival's mean gain over it on the worlds both played exceeds
        ``keep / sqrt(n)`` (n such worlds; the best such rival): the rollouts must overrule the line rating."""
        if keep is None:
            return max(arms, key=lambda a: (a.tries, a.total / a.tries, -arms.index(a)))
        best, best_gain = anchor, 0.0
        for arm in arms:
            n = min(arm.tries, anchor.tries)
            if arm is anchor or n == 0:
                continue
            gain = sum(arm.rewards[j] - anchor.rewards[j] for j in range(n)) / n
            if gain > keep / math.sqrt(n) and gain > best_gain:
                best, best_gain = arm, gain
        return best

    def _ucb(self, arms: list[_Arm], done: int) -> _Arm:
        log = math.log(max(done, 1))
        return max(arms, key=lambda a: a.total / a.tries + self.c * math.sqrt(log / a.tries))

    # -- one rollout ----------------------------------------------------------

    def _rollout(self, world: State, arm: _Arm, seat: int, dice: Dice) -> float:
        """The reward in [0, 1] of playing ``arm`` in ``world``: its line while it fits this world, the rest
        of the turn and then every seat's turns as greedy would, until ``seat`` is to move after
        ``reach`` decisions and ``horizon`` more turns of its own (``depth`` decisions at most)."""
        steps = 0
        for _, action in arm.line:
            if world.is_over or world.to_move != seat:
                break
            try:
                world = world.apply(action)
            except IllegalAction:  # a card this world dealt otherwise: greedy finishes the turn
                break
            steps += 1
        pending = math.inf if self.horizon is None else int(self.horizon)
        limit = math.inf if self.depth is None else int(self.depth)
        reach = int(self._reach)
        away = world.to_move != seat  # the current own turn is over
        while not world.is_over and steps < limit:
            mover = world.to_move
            if mover == seat and away:
                if pending <= 0 and steps >= reach:
                    break
                pending -= 1
                away = False
            world, n = self._turn(world, mover, dice)
            steps += n
            away = away or world.to_move != seat
        return self._reward(world, seat)

    def _turn(self, world: State, mover: int, dice: Dice) -> tuple[State, int]:
        """``mover``'s turn played as greedy plays it: the first real choice rated by the best of ``finish``
        random finishes, that finish kept (in one world a plan is exact); with the decisions taken."""
        steps = 0
        legal = world.legal_actions()
        while len(legal) == 1:  # forced steps first
            world = world.apply(legal[0])
            steps += 1
            if world.is_over or world.to_move != mover:
                return world, steps
            legal = world.legal_actions()
        best, best_value, best_steps = world, -math.inf, 0
        for action in legal:
            after = world.apply(action)
            for _ in range(int(self.finish) if not after.is_over and after.to_move == mover else 1):
                end, n = after, 1
                while not end.is_over and end.to_move == mover and n < _TURN:
                    end = end.apply(finish_step(end, dice))
                    n += 1
                value = _rate(end, mover)
                if value > best_value:
                    best, best_value, best_steps = end, value, n
        return best, steps + best_steps

    def _reward(self, world: State, seat: int) -> float:
        """1 for a won game, 0 for a lost one; else the ``evaluate`` gain since the root squashed to (0, 1),
        scaled by the mean gain seen so far in this search."""
        if world.is_over:
            return 1.0 if seat in world.winners else 0.0
        gain = world.game.evaluate(world, seat) - self._base
        self._seen += 1
        self._scale += (abs(gain) - self._scale) / self._seen
        return 0.5 + 0.5 * math.tanh(gain / (self._scale or 1.0))


def _rate(state: State, seat: int) -> float:
    return terminal_value(state, seat) if state.is_over else state.game.evaluate(state, seat)
