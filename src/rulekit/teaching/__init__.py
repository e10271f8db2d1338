"""Teaching: guided lessons, predict-the-next-step quizzes, rules fired.

Pure Python over the engine contract; the widgets in ``rulekit.widgets``
put these on the table.
"""

from .fired import RulesFired, rules_fired
from .lessons import Feedback, Lesson, LessonRun, LessonStep, giveaways, lessons, validate
from .quiz import Question, QuizSession, predict

__all__ = [
    "Feedback",
    "Lesson",
    "LessonRun",
    "LessonStep",
    "Question",
    "QuizSession",
    "RulesFired",
    "giveaways",
    "lessons",
    "predict",
    "rules_fired",
    "validate",
]
