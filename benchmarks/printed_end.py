"""Do the bots play every game to its printed end? Unfinished games by reason, per game, player count and bot.

Default options, seeds ``seed .. seed + games - 1``, every seat the same bot.
A game is unfinished when it stopped before a printed end: simulate's
decision cap (``decision_limit``) or a stop rulekit adds (Scepter's
``stalemate``; ``round_limit`` when that option is set).

    PYTHONPATH=src nice python benchmarks/printed_end.py [--games 200] [--bots greedy,mcts:25]
        [--only scepter_of_zavandor,...] [--players 4,5,6] [--workers 2]
"""

from __future__ import annotations

import argparse
import os
import time

import rulekit
from rulekit.explore import simulate, unfinished


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--bots", default="greedy,mcts:25")
    parser.add_argument("--only", default="")
    parser.add_argument("--players", default="", help="only these player counts, e.g. 4,5,6")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    games = args.only.split(",") if args.only else rulekit.games()
    print(f"printed end: default options, {args.games} games per row, load {os.getloadavg()[0]:.1f}")
    for game_id in games:
        counts = [int(p) for p in args.players.split(",")] if args.players else rulekit.load(game_id).players
        for players in counts:
            for bot in args.bots.split(","):
                start = time.perf_counter()
                frame = simulate(
                    game_id,
                    bot,
                    players=players,
                    games=args.games,
                    seed=args.seed,
                    workers=args.workers,
                    progress=False,
                )
                stops = unfinished(frame).iloc[0]
                reasons = {k: int(stops[k]) for k in stops.index if k not in ("games", "unfinished")}
                per_game = (time.perf_counter() - start) * args.workers / args.games
                print(
                    f"{game_id:<22} {players}p {bot:<10} unfinished {int(stops['unfinished'])}/{args.games} "
                    f"{reasons or ''} {per_game:.1f} s/game",
                    flush=True,
                )


if __name__ == "__main__":
    main()
