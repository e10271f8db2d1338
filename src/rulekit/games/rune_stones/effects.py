"""Carrying out ability icons, die results, forge bills and bonuses.

The active player's pending work lives in ``Turn``: a ``bill`` (gems still to
pay), an ``artifact`` waiting to be placed and a ``queue`` of icons. ``proceed``
runs every step that needs no decision and stops at the first one that does,
returning the phase to show. Decision steps (pay, place, choose a gem, take a
card, pick an option, give a gem for the die swap) are answered by ``answer``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine import Action, DataFileError, FlowError
from .model import Board, evolve_player, put, replace
from .refills import draw_general, refill_display
from .runes import has_rune, joker_everywhere
from .tables import COLOURS, SPACES

if TYPE_CHECKING:
    from .rules import Ctx

__all__ = [
    "proceed",
    "step_actions",
    "answer",
    "place_targets",
    "pay_rule",
    "DIE_RESULT",
    "FORGE_BONUS",
    "FORGE_BONUS_ITEMS",
    "feasible",
    "pay_tokens",
    "cover",
]

#: die face -> queue item (RS-107..RS-109); items from the die carry their source ("die_", "dpp")
#: so events cite the die rules, not the card's (PP from the die: RS-226a)
DIE_RESULT = {"any_gem": "die_gem", "swap": "swap", "card": "draw", "ore": "die_ore", "pp1": "dpp:1", "pp2": "dpp:2"}
#: forge bonus -> queue item (RS-142); paying with 3 ores drops these (RS-143)
FORGE_BONUS = {"ore": ("forge_ore",), "die": ("fdie",), "pp3": ("fpp:3",)}
FORGE_BONUS_ITEMS = frozenset(i for items in FORGE_BONUS.values() for i in items)
_DECIDE = ("any_gem", "die_gem", "any_card", "card:", "choose", "swap", "place")
#: the rule of each ability kind, cited for what its icons give (RS-098..RS-100)
KIND_RULE = {"basic": "RS-098", "choice": "RS-099", "exchange": "RS-100"}


# -- paying (RS-100, RS-101, RS-131..RS-135) ----------------------------------------


def feasible(gems: tuple[int, ...], jokers: int, jcol: str, bill: tuple[str, ...]) -> bool:
    """Can ``bill`` be paid in full from ``gems`` and ``jokers``?"""
    if not bill:
        return True
    jokers_need = bill.count("joker")
    any_need = bill.count("any")
    flex = jokers + (gems[COLOURS.index(jcol)] if jcol else 0)
    flex_need = jokers_need
    spare = 0
    for i, c in enumerate(COLOURS):
        need = bill.count(c)
        if c == jcol:
            flex_need += need
            continue
        flex_need += max(0, need - gems[i])
        spare += max(0, gems[i] - need)
    return flex_need <= flex and any_need <= flex - flex_need + spare


def cover(token: str, gems: tuple[int, ...], jokers: int, jcol: str, bill: tuple[str, ...]):
    """Pay one ``token`` (a colour or "joker") towards ``bill``.

    Returns ``(gems, jokers, bill)`` after the payment, or None when the token
    cannot pay a need without making the rest of the bill unpayable.
    """
    if token == "joker":
        if jokers <= 0:
            return None
        gems2, jokers2 = gems, jokers - 1
        wild = True
    else:
        i = COLOURS.index(token)
        if gems[i] <= 0:
            return None
        gems2, jokers2 = gems[:i] + (gems[i] - 1,) + gems[i + 1 :], jokers
        wild = token == jcol
    order = (token, "any") if not wild else (token, *COLOURS, "joker", "any")
    for need in dict.fromkeys(order):
        if need in bill:
            k = bill.index(need)
            rest = bill[:k] + bill[k + 1 :]
            if feasible(gems2, jokers2, jcol, rest):
                return gems2, jokers2, rest
    return None


def pay_tokens(gems: tuple[int, ...], jokers: int, jcol: str, bill: tuple[str, ...]) -> list[str]:
    """The tokens that may pay the next part of ``bill`` (stable order)."""
    return [t for t in (*COLOURS, "joker") if cover(t, gems, jokers, jcol, bill) is not None]


# -- carrying out icons ----------------------------------------------------------


def place_targets(board: Board, seat: int, artifact: str) -> list[tuple[int, str]]:
    """Empty spaces an artifact may go to: its colour (RS-137) or any for a joker (RS-140)."""
    rows = board.players[seat].rows
    out = []
    for r, row in enumerate(rows):
        for s, space in enumerate(SPACES):
            if not row[s] and (artifact == "joker" or space == artifact):
                out.append((r + 1, space))
    return out


def step_actions(board: Board, ctx: Ctx) -> list[Action]:
    """The choices of the pending decision step (empty when none is pending)."""
    t, p = board.turn, board.players[board.current]
    if t.bill:
        jcol = p.joker_gem if has_rune(board, board.current, "joker", ctx.opts) else ""
        out = [Action("pay", (tok,)) for tok in pay_tokens(p.gems, p.jokers, jcol, t.bill)]
        if t.ore_ok and p.ore >= 3:
            out.append(Action("pay", ("ore",)))  # RS-141
        return out
    if not t.queue:
        return []
    item = t.queue[0]
    if item == "place":
        return [Action("place", (r, s)) for r, s in place_targets(board, board.current, t.artifact)]
    wild = joker_everywhere(board, board.current, ctx.opts)  # RS-214 option: that colour is a joker stone
    if item in ("any_gem", "die_gem"):  # RS-103, RS-107: no joker stone
        out = [Action("gem", (c,)) for i, c in enumerate(COLOURS) if board.supply[i] > 0 and c != wild]
    elif item == "any_card":  # RS-104
        out = [Action("take", (k + 1,)) for k, n in enumerate(board.display) if n]
    elif item.startswith("card:"):  # RS-105
        colour = item[5:]
        out = [Action("take", (k + 1,)) for k, n in enumerate(board.display) if n and ctx.cat.cards[n].colour == colour]
    elif item == "choose":  # RS-099
        out = [Action("option", (1,)), Action("option", (2,))]
    elif item == "swap":  # RS-108
        out = [Action("give", (c,)) for i, c in enumerate(COLOURS) if p.gems[i] > 0 and c != wild]
        out = out if board.jokers > 0 else []
    else:
        return []
    return [*out, Action("skip")] if out else []


def answer(board: Board, ctx: Ctx, action: Action) -> Board:
    """Apply a decision-step action (already checked legal)."""
    t, seat = board.turn, board.current
    p = board.players[seat]
    kind, args = action.kind, action.args
    if kind == "pay":
        if args[0] == "ore":  # RS-141, RS-143: exactly 3 ores, no bonus
            board = evolve_player(board, seat, ore=p.ore - 3)
            queue = tuple(q for q in t.queue if q not in FORGE_BONUS_ITEMS)
            ctx.say("RS-141", "pay_ore")
            return replace(board, ore=board.ore + 3, turn=replace(t, bill=(), ore_ok=False, queue=queue))
        return _pay(board, ctx, args[0])
    queue = t.queue[1:]
    board = replace(board, turn=replace(t, queue=queue))
    if kind == "skip":
        ctx.say("RS-093", "skip_icon")
        return board
    if kind == "place":
        return _place(board, ctx, args[0], args[1])
    if kind == "gem":
        return _gain_gem(board, ctx, args[0], "RS-107" if t.queue[0] == "die_gem" else "RS-103")
    if kind == "take":
        return _take(board, ctx, args[0] - 1)
    if kind == "option":
        card = ctx.cat.card(t.card)
        ctx.say("RS-099", "option", n=args[0])
        return replace(board, turn=replace(board.turn, queue=card.options[args[0] - 1] + queue))
    if kind == "give":  # RS-108: a coloured gem for a joker stone
        i = COLOURS.index(args[0])
        board = evolve_player(board, seat, gems=put(p.gems, i, p.gems[i] - 1), jokers=p.jokers + 1)
        ctx.say("RS-108", "die_swap", colour=args[0])
        return replace(board, supply=put(board.supply, i, board.supply[i] + 1), jokers=board.jokers - 1)
    raise FlowError(f"rune_stones: no step plays {action} (legal let it through)")


def _pay(board: Board, ctx: Ctx, token: str) -> Board:
    t, seat = board.turn, board.current
    p = board.players[seat]
    jcol = p.joker_gem if has_rune(board, seat, "joker", ctx.opts) else ""
    gems, jokers, bill = cover(token, p.gems, p.jokers, jcol, t.bill)
    board = evolve_player(board, seat, gems=gems, jokers=jokers)
    supply = board.supply
    if token != "joker":
        i = COLOURS.index(token)
        supply = put(supply, i, supply[i] + 1)
    ctx.say(pay_rule(t, token), "pay", token=token)
    return replace(
        board, supply=supply, jokers=board.jokers + (token == "joker"), turn=replace(t, bill=bill, ore_ok=False)
    )


def pay_rule(t, token: str) -> str:
    """The rule a payment follows: a joker stone stands in (RS-101, RS-135), gems of the
    artifact's colour (RS-131), any gems for a joker artifact (RS-133), an exchange (RS-100)."""
    if t.action == "forge":
        if token == "joker":
            return "RS-135"
        return "RS-133" if t.artifact == "joker" else "RS-131"
    return "RS-101" if token == "joker" else "RS-100"


def _place(board: Board, ctx: Ctx, row: int, space: str) -> Board:
    seat, t = board.current, board.turn
    rows = board.players[seat].rows
    r = rows[row - 1]
    r = put(r, SPACES.index(space), t.artifact)
    board = evolve_player(board, seat, rows=put(rows, row - 1, r))
    ctx.say("RS-140" if t.artifact == "joker" else "RS-137", "place", artifact=t.artifact, row=row, space=space)
    return replace(board, turn=replace(board.turn, artifact=""))


def _gain_gem(board: Board, ctx: Ctx, colour: str, rule: str) -> Board:
    i = COLOURS.index(colour)
    if board.supply[i] <= 0:  # RS-102, RS-110: only if available
        ctx.say("RS-110", "supply_empty", item=colour)
        return board
    p = board.players[board.current]
    board = evolve_player(board, board.current, gems=put(p.gems, i, p.gems[i] + 1))
    ctx.say(rule, "gain_gem", colour=colour)
    return replace(board, supply=put(board.supply, i, board.supply[i] - 1))


def _take(board: Board, ctx: Ctx, slot: int) -> Board:
    """RS-104, RS-105, RS-114: a display card goes to the own discard pile."""
    seat = board.current
    card = board.display[slot]
    p = board.players[seat]
    board = evolve_player(board, seat, discard=(card, *p.discard))
    board = replace(board, display=put(board.display, slot, 0))
    ctx.say("RS-104", "take_card", card=card, slot=slot + 1)
    if ctx.opts["refill_after_take"]:  # RS-111 (rulekit's choice)
        board = refill_display(board, ctx)
    return board


def _auto(board: Board, ctx: Ctx, item: str) -> Board:
    """Carry out one icon that needs no decision."""
    seat = board.current
    p = board.players[seat]
    if item.startswith("gem:"):
        return _gain_gem(board, ctx, item[4:], "RS-102")
    if item == "joker":
        if board.jokers <= 0:
            ctx.say("RS-110", "supply_empty", item="joker")
            return board
        ctx.say("RS-102", "gain_joker")
        return replace(evolve_player(board, seat, jokers=p.jokers + 1), jokers=board.jokers - 1)
    if item in ("ore", "die_ore", "forge_ore"):
        if board.ore <= 0:
            ctx.say("RS-110", "supply_empty", item="ore")
            return board
        rule = {"die_ore": "RS-107", "forge_ore": "RS-142"}.get(item) or _kind_rule(board, ctx)
        ctx.say(rule, "gain_ore")
        return replace(evolve_player(board, seat, ore=p.ore + 1), ore=board.ore - 1)
    if item[:3] in ("pp:", "dpp", "fpp"):
        n = int(item.split(":")[1])
        rule = {"dpp": "RS-107", "fpp": "RS-142"}.get(item[:3]) or _kind_rule(board, ctx)
        ctx.say(rule, "gain_pp", n=n)
        board = evolve_player(board, seat, pp=p.pp + n)
        gives = item[:3] == "pp:" or (item[:3] == "dpp" and ctx.opts["die_pp_counts_for_extra"])
        return replace(board, turn=replace(board.turn, gave_pp=True)) if gives else board
    if item == "draw":  # RS-109, RS-112
        board, card = draw_general(board, ctx, ctx.opts["die_card_reshuffle"])
        if not card:
            ctx.say("RS-112", "deck_empty")
            return board
        p = board.players[seat]
        ctx.say("RS-109", "draw_card", card=card)
        return evolve_player(board, seat, discard=(card, *p.discard))
    if item in ("die", "fdie"):
        return _roll(board, ctx, item)
    raise DataFileError("data/cards.toml", "gain", f"unknown icon {item!r} (RS-015)")


def _kind_rule(board: Board, ctx: Ctx) -> str:
    """The rule of the ability kind of the card being carried out (RS-098..RS-100)."""
    return KIND_RULE[ctx.cat.card(board.turn.card).kind] if board.turn.card else "RS-098"


def _roll(board: Board, ctx: Ctx, item: str) -> Board:
    """RS-106: one roll; Double Die repeats the result (RS-221) but not at a forge (RS-222)."""
    faces = ctx.opts["die_faces"]  # RS-011, RS-017: the six faces (an option)
    face = faces[ctx.dice.below(len(faces))]
    result = DIE_RESULT[face]
    times = 1
    doubled = item == "die" and has_rune(board, board.current, "double_die", ctx.opts)
    if doubled and (ctx.opts["double_die_all_faces"] or face not in ("card", "swap")):
        times = 2
    ctx.say("RS-221" if times == 2 else "RS-106", "roll", face=face, times=times)
    t = board.turn
    return replace(board, last_roll=face, turn=replace(t, queue=(result,) * times + t.queue))


def proceed(board: Board, ctx: Ctx) -> tuple[Board, str]:
    """Run pending steps until a decision is needed; return (board, phase)."""
    decide = "forge_step" if board.turn.action == "forge" else "ability_step"
    while True:
        t = board.turn
        if t.bill or (t.queue and t.queue[0].startswith(_DECIDE)):
            choices = step_actions(board, ctx)
            real = [a for a in choices if a.kind != "skip"]
            if len(real) == 1 and (t.bill or t.queue[0] == "place"):
                board = answer(board, ctx, real[0])  # only one way: no decision to show
                continue
            if real:
                return board, decide
            ctx.say("RS-093", "icon_void", icon=t.queue[0])  # RS-105: nothing to take
            board = replace(board, turn=replace(t, queue=t.queue[1:]))
            continue
        if t.queue:
            board = _auto(replace(board, turn=replace(t, queue=t.queue[1:])), ctx, t.queue[0])
            continue
        return _finish_card(board, ctx)


def _finish_card(board: Board, ctx: Ctx) -> tuple[Board, str]:
    t = board.turn
    if t.action == "forge":
        return board, "forge"
    if t.card and t.gave_pp and has_rune(board, board.current, "extra_pp", ctx.opts):  # RS-219
        p = board.players[board.current]
        board = evolve_player(board, board.current, pp=p.pp + 1)
        ctx.say("RS-219", "extra_pp", card=t.card)
    board = replace(board, turn=replace(board.turn, card=0, gave_pp=False))
    if len(board.turn.used) == len(board.turn.played):
        return board, "dispose_played_cards"
    return board, "resolve_abilities"
