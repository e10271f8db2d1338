"""The agents by name: ``--bots random,greedy,mcts:200`` in the CLI, the widgets and ``simulate``."""

from __future__ import annotations

from typing import Any

from .base import Agent, GreedyAgent, RandomAgent
from .mcts import MCTSAgent
from .planner import PlannerAgent

__all__ = ["AGENTS", "STAND_INS", "make_agent", "parse_spec", "stand_in_spec"]

#: agent name -> class, for the CLI (``--bots random,greedy``) and the widgets
AGENTS: dict[str, type[Agent]] = {
    "random": RandomAgent,
    "greedy": GreedyAgent,
    "mcts": MCTSAgent,
    "plan": PlannerAgent,
}

#: who plays a person's seat when they let bots finish (Play to end, Watch, a room's absent
#: student): greedy reaches every competitive game's printed end, but in cooperative Spellbound
#: it loses nearly every game (1 of 200 won at 2 players) where the team planner wins 80-90 %
STAND_INS: dict[str, str] = {"spellbound": "plan"}


def stand_in_spec(game_id: str) -> str:
    """The bot spec that stands in for a person in ``game_id`` (``STAND_INS``, else greedy).

    Parameters
    ----------
    game_id : str
        The game's id.

    Returns
    -------
    str
        An agent spec for ``make_agent``.

    Examples
    --------
    >>> stand_in_spec("spellbound"), stand_in_spec("rune_stones")
    ('plan', 'greedy')
    """
    return STAND_INS.get(game_id, "greedy")


def parse_spec(spec: str) -> tuple[str, dict[str, Any]]:
    """Split ``"mcts:200:c=1.2"`` into ``("mcts", {"iterations": 200, "c": 1.2})``.

    Parameters
    ----------
    spec : str
        An agent's name, then ``:value`` for its positional option and ``:key=value`` for others.

    Returns
    -------
    name : str
        The agent's name (a key of ``AGENTS``).
    options : dict
        Its options, numbers read as int or float, ``none`` as None.

    Raises
    ------
    ValueError
        Naming the bad part: an unknown agent or option, a value that is no number.

    Examples
    --------
    >>> parse_spec("mcts:200:c=1.2")
    ('mcts', {'iterations': 200, 'c': 1.2})
    >>> parse_spec("greedy:samples=4:depth=2")
    Traceback (most recent call last):
    ...
    ValueError: agent 'greedy' has no option 'depth' (in 'greedy:samples=4:depth=2'); known: finish, samples, horizon, shortcuts
    """
    if not isinstance(spec, str) or not spec.strip():
        raise ValueError(f"an agent spec must be a non-empty string such as 'greedy' or 'mcts:200', got {spec!r}")
    name, *parts = [p.strip() for p in spec.strip().split(":")]
    if name not in AGENTS:
        raise ValueError(f"unknown agent {name!r}; known agents: {', '.join(AGENTS)}")
    cls = AGENTS[name]
    options: dict[str, Any] = {}
    for part in parts:
        key, sep, raw = part.partition("=")
        if not sep:
            if cls.positional is None:
                raise ValueError(f"agent {name!r} takes no positional value, got {part!r} in {spec!r}")
            key, raw = cls.positional, part
        key = key.strip()
        if key not in cls.params:
            known = ", ".join(cls.params) or "none"
            raise ValueError(f"agent {name!r} has no option {key!r} (in {spec!r}); known: {known}")
        options[key] = _number(raw.strip(), key, spec)
    return name, options


def _number(raw: str, key: str, spec: str) -> Any:
    if raw.lower() in ("none", ""):
        return None
    for kind in (int, float):
        try:
            return kind(raw)
        except ValueError:
            pass
    raise ValueError(f"option {key}={raw!r} in agent spec {spec!r} must be a number or 'none'")


def make_agent(name: str, seed: int = 0, **options: Any) -> Agent:
    """An agent by name or spec (``"mcts:200"``); unknown names are refused with the known ones.

    Parameters
    ----------
    name : str
        A name or spec (see ``parse_spec``).
    seed : int, optional
        The agent's seed (``seat_seed`` gives the one rulekit uses for a seat).
    **options
        Options that override the spec's.

    Returns
    -------
    Agent
        The agent.

    Raises
    ------
    ValueError
        For an unknown agent or option, or a value outside the option's limits.

    Examples
    --------
    >>> bot = make_agent("mcts:200", seed=4, c=1.0)
    >>> type(bot).__name__, bot.iterations, bot.c, bot.seed
    ('MCTSAgent', 200, 1.0, 4)
    >>> make_agent("chess")
    Traceback (most recent call last):
    ...
    ValueError: unknown agent 'chess'; known agents: random, greedy, mcts, plan
    """
    base, parsed = parse_spec(name)
    return AGENTS[base](seed=seed, **{**parsed, **options})
