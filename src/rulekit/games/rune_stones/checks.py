"""Small checks shared by the legal-action lists and the refusals.

Each check answers "may the active player do this now?" with ``None`` (yes)
or the id of the rule that forbids it. ``turn`` builds the legal actions
from them and ``why`` turns the same rule id into a refusal, so the two can
never disagree.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .effects import feasible, place_targets
from .model import Board
from .runes import has_rune, joker_everywhere
from .runes import joker_colour as _joker_colour
from .tables import COLOURS

if TYPE_CHECKING:
    from .rules import Ctx

__all__ = [
    "choose_ok",
    "play_ok",
    "summon_ok",
    "pick_ok",
    "use_ok",
    "forge_ok",
    "trade_ok",
    "rune_ok",
    "jokergem_ok",
    "swap_ok",
    "pick_limit",
    "summon_mp",
    "can_summon_any",
    "rune_choices",
    "artifact_count",
]


def joker_colour(board: Board, ctx: Ctx) -> str:
    """The colour whose gems count as joker stones (Joker rune, RS-213), or ''."""
    return _joker_colour(board, board.current, ctx.opts)


# -- choosing the action (RS-061, RS-062, RS-091) ------------------------------


def choose_ok(board: Board, ctx: Ctx, what: object) -> str | None:
    """The action ``what`` (summon, abilities, forge) may be chosen now."""
    strict = not ctx.opts["allow_empty_action"]
    if what == "summon":
        return "RS-062" if strict and not can_summon_any(board, ctx) else None
    if what == "abilities":
        return "RS-091" if len(board.players[board.current].hand) < 2 else None
    if what == "forge":
        if not strict or any(forge_ok(board, ctx, f) is None for f in (*range(1, len(board.forges) + 1), "joker")):
            return None
        # nothing at all is possible: an empty forge action is the one way to pass the turn (RS-062)
        others = (choose_ok(board, ctx, "summon"), choose_ok(board, ctx, "abilities"))
        return "RS-062" if None in others else None
    return "RS-061"


# -- summoning (RS-070..RS-073) ------------------------------------------------


def summon_mp(board: Board, ctx: Ctx, colour: str) -> int:
    """All magic points of one colour the hand could give, plus the rune (RS-071, RS-210)."""
    p = board.players[board.current]
    bonus = ctx.cat.board["runes"]["magic_bonus"] if has_rune(board, board.current, "magic", ctx.opts) else 0
    card = ctx.cat.card
    return bonus + sum(c.mp for c in map(card, p.hand) if c.magic == colour or c.magic == "multi")


def can_summon_any(board: Board, ctx: Ctx) -> bool:
    costs = [c for c, n in zip(ctx.opts["slot_costs"], board.display, strict=True) if n]
    return bool(costs) and max(summon_mp(board, ctx, c) for c in COLOURS) >= min(costs)


def play_ok(board: Board, ctx: Ctx, card: object) -> str | None:
    """``card`` may be played for magic points of the chosen colour (RS-070, RS-071)."""
    if card not in board.players[board.current].hand:
        return "RS-070"
    colour = board.turn.colour
    if not colour:
        return "RS-071"
    magic = ctx.cat.card(card).magic
    return None if magic == colour or magic == "multi" else "RS-071"


def summon_ok(board: Board, ctx: Ctx, slot: object) -> str | None:
    """The creature in display slot ``slot`` (1-6) may be summoned (RS-072, RS-073)."""
    if not isinstance(slot, int) or isinstance(slot, bool) or not 1 <= slot <= len(board.display):
        return "RS-073"
    if not board.display[slot - 1]:
        return "RS-073"
    t = board.turn
    return None if ctx.opts["slot_costs"][slot - 1] <= t.mp - t.spent else "RS-072"


# -- using abilities (RS-090..RS-093, RS-217) ----------------------------------


def pick_limit(board: Board, ctx: Ctx) -> int:
    """2 cards, 2-3 with the Use 3 Abilities rune (RS-090, RS-217)."""
    return 3 if has_rune(board, board.current, "three", ctx.opts) else 2


def pick_ok(board: Board, ctx: Ctx, card: object) -> str | None:
    """``card`` may be laid out for its ability (RS-090, RS-217)."""
    if card not in board.players[board.current].hand:
        return "RS-090"
    if len(board.turn.played) >= pick_limit(board, ctx):
        return "RS-217" if pick_limit(board, ctx) == 3 else "RS-090"
    return None


def use_ok(board: Board, card: object) -> str | None:
    """The ability of a laid-out ``card`` may be started (RS-092: each once, any order)."""
    t = board.turn
    return None if card in t.played and card not in t.used else "RS-092"


# -- forging (RS-130..RS-150) --------------------------------------------------


def forge_ok(board: Board, ctx: Ctx, forge: object) -> str | None:
    """The forge (1-5 or "joker") may be used now, else the rule that forbids it."""
    t, p = board.turn, board.players[board.current]
    joker = forge == "joker"
    if not joker and (not isinstance(forge, int) or isinstance(forge, bool) or not 1 <= forge <= len(board.forges)):
        return "RS-132"
    if len(t.forged) >= 2:
        return "RS-130"
    if joker and t.joker_forged:
        return "RS-134"
    if (6 if joker else forge) in t.forged:
        return "RS-147"
    if joker:
        if board.joker_stack <= 0:
            return "RS-149"
        art, bill = "joker", ("any",) * ctx.cat.board["artifacts"]["joker_forge_cost"]
    else:
        art = board.forges[forge - 1]
        if not art:
            return "RS-150"
        bill = (art,) * ctx.opts["forge_costs"][forge - 1]
    if not place_targets(board, board.current, art):
        return "RS-138"
    if p.ore >= 3 or feasible(p.gems, p.jokers, joker_colour(board, ctx), bill):
        return None
    return "RS-133" if joker else "RS-131"


# -- trading in and rune stones (RS-160..RS-166, RS-212, RS-215) ---------------


def artifact_count(board: Board, row: int) -> int:
    return sum(1 for a in board.players[board.current].rows[row - 1] if a)


def trade_ok(board: Board, ctx: Ctx, row: object) -> str | None:
    """Row ``row`` (1 or 2) may be traded in: it holds at least 2 artifacts (RS-160); without the
    option trade_without_rune, a player with fewer than 4 runes also needs a rune stone to take (RS-166)."""
    if row not in (1, 2) or artifact_count(board, row) < 2:
        return "RS-160"
    if ctx.opts["trade_without_rune"]:
        return None
    runes = len(board.players[board.current].runes)
    return None if runes >= ctx.cat.board["trade"]["max_runes"] or rune_choices(board, ctx) else "RS-166"


def rune_choices(board: Board, ctx: Ctx) -> list[str]:
    """Rune types left in the display that the player does not own (RS-163, RS-165)."""
    return [r for r in ctx.cat.board["runes"]["types"] if rune_ok(board, ctx, r) is None]


def rune_ok(board: Board, ctx: Ctx, rune: object) -> str | None:
    """The rune stone ``rune`` may be taken (RS-165 no doubles, RS-166 stack not empty)."""
    types = ctx.cat.board["runes"]["types"]
    if rune not in types:
        return "RS-166"
    if rune in board.players[board.current].runes:
        return "RS-165"
    return None if board.rune_stacks[types.index(rune)] > 0 else "RS-166"


def jokergem_ok(board: Board, ctx: Ctx, colour: object) -> str | None:
    """A gem of ``colour`` may be put on the Joker rune (RS-212: once, a coloured gem from the supply)."""
    if not has_rune(board, board.current, "joker", ctx.opts) or board.players[board.current].joker_gem:
        return "RS-212"
    if colour not in COLOURS:
        return "RS-212"
    return None if board.supply[COLOURS.index(colour)] > 0 else "RS-212"


def swap_ok(board: Board, ctx: Ctx, give: object, get: object) -> str | None:
    """The Exchange rune may swap ``give`` for ``get`` (RS-215: once a turn, a gem for an ore or back;
    never for a joker stone, so with ``joker_rune_everywhere`` not for the Joker rune colour, RS-214)."""
    if not has_rune(board, board.current, "exchange", ctx.opts) or board.turn.swapped:
        return "RS-215"
    p = board.players[board.current]
    if give == "ore" and get in COLOURS:
        if get == joker_everywhere(board, board.current, ctx.opts):
            return "RS-214"  # option joker_rune_everywhere: that colour would be a joker stone
        return None if p.ore > 0 and board.supply[COLOURS.index(get)] > 0 else "RS-215"
    if get == "ore" and give in COLOURS:
        return None if board.ore > 0 and p.gems[COLOURS.index(give)] > 0 else "RS-215"
    return "RS-215"
