"""The teacher's extras of a ``Table``: rules fired so far and live rule variants.

A mixin so ``table.py`` stays about layout and stepping; it uses the table's
``session``, ``game``, ``lang``, ``fired``, ``variants``, ``extras`` and ``phases``.
"""

from __future__ import annotations

from typing import Any

from ..engine import State
from ..teaching import RulesFired, rules_fired
from .frames import batched
from .variants import form_problems

__all__ = ["TeacherExtras"]


class TeacherExtras:
    """Methods of ``Table`` for the "rules fired" and "rule variants" panels."""

    def rules_fired(self) -> RulesFired:
        """Which rules the events so far (up to the cursor) have cited, with counts."""
        return rules_fired(self.game, self.timeline.past())

    @batched
    def show_fired(self) -> RulesFired:
        """Open the "rules fired" panel (counts also appear on the phase graph)."""
        self.extras.selected_index = 0
        self._refresh_extras()
        return self.rules_fired()

    @batched
    def set_options(self, **values: Any) -> State:
        """Restart this game (same seed and seats) with rule options changed.

        Unknown names or bad values raise ``SetupError`` naming the option;
        the game on the table stays as it was. Save files record the options.
        """
        options = {**self.session.options, **values}
        self.game.resolve_options(options)  # check first: a bad value changes nothing
        self.session.reset(self.session.seed, options)
        self.variants.show(self.game, self.session.options, self.lang)
        self.why.value = ""
        if self.controls.autoplay:
            self.session.run_bots()
        self.refresh()
        return self.state

    @batched
    def apply_variants(self, values: dict[str, Any]) -> bool:
        """What the variants form's apply button does: restart with ``values``, or
        explain each bad value next to its field (the game stays as it was)."""
        fields, whole = form_problems(self.game, {**self.session.options, **values}, self.lang)
        if fields or whole:
            with self.variants.hold_sync():
                self.variants.errors, self.variants.form_error = fields, whole
            return False
        self.set_options(**values)
        return True

    def _refresh_extras(self) -> None:
        """Rules fired (and the phase graph's counts) only while that panel is open: it reads the whole past."""
        if self.extras.selected_index == 0:
            fired = self.rules_fired()
            self.fired.show(fired, self.lang)
            self.phases.heat = {k: v for k, v in fired.phase_heat().items() if v}
        elif self.phases.heat:
            self.phases.heat = {}
