"""grader.grading.domain: what a check over the contract says, and what it does not hold against a function."""

from __future__ import annotations

import types

import numpy as np
import pytest

from grader.checks import CheckFailed
from grader.exceptions import CallTimeout, UnsupportedResult, WorkerDied
from grader.grading.domain import Domain
from grader.lesson.contract import load_contracts

CONTRACTS = load_contracts("lesson.toml", {
    "causal_pairs": {"P": {"kind": "whole", "min": 1, "sample": [1, 2048], "types": ["int"]}},
    "rate": {"itl": {"kind": "real", "above": 0, "sample": [1e-9, 30], "example": 0.05}},
    "seconds": {"ttft": {"kind": "real", "above": 0, "sample": [1e-4, 600]},
                "n_out": {"kind": "whole", "min": 1, "sample": [1, 1e5], "types": ["int"]}},
    "strict": {"ttft": {"kind": "real", "above": 0, "outside": "ValueError", "sample": [1e-4, 600]},
               "n_out": {"kind": "whole", "min": 1, "outside": "ValueError", "sample": [1, 1e5], "types": ["int"]}},
    "flops": {"N": {"kind": "real", "min": 1, "sample": [1, 1e13]},
              "P": {"kind": "real", "min": 1, "sample": [1, 1e6]}},
}, ("causal_pairs", "rate", "seconds", "strict", "flops"))
REFERENCE = types.SimpleNamespace(causal_pairs=lambda P: P * (P + 1) // 2, rate=lambda itl: 1 / itl,
                                  flops=lambda N, P: 2 * N * P,
                                  seconds=lambda ttft, n_out: ttft * n_out, strict=lambda ttft, n_out: ttft * n_out)


class Student:
    """The student fixture's two ways of calling, on plain Python functions."""

    def __init__(self, **functions):
        self._functions = functions

    def call(self, function, *args, **kwargs):
        return self._functions[function](*args, **kwargs)

    def call_sized(self, size, function, *args, **kwargs):
        return self.call(function, *args, **kwargs)


def domain(**functions) -> Domain:
    lesson = types.SimpleNamespace(contracts=CONTRACTS)
    return Domain(lesson, Student(**functions), REFERENCE, lambda function, probes: None,
                  np.random.default_rng(0), None)


def failure(check) -> CheckFailed:
    with pytest.raises(CheckFailed) as caught:
        check()
    return caught.value


LONG = [((50_000,), {}), ((1_000_000,), {})]


def test_a_long_prompt_counted_in_int32_is_held_and_said_to_wrap_round():
    def int32(P):
        P = np.int32(P)
        return P * (P + 1) // 2
    with np.errstate(over="ignore"):
        failed = failure(lambda: domain(causal_pairs=int32).check_large("causal_pairs", LONG, "right for long prompts"))
    assert "causal_pairs(50000) returned" in failed.detail and "wrapped round in a 32-bit integer" in failed.detail


@pytest.mark.parametrize("out_of_reach", [MemoryError("a P × P mask"), CallTimeout("slow", "P = 50,000", True)])
def test_a_right_count_out_of_memory_or_time_on_a_long_prompt_is_not_held(out_of_reach):
    def counts_the_mask(P):
        raise out_of_reach
    domain(causal_pairs=counts_the_mask).check_large("causal_pairs", LONG, "right for long prompts")


@pytest.mark.parametrize("out_of_reach", [MemoryError("a P × P mask"), CallTimeout("slow", "P = 50,000", True)])
def test_a_count_out_of_memory_or_time_where_the_exercise_asks_for_long_prompts_fails_saying_so(out_of_reach):
    def counts_the_mask(P):
        raise out_of_reach
    failed = failure(lambda: domain(causal_pairs=counts_the_mask).check_large(
        "causal_pairs", LONG, "right for long prompts", held="a million tokens too"))
    assert failed.detail.endswith(". a million tokens too")
    assert ("causal_pairs(50000) raised MemoryError" if isinstance(out_of_reach, MemoryError) else "slow") \
        in failed.detail


@pytest.mark.parametrize("after", [None, CallTimeout("stuck"), MemoryError("a P × P mask")])
def test_a_wrong_long_count_fails_on_the_first_once_the_larger_ones_are_asked_too(after):
    asked = []

    def shortcut(P):  # issue 21's seventh round, g14: P²/2 past a bound, one wrong answer said nothing more
        asked.append(P)
        if P > 100_000 and after is not None:
            raise after
        return P * P / 2 if P > 10_000 else P * (P + 1) // 2
    failed = failure(lambda: domain(causal_pairs=shortcut).check_large("causal_pairs", LONG, "long", held="too"))
    assert failed.detail.startswith("causal_pairs(50000) returned 1.25e9") and asked == [50_000, 1_000_000]


def test_a_function_that_hangs_on_every_call_is_still_held():
    def hangs(P):
        raise CallTimeout("stuck")
    with pytest.raises(CallTimeout):
        domain(causal_pairs=hangs).check_large("causal_pairs", LONG, "right for long prompts")


def test_a_bound_the_lesson_does_not_set_is_found_and_said():
    def capped(ttft, n_out):
        if not 1 <= n_out <= 4096:
            raise ValueError("n_out")
        return ttft * n_out
    calls = [((1.5, 7), {}), ((0.2, 100_000), {}), ((3.0, 9), {})]
    failed = failure(lambda: domain(seconds=capped).check("seconds", calls, "right everywhere"))
    assert "refuses n_out = 4097 (and above), while n_out = 4096 is answered" in failed.detail
    assert "The refusal follows n_out alone" in failed.detail  # the same bound beside (3.0, 9) too


class Answered:
    """A diagnose that names nothing and holds what the function answered earlier in the grade (``answered``)."""

    def __init__(self, answered: dict):
        self.answered, self.proved = answered, set()

    def __call__(self, function, probes):
        return None


def test_a_check_without_evidence_of_its_own_finds_the_bound_beside_what_the_function_answered_before():
    def capped(P):  # a long-prompt check asks one size, and the drawn range (1 to 2048) ends far before the bound
        if P > 100_000:
            raise ValueError("longer than any context window")
        return P * (P + 1) // 2
    diagnose = Answered({"causal_pairs": [((1000,), {}, 500500)]})
    checks = Domain(types.SimpleNamespace(contracts=CONTRACTS), Student(causal_pairs=capped), REFERENCE, diagnose,
                    np.random.default_rng(0), None)
    failed = failure(lambda: checks.check_large("causal_pairs", [((1_000_000,), {})], "right for long prompts"))
    assert "The function refuses P = 100001 (and above), while P = 100000 is answered" in failed.detail


def test_a_bound_seen_beside_one_call_only_is_not_said_to_follow_one_argument_alone():
    def rate_capped(ttft, n_out):  # a bound on n_out / ttft, not on n_out
        if n_out / ttft > 1000:
            raise ValueError("too fast")
        return ttft * n_out
    calls = [((1.0, 7), {}), ((0.2, 100_000), {}), ((2.0, 9), {})]
    failed = failure(lambda: domain(seconds=rate_capped).check("seconds", calls, "right everywhere"))
    assert "alone" not in failed.detail
    assert "With the other arguments as in seconds(1.0, 7), the function refuses n_out = 1001" in failed.detail


def test_a_table_and_a_type_refused_are_said_as_such():
    table = {1e-3: 1e3, 0.05: 20.0}
    failed = failure(lambda: domain(rate=lambda itl: table[itl]).check("rate", [((0.05,), {}), ((0.3,), {})], "p"))
    assert "The KeyError is 0.3 itself: the function looks itl up in a table" in failed.detail

    def floats_only(itl):
        if not isinstance(itl, float):
            raise ValueError("itl must be a float")  # noqa: TRY004 - the mistake under test
        return 1 / itl
    failed = failure(lambda: domain(rate=floats_only).check("rate", [((0.5,), {}), ((2,), {})], "p"))
    assert "The same call with itl = 2.0 instead of 2 is answered" in failed.detail

    def shifted(N, P):  # every argument at once: one moved alone is refused still
        return (N * P) << 1
    failed = failure(lambda: domain(flops=shifted).check("flops", [((1.0, 1.0), {})], "p"))
    assert "The same call with N = 1, P = 1 instead of 1.0, 1.0 is answered: the function refuses N and P as " \
        "floats" in failed.detail


class Slated(Student):
    """A student module whose fresh process (``clean_slate``) forgets what its functions kept."""

    def __init__(self, kept: dict, **functions):
        super().__init__(**functions)
        self.kept = kept

    def clean_slate(self):
        self.kept.clear()


def test_one_answer_for_every_valid_call_is_said_to_be_kept_when_a_fresh_process_answers_rightly():
    kept = {}

    def cached(ttft, n_out):  # keyed by n_out alone: the first ttft answers for every other
        if n_out < 1 or ttft <= 0:
            raise ValueError("bad")
        return kept.setdefault(n_out, ttft * n_out)
    module = Slated(kept, strict=cached)
    checks = Domain(types.SimpleNamespace(contracts=CONTRACTS), module, REFERENCE, lambda f, p: None,
                    np.random.default_rng(0), module)
    failed = failure(lambda: checks.check_refusals("strict", [((1.5, 1), {}), ((0.2, 1), {})], "p"))
    assert "strict returned 1.5 (float) for every valid call asked (strict(1.5, 1), strict(0.2, 1)). Called first, " \
        "in a fresh process, strict(0.2, 1) returns the right answer" in failed.detail


def test_refusals_here_and_there_name_no_bound():
    def scattered(itl):
        if round(itl * 100) % 2:
            raise ValueError("itl")
        return 1 / itl
    failed = failure(lambda: domain(rate=scattered).check("rate", [((0.02,), {}), ((0.25,), {})], "p"))
    assert "refusal follows" not in failed.detail and "about" not in failed.detail


def test_an_integer_reciprocal_of_an_int_is_said_to_stay_in_integers():
    failed = failure(lambda: domain(rate=np.reciprocal).check("rate", [((0.5,), {}), ((2,), {})], "p"))
    assert "With itl = 2.0 instead of 2 it answers rightly" in failed.detail


def test_a_mask_cut_at_a_context_length_gets_the_shape_code_when_no_model_names_one():
    masks = types.SimpleNamespace(**vars(REFERENCE), mask=lambda P: np.tril(np.ones((P, P), dtype=bool)))
    lesson = types.SimpleNamespace(contracts={**CONTRACTS, "mask": CONTRACTS["causal_pairs"]})
    cut = Student(mask=lambda P: np.tril(np.ones((1024, 1024), dtype=bool))[:P, :P])
    checks = Domain(lesson, cut, masks, lambda function, probes: None, np.random.default_rng(0), None)
    failed = failure(lambda: checks.check_large("mask", [((1025,), {})], "p", wrong_shape="mask.wrong-shape"))
    assert failed.diagnosis == "mask.wrong-shape" and "shape (1024, 1024)" in failed.detail


def test_a_refusal_checked_beside_some_arguments_only_is_said_with_the_call_refused():
    """Issue 21's fourth held-out round: a time checked only when there are gaps to add (n_out > 1) passed every
    refusal asked beside the lesson's example. Asked beside each base, the call answered and the one refused are
    both said; a function that refuses by the rule passes, and NaN, which "≤ 0" says nothing of, is not asked."""
    def gaps_only(ttft, n_out):
        if n_out < 1 or (n_out > 1 and ttft <= 0):
            raise ValueError("bad")
        return ttft * n_out

    def by_the_rule(ttft, n_out):
        if n_out < 1 or ttft <= 0:
            raise ValueError("bad")
        return ttft * n_out
    bases = [((1.5, 1), {}), ((0.2, 7), {})]
    failed = failure(lambda: domain(strict=gaps_only).check_refusals("strict", bases, "refuses everywhere"))
    assert failed.detail.startswith("strict(0.0, 1) returned 0.0 (float), but ttft = 0.0 is outside ttft > 0")
    assert "the same ttft is refused in strict(0.0, 7), so the refusal depends on the other arguments" in failed.detail
    domain(strict=by_the_rule).check_refusals("strict", bases, "refuses everywhere")
    def underflowed(ttft, n_out):  # round 9: refuses by the rule, but its times are no size anybody meant
        return by_the_rule(ttft, n_out) * 1e-300

    for gamed in (lambda ttft, n_out: (_ for _ in ()).throw(ValueError("bad")), lambda ttft, n_out: 0.0, underflowed):
        failed = failure(lambda gamed=gamed: domain(strict=gamed).check_refusals("strict", bases, "p"))
        assert "strict(1.5, 1)" in failed.detail  # refusing all, or one answer for all: no credit (issue 25)
        # and the property a student reads names what is missing, not the refusals (issue 21's fifth round)
        assert failed.property.startswith("strict must answer valid calls")

    def floats_only(ttft, n_out):  # issue 25, round 8: the range tested only after ``isinstance(ttft, float)``
        if n_out < 1 or (isinstance(ttft, float) and ttft <= 0):
            raise ValueError("bad")
        return ttft * n_out
    failed = failure(lambda: domain(strict=floats_only).check_refusals("strict", bases, "p"))
    assert failed.detail.startswith("strict(0, 1) returned 0 (int), but ttft = 0 is outside ttft > 0")



class Batching:
    """A module that batches (``StudentModule.call_many``), counting its round trips and the single calls."""

    def __init__(self, student: Student, times_out: BaseException | None = None):
        self.student, self.times_out, self.batches, self.singles = student, times_out, [], 0
        call = student.call

        def counted(function, *args, **kwargs):
            self.singles += 1
            self.asked = getattr(self, "asked", None) or args  # the first single call
            return call(function, *args, **kwargs)
        student.call = counted

    def call_many(self, function, calls, within=None):
        self.batches.append((function, len(calls), within))
        if self.times_out:
            raise self.times_out
        return [types.SimpleNamespace(kind="returned", value=self.student._functions[function](*a, **k))
                for a, k in calls]


def ahead(times_out: BaseException | None = None, **functions) -> tuple[Domain, Batching]:
    student = Student(**functions)
    module = Batching(student, times_out)
    return Domain(types.SimpleNamespace(contracts=CONTRACTS), student, REFERENCE, lambda f, p: None,
                  np.random.default_rng(0), module), module


def test_a_right_function_is_asked_its_whole_domain_in_one_round_trip():
    checks, module = ahead(causal_pairs=REFERENCE.causal_pairs)
    checks.check("causal_pairs", checks.draw("causal_pairs", 16), "right everywhere")
    assert module.singles == 0 and [(f, n) for f, n, _ in module.batches] == [("causal_pairs", 16)]
    assert module.batches[0][2] is not None  # asked ahead: within its own few seconds


def test_only_the_calls_the_batch_got_wrong_are_asked_again_one_by_one():
    checks, module = ahead(causal_pairs=lambda P: P * (P + 1) // 2 if P < 100 else P * P)
    draws = checks.draw("causal_pairs", 16)
    failed = failure(lambda: checks.check("causal_pairs", draws, "right everywhere"))
    first_wrong = next(args for args, _ in draws if args[0] >= 100)
    assert module.asked == first_wrong and f"causal_pairs({first_wrong[0]}) returned" in str(failed)


@pytest.mark.parametrize("ending", [CallTimeout("a batch of calls did not return in time"),
                                    UnsupportedResult("a reply larger than one frame"), WorkerDied("it exited")])
def test_a_batch_that_runs_out_of_its_seconds_leaves_every_call_to_single_calls(ending):
    checks, module = ahead(times_out=ending, causal_pairs=REFERENCE.causal_pairs)
    checks.check("causal_pairs", checks.draw("causal_pairs", 16), "right everywhere")
    assert module.singles == 16 and len(module.batches) == 1


def test_a_right_sequence_is_one_round_trip_and_a_wrong_one_is_asked_again_call_by_call():
    checks, module = ahead(causal_pairs=REFERENCE.causal_pairs)
    checks.check_sequence("causal_pairs", checks.draw("causal_pairs", 12)[-3:], "each call's own answer")
    assert module.singles == 0 and len(module.batches) == 1
    kept = {}

    def cached_once(P):  # the first answer kept for every later call: wrong from the second call on
        return kept.setdefault("answer", P * (P + 1) // 2)
    checks, module = ahead(causal_pairs=cached_once)
    failed = failure(lambda: checks.check_sequence("causal_pairs", checks.draw("causal_pairs", 12)[-3:], "own"))
    assert len(module.batches) == 1 and module.singles >= 1 and "a right function returns" in str(failed)


def test_a_base_refused_beside_one_answered_says_the_bound_it_was_refused_by():
    def refuses_small(ttft, n_out):  # a utilization refused below 0.01, in this module's terms
        if n_out < 1 or ttft <= 0 or ttft < 0.5:
            raise ValueError("bad")
        return ttft * n_out
    failed = failure(lambda: domain(strict=refuses_small).check_refusals(
        "strict", [((1.5, 1), {}), ((0.2, 7), {})], "refuses everywhere"))
    assert failed.detail.startswith("strict(0.2, 7) raised ValueError, but its arguments are valid")
    assert "the function refuses ttft below about 0.5 (ttft = 0.5 answered" in failed.detail
