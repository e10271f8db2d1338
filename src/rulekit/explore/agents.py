"""Agents: seated players that decide through the engine contract.

An agent sees the state it is asked about but must decide from what its
seat may know (``state.view(seat)``, or states from ``game.determinize``).
Every agent is seeded, so games with bots replay exactly.
"""

from __future__ import annotations

from ..engine import Action, Dice, State
from ..engine.rng import seed_state

__all__ = ["Agent", "RandomAgent", "AGENTS", "make_agent"]


class Agent:
    """Base class: ``choose(state)`` returns one of ``state.legal_actions()``."""

    name = "agent"

    def __init__(self, seed: int = 0):
        self.seed = seed
        self.dice = Dice(seed_state(seed))

    def choose(self, state: State) -> Action:
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seed={self.seed})"


class RandomAgent(Agent):
    """Picks uniformly among the legal actions: the baseline every bot must beat."""

    name = "random"

    def choose(self, state: State) -> Action:
        legal = state.legal_actions()
        return legal[self.dice.below(len(legal))]


#: agent name -> class, for the CLI (``--bots random,greedy``) and the widgets
AGENTS: dict[str, type[Agent]] = {"random": RandomAgent}


def make_agent(name: str, seed: int = 0) -> Agent:
    """An agent by name; unknown names are refused with the known ones."""
    try:
        return AGENTS[name](seed=seed)
    except KeyError:
        raise ValueError(f"unknown agent {name!r}; known agents: {', '.join(AGENTS)}") from None
