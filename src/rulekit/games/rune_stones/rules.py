"""Rune Stones (Queen Games 2019, Ruediger Dorn) for 2-4 players.

The ``Game`` and its flow table: one ``PhaseHooks`` per phase of
``data/phases.toml``. The engine dispatches every step through the table and
checks it against phases.toml, so the drawn flow is the executed flow. The
adapters below turn the rule functions, which work on a ``Board`` and a
``Ctx``, into hooks over the engine's ``State``: a decision phase gets
``legal``, ``play`` and ``why_not``; an automatic phase gets ``auto``. Phases
with rune actions (Joker, Exchange: RS-212, RS-215) accept them besides their
own choices.

The rules themselves live in the role modules (``tables``, ``model``,
``setup``, ``checks``, ``effects``, ``views``, ``words``, ``scene``) and the
mechanics modules named after their rule sections: ``turn`` (a turn and its
three actions), ``refills``, ``trade`` (trade-in), ``runes`` and ``end``.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cached_property
from typing import Any

from ...engine import Action, Dice, Event, Game, PhaseHooks, State, load_options
from ...engine.game import ScoreLine
from ...engine.rules import Messages, later_event, read_toml
from ...engine.state import moved
from . import end, scene, setup, trade, turn, views, words
from .checks import DECISIONS, REFUSALS
from .end import final_points
from .model import as_dict
from .runes import play_extra
from .tables import Catalogue, load_catalogue
from .words import GermanArgs, all_labels

__all__ = ["RuneStones", "Ctx", "build_flow"]


class Ctx:
    """Per-apply working context; ``ev`` collects the events said.

    A plain slotted class, built once per hook call (several times per
    decision), so kept cheap: the dice are opened only when a step rolls or
    shuffles (``dice``; most steps do neither), and events format their words
    only when read (``GermanArgs`` adds the German forms of the arguments
    then, not on the hot path of bots and simulations).
    """

    __slots__ = ("game", "cat", "opts", "opened", "_rng", "seat", "ev", "_words")

    def __init__(self, game: Any, cat: Catalogue, opts: dict, rng: int, seat: int, dice: Dice | None = None):
        self.game, self.cat, self.opts, self._rng, self.seat = game, cat, opts, rng, seat
        #: the dice once a step opened them (``dice``), else None: the state's generator is unchanged
        self.opened = dice
        self.ev: list[Event] = []
        self._words = game.words

    @property
    def dice(self) -> Dice:
        """The state's dice, opened from its generator state on first use."""
        if self.opened is None:
            self.opened = Dice(self._rng)
        return self.opened

    def say(self, rule: str, key: str, **args: Any) -> None:
        if "player" not in args:
            args["player"] = _NAMES[self.seat]
        self.ev.append(later_event(rule, key, self._words, args))


_EXTRA = frozenset(("jokergem", "swap"))

Play = Callable[..., tuple]


def _to(state: State, board, phase: str, ctx) -> State:
    """The state after a step: the next phase, who decides there, the dice and the events said."""
    rng = state.rng if ctx.opened is None else ctx.opened.state
    if phase == "game_over":
        return state.evolve(data=board, phase=phase, to_move=None, is_over=True, rng=rng, events=tuple(ctx.ev))
    to_move = None if state.game.phases[phase].automatic else board.current
    return moved(state, board, rng, phase, to_move, tuple(ctx.ev), state.is_over)  # ``evolve``'s copy, positional


def decision(phase: str, play: Play, runes: bool = False) -> PhaseHooks:
    """Hooks of a decision phase: ``legal`` and ``why_not`` from its table in ``checks.DECISIONS``;
    ``runes``: the phase also takes rune actions (a self-loop)."""

    def play_hook(state: State, action: Action) -> State:
        ctx = state.game.ctx(state)
        if runes and action.kind in _EXTRA:
            return _to(state, play_extra(state.data, ctx, action), state.phase, ctx)
        board, phase = play(state.data, ctx, action)
        return _to(state, board, phase, ctx)

    return PhaseHooks(legal=DECISIONS[phase].legal, play=play_hook, why_not=REFUSALS.why_not)


def automatic(step: Callable) -> PhaseHooks:
    """Hooks of an automatic phase: ``step(board, ctx) -> (board, next phase)``."""

    def auto_hook(state: State) -> State:
        ctx = state.game.ctx(state)
        board, phase = step(state.data, ctx)
        return _to(state, board, phase, ctx)

    return PhaseHooks(auto=auto_hook)


def _round_end(state: State) -> State:
    """RS-190, RS-191; then rulekit's stop when the new round could only repeat this one (``stuck``)."""
    ctx = state.game.ctx(state)
    board, phase = end.auto_round_end(state.data, ctx)
    if phase == "start_turn" and end.stuck(board, state.options, state.game.cat):
        ctx = state.game.ctx(state)
        end.stop_event(ctx, state.data)
        return _to(state, state.data, "game_over", ctx)
    return _to(state, board, phase, ctx)


def build_flow() -> dict[str, PhaseHooks]:
    """The table, in the order of phases.toml."""
    return {
        "start_turn": automatic(turn.auto_start_turn),
        "choose_action": decision("choose_action", turn.play_choose, runes=True),
        "summon": decision("summon", turn.play_summon),
        "refill_display": automatic(turn.auto_refill_display),
        "use_abilities": decision("use_abilities", turn.play_pick),
        "resolve_abilities": decision("resolve_abilities", turn.play_resolve, runes=True),
        "ability_step": decision("ability_step", turn.play_step),
        "dispose_played_cards": automatic(turn.auto_dispose),
        "forge": decision("forge", turn.play_forge, runes=True),
        "forge_step": decision("forge_step", turn.play_step),
        "refill_forges": automatic(turn.auto_refill_forges),
        "trade_artifacts": decision("trade_artifacts", trade.play_trade, runes=True),
        "rune_choice": decision("rune_choice", trade.play_rune),
        "refill_hand": automatic(turn.auto_refill_hand),
        "end_turn": automatic(turn.auto_end_turn),
        "round_end": PhaseHooks(auto=_round_end),
        "scoring": automatic(end.auto_scoring),
        "determine_winner": automatic(end.auto_winner),
        "game_over": PhaseHooks(),
    }


#: board facts from data/board.toml: the option defaults below come from there (one source of truth)
_BOARD = read_toml("rulekit.games.rune_stones", "data/board.toml")


class RuneStones(Game):
    """Collect creatures, forge artifacts and trade them for rune stones and power."""

    id = "rune_stones"
    title = "Rune Stones"
    title_de = "Rune Stones"
    players = range(2, 5)  # RS-013
    over_rule = "RS-190"  # the game ends, final scoring follows
    package = "rulekit.games.rune_stones"  # explicit, so test subclasses find the data files
    option_list = load_options(package)  # data/options.toml

    @cached_property
    def cat(self) -> Catalogue:
        """Cards, forges and tables from the data files (checked once)."""
        return load_catalogue(self.data_file("cards.toml"), self.data_file("druids.toml"), self.data_file("board.toml"))

    @cached_property
    def messages(self) -> GermanArgs:
        """The messages (the engine's refusal texts under the game's own), with the German forms of
        ids added when an event or a refusal is read (``words.GermanArgs``)."""
        return GermanArgs(Messages.load(self._package))

    @cached_property
    def words(self) -> GermanArgs:
        """The messages (``messages``), as the rule functions' context reads them."""
        return self.messages

    def phrases(self, actions: list[Action], lang: str = "en", most: int = 10) -> str:
        """The first ten choices open now, for "possible now: ..." in a refusal."""
        return super().phrases(actions, lang, most)

    def ctx(self, state: State, dice: Dice | None = None) -> Ctx:
        return Ctx(self, self.cat, state.options, state.rng, state.data.current if state.data else 0, dice)

    @cached_property
    def flow(self) -> dict[str, PhaseHooks]:
        """Phase id -> hooks (see ``flow``); the engine dispatches and checks every step through it."""
        return build_flow()

    # -- hooks -----------------------------------------------------------

    def setup(self, state: State) -> State:
        """The first position (``setup.py``); the engine leaves the setup phase (``Game.leave_setup``)."""
        return setup.setup(state)

    def stopped(self, state: State) -> bool:
        """True when a game ended before anyone reached the throne (RS-190): by the round limit (an
        option, off by default) or by rulekit's stop for a game that can never end (``stuck``)."""
        return state.is_over and max(p.pp for p in state.data.players) < state.options["end_threshold"]

    def view(self, state: State, seat: int | None) -> dict:
        return views.view(self, state, seat)

    def snapshot(self, state: State) -> dict:
        return {
            "phase": state.phase,
            "to_move": state.to_move,
            "rng": state.rng,
            "data": as_dict(state.data) if state.data else None,
        }

    def scores(self, state: State) -> tuple[int, ...]:
        return tuple(p.pp for p in state.data.players)

    def score_breakdown(self, state: State) -> list[ScoreLine]:
        """Points from play, then the final scoring's stones (RS-192, RS-194) and rows (RS-193).

        Before the final scoring (or in a game stopped unfinished) the last two lines are 0.
        """
        players = state.data.players
        scored = state.phase in ("determine_winner", "game_over") and not self.stopped(state)
        final = [final_points(p, state.options["trade_values"]) if scored else (0, 0) for p in players]
        play = tuple(p.pp - s - r for p, (s, r) in zip(players, final, strict=True))
        names = words.WORDS["score"]
        return [
            ScoreLine("RS-162", *names["play"], play),
            ScoreLine("RS-192", *names["stones"], tuple(s for s, _ in final)),
            ScoreLine("RS-193", *names["rows"], tuple(r for _, r in final)),
        ]

    def card_text(self, number: int, lang: str = "en") -> str:
        """What card ``number`` gives, in a sentence (English or German)."""
        return words.card_text(self, number, lang)

    def action_labels(self, players: int, options: dict | None = None) -> frozenset[str]:
        """Every label ``legal()`` can produce: the same for every player count and option."""
        return self.labels

    @cached_property
    def labels(self) -> frozenset[str]:
        """``action_labels`` computed once from the data."""
        return all_labels(self.cat)

    def tiebreak_rule(self, state: State) -> str | None:
        """None: Rune Stones has no tie-break; a tie gives several winners (RS-197)."""
        return None

    def invariants(self, state: State) -> list[str]:
        return views.invariants(self, state)

    def determinize(self, state: State, seat: int, dice: Dice) -> State:
        return state.evolve(data=views.determinize(state.data, seat, dice))

    def redeal_unseen(self, state: State, dice: Dice) -> State:
        return state.evolve(data=views.redeal_unseen(state.data, dice))

    def evaluate(self, state: State, seat: int) -> float:
        return views.evaluate(self, state, seat)

    def scene(self, state: State, seat: int | None = None, lang: str = "en") -> dict:
        return scene.build(self, state, seat, lang)

    def describe(self, action: Action, lang: str = "en") -> str:
        """One short sentence for an action (or its label) in English or German."""
        return words.describe(self, Action.coerce(action), lang)


#: "P1", "P2" ... for the events' ``player`` (``words.name_of``), made once
_NAMES = tuple(words.name_of(seat) for seat in range(max(RuneStones.players)))
