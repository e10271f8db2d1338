"""Spellbound in random and greedy play: endings, win rate, length, throughput.

    PYTHONPATH=src python benchmarks/spellbound.py [--games 400] [--greedy 40] [--option name=value ...]

Prints how random play ends (which defeat rule, how often the mages win),
the same for a one-step greedy bot that uses ``Spellbound.evaluate``, and
legal_actions+apply per second of CPU time in random play. ``--option``
sets a rule option for every game (e.g. ``--option witch_path=steep``).
"""

from __future__ import annotations

import argparse
import json
import time
from collections import Counter

import rulekit
from rulekit.engine import Dice


def play(game, players: int, seed: int, greedy: bool, options: dict) -> tuple[str, int]:
    state, dice, n = game.new(players=players, seed=seed, **options), Dice(seed), 0
    while not state.is_over and n < 5000:
        legal = state.legal_actions()
        if greedy:
            action = max(legal, key=lambda a: game.evaluate(state.apply(a), state.to_move))
        else:
            action = legal[dice.below(len(legal))]
        state, n = state.apply(action), n + 1
    return f"{state.data.result} {state.data.reason}", n


def report(game, games: int, greedy: bool, options: dict) -> None:
    for players in game.players:
        ends, lengths = Counter(), []
        start = time.process_time()
        for seed in range(games):
            end, n = play(game, players, seed, greedy, options)
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
    parser.add_argument("--option", action="append", default=[], help="name=value (value read as JSON if it can be)")
    args = parser.parse_args()
    options = dict(_option(text) for text in args.option)
    game = rulekit.load("spellbound")
    print(f"options {options or 'default'}")
    report(game, args.games, greedy=False, options=options)
    if args.greedy:
        report(game, args.greedy, greedy=True, options=options)


def _option(text: str) -> tuple[str, object]:
    name, _, value = text.partition("=")
    try:
        return name, json.loads(value)
    except json.JSONDecodeError:
        return name, value


if __name__ == "__main__":
    main()
