"""Rules exploration: agents, batch simulation and rule-variant sweeps."""

from ..agents import AGENTS, Agent, GreedyAgent, MCTSAgent, RandomAgent, make_agent, parse_spec
from .simulate import simulate
from .sweeps import first_player_advantage, game_length, score_spread, summarize, sweep, wilson, win_rates

__all__ = [
    "AGENTS",
    "Agent",
    "GreedyAgent",
    "MCTSAgent",
    "RandomAgent",
    "first_player_advantage",
    "game_length",
    "make_agent",
    "parse_spec",
    "score_spread",
    "simulate",
    "summarize",
    "sweep",
    "wilson",
    "win_rates",
]
