"""request_seconds(ttft, itl, n_out) ≈ TTFT + (n_out − 1)·ITL (the worked example: 0.20 + 4 × 0.05 = 0.40 s)."""

import re

import pytest

from grader.checks import CheckFailed, confirmed, fail, is_close, number, refuses_by_rule

pytestmark = pytest.mark.task("request_seconds")

TELLING = [(0.2, 0.05, 5), (1.5, 0.02, 1), (0.03, 0.4, 12), (7.0, 0.001, 300)]  # a model agrees on these too

FORMULA = "TTFT + (n_out − 1)·ITL: the first token arrives after TTFT, then come n_out − 1 gaps of ITL"


def _mistake(got, ttft, itl, n_out) -> tuple[str, str | None]:
    """What a wrong time most likely forgot, in words that give away no input, and its diagnosis
    (diagnoses.toml), given only when the symptom is unambiguous."""
    if is_close(got, ttft + n_out * itl, 1e-6):
        return "that counts n_out gaps of ITL; after the first token come only n_out − 1 gaps", "latency.n-out-gaps"
    without_ttft = is_close(got, (n_out - 1) * itl, 1e-6) or is_close(got, n_out * itl, 1e-6)
    if without_ttft and is_close(got, ttft, 1e-6):  # the worked example: 4 × 0.05 s of gaps is also TTFT's 0.20 s
        return "that is only one of the two parts: TTFT for the first token, then n_out − 1 gaps of ITL", None
    if without_ttft:
        return "that forgets TTFT: the request waits TTFT for its first token before the gaps of ITL", \
            "latency.forgot-ttft"
    if is_close(got, ttft, 1e-6):
        return "that is TTFT alone: add the n_out − 1 gaps of ITL after the first token", None
    return "", None


ONE_GAP = ("that counts one gap of ITL for a single output, where n_out − 1 = 0 gaps follow the first token "
           "(a count of gaps kept at least 1); with more outputs the time is right")


def _why(got, *args) -> str:
    return _mistake(got, *args)[0]


def _right(student, args, right: float) -> bool:
    try:
        return is_close(float(student.request_seconds(*args)), right, 1e-6)
    except Exception:  # noqa: BLE001 - no answer there: not right
        return False


# Where the mistakes _mistake tells apart all differ from each other and from a swapped argument order; and what
# a right request_seconds gives each, as data (the formula in code would ship the solution in the public suite)
CONFIRM = [(0.3, 0.01, 7), (0.02, 0.5, 3)]
CONFIRM_RIGHT = (0.36, 1.02)


def _check(student, ttft, itl, n_out, want, property):
    call = f"request_seconds({ttft}, {itl}, {n_out})"
    try:
        got = number(student.request_seconds(ttft, itl, n_out), call)
    except ValueError as exc:
        fail(f"{property}: these arguments are valid, so request_seconds must not raise ValueError",
             f"{call} raised ValueError({str(exc)!r}), but the arguments are valid: {property}")
    if not is_close(got, want, 1e-6):
        why, diagnosis = _mistake(got, ttft, itl, n_out)
        confirm = zip(CONFIRM, CONFIRM_RIGHT, strict=True)
        if n_out == 1 and is_close(got, ttft + itl, 1e-6) and all(_right(student, *each) for each in confirm):
            why, diagnosis = ONE_GAP, None  # n_out gaps and one gap agree at n_out = 1: more outputs tell them apart
        elif why and not confirmed(student, "request_seconds", CONFIRM, _why, why):
            why, diagnosis = "", None  # one call's coincidence (n_out = 1: ITL is also n_out · ITL) names no cause
        fail(f"{property}: {why}" if why else property,
             f"{call} returned {got:g}, expected {want:g} ({FORMULA})" + (f": {why}" if why else ""),
             diagnosis=diagnosis)


@pytest.mark.weight(2)
def test_lesson_example(student):
    """TTFT = 0.20 s, then four more tokens 0.05 s apart: five outputs finish in 0.40 s."""
    _check(student, 0.20, 0.05, 5, 0.40,
           "request_seconds must reproduce the worked example: 0.20 + 4 × 0.05 = 0.40 s for five outputs")


def test_own_numbers(student, reference, variant):
    """The student's own request (their Part 1 numbers), run only when graded with them (grader.lesson.variants)."""
    for ttft, itl, n_out in variant.calls_of("request_seconds"):
        _check(student, ttft, itl, n_out, reference.request_seconds(ttft, itl, n_out),
               "request_seconds must be TTFT + (n_out − 1)·ITL for your own request (Part 1's numbers) too")


def test_one_token(student):
    """A request that emits one token takes TTFT alone: no gap follows the first token."""
    _check(student, 0.20, 0.05, 1, 0.20, "a single output token takes TTFT alone (n_out − 1 = 0 gaps of ITL)")


@pytest.mark.weight(2)
def test_other_sizes(student, reference, rng):
    """Agrees with TTFT + (n_out − 1)·ITL for other requests."""
    for _ in range(5):
        ttft = round(float(rng.uniform(0.01, 3.0)), 3)
        itl = round(float(rng.uniform(0.002, 0.2)), 4)
        n_out = int(rng.integers(2, 4096))
        _check(student, ttft, itl, n_out, reference.request_seconds(ttft, itl, n_out),
               "request_seconds must be TTFT + (n_out − 1)·ITL for other requests too")


# (ttft, itl, n_out, the argument that is wrong)
BAD = [(0.2, 0.05, 0, "n_out"), (0.2, 0.05, -3, "n_out"), (0.0, 0.05, 5, "ttft"), (-0.2, 0.05, 5, "ttft"),
       (0.2, 0.0, 5, "itl"), (0.2, -0.05, 5, "itl")]
RULES = {"n_out": "n_out < 1", "ttft": "a TTFT that is zero or negative", "itl": "an ITL that is zero or negative"}
# Asked only by the rejection checks (hidden), so the student bundle ships none of them (grader.authoring.public):
# valid arguments must get an answer and other invalid ones a ValueError too (refuses_by_rule; issue 25).
FUNCTION = "request_seconds"
VALID = [(1.7, 0.013, 3), (0.004, 2.5, 1), (12.5, 0.75, 250)]
RULE = "n_out < 1, or a TTFT or ITL that is zero or negative"
INVALID = [(1.7, 0.013, -1), (-1e-9, 0.013, 3), (1.7, -1e-9, 3), (1.7, -2.0, 3), (-5.0, 0.013, 3)]


def _value_error(student, ttft, itl, n_out, argument):
    """The ValueError that request_seconds raised for a bad argument, or fail saying what happened."""
    call = f"request_seconds({ttft}, {itl}, {n_out})"
    rule = RULES[argument]
    try:
        got = student.request_seconds(ttft, itl, n_out)
    except ValueError as exc:
        return exc, call
    except ArithmeticError as exc:
        fail(f"request_seconds raised {type(exc).__name__} for {rule}; check {argument} first and raise ValueError",
             f"{call} raised {type(exc).__name__}; check {argument} first and raise ValueError")
    except AssertionError:
        fail("request_seconds raised AssertionError: an assert is not a ValueError; raise ValueError explicitly",
             f"{call} raised AssertionError: an assert is not a ValueError; raise ValueError explicitly")
    except Exception as exc:  # noqa: BLE001 - the student's own exception, rebuilt as its built-in type
        fail(f"request_seconds raised {type(exc).__name__} for {rule}; the lesson asks for ValueError",
             f"{call} raised {type(exc).__name__}: {exc}; the lesson asks for ValueError")
    fail(f"{rule} must raise ValueError", f"{call} returned {got!r}; {rule} must raise ValueError")


@pytest.mark.weight(2)
def test_rejects_bad_inputs(student):
    """n_out < 1 and a TTFT or ITL that is zero or negative raise ValueError."""
    failed = []
    for case in BAD:  # every rule asked, so that a function that checks none is told of each
        try:
            _value_error(student, *case)
        except CheckFailed as exc:
            failed.append(exc)
    if failed:
        fail("; ".join(dict.fromkeys(exc.property for exc in failed)), "\n".join(str(exc) for exc in failed))
    refuses_by_rule(student, FUNCTION, VALID, INVALID, RULE)


def test_error_names_the_argument(student):
    """The ValueError's message names the argument that is wrong (n_out, ttft or itl)."""
    for ttft, itl, n_out, argument in BAD:
        exc, call = _value_error(student, ttft, itl, n_out, argument)
        if argument not in re.sub(r"[\s-]+", "_", str(exc).lower()):
            fail(f"the ValueError for {RULES[argument]} must say which argument is wrong: name {argument} in "
                 "its message",
                 f"{call} raised ValueError({str(exc)!r}): the message must say which argument is wrong "
                 f"by naming {argument}")
    refuses_by_rule(student, FUNCTION, VALID, INVALID, RULE)


# The whole domain of the lesson's contract (lesson.toml, [contract.request_seconds]; grader.grading.domain).
WHOLE_DOMAIN = ("request_seconds must give TTFT + (n_out − 1) · ITL for every valid input: any positive times, ints "
    "or floats, n_out ≥ 1")
OWN_ANSWER = ("request_seconds must give each call the answer for its own arguments, called again and again "
              "with one changed")


@pytest.mark.weight(2)
def test_whole_domain(domain):
    """request_seconds: right across the lesson's whole domain (each range's ends first, in every type)."""
    domain.check("request_seconds", domain.draw("request_seconds", 16), WHOLE_DOMAIN, TELLING)


def test_repeated_calls(domain):
    """request_seconds: each call's own answer, called again and again with one argument changed at a time."""
    domain.check_sequence("request_seconds", domain.draw("request_seconds", 12)[-3:], OWN_ANSWER, TELLING)


EVERYWHERE = ("request_seconds must refuse (with ValueError) n_out < 1 and a TTFT or ITL that is zero or negative "
              "whatever the other arguments are: one output (n_out = 1), the shortest and longest times")


def test_refuses_whatever_the_others(domain):
    """request_seconds: each value the lesson refuses is refused beside the contract's corners too (the smallest
    and largest other arguments), not only beside the lesson's example."""
    domain.check_refusals("request_seconds", domain.draw("request_seconds", 3), EVERYWHERE)
