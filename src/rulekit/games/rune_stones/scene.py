"""The Rune Stones board as data (docs/scene.md) for the generic SVG widget.

Shows the display with its slot costs, the forges, the rune-stone stacks, the
supply and, for every player, hand, power rows, stones, runes and power
points. Clickable items carry the label of the action they stand for; the
widget greys out those that are not legal now.
"""

from __future__ import annotations

from .ctx import german, name_of
from .model import COLOURS, SPACES, Board

__all__ = ["build"]

FILL = {
    "blue": "#4a7bd0",
    "yellow": "#e8c547",
    "green": "#4caf50",
    "red": "#d9534f",
    "white": "#f4f4f4",
    "joker": "#ffffff",
    "druid": "#a1887f",
    "": "#eeeeee",
}
WORDS = {
    "display": ("Creature display (cost under each slot)", "Kreaturenauslage (Kosten unter jedem Feld)"),
    "forges": ("Forges", "Schmieden"),
    "runes": ("Rune stones", "Runensteine"),
    "supply": ("Supply", "Vorrat"),
    "deck": ("draw pile", "Nachziehstapel"),
    "discard": ("discard", "Ablage"),
    "pp": ("power", "Macht"),
    "hand": ("hand", "Hand"),
    "row": ("row", "Reihe"),
    "ore": ("ore", "Erz"),
    "joker": ("joker", "Joker"),
    "turn": ("to move", "am Zug"),
    "hidden": ("hidden", "verdeckt"),
    "runes_of": ("runes", "Runen"),
    "artifacts": ("artifacts", "Artefakte"),
}
RUNE_SHORT = {
    "magic": "MP+2",
    "hand": "H6",
    "exchange": "X",
    "joker": "J",
    "plus": "+",
    "double_die": "D2",
    "extra_pp": "PP+",
    "three": "3A",
}


def _w(key: str, lang: str) -> str:
    return WORDS[key][1] if lang == "de" else WORDS[key][0]


def build(game, state, seat: int | None, lang: str) -> dict:
    b: Board = state.data
    phase = state.phase
    items: list[dict] = [
        {
            "type": "text",
            "x": 10,
            "y": 18,
            "bold": True,
            "size": 14,
            "id": "phase",
            "text": f"{game.phases[phase].name_in(lang) if phase in game.phases else phase}",
        }
    ]
    items.append(_display(game, state, phase, lang))
    items.append(_forges(game, state, lang))
    items.append(_runes(game, b, lang))
    items.append(_supply(b, lang))
    for i in range(len(b.players)):
        items.append(_player(game, state, i, seat, lang))
    height = 330 + 160 * ((len(b.players) + 1) // 2)
    return {"width": 960, "height": height, "items": items}


def _display(game, state, phase: str, lang: str) -> dict:
    b: Board = state.data
    out = _costs_row(state)
    verb = "take" if phase == "ability_step" else "summon"
    for k, n in enumerate(b.display):
        x = 10 + k * 70
        card = game.cat.cards.get(n)
        label = str(n) if n else "-"
        title = _card_title(game, n, lang) if card else ("leer" if lang == "de" else "empty")
        out.append(
            {
                "type": "rect",
                "x": x,
                "y": 40,
                "w": 60,
                "h": 80,
                "rx": 6,
                "label": label,
                "fill": FILL[card.colour] if card else FILL[""],
                "stroke": "#333",
                "class": "rk-card",
                "id": f"slot-{k + 1}",
                "action": f"{verb} {k + 1}",
                "title": title,
            }
        )
    out.append({"type": "text", "x": 440, "y": 60, "text": f"{_w('deck', lang)}: {len(b.deck)}", "id": "deck"})
    out.append(
        {"type": "text", "x": 440, "y": 80, "text": f"{_w('discard', lang)}: {len(b.gdiscard)}", "id": "gdiscard"}
    )
    return {"type": "group", "x": 10, "y": 34, "label": _w("display", lang), "items": out}


def _costs_row(state) -> list[dict]:
    return [
        {
            "type": "text",
            "x": 40 + k * 70,
            "y": 136,
            "text": str(c),
            "anchor": "middle",
            "bold": True,
            "id": f"cost-{k + 1}",
        }
        for k, c in enumerate(state.options["slot_costs"])
    ]


def _forges(game, state, lang: str) -> dict:
    b: Board = state.data
    out = []
    bonus_word = {"ore": "+ore", "die": "+die", "pp3": "+3PP", "": ""}
    for i, art in enumerate(b.forges):
        x = 10 + i * 70
        cost = state.options["forge_costs"][i]
        bonus = bonus_word[game.cat.forges[i][1]]
        out.append(
            {
                "type": "rect",
                "x": x,
                "y": 170,
                "w": 60,
                "h": 44,
                "rx": 4,
                "label": f"{cost} {bonus}",
                "fill": FILL[art],
                "stroke": "#555",
                "id": f"forge-{i + 1}",
                "action": f"forge {i + 1}",
                "title": f"forge {i + 1}: {art or '-'}, {cost} gems {bonus}",
            }
        )
    out.append(
        {
            "type": "rect",
            "x": 360,
            "y": 170,
            "w": 60,
            "h": 44,
            "rx": 4,
            "label": f"J x{b.joker_stack}",
            "fill": FILL["joker"],
            "stroke": "#555",
            "id": "forge-joker",
            "action": "forge joker",
            "title": "joker forge: 4 gems of any colours",
        }
    )
    return {"type": "group", "x": 10, "y": 164, "label": _w("forges", lang), "items": out}


def _runes(game, b: Board, lang: str) -> dict:
    out = []
    for i, r in enumerate(game.cat.board["runes"]["types"]):
        out.append(
            {
                "type": "circle",
                "x": 30 + i * 52,
                "y": 262,
                "r": 22,
                "label": f"{RUNE_SHORT[r]}:{b.rune_stacks[i]}",
                "size": 10,
                "fill": "#d7ccc8",
                "stroke": "#5d4037",
                "id": f"rune-{r}",
                "action": f"rune {r}",
                "title": r,
            }
        )
    return {"type": "group", "x": 10, "y": 236, "label": _w("runes", lang), "items": out}


def _supply(b: Board, lang: str) -> dict:
    out = []
    for i, c in enumerate(COLOURS):
        out.append(
            {
                "type": "circle",
                "x": 610 + i * 46,
                "y": 80,
                "r": 16,
                "label": str(b.supply[i]),
                "fill": FILL[c],
                "id": f"supply-{c}",
                "title": f"{c} gems",
            }
        )
    out.append(
        {
            "type": "circle",
            "x": 794,
            "y": 80,
            "r": 16,
            "label": str(b.jokers),
            "fill": FILL["joker"],
            "stroke": "#999",
            "id": "supply-joker",
            "title": "joker stones",
        }
    )
    out.append(
        {
            "type": "rect",
            "x": 826,
            "y": 64,
            "w": 40,
            "h": 32,
            "label": str(b.ore),
            "fill": "#9e9e9e",
            "id": "supply-ore",
            "title": "ore",
        }
    )
    out.append(
        {
            "type": "text",
            "x": 610,
            "y": 120,
            "id": "art-supply",
            "text": f"{_w('artifacts', lang)}: {len(b.art_supply)} / {_w('discard', lang)} {len(b.art_discard)}",
        }
    )
    return {"type": "group", "x": 610, "y": 40, "label": _w("supply", lang), "items": out}


def _card_title(game, n: int, lang: str) -> str:
    """Tooltip of a card: species (RS-003), magic points and colour, ability."""
    card = game.cat.card(n)
    board = game.cat.board
    de = lang == "de"
    if card.is_druid:
        kind = "Druide" if de else "druid"
    else:
        kind = (board["species_de"] if de else board["species"])[card.colour]
    magic = german(card.magic) if de else card.magic
    icons = " | ".join(_icons(o, de) for o in card.options) if card.options else _icons(card.gain, de)
    if card.pay:
        icons = _icons(card.pay, de) + " -> " + icons
    mp = "MP" if not de else "Magiepunkte"
    return f"{n} {kind}: {card.mp} {mp} ({magic}); {german(card.kind) if de else card.kind}: {icons}"


def _icons(icons: tuple[str, ...], de: bool) -> str:
    """Icons in words: 'gem:blue' -> 'gem blue' / 'Edelstein blau', 'pp:6' -> '6 PP' / '6 Machtpunkte'."""
    words = []
    for icon in icons:
        if icon.startswith("pp:"):
            words.append(f"{icon[3:]} {'Machtpunkte' if de else 'PP'}")
        elif de:
            words.append(german(icon))
        else:
            words.append(icon.replace(":", " ").replace("_", " "))
    return " + ".join(words)


def _hand_verb(phase: str) -> str:
    return {"summon": "play", "use_abilities": "pick", "resolve_abilities": "use"}.get(phase, "pick")


def _player(game, state, i: int, seat: int | None, lang: str) -> dict:
    b: Board = state.data
    p = b.players[i]
    x0, y0 = 10 + (i % 2) * 475, 318 + (i // 2) * 160
    active = i == b.current and not state.is_over
    head = f"{name_of(i)} ({game.cat.board['player_colours'][i]}) {_w('pp', lang)} {p.pp}"
    if active:
        head += f" - {_w('turn', lang)}"
    out: list[dict] = [
        {
            "type": "rect",
            "x": x0,
            "y": y0,
            "w": 465,
            "h": 140,
            "rx": 8,
            "fill": "none",
            "stroke": "#c62828" if active else "#999",
            "id": f"p{i + 1}-box",
        }
    ]
    for k, c in enumerate(COLOURS):
        out.append(
            {
                "type": "circle",
                "x": x0 + 20 + k * 30,
                "y": y0 + 22,
                "r": 11,
                "label": str(p.gems[k]),
                "size": 10,
                "fill": FILL[c],
                "id": f"p{i + 1}-gem-{c}",
                "title": f"{c} gems",
            }
        )
    out.append(
        {
            "type": "circle",
            "x": x0 + 140,
            "y": y0 + 22,
            "r": 11,
            "label": str(p.jokers),
            "size": 10,
            "fill": FILL["joker"],
            "stroke": "#999",
            "id": f"p{i + 1}-jokers",
            "title": "joker stones",
        }
    )
    out.append(
        {"type": "text", "x": x0 + 160, "y": y0 + 26, "text": f"{_w('ore', lang)} {p.ore}", "id": f"p{i + 1}-ore"}
    )
    runes = " ".join(RUNE_SHORT[r] for r in p.runes) + (f" [{p.joker_gem}]" if p.joker_gem else "")
    out.append(
        {
            "type": "text",
            "x": x0 + 220,
            "y": y0 + 26,
            "text": f"{_w('runes_of', lang)}: {runes or '-'}",
            "id": f"p{i + 1}-runes",
        }
    )
    for r, row in enumerate(p.rows):
        y = y0 + 44 + r * 30
        out.append(
            {
                "type": "text",
                "x": x0 + 8,
                "y": y + 17,
                "text": f"{_w('row', lang)} {r + 1}",
                "id": f"p{i + 1}-row-{r + 1}",
                "action": f"trade {r + 1}" if active and state.phase == "trade_artifacts" else None,
            }
        )
        for s, space in enumerate(SPACES):
            art = row[s]
            out.append(
                {
                    "type": "rect",
                    "x": x0 + 60 + s * 30,
                    "y": y,
                    "w": 26,
                    "h": 24,
                    "rx": 3,
                    "fill": FILL[art] if art else "#fafafa",
                    "stroke": FILL[space] if space != "joker" else "#999",
                    "label": "J" if art == "joker" else "",
                    "id": f"p{i + 1}-r{r + 1}-{space}",
                    "action": f"place {r + 1} {space}" if active and state.phase == "forge_step" else None,
                    "title": f"{space} space: {art or 'empty'}",
                }
            )
    out.append(_hand(game, state, i, seat, x0, y0 + 110, lang))
    out.append(
        {
            "type": "text",
            "x": x0 + 230,
            "y": y0 + 60,
            "id": f"p{i + 1}-piles",
            "text": f"{_w('deck', lang)} {len(p.draw)}, {_w('discard', lang)} {len(p.discard)}",
        }
    )
    out = [{k: v for k, v in item.items() if v is not None} for item in out]
    return {
        "type": "group",
        "x": x0,
        "y": y0 - 6,
        "label": "",
        "items": [{"type": "text", "x": x0 + 8, "y": y0 - 6, "text": head, "bold": True, "id": f"p{i + 1}-head"}, *out],
    }


def _hand(game, state, i: int, seat: int | None, x: int, y: int, lang: str) -> dict:
    b: Board = state.data
    p = b.players[i]
    shown = seat is None or seat == i
    verb = _hand_verb(state.phase)
    cards = list(p.hand) + (list(b.turn.played) if i == b.current else [])
    out = [{"type": "text", "x": x + 8, "y": y + 14, "text": _w("hand", lang), "id": f"p{i + 1}-hand"}]
    for k, n in enumerate(cards):
        card = game.cat.card(n)
        played = n not in p.hand
        item = {
            "type": "rect",
            "x": x + 50 + k * 44,
            "y": y,
            "w": 40,
            "h": 22,
            "rx": 3,
            "id": f"p{i + 1}-card-{k}",
            "class": "rk-card" + (" rk-selected" if played else ""),
        }
        if shown or played:
            item.update(
                label=f"{n}:{card.mp}",
                fill=FILL[card.colour],
                size=10,
                title=_card_title(game, n, lang),
                action=f"use {n}" if played else f"{verb} {n}",
            )
        else:
            item.update(label="?", fill="#bdbdbd", title=_w("hidden", lang))
        out.append(item)
    return {"type": "group", "x": x, "y": y, "label": "", "items": out}
