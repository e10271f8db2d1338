"""Simulation throughput: games per second serially, with 1 and 2 worker processes,
and on a local Dask cluster (2 workers, loopback only).

Target (issue 8): 2 workers >= 1.8x one worker. The same seeds give the same
table on every executor; the script checks that too.

    PYTHONPATH=src python benchmarks/simulate_throughput.py [--game rune_stones] [--games 200] [--bots random,random]
"""

from __future__ import annotations

import argparse
import time

import pandas as pd

import rulekit
from rulekit.explore import simulate


def timed(label: str, **kwargs) -> tuple[pd.DataFrame, float]:
    start = time.perf_counter()
    frame = simulate(progress=False, **kwargs)
    elapsed = time.perf_counter() - start
    games = frame["game_id"].nunique()
    print(f"{label:28} {games:6d} games {elapsed:8.2f} s {games / elapsed:9.2f} games/s", flush=True)
    return frame, games / elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default=None, help="game id (default: the first on main)")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--bots", default="random,random")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    game = args.game or rulekit.games()[0]
    common = dict(game=game, agents=args.bots, games=args.games, seed=args.seed)
    print(f"{game}, bots {args.bots}")
    serial, base = timed("serial (in process)", executor="serial", **common)
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor(1) as pool:
        one, rate1 = timed("process pool, 1 worker", executor=pool, **common)
    with ProcessPoolExecutor(2) as pool:
        two, rate2 = timed("process pool, 2 workers", executor=pool, **common)
    from distributed import Client

    with Client(
        processes=True, n_workers=2, threads_per_worker=1, host="127.0.0.1", dashboard_address="127.0.0.1:0"
    ) as client:
        dask, rate_d = timed("dask local cluster, 2 workers", executor=client, **common)
    print(f"speed-up 2 vs 1 worker: {rate2 / rate1:.2f}x; dask vs 1 worker: {rate_d / rate1:.2f}x")
    same = all(serial.equals(f) for f in (one, two, dask))
    print(f"identical tables on every executor: {same}")


if __name__ == "__main__":
    main()
