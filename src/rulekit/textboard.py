"""The board as plain text: what ``rulekit play`` and PettingZoo's "ansi" mode show.

It reads only the contract (``State.view``, phase names, scores), so it works
for every game; nested view data becomes indented lines instead of raw JSON.
"""

from __future__ import annotations

from typing import Any

from .engine import State
from .engine.state import VIEW_KEYS

__all__ = ["text_board"]

_WIDTH = 100


def text_board(state: State, seat: int | None = None, lang: str = "en") -> str:
    """Header (game, phase, who moves, scores) and the seat's view as indented text."""
    game = state.game
    phase = game.phases.get(state.phase)
    phase_name = phase.name_in(lang) if phase else state.phase
    de = lang == "de"
    if state.is_over:
        who = "Spiel vorbei" if de else "game over"
    elif state.to_move is None:
        who = "automatischer Schritt" if de else "automatic step"
    else:
        who = f"{'am Zug: Platz' if de else 'to move: seat'} {state.to_move}"
    scores = ", ".join(f"{i}: {s}" for i, s in enumerate(state.scores))
    title = game.title_de if de and game.title_de else game.title
    lines = [
        f"== {title} · {'Schritt' if de else 'step'} {state.step} · {phase_name} · {who}",
        f"   {'Punkte' if de else 'scores'}: {scores}",
    ]
    view = state.view(seat)
    for key, value in view.items():
        if key not in VIEW_KEYS:  # the header shows the engine's keys
            lines += _lines(key, value, 1)
    return "\n".join(lines)


def _lines(key: str, value: Any, depth: int) -> list[str]:
    pad = "   " * depth
    name = str(key).replace("_", " ")
    if isinstance(value, dict):
        if not value:
            return [f"{pad}{name}: -"]
        out = [f"{pad}{name}:"]
        for k, v in value.items():
            out += _lines(k, v, depth + 1)
        return out
    if isinstance(value, tuple):
        value = list(value)
    if isinstance(value, list) and any(isinstance(v, dict | list | tuple) for v in value):
        out = [f"{pad}{name}:"]
        for i, v in enumerate(value):
            out += _lines(f"#{i}", v, depth + 1)
        return out
    text = ", ".join(map(_scalar, value)) if isinstance(value, list) else _scalar(value)
    line = f"{pad}{name}: {text or '-'}"
    return [line if len(line) <= _WIDTH else line[: _WIDTH - 1] + "…"]


def _scalar(value: Any) -> str:
    if value is None:
        return "?"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value) if value != "" else "·"
