"""grader.checks: a returned value becomes a number or an array, or the check fails naming the call."""

from __future__ import annotations

import math
from decimal import Decimal
from fractions import Fraction

import numpy as np
import pytest

from grader.checks import (
    CheckFailed,
    ModelMark,
    Outcome,
    Probe,
    SizedCalls,
    answer,
    array,
    both,
    confirmed,
    equal_values,
    fail,
    is_close,
    model,
    number,
    probe,
    raised_in,
    refuses_by_rule,
    same_cells,
    same_changes,
    same_message,
    same_type,
    same_value,
    too_slow,
    value_kind,
)
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
    assert message.endswith("not a numpy array")


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


def test_explain_is_asked_only_when_the_value_is_refused():
    asked = []
    assert number(2.0, "prefill_flops(1, 1)", explain=lambda: asked.append(1) or "flops.x") == 2.0
    assert array(np.eye(2), "causal_mask(2)", explain=lambda: asked.append(1) or "mask.x").shape == (2, 2)
    assert asked == []
    with pytest.raises(CheckFailed) as info:
        number(None, "prefill_flops(7e9, 1000)", explain=lambda: "flops.returned-none")
    assert info.value.diagnosis == "flops.returned-none"


# ---------------------------------------------------------------------------- outcomes, compared as a model says

def returned(value, changed=None) -> Outcome:
    return Outcome("returned", value, changed=changed)


@pytest.mark.parametrize("one, other, same", [
    (10, 10.0, True), (np.int64(10), 10.000001, True), (10, 11, False), (math.nan, math.nan, True),
    (10**400, 10**400, True), (10**400, 10**400 + 1, False), (True, 1, False), (np.bool_(True), True, True),
    (None, None, True), ("1.4e13", "1.4e13", True), ("1.4e13", 1.4e13, False),
    (np.eye(2, dtype=bool), np.eye(2, dtype=bool), True), (np.eye(2), np.eye(2, dtype=int), True),
    (np.eye(2), np.eye(2, dtype=bool), False), (np.eye(2), np.eye(3), False), ([1, [2]], [1, [2]], True),
    ((1, 2), [1, 2], False), ({"a": 1}, {"a": 1.0}, True),
])
def test_equal_values_are_the_same_answer(one, other, same):
    assert equal_values(one, other) is same
    assert same_value(returned(one), returned(other)) is same


def test_an_error_is_the_same_outcome_as_the_same_built_in_error():
    assert same_value(Outcome("raised", error="ValueError", message="a"), Outcome("raised", error="ValueError"))
    assert not same_value(Outcome("raised", error="ValueError"), Outcome("raised", error="TypeError"))
    assert not same_value(Outcome("raised", error="ValueError"), returned(None))
    assert same_value(Outcome("timeout"), Outcome("timeout")) and not same_value(Outcome("timeout"), returned(0))
    assert same_message(Outcome("raised", error="TypeError", message="m"), Outcome("raised", error="TypeError",
                                                                                    message="m"))
    assert not same_message(Outcome("raised", error="TypeError", message="m"), Outcome("raised", error="TypeError",
                                                                                        message="n"))


@pytest.mark.parametrize("one, other, same", [
    ("1.4e13", "14 TFLOPs", True), (None, None, True), (1.0, 2, True), (True, 1, False), ([1], [2, 3], True),
    (np.zeros((2, 2)), np.ones((3, 3), dtype=int), True), (np.zeros((2, 2)), np.zeros(2), False),
    (np.zeros((2, 2), dtype=bool), np.zeros((2, 2)), False),
])
def test_same_type_compares_the_sort_of_answer_only(one, other, same):
    assert same_type(returned(one), returned(other)) is same
    assert value_kind(one) == value_kind(other) if same else value_kind(one) != value_kind(other)


def test_same_cells_compares_grids_whatever_their_dtype_but_not_their_container():
    lower = np.tril(np.ones((3, 3), dtype=bool))
    assert same_cells(returned(lower.astype(int)), returned(lower))
    assert not same_cells(returned(lower.T), returned(lower))
    assert not same_cells(returned(lower.tolist()), returned(lower))
    assert same_cells(returned(lower.tolist()), returned(lower.astype(int).tolist()))
    assert not same_cells(returned(np.ones(3)), returned(lower))
    assert both(same_cells, same_type)(returned(lower.astype(float)), returned(lower.astype(int)))
    assert not both(same_cells, same_type)(returned(lower), returned(lower.astype(int)))
    # arrays of numbers compare without float copies, lists of another length without converting: the same verdicts
    assert not same_cells(returned(np.array(True)), returned(np.array(1.0)))  # a 0-d array is no grid
    assert not same_cells(returned(np.full((2, 2), np.nan)), returned(np.full((2, 2), np.nan)))
    assert not same_cells(returned(np.array(["yes", "no"])), returned(np.array([1, 0])))
    assert not same_cells(returned([[1, 0], [1, 1], [1, 1]]), returned([[1, 0], [1, 1]]))
    assert not same_cells(returned([[1, 0], [1]]), returned([[1, 0], [1, 1]]))  # ragged: no grid


def test_same_changes_compares_what_a_call_changed_in_place():
    assert same_changes(returned(True, (True, False)), returned(False, (True, False)))
    assert not same_changes(returned(True, (False, False)), returned(True, (True, False)))
    assert not same_changes(returned(True, None), returned(True, (True, False)))  # not observed: not the same
    assert same_changes(Outcome("raised", error="ValueError"), Outcome("raised", error="ValueError"))


def test_a_probe_is_its_arguments():
    assert probe(7e9, 1000, utilization=0.5) == Probe((7e9, 1000), {"utilization": 0.5})
    assert str(probe(7e9, 1000, utilization=0.5)) == "7e9, 1000, utilization=0.5"


def test_model_marks_a_function_with_its_code_and_comparison():
    @model("flops.missing-factor-2", same=same_type, needs="x.y", carried=True)
    def half(N, P):
        return N * P

    assert half(2, 3) == 6
    assert half.grader_model == ModelMark("flops.missing-factor-2", same_type, None, "x.y", True)


class Student:
    """Answers like the ``student`` fixture: the function's value, or its exception rebuilt with its sentence."""

    def __init__(self, function):
        self.function = function

    def call(self, name, *args, **kwargs):
        try:
            return self.function(*args, **kwargs)
        except Exception as exc:
            exc.grader_text = f"{name}(...) raised {type(exc).__name__}: {exc}"
            raise


def test_answer_names_the_diagnosis_of_a_call_that_raises_or_runs_out_of_time():
    assert answer(Student(lambda P: P + 1), "causal_pairs", 4, explain=lambda: "never asked") == 5
    with pytest.raises(CheckFailed) as info:
        answer(Student(lambda P: 1 / 0), "causal_pairs", 4, explain=lambda: "pairs.x")
    assert info.value.diagnosis == "pairs.x" and info.value.property == "causal_pairs raised ZeroDivisionError"
    assert str(info.value).startswith("causal_pairs(...) raised ZeroDivisionError")

    def slow(P):
        raise CallTimeout("causal_pairs(1000) did not return within 5 s")
    with pytest.raises(CheckFailed) as info:
        answer(Student(slow), "causal_pairs", 1000, explain=lambda: "pairs.too-slow")
    assert info.value.diagnosis == "pairs.too-slow" and "did not return within its time limit" in info.value.property


def test_answer_lets_an_unexplained_failure_go_on_as_it_was():
    with pytest.raises(ZeroDivisionError):
        answer(Student(lambda P: 1 / 0), "causal_pairs", 4, explain=lambda: None)
    with pytest.raises(CallTimeout):
        answer(Student(lambda P: (_ for _ in ()).throw(CallTimeout("t"))), "causal_pairs", 4, explain=lambda: None)


def test_every_comparison_a_check_looks_for_is_one_the_worker_observes():
    from grader.checks import COMPARISONS
    from grader.sandbox.observation import LIBRARY_NAMES

    assert COMPARISONS and COMPARISONS <= LIBRARY_NAMES  # one the worker never records could never be found


def test_a_cause_read_from_one_answer_is_confirmed_only_where_every_other_input_shows_it():
    class Student:
        def halved(self, b):
            return 1 / b

        def constant(self, b):
            return 1.0

        def refuses(self, b):
            raise ValueError("no")

    def mistake(got, b):
        return "forgets the factor 2" if is_close(got, 1 / b) else ""

    inputs = [(3.0,), (0.25,)]
    assert confirmed(Student(), "halved", inputs, mistake, "forgets the factor 2")
    assert not confirmed(Student(), "constant", inputs, mistake, "forgets the factor 2")  # 1 / b at b = 1 alone
    assert not confirmed(Student(), "refuses", inputs, mistake, "forgets the factor 2")


_NUMBERS = [0, 1, -1, 7, 3, 2**53, 2**53 + 1, -(2**60), 10**30, 0.0, -0.0, 1.0, 1.0 + 1e-9, 1.0 + 1e-7, -1.0, 0.28,
            0.28000000001, 1.4e13, 1.4000000001e13, 5e-324, 1e308, -1e308, math.inf, -math.inf, math.nan]


@pytest.mark.parametrize("rel", [1e-9, 1e-6, 0.5, 0, 2])
def test_is_close_of_plain_numbers_is_numpy_s_isclose(rel):
    """is_close writes numpy's isclose out for ints and floats (a scalar np.isclose costs tens of microseconds):
    the same answer, or the same exception, on every pair."""
    for actual in _NUMBERS:
        for expected in _NUMBERS:
            try:
                want = bool(np.isclose(actual, expected, rtol=rel, atol=0.0))
            except OverflowError:
                with pytest.raises(OverflowError):
                    is_close(actual, expected, rel)
                continue
            assert is_close(actual, expected, rel) is want, (actual, expected)



class _Rates:
    """A student whose steady_decode_rate is ``rule``."""

    def __init__(self, rule):
        self.steady_decode_rate = rule


def _refuse(itl):
    raise ValueError(f"itl must be positive, got {itl}")


@pytest.mark.parametrize("rule, said", [
    (lambda itl: 1 / itl if itl > 0 else _refuse(itl), None),  # the rule itself: no failure
    (_refuse, "valid arguments must give an answer"),  # refuses everything
    (lambda itl: _refuse(itl) if itl in (0.0, -0.05) else 1 / itl, "not for a few values"),  # the listed values
    (lambda itl: 1 / itl if itl > 0 else _refuse(itl) if itl < -1 else -1 / itl, "not for a few values"),
], ids=["right", "refuses-all", "listed-values", "half-the-rule"])
def test_refuses_by_rule_asks_valid_and_other_invalid_arguments(rule, said):
    valid, invalid = [(0.37,), (2.0,)], [(-1e-9,), (-3.0,)]
    if said is None:
        refuses_by_rule(_Rates(rule), "steady_decode_rate", valid, invalid, "an ITL that is zero or negative")
        return
    with pytest.raises(CheckFailed) as info:
        refuses_by_rule(_Rates(rule), "steady_decode_rate", valid, invalid, "an ITL that is zero or negative")
    assert said in info.value.property
