"""Time of one ``game.scene(state, seat, lang)`` call, per game, over seeded random games.

The scene is rebuilt on every click, so it must stay cheap. For each game this
plays a few seeded random games (every player count), keeps every few states,
and times ``scene`` for the seat to move and the teacher view in both languages.

    PYTHONPATH=src python benchmarks/scene_speed.py [--games 3] [--every 7]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import rulekit


def sample_states(game_id: str, games: int, every: int, max_steps: int = 400) -> list:
    """States along seeded random games (every ``every``-th step, all player counts)."""
    game = rulekit.load(game_id)
    states = []
    for n in game.players:
        for seed in range(games):
            s, rng = game.new(players=n, seed=seed), random.Random(seed)
            for step in range(max_steps):
                if s.is_over:
                    break
                if step % every == 0:
                    states.append(s)
                s = s.apply(rng.choice(s.legal_actions()))
            states.append(s)
    return states


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=2)
    ap.add_argument("--every", type=int, default=9)
    args = ap.parse_args()
    print(f"{'game':22} {'calls':>6} {'mean ms':>8} {'p95 ms':>8} {'max ms':>8}")
    for gid in rulekit.games():
        game = rulekit.load(gid)
        times = []
        for s in sample_states(gid, args.games, args.every):
            for seat in (s.to_move, None):
                for lang in ("en", "de"):
                    t0 = time.perf_counter()
                    game.scene(s, seat, lang)
                    times.append((time.perf_counter() - t0) * 1000)
        times.sort()
        p95 = times[int(len(times) * 0.95)]
        print(f"{gid:22} {len(times):6} {statistics.mean(times):8.2f} {p95:8.2f} {times[-1]:8.2f}")


if __name__ == "__main__":
    main()
