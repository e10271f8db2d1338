"""A game being played at a table: timeline, seats (human or bot) and stepping.

No widgets here: the widgets' ``Table`` draws a ``Session``, ``rulekit play``
runs one in the terminal, and tests drive one directly. Every move goes
through the engine contract (``State.apply``, ``State.advance``,
``Game.why_not``), so nothing here knows a game. Bots are seeded with
``seat_seed`` like everywhere else, so a seed plays the same game in the
CLI, the widgets and ``simulate``.
"""

from __future__ import annotations

from typing import Any

from .agents import AGENTS, Agent, make_agent, seat_seed, stand_in_spec
from .engine import Action, Game, IllegalAction, State, Timeline
from .engine.rules import Messages
from .games import resolve_game

__all__ = ["Session", "HUMAN", "resolve_game"]

HUMAN = "human"
#: how many steps "play to end" may take before it stops (a safety net, not a rule): far more
#: than any game needs with the stand-ins below (Scepter, 6 greedy players: about 2,200 steps)
MAX_STEPS = 200_000
_MESSAGES = Messages.load("rulekit")


class Session:
    """One game with its timeline and who plays each seat.

    Parameters
    ----------
    game : str or Game
    players : int, optional
        Defaults to the game's smallest player count.
    seed : int
    seats : list of str, optional
        ``"human"`` or an agent name (``rulekit.agents.AGENTS``) per seat;
        all human by default.
    options : dict
        Rule options passed to ``game.new``.
    """

    def __init__(
        self,
        game: str | Game,
        players: int | None = None,
        seed: int = 0,
        seats: list[str] | None = None,
        options: dict[str, Any] | None = None,
    ):
        self.game = resolve_game(game)
        self.players = self.game.players.start if players is None else players
        self.options = dict(options or {})
        seats = list(seats) if seats is not None else [HUMAN] * self.players
        if len(seats) != self.players:
            raise ValueError(f"seats must name {self.players} players (one per seat), got {len(seats)}: {seats}")
        for kind in seats:
            self._check_kind(kind)
        self.seats = seats
        self.reset(seed)

    # -- setup -----------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> State:
        """Start a new game (same seats); ``seed`` defaults to the next one."""
        self.seed = self.seed + 1 if seed is None else seed
        if options is not None:
            self.options = dict(options)
        start = self.game.new(self.players, self.seed, settle=False, **self.options)
        self.timeline = Timeline(start)
        self.agents: dict[int, Agent] = {}
        return start

    @staticmethod
    def _check_kind(kind: str) -> None:
        """A seat is a human or an agent spec (``greedy``, ``mcts:200``) with valid options."""
        if kind == HUMAN:
            return
        try:
            make_agent(kind)
        except ValueError as err:
            raise ValueError(f"a seat is 'human' or an agent ({', '.join(AGENTS)}): {err}") from None

    def set_seat(self, seat: int, kind: str) -> None:
        """Let a human or an agent play ``seat``."""
        if not 0 <= seat < self.players:
            raise ValueError(f"seat must be in 0..{self.players - 1}, got {seat!r}")
        self._check_kind(kind)
        self.seats[seat] = kind
        self.agents.pop(seat, None)

    def agent(self, seat: int, stand_in: bool = False) -> Agent | None:
        """The bot of ``seat``; human seats get the game's stand-in bot (``agents.stand_in_spec``) if asked."""
        kind = self.seats[seat]
        if kind == HUMAN and not stand_in:
            return None
        spec = stand_in_spec(self.game.id) if kind == HUMAN else kind
        key = seat if kind != HUMAN else -1 - seat
        if key not in self.agents or self.agents[key].spec != make_agent(spec).spec:
            self.agents[key] = make_agent(spec, seed=seat_seed(self.seed, seat))
        return self.agents[key]

    # -- reading ---------------------------------------------------------

    @property
    def state(self) -> State:
        return self.timeline.state

    @property
    def cursor(self) -> int:
        return self.timeline.cursor

    def human_to_move(self) -> bool:
        s = self.state
        return s.to_move is not None and not s.is_over and self.seats[s.to_move] == HUMAN

    # -- moving ----------------------------------------------------------

    def step(self, stand_in: bool = False) -> str:
        """One automatic step or one bot decision.

        Returns what happened: ``"auto"``, ``"bot"``, ``"human"`` (a human must
        decide; nothing changed) or ``"over"`` (nothing changed).
        """
        s = self.state
        if s.is_over:
            return "over"
        if s.automatic:
            self.timeline.advance()
            return "auto"
        bot = self.agent(s.to_move, stand_in)
        if bot is None:
            return "human"
        self.timeline.play(bot.choose(s))
        return "bot"

    def run_bots(self, limit: int = MAX_STEPS) -> int:
        """Automatic steps and bot decisions until a human decides or the game ends."""
        done = 0
        while done < limit and self.step() in ("auto", "bot"):
            done += 1
        return done

    def play(self, n: int) -> int:
        """Up to ``n`` steps, human seats played by the game's stand-in bots; returns steps made."""
        if isinstance(n, bool) or not isinstance(n, int) or n < 0:
            raise ValueError(f"the number of steps must be a non-negative integer, got {n!r}")
        done = 0
        while done < n and self.step(stand_in=True) != "over":
            done += 1
        return done

    def play_to_end(self, limit: int = MAX_STEPS) -> int:
        return self.play(limit)

    # -- person-level travel: a human seat's decision with what followed it ---------

    def decision_points(self) -> list[int]:
        """Timeline indices where a person decides: a human seat to move (any seat
        when no seat is human, so an all-bot game steps back by decisions)."""
        tl, humans = self.timeline, any(k == HUMAN for k in self.seats)
        return [
            i
            for i in range(len(tl))
            if tl[i].to_move is not None and not tl[i].is_over and (not humans or self.seats[tl[i].to_move] == HUMAN)
        ]

    def undo_decision(self) -> bool:
        """Back to the last decision of a human seat before the cursor, taking back the
        automatic steps and bot moves after it; one step back when there is none.
        False at the start of the game."""
        tl = self.timeline
        if not tl.can_undo:
            return False
        earlier = [i for i in self.decision_points() if i < tl.cursor]
        tl.jump(earlier[-1] if earlier else tl.cursor - 1)
        return True

    def redo_decision(self) -> bool:
        """Replay the undone decision and the steps after it, up to the next decision
        point (or the end of what was played). False when nothing is ahead."""
        tl = self.timeline
        if not tl.can_redo:
            return False
        later = [i for i in self.decision_points() if i > tl.cursor]
        tl.jump(later[0] if later else len(tl) - 1)
        return True

    def why_not(self, label: str | Action) -> IllegalAction | None:
        """Why ``label`` is not legal now (None if it is); nothing changes."""
        s = self.state
        try:
            action = Action.coerce(label)
        except ValueError:
            example = str(s.legal_actions()[0]) if s.legal_actions() else "pass"
            en, de = _MESSAGES.format("bad_label", text=label, example=example)
            return IllegalAction("engine", en, label, de)
        if action in s.legal_actions():
            return None
        if s.is_over or s.automatic:
            try:
                s.apply(action, settle=False)
            except IllegalAction as err:
                return err
        return self.game.why_not(s, action)

    def try_action(self, label: str | Action) -> IllegalAction | None:
        """Make the decision ``label`` if legal; else return why not (state unchanged)."""
        refusal = self.why_not(label)
        if refusal is None:
            self.timeline.play(label)
        return refusal

    def previous_legal(self) -> list[Action]:
        """Actions the seat to move had at its last earlier decision but not now
        (shown greyed, so a learner can ask "why not?")."""
        seat = self.state.to_move  # None (automatic step next): the last decision of anyone
        now = set(self.state.legal_actions())
        for i in range(self.cursor - 1, max(-1, self.cursor - 400), -1):
            before = self.timeline[i]
            if before.to_move is not None and seat in (None, before.to_move) and not before.is_over:
                return [a for a in before.legal_actions() if a not in now]
        return []
