"""grader.grading.runner: what a check run leaves behind once its verdict is written."""

from __future__ import annotations

import gc
import types
import weakref

import numpy as np

from grader.grading.collect import DirectCheck
from grader.grading.runner import Checks
from grader.lesson.course import Course

from paths import ROOT

LESSON = Course(ROOT).lesson("prefill")


def test_a_failed_check_lets_go_of_the_values_its_frames_held_without_the_garbage_collector():
    """A failed check's exception holds its traceback, whose frames hold the check's locals (the submission's values)
    and the runner's frame that holds the exception: a cycle. A one-shot grade runs without the garbage collector
    (cli.run), so a prefill_flops returning 30 MiB arrays kept one per check: 540 MB of trusted process for one
    grade (issue 25's second battery, 7h, rerun in session 35)."""
    held = []

    def test_holds():
        value = np.zeros(1000)  # what the submission returned, as a check's local
        held.append(weakref.ref(value))
        assert value.sum() == 1, "wrong"

    task = types.SimpleNamespace(name="task", args=("prefill_flops",), kwargs={})
    item = DirectCheck("test_holds", "suites/prefill/test_prefill_flops.py::test_holds", test_holds, [task], (), None)
    checks = Checks(LESSON, None, None)
    enabled = gc.isenabled()
    gc.disable()
    try:
        checks._run_directly(item)
        assert held and held[0]() is None
    finally:
        if enabled:
            gc.enable()
    (result,) = checks.results["prefill_flops"]
    assert not result.passed
