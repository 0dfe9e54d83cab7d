"""grader.sandbox.proxy: a StudentModule's calls run in a worker process and come back as plain data.

Student code runs in a worker and whatever it does (raise, hang, crash, print, spawn, return odd
objects) comes back as data or as a grader error. This file holds the calls that return: values and
arguments across the channel, one worker for many calls, one fork for task after task, the clean
slate a failed check is run again in. What a call raises instead is in test_proxy_errors.py; hangs,
crashes and failed imports in test_proxy_failures.py; what the worker sees and leaves behind in
test_proxy_isolation.py (split so that each file stays under 450 lines); the student module they
all call is tests/proxy_student.py.
"""

from __future__ import annotations

import numpy as np
import pytest

from grader import describe
from grader.exceptions import CallTimeout

from proxy_student import (
    capture,
    make_student_fixture,  # noqa: F401 - the fixture make_student, found here by pytest
    student_fixture,  # noqa: F401 - the fixture student, found here by pytest
)

# --------------------------------------------------------------------------- normal calls

def test_call_returns_plain_data(student):
    assert student.call("add", 2, 3) == 5
    result = student.call("add", [1], [2.5])
    assert result == [1, 2.5] and type(result) is list


def test_a_call_that_returns_never_writes_its_text_and_one_that_raises_does(student, monkeypatch):
    """A call's text is for the message it may end with: most calls return, and writing theirs anyway
    was a tenth of the checks' time on wrong submissions."""
    written = []
    monkeypatch.setattr(describe, "format_call", lambda *call: written.append(call) or f"{call[0]}(…)")
    assert student.call("add", 2, 3) == 5
    assert written == []
    with pytest.raises(ValueError) as raised:
        student.call("raise_value_error", 1)
    assert raised.value.grader_text.startswith("raise_value_error(…) raised ValueError")
    assert written


def test_attribute_access_calls_the_function(student):
    assert student.add(1, 2) == 3


def test_kwargs_are_passed(student):
    assert student.call("scale", 2, factor=3, offset=1) == 7
    assert student.call("scale", 2) == 2
    array = student.call("scale", np.arange(3, dtype=np.int16), factor=2)
    assert type(array) is np.ndarray and array.dtype == np.int16 and array.tolist() == [0, 2, 4]


def test_plain_data_types_survive_the_round_trip(student):
    value = student.call("plain_data")
    assert value["ints"] == [1, -2, 10**30]
    assert type(value["float"]) is float and value["float"] == 0.5
    assert np.isnan(value["nan"])
    assert value["tuple"] == (1, "a") and type(value["tuple"]) is tuple
    assert type(value["array"]) is np.ndarray and value["array"].dtype == np.float32
    assert value["array"].shape == (2, 3) and value["array"].flags.writeable
    assert type(value["scalar"]) is np.float64 and value["scalar"] == 2.5
    assert type(value["flag"]) is np.bool_ and value["flag"]
    assert value[3] is None


def test_large_mask_crosses_in_both_directions(student):
    mask = student.call("causal_mask", 1000)
    assert mask.dtype == np.bool_ and mask.shape == (1000, 1000)
    np.testing.assert_array_equal(mask, np.tril(np.ones((1000, 1000), dtype=bool)))
    back = student.call("scale", mask)
    np.testing.assert_array_equal(back, mask)


def test_a_summary_call_sends_back_the_facts_of_the_value_not_the_value(student):
    """A 4097-token mask is 17 MB: ``call_summary`` sends its shape, dtype and counts instead."""
    facts = student.call_summary("a long prompt", "causal_mask", 4097)
    assert (facts.type, facts.shape, facts.dtype) == ("ndarray", (4097, 4097), "bool")
    assert (facts.nonzero, facts.above) == (4097 * 4098 // 2, 0)
    assert student.call_summary("", "add", 2, 3).type == "int"


def test_call_echo_returns_arguments_as_the_function_left_them(student):
    xs, arr, table = [1, 2, 3], np.zeros((2, 2), dtype=np.int64), {"old": 1}
    value, args_after = student.call_echo("fill", xs, arr, table)
    assert value == 4
    assert args_after[0] == [1, 2, 3, 4]
    assert args_after[1].tolist() == [[99, 0], [0, 0]]
    assert args_after[2] == {"old": 1, "new": True}
    # the caller's own objects are untouched: the function only ever saw copies
    assert xs == [1, 2, 3] and arr.sum() == 0 and table == {"old": 1}


def test_call_echo_without_mutation_returns_equal_arguments(student):
    value, args_after = student.call_echo("add", (1, 2), (3,))
    assert value == (1, 2, 3)
    assert args_after == [(1, 2), (3,)]


def test_plain_call_does_not_echo(student):
    value, args_after = student._call("add", (1, 2), {}, echo=False)
    assert value == 3 and args_after is None


def test_one_worker_serves_many_calls(student):
    first = student.call("worker_id")
    for i in range(20):
        assert student.call("add", i, 1) == i + 1
    assert student.call("worker_id") == first


def test_one_fork_serves_task_after_task_and_says_when_another_task_ran_there(student):
    student.task = "a"
    first = student.call("worker_id")
    assert student.tainted is False
    student.task, student.tainted = "b", False
    assert student.call("worker_id") == first  # no fork per task: a correct class pays for one
    assert student.tainted is True
    student.clean_slate()
    assert student.tainted is False
    second = student.call("worker_id")
    assert second != first and second.split("-")[0] == first.split("-")[0]  # a new fork of the same import
    student.task, student.tainted = "a", False
    assert student.call("worker_id") == second and student.tainted is True


def test_a_fresh_fork_starts_from_the_import_not_from_what_the_last_fork_left(make_student):
    student = make_student("""
        import numpy as np
        state = {"patched": False}

        def patch():
            state["patched"] = True
            np.sum = lambda *a, **k: -1
            return True

        def look():
            return [state["patched"], int(np.sum([1, 2]))]
    """)
    student.task = "a"
    assert student.call("patch") is True
    student.task = "b"
    assert student.call("look") == [True, -1]  # same fork: the patch is still there
    student.clean_slate()
    assert student.call("look") == [False, 3]


def test_clean_slate_gives_only_this_tasks_timed_out_functions_another_chance(student):
    student.task = "a"
    assert type(capture(lambda: student.call("spin"))) is CallTimeout
    student.task = "b"
    assert type(capture(lambda: student.call("spin"))) is CallTimeout  # not run again: it timed out in a
    student.clean_slate()
    assert "was not run" in str(capture(lambda: student.call("spin")))  # b's slate, a's timeout
    student.task = "a"
    student.clean_slate()
    assert "did not return within" in str(capture(lambda: student.call("spin")))  # run again, in a fresh fork
