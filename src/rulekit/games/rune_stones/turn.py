"""A turn (RS-060..RS-065) and its three actions: summon (RS-070..RS-077), use abilities
(RS-090..RS-096), forge (RS-130..RS-150); the automatic steps between them.

``play_<phase>(board, ctx, action)`` carries out a decision that
``checks.DECISIONS`` found legal and returns ``(board, next phase)``;
``auto_<phase>(board, ctx)`` carries out an automatic phase. ``rules`` puts
them into the engine's flow table.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine import Action
from ...engine.seats import next_seat
from .checks import pick_limit, rune_actions_open, trade_ok
from .effects import FORGE_BONUS, FORGE_BONUS_ITEMS, answer, op_feasible, proceed
from .model import Board, Turn, copy_board, copy_player, copy_turn, put, with_player
from .refills import refill_display, refill_forges, refill_hand
from .runes import has_rune
from .words import name_of

if TYPE_CHECKING:
    from .rules import Ctx

__all__ = [
    "after_action",
    "play_choose",
    "play_forge",
    "play_pick",
    "play_resolve",
    "play_step",
    "play_summon",
    "auto_start_turn",
    "auto_refill_display",
    "auto_dispose",
    "auto_refill_forges",
    "auto_refill_hand",
    "auto_end_turn",
]


# -- applying decisions --------------------------------------------------------


def after_action(board: Board, ctx: Ctx) -> tuple[Board, str]:
    """RS-063: the optional trade-in step (or a rune action there), else straight to the hand refill."""
    if trade_ok(board, ctx, 1) is None or trade_ok(board, ctx, 2) is None or rune_actions_open(board, ctx):
        return board, "trade_artifacts"
    return board, "refill_hand"


def play_choose(board: Board, ctx: Ctx, action: Action) -> tuple[Board, str]:
    return _choose(board, ctx, action.args[0])


def play_step(board: Board, ctx: Ctx, action: Action) -> tuple[Board, str]:
    return proceed(answer(board, ctx, action), ctx)


def play_pick(board: Board, ctx: Ctx, action: Action) -> tuple[Board, str]:
    return _abilities(board, ctx, action)


def play_resolve(board: Board, ctx: Ctx, action: Action) -> tuple[Board, str]:
    return _abilities(board, ctx, action)


def play_summon(board: Board, ctx: Ctx, action: Action) -> tuple[Board, str]:
    return _summon(board, ctx, action)


def play_forge(board: Board, ctx: Ctx, action: Action) -> tuple[Board, str]:
    return _forge(board, ctx, action)


def _choose(board: Board, ctx: Ctx, what: str) -> tuple[Board, str]:
    ctx.say("RS-061", "choose_" + what)
    if what == "summon":
        bonus = ctx.cat.board["runes"]["magic_bonus"] if has_rune(board, board.current, "magic", ctx.opts) else 0
        if bonus:
            ctx.say("RS-210", "magic_rune", n=bonus)
        return copy_board(board, turn=copy_turn(board.turn, action=what, mp=bonus)), "summon"
    t = copy_turn(board.turn, action=what)
    if what == "abilities":
        return copy_board(board, turn=t), "use_abilities"
    return copy_board(board, turn=t), "forge"


def _summon(board: Board, ctx: Ctx, action: Action) -> tuple[Board, str]:
    t, seat, p = board.turn, board.current, board.players[board.current]
    kind, args = action.kind, action.args
    if kind == "colour":  # RS-071
        ctx.say("RS-071", "colour", colour=args[0])
        return copy_board(board, turn=copy_turn(t, colour=args[0])), "summon"
    if kind == "play":  # RS-070
        card = ctx.cat.card(args[0])
        p = copy_player(p, hand=tuple(n for n in p.hand if n != args[0]))
        ctx.say("RS-070", "play_mp", card=args[0], mp=card.mp, total=t.mp + card.mp)
        return with_player(board, seat, p, turn=copy_turn(t, mp=t.mp + card.mp, played=(*t.played, args[0]))), "summon"
    if kind == "summon":  # RS-072, RS-073, RS-075
        slot = args[0] - 1
        card, cost = board.display[slot], ctx.opts["slot_costs"][slot]
        ctx.say("RS-073", "summon", card=card, slot=slot + 1, cost=cost, left=t.mp - t.spent - cost)
        t = copy_turn(t, spent=t.spent + cost, gained=(*t.gained, card))
        return copy_board(board, display=put(board.display, slot, 0), turn=t), "summon"
    # done: RS-076 cards to the own discard pile, RS-077 leftover MP is lost
    cards = t.played + t.gained
    p = copy_player(p, discard=(*reversed(cards), *p.discard))
    ctx.say("RS-076", "summon_done", n=len(t.gained), lost=t.mp - t.spent)
    board = with_player(board, seat, p, turn=copy_turn(t, played=(), gained=(), mp=0, spent=0))
    if t.gained:
        return board, "refill_display"
    return after_action(board, ctx)


def _abilities(board: Board, ctx: Ctx, action: Action) -> tuple[Board, str]:
    t, seat, p = board.turn, board.current, board.players[board.current]
    kind, args = action.kind, action.args
    if kind == "pick":  # RS-090
        t = copy_turn(t, played=(*t.played, args[0]))
        ctx.say("RS-090", "pick", card=args[0])
        board = with_player(board, seat, copy_player(p, hand=tuple(n for n in p.hand if n != args[0])), turn=t)
        full = len(t.played) >= pick_limit(board, ctx) or (len(t.played) >= 2 and not board.players[seat].hand)
        return board, ("resolve_abilities" if full else "use_abilities")
    if kind == "go":  # RS-217: two cards although three were allowed
        return board, "resolve_abilities"
    if kind == "finish":  # RS-093: the abilities not used stay unused
        if len(t.used) < len(t.played):
            ctx.say("RS-093", "finish", n=len(t.played) - len(t.used))
        return copy_board(board, turn=copy_turn(t, used=t.played)), "dispose_played_cards"
    # use: RS-092 any order
    card = ctx.cat.card(args[0])
    t = copy_turn(t, used=(*t.used, args[0]), card=args[0], gave_pp=False)
    ctx.say("RS-092", "use", card=args[0], kind=card.kind)
    if card.kind == "basic":  # RS-098
        t = copy_turn(t, queue=card.gain)
    elif card.kind == "choice":  # RS-099, RS-211
        if has_rune(board, seat, "plus", ctx.opts):
            ctx.say("RS-211", "plus_rune")
            t = copy_turn(t, queue=card.options[0] + card.options[1])
        else:
            t = copy_turn(t, queue=("choose",))
    else:  # RS-100, RS-101: only if the whole payment can be made
        if op_feasible(board, ctx, "pay", card.pay):
            t = copy_turn(t, bill=card.pay, queue=card.gain)
        else:
            ctx.say("RS-100", "cannot_pay", card=args[0])
    return proceed(copy_board(board, turn=t), ctx)


def _forge(board: Board, ctx: Ctx, action: Action) -> tuple[Board, str]:
    t = board.turn
    if action.kind == "done":
        ctx.say("RS-130", "forge_done", n=len(t.forged))
        if t.forged:
            return board, "refill_forges"
        return after_action(board, ctx)
    forge = action.args[0]
    if forge == "joker":  # RS-133, RS-134
        bill = ("any",) * ctx.cat.board["artifacts"]["joker_forge_cost"]
        t = copy_turn(t, forged=(*t.forged, 6), joker_forged=True, artifact="joker", queue=("place",))
        board = copy_board(board, joker_stack=board.joker_stack - 1)
        ctx.say("RS-133", "forge_joker")
    else:  # RS-131, RS-142
        cost, bonus = ctx.opts["forge_costs"][forge - 1], ctx.opts["forge_bonuses"][forge - 1]
        art = board.forges[forge - 1]
        bill = (art,) * cost
        queue = ("place",) + FORGE_BONUS.get(bonus, ())
        t = copy_turn(t, forged=(*t.forged, forge), artifact=art, queue=queue)
        board = copy_board(board, forges=put(board.forges, forge - 1, ""))
        ctx.say("RS-131", "forge", forge=forge, artifact=art, cost=cost)
    p = board.players[board.current]
    if not op_feasible(board, ctx, "pay", bill):  # only ores can pay (RS-141): no bill of gems
        ctx.say("RS-141", "pay_ore")
        queue = tuple(q for q in t.queue if q not in FORGE_BONUS_ITEMS)  # RS-143
        p = copy_player(p, ore=p.ore - 3)
        return proceed(with_player(board, board.current, p, ore=board.ore + 3, turn=copy_turn(t, queue=queue)), ctx)
    return proceed(copy_board(board, turn=copy_turn(t, bill=bill, ore_ok=p.ore >= 3)), ctx)


# -- automatic steps of a turn, one function per automatic phase ----------------

#: a turn with nothing done yet: frozen, so every new turn shares it (``Turn()`` runs a frozen __init__)
_NEW_TURN = Turn()


def auto_start_turn(board: Board, ctx: Ctx) -> tuple[Board, str]:
    """RS-060: the active player's turn begins."""
    ctx.say("RS-060", "start_turn", player=name_of(board.current))
    return board, "choose_action"


def auto_refill_display(board: Board, ctx: Ctx) -> tuple[Board, str]:
    """RS-080..RS-083, then the optional trade-in (RS-063)."""
    return after_action(refill_display(board, ctx), ctx)


def auto_dispose(board: Board, ctx: Ctx) -> tuple[Board, str]:
    """RS-094..RS-096, RS-218, then the optional trade-in (RS-063)."""
    return after_action(_dispose(board, ctx), ctx)


def auto_refill_forges(board: Board, ctx: Ctx) -> tuple[Board, str]:
    """RS-146..RS-150, then the optional trade-in (RS-063)."""
    return after_action(refill_forges(board, ctx), ctx)


def auto_refill_hand(board: Board, ctx: Ctx) -> tuple[Board, str]:
    """RS-064, RS-180..RS-182."""
    return refill_hand(board, ctx, board.current), "end_turn"


def auto_end_turn(board: Board, ctx: Ctx) -> tuple[Board, str]:
    """RS-065: the next player clockwise; back at the start player the round ends."""
    nxt = next_seat(board.current, len(board.players))
    board = copy_board(board, turn=_NEW_TURN, current=nxt, last_roll="")
    if nxt == board.start:
        ctx.say("RS-065", "round_over")
        return board, "round_end"
    ctx.say("RS-065", "next_player", player=name_of(nxt))
    return board, "start_turn"


def _dispose(board: Board, ctx: Ctx) -> Board:
    """RS-094..RS-096, RS-218: the lowest card to the own discard, the others away."""
    seat, t = board.current, board.turn
    p = board.players[seat]
    cards = sorted(t.played)
    low, high = cards[0], cards[1:]
    to_general = tuple(n for n in high if n < 100)
    out = tuple(n for n in high if n >= 100)
    rule = "RS-218" if len(cards) == 3 else "RS-094"
    ctx.say("RS-095", "dispose_low", card=low)
    for n in to_general:
        ctx.say(rule, "dispose_general", card=n)
    for n in out:
        ctx.say(rule, "dispose_box", card=n)
    p = copy_player(p, discard=(low, *p.discard), removed=p.removed + out)
    return with_player(board, seat, p, gdiscard=to_general + board.gdiscard, turn=copy_turn(t, played=(), used=()))
