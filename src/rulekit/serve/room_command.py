"""``rulekit room create GAME --players N [--option K=V] [--bots SEAT=SPEC]``: a room on a running dashboard.

Prints the join code, the join URL (for the QR code and the projector),
the teacher's page and one link per seat; ``--json`` prints the server's
answer as it is (docs/rooms.md).
"""

from __future__ import annotations

import argparse
import json

from ..rooms import create_room, server_url

__all__ = ["add_arguments"]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    sub = parser.add_subparsers(metavar="ACTION")
    p = sub.add_parser("create", help="create a room on a running `rulekit dashboard`")
    p.add_argument("game")
    p.add_argument("--players", type=int, default=None)
    p.add_argument("--option", action="append", default=[], metavar="NAME=VALUE", help="a rule option (JSON value)")
    p.add_argument("--bots", action="append", default=[], metavar="SEAT=SPEC", help="a bot in a seat: 3=greedy")
    p.add_argument("--seed", type=int, default=None)
    p.add_argument("--start", action="store_true", help="start the game at once (else the teacher page starts it)")
    p.add_argument("--no-watch", action="store_true", help="the code alone does not let visitors watch")
    p.add_argument("--server", default=None, help="the dashboard's address (default: RULEKIT_SERVER or 127.0.0.1:8866)")
    p.add_argument("--token", default=None, help="the dashboard's token when it serves a network (or RULEKIT_TOKEN)")
    p.add_argument("--json", action="store_true", help="print the server's JSON answer")
    p.set_defaults(run=_create)
    parser.set_defaults(run=lambda args: parser.print_help() or 2)


def _create(args: argparse.Namespace) -> int:
    from ..cli import _options

    bots = {}
    for item in args.bots:
        for part in item.split(","):
            seat, sep, spec = part.partition("=")
            if sep:
                bots[seat.strip()] = spec.strip()
            elif part.strip():
                from ..engine import RulekitError

                raise RulekitError(f"--bots needs SEAT=SPEC such as 3=greedy, got {part!r}")
    answer = create_room(
        args.game, args.players, _options(args.option), bots, args.seed, not args.no_watch, args.start,
        args.server, args.token,
    )  # fmt: skip
    if args.json:
        print(json.dumps(answer, indent=2))
        return 0
    base = server_url(args.server)
    print(f"room {answer['code']}: {args.game}, {answer['players']} players")
    print(f"join:      {base}{answer['join_url']}")
    print(f"teacher:   {base}{answer['teacher_url']}")
    print(f"projector: {base}{answer['projector_url']}")
    for seat in answer["seats"]:
        kind = "" if seat["kind"] == "human" else f"  (bot: {seat['kind']})"
        print(f"seat {seat['seat']}:    {base}{seat['url']}{kind}")
    return 0
