"""Spellbound in random and greedy play: endings, win rate, length, throughput.

    PYTHONPATH=src python benchmarks/spellbound.py [--games 400] [--greedy 40]

Prints how random play ends (which defeat rule, how often the mages win),
the same for a one-step greedy bot that uses ``Spellbound.evaluate``, and
legal_actions+apply per second of CPU time in random play.
"""

from __future__ import annotations

import argparse
import time
from collections import Counter

import rulekit
from rulekit.engine import Dice


def play(game, players: int, seed: int, greedy: bool) -> tuple[str, int]:
    state, dice, n = game.new(players=players, seed=seed), Dice(seed), 0
    while not state.is_over and n < 5000:
        legal = state.legal_actions()
        if greedy:
            action = max(legal, key=lambda a: game.evaluate(state.apply(a), state.to_move))
        else:
            action = legal[dice.below(len(legal))]
        state, n = state.apply(action), n + 1
    return f"{state.data.result} {state.data.reason}", n


def report(game, games: int, greedy: bool) -> None:
    for players in game.players:
        ends, lengths = Counter(), []
        start = time.process_time()
        for seed in range(games):
            end, n = play(game, players, seed, greedy)
            ends[end] += 1
            lengths.append(n)
        cpu = time.process_time() - start
        won = sum(v for k, v in ends.items() if k.startswith("won"))
        rate = "" if greedy else f", {sum(lengths) / cpu:,.0f} legal_actions+apply per CPU second"
        print(
            f"{'greedy' if greedy else 'random'} {players}p: won {won}/{games}, "
            f"mean {sum(lengths) / games:.0f} decisions{rate}; endings {dict(ends.most_common())}"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--greedy", type=int, default=40)
    args = parser.parse_args()
    game = rulekit.load("spellbound")
    report(game, args.games, greedy=False)
    if args.greedy:
        report(game, args.greedy, greedy=True)


if __name__ == "__main__":
    main()
