"""Engine throughput and timeline cost, per game (a script that prints figures).

Targets (issue 2): >= 10,000 legal-actions + apply per second on one core,
and a 10,000-step timeline under 50 MB with any jump under 5 ms.

    python benchmarks/engine.py [--games rune_stones,...] [--seconds 3]
"""

from __future__ import annotations

import argparse
import statistics
import time
import tracemalloc

import rulekit
from rulekit.engine import Dice, Timeline


def throughput(game, players: int, seconds: float) -> tuple[float, float]:
    """(decisions per second incl. automatic steps, finished games per second) in random play."""
    dice, seed, actions, finished = Dice(1), 0, 0, 0
    state = game.new(players=players, seed=seed)
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        for _ in range(200):
            if state.is_over:
                finished += 1
                seed += 1
                state = game.new(players=players, seed=seed)
            legal = state.legal_actions()
            state = state.apply(legal[dice.below(len(legal))])
            actions += 1
    elapsed = time.perf_counter() - start
    return actions / elapsed, finished / elapsed


def timeline_cost(game, players: int, steps: int = 10_000) -> tuple[float, float, float]:
    """(MB held, median jump ms, max jump ms) for timelines of ``steps`` steps in all.

    A timeline is one game; random games are played back to back until the
    timelines hold ``steps`` steps, each step one decision or automatic step.
    A jump is ``timeline.jump(i)`` plus the teacher view an inspector shows.
    """
    dice, seed, held, timelines = Dice(2), 0, 0, []
    tracemalloc.start()
    base = tracemalloc.get_traced_memory()[0]
    while held < steps:
        tl = Timeline(game.new(players=players, seed=seed, settle=False))
        while not tl.state.is_over and held < steps:
            legal = tl.state.legal_actions()
            tl.step(legal[dice.below(len(legal))] if legal else None)
            held += 1
        timelines.append(tl)
        seed += 1
    memory = (tracemalloc.get_traced_memory()[0] - base) / 2**20
    tracemalloc.stop()
    jumps = []
    for _ in range(500):
        tl = timelines[dice.below(len(timelines))]
        t0 = time.perf_counter()
        tl.jump(dice.below(len(tl)))
        tl.state.view(None)
        jumps.append((time.perf_counter() - t0) * 1000)
    return memory, statistics.median(jumps), max(jumps)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default=",".join(rulekit.games()))
    parser.add_argument("--seconds", type=float, default=3.0)
    args = parser.parse_args()
    print(
        f"{'game':22} {'players':>7} {'actions/s':>10} {'games/s':>8} {'10k-step MB':>11} {'jump med ms':>11} {'jump max ms':>11}"
    )
    for gid in args.games.split(","):
        game = rulekit.load(gid)
        for players in game.players:
            rate, games_rate = throughput(game, players, args.seconds)
            memory, med, worst = timeline_cost(game, players)
            print(
                f"{gid:22} {players:>7} {rate:>10,.0f} {games_rate:>8.1f} {memory:>11.1f} {med:>11.3f} {worst:>11.3f}"
            )


if __name__ == "__main__":
    main()
