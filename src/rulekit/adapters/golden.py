"""Golden playthroughs: a seeded random game as a readable transcript.

A transcript lists every decision (seat, phase, action label), the events
each step produced with the rule ids they cite, and the final scores. The
test suite replays the decisions of each stored transcript and diffs the
text, so any change in behaviour shows up as a diff to review, not as a
silent drift. Regenerate after an intended change with::

    python -m rulekit.adapters.golden            # every installed game
    python -m rulekit.adapters.golden --game rune_stones --out tests/golden
"""

from __future__ import annotations

import argparse
import re
from collections.abc import Iterable
from importlib import import_module
from pathlib import Path

from ..engine import Action, Dice, Game, State
from ..engine.rng import seed_state
from .encoding import resolve_game

__all__ = ["transcript", "replay_transcript", "decisions_of", "golden_path", "write_goldens", "GOLDEN_SEED"]

#: the seed of every golden game (any fixed number works; 2026 is the year they were made)
GOLDEN_SEED = 2026
#: rule options of golden games whose printed end random play never reaches: a round limit
#: stops them (unfinished) so a transcript stays short (Zavandor needs five sentinels, ZS-620)
GOLDEN_OPTIONS: dict[str, dict] = {"scepter_of_zavandor": {"round_limit": 30}}
_DECISION = re.compile(r"^\s*(\d+)\. seat (\d+) \[([^\]]*)\]: (.+)$")


def golden_path(out: Path, game: Game, players: int) -> Path:
    return out / f"{game.id}_{players}p.txt"


def _random_choices(game: Game, players: int, seed: int, max_decisions: int) -> list[Action]:
    dice, state, out = (
        Dice(seed_state(seed)),
        game.new(players=players, seed=seed, **GOLDEN_OPTIONS.get(game.id, {})),
        [],
    )
    while not state.is_over and len(out) < max_decisions:
        legal = state.legal_actions()
        action = legal[dice.below(len(legal))]
        out.append(action)
        state = state.apply(action)
    return out


def transcript(
    game: Game | str,
    players: int,
    seed: int = GOLDEN_SEED,
    actions: Iterable[Action | str] | None = None,
    max_decisions: int = 5000,
) -> str:
    """The transcript of a game: random (seeded) decisions, or the given ``actions``."""
    game = resolve_game(game)
    if actions is None:
        actions = _random_choices(game, players, seed, max_decisions)
    state = game.new(players=players, seed=seed, **GOLDEN_OPTIONS.get(game.id, {}))
    lines = [
        f"# rulekit golden playthrough: {game.title} ({game.id})",
        f"# players {players}, seed {seed}, options {dict(sorted(state.options.items()))}",
        "# regenerate: python -m rulekit.adapters.golden --game " + game.id,
        "",
        "setup:",
        *_events(state),
    ]
    for i, action in enumerate(actions, 1):
        seat, phase = state.to_move, state.phase
        state = state.apply(action)
        lines.append(f"{i}. seat {seat} [{phase}]: {state.actions[-1]}")
        lines += _events(state)
    lines += ["", *_ending(state)]
    return "\n".join(lines) + "\n"


def _events(state: State) -> list[str]:
    return [f"     [{e.rule}] {e.text}" for e in state.events]


def _ending(state: State) -> list[str]:
    if not state.is_over:
        return [f"not over: phase {state.phase}, seat {state.to_move} to move, scores {list(state.scores)}"]
    return [
        f"game over after {len(state.actions)} decisions",
        f"scores {list(state.scores)}",
        f"winners {list(state.winners)}",
    ]


def decisions_of(text: str) -> list[Action]:
    """The decisions written in a transcript, in order."""
    out = []
    for line in text.splitlines():
        match = _DECISION.match(line)
        if match:
            out.append(Action.parse(match.group(4)))
    return out


def _header(text: str) -> tuple[int, int]:
    """(players, seed) from a transcript's header."""
    match = re.search(r"^# players (\d+), seed (-?\d+)", text, re.M)
    if not match:
        raise ValueError("not a golden transcript: no '# players N, seed S' line")
    return int(match.group(1)), int(match.group(2))


def replay_transcript(game: Game | str, text: str) -> str:
    """Replay a stored transcript's decisions and write the transcript again."""
    players, seed = _header(text)
    return transcript(game, players, seed, decisions_of(text))


def _resolve(spec: str) -> Game:
    """A game id, or ``module:Class`` for games outside the registry (tests' toy)."""
    if ":" in spec:
        module, _, cls = spec.partition(":")
        return getattr(import_module(module), cls)()
    return resolve_game(spec)


def write_goldens(game: Game | str, out: Path, seed: int = GOLDEN_SEED) -> list[Path]:
    """Write one transcript per player count of ``game`` into ``out``."""
    game = resolve_game(game)
    out.mkdir(parents=True, exist_ok=True)
    paths = []
    for n in game.players:
        path = golden_path(out, game, n)
        path.write_text(transcript(game, n, seed), encoding="utf-8")
        paths.append(path)
    return paths


def main(argv: list[str] | None = None) -> int:
    from ..games import games

    parser = argparse.ArgumentParser(prog="python -m rulekit.adapters.golden", description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", help="game id or module:Class (repeatable); default: all")
    parser.add_argument("--out", default="tests/golden", help="folder of the transcripts (default tests/golden)")
    parser.add_argument("--seed", type=int, default=GOLDEN_SEED)
    args = parser.parse_args(argv)
    for spec in args.game or games():
        for path in write_goldens(_resolve(spec), Path(args.out), args.seed):
            print(f"wrote {path} ({len(path.read_text(encoding='utf-8').splitlines())} lines)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
