"""grader.grading.sizes: a student's value measured without walking all of it, and copied only when small."""

from __future__ import annotations

import time

import numpy as np
import pytest

from grader.checks import Outcome
from grader.grading.sizes import MAX_COPIED, Oversized, TooBig, elements, is_oversized, limit, oversized, owned


def test_elements_counts_cells_and_items_all_the_way_down():
    assert elements(3.0, 10) == 0
    assert elements(np.ones((5, 5)), 100) == 25
    assert elements([[1, 2], [3, 4]], 100) == 6
    assert elements({"a": [1, 2, 3]}, 100) == 4


def test_measuring_a_huge_value_stops_at_once():
    huge = [1.0] * 5_000_000
    started = time.perf_counter()
    assert elements(huge, 100) == 101
    assert elements([huge, huge], 100) == 101
    assert time.perf_counter() - started < 0.05


def test_far_bigger_than_the_reference_is_oversized_and_a_little_bigger_is_not():
    assert oversized([1.0] * 300_000, 2.0e13)
    assert oversized(np.ones((40, 40), dtype=bool), np.ones((5, 5), dtype=bool))
    assert not oversized(np.ones((6, 6), dtype=bool), np.ones((5, 5), dtype=bool))
    assert not oversized([2.0e13, "FLOPs"], 2.0e13)  # a short tuple for a number is wrong, but not too big
    assert limit(np.ones((1000, 1000), dtype=bool)) > 1_000_000


def test_owned_copies_arrays_once_small_containers_deeply_and_refuses_big_ones():
    array = np.zeros(3)
    copy = owned(array)
    copy[0] = 1
    assert array[0] == 0
    nested = [[1, 2], [3]]
    mine = owned(nested)
    mine[0].append(9)
    assert nested == [[1, 2], [3]]
    assert owned(5) == 5
    with pytest.raises(TooBig):
        owned([0.0] * (MAX_COPIED + 1))


def test_an_oversized_stand_in_says_what_it_stands_for():
    stand_in = Oversized("list", 68)
    assert repr(stand_in) == "a list of more than 68 items"
    assert is_oversized(Outcome("returned", stand_in))
    assert not is_oversized(Outcome("returned", [1.0]))


def test_a_stand_in_keeps_the_sort_of_value_it_stands_for():
    from grader.checks import value_kind
    from grader.grading.sizes import stand_in

    assert value_kind(stand_in("list", 68)) == value_kind([1, 2])
    assert value_kind(stand_in("numpy array", 68)) != value_kind(np.ones(3))
    assert is_oversized(Outcome("returned", stand_in("tuple", 68)))
