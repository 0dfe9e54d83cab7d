"""The data-only codec between the trusted process and the worker.

Nothing that crosses the channel is ever unpickled or executed: both sides exchange JSON
documents in which the only objects are tags for the few types JSON lacks. The encoder
checks *exact* types, so a subclass of int, float or ndarray (whose ``__eq__`` or
``__float__`` could lie) is refused instead of being converted through its own methods.
Exact numbers of the standard library (``Fraction``, ``Decimal``) cross as the plain int or
float they stand for (``exact_number``); their subclasses are refused like any other.

A frame is two 8-byte big-endian lengths, the UTF-8 JSON document, then the raw bytes
of every array in it (the document gives each array's offset and size), so a 1000 × 1000
mask crosses as one megabyte instead of being base64-encoded. Both processes import this
module; the worker's copy may be monkeypatched by student code, which is why the trusted
side validates everything it decodes and bounds every frame.
"""

from __future__ import annotations

import base64
import json
import math
import os
import select
import struct
import time
from decimal import Decimal
from fractions import Fraction

import numpy as np

MAX_FRAME_BYTES = 256 * 1024 * 1024
# A call's reply: far above any right answer of a lesson (the prefill lesson's largest, the causal mask of its
# 2049-token long prompt, is 4 MB as bools), above that mask as a grid of 8-byte numbers (32.03 MiB: a 0/1 mask
# is wrong, but told so by its dtype, not its size), far below what the trusted process would multiply into
# gigabytes.
MAX_REPLY_BYTES = 40 * 1024 * 1024
# ... and of its JSON document: a right answer's is a number or an array's header (arrays and grids cross as
# raw bytes), under a kilobyte; 300 000 floats as JSON is over 1 MB, and seconds of decoding and diagnosing
# on the trusted side.
MAX_REPLY_DOCUMENT = 1024 * 1024
MAX_DEPTH = 32
MAX_EXACT_DIGITS = 100_000  # of a whole Decimal turned into an int: the trusted side reads no longer int
_HEADER = struct.Struct(">QQ")

# dtype.str of every array or numpy scalar allowed across the channel.
_DTYPES = {
    np.dtype(t).str: np.dtype(t)
    for t in (
        "bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
        "float16", "float32", "float64", "complex64", "complex128",
    )
}
_NUMPY_SCALARS = {np.dtype(d).type for d in _DTYPES.values()}


_JSON_SCALARS = frozenset((bool, int, float, str, type(None)))


def _plain_row(values: list) -> bool:
    """Whether every item crosses as itself: None, bools, strs, finite floats, ints JSON can write."""
    for v in values:
        t = type(v)
        if v is None or t is bool or t is str:
            continue
        if (t is int and v.bit_length() <= 12_000) or (t is float and math.isfinite(v)):
            continue
        return False
    return True


class Unsupported(Exception):
    """A value that the codec refuses; the argument describes it for feedback."""


class CodecError(Exception):
    """A frame or document that does not follow the protocol."""


class ChannelClosed(Exception):
    """The other end closed the channel (on the trusted side: the worker ended)."""


class FrameTooLarge(CodecError):
    """A frame announced bigger than the reader's limit: it is never read (``size``: its announced bytes)."""

    def __init__(self, size: int, limit: int):
        super().__init__(f"a frame of {size} bytes exceeds the {limit}-byte limit")
        self.size, self.limit = size, limit


class ChannelTimeout(Exception):
    """No complete frame arrived before the deadline."""


def type_name(value) -> str:
    """Name a refused value's type the way a student would recognise it (its exact class, and what it subclasses)."""
    cls = type(value)
    name = cls.__qualname__ if cls.__module__ == "builtins" else f"{cls.__module__}.{cls.__qualname__}"
    for base in (bool, int, float, str, list, tuple, dict, np.ndarray, Fraction, Decimal):
        if cls is not base and isinstance(value, base):
            return f"{name} (a subclass of {base.__name__})"
    if cls is np.ndarray:
        return f"numpy array of dtype {value.dtype}"
    return name


class Blobs:
    """The raw array bytes of one frame, collected while its document is encoded."""

    def __init__(self):
        self.parts: list[bytes] = []
        self.size = 0

    def add(self, data: bytes) -> list[int]:
        self.parts.append(data)
        self.size += len(data)
        return [self.size - len(data), len(data)]


def encode(value, blobs: Blobs, depth: int = 0):
    """Turn plain data into a JSON-ready structure; raise Unsupported for anything else."""
    if depth > MAX_DEPTH:
        raise Unsupported(f"a structure nested deeper than {MAX_DEPTH} levels")
    cls = type(value)
    if value is None or cls is bool or cls is str:
        return value
    if cls is int:
        if value.bit_length() > 12_000:  # JSON would need more decimal digits than Python writes
            return {"t": "int", "hex": hex(value)}
        return value
    if cls is float:
        if value != value or value in (float("inf"), float("-inf")):
            return {"t": "float", "v": repr(value)}
        return value
    if cls is list:
        if depth < MAX_DEPTH and _plain_row(value):  # e.g. a row of a nested-list mask: no call per item
            return list(value)
        grid = _grid(value) if depth < MAX_DEPTH else None
        if grid is not None:
            dtype, data = grid
            return {"t": "grid", "dtype": dtype.str, "shape": [len(value), len(value[0])], "blob": blobs.add(data)}
        return [encode(v, blobs, depth + 1) for v in value]
    if cls is tuple:
        return {"t": "tuple", "v": [encode(v, blobs, depth + 1) for v in value]}
    if cls is dict:
        pairs = [[encode(k, blobs, depth + 1), encode(v, blobs, depth + 1)] for k, v in value.items()]
        return {"t": "dict", "v": pairs}
    if cls is np.ndarray:
        dtype = value.dtype
        if dtype.str not in _DTYPES or dtype.fields is not None:
            raise Unsupported(type_name(value))
        if value.nbytes > MAX_FRAME_BYTES:  # np.broadcast_to(True, (40000, 40000)): 1.6 GB once made contiguous
            raise Unsupported(f"a numpy array of {value.nbytes / (1 << 20):.0f} MiB: far more than any answer of this "
                              "lesson, more than one reply may carry")
        return {"t": "ndarray", "dtype": dtype.str, "shape": list(value.shape),
                "blob": blobs.add(np.ascontiguousarray(value).tobytes())}
    if cls in _NUMPY_SCALARS:
        return {"t": "npscalar", "dtype": np.dtype(cls).str,
                "data": base64.b64encode(np.array(value, dtype=cls).tobytes()).decode("ascii")}
    if cls is Fraction or cls is Decimal:
        return encode(exact_number(value), blobs, depth)
    raise Unsupported(type_name(value))


def exact_number(value: Fraction | Decimal) -> int | float:
    """An exact ``Fraction`` or ``Decimal`` (exact type only) as the plain number it stands for:
    an int when it is whole, else the nearest float.

    Why an int when whole: a count stays exact at any size (a float rounds above 2**53), and a
    check that wants a whole number (a count of pairs) gets one, as from ``P * (P + 1) // 2``.
    Why a float otherwise: the checks compare real numbers within a tolerance, as they do the
    reference's floats, so a rational would buy nothing and would make every check handle a
    type of its own. NaN and the infinities of Decimal cross as the floats they are. The
    conversion reads the number's digits (``as_tuple``, numerator and denominator) and never
    the Decimal context, which the submission may have changed."""
    if type(value) is Fraction:
        if value.denominator == 1:
            return value.numerator
        try:
            return value.numerator / value.denominator  # correctly rounded, whatever the sizes
        except OverflowError:
            raise Unsupported("a Fraction too large for a float") from None
    if value.is_nan():
        return math.nan
    if value.is_infinite():
        return -math.inf if value.is_signed() else math.inf
    sign, digits, exponent = value.as_tuple()
    whole = exponent >= 0 or not any(digits[exponent:])
    if not whole:
        return float(value)  # through its exact decimal string, correctly rounded
    if len(digits) + exponent > MAX_EXACT_DIGITS:
        raise Unsupported(f"a Decimal of more than {MAX_EXACT_DIGITS} digits")
    magnitude = int("".join(map(str, digits[:len(digits) + min(exponent, 0)])) or "0") * 10 ** max(exponent, 0)
    return -magnitude if sign else magnitude


# A list of equal rows of one exact type crosses as raw bytes: a nested-list mask of a
# 1000-token prompt is a million items, 0.5 s as JSON (both ends), 0.05 s as bytes.
_GRID_DTYPES = {bool: np.dtype(bool), int: np.dtype("<i8"), float: np.dtype("<f8")}
_GRID_KEYS = {dtype.str: dtype for dtype in _GRID_DTYPES.values()}


def _grid(rows: list) -> tuple[np.dtype, bytes] | None:
    """(dtype, bytes) when ``rows`` is a list of equally long lists of exactly bool, int or float."""
    if len(rows) < 2 or type(rows[0]) is not list or not rows[0]:
        return None
    width, kinds = len(rows[0]), set()
    for row in rows:
        if type(row) is not list or len(row) != width:
            return None
        kinds.update(map(type, row))
        if len(kinds) > 1:
            return None
    dtype = _GRID_DTYPES.get(kinds.pop())
    if dtype is None:
        return None
    try:
        return dtype, (b"".join(map(bytes, rows)) if dtype.kind == "b" else np.array(rows, dtype=dtype).tobytes())
    except OverflowError:  # an int beyond 64 bits: the item-by-item path writes it exactly
        return None


def decode(doc, blob: bytes = b"", depth: int = 0):
    """Rebuild values from a document and its frame's bytes, trusting nothing about either."""
    if depth > MAX_DEPTH + 1:
        raise CodecError("document nested too deeply")
    if doc is None or type(doc) in (bool, int, float, str):
        return doc
    if type(doc) is list:
        if depth <= MAX_DEPTH and all(type(v) in _JSON_SCALARS for v in doc):  # nothing tagged inside
            return doc
        return [decode(v, blob, depth + 1) for v in doc]
    if type(doc) is not dict:
        raise CodecError(f"unexpected JSON value of type {type(doc).__name__}")
    tag = doc.get("t")
    if tag == "int":
        text = doc.get("hex")
        if type(text) is not str or len(text) > 100_000:
            raise CodecError("bad big int")
        try:
            return int(text, 16)
        except ValueError:
            raise CodecError("bad big int") from None
    if tag == "float":
        text = doc.get("v")
        if text not in ("nan", "inf", "-inf"):
            raise CodecError("bad special float")
        return float(text)
    if tag == "tuple":
        return tuple(decode(v, blob, depth + 1) for v in _list(doc, "v"))
    if tag == "dict":
        out = {}
        for pair in _list(doc, "v"):
            if type(pair) is not list or len(pair) != 2:
                raise CodecError("bad dict entry")
            key = decode(pair[0], blob, depth + 1)
            try:
                out[key] = decode(pair[1], blob, depth + 1)
            except TypeError as exc:  # an unhashable key such as a list
                raise CodecError(f"unusable dict key: {exc}") from None
        return out
    if tag == "grid":
        dtype = _GRID_KEYS.get(doc.get("dtype")) if type(doc.get("dtype")) is str else None
        if dtype is None:
            raise CodecError(f"grid dtype {doc.get('dtype')!r} is not allowed")
        shape = _list(doc, "shape")
        if len(shape) != 2 or not all(type(n) is int and 0 < n <= 2**31 for n in shape):
            raise CodecError("bad grid shape")
        return _raw(doc, blob, dtype, shape).tolist()
    if tag in ("ndarray", "npscalar"):
        key = doc.get("dtype")
        dtype = _DTYPES.get(key) if type(key) is str else None
        if dtype is None:
            raise CodecError(f"dtype {doc.get('dtype')!r} is not allowed")
        if tag == "npscalar":
            try:
                raw = base64.b64decode(doc.get("data", ""), validate=True)
            except (ValueError, TypeError):
                raise CodecError("scalar data is not base64") from None
            if len(raw) != dtype.itemsize:
                raise CodecError("scalar has the wrong number of bytes")
            return np.frombuffer(raw, dtype=dtype)[0]
        shape = _list(doc, "shape")
        if not all(type(n) is int and 0 <= n <= 2**40 for n in shape) or len(shape) > 32:
            raise CodecError("bad array shape")
        return _raw(doc, blob, dtype, shape).copy()
    raise CodecError(f"unknown tag {tag!r}")


def _raw(doc: dict, blob: bytes, dtype: np.dtype, shape: list[int]) -> np.ndarray:
    """A read-only view of the frame's bytes that ``doc`` points at, checked against its shape."""
    span = _list(doc, "blob")
    if len(span) != 2 or not all(type(n) is int and n >= 0 for n in span) or sum(span) > len(blob):
        raise CodecError("array data lies outside its frame")
    raw = memoryview(blob)[span[0]:span[0] + span[1]]  # a view: the frame's bytes are not copied again
    count = 1
    for n in shape:
        count *= n
    if count * dtype.itemsize != len(raw):
        raise CodecError("array data does not match its shape")
    try:
        return np.frombuffer(raw, dtype=dtype).reshape(shape)
    except ValueError as exc:  # e.g. a zero-size shape numpy still finds too big
        raise CodecError(f"bad array shape ({exc})") from None


def _list(doc: dict, key: str) -> list:
    value = doc.get(key)
    if type(value) is not list:
        raise CodecError(f"'{key}' must be a list")
    return value


def write_frame(fd: int, message: dict, blobs: Blobs | None = None, deadline: float | None = None) -> None:
    """Send one document and its array bytes.

    Without a deadline this blocks until written (the worker's side: the grader always
    drains). With one, ``fd`` must be non-blocking and ChannelTimeout is raised when the
    reader stops reading, so a worker that no longer reads cannot hold the grader.
    """
    body = json.dumps(message, allow_nan=False, separators=(",", ":")).encode("utf-8")
    parts = blobs.parts if blobs else []
    view = memoryview(b"".join([_HEADER.pack(len(body), sum(map(len, parts))), body, *parts]))
    while view:
        if deadline is not None:
            remaining = deadline - time.monotonic()
            poller = select.poll()
            poller.register(fd, select.POLLOUT)
            if remaining <= 0 or not poller.poll(max(1, int(remaining * 1000))):
                raise ChannelTimeout()
        try:
            written = os.write(fd, view)
        except BlockingIOError:
            continue
        view = view[written:]


LATE = 0.5  # seconds a reply may keep read_frame waiting before its ``late`` is called (and again each LATE)


def readable(fd: int) -> bool:
    """Whether a frame (or the end of the channel) is waiting, without blocking."""
    return bool(select.select([fd], [], [], 0)[0])


def read_frame(fd: int, deadline: float | None = None, limit: int = MAX_FRAME_BYTES,
               document_limit: int | None = None, late=None) -> tuple[dict, bytes]:
    """Read one document and its array bytes, or raise ChannelTimeout / ChannelClosed / CodecError
    (FrameTooLarge, before reading it, for a frame over ``limit`` bytes or a document over ``document_limit``).
    ``late()``: called each ``LATE`` seconds the frame's first bytes keep it waiting (``WorkerProcess.resume``)."""
    length, blob_length = _HEADER.unpack(_read_exact(fd, _HEADER.size, deadline, late))
    if length + blob_length > min(limit, MAX_FRAME_BYTES):
        raise FrameTooLarge(length + blob_length, min(limit, MAX_FRAME_BYTES))
    if document_limit is not None and length > document_limit:
        raise FrameTooLarge(length + blob_length, document_limit)
    body = _read_exact(fd, length, deadline, late)
    try:
        message = json.loads(body)
    except (ValueError, RecursionError):
        raise CodecError("a frame is not valid JSON") from None
    if type(message) is not dict:
        raise CodecError("a frame is not a JSON object")
    return message, _read_exact(fd, blob_length, deadline, late)


def skip(fd: int, size: int, deadline: float | None) -> None:
    """Read ``size`` bytes and keep none (the rest of a FrameTooLarge), a megabyte at a time."""
    while size > 0:
        size -= len(_read_exact(fd, min(size, 1 << 20), deadline))


def _read_exact(fd: int, size: int, deadline: float | None, late=None) -> bytes:
    """``size`` bytes read into one buffer (no second copy of a big frame: it is returned as it was read)."""
    chunks = bytearray(size)
    view, got = memoryview(chunks), 0
    while got < size:
        if deadline is not None:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise ChannelTimeout()
            poller = select.poll()
            poller.register(fd, select.POLLIN | select.POLLHUP)
            wait = min(remaining, LATE) if late is not None else remaining
            if not poller.poll(max(1, int(wait * 1000))):
                if late is None or wait >= remaining:
                    raise ChannelTimeout()
                late()
                continue
        count = os.readv(fd, [view[got:got + (1 << 20)]])
        if not count:
            raise ChannelClosed()
        got += count
    view.release()
    return chunks
