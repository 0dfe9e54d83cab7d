"""Inside the worker: the facts a check asks of a value too large to send back whole.

A mask of 4097 tokens is 17 MB: sent back and compared, it cost a right grade half as much again
(bench/grade_ab.py), for one question, whether a mask cut at a 4096-token context stops there. Its
shape, its dtype, how many cells are nonzero and how many of those lie above the diagonal answer it:
a (P, P) bool array holding P(P + 1)/2 Trues and no True above the diagonal is the lower triangle.

The numpy functions are taken when this module is imported, before the submission runs (it may
patch numpy's). The facts are the submission's data like any reply: ``grader.sandbox.summary``
reads and bounds them on the trusted side.
"""

from __future__ import annotations

import numpy as np

_COUNT, _ARRAY = np.count_nonzero, np.ndarray


def facts(value) -> dict:
    """The value's type name, and for an array its shape, dtype, nonzero cells and, square, those above the
    diagonal (plain JSON: the codec sends it as any value)."""
    if not isinstance(value, _ARRAY):
        return {"type": str(type(value).__name__)[:100]}
    found = {"type": "ndarray", "shape": [int(n) for n in value.shape], "dtype": str(value.dtype)[:40],
             "nonzero": int(_COUNT(value))}
    if value.ndim == 2 and value.shape[0] == value.shape[1]:
        found["above"] = sum(int(_COUNT(value[i, i + 1:])) for i in range(value.shape[0]))  # (np.triu: 3x the time)
    return found
