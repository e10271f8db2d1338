"""Trading in power rows (RS-160..RS-168) and the automatic steps of a turn.

Each ``auto_<phase>(board, ctx)`` carries out one automatic phase (refills,
disposal, end of turn and round, scoring) and returns ``(board, next phase)``.
"""

from __future__ import annotations

from ...engine import Action
from ...engine.seats import next_seat
from .checks import rune_choices, trade_ok
from .ctx import Ctx, holds, name_of
from .model import Board, Turn, evolve_player, replace
from .piles import fill_empty_forges, refill_display, refill_forges, refill_hand

__all__ = [
    "auto_dispose",
    "auto_end_turn",
    "auto_refill_display",
    "auto_refill_forges",
    "auto_refill_hand",
    "auto_round_end",
    "auto_scoring",
    "auto_start_turn",
    "auto_winner",
    "final_points",
    "legal_rune",
    "legal_trade",
    "play_rune",
    "play_trade",
    "row_value",
    "stopped_by_limit",
]


def row_value(ctx: Ctx, count: int) -> int:
    """Power points of a row by artifact count (RS-162, RS-193)."""
    return ctx.opts["trade_values"][count]


def legal_trade(board: Board, ctx: Ctx) -> list[Action]:
    """RS-063, RS-160: trade in a row of 2+ artifacts, or done (rune actions before done)."""
    from .turn import with_extras

    out = [Action("trade", (r,)) for r in (1, 2) if trade_ok(board, ctx, r) is None]
    out.append(Action("done"))
    return with_extras(out, board, ctx)


def legal_rune(board: Board, ctx: Ctx) -> list[Action]:
    """RS-163, RS-165: a rune stone not owned yet, from a stack that is not empty."""
    return [Action("rune", (r,)) for r in rune_choices(board, ctx)]


def play_trade(board: Board, ctx: Ctx, action: Action) -> tuple[Board, str]:
    from .turn import after_action

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
    board = replace(
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
    from .turn import after_action

    seat, p = board.current, board.players[board.current]
    types = ctx.cat.board["runes"]["types"]
    i = types.index(action.args[0])
    board = evolve_player(board, seat, runes=(*p.runes, action.args[0]))
    stacks = board.rune_stacks[:i] + (board.rune_stacks[i] - 1,) + board.rune_stacks[i + 1 :]
    ctx.say("RS-163", "take_rune", rune=action.args[0])
    board = replace(board, rune_stacks=stacks, turn=replace(board.turn, new_rune=action.args[0]))
    return after_action(board, ctx)


# -- automatic steps, one function per automatic phase --------------------------


def auto_start_turn(board: Board, ctx: Ctx) -> tuple[Board, str]:
    """RS-060: the active player's turn begins."""
    ctx.say("RS-060", "start_turn", player=name_of(board.current))
    return board, "choose_action"


def auto_refill_display(board: Board, ctx: Ctx) -> tuple[Board, str]:
    """RS-080..RS-083, then the optional trade-in (RS-063)."""
    from .turn import after_action

    return after_action(refill_display(board, ctx), ctx)


def auto_dispose(board: Board, ctx: Ctx) -> tuple[Board, str]:
    """RS-094..RS-096, RS-218, then the optional trade-in (RS-063)."""
    from .turn import after_action

    return after_action(_dispose(board, ctx), ctx)


def auto_refill_forges(board: Board, ctx: Ctx) -> tuple[Board, str]:
    """RS-146..RS-150, then the optional trade-in (RS-063)."""
    from .turn import after_action

    return after_action(refill_forges(board, ctx), ctx)


def auto_refill_hand(board: Board, ctx: Ctx) -> tuple[Board, str]:
    """RS-064, RS-180..RS-182."""
    return refill_hand(board, ctx, board.current), "end_turn"


def auto_end_turn(board: Board, ctx: Ctx) -> tuple[Board, str]:
    """RS-065: the next player clockwise; back at the start player the round ends."""
    nxt = next_seat(board.current, len(board.players))
    board = replace(board, turn=Turn(), current=nxt, last_roll="")
    if nxt == board.start:
        ctx.say("RS-065", "round_over")
        return board, "round_end"
    ctx.say("RS-065", "next_player", player=name_of(nxt))
    return board, "start_turn"


def auto_round_end(board: Board, ctx: Ctx) -> tuple[Board, str]:
    """RS-190, RS-191: 65 power points end the game after the round; else a new round.

    A round limit (option, 0 = none: the rulebook prints none) stops a game
    nobody finishes, unscored and without winners (``RuneStones.stopped``).
    """
    best = max(p.pp for p in board.players)
    if best >= ctx.opts["end_threshold"]:
        ctx.say("RS-190", "game_ends", n=ctx.opts["end_threshold"])
        return board, "scoring"
    if stopped_by_limit(board, ctx.opts):
        ctx.say("engine", "round_limit", n=ctx.opts["round_limit"])
        return board, "game_over"
    ctx.say("RS-191", "new_round", best=best)
    return replace(board, round=board.round + 1), "start_turn"


def stopped_by_limit(board: Board, opts: dict) -> bool:
    """The round limit is reached and nobody stands on the throne (rulekit's stop, not a rule)."""
    limit = opts["round_limit"]
    return bool(limit) and board.round >= limit and max(p.pp for p in board.players) < opts["end_threshold"]


def auto_scoring(board: Board, ctx: Ctx) -> tuple[Board, str]:
    """RS-192..RS-195."""
    return _score(board, ctx), "determine_winner"


def auto_winner(board: Board, ctx: Ctx) -> tuple[Board, str]:
    """RS-196, RS-197: most power points; a tie gives several winners."""
    best = max(p.pp for p in board.players)
    won = [name_of(i) for i, p in enumerate(board.players) if p.pp == best]
    ctx.say("RS-197" if len(won) > 1 else "RS-196", "winners", players=", ".join(won), count=len(won), pp=best)
    return board, "game_over"


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


def final_points(p, values: tuple[int, ...]) -> tuple[int, int]:
    """(leftover stones, rows) a player scores at the end (RS-192..RS-194)."""
    return holds(p) // 3, sum(values[sum(1 for a in row if a)] for row in p.rows)


def _score(board: Board, ctx: Ctx) -> Board:
    """RS-192..RS-194: leftover stones and rows still on the board."""
    for seat, p in enumerate(board.players):
        stones, rows = final_points(p, ctx.opts["trade_values"])
        ctx.say("RS-192", "score", player=name_of(seat), stones=stones, rows=rows, total=p.pp + stones + rows)
        board = evolve_player(board, seat, pp=p.pp + stones + rows)
    return board
