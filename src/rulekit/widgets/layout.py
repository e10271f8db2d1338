"""The layouts of a ``Table``: the desk layout and the projector layout.

Desk: the play area (end panel, board, actions, "why not?") beside the rule
panel, log, inspector and extras, the phase flow across the page below.
Projector: the play area across the page, the other panels as tabs. A mixin
so ``table.py`` stays about stepping; it uses the table's parts.
"""

from __future__ import annotations

import ipywidgets as w

from .i18n import t

__all__ = ["TableLayout", "BOARD_MIN_PX"]

#: the play area's least width: the board's SVG then gets the 640 px its scenes are drawn for
BOARD_MIN_PX = 680


class TableLayout:
    """Methods of ``Table`` that place its parts."""

    def _build(self) -> None:
        for part, cls in (
            (self.rule, "rk-rule-area"),
            (self.event_log, "rk-log-area"),
            (self.phases, "rk-phase-area"),
            (self.inspector, "rk-inspector-area"),
        ):
            part.add_class("rk-panel")
            part.add_class(cls)
        self._play = w.VBox([self.end, self.board, self.actions, self.why])
        self._play.add_class("rk-panel")
        self._play.add_class("rk-play-area")
        self._tabs = w.Tab()
        self._tabs.add_class("rk-side-tabs")
        super().__init__([])  # the VBox after the mixins
        self.add_class("rk-table")
        self._arrange()

    def _arrange(self) -> None:
        """Desk layout (board and actions beside rules, log, inspector; phase flow below)
        or projector layout (board across the page, the other panels as tabs)."""
        side = [self.rule, self.event_log, self.phases, self.inspector, self.extras]
        if self.controls.projector:
            self._tabs.children = side
            self._tabs.selected_index = 0
            self._play.layout = w.Layout(width="calc(100% - 8px)")
            self.children = [self.controls, self._play, self._tabs]
            self.add_class("rk-projector")
        else:
            self._tabs.children = []
            # scenes are drawn for a board of at least 640 px (docs/scene.md: 18 units = 12 px there)
            self._play.layout = w.Layout(flex="3 1 680px", min_width=f"min({BOARD_MIN_PX}px, 100%)")
            right = w.VBox(side[:2] + side[3:], layout=w.Layout(flex="2 1 300px", min_width="280px"))
            main = w.HBox([self._play, right], layout=w.Layout(flex_flow="row wrap", width="100%"))
            self.children = [self.controls, main, self.phases]
            self.remove_class("rk-projector")
        self._title_tabs()

    def _title_tabs(self) -> None:
        if self._tabs.children:
            keys = ("rules_title", "log_title", "phases_title", "inspector_title", "extras_title")
            self._tabs.titles = tuple(t(k, self.lang) for k in keys)

    def set_projector(self, on: bool) -> None:
        """The projector layout (board large, other panels as tabs) or back to the desk layout."""
        self.controls.projector = bool(on)
        self._arrange()
