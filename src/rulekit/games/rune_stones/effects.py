"""Carrying out ability icons, die results, forge bills and bonuses.

The active player's pending work lives in ``Turn``: a ``bill`` (gems still to
pay), an ``artifact`` waiting to be placed and a ``queue`` of icons. ``proceed``
runs every step that needs no decision and stops at the first one that does,
returning the phase to show. Decision steps (pay, place, choose a gem, take a
card, pick an option, give a gem for the die swap) are answered by ``answer``.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from ...engine import Action, DataFileError, FlowError
from .model import Board, copy_board, copy_player, copy_turn, evolve_player, put, with_player
from .refills import draw_general, refill_display
from .runes import has_rune, joker_colour, joker_everywhere
from .tables import COLOURS, SPACES

if TYPE_CHECKING:
    from .rules import Ctx

__all__ = [
    "proceed",
    "step_actions",
    "step_choices",
    "step_kind",
    "step_args",
    "choice_ok",
    "answer",
    "place_targets",
    "pay_rule",
    "DIE_RESULT",
    "FORGE_BONUS",
    "FORGE_BONUS_ITEMS",
    "feasible",
    "OP_FEASIBLE",
    "op_feasible",
    "op_name",
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

#: ``feasible``, ``cover`` and ``_targets`` are pure functions of a few small tuples that every
#: legal list of a forge or payment asks again with the same arguments (the forge checks ask them
#: for each forge): they are cached. Their results are tuples, ints and bools, never changed.
_CACHE = 1 << 14


@lru_cache(maxsize=_CACHE)
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


@lru_cache(maxsize=_CACHE)
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


def place_targets(board: Board, seat: int, artifact: str) -> tuple[tuple[int, str], ...]:
    """Empty spaces an artifact may go to: its colour (RS-137) or any for a joker (RS-140)."""
    return _targets(board.players[seat].rows, artifact)


@lru_cache(maxsize=_CACHE)
def _targets(rows: tuple[tuple[str, ...], ...], artifact: str) -> tuple[tuple[int, str], ...]:
    return tuple(
        (r + 1, space)
        for r, row in enumerate(rows)
        for s, space in enumerate(SPACES)
        if not row[s] and (artifact == "joker" or space == artifact)
    )


#: the decision a queue item waits for (RS-099, RS-103..RS-105, RS-107, RS-108, RS-137, RS-140)
_STEP_KIND = {
    "place": "place",
    "any_gem": "gem",
    "die_gem": "gem",
    "any_card": "take",
    "choose": "option",
    "swap": "give",
}
#: the arguments of each step decision, in the order the choices are listed ("take": the display slots)
_STEP_ARGS = {
    "pay": tuple((c,) for c in (*COLOURS, "joker", "ore")),
    "place": tuple((r, s) for r in (1, 2) for s in SPACES),
    "gem": tuple((c,) for c in COLOURS),
    "option": ((1,), (2,)),
    "give": tuple((c,) for c in COLOURS),
}


def step_kind(board: Board) -> str:
    """The decision the pending step waits for: "pay" while a bill is open, else the one its queue's
    first icon asks for ("" when it asks for none)."""
    t = board.turn
    if t.bill:
        return "pay"
    if not t.queue:
        return ""
    head = t.queue[0]
    return "take" if head.startswith("card:") else _STEP_KIND.get(head, "")


def step_args(board: Board, kind: str) -> tuple[tuple, ...]:
    """Every argument tuple of a step decision of ``kind``, in list order."""
    if kind == "take":
        return tuple((k,) for k in range(1, len(board.display) + 1))
    return _STEP_ARGS[kind]


def choice_ok(board: Board, ctx: Ctx, kind: str, args: tuple) -> bool:
    """Whether ``args`` answers the pending step, which waits for ``kind``, completely now."""
    t, seat = board.turn, board.current
    p = board.players[seat]
    if kind == "pay":  # RS-100, RS-131..RS-135: a token that leaves the rest of the bill payable; RS-141 ores
        if args[0] == "ore":
            return t.ore_ok and p.ore >= 3
        return cover(args[0], p.gems, p.jokers, joker_colour(board, seat, ctx.opts), t.bill) is not None
    if kind == "place":  # RS-137, RS-140
        return args in place_targets(board, seat, t.artifact)
    if kind == "take":  # RS-104, RS-105: a display card (of the icon's colour)
        card, head = board.display[args[0] - 1], t.queue[0]
        return bool(card) and (head == "any_card" or ctx.cat.cards[card].colour == head[5:])
    if kind == "option":  # RS-099
        return True
    i, wild = COLOURS.index(args[0]), joker_everywhere(board, seat, ctx.opts)  # RS-214 option: a joker stone
    if kind == "gem":  # RS-103, RS-107: a gem the supply still has, no joker stone
        return board.supply[i] > 0 and args[0] != wild
    return p.gems[i] > 0 and args[0] != wild and board.jokers > 0  # give, RS-108: own gem for a joker stone


def step_choices(board: Board, ctx: Ctx) -> tuple[str, list[tuple]]:
    """The decision the pending step waits for (``step_kind``) and its arguments open now, in list order."""
    kind = step_kind(board)
    if not kind:
        return kind, []
    if kind == "place":  # RS-137, RS-140 (the same as choice_ok, listed at once)
        return kind, place_targets(board, board.current, board.turn.artifact)
    return kind, [a for a in step_args(board, kind) if choice_ok(board, ctx, kind, a)]


def step_actions(board: Board, ctx: Ctx) -> list[Action]:
    """The choices of the pending decision step (empty when none is pending); a gem, card, option or
    die swap may also be skipped (RS-093) when it offers a choice."""
    kind, open_now = step_choices(board, ctx)
    out = [Action(kind, a) for a in open_now]
    return out if kind in ("pay", "place") or not out else [*out, Action("skip")]


# -- feasibility: can an op be carried out completely now? (issue 25, RS-100, RS-131, RS-138) -----

#: one op's check: (board, ctx, argument) -> can the op be carried out completely now? The argument is
#: the queue item for an icon ("gem:red", "any_gem", "die_ore" ...), the artifact for "place", the
#: bill for "pay" and None for "pay_ore".
OpCheck = Callable[[Board, "Ctx", Any], bool]


def _always(board: Board, ctx: Ctx, arg: Any) -> bool:
    return True  # power points, a die roll, a choice between two options: nothing can run out


def _gem_left(board: Board, ctx: Ctx, item: str) -> bool:
    return board.supply[COLOURS.index(item.partition(":")[2])] > 0  # RS-102: a gem of the colour shown


def _any_gem_left(board: Board, ctx: Ctx, item: str) -> bool:
    return any(choice_ok(board, ctx, "gem", (c,)) for c in COLOURS)  # RS-103, RS-107 (no joker stone, RS-214)


def _card_shown(board: Board, ctx: Ctx, item: str) -> bool:
    """RS-104: any card of the display; RS-105: one of the icon's colour."""
    colour = item.partition(":")[2]
    return any(n and (not colour or ctx.cat.cards[n].colour == colour) for n in board.display)


def _swap_possible(board: Board, ctx: Ctx, item: str) -> bool:
    return any(choice_ok(board, ctx, "give", (c,)) for c in COLOURS)  # RS-108: own gem, a joker stone left


def _drawable(board: Board, ctx: Ctx, item: str) -> bool:
    """RS-109, RS-112: a card on the general draw pile, or in its discard pile when that is reshuffled."""
    return bool(board.deck) or (bool(board.gdiscard) and ctx.opts["die_card_reshuffle"])


def _payable(board: Board, ctx: Ctx, bill: tuple[str, ...]) -> bool:
    """RS-100, RS-101, RS-131..RS-135: the whole bill from the player's gems and joker stones."""
    p = board.players[board.current]
    return feasible(p.gems, p.jokers, joker_colour(board, board.current, ctx.opts), bill)


#: op -> whether it can be carried out completely in a position (``op_feasible``). Where a rule
#: demands the complete effect, the rules ask this: an exchange ability is carried out only if its
#: whole payment can be made (RS-100), an artifact is forged only if it can be paid (RS-131, RS-133,
#: RS-141) and placed (RS-138); the other icons give what the supply still has ("if available",
#: RS-102, RS-110) and say so. Every op of the card data, the die and the forges has an entry.
OP_FEASIBLE: dict[str, OpCheck] = {
    "gem": _gem_left,
    "joker": lambda board, ctx, item: board.jokers > 0,  # RS-102
    **dict.fromkeys(("ore", "die_ore", "forge_ore"), lambda board, ctx, item: board.ore > 0),  # RS-107, RS-142
    **dict.fromkeys(("pp", "dpp", "fpp", "die", "fdie", "choose"), _always),  # RS-099, RS-106, RS-107, RS-142
    **dict.fromkeys(("any_gem", "die_gem"), _any_gem_left),
    **dict.fromkeys(("any_card", "card"), _card_shown),
    "swap": _swap_possible,
    "draw": _drawable,
    "place": lambda board, ctx, artifact: bool(_targets(board.players[board.current].rows, artifact)),  # RS-137/140
    "pay": _payable,
    "pay_ore": lambda board, ctx, arg: board.players[board.current].ore >= 3,  # RS-141: exactly 3 ores
}


def op_name(item: str) -> str:
    """The op of a queue item: "gem:red" -> "gem", "dpp:2" -> "dpp", "any_gem" -> "any_gem"."""
    return item.partition(":")[0]


def op_feasible(board: Board, ctx: Ctx, op: str, arg: Any = None) -> bool:
    """Whether ``op`` (with its argument, see ``OpCheck``) can be carried out completely now."""
    check = OP_FEASIBLE.get(op)
    if check is None:
        raise DataFileError("data/cards.toml", "gain", f"op {op!r} has no feasibility check (RS-015)")
    return check(board, ctx, arg)


def answer(board: Board, ctx: Ctx, action: Action) -> Board:
    """Apply a decision-step action (already checked legal)."""
    t, seat = board.turn, board.current
    p = board.players[seat]
    kind, args = action.kind, action.args
    if kind == "pay":
        if args[0] == "ore":  # RS-141, RS-143: exactly 3 ores, no bonus
            queue = tuple(q for q in t.queue if q not in FORGE_BONUS_ITEMS)
            ctx.say("RS-141", "pay_ore")
            turn = copy_turn(t, bill=(), ore_ok=False, queue=queue)
            return with_player(board, seat, copy_player(p, ore=p.ore - 3), ore=board.ore + 3, turn=turn)
        return _pay(board, ctx, args[0])
    queue = t.queue[1:]
    board = copy_board(board, turn=copy_turn(t, queue=queue))
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
        return copy_board(board, turn=copy_turn(board.turn, queue=card.options[args[0] - 1] + queue))
    if kind == "give":  # RS-108: a coloured gem for a joker stone
        i = COLOURS.index(args[0])
        p = copy_player(p, gems=put(p.gems, i, p.gems[i] - 1), jokers=p.jokers + 1)
        ctx.say("RS-108", "die_swap", colour=args[0])
        return with_player(board, seat, p, supply=put(board.supply, i, board.supply[i] + 1), jokers=board.jokers - 1)
    raise FlowError(f"rune_stones: no step plays {action} (legal let it through)")


def _pay(board: Board, ctx: Ctx, token: str) -> Board:
    t, seat = board.turn, board.current
    p = board.players[seat]
    jcol = p.joker_gem if has_rune(board, seat, "joker", ctx.opts) else ""
    gems, jokers, bill = cover(token, p.gems, p.jokers, jcol, t.bill)
    supply = board.supply
    if token != "joker":
        i = COLOURS.index(token)
        supply = put(supply, i, supply[i] + 1)
    ctx.say(pay_rule(t, token), "pay", token=token)
    return with_player(
        board,
        seat,
        copy_player(p, gems=gems, jokers=jokers),
        supply=supply,
        jokers=board.jokers + (token == "joker"),
        turn=copy_turn(t, bill=bill, ore_ok=False),
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
    p = copy_player(board.players[seat], rows=put(rows, row - 1, r))
    ctx.say("RS-140" if t.artifact == "joker" else "RS-137", "place", artifact=t.artifact, row=row, space=space)
    return with_player(board, seat, p, turn=copy_turn(t, artifact=""))


def _gain_gem(board: Board, ctx: Ctx, colour: str, rule: str) -> Board:
    i = COLOURS.index(colour)
    if board.supply[i] <= 0:  # RS-102, RS-110: only if available
        ctx.say("RS-110", "supply_empty", item=colour)
        return board
    p = board.players[board.current]
    p = copy_player(p, gems=put(p.gems, i, p.gems[i] + 1))
    ctx.say(rule, "gain_gem", colour=colour)
    return with_player(board, board.current, p, supply=put(board.supply, i, board.supply[i] - 1))


def _take(board: Board, ctx: Ctx, slot: int) -> Board:
    """RS-104, RS-105, RS-114: a display card goes to the own discard pile."""
    seat = board.current
    card = board.display[slot]
    p = board.players[seat]
    board = evolve_player(board, seat, discard=(card, *p.discard))
    board = copy_board(board, display=put(board.display, slot, 0))
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
        if not op_feasible(board, ctx, "joker", item):
            ctx.say("RS-110", "supply_empty", item="joker")
            return board
        ctx.say("RS-102", "gain_joker")
        return with_player(board, seat, copy_player(p, jokers=p.jokers + 1), jokers=board.jokers - 1)
    if item in ("ore", "die_ore", "forge_ore"):
        if not op_feasible(board, ctx, item, item):
            ctx.say("RS-110", "supply_empty", item="ore")
            return board
        rule = {"die_ore": "RS-107", "forge_ore": "RS-142"}.get(item) or _kind_rule(board, ctx)
        ctx.say(rule, "gain_ore")
        return with_player(board, seat, copy_player(p, ore=p.ore + 1), ore=board.ore - 1)
    if item[:3] in ("pp:", "dpp", "fpp"):
        n = int(item.split(":")[1])
        rule = {"dpp": "RS-107", "fpp": "RS-142"}.get(item[:3]) or _kind_rule(board, ctx)
        ctx.say(rule, "gain_pp", n=n)
        p = copy_player(p, pp=p.pp + n)
        gives = item[:3] == "pp:" or (item[:3] == "dpp" and ctx.opts["die_pp_counts_for_extra"])
        if gives:
            return with_player(board, seat, p, turn=copy_turn(board.turn, gave_pp=True))
        return with_player(board, seat, p)
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
    return copy_board(board, last_roll=face, turn=copy_turn(t, queue=(result,) * times + t.queue))


def proceed(board: Board, ctx: Ctx) -> tuple[Board, str]:
    """Run pending steps until a decision is needed; return (board, phase)."""
    decide = "forge_step" if board.turn.action == "forge" else "ability_step"
    while True:
        t = board.turn
        if t.bill or (t.queue and t.queue[0].startswith(_DECIDE)):
            kind, open_now = step_choices(board, ctx)  # the choices of step_actions, skip aside
            if len(open_now) == 1 and (t.bill or t.queue[0] == "place"):
                board = answer(board, ctx, Action(kind, open_now[0]))  # only one way: no decision to show
                continue
            if open_now:
                return board, decide
            ctx.say("RS-093", "icon_void", icon=t.queue[0])  # RS-105: nothing to take
            board = copy_board(board, turn=copy_turn(t, queue=t.queue[1:]))
            continue
        if t.queue:
            board = _auto(copy_board(board, turn=copy_turn(t, queue=t.queue[1:])), ctx, t.queue[0])
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
    board = copy_board(board, turn=copy_turn(board.turn, card=0, gave_pp=False))
    if len(board.turn.used) == len(board.turn.played):
        return board, "dispose_played_cards"
    return board, "resolve_abilities"
