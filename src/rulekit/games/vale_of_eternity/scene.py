"""The board of The Vale of Eternity as data (docs/scene.md).

Element zones with the revealed cards and their selection markers, the
round track, and per player: score, stones, hand (hidden from other seats),
and the area slots of the current round. Clickable items carry the label of
the legal action they stand for; choices without a card (pay, return, end,
options, targets) are buttons in an action bar.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulekit.engine import State

from .model import CARDS, ELEMENTS, NO_SEAT, TABLES

if TYPE_CHECKING:
    from .rules import ValeOfEternity

__all__ = ["build"]

SEAT_COLOURS = ("#d62728", "#1f77b4", "#2ca02c", "#ff7f0e")
STONE_COLOURS = {1: "#e53935", 3: "#1e88e5", 6: "#8e24aa"}
W, ZONE_W, CARD_W, CARD_H = 1000, 196, 90, 44
WORDS = {
    "round": ("Round", "Runde"),
    "hand": ("hand", "Hand"),
    "area": ("area", "Auslage"),
    "start": ("start player", "Startperson"),
    "points": ("points", "Punkte"),
    "stones": ("stones", "Steine"),
    "deck": ("deck", "Stapel"),
    "discard": ("discard", "Ablage"),
    "score": ("Score track", "Punkteleiste"),
}
#: action verbs that belong to a card item, first match wins
CARD_VERBS_HAND = ("summon", "discard")
CARD_VERBS_AREA = ("activate", "recover", "copy", "discard", "release")


def _w(key: str, lang: str) -> str:
    en, de = WORDS[key]
    return de if lang == "de" else en


def build(game: ValeOfEternity, state: State, seat: int | None, lang: str = "en") -> dict:
    """The scene of ``state`` as ``seat`` sees it (None: everything)."""
    d = state.data
    acting = state.to_move is not None and (seat is None or seat == state.to_move)
    legal = [str(a) for a in state.legal_actions()] if acting else []
    used: set[str] = set()

    def act(verbs: tuple[str, ...], cid: int) -> str | None:
        for verb in verbs:
            label = f"{verb} {cid}"
            if label in legal:
                used.add(label)
                return label
        return None

    items: list[dict] = [_header(game, state, lang)]
    items += _zones(d, lang, act)
    y = 250
    panel_h = 84
    for p in range(state.players):
        items.append(_player(d, p, seat, y, panel_h, state, lang, act))
        y += panel_h
    items.append(_action_bar(game, legal, used, y + 8, lang))
    items.append(_score_track(d, y + 60, lang))
    return {"width": W, "height": y + 110, "items": items}


def _header(game: ValeOfEternity, state: State, lang: str) -> dict:
    d = state.data
    phase = game.phases[state.phase].name_in(lang) if state.phase in game.phases else state.phase
    rounds = state.options["rounds"]
    track = []
    for r in range(1, rounds + 1):
        track.append(
            {
                "type": "circle",
                "x": 560 + r * 30,
                "y": 22,
                "r": 11,
                "label": str(r),
                "size": 10,
                "fill": "#f4d03f" if r == d.round else "#eeeeee",
                "stroke": "#555",
                "id": f"round-{r}",
                "title": f"{_w('round', lang)} {r}",
            }
        )
    return {
        "type": "group",
        "label": "",
        "x": 0,
        "y": 0,
        "items": [
            {
                "type": "text",
                "x": 10,
                "y": 20,
                "text": f"{game.title} - {_w('round', lang)} {d.round}",
                "size": 16,
                "bold": True,
            },
            {"type": "text", "x": 10, "y": 40, "text": phase, "size": 11, "id": "phase"},
            {
                "type": "text",
                "x": 10,
                "y": 56,
                "size": 10,
                "id": "piles",
                "text": f"{_w('deck', lang)}: {len(d.deck)}  {_w('discard', lang)}: {len(d.discard)}",
            },
            *track,
        ],
    }


def _card(
    cid: int, x: float, y: float, action: str | None, lang: str, id_prefix: str, w: float = CARD_W, h: float = CARD_H
) -> dict:
    card = CARDS[cid]
    room = max(3, int(w / 6) - 4)  # characters that fit beside the cost
    name = card.name if len(card.name) <= room else card.name[: room - 1] + "."
    item = {
        "type": "rect",
        "x": x,
        "y": y,
        "w": w,
        "h": h,
        "rx": 5,
        "size": 10 if w >= CARD_W else 9,
        "label": f"{name} ({card.cost})",
        "fill": TABLES["element_colours"][card.element],
        "stroke": "#333",
        "class": "rk-card",
        "id": f"{id_prefix}-{cid}",
        "title": f"{card.name}, {card.element}, {card.cost}: {card.text(lang)}",
    }
    if action:
        item["action"] = action
    return item


def _zones(d, lang: str, act) -> list[dict]:
    out = []
    for k, element in enumerate(ELEMENTS):
        x0 = 6 + k * (ZONE_W + 2)
        name = TABLES["element_names"][element]["de" if lang == "de" else "en"]
        zone = [
            {
                "type": "rect",
                "x": x0,
                "y": 70,
                "w": ZONE_W,
                "h": 170,
                "rx": 8,
                "fill": "#fafafa",
                "stroke": TABLES["element_colours"][element],
                "id": f"zone-{element}",
            }
        ]
        cards = [(c, m) for c, m in zip(d.display, d.markers, strict=True) if CARDS[c].element == element]
        for i, (cid, marker) in enumerate(cards):
            cx, cy = x0 + 4 + (i % 2) * (CARD_W + 6), 92 + (i // 2) * (CARD_H + 8)
            zone.append(_card(cid, cx, cy, act(("pick", "sell"), cid), lang, "display"))
            if marker != NO_SEAT:
                zone.append(
                    {
                        "type": "circle",
                        "x": cx + CARD_W - 8,
                        "y": cy + 8,
                        "r": 7,
                        "size": 8,
                        "label": f"P{marker + 1}",
                        "fill": SEAT_COLOURS[marker],
                        "id": f"marker-{cid}",
                        "class": "rk-selected",
                    }
                )
                tame = act(("tame",), cid)
                if tame:
                    zone.append(
                        {
                            "type": "rect",
                            "x": cx + 4,
                            "y": cy + CARD_H - 12,
                            "w": 34,
                            "h": 11,
                            "rx": 3,
                            "label": "tame",
                            "size": 8,
                            "fill": "#ffffff",
                            "action": tame,
                            "id": f"tame-{cid}",
                        }
                    )
        zone.insert(1, {"type": "text", "x": x0 + 8, "y": 84, "text": name, "size": 11, "bold": True})
        out.append({"type": "group", "label": "", "x": x0, "y": 70, "items": zone})
    return out


def _player(d, p: int, seat: int | None, y: float, h: float, state: State, lang: str, act) -> dict:
    colour = SEAT_COLOURS[p]
    star = f" ({_w('start', lang)})" if p == d.start else ""
    turn = " <" if state.to_move == p else ""
    items = [
        {
            "type": "rect",
            "x": 4,
            "y": y,
            "w": W - 8,
            "h": h - 4,
            "rx": 6,
            "fill": "#ffffff",
            "stroke": colour,
            "id": f"player-{p}",
        },
        {
            "type": "text",
            "x": 12,
            "y": y + 16,
            "bold": True,
            "size": 12,
            "id": f"name-{p}",
            "text": f"P{p + 1}{star}: {d.scores[p]} {_w('points', lang)}{turn}",
        },
    ]
    for i, v in enumerate(d.stones[p]):
        items.append(
            {
                "type": "circle",
                "x": 250 + i * 22,
                "y": y + 12,
                "r": 9,
                "label": str(v),
                "size": 9,
                "fill": STONE_COLOURS[v],
                "id": f"stone-{p}-{i}",
                "title": _w("stones", lang),
            }
        )
    # hand: visible to its owner and the teacher view only
    items.append({"type": "text", "x": 12, "y": y + 48, "size": 10, "text": f"{_w('hand', lang)}:"})
    hand = d.hands[p]
    if seat is None or seat == p:
        for i, cid in enumerate(hand[:7]):
            items.append(_card(cid, 46 + i * 62, y + 24, act(CARD_VERBS_HAND, cid), lang, "hand", 60, 48))
        if len(hand) > 7:
            items.append(
                {"type": "text", "x": 482, "y": y + 78, "text": f"+{len(hand) - 7}", "size": 10, "anchor": "end"}
            )
    else:
        items.append(
            {
                "type": "rect",
                "x": 46,
                "y": y + 24,
                "w": 60,
                "h": 48,
                "rx": 5,
                "fill": "#777",
                "label": str(len(hand)),
                "id": f"hand-{p}",
                "title": f"{len(hand)} cards",
            }
        )
    # area: one slot per round number (VE-033)
    ax = 500
    items.append(
        {"type": "text", "x": ax, "y": y + 14, "size": 10, "text": f"{_w('area', lang)} ({len(d.areas[p])}/{d.round})"}
    )
    slot_w = min(CARD_W, (W - ax - 14) / max(d.round, 1) - 4)
    for i in range(d.round):
        sx = ax + i * (slot_w + 4)
        if i < len(d.areas[p]):
            cid = d.areas[p][i]
            items.append(_card(cid, sx, y + 24, act(CARD_VERBS_AREA, cid), lang, "area", slot_w, 48))
        else:
            items.append(
                {
                    "type": "rect",
                    "x": sx,
                    "y": y + 24,
                    "w": slot_w,
                    "h": 48,
                    "rx": 5,
                    "fill": "none",
                    "stroke": "#bbb",
                    "id": f"slot-{p}-{i}",
                }
            )
    return {"type": "group", "label": "", "x": 0, "y": y, "items": items}


def _action_bar(game: ValeOfEternity, legal: list[str], used: set[str], y: float, lang: str) -> dict:
    items = []
    x = 10
    for label in legal:
        if label in used:
            continue
        items.append(
            {
                "type": "rect",
                "x": x,
                "y": y,
                "w": 84,
                "h": 26,
                "rx": 5,
                "label": label,
                "size": 11,
                "fill": "#e8eef7",
                "stroke": "#557",
                "action": label,
                "id": f"button-{label.replace(' ', '-')}",
            }
        )
        x += 90
        if x > W - 90:
            break
    return {"type": "group", "label": "", "x": 0, "y": y, "items": items}


def _score_track(d, y: float, lang: str) -> dict:
    items = [
        {"type": "text", "x": 10, "y": y - 6, "text": _w("score", lang), "size": 10},
        {"type": "line", "x1": 10, "y1": y + 10, "x2": W - 10, "y2": y + 10, "width": 2, "stroke": "#999"},
    ]
    top = max(60, *d.scores)
    for p, s in enumerate(d.scores):
        x = 10 + (W - 20) * s / top
        items.append(
            {
                "type": "circle",
                "x": x,
                "y": y + 10 + (p - 1.5) * 6,
                "r": 6,
                "fill": SEAT_COLOURS[p],
                "label": "",
                "id": f"score-{p}",
                "title": f"P{p + 1}: {s}",
            }
        )
    items.append(
        {"type": "text", "x": 10 + (W - 20) * 60 / top, "y": y + 34, "text": "60", "size": 9, "anchor": "middle"}
    )
    return {"type": "group", "label": "", "x": 0, "y": y, "items": items}
