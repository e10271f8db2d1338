"""Trading in power rows (RS-160..RS-168) and the automatic steps of a turn.

``auto_step(board, phase, ctx)`` carries out one automatic phase (refills,
disposal, end of turn and round, scoring) and returns ``(board, phase, over)``.
"""

from __future__ import annotations

from ...engine import Action
from .ctx import Ctx, holds, name_of
from .model import Board, Turn, evolve_player, replace
from .piles import refill_display, refill_forges, refill_hand

__all__ = ["trade_decide", "auto_step", "row_value"]


def row_value(ctx: Ctx, count: int) -> int:
    """Power points of a row by artifact count (RS-162, RS-193)."""
    return ctx.opts["trade_values"][count]


def trade_decide(board: Board, ctx: Ctx, action: Action) -> tuple[Board, str]:
    from .turn import after_action, rune_choices

    seat, p = board.current, board.players[board.current]
    if action.kind == "done":
        ctx.say("RS-063", "trade_done")
        return board, "refill_hand"
    if action.kind == "rune":  # RS-163
        types = ctx.cat.board["runes"]["types"]
        i = types.index(action.args[0])
        board = evolve_player(board, seat, runes=(*p.runes, action.args[0]))
        stacks = board.rune_stacks[:i] + (board.rune_stacks[i] - 1,) + board.rune_stacks[i + 1 :]
        ctx.say("RS-163", "take_rune", rune=action.args[0])
        board = replace(board, rune_stacks=stacks, turn=replace(board.turn, new_rune=action.args[0]))
        return after_action(board, ctx)
    # trade: RS-160, RS-161 the whole row, RS-162 power points
    r = action.args[0] - 1
    row = p.rows[r]
    arts = [a for a in row if a]
    gain = row_value(ctx, len(arts))
    rows = tuple(("",) * 5 if k == r else x for k, x in enumerate(p.rows))
    board = evolve_player(board, seat, rows=rows, pp=p.pp + gain)
    coloured = tuple(a for a in arts if a != "joker")
    board = replace(
        board,
        art_discard=board.art_discard + coloured,  # RS-167
        joker_stack=board.joker_stack + len(arts) - len(coloured),  # RS-168
    )
    ctx.say("RS-162", "trade", row=r + 1, n=len(arts), pp=gain)
    if len(p.runes) >= ctx.cat.board["trade"]["max_runes"]:  # RS-164
        ctx.say("RS-164", "rune_limit")
        return after_action(board, ctx)
    if not rune_choices(board, ctx):  # RS-166 (rulekit's choice): power points only
        ctx.say("RS-166", "no_rune_left")
        return after_action(board, ctx)
    return board, "rune_choice"


def auto_step(board: Board, phase: str, ctx: Ctx) -> tuple[Board, str, bool]:
    """One automatic phase; returns (board, next phase, game over)."""
    from .turn import after_action

    if phase == "start_turn":  # RS-060
        ctx.say("RS-060", "start_turn", player=name_of(board.current))
        return board, "choose_action", False
    if phase == "refill_display":
        board = refill_display(board, ctx)
        return (*after_action(board, ctx), False)
    if phase == "dispose_played_cards":
        return (*after_action(_dispose(board, ctx), ctx), False)
    if phase == "refill_forges":
        board = refill_forges(board, ctx)
        return (*after_action(board, ctx), False)
    if phase == "refill_hand":  # RS-064
        return refill_hand(board, ctx, board.current), "end_turn", False
    if phase == "end_turn":  # RS-065
        nxt = (board.current + 1) % len(board.players)
        board = replace(board, turn=Turn(), current=nxt, last_roll="")
        if nxt == board.start:
            ctx.say("RS-065", "round_over")
            return board, "round_end", False
        ctx.say("RS-065", "next_player", player=name_of(nxt))
        return board, "start_turn", False
    if phase == "round_end":  # RS-190, RS-191
        best = max(p.pp for p in board.players)
        if best >= ctx.opts["end_threshold"]:
            ctx.say("RS-190", "game_ends", n=ctx.opts["end_threshold"])
            return board, "scoring", False
        limit = ctx.opts["round_limit"]
        if limit and board.round >= limit:  # rulekit's safety end for a stuck game (see docs)
            ctx.say("RS-190", "round_limit", n=limit)
            return board, "scoring", False
        ctx.say("RS-191", "new_round", best=best)
        return replace(board, round=board.round + 1), "start_turn", False
    if phase == "scoring":
        return _score(board, ctx), "determine_winner", False
    if phase == "determine_winner":  # RS-196, RS-197
        best = max(p.pp for p in board.players)
        won = [name_of(i) for i, p in enumerate(board.players) if p.pp == best]
        ctx.say("RS-197" if len(won) > 1 else "RS-196", "winners", players=", ".join(won), pp=best)
        return board, "game_over", True
    raise ValueError(f"no automatic step in phase {phase!r}")


def _dispose(board: Board, ctx: Ctx) -> Board:
    """RS-094..RS-096, RS-218: the lowest card to the own discard, the others away."""
    seat, t = board.current, board.turn
    p = board.players[seat]
    cards = sorted(t.played)
    low, high = cards[0], cards[1:]
    to_general = tuple(n for n in high if n < 100)
    out = tuple(n for n in high if n >= 100)
    board = evolve_player(board, seat, discard=(low, *p.discard), removed=p.removed + out)
    rule = "RS-218" if len(cards) == 3 else "RS-094"
    ctx.say("RS-095", "dispose_low", card=low)
    for n in to_general:
        ctx.say(rule, "dispose_general", card=n)
    for n in out:
        ctx.say(rule, "dispose_box", card=n)
    return replace(board, gdiscard=to_general + board.gdiscard, turn=replace(t, played=(), used=()))


def _score(board: Board, ctx: Ctx) -> Board:
    """RS-192..RS-194: leftover stones and rows still on the board."""
    for seat, p in enumerate(board.players):
        stones = holds(p) // 3
        rows = sum(row_value(ctx, sum(1 for a in row if a)) for row in p.rows)
        ctx.say("RS-192", "score", player=name_of(seat), stones=stones, rows=rows, total=p.pp + stones + rows)
        board = evolve_player(board, seat, pp=p.pp + stones + rows)
    return board
