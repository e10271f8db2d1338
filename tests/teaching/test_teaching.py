"""Lessons, predict-the-next-step questions and the rules-fired view."""

import pytest

import rulekit
from rulekit.engine import Timeline
from rulekit.teaching import Lesson, LessonRun, QuizSession, lessons, predict, rules_fired, validate

from ..engine.toy import Toy

TOY = Toy()
LESSON = {
    "id": "count",
    "title": "Counting to ten",
    "players": 2,
    "seed": 1,
    "step": [
        {"task": "Add two.", "task_de": "Addiere zwei.", "rules": ["RS-002"], "accept": ["add 2"], "hint": "Two."},
        {"task": "Which move is allowed?", "kind": "choice", "choices": ["add 5", "add 1"], "rules": ["RS-002"]},
    ],
}


def test_lesson_checks_answers_against_the_engine():
    run = LessonRun(Lesson.from_dict(TOY, LESSON))
    wrong = run.answer("add 3")
    assert not wrong.ok and wrong.rule == "RS-002" and run.mistakes == 1 and run.index == 0
    legal_but_not_task = run.answer("add 1")
    assert not legal_but_not_task.ok and "not the task" in legal_but_not_task.text
    # said once: the hint in words; the rule comes with it (the view shows it beside), not pasted into the text
    assert legal_but_not_task.rule == "RS-002" and "text RS-002" not in legal_but_not_task.text
    right = run.answer("add 2")
    assert right.ok and run.index == 1 and run.state.data.total == 2
    assert right.text.startswith("Right! The rule: ") and "Rules applied" not in right.text  # a rule in words
    assert run.options() == ["add 5", "add 1"]
    assert not run.answer("add 5").ok
    assert run.answer("add 1").ok and run.done


def test_lesson_restart_and_resume():
    lesson = Lesson.from_dict(TOY, LESSON)
    run = LessonRun(lesson)
    run.answer("add 2")
    saved = run.to_json()
    again = LessonRun.resume(lesson, saved)
    assert again.index == 1 and again.state == run.state
    run.restart()
    assert run.index == 0 and run.state.data.total == 0


def test_validate_finds_bad_lessons():
    assert validate(Lesson.from_dict(TOY, LESSON)) == []
    bad = {**LESSON, "step": [{**LESSON["step"][0], "accept": ["add 7"]}]}
    assert any("not legal" in p for p in validate(Lesson.from_dict(TOY, bad)))
    two_right = {**LESSON, "step": [{**LESSON["step"][1], "choices": ["add 1", "add 2"]}]}
    assert any("exactly one" in p for p in validate(Lesson.from_dict(TOY, two_right)))


@pytest.mark.parametrize("game_id", rulekit.games(examples=True))
def test_shipped_lessons_are_sound(game_id):
    game = rulekit.load(game_id)
    found = lessons(game)
    for lesson in found.values():
        assert validate(lesson) == [], lesson.id


@pytest.mark.parametrize("seed", range(30))
def test_quiz_questions_have_exactly_one_engine_confirmed_answer(seed):
    state = TOY.new(players=2, seed=seed).apply("add 2", settle=False)
    outcome = state.advance()
    for q in predict(state, outcome, seed=seed):
        assert len(set(q.choices)) == len(q.choices)
        if q.kind == "phase":
            assert [c for c in q.choices if c == outcome.phase] == [q.choices[q.answer]]
        if q.kind == "rule":
            cited = {e.rule for e in outcome.events}
            assert [c for c in q.choices if c in cited] == [q.choices[q.answer]]


def test_quiz_session_keeps_score():
    state = TOY.new(players=2, seed=0).apply("add 1", settle=False)
    q = predict(state, state.advance())[0]
    session = QuizSession()
    assert session.answer(q, q.answer) and not session.answer(q, (q.answer + 1) % len(q.choices))
    assert session.score == "1/2"
    with pytest.raises(ValueError):
        session.answer(q, 99)


def test_rules_fired_counts_cited_rules_by_phase():
    tl = Timeline(TOY.new(players=2, seed=0))
    for _ in range(3):
        tl.play("add 1")
        tl.settle()
    tl.play("add 2")
    tl.undo()  # an undone step has not happened
    fired = rules_fired(TOY, tl.past())
    assert fired.counts["RS-002"] == 3 and "RS-002" in fired.met and "RS-003" in fired.not_yet
    assert fired.phase_heat()["add"] == 3
