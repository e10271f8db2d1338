"""The board of Coin race as data (docs/scene.md): the track, one row per token, the cards.

Only the viewer's own secret goal card shows its face; the others show as
hidden, and the pile as a count. Words come from ``texts/scene.toml``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulekit.engine import State
from rulekit.engine import scene_kit as kit

from .model import NONE

if TYPE_CHECKING:
    from .rules import CoinRace

__all__ = ["scene"]

#: the width of the seat labels left of the track
LEFT = 90


def _words():
    return kit.words(__package__)


def _status(state: State, lang: str) -> str:
    w, d = _words(), state.data
    if state.is_over:
        return w("status_over", lang, p=d.winner + 1)
    if not d.coin:
        return w("status_flip", lang, p=d.mover + 1)
    return w("status", lang, p=d.mover + 1, coin=w(d.coin, lang))


def _track(state: State, y: float, lang: str) -> tuple[list[dict], float]:
    """The numbered spaces, then one row per seat with its token on its space."""
    w, d, finish = _words(), state.data, int(state.options["finish"])
    cell = (kit.WIDTH - LEFT - 10) / (finish + 1)
    size = kit.SMALL
    items = [kit.text(10, y + size, w("finish", lang, n=finish), kit.BODY, bold=True)]
    y += size * 1.6
    labels = [str(i) if cell >= 2 * size or i % 5 == 0 else "" for i in range(finish + 1)]
    items += kit.track(LEFT, y, labels, cell, lit=(finish,), fill="#ffe082", h=size * 1.8, id_prefix="space")
    y += size * 2.2
    r = min(cell / 2 - 2, size)
    for seat, space in enumerate(d.spaces):
        who = kit.words()("player", lang, n=seat + 1)
        colour = kit.seat_colour(seat)
        items.append(kit.text(10, y + r + size * 0.35, who, size, bold=True))
        items.append({"type": "circle", "x": LEFT + cell * (space + 0.5) - 1.5, "y": y + r, "r": r, "fill": colour,
                      "stroke": "#333", "id": f"token-{seat}", "title": f"{who}: {space}"})  # fmt: skip
        y += 2 * r + 6
    return items, y


def _goal_face(space: int, cid: str, lang: str, seat: int | None = None) -> kit.Face:
    w = _words()
    return kit.Face(w("goal_card", lang), [w("goal_space", lang, n=space)], fill="#fff3c4", id=cid, seat=seat)


def _seats(state: State, viewer: int | None, y: float, lang: str) -> tuple[list[dict], float]:
    """One line per seat; its secret goal card as a face only for its owner (and the teacher)."""
    w, d, items = _words(), state.data, []
    for seat, secret in enumerate(d.secret):
        who = kit.words()("player", lang, n=seat + 1)
        line = w("seat_line", lang, who=who, colour=kit.seat_colour_name(seat, lang), n=d.spaces[seat])
        items.append(kit.text(10, y + kit.BODY, line, kit.BODY, bold=seat == d.mover))
        y += kit.BODY * 1.6
        if secret == NONE:
            items.append(kit.text(30, y + kit.SMALL, w("secret_none", lang), kit.SMALL))
            y += kit.SMALL * 1.8
        elif viewer in (None, seat):
            face = _goal_face(secret, f"secret-{seat}", lang, seat)
            card, y = kit.card_row([face], 30, y, kit.WIDTH - 40, 200)
            items += card
        else:
            items.append(kit.text(30, y + kit.SMALL, w("secret_hidden", lang), kit.SMALL))
            y += kit.SMALL * 1.8
    return items, y


def _cards(state: State, y: float, lang: str) -> tuple[list[dict], float]:
    """The pile as a count, the revealed goal cards face up."""
    w, d = _words(), state.data
    items = [kit.text(10, y + kit.BODY, w("pile", lang, n=len(d.pile)), kit.BODY)]
    y += kit.BODY * 1.8
    if d.shown:
        items.append(kit.text(10, y + kit.BODY, w("shown", lang), kit.BODY, bold=True))
        faces = [_goal_face(space, f"shown-{i}", lang) for i, space in enumerate(d.shown)]
        row, y = kit.card_row(faces, 10, y + kit.BODY * 1.6, kit.WIDTH - 20, 150)
        items += row
    return items, y


def _buttons(game: CoinRace, state: State, viewer: int | None, y: float, lang: str) -> tuple[list[dict], float]:
    """One button per move the coin allows, clickable for the seat to move (and the teacher)."""
    acts = kit.Acts(state, viewer)
    legal = state.legal_actions() if acts.on else []
    items = [kit.button(10 + 230 * i, y, 220, game.describe(a, lang), acts(str(a)), id=f"btn-{a}") for i, a in
             enumerate(legal)]  # fmt: skip
    return items, y + (kit.BODY * 2.4 if items else 0)


def scene(game: CoinRace, state: State, viewer: int | None = None, lang: str = "en") -> dict:
    """The board of ``state`` as ``viewer`` may see it (None: the teacher view)."""
    phase = game.phases[state.phase].name_in(lang)
    title = game.title_de if lang == "de" else game.title
    items, y = kit.heading(title, phase, _status(state, lang))
    y += 20
    for part in (
        lambda y: _track(state, y, lang),
        lambda y: _buttons(game, state, viewer, y, lang),
        lambda y: _seats(state, viewer, y, lang),
        lambda y: _cards(state, y, lang),
    ):
        more, y = part(y + 10)
        items += more
    return kit.scene(items, y + 20)
