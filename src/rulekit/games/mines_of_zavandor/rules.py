"""Die Minen von Zavandor (The Mines of Zavandor): the ``Game`` for 2-4 players.

The rules live in modules by phase (setup, income, trade, auction,
upgrade); this class declares the game's facts and options and the flow
table: one ``PhaseHooks`` per phase of data/phases.toml, through which the
engine dispatches and checks every step. A decision phase's ``legal`` and
``why_not`` both run the small checks of ``checks.py``.
"""

from __future__ import annotations

from typing import Any

from rulekit.engine import Action, Dice, Game, Option, PhaseHooks, ScoreLine, State

from . import auction, income, labels, trade, upgrade, views
from .checks import DECISIONS
from .refusals import why_not
from .scene import scene
from .setup import setup_game
from .tables import tables

__all__ = ["MinesOfZavandor"]


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
            title="Clan board side",
            title_de="Seite der Clantafel",
        ),
        Option(
            "income_cap",
            6,
            "most base-income cards per round (printed: 6)",
            "höchstens so viele Karten Grundeinkommen pro Runde (gedruckt: 6)",
            "ZM-230",
            low=1,
            high=30,
            title="Base income limit",
            title_de="Grenze des Grundeinkommens",
        ),
        Option(
            "cave_spaces",
            6,
            "cave spaces per player board (gap: the facts name at most 6 expansions)",
            "Höhlenfelder pro Spielertableau (Lücke: laut Fakten höchstens 6 Erweiterungen)",
            "ZM-904",
            low=2,
            high=8,
            title="Cave spaces",
            title_de="Höhlenfelder",
        ),
        Option(
            "scroll_timing",
            "any_income",
            "when a spell scroll pays (gap): in any income phase the owner chooses, or in the first one",
            "wann eine Spruchrolle auszahlt (Lücke): in einer beliebigen Einkommensphase oder in der ersten",
            "ZM-906",
            ("any_income", "first_income"),
            title="Spell scroll timing",
            title_de="Zeitpunkt der Spruchrolle",
        ),
        Option(
            "gem_tiers",
            "rare_low",
            "cards for the card / top reward (gap): red and yellow 3 / 8, green and blue 4 / 9, or the other way",
            "Karten für Karte / Höchstbelohnung (Lücke): Rot und Gelb 3 / 8, Grün und Blau 4 / 9, oder umgekehrt",
            "ZM-908",
            ("rare_low", "common_low"),
            title="Auction thresholds",
            title_de="Schwellen der Versteigerung",
        ),
        Option(
            "tiebreak",
            "shared",
            "equal final points (gap): shared victory, or most gem cards left",
            "Punktgleichstand (Lücke): geteilter Sieg oder die meisten übrigen Edelsteinkarten",
            "ZM-914",
            ("shared", "most_cards"),
            title="Tie-break",
            title_de="Gleichstand",
        ),
        Option(
            "offer_limit",
            0,
            "trade offers per trading turn; 0: any number, as printed (1: rulekit's old limit)",
            "Tauschangebote pro Handelszug; 0: beliebig viele wie gedruckt (1: frühere Grenze von rulekit)",
            "ZM-350",
            low=0,
            high=10,
            title="Trade offers per turn",
            title_de="Tauschangebote pro Zug",
        ),
        Option(
            "cap_timing",
            "before_fallback",
            "base-income limit (gap): counted on the cards owed by the board, or after short piles fell back to lower cart types",
            "Grenze des Grundeinkommens (Lücke): auf die geschuldeten Karten oder erst nach dem Ausweichen auf niedrigere Lorenarten",
            "ZM-905",
            ("before_fallback", "after_fallback"),
            title="Income limit and fallback",
            title_de="Einkommensgrenze und Ausweichen",
        ),
        Option(
            "short_pile",
            "partial",
            "a cart type with too few cards (gap): gives what it has, the rest from the next lower type, or gives none",
            "eine Lorenart mit zu wenigen Karten (Lücke): gibt, was sie hat, den Rest die nächstniedrigere, oder gibt keine",
            "ZM-905",
            ("partial", "whole"),
            title="Short income pile",
            title_de="Zu kleiner Einkommensstapel",
        ),
        Option(
            "bank_turned",
            "discard",
            "cards turned over while searching the draw pile for a bank trade (gap): onto the discard pile, or back under the pile",
            "beim Banktausch im Nachziehstapel aufgedeckte Karten (Lücke): auf den Ablagestapel oder zurück unter den Stapel",
            "ZM-907",
            ("discard", "under"),
            title="Cards turned over in a bank trade",
            title_de="Aufgedeckte Karten beim Banktausch",
        ),
        Option(
            "bank_absent",
            "refund",
            "the wanted gem is in neither pile (gap): the two cards handed in come back, or they are lost",
            "der gewünschte Edelstein ist in keinem Stapel (Lücke): die zwei abgegebenen Karten kommen zurück oder sind verloren",
            "ZM-907",
            ("refund", "lost"),
            title="Wanted gem missing",
            title_de="Gewünschter Edelstein fehlt",
        ),
        Option(
            "declined_card",
            "discard",
            "an expansion card the auction winner did not take (gap): discarded at the round end, or it stays for the next round",
            "eine Erweiterungskarte, die der Sieger nicht nahm (Lücke): am Rundenende abgelegt oder sie bleibt für die nächste Runde",
            "ZM-909",
            ("discard", "stays"),
            title="Card left by the winner",
            title_de="Vom Sieger liegengelassene Karte",
        ),
        Option(
            "removed_card",
            "discard",
            "a card removed from a full board (gap): out of the game, or under its colour's stack",
            "eine von einem vollen Tableau entfernte Karte (Lücke): aus dem Spiel oder unter den Stapel ihrer Farbe",
            "ZM-910",
            ("discard", "stack"),
            title="Removed card",
            title_de="Entfernte Karte",
        ),
        Option(
            "removed_cubes",
            "supply",
            "the cubes on a removed card (gap): back to the supply, or out of the game",
            "die Würfel auf einer entfernten Karte (Lücke): zurück in den Vorrat oder aus dem Spiel",
            "ZM-910",
            ("supply", "lost"),
            title="Cubes of a removed card",
            title_de="Würfel einer entfernten Karte",
        ),
        Option(
            "coin_supply",
            "unlimited",
            "point coins (gap): as many as needed, or only the 30 in the box (70 points); an empty supply pays no more",
            "Siegpunktmünzen (Lücke): so viele wie nötig oder nur die 30 der Schachtel (70 Punkte); ein leerer Vorrat zahlt nichts mehr",
            "ZM-910",
            ("unlimited", "limited"),
            title="Point coin supply",
            title_de="Vorrat an Siegpunktmünzen",
        ),
        Option(
            "empty_stack",
            "empty",
            "a colour's stack runs out (gap): its display space stays empty, or its discarded cards are shuffled into a new stack",
            "der Stapel einer Farbe ist leer (Lücke): das Auslagefeld bleibt leer, oder ihre abgelegten Karten werden neu gemischt",
            "ZM-913",
            ("empty", "reshuffle"),
            title="Empty expansion stack",
            title_de="Leerer Erweiterungsstapel",
        ),
        Option(
            "hand_limit",
            0,
            "most gem cards in hand at the end of a round (gap); 0: no limit, as printed",
            "höchstens so viele Edelsteinkarten auf der Hand am Rundenende (Lücke); 0: keine Grenze wie gedruckt",
            "ZM-913",
            low=0,
            high=60,
            title="Hand limit",
            title_de="Handkartengrenze",
        ),
        Option(
            "round_limit",
            0,
            "stop an endless game after this many rounds, unfinished and without winners (bots, tests); 0: no limit",
            "ein endloses Spiel nach so vielen Runden abbrechen, unbeendet und ohne Sieger (Bots, Tests); 0: keine Grenze",
            "ZM-630",
            low=0,
            high=1000,
            title="Round limit (not printed)",
            title_de="Rundengrenze (nicht gedruckt)",
        ),
    )

    flow = {
        "setup": PhaseHooks(auto=lambda state: state.game.setup(state)),
        "income_base": PhaseHooks(auto=income.income_step),
        "income_choice": PhaseHooks(legal=DECISIONS["income_choice"].legal, play=income.play_income, why_not=why_not),
        "income_extra": PhaseHooks(legal=DECISIONS["income_extra"].legal, play=income.play_scroll, why_not=why_not),
        "trade": PhaseHooks(legal=DECISIONS["trade"].legal, play=trade.play_menu, why_not=why_not),
        "trade_bank": PhaseHooks(legal=DECISIONS["trade_bank"].legal, play=trade.play_bank, why_not=why_not),
        "trade_offer": PhaseHooks(legal=DECISIONS["trade_offer"].legal, play=trade.play_offer, why_not=why_not),
        "trade_answer": PhaseHooks(legal=DECISIONS["trade_answer"].legal, play=trade.play_answer, why_not=why_not),
        "auction_bidding": PhaseHooks(legal=DECISIONS["auction_bidding"].legal, play=auction.play_bid, why_not=why_not),
        "auction_reveal": PhaseHooks(auto=auction.reveal),
        "auction_count": PhaseHooks(auto=auction.resolve_step),
        "auction_resolve": PhaseHooks(
            legal=DECISIONS["auction_resolve"].legal, play=auction.play_resolve, why_not=why_not
        ),
        "upgrade": PhaseHooks(legal=DECISIONS["upgrade"].legal, play=upgrade.play_upgrade, why_not=why_not),
        "check_game_end": PhaseHooks(auto=upgrade.check_end),
        "round_cleanup": PhaseHooks(auto=upgrade.cleanup),
        "hand_limit": PhaseHooks(legal=DECISIONS["hand_limit"].legal, play=upgrade.play_discard, why_not=why_not),
        "final_gem_exchange": PhaseHooks(
            legal=DECISIONS["final_gem_exchange"].legal, play=upgrade.play_final, why_not=why_not
        ),
        "final_scoring": PhaseHooks(auto=upgrade.final_scoring),
        "game_over": PhaseHooks(),
    }

    # -- hooks -----------------------------------------------------------

    def setup(self, state: State) -> State:
        return setup_game(self, state)

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
        return labels.action_labels(players, self.resolve_options(options or {}))

    def describe(self, action: Action, lang: str = "en") -> str:
        """A readable sentence for an action label ("bid red log" -> "bid a red log-cart card")."""
        t = tables()
        args: dict[str, Any] = {}
        for i, a in enumerate(action.args):
            text = str(a + 1) if isinstance(a, int) else str(a)  # seats and cave spaces count from 1
            if a in t.carts:
                text = t.cart_name(t.carts.index(a), lang)
            elif a in t.colours:
                text = t.colour_name(t.colours.index(a), lang)
            args[f"a{i}"] = text
        first = f"act_{action.kind}_card" if action.kind == "give" and len(action.args) == 2 else ""
        for key in (first or (f"act_{action.kind}_{action.args[0]}" if action.args else ""), f"act_{action.kind}"):
            try:
                en, de = self.messages.format(key, **args)
            except (KeyError, IndexError):  # a label with too few arguments
                return str(action)
            if key and not en.startswith(key):  # a missing key shows itself plainly
                return de if lang == "de" else en
        return str(action)
