"""arithmetic_intensity(bytes_per_param) ≈ 2/b FLOPs per byte for a single-sequence dense weight scan.

2N FLOPs (a multiply and an add per parameter) over N·b bytes of weights: 2/b, so 1 FLOP per
byte for b = 2 (16-bit weights), as the chapter's reference code asserts.
"""

import re

import pytest

from grader.checks import confirmed, fail, is_close, number, refuses_by_rule

pytestmark = pytest.mark.task("arithmetic_intensity")

TELLING = [(0.5,), (2,), (4.0,), (1.5,)]  # a model of a misconception is named only when it agrees on these too


def _mistake(got, b) -> str:
    if not is_close(b, 2) and is_close(got, b / 2, 1e-6):
        return "that is b / 2, upside down: intensity is FLOPs per byte, 2N FLOPs / (N·b) bytes = 2 / b"
    if is_close(got, 1 / b, 1e-6):
        return ("that is 1 / b, a factor 2 short: each parameter costs a multiply and an add, 2N FLOPs for the N·b "
                "bytes read once")
    if is_close(got, 2 * b, 1e-6):
        return "that multiplies by b; divide the 2N FLOPs by the N·b bytes: 2 / b"
    if is_close(got, 2 / (8 * b), 1e-6):
        return ("that is FLOPs per bit, an eighth of the intensity: b is already bytes per parameter, and intensity "
                "is FLOPs per byte, 2N FLOPs / (N·b) bytes = 2 / b")
    return ""


# Where the mistakes _mistake tells apart all differ from each other and from the right 2 / b.
CONFIRM = [(3.0,), (0.25,)]


def _check(student, b, want, property):
    call = f"arithmetic_intensity({b})"
    try:
        got = number(student.arithmetic_intensity(b), call)
    except ValueError as exc:
        fail(f"{property}: these arguments are valid, so arithmetic_intensity must not raise ValueError",
             f"{call} raised ValueError({str(exc)!r}), but the arguments are valid: {property}")
    if not is_close(got, want, 1e-6):
        why = _mistake(got, b)
        if why and not confirmed(student, "arithmetic_intensity", CONFIRM, _mistake, why):
            why = ""  # one call's coincidence names no cause
        fail(f"{property}: {why}" if why else property,
             f"{call} returned {got:g}, expected {want:g} FLOPs per byte (2 / b)" + (f": {why}" if why else ""))


@pytest.mark.weight(2)
def test_lesson_example(student):
    """Two bytes per parameter (16-bit weights) give 2/2 = 1 FLOP per byte."""
    _check(student, 2, 1, "arithmetic_intensity must reproduce the chapter: 2 / 2 = 1 FLOP per byte for b = 2")


@pytest.mark.weight(2)
def test_other_sizes(student, reference, rng):
    """Agrees with 2/b for 8-bit, 4-bit and 32-bit weights and other widths."""
    for b in [1, 0.5, 4, round(float(rng.uniform(0.1, 8.0)), 3)]:
        _check(student, b, reference.arithmetic_intensity(b),
               "arithmetic_intensity must be 2 / b for other weight widths too")


def _value_error(student, b):
    call = f"arithmetic_intensity({b})"
    try:
        got = student.arithmetic_intensity(b)
    except ValueError as exc:
        return exc, call
    except ArithmeticError as exc:
        fail(f"arithmetic_intensity raised {type(exc).__name__} for bytes_per_param that is not positive; "
             "check bytes_per_param first and raise ValueError",
             f"{call} raised {type(exc).__name__}; check bytes_per_param first and raise ValueError")
    except AssertionError:
        fail("arithmetic_intensity raised AssertionError: an assert is not a ValueError; raise ValueError "
             "explicitly", f"{call} raised AssertionError: an assert is not a ValueError; raise ValueError explicitly")
    except Exception as exc:  # noqa: BLE001 - the student's own exception, rebuilt as its built-in type
        fail(f"arithmetic_intensity raised {type(exc).__name__} for bytes_per_param that is zero or negative; the "
             "lesson asks for ValueError",
             f"{call} raised {type(exc).__name__}: {exc}; the lesson asks for ValueError")
    fail("bytes_per_param that is zero or negative must raise ValueError",
         f"{call} returned {got!r}; bytes_per_param that is zero or negative must raise ValueError")


BAD = [0, -2]
# Asked only by the rejection checks (hidden), so the student bundle ships none of them (grader.authoring.public):
# valid arguments must get an answer and other invalid ones a ValueError too (refuses_by_rule; issue 25).
FUNCTION = "arithmetic_intensity"
VALID = [(0.25,), (3.0,), (6.0,)]
RULE = "bytes_per_param that is zero or negative"
INVALID = [(-1e-9,), (-0.5,), (-7.0,)]


def test_rejects_bad_bytes(student):
    """bytes_per_param that is zero or negative raises ValueError."""
    for b in BAD:
        _value_error(student, b)
    refuses_by_rule(student, FUNCTION, VALID, INVALID, RULE)


def test_error_names_the_argument(student):
    """The ValueError's message names bytes_per_param."""
    for b in BAD:
        exc, call = _value_error(student, b)
        if "bytes_per_param" not in re.sub(r"[\s-]+", "_", str(exc).lower()):
            fail("the ValueError for bad bytes_per_param must say which argument is wrong: name bytes_per_param in "
                 "its message",
                 f"{call} raised ValueError({str(exc)!r}): the message must say which argument is wrong "
                 "by naming bytes_per_param")
    refuses_by_rule(student, FUNCTION, VALID, INVALID, RULE)


# The whole domain of the lesson's contract (lesson.toml, [contract.arithmetic_intensity]; grader.grading.domain).
WHOLE_DOMAIN = ("arithmetic_intensity must give 2 / bytes_per_param for every positive bytes_per_param, int or float")
OWN_ANSWER = ("arithmetic_intensity must give each call the answer for its own arguments, called again and again "
              "with one changed")


@pytest.mark.weight(2)
def test_whole_domain(domain):
    """arithmetic_intensity: right across the lesson's whole domain (each range's ends first, in every type)."""
    domain.check("arithmetic_intensity", domain.draw("arithmetic_intensity", 16), WHOLE_DOMAIN, TELLING)


def test_repeated_calls(domain):
    """arithmetic_intensity: each call's own answer, called again and again with one argument changed at a time."""
    domain.check_sequence("arithmetic_intensity", domain.draw("arithmetic_intensity", 12)[-3:], OWN_ANSWER, TELLING)
