"""The active player's decisions: legal actions and their effects, by phase.

``legal_in(board, phase, ctx)`` lists the choices in a stable order and
``decide(board, phase, ctx, action)`` returns ``(board, next phase)``.
"""

from __future__ import annotations

from ...engine import Action
from .ctx import Ctx, has_rune, tradable_rows
from .effects import answer, place_targets, proceed, step_actions
from .model import COLOURS, Board, Turn, evolve_player, put, replace
from .pay import feasible

__all__ = ["legal_in", "decide", "after_action", "forge_ok", "extras", "can_summon_any"]

RUNE_PHASES = ("choose_action", "resolve_abilities", "forge", "trade_artifacts")


# -- any-time rune actions (RS-212, RS-215) ------------------------------------


def extras(board: Board, ctx: Ctx) -> list[Action]:
    """Rune actions the owner may take at any of their decision points."""
    seat, p, t = board.current, board.players[board.current], board.turn
    out = []
    if has_rune(board, seat, "joker", ctx.opts) and not p.joker_gem:
        out += [Action("jokergem", (c,)) for i, c in enumerate(COLOURS) if board.supply[i] > 0]
    if has_rune(board, seat, "exchange", ctx.opts) and not t.swapped:
        if board.ore > 0:
            out += [Action("swap", (c, "ore")) for i, c in enumerate(COLOURS) if p.gems[i] > 0]
        if p.ore > 0:
            out += [Action("swap", ("ore", c)) for i, c in enumerate(COLOURS) if board.supply[i] > 0]
    return out


def _extra(board: Board, ctx: Ctx, action: Action) -> Board:
    seat, p = board.current, board.players[board.current]
    if action.kind == "jokergem":  # RS-212: the gem comes from the supply and stays
        i = COLOURS.index(action.args[0])
        ctx.say("RS-212", "joker_gem", colour=action.args[0])
        board = evolve_player(board, seat, joker_gem=action.args[0])
        return replace(board, supply=put(board.supply, i, board.supply[i] - 1))
    give, get = action.args  # RS-215
    board = replace(board, turn=replace(board.turn, swapped=True))
    ctx.say("RS-215", "rune_swap", give=give, get=get)
    if give == "ore":
        i = COLOURS.index(get)
        board = evolve_player(board, seat, ore=p.ore - 1, gems=put(p.gems, i, p.gems[i] + 1))
        return replace(board, ore=board.ore + 1, supply=put(board.supply, i, board.supply[i] - 1))
    i = COLOURS.index(give)
    board = evolve_player(board, seat, ore=p.ore + 1, gems=put(p.gems, i, p.gems[i] - 1))
    return replace(board, ore=board.ore - 1, supply=put(board.supply, i, board.supply[i] + 1))


# -- checks shared by legal and why_not ----------------------------------------


def forge_ok(board: Board, ctx: Ctx, forge: int | str) -> str:
    """'' when the forge may be used now, else the rule id that forbids it."""
    t, p = board.turn, board.players[board.current]
    idx = 6 if forge == "joker" else forge
    if len(t.forged) >= 2:
        return "RS-130"
    if forge == "joker" and t.joker_forged:
        return "RS-134"
    if idx in t.forged:
        return "RS-147"
    jcol = p.joker_gem if has_rune(board, board.current, "joker", ctx.opts) else ""
    if forge == "joker":
        if t.joker_forged:
            return "RS-134"
        if board.joker_stack <= 0:
            return "RS-149"
        if not place_targets(board, board.current, "joker"):
            return "RS-138"
        bill = ("any",) * ctx.cat.board["artifacts"]["joker_forge_cost"]
        return "" if p.ore >= 3 or feasible(p.gems, p.jokers, jcol, bill) else "RS-133"
    if not 1 <= idx <= len(board.forges):
        return "RS-132"
    art = board.forges[idx - 1]
    if not art:
        return "RS-150"
    if not place_targets(board, board.current, art):
        return "RS-138"
    bill = (art,) * ctx.opts["forge_costs"][idx - 1]
    return "" if p.ore >= 3 or feasible(p.gems, p.jokers, jcol, bill) else "RS-131"


def summon_mp(board: Board, ctx: Ctx, colour: str) -> int:
    """All magic points of one colour the hand could give, plus the rune (RS-071, RS-210)."""
    p = board.players[board.current]
    bonus = ctx.cat.board["runes"]["magic_bonus"] if has_rune(board, board.current, "magic", ctx.opts) else 0
    return bonus + sum(c.mp for c in map(ctx.cat.card, p.hand) if c.magic in (colour, "multi"))


def can_summon_any(board: Board, ctx: Ctx) -> bool:
    costs = [c for c, n in zip(ctx.opts["slot_costs"], board.display, strict=True) if n]
    return bool(costs) and max(summon_mp(board, ctx, c) for c in COLOURS) >= min(costs)


def pick_limit(board: Board, ctx: Ctx) -> int:
    """2 cards, 2-3 with the Use 3 Abilities rune (RS-090, RS-217)."""
    return 3 if has_rune(board, board.current, "three", ctx.opts) else 2


# -- legal actions -------------------------------------------------------------


def legal_in(board: Board, phase: str, ctx: Ctx) -> list[Action]:
    t, p = board.turn, board.players[board.current]
    out: list[Action] = []
    if phase == "choose_action":  # RS-061, RS-062, RS-091
        strict = not ctx.opts["allow_empty_action"]
        if not strict or can_summon_any(board, ctx):
            out.append(Action("action", ("summon",)))
        if len(p.hand) >= 2:
            out.append(Action("action", ("abilities",)))
        if not strict or any(not forge_ok(board, ctx, f) for f in (*range(1, len(board.forges) + 1), "joker")):
            out.append(Action("action", ("forge",)))
        if not out:
            out.append(Action("action", ("forge",)))  # nothing is possible: an empty turn
    elif phase == "summon":
        if not t.colour:
            return [Action("colour", (c,)) for c in COLOURS]
        out += [Action("play", (n,)) for n in p.hand if ctx.cat.card(n).magic in (t.colour, "multi")]
        left = t.mp - t.spent
        costs = ctx.opts["slot_costs"]
        out += [Action("summon", (k + 1,)) for k, n in enumerate(board.display) if n and costs[k] <= left]
        if ctx.opts["allow_empty_action"] or t.gained or not out:
            out.append(Action("done"))
    elif phase == "use_abilities":
        if len(t.played) < pick_limit(board, ctx):
            out += [Action("pick", (n,)) for n in p.hand]
        if len(t.played) >= 2:
            out.append(Action("go"))
    elif phase == "resolve_abilities":
        out += [Action("use", (n,)) for n in t.played if n not in t.used]
        out.append(Action("finish"))
    elif phase in ("ability_step", "forge_step"):
        return step_actions(board, ctx)
    elif phase == "forge":
        out += [Action("forge", (f,)) for f in range(1, len(board.forges) + 1) if not forge_ok(board, ctx, f)]
        if not forge_ok(board, ctx, "joker"):
            out.append(Action("forge", ("joker",)))
        if ctx.opts["allow_empty_action"] or t.forged or not out:
            out.append(Action("done"))
    elif phase == "trade_artifacts":
        out += [Action("trade", (r,)) for r in tradable_rows(p)]
        out.append(Action("done"))
    elif phase == "rune_choice":
        return [Action("rune", (r,)) for r in rune_choices(board, ctx)]
    if phase in RUNE_PHASES:
        out[-1:-1] = extras(board, ctx)
    return out


def rune_choices(board: Board, ctx: Ctx) -> list[str]:
    """Rune types left in the display that the player does not own (RS-163, RS-165)."""
    p = board.players[board.current]
    types = ctx.cat.board["runes"]["types"]
    return [r for i, r in enumerate(types) if board.rune_stacks[i] > 0 and r not in p.runes]


# -- applying decisions --------------------------------------------------------


def after_action(board: Board, ctx: Ctx) -> tuple[Board, str]:
    """RS-063: the optional trade-in step, else straight to the hand refill."""
    if tradable_rows(board.players[board.current]) or extras(board, ctx):
        return board, "trade_artifacts"
    return board, "refill_hand"


def decide(board: Board, phase: str, ctx: Ctx, action: Action) -> tuple[Board, str]:
    kind, args = action.kind, action.args
    if kind in ("jokergem", "swap"):
        return _extra(board, ctx, action), phase
    if phase in ("ability_step", "forge_step"):
        return proceed(answer(board, ctx, action), ctx)
    if kind == "action":
        return _choose(board, ctx, args[0])
    if phase == "summon":
        return _summon(board, ctx, action)
    if phase in ("use_abilities", "resolve_abilities"):
        return _abilities(board, ctx, action)
    if phase == "forge":
        return _forge(board, ctx, action)
    if phase in ("trade_artifacts", "rune_choice"):
        from .trade import trade_decide

        return trade_decide(board, ctx, action)
    raise ValueError(f"unexpected {action} in {phase}")


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
        cost, bonus = ctx.opts["forge_costs"][forge - 1], ctx.cat.forges[forge - 1][1]
        art = board.forges[forge - 1]
        bill = (art,) * cost
        queue = ("place",) + ({"ore": ("ore",), "die": ("fdie",), "pp3": ("fpp:3",)}.get(bonus, ()))
        t = replace(t, forged=(*t.forged, forge), artifact=art, queue=queue)
        board = replace(board, forges=put(board.forges, forge - 1, ""))
        ctx.say("RS-131", "forge", forge=forge, artifact=art, cost=cost)
    p = board.players[board.current]
    jcol = p.joker_gem if has_rune(board, board.current, "joker", ctx.opts) else ""
    gem_ok = feasible(p.gems, p.jokers, jcol, bill)
    if not gem_ok:  # only ores can pay (RS-141): no bill of gems
        board = evolve_player(board, board.current, ore=p.ore - 3)
        ctx.say("RS-141", "pay_ore")
        queue = tuple(q for q in t.queue if q not in ("ore", "fdie", "fpp:3"))  # RS-143
        return proceed(replace(board, ore=board.ore + 3, turn=replace(t, queue=queue)), ctx)
    return proceed(replace(board, turn=replace(t, bill=bill, ore_ok=p.ore >= 3)), ctx)


def new_turn() -> Turn:
    return Turn()
