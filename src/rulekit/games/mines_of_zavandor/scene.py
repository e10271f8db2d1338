"""The board as data (docs/scene.md): king's road, auction rows, clan boards, hands, bids.

A pure function of (state, seat, lang). What ``seat`` may not see is not
drawn: other hands show only their cart types (card backs) and sealed bids
show only their status until the reveal. Clickable items carry the label
of the action they stand for.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulekit.engine import State

from .auction import bid_sizes
from .tables import Tables, kind_of, tables
from .trade import cart_count
from .upgrade import OBJ_CLAN, track_of
from .views import bid_status

if TYPE_CHECKING:
    from .rules import MinesOfZavandor

__all__ = ["scene"]

W, PANEL_Y, PANEL_H = 1000, 330, 330
WORDS = {
    "en": {
        "round": "Round",
        "player": "Player",
        "start": "start",
        "score": "score",
        "vp": "coins",
        "stack": "stack",
        "sealed": "sealed",
        "open": "bidding",
        "waiting": "-",
        "revealed": "",
        "hand": "hand",
        "cave": "cave",
        "free": "free",
        "clan": "clan",
        "king": "king",
        "card": "card",
        "top": "top",
    },
    "de": {
        "round": "Runde",
        "player": "Spieler",
        "start": "Start",
        "score": "Wertung",
        "vp": "Münzen",
        "stack": "Stapel",
        "sealed": "verdeckt",
        "open": "bietet",
        "waiting": "-",
        "revealed": "",
        "hand": "Hand",
        "cave": "Höhle",
        "free": "frei",
        "clan": "Clan",
        "king": "König",
        "card": "Karte",
        "top": "top",
    },
}


def _price_text(t: Tables, gems: tuple[int, ...], lang: str) -> str:
    return " + ".join(f"{n} {t.colour_name(c, lang).split()[0]}" for c, n in enumerate(gems) if n)


def _road(t: Tables, state: State, legal: set[str], lang: str) -> list[dict]:
    d, items = state.data, []
    step = (W - 80) / (len(t.road) - 1)
    items.append({"type": "line", "x1": 40, "y1": 60, "x2": W - 40, "y2": 60, "width": 3, "stroke": "#8d6e63"})
    for i, space in enumerate(t.road):
        x = 40 + i * step
        item = {
            "type": "circle",
            "x": x,
            "y": 60,
            "r": 20 if i == len(t.road) - 1 else 15,
            "label": str(i),
            "size": 11,
            "fill": "#ffe082" if i == d.king else "#fff8e1",
            "stroke": "#5d4037",
            "id": f"road-{i}",
            "title": f"{space[lang]}: {_price_text(t, t.road_price[i], lang)}",
        }
        if i == d.king + 1 and "king advance" in legal:
            item["action"] = "king advance"
        items.append(item)
        items.append(
            {
                "type": "text",
                "x": x,
                "y": 92,
                "text": _price_text(t, t.road_price[i], lang),
                "size": 9,
                "anchor": "middle",
            }
        )
    kx = 40 + d.king * step
    items.append(
        {
            "type": "text",
            "x": kx,
            "y": 38,
            "text": "♚ " + WORDS[lang]["king"],
            "size": 13,
            "anchor": "middle",
            "bold": True,
            "id": "king",
        }
    )
    return items


def _card_item(t: Tables, cid: int, x: float, y: float, w: float, lang: str, **extra: object) -> dict:
    if cid < 0:
        return {
            "type": "rect",
            "x": x,
            "y": y,
            "w": w,
            "h": 40,
            "rx": 4,
            "fill": "#eeeeee",
            "stroke": "#bdbdbd",
            **extra,
        }
    c = t.cards[cid]
    price = "meeple" if c.price.meeple else (f"{c.price.vp} VP" if c.price.vp else _price_text(t, c.price.gems, lang))
    title = f"{c.name(lang)} [{c.kind}] track {list(c.track)}, price {price}, value {c.value}"
    return {
        "type": "rect",
        "x": x,
        "y": y,
        "w": w,
        "h": 40,
        "rx": 4,
        "label": c.name(lang),
        "size": 10,
        "fill": "#fafafa" if c.shade != "dark" else "#cfd8dc",
        "stroke": "#616161",
        "title": title,
        "class": "rk-card",
        **extra,
    }


def _auctions(t: Tables, state: State, seat: int | None, legal: set[str], lang: str) -> list[dict]:
    d, items = state.data, []
    words = WORDS[lang]
    for row, colour in enumerate(t.order):
        y = 110 + row * 52
        css = t.colour_names[t.colours[colour]]["css"]
        items.append(
            {
                "type": "rect",
                "x": 10,
                "y": y,
                "w": 90,
                "h": 40,
                "rx": 4,
                "fill": css,
                "label": t.colour_name(colour, lang).split()[0],
                "size": 12,
                "id": f"row-{t.colours[colour]}",
            }
        )
        items.append(
            {
                "type": "text",
                "x": 105,
                "y": y + 25,
                "size": 10,
                "text": f"{words['card']} {t.card_at[colour]}+ / {words['top']} {t.top_at[colour]}+",
            }
        )
        items.append(
            {
                "type": "rect",
                "x": 190,
                "y": y,
                "w": 60,
                "h": 40,
                "rx": 4,
                "fill": "#d7ccc8",
                "label": f"{words['stack']} {len(d.stacks[colour])}",
                "size": 10,
            }
        )
        middle, right = d.display[colour]
        items.append(_card_item(t, middle, 260, y, 150, lang, id=f"middle-{t.colours[colour]}"))
        items.append(_card_item(t, right, 420, y, 150, lang, id=f"auction-{t.colours[colour]}"))
        for i in range(state.players):
            items.append(_bid_box(t, state, seat, i, colour, 590 + i * 95, y, lang))
        if state.phase == "auction_resolve" and d.step == "reward" and t.order[d.colour] == colour:
            for j, name in enumerate(sorted(a.split()[1] for a in legal if a.startswith("reward "))):
                items.append(
                    {
                        "type": "rect",
                        "x": 590 + j * 95,
                        "y": y + 42,
                        "w": 90,
                        "h": 9,
                        "rx": 2,
                        "label": name,
                        "size": 8,
                        "fill": "#c8e6c9",
                        "action": f"reward {name}",
                        "id": f"reward-{name}",
                    }
                )
    return items


def _bid_box(t: Tables, state: State, seat: int | None, i: int, colour: int, x: float, y: float, lang: str) -> dict:
    """A seat's bid in one colour: its size once revealed (or to its owner), else only its status."""
    d = state.data
    status = bid_status(d, i)
    if status == "open" and not (state.phase == "auction_bidding" and state.to_move == i):
        status = "waiting"  # not bidding yet (or not in the auction phase)
    visible = d.revealed or seat is None or seat == i
    size = bid_sizes(d.players[i].bid)[colour]
    row = t.order.index(colour)
    if row < len(d.results) and d.results[row][0] == i:  # the winner has paid: show the winning bid
        label = f"P{i + 1}: {d.results[row][1]} ★"
    elif d.revealed:
        label = f"P{i + 1}: {size}"
    elif visible:
        label = f"P{i + 1}: {size} ({WORDS[lang][status]})"
    else:
        label = f"P{i + 1}: {WORDS[lang][status]}"
    return {
        "type": "rect",
        "x": x,
        "y": y + 8,
        "w": 88,
        "h": 24,
        "rx": 3,
        "label": label,
        "size": 10,
        "fill": "#ffffff" if visible else "#e0e0e0",
        "stroke": "#9e9e9e",
        "id": f"bid-{i}-{t.colours[colour]}",
        "class": f"rk-bid rk-bid-{status}",
    }


def _panel(t: Tables, state: State, seat: int | None, i: int, legal: set[str], lang: str) -> dict:
    d, p, words = state.data, state.data.players[i], WORDS[lang]
    x0, w = 10 + i * (W - 20) / state.players, (W - 20) / state.players - 10
    board = t.boards[p.clan]
    mine = state.to_move == i
    items: list[dict] = [
        {
            "type": "rect",
            "x": x0,
            "y": PANEL_Y,
            "w": w,
            "h": PANEL_H,
            "rx": 8,
            "fill": "#fffde7" if mine else "#fafafa",
            "stroke": "#8d6e63",
        },
        {
            "type": "text",
            "x": x0 + 8,
            "y": PANEL_Y + 18,
            "bold": True,
            "size": 13,
            "text": f"{words['player']} {i + 1}" + (f" ({words['start']})" if d.start == i else ""),
        },
        {
            "type": "text",
            "x": x0 + 8,
            "y": PANEL_Y + 36,
            "size": 11,
            "text": f"{board[lang]} · {words['vp']} {p.vp} · {words['score']} {state.game.scores(state)[i]}",
        },
    ]
    track, cubes, _ = track_of(t, d, p, OBJ_CLAN)
    for j, income in enumerate(track):
        item = {
            "type": "rect",
            "x": x0 + 8 + j * 26,
            "y": PANEL_Y + 46,
            "w": 22,
            "h": 22,
            "rx": 3,
            "label": str(income),
            "size": 10,
            "fill": "#ef9a9a" if j < cubes else "#ffffff",
            "stroke": "#6d4c41",
            "id": f"clan-{i}-{j}",
        }
        if j == cubes and seat in (None, i) and "upgrade clan" in legal and mine:
            item["action"] = "upgrade clan"
        items.append(item)
    for slot, (cid, n) in enumerate(p.caves):
        y = PANEL_Y + 76 + slot * 30
        extra: dict = {"id": f"cave-{i}-{slot}"}
        if mine and seat in (None, i):
            for act in (f"upgrade {slot}", f"remove {slot}"):
                if act in legal:
                    extra["action"] = act
        if cid < 0:
            items.append(
                {
                    "type": "rect",
                    "x": x0 + 8,
                    "y": y,
                    "w": w - 16,
                    "h": 26,
                    "rx": 3,
                    "fill": "#efebe9",
                    "label": f"{words['cave']} {slot}: {words['free']}",
                    "size": 9,
                    **extra,
                }
            )
            continue
        card = t.cards[cid]
        dots = "●" * n + "○" * (len(card.track) - n)
        items.append(
            {
                "type": "rect",
                "x": x0 + 8,
                "y": y,
                "w": w - 16,
                "h": 26,
                "rx": 3,
                "fill": "#ffffff",
                "stroke": "#795548",
                "label": f"{card.name(lang)} {dots}",
                "size": 9,
                "title": _card_item(t, cid, 0, 0, 0, lang)["title"],
                **extra,
            }
        )
    items += _hand(t, state, seat, i, x0, w, legal, lang)
    return {"type": "group", "x": x0 + 8, "y": PANEL_Y - 4, "label": "", "items": items, "id": f"player-{i}"}


def _hand(
    t: Tables, state: State, seat: int | None, i: int, x0: float, w: float, legal: set[str], lang: str
) -> list[dict]:
    """The own hand as a colour x cart grid (bid buttons while bidding); others: card backs only."""
    d, p = state.data, state.data.players[i]
    y = PANEL_Y + 76 + len(p.caves) * 30 + 4
    if seat is not None and seat != i:
        held = p.hand if d.revealed else tuple(h + b for h, b in zip(p.hand, p.bid, strict=True))
        text = " · ".join(f"{t.carts[c]} {cart_count(held, c)}" for c in range(4))
        return [
            {
                "type": "text",
                "x": x0 + 8,
                "y": y + 14,
                "size": 10,
                "text": f"{WORDS[lang]['hand']}: {text}",
                "id": f"hand-{i}",
            }
        ]
    items = []
    cw = (w - 16) / 4
    for colour in range(4):
        for cart in range(4):
            k = kind_of(cart, colour)
            item = {
                "type": "rect",
                "x": x0 + 8 + cart * cw,
                "y": y + colour * 13,
                "w": cw - 2,
                "h": 12,
                "rx": 2,
                "fill": t.colour_names[t.colours[colour]]["css"],
                "opacity": 0.85 if p.hand[k] else 0.25,
                "label": f"{t.carts[cart]} {p.hand[k]}",
                "size": 8,
                "id": f"hand-{i}-{k}",
            }
            act = f"bid {t.colours[colour]}"
            if state.to_move == i and act in legal:
                item["action"] = act
            items.append(item)
    return items


def _status(t: Tables, state: State, lang: str) -> str:
    """One line on what is pending: a bank trade, an offer, an income choice, an auction decision."""
    d, de = state.data, lang == "de"
    if state.is_over:
        return "Spielende" if de else "game over"
    who = "" if state.to_move is None else f"{'Spieler' if de else 'Player'} {state.to_move + 1} · "
    if state.phase == "trade_bank" and d.bank:
        given = ", ".join(t.colours[c] for c in d.bank[1:]) or "-"
        return who + f"{'Bank' if de else 'bank'}: {t.cart_name(d.bank[0], lang)} · {given}"
    if state.phase in ("trade_offer", "trade_answer") and d.partner >= 0:
        give = sum(d.give) if d.give else 0
        ask = sum(d.ask) if d.ask else 0
        return who + f"{'Angebot an' if de else 'offer to'} P{d.partner + 1}: {give} ↔ {ask}"
    if d.owed:
        owed = ", ".join(f"{n} {t.carts[c]}" for c, n in enumerate(d.owed) if n)
        return who + f"{owed} ({d.take_left})"
    if state.phase == "auction_resolve" and d.winner >= 0:
        return who + f"{t.colour_name(t.order[d.colour], lang)}: {d.size}"
    return who.rstrip(" ·")


def scene(game: MinesOfZavandor, state: State, seat: int | None = None, lang: str = "en") -> dict:
    """The board of ``state`` as seen by ``seat`` (None: everything)."""
    t = tables()
    lang = "de" if lang == "de" else "en"
    legal = {str(a) for a in state.legal_actions()} if seat in (None, state.to_move) else set()
    phase = game.phases[state.phase].name_in(lang)
    items: list[dict] = [
        {
            "type": "text",
            "x": 10,
            "y": 18,
            "size": 14,
            "bold": True,
            "text": f"{WORDS[lang]['round']} {state.data.round} · {phase}",
            "id": "title",
        },
        {
            "type": "text",
            "x": W - 10,
            "y": 18,
            "size": 12,
            "anchor": "end",
            "text": _status(t, state, lang),
            "id": "status",
        },
    ]
    items += _road(t, state, legal, lang)
    items += _auctions(t, state, seat, legal, lang)
    items += [_panel(t, state, seat, i, legal, lang) for i in range(state.players)]
    return {"width": W, "height": PANEL_Y + PANEL_H + 10, "items": items}
