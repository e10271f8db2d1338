"""Instructions per random decision, counted by callgrind (the same figure whatever the load).

Seconds on a shared machine move with the load; instruction counts do not.
Each game plays random decisions (``legal_actions`` plus ``apply``, a new
seeded game when one ends, as ``engine_ratio.py`` does) twice under
``valgrind --tool=callgrind``, ``--short`` and ``--long`` decisions; the
difference divided by the difference in decisions cancels the start-up.
Needs valgrind (Debian's package).

    python benchmarks/instructions.py [--games spellbound,...] [--short 500] [--long 2500]
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile

import rulekit

PLAY = """
import sys, rulekit
from rulekit.engine import Dice
game, players, decisions = rulekit.load(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
dice, seed = Dice(1), 0
state = game.new(players=players, seed=seed)
for _ in range(decisions):
    if state.is_over:
        seed += 1
        state = game.new(players=players, seed=seed)
    legal = state.legal_actions()
    state = state.apply(legal[dice.below(len(legal))])
"""


def instructions(game: str, players: int, decisions: int, pycache: str) -> int:
    """Instructions callgrind counts for the whole process playing ``decisions`` random decisions.

    ``pycache`` is a bytecode cache of this measurement's own (``PYTHONPYCACHEPREFIX``), filled by
    ``main`` before the first measured run: every measured run loads the same compiled modules, and no
    other process (a test run writing caches meanwhile) can make one run compile what another loads.
    """
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "callgrind.out")
        run = subprocess.run(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", sys.executable, "-c", PLAY]
            + [game, str(players), str(decisions)],
            capture_output=True,
            text=True,
            check=True,
            env=_env(pycache),
        )
        found = re.search(r"Collected : (\d+)", run.stderr)
        if found is None:
            raise RuntimeError(f"no instruction count from callgrind:\n{run.stderr[-2000:]}")
        return int(found.group(1))


def _env(pycache: str) -> dict:
    env = {**os.environ, "PYTHONHASHSEED": "0", "PYTHONPYCACHEPREFIX": pycache}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default=",".join(rulekit.games()))
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--short", type=int, default=500)
    parser.add_argument("--long", type=int, default=2500)
    args = parser.parse_args()
    print(f"{'game':22} {'players':>7} {'instructions/decision':>22}")
    with tempfile.TemporaryDirectory() as pycache:
        for gid in args.games.split(","):
            # a plain run compiles every module the game needs into the private cache first
            subprocess.run([sys.executable, "-c", PLAY, gid, str(args.players), "0"], check=True, env=_env(pycache))
            short = instructions(gid, args.players, args.short, pycache)
            long = instructions(gid, args.players, args.long, pycache)
            print(f"{gid:22} {args.players:>7} {(long - short) / (args.long - args.short):>22,.0f}", flush=True)


if __name__ == "__main__":
    main()
