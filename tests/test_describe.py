"""grader.describe: how values, calls and masks are shown to a student."""

from __future__ import annotations

import numpy as np
import pytest

from grader.describe import (
    MAX_PICTURE,
    MAX_REPR,
    CallText,
    apart,
    bounded_repr,
    describe,
    describe_type,
    format_call,
    format_number,
    format_value,
    int_digits,
    mask_picture,
    side_by_side,
)

# ---------------------------------------------------------------------------- numbers and values

@pytest.mark.parametrize("value, text", [
    (7e9, "7e9"),
    (1.4e13, "1.4e13"),
    (0.28, "0.28"),
    (5e13, "5e13"),
    (1e6, "1e6"),
    (999999.0, "999999.0"),
    (-2.5e7, "-2.5e7"),
    (1e-5, "1e-5"),
    (0.0001, "0.0001"),
    (0.0, "0.0"),
    (1.0, "1.0"),
    (float("nan"), "nan"),
    (float("inf"), "inf"),
    (float("-inf"), "-inf"),
])
def test_format_number(value, text):
    assert format_number(value) == text


def test_format_number_reads_back_close():
    assert float(format_number(1.23456789e10)) == pytest.approx(1.23456789e10, rel=1e-6)


def test_format_value():
    assert format_value(7e9) == "7e9"
    assert format_value(1000) == "1000"
    assert format_value("abc") == "'abc'"
    assert format_value(None) == "None"
    assert format_value(True) == "True"
    assert format_value(np.zeros((3, 2))) == "array(shape=(3, 2), dtype=float64)"


def test_format_value_shortens_long_values():
    text = format_value("x" * 500)
    assert len(text) == MAX_REPR
    assert text.endswith("…")
    assert format_value("x" * 10) == "'xxxxxxxxxx'"


def test_format_call():
    assert format_call("prefill_seconds", (7e9, 1000, 1e14), {"utilization": 0.5}) \
        == "prefill_seconds(7e9, 1000, 1e14, utilization=0.5)"
    assert format_call("causal_mask", (5,)) == "causal_mask(5)"
    assert format_call("f") == "f()"
    assert format_call("g", (), {"X": np.ones((2, 3))}) == "g(X=array(shape=(2, 3), dtype=float64))"


# ---------------------------------------------------------------------------- describe

@pytest.mark.parametrize("value, text", [
    (None, "None"),
    (np.zeros((5, 5)), "a float64 array of shape (5, 5)"),
    (np.ones(3, dtype=bool), "a bool array of shape (3,)"),
    (True, "bool True"),
    (False, "bool False"),
    ([[1, 2], [3, 4]], "nested lists ([[1, 2], [3, 4]])"),  # "not a numpy array" only where one is expected
    ([1, 2], "a list ([1, 2])"),
    ((1, 2), "a tuple ((1, 2))"),
    (3, "3 (int)"),
    (2.5, "2.5 (float)"),
    (1.4e13, "1.4e13 (float)"),
    (np.float64(1.4e13), "1.4e13 (float64)"),
    ("abc", "'abc' (str)"),
])
def test_describe(value, text):
    assert describe(value) == text


def test_describe_numpy_bool():
    text = describe(np.bool_(True))
    assert text.startswith("bool") and text.endswith("True")


def test_describe_numpy_integer():
    assert describe(np.int64(10)) == "10 (int64)"


def test_describe_shortens_long_lists():
    assert len(describe(list(range(1000)))) < MAX_REPR + 40


# ---------------------------------------------------------------------------- what a submission may return

HUGE_INTS = [
    (10**400, "10**400, an int with 401 digits"),
    (-(10**400), "-10**400, an int with 401 digits"),
    (7 * 10**400 + 12345, "≈7e400, an int with 401 digits"),
    (123456789 * 10**40, "≈1.234568e48, an int with 49 digits"),
    (10**5000, "10**5000, an int with 5001 digits"),  # past the 4300 digits Python writes at all
    (10**5000 - 1, "≈1e5000, an int with 5000 digits"),
    (10**30, "10**30, an int with 31 digits"),
]


@pytest.mark.parametrize("value, text", HUGE_INTS, ids=[text for _, text in HUGE_INTS])  # str(10**5000) raises
def test_a_huge_int_is_described_by_its_size_not_its_digits(value, text):
    assert describe(value) == text


def test_an_int_of_millions_of_digits_is_described_at_once():
    text = describe(1 << 10_000_000)  # 3 010 300 digits: str() would refuse, dividing would take minutes
    assert text == "≈9.049817e3010299, an int with about 3010300 digits"


def test_int_digits_counts_exactly_up_to_a_million_bits():
    powers = (0, 1, 4299, 4300, 40_000, 300_000)
    assert [int_digits(10**k) for k in powers] == [(k + 1, True) for k in powers]
    assert [int_digits(-(10**k) + 1) for k in powers[1:]] == [(k, True) for k in powers[1:]]


@pytest.mark.parametrize("value", [[10**5000], [1, [2, (3, {"k": 10**400})]], [10**400] * 1000],
                         ids=["past-the-limit", "nested", "many"])
def test_containers_are_written_only_as_far_as_shown(value):
    text = format_value(value)
    assert len(text) <= MAX_REPR
    assert "1111" not in text and "0000000000" not in text
    assert len(describe(value)) < MAX_REPR + 40


def test_bounded_repr_is_repr_when_it_fits():
    for value in ([1, 2.5, "a", None, True], (1,), {"a": [1, (2,)]}, [], (), {}, "quote'd"):
        assert bounded_repr(value) == repr(value)
    assert describe(10**29) == "100000000000000000000000000000 (int)"  # 30 digits: itself
    assert format_call("causal_pairs", (10**400,)) == "causal_pairs(10**400)"


def test_describe_type_uses_the_right_article():
    assert (describe_type(3), describe_type(np.int64(3)), describe_type(2.5), describe_type("s")) == \
        ("an int", "an int64", "a float", "a str")


def test_a_list_is_not_said_to_be_no_array_where_no_array_was_expected():
    """prefill_flops returning (1, 2) read "a tuple ((1, 2)), not a numpy array; expected a number"."""
    assert (describe_type([1]), describe_type((1,)), describe((1, 2))) == ("a list", "a tuple", "a tuple ((1, 2))")


# ---------------------------------------------------------------------------- pictures

def test_mask_picture_of_a_lower_triangle():
    assert mask_picture(np.tril(np.ones((3, 3), dtype=bool))) == "■ · ·\n■ ■ ·\n■ ■ ■"


def test_mask_picture_of_numbers_uses_truthiness():
    assert mask_picture(np.array([[1, 0], [0.5, 0]])) == "■ ·\n■ ·"


def test_mask_picture_of_nested_lists():
    assert mask_picture([[True, False], [True, True]]) == "■ ·\n■ ■"


def test_mask_picture_largest_drawn_grid():
    picture = mask_picture(np.ones((MAX_PICTURE, MAX_PICTURE), dtype=bool))
    assert picture.splitlines() == [" ".join(["■"] * MAX_PICTURE)] * MAX_PICTURE


@pytest.mark.parametrize("shape", [(MAX_PICTURE + 1, MAX_PICTURE + 1), (1000, 1000), (2, 13)])
def test_large_grids_are_not_drawn(shape):
    text = mask_picture(np.ones(shape, dtype=bool))
    assert "■" not in text
    assert str(shape) in text
    assert "too large" in text


def test_non_grids_are_not_called_too_large():
    text = mask_picture(np.ones(5, dtype=bool))
    assert "(5,)" in text
    assert "too large" not in text


def test_side_by_side_aligns_columns():
    left = mask_picture(np.ones((2, 2), dtype=bool))
    right = mask_picture(np.tril(np.ones((3, 3), dtype=bool)))
    assert side_by_side(left, right) == (
        "yours   expected\n"
        "■ ■     ■ · ·\n"
        "■ ■     ■ ■ ·\n"
        "        ■ ■ ■"
    )


def test_side_by_side_wide_left_and_custom_titles():
    lines = side_by_side("a\nbbbbbbbb", "x\ny\nz", titles=("mine", "theirs")).splitlines()
    assert lines == ["mine       theirs", "a          x", "bbbbbbbb   y", "           z"]
    assert len({line.index(right) for line, right in zip(lines, ["theirs", "x", "y", "z"], strict=False)}) == 1


def test_side_by_side_longer_left():
    lines = side_by_side("1\n2\n3", "9").splitlines()
    assert lines == ["yours   expected", "1       9", "2", "3"]


def test_a_call_text_is_format_call_s_written_once_when_first_read(monkeypatch):
    from grader import describe as module

    written = []
    real = module.format_call
    monkeypatch.setattr(module, "format_call", lambda *call: written.append(call) or real(*call))
    text = CallText("prefill_seconds", (7e9, 1000), {"utilization": 0.5})
    assert written == []
    assert f"{text} raised" == "prefill_seconds(7e9, 1000, utilization=0.5) raised" == str(text) + " raised"
    assert f"[{text:>5}]" == f"[{format_call('prefill_seconds', (7e9, 1000), {'utilization': 0.5}):>5}]"
    assert len(written) == 1


def test_two_different_numbers_are_never_written_alike():
    # round(2·N·P, -3) against 2·N·P: both read 7.124867e10 at describe's digits
    assert apart(71248673000.0, 71248672826.77) == ("7.1248673e10 (float)", "7.12486728e10 (float)")
    assert apart(0.28, 0.2800000001, "g") == ("0.28", "0.2800000001")
    assert apart(0.28, 0.29, "g") == ("0.28", "0.29")  # apart already: as written
    assert apart(3, 4.5) == ("3 (int)", "4.5 (float)") and apart(2.0, 2.0) == ("2.0 (float)", "2.0 (float)")
    assert apart(float("nan"), 1.0)[0] == "nan (float)"
