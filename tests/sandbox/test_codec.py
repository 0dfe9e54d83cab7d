"""Tests for grader.sandbox.codec: the data-only codec and the framing between the two processes."""

from __future__ import annotations

import json
import math
import os
import struct
import threading
import time
from decimal import Decimal, Inexact, localcontext
from fractions import Fraction

import numpy as np
import pytest

from grader.sandbox import codec as _codec

ALLOWED_DTYPES = ["bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
                  "float16", "float32", "float64", "complex64", "complex128"]


# --------------------------------------------------------------------------- helpers

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


# --------------------------------------------------------------------------- refusals

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


def test_huge_int_beyond_str_digit_limit_round_trips_or_is_refused(pipe):
    value = 10**5000  # about 5 kB of JSON: fits in the pipe's buffer, so no writer thread is needed
    blobs = _codec.Blobs()
    try:
        doc = _codec.encode(value, blobs)
    except _codec.Unsupported:
        return  # a clean refusal is acceptable
    _codec.write_frame(pipe["w"], {"v": doc}, blobs)
    message, blob = _codec.read_frame(pipe["r"], time.monotonic() + 2)
    assert _codec.decode(message["v"], blob) == value


# --------------------------------------------------------------------------- decoder defences

def array_doc(dtype="<f8", shape=(2,), blob=(0, 16)):
    return {"t": "ndarray", "dtype": dtype, "shape": list(shape), "blob": list(blob)}


@pytest.mark.parametrize("doc", [
    {"t": "pickle", "v": "gASV"},
    {"t": "set", "v": [1, 2]},
    {"v": [1]},
    {},
    {"t": None},
    {"t": 1},
], ids=repr)
def test_unknown_tags_are_rejected(doc):
    with pytest.raises(_codec.CodecError, match="unknown tag"):
        _codec.decode(doc)


def test_unknown_tag_nested_in_a_list_is_rejected():
    with pytest.raises(_codec.CodecError):
        _codec.decode([1, [2, {"t": "object", "v": "os.system"}]])


@pytest.mark.parametrize("dtype", ["|O", "<U3", "|V8", ">i4", ">f8", "<M8[D]", "<m8[s]", "|S3", "<f16",
                                   "object", "float64", "", None, 5])
def test_dtype_not_on_the_allowlist_is_rejected(dtype):
    with pytest.raises(_codec.CodecError, match="not allowed"):
        _codec.decode(array_doc(dtype=dtype, shape=(1,), blob=(0, 8)), bytes(8))
    with pytest.raises(_codec.CodecError, match="not allowed"):
        _codec.decode({"t": "npscalar", "dtype": dtype, "data": "AAAAAAAAAAA="})


@pytest.mark.parametrize("tag", ["ndarray", "npscalar"])
def test_unhashable_dtype_field_is_a_codec_error(tag):
    doc = {"t": tag, "dtype": ["<f8"], "shape": [1], "blob": [0, 8], "data": "AAAAAAAAAAA="}
    with pytest.raises(_codec.CodecError):
        _codec.decode(doc, bytes(8))


@pytest.mark.parametrize("blob_span, blob_size", [
    ((0, 17), 16),      # longer than the frame's bytes
    ((8, 16), 16),      # starts inside, runs past the end
    ((16, 16), 16),     # starts at the end
    ((2**63, 16), 16),  # huge offset
    ((-8, 16), 16),     # negative offset
    ((0, -16), 16),     # negative length
    ((0.0, 16), 16),    # not an int
    ((0, "16"), 16),
    ((True, 16), 17),   # bool is not an int here
    ((0,), 16),         # wrong number of fields
    ((0, 16, 0), 16),
    ((), 16),
], ids=str)
def test_array_blob_span_out_of_range_is_rejected(blob_span, blob_size):
    with pytest.raises(_codec.CodecError):
        _codec.decode(array_doc(blob=blob_span), bytes(blob_size))


@pytest.mark.parametrize("blob_field", [None, "0,16", {"0": 16}, 16])
def test_array_blob_span_must_be_a_list(blob_field):
    doc = array_doc()
    doc["blob"] = blob_field
    with pytest.raises(_codec.CodecError, match="'blob' must be a list"):
        _codec.decode(doc, bytes(16))


@pytest.mark.parametrize("shape, span", [
    ((3,), (0, 16)),       # 3 float64 need 24 bytes
    ((1,), (0, 16)),       # too many bytes
    ((2, 2), (0, 16)),
    ((), (0, 16)),         # a 0-d float64 needs 8 bytes
    ((0,), (0, 8)),        # an empty array has no bytes
    ((2**40, 2**40), (0, 16)),
], ids=str)
def test_array_blob_not_matching_shape_times_itemsize_is_rejected(shape, span):
    with pytest.raises(_codec.CodecError, match="does not match its shape"):
        _codec.decode(array_doc(shape=shape, blob=span), bytes(16))


def test_array_blob_matching_shape_decodes_correct_slice():
    data = np.arange(2, dtype="<f8").tobytes() + np.arange(5, 8, dtype="<i2").tobytes()
    out = _codec.decode([array_doc(shape=(2,), blob=(0, 16)), array_doc("<i2", (3,), (16, 6))], data)
    np.testing.assert_array_equal(out[0], [0.0, 1.0])
    np.testing.assert_array_equal(out[1], [5, 6, 7])
    assert out[1].dtype == np.int16


@pytest.mark.parametrize("shape", [(-2,), (-1, -2), (2.0,), ("2",), (None,), (True, 2), ([2],)], ids=str)
def test_negative_or_non_int_shape_is_rejected(shape):
    with pytest.raises(_codec.CodecError, match="bad array shape"):
        _codec.decode(array_doc(shape=shape), bytes(16))


@pytest.mark.parametrize("shape_field", [None, 2, "2", {"0": 2}])
def test_shape_must_be_a_list(shape_field):
    doc = array_doc()
    doc["shape"] = shape_field
    with pytest.raises(_codec.CodecError):
        _codec.decode(doc, bytes(16))


def test_shape_with_too_many_dimensions_is_rejected():
    with pytest.raises(_codec.CodecError):
        _codec.decode(array_doc("|b1", shape=(1,) * 40, blob=(0, 1)), bytes(1))


@pytest.mark.parametrize("shape", [(0, 2**70), (0, 2**62)], ids=str)
def test_zero_size_array_with_enormous_dimension_is_a_codec_error(shape):
    with pytest.raises(_codec.CodecError):
        _codec.decode(array_doc(shape=shape, blob=(0, 0)), b"")


@pytest.mark.parametrize("text", ["NaN", "Infinity", "-Infinity", "1.5", "", "nan ", "INF", None, 1.0, ["nan"]],
                         ids=repr)
def test_bad_special_float_text_is_rejected(text):
    with pytest.raises(_codec.CodecError, match="bad special float"):
        _codec.decode({"t": "float", "v": text})


@pytest.mark.parametrize("key_doc", [
    [1, 2],                                                  # a list
    {"t": "dict", "v": []},                                  # a dict
    {"t": "tuple", "v": [[1]]},                              # a tuple holding a list
    {"t": "ndarray", "dtype": "|b1", "shape": [1], "blob": [0, 1]},  # an array
], ids=["list", "dict", "tuple-of-list", "ndarray"])
def test_unhashable_dict_key_is_rejected(key_doc):
    with pytest.raises(_codec.CodecError, match="unusable dict key"):
        _codec.decode({"t": "dict", "v": [[key_doc, 1]]}, b"\x01")


@pytest.mark.parametrize("entries", [[[1]], [[1, 2, 3]], [{"k": 1}], ["ab"], [1]], ids=str)
def test_malformed_dict_entries_are_rejected(entries):
    with pytest.raises(_codec.CodecError, match="bad dict entry"):
        _codec.decode({"t": "dict", "v": entries})


@pytest.mark.parametrize("tag", ["tuple", "dict"])
def test_container_payload_must_be_a_list(tag):
    with pytest.raises(_codec.CodecError, match="'v' must be a list"):
        _codec.decode({"t": tag, "v": "abc"})


@pytest.mark.parametrize("data", ["!!!!", "AAAA", "AAAAAAAAAAAAAAAA", None, 12], ids=repr)
def test_bad_numpy_scalar_data_is_rejected(data):
    with pytest.raises(_codec.CodecError):
        _codec.decode({"t": "npscalar", "dtype": "<f8", "data": data})


def test_document_nested_too_deeply_is_rejected():
    doc = 1
    for _ in range(_codec.MAX_DEPTH + 10):
        doc = [doc]
    with pytest.raises(_codec.CodecError, match="nested too deeply"):
        _codec.decode(doc)


@pytest.mark.parametrize("value", [{1, 2}, b"x", object(), 1j], ids=["set", "bytes", "object", "complex"])
def test_non_json_value_in_document_is_rejected(value):
    with pytest.raises(_codec.CodecError, match="unexpected JSON value"):
        _codec.decode([value])


def test_array_bytes_are_read_from_the_declared_span_only():
    out = _codec.decode(array_doc("<u2", shape=(2,), blob=(1, 4)), b"\xff\x01\x00\x02\x00\xff")
    assert out.dtype == np.uint16 and out.tolist() == [1, 2]


# --------------------------------------------------------------------------- framing

@pytest.fixture
def pipe():
    r, w = os.pipe()
    fds = {"r": r, "w": w}
    yield fds
    for fd in fds.values():
        if fd is not None:
            try:
                os.close(fd)
            except OSError:
                pass


def close_writer(fds):
    os.close(fds["w"])
    fds["w"] = None


def send(fd, value):
    blobs = _codec.Blobs()
    _codec.write_frame(fd, {"op": "test", "v": _codec.encode(value, blobs)}, blobs)


def test_frame_round_trip_small(pipe):
    value = {"a": [1, 2.5, None, (True, "x")], 3: np.arange(5, dtype=np.int16)}
    send(pipe["w"], value)
    message, blob = _codec.read_frame(pipe["r"], time.monotonic() + 2)
    assert message["op"] == "test"
    assert_same(value, _codec.decode(message["v"], blob))


def test_frame_without_blobs(pipe):
    _codec.write_frame(pipe["w"], {"op": "ready"})
    assert _codec.read_frame(pipe["r"], time.monotonic() + 2) == ({"op": "ready"}, b"")


def test_frames_arrive_in_order_and_do_not_run_together(pipe):
    for i in range(5):
        send(pipe["w"], [i, np.full(i, i, dtype=np.uint8)])
    for i in range(5):
        message, blob = _codec.read_frame(pipe["r"], time.monotonic() + 2)
        out = _codec.decode(message["v"], blob)
        assert out[0] == i and out[1].tolist() == [i] * i


def test_frame_round_trip_large_bool_array_through_a_thread(pipe):
    mask = np.tril(np.ones((1000, 1000), dtype=bool))
    mask[3, 997] = True
    value = [mask, np.arange(100_000, dtype=np.float64)]
    errors = []

    def writer():
        try:
            send(pipe["w"], value)
        except BaseException as exc:  # noqa: BLE001 - reported below
            errors.append(exc)

    thread = threading.Thread(target=writer, daemon=True)
    thread.start()
    message, blob = _codec.read_frame(pipe["r"], time.monotonic() + 10)
    thread.join(10)
    assert not errors
    assert len(blob) == 1000 * 1000 + 800_000
    assert_same(value, _codec.decode(message["v"], blob))


def test_read_frame_without_deadline_waits_for_a_slow_writer(pipe):
    def writer():
        time.sleep(0.3)
        send(pipe["w"], "late")

    thread = threading.Thread(target=writer, daemon=True)
    thread.start()
    message, blob = _codec.read_frame(pipe["r"])
    thread.join(5)
    assert _codec.decode(message["v"], blob) == "late"


def test_timeout_when_nothing_arrives(pipe):
    start = time.monotonic()
    with pytest.raises(_codec.ChannelTimeout):
        _codec.read_frame(pipe["r"], start + 0.3)
    elapsed = time.monotonic() - start
    assert 0.25 <= elapsed < 10  # at the deadline, not forever


def test_timeout_when_only_part_of_a_frame_arrives(pipe):
    os.write(pipe["w"], struct.pack(">QQ", 100, 0) + b'{"op":')
    start = time.monotonic()
    with pytest.raises(_codec.ChannelTimeout):
        _codec.read_frame(pipe["r"], start + 0.3)
    assert time.monotonic() - start < 10


def test_timeout_when_only_part_of_the_header_arrives(pipe):
    os.write(pipe["w"], b"\x00\x00\x00")
    with pytest.raises(_codec.ChannelTimeout):
        _codec.read_frame(pipe["r"], time.monotonic() + 0.3)


def test_timeout_when_blob_bytes_never_arrive(pipe):
    body = b'{"op":"x"}'
    os.write(pipe["w"], struct.pack(">QQ", len(body), 10) + body + b"12345")
    with pytest.raises(_codec.ChannelTimeout):
        _codec.read_frame(pipe["r"], time.monotonic() + 0.3)


def test_closed_when_writer_closes(pipe):
    close_writer(pipe)
    start = time.monotonic()
    with pytest.raises(_codec.ChannelClosed):
        _codec.read_frame(pipe["r"], start + 60)
    assert time.monotonic() - start < 30  # reported at once, not at the deadline


def test_closed_without_deadline(pipe):
    close_writer(pipe)
    with pytest.raises(_codec.ChannelClosed):
        _codec.read_frame(pipe["r"])


def test_closed_when_writer_closes_mid_frame(pipe):
    os.write(pipe["w"], struct.pack(">QQ", 100, 0) + b'{"op":')
    close_writer(pipe)
    with pytest.raises(_codec.ChannelClosed):
        _codec.read_frame(pipe["r"], time.monotonic() + 5)


def test_closed_after_last_complete_frame(pipe):
    send(pipe["w"], 1)
    close_writer(pipe)
    message, blob = _codec.read_frame(pipe["r"], time.monotonic() + 2)
    assert _codec.decode(message["v"], blob) == 1
    with pytest.raises(_codec.ChannelClosed):
        _codec.read_frame(pipe["r"], time.monotonic() + 2)


@pytest.mark.parametrize("length, blob_length", [
    (_codec.MAX_FRAME_BYTES + 1, 0),
    (0, _codec.MAX_FRAME_BYTES + 1),
    (_codec.MAX_FRAME_BYTES // 2 + 1, _codec.MAX_FRAME_BYTES // 2),
    (2**64 - 1, 2**64 - 1),
], ids=str)
def test_oversized_declared_length_is_rejected_before_reading(pipe, length, blob_length):
    os.write(pipe["w"], struct.pack(">QQ", length, blob_length))
    start = time.monotonic()
    with pytest.raises(_codec.CodecError, match="exceeds"):
        _codec.read_frame(pipe["r"], start + 60)
    assert time.monotonic() - start < 30  # refused from the header, without waiting for the body


@pytest.mark.parametrize("body", [
    b"not json", b"{'single': 'quotes'}", b"\xff\xfe\x00", b"{", b"", b"[" * 100_000,
], ids=lambda b: repr(b[:12]))
def test_non_json_body_is_rejected(pipe, body):
    def writer():
        os.write(pipe["w"], struct.pack(">QQ", len(body), 0) + body)

    thread = threading.Thread(target=writer, daemon=True)
    thread.start()
    with pytest.raises(_codec.CodecError, match="not valid JSON"):
        _codec.read_frame(pipe["r"], time.monotonic() + 5)
    thread.join(5)


@pytest.mark.parametrize("body", [b"[1, 2]", b'"text"', b"3", b"null", b"true"], ids=repr)
def test_non_object_body_is_rejected(pipe, body):
    os.write(pipe["w"], struct.pack(">QQ", len(body), 0) + body)
    with pytest.raises(_codec.CodecError, match="not a JSON object"):
        _codec.read_frame(pipe["r"], time.monotonic() + 2)


def test_frame_header_is_two_big_endian_lengths(pipe):
    blobs = _codec.Blobs()
    doc = {"op": "x", "v": _codec.encode(np.arange(3, dtype=np.uint8), blobs)}
    _codec.write_frame(pipe["w"], doc, blobs)
    raw = os.read(pipe["r"], 1 << 16)
    length, blob_length = struct.unpack(">QQ", raw[:16])
    assert blob_length == 3 and raw[-3:] == b"\x00\x01\x02"
    assert json.loads(raw[16:16 + length]) == doc
    assert len(raw) == 16 + length + blob_length


def test_write_frame_refuses_raw_nan_in_a_document(pipe):
    with pytest.raises(ValueError):
        _codec.write_frame(pipe["w"], {"v": float("nan")})


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


# --------------------------------------------------------------------------- exact numbers

@pytest.mark.parametrize("value, expected", [
    (Fraction(15), 15),
    (Fraction(-30, 2), -15),
    (Fraction(1, 3), 1 / 3),
    (Fraction(7, 25), 0.28),
    (Fraction(10**400, 10**399 * 3), 10 / 3),  # huge terms, a float quotient: correctly rounded
    (Fraction(10**400), 10**400),  # whole: an int of any size, as the codec sends ints
    (Decimal("15"), 15),
    (Decimal("15.000"), 15),
    (Decimal("-1.5E+3"), -1500),
    (Decimal("1.4E+13"), 14_000_000_000_000),
    (Decimal("0E-7"), 0),
    (Decimal("0.28"), 0.28),
    (Decimal("1E-400"), 0.0),
], ids=repr)
def test_exact_numbers_cross_as_an_int_when_whole_else_a_float(value, expected):
    decoded = wire(value)
    assert type(decoded) is type(expected) and decoded == expected


def test_special_decimals_cross_as_the_floats_they_are():
    assert math.isnan(wire(Decimal("NaN"))) and math.isnan(wire(Decimal("sNaN")))
    assert wire(Decimal("-Infinity")) == -math.inf and wire(Decimal("Infinity")) == math.inf
    assert wire([Fraction(1, 2), (Decimal("2"),)]) == [0.5, (2,)]  # inside containers too


def test_exact_numbers_ignore_the_decimal_context_the_submission_set():
    with localcontext() as context:
        context.prec, context.traps[Inexact] = 2, True
        assert wire(Decimal("123456789")) == 123456789 and wire(Decimal("0.123456789")) == 0.123456789


def test_exact_numbers_too_large_are_refused_not_expanded():
    with pytest.raises(_codec.Unsupported, match="Decimal of more than"):
        _codec.encode(Decimal("1E+1000000000"), _codec.Blobs())
    with pytest.raises(_codec.Unsupported, match="Fraction too large"):
        _codec.encode(Fraction(10**400, 3), _codec.Blobs())


class LyingFraction(Fraction):
    def __eq__(self, other):
        return True

    __hash__ = Fraction.__hash__


class LyingDecimal(Decimal):
    def __float__(self):
        return 0.28


@pytest.mark.parametrize("value, words", [
    (LyingFraction(1, 3), ["LyingFraction", "subclass of Fraction"]),
    (LyingDecimal("1"), ["LyingDecimal", "subclass of Decimal"]),
], ids=["Fraction", "Decimal"])
def test_a_subclass_of_an_exact_number_is_refused(value, words):
    with pytest.raises(_codec.Unsupported) as info:
        _codec.encode(value, _codec.Blobs())
    assert all(word in str(info.value) for word in words), str(info.value)
