"""Rune Stones throughput by CPU time: legal_actions + apply per second (a script that prints figures).

Wall-clock figures of ``benchmarks/engine.py`` swing with the machine's load;
CPU time of this process does much less. Random play, the game's defaults
(no round limit), every player count.

    PYTHONPATH=src python benchmarks/rune_stones_speed.py [--seconds 3] [--option round_limit=60]
"""

from __future__ import annotations

import argparse
import ast
import time

import rulekit
from rulekit.engine import Dice


def rate(game, players: int, seconds: float, options: dict) -> tuple[float, int]:
    """(decisions per CPU second, finished games) of seeded random play."""
    dice, seed, decisions, finished, cpu = Dice(1), 0, 0, 0, 0.0
    state = game.new(players=players, seed=seed, **options)
    while cpu < seconds:
        start = time.process_time()
        for _ in range(500):
            if state.is_over:
                finished += 1
                seed += 1
                state = game.new(players=players, seed=seed, **options)
            legal = state.legal_actions()
            state = state.apply(legal[dice.below(len(legal))])
            decisions += 1
        cpu += time.process_time() - start
    return decisions / cpu, finished


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--option", action="append", default=[], help="name=value, e.g. round_limit=60")
    args = parser.parse_args()
    options = {k: ast.literal_eval(v) for k, _, v in (o.partition("=") for o in args.option)}
    game = rulekit.load("rune_stones")
    for players in game.players:
        per_s, finished = rate(game, players, args.seconds, options)
        print(f"rune_stones {players}p: {per_s:,.0f} legal_actions+apply per CPU second ({finished} games finished)")


if __name__ == "__main__":
    main()
