"""grader.sandbox.summary: the facts a worker sends for a value too large to send are read, never trusted."""

from __future__ import annotations

import numpy as np
import pytest

from grader.exceptions import UnsupportedResult
from grader.sandbox.summary import Summary, of_value, read

GOOD = {"type": "ndarray", "shape": [3, 3], "dtype": "bool", "nonzero": 6, "above": 0}


def test_the_facts_of_a_mask_say_whether_it_is_the_lower_triangle():
    assert of_value(np.tril(np.ones((3, 3), dtype=bool)), "f(3)") == Summary("ndarray", (3, 3), "bool", 6, 0)
    assert of_value(np.ones((3, 3), dtype=bool), "f(3)").above == 3
    assert of_value(np.ones((2, 3)), "f()") == Summary("ndarray", (2, 3), "float64", 6, None)  # not square
    assert of_value([[True]], "f()") == Summary("list")


@pytest.mark.parametrize("document", [
    None, [], {"type": 3}, {"type": "list", "shape": [1]}, {**GOOD, "extra": 1}, {**GOOD, "shape": "3x3"},
    {**GOOD, "shape": [3, -3]}, {**GOOD, "shape": [True, 3]}, {**GOOD, "nonzero": 10}, {**GOOD, "nonzero": -1},
    {**GOOD, "above": 7}, {**GOOD, "above": None}, {**GOOD, "shape": [2, 3]}, {**GOOD, "dtype": "x" * 41},
    {**GOOD, "shape": [1] * 33}, {**GOOD, "nonzero": 6.0}, {"type": "y" * 101},
])
def test_facts_that_do_not_hold_together_are_refused(document):
    """A worker's reply is the submission's data: a count past the cells, a square without its count above the
    diagonal, a shape of negative or bool sizes, anything extra, is no fact."""
    with pytest.raises(UnsupportedResult, match="sent back facts the grader cannot read"):
        read(document, "causal_mask(3)")


def test_facts_that_hold_together_are_read():
    assert read(GOOD, "causal_mask(3)") == Summary("ndarray", (3, 3), "bool", 6, 0)
