"""Where a function of arrays raises, said as a relation of sizes or as state (``grader.grading.shapes``)."""

from __future__ import annotations

import types

import numpy as np

from grader.exceptions import CallTimeout
from grader.grading.shapes import RaisePatterns
from grader.lesson.contract import load_contracts
from grader.sandbox.replies import BatchResult

CONTRACTS = load_contracts("lesson.toml", {
    "matches": {"dims": {"P": {"min": 1, "max": 64}, "d": {"min": 1, "max": 32}},
                "X": {"kind": "array", "shape": ["P", "d"]}, "W": {"kind": "array", "shape": ["d", "d"]}},
    "pairs": {"P": {"kind": "whole", "min": 1, "sample": [1, 2048], "types": ["int"]}},
}, ("matches", "pairs"))
LESSON = types.SimpleNamespace(contracts=CONTRACTS)


class Module:
    """A submission's module as the runner holds it: batches run one after another in one process."""

    def __init__(self, function, times_out: bool = False):
        self.function, self.times_out, self.batches, self.fresh = function, times_out, 0, 0

    def clean_slate(self):
        self.fresh += 1

    def call_many(self, name, calls):
        self.batches += 1
        if self.times_out:
            raise CallTimeout("the batch ran past its time limit")
        results = []
        for args, kwargs in calls:
            try:
                results.append(BatchResult("returned", self.function(*args, **kwargs)))
            except Exception as exc:  # noqa: BLE001 - as the worker rebuilds the submission's own
                results.append(BatchResult("raised", raised(exc)))
        return results


def raised(exc: Exception) -> Exception:
    exc.grader_text = f"raised {type(exc).__name__}"  # what rebuild() leaves on the submission's exception
    return exc


def right(X, W):
    Y = X @ W
    return np.allclose(np.cumsum(Y, axis=0), np.array([Y[: t + 1].sum(axis=0) for t in range(len(X))]))


def same_shape(X, W):  # issue 21's seventh round, g08
    if X.shape != W.shape:
        raise ValueError("X and W must have the same shape")
    return right(X, W)


def d_by_d_buffer(X, W):  # g03: a (d, d) buffer indexed by position, compared against (P, d)
    Y, seq = X @ W, np.zeros_like(W)
    acc = np.zeros(W.shape[1])
    for t in range(len(X)):
        acc += Y[t]
        seq[t] = acc
    return np.allclose(np.cumsum(Y, axis=0), seq)


def kept_list(X, W, rows=[]):  # noqa: B006 - f11: a default list that grows from call to call
    rows.extend(list(X @ W))
    if len(rows) > 40:
        raise ValueError("setting an array element with a sequence")
    return right(X, W)


def said(function, exc=None) -> str:
    return RaisePatterns(LESSON, Module(function)).said("matches", exc or raised(ValueError("x")))


def test_a_raise_on_every_shape_but_the_square_ones_is_said_as_p_not_d():
    text = said(same_shape)
    assert "raised ValueError in exactly those where P ≠ d; it returned a value at every other" in text
    assert "X of shape (P, d), W of shape (d, d); P from 1 to 64 and d from 1 to 32" in text


def test_each_type_raised_is_said_apart_and_one_without_a_relation_is_counted():
    text = said(d_by_d_buffer)
    assert "IndexError in exactly those where P > d" in text
    assert "ValueError at 10 other sizes" in text and "every other" not in text


def test_a_raise_wherever_an_axis_is_one_long_is_said_as_either_size_one():
    def squeezed(X, W):  # (X @ W).squeeze() drops every axis of length 1, then Y.shape[1] is out of range
        Y = (X @ W).squeeze()
        return right(X, W) if Y.shape[1] else True
    assert "raised IndexError in exactly those where P = 1 or d = 1" in said(squeezed)


def test_the_same_input_answered_first_and_refused_later_is_said_as_state_kept_between_calls():
    text = said(kept_list)
    assert "answered it the first time and raised the second" in text
    assert "keeps something between calls" in text


def test_nothing_is_said_where_no_relation_of_sizes_splits_the_raises():
    def here_and_there(X, W):
        if (X.shape[0] * 7 + W.shape[0]) % 3 == 0:
            raise ValueError("odd")
        return True
    assert said(here_and_there) == ""
    assert said(right) == ""  # nothing raised in the grid: the check's own raise is all there is


def test_it_is_asked_once_per_function_in_a_fresh_process_and_never_for_a_timeout_or_a_scalar_function():
    module = Module(same_shape)
    patterns = RaisePatterns(LESSON, module)
    assert patterns.said("matches", raised(ValueError("x")))
    assert patterns.said("matches", raised(ValueError("x"))) == ""  # said with the first check only
    assert (module.batches, module.fresh) == (1, 1)
    assert RaisePatterns(LESSON, module).said("matches", CallTimeout("slow")) == ""
    assert RaisePatterns(LESSON, module).said("pairs", raised(ValueError("x"))) == ""
    assert RaisePatterns(LESSON, module).said("matches", ValueError("the grader's own")) == ""
    assert module.batches == 1
    assert RaisePatterns(LESSON, Module(same_shape, times_out=True)).said("matches", raised(ValueError("x"))) == ""
