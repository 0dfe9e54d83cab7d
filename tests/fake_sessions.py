"""Stand-ins for a GradingSession, for tests of the batch executors (tests/batch/executors).

A real GradingSession never lets a submission crash or hang the trusted process, so only a
fake can show what an executor does when the grader itself fails. They live here, on the
test path, because a spawned grading process imports its session by name
(``WorkerConfig.session = "fake_sessions:FakeSession"``).
"""

from __future__ import annotations

import os
import time
from pathlib import Path

from grader.exceptions import ConfigError, SandboxFailed, SubmissionError
from grader.result import CheckResult, Report, TaskResult


class FakeSession:
    """Grades a file holding "1" as passed; the file's name asks for a crash, a hang or an error."""

    def __init__(self, lesson, course, solutions=None):
        self.token = f"{os.getpid()}:{id(self)}:{time.monotonic_ns()}"

    def grade(self, path, student=None):
        path = Path(path)
        name = path.name
        if name.startswith("crashonce"):
            marker = path.with_suffix(".crashed")
            if not marker.exists():
                marker.write_text("")
                os._exit(3)
        elif name.startswith("crash"):
            os._exit(3)
        elif name.startswith("hang"):
            time.sleep(600)
        elif name.startswith("boom"):
            raise RuntimeError("the session broke")
        elif name.startswith("bad"):
            raise SubmissionError(f"{name}: holds neither prefill.py nor answers.toml")
        passed = path.read_text().strip() == "1"
        task = TaskResult(id="t", title="t", max_score=2.0, checks=[CheckResult("c", passed=passed)])
        output = f"{self.token} {os.environ.get('OPENBLAS_NUM_THREADS')} student={student}"
        return Report(lesson="fake", title="", submission=str(path), tasks=[task], output=output)

    def close(self):
        pass

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


class SlowSession(FakeSession):
    """Takes 1.5 s per submission: two in a row exceed one time limit, each stays inside its own."""

    def grade(self, path, student=None):
        time.sleep(1.5)
        return super().grade(path, student)


class BrokenSuiteSession(FakeSession):
    def __init__(self, lesson, course, solutions=None):
        raise ConfigError("suites/fake/lesson.toml", "must be a positive number", "tasks[0].points")


class NoSandboxSession(FakeSession):
    """A machine where no sandbox runs the grader's canary (grader.sandbox.canary)."""

    def __init__(self, lesson, course, solutions=None):
        raise SandboxFailed("no sandbox can run the grader's canary (a known-good module) here, so no submission "
                            "can be graded fairly: bubblewrap mode: bwrap: Can't mount proc on /newroot/proc")


class FlakySession:
    """A grader that fails once for students named "flaky*" (a marker file remembers), then works."""

    def __init__(self, lesson, course, solutions=None):
        pass

    def grade(self, path, student=None):
        path = Path(path)
        marker = path.parent / f".{path.name}.failed"
        if (path.name.startswith("flaky") and not marker.exists()) or "ALWAYS_FAIL" in path.read_text():
            marker.write_text("")
            raise ConfigError("suites/prefill", "pytest stopped with exit code 3")
        task = TaskResult(id="quiz", title="", max_score=1.0, checks=[CheckResult("c", passed=True)])
        return Report(lesson="prefill", title="", submission=str(path), tasks=[task])

    def close(self):
        pass

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        pass
