"""Agents: seated players that decide through the engine contract.

An agent sees the state it is asked about but must decide from what its
seat may know: the greedy and search agents plan on ``sample_world``,
a ``game.determinize`` sample with a fresh random future, never on the
true hidden state. Every agent is seeded, so games with bots replay
exactly.

Agents are named by a small spec string, the same in the CLI
(``--bots random,greedy,mcts:200``), the widgets and ``simulate``::

    random              uniform among the legal actions
    greedy              lookahead on ``game.evaluate`` to the end of the own turn
    greedy:0            strict one-step lookahead (no turn finishing)
    greedy:samples=4    ... averaged over 4 determinizations
    mcts:200            ISMCTS with 200 iterations per decision
    mcts:iterations=500:c=1.0:depth=10
    plan                beam search over the whole own turn (planner.py)
    plan:width=16       ... keeping 16 partial turns after each choice
"""

from __future__ import annotations

import json
import math
from typing import Any

from ..engine import Action, Dice, IllegalAction, State
from ..engine.rng import seed_state
from ..engine.state import VIEW_KEYS

__all__ = [
    "Agent",
    "RandomAgent",
    "GreedyAgent",
    "finish_step",
    "sample_world",
    "seat_seed",
    "terminal_value",
]

#: value of a won (lost) end state for the greedy agent: beats any heuristic
_WIN = 1e6


class Agent:
    """Base class: ``choose(state)`` returns one of ``state.legal_actions()``.

    Subclasses declare their keyword options with defaults in ``params``;
    ``positional`` names the option a bare number in a spec sets.

    Parameters
    ----------
    seed : int, optional
        Seeds the agent's own dice, so a game with bots replays exactly.
    **options
        Values for the options in ``params`` (checked against ``limits``).

    Raises
    ------
    ValueError
        For an unknown option, a value outside its limits, or a seed that is no integer.

    Examples
    --------
    >>> class First(Agent):
    ...     name = "first"
    ...     params = {"skip": 0}
    ...     def choose(self, state):
    ...         return state.legal_actions()[self.skip]
    >>> import rulekit
    >>> state = rulekit.load("rune_stones").new(players=2, seed=1)
    >>> str(First(skip=1).choose(state)), First(skip=1).spec
    ('action abilities', 'first:skip=1')
    >>> First(skp=1)
    Traceback (most recent call last):
    ...
    ValueError: agent 'first' has no option(s) ['skp']; known: skip
    """

    name = "agent"
    params: dict[str, Any] = {}
    #: option -> (kind, lowest, highest): every value is checked before a game starts
    limits: dict[str, tuple[type, float, float]] = {}
    #: options for which ``none`` means "no limit"
    nullable: frozenset[str] = frozenset()
    positional: str | None = None
    #: what one seat of this agent costs in a job, in greedy seats (``explore.limits.job_size``)
    cost: int = 1

    def __init__(self, seed: int = 0, **options: Any):
        unknown = sorted(set(options) - set(self.params))
        if unknown:
            known = ", ".join(self.params) or "none"
            raise ValueError(f"agent {self.name!r} has no option(s) {unknown}; known: {known}")
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise ValueError(f"an agent's seed must be an integer, got {seed!r}")
        self.seed = seed
        self.dice = Dice(seed_state(seed))
        #: view key -> {step: label chosen there} (``_fresh``)
        self._visits: dict[str, dict[int, str]] = {}
        #: (state, its view for the seat to move) that ``_fresh`` made during this ``choose`` (``_own_view``)
        self._seen: tuple[State, dict] | None = None
        for key, default in self.params.items():
            setattr(self, key, self._checked(key, options.get(key, default)))

    def _checked(self, key: str, value: Any) -> Any:
        """``value`` if it is within ``limits[key]``; else a ValueError naming option and range."""
        if key not in self.limits or (value is None and key in self.nullable):
            return value
        kind, low, high = self.limits[key]
        ok = not isinstance(value, bool) and isinstance(value, int | float) and math.isfinite(value)
        if ok and kind is int:
            ok = float(value).is_integer()
            value = int(value) if ok else value
        if not ok or not low <= value <= high:
            what = "a whole number" if kind is int else "a number"
            raise ValueError(f"agent {self.name!r}: {key} must be {what} from {low:g} to {high:g}, got {value!r}")
        return value

    def choose(self, state: State) -> Action:
        """The agent's decision for the seat to move, from what that seat may know.

        Parameters
        ----------
        state : State
            A state where a seat must decide.

        Returns
        -------
        Action
            One of ``state.legal_actions()``.

        Examples
        --------
        >>> import rulekit
        >>> from rulekit.agents import make_agent
        >>> state = rulekit.load("rune_stones").new(players=2, seed=1)
        >>> all(make_agent(spec, seed=1).choose(state) in state.legal_actions()
        ...     for spec in ("random", "greedy", "mcts:20", "plan:4"))
        True
        """
        raise NotImplementedError

    def _fresh(self, state: State, legal: list[Action]) -> tuple[list[Action], str | None]:
        """The legal actions chosen least often at earlier visits of this seat's view, and the view's key
        (None for a forced move: nothing to choose, nothing to remember).

        Some printed rules allow round trips that change nothing: in the Mines
        any number of trade offers may be made and withdrawn (ZM-350). An
        evaluation that sees no difference would make the same offer for ever,
        so a planning agent that comes back to a view it saw at an earlier step
        tries what it tried least there. A revisit at the same step (after an
        undo in the Table) does not count: undo and step replay the same move.
        """
        if len(legal) == 1:
            return legal, None
        view = state.view(state.to_move)
        self._seen = (state, view)
        key = json.dumps({k: v for k, v in view.items() if k != "step"}, sort_keys=True, default=str)
        done = self._visits.get(key)
        if not done:
            return legal, key
        count = {}
        for step, label in done.items():
            if step < state.step:
                count[label] = count.get(label, 0) + 1
        tries = [count.get(str(a), 0) for a in legal]
        least = min(tries)
        return [a for a, n in zip(legal, tries, strict=True) if n == least], key

    def _remember(self, state: State, key: str | None, action: Action) -> None:
        self._seen = None  # the decision is made: keep no state past it
        if key is not None:
            self._visits.setdefault(key, {})[state.step] = str(action)

    def _own_view(self, state: State, seat: int) -> dict:
        """``state.game.view(state, seat)``; for the state ``_fresh`` just saw, its game part of the view
        made there (a view of a whole state is costly: one less per followed plan step)."""
        seen = self._seen
        if seen is not None and seen[0] is state and seat == state.to_move:
            return {k: v for k, v in seen[1].items() if k not in VIEW_KEYS}
        return state.game.view(state, seat)

    @property
    def spec(self) -> str:
        """The spec string that rebuilds this agent (without its seed): options that differ from their defaults.

        Examples
        --------
        >>> GreedyAgent(finish=0).spec, GreedyAgent().spec
        ('greedy:finish=0', 'greedy')
        """
        changed = [f"{k}={getattr(self, k)}" for k, v in self.params.items() if getattr(self, k) != v]
        return ":".join([self.name, *changed])

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seed={self.seed})"


class RandomAgent(Agent):
    """Picks uniformly among the legal actions: the baseline every bot must beat.

    Parameters
    ----------
    seed : int, optional
        Seeds the agent's own dice, so a game with bots replays exactly.
    **options
        Values for the options in ``params`` (checked against ``limits``).

    Examples
    --------
    >>> import rulekit
    >>> state = rulekit.load("rune_stones").new(players=2, seed=1)
    >>> picks = [RandomAgent(seed=s).choose(state) for s in range(30)]
    >>> sorted({str(a) for a in picks})
    ['action abilities', 'action forge', 'action summon']
    """

    name = "random"

    def choose(self, state: State) -> Action:
        legal = state.legal_actions()
        return legal[self.dice.below(len(legal))]


def sample_world(state: State, seat: int, dice: Dice) -> State:
    """A state ``seat`` cannot tell apart from ``state``, with a fresh future.

    ``game.determinize`` resamples what the seat cannot see (hands, deck
    order, sealed bids); the generator is reseeded too, so coming dice
    rolls and draws are not known in advance either.

    Parameters
    ----------
    state : State
        The true state.
    seat : int
        The seat whose knowledge is kept.
    dice : Dice
        The agent's generator.

    Returns
    -------
    State
        A world the seat cannot tell from ``state``.

    Examples
    --------
    >>> import rulekit
    >>> state = rulekit.load("rune_stones").new(players=2, seed=1)
    >>> world = sample_world(state, 1, Dice(1))
    >>> world.view(1) == state.view(1), world.rng == state.rng
    (True, False)
    """
    world = state.game.determinize(state, seat, dice)
    return world.evolve(rng=dice.next64())


def terminal_value(state: State, seat: int) -> float:
    """Value of a finished game for ``seat``: a win or loss outweighs any heuristic.

    Parameters
    ----------
    state : State
        A finished game's state.
    seat : int
        The seat it is rated for.

    Returns
    -------
    float
        ``game.evaluate`` plus 1e6 for a winner, minus 1e6 otherwise.

    Examples
    --------
    >>> import rulekit
    >>> state, bot = rulekit.load("rune_stones").new(players=2, seed=3), RandomAgent(seed=3)
    >>> while not state.is_over:
    ...     state = state.apply(bot.choose(state))
    >>> winner = state.winners[0]
    >>> terminal_value(state, winner) > 1e5 > terminal_value(state, 1 - winner)
    True
    """
    base = state.game.evaluate(state, seat)
    return base + (_WIN if seat in state.winners else -_WIN)


class GreedyAgent(Agent):
    """Lookahead on ``game.evaluate``: the action whose after-state rates best.

    Each candidate is applied (automatic steps settled) in ``samples``
    determinized worlds. Decisions are atomic, so a turn is often several
    choices (an action type, then what to pay, then "done") and the state
    right after one choice can look worse than it is (paid, not yet
    gained). When the seat still has to move after a candidate, its turn
    is finished ``finish`` times at random and the best finish counts:
    what the seat can reach with that choice. ``finish=0`` is the plain
    one-step lookahead. Ties break at random. A finish picks among the
    game's ``finish_actions`` (``finish_step``); ``shortcuts=0`` picks among
    every legal action instead (the bot before games named shortcuts, for
    comparing the two).

    The best finish is kept as a plan and followed while the seat's view
    is what the plan expected, so a turn is planned once, not once per
    choice; a surprise (a drawn card, a die) makes the agent plan again.

    Parameters
    ----------
    seed : int, optional
        Seeds the agent's own dice, so a game with bots replays exactly.
    **options
        Values for the options in ``params``: ``finish``, ``samples``, ``horizon``, ``shortcuts``
        (checked against ``limits``).

    Examples
    --------
    >>> import rulekit
    >>> state = rulekit.load("rune_stones").new(players=2, seed=1)
    >>> bot = GreedyAgent(seed=1, samples=2)
    >>> bot.choose(state) == GreedyAgent(seed=1, samples=2).choose(state)
    True
    """

    name = "greedy"
    params = {"finish": 4, "samples": 1, "horizon": 40, "shortcuts": 1}
    limits = {"finish": (int, 0, 64), "samples": (int, 1, 64), "horizon": (int, 1, 10_000), "shortcuts": (int, 0, 1)}
    positional = "finish"

    def __init__(self, seed: int = 0, **options: Any):
        super().__init__(seed, **options)
        #: the rest of the planned turn: (the state the plan expects, the planning seat, the action planned there)
        self._plan: list[tuple[State, int, Action]] = []

    def choose(self, state: State) -> Action:
        legal, key = self._fresh(state, state.legal_actions())
        action = self._choose(state, legal)
        self._remember(state, key, action)
        return action

    def _choose(self, state: State, legal: list[Action]) -> Action:
        seat = state.to_move
        planned = self._follow(state, seat, legal)
        if planned is not None:
            return planned
        if len(legal) == 1:
            return legal[0]
        worlds = [sample_world(state, seat, self.dice) for _ in range(max(1, int(self.samples)))]
        best: list[tuple[Action, list[State]]] = []
        best_value = -math.inf
        for action in legal:
            value, path = self._value(worlds, action, seat)
            if value > best_value + 1e-9:
                best, best_value = [(action, path)], value
            elif abs(value - best_value) <= 1e-9:
                best.append((action, path))
        if not best:
            return legal[self.dice.below(len(legal))]
        action, path = best[self.dice.below(len(best))]
        if len(worlds) == 1:  # the expected views are made when the plan gets there (most plans end early)
            self._plan = [(w, seat, nxt.history[1]) for w, nxt in zip(path, path[1:], strict=False)]
        return action

    def _follow(self, state: State, seat: int, legal: list[Action]) -> Action | None:
        """The next planned action if the seat sees what the plan expected."""
        if not self._plan:
            return None
        expected, planner, action = self._plan.pop(0)
        if action in legal and self._own_view(state, seat) == expected.game.view(expected, planner):
            return action
        self._plan = []
        return None

    def _value(self, worlds: list[State], action: Action, seat: int) -> tuple[float, list[State]]:
        total, n, path = 0.0, 0, []
        for world in worlds:
            try:
                after = world.apply(action)
            except IllegalAction:  # not possible in this sample: hidden info differs
                continue
            value, path = self._reach(after, seat)
            total += value
            n += 1
        return (total / n if n else -math.inf), path

    def _reach(self, state: State, seat: int) -> tuple[float, list[State]]:
        """The value of ``state``; if ``seat`` is still to move, the best of a few random finishes
        and the states of that finish."""
        if state.is_over or state.to_move != seat or not self.finish:
            return _rate(state, seat), [state]
        best, best_path = -math.inf, [state]
        # The finishes start from one state: where one repeats the choices of an earlier one, it reaches
        # the very states the earlier one made (a state's legal list holds the same Action objects on
        # every call): these are taken, not made again, and an end already rated is not rated again.
        # The keys are ids of states kept alive in ``made`` and of the actions in their legal lists.
        made: dict[tuple[int, int], State] = {}
        rated: dict[int, float] = {}
        horizon, shortcuts = self.horizon, bool(self.shortcuts)
        for _ in range(int(self.finish)):
            world, path = state, [state]
            while not world.is_over and world.to_move == seat and len(path) <= horizon:
                action = finish_step(world, self.dice, shortcuts)
                key = (id(world), id(action))
                nxt = made.get(key)
                if nxt is None:
                    nxt = made[key] = world.apply(action)
                world = nxt
                path.append(world)
            value = rated.get(id(world))
            if value is None:
                value = rated[id(world)] = _rate(world, seat)
            if value > best:
                best, best_path = value, path
        return best, best_path


def finish_step(state: State, dice: Dice, shortcuts: bool = True) -> Action:
    """One random step of a bot's finish of a turn, the same for greedy and mcts.

    It picks uniformly among ``game.finish_actions``: the legal actions, or
    the fewer a game names for finishes (Scepter pays with ``pay auto``).

    Parameters
    ----------
    state : State
        A state where a seat must decide.
    dice : Dice
        The bot's generator.
    shortcuts : bool, optional
        False: among every legal action, ignoring what the game names.

    Returns
    -------
    Action
        One of ``state.legal_actions()``.

    Examples
    --------
    >>> import rulekit
    >>> state = rulekit.load("rune_stones").new(players=2, seed=1)
    >>> finish_step(state, Dice(1)) in state.legal_actions()
    True
    """
    legal = state.legal_actions()
    if shortcuts:
        legal = state.game.finish_actions(state, legal)
    return legal[dice.below(len(legal))]


def _rate(state: State, seat: int) -> float:
    return terminal_value(state, seat) if state.is_over else state.game.evaluate(state, seat)


def seat_seed(game_seed: int, seat: int) -> int:
    """The seed of the bot in ``seat`` of the game seeded ``game_seed``.

    The one seed path of rulekit: the CLI, the widgets' ``Session`` and
    ``simulate`` all seed bots with it, so a seed plays the same game everywhere.

    Parameters
    ----------
    game_seed : int
        The game's seed.
    seat : int
        The bot's seat.

    Returns
    -------
    int
        The bot's seed (non-negative, below 2**63).

    Examples
    --------
    >>> seat_seed(1, 0) == seat_seed(1, 0) != seat_seed(1, 1)
    True
    >>> 0 <= seat_seed(2**63 - 1, 5) < 2**63
    True
    """
    return seed_state(game_seed * 1_000_003 + seat) >> 1
