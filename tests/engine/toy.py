"""A tiny game used only to test the engine contract (not a rulekit game).

Race: seats add 1 or 2 to a counter in turn; each seat holds one hidden
card; after every decision an automatic check ends the game at 10.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from rulekit.engine import Action, Dice, Game, IllegalAction, Phase, PhaseHooks, Rule, State
from rulekit.engine.rules import Messages


@dataclass(frozen=True)
class Race:
    total: int
    hands: tuple[int, ...]
    last: int | None = None


class Toy(Game):
    id = "toy"
    title = "Toy race"
    players = range(2, 4)
    over_rule = "RS-003"  # the check that ends the race; a move after the end cites it

    @cached_property
    def phases(self):
        return {
            "setup": Phase("setup", "Setup", "Aufbau", ("add",), ("RS-001",), True),
            "add": Phase("add", "Add", "Addieren", ("check",), ("RS-002",)),
            "check": Phase("check", "Check", "Prüfen", ("add", "over"), ("RS-003",), True),
            "over": Phase("over", "Game over", "Spielende", (), ("RS-003",), True),
        }

    @cached_property
    def rules(self):
        return {r: Rule(r, "add", "rule", f"text {r}", f"Text {r}", "1") for r in ("RS-001", "RS-002", "RS-003")}

    @cached_property
    def messages(self):
        return Messages({"add": {"en": "seat {seat} adds {n}", "de": "Platz {seat} addiert {n}"}})

    def setup(self, state: State) -> State:
        dice = Dice(state.rng)
        hands = dice.shuffle(range(10))[: state.players]
        return state.evolve(data=Race(0, hands), phase="add", to_move=0, rng=dice.state)

    @cached_property
    def flow(self):
        return {
            "add": PhaseHooks(legal=_legal_add, play=_play_add, why_not=_why_not_add),
            "check": PhaseHooks(auto=_check_end),
            "over": PhaseHooks(),  # the end: nothing runs here
        }

    def view(self, state, seat):
        hands = [h if seat is None or seat == i else None for i, h in enumerate(state.data.hands)]
        return {"total": state.data.total, "hands": hands}

    def scores(self, state):
        return tuple(int(state.is_over and state.data.last == i) for i in range(state.players))


def _legal_add(state: State) -> list[Action]:
    return [Action("add", (1,)), Action("add", (2,))]


def _why_not_add(state: State, action: Action) -> IllegalAction | None:
    """RS-002: add 1 or 2; any other kind of action is none of the toy's (the engine answers)."""
    if action.kind != "add" or action in _legal_add(state):
        return None
    return IllegalAction("RS-002", "add 1 or 2", action, "1 oder 2 addieren")


def _play_add(state: State, action: Action) -> State:
    n = action.args[0]
    data = Race(state.data.total + n, state.data.hands, state.to_move)
    event = state.game.say("RS-002", "add", seat=state.to_move, n=n)
    return state.evolve(data=data, phase="check", to_move=None, events=(event,))


def _check_end(state: State) -> State:
    if state.data.total >= 10:
        return state.evolve(is_over=True, phase="over")
    return state.evolve(phase="add", to_move=(state.data.last + 1) % state.players)
