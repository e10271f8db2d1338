"""Where a ``Table``'s parts go: one screen for play, side panels in tabs (issue 22).

The stage holds what a class needs at once: the controls (title, step,
undo, timeline), the board, and the dock (end of game, status line, the
seat to move's actions, "why not?"). It is never taller than the window
(``rulekit.css``: the board scrolls inside its own box), so board, status
and actions are on one screen at 1024x768 and at 1920x1080. The side panels
(rules, log, phase flow, inspector, teacher tools) are tabs: beside the
board when the table is wide (a CSS container query), under the stage when
it is narrow. The projector layout is the same arrangement with larger text.
A mixin so ``table.py`` stays about stepping; it uses the table's parts.
"""

from __future__ import annotations

import ipywidgets as w

from .i18n import t

__all__ = ["TableLayout", "BOARD_MIN_PX", "TAB_KEYS"]

#: the board's least width: the scenes' 18-unit text is then 14 px (960 units wide, docs/scene.md)
BOARD_MIN_PX = 750
#: the side panels' tab titles (keys of texts/ui.toml), in tab order
TAB_KEYS = ("rules_title", "log_title", "phases_title", "inspector_title", "extras_title")


class TableLayout:
    """Methods of ``Table`` that place its parts."""

    def _build(self) -> None:
        for part, cls in (
            (self.rule, "rk-rule-area"),
            (self.event_log, "rk-log-area"),
            (self.phases, "rk-phase-area"),
            (self.inspector, "rk-inspector-area"),
            (self.extras, "rk-extras-area"),
        ):
            part.add_class("rk-panel")
            part.add_class(cls)
        self.board.add_class("rk-board-area")
        self._dock = w.VBox([self.end, self.status, self.actions, self.why])
        self._dock.add_class("rk-dock")
        self._stage = w.VBox([self.controls, self.board, self._dock])
        self._stage.add_class("rk-stage")
        self._tabs = w.Tab(children=[self.rule, self.event_log, self.phases, self.inspector, self.extras])
        self._tabs.add_class("rk-side-tabs")
        self._tabs.selected_index = 0
        self._frame = w.VBox([self._stage, self._tabs])
        self._frame.add_class("rk-frame")
        super().__init__([self._frame])  # the VBox after the mixins
        self.add_class("rk-table")
        self._arrange()

    def _arrange(self) -> None:
        """The projector layout is the desk layout with larger text (``rk-projector`` in rulekit.css)."""
        if self.controls.projector:
            self.add_class("rk-projector")
        else:
            self.remove_class("rk-projector")
        self.phases.large = bool(self.controls.projector)
        self._title_tabs()

    def _title_tabs(self) -> None:
        self._tabs.titles = tuple(t(k, self.lang) for k in TAB_KEYS)

    def show_tab(self, key: str) -> None:
        """Open a side panel: ``"rules"``, ``"log"``, ``"phases"``, ``"inspector"`` or ``"extras"``."""
        names = [k.removesuffix("_title") for k in TAB_KEYS]
        if key not in names:
            raise ValueError(f"unknown panel {key!r}; panels: {', '.join(names)}")
        self._tabs.selected_index = names.index(key)

    def set_projector(self, on: bool) -> None:
        """The projector layout (every text at least 18 px) or back to the desk layout."""
        self.controls.projector = bool(on)
        self._arrange()
