"""Tests for grader.sandbox.codec: Fraction and Decimal cross as the plain int or float they stand for.

``exact_number`` reads the number's digits, never the Decimal context the submission may have changed,
refuses numbers too large to expand and subclasses that could lie. Split from test_codec.py, the round
trips, to keep each file under 450 lines.
"""

from __future__ import annotations

import math
from decimal import Decimal, Inexact, localcontext
from fractions import Fraction

import pytest

from grader.sandbox import codec as _codec

from codec_round_trip import wire


@pytest.mark.parametrize("value, expected", [
    (Fraction(15), 15),
    (Fraction(-30, 2), -15),
    (Fraction(1, 3), 1 / 3),
    (Fraction(7, 25), 0.28),
    (Fraction(10**400, 10**399 * 3), 10 / 3),  # huge terms, a float quotient: correctly rounded
    (Fraction(10**400), 10**400),  # whole: an int of any size, as the codec sends ints
    (Decimal("15"), 15),
    (Decimal("15.000"), 15),
    (Decimal("-1.5E+3"), -1500),
    (Decimal("1.4E+13"), 14_000_000_000_000),
    (Decimal("0E-7"), 0),
    (Decimal("0.28"), 0.28),
    (Decimal("1E-400"), 0.0),
], ids=repr)
def test_exact_numbers_cross_as_an_int_when_whole_else_a_float(value, expected):
    decoded = wire(value)
    assert type(decoded) is type(expected) and decoded == expected


def test_special_decimals_cross_as_the_floats_they_are():
    assert math.isnan(wire(Decimal("NaN"))) and math.isnan(wire(Decimal("sNaN")))
    assert wire(Decimal("-Infinity")) == -math.inf and wire(Decimal("Infinity")) == math.inf
    assert wire([Fraction(1, 2), (Decimal("2"),)]) == [0.5, (2,)]  # inside containers too


def test_exact_numbers_ignore_the_decimal_context_the_submission_set():
    with localcontext() as context:
        context.prec, context.traps[Inexact] = 2, True
        assert wire(Decimal("123456789")) == 123456789 and wire(Decimal("0.123456789")) == 0.123456789


def test_exact_numbers_too_large_are_refused_not_expanded():
    with pytest.raises(_codec.Unsupported, match="Decimal of more than"):
        _codec.encode(Decimal("1E+1000000000"), _codec.Blobs())
    with pytest.raises(_codec.Unsupported, match="Fraction too large"):
        _codec.encode(Fraction(10**400, 3), _codec.Blobs())


class LyingFraction(Fraction):
    def __eq__(self, other):
        return True

    __hash__ = Fraction.__hash__


class LyingDecimal(Decimal):
    def __float__(self):
        return 0.28


@pytest.mark.parametrize("value, words", [
    (LyingFraction(1, 3), ["LyingFraction", "subclass of Fraction"]),
    (LyingDecimal("1"), ["LyingDecimal", "subclass of Decimal"]),
], ids=["Fraction", "Decimal"])
def test_a_subclass_of_an_exact_number_is_refused(value, words):
    with pytest.raises(_codec.Unsupported) as info:
        _codec.encode(value, _codec.Blobs())
    assert all(word in str(info.value) for word in words), str(info.value)
