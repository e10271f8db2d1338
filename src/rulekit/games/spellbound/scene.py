"""Spellbound's board as data (docs/scene.md): the map graph with its pieces, built with the scene kit.

The spaces and roads come from the same networkx graph the rules use
(``Spellbound.map_graph``), scaled to the board's width; every movement
space carries its ``step`` action while the active mage may step there.
Below the map: the mages' state and buttons, the five book tracks, the
witch's path, the display and the witch tower, every card with its name,
sun and moon strength and effect in words.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulekit.engine import State
from rulekit.engine import scene_kit as kit
from rulekit.engine.seats import seat_order

from . import effects as fx
from .model import CAUGHT, HELD, Data

if TYPE_CHECKING:
    from .rules import Spellbound

__all__ = ["scene", "card_face"]

W = kit.words("rulekit.games.spellbound")
S, DX, DY = 1.5, 40, 20  # the map's coordinates (data/map.toml) drawn 1.5 times larger
KIND_FILL = {"city": "#f5e6c8", "wilderness": "#cfe8c0", "village": "#fff8e7"}
BUTTONS = (("end", "end"), ("recruit", "recruit"), ("wand move", "wand_move"), ("sun", "sun_btn"))


def _xy(node: dict) -> tuple[float, float]:
    return DX + node["x"] * S, DY + node["y"] * S


def scene(g: Spellbound, state: State, seat: int | None, lang: str = "en") -> dict:
    d, acts, graph = state.data, kit.Acts(state, seat), g.map_graph()  # spaces and roads: no option changes them
    items: list[dict] = []
    for a, b, kind in graph.edges(data="kind"):
        if kind == "road":
            (x1, y1), (x2, y2) = _xy(graph.nodes[a]), _xy(graph.nodes[b])
            items.append({"type": "line", "x1": x1, "y1": y1, "x2": x2, "y2": y2, "stroke": "#9c8a6b", "width": 4, "id": f"road:{a}-{b}"})  # fmt: skip
    items += _spaces(g, d, graph, seat, acts, lang) + _pieces(g, d, graph, lang)
    y = 890
    if d.result:
        items.append(kit.text(480, 40, W(d.result, lang), 40, bold=True, anchor="middle", id="result",
                              fill="#1e8449" if d.result == "won" else "#922b21"))  # fmt: skip
    moon, sun = fx.powers(g, d, state.options, d.battle_suns)
    wand = W("charged", lang) if d.wands[d.active] else W("empty_wand", lang)
    mage = W("mage", lang, who=W("player", lang, n=d.active + 1), colour=kit.seat_colour_name(d.active, lang),
             move=d.movement, infl=d.influence[d.active], wand=wand, moon=moon, sun=sun)  # fmt: skip
    lines = [W("bag", lang, moon=d.bag[0], sun=d.bag[1], deck=len(d.deck), wicked=len(d.wicked)), *kit.wrap(mage, 80)]
    if d.watchman:  # the grey "W" on the map, said in words
        lines += kit.wrap(W("watchman_legend", lang, place=g.space_name(d.watchman, lang)), 80)
    items += [kit.text(10, y + 26 * k, t, id=f"status:{k}") for k, t in enumerate(lines)]
    y += 26 * len(lines)
    if state.players > 1:  # mages take turns clockwise from P1 (SB-909: a gap, clockwise assumed)
        line, _ = kit.turn_order(seat_order(0, state.players), y - 24, lang)
        items.append(line)
        y += 26
    for k, (act, key) in enumerate(BUTTONS):
        items.append(kit.button(10 + 236 * k, y, 228, W(key, lang), acts(act), id=f"button:{act.replace(' ', '-')}"))
    y = _tracks(g, state, acts, y + 80, items, lang)
    y = _witch(g, state, y, items, lang)
    items.append(kit.text(10, y + 24, W("display", lang), bold=True))
    faces = [_face(g, state, cid, lang, _card_action(state, g.cat.cards[cid], acts), f"card:{cid}", cid in d.fresh,
                   acts) for cid in d.display]  # fmt: skip
    row, y = kit.card_row(faces, 10, y + 36, 940, 184)
    items += row
    items.append(kit.text(10, y + 24, W("tower", lang, n=len(d.tower)), bold=True))
    faces = [_face(g, state, cid, lang, acts(f"destroy {cid}"), f"tower:{cid}") for cid in d.tower]
    row, y = kit.card_row(faces, 10, y + 36, 940, 184)
    return kit.scene(items + row, y + 10)


def _card_action(state: State, card, acts: kit.Acts) -> str | None:
    if state.phase == "take_destiny_card":
        return acts(f"tower {card.id}")
    return acts(f"play {card.id}", f"wand banish {card.id}")


def card_face(g: Spellbound, cid: int, lang: str, options: dict | None = None, **extra) -> kit.Face:
    """A card as the other games draw theirs: name, kind and sun/moon symbols, then its effect in the
    words of ``Spellbound.card_text`` (the same sentence tooltips and ``describe`` use)."""
    card = g.cat.cards[cid]
    facts = [W(f"t_{card.type}", lang), W("sun_moon", lang, sun=card.sun, moon=card.moon), *extra.pop("facts", [])]
    effect = g.card_text(cid, lang, options) if card.effect else ""
    fill = "#fdebd0" if card.helpful else "#5d6d7e"
    return kit.Face(card.label(lang), facts, effect[:1].upper() + effect[1:], fill, **extra)


def _face(g: Spellbound, state: State, cid: int, lang: str, action, id_: str, new: bool = False, acts=None):
    touches = [lab for lab in (f"discard {cid}",) if acts and acts(lab)]
    facts = [W("new", lang)] if new else []
    return card_face(g, cid, lang, state.options, facts=facts, action=action, id=id_, touches=touches or None)


def _spaces(g: Spellbound, d: Data, graph, seat, acts: kit.Acts, lang: str) -> list[dict]:
    out = []
    for sid, s in g.cat.spaces.items():
        node = graph.nodes[sid]
        x, y = _xy(node)
        name = node["name_de"] if lang == "de" else node["name"]
        item = {"id": f"space:{sid}", "fill": KIND_FILL[s["kind"]], "stroke": "#5b4a2f", "title": name,
                "class": f"rk-space rk-{s['kind']}", "size": kit.SMALL}  # fmt: skip
        if act := acts(f"step {sid}"):
            item["action"] = act
        if s["kind"] == "city":
            out.append({**item, "type": "rect", "x": x - 66, "y": y - 34, "w": 132, "h": 68, "rx": 8, "label": name})
        elif s["kind"] == "wilderness":
            out.append({**item, "type": "circle", "x": x, "y": y, "r": 66, "label": name})
            continue
        if s["kind"] != "village":
            continue
        v = g.cat.villages.index(sid)
        card = g.cat.cards[d.village_cards[v]]
        shown = d.revealed[v] or seat is None  # the teacher view sees face-down villages too
        if d.revealed[v] and card.kind == "tower":
            item.update(fill="#d9c2f0", stroke="#6c3483")
        item["title"] = f"{name}: {card.label(lang) if shown else '?'}"
        out.append({**item, "type": "circle", "x": x, "y": y, "r": 30, "label": "" if d.revealed[v] else "?"})
        under = [name, *kit.wrap(card.label(lang) if d.revealed[v] else W("village_hidden", lang), 14)]
        half = max(len(t) for t in under) * kit.SMALL * kit.GLYPH * kit.BOLD / 2
        x = min(max(x, half + 4), kit.WIDTH - half - 4)  # names at the map's edge stay on the board
        out += [kit.text(x, y + 50 + 22 * k, t, kit.SMALL, anchor="middle", bold=k == 0, id=f"village-name:{sid}" if k == 0 else None)
                for k, t in enumerate(under)]  # fmt: skip
    return out


def _pieces(g: Spellbound, d: Data, graph, lang: str) -> list[dict]:
    out = []
    for i, where in enumerate(d.mages):
        x, y = _xy(graph.nodes[where])
        out += kit.token(x - 30 + 22 * i, y - 46, 14, i + 1, kit.seat_colour(i), kit.SMALL, id=f"mage:{i}",
                         title=kit.seat_colour_name(i, lang), seat=i,
                         **{"class": "rk-mage" + (" rk-selected" if i == d.active else "")})  # fmt: skip
    if d.watchman:
        x, y = _xy(graph.nodes[d.watchman])
        out.append({"type": "rect", "x": x + 40, "y": y + 14, "w": 28, "h": 28, "rx": 3, "fill": "#7f8c8d",
                    "label": "W", "size": kit.SMALL, "id": "watchman", "title": W("watchman", lang)})  # fmt: skip
    return out


def _tracks(g: Spellbound, state: State, acts: kit.Acts, y: float, items: list, lang: str) -> float:
    d = state.data
    items.append(kit.text(10, y, W("tracks", lang), bold=True))
    for t, track in enumerate(g.board(state.options).tracks):  # option track_length, book_goal (SB-902)
        step = min(78, 940 // track.length)
        name, status = (track.name_de if lang == "de" else track.name), d.book_status[t]
        who = W(track.pursuer, lang)
        if status in (HELD, CAUGHT):
            line = W("held" if status == HELD else "caught", lang, name=name)
        else:
            line = W("track", lang, name=name, book=d.books[t], goal=track.book_goal, pursuer=who, at=d.pursuers[t])
        items.append(kit.text(10, y + 34, line, id=f"track-name:{track.id}"))
        items += kit.track(
            10, y + 44, [str(i) for i in range(1, track.length + 1)], step, id_prefix=f"track:{track.id}", h=36
        )
        if status not in (HELD, CAUGHT):
            act = acts(f"advance {track.id}", f"wand search {track.id}")
            items += kit.chip(10 + (d.books[t] - 1) * step, y + 44, step - 3, 36, W("book", lang), track.colour,
                              id=f"book:{track.id}", title=name, action=act)  # fmt: skip
        items += kit.chip(10 + (d.pursuers[t] - 1) * step, y + 44, step - 3, 36, W(f"{track.pursuer}_short", lang), "#444",
                          id=f"pursuer:{track.id}", title=who)  # fmt: skip
        y += 96
    return y + 10


def _witch(g: Spellbound, state: State, y: float, items: list, lang: str) -> float:
    d, board = state.data, g.board(state.options)  # option witch_path (SB-904)
    level = board.levels[d.witch]
    name = level.name_de if lang == "de" else level.name
    items.append(
        kit.text(10, y + 20, W("witch_path", lang, n=d.witch, top=board.top_level, name=name), bold=True, id="witch")
    )
    labels = [str(lv.base) for lv in board.levels]
    items += kit.track(10, y + 32, labels, 78, lit=[d.witch], fill="#8e44ad", id_prefix="witch-level", h=36)
    return y + 80
