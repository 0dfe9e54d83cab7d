"""grader.lesson.tolerance: rtol, atol and sigfigs as PrairieLearn's pl-number-input defines them, each at its edge."""

from __future__ import annotations

import math

import pytest

from grader.lesson.tolerance import Tolerance, problem


@pytest.mark.parametrize("given, right", [(101, True), (99, True), (101.0001, False), (98.9999, False),
                                          (100, True), (-100, False)])
def test_rtol_at_and_just_past_its_edge(given, right):
    assert Tolerance("rtol", 0.01).accepts(given, 100) is right


def test_rtol_is_measured_from_the_accepted_value_not_the_larger_of_the_two():
    """numpy's allclose, as PrairieLearn: 101.01 is 1.01 % above 100, though within 1 % of itself."""
    assert math.isclose(101.01, 100, rel_tol=0.01)  # what the grader compared with before
    assert not Tolerance("rtol", 0.01).accepts(101.01, 100)


@pytest.mark.parametrize("given, right", [(0.2828, True), (0.2772, True), (0.28281, False), (0.27719, False)])
def test_rtol_forgives_float_rounding_at_its_edge_and_nothing_more(given, right):
    assert Tolerance("rtol", 0.01).accepts(given, 0.28) is right


@pytest.mark.parametrize("given, right", [(0.45, True), (0.35, True), (0.4501, False), (0.3499, False)])
def test_atol_at_and_just_past_its_edge_in_the_questions_unit(given, right):
    assert Tolerance("atol", 0.05).accepts(given, 0.40) is right


def test_atol_does_not_grow_with_the_value():
    assert Tolerance("atol", 0.5).accepts(1e6 + 0.5, 1e6)
    assert not Tolerance("atol", 0.5).accepts(1e6 + 0.6, 1e6)


@pytest.mark.parametrize("given, right", [(0.28, True), (0.2849, True), (0.285, True), (0.275, True), (0.2850999, True),
                                          (0.2852, False), (0.2748, False), (0.29, False), (0.27, False)])
def test_sigfigs_is_prairielearns_within_051_units_of_the_last_figure(given, right):
    """sigfigs = 2 for 0.28: strictly between 0.28 ± 0.0051 (PrairieLearn's is_correct_scalar_sf)."""
    assert Tolerance("sigfigs", 2).accepts(given, 0.28) is right


@pytest.mark.parametrize("given, right", [(1.45e13, True), (1.35e13, True), (1.452e13, False), (1.348e13, False)])
def test_sigfigs_scale_with_the_accepted_values_size(given, right):
    assert Tolerance("sigfigs", 2).accepts(given, 1.4e13) is right


def test_sigfigs_of_an_accepted_zero_count_from_the_ones_place():
    assert Tolerance("sigfigs", 2).accepts(0.05, 0)
    assert not Tolerance("sigfigs", 2).accepts(0.052, 0)


def test_sigfigs_compare_values_not_the_digits_typed():
    assert Tolerance("sigfigs", 3).accepts(0.28, 0.2800) and not Tolerance("sigfigs", 3).accepts(0.2806, 0.28)


@pytest.mark.parametrize("kind, value, says", [
    ("rtol", 0, "0 accepts only the exact float"), ("atol", -0.1, "positive number, not -0.1"),
    ("rtol", float("nan"), "positive number"), ("rtol", True, "positive number"), ("atol", "1", "positive number"),
    ("sigfigs", 2.5, "whole number of significant figures"), ("sigfigs", 16, "from 1 to 15"),
    ("sigfigs", 0, "positive number"),
])
def test_a_tolerance_that_accepts_nothing_sensible_is_a_problem(kind, value, says):
    assert says in problem(kind, value)


@pytest.mark.parametrize("kind, value", [("rtol", 0.01), ("rtol", 1e-9), ("atol", 5), ("sigfigs", 2), ("sigfigs", 15)])
def test_a_sound_tolerance_is_no_problem(kind, value):
    assert problem(kind, value) is None
