"""The facts of a value too large to send back, as the trusted side reads them (``Summary``).

``StudentModule.call_summary`` asks the worker for them instead of the value (``inside/summary``
says which and why). They come from the sandbox, so they are read like any reply: a document that
is not exactly the facts' shape, with bounded sizes and counts, is refused (``UnsupportedResult``),
never trusted in part. Where no worker runs the call (a module graded in this process), the same
facts are taken from the value itself (``of_value``), so a check reads one kind of answer.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from grader.exceptions import UnsupportedResult
from grader.sandbox.inside.summary import facts

MAX_DIMENSIONS = 32  # numpy's own limit is 64; no lesson asks for more


@dataclass(frozen=True)
class Summary:
    type: str  # "ndarray", or the value's type name
    shape: tuple[int, ...] = ()
    dtype: str = ""
    nonzero: int = 0
    above: int | None = None  # nonzero cells above the diagonal of a square 2-D array

    @property
    def cells(self) -> int:
        return math.prod(self.shape)


def read(document, call_text: str) -> Summary:
    """The ``Summary`` a worker sent for ``call_text``; UnsupportedResult for anything else."""
    def refused() -> UnsupportedResult:
        return UnsupportedResult(f"{call_text} sent back facts the grader cannot read")

    if type(document) is not dict or type(document.get("type")) is not str or len(document["type"]) > 100:
        raise refused()
    if document["type"] != "ndarray":
        if set(document) != {"type"}:
            raise refused()
        return Summary(document["type"])
    shape, dtype, nonzero, above = (document.get(k) for k in ("shape", "dtype", "nonzero", "above"))
    if set(document) - {"type", "shape", "dtype", "nonzero", "above"} or type(shape) is not list \
            or len(shape) > MAX_DIMENSIONS or not all(type(n) is int and n >= 0 for n in shape) \
            or type(dtype) is not str or len(dtype) > 40 or type(nonzero) is not int \
            or not (above is None or type(above) is int):
        raise refused()
    summary = Summary("ndarray", tuple(shape), dtype, nonzero, above)
    square = len(shape) == 2 and shape[0] == shape[1]
    if not 0 <= nonzero <= summary.cells or (above is None) == square or (above is not None and not
                                                                         0 <= above <= nonzero):
        raise refused()
    return summary


def of_value(value, call_text: str) -> Summary:
    """The same facts of a value the trusted side holds (a call run in this process)."""
    return read(facts(value), call_text)
