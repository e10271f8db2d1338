"""Rules exploration: agents, batch simulation and rule-variant sweeps."""

from .agents import AGENTS, Agent, RandomAgent, make_agent

__all__ = ["AGENTS", "Agent", "RandomAgent", "make_agent"]
