"""The rules engine: the contract every game, widget, bot and adapter uses."""

from .actions import Action
from .errors import IllegalAction, RulekitError, SaveFileError, SetupError, UnknownGame
from .flow import Phase, phase_graph
from .game import Game, encode
from .options import Option
from .record import Record
from .rng import Dice
from .rules import Event, Rule
from .state import State
from .timeline import Timeline

__all__ = [
    "Action",
    "Dice",
    "Event",
    "Game",
    "IllegalAction",
    "Option",
    "Phase",
    "Record",
    "Rule",
    "RulekitError",
    "SaveFileError",
    "SetupError",
    "State",
    "Timeline",
    "UnknownGame",
    "encode",
    "phase_graph",
]
