"""The legal actions as buttons, grouped by kind, plus greyed ones to ask "why not?".

Buttons are drawn by a small ES module (one comm message per update instead
of one widget per button), so stepping stays fast even with many actions.
"""

from __future__ import annotations

from collections.abc import Callable

import traitlets as t

from .base import RulekitWidget, esm

__all__ = ["ActionBar"]


class ActionBar(RulekitWidget):
    """Buttons for actions; ``groups`` is ``[{"kind", "name", "actions": [{"label", "text", "legal"}]}]``.

    Legal actions are grouped by kind (the label's first word) under the
    game's group name; the greyed ones (choices of the last earlier decision
    that are gone now, to ask "why not?") form one last group of their own.
    """

    _esm = esm("actions.js")
    groups = t.List().tag(sync=True)
    empty_text = t.Unicode("").tag(sync=True)
    illegal_title = t.Unicode("").tag(sync=True)
    try_placeholder = t.Unicode("").tag(sync=True)
    try_label = t.Unicode("").tag(sync=True)
    #: shared with the Board of the same table: hovering a button lights what it touches
    link = t.Unicode("").tag(sync=True)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._handlers: list[Callable[[str], None]] = []
        self.add_class("rk-actions")

    def set_actions(
        self,
        legal: list[tuple[str, str]],
        illegal: list[tuple[str, str]] = (),
        names: dict[str, str] | None = None,
        earlier: str = "",
    ) -> None:
        """Show ``(label, text)`` pairs: legal ones as buttons (grouped, ``names``
        gives each kind's heading), illegal ones greyed under ``earlier``."""
        names = names or {}
        groups: dict[str, list[dict]] = {}
        for label, text in legal:
            groups.setdefault(label.split()[0], []).append({"label": label, "text": text, "legal": True})
        out = [{"kind": kind, "name": names.get(kind, ""), "actions": acts} for kind, acts in groups.items()]
        if illegal:
            acts = [{"label": label, "text": text, "legal": False} for label, text in illegal]
            out.append({"kind": "earlier", "name": earlier, "actions": acts})
        self.groups = out

    def labels(self, legal: bool | None = None) -> list[str]:
        """The labels shown (only legal or only greyed ones if asked)."""
        return [a["label"] for g in self.groups for a in g["actions"] if legal is None or a["legal"] == legal]

    def on_click(self, handler: Callable[[str], None]) -> None:
        self._handlers.append(handler)

    def click(self, label: str) -> None:
        """Press the button of ``label`` (greyed buttons ask "why not?")."""
        for handler in self._handlers:
            handler(label)

    def _on_act(self, content: dict) -> None:
        self.click(str(content.get("label", "")))

    def _on_try(self, content: dict) -> None:
        """A typed action from the "why not?" box: tried like a click."""
        self.click(str(content.get("label", "")).strip())

    def _repr_summary(self) -> str:
        return f"{len(self.labels(True))} legal, {len(self.labels(False))} greyed"
