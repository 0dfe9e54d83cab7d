"""prefill_seconds = prefill_flops / (flops_per_sec · utilization), utilization in (0, 1].

The lesson defines prefill_seconds through prefill_flops, so a student's prefill_seconds
usually calls their own prefill_flops. The lesson's own 0.28 s is demanded of
prefill_seconds whatever prefill_flops does, and so are the reference's times for other
sizes; on the checks of the utilization a time that is right for the student's own (wrong)
prefill_flops is accepted, the "error carried forward" rule of marking by hand. So such a
prefill_seconds earns partial credit, never full marks, and its diagnosis says where the
problem comes from (``seconds.flops-carried-forward``), also when prefill_flops returns None
or text, or raises.

A wrong time, or a bad utilization that is not refused with ValueError, is diagnosed by the
model of a misconception it agrees with on the failing input and a few telling others
(models.py, diagnoses.toml).
"""

import math

import numpy as np
import pytest

from grader.checks import describe, fail, format_call, is_close, number, probe
from grader.exceptions import UnsupportedResult

pytestmark = pytest.mark.task("prefill_seconds")

CARRIED = "seconds.flops-carried-forward"
# Inputs on which the models of the misconceptions differ: another model, prompt, GPU and utilization
# (the full utilization 1.0 among them). Their N and P are those prefill_flops is asked about
# (test_prefill_flops.TELLING), so the student's FLOPs for them are known already.
TELLING = [probe(2e9, 77, 3e13, 0.25), probe(1.3e8, 4096, 2e14, 0.8), probe(5e10, 3, 1e15, 0.002),
           probe(2e9, 77, 2e13, 1.0)]
BAD = [0.0, -0.5, 1.5, math.nextafter(1.0, 2.0), math.nan]
# A bad utilization is told apart on all of them, and on a good one (is the error deliberate?)
REFUSALS = [probe(7e9, 1000, 1e14, utilization=u) for u in BAD] + [probe(2e9, 77, 3e13, utilization=0.25)]


def _explain(diagnose, case, probes=TELLING):
    return diagnose.explain("prefill_seconds", [case, *probes])


def _time(student, diagnose, case) -> float:
    """The student's time for ``case``; a call that raises is diagnosed, and when it raised on what the
    student's prefill_flops returned, the failure says so."""
    call = format_call("prefill_seconds", case.args, case.kwargs)
    try:
        value = student.prefill_seconds(*case.args, **case.kwargs)
    except Exception as exc:  # the student's own exception, rebuilt as its built-in type
        found = _explain(diagnose, case)
        if found is None:
            raise
        name = type(exc).__name__
        detail = getattr(exc, "grader_text", None) or f"{call} raised {name}"
        if found.code == CARRIED:
            fail(f"prefill_seconds raised {name} on what your prefill_flops gave it: fix prefill_flops first",
                 f"{detail}\n{_upstream(diagnose, case)}, from which prefill_seconds cannot compute a time: "
                 "fix prefill_flops first", diagnosis=CARRIED)
        fail(f"prefill_seconds raised {name}", detail, diagnosis=found.code)
    except UnsupportedResult:
        fail("prefill_seconds returned a value of an unsupported type; expected a number",
             f"{call} returned a value of an unsupported type; expected a number",
             diagnosis=diagnose("prefill_seconds", [case, *TELLING]))
    return number(value, call, explain=lambda: diagnose("prefill_seconds", [case, *TELLING]))


def _upstream(diagnose, case) -> str:
    """What the student's prefill_flops answered for this call's N and P, for the detail."""
    seen = diagnose.outcome("prefill_flops", case.args[:2])
    said = {"returned": f"returned {describe(seen.value)}", "raised": f"raised {seen.error}"}.get(seen.kind,
                                                                                                 "gave no answer")
    return f"{format_call('prefill_flops', case.args[:2], {})} {said}"


def _utilization(case) -> float:
    return case.kwargs.get("utilization", case.args[3] if len(case.args) > 3 else 1.0)


def _own_flops(diagnose, case):
    """What the student's own prefill_flops returns for the case's N and P, or None when it is no count of
    FLOPs a person could have meant (asked once per submission: ``diagnose`` remembers every answer): inf, NaN,
    or anything from a prefill_flops whose count for the lesson's own 7e9 parameters and 1000 tokens is not a
    finite positive number (``return 0  # TODO``, ``-2 * N * P``), or the same for another N and P (a constant,
    the largest float among them). A formula that is right in kind may still give 0 or less for tiny sizes
    (billions truncated to an int): that is carried forward (issue 25)."""
    own, lesson = _flops_number(diagnose, case), _flops_number(diagnose, probe(7e9, 1000))
    try:
        meant = own is not None and math.isfinite(own) and lesson is not None and math.isfinite(lesson) \
            and lesson > 0 and _flops_number(diagnose, probe(2e9, 77)) != lesson  # one count for all sizes: none
    except (OverflowError, TypeError, ValueError):  # an int too large for a float is no count either
        meant = False
    return own if meant else None


def _flops_number(diagnose, case):
    """What the student's own prefill_flops returns for the case's N and P when it is a number at all (0 and
    inf too), else None: a prefill_seconds that raises on what is no number fails through prefill_flops."""
    seen = diagnose.outcome("prefill_flops", case.args[:2])
    own = seen.value
    if seen.kind != "returned" or isinstance(own, (bool, np.bool_)) or not isinstance(own, (int, float, np.number)):
        return None
    return own


def _carried(student, diagnose, case, got) -> bool:
    """Whether ``got`` is the lesson's time for the FLOPs the student's own prefill_flops returns (the error
    carried forward). Worked out here, not by the models, so that a student bundle grades alike."""
    own = _own_flops(diagnose, case)
    return own is not None and is_close(got, own / (case.args[2] * _utilization(case)), 1e-6) \
        and _calls_own_flops(student, case) is not False


def _calls_own_flops(student, case) -> bool | None:
    """Whether prefill_seconds, observed on ``case``, called the submission's prefill_flops (None where calls
    cannot be observed). A time that only equals the student's own FLOPs' time, from a prefill_seconds that
    never asked prefill_flops, carried nothing forward: it made the same mistake again (issue 21)."""
    observed = student.call_observed("prefill_seconds", case.args, case.kwargs)
    if observed is None or not observed[1].complete:
        return None
    return any(callee == "prefill_flops" for _, callee in observed[1].calls)


def _check(student, reference, diagnose, case, property, detail="", carried_ok=True):
    """The time for ``case`` must be the reference's; one right for the student's own prefill_flops
    passes when ``carried_ok`` (error carried forward), and fails naming prefill_flops otherwise."""
    call = format_call("prefill_seconds", case.args, case.kwargs)
    got = _time(student, diagnose, case)
    want = reference.prefill_seconds(*case.args, **case.kwargs)
    if is_close(got, want, 1e-6) or (carried_ok and _carried(student, diagnose, case, got)):
        return
    found = _explain(diagnose, case)
    if found and found.code == CARRIED and _calls_own_flops(student, case) is False:
        found = None  # the same number, not carried: no cause is named
    if found and found.code == CARRIED:
        fail(f"{property}: your prefill_seconds is right for your prefill_flops, which is wrong; fix prefill_flops",
             f"{call} returned {got:g}, expected {want:g}: your {_upstream(diagnose, case)}, and prefill_seconds is "
             "right for that; fix prefill_flops and prefill_seconds gives the lesson's time", diagnosis=CARRIED)
    note = f" (computed with {_upstream(diagnose, case)})" if found and found.world == "yours" else ""
    fail(property, f"{call} returned {got:g}, expected {want:g}" + (f": {detail}" if detail else "") + note,
         diagnosis=found.code if found else None)


def _rejects_full(student, case):
    """A ValueError where utilization is 1.0 is put down to 1.0 only when the same call with a utilization inside
    the interval is answered: a refusal of another argument (a float rate refused) is not (issue 21's fourth
    held-out round: told it refused the peak, it refused 1e14)."""
    call = format_call("prefill_seconds", case.args, case.kwargs)
    try:
        student.prefill_seconds(*case.args[:3], 0.5)
    except Exception:  # noqa: BLE001 - refused whatever the utilization: the cause is elsewhere, said as seen
        fail("utilization = 1.0 must be accepted: the interval (0, 1] includes 1",
             f"{call} raised ValueError, and so does the same call with utilization = 0.5: the refusal does not "
             "come from the utilization; the arguments are valid")
    fail("utilization = 1.0 must be accepted: the interval (0, 1] includes 1",
         f"{call} raised ValueError, but 1.0 is inside (0, 1]: the interval includes 1",
         diagnosis="seconds.rejects-full-utilization")


@pytest.mark.weight(2)
def test_lesson_example(student, reference, diagnose):
    """7e9, 1000 tokens, a 1e14 FLOP/s peak at utilization 0.5 take 0.28 s, whatever prefill_flops does."""
    _check(student, reference, diagnose, probe(7e9, 1000, 1e14, 0.5),
           "prefill_seconds must reproduce the lesson: 1.4e13 FLOPs / (1e14 · 0.5) FLOP/s = 0.28 s",
           "the lesson gives 1.4e13 FLOPs / (1e14 · 0.5) FLOP/s = 0.28 s", carried_ok=False)


def test_default_utilization(student, reference, diagnose):
    """Without a utilization argument the GPU runs at its peak (utilization 1.0)."""
    case = probe(7e9, 1000, 1e14)
    try:
        _check(student, reference, diagnose, case,
               "without a utilization argument prefill_seconds must assume 1.0 (the GPU's peak)",
               "the default utilization is 1.0")
    except ValueError:
        _rejects_full(student, case)


def test_full_utilization_accepted(student, reference, diagnose):
    """utilization = 1.0 is inside (0, 1] and must be accepted."""
    case = probe(7e9, 1000, 1e14, utilization=1.0)
    try:
        _check(student, reference, diagnose, case,
               "prefill_seconds with utilization=1.0 must equal prefill_flops / flops_per_sec")
    except ValueError:
        _rejects_full(student, case)


@pytest.mark.weight(2)
def test_other_sizes(student, reference, diagnose, rng):
    """Agrees with flops / (flops_per_sec · utilization) for other sizes."""
    for _ in range(5):
        N, P = float(rng.integers(1, 200)) * 1e8, int(rng.integers(1, 32_768))
        rate, u = float(rng.integers(1, 100)) * 1e13, round(float(rng.uniform(0.05, 1.0)), 3)
        _check(student, reference, diagnose, probe(N, P, rate, u),
               "prefill_seconds must equal prefill_flops / (flops_per_sec · utilization) for other sizes "
               "and utilizations too", carried_ok=False)


# Only the rejection checks (not visible: after the due date) use these, so the student bundle ships none of
# them (grader.authoring.public cuts what only hidden checks use): a prefill_seconds that refuses everything but
# the probes a student can read, or refuses only the five utilizations the checks' ids name, earns nothing here.
ACCEPTED = [probe(3.3e9, 123, 4e13, utilization=0.61), probe(8e8, 2049, 9e14, utilization=1.0),
            probe(6.5e10, 5, 2.5e12, utilization=0.013)]
REFUSED = [probe(3.3e9, 123, 4e13, utilization=u) for u in (-1e-9, 1.0001, 7.0, -math.inf, math.inf)]
GOODS = [probe(2e9, 77, 3e13, utilization=0.25), *ACCEPTED]  # a good utilization, in REFUSALS too, and these


def _good_utilization_works(diagnose) -> bool:
    """Whether good utilizations get a time: then an error for a bad one was raised on purpose. Asked at
    inputs no visible check uses, so that refusing everything but the lesson's examples fails; asked once per
    submission (``diagnose`` remembers). The same time for all of them is no time computed from them."""
    if not all(_gives_a_time(diagnose, good) for good in GOODS):
        return False
    # four calls that share no argument: one time for all of them is no time computed from them (a constant)
    return len({repr(diagnose.outcome("prefill_seconds", good).value) for good in GOODS}) > 1


def _no_time(diagnose) -> tuple[str, bool]:
    """How the good utilizations of ``_good_utilization_works`` got no time (the first call without one, or the one
    time they all got), and whether that call raised."""
    for good in GOODS:
        if not _gives_a_time(diagnose, good):
            seen = diagnose.outcome("prefill_seconds", good)
            return f"{format_call('prefill_seconds', good.args, good.kwargs)} {_ended(seen)}", seen.kind == "raised"
    same = diagnose.outcome("prefill_seconds", GOODS[0]).value
    return f"every good utilization asked got the same time, {describe(same)}", False


def _ended(seen) -> str:
    """How a call the diagnose fixture made ended, as the details say it."""
    return (f"returned {describe(seen.value)}" if seen.kind == "returned" else
            f"raised {seen.error}" if seen.kind == "raised" else "gave no answer")


def _gives_a_time(diagnose, good) -> bool:
    """A finite positive number: a time a person could have meant, right or wrong. A raise, None, 0, a negative
    number, NaN or inf is none, also where the student's prefill_flops gave it (issue 25: refusing the bad
    utilizations earns nothing from a function that computes no time for the good ones, as the error carried
    forward is credited only from FLOPs a person could have meant)."""
    seen = diagnose.outcome("prefill_seconds", good)
    value = seen.value
    if seen.kind != "returned" or isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, float, np.number)):
        return False
    return math.isfinite(value) and value > 0


def _side(utilization: float) -> str | None:
    """Which side of (0, 1] a bad utilization lies on (None for NaN, on neither)."""
    return "below" if utilization <= 0 else "above" if utilization > 1 else None


def _not_refused(diagnose) -> list:
    """The other utilizations outside (0, 1] (just below 0, just above 1, far above, both infinities, with another
    model and GPU) that do not raise ValueError: refusing the checks' five values is not the rule."""
    return [bad for bad in REFUSED if diagnose.outcome("prefill_seconds", bad).error != "ValueError"]


def _not_refused_detail(diagnose, call: str, utilization: float, accepted: list) -> str:
    """What the first such utilization got, and a cause only where the evidence rules in a list of values: one
    answered on the same side as the refused one and further out, where any interval test refusing the refused one
    would have refused it too. One only nearer the interval is a refusal that starts too far out (a bound past 1, a
    utilization truncated to whole percent first): said as that fact. A function that refuses all of one side and
    rescales or ignores the other has tested an interval, and is only shown the symptom."""
    first = accepted[0]
    got = _ended(diagnose.outcome("prefill_seconds", first))
    same = [bad for bad in accepted if _side(bad.kwargs["utilization"]) == _side(utilization)]
    further = [bad for bad in same if _beyond(bad.kwargs["utilization"]) > _beyond(utilization)]
    listed = any(diagnose.outcome("prefill_seconds", bad).kind == "returned" and not _sign_dropped(diagnose, bad)
                 for bad in further)
    nearer = any(_beyond(bad.kwargs["utilization"]) < _beyond(utilization) for bad in same)
    dropped = first.kwargs["utilization"] < 0 and _sign_dropped(diagnose, first)
    return (f"{call} raised ValueError, but {format_call('prefill_seconds', first.args, first.kwargs)} {got}, and "
            "that utilization is outside (0, 1] too" + (
                ", on the same side and further out: test the interval, not particular values" if listed else
                ": the time of its absolute value, so its sign is dropped (abs) before (0, 1] is tested" if dropped else
                ", on the same side and nearer to it: the refusal does not start where (0, 1] ends" if nearer else ""))


def _sign_dropped(diagnose, bad) -> bool:
    """Whether a negative utilization got the time of its absolute value (abs() before an interval test): mapped, not
    a value the function failed to list."""
    seen, (N, P, rate), u = diagnose.outcome("prefill_seconds", bad), bad.args[:3], abs(bad.kwargs["utilization"])
    try:
        return 0 < u <= 1 and math.isclose(float(seen.value), 2 * N * P / (rate * u), rel_tol=1e-6)
    except (TypeError, ValueError, OverflowError):
        return False


def _beyond(utilization: float) -> float:
    """How far outside (0, 1] a bad utilization lies (NaN: on no side)."""
    return utilization - 1 if utilization > 1 else -utilization if utilization <= 0 else math.nan


@pytest.mark.parametrize("utilization", BAD, ids=["zero", "negative", "above_one", "just_above_one", "nan"])
def test_rejects_bad_utilization(student, diagnose, utilization):
    """utilization outside (0, 1] raises ValueError (and a good one does not)."""
    case = probe(7e9, 1000, 1e14, utilization=utilization)
    call = format_call("prefill_seconds", case.args, case.kwargs)
    nan = math.isnan(utilization)
    nan_note = " (a comparison with NaN is always False, so write the test so that NaN fails it)" if nan else ""
    try:
        got = student.prefill_seconds(7e9, 1000, 1e14, utilization=utilization)
    except ValueError:
        if not _good_utilization_works(diagnose):  # (the property says what is missing, not the refusal it earns)
            missing, raised = _no_time(diagnose)
            fail("prefill_seconds must compute a time for every utilization inside (0, 1]: refusing the others "
                 "earns nothing without it", f"{call} raised ValueError, but a good utilization gets no time (a "
                 f"positive number of seconds, computed from the arguments): {missing}" + (
                     ". The error must come from the check of the utilization, and only when it is outside (0, 1]"
                     if raised else ""))
        if accepted := _not_refused(diagnose):
            fail("prefill_seconds must raise ValueError for every utilization outside (0, 1], not for a few values",
                 _not_refused_detail(diagnose, call, utilization, accepted))
        return
    except Exception as exc:  # noqa: BLE001 - the student's own exception, rebuilt as its built-in type
        name = type(exc).__name__
        fail(f"prefill_seconds raised {name} for a utilization outside (0, 1]; the lesson asks for ValueError",
             f"{getattr(exc, 'grader_text', call)}; the lesson asks for ValueError{nan_note}",
             diagnosis=diagnose("prefill_seconds", REFUSALS))
    except UnsupportedResult:
        got, timed = "a value of an unsupported type (an exception object?)", False
    else:
        timed = not nan and isinstance(got, (int, float, np.number)) and not isinstance(got, (bool, np.bool_))
        got = describe(got)
    # a time returned for a utilization of 0, below 0 or above 1 is what seconds.accepts-out-of-range says, seen
    # directly: given when no model of a particular check says more
    fail(f"a utilization outside (0, 1] must raise ValueError{nan_note}",
         f"{call} returned {got} instead of raising ValueError: utilization must be in (0, 1]{nan_note}",
         diagnosis=diagnose("prefill_seconds", REFUSALS) or ("seconds.accepts-out-of-range" if timed else None))


def test_integer_arguments(student, reference, diagnose):
    """Whole-number arguments, utilization=1 among them, give the time too."""
    _check(student, reference, diagnose, probe(3_000_000_000, 2048, 10**14, utilization=1),
           "prefill_seconds must give the time for whole-number (int) arguments too, utilization=1 among them")


def test_own_numbers(student, reference, diagnose, variant):
    """The student's own model, prompt, GPU and utilization (their Part 1 numbers), run only when graded with them
    (grader.lesson.variants); a time right for their own prefill_flops passes (error carried forward)."""
    for args in variant.calls_of("prefill_seconds"):
        _check(student, reference, diagnose, probe(*args),
               "prefill_seconds must equal prefill_flops / (flops_per_sec · utilization) for your own numbers "
               "(Part 1's) too")


# The whole domain of the lesson's contract (lesson.toml, [contract.prefill_seconds]; grader.grading.domain).
WHOLE_DOMAIN = ("prefill_seconds must give FLOPs / (flops_per_sec · utilization) for every input the lesson allows: "
    "any sizes, rates from 1e9 to 1e18 FLOP/s, utilization anywhere in (0, 1]")
OWN_ANSWER = ("prefill_seconds must give each call the answer for its own arguments, called again and again "
              "with one changed")


@pytest.mark.weight(2)
def test_whole_domain(student, reference, diagnose, domain):
    """prefill_seconds: right across the lesson's whole domain (each range's ends first, in every type)
    (a time right for the student's own prefill_flops passes here too: error carried forward)."""
    draws = domain.draw("prefill_seconds", 16)
    for (args, kwargs), right in zip(draws, domain.right_ahead("prefill_seconds", draws), strict=True):
        if not right:  # (asked all together first: only what is not right already is asked singly)
            _check(student, reference, diagnose, probe(*args, **kwargs), WHOLE_DOMAIN)


def test_repeated_calls(student, reference, diagnose, domain):
    """prefill_seconds: each call's own answer, called again and again with one argument changed at a time."""
    sequence = domain.sequence("prefill_seconds", domain.draw("prefill_seconds", 12)[-3:])
    if all(domain.right_ahead("prefill_seconds", sequence)):  # all right, asked together in the same order
        return
    for args, kwargs in sequence:
        _check(student, reference, diagnose, probe(*args, **kwargs), OWN_ANSWER)


EVERYWHERE = ("prefill_seconds must refuse (with ValueError) a utilization outside (0, 1] whatever the other "
              "arguments are: one token, one parameter, the slowest and fastest rates")


def test_refuses_whatever_the_others(domain):
    """prefill_seconds: each value the lesson refuses is refused beside the contract's corners too (the smallest
    and largest other arguments), not only beside the lesson's example."""
    domain.check_refusals("prefill_seconds", domain.draw("prefill_seconds", 3), EVERYWHERE)
