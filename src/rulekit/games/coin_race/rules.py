"""Coin race: the ``Game`` for 2-4 players and its flow table.

The class declares the game's facts and hooks; the flow table gives each
phase of ``data/phases.toml`` its ``PhaseHooks``. The mechanics live in
``turn.py`` (flip, move, check), the decisions and every refusal in
``checks.py``, hidden information in ``views.py``, words in ``words.py``,
the board in ``scene.py``.
"""

from __future__ import annotations

from rulekit.engine import Action, Dice, Game, PhaseHooks, ScoreLine, State, load_options

from . import setup as setup_mod
from . import turn, views, words
from .checks import DECISIONS, REFUSALS
from .scene import scene

__all__ = ["CoinRace"]


class CoinRace(Game):
    """Flip a coin, move 1 to 3 spaces, stop on your secret space for another turn; first to the finish wins."""

    id = "coin_race"
    title = "Coin race"
    title_de = "Münzrennen"
    players = range(2, 5)  # CR-001: 2-4 players
    over_rule = "CR-060"  # after a token has won nothing is played
    option_list = load_options(__package__)  # data/options.toml

    flow = {
        "flip": PhaseHooks(auto=turn.flip),
        "move": PhaseHooks(legal=DECISIONS["move"].legal, play=turn.play_move, why_not=REFUSALS.why_not),
        "check": PhaseHooks(auto=turn.check),
        "over": PhaseHooks(),
    }

    # -- hooks -----------------------------------------------------------

    def setup(self, state: State) -> State:
        return setup_mod.setup(state)

    def view(self, state: State, seat: int | None) -> dict:
        return views.view(state, seat)

    def scores(self, state: State) -> tuple[int, ...]:
        """The space each token reached (CR-050: the winner's is the finish line)."""
        return state.data.spaces

    def score_breakdown(self, state: State) -> list[ScoreLine]:
        return [ScoreLine("CR-050", *self.messages.format("score_space"), self.scores(state))]

    def invariants(self, state: State) -> list[str]:
        return views.invariants(state)

    def determinize(self, state: State, seat: int, dice: Dice) -> State:
        return views.determinize(state, seat, dice)

    def redeal_unseen(self, state: State, dice: Dice) -> State:
        return views.redeal_unseen(state, dice)

    def scene(self, state: State, seat: int | None = None, lang: str = "en") -> dict:
        return scene(self, state, seat, lang)

    def action_labels(self, players: int, options: dict | None = None) -> frozenset[str]:
        """Every action label ``legal`` can produce (from the data files; the same for every count)."""
        self.resolve_options(options or {})  # a bad option is an error here too
        return words.action_labels()

    def describe(self, action: Action, lang: str = "en") -> str:
        return words.describe(self, action, lang)
