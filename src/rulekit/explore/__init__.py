"""Rules exploration: agents, batch simulation and rule-variant sweeps."""

from ..agents import AGENTS, Agent, GreedyAgent, MCTSAgent, PlannerAgent, RandomAgent, make_agent, parse_spec
from .outcomes import loss_reasons, seat_advantage, team_results, unfinished
from .simulate import simulate
from .stats import detectable_difference, games_needed, sprt
from .sweeps import first_player_advantage, game_length, score_spread, summarize, sweep, wilson, win_rates

__all__ = [
    "AGENTS",
    "Agent",
    "GreedyAgent",
    "MCTSAgent",
    "PlannerAgent",
    "RandomAgent",
    "detectable_difference",
    "first_player_advantage",
    "game_length",
    "games_needed",
    "loss_reasons",
    "make_agent",
    "parse_spec",
    "score_spread",
    "seat_advantage",
    "simulate",
    "sprt",
    "summarize",
    "sweep",
    "team_results",
    "unfinished",
    "wilson",
    "win_rates",
]
