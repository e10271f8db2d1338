"""The strength ladder: random, greedy and mcts at two budgets against each other in every competitive game.

Each pairing plays two-player games on paired seeds (every seed once with
each bot in the first seat, ``simulate(..., paired=True)``), so neither the
deal nor the seat favours one bot. Prints, per game and pairing, the
stronger bot's win rate (shared wins count for both) with a 95% Wilson
interval and whether it beats the weaker one clearly (the whole interval
above 0.5). Cooperative games (Spellbound) have no opponents: see
``benchmarks/spellbound_team.py``.

    PYTHONPATH=src nice python benchmarks/ladder.py [--games 100] [--low mcts:10] [--high mcts:40:lines=24]
        [--only rune_stones,...] [--workers 2] [--extra plan]
        [--pairs greedy/random,...]
"""

from __future__ import annotations

import argparse
import os
import resource
import time

import rulekit
from rulekit.explore import simulate
from rulekit.explore.stats import wilson


def pairings(low: str, high: str, extra: list[str]) -> list[tuple[str, str]]:
    """(stronger, weaker): each rung against the one below it."""
    rungs = [("greedy", "random"), (low, "greedy"), (high, low)]
    return rungs + [(bot, "greedy") for bot in extra]


def match(game_id: str, strong: str, weak: str, seeds: int, seed: int, workers: int) -> dict:
    start, cpu = time.perf_counter(), _cpu()
    frame = simulate(game_id, f"{strong},{weak}", games=seeds, seed=seed, paired=True, workers=workers, progress=False)
    elapsed, cpu = time.perf_counter() - start, _cpu() - cpu
    mine = frame[frame["agent"] == strong]
    n, won = len(mine), int(mine["winner"].sum())
    low, high = wilson(won, n)
    unfinished = int((~frame[frame["seat"] == 0]["finished"]).sum())
    return {
        "game": game_id,
        "pairing": f"{strong} vs {weak}",
        "games": n,
        "rate": won / n,
        "ci": f"{low:.2f}-{high:.2f}",
        "verdict": "clear" if low > 0.5 else "NOT clear",
        "unfinished": unfinished,
        "s_per_game": elapsed * workers / n,
        "cpu_per_game": cpu / n,
    }


def _cpu() -> float:
    """CPU seconds of this process and its finished children (the pool's workers): unlike wall time
    it does not grow with the load other programs put on a shared machine."""
    own, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="seeds per pairing (2 games each, seats swapped)")
    parser.add_argument("--low", default="mcts:10")
    parser.add_argument(
        "--high",
        default="mcts:40:lines=24",
        help="the high budget: four times the rollouts and three times the line finishes of the low one",
    )
    parser.add_argument("--extra", default="", help="more bots to play against greedy, e.g. plan")
    parser.add_argument("--only", default="")
    parser.add_argument(
        "--pairs", default="", help="only these pairings, strong/weak, e.g. greedy/random,mcts:30/greedy"
    )
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    games = args.only.split(",") if args.only else [g for g in rulekit.games() if not rulekit.load(g).cooperative]
    extra = [b for b in args.extra.split(",") if b]
    print(f"ladder: 2 players, default options, {args.games} paired seeds per pairing, load {os.getloadavg()[0]:.1f}")
    print(
        f"{'game':<22} {'pairing':<22} {'games':>5} {'rate':>5} {'95% CI':>10} {'verdict':>9} {'unf':>4} {'s/game':>7} {'cpu/game':>8}"
    )
    for game_id in games:
        chosen = [tuple(p.split("/")) for p in args.pairs.split(",")] if args.pairs else None
        for strong, weak in chosen or pairings(args.low, args.high, extra):
            r = match(game_id, strong, weak, args.games, args.seed, args.workers)
            print(
                f"{r['game']:<22} {r['pairing']:<22} {r['games']:>5} {r['rate']:>5.2f} {r['ci']:>10} "
                f"{r['verdict']:>9} {r['unfinished']:>4} {r['s_per_game']:>7.2f} {r['cpu_per_game']:>8.2f}",
                flush=True,
            )


if __name__ == "__main__":
    main()
