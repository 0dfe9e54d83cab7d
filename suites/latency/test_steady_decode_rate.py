"""steady_decode_rate(itl) = 1/ITL tokens per second (the worked example: 1/0.05 = 20 tokens/s)."""

import re

import pytest

from grader.checks import confirmed, fail, is_close, number, refuses_by_rule

pytestmark = pytest.mark.task("steady_decode_rate")

TELLING = [(0.05,), (0.3,), (2.0,), (0.0007,)]  # a model of a misconception is named only when it agrees on these too


def _mistake(got, itl) -> str:
    if is_close(got, itl, 1e-6):
        return "that is ITL itself, seconds per token; the rate is its inverse, 1 / ITL tokens per second"
    if is_close(got, 1000 / itl, 1e-6):
        return "ITL is in seconds, not milliseconds: the rate is 1 / ITL"
    if got == int(1 / itl) or got == round(1 / itl):
        return "don't round the rate to whole tokens: 1 / ITL"
    return ""


# Where the mistakes _mistake tells apart all differ from each other and from the right 1 / ITL (not whole).
CONFIRM = [(0.3,), (0.007,)]


def _check(student, itl, want, property):
    call = f"steady_decode_rate({itl})"
    try:
        got = number(student.steady_decode_rate(itl), call)
    except ValueError as exc:
        fail(f"{property}: these arguments are valid, so steady_decode_rate must not raise ValueError",
             f"{call} raised ValueError({str(exc)!r}), but the arguments are valid: {property}")
    if not is_close(got, want, 1e-6):
        why = _mistake(got, itl)
        if why and not confirmed(student, "steady_decode_rate", CONFIRM, _mistake, why):
            why = ""  # one call's coincidence names no cause
        fail(f"{property}: {why}" if why else property,
             f"{call} returned {got:g}, expected {want:g} tokens per second (1 / ITL)" + (f": {why}" if why else ""))


@pytest.mark.weight(2)
def test_lesson_example(student):
    """An ITL of 0.05 s is a steady decode rate of 20 tokens per second."""
    _check(student, 0.05, 20, "steady_decode_rate must reproduce the worked example: 1 / 0.05 = 20 tokens per second")


def test_own_numbers(student, reference, variant):
    """The student's own ITL (their Part 1 numbers), run only when graded with it (grader.lesson.variants)."""
    for (itl,) in variant.calls_of("steady_decode_rate"):
        _check(student, itl, reference.steady_decode_rate(itl),
               "steady_decode_rate must be 1 / ITL for your own request (Part 1's numbers) too")


@pytest.mark.weight(2)
def test_other_sizes(student, reference, rng):
    """Agrees with 1/ITL for other inter-token latencies."""
    for _ in range(5):
        itl = round(float(rng.uniform(0.001, 0.5)), 4)
        _check(student, itl, reference.steady_decode_rate(itl),
               "steady_decode_rate must be 1 / ITL for other inter-token latencies too")


def _value_error(student, itl):
    call = f"steady_decode_rate({itl})"
    try:
        got = student.steady_decode_rate(itl)
    except ValueError as exc:
        return exc, call
    except ArithmeticError as exc:
        fail(f"steady_decode_rate raised {type(exc).__name__} for an ITL that is zero or negative; check itl "
             "first and raise ValueError", f"{call} raised {type(exc).__name__}; check itl first and raise ValueError")
    except AssertionError:
        fail("steady_decode_rate raised AssertionError: an assert is not a ValueError; raise ValueError explicitly",
             f"{call} raised AssertionError: an assert is not a ValueError; raise ValueError explicitly")
    except Exception as exc:  # noqa: BLE001 - the student's own exception, rebuilt as its built-in type
        fail(f"steady_decode_rate raised {type(exc).__name__} for an ITL that is zero or negative; the lesson asks for "
             "ValueError",
             f"{call} raised {type(exc).__name__}: {exc}; the lesson asks for ValueError")
    fail("an ITL that is zero or negative must raise ValueError",
         f"{call} returned {got!r}; an ITL that is zero or negative must raise ValueError")


BAD = [0.0, -0.05]
# Asked only by the rejection checks (hidden), so the student bundle ships none of them (grader.authoring.public):
# valid arguments must get an answer and other invalid ones a ValueError too (refuses_by_rule; issue 25).
FUNCTION = "steady_decode_rate"
VALID = [(0.37,), (2.0,), (1e-5,)]
RULE = "an ITL that is zero or negative"
INVALID = [(-1e-9,), (-3.0,), (-1e-5,)]


def test_rejects_bad_itl(student):
    """An ITL that is zero or negative raises ValueError."""
    for itl in BAD:
        _value_error(student, itl)
    refuses_by_rule(student, FUNCTION, VALID, INVALID, RULE)


def test_error_names_the_argument(student):
    """The ValueError's message names itl."""
    for itl in BAD:
        exc, call = _value_error(student, itl)
        if "itl" not in re.sub(r"[\s-]+", "_", str(exc).lower()):
            fail("the ValueError for a bad ITL must say which argument is wrong: name itl in its message",
                 f"{call} raised ValueError({str(exc)!r}): the message must say which argument is wrong "
                 "by naming itl")
    refuses_by_rule(student, FUNCTION, VALID, INVALID, RULE)


# The whole domain of the lesson's contract (lesson.toml, [contract.steady_decode_rate]; grader.grading.domain).
WHOLE_DOMAIN = ("steady_decode_rate must give 1 / ITL for every positive ITL, int or float, however large or small")
OWN_ANSWER = ("steady_decode_rate must give each call the answer for its own arguments, called again and again "
              "with one changed")


@pytest.mark.weight(2)
def test_whole_domain(domain):
    """steady_decode_rate: right across the lesson's whole domain (each range's ends first, in every type)."""
    domain.check("steady_decode_rate", domain.draw("steady_decode_rate", 16), WHOLE_DOMAIN, TELLING)


def test_repeated_calls(domain):
    """steady_decode_rate: each call's own answer, called again and again with one argument changed at a time."""
    domain.check_sequence("steady_decode_rate", domain.draw("steady_decode_rate", 12)[-3:], OWN_ANSWER, TELLING)
