"""Soak: play many seeded random games per game with ``check_game`` (issue 9, item 6).

Each game is one ``check_game(game, sims=1, seed=s, players=n)`` run (legal
actions until the end, one seat to move, refusals that change nothing and
cite a rule, exact JSON round trips and replay, invariants), with the
player count cycling through the game's range. Failures are collected, not
fatal, and printed with the seed and player count that reproduce them.

    python benchmarks/soak.py                       # 10,000 games per installed game
    python benchmarks/soak.py --games 500 --game rune_stones --workers 2
    python benchmarks/soak.py --budget 600          # stop each game after 600 s, report honestly
    python benchmarks/soak.py --game tests.interop.cases:ToyHidden   # any module:Class

Prints one line per game (games, failures, exceptions, invariant
violations, decisions, games/s, decisions/s) and a line of stops by reason
(the last event's key: a printed end such as ``winners``, or rulekit's stops:
``stalemate``, ``round_limit``, and ``decision_cap`` for a game still going
after ``--max-decisions``, the cap ``rulekit play`` and ``simulate`` use);
with ``--json FILE`` it writes the figures for the closing note. A failure
is a broken contract, an exception anything else a game raised, an
invariant violation a broken conservation law (issue 24).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
import traceback
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from dataclasses import asdict, dataclass, field
from pathlib import Path

sys.path[:0] = [str(Path(__file__).resolve().parents[1] / "src"), str(Path(__file__).resolve().parents[1])]

from rulekit.engine import Game  # noqa: E402
from rulekit.explore.simulate import ignore_interrupts, stop_now  # noqa: E402
from rulekit.games import resolve_game  # noqa: E402
from rulekit.session import MAX_STEPS  # noqa: E402
from rulekit.testing import check_game  # noqa: E402

CHUNK = 25


@dataclass
class Figures:
    game: str
    games: int = 0
    decisions: int = 0
    seconds: float = 0.0
    failures: list[dict] = field(default_factory=list)
    exceptions: list[dict] = field(default_factory=list)
    invariants: list[dict] = field(default_factory=list)
    endings: dict[str, int] = field(default_factory=dict)
    complete: bool = True
    interrupted: bool = False

    @property
    def problems(self) -> int:
        return len(self.failures) + len(self.exceptions) + len(self.invariants)

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds else 0.0


def resolve(spec: str) -> Game:
    """A game id from the registry, or ``module:Class`` (e.g. the tests' toy game)."""
    return resolve_game(spec, allow_import=True)


def run_chunk(
    spec: str, jobs: list[tuple[int, int]], options: dict | None = None, max_decisions: int = MAX_STEPS
) -> dict:
    """Check the games ``(players, seed)``; never raises, problems are returned by kind."""
    game = resolve(spec)
    out = {"games": 0, "decisions": 0, "failures": [], "exceptions": [], "invariants": [], "endings": {}}
    for players, seed in jobs:
        try:
            report = check_game(game, sims=1, seed=seed, players=players, options=options, max_decisions=max_decisions)
        except Exception as err:  # noqa: BLE001 - a soak reports every kind of failure
            text = f"{type(err).__name__}: {err}"
            if isinstance(err, AssertionError) and f"no end after {max_decisions} decisions" in text:
                out["games"] += 1  # the game ran to the decision cap: a stop, said by reason
                out["decisions"] += max_decisions
                out["endings"]["decision_cap"] = out["endings"].get("decision_cap", 0) + 1
                continue
            kind = "exceptions"
            if isinstance(err, AssertionError):
                kind = "invariants" if "invariant broken" in text else "failures"
            out[kind].append(
                {
                    "players": players,
                    "seed": seed,
                    "error": text[:500],
                    "where": traceback.format_exc(limit=-2).strip().splitlines()[-3:],
                }
            )
            continue
        out["games"] += report.games
        out["decisions"] += report.decisions
        for key, n in report.endings.items():
            out["endings"][key] = out["endings"].get(key, 0) + n
    return out


def soak(
    spec: str,
    games: int,
    seed: int = 0,
    workers: int = 1,
    budget: float | None = None,
    options: dict | None = None,
    progress: bool = True,
    max_decisions: int = MAX_STEPS,
) -> Figures:
    """Play ``games`` checked games of ``spec``; stop starting new ones after ``budget`` seconds.

    Ctrl-C stops the workers at once and returns what finished (``complete`` False).
    """
    game = resolve(spec)
    counts = list(game.players)
    jobs = [(counts[i % len(counts)], seed + i) for i in range(games)]
    chunks = [jobs[i : i + CHUNK] for i in range(0, len(jobs), CHUNK)]
    figures = Figures(game.id)
    start = time.perf_counter()
    pool = ProcessPoolExecutor(max_workers=workers, initializer=ignore_interrupts)
    try:
        pending, queue = set(), list(reversed(chunks))
        while queue or pending:
            over_budget = budget is not None and time.perf_counter() - start > budget
            while queue and len(pending) < 2 * workers and not over_budget:
                pending.add(pool.submit(run_chunk, spec, queue.pop(), options, max_decisions))
            if over_budget and queue:
                figures.complete, queue = False, []
            if not pending:
                break
            done, pending = wait(pending, return_when=FIRST_COMPLETED)
            for fut in done:
                _add(figures, fut.result())
            if progress:
                played = figures.games + figures.problems
                elapsed = time.perf_counter() - start
                print(f"\r  {game.id}: {played}/{games} games, {elapsed:.0f} s", end="", file=sys.stderr, flush=True)
    except KeyboardInterrupt:
        stop_now(pool)
        figures.complete = False
        figures.interrupted = True
    else:
        pool.shutdown()
    if progress:
        print(file=sys.stderr)
    figures.seconds = time.perf_counter() - start
    return figures


def _add(figures: Figures, part: dict) -> None:
    figures.games += part["games"]
    figures.decisions += part["decisions"]
    figures.failures += part["failures"]
    figures.exceptions += part["exceptions"]
    figures.invariants += part["invariants"]
    for key, n in part["endings"].items():
        figures.endings[key] = figures.endings.get(key, 0) + n


def _print(fig: Figures, asked: int) -> None:
    played = fig.games + fig.problems
    why = "interrupted" if fig.interrupted else "budget reached"
    note = "" if fig.complete else f" ({why}: {played} of {asked} games)"
    print(
        f"{fig.game:22} games {played:6}  failures {len(fig.failures):4}  exceptions {len(fig.exceptions):4}  "
        f"invariant violations {len(fig.invariants):4}  decisions {fig.decisions:9}  "
        f"{fig.games_per_second:8.1f} games/s  {fig.decisions / fig.seconds if fig.seconds else 0:9.0f} decisions/s  "
        f"{fig.seconds:7.1f} s{note}"
    )
    stops = ", ".join(f"{key} {n}" for key, n in sorted(fig.endings.items(), key=lambda kv: -kv[1]))
    print(f"{'':22} stops by reason: {stops or 'none'}")
    problems = fig.failures + fig.exceptions + fig.invariants
    for f in problems[:10]:
        print(f"    FAIL players={f['players']} seed={f['seed']}: {f['error']}")
        print(
            f'      reproduce: python -c "import rulekit; from rulekit.testing import check_game; '
            f"check_game(rulekit.load('{fig.game}'), sims=1, seed={f['seed']}, players={f['players']})\""
        )
    if len(problems) > 10:
        print(f"    ... and {len(problems) - 10} more")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000, help="games per game (default 10,000)")
    parser.add_argument("--game", action="append", help="game id or module:Class (repeatable); default: all")
    parser.add_argument("--seed", type=int, default=0, help="first seed (games use seed, seed+1, ...)")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--budget", type=float, default=None, help="seconds per game before stopping early")
    parser.add_argument(
        "--max-decisions", type=int, default=MAX_STEPS, help=f"the decision cap of a game (default {MAX_STEPS})"
    )
    parser.add_argument("--json", metavar="FILE", help="write the figures as JSON")
    parser.add_argument(
        "--option", action="append", default=[], metavar="NAME=VALUE", help="rule option for every game (JSON value)"
    )
    parser.add_argument("--no-progress", action="store_true")
    args = parser.parse_args(argv)
    options = {}
    for pair in args.option:
        name, _, raw = pair.partition("=")
        try:
            options[name] = json.loads(raw)
        except json.JSONDecodeError:
            options[name] = raw
    import rulekit

    specs = args.game or rulekit.games()
    if not specs:
        print("no games installed; pass --game module:Class")
        return 2
    print(f"soak: {args.games} games per game, seeds from {args.seed}, {args.workers} workers")
    results = []
    for spec in specs:
        fig = soak(
            spec, args.games, args.seed, args.workers, args.budget, options, not args.no_progress, args.max_decisions
        )
        _print(fig, args.games)
        results.append(fig)
        if fig.interrupted:
            print("interrupted: the figures above are partial; later games were not started")
            break
    if args.json:
        doc = [{**asdict(f), "games_per_second": f.games_per_second} for f in results]
        Path(args.json).write_text(json.dumps(doc, indent=1), encoding="utf-8")
    if any(f.interrupted for f in results):
        return 130
    return 1 if any(f.problems for f in results) else 0


if __name__ == "__main__":
    raise SystemExit(main())
