"""Batch simulation: many seeded games with bots, in parallel, as a tidy table.

Every game is described by a small ``Job`` (game reference, seed, seats,
options) and played by ``play_job``, a plain importable function, so any
``concurrent.futures``-style executor can run it: the in-process serial
loop, a process pool (the default) or a ``dask.distributed`` client.
Jobs travel in chunks, so 100,000 games make a few hundred tasks, not
100,000. Each agent is seeded from its game's seed and seat, never from
the order in which workers finish: the same seeds give the same table
whatever the executor.
"""

from __future__ import annotations

import concurrent.futures as cf
import json
import math
import os
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..agents import make_agent, parse_spec, seat_seed
from ..engine import Game, State
from ..engine.game import MAX_SEED
from ..games import EXAMPLES, REGISTRY, load
from ..games import resolve_game as _resolve

if TYPE_CHECKING:
    import pandas as pd

__all__ = [
    "Job",
    "simulate",
    "split",
    "play_job",
    "run_jobs",
    "game_ref",
    "resolve_game",
    "lineup",
    "pairs_seats",
    "COLUMNS",
]

#: the columns of a results table, in order
COLUMNS = [
    "game_id",
    "seed",
    "seat",
    "agent",
    "score",
    "rank",
    "winner",
    "turns",
    "decisions",
    "end_reason",
    "finished",
    "stop_reason",
    "cooperative",
    "players",
    "lineup",
    "options",
]
#: a game that has not ended after this many decisions is stopped ("decision_limit")
MAX_DECISIONS = 20_000
#: most games one run may plan: the job list is built in memory (about 1 KB a game), and ten million
#: games already take days on one machine; bigger studies split into runs by seed
MAX_GAMES = 10_000_000
#: chunk size bounds: few enough tasks for a cluster, enough for a live progress bar
_MAX_CHUNK = 250


@dataclass(frozen=True)
class Job:
    """One game to play: everything a worker needs, small and picklable."""

    game: str  # a registry id or "module:Class"
    game_id: int
    seed: int
    agents: tuple[str, ...]  # agent spec per seat
    options: tuple[tuple[str, Any], ...] = ()
    max_decisions: int = MAX_DECISIONS
    tags: tuple[tuple[str, Any], ...] = ()  # extra columns (sweeps)


# -- games by reference -------------------------------------------------------


def game_ref(game: Game | str) -> str:
    """A string naming ``game`` that a worker process can import."""
    if isinstance(game, str):
        if ":" in game:
            resolve_game(game)
            return game
        load(game)  # raises UnknownGame with the known ids
        return game
    if not isinstance(game, Game):
        raise TypeError(f"expected a Game or a game id, got {game!r}")
    cls = type(game)
    if {**REGISTRY, **EXAMPLES}.get(game.id) == f"{cls.__module__}:{cls.__qualname__}":
        return game.id
    return f"{cls.__module__}:{cls.__qualname__}"


def resolve_game(ref: str | Game) -> Game:
    """The ``Game`` for a reference made by ``game_ref`` (import paths allowed: they
    come from ``game_ref`` or from a caller who asked for them explicitly)."""
    return _resolve(ref, allow_import=True)


# -- playing ------------------------------------------------------------------


def play_job(job: Job) -> list[dict]:
    """Play one game and return one row per seat (see ``COLUMNS``)."""
    game = resolve_game(job.game)
    players = len(job.agents)
    state = game.new(players=players, seed=job.seed, **dict(job.options))
    bots = [make_agent(spec, seed=seat_seed(job.seed, seat)) for seat, spec in enumerate(job.agents)]
    decisions = turns = 0
    last_seat = None
    while not state.is_over and decisions < job.max_decisions:
        seat = state.to_move
        if seat != last_seat:
            turns, last_seat = turns + 1, seat
        state = state.apply(bots[seat].choose(state))
        decisions += 1
    return _rows(job, state, turns, decisions)


def _end_reason(state: State) -> str:
    """Why the game ended: the rule of the printed end it reached (``Game.end_rule``:
    SB-610 for two caught books), or what stopped it before that (``stop_reason``)."""
    return _stop_reason(state) or state.game.end_rule(state)


def _stop_reason(state: State) -> str:
    """ "" for a game that reached the printed end; else what stopped it: ``decision_limit``
    (simulate's cap) or the game's own stop (``round_limit``, ``stalemate``: ``Game.stopped``)."""
    if not state.is_over:
        return "decision_limit"
    return state.game.end_rule(state) if state.unfinished else ""


def _rows(job: Job, state: State, turns: int, decisions: int) -> list[dict]:
    scores = state.scores
    winners = set(state.winners)
    keys = [(s in winners, scores[s]) for s in range(len(scores))]
    reason, stop = _end_reason(state), _stop_reason(state)
    options = json.dumps(dict(job.options), sort_keys=True)
    rows = []
    for seat, spec in enumerate(job.agents):
        rows.append(
            {
                "game_id": job.game_id,
                "seed": job.seed,
                "seat": seat,
                "agent": spec,
                "score": int(scores[seat]),
                "rank": 1 + sum(k > keys[seat] for k in keys),
                "winner": seat in winners,
                "turns": turns,
                "decisions": decisions,
                "end_reason": reason,
                "finished": not stop,
                "stop_reason": stop,
                "cooperative": bool(state.game.cooperative),
                "players": len(job.agents),
                "lineup": ",".join(job.agents),
                "options": options,
                **dict(job.tags),
            }
        )
    return rows


def play_chunk(jobs: Sequence[Job]) -> list[dict]:
    """Play a chunk of jobs in one task (the unit executors see)."""
    return [row for job in jobs for row in play_job(job)]


# -- running many -------------------------------------------------------------


def lineup(agents: str | Sequence[str], players: int | None = None) -> tuple[str, ...]:
    """Normalize ``"random,greedy"`` or ``["mcts:100", "random"]`` to one spec per seat.

    A single agent fills every seat when ``players`` is given.
    """
    specs = [a.strip() for a in agents.split(",")] if isinstance(agents, str) else list(agents)
    if not specs or not all(isinstance(s, str) and s for s in specs):
        raise ValueError(f"agents must be agent specs such as 'random,greedy', got {agents!r}")
    for spec in specs:
        parse_spec(spec)
    if players is not None:
        if len(specs) == 1:
            specs = specs * players
        elif len(specs) != players:
            raise ValueError(f"{len(specs)} agents ({','.join(specs)}) for {players} players: give one per seat")
    return tuple(specs)


def pairs_seats(game: Game | str, agents: str | Sequence[str]) -> bool:
    """True when a run should play every seed in every rotation of the lineup (``paired``): a
    competitive game with different bots in the seats. Unrotated, the first seat's win rate would
    be the first bot's skill, not the seat's advantage; paired, each deal is played with every bot
    in every seat, so skill and luck of the deal cancel seed by seed (as chess engine matches
    replay each opening with colours swapped). The Explorer and ``study`` use it."""
    real = resolve_game(game_ref(game)) if not isinstance(game, Game) else game
    return not real.cooperative and len(set(lineup(agents))) > 1


def simulate(
    game: Game | str,
    agents: str | Sequence[str],
    games: int = 100,
    seed: int = 0,
    options: dict[str, Any] | None = None,
    players: int | None = None,
    executor: Any = None,
    progress: bool = True,
    workers: int | None = None,
    chunksize: int | None = None,
    rotate: bool = False,
    max_decisions: int = MAX_DECISIONS,
    paired: bool = False,
) -> pd.DataFrame:
    """Play ``games`` seeded games and return one row per game and seat.

    Parameters
    ----------
    game : Game or str
        A game (or its registry id).
    agents : str or list of str
        One agent spec per seat (``"greedy,random"``); one spec fills all
        ``players`` seats (the smallest player count if ``players`` is None).
    games, seed : int
        Game ``k`` uses seed ``seed + k``; its agents are seeded from it.
    options : dict, optional
        Rule options for ``game.new``.
    players : int, optional
        Player count; defaults to the number of agents.
    executor : None, "serial", or an executor
        None: a process pool of ``workers`` processes (serial for one
        worker or one chunk). Anything with ``submit`` works, including a
        ``dask.distributed.Client``.
    rotate : bool
        Seat game ``k``'s agents rotated by ``k`` places, so every agent
        plays every seat equally often (fair agent comparisons).
    paired : bool
        Play every seed once in every rotation of the lineup (``games``
        seeds make ``games * players`` games): every agent meets the same
        deals in every seat, so seat advantage and agent strength are
        measured seed by seed (``outcomes.seat_advantage``), as chess
        engine matches replay each opening with colours swapped.

    Returns
    -------
    pandas.DataFrame
        Columns ``COLUMNS``, sorted by ``game_id`` and ``seat``.
    """
    jobs = make_jobs(
        game,
        agents,
        games=games,
        seed=seed,
        options=options,
        players=players,
        rotate=rotate,
        max_decisions=max_decisions,
        paired=paired,
    )
    return run_jobs(jobs, executor=executor, progress=progress, workers=workers, chunksize=chunksize)


def make_jobs(
    game: Game | str,
    agents: str | Sequence[str],
    games: int = 100,
    seed: int = 0,
    options: dict[str, Any] | None = None,
    players: int | None = None,
    rotate: bool = False,
    max_decisions: int = MAX_DECISIONS,
    first_id: int = 0,
    tags: dict[str, Any] | None = None,
    paired: bool = False,
) -> list[Job]:
    """Check the arguments and describe each game as a ``Job``."""
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise ValueError(f"games must be a positive integer, got {games!r}")
    if games > MAX_GAMES:
        raise ValueError(f"games: {games:,} is more than one run plays ({MAX_GAMES:,}); split it into runs by seed")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError(f"seed must be an integer, got {seed!r}")
    if seed < 0 or seed + games - 1 > MAX_SEED:
        raise ValueError(f"seeds {seed}..{seed + games - 1} leave the range 0..2**63-1 of seeds")
    ref = game_ref(game)
    real = resolve_game(ref)
    if players is None and isinstance(agents, str) and "," not in agents and 1 not in real.players:
        players = real.players.start  # one agent alone fills the smallest table
    specs = lineup(agents, players)
    real.resolve_options(dict(options or {}))  # raises SetupError naming a bad option
    if len(specs) not in real.players:
        raise ValueError(
            f"{real.title} is played by {real.players.start}-{real.players.stop - 1} players, "
            f"not {len(specs)} ({','.join(specs)})"
        )
    opts = tuple(sorted((options or {}).items()))
    tag_items = tuple((tags or {}).items())
    jobs = []
    for k in range(games):
        turns = range(len(specs)) if paired else [k % len(specs) if rotate else 0]
        for r in turns:
            seats = specs[r:] + specs[:r]
            jobs.append(Job(ref, first_id + len(jobs), seed + k, seats, opts, max_decisions, tag_items))
    return jobs


def run_jobs(
    jobs: Sequence[Job],
    executor: Any = None,
    progress: bool = True,
    workers: int | None = None,
    chunksize: int | None = None,
    desc: str = "games",
) -> pd.DataFrame:
    """Play ``jobs`` on ``executor`` (see ``simulate``) and collect a DataFrame."""
    import pandas as pd

    chunks = split(jobs, _workers(workers, executor), chunksize)
    bar = _bar(len(jobs), progress, desc)
    rows: list[dict] = []
    interrupted = False
    try:
        for chunk_rows, n in _execute(chunks, executor, workers):
            rows.extend(chunk_rows)
            bar.update(n)
    except KeyboardInterrupt:  # Ctrl-C: keep the games that finished, say the table is partial
        interrupted = True
    finally:
        bar.close()
    frame = pd.DataFrame(rows) if rows else pd.DataFrame(columns=COLUMNS)
    if not frame.empty:
        frame = frame.sort_values(["game_id", "seat"], kind="stable").reset_index(drop=True)
    frame.attrs["partial"] = interrupted
    frame.attrs["planned_games"] = len(jobs)
    return frame


def split(jobs: Sequence[Job], workers: int, chunksize: int | None = None) -> list[list[Job]]:
    """Chunks of jobs: about 8 per worker for load balance, at most ``_MAX_CHUNK`` games
    each so the progress bar moves, and never one task per game for big runs."""
    size = chunksize or max(1, min(_MAX_CHUNK, math.ceil(len(jobs) / (workers * 8))))
    return [list(jobs[i : i + size]) for i in range(0, len(jobs), size)]


def _workers(workers: int | None, executor: Any) -> int:
    if workers is not None:
        if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
            raise ValueError(f"workers must be a positive integer, got {workers!r}")
        return workers
    if executor is None:
        return os.cpu_count() or 1
    if isinstance(executor, str):
        return 1
    n = getattr(executor, "_max_workers", None)  # concurrent.futures pools
    if n is None and hasattr(executor, "scheduler_info"):  # dask client
        n = sum(w.get("nthreads", 1) for w in executor.scheduler_info().get("workers", {}).values())
    return max(1, n or 1)


def _execute(chunks: list[list[Job]], executor: Any, workers: int) -> Iterator[tuple[list[dict], int]]:
    """Yield (rows, games) per finished chunk, in completion order."""
    if executor == "serial" or (executor is None and (workers == 1 or len(chunks) == 1)):
        for chunk in chunks:
            yield play_chunk(chunk), len(chunk)
        return
    if executor is None:  # never more processes than chunks to play
        pool = cf.ProcessPoolExecutor(
            max_workers=min(workers or os.cpu_count() or 1, len(chunks)), initializer=start_worker
        )
        try:
            yield from _drain(pool, chunks)
        except BaseException:  # Ctrl-C or an error: stop the workers now, not after every game
            stop_now(pool)
            raise
        pool.shutdown()
        return
    if isinstance(executor, str) or not hasattr(executor, "submit"):
        raise TypeError(f"executor must be None, 'serial' or have a submit() method, got {executor!r}")
    yield from _drain(executor, chunks)


def start_worker() -> None:
    """A pool worker's start: Ctrl-C is the parent's (``ignore_interrupts``), and what the worker
    inherited (the modules, the loaded game) is frozen out of the cyclic garbage collector.

    A worker only plays games: the objects it was forked with live as long as it does, yet
    every full collection walked all of them again while bots make and drop states by the
    thousand (about 4% of a greedy game's instructions in Scepter, issue 23). ``gc.freeze``
    leaves them out of collections; games' own objects are collected as before.
    """
    import gc

    ignore_interrupts()
    gc.freeze()


def ignore_interrupts() -> None:
    """Workers leave Ctrl-C to the parent, which stops them (no traceback per worker); on Linux
    a worker also ends when its parent dies, however it dies (never an orphan playing on)."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)  # not the parent's handler: SIGTERM ends a worker
    _die_with_parent()


def _die_with_parent() -> None:
    """``prctl(PR_SET_PDEATHSIG, SIGTERM)``: the kernel ends this process when its parent goes."""
    import ctypes
    import signal
    import sys

    if not sys.platform.startswith("linux"):
        return
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, int(signal.SIGTERM), 0, 0, 0)  # 1 = PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        return
    if os.getppid() == 1:  # the parent died before the call
        os._exit(1)


def stop_now(pool: cf.ProcessPoolExecutor) -> None:
    """Drop the queued games and end the running ones at once (a second Ctrl-C waits)."""
    import signal
    import threading

    main = threading.current_thread() is threading.main_thread()
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN) if main else None
    try:
        processes = list(getattr(pool, "_processes", {}).values())
        pool.shutdown(wait=False, cancel_futures=True)
        for process in processes:
            process.terminate()
        for process in processes:
            process.join(timeout=2)
    finally:
        if main:
            signal.signal(signal.SIGINT, previous)


def _drain(executor: Any, chunks: list[list[Job]]) -> Iterator[tuple[list[dict], int]]:
    if _is_dask(executor):
        from distributed import as_completed

        futures = [executor.submit(play_chunk, chunk, pure=False) for chunk in chunks]
        sizes = {f.key: len(c) for f, c in zip(futures, chunks, strict=True)}
        for fut in as_completed(futures):
            yield fut.result(), sizes[fut.key]
        return
    futures = {executor.submit(play_chunk, chunk): len(chunk) for chunk in chunks}
    done: Iterable = cf.as_completed(futures) if all(isinstance(f, cf.Future) for f in futures) else list(futures)
    for fut in done:
        yield fut.result(), futures[fut]


def _is_dask(executor: Any) -> bool:
    """A ``distributed.Client`` (its ``get_executor()`` wrapper is a plain executor)."""
    return type(executor).__module__.split(".")[0] == "distributed" and hasattr(executor, "scheduler_info")


class _NoBar:
    def update(self, n: int) -> None:
        pass

    def close(self) -> None:
        pass


def _bar(total: int, progress: bool, desc: str) -> Any:
    if not progress:
        return _NoBar()
    from tqdm.auto import tqdm

    return tqdm(total=total, desc=desc, unit="game", smoothing=0.1)
