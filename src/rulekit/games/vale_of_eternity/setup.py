"""The first position of a Vale of Eternity game, and hand-made positions for lessons, notebooks and tests.

``setup`` lays out the game from the options and the seed (VE-020 .. VE-022):
the ``Game.setup`` hook. ``position`` builds a legal mid-game state from a
short description (who holds which cards and stones); every card not placed
lies in the deck, so the card count stays 70. ``SCENARIOS`` names a few
positions that show how card effects chain.
"""

from __future__ import annotations

from typing import Any

from rulekit.engine import Dice, SetupError, State

from .model import NO_SEAT, Vale
from .tables import CARDS
from .work import Work

__all__ = ["setup", "position", "scenario", "SCENARIOS"]


def setup(state: State) -> State:
    """VE-020 .. VE-022: the shuffled deck, the start player (option ``random_start``), starting points."""
    n = state.players
    dice = Dice(state.rng)
    deck = dice.shuffle(sorted(CARDS))  # VE-022: all 70 cards shuffled
    start = dice.below(n) if state.options["random_start"] else 0
    empty = tuple(() for _ in range(n))
    data = Vale(
        round=1,
        start=start,
        deck=deck,
        discard=(),
        display=(),
        markers=(),
        hands=empty,
        areas=empty,
        stones=empty,
        scores=(0,) * n,
        summoned=(0,) * n,
        turn=start,
    )
    w = Work.open(data, dice.state, state.options, n)
    _starting_points(w)
    events = tuple(state.game.event(*e) for e in w.events)
    return state.evolve(data=w.freeze(), rng=w.dice.state, phase="reveal_cards", to_move=None, events=events)


def _starting_points(w: Work) -> None:
    """VE-020/VE-021/VE-022: starting points by seat from the start player, round 1, shuffled deck."""
    n = w.players
    for k in range(n):
        w.scores[(w.start + k) % n] = k + 1
    w.note("VE-020", "start_scores", player=w.start)
    w.note("VE-021", "round_one")
    w.note("VE-022", "setup", n=len(w.deck))


def position(
    players: int = 2,
    round: int = 5,
    hands: dict | None = None,
    areas: dict | None = None,
    stones: dict | None = None,
    scores: list | None = None,
    display: tuple = (),
    markers: list | None = None,
    discard: tuple = (),
    phase: str = "action_turn",
    to_move: int | None = 0,
    stage: str = "action",
    turn: int = 0,
    done: int = 0,
    start: int = 0,
    **options: Any,
) -> State:
    """A state with seat ``to_move`` to act; unplaced cards form the deck (sorted, highest on top)."""
    from rulekit.games import load

    hands, areas, stones = hands or {}, areas or {}, stones or {}
    seats = range(players)
    h = tuple(tuple(hands.get(p, ())) for p in seats)
    a = tuple(tuple(areas.get(p, ())) for p in seats)
    used = {c for t in h + a for c in t} | set(display) | set(discard)
    data = Vale(
        round=round,
        start=start,
        deck=tuple(c for c in sorted(CARDS) if c not in used),
        discard=tuple(discard),
        display=tuple(display),
        markers=tuple(markers if markers is not None else [NO_SEAT] * len(display)),
        hands=h,
        areas=a,
        stones=tuple(tuple(sorted(stones.get(p, ()))) for p in seats),
        scores=tuple(scores or [0] * players),
        summoned=(0,) * players,
        stage=stage,
        turn=turn,
        done=done,
    )
    base = load("vale_of_eternity").new(players=players, seed=0, **options)
    return base.evolve(data=data, phase=phase, to_move=to_move, events=())


#: name -> (description en, description de, position keywords)
SCENARIOS: dict[str, tuple[str, str, dict]] = {
    "egg_chain": (
        "Dragon Egg discards itself and summons Scorch for free; Scorch copies Mud Slime's instant effect.",
        "Drachenei wirft sich ab und beschwört Brand kostenlos; Brand kopiert den Sofort-Effekt von Schlammschleim.",
        {"areas": {0: [40]}, "hands": {0: [63, 68]}, "stones": {0: [3]}},
    ),
    "genie_chain": (
        "Genie uses every active effect of the area at once: Salamander and Undine Queen.",
        "Dschinn nutzt sofort jeden aktiven Effekt der Auslage: Salamander und Undinenkönigin.",
        {"areas": {0: [13, 27]}, "hands": {0: [49]}, "stones": {0: [3, 1]}},
    ),
    "activation": (
        "Activation phase: P1 owns Salamander, Undine Queen and Troll (Troll needs a purple stone).",
        "Aktivierungsphase: P1 besitzt Salamander, Undinenkönigin und Troll (Troll braucht einen lila Stein).",
        {"areas": {0: [13, 27, 44]}, "phase": "end_action_turn", "to_move": None, "turn": 1, "done": 1},
    ),
}


def scenario(name: str, **options: Any) -> State:
    """One of ``SCENARIOS`` as a state, settled to the first decision (seat 0 to act)."""
    if name not in SCENARIOS:
        raise SetupError(f"unknown scenario {name!r}; known: {', '.join(SCENARIOS)}")
    return position(**SCENARIOS[name][2], **options).settle()
