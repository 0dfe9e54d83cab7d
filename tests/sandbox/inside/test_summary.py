"""grader.sandbox.inside.summary: the facts are taken with numpy's functions as they were before the submission ran."""

from __future__ import annotations

import numpy as np

from grader.sandbox.inside import summary


def test_the_facts_do_not_follow_a_numpy_the_submission_patched(monkeypatch):
    monkeypatch.setattr(np, "count_nonzero", lambda *a, **k: 0)
    found = summary.facts(np.ones((4, 4), dtype=bool))
    assert found == {"type": "ndarray", "shape": [4, 4], "dtype": "bool", "nonzero": 16, "above": 6}


def test_a_value_that_is_no_array_is_its_type_name_only():
    assert summary.facts({"a": 1}) == {"type": "dict"}
