"""The rules engine: the contract every game, widget, bot and adapter uses."""

from . import piles, seats
from .actions import Action
from .errors import (
    ArgumentError,
    DataFileError,
    FlowError,
    IllegalAction,
    OptionError,
    RoomError,
    RulekitError,
    SaveFileError,
    SetupError,
    UnknownGame,
)
from .flow import Phase, PhaseHooks, phase_graph
from .game import Game, ScoreLine, encode
from .options import Option, Options, load_options
from .record import Record
from .rng import Dice
from .rules import Event, Rule
from .state import State
from .timeline import Timeline

__all__ = [
    "Action",
    "ArgumentError",
    "DataFileError",
    "Dice",
    "Event",
    "FlowError",
    "Game",
    "IllegalAction",
    "Option",
    "OptionError",
    "Options",
    "RoomError",
    "Phase",
    "PhaseHooks",
    "Record",
    "Rule",
    "ScoreLine",
    "RulekitError",
    "SaveFileError",
    "SetupError",
    "State",
    "Timeline",
    "UnknownGame",
    "encode",
    "load_options",
    "phase_graph",
    "piles",
    "seats",
]
