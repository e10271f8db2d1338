"""Engine speed as a ratio to OpenSpiel's Python tic-tac-toe, measured in the same process.

Absolute figures on a shared machine change with the load; a ratio to a
fixed reference measured in turns with the game (interleaved rounds, the
median of the per-round ratios) does not. The reference is OpenSpiel's
pure-Python ``tic_tac_toe`` (``open_spiel.python.games``), played the same
way: random play, one ``legal_actions`` plus one apply per decision, a new
game when one ends. A rulekit apply includes the automatic steps that
follow the decision. Rates are per CPU second of this process
(``time.process_time``), so time the process waits for a core on a busy
machine counts for neither side. Target (issue 23 item 5): every game >= 1.0x.

Measure on a quiet machine: under load the games, whose working sets are
larger, lose more to the shared caches than tic-tac-toe does (Rune Stones
gave 0.91 at load 2.6-2.9 and 1.14 below load 1 with the same code).
``instructions.py`` gives a figure that no load moves.

    python benchmarks/engine_ratio.py [--games scepter_of_zavandor,...] [--rounds 7] [--seconds 0.5]
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

import rulekit
from rulekit.engine import Dice


def rulekit_rate(game, players: int, seconds: float, start_seed: int) -> float:
    """Decisions (legal_actions + apply) per CPU second in random play of ``game``."""
    dice, seed, actions = Dice(start_seed + 1), start_seed, 0
    state = game.new(players=players, seed=seed)
    start = time.process_time()
    while time.process_time() - start < seconds:
        for _ in range(50):
            if state.is_over:
                seed += 1
                state = game.new(players=players, seed=seed)
            legal = state.legal_actions()
            state = state.apply(legal[dice.below(len(legal))])
            actions += 1
    return actions / (time.process_time() - start)


def tictactoe_rate(seconds: float, start_seed: int) -> float:
    """Decisions (legal_actions + apply_action) per CPU second in random play of OpenSpiel's Python tic-tac-toe."""
    from open_spiel.python.games import tic_tac_toe

    game = tic_tac_toe.TicTacToeGame()
    dice, actions = Dice(start_seed + 1), 0
    state = game.new_initial_state()
    start = time.process_time()
    while time.process_time() - start < seconds:
        for _ in range(50):
            if state.is_terminal():
                state = game.new_initial_state()
            legal = state.legal_actions()
            state.apply_action(legal[dice.below(len(legal))])
            actions += 1
    return actions / (time.process_time() - start)


def ratio(game, players: int, rounds: int, seconds: float) -> tuple[float, float, float]:
    """(median ratio, median game rate, median tic-tac-toe rate, per CPU second) over ``rounds`` interleaved rounds."""
    ratios, ours, refs = [], [], []
    for r in range(rounds):
        ref = tictactoe_rate(seconds / 2, r)
        mine = rulekit_rate(game, players, seconds, 1000 * r)
        ref = (ref + tictactoe_rate(seconds / 2, r + 100)) / 2
        ratios.append(mine / ref)
        ours.append(mine)
        refs.append(ref)
    return statistics.median(ratios), statistics.median(ours), statistics.median(refs)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default=",".join(rulekit.games()))
    parser.add_argument("--players", default="", help="player counts (default: each game's smallest that is >= 2)")
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--seconds", type=float, default=0.5)
    args = parser.parse_args()
    print(f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print(f"{'game':22} {'players':>7} {'decisions/s':>11} {'ttt/s':>8} {'ratio':>6}")
    for gid in args.games.split(","):
        game = rulekit.load(gid)
        counts = [int(p) for p in args.players.split(",")] if args.players else [max(2, game.players.start)]
        for players in counts:
            if players not in game.players:
                continue
            r, mine, ref = ratio(game, players, args.rounds, args.seconds)
            print(f"{gid:22} {players:>7} {mine:>11,.0f} {ref:>8,.0f} {r:>6.2f}", flush=True)
    print(f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
