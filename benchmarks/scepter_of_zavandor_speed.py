"""Throughput of Das Zepter von Zavandor in random play: legal_actions + apply per second.

Run: PYTHONPATH=src python benchmarks/scepter_of_zavandor_speed.py
Prints decisions (legal_actions + apply, automatic steps included in apply) per CPU second
and per wall second, and the automatic steps walked on the way. Random players never buy five
sentinels (ZS-620), so these games set ``round_limit`` (30 rounds) and stop unfinished.
Target (issue 16): >= 20,000 decisions per CPU second for every player count.
"""

from __future__ import annotations

import time

from rulekit.engine import Dice
from rulekit.games import load

#: rounds after which a random game stops (the printed rules have no limit)
ROUND_LIMIT = 30


def main(games: int = 20) -> None:
    game = load("scepter_of_zavandor")
    game.new(players=2, seed=0)  # load data once
    for players in range(2, 7):
        decisions = 0
        steps = 0
        cpu, wall = time.process_time(), time.perf_counter()
        for seed in range(games):
            s = game.new(players=players, seed=seed, round_limit=ROUND_LIMIT)
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
