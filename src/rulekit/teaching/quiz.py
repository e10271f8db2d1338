"""Predict the next step: multiple-choice questions the engine answers.

Before an automatic step or a bot's move, the table hides the outcome and
asks what will happen. Every question is built from the real next state,
so it has exactly one right answer, and the reveal shows the events with
their rule ids.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..engine import Dice, Event, State

__all__ = ["Question", "QuizSession", "predict"]


@dataclass(frozen=True)
class Question:
    """One multiple-choice question with its engine-confirmed answer."""

    kind: str
    text: str
    text_de: str
    choices: tuple[str, ...]
    answer: int
    outcome: State
    events: tuple[Event, ...]

    def text_in(self, lang: str = "en") -> str:
        return self.text_de if lang == "de" else self.text


def predict(state: State, outcome: State, seed: int = 0) -> list[Question]:
    """Questions about going from ``state`` to ``outcome`` (next phase, scores, rule)."""
    dice = Dice(seed)
    events = outcome.events
    # "which phase comes next?" only when the phase changes: otherwise its answer is already on screen
    questions = [_next_phase(state, outcome, events, dice)] if outcome.phase != state.phase else []
    changed = [i for i, (a, b) in enumerate(zip(state.scores, outcome.scores, strict=True)) if a != b]
    if changed:
        questions.append(_points(state, outcome, events, changed[0], dice))
    if events:
        questions.append(_which_rule(state, outcome, events, dice))
    return questions


def _shuffled(right: str, wrong: list[str], dice: Dice) -> tuple[tuple[str, ...], int]:
    choices = dice.shuffle([right, *dict.fromkeys(w for w in wrong if w != right)])
    return choices, choices.index(right)


def _next_phase(state: State, outcome: State, events: tuple, dice: Dice) -> Question:
    game = state.game
    names = {p.id: p.name for p in game.phases.values()}
    right = outcome.phase
    wrong = [p for p in (state.phase, *game.phases[state.phase].next) if p in names] if state.phase in names else []
    if len(set(wrong) - {right}) < 2:
        wrong += [p for p in names if p != right][:3]
    choices, answer = _shuffled(right, wrong[:4], dice)
    return Question(
        "phase",
        "Which phase comes next?",
        "Welche Phase kommt als Nächstes?",
        choices,
        answer,
        outcome,
        events,
    )


def _points(state: State, outcome: State, events: tuple, seat: int, dice: Dice) -> Question:
    right = outcome.scores[seat]
    before = state.scores[seat]
    wrong = [before, right + 1, right - 1, right + 2]
    choices, answer = _shuffled(str(right), [str(w) for w in wrong if w >= 0], dice)
    return Question(
        "points",
        f"How many points will P{seat + 1} have afterwards?",
        f"Wie viele Punkte hat P{seat + 1} danach?",
        choices,
        answer,
        outcome,
        events,
    )


def _which_rule(state: State, outcome: State, events: tuple, dice: Dice) -> Question:
    cited = {e.rule for e in events}
    right = events[0].rule
    phase = state.game.phases.get(state.phase)
    # rules of the current phase first: the most plausible wrong answers
    pool = [rid for rid in (*(phase.rules if phase else ()), *state.game.rules) if rid not in cited]
    wrong = list(dice.shuffle(list(dict.fromkeys(pool))[:8]))
    choices, answer = _shuffled(right, wrong[:3], dice)
    return Question(
        "rule",
        "Which rule will apply first?",
        "Welche Regel greift zuerst?",
        choices,
        answer,
        outcome,
        events,
    )


@dataclass
class QuizSession:
    """A learner's running score in quiz mode."""

    asked: int = 0
    right: int = 0
    history: list[tuple[str, bool]] = field(default_factory=list)

    def answer(self, question: Question, choice: int) -> bool:
        """Record an answer; True when it matches the engine's outcome."""
        if not 0 <= choice < len(question.choices):
            raise ValueError(f"choice must be 0..{len(question.choices) - 1}, got {choice}")
        ok = choice == question.answer
        self.asked += 1
        self.right += ok
        self.history.append((question.kind, ok))
        return ok

    @property
    def score(self) -> str:
        return f"{self.right}/{self.asked}"

    def to_dict(self) -> dict:
        """The score as plain data (saved with a class's progress)."""
        return {"asked": self.asked, "right": self.right, "history": [list(h) for h in self.history]}

    @classmethod
    def from_dict(cls, doc: dict) -> QuizSession:
        asked, right = int(doc.get("asked", 0)), int(doc.get("right", 0))
        if not 0 <= right <= asked:
            raise ValueError(f"a quiz score needs 0 <= right <= asked, got {right}/{asked}")
        return cls(asked, right, [(str(k), bool(ok)) for k, ok in doc.get("history", [])])
