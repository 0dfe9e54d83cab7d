"""grader.grading.relations: a relation is said only when it holds on every input tried."""

from __future__ import annotations

import math

import numpy as np
import pytest

from grader.grading.relations import Answer, describe_relation, relation_of_answered
from grader.lesson.contract import Param


def request_seconds(ttft, itl, n_out):
    return ttft + (n_out - 1) * itl


INPUTS = [(0.2, 0.05, 5), (1.182, 0.1839, 1530), (3.0, 0.7, 2), (0.0004, 2e-5, 77), (12.5, 0.31, 9)]
NAMES = ("ttft", "itl", "n_out")


def said(student) -> str:
    answers = [Answer(args, float(student(*args)), float(request_seconds(*args))) for args in INPUTS]
    return describe_relation("request_seconds", NAMES, answers, request_seconds)


@pytest.mark.parametrize("student, words", [
    (lambda t, i, n: 0.4, "returns 0.4 every time"),
    (lambda t, i, n: i + (n - 1) * t, "with ttft and itl exchanged"),
    (lambda t, i, n: round(t + (n - 1) * i, 2), "rounded to 2 decimal places"),
    (lambda t, i, n: float(int(t + (n - 1) * i)), "rounded down to a whole number"),
    (lambda t, i, n: 1000 * (t + (n - 1) * i), "1000 times the right one"),
    (lambda t, i, n: 1 / (t + (n - 1) * i), "1 divided by the right one"),
    (lambda t, i, n: float(np.float16(t) + (n - 1) * np.float16(i)), "about 3 significant digits"),
    (lambda t, i, n: float(np.float32(t) + np.float32(n - 1) * np.float32(i)), "about 7 significant digits"),
    (lambda t, i, n: t + (n - 2) * i, "each answer is the right one for n_out − 1 in place of n_out"),
    (lambda t, i, n: t + n * i, "each answer is the right one for n_out + 1 in place of n_out"),  # a gap too many
])
def test_each_relation_is_named_when_it_holds_everywhere(student, words):
    sentence = said(student)
    assert words in sentence and sentence.startswith(f"On all {len(INPUTS)} inputs it answered")


@pytest.mark.parametrize("student", [
    request_seconds,  # right: nothing to say
    lambda t, i, n: t + (n + 1) * i,  # two gaps too many: no relation of these holds on every input
    lambda t, i, n: request_seconds(t, i, n) if n != 5 else 0.45,  # wrong once only
    lambda t, i, n: round(request_seconds(t, i, n), 2) if n < 100 else request_seconds(t, i, n) * 2,  # mixed
])
def test_nothing_is_said_unless_one_relation_holds_on_every_input(student):
    assert said(student) == ""


def test_a_swap_is_shown_on_an_input_where_it_changes_the_answer():
    sentence = said(lambda t, i, n: i + (n - 1) * t)
    assert "request_seconds(0.2, 0.05, 5) gives what a right request_seconds(0.05, 0.2, 5) gives" in sentence


def test_equal_right_answers_prove_nothing():
    answers = [Answer((0.2, 0.05, 5), 0.8, 0.4), Answer((0.2, 0.05, 5), 0.8, 0.4)]
    assert describe_relation("request_seconds", NAMES, answers, request_seconds) == ""


EXAMPLES = {"ttft": 0.2, "itl": 0.05, "n_out": 5}
WIDE = [(0.2, 0.05, 5), (1.182, 0.1839, 1530), (3.0, 0.7, 2), (0.0004, 2e-5, 77), (12.5, 2.5, 9), (59.0, 30.0, 84),
        (0.3, 1.0, 7), (7.25, 6.0, 12000), (0.9, 0.013, 50000)]


def said_wide(student) -> str:
    answers = [Answer(args, float(student(*args)), float(request_seconds(*args))) for args in WIDE]
    return describe_relation("request_seconds", NAMES, answers, request_seconds, EXAMPLES)


@pytest.mark.parametrize("student, words", [
    (lambda t, i, n: 0.2 + (n - 1) * i, "for ttft = 0.2, the lesson's own value, whatever ttft is asked"),
    (lambda t, i, n: 0.2 + (n - 1) * 0.05, "for ttft = 0.2 and itl = 0.05, the lesson's own values"),
    (lambda t, i, n: request_seconds(t, i / 1000 if i > 1 else i, n), "reads a large itl as milliseconds"),
    (lambda t, i, n: request_seconds(t, i, min(n, 4096)), "caps n_out at 4096"),
    (lambda t, i, n: request_seconds(int(t * 1000) / 1000, int(i * 1000) / 1000, n),
     "for its arguments cut (rounded down) to whole thousandths"),
    (lambda t, i, n: request_seconds(float(int(t)), i, n), "for ttft cut (rounded down) to whole numbers"),
])
def test_relations_of_the_arguments_are_named_when_they_hold_everywhere(student, words):
    assert words in said_wide(student)


def test_a_small_value_read_as_billions_is_named():
    def flops(N, P):
        return 2 * N * P
    inputs = [(1, 1), (7, 1000), (3.5, 20), (7e9, 1000), (1e12, 3), (5e10, 77)]
    answers = [Answer(a, float(flops(a[0] * 1e9 if a[0] < 1e6 else a[0], a[1])), float(flops(*a))) for a in inputs]
    assert "reads a small N as billions" in describe_relation("prefill_flops", ("N", "P"), answers, flops)


def test_an_example_value_passed_on_every_call_proves_nothing():
    inputs = [(0.2, 0.05, n) for n in (2, 5, 9, 77)]
    answers = [Answer(a, float(request_seconds(*a) * 2), float(request_seconds(*a))) for a in inputs]
    assert "lesson's own value" not in describe_relation("request_seconds", NAMES, answers, request_seconds, EXAMPLES)


def test_float16_that_overflows_to_infinity_is_still_float16():
    def rate(itl):
        return 1 / itl
    inputs = [(0.05,), (0.1966,), (1e-6,), (3e-5,), (2.5,), (0.0123,)]
    with np.errstate(over="ignore"):
        answers = [Answer(a, float(np.float16(1) / np.float16(a[0])), rate(*a)) for a in inputs]
    sentence = describe_relation("rate", ("itl",), answers, rate)
    assert "about 3 significant digits only (and is infinite where the right one passes" in sentence


def test_answers_off_by_as_little_as_a_narrow_float_but_none_of_its_values_are_not_said_as_that_float():
    def pairs(P):
        return P * (P + 1) / 2
    inputs = [(50_000,), (1_000_000,), (70_000,), (123_457,)]  # P²/2 past a bound: off by 1/P, in float64
    answers = [Answer(a, a[0] * a[0] / 2, pairs(*a)) for a in inputs]
    assert "significant digits only" not in describe_relation("causal_pairs", ("P",), answers, pairs)
    # float16's own values, with a NaN where its arithmetic made one (issue 21's seventh round, h09), still are
    sixteen = [Answer(a, float(np.float16(a[0]) * np.float16(a[0] + 1) / np.float16(2)), pairs(*a))
               for a in [(100,), (150,), (201,), (77,), (250,)]]
    with np.errstate(invalid="ignore"):
        nan = [Answer((300,), float(np.float16(np.inf) - np.float16(np.inf)), pairs(300))]
    assert "about 3 significant digits only" in describe_relation("causal_pairs", ("P",), sixteen + nan, pairs)


def test_times_cut_to_whole_milliseconds_are_named_though_a_sub_millisecond_time_becomes_zero():
    def checked(ttft, itl, n_out):
        if not (ttft > 0 and itl > 0):
            raise ValueError("times must be positive")
        return request_seconds(ttft, itl, n_out)

    def in_ms(ttft, itl, n_out):
        return (int(ttft * 1000) + (n_out - 1) * int(itl * 1000)) / 1000
    inputs = [*WIDE, (0.0001, 1e-9, 100_000)]
    answers = [Answer(a, float(in_ms(*a)), float(checked(*a))) for a in inputs]
    sentence = describe_relation("request_seconds", NAMES, answers, checked)
    assert "for its arguments cut (rounded down) to whole thousandths" in sentence


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    return 2 * N * P / (flops_per_sec * utilization)


def test_over_the_calls_a_function_answered_keywords_and_defaults_take_their_places():
    """``relation_of_answered``: a call that passed the utilization by name, or left it out, is read with every
    argument in its place; a value that is no number says nothing (no relation of numbers holds)."""
    params = [Param(name, "real") for name in ("N", "P", "flops_per_sec", "utilization")]
    calls = [((7e9, 1000, 1e14), {}), ((2e9, 77, 3e13), {"utilization": 0.25}), ((1.3e8, 4096, 2e14, 0.8), {}),
             ((5e10, 3), {"flops_per_sec": 1e15, "utilization": 0.002})]
    answered = [(args, kwargs, round(prefill_seconds(*args, **kwargs), 3)) for args, kwargs in calls]
    assert relation_of_answered("prefill_seconds", params, answered, prefill_seconds) == \
        "On all 4 inputs it answered, each answer is the right one rounded to 3 decimal places: return it unrounded."
    assert relation_of_answered("prefill_seconds", params, [*answered, ((1, 1, 1), {}, None)], prefill_seconds) == ""
    assert relation_of_answered("prefill_seconds", params, answered[:1], prefill_seconds) == ""  # one wrong: no fact


def test_an_answer_held_at_a_largest_value_is_named_as_a_cap():
    def steady_decode_rate(itl):
        return 1 / itl

    inputs = [(0.05,), (1e-9,), (1.27e-5,), (2.0,), (0.001,), (1e-4,)]
    capped = [Answer(args, min(1 / args[0], 1000.0), 1 / args[0]) for args in inputs]
    assert "caps its answer at 1000" in describe_relation("steady_decode_rate", ("itl",), capped, steady_decode_rate)
    once = [Answer(args, min(1 / args[0], 5000.0), 1 / args[0]) for args in inputs]  # only 1e-9 and 1.27e-5 above
    assert "caps its answer at 5000" in describe_relation("steady_decode_rate", ("itl",), once, steady_decode_rate)
    lone = [Answer(args, min(1 / args[0], 1e8), 1 / args[0]) for args in inputs]  # one answer past it: no fact
    assert describe_relation("steady_decode_rate", ("itl",), lone, steady_decode_rate) == ""


def test_one_call_asked_twice_and_wrapped_round_is_no_cap():
    """Round 9's probe: np.int64(2) * N * P overflowed at N = 10¹³, P = 10⁶ as an int and as a float, and the two
    equal answers were told "caps its answer at 1.55326e+18" beside the overflow said."""
    inputs = [(1, 1), (1.0, 1.0), (7e9, 1000), (3, 23822), (10**13, 10**6), (1e13, 1e6)]
    wrapped = [Answer(a, float(1553255926290448384 if a[0] == 1e13 else 2 * a[0] * a[1]), float(2 * a[0] * a[1]))
               for a in inputs]
    assert "caps its answer" not in describe_relation("prefill_flops", ("N", "P"), wrapped, lambda N, P: 2 * N * P)


def causal_pairs(P):
    return P * (P + 1) // 2


def prefill_flops(N, P):
    return 2 * N * P


def request_output_rate(n_out, elapsed):
    return n_out / elapsed


RATE_INPUTS = [(5, 0.4), (5, 0.2148), (7, 1.3), (1, 0.05), (100, 12.0), (5, 30.0)]


@pytest.mark.parametrize("student, inputs, words", [
    (lambda n, e: 12.5 if n == 5 else n / e, RATE_INPUTS[:5], "every answer with n_out = 5 is 12.5, the right answer "
     "of the lesson's own call request_output_rate(5, 0.4), whatever elapsed"),  # one wrong answer is enough
    (lambda n, e: 12.5 if n == 5 else n / e, RATE_INPUTS, "every answer with n_out = 5 is 12.5"),
    (lambda n, e: 12.5, RATE_INPUTS, "answers what a right one answers for n_out = 5 and elapsed = 0.4"),  # always
    (lambda n, e: 12.5 if n == 5 else 2 * n / e, RATE_INPUTS, "each answer stays the same where only elapsed "
     "changes"),  # wrong elsewhere too: not the lesson's answer, but the fact that holds
    (lambda n, e: 12.5 if (n, e) == (5, 0.2148) else n / e, RATE_INPUTS, ""),  # other n_out = 5 answers right
])
def test_the_lesson_own_answer_returned_at_its_argument_values_is_named(student, inputs, words):
    answers = [Answer(args, float(student(*args)), request_output_rate(*args)) for args in inputs]
    sentence = describe_relation("request_output_rate", ("n_out", "elapsed"), answers, request_output_rate,
                                 {"n_out": 5, "elapsed": 0.4})
    assert (words in sentence) if words else sentence == ""


@pytest.mark.parametrize("student, said", [
    (lambda n, e: n / (0.2 + (n - 1) * 0.05), True),  # the worked example's time in place of elapsed
    (lambda n, e: n / (e + 0.2), False),  # wrong, but moves with elapsed
    (lambda n, e: float(n // (1000 * e)), False),  # 0 for all: a rate cut to whole numbers, whatever it ignores
])
def test_answers_that_stay_put_where_one_argument_alone_changes_are_said_so(student, said):
    inputs = [(5, 0.4), (5, 1.0), (5, 3.0), (7, 2.0), (1, 0.05)]
    answers = [Answer(args, float(student(*args)), request_output_rate(*args)) for args in inputs]
    sentence = describe_relation("request_output_rate", ("n_out", "elapsed"), answers, request_output_rate)
    assert ("each answer stays the same where only elapsed changes (3 calls" in sentence) is said, sentence


def test_one_answer_that_is_the_right_one_at_a_round_limit_is_named_as_a_cap():
    """One wrong answer is enough for ``_capped`` alone: exactly the right count for P = 4096, asked for 50,000
    tokens, is no coincidence; any other relation from one wrong answer is."""
    inputs = [(1,), (4,), (5,), (563,), (1000,), (50_000,)]
    capped = [Answer(args, causal_pairs(min(args[0], 4096)), causal_pairs(args[0])) for args in inputs]
    assert "caps P at 4096" in describe_relation("causal_pairs", ("P",), capped, causal_pairs)
    odd = [Answer(args, causal_pairs(min(args[0], 4000)), causal_pairs(args[0])) for args in inputs]  # no round one
    assert describe_relation("causal_pairs", ("P",), odd, causal_pairs) == ""
    doubled = [Answer(args, causal_pairs(args[0]) * (2 if args[0] > 4096 else 1), causal_pairs(args[0]))
               for args in inputs]  # twice the right one, but only once: no fact
    assert describe_relation("causal_pairs", ("P",), doubled, causal_pairs) == ""


@pytest.mark.parametrize("function, names, student, inputs, words", [
    (causal_pairs, ("P",), lambda P: 5 * P - 10, [(1,), (2,), (4,), (5,), (563,), (1000,), (2048,)],
     "each answer is 5·P − 10, a straight line in P"),
    (causal_pairs, ("P",), lambda P: 2 * P - 1, [(1,), (4,), (5,), (1032,), (50000,)], "each answer is 2·P − 1"),
    (prefill_flops, ("N", "P"), lambda N, P: 2 * (N + P), [(7e9, 1000), (1, 1), (9.4e9, 12847), (3e9, 2048),
                                                            (2e9, 77), (5, 3)], "each answer is 2·N + 2·P"),
])
def test_a_formula_of_the_wrong_shape_is_said_as_its_line(function, names, student, inputs, words):
    answers = [Answer(args, float(student(*args)), float(function(*args))) for args in inputs]
    assert words in describe_relation(function.__name__, names, answers, function)


def test_no_line_is_said_through_too_few_inputs_or_an_argument_held_still():
    few = [Answer((P,), float(5 * P - 10), float(causal_pairs(P))) for P in (1, 2, 5)]
    assert describe_relation("causal_pairs", ("P",), few, causal_pairs) == ""
    still = [Answer((N, 77), float(N + 77), float(prefill_flops(N, 77))) for N in (1, 10, 1e3, 1e6, 7e9)]
    assert "straight line" not in describe_relation("prefill_flops", ("N", "P"), still, prefill_flops)


def test_answers_wrong_at_one_value_of_one_argument_only_are_a_special_case():
    inputs = [(0.2, 0.05, 1), (3.0, 0.7, 1), (0.2, 0.05, 5), (1.182, 0.1839, 1530), (12.5, 0.31, 9)]
    apart = [Answer(args, float(args[1] if args[2] == 1 else request_seconds(*args)), float(request_seconds(*args)))
             for args in inputs]
    assert "right except where n_out = 1, and every one there is wrong: a special case for n_out = 1" in \
        describe_relation("request_seconds", NAMES, apart, request_seconds)
    held = [Answer(args, 0.4 if args[2] == 1 else float(request_seconds(*args)), float(request_seconds(*args)))
            for args in inputs]
    assert "where it answers 0.4 whatever the other arguments are" in \
        describe_relation("request_seconds", NAMES, held, request_seconds)
    one_right_there = [*apart, Answer((0.05, 0.05, 1), 0.05, 0.05)]  # right once at n_out = 1: no special case
    assert "special case" not in describe_relation("request_seconds", NAMES, one_right_there, request_seconds)


def test_an_argument_that_is_no_plain_value_is_no_special_case_and_no_line():
    def total(xs, k):
        return float(np.sum(xs)) * k

    answers = [Answer((np.arange(3.0) + i, k), float(np.sum(np.arange(3.0) + i)), total(np.arange(3.0) + i, k))
               for i, k in ((0, 2), (1, 2), (2, 3), (5, 3), (7, 5))]
    assert describe_relation("total", ("xs", "k"), answers, total) == ""


def test_one_wrong_answer_in_another_unit_is_said_only_where_one_argument_alone_can_have_been_read_so():
    def seconds(N, P, rate, u=1.0):
        return 2 * N * P / (rate * u)

    def tera(N, P, rate, u=1.0):  # a rate below 10⁶ FLOP/s read as TFLOP/s: only the corner (1, 1, 1, 0.001) shows it
        return seconds(N, P, rate * 1e12 if rate < 1e6 else rate, u)
    inputs = [(1, 1, 1, 0.001), (7e9, 1000, 1e14, 0.5), (1, 5, 3e12, 1.0), (9.4e9, 12847, 4.2e14, 0.001),
              (2, 1, 1e9, 1)]
    answers = [Answer(a, tera(*a), seconds(*a)) for a in inputs]
    said = describe_relation("prefill_seconds", ("N", "P", "flops_per_sec", "utilization"), answers, seconds)
    assert "each wrong answer is the right one for flops_per_sec times 1e+12, for flops_per_sec of 1 or less" in said
    # where a utilization as small was answered rightly nowhere, it fits as well: neither is said
    alike = [Answer(a, tera(*a), seconds(*a)) for a in inputs[:3]]
    assert describe_relation("prefill_seconds", ("N", "P", "flops_per_sec", "utilization"), alike, seconds) == ""
    # N and P both at their smallest in the one wrong call: either read in billions fits it, so neither is said
    both = [Answer(a, 2 * a[0] * a[1] * (1e9 if a[0] <= 1 and a[1] <= 1 else 1), 2 * a[0] * a[1])
            for a in [(1, 1), (5, 3), (7e9, 1000), (2, 8)]]
    assert describe_relation("prefill_flops", ("N", "P"), both, lambda N, P: 2 * N * P) == ""


def test_answers_rounded_to_thousands_are_said_so():
    def flops(N, P):
        return 2 * N * P
    inputs = [(7e9, 1000), (123399.96669295154, 288690), (1, 1), (3, 977), (9.4e9, 12847)]
    answers = [Answer(a, round(flops(*a), -3), flops(*a)) for a in inputs]
    assert "each answer is the right one rounded to the nearest 1,000" in describe_relation(
        "prefill_flops", ("N", "P"), answers, flops)


def test_an_argument_read_in_another_unit_past_a_threshold_of_another_is_said_with_that_threshold():
    def in_ms_for_long_outputs(ttft, itl, n_out):
        return request_seconds(ttft, itl / 1000 if n_out > 1000 else itl, n_out)
    inputs = [*INPUTS, (0.0001, 1e-9, 100_000), (59, 3, 94_918), (2.0, 0.3, 300)]
    answers = [Answer(a, in_ms_for_long_outputs(*a), request_seconds(*a)) for a in inputs]
    assert ("each wrong answer is the right one for itl divided by 1000, for n_out of 1530 or more, and right for "
            "every n_out up to 300: the function reads itl as milliseconds there") in describe_relation(
        "request_seconds", NAMES, answers, request_seconds)


def test_an_argument_read_in_another_unit_past_its_own_threshold_is_said_before_one_that_moves_alike():
    def rate(n_out, elapsed):
        return n_out / elapsed

    def ms_when_long(n_out, elapsed):  # issue 21's fifth round, n19: a long elapsed read as milliseconds
        return rate(n_out, elapsed / 1000 if elapsed > 100 else elapsed)
    inputs = [(5, 0.4), (1919, 110.253), (3287, 3600), (1, 1), (35511, 42), (12, 7.5)]
    answers = [Answer(a, ms_when_long(*a), rate(*a)) for a in inputs]
    said = describe_relation("request_output_rate", ("n_out", "elapsed"), answers, rate)
    assert "the right one for elapsed divided by 1000, for elapsed of 110.253 or more" in said
    assert "n_out times" not in said


def test_infinite_answers_are_no_evidence_of_an_argument_moved_to_where_the_formula_divides_by_zero():
    def seconds(N, P, rate, u=1.0):
        return np.float64(2 * N * P) / np.float64(rate * u)  # numpy: a rate of 0 gives inf, not an error
    inputs = [(1.0, 1.0, 1.0, 0.001), (2.0, 1.0, 1.0, 0.5), (7e9, 1000.0, 1.0, 1.0)]
    with np.errstate(divide="ignore", over="ignore"):
        answers = [Answer(a, math.inf, float(seconds(*a))) for a in inputs]
        said = describe_relation("prefill_seconds", ("N", "P", "flops_per_sec", "utilization"), answers, seconds)
        two = describe_relation("prefill_seconds", ("N", "P", "flops_per_sec", "utilization"), answers[:2], seconds)
    assert "flops_per_sec − 1" not in said and "in place of" not in said
    assert "returns inf every time" in said and two == ""  # three alike answers are a rule, two are not


def test_answers_upside_down_past_one_value_of_one_argument_say_where():
    """Round 9's tc25: an ITL of 1 s or more returned as it is ("already a rate"), 1 / ITL below."""
    def rate(itl):
        return 1 / itl
    inputs = [(1,), (1e-9,), (30,), (30.0,), (0.5,), (0.0047,), (1.0001,), (4.2,)]
    answers = [Answer(a, float(a[0] if a[0] >= 1 else 1 / a[0]), rate(*a)) for a in inputs]
    said = describe_relation("steady_decode_rate", ("itl",), answers, rate)
    assert "each wrong answer is 1 divided by the right one, for itl of 1.0001 or more, and right for every itl " \
        "up to 1" in said, said
    everywhere = [Answer(a, float(a[0]), rate(*a)) for a in inputs]  # upside down for every itl: no threshold
    assert "past a value" not in describe_relation("steady_decode_rate", ("itl",), everywhere, rate)
