"""Random-play throughput of Mines of Zavandor: legal_actions + apply per second (CPU time, one core).

Run: PYTHONPATH=src python benchmarks/mines_of_zavandor_speed.py [games]
"""

from __future__ import annotations

import sys
import time

import rulekit
from rulekit.engine import Dice


def main(games: int = 30) -> None:
    game = rulekit.load("mines_of_zavandor")
    steps, cpu = 0, 0.0
    for seed in range(games):
        state = game.new(players=2 + seed % 3, seed=seed)
        dice = Dice(seed)
        start = time.process_time()
        while not state.is_over:
            acts = state.legal_actions()
            state = state.apply(acts[dice.below(len(acts))])
            steps += 1
        cpu += time.process_time() - start
    print(f"{steps} decisions in {cpu:.2f} s CPU: {steps / cpu:,.0f} legal_actions+apply per second")
    print(f"mean game length: {steps / games:.0f} decisions")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 30)
