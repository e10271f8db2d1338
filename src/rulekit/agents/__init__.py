"""Agents: seated players (random, greedy, ISMCTS) that decide through the engine contract.

They sit below ``session``, the widgets, the CLI and ``explore``, and
import only the engine.
"""

from .base import Agent, GreedyAgent, RandomAgent, sample_world, seat_seed, terminal_value
from .mcts import MCTSAgent
from .planner import PlannerAgent
from .registry import AGENTS, make_agent, parse_spec

__all__ = [
    "AGENTS",
    "Agent",
    "GreedyAgent",
    "MCTSAgent",
    "PlannerAgent",
    "RandomAgent",
    "make_agent",
    "parse_spec",
    "sample_world",
    "seat_seed",
    "terminal_value",
]
