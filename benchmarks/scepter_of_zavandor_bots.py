"""Do bots finish Das Zepter von Zavandor by the printed end (ZS-620), with no round limit?

Run: PYTHONPATH=src python benchmarks/scepter_of_zavandor_bots.py [agents...] [--games N] [--limit D]
For each agent spec (default: greedy and mcts:8) it plays seeds k = 0..N-1 (default 20), the
player count cycling through the game's range (``list(game.players)[k % len]``), no options,
every seat the same agent seeded with ``seat_seed(k, seat)`` (as ``simulate`` does). A game
counts as finished only when it reaches ``is_over`` and is not ``stopped``; it is cut off after
``--limit`` decisions (default 4000). Prints one line per game and a summary: finished games,
decisions per game (min / median / max), seconds per game and in all.
"""

from __future__ import annotations

import argparse
import statistics
import time

from rulekit.agents import make_agent, seat_seed
from rulekit.games import load


def play(game, spec: str, k: int, limit: int) -> tuple[int, int, bool, float, int]:
    """One game: (players, decisions, finished by the printed end, seconds, rounds)."""
    players = list(game.players)[k % len(game.players)]
    state = game.new(players=players, seed=k)
    bots = [make_agent(spec, seed=seat_seed(k, seat)) for seat in range(players)]
    start = time.perf_counter()
    decisions = 0
    while not state.is_over and decisions < limit:
        state = state.apply(bots[state.to_move].choose(state))
        decisions += 1
    done = state.is_over and not game.stopped(state)
    return players, decisions, done, time.perf_counter() - start, state.data.round


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("agents", nargs="*", default=["greedy", "mcts:8"])
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--limit", type=int, default=4000)
    ap.add_argument("--first", type=int, default=0)
    args = ap.parse_args()
    game = load("scepter_of_zavandor")
    for spec in args.agents:
        rows = []
        total = time.perf_counter()
        for k in range(args.first, args.first + args.games):
            players, decisions, done, secs, rounds = play(game, spec, k, args.limit)
            rows.append((decisions, done, secs))
            state = "finished" if done else "NOT FINISHED"
            print(f"{spec} seed {k}: {players} players, {decisions} decisions, {rounds} rounds, {secs:.1f} s, {state}")
        total = time.perf_counter() - total
        ds = [r[0] for r in rows]
        print(
            f"== {spec}: {sum(r[1] for r in rows)}/{len(rows)} finished; decisions min {min(ds)} "
            f"median {statistics.median(ds):.0f} max {max(ds)}; {total / len(rows):.1f} s per game, {total:.0f} s in all",
            flush=True,
        )


if __name__ == "__main__":
    main()
