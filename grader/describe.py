"""Words and small pictures for feedback: what was called, what came back.

Checks use these so that every message describes values the same way ("a float64 array of
shape (5, 5)") and a wrong mask is drawn the way the lesson draws it.
"""

from __future__ import annotations

MAX_REPR = 120
MAX_PICTURE = 12


def format_value(value) -> str:
    """A short, exact-enough rendering of an argument or a returned value."""
    import numpy as np  # not at module level: the CLI loads this before it starts the worker
    if isinstance(value, np.ndarray):
        return f"array(shape={tuple(value.shape)}, dtype={value.dtype})"
    if isinstance(value, float):
        return _short(format_number(value))
    return _short(repr(value))


def format_number(value: float) -> str:
    """Floats as a person types them: 7e9 stays 7e9, 0.28 stays 0.28."""
    if value != value or value in (float("inf"), float("-inf")):
        return repr(value)
    if value and (abs(value) >= 1e6 or abs(value) < 1e-4):
        mantissa, exponent = f"{value:.6e}".split("e")
        mantissa = mantissa.rstrip("0").rstrip(".")
        return f"{mantissa}e{int(exponent)}"
    return repr(value)


def format_call(function: str, args: tuple = (), kwargs: dict | None = None) -> str:
    parts = [format_value(a) for a in args]
    parts += [f"{k}={format_value(v)}" for k, v in (kwargs or {}).items()]
    return f"{function}({', '.join(parts)})"


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
        return f"{kind} ({_short(repr(value))}), not a numpy array"
    if isinstance(value, (int, float, np.integer, np.floating)):
        plain = float(value) if isinstance(value, np.floating) else \
            int(value) if isinstance(value, np.integer) else value
        return f"{format_value(plain)} ({type(value).__name__})"
    return f"{_short(repr(value))} ({type(value).__name__})"


def describe_type(value) -> str:
    """Only the kind of a value (no contents, no shape): safe to say about a hidden check."""
    import numpy as np
    if value is None:
        return "None"
    if isinstance(value, np.ndarray):
        return f"a {value.dtype} array"
    if isinstance(value, (bool, np.bool_)):
        return f"a {type(value).__name__}"
    if isinstance(value, (list, tuple)):
        return f"a {type(value).__name__}, not a numpy array"
    return f"a {type(value).__name__}"


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


def _short(text: str) -> str:
    return text if len(text) <= MAX_REPR else text[: MAX_REPR - 1] + "…"
