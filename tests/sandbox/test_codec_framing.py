"""Tests for grader.sandbox.codec: frames written and read on a real pipe.

write_frame and read_frame carry a document and its array bytes between the processes; these tests
check the frame's layout, its order, its deadlines, a closed channel and a frame whose header or body
is bad. Split from test_codec.py, the round trips, to keep each file under 450 lines.
"""

from __future__ import annotations

import json
import os
import struct
import threading
import time

import numpy as np
import pytest

from grader.sandbox import codec as _codec

from codec_round_trip import assert_same


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


# --------------------------------------------------------------------------- a reader's own limit (issue 25)

def test_a_frame_over_the_readers_limit_is_refused_before_it_is_read_and_can_be_skipped(pipe):
    """A 48 MB mask is never held by the trusted process: its header says its size, the reader refuses it
    (FrameTooLarge, naming the size) and skips it a megabyte at a time; the next frame reads as usual."""
    mask = np.ones((1200, 1200), dtype=bool)  # 1.4 MB: over a 1 MB limit
    writer = threading.Thread(target=lambda: (send(pipe["w"], mask), send(pipe["w"], 7)))
    writer.start()
    with pytest.raises(_codec.FrameTooLarge) as refused:
        _codec.read_frame(pipe["r"], time.monotonic() + 5, limit=1 << 20)
    assert refused.value.size > mask.nbytes and refused.value.limit == 1 << 20
    _codec.skip(pipe["r"], refused.value.size, time.monotonic() + 5)
    message, blob = _codec.read_frame(pipe["r"], time.monotonic() + 5, limit=1 << 20)
    writer.join()
    assert _codec.decode(message["v"], blob) == 7


def test_a_document_over_its_own_limit_is_refused(pipe):
    send(pipe["w"], [1.5] * 10_000)
    with pytest.raises(_codec.FrameTooLarge):
        _codec.read_frame(pipe["r"], time.monotonic() + 2, document_limit=1000)


def test_the_replies_limits_are_far_above_any_right_answer_of_the_lesson():
    """causal_mask(2049), the largest right answer, is 4 MB of bools; a grid of 8-byte numbers of it (a wrong 0/1
    mask, told so by its dtype) is read back too; a grid of twice its side is not."""
    assert 2049 * 2049 * 8 <= _codec.MAX_REPLY_BYTES < 48_000_000 < 4098 * 4098 * 8
    blobs = _codec.Blobs()
    document = json.dumps(_codec.encode(np.ones((1000, 1000), dtype=bool), blobs))
    assert len(document) * 1000 < _codec.MAX_REPLY_DOCUMENT
