"""Spellbound played by a team of bots: the team's win rate per player count and bot, with 95% intervals.

Every seat of a game is played by the same bot (the mages win or lose
together, SB-560); games are seeded ``seed .. seed + games - 1`` with
default options, so every bot meets the same deals. Prints, per player
count and bot: games won, the win rate with its Wilson 95% interval, the
losses by the rule that ended them (SB-610 two books caught, SB-620 two
pursuers home, SB-630 the witch on top, SB-640 no wicked card left, SB-440
a crushing battle), mean decisions and seconds per game.

    PYTHONPATH=src nice python benchmarks/spellbound_team.py [--games 200] [--players 1,2]
        [--bots random,greedy,mcts:100,plan] [--workers 2]
"""

from __future__ import annotations

import argparse
import os
import time

from rulekit.explore import simulate
from rulekit.explore.sweeps import wilson


def measure(bot: str, players: int, games: int, seed: int, workers: int) -> dict:
    start = time.perf_counter()
    frame = simulate("spellbound", bot, players=players, games=games, seed=seed, workers=workers, progress=False)
    elapsed = time.perf_counter() - start
    per_game = frame[frame.seat == 0]
    won = int(per_game["winner"].sum())
    low, high = wilson(won, len(per_game))
    losses = per_game.loc[~per_game["winner"], "end_reason"].value_counts().to_dict()
    return {
        "players": players,
        "bot": bot,
        "won": f"{won}/{len(per_game)}",
        "rate": won / len(per_game),
        "ci": f"{low:.2f}-{high:.2f}",
        "losses": ", ".join(f"{k} {v}" for k, v in sorted(losses.items())),
        "decisions": per_game["decisions"].mean(),
        "s_per_game": elapsed * workers / len(per_game),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", default="1,2")
    parser.add_argument("--bots", default="random,greedy,mcts:100,plan")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    print(
        f"Spellbound, default options, {args.games} games per row, seeds {args.seed}.., load {os.getloadavg()[0]:.1f}"
    )
    print(f"{'players':>7} {'bot':<10} {'won':>8} {'rate':>5} {'95% CI':>10} {'dec':>5} {'s/game':>6}  losses by rule")
    for players in (int(p) for p in args.players.split(",")):
        for bot in args.bots.split(","):
            r = measure(bot, players, args.games, args.seed, args.workers)
            print(
                f"{r['players']:>7} {r['bot']:<10} {r['won']:>8} {r['rate']:>5.2f} {r['ci']:>10} "
                f"{r['decisions']:>5.0f} {r['s_per_game']:>6.2f}  {r['losses']}",
                flush=True,
            )


if __name__ == "__main__":
    main()
