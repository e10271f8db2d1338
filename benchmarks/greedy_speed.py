"""Greedy-vs-greedy games per minute on 2 workers, per game, and a fingerprint of their results.

Target (issue 23 item 5): 1,000 greedy-vs-greedy games of any game in <= 5
minutes on 2 cores, i.e. >= 200 games per minute with
``simulate(game, "greedy,greedy", workers=2)`` (what ``rulekit simulate
GAME --games N --workers 2`` runs). A short run is extrapolated.

A speed-up must not change what the bots do: ``--save FILE`` writes, per
game and seed, the simulate table's rows (scores, winners, decisions, end
reason) and a hash of the whole action sequence (played serially with the
same agents and seeds as ``simulate``); ``--check FILE`` compares a new run
with a saved one and prints every seed that differs.

    python benchmarks/greedy_speed.py [--games 100] [--workers 2] [--only scepter_of_zavandor,...]
    python benchmarks/greedy_speed.py --fingerprints 20 --save benchmarks/results/greedy_before.json
    python benchmarks/greedy_speed.py --fingerprints 20 --check benchmarks/results/greedy_before.json
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import time

import rulekit
from rulekit.agents import make_agent, seat_seed
from rulekit.explore import simulate

LINEUP = "greedy,greedy"
COLUMNS = ["game_id", "seed", "seat", "score", "rank", "winner", "turns", "decisions", "end_reason", "stop_reason"]


def load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def actions_hash(gid: str, seed: int) -> tuple[str, int]:
    """(sha256 of the action labels, decisions) of the greedy-vs-greedy game of ``seed``, played
    as ``simulate`` plays it (same agents, same seat seeds)."""
    game = rulekit.load(gid)
    state = game.new(players=2, seed=seed)
    bots = [make_agent(spec, seed=seat_seed(seed, seat)) for seat, spec in enumerate(LINEUP.split(","))]
    digest, n = hashlib.sha256(), 0
    while not state.is_over and n < 20_000:
        action = bots[state.to_move].choose(state)
        digest.update(str(action).encode() + b"|")
        state = state.apply(action)
        n += 1
    return digest.hexdigest()[:16], n


def fingerprint(gid: str, seeds: int) -> dict:
    frame = simulate(gid, LINEUP, games=seeds, seed=0, executor="serial", progress=False)
    rows = frame[COLUMNS].astype(str).values.tolist()
    return {"table": rows, "actions": [actions_hash(gid, s) for s in range(seeds)]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", default=",".join(rulekit.games()))
    parser.add_argument("--games", type=int, default=100, help="games per timed run (0: no timing)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--fingerprints", type=int, default=0, help="seeds to fingerprint (serial)")
    parser.add_argument("--save", help="write the fingerprints to this JSON file")
    parser.add_argument("--check", help="compare the fingerprints with this JSON file")
    args = parser.parse_args()
    gids = args.only.split(",")
    if args.games:
        print(f"{args.games} greedy-vs-greedy games per game on {args.workers} workers; load {load()}")
        print(f"{'game':22} {'seconds':>8} {'games/min':>9} {'1,000 games':>11}  load")
        for gid in gids:
            start = time.perf_counter()
            simulate(gid, LINEUP, games=args.games, seed=0, workers=args.workers, progress=False)
            elapsed = time.perf_counter() - start
            rate = args.games / elapsed * 60
            print(f"{gid:22} {elapsed:>8.1f} {rate:>9.0f} {1000 / rate:>9.1f} m  {load()}", flush=True)
    if args.fingerprints:
        prints = {}
        for gid in gids:
            start = time.perf_counter()
            prints[gid] = fingerprint(gid, args.fingerprints)
            print(f"fingerprinted {gid}: {args.fingerprints} seeds in {time.perf_counter() - start:.1f} s", flush=True)
        if args.save:
            with open(args.save, "w") as f:
                json.dump(prints, f, indent=1)
            print(f"saved {args.save}")
        if args.check:
            with open(args.check) as f:
                saved = json.load(f)
            same = True
            for gid, now in prints.items():
                before = saved.get(gid)
                if before is None:
                    print(f"{gid}: not in {args.check}")
                    continue
                n = min(len(now["actions"]), len(before["actions"]))
                diff = [s for s in range(n) if list(now["actions"][s]) != list(before["actions"][s])]
                rows = 2 * n
                table_same = now["table"][:rows] == before["table"][:rows]
                same &= not diff and table_same
                print(f"{gid}: {n} seeds, actions differ at seeds {diff or 'none'}, table same: {table_same}")
            print("same results as before" if same else "RESULTS DIFFER")


if __name__ == "__main__":
    main()
