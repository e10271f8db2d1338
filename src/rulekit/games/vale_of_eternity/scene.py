"""The board of The Vale of Eternity as data (docs/scene.md), built with the engine's scene kit.

The display (cards by element zone, with the selection markers on them),
then one panel per player: points, stones, hand (hidden from other seats)
and area. Every card shows its name, element, cost, effect types and effect
text on its face. Only the seat to move's cards carry actions; choices
without a card (pay, return, end, options) are the table's action buttons,
and hovering one lights the cards it ``touches``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulekit.engine import State
from rulekit.engine import scene_kit as kit
from rulekit.engine.seats import seat_order, snake_order

from .model import NO_SEAT
from .tables import CARDS, ELEMENTS, TABLES

if TYPE_CHECKING:
    from .rules import ValeOfEternity

__all__ = ["build"]

W = kit.words("rulekit.games.vale_of_eternity")
CARD_W = 224
DISPLAY_VERBS = ("pick", "sell", "tame", "take")
HAND_VERBS = ("summon", "discard", "take")
AREA_VERBS = ("activate", "recover", "copy", "discard", "release", "take")


def build(game: ValeOfEternity, state: State, seat: int | None, lang: str = "en") -> dict:
    """The scene of ``state`` as ``seat`` sees it (None: everything)."""
    d, acts = state.data, kit.Acts(state, seat)
    phase = game.phases[state.phase].name_in(lang) if state.phase in game.phases else state.phase
    items, y = kit.heading(W("title", lang, n=d.round, of=state.options["rounds"]), phase)
    items += [
        kit.text(10, y + 38, W("display", lang), kit.BODY, bold=True),
        kit.text(950, y + 38, W("piles", lang, deck=len(d.deck), discard=len(d.discard)), anchor="end", id="piles"),
    ]
    # VE-042: the display sorted into element zones (one group per zone)
    shown = sorted(zip(d.display, d.markers, strict=True), key=lambda cm: ELEMENTS.index(CARDS[cm[0]].element))
    row, y = kit.card_row(
        [_face(c, lang, acts, DISPLAY_VERBS, None, "display", m, state.options) for c, m in shown], 10, 108, 940, CARD_W
    )
    for element in ELEMENTS:
        zone = [face for face, (c, _) in zip(row, shown, strict=True) if CARDS[c].element == element]
        if zone:
            items.append(kit.group(zone, id=f"zone-{element}"))
    # panels in seat order; the order of play is said above them (picks snake back, VE-043/VE-044)
    order = snake_order(d.start, state.players) if d.stage == "pick" else seat_order(d.start, state.players)
    line, y = kit.turn_order(order, y, lang)
    items.append(line)
    for p in range(state.players):
        panel, y = _player(state, p, seat, y + 6, acts, lang)
        items.append(panel)
    return kit.scene(items, y + 10)


def _face(
    cid: int, lang: str, acts: kit.Acts, verbs, owner, where: str, marker: int = NO_SEAT, options: dict | None = None
) -> kit.Face:
    """One card: name, element, cost and text as the rule ``options`` set them (VE-006)."""
    card = CARDS[cid]
    action, touches = acts.on_item(cid, verbs, owner)
    facts = [
        TABLES["element_names"][card.element][lang if lang == "de" else "en"],
        W("cost", lang, n=card.cost_in(options)),
    ]
    facts.append(", ".join(W(t, lang) for t in card.types))
    if marker != NO_SEAT:
        facts.append(W("picked", lang, who=W("player", lang, n=marker + 1)))
    return kit.Face(
        card.name_in(lang), facts, card.text(lang, options), TABLES["element_colours"][card.element], action, f"{where}-{cid}",
        selected=marker != NO_SEAT, seat=owner, touches=touches or None,
    )  # fmt: skip


def _player(state: State, p: int, seat: int | None, y0: float, acts: kit.Acts, lang: str) -> tuple[dict, float]:
    d = state.data
    head = W("head", lang, who=W("player", lang, n=p + 1), colour=kit.seat_colour_name(p, lang), points=d.scores[p])
    if p == d.start:
        head += f" · {W('start', lang)}"
    if p == state.to_move:
        head += f" · {W('to_move', lang)}"
    counts = {v: d.stones[p].count(v) for v in (1, 3, 6)}
    stones = ", ".join(f"{n}× {W(f'stone_{v}', lang)}" for v, n in counts.items() if n) or W("no_stones", lang)
    y = y0 + 64
    inner = [kit.text(28, y, W("stones", lang, list=stones, total=sum(d.stones[p])), id=f"stones-{p}")]
    hand = d.hands[p]
    if seat in (None, p):
        inner.append(kit.text(28, y + 32, W("hand", lang, n=len(hand)), bold=True, id=f"hand-title-{p}"))
        row, y = kit.card_row(
            [_face(c, lang, acts, HAND_VERBS, p, "hand", options=state.options) for c in hand], 28, y + 44, 922, CARD_W
        )
        inner += row
    else:
        inner.append(kit.text(28, y + 32, W("hand_hidden", lang, n=len(hand)), bold=True, id=f"hand-{p}"))
        y += 44
    area = d.areas[p]
    inner.append(kit.text(28, y + 22, W("area", lang, n=len(area), of=d.round), bold=True, id=f"area-title-{p}"))
    row, y = kit.card_row(
        [_face(c, lang, acts, AREA_VERBS, p, "area", options=state.options) for c in area], 28, y + 34, 922, CARD_W
    )
    frame = kit.panel(6, y0, 948, y - y0 + 4, head, p, p == state.to_move)
    return kit.group(frame + inner + row, seat=p, id=f"player-{p}"), y + 4
