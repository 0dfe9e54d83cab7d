"""prefill_flops(N, P) = 2·N·P (the lesson's worked example: 7e9 × 1000 → 1.4e13).

A wrong count is diagnosed by the model of a misconception it agrees with (models.py,
diagnoses.toml): asked about the failing input and a few others that tell the models apart
(never the lesson's own example, which a student may have written in), it must behave like
that model on every one of them.
"""

import numpy as np
import pytest

from grader.checks import answer, fail, format_call, is_close, number, probe

pytestmark = pytest.mark.task("prefill_flops")

# A number returned inside something (a dict, a list, a tuple, an array) is what flops.returned-container says,
# seen directly from the type, whatever else it holds.
CONTAINERS = dict.fromkeys((dict, list, tuple, np.ndarray), "flops.returned-container")
# Inputs on which the models of the misconceptions differ from each other and from 2·N·P.
TELLING = [probe(2e9, 77), probe(1.3e8, 4096), probe(5e10, 3)]


def _flops(student, diagnose, N, P, call: str) -> float:
    def explain():
        return diagnose("prefill_flops", [probe(N, P), *TELLING])
    return number(answer(student, "prefill_flops", N, P, explain=explain), call, by_type=CONTAINERS, explain=explain)


def _check(student, diagnose, N, P, want, property, detail=""):
    call = format_call("prefill_flops", (N, P), {})
    got = _flops(student, diagnose, N, P, call)
    if not is_close(got, want):
        fail(property, f"{call} returned {got:g}" + (f"; {detail}" if detail else f", expected {want:g} (2 · N · P)"),
             diagnosis=diagnose("prefill_flops", [probe(N, P), *TELLING]))


@pytest.mark.weight(2)
def test_lesson_example(student, diagnose):
    """7e9 parameters and a 1000-token prompt cost 1.4e13 FLOPs."""
    _check(student, diagnose, 7e9, 1000, 1.4e13,
           "prefill_flops(N, P) must be 2 · N · P: the lesson's worked example gives 2 · 7e9 · 1000 = 1.4e13 FLOPs",
           "the lesson's worked example gives 2 · 7e9 · 1000 = 1.4e13 FLOPs")


def test_smallest(student, diagnose):
    """One parameter and one token cost 2 FLOPs (one multiply, one add)."""
    _check(student, diagnose, 1, 1, 2,
           "one parameter and one token must cost 2 FLOPs: a multiply and an add per parameter per token",
           "a multiply and an add per parameter per token make 2")


@pytest.mark.weight(3)
def test_other_sizes(student, reference, diagnose, rng):
    """Agrees with 2·N·P for other model and prompt sizes."""
    for _ in range(5):
        N, P = float(rng.integers(1, 200)) * 1e8, int(rng.integers(1, 32_768))
        _check(student, diagnose, N, P, reference.prefill_flops(N, P),
               "prefill_flops(N, P) must be 2 · N · P for other model and prompt sizes too")


def test_integer_arguments(student, reference, diagnose):
    """Whole-number arguments (an int parameter count) give 2·N·P too."""
    N, P = 3_000_000_000, 2048
    _check(student, diagnose, N, P, reference.prefill_flops(N, P),
           "prefill_flops(N, P) must be 2 · N · P for whole-number (int) arguments too")


def test_own_numbers(student, reference, diagnose, variant):
    """The student's own model and prompt (their Part 1 numbers): 2·N·P there too.

    Run only when a submission is graded with a student's own numbers (grader.lesson.variants); hidden, as
    its expected value is their by-hand answer."""
    for N, P in variant.calls_of("prefill_flops"):
        _check(student, diagnose, N, P, reference.prefill_flops(N, P),
               "prefill_flops(N, P) must be 2 · N · P for your own model and prompt (Part 1's numbers) too")


# The whole domain of the lesson's contract (lesson.toml, [contract.prefill_flops]; grader.grading.domain).
WHOLE_DOMAIN = ("prefill_flops(N, P) must be 2 · N · P for every model and prompt size the lesson allows (N, P ≥ 1; "
    "ints, floats and numpy scalars)")
OWN_ANSWER = ("prefill_flops must give each call the answer for its own arguments, called again and again "
              "with one changed")


@pytest.mark.weight(2)
def test_whole_domain(domain):
    """prefill_flops: right across the lesson's whole domain (each range's ends first, in every type)."""
    domain.check("prefill_flops", domain.draw("prefill_flops", 16), WHOLE_DOMAIN, TELLING)


def test_repeated_calls(domain):
    """prefill_flops: each call's own answer, called again and again with one argument changed at a time."""
    domain.check_sequence("prefill_flops", domain.draw("prefill_flops", 12)[-3:], OWN_ANSWER, TELLING)
