"""The rune stones' special abilities (RS-210..RS-226): who may use which rune now, and the
two rune actions a player may take at their decision points (Joker rune RS-212, Exchange rune RS-215).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine import Action
from .model import Board, copy_player, copy_turn, put, with_player
from .tables import COLOURS

if TYPE_CHECKING:
    from .rules import Ctx

__all__ = ["has_rune", "joker_colour", "joker_everywhere", "play_extra"]


def has_rune(board: Board, seat: int, rune: str, opts: dict) -> bool:
    """The player owns ``rune`` and may use it now (RS-223..RS-225).

    A rune taken this turn in the trade-in step acts at once only if it is one
    of the immediate runes (joker, exchange, hand) and the option allows it;
    the action runes act from the next turn on anyway, because the action is over.
    """
    if rune not in board.players[seat].runes:
        return False
    if seat == board.current and board.turn.new_rune == rune:
        return bool(opts["immediate_runes"]) and rune in ("joker", "exchange", "hand")
    return True


def joker_colour(board: Board, seat: int, opts: dict) -> str:
    """The colour whose gems count as joker stones for ``seat`` (Joker rune, RS-213), or ''."""
    gem = board.players[seat].joker_gem
    return gem if gem and has_rune(board, seat, "joker", opts) else ""


def joker_everywhere(board: Board, seat: int, opts: dict) -> str:
    """The Joker rune colour when it counts as joker stones in every rule, not only when paying
    (option ``joker_rune_everywhere``, RS-214), else ''. Such gems are then never given where a
    rule gives no joker stone (any-gem icons, the Exchange rune), nor swapped for one (die swap)."""
    return joker_colour(board, seat, opts) if opts["joker_rune_everywhere"] else ""


def play_extra(board: Board, ctx: Ctx, action: Action) -> Board:
    """Put a gem on the Joker rune (RS-212) or swap with the Exchange rune (RS-215)."""
    seat, p = board.current, board.players[board.current]
    if action.kind == "jokergem":  # RS-212: the gem comes from the supply and stays
        i = COLOURS.index(action.args[0])
        ctx.say("RS-212", "joker_gem", colour=action.args[0])
        return with_player(
            board, seat, copy_player(p, joker_gem=action.args[0]), supply=put(board.supply, i, board.supply[i] - 1)
        )
    give, get = action.args  # RS-215
    turn = copy_turn(board.turn, swapped=True)
    ctx.say("RS-215", "rune_swap", give=give, get=get)
    if give == "ore":
        i = COLOURS.index(get)
        p = copy_player(p, ore=p.ore - 1, gems=put(p.gems, i, p.gems[i] + 1))
        return with_player(
            board, seat, p, turn=turn, ore=board.ore + 1, supply=put(board.supply, i, board.supply[i] - 1)
        )
    i = COLOURS.index(give)
    p = copy_player(p, ore=p.ore + 1, gems=put(p.gems, i, p.gems[i] - 1))
    return with_player(board, seat, p, turn=turn, ore=board.ore - 1, supply=put(board.supply, i, board.supply[i] + 1))
