"""The decisions of each phase: the checks that the legal lists and the refusals share.

Each decision phase is an engine ``Decisions`` (``rulekit.engine.decisions``):
its kinds of action in legal-list order. A kind has its labels (the action
space of ``words.all_labels``), a check of one value that returns ``None`` or
a ``No`` naming the rule that forbids it and the message key that says why,
and ``among``: the arguments worth trying now, in the order the legal list
shows them (the cards in hand, the cards laid out, nothing when the step
waits for another decision). ``legal`` keeps what passes the check;
``why_not`` (``REFUSALS``) runs the very same check on one action, so the two
cannot disagree, and every refusal cites a rule its kind declares.

A kind that is never open in a phase but has something to say there (a step
of an action before choosing it, RS-061; a trade-in before the action is
over, RS-063) is listed with a check that always refuses and nothing to try;
a kind a phase does not list at all is refused citing the rule that governs
it (``KINDS``, message ``wrong_phase``).

The board-level checks below (``choose_ok``, ``forge_ok``, ``trade_ok`` ...)
answer with a rule id; ``turn`` and ``trade`` use them to pick the next phase.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from ...engine import Action, State
from ...engine.decisions import Decisions, Kind, No, Refusals
from .effects import OP_FEASIBLE, op_feasible, place_targets, step_choices
from .model import Board
from .runes import has_rune, joker_everywhere
from .tables import COLOURS, SPACES

if TYPE_CHECKING:
    from .rules import Ctx

__all__ = [
    "DECISIONS",
    "KINDS",
    "REFUSALS",
    "artifact_count",
    "can_summon_any",
    "choose_ok",
    "forge_ok",
    "jokergem_ok",
    "pick_limit",
    "pick_ok",
    "play_ok",
    "rune_actions_open",
    "rune_choices",
    "rune_ok",
    "summon_mp",
    "summon_ok",
    "swap_ok",
    "trade_ok",
    "use_ok",
]

ACTIONS = ("summon", "abilities", "forge")


# -- board-level checks: a rule id or None ----------------------------------------------------


def choose_ok(board: Board, ctx: Ctx, what: object) -> str | None:
    """The action ``what`` (summon, abilities, forge) may be chosen now (RS-061, RS-062, RS-091)."""
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


def summon_mp(board: Board, ctx: Ctx, colour: str) -> int:
    """All magic points of one colour the hand could give, plus the rune (RS-071, RS-210)."""
    p = board.players[board.current]
    bonus = ctx.cat.board["runes"]["magic_bonus"] if has_rune(board, board.current, "magic", ctx.opts) else 0
    card = ctx.cat.card
    return bonus + sum(c.mp for c in map(card, p.hand) if c.magic == colour or c.magic == "multi")


def can_summon_any(board: Board, ctx: Ctx) -> bool:
    """Some creature of the display could be summoned with the hand's magic points of one colour (RS-062)."""
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


def forge_ok(board: Board, ctx: Ctx, forge: object) -> str | None:
    """The forge (1-5 or "joker") may be used now, else the rule that forbids it (RS-130..RS-150)."""
    if forge != "joker" and (
        not isinstance(forge, int) or isinstance(forge, bool) or not 1 <= forge <= len(board.forges)
    ):
        return "RS-132"
    return _forge_open(board, ctx, forge)


def _forge_open(board: Board, ctx: Ctx, forge: int | str) -> str | None:
    """``forge_ok`` of a forge that exists (1-5 or "joker"): the legal list asks only this part."""
    t = board.turn
    joker = forge == "joker"
    if len(t.forged) >= 2:
        return "RS-130"
    if joker and t.joker_forged:
        return "RS-134"
    if (6 if joker else forge) in t.forged:
        return "RS-147"
    if joker and board.joker_stack <= 0:
        return "RS-149"
    if not joker and not board.forges[forge - 1]:
        return "RS-150"
    return _forge_payable(board, ctx, forge)


#: the op checks (``effects.OP_FEASIBLE``) a forging asks, looked up once: ``forge_ok`` runs for
#: every forge on every legal list of the forge phase, the hottest list of the game
_PLACE, _PAY_ORE, _PAY = OP_FEASIBLE["place"], OP_FEASIBLE["pay_ore"], OP_FEASIBLE["pay"]


def _forge_payable(board: Board, ctx: Ctx, forge: int | str) -> str | None:
    """RS-138: the artifact has a space; RS-131, RS-133, RS-141: the whole bill can be paid, or 3 ores."""
    if forge == "joker":
        art, bill = "joker", ("any",) * ctx.cat.board["artifacts"]["joker_forge_cost"]
    else:
        art = board.forges[forge - 1]
        bill = (art,) * ctx.opts["forge_costs"][forge - 1]
    if not _PLACE(board, ctx, art):
        return "RS-138"
    if _PAY_ORE(board, ctx, None) or _PAY(board, ctx, bill):
        return None
    return "RS-133" if forge == "joker" else "RS-131"


def artifact_count(board: Board, row: int) -> int:
    """The artifacts in power row ``row`` (1 or 2) of the current player: its spaces not empty ("")."""
    spaces = board.players[board.current].rows[row - 1]
    return len(spaces) - spaces.count("")


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
    return None if op_feasible(board, ctx, "gem", f"gem:{colour}") else "RS-212"  # from the supply


def swap_ok(board: Board, ctx: Ctx, give: object, get: object) -> str | None:
    """The Exchange rune may swap ``give`` for ``get`` (RS-215: once a turn, a gem for an ore or back;
    never for a joker stone, so with ``joker_rune_everywhere`` not for the Joker rune colour, RS-214)."""
    if not has_rune(board, board.current, "exchange", ctx.opts) or board.turn.swapped:
        return "RS-215"
    return _swap_open(board, ctx.opts, give, get)


def _swap_open(board: Board, opts: dict, give: object, get: object) -> str | None:
    """``swap_ok`` once the Exchange rune may act: the stones of the swap are there (the legal list asks
    only this part, after the rune's stage)."""
    p = board.players[board.current]
    if give == "ore" and get in COLOURS:
        if get == joker_everywhere(board, board.current, opts):
            return "RS-214"  # option joker_rune_everywhere: that colour would be a joker stone
        return None if p.ore > 0 and board.supply[COLOURS.index(get)] > 0 else "RS-215"
    if get == "ore" and give in COLOURS:
        return None if board.ore > 0 and p.gems[COLOURS.index(give)] > 0 else "RS-215"
    return "RS-215"


def rune_actions_open(board: Board, ctx: Ctx) -> bool:
    """Some rune action (RS-212, RS-215) may be taken now: the turn then stops at the trade-in step."""
    p = board.players[board.current]
    if "joker" in p.runes and any(jokergem_ok(board, ctx, c) is None for c in COLOURS):
        return True
    return "exchange" in p.runes and any(swap_ok(board, ctx, *args) is None for args in _SWAPS)


# -- the state-level checks of the decision tables ---------------------------------------------

_SWAPS = (*((c, "ore") for c in COLOURS), *(("ore", c) for c in COLOURS))


_LAST: list = [None, None]


def _ctx(state: State) -> Ctx:
    """The rule context of ``state`` (catalogue, options), built once for the checks of one state."""
    if _LAST[0] is not state:
        _LAST[0], _LAST[1] = state, state.game.ctx(state)
    return _LAST[1]


_FALLBACKS: dict[str, No] = {}


def _fallback(rule: str) -> No:
    """A kind that is not open at this step of the phase: its own decision's rule, the choices open now."""
    no = _FALLBACKS.get(rule)
    if no is None:
        no = _FALLBACKS[rule] = No(rule, "wrong_phase")
    return no


def _closed(name: str, labels: Callable, no: No) -> Kind:
    """A kind never open in this phase that says why there (``no``), whatever its arguments."""
    return Kind(name, labels, no, stage=lambda state: no, refuse_only=True)


# -- label spaces (the same as words.all_labels, by kind) ----------------------------------------


def _none(state: State) -> Iterable[tuple[tuple, Any]]:
    return [((), None)]


def _words(*words: str) -> Callable[[State], list]:
    return lambda state: [((w,), w) for w in words]


def _cards(state: State) -> Iterable[tuple[tuple, Any]]:
    cat = state.game.cat
    return [((n,), n) for n in (*cat.cards, *cat.druids)]


def _slots(state: State) -> Iterable[tuple[tuple, Any]]:
    return [((k,), k) for k in range(1, state.game.cat.board["display"]["slots"] + 1)]


def _forges(state: State) -> Iterable[tuple[tuple, Any]]:
    return [*(((f,), f) for f in range(1, len(state.game.cat.forges) + 1)), (("joker",), "joker")]


def _places(state: State) -> Iterable[tuple[tuple, Any]]:
    return [((r, s), (r, s)) for r in (1, 2) for s in SPACES]


def _swaps(state: State) -> Iterable[tuple[tuple, Any]]:
    return [(args, args) for args in _SWAPS]


def _runes(state: State) -> Iterable[tuple[tuple, Any]]:
    return [((r,), r) for r in state.game.cat.board["runes"]["types"]]


def _numbers(*numbers: int) -> Callable[[State], list]:
    return lambda state: [((n,), n) for n in numbers]


_COLOURS = _words(*COLOURS)
_TOKENS = _words(*COLOURS, "joker", "ore")


# -- choose the action (RS-061, RS-062, RS-091) and the rune actions (RS-212, RS-215) ------------


def _action_rule(state: State, what: str) -> str | None:
    """``choose_ok`` with its common cases first (no rule context needed for them)."""
    b = state.data
    if what == "abilities":
        if len(b.players[b.current].hand) >= 2:
            return None
    elif state.options["allow_empty_action"]:  # summon and forge are always open then (choose_ok)
        return None
    return choose_ok(b, _ctx(state), what)


def _action_values(state: State) -> list[str]:
    """The actions ``action_check`` lets choose now, for the legal list (no refusal worded for the others)."""
    return [what for what in ACTIONS if _action_rule(state, what) is None]


def action_check(state: State, what: str) -> No | None:
    """RS-091: abilities need 2 cards in hand; RS-062: no empty action while another is possible."""
    rule = _action_rule(state, what)
    if rule is None:
        return None
    b = state.data
    if rule == "RS-091":
        return No("RS-091", "r_abilities_hand", {"n": len(b.players[b.current].hand)})
    return No(rule, "r_action_empty", {"choice": what})


#: the rune actions' stage refusals, made once: the legal lists of four phases ask the stages on every step
_NO_JOKER_RUNE = No("RS-212", "r_no_rune", {"rune": "joker"})
_JOKER_GEM_SET = No("RS-212", "r_joker_gem_set")
_SWAP_USED = No("RS-215", "r_swap_used")
_NO_EXCHANGE_RUNE = No("RS-215", "r_no_rune", {"rune": "exchange"})


def _jokergem_stage(state: State) -> No | None:
    """RS-212: the Joker rune is owned (and acts now), and no gem lies on it yet."""
    b = state.data
    if not has_rune(b, b.current, "joker", state.options):
        return _NO_JOKER_RUNE
    return _JOKER_GEM_SET if b.players[b.current].joker_gem else None


def _swap_stage(state: State) -> No | None:
    """RS-215: the Exchange rune is owned (and acts now) and not used this turn."""
    b = state.data
    if b.turn.swapped:
        return _SWAP_USED
    return None if has_rune(b, b.current, "exchange", state.options) else _NO_EXCHANGE_RUNE


def _rune_kinds(here: bool) -> tuple[Kind, Kind]:
    """The Joker and Exchange rune actions (``here``: this phase takes them, else only says why not)."""
    rest_gem = None if here else _fallback("RS-212")
    rest_swap = None if here else _fallback("RS-215")

    def jokergem(state: State, colour: str) -> No | None:
        no = _jokergem_stage(state)
        if no is not None:
            return no
        return (
            rest_gem
            if state.data.supply[COLOURS.index(colour)] > 0
            else No("RS-212", "r_jokergem_none_left", {"colour": colour})
        )

    def swap(state: State, args: tuple) -> No | None:
        no = _swap_stage(state)
        if no is not None:
            return no
        rule = swap_ok(state.data, _ctx(state), *args)
        if rule == "RS-214":
            return No("RS-214", "r_joker_everywhere", {"colour": args[1]})
        return rest_swap if rule is None else No("RS-215", "r_swap_rune", {"give": args[0], "get": args[1]})

    def gem_values(state: State) -> list[str]:
        """The colours ``jokergem`` allows now (the rune may act, the supply has the gem), for the legal list."""
        if not here or _jokergem_stage(state):
            return []
        supply = state.data.supply
        return [c for i, c in enumerate(COLOURS) if supply[i] > 0]

    def swap_values(state: State) -> list[tuple]:
        """The swaps open now (``swap_ok``), for the legal list: it words no refusal for the others."""
        if not here or _swap_stage(state):
            return []
        b, opts = state.data, state.options
        return [args for args in _SWAPS if _swap_open(b, opts, *args) is None]

    only = not here  # elsewhere the rune kinds are listed for their refusals alone
    return (
        Kind(
            "jokergem", _COLOURS, No("RS-212", "r_no_joker_choice"), check=jokergem, values=gem_values, refuse_only=only
        ),
        Kind("swap", _swaps, _fallback("RS-215"), check=swap, rules=("RS-214",), values=swap_values, refuse_only=only),
    )


# -- summon (RS-070..RS-077) ---------------------------------------------------------------------


def _colour_open(state: State) -> No | None:
    """RS-071: the colour is the first choice of a summon, made once."""
    return _fallback("RS-071") if state.data.turn.colour else None


def play_check(state: State, card: int) -> No | None:
    """RS-070: a card from the hand; RS-071: its magic points are of the chosen colour."""
    b = state.data
    colour = b.turn.colour
    if colour and card in b.players[b.current].hand:  # the common case first: legal lists run this per card
        magic = state.game.cat.card(card).magic
        if magic == colour or magic == "multi":
            return None
    rule = play_ok(b, _ctx(state), card)
    if rule is None:
        return None
    if rule == "RS-070":
        return No("RS-070", "r_not_in_hand", {"card": card})
    if not b.turn.colour:
        return _fallback("RS-070")
    magic = state.game.cat.card(card).magic
    return No("RS-071", "r_wrong_colour", {"card": card, "magic": magic, "colour": b.turn.colour})


def summon_check(state: State, slot: int) -> No | None:
    """RS-073: a creature of the display; RS-072: the magic points left pay its slot's cost."""
    b = state.data
    t = b.turn
    if not t.colour:
        return _fallback("RS-073")
    if b.display[slot - 1] and state.options["slot_costs"][slot - 1] <= t.mp - t.spent:
        return None
    rule = summon_ok(state.data, _ctx(state), slot)
    if rule == "RS-072":
        cost = state.options["slot_costs"][slot - 1]
        return No("RS-072", "r_not_enough_mp", {"slot": slot, "cost": cost, "left": t.mp - t.spent})
    return None if rule is None else No("RS-073", "r_empty_slot", {"slot": slot})


def summon_done_check(state: State, _: object = None) -> No | None:
    """RS-077: a summon ends when something was summoned, nothing more can be, or empty actions are allowed."""
    b = state.data
    t = b.turn
    if not t.colour:
        return _fallback("RS-077")
    if state.options["allow_empty_action"] or t.gained:
        return None
    ctx = _ctx(state)
    hand = b.players[b.current].hand
    can = any(play_ok(b, ctx, n) is None for n in hand) or any(
        summon_ok(b, ctx, k) is None for k in range(1, len(b.display) + 1)
    )
    return _fallback("RS-077") if can else None


def _play_values(state: State) -> list[int]:
    """The cards ``play_check`` lets play now, for the legal list: the hand's cards of the chosen colour
    (or multicoloured), once a colour is chosen (RS-070, RS-071)."""
    b = state.data
    colour = b.turn.colour
    if not colour:
        return []
    card = state.game.cat.card
    return [n for n in b.players[b.current].hand if card(n).magic in (colour, "multi")]


def _slot_values(state: State) -> list[int]:
    """The display slots ``summon_check`` lets summon from now, for the legal list: the creatures the
    magic points left pay for, once a colour is chosen (RS-072, RS-073)."""
    b = state.data
    t = b.turn
    if not t.colour:
        return []
    left, costs = t.mp - t.spent, state.options["slot_costs"]
    return [k + 1 for k, card in enumerate(b.display) if card and costs[k] <= left]


# -- use abilities (RS-090..RS-093, RS-217) ------------------------------------------------------


def pick_check(state: State, card: int) -> No | None:
    """RS-090: a card from the hand, two in all (three with the rune, RS-217)."""
    b = state.data
    limit = 3 if has_rune(b, b.current, "three", state.options) else 2  # pick_limit, without a context
    if len(b.turn.played) < limit and card in b.players[b.current].hand:
        return None
    ctx = _ctx(state)
    rule = pick_ok(b, ctx, card)
    if rule is None:
        return None
    if card not in b.players[b.current].hand:
        return No("RS-090", "r_not_in_hand", {"card": card})
    return No(rule, "r_pick_count", {"n": pick_limit(b, ctx)})


def _pick_values(state: State) -> list[int]:
    """The cards ``pick_check`` lets lay out now, for the legal list: the hand's, while fewer than the
    limit lie out (RS-090, RS-217)."""
    b = state.data
    limit = 3 if has_rune(b, b.current, "three", state.options) else 2  # pick_limit, without a context
    return list(b.players[b.current].hand) if len(b.turn.played) < limit else []


def go_check(state: State, _: object = None) -> No | None:
    """RS-090: at least two cards are laid out before their abilities are used."""
    return None if len(state.data.turn.played) >= 2 else No("RS-090", "r_go_early")


def _use_values(state: State) -> list[int]:
    """The laid-out cards whose ability may still be started (``use_ok``), for the legal list."""
    t = state.data.turn
    return [n for n in t.played if n not in t.used]


def use_check(state: State, card: int) -> No | None:
    """RS-092: each laid-out card's ability once, in any order."""
    return None if use_ok(state.data, card) is None else No("RS-092", "r_use_not_open", {"card": card})


# -- the steps of an ability or a forging (RS-099..RS-108, RS-131..RS-141, RS-214) ---------------


_STEP: list = [None, "", ()]


def _step_now(state: State) -> tuple[str, tuple]:
    """The decision the pending step waits for and its arguments open now (``effects.step_choices``),
    worked out once per state for the checks of all its kinds."""
    if _STEP[0] is not state:
        kind, open_now = step_choices(state.data, _ctx(state))
        _STEP[0], _STEP[1], _STEP[2] = state, kind, tuple(open_now)
    return _STEP[1], _STEP[2]


def _open_step(state: State, kind: str, args: tuple) -> bool:
    now, open_now = _step_now(state)
    return now == kind and args in open_now


def pay_check(state: State, token: str) -> No | None:
    """RS-100, RS-131, RS-133: a token that pays a need of the bill; RS-141: exactly 3 ores."""
    if _open_step(state, "pay", (token,)):
        return None
    if token == "ore":
        return No("RS-141", "r_pay_ore")
    t = state.data.turn
    rule = ("RS-133" if t.artifact == "joker" else "RS-131") if t.action == "forge" else "RS-100"
    return No(rule, "r_pay", {"token": token, "bill": ", ".join(t.bill) or "-"})


def place_check(state: State, where: tuple) -> No | None:
    """RS-137: a coloured artifact on an empty space of its colour; RS-140: a joker artifact on any."""
    if _open_step(state, "place", where):
        return None
    b = state.data
    art = b.turn.artifact
    if art and where not in place_targets(b, b.current, art):
        rule = "RS-140" if art == "joker" else "RS-137"
        return No(rule, "r_place", {"artifact": art, "space": where[1], "row": where[0]})
    return _fallback("RS-137")


def _wild(state: State, colour: str) -> No | None:
    """RS-214 (option): the Joker rune colour is a joker stone, which no gem icon or die swap moves."""
    b = state.data
    wild = joker_everywhere(b, b.current, state.options)
    if wild and colour == wild and b.turn.queue[:1] in (("any_gem",), ("die_gem",), ("swap",)):
        return No("RS-214", "r_joker_everywhere", {"colour": wild})
    return None


def gem_check(state: State, colour: str) -> No | None:
    """RS-103, RS-107: a gem of a colour the supply still has."""
    if _open_step(state, "gem", (colour,)):
        return None
    no = _wild(state, colour)
    if no is not None:
        return no
    b = state.data
    head = b.turn.queue[0] if b.turn.queue else ""
    if head in ("any_gem", "die_gem") and not b.supply[COLOURS.index(colour)]:
        return No("RS-107" if head == "die_gem" else "RS-103", "r_gem_none_left", {"colour": colour})
    return _fallback("RS-103")


def give_check(state: State, colour: str) -> No | None:
    """RS-108: the die's swap gives one of the player's own gems for a joker stone from the supply."""
    if _open_step(state, "give", (colour,)):
        return None
    no = _wild(state, colour)
    if no is not None:
        return no
    b = state.data
    if b.turn.queue[:1] == ("swap",):
        if not b.players[b.current].gems[COLOURS.index(colour)]:
            return No("RS-108", "r_swap_not_held", {"colour": colour})
        if b.jokers <= 0:
            return No("RS-108", "r_swap_no_joker")
    return _fallback("RS-108")


def take_check(state: State, slot: int) -> No | None:
    """RS-104: a card from the display; RS-105: of the icon's colour."""
    if _open_step(state, "take", (slot,)):
        return None
    queue = state.data.turn.queue
    if queue and queue[0].startswith("card:"):
        return No("RS-105", "r_take_colour", {"colour": queue[0][5:]})
    return _fallback("RS-104")


def option_check(state: State, n: int) -> No | None:
    """RS-099: one of the two options of a choice ability."""
    return None if _open_step(state, "option", (n,)) else _fallback("RS-099")


_SKIPPABLE = ("gem", "take", "option", "give")


def skip_check(state: State, _: object = None) -> No | None:
    """RS-093: a gem, card, option or die swap may be left out when it offers a choice."""
    kind, open_now = _step_now(state)
    return None if kind in _SKIPPABLE and open_now else _fallback("RS-093")


def _step_among(kind: str) -> Callable[[State], tuple]:
    """The arguments open now when the pending step waits for ``kind`` (checked again by the kind's check)."""

    def among(state: State) -> tuple:
        now, open_now = _step_now(state)
        return open_now if now == kind else ()

    return among


def _skip_among(state: State) -> tuple:
    return ((),) if _step_now(state)[0] in _SKIPPABLE else ()


# -- forge (RS-130..RS-150) ------------------------------------------------------------------------

_FORGE_KEYS = {
    "RS-130": "r_forge_limit",
    "RS-147": "r_forge_twice",
    "RS-134": "r_joker_twice",
    "RS-149": "r_joker_stack",
    "RS-150": "r_forge_empty",
    "RS-138": "r_no_space",
}


def forge_check(state: State, forge: int | str) -> No | None:
    """RS-130..RS-150 (``forge_ok``): which forge may be used now, and why not."""
    b = state.data
    rule = forge_ok(b, _ctx(state), forge)
    if rule is None:
        return None
    if rule in _FORGE_KEYS:
        art = "joker" if forge == "joker" else b.forges[forge - 1]
        return No(rule, _FORGE_KEYS[rule], {"forge": forge, "artifact": art})
    joker_cost = state.game.cat.board["artifacts"]["joker_forge_cost"]
    cost = joker_cost if forge == "joker" else state.options["forge_costs"][forge - 1]
    return No(rule, "r_cannot_pay", {"cost": cost})


def _forges_open(state: State) -> list:
    """The forge kind's legal values: the forges ``forge_ok`` lets use now, in list order. The legal
    list takes them as they are, wording no refusal for the other forges (``forge_check`` does that
    for ``why_not``; ``Decisions.refuse`` holds the two to the same answer)."""
    b = state.data
    if len(b.turn.forged) >= 2:
        return []  # RS-130: two forgings a turn (forge_ok's first test, once for all forges)
    ctx = _ctx(state)
    return [f for f in (*range(1, len(b.forges) + 1), "joker") if _forge_open(b, ctx, f) is None]


def forge_done_check(state: State, _: object = None) -> No | None:
    """RS-130: the forge action ends after forging, when nothing can be forged, or with empty actions allowed."""
    t = state.data.turn
    if state.options["allow_empty_action"] or t.forged:
        return None
    b, ctx = state.data, _ctx(state)
    can = any(forge_ok(b, ctx, f) is None for f in (*range(1, len(b.forges) + 1), "joker"))
    return _fallback("RS-130") if can else None


# -- trade in (RS-160..RS-166) ---------------------------------------------------------------------


def trade_check(state: State, row: int) -> No | None:
    """RS-160: a row with at least 2 artifacts; RS-166: a rune stone to take (option trade_without_rune)."""
    b = state.data
    rule = trade_ok(b, _ctx(state), row)
    if rule is None:
        return None
    if rule == "RS-166":
        return No("RS-166", "r_trade_no_rune", {"row": row})
    return No("RS-160", "r_trade_small", {"row": row, "n": artifact_count(b, row)})


def _rows_among(state: State) -> list[tuple]:
    """The power rows with at least 2 artifacts (``trade_ok``'s first test, so that the legal list
    builds no refusal for the others)."""
    b = state.data
    return [(r,) for r in (1, 2) if artifact_count(b, r) >= 2]


def rune_check(state: State, rune: str) -> No | None:
    """RS-165: no two rune stones of a type; RS-166: one left in the display."""
    rule = rune_ok(state.data, _ctx(state), rune)
    if rule is None:
        return None
    return No(rule, "r_rune_owned" if rule == "RS-165" else "r_rune_gone", {"rune": rune})


# -- the tables ------------------------------------------------------------------------------------


def _key(state: State) -> int:
    """The label tables are the same for every player count and option."""
    return 0


class _RunesBeforeLastAction(Decisions):
    """Choose the action: the rune actions are listed before the last action, as the legal list has
    always shown them (the seeded random games and golden transcripts follow that order)."""

    def legal(self, state: State) -> list[Action]:
        out = super().legal(state)
        if not out or out[-1].kind == "action":
            return out  # no rune action open (the usual case): the actions come first
        n = sum(1 for a in out if a.kind == "action")
        if n and len(out) > n:
            out = [*out[: n - 1], *out[n:], out[n - 1]]
        return out


def _phase(*kinds: Kind) -> Decisions:
    """A decision phase; most of its kinds are there for the refusals alone (``refuse_only``: a step of
    an action not chosen, a trade-in before the action is over), which its legal list never asks."""
    return Decisions(*kinds, key=_key)


#: the action a step belongs to, for "choose the action first" (RS-061)
_HOME = {
    "colour": "summon",
    "play": "summon",
    "summon": "summon",
    "pick": "abilities",
    "use": "abilities",
    "go": "abilities",
    "forge": "forge",
}
_HOME_SPACES = {"colour": _COLOURS, "play": _cards, "summon": _slots, "pick": _cards, "use": _cards}


def _not_chosen(name: str, labels: Callable) -> Kind:
    """RS-061: a step of an action before the action is chosen."""
    return _closed(name, labels, No("RS-061", "r_choose_first", {"choice": _HOME[name]}))


_ONE_ACTION = _closed("action", _words(*ACTIONS), No("RS-061", "r_one_action"))
_TRADE_LATER = _closed("trade", _numbers(1, 2), No("RS-063", "r_trade_after_action"))
_RUNE_WITH_TRADE = _closed("rune", _runes, No("RS-163", "r_rune_with_trade"))
_RUNES_HERE = _rune_kinds(True)
_RUNES_NOT_HERE = _rune_kinds(False)
_ELSEWHERE = (_ONE_ACTION, *_RUNES_NOT_HERE, _TRADE_LATER, _RUNE_WITH_TRADE)


def _step(pay_rule: str) -> Decisions:
    """ability_step / forge_step: the decisions inside an ability or a forging."""
    return _phase(
        Kind("pay", _TOKENS, _fallback(pay_rule), check=pay_check, among=_step_among("pay"),
             rules=("RS-100", "RS-131", "RS-133", "RS-141")),
        Kind("place", _places, _fallback("RS-137"), check=place_check, among=_step_among("place"), rules=("RS-140",)),
        Kind("gem", _COLOURS, No("RS-103", "r_no_joker_choice"), check=gem_check, among=_step_among("gem"),
             rules=("RS-107", "RS-214")),
        Kind("take", _slots, _fallback("RS-104"), check=take_check, among=_step_among("take"), rules=("RS-105",)),
        Kind("option", _numbers(1, 2), _fallback("RS-099"), check=option_check, among=_step_among("option")),
        Kind("give", _COLOURS, _fallback("RS-108"), check=give_check, among=_step_among("give"), rules=("RS-214",)),
        Kind("skip", _none, _fallback("RS-093"), check=skip_check, among=_skip_among),
        *_ELSEWHERE,
    )  # fmt: skip


#: phase id -> its decisions (the flow table's ``legal`` hooks and ``REFUSALS.why_not`` read these)
DECISIONS: dict[str, Decisions] = {
    "choose_action": _RunesBeforeLastAction(
        Kind(
            "action",
            _words(*ACTIONS),
            _fallback("RS-061"),
            check=action_check,
            rules=("RS-062", "RS-091"),
            values=_action_values,
        ),
        *_RUNES_HERE,
        *(_not_chosen(name, space) for name, space in _HOME_SPACES.items()),
        _not_chosen("go", _none),
        _not_chosen("forge", _forges),
        _TRADE_LATER,
        _RUNE_WITH_TRADE,
        key=_key,
    ),
    "summon": _phase(
        Kind("colour", _COLOURS, _fallback("RS-071"), stage=_colour_open),
        Kind("play", _cards, _fallback("RS-070"), check=play_check, values=_play_values, rules=("RS-071",)),
        Kind("summon", _slots, _fallback("RS-073"), check=summon_check, values=_slot_values, rules=("RS-072",)),
        Kind("done", _none, _fallback("RS-077"), check=summon_done_check),
        *_ELSEWHERE,
    ),
    "use_abilities": _phase(
        Kind("pick", _cards, _fallback("RS-090"), check=pick_check, values=_pick_values, rules=("RS-217",)),
        Kind("go", _none, No("RS-090", "r_go_early"), check=go_check),
        *_ELSEWHERE,
    ),
    "resolve_abilities": _phase(
        Kind("use", _cards, _fallback("RS-092"), check=use_check, values=_use_values),
        *_RUNES_HERE,
        Kind("finish", _none, _fallback("RS-092")),
        _ONE_ACTION,
        _TRADE_LATER,
        _RUNE_WITH_TRADE,
    ),
    "ability_step": _step("RS-100"),
    "forge": _phase(
        Kind(
            "forge",
            _forges,
            _fallback("RS-130"),
            check=forge_check,
            rules=("RS-131", "RS-133", "RS-134", "RS-138", "RS-147", "RS-149", "RS-150"),
            values=_forges_open,
        ),
        *_RUNES_HERE,
        Kind("done", _none, _fallback("RS-130"), check=forge_done_check),
        _closed("pay", _TOKENS, _fallback("RS-131")),
        _ONE_ACTION,
        _TRADE_LATER,
        _RUNE_WITH_TRADE,
    ),  # fmt: skip
    "forge_step": _step("RS-131"),
    "trade_artifacts": _phase(
        Kind("trade", _numbers(1, 2), _fallback("RS-160"), check=trade_check, among=_rows_among, rules=("RS-166",)),
        *_RUNES_HERE,
        Kind("done", _none, _fallback("RS-160")),
        _ONE_ACTION,
        _RUNE_WITH_TRADE,
    ),
    "rune_choice": _phase(
        Kind("rune", _runes, _fallback("RS-166"), check=rune_check, rules=("RS-165",)),
        _ONE_ACTION,
        *_RUNES_NOT_HERE,
    ),
}

#: action kind -> the rule of the decision it stands for (cited when a phase does not take it at all)
KINDS: dict[str, str] = {
    "action": "RS-061",
    "colour": "RS-071",
    "play": "RS-070",
    "summon": "RS-073",
    "done": "RS-061",
    "pick": "RS-090",
    "go": "RS-090",
    "use": "RS-092",
    "finish": "RS-092",
    "forge": "RS-130",
    "pay": "RS-100",
    "place": "RS-137",
    "gem": "RS-103",
    "give": "RS-108",
    "take": "RS-104",
    "option": "RS-099",
    "skip": "RS-093",
    "trade": "RS-160",
    "rune": "RS-163",
    "jokergem": "RS-212",
    "swap": "RS-215",
}

#: the game's ``why_not``: every decision phase's refusals come from the checks above
REFUSALS = Refusals(DECISIONS, KINDS)
