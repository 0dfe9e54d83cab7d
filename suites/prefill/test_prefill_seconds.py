"""prefill_seconds = prefill_flops / (flops_per_sec · utilization), utilization in (0, 1].

The lesson defines prefill_seconds through prefill_flops, so a student's prefill_seconds
usually calls their own prefill_flops. Its mistakes are charged to prefill_flops only:
a time consistent with the student's own (wrong) FLOP count is accepted here, the usual
"error carried forward" rule of marking by hand.

A wrong time is compared with what each known misconception would give (multiplying by
the utilization, ignoring it, the lesson's own numbers written in), and a bad utilization
that is not refused with ValueError is told apart by what came back instead
(suites/prefill/diagnoses.toml).
"""

import math

import pytest

from grader.checks import fail, is_close, number
from grader.exceptions import StudentCodeError

pytestmark = pytest.mark.task("prefill_seconds")

PEAK, EXAMPLE_FLOPS = 1e14, 1.4e13  # the lesson's worked example


def _accepts(student, reference, got, want, N, P, rate, u) -> bool:
    """True when got is the right time, or the time the student's own prefill_flops implies."""
    if is_close(got, want, 1e-6):
        return True
    try:
        own = student.prefill_flops(N, P)
    except (Exception, StudentCodeError):  # noqa: BLE001 - it raised, hung or crashed: no FLOP count to carry forward
        return False
    if isinstance(own, bool) or not isinstance(own, (int, float)) or is_close(own, reference.prefill_flops(N, P)):
        return False
    return is_close(got, own / (rate * u), 1e-6)


def _diagnosis(reference, got, N, P, rate, u) -> str | None:
    """The misconception a wrong time points to: the time each one would give, tried in turn."""
    flops = reference.prefill_flops(N, P)
    candidates = [("seconds.utilization-as-percent", flops / (rate * u / 100))]
    if not is_close(u, 1.0):
        candidates += [("seconds.multiplied-by-utilization", flops / rate * u),
                       ("seconds.ignored-utilization", flops / rate)]
    if not is_close(rate, PEAK):
        candidates.append(("seconds.hardcoded-peak", flops / (PEAK * u)))
    if not is_close(flops, EXAMPLE_FLOPS):
        candidates.append(("seconds.hardcoded-flops", EXAMPLE_FLOPS / (rate * u)))
    return next((code for code, time in candidates if is_close(got, time, 1e-6)), None)


def _rejects_full(call: str):
    fail("utilization = 1.0 must be accepted: the interval (0, 1] includes 1",
         f"{call} raised ValueError, but 1.0 is inside (0, 1]: the interval includes 1",
         diagnosis="seconds.rejects-full-utilization")


@pytest.mark.weight(2)
def test_lesson_example(student, reference):
    """7e9, 1000 tokens, a 1e14 FLOP/s peak at utilization 0.5 take 0.28 s."""
    call = "prefill_seconds(7e9, 1000, 1e14, 0.5)"
    got = number(student.prefill_seconds(7e9, 1000, 1e14, 0.5), call)
    if _accepts(student, reference, got, 0.28, 7e9, 1000, 1e14, 0.5):
        return
    diagnosis = _diagnosis(reference, got, 7e9, 1000, 1e14, 0.5)
    if diagnosis == "seconds.multiplied-by-utilization":
        fail("prefill_seconds multiplies by the utilization; divide by it instead "
             "(the lesson: 1.4e13 / 5e13 = 0.28 s)",
             f"{call} returned {got:g}: that multiplies by the utilization; divide by it instead "
             "(the lesson: 1.4e13 / 5e13 = 0.28 s)", diagnosis=diagnosis)
    fail("prefill_seconds must reproduce the lesson: 1.4e13 FLOPs / (1e14 · 0.5) FLOP/s = 0.28 s",
         f"{call} returned {got:g}; the lesson gives 1.4e13 FLOPs / (1e14 · 0.5) FLOP/s = 0.28 s",
         diagnosis=diagnosis)


def test_default_utilization(student, reference):
    """Without a utilization argument the GPU runs at its peak (utilization 1.0)."""
    call = "prefill_seconds(7e9, 1000, 1e14)"
    try:
        got = number(student.prefill_seconds(7e9, 1000, 1e14), call)
    except ValueError:
        _rejects_full(call)
    want = reference.prefill_seconds(7e9, 1000, 1e14)
    if not _accepts(student, reference, got, want, 7e9, 1000, 1e14, 1.0):
        fail("without a utilization argument prefill_seconds must assume 1.0 (the GPU's peak)",
             f"{call} returned {got:g}, expected {want:g}: the default utilization is 1.0",
             diagnosis=_diagnosis(reference, got, 7e9, 1000, 1e14, 1.0))


def test_full_utilization_accepted(student, reference):
    """utilization = 1.0 is inside (0, 1] and must be accepted."""
    call = "prefill_seconds(7e9, 1000, 1e14, utilization=1.0)"
    try:
        got = number(student.prefill_seconds(7e9, 1000, 1e14, utilization=1.0), call)
    except ValueError:
        _rejects_full(call)
    want = reference.prefill_seconds(7e9, 1000, 1e14, utilization=1.0)
    if not _accepts(student, reference, got, want, 7e9, 1000, 1e14, 1.0):
        fail("prefill_seconds with utilization=1.0 must equal prefill_flops / flops_per_sec",
             f"{call} returned {got:g}, expected {want:g}",
             diagnosis=_diagnosis(reference, got, 7e9, 1000, 1e14, 1.0))


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
                 "and utilizations too", f"{call} returned {got:g}, expected {want:g}",
                 diagnosis=_diagnosis(reference, got, N, P, rate, u))


def _good_utilization_works(student) -> bool:
    """Whether a good utilization gets a time: then an error for a bad one was raised on purpose."""
    try:
        got = student.prefill_seconds(7e9, 1000, 1e14, utilization=0.5)
    except (Exception, StudentCodeError):  # noqa: BLE001 - any failure means it was no deliberate choice
        return False
    return isinstance(got, (int, float)) and not isinstance(got, bool)


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
             "when it is not in (0, 1]", diagnosis="seconds.accepts-out-of-range")
    except AssertionError:
        fail("prefill_seconds raised AssertionError: an assert is not a ValueError; raise ValueError explicitly",
             f"{call} raised AssertionError: an assert is not a ValueError; raise ValueError explicitly",
             diagnosis="seconds.assert-instead-of-raise")
    except Exception as exc:  # the student's own exception, rebuilt as its built-in type
        if not _good_utilization_works(student):
            raise  # a good utilization fails too: a bug, not a choice of exception; reported as raised
        fail(f"prefill_seconds raised {type(exc).__name__} for a utilization outside (0, 1]; the lesson asks "
             "for ValueError", f"{getattr(exc, 'grader_text', call)}; the lesson asks for ValueError",
             diagnosis="seconds.wrong-exception")
    nan = math.isnan(utilization)
    nan_note = " (a comparison with NaN is always False, so write the test so that NaN fails it)" if nan else ""
    if got is None or isinstance(got, str):
        diagnosis = "seconds.printed-instead-of-raising"
    else:
        diagnosis = "seconds.lets-nan-through" if nan else "seconds.accepts-out-of-range"
    fail(f"a utilization outside (0, 1] must raise ValueError{nan_note}",
         f"{call} returned {got!r} instead of raising ValueError: utilization must be in (0, 1]{nan_note}",
         diagnosis=diagnosis)
