"""Tests for grader.sandbox.codec: what the encoder refuses, and how it names it.

Student code may hand back a subclass whose ``__eq__`` or ``__float__`` lies, or a value JSON cannot
carry; the encoder checks exact types and raises Unsupported naming the type, never calling its methods.
Split from test_codec.py, the round trips, to keep each file under 450 lines.
"""

from __future__ import annotations

import numpy as np
import pytest

from grader.sandbox import codec as _codec


class MyInt(int):
    def __eq__(self, other):
        return True

    __hash__ = int.__hash__


class MyFloat(float):
    pass


class MyStr(str):
    pass


class MyList(list):
    pass


class MyDict(dict):
    pass


class MyTuple(tuple):
    pass


class MyArray(np.ndarray):
    pass


class Custom:
    pass


class AlwaysEqual:
    def __eq__(self, other):
        return True

    def __ne__(self, other):
        return False

    __hash__ = object.__hash__


@pytest.mark.parametrize("value, words", [
    (MyInt(3), ["MyInt", "subclass of int"]),
    (MyFloat(1.5), ["MyFloat", "subclass of float"]),
    (MyStr("x"), ["MyStr", "subclass of str"]),
    (MyList([1]), ["MyList", "subclass of list"]),
    (MyDict(a=1), ["MyDict", "subclass of dict"]),
    (MyTuple((1,)), ["MyTuple", "subclass of tuple"]),
    (np.arange(3).view(MyArray), ["MyArray", "subclass of ndarray"]),
    (np.ma.masked_array([1, 2, 3], mask=[0, 1, 0]), ["MaskedArray", "subclass of ndarray"]),
    (np.array([1, "a", None], dtype=object), ["numpy array of dtype object"]),
    (np.zeros(3, dtype=[("a", "<i4"), ("b", "<f8")]), ["numpy array of dtype", "'a'"]),
    (np.array(["abc"]), ["numpy array of dtype <U3"]),
    (np.arange(3, dtype=">i4"), ["numpy array of dtype >i4"]),
    (np.array(["2024-01-01"], dtype="datetime64[D]"), ["numpy array of dtype datetime64[D]"]),
    (np.zeros(2, dtype="V4"), ["numpy array of dtype |V4"]),
    (Custom(), ["Custom"]),
    (AlwaysEqual(), ["AlwaysEqual"]),
    (np.str_("x"), ["numpy.str_", "subclass of str"]),
    (np.datetime64("2024-01-01"), ["datetime64"]),
    ({1, 2}, ["set"]),
    (b"bytes", ["bytes"]),
    (1 + 2j, ["complex"]),
    (len, ["builtin_function_or_method"]),
], ids=lambda v: type(v).__name__ if not isinstance(v, list) else "")
def test_unsupported_values_are_refused_with_their_type(value, words):
    with pytest.raises(_codec.Unsupported) as info:
        _codec.encode(value, _codec.Blobs())
    message = str(info.value)
    for word in words:
        assert word in message, message


@pytest.mark.parametrize("wrap", [
    lambda v: [1, v],
    lambda v: (v,),
    lambda v: {"key": v},
    lambda v: {v: "value"},
    lambda v: [[{"a": (1, [v])}]],
], ids=["list", "tuple", "dict-value", "dict-key", "nested"])
def test_unsupported_values_are_refused_inside_containers(wrap):
    for bad in (MyInt(1), AlwaysEqual()):
        with pytest.raises(_codec.Unsupported) as info:
            _codec.encode(wrap(bad), _codec.Blobs())
        assert type(bad).__name__ in str(info.value)


def test_refused_subclass_methods_are_never_called():
    calls = []

    class Spy(float):
        def __float__(self):
            calls.append("float")
            return 0.0

        def __repr__(self):
            calls.append("repr")
            return "0.0"

    with pytest.raises(_codec.Unsupported):
        _codec.encode(Spy(1.0), _codec.Blobs())
    assert calls == []


def test_longdouble_scalar_and_array_are_refused():
    with pytest.raises(_codec.Unsupported):
        _codec.encode(np.array([1.0], dtype=np.longdouble), _codec.Blobs())
    with pytest.raises(_codec.Unsupported):
        _codec.encode(np.longdouble(1.0), _codec.Blobs())


def test_too_deep_nesting_is_refused():
    value = 1
    for _ in range(_codec.MAX_DEPTH + 1):
        value = [value]
    with pytest.raises(_codec.Unsupported) as info:
        _codec.encode(value, _codec.Blobs())
    assert f"deeper than {_codec.MAX_DEPTH}" in str(info.value)


def test_self_referencing_list_is_refused_not_a_recursion_error():
    value = []
    value.append(value)
    with pytest.raises(_codec.Unsupported):
        _codec.encode(value, _codec.Blobs())


def test_an_array_larger_than_a_frame_is_refused_before_it_is_made_contiguous():
    # issue 25's sixth battery (7g): np.broadcast_to(True, (40000, 40000)) is one byte in memory and 1.6 GB once
    # made contiguous for its reply; the worker copied it twice before the reply was refused
    import resource

    huge = np.broadcast_to(True, (40000, 40000))
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    with pytest.raises(_codec.Unsupported, match="MiB: far more than any answer of this lesson"):
        _codec.encode(huge, _codec.Blobs())
    assert resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before < 200_000  # KB: nothing near 1.6 GB made
