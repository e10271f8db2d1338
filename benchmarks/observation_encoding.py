"""Encode (and decode) time per view, and vector sizes, for every game and player count (issue 18).

Run: ``PYTHONPATH=src python benchmarks/observation_encoding.py [--views 300]``.
Views come from one seeded random game per player count (every seat and the teacher).
"""

from __future__ import annotations

import argparse
import time

import rulekit
from rulekit.adapters.encoding import playouts, space_for


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--views", type=int, default=300, help="views timed per game and player count")
    args = parser.parse_args()
    print(f"{'game':22} {'players':>7} {'slots':>6} {'encode us':>10} {'decode us':>10}")
    for gid in rulekit.games():
        game = rulekit.load(gid)
        for n in game.players:
            space = space_for(game, n)
            views = []
            for state in playouts(game, n, sims=1, seed=99):
                views += [state.view(seat) for seat in (None, *range(n))]
            step = max(1, len(views) // args.views)
            views = views[::step][: args.views]
            start = time.perf_counter()
            vecs = [space.encode(v) for v in views]
            enc = (time.perf_counter() - start) / len(views) * 1e6
            start = time.perf_counter()
            for v in vecs:
                space.decode(v)
            dec = (time.perf_counter() - start) / len(views) * 1e6
            print(f"{gid:22} {n:>7} {space.num_features:>6} {enc:>10.0f} {dec:>10.0f}")


if __name__ == "__main__":
    main()
