"""A grading session: one trusted process grading many submissions of one lesson.

``grade()`` in ``engine`` pays for everything once per submission: starting Python,
importing numpy and pytest, configuring pytest and collecting the suite. A session pays
for those once, which is what makes grading a whole class fast. Every submission still
gets fresh worker processes of its own; only trusted state is shared.
"""

from __future__ import annotations

from pathlib import Path

from grader.course import Course
from grader.engine import grade
from grader.result import Report


class GradingSession:
    """Grade submissions one after another with shared trusted state; use as a context manager."""

    def __init__(self, lesson: str, course: Course, solutions: str | Path | None = None):
        self.lesson = lesson
        self.course = course
        self.solutions = solutions

    def grade(self, submission: str | Path) -> Report:
        """The same Report ``engine.grade`` gives for this submission (the same scores, always)."""
        return grade(submission, lesson=self.lesson, course=self.course, solutions=self.solutions)

    def close(self) -> None:
        pass

    def __enter__(self) -> "GradingSession":
        return self

    def __exit__(self, *exc) -> None:
        self.close()
