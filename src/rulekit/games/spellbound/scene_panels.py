"""The panels beside Spellbound's map: display, witch tower, bag and buttons.

Part of the scene (docs/scene.md); display cards carry the action they stand
for in the current phase (``tower``, ``play``, ``wand banish``, ``destroy``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulekit.engine import State

from . import effects as fx
from .model import Data

if TYPE_CHECKING:
    from .rules import Spellbound


def _card_action(state: State, d: Data, card) -> str:
    if state.phase == "take_destiny_card":
        return f"tower {card.id}"
    if state.phase == "play_mage_cards":
        return f"play {card.id}" if card.helpful else f"wand banish {card.id}"
    return ""


def display_items(g: Spellbound, state: State, d: Data, lang: str, w: dict) -> list[dict]:
    out = [{"type": "text", "x": 10, "y": 530, "text": w["display"], "size": 12, "bold": True}]
    for k, cid in enumerate(d.display):
        card = g.cat.cards[cid]
        x = 10 + 76 * k
        icon = f"{card.effect} {card.value}" if card.helpful else "!"
        tip = f"{card.label(lang)}: {card.effect} {card.value}, sun {card.sun}, moon {card.moon}"
        out.append(
            {
                "type": "rect",
                "x": x,
                "y": 538,
                "w": 70,
                "h": 56,
                "rx": 5,
                "id": f"card:{cid}",
                "fill": "#fdebd0" if card.helpful else "#5d6d7e",
                "stroke": "#000",
                "size": 10,
                "label": icon,
                "action": _card_action(state, d, card),
                "title": tip,
                "class": "rk-card" + (" rk-new" if cid in d.fresh else ""),
            }
        )
        out.append(
            {
                "type": "text",
                "x": x + 35,
                "y": 552,
                "text": card.label(lang)[:13],
                "size": 8,
                "anchor": "middle",
                "fill": "#000" if card.helpful else "#fff",
                "id": f"card-name:{cid}",
            }
        )
        if card.helpful:
            out.append(
                {
                    "type": "rect",
                    "x": x,
                    "y": 598,
                    "w": 70,
                    "h": 18,
                    "rx": 3,
                    "fill": "#eee",
                    "size": 9,
                    "label": w["discard"],
                    "action": f"discard {cid}",
                    "id": f"discard:{cid}",
                }
            )
    out.append({"type": "text", "x": 640, "y": 432, "text": w["tower"], "size": 12, "bold": True})
    for k, cid in enumerate(d.tower[:14]):
        card = g.cat.cards[cid]
        out.append(
            {
                "type": "rect",
                "x": 640 + 24 * k,
                "y": 440,
                "w": 22,
                "h": 30,
                "rx": 3,
                "size": 8,
                "fill": "#f9e79f" if card.sun >= card.moon else "#aab7b8",
                "id": f"tower:{cid}",
                "label": f"{card.sun}/{card.moon}",
                "title": f"{card.label(lang)}: sun {card.sun}, moon {card.moon}",
                "action": f"destroy {cid}" if state.phase == "final_battle" else "",
            }
        )
    return out


def status_items(g: Spellbound, state: State, d: Data, w: dict) -> list[dict]:
    moon, sun = fx.powers(g, d, d.battle_suns)
    lines = [
        f"{w['bag']}: {d.bag[0]} {w['moon']}, {d.bag[1]} {w['sun']}  |  {w['deck']}: {len(d.deck)}  "
        f"{w['wicked']}: {len(d.wicked)}",
        f"{w['player']} {d.active + 1}: {d.movement} {w['move']}, {d.influence[d.active]} {w['infl']}, "
        f"wand {'+' if d.wands[d.active] else '-'}  |  {w['mp']} {moon}, {w['sp']} {sun}",
    ]
    out = [
        {"type": "text", "x": 640, "y": 490 + 16 * i, "text": t, "size": 10, "id": f"status:{i}"}
        for i, t in enumerate(lines)
    ]
    buttons = [("end", w["end"]), ("recruit", w["recruit"]), ("wand move", w["wand"]), ("sun", w["sun_btn"])]
    for k, (act, label) in enumerate(buttons):
        out.append(
            {
                "type": "rect",
                "x": 640 + 84 * k,
                "y": 590,
                "w": 80,
                "h": 26,
                "rx": 5,
                "fill": "#d6eaf8",
                "label": label,
                "size": 10,
                "action": act,
                "id": f"button:{act.replace(' ', '-')}",
            }
        )
    if d.result:
        out.append(
            {
                "type": "text",
                "x": 300,
                "y": 20,
                "text": w["won"] if d.result == "won" else w["lost"],
                "size": 20,
                "bold": True,
                "anchor": "middle",
                "id": "result",
                "fill": "#1e8449" if d.result == "won" else "#922b21",
            }
        )
    return out
