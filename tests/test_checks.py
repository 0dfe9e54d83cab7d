"""grader.checks: a returned value becomes a number or an array, or the check fails naming the call."""

from __future__ import annotations

import math
from decimal import Decimal
from fractions import Fraction

import numpy as np
import pytest

from grader.checks import CheckFailed, SizedCalls, array, fail, is_close, number, raised_in, too_slow
from grader.exceptions import CallTimeout


@pytest.mark.parametrize("value, expected", [
    (10, 10.0),
    (1.4e13, 1.4e13),
    (0, 0.0),
    (np.int64(10), 10.0),
    (np.int32(-3), -3.0),
    (np.float64(0.28), 0.28),
    (np.float32(0.5), 0.5),
    (float("nan"), float("nan")),
])
def test_number_accepts_real_numbers(value, expected):
    result = number(value, "causal_pairs(4)")
    assert type(result) is float
    assert result == expected or (math.isnan(result) and math.isnan(expected))


@pytest.mark.parametrize("value, shown", [
    (True, "bool True"),
    (np.bool_(False), "False"),
    (None, "None"),
    ("10", "'10' (str)"),
    ([10], "a list ([10])"),
    (np.array(10.0), "a float64 array of shape ()"),
    (1 + 2j, "complex"),
])
def test_number_refuses_other_values_naming_the_call(value, shown):
    with pytest.raises(CheckFailed) as info:
        number(value, "prefill_flops(7e9, 1000)")
    message = str(info.value)
    assert message.startswith("prefill_flops(7e9, 1000) returned ")
    assert shown in message
    assert message.endswith("expected a number")


def test_number_refuses_an_int_beyond_float_range_by_its_size():
    with pytest.raises(CheckFailed) as info:
        number(10**400, "causal_pairs(4)")
    assert str(info.value).startswith("causal_pairs(4) returned 10**400, an int with 401 digits, too large to compare")
    assert info.value.property.startswith("causal_pairs returned an int too large to compare")
    assert "10**400" not in info.value.property and "401" not in info.value.property


@pytest.mark.parametrize("helper", [number, array])
@pytest.mark.parametrize("value", [10**5000, [10**5000], {"n": [10**5000]}], ids=["int", "list", "dict"])
def test_values_no_repr_can_show_still_fail_as_the_students(helper, value):
    with pytest.raises(CheckFailed) as info:  # repr(10**5000) raises ValueError: no message may use it
        helper(value, "causal_pairs(4)")
    assert str(info.value).startswith("causal_pairs(4) returned ") and len(str(info.value)) < 400


def test_check_failed_is_an_assertion_error():
    assert issubclass(CheckFailed, AssertionError)
    with pytest.raises(CheckFailed, match=r"^exact message$"):
        fail("exact message")


def test_array_returns_the_same_array():
    mask = np.tril(np.ones((3, 3), dtype=bool))
    assert array(mask, "causal_mask(3)") is mask


@pytest.mark.parametrize("value, shown", [
    ([[True, False], [True, True]], "nested lists"),
    (None, "None"),
    (3, "3 (int)"),
    (True, "bool True"),
])
def test_array_refuses_non_arrays_naming_the_call(value, shown):
    with pytest.raises(CheckFailed) as info:
        array(value, "causal_mask(2)")
    message = str(info.value)
    assert message.startswith("causal_mask(2) returned ")
    assert shown in message
    assert message.endswith("expected a numpy array")


@pytest.mark.parametrize("actual, expected, rel, close", [
    (1.4e13, 1.4e13, 1e-9, True),
    (1.4e13, 1.4e13 * (1 + 1e-12), 1e-9, True),
    (1.4e13, 1.41e13, 1e-9, False),
    (1.39e13, 1.4e13, 0.01, True),
    (1.3e13, 1.4e13, 0.01, False),
    (0.0, 0.0, 1e-9, True),
    (1e-300, 0.0, 1e-9, False),  # no absolute tolerance
    (float("nan"), float("nan"), 1e-9, False),
])
def test_is_close(actual, expected, rel, close):
    result = is_close(actual, expected, rel)
    assert type(result) is bool
    assert result is close


# ---------------------------------------------------------------------------- property and detail

def test_fail_with_property_and_detail():
    with pytest.raises(CheckFailed) as info:
        fail("the mask must include the diagonal", "causal_mask(4): the diagonal is False")
    assert info.value.property == "the mask must include the diagonal"
    assert info.value.detail == str(info.value) == "causal_mask(4): the diagonal is False"


def test_fail_with_the_property_alone_says_it():
    with pytest.raises(CheckFailed) as info:
        fail("the mask must include the diagonal")
    assert info.value.detail == "" and str(info.value) == info.value.property


def test_pictures_become_plain_grids_and_oversized_ones_are_dropped():
    mask = np.tril(np.ones((3, 3), dtype=bool))
    with pytest.raises(CheckFailed) as info:
        fail("p", "d", pictures=[("yours", mask.astype(float)), ("big", np.ones((13, 13))), ("flat", np.ones(3)),
                                 ("expected", mask.tolist())])
    assert [title for title, _ in info.value.pictures] == ["yours", "expected"]
    assert info.value.pictures[0][1] == ((True, False, False), (True, True, False), (True, True, True))


@pytest.mark.parametrize("helper, value", [(number, "1e+06"), (array, [[1.0, 2.0]])])
def test_helpers_keep_the_call_and_the_value_out_of_the_property(helper, value):
    with pytest.raises(CheckFailed) as info:
        helper(value, "causal_pairs(7919)")
    assert "7919" in str(info.value) and repr(value)[:5] in str(info.value)
    assert "7919" not in info.value.property and repr(value)[:5] not in info.value.property
    assert info.value.property.startswith("causal_pairs returned a ")


# ---------------------------------------------------------------------------- diagnoses

def test_a_failure_may_name_its_diagnosis_by_code():
    with pytest.raises(CheckFailed) as info:
        fail("must be 2 · N · P", "returned 7e12", diagnosis="flops.missing-factor-2")
    assert info.value.diagnosis == "flops.missing-factor-2"
    with pytest.raises(CheckFailed) as info:
        fail("must be 2 · N · P")
    assert info.value.diagnosis is None


@pytest.mark.parametrize("value, code", [("1.4e13", "flops.string"), (None, "flops.none"), ([1], None)])
def test_number_diagnoses_a_wrong_type_by_its_exact_type(value, code):
    with pytest.raises(CheckFailed) as info:
        number(value, "prefill_flops(7e9, 1000)", by_type={str: "flops.string", type(None): "flops.none"})
    assert info.value.diagnosis == code


def test_array_diagnoses_a_wrong_type_by_its_exact_type():
    with pytest.raises(CheckFailed) as info:
        array([[True]], "causal_mask(1)", by_type={list: "mask.nested-lists"})
    assert info.value.diagnosis == "mask.nested-lists"
    assert array(np.eye(2), "causal_mask(2)", by_type={list: "mask.nested-lists"}).shape == (2, 2)


def test_number_takes_an_exact_fraction_or_decimal_from_a_trusted_source_and_refuses_their_kin():
    assert number(Fraction(7, 25), "prefill_seconds()") == 0.28 and number(Decimal("15"), "causal_pairs(5)") == 15.0

    class Sly(Fraction):
        pass

    with pytest.raises(CheckFailed) as info:
        number(Sly(1), "causal_pairs(1)")
    assert info.value.property == "causal_pairs returned a Sly; expected a number"
    with pytest.raises(CheckFailed) as info:
        number(True, "causal_pairs(1)")  # True is no count
    assert info.value.property == "causal_pairs returned a bool; expected a number"
    assert str(info.value) == "causal_pairs(1) returned bool True; expected a number"


def test_too_slow_is_the_size_of_a_timed_out_call_of_a_function_that_returned_before():
    assert too_slow(CallTimeout("x", size="P = 1000", too_slow=True)) == "P = 1000"
    assert too_slow(CallTimeout("x", size="P = 1000")) is None and too_slow(CallTimeout("x")) is None
    assert too_slow(ValueError("P = 1000")) is None


def test_raised_in_names_the_submission_s_functions_outermost_first():
    exc = ZeroDivisionError("division by zero")
    assert raised_in(exc) == ()  # not from the submission
    exc.grader_frames = (("<module>", 3), ("prefill_seconds", 9), ("prefill_flops", 4))
    assert raised_in(exc) == ("prefill_seconds", "prefill_flops")
    exc.grader_frames = [("prefill_flops", 4)]  # only the channel's own tuples are believed
    assert raised_in(exc) == ()


def test_sized_calls_pass_their_size_and_keep_private_names_private():
    calls = []

    class Student:
        def call_sized(self, size, function, *args, **kwargs):
            calls.append((size, function, args, kwargs))
            return 1

    sized = SizedCalls(Student(), "P = 1000")
    assert sized.causal_mask(1000, k=2) == 1 and calls == [("P = 1000", "causal_mask", (1000,), {"k": 2})]
    with pytest.raises(AttributeError):
        sized._secret  # noqa: B018 - the attribute access is the test
