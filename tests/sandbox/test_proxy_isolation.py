"""grader.sandbox.proxy: the worker behind a StudentModule sees nothing of the grader and outlives nothing.

The worker gets neither the parent's environment nor the repository, its solutions or the scoring
side of the grader; its printing cannot disturb the protocol; ``close`` (and a timeout, and a worker
replaced between calls) kills every process it started; a worker that stops reading, or forges a
reply, fails the call rather than hang or fool the grader. Apart from test_proxy.py so that each
file stays under 450 lines.
"""

from __future__ import annotations

import os
import secrets
import signal
import threading
import time
from pathlib import Path

import numpy as np
import pytest

import grader
from grader.exceptions import CallTimeout, StudentCodeError, UnsupportedResult

from proxy_student import (
    TIMEOUT,
    all_gone,
    capture,
    make_student_fixture,  # noqa: F401 - the fixture make_student, found here by pytest
    processes_with,
    student_fixture,  # noqa: F401 - the fixture student, found here by pytest
)

REPO_ROOT = Path(grader.__file__).resolve().parent.parent


def appears(marker: str, within: float = 30.0) -> bool:
    """True once a live process carries marker (a just-started child may not have exec'd yet)."""
    deadline = time.monotonic() + within
    while not processes_with(marker):
        if time.monotonic() > deadline:
            return False
        time.sleep(0.02)
    return True


def unique_sleep() -> str:
    """A sleep duration (in seconds, as text) that names exactly one test's grandchild."""
    return f"60.{secrets.randbelow(10**12):012d}"


def kill_sleepers(seconds: str) -> None:
    """Clean up after a failed test: only the sleep processes that this test started."""
    for pid in processes_with(f"sleep {seconds}"):
        try:
            os.kill(pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass


# --------------------------------------------------------------------------- what the worker can see

def test_worker_does_not_see_the_parents_environment(make_student, monkeypatch):
    monkeypatch.setenv("GRADER_TEST_SECRET_TOKEN", "hunter2-do-not-leak")
    monkeypatch.setenv("GITHUB_TOKEN", "ghp_should_not_leak")
    student = make_student()
    assert student.call("getenv", "GRADER_TEST_SECRET_TOKEN") is None
    assert student.call("getenv", "GITHUB_TOKEN") is None
    env = student.call("environment")
    assert not any("leak" in value for value in env.values())
    assert os.environ["GRADER_TEST_SECRET_TOKEN"] == "hunter2-do-not-leak"  # the test did set it


def test_worker_sys_path_excludes_the_repository(student, tmp_path):
    paths = student.call("path")
    assert paths  # a real list came back
    resolved = {str(Path(p).resolve()) for p in paths if p}
    assert "/work/main" not in paths and "/work/main/solutions" not in paths
    assert str(REPO_ROOT) not in resolved
    assert str(REPO_ROOT / "solutions") not in resolved
    assert "" not in paths  # no implicit current directory
    assert str((tmp_path / "sub").resolve()) in resolved  # the submission's own folder is there


def test_solutions_cannot_be_imported_in_the_worker(student):
    assert (REPO_ROOT / "solutions").is_dir()  # there is something to hide
    assert student.call("import_solutions") in ("ModuleNotFoundError", "ImportError")


def test_worker_runs_in_the_submission_folder(student, tmp_path):
    assert Path(student.call("cwd")).resolve() == (tmp_path / "sub").resolve()


def test_worker_does_not_load_the_scoring_side_of_the_grader(student):
    modules = student.call("grader_modules")
    assert "grader.sandbox.inside.worker" in modules and "grader.sandbox.codec" in modules
    for trusted in ("grader.grading.engine", "grader.grading.suite", "grader.checks", "grader.grading.answers",
                    "grader.lesson.course", "grader.lesson.manifest", "grader.sandbox.channel", "grader.result"):
        assert trusted not in modules


def test_printing_does_not_disturb_the_protocol(student):
    assert student.call("noisy", 1_000_000) == 7
    assert student.call("add", 1, 1) == 2


# --------------------------------------------------------------------------- cleanup

def test_grandchild_process_is_killed_on_close(student):
    seconds = unique_sleep()
    try:
        assert student.call("spawn_sleeper", seconds) is True
        assert appears(f"sleep {seconds}")  # it really is running before close()
        student.close()
        assert all_gone(f"sleep {seconds}")
    finally:
        kill_sleepers(seconds)


def test_grandchild_process_is_killed_after_a_timeout(student):
    seconds = unique_sleep()
    try:
        assert student.call("spawn_sleeper", seconds) is True
        assert appears(f"sleep {seconds}")
        assert type(capture(lambda: student.call("spin"))) is CallTimeout
        assert all_gone(f"sleep {seconds}")
    finally:
        kill_sleepers(seconds)


def test_grandchild_of_a_worker_that_exited_between_calls_is_killed(student):
    seconds = unique_sleep()
    try:
        assert student.call("spawn_sleeper", seconds) is True
        assert student.call("exit_soon") is True
        time.sleep(0.6)  # the worker ends by itself 0.2 s after answering
        assert student.call("add", 1, 1) == 2  # served by a fresh worker
        student.close()
        assert all_gone(f"sleep {seconds}")
    finally:
        kill_sleepers(seconds)


def test_close_kills_the_worker_and_the_module_restarts_after_close(student, tmp_path):
    first = student.call("worker_id")
    marker = str(tmp_path / "sub" / "prefill.py")
    assert processes_with(marker)  # the worker is identifiable by its module path
    student.close()
    student.close()
    assert all_gone(marker)
    assert student.call("add", 1, 1) == 2
    assert student.call("worker_id") != first


def test_huge_int_result_is_returned_or_refused(student):
    try:
        value = student.call("huge_int")
    except UnsupportedResult:
        return
    except BaseException as exc:  # noqa: BLE001 - anything else is the bug
        pytest.fail(f"{type(exc).__name__}: {exc}")
    assert value == 10**5000


def test_worker_that_stops_reading_cannot_hang_the_grader(student):
    assert student.call("stop_reading_requests") == 1
    outcome = {}

    def call():
        outcome["exc"] = capture(lambda: student.call("scale", np.zeros((1000, 1000), dtype=bool)))

    thread = threading.Thread(target=call, daemon=True)
    start = time.monotonic()
    thread.start()
    thread.join(TIMEOUT + 3)
    hung = thread.is_alive()
    if hung:
        student.close()  # kills the worker, which breaks the blocked write
        thread.join(5)
    assert not hung, f"the call was still blocked after {time.monotonic() - start:.1f} s"
    assert isinstance(outcome["exc"], StudentCodeError)


def test_forged_reply_with_unhashable_dtype_is_a_grader_error(student):
    exc = capture(lambda: student.call("forge_unhashable_dtype"))
    assert isinstance(exc, StudentCodeError), f"got {type(exc).__name__}: {exc}"
