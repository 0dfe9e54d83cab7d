"""grader.sandbox.proxy: a worker that hangs, dies or cannot import costs one verdict, not every later call.

A hung call is stopped at its time limit and its function is not run again (after ``call_sized``:
only at the size it was too slow for); a worker that crashed or exited is replaced on the next call;
a module that cannot be imported is reported once and that verdict raised again (``unavailable``).
Apart from test_proxy.py so that each file stays under 450 lines.
"""

from __future__ import annotations

import time

import pytest

from grader.exceptions import CallTimeout, ImportFailed, WorkerDied

from proxy_student import (
    TIMEOUT,
    all_gone,
    capture,
    make_student_fixture,  # noqa: F401 - the fixture make_student, found here by pytest
    student_fixture,  # noqa: F401 - the fixture student, found here by pytest
)

# --------------------------------------------------------------------------- hangs and crashes

def test_a_sized_call_that_times_out_after_smaller_ones_returned_is_too_slow_for_its_size(student):
    assert student.call("slow_for_large", 5) == 5
    exc = capture(lambda: student.call_sized("n = 1000", "slow_for_large", 1000))
    assert type(exc) is CallTimeout and exc.too_slow and exc.size == "n = 1000"
    assert "slow_for_large(1000) did not return within 2 s: too slow for n = 1000 (its calls on smaller inputs " \
           "returned in time)" in str(exc)
    assert student.timed_out_in_check
    assert student.call("slow_for_large", 7) == 7  # only too slow for that size: smaller calls still run
    again = capture(lambda: student.call_sized("n = 1000", "slow_for_large", 1000))  # that size is not run again
    assert type(again) is CallTimeout and again.too_slow and "was not run" in str(again)


def test_a_sized_call_that_never_returned_before_is_not_called_too_slow(student):
    exc = capture(lambda: student.call_sized("a long prompt", "spin"))
    assert type(exc) is CallTimeout and not exc.too_slow and exc.size == "a long prompt"
    assert "for a long prompt (an endless loop, or far too much work?)" in str(exc)
    again = capture(lambda: student.call_sized("a long prompt", "spin"))
    assert "was not run" in str(again) and again.size == "a long prompt"


def test_hang_times_out_then_same_function_fails_at_once(student, tmp_path):
    first = student.call("worker_id")
    start = time.monotonic()
    exc = capture(lambda: student.call("spin"))
    elapsed = time.monotonic() - start
    assert type(exc) is CallTimeout
    assert "did not return within" in str(exc) and "spin()" in str(exc)
    assert TIMEOUT <= elapsed < TIMEOUT + 20  # stopped at its limit, not left to run (a busy machine adds a little)

    start = time.monotonic()
    again = capture(lambda: student.call("spin"))
    assert time.monotonic() - start < TIMEOUT  # not run again: no second time limit spent
    assert type(again) is CallTimeout and "was not run: an earlier call already timed out" in str(again)

    # another function still works, in a fresh worker
    assert student.call("add", 2, 2) == 4
    assert student.call("worker_id") != first
    student.close()
    assert all_gone(str(tmp_path / "sub" / "prefill.py"))  # no worker left spinning


def test_hang_ignoring_sigterm_is_still_stopped(student):
    exc = capture(lambda: student.call("sleep_forever"))
    assert type(exc) is CallTimeout
    assert student.call("add", 1, 1) == 2


def test_os_exit_in_a_call_is_worker_died(student):
    first = student.call("worker_id")
    exc = capture(lambda: student.call("exit_hard"))
    assert type(exc) is WorkerDied
    assert "exited with status 3" in str(exc) and "exit_hard()" in str(exc)
    assert student.call("add", 1, 2) == 3
    assert student.call("worker_id") != first


def test_segfault_in_a_call_is_worker_died(student):
    exc = capture(lambda: student.call("segfault"))
    assert type(exc) is WorkerDied
    assert "segmentation fault" in str(exc)
    assert student.call("add", 1, 2) == 3


def test_abort_in_a_call_is_worker_died(student):
    exc = capture(lambda: student.call("abort"))
    assert type(exc) is WorkerDied and "abort" in str(exc).lower()
    assert student.call("add", 1, 2) == 3


def test_crashing_function_may_be_called_again(student):
    # unlike a timeout, a crash does not blacklist the function
    for _ in range(2):
        assert type(capture(lambda: student.call("exit_hard"))) is WorkerDied


def test_worker_that_exits_between_calls_is_replaced(student):
    first = student.call("worker_id")
    assert student.call("exit_soon") is True
    time.sleep(0.6)  # the worker ends by itself 0.2 s after answering
    assert student.call("add", 3, 4) == 7
    assert student.call("worker_id") != first


# --------------------------------------------------------------------------- import failures

IMPORT_FAILURES = {
    "syntax-error": ("x = 1\n\ndef broken(:\n    pass\n", ["SyntaxError", "line 3", "def broken(:"]),
    "exception": ("x = 1\nimport os\nraise RuntimeError('boom at import')\n",
                  ["RuntimeError", "line 3", "boom at import"]),
    "sys-exit": ("x = 1\nimport sys\nsys.exit(4)\n", ["SystemExit", "line 3", "4"]),
    "os-exit": ("x = 1\nimport os\nos._exit(5)\n", ["exited with status 5"]),
    "hang": ("x = 1\nwhile True:\n    pass\n", ["did not finish within 5 s"]),
    "segfault": ("x = 1\nimport ctypes\nctypes.string_at(0)\n", ["segmentation fault"]),
}


@pytest.mark.parametrize("case", list(IMPORT_FAILURES))
def test_import_failure_is_reported_once_and_raised_again(make_student, case):
    source, words = IMPORT_FAILURES[case]
    student = make_student(source, import_seconds=5.0 if case == "hang" else 60.0)  # a start-up is never the hang

    first = capture(lambda: student.call("anything", 1))
    assert type(first) is ImportFailed
    assert "prefill.py" in str(first)
    for word in words:
        assert word in str(first), str(first)

    second = capture(lambda: student.call("something_else"))
    third = capture(lambda: student.call_echo("anything", [1]))
    assert second is first and third is first  # the stored verdict: no new worker, no second import
    assert student.unavailable is first


def test_import_prints_and_slow_but_in_time_import_works(make_student):
    student = make_student("import time\nprint('hello ' * 100000)\ntime.sleep(0.3)\n"
                           "def f():\n    return 'ok'\n")
    assert student.call("f") == "ok"


# --------------------------------------------------------------------------- restarts are charged before they run

def test_restarts_that_cost_an_import_stop_when_the_share_cannot_cover_another(make_student):
    """A slow import and a function that kills its worker's imported process: each call needs a fresh
    worker, a fresh import. The import is charged before it runs, so once the task's share cannot cover
    another, no worker is started and the calls end within the budget (issue 25: 102 s against 70). Which words
    stop them depends on the machine: a quiet one weighs a third import against the share and refuses it; beside a
    CPU hog two slow imports spend the share themselves, and the next call finds it used up (session 40's run)."""
    student = make_student("import os, signal, time\ntime.sleep(1.5)\n"
                           "def die():\n    os.kill(os.getppid(), signal.SIGKILL)\n"
                           "    os.kill(os.getpid(), signal.SIGKILL)\n", import_seconds=10.0)
    student.budget_seconds, student.task = 4.0, "t"
    student.prove()
    started, said = time.monotonic(), []
    for _ in range(8):
        said.append(str(capture(lambda: student.call("die"))))
    spent = time.monotonic() - started
    assert spent < 4.0 + 1.5 + 1.0, (spent, said)  # the share, plus the first import (paid by the start-up)
    stops = ("starting the submission's process again", "this task used up its share")
    assert any(stop in s for s in said[-3:] for stop in stops), said  # (the last calls: none of them ran)


def test_a_worker_the_submission_stops_is_continued_and_answers(make_student):
    # issue 25's fifth battery (6a): a SIGSTOP kept the grade waiting out every time limit; a late reply now
    # has the trusted side continue the worker's stopped processes (grader.sandbox.process.resume_stopped)
    student = make_student("import os, signal\n\ndef stop(x):\n    os.kill(os.getpid(), signal.SIGSTOP)\n"
                           "    return x + 1\n")
    assert student.call("stop", 1) == 2 and student.call("stop", 2) == 3  # each within the 2 s time limit
    at_import = make_student("import os, signal\nos.kill(os.getpid(), signal.SIGSTOP)\n\ndef three():\n"
                             "    return 3\n", import_seconds=5.0)
    assert at_import.call("three") == 3
