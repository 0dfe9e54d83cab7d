"""pytest configured and the suite collected once, then run for one submission after another.

Configuring pytest and collecting a lesson's checks costs about as much as running them;
a grading session pays it once. pytest drives its own loop, so it runs in a thread of its
own whose run-test loop takes one submission at a time from a queue and answers with that
submission's check results. Function-scoped fixtures are set up afresh for every check of
every submission, as in a single run, so results are the same as grading one by one.
"""

from __future__ import annotations

import queue
import threading

import pytest

from grader.exceptions import ConfigError
from grader.isolation import StudentModule
from grader.manifest import Lesson
from grader.suite import SuitePlugin, check_wiring, invoke_pytest


class _SessionPlugin(SuitePlugin):
    def __init__(self, lesson: Lesson, reference, requests: queue.Queue, replies: queue.Queue):
        super().__init__(lesson, None, reference)
        self._requests, self._replies = requests, replies

    @pytest.hookimpl(tryfirst=True)
    def pytest_runtestloop(self, session):
        items = list(session.items)
        while (student := self._requests.get()) is not None:
            self._student = student
            self.results = {t.id: [] for t in self.lesson.code_tasks}
            try:
                self.run_items(items)
                check_wiring(self.lesson, self, pytest.ExitCode.OK)
                self._replies.put(self.results)
            except BaseException as exc:  # noqa: BLE001 - handed to the caller, who raises it
                self._replies.put(exc)
        return True


class SuiteSession:
    """Run the lesson's checks for many submissions in one pytest session."""

    def __init__(self, lesson: Lesson, reference):
        self.lesson = lesson
        self._requests: queue.Queue = queue.Queue()
        self._replies: queue.Queue = queue.Queue()
        self._plugin = _SessionPlugin(lesson, reference, self._requests, self._replies)
        self._failure: BaseException | None = None
        self._thread = threading.Thread(target=self._main, name="suite-session", daemon=True)
        self._thread.start()

    def _main(self) -> None:
        try:
            code = invoke_pytest(self.lesson, self._plugin)
            check_wiring(self.lesson, self._plugin, code)  # collection failed before the loop ran
            self._failure = ConfigError(str(self.lesson.suite_dir), f"pytest stopped early (exit code {int(code)})")
        except BaseException as exc:  # noqa: BLE001 - kept for every later run() to raise
            self._failure = exc
        self._replies.put(self._failure)

    def run(self, student: StudentModule) -> dict:
        """The check results of one submission, per code task."""
        if self._failure is not None:
            raise self._failure
        self._requests.put(student)
        reply = self._replies.get()
        if isinstance(reply, BaseException):
            raise reply
        return reply

    def close(self) -> None:
        if self._thread.is_alive():
            self._requests.put(None)
            self._thread.join(timeout=30)
