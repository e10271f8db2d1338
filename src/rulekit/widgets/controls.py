"""The step-through controls: buttons, timeline slider, seats, language.

Plain ipywidgets with stable CSS classes (``rk-step``, ``rk-undo``, ...) so
browser tests find them. ``relabel`` switches every caption's language.
"""

from __future__ import annotations

import ipywidgets as w

from ..explore.agents import AGENTS
from .i18n import t
from .panels import agent_text
from .session import HUMAN

__all__ = ["Controls"]


def _button(cls: str, icon: str = "") -> w.Button:
    b = w.Button(icon=icon, layout=w.Layout(width="auto"))
    b.add_class(cls)
    return b


class Controls:
    """Holds the control widgets; the ``Table`` wires their events."""

    def __init__(self, players: int, seats: list[str], seed: int, lang: str):
        self.step = _button("rk-step")
        self.undo = _button("rk-undo")
        self.redo = _button("rk-redo")
        self.play = _button("rk-play")
        self.play_n = w.BoundedIntText(10, min=1, max=10_000, layout=w.Layout(width="80px"))
        self.play_n.add_class("rk-play-n")
        self.end = _button("rk-end")
        self.seed = w.IntText(seed + 1, layout=w.Layout(width="90px"))
        self.seed.add_class("rk-seed")
        self.reset = _button("rk-reset")
        self.slider = w.IntSlider(0, min=0, max=0, continuous_update=False, layout=w.Layout(width="98%"))
        self.slider.add_class("rk-slider")
        self.autoplay = w.Checkbox(False, indent=False, layout=w.Layout(width="auto"))
        self.autoplay.add_class("rk-autoplay")
        self.seats = [w.Dropdown(layout=w.Layout(width="170px")) for _ in range(players)]
        for i, d in enumerate(self.seats):
            d.add_class("rk-seat")
            d.add_class(f"rk-seat-{i}")
        self.view = w.Dropdown(layout=w.Layout(width="220px"))
        self.view.add_class("rk-view")
        self.lang = w.ToggleButtons(options=[("EN", "en"), ("DE", "de")], value=lang, style={"button_width": "48px"})
        self.lang.add_class("rk-lang")
        self.try_box = w.Text(continuous_update=False, layout=w.Layout(width="220px"))
        self.try_box.add_class("rk-try-input")
        self.try_button = _button("rk-try")
        self._seat_kinds = list(seats)
        self.relabel(lang, seats, None)

    def relabel(self, lang: str, seats: list[str], view: int | None) -> None:
        """Set every caption in ``lang`` (values stay as they are)."""
        for btn, key, icon in (
            (self.step, "step", "step-forward"),
            (self.undo, "undo", "undo"),
            (self.redo, "redo", "redo"),
            (self.play, "play_n", "forward"),
            (self.end, "play_end", "fast-forward"),
            (self.reset, "reset", "refresh"),
            (self.try_button, "try", "question"),
        ):
            btn.description = t(key, lang)
            btn.icon = icon
        self.step.tooltip = t("step_help", lang)
        self.play.tooltip = t("play_n_help", lang)
        self.seed.description = t("seed", lang)
        self.seed.style.description_width = "auto"
        self.slider.description = t("timeline", lang)
        self.autoplay.description = t("autoplay", lang)
        self.try_box.placeholder = t("try_placeholder", lang)
        kinds = [HUMAN, *AGENTS]
        for i, d in enumerate(self.seats):
            d.options = [(f"{t('seat', lang, seat=i)}: {agent_text(k, lang)}", k) for k in kinds]
            d.value = seats[i]
        self.view.options = [(t("view_teacher", lang), -1)] + [
            (t("view_seat", lang, seat=i), i) for i in range(len(self.seats))
        ]
        self.view.value = -1 if view is None else view
        self.view.description = t("view", lang)
        self.view.style.description_width = "auto"

    def bars(self) -> list[w.Widget]:
        """The rows of controls in display order."""
        row = w.Layout(flex_flow="row wrap", align_items="center")
        return [
            w.HBox(
                [self.step, self.undo, self.redo, self.play_n, self.play, self.end, self.seed, self.reset], layout=row
            ),
            self.slider,
            w.HBox([*self.seats, self.autoplay], layout=row),
        ]
