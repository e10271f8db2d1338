"""Random-play throughput of The Vale of Eternity: legal_actions + apply per second.

    PYTHONPATH=src python benchmarks/vale_of_eternity.py [games_per_count]

Prints decisions per second (CPU time) with the default options (forced_auto:
single-choice decisions are made by the automatic phase forced_choice) and
with every decision atomic (forced_auto=False).
"""

from __future__ import annotations

import sys
import time

import rulekit
from rulekit.engine import Dice


def run(games: int, **options) -> tuple[int, float]:
    game = rulekit.load("vale_of_eternity")
    decisions, start = 0, time.process_time()
    for seed in range(games):
        for players in (2, 3, 4):
            state = game.new(players=players, seed=seed, **options)
            dice = Dice(seed)
            while not state.is_over:
                legal = state.legal_actions()
                state = state.apply(legal[dice.below(len(legal))])
                decisions += 1
    return decisions, time.process_time() - start


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    for label, opts in (("default (forced_auto)", {}), ("every decision atomic", {"forced_auto": False})):
        decisions, seconds = run(n, **opts)
        print(
            f"{label}: {decisions} decisions in {seconds:.2f} s CPU = {decisions / seconds:,.0f} per second, "
            f"{3 * n / seconds:.1f} games per second"
        )
