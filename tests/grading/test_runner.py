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


def test_what_all_answers_share_is_said_once_per_task_to_the_student_too(tmp_path):
    """A function wrong on many inputs whose failed checks name no diagnosis: the relation of every answer it gave
    to the right ones is added to one failed check, in the instructor's detail and in what a student reads of a
    hidden check (it holds no input and no right answer), and to no other check of the task."""
    from grader.grading.engine import grade

    reference = (ROOT / "solutions" / "prefill" / "prefill.py").read_text(encoding="utf-8")
    (tmp_path / "prefill.py").write_text(reference + '''

def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not 0 < utilization <= 1:
        raise ValueError("utilization must be in (0, 1]")
    return round(prefill_flops(N, P) / (flops_per_sec * utilization), 3)
''', encoding="utf-8")
    task = grade(tmp_path, "prefill", course=Course(ROOT)).task("prefill_seconds")
    fact = "each answer is the right one rounded to 3 decimal places"
    said = [c for c in task.checks if fact in c.message]
    assert len(said) == 1 and not said[0].passed, [c.message for c in task.checks if not c.passed]
    assert fact in said[0].safe_message and "4.75253" not in said[0].safe_message
