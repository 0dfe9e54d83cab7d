"""Tests for grader.sandbox.codec: the decoder's defences against a document that breaks the protocol.

The worker's copy of the codec may be monkeypatched by student code, so the trusted side decodes
documents it cannot trust: unknown tags, dtypes off the allowlist, array spans outside the frame,
shapes that do not match their bytes, unusable dict keys. Each is a CodecError, never a crash or a
wrong value. Split from test_codec.py, the round trips, to keep each file under 450 lines.
"""

from __future__ import annotations

import numpy as np
import pytest

from grader.sandbox import codec as _codec


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
