"""The ``rulekit`` command: list, rules, play, replay, simulate, dashboard, publish.

Every bad argument or bad typed move gets a one-line reason (and, for a
move, the rule id) instead of a traceback; a game in progress is never lost
to a typo.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from typing import TextIO

from . import games, load, open_record
from .engine import Action, IllegalAction, RulekitError, State
from .explore.agents import AGENTS, Agent, make_agent

__all__ = ["main"]

HUMAN = "human"


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``rulekit`` console script; returns the exit code."""
    parser = _parser()
    args = parser.parse_args(argv)
    if not getattr(args, "run", None):
        parser.print_help()
        return 2
    try:
        return args.run(args) or 0
    except RulekitError as err:
        print(f"rulekit: error: {err}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("\nrulekit: interrupted", file=sys.stderr)
        return 130


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="rulekit", description="Learn and explore board-game rules.")
    sub = parser.add_subparsers(metavar="COMMAND")

    p = sub.add_parser("list", help="list the games")
    p.set_defaults(run=_list)

    p = sub.add_parser("rules", help="print a game's rules with their ids")
    p.add_argument("game")
    p.add_argument("--lang", choices=["en", "de"], default="en")
    p.set_defaults(run=_rules)

    p = sub.add_parser("play", help="play a game in the terminal (humans and bots)")
    p.add_argument("game")
    p.add_argument("--players", type=int, default=None)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--bots", default="", help=f"one per seat, comma-separated: {HUMAN}, {', '.join(AGENTS)}")
    p.add_argument("--option", action="append", default=[], metavar="NAME=VALUE", help="a rule option (JSON value)")
    p.add_argument("--lang", choices=["en", "de"], default="en")
    p.add_argument("--save", metavar="FILE", help="write the save file here at the end")
    p.add_argument("--quiet", action="store_true", help="print only the result")
    p.set_defaults(run=_play)

    p = sub.add_parser("replay", help="replay a save file and print its events")
    p.add_argument("file")
    p.add_argument("--lang", choices=["en", "de"], default="en")
    p.set_defaults(run=_replay)

    try:
        from .explore import command as simulate_command
    except ImportError:  # the explore extra (pandas) is not installed
        simulate_command = None
    if simulate_command is not None:
        simulate_command.add_parser(sub)

    from . import dashboard, publish

    dashboard.add_arguments(sub.add_parser("dashboard", help="serve the notebooks as Voila dashboards (127.0.0.1)"))
    publish.add_arguments(sub.add_parser("publish", help="build a static site of the notebooks (runs in the browser)"))
    return parser


def _list(args: argparse.Namespace) -> int:
    for gid in games():
        game = load(gid)
        print(f"{gid:22} {game.title} ({game.players.start}-{game.players.stop - 1} players)")
    return 0


def _rules(args: argparse.Namespace) -> int:
    game = load(args.game)
    for rule in game.rules.values():
        lines = f" (seed lines {rule.seed_lines})" if rule.seed_lines else ""
        print(f"{rule.id} [{rule.phase}]{lines}\n    {rule.text_in(args.lang)}")
    return 0


def _options(pairs: list[str]) -> dict:
    options = {}
    for pair in pairs:
        name, sep, raw = pair.partition("=")
        if not sep:
            raise RulekitError(f"--option needs NAME=VALUE, got {pair!r}")
        try:
            options[name] = json.loads(raw)
        except json.JSONDecodeError:
            options[name] = raw
    return options


def _seats(spec: str, players: int, seed: int) -> list[Agent | None]:
    names = [s.strip() for s in spec.split(",") if s.strip()] if spec else []
    if len(names) > players:
        raise RulekitError(f"--bots names {len(names)} seats but the game has {players} players")
    names += [HUMAN] * (players - len(names))
    seats: list[Agent | None] = []
    for i, name in enumerate(names):
        try:
            seats.append(None if name == HUMAN else make_agent(name, seed=seed * 100 + i))
        except ValueError as err:
            raise RulekitError(str(err)) from None
    return seats


def _play(args: argparse.Namespace) -> int:
    game = load(args.game)
    state = game.new(players=args.players, seed=args.seed, **_options(args.option))
    seats = _seats(args.bots, state.players, args.seed)
    say = (lambda *_: None) if args.quiet else print
    say(f"{game.title}: {state.players} players, seed {args.seed}")
    _print_events(state, args.lang, say)
    state = play_loop(state, seats, args.lang, input, say)
    if state is None:
        return 1
    print(_result(state))
    if args.save:
        state.record().save(args.save)
        print(f"saved to {args.save}")
    return 0


def play_loop(
    state: State,
    seats: list[Agent | None],
    lang: str = "en",
    ask: Callable[[str], str] = input,
    say: Callable[..., None] = print,
    out: TextIO | None = None,
) -> State | None:
    """Play until the end; humans answer ``ask``, bots choose. None if a human quits."""
    while not state.is_over:
        agent = seats[state.to_move]
        if agent is not None:
            action = agent.choose(state)
            say(f"seat {state.to_move} ({agent.name}): {state.game.describe(action, lang)}")
        else:
            action = _ask_human(state, lang, ask, say)
            if action is None:
                return None
        state = state.apply(action)
        _print_events(state, lang, say)
    return state


def _ask_human(state: State, lang: str, ask: Callable[[str], str], say: Callable[..., None]) -> Action | None:
    view = state.view(state.to_move)
    say(f"\n--- seat {state.to_move} to move, phase {state.phase}, scores {view['scores']}")
    for key, value in view.items():
        if key not in {"game", "players", "seat", "phase", "to_move", "step", "is_over", "scores"}:
            say(f"  {key}: {json.dumps(value, ensure_ascii=False)}")
    legal = state.legal_actions()
    for i, action in enumerate(legal, 1):
        say(f"  {i:3}. {state.game.describe(action, lang)}   [{action}]")
    while True:
        try:
            answer = ask("your choice (number or action, 'quit'): ").strip()
        except EOFError:
            say("no more input: the game stops here")
            return None
        if answer in {"quit", "q"}:
            return None
        if answer.isdigit() and 1 <= int(answer) <= len(legal):
            return legal[int(answer) - 1]
        try:
            action = Action.parse(answer)
            state.apply(action)  # checks it; the result is applied by the caller
            return action
        except IllegalAction as err:
            say(f"not possible: {err.text(lang)}")
        except ValueError as err:
            say(f"not understood: {err}; type a number from 1 to {len(legal)}")


def _print_events(state: State, lang: str, say: Callable[..., None]) -> None:
    for event in state.events:
        say(f"  [{event.rule}] {event.text_in(lang)}")


def _result(state: State) -> str:
    scores = ", ".join(f"seat {i}: {s}" for i, s in enumerate(state.scores))
    if state.winners:
        won = " and ".join(f"seat {w}" for w in state.winners)
        return f"game over after {state.step} steps. scores: {scores}. winner: {won}"
    return f"game over after {state.step} steps. scores: {scores}. nobody wins (the players lost together)"


def _replay(args: argparse.Namespace) -> int:
    state = open_record(args.file)
    game = state.game
    replayed = game.new(state.players, state.seed, **state.options)
    _print_events(replayed, args.lang, print)
    for action in state.actions:
        print(f"seat {replayed.to_move}: {game.describe(action, args.lang)}")
        replayed = replayed.apply(action)
        _print_events(replayed, args.lang, print)
    print(_result(replayed) if replayed.is_over else f"stopped at step {replayed.step}, phase {replayed.phase}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
