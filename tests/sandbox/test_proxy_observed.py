"""StudentModule.call_observed and call_many, through a real worker in each sandbox mode.

An observed call returns its value and what it computed on the way (``Observation``); a batch
runs many calls of one function in one round trip. Both go through the same bookkeeping as a
single call (time limits, timed-out functions, a worker that died), which is what these tests
hold them to; how the worker observes is tested in-process in inside/test_observe.py, how the
trusted side reads the document in test_observation.py.
"""

from __future__ import annotations

import dataclasses
import os
import textwrap
import time

import numpy as np
import pytest
import untested

from grader.exceptions import CallTimeout, MissingFunction, UnsupportedResult, WorkerDied
from grader.sandbox import confine
from grader.sandbox.channel import WorkerSpec
from grader.sandbox.forkserver import ForkServer
from grader.sandbox.observation import NOT_RETURNED, Opaque
from grader.sandbox.proxy import Size, StudentModule

from proxy_student import capture

TIMEOUT = 2.0

SOURCE = '''
import os
import sys

import numpy as np
from numpy import cumsum as imported_cumsum

COUNT = []


def prefill_flops(P, d):
    flops = 2 * P * d * d
    return flops


def prefill_seconds(P, d, rate):
    total = prefill_flops(P, d)
    return total / rate


def running(x):
    return np.cumsum(x, axis=0)


def running_imported(x):
    return imported_cumsum(x, axis=0)


def check(x):
    partial = x * 2
    raise ValueError(f"bad {x}")


def unprofile():
    sys.setprofile(None)
    return prefill_flops(1, 1)


def huge():
    big = np.ones(500_000)
    return float(big.sum())


def counter(step):
    COUNT.append(step)
    if step == 3:
        raise KeyError(step)
    if step == 4:
        return {step}
    return sum(COUNT)


def spin(x):
    while True:
        pass


def exit_hard():
    os._exit(3)


def floats(n):
    return [1.0] * n


def nap(seconds):
    import time
    time.sleep(seconds)
    return seconds
'''


@pytest.fixture
def make(tmp_path, box):
    """StudentModules over SOURCE in the sandbox mode ``box``; all closed when the test ends."""
    modules = []
    folder = tmp_path / "sub"
    folder.mkdir()
    (folder / "prefill.py").write_text(textwrap.dedent(SOURCE))

    def start(launcher=None, limits: confine.Limits | None = None, **options) -> StudentModule:
        spec = WorkerSpec("prefill", folder / "prefill.py", import_seconds=30.0,
                          limits=limits or confine.limits(120, 4096, box), box=box, launcher=launcher)
        module = StudentModule(spec, timeout=TIMEOUT, **options)
        modules.append(module)
        return module

    yield start
    for module in modules:
        module.close()


def test_an_observed_call_returns_its_value_and_what_it_computed_on_the_way(make):
    student = make()
    value, seen = student.call_observed("prefill_seconds", (10, 4), {"rate": 1e12})
    assert value == 320 / 1e12 and seen.complete
    assert seen.calls == (("", "prefill_seconds"), ("prefill_seconds", "prefill_flops"))
    top, helper = seen.frames
    assert top.locals == {"P": 10, "d": 4, "rate": 1e12, "total": 320} and top.returned == value
    assert (helper.function, helper.depth, helper.returned) == ("prefill_flops", 1, 320)
    assert student.call("prefill_flops", 1, 2) == 8  # an ordinary call after it, in the same worker


@pytest.mark.parametrize("rows, changed", [("all", [0, 1, 2]), ("first", [0]), ("last", [2])])
def test_a_perturbed_call_sees_numpy_cumsum_shifted_on_the_chosen_rows(make, rows, changed):
    student = make()
    x = np.arange(6.0).reshape(3, 2)
    value, seen = student.call_observed("running", (x,), {}, perturb={"function": "cumsum", "rows": rows, "scale": 1e6})
    expected = np.cumsum(x, axis=0)
    expected[changed] += 1e6 * (1 + np.abs(expected).max())
    np.testing.assert_array_equal(value, expected)
    assert seen.perturbed == 1 and seen.library[0].function == "numpy.cumsum"
    np.testing.assert_array_equal(student.call("running", x), np.cumsum(x, axis=0))  # put back after the call


def test_a_cumsum_imported_by_name_is_not_perturbed_and_the_count_says_so(make):
    student = make()
    x = np.arange(6.0).reshape(3, 2)
    value, seen = student.call_observed("running_imported", (x,), {},
                                        perturb={"function": "cumsum", "rows": "all", "scale": 1e6})
    np.testing.assert_array_equal(value, np.cumsum(x, axis=0))
    assert seen.perturbed == 0


def test_an_observed_raise_is_the_plain_calls_raise_with_the_observation_attached(make):
    student = make()
    plain = capture(lambda: student.call("check", 5))
    observed = capture(lambda: student.call_observed("check", (5,), {}))
    assert type(observed) is type(plain) is ValueError
    assert observed.grader_text == plain.grader_text and observed.grader_frames == plain.grader_frames
    (frame,) = observed.grader_observed.frames
    assert frame.locals == {"x": 5, "partial": 10} and frame.returned is NOT_RETURNED
    assert not hasattr(plain, "grader_observed")


def test_a_student_who_removes_the_profiler_gets_an_incomplete_observation_and_nothing_worse(make):
    student = make()
    value, seen = student.call_observed("unprofile", (), {})
    assert value == 2 and not seen.complete and seen.frames == ()
    assert student.call_observed("prefill_flops", (1, 1), {})[1].complete  # the next one sees all again


def test_a_huge_array_is_seen_as_its_shape(make):
    value, seen = make().call_observed("huge", (), {})
    assert value == 500_000.0 and seen.frames[0].locals["big"] == Opaque("numpy.ndarray", (500_000,))
    assert not seen.complete


def test_a_bad_perturbation_is_the_checks_mistake_and_runs_nothing():
    student = StudentModule(None, timeout=TIMEOUT)  # no worker: the request is refused before one is needed
    for perturb in ({"function": "sum", "rows": "all", "scale": 1}, {"function": "cumsum", "rows": 0, "scale": 1},
                    {"function": "cumsum", "rows": "all", "scale": float("nan")}, {"function": "cumsum"}):
        with pytest.raises(ValueError, match="perturb"):
            student.call_observed("running", (1,), {}, perturb=perturb)


def test_a_batch_runs_in_order_in_one_process_keeping_state(make):
    student = make()
    results = student.call_many("counter", [((1,), {}), ((2,), {}), ((5,), {})])
    assert results == [("returned", 1), ("returned", 3), ("returned", 8)]
    assert student.call("counter", 0) == 8  # the state the batch left, as separate calls would leave it


def test_a_raise_in_the_middle_of_a_batch_is_the_single_calls_raise_and_the_batch_goes_on(make):
    student = make()
    results = student.call_many("counter", [((1,), {}), ((3,), {}), ((4,), {}), ((2,), {})])
    assert [result.kind for result in results] == ["returned", "raised", "unsupported", "returned"]
    single = capture(lambda: make().call("counter", 3))
    raised = results[1].value
    assert type(raised) is KeyError and raised.grader_text == single.grader_text
    assert "returned an unsupported type" in results[2].value and results[3].value == 1 + 3 + 4 + 2


def test_a_batch_that_runs_past_the_time_limit_is_a_call_that_timed_out(make):
    student = make()
    exc = capture(lambda: student.call_many("spin", [((1,), {}), ((2,), {})]))
    assert type(exc) is CallTimeout and "a batch of 2 calls of spin" in str(exc) and student.timed_out_in_check
    again = capture(lambda: student.call_many("spin", [((3,), {})]))
    assert type(again) is CallTimeout and "was not run" in str(again)  # one time limit, not one per batch
    assert type(capture(lambda: student.call("spin", 4))) is CallTimeout
    assert student.call_many("counter", [((1,), {})]) == [("returned", 1)]  # in a fresh worker


def test_a_batch_asked_ahead_that_runs_past_its_seconds_marks_nothing(make):
    # Domain.right_ahead: a slow function's batch gives way to single calls, each with its own time limit
    student = make()
    exc = capture(lambda: student.call_many("spin", [((1,), {}), ((2,), {})], within=0.3))
    assert type(exc) is CallTimeout and not student.timed_out_in_check
    assert student.call_many("counter", [((1,), {}), ((2,), {})], within=0.3) == [("returned", 1), ("returned", 3)]
    assert type(capture(lambda: student.call("spin", 1))) is CallTimeout  # asked singly: held to its own limit
    assert student.timed_out_in_check


def test_a_batch_asked_ahead_stops_at_the_first_call_not_plainly_returned(make):
    # the calls after it are asked singly anyway; running them ahead only cost time (list-300k: 0.5 s per check)
    student = make()
    results = student.call_many("counter", [((1,), {}), ((3,), {}), ((2,), {})], within=TIMEOUT)
    assert [result.kind for result in results] == ["returned", "raised", "skipped"]
    assert student.call("counter", 0) == 1 + 3  # counter(2) never ran
    too_large = student.call_many("floats", [((2,), {}), ((400_000,), {}), ((2,), {})], within=TIMEOUT)
    assert too_large == [("returned", [1.0, 1.0]), ("skipped", None), ("skipped", None)]
    whole = capture(lambda: student.call_many("floats", [((400_000,), {})] * 2))  # not ahead: the whole frame's verdict
    assert type(whole) is UnsupportedResult and "a batch of 2 calls of floats" in str(whole)
    assert student.call("floats", 1) == [1.0]  # the same worker serves on


def test_a_size_past_the_lessons_caps_its_calls_time_and_a_timeout_there_is_that_sizes_only(make):
    # test_causal_pairs' long prompts: a P x P count of 50,000 tokens waited out the whole limit for no verdict
    student = make()
    huge = Size("a prompt of tens of thousands of tokens", seconds=0.3)
    started = time.monotonic()
    exc = capture(lambda: student.call_sized(huge, "nap", 1.5))
    assert type(exc) is CallTimeout and exc.too_slow and "within 0.3 s" in str(exc)
    assert time.monotonic() - started < 1.4
    assert student.call("nap", 0.01) == 0.01  # other calls of the function still run
    assert "was not run" in str(capture(lambda: student.call_sized(huge, "nap", 0.01)))  # that size: refused


def test_a_batch_after_the_worker_died_runs_in_a_fresh_one(make):
    student = make()
    assert type(capture(lambda: student.call("exit_hard"))) is WorkerDied
    assert student.call_many("counter", [((2,), {}), ((1,), {})]) == [("returned", 2), ("returned", 3)]


def test_a_batch_of_a_missing_function_or_too_many_calls_is_refused(make):
    student = make()
    assert type(capture(lambda: student.call_many("absent", [((), {})]))) is MissingFunction
    with pytest.raises(ValueError, match="at most 500"):
        student.call_many("counter", [((1,), {})] * 501)
    assert student.call_many("counter", []) == []


def test_a_batch_counts_against_the_tasks_share_of_the_time_budget(make):
    student = make(budget_seconds=30.0)
    student.task = "t"
    student.call_many("counter", [((1,), {})] * 3)
    spent = student._spent["t"]
    assert spent > 0
    student._spent["t"] = 30.0
    exc = capture(lambda: student.call_many("counter", [((1,), {})]))
    assert type(exc) is CallTimeout and "used up its share" in str(exc)


def test_a_child_of_the_fork_server_observes_and_batches_as_its_own_user(make, box):
    if os.geteuid() != 0:
        untested.skip(untested.ROOT, "a fork server's child switches to a uid of its own only as root")
    limits = dataclasses.replace(confine.limits(120, 4096, box), drop_to=confine.NOBODY)
    server = ForkServer(box, limits)
    try:
        student = make(launcher=server.spawn, limits=limits)
        value, seen = student.call_observed("prefill_seconds", (10, 4), {"rate": 1e12})
        assert value == 320 / 1e12 and [frame.function for frame in seen.frames] == ["prefill_seconds",
                                                                                    "prefill_flops"]
        assert student.call_many("counter", [((1,), {}), ((2,), {})]) == [("returned", 1), ("returned", 3)]
    finally:
        server.close()
