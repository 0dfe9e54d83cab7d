"""A grading session: one trusted process grading many submissions of one lesson.

``engine.grade()`` pays for everything once per submission: starting Python, importing
numpy and pytest, configuring pytest and collecting the suite, and starting a worker that
imports numpy. A session pays for the trusted part once and forks each worker from a warm
template (``grader.sandbox.forkserver``). Every submission still gets fresh worker
processes of its own, so nothing a submission does reaches the next one; only trusted
state is shared.

Collecting a lesson's checks costs about as much as running them, so the session collects
them once: without pytest where the suite allows (``grader.grading.collect``, as a single grade
does: then pytest is not even imported), running them in this thread for one submission after
another (``_DirectSuite``); else with one pytest run kept alive in a thread of its own
(``suite_thread.SuiteThread``). Either way each check's fixtures are made afresh for every
submission, as in a single run, so results are the same as grading one by one. ("Session" here
always means this ``GradingSession``; pytest's own session object is pytest's.)

Before the first submission, the fork server grades the grader's canary (``sandbox.canary``):
a sandbox that cannot run it is replaced by the next that can (every report says so), or the
session does not start (SandboxFailed). Proved once, a later worker that cannot start is the
grader's fault for that submission (SandboxFailed, a batch's ``error`` row), never a zero.
"""

from __future__ import annotations

import itertools
import sys
from pathlib import Path

from grader.exceptions import CanaryFailed
from grader.grading import collect
from grader.grading.engine import grade, worker_limits
from grader.grading.reference import load_reference, require_reference
from grader.grading.runner import Checks, wiring_problems
from grader.lesson.course import Course
from grader.lesson.manifest import Lesson
from grader.lesson.solutions import resolve_solutions
from grader.result import Report
from grader.sandbox import canary, confine
from grader.sandbox.forkserver import ForkServer
from grader.sandbox.proxy import StudentModule


class GradingSession:
    """Grade submissions one after another with shared trusted state; use as a context manager."""

    def __init__(self, lesson: str, course: Course, solutions: str | Path | None = None):
        self.course = course
        self.lesson = course.lesson(lesson)
        self.solutions = resolve_solutions(course, self.lesson, solutions)
        require_reference(self.lesson, self.solutions)  # before any process starts: no check without its truth
        self._forks = self._fork_server(canary.sandbox())  # boots beside the pytest import and collection below
        try:
            self._reference = reference = load_reference(self.solutions / self.lesson.module, self.lesson)
            self._suite = _DirectSuite.start(self.lesson, reference) or _pytest_suite(self.lesson, reference)
        except BaseException:
            self._forks.close()
            raise
        try:
            self._prove()
            # the caller's own code parses too (a test materialising a mutant, a batch reading the next
            # submission): nothing of the caller's runs until collection is over (see wait_collected)
            self._suite.wait_collected()
        except BaseException:
            self.close()
            raise

    def _fork_server(self, box: confine.Sandbox) -> ForkServer:
        forks = ForkServer(box, worker_limits(self.lesson, box))
        forks.start()
        return forks

    def _prove(self) -> None:
        """Grade the canary through the fork server; on failure, a fork server in the sandbox the
        canary falls back to (SandboxFailed when there is none)."""
        for attempt in itertools.count():
            forks = self._forks
            try:
                canary.run(forks.spawn, forks.staging / f"canary-{attempt}", forks.box, forks.limits,
                           self.lesson.import_seconds)
            except CanaryFailed as failure:
                forks.close()
                self._forks = self._fork_server(canary.failed(forks.box, failure))
                continue
            canary.passed(forks.box)
            return

    def grade(self, submission: str | Path, student: str | None = None, variants=()) -> Report:
        """The same Report ``engine.grade`` gives for this submission (the same scores, always); ``student``:
        the id whose own numbers it is graded with, ``variants``: validate's (``engine.grade``)."""
        self._suite.wait_collected()

        def run_checks(lesson, module, variants=(), per_variant=None):
            results, found = self._suite.run(module, lesson.variant, variants)
            if per_variant is not None:
                per_variant.extend(found)
            return results
        return grade(submission, lesson=self.lesson, course=self.course, solutions=self.solutions,
                     launcher=self._forks.spawn, run_checks=run_checks, scratch=self._forks.staging,
                     student=student, reference=self._reference, variants=variants)

    def close(self) -> None:
        self._suite.close()
        self._forks.close()

    def __enter__(self) -> GradingSession:
        return self

    def __exit__(self, *exc) -> None:
        self.close()


def _pytest_suite(lesson: Lesson, reference):
    from grader.grading.suite_thread import SuiteThread  # imports pytest: only a suite that needs it pays

    return SuiteThread(lesson, reference)


class _DirectSuite:
    """The lesson's checks collected without pytest, run in the session's own thread for one submission
    after another, as ``suite_thread.SuiteThread`` runs them in pytest's loop: one ``runner.Checks`` (its
    models' answers cached for the whole session), each submission's student and results its own."""

    def __init__(self, lesson: Lesson, checks: Checks, items: list, imported: list[str]):
        self.lesson, self._checks, self._items, self._imported = lesson, checks, items, imported

    @classmethod
    def start(cls, lesson: Lesson, reference) -> _DirectSuite | None:
        """The suite collected without pytest; None where pytest must collect it (it words the problems too)."""
        imported: list[str] = []
        items = collect.direct_checks(lesson, imported)
        checks = Checks(lesson, None, reference) if items is not None else None
        kept = checks.lesson_checks(items) if checks is not None else []
        if checks is None or checks.problems:
            for name in imported:
                sys.modules.pop(name, None)
            return None
        return cls(lesson, checks, kept, imported)

    def wait_collected(self) -> None:
        """Collected already, in this thread (``SuiteThread``'s wait, for the parse it guards against)."""

    def run(self, student: StudentModule, variant=None, variants=()) -> tuple[dict, list]:
        """The check results of one submission, per code task, with the student's own numbers ``variant``; and
        the own-number checks' results for each of ``variants`` (``Checks.run_per_variant``)."""
        checks = self._checks
        checks._student, checks.numbers = student, variant
        checks.results = {t.id: [] for t in self.lesson.code_tasks}
        checks.run_items(self._items)
        problem = wiring_problems(self.lesson, checks)
        if problem is not None:
            raise problem
        return checks.results, (checks.run_per_variant(self._items, variants) if variants else [])

    def close(self) -> None:
        for name in self._imported:
            sys.modules.pop(name, None)
