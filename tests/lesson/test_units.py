"""grader.lesson.units: the SI prefixes an answer's unit may declare."""

from __future__ import annotations

import pytest

from grader.lesson.units import PREFIXES, find_prefix


@pytest.mark.parametrize("typed, symbol", [("m", "m"), ("µ", "µ"), ("u", "µ"), ("μ", "µ"), ("K", "k"), ("T", "T")])
def test_a_prefix_is_found_by_its_symbol_or_a_spelling(typed, symbol):
    assert find_prefix(typed).symbol == symbol


@pytest.mark.parametrize("typed", ["", "x", "milli", "mm", "t"])
def test_anything_else_is_no_prefix(typed):
    assert find_prefix(typed) is None


def test_powers_are_the_si_ones_and_words_are_unique():
    assert {p.symbol: p.power for p in PREFIXES.values()} == {"p": -12, "n": -9, "µ": -6, "m": -3, "k": 3, "M": 6,
                                                              "G": 9, "T": 12, "P": 15, "E": 18}
    assert len({p.word for p in PREFIXES.values()}) == len(PREFIXES)
