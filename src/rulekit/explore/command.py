"""``rulekit simulate``: batch games with bots from the command line.

    rulekit simulate rune_stones --games 1000 --bots random,greedy --workers 2
    rulekit simulate rune_stones --games 100000 --scheduler tcp://10.0.0.5:8786 --out runs.parquet
    rulekit simulate rune_stones --games 500 --bots mcts:100,random --rotate --option end_threshold=6

The CLI module calls ``add_parser(subparsers)`` once and ``run(args)`` for
the command; ``main(argv)`` runs it alone (tests, ``python -m``).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import signal
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from ..engine import RulekitError
from ..engine.game import MAX_SEED
from ..outputs import writable_path

__all__ = ["add_parser", "run", "main", "parse_option"]

_FORMATS = (".csv", ".parquet")


def add_parser(subparsers: argparse._SubParsersAction) -> argparse.ArgumentParser:
    """Add the ``simulate`` command to a CLI's subparsers."""
    p = subparsers.add_parser(
        "simulate",
        help="play many seeded games with bots and summarize them",
        description="Play seeded games with bots (random, greedy, mcts[:iterations], plan) and print win rates by "
        "seat (first-player advantage) or, for a cooperative game, the team's win rate with the reason of each "
        "loss; game length, unfinished games by reason, and the difference this many games can show.",
    )
    p.add_argument("game", help="game id, e.g. rune_stones")
    p.add_argument("--games", type=int, default=100, help="number of games (default 100)")
    p.add_argument(
        "--bots", default="random", help="one agent spec per seat, e.g. random,greedy,mcts:200 (default random)"
    )
    p.add_argument("--players", type=int, default=None, help="player count (default: number of bots)")
    p.add_argument("--seed", type=int, default=0, help="seed of the first game; game k uses seed+k (default 0)")
    p.add_argument(
        "--workers",
        type=int,
        default=None,
        help="worker processes (default: all cores; 1 = serial; more than the cores only with --oversubscribe)",
    )
    p.add_argument("--oversubscribe", action="store_true", help="allow more --workers than this machine has cores")
    p.add_argument("--scheduler", default=None, help="address of a Dask scheduler, e.g. tcp://127.0.0.1:8786")
    p.add_argument("--out", default=None, help="write the results table to a .csv or .parquet file")
    p.add_argument("--force", action="store_true", help="replace an existing --out file")
    p.add_argument("--option", action="append", default=[], metavar="NAME=VALUE", help="rule option (repeatable)")
    p.add_argument("--rotate", action="store_true", help="rotate the bots through the seats game by game")
    p.add_argument(
        "--paired",
        action="store_true",
        help="play every seed once in every rotation of the bots (seat advantage and bot strength seed by seed)",
    )
    p.add_argument(
        "--detect",
        type=float,
        default=None,
        metavar="DIFF",
        help="also print how many games a difference of DIFF in win rate needs (e.g. 0.05)",
    )
    p.add_argument("--no-progress", action="store_true", help="hide the progress bar")
    p.add_argument(
        "--allow-import",
        action="store_true",
        help="let GAME be an import path 'module:GameClass' (runs that module's code)",
    )
    p.set_defaults(run=run, func=run)
    return p


def parse_option(text: str) -> tuple[str, Any]:
    """``"end_threshold=6"`` -> ``("end_threshold", 6)``; values are read as JSON when they can be."""
    name, sep, raw = text.partition("=")
    if not sep or not name.strip():
        raise ValueError(f"--option must look like NAME=VALUE, got {text!r}")
    try:
        value = json.loads(raw)
    except json.JSONDecodeError:
        value = raw
    return name.strip(), value


def _fail(message: str) -> int:
    print(f"rulekit simulate: error: {message}", file=sys.stderr)
    return 2


def run(args: argparse.Namespace) -> int:
    """Run ``rulekit simulate``; returns the exit code (2 for bad arguments)."""
    from .simulate import MAX_GAMES

    if args.games < 1:
        return _fail(f"--games must be at least 1, got {args.games}")
    if args.games > MAX_GAMES:
        return _fail(f"--games {args.games:,} is more than one run plays ({MAX_GAMES:,}); split it into runs by --seed")
    if args.workers is not None and args.workers < 1:
        return _fail(f"--workers must be at least 1, got {args.workers}")
    cores = os.cpu_count() or 1
    if args.workers is not None and args.workers > cores and not getattr(args, "oversubscribe", False):
        print(f"note: --workers {args.workers} is more than the {cores} cores here; using {cores} (--oversubscribe)")
        args.workers = cores
    if args.out and Path(args.out).suffix.lower() not in _FORMATS:
        return _fail(f"--out must end in .csv or .parquet, got {args.out!r}")
    if ":" in args.game and not args.allow_import:
        return _fail(f"{args.game!r} is an import path, not a game id; add --allow-import to run it")
    if not 0 <= args.seed <= MAX_SEED:
        return _fail(f"--seed must be in 0..2**63-1, got {args.seed}")
    if args.seed + args.games - 1 > MAX_SEED:
        return _fail(f"--seed {args.seed} with --games {args.games} uses seeds past 2**63-1; start lower")
    if args.out:
        try:
            writable_path(args.out, "--out", force=getattr(args, "force", False))
        except RulekitError as err:
            return _fail(str(err))
    if args.scheduler and args.workers:
        return _fail("give --workers or --scheduler, not both (a Dask cluster brings its own workers)")
    try:
        options = dict(parse_option(o) for o in args.option)
    except ValueError as err:
        return _fail(str(err))
    try:
        with _terminate_as_interrupt():
            frame = _simulate(args, options)
    except (RulekitError, ValueError, TypeError, OSError) as err:
        return _fail(str(err))
    partial = frame.attrs.get("partial", False)
    if partial:
        done = frame["game_id"].nunique() if len(frame) else 0
        print(f"interrupted: {done} of {frame.attrs['planned_games']} games finished; the results are partial")
    if len(frame):
        _report(args, frame)
    if args.out:
        if partial:
            frame = frame.assign(partial=True)
        try:
            _write(frame, Path(args.out))
        except RulekitError as err:
            return _fail(str(err))
        print(f"wrote {len(frame)} rows to {args.out}" + (" (partial)" if partial else ""))
    return 130 if partial else 0


def _simulate(args: argparse.Namespace, options: dict[str, Any]):
    from .simulate import simulate

    kwargs = dict(
        games=args.games,
        seed=args.seed,
        options=options,
        players=args.players,
        progress=not args.no_progress,
        rotate=args.rotate,
        paired=args.paired,
    )
    if not args.scheduler:
        executor = "serial" if args.workers == 1 else None
        return simulate(args.game, args.bots, executor=executor, workers=args.workers, **kwargs)
    try:
        from distributed import Client
    except ImportError:
        raise ValueError("--scheduler needs dask.distributed (pip install 'rulekit[explore]')") from None
    _reachable(args.scheduler)
    try:
        client = Client(args.scheduler, timeout=10)
    except (OSError, TimeoutError) as err:
        raise ValueError(f"cannot reach the Dask scheduler at {args.scheduler}: {err}") from None
    with client:
        return simulate(args.game, args.bots, executor=client, **kwargs)


def _reachable(address: str) -> None:
    """Fail fast (no 10 s client timeout) when nothing listens at a tcp:// address."""
    import socket
    from urllib.parse import urlsplit

    parts = urlsplit(address if "://" in address else f"tcp://{address}")
    if parts.scheme != "tcp" or not parts.hostname:
        return
    try:
        with socket.create_connection((parts.hostname, parts.port or 8786), timeout=3):
            pass
    except OSError as err:
        raise ValueError(f"cannot reach the Dask scheduler at {address}: {err}") from None


def _report(args: argparse.Namespace, frame) -> None:
    from .report import report_lines

    rotate = args.rotate or getattr(args, "paired", False)
    lines = report_lines(frame, args.game, args.bots, args.seed, rotate, getattr(args, "detect", None))
    print("\n".join(lines))


def _write(frame, path: Path) -> None:
    """Write atomically; if that fails, the table goes to a recovery file named in the error."""
    from ..outputs import write_file

    def writer(target: Path) -> None:
        if path.suffix.lower() == ".csv":
            frame.to_csv(target, index=False)
        else:
            frame.to_parquet(target, index=False)

    write_file(path, writer, "--out")


@contextlib.contextmanager
def _terminate_as_interrupt() -> Iterator[None]:
    """SIGTERM (a scheduler's or a teacher's ``kill``) ends a run like Ctrl-C: the workers are
    stopped and the finished games are reported and written as partial results."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def interrupt(signum, frame):
        raise KeyboardInterrupt

    previous = signal.signal(signal.SIGTERM, interrupt)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


def main(argv: list[str] | None = None) -> int:
    """Run ``simulate`` as a stand-alone command (``python -m rulekit.explore.command``)."""
    parser = argparse.ArgumentParser(prog="rulekit")
    add_parser(parser.add_subparsers(dest="command", required=True))
    args = parser.parse_args(["simulate", *(sys.argv[1:] if argv is None else argv)])
    return args.run(args)


if __name__ == "__main__":
    raise SystemExit(main())
