"""prefill_flops(N, P) = 2·N·P (the lesson's worked example: 7e9 × 1000 → 1.4e13).

A wrong count is diagnosed from the value alone (suites/prefill/diagnoses.toml): half of
2·N·P is the forgotten multiply-add, a square of N or P is a cost that is not linear.
"""

import pytest

from grader.checks import fail, is_close, number

pytestmark = pytest.mark.task("prefill_flops")

NOT_A_NUMBER = {str: "flops.returned-string", type(None): "flops.returned-none"}


def _flops(student, N, P, call: str) -> float:
    return number(student.prefill_flops(N, P), call, by_type=NOT_A_NUMBER)


def _diagnosis(got: float, N, P) -> str | None:
    """The misconception a wrong FLOP count points to, if it is a known one."""
    if is_close(got, N * P):
        return "flops.missing-factor-2"
    squares = (2 * N * P * P, 2 * N * N * P, N * P * P, (2 * N * P) ** 2)  # public: the lesson prints 2 · N · P
    if any(is_close(got, value) for value in squares):
        return "flops.squared"
    return None


@pytest.mark.weight(2)
def test_lesson_example(student):
    """7e9 parameters and a 1000-token prompt cost 1.4e13 FLOPs."""
    got = _flops(student, 7e9, 1000, "prefill_flops(7e9, 1000)")
    if not is_close(got, 1.4e13):
        fail("prefill_flops(N, P) must be 2 · N · P: the lesson's worked example gives 2 · 7e9 · 1000 = 1.4e13 FLOPs",
             f"prefill_flops(7e9, 1000) returned {got:g}; the lesson's worked example gives "
             "2 · 7e9 · 1000 = 1.4e13 FLOPs", diagnosis=_diagnosis(got, 7e9, 1000))


def test_smallest(student):
    """One parameter and one token cost 2 FLOPs (one multiply, one add)."""
    got = _flops(student, 1, 1, "prefill_flops(1, 1)")
    if not is_close(got, 2):
        fail("one parameter and one token must cost 2 FLOPs: a multiply and an add per parameter per token",
             f"prefill_flops(1, 1) returned {got:g}; a multiply and an add per parameter per token make 2",
             diagnosis=_diagnosis(got, 1, 1))


@pytest.mark.weight(2)
def test_other_sizes(student, reference, rng):
    """Agrees with 2·N·P for other model and prompt sizes."""
    for _ in range(5):
        N, P = float(rng.integers(1, 200)) * 1e8, int(rng.integers(1, 32_768))
        got = _flops(student, N, P, f"prefill_flops({N:g}, {P})")
        want = reference.prefill_flops(N, P)
        if not is_close(got, want):
            fail("prefill_flops(N, P) must be 2 · N · P for other model and prompt sizes too",
                 f"prefill_flops({N:g}, {P}) returned {got:g}, expected {want:g} (2 · N · P)",
                 diagnosis=_diagnosis(got, N, P))
