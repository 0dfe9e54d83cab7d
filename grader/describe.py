"""Words and small pictures for feedback: what was called, what came back.

Checks use these so that every message describes values the same way ("a float64 array of
shape (5, 5)") and a wrong mask is drawn the way the lesson draws it.

What came back is the submission's: any size, any nesting the codec lets through. So no
value is ever written out in full: an int of 400 digits is "10**400, an int with 401
digits", never its digits (Python refuses to write more than 4300 of them at all, and
dividing a huge one costs quadratic time, so its size is read from its bits), and a list is
written only as far as MAX_REPR characters go, never built whole and then cut.
"""

from __future__ import annotations

import math

MAX_REPR = 120
MAX_PICTURE = 12
MAX_INT_DIGITS = 30  # an int with more digits is written by its size, not its digits
_EXACT_BITS = 1 << 20  # up to here an int's digits are counted exactly (10**d then costs well under 0.1 s)
_STR_BITS = 14_000  # up to here str() writes an int (Python's limit is 4300 digits, about 14 285 bits)


def format_value(value) -> str:
    """A short, exact-enough rendering of an argument or a returned value."""
    import numpy as np  # not at module level: the CLI loads this before it starts the worker
    if isinstance(value, np.ndarray):
        return f"array(shape={tuple(value.shape)}, dtype={value.dtype})"
    if isinstance(value, float):
        return _short(format_number(value))
    return bounded_repr(value)


def format_number(value: float) -> str:
    """Floats as a person types them: 7e9 stays 7e9, 0.28 stays 0.28."""
    if value != value or value in (float("inf"), float("-inf")):
        return repr(value)
    if value and (abs(value) >= 1e6 or abs(value) < 1e-4):
        mantissa, exponent = f"{value:.6e}".split("e")
        mantissa = mantissa.rstrip("0").rstrip(".")
        return f"{mantissa}e{int(exponent)}"
    return repr(value)


def format_int(value: int) -> str:
    """An int as itself, or by its size when it has more than MAX_INT_DIGITS digits:
    ``10**400`` for a power of ten, else its first digits (``≈7.5e400``)."""
    value = int(value)
    digits, exact = int_digits(value)
    if digits <= MAX_INT_DIGITS:
        return repr(value)
    sign = "-" if value < 0 else ""
    if exact and abs(value) == 10 ** (digits - 1):
        return f"{sign}10**{digits - 1}"
    exponent = digits - 1
    mantissa = round(max(10 ** (_log10(abs(value)) - exponent), 1.0), 6)  # its first digits
    if mantissa >= 10:  # 9.9999996… rounds up to the next power
        mantissa, exponent = 1.0, exponent + 1
    return f"≈{sign}{f'{mantissa:.6f}'.rstrip('0').rstrip('.')}e{exponent}"


def int_digits(value: int) -> tuple[int, bool]:
    """(how many decimal digits ``value`` has, whether that count is exact), in linear time."""
    n = abs(int(value))
    bits = n.bit_length()
    if bits <= _STR_BITS:
        try:
            return len(str(n)), True
        except ValueError:  # sys.set_int_max_str_digits lowered the limit: count as for larger ints
            pass
    if bits <= _EXACT_BITS:
        estimate = int((bits - 1) * math.log10(2)) + 1  # the digits of 2**(bits-1): n has these or one more
        return estimate + (n >= 10 ** estimate), True
    return math.floor(_log10(n)) + 1, False


def _log10(n: int) -> float:
    """log10 of a positive int of any size, from its 64 leading bits (math.log10 would convert it whole)."""
    shift = max(0, n.bit_length() - 64)
    return math.log10(n >> shift) + shift * math.log10(2)


def format_call(function: str, args: tuple = (), kwargs: dict | None = None) -> str:
    parts = [format_value(a) for a in args]
    parts += [f"{k}={format_value(v)}" for k, v in (kwargs or {}).items()]
    return f"{function}({', '.join(parts)})"


class CallText:
    """``format_call``'s text of a call, written when a message first reads it (``str``, an f-string).

    Each call into the worker names itself in every message it may end with (a timeout, a
    raise), but most calls return without a word said: writing their text anyway was a tenth
    of the checks' time on wrong submissions. Read it before the call's arguments can change
    (a message is formatted as it is raised, in the call that made it)."""

    __slots__ = ("_call", "_text")

    def __init__(self, function: str, args: tuple = (), kwargs: dict | None = None):
        self._call, self._text = (function, args, kwargs), None

    def __str__(self) -> str:
        if self._text is None:
            self._text = format_call(*self._call)
        return self._text

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)


def describe(value) -> str:
    """What came back, phrased for a student: type first, then shape or value."""
    import numpy as np
    if value is None:
        return "None"
    if isinstance(value, np.ndarray):
        return f"a {value.dtype} array of shape {tuple(value.shape)}"
    if isinstance(value, (bool, np.bool_)):
        return f"{type(value).__name__} {value}"
    if isinstance(value, (list, tuple)):
        kind = "nested lists" if value and isinstance(value[0], (list, tuple)) else f"a {type(value).__name__}"
        return f"{kind} ({bounded_repr(value)})"  # "not a numpy array" only where one is expected (checks.array)
    if isinstance(value, int) and (size := int_digits(value))[0] > MAX_INT_DIGITS:
        return f"{format_int(value)}, an int with {'' if size[1] else 'about '}{size[0]} digits"
    if isinstance(value, (int, float, np.integer, np.floating)):
        plain = float(value) if isinstance(value, np.floating) else \
            int(value) if isinstance(value, np.integer) else value
        return f"{format_value(plain)} ({type(value).__name__})"
    return f"{bounded_repr(value)} ({type(value).__name__})"


def apart(got, want, spec: str = "") -> tuple[str, str]:
    """``got`` and ``want`` as ``describe`` writes them (or as ``format`` with ``spec``, such as "g"), with as many
    more digits as it takes where two different numbers would read alike: 7.124867e10 for both 71248670000.0 and
    71248671109.2 says nothing of how they differ."""
    first = (format(got, spec), format(want, spec)) if spec else (describe(got), describe(want))
    try:
        g, w = float(got), float(want)
    except (TypeError, ValueError, OverflowError):
        return first
    if first[0] != first[1] or g == w or g != g or w != w:
        return first
    for digits in range(7, 18):
        a, b = _digits(g, digits), _digits(w, digits)
        if a != b:
            return tuple(text.replace(text.split(" (")[0], new, 1) for text, new in zip(first, (a, b), strict=True))
    return first


def _digits(value: float, digits: int) -> str:
    text = f"{value:.{digits}g}"
    mantissa, _, exponent = text.partition("e")
    return f"{mantissa}e{int(exponent)}" if exponent else text


def describe_type(value) -> str:
    """Only the kind of a value (no contents, no shape): safe to say about a hidden check."""
    import numpy as np
    if value is None:
        return "None"
    if isinstance(value, np.ndarray):
        return f"a {value.dtype} array"
    if isinstance(value, (bool, np.bool_)):
        return f"a {type(value).__name__}"
    name = type(value).__name__
    return f"{'an' if name[:1] in 'aeio' else 'a'} {name}"  # an int, an int64; a uint8, a float


def mask_picture(mask) -> str:
    """Draw a boolean grid as the lesson does: a filled cell where a row may use a column."""
    import numpy as np
    mask = np.asarray(mask)
    if mask.ndim != 2:
        return f"(not a grid: an array of shape {tuple(mask.shape)})"
    if max(mask.shape, default=0) > MAX_PICTURE:
        return f"(a grid of shape {tuple(mask.shape)} is too large to draw)"
    return "\n".join(" ".join("■" if bool(cell) else "·" for cell in row) for row in mask)


def side_by_side(left: str, right: str, titles: tuple[str, str] = ("yours", "expected")) -> str:
    """Two pictures next to each other, each under its title."""
    left_lines, right_lines = left.splitlines(), right.splitlines()
    width = max([len(titles[0])] + [len(line) for line in left_lines])
    rows = [f"{titles[0]:<{width}}   {titles[1]}"]
    for i in range(max(len(left_lines), len(right_lines))):
        a = left_lines[i] if i < len(left_lines) else ""
        b = right_lines[i] if i < len(right_lines) else ""
        rows.append(f"{a:<{width}}   {b}".rstrip())
    return "\n".join(rows)


def bounded_repr(value, limit: int = MAX_REPR) -> str:
    """``repr(value)`` cut to ``limit`` characters, written only as far as that: a huge list, a
    long string or a huge int inside a list costs ``limit`` characters of work, not its size."""
    parts: list[str] = []
    _write(value, parts, limit + 1, 0)
    return _short("".join(parts), limit)


def _write(value, parts: list[str], room: int, depth: int) -> int:
    """Append pieces of ``value``'s repr to ``parts`` until ``room`` characters are used; the room left."""
    if room <= 0:
        return room
    if isinstance(value, (list, tuple, dict)) and type(value) in (list, tuple, dict) and depth < 8:
        opening, closing = {list: "[]", tuple: "()", dict: "{}"}[type(value)]
        items = value.items() if isinstance(value, dict) else value
        parts.append(opening)
        room -= 1
        for i, item in enumerate(items):
            if room <= 0:
                return room
            if i:
                parts.append(", ")
                room -= 2
            if isinstance(value, dict):
                room = _write(item[0], parts, room, depth + 1)
                parts.append(": ")
                room = _write(item[1], parts, room - 2, depth + 1)
            else:
                room = _write(item, parts, room, depth + 1)
        if type(value) is tuple and len(value) == 1:
            parts.append(",")
            room -= 1
        parts.append(closing)
        return room - 1
    if isinstance(value, str):
        text = repr(value[:room])  # no more of a long string than could be shown
    elif isinstance(value, int) and not isinstance(value, bool):
        text = format_int(value)
    elif isinstance(value, (list, tuple, dict)):
        text = f"<a {type(value).__name__}>"
    else:
        try:
            text = repr(value)
        except Exception:  # noqa: BLE001 - e.g. a numpy scalar's repr refusing its value
            text = f"<a {type(value).__name__}>"
    parts.append(text[:room])
    return room - len(text)


def _short(text: str, limit: int = MAX_REPR) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"
