"""grader.lesson.contract: the lesson's domain, declared once, and the judge of every call."""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import pytest

from grader.exceptions import ConfigError
from grader.lesson.contract import EXPECTED_ERROR, INSIDE, OUTSIDE, load_contracts
from grader.lesson.manifest import load_lesson

SUITES = Path(__file__).resolve().parents[2] / "suites"


def _contracts(table: dict, functions=("f",)):
    return load_contracts("lesson.toml", table, functions)


SECONDS = {"f": {
    "N": {"kind": "whole", "min": 1, "sample": [1, 1e12]},
    "rate": {"kind": "real", "above": 0, "sample": [1e9, 1e18]},
    "utilization": {"kind": "real", "above": 0, "max": 1, "outside": "ValueError", "default": 1.0, "sample": [1e-3, 1],
                    "types": ["float", "int"]},
}}


@pytest.mark.parametrize("args, kwargs, verdict", [
    ((7e9, 1e14), {}, INSIDE),  # the default fills utilization
    ((7_000_000_000, 1e14, 0.5), {}, INSIDE),
    ((7, np.float64(1e14), 1), {}, INSIDE),
    ((np.int64(7), 1e14), {}, OUTSIDE),  # a numpy integer only where declared
    ((7e9, 1e14), {"utilization": 1.0}, INSIDE),
    ((7e9, 1e14, 0.0), {}, EXPECTED_ERROR),  # the lesson says: ValueError
    ((7e9, 1e14, 1.5), {}, EXPECTED_ERROR),
    ((7e9, 1e14, math.nan), {}, EXPECTED_ERROR),
    ((7e9, 1e14, np.float32(0.5)), {}, OUTSIDE),  # not a declared type of utilization
    ((0, 1e14), {}, OUTSIDE),  # N < 1: the lesson says nothing
    ((2.5, 1e14), {}, OUTSIDE),  # not a whole number
    ((7e9, -1.0), {}, OUTSIDE),  # a rate must be positive, and the lesson says nothing of a negative one
    ((7e9, math.inf), {}, OUTSIDE),
    ((True, 1e14), {}, OUTSIDE),  # a bool is never a number
    ((7e9,), {}, OUTSIDE),  # too few
    ((7e9, 1e14, 0.5, 1), {}, OUTSIDE),  # too many
    ((7e9, 1e14), {"utilisation": 0.5}, OUTSIDE),  # no such parameter
])
def test_judge_tells_inside_from_stated_errors_from_outside(args, kwargs, verdict):
    assert _contracts(SECONDS)["f"].judge(args, kwargs).kind == verdict


def test_arrays_are_judged_by_shape_names_sizes_and_finiteness():
    contract = _contracts({"f": {"dims": {"P": {"min": 1, "max": 64}, "d": {"min": 1, "max": 32}},
                                 "X": {"kind": "array", "shape": ["P", "d"]},
                                 "W": {"kind": "array", "shape": ["d", "d"]}}})["f"]
    assert contract.judge((np.ones((4, 3)), np.ones((3, 3))), {}).kind == INSIDE
    outside = [(np.ones((4, 3)), np.ones((5, 5))),  # W's d is not X's d (issue 21's misfit)
               (np.ones((65, 3)), np.ones((3, 3))),  # P beyond its range
               (np.ones((4, 3)), np.ones((3, 3, 1))),  # three axes
               (np.ones((4, 3), dtype=int), np.ones((3, 3))),  # not float
               (np.full((4, 3), np.nan), np.ones((3, 3))),
               ([[1.0]], np.ones((1, 1)))]
    for args in outside:
        verdict = contract.judge(args, {})
        assert verdict.kind == OUTSIDE and verdict.reason, args


@pytest.mark.parametrize("table, says", [
    ({"g": {"N": {"kind": "real", "min": 0, "max": 1}}}, "names no function"),
    ({"f": {"N": {"kind": "complex"}}}, "'kind' must be one of"),
    ({"f": {"N": {"kind": "real", "min": 0}}}, "needs 'sample"),
    ({"f": {"N": {"kind": "real", "min": 0, "above": 0, "max": 1}}}, "one of min/above"),
    ({"f": {"N": {"kind": "real", "min": 0, "max": 1, "outside": "TypeError"}}}, "'outside' can only be"),
    ({"f": {"N": {"kind": "real", "min": 0, "max": 1, "types": ["decimal"]}}}, "'types' must be"),
    ({"f": {"N": {"kind": "real", "min": 0, "max": 1, "colour": "red"}}}, "unknown keys colour"),
    ({"f": {"N": {"kind": "real", "min": 1, "sample": [0.5, 2]}}}, "is outside"),
    ({"f": {"N": {"kind": "real", "min": -1, "max": 1, "spread": "log"}}}, "'spread'"),
    ({"f": {"X": {"kind": "array", "shape": ["P"]}}}, "declared in its dims"),
    ({"f": {"N": 3}}, "inline table"),
    ({"f": {"N": {"kind": "real", "min": 1, "max": 9, "example": "7e9"}}}, "'example' must be a number"),
    ({"f": {"N": {"kind": "real", "min": 1, "max": 9, "example": 10}}}, "example 10 is outside"),
])
def test_a_wrong_declaration_is_refused_naming_its_key(table, says):
    with pytest.raises(ConfigError, match=says) as caught:
        _contracts(table)
    assert "contract." in str(caught.value)


@pytest.mark.parametrize("lesson", ["prefill", "latency"])
def test_every_code_function_of_both_lessons_has_its_contract(lesson):
    loaded = load_lesson(SUITES / lesson)
    assert set(loaded.contracts) == {t.function for t in loaded.code_tasks}


def test_the_prefill_contract_says_what_the_lesson_says():
    contracts = load_lesson(SUITES / "prefill").contracts
    seconds = contracts["prefill_seconds"]
    assert seconds.judge((7e9, 1000, 1e14, 1), {}).kind == INSIDE  # utilization 1 included, as an int too
    assert seconds.judge((7e9, 1000, 1e14, 0.05), {}).kind == INSIDE  # near 0 (issue 21: refused below 0.1)
    assert seconds.judge((7e9, 1000, 5e11), {}).kind == INSIDE
    assert seconds.judge((7e9, 1000, 1e14, -0.5), {}).kind == EXPECTED_ERROR
    assert contracts["prefill_flops"].judge((3, 1), {}).kind == INSIDE  # N below 1e6 is a model too
    assert contracts["prefill_flops"].judge((1.5, 2.5), {}).kind == INSIDE  # "whole numbers (int) or not"
    assert contracts["causal_pairs"].judge((100_000,), {}).kind == INSIDE  # inside, though drawn only up to 2048
    mask = contracts["causal_mask"]
    assert mask.judge((1,), {}).kind == INSIDE and mask.judge((0,), {}).kind == OUTSIDE
