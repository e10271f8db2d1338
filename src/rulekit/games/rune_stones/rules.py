"""Rune Stones (Queen Games 2019, Ruediger Dorn) for 2-4 players.

The hooks of the engine contract; the rules themselves live in topic
modules: ``setup`` (RS-030..RS-045), ``turn`` (the decisions), ``effects``
(icons, die, payments), ``piles`` (refills), ``trade`` (trade-in, automatic
steps, scoring), ``why`` (refusals), ``hidden`` (view, determinize,
invariants, evaluate) and ``scene`` (the board as data).
"""

from __future__ import annotations

from functools import cached_property

from ...engine import Action, Dice, Game, OptionError, PhaseHooks, State, load_options
from ...engine.game import ScoreLine
from ...engine.rules import read_toml
from . import hidden, scene, words
from .ctx import Ctx, GermanArgs
from .flow import build_flow
from .labels import all_labels
from .model import Catalogue, as_dict, load_catalogue
from .setup import build
from .trade import final_points

__all__ = ["RuneStones"]

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
    def words(self) -> GermanArgs:
        """The messages, with German forms of ids added when an event is read."""
        return GermanArgs(self.messages)

    def ctx(self, state: State, dice: Dice | None = None) -> Ctx:
        return Ctx(self, self.cat, state.options, dice or Dice(state.rng), state.data.current if state.data else 0)

    @cached_property
    def flow(self) -> dict[str, PhaseHooks]:
        """Phase id -> hooks (see ``flow``); the engine dispatches and checks every step through it."""
        return build_flow()

    # -- hooks -----------------------------------------------------------

    def setup(self, state: State) -> State:
        """Lay out the material; the first automatic step picks the start player (RS-042)."""
        if len(state.options["slot_costs"]) != self.cat.board["display"]["slots"]:
            raise OptionError("slot_costs", "needs one cost per display slot (RS-074)")
        dice = Dice(state.rng)
        board, events = build(self.cat, state.players, state.options, dice, self.say)
        return state.evolve(data=board, phase="setup", to_move=None, rng=dice.state, events=tuple(events))

    def stopped(self, state: State) -> bool:
        """True when a game ended before anyone reached the throne (RS-190): by the round limit (an
        option, off by default) or by rulekit's stop for a game that can never end (``stuck``)."""
        return state.is_over and max(p.pp for p in state.data.players) < state.options["end_threshold"]

    def view(self, state: State, seat: int | None) -> dict:
        return hidden.view(self, state, seat)

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
        return hidden.invariants(self, state)

    def determinize(self, state: State, seat: int, dice: Dice) -> State:
        return state.evolve(data=hidden.determinize(state.data, seat, dice))

    def redeal_unseen(self, state: State, dice: Dice) -> State:
        return state.evolve(data=hidden.redeal_unseen(state.data, dice))

    def evaluate(self, state: State, seat: int) -> float:
        return hidden.evaluate(self, state, seat)

    def scene(self, state: State, seat: int | None = None, lang: str = "en") -> dict:
        return scene.build(self, state, seat, lang)

    def describe(self, action: Action, lang: str = "en") -> str:
        """One short sentence for an action (or its label) in English or German."""
        return words.describe(self, Action.coerce(action), lang)
