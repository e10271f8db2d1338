"""Accessible names and a text outline for any scene (docs/scene.md, issue 27).

A screen reader cannot read an SVG of boxes: every item a player can choose
needs a name ("Kobold 43, blue, cost 4, pay 2 blue gems, gain 6 power points"),
and the board as a whole needs a text alternative. Both are made here, from
the scene alone, so no game writes them by hand: a shape that stands for an
action is named by its own label and title and by the texts drawn inside it,
in reading order. A scene item may set ``aria`` itself where that says more.
"""

from __future__ import annotations

import math
from collections.abc import Callable

__all__ = ["name_items", "outline", "accessible_name"]

#: shapes that hold texts: their words make one entry (a card, a chip, a row label)
SHAPES = ("rect", "circle")


def _box(item: dict) -> tuple[float, float, float, float] | None:
    try:
        if item["type"] == "rect":
            return item["x"], item["y"], item["x"] + item["w"], item["y"] + item["h"]
        if item["type"] == "circle":
            r = item["r"]
            return item["x"] - r, item["y"] - r, item["x"] + r, item["y"] + r
    except (KeyError, TypeError):
        return None
    return None


def _flat(items: list[dict], out: list[dict] | None = None) -> list[dict]:
    """Every item, groups' items after their group, in drawing order (one list: a scene is walked several times)."""
    out = [] if out is None else out
    for item in items:
        out.append(item)
        if item.get("type") == "group":
            _flat(item.get("items", []), out)
    return out


def _text_point(item: dict) -> tuple[float, float]:
    """A point inside a text's glyphs (its anchor is the baseline's start, middle or end)."""
    size = float(item.get("size", 12))
    return float(item["x"]), float(item["y"]) - size / 3


def _claims(shape: dict) -> bool:
    """Does this shape own the texts inside it? Cards, chips, buttons, labelled or named shapes do; frames do not."""
    if "rk-panel" in str(item_class := shape.get("class", "")):
        return False
    return bool(shape.get("action") or shape.get("label") or shape.get("id") or "rk-card" in item_class)


#: side of the grid cells that index the claiming shapes (scene units): a text is tested
#: only against the shapes over its cell, not against every shape of the board
CELL = 64.0
#: a shape over more cells than this is tested for every text instead (a frame around the board)
MAX_CELLS = 256


def _owners(items: list[dict], flat: list[dict] | None = None) -> dict[int, dict]:
    """id(text item) -> the smallest claiming shape whose box holds it (the first such when areas tie).

    Boards hold hundreds of shapes and texts, and every page of a shared table
    names its scene after each decision (issue 26), so the shapes are indexed
    by grid cell, each cell's list ordered by area: a text takes the first
    shape of its cell's list that holds it.
    """
    flat = _flat(items) if flat is None else flat
    shapes = []
    for shape in flat:
        if shape.get("type") in SHAPES and _claims(shape) and (b := _box(shape)):
            shapes.append(((b[2] - b[0]) * (b[3] - b[1]), len(shapes), shape, b))
    shapes.sort(key=lambda e: (e[0], e[1]))  # so every cell's list below is in this order too
    cells: dict[tuple[int, int], list[tuple[float, int, dict, tuple]]] = {}
    wide: list[tuple[float, int, dict, tuple]] = []
    for entry in shapes:
        b = entry[3]
        try:
            x0, y0, x1, y1 = (
                math.floor(b[0] / CELL),
                math.floor(b[1] / CELL),
                math.floor(b[2] / CELL),
                math.floor(b[3] / CELL),
            )
        except (TypeError, ValueError, OverflowError):  # not a finite number: tested for every text
            wide.append(entry)
            continue
        if (x1 - x0 + 1) * (y1 - y0 + 1) > MAX_CELLS:
            wide.append(entry)
            continue
        for cx in range(x0, x1 + 1):
            for cy in range(y0, y1 + 1):
                cells.setdefault((cx, cy), []).append(entry)
    owner: dict[int, dict] = {}
    for item in flat:
        if item.get("type") != "text" or not str(item.get("text", "")).strip():
            continue
        x, y = _text_point(item)
        try:
            here = cells.get((math.floor(x / CELL), math.floor(y / CELL)), ())
        except (ValueError, OverflowError):
            here = ()
        best = None
        for candidates in (here, wide):
            for entry in candidates:
                b = entry[3]
                if b[0] <= x <= b[2] and b[1] <= y <= b[3]:
                    if best is None or entry[:2] < best[:2]:
                        best = entry
                    break  # the list is ordered by area: the first that holds it is its smallest
        if best is not None:
            owner[id(item)] = best[2]
    return owner


def _join(parts: list[str]) -> str:
    out: list[str] = []
    for part in parts:
        part = " ".join(str(part).split())
        if part and part not in out:
            out.append(part)
    return ", ".join(out)


def accessible_name(shape: dict, texts: list[dict]) -> str:
    """A shape's name: its ``aria`` if set, else its label, title and the texts it holds, in reading order.

    Parameters
    ----------
    shape : dict
        A rect or circle item.
    texts : list of dict
        The text items inside it.

    Returns
    -------
    str
        The name, its parts joined by commas, each part once.

    Examples
    --------
    >>> accessible_name({"type": "rect", "label": "Kobold", "title": "cost 4"},
    ...                 [{"text": "gain 6", "x": 0, "y": 30}, {"text": "blue", "x": 0, "y": 10}])
    'Kobold, blue, gain 6, cost 4'
    """
    if shape.get("aria"):
        return str(shape["aria"])
    inner = sorted(texts, key=lambda t: (round(_text_point(t)[1]), _text_point(t)[0]))
    return _join([shape.get("label", ""), *(t["text"] for t in inner), shape.get("title", "")])


def name_items(scene: dict, phrase: Callable[[str], str] | None = None) -> dict:
    """``scene`` with an ``aria`` name on every item that stands for an action (and every claiming shape).

    The scene is changed in place and returned. Texts a named shape holds
    are marked ``"aria_hidden": True``: the outline reads them as part of it.
    ``phrase(label)`` says an action in words (``Game.phrase``): a piece whose
    only words are its action's code label ("bid 31") is named by it instead.

    Parameters
    ----------
    scene : dict
        A scene (docs/scene.md).
    phrase : callable, optional
        ``phrase(label) -> str``: an action in words.

    Returns
    -------
    dict
        ``scene`` itself, named.

    Examples
    --------
    >>> board = {"items": [{"type": "group", "items": [
    ...     {"type": "text", "x": 10, "y": 30, "text": "Supply", "bold": True},
    ...     {"type": "rect", "x": 0, "y": 40, "w": 60, "h": 30, "action": "take 3"},
    ...     {"type": "text", "x": 5, "y": 60, "text": "Gold 3"},
    ...     {"type": "rect", "x": 100, "y": 40, "w": 80, "h": 30, "action": "pass"}]}]}
    >>> items = name_items(board, phrase=lambda label: f"say {label}")["items"][0]["items"]
    >>> items[1]["aria"], items[2]["aria_hidden"], items[3]["aria"]
    ('Gold 3', True, 'say pass')
    """
    flat = _flat(scene.get("items", []))
    owner = _owners([], flat)
    held: dict[int, list[dict]] = {}
    for item in flat:
        if id(item) in owner:
            held.setdefault(id(owner[id(item)]), []).append(item)
    for item in flat:
        kind = item.get("type")
        if kind in SHAPES and (item.get("action") or id(item) in held or item.get("label")):
            name = accessible_name(item, held.get(id(item), []))
            if phrase is not None and item.get("action") and name in ("", item["action"]):
                name = phrase(item["action"])
            if name:
                item["aria"] = name
        elif kind == "text" and item.get("action") and not item.get("aria"):
            item["aria"] = _join([item.get("text", ""), item.get("title", "")])
            if phrase is not None and item["aria"] in ("", item["action"]):
                item["aria"] = phrase(item["action"])
        if id(item) in owner:
            item["aria_hidden"] = True
    return scene


def outline(scene: dict) -> list:
    """The board as a nested list for a screen reader: ``[text or [heading, [entries]]]``.

    Groups become sub-lists (headed by their label or their first bold text);
    a shape with a name is one entry; texts it holds are not repeated.
    Call after ``name_items``.

    Parameters
    ----------
    scene : dict
        A named scene.

    Returns
    -------
    list
        Entries (str) and ``[heading, [entries]]`` sub-lists.

    Examples
    --------
    >>> board = {"items": [{"type": "group", "items": [
    ...     {"type": "text", "x": 10, "y": 30, "text": "Supply", "bold": True},
    ...     {"type": "rect", "x": 0, "y": 40, "w": 60, "h": 30, "action": "take 3"},
    ...     {"type": "text", "x": 5, "y": 60, "text": "Gold 3"},
    ...     {"type": "rect", "x": 100, "y": 40, "w": 80, "h": 30, "action": "pass"}]}]}
    >>> outline(name_items(board, phrase=lambda label: f"say {label}"))
    [['Supply', ['Gold 3', 'say pass']]]
    """
    return _outline(scene.get("items", []))


def _outline(items: list[dict]) -> list:
    out: list = []
    for item in items:
        kind = item.get("type")
        if kind == "group":
            inner = _outline(item.get("items", []))
            head = item.get("label") or item.get("aria")
            if head:
                out.append([str(head), inner])
            elif len(inner) > 1 and _bold_first(item.get("items", [])):
                out.append([inner[0], inner[1:]])  # a panel: its title heads what is in it
            else:
                out.extend(inner)  # a card's group: the card is one entry
        elif kind in SHAPES and item.get("aria"):
            out.append(item["aria"])
        elif kind == "text" and not item.get("aria_hidden") and str(item.get("text", "")).strip():
            out.append(item.get("aria") or " ".join(str(item["text"]).split()))
    return _merge_lines(out)


def _bold_first(items: list[dict]) -> bool:
    """Does the group start (in reading order) with a bold text, its title?"""
    for item in items:
        if item.get("type") == "text" and not item.get("aria_hidden") and str(item.get("text", "")).strip():
            return bool(item.get("bold"))
        if item.get("type") == "group" or (item.get("type") in SHAPES and item.get("aria")):
            return False
    return False


def _merge_lines(entries: list) -> list:
    """Identical neighbouring entries once (a name drawn in two lines is still listed as written)."""
    out: list = []
    for entry in entries:
        if not out or entry != out[-1]:
            out.append(entry)
    return out
