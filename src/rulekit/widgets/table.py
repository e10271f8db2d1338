"""``Table``: everything a learner needs to play and understand one game.

It composes the board, the legal actions (grouped by kind), step-through
controls, the phase-flow graph, the state inspector, the event log, the
rule panel and the language switch, all through the engine contract. The
same methods that buttons call are public, so tests drive a Table without
a browser::

    from rulekit.widgets import Table
    table = Table("rune_stones", players=2, seed=1, seats=["human", "random"])
    table.click_action(table.legal_labels()[0]); table.undo(); table.set_lang("de")
"""

from __future__ import annotations

import functools
import html
import uuid
from typing import Any

import ipywidgets as w

from ..engine import Game, IllegalAction, RulekitError, State
from . import lifeline, page_lang
from .actions import ActionBar
from .announce import announcement, refusal_announcement
from .board import Board
from .controls import ControlBar
from .endgame import end_html
from .extras import TeacherExtras
from .fired import RulesFiredView
from .frames import batched, one_message
from .i18n import check_lang, t
from .inspector import Inspector
from .layout import TableLayout
from .log import EventLog
from .panels import (
    describe,
    group_name,
    log_rows,
    phase_html,
    previous_choices,
    rule_html,
    status_text,
    why_html,
)
from .phase_graph import PhaseGraph, VisitedCache, last_edge
from .session import HUMAN, Session
from .status import came_from, status_html, step_reason
from .variants import VariantEditor
from .watch import WatchMode

__all__ = ["Table"]


def _guarded(method):
    """For browser callbacks: show an unexpected error in the table, never a traceback."""

    @functools.wraps(method)
    def wrapper(self, *args, **kwargs):
        try:
            return method(self, *args, **kwargs)
        except Exception as err:  # shown to the user instead of a traceback
            self.why.value = f'<div class="rk-error">{type(err).__name__}: {err}</div>'
            return None

    return wrapper


class Table(TableLayout, WatchMode, TeacherExtras, w.VBox):
    """Play and study one game: board, actions, steps, phases, state, log, rules.

    Parameters
    ----------
    game : str or Game
        A game id (``rulekit.games()``) or a ``Game``.
    players : int, optional
        Player count (the game's smallest by default).
    seed : int
        Seed of the game's randomness; the same seed replays the same game.
    seats : list of str, optional
        ``"human"`` or an agent name (``"random"``, ...) for each seat.
    lang : {"en", "de"}
    view : int, optional
        Seat whose view the board and inspector show; None (the default when
        not exactly one seat is human) shows everything (teacher view).
    autoplay : bool, optional
        Run automatic steps and bot decisions by themselves after each human
        decision; on by default when humans play against bots.
    options : dict, optional
        Rule options for ``game.new``.
    """

    def __init__(
        self,
        game: str | Game,
        players: int | None = None,
        seed: int = 0,
        seats: list[str] | None = None,
        lang: str = "en",
        view: int | None = -1,
        autoplay: bool | None = None,
        options: dict[str, Any] | None = None,
    ):
        self.session = Session(game, players, seed, seats, options)
        self.game = self.session.game
        self.lang = check_lang(lang)
        seats = self.session.seats
        humans = [i for i, k in enumerate(seats) if k == HUMAN]
        self.view_seat = (humans[0] if len(humans) == 1 and len(seats) > 1 else None) if view == -1 else view
        self._views: dict = {}
        self._visited = VisitedCache()
        self.controls = ControlBar(seats, seed, self.lang)
        self.controls.autoplay = bool(humans) and len(humans) < len(seats) if autoplay is None else bool(autoplay)
        self.board = Board()
        self.actions = ActionBar()
        self.phases = PhaseGraph(self.game.phase_graph(), self.lang)
        self.inspector = Inspector()
        self.event_log = EventLog()
        self.rule = w.HTML()
        self.rule.add_class("rk-rule")
        self.why = w.HTML()
        self.why.add_class("rk-why")
        #: whose turn it is and what they can do, right above the actions (always current)
        self.status = w.HTML()
        self.status.add_class("rk-status-area")
        self.end = w.HTML()
        self.end.add_class("rk-end-area")
        self.board.link = self.actions.link = uuid.uuid4().hex  # hovering a button lights the board
        #: this table's place on its page: a dead kernel's trail comes back to the same place (lifeline.py)
        self.slot = lifeline.next_slot()
        self._watch_task = None
        self.fired = RulesFiredView()
        self.variants = VariantEditor()
        self.extras = w.Accordion(children=[self.fired, self.variants], selected_index=None)
        self.extras.add_class("rk-extras")
        #: what a refresh changes; sent with the controls' own changes as one message (frames.py)
        self._parts = (self.board, self.actions, self.phases, self.inspector, self.event_log)
        self._parts += (self.rule, self.why, self.end, self.fired, self.variants, self.status)
        self._build()
        self._wire()
        if self.controls.autoplay:
            self.session.run_bots()
        self._rule_shown: tuple[str, str] | None = None
        self._relabel()
        self.rule.value = self._rule_empty()
        self.refresh()
        page_lang.join(self)

    # -- layout ------------------------------------------------------------

    def _wire(self) -> None:
        presses = {
            "step": lambda a: self.step(),
            "undo": lambda a: self.undo(),
            "redo": lambda a: self.redo(),
            "play": lambda a: self.play(int(a.get("n", 1))),
            "end": lambda a: self.play_to_end(),
            "reset": lambda a: self.reset(int(a["seed"]) if "seed" in a else None),
            "jump": lambda a: self.jump(int(a["index"])),
            "seat": lambda a: self.set_seat(int(a["seat"]), str(a["kind"])),
            "autoplay": lambda a: self.set_autoplay(bool(a.get("on"))),
            "lang": lambda a: self.set_lang(str(a["lang"])),
            "watch": lambda a: self.watch(float(a.get("pace") or self.controls.pace)) if a.get("on") else self.pause(),
            "projector": lambda a: self.set_projector(bool(a.get("on"))),
        }
        self.controls.on_press(lambda event, args: self._ui(presses[event], args))
        self.board.on_click(lambda label, _enabled: self._ui(self.click_action, label))
        self.board.on_restore(lambda trail: self._ui(self.restore, trail))
        self.actions.on_click(lambda label: self._ui(self.click_action, label))
        self.phases.on_select(lambda phase: self._ui(self._read, self.show_phase, phase))
        self.event_log.on_rule(lambda rule: self._ui(self._read, self.show_rule, rule))
        self.inspector.on_view(lambda seat: self._ui(self.set_view, seat))
        self.fired.on_rule(lambda rule: self._ui(self._read, self.show_rule, rule))
        self.variants.on_apply(lambda values: self._ui(self.apply_variants, values))
        self.extras.observe(lambda ch: self._ui(self._refresh_extras), names="selected_index")

    @batched
    @_guarded
    def _ui(self, method, *args):
        return method(*args)

    def _read(self, show, key: str) -> None:
        """A click on a phase or a rule id: its text in the rule panel, and that tab opened."""
        show(key)
        self.show_tab("rules")

    def one_message(self):
        """A context: every change to the table's parts inside it reaches the browser as one message."""
        return one_message(self.controls, self._parts)

    def _relabel(self) -> None:
        """Captions that change only with the language or the seats."""
        lang = self.lang
        self.controls.relabel(lang)
        game = self.game
        self.controls.title = game.title_de if lang == "de" and game.title_de else game.title
        self.board.heading = t("board_title", lang)
        self.phases.heading = t("phases_title", lang)
        self.event_log.heading = t("log_title", lang)
        self.inspector.heading = t("inspector_title", lang)
        with self.inspector.hold_sync():
            self.inspector.view_label = t("view", lang)
            self.inspector.views = [[-1, t("view_teacher", lang)]] + [
                [i, t("view_seat", lang, n=i + 1)] for i in range(self.session.players)
            ]
            self.inspector.view = -1 if self.view_seat is None else self.view_seat
        with self.actions.hold_sync():
            self.actions.heading = t("legal_title", lang)
            self.actions.empty_text = t("legal_none", lang)
            self.actions.illegal_title = t("tried_title", lang)
            self.actions.try_placeholder = t("try_placeholder", lang)
            self.actions.try_label = t("try", lang)
        self.phases.set_lang(lang)
        self._title_tabs()
        self.extras.titles = (t("fired_title", lang), t("variants_title", lang))
        self.variants.show(self.game, self.session.options, lang)

    # -- reading -------------------------------------------------------------

    @property
    def state(self) -> State:
        return self.session.state

    @property
    def timeline(self):
        return self.session.timeline

    @property
    def seats(self) -> list[str]:
        return list(self.session.seats)

    def legal_labels(self) -> list[str]:
        return [str(a) for a in self.state.legal_actions()]

    # -- actions (the same methods the buttons call) ---------------------------

    @batched
    def click_action(self, label: str) -> IllegalAction | None:
        """Try ``label``: play it if legal, else show why not (nothing changes)."""
        refusal = self.session.try_action(label)
        if refusal is not None:
            self.why.value = why_html(refusal, describe(self.game, str(label), self.lang), self.lang)
            self.board.announce = refusal_announcement(self.session, label, refusal, self.lang)  # issue 27
            self.show_rule(refusal.rule, clear_why=False)
            return refusal
        self.why.value = ""
        if self.controls.autoplay:
            self.session.run_bots()
        self.refresh()
        return None

    @batched
    def why_not(self, label: str) -> IllegalAction | None:
        """Show why ``label`` is not legal now without trying it."""
        refusal = self.session.why_not(label)
        self.why.value = why_html(refusal, describe(self.game, str(label), self.lang), self.lang)
        if refusal is not None:
            self.show_rule(refusal.rule, clear_why=False)
        return refusal

    @batched
    def step(self) -> str:
        """One automatic step or one bot decision; a human seat is asked to choose
        (the Step button is disabled then, and says why)."""
        done = self.session.step()
        if done == "human":
            self.why.value = f'<div class="rk-hint">{step_reason(self.session, self.lang)}</div>'
        elif done == "over":
            self.why.value = f'<div class="rk-hint">{t("game_over", self.lang)}</div>'
        else:
            self.why.value = ""
            if done == "bot" and self.controls.autoplay:
                self.session.run_bots()
        self.refresh()
        return done

    @batched
    def undo(self) -> State:
        """Take back the last decision of a human seat, with the automatic steps and bot
        moves after it: the same seat is to move again. The slider still goes step by step."""
        self.pause()
        if not self.session.undo_decision():
            self.why.value = f'<div class="rk-hint">{t("nothing_to_undo", self.lang)}</div>'
            return self.state
        self.why.value = ""
        self.refresh()
        return self.state

    @batched
    def redo(self) -> State:
        """Replay the decision Undo took back, and the steps after it."""
        if not self.session.redo_decision():
            self.why.value = f'<div class="rk-hint">{t("nothing_to_redo", self.lang)}</div>'
            return self.state
        self.why.value = ""
        self.refresh()
        return self.state

    @batched
    def jump(self, index: int) -> State:
        """Go to step ``index`` of the timeline (negative counts from the end)."""
        self.timeline.jump(index)
        self.refresh()
        return self.state

    @batched
    def play(self, n: int = 10) -> int:
        """Play ``n`` steps with bots (human seats by the game's stand-in, ``agents.stand_in_spec``)."""
        done = self.session.play(n)
        self.refresh()
        return done

    @batched
    def play_to_end(self) -> int:
        """Bots play on to the game's printed end (human seats by the game's stand-in bots)."""
        done = self.session.play_to_end()
        self.refresh()
        return done

    @batched
    def reset(self, seed: int | None = None) -> State:
        """A new game with ``seed`` (the next seed by default), same seats."""
        self.pause()
        self.session.reset(seed)
        self.why.value = ""
        self.controls.seed = self.session.seed
        if self.controls.autoplay:
            self.session.run_bots()
        self.refresh()
        return self.state

    @batched
    def set_seat(self, seat: int, kind: str) -> None:
        """Let ``"human"`` or an agent play ``seat``."""
        self.session.set_seat(seat, kind)
        self.controls.seats = list(self.session.seats)
        if self.controls.autoplay:
            self.session.run_bots()
        self.refresh()

    @batched
    def set_autoplay(self, on: bool) -> None:
        """Let bots and automatic steps run by themselves after each human decision."""
        self.controls.autoplay = bool(on)
        if on:
            self.session.run_bots()
        self.refresh()

    @batched
    def set_view(self, seat: int | None) -> None:
        """Show the board and inspector as ``seat`` sees them (None: everything)."""
        if seat is not None and not 0 <= seat < self.session.players:
            raise ValueError(f"seat must be in 0..{self.session.players - 1} or None, got {seat!r}")
        self.view_seat = seat
        self.inspector.view = -1 if seat is None else seat
        self.refresh()

    @batched
    def set_lang(self, lang: str) -> None:
        """Switch every text (UI, rules, events, phases) to ``"en"`` or ``"de"``."""
        self.lang = check_lang(lang)
        self._relabel()
        if self._rule_shown is not None:
            kind, key = self._rule_shown
            self.show_phase(key) if kind == "phase" else self.show_rule(key, clear_why=False)
        else:
            self.rule.value = self._rule_empty()
        self.why.value = ""
        self.refresh()
        page_lang.switched(self, self.lang)  # every other table of the page follows

    def _rule_empty(self) -> str:
        return (
            f'<h4 class="rk-panel-title">{t("rules_title", self.lang)}</h4>'
            f'<div class="rk-rule-empty">{t("rule_empty", self.lang)}</div>'
        )

    def show_rule(self, rule_id: str, clear_why: bool = True) -> str:
        """Show a rule's text and seed lines in the rule panel."""
        self.rule.value = f'<h4 class="rk-panel-title">{t("rules_title", self.lang)}</h4>' + rule_html(
            self.game, rule_id, self.lang
        )
        self._rule_shown = ("rule", rule_id)
        if clear_why:
            self.why.value = ""
        return self.rule.value

    def show_phase(self, phase: str) -> str:
        """Show a phase's rules in the rule panel (what a click on the graph does)."""
        if phase not in self.game.phases:
            raise ValueError(f"unknown phase {phase!r}; phases: {', '.join(self.game.phases)}")
        self.phases.selected = phase
        self.rule.value = f'<h4 class="rk-panel-title">{t("rules_title", self.lang)}</h4>' + phase_html(
            self.game, phase, self.lang
        )
        self._rule_shown = ("phase", phase)
        return self.rule.value

    # -- drawing -------------------------------------------------------------------

    @batched
    def refresh(self) -> None:
        """Redraw every part from the current state."""
        s, lang, tl, game = self.state, self.lang, self.timeline, self.game
        c = self.controls
        with c.hold_sync():
            c.status = status_text(self.session, lang)
            c.last = len(tl) - 1
            c.cursor = tl.cursor
            c.can_undo = tl.can_undo
            c.can_redo = tl.can_redo
            c.step_why = step_reason(self.session, lang)
        self.status.value = status_html(self.session, lang, self.view_seat)
        self.board.show(s, self.view_seat, lang, active=self.driving())
        self.board.announce = announcement(self.session, lang, self.view_seat)  # the live region (issue 27)
        legal = [(str(a), describe(game, str(a), lang)) for a in s.legal_actions()]
        greyed = [(str(a), describe(game, str(a), lang)) for a in previous_choices(self.session)]
        names = {kind: group_name(game, kind, lang) for kind in {label.split()[0] for label, _ in legal}}
        self.actions.set_actions(legal, greyed, names, t("earlier_title", lang))
        self.end.value = end_html(s, lang)
        with self.phases.hold_sync():
            self.phases.current = s.phase
            self.phases.before = came_from(self.session) or ""
            self.phases.visited = self._visited.upto(tl)
            self.phases.last = last_edge(tl)
        before = self._view(tl[tl.cursor - 1]) if tl.cursor > 0 else None
        with self.inspector.hold_sync():
            self.inspector.title = "view" if self.view_seat is None else f"view({self.view_seat})"
            self.inspector.show(self._view(s), before)
        self.board.trail = lifeline.trail(self.session, self.slot, lang, self.view_seat, c.autoplay)
        rows, note = log_rows(self.session, lang, self.view_seat)
        with self.event_log.hold_sync():
            self.event_log.rows, self.event_log.note = rows, note
        self._refresh_extras()

    def driving(self) -> bool:
        """True when the table waits for the human seat it is driving: only then is the board clickable.

        The seat to move must be human and, unless the table shows everything
        (teacher view), be the seat whose view it shows.
        """
        s = self.state
        if not self.session.human_to_move():
            return False
        return self.view_seat is None or self.view_seat == s.to_move

    def _view(self, state: State) -> dict:
        """``state.view(view_seat)``, remembered for the last few states (a step needs two)."""
        key = (id(state), self.view_seat)
        hit = self._views.get(key)
        if hit is None or hit[0] is not state:
            if len(self._views) > 8:
                self._views.clear()
            hit = self._views[key] = (state, state.view(self.view_seat))
        return hit[1]

    @batched
    def restore(self, trail: dict) -> bool:
        """Put back the game of a trail the browser kept when this page's kernel died (``lifeline``):
        same game, seats, options and every step, at the same step, language, view and autoplay.
        A trail that does not fit this table is refused with the reason shown; nothing changes then."""
        try:
            session, settings = lifeline.replay(trail, self.game.id, self.session.players)
        except RulekitError as err:
            self.why.value = f'<div class="rk-hint">{t("restore_refused", self.lang, why=html.escape(str(err)))}</div>'
            return False
        self.pause()
        self.session = session
        self._visited, self._views = VisitedCache(), {}
        self.view_seat = settings["view"]
        with self.controls.hold_sync():
            self.controls.seed, self.controls.seats = session.seed, list(session.seats)
            self.controls.autoplay = settings["autoplay"]
        if settings["lang"] != self.lang:
            self.set_lang(settings["lang"])
        self._relabel()
        self.refresh()
        self.why.value = f'<div class="rk-hint">{t("restored", self.lang, step=session.cursor)}</div>'
        return True

    def share(self, server: str | None = None, token: str | None = None, start: bool = True):
        """Put this game in a room of a running ``rulekit dashboard`` so students join from their devices.

        Returns the room's card (join code, QR code, links); see docs/rooms.md.
        """
        from .share import share_session

        return share_session(self.session, server, token, self.lang, start)

    def __repr__(self) -> str:
        s = self.state
        who = "over" if s.is_over else ("auto" if s.automatic else f"seat {s.to_move}")
        return (
            f"<Table {self.game.id} players={self.session.players} seed={self.session.seed} "
            f"step {self.timeline.cursor}/{len(self.timeline) - 1} phase={s.phase} {who} lang={self.lang}>"
        )
