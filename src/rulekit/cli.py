"""The ``rulekit`` command: list, rules, play, replay, simulate, dashboard, publish.

Every bad argument or bad typed move gets a one-line reason (and, for a
move, the rule id) instead of a traceback; a game in progress is never lost
to a typo.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable, Sequence

from . import games, load, open_record
from .agents import AGENTS
from .engine import RulekitError, State
from .outputs import writable_path, write_text
from .session import HUMAN, MAX_STEPS, Session
from .textboard import text_board

__all__ = ["main"]


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``rulekit`` console script; returns the exit code."""
    parser = _parser()
    args = parser.parse_args(argv)
    if not getattr(args, "run", None):
        parser.print_help()
        return 2
    try:
        code = args.run(args) or 0
        sys.stdout.flush()  # a closed pipe shows here, not at exit
        return code
    except RulekitError as err:
        print(f"rulekit: error: {err}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("\nrulekit: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # `rulekit replay x.json | head`: the reader left, nothing is wrong
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


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
    p.add_argument("--force", action="store_true", help="replace an existing --save file")
    p.add_argument(
        "--max-decisions",
        type=int,
        default=MAX_STEPS,
        metavar="N",
        help=f"stop a game that has not ended after N decisions (a safety cap, not a rule; default {MAX_STEPS})",
    )
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

    from .serve import dashboard, publish

    dashboard.add_arguments(sub.add_parser("dashboard", help="serve the notebooks as Voila dashboards (127.0.0.1)"))
    publish.add_arguments(sub.add_parser("publish", help="build a static site of the notebooks (runs in the browser)"))
    return parser


def port_number(text: str) -> int:
    """An argparse type: a TCP port 1-65535, or a one-line error."""
    try:
        port = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"a port is a number from 1 to 65535, got {text!r}") from None
    if not 1 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"a port is a number from 1 to 65535, got {port}")
    return port


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
        except (json.JSONDecodeError, RecursionError, ValueError):
            options[name] = raw
    return options


def _bots(spec: str, players: int) -> list[str]:
    """One seat kind per seat: ``human`` or an agent spec; missing seats are human."""
    names = [s.strip() for s in spec.split(",")] if spec.strip() else []
    if any(not n for n in names):
        raise RulekitError(f"--bots has an empty seat in {spec!r}; name one agent or 'human' per seat")
    if len(names) > players:
        raise RulekitError(f"--bots names {len(names)} seats but the game has {players} players")
    return names + [HUMAN] * (players - len(names))


def _play(args: argparse.Namespace) -> int:
    if args.max_decisions < 1:
        raise RulekitError(f"--max-decisions must be at least 1, got {args.max_decisions}")
    save = writable_path(args.save, "--save", force=args.force) if args.save is not None else None
    game = load(args.game)
    players = game.players.start if args.players is None else args.players
    try:
        session = Session(game, players, args.seed, _bots(args.bots, players), _options(args.option))
    except ValueError as err:
        raise RulekitError(str(err)) from None
    say = (lambda *_: None) if args.quiet else print
    say(f"{game.title}: {players} players, seed {args.seed}; type 'help' for commands")
    finished = interrupted = False
    try:
        finished = play_loop(session, args.lang, input, say, args.max_decisions)
    except KeyboardInterrupt:
        interrupted = True
        print("\nrulekit: interrupted", file=sys.stderr)
    finally:
        if save is not None:
            write_text(save, session.state.to_json(indent=1), "--save")
            print(f"saved to {save}" + ("" if finished else " (unfinished: `rulekit replay` shows it)"))
    if interrupted:
        return 130
    if not finished:
        return 1
    print(_result(session.state))
    return 0


CAPPED = (
    "stopped after {n} decisions without an end: a safety cap of rulekit, not a rule of the game "
    "(--max-decisions changes it; with --save the game is saved and `rulekit replay` shows it)"
)

HELP = """commands:
  <number> or <action label>   make that decision
  board                        show the board again
  why <action label>           why that action is not possible now
  undo                         take back your last decision (and the bots' moves after it)
  help                         this list
  quit                         stop (with --save the game is saved)"""


def play_loop(
    session: Session,
    lang: str = "en",
    ask: Callable[[str], str] = input,
    say: Callable[..., None] = print,
    max_decisions: int = MAX_STEPS,
) -> bool:
    """Play until the end; humans answer ``ask``, bots choose. False if a human stops, or when
    ``max_decisions`` decisions were made without an end (a safety cap, not a rule: a game
    whose printed end random bots never reach must not run for ever)."""
    _print_events(session.state, lang, say, session)
    decisions = 0
    while not session.state.is_over:
        if decisions >= max_decisions:
            print(f"rulekit: {CAPPED.format(n=max_decisions)}", file=sys.stderr)
            return False
        state = session.state
        if state.automatic:
            session.timeline.advance()
            _print_events(session.state, lang, say, session)
            continue
        agent = session.agent(state.to_move)
        if agent is not None:
            action = agent.choose(state)
            said = state.game.describe(action, lang)
            if not _seen_by_humans(session, state.to_move) and state.game.private_decision(state, action):
                said = "(a private choice)" if lang == "en" else "(eine verdeckte Wahl)"
            say(f"seat {state.to_move} ({agent.spec}): {said}")
            session.timeline.play(action)
            decisions += 1
            _print_events(session.state, lang, say, session)
            continue
        if not _human_turn(session, lang, ask, say):
            return False
        decisions += 1
    return True


def _human_turn(session: Session, lang: str, ask: Callable[[str], str], say: Callable[..., None]) -> bool:
    """One human decision (with any number of commands before it); False to stop."""
    state = session.state
    legal = state.legal_actions()
    say("\n" + text_board(state, state.to_move, lang))
    for i, action in enumerate(legal, 1):
        say(f"  {i:3}. {state.game.describe(action, lang)}   [{action}]")
    while True:
        try:
            answer = ask(f"seat {state.to_move}, your choice (number, action, 'help'): ").strip()
        except EOFError:
            say("no more input: the game stops here")
            return False
        command, _, rest = answer.partition(" ")
        if command in {"quit", "q", "exit"}:
            return False
        if command in {"help", "?"}:
            say(HELP)
        elif command == "board":
            say(text_board(state, state.to_move, lang))
        elif command == "undo":
            if _undo(session):
                return True
            say("nothing to undo: no earlier decision of a human seat")
        elif command == "why":
            refusal = session.why_not(rest.strip())
            say("that action is possible now" if refusal is None else f"not possible: {refusal.text(lang)}")
        elif answer.isdigit() and 1 <= int(answer) <= len(legal):
            session.timeline.play(legal[int(answer) - 1])
            _print_events(session.state, lang, say, session)
            return True
        elif answer:
            refusal = session.try_action(answer)
            if refusal is None:
                _print_events(session.state, lang, say, session)
                return True
            say(f"not possible: {refusal.text(lang)}")


def _undo(session: Session) -> bool:
    """Go back to the last decision a human made (skipping bots and automatic steps)."""
    timeline = session.timeline
    for i in range(timeline.cursor - 1, -1, -1):
        before = timeline[i]
        if before.to_move is not None and not before.is_over and session.seats[before.to_move] == HUMAN:
            timeline.jump(i)
            return True
    return False


def _seen_by_humans(session: Session, seat: int) -> bool:
    """Whether the people at the terminal may see ``seat``'s secrets: it is theirs, or only bots play."""
    humans = [i for i, kind in enumerate(session.seats) if kind == HUMAN]
    return not humans or seat in humans


def _print_events(state: State, lang: str, say: Callable[..., None], session: Session | None = None) -> None:
    """The step's events; with a session, only those a human seat may read (all when only bots play)."""
    for event in state.events:
        if session is None or any(_seen_by_humans(session, i) and event.visible_to(i) for i in range(state.players)):
            say(f"  [{event.rule}] {event.text_in(lang)}")


def _result(state: State) -> str:
    scores = ", ".join(f"seat {i}: {s}" for i, s in enumerate(state.scores))
    if state.unfinished:
        return f"stopped unfinished after {state.step} steps (a round limit, not a rule of the game). scores: {scores}"
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
