"""States along seeded random games (what the scene, colour and accessibility tests look at) and the
labels the legal-list tests try at each of them."""

from __future__ import annotations

import random
from collections.abc import Iterable

import rulekit
from rulekit.engine import Action


def random_states(game_id: str, counts: Iterable[int], steps: int, every: int, last: bool = False) -> tuple:
    """Every ``every``-th state of one random game per player count (seeded by the count), and the last one if asked."""
    game = rulekit.load(game_id)
    out = []
    for n in counts:
        s, rng = game.new(players=n, seed=n), random.Random(n)
        for step in range(steps):
            if s.is_over:
                break
            if step % every == 0:
                out.append(s)
            s = s.apply(rng.choice(s.legal_actions()))
        if last:
            out.append(s)
    return tuple(out)


def labels_by_kind(game, players: int, options: dict) -> dict[str, list[Action]]:
    """Every label the game declares (``Game.action_labels``), parsed and grouped by action kind."""
    out: dict[str, list[Action]] = {}
    for label in sorted(game.action_labels(players, options)):
        action = Action.parse(label)
        out.setdefault(action.kind, []).append(action)
    return out
