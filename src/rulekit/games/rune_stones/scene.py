"""The Rune Stones board as data (docs/scene.md), built with the engine's scene kit.

The display with each card's cost, the forges, the rune stacks, the supply
and one panel per player (gems, runes, artifact rows, hand). Every card
names its species, colour, magic points and ability in words on its face.
Only the seat to move's pieces carry actions.
"""

from __future__ import annotations

from rulekit.engine import scene_kit as kit
from rulekit.engine.seats import seat_order

from .model import Board
from .tables import COLOURS, SPACES

__all__ = ["build"]

W = kit.words("rulekit.games.rune_stones")
FILL = {"blue": "#332288", "yellow": "#f6c141", "green": "#44aa99", "red": "#cc3311", "white": "#ffffff",
        "joker": "#ffffff", "druid": "#a1887f", "": "#eeeeee"}  # fmt: skip
HAND_VERBS = ("play", "pick", "use")


def build(game, state, seat: int | None, lang: str) -> dict:
    b: Board = state.data
    acts = kit.Acts(state, seat)
    phase = game.phases[state.phase].name_in(lang) if state.phase in game.phases else state.phase
    items, y = kit.heading(W("title", lang, n=b.round), phase)
    items += [
        kit.text(10, y + 38, W("display", lang), bold=True),
        kit.text(950, y + 38, W("piles", lang, deck=len(b.deck), discard=len(b.gdiscard)), anchor="end", id="deck"),
    ]
    costs = state.options["slot_costs"]
    faces = [_slot(game, b, k, n, costs[k], acts, lang) for k, n in enumerate(b.display)]
    row, y = kit.card_row(faces, 10, y + 50, 940, 150)
    items.append(kit.group(row, id="display"))
    items.append(kit.text(10, y + 24, W("forges", lang), bold=True))
    row, y = kit.card_row(_forges(game, state, acts, lang), 10, y + 34, 940, 150)
    items.append(kit.group(row, id="forges"))
    items.append(kit.text(10, y + 24, W("runes", lang), bold=True))
    row, y = kit.card_row(_runes(game, b, acts, lang), 10, y + 34, 940, 229)
    items.append(kit.group(row, id="runes"))
    items += _supply(b, acts, y + 24, lang)
    # panels in seat order; the order of play from the start player is said above them (RS-042)
    line, y = kit.turn_order(seat_order(b.start, len(b.players)), y + 110, lang)
    items.append(line)
    for i in range(len(b.players)):
        panel, y = _player(game, state, i, seat, y, acts, lang)
        items.append(panel)
    return kit.scene(items, y + 6)


def colour(c: str, lang: str) -> str:
    return W(f"c_{c}", lang)


def _icons(icons, lang: str) -> str:
    """Icons in words, repeats counted: ('gem:blue', 'gem:blue', 'pp:6') -> '2× blue gem, 6 power points'."""
    out: dict[str, int] = {}
    for icon in icons:
        head, _, arg = icon.partition(":")
        if head in ("gem", "card"):
            word = W(f"icon_{head}", lang, colour=colour(arg, lang))
        elif head == "pp":
            word = W("icon_pp", lang, n=arg)
        elif f"c_{icon}" in W and head != "joker":
            word = W("icon_gem", lang, colour=colour(icon, lang))
        else:
            word = W(f"icon_{head}", lang)
        out[word] = out.get(word, 0) + 1
    return ", ".join(f"{n}× {word}" if n > 1 else word for word, n in out.items())


def card_face(game, n: int, lang: str, **extra) -> kit.Face:
    """A creature or druid card: species and number, colour, magic points, ability in words (RS-003, RS-005)."""
    card = game.cat.card(n)
    if card.is_druid:
        name = f"{W('druid', lang)} {n}"
    else:
        name = f"{game.cat.board['species_de' if lang == 'de' else 'species'][card.colour]} {n}"
    if card.magic == "multi":
        facts = [W("mp_any", lang, n=card.mp)]
    else:
        facts = [W("mp", lang, n=card.mp, colour=colour(card.magic, lang))]
    if card.kind == "choice":
        effect = W("choose", lang, what=W("or", lang).join(_icons(o, lang) for o in card.options))
    elif card.pay:
        effect = W("exchange", lang, pay=_icons(card.pay, lang), what=_icons(card.gain, lang))
    else:
        effect = W("gain", lang, what=_icons(card.gain, lang))
    return kit.Face(name, extra.pop("facts", []) + facts, effect, FILL[card.colour], **extra)


def _slot(game, b: Board, k: int, n: int, cost: int, acts: kit.Acts, lang: str) -> kit.Face:
    action = acts(f"summon {k + 1}", f"take {k + 1}")
    if not n:
        return kit.Face(W("empty", lang), [W("cost", lang, n=cost)], id=f"slot-{k + 1}")
    return card_face(game, n, lang, facts=[W("cost", lang, n=cost)], action=action, id=f"slot-{k + 1}")


def _forges(game, state, acts: kit.Acts, lang: str) -> list[kit.Face]:
    b: Board = state.data
    out = []
    for i, art in enumerate(b.forges):
        bonus = state.options["forge_bonuses"][i]
        facts = [W("gems", lang, n=state.options["forge_costs"][i])] + ([W(f"bonus_{bonus}", lang)] if bonus else [])
        what = W("artifact", lang, colour=colour(art, lang)) if art else W("no_artifact", lang)
        out.append(
            kit.Face(W("forge", lang, n=i + 1), facts, what, FILL[art], acts(f"forge {i + 1}"), f"forge-{i + 1}")
        )
    joker = [W("any_gems", lang, n=game.cat.board["artifacts"]["joker_forge_cost"]), W("left", lang, n=b.joker_stack)]
    out.append(kit.Face(W("joker_forge", lang), joker, "", "#ffffff", acts("forge joker"), "forge-joker"))
    return out


def _runes(game, b: Board, acts: kit.Acts, lang: str) -> list[kit.Face]:
    return [
        kit.Face(
            W(f"rune_{r}", lang),
            [W("left", lang, n=b.rune_stacks[i])],
            W(f"rune_{r}_do", lang),
            "#d7ccc8",
            acts(f"rune {r}"),
            f"rune-{r}",
        )  # fmt: skip
        for i, r in enumerate(game.cat.board["runes"]["types"])
    ]


def _gems(x: float, y: float, counts, who: str, acts: kit.Acts, verbs, owner, lang: str) -> list[dict]:
    """Gem tokens of the four colours and the jokers, each with its colour named under it."""
    out = []
    for k, c in enumerate((*COLOURS, "joker")):
        action = acts(*(f"{v} {c}" for v in verbs), owner=owner)
        out += kit.token(x + 30 + k * 78, y, 22, counts[k], FILL[c], kit.SMALL, id=f"{who}-{c}", action=action,
                         name=colour(c, lang))  # fmt: skip
    return out


def _supply(b: Board, acts: kit.Acts, y: float, lang: str) -> list[dict]:
    title = W("supply", lang, arts=len(b.art_supply), discard=len(b.art_discard))
    out = [kit.text(10, y, title, bold=True, id="art-supply")]
    out += _gems(10, y + 36, (*b.supply, b.jokers), "supply", acts, ("gem",), None, lang)
    out.append(kit.text(420, y + 42, W("ore_n", lang, n=b.ore), id="supply-ore"))
    return out


def _player(game, state, i: int, seat: int | None, y0: float, acts: kit.Acts, lang: str) -> tuple[dict, float]:
    b: Board = state.data
    p = b.players[i]
    head = W("head", lang, who=W("player", lang, n=i + 1), colour=kit.seat_colour_name(i, lang), pp=p.pp)
    if i == b.start:
        head += " · " + W("start", lang)
    if i == state.to_move:
        head += " · " + W("to_move", lang)
    out = _gems(28, y0 + 62, (*p.gems, p.jokers), f"p{i + 1}", acts, ("pay", "give", "jokergem"), i, lang)
    out.append(kit.text(440, y0 + 68, W("ore_n", lang, n=p.ore), id=f"p{i + 1}-ore"))
    runes = [W(f"rune_{r}", lang) for r in p.runes]
    if p.joker_gem:
        runes.append(W("joker_gem", lang, colour=colour(p.joker_gem, lang)))
    line = W("their_runes", lang, list=", ".join(runes) or W("none", lang))
    out += [kit.text(28, y0 + 130 + 22 * k, t, id=f"p{i + 1}-runes") for k, t in enumerate(kit.wrap(line, 80))]
    y = y0 + 140 + 22 * len(kit.wrap(line, 80))
    for r, row in enumerate(p.rows):
        out.append(
            kit.button(28, y, 120, W("row", lang, n=r + 1), acts(f"trade {r + 1}", owner=i), id=f"p{i + 1}-row-{r + 1}")
        )
        for s, space in enumerate(SPACES):
            art = row[s]
            label = (
                W("artifact", lang, colour=colour(art, lang)) if art else W("space", lang, colour=colour(space, lang))
            )
            out.append({"type": "rect", "x": 136 + s * 162, "y": y, "w": 158, "h": 36, "rx": 4, "label": label,
                        "size": kit.SMALL, "fill": FILL[art] if art else "#fafafa", "stroke": "#888" if space == "joker" else FILL[space],
                        "id": f"p{i + 1}-r{r + 1}-{space}"})  # fmt: skip
            if act := acts(f"place {r + 1} {space}", owner=i):
                out[-1]["action"] = act
        y += 44
    out.append(
        kit.text(28, y + 22, W("own_piles", lang, deck=len(p.draw), discard=len(p.discard)), id=f"p{i + 1}-piles")
    )
    y += 34
    played = list(b.turn.played) if i == b.current else []
    if played:
        out.append(kit.text(28, y + 20, W("played", lang), bold=True))
        faces = [card_face(game, n, lang, action=acts(f"use {n}", owner=i), id=f"p{i + 1}-played-{n}", seat=i,
                           selected=True) for n in played]  # fmt: skip
        row, y = kit.card_row(faces, 28, y + 32, 922, 180)
        out += row
    if seat in (None, i):
        out.append(kit.text(28, y + 20, W("hand", lang, n=len(p.hand)), bold=True, id=f"p{i + 1}-hand"))
        faces = [card_face(game, n, lang, action=acts(*(f"{v} {n}" for v in HAND_VERBS), owner=i),
                           id=f"p{i + 1}-card-{k}", seat=i) for k, n in enumerate(p.hand)]  # fmt: skip
        row, y = kit.card_row(faces, 28, y + 32, 922, 180)
        out += row
    else:
        out.append(kit.text(28, y + 20, W("hand_hidden", lang, n=len(p.hand)), bold=True, id=f"p{i + 1}-hand"))
        y += 34
    frame = kit.panel(6, y0, 948, y - y0 + 4, head, i, i == state.to_move)
    frame[-1]["id"] = f"p{i + 1}-head"
    return kit.group(frame + out, seat=i, id=f"p{i + 1}"), y + 10
