"""Die Minen von Zavandor (The Mines of Zavandor): the ``Game`` for 2-4 players.

The rules live in modules by phase (setup, income, trade, auction,
upgrade); this class declares the game's facts and options and routes the
engine's hooks to them by phase.
"""

from __future__ import annotations

from typing import Any

from rulekit.engine import Action, Dice, Game, IllegalAction, Option, State

from . import auction, income, trade, upgrade, views
from .refusals import why_not
from .scene import scene
from .setup import setup_game
from .tables import tables

__all__ = ["MinesOfZavandor"]

_LEGAL = {
    "income_base": income.legal_income,
    "income_extra": income.legal_scroll,
    "trade": trade.legal_trade,
    "trade_bank": trade.legal_trade,
    "trade_offer": trade.legal_trade,
    "trade_answer": trade.legal_trade,
    "auction_bidding": auction.legal_bid,
    "auction_resolve": auction.legal_resolve,
    "upgrade": upgrade.legal_upgrade,
    "final_gem_exchange": upgrade.legal_final,
}
_PLAY = {
    "income_base": income.play_income,
    "income_extra": income.play_scroll,
    "trade": trade.play_trade,
    "trade_bank": trade.play_trade,
    "trade_offer": trade.play_trade,
    "trade_answer": trade.play_trade,
    "auction_bidding": auction.play_bid,
    "auction_resolve": auction.play_resolve,
    "upgrade": upgrade.play_upgrade,
    "final_gem_exchange": upgrade.play_final,
}
_AUTO = {
    "income_base": income.income_step,
    "auction_reveal": auction.reveal,
    "auction_resolve": auction.resolve_step,
    "check_game_end": upgrade.check_end,
    "round_cleanup": upgrade.cleanup,
    "final_scoring": upgrade.final_scoring,
}


class MinesOfZavandor(Game):
    """Mine gems, trade, bid in four sealed auctions, upgrade; the king's road is the clock."""

    id = "mines_of_zavandor"
    title = "The Mines of Zavandor"
    title_de = "Die Minen von Zavandor"
    players = range(2, 5)  # ZM-901: 2-4 players (facts sheet; the seed gives no count)
    option_list = (
        Option(
            "variant",
            "normal",
            "clan boards: same side for all (normal) or different sides (pro)",
            "Clantafeln: gleiche Seite für alle (normal) oder verschiedene Seiten (Profi)",
            "ZM-060",
            ("normal", "pro"),
        ),
        Option(
            "income_cap",
            6,
            "most base-income cards per round",
            "höchstens so viele Karten Grundeinkommen pro Runde",
            "ZM-230",
            low=1,
            high=30,
        ),
        Option(
            "cave_spaces",
            6,
            "cave spaces per player board (rulekit's choice)",
            "Höhlenfelder pro Spielertableau (Wahl von rulekit)",
            "ZM-904",
            low=2,
            high=8,
        ),
        Option(
            "tiebreak",
            "shared",
            "equal final points: shared victory, or most gem cards left",
            "Punktgleichstand: geteilter Sieg oder die meisten übrigen Edelsteinkarten",
            "ZM-914",
            ("shared", "most_cards"),
        ),
    )

    # -- hooks -----------------------------------------------------------

    def setup(self, state: State) -> State:
        return setup_game(self, state)

    def legal(self, state: State) -> list[Action]:
        return _LEGAL[state.phase](state)

    def play(self, state: State, action: Action) -> State:
        return _PLAY[state.phase](self, state, action)

    def auto(self, state: State) -> State:
        return _AUTO[state.phase](self, state)

    def why_not(self, state: State, action: Action) -> IllegalAction:
        return why_not(self, state, action)

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

    def invariants(self, state: State) -> list[str]:
        return views.invariants(state)

    def determinize(self, state: State, seat: int, dice: Dice) -> State:
        return views.determinize(state, seat, dice)

    def evaluate(self, state: State, seat: int) -> float:
        return views.evaluate(state, seat)

    def scene(self, state: State, seat: int | None = None, lang: str = "en") -> dict:
        return scene(self, state, seat, lang)

    def action_labels(self, players: int | None = None, options: dict | None = None) -> list[str]:
        """Every action label the game can offer, in a fixed order (for fixed action spaces: adapters)."""
        t = tables()
        slots = range(max(o.high for o in self.option_list if o.name == "cave_spaces"))
        gems = [f"{colour} {cart}" for colour in t.colours for cart in t.carts]
        return [
            *(f"take {c}" for c in t.carts),
            *(f"scroll {c}" for c in t.carts),
            "keep",
            "bank",
            *(f"cart {c}" for c in t.carts),
            *(f"give {c}" for c in t.colours),
            *(f"want {c}" for c in t.colours),
            "offer",
            *(f"to {seat}" for seat in range(self.players.stop - 1)),
            *(f"give {g}" for g in gems),
            "next",
            *(f"ask {g}" for g in gems),
            "propose",
            "cancel",
            "accept",
            "decline",
            "done",
            *(f"bid {c}" for c in t.colours),
            "seal",
            *(f"reward {r}" for r in t.rewards),
            *(f"remove {i}" for i in slots),
            "king advance",
            "king stay",
            "upgrade clan",
            *(f"upgrade {i}" for i in slots),
            "exchange",
        ]

    def describe(self, action: Action, lang: str = "en") -> str:
        """A readable sentence for an action label ("bid red log" -> "bid a red log-cart card")."""
        t = tables()
        args: dict[str, Any] = {}
        for i, a in enumerate(action.args):
            text = str(a)
            if a in t.carts:
                text = t.cart_name(t.carts.index(a), lang)
            elif a in t.colours:
                text = t.colour_name(t.colours.index(a), lang)
            elif action.kind == "to":
                text = str(int(a) + 1)
            args[f"a{i}"] = text
        for key in (f"act_{action.kind}_{action.args[0]}" if action.args else "", f"act_{action.kind}"):
            try:
                en, de = self.messages.format(key, **args)
            except (KeyError, IndexError):  # a label with too few arguments
                return str(action)
            if key and not en.startswith(key):  # a missing key shows itself plainly
                return de if lang == "de" else en
        return str(action)
