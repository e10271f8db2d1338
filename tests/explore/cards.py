"""A small card game with hidden hands and a hidden deck, for the explore tests only.

Each seat holds three hidden cards (values 0-9, two copies each). On its
turn a seat plays one card, which scores its value, and draws a new one
(an automatic step). After ``rounds`` rounds the highest total wins.
The best card is obvious to a seat, so greedy and search bots must beat
random play; ``determinize`` reshuffles what the seat cannot see.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from rulekit.engine import Action, Dice, Game, Option, Phase, Rule, State
from rulekit.engine.rules import Messages

DECK = tuple(v for v in range(10) for _ in range(2))  # two copies of 0..9
HAND = 3  # cards held by each seat


@dataclass(frozen=True)
class Table:
    hands: tuple[tuple[int, ...], ...]
    deck: tuple[int, ...]
    points: tuple[int, ...]
    played: int = 0
    last: int = 0


class Cards(Game):
    id = "cards"
    title = "Test cards"
    players = range(2, 5)
    option_list = (Option("rounds", 3, "rounds before the end", low=1, high=4),)

    @cached_property
    def phases(self):
        return {
            "setup": Phase("setup", "Setup", "Aufbau", ("play",), ("RS-001",), True),
            "play": Phase("play", "Play", "Spielen", ("draw",), ("RS-002",)),
            "draw": Phase("draw", "Draw", "Ziehen", ("play",), ("RS-003",), True),
        }

    @cached_property
    def rules(self):
        return {r: Rule(r, "play", "rule", f"text {r}", f"Text {r}", "1") for r in ("RS-001", "RS-002", "RS-003")}

    @cached_property
    def messages(self):
        return Messages(
            {
                "play": {"en": "seat {seat} plays {card}", "de": "Platz {seat} spielt {card}"},
                "end": {"en": "the game ends", "de": "das Spiel endet"},
            }
        )

    def setup(self, state: State) -> State:
        dice = Dice(state.rng)
        deck = dice.shuffle(DECK)
        n = state.players
        hands = tuple(tuple(sorted(deck[i * HAND : (i + 1) * HAND])) for i in range(n))
        data = Table(hands, deck[n * HAND :], (0,) * n)
        return state.evolve(data=data, phase="play", to_move=0, rng=dice.state)

    def legal(self, state):
        return [Action("play", (v,)) for v in sorted(set(state.data.hands[state.to_move]))]

    def play(self, state, action):
        seat, card, d = state.to_move, action.args[0], state.data
        hand = list(d.hands[seat])
        hand.remove(card)
        hands = d.hands[:seat] + (tuple(hand),) + d.hands[seat + 1 :]
        points = d.points[:seat] + (d.points[seat] + card,) + d.points[seat + 1 :]
        data = Table(hands, d.deck, points, d.played + 1, seat)
        return state.evolve(
            data=data, phase="draw", to_move=None, events=(self.say("RS-002", "play", seat=seat, card=card),)
        )

    def auto(self, state):
        d, seat = state.data, state.data.last
        if d.played >= state.options["rounds"] * state.players:
            return state.evolve(is_over=True, events=(self.say("RS-003", "end"),))
        hands = d.hands[:seat] + (tuple(sorted(d.hands[seat] + d.deck[:1])),) + d.hands[seat + 1 :]
        data = Table(hands, d.deck[1:], d.points, d.played, seat)
        return state.evolve(data=data, phase="play", to_move=(seat + 1) % state.players)

    def determinize(self, state, seat, dice):
        d = state.data
        # sorted first: the sample depends only on what ``seat`` knows
        unseen = sorted([c for i, h in enumerate(d.hands) if i != seat for c in h] + list(d.deck))
        unseen = list(dice.shuffle(unseen))
        hands = []
        for i, h in enumerate(d.hands):
            if i == seat:
                hands.append(h)
            else:
                hands.append(tuple(sorted(unseen[: len(h)])))
                unseen = unseen[len(h) :]
        return state.evolve(data=Table(tuple(hands), tuple(unseen), d.points, d.played, d.last))

    def view(self, state, seat):
        d = state.data
        return {
            "points": list(d.points),
            "hands": [list(h) if seat in (None, i) else len(h) for i, h in enumerate(d.hands)],
            "deck": len(d.deck),
        }

    def scores(self, state):
        return state.data.points
