"""prefill_seconds = prefill_flops / (flops_per_sec · utilization), utilization in (0, 1].

The lesson defines prefill_seconds through prefill_flops, so a student's prefill_seconds
usually calls their own prefill_flops. Its mistakes are charged to prefill_flops only:
a time consistent with the student's own (wrong) FLOP count is accepted here, the usual
"error carried forward" rule of marking by hand.
"""

import math

import pytest

from grader.checks import fail, is_close, number
from grader.exceptions import StudentCodeError

pytestmark = pytest.mark.task("prefill_seconds")


def _accepts(student, reference, got, want, N, P, rate, u) -> bool:
    """True when got is the right time, or the time the student's own prefill_flops implies."""
    if is_close(got, want, 1e-6):
        return True
    try:
        own = student.prefill_flops(N, P)
    except (Exception, StudentCodeError):  # it raised, hung or crashed: no FLOP count to carry forward
        return False
    if isinstance(own, bool) or not isinstance(own, (int, float)) or is_close(own, reference.prefill_flops(N, P)):
        return False
    return is_close(got, own / (rate * u), 1e-6)


@pytest.mark.weight(2)
def test_lesson_example(student, reference):
    """7e9, 1000 tokens, a 1e14 FLOP/s peak at utilization 0.5 take 0.28 s."""
    call = "prefill_seconds(7e9, 1000, 1e14, 0.5)"
    got = number(student.prefill_seconds(7e9, 1000, 1e14, 0.5), call)
    if _accepts(student, reference, got, 0.28, 7e9, 1000, 1e14, 0.5):
        return
    if is_close(got, 0.07, 1e-6):  # 1.4e13 / 1e14 * 0.5
        fail("prefill_seconds multiplies by the utilization; divide by it instead "
             "(the lesson: 1.4e13 / 5e13 = 0.28 s)",
             f"{call} returned {got:g}: that multiplies by the utilization; divide by it instead "
             "(the lesson: 1.4e13 / 5e13 = 0.28 s)")
    fail("prefill_seconds must reproduce the lesson: 1.4e13 FLOPs / (1e14 · 0.5) FLOP/s = 0.28 s",
         f"{call} returned {got:g}; the lesson gives 1.4e13 FLOPs / (1e14 · 0.5) FLOP/s = 0.28 s")


def test_default_utilization(student, reference):
    """Without a utilization argument the GPU runs at its peak (utilization 1.0)."""
    call = "prefill_seconds(7e9, 1000, 1e14)"
    got = number(student.prefill_seconds(7e9, 1000, 1e14), call)
    want = reference.prefill_seconds(7e9, 1000, 1e14)
    if not _accepts(student, reference, got, want, 7e9, 1000, 1e14, 1.0):
        fail("without a utilization argument prefill_seconds must assume 1.0 (the GPU's peak)",
             f"{call} returned {got:g}, expected {want:g}: the default utilization is 1.0")


def test_full_utilization_accepted(student, reference):
    """utilization = 1.0 is inside (0, 1] and must be accepted."""
    call = "prefill_seconds(7e9, 1000, 1e14, utilization=1.0)"
    try:
        got = number(student.prefill_seconds(7e9, 1000, 1e14, utilization=1.0), call)
    except ValueError:
        fail("utilization = 1.0 must be accepted: the interval (0, 1] includes 1",
             f"{call} raised ValueError, but 1.0 is inside (0, 1]: the interval includes 1")
    want = reference.prefill_seconds(7e9, 1000, 1e14, utilization=1.0)
    if not _accepts(student, reference, got, want, 7e9, 1000, 1e14, 1.0):
        fail("prefill_seconds with utilization=1.0 must equal prefill_flops / flops_per_sec",
             f"{call} returned {got:g}, expected {want:g}")


def test_other_sizes(student, reference, rng):
    """Agrees with flops / (flops_per_sec · utilization) for other sizes."""
    for _ in range(5):
        N, P = float(rng.integers(1, 200)) * 1e8, int(rng.integers(1, 32_768))
        rate, u = float(rng.integers(1, 100)) * 1e13, round(float(rng.uniform(0.05, 1.0)), 3)
        call = f"prefill_seconds({N:g}, {P}, {rate:g}, {u})"
        got = number(student.prefill_seconds(N, P, rate, u), call)
        want = reference.prefill_seconds(N, P, rate, u)
        if not _accepts(student, reference, got, want, N, P, rate, u):
            fail("prefill_seconds must equal prefill_flops / (flops_per_sec · utilization) for other sizes "
                 "and utilizations too", f"{call} returned {got:g}, expected {want:g}")


@pytest.mark.parametrize("utilization", [0.0, -0.5, 1.5, math.nan], ids=["zero", "negative", "above_one", "nan"])
def test_rejects_bad_utilization(student, utilization):
    """utilization outside (0, 1] raises ValueError."""
    call = f"prefill_seconds(7e9, 1000, 1e14, utilization={utilization})"
    try:
        got = student.prefill_seconds(7e9, 1000, 1e14, utilization=utilization)
    except ValueError:
        return
    except ArithmeticError as exc:
        fail(f"prefill_seconds raised {type(exc).__name__} for a utilization outside (0, 1]; check the "
             "utilization first and raise ValueError when it is not in (0, 1]",
             f"{call} raised {type(exc).__name__}; check the utilization first and raise ValueError "
             "when it is not in (0, 1]")
    except AssertionError:
        fail("prefill_seconds raised AssertionError: an assert is not a ValueError; raise ValueError explicitly",
             f"{call} raised AssertionError: an assert is not a ValueError; raise ValueError explicitly")
    nan_note = " (a comparison with NaN is always False, so write the test so that NaN fails it)" \
        if math.isnan(utilization) else ""
    fail(f"a utilization outside (0, 1] must raise ValueError{nan_note}",
         f"{call} returned {got!r} instead of raising ValueError: utilization must be in (0, 1]{nan_note}")
