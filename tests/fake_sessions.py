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


MARKERS = "GRADER_TEST_MARKERS"  # where FlakySession remembers whom it failed (tests/batch/conftest.py)


class FlakySession:
    """A grader that fails once for students named "flaky*" (a marker file remembers), then works."""

    def __init__(self, lesson, course, solutions=None):
        pass

    def grade(self, path, student=None):
        path = Path(path)  # a batch grades a copy made for each run: the marker is kept where the test says
        marker = Path(os.environ.get(MARKERS, path.parent)) / f".{path.name}.failed"
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


# FolderSession grades a module file, or a folder by its prefill.py: "1" passes. SwapSession does so
# too, and while it grades an entry named in GRADER_TEST_SWAP (``entry=path=text``, several joined by
# ``;``) it writes ``text`` into ``path``: a student's file in the submissions folder changed after every
# entry was hashed and before a later one is graded, at that one instant, whatever the machine's speed
# (tests/batch/test_coordinator_snapshot.py).
SWAP = "GRADER_TEST_SWAP"


class FolderSession:
    def __init__(self, lesson, course, solutions=None):
        pass

    def grade(self, path, student=None):
        path = Path(path)
        module = path / "prefill.py" if path.is_dir() else path
        passed = module.read_text().strip() == "1"
        task = TaskResult(id="t", title="t", max_score=2.0, checks=[CheckResult("c", passed=passed)])
        return Report(lesson="fake", title="", submission=str(path), tasks=[task], output=f"student={student}")

    def close(self):
        pass

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


class SwapSession(FolderSession):
    def grade(self, path, student=None):
        for swap in filter(None, os.environ.get(SWAP, "").split(";")):
            entry, target, text = swap.split("=")
            if Path(path).name == entry:
                Path(target).write_text(text)
        return super().grade(path, student)
