"""The board as data (docs/scene.md): offer, sentinels, auction, supply and one panel per player.

Clickable items carry the action they stand for; the board widget greys
out those that are not legal now. Energy-card values in other hands are
drawn as card backs, so a scene for a seat shows only what that seat may see.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine import State
from .config import AREAS, GEMS
from .model import capacity, gem_price, hand_count, hand_limit, victory_points

if TYPE_CHECKING:
    from .rules import ScepterOfZavandor

__all__ = ["scene"]

W = 1000
PANEL_W, PANEL_H = 490, 190
TOP = 250
_T = {
    "en": {
        "round": "Round",
        "offer": "Artifact offer",
        "sentinels": "Sentinels",
        "supply": "Enchant (supply)",
        "auction": "Auction",
        "high": "high bid",
        "passed": "out",
        "pay": "to pay",
        "auto": "pay automatically",
        "end": "End turn",
        "vp": "VP",
        "limit": "hand",
        "slots": "slots",
        "pentagon": "pentagon",
        "stones": "stones",
        "pass": "pass",
        "deck": "deck",
    },
    "de": {
        "round": "Runde",
        "offer": "Artefaktangebot",
        "sentinels": "Wächter",
        "supply": "Verzaubern (Vorrat)",
        "auction": "Versteigerung",
        "high": "Höchstgebot",
        "passed": "raus",
        "pay": "zu zahlen",
        "auto": "automatisch zahlen",
        "end": "Zug beenden",
        "vp": "SP",
        "limit": "Hand",
        "slots": "Plätze",
        "pentagon": "Fünfeck",
        "stones": "Steine",
        "pass": "passen",
        "deck": "Stapel",
    },
}


def scene(game: ScepterOfZavandor, s: State, seat: int | None, lang: str = "en") -> dict:
    """The whole table for ``seat`` (None: the teacher's view with every card shown)."""
    tr = _T["de" if lang == "de" else "en"]
    t = s.data
    phase = game.phases[s.phase].name_in(lang)
    items: list[dict] = [
        {
            "type": "text",
            "x": 10,
            "y": 22,
            "text": f"{tr['round']} {t.round}: {phase}",
            "size": 16,
            "bold": True,
            "id": "title",
        },
    ]
    items.append(_offer(game, s, tr, lang))
    items.append(_sentinels(game, s, tr, lang))
    items.append(_supply(game, s, tr, lang))
    items.append(_middle(game, s, tr, lang))
    rows = (s.players + 1) // 2
    for k, i in enumerate(t.order):
        x = 5 + (k % 2) * (PANEL_W + 10)
        y = TOP + (k // 2) * (PANEL_H + 10)
        items.append(_player(game, s, i, k, x, y, seat, tr, lang))
    return {"width": W, "height": TOP + rows * (PANEL_H + 10) + 10, "items": items}


def _offer(game, s, tr, lang) -> dict:
    t = s.data
    sub = []
    for k, a in enumerate(t.offer):
        art = game.cfg.artifacts[a]
        sub.append(
            {
                "type": "rect",
                "x": 10 + k * 82,
                "y": 50,
                "w": 78,
                "h": 52,
                "rx": 6,
                "fill": "#f4e7c5",
                "label": game.item_name(a, lang)[:13],
                "size": 10,
                "action": f"auction {a}",
                "id": f"offer-{k}",
                "class": "rk-card",
                "title": f"{game.item_name(a, lang)}: {art['price']} / {art['vp']} {tr['vp']}",
            }
        )
        sub.append(
            {
                "type": "text",
                "x": 49 + k * 82,
                "y": 98,
                "text": f"{art['price']} · {art['vp']}",
                "size": 9,
                "anchor": "middle",
            }
        )
    sub.append(
        {
            "type": "text",
            "x": 10 + max(len(t.offer), 1) * 82,
            "y": 80,
            "text": f"{tr['deck']}: {len(t.art_deck)}",
            "size": 10,
        }
    )
    return {"type": "group", "x": 10, "y": 44, "label": tr["offer"], "items": sub, "id": "offer"}


def _sentinels(game, s, tr, lang) -> dict:
    t = s.data
    sub = []
    for k, sid in enumerate(t.sents):
        sub.append(
            {
                "type": "rect",
                "x": 10 + k * 59,
                "y": 126,
                "w": 55,
                "h": 36,
                "rx": 6,
                "fill": "#d9d2f0",
                "label": game.item_name(sid, lang)[:9],
                "size": 10,
                "action": f"auction {sid}",
                "id": f"sentinel-{sid}",
                "class": "rk-card",
                "title": f"{game.item_name(sid, lang)}: {game.cfg.sentinel_price}",
            }
        )
    return {"type": "group", "x": 10, "y": 120, "label": tr["sentinels"], "items": sub, "id": "sentinels"}


def _supply(game, s, tr, lang) -> dict:
    cfg, t = game.cfg, s.data
    mover = s.to_move if s.to_move is not None else t.order[t.cur]
    sub = []
    for g in range(5):
        price = gem_price(cfg, t.p[mover], g)
        sub.append(
            {
                "type": "circle",
                "x": 30 + g * 56,
                "y": 205,
                "r": 16,
                "fill": cfg.gem_colour[g],
                "label": str(price),
                "size": 10,
                "action": f"enchant {GEMS[g]}",
                "id": f"supply-{GEMS[g]}",
                "title": f"{game.gem_name(g, lang)}: {price} ({t.supply[g]})",
            }
        )
    sub.append(
        {
            "type": "rect",
            "x": 300,
            "y": 190,
            "w": 90,
            "h": 30,
            "rx": 6,
            "fill": "#eee",
            "label": tr["end"],
            "action": "end",
            "id": "end-turn",
        }
    )
    return {"type": "group", "x": 10, "y": 182, "label": tr["supply"], "items": sub, "id": "supply"}


def _middle(game, s, tr, lang) -> dict:
    """The auction in progress (who bids, who is out) or the payment in progress."""
    _cfg, t = game.cfg, s.data
    sub: list[dict] = []
    x0 = 560
    if t.auction is not None:
        auc = t.auction
        high = f"{auc.high} ({game.seat_name(auc.leader)})" if auc.leader >= 0 else "-"
        sub.append(
            {
                "type": "text",
                "x": x0,
                "y": 70,
                "text": f"{game.item_name(auc.item, lang)} · {tr['high']}: {high}",
                "size": 13,
                "bold": True,
            }
        )
        for k, i in enumerate(t.order):
            out = i not in auc.seats
            sub.append(
                {
                    "type": "circle",
                    "x": x0 + 15 + k * 40,
                    "y": 95,
                    "r": 14,
                    "fill": "#ccc" if out else ("#ffd54f" if i == auc.turn else "#fff"),
                    "label": game.seat_name(i),
                    "size": 10,
                    "id": f"bidder-{i}",
                    "title": tr["passed"] if out else "",
                }
            )
        for k, a in enumerate(s.legal_actions()):
            label = tr["pass"] if a.kind == "pass" else str(a.args[0])
            sub.append(
                {
                    "type": "rect",
                    "x": x0 + k * 62,
                    "y": 118,
                    "w": 56,
                    "h": 26,
                    "rx": 5,
                    "fill": "#fff3c4",
                    "label": label,
                    "action": str(a),
                    "id": f"bid-{k}",
                }
            )
    elif t.pay is not None:
        sub.append(
            {
                "type": "text",
                "x": x0,
                "y": 70,
                "size": 13,
                "bold": True,
                "text": f"{game.seat_name(t.pay.seat)}: {tr['pay']} {t.pay.due - t.pay.paid} / {t.pay.due}",
            }
        )
        sub.append(
            {
                "type": "rect",
                "x": x0,
                "y": 84,
                "w": 150,
                "h": 28,
                "rx": 5,
                "fill": "#e0f2e9",
                "label": tr["auto"],
                "action": "pay auto",
                "id": "pay-auto",
            }
        )
    return {"type": "group", "x": x0, "y": 50, "label": tr["auction"], "items": sub, "id": "middle"}


def _player(game, s, i, place, x, y, seat, tr, lang) -> dict:
    cfg, t = game.cfg, s.data
    p = t.p[i]
    ch = cfg.characters[p.char]
    name = ch["name_de"] if lang == "de" else ch["name"]
    hl = "#fff8e1" if s.to_move == i else "#fafafa"
    sub: list[dict] = [
        {
            "type": "rect",
            "x": x,
            "y": y,
            "w": PANEL_W,
            "h": PANEL_H,
            "rx": 8,
            "fill": hl,
            "stroke": "#999",
            "id": f"panel-{i}",
        },
        {
            "type": "circle",
            "x": x + 18,
            "y": y + 18,
            "r": 12,
            "fill": "#333",
            "label": str(place + 1),
            "size": 12,
            "id": f"disc-{i}",
            "title": "turn order",
        },
        {
            "type": "text",
            "x": x + 38,
            "y": y + 23,
            "bold": True,
            "size": 13,
            "text": f"{game.seat_name(i)} {name} · {victory_points(cfg, p)} {tr['vp']} · {tr['limit']} "
            f"{hand_count(cfg, p)}/{hand_limit(cfg, p)}",
        },
    ]
    # a click on a gem: (de)activate it in phase 3, sell it while paying an auction, give it up (Mirror/Cloak)
    slot_verb = {"pay_auction": "sell", "lose_gem": "lose"}.get(s.phase, "deactivate")
    store_verb = "sell" if s.phase == "pay_auction" else "activate"
    # the spiral: active slots, filled with active gems (click: deactivate)
    cap = capacity(cfg, p)
    gems = [g for g in range(5) for _ in range(p.active[g])]
    for k in range(cap):
        g = gems[k] if k < len(gems) else None
        item = {
            "type": "circle",
            "x": x + 20 + k * 24,
            "y": y + 50,
            "r": 10,
            "id": f"slot-{i}-{k}",
            "fill": cfg.gem_colour[g] if g is not None else "#fff",
            "stroke": "#666",
        }
        if g is not None:
            item.update(action=f"{slot_verb} {GEMS[g]}", title=game.gem_name(g, lang))
        sub.append(item)
    sub.append({"type": "text", "x": x + 290, "y": y + 54, "size": 10, "text": f"{tr['slots']} {sum(p.active)}/{cap}"})
    # the pentagon: inactive gems (click: activate) and prepaid knowledge stones
    stored = [g for g in range(5) for _ in range(p.stored[g])]
    sub.append(
        {"type": "text", "x": x + 10, "y": y + 80, "size": 10, "text": f"{tr['pentagon']}: {tr['stones']} {p.prepaid}"}
    )
    for k, g in enumerate(stored[:12]):
        sub.append(
            {
                "type": "circle",
                "x": x + 110 + k * 20,
                "y": y + 76,
                "r": 8,
                "fill": cfg.gem_colour[g],
                "action": f"{store_verb} {GEMS[g]}",
                "title": game.gem_name(g, lang),
                "id": f"stored-{i}-{k}",
            }
        )
    # knowledge tracks: 6 areas x 4 levels (click: learn)
    for a, area in enumerate(AREAS):
        ax, ay = x + 10 + (a % 3) * 160, y + 96 + (a // 3) * 22
        sub.append(
            {
                "type": "text",
                "x": ax,
                "y": ay + 12,
                "size": 9,
                "text": cfg.area_short[a][lang == "de"],
            }
        )
        for lv in range(4):
            sub.append(
                {
                    "type": "rect",
                    "x": ax + 90 + lv * 15,
                    "y": ay,
                    "w": 13,
                    "h": 15,
                    "rx": 2,
                    "fill": "#7e57c2" if p.know[a] > lv else "#fff",
                    "stroke": "#888",
                    "action": f"learn {area}",
                    "id": f"know-{i}-{area}-{lv + 1}",
                    "title": f"{game.area_name(a, lang)} {lv + 1}: {cfg.area_costs[a][lv]}",
                }
            )
    sub.extend(_hand(game, s, i, x, y + 146, seat, lang))
    arts = ", ".join(game.item_name(a, lang) for a in p.arts + p.sents)
    if arts:
        sub.append({"type": "text", "x": x + 10, "y": y + 184, "size": 9, "text": arts[:90], "title": arts})
    return {"type": "group", "x": x, "y": y, "label": "", "items": sub, "id": f"player-{i}"}


def _hand(game, s, i, x, y, seat, lang) -> list[dict]:
    """Energy cards (values hidden from other seats), concentrated energy and dust tokens."""
    cfg, t = game.cfg, s.data
    p = t.p[i]
    mine = seat is None or seat == i
    verb = (
        ""
        if i != s.to_move
        else "pay"
        if (s.phase in ("enchant_gems", "extend_knowledge", "pay_auction"))
        else ("discard" if s.phase == "check_hand_limit" else "")
    )
    out: list[dict] = []
    k = 0
    for g, v in p.cards:
        item = {
            "type": "rect",
            "x": x + 10 + k * 22,
            "y": y,
            "w": 20,
            "h": 26,
            "rx": 3,
            "fill": cfg.gem_colour[g],
            "label": str(v) if mine else "?",
            "size": 10,
            "id": f"card-{i}-{k}",
            "class": "rk-card",
        }
        if mine and verb:
            item["action"] = f"{verb} card {GEMS[g]} {v}"
        out.append(item)
        k += 1
    for g, n in enumerate(p.conc):
        for _ in range(n):
            item = {
                "type": "rect",
                "x": x + 10 + k * 22,
                "y": y,
                "w": 20,
                "h": 26,
                "rx": 3,
                "stroke": "#000",
                "fill": cfg.gem_colour[g + 1],
                "label": str(cfg.concentrated[g]),
                "size": 8,
                "id": f"conc-{i}-{k}",
                "title": "concentrated energy",
            }
            if verb:
                item["action"] = f"{verb} energy {GEMS[g + 1]}"
            out.append(item)
            k += 1
    for d, n in enumerate(p.dust):
        for _ in range(n):
            item = {
                "type": "circle",
                "x": x + 20 + k * 22,
                "y": y + 13,
                "r": 9,
                "fill": "#f0d060",
                "label": str(cfg.tokens[d]),
                "size": 9,
                "id": f"dust-{i}-{k}",
            }
            if verb:
                item["action"] = f"{verb} dust {cfg.tokens[d]}"
            out.append(item)
            k += 1
            if k > 20:
                return out
    return out
