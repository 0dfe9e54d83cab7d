"""A grading session: one trusted process grading many submissions of one lesson.

``grade()`` in ``engine`` pays for everything once per submission: starting Python,
importing numpy and pytest, configuring pytest and collecting the suite, and starting a
worker that imports numpy. A session pays for the trusted part once (one pytest session,
see ``suite_session``) and forks each worker from a warm template (``forkserver``). Every
submission still gets fresh worker processes of its own, so nothing a submission does
reaches the next one; only trusted state is shared.
"""

from __future__ import annotations

from pathlib import Path

from grader import sandbox
from grader.course import Course
from grader.engine import grade, worker_limits
from grader.result import Report


class GradingSession:
    """Grade submissions one after another with shared trusted state; use as a context manager."""

    def __init__(self, lesson: str, course: Course, solutions: str | Path | None = None):
        from grader.forkserver import ForkServer
        from grader.suite import load_reference
        from grader.suite_session import SuiteSession

        self.course = course
        self.lesson = course.lesson(lesson)
        self.solutions = Path(solutions) if solutions else course.solutions_dir(self.lesson)
        self._forks = ForkServer(sandbox.current(), worker_limits(self.lesson))
        self._forks.start()  # boots beside the pytest import and collection below
        reference = load_reference(self.solutions / self.lesson.module, self.lesson)
        self._suite = SuiteSession(self.lesson, reference)

    def grade(self, submission: str | Path) -> Report:
        """The same Report ``engine.grade`` gives for this submission (the same scores, always)."""
        return grade(submission, lesson=self.lesson, course=self.course, solutions=self.solutions,
                     launcher=self._forks.spawn, run_checks=lambda lesson, student: self._suite.run(student),
                     scratch=self._forks.staging)

    def close(self) -> None:
        self._suite.close()
        self._forks.close()

    def __enter__(self) -> "GradingSession":
        return self

    def __exit__(self, *exc) -> None:
        self.close()
