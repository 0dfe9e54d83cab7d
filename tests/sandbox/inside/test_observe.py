"""grader.sandbox.inside.observe: what an observed call computed on the way, seen in-process.

Each test answers an observed call request in this process, exactly as the worker does
(``worker.answer_call`` on a module loaded from a file), and reads the reply's document with the
trusted side's reader (``grader.sandbox.observation.parse``), so that what is asserted is what a
check would get. tests/sandbox/test_proxy_observed.py does the same through a real sandbox.
"""

from __future__ import annotations

import importlib.util
import sys

import numpy as np
import pytest

from grader.sandbox import codec
from grader.sandbox.inside import observe, worker
from grader.sandbox.observation import NOT_RETURNED, Observation, Opaque, parse

STUDENT = '''
import sys

import numpy as np
from numpy import cumsum as imported_cumsum

HELD = []


def prefill_flops(n, d):
    total = n * d
    return 2 * total


def prefill_seconds(n, d, rate=1e12):
    flops = prefill_flops(n, d)
    squares = [i * i for i in range(3)]
    halves = sum(x / 2 for x in range(4))
    plus_one = (lambda v: v + 1)(halves)
    return flops / rate


def running(x):
    sums = np.cumsum(x, axis=0)
    same = np.allclose(sums, sums)
    return sums


def running_imported(x):
    return imported_cumsum(x, axis=0)


def running_twice(x):
    flat = np.cumsum(x[0])
    first = np.cumsum(x, axis=0)
    second = np.cumsum(x, axis=0)
    return first, second, flat


def compares(a, b):
    total = np.sum(a)
    lower = np.tril(np.ones((2, 2)))
    np.testing.assert_allclose(a, b)
    return total


def mutates():
    x = np.zeros(3)
    total = np.sum(x)
    x[0] = 5.0
    return total


def helper_raises(v):
    partial = v * 2
    raise ValueError(f"bad {v}")


def raises():
    ok = prefill_flops(1, 2)
    return helper_raises(ok)


def unprofiles():
    before = prefill_flops(1, 2)
    sys.setprofile(None)
    after = prefill_flops(3, 4)
    return before + after


def own_profiler():
    sys.setprofile(lambda *event: None)
    return prefill_flops(1, 1)


def huge():
    big = np.zeros(200_000)
    small = np.arange(3)
    text = "x" * 5000
    return 1


def odd_locals():
    gen = (i for i in range(3))
    module = np
    nested = [1, (2.5, {"k": np.float32(3)})]
    return nested


def many_helpers(n):
    for i in range(n):
        prefill_flops(i, 1)
    return n


def aliases(x):
    product = x * 2.0
    summed = np.cumsum(product, axis=0, out=product)
    fresh = np.cumsum(x, axis=0)
    running = product[0]
    rows = [running]
    for row in product[1:]:
        running += row
        rows.append(running)
    copies = [fresh[0].copy(), fresh[1].copy()]
    return len(rows)


def counts(xs):
    HELD.append(len(HELD))
    if xs == "boom":
        raise KeyError(xs)
    if xs == "set":
        return {1}
    return len(HELD)
'''


@pytest.fixture(scope="module")
def student(tmp_path_factory):
    path = tmp_path_factory.mktemp("observe") / "prefill.py"
    path.write_text(STUDENT)
    spec = importlib.util.spec_from_file_location("prefill_observed", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    observe.collect()
    return module, str(path)


def observed(student, fn, *args, perturb=None, **kwargs) -> tuple[dict, Observation]:
    """The reply to an observed call built as the channel builds it, and its observation as a check sees it."""
    module, path = student
    sent = codec.Blobs()
    request = {"op": "call", "id": 1, "fn": fn, "observe": True, "perturb": perturb,
               "args": codec.encode(list(args), sent), "kwargs": codec.encode(dict(kwargs), sent)}
    blobs = codec.Blobs()
    reply = worker.answer_call(module, path, request, b"".join(sent.parts), blobs)
    blob = b"".join(blobs.parts)
    if "ok" in reply:
        reply["value"] = codec.decode(reply["ok"], blob)
    return reply, parse(reply.get("observed"), blob)


def test_each_finished_frame_of_the_submission_with_its_locals_and_return_value(student):
    reply, seen = observed(student, "prefill_seconds", 10, 4)
    assert reply["value"] == 8e-11 and seen.complete
    top, helper = seen.frames[0], seen.frames[1]
    assert (top.function, top.depth, top.returned) == ("prefill_seconds", 0, 8e-11)
    assert top.locals["flops"] == 80 and top.locals["rate"] == 1e12 and top.locals["squares"] == [0, 1, 4]
    assert (helper.function, helper.depth, helper.locals, helper.returned) == \
        ("prefill_flops", 1, {"n": 10, "d": 4, "total": 40}, 80)


def test_comprehensions_generators_and_lambdas_are_frames_of_the_submission_too(student):
    _, seen = observed(student, "prefill_seconds", 10, 4)
    by_name = {frame.function: frame for frame in seen.frames}
    assert by_name["<listcomp>"].returned == [0, 1, 4] and by_name["<listcomp>"].depth == 1
    assert by_name["<genexpr>"].returned is None  # finished once, after its yields, not once per yield
    assert [frame.function for frame in seen.frames].count("<genexpr>") == 1
    assert by_name["<lambda>"].locals == {"v": 3.0} and by_name["<lambda>"].returned == 4.0
    assert seen.calls == (("", "prefill_seconds"), ("prefill_seconds", "prefill_flops"),
                          ("prefill_seconds", "<listcomp>"), ("prefill_seconds", "<genexpr>"),
                          ("prefill_seconds", "<lambda>"))


def test_numpys_own_frames_are_not_the_submissions(student):
    _, seen = observed(student, "running", np.ones((3, 2)))
    assert [frame.function for frame in seen.frames] == ["running"]


def test_library_calls_made_directly_are_seen_with_their_arguments_and_result(student):
    x = np.arange(6.0).reshape(3, 2)
    _, seen = observed(student, "running", x)
    cumsum, allclose = seen.library  # allclose's own call of isclose is numpy calling itself: not seen
    assert cumsum.function == "numpy.cumsum" and np.array_equal(cumsum.args[0], x)
    assert cumsum.kwargs == {"axis": 0, "dtype": None, "out": None}
    np.testing.assert_array_equal(cumsum.returned, np.cumsum(x, axis=0))
    assert allclose.function == "numpy.allclose" and allclose.kwargs["rtol"] == 1e-05 and allclose.returned is True


def test_a_library_call_that_raises_has_no_return_value(student):
    reply, seen = observed(student, "compares", np.ones(2), np.zeros(2))
    assert reply["raised"]["type"] == "AssertionError"
    names = [call.function for call in seen.library]
    assert names == ["numpy.sum", "numpy.tril", "numpy.testing.assert_allclose"]
    assert seen.library[0].returned == 2.0 and seen.library[2].returned is NOT_RETURNED
    assert seen.frames[0].returned is NOT_RETURNED and seen.frames[0].locals["total"] == 2.0


def test_values_are_copied_when_they_are_seen(student):
    _, seen = observed(student, "mutates")
    assert seen.library[0].args[0].tolist() == [0.0, 0.0, 0.0]  # as np.sum got it
    assert seen.frames[0].locals["x"].tolist() == [5.0, 0.0, 0.0]  # as the frame left it


def test_an_exception_keeps_what_was_seen_up_to_the_raise(student):
    reply, seen = observed(student, "raises")
    assert reply["raised"]["type"] == "ValueError" and "value" not in reply
    assert [(f.function, f.depth, f.returned) for f in seen.frames] == \
        [("raises", 0, NOT_RETURNED), ("prefill_flops", 1, 4), ("helper_raises", 1, NOT_RETURNED)]
    assert seen.frames[2].locals == {"v": 4, "partial": 8} and seen.complete


@pytest.mark.parametrize("rows, changed", [("all", [0, 1, 2]), ("first", [0]), ("last", [2])])
def test_a_perturbation_shifts_the_chosen_rows_of_the_first_2d_running_sum(student, rows, changed):
    x = np.arange(6.0).reshape(3, 2)
    reply, seen = observed(student, "running", x, perturb={"function": "cumsum", "rows": rows, "scale": 10.0})
    expected = np.cumsum(x, axis=0)
    bump = 10.0 * (1 + np.abs(expected).max())
    expected[changed] += bump
    np.testing.assert_array_equal(reply["value"], expected)
    np.testing.assert_array_equal(seen.library[0].returned, expected)  # what the submission got back
    assert seen.perturbed == 1 and np.cumsum is observe.Perturbation.__init__.__globals__["np"].cumsum


def test_only_the_first_2d_floating_result_is_perturbed(student):
    x = np.arange(6.0).reshape(3, 2)
    reply, seen = observed(student, "running_twice", x, perturb={"function": "cumsum", "rows": "all", "scale": 1.0})
    first, second, flat = reply["value"]
    np.testing.assert_array_equal(flat, np.cumsum(x[0]))
    assert not np.array_equal(first, np.cumsum(x, axis=0)) and np.array_equal(second, np.cumsum(x, axis=0))
    assert seen.perturbed == 1


def test_numpy_cumsum_is_put_back_after_the_call_even_when_it_raises(student):
    real = np.cumsum
    observed(student, "running", "not an array", perturb={"function": "cumsum", "rows": "all", "scale": 1.0})
    assert np.cumsum is real


def test_a_cumsum_imported_by_name_is_out_of_reach_and_says_so(student):
    x = np.arange(6.0).reshape(3, 2)
    reply, seen = observed(student, "running_imported", x, perturb={"function": "cumsum", "rows": "all", "scale": 1.0})
    np.testing.assert_array_equal(reply["value"], np.cumsum(x, axis=0))
    assert seen.perturbed == 0 and [call.function for call in seen.library] == ["numpy.cumsum"]


@pytest.mark.parametrize("perturb", [{"function": "sum", "rows": "all", "scale": 1.0},
                                     {"function": "cumsum", "rows": "middle", "scale": 1.0},
                                     {"function": "cumsum", "rows": "all", "scale": "big"}, ["cumsum"]])
def test_a_perturbation_the_worker_cannot_serve_is_a_protocol_error_and_nothing_runs(student, perturb):
    reply, _ = observed(student, "counts", "x", perturb=perturb)
    assert "protocol" in reply and "ok" not in reply


def test_a_student_who_removes_the_profiler_makes_the_observation_incomplete(student):
    def mine(frame, event, arg):
        return None

    sys.setprofile(mine)
    try:
        reply, seen = observed(student, "unprofiles")
        assert sys.getprofile() is mine  # the profiler that was there before the call is back
    finally:
        sys.setprofile(None)
    assert reply["value"] == 28 and not seen.complete
    assert [frame.function for frame in seen.frames] == ["prefill_flops"]  # seen before it was removed


def test_a_student_who_replaces_the_profiler_makes_the_observation_incomplete(student):
    reply, seen = observed(student, "own_profiler")
    assert reply["value"] == 2 and not seen.complete and sys.getprofile() is None


def test_a_huge_array_is_seen_as_its_shape_and_long_text_is_cut(student):
    _, seen = observed(student, "huge")
    local = seen.frames[0].locals
    assert local["big"] == Opaque("numpy.ndarray", (200_000,))
    assert local["small"].tolist() == [0, 1, 2] and len(local["text"]) == observe.MAX_STRING
    assert not seen.complete


def test_what_is_not_plain_data_is_opaque_inside_plain_data_as_it_is(student):
    _, seen = observed(student, "odd_locals")
    local = seen.frames[0].locals
    assert local["gen"] == Opaque("generator") and local["module"] == Opaque("module")
    assert local["nested"] == [1, (2.5, {"k": np.float32(3)})] and seen.complete


def test_frames_past_the_bound_are_left_out_keeping_the_function_called(student):
    _, seen = observed(student, "many_helpers", 300)
    assert len(seen.frames) == observe.MAX_FRAMES and seen.frames[0].function == "many_helpers"
    assert seen.frames[0].returned == 300 and len(seen.calls) == 301 and not seen.complete


def batch(student, *calls) -> dict:
    module, path = student
    sent = codec.Blobs()
    request = {"op": "call", "id": 2, "fn": "counts",
               "batch": [[codec.encode(list(args), sent), codec.encode({}, sent)] for args in calls]}
    blobs = codec.Blobs()
    reply = worker.answer_call(module, path, request, b"".join(sent.parts), blobs)
    blob = b"".join(blobs.parts)
    return [codec.decode(r["ok"], blob) if "ok" in r else r for r in reply["results"]]


def test_a_batch_runs_its_calls_in_order_keeping_state_and_answers_each(student):
    module, _ = student
    module.HELD.clear()
    results = batch(student, ("a",), ("boom",), ("set",), ("b",))
    assert results[0] == 1 and results[3] == 4
    assert results[1]["raised"]["type"] == "KeyError" and "unsupported" in results[2]


def test_a_batch_call_that_cannot_be_decoded_fails_alone(student):
    module, path = student
    request = {"op": "call", "id": 3, "fn": "counts", "batch": [[["x"], {"t": "dict", "v": []}], "junk"]}
    reply = worker.answer_call(module, path, request, b"", codec.Blobs())
    assert "ok" in reply["results"][0] and "protocol" in reply["results"][1]
    too_many = {**request, "batch": [[["x"], {"t": "dict", "v": []}]] * (worker.MAX_BATCH + 1)}
    assert "protocol" in worker.answer_call(module, path, too_many, b"", codec.Blobs())


def test_locals_that_are_one_array_in_memory_are_said_as_the_frame_returns(student):
    """An X @ W overwritten by cumsum's out=, a list holding one row view again and again: copies cannot tell it
    later, so the frame says it; a row of a matrix is part of it, not it, and equal values are not one array."""
    _, seen = observed(student, "aliases", np.arange(6.0).reshape(3, 2))
    top = seen.frames[0]
    assert top.shared == (("product", "summed"),)  # not `running` nor the loop's `row`: parts of it, not it
    assert top.repeated == ("rows",)
    assert seen.one_array(limit=9)[0].startswith("`product` and `summed` are one array in memory")
    assert any(line.startswith("the arrays in `rows` are one array") for line in seen.one_array(limit=9))
    _, plain = observed(student, "running", np.arange(6.0).reshape(3, 2))
    assert plain.frames[0].shared == () and plain.frames[0].repeated == () and plain.one_array() == []
