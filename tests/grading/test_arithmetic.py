"""grader.grading.arithmetic: a working is checked wherever it stands (issue 25, class 2).

Before ``=``, in brackets, in several brackets; against its result in the question's unit or
in the result's own unit or scale as written. A contradiction is refused saying which number
the working gives ("7e9 × 1000 = 1.4e13" passed: the working gives 7e12); right answers whose
working is in the result's unit ("280 ms (1.4e13 / 5e13 × 1000)") were refused.
"""

from __future__ import annotations

import re

import pytest

from grader.grading.answers import parse_number
from grader.grading.arithmetic import worked_out
from grader.grading.numbers import NotANumber
from grader.lesson.course import Course

from paths import ROOT

SPECS = {t.answer.key: t.answer for t in Course(ROOT).lesson("prefill").tasks if t.answer}


@pytest.mark.parametrize(("key", "text", "gives"), [
    ("flops", "7e9 × 1000 = 1.4e13", "7e+12"),
    ("pairs", "16 (4 × 4) = 10", "16"),
    ("pairs", "10 (4+3+2+1) (5+6)", "11"),
    ("pairs", "4 × 5 / 2 = 12", "10"),
    ("pairs", "10 (4 + 3 + 2 + 1) = 11", "10"),
    ("seconds", "0.28 s (1.4e13 / 7e13)", "0.2"),
    ("flops", "2 × 7×10⁹ × 1000 = 1.4e14", "1.4e+13"),
    # issue 25's fourth battery: a ÷ and a percent, digit groups with commas (2d, 2f)
    ("seconds", "1.4e13 ÷ (1e14 × 5%) = 0.28 s", "2.8"),
    ("flops", "2 × 7,000,000,000 × 100 = 1.4e13", "1.4e+12"),
    ("seconds", "0.28 s [1.4e13 / 7e13]", "0.2"),
    # issue 25's fifth battery: a product written without its sign, unit words inside the working (2d, 2g)
    ("flops", "2(7e9)(100) = 1.4e13", "1.4e+12"),
    ("seconds", "1.4e13 FLOPs / 5e12 FLOP/s = 0.28 s", "2.8"),
    ("seconds", "0.28 s (1.4e13 FLOPs / 5e12 FLOP/s)", "2.8"),
    ("flops", "2 x 7e9 x 100 = 1.4e13", "1.4e+12"),
    ("flops", "2 × 7 billion × 100 = 14 trillion", "1.4e+12"),
    ("pairs", "10 (½ × 4 × 4)", "8"),  # a vulgar fraction is a number, never a unit word to drop (round 5's 2f)
    # issue 25's sixth battery: a colon as the division sign, numbers in words (2c, 2g)
    ("seconds", "1.4e13 : 5e12 = 0.28 s", "2.8"),
    ("flops", "2 × seven billion × one hundred = 1.4e13", "1.4e+12"),
    # issue 25's seventh battery: a bracket holding a working and its own result, which the chain read as halves (2d)
    ("pairs", "10 (4 + 3 + 2 + 1 = 9)", "9"),
    ("flops", "1.4e13 (2 × 7e9 × 100 = 1.4e13)", "1.4e+12"),
    # issue 25's ninth battery: a working with a unit of its own is read in it, and still disagrees (2b)
    ("seconds", "0.28 s (1.4e13 / 5e13 × 100 ms)", "28"),
])
def test_a_working_that_contradicts_its_result_is_refused_saying_what_it_gives(key, text, gives):
    with pytest.raises(NotANumber, match=rf"the working .* gives {re.escape(gives)}, which differs"):
        parse_number(text, SPECS[key])


@pytest.mark.parametrize(("key", "text", "value"), [
    ("seconds", "280 ms (1.4e13 / 5e13 × 1000)", 0.28),
    ("flops", "14 trillion (2 × 7 × 1)", 1.4e13),
    ("flops", "14 TFLOPs (2 × 7e9 × 1000 / 1e12)", 1.4e13),
    ("flops", "1.4e13 (2 × 7e9 × 1000) FLOPs", 1.4e13),
    ("pairs", "10 (4+3+2+1) (5+5)", 10),
    ("pairs", "10 (4+3+2+1 = 10)", 10),
    ("pairs", "(4 × 4) = 16", 16),
    ("seconds", "280 ms (1.4e13 / 5e13)", 0.28),
    ("seconds", "1.4e13 / 5e13 = 0.28 s = 280 ms", 0.28),
    ("seconds", "t = 1.4e13/5e13 = 0.28 s", 0.28),
    ("flops", "2 × 7×10⁹ × 1000 = 1.4e13", 1.4e13),
    ("seconds", "0.28 s (280 ms)", 0.28),
    ("pairs", "10 (ten)", 10),
    # a bracket beside an operator is part of the expression, not a working of its own (both were refused)
    ("seconds", "1.4e13 / (1e14 × 0.5) = 0.28 s", 0.28),
    ("flops", "(2 × 7e9) × 1000 = 1.4e13", 1.4e13),
    ("seconds", "1.4e13 ÷ (1e14 × 50%) = 0.28 s", 0.28),
    ("flops", "2 × 7,000,000,000 × 1000 = 1.4e13", 1.4e13),
    ("seconds", "0.28 s [1.4e13 / 5e13]", 0.28),  # square brackets (issue 21's fourth round: refused)
    ("flops", "2(7e9)(1000) = 1.4e13", 1.4e13),
    ("seconds", "1.4e13 FLOPs / 5e13 FLOP/s = 0.28 s", 0.28),
    ("seconds", "0.28 s (1.4e13 FLOPs / 5e13 FLOP/s)", 0.28),
    ("flops", "2 × 7 billion × 1000 = 14 trillion", 1.4e13),
    ("flops", "2 × 7B params × 1000 tokens = 1.4e13 FLOPs", 1.4e13),
    ("flops", "2 x 7e9 x 1000 = 1.4e13", 1.4e13),
    ("pairs", "P(P+1)/2 = 10", 10),  # a formula in letters is no arithmetic: not worked out
    ("pairs", "10 (½ × 4 × 5)", 10),
    ("seconds", "1.4e13 : 5e13 = 0.28 s", 0.28),
    ("flops", "2 × seven billion × one thousand = 1.4e13", 1.4e13),
    ("flops", "fourteen trillion", 1.4e13),
    ("pairs", "10 (4 + 3 + 2 + 1 = 10)", 10),
    ("seconds", "280 ms (1.4e13 / 5e13 = 0.28 s)", 0.28),
    ("seconds", "0.28 s (1.4e13 / 5e13 = 0.28) = 280 ms", 0.28),
    # issue 25's ninth battery: a working in a unit of its own, written after it (2c was refused)
    ("seconds", "0.28 s (1.4e13 / 5e13 × 1000 ms)", 0.28),
    ("seconds", "1.4e13 / 5e13 × 1000 ms = 0.28 s", 0.28),
    ("seconds", "0.28 s (1.4e13 / 5e13 × 1e6 µs)", 0.28),
])
def test_a_working_that_agrees_in_the_questions_unit_or_the_results_is_read(key, text, value):
    assert parse_number(text, SPECS[key]) == pytest.approx(value)


def test_text_without_a_working_is_returned_as_it_is_and_a_long_one_is_not_worked_out():
    from grader.grading.arithmetic import checked_workings  # new in issue 25: the other tests fail, not import, before

    never = lambda step: pytest.fail("read a step of a text with no working")  # noqa: E731
    assert checked_workings("0.28 s (rounded)", never) == "0.28 s (rounded)"
    long = "1 + 1 = 3 " + "x" * 300
    assert checked_workings(long, never) == long
    assert worked_out("4 × 4") == 16 and worked_out("import os") is None
