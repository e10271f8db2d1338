"""Win rates of the greedy and search bots against random play, for every game on main.

Each bot plays two-player games against ``random`` with seats rotated game by
game (so the first-player advantage cancels out); the table gives the bot's
win rate with a 95% Wilson interval and the time per game. In cooperative
games (Spellbound) a team of the bot is compared with a team of random players.

    PYTHONPATH=src python benchmarks/agents_winrate.py [--games 40] [--mcts mcts:50] [--mcts-games 20]
        [--greedy greedy] [--only rune_stones,...] [--players 2] [--workers 2]
"""

from __future__ import annotations

import argparse
import time

import rulekit
from rulekit.explore import simulate, win_rates


def measure(game_id: str, bot: str, games: int, players: int, workers: int | None, seed: int) -> dict:
    """One bot against random players: win rate, interval and seconds per game.

    In a cooperative game everyone wins or loses together, so a team of the
    bot plays against the same seeds played by a team of random players.
    """
    coop = getattr(rulekit.load(game_id), "cooperative", False)
    lineup = ",".join([bot] * players if coop else [bot] + ["random"] * (players - 1))
    start = time.perf_counter()
    frame = simulate(game_id, lineup, games=games, seed=seed, rotate=True, workers=workers, progress=False)
    if frame.attrs.get("partial"):  # Ctrl-C inside simulate: stop the whole table, not just this row
        raise KeyboardInterrupt
    elapsed = time.perf_counter() - start
    rates = win_rates(frame, by="agent").set_index("agent")
    if coop:
        base = simulate(
            game_id, ",".join(["random"] * players), games=games, seed=seed, workers=workers, progress=False
        )
        # one row per game (seat 0): the seats of a team share one result
        rates = win_rates(frame[frame.seat == 0], by="agent").set_index("agent")
        rates.loc["random"] = win_rates(base[base.seat == 0], by="agent").set_index("agent").loc["random"]
    row = rates.loc[bot]
    return {
        "game": game_id,
        "bot": bot,
        "games": games,
        "win_rate": row["rate"],
        "ci": f"{row['ci_low']:.2f}-{row['ci_high']:.2f}",
        "fair": float("nan") if coop else 1 / players,
        "random_rate": rates.loc["random", "rate"],
        "turns": frame.drop_duplicates("game_id")["turns"].mean(),
        "s_per_game": elapsed / games,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--greedy", default="greedy")
    parser.add_argument("--mcts", default="mcts:50")
    parser.add_argument("--mcts-games", type=int, default=None, help="games for the search bot (default --games)")
    parser.add_argument("--only", default="", help="comma-separated game ids (default: all on main)")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--workers", type=int, default=None)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    ids = [g for g in args.only.split(",") if g] or rulekit.games()
    print(
        f"{'game':22} {'bot':20} {'games':>5} {'win':>6} {'95% CI':>11} {'fair':>5} {'random':>7} "
        f"{'turns':>6} {'s/game':>7}"
    )
    try:
        _rows(ids, args)
    except KeyboardInterrupt:
        print("interrupted: the rows above are complete; the rest was not measured")
        return 130
    return 0


def _rows(ids: list[str], args: argparse.Namespace) -> None:
    for gid in ids:
        for bot, games in ((args.greedy, args.games), (args.mcts, args.mcts_games or args.games)):
            r = measure(gid, bot, games, args.players, args.workers, args.seed)
            print(
                f"{r['game']:22} {r['bot']:20} {r['games']:5d} {r['win_rate']:6.2f} {r['ci']:>11} "
                f"{r['fair']:5.2f} {r['random_rate']:7.2f} {r['turns']:6.0f} {r['s_per_game']:7.2f}",
                flush=True,
            )


if __name__ == "__main__":
    raise SystemExit(main())
