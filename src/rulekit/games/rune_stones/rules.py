"""Rune Stones (Queen Games 2019, Ruediger Dorn) for 2-4 players.

The hooks of the engine contract; the rules themselves live in topic
modules: ``setup`` (RS-030..RS-045), ``turn`` (the decisions), ``effects``
(icons, die, payments), ``piles`` (refills), ``trade`` (trade-in, automatic
steps, scoring), ``why`` (refusals), ``hidden`` (view, determinize,
invariants, evaluate) and ``scene`` (the board as data).
"""

from __future__ import annotations

from functools import cached_property

from ...engine import Action, Dice, Game, IllegalAction, Option, State
from ...engine.rules import read_toml
from . import hidden, scene, why
from .ctx import Ctx
from .model import Catalogue, as_dict, load_catalogue
from .setup import build
from .trade import auto_step
from .turn import decide, legal_in

__all__ = ["RuneStones"]

#: board facts from data/board.toml: the option defaults below come from there (one source of truth)
_BOARD = read_toml("rulekit.games.rune_stones", "data/board.toml")

#: phases in which nobody decides (the engine runs them as automatic steps)
AUTOMATIC = frozenset(
    (
        "start_turn",
        "refill_display",
        "dispose_played_cards",
        "refill_forges",
        "refill_hand",
        "end_turn",
        "round_end",
        "scoring",
        "determine_winner",
    )
)


class RuneStones(Game):
    """Collect creatures, forge artifacts and trade them for rune stones and power."""

    id = "rune_stones"
    title = "Rune Stones"
    title_de = "Rune Stones"
    players = range(2, 5)  # RS-013
    package = "rulekit.games.rune_stones"  # explicit, so test subclasses find the data files
    option_list = (
        Option(
            "end_threshold",
            _BOARD["end_threshold"],
            "Power points that end the game after the round",
            "Machtpunkte, die das Spiel nach der Runde beenden",
            "RS-190",
            low=10,
            high=200,
        ),
        Option(
            "slot_costs",
            tuple(_BOARD["display"]["slot_costs"]),
            "Summoning cost of the 6 display slots, left to right (rulekit's choice)",
            "Beschwörungskosten der 6 Auslagefelder von links nach rechts (Wahl von rulekit)",
            "RS-074",
        ),
        Option(
            "forge_costs",
            tuple(f["cost"] for f in _BOARD["forge"]),
            "Gem cost of the 5 coloured forges (rulekit's choice)",
            "Edelsteinkosten der 5 farbigen Schmieden (Wahl von rulekit)",
            "RS-132",
        ),
        Option(
            "trade_values",
            tuple(_BOARD["trade"]["values"]),
            "Power points for a row of 0-5 artifacts",
            "Machtpunkte für eine Reihe mit 0-5 Artefakten",
            "RS-162",
        ),
        Option(
            "round_limit",
            _BOARD["round_limit"],
            "Safety end after this many rounds when nobody reaches the throne (0: never; rulekit's addition)",
            "Notende nach so vielen Runden, wenn niemand den Thron erreicht (0: nie; Zusatz von rulekit)",
            "RS-190",
            low=0,
            high=500,
        ),
        Option("start_pp", 0, "Power points at the start", "Machtpunkte zu Beginn", "RS-018", low=0, high=60),
        Option(
            "allow_empty_action",
            True,
            "An action may be chosen and then left empty",
            "Eine Aktion darf gewählt und leer beendet werden",
            "RS-062",
        ),
        Option(
            "refill_after_take",
            True,
            "Refill the display right after an ability takes a card",
            "Auslage sofort auffüllen, wenn eine Fähigkeit eine Karte nimmt",
            "RS-111",
        ),
        Option(
            "dragons_set_aside_on_refill",
            False,
            "Set dragons aside in later refills too",
            "Drachen auch beim späteren Auffüllen beiseitelegen",
            "RS-083",
        ),
        Option(
            "double_die_all_faces",
            True,
            "Double Die also doubles the card and exchange results",
            "Würfel verdoppeln gilt auch für Karte und Tausch",
            "RS-226",
        ),
        Option(
            "die_pp_counts_for_extra",
            False,
            "Power points from the die count for the Extra Power Points rune",
            "Machtpunkte vom Würfel zählen für die Rune Extra Machtpunkte",
            "RS-226",
        ),
        Option(
            "immediate_runes",
            True,
            "Joker, Exchange and Hand Limit runes work in the turn they are taken",
            "Joker-, Tausch- und Handkartenlimit-Rune wirken schon im Zug, in dem sie genommen werden",
            "RS-224",
        ),
    )

    @cached_property
    def cat(self) -> Catalogue:
        """Cards, forges and tables from the data files (checked once)."""
        return load_catalogue(self.data_file("cards.toml"), self.data_file("druids.toml"), self.data_file("board.toml"))

    def ctx(self, state: State, dice: Dice | None = None) -> Ctx:
        return Ctx(self, self.cat, state.options, dice or Dice(state.rng), state.data.current if state.data else 0)

    def _to(self, state: State, board, phase: str, ctx: Ctx, over: bool = False) -> State:
        if over:
            return state.evolve(
                data=board, phase=phase, to_move=None, is_over=True, rng=ctx.dice.state, events=tuple(ctx.ev)
            )
        to_move = None if phase in AUTOMATIC else board.current
        return state.evolve(data=board, phase=phase, to_move=to_move, rng=ctx.dice.state, events=tuple(ctx.ev))

    # -- hooks -----------------------------------------------------------

    def setup(self, state: State) -> State:
        if len(state.options["slot_costs"]) != self.cat.board["display"]["slots"]:
            raise ValueError("slot_costs needs one cost per display slot (RS-074)")
        dice = Dice(state.rng)
        board, events = build(self.cat, state.players, state.options, dice, self.say)
        return state.evolve(data=board, phase="start_turn", to_move=None, rng=dice.state, events=tuple(events))

    def legal(self, state: State) -> list[Action]:
        return legal_in(state.data, state.phase, self.ctx(state))

    def play(self, state: State, action: Action) -> State:
        ctx = self.ctx(state)
        board, phase = decide(state.data, state.phase, ctx, action)
        return self._to(state, board, phase, ctx)

    def auto(self, state: State) -> State:
        ctx = self.ctx(state)
        board, phase, over = auto_step(state.data, state.phase, ctx)
        return self._to(state, board, phase, ctx, over)

    def why_not(self, state: State, action: Action) -> IllegalAction:
        return why.explain(self, state, action)

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

    def invariants(self, state: State) -> list[str]:
        return hidden.invariants(self, state)

    def determinize(self, state: State, seat: int, dice: Dice) -> State:
        return state.evolve(data=hidden.determinize(state.data, seat, dice))

    def evaluate(self, state: State, seat: int) -> float:
        return hidden.evaluate(self, state, seat)

    def scene(self, state: State, seat: int | None = None, lang: str = "en") -> dict:
        return scene.build(self, state, seat, lang)

    def describe(self, action: Action, lang: str = "en") -> str:
        return why.describe(self, action, lang)
