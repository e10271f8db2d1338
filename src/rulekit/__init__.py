"""rulekit: learn and explore board-game rules in Jupyter.

>>> import rulekit
>>> "rune_stones" in rulekit.games()
True
"""

from .engine import (
    Action,
    Event,
    Game,
    IllegalAction,
    Option,
    Record,
    Rule,
    RulekitError,
    SaveFileError,
    SetupError,
    State,
    Timeline,
    UnknownGame,
)
from .games import games, load

__version__ = "0.1.0"

__all__ = [
    "Action",
    "Event",
    "Game",
    "IllegalAction",
    "Option",
    "Record",
    "Rule",
    "RulekitError",
    "SaveFileError",
    "SetupError",
    "State",
    "Timeline",
    "UnknownGame",
    "games",
    "load",
    "open_record",
]


def open_record(path: str) -> State:
    """Load a save file from ``path``, replay it and check its snapshot."""
    record = Record.load(path)
    return load(record.game).from_record(record)
