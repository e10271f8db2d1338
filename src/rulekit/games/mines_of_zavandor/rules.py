"""Die Minen von Zavandor (The Mines of Zavandor): the ``Game`` for 2-4 players.

The rules live in modules by phase (setup, income, trade, auction,
upgrade); this class declares the game's facts and options and the flow
table: one ``PhaseHooks`` per phase of data/phases.toml, through which the
engine dispatches and checks every step. A decision phase's ``legal`` and
``why_not`` both run the small checks of ``checks.py``.
"""

from __future__ import annotations

from rulekit.engine import Action, Dice, Game, PhaseHooks, ScoreLine, State, load_options

from . import auction, income, setup, trade, upgrade, views, words
from .checks import DECISIONS, REFUSALS
from .scene import scene
from .tables import tables

__all__ = ["MinesOfZavandor"]


class MinesOfZavandor(Game):
    """Mine gems, trade, bid in four sealed auctions, upgrade; the king's road is the clock."""

    id = "mines_of_zavandor"
    title = "The Mines of Zavandor"
    title_de = "Die Minen von Zavandor"
    players = range(2, 5)  # ZM-901: 2-4 players (facts sheet; the seed gives no count)
    over_rule = "ZM-690"  # after the final scoring no more moves
    option_list = load_options(__package__)  # data/options.toml

    flow = {
        "income_base": PhaseHooks(auto=income.income_step),
        "income_choice": PhaseHooks(
            legal=DECISIONS["income_choice"].legal, play=income.play_income, why_not=REFUSALS.why_not
        ),
        "income_extra": PhaseHooks(
            legal=DECISIONS["income_extra"].legal, play=income.play_scroll, why_not=REFUSALS.why_not
        ),
        "trade": PhaseHooks(legal=DECISIONS["trade"].legal, play=trade.play_menu, why_not=REFUSALS.why_not),
        "trade_bank": PhaseHooks(legal=DECISIONS["trade_bank"].legal, play=trade.play_bank, why_not=REFUSALS.why_not),
        "trade_offer": PhaseHooks(
            legal=DECISIONS["trade_offer"].legal, play=trade.play_offer, why_not=REFUSALS.why_not
        ),
        "trade_answer": PhaseHooks(
            legal=DECISIONS["trade_answer"].legal, play=trade.play_answer, why_not=REFUSALS.why_not
        ),
        "auction_bidding": PhaseHooks(
            legal=DECISIONS["auction_bidding"].legal, play=auction.play_bid, why_not=REFUSALS.why_not
        ),
        "auction_reveal": PhaseHooks(auto=auction.reveal),
        "auction_count": PhaseHooks(auto=auction.resolve_step),
        "auction_resolve": PhaseHooks(
            legal=DECISIONS["auction_resolve"].legal, play=auction.play_resolve, why_not=REFUSALS.why_not
        ),
        "upgrade": PhaseHooks(legal=DECISIONS["upgrade"].legal, play=upgrade.play_upgrade, why_not=REFUSALS.why_not),
        "check_game_end": PhaseHooks(auto=upgrade.check_end),
        "round_cleanup": PhaseHooks(auto=upgrade.cleanup),
        "hand_limit": PhaseHooks(
            legal=DECISIONS["hand_limit"].legal, play=upgrade.play_discard, why_not=REFUSALS.why_not
        ),
        "final_gem_exchange": PhaseHooks(
            legal=DECISIONS["final_gem_exchange"].legal, play=upgrade.play_final, why_not=REFUSALS.why_not
        ),
        "final_scoring": PhaseHooks(auto=upgrade.final_scoring),
        "game_over": PhaseHooks(),
    }

    # -- hooks -----------------------------------------------------------

    def setup(self, state: State) -> State:
        """The first position (``setup.py``); the engine leaves the setup phase (``Game.leave_setup``)."""
        return setup.setup(state)

    def private_decision(self, state: State, action: Action) -> bool:
        return auction.private_bid(state, action)

    def stopped(self, state: State) -> bool:
        """True when the option ``round_limit`` (not printed) ended the game before the king's coronation."""
        return state.is_over and state.data.stopped

    def view(self, state: State, seat: int | None) -> dict:
        return views.view(state, seat)

    def scores(self, state: State) -> tuple[int, ...]:
        t, d = tables(), state.data
        return tuple(sum(upgrade.score(t, d, p)) for p in d.players)

    def winners(self, state: State) -> tuple[int, ...]:
        """ZM-680 most points; ZM-914 (rulekit's choice, option ``tiebreak``): shared or most gem cards."""
        scores = self.scores(state)
        best = [i for i, s in enumerate(scores) if s == max(scores)]
        if state.options.get("tiebreak") == "most_cards" and len(best) > 1:
            cards = {i: sum(state.data.players[i].hand) + sum(state.data.players[i].bid) for i in best}
            best = [i for i in best if cards[i] == max(cards.values())]
        return tuple(best)

    def score_breakdown(self, state: State) -> list[ScoreLine]:
        """ZM-650 coins (auction points and final exchanges), ZM-660 completed objects, ZM-670 special cards."""
        t, d = tables(), state.data
        parts = [upgrade.score(t, d, p) for p in d.players]
        names = [("ZM-650", "score_coins"), ("ZM-660", "score_completed"), ("ZM-670", "score_special")]
        return [
            ScoreLine(rule, *self.messages.format(key), tuple(p[i] for p in parts))
            for i, (rule, key) in enumerate(names)
        ]

    def tiebreak_rule(self, state: State) -> str | None:
        """ZM-914 when equal best points were split by the option ``tiebreak`` (most gem cards)."""
        scores = self.scores(state)
        tied = scores.count(max(scores)) > 1
        return "ZM-914" if tied and state.options.get("tiebreak") == "most_cards" else None

    def invariants(self, state: State) -> list[str]:
        return views.invariants(state)

    def determinize(self, state: State, seat: int, dice: Dice) -> State:
        return views.determinize(state, seat, dice)

    def redeal_unseen(self, state: State, dice: Dice) -> State:
        return views.redeal_unseen(state, dice)

    def evaluate(self, state: State, seat: int) -> float:
        return views.evaluate(state, seat)

    def scene(self, state: State, seat: int | None = None, lang: str = "en") -> dict:
        return scene(self, state, seat, lang)

    def action_labels(self, players: int, options: dict | None = None) -> frozenset[str]:
        """Every action label ``legal`` can produce for ``players`` and ``options``, from the data files."""
        return words.action_labels(players, self.resolve_options(options or {}))

    def describe(self, action: Action, lang: str = "en") -> str:
        """A readable sentence for an action label ("bid red log" -> "bid a red log-cart card")."""
        return words.describe(self, action, lang)
