"""prefill_flops(N, P) = 2·N·P (the lesson's worked example: 7e9 × 1000 → 1.4e13)."""

import pytest

from grader.checks import fail, is_close, number

pytestmark = pytest.mark.task("prefill_flops")


@pytest.mark.weight(2)
def test_lesson_example(student):
    """7e9 parameters and a 1000-token prompt cost 1.4e13 FLOPs."""
    got = number(student.prefill_flops(7e9, 1000), "prefill_flops(7e9, 1000)")
    if not is_close(got, 1.4e13):
        fail("prefill_flops(N, P) must be 2 · N · P: the lesson's worked example gives 2 · 7e9 · 1000 = 1.4e13 FLOPs",
             f"prefill_flops(7e9, 1000) returned {got:g}; the lesson's worked example gives "
             "2 · 7e9 · 1000 = 1.4e13 FLOPs")


def test_smallest(student):
    """One parameter and one token cost 2 FLOPs (one multiply, one add)."""
    got = number(student.prefill_flops(1, 1), "prefill_flops(1, 1)")
    if not is_close(got, 2):
        fail("one parameter and one token must cost 2 FLOPs: a multiply and an add per parameter per token",
             f"prefill_flops(1, 1) returned {got:g}; a multiply and an add per parameter per token make 2")


@pytest.mark.weight(2)
def test_other_sizes(student, reference, rng):
    """Agrees with 2·N·P for other model and prompt sizes."""
    for _ in range(5):
        N, P = float(rng.integers(1, 200)) * 1e8, int(rng.integers(1, 32_768))
        got = number(student.prefill_flops(N, P), f"prefill_flops({N:g}, {P})")
        want = reference.prefill_flops(N, P)
        if not is_close(got, want):
            fail("prefill_flops(N, P) must be 2 · N · P for other model and prompt sizes too",
                 f"prefill_flops({N:g}, {P}) returned {got:g}, expected {want:g} (2 · N · P)")
