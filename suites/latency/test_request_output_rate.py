"""request_output_rate(n_out, elapsed) = n_out / elapsed (the worked example: 5 / 0.40 = 12.5 tokens/s)."""

import re

import pytest

from grader.checks import CheckFailed, confirmed, fail, is_close, number, refuses_by_rule

pytestmark = pytest.mark.task("request_output_rate")

TELLING = [(5, 0.4), (1, 2.0), (37, 0.9), (1000, 250.0), (7, 4.0)]  # a model is named only where it agrees on these too
# (7 / 4 = 1.75: floor division gives 1, round() 2, and the worked example 12.5 rounds to 12 both ways: o10, round 8)


def _mistake(got, n_out, elapsed) -> tuple[str, str | None]:
    """What a wrong rate most likely is, in words that give away no input, and its diagnosis (diagnoses.toml)."""
    if n_out > 1 and is_close(got, (n_out - 1) / elapsed, 1e-6):
        return ("that counts only the n_out − 1 decode steps, as a steady decode rate would; the request output "
                "rate counts all n_out outputs, the first one too, over the whole request"), "latency.rates-confused"
    if is_close(got, elapsed / n_out, 1e-6):
        # the same values as the arguments taken in the other order: both said, neither named
        return ("that is elapsed / n_out, the inverse of the rate (seconds per token, or the two arguments taken in "
                "the other order): the rate is tokens per second, n_out / elapsed"), None
    return "", None


def _why(got, *args) -> str:
    return _mistake(got, *args)[0]


# Where the mistakes _mistake tells apart all differ from each other and from the right n_out / elapsed.
CONFIRM = [(7, 0.3), (3, 2.5)]


def _check(student, n_out, elapsed, want, property):
    call = f"request_output_rate({n_out}, {elapsed})"
    try:
        got = number(student.request_output_rate(n_out, elapsed), call)
    except ValueError as exc:
        fail(f"{property}: these arguments are valid, so request_output_rate must not raise ValueError",
             f"{call} raised ValueError({str(exc)!r}), but the arguments are valid: {property}")
    if not is_close(got, want, 1e-6):
        why, diagnosis = _mistake(got, n_out, elapsed)
        if why and not confirmed(student, "request_output_rate", CONFIRM, _why, why):
            why, diagnosis = "", None  # one call's coincidence names no cause
        fail(f"{property}: {why}" if why else property,
             f"{call} returned {got:g}, expected {want:g} tokens per second (n_out / elapsed)"
             + (f": {why}" if why else ""), diagnosis=diagnosis)


@pytest.mark.weight(2)
def test_lesson_example(student):
    """Five outputs in 0.40 s are a total request output rate of 12.5 tokens per second."""
    _check(student, 5, 0.40, 12.5,
           "request_output_rate must reproduce the worked example: 5 / 0.40 = 12.5 tokens per second")


def test_own_numbers(student, reference, variant):
    """The student's own request (their Part 1 numbers), run only when graded with them (grader.lesson.variants)."""
    for n_out, elapsed in variant.calls_of("request_output_rate"):
        _check(student, n_out, elapsed, reference.request_output_rate(n_out, elapsed),
               "request_output_rate must be n_out / elapsed for your own request (Part 1's numbers) too")


@pytest.mark.weight(2)
def test_other_sizes(student, reference, rng):
    """Agrees with n_out / elapsed for other requests."""
    for _ in range(5):
        n_out = int(rng.integers(2, 4096))
        elapsed = round(float(rng.uniform(0.05, 120.0)), 3)
        _check(student, n_out, elapsed, reference.request_output_rate(n_out, elapsed),
               "request_output_rate must be n_out / elapsed for other requests too")


# (n_out, elapsed, the argument that is wrong)
BAD = [(0, 0.4, "n_out"), (-5, 0.4, "n_out"), (5, 0.0, "elapsed"), (5, -0.4, "elapsed")]
RULES = {"n_out": "n_out < 1", "elapsed": "an elapsed time that is zero or negative"}
# Asked only by the rejection checks (hidden), so the student bundle ships none of them (grader.authoring.public):
# valid arguments must get an answer and other invalid ones a ValueError too (refuses_by_rule; issue 25).
FUNCTION = "request_output_rate"
VALID = [(3, 0.9), (1, 0.001), (700, 42.0)]
RULE = "n_out < 1, or an elapsed time that is zero or negative"
INVALID = [(-2, 0.9), (3, -1e-9), (3, -4.0), (-1, 12.0)]


def _value_error(student, n_out, elapsed, argument):
    call = f"request_output_rate({n_out}, {elapsed})"
    rule = RULES[argument]
    try:
        got = student.request_output_rate(n_out, elapsed)
    except ValueError as exc:
        return exc, call
    except ArithmeticError as exc:
        fail(f"request_output_rate raised {type(exc).__name__} for {rule}; check {argument} first and raise "
             "ValueError", f"{call} raised {type(exc).__name__}; check {argument} first and raise ValueError")
    except AssertionError:
        fail("request_output_rate raised AssertionError: an assert is not a ValueError; raise ValueError explicitly",
             f"{call} raised AssertionError: an assert is not a ValueError; raise ValueError explicitly")
    except Exception as exc:  # noqa: BLE001 - the student's own exception, rebuilt as its built-in type
        fail(f"request_output_rate raised {type(exc).__name__} for {rule}; the lesson asks for ValueError",
             f"{call} raised {type(exc).__name__}: {exc}; the lesson asks for ValueError")
    fail(f"{rule} must raise ValueError", f"{call} returned {got!r}; {rule} must raise ValueError")


def test_rejects_bad_inputs(student):
    """n_out < 1 and an elapsed time that is zero or negative raise ValueError."""
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
    """The ValueError's message names the argument that is wrong (n_out or elapsed)."""
    for n_out, elapsed, argument in BAD:
        exc, call = _value_error(student, n_out, elapsed, argument)
        if argument not in re.sub(r"[\s-]+", "_", str(exc).lower()):
            fail(f"the ValueError for {RULES[argument]} must say which argument is wrong: name {argument} in "
                 "its message",
                 f"{call} raised ValueError({str(exc)!r}): the message must say which argument is wrong "
                 f"by naming {argument}")
    refuses_by_rule(student, FUNCTION, VALID, INVALID, RULE)


# The whole domain of the lesson's contract (lesson.toml, [contract.request_output_rate]; grader.grading.domain).
WHOLE_DOMAIN = ("request_output_rate must give n_out / elapsed for every n_out ≥ 1 and positive elapsed time, ints or"
    " floats")
OWN_ANSWER = ("request_output_rate must give each call the answer for its own arguments, called again and again "
              "with one changed")


@pytest.mark.weight(2)
def test_whole_domain(domain):
    """request_output_rate: right across the lesson's whole domain (each range's ends first, in every type)."""
    domain.check("request_output_rate", domain.draw("request_output_rate", 16), WHOLE_DOMAIN, TELLING)


def test_repeated_calls(domain):
    """request_output_rate: each call's own answer, called again and again with one argument changed at a time."""
    domain.check_sequence("request_output_rate", domain.draw("request_output_rate", 12)[-3:], OWN_ANSWER, TELLING)


EVERYWHERE = ("request_output_rate must refuse (with ValueError) n_out < 1 and an elapsed time that is zero or "
              "negative whatever the other argument is")


def test_refuses_whatever_the_others(domain):
    """request_output_rate: each value the lesson refuses is refused beside the contract's corners too (the smallest
    and largest other arguments), not only beside the lesson's example."""
    domain.check_refusals("request_output_rate", domain.draw("request_output_rate", 3), EVERYWHERE)
