"""grader.grading.one_answer: what a single wrong number says on its own."""

from __future__ import annotations

import numpy as np
import pytest

from grader.grading.one_answer import could_mean, narrow_float, rounded_whole, wrapped


@pytest.mark.parametrize("value, right, meant", [
    (0.28, 0.28, True), (280.0, 0.28, True), (2.8e-26, 0.28, False),  # a unit mixed up, but not 10^25 off
    (0.0, 0.28, False), (-0.28, 0.28, False), (float("inf"), 0.28, False), (float("nan"), 0.28, False),
    (5e-324, 1e6, False), (True, 1.0, False), ("0.28", 0.28, False), (np.float32(0.3), 0.28, True),
])
def test_an_answer_could_be_meant_only_if_finite_of_the_right_sign_and_size(value, right, meant):
    assert bool(could_mean(value, right)) is meant


def test_a_whole_number_wrapped_round_in_int32_is_said_and_nothing_else_is():
    want = 2 * 3_000_000_000 * 2048  # 2 · N · P, past int32's largest
    int32 = int(np.array(want, dtype=np.int64).astype(np.int32))
    assert "32-bit integer" in wrapped(int32, want)
    P = np.array([100_000], dtype=np.int32)  # P(P+1)/2 in an int32 array
    assert "32-bit integer" in wrapped(int((P * (P + 1) // 2)[0]), 100_000 * 100_001 // 2)
    counts = np.array([10**13, 10**6], dtype=np.int64)  # N · P wrapped in int64, then doubled in Python
    with np.errstate(over="ignore"):
        doubled = 2 * int(counts.prod())
    assert "(half of it, before the doubling) wrapped round in a 64-bit integer" in wrapped(doubled, 2 * 10**19)
    assert wrapped(want, want) == "" and wrapped(want + 1, want) == "" and wrapped(1.5, 3) == ""
    assert wrapped(int32, float(want)) == ""  # a float right answer wraps round nowhere


@pytest.mark.parametrize("got, want, said", [
    (4, 4.5, True), (5.0, 4.5, True), (np.int64(12), 12.3, True), (-3, -2.5, True),  # round, ceil, floor
    (4, 4.0, False), (3, 4.5, False), (1, 1.4, False), (0, 0.28, False),  # right, off by more, too small to tell
    (4.2, 4.5, False), (True, 1.5, False), ("4", 4.5, False), (4, float("nan"), False),
])
def test_a_fraction_rounded_to_a_whole_number_is_said_only_when_it_is_one_and_large_enough(got, want, said):
    assert bool(rounded_whole(got, want)) is said


def test_a_right_answer_as_float32_or_float16_holds_it_is_said_and_no_other_answer_is():
    assert "numpy's float32 holds it (about 7" in narrow_float(np.float32(50_000) * np.float32(50_001) / 2, 1250025000)
    assert "float16 holds it (about 3" in narrow_float(np.float16(0.4) + np.float16(0), 0.4 + 1e-9)
    assert narrow_float(np.float32(0.5), 0.5) == ""  # right: exactly representable
    assert narrow_float(np.float32(3.0), 1250025000) == "" and narrow_float(1.25e9, 1250025000) == ""
    assert narrow_float(np.float16(np.inf), 1e6) == ""  # past float16's largest: the overflow, not this
