"""A turn (RS-060..RS-065) and its three actions: summon (RS-070..RS-077), use abilities
(RS-090..RS-096), forge (RS-130..RS-150); the automatic steps between them.

``legal_<phase>(board, ctx)`` lists the choices in a stable order, built from
the shared checks in ``checks``; ``play_<phase>(board, ctx, action)`` returns
``(board, next phase)``. ``flow`` puts them into the engine's flow table.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine import Action
from ...engine.seats import next_seat
from .checks import can_summon_any, choose_ok, forge_ok, pick_limit, swap_ok, trade_ok
from .effects import FORGE_BONUS, FORGE_BONUS_ITEMS, answer, feasible, proceed, step_actions
from .model import Board, Turn, evolve_player, put, replace
from .refills import refill_display, refill_forges, refill_hand
from .runes import has_rune
from .tables import COLOURS
from .words import name_of

if TYPE_CHECKING:
    from .rules import Ctx

__all__ = [
    "after_action",
    "can_summon_any",
    "extras",
    "legal_choose",
    "legal_forge",
    "legal_pick",
    "legal_resolve",
    "legal_step",
    "legal_summon",
    "play_choose",
    "play_forge",
    "play_pick",
    "play_resolve",
    "play_step",
    "play_summon",
    "with_extras",
    "auto_start_turn",
    "auto_refill_display",
    "auto_dispose",
    "auto_refill_forges",
    "auto_refill_hand",
    "auto_end_turn",
]

_ACTIONS = ("summon", "abilities", "forge")


# -- any-time rune actions (RS-212, RS-215) ------------------------------------


def extras(board: Board, ctx: Ctx) -> list[Action]:
    """Rune actions the owner may take at any of their decision points."""
    p = board.players[board.current]
    if not p.runes:
        return []
    out = []
    if "joker" in p.runes and not p.joker_gem and has_rune(board, board.current, "joker", ctx.opts):
        out += [Action("jokergem", (c,)) for i, c in enumerate(COLOURS) if board.supply[i] > 0]
    if "exchange" in p.runes and not board.turn.swapped:
        out += [Action("swap", (c, "ore")) for c in COLOURS if swap_ok(board, ctx, c, "ore") is None]
        out += [Action("swap", ("ore", c)) for c in COLOURS if swap_ok(board, ctx, "ore", c) is None]
    return out


def with_extras(out: list[Action], board: Board, ctx: Ctx) -> list[Action]:
    """``out`` with the rune actions put before its last entry (the phase's "done")."""
    more = extras(board, ctx)
    if more:
        out[-1:-1] = more
    return out


# -- legal actions, one function per decision phase ----------------------------


def legal_choose(board: Board, ctx: Ctx) -> list[Action]:
    """RS-061, RS-062, RS-091: one of the three actions."""
    out = [Action("action", (what,)) for what in _ACTIONS if choose_ok(board, ctx, what) is None]
    return with_extras(out, board, ctx)


def legal_summon(board: Board, ctx: Ctx) -> list[Action]:
    """RS-070..RS-073: first the colour, then cards for magic points and creatures to summon."""
    t, p = board.turn, board.players[board.current]
    if not t.colour:
        return [Action("colour", (c,)) for c in COLOURS]
    card = ctx.cat.card
    out = [Action("play", (n,)) for n in p.hand if card(n).magic in (t.colour, "multi")]
    left, costs = t.mp - t.spent, ctx.opts["slot_costs"]
    out += [Action("summon", (k + 1,)) for k, n in enumerate(board.display) if n and costs[k] <= left]
    if ctx.opts["allow_empty_action"] or t.gained or not out:
        out.append(Action("done"))
    return out


def legal_pick(board: Board, ctx: Ctx) -> list[Action]:
    """RS-090, RS-217: lay out two cards (three with the rune), then go."""
    t = board.turn
    out = (
        [Action("pick", (n,)) for n in board.players[board.current].hand]
        if len(t.played) < pick_limit(board, ctx)
        else []
    )
    if len(t.played) >= 2:
        out.append(Action("go"))
    return out


def legal_resolve(board: Board, ctx: Ctx) -> list[Action]:
    """RS-092, RS-093: any laid-out card not used yet, or stop."""
    t = board.turn
    out = [Action("use", (n,)) for n in t.played if n not in t.used]
    out.append(Action("finish"))
    return with_extras(out, board, ctx)


def legal_step(board: Board, ctx: Ctx) -> list[Action]:
    """The choices inside an ability or a forging (pay, place, gem, card, option)."""
    return step_actions(board, ctx)


def legal_forge(board: Board, ctx: Ctx) -> list[Action]:
    """RS-130..RS-134: a forge that may be used now, or done."""
    out = [Action("forge", (f,)) for f in range(1, len(board.forges) + 1) if forge_ok(board, ctx, f) is None]
    if forge_ok(board, ctx, "joker") is None:
        out.append(Action("forge", ("joker",)))
    if ctx.opts["allow_empty_action"] or board.turn.forged or not out:
        out.append(Action("done"))
    return with_extras(out, board, ctx)


# -- applying decisions --------------------------------------------------------


def after_action(board: Board, ctx: Ctx) -> tuple[Board, str]:
    """RS-063: the optional trade-in step, else straight to the hand refill."""
    if trade_ok(board, ctx, 1) is None or trade_ok(board, ctx, 2) is None or extras(board, ctx):
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
    t = replace(board.turn, action=what)
    if what == "summon":
        bonus = ctx.cat.board["runes"]["magic_bonus"] if has_rune(board, board.current, "magic", ctx.opts) else 0
        if bonus:
            ctx.say("RS-210", "magic_rune", n=bonus)
        return replace(board, turn=replace(t, mp=bonus)), "summon"
    if what == "abilities":
        return replace(board, turn=t), "use_abilities"
    return replace(board, turn=t), "forge"


def _summon(board: Board, ctx: Ctx, action: Action) -> tuple[Board, str]:
    t, seat, p = board.turn, board.current, board.players[board.current]
    kind, args = action.kind, action.args
    if kind == "colour":  # RS-071
        ctx.say("RS-071", "colour", colour=args[0])
        return replace(board, turn=replace(t, colour=args[0])), "summon"
    if kind == "play":  # RS-070
        card = ctx.cat.card(args[0])
        board = evolve_player(board, seat, hand=tuple(n for n in p.hand if n != args[0]))
        ctx.say("RS-070", "play_mp", card=args[0], mp=card.mp, total=t.mp + card.mp)
        return replace(board, turn=replace(t, mp=t.mp + card.mp, played=(*t.played, args[0]))), "summon"
    if kind == "summon":  # RS-072, RS-073, RS-075
        slot = args[0] - 1
        card, cost = board.display[slot], ctx.opts["slot_costs"][slot]
        ctx.say("RS-073", "summon", card=card, slot=slot + 1, cost=cost, left=t.mp - t.spent - cost)
        t = replace(t, spent=t.spent + cost, gained=(*t.gained, card))
        return replace(board, display=put(board.display, slot, 0), turn=t), "summon"
    # done: RS-076 cards to the own discard pile, RS-077 leftover MP is lost
    cards = t.played + t.gained
    board = evolve_player(board, seat, discard=(*reversed(cards), *p.discard))
    ctx.say("RS-076", "summon_done", n=len(t.gained), lost=t.mp - t.spent)
    board = replace(board, turn=replace(t, played=(), gained=(), mp=0, spent=0))
    if t.gained:
        return board, "refill_display"
    return after_action(board, ctx)


def _abilities(board: Board, ctx: Ctx, action: Action) -> tuple[Board, str]:
    t, seat, p = board.turn, board.current, board.players[board.current]
    kind, args = action.kind, action.args
    if kind == "pick":  # RS-090
        board = evolve_player(board, seat, hand=tuple(n for n in p.hand if n != args[0]))
        t = replace(t, played=(*t.played, args[0]))
        ctx.say("RS-090", "pick", card=args[0])
        board = replace(board, turn=t)
        full = len(t.played) >= pick_limit(board, ctx) or (len(t.played) >= 2 and not board.players[seat].hand)
        return board, ("resolve_abilities" if full else "use_abilities")
    if kind == "go":  # RS-217: two cards although three were allowed
        return board, "resolve_abilities"
    if kind == "finish":  # RS-093: the abilities not used stay unused
        if len(t.used) < len(t.played):
            ctx.say("RS-093", "finish", n=len(t.played) - len(t.used))
        return replace(board, turn=replace(t, used=t.played)), "dispose_played_cards"
    # use: RS-092 any order
    card = ctx.cat.card(args[0])
    t = replace(t, used=(*t.used, args[0]), card=args[0], gave_pp=False)
    ctx.say("RS-092", "use", card=args[0], kind=card.kind)
    if card.kind == "basic":  # RS-098
        t = replace(t, queue=card.gain)
    elif card.kind == "choice":  # RS-099, RS-211
        if has_rune(board, seat, "plus", ctx.opts):
            ctx.say("RS-211", "plus_rune")
            t = replace(t, queue=card.options[0] + card.options[1])
        else:
            t = replace(t, queue=("choose",))
    else:  # RS-100, RS-101
        jcol = p.joker_gem if has_rune(board, seat, "joker", ctx.opts) else ""
        if feasible(p.gems, p.jokers, jcol, card.pay):
            t = replace(t, bill=card.pay, queue=card.gain)
        else:
            ctx.say("RS-100", "cannot_pay", card=args[0])
    return proceed(replace(board, turn=t), ctx)


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
        t = replace(t, forged=(*t.forged, 6), joker_forged=True, artifact="joker", queue=("place",))
        board = replace(board, joker_stack=board.joker_stack - 1)
        ctx.say("RS-133", "forge_joker")
    else:  # RS-131, RS-142
        cost, bonus = ctx.opts["forge_costs"][forge - 1], ctx.opts["forge_bonuses"][forge - 1]
        art = board.forges[forge - 1]
        bill = (art,) * cost
        queue = ("place",) + FORGE_BONUS.get(bonus, ())
        t = replace(t, forged=(*t.forged, forge), artifact=art, queue=queue)
        board = replace(board, forges=put(board.forges, forge - 1, ""))
        ctx.say("RS-131", "forge", forge=forge, artifact=art, cost=cost)
    p = board.players[board.current]
    jcol = p.joker_gem if has_rune(board, board.current, "joker", ctx.opts) else ""
    gem_ok = feasible(p.gems, p.jokers, jcol, bill)
    if not gem_ok:  # only ores can pay (RS-141): no bill of gems
        board = evolve_player(board, board.current, ore=p.ore - 3)
        ctx.say("RS-141", "pay_ore")
        queue = tuple(q for q in t.queue if q not in FORGE_BONUS_ITEMS)  # RS-143
        return proceed(replace(board, ore=board.ore + 3, turn=replace(t, queue=queue)), ctx)
    return proceed(replace(board, turn=replace(t, bill=bill, ore_ok=p.ore >= 3)), ctx)


# -- automatic steps of a turn, one function per automatic phase ----------------


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
    board = replace(board, turn=Turn(), current=nxt, last_roll="")
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
    board = evolve_player(board, seat, discard=(low, *p.discard), removed=p.removed + out)
    rule = "RS-218" if len(cards) == 3 else "RS-094"
    ctx.say("RS-095", "dispose_low", card=low)
    for n in to_general:
        ctx.say(rule, "dispose_general", card=n)
    for n in out:
        ctx.say(rule, "dispose_box", card=n)
    return replace(board, gdiscard=to_general + board.gdiscard, turn=replace(t, played=(), used=()))
