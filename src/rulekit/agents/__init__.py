"""Agents: seated players (random, greedy, ISMCTS) that decide through the engine contract.

They sit below ``session``, the widgets, the CLI and ``explore``, and
import only the engine.
"""

from .base import Agent, GreedyAgent, RandomAgent, sample_world, seat_seed, terminal_value
from .mcts import MCTSAgent
from .planner import PlannerAgent
from .registry import AGENTS, STAND_INS, make_agent, parse_spec, stand_in_spec

__all__ = [
    "AGENTS",
    "STAND_INS",
    "Agent",
    "GreedyAgent",
    "MCTSAgent",
    "PlannerAgent",
    "RandomAgent",
    "make_agent",
    "parse_spec",
    "sample_world",
    "seat_seed",
    "stand_in_spec",
    "terminal_value",
]
