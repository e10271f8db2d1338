"""Guided lessons: a seeded game, tasks on the real board, rule-cited feedback.

A lesson is data, a TOML file in ``games/<id>/lessons/``::

    id = "first_summon"
    title = "Your first summon"       # and title_de
    players = 2
    seed = 3
    before = ["..."]                  # actions played before the first task
    [[step]]
    task = "..."                      # and task_de, hint, hint_de
    rules = ["RS-071"]                # what the step teaches
    accept = ["summon 12"]            # kind "action": the labels that solve it
    then = ["..."]                    # actions played after it (other seats)
    [[step]]
    kind = "choice"                   # which of these is allowed now?
    choices = ["summon 12", "forge 1"]  # action labels; exactly one is legal

Answers are checked by the engine: an illegal try shows the IllegalAction
reason and its rule, a legal try that is not the task shows the hint and
the text of the rules the step teaches. A run saves as JSON to resume.
"""

from __future__ import annotations

import json
import re
import tomllib
from dataclasses import dataclass, field
from importlib import resources

from ..engine import Action, Game, IllegalAction, RulekitError, State, Timeline

__all__ = ["Feedback", "Lesson", "LessonRun", "LessonStep", "giveaways", "lessons"]


@dataclass(frozen=True)
class LessonStep:
    task: str
    task_de: str
    rules: tuple[str, ...]
    kind: str = "action"
    accept: tuple[str, ...] = ()
    choices: tuple[str, ...] = ()
    hint: str = ""
    hint_de: str = ""
    then: tuple[str, ...] = ()

    def task_in(self, lang: str = "en") -> str:
        return self.task_de if lang == "de" else self.task

    def hint_in(self, lang: str = "en") -> str:
        return (self.hint_de or self.hint) if lang == "de" else self.hint


@dataclass(frozen=True)
class Lesson:
    id: str
    game: Game
    title: str
    title_de: str
    players: int
    seed: int
    steps: tuple[LessonStep, ...]
    options: dict = field(default_factory=dict)
    before: tuple[str, ...] = ()

    @classmethod
    def from_dict(cls, game: Game, doc: dict) -> Lesson:
        steps = tuple(
            LessonStep(
                task=s["task"],
                task_de=s.get("task_de", s["task"]),
                rules=tuple(s.get("rules", ())),
                kind=s.get("kind", "action"),
                accept=tuple(s.get("accept", ())),
                choices=tuple(s.get("choices", ())),
                hint=s.get("hint", ""),
                hint_de=s.get("hint_de", ""),
                then=tuple(s.get("then", ())),
            )
            for s in doc["step"]
        )
        return cls(
            id=doc["id"],
            game=game,
            title=doc["title"],
            title_de=doc.get("title_de", doc["title"]),
            players=doc["players"],
            seed=doc["seed"],
            steps=steps,
            options=doc.get("options", {}),
            before=tuple(doc.get("before", ())),
        )

    def title_in(self, lang: str = "en") -> str:
        return self.title_de if lang == "de" else self.title

    def start(self) -> State:
        """The state where the first task begins."""
        state = self.game.new(players=self.players, seed=self.seed, **self.options)
        for label in self.before:
            state = state.apply(label)
        return state


def lessons(game: Game) -> dict[str, Lesson]:
    """The lessons shipped with ``game`` (``games/<id>/lessons/*.toml``), by id."""
    folder = resources.files(game._package).joinpath("lessons")
    if not folder.is_dir():
        return {}
    out = {}
    for entry in sorted(folder.iterdir(), key=lambda e: e.name):
        if entry.name.endswith(".toml"):
            lesson = Lesson.from_dict(game, tomllib.loads(entry.read_text(encoding="utf-8")))
            out[lesson.id] = lesson
    return out


@dataclass(frozen=True)
class Feedback:
    """The answer to one try: right or not, why, and the rule behind it."""

    ok: bool
    text: str
    text_de: str
    rule: str = ""

    def text_in(self, lang: str = "en") -> str:
        return self.text_de if lang == "de" else self.text


class LessonRun:
    """One learner working through a lesson; restartable and resumable."""

    def __init__(self, lesson: Lesson):
        self.lesson = lesson
        self.restart()

    def restart(self) -> None:
        self.timeline = Timeline(self.lesson.start())
        self.index = 0
        self.mistakes = 0
        self.answers: list[str] = []

    @property
    def state(self) -> State:
        return self.timeline.state

    @property
    def step(self) -> LessonStep | None:
        return self.lesson.steps[self.index] if not self.done else None

    @property
    def done(self) -> bool:
        return self.index >= len(self.lesson.steps)

    def options(self) -> list[str]:
        """What the learner can pick now: the choices, or the legal action labels."""
        step = self.step
        if step is None:
            return []
        return list(step.choices) if step.kind == "choice" else [str(a) for a in self.state.legal_actions()]

    def answer(self, label: str) -> Feedback:
        """Check a try against the engine; a right one moves the lesson on."""
        step = self.step
        if step is None:
            return Feedback(True, "The lesson is complete.", "Die Lektion ist geschafft.")
        try:
            action = Action.parse(label)
        except ValueError as err:
            return self._wrong(f"Not understood: {err}", f"Nicht verstanden: {err}", "")
        if step.kind == "choice" and label not in step.choices:
            return self._wrong("Pick one of the offered answers.", "Wähle eine der angebotenen Antworten.", "")
        try:
            after = self.state.apply(action)
        except IllegalAction as err:
            return self._wrong(err.text("en"), err.text("de"), err.rule)
        if step.kind == "action" and label not in step.accept:
            # said once: the hint in words; the rule it teaches is shown beside it by the view, not repeated here
            return self._wrong(
                f"That move is allowed, but it is not the task. {step.hint}".strip(),
                f"Dieser Zug ist erlaubt, löst aber die Aufgabe nicht. {step.hint_in('de')}".strip(),
                step.rules[0] if step.rules else "",
            )
        self._advance(label, after)
        rule = (
            step.rules[0]
            if step.rules
            else next((e.rule for e in after.events if e.rule in self.lesson.game.rules), "")
        )
        known = self.lesson.game.rules.get(rule)
        if known is None:
            return Feedback(True, "Right!", "Richtig!", rule)
        return Feedback(True, f"Right! The rule: {known.text}", f"Richtig! Die Regel: {known.text_de}", rule)

    def _wrong(self, en: str, de: str, rule: str) -> Feedback:
        self.mistakes += 1
        return Feedback(False, en, de, rule)

    def _advance(self, label: str, after: State) -> None:
        self.timeline.play(label)
        self.timeline.settle()
        for then in self.step.then:
            self.timeline.play(then)
            self.timeline.settle()
        self.answers.append(label)
        self.index += 1

    def to_json(self) -> str:
        """The run as JSON (lesson id and right answers) to resume later."""
        return json.dumps(
            {"game": self.lesson.game.id, "lesson": self.lesson.id, "answers": self.answers, "mistakes": self.mistakes}
        )

    @classmethod
    def resume(cls, lesson: Lesson, text: str) -> LessonRun:
        """Continue a saved run; a save of another lesson is refused clearly."""
        doc = json.loads(text)
        if doc.get("lesson") != lesson.id or doc.get("game") != lesson.game.id:
            raise RulekitError(f"this progress belongs to lesson {doc.get('lesson')!r}, not {lesson.id!r}")
        run = cls(lesson)
        for label in doc.get("answers", []):
            if not run.answer(label).ok:
                raise RulekitError(f"saved answer {label!r} no longer solves its step")
        run.mistakes = int(doc.get("mistakes", 0))
        return run


def validate(lesson: Lesson) -> list[str]:
    """Problems of a lesson against the engine (empty when it is sound).

    Every accepted action must be legal where its step starts and its events
    must cite a rule the step claims to teach; a choice step must have
    exactly one legal choice; ``then`` actions must be legal.
    """
    problems = []
    try:
        run = LessonRun(lesson)
    except (RulekitError, ValueError) as err:
        return [f"setup: {err}"]
    for i, step in enumerate(lesson.steps, 1):
        unknown = [r for r in step.rules if r not in lesson.game.rules]
        if unknown or not step.rules:
            problems.append(f"step {i}: teaches unknown or no rules {unknown}")
        candidates = step.accept if step.kind == "action" else step.choices
        legal = [c for c in candidates if _is_legal(run.state, c)]
        if step.kind == "choice" and len(legal) != 1:
            problems.append(f"step {i}: {len(legal)} of the choices are legal, expected exactly one")
        if step.kind == "action" and legal != list(candidates):
            problems.append(f"step {i}: accepted actions not legal: {sorted(set(candidates) - set(legal))}")
        if not legal:
            break
        cited = {e.rule for e in run.state.apply(legal[0]).events}
        cited |= {_refusal_rule(run.state, c) for c in candidates if c not in legal}
        if not cited:  # a silent step (e.g. one card added to a sealed bid) teaches its phase's rules
            cited = _phase_rules(lesson.game, run.state.phase)
        if not cited & set(step.rules):
            problems.append(f"step {i}: {legal[0]} cites {sorted(cited)}, none of {list(step.rules)}")
        try:
            feedback = run.answer(legal[0])
        except IllegalAction as err:
            problems.append(f"step {i}: a 'then' action is not legal: {err}")
            break
        if not feedback.ok:
            problems.append(f"step {i}: the accepted answer was refused: {feedback.text}")
            break
    return problems


def _phase_rules(game: Game, phase: str) -> set[str]:
    declared = set(game.phases[phase].rules) if phase in game.phases else set()
    return declared | {rid for rid, rule in game.rules.items() if rule.phase == phase}


def _refusal_rule(state: State, label: str) -> str:
    try:
        state.apply(label)
    except IllegalAction as err:
        return err.rule
    except ValueError:
        pass
    return ""


def _is_legal(state: State, label: str) -> bool:
    try:
        state.apply(label)
    except (IllegalAction, ValueError):
        return False
    return True


def giveaways(lesson: Lesson) -> list[str]:
    """Tasks that pose a question and then state its answer (``"...: summon."``).

    A task may direct the learner ("Pick blue"), but one that asks for the
    right move and names it after a colon leaves nothing to find out. Checked
    in both languages against each accepted label's words (its arguments).
    """
    found = []
    for n, step in enumerate(lesson.steps, start=1):
        answers = step.accept if step.kind == "action" else ()
        for label in answers:
            try:
                action = Action.parse(label)
            except ValueError:
                continue
            words = " ".join(str(a) for a in action.args) or action.kind
            tail = re.compile(rf":\s*{re.escape(words)}\s*[.!]?\s*$", re.IGNORECASE)
            for lang, task in (("en", step.task), ("de", step.task_de)):
                if tail.search(task.strip()):
                    found.append(f"{lesson.game.id}/{lesson.id} step {n} ({lang}) names its answer {label!r}: {task!r}")
    return found
