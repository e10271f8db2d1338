"""Spellbound's board as data (docs/scene.md): the map graph with its pieces.

The spaces and roads come from the same networkx graph the rules use
(``Spellbound.map_graph``); every movement space carries its ``step``
action, so a click on a space moves the active mage there. Beside the map:
the five tracks, the witch's path, the display, the witch tower and the bag.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulekit.engine import State

from .model import CAUGHT, HELD, Data
from .scene_panels import display_items, status_items

if TYPE_CHECKING:
    from .rules import Spellbound

SEAT_COLOURS = ("#e74c3c", "#3498db", "#27ae60", "#f1c40f")
KIND_FILL = {"city": "#f5e6c8", "wilderness": "#cfe8c0", "village": "#fff8e7"}
WORDS = {
    "en": {
        "display": "Display",
        "tower": "Witch tower",
        "bag": "Bag",
        "moon": "moon",
        "sun": "sun",
        "deck": "Deck",
        "wicked": "Wicked pile",
        "discard": "discard",
        "end": "End play",
        "recruit": "Recruit",
        "wand": "Wand: move",
        "sun_btn": "Book as sun",
        "witch": "Witch",
        "player": "Player",
        "move": "movement",
        "infl": "influence",
        "held": "held",
        "caught": "caught",
        "won": "Victory!",
        "lost": "Defeat",
        "mp": "moon power",
        "sp": "sun power",
    },
    "de": {
        "display": "Auslage",
        "tower": "Hexenturm",
        "bag": "Beutel",
        "moon": "Mond",
        "sun": "Sonne",
        "deck": "Deck",
        "wicked": "Widersacher",
        "discard": "abwerfen",
        "end": "Ende",
        "recruit": "Anwerben",
        "wand": "Stab: Bewegung",
        "sun_btn": "Buch als Sonne",
        "witch": "Hexe",
        "player": "Spieler",
        "move": "Bewegung",
        "infl": "Einfluss",
        "held": "gesammelt",
        "caught": "verloren",
        "won": "Sieg!",
        "lost": "Niederlage",
        "mp": "Mond-Kraft",
        "sp": "Sonnen-Kraft",
    },
}


def scene(g: Spellbound, state: State, seat: int | None, lang: str = "en") -> dict:
    d: Data = state.data
    w = WORDS["de" if lang == "de" else "en"]
    graph = g.map_graph()
    items: list[dict] = []
    items += _roads(graph)
    items += _spaces(g, d, graph, seat, lang)
    items += _pieces(g, d, graph)
    items += _tracks(g, state, d, lang, w)
    items += _witch(g, d, graph, lang, w)
    items += display_items(g, state, d, lang, w)
    items += status_items(g, state, d, w)
    for item in items:
        if not item.get("action", True):
            del item["action"]
    return {"width": g.cat.map_table["width"], "height": g.cat.map_table["height"], "items": items}


def _roads(graph) -> list[dict]:
    out = []
    for a, b, kind in graph.edges(data="kind"):
        if kind == "road":
            na, nb = graph.nodes[a], graph.nodes[b]
            out.append(
                {
                    "type": "line",
                    "x1": na["x"],
                    "y1": na["y"],
                    "x2": nb["x"],
                    "y2": nb["y"],
                    "stroke": "#9c8a6b",
                    "width": 3,
                    "id": f"road:{a}-{b}",
                }
            )
    return out


def _spaces(g: Spellbound, d: Data, graph, seat, lang: str) -> list[dict]:
    out = []
    for sid, s in g.cat.spaces.items():
        node = graph.nodes[sid]
        name = node["name_de"] if lang == "de" else node["name"]
        item = {
            "id": f"space:{sid}",
            "action": f"step {sid}",
            "fill": KIND_FILL[s["kind"]],
            "stroke": "#5b4a2f",
            "class": f"rk-space rk-{s['kind']}",
        }
        if s["kind"] == "city":
            out.append(
                {
                    **item,
                    "type": "rect",
                    "x": node["x"] - 40,
                    "y": node["y"] - 22,
                    "w": 80,
                    "h": 44,
                    "rx": 6,
                    "label": name,
                    "size": 11,
                    "title": name,
                }
            )
        elif s["kind"] == "wilderness":
            out.append(
                {
                    **item,
                    "type": "circle",
                    "x": node["x"],
                    "y": node["y"],
                    "r": 42,
                    "label": name,
                    "size": 11,
                    "title": name,
                }
            )
        else:
            v = g.cat.villages.index(sid)
            card = g.cat.cards[d.village_cards[v]]
            shown = d.revealed[v]
            tip = f"{name}: {card.label(lang) if shown or seat is None else '?'}"  # the teacher view sees all
            if shown and card.kind == "tower":
                item = {**item, "fill": "#d9c2f0", "stroke": "#6c3483"}
            out.append(
                {
                    **item,
                    "type": "circle",
                    "x": node["x"],
                    "y": node["y"],
                    "r": 24,
                    "label": card.label(lang)[:9] if shown else "?",
                    "size": 9,
                    "title": tip,
                }
            )
            out.append(
                {
                    "type": "text",
                    "x": node["x"],
                    "y": node["y"] + 36,
                    "text": name,
                    "size": 9,
                    "anchor": "middle",
                    "id": f"village-name:{sid}",
                }
            )
    return out


def _pieces(g: Spellbound, d: Data, graph) -> list[dict]:
    out = []
    for i, where in enumerate(d.mages):
        node = graph.nodes[where]
        out.append(
            {
                "type": "circle",
                "x": node["x"] - 18 + 12 * i,
                "y": node["y"] - 30,
                "r": 7,
                "fill": SEAT_COLOURS[i],
                "stroke": "#000",
                "label": str(i + 1),
                "size": 9,
                "id": f"mage:{i}",
                "class": "rk-mage" + (" rk-selected" if i == d.active else ""),
                "title": f"mage {i + 1}",
            }
        )
    if d.watchman:
        node = graph.nodes[d.watchman]
        out.append(
            {
                "type": "rect",
                "x": node["x"] + 28,
                "y": node["y"] + 8,
                "w": 16,
                "h": 16,
                "rx": 2,
                "fill": "#7f8c8d",
                "label": "W",
                "size": 9,
                "id": "watchman",
                "title": "City Watchman",
            }
        )
    return out


def _tracks(g: Spellbound, state: State, d: Data, lang: str, w: dict) -> list[dict]:
    out = []
    for t, track in enumerate(g.cat.tracks):
        status = d.book_status[t]
        label = track.name_de if lang == "de" else track.name
        extra = {HELD: f" ({w['held']})", CAUGHT: f" ({w['caught']})"}.get(status, "")
        out.append(
            {
                "type": "text",
                "x": track.x,
                "y": track.y - 16,
                "text": label + extra,
                "size": 11,
                "bold": True,
                "id": f"track-name:{track.id}",
            }
        )
        for i in range(1, track.length + 1):
            stroke = "#d4a017" if i == track.book_goal else "#c0392b" if i == track.pursuer_goal else "#888"
            out.append(
                {
                    "type": "rect",
                    "x": track.x + track.dx * (i - 1),
                    "y": track.y - 10,
                    "w": 22,
                    "h": 20,
                    "rx": 3,
                    "fill": "#fff",
                    "stroke": stroke,
                    "id": f"track:{track.id}:{i}",
                    "label": str(i),
                    "size": 8,
                    "opacity": 0.9,
                }
            )
        if status not in (HELD, CAUGHT):
            act = f"advance {track.id}" if state.phase == "eod_choose_book" else f"wand search {track.id}"
            out.append(
                {
                    "type": "circle",
                    "x": track.x + track.dx * (d.books[t] - 1) + 11,
                    "y": track.y,
                    "r": 8,
                    "fill": track.colour,
                    "stroke": "#000",
                    "label": "B",
                    "size": 9,
                    "id": f"book:{track.id}",
                    "action": act,
                    "title": label,
                }
            )
        who = "T" if track.pursuer == "troll" else "H"
        out.append(
            {
                "type": "circle",
                "x": track.x + track.dx * (d.pursuers[t] - 1) + 11,
                "y": track.y + 12,
                "r": 6,
                "fill": "#222",
                "label": who,
                "size": 8,
                "id": f"pursuer:{track.id}",
                "stroke": "#fff",
                "title": "troll" if who == "T" else "witch hat",
            }
        )
    return out


def _witch(g: Spellbound, d: Data, graph, lang: str, w: dict) -> list[dict]:
    out = []
    for lv, level in enumerate(g.cat.levels):
        node = graph.nodes[f"witch:{lv}"]
        name = level.name_de if lang == "de" else level.name
        top = lv == g.cat.top_level
        out.append(
            {
                "type": "circle",
                "x": node["x"],
                "y": node["y"],
                "r": 16,
                "label": str(level.base),
                "size": 10,
                "fill": "#4a235a" if top else "#d7bde2",
                "stroke": "#4a235a",
                "id": f"witch-level:{lv}",
                "title": f"{lv}: {name} (base {level.base})",
            }
        )
    here = graph.nodes[f"witch:{d.witch}"]
    out.append(
        {
            "type": "circle",
            "x": here["x"],
            "y": here["y"] - 24,
            "r": 8,
            "fill": "#000",
            "label": "W",
            "size": 9,
            "stroke": "#8e44ad",
            "id": "witch",
            "title": w["witch"],
        }
    )
    out.append(
        {
            "type": "text",
            "x": g.cat.map_table["witch_path"]["x"] - 16,
            "y": here["y"] - 40,
            "text": f"{w['witch']}: {d.witch}/{g.cat.top_level}",
            "size": 11,
            "bold": True,
        }
    )
    return out
