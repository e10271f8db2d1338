"""Adapter throughput: PettingZoo's ``performance_benchmark`` and OpenSpiel MCTS moves per second.

    PYTHONPATH=src python benchmarks/adapters.py [--only rune_stones,...] [--seconds 5] [--simulations 20]

For each game (smallest player count): PettingZoo's own benchmark (it
prints steps and turns per second; random legal actions for 5 s), then
OpenSpiel's ``MCTSBot`` with ``HeuristicEvaluator`` choosing moves for a
fixed time; chance nodes take random outcomes.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import re
import time

import numpy as np

import rulekit


def pettingzoo_steps_per_second(gid: str, players: int) -> tuple[float, float]:
    from pettingzoo.test import performance_benchmark

    from rulekit.adapters.pettingzoo import env

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        performance_benchmark(env(gid, players))
    numbers = [float(x) for x in re.findall(r"([0-9.]+) (?:turns|steps|cycles) per second", out.getvalue())]
    text = out.getvalue().strip().replace("\n", "; ")
    return (numbers[0] if numbers else float("nan")), text


def mcts_moves_per_second(gid: str, players: int, seconds: float, simulations: int) -> tuple[float, int]:
    from open_spiel.python.algorithms import mcts

    from rulekit.adapters import openspiel as osa

    g = osa.load(gid, players)
    rng = np.random.RandomState(0)
    bot = mcts.MCTSBot(g, uct_c=2.0, max_simulations=simulations, evaluator=osa.HeuristicEvaluator(), random_state=rng)
    state, moves, start = g.new_initial_state(), 0, time.perf_counter()
    state.apply_action(1)
    while time.perf_counter() - start < seconds and not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probs)))
            continue
        state.apply_action(bot.step(state))
        moves += 1
    return moves / (time.perf_counter() - start), moves


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", default="")
    parser.add_argument("--seconds", type=float, default=5.0, help="time for the MCTS run per game")
    parser.add_argument("--simulations", type=int, default=20, help="MCTS simulations per move")
    args = parser.parse_args()
    ids = [g for g in args.only.split(",") if g] or rulekit.games()
    print(f"{'game':22} {'pz steps/s':>11} {'mcts moves/s':>13} {'moves':>6}  ({args.simulations} simulations/move)")
    for gid in ids:
        players = rulekit.load(gid).players.start
        steps, _ = pettingzoo_steps_per_second(gid, players)
        rate, moves = mcts_moves_per_second(gid, players, args.seconds, args.simulations)
        print(f"{gid:22} {steps:11.0f} {rate:13.2f} {moves:6d}", flush=True)


if __name__ == "__main__":
    main()
