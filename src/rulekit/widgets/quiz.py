"""``QuizPanel``: predict the next step of the game on a ``Table``.

Before an automatic step or a bot's move the panel hides the outcome and
asks a multiple-choice question built from the engine (which phase comes
next, how many points, which rule applies). The answer reveals the step
on the table with its events and rule ids; a score is kept.
"""

from __future__ import annotations

from html import escape

import ipywidgets as w

from ..engine import Action
from ..teaching import Question, QuizSession, predict
from .i18n import t
from .table import Table

__all__ = ["QuizPanel"]


class QuizPanel(w.VBox):
    """Questions about the next step of ``table``'s game."""

    def __init__(self, table: Table):
        self.table = table
        self.session = QuizSession()
        self.question: Question | None = None
        self._move: Action | None = None
        self.ask_button = w.Button(icon="question", layout=w.Layout(width="auto"))  # never cut, in any language
        self.ask_button.add_class("rk-quiz-ask")
        self.ask_button.on_click(lambda _: self.ask())
        self.text = w.HTML()
        self.text.add_class("rk-quiz-question")
        self.buttons = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self.result = w.HTML()
        self.result.add_class("rk-quiz-result")
        self.score = w.HTML()
        self.score.add_class("rk-quiz-score")
        super().__init__([w.HBox([self.ask_button, self.score]), self.text, self.buttons, self.result])
        self.add_class("rk-quiz")
        self._relabel()

    @property
    def lang(self) -> str:
        return self.table.lang

    def ask(self) -> Question | None:
        """Hide the next step's outcome and ask about it (None if a human must decide)."""
        session = self.table.session
        state = session.state
        self.result.value = ""
        if state.is_over or (not state.automatic and session.agent(state.to_move) is None):
            key = "game_over" if state.is_over else "quiz_human"
            self.text.value = f'<div class="rk-hint">{escape(t(key, self.lang))}</div>'
            self.buttons.children = ()
            self.question = None
            return None
        questions, outcome = self._next_question()
        if not questions:  # the game went on to a human or to its end without anything to ask
            return self.ask()
        self.question = questions[self.session.asked % len(questions)]
        self.text.value = f"<b>{escape(self.question.text_in(self.lang))}</b>"
        self.buttons.children = [self._choice_button(i, c) for i, c in enumerate(self.question.choices)]
        return self.question

    def _next_question(self) -> tuple[list[Question], object]:
        """The questions about the next step that has something to ask; steps with nothing to ask
        (the phase stays, no points, no events) are played on the table on the way."""
        session, quiet = self.table.session, 0
        while True:
            state = session.state
            if state.is_over or (not state.automatic and session.agent(state.to_move) is None):
                if quiet:
                    self.table.refresh()
                return [], None
            if state.automatic:
                self._move, outcome = None, state.advance()
            else:
                self._move = session.agent(state.to_move).choose(state)
                outcome = state.apply(self._move, settle=False)
            questions = predict(state, outcome, seed=state.step)
            if questions or quiet >= 500:
                if quiet:
                    self.table.refresh()
                return questions, outcome
            if self._move is None:
                self.table.timeline.advance()
            else:
                self.table.timeline.play(self._move)
            quiet += 1

    def _choice_button(self, index: int, text: str) -> w.Button:
        # the whole text, wrapped (rk-quiz-choice in rulekit.css): a choice is never cut
        label = self._choice_text(text)
        button = w.Button(description=label, tooltip=label, layout=w.Layout(height="auto", width="auto"))
        button.add_class("rk-quiz-choice")
        button.on_click(lambda _: self.answer(index))
        return button

    def _choice_text(self, choice: str) -> str:
        """A choice in words: a phase by its name, a rule by its text (the id after it)."""
        game = self.table.game
        kind = self.question.kind if self.question else ""
        if kind == "phase" and choice in game.phases:
            return game.phases[choice].name_in(self.lang)
        if kind == "rule" and choice in game.rules:
            return f"{game.rules[choice].text_in(self.lang)} ({choice})"
        return choice

    def answer(self, index: int) -> bool:
        """Answer the open question; the step is then played on the table."""
        if self.question is None:
            raise ValueError("no open question: ask first")
        q = self.question
        right = self._choice_text(q.choices[q.answer])
        ok = self.session.answer(q, index)
        tl = self.table.timeline
        if self._move is None:
            tl.advance()
        else:
            tl.play(self._move)
        self.table.refresh()
        verdict = t("quiz_right" if ok else "quiz_wrong", self.lang, answer=right)
        events = "".join(
            f'<li><button class="rk-rule-id" disabled>{escape(e.rule)}</button>{escape(e.text_in(self.lang))}</li>'
            for e in q.events
        )
        css = "rk-why-ok" if ok else "rk-why-box"
        self.result.value = f'<div class="{css}">{escape(verdict)}</div><ul class="rk-quiz-events">{events}</ul>'
        self.question, self.buttons.children = None, ()
        self._relabel()
        return ok

    def _relabel(self) -> None:
        self.ask_button.description = t("quiz_ask", self.lang)
        self.score.value = f"<span>{escape(t('quiz_score', self.lang, score=self.session.score))}</span>"

    def __repr__(self) -> str:
        return f"<QuizPanel score {self.session.score}>"
