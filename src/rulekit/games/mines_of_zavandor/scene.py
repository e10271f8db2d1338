"""The board as data (docs/scene.md), built with the engine's scene kit.

King's road, the four auction rows (middle card, card on auction, sealed
bids), and one panel per player (clan board, caves, hand). What ``seat`` may
not see is not drawn: other hands show only their cart types and sealed bids
only their status until the reveal. Expansion cards show their name, gem
colour, kind, price, points and income in words. Only the seat to move's
pieces carry actions.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulekit.engine import State
from rulekit.engine import scene_kit as kit

from .auction import bid_sizes, thresholds
from .model import clan_side, order_from
from .tables import Tables, kind_of, tables
from .trade import cart_count
from .upgrade import OBJ_CLAN, track_of
from .views import bid_status

if TYPE_CHECKING:
    from .rules import MinesOfZavandor

__all__ = ["scene"]

W = kit.words("rulekit.games.mines_of_zavandor")


def scene(game: MinesOfZavandor, state: State, seat: int | None = None, lang: str = "en") -> dict:
    """The board of ``state`` as seen by ``seat`` (None: everything)."""
    t, d, acts = tables(), state.data, kit.Acts(state, seat)
    lang = "de" if lang == "de" else "en"
    items, y = kit.heading(W("title", lang, n=d.round), game.phases[state.phase].name_in(lang))
    items.append(kit.text(10, y + 28, _status(t, state, lang), id="status"))
    y = _road(t, state, acts, items, y + 28, lang)
    items.append(kit.text(10, y + 24, W("auctions", lang), bold=True))
    y += 36
    for row, colour in enumerate(t.order):
        y = _auction_row(t, state, seat, acts, row, colour, y, items, lang)
    # panels in seat order; the order of play from the start player is said above them (ZM-180)
    line, y = kit.turn_order(order_from(d.start, state.players), y, lang)
    items.append(line)
    for i in range(state.players):
        panel, y = _panel(t, state, seat, i, acts, y, lang)
        items.append(panel)
    return kit.scene(items, y + 6)


def gems_text(t: Tables, gems: tuple[int, ...], lang: str) -> str:
    return " + ".join(f"{n} {t.colour_name(c, lang)}" for c, n in enumerate(gems) if n)


def _road(t: Tables, state: State, acts: kit.Acts, items: list, y: float, lang: str) -> float:
    d = state.data
    items += [kit.text(10, y + 38, W("road", lang), bold=True),
              kit.text(950, y + 38, W("king", lang, n=d.king, name=t.road[d.king][lang]), anchor="end", bold=True, id="king")]  # fmt: skip
    faces = [kit.Face(f"{i}. {space[lang]}", [W("road_price", lang, price=gems_text(t, t.road_price[i], lang))],
                      W("king_here", lang) if i == d.king else "", "#ffe082" if i == d.king else "#fff8e1",
                      acts("king advance") if i == d.king + 1 else None, f"road-{i}", selected=i == d.king)
             for i, space in enumerate(t.road)]  # fmt: skip
    row, y = kit.card_row(faces, 10, y + 50, 940, 181)
    items.append(kit.group(row, id="road"))
    return y


def card_face(t: Tables, cid: int, lang: str, **extra) -> kit.Face:
    """An expansion card: name, gem colour, kind, price, points, income or bonus in words."""
    c = t.cards[cid]
    if c.price.meeple:
        price = W("price_meeple", lang)
    else:
        price = (
            W("price_vp", lang, n=c.price.vp)
            if c.price.vp
            else W("price_gems", lang, gems=gems_text(t, c.price.gems, lang))
        )
    facts = [
        t.colour_name(c.colour, lang) if c.colour >= 0 else "",
        W(f"k_{c.kind}", lang),
        price,
        W("worth", lang, n=c.value),
    ]
    if c.kind == "scroll":
        effect = W("scroll", lang, carts=W("or", lang).join(t.cart_name(k, lang) for k in c.carts))
    elif c.kind == "special":
        effect = W(c.special, lang, n=c.bonus)
    elif c.cart >= 0:
        effect = W("income", lang, cart=t.cart_name(c.cart, lang), track=" / ".join(map(str, c.track)))
    else:
        effect = W("no_income", lang)
    fill = t.colour_names[t.colours[c.colour]]["css"] if c.colour >= 0 else "#d7ccc8"
    return kit.Face(c.name(lang), facts, effect, fill, **extra)


def _auction_row(t: Tables, state: State, seat, acts: kit.Acts, row: int, colour: int, y: float, items, lang) -> float:
    d, name = state.data, t.colours[colour]
    middle, right = d.display[colour]
    faces = [card_face(t, cid, lang, id=f"{where}-{name}") if cid >= 0
             else kit.Face(W("empty_slot", lang), id=f"{where}-{name}") for where, cid in (("middle", middle), ("auction", right))]  # fmt: skip
    h = max(f.height(220, kit.SMALL) for f in faces)
    css = t.colour_names[name]["css"]
    card_at, top_at = thresholds(t, state.options)  # ZM-908: the option gem_tiers may swap them
    label = [*kit.wrap(t.colour_name(colour, lang), 12), W("stack", lang, n=len(d.stacks[colour])),
             *kit.wrap(W("tiers", lang, card=card_at[colour], top=top_at[colour]), 14)]  # fmt: skip
    h = max(h, 16 + 24 * len(label))  # the row's colour box holds its words (white words must not leave it)
    items += [kit.box(10, y, 160, h, fill=css, stroke="#333", id=f"row-{name}")]
    items += [kit.text(18, y + 26 + 24 * k, s, bold=k == 0, fill=kit.ink(css)) for k, s in enumerate(label)]
    items += [kit.card(faces[0], 178, y, 220, h), kit.card(faces[1], 406, y, 220, h)]
    items[-1]["id"] = f"auction-{name}"
    for i in range(state.players):
        items.append(_bid_box(t, state, seat, i, colour, 634 + (i % 2) * 162, y + (i // 2) * 48, lang))
    if state.phase == "auction_resolve" and d.step == "reward" and t.order[d.colour] == colour:
        for j, label in enumerate(acts.starting("reward ")):
            items.append(kit.button(634 + (j % 2) * 162, y + 100 + (j // 2) * 44, 157, W(label.replace(" ", "_"), lang),
                                    label, kit.SMALL, id=f"{label.replace(' ', '-')}"))  # fmt: skip
    return y + h + 10


def _bid_box(t: Tables, state: State, seat: int | None, i: int, colour: int, x: float, y: float, lang: str) -> dict:
    """A seat's bid in one colour: its size once revealed (or to its owner), else only its status."""
    d = state.data
    status = bid_status(d, i)
    if status == "open" and not (state.phase == "auction_bidding" and state.to_move == i):
        status = "waiting"  # not bidding yet (or not in the auction phase)
    visible = d.revealed or seat is None or seat == i
    size, row = bid_sizes(d.players[i].bid)[colour], t.order.index(colour)
    if row < len(d.results) and d.results[row][0] == i:  # the winner has paid: show the winning bid
        label = f"P{i + 1}: {d.results[row][1]} ★"
    elif d.revealed:
        label = f"P{i + 1}: {size}"
    elif visible:
        label = f"P{i + 1}: {size} {W(status, lang)}"
    else:
        label = f"P{i + 1}: {W(status, lang)}"
    return {"type": "rect", "x": x, "y": y, "w": 157, "h": 40, "rx": 4, "label": label, "size": kit.SMALL,
            "fill": "#ffffff" if visible else "#e0e0e0", "stroke": kit.seat_colour(i), "seat": i,
            "id": f"bid-{i}-{t.colours[colour]}", "class": f"rk-bid rk-bid-{status}"}  # fmt: skip


def _panel(
    t: Tables, state: State, seat: int | None, i: int, acts: kit.Acts, y0: float, lang: str
) -> tuple[dict, float]:
    d, p = state.data, state.data.players[i]
    head = W("head", lang, who=W("player", lang, n=i + 1), colour=kit.seat_colour_name(i, lang), clan=t.boards[p.clan][lang],
             vp=p.vp, score=state.game.scores(state)[i])  # fmt: skip
    track, cubes, _ = track_of(t, d, p, OBJ_CLAN)
    clan = W("clan_track", lang, cart=t.cart_name(clan_side(t, d, p).cart, lang))
    out = [kit.text(28, y0 + 62, clan + (f" · {W('start', lang)}" if d.start == i else ""))]
    out += kit.track(28, y0 + 74, [str(v) for v in track], 56, lit=range(cubes), fill="#ef9a9a", h=40,
                     actions={cubes: acts("upgrade clan", owner=i)}, id_prefix=f"clan-{i}")  # fmt: skip
    y = y0 + 130
    free = []
    for slot, (cid, n) in enumerate(p.caves):
        action, touches = acts.on_item(slot, ("upgrade", "remove"), owner=i)
        if cid < 0 and not action:
            free.append(str(slot))
            continue
        name = (
            W("cave_free", lang, n=slot)
            if cid < 0
            else W("cave", lang, n=slot, name=t.cards[cid].name(lang), cubes=n, of=len(t.cards[cid].track))
        )
        item = kit.button(28, y, 900, name, action, kit.SMALL, id=f"cave-{i}-{slot}", fill="#efebe9" if cid < 0 else "#fff", touches=touches or None)  # fmt: skip
        item["anchor"] = "start"
        out.append(item)
        y += 40
    if free:
        out.append(kit.text(28, y + 22, W("caves_free", lang, list=", ".join(free)), id=f"caves-free-{i}"))
        y += 34
    hand, y = _hand(t, state, seat, i, acts, y + 6, lang)
    frame = kit.panel(6, y0, 948, y - y0 + 6, head, i, state.to_move == i)
    return kit.group(frame + out + hand, seat=i, id=f"player-{i}"), y + 14


def _hand(
    t: Tables, state: State, seat: int | None, i: int, acts: kit.Acts, y: float, lang
) -> tuple[list[dict], float]:
    """The own hand as a colour x cart grid; others: card backs only (cart types)."""
    d, p = state.data, state.data.players[i]
    if seat is not None and seat != i:
        held = p.hand if d.revealed else tuple(h + b for h, b in zip(p.hand, p.bid, strict=True))
        text = ", ".join(f"{t.cart_name(c, lang)} {cart_count(held, c)}" for c in range(4))
        return [kit.text(28, y + 22, W("hand_hidden", lang, list=text), id=f"hand-{i}")], y + 36
    out = [kit.text(28, y + 22, W("hand", lang), bold=True)]
    for colour in range(4):
        css = t.colour_names[t.colours[colour]]["css"]
        out.append(kit.text(28, y + 62 + colour * 40, t.colour_name(colour, lang)))
        for cart in range(4):
            k = kind_of(cart, colour)
            name = t.colours[colour]
            labels = (f"bid {name}", f"give {name} {t.carts[cart]}", f"give {name}")
            action = next((a for a in labels if acts(a, owner=i)), None)
            x, yy = 250 + cart * 176, y + 36 + colour * 40
            out.append({"type": "rect", "x": x, "y": yy, "w": 170, "h": 36, "rx": 3, "fill": css, "opacity": 1 if p.hand[k] else 0.3,
                        "id": f"hand-{i}-{k}", **({"action": action} if action else {})})  # fmt: skip
            ink = kit.ink(css) if p.hand[k] else "#000"
            out.append(
                kit.text(
                    x + 85, yy + 25, f"{t.cart_name(cart, lang)} {p.hand[k]}", kit.SMALL, anchor="middle", fill=ink
                )
            )
    return out, y + 36 + 4 * 40


def _status(t: Tables, state: State, lang: str) -> str:
    """One line on what is pending: a bank trade, an offer, an income choice, an auction decision."""
    d = state.data
    if state.is_over:
        return W("game_over", lang)
    who = "" if state.to_move is None else f"{W('player', lang, n=state.to_move + 1)} · "
    if state.phase == "trade_bank" and d.bank:
        given = ", ".join(t.colour_name(c, lang) for c in d.bank[1:]) or "-"
        return who + W("bank", lang, cart=t.cart_name(d.bank[0], lang), given=given)
    if state.phase in ("trade_offer", "trade_answer") and d.partner >= 0:
        give, ask = sum(d.give) if d.give else 0, sum(d.ask) if d.ask else 0
        return who + W("offer_to", lang, who=W("player", lang, n=d.partner + 1), give=give, ask=ask)
    if d.owed:
        owed = ", ".join(f"{n} {t.cart_name(c, lang)}" for c, n in enumerate(d.owed) if n)
        return who + W("owed", lang, list=owed, n=d.take_left)
    if state.phase == "auction_resolve" and d.winner >= 0:
        return who + W("resolving", lang, colour=t.colour_name(t.order[d.colour], lang), n=d.size)
    return who.rstrip(" ·")
