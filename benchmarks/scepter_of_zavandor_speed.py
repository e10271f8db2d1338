"""Throughput of Das Zepter von Zavandor in random play: legal_actions + apply per second.

Run: PYTHONPATH=src python benchmarks/scepter_of_zavandor_speed.py
Prints decisions (legal_actions + apply, automatic steps included in apply) per CPU second
and per wall second, and the automatic steps walked on the way.
"""

from __future__ import annotations

import time

from rulekit.engine import Dice
from rulekit.games import load


def main(games: int = 20) -> None:
    game = load("scepter_of_zavandor")
    game.new(players=2, seed=0)  # load data once
    for players in (2, 4, 6):
        decisions = 0
        steps = 0
        cpu, wall = time.process_time(), time.perf_counter()
        for seed in range(games):
            s = game.new(players=players, seed=seed)
            dice = Dice(seed)
            while not s.is_over:
                legal = s.legal_actions()
                s = s.apply(legal[dice.below(len(legal))])
                decisions += 1
            steps += s.step
        cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
        print(
            f"{players} players: {decisions / games:.0f} decisions/game, {steps / games:.0f} steps/game, "
            f"{decisions / cpu:,.0f} decisions per CPU s ({steps / cpu:,.0f} steps), "
            f"{decisions / wall:,.0f} per wall s"
        )


if __name__ == "__main__":
    main()
