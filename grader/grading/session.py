"""A grading session: one trusted process grading many submissions of one lesson.

``engine.grade()`` pays for everything once per submission: starting Python, importing
numpy and pytest, configuring pytest and collecting the suite, and starting a worker that
imports numpy. A session pays for the trusted part once and forks each worker from a warm
template (``grader.sandbox.forkserver``). Every submission still gets fresh worker
processes of its own, so nothing a submission does reaches the next one; only trusted
state is shared.

Configuring pytest and collecting a lesson's checks costs about as much as running them,
so the session keeps one pytest run alive: pytest drives its own loop, so it runs in a
thread of its own (``_SuiteThread``) whose run-test loop takes one submission at a time
from a queue and answers with that submission's check results. Function-scoped fixtures
are set up afresh for every check of every submission, as in a single run, so results are
the same as grading one by one. ("Session" here always means this ``GradingSession``;
pytest's own session object is pytest's.)

Before the first submission, the fork server grades the grader's canary (``sandbox.canary``):
a sandbox that cannot run it is replaced by the next that can (every report says so), or the
session does not start (SandboxFailed). Proved once, a later worker that cannot start is the
grader's fault for that submission (SandboxFailed, a batch's ``error`` row), never a zero.
"""

from __future__ import annotations

import itertools
import queue
import threading
from pathlib import Path

import pytest

from grader.exceptions import CanaryFailed, ConfigError
from grader.grading.engine import grade, worker_limits
from grader.grading.reference import load_reference, require_reference
from grader.grading.suite import SuitePlugin, check_wiring, invoke_pytest
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
            self._suite = _SuiteThread(self.lesson, reference)
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


class _SessionPlugin(SuitePlugin):
    def __init__(self, lesson: Lesson, reference, requests: queue.Queue, replies: queue.Queue):
        super().__init__(lesson, None, reference)
        self._requests, self._replies = requests, replies
        self.collected = threading.Event()

    @pytest.hookimpl(tryfirst=True)
    def pytest_runtestloop(self, session):
        items = list(session.items)
        self.collected.set()
        while (request := self._requests.get()) is not None:
            self._student, self.numbers, variants = request
            self.results = {t.id: [] for t in self.lesson.code_tasks}
            try:
                self.run_items(items)
                check_wiring(self.lesson, self, pytest.ExitCode.OK)
                self._replies.put((self.results, self.run_per_variant(items, variants) if variants else []))
            except BaseException as exc:  # noqa: BLE001 - handed to the caller, who raises it
                self._replies.put(exc)
        return True


class _SuiteThread:
    """The lesson's checks, run for one submission after another in one pytest session."""

    def __init__(self, lesson: Lesson, reference):
        self.lesson = lesson
        self._requests: queue.Queue = queue.Queue()
        self._replies: queue.Queue = queue.Queue()
        self._plugin = _SessionPlugin(lesson, reference, self._requests, self._replies)
        self._failure: BaseException | None = None
        self._thread = threading.Thread(target=self._main, name="suite-thread", daemon=True)
        self._thread.start()

    def _main(self) -> None:
        try:
            code = invoke_pytest(self.lesson, self._plugin)
            check_wiring(self.lesson, self._plugin, code)  # collection failed before the loop ran
            self._failure = ConfigError(str(self.lesson.suite_dir), f"pytest stopped early (exit code {int(code)})")
        except BaseException as exc:  # noqa: BLE001 - kept for every later run() to raise
            self._failure = exc
        self._plugin.collected.set()
        self._replies.put(self._failure)

    def wait_collected(self) -> None:
        """Return once pytest has collected the suite (or failed to).

        Collection parses the suite's modules while the session's own thread would parse the
        submission's source (``grader.submission``): CPython 3.11 before 3.11.8 keeps the AST
        constructor's recursion depth per interpreter, not per call (gh-106905), so two threads
        parsing at once can make either fail with "AST constructor recursion depth mismatch".
        Once collected, the suite thread runs checks only while the session's thread waits
        for their results, so the two never parse at the same time."""
        self._plugin.collected.wait()

    def run(self, student: StudentModule, variant=None, variants=()) -> tuple[dict, list]:
        """The check results of one submission, per code task, with the student's own numbers ``variant``; and
        the own-number checks' results for each of ``variants`` (``Checks.run_per_variant``)."""
        if self._failure is not None:
            raise self._failure
        self._requests.put((student, variant, tuple(variants)))
        reply = self._replies.get()
        if isinstance(reply, BaseException):
            raise reply
        return reply

    def close(self) -> None:
        if self._thread.is_alive():
            self._requests.put(None)
            self._thread.join(timeout=30)
