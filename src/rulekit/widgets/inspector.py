"""The state inspector: a collapsible tree of a view, last step's changes lit.

``diff_paths`` compares two JSON-ready views and returns the paths of the
leaves that changed (``"data/players/0/gems"``); the ES module opens the
branches that hold a change and highlights the leaves.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import traitlets as t

from .base import RulekitWidget, esm

__all__ = ["Inspector", "diff_paths"]


def diff_paths(old: Any, new: Any, path: str = "") -> list[str]:
    """Paths (``/``-joined keys and indices) where ``new`` differs from ``old``."""
    if old == new:  # a fast C comparison skips unchanged branches
        return []
    if isinstance(old, dict) and isinstance(new, dict):
        out: list[str] = []
        for key in new:
            sub = f"{path}/{key}" if path else str(key)
            out.extend(diff_paths(old[key], new[key], sub) if key in old else [sub])
        return out
    if isinstance(old, list) and isinstance(new, list) and len(old) == len(new):
        out = []
        for i, (a, b) in enumerate(zip(old, new, strict=True)):
            out.extend(diff_paths(a, b, f"{path}/{i}" if path else str(i)))
        return out
    return [] if old == new else [path]


class Inspector(RulekitWidget):
    """A collapsible tree of ``tree`` (a dict); ``changed`` paths are highlighted."""

    _esm = esm("inspector.js")
    #: the tree as JSON text: one string is cheaper to send than a deep structure
    tree_json = t.Unicode("{}").tag(sync=True)
    changed = t.List().tag(sync=True)
    title = t.Unicode("").tag(sync=True)
    #: the seat selector: ``[[value, label]]`` (-1 = everything) and the chosen value
    views = t.List().tag(sync=True)
    view = t.Int(-1).tag(sync=True)
    view_label = t.Unicode("").tag(sync=True)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._tree: dict = {}
        self._handlers: list[Callable[[int | None], None]] = []
        self.add_class("rk-inspector")

    def show(self, view: dict, before: dict | None = None) -> None:
        """Show ``view``; with ``before`` the differences are highlighted."""
        with self.hold_sync():
            self._tree = view
            self.tree_json = json.dumps(view, ensure_ascii=False, separators=(",", ":"))
            self.changed = diff_paths(before, view) if before is not None else []

    def on_view(self, handler: Callable[[int | None], None]) -> None:
        self._handlers.append(handler)

    def pick_view(self, seat: int | None) -> None:
        """Choose whose view to show (as the selector in the browser does)."""
        for handler in self._handlers:
            handler(seat)

    def _on_view(self, content: dict) -> None:
        seat = int(content.get("seat", -1))
        self.pick_view(None if seat < 0 else seat)

    @property
    def tree(self) -> dict:
        """The tree shown (the view dict)."""
        return self._tree

    def _repr_summary(self) -> str:
        return f"{len(self.tree)} keys, {len(self.changed)} changed"
