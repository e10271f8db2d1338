"""Trading in power rows for power points and a rune stone (RS-160..RS-168)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine import Action
from .checks import rune_choices
from .model import Board, copy_board, copy_turn, evolve_player
from .refills import fill_empty_forges
from .turn import after_action

if TYPE_CHECKING:
    from .rules import Ctx

__all__ = ["play_rune", "play_trade", "row_value"]


def row_value(ctx: Ctx, count: int) -> int:
    """Power points of a row by artifact count (RS-162, RS-193)."""
    return ctx.opts["trade_values"][count]


def play_trade(board: Board, ctx: Ctx, action: Action) -> tuple[Board, str]:
    seat, p = board.current, board.players[board.current]
    if action.kind == "done":
        ctx.say("RS-063", "trade_done")
        return board, "refill_hand"
    # trade: RS-160, RS-161 the whole row, RS-162 power points
    r = action.args[0] - 1
    row = p.rows[r]
    arts = [a for a in row if a]
    gain = row_value(ctx, len(arts))
    rows = tuple(("",) * 5 if k == r else x for k, x in enumerate(p.rows))
    board = evolve_player(board, seat, rows=rows, pp=p.pp + gain)
    coloured = tuple(a for a in arts if a != "joker")
    board = copy_board(
        board,
        art_discard=board.art_discard + coloured,  # RS-167
        joker_stack=board.joker_stack + len(arts) - len(coloured),  # RS-168
    )
    ctx.say("RS-162", "trade", row=r + 1, n=len(arts), pp=gain)
    if coloured and "" in board.forges and ctx.opts["refill_forge_on_return"]:  # RS-150 option
        ctx.say("RS-150", "forge_refill_on_return", n=len(coloured))
        board = fill_empty_forges(board, ctx)
    if len(p.runes) >= ctx.cat.board["trade"]["max_runes"]:  # RS-164
        ctx.say("RS-164", "rune_limit")
        return after_action(board, ctx)
    if not rune_choices(board, ctx):  # RS-166 (rulekit's choice): power points only
        ctx.say("RS-166", "no_rune_left")
        return after_action(board, ctx)
    return board, "rune_choice"


def play_rune(board: Board, ctx: Ctx, action: Action) -> tuple[Board, str]:
    """RS-163: the rune stone goes to the player's board."""
    seat, p = board.current, board.players[board.current]
    types = ctx.cat.board["runes"]["types"]
    i = types.index(action.args[0])
    board = evolve_player(board, seat, runes=(*p.runes, action.args[0]))
    stacks = board.rune_stacks[:i] + (board.rune_stacks[i] - 1,) + board.rune_stacks[i + 1 :]
    ctx.say("RS-163", "take_rune", rune=action.args[0])
    board = copy_board(board, rune_stacks=stacks, turn=copy_turn(board.turn, new_rune=action.args[0]))
    return after_action(board, ctx)
