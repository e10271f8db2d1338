"""Shared builders for board scenes (docs/scene.md): cards, rows, tracks, tokens, panels, seat colours.

A scene is plain data; these helpers return plain dicts, so a game's
``scene.py`` says *what* is on the table and the kit decides how it looks.
Every board is laid out on one grid: ``WIDTH`` units wide, drawn at least
``BOARD_PX`` pixels wide at a 1024 px page, with fonts chosen so that no text
is drawn under ``MIN_PX`` pixels there. Words come from ``texts/scene.toml``
files (English and German), never from Python dicts.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from .plurals import fill
from .rules import read_toml
from .state import State

__all__ = [
    "BOARD_PX",
    "MIN_PX",
    "WIDTH",
    "SMALL",
    "BODY",
    "HEAD",
    "Acts",
    "Face",
    "Words",
    "words",
    "seat_colour",
    "seat_colour_name",
    "turn_order",
    "ink",
    "contrast",
    "luminance",
    "wrap",
    "fits",
    "text",
    "box",
    "button",
    "token",
    "chip",
    "card",
    "card_row",
    "track",
    "panel",
    "heading",
    "group",
    "walk",
    "scene",
]

#: the narrowest board a 1024 px page gives the board widget (docs/scene.md)
BOARD_PX = 640
#: no text may be drawn smaller than this many pixels at BOARD_PX
MIN_PX = 12
#: every scene is this many units wide: 1.5 units per pixel at BOARD_PX
WIDTH = 960
SMALL = MIN_PX * WIDTH // BOARD_PX  # 18 units = 12 px at 640 px
BODY = SMALL + 2
HEAD = SMALL + 6
#: average glyph width as a share of the font size (system-ui, mixed case, a little slack)
GLYPH = 0.56
#: bold glyphs are wider (DejaVu Sans Bold, the widest common system-ui, averages 0.56-0.67 em)
BOLD = 1.2

#: seat colours: the Okabe-Ito palette, told apart with the common colour-vision deficiencies
PALETTE = ("#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00")
PALETTE_KEYS = ("blue", "orange", "green", "pink", "sky", "vermillion")


class Words:
    """The words of one ``texts/scene.toml``: ``words("hand", "de") -> "Hand"``.

    A key missing in one language is an error at load time, so no scene can
    show English inside a German board.
    """

    def __init__(self, table: dict[str, dict[str, str]], where: str):
        for key, row in table.items():
            if not isinstance(row, dict) or not row.get("en") or not row.get("de"):
                raise ValueError(f"{where}: word {key!r} needs both 'en' and 'de'")
        self.table = table

    def __call__(self, key: str, lang: str = "en", **args: object) -> str:
        row = self.table[key]
        out = row["de"] if lang == "de" else row["en"]
        return fill(out, lang, **args) if args else out

    def __contains__(self, key: str) -> bool:
        return key in self.table


@functools.cache
def words(package: str = "rulekit.engine", name: str = "texts/scene.toml") -> Words:
    """The scene words of ``package``, over the engine's own (seat colours and common board words)."""
    own = Words(read_toml(package, name), f"{package}/{name}")
    return own if package == "rulekit.engine" else Words({**words().table, **own.table}, package)


def seat_colour(seat: int) -> str:
    """The CSS colour of ``seat`` (the same in every game)."""
    return PALETTE[seat % len(PALETTE)]


def seat_colour_name(seat: int, lang: str = "en") -> str:
    """The colour of ``seat`` as a word ("blue" / "blau"): colours are named, not only shown."""
    return words()(PALETTE_KEYS[seat % len(PALETTE)], lang)


def _rgb(css: str | None) -> tuple[int, int, int] | None:
    """(r, g, b) of a #rgb / #rrggbb colour; None for anything else (a name, "none")."""
    if css and len(css) == 4 and css.startswith("#"):
        css = "#" + "".join(c * 2 for c in css[1:])  # "#444" -> "#444444"
    if not css or not css.startswith("#") or len(css) != 7:
        return None
    return (int(css[1:3], 16), int(css[3:5], 16), int(css[5:7], 16))


def luminance(css: str) -> float:
    """WCAG 2.1 relative luminance of a #rrggbb colour (0 black .. 1 white)."""
    rgb = _rgb(css) or (0, 0, 0)
    lin = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in (v / 255 for v in rgb)]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def contrast(a: str, b: str) -> float:
    """WCAG contrast ratio of two colours (1 .. 21; text needs 4.5, issue 27).

    >>> round(contrast("#000000", "#ffffff"), 1)
    21.0
    """
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


@functools.lru_cache(maxsize=1024)
def ink(fill: str | None) -> str:
    """Black or white text, whichever has the higher WCAG contrast on ``fill`` (a #rrggbb colour)."""
    if _rgb(fill) is None:
        return "#000"
    return "#000" if contrast("#000000", fill) >= contrast("#ffffff", fill) else "#fff"


def fits(width: float, size: float) -> int:
    """How many characters of font ``size`` fit in ``width`` units."""
    return max(1, int(width / (size * GLYPH)))


def wrap(words_: str, chars: int, max_lines: int = 0) -> list[str]:
    """Break ``words_`` into lines of at most ``chars`` characters (see ``_wrap``; cached: scenes repeat texts)."""
    return list(_wrap(words_, chars, max_lines))


@functools.lru_cache(maxsize=8192)
def _wrap(words_: str, chars: int, max_lines: int = 0) -> tuple[str, ...]:
    """Break ``words_`` into lines of at most ``chars`` characters, only between words.

    A word longer than a line gets a line of its own (never cut). Only when
    more than ``max_lines`` lines (0: no limit) are needed does the last line
    end with an ellipsis, after a whole word.

    Examples
    --------
    >>> wrap("Take one of your fire creatures back", 16)
    ['Take one of your', 'fire creatures', 'back']
    >>> wrap("Smaragd-Goldschmiede", 12)
    ['Smaragd-', 'Goldschmiede']
    """
    lines: list[str] = []
    parts = []
    for word in words_.split():  # a word too long for a line may break after its hyphens ("Smaragd-|Goldschmiede")
        parts += word.replace("-", "-\0").split("\0") if len(word) > chars and "-" in word[:-1] else [word]
    for word in parts:
        if lines and lines[-1].endswith("-") and len(lines[-1]) + len(word) <= chars:
            lines[-1] += word
            continue
        if lines and len(lines[-1]) + 1 + len(word) <= chars:
            lines[-1] += " " + word
        else:
            lines.append(word)
    if max_lines and len(lines) > max_lines:
        lines = lines[:max_lines]
        lines[-1] += " …"
    return tuple(lines)


def _clean(item: dict) -> dict:
    """``item`` without its empty fields (None or ""), so the JSON stays small."""
    return {k: v for k, v in item.items() if v is not None and v != ""}


def text(x: float, y: float, s: object, size: float = BODY, **extra: object) -> dict:
    """A text item (``anchor``, ``bold``, ``fill``, ``id``, ``title`` may be given)."""
    item = {"type": "text", "x": x, "y": y, "text": str(s), "size": size}
    for k, v in extra.items():
        if v is not None and v != "":
            item[k] = v
    return item


def box(x: float, y: float, w: float, h: float, fill: str = "#fff", stroke: str = "#888", **extra: object) -> dict:
    """A rectangle without a label (a panel's frame, an empty slot)."""
    return _clean({"type": "rect", "x": x, "y": y, "w": w, "h": h, "rx": 6, "fill": fill, "stroke": stroke, **extra})


def button(x: float, y: float, w: float, label: str, action: str | None, size: float = BODY, **extra) -> dict:
    """A labelled rectangle that stands for ``action`` (None: drawn but inert)."""
    h = size * 1.8
    return _clean({"type": "rect", "x": x, "y": y, "w": w, "h": h, "rx": 6, "label": label, "size": size,
                   "fill": "#e8eef7", "stroke": "#557", "action": action, **extra})  # fmt: skip


def token(x: float, y: float, r: float, label: object, fill: str, size: float = SMALL, **extra: object) -> list[dict]:
    """A round piece with its number, and its name (``name=``) written under it when given."""
    name = extra.pop("name", None)
    out = [_clean({"type": "circle", "x": x, "y": y, "r": r, "label": str(label), "size": size, "fill": fill,
                   "stroke": "#333", **extra})]  # fmt: skip
    if name:
        out.append(text(x, y + r + size, name, size, anchor="middle"))
    return out


def chip(x: float, y: float, w: float, h: float, label: str, fill: str, size: float = SMALL, **extra) -> list[dict]:
    """A filled box with its label in black or white, whichever reads on ``fill``."""
    rect = _clean({"type": "rect", "x": x, "y": y, "w": w, "h": h, "rx": 4, "fill": fill, "stroke": "#333", **extra})
    return [rect, text(x + w / 2, y + h / 2 + size * 0.35, label, size, anchor="middle", fill=ink(fill))]


@dataclass
class Face:
    """What a card shows on its face: name, facts (cost, points, colour word) and effect text.

    A card another seat may not see is not a face: scenes show such cards as
    a count ("Hand: 4 hidden cards").
    """

    name: str
    facts: list[str] = field(default_factory=list)
    effect: str = ""
    fill: str = "#f3f3f3"
    action: str | None = None
    id: str | None = None
    title: str | None = None
    selected: bool = False
    seat: int | None = None
    touches: list[str] | None = None
    max_lines: int = 10  # only a longer effect ends with "…"

    def lines(self, w: float, size: float) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
        """Name, facts and effect lines for a card ``w`` units wide."""
        chars = fits(w - size, size)
        name = _wrap(self.name, fits(w - size, size * BOLD))
        facts = _wrap(" · ".join(f for f in self.facts if f), chars)
        effect = _wrap(self.effect, chars, self.max_lines) if self.effect else ()
        return name, facts, effect

    def spoken(self) -> str:
        """The card in one sentence for a screen reader: "name, fact, fact: effect" (issue 27)."""
        facts = ", ".join(f for f in self.facts if f)
        said = f"{self.name}, {facts}" if facts else self.name
        return f"{said}: {self.effect}" if self.effect else said

    def height(self, w: float, size: float) -> float:
        name, facts, effect = self.lines(w, size)
        return size * (1.25 * (len(name) + len(facts) + len(effect)) + 0.9 + (0.3 if effect else 0))


def card(face: Face, x: float, y: float, w: float, h: float | None = None, size: float = SMALL) -> dict:
    """A card as a group: a coloured band with its name, a facts line, then its effect in lines."""
    name, facts, effect = face.lines(w, size)
    h = h or face.height(w, size)
    band = size * (1.25 * len(name) + 0.6)
    pad, lh = size / 2, size * 1.25
    fill = face.fill
    items = [
        _clean(
            {
                "type": "rect",
                "x": x,
                "y": y,
                "w": w,
                "h": h,
                "rx": 6,
                "fill": "#fff",
                "stroke": "#444",
                "action": face.action,
                "id": face.id,
                "title": face.title,
                "touches": face.touches,
                "class": "rk-card" + (" rk-selected" if face.selected else ""),
                "aria": face.spoken(),
            }
        ),  # fmt: skip
        {"type": "rect", "x": x + 2, "y": y + 2, "w": w - 4, "h": band, "rx": 5, "fill": fill},
    ]
    ty = y + size * 1.05 + 2
    for line in name:
        items.append(text(x + pad, ty, line, size, bold=True, fill=ink(fill)))
        ty += lh
    ty += size * 0.3
    for line in facts:
        items.append(text(x + pad, ty, line, size, fill="#333"))
        ty += lh
    ty += size * 0.3
    for line in effect:
        items.append(text(x + pad, ty, line, size))
        ty += lh
    return _clean({"type": "group", "items": items, "seat": face.seat, "id": f"{face.id}-face" if face.id else None})


def card_row(
    faces: Iterable[Face], x: float, y: float, w: float, card_w: float, size: float = SMALL, gap: float = 8
) -> tuple[list[dict], float]:
    """Cards left to right, wrapping into more rows; each row as tall as its tallest card.

    Returns the items and the y below the last row.
    """
    faces = list(faces)
    per_row = max(1, int((w + gap) // (card_w + gap)))
    out: list[dict] = []
    for start in range(0, len(faces), per_row):
        row = faces[start : start + per_row]
        h = max(f.height(card_w, size) for f in row)
        for k, face in enumerate(row):
            out.append(card(face, x + k * (card_w + gap), y, card_w, h, size))
        y += h + gap
    return out, y


def track(
    x: float,
    y: float,
    labels: list[str],
    cell: float,
    *,
    lit: Iterable[int] = (),
    fill: str = "#7e57c2",
    actions: dict[int, str] | None = None,
    id_prefix: str = "track",
    size: float = SMALL,
    h: float | None = None,
) -> list[dict]:
    """Cells in a row with their labels; ``lit`` cells are filled, ``actions`` maps a cell to its action."""
    lit, actions = set(lit), actions or {}
    out = []
    for i, label in enumerate(labels):
        on = i in lit
        out.append(_clean({"type": "rect", "x": x + i * cell, "y": y, "w": cell - 3, "h": h or cell - 3, "rx": 3,
                           "fill": fill if on else "#fff", "stroke": "#777", "label": label, "size": size,
                           "id": f"{id_prefix}-{i}", "action": actions.get(i)}))  # fmt: skip
        if on and label:
            out[-1]["class"] = "rk-lit"
    return out


def panel(
    x: float, y: float, w: float, h: float, title: str, seat: int | None, to_move: bool, size: float = BODY
) -> list[dict]:
    """A seat's frame: a box in the seat's colour and its title (bold, with the colour named)."""
    colour = seat_colour(seat) if seat is not None else "#888"
    return [
        box(x, y, w, h, fill="#fffbe6" if to_move else "#fafafa", stroke=colour, **{"class": "rk-panel"}),
        {"type": "rect", "x": x, "y": y, "w": 10, "h": h, "rx": 4, "fill": colour},
        text(x + 18, y + size * 1.2, title, size, bold=True, id=f"panel-title-{seat}"),
    ]


def turn_order(order: Iterable[int], y: float, lang: str = "en") -> tuple[dict, float]:
    """The order of play in words above the player panels ("Turn order: P2 → P3 → P1").

    Panels stay in seat order (P1..Pn), so a student finds their seat in one
    place all game; the order of play, which moves with the start player,
    is said here instead of by shuffling the panels (#22). Returns the line
    and the y below it.
    """
    names = " → ".join(words()("player", lang, n=i + 1) for i in order)
    return text(10, y + 24, words()("turn_order_line", lang, order=names), bold=True, id="turn-order"), y + 34


def heading(title: str, *lines: str) -> tuple[list[dict], float]:
    """The board's title (bold) and lines under it (the phase, a status), wrapped; returns them and the last y."""
    out, y = [text(10, 30, title, HEAD, bold=True, id="title")], 30
    for k, line in enumerate(lines):
        for part in wrap(line, fits(WIDTH - 20, BODY)):
            y += 28
            out.append(text(10, y, part, BODY, id="phase" if k == 0 else f"status-{k}"))
    return out, y


def group(items: list[dict], seat: int | None = None, **extra: object) -> dict:
    """A group of items; ``seat`` marks every item in it as that seat's (docs/scene.md)."""
    return _clean({"type": "group", "items": items, "seat": seat, **extra})


def walk(items: list[dict], seat: int | None = None) -> Iterator[tuple[dict, int | None]]:
    """Every item with the seat it belongs to (inherited from its groups), in drawing order."""
    for item in items:
        own = item.get("seat", seat)
        yield item, own
        if item.get("type") == "group":
            yield from walk(item.get("items", []), own)


def _tidy(value: Any) -> Any:
    """``value`` with every float rounded to 0.1 (layout sums leave noise such as 224.10000000000002,
    which only makes the JSON sent to every device in a room larger)."""
    if type(value) is float:
        return round(value, 1)
    if type(value) is dict:
        return {k: _tidy(v) for k, v in value.items()}
    if type(value) is list or type(value) is tuple:
        return [_tidy(v) for v in value]
    return value


def scene(items: list[dict], height: float) -> dict:
    """The scene dict: ``WIDTH`` wide, ``height`` tall, drawn at the full width of its box (``fit``).

    >>> scene([text(0.1 + 0.2, 10, "hi")], 40.0)["items"][0]["x"]
    0.3
    """
    return {"width": WIDTH, "height": round(height), "fit": "width", "items": _tidy(items)}


class Acts:
    """Which actions the board may offer: only the seat to move's, and only to that seat (or the teacher).

    ``acts("summon 3", owner=1)`` returns the label when it is legal now, the
    viewer may act, and the item belongs to the seat to move (``owner=None``:
    a shared board item); otherwise None, so the item is drawn inert.
    """

    def __init__(self, state: State, seat: int | None):
        self.mover = state.to_move
        self.on = self.mover is not None and seat in (None, self.mover)
        self.legal = [str(a) for a in state.legal_actions()] if self.on else []
        self._set = set(self.legal)

    def __call__(self, *labels: str, owner: int | None = None) -> str | None:
        if not self.on or (owner is not None and owner != self.mover):
            return None
        return next((lab for lab in labels if lab in self._set), None)

    def on_item(self, key: object, verbs: Iterable[str], owner: int | None = None) -> tuple[str | None, list[str]]:
        """The action of an item (the first legal ``"<verb> <key>"``) and the other legal ones it touches."""
        if not self.on or (owner is not None and owner != self.mover):
            return None, []
        found = [f"{v} {key}" for v in verbs if f"{v} {key}" in self._set]
        return (found[0] if found else None), found[1:]

    def starting(self, prefix: str, owner: int | None = None) -> list[str]:
        """Legal labels that start with ``prefix`` (e.g. every "bid " choice)."""
        if not self.on or (owner is not None and owner != self.mover):
            return []
        return [lab for lab in self.legal if lab.startswith(prefix)]
