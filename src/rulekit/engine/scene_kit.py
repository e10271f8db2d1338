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

    Parameters
    ----------
    table : dict
        Key -> ``{"en": text, "de": text}`` (texts may hold placeholders and plural blocks).
    where : str
        The file, for the error message.

    Raises
    ------
    ValueError
        When a word lacks its English or German text.

    Examples
    --------
    >>> hand = Words({"hand": {"en": "{n, plural, one {# card} other {# cards}}",
    ...                        "de": "{n, plural, one {# Karte} other {# Karten}}"}}, "demo")
    >>> hand("hand", "de", n=3), "hand" in hand
    ('3 Karten', True)
    >>> Words({"hand": {"en": "Hand"}}, "demo/scene.toml")
    Traceback (most recent call last):
    ...
    ValueError: demo/scene.toml: word 'hand' needs both 'en' and 'de'
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
    """The scene words of ``package``, over the engine's own (seat colours and common board words).

    Parameters
    ----------
    package : str, optional
        The game package (default: the engine's words alone).
    name : str, optional
        The file inside the package.

    Returns
    -------
    Words
        The words, read once per package.

    Examples
    --------
    >>> words()("player", "de", n=2), "player" in words("rulekit.games.rune_stones")
    ('P2', True)
    """
    own = Words(read_toml(package, name), f"{package}/{name}")
    return own if package == "rulekit.engine" else Words({**words().table, **own.table}, package)


def seat_colour(seat: int) -> str:
    """The CSS colour of ``seat`` (the same in every game).

    Parameters
    ----------
    seat : int
        The seat.

    Returns
    -------
    str
        A ``#rrggbb`` colour of the Okabe-Ito palette.

    Examples
    --------
    >>> seat_colour(0), seat_colour(6) == seat_colour(0)
    ('#0072B2', True)
    """
    return PALETTE[seat % len(PALETTE)]


def seat_colour_name(seat: int, lang: str = "en") -> str:
    """The colour of ``seat`` as a word ("blue" / "blau"): colours are named, not only shown.

    Parameters
    ----------
    seat : int
        The seat.
    lang : str, optional
        ``"en"`` or ``"de"``.

    Returns
    -------
    str
        The colour's name.

    Examples
    --------
    >>> seat_colour_name(1), seat_colour_name(1, "de")
    ('orange', 'orange')
    """
    return words()(PALETTE_KEYS[seat % len(PALETTE)], lang)


def _rgb(css: str | None) -> tuple[int, int, int] | None:
    """(r, g, b) of a #rgb / #rrggbb colour; None for anything else (a name, "none")."""
    if css and len(css) == 4 and css.startswith("#"):
        css = "#" + "".join(c * 2 for c in css[1:])  # "#444" -> "#444444"
    if not css or not css.startswith("#") or len(css) != 7:
        return None
    return (int(css[1:3], 16), int(css[3:5], 16), int(css[5:7], 16))


def luminance(css: str) -> float:
    """WCAG 2.1 relative luminance of a #rrggbb colour (0 black .. 1 white).

    Parameters
    ----------
    css : str
        A ``#rgb`` or ``#rrggbb`` colour (anything else counts as black).

    Returns
    -------
    float
        The luminance.

    Examples
    --------
    >>> luminance("#ffffff"), luminance("#000"), round(luminance("#0072B2"), 3)
    (1.0, 0.0, 0.152)
    """
    rgb = _rgb(css) or (0, 0, 0)
    lin = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in (v / 255 for v in rgb)]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def contrast(a: str, b: str) -> float:
    """WCAG contrast ratio of two colours (1 .. 21; text needs 4.5, issue 27).

    Parameters
    ----------
    a, b : str
        Two ``#rrggbb`` colours, in either order.

    Returns
    -------
    float
        The ratio.

    Examples
    --------
    >>> round(contrast("#000000", "#ffffff"), 1)
    21.0
    """
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


@functools.lru_cache(maxsize=1024)
def ink(fill: str | None) -> str:
    """Black or white text, whichever has the higher WCAG contrast on ``fill`` (a #rrggbb colour).

    Parameters
    ----------
    fill : str or None
        The background colour (anything but ``#rgb``/``#rrggbb`` gives black text).

    Returns
    -------
    str
        ``"#000"`` or ``"#fff"``.

    Examples
    --------
    >>> ink("#0072B2"), ink("#E69F00"), ink("none")
    ('#fff', '#000', '#000')
    """
    if _rgb(fill) is None:
        return "#000"
    return "#000" if contrast("#000000", fill) >= contrast("#ffffff", fill) else "#fff"


def fits(width: float, size: float) -> int:
    """How many characters of font ``size`` fit in ``width`` units (at least one).

    Parameters
    ----------
    width : float
        The room, in scene units.
    size : float
        The font size, in scene units.

    Returns
    -------
    int
        The characters per line.

    Examples
    --------
    >>> fits(100, SMALL), fits(1, SMALL)
    (9, 1)
    """
    return max(1, int(width / (size * GLYPH)))


def wrap(words_: str, chars: int, max_lines: int = 0) -> list[str]:
    """Break ``words_`` into lines of at most ``chars`` characters (see ``_wrap``; cached: scenes repeat texts).

    Parameters
    ----------
    words_ : str
        The text.
    chars : int
        The longest line.
    max_lines : int, optional
        The most lines (0: no limit); a longer text ends with "…".

    Returns
    -------
    list of str
        The lines.

    Examples
    --------
    >>> wrap("Take one of your fire creatures back", 16, max_lines=2)
    ['Take one of your', 'fire creatures …']
    """
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
    """A text item (``anchor``, ``bold``, ``fill``, ``id``, ``title`` may be given).

    Parameters
    ----------
    x, y : float
        Where its baseline starts (or is centred, with ``anchor="middle"``).
    s : object
        What it says.
    size : float, optional
        The font size.
    **extra
        Further fields; empty ones are left out.

    Returns
    -------
    dict
        The item.

    Examples
    --------
    >>> text(10, 20, "Gold: 3", bold=True, fill=None)
    {'type': 'text', 'x': 10, 'y': 20, 'text': 'Gold: 3', 'size': 20, 'bold': True}
    """
    item = {"type": "text", "x": x, "y": y, "text": str(s), "size": size}
    for k, v in extra.items():
        if v is not None and v != "":
            item[k] = v
    return item


def box(x: float, y: float, w: float, h: float, fill: str = "#fff", stroke: str = "#888", **extra: object) -> dict:
    """A rectangle without a label (a panel's frame, an empty slot).

    Parameters
    ----------
    x, y : float
        The top left corner, in scene units.
    w, h : float
        Its size.
    fill, stroke : str, optional
        Its colours.
    **extra
        Further fields; empty ones are left out.

    Returns
    -------
    dict
        The item.

    Examples
    --------
    >>> box(0, 0, 10, 10, id="slot-1")
    {'type': 'rect', 'x': 0, 'y': 0, 'w': 10, 'h': 10, 'rx': 6, 'fill': '#fff', 'stroke': '#888', 'id': 'slot-1'}
    """
    return _clean({"type": "rect", "x": x, "y": y, "w": w, "h": h, "rx": 6, "fill": fill, "stroke": stroke, **extra})


def button(x: float, y: float, w: float, label: str, action: str | None, size: float = BODY, **extra) -> dict:
    """A labelled rectangle that stands for ``action`` (None: drawn but inert).

    Parameters
    ----------
    x, y : float
        The top left corner, in scene units.
    w : float
        Its width (the height follows the font size).
    label : str
        What it says.
    action : str or None
        The action label a click sends.
    size : float, optional
        The font size.
    **extra
        Further fields.

    Returns
    -------
    dict
        The item.

    Examples
    --------
    >>> button(0, 0, 80, "Pass", "pass")["action"], button(0, 0, 80, "Pass", None).get("action")
    ('pass', None)
    """
    h = size * 1.8
    return _clean({"type": "rect", "x": x, "y": y, "w": w, "h": h, "rx": 6, "label": label, "size": size,
                   "fill": "#e8eef7", "stroke": "#557", "action": action, **extra})  # fmt: skip


def token(x: float, y: float, r: float, label: object, fill: str, size: float = SMALL, **extra: object) -> list[dict]:
    """A round piece with its number, and its name (``name=``) written under it when given.

    Parameters
    ----------
    x, y : float
        Its centre.
    r : float
        Its radius.
    label : object
        What is written on it.
    fill : str
        Its colour.
    size : float, optional
        The font size.
    **extra
        Further fields; ``name`` is written under the piece.

    Returns
    -------
    list of dict
        The circle, and the name's text when given.

    Examples
    --------
    >>> [item["type"] for item in token(5, 5, 10, 3, seat_colour(0), name="P1")]
    ['circle', 'text']
    """
    name = extra.pop("name", None)
    out = [_clean({"type": "circle", "x": x, "y": y, "r": r, "label": str(label), "size": size, "fill": fill,
                   "stroke": "#333", **extra})]  # fmt: skip
    if name:
        out.append(text(x, y + r + size, name, size, anchor="middle"))
    return out


def chip(x: float, y: float, w: float, h: float, label: str, fill: str, size: float = SMALL, **extra) -> list[dict]:
    """A filled box with its label in black or white, whichever reads on ``fill``.

    Parameters
    ----------
    x, y : float
        The top left corner, in scene units.
    w, h : float
        Its size.
    label : str
        What it says.
    fill : str
        Its colour.
    size : float, optional
        The font size.
    **extra
        Further fields of the box.

    Returns
    -------
    list of dict
        The box and its label.

    Examples
    --------
    >>> frame, label = chip(0, 0, 40, 20, "3", "#0072B2")
    >>> frame["fill"], label["text"], label["fill"]
    ('#0072B2', '3', '#fff')
    """
    rect = _clean({"type": "rect", "x": x, "y": y, "w": w, "h": h, "rx": 4, "fill": fill, "stroke": "#333", **extra})
    return [rect, text(x + w / 2, y + h / 2 + size * 0.35, label, size, anchor="middle", fill=ink(fill))]


@dataclass
class Face:
    """What a card shows on its face: name, facts (cost, points, colour word) and effect text.

    A card another seat may not see is not a face: scenes show such cards as
    a count ("Hand: 4 hidden cards").

    Parameters
    ----------
    name : str
        The card's name.
    facts : list of str, optional
        Short facts (cost, points, colour word).
    effect : str, optional
        What the card does.
    fill : str, optional
        The colour of its name band.
    action : str, optional
        The action a click on it sends.
    id : str, optional
        The item id (browser tests find cards by it).
    title : str, optional
        The tooltip.
    selected : bool, optional
        Drawn as chosen.
    seat : int, optional
        The seat it belongs to.
    touches : list of str, optional
        Other legal actions that concern it.
    max_lines : int, optional
        The most lines of effect text before "…".

    Examples
    --------
    >>> Face("Gust", ["cost 2", "blue"], "Draw a card.").spoken()
    'Gust, cost 2, blue: Draw a card.'
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
        """Name, facts and effect lines for a card ``w`` units wide.

        Parameters
        ----------
        w : float
            The card's width.
        size : float
            The font size.

        Returns
        -------
        tuple of tuple of str
            The name's, the facts' and the effect's lines.

        Examples
        --------
        >>> Face("Gust", ["cost 2", "blue"], "Draw a card.").lines(200, SMALL)
        (('Gust',), ('cost 2 · blue',), ('Draw a card.',))
        """
        chars = fits(w - size, size)
        name = _wrap(self.name, fits(w - size, size * BOLD))
        facts = _wrap(" · ".join(f for f in self.facts if f), chars)
        effect = _wrap(self.effect, chars, self.max_lines) if self.effect else ()
        return name, facts, effect

    def spoken(self) -> str:
        """The card in one sentence for a screen reader: "name, fact, fact: effect" (issue 27).

        Returns
        -------
        str
            The sentence.

        Examples
        --------
        >>> Face("Gust", ["cost 2", ""]).spoken()
        'Gust, cost 2'
        """
        facts = ", ".join(f for f in self.facts if f)
        said = f"{self.name}, {facts}" if facts else self.name
        return f"{said}: {self.effect}" if self.effect else said

    def height(self, w: float, size: float) -> float:
        """How tall the card is when ``w`` units wide: its lines and padding.

        Parameters
        ----------
        w : float
            The card's width.
        size : float
            The font size.

        Returns
        -------
        float
            The height in scene units.

        Examples
        --------
        >>> face = Face("Gust", ["cost 2"], "Draw a card. Then draw another card.")
        >>> face.height(120, SMALL) > face.height(400, SMALL)
        True
        """
        name, facts, effect = self.lines(w, size)
        return size * (1.25 * (len(name) + len(facts) + len(effect)) + 0.9 + (0.3 if effect else 0))


def card(face: Face, x: float, y: float, w: float, h: float | None = None, size: float = SMALL) -> dict:
    """A card as a group: a coloured band with its name, a facts line, then its effect in lines.

    Parameters
    ----------
    face : Face
        What the card shows.
    x, y : float
        The top left corner, in scene units.
    w : float
        Its width.
    h : float, optional
        Its height (default: what its lines need).
    size : float, optional
        The font size.

    Returns
    -------
    dict
        A group item; its frame carries the action and the spoken name.

    Examples
    --------
    >>> drawn = card(Face("Gust", ["cost 2"], action="summon 3", id="card-3"), 0, 0, 200)
    >>> drawn["type"], drawn["id"], drawn["items"][0]["action"], drawn["items"][0]["aria"]
    ('group', 'card-3-face', 'summon 3', 'Gust, cost 2')
    """
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

    Parameters
    ----------
    faces : iterable of Face
        The cards.
    x, y : float
        The top left corner of the first row.
    w : float
        The room for a row.
    card_w : float
        Each card's width.
    size : float, optional
        The font size.
    gap : float, optional
        The space between cards and rows.

    Returns
    -------
    items : list of dict
        One group per card.
    y : float
        The y below the last row.

    Examples
    --------
    >>> items, below = card_row([Face("A"), Face("B"), Face("C")], 0, 0, 450, 200)
    >>> [item["items"][0]["x"] for item in items], below > 2 * Face("A").height(200, SMALL)
    ([0, 208, 0], True)
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
    """Cells in a row with their labels; ``lit`` cells are filled, ``actions`` maps a cell to its action.

    Parameters
    ----------
    x, y : float
        The top left corner.
    labels : list of str
        One label per cell.
    cell : float
        Each cell's width (and height, unless ``h`` is given).
    lit : iterable of int, optional
        The cells drawn filled.
    fill : str, optional
        The colour of a lit cell.
    actions : dict of int to str, optional
        Cell -> the action a click sends.
    id_prefix : str, optional
        Cells get the ids ``<id_prefix>-<i>``.
    size : float, optional
        The font size.
    h : float, optional
        The cells' height.

    Returns
    -------
    list of dict
        One rectangle per cell.

    Examples
    --------
    >>> cells = track(0, 0, ["1", "2", "3"], 30, lit=[1], actions={2: "move 2"})
    >>> [c.get("class") for c in cells], cells[2]["action"], cells[0]["id"]
    ([None, 'rk-lit', None], 'move 2', 'track-0')
    """
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
    """A seat's frame: a box in the seat's colour and its title (bold, with the colour named).

    Parameters
    ----------
    x, y : float
        The top left corner.
    w, h : float
        Its size.
    title : str
        The seat's title.
    seat : int or None
        The seat (None: a grey frame).
    to_move : bool
        Highlight the frame: this seat decides now.
    size : float, optional
        The title's font size.

    Returns
    -------
    list of dict
        The frame, the colour bar and the title.

    Examples
    --------
    >>> frame, bar, title = panel(0, 0, 300, 100, "P1 (blue)", 0, True)
    >>> frame["stroke"], bar["fill"], title["text"]
    ('#0072B2', '#0072B2', 'P1 (blue)')
    """
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
    is said here instead of by shuffling the panels (#22).

    Parameters
    ----------
    order : iterable of int
        The seats in playing order.
    y : float
        Where the line goes.
    lang : str, optional
        ``"en"`` or ``"de"``.

    Returns
    -------
    line : dict
        The text item.
    y : float
        The y below it.

    Examples
    --------
    >>> line, below = turn_order([1, 0], 100)
    >>> line["text"], below
    ('Turn order: P2 → P1', 134)
    """
    names = " → ".join(words()("player", lang, n=i + 1) for i in order)
    return text(10, y + 24, words()("turn_order_line", lang, order=names), bold=True, id="turn-order"), y + 34


def heading(title: str, *lines: str) -> tuple[list[dict], float]:
    """The board's title (bold) and lines under it (the phase, a status), wrapped; returns them and the last y.

    Parameters
    ----------
    title : str
        The board's title.
    *lines : str
        The lines under it; the first gets the id ``phase``.

    Returns
    -------
    items : list of dict
        The text items.
    y : float
        The baseline of the last line.

    Examples
    --------
    >>> items, y = heading("Rune Stones", "Choose one action")
    >>> [item["id"] for item in items], y
    (['title', 'phase'], 58)
    """
    out, y = [text(10, 30, title, HEAD, bold=True, id="title")], 30
    for k, line in enumerate(lines):
        for part in wrap(line, fits(WIDTH - 20, BODY)):
            y += 28
            out.append(text(10, y, part, BODY, id="phase" if k == 0 else f"status-{k}"))
    return out, y


def group(items: list[dict], seat: int | None = None, **extra: object) -> dict:
    """A group of items; ``seat`` marks every item in it as that seat's (docs/scene.md).

    Parameters
    ----------
    items : list of dict
        The items.
    seat : int, optional
        The seat they belong to.
    **extra
        Further fields (``label``, ``id``).

    Returns
    -------
    dict
        The group item.

    Examples
    --------
    >>> group([text(0, 0, "a")], seat=1)
    {'type': 'group', 'items': [{'type': 'text', 'x': 0, 'y': 0, 'text': 'a', 'size': 20}], 'seat': 1}
    """
    return _clean({"type": "group", "items": items, "seat": seat, **extra})


def walk(items: list[dict], seat: int | None = None) -> Iterator[tuple[dict, int | None]]:
    """Every item with the seat it belongs to (inherited from its groups), in drawing order.

    Parameters
    ----------
    items : list of dict
        Scene items.
    seat : int, optional
        The seat of the enclosing group.

    Yields
    ------
    tuple of (dict, int or None)
        Each item and its seat.

    Examples
    --------
    >>> [(item["type"], seat) for item, seat in walk([group([text(0, 0, "a")], seat=1), text(0, 0, "b")])]
    [('group', 1), ('text', 1), ('text', None)]
    """
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

    Every float of the items is rounded to 0.1: layout sums leave noise
    that only makes the JSON sent to every device larger.

    Parameters
    ----------
    items : list of dict
        The items.
    height : float
        The board's height (rounded).

    Returns
    -------
    dict
        The scene.

    Examples
    --------
    >>> board = scene([text(0.1 + 0.2, 20, "a")], 99.6)
    >>> board["width"], board["height"], board["fit"], board["items"][0]["x"]
    (960, 100, 'width', 0.3)
    """
    return {"width": WIDTH, "height": round(height), "fit": "width", "items": _tidy(items)}


class Acts:
    """Which actions the board may offer: only the seat to move's, and only to that seat (or the teacher).

    ``acts("summon 3", owner=1)`` returns the label when it is legal now, the
    viewer may act, and the item belongs to the seat to move (``owner=None``:
    a shared board item); otherwise None, so the item is drawn inert.

    Parameters
    ----------
    state : State
        The state drawn.
    seat : int or None
        The seat looking (None: the teacher, who may act for the seat to move).

    Examples
    --------
    >>> import rulekit
    >>> state = rulekit.load("rune_stones").new(players=2, seed=1)
    >>> acts = Acts(state, state.to_move)
    >>> acts("summon 9", "action summon"), acts("action summon", owner=1 - state.to_move)
    ('action summon', None)
    >>> Acts(state, 1 - state.to_move)("action summon") is None
    True
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
        """The action of an item (the first legal ``"<verb> <key>"``) and the other legal ones it touches.

        Parameters
        ----------
        key : object
            The item's argument (a card id, a colour).
        verbs : iterable of str
            The action kinds that may concern it, in order of preference.
        owner : int, optional
            The seat the item belongs to.

        Returns
        -------
        action : str or None
            The action a click sends.
        touches : list of str
            The other legal actions on it.

        Examples
        --------
        >>> import rulekit
        >>> state = rulekit.load("rune_stones").new(players=2, seed=1)
        >>> Acts(state, None).on_item("forge", ["action", "summon"])
        ('action forge', [])
        """
        if not self.on or (owner is not None and owner != self.mover):
            return None, []
        found = [f"{v} {key}" for v in verbs if f"{v} {key}" in self._set]
        return (found[0] if found else None), found[1:]

    def starting(self, prefix: str, owner: int | None = None) -> list[str]:
        """Legal labels that start with ``prefix`` (e.g. every "bid " choice).

        Parameters
        ----------
        prefix : str
            The start of the labels.
        owner : int, optional
            The seat the item belongs to.

        Returns
        -------
        list of str
            The labels, in legal order.

        Examples
        --------
        >>> import rulekit
        >>> state = rulekit.load("rune_stones").new(players=2, seed=1)
        >>> Acts(state, None).starting("action s")
        ['action summon']
        """
        if not self.on or (owner is not None and owner != self.mover):
            return []
        return [lab for lab in self.legal if lab.startswith(prefix)]
