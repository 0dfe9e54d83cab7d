"""grader.lesson.units: the prefixes a question's unit takes, and the unit read off an answer's end.

How the number before the unit is read is tests/grading/test_numbers.py; these tests pin what
each prefix means and which a unit takes.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from grader.lesson.units import PREFIXES, Unit, declared, find_prefix, mixed_kinds, quantity

SECONDS = Unit(("s", "sec", "secs", "second", "seconds"), ("m", "µ", "n"))
MEGABYTES = Unit(("MB", "megabytes"))
FLOPS = Unit(("FLOPs", "FLOP"), ("k", "M", "G", "T", "P"))
PAIRS = Unit(("pairs", "pair"))


@pytest.mark.parametrize("typed, symbol", [("m", "m"), ("µ", "µ"), ("u", "µ"), ("μ", "µ"), ("K", "k"), ("T", "T"),
                                           ("Mi", "Mi"), ("Q", "Q")])
def test_a_prefix_is_found_by_its_symbol_or_a_spelling(typed, symbol):
    assert find_prefix(typed).symbol == symbol


@pytest.mark.parametrize("typed", ["", "x", "milli", "mm", "t", "h", "da", "c", "d", "MI"])
def test_anything_else_is_no_prefix(typed):
    assert find_prefix(typed) is None


def test_powers_are_the_si_ones_of_1000_and_the_binary_ones_and_words_are_unique():
    decimal = {p.symbol: p.power for p in PREFIXES.values() if p.base == 10}
    assert decimal == {"q": -30, "r": -27, "y": -24, "z": -21, "a": -18, "f": -15, "p": -12, "n": -9, "µ": -6, "m": -3,
                       "k": 3, "M": 6, "G": 9, "T": 12, "P": 15, "E": 18, "Z": 21, "Y": 24, "R": 27, "Q": 30}
    assert {p.symbol: p.factor for p in PREFIXES.values() if p.base == 2} == {
        "Ki": 2**10, "Mi": 2**20, "Gi": 2**30, "Ti": 2**40, "Pi": 2**50, "Ei": 2**60}
    assert len({p.word for p in PREFIXES.values()}) == len(PREFIXES)


@pytest.mark.parametrize("name, kind, prefix", [("s", "seconds", None), ("ms", "seconds", "m"), ("MB", "bytes", "M"),
                                                ("MiB", "bytes", "Mi"), ("megabytes", "bytes", "M"),
                                                ("TFLOPs", "FLOPs", "T"), ("Gbit", "bits", "G")])
def test_a_declared_spelling_is_a_known_unit_with_its_prefix(name, kind, prefix):
    found = declared(name)
    assert (found[0].name, found[1].symbol if found[1] else None) == (kind, prefix)


@pytest.mark.parametrize("name", ["pairs", "tokens/s", "min", "Pa", "b", "mb"])
def test_a_spelling_the_grader_does_not_know_is_no_known_unit(name):
    assert declared(name) is None


def test_units_of_two_kinds_are_an_authoring_error():
    assert "seconds and bytes" in mixed_kinds(("s", "MB"))
    assert mixed_kinds(("MB", "MiB", "megs")) is None


def split(text: str, unit: Unit) -> tuple[str, Fraction]:
    found = unit.split(text)
    assert not found.ambiguous, found.ambiguous
    return found.body, found.scale


def symbols(unit: Unit) -> set[str]:
    return {p.symbol for p in unit.accepted}


def test_time_takes_every_si_prefix_whatever_the_list_suggests():
    assert symbols(SECONDS) == {p.symbol for p in PREFIXES.values() if p.base == 10}
    assert split("280 Ms", SECONDS) == ("280", Fraction(10**6))  # megaseconds, never milliseconds
    assert split("280 ms", SECONDS) == ("280", Fraction(1, 1000))


@pytest.mark.parametrize("text, readings", [("280 MS", {"milli (ms)", "mega (Ms)"}),
                                            ("280 mS", {"milli (ms)", "mega (Ms)"}),
                                            ("280 MSEC", {"milli (msec)", "mega (Msec)"})])
def test_a_prefix_before_a_unit_typed_in_another_case_is_ambiguous_where_both_readings_are_taken(text, readings):
    found = SECONDS.split(text)
    assert found.body == text and set(found.ambiguous) == readings


def test_a_count_takes_only_multiples_and_a_prefix_in_the_wrong_case_is_the_one_it_takes():
    assert symbols(FLOPS) == {p.symbol for p in PREFIXES.values() if p.base == 10 and p.power > 0}
    assert split("0.014 pflops", FLOPS) == ("0.014", Fraction(10**15))  # FLOPs take no pico: peta
    assert split("14 tflops", FLOPS) == ("14", Fraction(10**12))


def test_bytes_take_binary_prefixes_and_decimal_ones_stay_decimal():
    assert split("500 MiB", MEGABYTES) == ("500", Fraction(2**20, 10**6))
    assert split("0.524 GB", MEGABYTES) == ("0.524", Fraction(1000))
    assert split("524000 kB", MEGABYTES) == ("524000", Fraction(1, 1000))
    assert split("524 MB", MEGABYTES) == ("524", Fraction(1))
    assert split("524000000 bytes", MEGABYTES) == ("524000000", Fraction(1, 10**6))
    assert split("500 mebibytes", MEGABYTES) == ("500", Fraction(2**20, 10**6))


@pytest.mark.parametrize("text, bits", [("524 Mb", "Mb"), ("500 Mib", "Mib"), ("524 b", "b"), ("524 mb", "mb")])
def test_a_lower_case_b_after_a_number_is_a_bit_not_a_byte(text, bits):
    found = MEGABYTES.split(text)
    assert found.bits == bits and found.body == text


def test_a_byte_typed_with_a_capital_b_or_spelled_out_is_no_bit():
    assert MEGABYTES.split("524 MB").bits == "" and MEGABYTES.split("524 megabytes").bits == ""
    assert MEGABYTES.split("524 MEGABYTES").bits == ""


@pytest.mark.parametrize("prefixes, taken", [(None, set()), ((), set()), (("k",), {"k", "M", "G", "T", "P", "E", "Z",
                                                                                  "Y", "R", "Q"})])
def test_a_unit_the_grader_does_not_know_takes_only_the_families_the_lesson_lists(prefixes, taken):
    assert symbols(Unit(("pairs",), prefixes)) == taken


def test_prefixes_none_means_none_even_for_a_known_unit():
    assert Unit(("s",), ()).accepted == ()
    assert Unit(("s",), ()).split("280 ms").body == "280 ms"  # not cut: "ms" is then no unit of the question


def test_milli_pairs_are_no_unit_of_a_count():
    assert PAIRS.split("10 mpairs").body == "10 mpairs"
    assert Unit(("pairs",), ()).split("10 mpairs").body == "10 mpairs"


def test_suggested_forms_are_the_lists_relative_to_the_questions_unit():
    assert SECONDS.prefixed() == [("ms", 0.001), ("µs", 1e-06), ("ns", 1e-09)]
    assert Unit(("MB",), ("k", "M", "G", "Mi")).prefixed() == [("kB", 0.001), ("GB", 1000.0), ("MiB", 1.048576)]


@pytest.mark.parametrize("value, expected", [("524 MB", 524.0), ("500 MiB", 524.288), ("0.524 GB", 524.0), (524, 524),
                                             ("5.24e2", 524.0)])
def test_a_lesson_value_with_a_unit_is_in_the_questions_unit(value, expected):
    assert quantity(value, MEGABYTES) == pytest.approx(expected, rel=1e-12)


@pytest.mark.parametrize("value, problem", [("lots", "must be a number in digits"), ("524 MS", "case meant"),
                                            ("524 pairs", "must be a number in digits"), ("524 Mb", "bit"),
                                            (True, "not bool"), ([524], "not list")])
def test_a_lesson_value_that_is_no_quantity_says_why(value, problem):
    assert problem in quantity(value, MEGABYTES if value != "524 MS" else SECONDS)
