"""Helpers for writing checks: turn a returned value into a number or array, or fail clearly.

Checks must look at a student's value before computing with it: a None or a string that
reaches arithmetic would be reported as a bug in the suite, not as the student's mistake.
"""

from __future__ import annotations

import numpy as np

from grader.feedback import describe


class CheckFailed(AssertionError):
    """A check's verdict; its message is the student's feedback."""


def fail(message: str):
    raise CheckFailed(message)


def number(value, call: str) -> float:
    """The value as a float if it is a real number (bool excluded), else fail naming the call."""
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, float, np.integer, np.floating)):
        fail(f"{call} returned {describe(value)}; expected a number")
    return float(value)


def array(value, call: str) -> np.ndarray:
    """The value if it is a numpy array, else fail naming what came back instead."""
    if not isinstance(value, np.ndarray):
        fail(f"{call} returned {describe(value)}; expected a numpy array")
    return value


def is_close(actual: float, expected: float, rel: float = 1e-9) -> bool:
    return bool(np.isclose(actual, expected, rtol=rel, atol=0.0))
