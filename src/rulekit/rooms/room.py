"""One shared table: a game, its seats (students or bots), their tokens and its decisions.

The room is authoritative: every decision goes through ``State.apply`` here,
and a refusal is the engine's ``IllegalAction`` (its rule and reason in
English and German) or one of the room's own (``ROOM-turn``: not your seat's
turn; ``ROOM-stale``: the page showed an older moment; ``ROOM-status``: the
game is not running). The decisions are the whole game: ``(game, players,
options, seed, decisions)`` replays it exactly, so the store keeps only
those and a restarted server rebuilds every room at the same step.

A room is used from several threads (the web server runs engine work off
its event loop), so every method that reads or changes the game holds
``lock``.
"""

from __future__ import annotations

import hmac
import secrets
import threading
import time
from dataclasses import dataclass, field
from typing import Any

from ..agents import Agent, make_agent, seat_seed
from ..engine import Action, Game, IllegalAction, RoomError, RulekitError, State
from ..games import load
from .texts import t

__all__ = [
    "Room",
    "Seat",
    "Decision",
    "RoomError",
    "refusal",
    "HUMAN",
    "STATUSES",
    "new_code",
    "new_token",
    "CODE_LETTERS",
]

HUMAN = "human"
#: waiting (not started), playing, paused (by the teacher), over (the rules ended it), ended (by the teacher)
STATUSES = ("waiting", "playing", "paused", "over", "ended")
#: join codes avoid letters that look alike on a projector (0/O, 1/I/L)
CODE_LETTERS = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
#: five letters: 28 million codes, short enough to type from the projector
CODE_LENGTH = 5


def new_code(taken: set[str] | frozenset[str] = frozenset()) -> str:
    """A fresh join code not in ``taken``."""
    while True:
        code = "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))
        if code not in taken:
            return code


def new_token() -> str:
    """A secret for one seat or the teacher (128 bits, URL-safe)."""
    return secrets.token_urlsafe(16)


def refusal(rule: str, key: str, **args: Any) -> RoomError:
    """A refusal of the room itself (not the game's rules), ``rule`` a ``ROOM-...`` id, in both languages."""
    return RoomError(rule, t(key, "en", **args), args.get("label"), t(key, "de", **args))


@dataclass
class Seat:
    """One seat: who plays it (``"human"`` or a bot spec), its token, and a stand-in bot
    the teacher put in for an absent student (``None``: the student plays)."""

    seat: int
    kind: str
    token: str = field(default_factory=new_token)
    claimed: bool = False
    stand_in: str | None = None

    @property
    def bot(self) -> str | None:
        """The bot spec deciding for this seat now, or None when a student does."""
        return self.stand_in or (None if self.kind == HUMAN else self.kind)

    def to_dict(self) -> dict:
        return {"seat": self.seat, "kind": self.kind, "token": self.token, "claimed": self.claimed,
                "stand_in": self.stand_in}  # fmt: skip


@dataclass(frozen=True)
class Decision:
    """One decision of the table: the action label, the seat and who made it (human, bot)."""

    label: str
    seat: int
    by: str


class Room:
    """A table several browsers share; see the module docstring.

    Parameters
    ----------
    code : the join code.
    game, players, seed, options : the game as for ``Game.new``.
    seats : one ``Seat`` per player.
    teacher_token : the secret of the teacher page.
    """

    def __init__(
        self,
        code: str,
        game: str,
        players: int,
        seed: int,
        options: dict[str, Any],
        seats: list[Seat],
        teacher_token: str,
        status: str = "waiting",
        watch: bool = True,
        created: float | None = None,
        decisions: list[Decision] | None = None,
        undos: int = 0,
    ):
        self.code = code
        self.game: Game = load(game)
        self.players, self.seed, self.options = players, seed, dict(options)
        self.seats = seats
        self.teacher_token = teacher_token
        self.status = status
        self.watch = watch
        self.created = time.time() if created is None else created
        self.undos = undos
        self.lock = threading.RLock()
        #: called with (room, what) after each change; the store and the web layer listen
        self.listeners: list = []
        #: counts the room's changes (every ``_tell``): a page's message is the same until it moves on
        self.revision = 0
        self._agents: dict[tuple[int, str], Agent] = {}
        start = self.game.new(players, seed, **self.options)
        #: states[i]: the table after i decisions (automatic steps settled)
        self.states: list[State] = [start]
        self.decisions: list[Decision] = []
        for n, decision in enumerate(decisions or []):
            try:
                self.states.append(self.states[-1].apply(decision.label))
            except (IllegalAction, ValueError) as err:
                raise RulekitError(
                    f"room {code}: stored decision {n + 1} ({decision.label}) does not replay: {err}"
                ) from None
            self.decisions.append(decision)

    # -- reading ---------------------------------------------------------

    @property
    def state(self) -> State:
        return self.states[-1]

    @property
    def step(self) -> int:
        """How many decisions the table has made."""
        return len(self.decisions)

    def seat_of(self, token: str | None) -> int | None:
        """The seat whose token is ``token`` (compared in constant time), else None."""
        if not token:
            return None
        found = None
        for s in self.seats:
            if hmac.compare_digest(s.token.encode(), str(token).encode()):
                found = s.seat
        return found

    def is_teacher(self, token: str | None) -> bool:
        return bool(token) and hmac.compare_digest(self.teacher_token.encode(), str(token).encode())

    def version(self, seat: int | None) -> str:
        """What a page sends back with its action: the undo count and the step as ``seat`` sees it.

        Built from the seat's view (``view(seat)["step"]`` leaves out other seats'
        private decisions), so it tells nothing a seat may not know; an undo
        changes it, so a click from before an undo never lands after it.
        """
        with self.lock:
            return f"{self.undos}.{self.state.view(seat)['step']}"

    def who(self, seat: int, lang: str) -> str:
        """A seat in words: "Player 2" or "Player 2 (bot)"."""
        name = t("seat_title", lang, n=seat + 1)
        bot = self.seats[seat].bot
        return f"{name} · {t('bot', lang, spec=bot)}" if bot else name

    def free_seats(self) -> list[int]:
        """Human seats nobody has claimed through the join page yet."""
        return [s.seat for s in self.seats if s.kind == HUMAN and not s.claimed]

    # -- the table's decisions -------------------------------------------------

    def act(self, seat: int, label: str, version: str | None) -> State:
        """Make ``seat``'s decision ``label``, sent from a page that showed ``version``.

        Raises ``RoomError`` (not running, not this seat's turn, a bot's seat, a
        stale page) or the engine's ``IllegalAction``; nothing changes then.
        """
        with self.lock:
            self._check_running()
            s = self.state
            if s.to_move != seat:
                who = self.who(s.to_move, "en") if s.to_move is not None else "-"
                raise refusal("ROOM-turn", "not_your_turn", who=who)
            if self.seats[seat].bot:
                raise refusal("ROOM-bot", "bot_seat")
            if version is not None and version != self.version(seat):
                raise refusal("ROOM-stale", "stale")
            try:
                action = Action.coerce(label)
            except (ValueError, TypeError):
                raise refusal("ROOM-label", "bad_label", label=str(label)[:60]) from None
            return self._play(action, seat, HUMAN)

    def bot_to_move(self) -> tuple[int, str] | None:
        """(seat, spec) when a bot must decide now in a running game, else None."""
        with self.lock:
            s = self.state
            if self.status != "playing" or s.to_move is None:
                return None
            spec = self.seats[s.to_move].bot
            return (s.to_move, spec) if spec else None

    def bot_step(self) -> State | None:
        """Let the bot to move decide (from its own view); None when no bot is to move."""
        with self.lock:
            turn = self.bot_to_move()
            if turn is None:
                return None
            seat, spec = turn
            agent = self._agent(seat, spec)
            return self._play(agent.choose(self.state), seat, "bot")

    def _agent(self, seat: int, spec: str) -> Agent:
        key = (seat, spec)
        if key not in self._agents:
            self._agents[key] = make_agent(spec, seed=seat_seed(self.seed + self.step, seat))
        return self._agents[key]

    def _play(self, action: Action, seat: int, by: str) -> State:
        state = self.state.apply(action)  # raises IllegalAction: nothing changed
        decision = Decision(str(state.actions[-1]), seat, by)
        self.states.append(state)
        self.decisions.append(decision)
        if state.is_over:
            self.status = "over"
        self._tell("decision")
        return state

    def _check_running(self) -> None:
        if self.status == "waiting":
            raise refusal("ROOM-status", "not_started")
        if self.status == "paused":
            raise refusal("ROOM-status", "paused")
        if self.status in ("over", "ended"):
            raise refusal("ROOM-status", "ended")

    # -- the teacher's controls ---------------------------------------------------

    def start(self) -> None:
        """Start (or resume) the game."""
        with self.lock:
            if self.status in ("waiting", "paused"):
                self.status = "over" if self.state.is_over else "playing"
                self._tell("status")

    def pause(self) -> None:
        with self.lock:
            if self.status == "playing":
                self.status = "paused"
                self._tell("status")

    def end(self) -> None:
        """End the game for good (the room stays readable)."""
        with self.lock:
            if self.status != "ended":
                self.status = "ended"
                self._tell("status")

    def undo(self) -> int:
        """Take back the table's last decision made by a student, and the bots' decisions after it.

        With no student decision, the last bot decision is taken back. Returns how
        many decisions were taken back; ``RoomError`` when there are none.
        """
        with self.lock:
            if not self.decisions:
                raise refusal("ROOM-undo", "nothing_to_undo")
            humans = [i for i, d in enumerate(self.decisions) if d.by == HUMAN]
            keep = humans[-1] if humans else len(self.decisions) - 1
            taken = len(self.decisions) - keep
            del self.decisions[keep:], self.states[keep + 1 :]
            self.undos += 1
            self._agents.clear()
            if self.status == "over":
                self.status = "playing"
            self._tell("undo")
            return taken

    def set_stand_in(self, seat: int, spec: str | None) -> None:
        """Let bot ``spec`` play a student's seat (an absent student); ``None`` gives it back."""
        with self.lock:
            if not 0 <= seat < self.players:
                raise refusal("ROOM-seat", "bad_seat", code=self.code, n=self.players, seat=seat + 1)
            if spec is not None:
                make_agent(spec)  # a bad spec is refused before anything changes
            self.seats[seat].stand_in = spec
            self._tell("seats")

    def set_watch(self, allowed: bool) -> None:
        with self.lock:
            self.watch = bool(allowed)
            self._tell("status")

    def claim(self, seat: int | None = None) -> Seat:
        """Give a joining student a free seat (``seat``, or the first free one)."""
        with self.lock:
            free = self.free_seats()
            if seat is None:
                seat = free[0] if free else None
            if seat is None or seat not in free:
                raise refusal("ROOM-full", "no_free_seat", code=self.code)
            self.seats[seat].claimed = True
            self._tell("seats")
            return self.seats[seat]

    def _tell(self, what: str) -> None:
        self.revision += 1
        for listener in list(self.listeners):
            listener(self, what)

    def __repr__(self) -> str:
        return f"<Room {self.code} {self.game.id} {self.players}p {self.status} step {self.step}>"
