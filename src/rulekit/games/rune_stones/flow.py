"""The flow table of Rune Stones: one ``PhaseHooks`` per phase of ``data/phases.toml``.

The engine dispatches every step through this table and checks it against
phases.toml, so the drawn flow is the executed flow. The adapters below turn
the rule functions, which work on a ``Board`` and a ``Ctx``, into hooks over
the engine's ``State``: a decision phase gets ``legal``, ``play`` and
``why_not``; an automatic phase gets ``auto``. Phases with rune actions
(Joker, Exchange: RS-212, RS-215) accept them besides their own choices.
"""

from __future__ import annotations

from collections.abc import Callable

from ...engine import Action, PhaseHooks, State
from . import stuck, trade, turn, why
from .ctx import Ctx
from .setup import choose_start

__all__ = ["build_flow"]

_EXTRA = frozenset(("jokergem", "swap"))

Legal = Callable[..., list[Action]]
Play = Callable[..., tuple]


def _to(state: State, board, phase: str, ctx) -> State:
    """The state after a step: the next phase, who decides there, the dice and the events said."""
    if phase == "game_over":
        return state.evolve(
            data=board, phase=phase, to_move=None, is_over=True, rng=ctx.dice.state, events=tuple(ctx.ev)
        )
    to_move = None if state.game.phases[phase].automatic else board.current
    return state.evolve(data=board, phase=phase, to_move=to_move, rng=ctx.dice.state, events=tuple(ctx.ev))


def decision(legal: Legal, play: Play, own_why: Callable, runes: bool = False) -> PhaseHooks:
    """Hooks of a decision phase; ``runes``: the phase also takes rune actions (a self-loop)."""

    def legal_hook(state: State) -> list[Action]:
        game = state.game  # no dice: listing choices draws nothing
        return legal(state.data, Ctx(game, game.cat, state.options, None, state.data.current))

    def play_hook(state: State, action: Action) -> State:
        ctx = state.game.ctx(state)
        if runes and action.kind in _EXTRA:
            return _to(state, turn.play_extra(state.data, ctx, action), state.phase, ctx)
        board, phase = play(state.data, ctx, action)
        return _to(state, board, phase, ctx)

    return PhaseHooks(legal=legal_hook, play=play_hook, why_not=why.refusal(own_why))


def automatic(step: Callable) -> PhaseHooks:
    """Hooks of an automatic phase: ``step(board, ctx) -> (board, next phase)``."""

    def auto_hook(state: State) -> State:
        ctx = state.game.ctx(state)
        board, phase = step(state.data, ctx)
        return _to(state, board, phase, ctx)

    return PhaseHooks(auto=auto_hook)


def _setup(board, ctx):
    board, event = choose_start(board, ctx.dice, ctx.game.say)
    ctx.ev.append(event)
    return board, "start_turn"


def _round_end(state: State) -> State:
    """RS-190, RS-191; then rulekit's stop when the new round could only repeat this one (``stuck``)."""
    ctx = state.game.ctx(state)
    board, phase = trade.auto_round_end(state.data, ctx)
    if phase == "start_turn" and stuck.stuck(board, state.options, state.game.cat):
        ctx = state.game.ctx(state)
        stuck.stop_event(ctx, state.data)
        return _to(state, state.data, "game_over", ctx)
    return _to(state, board, phase, ctx)


def build_flow() -> dict[str, PhaseHooks]:
    """The table, in the order of phases.toml."""
    return {
        "setup": automatic(_setup),
        "start_turn": automatic(trade.auto_start_turn),
        "choose_action": decision(turn.legal_choose, turn.play_choose, why.why_choose, runes=True),
        "summon": decision(turn.legal_summon, turn.play_summon, why.why_summon),
        "refill_display": automatic(trade.auto_refill_display),
        "use_abilities": decision(turn.legal_pick, turn.play_pick, why.why_pick),
        "resolve_abilities": decision(turn.legal_resolve, turn.play_resolve, why.why_resolve, runes=True),
        "ability_step": decision(turn.legal_step, turn.play_step, why.why_step),
        "dispose_played_cards": automatic(trade.auto_dispose),
        "forge": decision(turn.legal_forge, turn.play_forge, why.why_forge, runes=True),
        "forge_step": decision(turn.legal_step, turn.play_step, why.why_step),
        "refill_forges": automatic(trade.auto_refill_forges),
        "trade_artifacts": decision(trade.legal_trade, trade.play_trade, why.why_trade, runes=True),
        "rune_choice": decision(trade.legal_rune, trade.play_rune, why.why_rune),
        "refill_hand": automatic(trade.auto_refill_hand),
        "end_turn": automatic(trade.auto_end_turn),
        "round_end": PhaseHooks(auto=_round_end),
        "scoring": automatic(trade.auto_scoring),
        "determine_winner": automatic(trade.auto_winner),
        "game_over": PhaseHooks(),
    }
