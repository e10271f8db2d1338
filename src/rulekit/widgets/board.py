"""The one generic board: draws any game's scene (docs/scene.md) as SVG.

Games describe their board as data (``game.scene(state, seat, lang)``);
this widget draws it and reports clicks. Items are interactive only while
``active`` (the table waits for the human seat it is driving): then items
whose ``action`` is legal are clickable and the others greyed and inert, so
another seat's pieces are never clickable. Hovering an action button of the
same table (same ``link``) lights the items whose ``action`` is that label or
whose ``touches`` names it. The widget knows no game.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator

import traitlets as t

from ..engine import State
from ..engine.scene_names import name_items, outline
from .base import RulekitWidget, esm
from .i18n import t as text
from .lifeline import words as lifeline_words
from .panels import describe

__all__ = ["Board", "scene_items", "scene_problems", "board_words"]

ClickHandler = Callable[[str, bool], None]


def scene_items(items: list[dict]) -> Iterator[dict]:
    """Every item of a scene, groups flattened, in drawing order."""
    for item in items:
        yield item
        if item.get("type") == "group":
            yield from scene_items(item.get("items", []))


#: required fields of each item type (docs/scene.md)
FIELDS = {
    "rect": ("x", "y", "w", "h"),
    "circle": ("x", "y", "r"),
    "text": ("x", "y", "text"),
    "line": ("x1", "y1", "x2", "y2"),
    "group": ("items",),
}


def scene_problems(scene: dict) -> list[str]:
    """What is wrong with a scene (empty when the board can draw it)."""
    problems = [
        f"scene needs a positive {k}"
        for k in ("width", "height")
        if not isinstance(scene.get(k), int | float) or scene.get(k) <= 0
    ]
    if not isinstance(scene.get("items"), list):
        return [*problems, "scene needs a list of items"]
    for n, item in enumerate(scene_items(scene["items"])):
        kind = item.get("type") if isinstance(item, dict) else None
        if kind not in FIELDS:
            problems.append(f"item {n}: unknown type {kind!r} (known: {', '.join(FIELDS)})")
            continue
        missing = [f for f in FIELDS[kind] if f not in item]
        if missing:
            problems.append(f"item {n} ({kind}): missing {', '.join(missing)}")
        if "action" in item and not isinstance(item["action"], str):
            problems.append(f"item {n} ({kind}): action must be an action label string")
        touches = item.get("touches", [])
        if not isinstance(touches, list) or not all(isinstance(x, str) for x in touches):
            problems.append(f"item {n} ({kind}): touches must be a list of action label strings")
    return problems


#: keys of texts/a11y.toml the board's module shows (issue 27)
BOARD_WORDS = ("board_label", "board_list", "board_keys", "board_none")


def board_words(lang: str) -> dict[str, str]:
    """The board's own words in ``lang``: its name, the list toggle, the key help."""
    return {key: text(key, lang) for key in BOARD_WORDS}


class Board(RulekitWidget):
    """An SVG board that scales to its box.

    Parameters
    ----------
    scene : dict
        ``{"width", "height", "items"}`` as returned by ``Game.scene``.
    legal : list of str
        The labels of the legal actions; items with other actions are greyed.
    """

    _esm = esm("board.js")  # with static/lifeline.js in front (base.HELPERS)
    #: the scene as JSON text (one string is cheaper to send than a deep structure)
    scene_json = t.Unicode('{"width": 100, "height": 40, "items": []}').tag(sync=True)
    legal = t.List().tag(sync=True)
    #: True while a human seat decides: only then are (legal) items clickable
    active = t.Bool(True).tag(sync=True)
    #: shared with the ActionBar of the same table: hovering a button lights what it touches
    link = t.Unicode("").tag(sync=True)
    #: issue 27: the board as a nested list for screen readers (``scene_names.outline``), JSON text
    outline_json = t.Unicode("[]").tag(sync=True)
    #: issue 27: the words the board says besides the scene ("board", "the board as a list", key help)
    a11y_words = t.Dict().tag(sync=True)
    #: issue 27: what the polite live region says now (turn, phase, last event, a refusal)
    announce = t.Unicode("").tag(sync=True)
    #: issue 24 item 8: the table's trail (``lifeline.trail``), kept by the browser to outlive a dead kernel
    trail = t.Dict().tag(sync=True)
    #: issue 24 item 8: the dead-kernel notice's words in every language (``lifeline.words``)
    lifeline_words = t.Dict().tag(sync=True)

    def __init__(self, scene: dict | None = None, legal: list[str] | None = None, **kwargs):
        kwargs.setdefault("a11y_words", board_words("en"))
        kwargs.setdefault("lifeline_words", lifeline_words())
        super().__init__(legal=list(legal or []), **kwargs)
        self.scene = scene or {"width": 100, "height": 40, "items": []}
        self._handlers: list[ClickHandler] = []
        self._restorers: list[Callable[[object], None]] = []
        self.add_class("rk-board")

    @property
    def scene(self) -> dict:
        """The scene drawn now."""
        return self._scene

    @scene.setter
    def scene(self, scene: dict) -> None:
        self._scene = scene
        self.scene_json = json.dumps(scene, ensure_ascii=False, separators=(",", ":"))

    def show(self, state: State, seat: int | None = None, lang: str = "en", active: bool = True) -> None:
        """Draw ``state`` as ``seat`` sees it (None: everything); ``active``: a human may click."""
        game = state.game
        scene = name_items(game.scene(state, seat, lang), lambda a: describe(game, a, lang))  # issue 27: names
        with self.hold_sync():
            self.scene = scene
            self.outline_json = json.dumps(outline(scene), ensure_ascii=False, separators=(",", ":"))
            self.a11y_words = board_words(lang)
            self.legal = [str(a) for a in state.legal_actions()]
            self.active = bool(active)

    def on_click(self, handler: ClickHandler) -> None:
        """Call ``handler(label, enabled)`` when an item with an action is clicked."""
        self._handlers.append(handler)

    def actions(self, enabled: bool | None = None) -> list[str]:
        """Action labels on the board (only clickable or only inert ones if asked)."""
        legal = set(self.legal) if self.active else set()
        found = [i["action"] for i in scene_items(self.scene.get("items", [])) if i.get("action")]
        return [a for a in found if enabled is None or (a in legal) == enabled]

    def touched(self, label: str) -> list[str]:
        """Ids (or actions) of the items lit while the button of ``label`` is hovered."""
        return [
            str(i.get("id", i.get("action")))
            for i in scene_items(self.scene.get("items", []))
            if i.get("action") == label or label in (i.get("touches") or [])
        ]

    def click(self, label: str) -> bool:
        """Click the item standing for ``label`` (as a test would); True if it was clickable.

        The browser sends clicks only for clickable items; from Python an inert
        one reaches the handlers with ``enabled=False`` (the table explains why not).
        """
        enabled = self.active and label in self.legal
        for handler in self._handlers:
            handler(label, enabled)
        return enabled

    def on_restore(self, handler: Callable[[object], None]) -> None:
        """Call ``handler(trail)`` when the browser hands back the trail of this table's dead kernel."""
        self._restorers.append(handler)

    def _on_restore(self, content: dict) -> None:
        for handler in self._restorers:
            handler(content.get("trail"))

    def _on_click(self, content: dict) -> None:
        self.click(str(content.get("label", "")))

    def _repr_summary(self) -> str:
        items = sum(1 for _ in scene_items(self.scene.get("items", [])))
        return f"{items} items, {len(self.legal)} legal"
