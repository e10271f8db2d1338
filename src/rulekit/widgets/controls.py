"""The step-through controls as one small ES module (one widget, not sixty).

Step, undo, redo, play to end, watch, new game, the projector switch, the
timeline slider with a jump box and the language switch; under "more": who
plays each seat, autoplay, play N, pace and seed. Step is disabled, with the
reason beside it, while a person must decide (``step_why``). The status line
is the table's own (``rulekit.widgets.status``), right above the actions. The browser sends ``{"event": name, ...}``; ``press``
does the same from Python, so tests drive the table without a browser.
Stable CSS classes (``rk-step``, ``rk-undo``, ``rk-redo``, ``rk-slider``,
``rk-jump``, ``rk-lang``, ...) are what the browser tests click.
"""

from __future__ import annotations

from collections.abc import Callable

import traitlets as t

from ..agents import AGENTS
from .base import RulekitWidget, esm
from .i18n import t as text
from .panels import agent_text
from .session import HUMAN

__all__ = ["ControlBar"]

#: UI strings the module shows (keys of texts/ui.toml)
LABEL_KEYS = (
    "step",
    "step_help",
    "undo",
    "redo",
    "play_n",
    "play_n_help",
    "play_end",
    "reset",
    "seed",
    "timeline",
    "autoplay",
    "watch",
    "watch_help",
    "pause",
    "pace",
    "projector",
    "projector_help",
    "more_settings",
)
EVENTS = ("step", "undo", "redo", "play", "end", "reset", "jump", "seat", "autoplay", "lang", "watch", "projector")


class ControlBar(RulekitWidget):
    """Buttons, timeline and seats of a table; ``on_press(handler)`` receives every press."""

    _esm = esm("controls.js")
    title = t.Unicode("").tag(sync=True)
    status = t.Unicode("").tag(sync=True)
    labels = t.Dict().tag(sync=True)
    cursor = t.Int(0).tag(sync=True)
    last = t.Int(0).tag(sync=True)
    can_undo = t.Bool(False).tag(sync=True)
    can_redo = t.Bool(False).tag(sync=True)
    #: why Step cannot step now (a person must decide, or the game is over); "" when it can
    step_why = t.Unicode("").tag(sync=True)
    play_n = t.Int(10).tag(sync=True)
    seed = t.Int(1).tag(sync=True)
    seats = t.List().tag(sync=True)
    seat_names = t.List().tag(sync=True)
    kinds = t.List().tag(sync=True)
    autoplay = t.Bool(False).tag(sync=True)
    lang = t.Unicode("en").tag(sync=True)
    #: False where the page has its own switch that the table follows (the classroom): one switch per page
    lang_switch = t.Bool(True).tag(sync=True)
    #: watch mode: bots play one step every 1/pace seconds
    watching = t.Bool(False).tag(sync=True)
    pace = t.Float(2.0).tag(sync=True)
    projector = t.Bool(False).tag(sync=True)
    #: the browser asks for reduced motion (prefers-reduced-motion): Watch mode goes slower (issue 27)
    reduced_motion = t.Bool(False).tag(sync=True)
    #: a table's other parts' changes, sent with this widget's own in one message
    #: (``frames.one_message``): ``{"n": count, "parts": {model_id: state}}``
    frame = t.Dict().tag(sync=True)

    def __init__(self, seats: list[str], seed: int, lang: str, **kwargs):
        # the seed box shows the seed of the game on the table
        super().__init__(seats=list(seats), seed=seed, lang=lang, **kwargs)
        self._handlers: list[Callable[[str, dict], None]] = []
        self.add_class("rk-controls")
        self.relabel(lang)

    def relabel(self, lang: str) -> None:
        """Every caption in ``lang``."""
        with self.hold_sync():
            self.lang = lang
            self.labels = {key: text(key, lang) for key in LABEL_KEYS}
            self.seat_names = [text("seat", lang, n=i + 1) for i in range(len(self.seats))]
            self.kinds = [[k, agent_text(k, lang)] for k in (HUMAN, *AGENTS)]

    def on_press(self, handler: Callable[[str, dict], None]) -> None:
        self._handlers.append(handler)

    def press(self, event: str, **args) -> None:
        """Press a control as the browser would: ``press("jump", index=3)``."""
        if event not in EVENTS:
            raise ValueError(f"unknown control {event!r}; controls: {', '.join(EVENTS)}")
        for handler in self._handlers:
            handler(event, args)

    def _route(self, _widget, content, _buffers) -> None:
        if isinstance(content, dict) and content.get("event") in EVENTS:
            args = {k: v for k, v in content.items() if k != "event"}
            self.press(content["event"], **args)

    def _repr_summary(self) -> str:
        return f"step {self.cursor}/{self.last}"
