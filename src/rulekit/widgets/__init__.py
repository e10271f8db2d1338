"""Widgets for Jupyter and Voila: the ``Table`` and the parts it is made of.

Everything here works through the engine contract only; each game's board
comes from its own ``scene`` (docs/scene.md) and is drawn by ``Board``.
"""

from .actions import ActionBar
from .board import Board
from .classroom import Classroom
from .controls import ControlBar
from .fired import RulesFiredView
from .gallery import gallery
from .inspector import Inspector, diff_paths
from .lesson import LessonView
from .log import EventLog
from .phase_graph import PhaseGraph
from .quiz import QuizPanel
from .session import Session
from .table import Table
from .variants import VariantEditor

__all__ = [
    "ActionBar",
    "Board",
    "Classroom",
    "ControlBar",
    "EventLog",
    "Inspector",
    "LessonView",
    "PhaseGraph",
    "QuizPanel",
    "RulesFiredView",
    "Session",
    "Table",
    "VariantEditor",
    "diff_paths",
    "gallery",
]
