"""The ``rulekit`` command: list, rules, play, replay, simulate, dashboard, publish, room.

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
from .engine.seats import seat_name
from .outputs import writable_path, write_text
from .session import HUMAN, MAX_STEPS, Session
from .textboard import say as words
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
    p.add_argument("--players", type=int, default=None, help="player count (default: one per seat of --bots)")
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
    p.add_argument(
        "--verbose", action="store_true", help="print every step even when only bots play (default: one line a round)"
    )
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

    from .serve import dashboard, publish, room_command

    dashboard.add_arguments(sub.add_parser("dashboard", help="serve the notebooks as Voila dashboards (127.0.0.1)"))
    publish.add_arguments(sub.add_parser("publish", help="build a static site of the notebooks (runs in the browser)"))
    room_command.add_arguments(sub.add_parser("room", help="shared tables: create a room on a running dashboard"))
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
    for gid in games(examples=True):
        game = load(gid)
        note = "" if gid in games() else ", the example game to copy: docs/adding-a-game.md"
        print(f"{gid:22} {game.title} ({game.players.start}-{game.players.stop - 1} players{note})")
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
    players = _player_count(game, args)
    try:
        session = Session(game, players, args.seed, _bots(args.bots, players), _options(args.option))
    except ValueError as err:
        raise RulekitError(str(err)) from None
    lang = args.lang
    say = (lambda *_: None) if args.quiet else print
    title = game.title_de if lang == "de" and game.title_de else game.title
    say(words("start", lang, title=title, players=players, seed=args.seed))
    only_bots = HUMAN not in session.seats
    finished = interrupted = False
    try:
        if only_bots and not args.verbose:
            say(words("summary_note", lang))
            finished = summary_loop(session, lang, say, args.max_decisions)
        else:
            finished = play_loop(session, lang, input, say, args.max_decisions)
    except KeyboardInterrupt:
        interrupted = True
        print("\nrulekit: interrupted", file=sys.stderr)
    finally:
        if save is not None:
            write_text(save, session.state.to_json(indent=1), "--save")
            print(words("saved" if finished else "saved_unfinished", lang, path=save))
    if interrupted:
        return 130
    if not finished:
        return 1
    print(_result(session.state, lang))
    return 0


CAPPED = (
    "stopped after {n} decisions without an end: a safety cap of rulekit, not a rule of the game "
    "(--max-decisions changes it; with --save the game is saved and `rulekit replay` shows it)"
)


def _player_count(game, args: argparse.Namespace) -> int:
    """``--players``, else one per seat named in ``--bots`` (as ``simulate`` counts), else the fewest the game allows."""
    if args.players is not None:
        return args.players
    named = [s for s in args.bots.split(",") if s.strip()] if args.bots.strip() else []
    return max(len(named), game.players.start)


#: commands at the prompt, in both languages (the help shows the words of the chosen one)
COMMANDS = {
    "quit": {"quit", "q", "exit", "ende", "beenden"},
    "help": {"help", "?", "hilfe"},
    "board": {"board", "brett"},
    "undo": {"undo", "zurück", "zurueck"},
    "why": {"why", "warum"},
}


def _command(word: str) -> str | None:
    return next((name for name, spellings in COMMANDS.items() if word.lower() in spellings), None)


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
                said = words("private_choice", lang)
            say(words("bot_move", lang, seat=seat_name(state.to_move), bot=agent.spec, action=said))
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
    say(words("choices", lang))
    for i, action in enumerate(legal, 1):
        say(f"  {i:3}. {state.game.describe(action, lang)}   [{action}]")
    while True:
        try:
            answer = ask(words("prompt", lang, seat=seat_name(state.to_move))).strip()
        except EOFError:
            say(words("no_input", lang))
            return False
        first, _, rest = answer.partition(" ")
        command = _command(first)
        if command == "quit":
            return False
        if command == "help":
            say(words("help", lang))
        elif command == "board":
            say(text_board(state, state.to_move, lang))
        elif command == "undo":
            if _undo(session):
                return True
            say(words("nothing_to_undo", lang))
        elif command == "why":
            refusal = session.why_not(rest.strip())
            say(words("possible", lang) if refusal is None else words("not_possible", lang, reason=refusal.text(lang)))
        elif answer.isdigit() and 1 <= int(answer) <= len(legal):
            session.timeline.play(legal[int(answer) - 1])
            _print_events(session.state, lang, say, session)
            return True
        elif answer:
            refusal = session.try_action(answer)
            if refusal is None:
                _print_events(session.state, lang, say, session)
                return True
            say(words("not_possible", lang, reason=refusal.text(lang)))


def _undo(session: Session) -> bool:
    """Go back to the last decision a human made (the Table's "my move" undo, skipping bots and
    automatic steps); unlike ``Session.undo_decision`` never a single step back when there is none,
    since the loop would only replay the same bot moves."""
    earlier = [i for i in session.decision_points() if i < session.timeline.cursor]
    if earlier:
        session.timeline.jump(earlier[-1])
    return bool(earlier)


def _seen_by_humans(session: Session, seat: int) -> bool:
    """Whether the people at the terminal may see ``seat``'s secrets: it is theirs, or only bots play."""
    humans = [i for i, kind in enumerate(session.seats) if kind == HUMAN]
    return not humans or seat in humans


def _print_events(state: State, lang: str, say: Callable[..., None], session: Session | None = None) -> None:
    """The step's events; with a session, only those a human seat may read (all when only bots play)."""
    for event in state.events:
        if session is None or any(_seen_by_humans(session, i) and event.visible_to(i) for i in range(state.players)):
            say(f"  [{event.rule}] {event.text_in(lang)}")


def _scores(state: State) -> str:
    return ", ".join(f"{seat_name(i)} {s}" for i, s in enumerate(state.scores))


def _result(state: State, lang: str = "en") -> str:
    """The end in one line: how it ended, who won, and every seat's score."""
    scores = words("scores", lang, scores=_scores(state))
    if state.unfinished:
        return f"{words('over_unfinished', lang, steps=state.step)} {scores}"
    if state.winners:
        won = words("and", lang).join(seat_name(w) for w in state.winners)
        return f"{words('over_winners', lang, steps=state.step, count=len(state.winners), winners=won)} {scores}"
    return f"{words('over_nobody', lang, steps=state.step)} {scores}"


def summary_loop(
    session: Session, lang: str = "en", say: Callable[..., None] = print, max_decisions: int = MAX_STEPS
) -> bool:
    """A game of bots only, told in one line a round (round number and scores) instead of every step;
    False when ``max_decisions`` decisions were made without an end (the safety cap of ``play_loop``)."""
    rounds = _Rounds(session.game)
    last = rounds.of(session.state)
    decisions = 0
    while not session.state.is_over:
        if decisions >= max_decisions:
            print(f"rulekit: {CAPPED.format(n=max_decisions)}", file=sys.stderr)
            return False
        decisions += session.step() == "bot"
        now = rounds.of(session.state)
        if now != last:
            say(words("round_summary", lang, round=last, scores=_scores(session.state)))
            last = now
    return True


class _Rounds:
    """The round a state is in: the game's own count when its view has one; else a round is
    over each time every seat has entered the game's first phase after setup (a turn each)."""

    def __init__(self, game) -> None:
        phases = [p for p in game.phases if p != "setup"]
        self.first = phases[0] if phases else None
        self.entries, self.phase = 0, None

    def of(self, state: State) -> int:
        own = state.view(None).get("round")
        if isinstance(own, int) and not isinstance(own, bool):
            return own
        if state.phase != self.phase and state.phase == self.first:
            self.entries += 1
        self.phase = state.phase
        return max(1, (self.entries + state.players - 1) // state.players)


def _replay(args: argparse.Namespace) -> int:
    state = open_record(args.file)
    game = state.game
    replayed = game.new(state.players, state.seed, **state.options)
    lang = args.lang
    _print_events(replayed, lang, print)
    for action in state.actions:
        print(f"{seat_name(replayed.to_move)}: {game.describe(action, lang)}")
        replayed = replayed.apply(action)
        _print_events(replayed, lang, print)
    phase = game.phases.get(replayed.phase)
    where = phase.name_in(lang) if phase else replayed.phase
    print(_result(replayed, lang) if replayed.is_over else words("stopped_at", lang, step=replayed.step, phase=where))
    return 0


if __name__ == "__main__":
    sys.exit(main())
