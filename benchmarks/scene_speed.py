"""Time of one ``game.scene(state, seat, lang)`` call, per game, over seeded random games.

The scene is rebuilt on every click, so it must stay cheap. For each game this
plays a few seeded random games (every player count), keeps every few states,
and times ``scene`` for the seat to move and the teacher view in both languages.

    PYTHONPATH=src python benchmarks/scene_speed.py [--games 1] [--every 13] [--repeat 3]
"""

from __future__ import annotations

import argparse
import json
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
    ap.add_argument("--games", type=int, default=1)
    ap.add_argument("--every", type=int, default=13)
    ap.add_argument("--repeat", type=int, default=3, help="best of this many calls per state (the machine is shared)")
    args = ap.parse_args()
    print(f"{'game':22} {'calls':>6} {'median ms':>10} {'p95 ms':>8} {'max ms':>8} {'JSON kB':>8}")
    for gid in rulekit.games():
        game = rulekit.load(gid)
        times, sizes = [], []
        for s in sample_states(gid, args.games, args.every):
            for seat in (s.to_move, None):
                for lang in ("en", "de"):
                    best = float("inf")
                    for _ in range(args.repeat):
                        t0 = time.perf_counter()
                        scene = game.scene(s, seat, lang)
                        best = min(best, time.perf_counter() - t0)
                    times.append(best * 1000)
                    sizes.append(len(json.dumps(scene, ensure_ascii=False, separators=(",", ":"))))
        times.sort()
        p95 = times[int(len(times) * 0.95)]
        print(f"{gid:22} {len(times):6} {statistics.median(times):10.2f} {p95:8.2f} {times[-1]:8.2f} "
              f"{statistics.median(sizes) / 1000:8.1f}")  # fmt: skip


if __name__ == "__main__":
    main()
