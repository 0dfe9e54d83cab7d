# what: at import, monkeypatches numpy (array_equal, allclose, isclose, testing), builtins
# (isinstance, round, abs), unittest, pytest and the grader's own modules (checks, feedback)
# so that any check running in this process would pass; causal_pairs and causal_mask are wrong, and
# prefill_matches_sequential agrees even where its two sums differ (its np.allclose says True to anything)
# category: monkeypatch
# expect-lost: causal_pairs, causal_mask, prefill_matches_sequential
# expect-feedback: causal_pairs: returned 0
# expect-feedback: causal_mask: lower triangle
# ruff: noqa  (deliberately hostile code)
import builtins
import unittest

import numpy as np

np.array_equal = lambda *args, **kwargs: True
np.allclose = lambda *args, **kwargs: True
np.isclose = lambda *args, **kwargs: np.True_
np.testing.assert_array_equal = lambda *args, **kwargs: None
np.testing.assert_allclose = lambda *args, **kwargs: None
unittest.TestCase.assertEqual = lambda *args, **kwargs: None
unittest.TestCase.assertTrue = lambda *args, **kwargs: None
_isinstance = builtins.isinstance
builtins.isinstance = lambda obj, kind: True if kind in ((int, float), (bool, np.bool_)) else _isinstance(obj, kind)
builtins.round = lambda *args, **kwargs: 10
builtins.abs = lambda value: 0

try:
    import pytest

    pytest.approx = lambda *args, **kwargs: type("Equal", (), {"__eq__": lambda self, other: True})()
    pytest.fail = lambda *args, **kwargs: None
except ImportError:
    pass
try:
    import grader.checks
    import grader.describe

    grader.checks.is_close = lambda *args, **kwargs: True
    grader.checks.fail = lambda *args, **kwargs: None
    grader.checks.number = lambda value, call: 10.0
    grader.describe.describe = lambda value: "a correct value"
except Exception:  # noqa: BLE001 - whatever the worker lets us import
    pass


def causal_pairs(P):
    return 0


def causal_mask(P):
    return np.zeros((P, P), dtype=bool)
