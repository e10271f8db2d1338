"""The ``Session`` lives in ``rulekit.session`` (it holds no widget code); re-exported here."""

from ..session import HUMAN, MAX_STEPS, Session, resolve_game

__all__ = ["HUMAN", "MAX_STEPS", "Session", "resolve_game"]
