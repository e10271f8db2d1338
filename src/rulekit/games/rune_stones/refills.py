"""Drawing and refilling: the creature display, the forges and the hands.

Every reshuffle uses the state's dice, so replays are exact.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .model import Board, copy_board, evolve_player
from .runes import has_rune

if TYPE_CHECKING:
    from .rules import Ctx

__all__ = ["draw_general", "fill_empty_forges", "refill_display", "refill_forges", "refill_hand"]


def draw_general(board: Board, ctx: Ctx, reshuffle: bool = True) -> tuple[Board, int]:
    """Top card of the general draw pile; reshuffle the general discard when empty (RS-081;
    for the die's card result only with the option die_card_reshuffle, RS-112)."""
    if not board.deck:
        if not board.gdiscard or not reshuffle:
            return board, 0  # RS-082, RS-112: nothing to draw
        ctx.say("RS-081", "reshuffle_general", n=len(board.gdiscard))
        board = copy_board(board, deck=ctx.dice.shuffle(board.gdiscard), gdiscard=())
    return copy_board(board, deck=board.deck[1:]), board.deck[0]


def refill_display(board: Board, ctx: Ctx) -> Board:
    """RS-080: slide the cards right, then fill the empty slots on the left."""
    cards = tuple(n for n in board.display if n)
    empty = len(board.display) - len(cards)
    if not empty:
        return board
    new: list[int] = []
    aside: list[int] = []
    while len(new) < empty:
        board, card = draw_general(board, ctx)
        if not card:
            ctx.say("RS-082", "display_short", n=empty - len(new))
            break
        if card >= 71 and ctx.opts["dragons_set_aside_on_refill"]:  # RS-083 option
            aside.append(card)
            continue
        new.append(card)
    if aside:
        board = copy_board(board, deck=ctx.dice.shuffle(board.deck + tuple(aside)))
    # new cards fill from the right end of the empty block: the first drawn lies next to the old cards
    display = (0,) * (empty - len(new)) + tuple(reversed(new)) + cards
    ctx.say("RS-080", "refill_display", cards=", ".join(map(str, new)) or "-")
    return copy_board(board, display=display)


def refill_forges(board: Board, ctx: Ctx) -> Board:
    """RS-146: every empty coloured forge gets an artifact; RS-148 reshuffle; RS-150 stay empty."""
    board = fill_empty_forges(board, ctx)
    if board.joker_stack == 0:
        ctx.say("RS-149", "joker_forge_empty")
    return board


def fill_empty_forges(board: Board, ctx: Ctx) -> Board:
    """Each empty coloured forge gets the top artifact of the supply (RS-146), the discard is
    reshuffled when the supply is out (RS-148); with both piles empty the forge stays empty
    (RS-150) until a later refill: the next forge refill, or with the option
    ``refill_forge_on_return`` the trade-in that brings artifacts back."""
    forges, supply, discard = list(board.forges), board.art_supply, board.art_discard
    for i, art in enumerate(forges):
        if art:
            continue
        if not supply and discard:
            ctx.say("RS-148", "reshuffle_artifacts", n=len(discard))
            supply, discard = ctx.dice.shuffle(discard), ()
        if not supply:
            ctx.say("RS-150", "forge_empty", forge=i + 1)
            continue
        forges[i], supply = supply[0], supply[1:]
        ctx.say("RS-146", "refill_forge", forge=i + 1, artifact=forges[i])
    return copy_board(board, forges=tuple(forges), art_supply=supply, art_discard=discard)


def hand_limit(board: Board, seat: int, ctx: Ctx) -> int:
    """4 cards, 6 with the Hand Limit rune (RS-180, RS-216)."""
    b = ctx.cat.board
    return b["hand_size_rune"] if has_rune(board, seat, "hand", ctx.opts) else b["hand_size"]


def refill_hand(board: Board, ctx: Ctx, seat: int) -> Board:
    """RS-180..RS-182: draw to the hand limit, reshuffling the own discard pile."""
    p = board.players[seat]
    hand, draw, discard = list(p.hand), p.draw, p.discard
    want = hand_limit(board, seat, ctx)
    drawn = 0
    while len(hand) < want:
        if not draw:
            if not discard:
                ctx.say("RS-182", "hand_short", n=len(hand))
                break
            ctx.say("RS-181", "reshuffle_own", n=len(discard))
            draw, discard = ctx.dice.shuffle(discard), ()
        k = min(want - len(hand), len(draw))  # the top cards the pile gives, at once
        hand += draw[:k]
        draw = draw[k:]
        drawn += k
    ctx.say("RS-180", "refill_hand", n=drawn, size=len(hand))
    return evolve_player(board, seat, hand=tuple(sorted(hand)), draw=draw, discard=discard)
