"""A GradingSession's checks run by pytest in a thread of their own, for a suite that needs pytest.

pytest drives its own loop, so it runs in a thread of its own (``SuiteThread``) whose run-test loop
takes one submission at a time from a queue and answers with that submission's check results.
Function-scoped fixtures are set up afresh for every check of every submission, as in a single
run, so results are the same as grading one by one. A suite that needs no more than
``runner.Checks``' fixtures is run without pytest (``grader.grading.session``).
"""

from __future__ import annotations

import queue
import threading

import pytest

from grader.exceptions import ConfigError
from grader.grading.suite import SuitePlugin, check_wiring, invoke_pytest
from grader.lesson.manifest import Lesson
from grader.sandbox.proxy import StudentModule


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


class SuiteThread:
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
