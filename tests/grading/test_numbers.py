"""grader.grading.numbers: one number as a person types it, in the question's unit, or the reason it is none.

The labelled corpus of whole answers graded against the lessons' questions is
tests/grading/answers_corpus.py; these tests pin each rule of reading on its own.
"""

from __future__ import annotations

import pytest

from grader.grading.numbers import LONG, NotANumber, OutOfRange, Unit, read_number
from grader.lesson.tolerance import Tolerance

SECONDS = Unit(("s", "sec", "secs", "second", "seconds"), ("m", "µ", "n"))
MEGABYTES = Unit(("MB", "megabytes"))
FLOPS = Unit(("FLOPs", "FLOP"), ("k", "M", "G", "T", "P"))
PAIRS = Unit(("pairs", "pair"))
PLAIN = Unit()
RATE = Unit(("tokens/s", "tokens per second", "tok/s", "/s"))


def read(text: str, unit: Unit = PLAIN) -> float:
    return read_number(text, unit)


def refused(text: str, unit: Unit = PLAIN) -> str:
    with pytest.raises(NotANumber) as info:
        read_number(text, unit)
    return str(info.value)


@pytest.mark.parametrize("text, expected", [
    ("1.4e13", 1.4e13), ("1.40E+13", 1.4e13), ("1.4 × 10^13", 1.4e13), ("1.4x10^13", 1.4e13),
    ("1.4 X 10^13", 1.4e13), ("1.4*10**13", 1.4e13), ("1.4 * 10 ** 13", 1.4e13), ("10^13", 1e13),
    ("10^(13)", 1e13), ("1.4·10¹³", 1.4e13), ("10¹³", 1e13), ("1.4⋅10⁻³", 1.4e-3), ("−1.4e-3", -1.4e-3),
    ("14,000,000,000,000", 1.4e13), ("14 000 000 000 000", 1.4e13), ("14\u202f000\u202f000", 1.4e7),
    ("14_000_000", 1.4e7), ("14'000'000", 1.4e7), ("14.000.000", 1.4e7), ("1,234.5", 1234.5),
    ("1.234,5", 1234.5), ("  1.4e13  ", 1.4e13), ("10.", 10.0), (".5", 0.5), ("+3", 3.0),
])
def test_paper_notation(text, expected):
    assert read(text) == pytest.approx(expected, rel=1e-12)


@pytest.mark.parametrize("text", ["≈ 1.4e13", "≈1.4e13", "~1.4e13", "~ 1.4e13", "about 1.4e13", "About 1.4e13",
                                  "approx. 1.4e13", "approx 1.4e13", "approximately 1.4e13", "roughly 1.4e13",
                                  "around 1.4e13", "≃ 1.4e13", "~= 1.4e13", "= 1.4e13", "1.4e13 or so",
                                  "1.4e13 (approx.)", "1.4e13-ish", "about ~1.4e13", "1.4e13."])
def test_approximation_marks_are_dropped(text):
    assert read(text) == pytest.approx(1.4e13, rel=1e-12)


@pytest.mark.parametrize("text, expected", [
    ("0.28 s", 0.28), ("0.28s", 0.28), ("0.28 S", 0.28), ("0.28 sec", 0.28), ("0.28 seconds", 0.28),
    ("280 ms", 0.28), ("280ms", 0.28), ("280 msec", 0.28), ("280 milliseconds", 0.28),
    ("280000 µs", 0.28), ("280000 μs", 0.28), ("280000 us", 0.28), ("280000 microseconds", 0.28),
    ("2.8e8 ns", 0.28), ("2.8 × 10^8 ns", 0.28), ("0.28 s.", 0.28), ("~280 ms", 0.28),
])
def test_units_convert_to_the_questions_unit(text, expected):
    assert read(text, SECONDS) == pytest.approx(expected, rel=1e-12)


@pytest.mark.parametrize("text", ["1.4e13 FLOPs", "1.4e13 flops", "1.4e13 FLOP", "14 TFLOPs", "14 TFLOP", "14 tflops",
                                  "14 teraflops", "14 tera-FLOPs", "14000 GFLOPs", "0.014 PFLOPs", "1.4e10 kFLOPs",
                                  "14 trillion FLOPs"])
def test_flops_take_large_prefixes(text):
    assert read(text, FLOPS) == pytest.approx(1.4e13, rel=1e-12)


@pytest.mark.parametrize("text, expected", [("10 pairs", 10), ("10 pair", 10), ("ten pairs", 10), ("10", 10)])
def test_pairs_take_no_prefix(text, expected):
    assert read(text, PAIRS) == expected


@pytest.mark.parametrize("text", ["10 mpairs", "10 kpairs", "0.01 kilopairs"])
def test_a_prefix_the_question_does_not_declare_is_not_its_unit(text):
    assert "not a unit of this question" in refused(text, PAIRS)


@pytest.mark.parametrize("text", ["20 tokens / s", "20 tok/s", "20 tok / s", "20 tokens per s", "20 tok per second",
                                  "20 /s", "20 per second", "20 TOKENS/S"])
def test_a_rate_is_read_in_any_mix_of_the_spellings_its_sides_are_declared_in(text):
    assert read(text, RATE) == 20


@pytest.mark.parametrize("text", ["20 tokens/min", "20 tok/h", "20 seconds/token", "20 tokens/mS", "20 cats/ms"])
def test_a_side_the_lesson_does_not_declare_is_not_read_into_a_rate(text):
    assert "not a unit of this question" in refused(text, RATE)


RATE_FLOPS = Unit(("FLOP/s",))


@pytest.mark.parametrize("text, unit, expected", [
    ("0.05 tokens/ms", RATE, 50), ("0.0400 tokens/ms", RATE, 40), ("0.05 tok per ms", RATE, 50),
    ("0.05 tokens per millisecond", RATE, 50), ("50000 tokens/ks", RATE, 50), ("5e-5 tokens/µs", RATE, 50),
    ("0.05 /ms", RATE, 50), ("5e10 FLOP/ms", RATE_FLOPS, 5e13), ("50 GFLOP/ms", RATE_FLOPS, 5e13),
    ("5e13 FLOPs per second", RATE_FLOPS, 5e13), ("0.05 TFLOPs/ms", RATE_FLOPS, 5e13)])
def test_a_rate_per_second_reads_a_prefixed_time_below_the_line(text, unit, expected):
    assert read(text, unit) == pytest.approx(expected, rel=1e-12)


@pytest.mark.parametrize("text, expected", [("50 TFLOPS", 5e13), ("5e13 FLOPS", 5e13), ("0.05 PFLOPS", 5e13),
                                            ("50 teraFLOPS", 5e13), ("50 TFLOP/s", 5e13)])
def test_flops_in_capitals_alone_is_the_rate_for_a_question_in_flop_per_second(text, expected):
    assert read(text, RATE_FLOPS) == pytest.approx(expected, rel=1e-12)


@pytest.mark.parametrize("text, expected", [("14 TFLOPS", 1.4e13), ("1.4e13 FLOPS", 1.4e13), ("14 TFLOPs", 1.4e13)])
def test_flops_in_capitals_stays_a_count_for_a_question_in_flops(text, expected):
    assert read(text, FLOPS) == pytest.approx(expected, rel=1e-12)


@pytest.mark.parametrize("text", ["5e13 FLOPs", "5e13 flops", "5e13 FLOP"])
def test_a_count_is_no_rate_for_a_question_in_flop_per_second(text):
    assert "not a unit of this question" in refused(text, RATE_FLOPS)


@pytest.mark.parametrize("text, unit", [("0.28 pairs", SECONDS), ("280 FLOPs", SECONDS), ("0.28 min", SECONDS),
                                        ("1.4e13 FLOP/s", FLOPS), ("1.4e13 s", FLOPS), ("10 tokens", PAIRS),
                                        ("20 tokens/min", RATE), ("28 %", SECONDS)])
def test_units_of_another_dimension_are_refused_by_name(text, unit):
    message = refused(text, unit)
    assert "which is not a unit of this question" in message and repr(text) in message


def test_a_unit_where_the_question_takes_none_is_refused():
    assert "asks for a plain number, no unit" in refused("0.28 s")


@pytest.mark.parametrize("text, expected", [
    ("ten", 10), ("Ten", 10), ("fifteen", 15), ("twenty-five", 25), ("twenty five", 25), ("zero", 0),
    ("a hundred", 100), ("one hundred and five", 105), ("fifteen hundred", 1500), ("twenty-five hundred", 2500),
    ("one thousand two hundred", 1200), ("fourteen trillion", 1.4e13), ("a trillion", 1e12),
    ("one point four trillion", 1.4e12), ("14 trillion", 1.4e13), ("1.4 trillion", 1.4e12), ("14 thousand", 14000),
    ("2.5 million", 2.5e6), ("7 billion", 7e9), ("about fourteen trillion", 1.4e13),
])
def test_number_words_in_the_short_scale(text, expected):
    assert read(text) == pytest.approx(expected, rel=1e-12)


@pytest.mark.parametrize("text", ["one two", "twenty ten", "hundred", "trillion", "one million million",
                                  "a dozen", "ten and", "zero zero", "fourteen trillion and", "-ten", "ten-",
                                  "- ten", "twenty--one"])
def test_words_that_are_no_number_are_refused(text):
    refused(text)


@pytest.mark.parametrize("text, expected", [("0,28", 0.28), ("0,280", 0.28), ("1,4e13", 1.4e13), ("2,8", 2.8),
                                            ("1234,5", 1234.5), ("14 000,5", 14000.5)])
def test_a_decimal_comma_where_it_cannot_group_thousands(text, expected):
    assert read(text) == pytest.approx(expected, rel=1e-12)


@pytest.mark.parametrize("text", ["1,400", "14,000", "1,400e10", "280,000"])
def test_a_comma_before_three_digits_is_ambiguous_and_says_both_readings(text):
    message = refused(text)
    assert "is ambiguous" in message and "decimal comma" in message and "thousands separator" in message


@pytest.mark.parametrize("text", ["1 4", "1,40,000", "1.4.5", "14,00,000", "1,4,5"])
def test_separators_in_no_known_pattern_are_refused(text):
    refused(text)


@pytest.mark.parametrize("text, expected", [("28/100", 0.28), ("7/25", 0.28), ("7 / 25", 0.28), ("1/4 s", 0.25),
                                            ("1.4/5", 0.28)])
def test_simple_fractions(text, expected):
    assert read(text, SECONDS) == pytest.approx(expected, rel=1e-12)


def test_a_fraction_by_zero_is_refused():
    assert "divides by zero" in refused("28/0")


@pytest.mark.parametrize("text", ["1.4e13 or 1.4e12", "0.28 or 2.8", "1.4e13 = 1.4e12", "A or B", "-≈ 1.4e13",
                                  "( = 1.4e13"])
def test_alternatives_that_differ_and_signs_before_a_mark_are_refused(text):
    refused(text)


@pytest.mark.parametrize("text, expected", [("0.28 s or 280 ms", 0.28), ("t = 0.28 s", 0.28),
                                            ("2 · 7e9 · 1000 = 1.4e13", 1.4e13), ("flops ≈ 1.4e13", 1.4e13),
                                            ("1.4e13 = 14 trillion", 1.4e13)])
def test_a_working_read_as_its_result_and_alternatives_that_agree_as_one(text, expected):
    assert read(text, SECONDS) == pytest.approx(expected, rel=1e-12)


@pytest.mark.parametrize("text, reason", [
    ("2 × 7e9 × 1000", "calculation"), ("2*7e9*1000", "calculation"), ("1.4e13/5e13", "calculation"),
    ("0.2-0.3", "more than one number"), ("0.2 to 0.3", "more than one number"), ("1 4", "more than one number"),
    ("1.4 × 10e13", "10e13 means 10 × 10^13"), ("abc", "cannot be read"), ("", "holds no number"),
    ("   ", "holds no number"), ("nan", "cannot be read"), ("inf", "cannot be read"), ("-inf", "cannot be read"),
])
def test_what_is_not_one_number_is_refused_with_its_reason(text, reason):
    message = refused(text)
    assert reason in message


@pytest.mark.parametrize("text", ["1.4 × 10^400", "1.4*10**400", "1e400", "1" * 5000, "1.4 × 10^" + "9" * 5000,
                                  "1.4e-400", "1.4 × 10^-400", "1e400 s", "1e308 TFLOPs", "1e-320 ns"])
def test_one_number_beyond_what_a_float_holds_is_out_of_range(text):
    with pytest.raises(OutOfRange) as info:
        read_number(text, FLOPS if "FLOPs" in text else SECONDS)
    assert str(info.value).startswith("not a number the grader can compare") and len(str(info.value)) < 300


@pytest.mark.parametrize("text", ["x" * 10**6, "1" * 10**6 + "x", "1" * 10**6 + " s", "1 " * 10**5,
                                  "1," * 10**5 + "5", "(" * 10**5, "ten " * 10**5, "≈" * 10**5 + "1"])
def test_a_long_answer_is_refused_short(text):
    """No pattern backtracks quadratically: a regex that did would not finish on these."""
    with pytest.raises(NotANumber) as info:
        read_number(text, SECONDS)
    assert len(str(info.value)) < 300


def test_long_means_only_numbers_past_the_limit():
    assert read("1" * (LONG + 1), PLAIN) == pytest.approx(float("1" * (LONG + 1)))


@pytest.mark.parametrize("working", ["2^1000^1000", "9^9^9^9", "(10^300)*(10^300)*(10^300)", "1/0", "2**-2000",
                                     "(" * 60 + "10 + 0" + ")" * 60])
def test_a_working_in_brackets_that_cannot_be_worked_out_quickly_leaves_the_result_as_typed(working):
    """Only plain, small arithmetic is worked out (never a power that would take minutes); a working
    past that is not checked, and one that overflows is a number that differs."""
    try:
        value = read_number(f"10 ({working})", Unit(("pairs",)))
    except NotANumber as exc:
        assert "differ" in str(exc)  # 10^900 is infinite: not 10
    else:
        assert value == 10.0


@pytest.mark.parametrize("text", ["0.28 s (280 ms)", "0.28 (280 ms)", "280 ms (0.28 s)", "0.28 s (= 280 ms)",
                                  "0.28 s (≈ 280 ms)", "0.28 s (i.e. 280 ms)", "0.28 s (or 280 ms)",
                                  "0.28 s, i.e. 280 ms", "0.28 s i.e. 280 ms", "0.28 s, i.e., 280 ms",
                                  "0.28 s, that is 280 ms", "0.28 s = 280 ms", "“0.28 s” (“280 ms”)",
                                  "0.28 s (two hundred and eighty milliseconds)", "≈ 0.28 s (280 ms)."])
def test_one_quantity_written_twice_is_one_answer(text):
    assert read(text, SECONDS) == pytest.approx(0.28, rel=1e-12)


@pytest.mark.parametrize("text, named", [
    ("0.28 s (2.8 s)", "'0.28 s', and '2.8 s' in brackets"), ("10 (ten point one)", "'10', and 'ten point one'"),
    ("0.28 s (i.e. 28 ms)", "'0.28 s', and '28 ms' in brackets"),
    ("0.28 s, i.e. 28 ms", "gives 2 different numbers ('0.28 s' and '28 ms')"),
    ("0.28 s or 2.8 s or 28 s", "gives 3 different numbers ('0.28 s', '2.8 s' and '28 s')"),
    ("0.28 s = 2.8 s", "gives 2 numbers that differ ('0.28 s' and '2.8 s')"),
])
def test_one_quantity_written_twice_differently_is_refused_naming_both(text, named):
    assert named in refused(text, SECONDS)


@pytest.mark.parametrize("text, unit, expected", [("500 MiB (524 MB)", MEGABYTES, 524.288),
                                                  ("524 MB (500 MiB)", MEGABYTES, 524),
                                                  ("0.28 s (279 ms)", SECONDS, 0.28),
                                                  ("0.104 s, i.e. 0.1 s", SECONDS, 0.1)])  # the last form, as before
def test_forms_that_agree_at_the_questions_tolerance_are_one_answer(text, unit, expected):
    assert read_number(text, unit, Tolerance("rtol", 0.05)) == pytest.approx(expected, rel=1e-12)
    assert "differ" in refused(text, unit)  # with no tolerance given, one quantity written twice is compared exactly


@pytest.mark.parametrize("text, tolerance", [("500 MiB (524 MB)", Tolerance("rtol", 1e-9)),
                                             ("0.28 s (300 ms)", Tolerance("rtol", 0.05)),
                                             ("0.28 s (0.3 s)", Tolerance("sigfigs", 2))])
def test_forms_that_differ_beyond_the_questions_tolerance_are_still_two_answers(text, tolerance):
    with pytest.raises(NotANumber, match="differ"):
        read_number(text, MEGABYTES if "MB" in text else SECONDS, tolerance)


@pytest.mark.parametrize("text, unit, expected", [("28 (lower triangle, diagonal included)", PAIRS, 28),
                                                  ("0.28 s (rounded)", SECONDS, 0.28),
                                                  ("0.28 s (prefill only, at the effective rate)", SECONDS, 0.28),
                                                  ("10 pairs (without the diagonal)", PAIRS, 10)])
def test_words_in_brackets_that_hold_no_number_are_a_comment(text, unit, expected):
    assert read(text, unit) == pytest.approx(expected, rel=1e-12)


@pytest.mark.parametrize("text, unit", [("28 (one of them)", PAIRS), ("0.28 (ms)", SECONDS), ("0.28 (MB)", SECONDS),
                                        ("28 (twenty-eight or so, half of 56)", PAIRS), ("0.05 (tokens/ms)", RATE),
                                        ("0.28 (per ms)", SECONDS), ("28 (about 30 %)", PAIRS)])
def test_brackets_with_a_number_or_a_unit_are_no_comment(text, unit):
    refused(text, unit)


@pytest.mark.parametrize("text, reason", [("0.28 s (rounded up to 1 s)", "more than one number"),
                                          ("0.28 s (1.4e13 / 5e13) (280 ms)", "calculation"),
                                          ("(0.28 s) 280 ms", "more than one number")])
def test_brackets_that_do_not_say_the_number_again_keep_their_reason(text, reason):
    assert reason in refused(text, SECONDS)


# ---------------------------------------------------------------------------- every prefix of the question's unit



@pytest.mark.parametrize("text, expected", [("0.524 GB", 524), ("524 MB", 524), ("524", 524), ("524000 kB", 524),
                                            ("524 000 KB", 524), ("524000000 bytes", 524), ("0.000524 TB", 524),
                                            ("524 megabytes", 524), ("0.524 gigabytes", 524)])
def test_every_si_prefix_of_a_question_in_mb(text, expected):
    assert read(text, MEGABYTES) == pytest.approx(expected, rel=1e-12)


@pytest.mark.parametrize("text, expected", [("500 MiB", 524.288), ("500 mebibytes", 524.288), ("0.5 GiB", 536.870912),
                                            ("1024 KiB", 1.048576), ("500 MIB", 524.288)])
def test_binary_prefixes_are_powers_of_1024_and_decimal_ones_stay_decimal(text, expected):
    assert read(text, MEGABYTES) == pytest.approx(expected, rel=1e-12)


@pytest.mark.parametrize("text, unit", [("524 Mb", MEGABYTES), ("14 gb", Unit(("GB",))), ("500 Mib", MEGABYTES),
                                        ("524 mb", MEGABYTES), ("524000 kb", MEGABYTES)])
def test_a_lower_case_b_is_a_bit_and_is_refused_for_a_question_in_bytes_naming_bits(text, unit):
    message = refused(text, unit)
    assert "bit" in message and "byte" in message, message


@pytest.mark.parametrize("text, expected", [("524 MB", 524), ("0.524 GB", 524), ("524 MEGABYTES", 524),
                                            ("524 Megabytes", 524), ("500 MIB", 524.288), ("524000 KB", 524)])
def test_a_capital_b_is_still_a_byte_in_any_case_of_the_rest(text, expected):
    assert read(text, MEGABYTES) == pytest.approx(expected, rel=1e-12)


def test_a_unit_declared_with_its_binary_prefix_is_never_read_as_the_decimal_one():
    assert read("500 MiB", Unit(("MB", "MiB"))) == pytest.approx(524.288, rel=1e-12)


@pytest.mark.parametrize("text, expected", [("280 Ms", 2.8e8), ("0.00028 ks", 0.28), ("280000000000 ps", 0.28),
                                            ("280 megaseconds", 2.8e8)])
def test_seconds_take_every_si_prefix_and_ms_is_not_megaseconds(text, expected):
    assert read(text, SECONDS) == pytest.approx(expected, rel=1e-12)


@pytest.mark.parametrize("text", ["280 MS", "280 mS", "280 MSEC"])
def test_a_prefix_whose_case_decides_is_refused_when_the_unit_is_typed_in_another_case(text):
    message = refused(text, SECONDS)
    assert "could mean" in message and "milli" in message and "mega" in message and repr(text) in message


@pytest.mark.parametrize("text", ["0.000014 EFLOPs", "0.014 PFLOPS", "0.014 pflops", "14000 GFLOPS"])
def test_a_count_takes_every_multiple_whatever_the_list_suggests(text):
    assert read(text, FLOPS) == pytest.approx(1.4e13, rel=1e-12)


@pytest.mark.parametrize("text", ["280 ms", "0.28 ks"])
def test_prefixes_declared_empty_take_none_even_for_seconds(text):
    assert "not a unit of this question" in refused(text, Unit(("s",), ()))


@pytest.mark.parametrize("text, unit, expected", [
    ("0.4 (seconds)", SECONDS, 0.4), ("10 (pairs)", PAIRS, 10), ("20 (tokens/s)", RATE, 20),  # the unit alone
    ("0.4 s [400 ms]", SECONDS, 0.4), ("0.28 s [i.e. 280 ms]", SECONDS, 0.28),  # square brackets as round ones
    ("20 tokens/s (0.05 s per token)", RATE, 20), ("0.45 s (5 gaps)", SECONDS, 0.45),  # an aside in its own unit
])
def test_brackets_as_people_write_them_after_one_answer(text, unit, expected):
    """Issue 21's fifth round: each was refused as "more than one number" or "not a unit of this question"."""
    assert read(text, unit) == pytest.approx(expected)


@pytest.mark.parametrize("text, unit", [
    ("0.4 s [0.45 s]", SECONDS), ("0.4 s (0.45)", SECONDS),  # a second answer in the question's unit, differing
    ("20 (0.05 s per token)", RATE),  # no unit on the answer: which number is it?
])
def test_brackets_holding_a_second_answer_are_still_refused(text, unit):
    assert refused(text, unit)
