"""grader.sandbox.inside.endings: how a process ended, in the words every report uses.

Both sides of the sandbox turn wait statuses into these sentences (the trusted side about a
worker, the notebook worker about its kernel), so the words a student reads are checked here
once, for the signals a submission most often dies of and for numbers no table names.
"""

from __future__ import annotations

import signal
import subprocess
import sys

import pytest

from grader.sandbox.inside.endings import exit_reason, signal_reason


@pytest.mark.parametrize("code", [0, 3, 255])
def test_exit_reason_names_the_status_and_the_likely_cause(code):
    reason = exit_reason(code)
    assert f"exited with status {code}" in reason
    assert "os._exit or sys.exit" in reason


@pytest.mark.parametrize("number, words", [
    (signal.SIGSEGV, "crashed with a segmentation fault"),
    (signal.SIGKILL, "was killed (out of memory?)"),
    (signal.SIGXCPU, "used up its CPU time limit"),
    (signal.SIGABRT, "aborted"),
    (signal.SIGBUS, "crashed (bus error)"),
])
def test_signal_reason_says_what_the_signal_usually_means_and_names_it(number, words):
    reason = signal_reason(int(number))
    assert reason == f"the process {words} ({signal.Signals(number).name})"


def test_a_signal_without_words_of_its_own_is_still_named():
    assert signal_reason(int(signal.SIGTERM)) == "the process was stopped by a signal (SIGTERM)"


@pytest.mark.parametrize("number", [200, 0, -1])
def test_an_unknown_signal_number_is_named_by_its_number(number):
    assert signal_reason(number) == f"the process was stopped by a signal (signal {number})"


def test_the_words_fit_a_real_crash_and_a_real_exit():
    crashed = subprocess.run([sys.executable, "-c", "import os, signal; os.kill(os.getpid(), signal.SIGSEGV)"],
                             capture_output=True, timeout=60, check=False)
    exited = subprocess.run([sys.executable, "-c", "import os; os._exit(7)"], capture_output=True, timeout=60,
                            check=False)
    assert "segmentation fault (SIGSEGV)" in signal_reason(-crashed.returncode)
    assert "exited with status 7" in exit_reason(exited.returncode)
