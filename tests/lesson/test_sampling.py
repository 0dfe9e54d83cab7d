"""grader.lesson.sampling: inputs over the whole domain, corners first, the same for the same seed."""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import pytest

from grader.lesson.contract import EXPECTED_ERROR, INSIDE, load_contracts
from grader.lesson.manifest import load_lesson
from grader.lesson.sampling import draw, refusals, sequence

SUITES = Path(__file__).resolve().parents[2] / "suites"
CONTRACTS = {f"{lesson}.{name}": contract for lesson in ("prefill", "latency")
             for name, contract in load_lesson(SUITES / lesson).contracts.items()}


@pytest.mark.parametrize("name", sorted(CONTRACTS))
def test_every_drawn_call_is_inside_the_contract(name):
    contract = CONTRACTS[name]
    for seed in range(5):
        for args, kwargs in draw(contract, np.random.default_rng(seed), 24):
            assert contract.judge(args, kwargs).kind == INSIDE, (args, contract.judge(args, kwargs))


@pytest.mark.parametrize("name", sorted(CONTRACTS))
def test_every_refusal_is_one_the_lesson_says_raises(name):
    contract = CONTRACTS[name]
    if contract.params[0].kind == "array":
        return
    base = draw(contract, np.random.default_rng(0), 5)[4][0]
    calls = refusals(contract, base)
    assert calls == [] or all(contract.judge(a, k).kind == EXPECTED_ERROR for a, k in calls)
    assert bool(calls) == any(p.outside for p in contract.params)


def test_a_range_is_refused_in_every_type_it_declares():
    """Round 8 of issue 25: float refusals alone passed a prefill_seconds that tests its range only for floats."""
    utilizations = [args[3] for args, _ in refusals(CONTRACTS["prefill.prefill_seconds"], (7e9, 1000, 1e14, 0.5))]
    of = {kind: [u for u in utilizations if type(u) is kind and u == u] for kind in (float, int, np.float64)}
    assert of == {float: [0.0, -1.0, 1.5], int: [0, -1, 2], np.float64: [0.0, -1.0, 1.5]}
    assert type(utilizations[0]) is float  # a failure says the plain float first


def test_the_corners_come_first_in_every_declared_type():
    contract = CONTRACTS["prefill.prefill_seconds"]
    calls = draw(contract, np.random.default_rng(0), 16)
    utilizations = [args[3] for args, _ in calls[:6]]
    assert min(float(u) for u in utilizations) <= 1e-3 and max(float(u) for u in utilizations) == 1
    assert {type(args[0]) for args, _ in calls[:3]} == {int, float, np.float64}  # no numpy int unless declared
    rates = [float(args[2]) for args, _ in calls]
    assert min(rates) == 1 and max(rates) == 1e18  # 1 FLOP/s (the lesson sets no floor) to a cluster
    assert any(isinstance(args[3], int) and args[3] == 1 for args, _ in calls)  # utilization 1, an int


def test_a_real_range_draws_a_value_with_a_fraction_near_its_low_end():
    calls = draw(CONTRACTS["prefill.prefill_flops"], np.random.default_rng(0), 16)
    assert any(isinstance(args[0], float) and args[0] == 1.5 for args, _ in calls)  # int(N) shows here
    whole = draw(CONTRACTS["prefill.causal_pairs"], np.random.default_rng(0), 16)
    assert all(float(args[0]).is_integer() for args, _ in whole)  # a whole range never does


def test_each_lesson_example_is_drawn_beside_values_for_the_other_arguments():
    contract = CONTRACTS["latency.request_seconds"]
    calls = draw(contract, np.random.default_rng(0), 16)
    for i, (name, example) in enumerate((("ttft", 0.2), ("itl", 0.05), ("n_out", 5))):
        mixed = [args for args, _ in calls if args[i] == example]
        assert mixed, name  # `if n_out == 5: return 0.4` is asked with other times
        assert all(args != (0.2, 0.05, 5) for args in mixed)
    assert all(contract.judge(args, kwargs).kind == INSIDE for args, kwargs in calls)
    last = draw(contract, np.random.default_rng(0), 12)[-3:]
    assert not any(args[i] == e for args, _ in last for i, e in enumerate((0.2, 0.05, 5)))  # a sequence's: spread


def test_the_whole_range_is_spread_over_not_only_its_ends():
    calls = draw(CONTRACTS["latency.steady_decode_rate"], np.random.default_rng(3), 40)
    values = sorted(float(args[0]) for args, _ in calls)
    decades = {math.floor(math.log10(v)) for v in values}
    assert len(decades) >= 5  # from a microsecond to 30 s: orders of magnitude, not one


def test_the_same_seed_draws_the_same_calls():
    contract = CONTRACTS["prefill.prefill_matches_sequential"]
    one = draw(contract, np.random.default_rng(7), 6)
    two = draw(contract, np.random.default_rng(7), 6)
    assert all(np.array_equal(a, b) for (x, _), (y, _) in zip(one, two, strict=True) for a, b in zip(x, y, strict=True))
    shapes = {args[0].shape for args, _ in one}
    assert (1, 1) in shapes and any(s[0] == 1 for s in shapes)  # one token, vectors of one number


def test_after_the_size_corners_comes_an_all_zero_first_array():
    contract = CONTRACTS["prefill.prefill_matches_sequential"]
    calls = draw(contract, np.random.default_rng(3), 10)
    zero = [i for i, (args, _) in enumerate(calls) if not args[0].any()]
    assert zero == [len(contract.dims) + 2]  # the corners: every size low, every size high, one low per dimension
    assert calls[zero[0]][0][1].any() and all(args[0].dtype == np.float64 for args, _ in calls)


def test_a_sequence_asks_the_first_call_again_with_each_float_moved_by_one_part_in_ten_thousand():
    """A cache keyed by a rounded value (round(elapsed, 2)) answers a nearby call with the first call's answer."""
    contracts = load_contracts("lesson.toml", {"rate": {
        "n_out": {"kind": "whole", "min": 1, "sample": [1, 1e5], "types": ["int"]},
        "elapsed": {"kind": "real", "above": 0, "max": 1, "sample": [1e-4, 1]}}}, ("rate",))
    calls = sequence(contracts["rate"], [((7, 1), {}), ((3, 0.5), {}), ((9, 0.25), {})])
    assert calls[-1] == ((7, 0.9999), {}) and isinstance(calls[-1][0][1], float)  # an int moved as a float, inside
    assert not any(args[0] != 7 and args[1] != 1 for args, _ in calls)  # one argument changed at a time
    cached = {}
    def rate(n_out, elapsed):
        return cached.setdefault((n_out, round(elapsed, 2)), n_out / elapsed)
    assert any(rate(*args) != args[0] / args[1] for args, _ in calls)


def test_the_corners_cross_each_arguments_ends_with_the_others():
    """Round 9's probe: P = 1 only ever met N = 1, so `if P == 1` read as a case for N = 1."""
    calls = draw(CONTRACTS["prefill.prefill_flops"], np.random.default_rng(0), 12)
    pairs = {(float(N) == 1, float(P) == 1) for (N, P), _ in calls[:6]}
    assert pairs == {(True, True), (True, False), (False, True), (False, False)}


def test_a_closed_top_the_lesson_sets_is_drawn_from_just_under_it_too():
    """A cap at 0.9 shows at 0.95, which a log spread over [0.001, 1] seldom draws."""
    calls = draw(CONTRACTS["prefill.prefill_seconds"], np.random.default_rng(0), 12)
    assert any(args[3] == 0.95 for args, _ in calls)
