"""Tests for grader.sandbox.codec: the values that cross the channel come back as they were sent.

Plain values, containers, arrays of every allowed dtype and numpy scalars, then grids (lists of equal
rows of one type, which cross as raw bytes). The codec's other aspects have files of their own, to keep
each under 450 lines: test_codec_refusals (what the encoder refuses), test_codec_hostile_documents (what
the decoder rejects), test_codec_framing (frames on a pipe), test_codec_exact_numbers (Fraction, Decimal).
"""

from __future__ import annotations

import json
import math

import numpy as np
import pytest

from grader.sandbox import codec as _codec

from codec_round_trip import assert_same, wire

ALLOWED_DTYPES = ["bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
                  "float16", "float32", "float64", "complex64", "complex128"]


def sample_array(dtype: str, shape=(2, 3)) -> np.ndarray:
    n = int(np.prod(shape))
    if dtype == "bool":
        return (np.arange(n) % 3 == 0).reshape(shape)
    if dtype.startswith("complex"):
        return (np.arange(n) + 1j * (np.arange(n) - 2.5)).astype(dtype).reshape(shape)
    if dtype.startswith("uint"):
        return (np.iinfo(dtype).max - np.arange(n, dtype=dtype) * 7).reshape(shape)
    if dtype.startswith("int"):
        return (np.arange(n) - n // 2).astype(dtype).reshape(shape) * 3
    return ((np.arange(n) - 2.25) / 3).astype(dtype).reshape(shape)


# --------------------------------------------------------------------------- round trips

@pytest.mark.parametrize("value", [
    None, True, False, 0, 1, -7, 2**63, -(2**64) - 1, 2**200, -(3**150), 10**300,
    0.0, -0.0, 1.5, -2.25e-300, 1e308, 5e-324, "", "héllo ✓", "line\nbreak \"quoted\" \\ \x00",
    "\ud800",  # a lone surrogate survives JSON's escaping
])
def test_scalar_round_trip(value):
    out = wire(value)
    assert type(out) is type(value)
    assert out == value


def test_negative_zero_keeps_its_sign():
    out = wire(-0.0)
    assert type(out) is float and math.copysign(1.0, out) == -1.0


@pytest.mark.parametrize("value", [float("nan"), float("inf"), float("-inf")])
def test_special_floats_round_trip(value):
    blobs = _codec.Blobs()
    doc = _codec.encode(value, blobs)
    json.dumps(doc, allow_nan=False)  # must be encodable without the non-standard NaN literal
    out = wire(value)
    assert type(out) is float
    if math.isnan(value):
        assert math.isnan(out)
    else:
        assert out == value


def test_bool_is_not_turned_into_int():
    out = wire([True, 1, False, 0])
    assert [type(v) for v in out] == [bool, int, bool, int]


def test_list_and_tuple_are_distinguished():
    value = [1, (2, 3), [4, (5,)], (), []]
    out = wire(value)
    assert_same(value, out)
    assert type(out[1]) is tuple and type(out[2][1]) is tuple and type(out[4]) is list


def test_dict_with_non_string_keys():
    value = {1: "one", "1": "string one", (2, 3): [4], None: None, 2.5: True, False: 0.5, (): {}}
    out = wire(value)
    assert_same(value, out)
    assert out[1] == "one" and out["1"] == "string one"


def test_dict_keeps_insertion_order():
    value = {k: k * 2 for k in (9, 3, 7, 1)}
    assert list(wire(value)) == [9, 3, 7, 1]


def test_nested_structure_round_trip():
    value = {
        "mask": np.tril(np.ones((4, 4), dtype=bool)),
        "scores": [np.float64(0.5), (1, 2.0, float("nan")), {"deep": [[np.arange(3, dtype=np.int16)]]}],
        7: (None, "x", [np.array(2.5, dtype=np.float32)]),
    }
    assert_same(value, wire(value))


def test_structure_exactly_at_max_depth_round_trips():
    value = 1
    for _ in range(_codec.MAX_DEPTH):
        value = [value]
    assert wire(value) == value


@pytest.mark.parametrize("dtype", ALLOWED_DTYPES)
def test_array_round_trip_each_dtype(dtype):
    array = sample_array(dtype)
    out = wire(array)
    assert_same(array, out)
    assert out.tobytes() == array.tobytes()


@pytest.mark.parametrize("dtype", ALLOWED_DTYPES)
@pytest.mark.parametrize("shape", [(0,), (3, 0), (0, 0, 2)])
def test_empty_array_round_trip(dtype, shape):
    array = np.zeros(shape, dtype=dtype)
    out = wire(array)
    assert_same(array, out)


@pytest.mark.parametrize("dtype", ALLOWED_DTYPES)
def test_zero_dimensional_array_round_trip(dtype):
    array = np.array(sample_array(dtype, (1,))[0], dtype=dtype)
    assert array.ndim == 0
    out = wire(array)
    assert_same(array, out)
    assert out.shape == ()


@pytest.mark.parametrize("make", [
    lambda: np.arange(12, dtype=np.int32).reshape(3, 4).T,
    lambda: np.arange(20, dtype=np.float64)[::3],
    lambda: np.asfortranarray(np.arange(6, dtype=np.complex128).reshape(2, 3)),
    lambda: np.arange(24, dtype=np.uint8).reshape(2, 3, 4)[:, ::-1, 1:3],
    lambda: np.tril(np.ones((5, 5), dtype=bool)).T,
], ids=["transposed", "strided", "fortran", "reversed-slice", "bool-transposed"])
def test_non_contiguous_array_round_trip(make):
    array = make()
    assert not array.flags.c_contiguous
    out = wire(array)
    assert_same(array, out)


def test_special_float_values_inside_arrays():
    array = np.array([np.nan, np.inf, -np.inf, -0.0, 1.0], dtype=np.float32)
    out = wire(array)
    np.testing.assert_array_equal(out, array)
    assert np.signbit(out[3])


def test_decoded_array_is_a_writable_copy_not_a_view_of_the_frame():
    blobs = _codec.Blobs()
    doc = _codec.encode(np.arange(4, dtype=np.int64), blobs)
    blob = b"".join(blobs.parts)
    out = _codec.decode(doc, blob)
    out[0] = 99
    assert np.frombuffer(blob, dtype=np.int64)[0] == 0


def test_several_arrays_share_one_blob():
    a, b = np.arange(3, dtype=np.int8), np.ones((2, 2), dtype=np.float64)
    blobs = _codec.Blobs()
    doc = _codec.encode([a, b, a], blobs)
    assert blobs.size == 3 + 32 + 3
    out = _codec.decode(doc, b"".join(blobs.parts))
    assert_same([a, b, a], out)


@pytest.mark.parametrize("value", [
    np.float64(2.5), np.float64("nan"), np.bool_(True), np.bool_(False), np.int32(-123456),
    np.int8(-128), np.uint64(2**64 - 1), np.int64(-(2**63)), np.float16(0.1), np.float32(-3.5),
    np.complex64(1 - 2j), np.complex128(complex("inf") + 0j), np.uint8(255), np.int16(7), np.uint16(9),
    np.uint32(4_000_000_000),
], ids=repr)
def test_numpy_scalar_round_trip(value):
    out = wire(value)
    assert type(out) is type(value)
    assert out.dtype == value.dtype
    assert out.tobytes() == value.tobytes()


def test_numpy_float64_is_not_sent_as_a_python_float():
    # np.float64 subclasses float; it must come back as np.float64, not as float.
    out = wire([np.float64(1.0), 1.0])
    assert type(out[0]) is np.float64 and type(out[1]) is float


# --------------------------------------------------------------------------- grids (equal rows of one type)

@pytest.mark.parametrize("rows", [
    [[c <= r for c in range(7)] for r in range(7)],                  # a nested-list mask
    [[r * c - 20 for c in range(5)] for r in range(3)],
    [[2**63 - 1, -(2**63)], [0, 1]],                                   # the ends of int64
    [[1.5, float("nan")], [float("inf"), -0.0]],
], ids=["bool", "int", "int64-ends", "float-specials"])
def test_a_grid_crosses_as_bytes_and_comes_back_as_the_same_lists(rows):
    blobs = _codec.Blobs()
    assert _codec.encode(rows, blobs)["t"] == "grid"
    decoded = wire(rows)
    assert_same(rows, decoded)
    assert [math.copysign(1, x) for row in decoded for x in row if type(x) is float and x == 0] == \
           [math.copysign(1, x) for row in rows for x in row if type(x) is float and x == 0]


@pytest.mark.parametrize("rows", [
    [[True, 1], [0, 1]],            # bool and int mixed: each keeps its type
    [[1, 2], [3]],                  # ragged
    [[2**64, 1], [1, 1]],           # beyond int64
    [[1, 2], (3, 4)],               # a tuple row
    [["a", "b"], ["c", "d"]],       # not numbers
    [[1], [[2]]],
], ids=["mixed", "ragged", "big-int", "tuple-row", "str", "nested"])
def test_lists_that_are_no_grid_cross_item_by_item_exactly(rows):
    blobs = _codec.Blobs()
    doc = _codec.encode(rows, blobs)
    assert not (isinstance(doc, dict) and doc.get("t") == "grid")
    assert_same(rows, wire(rows))


def test_a_grid_of_int_subclasses_is_refused_not_converted():
    class Lying(int):
        def __index__(self):
            raise AssertionError("never called")

    with pytest.raises(_codec.Unsupported, match="subclass of int"):
        _codec.encode([[Lying(1), 2], [3, 4]], _codec.Blobs())


@pytest.mark.parametrize("change", [
    {"dtype": "<i4"}, {"dtype": "|O"}, {"dtype": ["|b1"]}, {"shape": [2]}, {"shape": [2, 2, 1]},
    {"shape": [0, 4]}, {"shape": [2, 3]}, {"shape": [2, "2"]}, {"blob": [0, 5]}, {"blob": [10, 4]},
], ids=str)
def test_a_bad_grid_document_is_rejected(change):
    doc = {"t": "grid", "dtype": "|b1", "shape": [2, 2], "blob": [0, 4], **change}
    with pytest.raises(_codec.CodecError):
        _codec.decode(doc, bytes(4))
