"""Crossing the codec as a frame would, and comparing what came back, for the tests of grader.sandbox.codec.

The tests of the codec are split by aspect (tests/sandbox/test_codec*.py); several of them send a value
across and check it returned with the same type at every level, so both steps live here once.
"""

from __future__ import annotations

import json
import math

import numpy as np

from grader.sandbox import codec as _codec


def wire(value):
    """Encode, cross a JSON text boundary exactly as write_frame/read_frame do, and decode."""
    blobs = _codec.Blobs()
    doc = _codec.encode(value, blobs)
    text = json.dumps({"v": doc}, allow_nan=False, separators=(",", ":"))
    return _codec.decode(json.loads(text)["v"], b"".join(blobs.parts))


def assert_same(original, decoded):
    """Same type at every level, same values (nan equal to nan), arrays as plain writable ndarrays."""
    assert type(decoded) is type(original), (type(original), type(decoded))
    if type(original) is np.ndarray:
        assert decoded.dtype == original.dtype
        assert decoded.shape == original.shape
        assert decoded.flags.writeable
        assert decoded.flags.c_contiguous
        np.testing.assert_array_equal(decoded, original)
    elif type(original) in (list, tuple):
        assert len(decoded) == len(original)
        for a, b in zip(original, decoded, strict=False):
            assert_same(a, b)
    elif type(original) is dict:
        assert list(decoded.keys()) == list(original.keys())
        for key in original:
            assert_same(original[key], decoded[key])
    elif isinstance(original, (float, np.floating)) and math.isnan(original):
        assert math.isnan(decoded)
    else:
        assert decoded == original
        if isinstance(original, np.generic):
            assert decoded.dtype == original.dtype
